"""Elimination, victory and draws (Rome et Carthage "Fin de partie", "Dispositions particulières";
Méditerranée "Fin de la partie"; rulings R13, R15, R17)."""

from __future__ import annotations

import msgspec
import pytest

from engine.errors import ILLEGAL_MOVE, NOT_YOUR_TURN, GAME_OVER

from .helpers import G, attack, cmd, ev, fight, of, play, position, rejected

EDITIONS = ("original", "mediterranee")


def elimination_position(edition="original", partner_alive=True):
    """Seat 0 (Rome) is about to attack Carthage's (seat 3) last piece."""
    pieces = {"rome_elephant": "rome", "carthage_mercenary_1": "capua", "byzance_chariot": "byzance",
              "alexandrie_elephant": "alexandrie"}
    if not partner_alive:
        del pieces["byzance_chariot"]
    s = position(4, edition=edition, pieces=pieces, hands={0: ["6H", "8H"], 3: ["2S", "4S", "JS"]},
                 specials={3: ["sedition"]})
    if not partner_alive:
        s.eliminated = [1]
    return s


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_player_without_pieces_is_out_with_its_cards_and_special(edition):
    """Rome et Carthage "Fin de partie" / Méditerranée "Fin de la partie": a player with no piece left is
    out but the game goes on; "Dispositions particulières" (ruling R17): all its cards, its unused
    special card too, are lost to its team, unseen."""
    s = elimination_position(edition)
    attack(s, 0, "rome_elephant", ("capua",))
    out = fight(s, ["6H", "8H"], ["2S", "4S"])
    assert of(out, ev.PlayerEliminated) == [ev.PlayerEliminated(3, 1, ("sedition",))]
    assert not of(out, ev.GameEnded)
    assert 3 in s.eliminated and s.hands[3] == [] and s.specials[3] == [] and s.gone[3] == ["JS"]
    for viewer in (0, 1, 2, None):
        v = G.view(s, viewer)
        assert v.seats[3].eliminated and v.seats[3].hand_size == 0 and v.seats[3].specials == ()
        assert b'"JS"' not in msgspec.json.encode(v)


def test_an_eliminated_players_turns_are_skipped():
    """Rome et Carthage "Fin de partie": the player is excluded from play."""
    s = elimination_position()
    attack(s, 0, "rome_elephant", ("capua",))
    fight(s, ["6H", "8H"], ["2S", "4S"])
    seats = [s.active]
    for _ in range(4):
        play(s, s.active, cmd.EndTurn())
        seats.append(s.active)
    assert 3 not in seats and seats == [1, 2, 0, 1, 2]
    assert rejected(s, 3, cmd.EndTurn()) == NOT_YOUR_TURN


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_team_left_without_pieces_has_lost(edition):
    """Rome et Carthage "Fin de partie" 2 / Méditerranée "Fin de la partie" 2: a team wins when the other
    has no pieces left."""
    s = elimination_position(edition, partner_alive=False)
    attack(s, 0, "rome_elephant", ("capua",))
    out = fight(s, ["6H", "8H"], ["2S", "4S"])
    ended = of(out, ev.GameEnded)
    assert len(ended) == 1 and ended[0].winners == (0, 2) and ended[0].reason == "destroyed"
    assert ended[0].scores == (1, 0, 1, 0)  # pieces left per seat
    st = G.status(s)
    assert st.over and st.result.winners == (0, 2) and st.to_act == ()
    assert not of(out, ev.TurnStarted)
    assert rejected(s, 1, cmd.EndTurn()) == GAME_OVER


def capitals_position(edition="original", seditions=False):
    """Rome (seat 0) and Alexandrie (seat 2) hold Byzance and Carthage, the enemy's capitals; the
    enemy still has pieces elsewhere. Seat 0 is to end its turn."""
    pieces = {"rome_elephant": "byzance", "alexandrie_elephant": "carthage", "byzance_galley_1": "corcyra",
              "carthage_galley_1": "ebusus", "rome_mercenary_1": "rome", "alexandrie_mercenary_1": "alexandrie"}
    return position(4, edition=edition, pieces=pieces, specials={1: ["sedition"]} if seditions else None)


@pytest.mark.parametrize("edition", EDITIONS)
def test_r13_holding_both_enemy_capitals_for_a_full_round_wins(edition):
    """Rome et Carthage "Fin de partie" 1 / Méditerranée "Fin de la partie" 1 (ruling R13): a team that
    holds both enemy capitals through a full round, the enemy failing to free one, wins."""
    s = capitals_position(edition)
    out = play(s, 0, cmd.EndTurn())
    assert of(out, ev.ClockStarted) == [ev.ClockStarted(0, (1, 2, 3))]
    assert G.view(s, 1).clocks[0].running and G.view(s, 1).clocks[0].waiting == (1, 2, 3)
    out = play(s, 1, cmd.EndTurn())
    assert of(out, ev.ClockTicked) == [ev.ClockTicked(0, (2, 3))] and not of(out, ev.GameEnded)
    out = play(s, 2, cmd.EndTurn())
    assert of(out, ev.ClockTicked) == [ev.ClockTicked(0, (3,))] and not of(out, ev.GameEnded)
    out = play(s, 3, cmd.EndTurn())
    ended = of(out, ev.GameEnded)
    assert ended and ended[0].winners == (0, 2) and ended[0].reason == "capitals"
    assert G.status(s).over and not of(out, ev.TurnStarted)


@pytest.mark.parametrize("edition", EDITIONS)
def test_r13_freeing_a_capital_stops_the_clock(edition):
    """Rome et Carthage "Fin de partie" 1 (ruling R13): if the enemy frees one of its capitals during
    the round, the occupation does not win."""
    s = capitals_position(edition, seditions=True)
    play(s, 0, cmd.EndTurn())
    play(s, 1, cmd.PlaySedition("byzance"))
    out = play(s, 1, cmd.EndTurn())
    assert of(out, ev.ClockStopped) == [ev.ClockStopped(0)]
    assert not G.view(s, 2).clocks[0].running
    for seat in (2, 3, 0, 1):
        out = play(s, seat, cmd.EndTurn())
        assert not of(out, ev.GameEnded)


def test_r13_the_round_counts_living_players_only():
    """Ruling R13 (Rome et Carthage "Fin de partie"): the round is that of the players still in the
    game."""
    s = capitals_position()
    s.eliminated = [3]
    del s.where["carthage_galley_1"], s.at["ebusus"]
    out = play(s, 0, cmd.EndTurn())
    assert of(out, ev.ClockStarted) == [ev.ClockStarted(0, (1, 2))]
    play(s, 1, cmd.EndTurn())
    out = play(s, 2, cmd.EndTurn())
    assert of(out, ev.GameEnded)[0].reason == "capitals"


def test_r15_a_draw_offered_and_accepted_ends_the_game():
    """Rome et Carthage "Fin de partie" (a drawn game, ruling R15): a player offers a draw on its turn;
    a player of the other team may accept on its own turn."""
    s = capitals_position()
    s.at.pop("byzance"), s.at.pop("carthage")
    s.where.pop("rome_elephant"), s.where.pop("alexandrie_elephant")
    out = play(s, 0, cmd.OfferDraw())
    assert of(out, ev.DrawOffered) == [ev.DrawOffered(0, 0)]
    assert rejected(s, 0, cmd.OfferDraw()) == ILLEGAL_MOVE
    assert rejected(s, 0, cmd.AcceptDraw()) == ILLEGAL_MOVE   # not one's own offer
    assert rejected(s, 1, cmd.AcceptDraw()) == NOT_YOUR_TURN  # on one's own turn only
    play(s, 0, cmd.EndTurn())
    assert cmd.AcceptDraw() in G.legal(s, 1)
    out = play(s, 1, cmd.AcceptDraw())
    ended = of(out, ev.GameEnded)
    assert ended[0].winners == () and ended[0].reason == "draw agreed"
    assert G.status(s).over and G.status(s).result.winners == ()


def test_r15_the_partner_cannot_accept_and_the_offer_lapses():
    """Rome et Carthage "Fin de partie" (ruling R15): the offer is for the other team, and stands until
    the offering player's next turn."""
    s = capitals_position()
    s.at.pop("byzance"), s.at.pop("carthage")
    s.where.pop("rome_elephant"), s.where.pop("alexandrie_elephant")
    play(s, 0, cmd.OfferDraw())
    play(s, 0, cmd.EndTurn())
    play(s, 1, cmd.EndTurn())  # declined by playing on
    assert rejected(s, 2, cmd.AcceptDraw()) == ILLEGAL_MOVE
    play(s, 2, cmd.EndTurn())
    play(s, 3, cmd.EndTurn())
    assert s.draw_offer == -1 and G.view(s, 1).draw_offer == -1
    assert rejected(s, 0, cmd.AcceptDraw()) == ILLEGAL_MOVE


def test_r15_offer_lapses_when_its_player_begins_a_turn():
    """Rome et Carthage "Fin de partie" (ruling R15): the offer lapses as the offering player's next turn
    begins."""
    s = capitals_position()
    s.at.pop("byzance"), s.at.pop("carthage")
    s.where.pop("rome_elephant"), s.where.pop("alexandrie_elephant")
    play(s, 0, cmd.OfferDraw())
    for seat in (0, 1, 2):
        play(s, seat, cmd.EndTurn())
        assert s.draw_offer == 0
    out = play(s, 3, cmd.EndTurn())
    assert of(out, ev.DrawOfferLapsed) == [ev.DrawOfferLapsed(0)]
    started = [e for e in out if isinstance(e.event, (ev.DrawOfferLapsed, ev.TurnStarted))]
    assert isinstance(started[0].event, ev.DrawOfferLapsed) and started[1].event.seat == 0


def test_no_progress_rounds_end_the_game_drawn():
    """Rome et Carthage "Fin de partie" (the drawn game: nobody can force a combat), option
    no_progress_rounds (RULES.md "End of the game"): N full rounds without a combat or a capital
    changing hands end the game drawn."""
    pieces = {"rome_elephant": "rome", "byzance_elephant": "byzance", "alexandrie_elephant": "alexandrie",
              "carthage_elephant": "carthage"}
    s = position(4, pieces=pieces, quiet=10)
    for i in range(1, 10 * 4):  # ten rounds of four turns, the last one ends it
        out = play(s, s.active, cmd.EndTurn())
        assert of(out, ev.TurnEnded)[0].quiet == i and not of(out, ev.GameEnded)
    out = play(s, s.active, cmd.EndTurn())
    ended = of(out, ev.GameEnded)
    assert ended and ended[0].winners == () and ended[0].reason == "no progress"


def test_no_progress_count_restarts_after_a_combat():
    """Rome et Carthage "Fin de partie" with option no_progress_rounds: a combat is progress, the count
    starts again."""
    pieces = {"rome_elephant": "rome", "byzance_elephant": "capua", "byzance_chariot": "byzance",
              "alexandrie_elephant": "alexandrie", "carthage_elephant": "carthage"}
    s = position(4, pieces=pieces, quiet=10, hands={0: ["6H", "8H"], 1: ["4D", "5D"]})
    s.quiet = 37
    attack(s, 0, "rome_elephant", ("capua",))
    out = fight(s, ["6H", "8H"], ["4D", "5D"])
    assert of(out, ev.TurnEnded)[0].quiet == 0 and s.quiet == 0


def test_no_progress_off_by_default():
    """Rome et Carthage "Fin de partie" with option no_progress_rounds = 0 (the default): the game never
    ends for lack of progress."""
    pieces = {"rome_elephant": "rome", "byzance_elephant": "byzance", "alexandrie_elephant": "alexandrie",
              "carthage_elephant": "carthage"}
    s = position(4, pieces=pieces)
    for _ in range(25 * 4):
        out = play(s, s.active, cmd.EndTurn())
        assert not of(out, ev.GameEnded)


def test_r15_a_draw_offer_lapses_when_its_player_goes_out():
    """Ruling R15: an offer stands until its player's next turn; a player who is out has none, so its
    offer lapses with it (Rome et Carthage "Fin de partie")."""
    s = elimination_position()
    s.draw_offer, s.draw_offer_seat = s.seats[3].team, 3  # Carthage offered a draw on its last turn
    attack(s, 0, "rome_elephant", ("capua",))
    out = fight(s, ["6H", "8H"], ["2S", "4S"])
    assert of(out, ev.DrawOfferLapsed) == [ev.DrawOfferLapsed(s.seats[3].team)]
    assert s.draw_offer == -1 and cmd.AcceptDraw() not in G.legal(s, s.active)


def test_r12b_combats_left_when_the_active_player_goes_out_are_fought_in_declared_order():
    """Ruling R12b (Rome et Carthage "Combats": the attacker names the first of two combats; "Fin de
    partie": a player without pieces is out): once the player whose turn it is is out, nobody is
    asked to order the remaining combats; they are fought in the order they were declared."""
    pieces = {"rome_elephant": "rome", "byzance_mercenary_1": "capua", "byzance_elephant": "byzance",
              "carthage_mercenary_1": "hadrumetum", "carthage_mercenary_2": "cirta",
              "alexandrie_mercenary_1": "leptis_magna", "alexandrie_mercenary_2": "carthage",
              "alexandrie_elephant": "alexandrie", "carthage_elephant": "tingis"}
    s = position(4, pieces=pieces, specials={0: ["treason"]},
                 hands={0: ["2H", "3H"], 1: ["10D", "KD"], 2: ["4C", "6C"], 3: ["5S", "7S"]})
    play(s, 0, cmd.MovePiece("rome_elephant", ("capua",)))
    play(s, 0, cmd.PlayTreason("carthage_mercenary_1", ("leptis_magna",)))
    play(s, 0, cmd.MoveSecondMercenary("carthage_mercenary_2", "carthage"))
    play(s, 0, cmd.EndTurn())
    assert [p.city for p in s.pending] == ["capua", "leptis_magna", "carthage"] and s.combat is None
    assert G.status(s).to_act == (0,)  # with Rome in play, Rome orders them
    play(s, 0, cmd.ChooseCombat("capua"))
    out = fight(s, ["2H", "3H"], ["10D", "KD"])  # the elephant doubles its 3: 8 against 25
    assert of(out, ev.PlayerEliminated)[0].seat == 0
    started = of(out, ev.CombatStarted)
    assert [c.city for c in started] == ["leptis_magna"] and s.combat.city == "leptis_magna"
    assert 0 not in G.status(s).to_act
