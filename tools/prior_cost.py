"""What a search prior costs in iterations per second (issue 29: the Republic's guard at equal time).

    python tools/prior_cost.py republic-of-carthage --players 4 --prior guard+purse+steady+fleet+brief \
        [--base pool=16] [--seconds 0.5] [--positions 30] [--games 2]

At positions of seeded random games (one in every few commands, the searching seat the one to
act), the same position is searched for the same time with the base settings and with the
base settings plus the prior, in turn (the order alternating), so both see the same positions and
the same load; each search is timed by the process's CPU time (a loaded machine gives fewer
iterations, not a lower figure). Prints iterations per CPU second of each, their ratio, and the ratio's median
over positions. The figure bench/search_bench.py keeps for the levels, but with and without a
prior, at a chosen player count.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from time import process_time

from engine import registry
from engine.core import GameConfig
from engine.session import Session
from search.bot import parse_settings
from search.mcts import Budget, Search


def rates(game_id: str, players: int, base: str, prior: str, seconds: float, positions: int,
          games: int) -> list[tuple[float, float]]:
    """(base, with prior) iterations per CPU second, one pair a position."""
    game = registry.get(game_id)
    plain, _ = parse_settings(base)
    primed, _ = parse_settings(",".join(filter(None, [base, f"prior={prior}"])))
    out: list[tuple[float, float]] = []
    per_game = -(-positions // games)
    for g in range(games):
        session, _ = Session.start(game, GameConfig(players), f"prior-cost-{g}".encode())
        pick = random.Random(g)
        step = taken = 0
        while taken < per_game and len(out) < positions and step < 20000:
            st = session.status()
            if st.over:
                break
            seat = st.to_act[0]
            legal = session.legal(seat)
            if step % 7 == 0 and len(legal) > 1:
                state = session.state
                sample = lambda rng: game.sample_hidden(state, seat, rng)  # noqa: E731
                pair = {}
                order = (("base", plain), ("prior", primed)) if taken % 2 == 0 else (("prior", primed), ("base", plain))
                for name, settings in order:
                    t = process_time()
                    search = Search(game, seat, players, sample, b"prior-cost", settings=settings).run(
                        Budget(millis=1000 * seconds))
                    pair[name] = search.iterations / (process_time() - t)
                out.append((pair["base"], pair["prior"]))
                taken += 1
            session.submit(seat, pick.choice(legal))
            step += 1
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=0)
    ap.add_argument("--base", default="pool=16", help="the settings without the prior (default: the Republic's levels')")
    ap.add_argument("--prior", required=True, help="the prior added, e.g. guard+purse+steady+fleet+brief")
    ap.add_argument("--seconds", type=float, default=0.5, help="each search's budget (default 0.5 s)")
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--games", type=int, default=2, help="seeded random games the positions come from")
    args = ap.parse_args(argv)
    players = args.players or registry.get(args.game).info.player_counts[0]
    got = rates(args.game, players, args.base, args.prior, args.seconds, args.positions, args.games)
    if not got:
        print("no position searched")
        return 1
    base = statistics.fmean(b for b, _ in got)
    primed = statistics.fmean(p for _, p in got)
    ratios = sorted(p / b for b, p in got)
    print(f"{args.game}, {players} players, {len(got)} positions, {args.seconds:g} s (wall clock) each, iterations per CPU second: "
          f"{args.base} {base:,.0f} iterations/s; with prior={args.prior} {primed:,.0f} "
          f"({primed / base:.2f}x; per position median {statistics.median(ratios):.2f}x, "
          f"{ratios[0]:.2f}-{ratios[-1]:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
