"""V. Phase de Sénat: proposals and votes, the order of business, the other business."""

from __future__ import annotations

from engine.games.republic_of_carthage.people import commanders
from engine.games.republic_of_carthage.proposals import eligible, tally_of
from engine.games.republic_of_carthage.senate import cost, crisis
from engine.games.republic_of_carthage.state import WarState, evolve

from .helpers import C, Dice, Frame, cmd, ev, legal, of, play, run, table, top


def called(s):
    """The presiding officer calls the votes clockwise from himself (R64)."""
    if s.flow and top(s).kind == "vote_order":
        play(s, top(s).seat, cmd.ChooseOption(option="clockwise"))


def vote_all(s, *votes, buys=None):
    """Every player votes in turn (clockwise from the presiding officer), buying no votes."""
    called(s)
    for v in votes:
        seat = top(s).seat
        assert top(s).kind == "vote"
        play(s, seat, cmd.ChooseOption(option=v))
        if s.flow and top(s).kind == "buy_votes":
            play(s, seat, cmd.ChooseNumber(number=(buys or {}).get(seat, 0)))
        while s.flow and top(s).kind == "vote_payment":  # as much as it can from each source in turn
            play(s, seat, legal(s, seat)[-1])


def quiet(s):
    """No faction attempts an assassination this turn (R76: otherwise the plots round comes first)."""
    for seat in range(s.players):
        s.counters[f"no_plot:{seat}:turn"] = 1


def test_council_terms_advance_and_run_out():
    """V.1: each Council member's term marker moves one box; at the end of the track the office goes to
    the Port and a red marker onto the member. The Master of the Agora waits for the Trade check (R11)."""
    s = table()
    s.offices.update(censor="2", state_treasurer="5", master_of_the_agora="8")
    s.terms.update(censor=3, state_treasurer=1, master_of_the_agora=1)
    s.red_terms = ["state_treasurer"]
    ctx_events = run(s, Frame(kind="senate"))
    assert s.terms["censor"] == 2
    assert s.offices["state_treasurer"] == "" and s.senators["5"].red == 1
    assert s.offices["master_of_the_agora"] == "8" and s.terms["master_of_the_agora"] == 0
    assert of(ctx_events, ev.PhaseBegan)[0].phase == "senate"


def test_the_suffetes_are_elected_as_a_pair_and_gain_five_influence():
    """V.2-3: the presiding officer proposes two candidates as one proposal; more Yes than No elects
    them; each gains 5 Influence; they decide who is Suffète Général."""
    s = table()
    run(s, Frame(kind="elect_suffetes"))
    assert top(s).kind == "nominate_suffetes" and top(s).seat == 0  # the SPHR: lowest card in Carthage
    play(s, 0, cmd.ChooseSenator(senator="2"))
    play(s, 0, cmd.ChooseSenator(senator="5"))
    vote_all(s, "yes", "no", "abstain")
    assert s.offices["suffete_general"] == "2" and s.offices["suffete_admiral"] == "5"
    assert s.senators["2"].influence == C.FAMILIES[2].influence + 5
    assert top(s).kind == "suffete_general" and top(s).seat == 0
    play(s, 0, cmd.ChooseSenator(senator="5"))
    assert top(s).kind == "suffete_agree" and top(s).seat == 1
    play(s, 1, cmd.ChooseOption(option="yes"))
    assert s.offices["suffete_general"] == "5" and s.offices["suffete_admiral"] == "2"


def test_bought_votes_and_a_rejected_pair_cannot_come_again():
    """V, Achat de votes: 1 T a vote, for this proposal only. Propositions rejetées: a rejected
    proposal may not be made again this turn."""
    s = table()
    s.faction_treasury[1] = 10
    run(s, Frame(kind="elect_suffetes"))
    play(s, 0, cmd.ChooseSenator(senator="2"))
    play(s, 0, cmd.ChooseSenator(senator="3"))
    vote_all(s, "yes", "no", "abstain", buys={1: 10})
    decided = s.flow  # rejected: a new nomination
    assert top(s).kind == "nominate_suffetes" and s.faction_treasury[1] == 0
    play(s, 0, cmd.ChooseSenator(senator="2"))
    assert cmd.ChooseSenator(senator="3") not in legal(s, 0)
    assert decided


def test_the_player_says_where_the_bought_votes_talents_come_from():
    """V, Achat de votes: the talents come from his senators and/or his faction treasury, as he
    chooses (R65): source by source, each within what the others can still cover; a forced share is
    paid without asking."""
    s = table()
    s.faction_treasury[0] = 5
    s.senators["2"].talents = 5
    run(s, Frame(kind="elect_suffetes"))
    play(s, 0, cmd.ChooseSenator(senator="2"))
    play(s, 0, cmd.ChooseSenator(senator="3"))
    called(s)
    play(s, 0, cmd.ChooseOption(option="yes"))
    play(s, 0, cmd.ChooseNumber(number=3))
    assert top(s).kind == "vote_payment" and top(s).seat == 0
    assert legal(s, 0) == [cmd.ChooseNumber(number=n) for n in range(4)]  # from the treasury: 0 to 3
    events = play(s, 0, cmd.ChooseNumber(number=0))
    assert [(e.source, e.amount) for e in of(events, ev.Transferred)] == [("senator:2", 3)]
    assert s.faction_treasury[0] == 5 and s.senators["2"].talents == 2
    assert top(s).kind == "vote" and top(s).seat == 1
    assert [e.votes for e in of(events, ev.VoteCast)] == [] and tally_of(s).nums[1] == C.FAMILIES[1].eloquence + C.FAMILIES[2].eloquence + C.FAMILIES[3].eloquence + 3


def test_bought_votes_from_a_single_source_ask_nothing_more():
    """V, Achat de votes (R65): with only the faction treasury holding talents there is no choice."""
    s = table()
    s.faction_treasury[0] = 5
    run(s, Frame(kind="elect_suffetes"))
    play(s, 0, cmd.ChooseSenator(senator="2"))
    play(s, 0, cmd.ChooseSenator(senator="3"))
    called(s)
    play(s, 0, cmd.ChooseOption(option="yes"))
    play(s, 0, cmd.ChooseNumber(number=3))
    assert top(s).kind == "vote" and s.faction_treasury[0] == 2


def test_the_last_possible_pair_is_elected_without_a_vote():
    """V (II.C 6): when every other pair has been rejected, the last pair is elected automatically."""
    s = table(factions=((1, 2), (4,), (7,)))
    s.counters.update({"rejected:suffetes+1+2++0": 1, "rejected:suffetes+1+4++0": 1, "rejected:suffetes+1+7++0": 1,
                       "rejected:suffetes+2+4++0": 1, "rejected:suffetes+2+7++0": 1})
    events = run(s, Frame(kind="elect_suffetes"))
    assert not of(events, ev.ProposalMade)
    assert {s.offices["suffete_general"], s.offices["suffete_admiral"]} == {"4", "7"}


def test_a_unanimous_no_costs_the_presiding_officer_one_influence():
    """V, Unanimité des votes Non: the presiding officer who does not resign loses 1 Influence (R63)."""
    s = table()
    s.senators["1"].influence = 5
    run(s, Frame(kind="elect_suffetes"))
    play(s, 0, cmd.ChooseSenator(senator="2"))
    play(s, 0, cmd.ChooseSenator(senator="3"))
    vote_all(s, "yes", "no", "no")
    assert top(s).kind == "resign" and top(s).seat == 0
    play(s, 0, cmd.ChooseOption(option="stay"))
    assert s.senators["1"].influence == 4


def test_council_seats_are_filled_and_the_last_candidate_needs_no_vote():
    """V.4: each vacant Council seat is filled by a senator in Carthage with no office, +3 Influence and
    a 3-turn term; the last eligible candidate takes it without a vote."""
    s = table(factions=((1,), (4,), (7,)))
    for o in ("state_treasurer", "public_buildings", "harbour_captain", "master_of_the_agora"):
        s.offices[o] = "x"  # held by someone off this table
    run(s, Frame(kind="fill_council"))
    assert top(s).kind == "nominate" and top(s).target == "censor"
    play(s, 0, cmd.ChooseSenator(senator="4"))
    vote_all(s, "no", "yes", "no")
    play(s, 0, cmd.ChooseSenator(senator="7"))
    vote_all(s, "no", "yes", "no")
    assert s.offices["censor"] == "1" and s.terms["censor"] == 3
    assert s.senators["1"].influence == C.FAMILIES[1].influence + 3


def council_table():
    """Only the Censor's seat is vacant; senator 4 left an office this turn (V.4)."""
    s = table(factions=((1,), (4,), (7,)))
    for o in ("state_treasurer", "public_buildings", "harbour_captain", "master_of_the_agora"):
        s.offices[o] = "x"  # held by someone off this table
    s.counters["left_office:4:turn"] = 1
    run(s, Frame(kind="fill_council"))
    play(s, 0, cmd.ChooseSenator(senator="4"))
    vote_all(s, "yes", "yes", "yes")
    return s


def test_leaving_an_office_is_marked_for_the_council_seats():
    """V.4: a Council member whose term ends in V.1 has left an office during the turn."""
    s = table()
    s.offices["state_treasurer"] = "5"
    s.terms["state_treasurer"] = 1
    run(s, Frame(kind="senate"))
    assert s.counters.get("left_office:5:turn") == 1 and not s.counters.get("left_office:2:turn")


def test_a_senator_who_left_an_office_may_decline_a_council_seat():
    """V.4: a senator who left an office this turn may take a new Council seat but need not, unless
    no other candidate is left (R117). Declining, the seat is filled from the others."""
    s = council_table()
    assert top(s).kind == "council_accept" and top(s).seat == 1 and top(s).senator == "4"
    assert s.offices["censor"] == ""
    assert legal(s, 1) == [cmd.ChooseOption(option="accept"), cmd.ChooseOption(option="decline")]
    play(s, 1, cmd.ChooseOption(option="decline"))
    assert s.offices["censor"] == "" and top(s).kind == "nominate" and top(s).target == "censor"
    assert cmd.ChooseSenator(senator="4") not in legal(s, 0)
    play(s, 0, cmd.ChooseSenator(senator="7"))
    vote_all(s, "yes", "yes", "yes")
    assert s.offices["censor"] == "7"


def test_a_senator_who_left_an_office_may_accept_a_council_seat():
    """V.4: accepting, he takes the seat with its 3 Influence."""
    s = council_table()
    play(s, 1, cmd.ChooseOption(option="accept"))
    assert s.offices["censor"] == "4" and s.senators["4"].influence == C.FAMILIES[4].influence + 3


def test_the_last_candidate_cannot_decline_a_council_seat():
    """V.4: with no other candidate he must take the seat (elected without a vote, II.C 6)."""
    s = table(factions=((1,), (4,), (7,)))
    for o in ("state_treasurer", "public_buildings", "harbour_captain", "master_of_the_agora"):
        s.offices[o] = "x"
    s.counters.update({"left_office:4:turn": 1, "rejected:council+1+censor+0": 1, "rejected:council+7+censor+0": 1})
    run(s, Frame(kind="fill_council"))
    assert s.offices["censor"] == "4" and (not s.flow or top(s).kind != "council_accept")


def test_governors_leave_carthage_and_the_senate_refills_to_eight():
    """V.6: a province in the Port gets a governor, who leaves Carthage. Relève Sénatoriale: with fewer
    than 8 faction senators in Carthage, the strongest dead family card goes to the player with the
    fewest senators (R28)."""
    s = table()
    s.provinces["libya"] = _prov()
    for fam in (12, 13):
        from engine.games.republic_of_carthage.state import evolve
        evolve(s, ev.SenatorEntered(senator=str(fam), seat=-1, reason="test"))
        s.senators[str(fam)].face_up = False
    s.senators["3"].seat = 1  # seat 0 has two senators, the fewest
    run(s, Frame(kind="fill_governors"))
    play(s, 0, cmd.ChooseSenator(senator="9"))
    vote_all(s, "yes", "yes", "yes")
    assert s.provinces["libya"].governor == "9" and s.senators["9"].where == "province"
    # 8 senators in Carthage: no refill
    assert not s.senators["12"].face_up
    s.senators["8"].where = "province"
    run(s, Frame(kind="fill_governors"))
    refilled = [x for x in ("12", "13") if s.senators[x].face_up]
    assert refilled == ["12"] and s.senators["12"].seat == 0  # family 12: Influence 2 beats 13's 1


def port_refill():
    """7 faction senators in Carthage, no dead family card, senators 12 and 13 alive in the Port;
    seat 0 has the fewest senators."""
    from engine.games.republic_of_carthage.state import evolve
    s = table()
    for fam in (12, 13):
        evolve(s, ev.SenatorEntered(senator=str(fam), seat=-1, reason="test"))
        s.senators[str(fam)].where = "port"
    s.senators["3"].seat = 1
    s.senators["8"].where = s.senators["9"].where = "province"
    run(s, Frame(kind="fill_governors"))
    return s


def test_the_refill_may_go_on_with_a_living_senator_of_the_port():
    """V.6, Relève Sénatoriale: once the dead family cards are used up, the refill may go on with a
    living senator of the Port, chosen by the player who receives him (R116)."""
    s = port_refill()
    assert top(s).kind == "refill_port" and top(s).seat == 0
    assert legal(s, 0) == [cmd.ChooseSenator(senator="12"), cmd.ChooseSenator(senator="13"),
                           cmd.ChooseOption(option="stop")]
    play(s, 0, cmd.ChooseSenator(senator="13"))
    x = s.senators["13"]
    assert (x.seat, x.where, x.face_up) == (0, "carthage", True)
    assert not s.flow or top(s).kind != "refill_port"  # 8 in Carthage: the refill is over
    assert s.senators["12"].seat == -1


def test_the_receiver_may_stop_the_refill_from_the_port():
    """V.6 (R116): going on with the Port's senators is the receiver's option."""
    s = port_refill()
    play(s, 0, cmd.ChooseOption(option="stop"))
    assert s.senators["12"].seat == s.senators["13"].seat == -1
    assert not s.flow or top(s).kind != "refill_port"


def _short_of_eight(s):
    """Seat 0 has the fewest senators; 7 faction senators are in Carthage (8 and 9 govern)."""
    s.flow = []
    s.senators["3"].seat = 1
    s.senators["8"].where = s.senators["9"].where = "province"


def test_a_family_card_drawn_into_the_port_is_offered_by_the_refill():
    """IV.2a, Famille, and V.6, Relève Sénatoriale (R116): a family card drawn in an initiative lies face
    up in the Port, in no faction; it is not a senator in Carthage, it may be persuaded (IV.2b, R36),
    and the refill offers it to the receiver. (It was placed "in Carthage" with no seat, so the refill
    never offered it.)"""
    from engine.games.republic_of_carthage.people import in_carthage
    from engine.games.republic_of_carthage.port import persuasion_targets
    s = table()
    s.deck = ["12"]
    run(s, Frame(kind="initiative", nums=[0]), dice=Dice(1, 1))
    x = s.senators["12"]
    assert (x.seat, x.where, x.face_up) == (-1, "port", True)
    assert not in_carthage(s, "12") and "12" in persuasion_targets(s, 0)
    _short_of_eight(s)
    run(s, Frame(kind="fill_governors"))
    assert top(s).kind == "refill_port" and top(s).seat == 0
    assert legal(s, 0) == [cmd.ChooseSenator(senator="12"), cmd.ChooseOption(option="stop")]
    play(s, 0, cmd.ChooseSenator(senator="12"))
    assert (x.seat, x.where, x.face_up) == (0, "carthage", True) and in_carthage(s, "12")


def test_a_dead_card_turned_up_in_the_port_is_offered_by_the_refill():
    """IV.6 (a dead senator face down in the Port turns face up on 5-6) and V.6, Relève Sénatoriale
    (R116): the card turned up stays in the Port, unaligned, and the refill offers it. A senator who
    dies out of a faction lies face down in the Port (I, Conséquences de la Mort)."""
    from engine.games.republic_of_carthage.deaths import kill
    from engine.games.republic_of_carthage.flow import Ctx
    s = table(factions=((1, 2, 3, 12), (4, 5, 6), (7, 8, 9)))
    ctx = Ctx(s, Dice())
    kill(ctx, "12", "mortality")
    for e in ctx.finish():
        evolve(s, e.event)
    x = s.senators["12"]
    assert (x.seat, x.where, x.face_up) == (-1, "port", False)
    run(s, Frame(kind="port_end"), dice=Dice(6))
    assert (x.seat, x.where, x.face_up) == (-1, "port", True)
    _short_of_eight(s)
    run(s, Frame(kind="fill_governors"))
    assert top(s).kind == "refill_port" and legal(s, 0)[0] == cmd.ChooseSenator(senator="12")


def _prov():
    from engine.games.republic_of_carthage.state import Province
    return Province()


def test_recruitment_costs_and_ineffective_recruitment():
    """V.7, Levée des Troupes: the Recruitment table's cost from the Treasury; Ineffective Recruitment
    doubles the costs for the turn, a second one triples them (Terminologie, II.C 10)."""
    s = table()
    assert cost(s, "carthaginian_legion") == C.recruitment_cost("carthaginian_legion") == 10
    s.counters["ineffective_recruitment"] = 1
    assert cost(s, "carthaginian_legion") == 20
    s.counters["ineffective_recruitment"] = 2
    assert cost(s, "carthaginian_legion") == 30


def test_recruiting_through_the_senate():
    """V.7: the presiding officer proposes a recruitment; passed, the units go from the Reserve to Active
    Forces and the State pays."""
    s = table()
    for a in s.armies:
        if a.type == "celtiberian":
            a.place = "reserve"
    quiet(s)
    run(s, Frame(kind="business"))
    play(s, 0, cmd.ChooseOption(option="recruit"))
    play(s, 0, cmd.ChooseOption(option="recruit:celtiberian"))
    assert legal(s, 0)[-1] == cmd.ChooseNumber(number=4)
    play(s, 0, cmd.ChooseNumber(number=2))
    vote_all(s, "yes", "yes", "yes")
    assert sum(1 for a in s.armies if a.type == "celtiberian" and a.place == "active") == 2
    assert s.treasury == 100 - 2 * C.recruitment_cost("celtiberian")


def test_the_tax_rate_moves_ten_points_with_its_popularity():
    """V.7 (II.C 5): from 40 % the Senate may go to 50 % or 30 %, once a turn. A passed increase gives
    the initiator 3 Popularity and the co-initiator 1; each senator in Carthage of a faction voting
    against it loses 1 (R38); no abstention."""
    s = table()
    s.tax_rate = 40
    quiet(s)
    run(s, Frame(kind="business"))
    play(s, 0, cmd.ChooseOption(option="tax"))
    assert set(legal(s, 0)) == {cmd.ChooseOption(option="tax:down"), cmd.ChooseOption(option="tax:up")}
    play(s, 0, cmd.ChooseOption(option="tax:up"))
    play(s, 0, cmd.ChooseSenator(senator="1"))
    play(s, 0, cmd.ChooseSenator(senator="4"))
    called(s)
    assert legal(s, 0) == [cmd.ChooseOption(option="yes"), cmd.ChooseOption(option="no")]
    vote_all(s, "yes", "yes", "no")
    assert s.tax_rate == 50
    assert (s.senators["1"].popularity, s.senators["4"].popularity) == (3, 1)
    assert [s.senators[x].popularity for x in ("7", "8", "9")] == [-1, -1, -1]
    assert not any(c.option.startswith("tax") for c in legal(s, 0))


def test_a_rejected_tax_proposal_does_not_use_up_the_turns_tax_change():
    """V.7 "Augmenter ou diminuer le Taux d'Imposition": the rate may be changed once a turn; a
    rejected increase changes nothing, so the decrease may still be proposed (the rejected increase
    itself may not come back)."""
    s = table()
    s.tax_rate = 40
    quiet(s)
    run(s, Frame(kind="business"))
    play(s, 0, cmd.ChooseOption(option="tax"))
    play(s, 0, cmd.ChooseOption(option="tax:up"))
    play(s, 0, cmd.ChooseSenator(senator="1"))
    play(s, 0, cmd.ChooseSenator(senator="4"))
    vote_all(s, "yes", "no", "no")
    assert s.tax_rate == 40
    play(s, 0, cmd.ChooseOption(option="stay"))  # every other player voted No (R63)
    assert top(s).kind == "other_business"
    play(s, 0, cmd.ChooseOption(option="tax"))
    assert legal(s, 0) == [cmd.ChooseOption(option="tax:down")]
    play(s, 0, cmd.ChooseOption(option="tax:down"))
    play(s, 0, cmd.ChooseSenator(senator="1"))
    play(s, 0, cmd.ChooseSenator(senator="4"))
    vote_all(s, "yes", "yes", "yes")
    assert s.tax_rate == 30
    assert not any(c.option.startswith("tax") for c in legal(s, 0))


def test_prosecuting_a_war_the_admiral_first_and_the_presiding_officer_leaving():
    """V.7: a war is prosecuted by a Suffète with the forces named; the Suffète Amiral goes before the
    Général (R44); if the presiding officer leaves Carthage the Senate ends (Départ du PS)."""
    s = table()
    s.offices.update(suffete_general="1", suffete_admiral="4")
    for a in s.armies:
        if a.type == "carthaginian_legion":
            a.place = "active"
    s.squadrons = {"active": 3}
    s.wars = {"libyan_war": WarState(status="inactive")}
    assert commanders(s) == ["4"]
    quiet(s)
    run(s, Frame(kind="business"))
    play(s, 0, cmd.ChooseOption(option="prosecute"))
    play(s, 0, cmd.ChooseOption(option="prosecute:libyan_war"))
    play(s, 0, cmd.ChooseOption(option="carthaginian_legion"))
    play(s, 0, cmd.ChooseOption(option="done"))
    play(s, 0, cmd.ChooseNumber(number=0))
    vote_all(s, "yes", "yes", "yes")
    assert s.senators["4"].where == "war" and len(s.forces) == 1
    assert commanders(s) == ["1"]
    assert top(s).kind == "other_business"
    play(s, 0, cmd.ChooseOption(option="prosecute"))
    play(s, 0, cmd.ChooseOption(option="prosecute:libyan_war"))
    play(s, 0, cmd.ChooseOption(option="carthaginian_legion"))  # a land war needs an army (R164)
    play(s, 0, cmd.ChooseOption(option="done"))
    play(s, 0, cmd.ChooseNumber(number=3))
    vote_all(s, "yes", "yes", "yes")
    assert s.senators["1"].where == "war"
    assert not s.flow  # the Senate ended with the presiding officer's departure


def test_crisis():
    """V.7, Crise: three Active Wars, or one of strength 20 or more."""
    s = table()
    s.wars = {"first_sicilian_war": WarState(status="active"), "libyan_war": WarState(status="active")}
    assert not crisis(s)
    s.wars["pyrrhic_war"] = WarState(status="unprosecuted")
    assert crisis(s)
    s.wars = {"second_roman_republic_war": WarState(status="active")}
    assert crisis(s)


def test_the_suffete_for_life_wins_if_he_survives_the_turn():
    """V.7 and IX.2: a senator in Carthage with 21 Influence or more may be proposed, his Influence
    adding votes; passed, his player wins if he and Carthage survive the turn (R40)."""
    s = table()
    s.senators["4"].influence = 21
    quiet(s)
    run(s, Frame(kind="business"))
    play(s, 0, cmd.ChooseOption(option="suffete_for_life"))
    play(s, 0, cmd.ChooseOption(option="suffete_for_life:4"))
    vote_all(s, "no", "yes", "no")  # seat 1: 21 + Eloquence against seat 0's and seat 2's
    assert s.counters.get("suffete_for_life:4") == 2
    s.flow = []
    events = run(s, Frame(kind="end_turn"))
    assert of(events, ev.GameEnded)[0].winners == (1,)


def test_eligibility_excludes_office_holders():
    """V.2: eligible are faction senators in Carthage holding no office (R24)."""
    s = table()
    s.offices["censor"] = "2"
    s.senators["3"].where = "province"
    assert "2" not in eligible(s) and "3" not in eligible(s) and "1" in eligible(s)


# -- V.7 Entreprendre des Guerres / Guerres navales: the force must be able to fight (R164) ------------------
def _war_table(war, squadrons, armies=(), squadron_victory=False):
    """The Suffète Amiral (4) in Carthage; ``squadrons`` and ``armies`` in Active Forces; one war."""
    s = table()
    s.offices.update(suffete_general="1", suffete_admiral="4")
    for unit in armies:
        next(a for a in s.armies if a.type == unit and a.place != "active").place = "active"
    s.squadrons = {"active": squadrons}
    s.wars = {war: WarState(status="active", squadron_victory=squadron_victory)}
    quiet(s)
    return s


def _prosecutable(s):
    from engine.games.republic_of_carthage.senate import business_options
    return [o for o in business_options(s) if o.startswith("prosecute:")]


def test_squadrons_alone_are_not_a_force_for_a_land_war():
    """V.7 Entreprendre des Guerres with R43 and R164: a war with no sea part (the Libyan War, 5/0/0) is
    fought by the armies alone; squadrons alone cannot give battle, so the Senate is not offered to send
    them: no prosecution with squadrons and no army, and "done" only once an army is in the force.
    Squadrons may still go with the armies."""
    s = _war_table("libyan_war", 3)
    assert _prosecutable(s) == []
    s = _war_table("libyan_war", 3, armies=("carthaginian_legion",))
    assert _prosecutable(s) == ["prosecute:libyan_war"]
    run(s, Frame(kind="business"))
    play(s, 0, cmd.ChooseOption(option="prosecute"))
    play(s, 0, cmd.ChooseOption(option="prosecute:libyan_war"))
    assert legal(s, 0) == [cmd.ChooseOption(option="carthaginian_legion")]
    play(s, 0, cmd.ChooseOption(option="carthaginian_legion"))
    assert legal(s, 0) == [cmd.ChooseOption(option="done")]
    play(s, 0, cmd.ChooseOption(option="done"))
    assert legal(s, 0) == [cmd.ChooseNumber(number=n) for n in range(4)]


def test_a_sea_part_not_won_needs_squadrons_armies_may_go_along():
    """V.7 Guerres navales with R164: the sea part of a naval war is fought first, with the squadrons and
    commanders alone. Armies alone cannot fight it: not offered. With squadrons the force may be sent,
    with or without armies, and even short of the squadron support (5 for the First Roman Republic War,
    13/5/10): the text itself brings such a force home after its sea Victory. At least one squadron."""
    war = "first_roman_republic_war"
    s = _war_table(war, 0, armies=("carthaginian_legion",) * 2)
    assert _prosecutable(s) == []
    s = _war_table(war, 2, armies=("carthaginian_legion",) * 2)
    assert _prosecutable(s) == [f"prosecute:{war}"]
    run(s, Frame(kind="business"))
    play(s, 0, cmd.ChooseOption(option="prosecute"))
    play(s, 0, cmd.ChooseOption(option=f"prosecute:{war}"))
    assert cmd.ChooseOption(option="done") in legal(s, 0)  # no army needed at sea
    play(s, 0, cmd.ChooseOption(option="carthaginian_legion"))
    play(s, 0, cmd.ChooseOption(option="done"))
    assert legal(s, 0) == [cmd.ChooseNumber(number=1), cmd.ChooseNumber(number=2)]  # 0 squadrons: not offered
    play(s, 0, cmd.ChooseNumber(number=2))
    vote_all(s, "yes", "yes", "yes")
    assert s.forces[-1].war == war and s.squadrons.get(f"force:{s.forces[-1].id}") == 2


def test_once_the_sea_part_is_won_the_force_needs_armies_and_the_squadron_support():
    """V.7 Guerres navales (the land part needs the squadron support, the card's second number,
    "nécessaire") with R164: with the Squadron Victory on the First Roman Republic War (13/5/10) only
    the land part is left; a force must hold an army and at least 5 squadrons. With 4 squadrons in
    Active Forces the war is not offered; with 6, the squadrons asked are 5 or 6, and "done" waits for
    an army."""
    war = "first_roman_republic_war"
    s = _war_table(war, 4, armies=("carthaginian_legion",), squadron_victory=True)
    assert _prosecutable(s) == []
    s = _war_table(war, 6, squadron_victory=True)
    assert _prosecutable(s) == []  # squadrons alone cannot land
    s = _war_table(war, 6, armies=("carthaginian_legion",), squadron_victory=True)
    assert _prosecutable(s) == [f"prosecute:{war}"]
    run(s, Frame(kind="business"))
    play(s, 0, cmd.ChooseOption(option="prosecute"))
    play(s, 0, cmd.ChooseOption(option=f"prosecute:{war}"))
    assert legal(s, 0) == [cmd.ChooseOption(option="carthaginian_legion")]
    play(s, 0, cmd.ChooseOption(option="carthaginian_legion"))
    play(s, 0, cmd.ChooseOption(option="done"))
    assert legal(s, 0) == [cmd.ChooseNumber(number=5), cmd.ChooseNumber(number=6)]
