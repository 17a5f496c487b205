"""V.7, Indignation générale (Public Outcry: veto, taking the floor) and the trial cards, all played
when one's turn to vote comes (R78)."""

from __future__ import annotations

from .helpers import Dice, Frame, cmd, ev, legal, no_counter, of, play, run, table, top
from .test_rules_assassination import captured
from .test_rules_senate import called, quiet, vote_all
from .test_rules_trials import court

OUTCRY = cmd.PlayCard(card="public_outcry_I", senator="")


def concession_vote(s=None, senator: str = "1"):
    """Other business: the presiding officer (seat 0) proposes the Silver Mines for ``senator`` (his
    senator 1 by default); seat 0 has voted Yes; seat 1, holding a Public Outcry, is to vote.
    ``s``: the table to start from (``table()`` by default)."""
    s = table() if s is None else s
    s.concessions = {"silver_mines": ""}
    s.hands[1] = ["public_outcry_I"]
    quiet(s)
    run(s, Frame(kind="business"))
    play(s, 0, cmd.ChooseOption(option="concession"))
    play(s, 0, cmd.ChooseOption(option="concession:silver_mines"))
    play(s, 0, cmd.ChooseSenator(senator=senator))
    vote_all(s, "yes")
    assert top(s).kind == "vote" and top(s).seat == 1
    return s


def test_public_outcry_is_offered_at_the_turn_to_vote():
    s = concession_vote()
    assert OUTCRY in legal(s, 1)
    s.hands[1] = []
    assert not [c for c in legal(s, 1) if isinstance(c, cmd.PlayCard)]


def test_a_veto_stops_the_vote_and_the_proposal_cannot_come_again():
    """V.7, Veto: the vote in progress is cancelled and the proposal may not be made again this turn."""
    s = concession_vote()
    play(s, 1, OUTCRY)
    no_counter(s)
    assert legal(s, 1) == [cmd.ChooseOption(option="veto"), cmd.ChooseOption(option="floor")]
    out = play(s, 1, cmd.ChooseOption(option="veto"))
    assert of(out, ev.ProposalVetoed) == [ev.ProposalVetoed(seat=1, kind="concession")]
    assert not of(out, ev.ProposalDecided) and s.concessions["silver_mines"] == ""
    assert "public_outcry_I" in s.discard and s.hands[1] == []
    assert s.counters.get("rejected:concession+1+silver_mines+0") == 1
    assert top(s).kind == "other_business" and top(s).seat == 0
    assert not [f for f in s.flow if f.kind in ("vote", "tally")]


def test_taking_the_floor_makes_a_proposal_inside_the_vote():
    """V.7, Prendre la parole: the player makes a proposal of his own while the other is in progress;
    the presiding officer still orders the votes (from his seat); then the first vote goes on."""
    s = concession_vote()
    play(s, 1, OUTCRY)
    no_counter(s)
    play(s, 1, cmd.ChooseOption(option="floor"))
    assert top(s).kind == "other_business" and top(s).seat == 1
    assert cmd.ChooseOption(option="adjourn") not in legal(s, 1)
    play(s, 1, cmd.ChooseOption(option="tax"))
    play(s, 1, cmd.ChooseOption(option="tax:up"))
    play(s, 1, cmd.ChooseSenator(senator="4"))
    out = play(s, 1, cmd.ChooseSenator(senator="5"))
    made = of(out, ev.ProposalMade)[0]
    assert (made.kind, made.seat) == ("tax", 1)   # his proposal
    assert "floor_proposer" not in s.counters
    assert top(s).kind == "vote_order" and top(s).seat == 0   # the presiding officer calls the votes
    called(s)
    assert top(s).kind == "vote" and top(s).seat == 0
    vote_all(s, "yes", "yes", "yes")
    assert s.tax_rate == 20
    assert top(s).kind == "vote" and top(s).seat == 1   # back to the concession
    vote_all(s, "yes", "no")
    assert s.concessions["silver_mines"] == "1"
    assert not [f for f in s.flow if f.kind == "business_item"]


def test_no_veto_on_a_captured_assassins_trial():
    """V.7, Veto: not on the trial of an assassination (nor is the floor open outside other business)."""
    s, _ = captured()
    s.hands[1] = ["public_outcry_I"]
    play(s, 0, cmd.ChooseOption(option="appeal"))  # he must appeal first (V.7)
    # R134: seat 1 holds a card, so he is asked before the Appeal roll (nothing to play there)
    play(s, 1, cmd.ChooseOption(option="done"), Dice(5, 5))  # 10 - 3: no votes
    play(s, 0, cmd.ChooseOption(option="no"))
    assert top(s).seat == 1 and OUTCRY not in legal(s, 1)


def test_a_trial_vetoed_still_counts_for_the_censor():
    """V.5, 2: Public Outcry cancels a trial; it still counts among the Censor's trials."""
    s = court()
    s.hands[2] = ["public_outcry_I"]
    play(s, 1, cmd.ChooseOption(option="major:2"))
    play(s, 1, cmd.ChooseSenator(senator="5"))
    vote_all(s, "yes")
    assert top(s).seat == 2
    play(s, 2, OUTCRY)
    no_counter(s)
    assert legal(s, 2) == [cmd.ChooseOption(option="veto")]
    play(s, 2, cmd.ChooseOption(option="veto"))
    assert s.senators["2"].face_up and s.senators["2"].influence == 9
    assert not s.flow or top(s).kind != "trial"   # one major trial: the Censor is done


def test_bribed_judges_add_six_votes_to_the_players_vote():
    """Bribed Judges (reconstructed card): played in a trial, the faction casts 6 more votes."""
    s = court()
    s.hands[2] = ["bribed_judges_II"]
    play(s, 1, cmd.ChooseOption(option="minor:8"))
    play(s, 1, cmd.ChooseSenator(senator="5"))
    vote_all(s, "no")
    play(s, 2, cmd.PlayCard(card="bribed_judges_II", senator=""))
    no_counter(s)
    out = play(s, 2, cmd.ChooseOption(option="no"))
    from engine.games.republic_of_carthage.people import faction_votes
    cast = of(out, ev.VoteCast)[0]
    assert cast.votes == faction_votes(s, 2) + s.senators["8"].influence + 6


def test_crowd_in_the_agora_helps_the_appeal_once():
    """Crowd in the Agora (reconstructed card): +2 to the accused's Appeal to the People roll."""
    s = court()
    s.hands[2] = ["crowd_in_the_agora_I"]
    play(s, 1, cmd.ChooseOption(option="minor:8"))
    play(s, 1, cmd.ChooseSenator(senator="5"))
    vote_all(s, "yes")
    play(s, 2, cmd.PlayCard(card="crowd_in_the_agora_I", senator=""))
    no_counter(s)
    out = play(s, 2, cmd.ChooseOption(option="appeal"), Dice(3, 3))
    assert of(out, ev.Rolled)[0].modifier == s.senators["8"].popularity + 2
    assert not [k for k in s.counters if k.startswith("mod:appeal")]


def test_the_floor_before_the_senate_adjourns():
    """V.7: the presiding officer may not adjourn while a request for the floor is unmet: when he
    adjourns, every other player is asked in turn; one takes the floor and makes his proposal."""
    s = table()
    s.hands[2] = ["public_outcry_I"]
    quiet(s)
    run(s, Frame(kind="business"))
    play(s, 0, cmd.ChooseOption(option="adjourn"))
    assert top(s).kind == "floor_call" and top(s).seat == 1
    assert legal(s, 1) == [cmd.ChooseOption(option="pass")]
    play(s, 1, cmd.ChooseOption(option="pass"))
    assert OUTCRY in legal(s, 2)
    play(s, 2, OUTCRY)
    no_counter(s)
    assert top(s).kind == "other_business" and top(s).seat == 2
    play(s, 2, cmd.ChooseOption(option="tax"))
    play(s, 2, cmd.ChooseOption(option="tax:up"))
    play(s, 2, cmd.ChooseSenator(senator="7"))
    play(s, 2, cmd.ChooseSenator(senator="8"))
    vote_all(s, "yes", "yes", "yes")
    assert s.tax_rate == 20
    assert not s.flow   # then the Senate is over


def test_a_unanimous_no_on_a_floor_proposal_does_not_touch_the_presiding_officer():
    """R63 concerns the presiding officer's own proposals: a floor proposal every other player
    rejects asks nobody to resign."""
    s = concession_vote()
    influence = s.senators["1"].influence
    play(s, 1, OUTCRY)
    no_counter(s)
    play(s, 1, cmd.ChooseOption(option="floor"))
    play(s, 1, cmd.ChooseOption(option="tax"))
    play(s, 1, cmd.ChooseOption(option="tax:up"))
    play(s, 1, cmd.ChooseSenator(senator="4"))
    play(s, 1, cmd.ChooseSenator(senator="5"))
    vote_all(s, "yes", "no", "no")   # every player but the presiding officer (seat 0) votes No
    assert s.tax_rate == 10 and top(s).kind == "vote" and top(s).seat == 1
    assert s.senators["1"].influence == influence


def test_a_vetoed_pair_of_suffetes_cannot_be_proposed_again():
    """V.7, Veto, in the elections: the pair vetoed may not come again this turn; the presiding
    officer proposes another pair."""
    s = table()
    s.hands[2] = ["public_outcry_I"]
    run(s, Frame(kind="elect_suffetes"))
    play(s, 0, cmd.ChooseSenator(senator="2"))
    play(s, 0, cmd.ChooseSenator(senator="3"))
    vote_all(s, "yes", "yes")
    play(s, 2, OUTCRY)
    no_counter(s)
    assert legal(s, 2) == [cmd.ChooseOption(option="veto")]   # no floor outside other business
    play(s, 2, cmd.ChooseOption(option="veto"))
    assert not s.offices["suffete_general"]
    assert top(s).kind == "nominate_suffetes" and top(s).seat == 0
    play(s, 0, cmd.ChooseSenator(senator="2"))
    assert cmd.ChooseSenator(senator="3") not in legal(s, 0)


def test_any_player_may_cancel_a_trial_even_with_no_senator_in_carthage():
    """V.5, 2: the accused's player or any other may play Public Outcry to cancel a trial; V.7's
    condition (a senator in Carthage) is for vetoing proposals and taking the floor, not for this."""
    s = court()
    s.hands[2] = ["public_outcry_I"]
    for x in s.senators.values():
        if x.seat == 2:  # seat 2 (not the accused's player) has no senator in Carthage
            x.where = "province"
    play(s, 1, cmd.ChooseOption(option="major:2"))
    play(s, 1, cmd.ChooseSenator(senator="5"))
    vote_all(s, "yes")
    assert top(s).seat == 2
    assert OUTCRY in legal(s, 2)
