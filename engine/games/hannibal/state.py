"""Hannibal state and ``evolve``: how each event changes the state.

``evolve`` updates the state in place and returns it (the contract in ``engine.core``); it draws
no randomness and trusts the events ``decide``/``setup`` produced.

Units: for each side and space, the CU outside the walls and inside them (a walled city only).
Inside and outside matter only while the enemy is in the space (§10.7): when a space holds no
enemy CU and no siege, its units are kept outside, and the owner declares them in or out when an
enemy army enters (§10.3 step 1).
"""

from __future__ import annotations

import msgspec
from msgspec import field

from . import events as ev
from .components import GENERALS, SETUP, SPACES

ROME, CARTHAGE = 0, 1
SIDE_NAMES = ("rome", "carthage")
SIDE_OF = {"rome": ROME, "carthage": CARTHAGE}

# Phases (§5).
REINFORCEMENTS = "reinforcements"
STRATEGY = "strategy"
WINTER = "winter_attrition"
ISOLATION = "isolation"
POLITICAL = "political"
OVER = "over"


def other(side: int) -> int:
    return 1 - side


class Units(msgspec.Struct):
    """One side's CU in one space; ``el``: how many of them are elephant CU (§17.1)."""

    cu: int = 0
    el: int = 0
    icu: int = 0  # inside the walls
    iel: int = 0

    def empty(self) -> bool:
        return not (self.cu or self.icu)


class Gen(msgspec.Struct):
    where: str = ""          # space, or "" while off the map
    inside: bool = False     # inside the walls of the city in ``where``
    status: str = "map"      # map | cup | neutralized | removed | later
    office: str = ""         # Roman generals: consul | proconsul | ""
    stamp: int = 0           # among equals in rank, the latest to take command commands (§10.8)


class Siege(msgspec.Struct):
    side: int    # the side besieging the city or submitting the tribe
    points: int  # 1-2 (3 converts it, §20.8)


class Battle(msgspec.Struct):
    """The battle being fought. Per-side lists are indexed by side (Rome, Carthage)."""

    space: str
    attacker: int               # the side attacking this round
    orig_attacker: int          # the side whose move started the battle (§14.5)
    origin: str                 # where the original attacker came from ("" if nowhere)
    commanders: list[str]       # per side ("" without a general)
    cu_start: list[int]         # per side, CU at the start (retreat table column, §14.12)
    hands: list[dict[str, int]]  # per side: battle-card type -> count (hidden from the other side)
    shown: list[dict[str, int]]  # per side: cards face up (card 20), also counted in hands
    played: list[str] = []      # battle cards played so far, in order
    rounds: int = 0
    card: str = ""              # the attacker's card this round, waiting for the match
    last_won_by: str = ""       # the card that won (retreat-table modifier, §14.12)
    probe_used: bool = False    # Hannibal's ability, once per battle (§26)
    inside: list[bool] = field(default_factory=lambda: [False, False])  # per side: its force fights from inside the walls
    relief: bool = False        # the attacker's besieged CU joined its relief army (§20.7)


class State(msgspec.Struct):
    turn: int = 0
    phase: str = ""
    units: list[dict[str, Units]] = []
    gens: dict[str, Gen] = {}
    control: dict[str, int] = {}     # space -> side holding its PC, city or tribe marker
    tribes: dict[str, int] = {}      # spaces whose tribe marker is still on the map -> friendly side, -1 neutral
    sieges: dict[str, Siege] = {}
    deck: list[int] = []             # top first (hidden)
    hands: list[list[int]] = []      # per seat (hidden from the other)
    discard: list[int] = []
    removed: list[int] = []
    markers: dict[str, int] = {}
    landed: list[list[str]] = []     # per side: spaces it landed in by sea this turn (§15.2)
    first: int = -1                  # who played first this turn
    battle: Battle | None = None
    flow: list[ev.Frame] = []
    stamp: int = 0
    points: list[int] = field(default_factory=lambda: [0, 0])       # political points at the last count
    winner: int = -1
    reason: str = ""
    seen_hands: list[list[int]] = field(default_factory=lambda: [[], []])  # per viewer: the opponent's hand as last seen (card 55)


def initial() -> State:
    """The opening position of §4 (from ``data/setup.json`` and ``map.json``)."""
    s = State(units=[{}, {}], landed=[[], []], hands=[[], []])
    for gid, g in GENERALS.items():
        s.gens[gid] = Gen(status="cup" if g.side == "rome" else "map")
    for st in SETUP.stacks:
        side = SIDE_OF[st.side]
        s.units[side][st.space] = Units(cu=st.cu, el=st.elephant_cu)
        for i, gid in enumerate((st.commander, *st.subordinates)):
            s.gens[gid] = Gen(where=st.space, status="map", stamp=1 if i == 0 else 0)
    for gid in SETUP.consuls.generals:
        s.gens[gid].office = "consul"
    for entry in SETUP.later_entries:
        s.gens[entry.general].status = "later"
    for sp in SPACES.values():
        if sp.tribe is not None:
            s.tribes[sp.id] = SIDE_OF[sp.tribe.friendly_to] if sp.tribe.friendly_to else -1
        if sp.start_control is not None:
            s.control[sp.id] = SIDE_OF[sp.start_control]
    s.stamp = 1
    return s


def units(s: State, side: int, space: str) -> Units:
    """The side's units in ``space`` (created empty on first use)."""
    u = s.units[side].get(space)
    if u is None:
        u = s.units[side][space] = Units()
    return u


def _tidy(s: State, space: str) -> None:
    """Fold units back outside the walls where no enemy stands and no siege goes on, and drop
    empty entries, so that one position has one encoding."""
    for side in (ROME, CARTHAGE):
        u = s.units[side].get(space)
        if u is None:
            continue
        enemy = s.units[other(side)].get(space)
        if (enemy is None or enemy.empty()) and space not in s.sieges and (u.icu or u.iel):
            u.cu += u.icu
            u.el += u.iel
            u.icu = u.iel = 0
        if u.empty():
            del s.units[side][space]
    if space not in s.sieges:
        for gid, g in s.gens.items():
            if g.where == space and g.inside:
                side = SIDE_OF[GENERALS[gid].side]
                enemy = s.units[other(side)].get(space)
                if enemy is None or enemy.empty():
                    g.inside = False


def evolve(s: State, e) -> State:
    kind = type(e)
    handler = _HANDLERS.get(kind)
    if handler is not None:
        handler(s, e)
    return s


def _turn_began(s: State, e: ev.TurnBegan) -> None:
    s.turn = e.turn
    s.landed = [[], []]
    s.first = -1


def _phase_began(s: State, e: ev.PhaseBegan) -> None:
    s.phase = e.phase


def _deck_shuffled(s: State, e: ev.DeckShuffled) -> None:
    s.deck = list(e.cards)
    out = set(e.cards)
    s.discard = [c for c in s.discard if c not in out]


def _cards_dealt(s: State, e: ev.CardsDealt) -> None:
    s.hands[e.seat].extend(e.cards)
    del s.deck[: len(e.cards)]


def _first_player(s: State, e: ev.FirstPlayer) -> None:
    s.first = e.seat


def _card_played(s: State, e: ev.CardPlayed) -> None:
    s.hands[e.seat].remove(e.card)
    (s.removed if e.removed else s.discard).append(e.card)


def _card_lost(s: State, e: ev.CardLost) -> None:
    s.hands[e.seat].remove(e.card)
    s.discard.append(e.card)


def _hand_seen(s: State, e: ev.HandSeen) -> None:
    s.seen_hands[e.viewer] = list(e.cards)


def _cu_placed(s: State, e: ev.CuPlaced) -> None:
    u = units(s, e.side, e.space)
    if e.inside:
        u.icu += e.count
        u.iel += e.elephants
    else:
        u.cu += e.count
        u.el += e.elephants


def _cu_lost(s: State, e: ev.CuLost) -> None:
    u = units(s, e.side, e.space)
    if e.inside:
        u.icu -= e.count
        u.iel -= e.elephants
    else:
        u.cu -= e.count
        u.el -= e.elephants
    _tidy(s, e.space)


def _units_moved(s: State, e: ev.UnitsMoved) -> None:
    src = units(s, e.side, e.origin)
    if e.from_inside:
        src.icu -= e.count
        src.iel -= e.elephants
    else:
        src.cu -= e.count
        src.el -= e.elephants
    dst = units(s, e.side, e.space)
    if e.to_inside:
        dst.icu += e.count
        dst.iel += e.elephants
    else:
        dst.cu += e.count
        dst.el += e.elephants
    for gid in e.generals:
        g = s.gens[gid]
        g.where = e.space
        g.inside = e.to_inside
    if e.how == "sail" and e.space not in s.landed[e.side]:
        s.landed[e.side].append(e.space)
    _tidy(s, e.origin)
    _tidy(s, e.space)


def _general_placed(s: State, e: ev.GeneralPlaced) -> None:
    g = s.gens[e.general]
    g.where, g.inside, g.status = e.space, e.inside, "map"


def _general_off(s: State, e: ev.GeneralOff) -> None:
    g = s.gens[e.general]
    where = g.where
    g.where, g.inside, g.status = "", False, e.to
    if e.to != "map" and g.office == "proconsul":
        g.office = ""
    if where:
        _tidy(s, where)


def _office_changed(s: State, e: ev.OfficeChanged) -> None:
    s.gens[e.general].office = e.office


def _command_taken(s: State, e: ev.CommandTaken) -> None:
    s.stamp += 1
    g = s.gens[e.general]
    g.stamp = s.stamp
    b = s.battle
    side = SIDE_OF[GENERALS[e.general].side]
    if b is not None and g.where == b.space and g.inside == b.inside[side]:
        b.commanders[side] = e.general  # §18.2: the consul who takes over commands the battle from then on


def _control_changed(s: State, e: ev.ControlChanged) -> None:
    if e.cause == "submission":
        s.tribes.pop(e.space, None)
    if e.side < 0:
        s.control.pop(e.space, None)
    else:
        s.control[e.space] = e.side


def _siege_points(s: State, e: ev.SiegePoints) -> None:
    if e.points <= 0:
        s.sieges.pop(e.space, None)
        _tidy(s, e.space)
    else:
        s.sieges[e.space] = Siege(side=e.side, points=e.points)


def _marker_set(s: State, e: ev.MarkerSet) -> None:
    if e.value:
        s.markers[e.name] = e.value
    else:
        s.markers.pop(e.name, None)


def _battle_began(s: State, e: ev.BattleBegan) -> None:
    s.battle = Battle(space=e.space, attacker=e.attacker, orig_attacker=e.attacker, origin=e.origin,
                      commanders=list(e.generals) if e.attacker == ROME else list(reversed(e.generals)),
                      cu_start=list(e.cu) if e.attacker == ROME else list(reversed(e.cu)),
                      hands=[{}, {}], shown=[{}, {}], played=[],
                      inside=list(e.inside) if e.attacker == ROME else list(reversed(e.inside)), relief=e.relief)


def _battle_cards_dealt(s: State, e: ev.BattleCardsDealt) -> None:
    hand = s.battle.hands[e.seat]
    for c in e.cards:
        hand[c] = hand.get(c, 0) + 1


def _battle_cards_shown(s: State, e: ev.BattleCardsShown) -> None:
    shown = s.battle.shown[e.seat]
    for c in e.cards:
        shown[c] = shown.get(c, 0) + 1


def _take(d: dict[str, int], card: str) -> None:
    d[card] -= 1
    if not d[card]:
        del d[card]


def _battle_card_taken(s: State, e: ev.BattleCardTaken) -> None:
    b = s.battle
    _take(b.hands[e.seat], e.card)
    if b.shown[e.seat].get(e.card, 0) > b.hands[e.seat].get(e.card, 0):
        _take(b.shown[e.seat], e.card)
    hand = b.hands[other(e.seat)]
    hand[e.card] = hand.get(e.card, 0) + 1


def _battle_card_played(s: State, e: ev.BattleCardPlayed) -> None:
    b = s.battle
    b.played.append(e.card)
    if e.card != "maharbal":
        _take(b.hands[e.seat], e.card)
        if b.shown[e.seat].get(e.card, 0) > b.hands[e.seat].get(e.card, 0):
            _take(b.shown[e.seat], e.card)
    if e.card == "probe" and e.as_type != "probe":
        b.probe_used = True
    if e.attacking:
        b.rounds += 1
        b.card = e.as_type
    else:
        b.card = ""


def _initiative(s: State, e: ev.InitiativeChanged) -> None:
    s.battle.attacker = e.seat


def _battle_ended(s: State, e: ev.BattleEnded) -> None:
    s.battle.rounds = e.rounds
    s.battle.last_won_by = e.card


def _battle_cleared(s: State, e: ev.BattleCleared) -> None:
    s.battle = None


def _political_points(s: State, e: ev.PoliticalPoints) -> None:
    s.points = list(e.points)


def _game_ended(s: State, e: ev.GameEnded) -> None:
    s.winner, s.reason, s.phase = e.winner, e.reason, OVER
    s.points = list(e.points)
    s.flow = []


def _flow(s: State, e: ev.Flow) -> None:
    s.flow = [msgspec.structs.replace(f, flags=list(f.flags), spaces=list(f.spaces), generals=list(f.generals),
                                      nums=list(f.nums)) for f in e.frames]


_HANDLERS = {
    ev.TurnBegan: _turn_began, ev.PhaseBegan: _phase_began, ev.DeckShuffled: _deck_shuffled,
    ev.CardsDealt: _cards_dealt, ev.FirstPlayer: _first_player, ev.CardPlayed: _card_played,
    ev.CardLost: _card_lost, ev.HandSeen: _hand_seen, ev.CuPlaced: _cu_placed, ev.CuLost: _cu_lost,
    ev.UnitsMoved: _units_moved, ev.GeneralPlaced: _general_placed, ev.GeneralOff: _general_off,
    ev.OfficeChanged: _office_changed, ev.CommandTaken: _command_taken, ev.ControlChanged: _control_changed,
    ev.SiegePoints: _siege_points, ev.MarkerSet: _marker_set, ev.BattleBegan: _battle_began,
    ev.BattleCardsDealt: _battle_cards_dealt, ev.BattleCardsShown: _battle_cards_shown,
    ev.BattleCardTaken: _battle_card_taken, ev.BattleCardPlayed: _battle_card_played,
    ev.InitiativeChanged: _initiative, ev.BattleEnded: _battle_ended, ev.BattleCleared: _battle_cleared,
    ev.PoliticalPoints: _political_points, ev.GameEnded: _game_ended, ev.Flow: _flow,
}
