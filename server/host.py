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

Its parts, each a base class of :class:`GameHost` in a module of its own: the games in memory and
their catching up (``server.hostgames``), creating a game and claiming its seats
(``server.hostseats``), the answers that write nothing (``server.hostreads``), and the streams,
feeds and exports fed from each commit (``server.hoststreams``). This module holds the host's
configuration, its life cycle (start, maintenance, the drain) and the commands: deciding, appending
and what follows an append. A game in memory is a :class:`server.loaded.Loaded`; the refusal codes
are ``server.failures``'.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections import OrderedDict
from concurrent.futures import Future
from typing import Callable

import msgspec

from carthago.v1 import carthago_pb2 as pb
from engine import errors
from engine import platform as pf
from engine.platform import (ABORT_TOO_LATE, ALREADY_ACCEPTED, DRAW_ALREADY_OFFERED,  # noqa: F401 - codes of
                             NO_DRAW_OFFERED, OWN_DRAW_OFFER, SEAT_OUT)               # the protocol guide
from search.parallel import cores

from .challenges import ChallengeHub
from .failures import (LOST_RACE, REQUEST_ID_REUSED, STALE_SEQ, STORE_UNAVAILABLE, TALK_TOO_FAST, TIME_EXPIRED,
                       WRONG_GAME, HostError)
from .feed import OpenSeats
from .hostgames import GameCache
from .hostreads import Reads
from .hostseats import Seats
from .hoststreams import Streams
from .house import HouseBots
from .identity import Identity, check_signature, command_of, new_secret
from .leaderboard import Leaderboard
from .loaded import Loaded
from .log import for_seat, platform_command_from_proto, platform_event_to_proto, version_of
from .newgame import rule_error
from .playerstore import players_for
from .rates import PeerRates
from .store import Conflict, Snapshot, Store, StoreUnavailable
from .wire import WireError

log = logging.getLogger("carthago.host")


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


BUSY_WINDOW_S = 0.005  # another game's append this recent: the server is under concurrent load (GameHost._busy)


def now_ms() -> int:
    return time.time_ns() // 1_000_000


class _Appended:
    """A command whose append is in flight: what to do once it has resolved."""

    __slots__ = ("loaded", "head_seq", "head_hash", "over", "bodies", "seat", "waiter")

    def __init__(self, loaded: Loaded, head_seq: int, head_hash: bytes, over: bool,
                 bodies: list[pb.LogRecord], seat: int, waiter: asyncio.Future) -> None:
        self.loaded, self.head_seq, self.head_hash, self.over, self.bodies = loaded, head_seq, head_hash, over, bodies
        self.seat = seat        # the mover: its own streams are fed after the other seats'
        self.waiter = waiter    # what the caller awaits (cancelled if the caller was)


class GameHost(GameCache, Seats, Reads, Streams):
    """The application logic behind every RPC, on protobuf messages (see the module's docstring)."""

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
        self.leaderboard = Leaderboard(store, self.identity.players, self.clock)  # ListPlayers (server.leaderboard)
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

    # ---- commands --------------------------------------------------------
    async def submit(self, req: pb.SubmitCommandRequest, token: str | None) -> pb.SubmitCommandResponse:
        loaded = self._load(req.game_id)
        seat = self._player(loaded, token)
        key = self._seat_key(loaded, seat)
        check_signature(req, seat, key)  # a signed seat's command: INVALID_SIGNATURE before anything is read
        return await self.submit_as(req, seat, pb.RECORD_AUTHOR_SIGNED if key else pb.RECORD_AUTHOR_SEAT)

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
