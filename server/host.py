"""The game host: loads games, asks the engine, appends the events, fans them out.

It works on protobuf messages and a :class:`~server.store.Store`; the gRPC layer
(``server.app``) only parses requests and maps :class:`HostError` to status
codes. The host never decides a rule: every rule error comes from the engine.

Consistency: a command is acknowledged only after its records are committed.
In memory the host keeps one session per loaded game: a cache. Before deciding it
checks the store's head and applies whatever another process appended (the tail),
so several server processes on one database stay correct (the loser of a race gets
ABORTED and nothing of its batch is written). Streams follow other processes'
commits through the store's notifications (PostgreSQL ``LISTEN``), and a poll of
the streamed games' heads catches any notification missed. Games untouched for a
while are dropped from memory and reloaded from their snapshot when next used.

The append is awaited, not run on the event loop: while one command's records
wait for their commit (``Store.start_append``; SQLite commits them in a group
with every other game's), other games' commands proceed. A game's lock is held
from deciding until its append has resolved, and every read of a game waits for
that (:meth:`GameHost._current`), so nobody sees a state that is not durable yet.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import json
import logging
import os
import secrets
import time
from collections import OrderedDict
from concurrent.futures import Future
from typing import AsyncIterator, Callable

import msgspec

from carthago.v1 import carthago_pb2 as pb
from engine import errors, registry
from engine import platform as pf
from engine.core import Game, GameConfig, decode_state, encode_state
from engine.platform import (ABORT_TOO_LATE, ALREADY_ACCEPTED, DRAW_ALREADY_OFFERED,  # noqa: F401 - codes of
                             NO_DRAW_OFFERED, OWN_DRAW_OFFER, SEAT_OUT)               # the protocol guide
from engine.gamedata import game_data
from engine.rng import Rng
from engine.session import Session
from search.levels import levels
from search.parallel import cores

from . import export
from . import failures
from .failures import (BAD_COUNT, BAD_LIMIT, BAD_PAGE_TOKEN, BAD_SEQ, CLIENT_SEED_NOT_ALLOWED,  # noqa: F401 - codes
                       GAME_NOT_FOUND, INVALID_TOKEN, LOST_RACE, MALFORMED_AUTHORIZATION, MALFORMED_MESSAGE,
                       NOT_FINISHED, NOT_THE_CREATOR, OPERATOR_CANNOT_PLAY, REQUEST_ID_REUSED, SHUTTING_DOWN,
                       STALE_SEQ, STORE_UNAVAILABLE, STREAM_TOO_SLOW, TALK_TOO_FAST, TIME_EXPIRED, TOKEN_REQUIRED,
                       TOO_SLOW, WRONG_GAME, HostError)
from .feed import OpenSeats, open_seats
from .identity import Identity, check_signature, command_of, token_hash
from .newgame import (BAD_TIME_CONTROL, UNKNOWN_GAME_TYPE, check_new_game, game_type,  # noqa: F401 - codes,
                      rule_error)  # and game_type for server.feed and server.gamedata
from .seating import (BAD_SEAT, INVALID_INVITE, NO_FREE_SEAT, NOT_THE_RESERVED_PLAYER,  # noqa: F401 - codes
                      PLAYER_REQUIRED, SEAT_RESERVED, SEAT_TAKEN, check_house, reservations_of, seat_to_claim)
from .challenges import ChallengeHub
from .leaderboard import Leaderboard
from .playerstore import players_for
from .house import HouseBots, house_bots, house_token_hash
from .limits import quote
from .idle import IDLE, Waiter
from .observe import note_caller
from .rates import PeerRates
from .log import (Chain, created_markers, for_seat, version_of, platform_command_from_proto,
                  platform_event_to_proto, replay_items, session_items)
from .store import Conflict, GameMeta, Record, SeatRow, Snapshot, Store, StoreUnavailable
from .wire import GameWire, WireError, wire_for
from .words import event_describer, legal_words, record_words

log = logging.getLogger("carthago.host")

MAX_SAMPLES = 64  # states one SampleStates call may ask for
LIST_PAGE_MAX = 100      # games per ListGames page, at most (and by default)
PAST_VIEWS_CACHED = 256  # GetView(at_seq) answers kept


RESULT_REASONS = {  # Session.ended_by() -> GameStatus.result_reason
    pf.BY_RULES: pb.RESULT_REASON_RULES,
    pf.BY_RESIGNATION: pb.RESULT_REASON_RESIGNATION,
    pf.BY_DRAW_AGREED: pb.RESULT_REASON_DRAW_AGREED,
    pf.BY_ABORT: pb.RESULT_REASON_ABORTED,
    pf.BY_TIMEOUT: pb.RESULT_REASON_TIMEOUT,
    pf.BY_CLAIM: pb.RESULT_REASON_CLAIMED,
}


def _page_token(req: pb.ListGamesRequest, created_at_ms: int, game_id: str) -> str:
    """An opaque token for the page after ``game_id``, bound to the query's filters."""
    raw = json.dumps([1, req.game_type, req.include_finished, created_at_ms, game_id], separators=(",", ":"))
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def _page_after(req: pb.ListGamesRequest) -> tuple[int, str]:
    """The (created_at_ms, game_id) a page token names; BAD_PAGE_TOKEN if it is not one of this query."""
    try:
        raw = base64.urlsafe_b64decode(req.page_token + "=" * (-len(req.page_token) % 4))
        version, game_type, finished, created, game_id = json.loads(raw)
        ok = version == 1 and isinstance(created, int) and isinstance(game_id, str)
    except (ValueError, TypeError):
        ok = False
    if not ok:
        raise HostError("INVALID_ARGUMENT", BAD_PAGE_TOKEN, "page_token is not a next_page_token of this server")
    if (game_type, finished) != (req.game_type, req.include_finished):
        raise HostError("INVALID_ARGUMENT", BAD_PAGE_TOKEN,
                        "page_token belongs to a query with other filters (game_type, include_finished)")
    return created, game_id


class HostConfig(msgspec.Struct):
    snapshot_every: int = 200
    operator_token: str = ""
    allow_client_seeds: bool = False
    evict_after_s: float = 600.0     # a game untouched this long leaves memory (0: never)
    max_loaded_games: int = 20_000   # beyond this, the least recently used idle games leave first
    poll_every_s: float = 5.0        # heads of streamed games are read this often (missed notifications)
    durability: str = "full"         # what an acknowledged command survives (server.store.DURABILITY)
    talk_burst: int = 10             # table talk: messages a seat may send in a row ...
    talk_per_minute: float = 20.0    # ... and the pace it may keep up after them (TALK_TOO_FAST beyond)
    bot_workers: int = 0             # house bots' search processes (server.house); 0: one per core
    house_stall_s: float = 15.0      # a house move nobody played this long past its budget is started again here
    claim_after_s: float = 3 * 86400.0  # games without clocks: a seat silent this long may be claimed against (0: no claims)
    # per client address (server.rates): calls in a row, then a minute; 0 no limit (carthago serve sets them)
    create_per_minute: float = 0.0   # CreateGame
    join_per_minute: float = 0.0     # JoinGame
    streams_per_minute: float = 0.0  # StreamEvents and StreamExportLog opened
    watch_per_minute: float = 0.0    # WatchOpenSeats opened
    register_per_minute: float = 0.0  # RegisterPlayer (server.identity)
    login_per_minute: float = 0.0    # LoginChallenge and Login
    challenge_per_minute: float = 0.0  # CreateChallenge (server.challenges)
    player_keepalive_s: float = 30.0  # a player's stream silent this long gets a Keepalive

    def __post_init__(self) -> None:
        if not 0 <= self.claim_after_s * 1000 <= pf.MAX_CLAIM_AFTER_MS:
            raise ValueError(f"claim_after_s must be 0 (no claims) to {pf.MAX_CLAIM_AFTER_MS // 1000} s, "
                             f"not {self.claim_after_s}")


def new_secret() -> str:
    """A seat token or an invite: 32 random bytes, URL-safe, never starting with "-" (one in 64 of
    ``token_urlsafe`` does, and a command line then reads ``--token -Xy…`` as an option: `carthago
    resign GAME --token TOKEN` failed for that seat)."""
    while True:
        secret = secrets.token_urlsafe(32)
        if not secret.startswith("-"):
            return secret


BUSY_WINDOW_S = 0.005  # another game's append this recent: the server is under concurrent load (GameHost._busy)


def now_ms() -> int:
    return time.time_ns() // 1_000_000


class Loaded:
    """One game in memory."""

    def __init__(self, meta: GameMeta, game: Game, session: Session, head_seq: int, head_hash: bytes) -> None:
        self.meta = meta
        self.game = game
        self.wire: GameWire = wire_for(game)
        self.session = session
        self.head_seq = head_seq
        self.head_hash = head_hash
        self.lock = asyncio.Lock()  # held from deciding a command until its append has resolved
        self.last_used = time.monotonic()
        self.subscribers: set[asyncio.Queue] = set()
        self.tokens: dict[str, int] = {}
        self.talk: dict[int, tuple[float, int]] = {}  # per seat: table-talk allowance left, as of (ms)
        self.stale = False  # an append failed after its events were applied: rebuild before any use
        # encoded stream batches at head_seq, per (seat or None, head_seq, first seq, last seq)
        self.batches: dict[tuple, tuple[bytes, bool]] = {}
        self.batches_at = head_seq
        self.reserved: dict[int, pb.SeatReserved] | None = None  # from GameCreated, read when first needed
        self.time_control: pb.TimeControl | None = None  # from GameCreated, with ``reserved``
        self.creator_sha256 = ""  # from GameCreated, with ``reserved``: the creator token's digest
        self.rated = False  # from GameCreated, with ``reserved``: seats for registered players only
        self.house: dict[int, str] | None = None  # house seats -> their bot (server.house), read when first needed
        self.house_seen: tuple[int, float] | None = None  # (head, when first seen) for server.house's stalls
        self.keys: dict[int, bytes] = {}  # seat -> its player's public key (b"": none), once looked up

    def chain(self) -> Chain:
        return Chain(self.meta.game_id, self.meta.seed, self.head_seq + 1, self.head_hash)


class _Appended:
    """A command whose append is in flight: what to do once it has resolved."""

    __slots__ = ("loaded", "head_seq", "head_hash", "over", "bodies", "seat", "waiter")

    def __init__(self, loaded: Loaded, head_seq: int, head_hash: bytes, over: bool,
                 bodies: list[pb.LogRecord], seat: int, waiter: asyncio.Future) -> None:
        self.loaded, self.head_seq, self.head_hash, self.over, self.bodies = loaded, head_seq, head_hash, over, bodies
        self.seat = seat        # the mover: its own streams are fed after the other seats'
        self.waiter = waiter    # what the caller awaits (cancelled if the caller was)


class Caller(msgspec.Struct, frozen=True):
    seat: int | None = None
    operator: bool = False


class GameHost:
    def __init__(self, store: Store, config: HostConfig | None = None,
                 clock: Callable[[], int] = now_ms) -> None:
        self.store = store
        self.config = config or HostConfig()
        self.clock = clock
        self._games: dict[str, Loaded] = {}
        self._catching_up: set[str] = set()  # games with a catch-up task scheduled
        self._tasks: set[asyncio.Task] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self.closing = False
        self.evicted = 0
        self.loads = self.clock_expiries = self.streams_dropped = 0  # counts for server.metrics
        self._past_views: OrderedDict[tuple, bytes] = OrderedDict()  # GetView(at_seq) answers, LRU
        # a store whose reads cross a network offers them as coroutines too (PostgreSQL)
        self._async_reads = hasattr(store, "head_and_request_async")
        # the game and time of the latest append, and the time of the latest by another game (_busy)
        self._last_append: tuple[str, float] = ("", float("-inf"))
        self._other_append = float("-inf")
        self.feed = OpenSeats(self)  # WatchOpenSeats: the games with a seat to claim (server.feed)
        self.house = HouseBots(self, self.config.bot_workers or cores())  # seats the server plays
        c = self.config  # how often one client address may call what costs most (server.rates)
        self.rates = PeerRates({"create": c.create_per_minute, "join": c.join_per_minute,
                                "streams": c.streams_per_minute, "watch": c.watch_per_minute,
                                "register": c.register_per_minute, "login": c.login_per_minute,
                                "challenge": c.challenge_per_minute})
        self.identity = Identity(players_for(store), self.clock, new_secret)  # players (server.identity)
        self.leaderboard = Leaderboard(store, self.identity.players)  # ListPlayers (server.leaderboard)
        self.challenges = ChallengeHub(self, c.player_keepalive_s)  # challenges, players' streams

    # ---- life cycle ------------------------------------------------------
    async def start(self) -> None:
        """Follow other processes' commits (the store's notifications, and a poll of the streamed
        games' heads), and evict idle games. A host that is never started still serves correctly:
        it reads the head before each use, only its streams learn late of other processes' commits."""
        self._loop = asyncio.get_running_loop()
        watch = getattr(self.store, "watch", None)
        if watch is not None:
            watch(self._notified_threadsafe)
        self._spawn(self._maintain())
        self._spawn(self.house.resume())

    def _spawn(self, coro) -> asyncio.Task:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def begin_shutdown(self) -> None:
        """Refuse new streams, and end every open stream with UNAVAILABLE / SHUTTING_DOWN (telling its
        client the seq to resume from, on another process). Commands in flight finish."""
        self.closing = True
        self.feed.close()
        self.house.close()
        for loaded in self._games.values():
            for queue in loaded.subscribers:
                queue.put_nowait(None)
        for task in list(self._tasks):
            task.cancel()

    def _notified_threadsafe(self, game_id: str | None, seq: int) -> None:
        """From the store's listener thread. Most notifications are for games nobody streams here
        (or this process's own commits): dropped without waking the loop. Reading the dict and the
        set from this thread is safe, and a stream that subscribes after this check reads its
        backlog from the log, which already holds the commit notified."""
        if game_id is not None:
            loaded = self._games.get(game_id)
            if loaded is not None and seq <= loaded.head_seq:
                return
            if (loaded is None or not loaded.subscribers) and not self.feed.wants(game_id):
                return
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._notified, game_id, seq)
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

    async def _maintain(self) -> None:
        """Every few seconds: the heads of the games streamed here (a notification may have been
        missed, or the store has none), then idle games leave memory."""
        every = max(0.05, min(self.config.poll_every_s or 5.0, (self.config.evict_after_s or 60.0) / 4))
        while True:
            await asyncio.sleep(every)
            try:
                if self.config.poll_every_s > 0:
                    streamed = {gid: l.head_seq for gid, l in self._games.items() if l.subscribers}
                    if streamed:
                        heads = await asyncio.to_thread(self.store.heads, list(streamed))
                        for gid, head in heads.items():
                            if head > streamed[gid]:
                                self._schedule_catch_up(gid, head)
                await self.expire_clocks()
                await self.house.stalled()
                self.evict()
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - the next round tries again
                log.exception("maintenance round failed")

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

    def _publish(self, loaded: Loaded, bodies: list[pb.LogRecord], mover: int | None = None) -> None:
        """Committed records, in order, to every stream of the game; the streams of seats other
        than ``mover`` (who has just moved and gets its answer anyway) are woken first. A stream that has
        ``STREAM_QUEUE_MAX`` batches waiting (its client stopped reading) is dropped: its queue is
        emptied and holds only ``TOO_SLOW``, which ends it with RESOURCE_EXHAUSTED / STREAM_TOO_SLOW
        naming the seq to resume from. Memory per subscriber stays bounded whatever it does."""
        if bodies:
            queues = loaded.subscribers
            if mover is not None:
                queues = sorted(queues, key=lambda q: getattr(q, "seat", None) == mover)
            for queue in list(queues):
                if queue.qsize() >= failures.STREAM_QUEUE_MAX:
                    self.streams_dropped += 1
                    loaded.subscribers.discard(queue)
                    while not queue.empty():
                        queue.get_nowait()
                    queue.put_nowait(TOO_SLOW)
                else:
                    queue.put_nowait(bodies)
            if self.feed.active and any(b.event.WhichOneof("game") == "platform" and
                                        b.event.platform.WhichOneof("kind") in ("seat_claimed", "seed_revealed")
                                        for b in bodies):
                self._feed_update(loaded)
            self.challenges.published(loaded, bodies)  # the players' streams: games started, finished

    def _feed_update(self, loaded: Loaded) -> None:
        """The open-seats feed learns the game's unclaimed seats now (after a claim, an end, a creation)."""
        if not self.feed.active:
            return
        meta = loaded.meta
        finished = meta.finished or loaded.session.status().over
        claimed = set() if finished else {row.seat for row in self.store.seats(meta.game_id)}
        created = pb.GameCreated(reserved_seats=self._reserved(loaded).values())
        if loaded.time_control is not None:
            created.time_control.CopyFrom(loaded.time_control)
        self.feed.changed(meta.game_id, None if finished else open_seats(meta, claimed, created))

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

    def _caller(self, loaded: Loaded, token: str | None) -> Caller:
        if not token:
            return Caller()
        if self.config.operator_token and hmac.compare_digest(token, self.config.operator_token):
            note_caller(None, operator=True)
            return Caller(operator=True)
        hashed = token_hash(token)
        seat = loaded.tokens.get(hashed)
        if seat is None:
            loaded.tokens = {row.token_hash: row.seat for row in self.store.seats(loaded.meta.game_id)}
            seat = loaded.tokens.get(hashed)
        if seat is None:
            raise HostError("UNAUTHENTICATED", INVALID_TOKEN, "this token holds no seat in this game")
        note_caller(seat)  # for the call's log line (server.observe)
        return Caller(seat=seat)

    # ---- summaries -------------------------------------------------------
    def _status(self, loaded: Loaded) -> pb.GameStatus:
        st = loaded.session.status()
        msg = pb.GameStatus(to_act=st.to_act, over=st.over)
        if st.result is not None:
            msg.winners.extend(st.result.winners)
            msg.scores.extend(st.result.scores)
            msg.reason = st.result.reason
            msg.everyone_lost = st.result.everyone_lost
        msg.claim_from_unix_ms.extend(pf.claim_from(loaded.session.platform))
        clock = loaded.session.platform.clock
        if clock is not None:
            msg.clocks.extend(pb.SeatClock(remaining_ms=clock.remaining_ms[x],
                                           deadline_unix_ms=0 if st.over else clock.deadline(x) or 0,
                                           delay_until_unix_ms=0 if st.over else clock.delay_until(x) or 0)
                              for x in range(len(clock.remaining_ms)))
        if st.over:
            msg.result_reason = RESULT_REASONS[loaded.session.ended_by()]
            if loaded.session.platform.ended_seat >= 0:
                msg.ended_by_seat = loaded.session.platform.ended_seat
        else:
            p = loaded.session.platform
            if p.offer_by >= 0:
                msg.draw_offer_by = p.offer_by
                msg.draw_accepted_by.extend(p.accepted)
        return msg

    def _summary(self, loaded: Loaded) -> pb.GameSummary:
        meta, info = loaded.meta, loaded.game.info
        rows = self.store.seats(meta.game_id)
        claimed = {row.seat: row.player for row in rows}
        house = house_bots(rows)
        reserved = self._reserved(loaded)
        status = self._status(loaded)
        return pb.GameSummary(
            game_id=meta.game_id, game_type=meta.game_type, players=meta.players, options=meta.options,
            seats=[pb.SeatInfo(seat=s, name=info.seat_names[s] if s < len(info.seat_names) else str(s),
                               claimed=s in claimed, player=claimed.get(s, ""),
                               reserved_for=reserved[s].player if s in reserved else "",
                               house_bot=house.get(s, ""), player_key=self._seat_key(loaded, s, rows))
                   for s in range(meta.players)],
            status=status, head_seq=loaded.head_seq,
            seed_commitment=hashlib.sha256(meta.seed).hexdigest(),
            head_hash=loaded.head_hash.hex() if status.over else "",
            created_at_unix_ms=meta.created_at_ms, rated=loaded.rated)

    # ---- RPCs ------------------------------------------------------------
    def list_game_types(self) -> pb.ListGameTypesResponse:
        out = pb.ListGameTypesResponse()
        for game in registry.all_games():
            info = game.info
            out.games.add(id=info.id, title=info.title, player_counts=info.player_counts,
                          seat_names=info.seat_names, data_sha256=game_data(info.id).sha256,
                          options=[pb.OptionInfo(name=k, values=v.values, default=v.default, doc=v.doc)
                                   for k, v in sorted(info.options.items())],
                          bot_levels=[pb.BotLevel(name=lv.name, number=lv.number, title=lv.title,
                                                  millis_per_move=lv.millis, iterations_per_move=lv.iterations,
                                                  all_cores=lv.all_cores, description=lv.describe())
                                      for lv in levels(info.id)])
        return out

    async def create_game(self, req: pb.CreateGameRequest) -> pb.CreateGameResponse:
        if self.closing:  # draining (server.app.shutdown): the game would start on a server about to stop
            raise HostError("UNAVAILABLE", SHUTTING_DOWN, "this server is shutting down: create the game on another")
        if req.seed and not self.config.allow_client_seeds:
            game_type(req.game_type)
            raise HostError("PERMISSION_DENIED", CLIENT_SEED_NOT_ALLOWED,
                            "this server chooses seeds itself (start it with --allow-client-seeds for tests)")
        seed = req.seed or os.urandom(32)
        game, players, time_control, session, opening = check_new_game(req, seed)  # (server.newgame)
        reservations = reservations_of(req, players)  # (server.seating) for invites, or for players' keys
        invites = {r.seat: (r.player, new_secret()) for r in reservations}  # a key's seat too: a no-show's forfeit
        house = self._house_seats(req, game.info.id, players, {r.seat for r in reservations})
        if req.rated and house:
            raise HostError("INVALID_ARGUMENT", errors.BAD_CONFIG, "a rated game is between registered players: no house seat")
        creator_token = new_secret()
        game_id = f"{game.info.id}-{secrets.token_hex(5)}"
        created = self.clock()
        meta = GameMeta(game_id, game.info.id, players, dict(req.options), seed, created)
        chain = Chain(game_id, seed, 0, bytes(32))
        keys = {r.seat: r.player_key for r in reservations}
        reserved = [pb.SeatReserved(seat=s, player=name, invite_sha256=token_hash(invite), player_key=keys[s])
                    for s, (name, invite) in sorted(invites.items())]
        first = chain.platform(pb.PlatformEvent(game_created=pb.GameCreated(
            game_id=game_id, game_type=game.info.id, players=players, options=req.options,
            seed_commitment=hashlib.sha256(seed).hexdigest(), engine_version=version_of(game),
            game_version=game.info.version, reserved_seats=reserved, time_control=time_control,
            creator_token_sha256=token_hash(creator_token), rated=req.rated,
            claim_after_ms=0 if time_control is not None else round(self.config.claim_after_s * 1000))), created)
        for marker in created_markers(first[1].event.platform.game_created):  # clocks, or a claim time
            session.apply_platform(marker)
        records = [first] + chain.game_events(wire_for(game), opening, 0, -1, None, "", created)
        seat_rows = []
        for seat, bot in sorted(house.items()):  # the house seats, claimed in the same transaction
            name = f"house bot ({bot})"
            records.append(chain.platform(pb.PlatformEvent(seat_claimed=pb.SeatClaimed(
                seat=seat, player=name, house_bot=bot)), created))
            seat_rows.append(SeatRow(seat, house_token_hash(bot), name))
            session.clock_seated(created)
        try:  # the game, its first records and house seats in one transaction; durable: off the event loop
            await asyncio.shield(asyncio.to_thread(self.store.create_game, meta, [r for r, _ in records], seat_rows))
        except Conflict:
            raise HostError("ABORTED", LOST_RACE, "a game id was drawn twice; retry") from None
        # a reader (ListGames) may have loaded it from the store already: keep that one
        loaded = self._games.setdefault(game_id, Loaded(meta, game, session, chain.next_seq - 1, chain.prev_hash))
        if loaded.reserved is None:
            loaded.reserved = {r.seat: r for r in reserved}
            loaded.time_control = time_control
            loaded.creator_sha256, loaded.rated = token_hash(creator_token), req.rated
        if loaded.house is None:
            loaded.house = dict(house)
        self._feed_update(loaded)
        self.house.poke(loaded)
        self.challenges.waiting(game_id, game.info.id, {s: k for s, k in keys.items() if k})  # players' streams
        return pb.CreateGameResponse(game=self._summary(loaded), creator_token=creator_token, invites=[
            pb.SeatInvite(seat=s, player=name, invite=invite) for s, (name, invite) in sorted(invites.items())])

    def _house_seats(self, req: pb.CreateGameRequest, game_type: str, players: int, reserved: set[int]) -> dict[int, str]:
        """CreateGameRequest.house_seats, checked before anything is written: seat -> bot."""
        house: dict[int, str] = {}
        for h in req.house_seats:
            check_house(game_type, players, h.seat, h.bot, reserved)
            if h.seat in house:
                raise HostError("INVALID_ARGUMENT", BAD_SEAT, f"seat {h.seat} is given to the house bot twice")
            house[h.seat] = h.bot
        return house

    async def join_game(self, req: pb.JoinGameRequest, session: str | None = None) -> pb.JoinGameResponse:
        """Claim a seat. The claim is a record of the game's log (``SeatClaimed``: the seat and the
        player's name, hashed with the rest), written with the seat's row in one transaction, under
        the game's lock like a command. With a player's ``session`` token (server.identity) the
        claim records the player's name and key, and the seat's commands must be signed."""
        req, key = await asyncio.to_thread(self.identity.as_player, req, session)  # (req, b"") anonymous
        loaded = await self._current(req.game_id)
        players = loaded.meta.players
        if req.HasField("seat") and not 0 <= req.seat < players:
            raise HostError("INVALID_ARGUMENT", BAD_SEAT, f"seats are 0..{players - 1}, not {req.seat}")
        self._reserved(loaded)  # reads GameCreated once: loaded.rated
        if loaded.rated and not key:
            raise HostError("PERMISSION_DENIED", PLAYER_REQUIRED,
                            "a rated game's seats are for registered players: join with a Login session token")
        token = new_secret()
        if key:  # the seat's key by its token's digest, before the claim (a failed claim leaves a row no token reaches)
            await asyncio.to_thread(self.identity.players.add_seat_key, token_hash(token), req.game_id, key)

        def claim(loaded: Loaded, taken: set[int]) -> tuple[SeatRow, pb.SeatClaimed]:
            seat, player, invited = self._seat_to_claim(loaded, req, taken, key)
            row = SeatRow(seat, token_hash(token), player)  # its length is bounded (server.limits)
            return row, pb.SeatClaimed(seat=seat, player=player, invited=invited, player_key=key)

        loaded, row = await self._claim(loaded, claim)
        return pb.JoinGameResponse(seat=row.seat, token=token, game=self._summary(loaded))

    async def _claim(self, loaded: Loaded, claim: Callable[[Loaded, set[int]], tuple[SeatRow, pb.SeatClaimed]]
                     ) -> tuple[Loaded, SeatRow]:
        """Write a seat claim: ``claim(loaded, taken seats)`` says which (or raises), under the
        game's lock, at its head; the record and the seat's row commit in one transaction."""
        game_id = loaded.meta.game_id
        for attempt in range(5):
            await loaded.lock.acquire()
            try:
                loaded = self._refresh(loaded)
                if loaded.meta.finished or loaded.session.status().over:
                    raise HostError("FAILED_PRECONDITION", errors.GAME_OVER, "the game is over: its seats are closed")
                taken = {row.seat for row in self.store.seats(game_id)}
                row, claimed_record = claim(loaded, taken)
                chain = loaded.chain()
                claimed_at = self.clock()
                record, body = chain.platform(pb.PlatformEvent(seat_claimed=claimed_record), claimed_at)
                try:  # durable: off the loop
                    claimed = await asyncio.shield(asyncio.to_thread(self.store.claim_seat, game_id, row, [record]))
                except Conflict:  # another process appended first: catch up and try again
                    continue
                if not claimed:
                    raise HostError("ALREADY_EXISTS", SEAT_TAKEN, f"seat {row.seat} is already taken")
                loaded.head_seq, loaded.head_hash = record.seq, record.hash
                loaded.tokens[row.token_hash] = row.seat
                loaded.keys[row.seat] = claimed_record.player_key
                if loaded.house is not None:
                    loaded.house = {**loaded.house, **house_bots([row])}
                loaded.session.clock_seated(claimed_at)  # the clocks start once every seat is claimed
                self._arm_clock(loaded)
                self._publish(loaded, [body])
                self.house.poke(loaded)
            finally:
                loaded.lock.release()
            return loaded, row
        raise HostError("ABORTED", LOST_RACE, "the game kept moving while the seat was claimed; retry")

    async def seat_house_bot(self, req: pb.SeatHouseBotRequest, token: str | None) -> pb.SeatHouseBotResponse:
        """Give an open seat to the house bot: the game's creator (its creator token) or the operator."""
        loaded = await self._current(req.game_id)
        self._reserved(loaded)
        operator = bool(token and self.config.operator_token and hmac.compare_digest(token, self.config.operator_token))
        if not token:
            raise HostError("UNAUTHENTICATED", TOKEN_REQUIRED,
                            "send the game's creator token (CreateGameResponse.creator_token) as 'authorization: Bearer <token>'")
        if not operator and not (loaded.creator_sha256 and hmac.compare_digest(token_hash(token), loaded.creator_sha256)):
            raise HostError("PERMISSION_DENIED", NOT_THE_CREATOR,
                            "only the game's creator (its creator token) or the operator may seat a house bot")
        loaded = await self._seat_house(loaded, req.seat, req.bot)
        return pb.SeatHouseBotResponse(game=self._summary(loaded))

    async def _seat_house(self, loaded: Loaded, seat: int, bot: str) -> Loaded:
        check_house(loaded.meta.game_type, loaded.meta.players, seat, bot, set(self._reserved(loaded)), loaded.rated)

        def claim(loaded: Loaded, taken: set[int]) -> tuple[SeatRow, pb.SeatClaimed]:
            if seat in taken:
                raise HostError("ALREADY_EXISTS", SEAT_TAKEN, f"seat {seat} is already taken")
            return (SeatRow(seat, house_token_hash(bot), f"house bot ({bot})"),
                    pb.SeatClaimed(seat=seat, player=f"house bot ({bot})", house_bot=bot))

        loaded, _ = await self._claim(loaded, claim)
        return loaded

    def _reserved(self, loaded: Loaded) -> dict[int, pb.SeatReserved]:
        """The seats reserved at creation (GameCreated, the log's first record), by seat."""
        if loaded.reserved is None:
            first = self.store.read(loaded.meta.game_id, 0, 0)
            if not first:  # not committed yet: nothing to cache
                return {}
            created = pb.LogRecord.FromString(first[0].body).event.platform.game_created
            loaded.creator_sha256, loaded.rated = created.creator_token_sha256, created.rated
            loaded.reserved = {r.seat: r for r in created.reserved_seats}
            loaded.time_control = created.time_control if created.HasField("time_control") else None
        return loaded.reserved

    def _seat_to_claim(self, loaded: Loaded, req: pb.JoinGameRequest, taken: set[int],
                       key: bytes = b"") -> tuple[int, str, bool]:
        return seat_to_claim(self._reserved(loaded), loaded.meta.players, req, taken, key)  # server.seating

    def watch_open_seats(self, req: pb.WatchOpenSeatsRequest) -> AsyncIterator[bytes]:
        """Serialized ``OpenSeatsBatch`` messages (server.feed): what is open now, then the changes."""
        return self.feed.watch(req)

    async def get_game(self, game_id: str) -> pb.GameSummary:
        return self._summary(await self._current(game_id))

    async def list_games(self, req: pb.ListGamesRequest) -> pb.ListGamesResponse:
        """One page of games, newest first (keyset paging: a token names the last game listed). A
        game not in memory is built in a worker thread, never on the event loop."""
        if req.limit < 0:
            raise HostError("INVALID_ARGUMENT", BAD_LIMIT, f"limit is 0 (the default) or more, not {req.limit}")
        limit = min(req.limit or LIST_PAGE_MAX, LIST_PAGE_MAX)
        after = _page_after(req) if req.page_token else None
        metas = await asyncio.to_thread(self.store.list_games, req.game_type, req.include_finished, limit + 1,
                                        after)
        out = pb.ListGamesResponse()
        for m in metas[:limit]:
            loaded = self._games.get(m.game_id)
            if loaded is None:
                try:
                    built = await asyncio.to_thread(self._build, m)
                except HostError:  # created before creation was one transaction, its records never written
                    continue
                loaded = self._games.setdefault(m.game_id, built)  # one loaded meanwhile (a command) wins
            out.games.append(self._summary(await self._current(m.game_id)))
        if len(metas) > limit:
            last = metas[limit - 1]
            out.next_page_token = _page_token(req, last.created_at_ms, last.game_id)
        return out

    async def get_view(self, req: pb.GetViewRequest, token: str | None) -> pb.GetViewResponse:
        loaded = await self._current(req.game_id)
        caller = self._caller(loaded, token)
        seat = caller.seat
        if req.HasField("at_seq"):
            if not (loaded.session.status().over or caller.operator):
                raise HostError("FAILED_PRECONDITION", NOT_FINISHED,
                                "views at a past seq are for finished games")
            if not 0 <= req.at_seq <= loaded.head_seq:
                raise HostError("INVALID_ARGUMENT", BAD_SEQ, f"seq must be in 0..{loaded.head_seq}")
            out = await self._past_view(loaded, seat, req.at_seq)
        else:
            view, seq, status_msg = loaded.session.view(seat), loaded.head_seq, self._status(loaded)
            out = pb.GetViewResponse(seat=-1 if seat is None else seat, seq=seq, status=status_msg,
                                     view=pb.GameView(**{loaded.wire.field: loaded.wire.view_to_proto(view)}))
        out.server_time_unix_ms = self.clock()
        return out

    async def _past_view(self, loaded: Loaded, seat: int | None, at_seq: int) -> pb.GetViewResponse:
        """The view just after record ``at_seq``: the log replayed up to it in a worker thread (a long
        game is tens of ms of replay), and kept in a small cache (the past never changes)."""
        key = (loaded.meta.game_id, at_seq, seat)
        hit = self._past_views.get(key)
        if hit is not None:
            self._past_views.move_to_end(key)
            return pb.GetViewResponse.FromString(hit)
        game, config, seed, wire, meta = loaded.game, loaded.session.config, loaded.meta.seed, loaded.wire, loaded.meta

        def replay() -> pb.GetViewResponse:
            past = Session.replay(game, config, seed, replay_items(
                wire, (pb.LogRecord.FromString(r.body) for r in self.store.read(meta.game_id, 0, at_seq))))
            status = self._status(Loaded(meta, game, past, at_seq, b""))
            return pb.GetViewResponse(seat=-1 if seat is None else seat, seq=at_seq, status=status,
                                      view=pb.GameView(**{wire.field: wire.view_to_proto(past.view(seat))}))

        response = await asyncio.to_thread(replay)
        self._past_views[key] = response.SerializeToString()
        while len(self._past_views) > PAST_VIEWS_CACHED:
            self._past_views.popitem(last=False)
        return response

    async def legal(self, game_id: str, token: str | None, with_words: bool = False) -> pb.ListLegalCommandsResponse:
        loaded = await self._current(game_id)
        seat = self._player(loaded, token)
        legal = loaded.session.legal(seat)
        commands = [pb.GameCommand(**{loaded.wire.field: loaded.wire.command_to_proto(c)}) for c in legal]
        words = legal_words(loaded.game, loaded.session.state, seat, legal) if with_words else []
        return pb.ListLegalCommandsResponse(commands=commands, head_seq=loaded.head_seq, words=words)

    async def sample_states(self, req: pb.SampleStatesRequest, token: str | None) -> pb.SampleStatesResponse:
        """States drawn for the caller's seat with ``sample_hidden`` (for search bots). Each shows
        the seat exactly its view; the draws use fresh randomness, never the game's seed."""
        count = req.count or 1
        if not 1 <= count <= MAX_SAMPLES:
            raise HostError("INVALID_ARGUMENT", BAD_COUNT, f"count must be in 1..{MAX_SAMPLES}, not {req.count}")
        loaded = await self._current(req.game_id)
        seat = self._player(loaded, token)
        game, head = loaded.game, loaded.head_seq
        state = decode_state(game, encode_state(loaded.session.state))  # a copy: commands may follow
        salt = secrets.token_bytes(16)

        def draw() -> list[bytes]:
            return [encode_state(game.sample_hidden(state, seat, Rng(salt, i))) for i in range(count)]

        states = await asyncio.to_thread(draw)
        return pb.SampleStatesResponse(head_seq=head, game_version=game.info.version, states=states)

    def _player(self, loaded: Loaded, token: str | None) -> int:
        if not token:
            raise HostError("UNAUTHENTICATED", TOKEN_REQUIRED,
                            "send your seat's token as 'authorization: Bearer <token>'")
        caller = self._caller(loaded, token)
        if caller.seat is None:
            raise HostError("PERMISSION_DENIED", OPERATOR_CANNOT_PLAY, "the operator token holds no seat")
        return caller.seat

    async def submit(self, req: pb.SubmitCommandRequest, token: str | None) -> pb.SubmitCommandResponse:
        loaded = self._load(req.game_id)
        seat = self._player(loaded, token)
        key = self._seat_key(loaded, seat)
        check_signature(req, seat, key)  # a signed seat's command: INVALID_SIGNATURE before anything is read
        return await self.submit_as(req, seat, pb.RECORD_AUTHOR_SIGNED if key else pb.RECORD_AUTHOR_SEAT)

    def _seat_key(self, loaded: Loaded, seat: int, rows: list[SeatRow] | None = None) -> bytes:
        """The public key of the player who claimed ``seat`` (b"": an anonymous seat, or unclaimed)."""
        key = loaded.keys.get(seat)
        if key is None:
            row = next((r for r in (rows if rows is not None else self.store.seats(loaded.meta.game_id))
                        if r.seat == seat), None)
            if row is None:
                return b""
            key = loaded.keys[seat] = self.identity.players.seat_key(row.token_hash) or b""
        return key

    async def submit_as(self, req: pb.SubmitCommandRequest, seat: int,
                        author: int = pb.RECORD_AUTHOR_SEAT) -> pb.SubmitCommandResponse:
        """A command of ``seat`` (its token and signature already checked, or a house seat's move)."""
        loaded = self._load(req.game_id)
        wire = loaded.wire
        signed = (req.command_bytes, req.signature) if author == pb.RECORD_AUTHOR_SIGNED else None
        if req.command_bytes:
            req = pb.SubmitCommandRequest(game_id=req.game_id, command=command_of(req), request_id=req.request_id,
                                          **({"expected_seq": req.expected_seq} if req.HasField("expected_seq") else {}))
        kind = req.command.WhichOneof("game")
        platform = kind == "platform"  # resign, draw, abort (engine.platform): any game, any seat
        if kind is None:  # no game field at all: a malformed command, not another game's
            raise HostError("INVALID_ARGUMENT", errors.MALFORMED_COMMAND,
                            f"the command is empty: set command.{wire.field} (or command.platform)")
        if kind != wire.field and not platform:
            raise HostError("INVALID_ARGUMENT", WRONG_GAME,
                            f"this is a {loaded.meta.game_type} game: set command.{wire.field} (or command.platform)"
                            + (f", not command.{kind}" if kind else ""))
        try:
            if platform:
                command = platform_command_from_proto(req.command.platform)
            else:
                command = wire.command_from_proto(getattr(req.command, wire.field))
        except (WireError, errors.RuleError) as exc:
            raise rule_error(exc) from None
        fingerprint = hashlib.sha256(req.command.SerializeToString(deterministic=True)).digest()
        await loaded.lock.acquire()
        applied = False     # the session in memory is ahead of the log from here on
        handed_off = False  # once the append is queued, the lock is released by _appended
        try:
            # one read (one round trip on PostgreSQL): the head, and the answer to an earlier attempt
            if self._async_reads:  # a network round trip: the loop serves others meanwhile
                head, earlier = await self.store.head_and_request_async(req.game_id, seat, req.request_id or None)
            else:
                head, earlier = self.store.head_and_request(req.game_id, seat, req.request_id or None)
            if earlier is not None:
                if earlier[0] != fingerprint:
                    raise HostError("INVALID_ARGUMENT", REQUEST_ID_REUSED,
                                    "this request id was used for another command")
                return pb.SubmitCommandResponse.FromString(earlier[1])
            loaded = self._refresh(loaded, head)
            if req.HasField("expected_seq") and req.expected_seq != loaded.head_seq:
                raise HostError("ABORTED", STALE_SEQ,
                                f"expected seq {req.expected_seq} but the game is at {loaded.head_seq}")
            session = loaded.session
            received = self.clock()
            late = pf.clock_due(session.platform, received)
            if late:
                self._spawn(self.expire_clocks([req.game_id]))
                raise HostError("FAILED_PRECONDITION", TIME_EXPIRED,
                                f"seat {late[0]}'s time has run out: the game ends on time")
            try:
                if platform:
                    platform_event = session.decide_platform(seat, command, received)
                else:
                    emitted = session.decide(seat, command)
            except errors.RuleError as exc:
                raise rule_error(exc) from None
            if not platform and session.is_talk(emitted):
                self._may_talk(loaded, seat, received)
            chain = loaded.chain()
            if platform:
                built = [chain.platform_command(platform_event_to_proto(platform_event), seat, req.command.platform,
                                                req.request_id, received, author, signed)]
                applied = True
                session.apply_platform(platform_event)  # in memory only, as below
            else:
                built = chain.game_events(wire, emitted, session.position, seat, command, req.request_id, received,
                                          author, signed)
                applied = True
                session.apply(emitted, seat)  # in memory only; readers wait for the lock (see _current)
                if not session.is_talk(emitted):  # table talk is not a move: no clock runs or stops
                    session.clock_settle(seat, received)
            status = self._status(loaded)
            if status.over:
                built.append(chain.platform(pb.PlatformEvent(
                    seed_revealed=pb.SeedRevealed(seed=loaded.meta.seed)), received))
            bodies = [body for _, body in built]
            response = pb.SubmitCommandResponse(first_seq=bodies[0].seq, head_seq=bodies[-1].seq, status=status,
                                                events=[for_seat(b, seat) for b in bodies])
            request = None
            if req.request_id:
                request = (seat, req.request_id, fingerprint, response.SerializeToString(deterministic=True))
            head_seq, head_hash = chain.next_seq - 1, chain.prev_hash
            snapshot = self._snapshot_due(loaded, head_seq, head_hash, status.over)
            pending = self.store.start_append(req.game_id, [r for r, _ in built], request, snapshot=snapshot,
                                              finished=status.over, inline=not self._busy(req.game_id))
            loop = asyncio.get_running_loop()
            waiter = loop.create_future()  # resolved by _appended, on the loop
            appended = _Appended(loaded, head_seq, head_hash, status.over, bodies, seat, waiter)
            inline = pending.done()  # committed on this thread (the store's writer was idle, or memory)
            handed_off = True
            if inline:
                self._appended(appended, pending)
            else:
                pending.add_done_callback(lambda _: loop.call_soon_threadsafe(self._appended, appended, pending))
        finally:
            if not handed_off:
                if applied:  # failed before its append was queued: the log never got these events
                    loaded.stale = True
                loaded.lock.release()
        # From here the lock is released by _appended, once the append has resolved, whether or not
        # this call still waits for it.
        try:
            await waiter
        except Conflict:
            raise HostError("ABORTED", LOST_RACE, "another command was appended first; retry on the new head") \
                from None
        except StoreUnavailable as exc:
            raise HostError("UNAVAILABLE", STORE_UNAVAILABLE,
                            f"{exc}; the command may or may not have been recorded: retry it with the same "
                            "request id") from None
        if inline and loaded.subscribers:
            # the streams were handed the records just now and this call never yielded since: let
            # them build and send their batches before this answer goes out (the other seat is
            # waiting for the move; the mover has its answer in hand either way)
            await asyncio.sleep(0)
        return response

    def _busy(self, game_id: str) -> bool:
        """Whether another game's command started its append less than ``BUSY_WINDOW_S`` ago: then
        this append goes to the store's writer thread, never committed on the event loop's thread.

        An append that finds the SQLite writer idle may commit on the caller's thread, which saves
        one command at a time two thread hand-offs (``GroupWriter._submit_or_commit``). But the loop
        does nothing else during that fsync: under load, the requests that arrive meanwhile find
        the writer idle again when it resumes and commit one by one, a sync each, instead of as one
        group while the loop works (grpc.aio hands the loop about one request per turn, so the
        loop's own queue cannot tell). Commands of one game never overlap (its lock), so a recent
        command of another game is the sign of concurrent load; one game played move by move,
        or a quiet server, keeps the inline commit. Measured in bench/README.md ("Group commit
        under load")."""
        now = time.monotonic()
        last_game, last_at = self._last_append
        if game_id != last_game:
            self._other_append = last_at
        self._last_append = (game_id, now)
        return now - self._other_append < BUSY_WINDOW_S

    def _may_talk(self, loaded: Loaded, seat: int, now: int) -> None:
        """Table talk is held to a pace (a token bucket per seat and game, in this process): up to
        ``talk_burst`` messages in a row, then ``talk_per_minute``. Beyond it the message is refused
        before anything is written; a seat that talks too fast cannot fill the log or the others'
        streams. Moves are never held to it."""
        burst, rate = self.config.talk_burst, self.config.talk_per_minute / 60_000
        left, since = loaded.talk.get(seat, (float(burst), now))
        left = min(float(burst), left + max(0, now - since) * rate)
        if left < 1:
            wait = (1 - left) / rate / 1000 if rate > 0 else float("inf")
            raise HostError("RESOURCE_EXHAUSTED", TALK_TOO_FAST,
                            f"seat {seat} talks too fast: at most {burst} messages in a row, then "
                            f"{self.config.talk_per_minute:g} a minute; wait {wait:.1f} s")
        loaded.talk[seat] = (left - 1, now)

    def _arm_clock(self, loaded: Loaded) -> None:
        """On a started host: wake at the earliest running clock's deadline to write its expiry (the
        maintenance round catches any game this misses, a reloaded one included)."""
        clock, loop = loaded.session.platform.clock, self._loop
        if clock is None or loop is None or self.closing or loaded.session.platform.result is not None:
            return
        deadlines = [d for x in range(len(clock.remaining_ms)) if (d := clock.deadline(x)) is not None]
        if deadlines:
            game_id = loaded.meta.game_id
            delay = max(0.0, (min(deadlines) - self.clock()) / 1000) + 0.005
            loop.call_later(delay, lambda: None if self.closing else self._spawn(self.expire_clocks([game_id])))

    async def expire_clocks(self, game_ids: list[str] | None = None) -> int:
        """Write a ClockExpired record for every loaded game (or those named) in which a seat's time
        has run out; returns how many. The maintenance round calls it; a command that arrives late
        is refused (TIME_EXPIRED) and calls it too. The record's time is when the server noticed."""
        done = 0
        for game_id in list(self._games) if game_ids is None else game_ids:
            loaded = self._games.get(game_id)
            if loaded is None or loaded.session.platform.clock is None or loaded.meta.finished:
                continue
            if not pf.clock_due(loaded.session.platform, self.clock()):
                continue
            async with loaded.lock:
                loaded = self._refresh(loaded)
                session, now = loaded.session, self.clock()
                due = pf.clock_due(session.platform, now)
                if not due or session.status().over:
                    continue
                seat = due[0]  # the first to run out
                event = session.decide_timeout(seat, now)
                chain = loaded.chain()
                built = [chain.platform(pb.PlatformEvent(clock_expired=platform_event_to_proto(event).clock_expired),
                                        now, pb.RECORD_AUTHOR_CLOCK),
                         chain.platform(pb.PlatformEvent(seed_revealed=pb.SeedRevealed(seed=loaded.meta.seed)), now)]
                try:
                    session.apply_platform(event)
                    head_seq, head_hash = chain.next_seq - 1, chain.prev_hash
                    snapshot = self._snapshot_due(loaded, head_seq, head_hash, True)
                    await asyncio.wrap_future(self.store.start_append(game_id, [r for r, _ in built], None,
                                                                      snapshot=snapshot, finished=True))
                except Exception:  # noqa: BLE001 - a lost race or the store down: rebuild, try next round
                    loaded.stale = True
                    log.warning("%s: writing a clock expiry failed; next round retries", game_id, exc_info=True)
                    continue
                loaded.head_seq, loaded.head_hash = head_seq, head_hash
                loaded.meta.finished = True
                self._publish(loaded, [body for _, body in built])
                done += 1
                self.clock_expiries += 1
        return done

    def _snapshot_due(self, loaded: Loaded, head_seq: int, head_hash: bytes, over: bool) -> Snapshot | None:
        """A snapshot of the state after this command, every ``snapshot_every`` records and at the end."""
        every = self.config.snapshot_every
        if over or (every > 0 and head_seq // every > loaded.head_seq // every):
            return Snapshot(head_seq, head_hash, version_of(loaded.game), loaded.session.position,
                            loaded.session.encode_snapshot())
        return None

    def _appended(self, appended: "_Appended", pending: Future) -> None:
        """Runs on the event loop once an append has resolved, whether or not its caller still waits:
        the game's new head and its records to the streams (the other seats' first), the game's lock
        released, then the caller woken; if the append failed, the game is rebuilt on next use."""
        loaded, waiter = appended.loaded, appended.waiter
        error = RuntimeError("the append was cancelled") if pending.cancelled() else pending.exception()
        if error is None:
            loaded.head_seq, loaded.head_hash = appended.head_seq, appended.head_hash
            if appended.over:
                loaded.meta.finished = True
            self._publish(loaded, appended.bodies, appended.seat)
            self._arm_clock(loaded)
            self.house.poke(loaded)
        else:
            loaded.stale = True  # its events are applied in memory but not in the log
        loaded.lock.release()
        if waiter.cancelled():  # nobody resumes after this append
            return
        if error is None:
            waiter.set_result(None)
        else:
            waiter.set_exception(error)

    async def stream(self, req: pb.StreamEventsRequest, token: str | None,
                     keepalive_s: float | None = None) -> AsyncIterator[bytes]:
        """Serialized ``EventBatch`` messages: the backlog from ``from_seq``, then one per append.
        ``keepalive_s``: after that long without a batch, one with no event at the head (as a
        stream's first one may be), so that proxies keep an idle HTTP stream open."""
        if self.closing:
            raise HostError("UNAVAILABLE", SHUTTING_DOWN, "this server is shutting down: open the stream on another")
        if req.from_seq < 0:
            raise HostError("INVALID_ARGUMENT", BAD_SEQ, f"from_seq is a seq (0 or more), not {req.from_seq}")
        loaded = await self._current(req.game_id)
        caller = self._caller(loaded, token)
        seat = caller.seat
        queue: asyncio.Queue = asyncio.Queue()
        queue.seat = seat  # type: ignore[attr-defined]  # the audience (_publish wakes the mover's last)
        subscribers = loaded.subscribers  # shared by every rebuild of this game
        subscribers.add(queue)
        waiter = Waiter(queue, keepalive_s)
        try:
            next_seq = req.from_seq
            # the stored records, unparsed: streams opened at the same head share one encoded batch
            # (_batch), and none keeps a parsed copy of the log while it waits (issue 35)
            backlog: list = self.store.read(req.game_id, next_seq)
            if not backlog:  # open with the current state, so a client resuming at head knows where it is
                yield self._batch(loaded, [], seat, req.with_words)[0] + self._sent_at()
                if loaded.meta.finished:
                    return
            while True:
                if backlog:  # settled, not refreshed: a stream follows this process's appends
                    loaded = await self._current(req.game_id, refresh=False)
                    data, ended = self._batch(loaded, backlog, seat, req.with_words)
                    next_seq = backlog[-1].seq + 1
                    backlog = []
                    yield data + self._sent_at()
                    del data  # nothing of the batch is held while the stream waits
                    if ended:
                        return
                elif loaded.meta.finished and next_seq > loaded.head_seq:
                    return
                bodies = await waiter.get()
                if bodies is IDLE:  # a keepalive: nothing happened, the game where it stands
                    yield self._batch(await self._current(req.game_id, refresh=False), [], seat, req.with_words)[0] + self._sent_at()
                    continue
                if bodies is None:
                    raise HostError("UNAVAILABLE", SHUTTING_DOWN, "this server is shutting down: resume the "
                                    f"stream from seq {next_seq} (from_seq={next_seq}) on another server")
                if bodies is TOO_SLOW:
                    raise HostError("RESOURCE_EXHAUSTED", STREAM_TOO_SLOW,
                                    f"this stream fell {failures.STREAM_QUEUE_MAX} batches behind the game: resume it "
                                    f"from seq {next_seq} (from_seq={next_seq}) and read it faster")
                backlog = [b for b in bodies if b.seq >= next_seq]
                if backlog and backlog[0].seq > next_seq:  # records this stream was not handed: from the log
                    backlog[:0] = [pb.LogRecord.FromString(r.body)
                                   for r in self.store.read(req.game_id, next_seq, backlog[0].seq - 1)]
        finally:
            waiter.close()
            subscribers.discard(queue)

    def _sent_at(self) -> bytes:
        """``EventBatch.server_time_unix_ms`` now, serialized: appended to a batch's cached bytes as it
        is sent (a field after the others parses as if it were in place), so every subscriber gets
        the time of its own send while the batch is still encoded once per audience."""
        return pb.EventBatch(server_time_unix_ms=self.clock()).SerializeToString()

    def _batch(self, loaded: Loaded, bodies: list, seat: int | None, with_words: bool = False) -> tuple[bytes, bool]:
        """The batch ``seat`` (None: a spectator) receives, serialized, and whether it ends the
        stream (the game is over and its last record, the platform's, is in it). ``bodies``: parsed
        records (``pb.LogRecord``, shared by every subscriber) or stored ones (``Record``), parsed
        only when the batch is not cached yet. ``with_words``: each record also in a sentence,
        made from the record as the seat receives it (server.words.record_words).

        Encoded once per audience and head: every subscriber of the same seat (or every spectator)
        woken by the same append gets the same bytes. The key holds everything the batch depends
        on: the audience, the head (view and status) and the records' range (a game's records
        never change).
        """
        if loaded.batches_at != loaded.head_seq:
            loaded.batches, loaded.batches_at = {}, loaded.head_seq
        key = (seat, loaded.head_seq, bodies[0].seq if bodies else -1, bodies[-1].seq if bodies else -1, with_words)
        hit = loaded.batches.get(key)
        if hit is None:
            status = self._status(loaded)
            wire = loaded.wire
            if bodies and isinstance(bodies[0], Record):
                bodies = [pb.LogRecord.FromString(r.body) for r in bodies]
            batch = pb.EventBatch(events=[for_seat(b, seat) for b in bodies], status=status, head_seq=loaded.head_seq,
                                  view={wire.field: wire.view_fields(loaded.session.view(seat))})
            if with_words:
                describe = event_describer(loaded.game)
                for record in batch.events:
                    record.words = record_words(loaded.game, wire, describe, record)
            ended = status.over and bool(bodies) and bodies[-1].event.WhichOneof("game") == "platform"
            hit = loaded.batches[key] = (batch.SerializeToString(), ended)
        return hit

    async def _exportable(self, req, token: str | None) -> tuple[int, bytes]:
        """The head to export up to, once the caller may export (a finished game, or the operator)."""
        if req.form not in export.FORMS:
            raise HostError("INVALID_ARGUMENT", export.BAD_EXPORT_FORM,
                            f"form {req.form} is no ExportForm: 0 both, 1 binary, 2 JSON lines")
        loaded = await self._current(req.game_id)
        caller = self._caller(loaded, token)
        if not loaded.session.status().over and not caller.operator:
            raise HostError("PERMISSION_DENIED", NOT_FINISHED,
                            "a game's log is exported once it is over (or with the operator token)")
        return loaded.head_seq, loaded.head_hash

    async def export(self, req: pb.ExportLogRequest | str, token: str | None) -> pb.ExportLogResponse:
        if isinstance(req, str):  # a game id: both forms
            req = pb.ExportLogRequest(game_id=req)
        head_seq, _ = await self._exportable(req, token)
        return export.whole(self.store.read(req.game_id, 0, head_seq), req.form)

    async def stream_export(self, req: pb.StreamExportLogRequest, token: str | None
                            ) -> AsyncIterator[pb.StreamExportLogResponse]:
        """The export in chunks of whole records (server.export); the loop serves others between them."""
        head = await self._exportable(req, token)
        for chunk in export.chunks(self.store, req.game_id, head, req.form):
            yield chunk
            await asyncio.sleep(0)
