"""A small synchronous client over the generated stubs.

``carthago.signing`` (and with it the ``cryptography`` package) is imported only where a player's key
is used: an anonymous client, a bot, and each search worker process that imports this module, do not
pay its import (a few hundred milliseconds on a loaded machine, on a move's clock)."""

from __future__ import annotations

import time
import uuid
from typing import TYPE_CHECKING, Callable, Iterator

import grpc
from grpc_status import rpc_status

from carthago.v1 import carthago_pb2 as pb
from carthago.v1 import carthago_pb2_grpc as pb_grpc

# Exports come in chunks of about 1 MiB (StreamExportLog), within gRPC's 4 MB default; the older
# one-reply ExportLog and other large replies (SampleStates of a big game) may pass it. The server
# sends up to 64 MB (server/app.py); accept as much.
MAX_RECEIVE_BYTES = 64 << 20

if TYPE_CHECKING:
    from carthago import signing


class CarthagoError(Exception):
    """A refused call: ``status`` is the gRPC code name, ``code`` the stable Carthago code."""

    def __init__(self, status: str, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message

    @classmethod
    def from_rpc(cls, err: grpc.RpcError) -> "CarthagoError":
        code = ""
        status = rpc_status.from_call(err) if hasattr(err, "trailing_metadata") else None
        if status is not None:
            from google.rpc import error_details_pb2

            for detail in status.details:
                info = error_details_pb2.ErrorInfo()
                if detail.Unpack(info):
                    code = info.reason
        return cls(err.code().name, code or err.code().name, err.details() or "")


def _call(fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except grpc.RpcError as err:
        raise CarthagoError.from_rpc(err) from None


_STREAMING = frozenset({"StreamEvents", "WatchOpenSeats", "StreamExportLog"})
RETRY_FIRST_S, RETRY_MAX_S = 0.1, 2.0  # back-off between retries: doubling from the first, at most the max


def backoff(first: float = RETRY_FIRST_S, most: float = RETRY_MAX_S) -> Iterator[float]:
    """Pauses between retries: first, doubling, at most ``most``."""
    pause = first
    while True:
        yield pause
        pause = min(most, pause * 2)


class _Retrying:
    """A stub whose unary calls retry UNAVAILABLE (a worker restarting, a server process gone: the
    channel reconnects, to another process where several share the address) with back-off for up
    to ``retry_for`` seconds. Every retry sends the same request: a submit keeps its request id,
    so a command that landed before the failure is answered, not applied twice (docs/PROTOCOL.md).
    Streams are not retried here: their callers resume them from the last seq."""

    def __init__(self, stub, retry_for: float, on_retry: Callable[[str, str, float], None] | None) -> None:
        self._stub, self._retry_for, self._on_retry = stub, retry_for, on_retry

    def __getattr__(self, name: str):
        call = getattr(self._stub, name)
        if name in _STREAMING:
            return call

        def retrying(*args, **kwargs):
            deadline = time.monotonic() + self._retry_for
            pauses = backoff()
            while True:
                try:
                    return call(*args, **kwargs)
                except grpc.RpcError as err:
                    pause = next(pauses)
                    if err.code() != grpc.StatusCode.UNAVAILABLE or time.monotonic() + pause > deadline:
                        raise
                    if self._on_retry:
                        self._on_retry(name, err.details() or "", pause)
                    time.sleep(pause)
        return retrying


class Client:
    """Connects to a Carthago server. Calls that act for a seat go through :class:`Seat`.

    ``retry_for``: seconds for which unary calls (and exports) retry UNAVAILABLE with back-off
    (0: not at all); ``on_retry(method, message, pause)`` is told of each retry."""

    def __init__(self, addr: str = "127.0.0.1:50051", token: str | None = None, timeout: float = 30.0,
                 retry_for: float = 0.0, on_retry: Callable[[str, str, float], None] | None = None) -> None:
        self.addr = addr
        self.channel = grpc.insecure_channel(addr, options=[("grpc.max_receive_message_length", MAX_RECEIVE_BYTES)])
        self.stub = pb_grpc.GameServiceStub(self.channel)
        self.retry_for, self.on_retry = retry_for, on_retry
        if retry_for > 0:
            self.stub = _Retrying(self.stub, retry_for, on_retry)
        self.token = token  # an operator token, if any
        self.timeout = timeout

    def close(self) -> None:
        self.channel.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def metadata(self, token: str | None = None):
        token = token or self.token
        return (("authorization", f"Bearer {token}"),) if token else ()

    def wait_ready(self, timeout: float = 10.0) -> None:
        grpc.channel_ready_future(self.channel).result(timeout=timeout)

    # -- games ----------------------------------------------------------------
    def game_types(self, language: str = "") -> list[pb.GameTypeInfo]:
        """Every game type; its options' help and its levels' names in ``language`` ("en", "fr")."""
        return list(_call(self.stub.ListGameTypes, pb.ListGameTypesRequest(language=language), timeout=self.timeout).games)

    def create(self, game_type: str, players: int = 0, options: dict[str, str] | None = None,
               seed: bytes | None = None, rated: bool = False) -> pb.GameSummary:
        """A new game; ``rated``: its seats open to registered players only, its result rated."""
        req = pb.CreateGameRequest(game_type=game_type, players=players, options=options or {}, seed=seed or b"",
                                   rated=rated)
        return _call(self.stub.CreateGame, req, timeout=self.timeout).game

    def create_reserved(self, game_type: str, reserved: dict[int, str], players: int = 0,
                        options: dict[str, str] | None = None, seed: bytes | None = None,
                        clock_ms: tuple[int, ...] | None = None,
                        house: dict[int, str] | None = None, keys: dict[int, bytes] | None = None
                        ) -> pb.CreateGameResponse:
        """Create a game keeping seats for named players (seat -> name): the response's ``invites``
        (one secret per reserved seat, shown once) are what each of them joins with. ``clock_ms``:
        the clocks' TimeControl fields in milliseconds, in order (initial, increment[, delay[, per_move]]):
        Fischer, a simple delay or correspondence (``carthago.clocks.ClockSpec``); None: no clocks.
        ``house``: seats the server's house bot plays (seat -> ``level:N`` or ``random``). The
        response's ``creator_token`` (shown once) seats more house bots later (:meth:`seat_house_bot`).
        ``keys``: seats kept for registered players' keys (seat -> key): each opens to its player's
        session (who hears of it on its stream), and to its invite."""
        req = pb.CreateGameRequest(game_type=game_type, players=players, options=options or {}, seed=seed or b"",
                                   reserved_seats=[pb.ReserveSeat(seat=s, player=n, player_key=(keys or {}).get(s, b""))
                                                   for s, n in reserved.items()],
                                   house_seats=[pb.HouseSeat(seat=s, bot=b) for s, b in sorted((house or {}).items())])
        if clock_ms is not None:
            req.time_control.SetInParent()
            for name, value in zip(("initial_ms", "increment_ms", "delay_ms", "per_move_ms"), clock_ms):
                setattr(req.time_control, name, value)
        return _call(self.stub.CreateGame, req, timeout=self.timeout)

    def seat_house_bot(self, game_id: str, seat: int, bot: str, creator_token: str) -> pb.GameSummary:
        """Give the open ``seat`` to the server's house bot (``level:N`` or ``random``); the
        game's creator token (CreateGameResponse.creator_token) or the operator token authorizes."""
        req = pb.SeatHouseBotRequest(game_id=game_id, seat=seat, bot=bot)
        return _call(self.stub.SeatHouseBot, req, timeout=self.timeout, metadata=self.metadata(creator_token)).game

    def join(self, game_id: str, seat: int | None = None, player: str = "", invite: str = "",
             session: "PlayerSession | None" = None) -> "Seat":
        """Claim a seat; with a player's ``session`` (:meth:`login`), as that player: the seat then
        signs each of its commands with the player's key."""
        req = pb.JoinGameRequest(game_id=game_id, player=player, invite=invite)
        if seat is not None:
            req.seat = seat
        metadata = (("authorization", f"Bearer {session.token}"),) if session else ()
        resp = _call(self.stub.JoinGame, req, timeout=self.timeout, metadata=metadata)
        return Seat(self, game_id, resp.seat, resp.token, key=session.key if session else None)

    # -- players: a player is an Ed25519 key (docs/PROTOCOL.md "Players and signed moves") --------
    def register(self, name: str, key: "signing.Key") -> pb.PlayerInfo:
        from carthago import signing

        req = pb.RegisterPlayerRequest(name=name, public_key=key.public,
                                       signature=key.sign(signing.register_message(name, key.public)))
        return _call(self.stub.RegisterPlayer, req, timeout=self.timeout).player

    def login(self, name: str, key: "signing.Key") -> "PlayerSession":
        """Prove ``name``'s key: sign a fresh challenge; the session joins games as the player."""
        from carthago import signing

        challenge = _call(self.stub.LoginChallenge, pb.LoginChallengeRequest(name=name), timeout=self.timeout).challenge
        resp = _call(self.stub.Login, pb.LoginRequest(name=name, challenge=challenge,
                                                      signature=key.sign(signing.login_message(name, challenge))),
                     timeout=self.timeout)
        return PlayerSession(name, key, resp.session_token, resp.expires_at_unix_ms)

    def player(self, name: str) -> pb.PlayerInfo:
        return _call(self.stub.GetPlayer, pb.GetPlayerRequest(name=name), timeout=self.timeout)

    # -- challenges and the player's stream, each call with a player's session -------------------
    def challenge(self, session: "PlayerSession", challenged: str, game_type: str, players: int = 0,
                  options: dict[str, str] | None = None, rated: bool = False, seat: int = 0,
                  time_control: pb.TimeControl | None = None) -> pb.Challenge:
        req = pb.CreateChallengeRequest(challenged=challenged, game_type=game_type, players=players,
                                        options=options or {}, rated=rated, challenger_seat=seat)
        if time_control is not None:
            req.time_control.CopyFrom(time_control)
        return _call(self.stub.CreateChallenge, req, timeout=self.timeout, metadata=session.metadata()).challenge

    def accept_challenge(self, session: "PlayerSession", challenge_id: str) -> pb.AcceptChallengeResponse:
        return _call(self.stub.AcceptChallenge, pb.AcceptChallengeRequest(challenge_id=challenge_id),
                     timeout=self.timeout, metadata=session.metadata())

    def decline_challenge(self, session: "PlayerSession", challenge_id: str, reason: str = "") -> pb.Challenge:
        return _call(self.stub.DeclineChallenge, pb.DeclineChallengeRequest(challenge_id=challenge_id, reason=reason),
                     timeout=self.timeout, metadata=session.metadata()).challenge

    def player_events(self, session: "PlayerSession") -> Iterator[pb.PlayerEvent]:
        """The player's stream: open challenges first, then challenges, games started and finished,
        keepalives (until the caller stops iterating)."""
        try:
            yield from self.stub.StreamPlayerEvents(pb.StreamPlayerEventsRequest(), metadata=session.metadata())
        except grpc.RpcError as err:
            raise CarthagoError.from_rpc(err) from None

    def players(self, game_type: str = "", limit: int = 0) -> pb.ListPlayersResponse:
        """The leaderboard: players with their ratings (best first in ``game_type``; else by name)."""
        return _call(self.stub.ListPlayers, pb.ListPlayersRequest(game_type=game_type, limit=limit),
                     timeout=self.timeout)

    def game(self, game_id: str) -> pb.GameSummary:
        return _call(self.stub.GetGame, pb.GetGameRequest(game_id=game_id), timeout=self.timeout)

    def games(self, game_type: str = "", include_finished: bool = False) -> list[pb.GameSummary]:
        req = pb.ListGamesRequest(game_type=game_type, include_finished=include_finished)
        return list(_call(self.stub.ListGames, req, timeout=self.timeout).games)

    def view(self, game_id: str, at_seq: int | None = None, token: str | None = None) -> pb.GetViewResponse:
        req = pb.GetViewRequest(game_id=game_id)
        if at_seq is not None:
            req.at_seq = at_seq
        return _call(self.stub.GetView, req, metadata=self.metadata(token), timeout=self.timeout)

    def stream(self, game_id: str, from_seq: int = 0, token: str | None = None,
               with_words: bool = False, language: str = "") -> Iterator[pb.EventBatch]:
        """The game's records as ``token``'s seat may see them; ``with_words``: each also in a sentence
        (``EventRecord.words``, made from the record as the seat receives it), in ``language`` ("en",
        the default, or "fr")."""
        req = pb.StreamEventsRequest(game_id=game_id, from_seq=from_seq, with_words=with_words, language=language)
        try:
            yield from self.stub.StreamEvents(req, metadata=self.metadata(token))
        except grpc.RpcError as err:
            raise CarthagoError.from_rpc(err) from None

    def watch_open_seats(self, game_types: list[str] | tuple[str, ...] = (), options: dict[str, str] | None = None,
                         player: str = "", limit: int = 0) -> Iterator[pb.OpenSeatsBatch]:
        """The open-seats feed: a first batch listing every matching game with a seat open to you
        (``initial``), then one batch per change (``open`` entries replace earlier ones of the same
        game; ``closed`` ids are gone). Runs until the server ends it; iterate in a thread of its own."""
        req = pb.WatchOpenSeatsRequest(game_types=list(game_types), options=options or {}, player=player, limit=limit)
        call = self.stub.WatchOpenSeats(req)
        self.feed_call = call  # call.cancel() ends it from another thread
        try:
            yield from call
        except grpc.RpcError as err:
            if err.code() == grpc.StatusCode.CANCELLED:
                return
            raise CarthagoError.from_rpc(err) from None

    def export(self, game_id: str, token: str | None = None, form: int = pb.EXPORT_FORM_UNSPECIFIED
               ) -> pb.ExportLogResponse:
        """A game's export (both forms, or the one ``form`` names), fetched in chunks (StreamExportLog)
        and assembled; the chunks are checked to follow one another up to the head they name. With
        ``retry_for``, an export cut by UNAVAILABLE is fetched again from the start."""
        deadline, pauses = time.monotonic() + self.retry_for, backoff()
        while True:
            try:
                return assemble_export(self.export_chunks(game_id, token, form))
            except CarthagoError as err:
                pause = next(pauses)
                if err.status != "UNAVAILABLE" or time.monotonic() + pause > deadline:
                    raise
                if self.on_retry:
                    self.on_retry("StreamExportLog", err.message, pause)
                time.sleep(pause)

    def export_chunks(self, game_id: str, token: str | None = None, form: int = pb.EXPORT_FORM_UNSPECIFIED
                      ) -> Iterator[pb.StreamExportLogResponse]:
        call = self.stub.StreamExportLog(pb.StreamExportLogRequest(game_id=game_id, form=form),
                                         metadata=self.metadata(token), timeout=max(self.timeout, 120.0))
        try:
            yield from call
        except grpc.RpcError as err:
            raise CarthagoError.from_rpc(err) from None

    def ping(self, payload: bytes = b"") -> bytes:
        return _call(self.stub.Ping, pb.PingRequest(payload=payload), timeout=self.timeout).payload

    def game_data(self, game_type: str, known_sha256: str = "") -> pb.GetGameDataResponse:
        """A game type's static data files (map, cards, tables as JSON); ``not_modified`` and no
        files when ``known_sha256`` is the current one."""
        return _call(self.stub.GetGameData, pb.GetGameDataRequest(game_type=game_type, known_sha256=known_sha256),
                     timeout=self.timeout)


def assemble_export(chunks) -> pb.ExportLogResponse:
    """One export from its StreamExportLog chunks; CarthagoError if they do not follow one another
    from seq 0 to the head the chunks name (a broken or cut stream)."""
    records, lines, next_seq, head = [], [], 0, None
    for chunk in chunks:
        if chunk.first_seq != next_seq or chunk.last_seq < chunk.first_seq or (head is not None and chunk.head_seq != head):
            raise CarthagoError("DATA_LOSS", "EXPORT_CUT", f"export chunk {chunk.first_seq}..{chunk.last_seq} "
                                f"does not follow seq {next_seq - 1}")
        records.append(chunk.records)
        lines.append(chunk.jsonl)
        next_seq, head = chunk.last_seq + 1, chunk.head_seq
    if head is None or next_seq != head + 1:
        raise CarthagoError("DATA_LOSS", "EXPORT_CUT", f"the export ended at seq {next_seq - 1}, not at its head")
    return pb.ExportLogResponse(records=b"".join(records), jsonl="".join(lines))


class PlayerSession:
    """A logged-in player: its name, key and session token (``Client.login``)."""

    def __init__(self, name: str, key: "signing.Key", token: str, expires_at_ms: int) -> None:
        self.name, self.key, self.token, self.expires_at_ms = name, key, token, expires_at_ms

    def metadata(self):
        return (("authorization", f"Bearer {self.token}"),)


class Seat:
    """One claimed seat of one game: holds the token and acts for it; a seat claimed by a player
    holds its ``key`` too, and signs every command with it."""

    def __init__(self, client: Client, game_id: str, seat: int, token: str, key: "signing.Key | None" = None) -> None:
        self.client, self.game_id, self.seat, self.token, self.key = client, game_id, seat, token, key

    def view(self, at_seq: int | None = None) -> pb.GetViewResponse:
        return self.client.view(self.game_id, at_seq, token=self.token)

    def legal(self) -> list[pb.GameCommand]:
        req = pb.ListLegalCommandsRequest(game_id=self.game_id)
        return list(_call(self.client.stub.ListLegalCommands, req, metadata=self.client.metadata(self.token),
                          timeout=self.client.timeout).commands)

    def legal_words(self) -> list[tuple[pb.GameCommand, str]]:
        """The seat's legal commands, each with the game's words for it ("Carthage plays #12 …")."""
        req = pb.ListLegalCommandsRequest(game_id=self.game_id, with_words=True)
        resp = _call(self.client.stub.ListLegalCommands, req, metadata=self.client.metadata(self.token),
                     timeout=self.client.timeout)
        return list(zip(resp.commands, resp.words))

    def legal_at(self) -> tuple[list[pb.GameCommand], int]:
        req = pb.ListLegalCommandsRequest(game_id=self.game_id)
        resp = _call(self.client.stub.ListLegalCommands, req, metadata=self.client.metadata(self.token),
                     timeout=self.client.timeout)
        return list(resp.commands), resp.head_seq

    def sample_states(self, count: int = 1) -> pb.SampleStatesResponse:
        """Game states drawn for this seat with the game's ``sample_hidden`` (for search bots)."""
        req = pb.SampleStatesRequest(game_id=self.game_id, count=count)
        return _call(self.client.stub.SampleStates, req, metadata=self.client.metadata(self.token),
                     timeout=self.client.timeout)

    def submit(self, command: pb.GameCommand, expected_seq: int | None = None, request_id: str | None = None,
               retries: int = 3) -> pb.SubmitCommandResponse:
        """Submit a command; transport failures are retried with the same request id (no double moves)."""
        req = pb.SubmitCommandRequest(game_id=self.game_id, command=command, request_id=request_id or uuid.uuid4().hex)
        if expected_seq is not None:
            req.expected_seq = expected_seq
        if self.key is not None:
            req = self.signed(command, expected_seq, req.request_id)
        for attempt in range(retries + 1):
            try:
                return self.client.stub.SubmitCommand(req, metadata=self.client.metadata(self.token),
                                                      timeout=self.client.timeout)
            except grpc.RpcError as err:
                if err.code() in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED) and attempt < retries:
                    time.sleep(0.2 * (attempt + 1))
                    continue
                raise CarthagoError.from_rpc(err) from None
        raise AssertionError("unreachable")

    def signed(self, command: pb.GameCommand, expected_seq: int | None, request_id: str) -> pb.SubmitCommandRequest:
        """The request of a signed seat: the command's bytes, and the key's signature over the
        canonical message (``carthago.signing``); without ``expected_seq``, the head as it is now
        (and a seat made from a token alone, ``seat`` -1, learns its number from the server)."""
        from carthago import signing

        if expected_seq is None or self.seat < 0:
            view = self.view()
            self.seat = view.seat
            expected_seq = view.seq if expected_seq is None else expected_seq
        data = command.SerializeToString(deterministic=True)
        signature = self.key.sign(signing.command_message(self.game_id, self.seat, expected_seq, request_id, data))
        return pb.SubmitCommandRequest(game_id=self.game_id, command_bytes=data, expected_seq=expected_seq,
                                       request_id=request_id, signature=signature)

    def stream(self, from_seq: int = 0, with_words: bool = False) -> Iterator[pb.EventBatch]:
        return self.client.stream(self.game_id, from_seq, token=self.token, with_words=with_words)

    # -- platform commands: any game, any time while it runs (docs/PROTOCOL.md) -------------
    def platform(self, kind: str, request_id: str | None = None) -> pb.SubmitCommandResponse:
        """Send the platform command ``kind``: resign, offer_draw, accept_draw, decline_draw or abort."""
        command = pb.GameCommand()
        getattr(command.platform, kind).SetInParent()
        return self.submit(command, request_id=request_id)

    def resign(self) -> pb.SubmitCommandResponse:
        return self.platform("resign")

    def offer_draw(self) -> pb.SubmitCommandResponse:
        return self.platform("offer_draw")

    def accept_draw(self) -> pb.SubmitCommandResponse:
        return self.platform("accept_draw")

    def decline_draw(self) -> pb.SubmitCommandResponse:
        return self.platform("decline_draw")

    def abort(self) -> pb.SubmitCommandResponse:
        return self.platform("abort")

    def claim_victory(self, silent_seat: int) -> pb.SubmitCommandResponse:
        """Claim the game from ``silent_seat``, which has owed a move for longer than the game's claim
        time (a game without clocks: docs/PROTOCOL.md "Claiming a game from a silent seat")."""
        return self.submit(pb.GameCommand(platform=pb.PlatformCommand(
            claim_victory=pb.ClaimVictory(silent_seat=silent_seat))))
