"""What bounds figure 10 (docs/RESEARCH.md, "Speed"): ``python -m bench.adapters_bound``.

On the same seeded random games for each game (Hannibal's and the Republic's first 400 commands),
in CPU time a step, the minimum of five passes:

* **engine**: the engine's search path alone (``status``, the legal list or the one ``advance``
  handed back, ``advance``: figure 10's floor, its ``status`` timed too);
* **OpenSpiel**: ``legal_actions`` + ``apply_action`` on the adapter, and the same with every
  legal list's ids handed back from a recording instead of encoded (``Encoding.listing``'s work
  taken out): what the action encoding costs a step;
* **view** and **features**: the engine's ``view`` of the seat to act after each step, and
  ``adapters.observe.features`` of it: what every PettingZoo observation needs whatever the
  adapter does, and the best ratio a step that builds a view can reach,
  engine / (engine + view).

Reported, never asserted.
"""

from __future__ import annotations

import random
from time import process_time
from typing import Any

from engine import registry
from engine.core import advance
from engine.rng import Rng
from engine.session import Session

from .adapters_bench import LONG

PASSES = 5


def _games(game_id: str, n: int = 6) -> list[tuple[int, list[int]]]:
    import pyspiel

    import adapters.openspiel

    game = pyspiel.load_game(adapters.openspiel.SHORT_NAMES[game_id], {"max_commands": LONG.get(game_id, 0)})
    out = []
    for seed in range(n):
        rnd, state = random.Random(seed), game.new_initial_state()
        state.apply_action(seed)
        actions = []
        while not state.is_terminal():
            actions.append(rnd.choice(state.legal_actions()))
            state.apply_action(actions[-1])
        out.append((seed, actions))
    return out


def measure(game_id: str) -> dict[str, Any]:
    import pyspiel

    import adapters.openspiel
    from adapters import observe
    from adapters.encoding import Encoding

    game = pyspiel.load_game(adapters.openspiel.SHORT_NAMES[game_id], {"max_commands": LONG.get(game_id, 0)})
    games = _games(game_id)
    steps = sum(len(a) for _, a in games)
    eng = registry.get(game_id)

    def openspiel() -> float:
        a = process_time()
        for seed, actions in games:
            state = game.new_initial_state()
            state.apply_action(seed)
            for x in actions:
                state.is_terminal()
                state.legal_actions()
                state.apply_action(x)
        return process_time() - a

    # the engine's own commands of those games, found through a table first (untimed)
    plays = []
    for seed, actions in games:
        state = game.new_initial_state()
        state.apply_action(seed)
        t = state.table()
        config, seed_bytes, cmds = t.config, t.seed, []
        for x in actions:
            cmds.append((t.to_act(), t.command_of(x)))
            t.apply(x)
        plays.append((config, seed_bytes, cmds))

    def engine(views: bool = False) -> tuple[float, float, float]:
        """The engine's steps (timed whole when ``views`` is off), or with ``views`` the view of
        the seat to act after each step and its features (timed alone)."""
        te = tv = tf = 0.0
        for config, seed_bytes, cmds in plays:
            session, _ = Session.start(eng, config, seed_bytes)
            state, position, hint = session.state, session.position, None
            a = process_time()
            for seat, command in cmds:
                eng.status(state)
                options = hint[1] if hint is not None and hint[0] == seat else eng.legal(state, seat)
                done = advance(eng, state, seat, command, Rng(seed_bytes, position), options)
                state, hint = done.state, done.legal
                position += len(done.emitted)
                if views:
                    st = eng.status(state)
                    if st.over or not st.to_act:
                        continue
                    c = process_time()
                    v = eng.view(state, min(st.to_act))
                    d = process_time()
                    observe.features(v)
                    tv += d - c
                    tf += process_time() - d
            te += process_time() - a
        return te, tv, tf

    listing = Encoding.listing
    recorded: list[tuple[list[int], Any]] = []

    def record(self: Encoding, commands: list[Any]) -> tuple[list[int], Any]:
        got = listing(self, commands)
        recorded.append(got)
        return got

    at = [0]

    def replay(self: Encoding, commands: list[Any]) -> tuple[list[int], Any]:
        got = recorded[at[0]]
        at[0] += 1
        return list(got[0]), got[1]

    best: dict[str, float] = {}

    def keep(name: str, seconds: float) -> None:
        best[name] = min(best.get(name, seconds), seconds)

    try:
        Encoding.listing = record
        openspiel()
        for _ in range(PASSES):
            Encoding.listing = listing
            keep("openspiel", openspiel())
            Encoding.listing, at[0] = replay, 0
            keep("openspiel_no_encoding", openspiel())
            Encoding.listing = listing
            keep("engine", engine()[0])
            _, tv, tf = engine(views=True)
            keep("view", tv)
            keep("features", tf)
    finally:
        Encoding.listing = listing
    us = {k: v / steps * 1e6 for k, v in best.items()}
    e = us["engine"]
    return {"game": game_id, "steps": steps, "us_per_step": us,
            "openspiel_ratio": e / us["openspiel"], "openspiel_ratio_without_encoding": e / us["openspiel_no_encoding"],
            "view_bound": e / (e + us["view"]), "view_and_features_bound": e / (e + us["view"] + us["features"])}


def main() -> int:
    try:
        import pettingzoo  # noqa: F401
        import pyspiel  # noqa: F401
    except ImportError as exc:
        print(f"skipped ({exc}); `make setup` installs requirements-research.lock")
        return 0
    for game_id in registry.ids():
        r = measure(game_id)
        u = r["us_per_step"]
        print(f"{game_id}: {r['steps']} steps; µs a step: engine {u['engine']:.1f}, OpenSpiel {u['openspiel']:.1f} "
              f"({r['openspiel_ratio']:.2f}x), without the encoding's work {u['openspiel_no_encoding']:.1f} "
              f"({r['openspiel_ratio_without_encoding']:.2f}x); view {u['view']:.1f}, features {u['features']:.1f}: "
              f"a step with a view at best {r['view_bound']:.2f}x, with its features {r['view_and_features_bound']:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
