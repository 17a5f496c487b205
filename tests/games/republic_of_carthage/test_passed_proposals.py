"""V.7, Propositions acceptées: a passed proposal applies at once, to what it names as things stand
when its votes are counted. Between the proposal and the tally a vote may be interrupted (Public
Outcry's floor, cards played at one's turn to vote), so what it names may have gone: rulings
R174-R176 (RULES.md). Each test builds the state a vote may leave and tallies the proposal as passed,
as ``test_governor_vote.py`` does for R173."""

from __future__ import annotations

from engine.games.republic_of_carthage import events as ev
from engine.games.republic_of_carthage.events import Frame
from engine.games.republic_of_carthage.flow import Ctx
from engine.games.republic_of_carthage.senate import PASSED
from engine.games.republic_of_carthage.state import WarState, evolve

from .helpers import Dice, cmd, legal, no_counter, of, play, run, table, top
from .test_rules_senate import quiet, vote_all

OUTCRY = cmd.PlayCard(card="public_outcry_I", senator="")


def _tally(s, kind: str, *senators: str, target: str = "", amount: int = 0, votes=None) -> list:
    """The tally of a passed proposal (nums: amount, yes, no, presiding seat, one vote per seat)."""
    f = Frame(kind="tally", target=target, strs=[kind, *senators],
              nums=[amount, 3, 0, 0, *(votes or [1] * s.players)])
    ctx = Ctx(s, Dice())
    PASSED[kind](ctx, f, True)
    out = ctx.finish()
    for e in out:
        evolve(s, e.event)
    return [e.event for e in out]


def _active(s, unit: str, n: int) -> None:
    for a in [a for a in s.armies if a.type == unit][:n]:
        a.place = "active"


# -- R174: the floor is for other business (V.7), never during an election nor a trial --------------
def test_v6_r174_no_floor_while_a_governor_is_elected():
    """V.6: in this step the proposals are about the provinces only; V.7 Prendre la parole belongs to
    the other business (R78). The Senate stacks its other business under the elections from its start,
    and the floor was offered there: a floor proposal (a peace losing the province) could run inside a
    governor's vote (the state R173 met)."""
    s = table()
    s.hands[1] = ["public_outcry_I"]
    evolve(s, ev.ProvinceChanged(province="sardinia_corsica", in_play=True, developed=False, reason="test"))
    quiet(s)
    run(s, Frame(kind="fill_governors"), Frame(kind="business"))  # as the Senate phase stacks them
    assert top(s).kind == "nominate"
    play(s, 0, cmd.ChooseSenator(senator="2"))
    vote_all(s, "yes")
    play(s, 1, OUTCRY)
    no_counter(s)
    assert legal(s, 1) == [cmd.ChooseOption(option="veto")]


# -- R175: the presiding officer leaving on a floor proposal loses the proposal interrupted ---------
def test_v7_r175_presiding_officer_sent_to_war_from_the_floor_loses_the_interrupted_proposal():
    """V.7, Prendre la parole: if the presiding officer must leave Carthage for a war, the proposals are
    lost (Départ du PS: the Senate ends at once). The interrupted vote went on and granted the
    concession after the Senate had ended."""
    s = table()
    s.offices.update(suffete_admiral="1")  # the presiding officer (seat 0) and the only commander
    _active(s, "carthaginian_legion", 1)
    s.wars = {"libyan_war": WarState(status="active")}
    s.concessions = {"silver_mines": ""}
    s.hands[1] = ["public_outcry_I"]
    quiet(s)
    run(s, Frame(kind="business"))
    play(s, 0, cmd.ChooseOption(option="concession"))
    play(s, 0, cmd.ChooseOption(option="concession:silver_mines"))
    play(s, 0, cmd.ChooseSenator(senator="2"))
    vote_all(s, "yes")
    play(s, 1, OUTCRY)
    no_counter(s)
    play(s, 1, cmd.ChooseOption(option="floor"))
    play(s, 1, cmd.ChooseOption(option="prosecute"))
    play(s, 1, cmd.ChooseOption(option="prosecute:libyan_war"))
    play(s, 1, cmd.ChooseOption(option="carthaginian_legion"))
    play(s, 1, cmd.ChooseOption(option="done"))
    play(s, 1, cmd.ChooseNumber(number=0))
    vote_all(s, "yes", "yes", "yes")
    assert s.senators["1"].where == "war"
    assert not [f for f in s.flow if f.kind in ("vote", "vote_order", "tally")]
    assert s.concessions["silver_mines"] == ""


def test_v7_r175_the_floor_calls_left_when_the_presiding_officer_leaves_are_lost():
    """V.7, Prendre la parole: the requests for the floor not yet met when the presiding officer leaves
    are lost (the players keep their cards). Asked in turn as he adjourned (R78), seat 1 sent him to
    war from the floor; seat 2 was still asked for a proposal after the Senate had ended."""
    s = table()
    s.offices.update(suffete_admiral="1")
    _active(s, "carthaginian_legion", 1)
    s.wars = {"libyan_war": WarState(status="active")}
    s.hands[1] = ["public_outcry_I"]
    s.hands[2] = ["public_outcry_II"]
    quiet(s)
    run(s, Frame(kind="business"))
    play(s, 0, cmd.ChooseOption(option="adjourn"))
    assert top(s).kind == "floor_call" and top(s).seat == 1
    play(s, 1, OUTCRY)
    no_counter(s)
    play(s, 1, cmd.ChooseOption(option="prosecute"))
    play(s, 1, cmd.ChooseOption(option="prosecute:libyan_war"))
    play(s, 1, cmd.ChooseOption(option="carthaginian_legion"))
    play(s, 1, cmd.ChooseOption(option="done"))
    play(s, 1, cmd.ChooseNumber(number=0))
    vote_all(s, "yes", "yes", "yes")
    assert s.senators["1"].where == "war"
    assert not [f for f in s.flow if f.kind in ("floor_call", "other_business")]
    assert s.hands[2] == ["public_outcry_II"]
