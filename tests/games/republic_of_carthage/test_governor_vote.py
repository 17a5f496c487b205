"""V.7, naming a governor by vote (ruling R173): the vote is tallied after what its round may bring
(cards, deaths, a province lost); a province no longer in play, or a senator no longer alive, is
named nobody, where the engine failed on the missing province."""

from __future__ import annotations

from engine.games.republic_of_carthage import events as ev
from engine.games.republic_of_carthage.events import Frame
from engine.games.republic_of_carthage.flow import Ctx
from engine.games.republic_of_carthage.proposals import PASSED
from engine.games.republic_of_carthage.state import evolve

from .helpers import Dice, of, table


def _tally_governor(s, province: str, senator: str) -> list:
    ctx = Ctx(s, Dice())
    PASSED["governor"](ctx, Frame(kind="tally", target=province, strs=["governor", senator]), True)
    out = ctx.finish()
    for e in out:
        evolve(s, e.event)
    return [e.event for e in out]


def _in_play(s, province: str) -> None:
    evolve(s, ev.ProvinceChanged(province=province, in_play=True, developed=False, reason="test"))


def test_v7_a_passed_vote_names_the_governor_of_a_province_in_play():
    s = table(3)
    _in_play(s, "sardinia_corsica")
    named = of(_tally_governor(s, "sardinia_corsica", "2"), ev.GovernorNamed)
    assert [(e.province, e.senator) for e in named] == [("sardinia_corsica", "2")]
    assert s.provinces["sardinia_corsica"].governor == "2" and s.senators["2"].where == "province"


def test_v7_r173_a_province_lost_before_the_tally_gets_no_governor():
    s = table(3)
    _in_play(s, "sardinia_corsica")
    evolve(s, ev.ProvinceChanged(province="sardinia_corsica", in_play=False, developed=False, reason="test"))
    assert of(_tally_governor(s, "sardinia_corsica", "2"), ev.GovernorNamed) == []
    assert "sardinia_corsica" not in s.provinces and s.senators["2"].where != "province"


def test_v7_r173_a_senator_dead_before_the_tally_is_sent_nowhere():
    s = table(3)
    _in_play(s, "sardinia_corsica")
    del s.senators["2"]  # as SenatorDied leaves it
    assert of(_tally_governor(s, "sardinia_corsica", "2"), ev.GovernorNamed) == []
    assert s.provinces["sardinia_corsica"].governor == ""
