"""`carthago conformance`: run the suite, print a table per game, save failing games' logs.

The arguments are defined by the `carthago` CLI (clients/python/carthago/cli.py):
``game`` (optional), ``--all``, ``--games N``, ``--players N``, ``--option K=V`` (repeatable),
``--seed S`` (one game with that seed in each configuration named).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import TextIO

from engine import registry

from .checks import CHECKS
from .play import GameResult
from .runner import DEFAULT_GAMES, ConfigResult, configurations, run_config

FAILURES = Path(__file__).resolve().parent.parent / "conformance-failures"


def describe_options(options: dict[str, str]) -> str:
    return " ".join(f"{k}={v}" for k, v in sorted(options.items())) or "defaults"


def reproduce(game_id: str, seed: int, players: int, options: dict[str, str]) -> str:
    """The one command that replays a failing game with its checks."""
    opts = "".join(f" --option {k}={v}" for k, v in sorted(options.items()))
    return f"carthago conformance {game_id} --seed {seed} --players {players}{opts}"


def save_failure(result: ConfigResult, directory: Path | None = None) -> Path | None:
    """Write the failing game's log: an export file (+ its JSON lines rendering), or JSON lines."""
    if not result.log or result.failure is None:
        return None
    directory = directory or FAILURES
    directory.mkdir(parents=True, exist_ok=True)
    opts = "".join(f"-{k}={v}" for k, v in sorted(result.options.items()))
    stem = f"{result.game}-{result.players}p{opts}-seed{result.failure.seed}"
    if result.log_format == "export":
        path = directory / f"{stem}.log"
        path.write_bytes(result.log)
        try:
            from server.log import render_jsonl, split_export
            from server.store import Record

            records = [Record(_seq(s.body), s.body, s.hash) for _, s in split_export(result.log)]
            Path(f"{path}.jsonl").write_text(render_jsonl(records))
        except Exception:  # noqa: BLE001 - the rendering is a convenience
            pass
        return path
    path = directory / f"{stem}.jsonl"
    path.write_bytes(result.log)
    return path


def _seq(body: bytes) -> int:
    from carthago.v1 import carthago_pb2 as pb

    return pb.LogRecord.FromString(body).seq


class Progress:
    """A plain progress bar on stderr (only when it is a terminal)."""

    def __init__(self, stream: TextIO | None = None) -> None:
        stream = stream or sys.stderr
        self.stream, self.tty = stream, stream.isatty()
        self.label, self.total, self.done, self.started = "", 0, 0, 0.0

    def start(self, label: str, total: int) -> None:
        self.label, self.total, self.done, self.started = label, total, 0, time.monotonic()
        if not self.tty:
            print(f"conformance: {label}: {total} game(s)", file=self.stream, flush=True)
        self.draw()

    def game(self, result: GameResult) -> None:
        self.done += 1
        self.draw()

    def draw(self) -> None:
        if not self.tty:
            return
        width = 30
        filled = width * self.done // max(self.total, 1)
        bar = "#" * filled + "." * (width - filled)
        print(f"\r{self.label[:40]:40s} [{bar}] {self.done}/{self.total} {time.monotonic() - self.started:6.1f}s",
              end="", file=self.stream, flush=True)

    def end(self) -> None:
        if self.tty:
            print("\r" + " " * 100 + "\r", end="", file=self.stream, flush=True)


def checks_cell(result: ConfigResult) -> str:
    """``6/6``; ``5/5 (wire: n/a)`` for a game without protobuf; or which check failed."""
    applicable = [c for c in CHECKS if c != "wire" or result.wire]
    note = "" if result.wire else " (wire: n/a)"
    if result.failure is None:
        return f"{len(applicable)}/{len(applicable)}{note}"
    failed = result.failure.check
    passed = [c for c in applicable if c != failed and result.tally.get(c, 0)]
    return f"{len(passed)}/{len(applicable)}{note} FAILED {failed}"


def print_table(game_id: str, title: str, results: list[ConfigResult], out: TextIO | None = None) -> None:
    out = out or sys.stdout
    print(f"\n{game_id} ({title})", file=out)
    head = (f"  {'players':>7}  {'options':<24} {'games':>6} {'steps':>9} {'seconds':>8}  {'assertions':>11}  "
            "checks passed")
    print(head, file=out)
    for r in results:
        if r.skipped:
            print(f"  {r.players:>7}  {describe_options(r.options):<24} skipped: {r.skipped}", file=out)
            continue
        print(f"  {r.players:>7}  {describe_options(r.options):<24} {r.games:>6} {r.steps:>9,} {r.seconds:>8.1f}  "
              f"{sum(r.tally.values()):>11,}  {checks_cell(r)}", file=out)


def report_failure(r: ConfigResult, path: Path | None, out: TextIO | None = None) -> None:
    out = out or sys.stdout
    f = r.failure
    where = f"step {f.step}" + (f", seq {f.seq}" if f.seq is not None else "")
    print(f"\nFAILED {f.check}: {r.game}, {r.players} players, {describe_options(r.options)}, seed {f.seed}, {where}",
          file=out)
    print(f"  {f.message}", file=out)
    print(f"  reproduce: {reproduce(r.game, f.seed, r.players, r.options)}", file=out)
    if path is not None:
        hint = f" (check it with: carthago verify {path})" if r.log_format == "export" else ""
        print(f"  log saved: {path}{hint}", file=out)


def _options(pairs: list[str] | None) -> dict[str, str] | None:
    if not pairs:
        return None
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise SystemExit(f"--option takes KEY=VALUE, not {pair!r}")
        out[key] = value
    return out


def run(args) -> int:
    if not args.game and not args.all:
        print("name a game (carthago conformance roma) or run every game with --all; games: "
              + ", ".join(registry.ids()), file=sys.stderr)
        return 2
    ids = registry.ids() if args.all and not args.game else [args.game]
    unknown = [i for i in ids if i not in registry.ids()]
    if unknown:
        print(f"no game {unknown[0]!r} (games: {', '.join(registry.ids())})", file=sys.stderr)
        return 2
    options = _options(args.option)
    seeds = [args.seed] if args.seed is not None else list(range(1, (args.games or DEFAULT_GAMES) + 1))
    workers = 1 if len(seeds) < 8 else (os.cpu_count() or 1)
    progress = Progress()
    ok = True
    for game_id in ids:
        try:
            game = registry.get(game_id)
        except Exception as exc:  # noqa: BLE001 - a game that does not import fails the suite
            print(f"\n{game_id}: FAILED progress: the game does not import: {type(exc).__name__}: {exc}")
            ok = False
            continue
        results = []
        for config in configurations(game, args.players, options):
            progress.start(f"{game_id} {config.players}p {describe_options(config.options)}", len(seeds))
            results.append(run_config(game, config, seeds, workers=workers, on_game=progress.game))
            progress.end()
        print_table(game_id, game.info.title, results)
        for r in results:
            if r.failure is not None:
                ok = False
                report_failure(r, save_failure(r))
        if all(r.skipped for r in results):
            print(f"\n{game_id}: no configuration to run (see --players and --option)", file=sys.stderr)
            return 2
    print("\nconformance: " + ("every check passed" if ok else "FAILED"))
    return 0 if ok else 1
