"""V.7, Propositions acceptées: a passed proposal applies at once, to what it names as things stand
when its votes are counted. Between the proposal and the tally a vote may be interrupted (Public
Outcry's floor, cards played at one's turn to vote), so what it names may have gone: rulings
R174-R176 (RULES.md). Each test builds the state a vote may leave and tallies the proposal as passed,
as ``test_governor_vote.py`` does for R173."""

from __future__ import annotations

from engine.games.republic_of_carthage import events as ev
from engine.games.republic_of_carthage.events import Frame
from engine.games.republic_of_carthage.flow import Ctx
from engine.games.republic_of_carthage.proposals import PASSED
from engine.games.republic_of_carthage.state import Force, WarState, evolve

from .helpers import Dice, cmd, legal, no_counter, of, play, run, table, top
from .test_rules_outcry import concession_vote
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
def _admiral_table():
    """The presiding officer (seat 0) holds the Admiral's office (senator 1, the only commander); a
    legion in Active Forces; the Libyan War Active; seat 1 holds a Public Outcry."""
    s = table()
    s.offices.update(suffete_admiral="1")
    _active(s, "carthaginian_legion", 1)
    s.wars = {"libyan_war": WarState(status="active")}
    s.hands[1] = ["public_outcry_I"]
    return s


def _floor_sends_the_admiral_to_war(s) -> None:
    """Seat 1, on the floor, proposes the Libyan War with the legion under the Admiral; all vote Yes."""
    play(s, 1, cmd.ChooseOption(option="prosecute"))
    play(s, 1, cmd.ChooseOption(option="prosecute:libyan_war"))
    play(s, 1, cmd.ChooseOption(option="carthaginian_legion"))
    play(s, 1, cmd.ChooseOption(option="done"))
    play(s, 1, cmd.ChooseNumber(number=0))
    vote_all(s, "yes", "yes", "yes")
    assert s.senators["1"].where == "war"


def test_v7_r175_presiding_officer_sent_to_war_from_the_floor_loses_the_interrupted_proposal():
    """V.7, Prendre la parole: if the presiding officer must leave Carthage for a war, the proposals are
    lost (Départ du PS: the Senate ends at once). The interrupted vote went on and granted the
    concession after the Senate had ended."""
    s = _admiral_table()
    s.concessions = {"silver_mines": ""}
    concession_vote(s, senator="2")
    play(s, 1, OUTCRY)
    no_counter(s)
    play(s, 1, cmd.ChooseOption(option="floor"))
    _floor_sends_the_admiral_to_war(s)
    assert not [f for f in s.flow if f.kind in ("vote", "vote_order", "tally")]
    assert s.concessions["silver_mines"] == ""


def test_v7_r175_the_floor_calls_left_when_the_presiding_officer_leaves_are_lost():
    """V.7, Prendre la parole: the requests for the floor not yet met when the presiding officer leaves
    are lost (the players keep their cards). Asked in turn as he adjourned (R78), seat 1 sent him to
    war from the floor; seat 2 was still asked for a proposal after the Senate had ended."""
    s = _admiral_table()
    s.hands[2] = ["public_outcry_II"]
    quiet(s)
    run(s, Frame(kind="business"))
    play(s, 0, cmd.ChooseOption(option="adjourn"))
    assert top(s).kind == "floor_call" and top(s).seat == 1
    play(s, 1, OUTCRY)
    no_counter(s)
    _floor_sends_the_admiral_to_war(s)
    assert not [f for f in s.flow if f.kind in ("floor_call", "other_business")]
    assert s.hands[2] == ["public_outcry_II"]


# -- R176: a passed proposal whose subject is gone does nothing -------------------------------------
def test_v7_r176_recruit_more_squadrons_than_the_reserve_still_holds():
    """V.7, Levée: the units come from the Reserve; a floor levy took them during the vote. The State
    paid for two and the Reserve went to -1."""
    s = table()
    s.squadrons = {"reserve": 1}
    out = _tally(s, "recruit", target="squadron", amount=2)
    assert not of(out, ev.Transferred) and not of(out, ev.ForcesMoved)
    assert s.squadrons == {"reserve": 1} and s.treasury == 100


def test_v7_r176_disband_with_none_left_in_active_forces():
    """V.7, Dissolution: a floor proposal sent the last squadron to a war; Active Forces went to -1."""
    s = table()
    s.squadrons = {"force:1": 1}
    assert not of(_tally(s, "disband", target="squadron", amount=1), ev.ForcesMoved)
    assert s.squadrons == {"force:1": 1}


def test_v7_r176_no_force_sent_to_a_war_lost_during_the_vote():
    """V.7, Entreprendre des Guerres / Demande de paix: peace voted from the floor lost the war."""
    s = table()
    s.offices.update(suffete_admiral="1")
    _active(s, "carthaginian_legion", 1)
    s.wars = {"libyan_war": WarState(status="lost")}
    out = _tally(s, "prosecute", "1", "carthaginian_legion", target="libyan_war")
    assert not of(out, ev.ForceSent) and s.senators["1"].where == "carthage" and not s.forces


def test_v7_r176_no_force_sent_without_its_armies_or_its_commander():
    """The army named went with another force voted from the floor; or the commander did."""
    s = table()
    s.offices.update(suffete_admiral="1")
    s.wars = {"libyan_war": WarState(status="active")}
    assert not of(_tally(s, "prosecute", "1", "carthaginian_legion", target="libyan_war"), ev.ForceSent)
    _active(s, "carthaginian_legion", 1)
    s.senators["1"].where = "war"
    s.forces = [Force(id=1, war="libyan_war", commanders=["1"], turn=1)]
    s.next_force = 2
    assert not of(_tally(s, "prosecute", "1", "carthaginian_legion", target="libyan_war"), ev.ForceSent)
    assert len(s.forces) == 1


def test_v7_r176_expedition_whose_commander_left_carthage():
    """V.7, Envoyer une expédition: its commander is a senator in Carthage holding no office (R26); a
    floor proposal named him governor meanwhile. He went to the province and the expedition at once."""
    s = table()
    s.explorations = ["trans_saharan_zone"]
    evolve(s, ev.ProvinceChanged(province="libya", in_play=True, developed=False, reason="test"))
    evolve(s, ev.GovernorNamed(province="libya", senator="2", term=3))
    out = _tally(s, "expedition", "2", target="trans_saharan_zone", amount=1)
    assert out == [] and s.senators["2"].where == "province" and s.treasury == 100


def test_v7_r176_peace_for_a_war_already_lost():
    """V.7, Demande de paix: the same peace voted from the floor lost the war; its Perte effects
    (the Treasury's payment) were applied a second time."""
    s = table()
    s.wars = {"first_roman_republic_war": WarState(status="lost")}
    assert _tally(s, "peace", target="first_roman_republic_war") == []
    assert s.treasury == 100


def test_v7_r176_a_second_tax_change_in_one_turn():
    """V.7: the tax rate changes once a turn, 0-90; an increase from the floor passed first (rate 90):
    the rate went to 100."""
    s = table()
    s.tax_rate = 90
    s.counters["tax_changed"] = 1
    out = _tally(s, "tax", "1", "4", target="up", votes=[1, 1, 1])
    assert not of(out, ev.TaxRateSet) and s.tax_rate == 90
    assert s.senators["1"].popularity == 0  # no initiator's reward for a change that did not happen


def test_v7_r176_a_concession_destroyed_during_the_vote_stays_destroyed():
    """V.7, Affecter les Concessions: only a concession of the Port; peace from the floor (the Conquest
    of Iberia's Perte) destroyed it, and the grant brought it back."""
    s = table()
    s.concessions = {"silver_mines": "!"}
    assert _tally(s, "concession", "2", target="silver_mines") == []
    assert s.concessions["silver_mines"] == "!"


def test_v7_r176_recall_of_a_governor_whose_province_was_lost():
    """V.7, Rappel des Gouverneurs (as R173): the province left play during the vote; KeyError."""
    s = table()
    assert _tally(s, "recall_governor", "2", target="sardinia_corsica") == []


def test_v7_r176_recall_of_a_governor_for_a_successor_who_took_another_office():
    """The successor must be a senator in Carthage with no office (V.6); a floor proposal made him
    governor elsewhere."""
    s = table()
    for pid, who in (("libya", "5"), ("numidia", "2")):
        evolve(s, ev.ProvinceChanged(province=pid, in_play=True, developed=False, reason="test"))
        evolve(s, ev.GovernorNamed(province=pid, senator=who, term=3))
    assert _tally(s, "recall_governor", "2", target="libya") == []
    assert s.provinces["libya"].governor == "5" and s.provinces["numidia"].governor == "2"


def test_v7_r176_reinforcement_whose_units_left_active_forces():
    """V.7, Augmentation: from Active Forces; another force voted from the floor took the squadrons."""
    s = table()
    s.senators["1"].where = "war"
    s.forces = [Force(id=1, war="first_roman_republic_war", commanders=["1"], turn=1)]
    s.squadrons = {"force:2": 2}
    assert _tally(s, "reinforce", target="1", amount=2) == []
    assert s.squadrons == {"force:2": 2}


def test_v7_r176_recall_whose_replacement_left_carthage():
    """V.7, Rappel des Commandants: the replacement, a Suffète in Carthage (R102), was sent to another
    war from the floor; he commanded two forces at once."""
    s = table()
    s.offices.update(suffete_admiral="4")
    s.senators["1"].where = "war"
    s.senators["4"].where = "war"
    s.forces = [Force(id=1, war="libyan_war", commanders=["1"], turn=0),
                Force(id=2, war="numidian_war", commanders=["4"], turn=1)]
    assert _tally(s, "recall", "4", target="1", amount=1) == []
    assert s.forces[0].commanders == ["1"] and s.forces[1].commanders == ["4"]


def test_v7_r176_recall_of_an_exile_already_recalled():
    """V.7, Rappel d'un Homme d'État en Exil: the same recall passed from the floor; the second sent
    the statesman, now in his faction, to the Port."""
    s = table()
    evolve(s, ev.SenatorEntered(senator="1A", seat=0, reason="test"))  # over family 1, in faction 0
    assert _tally(s, "recall_exile", "1A") == []
    assert s.senators["1A"].seat == 0


def test_v7_r173_r176_a_dead_family_senator_is_not_named_governor():
    """R173 covered a senator gone from play; a family card that dies stays, face down in the Port
    (I, Conséquences de la Mort), and was named governor."""
    s = table()
    evolve(s, ev.ProvinceChanged(province="sardinia_corsica", in_play=True, developed=False, reason="test"))
    evolve(s, ev.SenatorDied(senator="2", cause="test", stays=False))
    assert not of(_tally(s, "governor", "2", target="sardinia_corsica"), ev.GovernorNamed)
    assert s.provinces["sardinia_corsica"].governor == ""


def test_v7_r176_suffete_for_life_who_left_carthage_during_the_vote():
    """V.7, Élection à vie des Suffètes: a senator in Carthage with 21 Influence or more; a floor
    proposal sent him to a war as the Crisis co-commander. He was proclaimed from the field."""
    s = table()
    s.senators["1"].influence = 25
    s.senators["1"].where = "war"
    s.forces = [Force(id=1, war="libyan_war", commanders=["4", "1"], turn=1)]
    assert _tally(s, "suffete_for_life", "1") == []
    assert "suffete_for_life:1" not in s.counters


def test_v7_r176_a_senator_named_under_his_statesman_recalled_from_exile_during_the_vote():
    """V.7, Rappel d'un Homme d'État en Exil: recalled from the floor, 6A is laid over his family card 6
    (R143: the same senator goes on, under the statesman's name), the initiator of the tax increase
    being voted on. The tally looked for senator 6 and failed (KeyError)."""
    from engine.games.republic_of_carthage.state import Senator
    s = table()
    s.senators["6A"] = Senator(id="6A", family=6, seat=0, where="exiled")
    s.flow = [Frame(kind="tally", target="up", strs=["tax", "6", "5"], nums=[0, 3, 0, 0, 1, 1, 1])]
    ctx = Ctx(s, Dice())
    PASSED["recall_exile"](ctx, Frame(kind="tally", strs=["recall_exile", "6A"], nums=[0, 3, 0, 0]), True)
    for e in ctx.finish():
        evolve(s, e.event)
    s.flow = ctx.s.flow
    assert "6" not in s.senators and s.senators["6A"].seat == 1
    before = s.senators["6A"].popularity
    out = _tally(s, "tax", *s.flow[0].strs[1:], target="up")
    assert of(out, ev.TaxRateSet) and s.senators["6A"].popularity == before + 3
