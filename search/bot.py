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

from .clock import ClockNow, budget_under
from .heuristics import PRIORS, VARIANTS
from .mcts import AGREEMENT_KINDS, Budget, Settings, choose

SPECS = ("random, level:N (the game's levels, search.levels), mcts:ITERATIONS (mcts:200), mcts:TIME (mcts:200ms, "
         "mcts:2s), with settings mcts:BUDGET:depth=2,pool=32,widen=1.5,exploration=0.7,evaluation=survival,workers=2")
EVALUATIONS = {"score"} | {name for _, name in VARIANTS}
PRIOR_NAMES = {name for _, name in PRIORS}
SETTING_NAMES = {"depth": int, "pool": int, "widen": float, "exploration": float, "evaluation": str, "prior": str,
                 "bias": float}
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
    """Information-set MCTS with a budget per move (``search.mcts``), its settings, and over
    ``workers`` processes (root parallel, ``search.parallel``) when more than one."""

    def __init__(self, budget: Budget, seed: int | str = 0, settings: Settings | None = None, workers: int = 1,
                 name: str = "") -> None:
        self.budget = budget
        self.settings = settings or Settings()
        self.workers = workers
        self.name = name or f"mcts:{budget}"
        self.seed = str(seed)
        self.clock: ClockNow | None = None  # the seat's clock as this move starts, when it has one
        self.moves = 0
        self.iterations = 0  # over every search so far (for iterations per second)
        self.searches = 0

    def choose(self, game: Game, seat: int, players: int, sample: Callable[[Rng], Any], legal: list[Any]) -> Any:
        self.moves += 1
        budget = self.budget_now(game, seat)
        searcher = None
        if self.workers > 1:
            from .parallel import over

            searcher = over(self.workers)
        command, search = choose(game, seat, players, sample, legal, budget,
                                 f"mcts/{self.seed}/{seat}/{self.moves}".encode(), self.settings, searcher)
        if search is not None:
            self.iterations += search.iterations
            self.searches += 1
        return command

    def budget_now(self, game: Game, seat: int) -> Budget:
        """This move's budget: the bot's own, shortened under a clock (``search.clock``)."""
        return budget_under(self.budget, self.clock)


def parse(spec: str) -> tuple[str, Budget | None]:
    """``"mcts:200"`` -> ("mcts", 200 iterations); ``"random"`` -> ("random", None)."""
    kind, _, arg = spec.strip().partition(":")
    if kind == "random" and not arg:
        return kind, None
    if kind == "mcts":
        if not arg:
            raise ValueError("say the search budget: mcts:200 (iterations per move) or mcts:200ms")
        return kind, Budget.parse(arg.partition(":")[0])
    if kind == "level":
        return kind, None
    raise ValueError(f"unknown bot {spec!r} (bots: {SPECS})")


def parse_settings(text: str) -> tuple[Settings, int]:
    """``"depth=2,pool=32,workers=2"`` -> (Settings, workers); an unknown or bad name is refused."""
    values: dict[str, Any] = {}
    workers = 1
    for part in filter(None, text.split(",")):
        name, eq, value = part.partition("=")
        try:
            if name == "workers" and eq:
                workers = int(value)
                if workers < 1:
                    raise ValueError
                continue
            values[name] = SETTING_NAMES[name](value)
            if (name == "evaluation" and value not in EVALUATIONS) or (name == "prior" and not set(value.split("+")) <= PRIOR_NAMES):
                raise ValueError
        except (KeyError, ValueError):
            raise ValueError(f"bad search setting {part!r}: say {', '.join(SETTING_NAMES)} or workers, "
                             f"as name=value (evaluations: {', '.join(sorted(EVALUATIONS))}; "
                             f"priors: {', '.join(sorted(PRIOR_NAMES))})") from None
    return Settings(**values), workers


def check(spec: str) -> None:
    """Raise ValueError unless ``spec`` names a bot, its budget, settings or level included (the
    levels are one ladder for every game, so no game is needed to check one)."""
    kind, _ = parse(spec)
    if kind == "level":
        from .levels import level

        level("", spec.partition(":")[2])
    elif kind == "mcts":
        parse_settings(spec.strip().split(":", 2)[2] if spec.count(":") >= 2 else "")


def make_player(spec: str, seed: int | str = 0, game_id: str = "") -> RandomPlayer | MctsPlayer:
    """The player a spec names; ``level:N`` needs the game (its levels differ per game)."""
    kind, budget = parse(spec)
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "level":
        from .levels import level

        lv = level(game_id, spec.partition(":")[2])
        return MctsPlayer(lv.budget(), seed, lv.settings, lv.workers(), name=spec)
    settings, workers = parse_settings(spec.strip().split(":", 2)[2] if spec.count(":") >= 2 else "")
    return MctsPlayer(budget, seed, settings, workers, name=spec)


def choose_in_process(player: Any, session: Session, seat: int) -> Any:
    """``player``'s command for ``seat`` in a live session: it gets the seat's legal commands and
    ``sample_hidden`` draws for the seat, never the session's state."""
    game, state = session.game, session.state
    return player.choose(game, seat, session.config.players,
                         lambda rng: game.sample_hidden(state, seat, rng), session.legal(seat))
