"""The storage backends keep DESIGN.md "The log" guarantees: append-only, atomic, unique seqs.

One contract, run against every backend: memory, SQLite and PostgreSQL (a schema of its own per
test; see tests/pg.py for when PostgreSQL is skipped or required).
"""

from __future__ import annotations

import threading

import pytest

from server.store import Conflict, GameMeta, MemoryStore, Record, SeatRow, Snapshot, SqliteStore

BACKENDS = ["memory", "sqlite", "postgresql"]


def opener(kind: str, request, tmp_path):
    """A function opening a store of ``kind``: each call another connection to one database."""
    if kind == "memory":
        shared = MemoryStore()
        return lambda: shared
    if kind == "sqlite":
        return lambda: SqliteStore(str(tmp_path / "t.db"))
    from server.pgstore import PostgresStore

    url = request.getfixturevalue("pg_url")  # skipped or required as tests/pg.py says
    return lambda: PostgresStore(url)


@pytest.fixture(params=BACKENDS)
def backend(request, tmp_path):
    return opener(request.param, request, tmp_path)


@pytest.fixture
def store(backend):
    s = backend()
    s.create_game(GameMeta("g1", "roma", 2, {"a": "b"}, b"seed", 1000))
    yield s
    s.close()


def rec(seq: int) -> Record:
    return Record(seq, f"body{seq}".encode(), f"hash{seq}".encode())


def test_appends_read_back_in_order(store):
    store.append("g1", [rec(0), rec(1)])
    store.append("g1", [rec(2)])
    assert [r.seq for r in store.read("g1")] == [0, 1, 2]
    assert [r.seq for r in store.read("g1", 1, 1)] == [1]
    assert store.head("g1") == (2, b"hash2")


def test_a_taken_seq_is_a_conflict_and_writes_nothing(store):
    store.append("g1", [rec(0), rec(1)])
    with pytest.raises(Conflict):
        store.append("g1", [rec(1), rec(2)])
    assert [r.seq for r in store.read("g1")] == [0, 1]


def test_request_answers_are_stored_with_their_records(store):
    assert store.head_and_request("g1", 0, "req-1") == (None, None)
    store.append("g1", [rec(0)], (0, "req-1", b"fp", b"answer"))
    assert store.find_request("g1", 0, "req-1") == (b"fp", b"answer")
    assert store.find_request("g1", 1, "req-1") is None
    assert store.head_and_request("g1", 0, "req-1") == ((0, b"hash0"), (b"fp", b"answer"))
    assert store.head_and_request("g1", 1, "req-1") == ((0, b"hash0"), None)
    assert store.head_and_request("g1", 0, None) == ((0, b"hash0"), None)
    with pytest.raises(Conflict):  # same request again: nothing of the batch lands
        store.append("g1", [rec(1)], (0, "req-1", b"fp", b"answer"))
    assert store.head("g1") == (0, b"hash0")


def test_a_seat_is_claimed_once(store):
    assert store.claim_seat("g1", SeatRow(0, "h1", "ann"))
    assert not store.claim_seat("g1", SeatRow(0, "h2", "bob"))
    assert [r.player for r in store.seats("g1")] == ["ann"]


def test_latest_snapshot_of_the_asked_version(store):
    store.put_snapshot("g1", Snapshot(10, b"h10", "v1", 9, b"s10"))
    store.put_snapshot("g1", Snapshot(20, b"h20", "v1", 19, b"s20"))
    store.put_snapshot("g1", Snapshot(30, b"h30", "v2", 29, b"s30"))
    assert store.latest_snapshot("g1", "v1").seq == 20
    assert store.latest_snapshot("g1", "v2").seq == 30
    assert store.latest_snapshot("g1", "v3") is None


def test_games_are_listed_and_finished(store):
    store.create_game(GameMeta("g2", "other", 3, {}, b"s", 2000))
    assert [g.game_id for g in store.list_games("", False, 10)] == ["g2", "g1"]
    store.mark_finished("g2")
    assert [g.game_id for g in store.list_games("", False, 10)] == ["g1"]
    assert [g.game_id for g in store.list_games("other", True, 10)] == ["g2"]
    assert store.get_game("g1").options == {"a": "b"}


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_durable_store_survives_reopening(kind, request, tmp_path):
    open_one = opener(kind, request, tmp_path)
    a = open_one()
    a.create_game(GameMeta("g", "roma", 2, {}, b"seed", 1))
    a.append("g", [rec(0), rec(1)])
    a.close()  # as after a crash: only committed data is there
    b = open_one()
    assert [r.body for r in b.read("g")] == [b"body0", b"body1"]
    assert b.get_game("g").seed == b"seed"
    b.close()


def test_heads_of_many_games_at_once(store):
    store.create_game(GameMeta("g2", "roma", 2, {}, b"s", 2))
    store.append("g1", [rec(0), rec(1)])
    assert store.heads(["g1", "g2", "nope"]) == {"g1": 1}
    store.ping()


def test_two_writers_racing_for_one_seq_exactly_one_wins(backend):
    setup = backend()
    setup.create_game(GameMeta("g", "roma", 2, {}, b"seed", 1))
    setup.append("g", [rec(0)])
    writers = [backend() for _ in range(8)]
    outcomes: list[str] = []
    barrier = threading.Barrier(len(writers))

    def write(store, k):
        barrier.wait()
        try:
            store.append("g", [Record(1, f"w{k}".encode(), b"h")])
            outcomes.append("won")
        except Conflict:
            outcomes.append("lost")

    threads = [threading.Thread(target=write, args=(w, k)) for k, w in enumerate(writers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["lost"] * 7 + ["won"]
    assert len(setup.read("g")) == 2
    for store in {id(s): s for s in [setup, *writers]}.values():
        store.close()


def test_an_append_carries_its_snapshot_and_the_finished_flag_atomically(store):
    store.append("g1", [rec(0), rec(1)])
    refused = store.start_append("g1", [rec(1)], None, snapshot=Snapshot(1, b"h1", "v1", 1, b"s1"), finished=True)
    assert isinstance(refused.exception(timeout=30), Conflict)  # seq 1 is taken: nothing of it lands
    assert store.latest_snapshot("g1", "v1") is None
    assert [g.game_id for g in store.list_games("", False, 10)] == ["g1"]
    done = store.start_append("g1", [rec(2)], (0, "last", b"fp", b"answer"),
                              snapshot=Snapshot(2, b"hash2", "v1", 2, b"s2"), finished=True)
    assert done.result(timeout=30) is None
    assert store.latest_snapshot("g1", "v1").state == b"s2"
    assert store.list_games("", False, 10) == []
    assert store.get_game("g1").finished
    assert store.find_request("g1", 0, "last") == (b"fp", b"answer")
