"""`carthago serve --durability` (issue 17): what an acknowledged command survives on SQLite.

Both settings promise that a command acknowledged to its client is in the log after the server
process is killed outright (SIGKILL: no shutdown, no flush, appends in flight cut off): `full`
fsyncs every commit group (it survives a lost machine too), `process` leaves the commit to the
operating system (it does not). A killed process is all a test can do to a server; the machine
stays up, so both must pass the same test here.
"""

from __future__ import annotations

import asyncio
import random
import time

import grpc
import pytest

from carthago.v1 import carthago_pb2 as pb
from server.store import SqliteStore

from .cluster import Cluster, Played, create, plan_game


async def drive_until_refused(cluster: Cluster, played: Played) -> None:
    """Send the game's planned commands to the one server until it stops answering; every
    acknowledged command is recorded (its head seq, request id and seat)."""
    stub = cluster.stub(0)
    for i, (seat, command, expected) in enumerate(played.plan.steps):
        rid = f"{played.game_id}-{i}"
        req = pb.SubmitCommandRequest(game_id=played.game_id, command=command, expected_seq=expected, request_id=rid)
        try:
            resp = await stub.SubmitCommand(req, metadata=(("authorization", f"Bearer {played.tokens[seat]}"),),
                                            timeout=10)
        except grpc.aio.AioRpcError:
            return
        played.acked.append((resp.head_seq, rid, seat))


@pytest.mark.parametrize("durability", ["full", "process"])
def test_an_acknowledged_command_survives_kill_9(tmp_path, durability):
    path = str(tmp_path / "durable.db")
    cluster = Cluster(f"sqlite:{path}", 1, "--durability", durability)
    rnd = random.Random(durability)
    plans = [plan_game("roma", f"kill9-{durability}-{i}".encode(), rnd) for i in range(12)]
    played: list[Played] = []

    async def main() -> None:
        played.extend([await create(cluster, plan, rnd) for plan in plans])
        total = sum(len(p.plan.steps) for p in played)
        drivers = asyncio.ensure_future(asyncio.gather(*(drive_until_refused(cluster, p) for p in played)))
        deadline = time.monotonic() + 120
        while sum(len(p.acked) for p in played) < total // 3 and time.monotonic() < deadline:
            await asyncio.sleep(0.005)
        cluster.servers[0].kill()  # SIGKILL, with 12 games' commands in flight
        await asyncio.wait_for(drivers, 60)
        await cluster.close_channels()

    try:
        asyncio.run(main())
    finally:
        cluster.stop()
    acked = sum(len(p.acked) for p in played)
    assert total_steps(played) > acked >= total_steps(played) // 3  # the kill landed mid-load
    store = SqliteStore(path)  # as the next server opens it: the WAL is recovered
    try:
        for p in played:
            if not p.acked:
                continue
            records = store.read(p.game_id)
            assert [r.seq for r in records] == list(range(len(records)))  # no gap
            assert records[-1].seq >= p.acked[-1][0]  # every acknowledged record is there
            for head, rid, seat in p.acked:
                assert store.find_request(p.game_id, seat, rid) is not None, (p.game_id, rid)
    finally:
        store.close()


def total_steps(played: list[Played]) -> int:
    return sum(len(p.plan.steps) for p in played)


def test_serve_refuses_a_durability_postgresql_does_not_offer(tmp_path):
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "carthago.cli", "serve", "--store", "postgresql://nobody@127.0.0.1:1/x",
                          "--durability", "process", "--http-addr", "off"], capture_output=True, text=True, timeout=60)
    assert out.returncode != 0
    assert "--durability process is for SQLite" in out.stderr


@pytest.mark.parametrize("durability,level", [("full", 2), ("process", 1)])
def test_each_durability_sets_sqlites_synchronous_level(tmp_path, durability, level):
    """SQLite's PRAGMA synchronous: 2 is FULL (fsync every commit), 1 is NORMAL (WAL: no fsync at commit)."""
    from server.stores import open_store

    store = open_store(f"sqlite:{tmp_path / 'd.db'}", durability)
    try:
        assert store._writer_db.execute("PRAGMA synchronous").fetchone()[0] == level
    finally:
        store.close()
    with pytest.raises(ValueError, match="unknown durability 'fast'"):
        open_store(f"sqlite:{tmp_path / 'e.db'}", "fast")
