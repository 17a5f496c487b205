"""Players who are a public key: registration, the login challenge, sessions, and signed commands.

A player registers an Ed25519 public key under a name, proving it holds the private key by
signing the registration message; there is no password. To log in it asks for a challenge
(32 random bytes, valid ``CHALLENGE_MS``, usable once), signs the login message over it and gets
a session token (shown once, stored hashed, valid ``SESSION_MS``). ``JoinGame`` with that token
as its bearer claims a seat as the player: the claim's record holds the player's key, and every
command of that seat must then carry the key's signature over the canonical command message
(``carthago.signing``; docs/PROTOCOL.md "The signed message"). The checks here refuse, before
anything is read or written, each with its own code; the tables are ``server.playerstore``'s.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from typing import Callable

from carthago import signing
from carthago.v1 import carthago_pb2 as pb
from engine.errors import MALFORMED_COMMAND

from .failures import HostError
from .playerstore import KEY_REUSED, NAME_TAKEN, PlayerRow, Players  # ALREADY_EXISTS, both

BAD_PLAYER_NAME = "BAD_PLAYER_NAME"        # INVALID_ARGUMENT: not 1..32 of A-Z a-z 0-9 . _ -
BAD_PUBLIC_KEY = "BAD_PUBLIC_KEY"          # INVALID_ARGUMENT: not 32 bytes of an Ed25519 point
BAD_PROOF = "BAD_PROOF"                    # UNAUTHENTICATED: the signature is not the key's over the message
UNKNOWN_PLAYER = "UNKNOWN_PLAYER"          # NOT_FOUND
UNKNOWN_CHALLENGE = "UNKNOWN_CHALLENGE"    # UNAUTHENTICATED: never issued to this name, or used already
CHALLENGE_EXPIRED = "CHALLENGE_EXPIRED"    # UNAUTHENTICATED: issued, but past its minute
INVALID_SESSION = "INVALID_SESSION"        # UNAUTHENTICATED: JoinGame with a token that is no live session
NOT_THE_PLAYER = "NOT_THE_PLAYER"          # INVALID_ARGUMENT: JoinGame as a player under another name
INVALID_SIGNATURE = "INVALID_SIGNATURE"    # UNAUTHENTICATED: a signed seat's command without its valid signature

CHALLENGE_MS = 60_000                 # a login challenge lasts a minute
SESSION_MS = 30 * 86_400_000          # a session thirty days
_NAME = re.compile(r"^[A-Za-z0-9._-]{1,32}$")


def token_hash(token: str) -> str:
    """What is stored of a token (a seat's, an invite, a session): its SHA-256, in hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_secret() -> str:
    """A seat token or an invite: 32 random bytes, URL-safe, never starting with "-" (one in 64 of
    ``token_urlsafe`` does, and a command line then reads ``--token -Xy…`` as an option: `carthago
    resign GAME --token TOKEN` failed for that seat)."""
    while True:
        secret = secrets.token_urlsafe(32)
        if not secret.startswith("-"):
            return secret


def player_info(row: PlayerRow) -> pb.PlayerInfo:
    return pb.PlayerInfo(name=row.name, public_key=row.public_key, registered_at_unix_ms=row.registered_at_ms)


class Identity:
    """The players' RPCs over a :class:`~server.playerstore.Players` and the host's clock."""

    def __init__(self, players: Players, clock: Callable[[], int], new_secret: Callable[[], str]) -> None:
        self.players, self.clock, self.new_secret = players, clock, new_secret

    def _known(self, name: str) -> PlayerRow:
        row = self.players.player(name) if _NAME.match(name) else None
        if row is None:
            raise HostError("NOT_FOUND", UNKNOWN_PLAYER, f"no player is registered as {name[:40]!r}")
        return row

    def register(self, req: pb.RegisterPlayerRequest) -> pb.RegisterPlayerResponse:
        if not _NAME.match(req.name):
            raise HostError("INVALID_ARGUMENT", BAD_PLAYER_NAME,
                            f"a player's name is 1 to 32 of A-Z a-z 0-9 . _ -, not {req.name[:40]!r}")
        if not signing.usable_public_key(req.public_key):
            raise HostError("INVALID_ARGUMENT", BAD_PUBLIC_KEY,
                            f"public_key is 32 bytes of an Ed25519 public key, not {len(req.public_key)} bytes "
                            "that decode as one")
        if not signing.valid(req.public_key, req.signature, signing.register_message(req.name, req.public_key)):
            raise HostError("UNAUTHENTICATED", BAD_PROOF,
                            "signature is not this key's signature over the registration message "
                            "(docs/PROTOCOL.md, \"The signed message\")")
        row = PlayerRow(req.name, bytes(req.public_key), self.clock())
        outcome = self.players.add_player(row)
        if outcome == NAME_TAKEN:
            raise HostError("ALREADY_EXISTS", NAME_TAKEN, f"the name {req.name!r} is taken")
        if outcome == KEY_REUSED:
            raise HostError("ALREADY_EXISTS", KEY_REUSED,
                            "this public key is another player's: make a key of your own (carthago keygen)")
        return pb.RegisterPlayerResponse(player=player_info(row))

    def challenge(self, req: pb.LoginChallengeRequest) -> pb.LoginChallengeResponse:
        row = self._known(req.name)
        now = self.clock()
        challenge = secrets.token_bytes(32)
        self.players.add_challenge(challenge, row.name, now + CHALLENGE_MS, now)
        return pb.LoginChallengeResponse(challenge=challenge, expires_at_unix_ms=now + CHALLENGE_MS)

    def login(self, req: pb.LoginRequest) -> pb.LoginResponse:
        row = self._known(req.name)
        taken = self.players.take_challenge(bytes(req.challenge)) if req.challenge else None  # used up, whatever follows
        if taken is None or taken[0] != row.name:
            raise HostError("UNAUTHENTICATED", UNKNOWN_CHALLENGE,
                            f"this challenge was not issued to {row.name!r}, or it was used already: ask LoginChallenge")
        now = self.clock()
        if now >= taken[1]:
            raise HostError("UNAUTHENTICATED", CHALLENGE_EXPIRED,
                            f"this challenge lapsed {now - taken[1]} ms ago (a challenge lasts "
                            f"{CHALLENGE_MS // 1000} s): ask LoginChallenge again")
        if not signing.valid(row.public_key, req.signature, signing.login_message(row.name, req.challenge)):
            raise HostError("UNAUTHENTICATED", BAD_PROOF,
                            f"signature is not {row.name!r}'s key's signature over the login message")
        token = self.new_secret()
        self.players.add_session(token_hash(token), row.name, now + SESSION_MS, now)
        return pb.LoginResponse(session_token=token, expires_at_unix_ms=now + SESSION_MS, player=player_info(row))

    def get_player(self, req: pb.GetPlayerRequest) -> pb.PlayerInfo:
        return player_info(self._known(req.name))

    def as_player(self, req: pb.JoinGameRequest, session: str | None) -> tuple[pb.JoinGameRequest, bytes]:
        """A JoinGame as the player of ``session``: the request under the player's name, and its key
        (for the claim's record); without a session, the request as it is and no key."""
        if not session:
            return req, b""
        row = self.session_player(session)
        if req.player and req.player != row.name:
            raise HostError("INVALID_ARGUMENT", NOT_THE_PLAYER,
                            f"this session is {row.name!r}'s: send that name as player, or none")
        out = pb.JoinGameRequest(game_id=req.game_id, player=row.name, invite=req.invite)
        if req.HasField("seat"):
            out.seat = req.seat
        return out, row.public_key

    def session_player(self, token: str) -> PlayerRow:
        """The player a session token (JoinGame's bearer) stands for, or INVALID_SESSION."""
        found = self.players.session(token_hash(token))
        if found is None:
            raise HostError("UNAUTHENTICATED", INVALID_SESSION,
                            "this token is no player's session (JoinGame takes a Login session token, or none)")
        if self.clock() >= found[1]:
            raise HostError("UNAUTHENTICATED", INVALID_SESSION, "this session has ended: log in again (Login)")
        row = self.players.player(found[0])
        if row is None:  # a session outliving its player (a restore without the players table)
            raise HostError("UNAUTHENTICATED", INVALID_SESSION, "this session's player is not registered here")
        return row


def command_of(req: pb.SubmitCommandRequest) -> pb.GameCommand:
    """The command a submit carries: ``command``, or ``command_bytes`` decoded (one of the two)."""
    if not req.command_bytes:
        return req.command
    if req.HasField("command"):
        raise HostError("INVALID_ARGUMENT", MALFORMED_COMMAND, "set command or command_bytes, not both")
    command = pb.GameCommand()
    try:
        command.ParseFromString(req.command_bytes)
    except Exception:  # noqa: BLE001 - any decoding failure
        raise HostError("INVALID_ARGUMENT", MALFORMED_COMMAND, "command_bytes is not a GameCommand") from None
    return command


def check_signature(req: pb.SubmitCommandRequest, seat: int, key: bytes | None) -> None:
    """Refuse, before anything is read or written, a command of a signed seat (``key``) that does
    not carry the key's signature over the canonical message, and a signature from a seat that
    has no key (its log would claim what nobody can check)."""
    if not key:
        if req.signature:
            raise HostError("UNAUTHENTICATED", INVALID_SIGNATURE,
                            f"seat {seat} was claimed without a player's key: send no signature")
        return
    if not req.signature:
        raise HostError("UNAUTHENTICATED", INVALID_SIGNATURE,
                        f"seat {seat} belongs to a player: sign each command (command_bytes, expected_seq, "
                        "signature; docs/PROTOCOL.md \"The signed message\")")
    if not req.command_bytes:
        raise HostError("UNAUTHENTICATED", INVALID_SIGNATURE,
                        "a signed command goes in command_bytes: the exact bytes that were signed")
    if not req.HasField("expected_seq"):
        raise HostError("UNAUTHENTICATED", INVALID_SIGNATURE,
                        "a signed command names its expected_seq: the signature covers it")
    message = signing.command_message(req.game_id, seat, req.expected_seq, req.request_id, req.command_bytes)
    if not signing.valid(key, req.signature, message):
        raise HostError("UNAUTHENTICATED", INVALID_SIGNATURE,
                        f"the signature is not seat {seat}'s key's over this game, seat, expected seq, request id "
                        "and command bytes")
