"""Drawing an exported game's position at any seq, for games that have a board renderer.

A game that can draw a position offers ``engine.games.<game>.render.render_position(state, title)``.
"""

from __future__ import annotations

import importlib

from carthago.v1 import carthago_pb2 as pb
from engine import registry
from engine.core import GameConfig
from engine.session import Session

from .log import game_event_of, split_export
from .wire import wire_for


def render_export(data: bytes, seq: int | None) -> str:
    bodies = [pb.LogRecord.FromString(s.body) for _, s in split_export(data)]
    if not bodies or bodies[0].event.platform.WhichOneof("kind") != "game_created":
        raise SystemExit("not a Carthago export: its first record is not GameCreated")
    created = bodies[0].event.platform.game_created
    game = registry.get(created.game_type)
    try:
        render = importlib.import_module(f"engine.games.{game.info.id.replace('-', '_')}.render")
        draw = render.render_position
    except (ModuleNotFoundError, AttributeError):
        raise SystemExit(f"{game.info.id} has no board to draw") from None
    last = len(bodies) - 1 if seq is None else seq
    if not 0 <= last < len(bodies):
        raise SystemExit(f"--seq must be in 0..{len(bodies) - 1}")
    wire = wire_for(game)
    events = [e for b in bodies[: last + 1] if (e := game_event_of(wire, b)) is not None]
    config = GameConfig(players=created.players, options=dict(created.options))
    session = Session.replay(game, config, b"", events)
    return draw(session.state, f"{created.game_id} at seq {last}")
