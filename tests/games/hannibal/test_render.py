"""The drawn map: a well-formed SVG with one element per space, every link, and a legend."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from engine.games.hannibal import components as c
from engine.games.hannibal.render import render_map

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def svg() -> str:
    return render_map()


@pytest.fixture(scope="module")
def root(svg) -> ET.Element:
    return ET.fromstring(svg.encode())


def test_the_map_parses_as_svg(root):
    assert root.tag == f"{SVG}svg"
    assert float(root.get("width")) > 1000 and float(root.get("height")) > 500


def test_one_group_per_space(root):
    groups = [g for g in root.iter(f"{SVG}g") if g.get("class") == "space"]
    assert sorted(g.get("id") for g in groups) == sorted(f"space-{sid}" for sid in c.SPACES)
    for g in groups:
        space = c.SPACES[g.get("id").removeprefix("space-")]
        names = [t.text for t in g.iter(f"{SVG}text") if t.get("class") == "name"]
        assert names == [space.name]
        shapes = {e.tag.removeprefix(SVG) for e in g}
        assert ("rect" in shapes) == (space.city is not None)


def test_every_link_is_drawn_in_its_kind(root):
    kinds = [e.get("class").split()[1] for e in root.iter() if (e.get("class") or "").startswith("link ")]
    assert sorted(kinds) == sorted(ln.kind for ln in c.LINKS)


def test_the_legend_and_every_province_label_are_drawn(root):
    legend = [g for g in root.iter(f"{SVG}g") if g.get("id") == "legend"]
    assert len(legend) == 1
    texts = " ".join("".join(t.itertext()) for t in legend[0].iter(f"{SVG}text"))
    for word in ("alpine pass", "strait", "port", "walled city", "tribe", "Roman", "Carthaginian"):
        assert word in texts
    labels = ["".join(t.itertext()) for t in root.iter(f"{SVG}text") if (t.get("class") or "").startswith("province")]
    for prov in c.PROVINCES.values():
        assert any(label.startswith(prov.name.upper()) for label in labels), prov.id


def test_starting_control_colours(root):
    fills = {}
    for g in root.iter(f"{SVG}g"):
        if g.get("class") == "space":
            shape = next(e for e in g if e.tag in (f"{SVG}rect", f"{SVG}path", f"{SVG}circle") and e.get("fill") != "none")
            fills[g.get("id").removeprefix("space-")] = shape.get("fill")
    assert fills["roma"] != fills["carthago"]
    assert fills["roma"] == fills["agrigentum"] and fills["carthago"] == fills["saguntum"]


def test_rendering_is_deterministic(svg):
    assert render_map() == svg


def test_the_committed_picture_is_up_to_date(svg):
    """README.md embeds map.svg; it must be the current rendering."""
    committed = Path(__file__).resolve().parents[3] / "engine" / "games" / "hannibal" / "map.svg"
    assert committed.read_text(encoding="utf-8") == svg


def test_every_space_is_drawn_on_land():
    """An inland space lies inside a coastline; a port lies on land or on the coast line itself (within
    4 units): the display nudges never push a space into the sea."""
    proj = c.MAP.projection
    polygons = [[proj.project(lon, lat) for lon, lat in coast.points] for coast in c.COASTS.polygons]

    def inside(pt, poly):
        x, y = pt
        res = False
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                res = not res
        return res

    def to_coast(pt):
        best = math.inf
        for poly in polygons:
            for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1]):
                dx, dy = bx - ax, by - ay
                t = max(0.0, min(1.0, ((pt[0] - ax) * dx + (pt[1] - ay) * dy) / (dx * dx + dy * dy)))
                best = min(best, math.dist(pt, (ax + t * dx, ay + t * dy)))
        return best

    at_sea = [s.id for s in c.SPACES.values()
              if not any(inside((s.x, s.y), p) for p in polygons) and (not s.port or to_coast((s.x, s.y)) > 4)]
    assert at_sea == []
