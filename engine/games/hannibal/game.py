"""Hannibal: Rome vs Carthage as a Carthago game: what it is, then the Decider wiring.

Two players fight the Second Punic War over nine turns of strategy cards: generals march and sail
across the Mediterranean, battles are fought with a hand of battle cards, and political control of
the provinces decides the war (rulebook ``shared/seeds/004_…``, 2nd-edition rules). The printed
components are data (``data/``, ``components.py``); our reading of the rules and every ruling are
in ``RULES.md``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core import GameInfo
from engine.session import ModularGame

from . import rules, views
from .options import OPTIONS
from .commands import Command
from .events import Event
from .state import State, evolve
from .views import View

INFO = GameInfo(
    id="hannibal",
    title="Hannibal: Rome vs Carthage",
    player_counts=(2,),
    seat_names=("rome", "carthage"),
    chance=True,
    hidden_information=True,
    simultaneous_moves=False,
    proto_package="carthago.games.hannibal.v1",
    # 2: the 2026-11 audits (§18.1, §18.2 consul_command, §22.4); 3: §9.3 left_command (G59), G58,
    # G25, §10.11 records, §18.2 swap in evolve; 4: issue 30 (Hanno returns only in Africa, G82;
    # the options pass_attrition and minor_campaign_ship, G83-G84); older snapshots are ignored
    version="4",
    options=OPTIONS,
    max_steps=60_000,
)


class Hannibal(ModularGame):
    info: GameInfo = INFO
    State: ClassVar[type] = State
    Command: ClassVar[Any] = Command
    Event: ClassVar[Any] = Event
    View: ClassVar[type] = View
    rules = rules
    views = views
    evolve = staticmethod(evolve)


HANNIBAL = Hannibal()
