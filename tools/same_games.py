"""Do two source trees play exactly the same games? The safety net of every engine speed-up.

    python tools/same_games.py BASE_DIR [--games 300] [--game rome-et-carthage ...] [--players 3]

Plays seeded random games in this tree and in ``BASE_DIR`` (e.g. a worktree of ``main``), each
tree in a process of its own whose ``engine`` package is that tree's, and checks that they are
identical byte for byte: every ``legal`` list the bot sees, every emitted event (the event, its
seats and its redacted form, msgpack-encoded), and at the end the state, the status and every
seat's and a spectator's view. Game ``i`` of a game and player count uses the game seed
``same-<game>-<players>-<i>``, a ``random.Random(i)`` bot (it picks among ``legal``, and among
the seats to act) and options rotated with ``i`` so that every value of every option is played.

Each tree reports one SHA-256 per game; when two differ, the game is played again in both trees
with every record kept, and the first record that differs is printed. Exit 1 on any difference.
This is a tool, not a test: it compares two trees, it asserts no stored digest.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


# ---- the worker: runs inside one tree ----------------------------------------------------

def _options(info, i: int) -> dict[str, str]:
    """Option values rotated with the game number (every value of every option gets played)."""
    return {name: spec.values[(i + k) % len(spec.values)]
            for k, (name, spec) in enumerate(sorted(info.options.items()))}


def _records(game_id: str, players: int, i: int, cap: int):
    """Every record of one game, as bytes, in order."""
    import msgspec

    from engine import registry
    from engine.core import GameConfig
    from engine.session import Session

    enc = msgspec.msgpack.encode
    game = registry.get(game_id)
    config = GameConfig(players, _options(game.info, i))
    pick = random.Random(i)

    def emitted(es):
        return [b"E" + enc((e.event, e.seats, e.redacted)) for e in es]

    try:
        session, opening = Session.start(game, config, f"same-{game_id}-{players}-{i}".encode())
    except Exception as exc:  # noqa: BLE001 - a refused config must be refused alike
        yield f"X{type(exc).__name__}: {exc}".encode()
        return
    yield from emitted(opening)
    for _ in range(cap):
        st = session.status()
        if st.over:
            break
        seat = st.to_act[0] if len(st.to_act) == 1 else pick.choice(st.to_act)
        options = session.legal(seat)
        yield b"L%d:" % seat + enc(options)
        try:
            yield from emitted(session.submit(seat, pick.choice(options)))
        except Exception as exc:  # noqa: BLE001 - a crash must be the same crash
            yield f"X{type(exc).__name__}: {exc}".encode()
            return
    yield b"S" + enc(session.state)
    yield b"T" + enc(session.status())
    for seat in [*range(players), None]:
        yield b"V" + enc(game.view(session.state, seat))


def _jobs(args) -> list[tuple[str, int, int]]:
    from engine import registry

    out = []
    for game_id in args.game:
        counts = [args.players] if args.players else registry.get(game_id).info.player_counts
        out += [(game_id, p, i) for p in counts for i in range(args.first, args.first + args.games)]
    return out


def worker(args) -> None:
    from engine import registry

    for game_id, players, i in _jobs(args):
        cap = registry.get(game_id).info.max_steps
        if args.dump:
            for n, r in enumerate(_records(game_id, players, i, cap)):
                print(n, repr(r))
            continue
        h, n = hashlib.sha256(), 0
        for r in _records(game_id, players, i, cap):
            h.update(len(r).to_bytes(4, "big"))
            h.update(r)
            n += 1
        print(json.dumps([game_id, players, i, n, h.hexdigest()]), flush=True)


# ---- the driver --------------------------------------------------------------------------

def _run(tree: Path, argv: list[str]) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    return subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--worker", *argv],
                            cwd=tree, env=env, stdout=subprocess.PIPE, text=True)


def _check_tree(tree: Path) -> None:
    out = subprocess.run([sys.executable, "-c", "import engine; print(engine.__file__)"], cwd=tree,
                         env=dict(os.environ, PYTHONPATH=str(tree)), capture_output=True, text=True, check=True)
    if not Path(out.stdout.strip()).resolve().is_relative_to(tree.resolve()):
        sys.exit(f"{tree}: its engine is imported from {out.stdout.strip()}, not from the tree")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("base", nargs="?", help="the other tree (e.g. a worktree of main)")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--first", type=int, default=0, help="number of the first game")
    ap.add_argument("--game", action="append", help="game id (repeatable; default rome-et-carthage, "
                                                    "republic-of-carthage)")
    ap.add_argument("--players", type=int, default=0, help="one player count (default: every one)")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--dump", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    args.game = args.game or ["rome-et-carthage", "republic-of-carthage"]
    if args.worker:
        worker(args)
        return 0
    if not args.base:
        ap.error("BASE_DIR is required")
    trees = [HERE, Path(args.base)]
    for tree in trees:
        _check_tree(tree)
    passed = ["--games", str(args.games), "--first", str(args.first), "--players", str(args.players)]
    for g in args.game:
        passed += ["--game", g]
    started = time.perf_counter()
    procs = [_run(tree, passed) for tree in trees]  # both trees at once (one core each)
    outs = [p.communicate()[0].splitlines() for p in procs]
    if any(p.returncode for p in procs):
        print("a worker failed:", [p.returncode for p in procs])
        return 1
    mine, theirs = ([json.loads(line) for line in out] for out in outs)
    if len(mine) != len(theirs):
        print(f"{len(mine)} games here, {len(theirs)} in {args.base}")
        return 1
    bad = [(a, b) for a, b in zip(mine, theirs) if a != b]
    records = sum(a[3] for a in mine)
    for game_id in args.game:
        for p in sorted({a[1] for a in mine if a[0] == game_id}):
            n = [a for a in mine if a[0] == game_id and a[1] == p]
            diff = sum(1 for a, _ in bad if a[0] == game_id and a[1] == p)
            print(f"{game_id} {p} players: {len(n)} games, {sum(a[3] for a in n)} records, "
                  f"{'identical' if not diff else f'{diff} DIFFER'}")
    print(f"{len(mine)} games, {records} records compared in {time.perf_counter() - started:.0f} s")
    for a, _ in bad[:3]:
        game_id, players, i = a[:3]
        dumps = []
        for tree in trees:
            p = _run(tree, ["--dump", "--game", game_id, "--players", str(players), "--first", str(i),
                            "--games", "1"])
            dumps.append(p.communicate()[0].splitlines())
        for n, (x, y) in enumerate(zip(*dumps)):
            if x != y:
                print(f"  {game_id} {players}p game {i}: record {n} differs\n    here: {x[:300]}\n"
                      f"    base: {y[:300]}")
                break
        else:
            print(f"  {game_id} {players}p game {i}: {len(dumps[0])} records here, {len(dumps[1])} in base")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
