"""What the PostgreSQL store adds to the common contract (tests/test_store.py): group commit with
conflicts that fail alone, two processes' groups racing on one game, notifications that follow
commits (and only commits), a versioned schema, and a lost connection that is reported, never
taken for success.
"""

from __future__ import annotations

import asyncio
import threading
import time

import psycopg
import pytest

from server.pgstore import SCHEMA_VERSION, PostgresStore, StoreUnavailable, migrate, parse_url
from server.store import Conflict, GameMeta, Record

from .test_store_group_commit import wait_all


def rec(seq: int, tag: str = "") -> Record:
    return Record(seq, f"body{seq}{tag}".encode(), f"hash{seq}{tag}".encode())


class TableLock:
    """Another connection holding an exclusive lock on the records table: appends wait on it."""

    def __init__(self, url: str) -> None:
        conninfo, schema = parse_url(url)
        self.db = psycopg.connect(conninfo)
        self.db.execute(f"LOCK TABLE {schema}.records IN EXCLUSIVE MODE")

    def release(self) -> None:
        self.db.rollback()
        self.db.close()


@pytest.fixture
def store(pg_url):
    s = PostgresStore(pg_url)
    for g in ("a", "b", "c"):
        s.create_game(GameMeta(g, "roma", 2, {}, b"seed", 1))
    yield s
    s.close()


def test_a_conflicting_append_in_a_group_fails_alone(store, pg_url):
    store.append("a", [rec(0)], (0, "req-a0", b"fp", b"answer"))
    commits, writes = store.commits, store.writes
    lock = TableLock(pg_url)
    good_b = store.start_append("b", [rec(0), rec(1)])
    taken_seq = store.start_append("a", [rec(0, "x"), rec(1, "x")])
    good_a = store.start_append("a", [rec(1), rec(2)], (0, "req-a1", b"fp", b"answer"))
    same_request = store.start_append("a", [rec(3)], (0, "req-a1", b"fp2", b"again"))
    good_c = store.start_append("c", [rec(0)])
    time.sleep(0.2)  # not a timing assertion: the writer is blocked on the lock whatever the delay
    assert not any(f.done() for f in (good_b, taken_seq, good_a, same_request, good_c))
    lock.release()
    wait_all([good_b, taken_seq, good_a, same_request, good_c])
    assert isinstance(taken_seq.exception(), Conflict)
    assert isinstance(same_request.exception(), Conflict)
    assert all(f.exception() is None for f in (good_b, good_a, good_c))
    assert store.writes - writes == 3
    assert store.commits - commits <= 2  # the first append alone (taken before the lock), then the rest
    assert [(r.seq, r.body) for r in store.read("a")] == [(0, b"body0"), (1, b"body1"), (2, b"body2")]
    assert store.find_request("a", 0, "req-a1") == (b"fp", b"answer")


def test_two_processes_groups_racing_on_one_game_never_fork_it(pg_url):
    """Two stores (as two server processes would) append at the same seqs of many games at once:
    each seq of each game is won by exactly one of them, and every game's log has no gap."""
    stores = [PostgresStore(pg_url) for _ in range(2)]
    games = [f"g{i}" for i in range(30)]
    for g in games:
        stores[0].create_game(GameMeta(g, "roma", 2, {}, b"seed", 1))
    outcomes = {0: [], 1: []}
    barrier = threading.Barrier(2)

    def writer(k: int) -> None:
        barrier.wait()
        for seq in range(4):
            futures = [(g, stores[k].start_append(g, [rec(seq, f"w{k}")])) for g in reversed(games) if k]
            futures += [(g, stores[k].start_append(g, [rec(seq, f"w{k}")])) for g in games if not k]
            wait_all([f for _, f in futures])
            outcomes[k] += [(g, seq, f.exception()) for g, f in futures]

    threads = [threading.Thread(target=writer, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for g in games:
        log = stores[0].read(g)
        assert [r.seq for r in log] == list(range(len(log)))  # no gap, no fork
        for r in log:
            winner = 0 if r.body.endswith(b"w0") else 1
            mine = [e for gg, s, e in outcomes[winner] if gg == g and s == r.seq]
            theirs = [e for gg, s, e in outcomes[1 - winner] if gg == g and s == r.seq]
            assert mine == [None]
            assert len(theirs) == 1 and isinstance(theirs[0], Conflict)
    for s in stores:
        s.close()


def test_notifications_follow_commits_in_order_and_never_a_refused_append(pg_url):
    a, b = PostgresStore(pg_url), PostgresStore(pg_url)
    seen: list[tuple] = []
    got = threading.Event()

    def note(game_id, seq):
        seen.append((game_id, seq))
        if game_id == "g" and seq == 5:
            got.set()

    b.watch(note)
    assert b.listening.wait(10)
    a.create_game(GameMeta("g", "roma", 2, {}, b"seed", 1))
    a.append("g", [rec(0), rec(1)])
    with pytest.raises(Conflict):
        a.append("g", [rec(1, "x"), rec(2, "x")])  # refused: no notification
    a.append("g", [rec(2)])
    b.append("g", [rec(3), rec(4), rec(5)])
    assert got.wait(10)
    assert [s for s in seen if s[0] is not None] == [("g", 1), ("g", 2), ("g", 5)]
    assert seen[0] == (None, -1)  # told to resync when it started listening
    a.close()
    b.close()


def test_the_schema_is_versioned_and_migrated_once(pg_url):
    conninfo, schema = parse_url(pg_url)
    assert migrate(conninfo, schema) == (0, SCHEMA_VERSION)
    assert migrate(conninfo, schema) == (SCHEMA_VERSION, SCHEMA_VERSION)  # nothing to do the second time
    with psycopg.connect(conninfo, autocommit=True) as db:
        db.execute(f"INSERT INTO {schema}.schema_version (version) VALUES (%s)", (SCHEMA_VERSION + 1,))
    with pytest.raises(RuntimeError, match="newer than this server"):
        PostgresStore(pg_url)


def test_an_unmigrated_database_is_refused_when_migration_is_off(pg_url):
    with pytest.raises(RuntimeError, match="carthago migrate"):
        PostgresStore(pg_url, migrate_on_open=False)


def test_a_write_whose_connection_is_killed_is_unavailable_not_acknowledged(store, pg_url):
    """The writer's connection is terminated by the server while an append waits: the append is
    reported unavailable (never as done), and the store serves the next one on a new connection."""
    store.append("a", [rec(0)])
    lock = TableLock(pg_url)
    pending = store.start_append("a", [rec(1)])
    time.sleep(0.2)
    with psycopg.connect(parse_url(pg_url)[0], autocommit=True) as admin:
        pid = store._writer_db.info.backend_pid
        admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
    lock.release()
    assert isinstance(pending.exception(timeout=30), StoreUnavailable)
    assert [r.seq for r in store.read("a")] == [0]  # its transaction was rolled back by the server
    store.append("a", [rec(1)])  # a new connection
    assert [r.seq for r in store.read("a")] == [0, 1]


def test_reads_awaited_on_a_loop_agree_with_the_others_and_survive_a_killed_connection(store, pg_url):
    store.append("a", [rec(0)], (0, "req", b"fp", b"answer"))

    async def main() -> None:
        assert await store.head_and_request_async("a", 0, "req") == ((0, b"hash0"), (b"fp", b"answer"))
        assert await store.head_and_request_async("b", 0, "req") == store.head_and_request("b", 0, "req")
        assert await store.head_async("a") == store.head("a") == (0, b"hash0")
        with psycopg.connect(parse_url(pg_url)[0], autocommit=True) as admin:
            for conn, _ in store._aconns:
                admin.execute("SELECT pg_terminate_backend(%s)", (conn.info.backend_pid,))
        assert await store.head_async("a") == (0, b"hash0")  # on a new connection
        await store.close_async()

    asyncio.run(main())


def test_the_listener_reconnects_asks_for_a_resync_and_hears_again(pg_url):
    a, b = PostgresStore(pg_url), PostgresStore(pg_url)
    seen: list[tuple] = []
    b.watch(lambda game_id, seq: seen.append((game_id, seq)))
    assert b.listening.wait(10)
    a.create_game(GameMeta("g", "roma", 2, {}, b"seed", 1))
    with psycopg.connect(parse_url(pg_url)[0], autocommit=True) as admin:
        channel = b.channel
        pids = [r[0] for r in admin.execute(
            "SELECT pid FROM pg_stat_activity WHERE query ILIKE %s", (f'%LISTEN "{channel}"%',))]
        assert len(pids) == 1
        admin.execute("SELECT pg_terminate_backend(%s)", (pids[0],))
    deadline = time.monotonic() + 20
    while seen.count((None, -1)) < 2:  # once at the start, once after reconnecting
        assert time.monotonic() < deadline, seen
        time.sleep(0.05)
    a.append("g", [rec(0)])
    while ("g", 0) not in seen:
        assert time.monotonic() < deadline, seen
        time.sleep(0.05)
    a.close()
    b.close()
