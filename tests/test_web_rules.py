"""The web client's "rule now" links (issue 36, 7): clients/web/src/ruleSections.json maps each
game's decisions to an anchor of that game's RULES.md, as the client's rules page names them
(clients/web/src/rules.ts). Read here with the same rules, the files must hold every anchor the
table names, and the table must know every decision the engines can ask: a new step or a renamed
heading fails here, not as a dead link in a player's page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TABLE = json.loads((ROOT / "clients" / "web" / "src" / "ruleSections.json").read_text(encoding="utf-8"))
RULING = re.compile(r"^[A-Z]{1,2}\d+$")


def _slug(text: str) -> str:
    text = text.replace("`", "").replace("*", "").strip().lower()
    return re.sub(r"[^\w\s-]", "", text).replace(" ", "-")


def anchors(md: str) -> set[str]:
    """The ids rules.ts gives a RULES.md: headings, list items opening in bold, rulings' table rows
    (deduplicated -1, -2 … in the order met), and step-<kind> for the kinds a row's first cell names."""
    ids: set[str] = set()
    seen: dict[str, int] = {}

    def add(text: str) -> None:
        base = _slug(text)
        n = seen.get(base, 0)
        seen[base] = n + 1
        ids.add(f"{base}-{n}" if n else base)

    for line in md.splitlines():
        head = re.match(r"^#{1,6} (.*)$", line)
        item = re.match(r"^ *(?:[-*]|\d+\.) \*\*(.+?)\*\*", line)
        if head:
            add(head.group(1))
        elif item:
            add(item.group(1))
        elif line.startswith("|") and not re.match(r"^\|[\s|:-]+$", line):
            first = line.strip().strip("|").split("|")[0].strip()
            if RULING.match(first):
                add(first)
            ids.update(f"step-{k}" for k in re.findall(r"`([a-z_][a-z0-9_:]*)`", first))
    return ids


def _rules(game: str) -> str:
    return (ROOT / "engine" / "games" / game.replace("-", "_") / "RULES.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", sorted(TABLE))
def test_every_anchor_of_the_table_is_in_the_rules(game):
    have = anchors(_rules(game))
    table = TABLE[game]
    wanted = {table["fallback"], *table["steps"].values()}
    assert wanted - have == set(), f"{game}: anchors missing from RULES.md"


def _kinds(game: str) -> set[str]:
    if game in ("hannibal", "republic-of-carthage"):
        import importlib

        module = game.replace("-", "_")
        importlib.import_module(f"engine.games.{module}.game")  # registers every step
        return set(importlib.import_module(f"engine.games.{module}.flow").DESCRIBE)
    if game == "roma":
        from engine.games.roma import state

        # the phases, and the decisions a card raises (RULES.md "Commands and decisions")
        md = _rules(game).split("## Commands and decisions")[1]
        raised = set(re.findall(r"^\| `([a-z]+)` \|", md, re.M))
        assert len(raised) >= 14
        return {state.PASS, state.PLACE, state.TURN} | raised
    from engine.games.rome_et_carthage import state

    return {state.SPECIALS, state.PLACE, state.PLAY, state.COMBAT, "open", "spy", "spy_cards", "tie"}


@pytest.mark.parametrize("game", sorted(TABLE))
def test_the_table_knows_every_decision_of_the_game(game):
    assert _kinds(game) - set(TABLE[game]["steps"]) == set()
