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
from engine.games.republic_of_carthage.state import evolve

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
