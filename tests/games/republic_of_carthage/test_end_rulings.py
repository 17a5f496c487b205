"""Rulings R180-R183, from a read-only audit of VII.1, VII.2 and the end of the game (sixth
session): where the text is silent, what the engine does, pinned."""

from __future__ import annotations

from engine.games.republic_of_carthage.combat import war_lost
from engine.games.republic_of_carthage.flow import Ctx
from engine.games.republic_of_carthage.state import WarState, evolve

from .helpers import Dice, Frame, cmd, ev, legal, no_trading, of, run, table


def rebellion_standing(s, won: bool) -> None:
    """Senator 4 (seat 1) in rebellion with two armies; ``won``: it has succeeded this turn."""
    s.senators["4"].where = "rebel"
    s.rebels, s.rebel_leaders = ["4"], ["4"]
    for a in [a for a in s.armies if a.place == "out"][:2]:
        a.place = "rebel"
    if won:
        s.counters["rebellion_won:1"] = 1


def test_the_rebellion_counts_as_an_active_war_never_a_lost_one():
    """R180 (VII.3, IX): with three Active wars the standing rebellion is the fourth, and the Republic
    falls at the end of the Combat phase, everybody losing; with three Lost wars it is not a fourth
    Lost war, even once it has succeeded."""
    s = table()
    s.wars = {w: WarState(status="active") for w in ("first_sicilian_war", "pyrrhic_war", "libyan_war")}
    rebellion_standing(s, won=False)
    ended = of(run(s, Frame(kind="combat_end")), ev.GameEnded)
    assert [(e.winners, e.reason) for e in ended] == [((), "four_active_wars")]

    s = table()
    s.wars = {w: WarState(status="lost") for w in ("first_sicilian_war", "pyrrhic_war", "libyan_war")}
    rebellion_standing(s, won=True)
    assert not of(run(s, Frame(kind="combat_end")), ev.GameEnded)


def test_a_treasury_short_outside_revenue_goes_below_zero():
    """R182 (IX: bankruptcy is judged on the Revenue phase's payments): a peace's Perte asking more
    than the Treasury holds leaves it below 0, and the game goes on."""
    s = table()
    s.treasury = 5
    s.wars = {"conquest_of_tunisia": WarState(status="active")}
    ctx = Ctx(s, Dice())
    war_lost(ctx, "conquest_of_tunisia", "peace")
    events = [e.event for e in ctx.finish()]
    for e in events:
        evolve(s, e)
    assert s.treasury < 0
    assert not of(events, ev.GameEnded)


def test_a_concession_from_the_hand_goes_to_a_senator_in_carthage():
    """R183 (IV.2a: played "on a senator" in the Civil War phase; V.7's grants need him in Carthage):
    with none of his senators in Carthage a player cannot play his concession card; with one back,
    he can, on that one only."""
    s = table()
    for sid in ("1", "2", "3"):
        s.senators[sid].where = "war"
    s.hands[0] = ["salt_pans"]
    run(s, Frame(kind="civil_war"))
    no_trading(s)
    assert not [c for c in legal(s, 0) if isinstance(c, cmd.PlayCard)]

    s = table()
    for sid in ("2", "3"):
        s.senators[sid].where = "war"
    s.hands[0] = ["salt_pans"]
    run(s, Frame(kind="civil_war"))
    no_trading(s)
    assert [c for c in legal(s, 0) if isinstance(c, cmd.PlayCard)] == [cmd.PlayCard(card="salt_pans", senator="1")]


def test_only_the_force_that_won_the_war_is_victorious():
    """R181 (VII.1: commanders who fought this turn without victory face the people; VII.3: victorious
    is having won the war): two forces in the Libyan War, the first (senator 2, seat 0) held to an
    Attrition, the second (senator 5, seat 1) winning it; in the Civil War phase senator 2 alone
    rolls on the Popular Reaction table."""
    from .test_rules_combat_civil_war import send

    s = table()
    s.wars = {"libyan_war": WarState(status="active")}
    first = send(s, "libyan_war", "2", armies=("celtiberian",) * 4)
    second = send(s, "libyan_war", "5", armies=("gallic_swordsman",) * 4)
    rolled = of(run(s, Frame(kind="battle", count=first), dice=Dice(3, 3, 4, chits=("none",) * 3)), ev.Rolled)
    assert [e.outcome for e in rolled] == ["attrition"]
    rolled = of(run(s, Frame(kind="battle", count=second), dice=Dice(6, 6, 6, chits=("none",) * 3)), ev.Rolled)
    assert [e.outcome for e in rolled] == ["victory"] and "libyan_war" not in s.wars
    reactions = [e for e in of(run(s, Frame(kind="civil_war"), dice=Dice(4, 4)), ev.Rolled)
                 if e.purpose == "popular_reaction"]
    assert [e.seat for e in reactions] == [s.senators["2"].seat]
