"""What laws in force change in the Senate: the Pentarchies (reconstructed card, R84)."""

from __future__ import annotations

from .helpers import C, Frame, cmd, legal, play, run, table, top


def test_the_pentarchies_fill_a_council_seat_without_a_vote():
    """R84: with the Pentarchies in force, the highest-ranking Council member in Carthage names the new
    member among the usual candidates; no proposal, no vote."""
    s = table()
    s.laws = ["pentarchies"]
    s.offices.update(state_treasurer="7", public_buildings="x", harbour_captain="x", master_of_the_agora="x")
    run(s, Frame(kind="fill_council"))
    assert top(s).kind == "coopt" and top(s).seat == 2 and top(s).target == "censor"
    assert cmd.ChooseSenator(senator="7") not in legal(s, 2)   # he holds an office
    play(s, 2, cmd.ChooseSenator(senator="4"))
    assert s.offices["censor"] == "4" and s.senators["4"].influence == C.FAMILIES[4].influence + 3
    assert not s.flow or top(s).kind != "vote"


def test_without_the_law_or_a_sitting_member_the_senate_votes():
    s = table()
    s.offices.update(state_treasurer="7", public_buildings="x", harbour_captain="x", master_of_the_agora="x")
    run(s, Frame(kind="fill_council"))
    assert top(s).kind == "nominate"
    s = table()
    s.laws = ["pentarchies"]
    s.senators["7"].where = "province"
    s.offices.update(state_treasurer="7", public_buildings="x", harbour_captain="x", master_of_the_agora="x")
    run(s, Frame(kind="fill_council"))
    assert top(s).kind == "nominate"
