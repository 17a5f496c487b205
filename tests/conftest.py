"""Shared fixtures: a real gRPC server on loopback, run in process; PostgreSQL schemas."""

from __future__ import annotations

import pytest

from carthago import Client
from server.app import ServerThread
from server.host import HostConfig

from . import pg

OPERATOR = "operator-secret"
_pg_skipped: list[str] = []


@pytest.fixture
def server():
    with ServerThread("memory", HostConfig(snapshot_every=7, operator_token=OPERATOR,
                                           allow_client_seeds=True)) as s:
        yield s


@pytest.fixture
def client(server):
    with Client(server.addr, timeout=20) as c:
        c.wait_ready()
        yield c


def need_postgres(nodeid: str) -> None:
    """Skip (or, when it is required, fail) a test when the PostgreSQL server does not answer."""
    why = pg.unreachable()
    if why is None:
        return
    message = f"PostgreSQL at {pg.where()} is not reachable ({why})"
    if pg.REQUIRED:
        pytest.fail(f"{message}, and CARTHAGO_REQUIRE_POSTGRES=1 requires it", pytrace=False)
    pytest.skip(message)


@pytest.fixture
def pg_url(request):
    """A URL to a schema of this test's own; the schema is dropped afterwards, pass or fail."""
    need_postgres(request.node.nodeid)
    from server.pgstore import drop_schema

    pg.drop_orphans()
    url = pg.schema_url()
    try:
        yield url
    finally:
        drop_schema(url)


def pytest_report_header(config):
    why = pg.unreachable()
    if why is None:
        return f"PostgreSQL: {pg.where()} reachable; its tests run" + (" (required)" if pg.REQUIRED else "")
    return (f"PostgreSQL: {pg.where()} NOT REACHABLE ({why}); its tests are "
            + ("FAILED (CARTHAGO_REQUIRE_POSTGRES=1)" if pg.REQUIRED else "SKIPPED"))


def pytest_runtest_logreport(report):
    """Counted where the reports arrive: in the one process, or in pytest-xdist's controller (the
    workers' skips reach it as reports; a list kept by the worker that skipped would not)."""
    if report.skipped and "PostgreSQL at" in str(report.longrepr) and report.nodeid not in _pg_skipped:
        _pg_skipped.append(report.nodeid)


def pytest_unconfigure(config):
    """After every other summary line, so that it is the last thing a developer reads."""
    tr = config.pluginmanager.getplugin("terminalreporter")
    if _pg_skipped and tr is not None:
        tr.section("PostgreSQL NOT TESTED", sep="!", red=True, bold=True)
        tr.line(f"{len(_pg_skipped)} tests of the PostgreSQL store and of several server processes were SKIPPED:",
                red=True, bold=True)
        tr.line(f"no PostgreSQL server answers at {pg.where()} ({pg.unreachable()}).", red=True, bold=True)
        tr.line("Start one (trust auth, database `test`), or set CARTHAGO_TEST_POSTGRES=postgresql://…; "
                "CI sets CARTHAGO_REQUIRE_POSTGRES=1, which fails these tests instead.", red=True)
