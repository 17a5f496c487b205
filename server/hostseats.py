"""Creating a game and claiming its seats: ``CreateGame`` (its first records and house seats in one
transaction), ``JoinGame`` (a seat claimed as a record of the log, under the game's lock),
``SeatHouseBot``; and who a token is (a seat, the operator) and which key holds a seat.

Part of :class:`server.host.GameHost` (a base class of it). The checks themselves are
``server.newgame``'s (a new game's type, options, clocks) and ``server.seating``'s (which seat)."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import os
import secrets
from typing import Callable

from carthago.v1 import carthago_pb2 as pb
from engine import errors

from .failures import (CLIENT_SEED_NOT_ALLOWED, INVALID_TOKEN, LOST_RACE, NOT_THE_CREATOR, OPERATOR_CANNOT_PLAY,
                       SHUTTING_DOWN, TOKEN_REQUIRED, HostError)
from .house import house_bots, house_token_hash
from .identity import new_secret, token_hash
from .loaded import Caller, Loaded
from .log import Chain, created_markers, version_of
from .newgame import check_new_game, game_type
from .observe import note_caller
from .seating import BAD_SEAT, PLAYER_REQUIRED, SEAT_TAKEN, check_house, reservations_of, seat_to_claim
from .store import Conflict, GameMeta, SeatRow
from .wire import wire_for


class Seats:
    """The seats of the host's games. Uses the host's ``store``, ``config``, ``clock``, ``identity``,
    ``house``, ``challenges``, ``closing``, ``_games``, ``_current``, ``_refresh``, ``_publish``,
    ``_feed_update``, ``_summary`` and ``_arm_clock``."""

    # ---- a new game, its seats ---------------------------------------------
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
        self.challenges.waiting(game_id, game.info.id, {s: k for s, k in keys.items() if k}, loaded)  # players' streams
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

    # ---- who calls -------------------------------------------------------
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

    def _player(self, loaded: Loaded, token: str | None) -> int:
        if not token:
            raise HostError("UNAUTHENTICATED", TOKEN_REQUIRED,
                            "send your seat's token as 'authorization: Bearer <token>'")
        caller = self._caller(loaded, token)
        if caller.seat is None:
            raise HostError("PERMISSION_DENIED", OPERATOR_CANNOT_PLAY, "the operator token holds no seat")
        return caller.seat

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
