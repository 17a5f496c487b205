"""Random games to the end (DESIGN.md "Tests and measurements"): 1,000 seeded games of uniformly
random legal commands finish within ``max_steps``; decide is pure; views survive sample_hidden."""

import random
import time

from engine.core import GameConfig, state_digest
from engine.games.roma import ROMA
from engine.games.roma.events import EVENT_TYPES
from engine.rng import Rng
from engine.session import Session

GAMES = 1000
CHECK_EVERY = 29  # steps between the costlier checks (every legal command, views)


def run_game(n: int, seen: set[str]) -> int:
    session, opening = Session.start(ROMA, GameConfig(players=2), seed=str(n).encode())
    log = [e.event for e in opening]
    seen.update(type(e.event).__name__ for e in opening)
    seen.update(type(e.redacted).__name__ for e in opening)
    bot = random.Random(n)
    steps = 0
    while not (st := session.status()).over:
        assert steps < ROMA.info.max_steps, f"game {n} did not end"
        seat = bot.choice(st.to_act)
        options = session.legal(seat)
        assert options and len(set(options)) == len(options), f"game {n}: no or duplicate options"
        if steps % CHECK_EVERY == 0:
            before_all = state_digest(session.state)
            for c in options:  # every legal command is accepted by decide, which stays pure
                session.decide(seat, c)
            assert state_digest(session.state) == before_all, f"game {n}: decide mutated the state"
            for viewer in (0, 1, None):
                sampled = ROMA.sample_hidden(session.state, viewer, Rng(b"sample", steps))
                assert ROMA.view(sampled, viewer) == ROMA.view(session.state, viewer)
        before = state_digest(session.state)
        emitted = session.decide(seat, bot.choice(options))
        assert state_digest(session.state) == before, f"game {n}: decide mutated the state"
        session.apply(emitted)
        log += [e.event for e in emitted]
        seen.update(type(e.event).__name__ for e in emitted)
        seen.update(type(e.redacted).__name__ for e in emitted if e.redacted is not None)
        steps += 1
    if n % 100 == 0:  # replaying the log rebuilds the same state
        replayed = Session.replay(ROMA, session.config, session.seed, log)
        assert state_digest(replayed.state) == state_digest(session.state)
    assert st.result is not None and st.result.scores == tuple(session.state.vp)
    return steps


def test_one_thousand_random_games_finish():
    seen: set[str] = set()
    t0 = time.perf_counter()
    steps = [run_game(n, seen) for n in range(1, GAMES + 1)]
    elapsed = time.perf_counter() - t0
    print(f"\n{GAMES} games, {sum(steps)} commands, longest {max(steps)}, {elapsed:.1f} s")
    assert {t.__name__ for t in EVENT_TYPES} - seen == set()


def test_patient_bots_play_long_games_to_the_end():
    """The same, with bots that rarely end their turn early, so that hands, discard reshuffles
    and card combinations grow further than in uniform play."""
    seen: set[str] = set()
    for n in range(1, 201):
        session, _ = Session.start(ROMA, GameConfig(players=2), seed=b"patient-%d" % n)
        bot = random.Random(n)
        for step in range(ROMA.info.max_steps):
            st = session.status()
            if st.over:
                break
            seat = bot.choice(st.to_act)
            options = session.legal(seat)
            if len(options) > 1 and type(options[-1]).__name__ == "EndTurn" and bot.random() < 0.95:
                options = options[:-1]
            emitted = session.submit(seat, bot.choice(options))
            seen.update(type(e.event).__name__ for e in emitted)
        assert session.status().over, f"patient game {n} did not end"
    assert {"DiscardReshuffled", "BattleBoosted", "VictoryPointsBought", "CardsPickedUp"} <= seen
