"""Set-up: deal, secret pass, face-down placement, reveal (Roma "PREPARATION DU JEU")."""

from engine.core import GameConfig
from engine.errors import ILLEGAL_TARGET, NOT_YOUR_TURN
from engine.games.roma import ROMA
from engine.games.roma.views import HIDDEN
from engine.session import Session

from .helpers import ScriptedRng, cmd, ev, kinds, play, rejected


def start(seed=b"setup"):
    return Session.start(ROMA, GameConfig(players=2), seed=seed)


def test_each_player_gets_10_vp_the_supply_16_and_4_cards():
    """Roma "PREPARATION DU JEU": 10 VP each, the rest (16 of 36) in the supply, 4 cards each."""
    s, opening = start()
    assert s.state.vp == [10, 10] and s.state.supply == 16 and s.state.money == [0, 0]
    assert [len(h) for h in s.state.hands] == [4, 4]
    assert len(s.state.deck) == 52 - 8
    assert kinds(opening) == ["DeckShuffled", "CardsDealt", "CardsDealt"]


def test_deal_is_private_to_the_receiver_and_the_deck_order_to_nobody():
    """Roma "PREPARATION DU JEU": cards are dealt into hands; DESIGN.md principle 3."""
    _, opening = start()
    shuffle, deal0, deal1 = opening
    assert shuffle.seats == () and shuffle.for_seat(0) == ev.DeckShuffledRedacted(52)
    assert deal0.for_seat(0).cards == deal0.event.cards
    assert deal0.for_seat(1) == ev.CardsDealtRedacted(0, 4) and deal0.for_seat(None) == ev.CardsDealtRedacted(0, 4)
    assert deal1.for_seat(1) is deal1.event


def test_secret_pass_both_seats_act_and_neither_sees_the_other_choice():
    """Roma "PREPARATION DU JEU": each gives 2 of the 4 cards, hidden, to the other player."""
    s, _ = start()
    assert s.status().to_act == (0, 1)
    hand0, hand1 = list(s.state.hands[0]), list(s.state.hands[1])
    first = s.submit(1, cmd.PassCard(hand1[0]))
    assert kinds(first) == ["CardPassed"] and first[0].for_seat(0) == ev.CardPassedRedacted(1)
    s.submit(1, cmd.PassCard(hand1[1]))
    assert s.status().to_act == (0,)
    assert ROMA.view(s.state, 0).passed_count == (0, 2) and ROMA.view(s.state, 0).passing == ()
    assert ROMA.view(s.state, 1).passing == tuple(hand1[:2])
    s.submit(0, cmd.PassCard(hand0[2]))
    second = s.submit(0, cmd.PassCard(hand0[3]))
    exchange = second[-1]
    assert exchange.event == ev.CardsExchanged(tuple(hand0[2:]), tuple(hand1[:2]))
    assert exchange.seats == (0, 1) and exchange.for_seat(None) == ev.CardsExchangedRedacted()
    assert sorted(s.state.hands[0]) == sorted(hand0[:2] + hand1[:2])
    assert sorted(s.state.hands[1]) == sorted(hand1[2:] + hand0[2:])
    assert s.status().to_act == (0,) and s.state.phase == "place"


def test_pass_cards_of_your_hand_two_and_no_more():
    """Roma "PREPARATION DU JEU": two of one's own four cards."""
    s, _ = start()
    hand = list(s.state.hands[0])
    other = next(c for c in ("nero", "sicarius", "mercator", "templum") if c not in hand)
    assert rejected(s.state, 0, cmd.PassCard(other)) == ILLEGAL_TARGET
    s.submit(0, cmd.PassCard(hand[0]))
    assert cmd.PassCard(hand[0]) not in ROMA.legal(s.state, 0) or hand.count(hand[0]) > 1
    s.submit(0, cmd.PassCard(s.state.hands[0][0]))
    assert s.state.phase == "pass" and len(s.state.hands[0]) == 2
    assert rejected(s.state, 0, cmd.PassCard(s.state.hands[0][0])) == NOT_YOUR_TURN


def _after_pass():
    s, _ = start(b"place")
    for seat in (0, 1, 0, 1):
        s.submit(seat, ROMA.legal(s.state, seat)[0])
    return s


def test_first_player_lays_four_cards_face_down_then_the_second():
    """Roma "PREPARATION DU JEU": the first player lays 4 cards face down, one per chosen disc,
    then the second player; a disc never holds more than one card."""
    s = _after_pass()
    assert s.status().to_act == (0,)
    hand = list(s.state.hands[0])
    for disc, card in zip((1, 3, 5, 6), hand):
        emitted = s.submit(0, cmd.LayCard(card, disc))
        assert emitted[0].for_seat(1) == ev.CardPlacedFaceDownRedacted(0, disc)
        if disc != 6:
            assert rejected(s.state, 0, cmd.LayCard(s.state.hands[0][0], disc)) == ILLEGAL_TARGET
    assert ROMA.view(s.state, 1).sides[0].cards == (HIDDEN, "", HIDDEN, "", HIDDEN, HIDDEN)
    assert ROMA.view(s.state, None).sides[0].cards == (HIDDEN, "", HIDDEN, "", HIDDEN, HIDDEN)
    assert ROMA.view(s.state, 0).sides[0].cards[0] == hand[0]
    assert s.status().to_act == (1,)


def test_reveal_then_first_player_pays_two_vp_on_the_first_turn():
    """Roma "PREPARATION DU JEU" (cards turned up, first player begins) and Roma "Phase 1"
    (the first player pays 2 VP on the first turn: only 4 discs are occupied)."""
    s = _after_pass()
    for seat in (0, 1):
        for disc in (1, 2, 3, 4):
            last = s.submit(seat, cmd.LayCard(s.state.hands[seat][0], disc))
    assert kinds(last)[:4] == ["CardPlacedFaceDown", "CardsRevealed", "TurnStarted", "VictoryPointsPaid"]
    revealed = last[1].event
    assert revealed.first[:4] == tuple(s.state.discs[0][:4]) and revealed.second[4:] == ("", "")
    assert s.state.vp == [8, 10] and s.state.supply == 18
    assert s.state.phase == "turn" and s.state.active == 0 and len(s.state.dice) == 3
    assert ROMA.view(s.state, 1).sides[0].cards == tuple(s.state.discs[0])


def test_setup_placement_is_free_and_leaves_the_hand_empty():
    """Roma "PREPARATION DU JEU": the four cards are laid without paying."""
    s = _after_pass()
    for seat in (0, 1):
        for disc in (2, 3, 4, 5):
            play(s.state, seat, cmd.LayCard(s.state.hands[seat][0], disc), ScriptedRng(dice=[1, 2, 3]))
    assert s.state.hands == [[], []] and s.state.money == [0, 0]
