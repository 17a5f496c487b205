"""Per-game evaluation of a position that a rollout stopped short of the end.

A rollout is cut after a game's ``ROLLOUT_DEPTH`` commands (a random game of Hannibal or The Republic
of Carthage runs for hundreds to thousands of commands: playing each rollout out would leave a few
iterations per second). The position it reached is then scored by ``evaluate(game_id, state)``: one
value per seat in [0, 1], read as that seat's chance to win, from the game's own score (the measure
its rules use to pick the winner at the end) squashed by a logistic curve. These are the engine's
full states: the search only ever evaluates determinized states (``sample_hidden``), never the real
one, and every heuristic below reads public parts of the state only (scores on the board).
"""

from __future__ import annotations

import math
from typing import Any, Callable

# Commands after which a rollout stops and the position is evaluated, per game (see the docstring).
ROLLOUT_DEPTH = {"roma": 40, "rome-et-carthage": 12, "hannibal": 30, "republic-of-carthage": 30}
DEFAULT_DEPTH = 30


def _squash(margins: list[float], scale: float) -> list[float]:
    """A seat's margin over its best rival -> a value in (0, 1) (0.5 at a tie)."""
    return [1.0 / (1.0 + math.exp(-m / scale)) for m in margins]


def _margins(points: list[float]) -> list[float]:
    out = []
    for x, p in enumerate(points):
        rivals = [q for y, q in enumerate(points) if y != x]
        out.append(p - max(rivals) if rivals else 0.0)
    return out


def _roma(s: Any) -> list[float]:
    # The game is won on victory points (Roma: a player without VP, or the supply empty: most VP).
    # Money and filled discs are what buy VP later; they count for a little.
    pts = [s.vp[x] + 0.1 * s.money[x] + 0.3 * sum(1 for c in s.discs[x] if c) for x in (0, 1)]
    return _squash(_margins(pts), 3.0)


def _rome_et_carthage(s: Any) -> list[float]:
    # Pieces still on the board decide the game (``scores``); a team shares its partners' pieces.
    from engine.games.rome_et_carthage.rules import pieces_left

    n = s.players
    if not s.seats:
        return [0.5] * n
    team_of = [s.seats[x].team for x in range(n)]
    per_team: dict[int, float] = {}
    for x in range(n):
        per_team[team_of[x]] = per_team.get(team_of[x], 0.0) + pieces_left(s, x)
    margins = []
    for x in range(n):
        others = [v for t, v in per_team.items() if t != team_of[x]]
        margins.append(per_team[team_of[x]] - max(others) if others else 0.0)
    return _squash(margins, 3.0)


def _hannibal(s: Any) -> list[float]:
    # Political points (one per controlled scoring province, §22.1) decide the game at its end;
    # political control markers are what provinces are made of.
    from engine.games.hannibal.board import political_points

    pp = political_points(s)
    pcs = [sum(1 for v in s.control.values() if v == x) for x in (0, 1)]
    return _squash(_margins([pp[x] + pcs[x] / 8 for x in (0, 1)]), 2.0)


def _republic_of_carthage(s: Any) -> list[float]:
    # The most influential faction wins (its senators' influence, the end of game scores).
    from engine.games.republic_of_carthage.state import seat_influence

    return _squash(_margins([float(seat_influence(s, x)) for x in range(s.players)]), 6.0)


# The chance that Carthage lasts, by what ends it for everyone (IX.5): a fourth Active War (a
# rebellion counts as one, VII.3), a fourth Lost War, a Treasury that cannot pay. Reconstructed by
# us (search settings, not rules): the shares are a judgement of how near each count is to the end.
ACTIVE_WARS_LAST = (1.0, 0.97, 0.88, 0.6)
LOST_WARS_LAST = (1.0, 0.95, 0.85, 0.55)
TREASURY_LOW = ((10, 0.7), (25, 0.9))  # (below this many talents, chance of paying its way)


def _carthage_lasts(s: Any) -> float:
    from engine.games.republic_of_carthage.rebellion import wars_counted

    active = sum(1 for w in s.wars.values() if w.status in ("active", "unprosecuted")) + wars_counted(s)
    lost = sum(1 for w in s.wars.values() if w.status == "lost")
    chance = ACTIVE_WARS_LAST[min(active, 3)] * LOST_WARS_LAST[min(lost, 3)]
    for below, share in TREASURY_LOW:
        if s.treasury < below:
            chance *= share
            break
    return chance


def _republic_of_carthage_survival(s: Any) -> list[float]:
    # Each faction's chance to win is its chance to be ahead when the game ends by a winner, times
    # the chance that it ends so at all: a Carthage that falls is every faction's defeat (IX.5), so
    # the common defence (the wars, the Treasury) is worth something to each seat.
    lasts = _carthage_lasts(s)
    return [lasts * v for v in _republic_of_carthage(s)]


EVALUATE: dict[str, Callable[[Any], list[float]]] = {
    "roma": _roma,
    "rome-et-carthage": _rome_et_carthage,
    "hannibal": _hannibal,
    "republic-of-carthage": _republic_of_carthage,
}


def rollout_depth(game_id: str) -> int:
    return ROLLOUT_DEPTH.get(game_id, DEFAULT_DEPTH)


def evaluate(game_id: str, state: Any, players: int) -> list[float]:
    """Each seat's value of an unfinished position in [0, 1]; 0.5 each for a game without one."""
    fn = EVALUATE.get(game_id)
    return fn(state) if fn else [0.5] * players


# Other evaluations a search may be set to (Settings.evaluation), by game and name.
VARIANTS: dict[tuple[str, str], Callable[[Any], list[float]]] = {
    ("republic-of-carthage", "survival"): _republic_of_carthage_survival,
}


def evaluator(game_id: str, players: int, name: str = "score") -> Callable[[Any], list[float]]:
    """``evaluate`` for one game (``name``: "score", or one of its ``VARIANTS``), looked up once (a
    search calls it every iteration). A variant the game does not have is its score."""
    fn = VARIANTS.get((game_id, name)) or EVALUATE.get(game_id)
    if fn is not None:
        return fn
    even = [0.5] * players
    return lambda state: list(even)
