"""The first field where two values differ, named by its path (``view.hand[1]: 3 != 5``)."""

from __future__ import annotations

from typing import Any

import msgspec


def _name(value: Any) -> str:
    if isinstance(value, msgspec.Struct):
        tag = type(value).__struct_config__.tag
        return f"{type(value).__name__}" + (f" ({tag})" if isinstance(tag, str) else "")
    return type(value).__name__


def _short(value: Any, limit: int = 120) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """``None`` when ``a == b``; otherwise where and how they first differ."""
    if a == b and type(a) is type(b):
        return None
    where = path or "value"
    if type(a) is not type(b):
        return f"{where}: {_name(a)} {_short(a)} != {_name(b)} {_short(b)}"
    if isinstance(a, msgspec.Struct):
        for field in a.__struct_fields__:
            found = first_difference(getattr(a, field), getattr(b, field), f"{path}.{field}" if path else field)
            if found:
                return found
    elif isinstance(a, (list, tuple)):
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{where}[{i}]")
            if found:
                return found
        if len(a) != len(b):
            return f"{where}: length {len(a)} != {len(b)} ({_short(a)} != {_short(b)})"
    elif isinstance(a, dict):
        for key in sorted(set(a) | set(b), key=repr):
            if key not in a or key not in b:
                return f"{where}[{key!r}]: present on one side only"
            found = first_difference(a[key], b[key], f"{where}[{key!r}]")
            if found:
                return found
    return f"{where}: {_short(a)} != {_short(b)}"
