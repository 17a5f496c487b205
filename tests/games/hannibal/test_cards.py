"""Strategy cards (§7.3, §8, §25) and battle cards (§14, §26) against the rulebook."""

from __future__ import annotations

from collections import Counter

from engine.games.hannibal import components as c

# §25, the card list: number -> French title (a name, used to find the card)
SECTION_25 = {
    1: "Révolte en Corse et en Sardaigne", 2: "Révolte en Sicile", 3: "Révolte en Numidie", 4: "Révolte en Celtibérie",
    5: "Guides autochtones", 6: "Cavalerie de Marharbal", 7: "Tribus hostiles", 8: "Tribus hostiles",
    9: "Philippe V de Macédoine", 10: "Renforts macédoniens", 11: "Frondeurs Baléares", 12: "Renforts africains",
    13: "Recrues bruttiennes", 14: "Recrues ligures", 15: "Recrues ibères", 16: "Recrues gauloises",
    17: "Sortie surprise", 18: "Traître à Tarentum", 19: "Le sénat révoque le proconsul",
    20: "Espion dans le camp ennemi", 21: "Désertion de mercenaires", 22: "Numides de Mutin", 23: "Allié numide",
    24: "La belle Sophonisba séduit un roi numide", 25: "Capoue s'allie à Carthage", 26: "Syracuse s'allie à Carthage",
    27: '"Je suis venu..."', 28: "Hannibal séduit l'Italie", 29: "Victoire navale carthaginoise",
    30: "Engins de siège carthaginois", 31: "Désertion d'alliés espagnols", 32: "Désertion d'alliés numides",
    33: "Campagne Majeure", 34: "Campagne Majeure", 35: "Diplomatie", 36: "Diplomatie",
    37: "Campagne Mineure", 38: "Campagne Mineure", 39: "Campagne Mineure", 40: "Campagne Mineure",
    41: "Eléments contraires", 42: "Panique parmi les éléphants", 43: "Levée de deux légions d'esclaves",
    44: "Auxiliaires alliés (Apulie)", 45: "Auxiliaires alliés (Etrurie)", 46: "Auxiliaires alliés (Samnium)",
    47: "Auxiliaires alliés (Lucanie)", 48: "Auxiliaires alliés (Campanie)", 49: "La flotte adverse brise le siège",
    50: "Pirates de l'Adriatique", 51: "Epidémie", 52: "Pestilence", 53: "Résistance tribale",
    54: "Traître dans la ville", 55: "Messager intercepté", 56: "Pénurie de grain", 57: "Conseils d'Hannon",
    58: "Conseils de Caton", 59: "Désertion d'un allié", 60: "Tempête en mer", 61: "Marche forcée 1",
    62: "Marche forcée 2", 63: "Marche forcée 3", 64: "Trêve",
}


def test_strategy_cards_are_numbered_1_to_64_with_the_titles_of_section_25():
    assert list(c.STRATEGY_CARDS) == list(range(1, 65))
    assert {n: card.title_fr for n, card in c.STRATEGY_CARDS.items()} == SECTION_25


def test_ops_values_and_event_sides():
    """§3, §8.1: ops 1-3; §8.3: an event is Roman, Carthaginian or both."""
    assert {card.ops for card in c.STRATEGY_CARDS.values()} == {1, 2, 3}
    assert {card.event_side for card in c.STRATEGY_CARDS.values()} == {"rome", "carthage", "both"}


def test_campaign_cards_are_33_34_major_and_37_to_40_minor():
    """§7.3, §10.11, §11.4."""
    campaigns = {n: card.campaign for n, card in c.STRATEGY_CARDS.items() if card.campaign}
    assert campaigns == {33: "major", 34: "major", 37: "minor", 38: "minor", 39: "minor", 40: "minor"}


def test_the_ship_is_on_every_ops_3_card_and_every_campaign_card():
    """§8.1, §11.1."""
    for card in c.STRATEGY_CARDS.values():
        assert card.ship == (card.ops == 3 or card.campaign is not None), card.number
    assert any(card.ship and card.ops < 3 for card in c.STRATEGY_CARDS.values())  # a campaign below 3


def test_counter_events_named_by_section_8_4():
    """Maharbal's Cavalry (6) is the example; Hostile Tribes (7-8) may be played as counter-events."""
    assert all(c.strategy_card(n).counter_event for n in (6, 7, 8))
    assert c.strategy_card(6).event_side == "carthage"


def test_one_time_events_of_section_8_5():
    """Philip V (9) leaves the game at its second event; the others at their first."""
    assert c.strategy_card(9).one_time and c.strategy_card(9).event_uses == 2
    assert all(card.event_uses == 1 for n, card in c.STRATEGY_CARDS.items() if n != 9)


def test_cards_that_must_stay_in_the_deck():
    """§8.7: Truce (64) forces a reshuffle whenever played; §25 #30: the siege train is played again and again."""
    assert not c.strategy_card(64).one_time
    assert not c.strategy_card(30).one_time


def test_card_30_side_and_reuse_come_from_section_25():
    """§25 #30: Carthage plays the siege-train event as often as it likes: the card's side and its
    staying in the deck are the rulebook's, not reconstructed."""
    card = c.strategy_card(30)
    assert card.event_side == "carthage" and not card.one_time
    assert card.source_of("event_side").startswith("§25")
    assert card.source_of("one_time").startswith("§25")


def test_forced_march_three_may_sail():
    """§25 #63 lets Forced March 3 move by sea, so it bears the ship; 61-63 share one effect kind."""
    assert c.strategy_card(63).ship
    assert {c.strategy_card(n).kind for n in (61, 62, 63)} == {"forced_march"}


def test_each_forced_march_has_the_ops_value_of_its_title_section_25():
    """§25 titles the three cards "Marche forcée 1", "2" and "3": the suffix is the card's ops value."""
    for n in (61, 62, 63):
        card = c.strategy_card(n)
        assert card.ops == int(card.title_fr.rsplit(" ", 1)[1]), n
        assert card.source_of("ops").startswith("§25")


def test_card_49_excludes_capua_from_a_real_set_of_targets():
    """§25 #49 cannot be used at Capua: Capua must otherwise qualify, a walled port city (ruling R14)."""
    assert c.is_city("capua") and c.is_port("capua")
    assert "Capua" in c.strategy_card(49).effect


def test_native_guides_give_minus_five_at_a_non_alpine_pass():
    """§25 #5: the card's modifier adds to the pass's own, -5 in all at a non-alpine pass."""
    attrition = c.TABLES.attrition
    assert c.modifier(attrition, "non_alpine_pass") + c.modifier(attrition, "native_guides") == -5


def test_storm_at_sea_is_a_roman_counter_event():
    """§25 #60: Rome decides to play it before the naval-combat roll of a Carthaginian move."""
    card = c.strategy_card(60)
    assert card.event_side == "rome" and card.counter_event


def test_the_two_counsels_serve_opposite_sides():
    """§25 #57-58: Hanno's counsel restrains Carthage, Cato's restrains Rome (ruling R5)."""
    assert {c.strategy_card(57).event_side, c.strategy_card(58).event_side} == {"rome", "carthage"}


def test_every_card_cites_its_sources():
    for card in c.STRATEGY_CARDS.values():
        assert card.source == "§25"
        assert card.source_of("ship") == "§8.1"
        assert card.source_of("ops").startswith("§25" if card.kind == "forced_march" else "reconstructed")


# ------------------------------------------------------------------------------ battle cards


def test_battle_deck_composition_of_section_26():
    assert len(c.BATTLE_DECK) == 48
    assert Counter(c.BATTLE_DECK) == {"frontal_assault": 12, "flank_left": 9, "flank_right": 9, "probe": 8,
                                      "double_envelopment": 6, "reserve": 4}


def test_reserve_is_the_only_wild_card():
    """§14.9."""
    assert [t.id for t in c.BATTLE_CARD_TYPES.values() if t.wild] == ["reserve"]


def test_a_matched_double_envelopment_hands_over_the_initiative():
    """§14.8."""
    assert [t.id for t in c.BATTLE_CARD_TYPES.values() if t.matched_gives_initiative] == ["double_envelopment"]


def test_retreat_modifiers_of_the_winning_card():
    """§14.12: +2 after a Double Envelopment, -2 after a Probe, nothing otherwise."""
    assert {t.id: t.retreat_modifier for t in c.BATTLE_CARD_TYPES.values() if t.retreat_modifier} == {
        "double_envelopment": 2, "probe": -2}


# ---------------------------------------------------------------------- structured events


# §25 #64, "CE QUI BRISENT LA TREVE", by category
BREAKS_THE_TRUCE = {
    "reinforcements": {44, 45, 46, 47, 48, 13, 14, 15, 16, 12, 10, 11, 22, 30, 43},
    "revolts": {2, 1, 4, 3, 26, 23, 24, 56, 25},
    "attrition": {7, 8, 52, 51, 21},
    "political": {35, 36, 9, 27, 57, 58},
    "sorties": {17, 53, 49},
    "special": {55, 29},
}
MOVEMENT_EVENTS = {5, 28, 33, 34, 37, 38, 39, 40, 50, 61, 62, 63}


def test_truce_breaking_events_are_those_section_25_lists():
    """§25 #64: the listed categories break the Truce; events that move an army and counter-events do not
    (Hostile Tribes, listed by name, break it when used: ruling R22); the cards the lists omit do not
    (ruling R21, on H11)."""
    listed = set().union(*BREAKS_THE_TRUCE.values())
    assert {n for n, card in c.STRATEGY_CARDS.items() if card.breaks_truce} == listed
    assert not any(c.strategy_card(n).breaks_truce for n in MOVEMENT_EVENTS)
    assert not any(card.breaks_truce for n, card in c.STRATEGY_CARDS.items() if card.counter_event and n not in (7, 8))


def test_event_windows_of_sections_8_4_14_5_and_25():
    w = {n: set(card.windows) for n, card in c.STRATEGY_CARDS.items()}
    assert w[7] == w[8] == {"own_turn", "enemy_movement"}  # §8.4
    assert w[20] == {"battle_preparation"}  # §14.5 step 5 shows the spied cards
    assert w[42] == {"elephant_charge"}  # §14.5 step 4
    assert w[6] == {"battle_round"}  # §25 #6 after the last card
    assert w[59] == {"battle_preparation", "battle_round"}  # §25 #59 before any battle card, or in any round
    assert w[60] == {"enemy_naval_move"}  # §25 #60 before the naval die
    assert {"enemy_naval_move", "enemy_pass_crossing", "enemy_movement", "enemy_campaign"} == w[41]  # §25 #41
    assert all(ws == {"own_turn"} for n, ws in w.items() if not c.strategy_card(n).counter_event)


def test_event_targets_follow_the_rulebook_where_it_speaks():
    assert c.strategy_card(49).targets[0].exclude == ("capua",)  # §25 #49
    assert c.strategy_card(18).targets[0].min_cu == 3 and c.strategy_card(18).targets[0].spaces == ("tarentum",)
    assert c.strategy_card(5).targets[0].max_strategy == 2  # §25 #5
    assert c.strategy_card(5).targets[0].pass_attrition_modifier == c.modifier(c.TABLES.attrition, "native_guides")
    hostile = c.strategy_card(7).targets[0]
    assert hostile.column == "hostile_tribes" and set(hostile.provinces) == {"gallia_transalpina", "liguria"}  # §8.4
    assert c.strategy_card(21).targets[0].exempt_in_own_city_space  # §25 #21
    for n in (61, 62, 63):  # §10.2: 6 spaces; the card's ops limits the general, as for ops
        assert (c.strategy_card(n).targets[0].mp, c.strategy_card(n).targets[0].max_strategy) == (6, c.strategy_card(n).ops)
    for n, count in ((33, 3), (37, 2)):  # §10.11, §11.4
        assert (c.strategy_card(n).targets[0].count, c.strategy_card(n).targets[0].naval_max_cu) == (count, 10)


def test_the_validator_rejects_unknown_references_in_targets():
    import msgspec

    card = c.strategy_card(1)
    bad = msgspec.structs.replace(card, targets=(c.Pcs(action="flip", count=2, provinces=("atlantis",)),))
    problems = c._effect_reference_problems("card 1", bad.targets[0], c.MAP, c.GENERALS, set(c.STRATEGY_CARDS))
    assert problems and "atlantis" in problems[0]
    assert all(c._effect_reference_problems("x", t, c.MAP, c.GENERALS, set(c.STRATEGY_CARDS)) == []
               for card in c.STRATEGY_CARDS.values() for t in card.targets)
