"""One Elo ladder per game: Bradley–Terry strengths fitted to the games played between bots,
anchored at the random bot = 0, with intervals by bootstrap over the games.

Each game counts as pairwise results between its seats: a winner beats each seat that did not
win, winners together and losers together are even, and a draw (or a game every seat lost, The
Republic of Carthage IX.5) is even between all seats: half a win each way. The strengths are the
maximum-likelihood Bradley–Terry fit (Hunter's 2004 MM iteration, with a small even prior between
every pair so that a bot that won or lost every game still gets a finite rating), read as Elo:
``400 * log10(strength / strength(random))``. The interval is the 2.5 and 97.5 percentiles over
``resamples`` bootstrap draws of the games.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from typing import Iterable

from .match import Played

ANCHOR = "random"
PRIOR = 0.5  # half a game won each way between every pair of bots: keeps every rating finite


def pairwise(played: Iterable[Played]) -> dict[tuple[str, str], float]:
    """Wins of a over b, ``(a, b) -> wins``, over every game (a bot never plays itself here: two
    seats with one spec are the same bot and add nothing)."""
    wins: dict[tuple[str, str], float] = defaultdict(float)
    for p in played:
        winners = set(p.result.winners) if p.result is not None else set()
        for x in range(p.players):
            for y in range(x + 1, p.players):
                a, b = p.bots[x], p.bots[y]
                if a == b:
                    continue
                if (x in winners) == (y in winners):
                    wins[(a, b)] += 0.5
                    wins[(b, a)] += 0.5
                elif x in winners:
                    wins[(a, b)] += 1.0
                else:
                    wins[(b, a)] += 1.0
    return wins


def fit(wins: dict[tuple[str, str], float], bots: list[str], rounds: int = 500) -> dict[str, float]:
    """Bradley–Terry strengths (MM iteration) as Elo, the anchor (random, or the first bot) at 0."""
    pair = defaultdict(float)
    for (a, b), w in wins.items():
        pair[(a, b)] += w
    for a in bots:
        for b in bots:
            if a != b:
                pair[(a, b)] += PRIOR / 2
    total_wins = {a: sum(pair[(a, b)] for b in bots if b != a) for a in bots}
    games = {(a, b): pair[(a, b)] + pair[(b, a)] for a in bots for b in bots if a != b}
    strength = {a: 1.0 for a in bots}
    for _ in range(rounds):
        new = {}
        for a in bots:
            denom = sum(games[(a, b)] / (strength[a] + strength[b]) for b in bots if b != a)
            new[a] = total_wins[a] / denom if denom else strength[a]
        norm = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        strength = {a: v / norm for a, v in new.items()}
    anchor = ANCHOR if ANCHOR in bots else bots[0]
    return {a: 400.0 * math.log10(strength[a] / strength[anchor]) for a in bots}


def ladder(played: list[Played], resamples: int = 200, seed: int = 0) -> list[dict]:
    """Each bot's Elo with its 95 % bootstrap interval and games, strongest first."""
    bots = sorted({b for p in played for b in p.bots})
    point = fit(pairwise(played), bots)
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {b: [] for b in bots}
    for _ in range(resamples if played else 0):
        sample = [played[rng.randrange(len(played))] for _ in played]
        for b, elo in fit(pairwise(sample), bots, rounds=200).items():
            draws[b].append(elo)
    out = []
    for b in bots:
        xs = sorted(draws[b])
        lo = xs[int(0.025 * (len(xs) - 1))] if xs else float("nan")
        hi = xs[int(0.975 * (len(xs) - 1))] if xs else float("nan")
        out.append({"bot": b, "elo": point[b], "ci95": (lo, hi), "games": sum(1 for p in played if b in p.bots)})
    return sorted(out, key=lambda r: -r["elo"])


def ladder_lines(game_id: str, rows: list[dict]) -> list[str]:
    lines = [f"{game_id}: Elo ladder (Bradley–Terry, random = 0, 95 % bootstrap interval)"]
    for r in rows:
        lo, hi = r["ci95"]
        lines.append(f"  {r['bot']:>14s}  {r['elo']:7.0f}  [{lo:6.0f}, {hi:6.0f}]  {r['games']:4d} games")
    return lines
