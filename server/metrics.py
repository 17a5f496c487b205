"""Prometheus metrics of one server process, served at ``GET /metrics`` on the HTTP address.

Two kinds of figure, so that a command pays for as little as possible:

* **counted as it happens** (:meth:`Metrics.rpc`, :meth:`Metrics.command`, the store's commit
  hook): RPCs by method and status, commands accepted (by game type) and refused (by game type and
  reason), the latency of accepted commands from receipt to acknowledgement, and the latency of
  each store commit. Each is a cached label child's ``inc`` or ``observe``: about a microsecond.
* **read from the host** (:meth:`Metrics.sync`): games in memory, loads and evictions, open
  streams and their queues, streams dropped as too slow, clock expiries, house bot moves, open-seat
  feed subscribers, readiness. The host keeps these as plain numbers or can count them when asked;
  nothing on the command path touches them. ``sync`` runs before each scrape is rendered (and,
  with several processes, every ``SYNC_EVERY_S`` in each process).

Label values are bounded: method names, gRPC status names, game types (from the registry;
anything else is ``unknown``), error codes (constants of the code; anything not shaped like one is
``OTHER``) and stream kinds. Game ids, seats, tokens and request ids are never labels.

``serve --workers N`` shares one HTTP address among N processes (SO_REUSEPORT), so a scrape lands
on any one of them: every worker writes its figures to files in one directory that the supervisor
makes (prometheus_client's multiprocess mode, ``PROMETHEUS_MULTIPROC_DIR``), and whichever answers
the scrape adds them all up. Counters and histograms are summed over every process that ever ran
(a restarted worker's totals are kept); gauges over the live ones (the supervisor removes a dead
worker's). One endpoint per worker would need a port per worker and a scrape target per port.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, disable_created_metrics, generate_latest
from prometheus_client import multiprocess, values
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from engine import registry as games

CONTENT_TYPE = CONTENT_TYPE_LATEST
disable_created_metrics()  # no ``*_created`` series beside every counter: half the series, nothing lost
MULTIPROCESS = bool(getattr(values.ValueClass, "_multiprocess", False))  # chosen at import, from the environment
SYNC_EVERY_S = 1.0  # with several processes: how stale another worker's gauges may be at a scrape

# seconds; a command is a few ms on SQLite with fsync, a PostgreSQL round trip or two more
COMMAND_BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0)
COMMIT_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
_CODE = re.compile(r"[A-Z][A-Z0-9_]{0,63}")
STREAM_KINDS = ("events", "open_seats")


def game_type_of(game_id: str) -> str:
    """The type of a game by its id (``roma-0a1b2c3d4e``: ids are made that way), or ``unknown``
    for an id of no known type: a label value is never taken from the client as it is."""
    kind = game_id.rpartition("-")[0]
    return kind if kind in _KNOWN else "unknown"


def reason_label(code: str) -> str:
    return code if _CODE.fullmatch(code) else "OTHER"


_KNOWN = frozenset(games.ids())


class Metrics:
    """The metrics of one host. Each has a registry of its own (tests run many servers in one
    process); with several processes, the multiprocess files are what a scrape reads."""

    def __init__(self, host: Any) -> None:
        self.host = host
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.rpcs = Counter("carthago_rpcs", "RPCs answered, by method and gRPC status", ["method", "status"],
                            registry=r)
        self.accepted = Counter("carthago_commands_accepted", "SubmitCommand calls acknowledged (committed)",
                                ["game_type"], registry=r)
        self.refused = Counter("carthago_commands_refused", "SubmitCommand calls refused, by error code",
                               ["game_type", "reason"], registry=r)
        self.command_seconds = Histogram("carthago_command_seconds",
                                         "accepted commands: from receipt to acknowledgement (after the commit)",
                                         ["game_type"], buckets=COMMAND_BUCKETS, registry=r)
        self.commit_seconds = Histogram("carthago_store_commit_seconds",
                                        "store transactions (a group of appends and other writes), begin to commit",
                                        buckets=COMMIT_BUCKETS, registry=r)
        live = {"multiprocess_mode": "livesum"}
        self.loaded = Gauge("carthago_games_loaded", "games held in memory", registry=r, **live)
        self.loads = Counter("carthago_game_loads", "games loaded from the store (snapshot and tail)", registry=r)
        self.evicted = Counter("carthago_games_evicted", "games dropped from memory (idle, or over --max-games)",
                               registry=r)
        self.streams = Gauge("carthago_streams_open", "open streams: events (StreamEvents) and open_seats "
                             "(WatchOpenSeats, the open-seat feed's subscribers)", ["stream"], registry=r, **live)
        self.queued = Gauge("carthago_stream_queued", "batches waiting in the open streams' queues, added up",
                            ["stream"], registry=r, **live)
        self.queue_max = Gauge("carthago_stream_queue_max", "the longest queue of an open stream, in batches "
                               "(a stream is dropped at STREAM_QUEUE_MAX)", ["stream"], registry=r,
                               multiprocess_mode="livemax")
        self.dropped = Counter("carthago_streams_dropped", "streams ended as too slow (STREAM_TOO_SLOW)",
                               ["stream"], registry=r)
        self.expiries = Counter("carthago_clock_expiries", "seats whose time ran out (ClockExpired written)",
                                registry=r)
        self.house_moves = Counter("carthago_house_moves", "moves the house bots played", registry=r)
        self.ready = Gauge("carthago_ready", "1 while this process takes new work (store answers, not draining)",
                           registry=r, **live)
        self.store_up = Gauge("carthago_store_up", "1 while the store answered the last health check",
                              registry=r, **live)
        self._rpc_children: dict[tuple[str, str], Any] = {}
        self._accepted: dict[str, tuple[Any, Any]] = {}
        self._refused: dict[tuple[str, str], Any] = {}
        self._seen: dict[str, float] = {}  # host counters as of the last sync
        for kind in STREAM_KINDS:  # every series exists from the start (a dashboard shows 0, not "no data")
            self.dropped.labels(kind)

    # ---- counted as it happens (the hot path) ------------------------------------
    def rpc(self, method: str, status: str) -> None:
        child = self._rpc_children.get((method, status))
        if child is None:
            child = self._rpc_children[(method, status)] = self.rpcs.labels(method, status)
        child.inc()

    def command(self, game_id: str, ok: bool, reason: str, seconds: float) -> None:
        """A SubmitCommand answered: acknowledged (``ok``), or refused with ``reason``."""
        kind = game_type_of(game_id)
        if ok:
            pair = self._accepted.get(kind)
            if pair is None:
                pair = self._accepted[kind] = (self.accepted.labels(kind), self.command_seconds.labels(kind))
            pair[0].inc()
            pair[1].observe(seconds)
            return
        key = (kind, reason)
        child = self._refused.get(key)
        if child is None:
            child = self._refused[key] = self.refused.labels(kind, reason_label(reason))
        child.inc()

    def commit_hook(self) -> Callable[[float], None]:
        return self.commit_seconds.observe

    # ---- read from the host ------------------------------------------------------
    def sync(self, ready: bool, store_up: bool) -> None:
        """Copy the host's figures into the metrics (on the event loop: it reads the host's state)."""
        host = self.host
        games_in_memory = host._games  # noqa: SLF001 - read only, on the loop
        streams = depth = deepest = 0
        for loaded in list(games_in_memory.values()):
            for queue in loaded.subscribers:
                if getattr(queue, "follower", False):  # a players' stream follows the game (server.challenges)
                    continue
                streams += 1
                size = queue.qsize()
                depth += size
                deepest = max(deepest, size)
        self.loaded.set(len(games_in_memory))
        self.streams.labels("events").set(streams)
        self.queued.labels("events").set(depth)
        self.queue_max.labels("events").set(deepest)
        feed = host.feed.subscribers
        sizes = [sub.queue.qsize() for sub in list(feed)]
        self.streams.labels("open_seats").set(len(sizes))
        self.queued.labels("open_seats").set(sum(sizes))
        self.queue_max.labels("open_seats").set(max(sizes, default=0))
        self.ready.set(1 if ready else 0)
        self.store_up.set(1 if store_up else 0)
        self._count("loads", host.loads, self.loads)
        self._count("evicted", host.evicted, self.evicted)
        self._count("expiries", host.clock_expiries, self.expiries)
        self._count("house", host.house.moves, self.house_moves)
        self._count("dropped", host.streams_dropped, self.dropped.labels("events"))
        self._count("feed_dropped", host.feed.dropped, self.dropped.labels("open_seats"))

    def _count(self, name: str, total: float, counter: Any) -> None:
        delta = total - self._seen.get(name, 0)
        if delta > 0:
            counter.inc(delta)
            self._seen[name] = total

    def render(self) -> bytes:
        """The exposition text of this process, or with several processes of them all."""
        if MULTIPROCESS:
            merged = CollectorRegistry()
            multiprocess.MultiProcessCollector(merged)
            return generate_latest(merged)
        return generate_latest(self.registry)
