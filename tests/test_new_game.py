"""docs/NEW_GAME.md: a game made by copying the template folder (engine/games/tiny) passes the
conformance suite once registered, and the template keeps the shape the page describes (issue 34
item 5)."""

from __future__ import annotations

import ast
import importlib
import re
import shutil
import sys
from pathlib import Path

import msgspec
import pytest

from conformance.checks import CHECKS, Plan
from conformance.runner import run_config
from engine import registry
from engine.core import GameConfig
from engine.games import tiny
from engine.games.tiny.components import DECK
from engine.session import Session
from search.mcts import Budget, Search
from server.words import legal_words
from tests.shape import assert_no_circle, modules

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = Path(tiny.__file__).parent
DOC = (ROOT / "docs" / "NEW_GAME.md").read_text(encoding="utf-8")


@pytest.fixture
def copied(tmp_path, monkeypatch):
    """The template copied as the package ``my_game`` with the id "my-game", as the page's first
    step says, and registered (for this test only)."""
    target = tmp_path / "my_game"
    shutil.copytree(TEMPLATE, target, ignore=shutil.ignore_patterns("__pycache__"))
    game_py = target / "game.py"
    text = game_py.read_text(encoding="utf-8")
    assert 'id="tiny"' in text
    game_py.write_text(text.replace('id="tiny"', 'id="my-game"').replace('title="Tiny"', 'title="My game"'),
                       encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in [m for m in sys.modules if m == "my_game" or m.startswith("my_game.")]:
        monkeypatch.delitem(sys.modules, name)
    game = importlib.import_module("my_game").TINY
    monkeypatch.setitem(registry._GAMES, "my-game", game)
    yield game


def test_a_game_copied_from_the_template_passes_every_check_but_the_wire(copied):
    game = registry.get("my-game")
    assert game is copied and game.info.id == "my-game" and game.info.title == "My game"
    result = run_config(game, GameConfig(players=2), range(1, 41), Plan(), foreign=())
    assert result.failure is None, result.failure
    assert result.games == 40 and result.steps > 0
    # every check ran (the wire has nothing to run on: the template has no protobuf schema)
    assert {c for c, n in result.tally.items() if n} == set(CHECKS) - {"wire"}


def test_the_template_plays_with_the_search_bot_and_puts_its_moves_in_words():
    game = tiny.TINY
    session, _ = Session.start(game, GameConfig(players=2), b"new-game")
    words_seen = set()
    while not session.status().over:
        seat = session.status().to_act[0]
        legal = session.legal(seat)
        words = legal_words(game, session.state, seat, legal)
        assert len(words) == len(legal) and all(words)
        words_seen.update(words)
        state = session.state
        search = Search(game, seat, 2, lambda rng: game.sample_hidden(state, seat, rng), b"s").run(Budget(30))
        session.submit(seat, search.ranked()[0][0])
    assert session.status().result.reason == "both stood"
    assert any(w.startswith("stand on ") for w in words_seen), words_seen


def _modules() -> dict[str, ast.Module]:
    return modules(TEMPLATE)


def test_the_template_imports_only_the_engine_and_itself_one_way():
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, tree in modules.items():
        graph[name] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                graph[name].update([node.module.split(".")[0]] if node.module else [a.name for a in node.names])
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                top = node.module.split(".")[0]
                assert top in {"__future__", "typing", "msgspec", "engine"}, f"{name} imports {node.module}"
                assert not node.module.startswith("engine.games"), f"{name} imports another game: {node.module}"
            elif isinstance(node, ast.Import):
                assert all(a.name.split(".")[0] in {"msgspec", "typing"} for a in node.names), name
        graph[name] &= set(modules) - {name}

    assert_no_circle(graph)


def test_the_page_describes_every_file_of_the_template():
    files = {p.relative_to(TEMPLATE).as_posix() for p in TEMPLATE.rglob("*")
             if p.is_file() and "__pycache__" not in p.parts}
    named = set(re.findall(r"`([\w/]+\.(?:py|json|md))`", DOC))
    missing = sorted(f for f in files if f not in named)
    assert not missing, f"docs/NEW_GAME.md does not name {missing}"


def test_every_component_of_the_template_names_its_source():
    raw = msgspec.json.decode((TEMPLATE / "data" / "deck.json").read_bytes())
    assert tuple(c["value"] for c in raw["cards"]) == DECK == tuple(range(1, 9))
    assert all(c["source"] for c in raw["cards"])
