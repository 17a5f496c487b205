"""Summaries and figures: every measured number sits beside the floor it cannot beat.

A *figure* is a plain dict (JSON-ready)::

    {"section", "name", "game", "value", "unit", "better",
     "floor", "floor_name", "ratio", "target", "met", "spread", "floor_spread", "note"}

``better`` is "higher" (rates) or "lower" (times, sizes). ``ratio`` is ``value / floor``.
``target`` is ``{"on": "ratio" | "value", "op": ">=" | "<=", "value": x}`` or None; ``met`` is
True/False when there is a target, None otherwise. Speed is only ever *reported*, never
asserted (DESIGN.md "Tests and measurements").
"""

from __future__ import annotations

import math
from typing import Any, Iterable


def percentile(sorted_xs: list[float], q: float) -> float:
    """Linear interpolation between closest ranks (numpy's default), ``q`` in [0, 100]."""
    if not sorted_xs:
        return math.nan
    if len(sorted_xs) == 1:
        return sorted_xs[0]
    pos = (len(sorted_xs) - 1) * q / 100.0
    lo = int(math.floor(pos))
    hi = min(lo + 1, len(sorted_xs) - 1)
    return sorted_xs[lo] + (sorted_xs[hi] - sorted_xs[lo]) * (pos - lo)


def summary(xs: Iterable[float]) -> dict[str, float]:
    """n, min, p50, p90, p99, max, mean of a sample."""
    s = sorted(xs)
    if not s:
        return {"n": 0}
    return {"n": len(s), "min": s[0], "p50": percentile(s, 50), "p90": percentile(s, 90),
            "p99": percentile(s, 99), "max": s[-1], "mean": sum(s) / len(s)}


def figure(section: str, name: str, value: float | None, unit: str, *, game: str | None = None,
           better: str = "higher", floor: float | None = None, floor_name: str = "",
           target: dict[str, Any] | None = None, spread: dict | None = None,
           floor_spread: dict | None = None, note: str = "") -> dict[str, Any]:
    ratio = None
    if value is not None and floor not in (None, 0) and not _nan(value) and not _nan(floor):
        ratio = value / floor
    met = None
    if target is not None and value is not None:
        subject = ratio if target["on"] == "ratio" else value
        if subject is not None and not _nan(subject):
            met = subject >= target["value"] if target["op"] == ">=" else subject <= target["value"]
    return {"section": section, "name": name, "game": game, "value": value, "unit": unit, "better": better,
            "floor": floor, "floor_name": floor_name, "ratio": ratio, "target": target, "met": met,
            "spread": spread, "floor_spread": floor_spread, "note": note}


def at_least(x: float, on: str = "ratio") -> dict[str, Any]:
    return {"on": on, "op": ">=", "value": x}


def at_most(x: float, on: str = "ratio") -> dict[str, Any]:
    return {"on": on, "op": "<=", "value": x}


def _nan(x: Any) -> bool:
    return isinstance(x, float) and math.isnan(x)
