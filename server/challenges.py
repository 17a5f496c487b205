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
``CreateChallenge`` is held to the server's per-address pace (``--challenge-per-minute``). The
challenges and the streams live in this server process (several processes: a challenge is
answered on the process that holds it; its games are in the shared store as any game).
"""

from __future__ import annotations

import asyncio
import secrets
from typing import AsyncIterator

from carthago.v1 import carthago_pb2 as pb

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
KEPT = 10_000                 # closed challenges remembered (the oldest forgotten first)
STREAM_QUEUE_MAX = 256
_TOO_SLOW = object()


class ChallengeHub:
    def __init__(self, host, keepalive_s: float = 30.0) -> None:
        self.host = host  # server.host.GameHost (not imported: it imports this module)
        self.keepalive_s = keepalive_s
        self.challenges: dict[str, pb.Challenge] = {}
        self.keys: dict[str, tuple[bytes, bytes]] = {}  # challenge id -> (challenger's key, challenged's key)
        self.streams: dict[bytes, set[asyncio.Queue]] = {}  # player key -> its streams' queues
        self.seats_waiting: dict[str, dict[int, tuple[bytes, pb.SeatWaiting]]] = {}  # game -> seat -> (key, event)
        self.lock = asyncio.Lock()

    # ---- the calls ------------------------------------------------------------------------
    async def _me(self, token: str | None):
        if not token:
            raise HostError("UNAUTHENTICATED", TOKEN_REQUIRED,
                            "send your Login session token as 'authorization: Bearer <token>'")
        return await asyncio.to_thread(self.host.identity.session_player, token)

    def _expire(self, ch: pb.Challenge) -> None:
        if ch.state == pb.CHALLENGE_STATE_OPEN and self.host.clock() >= ch.expires_at_unix_ms:
            ch.state = pb.CHALLENGE_STATE_EXPIRED
            self._tell(ch)

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
        for ch in list(self.challenges.values()):
            self._expire(ch)
        if sum(1 for c in self.challenges.values()
               if c.challenger == me.name and c.state == pb.CHALLENGE_STATE_OPEN) >= OPEN_PER_PLAYER:
            raise HostError("RESOURCE_EXHAUSTED", TOO_MANY_CHALLENGES,
                            f"you have {OPEN_PER_PLAYER} open challenges: wait for their answers (or withdraw some)")
        now = self.host.clock()
        ch = pb.Challenge(challenge_id=secrets.token_urlsafe(12), challenger=me.name, challenged=them.name,
                          game_type=req.game_type, players=players, options=req.options, rated=req.rated,
                          challenger_seat=req.challenger_seat,
                          challenged_seat=next(s for s in range(players) if s != req.challenger_seat),
                          created_at_unix_ms=now, expires_at_unix_ms=now + CHALLENGE_MS,
                          state=pb.CHALLENGE_STATE_OPEN)
        if req.HasField("time_control"):
            ch.time_control.CopyFrom(req.time_control)
        self.challenges[ch.challenge_id] = ch
        self.keys[ch.challenge_id] = (me.public_key, them.public_key)
        while len(self.challenges) > KEPT:  # the oldest first (dicts keep their order)
            oldest = next(iter(self.challenges))
            self.challenges.pop(oldest)
            self.keys.pop(oldest, None)
        self._tell(ch)
        return pb.CreateChallengeResponse(challenge=ch)

    def _find(self, challenge_id: str) -> pb.Challenge:
        ch = self.challenges.get(challenge_id)
        if ch is None:
            raise HostError("NOT_FOUND", NO_SUCH_CHALLENGE, "no challenge with this id on this server")
        self._expire(ch)
        return ch

    def _open(self, ch: pb.Challenge) -> None:
        if ch.state != pb.CHALLENGE_STATE_OPEN:
            raise HostError("FAILED_PRECONDITION", CHALLENGE_CLOSED,
                            f"this challenge is {pb.ChallengeState.Name(ch.state)[16:].lower()} already")

    async def accept(self, req: pb.AcceptChallengeRequest, token: str | None) -> pb.AcceptChallengeResponse:
        me = await self._me(token)
        async with self.lock:  # one answer per challenge
            ch = self._find(req.challenge_id)
            if ch.challenged != me.name:
                raise HostError("PERMISSION_DENIED", NOT_YOUR_CHALLENGE, "this challenge is to another player")
            self._open(ch)
            theirs, mine = self.keys[ch.challenge_id]
            create = pb.CreateGameRequest(
                game_type=ch.game_type, players=ch.players, options=ch.options, rated=ch.rated,
                reserved_seats=[pb.ReserveSeat(seat=ch.challenger_seat, player=ch.challenger, player_key=theirs),
                                pb.ReserveSeat(seat=ch.challenged_seat, player=ch.challenged, player_key=mine)])
            if ch.HasField("time_control"):
                create.time_control.CopyFrom(ch.time_control)
            made = await self.host.create_game(create)
            ch.state, ch.game_id = pb.CHALLENGE_STATE_ACCEPTED, made.game.game_id
        self._tell(ch)
        return pb.AcceptChallengeResponse(challenge=ch, game=made.game)

    async def decline(self, req: pb.DeclineChallengeRequest, token: str | None) -> pb.DeclineChallengeResponse:
        me = await self._me(token)
        async with self.lock:
            ch = self._find(req.challenge_id)
            if me.name not in (ch.challenged, ch.challenger):
                raise HostError("PERMISSION_DENIED", NOT_YOUR_CHALLENGE, "this challenge is neither to nor from you")
            self._open(ch)
            ch.state, ch.decline_reason = pb.CHALLENGE_STATE_DECLINED, req.reason[:200]
        self._tell(ch)
        return pb.DeclineChallengeResponse(challenge=ch)

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

    def _tell(self, ch: pb.Challenge) -> None:
        """A challenge new or changed, to both players' streams."""
        for key in self.keys.get(ch.challenge_id, ()):
            self._send(key, pb.PlayerEvent(challenge=ch))

    async def stream(self, req: pb.StreamPlayerEventsRequest, token: str | None) -> AsyncIterator[pb.PlayerEvent]:
        me = await self._me(token)
        queue: asyncio.Queue = asyncio.Queue()
        self.streams.setdefault(me.public_key, set()).add(queue)
        try:
            listed = False
            for ch in list(self.challenges.values()):
                self._expire(ch)
                if ch.state == pb.CHALLENGE_STATE_OPEN and me.public_key in self.keys[ch.challenge_id]:
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

    def _stamped(self, event: pb.PlayerEvent) -> pb.PlayerEvent:
        out = pb.PlayerEvent()
        out.CopyFrom(event)
        out.server_time_unix_ms = self.host.clock()
        return out

    # ---- a game's records, as the host publishes them ----------------------------------------
    def waiting(self, game_id: str, game_type: str, keys: dict[int, bytes]) -> None:
        """A new game with seats reserved for players' keys: each player's streams hear of its seat
        (and its streams opened later, until the seat is claimed)."""
        if not keys:
            return
        seats = self.seats_waiting.setdefault(game_id, {})
        for seat, key in sorted(keys.items()):
            event = pb.SeatWaiting(game_id=game_id, game_type=game_type, seat=seat)
            seats[seat] = (key, event)
            self._send(key, pb.PlayerEvent(seat_waiting=event))
        while len(self.seats_waiting) > KEPT:
            self.seats_waiting.pop(next(iter(self.seats_waiting)))

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
        if not self.streams:
            return
        kinds = {b.event.platform.WhichOneof("kind") for b in bodies if b.event.WhichOneof("game") == "platform"}
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
