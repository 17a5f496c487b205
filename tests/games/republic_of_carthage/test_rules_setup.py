"""Préparation du jeu: the 18 steps of the set-up, played from the seed of the game."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core import GameConfig
from engine.session import Session

from .helpers import C, G, cmd, ev, opening, setup_events

PLAYERS = (3, 4, 5, 6)


def opening_events(players: int, seed: bytes = b"seed"):
    session, events = Session.start(G, GameConfig(players), seed)
    return session, events


@pytest.mark.parametrize("players", PLAYERS)
def test_step2_three_senators_of_deck_one_face_up_each(players):
    """Step 2: the deck I Senator cards are shuffled and three are dealt face up to each player."""
    session, events = opening_events(players)
    dealt = [e.event for e in events if isinstance(e.event, ev.SenatorEntered)]
    assert all(e.seat >= 0 and e.senator.isdigit() and C.FAMILIES[int(e.senator)].deck == "I" for e in dealt)
    assert Counter(e.seat for e in dealt) == {x: 3 for x in range(players)}
    assert all(e.seats is None for e in events if isinstance(e.event, ev.SenatorEntered))  # face up
    for x in session.state.senators.values():
        assert x.influence == C.FAMILIES[x.family].influence


@pytest.mark.parametrize("players", PLAYERS)
def test_step3_three_hand_cards_face_down_each(players):
    """Step 3: deck I's Intrigue, Statesman, Law and Concession cards are shuffled and three dealt face
    down to each player: the others see only how many."""
    session, events = opening_events(players)
    deals = [e for e in events if isinstance(e.event, ev.CardsDealt)]
    assert len(deals) == players
    for e in deals:
        assert e.seats == (e.event.seat,) and isinstance(e.redacted, ev.CardsDealtRedacted)
        assert e.redacted.count == 3
        assert all(C.card_kind(c) in ("intrigue", "statesman", "law", "concession") for c in e.event.cards)


def test_step3_concessions_and_statesmen_may_be_played_at_once():
    """Step 3: a concession or a statesman in the opening hand may be played now."""
    for seed in range(40):
        session, _ = opening_events(3, f"s{seed}".encode())
        seat = session.status().to_act[0]
        plays = [c for c in session.legal(seat) if isinstance(c, cmd.PlayCard)]
        if plays and session.state.flow[-1].kind == "setup_play":
            card = plays[0].card
            session.submit(seat, plays[0])
            assert card not in session.state.hands[seat]
            if C.card_kind(card) == "concession":
                assert session.state.concessions[card] == plays[0].senator
            else:
                assert card in session.state.senators
            return
    pytest.fail("no opening hand with a concession or statesman in 40 seeds")


@pytest.mark.parametrize("players", PLAYERS)
def test_steps4_and_5_tunisia_inactive_and_the_rest_of_deck_one_is_the_deck(players):
    """Step 4: Conquest of Tunisia goes Inactive in War Plans. Step 5: every other deck I card is
    shuffled into the draw deck."""
    session, _ = opening_events(players)
    s = session.state
    assert s.wars["conquest_of_tunisia"].status == "inactive"
    assert s.deck_name == "I"
    assert len(s.deck) == 64 - 3 * players - 3 * players - 1
    seen = Counter(s.deck) + Counter(c for h in s.hands for c in h) + Counter(x for x in s.senators)
    assert seen + Counter({"conquest_of_tunisia": 1}) == Counter(C.deck("I"))


@pytest.mark.parametrize("players", PLAYERS)
def test_steps6_and_7_a_merchant_and_a_faction_leader(players):
    """Step 6: each faction puts one merchant on a senator of its choice. Step 7: each names its
    Faction Leader."""
    s = opening(players).state
    for seat in range(players):
        own = [x for x in s.senators.values() if x.seat == seat]
        assert sum(x.merchants for x in own) == 1
        assert s.leaders[seat] in {x.id for x in own}


@pytest.mark.parametrize("players", PLAYERS)
def test_steps9_to_11_the_lowest_ids(players):
    """Step 9: the lowest ID is Temporary Suffète Général, with 5 Influence (R34). Steps 10-11: the
    next two govern the undeveloped Spanish Coast and Sardinia-Corsica."""
    events = [e.event for e in setup_events(players)]
    ids = sorted((int(e.senator) for e in events if isinstance(e, ev.SenatorEntered)))
    taken = [e for e in events if isinstance(e, ev.OfficeTaken) and e.office == "suffete_general"]
    assert [e.senator for e in taken] == [str(ids[0])]
    gain = [e for e in events if isinstance(e, ev.SenatorChanged) and e.reason == "temporary_suffete"]
    assert [(e.senator, e.influence) for e in gain] == [(str(ids[0]), 5)]
    governors = {e.province: e.senator for e in events if isinstance(e, ev.GovernorNamed)}
    assert governors == {"spanish_coast": str(ids[1]), "sardinia_corsica": str(ids[2])}
    created = [e for e in events if isinstance(e, ev.ProvinceChanged)]
    assert {e.province for e in created} == {"spanish_coast", "sardinia_corsica"}
    assert not any(e.developed for e in created)


def test_step10_the_holder_chooses_the_term_left():
    """Step 10 (note): the holder of each starting province chooses its remaining term, 1 to 3 turns."""
    session, _ = opening_events(4)
    while session.state.flow[-1].kind != "setup_term":
        seat = session.status().to_act[0]
        session.submit(seat, session.legal(seat)[0])
    frame = session.state.flow[-1]
    assert session.legal(frame.seat) == [cmd.ChooseNumber(number=n) for n in (1, 2, 3)]
    session.submit(frame.seat, cmd.ChooseNumber(number=2))
    assert session.state.provinces[frame.target].term == 2


@pytest.mark.parametrize("players", PLAYERS)
def test_step12_the_council_cards(players):
    """Step 12: the five Council cards are dealt at random, one per player (with six players, none to
    the Temporary Suffète's faction); each goes on a senator; the rest stay in the Port. Terms left:
    Censor 3, Harbour Captain and Master of the Agora 2, Treasurer and Public Buildings 1."""
    events = [e.event for e in setup_events(players)]
    seat_of = {e.senator: e.seat for e in events if isinstance(e, ev.SenatorEntered)}
    taken = [e for e in events if isinstance(e, ev.OfficeTaken) and e.office in C.SETUP.council_terms]
    assert len(taken) == min(players, 5) or len(taken) < min(players, 5)  # a faction with no free senator passes
    seats = [seat_of[e.senator] for e in taken]
    assert len(set(seats)) == len(seats)  # one per player
    suffete = next(e.senator for e in events if isinstance(e, ev.OfficeTaken) and e.office == "suffete_general")
    if players == 6:
        assert seat_of[suffete] not in seats
    for e in taken:
        assert e.term == C.SETUP.council_terms[e.office]
    assert {e.office: e.term for e in taken}.items() <= {"censor": 3, "harbour_captain": 2, "master_of_the_agora": 2,
                                                         "state_treasurer": 1, "public_buildings": 1}.items()


@pytest.mark.parametrize("players", PLAYERS)
def test_steps13_to_16_treasury_tax_and_forces(players):
    """Steps 13-16: Treasury 100 T, tax 10 %, 2 Legions in Active Forces, 2 Balearic Slingers, 4
    Celtiberians, 3 Campanians and all 25 squadrons in the Reserve."""
    events = [e.event for e in setup_events(players)]
    assert [(e.source, e.target, e.amount) for e in events if isinstance(e, ev.Transferred)] == [("bank", "state", 100)]
    assert [e.rate for e in events if isinstance(e, ev.TaxRateSet)] == [10]
    moved = {(e.unit, e.target): e.count for e in events if isinstance(e, ev.ForcesMoved)}
    assert moved == {("carthaginian_legion", "active"): 2, ("balearic_slinger", "reserve"): 2,
                     ("celtiberian", "reserve"): 4, ("campanian_swordsman", "reserve"): 3, ("squadron", "reserve"): 25}


@pytest.mark.parametrize("players", PLAYERS)
def test_step17_the_nine_piles_and_the_cards_set_aside(players):
    """Step 17: nine shuffled piles, from which 1, 1, 2, 4, 0, 3, 0, 2 and 3 cards are set aside at
    random: the piles then hold 14, 10, 15, 11, 13, 8, 9, 5 and 2 cards (gap notes II.C 11)."""
    events = [e.event for e in setup_events(players)]
    shuffled = {e.pile: len(e.cards) for e in events if isinstance(e, ev.PileShuffled)}
    assert [shuffled[p] for p in range(1, 10)] == [15, 11, 17, 15, 13, 11, 9, 7, 5]
    aside = Counter()
    for e in events:
        if isinstance(e, ev.CommerceAside):
            aside[e.pile] += len(e.cards)
            assert e.reason == "setup"
    assert [aside[p] for p in range(1, 10)] == [1, 1, 2, 4, 0, 3, 0, 2, 3]
    assert [shuffled[p] - aside[p] for p in range(1, 10)] == [14, 10, 15, 11, 13, 8, 9, 5, 2]


def test_step18_the_cup_holds_every_chit():
    """Step 18: the 31 Mortality chits go in the cup."""
    assert len(C.MORTALITY_CHITS) == 31


def test_the_set_up_is_a_function_of_the_seed():
    """DESIGN.md principle 2: the same seed deals the same game; another seed another one."""
    a = [e.event for e in opening_events(4, b"one")[1]]
    b = [e.event for e in opening_events(4, b"one")[1]]
    c = [e.event for e in opening_events(4, b"two")[1]]
    assert a == b and a != c


def test_the_first_turn_follows_the_set_up():
    """Déroulement du Jeu: the first turn begins with the Mortality phase, then Revenue."""
    session = opening(3)
    s = session.state
    # after Mortality, the players holding any-time cards may play them before Revenue (R130)
    waiting = s.phase == "mortality" and s.flow[-1].kind == "cards_window" and s.flow[-1].strs == ["any_time"]
    assert s.turn == 1 and (s.phase in ("revenue", "trade", "port") or waiting)
    assert [f.kind for f in s.flow].count("revenue") == (1 if s.phase == "mortality" else 0)
