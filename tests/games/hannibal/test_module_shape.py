"""The shape of Hannibal's rules modules (issue 34): each a part of the rulebook, none over about
900 lines, no import circle among them, no import inside a function, and every step asked for by
name (a frame's ``kind``, an entry begun with ``ctx.begin``) registered in the step table."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.shape import (assert_no_circle, assert_no_import_inside_a_function, import_graph, literal_calls,
                         modules, sizes)

from engine.games.hannibal import rules  # noqa: F401 - fills the table
from engine.games.hannibal.flow import STEPS

PACKAGE = Path(rules.__file__).parent
MODULES = modules(PACKAGE)


def test_no_module_is_over_900_lines() -> None:
    # "about" 900: the largest is components.py (904, the printed components' structs, checks and
    # helpers; their loading is engine.data's since issue 34); every rules module is well under
    lines = sizes(PACKAGE, MODULES)
    assert max(lines.values()) <= 950, {k: v for k, v in lines.items() if v > 950}


def test_the_modules_import_one_another_one_way_only() -> None:
    graph = import_graph(MODULES)
    assert_no_circle(graph)


def test_no_import_inside_a_function() -> None:
    assert_no_import_inside_a_function(MODULES)


def test_every_entry_begun_by_name_is_registered() -> None:
    begun = literal_calls(MODULES, "begin")
    assert begun, "the modules begin steps by name"
    assert {n for _, n in begun} <= set(STEPS.entries), [x for x in begun if x[1] not in STEPS.entries]


def test_every_frame_kind_pushed_is_a_registered_step() -> None:
    kinds = set()
    for tree in MODULES.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Frame":
                for kw in node.keywords:
                    if kw.arg == "kind" and isinstance(kw.value, ast.Constant):
                        kinds.add(kw.value.value)
    registered = set(STEPS.describe) | set(STEPS.auto)
    assert len(kinds) > 40 and kinds <= registered, sorted(kinds - registered)
