"""What each seat may see (``view``) and a state it cannot tell from the real one (``sample_hidden``).

Hidden (§7, §14, §25): the strategy cards in a hand (the other side sees how many), the order of
the strategy deck, the battle cards in a hand (except those card 20 turned face up), and what card
55 showed a seat of the other hand. Everything on the map, the discard pile, the removed cards,
every marker and the pending decision (the ``flow`` stack) are public. A spectator (``seat is
None``) sees only what both players see.
"""

from __future__ import annotations

import msgspec

from engine.core import copy_state
from engine.rng import Rng

from . import board as B
from .components import BATTLE_DECK
from .events import Frame
from .flow import DESCRIBE
from .state import CARTHAGE, ROME, State


class UnitsView(msgspec.Struct, frozen=True):
    space: str
    side: int
    cu: int            # outside the walls, elephant CU included
    elephants: int
    inside_cu: int     # inside the walls of the space's city
    inside_elephants: int


class GeneralView(msgspec.Struct, frozen=True):
    general: str
    side: int
    status: str        # map | cup | neutralized | removed | later
    space: str         # "" off the map
    inside: bool
    office: str        # Rome: consul | proconsul | ""
    commands: bool     # commander-in-chief of his stack (§9.2)


class ControlView(msgspec.Struct, frozen=True):
    space: str
    side: int


class TribeView(msgspec.Struct, frozen=True):
    space: str
    friendly_to: int   # -1: neutral


class SiegeView(msgspec.Struct, frozen=True):
    space: str
    side: int
    points: int


class MarkerView(msgspec.Struct, frozen=True):
    name: str
    value: int


class BattleView(msgspec.Struct, frozen=True):
    space: str
    attacker: int               # this round
    original_attacker: int
    origin: str
    commanders: tuple[str, ...]  # (Rome, Carthage)
    cu_start: tuple[int, ...]
    rounds: int
    card: str                   # the attacker's card waiting to be matched
    hand: tuple[str, ...]       # the viewer's battle cards (empty for a spectator)
    hand_sizes: tuple[int, ...]  # (Rome, Carthage)
    shown_rome: tuple[str, ...]  # face up by card 20
    shown_carthage: tuple[str, ...]
    played: tuple[str, ...]
    probe_used: bool


class View(msgspec.Struct, frozen=True):
    seat: int                   # the viewer, -1 for a spectator
    turn: int
    phase: str
    first: int
    to_act: tuple[int, ...]
    prompt: str                 # what the pending decision asks, in words
    flow: tuple[Frame, ...]     # the pending decisions, innermost last
    hand: tuple[int, ...]       # the viewer's strategy cards
    hand_sizes: tuple[int, ...]  # (Rome, Carthage)
    seen_hand: tuple[int, ...]  # the other hand as card 55 last showed it to the viewer
    deck_size: int
    discard: tuple[int, ...]
    removed: tuple[int, ...]
    units: tuple[UnitsView, ...]
    generals: tuple[GeneralView, ...]
    control: tuple[ControlView, ...]
    tribes: tuple[TribeView, ...]
    sieges: tuple[SiegeView, ...]
    markers: tuple[MarkerView, ...]
    points: tuple[int, ...]     # political points now (§22.1), (Rome, Carthage)
    over: bool
    winner: int
    reason: str
    battle: BattleView | None = None  # the battle being fought, if any


def _expand(d: dict[str, int]) -> tuple[str, ...]:
    return tuple(sorted(c for c, n in d.items() for _ in range(n)))


def view(s: State, seat: int | None) -> View:
    viewer = -1 if seat is None else seat
    units = []
    for side in (ROME, CARTHAGE):
        for sp in sorted(s.units[side]):
            u = s.units[side][sp]
            units.append(UnitsView(space=sp, side=side, cu=u.cu, elephants=u.el, inside_cu=u.icu, inside_elephants=u.iel))
    gens = []
    for g in sorted(s.gens):
        st = s.gens[g]
        side = B.side_of(g)
        cmd = st.status == "map" and B.commander(s, side, st.where, st.inside) == g
        gens.append(GeneralView(general=g, side=side, status=st.status, space=st.where, inside=st.inside,
                                office=st.office, commands=cmd))
    battle = None
    b = s.battle
    if b is not None:
        battle = BattleView(space=b.space, attacker=b.attacker, original_attacker=b.orig_attacker, origin=b.origin,
                            commanders=tuple(b.commanders), cu_start=tuple(b.cu_start), rounds=b.rounds, card=b.card,
                            hand=_expand(b.hands[seat]) if seat is not None else (),
                            hand_sizes=tuple(sum(h.values()) for h in b.hands),
                            shown_rome=_expand(b.shown[ROME]), shown_carthage=_expand(b.shown[CARTHAGE]),
                            played=tuple(b.played), probe_used=b.probe_used)
    top = s.flow[-1] if s.flow else None
    return View(
        seat=viewer, turn=s.turn, phase=s.phase, first=s.first,
        to_act=(top.seat,) if top is not None and top.seat >= 0 and s.phase != "over" else (),
        prompt=DESCRIBE.get(top.kind, top.kind) if top is not None else "",
        flow=tuple(s.flow),
        hand=tuple(sorted(s.hands[seat])) if seat is not None else (),
        hand_sizes=(len(s.hands[ROME]), len(s.hands[CARTHAGE])),
        seen_hand=tuple(s.seen_hands[seat]) if seat is not None else (),
        deck_size=len(s.deck), discard=tuple(s.discard), removed=tuple(s.removed),
        units=tuple(units), generals=tuple(gens),
        control=tuple(ControlView(space=sp, side=c) for sp, c in sorted(s.control.items())),
        tribes=tuple(TribeView(space=sp, friendly_to=c) for sp, c in sorted(s.tribes.items())),
        sieges=tuple(SiegeView(space=sp, side=sg.side, points=sg.points) for sp, sg in sorted(s.sieges.items())),
        markers=tuple(MarkerView(name=k, value=v) for k, v in sorted(s.markers.items())),
        points=tuple(B.political_points(s)), battle=battle,
        over=s.phase == "over", winner=s.winner, reason=s.reason,
    )


def sample_hidden(game, s: State, seat: int | None, rng: Rng) -> State:
    """Deal the cards ``seat`` cannot see again at random: the other hand(s) and the deck order
    (strategy cards), the other side's battle cards except those shown face up."""
    out = copy_state(game, s)
    others = [x for x in (ROME, CARTHAGE) if x != seat]
    pool = list(out.deck)
    for x in others:
        pool += out.hands[x]
    pool = rng.shuffled(sorted(pool))
    for x in others:
        n = len(out.hands[x])
        out.hands[x], pool = pool[:n], pool[n:]
    out.deck = pool
    b = out.battle
    if b is not None:
        left = list(BATTLE_DECK)
        for c in b.played:
            if c in left and c != "maharbal":
                left.remove(c)
        if seat is not None:
            for c in _expand(b.hands[seat]):
                left.remove(c)
        for x in others:
            for c in _expand(b.shown[x]):
                left.remove(c)
        left = rng.shuffled(sorted(left))
        for x in others:
            n = sum(b.hands[x].values()) - sum(b.shown[x].values())
            hand = dict(b.shown[x])
            for c in left[:n]:
                hand[c] = hand.get(c, 0) + 1
            left = left[n:]
            b.hands[x] = hand
    return out
