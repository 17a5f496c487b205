"""The Rome et Carthage board: the data is whole, playable and fair, and it draws.

Facts the rulebook states cite its heading; the rest checks rulings of the reconstruction
(engine/games/rome_et_carthage/README.md).
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections import deque

import msgspec
import pytest

from engine.games.rome_et_carthage import board, render
from engine.games.rome_et_carthage.board import MAP, MapError, validate

SVG = "{http://www.w3.org/2000/svg}"
STATE_IDS = {"rome", "carthage", "byzance", "alexandrie"}

# Fairness: the largest allowed difference between the most and the least endowed state.
FAIRNESS_SPREAD = {
    "cities": 0,
    "ports": 1,
    "islands": 1,
    "inland": 1,
    "road_links": 2,
    "sea_links": 2,
    "coast_links": 2,
    "foreign_links": 2,
    "capital_to_border": 1,
}

# The regions each border road must join (the brief's ring around the sea).
BORDER_REGIONS = {
    frozenset({"rome", "carthage"}): ({"Gallia Narbonensis"}, {"Hispania"}),
    frozenset({"rome", "byzance"}): ({"Illyricum"}, {"Macedonia", "Thracia", "Achaia", "Thessalia"}),
    frozenset({"byzance", "alexandrie"}): ({"Cilicia", "Pamphylia", "Galatia", "Asia", "Bithynia"}, {"Syria"}),
    frozenset({"alexandrie", "carthage"}): ({"Cyrenaica"}, {"Africa", "Africa (Emporia)"}),
}
BORDER_SIDE = {  # which state owns the first region set of BORDER_REGIONS
    frozenset({"rome", "carthage"}): "rome",
    frozenset({"rome", "byzance"}): "rome",
    frozenset({"byzance", "alexandrie"}): "byzance",
    frozenset({"alexandrie", "carthage"}): "alexandrie",
}


def _components(nodes: set[str], edges: list[tuple[str, str]]) -> list[set[str]]:
    adj: dict[str, set[str]] = {n: set() for n in nodes}
    for a, b in edges:
        if a in adj and b in adj:
            adj[a].add(b)
            adj[b].add(a)
    seen: set[str] = set()
    parts = []
    for start in sorted(nodes):
        if start in seen:
            continue
        part = {start}
        todo = deque([start])
        while todo:
            for nxt in adj[todo.popleft()]:
                if nxt not in part:
                    part.add(nxt)
                    todo.append(nxt)
        seen |= part
        parts.append(part)
    return parts


def _edges(*kinds: str) -> list[tuple[str, str]]:
    return [(ln.a, ln.b) for ln in MAP.links if ln.kind in kinds]


MAINLAND = {c.id for c in MAP.cities if not c.island}
PORTS = {c.id for c in MAP.cities if c.port}


# --- the cities and states -----------------------------------------------------------------


def test_four_states_each_named_after_its_capital_with_thirteen_other_cities():
    # Rome et Carthage "Description du jeu": four states, named after their capitals, each with
    # thirteen cities besides the capital.
    assert {s.id for s in MAP.states} == STATE_IDS
    assert len(MAP.cities) == 56
    for s in MAP.states:
        own = [c for c in MAP.cities if c.state == s.id]
        assert len(own) == 14 == MAP.cities_per_state, s.id
        capitals = [c for c in own if c.capital]
        assert [c.id for c in capitals] == [s.capital]
        assert capitals[0].name == s.name


def test_the_reissue_calls_byzance_constantinople():
    # Méditerranée "But" names the four capitals Rome, Constantinople, Carthage and Alexandrie.
    assert {s.reissue_name for s in MAP.states} == {"Rome", "Constantinople", "Carthage", "Alexandrie"}
    assert board.state("byzance").reissue_name == "Constantinople"


def test_city_ids_and_names_are_unique_and_ids_are_ascii_snake_case():
    ids = [c.id for c in MAP.cities]
    names = [c.name for c in MAP.cities]
    assert len(set(ids)) == len(ids)
    assert len(set(names)) == len(names)
    for cid in ids:
        assert re.fullmatch(r"[a-z][a-z0-9_]*", cid), cid


def test_each_capital_shows_a_different_suit():
    # Rome et Carthage "Préliminaires": one card of each suit picks the states; each capital
    # shows the sign of one suit.
    assert sorted(s.suit for s in MAP.states) == ["clubs", "diamonds", "hearts", "spades"]


def test_each_state_has_room_to_place_its_seven_pieces():
    # Rome et Carthage "Pièces et accessoires du jeu": 7 pieces, 2 of them galleys;
    # "Placement des pièces": own state only, galleys in ports only, one piece per city.
    for s in MAP.states:
        own = board.cities_of(s.id)
        assert len(own) >= 7
        assert sum(board.is_port(c) for c in own) >= 2


def test_capitals_are_mainland_ports():
    # Ruling: a capital can be reached by land pieces and by galleys.
    for s in MAP.states:
        cap = board.city(s.capital)
        assert cap.port and not cap.island, s.id


def test_every_record_names_its_source():
    # DESIGN.md principle 5.
    records = [MAP, *MAP.states, *MAP.cities, *MAP.links]
    for rec in records:
        assert rec.source, rec
        for field, src in rec.sources.items():
            assert field in rec.__struct_fields__ and src, (rec, field)
    reconstructed = [c for c in MAP.cities if c.source == board.RECONSTRUCTED]
    assert len(reconstructed) == 56  # no city is given by the rulebook, so all are reconstructed


# --- the links -----------------------------------------------------------------------------


def test_every_link_end_is_a_city_and_no_link_is_doubled():
    ids = {c.id for c in MAP.cities}
    seen = set()
    for ln in MAP.links:
        assert ln.a in ids and ln.b in ids, ln
        assert ln.a != ln.b, ln
        key = (frozenset((ln.a, ln.b)), ln.kind)
        assert key not in seen, f"duplicate {ln.kind} {ln.a}-{ln.b}"
        seen.add(key)


def test_galleys_sail_only_between_ports():
    # Rome et Carthage "Déplacements": galleys follow the dotted lines or the coast, port to port;
    # "Placement des pièces": galleys stand in ports only.
    for ln in MAP.links:
        if ln.kind in ("sea", "coast"):
            assert board.is_port(ln.a) and board.is_port(ln.b), ln


def test_every_port_has_somewhere_to_sail():
    for cid in PORTS:
        assert board.sea_neighbours(cid), cid
    for c in MAP.cities:
        if not c.port:
            assert board.sea_neighbours(c.id) == (), c.id


def test_no_road_touches_an_island():
    # Méditerranée "Préparation": land pieces may be placed on an island but never move.
    for ln in MAP.links:
        if ln.kind == "road":
            assert not board.is_island(ln.a) and not board.is_island(ln.b), ln
    for c in MAP.cities:
        if c.island:
            assert board.land_neighbours(c.id) == ()
            assert c.port, f"{c.id}: an island must be a port, or no piece could ever reach it"


def test_every_mainland_city_has_a_road():
    # Rome et Carthage "Déplacements": land pieces move only along the roads.
    for cid in MAINLAND:
        assert board.land_neighbours(cid), cid


def test_a_sea_lane_and_a_coast_hop_never_join_the_same_two_ports():
    sea = {frozenset((ln.a, ln.b)) for ln in MAP.links if ln.kind == "sea"}
    coast = {frozenset((ln.a, ln.b)) for ln in MAP.links if ln.kind == "coast"}
    assert not sea & coast


# --- connectivity --------------------------------------------------------------------------


def test_every_city_reaches_every_other_by_land_and_sea():
    parts = _components({c.id for c in MAP.cities}, _edges("road", "sea", "coast"))
    assert len(parts) == 1, parts


def test_a_galley_reaches_every_port_from_every_port():
    parts = _components(PORTS, _edges("sea", "coast"))
    assert len(parts) == 1, parts


def test_each_state_holds_together_by_its_own_roads():
    for s in MAP.states:
        own = {c for c in board.cities_of(s.id) if c in MAINLAND}
        inside = [(a, b) for a, b in _edges("road") if a in own and b in own]
        parts = _components(own, inside)
        assert len(parts) == 1, (s.id, parts)


def test_roads_cross_borders_only_between_neighbouring_states():
    order = MAP.clockwise
    neighbours = {frozenset((order[i], order[(i + 1) % 4])) for i in range(4)}
    crossings = {frozenset((board.state_of(a), board.state_of(b)))
                 for a, b in _edges("road") if board.state_of(a) != board.state_of(b)}
    assert crossings == neighbours
    assert crossings == set(BORDER_REGIONS)


@pytest.mark.parametrize("pair", sorted(BORDER_REGIONS, key=sorted), ids=lambda p: "-".join(sorted(p)))
def test_the_land_route_between_neighbours_runs_where_the_map_says(pair):
    first = BORDER_SIDE[pair]
    first_regions, second_regions = BORDER_REGIONS[pair]
    found = []
    for a, b in _edges("road"):
        ca, cb = board.city(a), board.city(b)
        if frozenset((ca.state, cb.state)) != pair:
            continue
        if ca.state != first:
            ca, cb = cb, ca
        found.append((ca.region, cb.region))
        assert ca.region in first_regions and cb.region in second_regions, (a, b)
    assert found, pair


def test_the_roads_make_a_ring_around_the_sea():
    whole = _components(MAINLAND, _edges("road"))
    assert len(whole) == 1
    border_roads = [(a, b) for a, b in _edges("road") if board.state_of(a) != board.state_of(b)]
    assert len(border_roads) >= 4
    # a ring: cutting any single border road leaves every mainland city connected
    for cut in border_roads:
        rest = [e for e in _edges("road") if e != cut]
        assert len(_components(MAINLAND, rest)) == 1, f"cutting {cut} splits the land"


# --- the order of play and the sides ------------------------------------------------------


def test_clockwise_order_follows_the_capitals_around_the_board():
    # Rome et Carthage "Placement des pièces": play goes clockwise by the states' positions.
    caps = [board.city(board.capital_of(s)) for s in MAP.clockwise]
    cx = sum(c.x for c in caps) / 4
    cy = sum(c.y for c in caps) / 4
    # y grows downward on the drawing, so clockwise means a growing angle
    angles = [math.atan2(c.y - cy, c.x - cx) for c in caps]
    turns = [(angles[(i + 1) % 4] - angles[i]) % (2 * math.pi) for i in range(4)]
    assert all(0 < t < math.pi for t in turns), turns
    assert math.isclose(sum(turns), 2 * math.pi)
    assert [board.next_clockwise(s) for s in MAP.clockwise] == [*MAP.clockwise[1:], MAP.clockwise[0]]


def test_north_south_and_east_west_sides_match_the_capitals():
    # Méditerranée "Préparation": alliances may be North against South or East against West.
    for s in MAP.states:
        cap = board.city(s.capital)
        others = [board.city(o.capital) for o in MAP.states if o.north_south != s.north_south]
        if s.north_south == "north":
            assert all(cap.lat > o.lat for o in others), s.id
        others = [board.city(o.capital) for o in MAP.states if o.east_west != s.east_west]
        if s.east_west == "west":
            assert all(cap.lon < o.lon for o in others), s.id
    assert sorted((s.north_south, s.east_west) for s in MAP.states) == [
        ("north", "east"), ("north", "west"), ("south", "east"), ("south", "west")]


# --- fairness ------------------------------------------------------------------------------


def _table(figures: dict[str, dict[str, int]]) -> str:
    keys = list(next(iter(figures.values())))
    head = f"| {'state':<10} |" + "".join(f" {k} |" for k in keys)
    rule = "|" + "-" * 12 + "|" + "".join("-" * (len(k) + 1) + ":|" for k in keys)
    rows = [f"| {s:<10} |" + "".join(f" {v[k]:>{len(k)}} |" for k in keys) for s, v in figures.items()]
    return "\n".join([head, rule, *rows])


def test_the_states_are_equally_endowed():
    figures = board.map_figures()
    print("\nRome et Carthage map figures (a link counts for each state at one of its ends):")
    print(_table(figures))
    assert list(figures) == list(MAP.clockwise)
    for key, spread in FAIRNESS_SPREAD.items():
        values = [f[key] for f in figures.values()]
        assert max(values) - min(values) <= spread, (key, values)
    assert all(f["capital_to_border"] > 0 for f in figures.values())


def test_map_figures_count_what_they_say():
    figures = board.map_figures()
    assert sum(f["cities"] for f in figures.values()) == 56
    assert sum(f["islands"] for f in figures.values()) == sum(c.island for c in MAP.cities)
    for kind, key in (("road", "road_links"), ("sea", "sea_links"), ("coast", "coast_links")):
        inner = sum(ln.kind == kind and board.state_of(ln.a) == board.state_of(ln.b) for ln in MAP.links)
        across = sum(ln.kind == kind and board.state_of(ln.a) != board.state_of(ln.b) for ln in MAP.links)
        assert sum(f[key] for f in figures.values()) == inner + 2 * across


# --- helpers and validation ----------------------------------------------------------------


def test_helpers_speak_like_the_rulebook():
    assert board.capital_of("rome") == "rome"
    assert board.state_of("massilia") == "rome"
    assert "massilia" in board.cities_of("rome")
    assert board.is_port("massilia") and not board.is_island("massilia")
    assert board.is_island("syracusae") and board.land_neighbours("syracusae") == ()
    assert board.sea_neighbours("mediolanum") == ()
    assert "narbo" in board.land_neighbours("massilia")
    assert "aleria" in board.sea_neighbours("massilia")  # a sea lane
    assert "narbo" in board.sea_neighbours("massilia")  # along the coast
    assert "aleria" not in board.land_neighbours("massilia")
    for cid in (c.id for c in MAP.cities):
        for n in board.land_neighbours(cid):
            assert cid in board.land_neighbours(n)
        for n in board.sea_neighbours(cid):
            assert cid in board.sea_neighbours(n)
    with pytest.raises(KeyError, match="atlantis"):
        board.state_of("atlantis")
    with pytest.raises(KeyError, match="gallia"):
        board.capital_of("gallia")


def _broken(**changes) -> board.Map:
    return msgspec.structs.replace(MAP, **changes)


@pytest.mark.parametrize("change, message", [
    (lambda: {"links": MAP.links + (board.Link("rome", "atlantis", "road", "test"),)}, "unknown city 'atlantis'"),
    (lambda: {"links": MAP.links + (board.Link("rome", "syracusae", "road", "test"),)}, "road touches an island"),
    (lambda: {"links": MAP.links + (board.Link("mediolanum", "rome", "sea", "test"),)}, "port to port"),
    (lambda: {"links": MAP.links + (board.Link("massilia", "narbo", "road", "test"),)}, "duplicate link"),
    (lambda: {"states": tuple(msgspec.structs.replace(s, capital="massilia") if s.id == "rome" else s
                              for s in MAP.states)}, "capital 'massilia'"),
    (lambda: {"cities": tuple(msgspec.structs.replace(c, state="gallia") if c.id == "narbo" else c
                              for c in MAP.cities)}, "unknown state 'gallia'"),
    (lambda: {"clockwise": ("rome", "byzance", "carthage")}, "clockwise"),
], ids=["unknown-city", "road-to-island", "sea-from-inland", "duplicate", "capital", "state", "clockwise"])
def test_validate_names_what_is_broken(change, message):
    validate(MAP)
    with pytest.raises(MapError, match=re.escape(message)):
        validate(_broken(**change()))


def test_drawing_coordinates_project_the_ancient_sites():
    p = MAP.projection
    for c in MAP.cities:
        x = (c.lon - p.lon0) * math.cos(math.radians(p.lat_ref)) * p.scale
        y = (p.lat_top - c.lat) * p.scale
        assert abs(c.x - x) < 1 and abs(c.y - y) < 1, c.id
        assert 0 < c.x < MAP.width and 0 < c.y < MAP.height, c.id
    # the sites themselves lie around the Mediterranean
    assert all(-10 < c.lon < 38 and 29 < c.lat < 46 for c in MAP.cities)


def test_no_two_cities_are_drawn_on_top_of_each_other():
    for i, a in enumerate(MAP.cities):
        for b in MAP.cities[i + 1:]:
            assert math.hypot(a.x - b.x, a.y - b.y) >= 24, (a.id, b.id)


# --- the drawing ---------------------------------------------------------------------------


def _svg(**kw) -> ET.Element:
    return ET.fromstring(render.render_map(**kw))


def _by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def test_the_map_draws_one_mark_per_city_and_one_line_per_link():
    root = _svg()
    assert root.tag == SVG + "svg"
    cities = _by_class(root, "city")
    assert sorted(e.get("id") for e in cities) == sorted(f"city-{c.id}" for c in MAP.cities)
    assert len(_by_class(root, "capital")) == 4
    assert len(_by_class(root, "port")) == len(PORTS)
    assert len(_by_class(root, "island")) == sum(c.island for c in MAP.cities)
    for kind in ("road", "sea", "coast"):
        drawn = _by_class(root, kind)
        assert len(drawn) == sum(ln.kind == kind for ln in MAP.links), kind
    labels = {e.get("id"): e.text for e in root.iter(SVG + "text") if (e.get("id") or "").startswith("label-")}
    assert labels == {f"label-{c.id}": c.name for c in MAP.cities}
    assert not _by_class(root, "piece")


def test_lines_are_told_apart_by_their_dashes():
    root = _svg()
    groups = {g.get("id"): g for g in root.iter(SVG + "g")}
    assert "stroke-dasharray" not in groups["roads"].attrib  # solid
    assert groups["sea-links"].get("stroke-dasharray") != groups["coast-links"].get("stroke-dasharray")
    assert groups["sea-links"].get("stroke-dasharray") and groups["coast-links"].get("stroke-dasharray")


def test_the_map_draws_a_piece_in_its_owners_colour():
    root = _svg(pieces={"massilia": ("carthage", "galley"), "rome": ("rome", "elephant")}, title="Turn 3")
    pieces = {e.get("id"): e for e in _by_class(root, "piece")}
    assert set(pieces) == {"piece-massilia", "piece-rome"}
    galley = pieces["piece-massilia"]
    assert galley.get("data-owner") == "carthage" and galley.get("data-kind") == "galley"
    assert board.state("carthage").colour in [e.get("fill") for e in galley.iter(SVG + "rect")]
    assert [t.text for t in galley.iter(SVG + "text")] == ["G"]
    assert root.find(SVG + "title").text == "Turn 3"


@pytest.mark.parametrize("pieces", [{"atlantis": ("rome", "galley")}, {"rome": ("gallia", "galley")},
                                    {"rome": ("rome", "catapult")}])
def test_the_map_refuses_an_unknown_piece(pieces):
    with pytest.raises(ValueError):
        render.render_map(pieces=pieces)


def test_rendering_is_pure():
    assert render.render_map() == render.render_map()


def test_labels_do_not_overlap_each_other_or_the_legend():
    root = _svg()
    boxes = {}
    for e in root.iter(SVG + "text"):
        cid = (e.get("id") or "")
        if not cid.startswith("label-"):
            continue
        size = float(e.get("font-size"))
        w = render._text_width(e.text, size, e.get("font-weight") == "bold")
        x, y = float(e.get("x")), float(e.get("y"))
        x0 = {"start": x, "middle": x - w / 2, "end": x - w}[e.get("text-anchor")]
        boxes[cid] = (x0, y - size * 0.8, x0 + w, y + size * 0.2)
    legend = next(g for g in root.iter(SVG + "g") if g.get("id") == "legend").find(SVG + "rect")
    lx, ly = float(legend.get("x")), float(legend.get("y"))
    legend_box = (lx, ly, lx + float(legend.get("width")), ly + float(legend.get("height")))
    items = sorted(boxes.items())
    for i, (a, box_a) in enumerate(items):
        assert render._overlap(box_a, legend_box) == 0, a
        for b, box_b in items[i + 1:]:
            assert render._overlap(box_a, box_b) < 4, (a, b)
    for c in MAP.cities:
        x, y = c.x, c.y + render.TOP
        assert not (legend_box[0] <= x <= legend_box[2] and legend_box[1] <= y <= legend_box[3]), c.id
