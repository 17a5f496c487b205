"""The ``--clock`` syntax shared by ``carthago new`` and ``carthago tournament`` (docs/PROTOCOL.md,
"Clocks"): one parser, one meaning.

- ``600+5``: Fischer, 600 s each, 5 s added after each move (``600`` alone: no increment).
- ``600d3``: simple ("US") delay, 600 s each; each time a seat's clock starts, its first 3 s are
  not charged.
- ``3d`` / ``36h`` / ``90m``: correspondence, each decision has 3 days / 36 hours / 90 minutes; the
  unused time is not banked.

Numbers may have decimals (``0.5+0.1``, ``1.5d``). The server checks the ranges and the
combinations (``BAD_TIME_CONTROL``).
"""

from __future__ import annotations

import re
from typing import NamedTuple

SYNTAX = ("SECONDS+SECONDS (Fischer: each seat's time, then the increment per move, e.g. 600+5), "
          "SECONDSdSECONDS (a simple delay: each seat's time, then the delay per move, e.g. 600d3) or "
          "N followed by d, h or m (correspondence: days, hours or minutes per move, e.g. 3d, 36h)")

_NUMBER = r"(\d+(?:\.\d*)?|\.\d+)"
_FISCHER = re.compile(rf"{_NUMBER}(?:\+{_NUMBER})?")
_DELAY = re.compile(rf"{_NUMBER}d{_NUMBER}")
_PER_MOVE = re.compile(rf"{_NUMBER}([dhm])")
_UNIT_MS = {"d": 24 * 3600 * 1000, "h": 3600 * 1000, "m": 60 * 1000}


class ClockSpec(NamedTuple):
    """A ``carthago.v1.TimeControl``'s fields, in milliseconds (0: unused)."""

    initial_ms: int = 0
    increment_ms: int = 0
    delay_ms: int = 0
    per_move_ms: int = 0

    def as_dict(self) -> dict[str, int]:
        """As recorded in a tournament's standings.json: the total and increment always (as before
        delays and correspondence existed), a delay or a per-move time only when set."""
        out = {"initial_ms": self.initial_ms, "increment_ms": self.increment_ms}
        if self.delay_ms:
            out["delay_ms"] = self.delay_ms
        if self.per_move_ms:
            out["per_move_ms"] = self.per_move_ms
        return out

    def describe(self) -> str:
        if self.per_move_ms:
            return f"{self.per_move_ms / 3600_000:g} h per move (correspondence)"
        if self.delay_ms:
            return f"{self.initial_ms / 1000:g} s with a {self.delay_ms / 1000:g} s delay"
        return f"{self.initial_ms / 1000:g}+{self.increment_ms / 1000:g} s"


def from_time_control(tc) -> ClockSpec:
    """A ``carthago.v1.TimeControl`` message's fields."""
    return ClockSpec(tc.initial_ms, tc.increment_ms, tc.delay_ms, tc.per_move_ms)


def parse_clock(text: str | None) -> ClockSpec | None:
    """``--clock`` text -> its fields in milliseconds; None for no clocks; ValueError (naming the
    syntax) for anything else."""
    if not text:
        return None
    text = text.strip()
    if m := _FISCHER.fullmatch(text):
        return ClockSpec(_ms(m[1]), _ms(m[2] or "0"))
    if m := _DELAY.fullmatch(text):
        return ClockSpec(_ms(m[1]), 0, _ms(m[2]))
    if m := _PER_MOVE.fullmatch(text):
        return ClockSpec(per_move_ms=round(float(m[1]) * _UNIT_MS[m[2]]))
    raise ValueError(f"--clock takes {SYNTAX}; not {text!r}")


def _ms(seconds: str) -> int:
    return round(float(seconds) * 1000)
