"""Hannibal's Decider entry points: the opening, ``decide``, ``legal`` and ``status``.

The rules themselves live in the modules that register their steps in ``flow.STEPS``, one per
part of the rulebook: the turn (``turn``, ``reinforcements``), the march (``march``, ``naval``,
``reaction``, ``interception``, ``avoidance``, ``siege``, ``campaign``), battles (``battle``,
``retreat``) and the cards' events (``cards``), over the helpers they share (``army``, ``forces``,
``command``, ``siege_train``). Each asks for the steps of the others by name; this module imports
them all, so that the table is full.
"""

from __future__ import annotations

from engine.core import GameConfig, Result, Status

from . import (avoidance, battle, campaign, cards, command, interception, march, naval, reaction,  # noqa: F401
               reinforcements, retreat, siege, turn)  # (they register their steps)
from .turn import check_sudden_death
from .siege_train import siege_train_caught
from . import events as ev
from .components import STRATEGY_CARDS
from .events import Frame
from .flow import HOOKS, Ctx, advance, decide, legal, play_owned  # noqa: F401 - the surface
from .options import chosen
from .state import CARTHAGE, OVER, ROME, State, initial as _initial
from . import board as B


def initial(config: GameConfig) -> State:
    """§4's opening position, with the options chosen as public markers (``options.py``)."""
    s = _initial()
    s.markers.update(chosen(config))
    return s


def setup(config: GameConfig, rng) -> list:
    """§4: the opening position is the initial state; the strategy deck is shuffled (§4.4), then
    turn 1 begins."""
    ctx = Ctx(initial(config), rng)
    order = tuple(rng.shuffled(sorted(STRATEGY_CARDS)))
    ctx.emit_private(ev.DeckShuffled(cards=order, reason="setup"), (),
                     ev.DeckShuffledRedacted(count=len(order), reason="setup"))
    ctx.push(Frame(kind="begin_turn"))
    ctx.run()
    return ctx.finish()


def status(s: State) -> Status:
    if s.phase == OVER:
        return Status(to_act=(), over=True,
                      result=Result(winners=(s.winner,), scores=tuple(s.points), reason=s.reason))
    if s.flow:
        seat = s.flow[-1].seat
        if seat >= 0:
            return _TO_ACT[seat]
    return _NOBODY


_TO_ACT = (Status(to_act=(0,)), Status(to_act=(1,)))  # (frozen: one per seat, shared)
_NOBODY = Status(to_act=())


def resign_result(s: State, seat: int) -> Result:
    """A resignation: the other side wins; the scores shown are the political points at the last
    count."""
    return Result((1 - seat,), tuple(s.points), "resignation")


def lift_sieges(ctx: Ctx) -> None:
    """§20.6: a siege or submission ends, and its points go, when no besieging CU remain."""
    s = ctx.s
    if not s.sieges:
        return
    for sp, sg in sorted(s.sieges.items()):
        if B.cu_total(s, sg.side, sp) == 0:
            ctx.emit(ev.SiegePoints(space=sp, side=sg.side, points=0))


def after_each_step(ctx: Ctx) -> None:
    """The checks after every step, in order, none once the war is over: sieges lifted (§20.6),
    the siege train caught (#30), sudden death (§23). One hook, each check asked only when there
    is something for it to find (a siege, the train on the map)."""
    s = ctx.s
    if s.sieges:
        lift_sieges(ctx)
        if s.phase == OVER:
            return
    if s.markers.get("siege_train"):
        siege_train_caught(ctx)
        if s.phase == OVER:
            return
    control = s.control
    if control.get("carthago", -1) == ROME or control.get("roma", -1) == CARTHAGE:  # what it looks for
        check_sudden_death(ctx)


HOOKS[:] = [after_each_step]
