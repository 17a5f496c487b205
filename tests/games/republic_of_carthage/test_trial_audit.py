"""V.5, Diriger des procès, and II.9's red marker: what a read-only audit of the trials found
(sixth session). Each test failed before its fix."""

from __future__ import annotations

from engine.games.republic_of_carthage import turn
from engine.games.republic_of_carthage.flow import Ctx
from engine.games.republic_of_carthage.people import faction_votes
from engine.games.republic_of_carthage.state import evolve

from .helpers import Dice, Frame, cmd, ev, legal, play, run, top
from .test_rules_card_timing import to_the_accused_s_vote
from .test_rules_senate import vote_all
from .test_rules_trials import court


def test_the_judge_gains_half_when_the_people_kill_the_accused():
    """V.5, Procédure 5: the Judge gains half the Influence the accused lost when the vote convicts
    him *or the Appeal to the People kills him* (R71: rounded down). Before, a death on the Appeal
    table gave the Judge nothing."""
    s = court()
    s.senators["8"].influence = 10
    play(s, 1, cmd.ChooseOption(option="minor:8"))
    play(s, 1, cmd.ChooseSenator(senator="5"))       # the Censor's own senator: he accepts
    judge_before = s.senators["5"].influence
    vote_all(s, "yes")                                # seat 1; then seat 2, the accused's, appeals
    play(s, 2, cmd.ChooseOption(option="appeal"), Dice(1, 1))
    assert not s.senators["8"].face_up                # killed by the people
    assert s.senators["5"].influence == judge_before + 5


def test_an_acquittal_protects_for_this_turn_only():
    """V.5, Procédure 4: acquitted, the accused is safe from any other trial *during this turn*. The
    protection used to outlive the turn; now the end of the turn takes it away."""
    s = court()
    play(s, 1, cmd.ChooseOption(option="minor:2"))
    play(s, 1, cmd.ChooseSenator(senator="5"))
    vote_all(s, "no", "no", "no")
    assert s.counters.get("immune:2") == 1
    f = Frame(kind="end_turn")
    s.flow = [f]
    ctx = Ctx(s, Dice())
    turn._end_turn(ctx, f)
    for e in ctx.finish():
        evolve(s, e.event)
    assert not s.counters.get("immune:2")
    s.counters["outgoing:2"] = 1                      # outgoing again a later turn: he may be tried
    s.flow = []
    run(s, Frame(kind="trials"))
    assert cmd.ChooseOption(option="minor:2") in legal(s, 1)


def test_a_convicted_governor_gives_back_his_red_marker():
    """II.9: a governor's red marker stays until he is tried or the next trial phase ends; V.5's minor
    trials are open to him because of it. Convicted, he has been tried: the marker goes, and he is
    not open to a second minor trial for it in the same phase (before, he kept it and could lose 5
    more Influence and Popularity)."""
    s = court()
    s.senators["8"].influence = 10
    play(s, 1, cmd.ChooseOption(option="minor:8"))
    play(s, 1, cmd.ChooseSenator(senator="5"))
    vote_all(s, "yes", "no", "yes", buys={1: 10})   # 6 + 10 + 9 against 8 + his 10 (no appeal)
    x = s.senators["8"]
    assert (x.influence, x.popularity) == (5, -5)
    assert x.red == 0
    assert top(s).kind == "trial" and cmd.ChooseOption(option="minor:8") not in legal(s, 1)


def test_the_accused_votes_with_his_influence_as_it_stands_when_his_faction_votes():
    """V.5, Procédure 2: the accused adds his Influence to his faction's votes; R130: a card played at
    a player's turn to vote may change it (Tyrian Embassy, +3). Before, the Influence he had when the
    trial opened was counted."""
    s = to_the_accused_s_vote()
    play(s, 0, cmd.PlayCard(card="tyrian_embassy", senator="2"))
    while top(s).kind != "vote":
        f = top(s)
        play(s, f.seat, legal(s, f.seat)[0])
    assert s.senators["2"].influence == 12
    eloquence = faction_votes(s, 0)
    events = play(s, 0, cmd.ChooseOption(option="no"))
    if s.flow and top(s).kind == "buy_votes":
        events += play(s, 0, cmd.ChooseNumber(number=0))
    cast = [e for e in events if isinstance(e, ev.VoteCast) and e.seat == 0]
    assert [e.votes for e in cast] == [eloquence + 12]


def tried_treasurer(*votes, tie_acquits=False):
    """The outgoing Suffète (2, seat 0) is also the State Treasurer with a red term marker (II.3); the
    Censor's seat tries him (minor, Judge 5) and the three seats vote ``votes``."""
    s = court()
    if tie_acquits:
        s.counters["option:tied_trial_acquits"] = 1
    s.offices["state_treasurer"] = "2"
    s.terms["state_treasurer"] = 2
    s.red_terms = ["state_treasurer"]
    play(s, 1, cmd.ChooseOption(option="minor:2"))
    play(s, 1, cmd.ChooseSenator(senator="5"))
    vote_all(s, *votes)
    return s


def test_a_tied_trial_vote_neither_convicts_nor_acquits():
    """V.5, Procédure 4 (the accused gives back a red marker and is protected for the turn when the
    majority of the votes is for him) and 5 (convicted when the majority condemns him), R177: every
    faction abstaining, 0 against 0, is no majority either way. He is not convicted (his markers stay),
    but he gains nothing an acquittal gives: no protection for the rest of the turn, and the red term
    marker of his Council office stays red (II.3). The accusation, rejected, may not come again this
    turn (V, Propositions rejetées)."""
    s = tried_treasurer("abstain", "abstain", "abstain")
    x = s.senators["2"]
    assert (x.influence, x.popularity) == (9, 0)
    assert not s.counters.get("immune:2")
    assert "state_treasurer" in s.red_terms and s.offices["state_treasurer"] == "2"
    assert cmd.ChooseOption(option="minor:2") not in legal(s, 1)


def test_a_majority_for_the_accused_acquits():
    """V.5, Procédure 4: more No than Yes acquits: the red term marker turns back and he is safe for
    the rest of the turn (the contrast of the tie above)."""
    s = tried_treasurer("abstain", "no", "abstain")
    assert s.counters.get("immune:2") == 1 and "state_treasurer" not in s.red_terms


def test_option_tied_trial_acquits_keeps_the_old_reading():
    """R177's option ``tied_trial=acquits`` (a house reading): a tie acquits as a majority for him
    would: safe for the turn, the red term marker back."""
    s = tried_treasurer("abstain", "abstain", "abstain", tie_acquits=True)
    assert s.counters.get("immune:2") == 1 and "state_treasurer" not in s.red_terms


def test_an_acquitted_council_member_gives_back_his_red_term_marker():
    """II.3: a Council member who takes the corruption die has his term marker replaced by a red
    marker, which opens him to a minor trial (V.5); acquitted, he gives back a red marker (V.5,
    Procédure 4): his term marker is an ordinary one again, and he is no longer open to a trial for
    it. Before, the red term marker stayed for the rest of his term."""
    s = court()
    s.offices["state_treasurer"] = "7"
    s.terms["state_treasurer"] = 2
    s.red_terms = ["state_treasurer"]
    s.flow = []
    run(s, Frame(kind="trials"))
    assert cmd.ChooseOption(option="minor:7") in legal(s, 1)
    play(s, 1, cmd.ChooseOption(option="minor:7"))
    play(s, 1, cmd.ChooseSenator(senator="5"))
    vote_all(s, "no", "no", "no")
    assert "state_treasurer" not in s.red_terms and s.terms["state_treasurer"] == 2
    assert s.offices["state_treasurer"] == "7"


def test_every_other_player_against_the_censors_accusation_r184():
    """R184 (V, Fonctionnement du Sénat: the Censor presides the trial phase, and a presiding
    officer whose proposal every other player rejects resigns or loses 1 Influence): staying, the
    Censor loses 1 Influence and his trials go on; resigning, he holds no more trials this turn."""
    for choice in ("stay", "resign"):
        s = court()
        censor_influence = s.senators["4"].influence
        play(s, 1, cmd.ChooseOption(option="minor:2"))
        play(s, 1, cmd.ChooseSenator(senator="5"))
        vote_all(s, "yes", "no", "no")              # the Censor's seat for, both others against
        assert top(s).kind == "resign" and top(s).seat == 1
        assert legal(s, 1) == [cmd.ChooseOption(option="resign"), cmd.ChooseOption(option="stay")]
        play(s, 1, cmd.ChooseOption(option=choice))
        if choice == "stay":
            assert s.senators["4"].influence == censor_influence - 1
            assert top(s).kind == "trial" and cmd.ChooseOption(option="minor:8") in legal(s, 1)
        else:
            assert s.senators["4"].influence == censor_influence
            assert not [f for f in s.flow if f.kind == "trial"]
            assert not s.counters.get("resigned:4:turn")  # the Senate's own chair is untouched


def test_no_penalty_when_one_other_player_does_not_vote_no_r184():
    """R184: one other player abstaining is enough: no resignation asked."""
    s = court()
    play(s, 1, cmd.ChooseOption(option="minor:2"))
    play(s, 1, cmd.ChooseSenator(senator="5"))
    vote_all(s, "yes", "abstain", "no")
    assert top(s).kind == "trial"
