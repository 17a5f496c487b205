"""Whole games of random legal commands, checking after every event what the rules keep true
(Rome et Carthage "Pièces et accessoires du jeu", "Placement des pièces", "Talon"; Méditerranée
"Talon")."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.games.rome_et_carthage import board
from engine.games.rome_et_carthage import cards as cd
from engine.games.rome_et_carthage.state import is_land, kind_of
from engine.rng import Rng

from .helpers import start

CONFIGS = [(players, edition, match) for players in (2, 3, 4) for edition in ("original", "mediterranee")
           for match in (False, True)]


def check(s) -> None:
    # every card of the game is in exactly one place (queens of two-state players are never used)
    places = [c for h in s.hands for c in h] + [c for t in s.talons for c in t] + s.spent + s.removed
    places += [c for g in s.gone for c in g]
    if s.combat is not None:
        places += [c for side in s.combat.table for c in side] + [c for side in s.combat.chosen for c in side]
    counts = Counter(places)
    assert all(n == 1 for n in counts.values()), [c for c, n in counts.items() if n > 1]
    unused = {"Q" + cd.SUIT_LETTERS[board.state(st).suit] for info in s.seats if len(info.states) == 2
              for st in info.states}
    assert set(counts) == set(cd.ALL_CARDS) - unused
    # zeros never leave their owner's hands (except while on a combat table or when their owner is out)
    assert not any(cd.is_zero(c) for c in s.spent + s.removed + [c for t in s.talons for c in t])
    # kings: two leave the game in the original, all of them in the reissue
    kings_out = [c for c in s.removed if cd.is_king(c)]
    if s.edition == "original":
        assert len(kings_out) <= 2 and (len(kings_out) == 2 or not any(cd.is_king(c) for c in s.spent))
    else:
        assert not any(cd.is_king(c) for c in s.spent + [c for t in s.talons for c in t])
    # one piece per city, galleys on ports, the board and the pieces agree
    assert all(s.where[p] == c for c, p in s.at.items())
    for p, c in s.where.items():
        assert s.at.get(c) == p or s.attacking.get(c) == p
        if kind_of(p) == "galley":
            assert board.is_port(c)
    assert not set(s.where) & set(s.lost)
    for c, p in s.attacking.items():
        assert is_land(p) or board.is_port(c)


@pytest.mark.parametrize("players, edition, match", CONFIGS)
def test_random_games_keep_the_rules_invariants(players, edition, match):
    """Rome et Carthage "Talon" (cards are spent, zeros kept, kings per edition, nothing lost) and
    "Placement des pièces" (one piece per city, galleys on ports, for the whole game)."""
    for game in range(2):
        session, _ = start(players, f"random-{players}-{edition}-{match}-{game}".encode(), edition=edition,
                           match=match, quiet=20)
        pick = Rng(b"picker", game)
        combats = 0
        for _ in range(4000):
            st = session.status()
            if st.over:
                break
            seat = st.to_act[pick.below(len(st.to_act))]
            options = session.legal(seat)
            assert options, "a seat to act always has a legal command"
            # no draw offers, and moving rather than passing, so that the armies meet
            options = [c for c in options if type(c).__name__ not in ("OfferDraw", "AcceptDraw")]
            moves = [c for c in options if type(c).__name__ != "EndTurn"]
            command = pick.choice(moves if moves and pick.below(8) else options)
            for e in session.submit(seat, command):
                combats += type(e.event).__name__ == "CombatEnded"
            check(session.state)
        assert combats > 0
