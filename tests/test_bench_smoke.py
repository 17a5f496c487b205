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
        search = mine["search: mark + undo p50 (Session.mark/undo)"]
        assert search["value"] > 0 and search["floor"] > 0 and search["unit"] == "µs"
        assert set(out["raw"][game_id]["search"]) == {"copy", "mark", "undo", "submit"}
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


def test_search_part_reports_iterations_and_a_win_rate():
    from bench import search_bench

    out = search_bench.run(quick=True, game_ids=["roma"], games={"roma": 2}, seconds=0.2, log=lambda _: None)
    by_name = {f["name"]: f for f in out["figures"]}
    rate = by_name["ISMCTS iterations/s (1 core)"]
    assert rate["value"] > 0 and rate["game"] == "roma" and rate["spread"]["n"] >= 1
    win = by_name[f"mcts:{search_bench.BUDGET} win rate vs random"]
    assert 0.0 <= win["value"] <= 1.0 and "Wilson" in win["note"]
    assert out["raw"]["roma"]["versus"]["games"] == 2
    json.dumps(out, default=str)
