"""`make soak`: the long campaign behind tests/test_multiprocess.py (not part of `make test`).

Three server processes on one PostgreSQL schema; CARTHAGO_SOAK_GAMES roma games (default 256)
played to the end through random processes, each with a spectator stream; every few seconds a
random process is killed with SIGKILL and a new one started in its place (CARTHAGO_SOAK_KILLS
times, default 6). At the end: every acknowledged command is in the log, every game's export
verifies, and every stream was handed every record exactly once, in order.
"""

from __future__ import annotations

import asyncio
import os
import random

import pytest

from server.pgstore import PostgresStore

from .cluster import Cluster, create, drive, watch
from .test_multiprocess import check_finished, plans

pytestmark = pytest.mark.soak


def test_soak_kill_and_restart_processes_under_load(pg_url):
    games = int(os.environ.get("CARTHAGO_SOAK_GAMES", "256"))
    kills = int(os.environ.get("CARTHAGO_SOAK_KILLS", "6"))
    cluster = Cluster(pg_url, 3)
    report: dict[str, int] = {}

    async def main() -> None:
        rnd = random.Random(99)
        played = [await create(cluster, plan, rnd) for plan in plans(games, "soak")]
        total = sum(len(p.plan.steps) for p in played)
        watchers = [asyncio.ensure_future(watch(cluster, p, random.Random(i))) for i, p in enumerate(played)]
        drivers = asyncio.ensure_future(asyncio.gather(*(drive(cluster, p, random.Random(500 + i))
                                                         for i, p in enumerate(played))))
        for k in range(kills):
            target = total * (k + 1) // (kills + 1)
            while sum(len(p.acked) for p in played) < target and not drivers.done():
                await asyncio.sleep(0.02)
            victim = rnd.randrange(len(cluster.servers))
            cluster.servers[victim].kill()
            await asyncio.to_thread(cluster.restart, victim)
        await drivers
        await asyncio.wait_for(asyncio.gather(*watchers), 120)
        await check_finished(cluster, played, rnd)
        await cluster.close_channels()
        store = PostgresStore(cluster.url)
        try:
            for p in played:
                for _, rid, seat in p.acked:
                    assert store.find_request(p.game_id, seat, rid) is not None
        finally:
            store.close()
        report.update(games=games, commands=total, kills=kills, retries=sum(p.retries for p in played),
                      resumes=sum(p.resumes for p in played))

    try:
        asyncio.run(asyncio.wait_for(main(), 3000))
    finally:
        cluster.stop()
    print(f"\nsoak: {report}")
