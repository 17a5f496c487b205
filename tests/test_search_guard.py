"""The Republic of Carthage's guard prior (search/heuristics.py, ``prior=guard``): in constructed
Senate positions it prefers the commands of the common defence. These weights are search settings of
ours, not rules; the rules they read are cited where they are read."""

from __future__ import annotations

import random

import msgspec
import pytest

from engine import registry
from engine.core import GameConfig
from engine.games.republic_of_carthage import components as C
from engine.games.republic_of_carthage.events import Frame
from engine.games.republic_of_carthage.senate import commanders, land_units
from engine.games.republic_of_carthage.state import Army, WarState
from engine.session import Session
from search import heuristics as H

GAME = registry.get("republic-of-carthage")
LAND_WAR = "numidian_war"   # land 6, no fleet, no squadron support (data/wars.json)
SEA_WAR = "second_roman_republic_war"  # land 20, a fleet of 8: no force the Senate has can win it


def _senate(seed: bytes = b"guard"):
    """A four-player game played at random (seeded) to the presiding officer's other business (V.7),
    with a Suffète to command, copied, every war card on the board and none active."""
    session, _ = Session.start(GAME, GameConfig(4), seed)
    pick = random.Random(3)
    for _ in range(20000):
        s = session.state
        if s.flow and s.flow[-1].kind == "other_business" and commanders(s):
            break
        seat = session.status().to_act[0]
        session.submit(seat, pick.choice(session.legal(seat)))
    else:
        raise AssertionError("no other business with a commander in 20000 commands")
    s = msgspec.msgpack.decode(msgspec.msgpack.encode(session.state), type=type(session.state))
    s.wars = {w: WarState() for w in C.WARS}  # every war card on the board, none active
    s.leaders_in_play = []
    s.forces = []
    s.treasury = 300
    return s


def _liked(s, frame=None):
    seat = (frame or s.flow[-1]).seat
    if frame is not None:
        s.flow = [*s.flow, frame]
    legal = GAME.legal(s, seat)
    weights = H._republic_guard(s, seat, legal)
    if frame is not None:
        s.flow = s.flow[:-1]
    if weights is None:
        return None
    return {getattr(c, "option", getattr(c, "number", None)) for c, w in zip(legal, weights) if w > 1}


def _all_recruited(s) -> None:
    for a in s.armies:
        if a.place == "reserve":
            a.place = "active"


def test_with_a_war_standing_it_recruits_first_then_sends_the_force_to_the_war_it_can_win():
    # V.7: the Senate recruits (Levée), then prosecutes (Entreprendre des Guerres); IX.5: a fourth
    # Active war ends the game for all
    s = _senate()
    assert "recruit" not in (_liked(s) or set())  # no war: nothing to recruit for
    s.wars[LAND_WAR].status = "active"
    assert any(a.place == "reserve" for a in s.armies)
    assert _liked(s) == {"recruit"}
    _all_recruited(s)
    s.squadrons["active"] = 2  # so that the war at sea may be prosecuted too (R164)
    s.squadrons["reserve"] = 0
    s.wars[SEA_WAR].status = "active"
    assert H.guard_chance(s, LAND_WAR) >= H.GUARD_SEND > H.guard_chance(s, SEA_WAR)
    assert _liked(s) == {"prosecute"}
    seat = s.flow[-1].seat
    assert _liked(s, Frame(kind="business_item", seat=seat, target="prosecute", strs=[])) == {f"prosecute:{LAND_WAR}"}
    # and every army that may go, not "done" (Muster)
    muster = _liked(s, Frame(kind="muster", seat=seat, target=LAND_WAR, strs=[]))
    assert muster and "done" not in muster


def test_it_sends_no_force_that_would_only_die():
    # VI.2: a force beaten on the Combat table loses its armies, which nothing brings back to the Reserve
    s = _senate()
    s.wars[SEA_WAR].status = "active"
    _all_recruited(s)
    s.squadrons["active"], s.squadrons["reserve"] = 2, 0
    assert H.guard_chance(s, SEA_WAR) < H.GUARD_SEND
    liked = _liked(s) or set()
    assert "prosecute" not in liked
    seat = s.flow[-1].seat
    legal = GAME.legal(s, seat)
    weights = H._republic_guard(s, seat, legal)
    assert weights is not None and weights[[c.option for c in legal].index("prosecute")] < 1.0


def test_it_recruits_the_most_the_treasury_pays_for_and_still_pays_its_way():
    # V.7: recruits cost their price now and 2 T a turn (II.4-8); bankruptcy ends the game (IX.5)
    from engine.games.republic_of_carthage.senate import cost

    s = _senate()
    s.wars[LAND_WAR].status = "active"
    unit = next(u for u in H._recruitable(s) if u != "squadron")
    seat = s.flow[-1].seat
    for treasury, ineffective in ((300, 0), (90, 0), (150, 1)):
        s.treasury = treasury
        s.counters["ineffective_recruitment"] = ineffective  # doubles the price (Terminologie)
        afford = H._guard_affordable(s, unit)
        # the Treasury keeps its spare now (the next Revenue phase's corruption comes before its
        # income, II.3-4) and after that phase's costs, the recruits' upkeep included (II.4-8)
        assert treasury - afford * cost(s, unit) >= H.GUARD_KEPT
        assert H._treasury_next(s) - afford * (cost(s, unit) + 2) >= H.GUARD_KEPT
        assert treasury - (afford + 1) * cost(s, unit) < H.GUARD_KEPT or \
            H._treasury_next(s) - (afford + 1) * (cost(s, unit) + 2) < H.GUARD_KEPT
        chosen = _liked(s, Frame(kind="how_many", seat=seat, target=unit, count=8, strs=["recruit"]))
        assert chosen == {min(8, max(1, afford))}


def test_its_votes_peace_only_when_a_fourth_war_would_end_the_game():
    # V.7, Demande de paix: a peace makes the war Lost for good; IX.5: four Active or four Lost end it
    s = _senate()
    seat = s.flow[-1].seat
    tally = Frame(kind="tally", target=SEA_WAR, strs=["peace"], nums=[0, 0, 0, seat] + [0] * s.players)
    vote = Frame(kind="vote", seat=seat, count=1)
    s.flow = [*s.flow, tally]
    s.wars[SEA_WAR].status = "active"
    assert _liked(s, vote) == {"no"}
    wars = [w for w in sorted(C.WARS) if w != SEA_WAR][:3]
    for w in wars:
        s.wars[w].status = "unprosecuted"
    assert len(H._threats(s)) >= 4
    assert _liked(s, vote) == {"yes"}
    # and the peace asked for is the war least likely won, the strongest of those
    s.flow = s.flow[:-1]
    item = Frame(kind="business_item", seat=seat, target="peace", strs=[])
    assert _liked(s, item) == {f"peace:{max(H._threats(s), key=lambda w: H._strength(s, w))}"}
    s.flow = [*s.flow, tally]
    for w in wars:  # with three Lost already, a peace is the fourth Lost war: no
        s.wars[w].status = "lost"
    for w in [w for w in sorted(C.WARS) if s.wars[w].status == "inactive"][:3]:
        s.wars[w].status = "active"
    assert _liked(s, vote) == {"no"}


def test_it_buys_no_votes_and_votes_against_a_force_too_weak():
    s = _senate()
    seat = s.flow[-1].seat
    s.faction_treasury[seat] = 5
    s.flow = [*s.flow, Frame(kind="buy_votes", seat=seat, target="yes", count=3)]
    assert _liked(s) == {0}
    s.flow = s.flow[:-1]
    s.wars[LAND_WAR].status = "active"
    chief = commanders(s)[0]
    tally = Frame(kind="tally", target=LAND_WAR, strs=["prosecute", chief], nums=[0, 0, 0, seat] + [0] * s.players)
    s.flow = [*s.flow, tally]
    vote = Frame(kind="vote", seat=seat, count=1)
    assert H.proposed_chance(s, tally) < H.GUARD_SEND / 2  # a commander with no army (VI.2)
    assert _liked(s, vote) == {"no"}
    tally.strs = ["prosecute", chief] + ["carthaginian_legion"] * 12
    assert H.proposed_chance(s, tally) >= H.GUARD_SEND
    assert _liked(s, vote) == {"yes"}


def test_a_peace_may_break_two_related_wars_that_no_force_can_win_together():
    # VI.2: a war's strength doubles with one related Active war; V.7: a peace makes it Lost (IX.5
    # counts four); with two Sicilian wars at once neither is within reach, with one alone it is
    s = _senate()
    _all_recruited(s)
    s.armies = s.armies + [Army(type="carthaginian_legion", place="reserve", veteran=True) for _ in range(4)]
    s.squadrons["active"], s.squadrons["reserve"] = 20, 0
    first, third = "first_sicilian_war", "third_sicilian_war"
    assert C.WARS[first].group == C.WARS[third].group
    s.wars[first].status = s.wars[third].status = "unprosecuted"
    assert max(H.guard_chance(s, first), H.guard_chance(s, third)) < H.GUARD_SEND
    target = H._peace_target(s, H._threats(s))
    assert target in (first, third)
    s.wars[target].status = "lost"
    other = third if target == first else first
    assert H.guard_chance(s, other) < H.GUARD_UNLOCK <= H.guard_chance(s, other, reserve=True)  # once recruited
    s.wars[target].status = "unprosecuted"  # put back: the prior itself leaves the state as it found it
    before = msgspec.msgpack.encode(s)
    assert _liked(s) == {"peace"}
    assert msgspec.msgpack.encode(s) == before
    for w in ("pyrrhic_war", "morocco"):  # with two Lost already, no such peace
        s.wars[w].status = "lost"
    assert H._peace_target(s, H._threats(s)) == ""


def test_purse_votes_against_an_expedition_the_treasury_cannot_spare():
    # V.7, Envoyer une expédition: the State pays the caravans or fleets not home in Carthage at once
    # (R27, R172); IX.5: a Treasury that cannot pay the next Revenue phase (II.4-8) ends the game for all
    s = _senate()
    seat = s.flow[-1].seat
    exp = next(e for e, x in C.EXPLORATIONS.items() if x.caravans)
    s.caravans = 0
    tally = Frame(kind="tally", target=exp, strs=["expedition", "x"], nums=[40, 0, 0, seat] + [0] * s.players)
    vote = Frame(kind="vote", seat=seat, count=1)
    s.flow = [*s.flow, tally, vote]

    def liked():
        legal = GAME.legal(s, seat)
        weights = H._republic_purse(s, seat, legal)
        return None if weights is None else {c.option for c, w in zip(legal, weights) if w > 1}

    s.treasury = 300  # 300 + 100 in, minus the upkeep and wars, leaves plenty after 40 T
    assert H._treasury_next(s) - 40 >= H.GUARD_KEPT and liked() is None
    s.wars[LAND_WAR].status = "active"
    s.treasury = 0
    assert H._treasury_next(s) - 40 < H.GUARD_KEPT and liked() == {"no"}
    s.caravans = 40  # every caravan home: the expedition costs the State nothing (R172)
    assert H._expedition_price(s, exp, 40) == 0 and liked() is None
    # and the presiding officer, the Treasury short even for one caravan, proposes no expedition
    s.flow = s.flow[:-2]
    s.explorations = [*s.explorations, exp] if exp not in s.explorations else s.explorations
    options = [c.option for c in GAME.legal(s, seat)]
    assert "expedition" in options
    weights = H._republic_purse(s, seat, GAME.legal(s, seat))
    assert weights is None  # 76 T after the next Revenue phase: one may go
    for w in (SEA_WAR, next(w for w in sorted(C.WARS) if w not in (LAND_WAR, SEA_WAR))):
        s.wars[w].status = "lost"  # 25 T a turn each (II.7)
    assert H._treasury_next(s) - 1 < H.GUARD_KEPT
    weights = H._republic_purse(s, seat, GAME.legal(s, seat))
    assert weights is not None and weights[options.index("expedition")] < 1.0 and max(weights) == 1.0


def test_the_priors_are_named_in_bot_specs_and_combine():
    # the campaign's lines (search/README.md, "The Republic's guard") name them so
    from search.bot import check

    check("mcts:5:prior=guard+purse+brief")
    with pytest.raises(ValueError, match="priors"):
        check("mcts:5:prior=guard+purses")
    both = H.prior_of("republic-of-carthage", "guard+purse")
    assert both is not None and both is not H._republic_guard


def test_steady_sends_no_force_likely_to_die_and_no_fleet_without_an_army():
    # VI.2: a Defeat on the Combat table takes four armies or all of them, and nothing refills the
    # Reserve; a war at sea is won by the squadrons' roll and then the armies' (Guerres navales)
    s = _senate()
    seat = s.flow[-1].seat

    def liked_and_disliked(frames=()):
        s.flow = [*s.flow, *frames]
        legal = GAME.legal(s, seat)
        weights = H._republic_steady(s, seat, legal)
        s.flow = s.flow[:len(s.flow) - len(frames)]
        if weights is None:
            return None
        key = [getattr(c, "option", None) for c in legal]
        return {k for k, w in zip(key, weights) if w > 1}, {k for k, w in zip(key, weights) if w < 1}

    s.wars[SEA_WAR].status = "active"  # land 20, a fleet of 8: out of reach
    _all_recruited(s)
    s.squadrons["active"], s.squadrons["reserve"] = 2, 10
    assert H._guard_target(s, H._threats(s))[1] < H.STEADY_SEND
    assert liked_and_disliked() == (set(), {"prosecute"})
    recruit = Frame(kind="business_item", seat=seat, target="recruit", strs=[])
    got = liked_and_disliked([recruit])
    assert got is not None and got[1] == {"recruit:squadron"}
    # a winnable war on land: the force may go, and the vote on a weak force is no, on a strong one free
    s.wars[LAND_WAR].status = "active"
    assert H._guard_target(s, H._threats(s))[1] >= H.STEADY_SEND and liked_and_disliked() is None
    chief = commanders(s)[0]
    armies = [a.type for a in s.armies if a.place == "active" and a.type in land_units(s, LAND_WAR)]
    vote = Frame(kind="vote", seat=seat, count=1)
    weak = Frame(kind="tally", target=LAND_WAR, strs=["prosecute", chief, armies[0]], nums=[0, 0, 0, seat] + [0] * s.players)
    strong = Frame(kind="tally", target=LAND_WAR, strs=["prosecute", chief, *armies], nums=[0, 0, 0, seat] + [0] * s.players)
    assert H.proposed_chance(s, weak) < H.STEADY_SEND <= H.proposed_chance(s, strong)
    assert liked_and_disliked([weak, vote]) == ({"no"}, {"yes"})
    assert liked_and_disliked([strong, vote]) is None


def test_fleet_recruits_no_squadrons_for_a_war_at_sea_no_army_could_win():
    # VI.2, Guerres navales: a war at sea is won by the squadrons' roll and then the armies'; each
    # squadron costs 2 T a turn (II.6)
    s = _senate()
    seat = s.flow[-1].seat
    s.wars[SEA_WAR].status = "active"
    _all_recruited(s)  # no army left in the Reserve: a squadron is the only recruit
    s.squadrons["active"], s.squadrons["reserve"] = 2, 10
    assert H._guard_units(s, H._threats(s)) == {"squadron"} and not H._fleet_useful(s, H._threats(s))
    legal = GAME.legal(s, seat)
    weights = H._republic_fleet(s, seat, legal)
    options = [c.option for c in legal]
    assert weights is not None and weights[options.index("recruit")] < 1.0
    tally = Frame(kind="tally", target="squadron", strs=["recruit"], nums=[3, 0, 0, seat] + [0] * s.players)
    s.flow = [*s.flow, tally, Frame(kind="vote", seat=seat, count=1)]
    legal = GAME.legal(s, seat)
    weights = H._republic_fleet(s, seat, legal)
    assert weights is not None and {c.option for c, w in zip(legal, weights) if w > 1} == {"no"}
