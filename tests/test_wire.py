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


# -- views: built from msgspec's builtins by the message constructor (GameWire.view_fields) --------

def _view_structs(game) -> list:
    """Every struct type a game's View can hold (the View included), from its type annotations."""
    import msgspec.inspect as mi

    seen, out, todo = set(), [], [mi.type_info(game.View)]
    while todo:
        t = todo.pop()
        if isinstance(t, mi.StructType):
            if t.cls in seen:
                continue
            seen.add(t.cls)
            out.append(t)
            todo.extend(f.type for f in t.fields)
        elif isinstance(t, mi.UnionType):
            todo.extend(t.types)
        elif isinstance(t, (mi.ListType, mi.VarTupleType, mi.SetType, mi.FrozenSetType)):
            todo.append(t.item_type)
        elif isinstance(t, mi.TupleType):
            todo.extend(t.item_types)
        elif isinstance(t, mi.DictType):
            out.append(t)  # a dict has no field-by-field meaning here: the test below refuses it
    return out


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_views_structs_map_to_fields_of_its_message_by_name_alone(game_id):
    """``view_fields`` hands msgspec's builtins to the message's constructor: that is the same
    message as setting field by field only if no struct reachable from the View carries a tag (a
    key beside its fields), is array-like, or holds a dict, and every field has a message field of
    its name."""
    import msgspec.inspect as mi

    game = registry.get(game_id)
    structs = _view_structs(game)
    assert not [t for t in structs if isinstance(t, mi.DictType)], "a view holds a dict"
    for t in structs:
        assert t.tag is None and not t.array_like, f"{t.cls.__name__} is tagged or array-like"
    # every field of the top-level View is a field of the View message
    message_fields = {f.name for f in wire_for(game).View.DESCRIPTOR.fields}
    assert {f.name for f in mi.type_info(game.View).fields} <= message_fields


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_view_built_by_the_constructor_is_the_field_by_field_message(game_id):
    """Byte for byte, for every seat's view and the spectator's, over random play of each game."""
    from server.wire import _fill

    game = registry.get(game_id)
    wire = wire_for(game)
    players = game.info.player_counts[-1]
    compared = 0
    for g in range(2):
        session, _ = Session.start(game, GameConfig(players=players), f"views-{g}".encode())
        rnd = random.Random(g)
        for step in range(400):
            st = session.status()
            if st.over:
                break
            if step % 9 == 0:
                for seat in (*range(players), None):
                    view = session.view(seat)
                    reference = wire.View()
                    _fill(reference, view)
                    built = wire.view_to_proto(view)
                    assert built.SerializeToString(deterministic=True) == \
                        reference.SerializeToString(deterministic=True), (game_id, step, seat)
                    compared += 1
            seat = st.to_act[0] if len(st.to_act) == 1 else rnd.choice(st.to_act)
            session.submit(seat, rnd.choice(session.legal(seat)))
    assert compared >= 10
