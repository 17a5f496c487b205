"""Sampling (``sample_hidden``) around a commerce offer (III.2, R73): what each seat may imagine of
the offer's cards. The offering seat knows them; the receiver is told only how many, their total
value once the offer is made, and the commodity named, so its samples deal the cards anew within
those terms; a third seat knows only who offers to whom and how many cards were picked."""

from __future__ import annotations

import random
from collections import Counter

from engine.core import GameConfig, encode_state
from engine.games.republic_of_carthage.state import pile_of
from engine.games.republic_of_carthage.views import _below, sample_hidden, view
from engine.rng import Rng
from engine.session import Session

from .helpers import no_cards_promised, C, G, Dice, Frame, cmd, play, run, table

OFFER = ["clay", "gold", "salt"]  # 2 + 9 + 2 = 13 talents of single-card value, "gold" named


def market(first="clay", pile_one=("hides", "clay")):
    """Seat 0 holds gold, gold, salt and ``first`` (one card from pile 1, one from pile 3, two from
    pile 9) and offers gold, salt, ``first``; ``pile_one`` waits in pile 1, timber in pile 3: seat 1
    cannot tell the clay or the salt of the offer from a hides or a timber of the same value."""
    s = table()
    s.commerce = [["gold", "gold", "salt", first], ["iron", "wine", "oil"], ["dye"]]
    s.piles[0] = list(pile_one)
    s.piles[2] = ["timber"]
    run(s, Frame(kind="trading", nums=[1, 0]))
    play(s, 0, cmd.ChooseOption(option="offer:1"))
    for c in ("gold", "salt", first):
        play(s, 0, cmd.ChooseOption(option=c))
    play(s, 0, cmd.ChooseOption(option="done"))
    play(s, 0, cmd.ChooseOption(option="gold"))  # named: the receiver sees it in the pending step
    return s


def made(s, want=1, talents=0):
    play(s, 0, cmd.ChooseNumber(number=want))
    no_cards_promised(s, 0)
    for e in G.decide(s, 0, cmd.ChooseNumber(number=talents), Dice()):
        G.evolve(s, e.event)
    return s


def value(cards):
    return sum(C.set_value(c, 1) for c in cards)


def test_the_receiver_of_a_made_offer_does_not_sample_its_true_cards():
    """III.2, R73: the receiver of a made offer is told the number of cards, their total value and
    one commodity among them, not the cards: its samples hold other cards of the same terms, taken
    from the offering hand as redealt, never more from a pile than that hand holds from it, and
    show it exactly its real view."""
    s = made(market())
    assert s.offer.made and sorted(s.offer.cards) == OFFER
    real = view(s, 1)
    seen = Counter()
    for i in range(80):
        t = sample_hidden(G, s, 1, Rng(b"receiver", i))
        assert view(t, 1) == real
        cards = t.offer.cards
        assert len(cards) == 3 and value(cards) == 13 and "gold" in cards
        assert Counter(cards) <= Counter(t.commerce[0])
        assert Counter(pile_of(c) for c in t.commerce[0]) == Counter(pile_of(c) for c in s.commerce[0])
        assert (t.offer.named, t.offer.want, t.offer.talents) == ("gold", 1, 0)
        seen[tuple(sorted(cards))] += 1
    # gold + (clay | hides) + (salt | timber): all four fit; two golds (20 talents) never do
    assert set(seen) == {("clay", "gold", "salt"), ("clay", "gold", "timber"), ("gold", "hides", "salt"),
                         ("gold", "hides", "timber")}
    assert seen[tuple(OFFER)] < 80


def test_the_receiver_of_an_offer_named_but_not_made_knows_no_value_yet():
    """III.2, R73: while the offer is being made, its receiver sees the commodity named (the pending
    step's) and how many cards were picked, not their value: its samples keep three cards with the
    named one among them, of any value, and show it its real view."""
    s = market()
    assert not s.offer.made and s.flow[-1].kind == "offer_want" and s.flow[-1].count == 1
    real = view(s, 1)
    values, offers = Counter(), set()
    for i in range(80):
        t = sample_hidden(G, s, 1, Rng(b"named", i))
        assert view(t, 1) == real
        cards = t.offer.cards
        assert len(cards) == 3 and "gold" in cards and Counter(cards) <= Counter(t.commerce[0])
        values[value(cards)] += 1
        offers.add(tuple(sorted(cards)))
    assert 20 in values and 13 in values  # two golds fit too: the value is not told yet
    assert len(offers) > 2


def test_the_receivers_sample_depends_only_on_what_it_sees():
    """III.2, R73 (issue 15: the search reads only its seat's knowledge): two states the receiver
    cannot tell apart, whatever cards the offer truly holds, give the same sample for the same draw."""
    for s in (market(), made(market())):
        for i in range(20):
            other = sample_hidden(G, s, 1, Rng(b"another world", i))
            assert view(other, 1) == view(s, 1)
            a = sample_hidden(G, s, 1, Rng(b"draw", i))
            b = sample_hidden(G, other, 1, Rng(b"draw", i))
            assert encode_state(a) == encode_state(b)
    # another world: the offer truly holds hides, not clay; the receiver sees the same
    for here, there in ((market(), market("hides", ("clay", "clay"))),
                        (made(market()), made(market("hides", ("clay", "clay"))))):
        assert sorted(here.offer.cards) != sorted(there.offer.cards) and view(here, 1) == view(there, 1)
        for i in range(20):
            a = sample_hidden(G, here, 1, Rng(b"draw", i))
            b = sample_hidden(G, there, 1, Rng(b"draw", i))
            assert encode_state(a) == encode_state(b)


def test_the_receiver_samples_the_true_cards_when_nothing_else_fits():
    """III.2, R73: with no other card of the same value unseen, the terms leave one offer: the
    receiver's samples hold it (an exact draw, not a guess)."""
    s = table()
    s.commerce = [["gold", "gold", "salt", "clay"], ["iron", "wine", "oil"], ["dye"]]
    run(s, Frame(kind="trading", nums=[1, 0]))
    play(s, 0, cmd.ChooseOption(option="offer:1"))
    for c in ("gold", "salt", "clay"):
        play(s, 0, cmd.ChooseOption(option=c))
    play(s, 0, cmd.ChooseOption(option="done"))
    play(s, 0, cmd.ChooseOption(option="gold"))
    made(s)
    for i in range(10):
        t = sample_hidden(G, s, 1, Rng(b"only", i))
        assert sorted(t.offer.cards) == OFFER and view(t, 1) == view(s, 1)


def test_the_offering_seat_samples_keep_its_own_offer():
    """III.2, R73: the offering seat knows its offer and its hand: they stay as they are."""
    for s in (market(), made(market())):
        for i in range(20):
            t = sample_hidden(G, s, 0, Rng(b"offerer", i))
            assert t.offer.cards == s.offer.cards and t.commerce[0] == s.commerce[0]
            assert view(t, 0) == view(s, 0)


def test_a_third_seat_samples_the_offer_from_the_offering_hand_as_redealt():
    """III.2: a seat outside the offer knows only who offers to whom and how many cards were picked:
    its samples take that many cards from the offering hand as redealt, name one of them and show it
    its real view."""
    s = made(market())
    real = view(s, 2)
    named, offers = set(), set()
    for i in range(60):
        t = sample_hidden(G, s, 2, Rng(b"third", i))
        assert view(t, 2) == real
        assert len(t.offer.cards) == 3 and Counter(t.offer.cards) <= Counter(t.commerce[0])
        assert t.offer.named in t.offer.cards
        named.add(t.offer.named)
        offers.add(tuple(sorted(t.offer.cards)))
    assert len(named) > 1 and len(offers) > 1


def test_a_large_draw_is_uniform_over_its_whole_range():
    """The offer's weights may pass 64 bits: ``_below`` still draws in range, and above 2**64."""
    n = (1 << 70) + 3
    draws = [_below(Rng(b"big", i), n) for i in range(20)]
    assert all(0 <= d < n for d in draws) and any(d >= 1 << 64 for d in draws)
    assert [_below(Rng(b"small", i), 7) for i in range(5)] == [Rng(b"small", i).below(7) for i in range(5)]


def test_every_seat_samples_a_real_games_commerce_offers_within_its_view():
    """III.2, R73, in seeded games whose players often offer: at each step of a commerce offer, every
    seat's samples show it its real view, keep the offer's terms it knows (the receiver: count, the
    named commodity, the value once made) and depend on nothing else."""
    checked = {"named": 0, "made": 0}
    for seed in range(2):
        session, _ = Session.start(G, GameConfig(3), f"offers-{seed}".encode())
        pick = random.Random(seed)
        for step in range(600):
            s = session.state
            o = s.offer
            step_due = next((f for f in s.flow if f.kind in ("offer_talents", "offer_answer")), None)
            if o is not None and not o.hand and step_due is not None:
                receiver = o.to if o.made else step_due.count
                named = o.named if o.made else step_due.target
                checked["made" if o.made else "named"] += 1
                for seat in range(3):
                    other = sample_hidden(G, s, seat, Rng(b"world", step))
                    assert view(other, seat) == view(s, seat)
                    a, b = (sample_hidden(G, x, seat, Rng(b"draw", step)) for x in (s, other))
                    assert encode_state(a) == encode_state(b)
                    assert len(a.offer.cards) == len(o.cards) and Counter(a.offer.cards) <= Counter(a.commerce[o.seat])
                    if seat == receiver:
                        assert named in a.offer.cards
                        assert not o.made or value(a.offer.cards) == value(o.cards)
            if session.status().over:
                break
            seat = session.status().to_act[0]
            legal = session.legal(seat)
            offers = [c for c in legal if getattr(c, "option", "").startswith("offer:")]
            session.submit(seat, pick.choice(offers) if offers and pick.random() < 0.7 else pick.choice(legal))
    assert checked["named"] >= 2 and checked["made"] >= 2
