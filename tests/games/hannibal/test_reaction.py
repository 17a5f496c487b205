"""The reaction phase of an enemy move (§10.3): walls, interceptions (§12) and avoiding battle with
pursuit (§13), checked against the rulebook's cases (audit of §9-§13)."""

from __future__ import annotations

from .helpers import CARTHAGE, ROME, B, Dice, cmd, control, legal, play, put, top, clear
from .test_movement import activate


def _hannibal_at_beneventum(pc_owner: int):
    """Hannibal (6 CU) at Beneventum, whose PC is ``pc_owner``'s; Varro (6 CU) comes from Luceria."""
    s = clear()
    for sp in ("beneventum", "luceria", "aesernia", "capua", "nola", "venusia"):
        control(s, -1, sp)
    control(s, pc_owner, "beneventum")
    put(s, CARTHAGE, "beneventum", 6, generals=("hannibal",))
    put(s, ROME, "luceria", 6, generals=("varro",), office="consul")
    activate(s, ROME, "varro")
    if top(s).kind == "form_army":
        play(s, ROME, cmd.ChooseNumber(number=6))
    play(s, ROME, cmd.ChooseSpace(space="beneventum"))
    return s


def test_13_2_an_army_may_avoid_battle_from_a_space_holding_an_enemy_pc():
    """Hannibal §13.2 with §19.3: the enemy-PC ban is on where the avoiding army goes, not on the space
    it leaves. Hannibal standing on a Roman PC may still try to avoid Varro."""
    s = _hannibal_at_beneventum(ROME)
    assert top(s).kind == "reaction" and top(s).seat == CARTHAGE
    assert cmd.ChooseOption(option="avoid") in legal(s, CARTHAGE)
    play(s, CARTHAGE, cmd.ChooseOption(option="avoid"))
    play(s, CARTHAGE, cmd.Pass(), Dice(1))  # 1 <= Hannibal's 4: avoided
    assert top(s).kind == "avoid_to"
    dests = {c.space for c in legal(s, CARTHAGE)}
    assert "luceria" not in dests  # where Varro came from (§13.2)
    assert dests == {"aesernia", "capua", "nola", "venusia"}


def test_13_2_an_avoiding_army_never_goes_into_an_enemy_pc():
    """Hannibal §13.2: the destinations exclude spaces with an enemy PC."""
    s = _hannibal_at_beneventum(-1)
    control(s, ROME, "venusia", "capua")
    play(s, CARTHAGE, cmd.ChooseOption(option="avoid"))
    play(s, CARTHAGE, cmd.Pass(), Dice(1))
    assert {c.space for c in legal(s, CARTHAGE)} == {"aesernia", "nola"}
