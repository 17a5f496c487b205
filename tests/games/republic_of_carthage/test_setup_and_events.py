"""'Préparation du jeu' and the Random Events table."""

from __future__ import annotations

import pytest

from engine.games.republic_of_carthage import components as c
from engine.games.republic_of_carthage import effects as fx

S = c.SETUP


def test_eighteen_steps():
    """Préparation du jeu has 18 numbered steps; each record cites its step."""
    assert [s.number for s in S.steps] == list(range(1, 19))
    assert all(s.source == f"Préparation du jeu, step {s.number}" for s in S.steps)


def test_the_numbers_of_the_set_up():
    """Préparation du jeu: 3 senators and 3 cards each (2-3); Conquest of Tunisia inactive (4); 1
    merchant (6); Treasury 100 T (13); tax 10 % (14); 2 Legions active (15); 2 Balearic, 4 Celtiberian, 3
    Campanian and all squadrons in the Reserve (16); removals 1, 1, 2, 4, 0, 3, 0, 2, 3 (17)."""
    assert (S.senators_per_player, S.cards_per_player, S.merchants_per_faction) == (3, 3, 1)
    assert S.starting_war == "conquest_of_tunisia"
    assert (S.treasury, S.tax_rate) == (100, 10)
    assert S.active_forces == {"carthaginian_legion": 2}
    assert S.reserve_forces == {"balearic_slinger": 2, "celtiberian": 4, "campanian_swordsman": 3, "squadron": 25}
    assert S.pile_removals == (1, 1, 2, 4, 0, 3, 0, 2, 3)
    assert S.source_of("treasury") == "Préparation du jeu, step 13"


def test_council_terms_at_the_start():
    """Préparation du jeu, step 12: Censor 3 turns; Harbour Captain and Master of the Agora 2; Treasurer
    and Public Buildings 1."""
    assert S.council_terms == {"censor": 3, "harbour_captain": 2, "master_of_the_agora": 2,
                               "state_treasurer": 1, "public_buildings": 1}
    assert set(S.council_terms) == {o.id for o in c.OFFICES.values() if o.kind == "council"}


def test_the_temporary_suffete_gains_five_influence():
    """Préparation du jeu, step 9: green markers worth 5 for the office (ruling R34: +5 INF)."""
    assert S.temporary_suffete_influence == 5


def test_first_upkeep_is_four_talents():
    """II.6: 2 T per active army; at the start only the 2 Legions are active (step 15)."""
    assert 2 * sum(S.active_forces.values()) == 4


def test_every_army_token_is_placed_or_waits_out_of_play():
    """Steps 15-16 place 11 of the 28 army tokens; the other 17 (Libyans, Numidians, elephants,
    Sicules, Gauls) come later with provinces and wars (Appendice B, V.7)."""
    placed = sum(S.active_forces.values()) + sum(n for u, n in S.reserve_forces.items() if u != "squadron")
    assert placed == 11
    out = {a.id for a in c.ARMY_TYPES.values()} - set(S.active_forces) - set(S.reserve_forces)
    assert out == {"libyan_light_infantry", "numidian_cavalry", "war_elephant", "sicule", "gallic_swordsman"}


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_player_counts(n):
    """Ruling R31: 3 to 6 players. Step 12: one Council card per player, except the Temporary Suffète's
    faction with six; IV.5: initiatives are auctioned up to six."""
    pc = c.player_count(n)
    assert (pc.senators_dealt, pc.cards_dealt) == (3 * n, 3 * n)
    assert pc.council_dealt == (5 if n == 6 else n)
    assert pc.council_dealt + pc.council_to_port == 5
    assert pc.extra_initiatives == 6 - n


def test_unsupported_player_counts():
    with pytest.raises(ValueError):
        c.player_count(2)
    with pytest.raises(ValueError):
        c.player_count(7)


# ----------------------------------------------------------------------------- random events


def test_the_random_events_table_reads_three_dice():
    """IV.2a: on a 7, roll 3 dice on the Random Events table; 18 event cards (Matériel)."""
    assert c.RANDOM_EVENTS.dice == 3
    assert sorted(r.roll for r in c.RANDOM_EVENTS.rows) == list(range(3, 19))
    assert len(c.EVENT_CARDS) == 18


def test_every_event_card_has_two_sides_that_act():
    """IV.2a: the same event twice in a turn flips the card for its further effects."""
    for card in c.EVENT_CARDS.values():
        assert card.front.effects and card.back.effects, card.id


def test_the_two_cards_off_the_table_are_chained():
    """Ruling R51: 18 cards, 16 totals; the other two come from the backs of other events."""
    off = set(c.EVENT_CARDS) - {r.event for r in c.RANDOM_EVENTS.rows}
    assert off == {"famine", "fire_in_the_arsenal"}
    chained = {e.event for card in c.EVENT_CARDS.values() for e in card.back.effects if isinstance(e, fx.RandomEvent)}
    assert chained == off


def test_ineffective_recruitment_doubles_and_its_back_triples():
    """Terminologie: Ineffective Recruitment doubles recruitment costs; twice in a turn triples them."""
    card = next(card for card in c.EVENT_CARDS.values() if card.front.title == "Ineffective Recruitment")
    assert fx.RecruitmentCost(percent=200) in card.front.effects
    assert fx.RecruitmentCost(percent=300) in card.back.effects


def test_the_events_the_rulebook_names():
    """V.7 names 'Pas de Recrutement', X.1 'Mauvais Présages' (a modifier on the dice)."""
    titles = {card.front.title for card in c.EVENT_CARDS.values()}
    assert {"No Recruitment", "Bad Omens"} <= titles
    assert any(isinstance(e, fx.NoRecruitment) for e in c.EVENT_CARDS["no_recruitment"].front.effects)
    omen = c.EVENT_CARDS["bad_omens"].front.effects[0]
    assert isinstance(omen, fx.RollModifier) and omen.amount < 0
