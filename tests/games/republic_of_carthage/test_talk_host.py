"""R110 through the host (the server's path): table talk from a seat that is not to act is taken,
logged, and a private message reaches the two seats only; a refused one is a typed error."""

from __future__ import annotations

import asyncio

import pytest

from carthago.v1 import carthago_pb2 as pb
from engine import registry
from engine.games.republic_of_carthage import commands as cmd
from engine.games.republic_of_carthage import events as ev
from server.host import GameHost, HostConfig, HostError
from server.log import for_seat
from server.store import SqliteStore
from server.wire import wire_for


def test_talk_over_the_host(tmp_path):
    host = GameHost(SqliteStore(tmp_path / "talk.db"), HostConfig(allow_client_seeds=True))
    game = asyncio.run(host.create_game(pb.CreateGameRequest(game_type="republic-of-carthage", players=3,
                                                             seed=b"talk"))).game
    tokens = [asyncio.run(host.join_game(pb.JoinGameRequest(game_id=game.game_id, seat=s))).token for s in range(3)]
    wire = wire_for(registry.get("republic-of-carthage"))
    waiting = tuple(asyncio.run(host.get_game(game.game_id)).status.to_act)
    idle = [x for x in range(3) if x not in waiting]
    speaker, other = idle[0], waiting[0]
    third = next(x for x in range(3) if x not in (speaker, other))

    def say(seat: int, to: int, text: str) -> pb.SubmitCommandResponse:
        req = pb.SubmitCommandRequest(game_id=game.game_id)
        wire.command_into(getattr(req.command, wire.field), cmd.Say(to=to, text=text))
        return asyncio.run(host.submit(req, tokens[seat]))

    answer = say(speaker, other, "back my Suffète and I back yours")
    assert tuple(answer.status.to_act) == waiting
    records = [pb.LogRecord.FromString(r.body) for r in host.store.read(game.game_id)]
    last = records[-1]
    assert wire.event_from_proto(getattr(for_seat(last, other).event, wire.field)) == \
        ev.Said(seat=speaker, to=other, text="back my Suffète and I back yours")
    for viewer in (third, None):
        seen = for_seat(last, viewer)
        assert seen.redacted
        assert wire.event_from_proto(getattr(seen.event, wire.field)) == ev.SaidRedacted(seat=speaker, to=other)
    with pytest.raises(HostError) as refused:
        say(speaker, speaker, "to myself")
    assert refused.value.code == "ILLEGAL_TARGET"
    with pytest.raises(HostError) as refused:
        say(third, -1, "x" * 501)
    assert refused.value.code == "MALFORMED_COMMAND" and refused.value.status == "INVALID_ARGUMENT"
    assert len([pb.LogRecord.FromString(r.body) for r in host.store.read(game.game_id)]) == len(records)
