"""Figure 10: the research adapters (adapters/, docs/RESEARCH.md), in process.

Random games through each adapter, beside the engine's own search path in the same run
(``engine_bench.advance_playouts``: ``advance`` + ``legal``, the floor; for Hannibal and the
Republic the same first 400 commands of each game as the adapters), in commands per second of CPU
time:

* **OpenSpiel**: ``state.legal_actions()`` (the state's Python answer) then
  ``state.apply_action`` (through pyspiel's C++ State, the action encoding and the table), no
  observation asked;
* **PettingZoo**: ``env.last()`` (the agent's observation: the view's features and the action
  mask) then ``env.step``, what a learner pays each step; the random agent picks among the
  mask's nonzero ids.

The floor and the two adapters run in turn, in rounds (4 in a quick run, 8 in a full one), each
figure over all its rounds: a burst of load on a shared machine then falls on all three. Target:
an adapter's rate at least 1/1.5 of the floor's (overhead at most 1.5x). Reported, never
asserted. Skipped, saying so, where the research packages are not installed.
"""

from __future__ import annotations

import random
from time import perf_counter, process_time
from typing import Any, Callable

import msgspec

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
            # the mask read as bool (its values are 0 and 1): numpy's nonzero on int8 is ~30x
            # slower (200 µs over Rome et Carthage's 53,317 ids: more than the adapter's step)
            e.step(rnd.choice(np.flatnonzero(obs["action_mask"].view(np.bool_)).tolist()))
            commands += 1
        spent += process_time() - a
        games += 1
    return {"games": games, "commands": commands, "cpu_s": spent, "per_s": commands / spent if spent else 0.0}


class _Cut:
    """A game whose random games stop after ``n`` commands (``info.max_steps``), everything else
    the game's own: the floor then plays the same first commands the adapters play (whole random
    Hannibal games run cheaper commands than their first 400, by about 10%)."""

    def __init__(self, game: Any, n: int) -> None:
        self._game = game
        self.info = msgspec.structs.replace(game.info, max_steps=n)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


def _add(total: dict[str, Any] | None, r: dict[str, Any]) -> dict[str, Any]:
    if total is None:
        return dict(r)
    out = {k: total[k] + r[k] for k in ("games", "commands", "cpu_s")}
    out["per_s"] = out["commands"] / out["cpu_s"] if out["cpu_s"] else 0.0
    return out


def run(quick: bool = False, game_ids: list[str] | None = None, log: Callable[[str], None] = print) -> dict[str, Any]:
    try:
        import pettingzoo  # noqa: F401
        import pyspiel  # noqa: F401
    except ImportError as exc:
        log(f"  adapters: skipped ({exc}); `make setup` installs requirements-research.lock")
        return {"figures": [], "raw": {"skipped": str(exc)}}
    seconds = 1.0 if quick else 4.0
    rounds = 4 if quick else 8  # the floor and each adapter in turn, so that a burst of load on a
    # shared machine falls on all three rather than on one
    figures, raw = [], {}
    for game_id in game_ids or registry.ids():
        fl = os_ = pz = None
        per_round: list[tuple[float, float]] = []
        for k in range(rounds):
            game = registry.get(game_id)
            f = advance_playouts(_Cut(game, LONG[game_id]) if game_id in LONG else game, seconds / rounds, seed=k + 1)
            f = {"games": f["games"], "commands": f["commands"], "cpu_s": f["cpu_s"],
                 "per_s": f["commands_per_s_with_legal"]}
            o = openspiel_playouts(game_id, seconds / rounds, seed=1 + 10_007 * k)
            p = pettingzoo_playouts(game_id, seconds / rounds, seed=1 + 10_007 * k)
            fl, os_, pz = _add(fl, f), _add(os_, o), _add(pz, p)
            per_round.append((o["per_s"] / f["per_s"], p["per_s"] / f["per_s"]))
        floor = fl["per_s"]
        cut = LONG.get(game_id)
        floor_name = "engine search path (advance + legal), same run" + (f", the same first {cut} commands" if cut else "")
        note = f"{'the first ' + str(cut) + ' commands of ' if cut else ''}random games"
        for j, (name, r) in enumerate((("OpenSpiel legal_actions + apply_action", os_),
                                       ("PettingZoo last() + step (observation, mask)", pz))):
            ratios = sorted(x[j] for x in per_round)
            figures.append(figure("10 adapters", f"{name} commands/s (CPU)", r["per_s"], "cmd/s", game=game_id,
                                  floor=floor, floor_name=floor_name,
                                  target=at_least(1 / 1.5),
                                  note=f"{r['games']} {note}, {r['commands']} commands; {rounds} rounds taken in "
                                       f"turn with the floor, ratio by round {ratios[0]:.2f}-{ratios[-1]:.2f}"))
        raw[game_id] = {"floor": floor, "floor_run": fl, "openspiel": os_, "pettingzoo": pz, "ratios_by_round": per_round}
        log(f"  adapters {game_id}: engine {floor:,.0f} cmd/s; OpenSpiel {os_['per_s']:,.0f} "
            f"({os_['per_s'] / floor:.2f}x); PettingZoo {pz['per_s']:,.0f} ({pz['per_s'] / floor:.2f}x)")
    return {"figures": figures, "raw": raw}
