"""The engine core: randomness, sessions, visibility, replay and snapshots (DESIGN.md "The engine")."""

from __future__ import annotations

import hashlib
import random

import pytest

from engine import errors
from engine.core import GameConfig, copy_state, decode_state, encode_state, state_digest
from engine.rng import Rng, commitment
from engine.session import Session, validate_config

from .tinygame import TINY, Draw, Stand

CONFIG = GameConfig(players=2)


def play_random(seed: bytes, chooser_seed: int = 0):
    session, opening = Session.start(TINY, CONFIG, seed)
    log = list(opening)
    rnd = random.Random(chooser_seed)
    while not session.status().over:
        seat = session.status().to_act[0]
        log += session.submit(seat, rnd.choice(session.legal(seat)))
    return session, log


def test_rng_is_a_function_of_seed_and_position():
    a, b, c = Rng(b"s", 3), Rng(b"s", 3), Rng(b"s", 4)
    draws = [a.below(1000) for _ in range(50)]
    assert draws == [b.below(1000) for _ in range(50)]
    assert draws != [c.below(1000) for _ in range(50)]


def test_rng_follows_its_published_specification():
    # key = sha256(domain || seed || position), block = sha256(key || counter), first word = bytes 0..8
    key = hashlib.sha256(b"carthago-rng-v1" + b"seed" + (7).to_bytes(8, "big")).digest()
    block = hashlib.sha256(key + (0).to_bytes(8, "big")).digest()
    first_word = int.from_bytes(block[:8], "big")
    assert Rng(b"seed", 7).below(1 << 32) == first_word % (1 << 32)


def test_rng_refuses_a_bound_it_cannot_draw_instead_of_looping():
    rng = Rng(b"bounds", 0)
    assert 0 <= rng.below(1 << 64) < 1 << 64  # the largest bound one word covers
    for bad in (0, -3, (1 << 64) + 1):
        with pytest.raises(ValueError):
            rng.below(bad)


def test_rng_dice_are_roughly_uniform_and_in_range():
    rng = Rng(b"dice", 0)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.die() - 1] += 1
    assert all(800 < c < 1200 for c in counts), counts


def test_shuffle_is_a_permutation():
    rng = Rng(b"x", 1)
    assert sorted(rng.shuffled(range(52))) == list(range(52))


def test_commitment_is_sha256_of_the_seed():
    assert commitment(b"abc") == hashlib.sha256(b"abc").hexdigest()


def test_config_is_checked_against_the_game():
    with pytest.raises(errors.RuleError) as exc:
        validate_config(TINY, GameConfig(players=3))
    assert exc.value.code == errors.BAD_CONFIG
    with pytest.raises(errors.RuleError) as exc:
        validate_config(TINY, GameConfig(players=2, options={"speed": "fast"}))
    assert exc.value.code == errors.BAD_CONFIG and "speed" in exc.value.message


def test_decide_does_not_mutate_and_is_deterministic():
    session, _ = Session.start(TINY, CONFIG, b"seed")
    before = state_digest(session.state)
    first = session.decide(0, Draw())
    assert state_digest(session.state) == before
    assert session.decide(0, Draw()) == first


def test_out_of_turn_and_finished_games_are_refused_without_change():
    session, _ = Session.start(TINY, CONFIG, b"seed")
    before = state_digest(session.state)
    with pytest.raises(errors.RuleError) as exc:
        session.submit(1, Stand())
    assert exc.value.code == errors.NOT_YOUR_TURN
    assert state_digest(session.state) == before
    session, _ = play_random(b"done")
    with pytest.raises(errors.RuleError) as exc:
        session.submit(0, Stand())
    assert exc.value.code == errors.GAME_OVER


def test_private_events_show_their_redacted_form_to_others():
    _, opening = Session.start(TINY, CONFIG, b"seed")
    deal_to_0 = opening[1]
    assert deal_to_0.for_seat(0) == deal_to_0.event
    assert deal_to_0.for_seat(1) == deal_to_0.redacted
    assert deal_to_0.for_seat(None) == deal_to_0.redacted
    shuffle = opening[0]
    assert all(shuffle.for_seat(s) == shuffle.redacted for s in (0, 1, None))


@pytest.mark.parametrize("seed", [b"1", b"2", b"3", b"4"])
def test_replay_and_snapshot_plus_tail_equal_the_live_state(seed):
    session, log = play_random(seed)
    events = [e.event for e in log]
    assert state_digest(Session.replay(TINY, CONFIG, seed, events).state) == state_digest(session.state)
    for k in range(len(events) + 1):
        snap = encode_state(Session.replay(TINY, CONFIG, seed, events[:k]).state)
        restored = Session.restore(TINY, CONFIG, seed, decode_state(TINY, snap), k, events[k:])
        assert state_digest(restored.state) == state_digest(session.state)
        assert restored.position == session.position


def test_copy_state_is_deep():
    session, _ = Session.start(TINY, CONFIG, b"seed")
    copy = copy_state(TINY, session.state)
    session.submit(0, Draw())
    assert state_digest(copy) != state_digest(session.state)


def test_sample_hidden_keeps_the_seat_view():
    session, _ = Session.start(TINY, CONFIG, b"seed")
    session.submit(0, Draw())
    for seat in (0, 1, None):
        for k in range(5):
            sample = TINY.sample_hidden(session.state, seat, Rng(b"sample", k))
            assert TINY.view(sample, seat) == TINY.view(session.state, seat)
