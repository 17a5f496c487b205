"""The reaction phase of an enemy move (§10.3): walls, interceptions (§12) and avoiding battle with
pursuit (§13), checked against the rulebook's cases (audit of §9-§13)."""

from __future__ import annotations

from .helpers import CARTHAGE, ROME, B, Dice, Frame, cmd, control, legal, of, play, put, top, clear
from engine.games.hannibal import events as ev
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
    play(s, CARTHAGE, cmd.ChooseNumber(number=6))  # every CU avoids (§13.2: at most 10)
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
    play(s, CARTHAGE, cmd.ChooseNumber(number=6))  # every CU avoids (§13.2: at most 10)
    play(s, CARTHAGE, cmd.Pass(), Dice(1))
    assert {c.space for c in legal(s, CARTHAGE)} == {"aesernia", "nola"}


def test_12_10_an_army_that_missed_an_interception_may_try_again_at_the_next_space():
    """Hannibal §12.2 and §12.10: an army may try to intercept every time the enemy enters a space next
    to it; a missed interception only bars avoiding battle against that army. Marcellus at Nola misses
    Hannibal entering Beneventum, and may try again when Hannibal goes on to Capua."""
    s = clear()
    for sp in ("aesernia", "beneventum", "capua", "nola"):
        control(s, -1, sp)
    put(s, ROME, "nola", 4, generals=("marcellus",), office="proconsul")
    put(s, CARTHAGE, "aesernia", 6, generals=("hannibal",))
    activate(s, CARTHAGE, "hannibal")
    play(s, CARTHAGE, cmd.ChooseNumber(number=6))
    play(s, CARTHAGE, cmd.ChooseSpace(space="beneventum"))
    assert top(s).kind == "reaction"
    play(s, ROME, cmd.ChooseGeneral(general="marcellus"))
    play(s, ROME, cmd.ChooseNumber(number=4))
    play(s, ROME, cmd.Pass(), Dice(6))  # missed
    assert top(s).kind == "move" and s.gens["marcellus"].where == "nola"
    play(s, CARTHAGE, cmd.ChooseSpace(space="capua"))
    assert top(s).kind == "reaction" and top(s).seat == ROME
    assert cmd.ChooseGeneral(general="marcellus") in legal(s, ROME)
    play(s, ROME, cmd.Pass())
    # ... but he may not avoid Hannibal if Hannibal now marches on him (§12.10)
    play(s, CARTHAGE, cmd.ChooseSpace(space="nola"))
    assert top(s).kind != "reaction" or cmd.ChooseOption(option="avoid") not in legal(s, ROME)


def test_13_5_an_army_brought_out_of_its_city_may_then_avoid_battle():
    """Hannibal §10.3, §10.7 and §13.5: Marcellus and 2 CU inside Roman Capua (not besieged), Mago's 3 CU
    outside; when Hannibal enters the space, Rome declares them outside the walls and may then try to
    avoid battle. (Units stand inside a city only while enemy CU share the space: state._tidy.)"""
    s = clear()
    for sp in ("nola", "roma", "aesernia", "neapolis", "beneventum"):
        control(s, -1, sp)
    control(s, ROME, "capua")
    put(s, ROME, "capua", 0, inside=2, generals=("marcellus",), office="proconsul")
    s.gens["marcellus"].inside = True
    put(s, CARTHAGE, "capua", 3, generals=("mago",))
    put(s, CARTHAGE, "nola", 6, generals=("hannibal",))
    activate(s, CARTHAGE, "hannibal")
    play(s, CARTHAGE, cmd.ChooseNumber(number=6))
    play(s, CARTHAGE, cmd.ChooseSpace(space="capua"))
    assert top(s).kind == "city_declare"
    play(s, ROME, cmd.ChooseNumber(number=0))  # all outside, Marcellus with them
    assert not s.gens["marcellus"].inside and B.cu_outside(s, ROME, "capua") == 2
    assert top(s).kind == "reaction" and cmd.ChooseOption(option="avoid") in legal(s, ROME)
    play(s, ROME, cmd.ChooseOption(option="avoid"))
    play(s, ROME, cmd.ChooseNumber(number=2))  # every CU avoids (§13.2: at most 10)
    play(s, ROME, cmd.Pass(), Dice(1))
    assert top(s).kind == "avoid_to"


def _varro_after_hannibal_avoided():
    s = _hannibal_at_beneventum(-1)
    play(s, CARTHAGE, cmd.ChooseOption(option="avoid"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=6))  # every CU avoids (§13.2: at most 10)
    play(s, CARTHAGE, cmd.Pass(), Dice(1))
    play(s, CARTHAGE, cmd.ChooseSpace(space="venusia"))
    assert s.gens["hannibal"].where == "venusia" and top(s).kind == "move" and top(s).mp == 3
    return s


def test_13_4_pursuit_is_a_roll_to_move_on_that_the_army_may_forgo():
    """Hannibal §13.4: once the enemy avoided, the army rolls its battle rating to move on (after it or
    elsewhere); it may instead stop where it is without rolling."""
    s = _varro_after_hannibal_avoided()
    options = legal(s, ROME)
    assert cmd.ChooseOption(option="pursue") in options and cmd.Pass() in options
    assert not [c for c in options if isinstance(c, (cmd.ChooseSpace,))]  # no move before the roll
    play(s, ROME, cmd.Pass())  # stops: no die rolled (play() fails on an unscripted roll)
    assert not any(f.kind == "move" for f in s.flow)


def test_13_4_a_pursuit_roll_within_the_rating_lets_the_army_follow_and_the_enemy_avoid_again():
    """Hannibal §13.4: Varro (battle 1) rolls a 1, follows Hannibal to Venusia, and Hannibal may avoid
    again, but not back into Beneventum, where Varro came from (§13.2)."""
    s = _varro_after_hannibal_avoided()
    play(s, ROME, cmd.ChooseOption(option="pursue"), Dice(1))
    assert cmd.ChooseSpace(space="venusia") in legal(s, ROME)
    play(s, ROME, cmd.ChooseSpace(space="venusia"))
    assert top(s).kind == "reaction" and cmd.ChooseOption(option="avoid") in legal(s, CARTHAGE)
    play(s, CARTHAGE, cmd.ChooseOption(option="avoid"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=6))  # every CU avoids (§13.2: at most 10)
    play(s, CARTHAGE, cmd.Pass(), Dice(1))
    assert "beneventum" not in {c.space for c in legal(s, CARTHAGE)}


def test_13_4_a_failed_pursuit_stops_the_army():
    """Hannibal §13.4: a roll above the rating: the army stops where it is."""
    s = _varro_after_hannibal_avoided()
    play(s, ROME, cmd.ChooseOption(option="pursue"), Dice(2))
    assert not any(f.kind == "move" for f in s.flow)
    assert s.gens["varro"].where == "beneventum"


def test_13_4_no_pursuit_once_the_army_has_spent_its_movement():
    """Hannibal §13.4: an army that entered with its last MP stops; nothing is rolled."""
    s = clear()
    for sp in ("beneventum", "luceria", "aesernia", "capua", "nola", "venusia"):
        control(s, -1, sp)
    put(s, CARTHAGE, "beneventum", 6, generals=("hannibal",))
    put(s, ROME, "luceria", 6, generals=("varro",), office="consul")
    activate(s, ROME, "varro", mp=1)
    play(s, ROME, cmd.ChooseNumber(number=6))
    play(s, ROME, cmd.ChooseSpace(space="beneventum"))
    play(s, CARTHAGE, cmd.ChooseOption(option="avoid"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=6))  # every CU avoids (§13.2: at most 10)
    play(s, CARTHAGE, cmd.Pass(), Dice(1))
    play(s, CARTHAGE, cmd.ChooseSpace(space="venusia"))  # no pursuit roll scripted: none is made
    assert not any(f.kind == "move" for f in s.flow)


def _rome_enters_beneventum(carthage_generals, cu, elephants=0):
    s = clear()
    for sp in ("beneventum", "luceria", "nola", "aesernia"):
        control(s, -1, sp)
    put(s, CARTHAGE, "nola", cu, elephants=elephants, generals=carthage_generals)
    put(s, ROME, "luceria", 6, generals=("marcellus",), office="proconsul")
    activate(s, ROME, "marcellus")
    play(s, ROME, cmd.ChooseNumber(number=6))
    play(s, ROME, cmd.ChooseSpace(space="beneventum"))
    assert top(s).kind == "reaction" and top(s).seat == CARTHAGE
    return s


def test_12_7_a_commander_intercepting_takes_his_subordinates_along_if_he_wants():
    """Hannibal §9.2, §12.7: interception is a move, and a commander's subordinates go with him as he
    chooses. Hannibal intercepts with all 6 CU and Mago: Mago is not left alone at Nola."""
    s = _rome_enters_beneventum(("hannibal", "mago"), 6)
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hannibal"))
    assert top(s).kind == "intercept_cu"
    assert set(legal(s, CARTHAGE)) == {cmd.ChooseGeneral(general="mago"), cmd.Pass()}
    play(s, CARTHAGE, cmd.ChooseGeneral(general="mago"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=6))
    play(s, CARTHAGE, cmd.Pass(), Dice(1))
    assert s.gens["hannibal"].where == "beneventum" and s.gens["mago"].where == "beneventum"
    assert B.cu_total(s, CARTHAGE, "beneventum") == 6


def test_12_7_a_subordinate_intercepting_leaves_his_commander_with_a_cu():
    """Hannibal §12.7: Mago intercepts; Hannibal stays with at least one CU, and Mago takes nobody."""
    s = _rome_enters_beneventum(("hannibal", "mago"), 6)
    play(s, CARTHAGE, cmd.ChooseGeneral(general="mago"))
    assert {c.number for c in legal(s, CARTHAGE)} == {1, 2, 3, 4, 5}
    play(s, CARTHAGE, cmd.ChooseNumber(number=5))
    play(s, CARTHAGE, cmd.Pass(), Dice(1))
    assert s.gens["mago"].where == "beneventum" and s.gens["hannibal"].where == "nola"
    assert B.cu_total(s, CARTHAGE, "nola") == 1


def test_12_7_the_intercepting_force_may_take_elephants():
    """Hannibal §12.7, §17: the player designates the CU that intercept, elephant CU among them."""
    s = _rome_enters_beneventum(("hannibal",), 6, elephants=2)
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hannibal"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=4))
    assert {c.number for c in legal(s, CARTHAGE)} == {0, 1, 2}
    play(s, CARTHAGE, cmd.ChooseNumber(number=2))
    play(s, CARTHAGE, cmd.Pass(), Dice(1))
    assert B.cu_of(s, CARTHAGE, "beneventum").el == 2 and B.cu_of(s, CARTHAGE, "nola").el == 0


def test_18_1_a_consul_intercepting_from_fewer_than_10_cu_takes_the_other_consul():
    """Hannibal §12.7 with §18.1: two consuls with 8 CU; the commanding consul intercepts with all 8
    and must take the other consul along (he may not be left without 5 CU): he goes without a question
    (G56); the other consul may not intercept alone (the commander would keep fewer than 5)."""
    s = clear()
    for sp in ("beneventum", "luceria", "nola", "aesernia"):
        control(s, -1, sp)
    put(s, ROME, "nola", 8, generals=("varro", "paullus"), office="consul")
    put(s, CARTHAGE, "luceria", 6, generals=("hannibal",))
    activate(s, CARTHAGE, "hannibal")
    play(s, CARTHAGE, cmd.ChooseNumber(number=6))
    play(s, CARTHAGE, cmd.ChooseSpace(space="beneventum"))
    cmdr = B.commander(s, ROME, "nola")
    other = "paullus" if cmdr == "varro" else "varro"
    assert cmd.ChooseGeneral(general=other) not in legal(s, ROME)
    play(s, ROME, cmd.ChooseGeneral(general=cmdr))
    assert top(s).kind == "intercept_cu" and top(s).generals == [other]
    assert legal(s, ROME) == [cmd.ChooseNumber(number=n) for n in range(5, 9)]
    play(s, ROME, cmd.ChooseNumber(number=8))
    assert top(s).kind == "reaction" and f"with:{cmdr}:{other}" in top(s).flags


def _both_intercept(mago_alone: bool):
    s = clear()
    for sp in ("beneventum", "luceria", "nola", "venusia", "aesernia", "capua"):
        control(s, -1, sp)
    if not mago_alone:
        put(s, CARTHAGE, "nola", 6, generals=("hannibal",))
    put(s, CARTHAGE, "venusia", 3, generals=("mago",))
    put(s, ROME, "luceria", 6, generals=("marcellus",), office="proconsul")
    activate(s, ROME, "marcellus")
    play(s, ROME, cmd.ChooseNumber(number=6))
    play(s, ROME, cmd.ChooseSpace(space="beneventum"))
    rolls = [1]
    if not mago_alone:
        play(s, CARTHAGE, cmd.ChooseGeneral(general="hannibal"))
        play(s, CARTHAGE, cmd.ChooseNumber(number=6))
        rolls.append(1)
    play(s, CARTHAGE, cmd.ChooseGeneral(general="mago"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=3))
    play(s, CARTHAGE, cmd.Pass(), Dice(*rolls))
    assert top(s).kind == "intercepted"
    events = play(s, ROME, cmd.ChooseOption(option="battle"))
    from engine.games.hannibal import events as ev
    from engine.games.hannibal.battle import battle_card_count
    dealt = {e.seat: len(e.cards) for e in events if isinstance(e, ev.BattleCardsDealt)}
    return dealt[CARTHAGE] - battle_card_count(s, CARTHAGE, "beneventum", 0, [])


def test_9_2_a_subordinates_ability_does_not_count_after_interceptions_combine():
    """Hannibal §9.2, §12.4, §12.6: Mago's ability (an extra card when his army intercepts) counts when
    he commands the interception; when Hannibal and Mago both intercept, the armies combine under
    Hannibal, Mago is a subordinate, and only the one card of §12.4 is added."""
    assert _both_intercept(mago_alone=True) == 2
    assert _both_intercept(mago_alone=False) == 1


def test_13_4_overrunning_the_cu_left_behind_by_an_avoiding_army_still_needs_a_pursuit_roll():
    """Hannibal §13.2, §10.5, §13.4: Hannibal with 11 CU avoids with 10 and leaves one; Varro's 6 CU
    overrun it, and must still roll to move on after Hannibal."""
    s = clear()
    for sp in ("beneventum", "luceria", "aesernia", "capua", "nola", "venusia"):
        control(s, -1, sp)
    put(s, CARTHAGE, "beneventum", 11, generals=("hannibal",))
    put(s, ROME, "luceria", 6, generals=("varro",), office="consul")
    activate(s, ROME, "varro")
    play(s, ROME, cmd.ChooseNumber(number=6))
    play(s, ROME, cmd.ChooseSpace(space="beneventum"))
    play(s, CARTHAGE, cmd.ChooseOption(option="avoid"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=10))  # 10 of the 11 avoid, the most §13.2 allows
    play(s, CARTHAGE, cmd.Pass(), Dice(1))
    play(s, CARTHAGE, cmd.ChooseSpace(space="venusia"))
    assert B.cu_total(s, CARTHAGE, "beneventum") == 0 and B.cu_total(s, CARTHAGE, "venusia") == 10
    assert top(s).kind == "move" and cmd.ChooseOption(option="pursue") in legal(s, ROME)
    assert not [c for c in legal(s, ROME) if isinstance(c, cmd.ChooseSpace)]


# -- who avoids battle (§13.1-§13.3, ruling G6 rewritten, G53-G54) -----------------------------------
def _varro_enters(carthage_generals, cu, elephants=0):
    """Carthaginian ``carthage_generals`` (the first commands) with ``cu`` CU at Beneventum; Varro
    (6 CU) comes from Luceria. The reaction is Carthage's."""
    s = clear()
    for sp in ("beneventum", "luceria", "aesernia", "capua", "nola", "venusia"):
        control(s, -1, sp)
    put(s, CARTHAGE, "beneventum", cu, elephants=elephants, generals=carthage_generals)
    put(s, ROME, "luceria", 6, generals=("varro",), office="consul")
    activate(s, ROME, "varro")
    play(s, ROME, cmd.ChooseNumber(number=6))
    play(s, ROME, cmd.ChooseSpace(space="beneventum"))
    assert top(s).kind == "reaction" and top(s).seat == CARTHAGE
    return s


def test_13_3_the_player_names_the_general_who_avoids_battle():
    """Hannibal §13.1, §13.3: the commander or a subordinate may try to avoid battle; the player names
    which one (the commander first)."""
    s = _varro_enters(("hannibal", "mago"), 6)
    play(s, CARTHAGE, cmd.ChooseOption(option="avoid"))
    assert top(s).kind == "avoid_with"
    assert legal(s, CARTHAGE) == [cmd.ChooseGeneral(general="hannibal"), cmd.ChooseGeneral(general="mago")]


def test_13_3_a_subordinate_avoids_alone_and_the_commander_keeps_a_cu_and_fights():
    """Hannibal §13.3: Mago avoids without Hannibal, who stays with at least one CU; Mago takes at most
    5 of the 6 CU and nobody else; Hannibal and the CU left fight Varro."""
    s = _varro_enters(("hannibal", "mago"), 6)
    play(s, CARTHAGE, cmd.ChooseOption(option="avoid"))
    play(s, CARTHAGE, cmd.ChooseGeneral(general="mago"))
    # Hannibal, the commander, is never offered as a companion: straight to the CU
    assert {c.number for c in legal(s, CARTHAGE)} == {0, 1, 2, 3, 4, 5}
    play(s, CARTHAGE, cmd.ChooseNumber(number=4))
    play(s, CARTHAGE, cmd.Pass(), Dice(2))  # 2 <= Mago's 2
    play(s, CARTHAGE, cmd.ChooseSpace(space="venusia"))
    assert s.gens["mago"].where == "venusia" and B.cu_total(s, CARTHAGE, "venusia") == 4
    assert s.gens["hannibal"].where == "beneventum" and B.cu_total(s, CARTHAGE, "beneventum") == 2
    assert s.battle is not None and s.battle.space == "beneventum"


def test_13_3_a_subordinate_who_avoids_rolls_his_own_rating():
    """Hannibal §13.1, §13.3 (G53): the general who leads the avoidance rolls his battle rating: a 3
    fails for Mago (2), though it would succeed for Hannibal (4)."""
    s = _varro_enters(("hannibal", "mago"), 6)
    play(s, CARTHAGE, cmd.ChooseOption(option="avoid"))
    play(s, CARTHAGE, cmd.ChooseGeneral(general="mago"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=3))
    events = play(s, CARTHAGE, cmd.Pass(), Dice(3))
    roll = next(e for e in of(events, ev.DieRolled) if e.purpose == "avoid")
    assert roll.outcome == "failure" and top(s).kind != "avoid_to"
    assert s.gens["mago"].where == "beneventum"


def test_13_2_the_commander_may_leave_subordinates_and_cu_behind():
    """Hannibal §13.2: an army that avoids may leave generals and CU behind. Hannibal avoids with 4 of
    his 6 CU and leaves Mago with the other 2, who fight Varro."""
    s = _varro_enters(("hannibal", "mago"), 6)
    play(s, CARTHAGE, cmd.ChooseOption(option="avoid"))
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hannibal"))
    assert set(legal(s, CARTHAGE)) == {cmd.ChooseGeneral(general="mago"), cmd.Pass()}
    play(s, CARTHAGE, cmd.Pass())
    assert {c.number for c in legal(s, CARTHAGE)} == set(range(0, 7))
    play(s, CARTHAGE, cmd.ChooseNumber(number=4))
    play(s, CARTHAGE, cmd.Pass(), Dice(1))
    play(s, CARTHAGE, cmd.ChooseSpace(space="venusia"))
    assert s.gens["hannibal"].where == "venusia" and B.cu_total(s, CARTHAGE, "venusia") == 4
    assert s.gens["mago"].where == "beneventum" and s.battle is not None


def test_13_2_an_army_over_10_cu_chooses_who_stays_and_may_take_its_elephants():
    """Hannibal §13.2, §17 (G54): Hannibal, Mago and 12 CU (2 elephants). At most 10 CU avoid; Hannibal
    takes Mago, 10 CU and both elephants, leaving 2 plain CU behind."""
    s = _varro_enters(("hannibal", "mago"), 12, elephants=2)
    play(s, CARTHAGE, cmd.ChooseOption(option="avoid"))
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hannibal"))
    play(s, CARTHAGE, cmd.ChooseGeneral(general="mago"))
    assert {c.number for c in legal(s, CARTHAGE)} == set(range(0, 11))
    play(s, CARTHAGE, cmd.ChooseNumber(number=10))
    assert {c.number for c in legal(s, CARTHAGE)} == {0, 1, 2}
    play(s, CARTHAGE, cmd.ChooseNumber(number=2))
    play(s, CARTHAGE, cmd.Pass(), Dice(1))
    play(s, CARTHAGE, cmd.ChooseSpace(space="venusia"))
    assert B.cu_of(s, CARTHAGE, "venusia").el == 2 and B.cu_total(s, CARTHAGE, "venusia") == 10
    assert s.gens["mago"].where == "venusia"
    assert B.cu_of(s, CARTHAGE, "beneventum").el == 0 and B.cu_total(s, CARTHAGE, "beneventum") == 2


def test_13_2_no_elephant_question_when_the_number_leaves_no_choice():
    """Hannibal §13.2 (G54): with 10 CU, 2 of them elephants, all avoiding, the elephants go along
    without a question; the only question is the number of CU."""
    s = _varro_enters(("hannibal",), 10, elephants=2)
    play(s, CARTHAGE, cmd.ChooseOption(option="avoid"))
    assert top(s).kind == "avoid_with"  # a single general: no leader, no companion question
    play(s, CARTHAGE, cmd.ChooseNumber(number=10))
    assert top(s).kind == "reaction"
    play(s, CARTHAGE, cmd.Pass(), Dice(1))
    play(s, CARTHAGE, cmd.ChooseSpace(space="venusia"))
    assert B.cu_of(s, CARTHAGE, "venusia").el == 2 and B.cu_total(s, CARTHAGE, "beneventum") == 0


def _consuls_at_nola(cu, offices=("consul", "consul")):
    s = clear()
    for sp in ("beneventum", "luceria", "nola", "capua", "neapolis", "venusia"):
        control(s, -1, sp)
    put(s, ROME, "nola", cu, generals=("varro", "paullus"))
    s.gens["varro"].office, s.gens["paullus"].office = offices
    put(s, CARTHAGE, "beneventum", 6, generals=("hannibal",))
    activate(s, CARTHAGE, "hannibal")
    play(s, CARTHAGE, cmd.ChooseNumber(number=6))
    play(s, CARTHAGE, cmd.ChooseSpace(space="nola"))
    if top(s).kind == "city_declare":
        play(s, ROME, cmd.ChooseNumber(number=0))
    assert top(s).kind == "reaction" and top(s).seat == ROME
    return s


def test_18_1_a_consul_avoiding_from_fewer_than_10_cu_takes_the_other_consul_unasked():
    """Hannibal §13.2 with §18.1: both consuls and 8 CU. The subordinate consul may not avoid alone
    (the commander would keep fewer than 5 CU and be left from fewer than 10); the commander takes
    the other consul without a question, and at least 5 CU."""
    s = _consuls_at_nola(8)
    play(s, ROME, cmd.ChooseOption(option="avoid"))
    assert top(s).kind == "avoid_with"
    assert {c.number for c in legal(s, ROME)} == {5, 6, 7, 8}
    cmdr = B.commander(s, ROME, "nola")
    assert top(s).general == cmdr and len(top(s).generals) == 1


def test_18_1_a_proconsul_avoiding_leaves_the_consul_5_cu():
    """Hannibal §13.3 with §18.1: Marcellus, proconsul under the consul Varro, avoids: Varro keeps 5 of
    the 7 CU, so Marcellus takes at most 2."""
    s = clear()
    for sp in ("beneventum", "luceria", "nola", "capua", "neapolis", "venusia"):
        control(s, -1, sp)
    put(s, ROME, "nola", 7, generals=("varro", "marcellus"))
    s.gens["varro"].office, s.gens["marcellus"].office = "consul", "proconsul"
    put(s, CARTHAGE, "beneventum", 6, generals=("hannibal",))
    activate(s, CARTHAGE, "hannibal")
    play(s, CARTHAGE, cmd.ChooseNumber(number=6))
    play(s, CARTHAGE, cmd.ChooseSpace(space="nola"))
    if top(s).kind == "city_declare":
        play(s, ROME, cmd.ChooseNumber(number=0))
    play(s, ROME, cmd.ChooseOption(option="avoid"))
    play(s, ROME, cmd.ChooseGeneral(general="marcellus"))
    assert {c.number for c in legal(s, ROME)} == {0, 1, 2}


def test_13_3_generals_without_cu_avoid_only_with_their_commander():
    """Hannibal §13.1, §13.3: generals without CU may avoid battle, but a subordinate cannot avoid
    alone (his commander must keep a CU): only the commander leads, and he may leave the other."""
    s = _varro_enters(("mago", "hasdrubal"), 0)
    cmdr = B.commander(s, CARTHAGE, "beneventum")
    other = "hasdrubal" if cmdr == "mago" else "mago"
    play(s, CARTHAGE, cmd.ChooseOption(option="avoid"))
    assert top(s).kind == "avoid_with" and top(s).general == cmdr
    assert set(legal(s, CARTHAGE)) == {cmd.ChooseGeneral(general=other), cmd.Pass()}


def test_12_10_generals_who_missed_an_interception_may_not_avoid_that_army():
    """Hannibal §12.10, §13.2 (G53): Mago misses an interception of Marcellus from Nola, taking Gisgo
    and 3 CU along; when Marcellus marches on Nola, Hannibal may avoid, but neither Mago nor Gisgo
    nor those 3 CU with him."""
    s = clear()
    for sp in ("beneventum", "luceria", "nola", "capua", "neapolis", "venusia", "aesernia"):
        control(s, -1, sp)
    put(s, CARTHAGE, "nola", 8, generals=("hannibal", "mago", "hasdrubal_gisgo"))
    put(s, ROME, "luceria", 6, generals=("marcellus",), office="proconsul")
    activate(s, ROME, "marcellus")
    play(s, ROME, cmd.ChooseNumber(number=6))
    play(s, ROME, cmd.ChooseSpace(space="beneventum"))
    play(s, CARTHAGE, cmd.ChooseGeneral(general="mago"))
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hasdrubal_gisgo"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=3))
    play(s, CARTHAGE, cmd.Pass(), Dice(6))  # missed
    play(s, ROME, cmd.ChooseSpace(space="nola"))
    if top(s).kind == "city_declare":
        play(s, CARTHAGE, cmd.ChooseNumber(number=0))
    play(s, CARTHAGE, cmd.ChooseOption(option="avoid"))
    f = top(s)
    assert f.kind == "avoid_with" and f.general == "hannibal"  # the only leader, not asked
    assert not any(isinstance(c, cmd.ChooseGeneral) for c in legal(s, CARTHAGE))  # no companion
    # nor the 3 CU that missed: 5 of the 8 at most
    assert {c.number for c in legal(s, CARTHAGE)} == set(range(0, 6))


# -- who commands combined interceptions (§9.3, §12.6, G55) -------------------------------------------
def _two_intercept(first, second):
    s = clear()
    for sp in ("beneventum", "luceria", "nola", "venusia", "aesernia", "capua"):
        control(s, -1, sp)
    put(s, CARTHAGE, "nola", 4, generals=(first,))
    put(s, CARTHAGE, "venusia", 3, generals=(second,))
    put(s, ROME, "luceria", 6, generals=("marcellus",), office="proconsul")
    s.stamp = 100  # later than the stamps put() gives
    activate(s, ROME, "marcellus")
    play(s, ROME, cmd.ChooseNumber(number=6))
    play(s, ROME, cmd.ChooseSpace(space="beneventum"))
    play(s, CARTHAGE, cmd.ChooseGeneral(general=first))
    play(s, CARTHAGE, cmd.ChooseNumber(number=4))
    play(s, CARTHAGE, cmd.ChooseGeneral(general=second))
    play(s, CARTHAGE, cmd.ChooseNumber(number=3))
    play(s, CARTHAGE, cmd.Pass(), Dice(1, 1))
    return s


def test_9_3_the_player_names_the_commander_of_equal_ranked_interceptors():
    """Hannibal §9.3, §12.6 (G55): Mago and Hasdrubal, of equal rank, both intercept into Beneventum:
    Carthage names the commander of the combined army before Rome chooses battle or step back."""
    s = _two_intercept("hasdrubal", "mago")
    assert top(s).kind == "intercept_command" and top(s).seat == CARTHAGE
    assert set(legal(s, CARTHAGE)) == {cmd.ChooseGeneral(general="hasdrubal"), cmd.ChooseGeneral(general="mago")}
    play(s, CARTHAGE, cmd.ChooseGeneral(general="mago"))
    assert B.commander(s, CARTHAGE, "beneventum") == "mago"
    assert top(s).kind == "intercepted" and top(s).seat == ROME


def test_9_3_hannibal_commands_combined_interceptors_without_a_question():
    """Hannibal §9.3: Hannibal outranks every Carthaginian general, so he commands at once."""
    s = _two_intercept("hannibal", "mago")
    assert top(s).kind == "intercepted"
    assert B.commander(s, CARTHAGE, "beneventum") == "hannibal"


def test_18_2_rome_names_the_commander_when_both_consuls_intercept_from_two_stacks():
    """Hannibal §9.3, §12.6, §18.2 (G55): Varro and Paullus intercept from two stacks; the combined army
    holds both consuls, and Rome names which commands."""
    s = clear()
    for sp in ("beneventum", "luceria", "nola", "venusia", "aesernia", "capua"):
        control(s, -1, sp)
    put(s, ROME, "nola", 5, generals=("varro",), office="consul")
    put(s, ROME, "venusia", 5, generals=("paullus",), office="consul")
    put(s, CARTHAGE, "luceria", 6, generals=("hannibal",))
    s.stamp = 100
    activate(s, CARTHAGE, "hannibal")
    play(s, CARTHAGE, cmd.ChooseNumber(number=6))
    play(s, CARTHAGE, cmd.ChooseSpace(space="beneventum"))
    play(s, ROME, cmd.ChooseGeneral(general="varro"))
    play(s, ROME, cmd.ChooseGeneral(general="paullus"))
    play(s, ROME, cmd.Pass(), Dice(1, 1))
    assert top(s).kind == "intercept_command" and top(s).seat == ROME
    play(s, ROME, cmd.ChooseGeneral(general="paullus"))
    assert B.commander(s, ROME, "beneventum") == "paullus"
    assert top(s).kind == "intercepted" and top(s).seat == CARTHAGE


# ------------------------------------------------------- §9.3, §13.2: the stack left behind (G57)
def test_9_3_13_2_the_owner_names_the_commander_left_behind_among_equals():
    """Hannibal §9.3, §13.2 (G57): Hannibal avoids with 4 CU and leaves Mago and Hasdrubal Gisgo (equal
    rank) with 2 CU to meet Varro: Carthage names which of them commands the force left behind before
    the battle; here Gisgo, whom the order of command (Mago took it last) would not have given."""
    s = _varro_enters(("hannibal", "mago", "hasdrubal_gisgo"), 6)
    s.stamp = 100  # later than the stamps put() gives
    play(s, CARTHAGE, cmd.ChooseOption(option="avoid"))
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hannibal"))
    play(s, CARTHAGE, cmd.Pass())
    play(s, CARTHAGE, cmd.ChooseNumber(number=4))
    play(s, CARTHAGE, cmd.Pass(), Dice(1))
    play(s, CARTHAGE, cmd.ChooseSpace(space="venusia"))
    assert top(s).kind == "avoid_command" and top(s).seat == CARTHAGE
    assert B.commander(s, CARTHAGE, "beneventum") == "mago"  # the default, until Carthage answers
    assert legal(s, CARTHAGE) == [cmd.ChooseGeneral(general="hasdrubal_gisgo"), cmd.ChooseGeneral(general="mago")]
    assert s.battle is None  # asked before the battle is set
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hasdrubal_gisgo"))
    assert B.commander(s, CARTHAGE, "beneventum") == "hasdrubal_gisgo"
    assert s.battle is not None and s.battle.commanders[CARTHAGE] == "hasdrubal_gisgo"


def test_9_3_13_2_no_question_when_the_force_left_behind_has_no_choice():
    """Hannibal §9.3, §13.2, §13.3 (G57): nothing is asked when one general is left (Mago), when the
    commander stays behind (Mago leads the avoidance: Hannibal still commands), or when the generals
    are left without CU (they are neutralized, §10.10)."""
    s = _varro_enters(("hannibal", "mago"), 6)
    play(s, CARTHAGE, cmd.ChooseOption(option="avoid"))
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hannibal"))
    play(s, CARTHAGE, cmd.Pass())
    play(s, CARTHAGE, cmd.ChooseNumber(number=4))
    play(s, CARTHAGE, cmd.Pass(), Dice(1))
    play(s, CARTHAGE, cmd.ChooseSpace(space="venusia"))
    assert top(s).kind != "avoid_command" and s.battle is not None

    s = _varro_enters(("hannibal", "mago", "hasdrubal_gisgo"), 6)
    play(s, CARTHAGE, cmd.ChooseOption(option="avoid"))
    play(s, CARTHAGE, cmd.ChooseGeneral(general="mago"))
    play(s, CARTHAGE, cmd.Pass())
    play(s, CARTHAGE, cmd.ChooseNumber(number=3))
    play(s, CARTHAGE, cmd.Pass(), Dice(1))
    play(s, CARTHAGE, cmd.ChooseSpace(space="venusia"))
    assert top(s).kind != "avoid_command" and s.battle.commanders[CARTHAGE] == "hannibal"

    s = _varro_enters(("hannibal", "mago", "hasdrubal_gisgo"), 6)
    play(s, CARTHAGE, cmd.ChooseOption(option="avoid"))
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hannibal"))
    play(s, CARTHAGE, cmd.Pass())
    play(s, CARTHAGE, cmd.ChooseNumber(number=6))
    play(s, CARTHAGE, cmd.Pass(), Dice(1))
    play(s, CARTHAGE, cmd.ChooseSpace(space="venusia"))
    assert top(s).kind != "avoid_command"
    assert s.gens["mago"].status != "map" and s.gens["hasdrubal_gisgo"].status != "map"


def test_9_3_13_2_notation_of_the_command_left_behind():
    """The new decision (G57) reads in words in move lists."""
    from engine.games.hannibal.notation import describe_command
    s = _varro_enters(("hannibal", "mago", "hasdrubal_gisgo"), 6)
    s.flow.append(Frame(kind="avoid_command", seat=CARTHAGE, space="beneventum", generals=["mago", "hasdrubal_gisgo"]))
    assert describe_command(s, CARTHAGE, cmd.ChooseGeneral(general="mago")) == \
        "Carthage gives Mago command of the force left behind by the avoidance"


def test_10_10_an_army_avoiding_battle_neutralizes_an_enemy_general_standing_alone_where_it_goes():
    """Hannibal §10.10 with §13.1-§13.2 (ruling G71): a general is neutralized when an enemy army
    enters his space while he has no CU with him; an army that avoids battle is such an army (§13.2
    bars only enemy CU and PCs from its destinations). Hannibal's 6 CU avoid Varro into Capua, where
    Marcellus stands without CU: Marcellus leaves the map."""
    s = _hannibal_at_beneventum(-1)
    put(s, ROME, "capua", 0, generals=("marcellus",), office="proconsul")
    play(s, CARTHAGE, cmd.ChooseOption(option="avoid"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=6))
    play(s, CARTHAGE, cmd.Pass(), Dice(1))  # 1 <= Hannibal's 4: avoided
    assert cmd.ChooseSpace(space="capua") in legal(s, CARTHAGE)
    events = play(s, CARTHAGE, cmd.ChooseSpace(space="capua"))
    assert s.gens["hannibal"].where == "capua" and B.cu_outside(s, CARTHAGE, "capua") == 6
    assert s.gens["marcellus"].status != "map"
    assert any(isinstance(e, ev.GeneralOff) and e.general == "marcellus" for e in events)


def test_10_4_generals_avoiding_without_cu_never_go_where_an_enemy_general_stands_alone():
    """Hannibal §10.4 with §13.1 (ruling G71): generals without CU avoiding battle move like generals
    without an army, who may not stop where an enemy general stands alone; the avoidance ends where
    it arrives, so such a space is no destination for them. Mago and Hasdrubal (no CU) avoid Varro:
    Capua, where Marcellus stands alone, is not offered; with Marcellus gone it is."""
    s = _varro_enters(("mago", "hasdrubal"), 0)
    put(s, ROME, "capua", 0, generals=("marcellus",), office="proconsul")
    play(s, CARTHAGE, cmd.ChooseOption(option="avoid"))
    while top(s).kind == "avoid_with":
        play(s, CARTHAGE, cmd.Pass())
    play(s, CARTHAGE, cmd.Pass(), Dice(1))  # within the rating: avoided
    assert top(s).kind == "avoid_to"
    dests = {c.space for c in legal(s, CARTHAGE)}
    assert "capua" not in dests and {"aesernia", "nola", "venusia"} <= dests
