"""Tiny's state and ``evolve``: the only code that changes a state, one event at a time (DESIGN.md
"The engine": a pure reducer over the log). ``evolve`` updates the state in place and returns it;
it never draws a die or reads a clock (conformance's ``replay`` check fails it otherwise)."""

from __future__ import annotations

import msgspec

from .events import Dealt, Shuffled, Stood


class State(msgspec.Struct):
    deck: list[int]
    hands: list[list[int]]
    standing: list[bool]
    turn: int = 0


def evolve(state: State, event: object) -> State:
    if isinstance(event, Shuffled):
        state.deck = list(event.deck)
    elif isinstance(event, Dealt):
        state.deck.remove(event.card)
        state.hands[event.seat].append(event.card)
        if len(state.hands[0]) + len(state.hands[1]) > 2:  # the opening deal passes no turn (§1)
            state.turn = 1 - event.seat
    elif isinstance(event, Stood):
        state.standing[event.seat] = True
        state.turn = 1 - event.seat
    return state
