"""Reinforcement phase details (§5 phase 1, §6): where the consuls go when sieges are on the map
(§6.5, §20.4, §24, rulings G1 and G40), Scipio Africanus with nowhere to land (§6.7), and the
return of neutralized Carthaginian generals (§5, §6.1, ruling G41)."""

from __future__ import annotations

from engine.games.hannibal.state import Siege
from engine.games.hannibal.reinforcements import consul_spaces

from .helpers import CARTHAGE, ROME, B, Frame, at, clear, cmd, control, ev, legal, play, put, rejected


def _consul_frame(s, gid: str) -> None:
    s.gens[gid].status, s.gens[gid].office = "cup", "consul"
    at(s, Frame(kind="place_consul", seat=ROME, general=gid))


def _besieged(s, space: str, besieger: int) -> None:
    s.sieges[space] = Siege(side=besieger, points=1)


# ----------------------------------------------------------------- §6.5 and the siege marker
def test_6_5_20_4_a_consul_joins_a_roman_army_besieging_an_enemy_city():
    """Hannibal §6.5, §20.4: the siege marker makes the Carthaginian city besieged, not the Roman
    army outside it; with the only stack of 5 there, the consul goes there, outside the walls."""
    s = clear()
    control(s, CARTHAGE, "syracusae")
    put(s, CARTHAGE, "syracusae", inside=1)
    put(s, ROME, "syracusae", 7)
    _besieged(s, "syracusae", ROME)
    put(s, ROME, "roma", 3)
    assert consul_spaces(s, "varro") == ["syracusae"]
    _consul_frame(s, "varro")
    assert legal(s, ROME) == [cmd.ChooseSpace(space="syracusae")]
    play(s, ROME, cmd.ChooseSpace(space="syracusae"))
    g = s.gens["varro"]
    assert g.status == "map" and g.where == "syracusae" and g.inside is False


def test_6_5_a_besieging_stack_of_5_is_offered_beside_the_others():
    """Hannibal §6.5: every space with 5 Roman CU is open to the consul, the besiegers' one too."""
    s = clear()
    control(s, CARTHAGE, "syracusae")
    put(s, ROME, "syracusae", 5)
    _besieged(s, "syracusae", ROME)
    put(s, ROME, "roma", 6)
    assert consul_spaces(s, "varro") == ["roma", "syracusae"]


def test_24_fabius_joins_romans_besieging_capua():
    """Hannibal §24 (Fabius), §20.4: a Roman stack of 5 besieging Carthaginian Capua is a stack of
    5 in Italy."""
    s = clear()
    control(s, CARTHAGE, "capua")
    put(s, CARTHAGE, "capua", inside=2)
    put(s, ROME, "capua", 5)
    _besieged(s, "capua", ROME)
    put(s, ROME, "roma", 2)
    assert consul_spaces(s, "fabius") == ["capua"]


def test_6_5_20_5_a_consul_never_enters_romes_own_besieged_city_but_roma():
    """Hannibal §6.5, §20.5: Rome's besieged Neapolis is not offered (only Roma is a last resort);
    with no stack of 5 the largest other stack takes the consuls (G1)."""
    s = clear()
    control(s, ROME, "neapolis", "roma")
    put(s, ROME, "neapolis", inside=2)
    put(s, CARTHAGE, "neapolis", 6)
    _besieged(s, "neapolis", CARTHAGE)
    put(s, ROME, "capua", 1)
    assert consul_spaces(s, "varro") == ["capua"]


# --------------------------------------------------------------- §6.5 besieged Roma (G40)
def _roma_besieged(s, inside: int) -> None:
    control(s, ROME, "roma")
    put(s, ROME, "roma", inside=inside, generals=("p_scipio",), office="proconsul")
    s.gens["p_scipio"].inside = True
    put(s, CARTHAGE, "roma", 8, generals=("hannibal",))
    _besieged(s, "roma", CARTHAGE)


def test_6_5_besieged_roma_with_5_cu_is_the_last_resort_before_smaller_stacks():
    """Hannibal §6.5 (ruling G40): no unbesieged space holds 5 Roman CU, so the consuls go inside
    besieged Roma rather than to 2 CU in Neapolis."""
    s = clear()
    _roma_besieged(s, 5)
    put(s, ROME, "neapolis", 2)
    assert consul_spaces(s, "varro") == ["roma"]
    _consul_frame(s, "varro")
    play(s, ROME, cmd.ChooseSpace(space="roma"))
    assert s.gens["varro"].where == "roma" and s.gens["varro"].inside is True


def test_6_5_besieged_roma_comes_before_g1_whatever_it_holds():
    """Hannibal §6.5 (ruling G40): the text's own last resort, besieged Roma, is used before our
    G1 fallback, even with fewer than 5 CU inside."""
    s = clear()
    _roma_besieged(s, 3)
    put(s, ROME, "capua", 4)
    assert consul_spaces(s, "varro") == ["roma"]


def test_6_5_besieged_roma_is_not_offered_while_a_stack_of_5_stands_elsewhere():
    """Hannibal §6.5: besieged Roma only if there is no other legal space."""
    s = clear()
    _roma_besieged(s, 5)
    put(s, ROME, "capua", 5)
    assert consul_spaces(s, "varro") == ["capua"]


def test_g1_roma_not_besieged_and_no_stack_of_5_takes_the_largest_stack():
    """Ruling G1 (§6.5 silent): with Roma free, the largest Roman stack(s)."""
    s = clear()
    control(s, ROME, "roma")
    put(s, ROME, "roma", 1)
    put(s, ROME, "capua", 3)
    put(s, ROME, "agrigentum", 3)
    assert consul_spaces(s, "varro") == ["agrigentum", "capua"]


def test_24_fabius_takes_any_italian_stack_before_besieged_roma():
    """Hannibal §24, §6.5: with no stack of 5 in Italy Fabius may join any Roman stack in Italy;
    besieged Roma only when Italy holds no other Roman stack."""
    s = clear()
    _roma_besieged(s, 5)
    put(s, ROME, "arretium", 2)
    put(s, ROME, "agrigentum", 6)
    assert consul_spaces(s, "fabius") == ["arretium"]
    s.units[ROME].pop("arretium")
    assert consul_spaces(s, "fabius") == ["roma"]


# ------------------------------------------------------------------ §6.7 Scipio Africanus
def test_6_7_africanus_with_no_legal_space_is_removed_from_the_game():
    """Hannibal §6.7: no Italian space or Spanish port with a Roman PC and no Carthaginian CU, so
    neither he nor his 5 CU enter, and he leaves the game (an event records it)."""
    s = clear()
    s.control = {sp: c for sp, c in s.control.items() if c != ROME}
    s.gens["scipio_africanus"].status = "later"
    put(s, ROME, "agrigentum", 1, generals=("longus",), office="consul")
    at(s, Frame(kind="africanus_arrives", general="scipio_africanus"),
       Frame(kind="rome_reinforce", seat=ROME, count=1))
    out = play(s, ROME, cmd.ChooseSpace(space="agrigentum"))
    assert ev.GeneralOff(general="scipio_africanus", to="removed", cause="no_space") in out
    assert s.gens["scipio_africanus"].status == "removed"
    assert not any(isinstance(e, ev.CuPlaced) and e.count == 5 for e in out)


def test_6_7_africanus_with_a_legal_space_is_asked_where_he_lands():
    """Hannibal §6.7: after the 5 normal CU, Rome places him and his 5 CU in one stack."""
    s = clear()
    s.gens["scipio_africanus"].status = "later"
    put(s, ROME, "roma", 1, generals=("longus",), office="consul")
    at(s, Frame(kind="africanus_arrives", general="scipio_africanus"),
       Frame(kind="rome_reinforce", seat=ROME, count=1))
    play(s, ROME, cmd.ChooseSpace(space="roma"))
    from .helpers import top
    assert top(s).kind == "africanus" and cmd.ChooseSpace(space="roma") in legal(s, ROME)
    play(s, ROME, cmd.ChooseSpace(space="roma"))
    assert s.gens["scipio_africanus"].where == "roma" and B.cu_total(s, ROME, "roma") == 7


def test_5_6_7_turn_6_begins_with_africanus_after_romes_5_cu():
    """Hannibal §5 phase 1 step 3, §6.7: on turn 6 his arrival is checked after Rome's 5 CU and
    before the proconsul and the election."""
    from engine.games.hannibal.flow import Ctx
    from engine.games.hannibal.turn import begin_turn

    from .helpers import Dice
    s = clear()
    s.turn = 5
    s.gens["scipio_africanus"].status = "later"
    ctx = Ctx(s, Dice())
    ctx.s.flow = [Frame(kind="begin_turn")]
    begin_turn(ctx, ctx.s.flow[-1])
    kinds = [f.kind for f in ctx.s.flow][::-1]
    assert kinds.index("rome_reinforce") < kinds.index("africanus_arrives") < kinds.index("proconsul")


# ------------------------------------------------------ §5, §6.1 neutralized Carthaginians (G41)
def test_6_1_every_neutralized_carthaginian_general_comes_back_no_pass():
    """Hannibal §6.1 (ruling G41): they are all put back; Carthage chooses where, not whether."""
    s = clear()
    put(s, CARTHAGE, "saguntum", 3)
    put(s, CARTHAGE, "carthago", inside=2)
    control(s, CARTHAGE, "carthago")
    s.gens["mago"].status = "neutralized"
    s.gens["hasdrubal"].status = "neutralized"
    at(s, Frame(kind="return_generals", seat=CARTHAGE))
    assert cmd.Pass() not in legal(s, CARTHAGE)
    assert set(legal(s, CARTHAGE)) == {cmd.ChooseSpace(space="carthago"), cmd.ChooseSpace(space="saguntum")}
    rejected(s, CARTHAGE, cmd.Pass())
    play(s, CARTHAGE, cmd.ChooseSpace(space="saguntum"))
    play(s, CARTHAGE, cmd.ChooseSpace(space="carthago"))
    assert {s.gens[g].status for g in ("mago", "hasdrubal")} == {"map"}
    assert {s.gens[g].where for g in ("mago", "hasdrubal")} == {"saguntum", "carthago"}
    assert s.gens["hasdrubal"].inside or s.gens["mago"].inside  # the one at Carthago is inside


def test_6_1_hannibal_removed_never_returns():
    """Hannibal §5 (translator's note), §10.10: Hannibal neutralized is out of the game."""
    s = clear()
    put(s, CARTHAGE, "saguntum", 3)
    s.gens["hannibal"].status = "removed"
    at(s, Frame(kind="return_generals", seat=CARTHAGE))
    assert legal(s, CARTHAGE) == []


def test_6_1_a_general_with_no_space_stays_neutralized_until_the_next_phase():
    """Hannibal §6.1, §10.10 (ruling G41): only Carthaginian CU under siege, so Mago cannot come
    back this phase; the step is skipped and he stays neutralized."""
    s = clear()
    control(s, CARTHAGE, "saguntum")
    put(s, CARTHAGE, "saguntum", inside=2)
    put(s, ROME, "saguntum", 5)
    _besieged(s, "saguntum", ROME)
    s.gens["mago"].status = "neutralized"
    put(s, ROME, "roma", 1, generals=("longus",), office="consul")
    at(s, Frame(kind="return_generals", seat=CARTHAGE), Frame(kind="rome_reinforce", seat=ROME, count=1))
    play(s, ROME, cmd.ChooseSpace(space="roma"))
    assert s.gens["mago"].status == "neutralized"
    assert all(f.kind != "return_generals" for f in s.flow)


def test_24_6_1_neutralized_hanno_comes_back_only_in_africa():
    """Hannibal §24, §6.1 (ruling G82): Hanno never leaves Africa, so of the spaces holding
    Carthaginian CU only the African ones are offered for his return (the engine offered Tarraco)."""
    s = clear()
    put(s, CARTHAGE, "tarraco", 3)
    put(s, CARTHAGE, "saguntum", 2)
    put(s, CARTHAGE, "carthago", inside=2)
    put(s, CARTHAGE, "utica", 1)
    control(s, CARTHAGE, "carthago")
    s.gens["hanno"].status = "neutralized"
    at(s, Frame(kind="return_generals", seat=CARTHAGE))
    assert set(legal(s, CARTHAGE)) == {cmd.ChooseSpace(space="carthago"), cmd.ChooseSpace(space="utica")}
    rejected(s, CARTHAGE, cmd.ChooseSpace(space="tarraco"))
    play(s, CARTHAGE, cmd.ChooseSpace(space="carthago"))
    assert s.gens["hanno"].status == "map" and s.gens["hanno"].where == "carthago"


def test_24_6_1_hanno_with_no_african_space_stays_out_and_the_others_still_return():
    """Hannibal §24, §6.1 (rulings G41, G82): with Carthaginian CU only outside Africa, Hanno stays
    neutralized until the next reinforcement phase; Mago, neutralized too, is still put back."""
    s = clear()
    put(s, CARTHAGE, "tarraco", 3)
    put(s, CARTHAGE, "saguntum", 2)
    s.gens["hanno"].status = "neutralized"
    s.gens["mago"].status = "neutralized"
    at(s, Frame(kind="return_generals", seat=CARTHAGE))
    assert set(legal(s, CARTHAGE)) == {cmd.ChooseSpace(space="saguntum"), cmd.ChooseSpace(space="tarraco")}
    play(s, CARTHAGE, cmd.ChooseSpace(space="tarraco"))
    assert s.gens["mago"].status == "map" and s.gens["mago"].where == "tarraco"
    assert s.gens["hanno"].status == "neutralized"
    assert all(f.kind != "return_generals" for f in s.flow)
