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


MISSING = object()  # a leaf present on one side only


def _key(value: Any) -> tuple[str, Any]:
    return type(value).__name__, value


def leaves(value: Any, out: set | None = None) -> set:
    """Every scalar inside ``value`` (typed, so ``True`` is not ``1``)."""
    out = set() if out is None else out
    if isinstance(value, msgspec.Struct):
        for field in value.__struct_fields__:
            leaves(getattr(value, field), out)
    elif isinstance(value, (list, tuple)):
        for item in value:
            leaves(item, out)
    elif isinstance(value, dict):
        for k, v in value.items():
            leaves(k, out)
            leaves(v, out)
    else:
        try:
            out.add(_key(value))
        except TypeError:  # unhashable: not a leaf we can look for
            pass
    return out


def differing_leaves(a: Any, b: Any, path: str = "") -> list[tuple[str, Any, Any]]:
    """``(path, leaf of a, leaf of b)`` wherever ``a`` and ``b`` differ (``MISSING``: absent)."""
    where = path or "value"
    if a is MISSING:
        return [(where, MISSING, y) for _, y in sorted(leaves(b), key=repr)]
    if b is MISSING:
        return [(where, x, MISSING) for _, x in sorted(leaves(a), key=repr)]
    if type(a) is not type(b):
        return [(where, x, MISSING) for _, x in sorted(leaves(a), key=repr)] + \
               [(where, MISSING, y) for _, y in sorted(leaves(b), key=repr)]
    if isinstance(a, msgspec.Struct):
        return [d for f in a.__struct_fields__
                for d in differing_leaves(getattr(a, f), getattr(b, f), f"{path}.{f}" if path else f)]
    if isinstance(a, (list, tuple)):
        n = max(len(a), len(b))
        return [d for i in range(n) for d in differing_leaves(a[i] if i < len(a) else MISSING,
                                                               b[i] if i < len(b) else MISSING, f"{where}[{i}]")]
    if a == b:
        return []
    return [(where, a, b)]


def shown_in(leaf: Any, found: set) -> bool:
    """Whether a scalar appears among ``leaves(...)`` of something (MISSING always does)."""
    try:
        return leaf is MISSING or _key(leaf) in found
    except TypeError:  # unhashable
        return False
