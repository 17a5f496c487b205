"""The search bot on a server: ``SampleStates`` and the stand-alone bot (issue 15 item 1)."""

from __future__ import annotations

import pytest

from carthago.bots import make_bot
from carthago.client import CarthagoError, Seat
from engine import registry
from engine.core import GameConfig, decode_state
from engine.session import Session
from search.bot import choose_in_process, make_player
from search.remote import RemoteSearchBot
from server.wire import wire_for


def test_sample_states_show_the_seat_its_view_and_vary_only_what_it_cannot_see(client):
    """Each state drawn for a seat gives that seat the very view GetView gives it; the draws
    differ (hidden cards dealt again) and none is the state of another seat's view."""
    game = registry.get("roma")
    g = client.create("roma", 2, seed=b"sample-states")
    seats = [client.join(g.game_id, seat=i) for i in (0, 1)]
    resp = seats[0].sample_states(8)
    assert len(resp.states) == 8 and resp.game_version == game.info.version
    wire = wire_for(game)
    view = seats[0].view().view.roma
    states = [decode_state(game, b) for b in resp.states]
    for s in states:
        assert wire.view_to_proto(game.view(s, 0)) == view
    assert len({tuple(s.hands[1]) for s in states}) > 1  # the opponent's hand is dealt again


def test_sample_states_refuses_a_bad_count_and_callers_without_a_seat(client):
    g = client.create("roma", 2, seed=b"sample-errors")
    seat = client.join(g.game_id, seat=0)
    for count in (-1, 65):
        with pytest.raises(CarthagoError) as err:
            seat.sample_states(count)
        assert err.value.code == "BAD_COUNT" and err.value.status == "INVALID_ARGUMENT"
    with pytest.raises(CarthagoError) as err:
        Seat(client, g.game_id, 1, "").sample_states(1)
    assert err.value.status == "UNAUTHENTICATED"
    with pytest.raises(CarthagoError) as err:
        Seat(client, g.game_id, 1, "not-a-token").sample_states(1)
    assert err.value.status in ("UNAUTHENTICATED", "PERMISSION_DENIED")


def test_the_remote_bot_chooses_as_the_bot_in_process(client):
    """Same seed, same position: the bot playing through the server and the bot given the live
    session choose the same command (so the server's draw adds nothing the seat could not know)."""
    game = registry.get("roma")
    g = client.create("roma", 2, seed=b"remote-same")
    seats = [client.join(g.game_id, seat=i) for i in (0, 1)]
    session, _ = Session.start(game, GameConfig(2), b"remote-same")
    wire = wire_for(game)
    compared = 0
    for _ in range(12):
        st = session.status()
        seat = st.to_act[0]
        if st.over:
            break
        remote = RemoteSearchBot(seats[seat], "mcts:15", "same")
        local = make_player("mcts:15", f"same/{seat}")
        compared += len(session.legal(seat)) > 1
        expected = choose_in_process(local, session, seat)
        assert remote.act_once()
        session.submit(seat, expected)
        log_view = seats[seat].view().view.roma
        assert wire.view_to_proto(game.view(session.state, seat)) == log_view
    assert compared >= 3


def test_a_search_bot_plays_a_whole_roma_game_on_a_server(client):
    g = client.create("roma", 2, seed=b"remote-whole")
    bots = [make_bot("mcts:8", client.join(g.game_id, seat=0), "w"),
            make_bot("random", client.join(g.game_id, seat=1), "w")]
    for _ in range(2000):
        st = client.game(g.game_id).status
        if st.over:
            break
        for s in st.to_act:
            bots[s].act_once()
    assert client.game(g.game_id).status.over


def test_carthago_bot_joins_a_seat_and_plays_it_to_the_end(server, client):
    """The stand-alone bot: ``carthago bot GAME_ID --bot mcts:N`` claims a free seat on a remote
    server and plays it while another client plays the other seat."""
    import subprocess
    import sys
    import time

    g = client.create("roma", 2, seed=b"cli-bot")
    mine = make_bot("random", client.join(g.game_id, seat=1), "cli")
    proc = subprocess.Popen([sys.executable, "-m", "carthago.cli", "bot", g.game_id, "--bot", "mcts:5",
                             "--server", server.addr], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline and not client.game(g.game_id).status.over:
            if 1 in client.game(g.game_id).status.to_act:
                mine.act_once()
            else:
                time.sleep(0.02)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    summary = client.game(g.game_id)
    assert summary.status.over, err
    assert proc.returncode == 0, err
    assert out.startswith("seat 0;") and "game over:" in out
    assert summary.seats[0].player == "mcts:5-bot"


def test_carthago_play_refuses_a_bad_search_budget():
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "carthago.cli", "play", "roma", "--local", "--bots", "mcts:fast,random"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "bad search budget 'fast'" in r.stderr
