"""A seat's view as numbers: a fixed-size vector by feature hashing (the "hashing trick"), cheap and
the same for every game. Each leaf of the view (``engine``'s per-seat view, never the state) is
named by its path (``discs.1.cards.3``); a number adds its value at ``crc32(path) % SIZE``, a word
or a flag adds 1 at ``crc32(path=word) % SIZE``. Collisions are possible and rare at this size;
a learner that needs more writes its own features from ``view_json`` (docs/RESEARCH.md).
"""

from __future__ import annotations

import zlib
from typing import Any

import msgspec
import numpy as np

SIZE = 2048


def features(view: Any, out: np.ndarray | None = None) -> np.ndarray:
    vec = np.zeros(SIZE, np.float32) if out is None else out
    if out is not None:
        vec.fill(0)
    acc: dict[int, float] = {}

    def walk(x: Any, path: str) -> None:
        if isinstance(x, dict):
            for k, v in x.items():
                walk(v, f"{path}.{k}")
        elif isinstance(x, (list, tuple)):
            for i, v in enumerate(x):
                walk(v, f"{path}.{i}")
        elif isinstance(x, bool) or x is None or isinstance(x, str):
            i = zlib.crc32(f"{path}={x}".encode()) % SIZE
            acc[i] = acc.get(i, 0.0) + 1.0
        else:
            i = zlib.crc32(path.encode()) % SIZE
            acc[i] = acc.get(i, 0.0) + float(x)

    walk(msgspec.to_builtins(view), "")
    if acc:
        keys = np.fromiter(acc.keys(), np.int64, len(acc))
        vec[keys] = np.fromiter(acc.values(), np.float32, len(acc))
    return vec
