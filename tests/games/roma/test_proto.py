"""The protobuf contract lines up with the engine's structs by name (proto/carthago/games/roma/v1).

The lead's codec maps a variant to the message of its class name, the ``oneof kind`` field to its
tag and struct fields to proto fields of the same name. This reads the .proto text, so it runs
without generated code."""

import re
import typing
from pathlib import Path

import msgspec

from engine.games.roma import ROMA
from engine.games.roma.views import PendingView, Side, View

PROTO = Path(__file__).resolve().parents[3] / "proto/carthago/games/roma/v1/roma.proto"
FIELD = re.compile(r"^\s*(repeated\s+)?(\w+)\s+(\w+)\s*=\s*(\d+);", re.M)
SCALARS = {int: "int32", bool: "bool", str: "string"}


def messages() -> dict[str, list[tuple[str, str, str, int]]]:
    text = re.sub(r"//[^\n]*", "", PROTO.read_text())
    out = {}
    for name, body in re.findall(r"message\s+(\w+)\s*\{((?:[^{}]|\{[^{}]*\})*)\}", text):
        out[name] = [(rep or "", typ, field, int(num)) for rep, typ, field, num in FIELD.findall(body)]
    return out


def expected(struct: type) -> list[tuple[str, str, str]]:
    hints = typing.get_type_hints(struct)
    rows = []
    for name in struct.__struct_fields__:
        t = hints[name]
        rep = ""
        if typing.get_origin(t) is tuple:
            rep, t = "repeated ", typing.get_args(t)[0]
        rows.append((rep, SCALARS.get(t, getattr(t, "__name__", "?")), name))
    return rows


def test_package_and_syntax():
    text = PROTO.read_text()
    assert 'syntax = "proto3";' in text and f"package {ROMA.info.proto_package};" in text


def test_each_variant_and_view_message_has_the_structs_fields():
    msgs = messages()
    for struct in ROMA.Command.__args__ + ROMA.Event.__args__ + (View, Side, PendingView):
        got = msgs[struct.__name__]
        assert [r[:3] for r in got] == expected(struct), struct.__name__
        numbers = [r[3] for r in got]
        assert len(set(numbers)) == len(numbers)


def test_oneof_fields_are_the_variant_tags():
    msgs = messages()
    for union, name in ((ROMA.Command, "Command"), (ROMA.Event, "Event")):
        fields = [(typ, field) for _, typ, field, _ in msgs[name]]
        assert fields == [(t.__name__, t.__struct_config__.tag) for t in union.__args__]


def test_no_none_values_reach_the_wire():
    """Sentinels ("" and -1) instead of None: every field is a scalar, a tuple or a struct."""
    for struct in ROMA.Command.__args__ + ROMA.Event.__args__ + (View, Side, PendingView):
        for t in typing.get_type_hints(struct).values():
            assert t in SCALARS or typing.get_origin(t) is tuple or isinstance(t, type) and issubclass(t, msgspec.Struct)
