"""What an operator relies on: health that reports the store, one server per address unless
asked for workers, graceful shutdown of streams, and `carthago migrate`."""

from __future__ import annotations

import subprocess
import sys
import time

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from server.app import ServerThread
from server.host import HostConfig
from server.pgstore import SCHEMA_VERSION


def health(addr: str) -> int:
    with grpc.insecure_channel(addr) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        return stub.Check(health_pb2.HealthCheckRequest(service="carthago.v1.GameService"), timeout=5).status


def test_health_is_not_serving_while_the_store_does_not_answer():
    with ServerThread("memory", HostConfig()) as server:
        assert health(server.addr) == health_pb2.HealthCheckResponse.SERVING
        answers = server.host.store.ping

        def down() -> None:
            raise OSError("the database is gone")

        server.host.store.ping = down
        deadline = time.monotonic() + 20
        while health(server.addr) != health_pb2.HealthCheckResponse.NOT_SERVING:
            assert time.monotonic() < deadline, "health never turned NOT_SERVING"
            time.sleep(0.2)
        server.host.store.ping = answers
        while health(server.addr) != health_pb2.HealthCheckResponse.SERVING:
            assert time.monotonic() < deadline, "health never came back"
            time.sleep(0.2)


def test_a_second_server_on_a_taken_address_fails_instead_of_sharing_it():
    with ServerThread("memory", HostConfig()) as first:
        with pytest.raises(OSError, match="cannot listen"):
            ServerThread("memory", HostConfig(), addr=first.addr)


def test_migrate_creates_the_schema_once(pg_url):
    run = [sys.executable, "-m", "carthago.cli", "migrate", "--store", pg_url]
    first = subprocess.run(run, capture_output=True, text=True, timeout=60)
    assert first.returncode == 0 and f"version 0 -> {SCHEMA_VERSION}" in first.stdout, first.stderr
    again = subprocess.run(run, capture_output=True, text=True, timeout=60)
    assert again.returncode == 0 and "nothing to do" in again.stdout


def test_workers_refuse_a_store_other_processes_cannot_share(tmp_path):
    out = subprocess.run([sys.executable, "-m", "carthago.cli", "serve", "--workers", "2", "--store",
                          f"sqlite:{tmp_path}/x.db"], capture_output=True, text=True, timeout=60)
    assert out.returncode != 0 and "needs --store postgresql://" in out.stderr


def test_serve_says_plainly_when_the_database_does_not_answer():
    out = subprocess.run([sys.executable, "-m", "carthago.cli", "serve", "--addr", "127.0.0.1:0", "--store",
                          "postgresql://postgres@127.0.0.1:1/test", "--http-addr", "off"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 1
    assert out.stderr.startswith("error: cannot reach the database at 127.0.0.1:1/test"), out.stderr
    assert "Traceback" not in out.stderr


def test_the_server_pings_an_idle_connection_for_keepalive(monkeypatch):
    """Issue 35, item 5: a correspondence game's stream may see no batch for days; the server
    sends an HTTP/2 PING on a connection idle for KEEPALIVE_MS (60 s; 300 ms here) so that NATs and
    proxies keep it open and a dead peer is noticed. Read from the wire with a bare HTTP/2 client."""
    import socket

    import h2.config
    import h2.connection
    import h2.events

    import server.app as app
    from server.app import ServerThread

    interval = 300
    monkeypatch.setattr(app, "KEEPALIVE", [(k, interval if v == app.KEEPALIVE_MS else v) for k, v in app.KEEPALIVE])
    with ServerThread("memory") as s:
        sock = socket.create_connection(("127.0.0.1", s.port), timeout=5)
        conn = h2.connection.H2Connection(h2.config.H2Configuration(client_side=True))
        conn.initiate_connection()
        sock.sendall(conn.data_to_send())
        started, pings = time.monotonic(), []
        while time.monotonic() - started < 5 and len(pings) < 2:
            data = sock.recv(65536)
            if not data:
                break
            for event in conn.receive_data(data):
                if isinstance(event, h2.events.PingReceived):
                    pings.append(time.monotonic() - started)
            sock.sendall(conn.data_to_send())  # settings acks, ping acks
        sock.close()
    assert len(pings) >= 2, pings  # pinged again and again while idle, answered each time
    assert pings[1] - pings[0] >= interval / 1000 * 0.8
