"""bench/search_baseline.py: the search of another commit, taken from git and run in a child process
(make bench's figure 9 judges today's search against it). Checked on this clone's HEAD (always
there) for a fraction of a second, and on a commit that is not in the clone."""

from __future__ import annotations

import subprocess
from pathlib import Path

from bench.search_baseline import ROOT, Baseline


def _head() -> str:
    return subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True,
                          check=True).stdout.strip()


def test_the_baseline_runs_the_archived_commit_s_own_engine():
    said: list[str] = []
    with Baseline(said.append, rev=_head()) as old:
        where = Path(old._dir.name)  # type: ignore[union-attr]
        r = old.rate("roma", 0.2)
    assert said == [] and r is not None
    assert r["iterations"] > 0 and r["per_second"] > 0 and len(r["rates"]) >= 1
    # the child imported the engine unpacked from git, not this tree's
    assert Path(r["engine"]).is_relative_to(where) and not Path(r["engine"]).is_relative_to(ROOT)
    assert not where.exists()  # and the unpacked tree is gone afterwards


def test_a_commit_not_in_the_clone_is_said_and_measures_nothing():
    said: list[str] = []
    with Baseline(said.append, rev="0" * 40) as old:
        assert old.rate("roma", 0.2) is None
    assert len(said) == 1 and "skipped" in said[0] and "not in this clone" in said[0]
