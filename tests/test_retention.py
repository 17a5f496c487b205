"""Retention (server.retention, `carthago admin`, docs/OPERATIONS.md): stale games listed and
aborted by an operator's record that `carthago verify` accepts; finished games exported, verified,
listed and only then purged; a purge without an export is refused."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from carthago.v1 import carthago_pb2 as pb
from server import retention as R
from server.host import GameHost, HostConfig
from server.log import export_bytes, verify, verify_live

from .test_host import play
from .test_ops import sqlite_store  # noqa: F401 - the fixture: Roma games claimed, in play, finished

DAY = R.DAY_MS


def _kinds(s, game_id) -> list[str]:
    return [pb.LogRecord.FromString(r.body).event.platform.WhichOneof("kind") or "" for r in s.read(game_id)]


def _over(s, game_id) -> bool:
    return asyncio.run(GameHost(s, HostConfig()).get_game(game_id)).status.over


def test_stale_lists_unfinished_games_by_the_time_of_their_last_record(sqlite_store):
    spec, s, games = sqlite_store
    now = max(pb.LogRecord.FromString(s.read(g)[-1].body).envelope.received_at_unix_ms for g in games)
    live = [g for g in games if not _over(s, g)]
    assert len(live) == 2
    assert R.stale_games(spec, 3, now_ms=now) == []                      # nothing idle 3 days yet
    stale = R.stale_games(spec, 3, now_ms=now + 3 * DAY + 1)
    assert sorted(g.game_id for g in stale) == sorted(live)              # the finished one is never stale
    assert all(g.idle_days >= 3 for g in stale)
    with pytest.raises(R.RetentionError, match="more than 0"):
        R.stale_games(spec, 0)


def test_the_operators_abort_ends_a_game_in_play_with_a_record_verify_accepts(sqlite_store):
    spec, s, games = sqlite_store
    live = max((g for g in games if not _over(s, g)), key=lambda g: len(s.read(g)))  # moves were played
    before = len(s.read(live))
    seq = R.abort_game(spec, live, "abandoned: no move for 30 days")
    assert seq == before
    assert _kinds(s, live)[-2:] == ["operator_aborted", "seed_revealed"]
    body = pb.LogRecord.FromString(s.read(live)[seq].body)
    assert (body.envelope.seat, body.event.platform.operator_aborted.reason) == (-1, "abandoned: no move for 30 days")
    verdict = verify(export_bytes(s.read(live)))
    assert verdict.ok, verdict.describe()
    assert verdict.result.startswith("aborted, no result (by the operator)")
    from server.render import moves

    last = moves(export_bytes(s.read(live)))[-1]
    assert (last.seq, last.seat, last.text) == (seq, -1, "The operator aborts the game (no result): "
                                                          "abandoned: no move for 30 days")
    assert s.get_game(live).finished
    status = asyncio.run(GameHost(s, HostConfig()).get_game(live)).status
    assert status.over and status.result_reason == pb.RESULT_REASON_ABORTED and not status.HasField("ended_by_seat")


def test_an_abort_that_cannot_be_changes_nothing(sqlite_store):
    spec, s, games = sqlite_store
    finished = next(g for g in games if _over(s, g))
    live = next(g for g in games if not _over(s, g))
    heads = {g: s.head(g) for g in games}
    with pytest.raises(R.RetentionError, match="GAME_OVER"):
        R.abort_game(spec, finished, "too late")
    with pytest.raises(R.RetentionError, match="MALFORMED_COMMAND"):
        R.abort_game(spec, live, "  ")
    with pytest.raises(R.RetentionError, match="MALFORMED_COMMAND"):
        R.abort_game(spec, live, "x" * 201)
    with pytest.raises(R.RetentionError, match="no game"):
        R.abort_game(spec, "roma-nope", "gone")
    assert {g: s.head(g) for g in games} == heads


def test_a_second_operator_abort_does_not_verify(sqlite_store):
    """The verifier replays an operator's abort as it does any platform record: a log resealed with
    a second abort, after the first ended the game, is refused there."""
    from engine import platform as pf
    from server.log import Chain, platform_event_to_proto

    spec, s, games = sqlite_store
    live = next(g for g in games if not _over(s, g))
    R.abort_game(spec, live, "first")
    records, meta = s.read(live), s.get_game(live)
    chain = Chain(live, meta.seed, records[-1].seq, records[-2].hash)  # in place of the seed's reveal
    forged = [chain.platform(platform_event_to_proto(pf.OperatorAborted("again")), 1, pb.RECORD_AUTHOR_OPERATOR)[0],
              chain.platform(pb.PlatformEvent(seed_revealed=pb.SeedRevealed(seed=meta.seed)), 1)[0]]
    verdict = verify(export_bytes(records[:-1] + forged))
    assert not verdict.ok and verdict.first_bad_seq == records[-1].seq and "GAME_OVER" in verdict.problem


def test_verify_live_checks_a_game_in_play_with_the_stores_seed(sqlite_store):
    _spec, s, games = sqlite_store
    live = max((g for g in games if not _over(s, g)), key=lambda g: len(s.read(g)))
    meta = s.get_game(live)
    data = export_bytes(s.read(live))
    assert verify_live(data, meta.seed).ok
    assert "seed" in verify_live(data, b"another seed").problem
    assert not verify(data).ok  # an export of a game in play cannot be verified without its seed


def test_purge_is_refused_without_an_export_and_exports_then_deletes(sqlite_store, tmp_path):
    spec, s, games = sqlite_store
    finished = next(g for g in games if _over(s, g))
    last = pb.LogRecord.FromString(s.read(finished)[-1].body).envelope.received_at_unix_ms
    with pytest.raises(R.RetentionError, match="without an export is refused"):
        R.purge_finished(spec, 30, None, now_ms=last + 31 * DAY)
    assert R.purge_finished(spec, 30, str(tmp_path / "x"), now_ms=last + 29 * DAY) == []  # not old enough
    records = s.read(finished)
    dry = R.purge_finished(spec, 30, str(tmp_path / "out"), dry_run=True, now_ms=last + 31 * DAY)
    assert [p.game_id for p in dry] == [finished] and s.get_game(finished) is not None
    done = R.purge_finished(spec, 30, str(tmp_path / "out"), now_ms=last + 31 * DAY)
    assert [p.game_id for p in done] == [finished]
    assert s.get_game(finished) is None and s.read(finished) == [] and s.seats(finished) == []
    exported = (tmp_path / "out" / f"{finished}.log").read_bytes()
    assert exported == export_bytes(records) and verify(exported).ok
    entry, = [json.loads(line) for line in (tmp_path / "out" / "purged.jsonl").read_text().splitlines()]
    assert entry["game_id"] == finished and entry["head_hash"] == records[-1].hash.hex()
    assert sorted(g for g in games if s.get_game(g) is not None) == sorted(g for g in games if g != finished)


def test_a_purge_whose_export_would_overwrite_another_file_keeps_the_game(sqlite_store, tmp_path):
    spec, s, games = sqlite_store
    finished = next(g for g in games if _over(s, g))
    last = pb.LogRecord.FromString(s.read(finished)[-1].body).envelope.received_at_unix_ms
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / f"{finished}.log").write_bytes(b"someone else's file")
    with pytest.raises(R.RetentionError, match="never overwritten"):
        R.purge_finished(spec, 1, str(tmp_path / "out"), now_ms=last + 2 * DAY)
    assert s.get_game(finished) is not None


def test_a_running_server_sees_the_operators_abort(sqlite_store):
    """The abort is written to the store beside a host that has the game in memory: its next command
    is refused (the game is over), as after another process's commit."""
    spec, s, games = sqlite_store
    live = next(g for g in games if not _over(s, g))
    host = GameHost(s, HostConfig())
    assert not asyncio.run(host.get_game(live)).status.over
    R.abort_game(spec, live, "stopped by the club")
    status = asyncio.run(host.get_game(live)).status
    assert status.over and status.result_reason == pb.RESULT_REASON_ABORTED
    assert play(host, live, games[live], 1, random.Random(1)) == 0


def test_the_admin_command(sqlite_store, tmp_path, capsys):
    from carthago.cli import main

    spec, s, games = sqlite_store
    assert main(["admin", "stale", "--store", spec, "--days", "1"]) == 0
    assert capsys.readouterr().out == ""
    live = next(g for g in games if not _over(s, g))
    assert main(["admin", "abort", live, "--store", spec, "--reason", "test"]) == 0
    assert f"aborted {live}" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="refused"):
        main(["admin", "purge", "--store", spec, "--older-than-days", "1"])
    assert main(["admin", "verify", "--store", spec, "--jobs", "2"]) == 0
    assert capsys.readouterr().out.endswith("3 logs verified, 0 INVALID\n")


def test_abort_and_purge_on_postgres(pg_url, tmp_path):
    from server.stores import open_store

    from .test_ops import populate

    s = open_store(pg_url)
    try:
        games = populate(s, moves=(3, 10_000), seed=8)
        live, finished = (next(g for g in games if _over(s, g) == over) for over in (False, True))
        R.abort_game(pg_url, live, "abandoned")
        assert verify(export_bytes(s.read(live))).ok and s.get_game(live).finished
        last = pb.LogRecord.FromString(s.read(finished)[-1].body).envelope.received_at_unix_ms
        records = s.read(finished)
        done = R.purge_finished(pg_url, 1, str(tmp_path / "out"), now_ms=last + 2 * DAY)
        assert sorted(p.game_id for p in done) == sorted([live, finished])  # the aborted game is finished too
        assert s.get_game(finished) is None and s.read(finished) == [] and s.get_game(live) is None
        assert (tmp_path / "out" / f"{finished}.log").read_bytes() == export_bytes(records)
        assert verify((tmp_path / "out" / f"{live}.log").read_bytes()).result.startswith("aborted")
    finally:
        s.close()
