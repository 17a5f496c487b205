"""The match rule: one draw pile per team, equal in count and strength (Rome et Carthage "Règle
spéciale pour les matches"; Méditerranée "Règle spéciale pour les matches"; rulings R16, R24)."""

from __future__ import annotations

import pytest

from engine.games.rome_et_carthage import cards as cd

from .helpers import G, cmd, ev, of, play, position, start

SEEDS = [f"match-{i}".encode() for i in range(12)]


def strength(cards):
    return sum(cd.value(c) for c in cards)


@pytest.mark.parametrize("edition", ("original", "mediterranee"))
@pytest.mark.parametrize("players", (2, 3, 4))
def test_the_draw_pile_is_split_into_two_equal_piles(players, edition):
    """Rome et Carthage / Méditerranée "Règle spéciale pour les matches" (ruling R16): the pile is split
    into two piles of the same number of cards and the same strength — as near as the cards allow —
    and each team gets one."""
    for seed in SEEDS:
        session, emitted = start(players, seed, edition=edition, match=True)
        piles = session.state.talons
        assert len(piles[0]) == len(piles[1]) == 10
        assert not set(piles[0]) & set(piles[1])
        total = strength(piles[0]) + strength(piles[1])
        # 2 and 4 players: every value comes in pairs, an exact split exists; 3 players: the total
        # is odd, so one point apart is the best possible
        assert abs(strength(piles[0]) - strength(piles[1])) == total % 2
        assert G.view(session.state, 0).talon_sizes == (10, 10)


def test_r24_the_first_player_card_is_drawn_before_the_split():
    """Ruling R24 (Rome et Carthage "Placement des pièces" with the match rule): the opener is drawn
    from the whole pile, then the pile is split."""
    for seed in SEEDS[:5]:
        _, emitted = start(4, seed, match=True)
        kinds = [type(e.event) for e in emitted]
        first = kinds.index(ev.FirstPlayerDrawn)
        shuffles = [i for i, e in enumerate(emitted) if isinstance(e.event, ev.TalonShuffled)]
        whole = emitted[shuffles[0]].event
        card = emitted[first].event.card
        assert whole.cards[0] == card and len(whole.cards) == 20
        per_team = [emitted[i].event for i in shuffles if i > first and len(emitted[i].event.cards) == 10]
        assert sorted(e.pile for e in per_team) == [0, 1]
        assert any(card in e.cards for e in per_team)


def test_each_team_draws_from_its_own_pile():
    """Rome et Carthage "Règle spéciale pour les matches": the pile given to a team is its own draw
    pile."""
    s = position(4, match=True, pieces={"rome_elephant": "rome", "byzance_elephant": "byzance",
                                         "alexandrie_elephant": "alexandrie", "carthage_elephant": "carthage"})
    s.talons = [["AH", "3H"], ["AS", "3S"]]
    out = play(s, 0, cmd.EndTurn())  # seat 1, team 1
    assert of(out, ev.CardsDrawn) == [ev.CardsDrawn(1, 1, ("AS",))]
    out = play(s, 1, cmd.EndTurn())  # seat 2, team 0
    assert of(out, ev.CardsDrawn) == [ev.CardsDrawn(2, 0, ("AH",))]
    assert s.talons == [["3H"], ["3S"]]


def test_an_exhausted_team_pile_is_rebuilt_by_splitting_the_spent_cards():
    """Rome et Carthage "Règle spéciale pour les matches" (ruling R16): when a pile runs out, the spent
    cards are split again into two piles of equal count and strength, each put under its team's pile
    (an odd card to the team that is drawing)."""
    s = position(4, match=True, active=3, pieces={"rome_elephant": "rome", "byzance_elephant": "byzance",
                                                   "alexandrie_elephant": "alexandrie", "carthage_elephant": "carthage"})
    s.talons = [[], ["9S", "7S"]]
    s.spent = ["AH", "2H", "3H", "4H", "5H"]
    out = play(s, 3, cmd.EndTurn())  # seat 0 (team 0) draws from an empty pile
    rebuilt = {e.pile: e for e in of(out, ev.TalonShuffled)}
    assert set(rebuilt) == {0, 1} and all(e.rebuilt for e in rebuilt.values())
    team0, team1 = rebuilt[0].cards, rebuilt[1].cards
    assert team1[:2] == ("9S", "7S")  # the new half goes under the team's remaining cards
    half0, half1 = list(team0), list(team1[2:])
    assert len(half0) == 3 and len(half1) == 2
    assert sorted(half0 + half1) == sorted(["AH", "2H", "3H", "4H", "5H"])
    assert abs(strength(half0) - strength(half1)) <= 1  # 15 points: 8 and 7 at best
    drawn = of(out, ev.CardsDrawn)[0]
    assert drawn.seat == 0 and drawn.pile == 0 and drawn.cards == (team0[0],)
    assert s.spent == [] and G.view(s, 0).talon_sizes == (2, 4)
