"""I. Phase de Mortalité and II. Phase de Revenu."""

from __future__ import annotations

from engine.games.republic_of_carthage.game import REPUBLIC_OF_CARTHAGE

from .helpers import C, Dice, Frame, cmd, ev, legal, of, play, rejected, run, table, top


# -- I. Mortality ------------------------------------------------------------------------------
def test_a_chit_naming_a_senator_in_play_kills_him():
    """I: draw one chit; the senator in play whose number it names dies. His card goes face down to
    the Port, his offices to the Port, his talents to the bank (R18)."""
    s = table()
    s.senators["5"].talents = 4
    s.offices["censor"] = "5"
    s.terms["censor"] = 2
    d = Dice(chits=("5",))
    events = run(s, Frame(kind="mortality"), dice=d)
    assert [e.chit for e in of(events, ev.ChitDrawn)] == ["5"]
    assert [e.senator for e in of(events, ev.SenatorDied)] == ["5"]
    x = s.senators["5"]
    assert x.seat == -1 and not x.face_up and x.talents == 0
    assert s.offices["censor"] == ""


def test_none_does_nothing_and_an_unknown_number_does_nothing():
    """I: "Aucun" has no effect; neither has a number with no senator in play."""
    s = table()
    events = run(s, Frame(kind="mortality"), dice=Dice(chits=("none",)))
    assert not of(events, ev.SenatorDied)
    events = run(s, Frame(kind="mortality"), dice=Dice(chits=("20",)))
    assert not of(events, ev.SenatorDied)


def test_draw_two_draws_two_more():
    """I: "Tirez-en 2": set it aside and draw two more; both numbers can kill."""
    s = table()
    events = run(s, Frame(kind="mortality"), dice=Dice(chits=("draw_two", "2", "8")))
    assert [e.chit for e in of(events, ev.ChitDrawn)] == ["draw_two", "2", "8"]
    assert [e.senator for e in of(events, ev.SenatorDied)] == ["2", "8"]


def test_a_dead_faction_leader_stays_with_his_merchants():
    """I, Conséquences de la Mort: the Faction Leader's family stays in the faction and keeps all its
    merchants; the other markers go (the printed values stay, R18)."""
    s = table()
    s.senators["1"].merchants = 3
    s.senators["1"].influence = 12
    s.senators["1"].popularity = 4
    run(s, Frame(kind="mortality"), dice=Dice(chits=("1",)))
    x = s.senators["1"]
    assert x.seat == 0 and x.face_up and x.merchants == 3
    assert (x.influence, x.popularity) == (C.FAMILIES[1].influence, C.FAMILIES[1].popularity)
    assert s.leaders[0] == "1"


def test_a_dead_faction_leaders_family_card_inherits_nothing_kept_for_him_by_name():
    """RoC I, Conséquences de la Mort (R170): the Faction Leader's family card stays in his faction, but
    the man is dead: what was kept for him by name (a Suffète for Life's proclamation, IX.2; a General
    token; a command open to trial, R80; a victory, VII.3) dies with him. Here his faction's Suffète for
    Life dies before the end of the turn: nobody wins by him (R40: he must survive the turn)."""
    s = table()
    s.senators["1"].influence = 21
    s.counters.update({"suffete_for_life:1": 1, "general:1": 1, "commanded:1:libyan_war": 1, "victor:1": 3})
    run(s, Frame(kind="mortality"), dice=Dice(chits=("1",)))
    assert s.senators["1"].seat == 0 and s.leaders[0] == "1"  # the family card stays (R18)
    assert not [n for n in s.counters if n.split(":")[1:2] == ["1"]]
    s.flow = []
    events = run(s, Frame(kind="end_turn"), dice=Dice(chits=("none",)))  # the next turn's Mortality follows
    assert not of(events, ev.GameEnded) and of(events, ev.TurnBegan)


# -- II. Revenue -------------------------------------------------------------------------------
def test_step1_faction_leaders_three_talents_others_one():
    """II.1: each Faction Leader receives 3 T, every other senator of a faction 1 T."""
    s = table()
    run(s, Frame(kind="revenue"), dice=Dice())
    assert [s.senators[str(i)].talents for i in range(1, 10)] == [3, 1, 1] * 3


def test_step1_a_governor_a_commander_and_a_prisoner_are_paid():
    """RoC II.1 (every senator of a faction takes 1 T, its Faction Leader 3 T) with VI.2 Commandant
    capturé (the prisoner may be used for no action until ransomed) and R171: taking income is no
    action, and the text denies income only to an exile (V.5, Procédure 3) and a rebel (VII.3 Complices
    des rebelles). A governor, a commander in the field and a prisoner, Faction Leader included
    (3 T), are all paid; an exile and a rebel are not."""
    s = table()
    s.senators["2"].where = "province"
    s.senators["3"].where = "war"
    s.senators["4"].where = "captured:libyan_war"  # Faction Leader of seat 1
    s.senators["5"].where = "captured:libyan_war"
    s.senators["7"].where = "exiled"
    s.senators["8"].where = "rebel"
    run(s, Frame(kind="revenue"), dice=Dice())
    assert [s.senators[str(i)].talents for i in range(1, 10)] == [3, 1, 1, 3, 1, 1, 0, 0, 1]


def test_step1_option_prisoner_income_none_keeps_the_old_reading():
    """R171's option ``prisoner_income=none`` (a house reading, not the text's): a prisoner, Faction
    Leader included, takes nothing until ransomed; the others are paid as II.1 says."""
    s = table()
    s.counters["option:unpaid_prisoners"] = 1
    s.senators["2"].where = "province"
    s.senators["4"].where = "captured:libyan_war"
    s.senators["5"].where = "captured:libyan_war"
    run(s, Frame(kind="revenue"), dice=Dice())
    assert [s.senators[str(i)].talents for i in range(1, 7)] == [3, 1, 1, 0, 0, 1]


def test_step2_office_incomes():
    """II.2: the State Treasurer, the Supervisor of Public Buildings and the Harbour Captain receive
    their card's income (4 T, 1 die, 3 T: reconstructed values)."""
    s = table()
    s.offices.update(state_treasurer="2", public_buildings="5", harbour_captain="8")
    run(s, Frame(kind="revenue"), dice=Dice(4))
    assert (s.senators["2"].talents, s.senators["5"].talents, s.senators["8"].talents) == (1 + 4, 1 + 4, 1 + 3)


def test_step3_council_corruption_is_a_choice_and_turns_the_marker_red():
    """II.3: a Council member may roll a die and take that many talents from the State (R3); his
    term marker turns red."""
    s = table()
    s.offices["censor"] = "2"
    s.terms["censor"] = 2
    run(s, Frame(kind="revenue"))
    assert top(s).kind == "corruption" and top(s).seat == 0
    assert legal(s, 0) == [cmd.ChooseOption(option="yes"), cmd.ChooseOption(option="no")]
    play(s, 0, cmd.ChooseOption(option="yes"), Dice(5))
    assert s.senators["2"].talents == 1 + 5
    assert "censor" in s.red_terms
    assert s.treasury == 100 - 5 + 100  # then +100; no army is recruited on this table


def test_step3_corruption_under_bad_omens_takes_nothing_below_zero():
    """RoC II.3 (R167): the die is the talents the member takes from the Treasury; Bad Omens (R132) may
    bring it to 0 or below, and then he takes nothing: a corrupt member never pays the State. His
    marker is red all the same (he chose to take, R3)."""
    s = table()
    s.offices["censor"] = "2"
    s.terms["censor"] = 2
    s.counters["mod:all::turn"] = -2  # Bad Omens, both sides
    run(s, Frame(kind="revenue"))
    play(s, 0, cmd.ChooseOption(option="yes"), Dice(1))  # 1 - 2 = -1
    assert s.senators["2"].talents == 1
    assert "censor" in s.red_terms
    assert s.treasury == 100 + 100


def test_steps4_to_7_state_income_upkeep_and_wars():
    """II.4-7: +100 T; 2 T per active army and squadron (the set-up's 2 Legions: 4 T, II.C 11); 20 T
    per Active War (an unprosecuted one too, R20) and 25 T per Lost War."""
    s = table()
    for a in s.armies:
        if a.type == "carthaginian_legion":
            a.place = "active"
    s.squadrons = {"reserve": 25}
    run(s, Frame(kind="revenue_state"))
    assert s.treasury == 100 + 100 - 4
    s.treasury = 100
    s.wars = {"first_sicilian_war": C_war("active"), "pyrrhic_war": C_war("unprosecuted"),
              "morocco": C_war("lost"), "war_with_cyrene": C_war("inactive")}
    run(s, Frame(kind="revenue_state"))
    assert s.treasury == 100 + 100 - 4 - 20 - 20 - 25


def C_war(status):
    from engine.games.republic_of_carthage.state import WarState
    return WarState(status=status)


def test_step8_fleets_and_caravans_one_talent_per_five():
    """II.8: 1 T per 5 trade fleets (or part) and 1 T per 5 caravans (or part)."""
    from engine.games.republic_of_carthage.state import Force
    s = table()
    s.forces = [Force(id=1, war="tin_islands", fleets=6, exploration=True),
                Force(id=2, war="trans_saharan_zone", caravans=5, exploration=True)]
    run(s, Frame(kind="revenue_state"))
    assert s.treasury == 200 - 2 - 1


def test_bankruptcy_ends_the_game_and_everybody_loses():
    """II.12 and IX.5: a payment the State cannot make in the Revenue phase ends the game, every
    player losing (checked at each payment, R2)."""
    s = table()
    s.treasury = -120
    s.wars = {"first_sicilian_war": C_war("active")}
    events = run(s, Frame(kind="revenue_state"))
    end = of(events, ev.GameEnded)
    assert end and end[0].winners == () and end[0].reason == "bankruptcy"
    assert s.phase == "over"
    # every player lost: the result says so, and it is not a draw (IX.5)
    result = REPUBLIC_OF_CARTHAGE.status(s).result
    assert result.winners == () and result.everyone_lost


def test_a_game_won_is_not_one_everyone_lost():
    """IX.3: when the deck runs out the faction with the most Influence wins; everyone_lost is only
    for IX.5's failures."""
    s = table()
    s.phase, s.winners, s.reason = "over", [1], "influence"
    result = REPUBLIC_OF_CARTHAGE.status(s).result
    assert result.winners == (1,) and not result.everyone_lost


def test_step9_the_worked_example_of_libya():
    """II.9 (II.C 1): undeveloped Libya's state revenue is "1 die - 5"; a 1 gives -4, taken from the
    State Treasury."""
    s = table()
    s.provinces["libya"] = _province("4", term=3)
    s.senators["4"].where = "province"
    events = run(s, Frame(kind="govern", senator="4", target="libya"), dice=Dice(1))
    assert s.treasury == 96
    assert of(events, ev.Rolled)[0].total == -4
    assert top(s).kind == "personal_income" and top(s).seat == 1


def _province(governor, term, developed=False):
    from engine.games.republic_of_carthage.state import Province
    return Province(governor=governor, term=term, developed=developed)


def test_step9_development_without_personal_income():
    """II.9: an undeveloped province develops on 1 die of 6 or more, +1 when the governor took no
    personal income; the governor gains 3 Influence. The term marker moves one box."""
    s = table()
    s.provinces["libya"] = _province("4", term=3)
    s.senators["4"].where = "province"
    run(s, Frame(kind="govern", senator="4", target="libya"), dice=Dice(6))
    play(s, 1, cmd.ChooseOption(option="no"), Dice(5))
    assert s.provinces["libya"].developed
    assert s.senators["4"].influence == C.FAMILIES[4].influence + 3
    assert s.provinces["libya"].term == 2


def test_step9_personal_income_marks_red_and_a_term_run_out_sends_the_card_to_the_port():
    """II.9: positive personal income goes on the governor's card and turns his marker red; when the
    marker leaves the last box the card goes to the Port and a red marker onto the governor."""
    s = table()
    s.provinces["libya"] = _province("4", term=1, developed=True)
    s.senators["4"].where = "province"
    run(s, Frame(kind="govern", senator="4", target="libya"), dice=Dice(3))  # 1 die + 2: 5 to the State
    assert s.treasury == 105
    play(s, 1, cmd.ChooseOption(option="yes"), Dice(4))  # developed personal income 1 die - 1: 3
    assert s.senators["4"].talents == 3
    assert s.provinces["libya"].governor == "" and s.senators["4"].where == "carthage"
    assert s.senators["4"].red == 1


def test_step9_negative_personal_income_costs_the_state():
    """II.9 (R45): a negative personal income is taken from the State Treasury, and no marker turns
    red."""
    s = table()
    s.provinces["libya"] = _province("4", term=3)
    s.senators["4"].where = "province"
    run(s, Frame(kind="govern", senator="4", target="libya"), dice=Dice(6))  # +1 to the State
    play(s, 1, cmd.ChooseOption(option="yes"), Dice(1, 2))  # 1 - 3 = -2; development 2: no
    assert s.treasury == 101 - 2 and not s.provinces["libya"].red


def test_step10_redistribution_in_secret_and_gifts():
    """II.10: talents move freely among a faction's senators in Carthage and its treasury; a gift to
    another player goes to his faction treasury; a governor's talents cannot move. Every player does
    it at once: the plans are secret until all are done, then carried out together (R75)."""
    from engine.games.republic_of_carthage.flow import SIMULTANEOUS
    from .helpers import G
    s = table()
    s.senators["1"].talents = 10
    s.senators["2"].talents = 4
    s.senators["2"].where = "province"
    s.senators["4"].talents = 3
    run(s, Frame(kind="redistribute", seat=SIMULTANEOUS, nums=[0, 1, 2]), Frame(kind="redistribute_reveal"))
    assert G.status(s).to_act == (0, 1)          # seat 2 has no talents: nothing to do
    choices = legal(s, 0)
    assert cmd.Transfer(source="senator:1", target="senator:3") in choices
    assert cmd.Transfer(source="senator:1", target="faction:1") in choices
    assert not any("senator:2" in (c.source, c.target) for c in choices if isinstance(c, cmd.Transfer))
    emitted = G.decide(s, 0, cmd.Transfer(source="senator:1", target="faction:1"), Dice())
    assert emitted[0].seats == (0,) and emitted[0].redacted == ev.ChoiceMadeRedacted(seat=0, step="redistribution")
    for e in emitted:
        G.evolve(s, e.event)
    assert legal(s, 0)[-1] == cmd.ChooseNumber(number=10)
    play(s, 0, cmd.ChooseNumber(number=6))
    assert s.senators["1"].talents == 10             # nothing moves before the reveal
    play(s, 0, cmd.ChooseOption(option="done"))
    play(s, 1, cmd.Transfer(source="senator:4", target="senator:5"))
    play(s, 1, cmd.ChooseNumber(number=3))
    events = play(s, 1, cmd.ChooseOption(option="done"))
    assert of(events, ev.ChoicesRevealed)[0].choices == ("0|senator:1>faction:1|6", "1|senator:4>senator:5|3")
    assert s.senators["1"].talents == 4 and s.faction_treasury[1] == 6 and s.senators["5"].talents == 3


def test_step10_talents_received_may_be_redistributed_r75():
    """II.10: talents given to another player enter his faction treasury, count as being in Carthage
    and may therefore be redistributed (R75). Seat 0 gives 6 T of its Faction Leader's to seat 1; at
    the reveal they enter seat 1's treasury, and seat 1, the only faction that received any, plans
    again in secret: among its own places only (its treasury and its senators in Carthage: the
    talents received are redistributed, not given on), here 6 T from the treasury to senator 5;
    then the contributions (II.11) follow."""
    from engine.games.republic_of_carthage.flow import SIMULTANEOUS
    from .helpers import G
    s = table()
    s.senators["1"].talents = 10
    s.senators["7"].talents = 2
    run(s, Frame(kind="redistribute", seat=SIMULTANEOUS, nums=[0, 1, 2]), Frame(kind="redistribute_reveal"),
        Frame(kind="contribute", seat=0))
    play(s, 0, cmd.Transfer(source="senator:1", target="faction:1"))
    play(s, 0, cmd.ChooseNumber(number=6))
    play(s, 0, cmd.ChooseOption(option="done"))
    play(s, 2, cmd.Transfer(source="senator:7", target="senator:8"))
    play(s, 2, cmd.ChooseNumber(number=2))
    events = play(s, 2, cmd.ChooseOption(option="done"))
    assert of(events, ev.ChoicesRevealed)[0].choices == ("0|senator:1>faction:1|6", "2|senator:7>senator:8|2")
    assert s.faction_treasury[1] == 6
    assert top(s).kind == "redistribute" and G.status(s).to_act == (1,)
    choices = legal(s, 1)
    assert cmd.Transfer(source="faction:1", target="senator:5") in choices
    assert not any(c.target in ("faction:0", "faction:2") for c in choices if isinstance(c, cmd.Transfer))
    play(s, 1, cmd.Transfer(source="faction:1", target="senator:5"))
    play(s, 1, cmd.ChooseNumber(number=6))
    events = play(s, 1, cmd.ChooseOption(option="done"))
    assert of(events, ev.ChoicesRevealed)[0].choices == ("1|faction:1>senator:5|6",)
    assert s.faction_treasury[1] == 0 and s.senators["5"].talents == 6
    assert top(s).kind == "contribute" and top(s).seat == 0


def test_step11_contributions_buy_influence():
    """II.11: a senator may give talents to the State; enough of them brings Influence (the board's
    table: 25 T give 3 Influence, reconstructed)."""
    s = table()
    s.senators["1"].talents = 30
    s.flow = [Frame(kind="contribute", seat=0)]
    play(s, 0, cmd.Transfer(source="senator:1", target="state"))
    play(s, 0, cmd.ChooseNumber(number=25))
    assert s.treasury == 125
    assert s.senators["1"].influence == C.FAMILIES[1].influence + C.contribution_influence(25) == C.FAMILIES[1].influence + 3


def test_step11_a_senator_contributes_once_so_pieces_do_not_each_earn_influence():
    """II.11 "Faites des contributions" (R114): the table is read on what the senator gives; once he
    has contributed he is not offered again, so 20 T cannot be given as 10 + 10 for twice the 10 T
    row. Another senator of the faction may still contribute."""
    s = table()
    s.senators["2"].talents = 20
    s.senators["3"].talents = 10
    s.flow = [Frame(kind="contribute", seat=0)]
    play(s, 0, cmd.Transfer(source="senator:2", target="state"))
    play(s, 0, cmd.ChooseNumber(number=10))
    assert s.senators["2"].influence == C.FAMILIES[2].influence + C.contribution_influence(10) == C.FAMILIES[2].influence + 1
    offered = legal(s, 0)
    assert cmd.Transfer(source="senator:2", target="state") not in offered
    assert cmd.Transfer(source="senator:3", target="state") in offered
    rejected(s, 0, cmd.Transfer(source="senator:2", target="state"))
    assert s.senators["2"].talents == 10 and s.treasury == 110


# -- "Terminologie", Mago: statesmen 2A and 2B in play together -------------------------------------
class SecondPick(Dice):
    """Scripted dice whose random picks (other than chits) take the second item."""

    def below(self, n: int) -> int:
        if n == len(self.cup) and self.chits:
            return super().below(n)
        return 1


def mago(seat_b: int = 0):
    """2A (holding the Mago family card, Faction Leader of seat 0) and 2B, both in play."""
    from engine.games.republic_of_carthage.state import Senator
    s = table(factions=((1, 3), (4, 5), (7, 8)))
    s.senators["2A"] = Senator(id="2A", family=2, seat=0, influence=5, family_card=True)
    s.senators["2B"] = Senator(id="2B", family=2, seat=seat_b, influence=5)
    s.leaders[0] = "2A"
    return s


def _apply(s, d, action):
    from engine.games.republic_of_carthage.flow import Ctx
    from engine.games.republic_of_carthage.state import evolve
    ctx = Ctx(s, d)
    ctx.s.flow = []
    result = action(ctx)
    for e in ctx.finish():
        evolve(s, e.event)
    return result


def test_mago_a_chit_2_falls_by_lot_before_it_is_matched_with_the_commanders():
    """Terminologie, Mago: with 2A and 2B in play a chit 2 falls on one of them chosen at random;
    if the lot names the one who is not commanding, the commander is unharmed (his risk is not
    doubled)."""
    from engine.games.republic_of_carthage.deaths import victims
    s = mago()
    assert _apply(s, SecondPick(), lambda ctx: victims(ctx, "2", {"2A"})) == ""
    assert _apply(s, Dice(), lambda ctx: victims(ctx, "2", {"2A"})) == "2A"
    assert _apply(s, SecondPick(), lambda ctx: victims(ctx, "2", {"2B"})) == "2B"


def test_mago_the_family_card_goes_under_one_of_them_by_lot():
    """Terminologie, Mago: the family card turning up while both statesmen are in play goes under
    one of them chosen at random."""
    from engine.games.republic_of_carthage.cards import draw_card
    s = mago()
    s.senators["2A"].family_card = False
    s.leaders[0] = "1"
    s.deck = ["2"]
    _apply(s, SecondPick(), lambda ctx: draw_card(ctx, 0))
    assert (s.senators["2A"].family_card, s.senators["2B"].family_card) == (False, True)
    assert "2" not in s.senators


def test_mago_the_family_card_passes_to_the_surviving_statesman():
    """Terminologie, Mago: when the statesman holding the family card dies and the other is in play,
    the card passes under the survivor, even when it led the faction (R115: he leads it then)."""
    from engine.games.republic_of_carthage.deaths import kill
    s = mago()
    _apply(s, Dice(), lambda ctx: kill(ctx, "2A", "mortality"))
    assert "2A" not in s.senators and "2" not in s.senators
    assert s.senators["2B"].family_card and s.leaders[0] == "2B"
    s = mago(seat_b=-1)  # the survivor unaligned in the Port: the card goes to him, the faction has no leader
    s.senators["2B"].where = "port"
    _apply(s, Dice(), lambda ctx: kill(ctx, "2A", "mortality"))
    assert s.senators["2B"].family_card and "2" not in s.senators and s.leaders[0] == ""
