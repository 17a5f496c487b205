"""Reinforcement phase details (§5 phase 1, §6): where the consuls go when sieges are on the map
(§6.5, §20.4, §24, rulings G1 and G40), Scipio Africanus with nowhere to land (§6.7), and the
return of neutralized Carthaginian generals (§5, §6.1, ruling G41)."""

from __future__ import annotations

from engine.games.hannibal.state import Siege
from engine.games.hannibal.turn import consul_spaces

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
