"""The wire codec (server/wire.py): engine structs <-> protobuf, decoding to the concrete variant.

A message that holds no valid command or event is refused with the codec's own error
(WireError, code MALFORMED_COMMAND), never a TypeError from deep inside.
"""

from __future__ import annotations

import random
import typing

import pytest

from carthago.games.roma.v1 import roma_pb2
from engine import errors, registry
from engine.core import GameConfig
from engine.session import Session
from server.wire import WireError, wire_for

ROMA = registry.get("roma")


def random_events(seed: bytes, commands: int = 60) -> tuple[list, list]:
    rnd = random.Random(seed)
    session, opening = Session.start(ROMA, GameConfig(players=2), seed)
    events = [e for o in opening for e in (o.event, o.redacted) if e is not None]
    sent = []
    for _ in range(commands):
        st = session.status()
        if st.over:
            break
        seat = st.to_act[0]
        command = rnd.choice(session.legal(seat))
        sent.append(command)
        events += [e for o in session.submit(seat, command) for e in (o.event, o.redacted) if e is not None]
    return events, sent


def test_events_and_commands_decode_to_their_own_variant_class():
    wire = wire_for(ROMA)
    events, commands = random_events(b"wire-1")
    assert len({type(e) for e in events}) > 5
    for event in events:
        back = wire.event_from_proto(roma_pb2.Event.FromString(wire.event_to_proto(event).SerializeToString()))
        assert type(back) is type(event) and back == event
    for command in commands:
        back = wire.command_from_proto(wire.command_to_proto(command))
        assert type(back) is type(command) and back == command


def test_every_variant_of_the_union_has_its_oneof_field():
    wire = wire_for(ROMA)
    for union, message in ((ROMA.Event, roma_pb2.Event), (ROMA.Command, roma_pb2.Command)):
        tags = {cls.__struct_config__.tag for cls in typing.get_args(union)}
        assert tags <= {f.name for f in message.DESCRIPTOR.oneofs_by_name["kind"].fields}
    assert set(wire._events) == {cls.__struct_config__.tag for cls in typing.get_args(ROMA.Event)}


@pytest.mark.parametrize("decode, message", [("event_from_proto", roma_pb2.Event),
                                             ("command_from_proto", roma_pb2.Command)])
def test_an_empty_oneof_is_a_malformed_message_not_a_type_error(decode, message):
    with pytest.raises(WireError) as exc:
        getattr(wire_for(ROMA), decode)(message())
    assert exc.value.code == errors.MALFORMED_COMMAND
    assert "empty" in exc.value.message


def test_a_kind_the_engine_has_no_variant_for_is_malformed():
    """A game whose protobuf has a command the engine does not (yet) know."""
    from engine.games.roma import commands as cmd
    from server.wire import GameWire

    class Partial:
        info, Event, View = ROMA.info, ROMA.Event, ROMA.View
        Command = typing.Union[cmd.PassCard, cmd.LayCard]

    wire = GameWire(Partial())
    assert wire.command_from_proto(roma_pb2.Command(pass_card={"card": "forum"})) == cmd.PassCard("forum")
    with pytest.raises(WireError) as exc:
        wire.command_from_proto(roma_pb2.Command(end_turn={}))
    assert exc.value.code == errors.MALFORMED_COMMAND and "end_turn" in exc.value.message
