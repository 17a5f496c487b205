"""The Republic of Carthage as a Carthago game: what it is, then the Decider wiring.

Three to six players lead the factions of Carthage's senate over about three and a half centuries:
they trade, persuade, govern, elect and prosecute wars, each for his faction and all for the
Republic, which can fall (rulebook ``shared/seeds/001_…``, French rules of 20 June 2017). The
printed components are data (``data/``, ``components.py``); our reading of the rules and every
ruling are in ``RULES.md``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core import GameInfo, decide_then_evolve
from engine.errors import GAME_OVER, NOT_YOUR_TURN, RuleError
from engine.session import ModularGame

from . import rules, views
from .commands import Command, Say
from .events import Event
from .flow import SIMULTANEOUS
from .flow import advance as _advance
from .options import OPTIONS
from .state import OVER, State, evolve
from .views import View

INFO = GameInfo(
    id="republic-of-carthage",
    title="The Republic of Carthage",
    player_counts=(3, 4, 5, 6),
    seat_names=("red", "blue", "green", "yellow", "purple", "orange"),
    chance=True,
    hidden_information=True,
    simultaneous_moves=True,  # the Civil War's cards are chosen by every player at once
    proto_package="carthago.games.republic_of_carthage.v1",
    version="5",  # 2: Port senators lie in the Port (R116: evolve changed); 3: R166-R170 (deaths clear counters, recall markers, R169 reinforcements); 4: a trial the Appeal to the People ends is not passed and ProposalDecided.appeal says how (V.5, issue 38); 5: the rulings that went against the text follow it (issue 37: R58 hidden treasuries, R67, R75, R165, R171, R172 caravan pool, R177); older snapshots are ignored
    max_steps=60_000,
    options=OPTIONS,
)


class RepublicOfCarthage(ModularGame):
    info: GameInfo = INFO
    State: ClassVar[type] = State
    Command: ClassVar[Any] = Command
    Event: ClassVar[Any] = Event
    View: ClassVar[type] = View
    rules = rules
    views = views
    evolve = staticmethod(evolve)

    def decide(self, state: Any, seat: int, command: Any, rng: Any) -> list[Any]:
        """As every game's, except table talk (R110): a ``Say`` may come from any seat at any time
        before the game ends, not only from the seats to act; ``rules.decide`` checks it (the game
        over included) and leaves the pending step as it is."""
        if isinstance(command, Say):
            return self.rules.decide(state, seat, command, rng)
        return super().decide(state, seat, command, rng)

    def advance(self, state: Any, seat: int, command: Any, rng: Any, allowed: list[Any] | None = None) -> Any:
        """``engine.core.advance``: in place (``rules.advance``), except table talk, decided as above."""
        if isinstance(command, Say):
            return decide_then_evolve(self, state, seat, command, rng)
        # ``check_can_act`` as every game's, read from the pending step without building a Status
        if state.phase == OVER:
            raise RuleError(GAME_OVER, "the game is over")
        top = state.flow[-1] if state.flow else None
        if top is None or not (seat in top.nums if top.seat == SIMULTANEOUS else seat >= 0 and top.seat == seat):
            raise RuleError(NOT_YOUR_TURN, f"seat {seat} is not to act now")
        return _advance(state, seat, command, rng, allowed)


REPUBLIC_OF_CARTHAGE = RepublicOfCarthage()
