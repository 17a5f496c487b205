"""After a war or an expedition: VI.2 Victoire (a war won after a greater one, R19), V.7 Demande de
paix (enemy leaders of lost wars become inactive), V.7 Épéistes Sicules et Galliques (auxiliaries leave
with the last war naming them), VI.1 Aventuriers (R66), and III notes, Diviser les cartes (R61)."""

from __future__ import annotations

from engine.games.republic_of_carthage import effects as fx
from engine.games.republic_of_carthage.state import WarState, evolve

from .helpers import C, Dice, Frame, cmd, ev, legal, of, play, run, table, top


def sent(s, war, commander, *units, squadrons=0, caravans=0):
    for unit in units:
        next(a for a in s.armies if a.type == unit and a.place == "out").place = "active"
    s.squadrons["active"] = s.squadrons.get("active", 0) + squadrons
    evolve(s, ev.ForceSent(force=s.next_force, war=war, commanders=(commander,), armies=tuple(units),
                           squadrons=squadrons, caravans=caravans, fleets=0))
    return s.forces[-1].id


def test_a_war_won_after_a_greater_related_war_gives_no_spoils():
    """VI.2 Victoire (R19): if a war of greater importance was already won, this one counts as a
    rebellion: the Treasury does not gain the card's talents (greater: a related war of higher printed
    land strength, R104)."""
    s = table()
    s.counters["won:mercenary_war"] = 1  # land 12, related to the Libyan War (5)
    s.wars = {"libyan_war": WarState(status="active")}
    fid = sent(s, "libyan_war", "2", "celtiberian", "celtiberian", "celtiberian")
    run(s, Frame(kind="battle", count=fid), dice=Dice(6, 6, 6))  # 18 + 2 + 3 - 5: victory, no loss
    assert "libyan_war" not in s.wars and s.treasury == 100 and s.counters.get("won:libyan_war") == 1
    s = table()
    s.counters["won:sardinian_revolt"] = 1  # land 6: greater than 5, related
    s.counters["won:numidian_war"] = 1  # not related
    s.wars = {"mercenary_war": WarState(status="active")}
    fid = sent(s, "mercenary_war", "6", *("celtiberian",) * 4, "carthaginian_legion", "carthaginian_legion")
    run(s, Frame(kind="battle", count=fid), dice=Dice(6, 6, 6, chits=("none",)))  # 18 + 3 + 6 - 12 = 15: victory, 2 lost
    assert s.treasury == 100 + C.WARS["mercenary_war"].spoils


def test_the_leader_of_a_lost_war_becomes_inactive_and_ages():
    """V.7 Demande de paix: enemy leaders taking part in lost wars with no related war in play become
    inactive: Pyrrhus then ages (IV.6, 5-6 removes him) though his war lies among the Lost."""
    from engine.games.republic_of_carthage.combat import war_lost
    from engine.games.republic_of_carthage.flow import Ctx
    s = table()
    s.leaders_in_play = ["pyrrhus", "masinissa"]
    s.wars = {"pyrrhic_war": WarState(status="active"), "numidian_war": WarState(status="active"),
              "war_with_masinissa": WarState(status="inactive")}
    ctx = Ctx(s, Dice())
    war_lost(ctx, "pyrrhic_war", "peace")
    war_lost(ctx, "numidian_war", "peace")
    for e in ctx.out:
        evolve(s, e.event)
    assert s.counters.get("leader_inactive:pyrrhus") == 1
    assert not s.counters.get("leader_inactive:masinissa")  # the War with Masinissa is still to fight
    events = run(s, Frame(kind="port_end"), dice=Dice(5))
    assert [r.purpose for r in of(events, ev.Rolled)] == ["aging:pyrrhus"]
    assert s.leaders_in_play == ["masinissa"]


def test_auxiliaries_leave_with_the_last_war_naming_them():
    """V.7 Épéistes Sicules et Galliques: they leave when the last war naming them leaves War Plans,
    losing veteran status and loyalty."""
    s = table()
    s.wars = {"libyan_war": WarState(status="active"), "first_sicilian_war": WarState(status="inactive")}
    sicules = [a for a in s.armies if a.type == "sicule"]
    sicules[0].place, sicules[1].place = "reserve", "active"
    sicules[1].veteran, sicules[1].loyal = True, "2"
    fid = sent(s, "libyan_war", "2", "celtiberian", "celtiberian", "celtiberian")
    run(s, Frame(kind="battle", count=fid), dice=Dice(6, 6, 6))
    assert [a.place for a in sicules] == ["reserve", "active"]  # the First Sicilian War still names them
    s.wars = {"numidian_war": WarState(status="active")}  # the First Sicilian War has left War Plans
    fid = sent(s, "numidian_war", "5", "numidian_cavalry", "numidian_cavalry", "numidian_cavalry")
    run(s, Frame(kind="battle", count=fid), dice=Dice(6, 6, 6, chits=("none",)))  # 18 + 2 + 3 - 6: 1 lost
    assert [a.place for a in sicules] == ["out", "out"] and not sicules[1].veteran and sicules[1].loyal == ""


def test_adventurers_choose_to_go_on_or_come_home():
    """VI.1 Aventuriers (R66): after the loss roll the expedition goes on or comes home, as its commander
    chooses."""
    s = table()
    s.explorations = ["trans_saharan_zone"]
    fid = sent(s, "trans_saharan_zone", "8", caravans=50)  # Exploration 3, no penalty
    run(s, Frame(kind="explore", count=fid), dice=Dice(3, 3, 2, 4, chits=("none",)))  # 8 + 3 = 11: adventurers; 4 - 2 = 2 lost
    assert (top(s).kind, top(s).seat) == ("adventurers", s.senators["8"].seat)
    assert s.forces[-1].caravans == 48
    play(s, top(s).seat, cmd.ChooseOption(option="return"))
    assert not s.forces and s.senators["8"].where == "carthage"
    s = table()
    s.explorations = ["trans_saharan_zone"]
    fid = sent(s, "trans_saharan_zone", "8", caravans=50)
    run(s, Frame(kind="explore", count=fid), dice=Dice(3, 3, 2, 4, chits=("none",)))
    play(s, top(s).seat, cmd.ChooseOption(option="go_on"))
    assert s.forces and s.senators["8"].where == "exploration"


def test_a_halving_takes_the_missing_cards_when_they_come_back():
    """III notes, Diviser les cartes (R61): when the pile lacks the cards to set aside, more are set aside
    as they come back to their pile."""
    from engine.games.republic_of_carthage.cards import apply_effects
    from engine.games.republic_of_carthage.flow import Ctx
    s = table()
    s.piles[2] = ["salt", "salt"]
    s.commerce[0] = ["salt"] * 7  # all 9 in play: halving sets 4 aside, the pile has 2
    ctx = Ctx(s, Dice())
    apply_effects(ctx, (fx.CommerceScale(commodity="salt", factor="half"),), seat=-1, source="test")
    for e in ctx.out:
        evolve(s, e.event)
    assert s.aside["halved"] == ["salt", "salt"] and s.counters["halving_debt:salt"] == 2
    s.flow = [Frame(kind="sell", seat=0)]
    assert cmd.SellCommerce(commodity="salt", count=3) in legal(s, 0)
    events = play(s, 0, cmd.SellCommerce(commodity="salt", count=3))
    assert of(events, ev.CommercePulled)[0].count == 2
    assert s.aside["halved"] == ["salt"] * 4 and "halving_debt:salt" not in s.counters
    assert s.piles[2] == ["salt"]


def test_a_leader_at_sea_r178():
    """R178 (VI.2 with R42): a leader's strength adds to his war's land strength only, while his
    Disaster and Retreat numbers join the war's, which every battle of the war reads (the war
    card's own are read at sea too). Masinissa with the Second Roman Republic War (naval 8): a
    naval roll of 6, his Retreat number, is a Retreat, and the roll's modifier counts the war's
    naval 8 without his strength."""
    from engine.games.republic_of_carthage.people import military

    from .test_rules_combat_civil_war import send

    leader, war = C.LEADERS["masinissa"], C.WARS["second_roman_republic_war"]
    assert 6 in leader.retreat and 6 not in war.retreat + war.disaster and leader.strength > 0
    s = table()
    s.wars = {"second_roman_republic_war": WarState(status="active")}
    s.leaders_in_play = ["masinissa"]
    fid = send(s, "second_roman_republic_war", "2", armies=("celtiberian",) * 2, squadrons=10)
    events = run(s, Frame(kind="battle", count=fid), dice=Dice(1, 2, 3, chits=("none",) * 10))
    naval = [e for e in of(events, ev.Rolled) if e.purpose.startswith("naval_battle")]
    assert [(e.outcome, e.modifier) for e in naval] == [("retreat", military("2") + 10 - war.naval)]
