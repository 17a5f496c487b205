"""Bots named by a spec (``random``, ``mcts:200``, ``mcts:200ms``) that choose a seat's command from
what the seat may know: its legal commands and determinizations of the game drawn for it.

A bot here never receives a game state. ``choose`` gets a ``sample(rng)`` function that returns a
full state drawn with the game's ``sample_hidden`` for the bot's seat (in process: from the live
session; on a server: the states the server drew for the seat, see ``search.remote``), so what the
rules hide from the seat cannot reach the search.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from engine.core import Game, tag_of
from engine.rng import Rng
from engine.session import Session

from .mcts import AGREEMENT_KINDS, Budget, choose

SPECS = "random, mcts:ITERATIONS (mcts:200), mcts:TIME (mcts:200ms, mcts:2s)"
AGREEMENT_ODDS = 50  # a random player looks at draw agreements once in this many choices


class RandomPlayer:
    """A random legal command (draw agreements rarely, as the client's random bot)."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(str(seed))

    def choose(self, game: Game, seat: int, players: int, sample: Callable[[Rng], Any], legal: list[Any]) -> Any:
        usual = [c for c in legal if tag_of(c) not in AGREEMENT_KINDS]
        if usual and len(usual) < len(legal) and self.rng.randrange(AGREEMENT_ODDS):
            return self.rng.choice(usual)
        return self.rng.choice(legal)


class MctsPlayer:
    """Information-set MCTS with a budget per move (``search.mcts``)."""

    def __init__(self, budget: Budget, seed: int | str = 0) -> None:
        self.budget = budget
        self.name = f"mcts:{budget}"
        self.seed = str(seed)
        self.moves = 0
        self.iterations = 0  # over every search so far (for iterations per second)
        self.searches = 0

    def choose(self, game: Game, seat: int, players: int, sample: Callable[[Rng], Any], legal: list[Any]) -> Any:
        self.moves += 1
        command, search = choose(game, seat, players, sample, legal, self.budget,
                                 f"mcts/{self.seed}/{seat}/{self.moves}".encode())
        if search is not None:
            self.iterations += search.iterations
            self.searches += 1
        return command


def parse(spec: str) -> tuple[str, Budget | None]:
    """``"mcts:200"`` -> ("mcts", 200 iterations); ``"random"`` -> ("random", None)."""
    kind, _, arg = spec.strip().partition(":")
    if kind == "random" and not arg:
        return kind, None
    if kind == "mcts":
        if not arg:
            raise ValueError("say the search budget: mcts:200 (iterations per move) or mcts:200ms")
        return kind, Budget.parse(arg)
    raise ValueError(f"unknown bot {spec!r} (bots: {SPECS})")


def make_player(spec: str, seed: int | str = 0) -> RandomPlayer | MctsPlayer:
    kind, budget = parse(spec)
    return MctsPlayer(budget, seed) if kind == "mcts" else RandomPlayer(seed)


def choose_in_process(player: Any, session: Session, seat: int) -> Any:
    """``player``'s command for ``seat`` in a live session: it gets the seat's legal commands and
    ``sample_hidden`` draws for the seat, never the session's state."""
    game, state = session.game, session.state
    return player.choose(game, seat, session.config.players,
                         lambda rng: game.sample_hidden(state, seat, rng), session.legal(seat))
