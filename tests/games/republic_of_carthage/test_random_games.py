"""Whole games of random legal commands, checking after every command what the rules keep true:
every commerce card is in one place (103 in all, "Matériel"), every army token too (28), talents
and markers never go negative, Influence never below 0 (R29), at most one Faction Leader per faction
and he is of the faction, and every game ends by a rule (IX), none by a step limit."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.core import GameConfig
from engine.games.republic_of_carthage import components as C
from engine.games.republic_of_carthage.game import REPUBLIC_OF_CARTHAGE as G
from engine.session import Session

ENDINGS = {"bankruptcy", "four_active_wars", "four_lost_wars", "suffete_for_life", "deck_exhausted", "rebellion"}


def check(s) -> None:
    if s.phase == "setup":  # the piles are made at step 17
        return
    cards = Counter(c for p in s.piles for c in p) + Counter(c for h in s.commerce for c in h) \
        + Counter(c for a in s.aside.values() for c in a)
    assert cards == Counter({x.id: x.cards for x in C.COMMODITIES.values()}), cards
    assert len(s.armies) == sum(a.tokens for a in C.FORCES.armies)
    assert sum(n for p, n in s.squadrons.items()) <= C.FORCES.squadrons
    assert all(n >= 0 for n in s.squadrons.values())
    for x in s.senators.values():
        assert x.talents >= 0 and x.influence >= 0 and x.merchants >= 0, x
    assert all(n >= 0 for n in s.faction_treasury)
    for seat, leader in enumerate(s.leaders):
        assert not leader or s.senators[leader].seat == seat
    for f in s.forces:
        assert all(c in s.senators for c in f.commanders)


def play(players: int, seed: int) -> tuple[str, int]:
    session, _ = Session.start(G, GameConfig(players), f"random-{seed}".encode())
    pick = random.Random(seed)
    for step in range(G.info.max_steps):
        st = session.status()
        if st.over:
            return st.result.reason, step
        seat = st.to_act[0]
        session.submit(seat, pick.choice(session.legal(seat)))
        check(session.state)
    return "step_limit", G.info.max_steps


@pytest.mark.parametrize("players", (3, 4, 5, 6))
def test_random_games_end_by_a_rule(players):
    """IX: every game ends by bankruptcy, four Active or Lost wars, a Suffète for Life or the deck."""
    endings = Counter(play(players, seed)[0] for seed in range(3))
    assert set(endings) <= ENDINGS, endings
