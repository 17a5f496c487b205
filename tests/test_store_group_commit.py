"""Group commit in the SQLite store: many appends share one transaction (one fsync), and a
failing append in a group fails alone (DESIGN.md "The log": optimistic concurrency on
(game_id, seq); an acknowledged append is never lost).

The writer thread is held back by another connection holding SQLite's write lock, so that the
appends below are queued while it waits, and committed together once the lock is released.
"""

from __future__ import annotations

import sqlite3
import time

import pytest

from server.store import Conflict, GameMeta, Record, SqliteStore


def rec(seq: int, tag: str = "") -> Record:
    return Record(seq, f"body{seq}{tag}".encode(), f"hash{seq}{tag}".encode())


class WriteLock:
    """Another connection holding the database's write lock: the store's writer waits on it."""

    def __init__(self, path: str) -> None:
        self.db = sqlite3.connect(path, isolation_level=None)
        self.db.execute("BEGIN IMMEDIATE")

    def release(self) -> None:
        self.db.execute("ROLLBACK")
        self.db.close()


def wait_all(futures, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    for f in futures:
        f.exception(timeout=max(0.0, deadline - time.monotonic()))


@pytest.fixture
def store(tmp_path):
    s = SqliteStore(str(tmp_path / "g.db"))
    for g in ("a", "b", "c"):
        s.create_game(GameMeta(g, "roma", 2, {}, b"seed", 1))
    yield s
    s.close()


def test_a_conflicting_append_in_a_group_fails_alone(store):
    store.append("a", [rec(0)], (0, "req-a0", b"fp", b"answer"))
    commits, writes = store.commits, store.writes
    lock = WriteLock(store.path)
    # queued while the writer waits for the lock; the conflicting appends are never first in the queue
    good_b = store.start_append("b", [rec(0), rec(1)])
    taken_seq = store.start_append("a", [rec(0, "x"), rec(1, "x")])            # seq 0 of "a" is taken
    good_a = store.start_append("a", [rec(1), rec(2)], (0, "req-a1", b"fp", b"answer"))
    reused = store.start_append("c", [rec(0)], (0, "req-a0", b"fp", b"answer"))  # key is per game: fine
    same_request = store.start_append("a", [rec(3)], (0, "req-a1", b"fp2", b"again"))  # request id taken
    good_c = store.start_append("c", [rec(1)])
    assert not any(f.done() for f in (good_b, taken_seq, good_a, reused, same_request, good_c))
    lock.release()
    wait_all([good_b, taken_seq, good_a, reused, same_request, good_c])
    assert isinstance(taken_seq.exception(), Conflict)
    assert isinstance(same_request.exception(), Conflict)
    for ok in (good_b, good_a, reused, good_c):
        assert ok.exception() is None
    # six appends, four written, in at most two transactions (the writer may have taken the
    # first before the others were queued): they were grouped
    assert store.writes - writes == 4
    assert store.commits - commits <= 2
    # nothing of a refused append landed, everything of the others did
    assert [(r.seq, r.body) for r in store.read("a")] == [(0, b"body0"), (1, b"body1"), (2, b"body2")]
    assert store.find_request("a", 0, "req-a1") == (b"fp", b"answer")
    assert [r.seq for r in store.read("b")] == [0, 1]
    assert [r.seq for r in store.read("c")] == [0, 1]


def test_grouped_appends_survive_reopening(tmp_path):
    path = str(tmp_path / "d.db")
    store = SqliteStore(path)
    games = [f"g{i}" for i in range(40)]
    for g in games:
        store.create_game(GameMeta(g, "roma", 2, {}, b"seed", 1))
    commits = store.commits
    lock = WriteLock(path)
    futures = [store.start_append(g, [rec(0), rec(1)], (0, f"r-{g}", b"fp", b"answer")) for g in games]
    futures += [store.start_append(g, [rec(2)]) for g in games]
    lock.release()
    wait_all(futures)
    assert all(f.exception() is None for f in futures)
    assert store.commits - commits <= 2  # 80 appends in one or two transactions
    # every resolved append is visible to an independent connection before the store closes
    other = sqlite3.connect(path)
    assert other.execute("SELECT COUNT(*) FROM records").fetchone()[0] == 3 * len(games)
    other.close()
    store.close()
    again = SqliteStore(path)
    for g in games:
        assert [r.seq for r in again.read(g)] == [0, 1, 2]
        assert again.find_request(g, 0, f"r-{g}") == (b"fp", b"answer")
    again.close()


def test_appends_queued_before_close_are_committed_and_later_ones_refused(tmp_path):
    path = str(tmp_path / "c.db")
    store = SqliteStore(path)
    store.create_game(GameMeta("g", "roma", 2, {}, b"seed", 1))
    lock = WriteLock(path)
    queued = store.start_append("g", [rec(0)])
    lock.release()
    store.close()  # waits for the writer to finish what it was given
    assert queued.done() and queued.exception() is None
    late = store.start_append("g", [rec(1)])
    assert isinstance(late.exception(timeout=5), RuntimeError)
    again = SqliteStore(path)
    assert [r.seq for r in again.read("g")] == [0]
    again.close()


def test_a_write_cancelled_while_queued_is_not_written(tmp_path):
    path = str(tmp_path / "x.db")
    store = SqliteStore(path)
    store.create_game(GameMeta("g", "roma", 2, {}, b"seed", 1))
    lock = WriteLock(path)
    first = store.start_append("g", [rec(0)])
    time.sleep(0.05)  # not a timing assertion: lets the writer take `first` (either way the test holds)
    cancelled = store.start_append("g", [rec(1)])
    kept = store.start_append("g", [rec(1, "k")])
    was_cancelled = cancelled.cancel()
    lock.release()
    wait_all([first, kept] + ([] if was_cancelled else [cancelled]))
    bodies = [r.body for r in store.read("g")]
    if was_cancelled:  # the writer had not taken it yet: it was skipped, so the next one took seq 1
        assert bodies == [b"body0", b"body1k"]
        assert kept.exception() is None
    else:  # already being written: not cancellable, and it took seq 1
        assert bodies == [b"body0", b"body1"]
        assert isinstance(kept.exception(), Conflict)
    store.close()


def test_an_append_commits_on_the_callers_thread_when_the_writer_is_idle(store):
    """Nothing queued, no group being written: the append is committed before start_append returns
    (no hand-off to the writer thread and back), and it is durable like any other."""
    inline, commits = store.inline_commits, store.commits
    done = store.start_append("a", [rec(0)], (0, "req-0", b"fp", b"answer"))
    assert done.done() and done.exception() is None
    assert store.inline_commits == inline + 1 and store.commits == commits + 1
    refused = store.start_append("a", [rec(0, "x")])  # inline too, and refused alone
    assert isinstance(refused.exception(timeout=0), Conflict)
    assert [(r.seq, r.body) for r in store.read("a")] == [(0, b"body0")]
    # another connection holds the write lock: the append is queued, never waited for on this thread
    lock = WriteLock(store.path)
    started = time.monotonic()
    queued = store.start_append("a", [rec(1)])
    assert time.monotonic() - started < 1.0 and not queued.done()
    lock.release()
    wait_all([queued])
    assert queued.exception() is None and [r.seq for r in store.read("a")] == [0, 1]


def test_an_append_asked_not_to_commit_inline_goes_to_the_writer_even_when_it_is_idle(store):
    """``inline=False`` (the host under concurrent load): the append is queued for the writer
    thread even though nothing else is, so the caller's thread never waits for an fsync; it is
    durable once its future resolves, as any other."""
    inline, commits = store.inline_commits, store.commits
    queued = store.start_append("b", [rec(0)], (0, "req-b0", b"fp", b"answer"), inline=False)
    wait_all([queued])
    assert queued.exception() is None
    assert store.inline_commits == inline and store.commits == commits + 1
    assert [r.seq for r in store.read("b")] == [0]
