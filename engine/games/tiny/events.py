"""What happened in Tiny, as the log records it. An event whose content some seats may not see has
two forms: the full one (the log, the seats allowed) and the public one every other seat and the
spectators receive (``engine.core.private(full, seats, public)``; DESIGN.md principle 3). The public
form carries only what the rules let everyone know: that a card was dealt, never which."""

from __future__ import annotations

from engine.core import Variant


class Shuffled(Variant):
    """The deck's order, known to nobody (§1)."""
    deck: tuple[int, ...]


class ShuffledPublic(Variant):
    """What everyone learns of the shuffle: the deck's size."""
    size: int


class Dealt(Variant):
    """``seat`` took the top card, ``card`` (its owner alone sees it; §1, §2.1)."""
    seat: int
    card: int


class DealtPublic(Variant):
    """What the other seat and the spectators learn of a deal: who took a card."""
    seat: int


class Stood(Variant):
    """``seat`` stopped drawing (§2.2)."""
    seat: int


Event = Shuffled | ShuffledPublic | Dealt | DealtPublic | Stood
