"""Shared fixtures: a real gRPC server on loopback, run in process."""

from __future__ import annotations

import pytest

from carthago import Client
from server.app import ServerThread
from server.host import HostConfig

OPERATOR = "operator-secret"


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
