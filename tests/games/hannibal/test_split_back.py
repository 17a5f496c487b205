"""Hannibal §12.8: an army intercepted after landing by sea in the space of its own city may split,
part stepping back into the city and part sailing back to its port (with §12.5's naval roll for
Carthage, §11.1's general on every ship, §10.7's city room and §18.1's consuls)."""

from __future__ import annotations

from engine.games.hannibal.components import naval_result
from engine.games.hannibal.naval import naval_modifier

from .helpers import CARTHAGE, ROME, B, Dice, Frame, clear, cmd, control, ev, legal, of, play, put, rejected, top
from .test_movement import activate


def _rome_lands_at_tarentum(cu=4, generals=("marcellus",), office="proconsul", port="neapolis", city="tarentum",
                            inside=0):
    """A Roman army sails from ``port`` to its city ``city``; Hannibal, next door, intercepts it.
    With ``inside`` Roman CU in the city, 1 Carthaginian CU stands outside its walls (where no
    enemy stands, CU are kept outside, state._tidy)."""
    s = clear()
    control(s, ROME, port, city)
    put(s, ROME, port, cu, generals=generals, office=office)
    if inside:
        put(s, ROME, city, inside=inside)
        put(s, CARTHAGE, city, 1)
    near = "cannae" if city == "tarentum" else "capua"
    put(s, CARTHAGE, near, 6, generals=("hannibal",))
    activate(s, ROME, generals[0], naval=10)
    for g in generals[1:]:
        play(s, ROME, cmd.ChooseGeneral(general=g))
    while top(s).kind == "form_army":
        options = legal(s, ROME)
        play(s, ROME, cmd.Pass() if cmd.Pass() in options else
             next(c for c in options if isinstance(c, cmd.ChooseNumber) and c.number == cu))
    play(s, ROME, cmd.ChooseOption(option="sail"))
    play(s, ROME, cmd.ChooseSpace(space=city))  # Rome's sea moves roll nothing (§11.5)
    if top(s).kind == "city_declare":
        play(s, CARTHAGE, cmd.ChooseNumber(number=0))
    assert top(s).kind == "reaction"
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hannibal"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=6))
    play(s, CARTHAGE, cmd.Pass(), Dice(1))  # the interception succeeds
    assert top(s).kind == "intercepted"
    return s


def test_12_8_the_split_is_offered_when_the_army_does_not_fit_in_its_city():
    """Hannibal §12.8: 4 CU cannot all go into Tarentum (room 2), so stepping back into the city is
    not offered, but the split is."""
    s = _rome_lands_at_tarentum()
    options = legal(s, ROME)
    assert cmd.ChooseOption(option="into_city") not in options
    assert cmd.ChooseOption(option="split") in options
    assert cmd.ChooseOption(option="step_back") in options and cmd.ChooseOption(option="battle") in options


def test_12_8_split_cu_into_the_city_the_general_sails_back_with_the_rest():
    """Hannibal §12.8 and §11.1: the only general must sail (CU never sail alone); the CU going in
    are 1 to the city's room (§10.7); none stays outside the walls."""
    s = _rome_lands_at_tarentum()
    play(s, ROME, cmd.ChooseOption(option="split"))
    assert top(s).kind == "split_back"
    # Marcellus may not go in: nobody would lead the ships. The generals step is skipped.
    assert legal(s, ROME) == [cmd.ChooseNumber(number=1), cmd.ChooseNumber(number=2)]
    err = rejected(s, ROME, cmd.ChooseNumber(number=3))
    assert "3" in str(err) or "legal" in str(err).lower()
    events = play(s, ROME, cmd.ChooseNumber(number=2))
    moves = of(events, ev.UnitsMoved)
    assert [(m.how, m.count, m.generals, m.to_inside) for m in moves] == [
        ("enter_city", 2, (), True), ("step_back", 2, ("marcellus",), False)]
    assert B.cu_inside(s, ROME, "tarentum") == 2 and B.cu_outside(s, ROME, "tarentum") == 0
    assert B.cu_outside(s, ROME, "neapolis") == 2 and s.gens["marcellus"].where == "neapolis"
    assert not of(events, ev.BattleBegan)
    mv = top(s)
    assert mv.kind == "move" and mv.count == 2 and "stepped_back" in mv.flags
    assert not [c for c in legal(s, ROME) if isinstance(c, (cmd.ChooseSpace,))]  # the move is over


def test_12_8_split_generals_choose_who_goes_in_and_a_general_may_sail_alone():
    """Hannibal §12.8: with two generals, one may go into the city with every CU that fits while the
    other sails back alone; the commander of the ships is the one who sails."""
    s = _rome_lands_at_tarentum(cu=2, generals=("marcellus", "nero"))
    assert cmd.ChooseOption(option="into_city") in legal(s, ROME)  # 2 CU fit: all may go in
    play(s, ROME, cmd.ChooseOption(option="split"))
    options = legal(s, ROME)
    assert set(options) == {cmd.ChooseGeneral(general="marcellus"), cmd.ChooseGeneral(general="nero"), cmd.Pass()}
    play(s, ROME, cmd.ChooseGeneral(general="marcellus"))
    # Marcellus is in: Nero must sail, so he is not offered and the generals step ends by itself
    assert cmd.ChooseGeneral(general="nero") not in legal(s, ROME)
    assert legal(s, ROME) == [cmd.ChooseNumber(number=n) for n in (0, 1, 2)]
    play(s, ROME, cmd.ChooseNumber(number=2))
    assert s.gens["marcellus"].where == "tarentum" and s.gens["marcellus"].inside
    assert s.gens["nero"].where == "neapolis" and not s.gens["nero"].inside
    assert B.cu_inside(s, ROME, "tarentum") == 2 and B.cu_outside(s, ROME, "neapolis") == 0
    mv = next(f for f in s.flow if f.kind == "move")
    assert mv.general == "nero" and mv.count == 0


def test_12_8_split_counts_cu_already_in_the_city_against_its_room():
    """Hannibal §10.7 and §12.8: a city of 2 holding 1 CU takes 1 more."""
    s = _rome_lands_at_tarentum(inside=1)
    assert cmd.ChooseOption(option="into_city") not in legal(s, ROME)
    play(s, ROME, cmd.ChooseOption(option="split"))  # 1 CU in is the only split: made at once
    assert top(s).kind == "move"
    assert B.cu_inside(s, ROME, "tarentum") == 2
    assert B.cu_outside(s, ROME, "neapolis") == 3 and B.cu_outside(s, ROME, "tarentum") == 0


def test_12_8_no_split_into_a_full_city():
    """Hannibal §12.8: 'if the city can take it' — no room, no split, no stepping into the city."""
    s = _rome_lands_at_tarentum(inside=2)
    options = legal(s, ROME)
    assert cmd.ChooseOption(option="split") not in options and cmd.ChooseOption(option="into_city") not in options


def test_18_1_a_consul_keeps_5_cu_in_a_split():
    """Hannibal §18.1 in a §12.8 split: the consul who sails keeps 5 CU, so at most 2 of 7 go in;
    a consul going into Roma (room 5) takes at least 5."""
    s = _rome_lands_at_tarentum(cu=7, generals=("varro",), office="consul")
    play(s, ROME, cmd.ChooseOption(option="split"))
    assert legal(s, ROME) == [cmd.ChooseNumber(number=1), cmd.ChooseNumber(number=2)]
    s = _rome_lands_at_tarentum(cu=6, generals=("varro",), office="consul")
    play(s, ROME, cmd.ChooseOption(option="split"))  # only 1 CU may go in: made at once
    assert B.cu_inside(s, ROME, "tarentum") == 1 and B.cu_outside(s, ROME, "neapolis") == 5
    s = _rome_lands_at_tarentum(cu=5, generals=("varro",), office="consul")
    assert cmd.ChooseOption(option="split") not in legal(s, ROME)  # any CU in would leave him 4


def test_12_8_split_is_only_after_a_landing_at_ones_own_city():
    """Hannibal §12.8: the split is a choice of an army that came by sea into a city's space; a
    Carthaginian city there is no refuge for Rome (§11.3)."""
    s = clear()
    control(s, ROME, "neapolis")
    control(s, CARTHAGE, "tarentum")
    put(s, ROME, "neapolis", 4, generals=("marcellus",), office="proconsul")
    put(s, CARTHAGE, "cannae", 6, generals=("hannibal",))
    activate(s, ROME, "marcellus", naval=10)
    play(s, ROME, cmd.ChooseNumber(number=4))
    play(s, ROME, cmd.ChooseOption(option="sail"))
    play(s, ROME, cmd.ChooseSpace(space="tarentum"))
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hannibal"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=6))
    play(s, CARTHAGE, cmd.Pass(), Dice(1))
    assert top(s).kind == "intercepted"
    assert cmd.ChooseOption(option="split") not in legal(s, ROME)


def _carthage_lands(roll_kind: str):
    s = clear()
    land = "tarentum"
    control(s, CARTHAGE, land)
    control(s, ROME, "neapolis")  # a Roman port: +1 on the naval roll (§11.6), so every result can come
    put(s, CARTHAGE, "neapolis", 5, generals=("mago",))
    put(s, ROME, "cannae", 5, generals=("marcellus",), office="proconsul")
    mod = naval_modifier(s, Frame(kind="move", seat=CARTHAGE, space=land, count=3), "neapolis")
    roll = next(r for r in range(1, 7) if naval_result(r + mod) == roll_kind)
    go = next(r for r in range(1, 7) if naval_result(r + naval_modifier(
        s, Frame(kind="move", seat=CARTHAGE, space="neapolis", count=5), land)) not in ("sunk", "turned_back"))
    activate(s, CARTHAGE, "mago")
    play(s, CARTHAGE, cmd.ChooseNumber(number=5))
    play(s, CARTHAGE, cmd.ChooseOption(option="sail"))
    play(s, CARTHAGE, cmd.ChooseSpace(space=land), Dice(go))
    play(s, ROME, cmd.ChooseGeneral(general="marcellus"))
    play(s, ROME, cmd.ChooseNumber(number=5))
    play(s, ROME, cmd.Pass(), Dice(1))
    assert top(s).kind == "intercepted"
    play(s, CARTHAGE, cmd.ChooseOption(option="split"))
    return s, roll


def test_12_5_12_8_the_carthaginian_ships_of_a_split_roll_again_and_if_turned_back_fight():
    """Hannibal §12.5 with §12.8: the part sailing back rolls on the naval table; turned back, it
    stays in the landing space and fights there; the part in the city stays inside."""
    s, roll = _carthage_lands("turned_back")
    events = play(s, CARTHAGE, cmd.ChooseNumber(number=2), Dice(roll))
    assert [e.purpose for e in of(events, ev.DieRolled)] == ["naval"]
    assert B.cu_inside(s, CARTHAGE, "tarentum") == 2
    assert B.cu_outside(s, CARTHAGE, "tarentum") == 3 and s.gens["mago"].where == "tarentum"
    assert of(events, ev.BattleBegan)


def test_12_5_12_8_the_carthaginian_ships_of_a_split_may_be_sunk():
    """Hannibal §12.5, §11.5 with §12.8: sunk, the ships' CU are lost and the general neutralized;
    the CU in the city are safe."""
    s, roll = _carthage_lands("sunk")
    events = play(s, CARTHAGE, cmd.ChooseNumber(number=2), Dice(roll))
    assert B.cu_inside(s, CARTHAGE, "tarentum") == 2 and B.cu_outside(s, CARTHAGE, "tarentum") == 0
    assert s.gens["mago"].status == "neutralized"
    assert sum(e.count for e in of(events, ev.CuLost)) == 3


def test_the_move_list_names_the_split_in_words():
    """The split's commands read in the move list (notation): the option, then the step's answers."""
    from engine.games.hannibal.notation import describe_command
    s = _rome_lands_at_tarentum(cu=2, generals=("marcellus", "nero"))
    assert describe_command(s, ROME, cmd.ChooseOption(option="split")) == "Rome splits between the city and the ships"
    play(s, ROME, cmd.ChooseOption(option="split"))
    assert describe_command(s, ROME, cmd.ChooseGeneral(general="nero")) == "Rome: C. Claudius Nero (split back)"
    assert describe_command(s, ROME, cmd.Pass()) == "Rome passes (split back)"
