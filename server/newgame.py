"""A new game's type, player count, options and clocks, checked before anything is written
(``CreateGame``, and ``CreateChallenge`` before its game exists: the same refusals)."""

from __future__ import annotations

from typing import Any

from carthago.v1 import carthago_pb2 as pb
from engine import errors, registry
from engine import platform as pf
from engine.core import Game, GameConfig
from engine.session import Session

from .failures import HostError
from .limits import quote

UNKNOWN_GAME_TYPE = "UNKNOWN_GAME_TYPE"
BAD_TIME_CONTROL = "BAD_TIME_CONTROL"    # CreateGameRequest.time_control out of range, or two kinds mixed


def time_control_of(req: pb.CreateGameRequest) -> pb.TimeControl | None:
    """CreateGameRequest.time_control, checked (``engine.platform.time_control_problem``, which
    ``verify`` applies to a log's GameCreated too); None when the game has no clocks."""
    if not req.HasField("time_control"):
        return None
    tc = req.time_control
    problem = pf.time_control_problem(tc.initial_ms, tc.increment_ms, tc.delay_ms, tc.per_move_ms)
    if problem:
        raise HostError("INVALID_ARGUMENT", BAD_TIME_CONTROL, problem)
    return tc


def game_type(name: str) -> Game:
    """The game of type ``name``, or INVALID_ARGUMENT / UNKNOWN_GAME_TYPE naming the known ones."""
    try:
        return registry.get(name)
    except KeyError:
        raise HostError("INVALID_ARGUMENT", UNKNOWN_GAME_TYPE,
                        f"no game type {quote(name)} (known: {', '.join(registry.ids())})") from None


def rule_error(exc: errors.RuleError) -> HostError:
    if exc.code in (errors.MALFORMED_COMMAND, errors.UNKNOWN_COMMAND, errors.BAD_CONFIG):
        return HostError("INVALID_ARGUMENT", exc.code, exc.message)
    return HostError("FAILED_PRECONDITION", exc.code, exc.message)


def check_new_game(req: pb.CreateGameRequest, seed: bytes) -> tuple[Game, int, pb.TimeControl | None, Session, list[Any]]:
    """(game, players, time control, the started session, its opening events) of a CreateGame, or
    its refusal: UNKNOWN_GAME_TYPE, BAD_TIME_CONTROL, BAD_CONFIG (player count, options)."""
    game = game_type(req.game_type)
    players = req.players or game.info.player_counts[0]
    time_control = time_control_of(req)
    try:
        session, opening = Session.start(game, GameConfig(players=players, options=dict(req.options)), seed)
    except errors.RuleError as exc:
        raise rule_error(exc) from None
    return game, players, time_control, session, opening
