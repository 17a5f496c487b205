"""The house bot's levels: one ladder per game, from a novice that searches twenty lines a move to
the strongest, which thinks two seconds a move on every core.

A level is a search setting (``search.mcts.Settings``: rollout depth, determinizations kept,
progressive widening) and a budget a move: levels 1 and 2 stop at a number of iterations (so they
play alike on a fast machine and a slow one, never above their time cap), levels 3 to 6 at a time.
Levels 5 and 6 search root parallel on every core (``search.parallel``). Under a clock a level
never spends more than ``search.clock`` allows (it may spend less).

Named wherever bots are named: ``level:4`` (``carthago play … --bots level:4,random``,
``carthago bot … --bot level:6``, tournaments), and listed for clients by ``ListGameTypes``
(``GameTypeInfo.bot_levels``). Measured in search/README.md ("Levels").
"""

from __future__ import annotations

import msgspec

from .mcts import Budget, Settings
from .parallel import cores


class Level(msgspec.Struct, frozen=True):
    number: int
    title: str
    millis: int           # the time a move may take (a cap for the levels that count iterations)
    iterations: int = 0   # 0: search until the time is up
    all_cores: bool = False
    settings: Settings = Settings()

    @property
    def name(self) -> str:
        return f"level:{self.number}"

    def budget(self) -> Budget:
        return Budget(self.iterations, float(self.millis))

    def workers(self) -> int:
        return cores() if self.all_cores else 1

    def describe(self, language: str = "en") -> str:
        """The budget in words, in ``language`` ("en" or "fr"): "100 lines, at most 0.1 s a move"."""
        if language == "fr":
            seconds = f"{self.millis / 1000:g}".replace(".", ",")  # the French decimal comma
            per_move = f"{self.iterations} lignes, au plus {seconds} s" if self.iterations else f"{seconds} s"
            return f"{per_move} par coup{', tous les cœurs' if self.all_cores else ''}"
        per_move = f"{self.iterations} lines, at most {self.millis / 1000:g} s" if self.iterations \
            else f"{self.millis / 1000:g} s"
        return f"{per_move} a move{', every core' if self.all_cores else ''}"

    def title_in(self, language: str = "en") -> str:
        """The level's name for display in ``language``; ``title`` (English) is the one bot specs take."""
        return TITLES_FR.get(self.title, self.title) if language == "fr" else self.title


# Per game: how far a line is played at random before the position is judged, how, and how many
# determinizations are kept. Chosen by games at equal time (100 ms a move, one core) against the
# search before the levels, whose rollouts run 40 (Roma), 12 (Rome et Carthage) or 30 commands:
# search/README.md, "Levels, settings and house bots" (Hannibal: depth 8 won 16 of 20; Roma: depth
# 10 won 24 of 40, depth 4 18, depth 0 12; Rome et Carthage: judged by the capitals each team holds
# and its clock beside its pieces, 9 won, 3 lost, 8 drawn of 20 against the pieces alone; then, with
# the capitals, rollouts of 6 beat mcts:30 at its own 15 ms a move in 10 of the 12 decided games of
# 14, rollouts of 12 in 10 of 16 decided of 20, and run 1.5x the iterations). The Republic of
# Carthage keeps its rollouts of 30: with 8 (and the survival evaluation), Carthage fell in all 8 games between three such bots at
# 50 ms a move; of those settings the pool alone is what its levels take (its draws of hidden cards are
# the dearest). Its priors (search.heuristics): at four players between mcts:5 bots on the same 22 seeds, Carthage fell in 82 % of the
# games without one, 77 % with the guard, 68 % with guard+purse and 64 % with guard+purse+steady, every
# interval overlapping; with guard+purse+steady+fleet 44 % of 16 against 88 % (same seeds), not yet checked at
# equal time (search/README.md, "The Republic's guard", 2026-12-03). At equal time (2026-12-07, 100 ms a
# move, four players, pool 16): with guard+purse+steady+fleet+brief at every seat Carthage fell in 2 of 13
# (15 % [4, 42]) against 7 of 10 without (70 % [40, 89], same seeds); one seat with it among three
# without won 3 of the 4 decided games of 13, though it ran 0.80x the iterations a second: the levels take it.
REPUBLIC_PRIOR = "guard+purse+steady+fleet+brief"  # search.heuristics.PRIORS: the common defence, II.10's plans
GAME_SETTINGS = {
    "roma": Settings(depth=10, pool=32),
    "rome-et-carthage": Settings(depth=6, pool=32, evaluation="capitals"),
    "hannibal": Settings(depth=8, pool=32),
    "republic-of-carthage": Settings(pool=16, prior=REPUBLIC_PRIOR),
}
DEFAULT_SETTINGS = Settings(depth=8, pool=32)

LADDER = (
    # number, title, millis, iterations, all cores
    (1, "Novice", 100, 20, False),
    (2, "Casual", 250, 100, False),
    (3, "Club", 250, 0, False),
    (4, "Strong", 600, 0, False),
    (5, "Expert", 1000, 0, True),
    (6, "Strongest", 2000, 0, True),
)
# The levels' names in French, for display only (a bot spec names a level by its number or English title)
TITLES_FR = {"Novice": "Novice", "Casual": "Amateur", "Club": "Club", "Strong": "Fort", "Expert": "Expert",
             "Strongest": "Le plus fort"}


def levels(game_id: str) -> list[Level]:
    """Every level of ``game_id``, weakest first."""
    settings = GAME_SETTINGS.get(game_id, DEFAULT_SETTINGS)
    return [Level(n, title, millis, iterations, every, settings) for n, title, millis, iterations, every in LADDER]


def level(game_id: str, name: str) -> Level:
    """The level ``name`` ("4", or "strongest" by its title) of ``game_id``; a ValueError naming
    the levels otherwise."""
    ladder = levels(game_id)
    key = name.strip().lower()
    for lv in ladder:
        if key in (str(lv.number), lv.title.lower()):
            return lv
    raise ValueError(f"unknown bot level {name!r}: the levels are "
                     + ", ".join(f"{lv.number} ({lv.title})" for lv in ladder))
