"""Figure 1's playouts in two trees, alternating, timed in CPU time: an A/B on a shared machine.

    python tools/engine_ab.py BASE_DIR --game rome-et-carthage [--runs 7] [--seconds 1] [--players N] [--search]

Runs ``bench.engine_bench.playouts`` (random games calling legal/decide/evolve/view directly) in a
fresh process of each tree in turn, with the tree's own ``engine``, and the process's CPU time
(``time.process_time``) in place of the wall clock: when other work shares the cores, wall-clock
figures move several times over between runs, CPU time much less. Both trees play the same seeds
in the same run. Prints, per tree, the median over the runs of commands/s including ``legal`` (the
issue 17 figure), of decide+evolve commands/s and of the µs per command of each part.

``--search``: the search bots' path instead (``bench.engine_bench.advance_playouts``: ``legal``, or
the list the last ``engine.core.advance`` handed back, then ``advance``), commands/s including legal.
``--players``: another player count than the game's first.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

_ONE_RUN = """
import json, sys, time
import bench.engine_bench as eb
from engine import registry
from engine.core import GameConfig
eb.perf_counter = time.process_time
if int(sys.argv[4]):
    eb.default_config = lambda game: GameConfig(players=int(sys.argv[4]))
if sys.argv[5] == "search":
    r = eb.advance_playouts(registry.get(sys.argv[1]), float(sys.argv[2]), seed=int(sys.argv[3]))
    print(json.dumps({"wl": r["commands_per_s_with_legal"]}))
else:
    r = eb.playouts(registry.get(sys.argv[1]), float(sys.argv[2]), seed=int(sys.argv[3]))
    print(json.dumps({"wl": r["commands_per_s_with_legal"], "de": r["commands_per_s"], "us": r["us_per_command"]}))
"""


def one_run(tree: Path, game: str, seconds: float, seed: int, players: int = 0, path: str = "playouts") -> dict:
    out = subprocess.run([sys.executable, "-c", _ONE_RUN, game, str(seconds), str(seed), str(players), path],
                         cwd=tree,
                         env=dict(os.environ, PYTHONPATH=str(tree)), capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("base", help="the other tree (e.g. a worktree of main)")
    ap.add_argument("--game", required=True)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--seconds", type=float, default=1.0, help="CPU seconds of playouts per run")
    ap.add_argument("--players", type=int, default=0, help="player count (default: the game's first)")
    ap.add_argument("--search", action="store_true", help="time the search bots' path (advance)")
    args = ap.parse_args(argv)
    path = "search" if args.search else "playouts"
    trees = {"base": Path(args.base).resolve(), "this": HERE}
    runs: dict[str, list[dict]] = {name: [] for name in trees}
    for i in range(args.runs):
        order = list(trees) if i % 2 == 0 else list(reversed(trees))  # neither always goes first
        for name in order:
            runs[name].append(one_run(trees[name], args.game, args.seconds, i % 3 + 1, args.players, path))
    for name, rs in runs.items():
        med = statistics.median
        if args.search:
            print(f"{args.game} {name} ({trees[name]}): search path incl. legal {med(r['wl'] for r in rs):,.0f} cmd/s "
                  f"(runs: {', '.join(format(r['wl'], ',.0f') for r in rs)})")
            continue
        us = {k: med(r["us"][k] for r in rs) for k in ("legal", "decide", "evolve", "view")}
        print(f"{args.game} {name} ({trees[name]}): incl. legal {med(r['wl'] for r in rs):,.0f} cmd/s "
              f"(runs: {', '.join(format(r['wl'], ',.0f') for r in rs)}); decide+evolve "
              f"{med(r['de'] for r in rs):,.0f} cmd/s; µs/command " + ", ".join(f"{k} {v:.1f}" for k, v in us.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
