"""A diary of The Republic of Carthage's common defence in bot games: why Carthage falls.

    python tools/roc_diary.py --bots level:1 --players 4 --games 2 [--seed-tag diary] [--quiet]
    python tools/roc_diary.py --bots mcts:40ms:pool=16,prior=defence --players 4 --games 3
    python tools/roc_diary.py --bots mcts:5 --players 4 --seed balance-republic-of-carthage-mcts:5-4-7

Plays whole games in process (the engine's Session, as ``search.match.play``), each bot choosing from
its seat's legal commands and ``sample_hidden`` draws only, and prints per turn: the wars on the
board (status, strength), the Treasury as the Senate opens and as the turn ends, the armies and
squadrons recruited (Active Forces) and in the Reserve, every proposal of the Senate's other
business with its vote, the forces sent (armies, squadrons, the commander's Military, the chance
their roll is a Victory), every battle roll and its outcome, and how the game ended. ``--quiet``:
only one summary line per game, then the totals (how often each kind of proposal was made and
passed, forces sent and their outcomes, how the games ended).

This reads the real state of a game being played, for diagnosis: it is a tool of ours, never
something a bot sees.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from typing import Any

from engine import registry
from engine.core import GameConfig, tag_of
from engine.session import Session

from search.bot import choose_in_process, make_player

GAME = "republic-of-carthage"
BUSINESS = {"recruit", "disband", "prosecute", "peace", "expedition", "tax", "concession", "suffete_for_life"}


def _wars(s: Any) -> str:
    from engine.games.republic_of_carthage.senate import strength

    out = []
    for w, x in sorted(s.wars.items()):
        if x.status in ("active", "unprosecuted"):
            out.append(f"{w}:{x.status[:5]}:{strength(s, w)}")
        elif x.status == "lost":
            out.append(f"{w}:LOST")
    return " ".join(out) or "-"


def _units(s: Any) -> str:
    act = Counter(a.type for a in s.armies if a.place == "active")
    res = sum(1 for a in s.armies if a.place == "reserve")
    field = sum(1 for a in s.armies if a.place.startswith("force:"))
    sq = s.squadrons
    return (f"armies active {sum(act.values())} ({','.join(f'{k}{v}' for k, v in sorted(act.items()))}) "
            f"field {field} reserve {res}; squadrons active {sq.get('active', 0)} reserve {sq.get('reserve', 0)}")


def _victory(s: Any, force: int, war: str, commanders: tuple[str, ...]) -> float:
    """The chance that force ``force`` (in state ``s``) wins its land roll (its armies, veterans 2,
    and its commanders' Military against the war's strength now; the naval part left out)."""
    from engine.games.republic_of_carthage import components as C
    from engine.games.republic_of_carthage.senate import strength

    from search.heuristics import _land_force, victory_chance

    if war not in C.WARS:
        return 0.0
    return victory_chance(_land_force(s, {f"force:{force}"}, list(commanders)) - strength(s, war))


def play(bots: list[str], seed: str, totals: Counter, quiet: bool, options: dict[str, str]) -> Any:
    game = registry.get(GAME)
    n = len(bots)
    session, _ = Session.start(game, GameConfig(n, options), seed.encode())
    players = [make_player(spec, f"{seed}/{i}", GAME) for i, spec in enumerate(bots)]
    order = random.Random(seed)
    say = (lambda *a: None) if quiet else print
    turn = -1
    pending: dict[str, Any] = {}
    started = time.perf_counter()
    commands = 0
    while commands < game.info.max_steps:
        st = session.status()
        if st.over:
            break
        seat = st.to_act[0] if len(st.to_act) == 1 else order.choice(st.to_act)
        before = session.state
        senate_before = before.phase
        command = choose_in_process(players[seat], session, seat)
        emitted = session.submit(seat, command)
        commands += 1
        s = session.state
        for em in emitted:
            e = em.event
            kind = tag_of(e)
            if kind == "turn_began" or (kind == "phase_began" and e.phase == "senate"):
                if kind == "turn_began":
                    turn = e.turn
                    say(f"-- turn {turn}: treasury {s.treasury}, wars {_wars(s)}")
                else:
                    say(f"   senate opens: treasury {s.treasury}, wars {_wars(s)}; {_units(s)}")
            elif kind == "proposal_made" and e.kind in BUSINESS:
                pending = {"kind": e.kind, "target": e.target, "amount": e.amount, "senators": e.senators}
                totals[f"proposed {e.kind}"] += 1
            elif kind == "proposal_decided" and e.kind in BUSINESS:
                totals[f"passed {e.kind}"] += int(e.passed)
                p = pending
                say(f"   proposal {e.kind} {p.get('target', '')} {p.get('amount', '') or ''} "
                    f"{'+'.join(p.get('senators', ()))}: {'PASSED' if e.passed else 'rejected'} {e.yes}-{e.no}")
            elif kind == "force_sent" and not e.fleets and not e.caravans:
                chance = _victory(s, e.force, e.war, e.commanders)
                totals["forces sent"] += 1
                say(f"   force {e.force} to {e.war}: {len(e.armies)} armies, {e.squadrons} squadrons, "
                    f"commanders {e.commanders}; victory chance {chance:.0%}")
            elif kind == "rolled" and "_battle:" in e.purpose:
                totals[f"battle {e.outcome}"] += 1
                say(f"   {e.purpose}: {sum(e.dice)}{e.modifier:+d} = {e.total}: {e.outcome}")
            elif kind == "war_changed" and e.status in ("active", "lost", "removed", "unprosecuted"):
                if e.war in s.wars or e.status == "removed":
                    say(f"   war {e.war} -> {e.status} ({e.reason})")
            elif kind == "transferred" and e.source == "state" and (e.amount >= 10 or s.treasury < 40) and e.reason not in ("recruitment",):
                totals[f"treasury spent on {e.reason}"] += e.amount
                say(f"   treasury pays {e.amount} T: {e.reason} (left {s.treasury})")
            elif kind == "game_ended":
                say(f"== ended: {e.reason}, winners {e.winners}, influence {e.scores}")
        _ = senate_before
    st = session.status()
    result = st.result if st.over else None
    reason = result.reason if result is not None else "command limit"
    totals[f"ended {reason}"] += 1
    print(f"game {seed}: {reason}, turn {turn}, {commands} commands, treasury {session.state.treasury}, "
          f"wars {_wars(session.state)} ({time.perf_counter() - started:.0f} s)", flush=True)
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bots", default="level:1", help="one bot spec for every seat, or one per seat, comma-separated "
                                                     "(a spec's own settings use commas: give one spec then)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--seed-tag", default="diary", help="game i's seed is TAG-i")
    ap.add_argument("--seed", help="play the one game of this seed (a campaign's: tools/strength.py --log "
                                   "writes each game's seed, and this replays it move for move)")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    args = ap.parse_args(argv)
    specs = [args.bots] * args.players if ("=" in args.bots or "," not in args.bots) else args.bots.split(",")
    if len(specs) != args.players:
        ap.error(f"{len(specs)} bots for {args.players} players")
    options = dict(p.partition("=")[::2] for p in args.option)
    totals: Counter = Counter()
    seeds = [args.seed] if args.seed else [f"{args.seed_tag}-{i}" for i in range(args.first, args.first + args.games)]
    for seed in seeds:
        play(specs, seed, totals, args.quiet, options)
    print("totals: " + ", ".join(f"{k} {v}" for k, v in sorted(totals.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
