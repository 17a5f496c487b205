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
    space: str         # a space id of data/map.json
    side: int          # 0 Rome, 1 Carthage
    cu: int            # CU outside the walls, elephant CU included
    elephants: int     # elephant CU among cu (§17.1)
    inside_cu: int     # CU inside the walls of the space's city
    inside_elephants: int  # elephant CU among inside_cu


class GeneralView(msgspec.Struct, frozen=True):
    general: str       # a general id of data/generals.json
    side: int          # 0 Rome, 1 Carthage
    status: str        # map | cup | neutralized | removed | later
    space: str         # "" off the map
    inside: bool       # inside the walls of the city in his space
    office: str        # Rome: consul | proconsul | ""
    commands: bool     # commander-in-chief of his stack (§9.2)


class ControlView(msgspec.Struct, frozen=True):
    space: str         # a space holding a PC, city or tribe marker of a side
    side: int          # 0 Rome, 1 Carthage


class TribeView(msgspec.Struct, frozen=True):
    space: str         # a space whose tribe marker is still on the map (§20.8)
    friendly_to: int   # -1: neutral


class SiegeView(msgspec.Struct, frozen=True):
    space: str         # the besieged city or the tribe being submitted
    side: int          # the side besieging or submitting it
    points: int        # siege or submission points, 1-2 (3 converts it, §20.8)


class MarkerView(msgspec.Struct, frozen=True):
    """A game marker; the options the game was created with show as ``option:`` markers set from the
    start (``option:pass_attrition_every_army``, ``option:minor_campaign_ops_sail``; none for the
    defaults)."""

    name: str          # macedonia, naval_victory, truce, counsel_rome, counsel_carthage, reshuffle, siege_train, option:<name> ...
    value: int         # non-zero while the marker is set


class BattleView(msgspec.Struct, frozen=True):
    space: str                  # where the battle is fought
    attacker: int               # the side attacking this round
    original_attacker: int      # the side whose move started the battle (§14.5)
    origin: str                 # the space the original attacker came from ("" if none)
    commanders: tuple[str, ...]  # (Rome, Carthage); "" for a force without a general
    cu_start: tuple[int, ...]   # CU at the start, (Rome, Carthage): the retreat-table column (§14.12)
    rounds: int                 # rounds begun so far (§14.11)
    card: str                   # the attacker's card waiting to be matched
    hand: tuple[str, ...]       # the viewer's battle cards (empty for a spectator)
    hand_sizes: tuple[int, ...]  # (Rome, Carthage)
    shown_rome: tuple[str, ...]  # Rome's cards face up by card 20
    shown_carthage: tuple[str, ...]  # Carthage's cards face up by card 20
    played: tuple[str, ...]     # battle cards played so far, in order
    probe_used: bool            # Hannibal's probe ability is spent for this battle (§26)


class View(msgspec.Struct, frozen=True):
    seat: int                   # the viewer, -1 for a spectator
    turn: int                   # 1-9 (§4, §7.1)
    phase: str                  # reinforcements, strategy, winter_attrition, isolation, political, over
    first: int                  # the side that played first this turn (§7.3), -1 before it is known
    to_act: tuple[int, ...]     # the seat that must send the next command (empty between or after)
    prompt: str                 # what the pending decision asks, in words
    flow: tuple[Frame, ...]     # the pending decisions, innermost last
    hand: tuple[int, ...]       # the viewer's strategy cards
    hand_sizes: tuple[int, ...]  # (Rome, Carthage)
    seen_hand: tuple[int, ...]  # the other hand as card 55 last showed it to the viewer
    deck_size: int              # strategy cards left in the deck
    discard: tuple[int, ...]    # strategy cards discarded or played, oldest first (public, §8.6)
    removed: tuple[int, ...]    # strategy cards out of the game (one-time events, §8.5)
    units: tuple[UnitsView, ...]  # every stack of CU, Rome's first, by space
    generals: tuple[GeneralView, ...]  # every general, by id
    control: tuple[ControlView, ...]  # every controlled space, by id
    tribes: tuple[TribeView, ...]  # tribe markers still on the map, by space
    sieges: tuple[SiegeView, ...]  # sieges and submissions under way, by space
    markers: tuple[MarkerView, ...]  # game markers set, by name
    points: tuple[int, ...]     # political points now (§22.1), (Rome, Carthage)
    over: bool                  # the war has ended
    winner: int                 # the winning side once over, else -1
    reason: str                 # how it ended: turn_limit, peace, sudden_death_roma, sudden_death_carthago, sudden_death_italy
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
    in_command = B.commanders(s)
    for g in sorted(s.gens):
        st = s.gens[g]
        gens.append(GeneralView(general=g, side=B.side_of(g), status=st.status, space=st.where, inside=st.inside,
                                office=st.office, commands=g in in_command))
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
