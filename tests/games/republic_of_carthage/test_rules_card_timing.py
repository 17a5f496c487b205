"""When cards and events act: any-time cards (IV.2a), the combat cards' battle, Bad Omens' rolls, and
the recruitment events together (Terminologie, Recrutement inefficace; V.7 Exploration)."""

from __future__ import annotations

from engine.games.republic_of_carthage.cards import random_event
from engine.games.republic_of_carthage.flow import Ctx
from engine.games.republic_of_carthage.senate import cost

from .helpers import Dice, table


def _events(s, *names):
    ctx = Ctx(s, Dice())
    for name in names:
        random_event(ctx, name, 0)
    return ctx.s


def test_ineffective_recruitment_and_no_recruitment_together_double_the_costs():
    """Terminologie (Recrutement inefficace: double, triple if it comes again in the turn) and V.7
    Exploration (No Recruitment raises the caravans' price): two different events each double the
    cost, so together they double it, not triple (R131)."""
    s = _events(table(), "ineffective_recruitment", "no_recruitment")
    assert cost(s, "caravan") == 2 and cost(s, "carthaginian_legion") == 20
    s = _events(table(), "no_recruitment", "ineffective_recruitment")
    assert cost(s, "trade_fleet") == 2


def test_either_event_twice_in_a_turn_triples_the_costs():
    """Terminologie: the same event a second time in the turn (its back) triples the costs, whatever
    else came."""
    s = _events(table(), "ineffective_recruitment", "no_recruitment", "ineffective_recruitment")
    assert cost(s, "carthaginian_legion") == 30
    s = _events(table(), "no_recruitment", "no_recruitment")
    assert cost(s, "caravan") == 3
    s = _events(table(), "ineffective_recruitment")
    assert cost(s, "squadron") == 16
