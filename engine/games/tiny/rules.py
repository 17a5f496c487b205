"""Tiny's rules (RULES.md): what a command decides, what is legal, who acts and who won.

``decide`` validates a command against the state and returns the events it causes; it never
changes the state (conformance's ``purity`` check) and draws every random outcome from ``rng``
(the game's seed and the log position: DESIGN.md principle 2). Its seat may act: the game's
``decide`` (``engine.session.ModularGame``) checked that before calling it.
"""

from __future__ import annotations

from typing import Any

from engine import errors
from engine.core import Emitted, GameConfig, Result, Status, private, public
from engine.rng import Rng

from .commands import Draw, Stand
from .components import DECK
from .events import Dealt, DealtPublic, Shuffled, ShuffledPublic, Stood
from .state import State

MOST_CARDS = 3  # the card dealt and two draws (§2.1)


def initial(config: GameConfig) -> State:
    return State(deck=[], hands=[[], []], standing=[False, False])


def setup(config: GameConfig, rng: Rng) -> list[Emitted]:
    """§1: the deck shuffled (nobody sees its order), one card dealt to each seat face down."""
    deck = tuple(rng.shuffled(DECK))
    out = [private(Shuffled(deck), (), ShuffledPublic(len(deck)))]
    for seat in (0, 1):
        out.append(private(Dealt(seat, deck[seat]), (seat,), DealtPublic(seat)))
    return out


def decide(state: State, seat: int, command: Any, rng: Rng) -> list[Emitted]:
    if isinstance(command, Draw):
        errors.require(len(state.hands[seat]) < MOST_CARDS, errors.ILLEGAL_MOVE, "at most two draws")
        return [private(Dealt(seat, state.deck[0]), (seat,), DealtPublic(seat))]
    if isinstance(command, Stand):
        return [public(Stood(seat))]
    raise errors.RuleError(errors.UNKNOWN_COMMAND, f"not a command of tiny: {command!r}")


def legal(state: State, seat: int) -> list[Any]:
    st = status(state)
    if st.over or seat not in st.to_act:
        return []
    return ([Draw()] if len(state.hands[seat]) < MOST_CARDS else []) + [Stand()]


def status(state: State) -> Status:
    """§3: once both stand, the higher total wins; equal totals are a draw. Until then the seat
    whose turn it is acts, or the other one when it stands already (§2.2)."""
    if all(state.standing):
        totals = tuple(sum(h) for h in state.hands)
        winners = () if totals[0] == totals[1] else ((0,) if totals[0] > totals[1] else (1,))
        return Status(to_act=(), over=True, result=Result(winners, totals, "both stood"))
    seat = state.turn
    if state.standing[seat]:
        seat = 1 - seat
    return Status(to_act=(seat,))
