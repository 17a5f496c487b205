"""Shared helpers for The Republic of Carthage's rules tests: a table, scripted dice, commands.

A *table* is the empty state of ``setup.initial`` with the senators, offices and talents a test
names. ``run`` starts automatic steps (frames) on it; ``play`` decides one command and applies its
events. Dice are scripted (:class:`Dice`): a test names the rolls that come and the Mortality chits
drawn, and fails if the rules roll more than it scripted or leave some unused.
"""

from __future__ import annotations

from typing import Any

from engine.core import GameConfig
from engine.errors import RuleError
from engine.games.republic_of_carthage import commands as cmd
from engine.games.republic_of_carthage import components as C
from engine.games.republic_of_carthage import events as ev
from engine.games.republic_of_carthage.events import Frame
from engine.games.republic_of_carthage.flow import Ctx
from engine.games.republic_of_carthage.game import REPUBLIC_OF_CARTHAGE as G
from engine.games.republic_of_carthage.setup import initial
from engine.games.republic_of_carthage.state import State, evolve
from engine.session import Session

from ..checked import decide_and_apply

__all__ = ["C", "G", "cmd", "ev", "Frame", "RuleError", "State"]


class Dice:
    """A stand-in for the game's generator: ``rolls`` are the dice, in order; ``chits`` the
    Mortality chits drawn, in order; shuffles keep their order and other random picks take the
    first item."""

    def __init__(self, *rolls: int, chits: tuple[str, ...] = ()) -> None:
        self.rolls = list(rolls)
        self.chits = list(chits)
        self.cup = list(C.MORTALITY_CHITS)

    def die(self, sides: int = 6) -> int:
        if not self.rolls:
            raise AssertionError("the rules rolled a die the test did not script")
        return self.rolls.pop(0)

    def below(self, n: int) -> int:
        if n == len(self.cup) and self.chits:  # a chit drawn from the cup
            chit = self.chits.pop(0)
            i = self.cup.index(chit)
            self.cup.pop(i)
            return i
        if n == len(C.MORTALITY_CHITS):
            raise AssertionError("the rules drew a chit the test did not script")
        return 0

    def shuffled(self, items):
        return list(items)

    def choice(self, items):
        return items[0]

    def used_up(self) -> None:
        assert not self.rolls and not self.chits, f"scripted but unused: {self.rolls} {self.chits}"


def table(players: int = 3, factions: tuple[tuple[int, ...], ...] | None = None, leaders: bool = True) -> State:
    """An empty table whose factions hold the families named (default: 1-3, 4-6, 7-9 …), the first of
    each its Faction Leader, a State Treasury of 100 T at 10 % tax."""
    s = initial(players)
    factions = factions or tuple(tuple(range(3 * i + 1, 3 * i + 4)) for i in range(players))
    for seat, fams in enumerate(factions):
        for fam in fams:
            evolve(s, ev.SenatorEntered(senator=str(fam), seat=seat, reason="test"))
        if leaders and fams:
            s.leaders[seat] = str(fams[0])
    s.treasury, s.tax_rate, s.turn = 100, 10, 1
    s.piles = [[] for _ in range(C.COMMERCE.piles)]
    return s


def run(s: State, *frames: Frame, dice: Dice | None = None) -> list[Any]:
    """Run the rules from ``frames`` (in the order given) until a seat must decide; apply the events
    to ``s``; returns them."""
    d = dice or Dice()
    ctx = Ctx(s, d)
    ctx.s.flow = []
    ctx.then(*frames)
    ctx.run()
    out = ctx.finish()
    for e in out:
        evolve(s, e.event)
    s.flow = ctx.s.flow
    return [e.event for e in out]


def play(s: State, seat: int, command: Any, dice: Dice | None = None) -> list[Any]:
    d = dice or Dice()
    emitted = decide_and_apply(G, s, seat, command, d)
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


def opening(players: int, seed: bytes = b"seed", events: list | None = None) -> Session:
    """A real game from its seed, with every set-up choice answered by the first legal command
    (no card played at once; ``events`` collects everything emitted, as Emitted records)."""
    session, out = Session.start(G, GameConfig(players), seed)
    while session.state.phase == "setup":
        seat = session.status().to_act[0]
        choices = session.legal(seat)
        pick = cmd.ChooseOption(option="done") if session.state.flow[-1].kind == "setup_play" else choices[0]
        out += session.submit(seat, pick)
    if events is not None:
        events += out
    return session


def setup_events(players: int, seed: bytes = b"seed") -> list:
    """Every event of the set-up (up to the first turn), as Emitted records."""
    out: list = []
    opening(players, seed, out)
    first = next(i for i, e in enumerate(out) if isinstance(e.event, ev.TurnBegan))
    return out[:first]


def no_counter(s: State) -> list[Any]:
    """Every other player passes on countering the Intrigue card just played (R79)."""
    out: list[Any] = []
    while s.flow and top(s).kind == "counter":
        out += play(s, top(s).seat, cmd.ChooseOption(option="pass"))
    return out


def no_trading(s: State) -> list[Any]:
    """Every player passes at his turn to trade cards in the Civil War phase (VII.2, R111)."""
    out: list[Any] = []
    while s.flow and top(s).kind == "card_trade_turn":
        out += play(s, top(s).seat, cmd.ChooseOption(option="pass"))
    return out


def no_cards_promised(s: State, seat: int) -> list[Any]:
    """A commerce offer's Intrigue/Event cards (III.2, R136): none promised, none asked."""
    return play(s, seat, cmd.ChooseOption(option="done")) + play(s, seat, cmd.ChooseNumber(number=0))
