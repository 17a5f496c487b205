"""House bots (issue 29 item 2): seats the server plays itself at a level, in its own pool of
search processes. The seat-claim record says which seats are house bots and at what level; every
refusal is precise and changes nothing; a bot worker killed mid-search is replaced and the game
goes on; a restarted server resumes its house seats."""

from __future__ import annotations

import os
import signal
import time

import pytest

from carthago import CarthagoError, Client
from carthago.bots import RandomBot
from carthago.v1 import carthago_pb2 as pb
from server.app import ServerThread
from server.host import HostConfig
from server.log import split_export, verify

from .conftest import OPERATOR


@pytest.fixture
def house_server():
    with ServerThread("memory", HostConfig(operator_token=OPERATOR, allow_client_seeds=True, bot_workers=1)) as s:
        yield s


@pytest.fixture
def house_client(house_server):
    with Client(house_server.addr, timeout=30) as c:
        c.wait_ready()
        yield c


def refused(fn, *args, **kwargs) -> CarthagoError:
    with pytest.raises(CarthagoError) as exc:
        fn(*args, **kwargs)
    return exc.value


def wait_until(what, timeout: float = 120.0, every: float = 0.05):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = what()
        if got:
            return got
        time.sleep(every)
    raise AssertionError(f"timed out after {timeout:.0f} s")


def records(client, game_id: str) -> list[pb.LogRecord]:
    return [pb.LogRecord.FromString(s.body) for _, s in split_export(client.export(game_id, token=OPERATOR).records)]


def test_a_person_plays_a_house_bot_to_the_end_and_the_log_says_which_seat_it_was(house_client, house_server):
    made = house_client.create_reserved("roma", {}, house={1: "level:1"}, seed=b"house game")
    game_id = made.game.game_id
    assert (made.game.seats[1].claimed, made.game.seats[1].house_bot) == (True, "level:1")
    assert not made.game.seats[0].claimed and made.creator_token
    me = house_client.join(game_id, player="a person")
    RandomBot(me, 3).play()
    summary = house_client.game(game_id)
    assert summary.status.over and house_server.host.house.moves > 0
    log = records(house_client, game_id)
    claims = [r.event.platform.seat_claimed for r in log
              if r.event.WhichOneof("game") == "platform" and r.event.platform.WhichOneof("kind") == "seat_claimed"]
    assert [(c.seat, c.house_bot) for c in claims] == [(1, "level:1"), (0, "")]
    house_moves = [r for r in log if r.envelope.seat == 1 and r.event.WhichOneof("game") == "roma"]
    assert house_moves and all(r.envelope.request_id.startswith("house/") for r in house_moves)
    verdict = verify(house_client.export(game_id, token=OPERATOR).records)
    assert verdict.ok, verdict.describe()
    assert verdict.house_bots == {1: "level:1"} and "(house bot)" in verdict.result


def test_house_seats_that_cannot_be_are_refused_and_nothing_is_written(house_client):
    before = len(house_client.games(include_finished=True))
    for house, reserved, code, words in [
        ({1: "level:9"}, {}, "BAD_CONFIG", "1 (Novice)"),
        ({1: "mcts:50"}, {}, "BAD_CONFIG", "level:6 or random"),
        ({2: "level:1"}, {}, "BAD_SEAT", "seats are 0..1"),
        ({1: "random"}, {1: "Scipio"}, "SEAT_RESERVED", "reserved"),
    ]:
        err = refused(house_client.create_reserved, "roma", reserved, house=house)
        assert (err.code, err.status) == (code, err.status) and words in err.message, (house, err)
    assert len(house_client.games(include_finished=True)) == before  # no game was made

    made = house_client.create_reserved("roma", {0: "Scipio"}, seed=b"later")
    game_id, creator = made.game.game_id, made.creator_token
    walk_in = house_client.join(game_id, player="walk-in")
    unchanged = house_client.game(game_id)
    for token, seat, bot, code in [
        ("", 1, "level:2", "TOKEN_REQUIRED"),
        (walk_in.token, 1, "level:2", "NOT_THE_CREATOR"),  # a seat's token is not the creator's
        ("not-a-token", 1, "level:2", "NOT_THE_CREATOR"),
        (creator, 1, "level:2", "SEAT_TAKEN"),               # the walk-in has seat 1
        (creator, 0, "level:2", "SEAT_RESERVED"),            # Scipio's, by invite only
        (creator, 5, "level:2", "BAD_SEAT"),
        (creator, 0, "level:0", "BAD_CONFIG"),
    ]:
        req = pb.SeatHouseBotRequest(game_id=game_id, seat=seat, bot=bot)
        with pytest.raises(Exception) as exc:
            house_client.stub.SeatHouseBot(req, metadata=house_client.metadata(token) if token else (), timeout=10)
        assert code in str(exc.value), (token, seat, bot, exc.value)
        assert house_client.game(game_id) == unchanged


def test_the_creator_seats_a_house_bot_in_a_live_game_and_nobody_can_play_its_seat(house_client):
    made = house_client.create_reserved("roma", {}, seed=b"seat one later")
    game_id = made.game.game_id
    me = house_client.join(game_id, seat=0, player="me")
    summary = house_client.seat_house_bot(game_id, 1, "level:1", made.creator_token)
    assert summary.seats[1].house_bot == "level:1" and summary.seats[1].claimed
    # a house seat has no token: its row's marker is none, and the operator holds no seat
    for token, code in (("house:level:1", "INVALID_TOKEN"), (OPERATOR, "OPERATOR_CANNOT_PLAY")):
        req = pb.SubmitCommandRequest(game_id=game_id, command=pb.GameCommand())
        with pytest.raises(Exception) as exc:
            house_client.stub.SubmitCommand(req, metadata=house_client.metadata(token), timeout=10)
        assert code in str(exc.value)
    RandomBot(me, 5).play()
    assert house_client.game(game_id).status.over


def test_a_bot_worker_killed_mid_search_is_replaced_and_the_game_goes_on(house_client, house_server):
    made = house_client.create_reserved("roma", {}, house={0: "level:3", 1: "level:3"}, seed=b"kill a worker")
    game_id = made.game.game_id
    pool = house_server.host.house.pool
    pids = wait_until(lambda: pool.pids(), timeout=60)
    wait_until(lambda: house_client.game(game_id).head_seq > 10, timeout=60)
    os.kill(pids[0], signal.SIGKILL)
    summary = wait_until(lambda: (g := house_client.game(game_id)).status.over and g, timeout=600, every=0.5)
    assert summary.status.over and pids[0] not in pool.pids()
    assert verify(house_client.export(game_id, token=OPERATOR).records).ok


def test_a_restarted_server_resumes_its_house_seats(tmp_path):
    store = f"sqlite:{tmp_path / 'house.db'}"
    config = HostConfig(operator_token=OPERATOR, allow_client_seeds=True, bot_workers=1)
    with ServerThread(store, config) as first:
        first.host.house.poke = lambda loaded: None  # this process never gets to move its house seat
        with Client(first.addr, timeout=30) as client:
            made = client.create_reserved("hannibal", {}, house={0: "level:1"}, seed=b"resume")
            game_id = made.game.game_id
            human = client.join(game_id, seat=1, player="me")
            status = client.game(game_id).status
            if 1 in status.to_act:  # whoever opens, the house seat must be left to act
                human.submit(human.legal()[0])
            waiting = client.game(game_id)
            assert 0 in waiting.status.to_act
    with ServerThread(store, config) as second:
        with Client(second.addr, timeout=30) as client:
            moved = wait_until(lambda: client.game(game_id).head_seq > waiting.head_seq, timeout=120)
            assert moved and second.host.house.moves >= 1


def test_two_server_processes_on_postgresql_play_each_house_move_once(pg_url):
    """Two hosts on one PostgreSQL log (two server processes): the person plays through the second,
    whose commits start the house moves; then the second stops moving its house seat and the
    first, which holds the game too, takes the stalled move over. Each house move lands once (the
    log verifies, with one record per request id)."""
    def config(stall_s):
        return HostConfig(operator_token=OPERATOR, allow_client_seeds=True, bot_workers=1, house_stall_s=stall_s,
                          poll_every_s=0.2)

    # a waits a minute before it takes a stalled move over, so that b's first moves are b's even on
    # a loaded machine (where a level:1 move through b's worker may take longer than half a second)
    with ServerThread(pg_url, config(60.0)) as a, ServerThread(pg_url, config(0.5)) as b:
        with Client(a.addr, timeout=30) as ca, Client(b.addr, timeout=30) as cb:
            made = ca.create_reserved("roma", {}, house={1: "level:1"}, seed=b"two processes")
            game_id = made.game.game_id
            me = cb.join(game_id, seat=0, player="me")
            bot = RandomBot(me, 9)
            # the person's moves through b (b's commits start the house moves): six, and more until b
            # has made one (a Roma turn can hold six of the person's moves: once in a full make test b
            # had moved nothing when it was told to stop)
            for n in range(40):
                if n >= 6 and b.host.house.moves > 0:
                    break
                wait_until(lambda: (st := cb.game(game_id).status).over or 0 in st.to_act, timeout=60)
                if cb.game(game_id).status.over:
                    break
                bot.act_once()
            b.host.house.poke = lambda loaded: None  # b no longer moves its house seat ...
            wait_until(lambda: not b.host.house.pending, timeout=60)  # ... once its move in flight is in
            moved_by_b = b.host.house.moves
            assert moved_by_b > 0
            a.host.config.house_stall_s = 0.5  # from now on a takes b's stalled moves over soon
            RandomBot(me, 10).play()  # a takes the stalled house moves over
            assert a.host.house.moves > 0 and b.host.house.moves == moved_by_b
            seqs: dict[str, list[int]] = {}  # a house move's records, by request id: one command's, in a row
            for r in records(ca, game_id):
                if r.envelope.request_id.startswith("house/"):
                    seqs.setdefault(r.envelope.request_id, []).append(r.seq)
            # a move searched twice (a takeover racing a late one) is appended once: the second
            # submit of its request id is answered from the first
            assert 0 < len(seqs) <= a.host.house.moves + b.host.house.moves
            assert all(s == list(range(s[0], s[0] + len(s))) for s in seqs.values())
            assert verify(ca.export(game_id, token=OPERATOR).records).ok


def test_a_house_bot_searches_a_state_drawn_for_its_seat_never_the_real_one(house_client, house_server):
    """What the bot pool receives for a house move is one state drawn by ``sample_hidden`` for the
    house seat (the search's contract, tests/test_search.py): it shows the seat its own view, and
    it is the draw of the move's salt from the game's state, not that state."""
    from engine import registry
    from engine.core import decode_state, encode_state
    from engine.rng import Rng

    game = registry.get("hannibal")
    house = house_server.host.house
    seen = []
    real_run = house.pool.run

    async def run(jobs):
        loaded = house_server.host._games[game_id]
        seen.append((jobs, encode_state(loaded.session.state)))
        return await real_run(jobs)

    house.pool.run = run
    made = house_client.create_reserved("hannibal", {}, house={0: "level:1"}, seed=b"what the bot sees")
    game_id = made.game.game_id
    me = house_client.join(game_id, seat=1, player="me")
    bot = RandomBot(me, 2)
    wait_until(lambda: seen or (1 in house_client.game(game_id).status.to_act and bot.act_once() and False),
               timeout=120)  # the person plays when it is his turn, until the house bot searches
    jobs, real_bytes = seen[0]
    real = decode_state(game, real_bytes)
    game_type, seat, players, base_bytes, seed = jobs[0][:5]
    base = decode_state(game, base_bytes)
    salt = seed.rpartition(b"/worker/")[0]
    assert (game_type, seat) == ("hannibal", 0)
    assert game.view(base, 0) == game.view(real, 0)
    assert base_bytes == encode_state(game.sample_hidden(real, 0, Rng(salt, 0)))
    assert base_bytes != real_bytes  # Rome's hand and the deck are drawn again


def test_the_strongest_level_spends_a_fischer_clock_and_never_loses_on_time(house_client):
    """search.clock: level 6 thinks 2 s a move, but under 1 s + 1 s a move it spends by the clock
    (a share of its bank plus most of the increment), as a tournament's built-in bot drives it
    (``act_once`` alone, no stream: it asks for its clock). Without that, its first search would
    outlast its bank. The game ends by the rules, not on time."""
    from search.remote import RemoteSearchBot

    made = house_client.create_reserved("roma", {}, seed=b"under the clock", clock_ms=(1000, 1000))
    game_id = made.game.game_id
    strong = RemoteSearchBot(house_client.join(game_id, seat=0, player="level 6"), "level:6", 1)
    other = RandomBot(house_client.join(game_id, seat=1, player="random"), 2)
    budgets = []
    while not (summary := house_client.game(game_id)).status.over:
        if 0 in summary.status.to_act:
            strong.act_once()
            budgets.append(strong.player.budget_now(strong.game, 0).millis)
        if 1 in summary.status.to_act:
            other.act_once()
    assert summary.status.result_reason == pb.ResultReason.RESULT_REASON_RULES, summary.status
    assert budgets and max(budgets) < 2000  # by the clock, never the level's own 2 s
