"""Shared helpers for Hannibal's rules tests: build a position, script the dice, play commands.

A *position* starts from the real opening (§4) with an empty board of units (``clear``), then
puts the units, generals and control a test names. The pending decision is set with ``at``: the
strategy phase with the given hand, or any frame. Dice are scripted (``Dice``): a test says which
rolls come, and fails if the rules roll more or fewer than it expects.
"""

from __future__ import annotations

from typing import Any

from engine.core import GameConfig
from engine.errors import RuleError
from engine.games.hannibal import board as B
from engine.games.hannibal import commands as cmd  # noqa: F401 - re-exported for the tests
from engine.games.hannibal import events as ev
from engine.games.hannibal.events import Frame
from engine.games.hannibal.game import HANNIBAL as G
from engine.games.hannibal.state import CARTHAGE, ROME, Gen, State, Units, initial
from engine.session import Session

from ..checked import decide_and_apply

__all__ = ["CARTHAGE", "ROME", "G", "B", "cmd", "ev", "Frame", "RuleError"]


class Dice:
    """A stand-in for the game's generator that rolls the dice a test scripts, in order;
    shuffles keep their order (so a test can name the cards dealt) and random picks take the
    first item."""

    def __init__(self, *rolls: int) -> None:
        self.rolls = list(rolls)

    def die(self, sides: int = 6) -> int:
        if not self.rolls:
            raise AssertionError("the rules rolled a die the test did not script")
        return self.rolls.pop(0)

    def shuffled(self, items):
        return list(items)

    def choice(self, items):
        return items[0]

    def below(self, n: int) -> int:
        return 0


def start(seed: bytes = b"game") -> tuple[Session, list[Any]]:
    return Session.start(G, GameConfig(2), seed)


def clear() -> State:
    """The opening state with no units and no general on the map, no hands, the deck intact."""
    s = initial()
    s.units = [{}, {}]
    for gid, g in s.gens.items():
        g.where, g.inside, g.office = "", False, ""
        g.status = "cup" if B.side_of(gid) == ROME else "removed"
    s.turn, s.phase, s.first = 3, "strategy", ROME
    s.deck = list(range(1, 65))
    s.hands = [[], []]
    return s


def put(s: State, side: int, space: str, cu: int = 0, *, elephants: int = 0, inside: int = 0,
        generals: tuple[str, ...] = (), office: str = "") -> State:
    """``cu`` CU (``elephants`` of them elephant CU) outside the walls, ``inside`` CU inside, and
    the generals (the first commands)."""
    u = s.units[side].setdefault(space, Units())
    u.cu += cu
    u.el += elephants
    u.icu += inside
    for i, g in enumerate(generals):
        s.gens[g] = Gen(where=space, status="map", office=office if B.side_of(g) == ROME else "",
                        stamp=10 - i)
    return s


def control(s: State, side: int, *spaces: str) -> State:
    for sp in spaces:
        if side < 0:
            s.control.pop(sp, None)
        else:
            s.control[sp] = side
    return s


def at(s: State, *frames: Frame) -> State:
    """Set the pending decisions (innermost last) under an empty turn end."""
    s.flow = [Frame(kind="strategy_next", nums=[-1]), *frames]
    return s


def strategy(s: State, seat: int, hand: list[int], other_hand: list[int] | None = None) -> State:
    s.hands[seat] = list(hand)
    s.hands[1 - seat] = list(other_hand or [])
    for c in hand + (other_hand or []):
        if c in s.deck:
            s.deck.remove(c)
    return at(s, Frame(kind="strategy", seat=seat))


def play(s: State, seat: int, command: Any, dice: Dice | None = None) -> list[Any]:
    """Decide ``command`` for ``seat`` and apply its events to ``s``; returns the events."""
    d = dice or Dice()
    emitted = decide_and_apply(G, s, seat, command, d)
    if d.rolls:
        raise AssertionError(f"scripted rolls left unused: {d.rolls}")
    return [e.event for e in emitted]


def rejected(s: State, seat: int, command: Any) -> RuleError:
    try:
        G.decide(s, seat, command, Dice())
    except RuleError as err:
        return err
    raise AssertionError(f"{command} was accepted")


def of(events: list[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def top(s: State) -> Frame:
    return s.flow[-1]


def legal(s: State, seat: int) -> list[Any]:
    return G.legal(s, seat)
