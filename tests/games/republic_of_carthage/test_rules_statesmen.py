"""Statesmen (Terminologie, Homme d'État; V.5, 3 exile; V.7 recall; VII.2) and what they carry: a
statesman laid over his family card goes on as the same senator."""

from __future__ import annotations

import re
from pathlib import Path

from engine.games.republic_of_carthage import state as st
from engine.games.republic_of_carthage.state import WarState, evolve

from .helpers import Dice, Frame, cmd, ev, legal, no_trading, of, play, run, table, top
from .test_rules_combat_civil_war import send

REBEL, RETURN = cmd.ChooseOption(option="rebel"), cmd.ChooseOption(option="return")
DONE = cmd.ChooseOption(option="done")


# -- A statesman covering his family card keeps what was the family card's (Terminologie) ----------------
def test_a_statesman_covering_his_family_card_takes_over_every_counter_kept_for_it():
    """Terminologie, Homme d'État: the statesman is laid over the family card of his player's faction,
    the same senator going on; every mark kept for that senator by name follows him (victor, General,
    commanded, Responsibility, outgoing, immune, Suffète for Life, a rejected proposal naming him, the
    armies on his victor's card, his place among the rebels). Counters keyed by a seat whose number is
    the family's (here 1) stay as they are."""
    s = table()
    a = next(a for a in s.armies if a.place == "out")
    a.place = "victor:1"
    names = ["victor:1", "general:1", "fought:1", "commanded:1:libyan_war", "responsibility:1", "outgoing:1",
             "left_office:1:turn", "resigned:1:turn", "immune:1", "suffete_for_life:1",
             "rejected:concession+1+salt_pans+0", "rejected:prosecute+2+co:1+libyan_war+0"]
    for n in names:
        s.counters[n] = 7
    seat_keyed = {"votes:1": 5, "trade_income:1": 4, "no_plot:1:turn": 1, "rebellion_won:1": 1, "promised:1:0": 3,
                  "fought:libyan_war": 1}
    s.counters.update(seat_keyed)
    s.rebels, s.rebel_leaders = ["1", "2"], ["1"]
    evolve(s, ev.SenatorEntered(senator="1A", seat=0, reason="played"))
    assert "1" not in s.senators and s.leaders[0] == "1A"
    renamed = {n.replace(":1:", ":1A:").replace("+1+", "+1A+").replace("co:1+", "co:1A+")
               if n.count(":") > 1 or "+" in n else n.replace(":1", ":1A") for n in names}
    assert {n for n in s.counters if n not in seat_keyed} == renamed
    assert all(s.counters[n] == 7 for n in renamed)
    assert {n: s.counters[n] for n in seat_keyed} == seat_keyed
    assert a.place == "victor:1A" and s.rebels == ["1A", "2"] and s.rebel_leaders == ["1A"]


def test_every_counter_the_package_keys_is_classed_as_a_senator_s_or_not():
    """The statesman's cover must not forget a counter added later: every counter prefix the rules write
    or read is named in one of the state's three classes (senator, proposal, other)."""
    package = Path(st.__file__).parent
    found: set[str] = set()
    pattern = re.compile(r'(?:CountersSet\(name=|counters\.get\(|startswith\(\(?|(?:key|name) = )f?"([a-z_]+):')
    for path in package.glob("*.py"):
        text = path.read_text()
        found |= set(pattern.findall(text))
        for group in re.findall(r'startswith\(\(([^)]*)\)', text):
            found |= set(re.findall(r'"([a-z_]+):', group))
    known = st.SENATOR_COUNTERS | st.PROPOSAL_COUNTERS | st.OTHER_COUNTERS
    assert {"victor", "commanded", "general", "responsibility", "rejected", "votes"} <= found
    # option names read with startswith, not counters (R137 added "offer:<seat>")
    assert found - known - {"captured", "co", "combat", "faction", "force", "deserted", "offer"} == set()


def _victory_of_4():
    """Family 4 (seat 1, Military 2) wins the Libyan War (land 5, D17 R4) with three armies:
    6+6+6 = 18 + 2 + 3 - 5 = 18, Victory with no loss; an army becomes his veteran (VI.2)."""
    s = table()
    s.wars = {"libyan_war": WarState(status="active")}
    fid = send(s, "libyan_war", "4", armies=("celtiberian",) * 3)
    s.counters["commanded:4:libyan_war"] = 1  # the Senate sent him (R80)
    run(s, Frame(kind="battle", count=fid), dice=Dice(6, 6, 6))
    assert sum(1 for a in s.armies if a.place == "victor:4") == 3 and s.counters["victor:4"] == fid
    return s


def test_a_statesman_played_on_a_victor_in_vii2_may_rebel_with_his_armies_in_vii3():
    """VII.2 comes before VII.3 and Terminologie lays the statesman over the family card: Hamilcar son of
    Gisco (4A) played on the victorious 4 is that victor: VII.3 offers him to return the armies or rebel;
    rebelling, the veteran loyal to 4 joins him at once and the others roll for their allegiance. He is
    still the commander the Senate sent (R80)."""
    s = _victory_of_4()
    s.hands[1] = ["4A"]
    run(s, Frame(kind="civil_war"))
    no_trading(s)
    play(s, 1, cmd.PlayCard(card="4A", senator="4"))
    play(s, 1, DONE)
    assert "4" not in s.senators and s.senators["4A"].seat == 1
    assert (top(s).kind, top(s).senator) == ("rebel_choice", "4A") and legal(s, 1) == [RETURN, REBEL]
    assert s.counters.get("commanded:4A:libyan_war") == 1
    play(s, 1, REBEL)
    assert s.rebel_leaders == ["4A"] and s.senators["4A"].where == "rebel"
    assert [(a.veteran, a.loyal) for a in s.armies if a.place == "rebel"] == [(True, "4A")]
    assert (top(s).kind, top(s).senator) == ("allegiance", "4A")


# -- VII.2: the plays revealed together, carried out in turn (R74) --------------------------------------
def _reveal(s, plays):
    """VII.2: the players (seat order) choose their plays in secret, then they are revealed and carried
    out from the SPHR (R68, R74)."""
    run(s, Frame(kind="civil_war"))
    no_trading(s)
    for seat, chosen in plays:
        for card, senator in chosen:
            play(s, seat, cmd.PlayCard(card=card, senator=senator))
        play(s, seat, DONE)


def test_mago_2a_and_2b_played_in_the_same_reveal_both_enter():
    """Terminologie, Famille Mago: 2A and 2B may be in play together in one faction. Both chosen in the
    same VII.2 on family 2: 2A covers the family card, then 2B still enters (the family card now lies
    under 2A), and a concession chosen for senator 2 goes to 2A, the same senator."""
    s = table()
    s.hands[0] = ["2A", "2B", "salt_pans"]
    _reveal(s, [(0, [("2A", "2"), ("2B", "2"), ("salt_pans", "2")])])
    assert s.hands[0] == []
    assert s.senators["2A"].family_card and s.senators["2B"].seat == 0 and not s.senators["2B"].family_card
    assert "2" not in s.senators and s.concessions["salt_pans"] == "2A"


def test_a_concession_chosen_for_a_family_later_covered_goes_to_the_statesman():
    """VII.2 and Terminologie: a concession chosen for senator 4, revealed after 4A was laid over him, is
    placed on 4A (the same senator), not left in the hand."""
    s = table()
    s.hands[1] = ["4A", "salt_pans"]
    _reveal(s, [(1, [("4A", "4"), ("salt_pans", "4")])])
    assert s.hands[1] == [] and s.concessions["salt_pans"] == "4A"


def test_a_statesman_another_play_made_unplayable_stays_in_the_hand():
    """Terminologie, Famille Mago (R74): if one of them is in a faction no other faction may play the
    other. 2A and 2B chosen by two factions while family 2 lies in the Port: the first carried out from
    the SPHR enters, the other stays in its player's hand."""
    s = table(factions=((1, 3), (4, 5, 6), (7, 8, 9)))
    evolve(s, ev.SenatorEntered(senator="2", seat=-1, reason="test"))
    s.hands[0], s.hands[1] = ["2A"], ["2B"]
    _reveal(s, [(0, [("2A", "")]), (1, [("2B", "")])])
    assert s.senators["2A"].seat == 0 and "2B" not in s.senators and s.hands[1] == ["2B"]


# -- the statesmen's abilities (data/senators.json, reconstructed, README R56) ----------------------------
def test_hannibal_and_bomilcar_add_two_to_their_armies_allegiance_rolls():
    """VII.3 Allégeance des armées with the statesmen's abilities (reconstructed, R56): 3B Hannibal Barca
    and 5A Bomilcar give +2 to the allegiance roll of each army on their card; a 3 thrown is 5: the army
    joins. Bad Omens (-1 on every roll, R132) still counts beside it: 3 + 2 - 1 = 4 stays loyal."""
    from .test_rules_rebellion import on_card
    for statesman, seat, omens, joins in (("3B", 0, 0, True), ("5A", 1, 0, True), ("3B", 0, -1, False)):
        s = table()
        evolve(s, ev.SenatorEntered(senator=statesman, seat=seat, reason="played"))
        if omens:
            s.counters["mod:all::turn"] = omens
        on_card(s, statesman, "celtiberian")
        run(s, Frame(kind="victors"))
        play(s, seat, REBEL)
        assert (top(s).kind, top(s).senator) == ("allegiance", statesman)
        events = play(s, seat, cmd.ChooseNumber(number=0), Dice(3))
        assert of(events, ev.Rolled)[0].modifier == 2 + omens
        assert [a.type for a in s.armies if a.place == "rebel"] == (["celtiberian"] if joins else [])


def test_hannibal_s_forces_ignore_disaster_and_retreat_only_while_he_commands_them():
    """VI.2 with 3B's ability (reconstructed, R56: on the rolls he commands): Hannibal Barca and family 9
    command the force against the Libyan War (land 5, D17 R4). A 17 thrown while 3B commands is read on
    the table (17 + 6 + 1 + 2 - 5 = 21, Victory); once 3B is captured the force goes on under 9 alone
    and a 17 thrown is the war's Disaster."""
    for captured in (False, True):
        s = table()
        evolve(s, ev.SenatorEntered(senator="3B", seat=0, reason="played"))
        s.wars = {"libyan_war": WarState(status="active")}
        fid = send(s, "libyan_war", "3B", armies=("celtiberian",) * 2)
        s.forces[-1].commanders = ["3B", "9"]
        s.senators["9"].where = "war"
        if captured:
            s.senators["3B"].where = "captured:libyan_war"
        events = run(s, Frame(kind="battle", count=fid), dice=Dice(6, 6, 5, chits=("none",) if captured else ()))
        roll = of(events, ev.Rolled)[0]
        assert roll.dice == (6, 6, 5) and roll.outcome == ("disaster" if captured else "victory")


# -- V.5, 3: exile -------------------------------------------------------------------------------------
def _exiled_6a():
    """Statesman 6A (seat 1) is the outgoing Suffète; he holds the State Treasurer's seat (R117), the
    Salt Pans and 3 merchants; the Censor (family 7, seat 2) tries him (major) and he goes into exile."""
    s = table()
    evolve(s, ev.SenatorEntered(senator="6A", seat=1, reason="played"))
    s.senators["6A"].merchants = 3
    s.senators["4"].merchants = 1
    s.offices["censor"], s.offices["state_treasurer"] = "7", "6A"
    s.terms["state_treasurer"] = 3
    s.concessions["salt_pans"] = "6A"
    s.counters["outgoing:6A"] = 1
    run(s, Frame(kind="trials"))
    play(s, 2, cmd.ChooseOption(option="major:6A"))
    play(s, 2, cmd.ChooseSenator(senator="8"))
    assert top(s).kind == "exile"
    events = play(s, 1, cmd.ChooseOption(option="yes"))
    assert s.senators["6A"].where == "exiled"
    return s, events


def test_an_exile_leaves_his_offices():
    """V.5, 3 (R140): an exile has no part in the game but the Mortality draw and earns nothing: the
    offices he held are left (vacant, as at a death) and the next Revenue phase pays him no office
    income and asks him no corruption."""
    s, events = _exiled_6a()
    assert [(e.office, e.reason) for e in of(events, ev.OfficeLeft)] == [("state_treasurer", "exile")]
    assert s.offices["state_treasurer"] == "" and "state_treasurer" not in s.terms
    out = run(s, Frame(kind="revenue"))
    assert not [e for e in of(out, ev.Transferred) if e.target == "senator:6A"]
    assert [f.senator for f in s.flow if f.kind == "corruption"] == ["7"]  # the Censor only


def test_an_exile_s_concessions_and_merchants_stay_on_his_card_but_give_nothing():
    """V.5, 3 (R140): his talents are frozen on his card, and so are his concessions and merchants: they
    stay his, but while he is in exile his faction draws no commerce card for them (III.1) and they are
    no warehouse (III.3d)."""
    from engine.games.republic_of_carthage.trade import concession_draws, merchants
    s, _ = _exiled_6a()
    assert s.concessions["salt_pans"] == "6A" and s.senators["6A"].merchants == 3
    assert merchants(s, 1) == 1 and concession_draws(s, 1) == []
    s.senators["6A"].where = "carthage"  # recalled: they work again
    assert merchants(s, 1) == 4 and concession_draws(s, 1) == [3]


def test_an_exile_is_not_named_faction_leader():
    """V.5, 3 (R140) with IV.4: an exile has no part in the game, so his player may not move the Faction
    Leader's pawn onto him; the faction's other senators may take it."""
    s, _ = _exiled_6a()
    s.flow = [Frame(kind="change_leader", seat=1)]
    assert cmd.ChooseSenator(senator="6A") not in legal(s, 1) and cmd.ChooseSenator(senator="5") in legal(s, 1)


# -- V.7, Assassins capturés: the Faction Leader's major trial ---------------------------------------------
def _assassin_of_1a_caught():
    """Seat 0's Faction Leader is statesman 1A (laid over family 1); seat 0's senator 2 is caught trying
    to kill senator 5 (Popularity 3): 1A loses 5 Influence and faces an immediate major trial."""
    from .test_rules_assassination import attempt, plots
    s = plots()
    evolve(s, ev.SenatorEntered(senator="1A", seat=0, reason="played"))
    s.senators["1A"].influence = 12
    s.senators["5"].popularity = 3
    s.offices["state_treasurer"] = "1A"
    out = attempt(s, 0, "2", "5", Dice(2))
    assert s.senators["1A"].influence == 7
    return s, out


def test_a_statesman_faction_leader_tried_for_a_caught_assassin_may_go_into_exile():
    """V.7 names the Faction Leader's trial a major trial and V.5, 3 lets a statesman go into exile in a
    major trial (R141; before the vote, R30): he is asked first; going, there is no trial (no Appeal, no
    vote, no chits against his faction) and he is an exile as any other (R140)."""
    s, out = _assassin_of_1a_caught()
    assert (top(s).kind, top(s).seat, top(s).senator) == ("exile", 0, "1A") and not of(out, ev.ProposalMade)
    out = play(s, 0, cmd.ChooseOption(option="yes"))
    x = s.senators["1A"]
    assert (x.where, x.influence, x.popularity) == ("exiled", 0, 0) and s.offices["state_treasurer"] == ""
    assert not of(out, ev.ProposalMade) and not of(out, ev.SenatorDied)
    assert not any(f.kind in ("vote", "vote_order", "tally") for f in s.flow)


def test_a_statesman_faction_leader_who_stays_stands_the_assassin_s_trial():
    """V.7: declining exile, the Faction Leader stands the immediate major trial, as a plain senator does:
    the Censor's (here the SPHR's) seat calls the votes and he must appeal first."""
    from .test_rules_senate import called
    s, _ = _assassin_of_1a_caught()
    out = play(s, 0, cmd.ChooseOption(option="no"))
    made = of(out, ev.ProposalMade)[0]
    assert (made.kind, made.senators, made.target, made.amount) == ("trial", ("1A", ""), "assassin", 3)
    called(s)
    assert top(s).kind == "vote" and [c.option for c in legal(s, 0)] == ["appeal"]


def test_a_governor_going_into_exile_leaves_his_province():
    """V.5, 3 (R140) with V.7 (R141): a Faction Leader governing a province when his assassin is caught
    may go into exile; he leaves the governorship with his other offices (the province waits for a new
    governor, V.4)."""
    from engine.games.republic_of_carthage.state import Province
    from .test_rules_assassination import attempt, plots
    s = plots()
    evolve(s, ev.SenatorEntered(senator="1A", seat=0, reason="played"))
    s.provinces["libya"] = Province(governor="1A", term=2)
    s.senators["1A"].where = "province"
    attempt(s, 0, "2", "5", Dice(2))
    play(s, 0, cmd.ChooseOption(option="yes"))
    assert s.provinces["libya"].governor == "" and s.senators["1A"].where == "exiled"


# -- V.7, Rappel d'un Homme d'État en Exil ------------------------------------------------------------------
def test_a_recalled_exile_comes_back_with_no_influence_of_his_own():
    """V.5, 3 and V.7 (R142): the exile lost all his Influence and Popularity and the recall gives none
    back. Joining the faction that holds his family card, he is laid over it and has what lies on it
    (here 1 Influence, 2 Popularity), not his printed Influence (6A: 3); sent to the Port he has 0."""
    from engine.games.republic_of_carthage.state import Senator
    from .test_rules_trial_details import recall
    s = table()
    s.senators["6"].influence, s.senators["6"].popularity = 1, 2
    s.senators["6A"] = Senator(id="6A", family=6, seat=0, where="exiled")
    recall(s, "6A")
    x = s.senators["6A"]
    assert (x.seat, x.family_card, x.influence, x.popularity) == (1, True, 1, 2)
    s = table(factions=((1, 2, 3), (4, 5), (7, 8, 9)))
    s.senators["6A"] = Senator(id="6A", family=6, seat=0, where="exiled")
    recall(s, "6A")
    x = s.senators["6A"]
    assert (x.seat, x.influence, x.popularity) == (-1, 0, 0)


def test_a_faction_leader_going_into_exile_stops_leading_his_faction():
    """V.5, 3 (R140): an exile has no part in the game; a Faction Leader who goes into exile (here for his
    caught assassin, R141) leaves the Faction Leader's pawn: the faction has none until its player
    names one of its other senators (IV.4)."""
    s, _ = _assassin_of_1a_caught()
    assert s.leaders[0] == "1A"
    out = play(s, 0, cmd.ChooseOption(option="yes"))
    assert ev.LeaderNamed(seat=0, senator="") in out and s.leaders[0] == ""
    s.flow = [Frame(kind="change_leader", seat=0)]
    assert cmd.ChooseSenator(senator="3") in legal(s, 0) and cmd.ChooseSenator(senator="1A") not in legal(s, 0)


def test_mago_s_other_statesman_is_barred_only_by_one_in_a_faction():
    """Terminologie, Famille Mago: once one of 2A and 2B is in a faction, no other faction may play the
    other; 2A back in the Port, unaligned (a recalled exile, R83), bars nobody. Famille Barca: 3A and 3B
    are never in play together, the Port included."""
    from engine.games.republic_of_carthage.cards import statesman_plays
    from engine.games.republic_of_carthage.state import Senator
    s = table(factions=((1,), (4, 5, 6), (7, 8, 9)))
    s.senators["2A"] = Senator(id="2A", family=2, seat=-1, where="port")
    s.senators["3A"] = Senator(id="3A", family=3, seat=-1, where="port")
    assert statesman_plays(s, 1, "2B") == [cmd.PlayCard(card="2B", senator="")]
    assert statesman_plays(s, 1, "3B") == []
    s.senators["2A"].seat = 0
    assert statesman_plays(s, 1, "2B") == [] and statesman_plays(s, 0, "2B") == [cmd.PlayCard(card="2B", senator="")]
