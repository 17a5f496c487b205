"""Play N seeded games of random legal commands in the engine and say how they ended.

    python tools/random_games.py hannibal --games 1000 [--workers 2] [--players 2]

Each game is fixed by its seed (game seed ``random-<game>-<i>``, bot ``random.Random(i)``). It
reports how the games ended (by the result's reason), the wins by seat, the steps per game, and
fails (exit 1) if a game does not end within the game's ``max_steps`` or raises. Random play says
little about balance (random bots waste their cards); it says whether every game ends by a rule.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from engine import registry
from engine.core import GameConfig
from engine.session import Session


def one(job: tuple[str, int, int]) -> tuple[str, tuple[int, ...], int]:
    try:
        return _one(job)
    except Exception as exc:  # noqa: BLE001 - a crash is a finding, named with its seed
        return f"crash (seed {job[2]}: {type(exc).__name__}: {exc})", (), 0


def _one(job: tuple[str, int, int]) -> tuple[str, tuple[int, ...], int]:
    game_id, players, i = job
    game = registry.get(game_id)
    session, _ = Session.start(game, GameConfig(players), f"random-{game_id}-{i}".encode())
    pick = random.Random(i)
    for step in range(game.info.max_steps):
        st = session.status()
        if st.over:
            return st.result.reason, st.result.winners, step
        seat = st.to_act[0] if len(st.to_act) == 1 else pick.choice(st.to_act)
        session.submit(seat, pick.choice(session.legal(seat)))
    return "step_limit", (), game.info.max_steps


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--players", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    game = registry.get(args.game)
    players = args.players or game.info.player_counts[0]
    jobs = [(args.game, players, i) for i in range(args.games)]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(one, jobs, chunksize=8))
    seconds = time.perf_counter() - started
    endings = Counter(r for r, _, _ in results)
    wins = Counter(w for _, ws, _ in results for w in ws)
    steps = sorted(s for _, _, s in results)
    names = game.info.seat_names
    print(f"{args.game}, {players} players: {len(results)} random games in {seconds:.0f} s "
          f"({len(results) / seconds:.1f} games/s)")
    print("ended by: " + ", ".join(f"{k} {v}" for k, v in endings.most_common()))
    print("wins by seat: " + ", ".join(f"{names[s]} {wins[s]} ({100 * wins[s] / len(results):.1f} %)"
                                       for s in range(players)))
    print(f"commands per game: median {steps[len(steps) // 2]}, max {steps[-1]}")
    return 1 if endings.get("step_limit") or any(r.startswith("crash") for r in endings) else 0


if __name__ == "__main__":
    sys.exit(main())
