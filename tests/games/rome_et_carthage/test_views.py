"""Who sees what, and how cards are spelt in commands (Rome et Carthage "Le jeu" a, "Combats",
"Dispositions particulières"; Méditerranée "Préparation" (attention), "Le jeu" 1; ruling R18)."""

from __future__ import annotations

import msgspec
import pytest

from engine.core import state_digest
from engine.errors import MALFORMED_COMMAND, RuleError
from engine.games.rome_et_carthage import cards as cd

from .helpers import G, TWO, attack, cmd, ev, legal_of, lot, play, position, rejected, rng

PIECES = {"rome_elephant": "rome", "rome_galley_1": "aleria", "byzance_mercenary_1": "capua",
          "byzance_galley_1": "corcyra", "alexandrie_elephant": "alexandrie", "carthage_elephant": "carthage"}
HANDS = {0: lot("rome"), 1: lot("byzance"), 2: lot("alexandrie"), 3: lot("carthage")}


def four(partners):
    return position(4, pieces=PIECES, hands=HANDS, partners=partners, talon=["3S", "5S", "7S"])


def test_without_the_agreement_partners_see_only_their_own_hand():
    """Rome et Carthage "Dispositions particulières" / Méditerranée "Préparation": partners may not show
    each other their cards unless agreed before the game."""
    s = four(partners=False)
    for seat in range(4):
        v = G.view(s, seat)
        assert v.hand == tuple(HANDS[seat]) and v.partner_hand == ()
        assert [x.hand_size for x in v.seats] == [8, 8, 8, 8]
    out = play(s, 0, cmd.EndTurn())
    drawn = next(e for e in out if isinstance(e.event, ev.CardsDrawn))
    assert drawn.seats == (1,)
    assert drawn.for_seat(3) == ev.CardsDrawnRedacted(1, 0, 1)  # the partner does not see it


def test_with_the_agreement_partners_see_each_others_hands_and_draws():
    """Rome et Carthage "Dispositions particulières" (option partners_see_hands): when agreed, partners
    see each other's cards — the hand in the view, and the cards drawn; opponents still do not."""
    s = four(partners=True)
    assert G.view(s, 0).partner_hand == tuple(HANDS[2]) and G.view(s, 2).partner_hand == tuple(HANDS[0])
    assert G.view(s, 1).partner_hand == tuple(HANDS[3])
    assert G.view(s, None).partner_hand == () and G.view(s, None).hand == ()
    out = play(s, 0, cmd.EndTurn())
    drawn = next(e for e in out if isinstance(e.event, ev.CardsDrawn))
    assert drawn.seats == (1, 3) and drawn.for_seat(3) == ev.CardsDrawn(1, 0, ("3S",))
    for other in (0, 2, None):
        assert drawn.for_seat(other) == ev.CardsDrawnRedacted(1, 0, 1)
    assert "3S" in G.view(s, 3).partner_hand and "3S" not in G.view(s, 0).partner_hand


@pytest.mark.parametrize("partners", (False, True))
def test_face_down_combat_cards_are_hidden_from_the_opponent(partners):
    """Rome et Carthage "Combats": cards are laid face down until both have chosen; under the partners'
    agreement the partner sees them too, the other team never."""
    s = four(partners)
    attack(s, 0, "rome_elephant", ("capua",))
    out = play(s, 0, cmd.CommitCards(("6H", "8H")))
    assert out[0].seats == ((0, 2) if partners else (0,))
    assert G.view(s, 2).combat.attacker_chosen == (("6H", "8H") if partners else ())
    for seat in (1, 3, None):
        v = G.view(s, seat)
        assert v.combat.attacker_chosen == () and v.combat.ready == (True, False)
        assert b'"6H"' not in msgspec.json.encode(v) and b'"8H"' not in msgspec.json.encode(v)
    for i in range(3):  # a state the defender cannot tell from the real one
        sampled = G.sample_hidden(s, 1, rng(i))
        assert G.view(sampled, 1) == G.view(s, 1)


def test_the_agreement_has_no_partner_for_a_two_state_player():
    """Rome et Carthage "Jeu à deux": each player is its own team; there is no partner hand to see."""
    s = position(2, seating=TWO, pieces={"rome_elephant": "rome", "carthage_elephant": "carthage"},
                 hands={0: ["AH"], 1: ["AS"]}, partners=True)
    assert G.view(s, 0).partner_hand == () and G.view(s, 1).partner_hand == ()
    out = play(s, 0, cmd.EndTurn())
    drawn = next(e for e in out if isinstance(e.event, ev.CardsDrawn))
    assert drawn.seats == (1,)


def test_r18_card_lists_in_canonical_order_only():
    """Ruling R18 (API conventions; Rome et Carthage "Combats", the cards laid): a list of cards is spelt in canonical order — by value, then rank,
    then suit — so one choice has one spelling; any other spelling is malformed and changes nothing."""
    s = four(partners=False)
    attack(s, 0, "rome_elephant", ("capua",))
    before = state_digest(s)
    for cards in (("8H", "6H"), ("KH", "2H"), ("2H", "JH"), ("6H", "6H"), ("6X", "8H"), ("Z",)):
        assert rejected(s, 0, cmd.CommitCards(cards)) == MALFORMED_COMMAND
    with pytest.raises(RuleError) as err:
        G.decide(s, 0, cmd.CommitCards(["6H", "8H"]), rng())  # a list, not a tuple
    assert err.value.code == MALFORMED_COMMAND
    assert state_digest(s) == before
    assert cd.canonical(("2H", "JH")) == ("JH", "2H")  # zeros come first: value order
    for c in legal_of(s, 0, cmd.CommitCards):
        assert c.cards == cd.canonical(c.cards)
    play(s, 0, cmd.CommitCards(("JH", "2H")))


def test_r18_forced_march_cards_in_canonical_order():
    """Ruling R18 with Rome et Carthage "Déplacements" (forced march): same spelling rule."""
    s = position(4, pieces=PIECES, hands={0: ["AH", "2H", "AD"]})
    assert rejected(s, 0, cmd.DeclareForcedMarch(("2H", "AH"))) == MALFORMED_COMMAND
    assert {c.cards for c in legal_of(s, 0, cmd.DeclareForcedMarch)} == {("AD", "2H"), ("AH", "2H")}
    play(s, 0, cmd.DeclareForcedMarch(("AH", "2H")))
    assert s.spent == ["AH", "2H"]
