"""What a seat of Tiny may send (RULES.md §2). One frozen struct per command, a ``Variant``: its tag
is its snake_case name, the name of its field in the game's protobuf ``oneof`` (a game with a wire)."""

from __future__ import annotations

from engine.core import Variant


class Draw(Variant):
    """Take the top card of the deck, face down (§2.1)."""


class Stand(Variant):
    """Stop drawing (§2.2)."""


Command = Draw | Stand
COMMAND_TYPES = (Draw, Stand)
