"""Commands a game must reject: mutations of legal commands, foreign and garbage commands.

A mutation may happen to equal another legal command; the caller only asks that commands
*not* listed by ``legal()`` are rejected.
"""

from __future__ import annotations

import random
from typing import Any, Iterable

import msgspec

from engine.core import Variant


class Garbage(msgspec.Struct):
    """A struct that is no command of any game."""

    junk: int = 7


class ForeignCommand(Variant, frozen=True):
    """A well-formed command of no registered game."""

    card: str = "x"
    disc: int = 1


class Draw(Variant, frozen=True):
    """A look-alike of the test game's ``Draw`` (same tag, another class)."""


def garbage() -> list[tuple[str, Any]]:
    """Values that are not commands: each must be rejected with a typed RuleError."""
    return [
        ("None", None), ("the int 7", 7), ("the string 'end_turn'", "end_turn"), ("bytes", b"\x00\x01"),
        ("a dict", {"type": "end_turn"}), ("an empty list", []), ("a random msgspec struct", Garbage()),
        ("a command of no game", ForeignCommand()), ("a foreign Draw", Draw()), ("a class", Garbage),
    ]


def strings_in(value: Any, out: set[str]) -> None:
    """Collect every string inside a command (to mutate str fields into plausible values)."""
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, (tuple, list)):
        for item in value:
            strings_in(item, out)
    elif isinstance(value, msgspec.Struct):
        for field in value.__struct_fields__:
            strings_in(getattr(value, field), out)


def _values(value: Any, pool: list[str], rnd: random.Random) -> Iterable[tuple[str, Any]]:
    """Plausible wrong values for one field (same type), then values of the wrong type."""
    if isinstance(value, bool):
        yield "flipped", not value
        yield "wrong type", int(value) + 5
    elif isinstance(value, int):
        yield "+1", value + 1
        yield "-1", value - 1
        yield "random", rnd.randint(-3, 40)
        yield "huge", 2**31
        yield "wrong type", str(value)
    elif isinstance(value, str):
        others = [s for s in pool if s != value]
        for other in rnd.sample(others, min(2, len(others))):
            yield f"-> {other!r}", other
        yield "garbage", value + "\x00?"
        yield "empty", ""
        yield "wrong type", 0
    elif isinstance(value, (tuple, list)):
        kind = type(value)
        yield "emptied", kind()
        if value:
            yield "last dropped", value[:-1]
            yield "last repeated", value + kind([value[-1]])
            if len(value) > 1 and value[0] != value[-1]:
                yield "reversed", value[::-1]
            i = rnd.randrange(len(value))
            for label, item in _values(value[i], pool, rnd):
                yield f"[{i}] {label}", value[:i] + kind([item]) + value[i + 1:]
        yield "wrong type", None
    elif isinstance(value, msgspec.Struct):
        for label, changed in mutations(value, pool, rnd):
            yield label, changed
        yield "wrong type", 0


def mutations(command: Any, pool: list[str], rnd: random.Random) -> list[tuple[str, Any]]:
    """``(description, mutated command)`` for each field of ``command``."""
    out = []
    for field in getattr(command, "__struct_fields__", ()):
        for label, value in _values(getattr(command, field), pool, rnd):
            out.append((f"{field} {label}", msgspec.structs.replace(command, **{field: value})))
    return out
