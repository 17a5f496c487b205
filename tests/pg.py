"""The PostgreSQL server the tests use: `CARTHAGO_TEST_POSTGRES` (default the machine's own,
127.0.0.1:5432, database `test`). Every test that uses it gets a schema of its own, named
`carthago_test_<pid>_<random>`, dropped at the end even when the test fails.

Reachable: its tests run. Not reachable: they are skipped, and the run says so in its header and
in a banner at the end; with `CARTHAGO_REQUIRE_POSTGRES=1` (as `.ci/run` sets) they fail instead.
"""

from __future__ import annotations

import functools
import os
import secrets
from urllib.parse import urlsplit

URL = os.environ.get("CARTHAGO_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
REQUIRED = os.environ.get("CARTHAGO_REQUIRE_POSTGRES") == "1"


@functools.cache
def unreachable() -> str | None:
    """None if the server answers, else why not."""
    try:
        import psycopg

        with psycopg.connect(URL, connect_timeout=3) as db:
            db.execute("SELECT 1")
        return None
    except Exception as exc:  # noqa: BLE001 - any failure means: not usable here
        return f"{type(exc).__name__}: {str(exc).strip().splitlines()[0] if str(exc).strip() else ''}"


def where() -> str:
    parts = urlsplit(URL)
    return f"{parts.hostname or 'localhost'}:{parts.port or 5432}{parts.path}"


@functools.cache
def drop_orphans() -> list[str]:
    """Drop the schemas of earlier test runs on this machine whose process is gone (a run killed
    before its clean-up). Only for a server on this machine: elsewhere a pid says nothing."""
    if urlsplit(URL).hostname not in ("127.0.0.1", "localhost", "::1", None):
        return []
    import psycopg

    dropped = []
    with psycopg.connect(URL, autocommit=True, connect_timeout=3) as db:
        names = [r[0] for r in db.execute("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'carthago\\_test\\_%'")]
        for name in names:
            pid = name.split("_")[2]
            if pid.isdigit() and not os.path.exists(f"/proc/{pid}"):
                db.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
                dropped.append(name)
    return dropped


def schema_url(tag: str = "") -> str:
    """The test server's URL with a fresh schema name (created by the store on open)."""
    name = f"carthago_test_{os.getpid()}_{tag}{secrets.token_hex(4)}"[:48]
    sep = "&" if "?" in URL else "?"
    return f"{URL}{sep}schema={name}"
