"""What an operator sees of a running server (docs/OPERATIONS.md, "Metrics, logs and drain"):
a log line per RPC, the metrics of ``server.metrics``, and whether the process is ready.

Every RPC of the ``GameService`` goes through :meth:`Observer.instrument`'s wrapper, on gRPC and on
HTTP alike (both call the same ``server.service.Servicer``): it times the call, counts it, and logs one
line when it ends (a stream's when it closes): the method, the game id, the caller's seat, the
request id, the gRPC status and the error code, the duration. Nothing else of a request is
logged: no token, no command (a command may name a card of its sender's hidden hand), no error
message (a rule error may too), no seed, invite or player name. The caller's seat comes from the
host (:func:`note_caller`, when it checks the token) through a context variable of the call.

Lines are at INFO (``--log-level info`` shows them), at WARNING for a failure of the server or its
store (INTERNAL, STORE_UNAVAILABLE). ``--log-format json`` writes every line of the process as one
JSON object (:class:`JsonFormatter`), ``text`` as ``carthago[pid] LEVEL logger: message``.

Readiness (:meth:`Observer.readiness`) is apart from liveness: a process is alive while it runs;
it is ready while its store answers and it is not draining.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import logging
import sys
from contextvars import ContextVar
from time import perf_counter
from typing import Any, AsyncIterator, Callable

from .metrics import CONTENT_TYPE, MULTIPROCESS, SYNC_EVERY_S, Metrics
from .store import StoreUnavailable

RPC_LOG = logging.getLogger("carthago.rpc")
TEXT_FORMAT = "carthago[%(process)d] %(levelname)s %(name)s: %(message)s"
LOG_FORMATS = ("text", "json")
SERIOUS = frozenset({"INTERNAL", "UNKNOWN", "DATA_LOSS"})  # logged at WARNING, as STORE_UNAVAILABLE is
PATHS = ("/metrics", "/livez", "/readyz")  # GET on the HTTP address


class Call:
    """One RPC while it runs: what its log line will say."""

    __slots__ = ("method", "game_id", "request_id", "seat", "operator", "sent")

    def __init__(self, method: str, game_id: str, request_id: str) -> None:
        self.method, self.game_id, self.request_id = method, game_id, request_id
        self.seat: int | None = None
        self.operator = False
        self.sent = 0


def _created(call: Call, reply: Any) -> None:
    call.game_id = reply.game.game_id


def _joined(call: Call, reply: Any) -> None:
    call.seat = reply.seat


FROM_REPLY = {"CreateGame": _created, "JoinGame": _joined}  # what a reply tells a call's line
CURRENT: ContextVar[Call | None] = ContextVar("carthago_call", default=None)


def note_caller(seat: int | None, operator: bool = False) -> None:
    """The host tells the running call whose token it checked (a seat, the operator)."""
    call = CURRENT.get()
    if call is not None:
        call.seat, call.operator = seat, operator


def outcome(exc: BaseException) -> tuple[str, str]:
    """(gRPC status name, error code) of a call that raised ``exc``."""
    status, code = getattr(exc, "status", None), getattr(exc, "code", None)
    if isinstance(status, str) and isinstance(code, str):  # a HostError
        return status, code
    if isinstance(exc, StoreUnavailable):
        return "UNAVAILABLE", "STORE_UNAVAILABLE"
    if isinstance(exc, (asyncio.CancelledError, GeneratorExit)):  # the client went away, or its deadline passed
        return "CANCELLED", ""
    return "INTERNAL", "INTERNAL_ERROR"


class Observer:
    """The metrics, readiness and RPC log of one host (:func:`of`)."""

    def __init__(self, host: Any) -> None:
        self.host = host
        self.metrics = Metrics(host)
        self.store_up = True   # the last health check's answer (server.app._watch_health)
        self.draining = False  # SIGTERM received (server.app.shutdown)
        store = getattr(host, "store", None)
        if hasattr(store, "on_commit"):  # a store with a writer (SQLite, PostgreSQL)
            store.on_commit = self.metrics.commit_hook()

    def readiness(self) -> tuple[bool, str]:
        if self.draining or self.host.closing:
            return False, "draining: not taking new games or streams"
        if not self.store_up:
            return False, "the store does not answer"
        return True, "ready"

    def scrape(self) -> bytes:
        self.metrics.sync(self.readiness()[0], self.store_up)
        return self.metrics.render()

    def http_get(self, path: str) -> tuple[int, str, bytes]:
        """``GET /metrics``, ``/livez`` (200 while the process runs) or ``/readyz`` (200 ready, 503
        draining or without its store, saying which): status, content type, body."""
        if path == "/metrics":
            return 200, CONTENT_TYPE, self.scrape()
        if path == "/livez":
            return 200, "text/plain; charset=utf-8", b"alive\n"
        ready, why = self.readiness()
        return (200 if ready else 503), "text/plain; charset=utf-8", why.encode() + b"\n"

    async def keep_synced(self) -> None:
        """With several processes a scrape reads the others' files: each keeps its own fresh."""
        if not MULTIPROCESS:
            return
        while True:
            await asyncio.sleep(SYNC_EVERY_S)
            self.metrics.sync(self.readiness()[0], self.store_up)

    # ---- the RPC wrapper -------------------------------------------------------
    def instrument(self, servicer: Any, methods: Any) -> None:
        """Wrap each of ``methods`` (the service's method descriptors) on ``servicer``."""
        for m in methods:
            fn = getattr(servicer, m.name)
            fields = m.input_type.fields_by_name
            wrap = self._stream if m.server_streaming else self._unary
            setattr(servicer, m.name, wrap(m.name, fn, "game_id" in fields, "request_id" in fields))

    def _unary(self, name: str, fn: Callable, has_game: bool, has_request: bool) -> Callable:
        async def call(req, token):
            started = perf_counter()
            record = Call(name, req.game_id if has_game else "", req.request_id if has_request else "")
            reset = CURRENT.set(record)
            status, reason = "OK", ""
            try:
                reply = await fn(req, token)
                learn = FROM_REPLY.get(name)
                if learn is not None:
                    learn(record, reply)
                return reply
            except BaseException as exc:
                status, reason = outcome(exc)
                raise
            finally:
                CURRENT.reset(reset)
                self._done(record, status, reason, perf_counter() - started)
        return call

    def _stream(self, name: str, fn: Callable, has_game: bool, has_request: bool) -> Callable:
        async def stream(req, token) -> AsyncIterator[Any]:
            started = perf_counter()
            record = Call(name, req.game_id if has_game else "", "")
            reset = CURRENT.set(record)  # the call's own task (grpc.aio, Hypercorn) runs every step
            status, reason = "OK", ""
            inner = fn(req, token)
            try:
                async for item in inner:
                    record.sent += 1
                    yield item
                    del item  # not held while the stream waits (a first batch is a whole log)
            except BaseException as exc:
                status, reason = outcome(exc)
                raise
            finally:
                await inner.aclose()  # its own finally (the subscription's end) now, not at collection
                try:
                    CURRENT.reset(reset)
                except ValueError:  # closed from another context (the generator was collected)
                    pass
                self._done(record, status, reason, perf_counter() - started)
        return stream

    def _done(self, call: Call, status: str, reason: str, seconds: float) -> None:
        metrics = self.metrics
        metrics.rpc(call.method, status)
        if call.method == "SubmitCommand" and status != "CANCELLED":  # a caller gone: neither
            metrics.command(call.game_id, status == "OK", reason, seconds)
        level = logging.WARNING if status in SERIOUS or reason == "STORE_UNAVAILABLE" else logging.INFO
        if not RPC_LOG.isEnabledFor(level):
            return
        seat = "operator" if call.operator else call.seat
        fields = {"method": call.method, "game_id": call.game_id, "seat": seat, "request_id": call.request_id,
                  "status": status, "reason": reason, "duration_ms": round(seconds * 1000, 3)}
        if call.method.startswith(("Stream", "Watch")):
            fields["messages_sent"] = call.sent
        RPC_LOG.log(level, "%s %s%s game=%s seat=%s request=%s %.2f ms", call.method, status,
                    f" {reason}" if reason else "", call.game_id or "-", "-" if seat is None else seat,
                    json.dumps(call.request_id) if call.request_id else "-", seconds * 1000,
                    extra={"carthago": fields})


def of(host: Any) -> Observer:
    """The host's observer, made on first use."""
    observer = getattr(host, "observer", None)
    if observer is None:
        observer = host.observer = Observer(host)
    return observer


# ---- log lines -----------------------------------------------------------------

class JsonFormatter(logging.Formatter):
    """One JSON object a line: time (UTC), level, logger, pid, message, the record's structured
    fields (an RPC's: ``extra={"carthago": {...}}``), and a traceback when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        when = dt.datetime.fromtimestamp(record.created, dt.timezone.utc)
        out: dict[str, Any] = {"time": when.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
                               "level": record.levelname, "logger": record.name, "pid": record.process,
                               "message": record.getMessage()}
        fields = getattr(record, "carthago", None)
        if fields:
            out.update(fields)
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False, default=str)


def configure_logging(log_format: str = "text", level: str = "warning", stream: Any = None) -> None:
    """The process's log: every record to stderr (or ``stream``), as text or JSON, from ``level`` up."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter() if log_format == "json" else logging.Formatter(TEXT_FORMAT))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())

