"""The shape of The Republic of Carthage's rules modules (issue 34): each a part of the rulebook,
none over about 900 lines, no import circle among them, no import inside a function, and every
step asked for by name (a frame's ``kind``, an entry begun with ``ctx.begin``) registered in the
step table."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.shape import (assert_no_circle, assert_no_import_inside_a_function, import_graph, literal_calls,
                         modules, sizes)

from engine.games.republic_of_carthage import rules  # noqa: F401 - fills the table
from engine.games.republic_of_carthage.flow import STEPS

PACKAGE = Path(rules.__file__).parent
MODULES = modules(PACKAGE)
DATA = {"components"}  # the printed components (cards, tables, board), not rules: 944 lines of
# structs, cross-references and helpers (their loading is engine.data's since issue 34)


def test_no_module_is_over_900_lines() -> None:
    lines = sizes(PACKAGE, MODULES)
    rules_sizes = {k: v for k, v in lines.items() if k not in DATA}
    assert max(rules_sizes.values()) <= 900, {k: v for k, v in rules_sizes.items() if v > 900}
    assert max(lines[k] for k in DATA) <= 1000, {k: lines[k] for k in DATA}


def test_the_modules_import_one_another_one_way_only() -> None:
    graph = import_graph(MODULES)
    assert graph["senate"] and graph["combat"], "the reading of imports finds the modules' imports"
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
