"""The games the host holds in memory, kept current with the log: loading one (its latest snapshot,
then the tail), catching up with what another process appended (the store's notifications, or a
head read before each use), rebuilding one whose append failed, and evicting idle ones.

Part of :class:`server.host.GameHost` (a base class of it): ``_current`` is what every read and
command starts from, so nobody sees a state that is not durable yet."""

from __future__ import annotations

import logging
import time

import msgspec

from carthago.v1 import carthago_pb2 as pb
from engine import registry
from engine.core import GameConfig
from engine.session import Session

from .challenges import NOTE
from .failures import GAME_NOT_FOUND, HostError
from .house import house_bots
from .limits import quote
from .loaded import Loaded
from .log import replay_items, session_items, version_of
from .store import GameMeta, StoreUnavailable
from .wire import wire_for

log = logging.getLogger("carthago.host")


class GameCache:
    """The host's cache of games (``_games``: game id -> :class:`~server.loaded.Loaded`). Uses the
    host's ``store``, ``config``, ``closing``, ``feed``, ``_loop``, ``_spawn``, ``_publish``
    (server.hoststreams) and ``_reserved`` (server.hostseats); counts ``loads`` and ``evicted``."""

    # ---- other processes' commits -----------------------------------------
    def _notified_threadsafe(self, game_id: str | None, seq: int) -> None:
        """From the store's listener thread. Most notifications are for games nobody streams here
        (or this process's own commits): dropped without waking the loop. Reading the dict and the
        set from this thread is safe, and a stream that subscribes after this check reads its
        backlog from the log, which already holds the commit notified."""
        if game_id is not None and game_id.startswith(NOTE):  # a challenge changed (server.challenges)
            cid = game_id[len(NOTE):]
            if not self.challenges.streams or self.challenges.told.get(cid) == seq:
                return
            game_id, call = cid, self.challenges.noted
        elif game_id is not None:
            call = self._notified
            loaded = self._games.get(game_id)
            if loaded is not None and seq <= loaded.head_seq:
                return
            if (loaded is None or not loaded.subscribers) and not self.feed.wants(game_id):
                return
        else:
            call = self._notified
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(call, game_id, seq)
            except RuntimeError:  # the loop closed meanwhile
                pass

    def _notified(self, game_id: str | None, seq: int) -> None:
        """A process committed records of ``game_id`` up to ``seq`` (None: anything may have been
        missed). Only games streamed here catch up now; the others do on their next use."""
        if self.closing:
            return
        if game_id is None:
            for gid, loaded in list(self._games.items()):
                if loaded.subscribers:
                    self._schedule_catch_up(gid, -1)
            self.feed.rescan()
            self.challenges.rescan()
            return
        loaded = self._games.get(game_id)
        if loaded is not None and loaded.subscribers and seq > loaded.head_seq:
            self._schedule_catch_up(game_id, seq)  # its SeatClaimed / SeedRevealed reach the feed too
        elif self.feed.wants(game_id):
            self.feed.recheck(game_id)  # a game created, claimed or ended on another process

    def _schedule_catch_up(self, game_id: str, seq: int) -> None:
        if game_id not in self._catching_up:
            self._catching_up.add(game_id)
            self._spawn(self._catch_up_later(game_id, seq))

    async def _catch_up_later(self, game_id: str, seq: int) -> None:
        try:
            loaded = await self._current(game_id, refresh=False)  # after any command in flight here
            self._catching_up.discard(game_id)  # a notification from now on schedules another
            if seq < 0 or seq > loaded.head_seq:  # not just this process's own commit
                self._refresh(loaded)
        except (HostError, StoreUnavailable) as exc:
            log.warning("catching up %s failed: %s", game_id, exc)
        finally:
            self._catching_up.discard(game_id)

    # ---- memory ----------------------------------------------------------
    def evict(self, now: float | None = None) -> int:
        """Drop from memory the games nobody streams, with no command in flight, untouched for
        ``evict_after_s``; then, over ``max_loaded_games``, the least recently used such games.
        Nothing is lost: the log has every committed record, and a game is reloaded (snapshot +
        tail) when next used."""
        now = time.monotonic() if now is None else now
        idle = [(l.last_used, gid) for gid, l in self._games.items()
                if not l.subscribers and not l.lock.locked() and now - l.last_used > 1.0]
        idle.sort()
        over = len(self._games) - self.config.max_loaded_games
        gone = 0
        for used, gid in idle:
            if (self.config.evict_after_s > 0 and now - used > self.config.evict_after_s) or gone < over:
                del self._games[gid]
                gone += 1
        self.evicted += gone
        return gone

    # ---- loading ---------------------------------------------------------
    def _load(self, game_id: str) -> Loaded:
        loaded = self._games.get(game_id)
        if loaded is not None and not loaded.stale:
            loaded.last_used = time.monotonic()
            return loaded
        if loaded is not None:
            return self._rebuild(loaded)
        meta = self.store.get_game(game_id)
        if meta is None:
            raise HostError("NOT_FOUND", GAME_NOT_FOUND, f"no game {quote(game_id)}")
        loaded = self._build(meta)
        self._games[game_id] = loaded
        return loaded

    def _build(self, meta: GameMeta) -> Loaded:
        game = registry.get(meta.game_type)
        wire = wire_for(game)
        config = GameConfig(players=meta.players, options=meta.options)
        # The head is the last record applied, never one read apart: another process may commit
        # between two reads, and a cache whose state is ahead of its head would apply that tail twice.
        head: tuple[int, bytes] | None = None
        snap = self.store.latest_snapshot(meta.game_id, version_of(game))
        start = 0
        session = None
        if snap is not None:
            at = self.store.read(meta.game_id, snap.seq, snap.seq)
            if at and at[0].hash == snap.hash:  # a snapshot of this very history
                try:
                    session = Session.from_snapshot(game, config, meta.seed, snap.state, snap.position)
                except msgspec.DecodeError:  # not this engine's encoding: replay the log instead
                    log.warning("%s: the snapshot at seq %d does not decode; replaying", meta.game_id, snap.seq)
                else:
                    start = snap.seq + 1
                    head = (snap.seq, snap.hash)
        if session is None:
            session = Session(game, config, meta.seed, game.initial(config), 0)

        def tail():  # record by record: parse, decode, evolve (no list of every parsed record or event)
            nonlocal head
            for record in self.store.read(meta.game_id, start):
                head = (record.seq, record.hash)
                yield from session_items(wire, pb.LogRecord.FromString(record.body))

        session = Session.restore(game, config, meta.seed, session.state, session.position, tail(), session.platform)
        if head is None:  # created, its first records not committed yet (or never: a crash in between)
            raise HostError("NOT_FOUND", GAME_NOT_FOUND, f"game {quote(meta.game_id)} is being created")
        head_seq, head_hash = head
        loaded = Loaded(meta, game, session, head_seq, head_hash)
        self.loads += 1
        rows = self.store.seats(meta.game_id)
        loaded.tokens = {row.token_hash: row.seat for row in rows}
        loaded.house = house_bots(rows)
        self._reserved(loaded)  # here, off the event loop, rather than at the first summary
        return loaded

    def _rebuild(self, loaded: Loaded) -> Loaded:
        """The game as the store has it, keeping its lock and its stream subscribers, who are handed
        the records committed since the head they last had."""
        fresh = self._build(self.store.get_game(loaded.meta.game_id))
        fresh.lock, fresh.subscribers = loaded.lock, loaded.subscribers
        self._games[loaded.meta.game_id] = fresh
        if fresh.subscribers and fresh.head_seq > loaded.head_seq:
            self._publish(fresh, [pb.LogRecord.FromString(r.body)
                                  for r in self.store.read(fresh.meta.game_id, loaded.head_seq + 1, fresh.head_seq)])
        return fresh

    def _refresh(self, loaded: Loaded, head: tuple[int, bytes] | None | bool = False) -> Loaded:
        """Catch up with the records another process appended (or rebuild a game whose last append
        failed). Synchronous: the caller holds the game's lock or has just waited for it. ``head``:
        the store's head if the caller has just read it."""
        loaded = self._games.get(loaded.meta.game_id, loaded)
        if loaded.stale:
            return self._rebuild(loaded)
        if head is False:
            head = self.store.head(loaded.meta.game_id)
        if head is None or head[0] <= loaded.head_seq:  # (a head read before our own last commit: older)
            return loaded
        return self._catch_up(loaded)

    def _catch_up(self, loaded: Loaded) -> Loaded:
        """Apply the tail other processes appended after this cache's head, and hand it to this
        game's streams. A tail that does not continue the chain from our head (it cannot, unless
        the log was altered) rebuilds the game instead."""
        game_id = loaded.meta.game_id
        records = self.store.read(game_id, loaded.head_seq + 1)
        bodies = [pb.LogRecord.FromString(r.body) for r in records]
        if not bodies:
            return loaded
        if bodies[0].prev_hash != loaded.head_hash or any(b.seq != loaded.head_seq + 1 + i
                                                          for i, b in enumerate(bodies)):
            return self._rebuild(loaded)
        s = loaded.session
        events = list(replay_items(loaded.wire, bodies))
        try:
            loaded.session = Session.restore(s.game, s.config, s.seed, s.state, s.position, events, s.platform)
        except Exception:  # noqa: BLE001 - evolve is total on a log decide wrote; if not, start over
            log.exception("%s: the tail did not apply; rebuilding", game_id)
            loaded.stale = True
            return self._rebuild(loaded)
        last = bodies[-1]
        loaded.head_seq, loaded.head_hash = records[-1].seq, records[-1].hash
        if last.event.WhichOneof("game") == "platform" and last.event.platform.WhichOneof("kind") == "seed_revealed":
            loaded.meta.finished = True
        self._publish(loaded, bodies)
        return loaded

    async def _current(self, game_id: str, refresh: bool = True) -> Loaded:
        """The game as committed. A command in flight has applied its events in memory before its
        append resolved: wait for it (the game's lock), so that no reader sees a state that may
        never become durable. Then, with ``refresh``, catch up with other processes' appends.
        The caller must not await between this and its reads."""
        head: tuple[int, bytes] | None | bool = False
        if refresh and self._async_reads:  # the round trip awaited, before waiting for the lock
            self._load(game_id)  # NOT_FOUND before any read
            head = await self.store.head_async(game_id)
        loaded = self._load(game_id)
        while loaded.lock.locked():
            async with loaded.lock:
                pass
            loaded = self._load(game_id)
        # a head read before a command of this process committed is older than the cache: _refresh
        # keeps the cache then
        return self._refresh(loaded, head) if refresh else loaded
