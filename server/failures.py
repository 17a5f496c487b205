"""The refusal every layer of the server raises, and the codes of the host's own refusals (their own
module, so that the host's helpers, e.g. ``server.identity`` and ``server.feed``, raise them without
importing the host). Also the bound of a stream subscriber's queue, past which it is dropped with
``STREAM_TOO_SLOW`` (the game streams and the open-seats feed alike)."""

from __future__ import annotations


class HostError(Exception):
    """A refused request: a gRPC status name, a stable code and a message."""

    def __init__(self, status: str, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.status, self.code, self.message = status, code, message


# rule codes of the platform (the engine's are in engine.errors; the new game's, the seats' and the
# transports' beside their checks: server.newgame, server.seating, server.http)
GAME_NOT_FOUND = "GAME_NOT_FOUND"
TOKEN_REQUIRED = "TOKEN_REQUIRED"
INVALID_TOKEN = "INVALID_TOKEN"
OPERATOR_CANNOT_PLAY = "OPERATOR_CANNOT_PLAY"
WRONG_GAME = "WRONG_GAME"
STALE_SEQ = "STALE_SEQ"
LOST_RACE = "LOST_RACE"
REQUEST_ID_REUSED = "REQUEST_ID_REUSED"
CLIENT_SEED_NOT_ALLOWED = "CLIENT_SEED_NOT_ALLOWED"
NOT_FINISHED = "NOT_FINISHED"
BAD_SEQ = "BAD_SEQ"
BAD_COUNT = "BAD_COUNT"
BAD_LIMIT = "BAD_LIMIT"
BAD_PAGE_TOKEN = "BAD_PAGE_TOKEN"

STREAM_TOO_SLOW = "STREAM_TOO_SLOW"
TIME_EXPIRED = "TIME_EXPIRED"            # a command after a seat's time ran out (its expiry is being written)
TALK_TOO_FAST = "TALK_TOO_FAST"          # table talk beyond HostConfig.talk_burst / talk_per_minute
NOT_THE_CREATOR = "NOT_THE_CREATOR"      # SeatHouseBot with a token that is neither the creator's nor the operator's

MALFORMED_MESSAGE = "MALFORMED_MESSAGE"
MALFORMED_AUTHORIZATION = "MALFORMED_AUTHORIZATION"
STORE_UNAVAILABLE = "STORE_UNAVAILABLE"
SHUTTING_DOWN = "SHUTTING_DOWN"

# Read as ``failures.STREAM_QUEUE_MAX`` when a subscriber is fed (tests lower it here)
STREAM_QUEUE_MAX = 256   # batches (or feed changes) waiting for one subscriber before it is closed as too slow
TOO_SLOW = object()      # what a dropped subscriber's queue holds
