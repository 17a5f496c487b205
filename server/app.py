"""The gRPC server: parses requests, calls the service (``server.service``), maps errors to status
codes; and the process around both transports (start, serve, drain).

Requests are registered with raw-bytes deserialization so that a malformed
message gets INVALID_ARGUMENT with code MALFORMED_MESSAGE (instead of the
transport's generic failure), and every refusal carries a google.rpc.ErrorInfo
detail whose ``reason`` is the stable code. Streamed batches arrive from the
host already serialized (one encoding per audience, shared by its subscribers)
and are sent as they are.

Operations (docs/OPERATIONS.md, "Metrics, logs and drain"): the standard health service is the
readiness check: SERVING only while the store answers (checked every few seconds) and the process
is not draining, so a load balancer stops sending calls to a process that lost its database; its
service ``liveness`` stays SERVING while the process runs, until it drains. On SIGTERM/SIGINT the process drains
(:func:`shutdown`): not ready, open streams end with UNAVAILABLE / SHUTTING_DOWN (naming the seq to
resume from, on another process), no new game or stream, no new call once the listeners stop,
calls in flight finish (their appends included, and acknowledged) within the grace period, then
the store commits what it was given and closes. Every RPC is counted and logged (server.observe).
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import time
from typing import Any, Awaitable, Callable

import grpc
from google.protobuf import any_pb2
from google.protobuf.message import DecodeError
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection
from grpc_status import rpc_status

from carthago.v1 import carthago_pb2 as pb

from . import limits, observe
from .failures import MALFORMED_MESSAGE, STORE_UNAVAILABLE, HostError
from .host import GameHost, HostConfig
from .http import start_http
from .limits import cap
from .service import MAX_MESSAGE_BYTES, SERVICE, Servicer, bearer, limit_rate
from .store import StoreUnavailable
from .stores import open_store

log = logging.getLogger("carthago.server")


def _token(context: grpc.aio.ServicerContext) -> str | None:
    """The bearer token of the call, None without ``authorization`` metadata."""
    return bearer([value for key, value in context.invocation_metadata() or () if key == "authorization"])


async def _abort(context: grpc.aio.ServicerContext, err: HostError) -> None:
    detail = any_pb2.Any()
    detail.Pack(error_details_pb2.ErrorInfo(reason=err.code, domain="carthago"))
    status = status_pb2.Status(code=getattr(code_pb2, err.status), message=cap(f"{err.code}: {err.message}"),
                               details=[detail])
    await context.abort_with_status(rpc_status.to_status(status))


def _parse(request_type, raw: bytes):
    """The request, decoded and held to the sizes of ``server.limits`` (before anything reads it)."""
    try:
        request = request_type.FromString(raw)
    except DecodeError:
        raise HostError("INVALID_ARGUMENT", MALFORMED_MESSAGE,
                        f"the request is not a valid {request_type.DESCRIPTOR.full_name}") from None
    try:
        limits.check(request)
    except limits.TooLong as exc:
        raise HostError("INVALID_ARGUMENT", exc.code, exc.message) from None
    return request


def _unary(method: Callable[[Any, str | None], Awaitable[Any]], request_type, host: GameHost, name: str) -> Callable:
    async def handler(raw: bytes, context: grpc.aio.ServicerContext):
        try:
            limit_rate(host, name, context.peer())
            return await method(_parse(request_type, raw), _token(context))
        except HostError as err:
            await _abort(context, err)
        except StoreUnavailable as exc:
            await _abort(context, HostError("UNAVAILABLE", STORE_UNAVAILABLE, str(exc)))
    return handler


def _streaming(method, request_type, host: GameHost, name: str) -> Callable:
    async def handler(raw: bytes, context: grpc.aio.ServicerContext):
        try:
            limit_rate(host, name, context.peer())
            async for item in method(_parse(request_type, raw), _token(context)):
                if isinstance(item, bytes) and len(item) > _HELD_BYTES:
                    # grpc.aio keeps the last message it was handed while it waits for the next: a
                    # stream's first batch (a whole log's) would stay held per stream for as long
                    # as the game is quiet. Handed over in a buffer emptied once it is sent.
                    held = bytearray(item)
                    del item
                    yield held
                    held.clear()
                else:
                    yield item
        except HostError as err:
            await _abort(context, err)
        except StoreUnavailable as exc:
            await _abort(context, HostError("UNAVAILABLE", STORE_UNAVAILABLE, str(exc)))
    return handler


_HELD_BYTES = 4096  # stream messages larger than this are not left held by grpc.aio between sends


def _serialized(item: Any) -> bytes:
    """Stream items: bytes already encoded by the host (EventBatch; a bytearray: see _streaming),
    or a message to encode."""
    if isinstance(item, bytearray):
        return bytes(item)
    return item if isinstance(item, bytes) else item.SerializeToString()


def handlers(host: GameHost) -> grpc.GenericRpcHandler:
    servicer = Servicer(host)
    service = pb.DESCRIPTOR.services_by_name["GameService"]
    table = {}
    for m in service.methods:
        req_type = getattr(pb, m.input_type.name)
        resp_type = getattr(pb, m.output_type.name)
        method = getattr(servicer, m.name)
        if m.server_streaming:
            table[m.name] = grpc.unary_stream_rpc_method_handler(
                _streaming(method, req_type, host, m.name), response_serializer=_serialized)
        else:
            table[m.name] = grpc.unary_unary_rpc_method_handler(
                _unary(method, req_type, host, m.name), response_serializer=resp_type.SerializeToString)
    return grpc.method_handlers_generic_handler(SERVICE, table)


HEALTH_EVERY_S = 2.0
# Keepalives (docs/PROTOCOL.md, "Streams"): an HTTP/2 PING on every connection idle for 60 s, a
# stream of a correspondence game included (days may pass between its batches), so that NATs and
# proxies keep it open and a dead peer is noticed (no answer in 20 s: the connection is closed and
# the client resumes from its last seq). Clients may ping too, every 30 s at most.
KEEPALIVE_MS, KEEPALIVE_TIMEOUT_MS, CLIENT_PING_MIN_MS = 60_000, 20_000, 30_000
KEEPALIVE = [("grpc.keepalive_time_ms", KEEPALIVE_MS), ("grpc.keepalive_timeout_ms", KEEPALIVE_TIMEOUT_MS),
             ("grpc.keepalive_permit_without_calls", 1), ("grpc.http2.max_pings_without_data", 0),
             ("grpc.http2.min_recv_ping_interval_without_data_ms", CLIENT_PING_MIN_MS),
             ("grpc.http2.min_ping_interval_without_data_ms", KEEPALIVE_MS)]


LIVENESS = "liveness"  # the health service's name that answers SERVING while the process runs (until the drain)
READINESS = ("", SERVICE)  # the names that answer whether it takes calls now


async def _watch_health(host: GameHost, servicer: health.aio.HealthServicer, every: float) -> None:
    """SERVING while the store answers a ping within a few seconds, NOT_SERVING otherwise."""
    serving = True
    observer = observe.of(host)
    while not host.closing:
        await asyncio.sleep(every)
        try:
            await asyncio.wait_for(asyncio.to_thread(host.store.ping), timeout=max(1.0, 2 * every))
            ok = True
        except Exception as exc:  # noqa: BLE001 - any failure: not serving
            ok = False
            if serving:
                log.warning("the store does not answer (%s): health is NOT_SERVING", exc)
        if host.closing:
            return
        if ok != serving:
            serving = observer.store_up = ok
            if ok:
                log.warning("the store answers again: health is SERVING")
            status = health_pb2.HealthCheckResponse.SERVING if ok else health_pb2.HealthCheckResponse.NOT_SERVING
            for name in READINESS:
                await servicer.set(name, status)


async def start(addr: str, store_spec: str, config: HostConfig, reuse_port: bool = False,
                health_every: float = HEALTH_EVERY_S) -> tuple[grpc.aio.Server, int, GameHost]:
    """Start a server; returns it, the bound port and the host. ``reuse_port``: share the address
    with other processes (``SO_REUSEPORT``, for ``serve --workers``); otherwise a taken address
    is an error, not a silent second listener."""
    host = GameHost(open_store(store_spec, config.durability), config)
    server = grpc.aio.server(options=[("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
                                      ("grpc.max_send_message_length", 64 * MAX_MESSAGE_BYTES),
                                      ("grpc.so_reuseport", 1 if reuse_port else 0), *KEEPALIVE])
    server.add_generic_rpc_handlers((handlers(host),))
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    reflection.enable_server_reflection(
        (SERVICE, health_pb2.DESCRIPTOR.services_by_name["Health"].full_name, reflection.SERVICE_NAME), server)
    try:
        port = server.add_insecure_port(addr)
    except RuntimeError:
        port = 0
    if port == 0:
        host.store.close()
        raise OSError(f"cannot listen on {addr}")
    await host.start()
    await server.start()
    for name in (*READINESS, LIVENESS):
        await health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    server.carthago_health = health_servicer  # for a graceful stop
    host._spawn(_watch_health(host, health_servicer, health_every))
    host._spawn(observe.of(host).keep_synced())
    return server, port, host


async def shutdown(server: grpc.aio.Server, host: GameHost, grace: float, web: Any = None) -> None:
    """The drain: not ready (health NOT_SERVING, ``/readyz`` 503), every open stream ended with
    UNAVAILABLE / SHUTTING_DOWN naming the seq to resume from (on gRPC and HTTP alike), new games
    and streams refused; then both listeners stop taking calls while the calls in flight finish
    (within ``grace`` seconds; a command is answered once committed); then the store closes once
    every queued write committed. ``web``: the HTTP server (server.http) of the same host."""
    started = time.monotonic()
    observer = observe.of(host)
    observer.draining = True
    health_servicer = getattr(server, "carthago_health", None)
    if health_servicer is not None:
        await health_servicer.enter_graceful_shutdown()
    streams = sum(1 for loaded in host._games.values() for q in loaded.subscribers
                  if not getattr(q, "follower", False)) + len(host.feed.subscribers)
    host.begin_shutdown()
    log.info("draining: %d open streams told to resume on another server; calls in flight get %.0f s",
             streams, grace)
    await asyncio.gather(server.stop(grace), *([web.stop(grace)] if web is not None else []))
    close_async = getattr(host.store, "close_async", None)
    if close_async is not None:
        await close_async()
    await asyncio.to_thread(host.store.close)
    log.info("stopped: drained and the store closed in %.1f s", time.monotonic() - started)


SUPERVISOR_CHECK_S = 0.5


async def _watch_supervisor(pid: int, stop: asyncio.Event, every: float = SUPERVISOR_CHECK_S) -> None:
    """A ``--workers`` worker stops (gracefully, as on SIGTERM) once its supervisor is gone: its
    parent is no longer ``pid`` (the orphan was adopted by init or a subreaper). Otherwise a
    ``kill -9`` of the supervisor alone left its workers serving unsupervised, sharing the port
    with the next supervisor's."""
    while not stop.is_set():
        if os.getppid() != pid:
            log.warning("the supervisor (pid %d) is gone: this worker stops", pid)
            stop.set()
            return
        await asyncio.sleep(every)


async def serve(addr: str, store_spec: str, config: HostConfig, on_ready: Callable[[int], None] | None = None,
                grace: float = 10.0, reuse_port: bool = False, http: dict | None = None,
                supervisor_pid: int | None = None) -> None:
    """Serve until SIGINT/SIGTERM, then shut down gracefully (:func:`shutdown`).
    ``supervisor_pid``: a ``--workers`` worker's supervisor; the worker stops too once it is gone.

    ``http``: the keyword arguments of :func:`server.http.start_http` (addr, cors_origins, web_root,
    reuse_port) to serve the same host to browsers as well (Connect and gRPC-Web); its ``on_ready``
    gets the server."""
    server, port, host = await start(addr, store_spec, config, reuse_port=reuse_port)
    web = None
    if http:
        http = dict(http)
        on_http = http.pop("on_ready", None)
        web = await start_http(host, **http)
        if on_http:
            on_http(web)
    if on_ready:
        on_ready(port)
    log.info("started: gRPC on %s (port %d)%s, pid %d", addr, port, f", HTTP on {web.url}" if web else "", os.getpid())
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):
            pass
    if supervisor_pid is not None:
        host._spawn(_watch_supervisor(supervisor_pid, stop))
    await stop.wait()
    await shutdown(server, host, grace, web)


class ServerThread:
    """A real server on a loopback port, run by a background thread (for `play --local` and tests)."""

    def __init__(self, store_spec: str = "memory", config: HostConfig | None = None,
                 addr: str = "127.0.0.1:0", http: dict | None = None) -> None:
        import threading

        self.loop = asyncio.new_event_loop()
        ready = threading.Event()
        failure: list[BaseException] = []

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            try:
                self.server, self.port, self.host = self.loop.run_until_complete(
                    start(addr, store_spec, config or HostConfig(allow_client_seeds=True)))
                if http is not None:  # the same host over HTTP (server.http): self.web.url
                    self.web = self.loop.run_until_complete(start_http(self.host, **http))
            except BaseException as exc:  # noqa: BLE001 - reported to the starting thread
                failure.append(exc)
                ready.set()
                return
            ready.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=run, name="carthago-server", daemon=True)
        self.thread.start()
        ready.wait(30)
        if failure:
            raise failure[0]
        self.addr = f"127.0.0.1:{self.port}"

    def close(self, grace: float = 1.0) -> None:
        web = getattr(self, "web", None)
        asyncio.run_coroutine_threadsafe(shutdown(self.server, self.host, grace, web), self.loop).result(30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)

    def __enter__(self) -> "ServerThread":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
