"""The adapters return what they returned before their speed-ups: seeded random games played
through OpenSpiel and PettingZoo (tools/adapter_golden.py: observations, masks, legal actions, their
strings, clones and serialization round trips, rewards and returns, the actions chosen) give the
digests recorded in tests/adapters_golden.json, made by ``tools/adapter_golden.py --write`` from
the adapters as they were before (main at dc4ff15)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("adapter_golden", ROOT / "tools" / "adapter_golden.py")
golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(golden)
RECORDED = json.loads(golden.FIXTURE.read_text())
CASES = [(g, p, c, s) for g, p, c, seeds in golden.CASES for s in seeds]


def test_every_case_is_recorded():
    keys = {golden._key(*case) for case in CASES}
    assert keys == set(RECORDED["openspiel"]) == set(RECORDED["pettingzoo"])


@pytest.mark.parametrize("case", CASES, ids=[golden._key(*c) for c in CASES])
def test_openspiel_returns_what_it_did(case):
    assert golden.openspiel_digest(*case) == RECORDED["openspiel"][golden._key(*case)]


@pytest.mark.parametrize("case", CASES, ids=[golden._key(*c) for c in CASES])
def test_pettingzoo_returns_what_it_did(case):
    assert golden.pettingzoo_digest(*case) == RECORDED["pettingzoo"][golden._key(*case)]
