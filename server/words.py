"""The game's own words for what a seat may do now (``ListLegalCommandsRequest.with_words``).

Each command is put in words by the game's notation (``server.render.describer``: the words of
``carthago moves``), but never from the real state: from a state drawn for the asking seat by the
game's ``sample_hidden``, which holds what the seat sees and the rest redrawn. So a phrase can name
nothing hidden from the seat, whatever a game's notation reads (its contract test:
tests/test_words.py). A seat's own commands read the same in any such draw, since they are made
of what the seat knows.
"""

from __future__ import annotations

import secrets
from typing import Any

from engine.core import Game
from engine.rng import Rng

from .render import describer


def legal_words(game: Game, state: Any, seat: int, commands: list[Any]) -> list[str]:
    """``commands`` (the seat's legal list) in words, one each, in order; ``state`` is not changed."""
    if not commands:
        return []
    seen = game.sample_hidden(state, seat, Rng(secrets.token_bytes(16), 0))
    describe = describer(game)
    return [describe(seen, seat, c) for c in commands]
