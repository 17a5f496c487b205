"""What an operator watches (issue 33, items 1-3; docs/OPERATIONS.md "Metrics, logs and drain"):
``/metrics`` counts what was done, every panel of the Grafana dashboard has its metric, the logs
say each RPC and hold none of a game's secrets, readiness is apart from liveness, and SIGTERM
drains. The several-process scrape is in tests/test_multiprocess.py."""

from __future__ import annotations

import asyncio
import base64
import io
import json
import logging
import re
import secrets
import sqlite3
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from grpc_health.v1 import health_pb2
from prometheus_client.parser import text_string_to_metric_families

from carthago import CarthagoError, Client
from carthago.bots import RandomBot
from carthago.client import Seat
from carthago.v1 import carthago_pb2 as pb
from server import failures
from server import host as host_module
from server.app import ServerThread
from server.host import HostConfig
from server.log import split_export
from server.observe import TEXT_FORMAT, JsonFormatter

OP = "operator-of-observability"
DASHBOARD = Path(__file__).resolve().parent.parent / "deploy" / "grafana-dashboard.json"
HTTP = {"addr": "127.0.0.1:0", "web_root": None}


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode()


def scrape(url: str) -> tuple[str, dict]:
    status, text = get(url + "/metrics")
    assert status == 200
    samples = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            samples[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return text, samples


def value(samples: dict, name: str, **labels) -> float:
    return samples[(name, tuple(sorted(labels.items())))]


def play_one(client: Client, seats: list[Seat]) -> None:
    seat = seats[client.game(seats[0].game_id).status.to_act[0]]
    seat.submit(seat.legal()[0])


def on_loop(server: ServerThread, fn):
    async def run():
        return fn()
    return asyncio.run_coroutine_threadsafe(run(), server.loop).result(10)


def test_metrics_count_commands_streams_commits_and_evictions(tmp_path, monkeypatch):
    with ServerThread(f"sqlite:{tmp_path}/c.db", HostConfig(allow_client_seeds=True), http=HTTP) as server, \
            Client(server.addr, timeout=20) as client:
        url = server.web.url
        _, s = scrape(url)
        assert value(s, "carthago_ready") == 1 and value(s, "carthago_games_loaded") == 0
        game = client.create("roma", seed=b"metrics")
        seats = [client.join(game.game_id, seat=i, player=f"p{i}") for i in range(2)]
        events = seats[0].stream()
        next(events)  # subscribed
        feed = client.watch_open_seats()
        next(feed)
        _, s = scrape(url)
        assert value(s, "carthago_streams_open", stream="events") == 1
        assert value(s, "carthago_streams_open", stream="open_seats") == 1
        assert value(s, "carthago_games_loaded") == 1
        for _ in range(3):
            play_one(client, seats)
        wrong = pb.GameCommand()
        wrong.hannibal.SetInParent()
        for seat, command, code in ((seats[0], wrong, "WRONG_GAME"),
                                    (Seat(client, game.game_id, 0, "not-a-token"), wrong, "INVALID_TOKEN"),
                                    (Seat(client, "nowhere-0123456789", 0, "x"), wrong, "GAME_NOT_FOUND")):
            with pytest.raises(CarthagoError) as exc:
                seat.submit(command)
            assert exc.value.code == code
        text, s = scrape(url)
        assert value(s, "carthago_commands_accepted_total", game_type="roma") == 3
        assert value(s, "carthago_command_seconds_count", game_type="roma") == 3
        assert 0 < value(s, "carthago_command_seconds_sum", game_type="roma") < 30
        assert value(s, "carthago_commands_refused_total", game_type="roma", reason="WRONG_GAME") == 1
        assert value(s, "carthago_commands_refused_total", game_type="roma", reason="INVALID_TOKEN") == 1
        assert value(s, "carthago_commands_refused_total", game_type="unknown", reason="GAME_NOT_FOUND") == 1
        assert value(s, "carthago_rpcs_total", method="SubmitCommand", status="OK") == 3
        assert value(s, "carthago_rpcs_total", method="SubmitCommand", status="INVALID_ARGUMENT") == 1
        assert value(s, "carthago_rpcs_total", method="JoinGame", status="OK") == 2
        # one SQLite transaction each: the creation, two claims, three commands (each awaited alone)
        assert value(s, "carthago_store_commit_seconds_count") == 6
        assert value(s, "carthago_store_commit_seconds_bucket", le="+Inf") == 6
        for secret in (game.game_id, "nowhere", seats[0].token, seats[1].token, "not-a-token"):
            assert secret not in text  # bounded labels: never a game id or a token

        monkeypatch.setattr(failures, "STREAM_QUEUE_MAX", 0)  # every subscriber is now too slow
        play_one(client, seats)
        client.create("roma", seed=b"metrics-2")  # an open game: the feed's subscriber is handed it
        for stream in (events, feed):
            with pytest.raises(CarthagoError) as exc:
                for _ in stream:
                    pass
            assert exc.value.code == "STREAM_TOO_SLOW"
        _, s = scrape(url)
        assert value(s, "carthago_streams_dropped_total", stream="events") == 1
        assert value(s, "carthago_streams_dropped_total", stream="open_seats") == 1
        assert value(s, "carthago_streams_open", stream="events") == 0
        assert value(s, "carthago_streams_open", stream="open_seats") == 0
        assert value(s, "carthago_commands_accepted_total", game_type="roma") == 4

        assert on_loop(server, lambda: server.host.evict(now=time.monotonic() + 1e6)) == 2
        _, s = scrape(url)
        assert value(s, "carthago_games_evicted_total") == 2 and value(s, "carthago_games_loaded") == 0
        assert value(s, "carthago_game_loads_total") == 0  # created here, never read back yet
        client.game(game.game_id)
        _, s = scrape(url)
        assert value(s, "carthago_game_loads_total") == 1 and value(s, "carthago_games_loaded") == 1


def test_clock_expiries_and_house_moves_are_counted():
    with ServerThread("memory", HostConfig(allow_client_seeds=True, operator_token=OP), http=HTTP) as server, \
            Client(server.addr, timeout=20) as client:
        timed = client.create_reserved("roma", {}, seed=b"clock", clock_ms=(0, 0, 0, 200)).game
        for i in range(2):
            client.join(timed.game_id, seat=i)
        house = client.create_reserved("roma", {}, seed=b"house", house={1: "random"}).game
        me = client.join(house.game_id, seat=0)
        deadline = time.monotonic() + 60
        while True:
            _, s = scrape(server.web.url)
            if value(s, "carthago_house_moves_total") >= 3 and client.game(timed.game_id).status.over:
                break
            assert time.monotonic() < deadline, "no clock expiry, or the house did not move"
            status = client.game(house.game_id).status
            if not status.over and 0 in status.to_act:
                me.submit(me.legal()[0])
            time.sleep(0.05)
        assert client.game(timed.game_id).status.result_reason == pb.RESULT_REASON_TIMEOUT
        assert value(s, "carthago_clock_expiries_total") == 1
        # each house move is one command in the log, with the house's own request id
        records = [pb.LogRecord.FromString(r.body) for _, r in split_export(client.export(house.game_id, token=OP).records)]
        house_ids = {r.envelope.request_id for r in records if r.envelope.request_id.startswith("house/")}
        _, s = scrape(server.web.url)
        assert value(s, "carthago_house_moves_total") == len(house_ids)


def test_every_panel_of_the_dashboard_has_its_metric_in_a_real_scrape():
    dashboard = json.loads(DASHBOARD.read_text())
    exprs = [t["expr"] for p in dashboard["panels"] for t in p["targets"]]
    assert len(dashboard["panels"]) >= 10 and all(p["targets"] for p in dashboard["panels"])
    with ServerThread("memory", HostConfig(allow_client_seeds=True), http=HTTP) as server, \
            Client(server.addr, timeout=20) as client:
        game = client.create("roma", seed=b"dashboard")
        seats = [client.join(game.game_id, seat=i) for i in range(2)]
        play_one(client, seats)
        with pytest.raises(CarthagoError):
            Seat(client, game.game_id, 0, "bad").submit(pb.GameCommand())
        _, s = scrape(server.web.url)
    names = {name for name, _ in s}
    used = {m for e in exprs for m in re.findall(r"\bcarthago_[a-z0-9_]+", e)}
    assert len(used) >= 15
    assert used <= names, sorted(used - names)


# ---- logs --------------------------------------------------------------------------

def test_a_whole_game_logs_each_rpc_and_none_of_its_secrets(monkeypatch):
    drawn: list[bytes] = []
    token_bytes = secrets.token_bytes

    def recorded(n=None):  # every salt, token and invite the server draws
        out = token_bytes(n)
        drawn.append(out)
        return out

    monkeypatch.setattr(secrets, "token_bytes", recorded)
    as_json, as_text = io.StringIO(), io.StringIO()
    handlers = [logging.StreamHandler(as_json), logging.StreamHandler(as_text)]
    handlers[0].setFormatter(JsonFormatter())
    handlers[1].setFormatter(logging.Formatter(TEXT_FORMAT))
    root = logging.getLogger()
    level = root.level
    root.setLevel(logging.DEBUG)
    for h in handlers:
        root.addHandler(h)
    try:
        with ServerThread("memory", HostConfig(operator_token=OP), http=HTTP) as server, \
                Client(server.addr, timeout=20) as client:
            created = client.create_reserved("roma", {1: "Bobbin-9"})
            game_id = created.game.game_id
            seats = [client.join(game_id, seat=0, player="Annwyn-7"),
                     client.join(game_id, invite=created.invites[0].invite)]
            seats[0].sample_states(2)
            client.view(game_id, token=OP)
            bots = [RandomBot(s, seed=3) for s in seats]
            while len(to_act := client.game(game_id).status.to_act) != 1:
                for x in to_act:
                    bots[x].act_once()
            with pytest.raises(CarthagoError):  # the actor's move sent by the other seat: its message is not logged
                seats[1 - to_act[0]].submit(seats[to_act[0]].legal()[0])
            body = json.dumps({"gameId": game_id}).encode()
            req = urllib.request.Request(server.web.url + "/carthago.v1.GameService/GetView", data=body, headers={
                "content-type": "application/json", "authorization": f"Bearer {seats[1].token}"})
            with urllib.request.urlopen(req, timeout=10) as r:
                assert r.status == 200
            while not (status := client.game(game_id).status).over:
                for x in status.to_act:
                    bots[x].act_once()
            records = [pb.LogRecord.FromString(r.body) for _, r in split_export(client.export(game_id).records)]
        seed = records[-1].event.platform.seed_revealed.seed
    finally:
        for h in handlers:
            root.removeHandler(h)
        root.setLevel(level)
    lines = [json.loads(line) for line in as_json.getvalue().splitlines()]
    rpcs = [line for line in lines if line["logger"] == "carthago.rpc"]
    submits = [line for line in rpcs if line["method"] == "SubmitCommand" and line["status"] == "OK"]
    assert len(submits) >= 10 and all(line["game_id"] == game_id and line["seat"] in (0, 1) for line in submits)
    assert all(set(line) >= {"method", "game_id", "seat", "request_id", "status", "reason", "duration_ms"}
               for line in rpcs)
    assert any(line["request_id"] for line in submits)  # the client's ids, for following a retry
    assert any(line["method"] == "GetView" and line["seat"] == "operator" for line in rpcs)
    assert any(line["method"] == "GetView" and line["seat"] == 1 for line in rpcs)  # the HTTP call too
    assert any(line["status"] == "FAILED_PRECONDITION" and line["reason"] for line in rpcs)
    assert any(line["method"] == "StreamExportLog" or line["method"] == "ExportLog" for line in rpcs)
    cards = json.loads((Path(host_module.__file__).parents[1] / "engine/games/roma/data/cards.json").read_text())
    words = {c[k] for c in cards["cards"] for k in ("id", "name")}
    secrets_ = [created.creator_token, seats[0].token, seats[1].token, created.invites[0].invite,
                seed.hex(), base64.b64encode(seed).decode(), base64.urlsafe_b64encode(seed).decode().rstrip("="),
                repr(seed)[2:-1], "Annwyn", "Bobbin"]
    secrets_ += [f(d) for d in drawn if len(d) >= 16 for f in (bytes.hex, lambda b: base64.b64encode(b).decode().rstrip("="),
                                               lambda b: base64.urlsafe_b64encode(b).decode().rstrip("="))]
    for text in (as_json.getvalue(), as_text.getvalue()):
        assert game_id in text and "SubmitCommand" in text
        for secret in secrets_:
            assert secret not in text, secret
        for word in words:
            assert not re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE), word


# ---- readiness and drain ---------------------------------------------------------------

def health(client: Client, service: str) -> int:
    from grpc_health.v1 import health_pb2_grpc

    return health_pb2_grpc.HealthStub(client.channel).Check(health_pb2.HealthCheckRequest(service=service),
                                                            timeout=5).status


def test_readiness_follows_the_store_while_liveness_stays():
    serving, down = health_pb2.HealthCheckResponse.SERVING, health_pb2.HealthCheckResponse.NOT_SERVING
    with ServerThread("memory", HostConfig(), http=HTTP) as server, Client(server.addr, timeout=20) as client:
        url = server.web.url
        assert get(url + "/readyz") == (200, "ready\n") and get(url + "/livez") == (200, "alive\n")
        answers = server.host.store.ping

        def unreachable():
            raise OSError("no route to the database")

        server.host.store.ping = unreachable
        deadline = time.monotonic() + 20
        while get(url + "/readyz")[0] != 503:
            assert time.monotonic() < deadline, "never unready"
            time.sleep(0.2)
        assert get(url + "/readyz") == (503, "the store does not answer\n")
        assert get(url + "/livez") == (200, "alive\n")
        assert health(client, "carthago.v1.GameService") == down and health(client, "liveness") == serving
        _, s = scrape(url)
        assert value(s, "carthago_ready") == 0 and value(s, "carthago_store_up") == 0
        server.host.store.ping = answers
        while get(url + "/readyz")[0] != 200:
            assert time.monotonic() < deadline, "never ready again"
            time.sleep(0.2)
        assert health(client, "") == serving


class _Web:  # what tests.test_http.ConnectStream reads: .web.url
    def __init__(self, url: str) -> None:
        self.web = type("W", (), {"url": url})()


def test_sigterm_drains_streams_refuses_new_work_and_acknowledges_the_command_in_flight(tmp_path):
    import signal
    import socket
    import subprocess
    import sys

    from server.store import SqliteStore

    from .test_http import ConnectStream

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        http_port = sock.getsockname()[1]
    db = tmp_path / "drain.db"
    err = open(tmp_path / "stderr", "w")
    proc = subprocess.Popen([sys.executable, "-m", "carthago.cli", "serve", "--addr", "127.0.0.1:0",
                             "--store", f"sqlite:{db}", "--http-addr", f"127.0.0.1:{http_port}", "--grace", "20",
                             "--log-format", "json", "--log-level", "info"],
                            stdout=subprocess.PIPE, stderr=err, text=True)
    try:
        found = None
        while found is None:  # the HTTP line comes first
            line = proc.stdout.readline()
            assert line, (tmp_path / "stderr").read_text()
            found = re.search(r"serving gRPC on (\S+)", line)
        addr = found.group(1)
        url = f"http://127.0.0.1:{http_port}"
        with Client(addr, timeout=30) as client:
            game = client.create("roma")
            seats = [client.join(game.game_id, seat=i) for i in range(2)]
            stream = seats[1].stream()
            next(stream)
            web_stream = ConnectStream(_Web(url), game.game_id, token=seats[0].token, json_=True)
            assert web_stream.next() is not None
            mover = seats[client.game(game.game_id).status.to_act[0]]
            command = mover.legal()[0]
            before = client.game(game.game_id).head_seq
            lock = sqlite3.connect(db, isolation_level=None)
            lock.execute("BEGIN IMMEDIATE")  # the server's commit waits for this lock: the command stays in flight
            answer: list = []
            sending = threading.Thread(target=lambda: answer.append(mover.submit(command, request_id="in-flight")))
            sending.start()
            time.sleep(0.5)
            assert sending.is_alive() and not answer
            proc.send_signal(signal.SIGTERM)
            with pytest.raises(CarthagoError) as exc:
                for _ in stream:
                    pass
            assert (exc.value.status, exc.value.code) == ("UNAVAILABLE", "SHUTTING_DOWN")
            assert "from_seq=" in exc.value.message  # where to resume, on another server
            while web_stream.next() is not None:
                pass
            assert web_stream.end["error"]["code"] == "unavailable"
            assert web_stream.end["error"]["message"].startswith("SHUTTING_DOWN")
            for refused in (lambda: client.create("roma"), lambda: next(client.stream(game.game_id))):
                with pytest.raises(CarthagoError) as exc:
                    refused()
                # SHUTTING_DOWN from the host, or the listener's own refusal (UNAVAILABLE; CANCELLED
                # when the call came as the listener was closing)
                assert exc.value.status in ("UNAVAILABLE", "CANCELLED"), exc.value
            assert proc.poll() is None and sending.is_alive()  # still waiting for its commit
            lock.execute("ROLLBACK")
            lock.close()
            sending.join(20)
            assert answer and answer[0].first_seq == before + 1  # acknowledged, as the next record
        assert proc.wait(30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        err.close()
    store = SqliteStore(str(db))
    try:
        assert store.head(game.game_id)[0] == answer[0].head_seq  # the acknowledged command is in the log
        assert [m.game_id for m in store.list_games("", True, 10)] == [game.game_id]  # no game made in the drain
    finally:
        store.close()
    lines = [json.loads(line) for line in (tmp_path / "stderr").read_text().splitlines() if line.startswith("{")]
    messages = [line["message"] for line in lines]
    assert any(m.startswith("started: gRPC on") for m in messages)
    assert any(m.startswith("draining: 2 open streams") for m in messages), messages
    assert any(m.startswith("stopped: drained") for m in messages), messages
    assert any(line.get("method") == "SubmitCommand" and line.get("request_id") == "in-flight"
               and line.get("status") == "OK" for line in lines)
