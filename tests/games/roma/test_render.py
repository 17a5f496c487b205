"""Roma's picture (issue 16, item 13): render.render_position draws the table (Roma "COMPOSITION
DU JEU": dice discs 1..6 between the players, the money disc and the cards disc at the ends) from
the seats' views, so a picture drawn for one seat shows nothing that seat may not see."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from carthago.cli import play_game
from engine.games.roma.cards import CARDS
from engine.games.roma.render import render_position
from engine.games.roma.state import PLACE
from server.render import render_export

from .helpers import position, side

ROOT = Path(__file__).resolve().parents[3]


def texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)  # also: the document is well-formed XML
    return [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]


def test_the_table_shows_both_sides_on_their_discs_with_defence_as_it_stands():
    """Roma "Turris": each other card of its owner defends 1 more; the card shows that value."""
    s = position(first=side(d1="turris", d3="legionarius"), second=side(d6="nero"),
                 hands=(["forum"], ["basilica", "senator"]), money=(7, 2), vp=(12, 9), dice=[3, 3, 5])
    words = texts(render_position(s, "a test"))
    assert words.count("Turris") == 1 and words.count("Legionarius") == 1 and words.count("Nero") == 1
    assert str(CARDS["legionarius"].defence + 1) in words  # the Turris's +1
    assert f"printed def {CARDS['legionarius'].defence}" in words
    assert {"12 VP", "9 VP", "7 sesterces", "2 sesterces"} <= set(words)
    assert {"Forum (5)", "Basilica (6)", "Senator (3)"} <= set(words)  # both hands: a public export
    discs = [t.text for t in ET.fromstring(render_position(s)).iter("{http://www.w3.org/2000/svg}text")
             if t.get("font-size") == "36"]
    assert discs == ["1", "2", "3", "4", "5", "6"]


def test_drawn_for_one_seat_the_other_hand_and_face_down_cards_stay_hidden():
    """Roma "PREPARATION DU JEU" 4: set-up cards lie face down; a hand is its owner's secret."""
    s = position(first=side(d2="consul"), second=side(d4="sicarius", d5="architectus"),
                 hands=(["legat"], ["mercator", "gladiator"]))
    s.phase, s.active = PLACE, 1
    for_seat_0 = render_position(s, "set-up", seat=0)
    words = texts(for_seat_0)
    for secret in ("sicarius", "architectus", "mercator", "gladiator"):
        assert CARDS[secret].name not in for_seat_0
    assert words.count("face down") == 2 and "2 cards (hidden)" in words
    assert "Consul" in words and "Legat (5)" in words  # its own cards
    whole = render_position(s, "set-up")
    assert all(CARDS[c].name in whole for c in ("sicarius", "architectus", "mercator", "gladiator"))


def test_a_blocked_disc_and_the_pending_decision_are_drawn():
    s = position(first=side(d1="centurio"), second=side(d1="legionarius"), dice=[1, 4, 6])
    s.blocked = [[1], []]
    words = texts(render_position(s))
    assert "BLOCKED" in words
    assert any(w.startswith("seat 0's action dice") for w in words)


def test_the_readme_picture_is_what_the_renderer_draws(client):
    """engine/games/roma/position.svg is `carthago render` of the README's game at seq 88."""
    game_id, summary, _ = play_game(client, "roma", 0, {}, ["random", "random"], "14")
    svg = render_export(client.export(game_id).records, 88)
    committed = (ROOT / "engine" / "games" / "roma" / "position.svg").read_text()
    assert svg == committed.replace(re.search(r"roma-[0-9a-f]+", committed).group(0), game_id)


def test_render_export_draws_for_a_seat_only_where_the_game_can(client):
    game_id, _, _ = play_game(client, "roma", 0, {}, ["random", "random"], "3")
    data = client.export(game_id).records
    assert "as seat 1 sees it" in render_export(data, 20, seat=1)
    with pytest.raises(SystemExit, match="0..1"):
        render_export(data, 20, seat=2)
