"""The worked battle numbers of §14.11, §14.12 and §27, recomputed from the data."""

from __future__ import annotations

from engine.games.hannibal import components as c


def battle_cards(general: str, cu: int, ally_cards: int) -> int:
    """§14.1: the general's battle rating, one card per CU, plus allies, at most the maximum."""
    allot = c.TABLES.battle_card_allotment
    return min(c.general(general).battle + cu * allot.per_cu + ally_cards, allot.maximum)


def italian_ally_cards(controlled: list[str], cap: int | None) -> int:
    """§14.2-§14.3: ally cards of controlled Italian provinces (Latium's are 0 in the data), optionally capped."""
    total = sum(c.PROVINCES[p].ally_cards for p in controlled)
    return total if cap is None else min(total, cap)


def test_section_27_hannibal_is_dealt_eleven_cards():
    """Hannibal, 6 CU and one ally: 6 + 1 + 4."""
    one_ally = c.PROVINCES["gallia_cisalpina"].ally_cards
    assert battle_cards("hannibal", 6, one_ally) == 11


def test_section_27_flaminius_is_dealt_fourteen_cards_under_the_first_edition():
    """Flaminius, 8 CU and four Italian provinces: 8 + 4 + 2. The example comes from the Descartes rules."""
    rome_holds = ["etruria", "samnium", "campania", "apulia"]
    assert battle_cards("flaminius", 8, italian_ally_cards(rome_holds, cap=None)) == 14


def test_section_14_3_caps_the_same_roman_hand_at_twelve():
    """The 2nd-edition cap of 2 Roman Italian-ally cards gives 12, not the 14 of §27 (ruling R8)."""
    cap = c.TABLES.battle_card_allotment.roman_italian_allies_max
    rome_holds = ["etruria", "samnium", "campania", "apulia"]
    assert battle_cards("flaminius", 8, italian_ally_cards(rome_holds, cap=cap)) == 12


def test_section_14_3_latium_adds_no_ally_card_to_rome():
    """§14.3: Latium counts for nobody's allies; the data says so, no caller skips it."""
    assert italian_ally_cards(["latium", "campania"], cap=None) == 1
    assert italian_ally_cards(["latium"], cap=None) == 0


def test_section_14_3_cannae_example_gives_both_sides_two_cards():
    allot = c.TABLES.battle_card_allotment
    carthage = italian_ally_cards(["gallia_cisalpina", "lucania"], cap=allot.carthaginian_italian_allies_max)
    rome = italian_ally_cards(["campania", "samnium", "etruria"], cap=allot.roman_italian_allies_max)
    assert carthage == rome == 2


def test_section_14_11_four_rounds_and_a_five_cost_one_cu():
    assert c.attrition_losses(4, 5).losses == 1


def test_section_27_losses():
    """Six rounds (column 5-6), loss roll 3: 1 CU each. Retreat roll 4 for Flaminius's 8 CU, won by a
    Reserve played as Flank Right (no modifier): 3 CU. Rome loses 4 CU and so 2 PCs (§15.5)."""
    assert c.attrition_column(6).id == "5-6"
    battle_loss = c.attrition_losses(6, 3).losses
    assert battle_loss == 1
    winning_card = c.battle_card_type("flank_right")  # the Reserve takes the properties of Flank Right (§14.9)
    retreat = c.retreat_losses(8, 4 + winning_card.retreat_modifier)
    assert retreat == 3
    assert battle_loss + retreat == 4 and (battle_loss + retreat) // 2 == 2


def test_an_elephant_result_comes_on_a_six():
    """§14.12: the first elephant may be lost to a battle-loss roll of 6; §17.2 calls it an "e" result."""
    assert c.attrition_losses(6, 6).elephant
    assert not any(c.attrition_losses(6, r).elephant for r in range(1, 6))


def test_hand_size_cap_of_section_14_1():
    assert battle_cards("hannibal", 25, 3) == 20
