"""Combat (Rome et Carthage "Combats", "Espions", "Talon"; Méditerranée "Combats", "Espions",
"Talon", "Mémo n°2"; rulings R10, R11, R12, R20, R21, R25)."""

from __future__ import annotations

import pytest

from engine.errors import ILLEGAL_MOVE, ILLEGAL_TARGET, NOT_YOUR_TURN, WRONG_PHASE
from engine.games.rome_et_carthage.combat import counted_total

from .helpers import G, attack, cmd, ev, fight, legal, legal_of, of, play, position, rejected

EDITIONS = ("original", "mediterranee")
# Pieces that keep every player in the game whatever a combat's outcome.
KEEP = {"rome_galley_2": "aleria", "byzance_galley_2": "corcyra", "alexandrie_elephant": "alexandrie",
        "carthage_elephant": "carthage"}
ROME_CARDS = ["AH", "2H", "3H", "4H", "5H", "6H", "8H", "10H", "JH", "QH", "KH"]
BYZ_CARDS = ["AD", "2D", "3D", "4D", "5D", "6D", "8D", "10D", "JD", "QD", "KD"]


def duel(attacker="rome_mercenary_1", defender="byzance_mercenary_1", *, frm="rome", to="capua",
         edition="original", hands=None, extra=None, seat=0):
    """``attacker`` (seat 0, Rome) moves from ``frm`` onto ``defender`` (seat 1, Byzance) in ``to``;
    the turn ends and the combat opens."""
    pieces = {**KEEP, attacker: frm, defender: to, **(extra or {})}
    if seat == 1:
        pieces.setdefault("byzance_elephant", "byzance")
    s = position(4, edition=edition, pieces=pieces, active=seat,
                 hands=hands if hands is not None else {0: ROME_CARDS, 1: BYZ_CARDS})
    attack(s, seat, attacker, (to,))
    return s


@pytest.mark.parametrize("edition", EDITIONS)
def test_cards_are_laid_face_down_and_revealed_together(edition):
    """Rome et Carthage "Combats" / Méditerranée "Combats": each side picks two cards and lays them
    face down; they are turned up together once both have chosen. The opponent sees only how many."""
    s = duel(edition=edition)
    assert s.combat.need == [2, 2] and G.status(s).to_act == (0, 1)  # both choose at the same time
    out = play(s, 0, cmd.CommitCards(("6H", "8H")))
    committed = out[0]
    assert committed.event == ev.CardsCommitted(0, 0, ("6H", "8H")) and committed.seats == (0,)
    for other in (1, 2, 3, None):
        assert committed.for_seat(other) == ev.CardsCommittedRedacted(0, 0, 2)
    assert not of(out, ev.CardsRevealed)
    mine, theirs, spectator = G.view(s, 0), G.view(s, 1), G.view(s, None)
    assert mine.combat.attacker_chosen == ("6H", "8H")
    assert theirs.combat.attacker_chosen == () and spectator.combat.attacker_chosen == ()
    assert theirs.combat.ready == (True, False) and theirs.seats[0].hand_size == len(ROME_CARDS) - 2
    assert "6H" not in str(theirs.combat) and "8H" not in str(spectator)
    assert rejected(s, 0, cmd.CommitCards(("2H", "3H"))) == NOT_YOUR_TURN  # no second thoughts
    out = play(s, 1, cmd.CommitCards(("4D", "5D")))
    revealed = of(out, ev.CardsRevealed)
    assert revealed[0].attacker_cards == ("6H", "8H") and revealed[0].defender_cards == ("4D", "5D")
    assert next(e for e in out if isinstance(e.event, ev.CardsRevealed)).seats is None


def test_commit_cards_must_match_what_is_asked():
    """Rome et Carthage "Combats": two cards from one's own hand, by the two owners of the pieces."""
    s = duel()
    assert rejected(s, 0, cmd.CommitCards(("6H",))) == ILLEGAL_MOVE
    assert rejected(s, 0, cmd.CommitCards(("6H", "8H", "10H"))) == ILLEGAL_MOVE
    assert rejected(s, 0, cmd.CommitCards(("6D", "8D"))) == ILLEGAL_TARGET
    assert rejected(s, 2, cmd.CommitCards(("2C", "4C"))) == NOT_YOUR_TURN
    assert rejected(s, 0, cmd.EndTurn()) == WRONG_PHASE
    pairs = {c.cards for c in legal_of(s, 0, cmd.CommitCards)}
    assert len(pairs) == len(ROME_CARDS) * (len(ROME_CARDS) - 1) // 2  # every pair of its cards, once
    assert all(len(p) == 2 and set(p) <= set(ROME_CARDS) for p in pairs)


@pytest.mark.parametrize("edition", EDITIONS)
def test_higher_total_wins_and_the_attacker_holds_the_city(edition):
    """Rome et Carthage "Combats": the higher total wins and the loser's piece is removed; the
    winning attacker stays in the city it entered. Every card turned up is spent, the loser's too."""
    s = duel(edition=edition)
    out = fight(s, ["6H", "8H"], ["4D", "5D"])
    assert of(out, ev.CombatEnded) == [ev.CombatEnded("capua", "attacker", (14, 9))]
    assert of(out, ev.PieceEliminated) == [ev.PieceEliminated("byzance_mercenary_1", "capua", "combat")]
    assert s.at["capua"] == "rome_mercenary_1" and s.where["rome_mercenary_1"] == "capua"
    assert "rome" not in s.at and "byzance_mercenary_1" in s.lost and "byzance_mercenary_1" not in s.where
    assert sorted(s.spent) == sorted(["6H", "8H", "4D", "5D"])
    assert s.combat is None and s.active == 1  # the turn passed


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_defender_wins_and_the_attacker_is_removed(edition):
    """Rome et Carthage "Combats": the piece of the lower total is removed, the attacker's too."""
    s = duel(edition=edition)
    out = fight(s, ["3H", "4H"], ["5D", "6D"])
    assert of(out, ev.CombatEnded) == [ev.CombatEnded("capua", "defender", (7, 11))]
    assert s.at["capua"] == "byzance_mercenary_1" and "rome_mercenary_1" not in s.where
    assert "rome" not in s.at and s.attacking == {}


@pytest.mark.parametrize("defender, frm, to", [("byzance_mercenary_1", "rome", "capua"),
                                               ("byzance_galley_1", "rome", "massilia")])
def test_chariot_doubles_its_lower_card_against_every_piece(defender, frm, to):
    """Rome et Carthage "Combats" a / Méditerranée "Mémo n°2": a chariot (cavalier) doubles its lower
    card, against land pieces and galleys alike."""
    s = duel("rome_chariot", defender, frm=frm, to=to)
    out = fight(s, ["3H", "8H"], ["10D", "AD"])
    assert of(out, ev.CardsRevealed)[0].totals == (3 * 2 + 8, 11)
    assert of(out, ev.CombatEnded)[0].outcome == "attacker"


def test_a_defending_chariot_doubles_too():
    """Rome et Carthage "Combats" a: the modifier belongs to the piece, attacking or defending."""
    s = duel("rome_mercenary_1", "byzance_chariot")
    out = fight(s, ["6H", "8H"], ["4D", "5D"])
    assert of(out, ev.CardsRevealed)[0].totals == (14, 4 * 2 + 5)


@pytest.mark.parametrize("edition", EDITIONS)
def test_elephant_doubles_its_higher_card_against_land_pieces(edition):
    """Rome et Carthage "Combats" b / Méditerranée "Mémo n°2": an elephant doubles its higher card
    against a land piece."""
    s = duel("rome_elephant", "byzance_mercenary_1", edition=edition)
    out = fight(s, ["3H", "5H"], ["10D", "8D"])
    assert of(out, ev.CardsRevealed)[0].totals == (3 + 5 * 2, 18)
    assert of(out, ev.CombatEnded)[0].outcome == "defender"


@pytest.mark.parametrize("edition", EDITIONS)
def test_elephant_does_not_double_against_a_galley(edition):
    """Rome et Carthage "Combats" b / Méditerranée "Mémo n°2": not against galleys (bateaux) — whether
    the elephant attacks a galley or a galley attacks the elephant."""
    s = duel("rome_elephant", "byzance_galley_1", to="massilia", edition=edition)
    out = fight(s, ["3H", "5H"], ["6D", "AD"])
    assert of(out, ev.CardsRevealed)[0].totals == (8, 7)
    s = duel("byzance_galley_1", "rome_elephant", frm="rhegium", to="rome", edition=edition, seat=1)
    assert s.combat.attacker == "byzance_galley_1" and s.combat.seats == [1, 0]
    out = fight(s, ["6D", "AD"], ["3H", "5H"])
    assert of(out, ev.CardsRevealed)[0].totals == (7, 8)


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_occupied_capital_limits_its_owner_to_one_card(edition):
    """Rome et Carthage "Combats" c / Méditerranée "Mémo n°2" (ruling R20): while an enemy piece holds
    its capital a player lays one card in each of its combats; the other side still lays two."""
    s = duel(edition=edition, extra={"carthage_mercenary_1": "rome"}, frm="arretium", to="aquileia")
    assert G.view(s, 1).seats[0].capital_occupied and not G.view(s, 1).seats[1].capital_occupied
    assert s.combat.limited == [True, False] and s.combat.need == [1, 2]
    assert rejected(s, 0, cmd.CommitCards(("6H", "8H"))) == ILLEGAL_MOVE
    assert all(len(c.cards) == 1 for c in legal_of(s, 0, cmd.CommitCards))
    out = fight(s, ["10H"], ["4D", "5D"])
    assert of(out, ev.CardsRevealed)[0].totals == (10, 9)


def test_a_capital_held_by_a_partner_does_not_limit():
    """Rome et Carthage "Combats" c: only occupation by the enemy counts (R6: partners are friends)."""
    s = duel(extra={"alexandrie_mercenary_1": "rome"}, frm="arretium", to="aquileia")
    assert s.combat.limited == [False, False] and s.combat.need == [2, 2]


@pytest.mark.parametrize("edition", EDITIONS)
def test_with_an_occupied_capital_the_elephant_still_doubles_the_chariot_not(edition):
    """Rome et Carthage "Combats" c / Méditerranée "Mémo n°2" (ruling R11): with one card the elephant
    still doubles it, the chariot does not."""
    s = duel("rome_elephant", edition=edition, extra={"carthage_mercenary_1": "rome"}, frm="arretium",
             to="aquileia")
    out = fight(s, ["6H"], ["4D", "5D"])
    assert of(out, ev.CardsRevealed)[0].totals == (12, 9)
    s = duel("rome_chariot", edition=edition, extra={"carthage_mercenary_1": "rome"}, frm="arretium",
             to="aquileia")
    out = fight(s, ["6H"], ["4D", "5D"])
    assert of(out, ev.CardsRevealed)[0].totals == (6, 9)


def test_r25_with_fewer_cards_than_asked_lay_them_all():
    """Ruling R25 (Rome et Carthage "Combats"): a side with one card lays it; with none, its total is
    0 and nobody waits for it."""
    s = duel(hands={0: ["6H", "8H"], 1: ["5D"]})
    assert s.combat.need == [2, 1]
    out = fight(s, ["6H", "8H"], ["5D"])
    assert of(out, ev.CardsRevealed)[0].totals == (14, 5)
    s = duel(hands={0: ["6H", "8H"], 1: []})
    assert s.combat.need == [2, 0] and G.status(s).to_act == (0,)
    out = play(s, 0, cmd.CommitCards(("6H", "8H")))
    assert of(out, ev.CardsRevealed)[0].totals == (14, 0)
    assert of(out, ev.CombatEnded)[0].outcome == "attacker"


def test_original_tie_each_side_adds_a_card_without_modifier():
    """Rome et Carthage "Combats": on equal totals each side adds a third card, then another, until
    one wins; the pieces' advantages count on the first two cards only (ruling R12)."""
    s = duel("rome_chariot")
    out = fight(s, ["3H", "5H"], ["5D", "6D"])  # 3*2 + 5 = 11 against 11
    assert of(out, ev.CardsRevealed)[0].totals == (11, 11)
    assert of(out, ev.CombatStep)[-1] == ev.CombatStep("capua", "tie", (1, 1), -1)
    out = fight(s, ["4H"], ["4D"])
    assert of(out, ev.CardsRevealed)[0].totals == (15, 15) and s.combat.step == "tie"
    out = fight(s, ["2H"], ["3D"])  # the chariot's 2 is not doubled: 17 against 18
    assert of(out, ev.CardsRevealed)[0].totals == (17, 18)
    assert of(out, ev.CombatEnded)[0].outcome == "defender"
    assert sorted(s.spent) == sorted(["3H", "5H", "4H", "2H", "5D", "6D", "4D", "3D"])


def test_mediterranee_tie_the_new_cards_are_compared_alone():
    """Méditerranée "Combats": on a tie each plays one new card, and it alone decides (ruling R12)."""
    s = duel("rome_chariot", edition="mediterranee")
    fight(s, ["3H", "5H"], ["5D", "6D"])
    out = fight(s, ["4H"], ["4D"])
    assert of(out, ev.CardsRevealed)[0].totals == (4, 4) and s.combat.step == "tie"
    out = fight(s, ["2H"], ["AD"])
    assert of(out, ev.CardsRevealed)[0].totals == (2, 1)
    assert of(out, ev.CombatEnded)[0].outcome == "attacker"


@pytest.mark.parametrize("edition", EDITIONS)
def test_r21_tie_cards_are_laid_face_down(edition):
    """Ruling R21 (Rome et Carthage "Combats"; Méditerranée "Combats": a tie card is laid like the first ones): tie cards
    are chosen unseen and revealed together."""
    s = duel(edition=edition)
    fight(s, ["5H", "6H"], ["5D", "6D"])
    out = play(s, 0, cmd.CommitCards(("4H",)))
    assert out[0].seats == (0,) and out[0].for_seat(1) == ev.CardsCommittedRedacted(0, 0, 1)
    assert G.view(s, 1).combat.attacker_chosen == () and not of(out, ev.CardsRevealed)


def test_mediterranee_both_zeros_stop_the_combat_and_the_attacker_goes_back():
    """Méditerranée "Combats": if both play zero, the combat stops and the attacker returns to where
    it was (ruling R12)."""
    s = duel(edition="mediterranee")
    fight(s, ["5H", "6H"], ["5D", "6D"])
    out = fight(s, ["JH"], ["QD"])
    assert of(out, ev.CombatEnded) == [ev.CombatEnded("capua", "stopped", (0, 0))]
    assert of(out, ev.AttackerReturned) == [ev.AttackerReturned("rome_mercenary_1", "capua", "rome")]
    assert not of(out, ev.PieceEliminated)
    assert s.at["rome"] == "rome_mercenary_1" and s.at["capua"] == "byzance_mercenary_1"
    assert "JH" in s.hands[0] and "QD" in s.hands[1]  # zeros go back


def test_original_both_zeros_do_not_stop_the_combat():
    """Rome et Carthage "Combats": the tie goes on, card after card, until one side wins."""
    s = duel()
    fight(s, ["5H", "6H"], ["5D", "6D"])
    fight(s, ["JH"], ["QD"])
    assert s.combat is not None and s.combat.step == "tie" and s.combat.totals == [11, 11]
    out = fight(s, ["2H"], ["AD"])
    assert of(out, ev.CombatEnded)[0] == ev.CombatEnded("capua", "attacker", (13, 12))


@pytest.mark.parametrize("edition", EDITIONS)
def test_r12_nobody_has_a_card_left_the_attacker_goes_back(edition):
    """Ruling R12 (Rome et Carthage "Combats", Méditerranée "Combats"): a tie nobody can break stops
    the combat; the attacker returns to its city; a side with no card adds 0."""
    s = duel(edition=edition, hands={0: ["5H", "6H", "4H"], 1: ["5D", "6D"]})
    fight(s, ["5H", "6H"], ["5D", "6D"])
    assert s.combat.need == [1, 0]  # the defender has nothing left to add
    out = play(s, 0, cmd.CommitCards(("4H",)))
    assert of(out, ev.CombatEnded)[0].outcome == "attacker"
    s = duel(edition=edition, hands={0: ["5H", "6H"], 1: ["5D", "6D"]})
    out = fight(s, ["5H", "6H"], ["5D", "6D"])
    assert of(out, ev.CombatEnded) == [ev.CombatEnded("capua", "stopped", (11, 11))]
    assert s.at["rome"] == "rome_mercenary_1" and s.at["capua"] == "byzance_mercenary_1"


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("opening", [("2D", "JD"), ("AD", "AS")])
def test_spy_a_natural_two_may_play_new_cards_knowing_the_others(edition, opening):
    """Rome et Carthage "Espions" / Méditerranée "Espions" (ruling R10): a side that opened with a
    natural 2 (a 2 and a zero, or two aces) may declare a spy and lay new cards after seeing its
    opponent's; the new cards decide, with the piece's modifier; all cards but zeros are spent."""
    hands = {0: ROME_CARDS, 1: BYZ_CARDS + ["AS"]}
    s = duel("rome_mercenary_1", "byzance_elephant", edition=edition, hands=hands)
    out = fight(s, ["6H", "8H"], list(opening))
    assert of(out, ev.CombatStep)[-1] == ev.CombatStep("capua", "spy", (0, 0), 1)
    assert G.status(s).to_act == (1,) and set(legal(s, 1)) == {cmd.DeclareSpy(), cmd.KeepValue()}
    assert G.view(s, 1).combat.attacker_table == ("6H", "8H")  # the spy knows the other's cards
    assert rejected(s, 0, cmd.DeclareSpy()) == NOT_YOUR_TURN
    out = play(s, 1, cmd.DeclareSpy())
    assert of(out, ev.CombatStep)[-1] == ev.CombatStep("capua", "spy_cards", (0, 2), 1)
    assert G.status(s).to_act == (1,)
    out = play(s, 1, cmd.CommitCards(("5D", "6D")))
    revealed = of(out, ev.CardsRevealed)[0]
    assert revealed.step == "spy_cards" and revealed.defender_cards == ("5D", "6D")
    assert revealed.totals == (14, 5 + 6 * 2)  # the elephant doubles the spy's higher new card
    assert of(out, ev.CombatEnded)[0].outcome == "defender"
    zeros = [c for c in opening if c[0] in "JQ"]
    assert sorted(s.spent) == sorted(["6H", "8H", "5D", "6D"] + [c for c in opening if c not in zeros])
    assert all(z in s.hands[1] for z in zeros)


@pytest.mark.parametrize("edition", EDITIONS)
def test_spy_may_keep_the_natural_value_of_two(edition):
    """Rome et Carthage "Espions" / Méditerranée "Espions" (ruling R10): the side may instead keep its
    cards at their natural 2 — no modifier, even for a chariot's two aces."""
    s = duel("rome_chariot", edition=edition, hands={0: ["AH", "AS", "3H"], 1: ["JD", "QD", "4D"]})
    out = fight(s, ["AH", "AS"], ["JD", "QD"])
    assert of(out, ev.CardsRevealed)[0].totals == (3, 0)  # the chariot's doubled ace, before the choice
    assert s.combat.step == "spy" and s.combat.spy_side == 0
    out = play(s, 0, cmd.KeepValue())
    assert of(out, ev.ValueKept) == [ev.ValueKept(0, (2, 0))]
    assert of(out, ev.CombatEnded) == [ev.CombatEnded("capua", "attacker", (2, 0))]
    assert sorted(s.spent) == ["AH", "AS"]


def test_spy_cards_are_not_judged_as_a_spy_again():
    """Ruling R10 (Rome et Carthage "Espions"): the spy's new cards are counted as they are."""
    s = duel(hands={0: ROME_CARDS, 1: BYZ_CARDS})
    fight(s, ["2H", "JH"], ["6D", "8D"])
    play(s, 0, cmd.DeclareSpy())
    out = play(s, 0, cmd.CommitCards(("QH", "AH")))  # worth 1 — no spy chance for the new cards
    assert not [e for e in of(out, ev.CombatStep) if e.step == "spy"]
    assert of(out, ev.CombatEnded)[0] == ev.CombatEnded("capua", "defender", (1, 14))


@pytest.mark.parametrize("edition", EDITIONS)
def test_both_spies_spend_the_cards_and_restart_the_combat(edition):
    """Rome et Carthage "Espions" / Méditerranée "Espions": if both sides open with 2, the cards are
    lost to both and the combat starts again with two cards each (zeros still go back)."""
    s = duel(edition=edition)
    out = fight(s, ["2H", "JH"], ["2D", "QD"])
    assert of(out, ev.BothSpies) == [ev.BothSpies("capua")]
    assert not of(out, ev.CombatEnded) and s.combat.step == "open" and s.combat.need == [2, 2]
    assert sorted(s.spent) == ["2D", "2H"] and "JH" in s.hands[0] and "QD" in s.hands[1]
    assert s.combat.table == [[], []]
    out = fight(s, ["6H", "8H"], ["4D", "5D"])
    assert of(out, ev.CombatEnded)[0] == ev.CombatEnded("capua", "attacker", (14, 9))


@pytest.mark.parametrize("edition", EDITIONS)
def test_spy_with_an_occupied_capital_is_a_single_two(edition):
    """Méditerranée "Espions": with an occupied capital only one card is laid, so the spy is a 2;
    its new cards are one card too (ruling R20); the elephant still doubles it."""
    s = duel("rome_elephant", edition=edition, extra={"carthage_mercenary_1": "rome"}, frm="arretium",
             to="aquileia")
    out = fight(s, ["2H"], ["6D", "8D"])
    assert s.combat.step == "spy" and s.combat.spy_side == 0
    out = play(s, 0, cmd.DeclareSpy())
    assert of(out, ev.CombatStep)[-1].need == (1, 0)
    out = play(s, 0, cmd.CommitCards(("8H",)))
    assert of(out, ev.CombatEnded)[0] == ev.CombatEnded("aquileia", "attacker", (16, 14))


def test_the_attacker_orders_its_combats():
    """Rome et Carthage "Combats" / Méditerranée "Combats": with two combats declared, the attacker
    says which is fought first; the other follows."""
    pieces = {**KEEP, "rome_elephant": "rome", "rome_mercenary_1": "salona",
              "byzance_mercenary_1": "capua", "byzance_mercenary_2": "dyrrachium"}
    s = position(4, pieces=pieces, hands={0: ["3H"] + ROME_CARDS[3:], 1: BYZ_CARDS})
    play(s, 0, cmd.DeclareForcedMarch(("3H",)))
    play(s, 0, cmd.MovePiece("rome_elephant", ("capua",)))
    play(s, 0, cmd.MovePiece("rome_mercenary_1", ("dyrrachium",)))
    out = play(s, 0, cmd.EndTurn())
    assert of(out, ev.MovesEnded) == [ev.MovesEnded(0, 2)] and not of(out, ev.CombatStarted)
    assert G.status(s).to_act == (0,) and s.combat is None
    assert set(legal(s, 0)) == {cmd.ChooseCombat("capua"), cmd.ChooseCombat("dyrrachium")}
    assert rejected(s, 1, cmd.ChooseCombat("capua")) == NOT_YOUR_TURN
    assert rejected(s, 0, cmd.ChooseCombat("rome")) == ILLEGAL_TARGET
    out = play(s, 0, cmd.ChooseCombat("dyrrachium"))
    assert of(out, ev.CombatStarted)[0].city == "dyrrachium"
    assert rejected(s, 0, cmd.ChooseCombat("capua")) in (WRONG_PHASE, ILLEGAL_MOVE)
    out = fight(s, ["8H", "10H"], ["4D", "5D"])
    assert of(out, ev.CombatEnded)[0].city == "dyrrachium"
    assert of(out, ev.CombatStarted)[0].city == "capua"  # the other one follows at once


def test_the_limit_follows_the_occupation_from_one_combat_to_the_next():
    """Rome et Carthage "Combats" c: one card only while the occupation lasts — a capital taken in the
    first combat of a turn limits its owner in the second."""
    pieces = {**KEEP, "rome_elephant": "adrianopolis", "rome_chariot": "dyrrachium",
              "byzance_mercenary_1": "byzance", "byzance_mercenary_2": "thessalonica"}
    s = position(4, pieces=pieces, hands={0: ["3H"] + ROME_CARDS[3:], 1: BYZ_CARDS})
    play(s, 0, cmd.DeclareForcedMarch(("3H",)))
    play(s, 0, cmd.MovePiece("rome_elephant", ("byzance",)))
    play(s, 0, cmd.MovePiece("rome_chariot", ("thessalonica",)))
    play(s, 0, cmd.EndTurn())
    out = play(s, 0, cmd.ChooseCombat("byzance"))
    assert of(out, ev.CombatStarted)[0].limited == (False, False)
    out = fight(s, ["8H", "10H"], ["4D", "5D"])
    assert s.at["byzance"] == "rome_elephant"
    started = of(out, ev.CombatStarted)[0]
    assert started.city == "thessalonica" and started.limited == (False, True)
    assert s.combat.need == [2, 1]


@pytest.mark.parametrize("edition", EDITIONS)
def test_zeros_go_back_to_their_owner(edition):
    """Rome et Carthage "Talon" / Méditerranée "Talon": jacks and queens laid in a combat return to
    the hand of the player who laid them; everything else is spent."""
    s = duel(edition=edition)
    out = fight(s, ["10H", "JH"], ["QD", "8D"])
    assert ev.ZerosReturned(0, ("JH",)) in of(out, ev.ZerosReturned)
    assert ev.ZerosReturned(1, ("QD",)) in of(out, ev.ZerosReturned)
    assert "JH" in s.hands[0] and "QD" in s.hands[1]
    assert sorted(s.spent) == ["10H", "8D"]


@pytest.mark.parametrize("kings_out, removed", [(0, ("KD", "KH")), (1, ("KH",)), (2, ())])
def test_original_the_first_two_kings_played_leave_the_game(kings_out, removed):
    """Rome et Carthage "Talon": the first two kings played are out of the game; later ones are spent
    like any card."""
    s = duel()
    earlier = ["KC", "KS"][:kings_out]  # kings already played and taken out
    s.removed = list(earlier)
    fight(s, ["KH", "AH"], ["KD", "3D"])
    assert sorted(s.removed) == sorted(earlier + list(removed))
    assert sorted(k for k in s.spent if k[0] == "K") == sorted({"KH", "KD"} - set(removed))


def test_mediterranee_every_king_played_leaves_the_game():
    """Méditerranée "Talon": every king played is taken out of the game."""
    s = duel(edition="mediterranee")
    s.removed = ["KC", "KS"]  # two kings out already: the original would spend the next ones
    fight(s, ["KH", "AH"], ["KD", "3D"])
    assert sorted(s.removed) == ["KC", "KD", "KH", "KS"] and not any(c[0] == "K" for c in s.spent)


def test_spent_cards_become_the_next_draw_pile():
    """Rome et Carthage "Talon": the cards spent in combats are shuffled into a new pile once the pile
    is empty; the next player draws from it."""
    s = duel()
    s.talons[0] = []
    out = fight(s, ["6H", "8H"], ["4D", "5D"])
    rebuilt = of(out, ev.TalonShuffled)
    assert rebuilt and sorted(rebuilt[0].cards) == sorted(["6H", "8H", "4D", "5D"])
    drawn = of(out, ev.CardsDrawn)[0]
    assert drawn.seat == 1 and drawn.cards[0] in ("6H", "8H", "4D", "5D") and len(s.talons[0]) == 3


def test_counted_total_rules_table():
    """Rome et Carthage "Combats" a-b (ruling R11), checked piece by piece on the same two cards."""
    s = duel("rome_chariot", "byzance_elephant")
    assert counted_total(s, 0, ["3H", "7H"]) == 3 * 2 + 7  # chariot: lower doubled
    assert counted_total(s, 1, ["3D", "7D"]) == 3 + 7 * 2  # elephant vs land: higher doubled
    assert counted_total(s, 0, ["7H"]) == 7                # chariot alone: no double
    assert counted_total(s, 1, ["7D"]) == 14               # elephant alone: still doubles


@pytest.mark.parametrize("edition", EDITIONS)
def test_opening_zeros_on_both_sides(edition):
    """Méditerranée "Combats": when both sides play zero the combat stops and the attacker goes back
    (ruling R12: at the opening too); Rome et Carthage "Combats": equal totals go to the tie cards."""
    s = duel(edition=edition)
    out = fight(s, ["JH", "QH"], ["JD", "QD"])
    assert of(out, ev.CardsRevealed)[0].totals == (0, 0)
    if edition == "mediterranee":
        assert of(out, ev.CombatEnded) == [ev.CombatEnded("capua", "stopped", (0, 0))]
        assert s.at["rome"] == "rome_mercenary_1" and s.combat is None
    else:
        assert not of(out, ev.CombatEnded) and s.combat.step == "tie"
