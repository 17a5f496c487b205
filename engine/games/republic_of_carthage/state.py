"""The Republic of Carthage's state and ``evolve``: how each event changes the state.

``evolve`` updates the state in place and returns it (the contract in ``engine.core``); it draws
no randomness and trusts the events ``decide``/``setup`` produced.
"""

from __future__ import annotations

import msgspec

from . import components as C
from . import events as ev

# Phases, in the order of "Déroulement du Jeu".
SETUP = "setup"
MORTALITY = "mortality"
REVENUE = "revenue"
TRADE = "trade"
PORT = "port"
SENATE = "senate"
COMBAT = "combat"
CIVIL_WAR = "civil_war"
OVER = "over"

CARTHAGE = "carthage"


class Senator(msgspec.Struct):
    """A senator card in play: in a faction (``seat``) or in the Port (``seat == -1``)."""

    id: str                 # card id: family number or statesman ("2A")
    family: int
    seat: int = -1
    where: str = CARTHAGE   # carthage | port (seat -1) | province | war | exploration | captured | exiled | rebel
    face_up: bool = True    # a dead family card lies face down in the Port (I)
    influence: int = 0
    popularity: int = 0
    talents: int = 0
    merchants: int = 0
    red: int = 0            # red markers (Responsibility): open to a minor trial (II.3, II.9)
    family_card: bool = False  # a statesman whose family card lies under him


class Province(msgspec.Struct):
    developed: bool = False
    governor: str = ""      # "" while the card lies in the Port
    term: int = 0           # turns left on the Mandat track
    red: bool = False       # the governor took personal income this turn (II.9)
    named_turn: int = 0


class Army(msgspec.Struct):
    type: str
    place: str = "out"      # out | reserve | active | force:<n> | deserted:<war> | rebel
    veteran: bool = False
    loyal: str = ""         # the senator a veteran is loyal to


class Force(msgspec.Struct):
    """A force sent by the Senate: to a war, or an expedition (``exploration``)."""

    id: int
    war: str
    commanders: list[str] = []
    squadrons: int = 0
    caravans: int = 0
    fleets: int = 0
    exploration: bool = False
    turn: int = 0


class Offer(msgspec.Struct):
    """A commerce offer being made or waiting for an answer (III.2). Hidden: the cards from all but
    the offering seat; the summary from all but the two seats."""

    seat: int
    to: int
    cards: list[str] = []
    named: str = ""
    want: int = 0
    made: bool = False
    hand: bool = False  # cards of the hand offered in the Civil War phase (VII.2), not commerce cards
    talents: int = 0    # R112: >0 promised by the offering seat, <0 asked of the receiver (next Revenue phase)
    cards_promised: list[str] = []  # R136: Intrigue/Event cards of the offering hand promised (next Civil War phase)
    cards_asked: int = 0            # R136: Intrigue/Event cards of the receiver's choice asked (next Civil War phase)


class CardDebt(msgspec.Struct):
    """R136: cards owed by an accepted commerce offer, handed over at the start of the next Civil War
    phase: named cards of the debtor's hand, or a number of Intrigue/Event cards of his choice."""
    debtor: int
    creditor: int
    cards: list[str] = []
    count: int = 0


class WarState(msgspec.Struct):
    status: str = "inactive"  # inactive | active | unprosecuted | lost
    squadron_victory: bool = False


class State(msgspec.Struct):
    players: int = 3
    turn: int = 0
    phase: str = ""
    flow: list[ev.Frame] = []
    # factions
    senators: dict[str, Senator] = {}
    leaders: list[str] = []            # per seat, "" if none
    faction_treasury: list[int] = []   # per seat (hidden from the other seats: R58)
    hidden_flows: dict[str, int] = {}  # "x:y" -> talents moved so far from faction x's treasury to y's, seen by x and y only (R58)
    votes: list[int] = []              # per seat, the vote track (IV.7)
    # the State
    treasury: int = 0
    tax_rate: int = 0
    offices: dict[str, str] = {}       # office -> holder ("" vacant: the card is in the Port)
    terms: dict[str, int] = {}         # office -> turns left
    red_terms: list[str] = []          # offices whose term marker is red (II.3)
    provinces: dict[str, Province] = {}
    counters: dict[str, int] = {}
    card_debts: list[CardDebt] = []   # R136: cards owed by accepted commerce offers (the two seats only)
    promised: dict[str, int] = {}      # "payer:payee" -> talents owed by accepted offers (R112; the two seats only, R135)
    # wars and forces
    wars: dict[str, WarState] = {}
    leaders_in_play: list[str] = []    # enemy leaders in War Plans
    explorations: list[str] = []       # exploration cards on the board
    armies: list[Army] = []
    squadrons: dict[str, int] = {}     # place -> count: out, reserve, active, force:<n>, lost
    forces: list[Force] = []
    next_force: int = 1
    caravans: int = 0                  # caravans home in Carthage, to be used again (VI.1, II.8: R172)
    fleets: int = 0                    # trade fleets home in Carthage (R172)
    # play cards
    deck: list[str] = []               # top first (hidden)
    deck_name: str = "I"
    hands: list[list[str]] = []        # per seat (hidden from the others)
    discard: list[str] = []
    laws: list[str] = []               # laws in force (in the Port)
    rules_on: list[str] = []
    concessions: dict[str, str] = {}   # concession -> holder senator ("" in the Port face up, "!" face down)
    events_in_port: dict[str, str] = {}  # random event -> side shown this turn
    # commerce
    piles: list[list[str]] = []        # 9 piles, top first (hidden)
    aside: dict[str, list[str]] = {}   # reason -> cards set aside, face down (hidden)
    commerce: list[list[str]] = []     # per seat: commerce cards in hand (hidden)
    offer: Offer | None = None
    committed: list[list[str]] = []    # per seat: secret choices made, not yet revealed ("card|senator")
    # the end
    winners: list[int] = []
    reason: str = ""
    scores: list[int] = []
    # the rebellion (VII.3)
    rebel_leaders: list[str] = []      # the rebel commanders
    rebels: list[str] = []             # every senator in rebellion, leaders first


def units_home(s: State, unit: str) -> int:
    """The caravans (``unit`` "caravan") or trade fleets home in Carthage, to be used again (VI.1, R172)."""
    return s.caravans if unit == "caravan" else s.fleets


ACTIVE_STATUSES = ("active", "unprosecuted")  # a war the Senate has not (or not yet) won nor lost


def war_counts(s: State) -> tuple[int, int]:
    """The wars on the board that are Active (an unprosecuted one is still Active) and those Lost:
    what II.4-8 charges the Treasury for and IX.5 ends the game at four of (the rebellion, VII.3,
    counted apart: ``rebellion.wars_counted``)."""
    active = lost = 0
    for w in s.wars.values():
        status = w.status
        if status in ACTIVE_STATUSES:
            active += 1
        elif status == "lost":
            lost += 1
    return active, lost


def treasury_seat(place: str) -> int:
    """The seat of a faction treasury place (``faction:<seat>``), else -1."""
    return int(place[8:]) if place[:8] == "faction:" else -1


def seen_treasury(s: State, viewer: int, seat: int) -> int:
    """What ``viewer`` can tell of ``seat``'s faction treasury (R58): every move into or out of it is
    seen except those between two other treasuries, whose amounts only their two factions know; so
    this is the treasury without the moves between ``seat`` and factions other than ``viewer``
    (possibly below 0: talents received in secret and spent in public). Exact for the viewer's own."""
    n = s.faction_treasury[seat]
    if viewer == seat:
        return n
    for key, amount in s.hidden_flows.items():
        a, _, b = key.partition(":")
        x, y = int(a), int(b)
        if viewer in (x, y):
            continue
        if y == seat:
            n -= amount
        elif x == seat:
            n += amount
    return n


def treasury_shown(s: State, viewer: int, seat: int) -> int:
    """``seen_treasury`` as ``viewer`` may count on it: 0 for an empty stack (the stack is seen,
    R58), at least 1 for one that holds talents. The others' treasuries in ``views.sample_hidden``,
    and what an offer may ask of another faction (R112), so that both read only what the viewer
    knows."""
    if s.faction_treasury[seat] <= 0:
        return 0
    return max(1, seen_treasury(s, viewer, seat))


def pile_of(card: str) -> int:
    return C.COMMODITIES[card].pile


def seat_influence(s: State, seat: int) -> int:
    return sum(x.influence for x in s.senators.values() if x.seat == seat)


def _place_talents(s: State, place: str, amount: int) -> None:
    kind, _, key = place.partition(":")
    if kind == "senator":
        s.senators[key].talents += amount
    elif kind == "faction":
        s.faction_treasury[int(key)] += amount
    elif kind == "state":
        s.treasury += amount


def _vacate(s: State, sid: str) -> None:
    for office, holder in s.offices.items():
        if holder == sid:
            s.offices[office] = ""
            s.terms.pop(office, None)
            if office in s.red_terms:
                s.red_terms.remove(office)
    for pid, p in s.provinces.items():
        if p.governor == sid:
            p.governor, p.term, p.red = "", 0, False
    for cid, holder in s.concessions.items():
        if holder == sid:
            s.concessions[cid] = ""
    for f in s.forces:
        if sid in f.commanders:
            f.commanders.remove(sid)
    for a in s.armies:
        if a.loyal == sid:
            a.loyal = ""


def _move_armies(s: State, unit: str, count: int, origin: str, target: str) -> None:
    if unit == "squadron":
        s.squadrons[origin] = s.squadrons.get(origin, 0) - count
        if not s.squadrons[origin]:
            del s.squadrons[origin]
        if target != "lost":
            s.squadrons[target] = s.squadrons.get(target, 0) + count
        return
    movable = sorted((a for a in s.armies if a.type == unit and a.place == origin), key=lambda a: a.veteran)
    for a in movable[:count]:
        a.place = "out" if target == "lost" else target
        if target in ("out", "lost") or target.startswith("deserted"):
            a.veteran, a.loyal = False, ""


def evolve(s: State, e) -> State:
    t = type(e)
    if t is ev.Flow:  # the event's frames, shared: nothing changes a state's frame in place (flow.Ctx)
        s.flow = list(e.frames)
    # the most frequent facts first (each test below is a comparison more)
    elif t is ev.Transferred:
        _place_talents(s, e.source, -e.amount)
        _place_talents(s, e.target, e.amount)
        if e.source[:8] == "faction:" and e.target[:8] == "faction:":  # R58: the amount is the two's secret
            key = f"{e.source[8:]}:{e.target[8:]}"
            s.hidden_flows[key] = s.hidden_flows.get(key, 0) + e.amount
    elif t is ev.CountersSet:
        if e.value:
            s.counters[e.name] = e.value
        else:
            s.counters.pop(e.name, None)
    elif t is ev.ChoiceMade:
        if not s.committed:
            s.committed = [[] for _ in range(s.players)]
        s.committed[e.seat].extend(e.names)
    elif t is ev.OfferPicked:
        if s.offer is None:
            s.offer = Offer(seat=e.seat, to=-1, hand=e.hand)
        s.offer.cards.append(e.card)
    elif t is ev.Rolled or t is ev.ChitDrawn or t is ev.ProposalMade or t is ev.VoteCast \
            or t is ev.ProposalDecided or t is ev.OfferMadeRedacted or t is ev.OfferPickedRedacted \
            or t is ev.CommerceGivenRedacted or t is ev.Said or t is ev.SaidRedacted \
            or t is ev.CardsGivenRedacted:
        pass
    elif t is ev.TurnBegan:
        s.turn = e.turn
    elif t is ev.PhaseBegan:
        s.phase = e.phase
    elif t is ev.SenatorChanged:
        x = s.senators[e.senator]
        x.influence = max(0, x.influence + e.influence)
        x.popularity += e.popularity
        x.merchants = max(0, x.merchants + e.merchants)
    elif t is ev.SenatorEntered:
        if e.senator.isdigit():
            fam = C.FAMILIES[int(e.senator)]
            x = Senator(id=e.senator, family=fam.id, seat=e.seat, influence=fam.influence, popularity=fam.popularity,
                        where=CARTHAGE if e.seat >= 0 else PORT)  # drawn (IV.2a, Famille): face up in the Port
        else:
            st = C.STATESMEN[e.senator]
            under = str(st.family) in s.senators
            old = s.senators.pop(str(st.family), None)
            x = Senator(id=e.senator, family=st.family, seat=e.seat, influence=st.influence,
                        popularity=st.popularity, family_card=under, where=CARTHAGE if e.seat >= 0 else PORT)
            if old is not None:  # the statesman covers his family card: its markers stay (Terminologie)
                x.influence = max(x.influence, old.influence)
                x.popularity, x.talents, x.merchants, x.red = old.popularity, old.talents, old.merchants, old.red
                if old.seat == e.seat:  # a family card taken from the Port (R144) comes to Carthage
                    x.where = old.where
                _rename(s, old.id, e.senator)
        s.senators[x.id] = x
    elif t is ev.SenatorDied:
        x = s.senators[e.senator]
        _vacate(s, x.id)
        if x.id.isdigit() or x.family_card:
            fam = str(x.family)
            if x.id != fam:  # a dead statesman leaves the game; his family card stays in play
                del s.senators[x.id]
                for i, ld in enumerate(s.leaders):
                    if ld == x.id:
                        s.leaders[i] = fam if e.stays else ""
            famdata = C.FAMILIES[x.family]  # the markers go; the printed values stay (R18)
            s.senators[fam] = Senator(id=fam, family=x.family, seat=x.seat if e.stays else -1,
                                      where=CARTHAGE if e.stays else PORT,  # else face down in the Port (I)
                                      face_up=e.stays, merchants=x.merchants if e.stays else 0,
                                      influence=famdata.influence, popularity=famdata.popularity)
        else:
            del s.senators[x.id]
            for i, ld in enumerate(s.leaders):
                if ld == x.id:
                    s.leaders[i] = ""
    elif t is ev.SenatorMoved:
        x = s.senators[e.senator]
        if e.seat != x.seat:
            for i, ld in enumerate(s.leaders):
                if ld == x.id:
                    s.leaders[i] = ""
        x.seat, x.where, x.face_up = e.seat, e.where, e.face_up
    elif t is ev.LeaderNamed:
        s.leaders[e.seat] = e.senator
    elif t is ev.MarkersSet:
        s.senators[e.senator].red = e.red
    elif t is ev.OfficeTaken:
        s.offices[e.office] = e.senator
        s.terms[e.office] = e.term
        if e.office in s.red_terms:
            s.red_terms.remove(e.office)
    elif t is ev.OfficeLeft:
        s.offices[e.office] = ""
        s.terms.pop(e.office, None)
        if e.office in s.red_terms:
            s.red_terms.remove(e.office)
    elif t is ev.TermMarked:
        if e.holder in s.provinces:
            p = s.provinces[e.holder]
            p.term, p.red = e.left, e.red
        else:
            s.terms[e.holder] = e.left
            if e.red and e.holder not in s.red_terms:
                s.red_terms.append(e.holder)
            if not e.red and e.holder in s.red_terms:
                s.red_terms.remove(e.holder)
    elif t is ev.ProvinceChanged:
        if e.in_play:
            p = s.provinces.setdefault(e.province, Province())
            p.developed = e.developed
        else:
            p = s.provinces.pop(e.province, None)
            if p is not None and p.governor:
                s.senators[p.governor].where = CARTHAGE
    elif t is ev.GovernorNamed:
        p = s.provinces[e.province]
        if p.governor and p.governor in s.senators:
            s.senators[p.governor].where = CARTHAGE
        p.governor, p.term, p.red, p.named_turn = e.senator, e.term, False, s.turn
        if e.senator:
            s.senators[e.senator].where = "province"
    elif t is ev.TaxRateSet:
        s.tax_rate = e.rate
    elif t is ev.ForcesMoved:
        _move_armies(s, e.unit, e.count, e.origin, e.target)
    elif t is ev.ForceSent:
        place = f"force:{e.force}"
        s.forces.append(Force(id=e.force, war=e.war, commanders=list(e.commanders), squadrons=e.squadrons,
                              caravans=e.caravans, fleets=e.fleets, exploration=e.war in C.EXPLORATIONS,
                              turn=s.turn))
        s.next_force = e.force + 1
        if e.caravans:
            s.caravans -= e.pooled
        elif e.fleets:
            s.fleets -= e.pooled
        for unit in e.armies:
            _move_armies(s, unit, 1, "active", place)
        if e.squadrons:
            _move_armies(s, "squadron", e.squadrons, "active", place)
        for sid in e.commanders:
            s.senators[sid].where = "exploration" if e.war in C.EXPLORATIONS else "war"
    elif t is ev.ForceEnded:
        place = f"force:{e.force}"
        force = next(f for f in s.forces if f.id == e.force)
        for sid in force.commanders:
            if sid in s.senators and s.senators[sid].where in ("war", "exploration"):
                s.senators[sid].where = CARTHAGE
        s.forces.remove(force)
        s.caravans += force.caravans  # R172: home, to be used again (VI.1)
        s.fleets += force.fleets
        for a in s.armies:
            if a.place == place:
                a.place = e.armies_to
        n = s.squadrons.pop(place, 0)
        if n:
            s.squadrons[e.squadrons_to] = s.squadrons.get(e.squadrons_to, 0) + n
    elif t is ev.ExpeditionLost:
        x = next(f for f in s.forces if f.id == e.force)
        x.caravans -= e.caravans
        x.fleets -= e.fleets
    elif t is ev.SquadronVictory:
        s.wars[e.war].squadron_victory = True
    elif t is ev.VeteranMade:
        for a in s.armies:
            if a.place == f"force:{e.force}" and a.type == e.unit and not a.veteran:
                a.veteran, a.loyal = True, e.senator
                break
    elif t is ev.WarChanged:
        _war_changed(s, e)
    elif t is ev.DeckShuffled:
        s.deck, s.deck_name = list(e.cards), e.deck
    elif t is ev.DeckShuffledRedacted:
        pass
    elif t is ev.CardsDealt:
        if e.origin == "deck":
            del s.deck[:len(e.cards)]
        s.hands[e.seat].extend(e.cards)
    elif t is ev.CardsDealtRedacted:
        pass
    elif t is ev.CardDrawn:
        del s.deck[0]
    elif t is ev.CardPlayed or t is ev.CardDiscarded:
        s.hands[e.seat].remove(e.card)
        if t is ev.CardDiscarded:
            s.discard.append(e.card)
        else:
            _card_played(s, e)
    elif t is ev.EventCardPlaced:
        s.events_in_port[e.event] = e.side
    elif t is ev.ConcessionChanged:
        s.concessions[e.concession] = e.holder
    elif t is ev.FamilyJoined:
        s.senators[e.statesman].family_card = True
        fam = str(s.senators[e.statesman].family)
        if fam in s.senators and not s.senators[fam].face_up:  # Mago: from under a dead statesman
            del s.senators[fam]
    elif t is ev.EventsCleared:
        s.events_in_port = {}
    elif t is ev.PileShuffled:
        s.piles[e.pile - 1] = list(e.cards)
    elif t is ev.CommerceAside:
        del s.piles[e.pile - 1][:len(e.cards)]
        s.aside.setdefault(e.reason, []).extend(e.cards)
    elif t is ev.CommercePulled:
        for _ in range(e.count):
            s.piles[e.pile - 1].remove(e.commodity)
        s.aside.setdefault(e.reason, []).extend([e.commodity] * e.count)
    elif t is ev.CommerceBack:
        for c in e.cards:
            s.aside[e.reason].remove(c)
        if not s.aside[e.reason]:
            del s.aside[e.reason]
        s.piles[e.pile - 1].extend(e.cards)
    elif t is ev.CommerceDrawn:
        del s.piles[e.pile - 1][0]
        s.commerce[e.seat].append(e.card)
    elif t is ev.CommerceSold:
        hand = s.commerce[e.seat]
        for _ in range(e.count):
            hand.remove(e.commodity)
        s.piles[pile_of(e.commodity) - 1].extend([e.commodity] * e.count)
    elif t is ev.CommerceReturned:
        for c in e.cards:
            s.commerce[e.seat].remove(c)
            s.piles[pile_of(c) - 1].append(c)
    elif t is ev.CardOfferMade:
        s.offer = Offer(seat=e.seat, to=e.to, cards=list(e.cards), want=e.want, made=True, hand=True,
                        talents=e.talents)
    elif t is ev.CardsGiven:
        for c in e.cards:
            s.hands[e.seat].remove(c)
        s.hands[e.to].extend(e.cards)
        if s.offer is not None and e.seat == s.offer.seat:
            s.offer = None
    elif t is ev.OfferMade:
        s.offer = Offer(seat=e.seat, to=e.to, cards=list(s.offer.cards) if s.offer else [], named=e.named,
                        want=e.want, made=True, talents=e.talents, cards_promised=list(e.cards_promised),
                        cards_asked=e.cards_asked)
    elif t is ev.OfferAnswered:
        if not e.accepted:
            s.offer = None
        elif e.talents:  # R112: owed until the next II.10
            key = f"{e.seat}:{e.to}" if e.talents > 0 else f"{e.to}:{e.seat}"
            s.promised[key] = s.promised.get(key, 0) + abs(e.talents)
        if e.accepted and e.cards_promised:  # R136: owed until the next Civil War phase
            s.card_debts.append(CardDebt(debtor=e.seat, creditor=e.to, cards=list(e.cards_promised)))
        if e.accepted and e.cards_asked:
            s.card_debts.append(CardDebt(debtor=e.to, creditor=e.seat, count=e.cards_asked))
    elif t is ev.CardDebtsSettled:
        s.card_debts = []
    elif t is ev.PromisesSettled:
        s.promised = {}
    elif t is ev.CommerceGiven:
        for c in e.cards:
            s.commerce[e.seat].remove(c)
        s.commerce[e.to].extend(e.cards)
        if s.offer is not None and e.seat == s.offer.seat:
            s.offer = None
    elif t is ev.ChoicesRevealed:
        s.committed = []
    elif t is ev.GameEnded:
        s.phase = OVER
        s.winners, s.reason, s.scores = list(e.winners), e.reason, list(e.scores)
        s.flow = []
    elif t is ev.ArmyMoved:
        for a in s.armies:
            if a.type == e.unit and a.place == e.origin and a.veteran == e.veteran and a.loyal == e.loyal:
                a.place = e.target
                if e.target in ("out", "lost"):
                    a.place, a.veteran, a.loyal = "out", False, ""
                elif e.target.startswith("deserted"):  # IV.2a: a deserter loses its status and loyalty
                    a.veteran, a.loyal = False, ""
                break
    elif t is ev.RebelsChanged:
        s.rebel_leaders, s.rebels = list(e.leaders), list(e.rebels)
    elif t is ev.ForceReinforced:
        for unit in e.armies:
            _move_armies(s, unit, 1, "active", f"force:{e.force}")
        if e.squadrons:
            _move_armies(s, "squadron", e.squadrons, "active", f"force:{e.force}")
    elif t is ev.ForceCommanded:
        force = next(f for f in s.forces if f.id == e.force)
        for sid in force.commanders:
            if sid in s.senators and s.senators[sid].where == "war":
                s.senators[sid].where = CARTHAGE
        force.commanders = list(e.commanders)
        for sid in e.commanders:
            s.senators[sid].where = "war"
    return s


SENATOR_COUNTERS = frozenset({
    "victor",            # victor:<senator> = the force he won with (VI.2 Victoire, VII.3)
    "co_victor",         # co_victor:<senator>: he won as the co-commander, the General (VII.3, R152)
    "general",           # general:<senator>: a General token (R100, R101)
    "fought",            # fought:<senator> (VII.1), besides fought:<war>
    "commanded",         # commanded:<senator>:<war>: an outgoing commander (R80)
    "responsibility",    # responsibility:<senator>: a tax initiator's trial (R81)
    "outgoing",          # outgoing:<senator>: the last outgoing Suffète (V.5)
    "tied",              # tied:<senator>:<kind>:turn: a trial of his ended in a tie (R177)
    "left_office",       # left_office:<senator>:turn (R117)
    "resigned",          # resigned:<senator>:turn (R63)
    "immune",            # immune:<senator>: acquitted, safe for the turn (V.5)
    "suffete_for_life",  # suffete_for_life:<senator> = his seat + 1 (IX.2, R40)
})
"""Counters whose second word names a senator: a statesman covering that senator takes them over."""

PROPOSAL_COUNTERS = frozenset({"rejected"})
"""Counters named after a proposal (``rejected:<kind>+<senators…>+<target>+<amount>``): the senators
among its words are renamed too, so that the proposal stays rejected for the statesman."""

OTHER_COUNTERS = frozenset({
    "assassination_at", "assassination_by", "no_plot", "trade_income", "votes", "rebellion_won",  # a seat
    "promised",                                                     # two seats (R112)
    "reached", "lost_expedition",                                   # a force
    "won", "leader_inactive",                                       # a war, a leader
    "price", "halving_debt",                                        # a commodity
    "mod", "cost_percent", "option", "proposed",                    # a roll, a duration, an option, a card
})
"""Every other counter with a key: none of its words is a senator (``tests`` check that each prefix
the package uses is in one of these three sets)."""


def _rename(s: State, old: str, new: str) -> None:
    """A statesman covers senator ``old`` (Terminologie, Homme d'État; V.7 recall): the same senator goes
    on under the name ``new``, with everything that was his: his Faction Leadership, offices,
    provinces, concessions, commands, loyal veterans, the armies on his victor's card, his place among
    the rebels and every counter kept for him (``SENATOR_COUNTERS``, ``PROPOSAL_COUNTERS``)."""
    for i, ld in enumerate(s.leaders):
        if ld == old:
            s.leaders[i] = new
    for office, holder in s.offices.items():
        if holder == old:
            s.offices[office] = new
    for p in s.provinces.values():
        if p.governor == old:
            p.governor = new
    for cid, holder in s.concessions.items():
        if holder == old:
            s.concessions[cid] = new
    for f in s.forces:
        f.commanders = [new if c == old else c for c in f.commanders]
    for a in s.armies:
        if a.loyal == old:
            a.loyal = new
        if a.place == f"victor:{old}":
            a.place = f"victor:{new}"
    s.rebel_leaders = [new if x == old else x for x in s.rebel_leaders]
    s.rebels = [new if x == old else x for x in s.rebels]
    renamed: dict[str, int] = {}
    for name, value in s.counters.items():
        words = name.split(":")
        if words[0] in SENATOR_COUNTERS and len(words) > 1 and words[1] == old:
            name = ":".join([words[0], new, *words[2:]])
        elif words[0] in PROPOSAL_COUNTERS:
            parts = name.partition(":")[2].split("+")
            if len(parts) > 3:  # kind, senators… (a co-commander as co:<senator>), target, amount
                middle = [new if w == old else f"co:{new}" if w == f"co:{old}" else w for w in parts[1:-2]]
                name = words[0] + ":" + "+".join([parts[0], *middle, *parts[-2:]])
        renamed[name] = value
    s.counters = renamed


def _war_changed(s: State, e: ev.WarChanged) -> None:
    if e.war in C.LEADERS:
        if e.status == "in_play":
            s.leaders_in_play.append(e.war)
        elif e.war in s.leaders_in_play:
            s.leaders_in_play.remove(e.war)
    elif e.war in C.EXPLORATIONS:
        if e.status == "removed":
            s.explorations.remove(e.war)
        elif e.war not in s.explorations:
            s.explorations.append(e.war)
    elif e.status == "removed":
        s.wars.pop(e.war, None)
    else:
        s.wars.setdefault(e.war, WarState()).status = e.status


def _card_played(s: State, e: ev.CardPlayed) -> None:
    kind = C.card_kind(e.card)
    if kind == "concession":
        s.concessions[e.card] = e.senator
    elif kind == "law":
        s.laws.append(e.card)
    elif kind != "statesman":
        s.discard.append(e.card)
