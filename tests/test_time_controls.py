"""The other two time controls (issue 15 item 2): a simple delay and correspondence.

docs/PROTOCOL.md "Clocks" says what each kind does. The arithmetic is tested pure first
(``engine.platform``), then through the host: timeouts that end the game and verify, a restart that
keeps the deadlines, a forged early expiry, the refused combinations, and the ``--clock`` syntax
that ``carthago new`` and ``carthago tournament`` share.
"""

from __future__ import annotations

import asyncio

import pytest

from carthago import cli
from carthago import tournament as T
from carthago.clocks import ClockSpec, parse_clock
from carthago.v1 import carthago_pb2 as pb
from engine import platform as pf
from engine import registry
from server.log import export_bytes, seal, split_export, verify
from server.wire import wire_for

from .conftest import OPERATOR
from .test_platform_commands import clocked_host, host_move

DAY = 24 * 3600 * 1000
HOUR = 3600 * 1000


def make_game(host, tc: pb.TimeControl, game_type: str = "hannibal"):
    async def go():
        game = (await host.create_game(pb.CreateGameRequest(game_type=game_type, seed=b"tc-seed",
                                                            time_control=tc))).game
        tokens = [(await host.join_game(pb.JoinGameRequest(game_id=game.game_id, seat=s))).token
                  for s in range(game.players)]
        return game.game_id, tokens
    return asyncio.run(go())


def status(host, game_id) -> pb.GameStatus:
    return asyncio.run(host.get_game(game_id)).status


def resealed(bodies: list[pb.LogRecord]) -> bytes:
    out, prev = [], bytes(32)
    for b in bodies:
        b.prev_hash = prev
        out.append(r := seal(b))
        prev = r.hash
    return export_bytes(out)


def time_out_and_check(host, now, game_id) -> tuple[pb.GameStatus, bytes]:
    """Let the first running clock run out; the host writes the expiry; the log verifies."""
    st = status(host, game_id)
    late = min((c.deadline_unix_ms, x) for x, c in enumerate(st.clocks) if c.deadline_unix_ms)
    now[0] = late[0] - 1
    assert asyncio.run(host.expire_clocks()) == 0  # a millisecond before the deadline: nothing
    now[0] = late[0] + 10
    assert asyncio.run(host.expire_clocks()) == 1
    st = status(host, game_id)
    assert st.over and st.result_reason == pb.RESULT_REASON_TIMEOUT and late[1] not in st.winners
    data = asyncio.run(host.export(game_id, None)).records
    verdict = verify(data)
    assert verdict.ok and "on time" in verdict.result, verdict.describe()
    return st, data


def forged_early_expiry_fails(data: bytes, at_ms: int) -> None:
    """The log's ClockExpired moved to ``at_ms`` (before the deadline) and the chain resealed."""
    bodies = [pb.LogRecord.FromString(s.body) for _, s in split_export(data)]
    at = next(i for i, b in enumerate(bodies) if b.event.platform.WhichOneof("kind") == "clock_expired")
    bodies[at].envelope.received_at_unix_ms = at_ms
    bad = verify(resealed(bodies))
    assert not bad.ok and bad.first_bad_seq == at and "NO_CLOCK_EXPIRED" in bad.problem


# ---------------------------------------------------------------- the arithmetic (pure) ------

def test_simple_delay_charges_only_the_time_past_the_delay_and_adds_nothing():
    """docs/PROTOCOL.md "Clocks" (simple delay): each time a seat's clock starts, its first
    delay_ms are free; beyond them the seat pays; an unused delay is lost, never banked."""
    c = pf.new_clock(10_000, 0, 2, delay_ms=3_000)
    c = pf.clock_seated(pf.clock_seated(c, 100, (0,)), 200, (0,))
    assert c.deadline(0) == 200 + 3_000 + 10_000 and c.delay_until(0) == 3_200 and c.deadline(1) is None
    assert c.left(0, 3_000) == 10_000 and c.left(0, 4_200) == 9_000  # free, then counting down
    c = pf.clock_run(c, 0, 2_200, (1,))  # seat 0 answered in 2 s, inside its 3 s delay: charged nothing
    assert c.remaining_ms == (10_000, 10_000) and c.deadline(0) is None and c.delay_until(0) is None
    c = pf.clock_run(c, 1, 7_200, (0,))  # seat 1 took 5 s: 2 s charged, the unused part of nothing kept
    assert c.remaining_ms == (10_000, 8_000) and c.deadline(0) == 7_200 + 3_000 + 10_000
    c = pf.clock_run(c, 0, 8_200, (0, 1))  # both must act (a simultaneous step): each its own delay
    assert c.deadline(0) == 8_200 + 3_000 + 10_000 and c.deadline(1) == 8_200 + 3_000 + 8_000
    p = pf.PlatformState(clock=c)
    assert pf.clock_due(p, 19_199) == () and pf.clock_due(p, 21_200) == (1, 0)


def test_correspondence_gives_each_decision_its_own_deadline_and_banks_nothing():
    """docs/PROTOCOL.md "Clocks" (correspondence): each decision has per_move_ms from when the seat
    must act; time left unused is not carried to the next decision; in a simultaneous step every
    seat to act has its own deadline."""
    c = pf.new_clock(0, 0, 2, per_move_ms=3 * DAY)
    assert c.remaining_ms == (3 * DAY, 3 * DAY)
    c = pf.clock_seated(pf.clock_seated(c, 0, (0,)), 1_000, (0,))
    assert c.deadline(0) == 1_000 + 3 * DAY and c.delay_until(0) is None
    c = pf.clock_run(c, 0, 1_000 + HOUR, (1,))  # seat 0 answered in an hour: its next decision gets 3 days, not more
    assert c.remaining_ms == (3 * DAY, 3 * DAY) and c.deadline(0) is None and c.deadline(1) == 1_000 + HOUR + 3 * DAY
    t = 1_000 + HOUR + 2 * DAY
    c = pf.clock_run(c, 1, t, (0, 1))  # seat 1 took 2 days; now both must act
    assert c.deadline(0) == t + 3 * DAY and c.deadline(1) == t + 3 * DAY
    c = pf.clock_run(c, 0, t + DAY, (0, 1))  # seat 0 decided again a day later: only its deadline moves
    assert c.deadline(0) == t + 4 * DAY and c.deadline(1) == t + 3 * DAY
    assert pf.clock_due(pf.PlatformState(clock=c), t + 3 * DAY) == (1,)


# ---------------------------------------------------------------- through the host ------------

def test_a_quick_mover_under_a_delay_keeps_all_its_time_and_the_status_shows_the_delay():
    """docs/PROTOCOL.md "Clocks": a move inside the delay costs nothing; SeatClock.delay_until_unix_ms
    tells a client until when the running clock is not charged."""
    now = [5_000_000]
    host = clocked_host(now)
    game_id, tokens = make_game(host, pb.TimeControl(initial_ms=10_000, delay_ms=2_000))
    st = status(host, game_id)
    runner = st.to_act[0]
    assert st.clocks[runner].delay_until_unix_ms == now[0] + 2_000
    assert st.clocks[runner].deadline_unix_ms == now[0] + 12_000
    for _ in range(4):
        now[0] += 1_500  # every answer inside the delay
        mover, resp = host_move(host, game_id, tokens)
        assert resp.status.clocks[mover].remaining_ms == 10_000
    st = status(host, game_id)
    assert [c.remaining_ms for c in st.clocks] == [10_000, 10_000]
    stopped = [c for x, c in enumerate(st.clocks) if x not in st.to_act]
    assert all(c.delay_until_unix_ms == 0 and c.deadline_unix_ms == 0 for c in stopped)
    now[0] += 2_500  # half a second past the delay
    mover, resp = host_move(host, game_id, tokens)
    assert resp.status.clocks[mover].remaining_ms == 9_500


def test_a_timeout_under_a_delay_ends_the_game_verifies_and_a_forged_early_expiry_does_not():
    """docs/PROTOCOL.md "Clocks": the deadline is the delay plus the time left."""
    now = [6_000_000]
    host = clocked_host(now)
    game_id, tokens = make_game(host, pb.TimeControl(initial_ms=4_000, delay_ms=1_000))
    now[0] += 2_000
    mover, resp = host_move(host, game_id, tokens)
    assert resp.status.clocks[mover].remaining_ms == 3_000  # 1 s charged (2 s less the delay)
    running = [c for c in resp.status.clocks if c.deadline_unix_ms]
    assert running and all(c.deadline_unix_ms == c.delay_until_unix_ms + c.remaining_ms for c in running)
    deadline = min(c.deadline_unix_ms for c in running)
    _, data = time_out_and_check(host, now, game_id)
    forged_early_expiry_fails(data, deadline - 1)  # the delay is not time left


def test_a_correspondence_deadline_resets_per_decision_and_a_timeout_verifies():
    """docs/PROTOCOL.md "Clocks" (correspondence): after a quick answer the next decision has
    per_move_ms again (no time banked); missing a deadline loses on time."""
    now = [7_000_000]
    host = clocked_host(now)
    game_id, tokens = make_game(host, pb.TimeControl(per_move_ms=3 * DAY))
    st = status(host, game_id)
    assert [c.remaining_ms for c in st.clocks] == [3 * DAY, 3 * DAY]
    first = st.to_act[0]
    assert st.clocks[first].deadline_unix_ms == now[0] + 3 * DAY
    seen = {}
    for _ in range(6):
        now[0] += HOUR
        mover, resp = host_move(host, game_id, tokens)
        assert resp.status.clocks[mover].remaining_ms == 3 * DAY  # not 3 days + the unused part
        for x in resp.status.to_act:  # every seat that must act now has its own deadline
            seen[x] = resp.status.clocks[x].deadline_unix_ms
            assert seen[x] <= now[0] + 3 * DAY
        assert resp.status.clocks[resp.status.to_act[0]].deadline_unix_ms > now[0] + 2 * DAY
    _, data = time_out_and_check(host, now, game_id)
    forged_early_expiry_fails(data, now[0] - 11 - HOUR)


def test_a_restart_keeps_the_delay_and_correspondence_deadlines(tmp_path):
    """DESIGN.md "Time, browsers and more processes": the clocks are rebuilt from the log (and a
    snapshot), so a restarted host shows the same deadlines and expires at the same moment."""
    for i, tc in enumerate((pb.TimeControl(initial_ms=20_000, delay_ms=3_000), pb.TimeControl(per_move_ms=36 * HOUR))):
        now = [9_000_000]
        where = tmp_path / str(i)
        where.mkdir()
        host = clocked_host(now, where, snapshot_every=3)
        game_id, tokens = make_game(host, tc)
        for _ in range(4):
            now[0] += 4_000
            host_move(host, game_id, tokens)
        before = status(host, game_id)
        host.store.close()
        again = clocked_host(now, where)
        after = status(again, game_id)
        assert list(after.clocks) == list(before.clocks) and any(c.deadline_unix_ms for c in after.clocks)
        if tc.delay_ms:
            assert any(c.delay_until_unix_ms for c in after.clocks)
        time_out_and_check(again, now, game_id)


def test_bad_combinations_of_time_controls_are_refused_with_a_precise_message():
    """docs/PROTOCOL.md "Clocks": one kind per game; BAD_TIME_CONTROL says what is wrong, and
    nothing is created."""
    from server.host import HostError

    host = clocked_host([1_000])
    cases = {
        "choose one": pb.TimeControl(initial_ms=60_000, increment_ms=1_000, delay_ms=1_000),
        "initial_ms 60000 must be 0": pb.TimeControl(initial_ms=60_000, per_move_ms=DAY),
        "delay_ms 5 must be 0": pb.TimeControl(per_move_ms=DAY, delay_ms=5),
        "increment_ms 1, delay_ms 2 must be 0": pb.TimeControl(per_move_ms=DAY, increment_ms=1, delay_ms=2),
        "per_move_ms must be in 1..": pb.TimeControl(per_move_ms=31 * DAY),
        "per_move_ms must be in 1..2592000000, not -1": pb.TimeControl(per_move_ms=-1),
        "delay_ms must be in 0..": pb.TimeControl(initial_ms=60_000, delay_ms=-1),
        "initial_ms must be in 1..": pb.TimeControl(delay_ms=1_000),
    }
    for words, tc in cases.items():
        with pytest.raises(HostError) as exc:
            asyncio.run(host.create_game(pb.CreateGameRequest(game_type="roma", time_control=tc)))
        assert exc.value.code == "BAD_TIME_CONTROL" and words in exc.value.message, (words, exc.value.message)
    assert asyncio.run(host.list_games(pb.ListGamesRequest())).games == []


def test_a_chat_while_a_clock_runs_does_not_move_the_deadline_verify_computes():
    """The Republic of Carthage R110 (a Say changes nothing) and docs/PROTOCOL.md "Clocks": talk
    neither stops nor credits a clock, on the host and in verify alike, so the expiry that follows
    verifies (verify used to settle the talker's clock, crediting an increment the host never gave)."""
    from engine.games.republic_of_carthage import commands as roc

    now = [9_000_000]
    host = clocked_host(now)
    game_id, tokens = make_game(host, pb.TimeControl(initial_ms=60_000, increment_ms=5_000),
                                game_type="republic-of-carthage")
    wire = wire_for(registry.get("republic-of-carthage"))
    running = status(host, game_id).to_act[0]
    now[0] += 1_000
    req = pb.SubmitCommandRequest(game_id=game_id)
    wire.command_into(getattr(req.command, wire.field), roc.Say(to=-1, text="my clock runs"))
    asyncio.run(host.submit(req, tokens[running]))
    time_out_and_check(host, now, game_id)


# ---------------------------------------------------------------- the --clock syntax ----------

def test_one_clock_syntax_for_carthago_new_and_carthago_tournament():
    """README.md ("--clock") and docs/PROTOCOL.md "Clocks": 600+5 Fischer, 600d3 a delay, 3d / 36h
    / 90m correspondence; anything else names the syntax."""
    assert parse_clock("600+5") == ClockSpec(600_000, 5_000) == T.parse_clock("600+5")
    assert parse_clock("600") == ClockSpec(600_000, 0)
    assert parse_clock("0.5+0.1") == ClockSpec(500, 100)
    assert parse_clock("600d3") == ClockSpec(600_000, 0, 3_000) == T.parse_clock("600d3")
    assert parse_clock("3d") == ClockSpec(per_move_ms=3 * DAY)
    assert parse_clock("36h") == ClockSpec(per_move_ms=36 * HOUR) == T.parse_clock("36h")
    assert parse_clock("1.5h") == ClockSpec(per_move_ms=90 * 60_000) == parse_clock("90m")
    assert parse_clock("") is None and T.parse_clock(None) is None
    for bad in ("600+", "d3", "3w", "600d3+1", "ten", "3 d"):
        with pytest.raises(ValueError, match="600d3"):
            parse_clock(bad)
        with pytest.raises(T.TournamentError, match="600d3"):
            T.parse_clock(bad)
    # standings.json keeps its old shape for Fischer clocks
    assert ClockSpec(600_000, 5_000).as_dict() == {"initial_ms": 600_000, "increment_ms": 5_000}
    assert ClockSpec(per_move_ms=DAY).as_dict()["per_move_ms"] == DAY


def test_carthago_new_creates_delay_and_correspondence_games(client, server, capsys):
    for text, want in (("600d3", (600_000, 0, 3_000, 0)), ("3d", (0, 0, 0, 3 * DAY))):
        assert cli.main(["new", "roma", "--clock", text, "--server", server.addr]) == 0
        game_id = capsys.readouterr().out.split("game id: ")[1].split()[0]
        for s in range(2):
            client.join(game_id, seat=s)
        created = pb.LogRecord.FromString(next(split_export(client.export(game_id, OPERATOR).records))[1].body)
        tc = created.event.platform.game_created.time_control
        assert (tc.initial_ms, tc.increment_ms, tc.delay_ms, tc.per_move_ms) == want
        clocks = client.game(game_id).status.clocks
        assert [c.remaining_ms for c in clocks] == [want[0] or want[3]] * 2
    with pytest.raises(SystemExit) as exc:
        cli.main(["new", "roma", "--clock", "3w", "--server", server.addr])
    assert "correspondence" in str(exc.value.code)


def test_a_tournament_under_a_delay_records_it_and_audits(tmp_path, capsys, monkeypatch):
    """README.md "Tournaments" (--clock as for `carthago new`): a bot slower than the delay spends
    its total and loses on time; a quick one is never charged; standings.json records the delay and
    verify-tournament checks it against the logs. (The project's search bot spends by its clock,
    search.clock: here it is made to ignore it, as a naive bot may.)"""
    import json

    monkeypatch.setattr("search.bot.budget_under", lambda budget, clock: budget)

    out = tmp_path / "delayed"
    assert cli.main(["tournament", "--game", "roma", "--bot", "slow=mcts:400ms", "--bot", "quick=random",
                     "--games-per-pairing", "1", "--clock", "0.5d0.3", "--seed", "d", "--out", str(out)]) == 0
    doc = json.loads((out / "standings.json").read_text())
    assert doc["clock_ms"] == {"initial_ms": 500, "increment_ms": 0, "delay_ms": 300}
    assert "500 s" not in (out / "README.txt").read_text() and "0.3 s delay" in (out / "README.txt").read_text()
    game = doc["games"][0]
    assert game["reason"] == "RESULT_REASON_TIMEOUT" and game["winners"] == [game["seats"].index("quick")]
    capsys.readouterr()
    assert cli.main(["verify-tournament", str(out)]) == 0, capsys.readouterr()
    doc["clock_ms"].pop("delay_ms")  # the standings claim Fischer clocks; the logs say otherwise
    (out / "standings.json").write_text(json.dumps(doc))
    capsys.readouterr()
    assert cli.main(["verify-tournament", str(out)]) == 1
    assert "delay_ms" in capsys.readouterr().out


def test_verify_refuses_a_log_created_with_a_time_control_the_server_refuses():
    """docs/PROTOCOL.md "Clocks": the same rules of combination hold for a log's GameCreated, so a
    forged log cannot claim a control (an increment and a delay) no server would create."""
    now = [3_000_000]
    host = clocked_host(now)
    game_id, tokens = make_game(host, pb.TimeControl(initial_ms=4_000, increment_ms=1_000))
    _, data = time_out_and_check(host, now, game_id)
    bodies = [pb.LogRecord.FromString(s.body) for _, s in split_export(data)]
    bodies[0].event.platform.game_created.time_control.delay_ms = 1_000
    bad = verify(resealed(bodies))
    assert not bad.ok and bad.first_bad_seq == 0 and "choose one" in bad.problem, bad.describe()


def test_the_open_seats_feed_tells_a_delay_and_a_correspondence_game_apart():
    """docs/PROTOCOL.md "Clocks" (OpenGame.time_control): a game's entry carries its whole time control."""
    from server.feed import Filter, open_seats
    from server.store import GameMeta

    meta = GameMeta("roma-x", "roma", 2, {}, b"", 1_000)
    for tc in (pb.TimeControl(initial_ms=60_000, delay_ms=2_000), pb.TimeControl(per_move_ms=3 * DAY),
               pb.TimeControl(initial_ms=60_000, increment_ms=1_000)):
        entry = open_seats(meta, set(), pb.GameCreated(time_control=tc))
        msg = Filter(pb.WatchOpenSeatsRequest()).view(entry)
        assert msg.HasField("time_control") and msg.time_control == tc


def test_batches_and_views_carry_the_servers_clock_each_at_its_own_send():
    """docs/PROTOCOL.md "Clocks": deadlines are on the server's clock, so every EventBatch and GetView
    answer says what that clock read as it was sent; a batch encoded once for an audience still gets
    each subscriber's own send time (a later subscriber of the same head reads a later time)."""
    from tests.test_platform_commands import clocked_host, host_move, make_clocked

    now = [7_000_000]
    host = clocked_host(now)
    game_id, tokens = make_clocked(host)

    async def first_batch(token):
        stream = host.stream(pb.StreamEventsRequest(game_id=game_id, from_seq=10_000), token)
        data = await stream.__anext__()
        await stream.aclose()
        return pb.EventBatch.FromString(data)

    a = asyncio.run(first_batch(tokens[0]))
    now[0] += 1_234
    b = asyncio.run(first_batch(tokens[0]))  # the same audience and head: the cached encoding
    assert (a.server_time_unix_ms, b.server_time_unix_ms) == (7_000_000, 7_001_234)
    a.ClearField("server_time_unix_ms"), b.ClearField("server_time_unix_ms")
    assert a == b and a.head_seq > 0 and len(a.status.clocks) == 2
    now[0] += 10
    view = asyncio.run(host.get_view(pb.GetViewRequest(game_id=game_id), tokens[1]))
    assert view.server_time_unix_ms == 7_001_244
    host_move(host, game_id, tokens)
    deadline = max(c.deadline_unix_ms for c in asyncio.run(host.get_game(game_id)).status.clocks)
    assert deadline > now[0]  # a client shows deadline − server time, whatever its own clock says
