"""Counter-based randomness keyed by the game seed and the log position.

DESIGN.md principle 2: every random outcome of a game comes from its seed. A
command decided at game-event position ``p`` (the number of game events already
in the log) draws from ``Rng(seed, p)``; replaying ``decide`` over the recorded
commands with the revealed seed reproduces every die and shuffle.

The generator is specified so that an auditor can re-implement it in any
language:

    key     = SHA-256("carthago-rng-v1" || seed || uint64_be(position))
    block_i = SHA-256(key || uint64_be(i))            for i = 0, 1, 2, ...
    each block yields four 64-bit big-endian words, consumed in order.

``below(n)`` takes words ``w`` until ``w < 2**64 - (2**64 % n)`` and returns
``w % n`` (rejection sampling: no modulo bias). ``shuffle`` is Fisher–Yates from
the last index down, ``j = below(i + 1)``.
"""

from __future__ import annotations

import hashlib
from typing import Sequence, TypeVar

T = TypeVar("T")

_DOMAIN = b"carthago-rng-v1"
_TWO64 = 1 << 64


def commitment(seed: bytes) -> str:
    """The public commitment to a seed: its SHA-256, hex."""
    return hashlib.sha256(seed).hexdigest()


class Rng:
    # The key is derived on the first draw: most commands draw nothing, and a search bot makes an
    # Rng for every command it tries (a SHA-256 saved each time).
    __slots__ = ("_seed", "_position", "_key", "_counter", "_words")

    def __init__(self, seed: bytes, position: int) -> None:
        self._seed, self._position = seed, position
        self._key: bytes | None = None
        self._counter = 0
        self._words: list[int] = []

    def _word(self) -> int:
        if not self._words:
            key = self._key
            if key is None:
                key = self._key = hashlib.sha256(_DOMAIN + self._seed + self._position.to_bytes(8, "big")).digest()
            block = hashlib.sha256(key + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
            self._words = [int.from_bytes(block[i : i + 8], "big") for i in (24, 16, 8, 0)]
        return self._words.pop()

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if n > _TWO64:  # one 64-bit word cannot cover it (the rejection loop would never end)
            raise ValueError("below() takes a bound of at most 2**64")
        limit = _TWO64 - (_TWO64 % n)
        while True:
            w = self._word()
            if w < limit:
                return w % n

    def die(self, sides: int = 6) -> int:
        """One roll of a die numbered 1..sides."""
        return 1 + self.below(sides)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list with ``items`` in a uniformly random order."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
