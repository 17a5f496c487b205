"""The vocabularies of the action encodings (``adapters/data/<game>.json``): for each command kind
and string field, the values it can take, in a fixed order. The order is the encoding: an id, once
given, is never moved (docs/RESEARCH.md, "Action encoding").

The files are the encoding's definition and are committed. They were built from the games' data
files (every card, space, senator, city …) and the values seen in seeded random games;
``python -m adapters.vocab --extend GAME`` plays more random games and appends (never inserts)
any value not listed yet, for a rules change that brings new ones. A value missing from a list is
still playable: it takes one of the positional overflow ids (``adapters.encoding``).
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from engine import registry
from engine.core import GameConfig, tag_of
from engine.session import Session

from .encoding import SPECS, Cards, Word

DATA = Path(__file__).parent / "data"


def seen(game_id: str, configs: list[tuple[int, dict]], games: int) -> dict[str, set]:
    """Every string value each (kind, field) takes in the legal lists of seeded random games."""
    game = registry.get(game_id)
    out: dict[str, set] = {}
    for players, options in configs:
        for i in range(games):
            session, _ = Session.start(game, GameConfig(players, options), f"vocab-{game_id}-{i}".encode())
            pick = random.Random(i)
            for _ in range(game.info.max_steps):
                st = session.status()
                if st.over:
                    break
                seat = min(st.to_act)
                legal = session.legal(seat)
                for c in legal:
                    for name in c.__struct_fields__:
                        v = getattr(c, name)
                        if isinstance(v, str):
                            out.setdefault(f"{tag_of(c)}.{name}", set()).add(v)
                session.submit(seat, pick.choice(legal))
    return out


def extend(game_id: str, games: int) -> list[str]:
    """Append the values random games show that the file lacks; returns the ones added."""
    path = DATA / f"{game_id}.json"
    doc = json.loads(path.read_text())
    game = registry.get(game_id)
    configs = [(n, {}) for n in game.info.player_counts]
    lists = {f"{kind}.{f.field}": f.list for kind, fields in SPECS[game_id] for f in fields
             if isinstance(f, (Word, Cards))}
    added = []
    for key, values in sorted(seen(game_id, configs, games).items()):
        name = lists.get(key)
        if name is None or name not in doc["lists"]:
            continue  # a field the encoding does not read from a word list
        have = doc["lists"][name]
        for v in sorted(values - set(have)):
            have.append(v)
            added.append(f"{name}={v}")
    path.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
    return added


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="append unseen values to an action encoding's vocabularies")
    ap.add_argument("--extend", required=True, metavar="GAME")
    ap.add_argument("--games", type=int, default=20)
    args = ap.parse_args(argv)
    for line in extend(args.extend, args.games):
        print("added", line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
