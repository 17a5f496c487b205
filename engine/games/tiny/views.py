"""What each seat of Tiny sees, and the states a search may draw for it.

``view(state, seat)`` shows a seat its own cards and only the count of the other's (spectators,
``seat`` None, see no card); conformance's ``leak`` checks try to find anything more in it.
``sample_hidden(game, state, seat, rng)`` gives a full state the seat cannot tell from the real
one: what it sees kept, the rest (the deck, the other hand) redrawn from ``rng``. A search bot only
ever plays on such states (docs/SEARCH.md), so it cannot cheat.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.rng import Rng

from .state import State


class View(msgspec.Struct, frozen=True):
    hand: tuple[int, ...]
    other_cards: int
    deck_size: int
    standing: tuple[bool, ...]
    turn: int


def view(state: State, seat: int | None) -> View:
    return View(hand=tuple(state.hands[seat]) if seat is not None else (),
                other_cards=len(state.hands[1 - seat]) if seat is not None else 0,
                deck_size=len(state.deck), standing=tuple(state.standing), turn=state.turn)


def sample_hidden(game: Any, state: State, seat: int | None, rng: Rng) -> State:
    hidden = list(state.deck) + [c for s in (0, 1) if s != seat for c in state.hands[s]]
    hidden = rng.shuffled(hidden)
    hands = [list(h) for h in state.hands]
    for s in (0, 1):
        if s != seat:
            hands[s] = [hidden.pop() for _ in hands[s]]
    return State(deck=hidden, hands=hands, standing=list(state.standing), turn=state.turn)
