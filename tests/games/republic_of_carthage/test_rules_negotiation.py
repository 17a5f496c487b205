"""III.2, Commerce: offers between two players as commands: binding once accepted, seen only by the
two of them until then (the others learn who offered to whom), hands never shown."""

from __future__ import annotations

from engine.games.republic_of_carthage.views import view

from .helpers import no_cards_promised, G, Dice, Frame, cmd, ev, legal, play, run, table, top


def market():
    s = table()
    s.commerce = [["gold", "gold", "salt", "clay"], ["iron", "wine", "oil"], ["dye"]]
    run(s, Frame(kind="trading", nums=[1, 0]))
    return s


def test_an_offer_holds_three_cards_at_least():
    """III.2: an offer holds at least three cards; a player with fewer cannot offer."""
    s = market()
    assert top(s).kind == "trade_turn" and top(s).seat == 0
    assert legal(s, 0) == [cmd.ChooseOption(option=x) for x in ("offer:1", "offer:2", "pass")]
    play(s, 0, cmd.ChooseOption(option="offer:1"))
    play(s, 0, cmd.ChooseOption(option="gold"))
    play(s, 0, cmd.ChooseOption(option="salt"))
    assert cmd.ChooseOption(option="done") not in legal(s, 0)
    play(s, 0, cmd.ChooseOption(option="clay"))
    assert cmd.ChooseOption(option="done") in legal(s, 0)


def make_offer(s, want=2, talents=0):
    play(s, 0, cmd.ChooseOption(option="offer:1"))
    for c in ("gold", "salt", "clay"):
        play(s, 0, cmd.ChooseOption(option=c))
    play(s, 0, cmd.ChooseOption(option="done"))
    play(s, 0, cmd.ChooseOption(option="gold"))          # the commodity named
    play(s, 0, cmd.ChooseNumber(number=want))            # cards asked in return
    no_cards_promised(s, 0)                              # no Intrigue/Event card (R136)
    return G.decide(s, 0, cmd.ChooseNumber(number=talents), Dice())  # talents (R112)


def test_the_offer_is_seen_by_the_two_seats_only_and_says_true():
    """III.2: the offer gives its number of cards, their total value and a commodity it holds, all
    true; only the two players see it (Negotiation: private until accepted); the hand is not shown."""
    s = market()
    emitted = make_offer(s)
    made = [e for e in emitted if isinstance(e.event, ev.OfferMade)][0]
    assert made.seats == (0, 1) and made.redacted == ev.OfferMadeRedacted(seat=0, to=1)
    assert (made.event.count, made.event.value, made.event.named, made.event.want) == (3, 9 + 2 + 2, "gold", 2)
    for e in emitted:
        G.evolve(s, e.event)
    v1, v2 = view(s, 1), view(s, 2)
    assert v1.offer.value == 13 and v1.offer.cards == ()       # the receiver sees the summary, not the cards
    assert v2.offer.seat == 0 and v2.offer.to == 1 and v2.offer.value == 0 and v2.offer.named == ""
    assert top(s).kind == "offer_answer" and top(s).seat == 1


def test_an_accepted_offer_binds():
    """III.2: accepted, the cards change hands: the receiver chooses the cards asked of him."""
    s = market()
    for e in make_offer(s):
        G.evolve(s, e.event)
    play(s, 1, cmd.ChooseOption(option="accept"))
    play(s, 1, cmd.ChooseOption(option="iron"))
    play(s, 1, cmd.ChooseOption(option="oil"))
    assert sorted(s.commerce[0]) == ["gold", "iron", "oil"]
    assert sorted(s.commerce[1]) == ["clay", "gold", "salt", "wine"]
    assert s.offer is None


def test_a_declined_offer_changes_nothing():
    s = market()
    for e in make_offer(s):
        G.evolve(s, e.event)
    play(s, 1, cmd.ChooseOption(option="decline"))
    assert sorted(s.commerce[0]) == ["clay", "gold", "gold", "salt"] and s.offer is None
    assert top(s).kind == "trade_turn" and top(s).seat == 1


def test_trading_goes_on_while_offers_are_made():
    """III.2 (R72): round after round from the SPHR while somebody offers, three rounds at most."""
    s = market()
    play(s, 0, cmd.ChooseOption(option="pass"))
    play(s, 1, cmd.ChooseOption(option="pass"))  # seat 2 holds one card: no turn
    assert not s.flow


def test_the_pending_steps_do_not_tell_the_others_the_terms_being_made():
    """III.2 (Negotiation: private until accepted): while the offerer is still choosing how many
    cards to ask, the pending step holds the commodity named; the Flow event that logs it and the
    views of everybody but the two parties show it blank, while the two see it."""
    s = market()
    play(s, 0, cmd.ChooseOption(option="offer:1"))
    for c in ("gold", "salt", "clay"):
        play(s, 0, cmd.ChooseOption(option=c))
    play(s, 0, cmd.ChooseOption(option="done"))
    emitted = G.decide(s, 0, cmd.ChooseOption(option="gold"), Dice())
    flow = [e for e in emitted if isinstance(e.event, ev.Flow)][-1]
    assert flow.event.frames[-1].kind == "offer_want" and flow.event.frames[-1].target == "gold"
    assert flow.seats == (0, 1)
    assert flow.redacted.frames[-1].kind == "offer_want" and flow.redacted.frames[-1].target == ""
    assert "gold" not in repr(flow.redacted)
    for e in emitted:
        G.evolve(s, e.event)
    assert view(s, 0).flow[-1].target == "gold" and view(s, 1).flow[-1].target == "gold"
    assert view(s, 2).flow[-1].target == "" and view(s, None).flow[-1].target == ""


def test_the_number_asked_in_return_stays_between_the_two_after_acceptance():
    """III.2: the receiver who accepted gives the cards asked; the others never learn how many were
    asked (the pending step's count of cards is blank for them)."""
    s = market()
    for e in make_offer(s, want=2):
        G.evolve(s, e.event)
    emitted = G.decide(s, 1, cmd.ChooseOption(option="accept"), Dice())
    flow = [e for e in emitted if isinstance(e.event, ev.Flow)][-1]
    give = [f for f in flow.event.frames if f.kind == "offer_give"][0]
    assert give.nums == [2] and flow.seats == (0, 1)
    assert [f.nums for f in flow.redacted.frames if f.kind == "offer_give"] == [[]]
    for e in emitted:
        G.evolve(s, e.event)
    assert [f.nums for f in view(s, 2).flow if f.kind == "offer_give"] == [[]]
    assert [f.nums for f in view(s, 1).flow if f.kind == "offer_give"] == [[2]]
