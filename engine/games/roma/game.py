"""Roma as a Carthago game: what it is, then the Decider wiring (DESIGN.md "The engine").

Roma is a two-player card and dice game: each player lays cards on six dice discs and spends
three action dice a turn to take money, take cards, or activate the cards. Rules summary and
every ruling: ``RULES.md``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core import Emitted, GameConfig, GameInfo, Status
from engine.rng import Rng
from engine.session import check_can_act

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
    version="1",
    options={},
    max_steps=5_000,
)


class Roma:
    info: GameInfo = INFO
    State: ClassVar[type] = State
    Command: ClassVar[Any] = Command
    Event: ClassVar[Any] = Event
    View: ClassVar[type] = View

    def validate_config(self, config: GameConfig) -> None:
        pass  # two players, no options: checked by engine.session.validate_config

    def initial(self, config: GameConfig) -> State:
        return rules.initial(config)

    def setup(self, config: GameConfig, rng: Rng) -> list[Emitted]:
        return rules.setup(config, rng)

    def decide(self, state: State, seat: int, command: Any, rng: Rng) -> list[Emitted]:
        check_can_act(self, state, seat)
        return rules.decide(state, seat, command, rng)

    def evolve(self, state: State, event: Any) -> State:
        return evolve(state, event)

    def legal(self, state: State, seat: int) -> list[Any]:
        return rules.legal(state, seat)

    def view(self, state: State, seat: int | None) -> View:
        return views.view(state, seat)

    def sample_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        return views.sample_hidden(self, state, seat, rng)

    def status(self, state: State) -> Status:
        return rules.status(state)


ROMA = Roma()
