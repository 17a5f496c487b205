"""Loading printed components from a game's data files.

DESIGN.md principle 5: maps, cards and tables are data, not code. Each game keeps
its components in JSON files under ``engine/games/<game>/data/`` and decodes them
with msgspec into frozen structs at import. Every record names where its values
come from: ``source`` is a rulebook section (``"Roma \\"Legat\\""``, ``"§11.6"``),
``"printed card"`` for values printed on a component, or ``"reconstructed"`` for
values the project authored itself. ``sources`` may override the source of single
fields of a record.
"""

from __future__ import annotations

from importlib import resources
from typing import TypeVar

import msgspec

T = TypeVar("T")

RECONSTRUCTED = "reconstructed"


def load_data(package: str, name: str, type: type[T]) -> T:
    """Decode ``data/<name>`` of a game package into ``type`` (strictly)."""
    raw = resources.files(package).joinpath("data", name).read_bytes()
    return msgspec.json.decode(raw, type=type, strict=True)
