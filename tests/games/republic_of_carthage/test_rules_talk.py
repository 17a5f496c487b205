"""Negotiation beyond the Trade phase's commerce offers: table talk (R110) and the cards traded in
the Civil War phase (VII.2: cards played, traded or discarded; R111). Talk binds nobody and never changes
whose turn it is; a card offer binds once accepted and only its two parties see its terms."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core import GameConfig, encode_state
from engine.errors import GAME_OVER, ILLEGAL_TARGET, MALFORMED_COMMAND
from engine.games.republic_of_carthage.notation import describe_command
from engine.games.republic_of_carthage.state import CardDebt
from engine.games.republic_of_carthage.views import CardDebtView, NameValue, sample_hidden, view
from engine.rng import Rng
from engine.session import Session

from .helpers import no_cards_promised, G, Dice, Frame, cmd, ev, legal, no_trading, of, play, rejected, run, table, top


# -- table talk (R110) ---------------------------------------------------------------------------
def civil_war_table():
    """The Civil War's trading, seat 0 to answer first: seats 1 and 2 are not to act."""
    s = table()
    s.hands[0] = ["assassin_I", "pentarchies"]
    s.hands[1] = ["blackmail_I", "court_of_104"]
    s.hands[2] = ["6A"]
    run(s, Frame(kind="civil_war"))
    return s


def test_a_seat_not_to_act_may_talk_to_the_table_and_nothing_else_changes():
    """R110 (III.2: the players negotiate): table talk is open to any seat at any time; a public
    message reaches everybody and leaves the pending step and whose turn it is as they were."""
    s = civil_war_table()
    assert G.status(s).to_act == (0,)
    before = encode_state(s)
    emitted = G.decide(s, 2, cmd.Say(to=-1, text="I will give my statesman to whoever backs me"), Dice())
    assert [e.event for e in emitted] == [ev.Said(seat=2, to=-1, text="I will give my statesman to whoever "
                                                                         "backs me")]
    assert emitted[0].seats is None                      # public
    for e in emitted:
        G.evolve(s, e.event)
    assert encode_state(s) == before and G.status(s).to_act == (0,)


def test_a_message_to_one_seat_is_read_by_the_two_only():
    """R110: a private message is a private event: the two seats read it, the others and spectators
    learn only that the one spoke to the other."""
    s = civil_war_table()
    emitted = G.decide(s, 1, cmd.Say(to=0, text="accept my cards and you have my vote"), Dice())
    assert len(emitted) == 1
    e = emitted[0]
    assert e.seats == (0, 1) and e.event.text == "accept my cards and you have my vote"
    assert e.redacted == ev.SaidRedacted(seat=1, to=0)
    assert e.for_seat(2) == ev.SaidRedacted(seat=1, to=0) and e.for_seat(None) == ev.SaidRedacted(seat=1, to=0)


def test_talk_during_a_secret_simultaneous_step_disturbs_nothing():
    """R110, VII.2: a seat already done with its secret plays may still talk; the step still waits
    for the same seats."""
    s = table()
    s.hands[0] = ["salt_pans"]
    s.hands[1] = ["6A"]                       # Malchus: family 6 is seat 1's
    run(s, Frame(kind="civil_war"))
    no_trading(s)
    play(s, 0, cmd.PlayCard(card="salt_pans", senator="2"))
    play(s, 0, cmd.ChooseOption(option="done"))
    assert top(s).kind == "civil_cards" and G.status(s).to_act == (1,)
    before = encode_state(s)
    for e in G.decide(s, 0, cmd.Say(to=1, text="play your statesman, Malchus is good"), Dice()):
        G.evolve(s, e.event)
    assert encode_state(s) == before


@pytest.mark.parametrize("to, text, code", [
    (0, "hello", ILLEGAL_TARGET),            # to oneself
    (3, "hello", ILLEGAL_TARGET),            # no seat 3 at a table of three
    (-2, "hello", ILLEGAL_TARGET),
    (1, "", MALFORMED_COMMAND),              # empty
    (1, "   ", MALFORMED_COMMAND),           # only spaces
    (1, "x" * 501, MALFORMED_COMMAND),       # too long
    (-1, "two\nlines", MALFORMED_COMMAND),   # a control character
    (-1, "bell\x07", MALFORMED_COMMAND),
])
def test_bad_talk_is_refused_and_changes_nothing(to, text, code):
    """R110: a message goes to another seat or the whole table and holds 1-500 printable characters
    on one line; anything else is refused with a precise code and changes nothing."""
    s = civil_war_table()
    before = encode_state(s)
    assert rejected(s, 0, cmd.Say(to=to, text=text)).code == code
    assert encode_state(s) == before


def test_the_longest_message_is_accepted():
    s = civil_war_table()
    assert G.decide(s, 1, cmd.Say(to=-1, text="é" * 500), Dice())[0].event.text == "é" * 500


def test_the_table_is_silent_once_the_game_is_over():
    """R110: talk is open until the game ends."""
    s = civil_war_table()
    G.evolve(s, ev.GameEnded(winners=(0,), reason="test", scores=(0, 0, 0)))
    assert rejected(s, 1, cmd.Say(to=-1, text="well played")).code == GAME_OVER


def test_talk_is_never_a_legal_command():
    """R110: free text cannot be listed: no step offers Say (so no random bot ever talks)."""
    s = civil_war_table()
    for seat in range(3):
        assert not any(isinstance(c, cmd.Say) for c in legal(s, seat))


def test_a_session_takes_talk_from_a_seat_not_to_act():
    """R110 through the engine's Session (the path the server takes): the seat need not be to act."""
    session, _ = Session.start(G, GameConfig(3), b"talk")
    waiting = session.status().to_act
    idle = next(x for x in range(3) if x not in waiting)
    session.submit(idle, cmd.Say(to=-1, text="greetings, senators"))
    assert session.status().to_act == waiting


def test_talk_reads_in_the_move_list():
    s = table()
    assert describe_command(s, 1, cmd.Say(to=2, text="deal?")) == "Blue to Green: \u201cdeal?\u201d"
    assert describe_command(s, 0, cmd.Say(to=-1, text="hi")) == "Red to the table: \u201chi\u201d"


# -- VII.2: trading cards (R111) -----------------------------------------------------------------
def test_trading_cards_comes_before_the_secret_plays():
    """VII.2 (cards are played, traded or discarded; a statesman is only played or traded in this
    phase): each player in turn from the SPHR may offer cards of his hand to another or pass; a
    player without cards has no turn; the secret plays follow."""
    s = table()
    s.hands[0] = ["salt_pans"]
    s.hands[2] = ["6A"]
    run(s, Frame(kind="civil_war"))
    assert top(s).kind == "card_trade_turn" and top(s).seat == 0
    assert legal(s, 0) == [cmd.ChooseOption(option=x) for x in ("offer:1", "offer:2", "pass")]
    play(s, 0, cmd.ChooseOption(option="pass"))
    assert top(s).seat == 2                                # seat 1 holds no card: no turn
    play(s, 2, cmd.ChooseOption(option="pass"))
    assert top(s).kind == "civil_cards"


def make_card_offer(s, cards=("assassin_I",), want=1, talents=0):
    play(s, 0, cmd.ChooseOption(option="offer:1"))
    for c in cards:
        play(s, 0, cmd.ChooseOption(option=c))
    play(s, 0, cmd.ChooseOption(option="done"))
    play(s, 0, cmd.ChooseNumber(number=want))
    return G.decide(s, 0, cmd.ChooseNumber(number=talents), Dice())  # talents (R112)


def test_a_card_offer_is_seen_by_its_two_parties_only():
    """VII.2, R111: the offer's cards are picked in secret (the others learn a card was picked),
    named to the receiver with the number of cards asked; the others learn who offers to whom."""
    s = civil_war_table()
    play(s, 0, cmd.ChooseOption(option="offer:1"))
    picked = G.decide(s, 0, cmd.ChooseOption(option="assassin_I"), Dice())
    assert picked[0].seats == (0,) and picked[0].redacted == ev.OfferPickedRedacted(seat=0)
    for e in picked:
        G.evolve(s, e.event)
    assert cmd.ChooseOption(option="assassin_I") not in legal(s, 0)      # not twice
    play(s, 0, cmd.ChooseOption(option="done"))
    assert legal(s, 0) == [cmd.ChooseNumber(number=n) for n in range(3)]  # 0 (a gift) to his 2 cards
    play(s, 0, cmd.ChooseNumber(number=1))
    emitted = G.decide(s, 0, cmd.ChooseNumber(number=0), Dice())         # no talents (R112)
    made = [e for e in emitted if isinstance(e.event, ev.CardOfferMade)][0]
    assert made.event == ev.CardOfferMade(seat=0, to=1, cards=("assassin_I",), want=1)
    assert made.seats == (0, 1) and made.redacted == ev.OfferMadeRedacted(seat=0, to=1)
    for e in emitted:
        G.evolve(s, e.event)
    v1, v2, spectator = view(s, 1), view(s, 2), view(s, None)
    assert v1.offer.hand and v1.offer.cards == ("assassin_I",) and v1.offer.want == 1 and v1.offer.count == 1
    for v in (v2, spectator):
        assert (v.offer.seat, v.offer.to, v.offer.cards, v.offer.want, v.offer.count) == (0, 1, (), 0, 0)
    assert "assassin_I" not in repr(v2) and "assassin_I" not in repr(spectator)
    assert top(s).kind == "card_offer_answer" and G.status(s).to_act == (1,)


def test_an_accepted_card_offer_binds_and_the_number_asked_stays_between_the_two():
    """VII.2, R111: accepted, the receiver gives the cards asked, of his choice, one at a time, and
    receives the offer's cards; each move is private to the two (the others see how many cards
    moved); the pending step holding how many are still due is blank for the others."""
    s = civil_war_table()
    for e in make_card_offer(s, cards=("assassin_I", "pentarchies"), want=1):
        G.evolve(s, e.event)
    emitted = G.decide(s, 1, cmd.ChooseOption(option="accept"), Dice())
    assert ev.OfferAnswered(seat=0, to=1, accepted=True) in [e.event for e in emitted]
    flow = [e for e in emitted if isinstance(e.event, ev.Flow)][-1]
    assert [f.nums for f in flow.event.frames if f.kind == "card_give"] == [[1]] and flow.seats == (0, 1)
    assert [f.nums for f in flow.redacted.frames if f.kind == "card_give"] == [[]]
    for e in emitted:
        G.evolve(s, e.event)
    assert legal(s, 1) == [cmd.ChooseOption(option=x) for x in ("blackmail_I", "court_of_104")]
    emitted = G.decide(s, 1, cmd.ChooseOption(option="court_of_104"), Dice())
    given = [e for e in emitted if isinstance(e.event, ev.CardsGiven)]
    assert [e.event for e in given] == [ev.CardsGiven(seat=1, to=0, cards=("court_of_104",)),
                                       ev.CardsGiven(seat=0, to=1, cards=("assassin_I", "pentarchies"))]
    assert [(e.seats, e.redacted) for e in given] == [
        ((0, 1), ev.CardsGivenRedacted(seat=1, to=0, count=1)),
        ((0, 1), ev.CardsGivenRedacted(seat=0, to=1, count=2))]
    for e in emitted:
        G.evolve(s, e.event)
    assert sorted(s.hands[0]) == ["court_of_104"]
    assert sorted(s.hands[1]) == ["assassin_I", "blackmail_I", "pentarchies"]
    assert s.offer is None and top(s).kind == "card_trade_turn" and top(s).seat == 1


def test_a_declined_card_offer_changes_nothing():
    s = civil_war_table()
    for e in make_card_offer(s):
        G.evolve(s, e.event)
    events = play(s, 1, cmd.ChooseOption(option="decline"))
    assert of(events, ev.OfferAnswered) == [ev.OfferAnswered(seat=0, to=1, accepted=False)]
    assert not of(events, ev.CardsGiven)
    assert sorted(s.hands[0]) == ["assassin_I", "pentarchies"] and sorted(s.hands[1]) == ["blackmail_I", "court_of_104"]
    assert s.offer is None and top(s).kind == "card_trade_turn" and top(s).seat == 1


def test_a_statesman_may_be_given_for_nothing():
    """VII.2 (Homme d'État: played or traded in the Civil War phase only), R111: an offer may ask
    nothing in return (a gift); the receiver may then play the statesman in the secret plays."""
    s = civil_war_table()
    play(s, 0, cmd.ChooseOption(option="pass"))
    play(s, 1, cmd.ChooseOption(option="pass"))
    play(s, 2, cmd.ChooseOption(option="offer:1"))
    play(s, 2, cmd.ChooseOption(option="6A"))
    play(s, 2, cmd.ChooseOption(option="done"))
    play(s, 2, cmd.ChooseNumber(number=0))
    play(s, 2, cmd.ChooseNumber(number=0))
    play(s, 1, cmd.ChooseOption(option="accept"))
    assert "6A" in s.hands[1] and s.hands[2] == []
    assert top(s).kind == "card_trading" or top(s).kind == "card_trade_turn"


def test_trading_cards_lasts_three_rounds_at_most():
    """R111 (as R72): another round follows while somebody offered, three rounds at most; a round
    with no offer ends the trading."""
    s = civil_war_table()
    rounds = 0
    while s.flow and top(s).kind == "card_trade_turn":
        seat = top(s).seat
        if seat == 0:
            rounds += 1
            for e in make_card_offer(s, cards=(s.hands[0][0],), want=0):
                G.evolve(s, e.event)
            play(s, 1, cmd.ChooseOption(option="decline"))
        else:
            play(s, seat, cmd.ChooseOption(option="pass"))
    assert rounds == 3 and not any(f.kind.startswith("card_") for f in s.flow)
    s = civil_war_table()
    no_trading(s)
    assert not any(f.kind.startswith("card_") for f in s.flow)


def test_the_hand_limit_still_applies_after_trading():
    """VII.2: more than five cards after a trade: the player discards down to five."""
    s = table()
    s.hands[0] = ["assassin_I", "blackmail_I", "court_of_104"]
    s.hands[1] = ["pentarchies", "ban_on_greek", "secret_escort_I"]
    run(s, Frame(kind="civil_war"))
    play(s, 0, cmd.ChooseOption(option="offer:1"))
    for c in ("assassin_I", "blackmail_I", "court_of_104"):
        play(s, 0, cmd.ChooseOption(option=c))
    play(s, 0, cmd.ChooseOption(option="done"))
    play(s, 0, cmd.ChooseNumber(number=0))
    play(s, 0, cmd.ChooseNumber(number=0))
    play(s, 1, cmd.ChooseOption(option="accept"))
    assert len(s.hands[1]) == 6
    no_trading(s)
    while top(s).kind != "hand_limit":
        seat = G.status(s).to_act[0]
        play(s, seat, cmd.ChooseOption(option="done"))
    assert top(s).seat == 1
    play(s, 1, cmd.ChooseOption(option="pentarchies"))
    assert len(s.hands[1]) == 5


def test_the_others_samples_do_not_keep_an_offers_terms():
    """R111, hidden information: a seat outside an offer cannot tell its cards nor the number asked,
    so its sampled states deal them anew; the receiver knows the cards, so they stay in the offering
    hand; every sample is consistent (the offer's cards are in the offering hand)."""
    s = table()
    s.hands[0] = ["assassin_I", "pentarchies", "ban_on_greek"]
    s.hands[1] = ["blackmail_I", "court_of_104"]
    s.hands[2] = ["secret_escort_I"]
    s.deck = ["public_outcry_I", "merchants_agent_I", "crowd_in_the_agora_I", "rumour_of_treason_I"]
    run(s, Frame(kind="civil_war"))
    for e in make_card_offer(s, cards=("assassin_I",), want=2):
        G.evolve(s, e.event)
    seen_cards, seen_want = Counter(), Counter()
    for i in range(40):
        t = sample_hidden(G, s, 2, Rng(b"x", i))
        assert len(t.offer.cards) == 1 and Counter(t.offer.cards) <= Counter(t.hands[0])
        assert 0 <= t.offer.want <= len(t.hands[1])
        seen_cards[t.offer.cards[0]] += 1
        seen_want[t.offer.want] += 1
        r = sample_hidden(G, s, 1, Rng(b"x", i))
        assert r.offer.cards == ["assassin_I"] and "assassin_I" in r.hands[0] and r.offer.want == 2
    assert len(seen_cards) > 1 and len(seen_want) > 1


# -- R112: talents in an offer --------------------------------------------------------------------
def commerce_market():
    s = table()
    s.commerce = [["gold", "gold", "salt", "clay"], ["iron", "wine", "oil"], ["dye"]]
    s.faction_treasury = [4, 3, 9]
    s.senators["2"].talents = 2      # seat 0: 4 + 2 = 6
    s.senators["5"].talents = 1      # seat 1: 3 + 1 = 4
    run(s, Frame(kind="trading", nums=[1, 0]))
    return s


def offer_three_for_gold(s, asked=1):
    """Seat 0 offers seat 1 its gold, salt and clay, naming gold, for ``asked`` cards in return
    (III.2's commerce offer, up to the card and talents steps)."""
    play(s, 0, cmd.ChooseOption(option="offer:1"))
    for c in ("gold", "salt", "clay"):
        play(s, 0, cmd.ChooseOption(option=c))
    play(s, 0, cmd.ChooseOption(option="done"))
    play(s, 0, cmd.ChooseOption(option="gold"))
    play(s, 0, cmd.ChooseNumber(number=asked))


def commerce_offer(s, talents):
    offer_three_for_gold(s)
    no_cards_promised(s, 0)
    return G.decide(s, 0, cmd.ChooseNumber(number=talents), Dice())


def test_an_offer_may_promise_or_ask_talents_within_what_each_holds():
    """III.2 (items other than commerce cards may be part of a trade, changing hands later), R112: the
    last step of an offer names talents promised (positive, up to what the offerer holds in his
    treasury and senators in Carthage) or asked (negative, up to what the receiver holds); its
    pending step keeps the commodity named and the cards asked from the others."""
    s = commerce_market()
    offer_three_for_gold(s)
    play(s, 0, cmd.ChooseOption(option="done"))  # no Intrigue/Event card (R136)
    emitted = G.decide(s, 0, cmd.ChooseNumber(number=0), Dice())
    flow = [e for e in emitted if isinstance(e.event, ev.Flow)][-1]
    assert flow.event.frames[-1].kind == "offer_talents" and flow.seats == (0, 1)
    assert (flow.redacted.frames[-1].target, flow.redacted.frames[-1].nums) == ("", [])
    for e in emitted:
        G.evolve(s, e.event)
    assert legal(s, 0) == [cmd.ChooseNumber(number=n) for n in range(-4, 7)]
    assert (view(s, 2).flow[-1].target, view(s, 2).flow[-1].nums) == ("", [])
    assert (view(s, 1).flow[-1].target, view(s, 1).flow[-1].nums) == ("gold", [1, 0])


def test_talents_in_an_offer_are_seen_by_the_two_only_until_accepted():
    """R112: the talents are among the offer's terms: private to the two seats."""
    s = commerce_market()
    emitted = commerce_offer(s, 5)
    made = [e for e in emitted if isinstance(e.event, ev.OfferMade)][0]
    assert made.event.talents == 5 and made.seats == (0, 1) and made.redacted == ev.OfferMadeRedacted(seat=0, to=1)
    for e in emitted:
        G.evolve(s, e.event)
    assert view(s, 1).offer.talents == 5 and view(s, 2).offer.talents == 0 and view(s, None).offer.talents == 0


@pytest.mark.parametrize("talents, debt", [(5, "0:1"), (-3, "1:0")])
def test_an_accepted_offers_talents_are_owed(talents, debt):
    """R112: accepted, the talents promised (or asked) are owed by the payer to the payee until the
    next Revenue phase; nothing moves now."""
    s = commerce_market()
    for e in commerce_offer(s, talents):
        G.evolve(s, e.event)
    events = play(s, 1, cmd.ChooseOption(option="accept"))
    assert ev.OfferAnswered(seat=0, to=1, accepted=True, talents=talents) in events
    assert s.promised == {debt: abs(talents)} and s.faction_treasury == [4, 3, 9]
    assert not of(events, ev.Transferred)


def test_a_declined_offer_owes_nothing():
    s = commerce_market()
    for e in commerce_offer(s, 5):
        G.evolve(s, e.event)
    play(s, 1, cmd.ChooseOption(option="decline"))
    assert not s.promised


def test_a_card_offer_may_carry_talents_too():
    """R111, R112: a Civil War offer may promise talents; accepted, they are owed like a trade's."""
    s = civil_war_table()
    s.faction_treasury = [10, 0, 0]
    for e in make_card_offer(s, cards=("assassin_I",), want=0, talents=7):
        G.evolve(s, e.event)
    assert s.offer.talents == 7 and view(s, 1).offer.talents == 7 and view(s, 2).offer.talents == 0
    play(s, 1, cmd.ChooseOption(option="accept"))
    assert s.promised == {"0:1": 7} and "assassin_I" in s.hands[1]


def test_talents_owed_are_paid_at_the_start_of_redistribution():
    """II.10 (talents go from one faction to another's treasury only in the Revenue phase), R112: the
    payer pays from his treasury, then his senators in Carthage in card order; what he cannot pay is
    lost; the debts go."""
    s = table()
    s.faction_treasury = [3, 0, 0]
    s.senators["1"].talents, s.senators["2"].talents, s.senators["3"].talents = 2, 4, 9
    s.senators["3"].where = "province"              # a governor's talents cannot be moved (II.10)
    s.promised = {"0:1": 20, "2:0": 1}
    events = run(s, Frame(kind="promises"))
    assert of(events, ev.Transferred) == [
        ev.Transferred(source="faction:0", target="faction:1", amount=3, reason="promise"),
        ev.Transferred(source="senator:1", target="faction:1", amount=2, reason="promise"),
        ev.Transferred(source="senator:2", target="faction:1", amount=4, reason="promise"),
    ]
    assert s.faction_treasury == [0, 9, 0] and s.senators["3"].talents == 9
    assert of(events, ev.PromisesSettled) and not s.promised  # seat 2 had nothing: his debt is lost


def test_the_others_samples_do_not_keep_the_talents_of_an_offer():
    """R112, hidden information: a seat outside the offer cannot tell its talents."""
    s = commerce_market()
    for e in commerce_offer(s, 5):
        G.evolve(s, e.event)
    seen = Counter(sample_hidden(G, s, 2, Rng(b"t", i)).offer.talents for i in range(30))
    assert len(seen) > 1 and all(-4 <= t <= 6 for t in seen)
    assert {sample_hidden(G, s, 1, Rng(b"t", i)).offer.talents for i in range(5)} == {5}


def test_the_revenue_phase_pays_what_is_owed_before_the_redistribution():
    """II.10, R112: the payment comes in the Revenue phase, before the secret redistribution, so the
    payee may move what he received."""
    s = table()
    s.faction_treasury = [5, 0, 0]
    s.promised = {"0:1": 3}
    events = run(s, Frame(kind="revenue_state"))
    assert ev.Transferred(source="faction:0", target="faction:1", amount=3, reason="promise") in events
    assert s.faction_treasury[:2] == [2, 3] and top(s).kind == "redistribute" and 1 in top(s).nums


def test_an_offer_between_two_penniless_factions_still_has_a_step_to_take():
    """R112: with no talents on either side the talents step offers 0 alone: a step never waits
    without a command for the seat to act."""
    s = table()
    s.commerce = [["gold", "salt", "clay"], ["iron"], []]
    run(s, Frame(kind="trading", nums=[1, 0]))
    offer_three_for_gold(s, asked=0)
    no_cards_promised(s, 0)
    assert top(s).kind == "offer_talents" and legal(s, 0) == [cmd.ChooseNumber(number=0)]


# -- R135: the talents owed stay between the two parties until paid ---------------------------------
def _seen_by_the_others(emitted, s) -> list:
    """What seat 2 and a spectator receive of ``emitted``, and their views once it is applied."""
    for e in emitted:
        G.evolve(s, e.event)
    return [[e.for_seat(x) for e in emitted] for x in (2, None)] + [view(s, 2), view(s, None)]


def _accepted_trade(talents):
    """III.2: seat 0's commerce offer to seat 1 with ``talents`` (R112), accepted, seat 1 giving his
    iron; what the others saw at each command."""
    s = commerce_market()
    for e in commerce_offer(s, talents):
        G.evolve(s, e.event)
    seen = [_seen_by_the_others(G.decide(s, 1, cmd.ChooseOption(option="accept"), Dice()), s)]
    seen.append(_seen_by_the_others(G.decide(s, 1, cmd.ChooseOption(option="iron"), Dice()), s))
    seen.append(str(rejected(s, 2, cmd.ChooseNumber(number=5))))  # a third seat's error
    assert s.offer is None and "iron" in s.commerce[0]  # the exchange is over
    return s, seen


@pytest.mark.parametrize("talents, debt", [(5, "0:1"), (-3, "1:0")])
def test_an_accepted_offers_talents_are_known_to_its_two_parties_only(talents, debt):
    """III.2, R112, R135: once the offer is accepted, how many talents are owed, and which way, is the
    two parties' business until paid: the third seat and spectators see the same answer, views and
    errors as for an offer with no talents; the two parties see the debt in their views."""
    s, seen = _accepted_trade(talents)
    _, none = _accepted_trade(0)
    assert seen == none
    assert s.promised == {debt: abs(talents)}
    for x in (0, 1):
        assert view(s, x).promised == (NameValue(name=debt, value=abs(talents)),)
    assert view(s, 2).promised == () and view(s, None).promised == ()
    assert not any(c.name.startswith("promised") for c in view(s, 2).counters)


def test_the_accepted_answer_goes_to_the_two_with_the_talents_and_to_the_others_without():
    """R135: accepted, the answer is private to the two seats whatever the offer held (so its being
    private tells nothing); a declined answer is public."""
    s = commerce_market()
    for e in commerce_offer(s, 5):
        G.evolve(s, e.event)
    emitted = [e for e in G.decide(s, 1, cmd.ChooseOption(option="accept"), Dice())
               if isinstance(e.event, ev.OfferAnswered)]
    assert [(e.seats, e.event.talents, e.redacted) for e in emitted] == [
        ((0, 1), 5, ev.OfferAnswered(seat=0, to=1, accepted=True))]
    s = commerce_market()
    for e in commerce_offer(s, 5):
        G.evolve(s, e.event)
    emitted = [e for e in G.decide(s, 1, cmd.ChooseOption(option="decline"), Dice())
               if isinstance(e.event, ev.OfferAnswered)]
    assert [(e.seats, e.event) for e in emitted] == [(None, ev.OfferAnswered(seat=0, to=1, accepted=False))]


def test_a_card_offers_talents_are_known_to_its_two_parties_only():
    """VII.2, R111, R112, R135: the same for an offer of cards in the Civil War phase."""
    def accept(talents):
        s = civil_war_table()
        s.faction_treasury = [10, 0, 0]
        for e in make_card_offer(s, cards=("assassin_I",), want=0, talents=talents):
            G.evolve(s, e.event)
        return s, _seen_by_the_others(G.decide(s, 1, cmd.ChooseOption(option="accept"), Dice()), s)
    s, seen = accept(7)
    assert seen == accept(0)[1] and view(s, 0).promised == view(s, 1).promised == (NameValue(name="0:1", value=7),)


def test_the_others_samples_hold_no_debt_of_other_seats():
    """R135: ``sample_hidden`` keeps a debt for its two parties only; a third seat's samples hold none."""
    s = table()
    s.promised = {"0:1": 4, "2:1": 2}
    assert sample_hidden(G, s, 0, Rng(b"d", 0)).promised == {"0:1": 4}
    assert sample_hidden(G, s, 1, Rng(b"d", 0)).promised == {"0:1": 4, "2:1": 2}
    assert sample_hidden(G, s, None, Rng(b"d", 0)).promised == {}


def test_a_payment_from_a_treasury_is_the_two_parties_secret_and_a_lost_debt_looks_like_no_debt():
    """II.10 (a faction treasury's talents are kept face down), R112, R135, R58: a debt paid from the
    payer's treasury into the payee's moves between two face-down stacks: the two receive the
    amount, every other seat and spectators only that a stack passed (``TransferredRedacted``); what
    a senator of the payer pays, off his face-up card, is seen by all. A debt the payer cannot pay at
    all is lost without a word to the others, since the step ends the same way, debt or none."""
    s = table()
    s.faction_treasury = [2, 0, 0]
    s.senators["1"].talents = 4
    s.promised = {"0:1": 3}
    emitted = [e for e in run_emitted(s, Frame(kind="promises"))]
    paid = [e for e in emitted if isinstance(e.event, ev.Transferred)]
    assert [(e.seats, e.event.source, e.event.amount) for e in paid] == [((0, 1), "faction:0", 2), (None, "senator:1", 1)]
    assert paid[0].for_seat(2) == ev.TransferredRedacted(source="faction:0", target="faction:1", reason="promise")
    assert paid[0].for_seat(None) == paid[0].for_seat(2) and paid[0].for_seat(1) == paid[0].event
    assert s.faction_treasury == [0, 3, 0] and s.hidden_flows == {"0:1": 2}

    def lost(promised):
        s = table()
        s.faction_treasury = [0, 0, 0]
        s.promised = promised
        out = run_emitted(s, Frame(kind="promises"))
        assert not s.promised
        return [e.for_seat(2) for e in out], view(s, 2)
    assert lost({"0:1": 6}) == lost({})


def run_emitted(s, *frames):
    """``run``, keeping the Emitted records (with their visibility)."""
    from engine.games.republic_of_carthage.flow import Ctx
    ctx = Ctx(s, Dice())
    ctx.s.flow = []
    ctx.then(*frames)
    ctx.run()
    out = ctx.finish()
    for e in out:
        G.evolve(s, e.event)
    s.flow = ctx.s.flow
    return out


# -- R136: Intrigue/Event cards in a commerce offer (III.2, Restrictions) ----------------------------
def card_market():
    """Seat 0 holds gold, salt, clay and in hand an Assassin (Intrigue), a Temple Treasure (Event) and
    the Pentarchies (a Law); seat 1 holds iron and, in hand, a Blackmail (Intrigue), a Court of the
    Hundred and Four (a Law) and Elephant Hunters (Event)."""
    s = table()
    s.commerce = [["gold", "salt", "clay"], ["iron"], ["dye"]]
    s.hands = [["assassin_I", "temple_treasure", "pentarchies"], ["blackmail_I", "court_of_104", "elephant_hunters"],
               ["6A"]]
    run(s, Frame(kind="trading", nums=[1, 0]))
    offer_three_for_gold(s)
    return s


def promise_cards(s, cards=("assassin_I",), asked=1):
    for c in cards:
        play(s, 0, cmd.ChooseOption(option=c))
    play(s, 0, cmd.ChooseOption(option="done"))
    play(s, 0, cmd.ChooseNumber(number=asked))
    return G.decide(s, 0, cmd.ChooseNumber(number=0), Dice())


def test_a_commerce_offer_may_promise_intrigue_and_event_cards_and_ask_some():
    """III.2, Restrictions (an exchange may involve Intrigue/Event cards, which change owner in the
    Civil War phase), R136: after the cards asked in return the offering player may add Intrigue and
    Event cards of his hand, one at a time (not a Law), then ask a number of the receiver's cards of
    his choice (0 up to his hand); the receiver is told them with the rest, the others are not."""
    s = card_market()
    assert top(s).kind == "offer_promise"
    assert legal(s, 0) == [cmd.ChooseOption(option=x) for x in ("assassin_I", "temple_treasure", "done")]
    play(s, 0, cmd.ChooseOption(option="assassin_I"))
    assert legal(s, 0) == [cmd.ChooseOption(option=x) for x in ("temple_treasure", "done")]
    assert view(s, 1).flow[-1].strs == ["assassin_I"] and view(s, 2).flow[-1].strs == []
    play(s, 0, cmd.ChooseOption(option="done"))
    assert legal(s, 0) == [cmd.ChooseNumber(number=n) for n in range(4)]
    play(s, 0, cmd.ChooseNumber(number=2))
    emitted = G.decide(s, 0, cmd.ChooseNumber(number=0), Dice())
    made = [e for e in emitted if isinstance(e.event, ev.OfferMade)][0]
    assert (made.event.cards_promised, made.event.cards_asked, made.seats) == (("assassin_I",), 2, (0, 1))
    assert made.redacted == ev.OfferMadeRedacted(seat=0, to=1)
    for e in emitted:
        G.evolve(s, e.event)
    assert (view(s, 1).offer.cards_promised, view(s, 1).offer.cards_asked) == (("assassin_I",), 2)
    assert (view(s, 2).offer.cards_promised, view(s, 2).offer.cards_asked) == ((), 0)


def test_a_player_with_no_card_in_hand_still_answers_the_step():
    """R136 with R134: the step of the offer's Intrigue/Event cards waits whatever the hand holds, so
    that its coming tells nobody what it holds; with none to promise, "done" is all it offers."""
    s = card_market()
    s.hands[0] = ["pentarchies"]
    assert top(s).kind == "offer_promise" and legal(s, 0) == [cmd.ChooseOption(option="done")]


def test_cards_promised_change_owner_only_at_the_start_of_the_civil_war_phase():
    """III.2 (the cards change owner in the Civil War phase), R136: accepted, nothing moves now; at the
    start of VII.2 the named card goes to the receiver, then the receiver gives the card of his choice
    asked, an Intrigue or an Event (not his Law), and the debts are gone."""
    s = card_market()
    for e in promise_cards(s):
        G.evolve(s, e.event)
    play(s, 1, cmd.ChooseOption(option="accept"))
    play(s, 1, cmd.ChooseOption(option="iron"))
    assert s.hands[0] == ["assassin_I", "temple_treasure", "pentarchies"] and len(s.card_debts) == 2
    s.flow = []
    run(s, Frame(kind="civil_war"))
    assert top(s).kind == "owed_card" and top(s).seat == 1 and s.hands[1] == ["blackmail_I", "court_of_104",
                                                                                "elephant_hunters"]
    assert legal(s, 1) == [cmd.ChooseOption(option=x) for x in ("blackmail_I", "elephant_hunters")]
    emitted = G.decide(s, 1, cmd.ChooseOption(option="elephant_hunters"), Dice())
    given = [e for e in emitted if isinstance(e.event, ev.CardsGiven)]
    assert [(e.event, e.seats, e.redacted) for e in given] == [
        (ev.CardsGiven(seat=1, to=0, cards=("elephant_hunters",)), (0, 1), ev.CardsGivenRedacted(seat=1, to=0, count=1)),
        (ev.CardsGiven(seat=0, to=1, cards=("assassin_I",)), (0, 1), ev.CardsGivenRedacted(seat=0, to=1, count=1))]
    for e in emitted:
        G.evolve(s, e.event)
    assert of([e.event for e in emitted], ev.CardDebtsSettled) and not s.card_debts
    assert "elephant_hunters" in s.hands[0] and "assassin_I" in s.hands[1]
    assert top(s).kind == "card_trade_turn"  # then the Civil War's trading (R111)


def test_a_card_owed_by_name_is_not_given_as_a_card_of_choice():
    """R136: a debtor who owes a card by name to one player and a card of his choice to another cannot
    pay the second with the first's card."""
    s = table()
    s.hands[0] = ["assassin_I", "temple_treasure"]
    s.card_debts = [CardDebt(debtor=0, creditor=1, cards=["assassin_I"]), CardDebt(debtor=0, creditor=2, count=1)]
    run(s, Frame(kind="civil_war"))
    assert top(s).kind == "owed_card" and legal(s, 0) == [cmd.ChooseOption(option="temple_treasure")]


def test_a_promised_card_no_longer_held_is_lost_and_so_are_cards_the_debtor_lacks():
    """R136 (as R112 for talents): a named card its promiser played meanwhile is lost to the receiver;
    a debtor holding fewer Intrigue/Event cards than he owes gives what he has."""
    s = card_market()
    for e in promise_cards(s, asked=3):
        G.evolve(s, e.event)
    play(s, 1, cmd.ChooseOption(option="accept"))
    play(s, 1, cmd.ChooseOption(option="iron"))
    s.hands[0].remove("assassin_I")  # played in the meantime
    s.flow = []
    run(s, Frame(kind="civil_war"))
    out = []
    for _ in range(2):
        out += play(s, 1, legal(s, 1)[0])
    assert s.hands[1] == ["court_of_104"] and top(s).kind != "owed_card"  # two given of the three asked
    assert not [e for e in of(out, ev.CardsGiven) if e.seat == 0] and not s.card_debts


def test_cards_owed_are_known_to_the_two_parties_only():
    """R135, R136: the acceptance looks the same to a third seat and spectators whether the offer held
    cards or not; the two parties' views show the debts; the creditor's samples keep the named card in
    the debtor's hand, a third seat's samples hold no debt of others."""
    def accept(cards, asked):
        s = card_market()
        for e in promise_cards(s, cards, asked):
            G.evolve(s, e.event)
        return s, _seen_by_the_others(G.decide(s, 1, cmd.ChooseOption(option="accept"), Dice()), s)
    s, seen = accept(("assassin_I", "temple_treasure"), 1)
    assert seen == accept((), 0)[1]
    debts = (CardDebtView(debtor=0, creditor=1, cards=("assassin_I", "temple_treasure"), count=0),
             CardDebtView(debtor=1, creditor=0, cards=(), count=1))
    assert view(s, 0).card_debts == view(s, 1).card_debts == debts and view(s, 2).card_debts == ()
    play(s, 1, cmd.ChooseOption(option="iron"))
    for i in range(10):
        t = sample_hidden(G, s, 1, Rng(b"owed", i))
        assert {"assassin_I", "temple_treasure"} <= set(t.hands[0]) and len(t.card_debts) == 2
        assert sample_hidden(G, s, 2, Rng(b"owed", i)).card_debts == []
