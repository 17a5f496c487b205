"""V.7 and VI.2: the Crisis co-command, reinforcements ("Augmentation"), recalling commanders and
governors, the General office after a Retreat, a Disaster or an Attrition, and the ransom of a captured
commander (R17, R69)."""

from __future__ import annotations

from engine.games.republic_of_carthage.state import Province, WarState, evolve

from .helpers import C, Dice, Frame, cmd, ev, legal, of, play, run, table, top

YES = cmd.ChooseOption(option="yes")


def recruited(s, *units):
    for unit in units:
        next(a for a in s.armies if a.type == unit and a.place == "out").place = "active"


def sent(s, war, *commanders, units=()):
    recruited(s, *units)
    evolve(s, ev.ForceSent(force=s.next_force, war=war, commanders=tuple(commanders), armies=tuple(units),
                           squadrons=0, caravans=0, fleets=0))
    return s.forces[-1].id


def everybody_yes(s):
    """The presiding officer calls the votes clockwise (R64) and every player votes yes."""
    events = []
    if s.flow and top(s).kind == "vote_order":
        events += play(s, top(s).seat, cmd.ChooseOption(option="clockwise"))
    while s.flow and top(s).kind == "vote":
        events += play(s, top(s).seat, YES)
    return events


def test_a_crisis_co_commander_becomes_general_with_three_influence():
    """V.7 Crise: in a Crisis the Senate may name two commanders for one war, one of them a Suffète; the
    other, any senator in Carthage, is elected General and gains 3 Influence."""
    s = table()
    s.wars = {"libyan_war": WarState(status="active")}
    s.offices["suffete_admiral"] = "2"
    s.counters["crisis"] = 1
    recruited(s, "celtiberian")
    s.flow = [Frame(kind="business"), Frame(kind="squadrons", seat=0, target="libyan_war", strs=["celtiberian"])]
    play(s, 0, cmd.ChooseNumber(number=0))
    assert top(s).kind == "co_commander"
    assert cmd.ChooseSenator(senator="5") in legal(s, 0) and cmd.ChooseOption(option="none") in legal(s, 0)
    assert cmd.ChooseSenator(senator="2") not in legal(s, 0)
    play(s, 0, cmd.ChooseSenator(senator="5"))
    everybody_yes(s)
    assert s.forces[-1].commanders == ["2", "5"] and s.senators["5"].where == "war"
    assert s.senators["5"].influence == C.FAMILIES[5].influence + 3 and s.counters.get("general:5") == 1


def test_without_a_crisis_there_is_no_co_commander():
    """V.7 Crise: only in a Crisis may a war have two commanders."""
    s = table()
    s.wars = {"libyan_war": WarState(status="active")}
    s.offices["suffete_admiral"] = "2"
    recruited(s, "celtiberian")
    s.flow = [Frame(kind="business"), Frame(kind="squadrons", seat=0, target="libyan_war", strs=["celtiberian"])]
    play(s, 0, cmd.ChooseNumber(number=0))
    assert top(s).kind == "vote_order"  # the proposal goes to the vote, the presiding officer calling it (R64)


def test_co_commanders_add_their_military():
    """V.7 Crise and VI.2: the two commanders' Military values are added on the Combat table."""
    s = table()
    s.wars = {"libyan_war": WarState(status="active")}  # 5/0/0, D17 R4
    fid = sent(s, "libyan_war", "2", "6", units=("celtiberian",))
    events = run(s, Frame(kind="battle", count=fid), dice=Dice(6, 6, 6, chits=()))
    assert of(events, ev.Rolled)[0].modifier == C.FAMILIES[2].military + C.FAMILIES[6].military + 1 - 5


def test_reinforcements_join_a_force_in_the_field():
    """V.7 Augmentation: the Senate may send more armies or squadrons to a force that has a commander."""
    s = table()
    s.wars = {"libyan_war": WarState(status="active")}
    fid = sent(s, "libyan_war", "2", units=("celtiberian",))
    recruited(s, "numidian_cavalry")
    s.squadrons["active"] = 2
    s.flow = [Frame(kind="business"), Frame(kind="business_item", seat=0, target="reinforce")]
    assert legal(s, 0) == [cmd.ChooseOption(option=f"reinforce:{fid}")]
    play(s, 0, cmd.ChooseOption(option=f"reinforce:{fid}"))
    play(s, 0, cmd.ChooseOption(option="numidian_cavalry"))
    play(s, 0, cmd.ChooseOption(option="done"))
    play(s, 0, cmd.ChooseNumber(number=2))
    events = everybody_yes(s)
    assert of(events, ev.ForceReinforced) == [ev.ForceReinforced(force=fid, armies=("numidian_cavalry",), squadrons=2)]
    assert sorted(a.type for a in s.armies if a.place == f"force:{fid}") == ["celtiberian", "numidian_cavalry"]
    assert s.squadrons.get(f"force:{fid}") == 2 and not s.squadrons.get("active")


def test_reinforcements_to_a_war_without_a_sea_part_take_an_army():
    """RoC V.7 Augmentation with R43 and R164 (R169): squadrons do not fight on land, so a force in a war
    with no sea part is not reinforced with squadrons alone (the Senate may not send them alone either);
    they may go along with an army. A war with a sea part may take squadrons alone."""
    from engine.games.republic_of_carthage.senate import business_options
    s = table()
    s.wars = {"libyan_war": WarState(status="active"), "war_with_cyrene": WarState(status="active")}
    land = sent(s, "libyan_war", "2", units=("celtiberian",))
    evolve(s, ev.ForceSent(force=s.next_force, war="war_with_cyrene", commanders=("5",), armies=(), squadrons=0,
                           caravans=0, fleets=0))
    sea = s.forces[-1].id
    s.squadrons["active"] = 2
    assert f"reinforce:{land}" not in business_options(s) and f"reinforce:{sea}" in business_options(s)
    recruited(s, "numidian_cavalry")
    assert f"reinforce:{land}" in business_options(s)
    s.flow = [Frame(kind="business"), Frame(kind="reinforce_muster", seat=0, count=land, strs=[])]
    assert legal(s, 0) == [cmd.ChooseOption(option="numidian_cavalry")]
    play(s, 0, cmd.ChooseOption(option="numidian_cavalry"))
    play(s, 0, cmd.ChooseOption(option="done"))
    assert cmd.ChooseNumber(number=2) in legal(s, 0)  # squadrons may go along with the army
    s.flow = [Frame(kind="business"), Frame(kind="reinforce_muster", seat=0, count=sea, strs=[])]
    assert cmd.ChooseOption(option="done") in legal(s, 0)


def test_an_expedition_is_never_reinforced_or_recalled():
    """V.7 Envoyer une expédition: an expedition may not be reinforced or recalled."""
    from engine.games.republic_of_carthage.senate import business_options
    s = table()
    s.explorations = ["trans_saharan_zone"]
    evolve(s, ev.ForceSent(force=1, war="trans_saharan_zone", commanders=("2",), armies=(), squadrons=0,
                           caravans=10, fleets=0))
    recruited(s, "celtiberian")
    s.turn = 3
    assert not [o for o in business_options(s) if o.startswith(("reinforce", "recall:"))]


def test_a_recalled_commander_faces_the_people_and_his_troops_come_home():
    """V.7 Rappel des Commandants: a commander at war since an earlier turn may be recalled; without a
    replacement his troops go to Active Forces; he rolls on the Popular Reaction table at once."""
    s = table()
    s.wars = {"libyan_war": WarState(status="active")}
    fid = sent(s, "libyan_war", "2", units=("celtiberian",))
    s.flow = [Frame(kind="business"), Frame(kind="business_item", seat=0, target="recall")]
    assert legal(s, 0) == []  # sent this turn: not yet
    s.turn = 2
    play(s, 0, cmd.ChooseOption(option=f"recall:{fid}"))
    assert legal(s, 0) == [cmd.ChooseOption(option="none")]  # no Suffète in Carthage to replace him
    play(s, 0, cmd.ChooseOption(option="none"))
    play(s, 0, cmd.ChooseOption(option="clockwise"))  # the presiding officer calls the votes (R64)
    play(s, 0, YES)
    play(s, 1, YES)
    events = play(s, 2, YES, Dice(5, 6))  # 11 + Popularity 0: gains 1 Popularity
    assert of(events, ev.Rolled)[0].purpose == "popular_reaction"
    assert not s.forces and s.senators["2"].where == "carthage" and s.senators["2"].popularity == 1
    assert [a.type for a in s.armies if a.place == "active"] == ["celtiberian"]


def test_a_recalled_commander_may_be_replaced():
    """V.7 Rappel des Commandants: the proposal may name a replacement, who takes the force."""
    s = table()
    s.turn = 2
    s.wars = {"libyan_war": WarState(status="active")}
    fid = sent(s, "libyan_war", "2", units=("celtiberian",))
    s.forces[-1].turn = 1
    s.offices["suffete_admiral"] = "5"
    s.flow = [Frame(kind="business"), Frame(kind="replacement", seat=0, count=fid)]
    play(s, 0, cmd.ChooseSenator(senator="5"))
    assert top(s).kind == "vote_order"
    play(s, top(s).seat, cmd.ChooseOption(option="clockwise"))  # the presiding officer calls the votes (R64)
    for _ in range(2):
        play(s, top(s).seat, YES)
    play(s, top(s).seat, YES, Dice(4, 4))  # 8: loses 1 Popularity
    assert s.forces[-1].commanders == ["5"] and s.senators["5"].where == "war"
    assert s.senators["2"].where == "carthage" and s.senators["2"].popularity == -1


def test_a_governor_is_recalled_only_by_electing_another_and_not_in_his_first_turn():
    """V.7 Rappel des Gouverneurs: a governor may be recalled if a new one is elected in his place, except
    in the turn he was elected."""
    from engine.games.republic_of_carthage.senate import business_options
    s = table()
    s.provinces["libya"] = Province(governor="3", term=2, named_turn=1)
    s.senators["3"].where = "province"
    assert "recall_governor:libya" not in business_options(s)
    s.turn = 2
    assert "recall_governor:libya" in business_options(s)
    s.flow = [Frame(kind="business"), Frame(kind="recall_nominate", seat=0, target="libya")]
    assert cmd.ChooseSenator(senator="3") not in legal(s, 0)
    play(s, 0, cmd.ChooseSenator(senator="4"))
    everybody_yes(s)
    assert s.provinces["libya"].governor == "4" and s.senators["3"].where == "carthage"
    assert s.provinces["libya"].term == C.PROVINCES["libya"].term


def test_attrition_gives_the_general_office_without_influence():
    """VI.2 Retraite, Désastre, Usure: the commander is given the General office, without its 3 Influence."""
    s = table()
    s.wars = {"libyan_war": WarState(status="active")}  # 5/0/0, D17 R4
    fid = sent(s, "libyan_war", "2", units=("celtiberian",))
    events = run(s, Frame(kind="battle", count=fid), dice=Dice(4, 4, 4, chits=("none",)))  # 12 + 2 + 1 - 5 = 10
    assert of(events, ev.Rolled)[0].outcome == "attrition"
    assert s.counters.get("general:2") == 1 and s.senators["2"].influence == C.FAMILIES[2].influence


def test_a_prisoner_is_ransomed_for_the_greater_of_ten_talents_and_twice_his_influence():
    """VI.2 Commandant capturé, R17: his faction may pay 10 T or twice his Influence, the greater; paid from
    the faction treasury, then its senators in Carthage (R99); he comes back to Carthage."""
    s = table()
    s.senators["2"].where = "captured:libyan_war"
    s.senators["2"].influence = 7
    s.faction_treasury[0] = 6
    s.senators["1"].talents = 10
    run(s, Frame(kind="ransoms"))
    assert top(s).kind == "ransom" and legal(s, 0) == [cmd.ChooseOption(option="pay"), cmd.ChooseOption(option="no")]
    play(s, 0, cmd.ChooseOption(option="pay"))
    assert s.faction_treasury[0] == 0 and s.senators["1"].talents == 2 and s.senators["2"].where == "carthage"
    s = table()
    s.senators["5"].where = "captured:libyan_war"  # Influence 2: 10 T
    s.faction_treasury[1] = 9
    run(s, Frame(kind="ransoms"))
    # 9 T is not enough; he is asked all the same, "no" his only answer, so that the step says
    # nothing to the others about his faction treasury (R58: its amount is hidden)
    assert top(s).kind == "ransom" and legal(s, 1) == [cmd.ChooseOption(option="no")]


def test_the_separation_of_powers_lets_a_crisis_command_go_without_a_suffete():
    """V.7 Crise: before the law of the Separation of Powers one of the two commanders must be a Suffète;
    with it in force, any senators in Carthage may share the command."""
    s = table()
    s.wars = {"libyan_war": WarState(status="active")}
    s.offices["suffete_admiral"] = "2"
    s.counters["crisis"] = 1
    s.laws = ["separation_of_powers"]
    recruited(s, "celtiberian")
    s.flow = [Frame(kind="business"), Frame(kind="squadrons", seat=0, target="libyan_war", strs=["celtiberian"])]
    play(s, 0, cmd.ChooseNumber(number=0))
    assert top(s).kind == "crisis_commander" and cmd.ChooseSenator(senator="4") in legal(s, 0)
    play(s, 0, cmd.ChooseSenator(senator="4"))
    assert cmd.ChooseSenator(senator="2") in legal(s, 0) and cmd.ChooseSenator(senator="4") not in legal(s, 0)
    play(s, 0, cmd.ChooseSenator(senator="7"))
    everybody_yes(s)
    assert s.forces[-1].commanders == ["4", "7"] and s.senators["2"].where == "carthage"
    assert s.counters.get("general:7") == 1 and not s.counters.get("general:4")


def test_a_recalled_governor_who_took_personal_income_brings_his_red_marker_home():
    """RoC II.9: the red marker of a governor who took personal income goes onto his card when he comes
    back to Carthage; recalled (V.7 Rappel des Gouverneurs), he comes back, so he carries it (R166). A
    governor who took none brings nothing."""
    s = table()
    s.turn = 2
    s.provinces["libya"] = Province(governor="3", term=2, named_turn=1, red=True)
    s.provinces["numidia"] = Province(governor="6", term=2, named_turn=1)
    s.senators["3"].where = s.senators["6"].where = "province"
    s.flow = [Frame(kind="business"), Frame(kind="recall_nominate", seat=0, target="libya")]
    play(s, 0, cmd.ChooseSenator(senator="4"))
    everybody_yes(s)
    assert s.provinces["libya"].governor == "4" and not s.provinces["libya"].red
    assert s.senators["3"].where == "carthage" and s.senators["3"].red == 1
    s.flow = [Frame(kind="business"), Frame(kind="recall_nominate", seat=0, target="numidia")]
    play(s, 0, cmd.ChooseSenator(senator="5"))
    everybody_yes(s)
    assert s.senators["6"].where == "carthage" and s.senators["6"].red == 0
