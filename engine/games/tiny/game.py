"""Tiny as a Carthago game: what it is (``GameInfo``, declared before any rule, as OpenSpiel's
GameType), then the wiring of its modules to the engine's ``Game`` surface (``ModularGame``)."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core import GameInfo
from engine.session import ModularGame

from . import rules, views
from .commands import Command
from .events import Event
from .state import State, evolve
from .views import View

INFO = GameInfo(
    id="tiny",
    title="Tiny",
    player_counts=(2,),
    seat_names=("a", "b"),
    chance=True,                # the shuffle
    hidden_information=True,    # the cards face down
    simultaneous_moves=False,
    proto_package="",           # a real game names its protobuf package: "carthago.games.roma.v1"
    version="1",                # bump when the state's or the events' encoding or the rules change
    options={},
    max_steps=50,
)


class Tiny(ModularGame):
    info: GameInfo = INFO
    State: ClassVar[type] = State
    Command: ClassVar[Any] = Command
    Event: ClassVar[Any] = Event
    View: ClassVar[type] = View
    rules = rules
    views = views
    evolve = staticmethod(evolve)


TINY = Tiny()
