"""Resigning, draws and aborts (issue 15 item 3) and GameStatus.result_reason (issue 16 item 9).

docs/PROTOCOL.md "Resigning, draws and aborts" and "Results"; each game's RULES.md, "Resigning,
draws and aborts", says what a resignation does with more than two players. The engine's part
(``engine.platform`` through ``Session``) is tested first, then the server end to end over gRPC.
"""

from __future__ import annotations

import asyncio
import hashlib
import random

import pytest

from carthago import CarthagoError, Client
from carthago import cli
from carthago.client import Seat
from carthago.v1 import carthago_pb2 as pb
from engine import errors, registry
from engine import platform as pf
from engine.core import GameConfig, state_digest
from engine.session import Session
from server.log import export_bytes, replay_items, seal, split_export, verify
from server.render import moves
from server.store import Record
from server.wire import wire_for

# ---------------------------------------------------------------- the engine ---------------


def start(game_id: str, players: int, seed: bytes = b"platform-seed") -> Session:
    return Session.start(registry.get(game_id), GameConfig(players), seed)[0]


def first_move(session: Session) -> int:
    """Send one legal game command of the first seat to act; returns that seat."""
    seat = session.status().to_act[0]
    session.submit(seat, session.legal(seat)[0])
    return seat


def rule_code(fn, *args) -> str:
    with pytest.raises(errors.RuleError) as exc:
        fn(*args)
    return exc.value.code


@pytest.mark.parametrize("game_id", ["roma", "hannibal", "rome-et-carthage"])  # the Republic: 3 to 6 players
def test_resigning_in_a_two_seat_game_gives_the_other_seat_the_win(game_id):
    """docs/PROTOCOL.md "Resigning, draws and aborts": with two sides the other side wins;
    each game's RULES.md "Resigning, draws and aborts" (two seats)."""
    s = start(game_id, 2)
    actor = s.status().to_act[0]
    command = s.legal(actor)[0]
    event = s.submit_platform(1, pf.Resign())
    assert isinstance(event, pf.Resigned) and event.winners == (0,)
    st = s.status()
    assert st.over and st.to_act == () and st.result.winners == (0,)
    assert s.ended_by() == pf.BY_RESIGNATION and s.legal(0) == [] and s.legal(1) == []
    assert rule_code(s.decide, actor, command) == errors.GAME_OVER  # no game command after it


@pytest.mark.parametrize("players", [3, 4])
def test_rome_et_carthage_resignation_concedes_for_the_whole_team(players):
    """Rome et Carthage RULES.md "Resigning, draws and aborts": the resigning seat's team loses,
    the other team wins; the scores are the pieces left ("Fin de partie")."""
    from engine.games.rome_et_carthage.teams import scores, team_of, team_seats

    s = start("rome-et-carthage", players)
    team = team_of(s.state, 1)
    event = s.submit_platform(1, pf.Resign())
    assert event.winners == tuple(team_seats(s.state, 1 - team)) and 1 not in event.winners
    assert set(event.winners).isdisjoint(team_seats(s.state, team))
    assert event.scores == scores(s.state)
    assert s.status().result.winners == event.winners


@pytest.mark.parametrize("players", [3, 6])
def test_republic_resignation_ends_the_game_won_by_the_most_influence_among_the_others(players):
    """The Republic of Carthage RULES.md "Resigning, draws and aborts": the game ends at once; of
    the factions that did not resign the most Influence wins (IX.3), a tie shared (R13)."""
    from engine.games.republic_of_carthage.state import seat_influence

    s = start("republic-of-carthage", players)
    influence = [seat_influence(s.state, x) for x in range(players)]
    resigner = max(range(players), key=lambda x: influence[x])  # the leader resigns: it may not win
    event = s.submit_platform(resigner, pf.Resign())
    best = max(influence[x] for x in range(players) if x != resigner)
    assert event.winners == tuple(x for x in range(players) if x != resigner and influence[x] == best)
    assert resigner not in event.winners and event.scores == tuple(influence)
    assert s.status().over and s.ended_by() == pf.BY_RESIGNATION


def test_a_two_seat_draw_needs_the_other_seats_acceptance_and_has_no_winner():
    """docs/PROTOCOL.md "Resigning, draws and aborts": offer, then the other seat accepts."""
    s = start("roma", 2)
    assert s.submit_platform(0, pf.OfferDraw()) == pf.DrawOffered(0)
    assert not s.status().over and s.platform.offer_by == 0
    assert rule_code(s.decide_platform, 0, pf.AcceptDraw()) == pf.OWN_DRAW_OFFER
    assert s.submit_platform(1, pf.AcceptDraw()) == pf.DrawAccepted(1, True)
    st = s.status()
    assert st.over and st.result.winners == () and s.ended_by() == pf.BY_DRAW_AGREED


def test_a_multiplayer_draw_needs_every_other_seat_and_one_decline_lapses_it():
    """docs/PROTOCOL.md "Resigning, draws and aborts": every other seat still in must accept."""
    s = start("republic-of-carthage", 4)
    s.submit_platform(2, pf.OfferDraw())
    assert s.submit_platform(0, pf.AcceptDraw()) == pf.DrawAccepted(0, False)
    assert rule_code(s.decide_platform, 0, pf.AcceptDraw()) == pf.ALREADY_ACCEPTED
    assert s.submit_platform(3, pf.AcceptDraw()) == pf.DrawAccepted(3, False)
    assert s.platform.accepted == (0, 3) and not s.status().over
    s.submit_platform(1, pf.DeclineDraw())
    assert s.platform.offer_by == -1 and s.platform.accepted == ()
    assert rule_code(s.decide_platform, 0, pf.AcceptDraw()) == pf.NO_DRAW_OFFERED
    s.submit_platform(1, pf.OfferDraw())
    for seat in (0, 2):
        assert not s.submit_platform(seat, pf.AcceptDraw()).agreed
    assert s.submit_platform(3, pf.AcceptDraw()).agreed and s.ended_by() == pf.BY_DRAW_AGREED


def test_a_seat_out_of_rome_et_carthage_has_no_say_in_a_draw():
    """Rome et Carthage RULES.md "Resigning, draws and aborts": a seat with no piece left is out;
    the draw needs only the seats still in."""
    s = start("rome-et-carthage", 4)
    s.state.eliminated.append(3)  # a built position: seat 3 has lost its last piece
    assert rule_code(s.decide_platform, 3, pf.OfferDraw()) == pf.SEAT_OUT
    s.submit_platform(0, pf.OfferDraw())
    assert rule_code(s.decide_platform, 3, pf.AcceptDraw()) == pf.SEAT_OUT
    assert not s.submit_platform(1, pf.AcceptDraw()).agreed
    assert s.submit_platform(2, pf.AcceptDraw()).agreed


def test_an_offer_lapses_when_its_maker_moves_again_not_when_another_seat_moves():
    """docs/PROTOCOL.md "Resigning, draws and aborts": the offer stands until its maker sends a
    game command again."""
    s = start("roma", 2)
    mover = s.status().to_act[0]
    other = 1 - mover
    s.submit_platform(other, pf.OfferDraw())
    first_move(s)  # the other seat (not the maker) moves: the offer stands
    assert s.platform.offer_by == other
    while s.status().to_act != (other,):
        first_move(s)
    assert s.platform.offer_by == other
    first_move(s)  # the maker moves: its offer lapses
    assert s.platform.offer_by == -1
    assert rule_code(s.decide_platform, mover, pf.AcceptDraw()) == pf.NO_DRAW_OFFERED


def test_abort_only_before_the_first_move_and_ends_with_no_result():
    """docs/PROTOCOL.md "Resigning, draws and aborts": set-up events do not count as a move."""
    s = start("hannibal", 2)
    s.submit_platform(0, pf.OfferDraw())  # not a move
    s.submit_platform(1, pf.DeclineDraw())
    assert s.submit_platform(1, pf.Abort()) == pf.GameAborted(1)
    assert s.status().over and s.status().result.winners == () and s.ended_by() == pf.BY_ABORT
    late = start("hannibal", 2)
    first_move(late)
    assert rule_code(late.decide_platform, 0, pf.Abort()) == pf.ABORT_TOO_LATE


def test_every_platform_command_is_refused_once_the_game_is_over():
    s = start("roma", 2)
    s.submit_platform(0, pf.Resign())
    for command in (pf.Resign(), pf.OfferDraw(), pf.AcceptDraw(), pf.DeclineDraw(), pf.Abort()):
        assert rule_code(s.decide_platform, 1, command) == errors.GAME_OVER


def test_snapshots_and_replays_carry_the_platform_state():
    """DESIGN.md "The log": snapshot + tail == replay(all), the platform's state included."""
    s = start("roma", 2)
    first_move(s)
    s.submit_platform(0, pf.OfferDraw())
    again = Session.from_snapshot(s.game, s.config, s.seed, s.encode_snapshot(), s.position)
    assert again.platform == s.platform and state_digest(again.state) == state_digest(s.state)
    with s.trial():  # a search's trial undoes the platform state too
        s.submit_platform(1, pf.Resign())
        assert s.status().over
    assert not s.status().over and s.platform.offer_by == 0


# ---------------------------------------------------------------- the server ---------------

PLATFORM = {k: pb.GameCommand(platform=pb.PlatformCommand(**{k: getattr(pb, n)()}))
            for k, n in (("resign", "Resign"), ("offer_draw", "OfferDraw"), ("accept_draw", "AcceptDraw"),
                         ("decline_draw", "DeclineDraw"), ("abort", "Abort"))}


def new_game(client, game_type="roma", players=0, seed=b"platform-server-seed"):
    game = client.create(game_type, players=players, seed=seed)
    return game, [client.join(game.game_id, seat=i, player=f"p{i}") for i in range(game.players)]


def refused(fn, *args) -> CarthagoError:
    with pytest.raises(CarthagoError) as exc:
        fn(*args)
    return exc.value


def unchanged(client, seats):
    game = client.game(seats[0].game_id)
    return (game.head_seq, game.status.SerializeToString(deterministic=True),
            [s.view().view.SerializeToString(deterministic=True) for s in seats],
            client.view(seats[0].game_id).view.SerializeToString(deterministic=True))


def move_once(client, seats) -> int:
    seat = client.game(seats[0].game_id).status.to_act[0]
    seats[seat].submit(seats[seat].legal()[0])
    return seat


def test_resign_over_grpc_ends_the_game_with_the_enum_and_the_other_seat_winning(client):
    game, seats = new_game(client)
    resp = seats[0].resign()
    st = resp.status
    assert st.over and list(st.winners) == [1] and st.result_reason == pb.RESULT_REASON_RESIGNATION
    assert st.reason == "resignation" and list(st.to_act) == []
    assert st.HasField("ended_by_seat") and st.ended_by_seat == 0  # who resigned, for a client's result line
    assert resp.events[0].event.platform.resigned.seat == 0 and resp.events[0].actor == 0
    assert resp.events[-1].event.platform.WhichOneof("kind") == "seed_revealed"
    summary = client.game(game.game_id)
    assert summary.status.result_reason == pb.RESULT_REASON_RESIGNATION and summary.head_hash
    assert refused(client.join, game.game_id).code == "GAME_OVER"
    assert seats[1].legal() == []


def test_a_game_over_by_its_rules_says_rules(client):
    from carthago.cli import play_game

    game_id, summary, _ = play_game(client, "roma", 0, {}, ["random", "random"], "3")
    assert summary.status.over and summary.status.result_reason == pb.RESULT_REASON_RULES
    assert not summary.status.HasField("ended_by_seat")  # the rules ended it, not a seat
    assert client.game(game_id).status.result_reason == pb.RESULT_REASON_RULES


def test_a_game_every_seat_lost_says_so_and_is_not_a_draw(client, tmp_path, capsys):
    """The Republic of Carthage IX.5 (Échec): when Carthage fails (bankruptcy, four Active Wars or four
    lost wars: seeded random play nearly always ends so) every player loses. The status says everyone_lost, with no winner; the
    CLI, the result line and verify say "every seat lost", not "draw"."""
    from carthago.cli import play_game, result_line

    game_id, summary, _ = play_game(client, "republic-of-carthage", 3, {}, ["random"] * 3, "5")
    st = summary.status
    assert st.over and list(st.winners) == [] and st.everyone_lost
    assert st.result_reason == pb.RESULT_REASON_RULES and st.reason in ("bankruptcy", "four_active_wars", "four_lost_wars")
    assert "every seat lost" in result_line(st) and "draw" not in result_line(st)
    data = client.export(game_id).records
    verdict = verify(data)
    assert verdict.ok and verdict.everyone_lost and verdict.winners == []
    assert verdict.result.startswith("no winner, every seat lost")
    path = tmp_path / "roc.log"
    path.write_bytes(data)
    capsys.readouterr()
    assert cli.main(["verify", str(path)]) == 0
    assert "every seat lost" in capsys.readouterr().out
    # a game ended by the rules with a winner, or drawn, is not one every seat lost
    _, roma, _ = play_game(client, "roma", 0, {}, ["random", "random"], "3")
    assert roma.status.over and not roma.status.everyone_lost


def test_a_running_game_has_no_result_reason_and_no_offer(client):
    game, seats = new_game(client)
    st = client.game(game.game_id).status
    assert st.result_reason == pb.RESULT_REASON_UNSPECIFIED and not st.HasField("draw_offer_by")


def test_draw_offer_accept_over_grpc(client):
    game, seats = new_game(client)
    offered = seats[1].offer_draw().status
    assert not offered.over and offered.HasField("draw_offer_by") and offered.draw_offer_by == 1
    done = seats[0].accept_draw().status
    assert done.over and list(done.winners) == [] and done.result_reason == pb.RESULT_REASON_DRAW_AGREED
    assert not done.HasField("ended_by_seat")  # agreed by all: no one seat ended it


def test_draw_decline_and_lapse_over_grpc(client):
    game, seats = new_game(client)
    seats[0].offer_draw()
    assert not seats[1].decline_draw().status.HasField("draw_offer_by")
    mover = client.game(game.game_id).status.to_act[0]
    seats[mover].offer_draw()
    move_once(client, seats)  # the maker moves (it was to act): the offer lapses
    assert not client.game(game.game_id).status.HasField("draw_offer_by")
    assert refused(seats[1 - mover].accept_draw).code == "NO_DRAW_OFFERED"


def test_abort_before_the_first_move_and_refused_after(client):
    game, seats = new_game(client)
    st = seats[1].abort().status
    assert st.over and st.result_reason == pb.RESULT_REASON_ABORTED and list(st.winners) == []
    assert st.ended_by_seat == 1 and client.game(game.game_id).status.ended_by_seat == 1
    game2, seats2 = new_game(client, seed=b"abort-late")
    move_once(client, seats2)
    before = unchanged(client, seats2)
    err = refused(seats2[0].abort)
    assert (err.status, err.code) == ("FAILED_PRECONDITION", "ABORT_TOO_LATE")
    assert unchanged(client, seats2) == before


def test_bad_platform_commands_get_their_own_error_and_change_nothing(client, server):
    game, seats = new_game(client)
    me, other = seats
    stranger = Client(server.addr)
    cases = [
        ("FAILED_PRECONDITION", "NO_DRAW_OFFERED", lambda: me.accept_draw()),
        ("FAILED_PRECONDITION", "NO_DRAW_OFFERED", lambda: me.decline_draw()),
        ("UNAUTHENTICATED", "INVALID_TOKEN", lambda: Seat(stranger, me.game_id, 0, "forged").resign()),
        ("UNAUTHENTICATED", "TOKEN_REQUIRED", lambda: Seat(stranger, me.game_id, 0, "").resign()),
        ("INVALID_ARGUMENT", "MALFORMED_COMMAND",
         lambda: me.submit(pb.GameCommand(platform=pb.PlatformCommand()))),
        ("PERMISSION_DENIED", "OPERATOR_CANNOT_PLAY",
         lambda: Seat(stranger, me.game_id, 0, "operator-secret").resign()),
    ]
    stand = [
        ("FAILED_PRECONDITION", "OWN_DRAW_OFFER", lambda: me.accept_draw()),
        ("FAILED_PRECONDITION", "OWN_DRAW_OFFER", lambda: me.decline_draw()),
        ("FAILED_PRECONDITION", "DRAW_ALREADY_OFFERED", lambda: me.offer_draw()),
        ("FAILED_PRECONDITION", "DRAW_ALREADY_OFFERED", lambda: other.offer_draw()),
    ]
    for group in (cases, stand):
        if group is stand:
            me.offer_draw()
        for status, code, call in group:
            before = unchanged(client, seats)
            err = refused(call)
            assert (err.status, err.code) == (status, code), (code, err.status, err.code, err.message)
            assert err.message.startswith(code)
            assert unchanged(client, seats) == before
    other.resign()
    over = unchanged(client, seats)
    for kind in PLATFORM:
        err = refused(me.platform, kind)
        assert (err.status, err.code) == ("FAILED_PRECONDITION", "GAME_OVER")
    assert unchanged(client, seats) == over


def test_platform_events_reach_every_seat_and_the_spectator_in_full(client):
    game, seats = new_game(client)
    live = client.stream(game.game_id)  # a spectator following live
    first = next(live)
    seats[0].offer_draw()
    seats[1].decline_draw()
    seats[1].resign()
    seen_live = []
    for batch in live:
        seen_live += [r for r in batch.events if r.seq > first.head_seq]
        if batch.status.over:
            break
    kinds = [(r.event.platform.WhichOneof("kind"), r.actor, r.redacted) for r in seen_live]
    assert kinds[:3] == [("draw_offered", 0, False), ("draw_declined", 1, False), ("resigned", 1, False)]
    for audience in (None, *seats):
        batches = list(client.stream(game.game_id) if audience is None else audience.stream())
        records = [r for b in batches for r in b.events if r.event.WhichOneof("game") == "platform"]
        resigned = [r for r in records if r.event.platform.WhichOneof("kind") == "resigned"]
        assert len(resigned) == 1 and not resigned[0].redacted and list(resigned[0].event.platform.resigned.winners) == [0]
        assert batches[-1].status.result_reason == pb.RESULT_REASON_RESIGNATION


def test_an_exported_resignation_verifies_and_a_tampered_one_does_not(client, tmp_path):
    game, seats = new_game(client)
    move_once(client, seats)
    seats[0].offer_draw()
    move_once(client, seats)
    seats[1].resign()
    data = client.export(game.game_id).records
    verdict = verify(data)
    assert verdict.ok, verdict.problem
    assert "by resignation" in verdict.result
    path = tmp_path / "game.log"
    path.write_bytes(data)
    assert cli.main(["verify", str(path)]) == 0
    assert any("resigns" in m.text for m in moves(data)) and any("offers a draw" in m.text for m in moves(data))
    # a byte changed: the chain breaks
    records = [s for _, s in split_export(data)]
    at = next(i for i, s in enumerate(records)
              if pb.LogRecord.FromString(s.body).event.platform.WhichOneof("kind") == "resigned")
    broken = bytearray(data)
    broken[data.index(records[at].body) + len(records[at].body) // 2] ^= 0x01
    bad = verify(bytes(broken))
    assert not bad.ok and bad.first_bad_seq == at
    path.write_bytes(bytes(broken))
    assert cli.main(["verify", str(path)]) == 1
    # the winner rewritten and the whole chain resealed: the replay catches it
    bodies = [pb.LogRecord.FromString(s.body) for s in records]
    bodies[at].event.platform.resigned.winners[:] = [1]
    forged, prev = [], bytes(32)
    for b in bodies:
        b.prev_hash = prev
        r = seal(b)
        forged.append(r)
        prev = r.hash
    bad = verify(export_bytes(forged))
    assert not bad.ok and bad.first_bad_seq == at and "platform command produces on replay" in bad.problem


def test_a_forged_platform_record_at_the_platform_seat_is_refused(client):
    """A platform record that is neither a claim nor a seat's command, resealed: verify stops there
    (and does not loop)."""
    game, seats = new_game(client)
    seats[0].resign()
    records = [s for _, s in split_export(client.export(game.game_id).records)]
    bodies = [pb.LogRecord.FromString(s.body) for s in records]
    at = len(bodies) - 2  # the Resigned record: its envelope rewritten to the platform's
    bodies[at].envelope.seat = -1
    bodies[at].envelope.ClearField("command")
    forged, prev = [], bytes(32)
    for b in bodies:
        b.prev_hash = prev
        forged.append(r := seal(b))
        prev = r.hash
    bad = verify(export_bytes(forged))
    assert not bad.ok and bad.first_bad_seq == at


@pytest.mark.parametrize("game_type,players", [("rome-et-carthage", 4), ("republic-of-carthage", 3)])
def test_multiplayer_resignation_over_grpc_is_as_the_rules_md_says(client, game_type, players):
    game, seats = new_game(client, game_type, players)
    st = seats[1].resign().status
    assert st.over and st.result_reason == pb.RESULT_REASON_RESIGNATION
    assert 1 not in st.winners and len(st.winners) >= 1
    if game_type == "rome-et-carthage":
        assert len(st.winners) == 2  # the other team: two seats
    assert verify(client.export(game.game_id).records).ok


def test_multiplayer_draw_over_grpc_needs_every_other_seat(client):
    game, seats = new_game(client, "republic-of-carthage", 3)
    seats[0].offer_draw()
    st = seats[1].accept_draw().status
    assert not st.over and list(st.draw_accepted_by) == [1]
    st = seats[2].accept_draw().status
    assert st.over and st.result_reason == pb.RESULT_REASON_DRAW_AGREED
    verdict = verify(client.export(game.game_id).records)
    assert verdict.ok and "draw agreed" in verdict.result


def test_the_cli_resigns_offers_and_answers_draws(client, server, capsys):
    game, seats = new_game(client)
    base = ["--server", server.addr]
    assert cli.main(["draw", game.game_id, "offer", "--token", seats[0].token, *base]) == 0
    assert "seat 0 offered a draw" in capsys.readouterr().out
    assert cli.main(["draw", game.game_id, "accept", "--token", seats[0].token, *base]) == 1
    assert "error: OWN_DRAW_OFFER:" in capsys.readouterr().err
    assert cli.main(["draw", game.game_id, "decline", "--token", seats[1].token, *base]) == 0
    assert cli.main(["resign", game.game_id, *base]) == 2  # no token: says how to give one
    assert "--token" in capsys.readouterr().err
    assert cli.main(["resign", game.game_id, "--token", seats[1].token, *base]) == 0
    out = capsys.readouterr().out
    assert "seat 1 resigned" in out and "winners 0" in out and "RESULT_REASON_RESIGNATION" in out
    assert "resignation by seat 1" in out
    game2, seats2 = new_game(client, seed=b"cli-abort")
    assert cli.main(["abort", game2.game_id, "--token", seats2[0].token, *base]) == 0
    assert "aborted by seat 0, no result" in capsys.readouterr().out


def test_the_platform_state_survives_a_restart_through_snapshots(tmp_path):
    """DESIGN.md "The log": a game loads as snapshot + tail, the platform's state included."""
    from server.host import GameHost, HostConfig
    from server.store import SqliteStore

    path = str(tmp_path / "g.db")
    host = GameHost(SqliteStore(path), HostConfig(snapshot_every=1, allow_client_seeds=True))

    async def act(token, kind, game_id):
        return await host.submit(pb.SubmitCommandRequest(game_id=game_id, command=PLATFORM[kind]), token)

    async def scenario():
        game = (await host.create_game(pb.CreateGameRequest(game_type="roma", seed=b"restart"))).game
        tokens = [(await host.join_game(pb.JoinGameRequest(game_id=game.game_id, seat=s))).token for s in range(2)]
        await act(tokens[0], "offer_draw", game.game_id)
        return game.game_id, tokens

    game_id, tokens = asyncio.run(scenario())
    host.store.close()
    host = GameHost(SqliteStore(path), HostConfig(snapshot_every=1))
    st = asyncio.run(host.get_game(game_id)).status
    assert st.HasField("draw_offer_by") and st.draw_offer_by == 0
    asyncio.run(act(tokens[1], "resign", game_id))
    host.store.close()
    host = GameHost(SqliteStore(path), HostConfig())
    st = asyncio.run(host.get_game(game_id)).status
    assert st.over and st.result_reason == pb.RESULT_REASON_RESIGNATION and list(st.winners) == [0]


# ---------------------------------------------------------------- clocks (issue 15 item 2) ---

def test_fischer_clocks_charge_the_mover_add_the_increment_and_run_for_whoever_must_act():
    """docs/PROTOCOL.md "Clocks": a clock runs while its seat is to act, stops when its command
    arrives, charged the time since it started, and gains the increment."""
    c = pf.new_clock(10_000, 1_000, 2)
    c = pf.clock_seated(c, 100, (0,))
    assert c.deadline(0) is None and c.deadline(1) is None  # not every seat is claimed yet
    c = pf.clock_seated(c, 200, (0,))
    assert c.deadline(0) == 10_200 and c.deadline(1) is None
    c = pf.clock_run(c, 0, 3_200, (1,))  # seat 0 moved after 3 s: 10 - 3 + 1
    assert c.remaining_ms == (8_000, 10_000) and c.deadline(0) is None and c.deadline(1) == 13_200
    c = pf.clock_run(c, 1, 4_200, (0, 1))  # seat 1 after 1 s; both must act (a simultaneous step)
    assert c.remaining_ms == (8_000, 10_000) and c.deadline(0) == 12_200 and c.deadline(1) == 14_200
    p = pf.PlatformState(clock=c)
    assert pf.clock_due(p, 12_199) == () and pf.clock_due(p, 15_000) == (0, 1)  # the first to run out first


def clocked_host(now, tmp_path=None, snapshot_every=200):
    from server.host import GameHost, HostConfig
    from server.store import MemoryStore, SqliteStore

    store = SqliteStore(str(tmp_path / "c.db")) if tmp_path else MemoryStore()
    return GameHost(store, HostConfig(allow_client_seeds=True, snapshot_every=snapshot_every),
                    clock=lambda: now[0])


def make_clocked(host, tc=(10_000, 1_000), game_type="hannibal"):
    async def go():
        game = (await host.create_game(pb.CreateGameRequest(
            game_type=game_type, seed=b"clock-seed",
            time_control=pb.TimeControl(initial_ms=tc[0], increment_ms=tc[1])))).game
        tokens = [(await host.join_game(pb.JoinGameRequest(game_id=game.game_id, seat=s))).token
                  for s in range(game.players)]
        return game.game_id, tokens
    return asyncio.run(go())


def host_move(host, game_id, tokens):
    async def go():
        st = (await host.get_game(game_id)).status
        seat = st.to_act[0]
        legal = (await host.legal(game_id, tokens[seat])).commands
        return seat, await host.submit(pb.SubmitCommandRequest(game_id=game_id, command=legal[0]), tokens[seat])
    return asyncio.run(go())


def test_a_seat_whose_time_runs_out_loses_on_time_and_the_log_verifies():
    """docs/PROTOCOL.md "Clocks"; each RULES.md: a seat out of time loses as if it had resigned."""
    from server.host import HostError

    now = [5_000_000]
    host = clocked_host(now)
    game_id, tokens = make_clocked(host)
    status = asyncio.run(host.get_game(game_id)).status
    assert [c.remaining_ms for c in status.clocks] == [10_000, 10_000]
    now[0] += 2_000
    mover, resp = host_move(host, game_id, tokens)
    assert resp.status.clocks[mover].remaining_ms == 9_000  # 10 - 2 + 1
    late = resp.status.to_act[0]
    deadline = resp.status.clocks[late].deadline_unix_ms
    assert deadline > now[0]
    assert asyncio.run(host.expire_clocks()) == 0  # not yet
    now[0] = deadline + 50
    head = asyncio.run(host.get_game(game_id)).head_seq
    with pytest.raises(HostError) as exc:
        host_move(host, game_id, tokens)
    assert exc.value.code == "TIME_EXPIRED"
    asyncio.run(host.expire_clocks())  # (the refusal has already asked for the expiry to be written)
    assert asyncio.run(host.expire_clocks()) == 0  # written once
    summary = asyncio.run(host.get_game(game_id))
    st = summary.status
    assert summary.head_seq == head + 2  # the expiry and the seed's reveal; nothing of the late command
    assert st.over and st.result_reason == pb.RESULT_REASON_TIMEOUT and late not in st.winners
    assert st.ended_by_seat == late
    data = asyncio.run(host.export(game_id, None)).records
    verdict = verify(data)
    assert verdict.ok and "on time" in verdict.result, verdict.describe()
    # the expiry moved before the deadline, resealed: the clocks do not justify it
    bodies = [pb.LogRecord.FromString(s.body) for _, s in split_export(data)]
    at = next(i for i, b in enumerate(bodies) if b.event.platform.WhichOneof("kind") == "clock_expired")
    bodies[at].envelope.received_at_unix_ms = deadline - 1
    forged, prev = [], bytes(32)
    for b in bodies:
        b.prev_hash = prev
        forged.append(r := seal(b))
        prev = r.hash
    bad = verify(export_bytes(forged))
    assert not bad.ok and bad.first_bad_seq == at and "NO_CLOCK_EXPIRED" in bad.problem


def test_verify_refuses_a_command_stamped_after_its_seats_deadline():
    now = [7_000_000]
    host = clocked_host(now)
    game_id, tokens = make_clocked(host, tc=(5_000, 0))
    now[0] += 1_000
    host_move(host, game_id, tokens)
    now[0] += 1_000
    host_move(host, game_id, tokens)
    asyncio.run(host.submit(pb.SubmitCommandRequest(game_id=game_id, command=PLATFORM["resign"]), tokens[0]))
    bodies = [pb.LogRecord.FromString(s.body) for _, s in split_export(asyncio.run(host.export(game_id, None)).records)]
    assert verify(export_bytes([seal(b) for b in bodies])).ok
    last_move = max(i for i, b in enumerate(bodies) if b.envelope.seat >= 0 and b.envelope.part == 0
                    and b.envelope.command.WhichOneof("game") == "hannibal")
    for b in bodies[last_move:last_move + bodies[last_move].envelope.parts]:
        b.envelope.received_at_unix_ms += 60_000  # a minute later than it came: past the 5 s clock
    forged, prev = [], bytes(32)
    for b in bodies:
        b.prev_hash = prev
        forged.append(r := seal(b))
        prev = r.hash
    bad = verify(export_bytes(forged))
    assert not bad.ok and "time ran out" in bad.problem


def test_clocks_survive_a_restart_through_snapshot_and_log(tmp_path):
    """DESIGN.md "Time, browsers and more processes": the clocks are rebuilt from the log."""
    now = [9_000_000]
    host = clocked_host(now, tmp_path, snapshot_every=3)
    game_id, tokens = make_clocked(host)
    for step in range(4):
        now[0] += 700
        host_move(host, game_id, tokens)
    before = asyncio.run(host.get_game(game_id)).status
    host.store.close()
    again = clocked_host(now, tmp_path)
    after = asyncio.run(again.get_game(game_id)).status
    assert list(after.clocks) == list(before.clocks) and len(after.clocks) == 2
    running = [c.deadline_unix_ms for c in after.clocks if c.deadline_unix_ms]
    now[0] = min(running) + 1
    assert asyncio.run(again.expire_clocks()) == 1
    assert asyncio.run(again.get_game(game_id)).status.result_reason == pb.RESULT_REASON_TIMEOUT


def test_a_bad_time_control_is_refused_and_the_cli_creates_a_clocked_game(client, server, capsys):
    import grpc

    for bad in (pb.TimeControl(initial_ms=0), pb.TimeControl(initial_ms=1000, increment_ms=-1)):
        with pytest.raises(grpc.RpcError) as exc:
            client.stub.CreateGame(pb.CreateGameRequest(game_type="roma", time_control=bad), timeout=10)
        assert exc.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert exc.value.details().startswith("BAD_TIME_CONTROL: ")
    assert cli.main(["new", "roma", "--clock", "600+5", "--server", server.addr]) == 0
    game_id = capsys.readouterr().out.split("game id: ")[1].split()[0]
    for s in range(2):
        client.join(game_id, seat=s)
    clocks = client.game(game_id).status.clocks
    assert [c.remaining_ms for c in clocks] == [600_000, 600_000] and any(c.deadline_unix_ms for c in clocks)


def test_a_live_server_writes_the_expiry_at_the_deadline_and_every_stream_sees_it(client):
    """docs/PROTOCOL.md "Clocks": the server's timer writes ClockExpired; streams carry it."""
    made = client.stub.CreateGame(pb.CreateGameRequest(
        game_type="roma", seed=b"live-clock", time_control=pb.TimeControl(initial_ms=300, increment_ms=0)),
        timeout=10).game
    seats = [client.join(made.game_id, seat=s) for s in range(2)]  # the clocks start now
    final = None
    for batch in client.stream(made.game_id):  # a spectator, until the game ends
        if batch.status.over:
            final = batch
            break
    assert final is not None and final.status.result_reason == pb.RESULT_REASON_TIMEOUT
    for audience in seats:
        records = [r for b in audience.stream() for r in b.events]
        expired = [r for r in records if r.event.platform.WhichOneof("kind") == "clock_expired"]
        assert len(expired) == 1 and expired[0].actor == -1 and not expired[0].redacted
    data = client.export(made.game_id).records
    assert verify(data).ok
    assert "time runs out" in moves(data)[-1].text


def test_table_talk_is_not_a_move_for_the_clocks_nor_for_abort():
    """The Republic of Carthage R110 (a Say binds nobody and changes nothing) and docs/PROTOCOL.md
    "Clocks": talk neither runs, stops nor credits a clock (no increment to be farmed by chatting),
    nor closes the abort window; a replay and verify compute the same clocks."""
    from engine.games.republic_of_carthage import commands as roc

    now = [9_000_000]
    host = clocked_host(now)
    game_id, tokens = make_clocked(host, tc=(60_000, 5_000), game_type="republic-of-carthage")
    wire = wire_for(registry.get("republic-of-carthage"))
    before = asyncio.run(host.get_game(game_id)).status
    running = before.to_act[0]
    idle = next(x for x in range(3) if x not in before.to_act)
    for seat, words in ((running, "a word while my clock runs"), (idle, "and one while mine is stopped")):
        now[0] += 1_000
        req = pb.SubmitCommandRequest(game_id=game_id)
        wire.command_into(getattr(req.command, wire.field), roc.Say(to=-1, text=words))
        asyncio.run(host.submit(req, tokens[seat]))
    after = asyncio.run(host.get_game(game_id)).status
    assert list(after.to_act) == list(before.to_act)
    # the running clock kept its deadline (no charge, no increment); the stopped one did not start
    assert after.clocks[running].deadline_unix_ms == before.clocks[running].deadline_unix_ms
    assert after.clocks[idle].deadline_unix_ms == 0 and after.clocks[idle].remaining_ms == 60_000
    # nobody has moved yet: the game can still be aborted, and the log says the same
    ended = asyncio.run(host.submit(pb.SubmitCommandRequest(game_id=game_id, command=PLATFORM["abort"]),
                                    tokens[idle]))
    assert ended.status.over and ended.status.result_reason == pb.RESULT_REASON_ABORTED
    verdict = verify(asyncio.run(host.export(game_id, None)).records)
    assert verdict.ok, verdict.describe()


def test_table_talk_is_held_to_a_pace_per_seat_and_a_refusal_changes_nothing():
    """Hardening of R110 (The Republic of Carthage: talk any time): a seat may send talk_burst
    messages in a row, then talk_per_minute; beyond, RESOURCE_EXHAUSTED / TALK_TOO_FAST and nothing
    is written. Another seat's allowance is its own, and moves are never held to it."""
    from engine.games.republic_of_carthage import commands as roc
    from server.host import GameHost, HostConfig, HostError
    from server.store import MemoryStore

    now = [1_000_000]
    host = GameHost(MemoryStore(), HostConfig(allow_client_seeds=True, talk_burst=3, talk_per_minute=6),
                    clock=lambda: now[0])

    async def setup():
        game = (await host.create_game(pb.CreateGameRequest(game_type="republic-of-carthage", players=3,
                                                            seed=b"pace"))).game
        return game.game_id, [(await host.join_game(pb.JoinGameRequest(game_id=game.game_id, seat=s))).token
                              for s in range(3)]

    game_id, tokens = asyncio.run(setup())
    wire = wire_for(registry.get("republic-of-carthage"))

    def say(seat, words="hear me"):
        req = pb.SubmitCommandRequest(game_id=game_id)
        wire.command_into(getattr(req.command, wire.field), roc.Say(to=-1, text=words))
        return asyncio.run(host.submit(req, tokens[seat]))

    for _ in range(3):
        say(0)
    head = asyncio.run(host.get_game(game_id)).head_seq
    with pytest.raises(HostError) as refused:
        say(0, "one too many")
    assert (refused.value.status, refused.value.code) == ("RESOURCE_EXHAUSTED", "TALK_TOO_FAST")
    assert "wait 10.0 s" in refused.value.message  # 6 a minute: one every 10 s
    assert asyncio.run(host.get_game(game_id)).head_seq == head  # nothing written
    say(1)  # another seat talks on its own allowance
    host_move(host, game_id, tokens)  # a move is never held to the pace
    now[0] += 9_999
    with pytest.raises(HostError):
        say(0)
    now[0] += 1
    say(0)  # 10 s later: one more
    with pytest.raises(HostError):
        say(0)


def test_each_streamed_record_names_the_first_record_of_its_command(client):
    """Issue 36, 3: EventRecord.command_seq (CommandEnvelope.command_seq) groups a stream's records
    into moves, as the web replay steps by move: every record of one command names its first, and
    a seat's moves are exactly the commands it sent."""
    game, seats = new_game(client)
    sent = []
    for _ in range(12):
        sent.append(move_once(client, seats))
    seats[0].resign()
    records = [r for b in client.stream(game.game_id) for r in b.events]
    assert [r.seq for r in records] == list(range(len(records)))
    moves: dict[int, list] = {}
    for r in records:
        assert r.command_seq <= r.seq
        if r.actor >= 0:  # the set-up, a seat claimed, the seed revealed: the platform's, no seat's move
            moves.setdefault(r.command_seq, []).append(r)
    for first, rs in moves.items():
        assert [r.seq for r in rs] == list(range(first, first + len(rs)))  # one command's records, in a row
        assert len({r.actor for r in rs}) == 1
    assert [rs[0].actor for _, rs in sorted(moves.items())] == sent + [0]  # the resignation is seat 0's move
