"""The same ``GameService`` for browsers: Connect and gRPC-Web over HTTP/1.1 and HTTP/2 (h2c).

One ASGI application, served by Hypercorn on the gRPC server's event loop and calling the very
``Servicer`` (``server.service``; so the very ``GameHost``) that ``server.app`` registers with
grpc.aio: same tokens (``authorization: Bearer``), same refusals (the Connect error carries the
status code and a ``google.rpc.ErrorInfo`` detail whose reason is the stable code, as the gRPC
status does), same per-seat redaction (a stream sends the host's batches for the caller's seat, byte for byte).

Why hand-written: the protocols are small and fully specified (connectrpc.com/docs/protocol,
github.com/grpc/grpc/blob/master/doc/PROTOCOL-WEB.md), while connectrpc's Python package (0.13)
is built on a protobuf runtime of its own, not on the ``google.protobuf`` messages the host and
``server/wire.py`` work on: every request and every streamed batch would be converted between two
message libraries. Hypercorn (pinned) does the HTTP: HTTP/1.1, and HTTP/2 in clear text by
prior knowledge or upgrade, in the same asyncio loop as grpc.aio, which the host requires (its
locks and stream queues belong to one loop).

Routes:
- ``POST /carthago.v1.GameService/<Method>``
  - Connect unary: ``application/proto`` or ``application/json``; Connect server streaming:
    ``application/connect+proto`` or ``application/connect+json``;
  - gRPC-Web: ``application/grpc-web[+proto]`` and ``application/grpc-web-text[+proto]`` (base64).
- ``GET /carthago.v1.GameService/<Method>?encoding=proto|json&message=…[&base64=1][&compression=gzip]``:
  Connect's GET form of a unary call, for the methods the proto marks
  ``option idempotency_level = NO_SIDE_EFFECTS`` only (others are refused: a GET may be repeated
  or prefetched by anything between the browser and the server).

Compression (gzip, the one algorithm every Connect and gRPC-Web client has): requests may be
compressed (Connect ``content-encoding`` / ``connect-content-encoding``, gRPC-Web ``grpc-encoding``);
responses and stream messages of ``COMPRESS_MIN_BYTES`` or more are compressed when the client
says it accepts gzip (``accept-encoding``, ``connect-accept-encoding``, ``grpc-accept-encoding``).
Deadlines: ``connect-timeout-ms`` (Connect) and ``grpc-timeout`` (gRPC-Web) bound a call, a stream
included; past it the call is cancelled, as grpc.aio cancels a native call past its deadline, and
the client gets ``deadline_exceeded`` / ``DEADLINE_EXCEEDED``. A request's body must arrive within
``BODY_SECONDS`` of the first read (``DEADLINE_EXCEEDED`` / ``BODY_TOO_SLOW``), and JSON in UTF-8
(another ``charset`` is 415); ``authorization`` follows gRPC's rule (``server.service.bearer``).
- ``OPTIONS`` anything: CORS preflight (origins from ``--cors-origin``).
- ``GET /metrics`` (Prometheus), ``/livez`` and ``/readyz`` (server.observe): for the operator.
- ``GET`` anything else: the web client's built files (``clients/web/dist``), ``index.html`` for
  the client's own routes.
"""

from __future__ import annotations

import asyncio
import base64
import gzip
import json
import logging
import mimetypes
import socket
import struct
import zlib
from pathlib import Path
from typing import Any, Awaitable, Callable, Iterable
from urllib.parse import parse_qs, quote

from google.protobuf import any_pb2, descriptor_pb2, json_format
from google.protobuf.message import DecodeError
from google.rpc import code_pb2, error_details_pb2, status_pb2

from carthago.v1 import carthago_pb2 as pb

from . import observe
from .failures import MALFORMED_MESSAGE, HostError
from .host import GameHost
from .service import MAX_MESSAGE_BYTES, SERVICE, Servicer, bearer, limit_rate

log = logging.getLogger("carthago.http")

WEB_ROOT = Path(__file__).resolve().parents[1] / "clients" / "web" / "dist"
PREFIX = f"/{SERVICE}/"

# gRPC status name -> (Connect code, HTTP status of a Connect unary error)
CONNECT_CODES = {
    "CANCELLED": ("canceled", 499), "UNKNOWN": ("unknown", 500), "INVALID_ARGUMENT": ("invalid_argument", 400),
    "DEADLINE_EXCEEDED": ("deadline_exceeded", 504), "NOT_FOUND": ("not_found", 404),
    "ALREADY_EXISTS": ("already_exists", 409), "PERMISSION_DENIED": ("permission_denied", 403),
    "RESOURCE_EXHAUSTED": ("resource_exhausted", 429), "FAILED_PRECONDITION": ("failed_precondition", 400),
    "ABORTED": ("aborted", 409), "OUT_OF_RANGE": ("out_of_range", 400), "UNIMPLEMENTED": ("unimplemented", 501),
    "INTERNAL": ("internal", 500), "UNAVAILABLE": ("unavailable", 503), "DATA_LOSS": ("data_loss", 500),
    "UNAUTHENTICATED": ("unauthenticated", 401),
}
# platform codes of the transport layer itself (the host's are in server.host)
UNSUPPORTED_MEDIA_TYPE = "UNSUPPORTED_MEDIA_TYPE"
BODY_TOO_SLOW = "BODY_TOO_SLOW"  # the body did not arrive within BODY_SECONDS
UNKNOWN_METHOD = "UNKNOWN_METHOD"
UNSUPPORTED_ENCODING = "UNSUPPORTED_ENCODING"
MESSAGE_TOO_LARGE = "MESSAGE_TOO_LARGE"
INTERNAL_ERROR = "INTERNAL_ERROR"
BAD_TIMEOUT = "BAD_TIMEOUT"
DEADLINE_EXCEEDED = "DEADLINE_EXCEEDED"
GET_NOT_ALLOWED = "GET_NOT_ALLOWED"
PEER = " peer"  # the client's address, kept among the request's headers (no header name has a space)

STREAM_KEEPALIVE_S = 30.0  # a StreamEvents stream silent this long gets a batch with no event (server.idle)
COMPRESS_MIN_BYTES = 1024  # smaller messages are sent as they are: gzip would not pay for itself

CORS_ALLOW_HEADERS = ("authorization, content-type, content-encoding, accept-encoding, connect-protocol-version, "
                      "connect-timeout-ms, connect-accept-encoding, connect-content-encoding, grpc-timeout, "
                      "grpc-encoding, grpc-accept-encoding, x-grpc-web, x-user-agent")
CORS_EXPOSE_HEADERS = ("grpc-status, grpc-message, grpc-status-details-bin, grpc-encoding, grpc-accept-encoding, "
                       "connect-content-encoding, connect-accept-encoding, content-encoding")

Send = Callable[[dict], Awaitable[None]]
Receive = Callable[[], Awaitable[dict]]


class Method:
    """One RPC: its request and response types, the servicer's bound method, and whether the proto
    marks it free of side effects (``idempotency_level = NO_SIDE_EFFECTS``: Connect GET allowed)."""

    def __init__(self, name: str, request: type, response: type, streaming: bool, call: Callable,
                 no_side_effects: bool = False) -> None:
        self.name, self.request, self.response, self.streaming, self.call = name, request, response, streaming, call
        self.no_side_effects = no_side_effects


def _methods(host: GameHost, keepalive_s: float | None = None) -> dict[str, Method]:
    servicer = Servicer(host, keepalive_s)
    service = pb.DESCRIPTOR.services_by_name["GameService"]
    return {m.name: Method(m.name, getattr(pb, m.input_type.name), getattr(pb, m.output_type.name),
                           m.server_streaming, getattr(servicer, m.name),
                           m.GetOptions().idempotency_level == descriptor_pb2.MethodOptions.NO_SIDE_EFFECTS)
            for m in service.methods}


def _accepts_gzip(value: str | None) -> bool:
    """Whether an ``accept-encoding``-style header lists gzip (with a non-zero q)."""
    for part in (value or "").split(","):
        name, _, params = part.strip().partition(";")
        if name.strip().lower() in ("gzip", "*"):
            q = params.strip()
            return not (q.startswith("q=") and q[2:].strip() in ("0", "0.0", "0.00", "0.000"))
    return False


def _deadline(headers: dict[str, str], grpc: bool) -> float | None:
    """Seconds the client gives the call (``connect-timeout-ms``, or gRPC's ``grpc-timeout``), or None."""
    if grpc:
        value = headers.get("grpc-timeout")
        if value is None:
            return None
        units = {"H": 3600.0, "M": 60.0, "S": 1.0, "m": 1e-3, "u": 1e-6, "n": 1e-9}
        if not (2 <= len(value) <= 9 and value[:-1].isdigit() and value[-1] in units):
            raise HostError("INVALID_ARGUMENT", BAD_TIMEOUT,
                            f"grpc-timeout {value!r} is not 1-8 digits and a unit (H, M, S, m, u, n)")
        return int(value[:-1]) * units[value[-1]]
    value = headers.get("connect-timeout-ms")
    if value is None:
        return None
    if not (1 <= len(value) <= 10 and value.isdigit()):
        raise HostError("INVALID_ARGUMENT", BAD_TIMEOUT,
                        f"connect-timeout-ms {value!r} is not a whole number of milliseconds (1-10 digits)")
    return int(value) / 1000


async def _within(deadline: float | None, work: Awaitable[Any]) -> Any:
    """``work``, cancelled past the client's deadline (as grpc.aio cancels a call past its deadline)."""
    if deadline is None:
        return await work
    try:
        return await asyncio.wait_for(work, deadline)
    except asyncio.TimeoutError:
        raise HostError("DEADLINE_EXCEEDED", DEADLINE_EXCEEDED,
                        f"the call did not finish within the client's timeout ({deadline * 1000:.0f} ms)") from None


def _error_info(err: HostError) -> bytes:
    return error_details_pb2.ErrorInfo(reason=err.code, domain="carthago").SerializeToString()


def connect_error(err: HostError) -> dict:
    """The Connect error object: code, message (``CODE: text``, as over gRPC) and the ErrorInfo."""
    code = CONNECT_CODES.get(err.status, ("unknown", 500))[0]
    value = base64.b64encode(_error_info(err)).decode().rstrip("=")
    return {"code": code, "message": f"{err.code}: {err.message}",
            "details": [{"type": "google.rpc.ErrorInfo", "value": value,
                         "debug": {"reason": err.code, "domain": "carthago"}}]}


def grpc_trailers(err: HostError | None) -> bytes:
    """A gRPC-Web trailer frame's payload: the status, and on a refusal its message and details."""
    if err is None:
        return b"grpc-status: 0\r\n"
    detail = any_pb2.Any()
    detail.Pack(error_details_pb2.ErrorInfo(reason=err.code, domain="carthago"))
    code = getattr(code_pb2, err.status, code_pb2.UNKNOWN)
    message = f"{err.code}: {err.message}"
    status = status_pb2.Status(code=code, message=message, details=[detail])
    return (f"grpc-status: {code}\r\ngrpc-message: {quote(message, safe=' ')}\r\n"
            f"grpc-status-details-bin: {base64.b64encode(status.SerializeToString()).decode().rstrip('=')}\r\n"
            ).encode()


def _envelope(flags: int, data: bytes) -> bytes:
    return struct.pack(">BI", flags, len(data)) + data


def _out_envelope(data: bytes, compress: bool) -> bytes:
    """A response message in its envelope, gzipped (flag 0x01) when the client accepts it and it is large."""
    if compress and len(data) >= COMPRESS_MIN_BYTES:
        return _envelope(0x01, gzip.compress(data, compresslevel=6))
    return _envelope(0, data)


def _unenvelope(body: bytes, gzipped: bool = False) -> bytes:
    """The one message of a streaming request (Connect streaming and gRPC-Web put it in an envelope);
    its compressed flag is honoured when the request named gzip as its encoding."""
    if len(body) < 5:
        raise HostError("INVALID_ARGUMENT", MALFORMED_MESSAGE, "the request holds no enveloped message")
    flags, size = struct.unpack(">BI", body[:5])
    if len(body) != 5 + size:
        raise HostError("INVALID_ARGUMENT", MALFORMED_MESSAGE,
                        f"the envelope announces {size} bytes but {len(body) - 5} follow (one message expected)")
    if flags & 0x01:
        if not gzipped:
            raise HostError("INVALID_ARGUMENT", MALFORMED_MESSAGE,
                            "the message is flagged compressed but the request names no encoding (gzip)")
        return _gunzip(body[5:])
    return body[5:]


class Codec:
    def __init__(self, json_: bool) -> None:
        self.json = json_

    def decode(self, request_type: type, data: bytes):
        if self.json:
            msg = request_type()
            try:
                json_format.Parse(data.decode("utf-8") if data else "{}", msg)
            except (json_format.ParseError, UnicodeDecodeError) as exc:
                raise HostError("INVALID_ARGUMENT", MALFORMED_MESSAGE,
                                f"the request is not a valid {request_type.DESCRIPTOR.full_name} in JSON: {exc}") \
                    from None
            return msg
        try:
            return request_type.FromString(data)
        except DecodeError:
            raise HostError("INVALID_ARGUMENT", MALFORMED_MESSAGE,
                            f"the request is not a valid {request_type.DESCRIPTOR.full_name}") from None

    def encode(self, item: Any, response_type: type) -> bytes:
        """A response message, or a stream item the host serialized already (bytes of ``response_type``)."""
        if not self.json:
            return item if isinstance(item, bytes) else item.SerializeToString()
        msg = response_type.FromString(item) if isinstance(item, bytes) else item
        return json_format.MessageToJson(msg, indent=None).encode()


class HttpApp:
    """The ASGI application."""

    def __init__(self, host: GameHost, cors_origins: Iterable[str] = (), web_root: Path | None = WEB_ROOT,
                 keepalive_s: float = STREAM_KEEPALIVE_S) -> None:
        self.host = host
        self.methods = _methods(host, keepalive_s)
        self.cors_origins = {o.rstrip("/") for o in cors_origins if o}
        self.web_root = web_root.resolve() if web_root else None

    async def __call__(self, scope: dict, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            while True:
                message = await receive()
                if message["type"] == "lifespan.startup":
                    await send({"type": "lifespan.startup.complete"})
                elif message["type"] == "lifespan.shutdown":
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        if scope["type"] != "http":
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        auth = [v.decode("latin-1") for k, v in scope["headers"] if k.lower() == b"authorization"]
        if len(auth) > 1:  # every value kept (a header value holds no newline): two are refused, as in gRPC
            headers["authorization"] = "\n".join(auth)
        headers[PEER] = (scope.get("client") or ("",))[0]  # for the rates of server.rates
        cors = self._cors(headers)
        method, path = scope["method"], scope["path"]
        try:
            if method == "OPTIONS":
                await self._preflight(headers, cors, send)
            elif path.startswith(PREFIX) and method == "GET":
                await self._connect_get(path[len(PREFIX):], scope.get("query_string", b""), headers, cors, send)
            elif path.startswith(PREFIX):
                await self._rpc(path[len(PREFIX):], method, headers, cors, receive, send)
            elif method == "GET" and path in observe.PATHS:
                status, ctype, body = observe.of(self.host).http_get(path)
                await _respond(send, status, body, ctype, [(b"cache-control", b"no-store")])
            elif method in ("GET", "HEAD"):
                await self._static(path, method, send)
            else:
                await _plain(send, 405, f"{method} {path}: the API takes POST /{SERVICE}/<Method>\n", cors)
        except Exception:  # noqa: BLE001 - one bad request must not take the server down
            log.exception("HTTP request %s %s failed", method, path)
            raise

    # ---- CORS --------------------------------------------------------------
    def _cors(self, headers: dict[str, str]) -> list[tuple[bytes, bytes]]:
        origin = headers.get("origin")
        if not origin or not (origin.rstrip("/") in self.cors_origins or "*" in self.cors_origins):
            return []
        return [(b"access-control-allow-origin", origin.encode("latin-1")), (b"vary", b"Origin"),
                (b"access-control-expose-headers", CORS_EXPOSE_HEADERS.encode())]

    async def _preflight(self, headers: dict[str, str], cors: list, send: Send) -> None:
        if not cors:
            origin = headers.get("origin", "(none)")
            await _plain(send, 403, f"origin {origin} is not allowed: start the server with "
                                    f"--cors-origin {origin}\n", [])
            return
        await send({"type": "http.response.start", "status": 204, "headers": cors + [
            (b"access-control-allow-methods", b"POST, GET, OPTIONS"),
            (b"access-control-allow-headers", CORS_ALLOW_HEADERS.encode()),
            (b"access-control-max-age", b"7200")]})
        await send({"type": "http.response.body", "body": b""})

    # ---- RPCs --------------------------------------------------------------
    async def _rpc(self, name: str, verb: str, headers: dict[str, str], cors: list, receive: Receive,
                   send: Send) -> None:
        ctype, *params = [part.strip().lower() for part in headers.get("content-type", "").split(";")]
        charset = next((p.split("=", 1)[1].strip().strip('"') for p in params if p.startswith("charset=")), "utf-8")
        if charset not in ("utf-8", "utf8"):  # JSON is UTF-8 (RFC 8259), protobuf is bytes: nothing else is read
            await _plain(send, 415, f"content-type {ctype}; charset={charset} is not served: send UTF-8 "
                                    "(charset=utf-8, or no charset)\n", cors)
            return
        if ctype.startswith("application/grpc-web"):
            text = ctype.startswith("application/grpc-web-text")
            sub = ctype.split("+", 1)[1] if "+" in ctype else "proto"
            if sub != "proto":
                await _plain(send, 415, f"gRPC-Web here speaks protobuf, not {sub}\n", cors)
                return
            await self._grpc_web(name, verb, headers, cors, receive, send, text)
            return
        if ctype in ("application/connect+proto", "application/connect+json"):
            await self._connect_stream(name, verb, headers, cors, receive, send, Codec(ctype.endswith("json")))
            return
        if ctype in ("application/proto", "application/json"):
            await self._connect_unary(name, verb, headers, cors, receive, send, Codec(ctype.endswith("json")))
            return
        await _plain(send, 415, f"content-type {ctype or '(none)'} is not served: use application/json or "
                                "application/proto (Connect), application/connect+proto or +json (Connect "
                                "streams), application/grpc-web+proto (gRPC-Web); native gRPC is on the gRPC "
                                "address\n", cors)

    def _method(self, name: str, streaming: bool) -> Method:
        method = self.methods.get(name)
        if method is None:
            raise HostError("UNIMPLEMENTED", UNKNOWN_METHOD,
                            f"{SERVICE} has no method {name!r} (methods: {', '.join(sorted(self.methods))})")
        if method.streaming != streaming:
            kind = "a server stream: use application/connect+proto or +json" if method.streaming \
                else "unary: use application/proto or application/json"
            raise HostError("UNIMPLEMENTED", UNKNOWN_METHOD, f"{name} is {kind}")
        return method

    async def _connect_unary(self, name, verb, headers, cors, receive, send, codec: Codec) -> None:
        async def request() -> bytes:
            if verb != "POST":
                raise HostError("UNIMPLEMENTED", UNKNOWN_METHOD, f"RPCs take POST, not {verb}")
            body = await _body(receive)
            encoding = headers.get("content-encoding", "identity").lower()
            if encoding == "gzip":
                return _gunzip(body)
            if encoding != "identity":
                raise HostError("UNIMPLEMENTED", UNSUPPORTED_ENCODING,
                                f"content-encoding {encoding} is not supported (identity, gzip)")
            return body

        await self._unary(name, headers, cors, send, codec, request)

    async def _connect_get(self, name: str, query: bytes, headers, cors, send) -> None:
        """Connect's GET form of a unary call: the message in the query (``encoding``, ``message``,
        ``base64``, ``compression``), for a method the proto marks free of side effects."""
        params = {k: v[-1] for k, v in parse_qs(query.decode("latin-1"), keep_blank_values=True).items()}
        codec = Codec(params.get("encoding") == "json")

        async def request() -> bytes:
            method = self._method(name, streaming=False)
            if not method.no_side_effects:
                raise HostError("UNIMPLEMENTED", GET_NOT_ALLOWED,
                                f"{name} is not marked NO_SIDE_EFFECTS in the proto: call it with POST")
            if params.get("encoding") not in ("proto", "json"):
                raise HostError("INVALID_ARGUMENT", MALFORMED_MESSAGE,
                                "a Connect GET names its encoding: ?encoding=proto or ?encoding=json")
            if "connect" in params and params["connect"] != "v1":
                raise HostError("INVALID_ARGUMENT", MALFORMED_MESSAGE,
                                f"connect={params['connect']}: this server speaks Connect v1")
            text = params.get("message", "")
            if params.get("base64") == "1":
                try:
                    data = base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)
                except ValueError:
                    raise HostError("INVALID_ARGUMENT", MALFORMED_MESSAGE,
                                    "message is not URL-safe base64 (base64=1)") from None
            else:
                data = text.encode("utf-8")
            if len(data) > MAX_MESSAGE_BYTES:
                raise HostError("RESOURCE_EXHAUSTED", MESSAGE_TOO_LARGE, f"requests are limited to {MAX_MESSAGE_BYTES} bytes")
            compression = params.get("compression", "identity")
            if compression == "gzip":
                return _gunzip(data)
            if compression != "identity":
                raise HostError("UNIMPLEMENTED", UNSUPPORTED_ENCODING,
                                f"compression {compression} is not supported (identity, gzip)")
            return data

        await self._unary(name, headers, cors, send, codec, request, get=True)

    async def _unary(self, name, headers, cors, send, codec: Codec, request: Callable[[], Awaitable[bytes]],
                     get: bool = False) -> None:
        ctype = "application/json" if codec.json else "application/proto"
        extra = [(b"accept-encoding", b"gzip")]
        if get:  # a view differs by seat and changes with the game: never shared by a cache, always revalidated
            extra += [(b"cache-control", b"private, no-cache"), (b"vary", b"authorization")]
        try:
            deadline = _deadline(headers, grpc=False)
            method = self._method(name, streaming=False)
            limit_rate(self.host, method.name, headers.get(PEER))
            message = codec.decode(method.request, await request())
            reply = await _within(deadline, method.call(message, _token(headers)))
            data = codec.encode(reply, method.response)
        except HostError as err:
            status = CONNECT_CODES.get(err.status, ("unknown", 500))[1]
            await _respond(send, status, json.dumps(connect_error(err)).encode(), "application/json", cors + extra)
            return
        if len(data) >= COMPRESS_MIN_BYTES and _accepts_gzip(headers.get("accept-encoding")):
            data = gzip.compress(data, compresslevel=6)
            extra.append((b"content-encoding", b"gzip"))
        await _respond(send, 200, data, ctype, cors + extra)

    async def _connect_stream(self, name, verb, headers, cors, receive, send, codec: Codec) -> None:
        ctype = "application/connect+json" if codec.json else "application/connect+proto"
        compress = _accepts_gzip(headers.get("connect-accept-encoding"))
        started = False

        async def start() -> None:
            nonlocal started
            if not started:
                started = True
                out = [(b"content-type", ctype.encode()), (b"connect-accept-encoding", b"gzip")]
                if compress:
                    out.append((b"connect-content-encoding", b"gzip"))
                await send({"type": "http.response.start", "status": 200, "headers": cors + out})

        async def messages() -> None:
            if verb != "POST":
                raise HostError("UNIMPLEMENTED", UNKNOWN_METHOD, f"RPCs take POST, not {verb}")
            deadline = _deadline(headers, grpc=False)
            method = self._method(name, streaming=True)
            limit_rate(self.host, method.name, headers.get(PEER))
            encoding = headers.get("connect-content-encoding", "identity").lower()
            if encoding not in ("identity", "gzip"):
                raise HostError("UNIMPLEMENTED", UNSUPPORTED_ENCODING,
                                f"connect-content-encoding {encoding} is not supported (identity, gzip)")
            request = codec.decode(method.request, _unenvelope(await body, encoding == "gzip"))
            await _within(deadline, relay(method, request))

        async def relay(method: Method, request) -> None:
            stream = method.call(request, _token(headers))
            try:
                async for item in stream:
                    await start()
                    await send({"type": "http.response.body", "more_body": True,
                                "body": _out_envelope(codec.encode(item, method.response), compress)})
                    del item  # not held while the stream waits (a first batch is a whole log)
            finally:
                await stream.aclose()

        body = _BodyRead(receive)  # the body first, then the disconnect watcher (both read `receive`)
        error = await _until_disconnect(messages(), body.rest)
        if error is _GONE:
            return
        await start()
        end = {} if error is None else {"error": connect_error(error)}
        await send({"type": "http.response.body", "body": _envelope(0x02, json.dumps(end).encode())})

    async def _grpc_web(self, name, verb, headers, cors, receive, send, text: bool) -> None:
        ctype = b"application/grpc-web-text+proto" if text else b"application/grpc-web+proto"
        codec = Codec(False)
        compress = _accepts_gzip(headers.get("grpc-accept-encoding"))
        started = False

        async def write(data: bytes, more: bool) -> None:
            nonlocal started
            if not started:
                started = True
                out = [(b"content-type", ctype), (b"grpc-accept-encoding", b"gzip")]
                if compress:
                    out.append((b"grpc-encoding", b"gzip"))
                await send({"type": "http.response.start", "status": 200, "headers": cors + out})
            if text:  # each chunk encoded on its own (padded): clients decode chunk by chunk
                data = base64.b64encode(data)
            await send({"type": "http.response.body", "body": data, "more_body": more})

        async def messages() -> None:
            if verb != "POST":
                raise HostError("UNIMPLEMENTED", UNKNOWN_METHOD, f"RPCs take POST, not {verb}")
            deadline = _deadline(headers, grpc=True)
            method = self.methods.get(name)
            if method is None:
                raise HostError("UNIMPLEMENTED", UNKNOWN_METHOD, f"{SERVICE} has no method {name!r}")
            limit_rate(self.host, method.name, headers.get(PEER))
            encoding = headers.get("grpc-encoding", "identity").lower()
            if encoding not in ("identity", "gzip"):
                raise HostError("UNIMPLEMENTED", UNSUPPORTED_ENCODING,
                                f"grpc-encoding {encoding} is not supported (identity, gzip)")
            body = await raw
            if text:
                try:
                    body = base64.b64decode(body, validate=False)
                except ValueError:
                    raise HostError("INVALID_ARGUMENT", MALFORMED_MESSAGE, "the body is not base64") from None
            request = codec.decode(method.request, _unenvelope(body, encoding == "gzip"))
            await _within(deadline, relay(method, request))

        async def relay(method: Method, request) -> None:
            if not method.streaming:
                reply = await method.call(request, _token(headers))
                await write(_out_envelope(codec.encode(reply, method.response), compress), True)
                return
            stream = method.call(request, _token(headers))
            try:
                async for item in stream:
                    await write(_out_envelope(codec.encode(item, method.response), compress), True)
                    del item
            finally:
                await stream.aclose()

        raw = _BodyRead(receive)  # the body first, then the disconnect watcher (both read `receive`)
        error = await _until_disconnect(messages(), raw.rest)
        if error is _GONE:
            return
        await write(_envelope(0x80, grpc_trailers(error)), False)

    # ---- the web client's files -------------------------------------------
    async def _static(self, path: str, verb: str, send: Send) -> None:
        root = self.web_root
        if root is None or not (root / "index.html").is_file():
            await _plain(send, 404 if path != "/" else 200,
                         "Carthago: the web client is not built here. Run `make setup` with Node.js 20 "
                         "installed (it builds clients/web), then `make run`.\n"
                         f"The API is served at POST /{SERVICE}/<Method> (Connect, gRPC-Web).\n", [])
            return
        target = (root / path.lstrip("/")).resolve()
        if not target.is_relative_to(root):
            await _plain(send, 404, "not found\n", [])
            return
        if not target.is_file():
            if "." in target.name:  # a missing asset; other paths are the client's own routes
                await _plain(send, 404, f"{path}: not found\n", [])
                return
            target = root / "index.html"
        data = target.read_bytes()
        ctype = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        if ctype.startswith("text/") or ctype in ("application/javascript", "image/svg+xml"):
            ctype += "; charset=utf-8"
        cache = b"public, max-age=31536000, immutable" if "/assets/" in path else b"no-cache"
        await send({"type": "http.response.start", "status": 200, "headers": [
            (b"content-type", ctype.encode()), (b"cache-control", cache),
            (b"content-length", str(len(data)).encode())]})
        await send({"type": "http.response.body", "body": b"" if verb == "HEAD" else data})


_GONE = object()


class _BodyRead:
    """A request body read by a call's task while :func:`_until_disconnect` watches ``rest``: the
    watcher's reads wait until the body is in, so it never takes a chunk of the body (a body sent
    in several chunks reached the call incomplete)."""

    def __init__(self, receive: Receive) -> None:
        self.receive = receive
        self.done = asyncio.Event()

    def __await__(self):
        return self._read().__await__()

    async def _read(self) -> bytes:
        try:
            return await _body(self.receive)
        finally:
            self.done.set()

    async def rest(self) -> dict:
        await self.done.wait()
        return await self.receive()


async def _until_disconnect(work: Awaitable[None], receive: Receive):
    """Run ``work``; returns None when it finished, its HostError when it refused, or ``_GONE`` when
    the client went away first (the work is cancelled: a stream's subscription ends with it)."""
    task = asyncio.ensure_future(work)
    watcher = asyncio.ensure_future(_disconnected(receive))
    try:
        await asyncio.wait((task, watcher), return_when=asyncio.FIRST_COMPLETED)
    finally:
        watcher.cancel()
    if not task.done():
        task.cancel()
        try:
            await task
        except (asyncio.CancelledError, Exception):  # noqa: BLE001 - the client is gone
            pass
        return _GONE
    if task.cancelled():  # the client went away while its body was read
        return _GONE
    exc = task.exception()
    if exc is None:
        return None
    if isinstance(exc, HostError):
        return exc
    log.error("RPC failed", exc_info=exc)
    return HostError("INTERNAL", INTERNAL_ERROR, "the server failed; see its log")


async def _disconnected(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


BODY_SECONDS = 10.0  # a request's whole body, from the first read: a client that trickles it is cut off


async def _body(receive: Receive) -> bytes:
    """The request's body, within the size limit and :data:`BODY_SECONDS` (a body sent a byte at
    a time would otherwise hold its connection and its task for ever)."""
    chunks, size = [], 0
    end = asyncio.get_running_loop().time() + BODY_SECONDS
    while True:
        try:
            message = await asyncio.wait_for(receive(), max(0.0, end - asyncio.get_running_loop().time()))
        except asyncio.TimeoutError:
            raise HostError("DEADLINE_EXCEEDED", BODY_TOO_SLOW,
                            f"the request's body did not arrive within {BODY_SECONDS:g} s") from None
        if message["type"] == "http.disconnect":
            raise asyncio.CancelledError()
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > MAX_MESSAGE_BYTES:
            raise HostError("RESOURCE_EXHAUSTED", MESSAGE_TOO_LARGE,
                            f"requests are limited to {MAX_MESSAGE_BYTES} bytes")
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


def _gunzip(body: bytes) -> bytes:
    """gzip undone, never past the request limit (a small bomb must not fill the memory)."""
    inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        out = inflate.decompress(body, MAX_MESSAGE_BYTES + 1)
    except zlib.error:
        raise HostError("INVALID_ARGUMENT", MALFORMED_MESSAGE, "the body is not valid gzip") from None
    if len(out) > MAX_MESSAGE_BYTES:
        raise HostError("RESOURCE_EXHAUSTED", MESSAGE_TOO_LARGE, f"requests are limited to {MAX_MESSAGE_BYTES} bytes")
    if not inflate.eof or inflate.unused_data:
        raise HostError("INVALID_ARGUMENT", MALFORMED_MESSAGE, "the body is not valid gzip (truncated or trailing bytes)")
    return out


def _token(headers: dict[str, str]) -> str | None:
    """The bearer token, by gRPC's rule (server.service.bearer): a token without ``Bearer `` is
    UNAUTHENTICATED / MALFORMED_AUTHORIZATION here too."""
    value = headers.get("authorization")
    return bearer([] if value is None else value.split("\n"))


async def _respond(send: Send, status: int, body: bytes, ctype: str, cors: list) -> None:
    await send({"type": "http.response.start", "status": status, "headers": cors + [
        (b"content-type", ctype.encode()), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


async def _plain(send: Send, status: int, text: str, cors: list) -> None:
    await _respond(send, status, text.encode(), "text/plain; charset=utf-8", cors)


# ---- the server ---------------------------------------------------------------

def split_addr(addr: str) -> tuple[str, int]:
    host, sep, port = addr.rpartition(":")
    if not sep or not port.isdigit():
        raise ValueError(f"an HTTP address is HOST:PORT, not {addr!r}")
    return host.strip("[]") or "0.0.0.0", int(port)


class HttpServer:
    """Hypercorn serving :class:`HttpApp` on the running event loop; ``port`` is the bound port."""

    def __init__(self, task: asyncio.Task, stop: asyncio.Event, port: int, host: str) -> None:
        self._task, self._stop, self.port, self.host = task, stop, port, host

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    async def stop(self, grace: float = 5.0) -> None:
        self._stop.set()
        try:
            await asyncio.wait_for(self._task, grace + 1)
        except (asyncio.TimeoutError, asyncio.CancelledError):
            self._task.cancel()


async def start_http(host: GameHost, addr: str, cors_origins: Iterable[str] = (),
                     web_root: Path | None = WEB_ROOT, grace: float = 5.0, reuse_port: bool = False,
                     keepalive_s: float = STREAM_KEEPALIVE_S) -> HttpServer:
    """Listen on ``addr`` (port 0: any free port) and serve the API and the web client.
    ``reuse_port``: several server processes share the address (SO_REUSEPORT), as their gRPC ports do.
    ``keepalive_s``: a silent StreamEvents stream gets a batch with no event this often."""
    from hypercorn.asyncio import serve
    from hypercorn.config import Config

    name, port = split_addr(addr)
    family = socket.AF_INET6 if ":" in name else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if reuse_port:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    try:
        sock.bind((name, port))
    except OSError as exc:
        sock.close()
        raise OSError(f"cannot listen for HTTP on {addr}: {exc.strerror}") from None
    sock.listen(256)
    sock.setblocking(False)
    bound = sock.getsockname()[1]
    config = Config()
    config.bind = [f"fd://{sock.detach()}"]  # Hypercorn owns the socket from here
    config.accesslog = None
    config.errorlog = log
    config.graceful_timeout = grace
    config.keep_alive_timeout = 75
    config.h11_max_incomplete_size = 64 * 1024
    stop = asyncio.Event()
    app = HttpApp(host, cors_origins, web_root, keepalive_s)
    task = asyncio.ensure_future(serve(app, config, shutdown_trigger=stop.wait, mode="asgi"))
    await asyncio.sleep(0)
    return HttpServer(task, stop, bound, name)
