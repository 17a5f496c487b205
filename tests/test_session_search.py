"""What a search bot uses to explore without replaying (issue 17, docs/SEARCH.md): Session.copy,
mark/undo and trial. Every registered game: a random line of play is tried, undone, and the
session is found exactly as it was (state digest, position, legal commands), and the same line
played again gives the same states (the Rng is a function of seed and position)."""

from __future__ import annotations

import random

import pytest

from engine import registry
from engine.core import GameConfig, state_digest
from engine.session import Session


def started(game_id: str, plies: int) -> tuple[Session, random.Random]:
    game = registry.get(game_id)
    session, _ = Session.start(game, GameConfig(players=game.info.player_counts[0]), f"search-{game_id}".encode())
    rnd = random.Random(game_id)
    play(session, rnd, plies)
    return session, rnd


def play(session: Session, rnd: random.Random, plies: int) -> list[str]:
    """Random commands; the digest after each."""
    digests = []
    for _ in range(plies):
        st = session.status()
        if st.over:
            break
        seat = st.to_act[0]
        session.submit(seat, rnd.choice(session.legal(seat)))
        digests.append(state_digest(session.state))
    return digests


@pytest.mark.parametrize("game_id", registry.ids())
def test_undo_brings_back_the_exact_session_and_a_line_replays_identically(game_id):
    session, _ = started(game_id, 15)
    before = (state_digest(session.state), session.position, session.legal(session.status().to_act[0]))
    mark = session.mark()
    first = play(session, random.Random(7), 25)
    assert first and session.position > before[1]  # the line changed the session
    session.undo(mark)
    assert (state_digest(session.state), session.position, session.legal(session.status().to_act[0])) == before
    assert play(session, random.Random(7), 25) == first  # the same line, the same states
    session.undo(mark)  # a mark serves any number of times
    assert state_digest(session.state) == before[0]


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_copy_is_independent_of_its_original(game_id):
    session, _ = started(game_id, 10)
    digest, position = state_digest(session.state), session.position
    other = session.copy()
    play(other, random.Random(3), 20)
    assert other.position > position
    assert (state_digest(session.state), session.position) == (digest, position)
    play(session, random.Random(3), 20)  # the original, played the same way, reaches the same state
    assert state_digest(session.state) == state_digest(other.state)


def test_trial_undoes_its_block_even_when_it_raises():
    session, _ = started("roma", 5)
    digest = state_digest(session.state)
    with pytest.raises(RuntimeError):
        with session.trial():
            play(session, random.Random(1), 10)
            raise RuntimeError("the bot's own error")
    assert state_digest(session.state) == digest
    with session.trial() as trying:
        play(trying, random.Random(1), 10)
        assert state_digest(session.state) != digest
    assert state_digest(session.state) == digest
