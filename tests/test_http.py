"""The GameService over HTTP (server/http.py): Connect (unary JSON and binary, server streaming),
gRPC-Web (binary and text), CORS, the web client's files, and the leak test over HTTP.

One in-process server serves gRPC and HTTP from one GameHost, so a game created over one is played
over the other: the tests mix them on purpose.
"""

from __future__ import annotations

import asyncio
import base64
import gzip
import http.client
import importlib
import json
import random
import struct
import threading
from urllib.parse import quote, unquote, urlparse

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
from .test_event_words import hidden_values

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

    def __init__(self, web, game_id: str, from_seq: int = 0, token: str | None = None, json_: bool = False,
                 with_words: bool = False, language: str = ""):
        url = urlparse(web.web.url)
        self.json = json_
        self.conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
        req = pb.StreamEventsRequest(game_id=game_id, from_seq=from_seq, with_words=with_words, language=language)
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
    assert untimed(json_format.Parse(json.dumps(view), pb.GetViewResponse())) == untimed(grpc_view)


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
    assert untimed(pb.GetViewResponse.FromString(messages[0])) == untimed(web.grpc.view(game.game_id, token=seats[1].token))
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

@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game_type,players", [("roma", 2), ("rome-et-carthage", 4)])
def test_a_seat_sees_nothing_of_the_other_hands_over_http(web, game_type, players, language):
    """Seat 0's view and stream over HTTP: every record hidden from it arrives in its public form,
    its words (with_words, in English or French) are those of that public form and name nothing its private form holds,
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
    stream = ConnectStream(web, game.game_id, token=seats[watcher].token, with_words=True, language=language)
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
    g = registry.get(game_type)
    wire = wire_for(g)
    words = importlib.import_module(f"engine.games.{game_type.replace('-', '_')}.words")
    hidden = 0
    for got, record in zip(batch.events, records):
        vis = record.visibility
        assert got.words, got.seq
        if vis.is_private and watcher not in vis.seats:
            hidden += 1
            assert got.redacted and got.event == vis.redacted and got.event != record.event, got.seq
            public, private = (wire.event_from_proto(getattr(e, wire.field)) for e in (got.event, record.event))
            assert got.words == words.describe_event(public, language)
            for value in hidden_values(private, public):
                name = words.name_of(value, language)
                assert not name or name not in got.words, (got.seq, name, got.words)
        else:
            assert not got.redacted and got.event == record.event
    assert hidden > 0, "the game dealt nothing private to the other seats: a weak test"

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


# ---- Connect GET, compression, deadlines ------------------------------------------

READ_ONLY = ("GetGame", "GetView", "ListGames", "Ping")


@pytest.fixture(scope="module")
def marked(monkeypatch_module):
    """A server whose read-only methods are marked NO_SIDE_EFFECTS (as the proto marks them) and
    whose Ping takes 5 s: for Connect GET and for deadlines."""
    import server.http as http_mod

    original = http_mod._methods

    def methods(host, *args):
        found = original(host, *args)
        for name in READ_ONLY:
            found[name].no_side_effects = True

        async def slow(request, token):
            await asyncio.sleep(5)
            return pb.PingResponse()

        found["Ping"].call = slow
        return found

    monkeypatch_module.setattr(http_mod, "_methods", methods)
    with ServerThread("memory", HostConfig(allow_client_seeds=True), http={"addr": "127.0.0.1:0"}) as s:
        with Client(s.addr, timeout=20) as c:
            c.wait_ready()
            s.grpc = c
            yield s


@pytest.fixture(scope="module")
def monkeypatch_module():
    mp = pytest.MonkeyPatch()
    yield mp
    mp.undo()


def test_get_is_allowed_exactly_for_the_methods_the_proto_marks():
    from google.protobuf import descriptor_pb2

    from server.http import _methods
    service = pb.DESCRIPTOR.services_by_name["GameService"]
    flags = {m.name: m.no_side_effects for m in _methods(_NoHost()).values()}
    assert flags == {m.name: m.GetOptions().idempotency_level == descriptor_pb2.MethodOptions.NO_SIDE_EFFECTS
                     for m in service.methods}


class _NoHost:
    """Enough of a host for building the method table (the servicer is not called)."""


def test_connect_get_of_an_unmarked_method_is_refused_and_changes_nothing(web):
    game = web.grpc.create("roma", 2, seed=b"get-refused")
    # SampleStates reads, but its answer is drawn at random on each call: the proto leaves it a POST
    service = pb.DESCRIPTOR.services_by_name["GameService"]
    assert not service.methods_by_name["SampleStates"].GetOptions().idempotency_level
    query = "encoding=json&message=" + quote(json.dumps({"gameId": game.game_id, "count": 1}))
    resp, raw, _ = request(web, "GET", f"{SVC}SampleStates?{query}")
    assert resp.status == 501 and refusal(json.loads(raw))[:2] == ("unimplemented", "GET_NOT_ALLOWED")
    # a method with side effects never takes GET, whatever the proto marks on the others
    head = web.grpc.game(game.game_id).head_seq
    body = quote(json.dumps({"gameId": game.game_id, "seat": 0}))
    resp, raw, _ = request(web, "GET", f"{SVC}JoinGame?encoding=json&message={body}")
    assert resp.status == 501 and refusal(json.loads(raw))[:2] == ("unimplemented", "GET_NOT_ALLOWED")
    assert not web.grpc.game(game.game_id).seats[0].claimed and web.grpc.game(game.game_id).head_seq == head


def test_connect_get_in_json_and_in_base64_proto(marked):
    game = marked.grpc.create("roma", 2, seed=b"get-seed")
    seat = marked.grpc.join(game.game_id, seat=0, player="p0")
    query = "connect=v1&encoding=json&message=" + quote(json.dumps({"gameId": game.game_id}))
    resp, raw, hdrs = request(marked, "GET", f"{SVC}GetGame?{query}")
    assert resp.status == 200 and json.loads(raw)["gameId"] == game.game_id
    assert hdrs["cache-control"] == "private, no-cache" and hdrs["vary"] == "authorization"
    # binary, URL-safe base64 without padding, with a seat's token: that seat's view
    msg = base64.urlsafe_b64encode(pb.GetViewRequest(game_id=game.game_id).SerializeToString()).decode().rstrip("=")
    resp, raw, _ = request(marked, "GET", f"{SVC}GetView?encoding=proto&base64=1&message={msg}",
                           headers={"authorization": f"Bearer {seat.token}"})
    assert resp.status == 200 and pb.GetViewResponse.FromString(raw).view.roma.seat == 0
    # the message gzipped too
    packed = base64.urlsafe_b64encode(gzip.compress(pb.GetGameRequest(game_id=game.game_id).SerializeToString())).decode()
    resp, raw, _ = request(marked, "GET", f"{SVC}GetGame?encoding=proto&base64=1&compression=gzip&message={packed}")
    assert resp.status == 200 and pb.GameSummary.FromString(raw).game_id == game.game_id
    # bad input: no encoding, bad base64, an unknown compression, a wrong protocol version
    for query, reason in ((f"message={quote('{}')}", "MALFORMED_MESSAGE"),
                          ("encoding=proto&base64=1&message=%%%", "MALFORMED_MESSAGE"),
                          ("encoding=json&compression=br&message=%7B%7D", "UNSUPPORTED_ENCODING"),
                          ("connect=v2&encoding=json&message=%7B%7D", "MALFORMED_MESSAGE")):
        resp, raw, _ = request(marked, "GET", f"{SVC}GetGame?{query}")
        assert resp.status in (400, 501) and refusal(json.loads(raw))[1] == reason, (query, raw)


def test_responses_are_gzipped_when_the_client_accepts_it_and_they_are_large(web):
    game, seats = new_game(web, game_type="republic-of-carthage", players=3)
    payload = json.dumps({"gameId": game.game_id}).encode()
    headers = {"content-type": "application/json", "authorization": f"Bearer {seats[0].token}"}
    resp, plain, hdrs = request(web, "POST", SVC + "GetView", payload, headers)
    assert resp.status == 200 and "content-encoding" not in hdrs and len(plain) >= 1024
    resp, packed, hdrs = request(web, "POST", SVC + "GetView", payload, {**headers, "accept-encoding": "gzip, br"})
    assert resp.status == 200 and hdrs["content-encoding"] == "gzip" and len(packed) < len(plain)
    unpacked, first = json.loads(gzip.decompress(packed)), json.loads(plain)
    assert unpacked.pop("serverTimeUnixMs") >= first.pop("serverTimeUnixMs")  # each answer its own time
    assert unpacked == first
    resp, _, hdrs = request(web, "POST", SVC + "GetView", payload, {**headers, "accept-encoding": "gzip;q=0"})
    assert "content-encoding" not in hdrs
    # a small answer is sent as it is
    resp, raw, hdrs = request(web, "POST", SVC + "GetGame", payload, {**headers, "accept-encoding": "gzip"})
    assert len(raw) < 1024 and "content-encoding" not in hdrs and json.loads(raw)["gameId"] == game.game_id


def test_a_gzip_bomb_is_refused_before_it_fills_the_memory(web):
    bomb = gzip.compress(b"\0" * (8 * 1024 * 1024))
    resp, raw, _ = request(web, "POST", SVC + "GetGame", bomb, {"content-type": "application/proto",
                                                               "content-encoding": "gzip"})
    assert resp.status == 429 and refusal(json.loads(raw))[:2] == ("resource_exhausted", "MESSAGE_TOO_LARGE")
    truncated = gzip.compress(pb.GetGameRequest(game_id="x").SerializeToString())[:-6]
    resp, raw, _ = request(web, "POST", SVC + "GetGame", truncated, {"content-type": "application/proto",
                                                                    "content-encoding": "gzip"})
    assert resp.status == 400 and refusal(json.loads(raw))[:2] == ("invalid_argument", "MALFORMED_MESSAGE")


def raw_stream(web, body: bytes, headers: dict, seconds: float = 30):
    """A whole streaming response (it must end by itself): status, headers and its frames."""
    url = urlparse(web.web.url)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=seconds)
    conn.request("POST", SVC + "StreamEvents", body=body, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    return resp.status, {k.lower(): v for k, v in resp.getheaders()}, list(frames(data))


def test_connect_stream_messages_compressed_both_ways(web):
    game, seats = new_game(web, game_type="republic-of-carthage", players=3)
    request_body = envelope(gzip.compress(pb.StreamEventsRequest(game_id=game.game_id).SerializeToString()), flags=0x01)
    headers = {"content-type": "application/connect+proto", "connect-content-encoding": "gzip",
               "connect-accept-encoding": "gzip", "connect-timeout-ms": "700",
               "authorization": f"Bearer {seats[0].token}"}
    status, hdrs, found = raw_stream(web, request_body, headers)
    assert status == 200 and hdrs["connect-content-encoding"] == "gzip"
    flags, data = found[0]
    assert flags == 0x01  # the first batch (the whole log and the view) is large: compressed
    batch = pb.EventBatch.FromString(gzip.decompress(data))
    assert batch.head_seq == web.grpc.game(game.game_id).head_seq and batch.view.republic_of_carthage.seat == 0
    # a message flagged compressed in a request that names no encoding is refused
    status, _, found = raw_stream(web, request_body, {"content-type": "application/connect+proto"})
    end = json.loads(found[-1][1])
    assert found[-1][0] == 0x02 and refusal(end["error"])[:2] == ("invalid_argument", "MALFORMED_MESSAGE")


def test_grpc_web_compressed_messages(web):
    game, seats = new_game(web, game_type="republic-of-carthage", players=3)
    body = envelope(gzip.compress(pb.GetViewRequest(game_id=game.game_id).SerializeToString()), flags=0x01)
    resp, raw, hdrs = request(web, "POST", SVC + "GetView", body, {
        "content-type": "application/grpc-web+proto", "grpc-encoding": "gzip", "grpc-accept-encoding": "gzip",
        "authorization": f"Bearer {seats[1].token}"})
    assert resp.status == 200 and hdrs["grpc-encoding"] == "gzip"
    found = list(frames(raw))
    assert found[0][0] == 0x01 and b"grpc-status: 0" in found[-1][1]
    assert pb.GetViewResponse.FromString(gzip.decompress(found[0][1])).view.republic_of_carthage.seat == 1


def test_a_deadline_ends_a_stream_and_a_slow_call_and_a_bad_one_is_refused(marked):
    import time
    game = marked.grpc.create("roma", 2, seed=b"deadline")
    body = envelope(pb.StreamEventsRequest(game_id=game.game_id).SerializeToString())
    started = time.monotonic()
    status, _, found = raw_stream(marked, body, {"content-type": "application/connect+proto", "connect-timeout-ms": "400"})
    took = time.monotonic() - started
    assert status == 200 and found[0][0] == 0 and pb.EventBatch.FromString(found[0][1]).head_seq >= 0
    assert refusal(json.loads(found[-1][1])["error"])[:2] == ("deadline_exceeded", "DEADLINE_EXCEEDED")
    assert 0.3 < took < 5
    # gRPC-Web: grpc-timeout, the status in the trailers
    status, _, found = raw_stream(marked, body, {"content-type": "application/grpc-web+proto", "grpc-timeout": "300m"})
    assert b"grpc-status: 4\r\n" in found[-1][1] and b"DEADLINE_EXCEEDED" in found[-1][1]
    # a unary call that outlives its timeout (this server's Ping takes 5 s)
    started = time.monotonic()
    resp, raw, _ = request(marked, "POST", SVC + "Ping", b"{}", {"content-type": "application/json",
                                                                 "connect-timeout-ms": "200"})
    assert resp.status == 504 and refusal(json.loads(raw))[:2] == ("deadline_exceeded", "DEADLINE_EXCEEDED")
    assert time.monotonic() - started < 3
    # within its timeout, a call answers as usual; a malformed timeout is refused and changes nothing
    resp, raw, _ = request(marked, "POST", SVC + "GetGame", json.dumps({"gameId": game.game_id}).encode(),
                           {"content-type": "application/json", "connect-timeout-ms": "60000"})
    assert resp.status == 200
    head = marked.grpc.game(game.game_id).head_seq
    for bad in ("-5", "1.5", "12345678901", "soon"):
        resp, raw, _ = request(marked, "POST", SVC + "JoinGame", json.dumps({"gameId": game.game_id, "seat": 0}).encode(),
                               {"content-type": "application/json", "connect-timeout-ms": bad})
        assert resp.status == 400 and refusal(json.loads(raw))[:2] == ("invalid_argument", "BAD_TIMEOUT")
    assert not marked.grpc.game(game.game_id).seats[0].claimed and marked.grpc.game(game.game_id).head_seq == head
    status, _, found = raw_stream(marked, body, {"content-type": "application/grpc-web+proto", "grpc-timeout": "5x"})
    assert b"grpc-status: 3\r\n" in found[-1][1] and b"BAD_TIMEOUT" in found[-1][1]


def untimed(msg):
    """``msg`` without its server_time_unix_ms (the server's clock as it answered), which was set."""
    assert msg.server_time_unix_ms > 0
    msg.ClearField("server_time_unix_ms")
    return msg


# ---- hardening (issue 35, item 4) ----------------------------------------------

def test_an_authorization_without_bearer_is_refused_over_http_as_over_grpc(web):
    game, seats = new_game(web, seed=b"bearer")
    head = web.grpc.game(game.game_id).head_seq
    body = json.dumps({"gameId": game.game_id}).encode()
    for value in (seats[0].token, f"Basic {seats[0].token}", f"Bearer {seats[0].token} extra"):
        resp, raw, _ = request(web, "POST", SVC + "ListLegalCommands", body,
                               {"content-type": "application/json", "authorization": value})
        assert resp.status == 401 and refusal(json.loads(raw))[:2] == ("unauthenticated", "MALFORMED_AUTHORIZATION")
    import grpc
    with pytest.raises(grpc.RpcError) as grpc_refusal:  # the same rule on the gRPC address
        web.grpc.stub.ListLegalCommands(pb.ListLegalCommandsRequest(game_id=game.game_id),
                                        metadata=(("authorization", seats[0].token),))
    assert CarthagoError.from_rpc(grpc_refusal.value).code == "MALFORMED_AUTHORIZATION"
    # two authorization headers: refused, not one of them picked
    url = urlparse(web.web.url)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    conn.putrequest("POST", SVC + "ListLegalCommands")
    for h, v in (("content-type", "application/json"), ("content-length", str(len(body))),
                 ("authorization", f"Bearer {seats[0].token}"), ("authorization", f"Bearer {seats[1].token}")):
        conn.putheader(h, v)
    conn.endheaders(body)
    resp = conn.getresponse()
    assert resp.status == 401 and refusal(json.loads(resp.read()))[1] == "MALFORMED_AUTHORIZATION"
    conn.close()
    # the scheme's case is free (RFC 7235)
    resp, raw, _ = request(web, "POST", SVC + "ListLegalCommands", body,
                           {"content-type": "application/json", "authorization": f"bearer {seats[0].token}"})
    assert resp.status == 200
    assert web.grpc.game(game.game_id).head_seq == head


def test_json_in_another_charset_than_utf8_is_refused(web):
    head = len(web.grpc.games(include_finished=True))
    body = json.dumps({"gameType": "roma"}).encode("latin-1")
    for ctype in ("application/json; charset=latin-1", "application/json;charset=ISO-8859-1",
                  "application/connect+json; charset=utf-16"):
        resp, raw, _ = request(web, "POST", SVC + "CreateGame", body, {"content-type": ctype})
        assert resp.status == 415 and b"UTF-8" in raw, (ctype, raw)
    assert len(web.grpc.games(include_finished=True)) == head  # nothing created
    resp, raw, _ = request(web, "POST", SVC + "Ping", b"{}", {"content-type": "application/json; charset=utf-8"})
    assert resp.status == 200


def test_a_body_trickled_after_the_headers_is_cut_off(web, monkeypatch):
    import socket
    import time

    import server.http as server_http
    monkeypatch.setattr(server_http, "BODY_SECONDS", 1.0)
    url = urlparse(web.web.url)
    body = json.dumps({"payload": "AAAA" * 8}).encode()
    sock = socket.create_connection((url.hostname, url.port), timeout=10)
    sock.sendall(f"POST {SVC}Ping HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n"
                 f"content-length: {len(body)}\r\n\r\n".encode())
    started, reply = time.monotonic(), b""
    sock.settimeout(0.25)
    for byte in body:  # one byte every 0.25 s: the whole body would take 12 s
        try:
            sock.sendall(bytes([byte]))
        except OSError:
            break  # the server closed the connection
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            continue
        reply += chunk
        if not chunk or b"\r\n\r\n" in reply:
            break
    took = time.monotonic() - started
    sock.settimeout(2.0)  # the headers may come in a packet of their own: read the body too
    while b"BODY_TOO_SLOW" not in reply:
        try:
            chunk = sock.recv(65536)
        except (socket.timeout, OSError):
            break
        if not chunk:
            break
        reply += chunk
    sock.close()
    assert reply.startswith(b"HTTP/1.1 504"), reply
    assert b"BODY_TOO_SLOW" in reply and took < 6


def test_a_body_sent_in_several_chunks_reaches_a_stream_whole(web):
    """The disconnect watcher of a stream used to read `receive` beside the body: a body in two
    chunks lost its second one to it."""
    import socket
    import time

    game, _ = new_game(web, seed=b"chunks")
    msg = pb.StreamEventsRequest(game_id=game.game_id).SerializeToString()
    framed = envelope(msg)
    url = urlparse(web.web.url)
    sock = socket.create_connection((url.hostname, url.port), timeout=10)
    sock.sendall(f"POST {SVC}StreamEvents HTTP/1.1\r\nhost: x\r\ncontent-type: application/connect+proto\r\n"
                 f"content-length: {len(framed)}\r\n\r\n".encode())
    for part in (framed[:3], framed[3:]):  # headers alone first: the call waits for its body, then two chunks
        time.sleep(0.3)
        sock.sendall(part)
    reply = b""
    while b"\r\n\r\n" not in reply:
        reply += sock.recv(65536)
    head, _, rest = reply.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200"), head
    sock.close()


def test_an_idle_stream_gets_keepalive_batches_and_then_the_move():
    """docs/PROTOCOL.md "Streams": an HTTP stream that has nothing to send for the keepalive
    interval (30 s; here 0.2 s) gets a batch with no event, at the head, then the records as ever."""
    with ServerThread("memory", HostConfig(allow_client_seeds=True),
                      http={"addr": "127.0.0.1:0", "keepalive_s": 0.2}) as s, Client(s.addr, timeout=20) as c:
        s.grpc = c
        game, seats = new_game(s, "hannibal")
        stream = ConnectStream(s, game.game_id, token=seats[0].token)
        first = stream.next()
        head = first.head_seq
        idle = [stream.next() for _ in range(2)]
        assert all(not b.events and b.head_seq == head and b.status.to_act == first.status.to_act for b in idle)
        assert idle[1].server_time_unix_ms > idle[0].server_time_unix_ms > first.server_time_unix_ms
        mover = first.status.to_act[0]
        seats[mover].submit(seats[mover].legal()[0])
        batch = stream.next()
        while not batch.events:  # a keepalive may come before it
            batch = stream.next()
        assert batch.events[0].seq == head + 1
        stream.close()
