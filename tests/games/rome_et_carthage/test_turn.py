"""A turn: the draw, the moves, the special card and the end of the turn (Rome et Carthage "Le jeu",
"Talon", "Cartes spéciales", "Jeu à trois"; Méditerranée "Le jeu", "Talon")."""

from __future__ import annotations

import pytest

from engine.errors import ILLEGAL_MOVE, NOT_YOUR_TURN, WRONG_PHASE

from .helpers import THREE, cmd, copy, ev, legal, legal_of, lot, of, play, position, rejected

ROME_START = {"rome_elephant": "rome", "rome_mercenary_1": "arretium", "rome_mercenary_2": "mediolanum",
              "byzance_elephant": "byzance", "alexandrie_elephant": "alexandrie", "carthage_elephant": "carthage"}


def test_a_turn_starts_with_a_secret_draw_of_one_card():
    """Rome et Carthage "Le jeu" a / Méditerranée "Le jeu" 1: the player whose turn begins draws one
    card from the top of the pile into its hand, unseen by the others."""
    s = position(4, pieces=ROME_START, talon=["3S", "5S", "7S"])
    out = play(s, 0, cmd.EndTurn())
    started = of(out, ev.TurnStarted)[0]
    assert started.seat == 1 and started.place == 0
    drawn = [e for e in out if isinstance(e.event, ev.CardsDrawn)]
    assert len(drawn) == 1 and drawn[0].event == ev.CardsDrawn(1, 0, ("3S",))
    assert drawn[0].seats == (1,)
    for other in (0, 2, 3, None):
        assert drawn[0].for_seat(other) == ev.CardsDrawnRedacted(1, 0, 1)
    assert s.hands[1] == ["3S"] and s.talons[0] == ["5S", "7S"]


def test_play_goes_round_in_the_playing_order():
    """Rome et Carthage "Placement des pièces": play turns clockwise; a new round after the last."""
    s = position(4, pieces=ROME_START, order=[2, 3, 0, 1], active=2)
    seen = []
    for _ in range(5):
        seat = s.active
        out = play(s, seat, cmd.EndTurn())
        seen.append(of(out, ev.TurnStarted)[0])
    assert [e.seat for e in seen] == [3, 0, 1, 2, 3]
    assert [e.round - seen[0].round for e in seen] == [0, 0, 0, 1, 1]
    assert [e.turn for e in seen] == list(range(seen[0].turn, seen[0].turn + 5))


def test_only_the_active_player_acts():
    """Rome et Carthage "Le jeu": moving, passing and special cards belong to the player whose
    turn it is."""
    s = position(4, pieces=ROME_START, specials={1: ["treason"]})
    assert rejected(s, 1, cmd.EndTurn()) == NOT_YOUR_TURN
    assert rejected(s, 1, cmd.MovePiece("byzance_elephant", ("adrianopolis",))) == NOT_YOUR_TURN
    assert rejected(s, 1, cmd.PlayTreason("rome_elephant", ("capua",))) == NOT_YOUR_TURN


def test_three_players_the_lone_player_draws_two_cards():
    """Rome et Carthage "Jeu à trois" / Méditerranée "Règle du jeu à trois": the lone player draws two
    cards a turn (as many as its two opponents together); they draw one."""
    s = position(3, seating=THREE, pieces={"rome_elephant": "rome", "byzance_elephant": "byzance",
                                           "carthage_elephant": "carthage"}, talon=["3S", "5S", "7S", "9S"])
    out = play(s, 0, cmd.EndTurn())
    assert of(out, ev.CardsDrawn) == [ev.CardsDrawn(1, 0, ("3S", "5S"))]
    out = play(s, 1, cmd.EndTurn())
    assert of(out, ev.CardsDrawn) == [ev.CardsDrawn(2, 0, ("7S",))]


def test_three_players_the_lone_player_plays_once_a_round_with_one_move():
    """Rome et Carthage "Jeu à trois": the lone player plays once a round and makes one move, like each
    of its opponents."""
    s = position(3, seating=THREE, pieces={"rome_elephant": "rome", "byzance_elephant": "byzance",
                                           "alexandrie_elephant": "alexandrie", "carthage_elephant": "carthage"},
                 active=1)
    play(s, 1, cmd.MovePiece("byzance_elephant", ("adrianopolis",)))
    assert rejected(s, 1, cmd.MovePiece("alexandrie_elephant", ("memphis",))) == ILLEGAL_MOVE
    seats = []
    for _ in range(4):
        out = play(s, s.active, cmd.EndTurn())
        seats.append(of(out, ev.TurnStarted)[0].seat)
    assert seats == [2, 0, 1, 2]


def test_an_empty_draw_pile_is_rebuilt_from_the_spent_cards():
    """Rome et Carthage "Talon" / Méditerranée "Talon": when the pile is used up, the spent cards are
    shuffled into a new pile, at the moment a card must be drawn from it (ruling R22)."""
    s = position(4, pieces=ROME_START, talon=[])
    s.spent = ["3H", "5H", "7H", "9H"]
    out = play(s, 0, cmd.EndTurn())
    rebuilt = of(out, ev.TalonShuffled)
    assert len(rebuilt) == 1 and rebuilt[0].rebuilt and sorted(rebuilt[0].cards) == sorted(["3H", "5H", "7H", "9H"])
    shuffle = next(e for e in out if isinstance(e.event, ev.TalonShuffled))
    assert shuffle.seats == () and shuffle.for_seat(1) == ev.TalonShuffledRedacted(0, 4, True)
    drawn = of(out, ev.CardsDrawn)[0]
    assert drawn.cards == (rebuilt[0].cards[0],)
    assert s.spent == [] and len(s.talons[0]) == 3 and s.hands[1] == list(drawn.cards)


def test_lone_player_drawing_past_the_end_of_the_pile():
    """Rome et Carthage "Talon", "Jeu à trois": the lone player takes the last card, the spent cards
    become the new pile, and it takes its second card from there."""
    s = position(3, seating=THREE, pieces={"rome_elephant": "rome", "byzance_elephant": "byzance",
                                           "carthage_elephant": "carthage"}, talon=["9S"])
    s.spent = ["3H", "5H"]
    out = play(s, 0, cmd.EndTurn())
    drawn = of(out, ev.CardsDrawn)
    assert [d.cards for d in drawn][0] == ("9S",)
    assert len(drawn) == 2 and len(drawn[1].cards) == 1 and drawn[1].cards[0] in ("3H", "5H")
    assert sorted(s.hands[1]) == sorted(["9S", drawn[1].cards[0]])


def test_nothing_to_draw_when_both_piles_are_empty():
    """Rome et Carthage "Talon": with no spent card to rebuild from, the turn goes on without a draw."""
    s = position(4, pieces=ROME_START, talon=[])
    out = play(s, 0, cmd.EndTurn())
    assert not of(out, ev.CardsDrawn) and not of(out, ev.TalonShuffled)
    assert s.active == 1 and s.phase == "play"


def test_one_move_a_turn_or_pass():
    """Rome et Carthage "Le jeu" b / Méditerranée "Le jeu" 3: move one piece (two mercenaries count as
    one move) or pass."""
    s = position(4, pieces=ROME_START)
    assert cmd.EndTurn() in legal_of(s, 0, cmd.EndTurn)  # passing is always allowed
    play(s, 0, cmd.MovePiece("rome_elephant", ("capua",)))
    assert rejected(s, 0, cmd.MovePiece("rome_mercenary_1", ("aquileia",))) == ILLEGAL_MOVE
    assert not legal_of(s, 0, cmd.MovePiece)
    play(s, 0, cmd.EndTurn())
    assert s.active == 1


def test_combats_are_fought_only_once_the_moves_are_over():
    """Rome et Carthage "Combats": a combat is fought only once the player whose turn it is has
    finished; Méditerranée "Le jeu" 4: the combat comes after the move."""
    pieces = dict(ROME_START, byzance_mercenary_1="capua")
    s = position(4, pieces=pieces, hands={0: lot("rome"), 1: lot("byzance")})
    out = play(s, 0, cmd.MovePiece("rome_elephant", ("capua",)))
    assert of(out, ev.AttackDeclared) and not of(out, ev.CombatStarted)
    assert s.phase == "play" and s.combat is None
    assert rejected(s, 0, cmd.CommitCards(("4H", "6H"))) == WRONG_PHASE
    out = play(s, 0, cmd.EndTurn())
    assert of(out, ev.MovesEnded) == [ev.MovesEnded(0, 1)]
    assert of(out, ev.CombatStarted)[0].city == "capua" and s.phase == "combat"
    assert not of(out, ev.TurnStarted)


def test_original_special_card_before_between_or_after_the_moves():
    """Rome et Carthage "Le jeu" (b and c in any order) and "Cartes spéciales" (ruling R19: any time
    before EndTurn): treason may follow the player's move, and the forced march's two moves."""
    s = position(4, pieces=dict(ROME_START, rome_chariot="capua"), hands={0: ["3H"]},
                 specials={0: ["treason"]})
    play(s, 0, cmd.DeclareForcedMarch(("3H",)))
    play(s, 0, cmd.MovePiece("rome_elephant", ("massilia",)))
    play(s, 0, cmd.PlayTreason("byzance_elephant", ("adrianopolis",)))  # between the two moves
    play(s, 0, cmd.MovePiece("rome_chariot", ("brundisium",)))
    assert s.where["byzance_elephant"] == "adrianopolis" and s.where["rome_chariot"] == "brundisium"


@pytest.mark.parametrize("card", ["treason", "sedition"])
def test_mediterranee_special_card_only_before_moving(card):
    """Méditerranée "Le jeu" 2: the special card is played before the move (step 2 before step 3);
    also before paying a forced march."""
    pieces = dict(ROME_START, carthage_mercenary_1="rome", rome_elephant="capua")  # Carthage holds Rome
    s = position(4, edition="mediterranee", pieces=pieces, hands={0: ["3H"]}, specials={0: [card]})
    special = (cmd.PlayTreason("byzance_elephant", ("adrianopolis",)) if card == "treason"
               else cmd.PlaySedition("rome"))
    paid = copy(s)
    play(paid, 0, cmd.DeclareForcedMarch(("3H",)))
    assert rejected(paid, 0, special) == ILLEGAL_MOVE
    moved = copy(s)
    play(moved, 0, cmd.MovePiece("rome_elephant", ("brundisium",)))
    assert rejected(moved, 0, special) == ILLEGAL_MOVE
    assert not [c for c in legal(moved, 0) if isinstance(c, (cmd.PlayTreason, cmd.PlaySedition))]
    assert special in legal(s, 0)
    out = play(s, 0, special)
    assert of(out, ev.SpecialPlayed) == [ev.SpecialPlayed(0, card)]
    play(s, 0, cmd.MovePiece("rome_elephant", ("brundisium",)))  # and the move still follows


def test_original_special_card_after_the_move():
    """Rome et Carthage "Cartes spéciales": before or after the move, in any order."""
    pieces = dict(ROME_START, carthage_mercenary_1="rome", rome_elephant="capua")  # Carthage holds Rome
    s = position(4, pieces=pieces, specials={0: ["sedition"]})
    play(s, 0, cmd.MovePiece("rome_elephant", ("brundisium",)))
    out = play(s, 0, cmd.PlaySedition("rome"))
    assert of(out, ev.PieceEliminated) == [ev.PieceEliminated("carthage_mercenary_1", "rome", "sedition")]


def test_r19_no_special_card_once_the_moves_are_ended():
    """Rome et Carthage "Cartes spéciales" (ruling R19): the special card is played before EndTurn; once
    the combats are being fought it is too late, and the card stays in hand."""
    pieces = dict(ROME_START, byzance_mercenary_1="capua")
    s = position(4, pieces=pieces, hands={0: lot("rome"), 1: lot("byzance")}, specials={0: ["treason"]})
    play(s, 0, cmd.MovePiece("rome_elephant", ("capua",)))
    play(s, 0, cmd.EndTurn())
    assert s.phase == "combat"
    assert rejected(s, 0, cmd.PlayTreason("carthage_elephant", ("cirta",))) == WRONG_PHASE
    assert not [c for c in legal(s, 0) if isinstance(c, cmd.PlayTreason)]
    assert s.specials[0] == ["treason"]
