"""Who sees what (DESIGN.md principle 3; RULES.md "Who sees what")."""

import msgspec

from engine.core import GameConfig
from engine.games.roma import ROMA
from engine.games.roma.rules import CARDS, defence_of
from engine.games.roma.views import HIDDEN
from engine.rng import Rng
from engine.session import Session

from .helpers import cmd, play, position, side


def same_view_after_sampling(state, seat, tries=5):
    for i in range(tries):
        sampled = ROMA.sample_hidden(state, seat, Rng(b"sample", i))
        assert ROMA.view(sampled, seat) == ROMA.view(state, seat)
    return sampled


def test_a_view_shows_your_hand_and_only_the_size_of_the_other():
    """Roma "Prendre une ou des carte(s)": cards in hand are the holder's secret."""
    s = position(hands=(["legat", "nero"], ["forum"]))
    mine, theirs, spectator = ROMA.view(s, 0), ROMA.view(s, 1), ROMA.view(s, None)
    assert mine.hand == ("legat", "nero") and theirs.hand == ("forum",) and spectator.hand == ()
    assert mine.hand_sizes == theirs.hand_sizes == spectator.hand_sizes == (2, 1)
    assert spectator.seat == -1 and "legat" not in msgspec.json.encode(spectator).decode()


def test_cards_being_looked_at_are_seen_by_the_taker_only():
    """Roma "Prendre une ou des carte(s)": only the taker looks at the cards."""
    s = position(dice=[3, 1, 1], deck=["nero", "legat", "forum", "turris"])
    play(s, 0, cmd.TakeCards(3))
    assert ROMA.view(s, 0).pending.cards == ("nero", "legat", "forum")
    for seat in (1, None):
        v = ROMA.view(s, seat)
        assert v.pending.kind == "keep" and v.pending.cards == () and v.pending.card_count == 3
    same_view_after_sampling(s, 1)
    same_view_after_sampling(s, 0)


def test_the_deck_searched_with_haruspex_is_seen_by_its_owner_only():
    """Roma "Haruspex": the activating player looks through the deck."""
    s = position(first=side(d1="haruspex"), dice=[1, 1, 2], deck=["nero", "legat", "forum"])
    play(s, 0, cmd.ActivateCard(1))
    assert ROMA.view(s, 0).pending.cards == ("forum", "legat", "nero")
    assert ROMA.view(s, 1).pending.cards == () and ROMA.view(s, 1).pending.card_count == 3
    sampled = same_view_after_sampling(s, 0)
    assert sorted(sampled.deck) == sorted(s.deck)


def test_sample_hidden_reshuffles_what_the_seat_cannot_see_and_keeps_sizes():
    """DESIGN.md "The engine": sample_hidden gives a state the seat cannot tell from the real one."""
    s = position(hands=(["legat"], ["nero", "forum", "turris"]), deck=["onager", "templum", "basilica", "machina"])
    pool = sorted(s.hands[1] + s.deck)
    changed = False
    for i in range(20):
        t = ROMA.sample_hidden(s, 0, Rng(b"x", i))
        assert ROMA.view(t, 0) == ROMA.view(s, 0)
        assert t.hands[0] == ["legat"] and len(t.hands[1]) == 3 and len(t.deck) == 4
        assert sorted(t.hands[1] + t.deck) == pool
        changed |= t.hands[1] != s.hands[1]
    assert changed
    assert s.hands[1] == ["nero", "forum", "turris"]  # the real state is untouched


def test_views_during_the_pass_and_the_face_down_placement():
    """Roma "PREPARATION DU JEU": passed cards and face-down cards stay hidden until their time."""
    s, _ = Session.start(ROMA, GameConfig(players=2), seed=b"views")
    for seat in (0, 1, 0):
        s.submit(seat, ROMA.legal(s.state, seat)[0])
        for viewer in (0, 1, None):
            same_view_after_sampling(s.state, viewer)
    s.submit(1, ROMA.legal(s.state, 1)[0])
    s.submit(0, ROMA.legal(s.state, 0)[0])
    assert HIDDEN in ROMA.view(s.state, 1).sides[0].cards
    assert ROMA.view(s.state, 1).sides[0].defences == (-1,) * 6
    for seat in (0, 1, None):
        same_view_after_sampling(s.state, seat)


def test_a_side_shows_each_cards_defence_with_two_turres_and_the_essedum():
    """Roma "Turris" (each other Turris of its owner adds to a card's defence, never to its own) and
    "Essedum" (the opponent's defences lowered while it is in force): a view's side gives every card's
    defence as combat would compute it, disc by disc (rules.defence_of), -1 on an empty disc."""
    s = position(first=side(d1="legionarius"), second=side(d1="legat", d3="turris", d6="turris"))
    s.essedum = 2
    for seat in (0, 1):
        got = ROMA.view(s, seat).sides[1].defences
        want = tuple(defence_of(s, 1, d) if s.discs[1][d - 1] else -1 for d in range(1, 7))
        assert got == want
    turris = CARDS["turris"]
    assert got[2] == turris.defence + turris.amount - 2  # one other Turris, the Essedum
    assert got[0] == CARDS["legat"].defence + 2 * turris.amount - 2
    assert got[1] == -1
