"""How often one client address may create games, claim seats and open streams.

``server.limits`` bounds the size of each request; this bounds how many of the calls that cost the
server the most one peer may make: ``CreateGame`` (a game, its log and its set-up), ``JoinGame`` (a
claim, written durably), opening a stream (``StreamEvents`` and ``StreamExportLog``: a subscriber and
its backlog) and ``WatchOpenSeats`` (a subscriber of the open-seats index). Each kind has a token
bucket per client address: ``N`` calls in a row, refilled at ``N`` a minute (``HostConfig``'s
``*_per_minute``; 0: no limit, the default of an embedded host; ``carthago serve`` sets limits).
Beyond it the call is refused with ``RESOURCE_EXHAUSTED / RATE_LIMITED`` before anything is read or
written, and its message says how long to wait.

The peer is the client's IP address as the transport sees it (gRPC's ``context.peer()``, HTTP's
ASGI ``client``), without its port: behind a proxy or a load balancer every client is the proxy, so
set the limits for the whole of it there (or 0) and limit per client at the proxy. The buckets are
bounded: at most ``MAX_BUCKETS`` are kept, the least recently used forgotten first (a forgotten
peer starts again with a full bucket). Buckets are per server process (``--workers`` N: N times).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from typing import Callable

RATE_LIMITED = "RATE_LIMITED"
MAX_BUCKETS = 20_000  # (kind, peer) buckets kept, at most

# the RPCs that are limited -> the kind of limit (HostConfig's <kind>_per_minute)
KINDS = {"CreateGame": "create", "JoinGame": "join", "StreamEvents": "streams", "StreamExportLog": "streams",
         "WatchOpenSeats": "watch", "RegisterPlayer": "register", "LoginChallenge": "login", "Login": "login",
         "CreateChallenge": "challenge"}
WHAT = {"create": "games created", "join": "seats claimed", "streams": "streams opened",
        "watch": "open-seats feeds opened", "register": "players registered", "login": "login steps",
        "challenge": "challenges made"}


class RateLimited(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def peer_address(peer: str | None) -> str:
    """The client's address without its port: gRPC's ``ipv4:1.2.3.4:5678`` or ``ipv6:[::1]:5678``
    (the form grpc.aio gives), or a host of its own (HTTP); "" when unknown (never limited)."""
    if not peer:
        return ""
    if peer.startswith("ipv6:"):
        inner = peer[5:]
        return inner[1:inner.index("]")] if inner.startswith("[") and "]" in inner else inner
    if peer.startswith("ipv4:"):
        return peer[5:].rsplit(":", 1)[0]
    return peer


class PeerRates:
    """One token bucket per (kind, client address); see the module's docstring."""

    def __init__(self, per_minute: dict[str, float], clock: Callable[[], float] = time.monotonic,
                 max_buckets: int = MAX_BUCKETS) -> None:
        self.per_minute = {kind: float(n) for kind, n in per_minute.items() if n > 0}
        self.clock, self.max_buckets = clock, max_buckets
        self.buckets: OrderedDict[tuple[str, str], tuple[float, float]] = OrderedDict()

    def check(self, method: str, peer: str) -> None:
        """Count one call of ``method`` from ``peer`` (an address: :func:`peer_address`), or raise
        :class:`RateLimited` (the call is then not counted)."""
        kind = KINDS.get(method)
        n = self.per_minute.get(kind or "")
        if n is None or not peer:
            return
        now = self.clock()
        key = (kind, peer)
        left, since = self.buckets.pop(key, (n, now))
        left = min(n, left + (now - since) * n / 60)
        self.buckets[key] = (left - 1 if left >= 1 else left, now)
        while len(self.buckets) > self.max_buckets:
            self.buckets.popitem(last=False)
        if left < 1:
            wait = (1 - left) * 60 / n
            raise RateLimited(f"{method}: too many {WHAT[kind]} from your address: at most {n:g} in a row, "
                              f"then {n:g} a minute; wait {wait:.1f} s")

