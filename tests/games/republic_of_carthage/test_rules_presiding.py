"""V, Fonctionnement du Sénat: the presiding officer calls the votes in the order he wishes (R64) and
may resign after a unanimous No (R63)."""

from __future__ import annotations

from .helpers import Frame, cmd, ev, legal, of, play, run, table, top
from .test_rules_senate import vote_all


def pair_proposed(s=None):
    """The presiding officer (senator 1, seat 0) proposes senators 2 and 3 as Suffètes."""
    s = s or table()
    run(s, Frame(kind="elect_suffetes"))
    play(s, 0, cmd.ChooseSenator(senator="2"))
    play(s, 0, cmd.ChooseSenator(senator="3"))
    return s


def test_the_presiding_officer_chooses_who_votes_next():
    """V: he calls each player to vote in the order he wishes (R64): the rest clockwise, or one player
    named at a time; the last one left is called without asking."""
    s = pair_proposed()
    assert top(s).kind == "vote_order" and top(s).seat == 0
    assert legal(s, 0) == [cmd.ChooseOption(option=x) for x in ("clockwise", "seat:0", "seat:1", "seat:2")]
    play(s, 0, cmd.ChooseOption(option="seat:2"))
    assert top(s).kind == "vote" and top(s).seat == 2
    out = play(s, 2, cmd.ChooseOption(option="no"))
    assert of(out, ev.VoteCast)[0].seat == 2
    assert legal(s, 0) == [cmd.ChooseOption(option=x) for x in ("clockwise", "seat:0", "seat:1")]
    play(s, 0, cmd.ChooseOption(option="seat:1"))
    assert [f.seat for f in s.flow if f.kind == "vote"] == [0, 1]   # seat 1 now, then seat 0
    assert not [f for f in s.flow if f.kind == "vote_order"]
    play(s, 1, cmd.ChooseOption(option="yes"))
    assert top(s).kind == "vote" and top(s).seat == 0


def test_a_player_called_out_of_turn_cannot_be_called_twice():
    s = pair_proposed()
    play(s, 0, cmd.ChooseOption(option="seat:1"))
    play(s, 1, cmd.ChooseOption(option="no"))
    assert cmd.ChooseOption(option="seat:1") not in legal(s, 0)


def test_a_unanimous_no_lets_the_presiding_officer_resign():
    """V, Unanimité des votes Non (R63): he may resign; the next senator in the SPHR order presides
    for the rest of the Senate, and he loses no Influence."""
    s = table()
    s.offices["state_treasurer"] = "4"   # the SPHR: the highest office in Carthage (seat 1)
    s.senators["4"].influence = 5
    run(s, Frame(kind="elect_suffetes"))
    assert top(s).seat == 1
    play(s, 1, cmd.ChooseSenator(senator="2"))
    play(s, 1, cmd.ChooseSenator(senator="3"))
    vote_all(s, "yes", "no", "no")
    assert top(s).kind == "resign" and top(s).seat == 1
    play(s, 1, cmd.ChooseOption(option="resign"))
    assert s.senators["4"].influence == 5 and s.counters["resigned:4:turn"] == 1
    assert top(s).kind == "nominate_suffetes" and top(s).seat == 0   # senator 1 presides now
    assert s.offices["state_treasurer"] == "4"                       # he keeps his office
