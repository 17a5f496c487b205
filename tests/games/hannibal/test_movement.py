"""Movement (§10-§13, §18): activation, MP and passes, overrun, naval moves and their roll,
interception, avoiding battle and pursuit, consular armies."""

from __future__ import annotations

from engine.games.hannibal.components import link_between, neighbours
from engine.games.hannibal.naval import naval_modifier

from .helpers import CARTHAGE, ROME, B, Dice, Frame, at, clear, cmd, control, ev, legal, of, play, put, strategy, top


def activate(s, side, general, card=64, ops=3, mp=4, naval=5):
    at(s, Frame(kind="form_army", seat=side, general=general, space=s.gens[general].where, card=card, mp=mp,
                nums=[naval]))
    from engine.games.hannibal.march import advance_form
    from engine.games.hannibal.flow import Ctx
    ctx = Ctx(s, Dice())
    advance_form(ctx, ctx.top)
    s.flow = ctx.s.flow
    for e in ctx.out:
        from engine.games.hannibal.state import evolve
        evolve(s, e.event)
    return s


def test_10_2_an_army_moves_at_most_10_cu_and_4_mp():
    s = clear()
    put(s, CARTHAGE, "saguntum", 12, generals=("hannibal",))
    activate(s, CARTHAGE, "hannibal")
    assert top(s).kind == "form_army"
    assert max(c.number for c in legal(s, CARTHAGE)) == 10
    play(s, CARTHAGE, cmd.ChooseNumber(number=10))
    assert top(s).kind == "move" and top(s).mp == 4 and top(s).count == 10


def test_18_1_a_consul_never_moves_off_with_fewer_than_5_cu():
    s = clear()
    put(s, ROME, "roma", 8, generals=("p_scipio",), office="consul")
    activate(s, ROME, "p_scipio")
    assert min(c.number for c in legal(s, ROME)) == 5


def test_10_4_a_general_alone_never_enters_enemy_cu():
    s = clear()
    put(s, ROME, "capua", 0, generals=("marcellus",), office="proconsul")
    nb = neighbours("capua")[0]
    put(s, CARTHAGE, nb, 2)
    activate(s, ROME, "marcellus")
    assert cmd.ChooseSpace(space=nb) not in legal(s, ROME)


def test_10_5_an_army_of_5_overruns_a_lone_cu_and_moves_on():
    s = clear()
    put(s, ROME, "roma", 6, generals=("marcellus",), office="proconsul")
    nb = next(n for n in neighbours("roma") if link_between("roma", n).kind == "ordinary")
    put(s, CARTHAGE, nb, 1)
    control(s, ROME, nb)
    activate(s, ROME, "marcellus")
    play(s, ROME, cmd.ChooseNumber(number=6))
    events = play(s, ROME, cmd.ChooseSpace(space=nb))
    assert of(events, ev.CuLost)[0].cause == "overrun"
    assert top(s).kind == "move" and top(s).mp == 3  # no battle; the move goes on


def test_10_6_a_pass_costs_2_mp_and_an_attrition_roll():
    s = clear()
    pas = next(ln for ln in __import__("engine.games.hannibal.components", fromlist=["LINKS"]).LINKS
               if ln.kind == "pass")
    put(s, ROME, pas.a, 6, generals=("marcellus",), office="proconsul")
    control(s, ROME, pas.b)
    activate(s, ROME, "marcellus")
    play(s, ROME, cmd.ChooseNumber(number=6))
    events = play(s, ROME, cmd.ChooseSpace(space=pas.b), Dice(1))
    rolled = of(events, ev.DieRolled)
    assert rolled[0].purpose == "attrition:pass" and rolled[0].modifier == -2
    mv = next(f for f in s.flow if f.kind == "move")
    assert mv.mp == 2


def test_10_6_the_strait_of_messina_needs_both_ports():
    s = clear()
    put(s, ROME, "rhegium", 0, generals=("marcellus",), office="proconsul")
    control(s, ROME, "rhegium")
    control(s, CARTHAGE, "messana")
    activate(s, ROME, "marcellus")
    assert cmd.ChooseSpace(space="messana") not in legal(s, ROME)
    control(s, ROME, "messana")
    assert cmd.ChooseSpace(space="messana") in legal(s, ROME)


def test_11_6_example_1_carthago_to_carthago_nova_is_minus_4():
    s = clear()
    control(s, CARTHAGE, "carthago", "carthago_nova")
    control(s, -1, "syracusae")
    mv = Frame(kind="move", seat=CARTHAGE, space="carthago", count=5)
    assert naval_modifier(s, mv, "carthago_nova") == -4


def test_11_6_example_2_one_cu_from_carthago_nova_to_a_roman_rhegium_is_minus_1():
    s = clear()
    control(s, CARTHAGE, "carthago_nova")
    control(s, ROME, "rhegium")
    control(s, -1, "syracusae")
    mv = Frame(kind="move", seat=CARTHAGE, space="carthago_nova", count=1)
    assert naval_modifier(s, mv, "rhegium") == -1


def test_11_5_a_sunk_carthaginian_fleet_loses_its_cu_and_its_general_is_neutralized():
    s = clear()
    put(s, CARTHAGE, "carthago", 3, generals=("mago",))
    activate(s, CARTHAGE, "mago")
    play(s, CARTHAGE, cmd.ChooseNumber(number=3))
    play(s, CARTHAGE, cmd.ChooseOption(option="sail"))
    events = play(s, CARTHAGE, cmd.ChooseSpace(space="ostia" if "ostia" in B.SPACES else "neapolis"), Dice(6))
    assert of(events, ev.DieRolled)[0].purpose == "naval"
    assert s.gens["mago"].status == "neutralized"
    assert B.cu_total(s, CARTHAGE, "carthago") == 0


def test_12_4_a_successful_interception_joins_the_space_with_its_cu():
    s = clear()
    a, x = "capua", "nola"
    assert link_between(a, x) is not None
    put(s, ROME, a, 4, generals=("marcellus",), office="proconsul")
    src = next(n for n in neighbours(x) if n != a and link_between(x, n).kind == "ordinary")
    put(s, CARTHAGE, src, 6, generals=("hannibal",))
    control(s, -1, x)
    activate(s, CARTHAGE, "hannibal")
    play(s, CARTHAGE, cmd.ChooseNumber(number=6))
    play(s, CARTHAGE, cmd.ChooseSpace(space=x))
    assert top(s).kind == "reaction" and top(s).seat == ROME
    play(s, ROME, cmd.ChooseGeneral(general="marcellus"))
    play(s, ROME, cmd.ChooseNumber(number=4))
    events = play(s, ROME, cmd.Pass(), Dice(1))
    assert of(events, ev.UnitsMoved)[-1].how == "intercept"
    assert top(s).kind == "intercepted" and top(s).seat == CARTHAGE


def test_13_1_a_failed_avoidance_means_battle_with_one_card_less():
    s = clear()
    put(s, ROME, "nola", 3, generals=("varro",), office="consul")
    put(s, CARTHAGE, "capua", 6, generals=("hannibal",))
    control(s, -1, "nola")
    activate(s, CARTHAGE, "hannibal")
    play(s, CARTHAGE, cmd.ChooseNumber(number=6))
    play(s, CARTHAGE, cmd.ChooseSpace(space="nola"))
    if top(s).kind == "city_declare":
        play(s, ROME, cmd.ChooseNumber(number=0))
    play(s, ROME, cmd.ChooseOption(option="avoid"))
    events = play(s, ROME, cmd.Pass(), Dice(6))  # fails: more than Varro's rating
    from engine.games.hannibal.battle import battle_card_count
    dealt = {e.seat: len(e.cards) for e in of(events, ev.BattleCardsDealt)}
    assert dealt[ROME] == battle_card_count(s, ROME, "nola", 0, []) - 1
    assert dealt[CARTHAGE] == battle_card_count(s, CARTHAGE, "nola", 0, [])


def test_9_2_a_commander_drops_subordinates_with_cu_along_his_way():
    """§9.2 example: Hannibal leaves Gisgo and Mago, with CU, in spaces he passes."""
    s = clear()
    put(s, CARTHAGE, "saguntum", 10, generals=("hannibal", "mago", "hasdrubal_gisgo"))
    activate(s, CARTHAGE, "hannibal")
    play(s, CARTHAGE, cmd.ChooseGeneral(general="mago"))
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hasdrubal_gisgo"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=10))
    b = next(n for n in neighbours("saguntum") if link_between("saguntum", n).kind == "ordinary")
    control(s, CARTHAGE, b)
    play(s, CARTHAGE, cmd.ChooseSpace(space=b))
    while top(s).kind != "move":
        play(s, top(s).seat, cmd.Pass())
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hasdrubal_gisgo"))  # Gisgo stays here ...
    play(s, CARTHAGE, cmd.ChooseOption(option="drop"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=3))                       # ... with 3 CU
    mv = top(s)
    assert mv.generals == ["mago"] and mv.count == 7
    assert s.gens["hasdrubal_gisgo"].where == b and s.gens["hannibal"].where == b
    c = next(n for n in neighbours(b) if n != "saguntum" and link_between(b, n).kind == "ordinary")
    control(s, CARTHAGE, c)
    play(s, CARTHAGE, cmd.ChooseSpace(space=c))
    while top(s).kind != "move":
        play(s, top(s).seat, cmd.Pass())
    assert s.gens["hasdrubal_gisgo"].where == b and B.cu_total(s, CARTHAGE, b) == 3
    assert s.gens["mago"].where == c and B.cu_total(s, CARTHAGE, c) == 7


def test_11_1_a_land_step_then_a_sea_move_costs_4_mp():
    """§11.1 example: one space by land to a port, then by sea (3 MP)."""
    s = clear()
    from engine.games.hannibal.components import SPACES as SP
    port, inland = next((p, n) for p in sorted(SP) if SP[p].port and B.country(p) == "spain" for n in neighbours(p)
                        if SP[n].port is None and link_between(p, n).kind == "ordinary")
    put(s, CARTHAGE, inland, 3, generals=("hasdrubal",))
    control(s, CARTHAGE, inland, port)
    activate(s, CARTHAGE, "hasdrubal")
    play(s, CARTHAGE, cmd.ChooseNumber(number=3))
    play(s, CARTHAGE, cmd.ChooseSpace(space=port))
    assert top(s).mp == 3 and cmd.ChooseOption(option="sail") in legal(s, CARTHAGE)
    play(s, CARTHAGE, cmd.ChooseOption(option="sail"))
    events = play(s, CARTHAGE, cmd.ChooseSpace(space="carthago"), Dice(1))
    assert of(events, ev.UnitsMoved)[-1].how == "sail" and s.gens["hasdrubal"].where == "carthago"
    assert not any(f.kind == "move" for f in s.flow)  # 4 MP spent: the move is over


def test_10_12_nero_marches_6_spaces_in_a_campaign():
    s = clear()
    put(s, ROME, "roma", 5, generals=("nero",), office="consul")
    at(s, Frame(kind="campaign", seat=ROME, card=37, count=2))
    play(s, ROME, cmd.ChooseGeneral(general="nero"))  # a consul takes his 5 CU (§18.1): no choice left
    assert top(s).kind == "move" and top(s).mp == 6 and top(s).count == 5


def test_20_2_one_siege_roll_per_city_per_campaign():
    """§20.2: a major campaign may not make three siege rolls against one city."""
    s = clear()
    control(s, CARTHAGE, "capua")
    put(s, ROME, "capua", 6, generals=("marcellus", "fabius"), office="proconsul")
    at(s, Frame(kind="campaign", seat=ROME, card=33, count=3))
    play(s, ROME, cmd.ChooseGeneral(general="marcellus"))
    play(s, ROME, cmd.Pass())  # takes no subordinate
    play(s, ROME, cmd.ChooseNumber(number=3))
    assert cmd.ChooseOption(option="siege") in legal(s, ROME)
    play(s, ROME, cmd.ChooseOption(option="siege"), Dice(1))
    assert top(s).kind == "campaign"
    play(s, ROME, cmd.ChooseGeneral(general="fabius"))
    assert cmd.ChooseOption(option="siege") not in legal(s, ROME)


def test_12_5_stepping_back_by_sea_rolls_the_naval_table_again():
    """§12.5: an army intercepted after a landing may step back to its port; Carthage rolls again,
    and a 'turned back' result keeps it in the port of the interception, to fight."""
    from engine.games.hannibal.components import SPACES as SP
    land, near = next((p, n) for p in sorted(SP) if SP[p].port and B.country(p) == "italy" for n in neighbours(p)
                      if link_between(p, n).kind == "ordinary")
    from engine.games.hannibal.components import naval_result
    probe = clear()
    control(probe, CARTHAGE, "carthago")
    control(probe, -1, land)
    mod = naval_modifier(probe, Frame(kind="move", seat=CARTHAGE, space=land, count=4), "carthago")
    back = next(r for r in range(1, 7) if naval_result(r + mod) == "turned_back")
    for roll, where in ((1, "carthago"), (back, land)):
        s = clear()
        control(s, CARTHAGE, "carthago")
        control(s, -1, land)
        put(s, CARTHAGE, "carthago", 4, generals=("mago",))
        put(s, ROME, near, 5, generals=("marcellus",), office="proconsul")
        activate(s, CARTHAGE, "mago")
        play(s, CARTHAGE, cmd.ChooseNumber(number=4))
        play(s, CARTHAGE, cmd.ChooseOption(option="sail"))
        play(s, CARTHAGE, cmd.ChooseSpace(space=land), Dice(1))  # the sea move arrives
        assert top(s).kind == "reaction"
        play(s, ROME, cmd.ChooseGeneral(general="marcellus"))
        play(s, ROME, cmd.ChooseNumber(number=5))
        play(s, ROME, cmd.Pass(), Dice(1))  # the interception succeeds
        assert cmd.ChooseOption(option="step_back") in legal(s, CARTHAGE)
        events = play(s, CARTHAGE, cmd.ChooseOption(option="step_back"), Dice(roll))
        assert of(events, ev.DieRolled)[0].purpose == "naval"
        assert s.gens["mago"].where == where
        assert bool(of(events, ev.BattleBegan)) == (where == land)


def test_18_3_a_proconsul_entering_a_small_consular_army_stops_or_tops_it_up():
    s = clear()
    a = "roma"
    b = next(n for n in neighbours(a) if link_between(a, n).kind == "ordinary")
    put(s, ROME, a, 8, generals=("marcellus",), office="proconsul")
    put(s, ROME, b, 3, generals=("varro",), office="consul")
    control(s, ROME, a, b)
    activate(s, ROME, "marcellus")
    play(s, ROME, cmd.ChooseNumber(number=8))
    play(s, ROME, cmd.ChooseSpace(space=b))
    assert not [c for c in legal(s, ROME) if isinstance(c, cmd.ChooseSpace)]  # held: 3 < 5
    play(s, ROME, cmd.ChooseOption(option="drop"))
    play(s, ROME, cmd.ChooseNumber(number=2))  # the consul's army now has 5
    assert [c for c in legal(s, ROME) if isinstance(c, cmd.ChooseSpace)]


def test_10_10_a_general_alone_caught_by_an_interception_is_neutralized():
    s = clear()
    a = "capua"
    x = next(n for n in neighbours(a) if link_between(a, n).kind == "ordinary")
    src = next(n for n in neighbours(x) if n != a and link_between(x, n).kind == "ordinary")
    put(s, ROME, a, 0, generals=("marcellus",), office="proconsul")
    put(s, CARTHAGE, src, 4, generals=("mago",))
    control(s, -1, x)
    activate(s, ROME, "marcellus")
    play(s, ROME, cmd.ChooseSpace(space=x))
    play(s, CARTHAGE, cmd.ChooseGeneral(general="mago"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=4))
    play(s, CARTHAGE, cmd.Pass(), Dice(1))
    assert s.gens["marcellus"].status == "neutralized"
    assert not any(f.kind in ("move", "battle_loop") for f in s.flow)


def test_10_11_cu_moved_by_one_general_move_on_with_another_only_to_4_spaces_in_all():
    """§10.11: in a campaign no CU moves more than 4 spaces, whichever generals move it."""
    s = clear()
    a = "roma"
    b = next(n for n in neighbours(a) if link_between(a, n).kind == "ordinary")
    c = next(n for n in neighbours(b) if n != a and link_between(b, n).kind == "ordinary")
    for sp in (a, b, c):
        control(s, ROME, sp)
    put(s, ROME, a, 5, generals=("marcellus",), office="proconsul")
    put(s, ROME, c, 0, generals=("paullus",), office="proconsul")
    at(s, Frame(kind="campaign", seat=ROME, card=37, count=2))
    play(s, ROME, cmd.ChooseGeneral(general="marcellus"))
    play(s, ROME, cmd.ChooseNumber(number=5))
    play(s, ROME, cmd.ChooseSpace(space=b))
    play(s, ROME, cmd.ChooseSpace(space=c))
    play(s, ROME, cmd.ChooseOption(option="drop"))
    play(s, ROME, cmd.ChooseNumber(number=5))  # the 5 CU stay in c, having moved 2 spaces
    play(s, ROME, cmd.Pass())
    assert top(s).kind == "campaign"
    play(s, ROME, cmd.ChooseGeneral(general="paullus"))
    play(s, ROME, cmd.Pass())  # Marcellus, who stopped here, stays
    play(s, ROME, cmd.ChooseNumber(number=5))
    assert top(s).kind == "move" and top(s).mp == 2  # 4 - 2 already moved
    s2 = clear()
    for sp in (a, b, c):
        control(s2, ROME, sp)
    put(s2, ROME, a, 5, generals=("marcellus",), office="proconsul")
    put(s2, ROME, c, 0, generals=("paullus",), office="proconsul")
    at(s2, Frame(kind="campaign", seat=ROME, card=37, count=2))
    play(s2, ROME, cmd.ChooseGeneral(general="paullus"))
    play(s2, ROME, cmd.Pass())
    play(s2, ROME, cmd.ChooseGeneral(general="marcellus"))
    play(s2, ROME, cmd.ChooseNumber(number=5))
    assert top(s2).mp == 4  # fresh units: the whole 4


def test_12_8_an_army_intercepted_after_landing_at_its_city_may_step_back_into_it():
    s = clear()
    land = "tarentum"
    near = next(n for n in neighbours(land) if link_between(land, n).kind == "ordinary")
    control(s, CARTHAGE, "carthago", land)
    put(s, CARTHAGE, "carthago", 2, generals=("mago",))
    put(s, ROME, near, 5, generals=("marcellus",), office="proconsul")
    s.markers["truce"] = 0
    activate(s, CARTHAGE, "mago")
    play(s, CARTHAGE, cmd.ChooseNumber(number=2))
    play(s, CARTHAGE, cmd.ChooseOption(option="sail"))
    play(s, CARTHAGE, cmd.ChooseSpace(space=land), Dice(1))
    play(s, ROME, cmd.ChooseGeneral(general="marcellus"))
    play(s, ROME, cmd.ChooseNumber(number=5))
    play(s, ROME, cmd.Pass(), Dice(1))
    assert cmd.ChooseOption(option="into_city") in legal(s, CARTHAGE)
    play(s, CARTHAGE, cmd.ChooseOption(option="into_city"))
    assert B.cu_inside(s, CARTHAGE, land) == 2 and s.gens["mago"].inside
    assert not any(f.kind == "battle_loop" for f in s.flow)


def test_10_7_only_a_sides_own_city_shelters_it_when_the_enemy_enters():
    """§10.3 step 1 and §10.7: when an army enters a city space, the other side declares which of its
    CU stand inside the walls. The walls are those of its own city: Roman CU standing in the space
    of a Carthaginian city (not besieged) have no walls to go behind, so nothing is asked of Rome."""
    for owner, asked in ((ROME, True), (CARTHAGE, False)):
        s = clear()
        put(s, ROME, "capua", 3)
        put(s, CARTHAGE, "nola", 6, generals=("hannibal",))
        control(s, owner, "capua")
        control(s, -1, "nola")
        activate(s, CARTHAGE, "hannibal")
        play(s, CARTHAGE, cmd.ChooseNumber(number=6))
        play(s, CARTHAGE, cmd.ChooseSpace(space="capua"))
        assert (top(s).kind == "city_declare") is asked, (owner, top(s).kind)
        if not asked:
            assert B.cu_inside(s, ROME, "capua") == 0 and B.cu_outside(s, ROME, "capua") == 3


def test_the_move_list_words_an_army_forming_and_moving():
    """The move list (carthago moves) says what each answer does, in the step's own meaning: §10.2's
    two numbers of forming an army (how many CU go, then how many of them are elephants) read apart."""
    from engine.games.hannibal.notation import describe_command

    s = clear()
    put(s, CARTHAGE, "capua", 6, generals=("hannibal", "mago"), elephants=2)
    activate(s, CARTHAGE, "hannibal")
    assert describe_command(s, CARTHAGE, cmd.ChooseGeneral(general="mago")) == "Carthage takes Mago along"
    play(s, CARTHAGE, cmd.Pass())
    assert describe_command(s, CARTHAGE, cmd.ChooseNumber(number=4)) == "Carthage's army takes 4 CU"
    play(s, CARTHAGE, cmd.ChooseNumber(number=4))
    assert top(s).kind == "form_army"  # 4 of 6 CU go, 2 of the 6 elephants: how many elephants go?
    assert describe_command(s, CARTHAGE, cmd.ChooseNumber(number=1)) == "Carthage's army takes 1 elephant CU among them"
    play(s, CARTHAGE, cmd.ChooseNumber(number=1))
    assert top(s).kind == "move"
    assert describe_command(s, CARTHAGE, cmd.ChooseSpace(space="nola")) == "Carthage's army moves to Nola"
    assert describe_command(s, CARTHAGE, cmd.Pass()) == "Carthage's army stops"


def _two_consuls(cu: int):
    s = clear()
    for sp in ("roma", "aesernia", "capua"):
        control(s, ROME, sp)
    put(s, ROME, "roma", cu, generals=("varro", "paullus"), office="consul")
    activate(s, ROME, "varro")
    if cmd.ChooseGeneral(general="paullus") in legal(s, ROME):
        play(s, ROME, cmd.ChooseGeneral(general="paullus"))
    if top(s).kind == "form_army":
        play(s, ROME, cmd.ChooseNumber(number=min(cu, 10)))
    assert top(s).kind == "move" and top(s).generals == ["paullus"]
    play(s, ROME, cmd.ChooseSpace(space="aesernia"))
    return s


def test_10_9_a_consular_army_drops_a_consul_on_its_way_only_from_a_start_of_10_cu():
    """Hannibal §10.9 with its §18.1 exception: both consuls marching together may leave one on the
    way only if they set out from a space with at least 10 CU, and never with fewer than 5 CU."""
    s = _two_consuls(8)
    assert cmd.ChooseGeneral(general="paullus") not in legal(s, ROME)
    s = _two_consuls(12)
    assert cmd.ChooseGeneral(general="paullus") not in legal(s, ROME)  # no CU would stay with him
    play(s, ROME, cmd.ChooseOption(option="drop"))
    play(s, ROME, cmd.ChooseNumber(number=5))
    assert cmd.ChooseGeneral(general="paullus") in legal(s, ROME)
    play(s, ROME, cmd.ChooseGeneral(general="paullus"))
    assert top(s).generals == [] and top(s).count == 5


def test_10_2_an_army_picks_up_cu_from_a_consul_only_down_to_his_5():
    """Hannibal §10.2 with §18.1: an army picks up CU on its way, but never leaves a consul it passes
    with fewer than 5 CU; with 5 or fewer there, it takes none."""
    for consul_cu, allowed in ((7, {1, 2}), (5, set())):
        s = clear()
        for sp in ("roma", "aesernia"):
            control(s, ROME, sp)
        put(s, ROME, "roma", 3, generals=("marcellus",), office="proconsul")
        put(s, ROME, "aesernia", consul_cu, generals=("varro",), office="consul")
        activate(s, ROME, "marcellus")
        play(s, ROME, cmd.ChooseNumber(number=3))
        play(s, ROME, cmd.ChooseSpace(space="aesernia"))
        assert top(s).kind == "move"
        if not allowed:
            assert cmd.ChooseOption(option="pick_up") not in legal(s, ROME)
            continue
        play(s, ROME, cmd.ChooseOption(option="pick_up"))
        assert {c.number for c in legal(s, ROME)} == allowed


def test_10_11_a_subordinate_dropped_on_the_way_keeps_the_spaces_he_moved():
    """Hannibal §10.11: in a campaign no general moves more than 4 spaces in all. Mago, taken along by
    Hannibal for 3 spaces and dropped there alone, has 1 left when the campaign activates him."""
    s = clear()
    path = ["aesernia", "beneventum", "venusia", "cannae"]
    for sp in path + ["luceria"]:
        control(s, CARTHAGE, sp)
    put(s, CARTHAGE, "aesernia", 6, generals=("hannibal", "mago"))
    at(s, Frame(kind="campaign", seat=CARTHAGE, card=37, count=2))
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hannibal"))
    play(s, CARTHAGE, cmd.ChooseGeneral(general="mago"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=6))
    for sp in path[1:]:
        play(s, CARTHAGE, cmd.ChooseSpace(space=sp))
    play(s, CARTHAGE, cmd.ChooseGeneral(general="mago"))  # Mago stays at Cannae, alone
    play(s, CARTHAGE, cmd.ChooseSpace(space="luceria"))   # Hannibal's 4th space
    assert top(s).kind == "campaign"
    play(s, CARTHAGE, cmd.ChooseGeneral(general="mago"))
    assert top(s).kind == "move" and top(s).mp == 1


def test_10_11_cu_picked_up_in_a_campaign_limit_the_army_by_what_they_moved():
    """Hannibal §10.11: Hannibal leaves 3 CU at Venusia after 2 spaces; Mago, who came 1 space to
    Venusia, picks them up: they have 2 spaces left and he has 3, so the army goes 2 more."""
    s = clear()
    for sp in ("aesernia", "beneventum", "venusia", "luceria", "cannae", "tarentum"):
        control(s, CARTHAGE, sp)
    put(s, CARTHAGE, "aesernia", 6, generals=("hannibal",))
    put(s, CARTHAGE, "luceria", 0, generals=("mago",))
    at(s, Frame(kind="campaign", seat=CARTHAGE, card=37, count=2))
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hannibal"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=6))
    play(s, CARTHAGE, cmd.ChooseSpace(space="beneventum"))
    play(s, CARTHAGE, cmd.ChooseSpace(space="venusia"))
    play(s, CARTHAGE, cmd.ChooseOption(option="drop"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=3))
    play(s, CARTHAGE, cmd.ChooseSpace(space="cannae"))
    play(s, CARTHAGE, cmd.Pass())
    play(s, CARTHAGE, cmd.ChooseGeneral(general="mago"))
    play(s, CARTHAGE, cmd.ChooseSpace(space="venusia"))
    assert top(s).mp == 3
    play(s, CARTHAGE, cmd.ChooseOption(option="pick_up"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=3))
    assert top(s).mp == 2


def test_10_4_a_general_alone_passes_through_but_never_stops_on_a_lone_enemy_general():
    """Hannibal §10.4: a general without CU may cross a space where an enemy general stands alone, but
    may not end his move there: no stop is offered there, and he may not go there if he could not
    leave it."""
    s = clear()
    for sp in ("roma", "aesernia", "beneventum", "capua", "corfinium", "luceria", "nola", "venusia"):
        control(s, ROME, sp)
    put(s, ROME, "roma", 0, generals=("marcellus",), office="proconsul")
    put(s, CARTHAGE, "aesernia", 0, generals=("mago",))
    activate(s, ROME, "marcellus")
    play(s, ROME, cmd.ChooseSpace(space="aesernia"))
    assert top(s).kind == "move" and s.gens["mago"].status == "map"
    assert cmd.Pass() not in legal(s, ROME)
    assert cmd.ChooseSpace(space="beneventum") in legal(s, ROME)
    s = clear()
    put(s, ROME, "roma", 0, generals=("marcellus",), office="proconsul")
    put(s, CARTHAGE, "aesernia", 0, generals=("mago",))
    for nb in ("corfinium", "beneventum", "capua", "luceria"):  # every way on from Aesernia but back to Roma is shut
        put(s, CARTHAGE, nb, 2)
    activate(s, ROME, "marcellus", mp=2)
    assert cmd.ChooseSpace(space="aesernia") in legal(s, ROME)  # he may come back to Roma
    activate(s, ROME, "marcellus", mp=1)
    assert cmd.ChooseSpace(space="aesernia") not in legal(s, ROME)


def test_10_11_a_general_picked_up_in_a_campaign_brings_the_spaces_he_moved():
    """Hannibal §10.11, §10.8: Mago moved 3 spaces in the campaign; Hannibal, who came 1 space to him,
    takes him along: the army may go only 1 more (Mago's 4th)."""
    s = clear()
    for sp in ("aesernia", "beneventum", "venusia", "cannae", "luceria"):
        control(s, CARTHAGE, sp)
    put(s, CARTHAGE, "aesernia", 0, generals=("mago",))
    put(s, CARTHAGE, "venusia", 4, generals=("hannibal",))
    at(s, Frame(kind="campaign", seat=CARTHAGE, card=37, count=2))
    play(s, CARTHAGE, cmd.ChooseGeneral(general="mago"))
    for sp in ("beneventum", "venusia", "cannae"):
        play(s, CARTHAGE, cmd.ChooseSpace(space=sp))
    play(s, CARTHAGE, cmd.Pass())
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hannibal"))
    if top(s).kind == "form_army":
        play(s, CARTHAGE, cmd.ChooseNumber(number=4))
    play(s, CARTHAGE, cmd.ChooseSpace(space="cannae"))
    assert top(s).mp == 3
    play(s, CARTHAGE, cmd.ChooseGeneral(general="mago"))
    assert top(s).generals == ["mago"] and top(s).mp == 1


def test_11_1_11_4_a_minor_campaign_played_for_its_2_ops_moves_no_army_by_sea():
    """Hannibal §8.1, §11.1, §11.4: a sea move is open to an ops-3 card (one army of up to 5 CU) or
    to a campaign card played as its event (one army of up to 10 CU); a Minor Campaign played for its
    2 operations is neither, so the general it activates marches by land only. A Major Campaign
    (ops 3) played for its operations sails as any ops-3 card does."""
    for card, sails in ((37, False), (33, True)):
        s = clear()
        control(s, ROME, "neapolis")
        put(s, ROME, "neapolis", 3, generals=("marcellus",), office="proconsul")
        strategy(s, ROME, [card], [1])
        play(s, ROME, cmd.PlayCard(card=card, use="ops"))
        play(s, ROME, cmd.ChooseGeneral(general="marcellus"))
        play(s, ROME, cmd.ChooseNumber(number=3))
        assert top(s).kind == "move" and top(s).count == 3
        assert (cmd.ChooseOption(option="sail") in legal(s, ROME)) is sails, card
        assert any(isinstance(c, cmd.ChooseSpace) for c in legal(s, ROME))  # by land it may go


def test_24_hanno_sails_only_between_african_ports_and_so_does_an_army_carrying_him():
    """Hannibal §24: Hanno may sail from one African port to another, never out of Africa; an army
    that takes him along (§10.8) is held to Africa with him."""
    s = clear()
    put(s, CARTHAGE, "carthago", 2, generals=("hanno",))
    activate(s, CARTHAGE, "hanno")
    play(s, CARTHAGE, cmd.ChooseNumber(number=2))
    play(s, CARTHAGE, cmd.ChooseOption(option="sail"))
    ports = {c.space for c in legal(s, CARTHAGE) if isinstance(c, cmd.ChooseSpace)}
    assert ports and all(B.country(p) == "africa" for p in ports) and "utica" in ports
    s = clear()
    put(s, CARTHAGE, "carthago", 2, generals=("mago", "hanno"))
    activate(s, CARTHAGE, "mago")
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hanno"))  # he goes as a subordinate
    play(s, CARTHAGE, cmd.ChooseNumber(number=2))
    assert top(s).kind == "move" and top(s).generals == ["hanno"]
    play(s, CARTHAGE, cmd.ChooseOption(option="sail"))
    ports = {c.space for c in legal(s, CARTHAGE) if isinstance(c, cmd.ChooseSpace)}
    assert ports and all(B.country(p) == "africa" for p in ports)


def test_24_10_6_no_retreat_withdrawal_avoidance_or_interception_leaves_hannos_or_fabius_country():
    """Hannibal §24 with §10.6 (ruling G82): no land link leaves Africa, and every one leaving Italy is
    a pass or a strait, which no retreat, withdrawal, avoidance or interception crosses. So only a
    march, a sea move or a placement could take Hanno or Fabius out of his country, and those are the
    steps that check it. This pins the map fact those steps rely on."""
    from engine.games.hannibal.components import GENERALS, SPACES
    for g in ("hanno", "fabius"):
        country = GENERALS[g].confined_to
        for sp in SPACES:
            if B.country(sp) != country:
                continue
            for nb in neighbours(sp):
                if B.country(nb) != country:
                    assert link_between(sp, nb).kind != "ordinary", (g, sp, nb)
    assert not [nb for sp in SPACES if B.country(sp) == "africa" for nb in neighbours(sp) if B.country(nb) != "africa"]



def _capua_besieged(mp: int, roman_general: str = ""):
    """Capua, a Roman city, holds 2 Roman CU inside its walls (and maybe a Roman general with them),
    besieged by Hasdrubal's 3 CU outside; Mago stands alone at Nola, next to it."""
    from engine.games.hannibal.state import Siege
    s = clear()
    control(s, ROME, "capua")
    put(s, ROME, "capua", inside=2)
    if roman_general:
        put(s, ROME, "capua", generals=(roman_general,), office="proconsul")
        s.gens[roman_general].inside = True
    put(s, CARTHAGE, "capua", 3, generals=("hasdrubal",))
    s.sieges["capua"] = Siege(side=CARTHAGE, points=1)
    put(s, CARTHAGE, "nola", generals=("mago",))
    activate(s, CARTHAGE, "mago", mp=mp)
    assert top(s).kind == "move" and top(s).count == 0
    return s


def test_10_4_10_7_a_general_alone_enters_and_stops_where_enemy_cu_stand_inside_the_walls():
    """Hannibal §10.4, §10.7 (ruling G85): CU inside a city's walls have no effect on enemy movement,
    so a general without CU may enter their space, with his last MP too, and end his move there,
    beside them; so he may where an enemy general stands inside the walls with them."""
    for roman_general in ("", "marcellus"):
        s = _capua_besieged(1, roman_general)
        assert cmd.ChooseSpace(space="capua") in legal(s, CARTHAGE), roman_general
        events = play(s, CARTHAGE, cmd.ChooseSpace(space="capua"))
        assert not of(events, ev.GeneralOff) and not of(events, ev.DieRolled)
        assert cmd.Pass() in legal(s, CARTHAGE)
        play(s, CARTHAGE, cmd.Pass())
        assert s.gens["mago"].where == "capua" and s.gens["mago"].status == "map"
        assert B.cu_inside(s, ROME, "capua") == 2 and B.cu_outside(s, ROME, "capua") == 0


def test_10_4_g85_a_garrison_with_no_enemy_in_its_space_stands_outside_its_walls_and_bars_a_lone_general():
    """Hannibal §10.4, §10.7, §10.3 step 1 (ruling G85): CU stand inside their walls only while enemy
    CU are in the space; once the besiegers march off, the garrison stands outside (its owner says
    again where it stands when an enemy army comes), and a general without CU may not enter its
    space, as CU in the open bar him."""
    s = _capua_besieged(4)
    s.flow.pop()  # not Mago: Hasdrubal's army leaves Capua
    del s.sieges["capua"]
    activate(s, CARTHAGE, "hasdrubal")
    play(s, CARTHAGE, cmd.ChooseNumber(number=3))
    play(s, CARTHAGE, cmd.ChooseSpace(space="neapolis"))
    assert B.cu_outside(s, ROME, "capua") == 2 and B.cu_inside(s, ROME, "capua") == 0
    play(s, CARTHAGE, cmd.Pass())
    activate(s, CARTHAGE, "mago")
    assert cmd.ChooseSpace(space="capua") not in legal(s, CARTHAGE)
