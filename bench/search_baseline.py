"""The search as it was when the strength-of-play issue was filed, measured in the same run.

Issue 29 asks for five times "today's" search iterations a second per core, beside today's figure
in the same run. The bench's classic figure (``Settings()``, the search before the levels) runs on
today's engine and search loop, so everything made faster under it since (the search's own dice,
the unchecked stepper, UCB1 by tables, each game's faster steps) moves that floor as well and
never shows in the ratio. This module measures the search of the commit the issue was filed
against (``BASELINE_REV``, main of 2026-12-01) instead: its ``engine``, ``search`` and ``bench``
packages taken from git (``git archive``) into a temporary directory and run by this interpreter
in a child process, with only that directory on the path, at the positions its own bench chose
(the same seeded random game where the rules have not changed since), per CPU second of search
as today's one-core figures are (``search_bench.iteration_rate``).

Where git or that commit is missing (a tarball, a shallow clone), it says so and measures nothing.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
BASELINE_REV = "3b5cfb6e2e21bee351b55c79dcb4aee26de2e931"  # main when issue 29 was filed
PACKAGES = ("engine", "search", "bench")

_CHILD = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
import bench.search_bench as old
old.perf_counter = time.process_time  # per CPU second, as today's one-core figures are
r = old.iteration_rate(sys.argv[2], float(sys.argv[3]))
import engine
print(json.dumps({**{k: r[k] for k in ("rates", "iterations", "seconds", "per_second")}, "engine": engine.__file__}))
"""


class Baseline:
    """The old search, unpacked once (``with Baseline(log) as old: old.rate(game, seconds)``)."""

    def __init__(self, log: Callable[[str], None] = print, rev: str = BASELINE_REV) -> None:
        self.rev = rev
        self.log = log
        self.why_not = ""
        self._dir: tempfile.TemporaryDirectory[str] | None = None

    def __enter__(self) -> "Baseline":
        try:
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", self.rev, *PACKAGES],
                                     capture_output=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as exc:
            self.why_not = f"git is not usable here ({exc})"
        else:
            if archive.returncode:
                self.why_not = (f"commit {self.rev[:10]} is not in this clone "
                                f"({archive.stderr.decode(errors='replace').strip()[:120]})")
            else:
                self._dir = tempfile.TemporaryDirectory(prefix="carthago-search-baseline-")
                with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
                    tar.extractall(self._dir.name, filter="data")
        if self.why_not:
            self.log(f"  search baseline: skipped: {self.why_not}")
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._dir is not None:
            self._dir.cleanup()

    def rate(self, game_id: str, seconds: float) -> dict[str, Any] | None:
        """The old search's iterations a second at its bench's positions of ``game_id``; None when it
        cannot be measured (no git, no such commit, a game it did not have, a failure: logged)."""
        if self._dir is None:
            return None
        done = subprocess.run([sys.executable, "-I", "-c", _CHILD, self._dir.name, game_id, str(seconds)],
                              capture_output=True, text=True, cwd=self._dir.name, timeout=60 + 10 * seconds)
        if done.returncode:
            self.log(f"  search baseline {game_id}: failed: {done.stderr.strip().splitlines()[-1:]}")
            return None
        return json.loads(done.stdout.strip().splitlines()[-1])
