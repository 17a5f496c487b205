"""OpenSpiel's ISMCTS bot (through ``adapters.openspiel``) against the house search bot
(``search.levels``, e.g. ``level:3``) at equal time a move, whole games, seats alternating:

    python -m adapters.versus roma --games 6 --level 3 [--players 3] [--max-commands N] [--option K=V]

ISMCTS counts simulations, not time: each move it runs the number of simulations that its last
move's rate says fit in the level's time (the first move 10), with random rollouts
(``RandomRolloutEvaluator``, one a leaf). The house bot plays through ``search.bot`` on the same
table's session, given only its seat's legal commands and ``sample_hidden`` draws. The report is
the wins of each side, the mean seconds each spent a move, and the Wilson 95 % interval of the
ISMCTS bot's score. Results: search/README.md ("OpenSpiel's ISMCTS").
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from search.strength import wilson


def play(game_id: str, level: str, ismcts_seat: int, seed: int, players: int | None, max_commands: int,
         options: dict[str, str] | None = None) -> dict:
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    from search.bot import choose_in_process, make_player
    from search.levels import level as level_of

    from engine import registry

    from . import openspiel as adapter

    params: dict = {"max_commands": max_commands}
    params.update({k: adapter._param(registry.get(game_id).info.options[k].values, v) for k, v in (options or {}).items()})
    if players:
        params["players"] = players
    game = pyspiel.load_game(adapter.SHORT_NAMES[game_id], params)
    millis = level_of(game_id, level.partition(":")[2] or level).millis
    rng = np.random.RandomState(seed)
    house = make_player(level if level.startswith("level:") else f"level:{level}", seed, game_id)
    state = game.new_initial_state()
    state.apply_action(seed % game.max_chance_outcomes())
    sims, spent = 10, {"ismcts": [], "house": []}
    while not state.is_terminal():
        t = state.table()
        seat = state.current_player()
        legal = state.legal_actions()
        started = time.perf_counter()
        if len(legal) == 1:
            action = legal[0]
        elif seat == ismcts_seat:
            evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
            bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=sims, random_state=rng)
            action = bot.step(state)
            took = time.perf_counter() - started
            sims = max(2, int(sims * (millis / 1000) / max(took, 1e-3)))
            spent["ismcts"].append(took)
        else:
            command = choose_in_process(house, t.session, seat)
            action = next(a for a in legal if t.command_of(a) == command)
            spent["house"].append(time.perf_counter() - started)
        state.apply_action(action)
    return {"returns": state.returns(), "commands": len(state.history()) - 1, "spent": spent,
            "over": state.table().session.status().over}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="OpenSpiel's ISMCTS against a house bot level, equal time a move")
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--level", default="3")
    ap.add_argument("--players", type=int, default=0)
    ap.add_argument("--max-commands", type=int, default=0)
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    args = ap.parse_args(argv)
    wins = losses = draws = cut = 0
    times = {"ismcts": [], "house": []}
    for i in range(args.games):
        players = args.players or None
        n = args.players or 2
        seat = i % n
        options = dict(o.split("=", 1) for o in args.option)
        r = play(args.game, args.level, seat, 1000 + i, players, args.max_commands, options)
        mine = r["returns"][seat]
        if not r["over"]:
            cut += 1
        elif mine > 0:
            wins += 1
        elif mine < 0:
            losses += 1
        else:
            draws += 1
        for k in times:
            times[k] += r["spent"][k]
        print(f"game {i + 1}: ISMCTS seat {seat}, returns {r['returns']}, {r['commands']} commands"
              + ("" if r["over"] else " (cut short)"), flush=True)
    played = wins + losses + draws
    lo, hi = wilson(wins + draws / 2, played)
    mean = {k: (sum(v) / len(v) if v else 0.0) for k, v in times.items()}
    print(f"{args.game}: ISMCTS {wins} wins, {losses} losses, {draws} draws, {cut} cut short in {args.games} games "
          f"against level:{args.level.removeprefix('level:')}; score 95% Wilson [{lo:.2f}, {hi:.2f}]; "
          f"mean s a move (choices of more than one): ISMCTS {mean['ismcts']:.3f}, house {mean['house']:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
