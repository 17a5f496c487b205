"""The Republic of Carthage's cards, wars, Enemy Leaders and Explorations by French names (issue 36
item 5): each record holds one (``title_fr``, ``name_fr``), sourced by the section of the French
rules that prints it or marked reconstructed, and the French words use it."""

from __future__ import annotations

import json
from pathlib import Path

from engine.games.republic_of_carthage import words_fr
from engine.games.republic_of_carthage.components import CARDS, EVENT_CARDS, EXPLORATIONS, LEADERS, WARS

DATA = Path(__file__).resolve().parents[1] / "engine" / "games" / "republic_of_carthage" / "data"


def _named():
    yield from ((c, c.title, c.title_fr, "title_fr") for c in CARDS.values())
    for table in (WARS, LEADERS, EXPLORATIONS):
        yield from ((x, x.name, x.name_fr, "name_fr") for x in table.values())


def test_every_card_war_leader_and_exploration_has_a_sourced_french_name():
    seen = 0
    for record, english, french, field in _named():
        seen += 1
        assert french and (french != english or english == "Assassin"), (record.id, french)  # the same word in both
        source = record.source_of(field)
        # a section of the rules (their French words), or reconstructed
        assert source.startswith(("reconstructed", "Préparation du jeu", "IV. ", "V. ", "X. ", "Appendice ")), (record.id, source)
    assert seen == len(CARDS) + len(WARS) + len(LEADERS) + len(EXPLORATIONS) == 47 + 16 + 4 + 3


def test_every_random_event_side_has_a_french_title():
    assert len(EVENT_CARDS) == 18
    for card in EVENT_CARDS.values():
        for side in (card.front, card.back):
            assert side.title_fr and (side.title_fr != side.title or side.title in ("Pirates", "Famine")), card.id
        # the card's own source: reconstructed, or the place of the rules that names the event (its French)
        assert card.source.startswith(("reconstructed", "Terminologie")), card.id
    assert EVENT_CARDS["ineffective_recruitment"].source.startswith("Terminologie (Recrutement inefficace")
    assert "X.1" in EVENT_CARDS["bad_omens"].source  # "Mauvais Présages"
    assert words_fr.name("plague") == "Peste" and words_fr.name("bad_omens") == "Mauvais Présages"


def test_the_names_the_french_rules_print_are_cited_not_reconstructed():
    cited = {x.id: x.source_of(f) for x, _, _, f in _named()}
    assert "Préparation du jeu, step 4" == cited["conquest_of_tunisia"]  # "Conquête de la Tunisie"
    assert cited["public_outcry_I"].startswith("V. Phase de Sénat")    # "Indignation générale"
    assert cited["scipio"] == "Appendice A" and cited["pyrrhic_war"] == "Appendice B"
    assert cited["war_with_cyrene"] == "reconstructed"


def test_the_french_words_name_them_in_french_and_the_english_are_unchanged():
    assert words_fr.name("public_outcry_II") == "Indignation générale"
    assert words_fr.name("pyrrhic_war") == "Guerre de Pyrrhus"
    assert words_fr.name("scipio") == "Scipion"
    assert words_fr.name("trans_saharan_zone") == "Zone transsaharienne"
    english = json.loads((DATA / "wars.json").read_text())
    assert [w["name"] for w in english["leaders"]] == ["Dionysius I of Syracuse", "Pyrrhus of Epirus", "Scipio", "Masinissa"]
