"""The two- and three-player games (Rome et Carthage "Jeu à deux", "Jeu à trois"; Méditerranée "Règle
du jeu à deux", "Règle du jeu à trois")."""

from __future__ import annotations

import pytest

from engine.errors import ILLEGAL_MOVE

from .helpers import G, THREE, TWO, attack, cmd, ev, fight, of, play, position, rejected

EDITIONS = ("original", "mediterranee")


@pytest.mark.parametrize("edition", EDITIONS)
def test_two_players_either_capital_occupied_limits_every_combat(edition):
    """Rome et Carthage "Jeu à deux" / Méditerranée "Règle du jeu à deux": while either of its capitals
    is occupied, the player lays one card in the combats of all its pieces, of both states."""
    pieces = {"rome_elephant": "rome", "byzance_chariot": "thessalonica", "carthage_mercenary_1": "byzance",
              "alexandrie_mercenary_1": "capua", "alexandrie_elephant": "alexandrie"}
    s = position(2, seating=TWO, edition=edition, pieces=pieces, hands={0: ["6H", "8H"], 1: ["4C", "5C"]})
    assert G.view(s, 1).seats[0].capital_occupied
    attack(s, 0, "rome_elephant", ("capua",))  # a Rome piece, though Byzance is the occupied capital
    assert s.combat.limited == [True, False] and s.combat.need == [1, 2]
    out = fight(s, ["8H"], ["4C", "5C"])
    assert of(out, ev.CardsRevealed)[0].totals == (16, 9)


@pytest.mark.parametrize("edition", EDITIONS)
def test_two_players_one_move_for_both_states(edition):
    """Rome et Carthage "Jeu à deux": the player plays its two states as one — one move a turn (two
    with a forced march)."""
    pieces = {"rome_elephant": "rome", "byzance_elephant": "byzance", "alexandrie_elephant": "alexandrie",
              "carthage_elephant": "carthage"}
    s = position(2, seating=TWO, edition=edition, pieces=pieces, hands={0: ["3H"]})
    play(s, 0, cmd.MovePiece("rome_elephant", ("capua",)))
    assert rejected(s, 0, cmd.MovePiece("byzance_elephant", ("adrianopolis",))) == ILLEGAL_MOVE
    play(s, 0, cmd.DeclareForcedMarch(("3H",)))
    play(s, 0, cmd.MovePiece("byzance_elephant", ("adrianopolis",)))
    out = play(s, 0, cmd.EndTurn())
    assert of(out, ev.TurnStarted)[0].seat == 1


def test_two_players_pieces_of_both_states_are_friends():
    """Rome et Carthage "Jeu à deux" (its states as one) with "Déplacements": a piece never stops on,
    and a chariot may pass, a piece of the player's other state."""
    pieces = {"rome_chariot": "dyrrachium", "byzance_mercenary_1": "thessalonica", "alexandrie_elephant": "alexandrie",
              "carthage_elephant": "carthage"}
    s = position(2, seating=TWO, pieces=pieces)
    assert rejected(s, 0, cmd.MovePiece("rome_chariot", ("thessalonica",))) == ILLEGAL_MOVE
    play(s, 0, cmd.MovePiece("rome_chariot", ("thessalonica", "larissa")))
    assert s.where["rome_chariot"] == "larissa"


def test_two_players_losing_one_states_pieces_is_not_elimination():
    """Rome et Carthage "Fin de partie" with "Jeu à deux": the player is out only with no piece at all;
    then its opponent has won."""
    pieces = {"rome_elephant": "rome", "rome_chariot": "memphis", "carthage_mercenary_1": "capua",
              "alexandrie_elephant": "alexandrie"}
    s = position(2, seating=TWO, pieces=pieces, hands={0: ["6H", "8H", "10H", "9H"], 1: ["2S", "4S", "3C", "5C"]})
    attack(s, 0, "rome_elephant", ("capua",))
    out = fight(s, ["6H", "8H"], ["2S", "4S"])
    assert not of(out, ev.PlayerEliminated) and s.eliminated == []  # Carthage gone, Alexandrie remains
    play(s, 1, cmd.EndTurn())
    attack(s, 0, "rome_chariot", ("alexandrie",))
    out = fight(s, ["9H", "10H"], ["3C", "5C"])
    assert of(out, ev.PlayerEliminated)[0].seat == 1
    assert of(out, ev.GameEnded)[0].winners == (0,) and of(out, ev.GameEnded)[0].reason == "destroyed"


def test_two_players_holding_both_enemy_capitals_a_round_wins():
    """Rome et Carthage "Fin de partie" 1 with "Jeu à deux" (ruling R13): the enemy's two capitals are the
    two capitals of the other player; the round is its one turn."""
    pieces = {"rome_elephant": "alexandrie", "byzance_elephant": "carthage", "alexandrie_galley_1": "cnossus",
              "rome_mercenary_1": "rome"}
    s = position(2, seating=TWO, pieces=pieces)
    out = play(s, 0, cmd.EndTurn())
    assert of(out, ev.ClockStarted) == [ev.ClockStarted(0, (1,))]
    out = play(s, 1, cmd.EndTurn())
    assert of(out, ev.GameEnded)[0].winners == (0,) and of(out, ev.GameEnded)[0].reason == "capitals"


def test_three_players_the_game_goes_on_after_one_partner_is_out():
    """Rome et Carthage "Jeu à trois" with "Fin de partie": one partner out, the other plays on against
    the lone player; the order then skips the one out."""
    pieces = {"rome_elephant": "rome", "byzance_elephant": "arretium", "alexandrie_elephant": "alexandrie",
              "carthage_elephant": "carthage"}
    s = position(3, seating=THREE, pieces=pieces, active=1, hands={1: ["8D", "10D"], 0: ["2H", "4H"]})
    attack(s, 1, "byzance_elephant", ("rome",))  # the lone player attacks Rome's last piece
    out = fight(s, ["8D", "10D"], ["2H", "4H"])
    assert of(out, ev.PlayerEliminated)[0].seat == 0 and not of(out, ev.GameEnded)
    assert s.active == 2
    play(s, 2, cmd.EndTurn())
    assert s.active == 1


def test_three_players_the_lone_player_must_hold_both_partners_capitals():
    """Rome et Carthage "Fin de partie" 1 with "Jeu à trois": against the two partners the lone player
    needs both their capitals, and the round is theirs to answer."""
    pieces = {"byzance_elephant": "rome", "alexandrie_elephant": "carthage", "rome_galley_1": "aleria",
              "carthage_galley_1": "ebusus"}
    s = position(3, seating=THREE, pieces=pieces, active=1)
    out = play(s, 1, cmd.EndTurn())
    started = of(out, ev.ClockStarted)
    assert len(started) == 1 and started[0].team == 1 and set(started[0].waiting) == {0, 2}
    play(s, 2, cmd.EndTurn())
    out = play(s, 0, cmd.EndTurn())
    assert of(out, ev.GameEnded)[0].winners == (1,)
