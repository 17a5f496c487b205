"""Backup, migration, verification and retention timed over one store (docs/OPERATIONS.md, "Measured").

    .venv/bin/python -m bench.ops_bench [ROUNDS]    # ROUNDS x 3 Roma games (default 150: 450 games)

Builds a SQLite store in a temporary directory (a third of its games finished, the others in play),
then times each operation once; PostgreSQL figures use ``CARTHAGO_BENCH_POSTGRES`` (default the
test server) in schemas of their own, dropped at the end. Reported, never asserted.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import tempfile
import time

from server import ops
from server.pgstore import drop_schema
from server.retention import purge_finished, stale_games
from server.store import SqliteStore
from tests.test_ops import populate  # the tests' own mix of games: claimed, in play, finished

PG = os.environ.get("CARTHAGO_BENCH_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")


def timed(label: str, run):
    t = time.perf_counter()
    out = run()
    print(f"{label:<60} {time.perf_counter() - t:8.2f} s", flush=True)
    return out


def main(rounds: int) -> None:
    with tempfile.TemporaryDirectory() as d:
        src = f"sqlite:{d}/a.db"
        store = SqliteStore(f"{d}/a.db")
        timed(f"populate ({rounds * 3} games)", lambda: [populate(store, moves=(0, 20, 10_000), seed=i)
                                                         for i in range(rounds)])
        store.close()
        db = sqlite3.connect(f"{d}/a.db")
        print("games", db.execute("SELECT COUNT(*) FROM games").fetchone()[0],
              "records", db.execute("SELECT COUNT(*) FROM records").fetchone()[0])
        db.close()
        timed("backup of the SQLite store", lambda: ops.backup(src, f"{d}/b.db"))
        timed("backup --verify of the SQLite store", lambda: ops.backup(src, f"{d}/b2.db", verify=True))
        pg, pg2 = (f"{PG}{'&' if '?' in PG else '?'}schema=carthago_bench_ops_{os.getpid()}{x}" for x in ("a", "b"))
        try:
            timed("migrate SQLite -> PostgreSQL, copy alone", lambda: ops.migrate_store(src, pg, verify=False))
            timed("backup of the PostgreSQL store", lambda: ops.backup(pg, f"{d}/pg.db"))

            def verify_pg():
                reader = ops.open_reader(pg)
                try:
                    return ops.verify_reader(reader)
                finally:
                    reader.close()
            timed("verify every log of the PostgreSQL store", verify_pg)
            timed("restore the SQLite backup into PostgreSQL, verified", lambda: ops.restore(f"{d}/b.db", pg2))
        finally:
            drop_schema(pg)
            drop_schema(pg2)
        timed("admin stale", lambda: stale_games(src, 1e-9))
        timed("admin purge of the finished games", lambda: purge_finished(src, 1e-9, f"{d}/purged"))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 150)
