"""The engine's test game: Tiny (engine/games/tiny, the template of docs/NEW_GAME.md), as a plain
class whose every method a test may override.

The template wires its modules through ``engine.session.ModularGame``, whose search path
(``unchecked_advance``) calls the rules module directly; the conformance tests plant bugs by
overriding one method of a subclass (``decide``, ``evolve``, ``view``...), so here each method is
its own and calls the template's module function: an override is what every caller gets.
"""

from __future__ import annotations

from engine.core import GameConfig
from engine.games.tiny import rules, state as tiny_state, views
from engine.games.tiny.commands import Command, Draw, Stand
from engine.games.tiny.events import Dealt, DealtPublic, Event, Shuffled, ShuffledPublic, Stood
from engine.games.tiny.game import INFO
from engine.games.tiny.state import State
from engine.games.tiny.views import View
from engine.rng import Rng
from engine.session import check_can_act

__all__ = ["TINY", "TinyGame", "Command", "Draw", "Stand", "Event", "Shuffled", "ShuffledPublic", "Dealt",
           "DealtPublic", "Stood", "State", "View"]


class TinyGame:
    info = INFO
    State, Command, Event, View = State, Command, Event, View

    def validate_config(self, config: GameConfig) -> None:
        pass

    def initial(self, config: GameConfig) -> State:
        return rules.initial(config)

    def setup(self, config: GameConfig, rng: Rng):
        return rules.setup(config, rng)

    def decide(self, state: State, seat: int, command, rng: Rng):
        check_can_act(self, state, seat)
        return rules.decide(state, seat, command, rng)

    def evolve(self, state: State, event) -> State:
        return tiny_state.evolve(state, event)

    def legal(self, state: State, seat: int):
        return rules.legal(state, seat)

    def view(self, state: State, seat):
        return views.view(state, seat)

    def sample_hidden(self, state: State, seat, rng: Rng) -> State:
        return views.sample_hidden(self, state, seat, rng)

    def status(self, state: State):
        return rules.status(state)


TINY = TinyGame()
