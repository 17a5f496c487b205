"""Figure 10: the research adapters (adapters/, docs/RESEARCH.md), in process.

Random games through each adapter, beside the engine's own search path in the same run
(``engine_bench.advance_playouts``: ``advance`` + ``legal``, the floor), in commands per second of
CPU time:

* **OpenSpiel**: ``state.legal_actions()`` then ``state.apply_action`` (through pyspiel's C++
  State, the action encoding and the table), no observation asked;
* **PettingZoo**: ``env.last()`` (the agent's observation: the view's features and the action
  mask) then ``env.step``, what a learner pays each step.

Target: an adapter's rate at least 1/1.5 of the floor's (overhead at most 1.5x). Reported, never
asserted. Skipped, saying so, where the research packages are not installed.
"""

from __future__ import annotations

import random
from time import perf_counter, process_time
from typing import Any, Callable

from engine import registry

from .engine_bench import advance_playouts
from .stats import at_least, figure

LONG = {"hannibal": 400, "republic-of-carthage": 400}  # commands a game at most (the first ones)


def openspiel_playouts(game_id: str, seconds: float, seed: int = 1) -> dict[str, Any]:
    import pyspiel

    import adapters.openspiel

    cut = LONG.get(game_id, 0)
    game = pyspiel.load_game(adapters.openspiel.SHORT_NAMES[game_id], {"max_commands": cut})
    rnd = random.Random(seed)
    spent, commands, games = 0.0, 0, 0
    deadline = perf_counter() + seconds
    while perf_counter() < deadline:
        state = game.new_initial_state()
        state.apply_action(rnd.randrange(game.max_chance_outcomes()))
        a = process_time()
        while not state.is_terminal():
            state.apply_action(rnd.choice(state.legal_actions()))
            commands += 1
        spent += process_time() - a
        games += 1
    return {"games": games, "commands": commands, "cpu_s": spent, "per_s": commands / spent if spent else 0.0}


def pettingzoo_playouts(game_id: str, seconds: float, seed: int = 1) -> dict[str, Any]:
    import numpy as np

    from adapters.pettingzoo import env

    e = env(game_id, max_commands=LONG.get(game_id, 0))
    rnd = random.Random(seed)
    spent, commands, games = 0.0, 0, 0
    deadline = perf_counter() + seconds
    while perf_counter() < deadline:
        e.reset(seed=seed + games)
        a = process_time()
        for _ in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            e.step(rnd.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            commands += 1
        spent += process_time() - a
        games += 1
    return {"games": games, "commands": commands, "cpu_s": spent, "per_s": commands / spent if spent else 0.0}


def run(quick: bool = False, game_ids: list[str] | None = None, log: Callable[[str], None] = print) -> dict[str, Any]:
    try:
        import pettingzoo  # noqa: F401
        import pyspiel  # noqa: F401
    except ImportError as exc:
        log(f"  adapters: skipped ({exc}); `make setup` installs requirements-research.lock")
        return {"figures": [], "raw": {"skipped": str(exc)}}
    seconds = 1.0 if quick else 4.0
    figures, raw = [], {}
    for game_id in game_ids or registry.ids():
        floor = advance_playouts(registry.get(game_id), seconds)["commands_per_s_with_legal"]
        os_ = openspiel_playouts(game_id, seconds)
        pz = pettingzoo_playouts(game_id, seconds)
        cut = LONG.get(game_id)
        note = f"{'the first ' + str(cut) + ' commands of ' if cut else ''}random games"
        for name, r in (("OpenSpiel legal_actions + apply_action", os_),
                        ("PettingZoo last() + step (observation, mask)", pz)):
            figures.append(figure("10 adapters", f"{name} commands/s (CPU)", r["per_s"], "cmd/s", game=game_id,
                                  floor=floor, floor_name="engine search path (advance + legal), same run",
                                  target=at_least(1 / 1.5), note=f"{r['games']} {note}, {r['commands']} commands"))
        raw[game_id] = {"floor": floor, "openspiel": os_, "pettingzoo": pz}
        log(f"  adapters {game_id}: engine {floor:,.0f} cmd/s; OpenSpiel {os_['per_s']:,.0f} "
            f"({os_['per_s'] / floor:.2f}x); PettingZoo {pz['per_s']:,.0f} ({pz['per_s'] / floor:.2f}x)")
    return {"figures": figures, "raw": raw}
