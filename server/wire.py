"""Engine types <-> protobuf messages, by name (the convention of engine.core.Variant).

A game's protobuf module is ``<proto_package>.<game>_pb2`` (for
``carthago.games.roma.v1``: ``carthago.games.roma.v1.roma_pb2``) and defines
``Command`` and ``Event`` (each a ``oneof kind`` of one message per variant,
the field named by the variant's tag) and ``View``. A struct field and its
message field share their name. The conversion walks the structs and message
descriptors directly (no JSON detour); the conformance suite checks that every
command, event and view of every game survives the round trip unchanged.

Speed matters here (every command, every replayed or verified record passes
through): decoding converts to the concrete variant class named by the oneof
field, never to the game's ``Union`` (msgspec would rebuild the union's decoder
on every call); how each message type is read is worked out once per class; and
the ``*_into`` methods fill a message already inside its parent, so nothing is
built twice and copied.
"""

from __future__ import annotations

import importlib
import typing
from typing import Any

import msgspec
from google.protobuf.message import Message

from engine import errors
from engine.core import Game


class WireError(errors.RuleError):
    """A message that does not decode into a valid command of the game."""

    def __init__(self, message: str) -> None:
        super().__init__(errors.MALFORMED_COMMAND, message)


def envelope_field(game_id: str) -> str:
    """The field of a game in the service's ``oneof game`` envelopes."""
    return game_id.replace("-", "_")


_SCALAR_TYPES = frozenset((int, str, bool, bytes, float))


def _fill(msg: Message, struct: Any) -> None:
    """Set the fields of ``msg`` (in place) from the struct's fields of the same names."""
    for name in struct.__struct_fields__:
        value = getattr(struct, name)
        kind = type(value)
        if kind in _SCALAR_TYPES:  # the common case first: one set lookup, no isinstance chain
            setattr(msg, name, value)
        elif value is None:
            continue
        elif kind is tuple or kind is list or isinstance(value, (tuple, list)):
            if value and isinstance(value[0], msgspec.Struct):
                target = getattr(msg, name)
                for item in value:
                    _fill(target.add(), item)
            elif value:
                getattr(msg, name).extend(value)
        elif isinstance(value, msgspec.Struct):
            sub = getattr(msg, name)
            sub.SetInParent()
            _fill(sub, value)
        else:  # an int or str subclass (an enum member): the message field converts or refuses it
            setattr(msg, name, value)


# How each field of a message type is read: computed once per message class, since walking
# the descriptor (and asking each field descriptor its kind) costs more than the read itself.
_MESSAGES, _MESSAGE, _SCALARS, _PRESENT, _SCALAR = range(5)
_PLANS: dict[type, tuple[tuple[str, int], ...]] = {}


def _plan(cls: type) -> tuple[tuple[str, int], ...]:
    plan = _PLANS.get(cls)
    if plan is None:
        steps = []
        for fd in cls.DESCRIPTOR.fields:
            if fd.message_type is not None:
                kind = _MESSAGES if fd.is_repeated else _MESSAGE
            elif fd.is_repeated:
                kind = _SCALARS
            else:
                kind = _PRESENT if fd.has_presence else _SCALAR
            steps.append((fd.name, kind))
        plan = _PLANS[cls] = tuple(steps)
    return plan


def _read(msg: Message) -> dict[str, Any]:
    """The message as a dict of its fields (unset optional fields and messages left out)."""
    out: dict[str, Any] = {}
    for name, kind in _plan(type(msg)):
        if kind == _SCALAR:
            out[name] = getattr(msg, name)
        elif kind == _SCALARS:
            out[name] = list(getattr(msg, name))
        elif kind == _MESSAGES:
            out[name] = [_read(v) for v in getattr(msg, name)]
        elif msg.HasField(name):  # _MESSAGE, _PRESENT: only when set
            value = getattr(msg, name)
            out[name] = _read(value) if kind == _MESSAGE else value
    return out


def _variants(union: Any) -> dict[str, type]:
    """Tag (= oneof field name) -> variant class of a tagged union (or of a single variant class).

    Converting to the concrete class is what makes decoding cheap: ``msgspec.convert`` to a
    ``typing.Union`` rebuilds the union's decoder on every call (~50 µs for 48 variants).
    """
    classes = typing.get_args(union) or (union,)
    return {cls.__struct_config__.tag: cls for cls in classes}


def _variant_to_proto(msg: Message, variant: Any) -> Message:
    """Fill the ``oneof kind`` field named by the variant's tag (in place) and return ``msg``."""
    sub = getattr(msg, type(variant).__struct_config__.tag)
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
        self._commands = _variants(game.Command)
        self._events = _variants(game.Event)

    # -- commands ----------------------------------------------------------
    def command_to_proto(self, command: Any) -> Message:
        return _variant_to_proto(self.Command(), command)

    def command_into(self, msg: Message, command: Any) -> Message:
        """Fill ``msg``, an empty game ``Command`` already inside its parent, in place (no copy)."""
        return _variant_to_proto(msg, command)

    def command_from_proto(self, msg: Message) -> Any:
        """The engine command; :class:`WireError` (MALFORMED_COMMAND) if it is not one."""
        return self._variant_from_proto(msg, self._commands, "command")

    # -- events -----------------------------------------------------------
    def event_to_proto(self, event: Any) -> Message:
        return _variant_to_proto(self.Event(), event)

    def event_into(self, msg: Message, event: Any) -> Message:
        """Fill ``msg``, an empty game ``Event`` already inside its parent, in place (no copy)."""
        return _variant_to_proto(msg, event)

    def event_from_proto(self, msg: Message) -> Any:
        """The engine event; :class:`WireError` if the message holds no valid event."""
        return self._variant_from_proto(msg, self._events, "event")

    def _variant_from_proto(self, msg: Message, classes: dict[str, type], what: str) -> Any:
        """The struct of the ``oneof kind`` variant set in ``msg`` (converted to its concrete class:
        far cheaper than converting to the game's Union)."""
        kind = msg.WhichOneof("kind")
        cls = classes.get(kind)  # type: ignore[arg-type]
        if cls is None:
            raise self._unknown(kind, what)
        try:
            return msgspec.convert(_read(getattr(msg, kind)), cls)
        except msgspec.ValidationError as exc:
            raise WireError(f"{kind}: {exc}") from None

    def _unknown(self, kind: str | None, what: str) -> WireError:
        if kind is None:
            return WireError(f"empty {self.game.info.id} {what}: set one of its kinds")
        return WireError(f"{kind} is not a {self.game.info.id} {what}")  # a oneof field the engine lacks

    # -- views ------------------------------------------------------------
    def view_to_proto(self, view: Any) -> Message:
        return self.View(**self.view_fields(view))

    def view_fields(self, view: Any) -> dict[str, Any]:
        """The view as its message's constructor takes it: nested dicts, lists and scalars.

        A view is the largest message a server builds (one per audience and head), and this is
        the cheapest way to it: msgspec turns the structs into builtins and the protobuf
        constructor reads those, both in C (16-29 % less a view than setting field by field
        with :func:`_fill`, bench/README.md). It gives the same message because a view's
        structs have no tag (so no key beside their fields) and no field holding a dict;
        tests/test_wire.py checks both for every game's View and compares the bytes, and the
        conformance suite each view's round trip. An empty dict still makes its submessage
        present, as ``SetInParent`` does."""
        return msgspec.to_builtins(view, builtin_types=(bytes,))

    def view_from_proto(self, msg: Message) -> Any:
        return msgspec.convert(_read(msg), self.game.View)


_WIRES: dict[str, GameWire] = {}


def wire_for(game: Game) -> GameWire:
    wire = _WIRES.get(game.info.id)
    if wire is None:
        wire = _WIRES[game.info.id] = GameWire(game)
    return wire
