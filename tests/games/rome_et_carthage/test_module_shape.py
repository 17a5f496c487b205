"""The shape of Rome et Carthage's modules (issue 34): the rules split by the rulebook's parts
("Préliminaires", "Placement des pièces", "Déplacements", "Cartes spéciales", "Combats", "Talon",
"Fin de partie"), none over about 900 lines, no import circle among them, no import inside a
function, and every command handled by a rules module the entry imports."""

from __future__ import annotations

import ast
from pathlib import Path

from engine.games.rome_et_carthage import commands as cmd
from engine.games.rome_et_carthage import rules

PACKAGE = Path(rules.__file__).parent
MODULES = {p.stem: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(PACKAGE.glob("*.py"))}
# the rulebook's parts, each a module of its own
PARTS = ("preliminaries", "placement", "turn", "movement", "march", "specials", "combat", "talon", "endgame")
# the rules' modules from the entry down (docs/ARCHITECTURE.md): each imports only those after it
LAYERS = ("rules", "preliminaries", "placement", "specials", "movement", "march", "combat", "turn", "endgame",
          "talon", "teams", "decision")


def _sibling_imports(tree: ast.Module) -> set[str]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                out.add(node.module.split(".")[0])
            else:
                out.update(a.name for a in node.names)
    return out & set(MODULES)


def test_no_module_is_over_900_lines() -> None:
    sizes = {name: (PACKAGE / f"{name}.py").read_text(encoding="utf-8").count("\n") for name in MODULES}
    assert max(sizes.values()) <= 900, {k: v for k, v in sizes.items() if v > 900}
    assert sizes["rules"] <= 300, "rules.py is the thin entry: decide, legal, status, play, the handler table"


def test_the_modules_import_one_another_one_way_only() -> None:
    graph = {name: _sibling_imports(tree) - {name} for name, tree in MODULES.items()}
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, f"import circle: {' -> '.join(path + (name,))}"
        if name in done:
            return
        for nxt in graph[name]:
            visit(nxt, path + (name,))
        done.add(name)

    for name in graph:
        visit(name, ())
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
        assert not _sibling_imports(MODULES[name]) & above, (name, _sibling_imports(MODULES[name]) & above)


def test_no_import_inside_a_function() -> None:
    for name, tree in MODULES.items():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inner = [n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))]
                assert not inner, f"{name}.{node.name} imports at line {inner[0].lineno}"


def test_every_command_is_handled_by_a_part_of_the_rules() -> None:
    assert set(rules._HANDLERS) == set(rules._PHASES) == set(cmd.COMMAND_TYPES)
    homes = {h.__module__.rsplit(".", 1)[1] for h in rules._HANDLERS.values()}
    assert homes <= set(PARTS), homes - set(PARTS)
    assert {name for name in PARTS if name not in ("turn", "talon")} <= homes
