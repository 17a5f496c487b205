"""The game's words for a seat's legal commands (ListLegalCommandsRequest.with_words, issue 36 item 4).

The words are the game's notation (`carthago moves`), written from a state drawn for the asking
seat (server/words.py), never from the real one: so they can tell the seat nothing its view does
not. Checked three ways: the notation never receives the real state; on random positions of every
game the words equal the notation of the real state (a notation that read a hidden part would
differ in some draw); and asked for without the flag, no words are made.
"""

from __future__ import annotations

import asyncio
import random

import pytest

from carthago.v1 import carthago_pb2 as pb
from engine import registry
from engine.core import GameConfig
from engine.session import Session
from server import words as words_module
from server.host import GameHost, HostConfig
from server.render import describer
from server.store import MemoryStore
from server.words import legal_words

GAMES = [("roma", 2), ("rome-et-carthage", 3), ("hannibal", 2), ("republic-of-carthage", 3)]


@pytest.mark.parametrize("game_id,players", GAMES)
def test_words_are_the_notation_of_what_the_seat_sees(game_id, players, monkeypatch):
    game = registry.get(game_id)
    describe = describer(game)
    session, _ = Session.start(game, GameConfig(players), f"words-{game_id}".encode())
    rnd = random.Random(7)
    given: list[object] = []
    monkeypatch.setattr(words_module, "describer", lambda g, language="en": lambda state, seat, c: (given.append(state), describe(state, seat, c))[1])
    checked = 0
    for step in range(300):
        st = session.status()
        if st.over:
            break
        seat = st.to_act[0]
        legal = session.legal(seat)
        if step % 7 == 0:
            given.clear()
            said = legal_words(game, session.state, seat, legal)
            assert len(said) == len(legal) and all(said)
            # the notation saw only a draw for the seat: never the real state, and the seat's view of it
            assert given and all(s is not session.state for s in given)
            assert game.view(given[0], seat) == game.view(session.state, seat)
            assert said == [describe(session.state, seat, c) for c in legal]
            checked += 1
        session.submit(seat, rnd.choice(legal))
    assert checked >= 5


def test_the_host_sends_words_only_when_asked():
    async def main():
        host = GameHost(MemoryStore(), HostConfig(allow_client_seeds=True))
        game = (await host.create_game(pb.CreateGameRequest(game_type="hannibal", seed=b"words"))).game
        tokens = [(await host.join_game(pb.JoinGameRequest(game_id=game.game_id, seat=s))).token for s in range(2)]
        seat = (await host.get_game(game.game_id)).status.to_act[0]
        plain = await host.legal(game.game_id, tokens[seat])
        worded = await host.legal(game.game_id, tokens[seat], with_words=True)
        assert plain.words == [] and list(plain.commands) == list(worded.commands)
        assert len(worded.words) == len(worded.commands) > 0
        # the seat not to act gets no commands and so no words
        other = await host.legal(game.game_id, tokens[1 - seat], with_words=True)
        assert list(other.commands) == [] and list(other.words) == []

    asyncio.run(main())


def test_the_stream_sends_each_record_in_words_made_from_what_the_seat_receives():
    """StreamEventsRequest.with_words: each record's words are those of the record exactly as the
    receiver gets it (the redacted form for another seat's private event), platform records
    included; without the flag the stream sends no words at all."""
    from engine.games.roma import words as roma_words
    from server.wire import wire_for

    async def main():
        host = GameHost(MemoryStore(), HostConfig(allow_client_seeds=True))
        game = (await host.create_game(pb.CreateGameRequest(game_type="roma", seed=b"stream-words"))).game
        tokens = [(await host.join_game(pb.JoinGameRequest(game_id=game.game_id, seat=s, player=f"p{s}"))).token for s in range(2)]

        async def first_batch(token, with_words):
            stream = host.stream(pb.StreamEventsRequest(game_id=game.game_id, with_words=with_words), token)
            try:
                return pb.EventBatch.FromString(await stream.__anext__())
            finally:
                await stream.aclose()

        wire = wire_for(registry.get("roma"))
        for token in (tokens[0], tokens[1], None):  # each seat, and a spectator
            plain, worded = await first_batch(token, False), await first_batch(token, True)
            assert all(not r.words for r in plain.events)
            assert [r.event for r in plain.events] == [r.event for r in worded.events]
            hidden = 0
            for r in worded.events:
                if r.event.WhichOneof("game") == "platform":
                    assert r.words and "_" not in r.words
                    continue
                event = wire.event_from_proto(r.event.roma)
                assert r.words == roma_words.describe_event(event)
                hidden += r.redacted
                if r.redacted:
                    assert "hidden from you" in r.words or "face down" in r.words, r.words
            assert hidden > 0  # every audience gets at least the deck's shuffle redacted
        claims = [r.words for r in worded.events if r.event.platform.HasField("seat_claimed")]
        assert claims == ["p0 takes First", "p1 takes Second"]

    asyncio.run(main())


def test_words_come_in_the_language_asked_and_an_unknown_language_is_refused_changing_nothing():
    """``language`` on both words requests (docs/PROTOCOL.md "Each command in words"): "" and "en"
    are English, "fr" French, anything else INVALID_ARGUMENT / BAD_LANGUAGE naming the two, before
    the stream sends anything or the host looks at the game."""
    from server.failures import HostError

    async def main():
        host = GameHost(MemoryStore(), HostConfig(allow_client_seeds=True))
        game = (await host.create_game(pb.CreateGameRequest(game_type="hannibal", seed=b"words"))).game
        tokens = [(await host.join_game(pb.JoinGameRequest(game_id=game.game_id, seat=s))).token for s in range(2)]
        seat = (await host.get_game(game.game_id)).status.to_act[0]
        english = await host.legal(game.game_id, tokens[seat], with_words=True)
        assert (await host.legal(game.game_id, tokens[seat], with_words=True, language="en")).words == english.words
        french = await host.legal(game.game_id, tokens[seat], with_words=True, language="fr")
        assert list(french.commands) == list(english.commands) and len(french.words) == len(english.words)
        assert all(f and f != e for f, e in zip(french.words, english.words)), list(zip(french.words, english.words))
        head = (await host.get_game(game.game_id)).head_seq
        for bad in ("de", "EN", "fr-FR", "english"):
            with pytest.raises(HostError) as refused:
                await host.legal(game.game_id, tokens[seat], with_words=True, language=bad)
            assert refused.value.status == "INVALID_ARGUMENT" and refused.value.code == "BAD_LANGUAGE"
            assert "'en'" in refused.value.message and "'fr'" in refused.value.message
            stream = host.stream(pb.StreamEventsRequest(game_id=game.game_id, with_words=True, language=bad), tokens[seat])
            with pytest.raises(HostError) as refused:
                await stream.__anext__()
            assert refused.value.code == "BAD_LANGUAGE"
        assert (await host.get_game(game.game_id)).head_seq == head
        stream = host.stream(pb.StreamEventsRequest(game_id=game.game_id, with_words=True, language="fr"), tokens[seat])
        try:
            batch = pb.EventBatch.FromString(await stream.__anext__())
        finally:
            await stream.aclose()
        claims = [r.words for r in batch.events if r.event.platform.HasField("seat_claimed")]
        assert claims and all(w.endswith(("place Rome", "place Carthage")) for w in claims), claims
        game_words = [r.words for r in batch.events if r.event.WhichOneof("game") == "hannibal"]
        assert any(w.startswith("Le paquet de stratégie est mélangé") for w in game_words), game_words

    asyncio.run(main())


@pytest.mark.parametrize("game_id,players", GAMES)
def test_every_legal_command_has_french_words_of_its_own(game_id, players):
    """Issue 36 item 5: ``describe_command(…, "fr")`` (each game's ``notation_fr.py``) words every
    command a seat may send in French: not empty, no raw snake_case id, and never the English line
    (a command missing from the French tables would fall back on it)."""
    import re
    bad = re.compile(r"\b[a-z]+_[a-z_]+\b|\bNone\b|[{}\[\]]")
    game = registry.get(game_id)
    english, french = describer(game), describer(game, "fr")
    rnd = random.Random(11)
    kinds: set[str] = set()
    for round_ in range(2):
        session, _ = Session.start(game, GameConfig(players), f"french-words-{game_id}-{round_}".encode())
        for _ in range(400):
            st = session.status()
            if st.over:
                break
            seat = st.to_act[0]
            legal = session.legal(seat)
            for c in legal:
                en, fr = english(session.state, seat, c), french(session.state, seat, c)
                assert fr and not bad.search(fr), (c, fr)
                assert fr != en, f"{c!r} has no French: {fr!r}"
                kinds.add(type(c).__name__)
            session.submit(seat, rnd.choice(legal))
    assert len(kinds) >= 4, kinds
