"""What each seat may see (``view``) and a state it cannot tell from the real one (``sample_hidden``).

Hidden: the cards in a hand (the others see how many, and from which deck: the backs are marked I
and II), the commerce cards in a hand (the others see how many were drawn from each pile), the
order of the draw deck and of the commerce piles. Everything else is on the table: senators and
their markers and talents, the faction treasuries (R58), offices, provinces, wars, forces, the
cards set aside beside the piles (R59), and the pending decision (the ``flow`` stack).
"""

from __future__ import annotations

from collections import Counter

import msgspec

from engine.core import copy_state
from engine.rng import Rng

from . import components as C
from .events import Frame
from .flow import DESCRIBE, frame_for, waiting
from .state import OVER, State, pile_of


class SenatorView(msgspec.Struct, frozen=True):
    senator: str  # card id: a family number ("7") or a statesman ("2A")
    family: int  # the family number (1-25) of the senator or statesman
    seat: int          # -1: in the Port
    where: str  # carthage | province | war | exploration | captured | exiled | rebel
    face_up: bool  # false: a dead family card lying face down in the Port (I)
    leader: bool  # his faction's Faction Leader
    influence: int  # Influence markers on the card
    popularity: int  # Popularity markers (may be negative)
    talents: int  # personal talents on the card
    merchants: int  # merchants he controls (III.1)
    red: int  # red Responsibility markers: open to a minor trial (II.3, II.9)
    family_card: bool  # a statesman whose family card lies under him


class OfficeView(msgspec.Struct, frozen=True):
    office: str  # an office id of data/offices.json
    holder: str        # "" in the Port
    term: int  # turns left on its term track
    red: bool  # its term marker is red: the holder took corruption income (II.3)


class ProvinceView(msgspec.Struct, frozen=True):
    province: str  # a province id of data/provinces.json
    developed: bool  # shows its developed side
    governor: str      # "" in the Port
    term: int  # turns left on the governor's term
    red: bool  # the governor took personal income this turn (II.9)


class WarView(msgspec.Struct, frozen=True):
    war: str  # a war, revolt or exploration id of data/wars.json
    status: str  # inactive | active | unprosecuted | lost
    squadron_victory: bool  # the naval part of this war is won (VI.2)


class UnitsView(msgspec.Struct, frozen=True):
    unit: str  # an army type id of data/forces.json, or "squadron"
    place: str  # out | reserve | active | force:<n> | deserted:<war> | rebel | victor:<senator> (VII.3)
    count: int  # how many tokens of that type are there
    veterans: int  # how many of them are veterans


class ForceView(msgspec.Struct, frozen=True):
    force: int  # the force number (ForceView of the same number in units.place "force:<n>")
    war: str  # the war (or exploration) it was sent to
    commanders: tuple[str, ...]  # the senators commanding it, first the commander-in-chief
    squadrons: int  # squadrons with it
    caravans: int  # caravans with it (explorations)
    fleets: int  # fleets with it (explorations)


class NameValue(msgspec.Struct, frozen=True):
    name: str  # what is counted
    value: int  # its value (meaning given by the field holding it)


class SeatCards(msgspec.Struct, frozen=True):
    seat: int  # the seat whose cards are counted
    deck_one: int      # cards from deck I in the hand
    deck_two: int  # cards from deck II in the hand
    commerce: tuple[int, ...]  # commerce cards in hand drawn from each pile 1-9


class OfferView(msgspec.Struct, frozen=True):
    """A commerce offer (III.2): who offers to whom is public; the summary is seen by the two seats
    once made; the cards by the offering seat only."""

    seat: int  # the offering seat
    to: int  # the seat the offer is made to (-1 while not chosen)
    made: bool  # the offer is complete and waits for the answer
    cards: tuple[str, ...]   # the offering seat only
    count: int               # the two seats, once made
    value: int  # the cards' total face value (the two seats, once made)
    named: str  # the commodity the offer names (the two seats, once made)
    want: int  # talents asked in return (the two seats, once made)


class View(msgspec.Struct, frozen=True):
    seat: int                   # the viewer, -1 for a spectator
    turn: int  # turns started so far
    phase: str  # setup, mortality, revenue, trade, port, senate, combat, civil_war, over
    to_act: tuple[int, ...]  # the seats that must send a command now (several in a simultaneous step)
    prompt: str  # what the pending decision asks, in words
    flow: tuple[Frame, ...]  # the pending decisions, innermost last
    senators: tuple[SenatorView, ...]  # every senator and statesman in play, by family
    faction_treasury: tuple[int, ...]  # each seat's faction treasury in talents (public, R58)
    treasury: int  # the State treasury in talents
    tax_rate: int  # the tax rate in percent
    offices: tuple[OfficeView, ...]  # every office, by id
    provinces: tuple[ProvinceView, ...]  # every province in play, by id
    wars: tuple[WarView, ...]  # every war on the board, by id
    enemy_leaders: tuple[str, ...]  # enemy leaders in War Plans
    explorations: tuple[str, ...]  # exploration cards on the board
    units: tuple[UnitsView, ...]  # army and squadron tokens by type and place
    forces: tuple[ForceView, ...]  # forces sent to wars and expeditions
    hand: tuple[str, ...]       # the viewer's cards
    commerce: tuple[str, ...]   # the viewer's commerce cards
    seats: tuple[SeatCards, ...]  # per seat, how many cards of each deck and pile its hands hold
    deck: str  # the deck in use: "I" or "II" (IV.2a)
    deck_size: int  # cards left in the draw deck
    discard: tuple[str, ...]  # the discard pile, oldest first
    laws: tuple[str, ...]  # the laws in force
    concessions: tuple[NameValue, ...]  # value: -1 face down in the Port, 0 face up in the Port, else family
    concession_holders: tuple[str, ...]  # the holder of each concession of `concessions`, in the same order ("" in the Port)
    events: tuple[str, ...]     # random event cards in the Port this turn, "id:side"
    piles: tuple[int, ...]  # cards left in each commerce pile 1-9
    aside: tuple[str, ...]      # "reason:card" for each card set aside beside its pile
    counters: tuple[NameValue, ...]  # game counters by name (turn-scoped marks the rules keep)
    over: bool  # the game has ended
    winners: tuple[int, ...]  # the winning seats once over
    reason: str  # how the game ended (IX)
    scores: tuple[int, ...]  # each seat's influence at the end
    offer: OfferView | None = None  # a commerce offer being made or answered (III.2)
    committed: tuple[str, ...] = ()  # the viewer's secret choices not yet revealed ("card|senator")
    rebel_leaders: tuple[str, ...] = ()  # the rebel commanders of the rebellion in progress (VII.3), none if none
    rebels: tuple[str, ...] = ()  # every senator in rebellion, the leaders first (their armies: units.place "rebel")


def _deck_of(card: str) -> str:
    if card.isdigit():
        return C.FAMILIES[int(card)].deck
    if card in C.STATESMEN:
        return C.STATESMEN[card].deck
    if card in C.CARDS:
        return C.CARDS[card].deck
    for table in (C.WARS, C.LEADERS, C.EXPLORATIONS):
        if card in table:
            return table[card].deck
    return "I"


def view(s: State, seat: int | None) -> View:
    viewer = -1 if seat is None else seat
    top = s.flow[-1] if s.flow and s.phase != OVER else None
    senators = tuple(
        SenatorView(senator=x.id, family=x.family, seat=x.seat, where=x.where, face_up=x.face_up,
                    leader=x.seat >= 0 and s.leaders[x.seat] == x.id, influence=x.influence,
                    popularity=x.popularity, talents=x.talents, merchants=x.merchants, red=x.red,
                    family_card=x.family_card)
        for x in sorted(s.senators.values(), key=lambda x: (x.family, x.id)))
    units: Counter = Counter()
    vets: Counter = Counter()
    for a in s.armies:
        units[(a.type, a.place)] += 1
        vets[(a.type, a.place)] += a.veteran
    unit_views = [UnitsView(unit=t, place=p, count=n, veterans=vets[(t, p)]) for (t, p), n in sorted(units.items())]
    unit_views += [UnitsView(unit="squadron", place=p, count=n, veterans=0) for p, n in sorted(s.squadrons.items())]
    seats = []
    for x in range(s.players):
        decks = Counter(_deck_of(c) for c in s.hands[x])
        piles = Counter(pile_of(c) for c in s.commerce[x])
        seats.append(SeatCards(seat=x, deck_one=decks["I"], deck_two=decks["II"],
                               commerce=tuple(piles[p] for p in range(1, C.COMMERCE.piles + 1))))
    return View(
        seat=viewer, turn=s.turn, phase=s.phase,
        to_act=waiting(s),
        prompt=DESCRIBE.get(top.kind, top.kind) if top is not None else "",
        flow=tuple(frame_for(f, seat) for f in s.flow),
        senators=senators, faction_treasury=tuple(s.faction_treasury), treasury=s.treasury, tax_rate=s.tax_rate,
        offices=tuple(OfficeView(office=o, holder=h, term=s.terms.get(o, 0), red=o in s.red_terms)
                      for o, h in sorted(s.offices.items())),
        provinces=tuple(ProvinceView(province=p, developed=v.developed, governor=v.governor, term=v.term, red=v.red)
                        for p, v in sorted(s.provinces.items())),
        wars=tuple(WarView(war=w, status=v.status, squadron_victory=v.squadron_victory) for w, v in sorted(s.wars.items())),
        enemy_leaders=tuple(s.leaders_in_play), explorations=tuple(s.explorations),
        units=tuple(unit_views),
        forces=tuple(ForceView(force=f.id, war=f.war, commanders=tuple(f.commanders),
                               squadrons=s.squadrons.get(f"force:{f.id}", 0),
                               caravans=f.caravans, fleets=f.fleets) for f in s.forces),
        hand=tuple(sorted(s.hands[viewer])) if viewer >= 0 else (),
        commerce=tuple(sorted(s.commerce[viewer])) if viewer >= 0 else (),
        seats=tuple(seats), deck=s.deck_name, deck_size=len(s.deck), discard=tuple(s.discard), laws=tuple(s.laws),
        concessions=tuple(NameValue(name=c, value=-1 if h == "!" else 0) for c, h in sorted(s.concessions.items())),
        concession_holders=tuple(h for _, h in sorted(s.concessions.items())),
        events=tuple(f"{e}:{side}" for e, side in sorted(s.events_in_port.items())),
        piles=tuple(len(p) for p in s.piles),
        aside=tuple(f"{r}:{c}" for r, cards in sorted(s.aside.items()) for c in sorted(cards)),
        counters=tuple(NameValue(name=k, value=v) for k, v in sorted(s.counters.items())),
        offer=_offer_view(s, viewer),
        committed=tuple(s.committed[viewer]) if viewer >= 0 and s.committed else (),
        over=s.phase == OVER, winners=tuple(s.winners), reason=s.reason, scores=tuple(s.scores),
        rebel_leaders=tuple(s.rebel_leaders), rebels=tuple(s.rebels),
    )


def _offer_view(s: State, viewer: int) -> OfferView | None:
    o = s.offer
    if o is None:
        return None
    to = o.to
    if to < 0:  # still being made: the target is the pending frame's
        to = next((f.count for f in reversed(s.flow) if f.kind in ("offer_cards", "offer_name", "offer_want")), -1)
    mine = viewer == o.seat
    told = o.made and viewer in (o.seat, o.to)
    return OfferView(seat=o.seat, to=to, made=o.made, cards=tuple(sorted(o.cards)) if mine else (),
                     count=len(o.cards) if told else 0,
                     value=sum(C.set_value(c, 1) for c in o.cards) if told else 0,
                     named=o.named if told else "", want=o.want if told else 0)


def sample_hidden(game, s: State, seat: int | None, rng: Rng) -> State:
    """A state ``seat`` cannot tell from ``s``: the other hands and the deck redealt from the cards
    it has not seen (each hand keeps its count from each deck, and holds only cards that go to a
    hand); the other commerce hands and the piles redealt pile by pile."""
    t = copy_state(game, s)
    others = [x for x in range(t.players) if x != seat]
    for x in others:  # secret choices not yet revealed: as if the others had chosen nothing
        if t.committed:
            t.committed[x] = []
    hand_kinds = {"intrigue", "event", "law", "statesman", "concession"}
    for deck in ("I", "II"):
        pool = [c for x in others for c in t.hands[x] if _deck_of(c) == deck]
        in_deck = t.deck_name == deck
        if in_deck:
            pool += [c for c in t.deck if C.card_kind(c) in hand_kinds]
        pool = rng.shuffled(sorted(pool))
        for x in others:
            keep = [c for c in t.hands[x] if _deck_of(c) != deck]
            n = len(t.hands[x]) - len(keep)
            t.hands[x] = keep + pool[:n]
            del pool[:n]
        if in_deck:
            t.deck = rng.shuffled(sorted(pool + [c for c in t.deck if C.card_kind(c) not in hand_kinds]))
    # an offer's cards stay in the offering hand (they are named in the offer, R73)
    fixed = Counter(t.offer.cards) if t.offer is not None and t.offer.seat != seat else Counter()
    offerer = t.offer.seat if t.offer is not None else -1
    for pile in range(1, C.COMMERCE.piles + 1):
        held = {x: Counter(c for c in t.commerce[x] if pile_of(c) == pile) for x in others}
        if offerer in held:
            held[offerer] -= Counter({c: n for c, n in fixed.items() if pile_of(c) == pile})
        pool = list(t.piles[pile - 1]) + [c for x in others for c in held[x].elements()]
        pool = rng.shuffled(sorted(pool))
        for x in others:
            keep = [c for c in t.commerce[x] if pile_of(c) != pile]
            if x == offerer:
                keep += [c for c, n in fixed.items() if pile_of(c) == pile for _ in range(n)]
            n = len(t.commerce[x]) - len(keep)
            t.commerce[x] = keep + pool[:n]
            del pool[:n]
        t.piles[pile - 1] = pool
    return t
