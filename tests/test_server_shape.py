"""The shape of the server package (issue 34): no import circle among its modules, counting the
imports inside functions and the absolute ones (``from server.x import …``) too, since an import
moved into a function still ties the two modules; no module over 1,000 lines (the host is split by
responsibility: server.host and its parts server.hostgames, hostseats, hostreads, hoststreams); and
every module says what it holds."""

from __future__ import annotations

import ast
from pathlib import Path

import server
from tests.shape import assert_no_circle, import_graph, modules, sizes

PACKAGE = Path(server.__file__).parent
MODULES = modules(PACKAGE)


def test_the_package_is_read_whole() -> None:
    # the modules the checks below stand on: a glob that found nothing would pass them all
    assert {"app", "host", "hostgames", "http", "service", "store", "stores", "pgstore", "feed"} <= set(MODULES)


def test_no_module_is_over_1000_lines() -> None:
    lines = sizes(PACKAGE, MODULES)
    assert max(lines.values()) <= 1000, {k: v for k, v in lines.items() if v > 1000}


def test_the_modules_import_one_another_one_way_only() -> None:
    graph = import_graph(MODULES, "server")
    assert graph["app"] >= {"host", "http", "service", "stores"}  # the graph sees the imports it must
    assert_no_circle(graph)


def test_every_module_says_what_it_holds() -> None:
    missing = sorted(name for name, tree in MODULES.items() if not ast.get_docstring(tree))
    assert not missing, missing
