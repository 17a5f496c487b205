"""Shared helpers for the Roma tests: build a position, script the dice, play commands."""

from __future__ import annotations

from typing import Any, Iterable

from engine.core import GameConfig, state_digest
from engine.games.roma import ROMA
from engine.games.roma import commands as cmd  # noqa: F401  (re-exported for the tests)
from engine.games.roma import events as ev  # noqa: F401
from engine.games.roma.rules import initial
from engine.games.roma.state import TURN, State
from engine.rng import Rng

from ..checked import decide_and_apply


class ScriptedRng(Rng):
    """An Rng whose die rolls are given in advance; shuffles keep the order they are given
    (or follow ``orders``). Running out of scripted dice is a test error."""

    def __init__(self, dice: Iterable[int] = (), orders: Iterable[list[str]] = ()) -> None:
        super().__init__(b"scripted", 0)
        self.dice, self.orders = list(dice), list(orders)

    def die(self, sides: int = 6) -> int:
        assert self.dice, "the test did not script enough dice"
        value = self.dice.pop(0)
        assert 1 <= value <= sides
        return value

    def shuffled(self, items):
        if self.orders:
            order = self.orders.pop(0)
            assert sorted(order) == sorted(items), "scripted order is not a permutation"
            return list(order)
        return list(items)


def side(**cards: str) -> list[str]:
    """``side(d1="legat", d4="forum")`` -> the six discs of one player."""
    discs = [""] * 6
    for key, card in cards.items():
        discs[int(key[1:]) - 1] = card
    return discs


FULL = ["consul", "senator", "consul", "senator", "haruspex", "haruspex"]  # six occupied discs


def position(*, active: int = 0, first: list[str] | None = None, second: list[str] | None = None,
             hands: tuple[list[str], list[str]] = ([], []), deck: list[str] | None = None,
             discard: list[str] | None = None, money: tuple[int, int] = (0, 0), vp: tuple[int, int] = (10, 10),
             supply: int = 16, dice: list[int] | None = None, turn: int = 3) -> State:
    """A state in phase 3 of ``active``'s turn (dice rolled, none used). Unnamed sides are full."""
    s = initial(GameConfig(players=2))
    s.phase, s.active, s.turn = TURN, active, turn
    s.discs = [list(first if first is not None else FULL), list(second if second is not None else FULL)]
    s.hands = [list(hands[0]), list(hands[1])]
    s.deck = list(deck if deck is not None else ["templum"] * 10)
    s.discard = list(discard or [])
    s.money, s.vp, s.supply = list(money), list(vp), supply
    s.dice = list(dice if dice is not None else [1, 2, 3])
    s.used = [False] * len(s.dice)
    return s


def play(state: State, seat: int, command: Any, rng: Rng | None = None) -> list[Any]:
    """Decide (checking it leaves the state untouched) and apply; returns the emitted events."""
    return decide_and_apply(ROMA, state, seat, command, rng or ScriptedRng())


def events(emitted: list[Any]) -> list[Any]:
    return [e.event for e in emitted]


def kinds(emitted: list[Any]) -> list[str]:
    return [type(e.event).__name__ for e in emitted]


def rejected(state: State, seat: int, command: Any, rng: Rng | None = None) -> str:
    """The error code ``decide`` raises for ``command`` (the test fails if it is accepted)."""
    from engine.errors import RuleError

    before = state_digest(state)
    try:
        ROMA.decide(state, seat, command, rng or ScriptedRng())
    except RuleError as err:
        assert state_digest(state) == before
        return err.code
    raise AssertionError(f"{command!r} was accepted")


def legal(state: State, seat: int = 0) -> list[Any]:
    return ROMA.legal(state, seat)
