"""What the research adapters return, as one digest per game: seeded random games played through
the OpenSpiel and the PettingZoo adapters (adapters/), every answer a learner or an OpenSpiel
algorithm reads folded into a SHA-256 as it comes. A speed-up of the adapters must leave every
digest unchanged (tests/test_adapters_golden.py compares them with tests/adapters_golden.json).

    .venv/bin/python tools/adapter_golden.py            # print the digests
    .venv/bin/python tools/adapter_golden.py --write    # (re)write tests/adapters_golden.json

What is folded, step by step:

- OpenSpiel: the current player, ``legal_actions()`` (Python's and the C++ path's,
  ``pyspiel.State.legal_actions(state, player)``), ``legal_actions_mask``, the chosen action and
  its ``action_to_string``, every seat's ``observation_string`` and ``information_state_string``,
  and its ``observation_tensor`` where the game provides one, ``returns()``, ``is_terminal``;
  every tenth step a clone and a ``serialize``/``deserialize`` round trip, each asked the same;
- PettingZoo: for every ``last()`` the agent, the observation's features (float32 bytes) and
  action mask (int8 bytes), the reward, termination, truncation and info; the chosen action; every
  tenth step every agent's ``observe``; at the end the cumulative rewards.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "adapters_golden.json"

# (game, players or None, max_commands, seeds): whole games where they are short, the first
# commands of the long ones
CASES = [
    ("roma", None, 0, (1, 2)),
    ("rome-et-carthage", 2, 0, (1,)),
    ("rome-et-carthage", 4, 150, (2,)),
    ("hannibal", None, 150, (1, 2)),
    ("republic-of-carthage", 3, 150, (1,)),
    ("republic-of-carthage", 5, 120, (2,)),
]


def _key(game_id: str, players: int | None, cut: int, seed: int) -> str:
    return f"{game_id}/{players or '-'}/{cut}/{seed}"


def openspiel_digest(game_id: str, players: int | None, cut: int, seed: int) -> str:
    import numpy as np
    import pyspiel

    import adapters.openspiel as aos

    params = {"max_commands": cut}
    if players:
        params["players"] = players
    game = pyspiel.load_game(aos.SHORT_NAMES[game_id], params)
    n = game.num_players()
    tensor = game.get_type().provides_observation_tensor
    h = hashlib.sha256()

    def put(*xs) -> None:
        for x in xs:
            h.update(x if isinstance(x, bytes) else repr(x).encode())
            h.update(b"\x00")

    def ask(state) -> None:
        p = state.current_player()
        put("player", p, state.is_terminal(), state.returns())
        if p >= 0:
            put(state.legal_actions(), pyspiel.State.legal_actions(state, p))
            put(np.asarray(state.legal_actions_mask(p), np.int8).tobytes())
        for seat in range(n):
            put(state.observation_string(seat), state.information_state_string(seat))
            if tensor:
                put(np.asarray(state.observation_tensor(seat), np.float32).tobytes())

    rnd = random.Random(seed)
    state = game.new_initial_state()
    state.apply_action(seed % game.max_chance_outcomes())
    step = 0
    while not state.is_terminal():
        ask(state)
        legal = state.legal_actions()
        a = rnd.choice(legal)
        put("action", a, state.action_to_string(state.current_player(), a))
        if step % 10 == 0:
            ask(state.clone())
            ask(game.deserialize_state(state.serialize()))
        state.apply_action(a)
        step += 1
    ask(state)
    put("end", step, state.returns())
    return h.hexdigest()


def pettingzoo_digest(game_id: str, players: int | None, cut: int, seed: int) -> str:
    import numpy as np

    from adapters.pettingzoo import env

    e = env(game_id, players=players, max_commands=cut)
    h = hashlib.sha256()

    def put(*xs) -> None:
        for x in xs:
            h.update(x if isinstance(x, bytes) else repr(x).encode())
            h.update(b"\x00")

    def obs(o) -> None:
        put(sorted(o), o["observation"].dtype.str, o["observation"].tobytes(),
            o["action_mask"].dtype.str, o["action_mask"].tobytes())

    e.reset(seed=seed)
    rnd = random.Random(seed)
    step = 0
    for agent in e.agent_iter():
        o, reward, term, trunc, info = e.last()
        put("last", agent, reward, term, trunc, info)
        obs(o)
        if term or trunc:
            e.step(None)
            continue
        a = rnd.choice(np.flatnonzero(o["action_mask"]).tolist())
        put("action", a)
        if step % 10 == 0:
            for other in e.agents:
                put(other)
                obs(e.observe(other))
        e.step(a)
        step += 1
    put("end", step, e._cumulative_rewards)
    return h.hexdigest()


def digests() -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {"openspiel": {}, "pettingzoo": {}}
    for game_id, players, cut, seeds in CASES:
        for seed in seeds:
            k = _key(game_id, players, cut, seed)
            out["openspiel"][k] = openspiel_digest(game_id, players, cut, seed)
            out["pettingzoo"][k] = pettingzoo_digest(game_id, players, cut, seed)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help=f"write {FIXTURE.relative_to(ROOT)}")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    d = digests()
    if args.write:
        FIXTURE.write_text(json.dumps({"made_by": "tools/adapter_golden.py --write", **d}, indent=1) + "\n")
        print(f"wrote {FIXTURE}")
    else:
        print(json.dumps(d, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
