"""What each seat may see (``view``) and a state it cannot tell from the real one (``sample_hidden``).

Hidden: the cards in a hand (the others see how many, and from which deck: the backs are marked I
and II), the commerce cards in a hand (the others see how many were drawn from each pile), the
order of the draw deck and of the commerce piles, the amount in another faction's treasury (R58: its
face-down stack is seen, ``treasury_held``). Everything else is on the table: senators and
their markers and talents, offices, provinces, wars, forces, the
cards set aside beside the piles (R59), and the pending decision (the ``flow`` stack).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from math import comb

import msgspec

from engine.core import copy_state
from engine.rng import Rng

from . import components as C
from .events import Frame
from .flow import DESCRIBE, frame_for, waiting
from .negotiation import money
from .state import OVER, State, pile_of, treasury_shown


class SenatorView(msgspec.Struct, frozen=True):
    senator: str  # card id: a family number ("7") or a statesman ("2A")
    family: int  # the family number (1-25) of the senator or statesman
    seat: int          # -1: in the Port
    where: str  # carthage | port (in no faction) | province | war | exploration | captured | exiled | rebel
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
    loyal: tuple[str, ...] = ()  # the senator each veteran is loyal to (VI.2 Loyalty tokens, public), sorted


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
    """An offer being made or answered: commerce cards (III.2) or, with ``hand``, cards of the hand
    in the Civil War phase (VII.2, R111). Who offers to whom is public; the terms are seen by the two
    seats once made; the cards of a commerce offer by the offering seat only, those of a card offer
    by the receiver too once made."""

    seat: int  # the offering seat
    to: int  # the seat the offer is made to (-1 while not chosen)
    made: bool  # the offer is complete and waits for the answer
    cards: tuple[str, ...]   # the cards offered: the offering seat; for a card offer (hand) the receiver too once made
    count: int               # cards offered: the two seats, once made
    value: int  # a commerce offer's total face value in talents (the two seats, once made); 0 for a card offer
    named: str  # the commodity a commerce offer names (the two seats, once made); "" for a card offer
    want: int  # cards of the receiver's choice asked in return (the two seats, once made)
    hand: bool = False  # true: cards of the hand offered in the Civil War phase (VII.2); false: commerce cards (III.2)
    talents: int = 0  # R112: >0 talents the offering seat promises, <0 talents it asks (the two seats, once made)
    cards_promised: tuple[str, ...] = ()  # R136: Intrigue/Event cards of the offering hand promised (the two seats, once made)
    cards_asked: int = 0  # R136: Intrigue/Event cards of the receiver's choice asked (the two seats, once made)


class CardDebtView(msgspec.Struct, frozen=True):
    """R136: cards an accepted commerce offer left owed, handed over at the start of the next Civil
    War phase; seen by the debtor and the creditor only."""

    debtor: int  # the seat that owes them
    creditor: int  # the seat they are owed to
    cards: tuple[str, ...]  # named cards of the debtor's hand owed
    count: int  # Intrigue/Event cards of the debtor's choice owed


class View(msgspec.Struct, frozen=True):
    seat: int                   # the viewer, -1 for a spectator
    turn: int  # turns started so far
    phase: str  # setup, mortality, revenue, trade, port, senate, combat, civil_war, over
    to_act: tuple[int, ...]  # the seats that must send a command now (several in a simultaneous step)
    prompt: str  # what the pending decision asks, in words
    flow: tuple[Frame, ...]  # the pending decisions, innermost last
    senators: tuple[SenatorView, ...]  # every senator and statesman in play, by family
    faction_treasury: tuple[int, ...]  # each seat's faction treasury in talents: the viewer's own only, -1 for the others' (hidden, R58)
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
    card_debts: tuple[CardDebtView, ...] = ()  # R136: cards owed by accepted commerce offers that the viewer owes or is owed (the two seats only)
    treasury_held: tuple[bool, ...] = ()  # per seat, its faction treasury holds talents: the face-down stack is seen by all (II.10, R58)
    caravans: int = 0  # caravans home in Carthage, to be used again (VI.1, R172)
    fleets: int = 0  # trade fleets home in Carthage, to be used again (VI.1, R172)
    promised: tuple[NameValue, ...] = ()  # R112, R135: talents owed by accepted offers that the viewer pays or receives, name "payer:payee" (the two seats only, until paid in II.10)


@lru_cache(maxsize=None)
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
    units: dict[tuple[str, str], list] = {}  # (type, place) -> [count, veterans, their loyalties]
    for a in s.armies:
        n = units.get((a.type, a.place))
        if n is None:
            n = units[(a.type, a.place)] = [0, 0, []]
        n[0] += 1
        if a.veteran:
            n[1] += 1
            n[2].append(a.loyal)
    unit_views = [UnitsView(unit=t, place=p, count=n, veterans=v, loyal=tuple(sorted(loyal)))
                  for (t, p), (n, v, loyal) in sorted(units.items())]
    unit_views += [UnitsView(unit="squadron", place=p, count=n, veterans=0) for p, n in sorted(s.squadrons.items())]
    seats = []
    for x in range(s.players):
        decks = Counter(map(_deck_of, s.hands[x]))
        piles = Counter(map(pile_of, s.commerce[x]))
        seats.append(SeatCards(seat=x, deck_one=decks["I"], deck_two=decks["II"],
                               commerce=tuple(piles[p] for p in range(1, C.COMMERCE.piles + 1))))
    return View(
        seat=viewer, turn=s.turn, phase=s.phase,
        to_act=waiting(s),
        prompt=DESCRIBE.get(top.kind, top.kind) if top is not None else "",
        flow=tuple(frame_for(f, seat) for f in s.flow),
        senators=senators, treasury=s.treasury, tax_rate=s.tax_rate,
        faction_treasury=tuple(n if x == viewer else -1 for x, n in enumerate(s.faction_treasury)),  # R58
        treasury_held=tuple(n > 0 for n in s.faction_treasury),
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
        rebel_leaders=tuple(s.rebel_leaders), rebels=tuple(s.rebels), caravans=s.caravans, fleets=s.fleets,
        promised=tuple(NameValue(name=k, value=v) for k, v in sorted(s.promised.items()) if _party(k, viewer)),
        card_debts=tuple(CardDebtView(debtor=d.debtor, creditor=d.creditor, cards=tuple(d.cards), count=d.count)
                         for d in s.card_debts if viewer in (d.debtor, d.creditor)),
    )


def _party(debt: str, viewer: int) -> bool:
    """R135: a debt of talents ("payer:payee") is seen by its two seats only."""
    return viewer >= 0 and str(viewer) in debt.split(":")


def _offer_view(s: State, viewer: int) -> OfferView | None:
    o = s.offer
    if o is None:
        return None
    to = o.to
    if to < 0:  # still being made: the target is the pending frame's
        to = next((f.count for f in reversed(s.flow) if f.kind in BUILDING), -1)
    mine = viewer == o.seat
    told = o.made and viewer in (o.seat, o.to)
    shown = mine or (o.hand and told)  # a card offer names its cards to the receiver (R111)
    return OfferView(seat=o.seat, to=to, made=o.made, cards=tuple(sorted(o.cards)) if shown else (),
                     count=len(o.cards) if told else 0,
                     value=sum(C.set_value(c, 1) for c in o.cards) if told and not o.hand else 0,
                     named=o.named if told else "", want=o.want if told else 0, hand=o.hand,
                     talents=o.talents if told else 0, cards_promised=tuple(o.cards_promised) if told else (),
                     cards_asked=o.cards_asked if told else 0)


BUILDING = ("offer_cards", "offer_name", "offer_want", "offer_promise", "offer_promise_want", "card_offer_cards",
            "card_offer_want", "offer_talents")
NAMED = ("offer_want", "offer_promise", "offer_promise_want", "offer_talents")
"""The steps of a commerce offer after its commodity is named (``target``), told to its receiver."""
"""The steps of an offer being built: their ``count`` is the seat it is for."""


def sample_hidden(game, s: State, seat: int | None, rng: Rng) -> State:
    """A state ``seat`` cannot tell from ``s``: the other hands and the deck redealt from the cards
    it has not seen (each hand keeps its count from each deck, and holds only cards that go to a
    hand); the other commerce hands and the piles redealt pile by pile. An offer's cards stay in the
    offering hand for the seats that know them: the offering seat, and the receiver of a card offer
    (R111). The receiver of a commerce offer knows only its terms (III.2, R73: how many cards, their
    total value once made, the commodity named), so its cards are dealt anew within those terms
    (``_commerce_offer``); for the other seats the offer's terms are dealt anew too (how many cards
    it holds is public: each pick is announced). The talents owed by accepted offers are kept for their
    two parties only; the others' samples hold no debt between other seats (R135). Another faction's
    treasury is what the seat can tell of it (R58, ``state.treasury_shown``: the moves between two
    other treasuries taken out), and only the secret moves the seat was party to are kept."""
    t = copy_state(game, s)
    others = [x for x in range(t.players) if x != seat]
    viewer = -1 if seat is None else seat  # R58: the others' treasuries as far as the seat can tell
    t.faction_treasury = [n if x == viewer else treasury_shown(s, viewer, x) for x, n in enumerate(s.faction_treasury)]
    t.hidden_flows = {k: v for k, v in s.hidden_flows.items() if str(viewer) in k.split(":")}
    t.promised = {k: v for k, v in t.promised.items() if _party(k, -1 if seat is None else seat)}  # R135
    known = _known_cards(t, seat)  # R136
    t.card_debts = [d for d in t.card_debts if seat in (d.debtor, d.creditor)]
    for f in t.flow:  # R136: how many cards a third seat owes, unknown: one up to his hand
        if f.kind == "owed_card" and seat not in (f.seat, f.count) and f.nums and f.nums[0] > 0:
            f.nums[0] = 1 + rng.below(len(t.hands[f.seat])) if t.hands[f.seat] else 0
    for x in others:  # secret choices not yet revealed: as if the others had chosen nothing
        if t.committed:
            t.committed[x] = []
    o = t.offer
    knows = o is not None and (seat == o.seat or (o.made and seat == o.to)  # the receiver is told once made,
                               or not o.hand and any(f.kind in NAMED and f.count == seat
                                                     for f in t.flow))  # or a commodity is named to him
    offerer = o.seat if o is not None and knows and o.seat != seat else -1  # another's offer, known
    fixed = Counter(o.cards) if offerer >= 0 and o.hand else Counter()  # a card offer's cards (R111)
    hand_kinds = {"intrigue", "event", "law", "statesman", "concession"}
    # VII.2: the cards revealed together (R68) and still waiting their turn to be played (R79) are public
    shown = {x: Counter(t.hands[x]) & (Counter(f.target for f in t.flow if f.kind == "civil_play" and f.nums[0] == x)
                                       | known.get(x, Counter()))  # and the cards this seat knows (R136)
             for x in others}
    for deck in ("I", "II"):
        kept = Counter({c: n for c, n in fixed.items() if _deck_of(c) == deck})
        public = {x: Counter({c: n for c, n in shown[x].items() if _deck_of(c) == deck}) for x in others}
        pool = [c for x in others for c in t.hands[x] if _deck_of(c) == deck]
        pool = list((Counter(pool) - kept - sum(public.values(), Counter())).elements())
        in_deck = t.deck_name == deck
        if in_deck:
            pool += [c for c in t.deck if C.card_kind(c) in hand_kinds]
        pool = rng.shuffled(sorted(pool))
        for x in others:
            keep = [c for c in t.hands[x] if _deck_of(c) != deck] + list(public[x].elements())
            if x == offerer:
                keep += list(kept.elements())
            n = len(t.hands[x]) - len(keep)
            t.hands[x] = keep + pool[:n]
            del pool[:n]
        if in_deck:
            t.deck = rng.shuffled(sorted(pool + [c for c in t.deck if C.card_kind(c) not in hand_kinds]))
    unseen = [sorted(t.piles[p - 1] + [c for x in others for c in t.commerce[x] if pile_of(c) == p])
              for p in range(1, C.COMMERCE.piles + 1)]  # per pile, the commerce cards `seat` has not seen
    fixed = Counter()
    if offerer >= 0 and not o.hand:  # the receiver of a commerce offer: its cards dealt anew (III.2, R73)
        named = o.named if o.made else next(f.target for f in t.flow if f.kind in NAMED
                                            and f.count == seat)
        value = sum(C.set_value(c, 1) for c in o.cards) if o.made else None  # told once made only
        fixed = _commerce_offer(unseen, t.commerce[offerer], len(o.cards), value, named, rng)
        t.offer.cards = sorted(fixed.elements())
    for pile in range(1, C.COMMERCE.piles + 1):
        mine = [c for c, n in sorted(fixed.items()) if pile_of(c) == pile for _ in range(n)]
        pool = rng.shuffled(list((Counter(unseen[pile - 1]) - Counter(mine)).elements()))
        for x in others:
            keep = [c for c in t.commerce[x] if pile_of(c) != pile]
            if x == offerer:
                keep += mine
            n = len(t.commerce[x]) - len(keep)
            t.commerce[x] = keep + pool[:n]
            del pool[:n]
        t.piles[pile - 1] = pool
    if o is not None and not knows:
        _deal_offer(t, rng, seat)
    return t


def _commerce_offer(unseen: list[list[str]], offering: list[str], count: int, value: int | None, named: str,
                    rng: Rng) -> Counter:
    """The cards of a commerce offer as its receiver may imagine them (III.2, R73): ``count`` cards of
    the unseen commerce cards (``unseen``, per pile), no more from a pile than the offering hand holds
    from it (its per-pile counts are public), the commodity ``named`` among them, their single-card
    values summing to ``value`` (None: not told yet). Drawn exactly, without retries, with the
    probability of that offer when the unseen cards are dealt at random (``_offer_table``); the
    draw depends only on what the receiver sees."""
    held = Counter(pile_of(c) for c in offering)
    key = (tuple(tuple(sorted(Counter(u).items())) for u in unseen),
           tuple(held[p] for p in range(1, len(unseen) + 1)), count, value, named)
    options, reach = _offer_table(key)
    state, out = (count, value or 0), Counter()
    for p in range(len(unseen), 0, -1):  # back from the last pile: each pile's part in proportion
        weights = []
        for cards, k, v, w in options[p - 1]:
            before = reach[p - 1].get((state[0] - k, state[1] - v), 0)
            if before:
                weights.append((w * before, cards, k, v))
        if not weights:
            raise ValueError(f"no commerce offer of {count} cards worth {value} naming {named} fits the hands")
        pick = _below(rng, sum(w for w, *_ in weights))
        for w, cards, k, v in weights:
            if pick < w:
                break
            pick -= w
        out.update(cards)
        state = (state[0] - k, state[1] - v)
    return out


@lru_cache(maxsize=64)
def _offer_table(key):
    """For ``_commerce_offer``: per pile, each way to take offer cards from it (the cards, how many,
    their value, and the weight: the ways to pick them among the unseen cards times the ways to fill
    the rest of the offering hand's cards from that pile); and ``reach[p]``: for each (cards, value)
    reached after piles 1..p, the summed weight of the ways there. Cached: a bot samples the same
    position thousands of times."""
    unseen, held, count, value, named = key
    options = []
    for p, pile in enumerate(unseen):
        size, n = sum(k for _, k in pile), held[p]
        ways = [((), 0, 0, 1)]
        for c, have in pile:
            one = C.set_value(c, 1) if value is not None else 0
            ways = [(cards + ((c, x),), k + x, v + x * one, w * comb(have, x))
                    for cards, k, v, w in ways for x in range(1 if c == named else 0, min(have, n - k) + 1)]
        options.append([(Counter({c: x for c, x in cards if x}), k, v, w * comb(size - k, n - k))
                        for cards, k, v, w in ways if k <= count and (value is None or v <= value)])
    reach = [{(0, 0): 1}]
    for ways in options:
        nxt: dict = {}
        for (k0, v0), w0 in reach[-1].items():
            for _, k, v, w in ways:
                if k0 + k <= count and (value is None or v0 + v <= value):
                    nxt[(k0 + k, v0 + v)] = nxt.get((k0 + k, v0 + v), 0) + w0 * w
        reach.append(nxt)
    return options, reach


def _below(rng: Rng, n: int) -> int:
    """A uniform integer in ``[0, n)``, ``n`` of any size (``Rng.below`` takes 64 bits at most)."""
    if n <= 1 << 64:
        return rng.below(n)
    words = (n.bit_length() + 63) // 64
    span = 1 << (64 * words)
    while True:
        r = 0
        for _ in range(words):
            r = (r << 64) | rng.below(1 << 64)
        if r < span - span % n:
            return r % n


def _known_cards(t: State, seat: int | None) -> dict[int, Counter]:
    """R136: the cards of other hands ``seat`` knows by name: those it is owed by an accepted commerce
    offer (still in the debtor's hand), and those a commerce offer made to it promises (once picked:
    the pending steps show them to the two parties)."""
    out: dict[int, Counter] = {}
    if seat is None:
        return out
    for d in t.card_debts:
        if d.creditor == seat and d.cards:
            out[d.debtor] = out.get(d.debtor, Counter()) + Counter(d.cards)
    o = t.offer
    if o is not None and not o.hand and o.seat != seat:
        if o.made:
            cards = o.cards_promised if o.to == seat else []
        else:
            cards = next((f.strs for f in t.flow if f.kind in ("offer_promise", "offer_promise_want", "offer_talents")
                          and f.seat == o.seat and f.count == seat), [])
        if cards:
            out[o.seat] = out.get(o.seat, Counter()) + Counter(cards)
    return out


def _deal_offer(t: State, rng: Rng, seat: int | None) -> None:
    """An offer whose terms the sampling seat does not know, dealt anew from the offering hand as
    redealt: as many cards (public), another commodity named, another number of cards asked, other
    talents (R112); the pending steps' secret terms too, unless the seat is their party."""
    o = t.offer
    held = t.hands if o.hand else t.commerce
    o.cards = rng.shuffled(sorted(held[o.seat]))[:len(o.cards)]
    if o.made:
        if not o.hand:
            o.named = rng.choice(sorted(set(o.cards)))
        o.want = rng.below(len(held[o.to]) + 1)
        low = money(t, o.to)
        o.talents = rng.below(low + money(t, o.seat) + 1) - low
        o.cards_promised, o.cards_asked = [], 0  # R136: not known to this seat (and not redealt)
    for f in t.flow:
        if seat in (f.seat, f.count):
            continue
        if f.kind in NAMED and o.cards and not o.hand:
            f.target = rng.choice(sorted(set(o.cards)))
        if f.kind in ("offer_promise", "offer_promise_want", "offer_talents"):  # R136: as if nothing promised
            f.strs = []
            if f.kind != "offer_promise" and len(f.nums) > 1:
                f.nums[1] = 0
        if f.kind == "offer_talents" and f.nums:
            f.nums[0] = rng.below(len(held[f.count]) + 1)
        elif f.kind in ("offer_give", "card_give") and f.nums and f.nums[0] > 0:
            left = len((t.hands if f.kind == "card_give" else t.commerce)[f.seat])
            f.nums[0] = 1 + rng.below(left) if left else 0
