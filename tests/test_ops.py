"""Backup, restore and migration of a store (server.ops, docs/OPERATIONS.md): a restored or
migrated store serves every game and every log verifies, on SQLite and on PostgreSQL; a backup is
one consistent moment; a migration refuses a target that holds other data, resumes after an
interruption, and a live game goes on being played on the target."""

from __future__ import annotations

import asyncio
import random
import sqlite3

import psycopg
import pytest

from carthago.v1 import carthago_pb2 as pb
from server import ops
from server.host import GameHost, HostConfig
from server.log import export_bytes, verify
from server.pgstore import SCHEMA_VERSION, parse_url
from server.store import SqliteStore
from server.stores import open_store

from .test_host import play


def _run(coro):
    return asyncio.run(coro)


def populate(store, moves=(0, 9, 10_000), seed=1) -> dict[str, list[str]]:
    """Roma games on ``store``: one with its seats claimed and no move, one in play, one finished.
    Returns each game's seat tokens."""
    host = GameHost(store, HostConfig(snapshot_every=5))
    rnd = random.Random(seed)
    games = {}
    for n in moves:
        game = _run(host.create_game(pb.CreateGameRequest(game_type="roma"))).game
        tokens = [_run(host.join_game(pb.JoinGameRequest(game_id=game.game_id, seat=s))).token for s in range(2)]
        play(host, game.game_id, tokens, n, rnd)
        games[game.game_id] = tokens
    return games


@pytest.fixture
def sqlite_store(tmp_path):
    path = tmp_path / "live.db"
    store = SqliteStore(str(path))
    games = populate(store)
    yield f"sqlite:{path}", store, games
    store.close()


def statuses(spec: str, game_ids) -> dict[str, tuple]:
    """What a server on ``spec`` says of each game: (head seq, over, result reason, to act)."""
    store = open_store(spec)
    try:
        host = GameHost(store, HostConfig())
        out = {}
        for gid in game_ids:
            g = _run(host.get_game(gid))
            out[gid] = (g.head_seq, g.status.over, g.status.result_reason, tuple(g.status.to_act))
        return out
    finally:
        store.close()


def test_a_sqlite_backup_restores_into_sqlite_and_postgres_serving_every_game(sqlite_store, tmp_path, pg_url):
    spec, _store, games = sqlite_store
    before = statuses(spec, games)
    assert sorted(over for _, over, _, _ in before.values()) == [False, False, True]  # live ones and a finished one
    report = ops.backup(spec, str(tmp_path / "b.db"), verify=True)
    assert (report.games, report.verified, report.problems) == (3, 3, [])
    for target in (f"sqlite:{tmp_path / 'restored.db'}", pg_url):
        report = ops.restore(str(tmp_path / "b.db"), target)
        assert (report.copied, report.verified, report.problems) == (3, 3, [])
        assert statuses(target, games) == before


def test_a_postgres_backup_restores_every_game_and_log(pg_url, tmp_path):
    store = open_store(pg_url)
    games = populate(store, seed=2)
    store.close()
    before = statuses(pg_url, games)
    report = ops.backup(pg_url, str(tmp_path / "pg.db"), verify=True)
    assert (report.copied, report.verified, report.problems) == (3, 3, [])
    report = ops.restore(str(tmp_path / "pg.db"), f"sqlite:{tmp_path / 'back.db'}")
    assert (report.verified, report.problems) == (3, [])
    assert statuses(f"sqlite:{tmp_path / 'back.db'}", games) == before


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_a_reader_sees_one_moment_while_the_store_goes_on(kind, tmp_path, request):
    """What backup reads of PostgreSQL (REPEATABLE READ) and of a SQLite store (one read transaction)
    does not move while the server commits: every table is as of the moment it began."""
    spec = f"sqlite:{tmp_path / 's.db'}" if kind == "sqlite" else request.getfixturevalue("pg_url")
    store = open_store(spec)
    games = populate(store, moves=(9,), seed=3)
    (gid, tokens), = games.items()
    reader = ops.open_reader(spec)
    try:
        head = reader.records(gid)[-1].seq
        play(GameHost(store, HostConfig()), gid, tokens, 3, random.Random(4))
        assert store.head(gid)[0] > head
        assert reader.records(gid)[-1].seq == head
        assert [r[0] for r in reader.game_rows()] == [gid]
    finally:
        reader.close()
        store.close()


def test_a_backup_never_overwrites_and_a_tampered_backup_fails_its_restore(sqlite_store, tmp_path):
    spec, _store, games = sqlite_store
    out = tmp_path / "b.db"
    ops.backup(spec, str(out))
    with pytest.raises(ops.OpsError, match="never overwrites"):
        ops.backup(spec, str(out))
    finished = next(g for g, (_, over, _, _) in statuses(spec, games).items() if over)
    db = sqlite3.connect(out)
    body = db.execute("SELECT body FROM records WHERE game_id=? AND seq=5", (finished,)).fetchone()[0]
    db.execute("UPDATE records SET body=? WHERE game_id=? AND seq=5", (body[:-1] + bytes([body[-1] ^ 1]), finished))
    db.commit()
    db.close()
    for jobs in (1, 2):  # one process, or a pool of them: the same verdicts
        report = ops.restore(str(out), f"sqlite:{tmp_path / f'r{jobs}.db'}", jobs=jobs)
        assert report.verified == 2
        assert len(report.problems) == 1 and report.problems[0].startswith(f"{finished}: INVALID at seq 5")


def test_migrate_refuses_a_target_that_holds_other_data(sqlite_store, pg_url):
    spec, _store, _games = sqlite_store
    other = open_store(pg_url)
    populate(other, moves=(2,), seed=5)
    other.close()
    conninfo, schema = parse_url(pg_url)
    with psycopg.connect(conninfo) as db:
        before = db.execute(f"SELECT COUNT(*) FROM {schema}.records").fetchone()[0]
    with pytest.raises(ops.OpsError, match="holds other data"):
        ops.migrate_store(spec, pg_url)
    with psycopg.connect(conninfo) as db:
        assert db.execute(f"SELECT COUNT(*) FROM {schema}.records").fetchone()[0] == before
        assert db.execute(f"SELECT COUNT(*) FROM {schema}.games").fetchone()[0] == 1


def test_migrate_refuses_a_target_whose_game_has_another_log(sqlite_store, tmp_path):
    spec, _store, games = sqlite_store
    target = f"sqlite:{tmp_path / 't.db'}"
    ops.migrate_store(spec, target)
    gid = next(iter(games))
    db = sqlite3.connect(tmp_path / "t.db")
    db.execute("UPDATE records SET hash=? WHERE game_id=? AND seq=(SELECT MAX(seq) FROM records WHERE game_id=?)",
               (b"x" * 32, gid, gid))
    db.commit()
    db.close()
    with pytest.raises(ops.OpsError, match="not the one in"):
        ops.migrate_store(spec, target)


class Exploding(list):
    """Rows whose reading is cut short (the process interrupted in the middle of a game's transaction)."""

    def __iter__(self):
        raise KeyboardInterrupt


def test_an_interrupted_migration_resumes_and_a_live_game_goes_on_on_the_target(sqlite_store, pg_url, monkeypatch):
    spec, store, games = sqlite_store
    monkeypatch.setattr(ops, "BATCH_GAMES", 1)  # a transaction per game, so that one can be cut
    real = ops.PgWriter.write_games
    calls = []

    def interrupted(self, jobs):
        calls.append(jobs[0][0]["games"][0][0])
        if len(calls) == 2:  # the second game: its games, seats and records rows go in, then the process stops
            jobs = [({**tables, "snapshots": Exploding([("x",)])}, new) for tables, new in jobs]
        return real(self, jobs)

    monkeypatch.setattr(ops.PgWriter, "write_games", interrupted)
    with pytest.raises(KeyboardInterrupt):
        ops.migrate_store(spec, pg_url)
    monkeypatch.setattr(ops.PgWriter, "write_games", real)
    conninfo, schema = parse_url(pg_url)
    with psycopg.connect(conninfo) as db:
        assert [r[0] for r in db.execute(f"SELECT DISTINCT game_id FROM {schema}.records")] == [calls[0]]

    # the source goes on while the first run was cut: one more move in the live game
    live = next(g for g, (_, over, _, _) in statuses(spec, games).items() if not over and g != calls[0]
                and statuses(spec, [g])[g][0] > 3)
    play(GameHost(store, HostConfig()), live, games[live], 1, random.Random(6))
    report = ops.migrate_store(spec, pg_url)
    assert (report.present, report.copied, report.extended, report.verified, report.problems) == (1, 2, 0, 3, [])
    assert statuses(pg_url, games) == statuses(spec, games)
    with psycopg.connect(conninfo) as db:
        total = db.execute(f"SELECT COUNT(*) FROM {schema}.records").fetchone()[0]
    assert total == sum(len(store.read(g)) for g in games)

    # the live game is played on, to its end, on the target with the seats' own tokens
    target = open_store(pg_url)
    try:
        host = GameHost(target, HostConfig())
        play(host, live, games[live], 10_000, random.Random(7))
        assert _run(host.get_game(live)).status.over
        verdict = verify(export_bytes(target.read(live)))
        assert verdict.ok, verdict.describe()
    finally:
        target.close()


def test_the_migrate_command_copies_and_still_upgrades_a_schema(sqlite_store, pg_url, capsys):
    from carthago.cli import main

    spec, _store, _games = sqlite_store
    assert main(["migrate", "--store", pg_url]) == 0
    assert f"version 0 -> {SCHEMA_VERSION}" in capsys.readouterr().out
    assert main(["migrate", "--from", spec, "--to", pg_url]) == 0
    assert "3 games: 3 copied" in capsys.readouterr().out
    assert main(["migrate", "--from", spec, "--to", spec]) == 1
    assert "same store" in capsys.readouterr().err
