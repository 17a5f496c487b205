"""What every rules module of Rome et Carthage shares: one decision's events (:class:`Out`), the
checks of a command's arguments, the command objects made once and shared, the names of the
editions and of the special cards. It imports no rules module: every part of the rules imports it.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core import Emitted
from engine.errors import MALFORMED_COMMAND, require
from engine.rng import Rng

from . import cards as cd
from .state import _EVOLVE, State, evolve

EDITIONS = ("original", "mediterranee")
TREASON, SEDITION = "treason", "sedition"


class Out:
    """The events of one decision, with the state as they leave it (copied on first look).

    ``in_place`` (:func:`advance`): the events change ``state`` itself as they come, no copy.
    ``check`` False: the command is one ``legal`` listed, so the handlers skip their checks."""

    def __init__(self, state: State, rng: Rng, in_place: bool = False, check: bool = True) -> None:
        self.base = state
        self.rng = rng
        self.events: list[Emitted] = []
        self._state: State | None = state if in_place else None
        self.check = check

    def add(self, emitted: Emitted) -> None:
        self.events.append(emitted)
        if self._state is not None:
            _EVOLVE[type(emitted.event)](self._state, emitted.event)  # evolve, one call less

    def public(self, event: Any) -> None:
        self.events.append(Emitted(event))  # add(public(event)), two calls less: it runs for every event
        if self._state is not None:
            _EVOLVE[type(event)](self._state, event)

    @property
    def state(self) -> State:
        if self._state is None:
            self._state = _copy(self.base)
            for e in self.events:
                evolve(self._state, e.event)
        return self._state


def _copy(state: State) -> State:
    """``engine.core.copy_state`` for this game: a deep copy through the canonical encoding (the
    state type is known here, so the game object is not needed)."""
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)


def cards_arg(value: Any) -> tuple[str, ...]:
    require(isinstance(value, tuple) and all(cd.is_card(c) for c in value), MALFORMED_COMMAND,
            "cards are a list of card ids such as \"10H\", \"JS\", \"AC\"")
    require(len(set(value)) == len(value), MALFORMED_COMMAND, "a card is listed twice")
    require(value == cd.canonical(value), MALFORMED_COMMAND,
            "list cards in canonical order (by value, then rank, then suit)")
    return value


def str_arg(value: Any, what: str) -> str:
    require(isinstance(value, str) and value != "", MALFORMED_COMMAND, f"{what} must be a non-empty id")
    return value


_CARD_CMDS: dict[tuple[type, tuple[str, ...]], Any] = {}


def card_command(kind: type, cards: tuple[str, ...]) -> Any:
    """The one ``kind(cards)`` command object (a commit or a forced march), made once and shared."""
    out = _CARD_CMDS.get((kind, cards))
    if out is None:
        out = _CARD_CMDS[kind, cards] = kind(cards)
    return out
