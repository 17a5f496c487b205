"""The component list ("Matériel") and the counts every other file must agree with."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.games.republic_of_carthage import components as c

INV = c.INVENTORY


def test_the_two_decks_of_materiel():
    """Matériel: deck I holds 20 Senators, 9 Wars, 8 Intrigues, 8 Events, 5 Statesmen, 5 Trade
    Concessions, 4 Laws, 3 Explorations and 2 Enemy Leaders; deck II 35 Intrigues, 7 Wars, 5 Statesmen,
    5 Senators, 5 Events, 5 Laws and 2 Enemy Leaders. 64 cards each."""
    for deck, want in (
        ("I", {"senator": 20, "war": 9, "intrigue": 8, "event": 8, "statesman": 5, "concession": 5, "law": 4,
               "exploration": 3, "enemy_leader": 2}),
        ("II", {"intrigue": 35, "war": 7, "statesman": 5, "senator": 5, "event": 5, "law": 5, "enemy_leader": 2}),
    ):
        cards = c.deck(deck)
        assert len(cards) == 64
        assert Counter(c.card_kind(x) for x in cards) == want


def test_the_large_cards():
    """Matériel: 9 Province cards and 7 office cards (2 Suffètes, 5 Council)."""
    assert len(c.PROVINCES) == 9
    assert len(c.OFFICES) == 7
    assert Counter(o.kind for o in c.OFFICES.values()) == {"suffete": 2, "council": 5}


def test_the_token_lists_add_up():
    """Matériel (gap notes II.B.1): 28 army tokens, 6 extra tokens, 84 square tokens, 112 talent coins,
    64 Influence, 45 Popularity and 30 commerce cubes; each total is the sum of its breakdown."""
    assert {k: INV[k].count for k in ("army_tokens", "extra_tokens", "square_tokens", "talent_coins",
                                      "influence_cubes", "popularity_cubes", "commerce_cubes", "squadron_tokens",
                                      "event_table_cards", "responsibility_cubes")} == {
        "army_tokens": 28, "extra_tokens": 6, "square_tokens": 84, "talent_coins": 112, "influence_cubes": 64,
        "popularity_cubes": 45, "commerce_cubes": 30, "squadron_tokens": 25, "event_table_cards": 18,
        "responsibility_cubes": 10}
    for item in INV.values():
        if item.breakdown:
            assert sum(item.breakdown.values()) == item.count, item.id


def test_the_square_tokens_of_materiel():
    """Matériel: 31 Mortality, 28 Loyalty, 10 black numbers, 5 Rebel, 3 Talents, 2 Captured/Exiled,
    2 Caravan, 2 Trade Fleet and 1 Tax Rate."""
    assert INV["square_tokens"].breakdown == {"mortality": 31, "loyalty": 28, "black_number": 10, "rebel": 5,
                                              "talents": 3, "captured_exiled": 2, "caravan": 2, "trade_fleet": 2,
                                              "tax_rate": 1}


def test_the_army_tokens_by_type():
    """Matériel: 2 Legions, 2 Balearic Slingers, 4 Celtiberians, 4 Libyan Light Infantry, 4 Numidian
    Cavalry, 2 War Elephants, 2 Sicules, 5 Gallic and 3 Campanian Swordsmen; 25 squadrons."""
    assert {a.id: a.tokens for a in c.ARMY_TYPES.values()} == {
        "carthaginian_legion": 2, "balearic_slinger": 2, "celtiberian": 4, "libyan_light_infantry": 4,
        "numidian_cavalry": 4, "war_elephant": 2, "sicule": 2, "gallic_swordsman": 5, "campanian_swordsman": 3}
    assert sum(a.tokens for a in c.ARMY_TYPES.values()) == 28
    assert c.FORCES.squadrons == 25
    assert (c.FORCES.caravan_tokens, c.FORCES.fleet_tokens, c.FORCES.number_tokens) == (2, 2, 10)


def test_only_sicules_and_gauls_are_auxiliaries():
    """V.7 (Épéistes Sicules et Galliques): they enter the Reserve only with a war that names them."""
    assert {a.id for a in c.ARMY_TYPES.values() if a.auxiliary} == {"sicule", "gallic_swordsman"}


def test_a_veteran_counts_double():
    """VI.2: every army or squadron counts 1, a veteran 2."""
    assert (c.FORCES.army_strength, c.FORCES.veteran_strength) == (1, 2)


def test_thirty_one_mortality_chits_of_three_kinds():
    """Matériel: 31 chits; I: a senator's number, 'Aucun' or 'Tirez-en 2'. One per family, so every
    senator (and statesman, through his family) can die."""
    assert len(c.MORTALITY_CHITS) == 31
    kinds = Counter(x if not x.isdigit() else "senator" for x in c.MORTALITY_CHITS)
    assert set(kinds) == {"senator", "none", "draw_two"}
    assert sorted(int(x) for x in c.MORTALITY_CHITS if x.isdigit()) == sorted(c.FAMILIES)


@pytest.mark.parametrize("item", ["deck_I", "deck_II", "commerce", "army_tokens", "square_tokens"])
def test_inventory_records_cite_materiel(item):
    assert INV[item].source == "Matériel"
