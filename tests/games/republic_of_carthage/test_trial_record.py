"""V.5, Diriger des procès (Procédure 2, 4 and 5), R185: what the log says of a trial's end (issue 38).

The Appeal to the People may end a trial before its vote is over: freed, the accused is acquitted at
once; killed, he dies at once. Either way the Senate's vote decided nothing, and the record must say
so: ``ProposalDecided`` is not ``passed`` and names the Appeal's result (``appeal``), and the move list
(``notation.describe_outcome``, which ``server/render.py`` adds to a command's line) and the
events' words the server sends (``words.describe_event``, the web client's log) read it that way. Before, a trial the people freed
was logged ``passed=True``: a conviction that never happened.
"""

from __future__ import annotations

from engine import registry
from engine.games.republic_of_carthage.notation import describe_outcome
from server.render import outcome_describer
from server.words import event_describer

from .helpers import G, Dice, cmd, ev, of, play
from .test_rules_senate import vote_all
from .test_rules_trials import court

def _to_the_appeal():
    """A minor trial of Adherbal (family 8, seat 2, a red marker); the Censor's seat votes Yes (6
    votes), then the accused's turn to vote comes."""
    s = court()
    play(s, 1, cmd.ChooseOption(option="minor:8"))
    play(s, 1, cmd.ChooseSenator(senator="5"))
    vote_all(s, "yes")
    return s


def log_words(events: list) -> list[str]:
    """Each event in the words the server sends beside it (``EventRecord.words``), which the web
    client's log shows: the game's ``words.describe_event``, through the server's lookup."""
    describe = event_describer(G)
    return [describe(e) for e in events]


def test_v5_an_appeal_that_frees_the_accused_is_logged_as_no_conviction():
    """V.5, Procédure 2 and 4: 12 or more on the Appeal frees the accused at once: the vote stops (6
    Yes cast so far, none against) and he is acquitted. The event says the trial was not carried and
    that the people freed him; the move list and the log's words say the same, never a conviction."""
    s = _to_the_appeal()
    out = play(s, 2, cmd.ChooseOption(option="appeal"), Dice(6, 6))
    assert [r.outcome for r in of(out, ev.Rolled)] == ["freed"]
    assert of(out, ev.ProposalDecided) == [ev.ProposalDecided(kind="trial", passed=False, yes=6, no=0,
                                                              appeal="freed")]
    assert s.senators["8"].red == 0 and s.counters.get("immune:8") == 1  # acquitted (Procédure 4)
    line = describe_outcome(out)
    assert line == "the people free the accused on appeal: acquitted, the vote stopped at 6 to 0 (V.5)"
    assert outcome_describer(registry.get("republic-of-carthage")) is describe_outcome  # `carthago moves`
    decided = log_words(out)[out.index(of(out, ev.ProposalDecided)[0])]
    assert "adopt" not in decided and "convict" not in decided
    assert decided == "The trial ends on the Appeal to the People: the people free the accused, who is " \
                      "acquitted (the vote stopped at 6 to 0)"


def test_v5_an_appeal_that_kills_the_accused_is_logged_as_the_peoples_doing():
    """V.5, Procédure 2 and 5: 2 or less on the Appeal and the people kill the accused at once; the
    Judge gains half his Influence. No vote convicted him: the event says the people killed him."""
    s = _to_the_appeal()
    out = play(s, 2, cmd.ChooseOption(option="appeal"), Dice(1, 1))
    assert of(out, ev.ProposalDecided) == [ev.ProposalDecided(kind="trial", passed=False, yes=6, no=0,
                                                              appeal="killed")]
    assert not s.senators["8"].face_up
    assert describe_outcome(out) == "the people kill the accused on appeal: the vote stopped at 6 to 0 (V.5)"


def test_v5_a_trial_the_vote_decides_names_no_appeal():
    """V.5, Procédure 4-5: an Appeal that only adds votes leaves the vote to decide (here 6 for
    conviction against the accused's faction's 9, his Influence counted, and 3 votes from the people;
    the last seat abstains): acquitted by the vote, ``appeal`` empty; a conviction by the vote is
    ``passed``."""
    s = _to_the_appeal()
    out = play(s, 2, cmd.ChooseOption(option="appeal"), Dice(5, 5))  # 10 + 0 Popularity: 3 votes for him
    out += play(s, 2, cmd.ChooseOption(option="no"))
    out += play(s, 0, cmd.ChooseOption(option="abstain"))
    decided = of(out, ev.ProposalDecided)
    assert len(decided) == 1 and not decided[0].passed and decided[0].appeal == ""
    assert describe_outcome(out).startswith("the accused is acquitted, ")
    s = court()
    play(s, 1, cmd.ChooseOption(option="minor:2"))
    play(s, 1, cmd.ChooseSenator(senator="5"))
    vote_all(s, "yes", "yes", buys={1: 10})          # 6 + 10 + 8 against 9 + his 9 Influence
    out = play(s, 0, cmd.ChooseOption(option="no"))
    out += play(s, 0, cmd.ChooseNumber(number=0)) if s.flow and s.flow[-1].kind == "buy_votes" else []
    decided = of(out, ev.ProposalDecided)
    assert [(d.passed, d.appeal) for d in decided] == [(True, "")]
    assert describe_outcome(out) == f"the accused is convicted, {decided[0].yes} votes to {decided[0].no}"

