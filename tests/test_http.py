"""The GameService over HTTP (server/http.py): Connect (unary JSON and binary, server streaming),
gRPC-Web (binary and text), CORS, the web client's files, and the leak test over HTTP.

One in-process server serves gRPC and HTTP from one GameHost, so a game created over one is played
over the other: the tests mix them on purpose.
"""

from __future__ import annotations

import base64
import http.client
import json
import random
import struct
import threading
from urllib.parse import unquote, urlparse

import pytest
from google.protobuf import json_format
from google.rpc import error_details_pb2, status_pb2

from carthago import CarthagoError, Client
from carthago.bots import RandomBot
from carthago.v1 import carthago_pb2 as pb
from engine import registry
from engine.core import GameConfig
from engine.rng import Rng
from engine.session import Session
from server.app import ServerThread
from server.host import HostConfig
from server.log import game_event_of, split_export
from server.wire import wire_for

from .conftest import OPERATOR

ALLOWED = "http://allowed.example:5173"
SVC = "/carthago.v1.GameService/"


@pytest.fixture(scope="module")
def web(tmp_path_factory):
    root = tmp_path_factory.mktemp("dist")
    (root / "index.html").write_text("<!doctype html><title>carthago</title>")
    (root / "assets").mkdir()
    (root / "assets" / "app-1234.js").write_text("console.log('hi')")
    with ServerThread("memory", HostConfig(snapshot_every=7, operator_token=OPERATOR, allow_client_seeds=True),
                      http={"addr": "127.0.0.1:0", "cors_origins": [ALLOWED], "web_root": root}) as s:
        with Client(s.addr, timeout=20) as c:
            c.wait_ready()
            s.grpc = c
            yield s


def request(web, method: str, path: str, body: bytes = b"", headers: dict | None = None):
    url = urlparse(web.web.url)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    conn.request(method, path, body=body, headers=headers or {})
    resp = conn.getresponse()
    return resp, resp.read(), {k.lower(): v for k, v in resp.getheaders()}


def connect_json(web, name: str, payload: dict, token: str | None = None, origin: str | None = None):
    headers = {"content-type": "application/json", "connect-protocol-version": "1"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    if origin:
        headers["origin"] = origin
    resp, body, hdrs = request(web, "POST", SVC + name, json.dumps(payload).encode(), headers)
    return resp.status, json.loads(body), hdrs


def connect_proto(web, name: str, msg, response_type, token: str | None = None):
    headers = {"content-type": "application/proto"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    resp, body, _ = request(web, "POST", SVC + name, msg.SerializeToString(), headers)
    if resp.status != 200:
        return resp.status, json.loads(body)
    return resp.status, response_type.FromString(body)


def envelope(data: bytes, flags: int = 0) -> bytes:
    return struct.pack(">BI", flags, len(data)) + data


def frames(data: bytes):
    while data:
        flags, size = struct.unpack(">BI", data[:5])
        yield flags, data[5:5 + size]
        data = data[5 + size:]


class ConnectStream:
    """A Connect server stream read frame by frame as it arrives (HTTP/1.1, chunked)."""

    def __init__(self, web, game_id: str, from_seq: int = 0, token: str | None = None, json_: bool = False):
        url = urlparse(web.web.url)
        self.json = json_
        self.conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
        req = pb.StreamEventsRequest(game_id=game_id, from_seq=from_seq)
        body = json_format.MessageToJson(req).encode() if json_ else req.SerializeToString()
        headers = {"content-type": "application/connect+json" if json_ else "application/connect+proto"}
        if token:
            headers["authorization"] = f"Bearer {token}"
        self.conn.request("POST", SVC + "StreamEvents", body=envelope(body), headers=headers)
        self.resp = self.conn.getresponse()
        assert self.resp.status == 200
        assert self.resp.getheader("content-type") == headers["content-type"]
        self.end: dict | None = None

    def _exactly(self, n: int) -> bytes:
        out = b""
        while len(out) < n:
            chunk = self.resp.read(n - len(out))
            if not chunk:
                raise EOFError("the stream ended inside a frame")
            out += chunk
        return out

    def next(self):
        """The next EventBatch (a dict in JSON mode), or None once the end-stream frame came."""
        if self.end is not None:
            return None
        flags, size = struct.unpack(">BI", self._exactly(5))
        data = self._exactly(size)
        if flags & 0x02:
            self.end = json.loads(data)
            return None
        return json.loads(data) if self.json else pb.EventBatch.FromString(data)

    def close(self):
        self.conn.close()


def new_game(web, game_type="roma", players=0, seed=b"http-seed"):
    c = web.grpc
    game = c.create(game_type, players, seed=seed)
    return game, [c.join(game.game_id, seat=i, player=f"p{i}") for i in range(game.players)]


# ---- Connect unary -------------------------------------------------------------

def test_connect_unary_json_creates_joins_and_views(web):
    status, types, _ = connect_json(web, "ListGameTypes", {})
    assert status == 200 and {"roma", "rome-et-carthage", "hannibal"} <= {g["id"] for g in types["games"]}

    status, created, _ = connect_json(web, "CreateGame", {"gameType": "roma"})
    assert status == 200
    game_id = created["game"]["gameId"]
    status, joined, _ = connect_json(web, "JoinGame", {"gameId": game_id, "seat": 1, "player": "ann"})
    assert status == 200 and joined["seat"] == 1 and joined["token"]
    # the same host: the gRPC side sees the seat taken over HTTP
    assert [s.player for s in web.grpc.game(game_id).seats] == ["", "ann"]

    status, view, _ = connect_json(web, "GetView", {"gameId": game_id}, token=joined["token"])
    assert status == 200 and view["seat"] == 1 and "roma" in view["view"]
    grpc_view = web.grpc.view(game_id, token=joined["token"])
    assert json_format.Parse(json.dumps(view), pb.GetViewResponse()) == grpc_view


def test_connect_unary_binary_submits_a_command(web):
    game, seats = new_game(web)
    status, legal = connect_proto(web, "ListLegalCommands", pb.ListLegalCommandsRequest(game_id=game.game_id),
                                  pb.ListLegalCommandsResponse, token=seats[0].token)
    assert status == 200 and legal.commands
    assert list(legal.commands) == seats[0].legal()
    status, done = connect_proto(web, "SubmitCommand",
                                 pb.SubmitCommandRequest(game_id=game.game_id, command=legal.commands[0],
                                                         expected_seq=legal.head_seq, request_id="r1"),
                                 pb.SubmitCommandResponse, token=seats[0].token)
    assert status == 200 and done.first_seq == legal.head_seq + 1
    assert web.grpc.game(game.game_id).head_seq == done.head_seq


def refusal(body: dict) -> tuple[str, str, str]:
    """(Connect code, ErrorInfo reason, message) of a Connect error."""
    (detail,) = body["details"]
    assert detail["type"] == "google.rpc.ErrorInfo"
    info = error_details_pb2.ErrorInfo.FromString(base64.b64decode(detail["value"] + "=" * (-len(detail["value"]) % 4)))
    assert info.domain == "carthago"
    return body["code"], info.reason, body["message"]


def test_connect_errors_carry_the_same_code_and_reason_as_grpc(web):
    game, seats = new_game(web)
    # a bad token
    status, body, _ = connect_json(web, "GetView", {"gameId": game.game_id}, token="not-a-token")
    assert status == 401
    code, reason, message = refusal(body)
    with pytest.raises(CarthagoError) as exc:
        web.grpc.view(game.game_id, token="not-a-token")
    assert (code, reason) == ("unauthenticated", "INVALID_TOKEN") == (exc.value.status.lower(), exc.value.code)
    assert message.startswith("INVALID_TOKEN: ")
    # no token where a seat is needed
    status, body, _ = connect_json(web, "ListLegalCommands", {"gameId": game.game_id})
    assert status == 401 and refusal(body)[:2] == ("unauthenticated", "TOKEN_REQUIRED")
    # an unknown game; a seat out of range
    status, body, _ = connect_json(web, "GetGame", {"gameId": "roma-nope"})
    assert status == 404 and refusal(body)[:2] == ("not_found", "GAME_NOT_FOUND")
    status, body, _ = connect_json(web, "JoinGame", {"gameId": game.game_id, "seat": 7})
    assert status == 400 and refusal(body)[:2] == ("invalid_argument", "BAD_SEAT")
    # a rule refusal from the engine: the wrong seat moves
    to_act = web.grpc.game(game.game_id).status.to_act
    idle = [s for s in seats if s.seat not in to_act]
    if idle:
        cmd = seats[to_act[0]].legal()[0]
        status, body, _ = connect_json(web, "SubmitCommand", {"gameId": game.game_id,
                                                              "command": json_format.MessageToDict(cmd)},
                                       token=idle[0].token)
        assert status == 400 and refusal(body)[0] == "failed_precondition"
    # bad input: malformed JSON, an unknown field, a malformed binary body, an unknown method
    head = web.grpc.game(game.game_id).head_seq
    status, body, _ = connect_json(web, "GetGame", {"gameId": 5, "nope": 1})
    assert status == 400 and refusal(body)[:2] == ("invalid_argument", "MALFORMED_MESSAGE")
    resp, raw, _ = request(web, "POST", SVC + "GetGame", b"\xff\xff\xff", {"content-type": "application/proto"})
    assert resp.status == 400 and refusal(json.loads(raw))[:2] == ("invalid_argument", "MALFORMED_MESSAGE")
    status, body, _ = connect_json(web, "Nope", {})
    assert status == 501 and refusal(body)[:2] == ("unimplemented", "UNKNOWN_METHOD")
    status, body, _ = connect_json(web, "StreamEvents", {"gameId": game.game_id})
    assert status == 501 and "server stream" in body["message"]
    resp, raw, _ = request(web, "POST", SVC + "GetGame", b"{}", {"content-type": "text/plain"})
    assert resp.status == 415 and b"application/json" in raw
    assert web.grpc.game(game.game_id).head_seq == head  # nothing changed


# ---- Connect streaming ---------------------------------------------------------

def test_connect_stream_delivers_each_command_live_and_ends_with_the_game(web):
    game, seats = new_game(web, seed=b"stream-seed")
    stream = ConnectStream(web, game.game_id, token=seats[0].token)
    try:
        first = stream.next()
        assert first.head_seq == web.grpc.game(game.game_id).head_seq
        assert [e.seq for e in first.events] == list(range(first.head_seq + 1))
        seen = first.head_seq
        bots = [RandomBot(s, seed=3) for s in seats]
        for _ in range(6):  # a few commands over gRPC: each arrives over HTTP as a batch
            actor = web.grpc.game(game.game_id).status.to_act[0]
            bots[actor].act_once()
            batch = stream.next()
            assert batch.events[0].seq == seen + 1 and batch.head_seq == batch.events[-1].seq
            seen = batch.head_seq
            assert batch.view.roma.seat == 0
        while not web.grpc.game(game.game_id).status.over:  # to the end: the stream closes cleanly
            for s in web.grpc.game(game.game_id).status.to_act:
                bots[s].act_once()
        while stream.next() is not None:
            pass
        assert stream.end == {}
    finally:
        stream.close()


def test_connect_stream_in_json_and_its_errors(web):
    game, seats = new_game(web)
    stream = ConnectStream(web, game.game_id, from_seq=2, json_=True)
    try:
        batch = stream.next()
        assert batch["events"][0]["seq"] == "2" and batch["view"]["roma"]["seat"] == -1
    finally:
        stream.close()
    stream = ConnectStream(web, game.game_id, token="bad-token")
    try:
        assert stream.next() is None
        code, reason, _ = refusal(stream.end["error"])
        assert (code, reason) == ("unauthenticated", "INVALID_TOKEN")
    finally:
        stream.close()


def test_a_closed_stream_unsubscribes(web):
    game, seats = new_game(web)
    stream = ConnectStream(web, game.game_id)
    stream.next()
    loaded = web.host._games[game.game_id]
    assert len(loaded.subscribers) == 1
    stream.close()
    RandomBot(seats[web.grpc.game(game.game_id).status.to_act[0]], seed=1).act_once()  # wakes the subscriber
    for _ in range(100):
        if not loaded.subscribers:
            break
        threading.Event().wait(0.05)
    assert not loaded.subscribers


# ---- gRPC-Web ------------------------------------------------------------------

def grpc_web(web, name: str, msg, token: str | None = None, text: bool = False):
    ctype = "application/grpc-web-text+proto" if text else "application/grpc-web+proto"
    headers = {"content-type": ctype, "x-grpc-web": "1"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    body = envelope(msg.SerializeToString())
    resp, raw, hdrs = request(web, "POST", SVC + name, base64.b64encode(body) if text else body, headers)
    assert resp.status == 200 and hdrs["content-type"] == ctype
    if text:  # chunks are base64 each on its own: decode group by group
        raw = b"".join(base64.b64decode(raw[i:i + 4]) for i in range(0, len(raw), 4))
    found = list(frames(raw))
    messages = [data for flags, data in found if not flags & 0x80]
    trailers = dict(line.split(": ", 1) for line in found[-1][1].decode().strip().split("\r\n"))
    assert found[-1][0] & 0x80
    return messages, trailers


def test_grpc_web_unary_stream_and_error(web):
    game, seats = new_game(web)
    messages, trailers = grpc_web(web, "GetGame", pb.GetGameRequest(game_id=game.game_id))
    assert trailers["grpc-status"] == "0" and pb.GameSummary.FromString(messages[0]).game_id == game.game_id
    messages, trailers = grpc_web(web, "GetView", pb.GetViewRequest(game_id=game.game_id), token=seats[1].token,
                                  text=True)
    assert pb.GetViewResponse.FromString(messages[0]) == web.grpc.view(game.game_id, token=seats[1].token)
    # a finished game's stream: every batch, then the trailers
    done, done_seats = new_game(web, seed=b"grpc-web-stream")
    bots = [RandomBot(s, seed=2) for s in done_seats]
    while not (st := web.grpc.game(done.game_id).status).over:
        for s in st.to_act:
            bots[s].act_once()
    messages, trailers = grpc_web(web, "StreamEvents", pb.StreamEventsRequest(game_id=done.game_id))
    batches = [pb.EventBatch.FromString(m) for m in messages]
    assert trailers["grpc-status"] == "0"
    assert [e.seq for b in batches for e in b.events] == list(range(batches[-1].head_seq + 1))
    # a refusal: the status, the message and the same details as the native gRPC trailer
    _, trailers = grpc_web(web, "GetView", pb.GetViewRequest(game_id=game.game_id), token="bad")
    assert trailers["grpc-status"] == "16" and unquote(trailers["grpc-message"]).startswith("INVALID_TOKEN: ")
    details = trailers["grpc-status-details-bin"]
    status = status_pb2.Status.FromString(base64.b64decode(details + "=" * (-len(details) % 4)))
    info = error_details_pb2.ErrorInfo()
    status.details[0].Unpack(info)
    assert info.reason == "INVALID_TOKEN"


# ---- CORS and files ------------------------------------------------------------

def test_cors_preflight_and_responses(web):
    resp, _, hdrs = request(web, "OPTIONS", SVC + "GetView", headers={
        "origin": ALLOWED, "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type, connect-protocol-version"})
    assert resp.status == 204 and hdrs["access-control-allow-origin"] == ALLOWED
    assert "POST" in hdrs["access-control-allow-methods"]
    allowed = {h.strip() for h in hdrs["access-control-allow-headers"].split(",")}
    assert {"authorization", "content-type", "connect-protocol-version", "x-grpc-web"} <= allowed
    assert "grpc-status" in hdrs["access-control-expose-headers"]
    status, _, hdrs = connect_json(web, "ListGameTypes", {}, origin=ALLOWED)
    assert status == 200 and hdrs["access-control-allow-origin"] == ALLOWED
    # another origin: the preflight fails, and no response carries an allow header for it
    resp, raw, hdrs = request(web, "OPTIONS", SVC + "GetView", headers={
        "origin": "http://evil.example", "access-control-request-method": "POST"})
    assert resp.status == 403 and "access-control-allow-origin" not in hdrs and b"--cors-origin" in raw
    status, _, hdrs = connect_json(web, "ListGameTypes", {}, origin="http://evil.example")
    assert "access-control-allow-origin" not in hdrs


def test_the_web_client_files(web):
    resp, body, hdrs = request(web, "GET", "/")
    assert resp.status == 200 and b"<title>carthago" in body and hdrs["content-type"].startswith("text/html")
    resp, body, hdrs = request(web, "GET", "/game/roma-123")  # a client route: the app's page
    assert resp.status == 200 and b"<title>carthago" in body
    resp, body, hdrs = request(web, "GET", "/assets/app-1234.js")
    assert resp.status == 200 and "immutable" in hdrs["cache-control"]
    assert "javascript" in hdrs["content-type"]
    assert request(web, "GET", "/assets/missing.js")[0].status == 404
    assert request(web, "GET", "/../../etc/passwd")[0].status in (200, 404)  # never outside the root
    assert b"root:" not in request(web, "GET", "/%2e%2e/%2e%2e/etc/passwd")[1]


# ---- the leak test over HTTP ---------------------------------------------------

@pytest.mark.parametrize("game_type,players", [("roma", 2), ("rome-et-carthage", 4)])
def test_a_seat_sees_nothing_of_the_other_hands_over_http(web, game_type, players):
    """Seat 0's view and stream over HTTP: every record hidden from it arrives in its public form,
    and every view it gets is one the engine gives seat 0 in any state it cannot tell apart from the
    real one (sample_hidden), so it carries nothing of the other hands."""
    game, seats = new_game(web, game_type, players, seed=f"leak-{game_type}".encode())
    bots = [RandomBot(s, seed=7) for s in seats]
    for _ in range(40):
        st = web.grpc.game(game.game_id).status
        if st.over:
            break
        for s in st.to_act:
            bots[s].act_once()
    watcher = 0
    stream = ConnectStream(web, game.game_id, token=seats[watcher].token)
    try:
        batch = stream.next()
    finally:
        stream.close()
    status, view = connect_proto(web, "GetView", pb.GetViewRequest(game_id=game.game_id), pb.GetViewResponse,
                                 token=seats[watcher].token)
    assert status == 200

    records = [pb.LogRecord.FromString(sealed.body)
               for _, sealed in split_export(web.grpc.export(game.game_id, token=OPERATOR).records)]
    assert [e.seq for e in batch.events] == [r.seq for r in records[:len(batch.events)]]
    hidden = 0
    for got, record in zip(batch.events, records):
        vis = record.visibility
        if vis.is_private and watcher not in vis.seats:
            hidden += 1
            assert got.redacted and got.event == vis.redacted and got.event != record.event, got.seq
        else:
            assert not got.redacted and got.event == record.event
    assert hidden > 0, "the game dealt nothing private to the other seats: a weak test"

    g = registry.get(game_type)
    wire = wire_for(g)
    events = [e for r in records if (e := game_event_of(wire, r)) is not None]
    meta = web.host._games[game.game_id].meta
    state = Session.replay(g, GameConfig(players=players, options=meta.options), meta.seed, events).state
    for i in range(4):
        sample = g.sample_hidden(state, watcher, Rng(b"leak-sample", i))
        expected = wire.view_to_proto(g.view(sample, watcher))
        assert getattr(view.view, wire.field) == expected
        assert getattr(batch.view, wire.field) == expected


def test_http2_without_tls_by_prior_knowledge(web):
    """h2c: the same Connect call over HTTP/2 (what a proxy or a non-browser client may speak)."""
    import socket

    import h2.connection
    import h2.events

    url = urlparse(web.web.url)
    sock = socket.create_connection((url.hostname, url.port), timeout=10)
    try:
        conn = h2.connection.H2Connection()
        conn.initiate_connection()
        body = json.dumps({}).encode()
        conn.send_headers(1, [(":method", "POST"), (":path", SVC + "ListGameTypes"), (":scheme", "http"),
                              (":authority", url.netloc), ("content-type", "application/json"),
                              ("content-length", str(len(body)))])
        conn.send_data(1, body, end_stream=True)
        sock.sendall(conn.data_to_send())
        status, data, ended = None, b"", False
        while not ended:
            chunk = sock.recv(65536)
            assert chunk, "the server closed the connection"
            for event in conn.receive_data(chunk):
                if isinstance(event, h2.events.ResponseReceived):
                    status = dict(event.headers)[b":status"]
                elif isinstance(event, h2.events.DataReceived):
                    data += event.data
                    conn.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
                elif isinstance(event, h2.events.StreamEnded):
                    ended = True
            sock.sendall(conn.data_to_send())
        assert status == b"200" and "roma" in {g["id"] for g in json.loads(data)["games"]}
    finally:
        sock.close()
