"""The special cards: treason and sedition (Rome et Carthage "Cartes spéciales", "Jeu à deux";
Méditerranée "Cartes spéciales", "Règle du jeu à deux"; rulings R14, R19)."""

from __future__ import annotations

import pytest

from engine.errors import ILLEGAL_MOVE, ILLEGAL_TARGET
from engine.games.rome_et_carthage import board

from .helpers import G, TWO, cmd, ev, fight, legal_of, of, play, position, rejected

EDITIONS = ("original", "mediterranee")
BASE = {"rome_elephant": "rome", "rome_galley_1": "aleria", "byzance_chariot": "byzance",
        "byzance_galley_1": "corcyra", "alexandrie_elephant": "alexandrie", "carthage_elephant": "carthage"}


def treason_paths(s, seat, piece):
    return {c.path for c in legal_of(s, seat, cmd.PlayTreason) if c.piece == piece}


def road_paths(city, chariot=False):
    one = {(n,) for n in board.land_neighbours(city)}
    if not chariot:
        return one
    return one | {(a, b) for a in board.land_neighbours(city) for b in board.land_neighbours(a) if b != city}


@pytest.mark.parametrize("edition", EDITIONS)
def test_treason_moves_an_opposing_piece_as_its_owner_could(edition):
    """Rome et Carthage "Cartes spéciales" a / Méditerranée "Cartes spéciales" (ruling R14): the
    holder moves an opponent's piece, under the same conditions as if its owner moved it; the
    holder's own move is untouched."""
    s = position(4, edition=edition, pieces=BASE, specials={0: ["treason"]})
    assert treason_paths(s, 0, "byzance_chariot") == road_paths("byzance", chariot=True)
    assert treason_paths(s, 0, "byzance_galley_1") == {(c,) for c in board.sea_neighbours("corcyra")}
    assert treason_paths(s, 0, "carthage_elephant") == road_paths("carthage")
    assert not treason_paths(s, 0, "rome_elephant") and not treason_paths(s, 0, "alexandrie_elephant")
    assert rejected(s, 0, cmd.PlayTreason("rome_elephant", ("capua",))) == ILLEGAL_TARGET
    assert rejected(s, 0, cmd.PlayTreason("alexandrie_elephant", ("memphis",))) == ILLEGAL_TARGET  # partner's
    assert rejected(s, 0, cmd.PlayTreason("carthage_elephant", ("cirta", "iol"))) == ILLEGAL_MOVE
    out = play(s, 0, cmd.PlayTreason("byzance_chariot", ("adrianopolis", "thessalonica")))
    assert of(out, ev.SpecialPlayed) == [ev.SpecialPlayed(0, "treason")]
    assert of(out, ev.PieceMoved) == [ev.PieceMoved(0, "byzance_chariot", ("adrianopolis", "thessalonica"), True, False)]
    assert s.where["byzance_chariot"] == "thessalonica" and s.owner["byzance_chariot"] == 1
    assert s.specials[0] == [] and s.used_specials[0] == ["treason"]
    assert s.moves == 0
    play(s, 0, cmd.MovePiece("rome_elephant", ("capua",)))  # the player's own move remains


def test_treason_is_used_once_and_only_by_its_holder():
    """Rome et Carthage "Cartes spéciales": each special card serves once, on its holder's turn, and
    cannot be handed to the partner."""
    s = position(4, pieces=BASE, specials={0: ["treason"]})
    play(s, 0, cmd.PlayTreason("carthage_elephant", ("cirta",)))
    assert rejected(s, 0, cmd.PlayTreason("byzance_chariot", ("nicomedia",))) == ILLEGAL_MOVE
    assert not legal_of(s, 0, cmd.PlayTreason)
    s = position(4, pieces=BASE, specials={0: ["treason"]}, active=2)
    assert rejected(s, 2, cmd.PlayTreason("carthage_elephant", ("cirta",))) == ILLEGAL_MOVE
    assert G.view(s, 1).seats[0].specials == ("treason",)  # which special a seat holds is public


def test_treason_cannot_stop_on_a_friend_of_the_moved_piece():
    """Ruling R14 with R6 (Rome et Carthage "Cartes spéciales" a: as its owner could): the moved piece
    may not end on its own side's pieces, the owner's partner included."""
    pieces = dict(BASE, byzance_mercenary_1="adrianopolis", carthage_mercenary_1="nicomedia")
    s = position(4, pieces=pieces, specials={0: ["treason"]})
    paths = treason_paths(s, 0, "byzance_chariot")
    assert ("adrianopolis",) not in paths and ("nicomedia",) not in paths
    assert ("adrianopolis", "thessalonica") in paths  # passing a friend of the moved piece is fine
    assert rejected(s, 0, cmd.PlayTreason("byzance_chariot", ("nicomedia",))) == ILLEGAL_MOVE


@pytest.mark.parametrize("victim_seat, victim", [(0, "rome_mercenary_1"), (2, "alexandrie_mercenary_1")])
def test_treason_onto_your_side_declares_a_combat_the_moved_piece_attacking(victim_seat, victim):
    """Ruling R14 (Rome et Carthage "Cartes spéciales" a, "Combats"): ending the treason move on a
    piece of the holder's side (its own or its partner's) declares a combat in which the moved piece
    attacks, fought with its owner's cards."""
    pieces = dict(BASE, **{victim: "nicomedia"})
    s = position(4, pieces=pieces, specials={0: ["treason"]}, hands={1: ["6D", "8D"], victim_seat: ["AH", "3H"]})
    out = play(s, 0, cmd.PlayTreason("byzance_chariot", ("nicomedia",)))
    assert of(out, ev.AttackDeclared) == [ev.AttackDeclared("nicomedia", "byzance_chariot", victim, "byzance")]
    out = play(s, 0, cmd.EndTurn())
    started = of(out, ev.CombatStarted)[0]
    assert (started.attacker, started.attacker_seat, started.defender_seat) == ("byzance_chariot", 1, victim_seat)
    out = fight(s, ["6D", "8D"], ["AH", "3H"])
    assert of(out, ev.CombatEnded)[0].outcome == "attacker"
    assert s.at["nicomedia"] == "byzance_chariot"


def test_treason_moves_two_opposing_mercenaries():
    """Rome et Carthage "Cartes spéciales" a / Méditerranée "Cartes spéciales": a treason may move two
    of the opponent's mercenaries, one city each, as its owner could."""
    pieces = dict(BASE, byzance_mercenary_1="adrianopolis", byzance_mercenary_2="larissa",
                  carthage_mercenary_1="cirta")
    s = position(4, pieces=pieces, specials={0: ["treason"]})
    play(s, 0, cmd.PlayTreason("byzance_mercenary_1", ("thessalonica",)))
    followers = {c.piece for c in legal_of(s, 0, cmd.MoveSecondMercenary)}
    assert followers == {"byzance_mercenary_2"}  # of the same owner only
    assert rejected(s, 0, cmd.MoveSecondMercenary("carthage_mercenary_1", "iol")) == ILLEGAL_TARGET
    out = play(s, 0, cmd.MoveSecondMercenary("byzance_mercenary_2", "athenae"))
    assert of(out, ev.PieceMoved) == [ev.PieceMoved(0, "byzance_mercenary_2", ("athenae",), True, True)]
    assert s.moves == 0


@pytest.mark.parametrize("edition", EDITIONS)
def test_treason_is_never_a_forced_march(edition):
    """Rome et Carthage "Cartes spéciales" a / Méditerranée "Cartes spéciales": the opponent's piece
    never gets a double move, even if a forced march is paid."""
    s = position(4, edition=edition, pieces=BASE, specials={0: ["treason"]}, hands={0: ["3H"]})
    if edition == "original":
        play(s, 0, cmd.DeclareForcedMarch(("3H",)))
    assert rejected(s, 0, cmd.PlayTreason("carthage_elephant", ("cirta", "iol"))) == ILLEGAL_MOVE
    play(s, 0, cmd.PlayTreason("carthage_elephant", ("cirta",)))
    assert rejected(s, 0, cmd.MovePiece("carthage_elephant", ("iol",))) == ILLEGAL_TARGET
    assert rejected(s, 0, cmd.PlayTreason("carthage_elephant", ("iol",))) == ILLEGAL_MOVE
    assert s.where["carthage_elephant"] == "cirta"


def test_treason_cannot_move_a_land_piece_off_an_island():
    """Ruling R14 (as its owner could) with Méditerranée "Préparation" 4: island land pieces stay."""
    s = position(4, pieces=dict(BASE, byzance_mercenary_1="rhodus"), specials={0: ["treason"]})
    assert not treason_paths(s, 0, "byzance_mercenary_1")


@pytest.mark.parametrize("edition", EDITIONS)
def test_sedition_destroys_the_enemy_piece_in_your_capital(edition):
    """Rome et Carthage "Cartes spéciales" b / Méditerranée "Cartes spéciales": while an opponent holds
    the player's capital, sedition removes that piece without combat, as if it lost one."""
    s = position(4, edition=edition, pieces=dict(BASE, rome_elephant="capua", byzance_mercenary_1="rome"),
                 specials={0: ["sedition"]})
    assert G.view(s, 0).seats[0].capital_occupied
    assert legal_of(s, 0, cmd.PlaySedition) == [cmd.PlaySedition("rome")]
    out = play(s, 0, cmd.PlaySedition("rome"))
    assert of(out, ev.SpecialPlayed) == [ev.SpecialPlayed(0, "sedition")]
    assert of(out, ev.PieceEliminated) == [ev.PieceEliminated("byzance_mercenary_1", "rome", "sedition")]
    assert not of(out, ev.CombatStarted) and "rome" not in s.at and "byzance_mercenary_1" in s.lost
    assert not G.view(s, 0).seats[0].capital_occupied
    assert rejected(s, 0, cmd.PlaySedition("rome")) == ILLEGAL_MOVE  # used once


def test_sedition_only_for_your_own_occupied_capital():
    """Rome et Carthage "Cartes spéciales" b: not for the partner's capital, not for a free capital or
    one held by one's own side, not against a city that is not a capital."""
    pieces = dict(BASE, rome_elephant="rome", carthage_mercenary_1="alexandrie", byzance_mercenary_1="capua",
                  alexandrie_elephant="memphis")
    s = position(4, pieces=pieces, specials={0: ["sedition"]})
    assert rejected(s, 0, cmd.PlaySedition("alexandrie")) == ILLEGAL_TARGET  # the partner's capital
    assert rejected(s, 0, cmd.PlaySedition("rome")) == ILLEGAL_TARGET        # held by its own piece
    assert rejected(s, 0, cmd.PlaySedition("capua")) == ILLEGAL_TARGET       # not a capital
    assert not legal_of(s, 0, cmd.PlaySedition)
    s.where.pop("rome_elephant"), s.at.pop("rome")
    assert rejected(s, 0, cmd.PlaySedition("rome")) == ILLEGAL_TARGET        # free


def test_r19_sedition_not_against_a_piece_in_a_declared_combat():
    """Ruling R19 (Rome et Carthage "Cartes spéciales", "Combats"): a piece attacked this turn
    waits for its combat; sedition cannot remove it meanwhile."""
    pieces = dict(BASE, rome_elephant="capua", byzance_mercenary_1="rome")
    s = position(4, pieces=pieces, specials={0: ["sedition"]})
    play(s, 0, cmd.MovePiece("rome_elephant", ("rome",)))
    assert s.attacking == {"rome": "rome_elephant"}
    assert rejected(s, 0, cmd.PlaySedition("rome")) == ILLEGAL_TARGET
    assert not legal_of(s, 0, cmd.PlaySedition)


def test_sedition_of_the_last_piece_eliminates_its_owner():
    """Rome et Carthage "Cartes spéciales" b (eliminated as after a defeat) and "Fin de partie": a
    player left without pieces is out."""
    pieces = {"rome_elephant": "capua", "carthage_mercenary_1": "rome", "byzance_chariot": "byzance",
              "alexandrie_elephant": "alexandrie"}
    s = position(4, pieces=pieces, specials={0: ["sedition"]}, hands={3: ["2S", "JS"]})
    out = play(s, 0, cmd.PlaySedition("rome"))
    assert of(out, ev.PlayerEliminated) == [ev.PlayerEliminated(3, 2, ())]
    assert 3 in s.eliminated and not of(out, ev.GameEnded)


@pytest.mark.parametrize("edition", EDITIONS)
def test_two_state_player_sedition_for_either_capital_and_both_cards_in_one_turn(edition):
    """Rome et Carthage "Jeu à deux" (sedition for either capital; both special cards together, in any
    order) / Méditerranée "Règle du jeu à deux" (shared by both states)."""
    pieces = {"rome_elephant": "rome", "byzance_elephant": "thessalonica", "alexandrie_mercenary_1": "byzance",
              "alexandrie_chariot": "alexandrie", "carthage_elephant": "carthage"}
    s = position(2, seating=TWO, edition=edition, pieces=pieces, specials={0: ["treason", "sedition"]})
    assert legal_of(s, 0, cmd.PlaySedition) == [cmd.PlaySedition("byzance")]
    play(s, 0, cmd.PlaySedition("byzance"))
    play(s, 0, cmd.PlayTreason("carthage_elephant", ("cirta",)))
    assert s.used_specials[0] == ["sedition", "treason"] and s.specials[0] == []
    play(s, 0, cmd.MovePiece("byzance_elephant", ("adrianopolis",)))
