"""`make bench` / `python -m bench [--quick] [--only engine,logs,server] [--out FILE]`.

Runs every figure for every registered game, prints each beside its floor with the ratio and the
target, and writes the whole run (machine info, medians, spreads, ratios, raw samples) to
``bench/results/<UTC timestamp>.json``. Nothing here asserts speed: a missed target is reported.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

SECTIONS = ("engine", "logs", "server", "move", "postgres", "search", "adapters")
RESULTS = Path(__file__).resolve().parent / "results"


def machine() -> dict[str, Any]:
    import google.protobuf
    import grpc
    import msgspec

    def git(*args: str) -> str:
        try:
            return subprocess.run(["git", *args], cwd=Path(__file__).resolve().parent.parent, capture_output=True,
                                  text=True, timeout=10).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            return ""

    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpu_count": os.cpu_count(), "cpu_model": model, "platform": platform.platform(),
            "python": sys.version.split()[0], "implementation": platform.python_implementation(),
            "grpcio": grpc.__version__, "protobuf": google.protobuf.__version__, "msgspec": msgspec.__version__,
            "protobuf_backend": _protobuf_backend(), "git_commit": git("rev-parse", "HEAD"),
            "git_dirty": bool(git("status", "--porcelain"))}


def _protobuf_backend() -> str:
    try:
        from google.protobuf.internal import api_implementation

        return api_implementation.Type()
    except Exception:  # noqa: BLE001
        return "unknown"


def fmt(x: Any, unit: str = "") -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "—"
    ax = abs(x)
    s = f"{x:,.0f}" if ax >= 100 else f"{x:.1f}" if ax >= 10 else f"{x:.2f}"
    return f"{s} {unit}".rstrip()


def target_text(t: dict | None) -> str:
    if not t:
        return ""
    v = t["value"]
    return f"{t['op']} {v:g}×" if t["on"] == "ratio" else f"{t['op']} {v:,.0f}"


def table(figures: list[dict]) -> str:
    rows = [("figure", "game", "value", "floor", "ratio", "target", "")]
    for f in figures:
        mark = {True: "met", False: "MISSED", None: ""}[f["met"]]
        floor = f"{fmt(f['floor'], f['unit'])} ({f['floor_name']})" if f["floor"] is not None else ""
        rows.append((f"[{f['section']}] {f['name']}", f["game"] or "", fmt(f["value"], f["unit"]), floor,
                     f"{f['ratio']:.2f}×" if f["ratio"] is not None else "", target_text(f["target"]), mark))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for i, r in enumerate(rows):
        lines.append("  ".join(c.ljust(w) if j in (0, 1, 3) else c.rjust(w) for j, (c, w) in enumerate(zip(r, widths))))
        if i == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def run(quick: bool, only: list[str], game_ids: list[str] | None, tmp: str | None,
        log=print) -> dict[str, Any]:
    from . import adapters_bench, engine_bench, logs_bench, move_bench, search_bench, server_bench

    started = time.monotonic()
    out: dict[str, Any] = {"started_utc": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
                           "mode": "quick" if quick else "full", "machine": machine(), "sections": {},
                           "figures": []}
    steps = {"engine": lambda: engine_bench.run(quick=quick, game_ids=game_ids, log=log),
             "logs": lambda: logs_bench.run(quick=quick, game_ids=game_ids, tmp=tmp, log=log),
             "server": lambda: server_bench.run(quick=quick, game_ids=game_ids, tmp=tmp, log=log),
             "move": lambda: move_bench.run(quick=quick, game_ids=game_ids, tmp=tmp, log=log),
             "postgres": lambda: server_bench.run_postgres(quick=quick, game_ids=game_ids, tmp=tmp, log=log),
             "search": lambda: search_bench.run(quick=quick, game_ids=game_ids, log=log),
             "adapters": lambda: adapters_bench.run(quick=quick, game_ids=game_ids, log=log)}
    for name in SECTIONS:
        if name not in only:
            continue
        log(f"== {name}")
        t = time.monotonic()
        result = steps[name]()
        out["sections"][name] = {"seconds": time.monotonic() - t, "raw": result["raw"]}
        out["figures"] += result["figures"]
    out["seconds"] = time.monotonic() - started
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="a fast smoke run (small counts, short windows)")
    p.add_argument("--only", default=",".join(SECTIONS), help=f"comma-separated sections ({', '.join(SECTIONS)})")
    p.add_argument("--game", action="append", help="only this game id (repeatable; default: every registered game)")
    p.add_argument("--tmp", default=None, help="directory for temporary stores (default: the system's)")
    p.add_argument("--out", default=None, help="JSON output file (default: bench/results/<UTC timestamp>.json)")
    args = p.parse_args(argv)
    only = [s.strip() for s in args.only.split(",") if s.strip()]
    unknown = set(only) - set(SECTIONS)
    if unknown:
        p.error(f"unknown section(s): {', '.join(sorted(unknown))}")
    result = run(args.quick, only, args.game, args.tmp)
    print()
    print(table(result["figures"]))
    missed = [f for f in result["figures"] if f["met"] is False]
    print(f"\n{sum(f['met'] is True for f in result['figures'])} targets met, {len(missed)} missed"
          f" ({result['mode']} run, {result['seconds']:.0f}s). Notes per figure are in the JSON.")
    for f in result["figures"]:
        if f["note"]:
            print(f"  - [{f['section']}] {f['name']} ({f['game']}): {f['note']}")
    path = Path(args.out) if args.out else RESULTS / (dt.datetime.now(dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
                                                      + ("-quick" if args.quick else "") + ".json")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(result, indent=1, default=str))
    print(f"\nwrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
