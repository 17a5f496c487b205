"""Tiny: the template a new game is copied from (docs/NEW_GAME.md), and the engine's own test game.

Two seats. A deck of eight numbered cards is shuffled; each seat gets one face down. In turn a seat
draws one more card face down (twice at most) or stands; when both stand, the higher total wins.
RULES.md says it in full.

Unlike the four games of Rome and Carthage, Tiny is **not registered**: the server never lists it,
and it has no protobuf schema (conformance runs every check on it but ``wire``). A test registers
it (``registry.register(TINY)``) where it needs it; a real game's ``__init__.py`` registers itself,
as ``engine/games/roma/__init__.py`` does, and is named in ``engine/registry._KNOWN``.
"""

from .game import TINY

__all__ = ["TINY"]
