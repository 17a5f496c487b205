"""Roma as a Carthago game: what it is, then the Decider wiring (DESIGN.md "The engine").

Roma is a two-player card and dice game: each player lays cards on six dice discs and spends
three action dice a turn to take money, take cards, or activate the cards. Rules summary and
every ruling: ``RULES.md``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core import GameInfo
from engine.session import ModularGame

from . import effects_buildings, effects_characters  # noqa: F401  (register the card effects)
from . import rules, views
from .commands import Command
from .events import Event
from .state import State, evolve
from .views import View

INFO = GameInfo(
    id="roma",
    title="Roma",
    player_counts=(2,),
    seat_names=("first", "second"),
    chance=True,
    hidden_information=True,
    simultaneous_moves=True,  # the secret pass at set-up
    proto_package="carthago.games.roma.v1",
    version="2",  # 2: Sicarius and Nero leave the game with their victims (snapshots of 1 are ignored)
    options={},
    max_steps=5_000,
)


class Roma(ModularGame):
    info: GameInfo = INFO
    State: ClassVar[type] = State
    Command: ClassVar[Any] = Command
    Event: ClassVar[Any] = Event
    View: ClassVar[type] = View
    rules = rules
    views = views
    evolve = staticmethod(evolve)


ROMA = Roma()
