"""The tables (combat, exploration, recruitment, popular reaction, appeal, allegiance, contributions,
assassination) and the balance of the wars against them."""

from __future__ import annotations

from functools import cache
from itertools import product

import pytest

from engine.games.republic_of_carthage import components as c

T = c.TABLES


@cache
def three_dice() -> dict[int, float]:
    out: dict[int, float] = {}
    for roll in product(range(1, 7), repeat=3):
        out[sum(roll)] = out.get(sum(roll), 0) + 1 / 216
    return out


def outcome_odds(modifier: int, disaster=(), retreat=()) -> dict[str, float]:
    """Chances of each result for a war roll of 3d6 + ``modifier``; D/R numbers are read first (VI.2)."""
    odds = {"victory": 0.0, "attrition": 0.0, "defeat": 0.0, "disaster": 0.0, "retreat": 0.0}
    for roll, p in three_dice().items():
        if roll in disaster:
            odds["disaster"] += p
        elif roll in retreat:
            odds["retreat"] += p
        else:
            odds[c.combat_result(roll + modifier).result] += p
    return odds


# ------------------------------------------------------------------------------- assassination


def test_the_assassination_table():
    """V.7 (Assassinats): 5+ kills the target, 3-4 does nothing, 2 or less captures the assassin."""
    assert [c.assassination(n) for n in range(1, 7)] == ["captured", "captured", "nothing", "nothing", "killed", "killed"]
    assert c.assassination(7) == "killed" and c.assassination(0) == "captured"  # with Assassin / Secret Escort
    assert T.assassination.source == "V. Phase de Sénat, step 7 (Assassinats)"


# ------------------------------------------------------------------------------------- combat


def test_combat_results_rise_with_the_total():
    """VI.2: a higher total never gives a worse result, and victories lose fewer troops as it rises."""
    order = {"defeat": 0, "attrition": 1, "victory": 2}
    results = [c.combat_result(n) for n in range(-10, 30)]
    assert all(order[a.result] <= order[b.result] for a, b in zip(results, results[1:]))
    wins = [r.losses for r in results if r.result == "victory"]
    assert wins == sorted(wins, reverse=True) and wins[-1] == 0
    assert c.combat_result(-10).all_lost


def test_retreat_and_disaster_fractions():
    """VI.2: a Retreat removes about 25 % of the troops, a Disaster about 50 %."""
    assert (T.combat.retreat_fraction_percent, T.combat.disaster_fraction_percent) == (25, 50)
    assert T.combat.dice == 3


def test_every_war_can_be_won_and_lost():
    """The reconstructed strengths against the reconstructed table: a force as strong as the war under a
    Military 2 commander wins sometimes and loses sometimes; twice the war's strength nearly always wins;
    the wars can be won with the tokens that exist (all 28 armies, less the deserters, with the best
    statesman's Military 6)."""
    for w in c.WARS.values():
        even = outcome_odds(2, w.disaster, w.retreat)
        assert 0.15 <= even["victory"] <= 0.6, (w.id, even)
        assert even["defeat"] + even["disaster"] >= 0.05, (w.id, even)
        strong = outcome_odds(2 + w.land, w.disaster, w.retreat)
        assert strong["victory"] >= 0.6, (w.id, strong)
        deserters = sum(e.count or c.ARMY_TYPES[e.army].tokens for e in w.appearance if type(e).__name__ == "Desert")
        leaders = sum(x.strength for x in c.leaders_of(w.id))
        best = outcome_odds(6 + 28 - deserters - w.land - leaders, w.disaster, w.retreat)
        assert best["victory"] >= 0.5, (w.id, best)


def test_the_first_roman_war_is_hard_at_the_start():
    """Historically lost: with the set-up forces (11 armies, the 3 Campanians deserting, 2 Sicules added)
    and a Military 2 Suffète, the land part of the model war is won less than a third of the time."""
    w = c.WARS["first_roman_republic_war"]
    armies = 2 + 2 + 4 + 3 - 3 + 2
    odds = outcome_odds(2 + armies - w.land, w.disaster, w.retreat)
    assert odds["victory"] < 1 / 3


def test_the_naval_part_of_the_model_war():
    """V.7 (Guerres navales): squadrons alone fight the naval strength 10 first; all 25 squadrons under a
    Military 2 commander usually win it."""
    w = c.WARS["first_roman_republic_war"]
    assert outcome_odds(2 + c.FORCES.squadrons - w.naval, w.disaster, w.retreat)["victory"] > 0.6


# -------------------------------------------------------------------------------- exploration


def test_the_exploration_table():
    """VI.1: results Victory, Losses, Lost and Adventurers; a Disaster loses 2 dice of units; 1 chit per 5
    units lost; Victory gives strength / 10."""
    assert {r.result for r in T.exploration.rows} == {"victory", "losses", "lost", "adventurers"}
    assert (T.exploration.disaster_losses.dice, T.exploration.units_per_chit, T.exploration.victory_divisor) == (2, 5, 10)
    order = ["lost", "losses", "adventurers", "victory"]
    results = [order.index(c.exploration_result(n).result) for n in range(-5, 30)]
    assert results == sorted(results)


def test_exploration_shortfall_penalty():
    """Ruling R14: -1 per 5 caravans or fleets (or fraction) short of the card's strength."""
    assert c.exploration_penalty("trans_saharan_zone", caravans=50) == 0
    assert c.exploration_penalty("trans_saharan_zone", caravans=45) == 1
    assert c.exploration_penalty("trans_saharan_zone", caravans=44) == 2
    assert c.exploration_penalty("trans_saharan_zone") == 10


def test_a_full_expedition_succeeds_about_half_the_time():
    """With the full 50 caravans and an Exploration value of 3, the model exploration wins about half
    the time; its D13 is a Disaster."""
    x = c.EXPLORATIONS["trans_saharan_zone"]
    p = sum(q for roll, q in three_dice().items()
            if roll not in x.disaster and c.exploration_result(roll + 3).result == "victory")
    assert 0.35 <= p <= 0.6


# -------------------------------------------------------------------------------- recruitment


def test_caravans_and_fleets_cost_one_talent():
    """V.7 (Envoyer une expédition): caravans and trade fleets are worth 1 T each."""
    assert c.recruitment_cost("caravan") == 1 and c.recruitment_cost("trade_fleet") == 1


def test_ineffective_recruitment_doubles_then_triples():
    """Terminologie (Recrutement inefficace): double every cost for the turn; triple if it happens again."""
    for unit in ("carthaginian_legion", "squadron", "caravan"):
        base = c.recruitment_cost(unit)
        assert c.recruitment_cost(unit, ineffective=1) == 2 * base
        assert c.recruitment_cost(unit, ineffective=2) == 3 * base
        assert c.recruitment_cost(unit, ineffective=3) == 3 * base


def test_every_unit_has_a_cost():
    units = set(c.ARMY_TYPES) | {"squadron", "caravan", "trade_fleet"}
    assert {r.unit for r in T.recruitment.costs} == units
    assert all(r.cost >= 1 for r in T.recruitment.costs)


# ------------------------------------------------------------------- reaction, appeal, allegiance


def test_appeal_to_the_people_is_read_on_two_dice():
    """V.5 (Procédure 2): the accused rolls 2 dice on the Appeal table; it can free or kill him."""
    assert T.appeal.dice == 2
    assert c.appeal_result(2).result == "killed" and c.appeal_result(12).result == "freed"
    votes = [c.appeal_result(n).votes for n in range(3, 12)]
    assert votes == sorted(votes) and votes[0] < 0 < votes[-1]


def test_allegiance_is_one_die_plus_one_per_talent():
    """VII.3: 1 die per army, +1 per talent spent; 'Loyal' sends the army back to the board."""
    assert (T.allegiance.dice, T.allegiance.talents_per_point) == (1, 1)
    results = [c.allegiance(n) for n in range(1, 7)]
    assert "loyal" in results and "joins" in results
    assert c.allegiance(1) == "loyal" and c.allegiance(20) == "joins"


def test_popular_reaction_runs_from_death_to_acclaim():
    assert c.popular_reaction(-5).result == "killed" and c.popular_reaction(15).result == "gains"


@pytest.mark.parametrize("talents, influence", [(0, 0), (9, 0), (10, 1), (25, 3), (50, 6), (100, 12), (250, 12)])
def test_contributions(talents, influence):
    """II.11: a large enough contribution earns Influence (the board's table, reconstructed)."""
    assert c.contribution_influence(talents) == influence


def test_contributions_never_pay_more_influence_for_less():
    values = [c.contribution_influence(t) for t in range(0, 300)]
    assert values == sorted(values)
