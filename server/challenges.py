"""Challenges between players, and each player's own event stream (docs/PROTOCOL.md, "Challenges
and the player's stream"): what Lichess's ``/api/challenge`` and ``/api/stream/event`` are.

Every call is a player's: its bearer token is a ``Login`` session (server.identity). A challenge
names the challenged player, the game (type, players, options, clocks, rated) and the seat the
challenger wants; it waits ``CHALLENGE_MS`` for an answer. Accepted, its game is created with a
seat reserved for each of the two players' keys (``SeatReserved.player_key``): each claims its seat
with ``JoinGame`` and its session, no invite needed, and the claim's record holds its key.

The stream (``StreamPlayerEvents``) sends, on connecting, every open challenge to or from the
player (or a ``Keepalive`` if there is none: the first message comes at once), then each change of one, ``GameStarted`` when every seat of a game the player sits in is
claimed, ``GameFinished`` when it ends, and a ``Keepalive`` after ``keepalive_s`` with nothing
else. Bounded like the game streams: ``STREAM_QUEUE_MAX`` messages waiting and it ends with
``RESOURCE_EXHAUSTED / STREAM_TOO_SLOW`` (connect again: the open challenges come first).

Limits: at most ``OPEN_PER_PLAYER`` open challenges from one player (``TOO_MANY_CHALLENGES``), and
``CreateChallenge`` is held to the server's per-address pace (``--challenge-per-minute``).

Several processes: the challenges are in the store (``server.challengestore``), so any process
answers any of them, one answer each (a compare-and-set of its state). A process that changes one
notifies the others through the store's notifications, as a commit to a game does (a name
``NOTE`` + id and the new state in the place of a game id and seq); a process with a stream of
either player reads it and tells it. Accepted through another process, its game is followed here
(loaded and caught up like a streamed game, ``_Follower``) while a player streams here and it is
not over, so its SeatWaiting, GameStarted and GameFinished reach the streams here too. A stream's
first messages list the open challenges from the table; its seats waiting are the ones this
process knows of.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import OrderedDict
from typing import AsyncIterator

from carthago.v1 import carthago_pb2 as pb

from .challengestore import OPEN, ChallengeRow, challenges_for
from .failures import HostError
from .newgame import check_new_game

TOKEN_REQUIRED = "TOKEN_REQUIRED"
BAD_SEAT = "BAD_SEAT"
CHALLENGE_SELF = "CHALLENGE_SELF"            # INVALID_ARGUMENT: a challenge to yourself
NO_SUCH_CHALLENGE = "NO_SUCH_CHALLENGE"      # NOT_FOUND
NOT_YOUR_CHALLENGE = "NOT_YOUR_CHALLENGE"    # PERMISSION_DENIED: answering a challenge that is not to (or from) you
CHALLENGE_CLOSED = "CHALLENGE_CLOSED"        # FAILED_PRECONDITION: accepted, declined or expired already
TOO_MANY_CHALLENGES = "TOO_MANY_CHALLENGES"  # RESOURCE_EXHAUSTED: OPEN_PER_PLAYER open challenges from you
STREAM_TOO_SLOW = "STREAM_TOO_SLOW"

CHALLENGE_MS = 10 * 60_000    # an open challenge lapses after ten minutes
OPEN_PER_PLAYER = 20          # open challenges one player may have made at once
KEPT = 10_000                 # challenge states told and seats waiting remembered here (the oldest forgotten first)
NOTE = "@challenge:"          # a store notification's name for a challenge changed (no game id starts with "@")
STREAM_QUEUE_MAX = 256
_TOO_SLOW = object()
log = logging.getLogger("carthago.challenges")


class _Follower:
    """A game's subscriber that reads nothing: it keeps a game whose seat waits for a player streaming
    here (its challenge accepted on another process) loaded and caught up with the other processes'
    commits, so that its claims and its end reach :meth:`ChallengeHub.published`."""

    seat = None
    follower = True  # not a client's stream (server.metrics and the drain do not count it)

    def __init__(self, keys: set[bytes]) -> None:
        self.keys = keys

    def qsize(self) -> int:
        return 0

    def put_nowait(self, item) -> None:
        pass


def _parsed(row: ChallengeRow) -> pb.Challenge:
    return pb.Challenge.FromString(row.body)


def _state_name(ch: pb.Challenge) -> str:
    return pb.ChallengeState.Name(ch.state)[16:].lower()


class ChallengeHub:
    def __init__(self, host, keepalive_s: float = 30.0) -> None:
        self.host = host  # server.host.GameHost (not imported: it imports this module)
        self.keepalive_s = keepalive_s
        self.table = challenges_for(host.identity.players)  # shared by every process on the database
        self.notes = hasattr(host.store, "notify")  # other processes follow this one's changes (PostgreSQL)
        self.streams: dict[bytes, set[asyncio.Queue]] = {}  # player key -> its streams' queues
        self.seats_waiting: dict[str, dict[int, tuple[bytes, pb.SeatWaiting]]] = {}  # game -> seat -> (key, event)
        self.told: OrderedDict[str, int] = OrderedDict()  # challenge id -> the state this process last told
        self.followed: dict[str, _Follower] = {}  # game id -> its follower (a challenge accepted elsewhere)

    # ---- the calls ------------------------------------------------------------------------
    async def _me(self, token: str | None):
        if not token:
            raise HostError("UNAUTHENTICATED", TOKEN_REQUIRED,
                            "send your Login session token as 'authorization: Bearer <token>'")
        return await asyncio.to_thread(self.host.identity.session_player, token)

    async def _changed(self, ch: pb.Challenge, keys: tuple[bytes, bytes]) -> None:
        """A challenge new or changed (committed to the table): to both players' streams here, and
        to the other processes (which read it from the table)."""
        self._remember(ch)
        self._tell(ch, keys)
        if self.notes:
            await asyncio.to_thread(self.host.store.notify, NOTE + ch.challenge_id, ch.state)

    def _remember(self, ch: pb.Challenge) -> None:
        self.told[ch.challenge_id] = ch.state
        self.told.move_to_end(ch.challenge_id)
        while len(self.told) > KEPT:
            self.told.popitem(last=False)

    async def _settle(self, row: ChallengeRow) -> pb.Challenge:
        """The challenge of ``row``, EXPIRED (in the table, and told) if it lapsed open."""
        ch = _parsed(row)
        if ch.state == pb.CHALLENGE_STATE_OPEN and self.host.clock() >= ch.expires_at_unix_ms:
            ch.state = pb.CHALLENGE_STATE_EXPIRED
            if await asyncio.to_thread(self.table.set, ch.challenge_id, OPEN, ch.state, ch.SerializeToString()):
                await self._changed(ch, (row.challenger_key, row.challenged_key))
            else:  # answered meanwhile, through another process
                return await self._find(ch.challenge_id)
        return ch

    async def _find(self, challenge_id: str) -> pb.Challenge:
        row = await asyncio.to_thread(self.table.get, challenge_id) if challenge_id else None
        if row is None:
            raise HostError("NOT_FOUND", NO_SUCH_CHALLENGE, "no challenge with this id on this server")
        return await self._settle(row)

    def _open(self, ch: pb.Challenge) -> None:
        if ch.state != pb.CHALLENGE_STATE_OPEN:
            raise HostError("FAILED_PRECONDITION", CHALLENGE_CLOSED, f"this challenge is {_state_name(ch)} already")

    async def _answer(self, ch: pb.Challenge, to: pb.Challenge) -> None:
        """OPEN to ``to``'s state, or CHALLENGE_CLOSED if another answer (on any process) came first."""
        if not await asyncio.to_thread(self.table.set, ch.challenge_id, OPEN, to.state, to.SerializeToString()):
            self._open(await self._find(ch.challenge_id))  # raises: it is closed
            raise HostError("FAILED_PRECONDITION", CHALLENGE_CLOSED, "this challenge was answered meanwhile")

    async def create(self, req: pb.CreateChallengeRequest, token: str | None) -> pb.CreateChallengeResponse:
        me = await self._me(token)
        if req.challenged == me.name:
            raise HostError("INVALID_ARGUMENT", CHALLENGE_SELF, "a challenge is to another player")
        them = await asyncio.to_thread(self.host.identity.get_player, pb.GetPlayerRequest(name=req.challenged))
        probe = pb.CreateGameRequest(game_type=req.game_type, players=req.players, options=req.options,
                                     rated=req.rated)
        if req.HasField("time_control"):
            probe.time_control.CopyFrom(req.time_control)
        _, players, _, _, _ = await asyncio.to_thread(check_new_game, probe, bytes(32))  # its refusals, now
        if not 0 <= req.challenger_seat < players:
            raise HostError("INVALID_ARGUMENT", BAD_SEAT, f"seats are 0..{players - 1}, not {req.challenger_seat}")
        now = self.host.clock()
        ch = pb.Challenge(challenge_id=secrets.token_urlsafe(12), challenger=me.name, challenged=them.name,
                          game_type=req.game_type, players=players, options=req.options, rated=req.rated,
                          challenger_seat=req.challenger_seat,
                          challenged_seat=next(s for s in range(players) if s != req.challenger_seat),
                          created_at_unix_ms=now, expires_at_unix_ms=now + CHALLENGE_MS,
                          state=pb.CHALLENGE_STATE_OPEN)
        if req.HasField("time_control"):
            ch.time_control.CopyFrom(req.time_control)
        row = ChallengeRow(ch.challenge_id, me.public_key, them.public_key, ch.state, now, ch.expires_at_unix_ms,
                           ch.SerializeToString())
        if not await asyncio.to_thread(self.table.add, row, OPEN_PER_PLAYER, now):
            raise HostError("RESOURCE_EXHAUSTED", TOO_MANY_CHALLENGES,
                            f"you have {OPEN_PER_PLAYER} open challenges: wait for their answers (or withdraw some)")
        await self._changed(ch, (me.public_key, them.public_key))
        return pb.CreateChallengeResponse(challenge=ch)

    async def accept(self, req: pb.AcceptChallengeRequest, token: str | None) -> pb.AcceptChallengeResponse:
        me = await self._me(token)
        ch = await self._find(req.challenge_id)
        if ch.challenged != me.name:
            raise HostError("PERMISSION_DENIED", NOT_YOUR_CHALLENGE, "this challenge is to another player")
        self._open(ch)
        row = await asyncio.to_thread(self.table.get, ch.challenge_id)
        taken = pb.Challenge()
        taken.CopyFrom(ch)
        taken.state = pb.CHALLENGE_STATE_ACCEPTED
        await self._answer(ch, taken)  # one answer per challenge, whichever process it comes through
        create = pb.CreateGameRequest(
            game_type=ch.game_type, players=ch.players, options=ch.options, rated=ch.rated,
            reserved_seats=[pb.ReserveSeat(seat=ch.challenger_seat, player=ch.challenger, player_key=row.challenger_key),
                            pb.ReserveSeat(seat=ch.challenged_seat, player=ch.challenged, player_key=row.challenged_key)])
        if ch.HasField("time_control"):
            create.time_control.CopyFrom(ch.time_control)
        try:
            made = await self.host.create_game(create)
        except BaseException:  # no game: the challenge is open again, as it was
            await asyncio.to_thread(self.table.set, ch.challenge_id, pb.CHALLENGE_STATE_ACCEPTED, OPEN,
                                    ch.SerializeToString())
            raise
        taken.game_id = made.game.game_id
        await asyncio.to_thread(self.table.set, ch.challenge_id, taken.state, taken.state, taken.SerializeToString())
        await self._changed(taken, (row.challenger_key, row.challenged_key))
        return pb.AcceptChallengeResponse(challenge=taken, game=made.game)

    async def decline(self, req: pb.DeclineChallengeRequest, token: str | None) -> pb.DeclineChallengeResponse:
        me = await self._me(token)
        ch = await self._find(req.challenge_id)
        if me.name not in (ch.challenged, ch.challenger):
            raise HostError("PERMISSION_DENIED", NOT_YOUR_CHALLENGE, "this challenge is neither to nor from you")
        self._open(ch)
        row = await asyncio.to_thread(self.table.get, ch.challenge_id)
        declined = pb.Challenge()
        declined.CopyFrom(ch)
        declined.state, declined.decline_reason = pb.CHALLENGE_STATE_DECLINED, req.reason[:200]
        await self._answer(ch, declined)
        await self._changed(declined, (row.challenger_key, row.challenged_key))
        return pb.DeclineChallengeResponse(challenge=declined)

    # ---- other processes' changes ------------------------------------------------------------
    def noted(self, challenge_id: str, state: int) -> None:
        """(On the loop.) A process changed a challenge (``server.pgstore`` notified it): unless this
        process told that state already, read it and tell the streams here that it concerns."""
        if self.told.get(challenge_id) != state and self.streams and not self.host.closing:
            self.host._spawn(self._learn(challenge_id))

    def rescan(self) -> None:
        """(On the loop.) Notifications may have been missed: the open challenges of every player
        streaming here, read again; those changed since this process last told them, told."""
        if self.streams and not self.host.closing:
            self.host._spawn(self._rescan())

    async def _rescan(self) -> None:
        for key in list(self.streams):
            try:
                rows = await asyncio.to_thread(self.table.open_of, key)
            except Exception:  # noqa: BLE001 - the store down: the next reconnection reads again
                log.warning("reading the open challenges again failed", exc_info=True)
                return
            for row in rows:
                if self.told.get(row.challenge_id) != row.state:
                    self._remember(_parsed(row))
                    self._tell(_parsed(row), (row.challenger_key, row.challenged_key))

    async def _learn(self, challenge_id: str) -> None:
        try:
            row = await asyncio.to_thread(self.table.get, challenge_id)
        except Exception:  # noqa: BLE001 - the store down: the stream's next connection lists it
            log.warning("reading challenge %s failed", challenge_id, exc_info=True)
            return
        if row is None or self.told.get(challenge_id) == row.state:
            return
        ch = _parsed(row)
        if ch.state == pb.CHALLENGE_STATE_ACCEPTED and not ch.game_id:  # its game being made: its own note follows
            return
        self._remember(ch)
        self._tell(ch, (row.challenger_key, row.challenged_key))
        if ch.state == pb.CHALLENGE_STATE_ACCEPTED and ch.game_id:
            seats = {row.challenger_key: ch.challenger_seat, row.challenged_key: ch.challenged_seat}
            here = {key: seat for key, seat in seats.items() if key in self.streams}
            if here:
                await self._follow(ch.game_id, ch.game_type, here)

    async def _follow(self, game_id: str, game_type: str, seats: dict[bytes, int]) -> None:
        """A game created on another process with seats for players streaming here: they hear of
        their seats (SeatWaiting) now, and of the game's start and end as its records come."""
        try:
            loaded = await self.host._current(game_id)
            if loaded.meta.finished:
                return
            self._add_follower(loaded, set(seats))  # from this head on, its records reach published()
            rows = await asyncio.to_thread(self.host.store.seats, game_id)
        except Exception:  # noqa: BLE001 - the store down: the challenge was told, its game can be read
            log.warning("following game %s failed", game_id, exc_info=True)
            return
        claimed = {r.seat for r in rows}
        waiting = {seat: key for key, seat in seats.items() if seat not in claimed}
        if waiting:
            self.waiting(game_id, game_type, waiting)
        if len(claimed) == loaded.meta.players:  # started before this process heard of it
            for key, seat in seats.items():
                self._send(key, pb.PlayerEvent(game_started=pb.GameStarted(game_id=game_id, game_type=game_type,
                                                                           seat=seat)))

    def _add_follower(self, loaded, keys: set[bytes]) -> None:
        follower = self.followed.get(loaded.meta.game_id)
        if follower is None:
            follower = self.followed[loaded.meta.game_id] = _Follower(set())
            loaded.subscribers.add(follower)
        follower.keys |= keys

    # ---- the stream -----------------------------------------------------------------------
    def _send(self, key: bytes, event: pb.PlayerEvent) -> None:
        for queue in list(self.streams.get(key, ())):
            if queue.qsize() >= STREAM_QUEUE_MAX:
                self.streams[key].discard(queue)
                while not queue.empty():
                    queue.get_nowait()
                queue.put_nowait(_TOO_SLOW)
            else:
                queue.put_nowait(event)

    def _tell(self, ch: pb.Challenge, keys: tuple[bytes, bytes]) -> None:
        """A challenge new or changed, to both players' streams here."""
        for key in keys:
            self._send(key, pb.PlayerEvent(challenge=ch))

    async def stream(self, req: pb.StreamPlayerEventsRequest, token: str | None) -> AsyncIterator[pb.PlayerEvent]:
        me = await self._me(token)
        queue: asyncio.Queue = asyncio.Queue()
        self.streams.setdefault(me.public_key, set()).add(queue)
        try:
            listed = False
            for row in await asyncio.to_thread(self.table.open_of, me.public_key):
                ch = await self._settle(row)
                if ch.state == pb.CHALLENGE_STATE_OPEN:
                    listed = True
                    yield self._stamped(pb.PlayerEvent(challenge=ch))
            for seats in list(self.seats_waiting.values()):
                for key, waiting in list(seats.values()):
                    if key == me.public_key:
                        listed = True
                        yield self._stamped(pb.PlayerEvent(seat_waiting=waiting))
            if not listed:  # the first message comes at once: from here on, nothing of yours is missed
                yield self._stamped(pb.PlayerEvent(keepalive=pb.Keepalive()))
            while True:
                try:
                    event = await asyncio.wait_for(queue.get(), self.keepalive_s)
                except asyncio.TimeoutError:
                    event = pb.PlayerEvent(keepalive=pb.Keepalive())
                if event is _TOO_SLOW:
                    raise HostError("RESOURCE_EXHAUSTED", STREAM_TOO_SLOW,
                                    f"your stream fell {STREAM_QUEUE_MAX} messages behind: connect again")
                yield self._stamped(event)
        finally:
            mine = self.streams.get(me.public_key, set())
            mine.discard(queue)
            if not mine:
                self.streams.pop(me.public_key, None)
                self._unfollow()

    def _unfollow(self) -> None:
        """The games followed for players no longer streaming here are followed no more (they may
        leave memory again)."""
        for game_id, follower in list(self.followed.items()):
            if not follower.keys & self.streams.keys():
                self.followed.pop(game_id, None)
                loaded = self.host._games.get(game_id)
                if loaded is not None:
                    loaded.subscribers.discard(follower)

    def _stamped(self, event: pb.PlayerEvent) -> pb.PlayerEvent:
        out = pb.PlayerEvent()
        out.CopyFrom(event)
        out.server_time_unix_ms = self.host.clock()
        return out

    # ---- a game's records, as the host publishes them ----------------------------------------
    def waiting(self, game_id: str, game_type: str, keys: dict[int, bytes], loaded=None) -> None:
        """A new game with seats reserved for players' keys: each player's streams hear of its seat
        (and its streams opened later, until the seat is claimed). With other processes (``notes``)
        and ``loaded`` (the game, created here), it is followed while a player of it streams here:
        a seat claimed through another process reaches the streams here too."""
        if not keys:
            return
        seats = self.seats_waiting.setdefault(game_id, {})
        for seat, key in sorted(keys.items()):
            event = pb.SeatWaiting(game_id=game_id, game_type=game_type, seat=seat)
            seats[seat] = (key, event)
            self._send(key, pb.PlayerEvent(seat_waiting=event))
        while len(self.seats_waiting) > KEPT:
            self.seats_waiting.pop(next(iter(self.seats_waiting)))
        here = {key for key in keys.values() if key in self.streams}
        if self.notes and loaded is not None and here:
            self._add_follower(loaded, here)

    def published(self, loaded, bodies: list[pb.LogRecord]) -> None:
        """``GameStarted`` once a claim fills a game's last seat, ``GameFinished`` at its end, to the
        streams of the players seated in it (cheap when no player's stream is open)."""
        waiting = self.seats_waiting.get(loaded.meta.game_id)
        if waiting is not None:  # a seat kept for a key, claimed (by its player, or by its invite), or the game over
            for b in bodies:
                if b.event.WhichOneof("game") == "platform" and b.event.platform.WhichOneof("kind") == "seat_claimed":
                    waiting.pop(b.event.platform.seat_claimed.seat, None)
                if b.event.WhichOneof("game") == "platform" and b.event.platform.WhichOneof("kind") == "seed_revealed":
                    waiting.clear()
            if not waiting:
                self.seats_waiting.pop(loaded.meta.game_id, None)
        kinds = {b.event.platform.WhichOneof("kind") for b in bodies if b.event.WhichOneof("game") == "platform"}
        follower = self.followed.get(loaded.meta.game_id)
        if follower is not None and ("seed_revealed" in kinds or not follower.keys & self.streams.keys()):
            loaded.subscribers.discard(follower)  # over, or nobody here follows it any more
            self.followed.pop(loaded.meta.game_id, None)
        if not self.streams:
            return
        if not kinds & {"seat_claimed", "seed_revealed"}:
            return
        rows = self.host.store.seats(loaded.meta.game_id)
        keys = {r.seat: self.host._seat_key(loaded, r.seat, rows) for r in rows}
        if "seed_revealed" in kinds:
            status = self.host._status(loaded)
            for seat, key in keys.items():
                if key:
                    self._send(key, pb.PlayerEvent(game_finished=pb.GameFinished(
                        game_id=loaded.meta.game_id, seat=seat, status=status)))
        elif len(rows) == loaded.meta.players:
            for seat, key in keys.items():
                if key:
                    self._send(key, pb.PlayerEvent(game_started=pb.GameStarted(
                        game_id=loaded.meta.game_id, game_type=loaded.meta.game_type, seat=seat)))
