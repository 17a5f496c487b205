"""Claiming a game from a silent seat (issue 35, item 2): docs/PROTOCOL.md "Claiming a game from a
silent seat". In a game without clocks, a seat that has owed its move for longer than the game's
claim time may be claimed against by another seat; the game ends as if the silent seat's time had
run out (each game's RULES.md), and `carthago verify` re-checks the claim's time from the log.
The engine's part first, then the host (a clock of the test's own), then gRPC and the CLI."""

from __future__ import annotations

import asyncio
import time

import pytest

from carthago import Client, cli
from carthago.v1 import carthago_pb2 as pb
from engine import errors, registry
from engine import platform as pf
from engine.core import GameConfig
from engine.session import Session
from server.log import export_bytes, seal, split_export, verify
from server.render import moves

AFTER = 60_000  # the claim time of these tests, in ms
T0 = 1_000_000


def claiming(game_id: str, players: int, seated: int | None = None) -> Session:
    """A session whose game takes claims after AFTER ms, its seats claimed at T0, T0+1, …"""
    s = Session.start(registry.get(game_id), GameConfig(players), b"claim-seed")[0]
    s.apply_platform(pf.SilenceSet(AFTER, players))
    for i in range(players if seated is None else seated):
        s.clock_seated(T0 + i)
    return s


def code_of(s: Session, seat: int, silent: int, at: int) -> str:
    before = s.platform
    with pytest.raises(errors.RuleError) as exc:
        s.decide_platform(seat, pf.ClaimVictory(silent), at)
    assert s.platform == before  # a refused claim changes nothing
    return exc.value.code


# ---------------------------------------------------------------- the engine ---------------

def test_a_seat_silent_past_the_claim_time_is_claimed_against_and_loses_as_on_time():
    s = claiming("hannibal", 2)
    since = T0 + 1  # the clocks of silence start with the last claim
    assert s.status().to_act == (0,) and pf.claim_from(s.platform) == (since + AFTER, 0)
    assert code_of(s, 1, 0, since + AFTER - 1) == pf.CLAIM_TOO_EARLY
    event = s.decide_platform(1, pf.ClaimVictory(0), since + AFTER)
    expected = pf.resign_result(s.game, s.state, 2, 0)  # Hannibal has no timeout_result: as a resignation
    assert event == pf.VictoryClaimed(1, 0, since, tuple(expected.winners), tuple(expected.scores))
    assert event.winners == (1,)
    s.apply_platform(event)
    st = s.status()
    assert st.over and st.result.winners == (1,) and s.ended_by() == pf.BY_CLAIM
    assert s.platform.ended_seat == 0 and pf.claim_from(s.platform) == ()
    assert code_of(s, 1, 0, since + 2 * AFTER) == errors.GAME_OVER


def test_each_refused_claim_has_its_own_code():
    s = claiming("hannibal", 2)
    late = T0 + 10 * AFTER
    assert code_of(s, 1, 1, late) == pf.CLAIM_OWN_SEAT
    assert code_of(s, 0, 1, late) == pf.CLAIMANT_TO_ACT       # seat 0 owes the move itself
    assert code_of(s, 1, 2, late) == errors.MALFORMED_COMMAND  # no seat 2
    three = claiming("republic-of-carthage", 3)
    assert three.status().to_act == (0,)
    assert code_of(three, 1, 2, late) == pf.NOT_SILENT         # seat 2 owes nothing
    half = claiming("hannibal", 2, seated=1)
    assert code_of(half, 1, 0, late) == pf.NOT_SILENT          # silence counts once every seat is claimed
    plain = Session.start(registry.get("hannibal"), GameConfig(2), b"claim-seed")[0]
    assert code_of(plain, 1, 0, late) == pf.CLAIMS_OFF
    clocked = Session.start(registry.get("hannibal"), GameConfig(2), b"claim-seed")[0]
    clocked.apply_platform(pf.ClockSet(10_000, 0, 2))
    assert code_of(clocked, 1, 0, late) == pf.CLOCKED_GAME
    s.submit_platform(0, pf.Resign())
    assert code_of(s, 1, 0, late) == errors.GAME_OVER


def test_a_move_starts_the_silence_again():
    """The seats to act after a command owe a new move from its arrival: a game that began long
    ago gives no claim against a seat that has just been asked to move."""
    s = claiming("hannibal", 2)
    moved_at = T0 + 5 * AFTER
    mover = s.status().to_act[0]
    s.submit(mover, s.legal(mover)[0])
    s.clock_settle(mover, moved_at)
    for x in s.status().to_act:
        assert s.platform.silence.since_ms[x] == moved_at
        other = 1 - x
        if other not in s.status().to_act:
            assert code_of(s, other, x, moved_at + AFTER - 1) == pf.CLAIM_TOO_EARLY
            assert isinstance(s.decide_platform(other, pf.ClaimVictory(x), moved_at + AFTER), pf.VictoryClaimed)


def test_a_republic_claim_ends_the_game_as_a_timeout_of_the_silent_faction():
    """The Republic of Carthage RULES.md "Resigning, draws and aborts" (a timeout is a
    resignation): the game ends at once, won by the most Influence among the others; the claimant
    need not be among them."""
    s = claiming("republic-of-carthage", 3)
    event = s.decide_platform(2, pf.ClaimVictory(0), T0 + 2 + AFTER)
    assert event.winners == pf.resign_result(s.game, s.state, 3, 0).winners and 0 not in event.winners


def test_a_rome_et_carthage_claim_concedes_for_the_silent_seats_team():
    """Rome et Carthage RULES.md "Resigning, draws and aborts": the silent seat's team loses."""
    from engine.games.rome_et_carthage.teams import team_of, team_seats

    s = claiming("rome-et-carthage", 4)
    to_act = s.status().to_act
    silent, claimant = to_act[0], next(x for x in range(4) if x not in to_act)
    event = s.decide_platform(claimant, pf.ClaimVictory(silent), T0 + 3 + AFTER)
    assert set(event.winners) == set(team_seats(s.state, 1 - team_of(s.state, silent)))
    assert set(event.winners).isdisjoint(team_seats(s.state, team_of(s.state, silent)))


# ---------------------------------------------------------------- the host -----------------

def host_at(now, claim_after_s=AFTER / 1000, tmp_path=None, snapshot_every=200):
    from server.host import GameHost, HostConfig
    from server.store import MemoryStore, SqliteStore

    store = SqliteStore(str(tmp_path / "claims.db")) if tmp_path else MemoryStore()
    return GameHost(store, HostConfig(allow_client_seeds=True, claim_after_s=claim_after_s,
                                      snapshot_every=snapshot_every), clock=lambda: now[0])


def new_game(host, now, clock: pb.TimeControl | None = None):
    async def go():
        req = pb.CreateGameRequest(game_type="hannibal", seed=b"claim-seed")
        if clock is not None:
            req.time_control.CopyFrom(clock)
        game = (await host.create_game(req)).game
        tokens = []
        for seat in range(2):
            now[0] += 1
            tokens.append((await host.join_game(pb.JoinGameRequest(game_id=game.game_id, seat=seat))).token)
        return game.game_id, tokens
    return asyncio.run(go())


def claim(host, game_id, token, silent):
    command = pb.GameCommand(platform=pb.PlatformCommand(claim_victory=pb.ClaimVictory(silent_seat=silent)))
    return asyncio.run(host.submit(pb.SubmitCommandRequest(game_id=game_id, command=command), token))


def state_of(host, game_id):
    g = asyncio.run(host.get_game(game_id))
    return g.head_seq, g.status.SerializeToString(deterministic=True)


def refused(host, game_id, token, silent):
    from server.host import HostError

    before = state_of(host, game_id)
    with pytest.raises(HostError) as exc:
        claim(host, game_id, token, silent)
    assert state_of(host, game_id) == before
    return exc.value.status, exc.value.code


def created(host, game_id) -> pb.GameCreated:
    return pb.LogRecord.FromString(host.store.read(game_id, 0, 0)[0].body).event.platform.game_created


def test_a_claim_through_the_host_is_recorded_named_and_verified():
    now = [T0]
    host = host_at(now)
    game_id, tokens = new_game(host, now)
    assert created(host, game_id).claim_after_ms == AFTER
    since = now[0]  # the last claim's arrival
    assert list(asyncio.run(host.get_game(game_id)).status.claim_from_unix_ms) == [since + AFTER, 0]
    now[0] = since + AFTER - 1
    assert refused(host, game_id, tokens[1], 0) == ("FAILED_PRECONDITION", pf.CLAIM_TOO_EARLY)
    now[0] = since + AFTER
    assert refused(host, game_id, tokens[1], 1) == ("FAILED_PRECONDITION", pf.CLAIM_OWN_SEAT)
    assert refused(host, game_id, tokens[0], 1) == ("FAILED_PRECONDITION", pf.CLAIMANT_TO_ACT)
    assert refused(host, game_id, tokens[1], 9) == ("INVALID_ARGUMENT", errors.MALFORMED_COMMAND)
    head = asyncio.run(host.get_game(game_id)).head_seq
    resp = claim(host, game_id, tokens[1], 0)
    st = resp.status
    assert st.over and st.result_reason == pb.RESULT_REASON_CLAIMED and list(st.winners) == [1]
    assert st.ended_by_seat == 0 and st.reason == "victory claimed" and not st.claim_from_unix_ms
    event = resp.events[0].event.platform.victory_claimed
    assert (event.seat, event.silent_seat, event.silent_since_unix_ms) == (1, 0, since)
    assert resp.head_seq == head + 2  # the claim, then the seed's reveal
    assert refused(host, game_id, tokens[1], 0) == ("FAILED_PRECONDITION", errors.GAME_OVER)
    data = asyncio.run(host.export(game_id, None)).records
    verdict = verify(data)
    assert verdict.ok and "by a claim against silent seat 0" in verdict.result, verdict.describe()
    assert verdict.ended_by == pf.BY_CLAIM
    assert any("claims the game from silent" in m.text for m in moves(data))
    # the claim stamped a millisecond earlier, the chain resealed: the replay refuses it
    bodies = [pb.LogRecord.FromString(s.body) for _, s in split_export(data)]
    at = next(i for i, b in enumerate(bodies) if b.event.platform.WhichOneof("kind") == "victory_claimed")
    bodies[at].envelope.received_at_unix_ms -= 1
    bad = verify(export_bytes(reseal(bodies)))
    assert not bad.ok and bad.first_bad_seq == at and pf.CLAIM_TOO_EARLY in bad.problem


def reseal(bodies):
    out, prev = [], bytes(32)
    for b in bodies:
        b.prev_hash = prev
        out.append(r := seal(b))
        prev = r.hash
    return out


def test_a_clocked_game_and_a_server_without_claims_refuse_claims():
    now = [T0]
    host = host_at(now)
    game_id, tokens = new_game(host, now, pb.TimeControl(per_move_ms=10 * AFTER))
    assert created(host, game_id).claim_after_ms == 0
    assert not asyncio.run(host.get_game(game_id)).status.claim_from_unix_ms
    now[0] += 2 * AFTER
    assert refused(host, game_id, tokens[1], 0) == ("FAILED_PRECONDITION", pf.CLOCKED_GAME)
    # a log whose clocked game says it takes claims too: verify refuses its GameCreated
    asyncio.run(host.submit(pb.SubmitCommandRequest(
        game_id=game_id, command=pb.GameCommand(platform=pb.PlatformCommand(resign=pb.Resign()))), tokens[0]))
    bodies = [pb.LogRecord.FromString(s.body) for _, s in split_export(asyncio.run(host.export(game_id, None)).records)]
    assert verify(export_bytes(reseal(bodies))).ok
    bodies[0].event.platform.game_created.claim_after_ms = AFTER
    bad = verify(export_bytes(reseal(bodies)))
    assert not bad.ok and bad.first_bad_seq == 0 and "claim time" in bad.problem
    off = host_at(now, claim_after_s=0)
    game_id, tokens = new_game(off, now)
    assert created(off, game_id).claim_after_ms == 0
    now[0] += 2 * AFTER
    assert refused(off, game_id, tokens[1], 0) == ("FAILED_PRECONDITION", pf.CLAIMS_OFF)


def test_the_silence_survives_a_restart_through_snapshot_and_log(tmp_path):
    now = [T0]
    host = host_at(now, tmp_path=tmp_path, snapshot_every=3)
    game_id, tokens = new_game(host, now)
    for _ in range(4):
        now[0] += 1_000
        st = asyncio.run(host.get_game(game_id)).status
        seat = st.to_act[0]
        legal = asyncio.run(host.legal(game_id, tokens[seat])).commands
        asyncio.run(host.submit(pb.SubmitCommandRequest(game_id=game_id, command=legal[0]), tokens[seat]))
    before = asyncio.run(host.get_game(game_id)).status
    host.store.close()
    again = host_at(now, tmp_path=tmp_path)
    after = asyncio.run(again.get_game(game_id)).status
    assert list(after.claim_from_unix_ms) == list(before.claim_from_unix_ms)
    (silent,) = after.to_act
    now[0] = after.claim_from_unix_ms[silent]
    assert claim(again, game_id, tokens[1 - silent], silent).status.result_reason == pb.RESULT_REASON_CLAIMED


# ---------------------------------------------------------------- gRPC and the CLI ---------

def test_the_cli_claims_a_game_over_grpc(capsys):
    from server.app import ServerThread
    from server.host import HostConfig

    with ServerThread("memory", HostConfig(allow_client_seeds=True, claim_after_s=0.2)) as server, \
            Client(server.addr, timeout=20) as client:
        game = client.create("hannibal", seed=b"claim-seed")
        seats = [client.join(game.game_id, seat=i, player=f"p{i}") for i in range(2)]
        silent = client.game(game.game_id).status.to_act[0]
        time.sleep(0.3)
        assert cli.main(["claim", game.game_id, str(silent), "--token", seats[1 - silent].token,
                         "--server", server.addr]) == 0
        out = capsys.readouterr().out
        assert "claimed the game" in out and "RESULT_REASON_CLAIMED" in out
        st = client.game(game.game_id).status
        assert st.result_reason == pb.RESULT_REASON_CLAIMED and st.ended_by_seat == silent
        assert list(st.winners) == [1 - silent]


def test_commands_are_taken_before_every_seat_is_claimed_but_silence_is_not_counted():
    """docs/PROTOCOL.md "The life of a game": a claimed seat may move (and abort) before the
    other seats are claimed; the silence of a seat is counted only once every seat is."""
    now = [T0]
    host = host_at(now)

    async def one_seat():
        game = (await host.create_game(pb.CreateGameRequest(game_type="hannibal", seed=b"claim-seed"))).game
        seat = game.status.to_act[0]
        token = (await host.join_game(pb.JoinGameRequest(game_id=game.game_id, seat=seat))).token
        return game.game_id, seat, token

    game_id, seat, token = asyncio.run(one_seat())
    legal = asyncio.run(host.legal(game_id, token)).commands
    resp = asyncio.run(host.submit(pb.SubmitCommandRequest(game_id=game_id, command=legal[0]), token))
    assert resp.events and not resp.status.over
    assert list(resp.status.claim_from_unix_ms) == [0, 0]  # nobody's silence runs yet
    now[0] += 10 * AFTER
    st = asyncio.run(host.get_game(game_id)).status
    assert st.to_act == [1 - seat]  # the unclaimed seat owes the next move: no silence to claim
    assert refused(host, game_id, token, 1 - seat) == ("FAILED_PRECONDITION", pf.NOT_SILENT)
    game_id, seat, token = asyncio.run(one_seat())
    abort = pb.GameCommand(platform=pb.PlatformCommand(abort=pb.Abort()))
    resp = asyncio.run(host.submit(pb.SubmitCommandRequest(game_id=game_id, command=abort), token))
    assert resp.status.result_reason == pb.RESULT_REASON_ABORTED
