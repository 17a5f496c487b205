"""The game's options (``options.py``), each a line of the rulebook a ruling sets aside: pass
attrition for Hasdrubal's army (§10.6 against his reconstructed ability, G83) and the ship of a
Minor Campaign played for its operations (§8.1 against §11.1, G58, G84). Defaults are the rulings."""

from __future__ import annotations

import pytest

from engine.core import GameConfig
from engine.errors import RuleError
from engine.games.hannibal.components import LINKS
from engine.session import Session

from .helpers import CARTHAGE, ROME, Dice, G, clear, cmd, control, ev, legal, of, play, put, strategy, top
from .test_movement import activate

EVERY_ARMY = "option:pass_attrition_every_army"
OPS_SAIL = "option:minor_campaign_ops_sail"


def test_the_options_are_declared_with_the_rulings_as_defaults():
    opts = G.info.options
    assert opts["pass_attrition"].values == ("hasdrubal_exempt", "every_army")
    assert opts["pass_attrition"].default == "hasdrubal_exempt"
    assert opts["minor_campaign_ship"].values == ("event_only", "ops_too")
    assert opts["minor_campaign_ship"].default == "event_only"
    assert all(o.changes_rules and o.doc for o in opts.values())


def test_the_options_chosen_are_public_markers_of_the_opening_state():
    assert not [m for m in G.initial(GameConfig(2)).markers if m.startswith("option:")]
    s = G.initial(GameConfig(2, {"pass_attrition": "every_army", "minor_campaign_ship": "ops_too"}))
    assert s.markers[EVERY_ARMY] == 1 and s.markers[OPS_SAIL] == 1
    session, _ = Session.start(G, GameConfig(2, {"pass_attrition": "every_army"}), b"options")
    assert session.state.markers == {EVERY_ARMY: 1}
    assert any(m.name == EVERY_ARMY for m in G.view(session.state, ROME).markers)
    with pytest.raises(RuleError):
        Session.start(G, GameConfig(2, {"pass_attrition": "never"}), b"options")


def _hasdrubal_crosses_a_pass(every_army: bool, dice: Dice) -> list:
    s = clear()
    pas = next(ln for ln in LINKS if ln.kind == "pass")
    put(s, CARTHAGE, pas.a, 4, generals=("hasdrubal",))
    control(s, CARTHAGE, pas.a, pas.b)
    if every_army:
        s.markers[EVERY_ARMY] = 1
    activate(s, CARTHAGE, "hasdrubal")
    play(s, CARTHAGE, cmd.ChooseNumber(number=4))
    return play(s, CARTHAGE, cmd.ChooseSpace(space=pas.b), dice)


def test_g83_hasdrubal_s_army_crosses_a_pass_without_an_attrition_roll_by_default():
    """Hannibal §10.6, ruling G83 (default ``pass_attrition=hasdrubal_exempt``): his reconstructed
    ability spares his army the pass-attrition roll."""
    assert not of(_hasdrubal_crosses_a_pass(False, Dice()), ev.DieRolled)


def test_10_6_option_every_army_hasdrubal_s_army_rolls_for_a_pass():
    """Hannibal §10.6 (``pass_attrition=every_army``): every army crossing a pass rolls attrition
    right after it, -2 for a pass that is not alpine; Hasdrubal's too."""
    rolled = of(_hasdrubal_crosses_a_pass(True, Dice(1)), ev.DieRolled)
    assert [(r.purpose, r.modifier) for r in rolled] == [("attrition:pass", -2)]


def _minor_campaign_for_ops(ops_sail: bool, cu: int = 6):
    s = clear()
    control(s, ROME, "neapolis")
    put(s, ROME, "neapolis", cu, generals=("marcellus",), office="proconsul")
    if ops_sail:
        s.markers[OPS_SAIL] = 1
    strategy(s, ROME, [37], [1])
    play(s, ROME, cmd.PlayCard(card=37, use="ops"))
    play(s, ROME, cmd.ChooseGeneral(general="marcellus"))
    s.hands[CARTHAGE] = []  # (no counter-event window on the way)
    return s


def test_g58_a_minor_campaign_for_ops_moves_nobody_by_sea_by_default():
    """Hannibal §11.1, ruling G58 (default ``minor_campaign_ship=event_only``)."""
    s = _minor_campaign_for_ops(False)
    play(s, ROME, cmd.ChooseNumber(number=3))
    assert top(s).kind == "move" and cmd.ChooseOption(option="sail") not in legal(s, ROME)


def test_8_1_option_ops_too_a_minor_campaign_for_ops_sails_with_up_to_5_cu():
    """Hannibal §8.1, §11.4, ruling G84 (``minor_campaign_ship=ops_too``): the ship lets the army the
    2 ops activate sail, with at most 5 CU, as an ops-3 card's army does; with 6 it may not."""
    s = _minor_campaign_for_ops(True)
    play(s, ROME, cmd.ChooseNumber(number=5))
    assert top(s).kind == "move" and cmd.ChooseOption(option="sail") in legal(s, ROME)
    play(s, ROME, cmd.ChooseOption(option="sail"))
    port = sorted(c.space for c in legal(s, ROME) if isinstance(c, cmd.ChooseSpace))[0]
    events = play(s, ROME, cmd.ChooseSpace(space=port))
    assert of(events, ev.UnitsMoved)[-1].how == "sail" and s.gens["marcellus"].where == port
    s = _minor_campaign_for_ops(True)
    play(s, ROME, cmd.ChooseNumber(number=6))
    assert cmd.ChooseOption(option="sail") not in legal(s, ROME)
