"""Strategy-card events that add or take away CU and siege points (§8.3, §25): reinforcements (10-16,
22, 43-48), attrition (7-8, 21, 51-52), sorties (17, 49, 53). §25 ends with the rule that a
reinforcement event obeys the same besieged-city limits as the reinforcements of §6.3."""

from __future__ import annotations

import pytest

from engine.games.hannibal.state import Siege

from .helpers import CARTHAGE, ROME, B, Dice, clear, cmd, control, ev, legal, of, play, put, rejected, strategy, top
from .test_movement import activate


def event(s, seat, card, *rolls):
    return play(s, seat, cmd.PlayCard(card=card, use="event"), Dice(*rolls))


def chosen(s, seat):
    return sorted(c.space for c in legal(s, seat) if isinstance(c, cmd.ChooseSpace))


def done(s):
    return not any(f.kind.startswith("event_") for f in s.flow)


def can_play_event(s, seat, card):
    return cmd.PlayCard(card=card, use="event") in legal(s, seat)


# ----------------------------------------------------------------------------- reinforcements
def test_card_10_macedonian_reinforcements_join_a_general_in_an_italian_port_25():
    """§25 #10: 2 CU with a Carthaginian general in a port of Italy, 3 while Macedonia is allied."""
    s = clear()
    put(s, CARTHAGE, "brundisium", 2, generals=("mago",))
    put(s, CARTHAGE, "venusia", 5, generals=("hannibal",))   # not a port
    put(s, CARTHAGE, "saguntum", 5, generals=("hasdrubal",))  # a port, but in Spain
    strategy(s, CARTHAGE, [10])
    event(s, CARTHAGE, 10)
    assert chosen(s, CARTHAGE) == ["brundisium"]
    play(s, CARTHAGE, cmd.ChooseSpace(space="brundisium"))
    assert B.cu_outside(s, CARTHAGE, "brundisium") == 4 and 10 in s.removed
    s = clear()
    s.markers["macedonia"] = 1
    put(s, CARTHAGE, "brundisium", 2, generals=("mago",))
    strategy(s, CARTHAGE, [10])
    event(s, CARTHAGE, 10)
    play(s, CARTHAGE, cmd.ChooseSpace(space="brundisium"))
    assert B.cu_outside(s, CARTHAGE, "brundisium") == 5


def test_card_11_balearic_slingers_one_cu_or_two_with_the_balearics_25():
    """§25 #11: 1 CU with any Carthaginian general, 2 if Carthage controls the Balearic Islands; never
    to a general shut in his besieged city (§25, reinforcement events and §6.3)."""
    s = clear()
    put(s, CARTHAGE, "cannae", 2, generals=("mago",))
    put(s, CARTHAGE, "saguntum", inside=3, generals=("hasdrubal",))
    s.gens["hasdrubal"].inside = True
    put(s, ROME, "saguntum", 4)
    s.sieges["saguntum"] = Siege(side=ROME, points=1)
    assert not B.controls_province(s, CARTHAGE, "baleares")
    strategy(s, CARTHAGE, [11])
    event(s, CARTHAGE, 11)
    assert chosen(s, CARTHAGE) == ["cannae"]
    play(s, CARTHAGE, cmd.ChooseSpace(space="cannae"))
    assert B.cu_outside(s, CARTHAGE, "cannae") == 3
    control(s, CARTHAGE, "balearis_maior")
    assert B.controls_province(s, CARTHAGE, "baleares")
    strategy(s, CARTHAGE, [11])
    event(s, CARTHAGE, 11)
    play(s, CARTHAGE, cmd.ChooseSpace(space="cannae"))
    assert B.cu_outside(s, CARTHAGE, "cannae") == 5
    assert 11 in s.discard  # not a one-time event


def test_card_12_african_reinforcements_two_elephants_and_two_cu_at_carthago_17_1():
    """§25 #12, §17.1: the second elephant counter (2 elephant CU) and 2 more CU at Carthago."""
    s = clear()
    put(s, CARTHAGE, "saguntum", 4, elephants=2, generals=("hannibal",))
    strategy(s, CARTHAGE, [12])
    events = event(s, CARTHAGE, 12)
    placed = of(events, ev.CuPlaced)
    assert placed == [ev.CuPlaced(side=CARTHAGE, space="carthago", count=4, elephants=2, inside=False, cause="event")]
    assert B.cu_of(s, CARTHAGE, "carthago").el == 2 and 12 in s.removed


def test_card_13_bruttian_recruits_only_while_the_bruttii_are_friendly_25():
    """§25 #13: 2 CU with a Carthaginian general in Lucania while the Bruttii tribe is friendly to
    Carthage."""
    s = clear()
    put(s, CARTHAGE, "grumentum", 3, generals=("mago",))
    put(s, CARTHAGE, "cannae", 3, generals=("hannibal",))  # Apulia: not Lucania
    assert s.tribes["bruttii"] == CARTHAGE
    strategy(s, CARTHAGE, [13])
    event(s, CARTHAGE, 13)
    assert chosen(s, CARTHAGE) == ["grumentum"]
    play(s, CARTHAGE, cmd.ChooseSpace(space="grumentum"))
    assert B.cu_outside(s, CARTHAGE, "grumentum") == 5
    s.tribes.pop("bruttii")  # Rome submitted the tribe (§20.8): its space is a Roman PC now
    control(s, ROME, "bruttii")
    strategy(s, CARTHAGE, [13])
    events = event(s, CARTHAGE, 13)
    assert done(s) and not of(events, ev.CuPlaced)


def test_card_13_a_submitted_bruttii_tribe_never_comes_back_even_under_a_carthaginian_pc_20_8():
    """Hannibal §25 #13 with §20.8: once Rome has submitted the Bruttii the tribe is gone for good; a
    Carthaginian PC later placed on its space is a plain PC, not a friendly tribe, so the recruits
    do not come."""
    s = clear()
    put(s, CARTHAGE, "grumentum", 3, generals=("mago",))
    s.tribes.pop("bruttii")  # submitted by Rome (§20.8) ...
    control(s, CARTHAGE, "bruttii")  # ... and later won back as a plain Carthaginian PC
    strategy(s, CARTHAGE, [13])
    events = event(s, CARTHAGE, 13)
    assert done(s) and not of(events, ev.CuPlaced) and B.cu_outside(s, CARTHAGE, "grumentum") == 3


@pytest.mark.parametrize("card, yes, no", [
    (14, ["genua", "placentia"], ["narbo"]),       # Ligurian: Liguria or Gallia Cisalpina
    (15, ["corduba", "tarraco"], ["narbo"]),       # Iberian: Spain
    (16, ["narbo", "placentia"], ["genua"]),       # Gallic: the two Gallias
    (22, ["henna", "syracusae", "thugga"], ["cannae"]),  # Muttines: Sicilia, Syracusae, Africa
])
def test_cards_14_15_16_22_recruits_join_a_general_in_their_provinces_25(card, yes, no):
    """§25 #14-16 and #22: 2 Carthaginian CU with a Carthaginian general in the card's provinces."""
    s = clear()
    gens = ["hannibal", "hasdrubal", "mago", "hanno", "hasdrubal_gisgo"]
    for sp in yes + no:
        control(s, CARTHAGE, sp)
        put(s, CARTHAGE, sp, 1, generals=(gens.pop(),))
    strategy(s, CARTHAGE, [card])
    event(s, CARTHAGE, card)
    assert chosen(s, CARTHAGE) == sorted(yes)
    play(s, CARTHAGE, cmd.ChooseSpace(space=yes[0]))
    assert B.cu_outside(s, CARTHAGE, yes[0]) == 3 and done(s)


def test_card_43_two_slave_legions_at_roma_or_with_a_general_in_italy_25():
    """§25 #43: 2 Roman CU at Roma (with or without a general) or with a Roman general in Italy."""
    s = clear()
    put(s, ROME, "capua", 5, generals=("marcellus",), office="proconsul")
    put(s, ROME, "agrigentum", 5, generals=("longus",), office="consul")  # Sicily is not Italy
    strategy(s, ROME, [43])
    event(s, ROME, 43)
    assert chosen(s, ROME) == ["capua", "roma"]
    play(s, ROME, cmd.ChooseSpace(space="roma"))
    assert B.cu_outside(s, ROME, "roma") == 2 and 43 in s.removed


AUX = {44: "apulia", 45: "etruria", 46: "samnium", 47: "lucania", 48: "campania"}


@pytest.mark.parametrize("card", sorted(AUX))
def test_cards_44_to_48_allied_auxiliaries_one_cu_or_two_with_the_province_25(card):
    """§25 #44-48: 1 Roman CU with a Roman general in Italy, 2 if Rome controls the card's province;
    never at Roma without a general there."""
    s = clear()
    put(s, ROME, "nola", 5, generals=("marcellus",), office="proconsul")
    put(s, ROME, "agrigentum", 5, generals=("longus",), office="consul")
    assert B.controls_province(s, ROME, AUX[card])
    strategy(s, ROME, [card])
    event(s, ROME, card)
    assert chosen(s, ROME) == ["nola"]  # not Roma (no general), not Sicily
    play(s, ROME, cmd.ChooseSpace(space="nola"))
    assert B.cu_outside(s, ROME, "nola") == 7
    for sp in [x for x, c in list(s.control.items()) if c == ROME]:
        if B.SPACES[sp].province == AUX[card]:
            control(s, -1, sp)
    strategy(s, ROME, [card])
    event(s, ROME, card)
    play(s, ROME, cmd.ChooseSpace(space="nola"))
    assert B.cu_outside(s, ROME, "nola") == 8  # one only without the province


def test_cards_44_to_48_allied_auxiliaries_may_go_to_roma_with_a_general_there():
    s = clear()
    put(s, ROME, "roma", 5, generals=("marcellus",), office="proconsul")
    strategy(s, ROME, [44])
    event(s, ROME, 44)
    assert chosen(s, ROME) == ["roma"]


# ------------------------------------------------------------------------------ attrition
@pytest.mark.parametrize("card", [7, 8])
def test_cards_7_8_hostile_tribes_on_your_turn_use_the_tribes_column_whatever_the_size_8_4(card):
    """§8.4, §21.3, §25 #7-8: on your turn against enemy CU (even without a general) still in Liguria
    or Gallia Transalpina; the 5-6 column whatever their size (3 CU: a 6 costs 2, not 1)."""
    s = clear()
    put(s, ROME, "narbo", 3)
    put(s, ROME, "cannae", 3)
    strategy(s, CARTHAGE, [card])
    event(s, CARTHAGE, card)
    assert chosen(s, CARTHAGE) == ["narbo"]
    events = play(s, CARTHAGE, cmd.ChooseSpace(space="narbo"), Dice(6))
    assert of(events, ev.CuLost)[0].count == 2 and B.cu_outside(s, ROME, "narbo") == 1
    s = clear()
    put(s, ROME, "cannae", 3)
    strategy(s, CARTHAGE, [card])
    assert not can_play_event(s, CARTHAGE, card)  # no enemy in those provinces


@pytest.mark.parametrize("card", [7, 8])
def test_cards_7_8_hostile_tribes_as_a_counter_event_against_a_moving_army_8_4(card):
    """§8.4, §25 #7-8: played while the enemy army moves into Liguria; it rolls on the hostile-tribes
    column at once and moves on with what is left."""
    s = clear()
    s.hands = [[card, 1], []]
    put(s, CARTHAGE, "albingaunum", 4, generals=("hannibal",))
    activate(s, CARTHAGE, "hannibal")
    play(s, CARTHAGE, cmd.ChooseNumber(number=4))
    play(s, CARTHAGE, cmd.ChooseSpace(space="intemelium"))
    assert top(s).kind == "reaction" and top(s).seat == ROME
    assert cmd.PlayCounter(card=card) in legal(s, ROME) and cmd.PlayCounter(card=1) not in legal(s, ROME)
    events = play(s, ROME, cmd.PlayCounter(card=card), Dice(6))
    assert of(events, ev.CuLost)[0].count == 2
    assert cmd.PlayCounter(card=card) not in legal(s, ROME)  # once per entry
    play(s, ROME, cmd.Pass())
    mv = top(s)
    assert mv.kind == "move" and mv.count == 2 and B.cu_outside(s, CARTHAGE, "intemelium") == 2


@pytest.mark.parametrize("card", [7, 8])
def test_cards_7_8_not_a_counter_event_against_a_move_outside_liguria_and_gallia_transalpina_8_4(card):
    """Hannibal §8.4, §25 #7-8: the tribes strike only in Liguria or Gallia Transalpina; a reaction
    window opened elsewhere (an interception in Apulia) does not offer the card, and a PlayCounter
    for it is refused with the army untouched."""
    s = clear()
    s.hands = [[card], []]
    put(s, CARTHAGE, "venusia", 4, generals=("hannibal",))
    put(s, ROME, "luceria", 5, generals=("marcellus",), office="proconsul")
    activate(s, CARTHAGE, "hannibal")
    play(s, CARTHAGE, cmd.ChooseNumber(number=4))
    play(s, CARTHAGE, cmd.ChooseSpace(space="cannae"))
    assert top(s).kind == "reaction" and top(s).seat == ROME
    assert cmd.ChooseGeneral(general="marcellus") in legal(s, ROME)
    assert cmd.PlayCounter(card=card) not in legal(s, ROME)
    err = rejected(s, ROME, cmd.PlayCounter(card=card))
    assert err is not None and B.cu_outside(s, CARTHAGE, "cannae") == 4 and card in s.hands[ROME]


def test_cards_7_8_the_window_opens_even_for_a_hand_without_the_card_g12():
    """RULES.md G12: the reaction window does not tell Carthage whether Rome holds Hostile Tribes."""
    s = clear()
    s.hands = [[1], []]
    put(s, CARTHAGE, "albingaunum", 4, generals=("hannibal",))
    activate(s, CARTHAGE, "hannibal")
    play(s, CARTHAGE, cmd.ChooseNumber(number=4))
    play(s, CARTHAGE, cmd.ChooseSpace(space="intemelium"))
    assert top(s).kind == "reaction" and legal(s, ROME) == [cmd.Pass()]


def test_card_21_mercenaries_desert_spares_cu_in_a_carthaginian_city_space_25():
    """§25 #21: Rome picks a Carthaginian army that is not in a Carthaginian city's space (inside or
    outside the walls, such CU are immune); it rolls attrition for its size."""
    s = clear()
    put(s, CARTHAGE, "saguntum", 8, generals=("hannibal",))  # a Carthaginian city
    put(s, CARTHAGE, "cannae", 5, generals=("mago",))
    put(s, CARTHAGE, "capua", 3)  # besieging a Roman city: not immune
    strategy(s, ROME, [21])
    assert not can_play_event(clear_hand(CARTHAGE, 21), CARTHAGE, 21)  # a Roman event
    event(s, ROME, 21)
    assert chosen(s, ROME) == ["cannae", "capua"]
    events = play(s, ROME, cmd.ChooseSpace(space="cannae"), Dice(6))
    assert of(events, ev.CuLost)[0].count == 2  # the 5-6 column
    assert B.cu_outside(s, CARTHAGE, "cannae") == 3


def clear_hand(seat, *cards):
    return strategy(clear(), seat, list(cards))


@pytest.mark.parametrize("card", [51, 52])
@pytest.mark.parametrize("seat", [ROME, CARTHAGE])
def test_cards_51_52_epidemic_the_player_picks_the_enemy_army_that_rolls_25(card, seat):
    """§25 #51-52: the card's player chooses which enemy army rolls attrition for its size; an army
    is a general with CU (§3, §10.1, ruling G25), so CU standing without a general are not offered."""
    s = clear()
    enemy = 1 - seat
    gens = ("fabius", "varro", "paullus") if enemy == ROME else ("mago", "hasdrubal", "hasdrubal_gisgo")
    put(s, enemy, "cannae", 8, generals=gens[:1], office="proconsul")
    put(s, enemy, "luceria", 2, generals=gens[1:2], office="proconsul")
    put(s, enemy, "capua", 3)                                           # CU without a general
    put(s, enemy, "tarentum", generals=gens[2:], office="proconsul")    # a general without CU
    put(s, seat, "venusia", 5)
    strategy(s, seat, [card])
    event(s, seat, card)
    assert chosen(s, seat) == ["cannae", "luceria"]
    events = play(s, seat, cmd.ChooseSpace(space="cannae"), Dice(5))
    assert of(events, ev.CuLost)[0].count == 2 and B.cu_outside(s, enemy, "cannae") == 6  # 7-8 column, 5
    assert B.cu_outside(s, enemy, "luceria") == 2 and B.cu_outside(s, enemy, "capua") == 3


@pytest.mark.parametrize("card", [51, 52])
def test_cards_51_52_strike_a_garrison_only_with_its_general_3_25(card):
    """Hannibal §3, §25 #51-52 (ruling G25): the card names an army, a general with CU stacked with
    him; a besieged garrison with no general is CU, not an army, and is not offered. A general inside
    the walls with the garrison makes it an army: it rolls for its own size and loses inside the walls."""
    s = clear()
    control(s, ROME, "neapolis")
    put(s, ROME, "neapolis", inside=2)
    put(s, CARTHAGE, "neapolis", 4, generals=("hannibal",))
    s.sieges["neapolis"] = Siege(side=CARTHAGE, points=1)
    strategy(s, CARTHAGE, [card, 1])
    event(s, CARTHAGE, card)
    assert chosen(s, CARTHAGE) == [] and done(s) and B.cu_inside(s, ROME, "neapolis") == 2
    s = clear()
    control(s, ROME, "neapolis")
    put(s, ROME, "neapolis", inside=2, generals=("fabius",), office="proconsul")
    s.gens["fabius"].inside = True
    put(s, CARTHAGE, "neapolis", 4, generals=("hannibal",))
    s.sieges["neapolis"] = Siege(side=CARTHAGE, points=1)
    strategy(s, CARTHAGE, [card])
    event(s, CARTHAGE, card)
    assert chosen(s, CARTHAGE) == ["neapolis"]
    events = play(s, CARTHAGE, cmd.ChooseSpace(space="neapolis"), Dice(6))
    lost = of(events, ev.CuLost)
    assert lost and lost[0].inside and B.cu_inside(s, ROME, "neapolis") == 2 - lost[0].count
    assert B.cu_outside(s, CARTHAGE, "neapolis") == 4


def test_card_21_spares_the_garrison_and_the_cu_around_a_carthaginian_city_25():
    """Hannibal §25 #21: our current rule is the rulebook's: Carthaginian CU in the space of a
    Carthaginian city are immune, inside the walls (a besieged garrison) as outside; CU outside a
    Roman city are not."""
    s = clear()
    control(s, CARTHAGE, "carthago_nova")
    put(s, CARTHAGE, "carthago_nova", inside=2)
    put(s, ROME, "carthago_nova", 5, generals=("marcellus",), office="proconsul")
    s.sieges["carthago_nova"] = Siege(side=ROME, points=1)
    put(s, CARTHAGE, "capua", 3)  # besieging a Roman city
    strategy(s, ROME, [21])
    event(s, ROME, 21)
    assert chosen(s, ROME) == ["capua"]


def test_cards_7_8_no_city_stands_where_hostile_tribes_strike_25():
    """Hannibal §25 #7-8 name no exemption for CU inside a city; none can arise: Liguria and Gallia
    Transalpina hold no city on our map, so the CU struck there always stand outside walls."""
    from engine.games.hannibal.components import SPACES
    spaces = [sp for sp, x in SPACES.items() if x.province in ("liguria", "gallia_transalpina")]
    assert spaces and not any(B.is_city_space(sp) for sp in spaces)


# -------------------------------------------------------------------------------- sorties
@pytest.mark.parametrize("seat", [ROME, CARTHAGE])
def test_card_17_surprise_sortie_clears_the_siege_points_and_costs_the_besieger_a_cu_25(seat):
    """§25 #17: one of your besieged cities loses its siege points; the besiegers lose 1 CU."""
    s = clear()
    enemy = 1 - seat
    control(s, seat, "neapolis")
    put(s, seat, "neapolis", inside=2)
    put(s, enemy, "neapolis", 4)
    s.sieges["neapolis"] = Siege(side=enemy, points=2)
    strategy(s, seat, [17])
    event(s, seat, 17)
    assert chosen(s, seat) == ["neapolis"]
    play(s, seat, cmd.ChooseSpace(space="neapolis"))
    assert "neapolis" not in s.sieges and B.cu_outside(s, enemy, "neapolis") == 3


def test_card_49_the_fleet_breaks_a_siege_of_a_port_city_never_capua_25():
    """§25 #49: the siege points of one of your besieged port cities are removed; Capua never; the
    besiegers lose nothing."""
    s = clear()
    for sp in ("capua", "neapolis"):
        put(s, ROME, sp, inside=2)
        put(s, CARTHAGE, sp, 4)
        s.sieges[sp] = Siege(side=CARTHAGE, points=2)
    strategy(s, ROME, [49])
    event(s, ROME, 49)
    assert chosen(s, ROME) == ["neapolis"]
    play(s, ROME, cmd.ChooseSpace(space="neapolis"))
    assert "neapolis" not in s.sieges and s.sieges["capua"].points == 2
    assert B.cu_outside(s, CARTHAGE, "neapolis") == 4


def test_card_53_tribal_resistance_ends_a_submission_and_costs_the_army_a_cu_25():
    """§25 #53: a tribe the enemy is submitting loses its submission points; his army there loses 1 CU."""
    s = clear()
    put(s, ROME, "boii", 4, generals=("marcellus",), office="proconsul")
    s.sieges["boii"] = Siege(side=ROME, points=2)
    put(s, CARTHAGE, "insubres", 4)
    s.sieges["insubres"] = Siege(side=CARTHAGE, points=1)  # Carthage's own submission: not a target
    strategy(s, CARTHAGE, [53])
    event(s, CARTHAGE, 53)
    assert chosen(s, CARTHAGE) == ["boii"]
    play(s, CARTHAGE, cmd.ChooseSpace(space="boii"))
    assert "boii" not in s.sieges and B.cu_outside(s, ROME, "boii") == 3
    assert s.sieges["insubres"].points == 1


# ------------------------------------------------------------------------- the siege train
def train_at(s):
    from engine.games.hannibal.siege_train import siege_train_at
    return siege_train_at(s)


def place_train(s, space):
    strategy(s, CARTHAGE, [30], [1])
    event(s, CARTHAGE, 30)
    play(s, CARTHAGE, cmd.ChooseSpace(space=space))


def test_card_30_the_siege_train_joins_a_carthaginian_army_and_returns_to_the_deck_25():
    """§25 #30: the counter goes with a Carthaginian army (general and CU), never into a besieged city
    (a reinforcement event, §25); the card is not removed; replaying it moves the only counter."""
    s = clear()
    put(s, CARTHAGE, "capua", 5, generals=("hannibal",))
    put(s, CARTHAGE, "cannae", 3, generals=("mago",))
    put(s, CARTHAGE, "luceria", 3)  # CU without a general: not an army
    put(s, CARTHAGE, "saguntum", 0, inside=3, generals=("hasdrubal",))
    s.gens["hasdrubal"].inside = True
    put(s, ROME, "saguntum", 4)
    s.sieges["saguntum"] = Siege(side=ROME, points=1)
    strategy(s, CARTHAGE, [30], [1])
    assert not can_play_event(clear_hand(ROME, 30), ROME, 30)
    event(s, CARTHAGE, 30)
    assert chosen(s, CARTHAGE) == ["cannae", "capua"]
    play(s, CARTHAGE, cmd.ChooseSpace(space="capua"))
    assert train_at(s) == "capua" and 30 in s.discard and 30 not in s.removed
    s.discard.remove(30)
    strategy(s, CARTHAGE, [30], [1])
    event(s, CARTHAGE, 30)
    assert chosen(s, CARTHAGE) == ["cannae"]  # moved to another army
    play(s, CARTHAGE, cmd.ChooseSpace(space="cannae"))
    assert train_at(s) == "cannae"


def test_card_30_the_siege_train_adds_one_to_its_armys_siege_roll_only_25():
    """§25 #30: +1 to the siege rolls of the army it is with (ruling G20: not to submission rolls)."""
    rolls = {}
    for with_train in (False, True):
        s = clear()
        put(s, CARTHAGE, "neapolis", 5, generals=("mago",))
        if with_train:
            place_train(s, "neapolis")
        from .test_movement import activate
        activate(s, CARTHAGE, "mago")
        play(s, CARTHAGE, cmd.ChooseNumber(number=5))
        events = play(s, CARTHAGE, cmd.ChooseOption(option="siege"), Dice(4))
        rolls[with_train] = of(events, ev.DieRolled)[0].modifier
    assert rolls[True] == rolls[False] + 1


def test_card_30_the_siege_train_moves_with_its_army_and_outside_the_10_cu_25():
    """§25 #30: it moves with the army by land and takes no room among its 10 CU."""
    s = clear()
    put(s, CARTHAGE, "cannae", 12, generals=("mago",))
    place_train(s, "cannae")
    activate(s, CARTHAGE, "mago")
    assert max(c.number for c in legal(s, CARTHAGE)) == 10
    play(s, CARTHAGE, cmd.ChooseNumber(number=10))
    assert "train" in top(s).flags
    play(s, CARTHAGE, cmd.ChooseSpace(space="venusia"))
    assert train_at(s) == "venusia"
    play(s, CARTHAGE, cmd.ChooseOption(option="leave_train"))
    play(s, CARTHAGE, cmd.ChooseSpace(space="tarentum"))
    assert train_at(s) == "venusia"  # left behind on purpose


def test_card_30_the_siege_train_never_crosses_an_alpine_pass_nor_sails_25():
    """§25 #30: an army crossing an alpine pass or going by sea leaves it behind."""
    from engine.games.hannibal.components import LINKS
    alp = next(ln for ln in LINKS if ln.kind == "alpine_pass")
    s = clear()
    put(s, CARTHAGE, alp.a, 5, generals=("mago",))
    place_train(s, alp.a)
    activate(s, CARTHAGE, "mago")
    play(s, CARTHAGE, cmd.ChooseNumber(number=5))
    play(s, CARTHAGE, cmd.ChooseSpace(space=alp.b))
    events = play(s, ROME, cmd.Pass(), Dice(1))  # Rome's Adverse Elements window; pass attrition: no loss
    assert of(events, ev.DieRolled)[0].purpose == "attrition:pass"
    assert train_at(s) == alp.a
    s = clear()
    put(s, CARTHAGE, "saguntum", 5, generals=("mago",))
    place_train(s, "saguntum")
    s.markers["truce"] = 1  # no naval roll (set after card 30, which would end it)
    activate(s, CARTHAGE, "mago")
    play(s, CARTHAGE, cmd.ChooseNumber(number=5))
    play(s, CARTHAGE, cmd.ChooseOption(option="sail"))
    play(s, CARTHAGE, cmd.ChooseSpace(space="carthago_nova"))
    play(s, ROME, cmd.Pass())  # the naval window (G12)
    assert s.gens["mago"].where == "carthago_nova" and train_at(s) == "saguntum"


def test_card_30_the_siege_train_left_alone_is_lost_when_enemy_cu_reach_it_25():
    """§25 #30: alone and caught by enemy CU, it is removed from the game (ruling G20: the card's
    event is then unplayable)."""
    s = clear()
    put(s, CARTHAGE, "venusia", 5, generals=("mago",))
    place_train(s, "venusia")
    activate(s, CARTHAGE, "mago")
    play(s, CARTHAGE, cmd.ChooseNumber(number=5))
    play(s, CARTHAGE, cmd.ChooseOption(option="leave_train"))
    play(s, CARTHAGE, cmd.ChooseSpace(space="tarentum"))
    assert train_at(s) == "venusia"  # alone, but nobody there: it stays
    put(s, ROME, "luceria", 5, generals=("varro",), office="consul")
    activate(s, ROME, "varro")
    play(s, ROME, cmd.ChooseSpace(space="venusia"))
    assert train_at(s) == "" and s.markers.get("siege_train_lost") == 1
    put(s, CARTHAGE, "cannae", 5, generals=("hannibal",))
    strategy(s, CARTHAGE, [30])
    assert not can_play_event(s, CARTHAGE, 30)


def _train_marker(s, space):
    from engine.games.hannibal.siege_train import space_code
    s.markers.update({"siege_train": 1, "siege_train_at": space_code(space)})


def test_card_30_the_siege_train_withdraws_with_its_army_16_3():
    """Hannibal §25 #30 with §16.3: the train is like a Carthaginian CU, and a withdrawing army may not
    split, so it goes with the army (a withdrawal crosses no pass); it is neither left behind nor
    lost, as it is only when the army is forced to retreat (ruling G70)."""
    from .test_relief_and_withdrawal import withdrawal_battle
    s = withdrawal_battle()
    _train_marker(s, "arretium")
    play(s, CARTHAGE, cmd.ChooseOption(option="withdraw"), Dice(1))
    play(s, ROME, cmd.Pass(), Dice(1))
    play(s, CARTHAGE, cmd.ChooseSpace(space="faesulae"))
    assert s.gens["hasdrubal"].where == "faesulae"
    assert train_at(s) == "faesulae" and not s.markers.get("siege_train_lost")


def test_card_30_the_siege_train_avoids_battle_with_the_cu_that_avoid_13_1():
    """Hannibal §25 #30 with §13.1-§13.2: like a Carthaginian CU, the train goes with a force that
    avoids battle taking CU (an avoidance crosses no pass); it is not left alone to be caught by the
    enemy army (ruling G70)."""
    s = clear()
    control(s, -1, "venusia", "grumentum", "tarentum", "cannae", "luceria", "beneventum")
    put(s, CARTHAGE, "venusia", 5, generals=("mago",))
    _train_marker(s, "venusia")
    put(s, ROME, "luceria", 6, generals=("varro",), office="consul")
    activate(s, ROME, "varro")
    if top(s).kind == "form_army":
        play(s, ROME, cmd.ChooseNumber(number=6))
    play(s, ROME, cmd.ChooseSpace(space="venusia"))
    assert top(s).kind == "reaction" and top(s).seat == CARTHAGE
    play(s, CARTHAGE, cmd.ChooseOption(option="avoid"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=5))  # every CU avoids
    play(s, CARTHAGE, cmd.Pass(), Dice(1))  # the avoidance roll: 1, a success
    assert top(s).kind == "avoid_to"
    play(s, CARTHAGE, cmd.ChooseSpace(space="grumentum"))
    assert s.gens["mago"].where == "grumentum"
    assert train_at(s) == "grumentum" and not s.markers.get("siege_train_lost")


def test_card_30_the_siege_train_of_a_beaten_army_is_lost_25():
    """§25 #30: forced to retreat, it is removed."""
    from .test_battle import fight
    s = clear()
    put(s, ROME, "cannae", 5, generals=("varro",), office="consul")
    put(s, CARTHAGE, "cannae", 5, generals=("mago",))
    s.markers.update({"siege_train": 1})
    from engine.games.hannibal.siege_train import space_code
    s.markers["siege_train_at"] = space_code("cannae")
    assert train_at(s) == "cannae"
    fight(s, "cannae", ROME, ({"frontal_assault": 1}, {}))
    play(s, ROME, cmd.PlayBattleCard(card="frontal_assault", as_type="frontal_assault"))
    play(s, CARTHAGE, cmd.ChooseOption(option="concede"), Dice(1, 1))
    assert train_at(s) == "" and s.markers.get("siege_train_lost") == 1
    assert B.cu_total(s, CARTHAGE, "cannae") > 0  # the army itself still stands, about to retreat


def test_reinforcement_event_never_overfills_a_city_with_the_enemy_outside_25():
    """§25 (reinforcement events follow §6.3) with §10.7 (ruling G34): Hanno and 4 CU inside
    Carthago, a Roman army outside but no siege yet; card 12's CU go inside only up to the 5 the
    city holds, the rest is not placed."""
    s = clear()
    put(s, CARTHAGE, "carthago", 0, inside=4, generals=("hanno",))
    s.gens["hanno"].inside = True
    put(s, ROME, "carthago", 6, generals=("p_scipio",), office="consul")
    s.control["carthago"] = CARTHAGE
    strategy(s, CARTHAGE, [12], [])
    events = play(s, CARTHAGE, cmd.PlayCard(card=12, use="event"))
    placed = of(events, ev.CuPlaced)
    assert len(placed) == 1 and placed[0].inside and placed[0].count == 1
    assert B.cu_inside(s, CARTHAGE, "carthago") == 5 and B.cu_outside(s, CARTHAGE, "carthago") == 0


# ------------------------------------------- "with a general" when the general stands inside a city
def test_reinforcement_event_joins_a_general_inside_his_own_city_up_to_its_room_25():
    """§25 #11 with §6.3, §10.7 (ruling G34): Mago and 1 CU are inside Saguntum (room for 2) while a
    Roman army stands outside, no siege yet. Balearic Slingers (2 CU with the Balearics) go with Mago,
    inside the walls, and only as many as the city still holds: 1 CU inside, none outside."""
    s = clear()
    put(s, CARTHAGE, "saguntum", 0, inside=1, generals=("mago",))
    s.gens["mago"].inside = True
    put(s, ROME, "saguntum", 4, generals=("varro",), office="consul")
    control(s, CARTHAGE, "saguntum", "balearis_maior", "balearis_minor", "ebusus")
    assert B.controls_province(s, CARTHAGE, "baleares")
    strategy(s, CARTHAGE, [11])
    event(s, CARTHAGE, 11)
    assert chosen(s, CARTHAGE) == ["saguntum"]
    events = play(s, CARTHAGE, cmd.ChooseSpace(space="saguntum"))
    placed = of(events, ev.CuPlaced)
    assert len(placed) == 1 and placed[0].inside and placed[0].count == 1
    assert B.cu_inside(s, CARTHAGE, "saguntum") == 2 and B.cu_outside(s, CARTHAGE, "saguntum") == 0
    assert s.gens["mago"].status == "map" and s.gens["mago"].inside


def test_reinforcement_event_never_goes_to_a_general_inside_a_full_city_25():
    """§25 with §6.3, §10.7: the city already holds all it can (2 CU at Saguntum); the general inside
    cannot receive the event's CU, and they are not put outside the walls instead."""
    s = clear()
    put(s, CARTHAGE, "saguntum", 0, inside=2, generals=("mago",))
    s.gens["mago"].inside = True
    put(s, ROME, "saguntum", 4, generals=("varro",), office="consul")
    control(s, CARTHAGE, "saguntum")
    put(s, CARTHAGE, "cannae", 2, generals=("hannibal",))
    strategy(s, CARTHAGE, [11])
    event(s, CARTHAGE, 11)
    assert chosen(s, CARTHAGE) == ["cannae"]


@pytest.mark.parametrize("card", [43, 44])
def test_roman_reinforcement_event_joins_a_general_inside_roma_25(card):
    """§25 #43-44 with §6.3: Varro is inside Roma with 2 CU, Hannibal's army outside, no siege yet.
    The event's CU go inside the walls with him, not outside among Hannibal's army."""
    s = clear()
    put(s, ROME, "roma", 0, inside=2, generals=("varro",), office="consul")
    s.gens["varro"].inside = True
    put(s, CARTHAGE, "roma", 6, generals=("hannibal",))
    strategy(s, ROME, [card])
    event(s, ROME, card)
    events = play(s, ROME, cmd.ChooseSpace(space="roma"))
    placed = of(events, ev.CuPlaced)
    assert len(placed) == 1 and placed[0].inside
    assert B.cu_inside(s, ROME, "roma") == 2 + placed[0].count and B.cu_outside(s, ROME, "roma") == 0

