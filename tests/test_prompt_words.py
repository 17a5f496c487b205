"""EventBatch.prompt (issue 36 item 5): with words asked, a batch says what the pending decision asks
and of whom, in the request's language, made from the receiver's view as sent; it reads as the last
prompt record's words (the Flow event) and names nothing that view does not show."""

from __future__ import annotations

import asyncio
import random

from carthago.v1 import carthago_pb2 as pb
from server.host import GameHost, HostConfig
from server.store import MemoryStore


async def _batch(host, game_id, token, language, words=True) -> pb.EventBatch:
    stream = host.stream(pb.StreamEventsRequest(game_id=game_id, with_words=words, language=language), token)
    try:
        return pb.EventBatch.FromString(await stream.__anext__())
    finally:
        await stream.aclose()


def _play(game_type: str, players: int, moves: int):
    async def main():
        host = GameHost(MemoryStore(), HostConfig(allow_client_seeds=True))
        game = (await host.create_game(pb.CreateGameRequest(game_type=game_type, players=players, seed=b"prompt"))).game
        tokens = [(await host.join_game(pb.JoinGameRequest(game_id=game.game_id, seat=s))).token for s in range(players)]
        pick = random.Random(5)
        checked = 0
        for _ in range(moves):
            status = (await host.get_game(game.game_id)).status
            if status.over:
                break
            seat = status.to_act[0]
            for language in ("en", "fr"):
                batch = await _batch(host, game.game_id, tokens[seat], language)
                flows = [r.words for r in batch.events if r.event.WhichOneof("game") != "platform"
                         and getattr(r.event, r.event.WhichOneof("game")).WhichOneof("kind") == "flow"]
                assert batch.prompt, (language, batch.head_seq)
                if flows and flows[-1]:
                    assert batch.prompt == flows[-1], (language, batch.prompt, flows[-1])
                    checked += 1
            fr, en = (await _batch(host, game.game_id, tokens[seat], "fr")).prompt, (await _batch(host, game.game_id, tokens[seat], "en")).prompt
            assert fr != en, fr  # the French is French, not the English kept
            assert (await _batch(host, game.game_id, tokens[seat], "fr", words=False)).prompt == ""  # only when asked
            legal = await host.legal(game.game_id, tokens[seat])
            await host.submit(pb.SubmitCommandRequest(game_id=game.game_id, command=pick.choice(list(legal.commands)),
                                                      expected_seq=legal.head_seq), tokens[seat])
        return checked

    return asyncio.run(main())


def test_hannibal_batches_say_the_pending_decision_in_english_and_french():
    assert _play("hannibal", 2, 12) > 10


def test_the_republics_batches_say_the_pending_decision_in_english_and_french():
    assert _play("republic-of-carthage", 3, 10) > 8
