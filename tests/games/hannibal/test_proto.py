"""The wire contract of Hannibal is the engine's structs: the committed .proto is what
tools/gen_proto.py writes from them (field numbers kept), so the two never drift apart."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PROTO = ROOT / "proto/carthago/games/hannibal/v1/hannibal.proto"


def _generator():
    spec = importlib.util.spec_from_file_location("gen_proto", ROOT / "tools/gen_proto.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_committed_proto_is_the_generated_one():
    gen = _generator()
    old = PROTO.read_text()
    assert gen.generate("hannibal", gen.header_of(old), old) == old, \
        "regenerate: .venv/bin/python tools/gen_proto.py hannibal > " + str(PROTO.relative_to(ROOT))


def test_a_removed_field_is_reserved_and_numbers_are_kept():
    gen = _generator()
    old = "message Pass {\n}\nmessage ChooseSpace {\n  string space = 1;\n  int32 gone = 2;\n}\n"
    out = gen.generate("hannibal", "// h", old)
    block = out[out.index("message ChooseSpace {"):]
    block = block[: block.index("}")]
    assert "string space = 1;" in block and "reserved 2; // gone" in block
