"""How strong the search bot is, and how balanced each game is between search bots (issue 15).

    python tools/strength.py roma --bot mcts:100 --vs random --games 200 [--workers 2]
    python tools/strength.py roma --bot mcts:200 --vs mcts:50 --games 200
    python tools/strength.py hannibal --balance --bot mcts:50 --games 40 [--players N] [--option k=v]
    python tools/strength.py --table --budget 30 --games 20   # every game: mcts vs random
    python tools/strength.py roma --ladder --games 40 [--levels 1-6] [--also mcts:30]  # the Elo ladder

Games are played in process (engine Session, no server), each fixed by its seed. A versus campaign
puts ``--bot`` at one seat and ``--vs`` at every other, the bot's seat rotating game by game; it
prints the bot's win rate with its 95 % Wilson interval. ``--balance`` puts ``--bot`` at every seat
and prints the wins by seat (each with its interval), game lengths and how the games ended.
``--ladder`` plays each pair of neighbours on the ladder random, level:1 … level:N (and every bot
named by ``--also`` against its nearest level) ``--games`` games, and prints one Elo ladder of them
all (``search.ladder``: Bradley–Terry, random = 0). Games with a level that searches on every core
(5 and 6) are played one at a time, whatever ``--workers`` says: each such bot takes every core.
"""

from __future__ import annotations

import argparse
import sys
import time

import msgspec

from engine import registry
from search import strength as S


def _options(pairs: list[str]) -> dict[str, str]:
    out = {}
    for p in pairs or []:
        k, _, v = p.partition("=")
        out[k] = v
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", nargs="?", help="game id (every game with --table)")
    ap.add_argument("--bot", default="mcts:100")
    ap.add_argument("--vs", default="random")
    ap.add_argument("--balance", action="store_true", help="--bot at every seat: seat balance")
    ap.add_argument("--table", action="store_true", help="every game: mcts:BUDGET vs random")
    ap.add_argument("--ladder", action="store_true", help="the levels' Elo ladder (see the docstring)")
    ap.add_argument("--levels", default="1-6", help="with --ladder: the levels on it, FIRST-LAST (default 1-6)")
    ap.add_argument("--also", action="append", default=[], metavar="BOT",
                    help="with --ladder: another bot on the ladder (mcts:30, today's search), played against "
                         "the level nearest it in strength, by default the first")
    ap.add_argument("--budget", default="30", help="with --table: the search budget")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--first", type=int, default=0, help="the first game's number (default 0): game i is the "
                                                         "same game in every run, so a campaign cut short "
                                                         "goes on with --first N")
    ap.add_argument("--seeds", default="", metavar="TAG",
                    help="with --balance: game i's seed is TAG-i, whatever the bot (default: a seed naming the "
                         "bot), so two bots' lines play the same seeds")
    ap.add_argument("--players", type=int, default=0)
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--log", metavar="FILE", help="append one JSON line per finished game (a run cut short "
                                                  "still leaves its games)")
    args = ap.parse_args(argv)
    log = open(args.log, "a", encoding="utf-8") if args.log else None

    def on_game(p) -> None:
        if log is not None:
            log.write(msgspec.json.encode(p).decode() + "\n")
            log.flush()
    started = time.perf_counter()
    if args.table:
        bot = f"mcts:{args.budget}"
        for game_id in registry.ids():
            played = S.run(S.versus_jobs(game_id, bot, "random", args.games), args.workers, on_game)
            print(S.versus_line(game_id, bot, "random", S.versus(played, bot))
                  + f"  {S.iterations_per_second(played):,.0f} iterations/s", flush=True)
    elif not args.game:
        ap.error("name a game, or --table")
    elif args.ladder:
        from search.ladder import ladder, ladder_lines
        from search.levels import levels

        first, _, last = args.levels.partition("-")
        names = ["random"] + [lv.name for lv in levels(args.game) if int(first) <= lv.number <= int(last or first)]
        pairs = list(zip(names, names[1:])) + [(bot, names[1]) for bot in args.also]
        played = []
        for a, b in pairs:
            heavy = any(lv.all_cores for lv in levels(args.game) if lv.name in (a, b))
            jobs = S.versus_jobs(args.game, b, a, args.games, args.players, _options(args.option), tag="ladder",
                                 first=args.first)
            got = S.run(jobs, 1 if heavy else args.workers, on_game)
            r = S.versus(got, b)
            print(S.versus_line(args.game, b, a, r), flush=True)
            played += got
        print("\n".join(ladder_lines(args.game, ladder(played))))
    elif args.balance:
        game = registry.get(args.game)
        played = S.run(S.same_jobs(args.game, args.bot, args.games, args.players, _options(args.option), args.first,
                                   args.seeds),
                       args.workers, on_game)
        n = played[0].players
        label = f" ({n} players{', ' + ', '.join(args.option) if args.option else ''})"
        print("\n".join(S.balance_lines(args.game, args.bot, S.balance(played), game.info.seat_names, label)))
    else:
        played = S.run(S.versus_jobs(args.game, args.bot, args.vs, args.games, args.players, _options(args.option),
                                     first=args.first), args.workers, on_game)
        r = S.versus(played, args.bot)
        print(S.versus_line(args.game, args.bot, args.vs, r) + f"  {S.iterations_per_second(played):,.0f} iterations/s")
        print(S.endings_line(r))
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
