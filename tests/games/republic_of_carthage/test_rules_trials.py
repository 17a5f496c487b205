"""V.5, Diriger des procès: the Censor's trials."""

from __future__ import annotations

from .helpers import C, Dice, Frame, cmd, ev, legal, of, play, run, table, top
from .test_rules_senate import vote_all


def court():
    """Censor: family 4 (seat 1). Family 2 (seat 0) is the outgoing Suffète; family 8 (seat 2) took
    personal income as a governor (a red marker)."""
    s = table()
    s.offices["censor"] = "4"
    s.counters["outgoing:2"] = 1
    s.senators["2"].influence, s.senators["2"].popularity = 9, 0
    s.senators["8"].red = 1
    s.faction_treasury[1] = 10
    run(s, Frame(kind="trials"))
    return s


def test_the_censor_presides_and_chooses_the_trials():
    """V.5: the Censor holds one major trial or two minor ones: a major one against the last outgoing
    Suffète; a minor one against him or a governor or Council member who took personal income."""
    s = court()
    assert top(s).kind == "trial" and top(s).seat == 1
    assert legal(s, 1) == [cmd.ChooseOption(option=x) for x in ("major:2", "minor:2", "minor:8", "done")]


def test_a_minor_conviction_and_the_judges_half():
    """V.5, procès mineurs: convicted, the accused loses 5 Popularity and 5 Influence; the Judge gains
    half the Influence lost (R71). The accused's Influence adds to his faction's votes."""
    s = court()
    play(s, 1, cmd.ChooseOption(option="minor:2"))
    play(s, 1, cmd.ChooseSenator(senator="5"))          # the Censor's own senator: he accepts
    vote_all(s, "yes", "yes", "no", buys={1: 10})        # 6 + 10 + 8 against 9 + his 9 Influence
    x = s.senators["2"]
    assert (x.influence, x.popularity) == (4, -5)
    assert s.senators["5"].influence == C.FAMILIES[5].influence + 2
    # a second minor trial, not a major one
    assert cmd.ChooseOption(option="major:2") not in legal(s, 1)


def test_a_major_conviction_is_death():
    """V.5, procès majeurs: the conviction is death; the Judge gains half his Influence."""
    s = court()
    play(s, 1, cmd.ChooseOption(option="major:2"))
    play(s, 1, cmd.ChooseSenator(senator="7"))
    assert top(s).kind == "judge_accepts" and top(s).seat == 2
    play(s, 2, cmd.ChooseOption(option="yes"))
    vote_all(s, "yes", "yes", "no", buys={1: 10})
    assert not s.senators["2"].face_up and s.senators["2"].seat == -1
    assert s.senators["7"].influence == C.FAMILIES[7].influence + 4
    assert not s.flow  # one major trial: the Censor is done


def test_the_appeal_to_the_people_can_free_the_accused():
    """V.5: when his turn to vote comes, the accused's player may roll 2 dice + his Popularity on the
    Appeal table; 12 or more frees him at once; acquitted, he gives back a red marker and is safe for
    the turn."""
    s = court()
    play(s, 1, cmd.ChooseOption(option="minor:8"))
    play(s, 1, cmd.ChooseSenator(senator="5"))
    vote_all(s, "yes")                                   # seat 1, then seat 2 (the accused's)
    assert cmd.ChooseOption(option="appeal") in legal(s, 2)
    play(s, 2, cmd.ChooseOption(option="appeal"), Dice(6, 6))
    assert s.senators["8"].red == 0 and s.counters.get("immune:8") == 1
    assert C.FAMILIES[8].influence == s.senators["8"].influence


def test_red_markers_fall_when_the_trials_end():
    """II.9: a red marker stays until its holder is tried or the trial phase ends."""
    s = court()
    play(s, 1, cmd.ChooseOption(option="done"))
    assert s.senators["8"].red == 0


def test_a_statesman_may_go_into_exile():
    """V.5: in a major trial a statesman (not a plain senator) may go into exile: no income, no vote,
    he loses all his Influence and Popularity (R30: instead of the trial)."""
    from engine.games.republic_of_carthage.state import evolve
    s = table()
    evolve(s, ev.SenatorEntered(senator="6A", seat=0, reason="test"))
    s.offices["censor"] = "4"
    s.counters["outgoing:6A"] = 1
    run(s, Frame(kind="trials"))
    play(s, 1, cmd.ChooseOption(option="major:6A"))
    play(s, 1, cmd.ChooseSenator(senator="5"))
    assert top(s).kind == "exile" and top(s).seat == 0
    play(s, 0, cmd.ChooseOption(option="yes"))
    x = s.senators["6A"]
    assert x.where == "exiled" and x.influence == 0 and x.popularity == 0
