"""Which seat a JoinGame claims, and under which name: reserved seats open to their invites only.

(From ``server.host``, which calls it under the game's lock with the seats taken at its head.)"""

from __future__ import annotations

import hmac

from carthago.v1 import carthago_pb2 as pb

from .failures import HostError
from .identity import token_hash
from .limits import quote

BAD_SEAT = "BAD_SEAT"
SEAT_TAKEN = "SEAT_TAKEN"
NO_FREE_SEAT = "NO_FREE_SEAT"
SEAT_RESERVED = "SEAT_RESERVED"
INVALID_INVITE = "INVALID_INVITE"
NOT_THE_RESERVED_PLAYER = "NOT_THE_RESERVED_PLAYER"


def seat_to_claim(reserved: dict[int, pb.SeatReserved], players: int, req: pb.JoinGameRequest,
                  taken: set[int]) -> tuple[int, str, bool]:
    """(seat, the name to record, whether an invite opened it). A reserved seat opens only to
    its invite, under the reserved name; without an invite, the lowest seat neither taken nor
    reserved."""
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
