"""V.5 in detail: outgoing commanders as accused (R80), Responsibility markers' trials besides the
usual ones (R81), the Court of the Hundred and Four (R82), recalling an exile (V.7, R83)."""

from __future__ import annotations

from engine.games.republic_of_carthage.state import Senator, WarState

from .helpers import Frame, cmd, ev, legal, of, play, run, table, top
from .test_rules_senate import quiet, vote_all


def censor(**counters):
    """Censor: family 4 (seat 1), in Carthage."""
    s = table()
    s.offices["censor"] = "4"
    s.counters.update(counters)
    return s


def test_a_commander_back_from_the_field_may_face_either_trial():
    """V.5: the last outgoing commander (of a war or an expedition) is eligible for a minor or a major
    trial, once he is back in Carthage (R80)."""
    s = censor(**{"commanded:8:libyan_war": 1})
    s.senators["8"].where = "war"
    run(s, Frame(kind="trials"))
    assert not s.flow or cmd.ChooseOption(option="major:8") not in legal(s, 1)
    s = censor(**{"commanded:8:libyan_war": 1})
    run(s, Frame(kind="trials"))
    assert {cmd.ChooseOption(option="major:8"), cmd.ChooseOption(option="minor:8")} <= set(legal(s, 1))


def test_the_senate_sending_a_force_or_an_expedition_marks_its_commander():
    """V.7 then V.5: the commander the Senate sends will be an outgoing commander when he is back."""
    s = table()
    s.offices.update(suffete_general="1", suffete_admiral="4")
    s.squadrons = {"active": 2}
    next(a for a in s.armies if a.type == "celtiberian").place = "active"
    s.wars = {"libyan_war": WarState(status="active")}
    quiet(s)
    run(s, Frame(kind="business"))
    play(s, 0, cmd.ChooseOption(option="prosecute"))
    play(s, 0, cmd.ChooseOption(option="prosecute:libyan_war"))
    play(s, 0, cmd.ChooseOption(option="celtiberian"))  # a land war needs an army (R164)
    play(s, 0, cmd.ChooseOption(option="done"))
    play(s, 0, cmd.ChooseNumber(number=2))
    vote_all(s, "yes", "yes", "yes")
    assert s.counters.get("commanded:4:libyan_war") == 1


def test_the_end_of_the_trials_clears_the_returned_commanders_not_those_still_away():
    """R80: a commander back in Carthage has one trial phase to answer; one still in the field keeps
    the mark until he is back."""
    s = censor(**{"commanded:8:libyan_war": 1, "commanded:5:etruscan_war": 1})
    s.senators["5"].where = "war"
    run(s, Frame(kind="trials_end"))
    assert "commanded:8:libyan_war" not in s.counters and s.counters["commanded:5:etruscan_war"] == 1


def test_the_court_of_104_keeps_commanders_of_wars_not_won_open_to_trial():
    """R82 (Court of the Hundred and Four, reconstructed card): a commander back from a war he did not
    win stays open to a major trial until he is tried; one back from a won war does not."""
    s = censor(**{"commanded:8:libyan_war": 1, "commanded:9:etruscan_war": 1})
    s.laws = ["court_of_104"]
    s.wars = {"libyan_war": WarState(status="active")}   # not won; etruscan_war is off the board: won
    run(s, Frame(kind="trials_end"))
    assert s.counters.get("commanded:8:libyan_war") == 1 and "commanded:9:etruscan_war" not in s.counters
    run(s, Frame(kind="trials"))
    play(s, 1, cmd.ChooseOption(option="major:8"))
    play(s, 1, cmd.ChooseSenator(senator="5"))
    assert "commanded:8:libyan_war" not in s.counters  # tried once for it


def test_responsibility_markers_are_tried_besides_the_usual_trials():
    """V.7 (tax): initiators of one faction take Responsibility markers and may be tried in a later
    trial phase besides the usual trials (R81): even after the Censor's major trial."""
    s = censor(**{"outgoing:2": 1, "responsibility:8": 1})
    s.senators["8"].red = 1
    run(s, Frame(kind="trials"))
    play(s, 1, cmd.ChooseOption(option="major:2"))
    play(s, 1, cmd.ChooseSenator(senator="5"))
    vote_all(s, "yes", "abstain", "no")  # acquitted, not by every other player's No (R184)
    assert top(s).kind == "trial"
    assert legal(s, 1) == [cmd.ChooseOption(option="responsibility:8"), cmd.ChooseOption(option="done")]
    play(s, 1, cmd.ChooseOption(option="responsibility:8"))
    assert "responsibility:8" not in s.counters and top(s).kind == "judge"


def test_tax_initiators_of_one_faction_take_responsibility():
    """V.7: if both initiators of a tax rise are of one faction, both take Responsibility markers."""
    s = table()
    quiet(s)
    run(s, Frame(kind="business"))
    play(s, 0, cmd.ChooseOption(option="tax"))
    play(s, 0, cmd.ChooseOption(option="tax:up"))
    play(s, 0, cmd.ChooseSenator(senator="1"))
    play(s, 0, cmd.ChooseSenator(senator="2"))
    vote_all(s, "yes", "yes", "yes")
    assert s.counters.get("responsibility:1") == s.counters.get("responsibility:2") == 1
    assert s.senators["1"].red == 1


def recall(s, sid):
    quiet(s)
    run(s, Frame(kind="business"))
    assert cmd.ChooseOption(option="recall_exile") in legal(s, 0)
    play(s, 0, cmd.ChooseOption(option="recall_exile"))
    out = play(s, 0, cmd.ChooseOption(option=f"recall_exile:{sid}"))
    assert of(out, ev.ProposalMade)[0].kind == "recall_exile"
    vote_all(s, "yes", "yes", "yes")


def test_a_recalled_exile_goes_back_to_the_port():
    """V.5, 3 and V.7, Rappel d'un Homme d'État en Exil: only the Senate's proposal brings him back; with
    his family card in no faction he returns to the Port."""
    s = table(factions=((1, 2, 3), (4, 5), (7, 8, 9)))
    s.senators["6A"] = Senator(id="6A", family=6, seat=0, where="exiled")
    recall(s, "6A")
    x = s.senators["6A"]
    assert (x.seat, x.where, x.face_up) == (-1, "port", True)
    assert not any(c.option == "recall_exile" for c in legal(s, 0))


def test_a_recalled_exile_joins_the_faction_holding_his_family_card():
    """V.7: if a faction holds his family card (no statesman on it), he joins that faction on it; his
    frozen talents come with him (R83)."""
    s = table()
    s.senators["6"].talents = 2
    s.senators["6A"] = Senator(id="6A", family=6, seat=0, where="exiled", talents=4)
    recall(s, "6A")
    x = s.senators["6A"]
    assert (x.seat, x.where, x.family_card, x.talents) == (1, "carthage", True, 6)
    assert "6" not in s.senators


def test_a_recalled_exile_goes_to_the_port_when_the_faction_holding_his_card_has_a_statesman():
    """V.7, Rappel d'un Homme d'État en Exil: he joins the faction holding his family card only if
    that faction has no statesman already (any statesman, R83); otherwise he goes to the Port."""
    s = table()
    s.senators["5A"] = Senator(id="5A", family=5, seat=1, influence=5)  # faction 1 has a statesman
    del s.senators["5"]
    s.senators["5A"].family_card = True
    s.senators["6A"] = Senator(id="6A", family=6, seat=0, where="exiled", talents=4)
    recall(s, "6A")
    x = s.senators["6A"]
    assert (x.seat, x.where, x.face_up, x.family_card) == (-1, "port", True, False)
    assert s.senators["6"].seat == 1


def test_a_recalled_exile_with_his_family_card_under_him_takes_it_to_the_port():
    """V.7: no faction holds a family card that went into exile under its statesman (V.5, 3: the
    exile takes no part in the game), so he returns to the Port with it (R83)."""
    s = table(factions=((1, 2, 3), (4, 5), (7, 8, 9)))
    s.senators["6A"] = Senator(id="6A", family=6, seat=1, where="exiled", family_card=True)
    recall(s, "6A")
    x = s.senators["6A"]
    assert (x.seat, x.where, x.face_up, x.family_card) == (-1, "port", True, True)
