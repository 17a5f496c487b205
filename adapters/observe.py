"""A seat's view as numbers: a fixed-size vector by feature hashing (the "hashing trick"), cheap and
the same for every game. Each leaf of the view (``engine``'s per-seat view, never the state) is
named by its path (``discs.1.cards.3``); a number adds its value at ``crc32(path) % SIZE``, a word
or a flag adds 1 at ``crc32(path=word) % SIZE``. Collisions are possible and rare at this size;
a learner that needs more writes its own features from ``view_json`` (docs/RESEARCH.md).

:func:`plain_features` is that definition, walking the whole view. :func:`features` gives the same
vector faster: a view changes little from one step to the next, so each part of it (a field of
the view, an item of a field's tuple or struct) is worked out once and remembered by its path and
its JSON. What is remembered comes from views only: nothing the seat's view does not show.
:class:`Stream` gives the same vectors again for one seat's views in turn (a step's view against
the one before it): only the fields whose JSON changed are looked up and added in.
"""

from __future__ import annotations

import zlib
from itertools import chain, compress, repeat
from operator import is_, ne
from typing import Any

import msgspec
import numpy as np

SIZE = 2048

_MEMO: dict[tuple[str, bytes], np.ndarray] = {}  # (path, JSON of the part) -> what it adds
_OLD: dict[tuple[str, bytes], np.ndarray] = {}  # the memo before it last filled up: a part found
# there comes back into _MEMO, the others go with it when _MEMO fills up again
_MEMO_MAX = 1 << 15  # parts in _MEMO at most
_DEPTH = 2  # parts: the view's fields (depth 1) and the items of their tuples and structs (2)


def plain_features(view: Any, out: np.ndarray | None = None) -> np.ndarray:
    """The features by definition: one walk over the whole view."""
    vec = np.zeros(SIZE, np.float32) if out is None else out
    if out is not None:
        vec.fill(0)
    acc = _walk(msgspec.to_builtins(view), "")
    if acc:
        keys = np.fromiter(acc.keys(), np.int64, len(acc))
        vec[keys] = np.fromiter(acc.values(), np.float32, len(acc))
    return vec


def _walk(x: Any, path: str, acc: dict[int, float] | None = None) -> dict[int, float]:
    """Each leaf's index and what it adds, summed by index, of a builtins value at ``path``."""
    acc = {} if acc is None else acc
    if isinstance(x, dict):
        for k, v in x.items():
            _walk(v, f"{path}.{k}", acc)
    elif isinstance(x, (list, tuple)):
        for i, v in enumerate(x):
            _walk(v, f"{path}.{i}", acc)
    elif isinstance(x, bool) or x is None or isinstance(x, str):
        i = zlib.crc32(f"{path}={x}".encode()) % SIZE
        acc[i] = acc.get(i, 0.0) + 1.0
    else:
        i = zlib.crc32(path.encode()) % SIZE
        acc[i] = acc.get(i, 0.0) + float(x)
    return acc


def features(view: Any, out: np.ndarray | None = None) -> np.ndarray:
    """:func:`plain_features`' vector, from the remembered parts of the view: when no field of the
    view is new, a JSON encoding and a dict lookup a field (in C), one concatenation and one
    ``bincount``."""
    fields = _fields(type(view))
    if fields is None:
        return plain_features(view, out)
    parts = _parts(msgspec.structs.astuple(view), _paths(fields), 1)
    both = np.concatenate(parts, axis=1) if parts else _NONE
    sums = np.bincount(both[0].astype(np.intp), both[1], SIZE)
    if out is None:
        return sums.astype(np.float32)
    out[:] = sums
    return out


_FIELDS: dict[tuple, tuple | None] = {}
_PATHS: dict[tuple, tuple[str, ...]] = {}


def _fields(cls: type, prefix: str = "") -> tuple[tuple[str, str], ...] | None:
    """A struct type's (attribute, path) pairs, or None when its builtins form is not one key a
    field (a tag, omitted defaults, an array-like struct) or it is no struct: walked whole then."""
    key = (cls, prefix)
    if key not in _FIELDS:
        c = getattr(cls, "__struct_config__", None)
        if c is None or c.tag is not None or c.omit_defaults or c.array_like:
            _FIELDS[key] = None
        else:
            _FIELDS[key] = tuple((name, f"{prefix}.{enc}")
                                 for name, enc in zip(cls.__struct_fields__, cls.__struct_encode_fields__))
    return _FIELDS[key]


def _paths(fields: tuple) -> tuple[str, ...]:
    out = _PATHS.get(fields)
    if out is None:
        out = _PATHS[fields] = tuple(p for _, p in fields)
    return out


def _parts(values: Any, paths: tuple[str, ...], depth: int) -> list[np.ndarray]:
    """What each of ``values`` (at ``paths``) adds: a (2, n) array each, its leaves' indices and
    values. The lookups of those met before are all in C (JSON encodings, then the memo)."""
    keys = list(zip(paths, map(_JSON, values)))
    parts = list(map(_MEMO.get, keys))
    if any(map(is_, parts, repeat(None))):  # (``None in parts`` would compare arrays)
        for i, p in enumerate(parts):
            if p is None:
                parts[i] = _learn(values[i], keys[i], depth)
    return parts


def _items(path: str, n: int) -> tuple[str, ...]:
    out = _ITEMS.get((path, n))
    if out is None:
        out = _ITEMS[path, n] = tuple(f"{path}.{i}" for i in range(n))
    return out


_ITEMS: dict[tuple[str, int], tuple[str, ...]] = {}


def _learn(x: Any, key: tuple, depth: int) -> np.ndarray:
    # remembered by its JSON (msgspec's): equal JSON is an equal builtins form, so equal features
    # (and 1 is not true there, as it is for ==)
    global _MEMO, _OLD
    part = _OLD.get(key)
    if part is None:
        path = key[0]
        fields = _fields(type(x), path) if depth < _DEPTH and isinstance(x, msgspec.Struct) else None
        if fields is not None:
            part = _join(_parts(msgspec.structs.astuple(x), _paths(fields), depth + 1))
            whole = not _INEXACT or _whole(part[1])  # (a join of whole parts is whole)
        elif depth < _DEPTH and isinstance(x, (tuple, list)) and len(x) > 1:
            part = _join(_parts(x, _items(path, len(x)), depth + 1))
            whole = not _INEXACT or _whole(part[1])
        else:
            acc = _walk(msgspec.to_builtins(x), path)
            part = np.fromiter(chain(acc.keys(), acc.values()), np.float64, 2 * len(acc)).reshape(2, len(acc))
            whole = all(map(_WHOLE, acc.values()))
        if not whole:
            _INEXACT.add(key)
    if len(_MEMO) >= _MEMO_MAX:  # the older half goes; what was used since stays
        _OLD, _MEMO = _MEMO, {}
    _MEMO[key] = part
    return part


_JSON = msgspec.json.Encoder().encode
_NONE = np.zeros((2, 0), np.float64)
_INEXACT: set[tuple[str, bytes]] = set()  # parts with a value not a whole number below 2**40
# (their sums depend on the order of the additions: a Stream adds them in the features' order)


def _whole(values: np.ndarray) -> bool:
    return bool(np.all(np.abs(values) < 2.0 ** 40) and np.array_equal(values, np.rint(values)))


def _WHOLE(v: float) -> bool:
    return v.is_integer() and -2.0 ** 40 < v < 2.0 ** 40


def _join(parts: list[np.ndarray]) -> np.ndarray:
    return np.concatenate(parts, axis=1) if parts else _NONE


class Stream:
    """:func:`features` of one seat's views in turn, the same vectors faster: each field of a view
    is compared by its JSON with the same field of the view before (in C), and only the fields that
    changed are looked up (the memo) and their leaves taken out of and put into the sums kept from
    the view before. Those sums are exact, as the features' own: every value is a whole number
    (a part with another value makes every view of it summed whole again, as ``features`` does).
    What is kept is the last view's JSON and parts: nothing but what that view showed."""

    __slots__ = ("_cls", "_json", "_parts", "_sums", "_exact")

    def __init__(self) -> None:
        self._cls: type | None = None
        self._json: list[bytes] = []
        self._parts: list[np.ndarray] = []
        self._sums = np.zeros(SIZE, np.float64)
        self._exact = False

    def __call__(self, view: Any, out: np.ndarray | None = None) -> np.ndarray:
        cls = type(view)
        fields = _fields(cls)
        if fields is None:
            self._cls = None
            return plain_features(view, out)
        values = msgspec.structs.astuple(view)
        js = list(map(_JSON, values))
        sums = self._sums
        if cls is self._cls and self._exact:
            old = self._json
            changed = list(compress(range(len(js)), map(ne, js, old)))
            if not changed:
                return self._out(out)
            paths, parts = _paths(fields), self._parts
            keys = [(paths[i], js[i]) for i in changed]
            new = list(map(_MEMO.get, keys))
            for k, i in enumerate(changed):
                if new[k] is None:
                    new[k] = _learn(values[i], keys[k], 1)
            if not (_INEXACT and any(k in _INEXACT for k in keys)):
                was = np.concatenate([parts[i] for i in changed], axis=1)
                now = np.concatenate(new, axis=1)
                sums -= np.bincount(was[0].astype(np.intp), was[1], SIZE)
                sums += np.bincount(now[0].astype(np.intp), now[1], SIZE)
                for k, i in enumerate(changed):
                    parts[i] = new[k]
                self._json = js
                return self._out(out)
        # the whole view: as ``features`` sums it
        paths = _paths(fields)
        parts = _parts(values, paths, 1)
        both = np.concatenate(parts, axis=1) if parts else _NONE
        sums[:] = np.bincount(both[0].astype(np.intp), both[1], SIZE)
        self._cls, self._json, self._parts = cls, js, parts
        self._exact = not any(k in _INEXACT for k in zip(paths, js)) if _INEXACT else True
        return self._out(out)

    def _out(self, out: np.ndarray | None) -> np.ndarray:
        if out is None:
            return self._sums.astype(np.float32)
        out[:] = self._sums
        return out
