"""The shape of The Republic of Carthage's rules modules (issue 34): each a part of the rulebook,
none over about 900 lines, no import circle among them, no import inside a function, and every
step asked for by name (a frame's ``kind``, an entry begun with ``ctx.begin``) registered in the
step table."""

from __future__ import annotations

import ast
from pathlib import Path

from engine.games.republic_of_carthage import rules  # noqa: F401 - fills the table
from engine.games.republic_of_carthage.flow import STEPS

PACKAGE = Path(rules.__file__).parent
MODULES = {p.stem: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(PACKAGE.glob("*.py"))}
DATA = {"components"}  # the printed components (cards, tables, board), not rules: the shared
# components loader of issue 34 is to shrink it


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
    rules_sizes = {k: v for k, v in sizes.items() if k not in DATA}
    assert max(rules_sizes.values()) <= 900, {k: v for k, v in rules_sizes.items() if v > 900}
    assert max(sizes[k] for k in DATA) <= 1000, {k: sizes[k] for k in DATA}


def test_the_modules_import_one_another_one_way_only() -> None:
    graph = {name: _sibling_imports(tree) - {name} for name, tree in MODULES.items()}
    assert graph["senate"] and graph["combat"], "the reading of imports finds the modules' imports"
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


def test_no_import_inside_a_function() -> None:
    for name, tree in MODULES.items():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inner = [n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))]
                assert not inner, f"{name}.{node.name} imports at line {inner[0].lineno}"


def _literal_calls(method: str) -> set[tuple[str, str]]:
    """(module, first string argument) of every ``….method("name", …)`` call."""
    out = set()
    for name, tree in MODULES.items():
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == method
                    and node.args and isinstance(node.args[0], ast.Constant)):
                out.add((name, node.args[0].value))
    return out


def test_every_entry_begun_by_name_is_registered() -> None:
    begun = _literal_calls("begin")
    assert begun, "the modules begin steps by name"
    assert {n for _, n in begun} <= set(STEPS.entries), [x for x in begun if x[1] not in STEPS.entries]


def test_every_frame_kind_pushed_is_a_registered_step() -> None:
    kinds = set()
    for tree in MODULES.values():
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id == "Frame":
                for kw in node.keywords:
                    if kw.arg == "kind" and isinstance(kw.value, ast.Constant):
                        kinds.add(kw.value.value)
            elif node.func.id == "ps_frame" and len(node.args) > 1 and isinstance(node.args[1], ast.Constant):
                kinds.add(node.args[1].value)  # a decision of the presiding officer's (proposals.ps_frame)
    registered = set(STEPS.describe) | set(STEPS.auto)
    assert len(kinds) > 80 and kinds <= registered, sorted(kinds - registered)


def test_every_kind_of_proposal_made_does_something_once_tallied() -> None:
    from engine.games.republic_of_carthage.proposals import PASSED

    made = set()
    for tree in MODULES.values():
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "propose"
                    and len(node.args) > 1 and isinstance(node.args[1], ast.Constant)):
                made.add(node.args[1].value)
    assert len(made) > 10 and made <= set(PASSED), sorted(made - set(PASSED))
