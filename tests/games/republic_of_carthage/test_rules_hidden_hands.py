"""Card windows and hidden hands (R134; IV.2a: the hands are hidden, only their size and the deck of
each card's back are public).

For every kind of card window, two positions that differ only in what one seat holds (as many
cards, with the same backs: one of them playable there, the other not) must look the same to every
other seat and to a spectator: the same seats to act, step after step, and the same view. Each test
also checks that the holder really had a card to play in the first position, so that the two
positions do differ where it matters.
"""

from __future__ import annotations

import pytest

from engine.games.republic_of_carthage.cards import windows
from engine.games.republic_of_carthage.presiding import presiding_seat
from engine.rng import Rng

from .helpers import G, Dice, Frame, cmd, legal, no_trading, play, run, table, top

DONE = cmd.ChooseOption(option="done")
WINDOWS = ("cards_window", "initiative_cards", "civil_cards", "setup_play")
DUD = "public_outcry_I"  # deck I, never playable in any of these windows (it waits for a vote)
DUD_II = "public_outcry_II"


def trace(s, holder: int) -> tuple[list, set]:
    """Answer "done" to every window, in order, until the step is no longer a card window: returns
    what the other seats and a spectator saw at each step (who acts, what step, their views) and the
    cards the holder was offered."""
    others = [x for x in range(s.players) if x != holder] + [None]
    seen, offered = [], set()
    for n in range(60):
        if not s.flow or top(s).kind not in WINDOWS:
            break
        to_act = G.status(s).to_act
        seen.append((to_act, top(s).kind, [G.view(s, x) for x in others]))
        offered |= {c.card for c in legal(s, holder) if isinstance(c, cmd.PlayCard)}
        play(s, to_act[0], DONE, Rng(b"hidden-hands", n))
    else:
        raise AssertionError("the windows did not end")
    return seen, offered


def same_to_the_others(build, holder: int, card: str, dud: str = DUD) -> list:
    """Build the position twice, ``holder`` holding ``card`` or ``dud`` (same back); both traces must be
    equal for everybody else, and ``card`` must have been offered."""
    a, b = build(card), build(dud)
    assert len(a.hands[holder]) == len(b.hands[holder])
    seen_a, offered_a = trace(a, holder)
    seen_b, offered_b = trace(b, holder)
    assert card in offered_a and dud not in offered_b
    assert seen_a, "no window was opened"
    assert [x[:2] for x in seen_a] == [x[:2] for x in seen_b]  # the same seats asked, in the same order
    assert seen_a == seen_b  # and the same views
    return seen_a


def test_a_phase_boundary_round_asks_every_hand_alike():
    """IV.2a (R130, R134): the round of any-time windows at a phase boundary asks every player holding a
    card, whether he holds a Temple Treasure or a Public Outcry (not playable then); an empty hand
    (seat 2) is not asked."""
    def build(card):
        s = table()
        s.hands[1] = [card]
        s.hands[0] = ["ban_on_greek"]
        run(s, Frame(kind="any_time_round"))
        return s
    seen = same_to_the_others(build, 1, "temple_treasure")
    assert [x[0] for x in seen] == [(0,), (1,)]


def test_the_trade_window_asks_every_hand_alike():
    """III (R134): the window for trade cards after the offers asks every player with a card in hand,
    a Garamantian Caravan or a card of no use there."""
    def build(card):
        s = table()
        s.hands[1] = [card]
        s.hands[2] = [DUD]
        run(s, Frame(kind="trade"))
        no_trading_commerce(s)
        return s
    seen = same_to_the_others(build, 1, "garamantian_caravan")
    assert [x[0] for x in seen] == [(1,), (2,)]


def no_trading_commerce(s) -> None:
    """III.2: every player passes his turn to make a commerce offer (nobody here holds three cards)."""
    while s.flow and top(s).kind == "trade_turn":
        play(s, top(s).seat, cmd.ChooseOption(option="pass"))


def test_the_senate_window_asks_every_hand_alike():
    """V (R134): the window for laws before other business asks every player with a card in hand, a law
    (the Ban on Greek) or a card of no use there, clockwise from the presiding officer."""
    def build(card):
        s = table()
        s.hands[1] = [card]
        s.hands[0] = [DUD]
        run(s, *windows(s, presiding_seat(s), "senate"))
        return s
    seen = same_to_the_others(build, 1, "ban_on_greek")
    assert [x[0] for x in seen] == [(0,), (1,)]


@pytest.mark.parametrize("war,card,dud", [("first_sicilian_war", "favourable_winds", DUD),
                                          ("libyan_war", "sacred_band", DUD_II)])
def test_the_windows_before_a_battle_roll_ask_every_hand_alike(war, card, dud):
    """VI.2 (R133, R134): before a battle roll every player with a card in hand is asked, whether his
    card fits the roll (Favourable Winds at sea, the Sacred Band on land) or not."""
    from .test_rules_card_timing import _two_wars

    def build(c):
        s, libyan, sicilian = _two_wars()
        s.hands[1] = [c]
        s.hands[2] = [DUD_II]
        run(s, Frame(kind="battle", count=libyan if war == "libyan_war" else sicilian))
        return s
    seen = same_to_the_others(build, 1, card, dud)
    assert [x[0] for x in seen] == [(1,), (2,)]


def test_the_windows_before_an_appeal_ask_every_hand_alike():
    """V.5, the Appeal (R130, R134): before the roll every other player from the accused's left, then
    he, is asked if he holds a card, a Rumour of Treason or a card of no use then."""
    from .test_rules_trials import court

    def build(card):
        s = court()
        s.hands[0] = [card]
        s.hands[2] = [DUD]
        play(s, 1, cmd.ChooseOption(option="minor:8"))
        play(s, 1, cmd.ChooseSenator(senator="5"))
        while top(s).kind != "vote" or top(s).seat != 2:
            f = top(s)
            play(s, f.seat, cmd.ChooseOption(option="yes") if f.kind == "vote" else legal(s, f.seat)[0])
        play(s, 2, cmd.ChooseOption(option="appeal"))
        return s
    seen = same_to_the_others(build, 0, "rumour_of_treason_I")
    assert [x[0] for x in seen] == [(0,), (2,)]


def test_the_initiative_window_asks_every_hand_alike():
    """IV.2a (R130, R134): after his card or event, a player holding any card is asked whether he plays
    an any-time card, whether he holds one or not."""
    def build(card):
        s = table()
        s.deck, s.deck_name = ["garamantian_caravan"], "I"  # the initiative's card, to his hand
        s.hands[1] = [card]
        run(s, Frame(kind="initiative", nums=[1]), dice=Dice(3, 5))
        return s
    seen = same_to_the_others(build, 1, "temple_treasure")
    assert [x[:2] for x in seen] == [((1,), "initiative_cards")]


def test_an_empty_hand_is_not_asked_in_its_initiative():
    """R134: the hand's size is public, so an empty hand (after an initiative that brought no card) is
    not asked."""
    s = table()
    s.deck, s.deck_name = ["libyan_war"], "II"  # a war card goes to the board, not to the hand
    run(s, Frame(kind="initiative", nums=[1]), dice=Dice(3, 5))
    assert top(s).kind == "persuade"


def test_the_civil_war_secret_plays_ask_every_hand_alike():
    """VII.2 (R68, R134): every player with a card in hand is in the simultaneous step until he says
    done, whether he holds a concession he may play or a card he may not."""
    def build(card):
        s = table()
        s.hands[1] = [card]
        s.hands[0] = [DUD]
        run(s, Frame(kind="civil_war"))
        no_trading(s)
        return s
    seen = same_to_the_others(build, 1, "silver_mines")
    assert [x[0] for x in seen] == [(0, 1), (1,)]


def test_the_setup_plays_ask_every_hand_alike():
    """Préparation du jeu, step 3 (R134): each player is asked whether he plays a concession or a
    statesman at once, whether he holds one he may play (4A, of his own family 4) or not."""
    def build(card):
        s = table()
        s.phase = "setup"
        s.hands = [[DUD], [card], [DUD]]
        run(s, *[Frame(kind="setup_play", seat=x) for x in range(3)])
        return s
    seen = same_to_the_others(build, 1, "4A")
    assert [x[0] for x in seen] == [(0,), (1,), (2,)]
