"""Which seat a JoinGame claims, and under which name: reserved seats open to their invites only.

(From ``server.host``, which calls it under the game's lock with the seats taken at its head.)"""

from __future__ import annotations

import hmac

from carthago.v1 import carthago_pb2 as pb
from engine.errors import BAD_CONFIG

from .failures import HostError
from .house import bot_problem
from .identity import token_hash
from .limits import quote

BAD_SEAT = "BAD_SEAT"
SEAT_TAKEN = "SEAT_TAKEN"
NO_FREE_SEAT = "NO_FREE_SEAT"
SEAT_RESERVED = "SEAT_RESERVED"
INVALID_INVITE = "INVALID_INVITE"
NOT_THE_RESERVED_PLAYER = "NOT_THE_RESERVED_PLAYER"
BAD_RESERVATION = "BAD_RESERVATION"
PLAYER_REQUIRED = "PLAYER_REQUIRED"  # an anonymous claim (or a house bot) of a rated game's seat


def reservations_of(req: pb.CreateGameRequest, players: int) -> list[pb.ReserveSeat]:
    """CreateGameRequest.reserved_seats, checked: each seat of the game at most once, each with a name
    (and a player's key, if any, of 32 bytes)."""
    seen: set[int] = set()
    for r in req.reserved_seats:
        if not 0 <= r.seat < players:
            raise HostError("INVALID_ARGUMENT", BAD_RESERVATION, f"seats are 0..{players - 1}, not {r.seat}")
        if r.seat in seen:
            raise HostError("INVALID_ARGUMENT", BAD_RESERVATION, f"seat {r.seat} is reserved twice")
        if not r.player.strip():
            raise HostError("INVALID_ARGUMENT", BAD_RESERVATION, f"seat {r.seat} is reserved for no name")
        if r.player_key and len(r.player_key) != 32:
            raise HostError("INVALID_ARGUMENT", BAD_RESERVATION,
                            f"seat {r.seat} is reserved for a key of {len(r.player_key)} bytes (an Ed25519 key is 32)")
        seen.add(r.seat)
    return list(req.reserved_seats)


def check_house(game_type: str, players: int, seat: int, bot: str, reserved: set[int], rated: bool = False) -> None:
    """A house seat's request, refused before anything is written: an unknown bot (naming the
    levels), a seat out of range, reserved for a named player, or of a rated game."""
    problem = bot_problem(game_type, bot)
    if problem:
        raise HostError("INVALID_ARGUMENT", BAD_CONFIG, problem)
    if not 0 <= seat < players:
        raise HostError("INVALID_ARGUMENT", BAD_SEAT, f"seats are 0..{players - 1}, not {seat}")
    if seat in reserved:
        raise HostError("FAILED_PRECONDITION", SEAT_RESERVED, f"seat {seat} is reserved for a named player")
    if rated:
        raise HostError("FAILED_PRECONDITION", PLAYER_REQUIRED, "a rated game's seats are for registered players")


def seat_to_claim(reserved: dict[int, pb.SeatReserved], players: int, req: pb.JoinGameRequest,
                  taken: set[int], key: bytes = b"") -> tuple[int, str, bool]:
    """(seat, the name to record, whether an invite opened it). A reserved seat opens only to
    its invite, under the reserved name, or, reserved for a player's key, to that player (``key``:
    the key of the session that joins); otherwise the lowest seat neither taken nor reserved."""
    mine = next((r for r in reserved.values() if key and r.player_key == key and r.seat not in taken), None)
    if req.invite:
        digest = token_hash(req.invite)
        match = next((r for r in reserved.values() if hmac.compare_digest(r.invite_sha256, digest)), None)
        if match is None:
            raise HostError("PERMISSION_DENIED", INVALID_INVITE, "this invite opens no reserved seat of this game")
        if req.HasField("seat") and req.seat != match.seat:
            raise HostError("INVALID_ARGUMENT", BAD_SEAT, f"this invite opens seat {match.seat}, not seat {req.seat}")
        if req.player and req.player != match.player:
            raise HostError("INVALID_ARGUMENT", NOT_THE_RESERVED_PLAYER,
                            f"seat {match.seat} is reserved for {quote(match.player)}, not {quote(req.player)}: "
                            "send that name or none")
        seat, player, invited = match.seat, match.player, True
    elif mine is not None and (not req.HasField("seat") or req.seat == mine.seat):
        seat, player, invited = mine.seat, mine.player, False
    elif req.HasField("seat"):
        if req.seat in reserved and req.seat not in taken:
            raise HostError("PERMISSION_DENIED", SEAT_RESERVED,
                            f"seat {req.seat} is reserved for {quote(reserved[req.seat].player)}: it opens to its invite")
        seat, player, invited = req.seat, req.player, False
    else:
        free = [s for s in range(players) if s not in taken and s not in reserved]
        if not free:
            raise HostError("FAILED_PRECONDITION", NO_FREE_SEAT, "every seat of this game is taken or reserved")
        seat, player, invited = free[0], req.player, False
    if seat in taken:
        raise HostError("ALREADY_EXISTS", SEAT_TAKEN, f"seat {seat} is already taken")
    return seat, player, invited
