"""The benchmark's engine part runs and reports its figures (speed is never asserted)."""

from __future__ import annotations

import json

from bench import engine_bench
from bench.__main__ import table
from bench.stats import at_least, at_most, figure, summary
from engine import registry


def test_engine_part_reports_every_game_with_its_figures():
    out = engine_bench.run(quick=True, seconds=0.3, rounds=1, log=lambda _: None)
    figures = out["figures"]
    assert {f["game"] for f in figures} == set(registry.ids())
    for game_id in registry.ids():
        mine = {f["name"]: f for f in figures if f["game"] == game_id}
        core = mine["decide+evolve commands/s (1 core)"]
        assert core["value"] > 0 and core["unit"] == "cmd/s"
        assert core["target"] == {"on": "value", "op": ">=", "value": engine_bench.ENGINE_TARGET}
        assert core["met"] in (True, False)  # computed, whatever the machine's speed
        assert core["spread"]["n"] == 1
        rounds = out["raw"][game_id]["rounds"]
        split = rounds[0]["seconds"]
        assert set(split) >= {"legal", "decide", "evolve", "view"}
        assert rounds[0]["games"] >= 1 and rounds[0]["commands"] > 0
    json.dumps(out, default=str)  # JSON-ready
    assert "decide+evolve" in table(figures)


def test_ratio_and_target_are_computed():
    fast = figure("x", "rate", 40.0, "op/s", floor=100.0, target=at_least(0.3))
    assert fast["ratio"] == 0.4 and fast["met"] is True
    slow = figure("x", "latency", 500.0, "µs", better="lower", floor=100.0, target=at_most(2.0))
    assert slow["ratio"] == 5.0 and slow["met"] is False
    bare = figure("x", "n", 1.0, "")
    assert bare["ratio"] is None and bare["met"] is None
    s = summary([3, 1, 2])
    assert (s["min"], s["p50"], s["max"], s["n"]) == (1, 2, 3, 3)
