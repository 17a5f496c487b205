"""The drawn board: a well-formed SVG showing every area the rules name, with the set-up on it."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from engine.games.republic_of_carthage import components as c
from engine.games.republic_of_carthage.render import render_map

SVG = "{http://www.w3.org/2000/svg}"
COMMITTED = Path(c.__file__).with_name("board.svg")


@pytest.fixture(scope="module")
def svg() -> str:
    return render_map()


@pytest.fixture(scope="module")
def root(svg) -> ET.Element:
    return ET.fromstring(svg.encode())


def _texts(el: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in el.iter(f"{SVG}text")]


def _group(root: ET.Element, gid: str) -> ET.Element:
    (g,) = [g for g in root.iter(f"{SVG}g") if g.get("id") == gid]
    return g


def test_the_board_parses_as_svg(root):
    assert root.tag == f"{SVG}svg"
    assert float(root.get("width")) == c.BOARD.width and float(root.get("height")) == c.BOARD.height


def test_one_group_per_area_with_both_names(root):
    groups = {g.get("id"): g for g in root.iter(f"{SVG}g") if g.get("class") == "area"}
    assert set(groups) == {f"area-{a.id}" for a in c.BOARD.areas}
    for a in c.BOARD.areas:
        texts = _texts(groups[f"area-{a.id}"])
        assert a.name.upper() in texts and a.name_fr in texts


def test_the_areas_the_rules_name_are_on_the_board():
    """War Plans with its Active, Inactive, unprosecuted and Lost parts (IV.2a, VI.3, V.7), Active Forces
    and the Force Reserve (steps 15-16), the Port, the State Treasury with the tax track (steps 13-14), the
    vote track (IV.7), the trade mat (III.3f) and the contributions table (II.11)."""
    assert {"war_plans", "wars_active", "wars_inactive", "wars_unprosecuted", "wars_lost", "active_forces",
            "force_reserve", "port", "state_treasury", "vote_track", "trade_mat", "contributions_table"} <= {
        a.id for a in c.BOARD.areas}


def test_areas_lie_on_the_board_and_children_inside_parents():
    areas = {a.id: a for a in c.BOARD.areas}
    for a in areas.values():
        assert 0 <= a.x and a.x + a.w <= c.BOARD.width and 0 <= a.y and a.y + a.h <= c.BOARD.height, a.id
        if a.parent:
            p = areas[a.parent]
            assert p.x <= a.x and a.x + a.w <= p.x + p.w and p.y <= a.y and a.y + a.h <= p.y + p.h, a.id


def test_top_level_areas_do_not_overlap():
    top = [a for a in c.BOARD.areas if not a.parent]
    for i, a in enumerate(top):
        for b in top[i + 1:]:
            apart = a.x + a.w <= b.x or b.x + b.w <= a.x or a.y + a.h <= b.y or b.y + b.h <= a.y
            assert apart, (a.id, b.id)


def test_the_set_up_is_drawn(root):
    """Step 4: Conquest of Tunisia in Inactive Wars; step 15: 2 Legions active; step 16: the Reserve;
    steps 13-14: 100 T and the tax marker on 10."""
    inactive = _group(root, "area-wars_inactive")
    assert "Conquest of Tunisia" in _texts(inactive)
    def units(gid):
        return sorted(t.get("data-unit") for t in _group(root, gid).iter(f"{SVG}g") if t.get("class") == "token")
    assert units("area-active_forces") == ["carthaginian_legion"] * 2
    assert units("area-force_reserve") == sorted(["balearic_slinger"] * 2 + ["celtiberian"] * 4
                                                 + ["campanian_swordsman"] * 3 + ["squadron"])
    treasury = _group(root, "area-state_treasury")
    assert "= 100 T" in _texts(treasury)
    spaces = [g for g in treasury.iter(f"{SVG}g") if g.get("class") == "tax-space"]
    assert [int(g.get("data-rate")) for g in spaces] == list(range(0, 100, 10))


def test_the_trade_mat_shows_nine_piles_after_the_removals(root):
    """Préparation du jeu, step 17: nine piles, each with its cards left after the removals."""
    mat = _group(root, "area-trade_mat")
    piles = [g for g in mat.iter(f"{SVG}g") if g.get("class") == "pile"]
    assert [g.get("id") for g in piles] == [f"pile-{n}" for n in range(1, 10)]
    for n, g in enumerate(piles, 1):
        texts = _texts(g)
        assert f"{c.pile_sizes(after_setup=True)[n - 1]} cards" in texts
        for com in c.commodities_in_pile(n):
            assert f"{com.name} ×{com.cards}" in texts
    assert "9 · 36 · 54" in _texts(_group(root, "pile-9"))


def test_the_vote_track_and_the_printed_tables(root):
    votes = [g for g in _group(root, "area-vote_track").iter(f"{SVG}g") if g.get("class") == "vote-space"]
    assert len(votes) == c.BOARD.vote_track_max + 1
    assert "+1 INF" in _texts(_group(root, "area-contributions_table"))
    assert "target killed" in _texts(_group(root, "area-assassination_table"))
    events = _texts(_group(root, "area-random_events_table"))
    assert all(c.EVENT_CARDS[r.event].front.title in events for r in c.RANDOM_EVENTS.rows)


def test_rendering_is_deterministic(svg):
    assert render_map() == svg


def test_the_committed_picture_is_up_to_date(svg):
    """README.md shows board.svg; it must be the current rendering."""
    assert COMMITTED.read_text(encoding="utf-8") == svg


def test_the_cli_renders_the_board(tmp_path, svg):
    """`carthago render republic_of_carthage -o FILE` writes the same picture."""
    out = tmp_path / "board.svg"
    cli = Path(sys.executable).with_name("carthago")
    subprocess.run([str(cli), "render", "republic_of_carthage", "-o", str(out)], check=True, capture_output=True)
    assert out.read_text() == svg


def test_any_position_draws_as_svg():
    """`carthago render` draws any position of a game (issue 18, wire and tools): the State, factions,
    wars, forces, provinces and piles, with hidden things as counts only."""
    import random
    import xml.etree.ElementTree as ET

    from engine.core import GameConfig
    from engine.games.republic_of_carthage.game import REPUBLIC_OF_CARTHAGE as G
    from engine.games.republic_of_carthage.render import render_position
    from engine.session import Session

    session, _ = Session.start(G, GameConfig(4), b"render")
    pick = random.Random(1)
    for _ in range(600):
        if session.status().over:
            break
        seat = session.status().to_act[0]
        session.submit(seat, pick.choice(session.legal(seat)))
    svg = render_position(session.state, "a game")
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert "State Treasury" in svg and "Yellow faction" in svg and "Commerce piles" in svg
    # every component by its name, as the move list names them: no snake_case id is drawn
    words = [t.text or "" for t in root.iter() if t.tag.endswith("text")]
    assert not [w for w in words if re.search(r"[a-z]_[a-z]", w)], words
    for hand in session.state.hands:
        for card in hand:
            assert f">{card}<" not in svg  # hands are drawn as counts
