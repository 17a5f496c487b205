"""Whole games of random legal commands, checking after every event what the rules keep true:
the 64 strategy cards are each in one place (§8.5, §8.7), units never go negative, at most 4
elephant CU exist (§17.1), a general is on the map, in the cup, out or waiting, never two things
at once, and every game ends by a rule (§22.4, §23)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.core import GameConfig
from engine.games.hannibal import board as B
from engine.games.hannibal.components import SPACES, STRATEGY_CARDS
from engine.games.hannibal.game import HANNIBAL
from engine.session import Session

ENDINGS = {"turn_limit", "peace", "sudden_death_roma", "sudden_death_carthago", "sudden_death_italy"}


def check(s) -> None:
    places = Counter(s.deck + s.discard + s.removed + s.hands[0] + s.hands[1])
    assert set(places) == set(STRATEGY_CARDS) and all(n == 1 for n in places.values()), places
    elephants = 0
    for side in (0, 1):
        for sp, u in s.units[side].items():
            assert sp in SPACES
            assert u.cu >= 0 and u.icu >= 0 and 0 <= u.el <= u.cu and 0 <= u.iel <= u.icu, (side, sp, u)
            assert u.icu == 0 or SPACES[sp].city is not None
            elephants += u.el + u.iel
    assert elephants <= 4
    for gid, g in s.gens.items():
        assert g.status in ("map", "cup", "neutralized", "removed", "later")
        assert (g.status == "map") == bool(g.where), (gid, g)
    if s.battle is not None:
        assert sum(sum(h.values()) for h in s.battle.hands) <= 48
    assert all(c in (0, 1) for c in s.control.values())
    assert all(B.side_of(g) in (0, 1) for g in s.gens)


@pytest.mark.parametrize("seed", range(4))
def test_random_games_keep_the_invariants_and_end_by_a_rule(seed):
    session, _ = Session.start(HANNIBAL, GameConfig(2), f"random-test-{seed}".encode())
    pick = random.Random(seed)
    for _ in range(HANNIBAL.info.max_steps):
        st = session.status()
        if st.over:
            break
        seat = st.to_act[0]
        for e in session.decide(seat, pick.choice(session.legal(seat))):
            session.state = HANNIBAL.evolve(session.state, e.event)
            session.position += 1
            check(session.state)
    st = session.status()
    assert st.over and st.result.reason in ENDINGS and len(st.result.winners) == 1
