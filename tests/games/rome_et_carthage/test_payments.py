"""Forced-march payments (Rome et Carthage "Déplacements", Méditerranée "Marche forcée"; ruling R9):
the listed payments are exactly the minimal sets of non-zero cards worth 3 or more."""

from __future__ import annotations

import random
from itertools import combinations

from engine.games.rome_et_carthage import cards as cd


def brute_force(hand: list[str]) -> set[tuple[str, ...]]:
    out = set()
    for k in range(1, len(hand) + 1):
        for chosen in combinations(cd.canonical(hand), k):
            if cd.is_minimal_payment(chosen):
                out.add(chosen)
    return out


def test_minimal_payments_are_every_minimal_set_and_nothing_else():
    rnd = random.Random(9)
    for _ in range(200):
        hand = rnd.sample(cd.ALL_CARDS, rnd.randint(0, 10))
        listed = cd.minimal_payments(hand)
        assert len(listed) == len(set(listed))
        assert set(listed) == brute_force(hand), hand


def test_a_payment_needs_every_card_and_no_zero():
    assert cd.is_minimal_payment(("AH", "2S"))          # 1 + 2: both needed
    assert not cd.is_minimal_payment(("AH", "5S"))      # the 5 alone pays
    assert not cd.is_minimal_payment(("JH", "3S"))      # a zero is never paid
    assert not cd.is_minimal_payment(("AH", "AS"))      # 2 is not enough
