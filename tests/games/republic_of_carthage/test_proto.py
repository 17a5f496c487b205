"""The wire contract of The Republic of Carthage is the engine's structs: the committed .proto is what
tools/gen_proto.py writes from them (field numbers kept), so the two never drift apart."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PROTO = ROOT / "proto/carthago/games/republic_of_carthage/v1/republic_of_carthage.proto"


def _generator():
    spec = importlib.util.spec_from_file_location("gen_proto", ROOT / "tools/gen_proto.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_committed_proto_is_the_generated_one():
    gen = _generator()
    old = PROTO.read_text()
    assert gen.generate("republic-of-carthage", gen.header_of(old), old) == old, \
        "regenerate: .venv/bin/python tools/gen_proto.py republic-of-carthage > " + str(PROTO.relative_to(ROOT))

