"""V.7, Assassinats, and the optional rule X: attempts between items of the Senate's business (R76),
the Assassin and Secret Escort cards (R77), a captured assassin and his Faction Leader's trial (R23)."""

from __future__ import annotations

from .helpers import Dice, Frame, cmd, ev, legal, no_counter, of, play, rejected, run, table, top
from .test_rules_senate import called, vote_all


def plots(**counters):
    """Three factions (1-3, 4-6, 7-9; Faction Leaders 1, 4, 7), all in Carthage; the presiding officer
    is senator 1 (seat 0, the lowest card number). A round of plots opens."""
    s = table()
    s.counters.update(counters)
    run(s, Frame(kind="plots"))
    return s


def attempt(s, seat, assassin, target, dice, assassin_cards=(), escort_cards=()):
    """``seat`` attempts with ``assassin`` on ``target``; the cards are played, then the dice roll (a
    window is closed with ``done`` when it is open: an empty hand has none, R160)."""
    other = s.senators[target].seat
    out = play(s, seat, cmd.ChooseOption(option="assassinate"))
    out += play(s, seat, cmd.ChooseSenator(senator=assassin))
    out += play(s, seat, cmd.ChooseSenator(senator=target), dice)
    for who, cards, window in ((seat, assassin_cards, "assassin_cards"), (other, escort_cards, "escort_cards")):
        for card in cards:
            out += play(s, who, cmd.PlayCard(card=card, senator=""), dice)
            while s.flow and top(s).kind == "counter":  # nobody counters it (R79)
                out += play(s, top(s).seat, cmd.ChooseOption(option="pass"), dice)
        if s.flow and top(s).kind == window:
            out += play(s, who, cmd.ChooseOption(option="done"), dice)
    return out


def test_a_round_of_plots_clockwise_from_the_presiding_officer():
    """V.7 (any step of the Senate, R76): each faction in turn from the presiding officer may attempt an
    assassination, pass this time, or make no attempt this turn."""
    s = plots()
    assert [f.seat for f in reversed(s.flow)] == [0, 1, 2]
    assert legal(s, 0) == [cmd.ChooseOption(option=x) for x in ("assassinate", "pass", "no_attempt")]
    assert legal(s, 1) == []


def test_a_killed_target_and_the_limits_of_one_attempt_per_faction():
    """V.7: 5 or more on the die kills the target. No faction makes more than one attempt a turn, nor
    is the target of more than one."""
    s = plots()
    out = attempt(s, 0, "2", "5", Dice(5))
    assert of(out, ev.AssassinationAttempted) == [ev.AssassinationAttempted(seat=0, assassin="2", target="5")]
    assert of(out, ev.Rolled)[0].outcome == "killed"
    assert of(out, ev.SenatorDied) == [ev.SenatorDied(senator="5", cause="assassination", stays=False)]
    # seat 1 (the target's faction) may still aim at seats 0 and 2; seat 2 only at seat 0
    assert top(s).seat == 1
    play(s, 1, cmd.ChooseOption(option="assassinate"))
    play(s, 1, cmd.ChooseSenator(senator="4"))
    assert {c.senator for c in legal(s, 1)} == {"1", "2", "3", "7", "8", "9"}
    s2 = plots(**{"assassination_by:0:turn": 1, "assassination_at:1:turn": 1})
    assert [f.seat for f in s2.flow] == [2, 1]  # seat 0 has made its attempt: not asked again
    play(s2, 1, cmd.ChooseOption(option="assassinate"))
    play(s2, 1, cmd.ChooseSenator(senator="4"))
    assert {c.senator for c in legal(s2, 1)} == {"1", "2", "3", "7", "8", "9"}
    play(s2, 1, cmd.ChooseSenator(senator="7"), Dice(3))  # empty hands: no card window (R160), the die
    assert top(s2).seat == 2
    play(s2, 2, cmd.ChooseOption(option="assassinate"))
    play(s2, 2, cmd.ChooseSenator(senator="8"))
    assert {c.senator for c in legal(s2, 2)} == {"1", "2", "3"}  # seats 1 and 2 already aimed at


def test_no_attempt_this_turn_closes_the_windows():
    """R76: a faction that says it makes no attempt this turn is not asked again."""
    s = plots()
    play(s, 0, cmd.ChooseOption(option="no_attempt"))
    play(s, 1, cmd.ChooseOption(option="pass"))
    play(s, 2, cmd.ChooseOption(option="pass"))
    run(s, Frame(kind="plots"))
    assert [f.seat for f in reversed(s.flow)] == [1, 2]


def test_nothing_happens_on_three_or_four():
    s = plots()
    out = attempt(s, 0, "2", "5", Dice(4))
    assert of(out, ev.Rolled)[0].outcome == "nothing" and not of(out, ev.SenatorDied)


def test_the_assassin_card_adds_one():
    """Assassin card (V.7, X.4): +1 to the die; a 4 becomes a kill."""
    s = plots()
    s.hands[0] = ["assassin_I"]
    out = attempt(s, 0, "2", "5", Dice(4), assassin_cards=["assassin_I"])
    r = of(out, ev.Rolled)[0]
    assert (r.modifier, r.total, r.outcome) == (1, 5, "killed")
    assert s.hands[0] == [] and "assassin_I" in s.discard
    assert not [k for k, v in s.counters.items() if k.startswith("mod:assassination") and v]


def test_the_secret_escort_subtracts_one_and_rolls_again_for_capture():
    """Secret Escort (V.7, X.3, R77): −1 to the die, and one more capture roll (captured on 2 or less,
    the table's band)."""
    s = plots()
    s.hands[1] = ["secret_escort_I"]
    out = attempt(s, 0, "2", "5", Dice(4, 3), escort_cards=["secret_escort_I"])
    first, extra = of(out, ev.Rolled)
    assert (first.total, first.outcome) == (3, "nothing")
    assert (extra.purpose, extra.total, extra.outcome) == ("assassination_capture", 2, "captured")
    assert of(out, ev.SenatorDied)[0].senator == "2"


def test_the_cards_windows_wait_for_every_hand_but_an_empty_one():
    """V.7 and X.3/X.4 (R77) under R134 (R160): only an Assassin or a Secret Escort card from the hand
    answers in these windows, so a player holding a card is asked whatever he holds (``done`` only, when
    none fits), and the table cannot tell who holds one; an empty hand, whose size is public, is not
    asked: the die is rolled without waiting for it."""
    s = plots()
    s.hands[0], s.hands[1] = ["temple_treasure"], ["assassin_I"]  # neither fits its window
    play(s, 0, cmd.ChooseOption(option="assassinate"))
    play(s, 0, cmd.ChooseSenator(senator="2"))
    play(s, 0, cmd.ChooseSenator(senator="5"))
    assert top(s).kind == "assassin_cards" and legal(s, 0) == [cmd.ChooseOption(option="done")]
    play(s, 0, cmd.ChooseOption(option="done"))
    assert top(s).kind == "escort_cards" and legal(s, 1) == [cmd.ChooseOption(option="done")]
    assert of(play(s, 1, cmd.ChooseOption(option="done"), Dice(4)), ev.Rolled)
    # the attacker's hand is empty: only the target's player is asked
    s = plots()
    s.hands[1] = ["temple_treasure"]
    play(s, 0, cmd.ChooseOption(option="assassinate"))
    play(s, 0, cmd.ChooseSenator(senator="2"))
    play(s, 0, cmd.ChooseSenator(senator="5"))
    assert top(s).kind == "escort_cards" and top(s).seat == 1 and legal(s, 0) == []
    # both hands empty: nobody is asked, the die comes at once
    s = plots()
    play(s, 0, cmd.ChooseOption(option="assassinate"))
    play(s, 0, cmd.ChooseSenator(senator="2"))
    out = play(s, 0, cmd.ChooseSenator(senator="5"), Dice(4))
    assert of(out, ev.Rolled)[0].outcome == "nothing"
    assert not any(f.kind in ("assassin_cards", "escort_cards") for f in s.flow)


def test_a_target_must_be_of_another_faction_in_carthage():
    """V.7: the target is another faction's senator in Carthage."""
    s = plots()
    s.senators["6"].where = "province"
    play(s, 0, cmd.ChooseOption(option="assassinate"))
    play(s, 0, cmd.ChooseSenator(senator="2"))
    before = (list(s.flow), dict(s.counters))
    err = rejected(s, 0, cmd.ChooseSenator(senator="3"))
    assert "not allowed" in str(err)
    assert rejected(s, 0, cmd.ChooseSenator(senator="6"))
    assert (list(s.flow), dict(s.counters)) == before


def captured(victim_popularity=3):
    """Seat 0's senator 2 is captured trying to kill senator 5 (Popularity ``victim_popularity``)."""
    s = plots()
    s.senators["5"].popularity = victim_popularity
    s.faction_treasury[1] = s.faction_treasury[2] = 30
    out = attempt(s, 0, "2", "5", Dice(2))
    called(s)
    return s, out


def test_a_captured_assassin_dies_and_his_leader_loses_five_and_is_tried():
    """V.7, Assassins capturés: the assassin dies; his Faction Leader loses 5 Influence and stands an
    immediate major trial; with no Censor the SPHR calls the votes (from his seat)."""
    s, out = captured()
    assert of(out, ev.SenatorDied)[0] == ev.SenatorDied(senator="2", cause="assassin_captured", stays=False)
    assert ev.SenatorChanged(senator="1", influence=-5, popularity=0, merchants=0, reason="assassin_captured") in out
    made = of(out, ev.ProposalMade)[0]
    assert (made.kind, made.senators, made.target, made.amount) == ("trial", ("1", ""), "assassin", 3)
    assert top(s).kind == "vote" and top(s).seat == 0
    assert cmd.ChooseOption(option="appeal") in legal(s, 0)


def test_the_captured_assassins_leader_must_appeal_before_voting():
    """V.7, Assassins capturés: the Faction Leader on trial must roll on the Appeal to the People
    table; at his turn to vote the Appeal comes first, his vote only after it."""
    s, _ = captured(victim_popularity=3)
    options = [c.option for c in legal(s, 0) if isinstance(c, cmd.ChooseOption)]
    assert options == ["appeal"]
    rejected(s, 0, cmd.ChooseOption(option="no"))
    out = play(s, 0, cmd.ChooseOption(option="appeal"), Dice(5, 5))  # 10 - 3: 7, no votes either way
    assert [r.purpose for r in of(out, ev.Rolled)] == ["appeal"]
    assert {c.option for c in legal(s, 0) if isinstance(c, cmd.ChooseOption)} == {"yes", "no", "abstain"}


def test_the_appeal_subtracts_the_victims_popularity():
    """V.7: in this trial the Appeal to the People roll subtracts the victim's Popularity."""
    s, _ = captured(victim_popularity=3)
    s.senators["1"].popularity = 1
    out = play(s, 0, cmd.ChooseOption(option="appeal"), Dice(4, 4))
    assert of(out, ev.Rolled)[0].modifier == 1 - 3


def test_the_convicted_leader_dies_and_chits_strike_his_faction_in_carthage():
    """V.7 and R23: convicted, the Faction Leader dies and as many chits as the victim's Popularity are
    drawn against his faction's senators in Carthage (only they can die)."""
    s, _ = captured(victim_popularity=2)
    play(s, 0, cmd.ChooseOption(option="appeal"), Dice(4, 5))  # 9 - 2: 7, no votes either way (V.7)
    vote_all(s, "no", "yes", buys={1: 30})
    out = play(s, 2, cmd.ChooseOption(option="yes"))
    out += play(s, 2, cmd.ChooseNumber(number=30), Dice(chits=("3", "4")))
    assert [(d.senator, d.cause) for d in of(out, ev.SenatorDied)] == [("1", "trial"), ("3", "assassin_trial")]
    assert s.senators["4"].face_up  # another faction's number: nobody dies


def test_no_trial_when_the_faction_leader_was_the_assassin():
    """X's preamble: a Faction Leader sent as the assassin dies captured, and there is nobody to try."""
    s = plots()
    out = attempt(s, 0, "1", "5", Dice(1))
    assert of(out, ev.SenatorDied)[0].senator == "1" and not of(out, ev.ProposalMade)


def test_optional_rule_x_two_dice():
    """X.1-2 (option ``assassination=optional``): the coloured die kills on 5-6, the white die catches
    on 1-3 (R22); a caught assassin dies and every senator of his faction loses 5 Influence and 1
    Popularity; no trial."""
    s = plots(**{"option:assassination_x": 1})
    for sid in ("1", "3"):
        s.senators[sid].influence = 6
    out = attempt(s, 0, "2", "5", Dice(6, 3))
    colour, white = of(out, ev.Rolled)
    assert (colour.outcome, white.outcome) == ("killed", "captured")
    assert [d.senator for d in of(out, ev.SenatorDied)] == ["5", "2"]
    assert (s.senators["1"].influence, s.senators["1"].popularity) == (1, -1)
    assert (s.senators["3"].influence, s.senators["3"].popularity) == (1, -1)
    assert not of(out, ev.ProposalMade)


def test_optional_rule_x_the_escort_rolls_the_white_die_again():
    """X.3-4: the Secret Escort −1 on both dice and one more white die; the Assassin card +1 on all."""
    s = plots(**{"option:assassination_x": 1})
    s.hands[0], s.hands[1] = ["assassin_I"], ["secret_escort_I"]
    out = attempt(s, 0, "2", "5", Dice(5, 5, 3), assassin_cards=["assassin_I"], escort_cards=["secret_escort_I"])
    colour, white, extra = of(out, ev.Rolled)
    assert (colour.total, white.total, extra.total) == (5, 5, 3)
    assert (colour.outcome, white.outcome, extra.outcome) == ("killed", "escaped", "captured")


def test_the_senate_opens_with_a_round_of_plots():
    """R76: the plots round comes after the Council's terms advance, before the Suffètes' election, and
    again before each choice of other business."""
    s = table()
    run(s, Frame(kind="senate"))
    assert top(s).kind == "plot" and top(s).seat == 0
    for seat in range(3):
        play(s, seat, cmd.ChooseOption(option="no_attempt"))
    assert top(s).kind != "plot"
    s = table()
    run(s, Frame(kind="business"))
    assert top(s).kind == "plot" and s.flow[-4].kind == "other_business"


def test_bad_omens_modify_the_assassination_die():
    """X.1 and the gap notes (Mauvais Présages modifies the assassination dice): a modifier on every
    roll of the turn applies to the attempt, and stays for the turn."""
    s = plots(**{"mod:all::turn": -1})
    out = attempt(s, 0, "2", "5", Dice(5))
    r = of(out, ev.Rolled)[0]
    assert (r.modifier, r.total, r.outcome) == (-1, 4, "nothing")
    assert s.counters["mod:all::turn"] == -1
