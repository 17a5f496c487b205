"""VII.3 Les Commandants victorieux rappellent leurs troupes ou se rebellent: the allegiance rolls, the
accomplices, the joint command's secret bids, the rebel upkeep (II.5), the rebel war and how the
rebellion ends (IX.1)."""

from __future__ import annotations

from engine.games.republic_of_carthage.state import WarState, evolve

from .helpers import C, G, Dice, Frame, cmd, ev, legal, of, play, rejected, run, table, top

REBEL, RETURN = cmd.ChooseOption(option="rebel"), cmd.ChooseOption(option="return")


def on_card(s, sid, *units, veteran_loyal=None):
    """Armies a victorious commander brought back on his card (VI.2 Victoire); ``veteran_loyal``: the
    last one is a veteran loyal to that senator."""
    out = []
    for unit in units:
        a = next(a for a in s.armies if a.type == unit and a.place == "out")
        a.place = f"victor:{sid}"
        out.append(a)
    if veteran_loyal is not None:
        out[-1].veteran, out[-1].loyal = True, veteran_loyal
    s.counters[f"victor:{sid}"] = 1
    return out


def place_of(s, sid):
    return s.senators[sid].where


def rebels_of(s, place="rebel"):
    return sorted(a.type for a in s.armies if a.place == place)


def test_a_victor_who_returns_puts_his_armies_in_the_reserve():
    """VII.3: from the SPHR clockwise each victorious commander returns his armies to the board, or rebels;
    returned, they go to the Force Reserve (R179, with VI.2's Victory)."""
    s = table()
    on_card(s, "2", "celtiberian", "celtiberian")
    run(s, Frame(kind="victors"))
    assert top(s).kind == "rebel_choice" and legal(s, 0) == [RETURN, REBEL]
    play(s, 0, RETURN)
    assert rebels_of(s, "reserve") == ["celtiberian", "celtiberian"] and not s.rebels
    assert not any(n.startswith("victor:") for n in s.counters)


def test_the_allegiance_rolls_loyal_veterans_and_accomplices():
    """VII.3 Allégeance des armées: one die per army, +1 per talent the rebel spends first; Loyal sends it
    back to the board. A veteran loyal to him joins without a roll. Complices: the other senators of his
    faction declare; a rebel leaves Carthage and his offices."""
    s = table()
    s.senators["2"].talents = 3
    s.offices["suffete_general"] = "2"
    s.offices["censor"] = "3"
    on_card(s, "2", "celtiberian", "balearic_slinger", "carthaginian_legion", veteran_loyal="2")
    run(s, Frame(kind="victors"))
    play(s, 0, REBEL)
    assert place_of(s, "2") == "rebel" and s.offices["suffete_general"] == ""
    assert s.rebel_leaders == ["2"] and s.rebels == ["2"]
    assert rebels_of(s) == ["carthaginian_legion"]  # the veteran loyal to him, no roll
    assert top(s).kind == "allegiance" and legal(s, 0)[-1] == cmd.ChooseNumber(number=3)
    events = play(s, 0, cmd.ChooseNumber(number=2), Dice(3))  # balearic_slinger: 3 + 2 = 5 joins
    assert of(events, ev.Rolled)[0].total == 5 and s.senators["2"].talents == 1
    play(s, 0, cmd.ChooseNumber(number=0), Dice(4))  # celtiberian: 4 stays loyal to Carthage
    assert rebels_of(s) == ["balearic_slinger", "carthaginian_legion"]
    assert rebels_of(s, "reserve") == ["celtiberian"]
    assert (top(s).kind, top(s).senator) == ("accomplice", "1")
    play(s, 0, cmd.ChooseOption(option="stay"))
    play(s, 0, REBEL)  # senator 3, the Censor, joins: he leaves Carthage and his office
    assert s.rebels == ["2", "3"] and place_of(s, "3") == "rebel" and s.offices["censor"] == ""
    assert place_of(s, "1") == "carthage" and not s.flow


def first_rebel_then_second_victor(second_armies, second_dice):
    """Seat 0's victor 2 (Military 2) rebels with a celtiberian that joins: a rebel force of 1 + 2 = 3;
    his faction's senators stay. Then seat 1's victor 5 (Military 2), holding ``second_armies``, would
    rebel too; his allegiance dice are ``second_dice`` (5-6 joins)."""
    s = table()
    on_card(s, "2", "celtiberian")
    on_card(s, "5", *second_armies)
    run(s, Frame(kind="victors"))
    play(s, 0, REBEL)
    play(s, 0, cmd.ChooseNumber(number=0), Dice(6))
    play(s, 0, cmd.ChooseOption(option="stay"))
    play(s, 0, cmd.ChooseOption(option="stay"))
    assert s.rebels == ["2"] and (top(s).kind, top(s).senator) == ("rebel_choice", "5")
    assert legal(s, 1) == [RETURN, REBEL]
    play(s, 1, REBEL)
    assert place_of(s, "5") == "carthage"           # he gathers his force before anything is decided
    for d in second_dice:
        assert (top(s).kind, top(s).seat) == ("allegiance", 1)
        play(s, 1, cmd.ChooseNumber(number=0), Dice(d))
    return s


def test_a_stronger_later_rebel_takes_the_rebellion_over():
    """VII.3 Rebelles multiples (R90): one faction in rebellion at a time; a later victor who would
    rebel while a rebel force stands must be stronger, armies and commander's Military counted as the
    rebel war counts them (La guerre rebelle). 2 armies + Military 2 = 4 beats 1 + 2 = 3: senator 5
    rebels with them; senator 2, not beaten in combat, stands down in Carthage and his celtiberian
    goes back to the Reserve; then seat 1's other senators declare (Complices)."""
    s = first_rebel_then_second_victor(("numidian_cavalry", "balearic_slinger"), (6, 5))
    assert s.rebel_leaders == ["5"] and s.rebels == ["5"] and place_of(s, "5") == "rebel"
    assert place_of(s, "2") == "carthage" and s.senators["2"].face_up
    assert rebels_of(s) == ["balearic_slinger", "numidian_cavalry"]
    assert rebels_of(s, "reserve") == ["celtiberian"]
    assert (top(s).kind, top(s).seat, top(s).senator) == ("accomplice", 1, "4")


def test_a_later_rebel_no_stronger_stays_loyal():
    """VII.3 Rebelles multiples (R90): "must be stronger" - a tie is not enough. One army + Military 2 =
    3 against 3: senator 5 stays in Carthage, his army goes back to the Reserve, and the first
    rebellion stands."""
    s = first_rebel_then_second_victor(("numidian_cavalry",), (6,))
    assert s.rebels == ["2"] and rebels_of(s) == ["celtiberian"]
    assert place_of(s, "5") == "carthage" and rebels_of(s, "reserve") == ["numidian_cavalry"]
    assert not s.flow


def test_the_armies_that_stay_loyal_do_not_count_for_the_later_rebel():
    """VII.3 Allégeance des armées and Rebelles multiples (R90): the later rebel's force is what joins
    him; with one of his two armies loyal to Carthage (a 4) he has 1 + 2 = 3, not stronger."""
    s = first_rebel_then_second_victor(("numidian_cavalry", "balearic_slinger"), (6, 4))
    assert s.rebels == ["2"] and place_of(s, "5") == "carthage"
    assert rebels_of(s, "reserve") == ["balearic_slinger", "numidian_cavalry"]


def test_a_later_rebels_own_veteran_counts_two_and_joins_without_a_roll():
    """VII.3 Allégeance des armées and Rebelles multiples (R90): a veteran in the Reserve loyal to the
    later rebel joins him without a roll and counts 2 (La guerre rebelle counts the armies' strength):
    one numidian that joins + the veteran + Military 2 = 5 beats 3; the first rebel's accomplice
    stands down with him."""
    s = table()
    on_card(s, "2", "celtiberian")
    on_card(s, "5", "numidian_cavalry")
    vet = next(a for a in s.armies if a.type == "carthaginian_legion" and a.place == "out")
    vet.place, vet.veteran, vet.loyal = "reserve", True, "5"
    run(s, Frame(kind="victors"))
    play(s, 0, REBEL)
    play(s, 0, cmd.ChooseNumber(number=0), Dice(6))
    play(s, 0, cmd.ChooseOption(option="rebel"))  # senator 1 joins senator 2's rebellion
    play(s, 0, cmd.ChooseOption(option="stay"))
    assert s.rebels == ["2", "1"]
    play(s, 1, REBEL)
    assert vet.place == "victor:5" and [(f.kind, f.seat) for f in s.flow[-1:]] == [("allegiance", 1)]
    play(s, 1, cmd.ChooseNumber(number=0), Dice(5))
    assert s.rebel_leaders == ["5"] and rebels_of(s) == ["carthaginian_legion", "numidian_cavalry"]
    assert place_of(s, "1") == "carthage" and place_of(s, "2") == "carthage"


def test_a_rebellion_of_an_earlier_turn_bars_any_new_rebel():
    """VII.3 Rebelles multiples (R90): once a rebel is determined (in an earlier turn's step), no other
    faction may rebel until he is beaten in combat: the victor may only return his armies, and they
    go back to the Reserve without a question."""
    s = rebellion()                      # declared in turn 1
    s.turn = 2
    on_card(s, "5", "numidian_cavalry", "numidian_cavalry")
    run(s, Frame(kind="victors"))
    assert s.rebels == ["2"] and not s.flow
    assert rebels_of(s, "reserve") == ["numidian_cavalry", "numidian_cavalry"]


def test_a_victor_of_the_rebel_faction_does_not_start_a_second_rebellion():
    """VII.3 Rebelles multiples (R90): one faction at a time; a senator of the rebel faction joins as an
    accomplice (Complices) or stays loyal, he does not contest his own faction's rebellion."""
    s = table()
    on_card(s, "2", "celtiberian")
    on_card(s, "3", "numidian_cavalry", "numidian_cavalry")
    run(s, Frame(kind="victors"))
    play(s, 0, REBEL)
    play(s, 0, cmd.ChooseNumber(number=0), Dice(6))
    play(s, 0, cmd.ChooseOption(option="stay"))   # senator 1
    play(s, 0, cmd.ChooseOption(option="stay"))   # senator 3, a victor himself
    assert s.rebels == ["2"] and not s.flow
    assert rebels_of(s, "reserve") == ["numidian_cavalry", "numidian_cavalry"]


def test_a_rebel_war_victory_kills_the_rebels_and_rewards_the_victors():
    """VII.3 Combattre les rebelles: 3 dice + Military + force - (rebel armies + rebel Military); the
    losses strike both sides; Victory: the rebellion fails, the rebels die, the victors gain Influence
    and Popularity of half the rebel strength, rounded up."""
    s = rebellion()  # rebel 2 (Military 2) with 2 armies: strength 4
    fid = senate_force(s, "5", "celtiberian", "celtiberian", "celtiberian")
    # 6+6+4 = 16 + 2 + 3 - 4 = 17: victory, 1 lost by each side, one chit (none)
    events = run(s, Frame(kind="battle", count=fid), dice=Dice(6, 6, 4, chits=("none",)))
    roll = of(events, ev.Rolled)[0]
    assert roll.purpose == "land_battle:rebels" and roll.modifier == 2 + 3 - 4 and roll.outcome == "victory"
    assert not s.senators["2"].face_up and not s.rebels
    x = s.senators["5"]
    assert (x.influence, x.popularity) == (C.FAMILIES[5].influence + 2, 2)
    assert rebels_of(s, "rebel") == [] and sum(1 for a in s.armies if a.place == "reserve") == 1
    assert sum(1 for a in s.armies if a.place == "victor:5") == 2  # he may rebel in his turn


def test_a_rebel_war_defeat_makes_the_rebellion_succeed_at_the_end_of_the_turn():
    """VII.3: a Defeat: the rebellion succeeds, the rebel troops lose nothing; IX.1: if Carthage survives
    the turn the rebel players win."""
    s = rebellion()
    fid = senate_force(s, "5", "celtiberian")
    run(s, Frame(kind="battle", count=fid), dice=Dice(2, 2, 3, chits=("none",)))  # 7 + 2 + 1 - 4 = 6: defeat, 4 lost
    assert s.counters.get("rebellion_won:0") == 1
    assert not s.forces and s.phase != "over"
    events = run(s, Frame(kind="end_turn"))
    ended = of(events, ev.GameEnded)[0]
    assert ended.winners == (0,) and ended.reason == "rebellion"


def test_a_rebellion_the_senate_does_not_fight_succeeds():
    """VII.3 La guerre rebelle: if the Senate sends no force against it, the rebels win (if Carthage
    survives the turn); it counts as one of the four wars that end the Republic."""
    s = rebellion()
    s.turn = 2
    s.wars = {w: WarState(status="active") for w in ("libyan_war", "numidian_war", "pyrrhic_war")}
    events = run(s, Frame(kind="combat_end"))
    assert of(events, ev.GameEnded)[0].reason == "four_active_wars"
    s = rebellion()
    s.turn = 2
    run(s, Frame(kind="combat_end"))
    assert s.counters.get("rebellion_won:0") == 1


def test_the_rebels_pay_their_upkeep():
    """II.5: the rebels pay 2 T for each rebel army that is not a veteran, from the faction treasury then
    their own talents; what they cannot pay for goes back to the Senate (Active Forces)."""
    s = rebellion(extra=("numidian_cavalry",))  # three armies, none veteran
    s.armies[[a.place for a in s.armies].index("rebel")].veteran = True  # one veteran: free
    s.faction_treasury[0] = 1
    s.senators["2"].talents = 2
    run(s, Frame(kind="revenue_state"))
    assert s.faction_treasury[0] == 0 and s.senators["2"].talents == 1  # one army paid: 1 + 1
    assert len(rebels_of(s)) == 2 and len(rebels_of(s, "active")) == 1
    assert s.treasury == 100 + 100 - 2 * 1  # the State pays only for its own army


def test_the_senate_sends_a_force_against_the_rebels():
    """V.7 and VII.3: the Senate may prosecute the rebel war (no peace with the rebels; squadrons play
    no part, auxiliaries only fight the wars that name them)."""
    from engine.games.republic_of_carthage.senate import business_options
    s = rebellion()
    s.offices["suffete_admiral"] = "5"
    for unit in ("celtiberian", "sicule"):
        next(a for a in s.armies if a.type == unit and a.place == "out").place = "active"
    s.squadrons["active"] = 3
    options = business_options(s)
    assert "prosecute:rebels" in options and not any(o.startswith("peace:") for o in options)
    s.flow = [Frame(kind="muster", seat=1, target="rebels", strs=[])]
    assert legal(s, 1) == [cmd.ChooseOption(option="celtiberian")]  # no "done" before an army
    play(s, 1, cmd.ChooseOption(option="celtiberian"))
    play(s, 1, cmd.ChooseOption(option="done"))
    assert legal(s, 1) == [cmd.ChooseNumber(number=0)]
    assert rejected(s, 1, cmd.ChooseNumber(number=1)).code


def test_the_joint_command_bids_for_each_army_in_secret():
    """VII.3 Commandement double: the General may not start a rebellion but may join the Suffète's; each
    army is drawn at random and both players bid talents in secret; the higher bid pays the bank and
    takes the army."""
    from engine.games.republic_of_carthage.views import view
    s = table()
    s.offices["suffete_general"] = "2"
    s.counters["general:5"] = 1
    on_card(s, "2", "celtiberian", "numidian_cavalry")
    s.counters["victor:5"] = s.counters["co_victor:5"] = 1  # he won beside 2, as the General (R100)
    s.senators["2"].talents, s.senators["5"].talents = 4, 4
    run(s, Frame(kind="victors"))
    assert (top(s).kind, top(s).senator) == ("rebel_choice", "2")  # only the Suffète decides
    play(s, 0, REBEL)
    assert G.status(s).to_act == (0, 1)
    emitted = G.decide(s, 1, cmd.ChooseNumber(number=3), Dice())
    assert emitted[0].seats == (1,) and emitted[0].redacted == ev.ChoiceMadeRedacted(seat=1, step="rebel_bid")
    for e in emitted:
        G.evolve(s, e.event)
    assert view(s, 0).committed == () and view(s, 1).committed == ("3",)
    events = play(s, 0, cmd.ChooseNumber(number=1))  # the celtiberian (drawn first): 3 beats 1
    assert of(events, ev.ChoicesRevealed)[0].choices == ("0|1", "1|3")
    assert s.senators["5"].talents == 1 and s.senators["2"].talents == 4
    assert rebels_of(s, "victor:5") == ["celtiberian"]
    play(s, 1, cmd.ChooseNumber(number=0))
    play(s, 0, cmd.ChooseNumber(number=2))  # the numidian cavalry: 2 beats 0
    assert rebels_of(s, "victor:2") == ["numidian_cavalry"] and s.senators["2"].talents == 2
    assert (top(s).kind, top(s).seat) == ("rebel_join", 1)
    play(s, 1, cmd.ChooseOption(option="join"))
    assert s.rebel_leaders == ["2", "5"]


# -- positions -----------------------------------------------------------------------------------------
def rebellion(extra=()):
    """Seat 0's senator 2 in rebellion with a celtiberian and a balearic slinger (and ``extra``)."""
    s = table()
    for unit in ("celtiberian", "balearic_slinger", *extra):
        next(a for a in s.armies if a.type == unit and a.place == "out").place = "rebel"
    s.senators["2"].where = "rebel"
    s.rebel_leaders, s.rebels = ["2"], ["2"]
    s.counters["rebellion_turn"] = 1
    return s


def senate_force(s, commander, *units):
    for unit in units:
        next(a for a in s.armies if a.type == unit and a.place == "out").place = "active"
    evolve(s, ev.ForceSent(force=s.next_force, war="rebels", commanders=(commander,), armies=tuple(units),
                           squadrons=0, caravans=0, fleets=0))
    return s.forces[-1].id


def test_the_rebellion_is_on_the_table_for_everyone():
    """VII.3: the rebels and their armies are public: every view and the rendered position show them."""
    from engine.games.republic_of_carthage.render import render_position
    from engine.games.republic_of_carthage.views import view
    s = rebellion()
    for seat in (None, 0, 1):
        v = view(s, seat)
        assert v.rebels == ("2",) and v.rebel_leaders == ("2",)
        assert sorted((u.unit, u.count) for u in v.units if u.place == "rebel") == [("balearic_slinger", 1),
                                                                                   ("celtiberian", 1)]
    assert "rebellion: Mago (led by Mago)" in render_position(s)


def test_a_veteran_loyal_to_another_senator_follows_his_players_choice():
    """VII.3 Allégeance des armées: a veteran assigned to another commander joins the rebel as that
    commander's player chooses, without a roll."""
    s = table()
    on_card(s, "2", "celtiberian", veteran_loyal="5")  # loyal to seat 1's senator 5
    run(s, Frame(kind="victors"))
    play(s, 0, REBEL)
    assert (top(s).kind, top(s).seat) == ("veteran_joins", 1)
    play(s, 1, cmd.ChooseOption(option="join"))
    assert rebels_of(s) == ["celtiberian"]


def test_the_rebellion_is_not_won_unopposed_in_the_turn_it_starts():
    """VII.3 La guerre rebelle: the Senate has its next Senate phase to send a force (R96)."""
    s = rebellion()  # declared in turn 1
    run(s, Frame(kind="combat_end"))
    assert not any(n.startswith("rebellion_won:") for n in s.counters)


def test_a_rebellion_with_no_army_left_collapses():
    """II.5 and R93: rebels who can pay for no army lose them to the Senate; with no army left the
    rebellion collapses and its rebels die as if beaten."""
    s = rebellion()
    run(s, Frame(kind="revenue_state"))  # no talents anywhere: both armies go back
    assert len(rebels_of(s, "active")) == 2 and not s.rebels
    assert not s.senators["2"].face_up


def test_a_later_force_does_not_fight_a_rebellion_that_has_already_succeeded():
    """VII.3 Combattre les rebelles (La rébellion réussit) and V.7 Troupes multiples: once a Defeat has
    made the rebellion succeed, the rebels have won if Carthage survives the turn; a second force sent
    against them that turn has nothing left to fight and comes home (it rolled, beat the rebels'
    leaders and killed the winners before)."""
    s = rebellion()
    first = senate_force(s, "5", "celtiberian")
    second = senate_force(s, "8", "libyan_light_infantry", "libyan_light_infantry", "numidian_cavalry")
    run(s, Frame(kind="battle", count=first), dice=Dice(2, 2, 3, chits=("none",)))  # a Defeat: the rebels win
    assert s.counters.get("rebellion_won:0") == 1
    events = run(s, Frame(kind="battle", count=second))  # no dice: no roll
    assert not of(events, ev.Rolled) and not s.forces
    assert s.senators["2"].face_up and s.senators["2"].where == "rebel" and s.rebels == ["2"]
    assert s.senators["8"].where == "carthage"
    events = run(s, Frame(kind="end_turn"))
    assert of(events, ev.GameEnded)[0].winners == (0,)


def test_the_commander_who_led_keeps_the_suffetes_part_with_a_general_token():
    """VII.3 Commandement double (R91) with VI.2 (a Retreat, a Disaster or an Attrition gives the
    commanders still with the force the General office, R101): the commander who led the force (the
    Suffète's part) keeps it when he holds a General token as well; the co-commander, the General
    named in the Crisis (R100), still may not start a rebellion, even when his seat comes first."""
    from engine.games.republic_of_carthage.combat import war_won
    from engine.games.republic_of_carthage.flow import Ctx
    s = table()
    s.offices["suffete_general"] = "4"  # seat 1 presides now: its victor 5 comes first clockwise
    s.wars = {"libyan_war": WarState(status="active")}
    for unit in ("celtiberian", "numidian_cavalry"):
        next(a for a in s.armies if a.type == unit and a.place == "out").place = "active"
    evolve(s, ev.ForceSent(force=s.next_force, war="libyan_war", commanders=("2", "5"),
                           armies=("celtiberian", "numidian_cavalry"), squadrons=0, caravans=0, fleets=0))
    s.counters["general:5"] = 1  # the Crisis co-commander (R100)
    s.counters["general:2"] = 1  # the commander, after an Attrition in an earlier turn (R101)
    s.senators["2"].popularity = 5  # the armies go to his card
    ctx = Ctx(s, Dice())
    war_won(ctx, s.forces[-1].id)
    for e in ctx.finish():
        evolve(s, e.event)
    run(s, Frame(kind="victors"))
    assert (top(s).kind, top(s).senator, top(s).target) == ("rebel_choice", "2", "5")
    assert legal(s, 1) == [] and [f.senator for f in s.flow if f.kind == "rebel_choice"] == ["2"]


def test_a_victor_with_no_army_on_his_card_may_rebel_with_his_veterans():
    """VII.3 Allégeance des armées: the veterans assigned to the commander join him without a roll whether
    or not they were part of his force; a victor who lost every army of the force in his winning battle
    may still rebel with the veterans loyal to him in the Reserve."""
    s = table()
    s.counters["victor:2"] = 1  # no army on his card
    a = next(a for a in s.armies if a.type == "carthaginian_legion" and a.place == "out")
    a.place, a.veteran, a.loyal = "reserve", True, "2"
    run(s, Frame(kind="victors"))
    assert (top(s).kind, top(s).senator) == ("rebel_choice", "2") and legal(s, 0) == [RETURN, REBEL]
    play(s, 0, REBEL)
    assert rebels_of(s) == ["carthaginian_legion"] and s.rebel_leaders == ["2"]


def test_a_successful_rebellion_overthrows_a_suffete_for_life_of_the_same_turn():
    """IX.1 and IX.2 (R153): a Suffète for Life proclaimed in the Senate and a rebellion that succeeds in
    the Combat phase of the same turn: the rebels have marched on Carthage, so the rebellion's players
    win at the end of the turn, not the Suffète for Life's."""
    s = rebellion()
    s.counters["suffete_for_life:5"] = 2  # seat 1's senator 5
    s.counters["rebellion_won:0"] = 1
    events = run(s, Frame(kind="end_turn"))
    ended = of(events, ev.GameEnded)[0]
    assert (ended.winners, ended.reason) == ((0,), "rebellion")


def test_a_force_left_with_no_army_after_an_attrition_against_the_rebels_comes_home():
    """VII.3 Combattre les rebelles (Usure: both sides go on next turn) with VI.2 Usure (the troops left
    stay at war): a Senate force that lost its last army has no troops left to stay; its commander
    comes home instead of fighting the rebels alone next turn (as a force with no commander comes
    home there)."""
    s = rebellion(extra=("numidian_cavalry", "war_elephant"))  # 4 armies + Military 2 = 6
    fid = senate_force(s, "5", "celtiberian")
    # 4+4+4 = 12 + 2 + 1 - 6 = 9: attrition, 3 lost: his one army, three of theirs; three chits (none)
    events = run(s, Frame(kind="battle", count=fid), dice=Dice(4, 4, 4, chits=("none",) * 3))
    assert of(events, ev.Rolled)[0].outcome == "attrition"
    assert len(rebels_of(s)) == 1 and s.rebels == ["2"]
    assert not s.forces and s.senators["5"].where == "carthage"
