"""Tiny's printed components as data (DESIGN.md principle 5): ``data/deck.json``, decoded strictly
into frozen structs at import and checked, every record naming its source (``engine.data``)."""

from __future__ import annotations

import msgspec

from engine.data import load_data


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    value: int
    source: str


class DeckFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    game: str
    source: str
    note: str
    cards: tuple[Card, ...]


def _load() -> tuple[int, ...]:
    file = load_data(__package__, "deck.json", DeckFile)
    values = tuple(c.value for c in file.cards)
    if sorted(values) != list(range(1, len(values) + 1)):
        raise ValueError(f"tiny: the deck must be the cards 1..n once each, not {values}")
    if any(not c.source for c in file.cards):
        raise ValueError("tiny: every card names its source")
    return values


DECK = _load()
