"""Reading a package's modules for the shape tests (issue 34: tests/games/*/test_module_shape.py,
tests/test_new_game.py): each module's syntax tree, whom it imports among its siblings, import
circles, imports inside functions, line counts and the literal names passed to a method."""

from __future__ import annotations

import ast
from pathlib import Path


def modules(package: Path) -> dict[str, ast.Module]:
    """Every module of ``package`` (a folder), by name, parsed."""
    return {p.stem: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(package.glob("*.py"))}


def sizes(package: Path, names) -> dict[str, int]:
    return {name: (package / f"{name}.py").read_text(encoding="utf-8").count("\n") for name in names}


def sibling_imports(tree: ast.Module, siblings, package: str | None = None) -> set[str]:
    """The modules among ``siblings`` that ``tree`` imports (relative imports; with ``package``, the
    package's dotted name, absolute ones too: ``from server.store import …``, ``import server.store``)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                out.add(node.module.split(".")[0])
            else:
                out.update(a.name for a in node.names)
        elif package and isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == package:
                out.update(a.name for a in node.names)
            elif node.module.startswith(package + "."):
                out.add(node.module[len(package) + 1:].split(".")[0])
        elif package and isinstance(node, ast.Import):
            out.update(a.name[len(package) + 1:].split(".")[0] for a in node.names
                       if a.name.startswith(package + "."))
    return out & set(siblings)


def import_graph(mods: dict[str, ast.Module], package: str | None = None) -> dict[str, set[str]]:
    return {name: sibling_imports(tree, mods, package) - {name} for name, tree in mods.items()}


def assert_no_circle(graph: dict[str, set[str]]) -> None:
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


def assert_no_import_inside_a_function(mods: dict[str, ast.Module]) -> None:
    for name, tree in mods.items():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inner = [n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))]
                assert not inner, f"{name}.{node.name} imports at line {inner[0].lineno}"


def literal_calls(mods: dict[str, ast.Module], method: str) -> set[tuple[str, str]]:
    """(module, first string argument) of every ``….method("name", …)`` call."""
    out = set()
    for name, tree in mods.items():
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == method
                    and node.args and isinstance(node.args[0], ast.Constant)):
                out.add((name, node.args[0].value))
    return out
