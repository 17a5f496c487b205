"""What every game's rules tests do to play one command on a hand-built state."""

from __future__ import annotations

from typing import Any

from engine.core import Game, state_digest
from engine.rng import Rng


def decide_and_apply(game: Game, state: Any, seat: int, command: Any, rng: Rng) -> list[Any]:
    """Decide (checking it leaves ``state`` untouched and emits something), then apply the events
    to ``state`` in place; returns the emitted events."""
    before = state_digest(state)
    emitted = game.decide(state, seat, command, rng)
    assert state_digest(state) == before, "decide mutated the state"
    assert emitted, "decide returned no event"
    for e in emitted:
        game.evolve(state, e.event)
    return emitted
