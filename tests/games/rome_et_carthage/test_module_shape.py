"""The shape of Rome et Carthage's modules (issue 34): the rules split by the rulebook's parts
("Préliminaires", "Placement des pièces", "Déplacements", "Cartes spéciales", "Combats", "Talon",
"Fin de partie"), none over about 900 lines, no import circle among them, no import inside a
function, and every command handled by a rules module the entry imports."""

from __future__ import annotations

from pathlib import Path

from tests.shape import (assert_no_circle, assert_no_import_inside_a_function, import_graph, modules,
                         sibling_imports, sizes)

from engine.games.rome_et_carthage import commands as cmd
from engine.games.rome_et_carthage import rules

PACKAGE = Path(rules.__file__).parent
MODULES = modules(PACKAGE)
# the rulebook's parts, each a module of its own
PARTS = ("preliminaries", "placement", "turn", "movement", "march", "specials", "combat", "talon", "endgame")
# the rules' modules from the entry down (docs/ARCHITECTURE.md): each imports only those after it
LAYERS = ("rules", "preliminaries", "placement", "specials", "movement", "march", "combat", "turn", "endgame",
          "talon", "teams", "decision")


def test_no_module_is_over_900_lines() -> None:
    lines = sizes(PACKAGE, MODULES)
    assert max(lines.values()) <= 900, {k: v for k, v in lines.items() if v > 900}
    assert lines["rules"] <= 300, "rules.py is the thin entry: decide, legal, status, play, the handler table"


def test_the_modules_import_one_another_one_way_only() -> None:
    graph = import_graph(MODULES)
    assert_no_circle(graph)
    # the parts and the shared helpers never reach back up to the entry, the game or the views
    for name in (*PARTS, "decision", "teams"):
        reached, todo = set(), [name]
        while todo:
            for nxt in graph[todo.pop()] - reached:
                reached.add(nxt)
                todo.append(nxt)
        assert not reached & {"rules", "game", "views"}, (name, reached & {"rules", "game", "views"})


def test_each_rules_module_imports_only_the_ones_below_it() -> None:
    assert set(LAYERS) == set(PARTS) | {"rules", "teams", "decision"}
    for i, name in enumerate(LAYERS):
        above = set(LAYERS[:i + 1]) | {"game", "views", "render", "notation"}
        assert not sibling_imports(MODULES[name], MODULES) & above, (name, sibling_imports(MODULES[name], MODULES) & above)


def test_no_import_inside_a_function() -> None:
    assert_no_import_inside_a_function(MODULES)


def test_every_command_is_handled_by_a_part_of_the_rules() -> None:
    assert set(rules._HANDLERS) == set(rules._PHASES) == set(cmd.COMMAND_TYPES)
    homes = {h.__module__.rsplit(".", 1)[1] for h in rules._HANDLERS.values()}
    assert homes <= set(PARTS), homes - set(PARTS)
    assert {name for name in PARTS if name not in ("turn", "talon")} <= homes
