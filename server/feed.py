"""The open-seats feed (``WatchOpenSeats``): games with a seat to claim, live, for bots that wait.

One index per server process: ``game id -> Open`` for every running game with an unclaimed seat
(free, or reserved for a name). It is built by one scan of the store's running games when the
first subscriber arrives, then kept current by the host's own change points, never by a poll per
subscriber: a game created here (:meth:`OpenSeats.changed` from ``GameHost.create_game``), a seat
claimed or a game ended (``GameHost._publish`` sees ``SeatClaimed`` / ``SeedRevealed``, whether
this process wrote them or caught them up from another), and the store's notifications for games
this process does not hold (several processes on one PostgreSQL: :meth:`OpenSeats.recheck` reads
the game's row, seats and first record). A missed notification (the listener reconnected) rescans.

Each subscriber has a filter (game types, option values, its player name) and a bounded queue, as
``StreamEvents`` does: ``STREAM_QUEUE_MAX`` changes waiting and it is closed with
``RESOURCE_EXHAUSTED / STREAM_TOO_SLOW`` (resubscribing lists what is open then).

Never in the feed: an invite (the secret that opens a reserved seat), a token, or seats reserved
for another name. A reserved seat is shown only to a subscriber whose ``player`` is its reserved
name (the name is public anyway: ``SeatInfo.reserved_for``).
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from typing import AsyncIterator, Callable, Protocol

import msgspec

from carthago.v1 import carthago_pb2 as pb
from engine import errors, registry
from engine.core import Game

from . import failures
from .failures import BAD_LIMIT, SHUTTING_DOWN, STREAM_TOO_SLOW, TOO_SLOW, HostError
from .limits import OPTIONS, TOO_MANY_ITEMS, quote
from .newgame import game_type
from .store import GameMeta, Store

log = logging.getLogger("carthago.feed")

FEED_PAGE_MAX = 100          # games in a feed's first batch, at most (and by default)
GAME_TYPES_MAX = 32          # WatchOpenSeatsRequest.game_types entries, at most
KNOWN_FULL_MAX = 50_000      # game ids remembered as having no open seat (seats never reopen)
SCAN_PAGE = 200              # running games read per store query while the index is built


class Open(msgspec.Struct, frozen=True):
    """A running game's unclaimed seats: ``free`` (anyone may claim) and ``reserved`` (seat -> name)."""
    game_id: str
    game_type: str
    players: int
    options: dict[str, str]
    created_at_ms: int
    free: tuple[int, ...]
    reserved: tuple[tuple[int, str], ...]
    time_control: tuple[int, int, int, int] | None = None  # (initial_ms, increment_ms, delay_ms, per_move_ms)


def open_seats(meta: GameMeta, claimed: set[int], created: pb.GameCreated | None) -> Open | None:
    """The game's unclaimed seats, or None when it has none (every seat claimed, or it ended)."""
    if meta.finished:
        return None
    reserved = {r.seat: r.player for r in created.reserved_seats} if created is not None else {}
    free = tuple(s for s in range(meta.players) if s not in claimed and s not in reserved)
    kept = tuple((s, n) for s, n in sorted(reserved.items()) if s not in claimed)
    if not free and not kept:
        return None
    tc = None
    if created is not None and created.HasField("time_control"):
        t = created.time_control
        tc = (t.initial_ms, t.increment_ms, t.delay_ms, t.per_move_ms)
    return Open(meta.game_id, meta.game_type, meta.players, dict(meta.options), meta.created_at_ms, free, kept, tc)


class Filter:
    """A subscriber's filter, checked: game types known, option names and values allowed."""

    def __init__(self, req: pb.WatchOpenSeatsRequest) -> None:
        if req.limit < 0:
            raise HostError("INVALID_ARGUMENT", BAD_LIMIT, f"limit is 0 (the default) or more, not {req.limit}")
        if len(req.game_types) > GAME_TYPES_MAX:
            raise HostError("INVALID_ARGUMENT", TOO_MANY_ITEMS,
                            f"game_types has {len(req.game_types)} entries; at most {GAME_TYPES_MAX}")
        self.limit = min(req.limit or FEED_PAGE_MAX, FEED_PAGE_MAX)
        games: list[Game] = [game_type(t) for t in dict.fromkeys(req.game_types)] or list(registry.all_games())
        self.types = {g.info.id for g in games}
        self.options = dict(req.options)
        if len(self.options) > OPTIONS:  # (server.limits has refused it already; kept for direct callers)
            raise HostError("INVALID_ARGUMENT", TOO_MANY_ITEMS, f"options has {len(self.options)} entries")
        for name, value in self.options.items():
            allowed = [g.info.options[name] for g in games if name in g.info.options]
            if not allowed:
                raise HostError("INVALID_ARGUMENT", errors.BAD_CONFIG,
                                f"no watched game type has an option {quote(name)}")
            if not any(value in o.values for o in allowed):
                raise HostError("INVALID_ARGUMENT", errors.BAD_CONFIG,
                                f"option {quote(name)} cannot be {quote(value)} in the watched game types")
        self.player = req.player

    def view(self, entry: Open) -> pb.OpenGame | None:
        """What this subscriber sees of ``entry``: None unless it matches and has a seat open to it."""
        if entry.game_type not in self.types:
            return None
        if self.options:
            info = registry.get(entry.game_type).info
            for name, value in self.options.items():
                option = info.options.get(name)
                if option is None or entry.options.get(name, option.default) != value:
                    return None
        mine = [s for s, n in entry.reserved if self.player and n == self.player]
        if not entry.free and not mine:
            return None
        msg = pb.OpenGame(game_id=entry.game_id, game_type=entry.game_type, players=entry.players,
                          options=entry.options, free_seats=entry.free, reserved_for_you=mine,
                          created_at_unix_ms=entry.created_at_ms)
        if entry.time_control is not None:
            t = msg.time_control
            t.SetInParent()
            t.initial_ms, t.increment_ms, t.delay_ms, t.per_move_ms = entry.time_control
        return msg


class Subscriber:
    def __init__(self, flt: Filter) -> None:
        self.filter = flt
        self.queue: asyncio.Queue = asyncio.Queue()
        self.shown: dict[str, bytes] = {}  # game id -> the OpenGame last sent (serialized)

    def offer(self, game_id: str, entry: Open | None) -> object | None:
        """The change to send for ``game_id`` now standing at ``entry``, or None if nothing changed
        for this subscriber: an ``OpenGame``, or the game id (a str) when it closed."""
        view = self.filter.view(entry) if entry is not None else None
        if view is None:
            if self.shown.pop(game_id, None) is None:
                return None
            return game_id
        data = view.SerializeToString(deterministic=True)
        if self.shown.get(game_id) == data:
            return None
        self.shown[game_id] = data
        return view


class FeedHost(Protocol):
    """What the feed uses of its host (``server.host.GameHost``): its store, its task spawner, and
    whether it is shutting down."""
    store: Store
    closing: bool
    _spawn: Callable


class OpenSeats:
    """The process's index of open games and its feed subscribers (see the module's docstring)."""

    def __init__(self, host: FeedHost) -> None:
        self.host = host
        self.index: dict[str, Open] | None = None  # None until a first subscriber asks for it
        self.subscribers: set[Subscriber] = set()
        self._building: asyncio.Lock | None = None
        self._during_build: dict[str, Open | None] | None = None
        self._stamps: dict[str, int] = {}  # game id -> changes seen, so a slow recheck never undoes a newer one
        self._full: OrderedDict[str, None] = OrderedDict()  # games known to have no open seat
        self.dropped = 0  # subscribers dropped as too slow (server.metrics)

    # ---- what changed ---------------------------------------------------
    @property
    def active(self) -> bool:
        return self.index is not None or self._during_build is not None

    def changed(self, game_id: str, entry: Open | None) -> None:
        """A game's unclaimed seats now (None: none left, or it ended): the index and every
        subscriber it concerns learn of it. Called on the event loop."""
        if not self.active:
            return
        self._stamps[game_id] = self._stamps.get(game_id, 0) + 1
        if self._during_build is not None:
            self._during_build[game_id] = entry
        if self.index is None:
            return
        if entry is None:
            self.index.pop(game_id, None)
            self._full[game_id] = None
            while len(self._full) > KNOWN_FULL_MAX:
                self._full.popitem(last=False)
            self._stamps.pop(game_id, None)  # closed for good (seats never reopen): _full guards it now
        else:
            self.index[game_id] = entry
        for sub in list(self.subscribers):
            change = sub.offer(game_id, entry)
            if change is None:
                continue
            if sub.queue.qsize() >= failures.STREAM_QUEUE_MAX:
                self.dropped += 1
                self.subscribers.discard(sub)
                while not sub.queue.empty():
                    sub.queue.get_nowait()
                sub.queue.put_nowait(TOO_SLOW)
            else:
                sub.queue.put_nowait(change)

    def wants(self, game_id: str) -> bool:
        """Whether another process's commit to ``game_id`` may change the feed: an indexed game, or
        one not known to be full (a game created elsewhere, read once). Safe from the store's
        listener thread (reads only)."""
        if self.index is None:
            return False
        return game_id in self.index or game_id not in self._full

    def recheck(self, game_id: str) -> None:
        """Read the game's open seats from the store (off the loop), then :meth:`changed`, unless a
        change of this game arrived meanwhile (it is newer than what was read)."""
        stamp = self._stamps.get(game_id, 0)

        async def run() -> None:
            try:
                entry = await asyncio.to_thread(self._from_store, game_id)
            except Exception as exc:  # noqa: BLE001 - the next notification or rescan tries again
                log.warning("reading the open seats of %s failed: %s", game_id, exc)
                return
            if self._stamps.get(game_id, 0) == stamp and not (entry is not None and game_id in self._full):
                self.changed(game_id, entry)

        self.host._spawn(run())

    def rescan(self) -> None:
        """Notifications may have been missed: build the index again (subscribers get the difference)."""
        if self.index is None or self._building is None or self._building.locked():
            return

        async def run() -> None:
            old = self.index or {}
            self.index = None
            try:
                await self.ensure_index()
            except Exception:  # noqa: BLE001
                self.index = old
                log.exception("rescanning open seats failed")
                return
            for game_id in set(old) | set(self.index or {}):
                if self.index is not None:
                    self.changed(game_id, self.index.get(game_id))

        self.host._spawn(run())

    def close(self) -> None:
        """The server is stopping: every feed ends with UNAVAILABLE / SHUTTING_DOWN."""
        for sub in self.subscribers:
            sub.queue.put_nowait(None)

    # ---- reading the store ----------------------------------------------
    def _from_store(self, game_id: str) -> Open | None:
        meta = self.host.store.get_game(game_id)
        return None if meta is None else self._entry(meta)

    def _entry(self, meta: GameMeta) -> Open | None:
        if meta.finished:
            return None
        claimed = {row.seat for row in self.host.store.seats(meta.game_id)}
        if len(claimed) >= meta.players:
            return None
        first = self.host.store.read(meta.game_id, 0, 0)
        if not first:  # its records are not committed yet: unknown, not full (never remembered as full)
            raise LookupError(f"game {meta.game_id} has no records yet")
        created = pb.LogRecord.FromString(first[0].body).event.platform.game_created
        return open_seats(meta, claimed, created)

    def _scan(self) -> tuple[dict[str, Open], list[str]]:
        """Every running game with an unclaimed seat, and the ids of the others (a worker thread:
        many store reads)."""
        found: dict[str, Open] = {}
        full: list[str] = []
        after = None
        while True:
            metas = self.host.store.list_games("", False, SCAN_PAGE, after)
            for meta in metas:
                try:
                    entry = self._entry(meta)
                except LookupError:  # a creation still committing: it reports itself
                    continue
                if entry is not None:
                    found[meta.game_id] = entry
                else:
                    full.append(meta.game_id)
            if len(metas) < SCAN_PAGE:
                return found, full
            after = (metas[-1].created_at_ms, metas[-1].game_id)

    async def ensure_index(self) -> None:
        if self.index is not None:
            return
        if self._building is None:
            self._building = asyncio.Lock()
        async with self._building:
            if self.index is not None:
                return
            self._during_build = {}
            try:
                found, full = await asyncio.to_thread(self._scan)
                for game_id in full[-KNOWN_FULL_MAX:]:
                    self._full[game_id] = None
                while len(self._full) > KNOWN_FULL_MAX:
                    self._full.popitem(last=False)
                found.update({g: e for g, e in self._during_build.items() if e is not None})
                for game_id, entry in self._during_build.items():
                    if entry is None:
                        found.pop(game_id, None)
                self.index = found
            finally:
                self._during_build = None

    # ---- the RPC ----------------------------------------------------------
    async def watch(self, req: pb.WatchOpenSeatsRequest) -> AsyncIterator[bytes]:
        """Serialized ``OpenSeatsBatch`` messages: every match now (a page), then the changes."""
        if self.host.closing:
            raise HostError("UNAVAILABLE", SHUTTING_DOWN, "this server is shutting down: subscribe on another")
        flt = Filter(req)
        await self.ensure_index()
        sub = Subscriber(flt)
        # from here to the first batch nothing is awaited: every later change goes to the queue
        entries = sorted(self.index.values(), key=lambda e: (-e.created_at_ms, e.game_id))
        first = pb.OpenSeatsBatch(initial=True)
        for entry in entries:
            view = flt.view(entry)
            if view is None:
                continue
            if len(first.open) == flt.limit:
                first.truncated = True
                break
            first.open.append(view)
            sub.shown[entry.game_id] = view.SerializeToString(deterministic=True)
        self.subscribers.add(sub)
        try:
            yield first.SerializeToString()
            while True:
                changes = [await sub.queue.get()]
                while not sub.queue.empty():
                    changes.append(sub.queue.get_nowait())
                if any(c is None for c in changes):
                    raise HostError("UNAVAILABLE", SHUTTING_DOWN,
                                    "this server is shutting down: subscribe again (on another server)")
                if any(c is TOO_SLOW for c in changes):
                    raise HostError("RESOURCE_EXHAUSTED", STREAM_TOO_SLOW,
                                    f"this feed fell {failures.STREAM_QUEUE_MAX} changes behind: subscribe again (its "
                                    "first batch lists what is open then) and read it faster")
                last: dict[str, object] = {}  # the last word on each game wins
                for change in changes:
                    game_id = change if isinstance(change, str) else change.game_id
                    last.pop(game_id, None)
                    last[game_id] = change
                batch = pb.OpenSeatsBatch(closed=[c for c in last.values() if isinstance(c, str)],
                                          open=[c for c in last.values() if not isinstance(c, str)])
                yield batch.SerializeToString()
        finally:
            self.subscribers.discard(sub)
