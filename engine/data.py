"""Loading printed components from a game's data files.

DESIGN.md principle 5: maps, cards and tables are data, not code. Each game keeps
its components in JSON files under ``engine/games/<game>/data/`` and decodes them
with msgspec into frozen structs at import. Every record names where its values
come from: ``source`` is a rulebook section (``"Roma \\"Legat\\""``, ``"§11.6"``),
``"printed card"`` for values printed on a component, or ``"reconstructed"`` for
values the project authored itself. ``sources`` may override the source of single
fields of a record.

The machinery a game's ``components.py`` shares (issue 34): :class:`Record`, the base of its
records; :func:`load_checked`, which decodes its files and raises :class:`ComponentDataError`
naming every problem its checks find; and the checks every game makes the same way, provenance
(:func:`source_problems`, over every record nested in a file) and unique ids (:func:`unique`). A
game keeps its own structs, its own cross-references and which rulebook sections it accepts.
"""

from __future__ import annotations

from collections import Counter
from importlib import resources
from typing import Any, Callable, Iterable, Iterator, TypeVar

import msgspec

T = TypeVar("T")

RECONSTRUCTED = "reconstructed"


def load_data(package: str, name: str, type: type[T]) -> T:
    """Decode ``data/<name>`` of a game package into ``type`` (strictly)."""
    raw = resources.files(package).joinpath("data", name).read_bytes()
    return msgspec.json.decode(raw, type=type, strict=True)


class ComponentDataError(ValueError):
    """A game's data file contradicts itself, another of its files or the game's inventory."""


class Record(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Base of every record: strict decoding, immutable, with provenance."""

    source: str
    sources: dict[str, str] = {}

    def source_of(self, field: str) -> str:
        return self.sources.get(field, self.source)


def records(rec: object, label: str) -> Iterator[tuple[str, Record]]:
    """(label, record) for ``rec`` if it is a :class:`Record` and for every Record nested in it, in
    its fields and tuples (a tuple's items are labelled by their ``id`` where they have one)."""
    if isinstance(rec, Record):
        yield label, rec
    if isinstance(rec, msgspec.Struct):
        for name in rec.__struct_fields__:
            yield from records(getattr(rec, name), f"{label}.{name}")
    elif isinstance(rec, tuple):
        for i, item in enumerate(rec):
            yield from records(item, f"{label}[{getattr(item, 'id', i)}]")


def check_sources(label: str, rec: Record, sections: tuple[str, ...], problems: list[str]) -> None:
    """``rec``'s sources each start with one of ``sections`` (a game's rulebook headings, or ``"§"``)
    or with ``"reconstructed"``, and ``sources`` names only fields the record has."""
    for src in (rec.source, *rec.sources.values()):
        if not (src.startswith(sections) or src.startswith(RECONSTRUCTED)):
            problems.append(f"{label}: source {src!r} is neither a rulebook section nor {RECONSTRUCTED!r}")
    for name in rec.sources:
        if name not in rec.__struct_fields__ or name in ("source", "sources"):
            problems.append(f"{label}: sources names unknown field {name!r}")


def source_problems(label: str, rec: object, sections: tuple[str, ...]) -> list[str]:
    """:func:`check_sources` for every record in ``rec`` (a decoded file, or part of one)."""
    problems: list[str] = []
    for where, r in records(rec, label):
        check_sources(where, r, sections, problems)
    return problems


def unique(label: str, ids: Iterable, problems: list[str]) -> None:
    """One problem for each id that ``ids`` holds more than once."""
    for i, n in Counter(ids).items():
        if n > 1:
            problems.append(f"{label}: duplicate id {i!r}")


def load_checked(game: str, package: str, files: dict[str, tuple[str, type]],
                 validate: Callable[[dict[str, Any]], list[str]]) -> dict[str, Any]:
    """Every file of ``files`` (key -> (file name, type)) decoded strictly, then checked as a whole
    by ``validate``: :class:`ComponentDataError` naming every problem it finds, or the files by key."""
    data = {key: load_data(package, name, typ) for key, (name, typ) in files.items()}
    problems = validate(data)
    if problems:
        raise ComponentDataError(f"{game} data: " + "; ".join(problems))
    return data
