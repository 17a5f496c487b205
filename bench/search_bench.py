"""Figure 9: the search bot (``search.mcts``), in process.

* **Search iterations per second**, per game: ISMCTS from positions of a seeded random game (one in
  every few commands, the searching seat the one to act), each searched for a fixed time; the
  figure is iterations over time. Every iteration draws a determinization (``sample_hidden``),
  descends, expands, rolls out to the game's depth and backs up: it is the bot's unit of thought.
* **Win rate at a small budget**: ``mcts:BUDGET`` against the random bot, whole games, the bot's
  seat rotating, with the 95 % Wilson interval in the note. Few games per game (a Hannibal or
  Republic game is minutes of search): the campaigns behind bench/README.md use
  ``tools/strength.py``.

* **The levels' search** (``search.levels``: kept determinizations, rollouts cut short and judged
  by the game's evaluation) at the same positions, its floor the search of the day issue 29 was
  filed, run from git in the same run (``bench.search_baseline``; where git cannot give it, the
  search before the levels on today's code), target 5x; and the same on every core, root parallel (``search.parallel``), its floor
  the one-core figure (target: 1.7x on 2 cores). An iteration of the levels' search does less than
  one before them (a shorter rollout): what it buys is measured as strength at equal time in
  ``make strength`` (search/README.md), never assumed from these figures.

The classic figure (the search before the levels, on today's engine and search loop) has the
issue's day for its floor and no target: what the engine and the loop gained under every setting.
"""

from __future__ import annotations

import random
from contextlib import nullcontext
from time import perf_counter, process_time
from typing import Any, Callable

import msgspec

from engine import registry
from engine.core import GameConfig
from engine.session import Session
from search import strength
from search.levels import levels
from search.mcts import Budget, Search, Settings
from search.parallel import cores, search_in_parallel

from .search_baseline import BASELINE_REV, Baseline
from .stats import figure, summary

BUDGET = 10
GAMES = {"roma": 40, "rome-et-carthage": 10, "hannibal": 2, "republic-of-carthage": 2}
QUICK_GAMES = {"roma": 4, "rome-et-carthage": 1, "hannibal": 0, "republic-of-carthage": 0}


def iteration_rate(game_id: str, seconds: float, positions: int = 5, seed: int = 1, settings: Settings | None = None,
                   workers: int = 1) -> dict[str, Any]:
    """Iterations per second over ``positions`` positions of one seeded random game (the same for
    every setting): the search before the levels by default, or ``settings`` over ``workers``
    processes (root parallel: the iterations of every worker count). One process is timed by its
    CPU time (iterations per CPU second: a loaded machine slows it, not its figure), several by the
    wall clock (their CPU time is the workers')."""
    clock = process_time if workers == 1 else perf_counter
    game = registry.get(game_id)
    players = game.info.player_counts[0]
    session, _ = Session.start(game, GameConfig(players), f"search-bench-{seed}".encode())
    pick = random.Random(seed)
    rates, iterations, spent, wall = [], 0, 0.0, 0.0
    step = 0
    while len(rates) < positions and step < 5000:
        st = session.status()
        if st.over:
            break
        seat = st.to_act[0]
        legal = session.legal(seat)
        if step % 7 == 0 and len(legal) > 1:
            state = session.state
            sample = lambda rng: game.sample_hidden(state, seat, rng)  # noqa: E731
            budget = Budget(millis=1000 * seconds / positions)
            t, w = clock(), perf_counter()
            if workers > 1:
                search = search_in_parallel(game, seat, players, sample, b"bench", settings or Settings(), budget,
                                            workers)
            else:
                search = Search(game, seat, players, sample, b"bench", settings=settings).run(budget)
            dt = clock() - t
            wall += perf_counter() - w
            rates.append(search.iterations / dt)
            iterations += search.iterations
            spent += dt
        session.submit(seat, pick.choice(legal))
        step += 1
    return {"rates": rates, "iterations": iterations, "seconds": spent,
            "per_second": iterations / spent if spent else 0.0,
            "per_wall_second": iterations / wall if wall else 0.0}


def run(quick: bool = False, game_ids: list[str] | None = None, log: Callable[[str], None] = print,
        games: dict[str, int] | None = None, seconds: float | None = None, baseline: bool = True) -> dict[str, Any]:
    """Figure 9; ``baseline``: also measure the search of the issue's day (``search_baseline``, from
    git; never in a quick run)."""
    seconds = seconds if seconds is not None else (1.0 if quick else 4.0)
    games = games if games is not None else (QUICK_GAMES if quick else GAMES)
    bot = f"mcts:{BUDGET}"
    figures, raw = [], {}
    with Baseline(log) if baseline and not quick else nullcontext() as old:
        for game_id in game_ids or registry.ids():
            figs, raw[game_id], line = _game(game_id, seconds, old, bot, games)
            figures += figs
            log(line)
    return {"figures": figures, "raw": raw}


def _game(game_id: str, seconds: float, old: Baseline | None, bot: str,
          games: dict[str, int]) -> tuple[list[dict[str, Any]], dict[str, Any], str]:
    figures = []
    # the search of the day issue 29 was filed, from git (search_baseline), when it can be had
    base = old.rate(game_id, seconds) if old is not None else None
    base_name = f"the search of 2026-12-01 (commit {BASELINE_REV[:7]}), same run"
    r = iteration_rate(game_id, seconds)
    figures.append(figure("9 search", "ISMCTS iterations/s (1 core)", r["per_second"], "it/s", game=game_id,
                          spread=summary(r["rates"]), floor=base["per_second"] if base else None,
                          floor_name=base_name if base else "",
                          note=f"{len(r['rates'])} positions of a random game, {r['iterations']} iterations; "
                               "the search before the levels (Settings()), on today's engine and search loop"))
    # the levels' search at the same positions, beside the search of the issue's day (its floor; the
    # search before the levels on today's code where git cannot give it), then on every core (root
    # parallel, its floor the one-core figure)
    settings = levels(game_id)[-1].settings
    lv = iteration_rate(game_id, seconds, settings=settings)
    floor, floor_name = ((base["per_second"], base_name) if base else
                         (r["per_second"], "the search before the levels on today's code, same run"))
    figures.append(figure("9 search", "levels' search iterations/s (1 core)", lv["per_second"], "it/s",
                          game=game_id, floor=floor, floor_name=floor_name,
                          target={"on": "ratio", "op": ">=", "value": 5.0}, spread=summary(lv["rates"]),
                          note=f"settings {msgspec.json.encode(settings).decode()}"))
    n_cores = cores()
    par = iteration_rate(game_id, seconds, settings=settings, workers=n_cores) if n_cores > 1 else None
    if par is not None:
        figures.append(figure("9 search", f"levels' search iterations/s ({n_cores} cores, root parallel)",
                              par["per_second"], "it/s", game=game_id, floor=lv["per_wall_second"],
                              floor_name="the same search on one core, same run, by the wall clock too",
                              target={"on": "ratio", "op": ">=", "value": 1.7}, spread=summary(par["rates"])))
    raw: dict[str, Any] = {"baseline": base, "iterations": r, "levels": lv, "parallel": par}
    line = (f"  search {game_id}: "
            + (f"2026-12-01's search {base['per_second']:,.0f} iterations/s; " if base else "")
            + f"today's {r['per_second']:,.0f}; levels' search {lv['per_second']:,.0f} "
            f"({lv['per_second'] / max(1e-9, floor):.1f}x)"
            + (f", on {n_cores} cores {par['per_second']:,.0f} "
               f"({par['per_second'] / max(1e-9, lv['per_wall_second']):.2f}x)" if par else ""))
    n = games.get(game_id, 0)
    if n:
        played = strength.run(strength.versus_jobs(game_id, bot, "random", n, tag="bench"))
        v = strength.versus(played, bot)
        lo, hi = v["ci95"]
        figures.append(figure("9 search", f"{bot} win rate vs random", v["win_rate"], "", game=game_id,
                              note=f"{v['wins']} wins, {v['draws']} draws in {n} games; 95 % Wilson "
                                   f"[{lo:.2f}, {hi:.2f}]; median {v['commands'].get('median', 0):.0f} commands"))
        raw["versus"] = {k: v[k] for k in ("games", "wins", "draws", "losses", "win_rate", "ci95")}
        line += f"; {bot} vs random {v['wins']}/{n} [{lo:.2f}, {hi:.2f}]"
    return figures, raw, line
