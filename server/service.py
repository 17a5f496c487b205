"""The service's methods, one per RPC, whatever the transport: ``server.app`` registers them with
grpc.aio and ``server.http`` serves them to browsers (Connect, gRPC-Web), so both call the very same
``GameHost``. Also what both transports check alike before a method runs: the bearer token's form
and the caller's rate."""

from __future__ import annotations

import asyncio

from carthago.v1 import carthago_pb2 as pb

from . import observe
from .failures import MALFORMED_AUTHORIZATION, HostError
from .gamedata import get_game_data
from .host import GameHost
from .rates import RATE_LIMITED, RateLimited, peer_address

SERVICE = "carthago.v1.GameService"
MAX_MESSAGE_BYTES = 1 << 20  # larger requests get RESOURCE_EXHAUSTED from the transport


def bearer(values: list[str]) -> str | None:
    """The token of a call's ``authorization`` values (gRPC metadata or HTTP headers), None without
    any. Exactly one ``Bearer <token>`` (the scheme's case is free, RFC 7235); anything else is
    refused rather than guessed at, on every transport alike."""
    if not values:
        return None
    scheme, _, token = values[0].partition(" ")
    if len(values) > 1 or scheme.lower() != "bearer" or not token.strip() or " " in token.strip():
        raise HostError("UNAUTHENTICATED", MALFORMED_AUTHORIZATION,
                        "send the token as one 'authorization: Bearer <token>' metadata entry")
    return token.strip()


def limit_rate(host: GameHost, method: str, peer: str | None) -> None:
    """RESOURCE_EXHAUSTED / RATE_LIMITED when ``peer`` (gRPC's ``context.peer()`` or an HTTP
    client's address) calls ``method`` beyond its rate (server.rates), before anything is read."""
    try:
        host.rates.check(method, peer_address(peer))
    except RateLimited as exc:
        raise HostError("RESOURCE_EXHAUSTED", RATE_LIMITED, exc.message) from None


class Servicer:
    """One method per RPC; each takes the parsed request and the caller's token. ``keepalive_s``:
    how long a StreamEvents stream may stay silent before a batch with no event is sent (HTTP;
    gRPC pings its connections instead, KEEPALIVE)."""

    def __init__(self, host: GameHost, keepalive_s: float | None = None) -> None:
        self.host = host
        observe.of(host).instrument(self, pb.DESCRIPTOR.services_by_name["GameService"].methods)  # logs, metrics
        self.keepalive_s = keepalive_s

    async def ListGameTypes(self, req, token):
        return self.host.list_game_types(req.language)

    async def CreateGame(self, req, token):
        return await self.host.create_game(req)

    async def JoinGame(self, req, token):
        return await self.host.join_game(req, token)  # a player's session token, or none (anonymous)

    async def GetGame(self, req, token):
        return await self.host.get_game(req.game_id)

    async def ListGames(self, req, token):
        return await self.host.list_games(req)

    async def GetView(self, req, token):
        return await self.host.get_view(req, token)

    async def ListLegalCommands(self, req, token):
        return await self.host.legal(req.game_id, token, req.with_words, req.language)

    async def SampleStates(self, req, token):
        return await self.host.sample_states(req, token)

    async def SubmitCommand(self, req, token):
        return await self.host.submit(req, token)

    async def SeatHouseBot(self, req, token):
        return await self.host.seat_house_bot(req, token)

    async def ExportLog(self, req, token):
        return await self.host.export(req, token)

    def StreamExportLog(self, req, token):
        return self.host.stream_export(req, token)  # yields StreamExportLogResponse chunks

    async def Ping(self, req, token):
        return pb.PingResponse(payload=req.payload)

    async def GetGameData(self, req, token):
        return get_game_data(req)

    def StreamEvents(self, req, token):
        return self.host.stream(req, token, self.keepalive_s)  # yields serialized EventBatch messages

    def WatchOpenSeats(self, req, token):
        return self.host.watch_open_seats(req)  # yields serialized OpenSeatsBatch messages; needs no token

    # players (server.identity): the store's tables are read and written off the event loop
    async def RegisterPlayer(self, req, token):
        return await asyncio.to_thread(self.host.identity.register, req)

    async def LoginChallenge(self, req, token):
        return await asyncio.to_thread(self.host.identity.challenge, req)

    async def Login(self, req, token):
        return await asyncio.to_thread(self.host.identity.login, req)

    async def GetPlayer(self, req, token):
        return await asyncio.to_thread(self.host.identity.get_player, req)

    async def ListPlayers(self, req, token):
        return await asyncio.to_thread(self.host.leaderboard.list_players, req)

    async def CreateChallenge(self, req, token):
        return await self.host.challenges.create(req, token)  # token: a Login session (server.challenges)

    async def AcceptChallenge(self, req, token):
        return await self.host.challenges.accept(req, token)

    async def DeclineChallenge(self, req, token):
        return await self.host.challenges.decline(req, token)

    def StreamPlayerEvents(self, req, token):
        return self.host.challenges.stream(req, token)  # yields PlayerEvent messages
