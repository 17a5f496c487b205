"""The printed components as data (DESIGN.md principle 5; Roma "COMPOSITION DU JEU", "DETAIL DES CARTES")."""

import json
from importlib import resources

from engine.games.roma.cards import ALL_CARDS, BUILDING, CARDS, CHARACTER, FILE


def test_composition_52_cards_32_characters_20_buildings():
    """Roma "COMPOSITION DU JEU": 52 cards, 32 characters and 20 buildings."""
    assert len(ALL_CARDS) == 52
    assert sum(1 for c in ALL_CARDS if CARDS[c].kind == CHARACTER) == 32
    assert sum(1 for c in ALL_CARDS if CARDS[c].kind == BUILDING) == 20


def test_25_card_types_with_the_counts_of_their_entries():
    """Roma "DETAIL DES CARTES": each entry gives how many copies are in the game."""
    counts = {c.id: c.count for c in FILE.cards}
    assert len(counts) == 25
    assert counts["forum"] == 6 and counts["legionarius"] == 3
    assert {k for k, v in counts.items() if v == 1} == {"sicarius", "mercator", "nero"}
    assert all(v == 2 for k, v in counts.items() if k not in {"forum", "legionarius", "sicarius", "mercator", "nero"})


def test_costs_given_by_the_rulebook_cite_it():
    """Roma "Exemple d'un tour complet" (Legat costs 5) and Roma "Jouer des cartes" (Aesculapinum 5)."""
    assert CARDS["legat"].cost == 5 and CARDS["legat"].sources["cost"] == 'Roma "Exemple d\'un tour complet"'
    assert CARDS["aesculapinum"].cost == 5 and CARDS["aesculapinum"].sources["cost"] == 'Roma "Jouer des cartes"'


def test_every_value_names_its_source():
    """DESIGN.md principle 5: every record has a source; other costs and defences are printed values."""
    for c in FILE.cards:
        assert c.source == f'Roma "{c.name}"'
        assert c.sources["defence"] == "printed card"
        if c.id not in ("legat", "aesculapinum"):
            assert c.sources["cost"] == "printed card"


def test_the_three_cards_that_are_never_activated():
    """Roma "Basilica", "Templum" (not activated themselves), "Turris" (works while laid)."""
    assert {c.id for c in FILE.cards if not c.activated} == {"basilica", "templum", "turris"}


def test_data_file_is_strict_json_with_ids_in_snake_case():
    """Cards are identified by their name in snake case ("tribunus_plebis")."""
    raw = json.loads(resources.files("engine.games.roma").joinpath("data", "cards.json").read_text())
    for record in raw["cards"]:
        assert record["id"] == record["name"].lower().replace(" ", "_")
