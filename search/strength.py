"""Campaigns of bot games in process and what they say: win rates with 95 % Wilson intervals, seat
balance, game lengths and how games end. Used by ``tools/strength.py`` and ``make bench``."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable, Iterable

from carthago.stats import Z95, wilson  # noqa: F401 - the intervals, shared with the client's tournaments
from engine import registry

from .match import Played, play


def binomial_tail(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p): the one-sided p-value of k successes or more."""
    return sum(math.comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(k, n + 1))


Job = tuple[str, tuple[str, ...], str, tuple[tuple[str, str], ...]]


def _run(job: Job) -> Played:
    game_id, bots, seed, options = job
    return play(game_id, list(bots), seed, dict(options))


def versus_jobs(game_id: str, bot: str, rival: str, games: int, players: int = 0,
                options: dict[str, str] | None = None, tag: str = "vs", first: int = 0) -> list[Job]:
    """``games`` games of ``bot`` against ``rival`` at every other seat, ``bot``'s seat rotating;
    from game number ``first`` (game ``i`` is the same game whichever run plays it: a campaign cut
    short goes on from where it stopped)."""
    n = players or registry.get(game_id).info.player_counts[0]
    jobs = []
    for i in range(first, first + games):
        bots = [rival] * n
        bots[i % n] = bot
        jobs.append((game_id, tuple(bots), f"{tag}-{game_id}-{bot}-{rival}-{i}", tuple(sorted((options or {}).items()))))
    return jobs


def same_jobs(game_id: str, bot: str, games: int, players: int = 0,
              options: dict[str, str] | None = None, first: int = 0, seeds: str = "") -> list[Job]:
    """``games`` games of ``bot`` at every seat (for the balance of seats and sides), from game
    number ``first``. Game ``i``'s seed names the bot, unless ``seeds`` is given: then it is
    ``seeds-i`` whatever the bot, so two bots' lines deal the same games (the same set-up, and the
    same dice until their commands differ)."""
    n = players or registry.get(game_id).info.player_counts[0]
    return [(game_id, (bot,) * n, f"{seeds}-{i}" if seeds else f"balance-{game_id}-{bot}-{n}-{i}",
             tuple(sorted((options or {}).items())))
            for i in range(first, first + games)]


def run(jobs: list[Job], workers: int = 1, on_game: Callable[[Played], None] | None = None) -> list[Played]:
    out: list[Played] = []
    if workers <= 1:
        for job in jobs:
            out.append(_run(job))
            if on_game:
                on_game(out[-1])
        return out
    with ProcessPoolExecutor(workers) as pool:
        for p in pool.map(_run, jobs):
            out.append(p)
            if on_game:
                on_game(p)
    return out


def _lengths(played: Iterable[Played]) -> dict[str, float]:
    xs = sorted(p.commands for p in played)
    return {"median": statistics.median(xs), "mean": statistics.fmean(xs), "min": xs[0], "max": xs[-1]} if xs else {}


def endings(played: Iterable[Played]) -> Counter:
    return Counter(p.result.reason if p.result is not None else "command limit" for p in played)


def versus(played: list[Played], bot: str) -> dict[str, Any]:
    """How ``bot`` fared: wins, draws, losses, win rate and its 95 % Wilson interval."""
    wins = draws = 0
    for p in played:
        seat = p.bots.index(bot)
        if p.result is not None and seat in p.result.winners:
            wins += 1
        elif p.result is None or not (p.result.winners or p.result.everyone_lost):
            draws += 1  # a game every seat lost (everyone_lost) is a loss for the bot too
    n = len(played)
    lo, hi = wilson(wins, n)
    return {"games": n, "wins": wins, "draws": draws, "losses": n - wins - draws,
            "win_rate": wins / n if n else 0.0, "ci95": (lo, hi), "commands": _lengths(played),
            "endings": dict(endings(played))}


def balance(played: list[Played]) -> dict[str, Any]:
    """Wins by seat (with 95 % Wilson intervals), draws, game lengths and endings of same-bot games."""
    n = len(played)
    seats = played[0].players if played else 0
    wins = Counter(w for p in played if p.result is not None for w in p.result.winners)
    draws = sum(1 for p in played if p.result is None or not (p.result.winners or p.result.everyone_lost))
    all_lost = sum(1 for p in played if p.result is not None and p.result.everyone_lost)
    by_seat = [{"seat": x, "wins": wins[x], "rate": wins[x] / n if n else 0.0, "ci95": wilson(wins[x], n)}
               for x in range(seats)]
    return {"games": n, "draws": draws, "all_lost": all_lost, "by_seat": by_seat, "commands": _lengths(played),
            "endings": dict(endings(played))}


def iterations_per_second(played: Iterable[Played]) -> float:
    """Search iterations per second of thinking, over every search seat of these games."""
    its = think = 0.0
    for p in played:
        for spec, i, t in zip(p.bots, p.iterations, p.think):
            if spec.startswith(("mcts", "level")):
                its += i
                think += t
    return its / think if think else 0.0


def pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def versus_line(game_id: str, bot: str, rival: str, r: dict[str, Any]) -> str:
    lo, hi = r["ci95"]
    return (f"{game_id:22s} {bot:>10s} vs {rival:<10s} {r['games']:4d} games  wins {r['wins']:4d} "
            f"draws {r['draws']:3d}  win rate {pct(r['win_rate']):>7s} [{pct(lo)}, {pct(hi)}]  "
            f"median {r['commands'].get('median', 0):.0f} commands")


def endings_line(r: dict[str, Any]) -> str:
    """How the games ended, most frequent first. A game with no winner is a draw in Roma or Rome et
    Carthage but a defeat of every player in The Republic of Carthage (Carthage fell, the result's
    ``everyone_lost``): the reason says how."""
    return "  ended by: " + ", ".join(f"{k} {v}" for k, v in Counter(r["endings"]).most_common())


def balance_lines(game_id: str, bot: str, r: dict[str, Any], names: tuple[str, ...], label: str = "") -> list[str]:
    lost = f", every seat lost {r['all_lost']}" if r.get("all_lost") else ""
    lines = [f"{game_id}{label}: {bot} at every seat, {r['games']} games, {r['draws']} draws{lost}; commands median "
             f"{r['commands'].get('median', 0):.0f} (mean {r['commands'].get('mean', 0):.0f}, "
             f"{r['commands'].get('min', 0)}–{r['commands'].get('max', 0)})"]
    for s in r["by_seat"]:
        lo, hi = s["ci95"]
        lines.append(f"  {names[s['seat']]:>10s}: {s['wins']:4d} wins  {pct(s['rate']):>7s} [{pct(lo)}, {pct(hi)}]")
    if r.get("all_lost"):
        lo, hi = wilson(r["all_lost"], r["games"])
        lines.append(f"  Carthage fell (every seat lost): {r['all_lost']} of {r['games']}, "
                     f"{pct(r['all_lost'] / r['games'])} [{pct(lo)}, {pct(hi)}]")
    lines.append(endings_line(r))
    return lines
