"""Engine types <-> protobuf messages, by name (the convention of engine.core.Variant).

A game's protobuf module is ``<proto_package>.<game>_pb2`` (for
``carthago.games.roma.v1``: ``carthago.games.roma.v1.roma_pb2``) and defines
``Command`` and ``Event`` (each a ``oneof kind`` of one message per variant,
the field named by the variant's tag) and ``View``. A struct field and its
message field share their name. The conversion walks the structs and message
descriptors directly (no JSON detour); the conformance suite checks that every
command, event and view of every game survives the round trip unchanged.
"""

from __future__ import annotations

import importlib
from typing import Any

import msgspec
from google.protobuf.message import Message

from engine import errors
from engine.core import Game, tag_of


class WireError(errors.RuleError):
    """A message that does not decode into a valid command of the game."""

    def __init__(self, message: str) -> None:
        super().__init__(errors.MALFORMED_COMMAND, message)


def envelope_field(game_id: str) -> str:
    """The field of a game in the service's ``oneof game`` envelopes."""
    return game_id.replace("-", "_")


def _fill(msg: Message, struct: Any) -> None:
    for name in struct.__struct_fields__:
        value = getattr(struct, name)
        if value is None:
            continue
        if isinstance(value, msgspec.Struct):
            sub = getattr(msg, name)
            sub.SetInParent()
            _fill(sub, value)
        elif isinstance(value, (tuple, list)):
            target = getattr(msg, name)
            if value and isinstance(value[0], msgspec.Struct):
                for item in value:
                    _fill(target.add(), item)
            else:
                target.extend(value)
        else:
            setattr(msg, name, value)


def _read(msg: Message) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for fd in msg.DESCRIPTOR.fields:
        name = fd.name
        value = getattr(msg, name)
        if fd.message_type is not None:
            if fd.is_repeated:
                out[name] = [_read(v) for v in value]
            elif msg.HasField(name):
                out[name] = _read(value)
        elif fd.is_repeated:
            out[name] = list(value)
        elif not fd.has_presence or msg.HasField(name):
            out[name] = value
    return out


def _variant_to_proto(msg: Message, variant: Any) -> Message:
    """Fill the ``oneof kind`` field named by the variant's tag."""
    sub = getattr(msg, tag_of(variant))
    sub.SetInParent()
    _fill(sub, variant)
    return msg


class GameWire:
    """The codec of one game."""

    def __init__(self, game: Game) -> None:
        self.game = game
        package = game.info.proto_package
        module = importlib.import_module(f"{package}.{package.split('.')[-2]}_pb2")
        self.Command = module.Command
        self.Event = module.Event
        self.View = module.View
        self.field = envelope_field(game.info.id)

    # -- commands ---------------------------------------------------------
    def command_to_proto(self, command: Any) -> Message:
        return _variant_to_proto(self.Command(), command)

    def command_from_proto(self, msg: Message) -> Any:
        kind = msg.WhichOneof("kind")
        if kind is None:
            raise WireError(f"empty {self.game.info.id} command: set one of its kinds")
        data = _read(getattr(msg, kind))
        data["type"] = kind
        try:
            return msgspec.convert(data, self.game.Command)
        except msgspec.ValidationError as exc:
            raise WireError(f"{kind}: {exc}") from None

    # -- events -----------------------------------------------------------
    def event_to_proto(self, event: Any) -> Message:
        return _variant_to_proto(self.Event(), event)

    def event_from_proto(self, msg: Message) -> Any:
        kind = msg.WhichOneof("kind")
        data = _read(getattr(msg, kind))
        data["type"] = kind
        return msgspec.convert(data, self.game.Event)

    # -- views ------------------------------------------------------------
    def view_to_proto(self, view: Any) -> Message:
        msg = self.View()
        _fill(msg, view)
        return msg

    def view_from_proto(self, msg: Message) -> Any:
        return msgspec.convert(_read(msg), self.game.View)


_WIRES: dict[str, GameWire] = {}


def wire_for(game: Game) -> GameWire:
    wire = _WIRES.get(game.info.id)
    if wire is None:
        wire = _WIRES[game.info.id] = GameWire(game)
    return wire
