"""Audit of §7-§8, §17-§19, §21-§24: consular armies and their command (§18), abilities used only
by a commander-in-chief (§24), the end-of-turn phases (§19.4, §21, §22)."""

from __future__ import annotations

from engine.games.hannibal.components import link_between, neighbours
from engine.games.hannibal.interception import intercept_range

from .helpers import CARTHAGE, ROME, B, Dice, Frame, G, at, clear, cmd, control, ev, legal, of, play, put, top


def activate(s, side, general, card=64, mp=4, naval=5):
    """Put ``general``'s army in formation, as an ops card would (§10.2)."""
    from engine.games.hannibal.flow import Ctx
    from engine.games.hannibal.march import advance_form
    from engine.games.hannibal.state import evolve
    at(s, Frame(kind="form_army", seat=side, general=general, space=s.gens[general].where, card=card, mp=mp,
                nums=[naval]))
    ctx = Ctx(s, Dice())
    advance_form(ctx, ctx.top)
    s.flow = ctx.s.flow
    for e in ctx.out:
        evolve(s, e.event)
    return s


def _ordinary_neighbour(a: str) -> str:
    return next(n for n in neighbours(a) if link_between(a, n).kind == "ordinary")


# ------------------------------------------------------------------------------------- §18.1
def test_18_1_a_proconsul_never_picks_up_cu_a_consul_needs_to_keep_5():
    """§18.1, §18.3: a proconsul stacked with a consul's 8 CU takes at most 3 of them, whether he
    takes them when forming his army or picks them up before leaving."""
    s = clear()
    put(s, ROME, "roma", 8, generals=("varro",), office="consul")
    put(s, ROME, "roma", 0, generals=("marcellus",), office="proconsul")
    activate(s, ROME, "marcellus")
    assert max(c.number for c in legal(s, ROME)) == 3
    play(s, ROME, cmd.ChooseNumber(number=3))
    assert top(s).kind == "move"
    assert cmd.ChooseOption(option="pick_up") not in legal(s, ROME)  # the consul keeps his 5


def test_18_1_an_army_picks_up_only_what_a_consul_met_on_the_way_can_spare():
    """§18.1: an army passing a consul with 7 CU may pick up 2 of them, no more."""
    s = clear()
    a = "roma"
    b = _ordinary_neighbour(a)
    put(s, ROME, a, 4, generals=("marcellus",), office="proconsul")
    put(s, ROME, b, 7, generals=("varro",), office="consul")
    control(s, ROME, a, b)
    activate(s, ROME, "marcellus")
    play(s, ROME, cmd.ChooseNumber(number=4))
    play(s, ROME, cmd.ChooseSpace(space=b))
    play(s, ROME, cmd.ChooseOption(option="pick_up"))
    assert legal(s, ROME) == [cmd.ChooseNumber(number=1), cmd.ChooseNumber(number=2)]


def test_18_1_a_consul_is_never_dropped_from_a_stack_of_fewer_than_10_cu():
    """§18.1: from 8 CU the consul must take the other consul along (he cannot leave him): he goes
    without a question (G56), and cannot be dropped on the way either."""
    s = clear()
    put(s, ROME, "roma", 8, generals=("varro", "paullus"), office="consul")
    activate(s, ROME, "varro")
    assert top(s).kind == "form_army" and top(s).generals == ["paullus"]
    assert legal(s, ROME) == [cmd.ChooseNumber(number=n) for n in range(5, 9)]
    play(s, ROME, cmd.ChooseNumber(number=8))
    assert top(s).kind == "move"
    assert cmd.ChooseGeneral(general="paullus") not in legal(s, ROME)


def test_18_1_the_forced_consul_goes_unasked_and_other_subordinates_are_still_offered():
    """§18.1, §9.2 (G56): both consuls and the proconsul with 8 CU: Varro takes Paullus without a
    question; Rome still chooses whether Marcellus goes too, and may stop there."""
    s = clear()
    put(s, ROME, "roma", 8, generals=("varro", "paullus"), office="consul")
    put(s, ROME, "roma", 0, generals=("marcellus",), office="proconsul")
    activate(s, ROME, "varro")
    assert top(s).generals == ["paullus"]
    assert legal(s, ROME) == [cmd.ChooseGeneral(general="marcellus"), cmd.Pass()]
    play(s, ROME, cmd.Pass())
    assert legal(s, ROME) == [cmd.ChooseNumber(number=n) for n in range(5, 9)]
    play(s, ROME, cmd.ChooseNumber(number=6))
    assert top(s).kind == "move" and top(s).generals == ["paullus"] and top(s).count == 6


def test_18_1_a_consul_from_10_cu_is_asked_whether_the_other_consul_goes():
    """§18.1: from 10 CU a consul may leave the other consul (5 CU stay with him): a real choice,
    still asked."""
    s = clear()
    put(s, ROME, "roma", 10, generals=("varro", "paullus"), office="consul")
    activate(s, ROME, "varro")
    assert top(s).generals == []
    assert legal(s, ROME) == [cmd.ChooseGeneral(general="paullus"), cmd.Pass()]


def test_18_1_both_consuls_from_10_cu_may_part_leaving_5_with_each():
    """§18.1: an army of both consuls that began its move with 10 CU may leave one consul on the
    way, but only with 5 CU dropped for him first."""
    s = clear()
    a = "roma"
    b = _ordinary_neighbour(a)
    put(s, ROME, a, 10, generals=("varro", "paullus"), office="consul")
    control(s, ROME, a, b)
    activate(s, ROME, "varro")
    play(s, ROME, cmd.ChooseGeneral(general="paullus"))
    play(s, ROME, cmd.ChooseNumber(number=10))
    play(s, ROME, cmd.ChooseSpace(space=b))
    assert cmd.ChooseGeneral(general="paullus") not in legal(s, ROME)  # he would stand with no CU
    play(s, ROME, cmd.ChooseOption(option="drop"))
    play(s, ROME, cmd.ChooseNumber(number=5))
    assert cmd.ChooseGeneral(general="paullus") in legal(s, ROME)
    play(s, ROME, cmd.ChooseGeneral(general="paullus"))
    assert top(s).generals == [] and top(s).count == 5


def test_18_1_12_7_a_consul_does_not_intercept_leaving_the_other_consul_behind():
    """§18.1, §12.7: two consuls with 8 CU: neither may intercept alone, as that would leave the
    other consul (the stack has fewer than 10 CU): he must take the other consul along (G52), and
    then 5 to 8 CU; with 12 CU one may go alone, taking 5 to 7."""
    from engine.games.hannibal.interception import _intercept_must_take
    s = clear()
    put(s, ROME, "roma", 8, generals=("varro", "paullus"), office="consul")
    assert _intercept_must_take(s, "varro", [])
    assert intercept_range(s, "varro", ["paullus"]) == (5, 8)
    s = clear()
    put(s, ROME, "roma", 12, generals=("varro", "paullus"), office="consul")
    assert not _intercept_must_take(s, "varro", [])
    assert intercept_range(s, "varro") == (5, 7)


# --------------------------------------------------------------------------------------- §24
def test_24_mago_ambush_needs_him_in_command_of_the_interception():
    """§24: an ability works only for the commander-in-chief. Mago and Hannibal intercept the same
    army from two stacks: Hannibal commands, so Mago's extra card (reconstructed ability) is not
    given; the interception's own card is (§14.1)."""
    from engine.games.hannibal.battle import start_battle
    from engine.games.hannibal.flow import Ctx
    s = clear()
    put(s, ROME, "arretium", 6, generals=("marcellus",), office="proconsul")
    put(s, CARTHAGE, "arretium", 3, generals=("hannibal",))
    put(s, CARTHAGE, "arretium", 3, generals=("mago",))
    s.gens["hannibal"].stamp = 20
    at(s)
    ctx = Ctx(s, Dice())
    start_battle(ctx, ROME, "arretium", origin="", interceptors=["hannibal", "mago"])
    deal = ctx.find("battle_deal")
    assert deal.nums[2 + CARTHAGE] == 1  # the successful interception only

    s = clear()
    put(s, ROME, "arretium", 6, generals=("marcellus",), office="proconsul")
    put(s, CARTHAGE, "arretium", 3, generals=("mago",))
    at(s)
    ctx = Ctx(s, Dice())
    start_battle(ctx, ROME, "arretium", origin="", interceptors=["mago"])
    assert ctx.find("battle_deal").nums[2 + CARTHAGE] == 2  # Mago commands: his ambush counts


# ------------------------------------------------------------------------------------- §18.2
def test_18_2_rome_names_the_commander_when_both_consuls_are_placed_in_one_army():
    """§18.2, ruling G60: the election puts both consuls with Roma's 6 CU (§6.5); Rome then names
    either one commander, here the first placed (the second would otherwise command)."""
    s = clear()
    put(s, ROME, "roma", 6)
    for g in ("varro", "marcellus"):
        s.gens[g].status = "cup"
    for g in [x for x in s.gens if B.side_of(x) == ROME and x not in ("varro", "marcellus")]:
        s.gens[g].status = "removed"
    at(s, Frame(kind="elect_consuls"), Frame(kind="proconsul", seat=ROME))
    play(s, ROME, cmd.Pass())
    first = top(s).general
    play(s, ROME, cmd.ChooseSpace(space="roma"))
    second = top(s).general
    play(s, ROME, cmd.ChooseSpace(space="roma"))
    assert top(s).kind == "consul_command"
    assert sorted(c.general for c in legal(s, ROME)) == sorted([first, second])
    play(s, ROME, cmd.ChooseGeneral(general=first))
    assert B.commander(s, ROME, "roma") == first


def test_18_2_rome_names_the_commander_when_a_consul_joins_the_other():
    """§18.2, ruling G60: Varro's army ends its move with Paullus's: Rome may keep Paullus in
    command (without the question the one who moved would command, §10.8)."""
    s = clear()
    a = "roma"
    b = _ordinary_neighbour(a)
    put(s, ROME, a, 5, generals=("varro",), office="consul")
    put(s, ROME, b, 5, generals=("paullus",), office="consul")
    control(s, ROME, a, b)
    activate(s, ROME, "varro")
    play(s, ROME, cmd.ChooseSpace(space=b))
    play(s, ROME, cmd.Pass())
    assert top(s).kind == "consul_command"
    play(s, ROME, cmd.ChooseGeneral(general="paullus"))
    assert B.commander(s, ROME, b) == "paullus"


def test_18_1_10_3_a_consul_outside_the_walls_keeps_5_cu():
    """§18.1, §10.3 step 1: Carthage enters Roma's space, where a consul stands with 8 CU: Rome
    may put at most 3 of them inside, as the consul stays outside with the rest unless all go
    in (ruling G4), and may not be left with fewer than 5."""
    s = clear()
    a = "roma"
    b = _ordinary_neighbour(a)
    put(s, ROME, a, 8, generals=("varro",), office="consul")
    put(s, CARTHAGE, b, 6, generals=("hannibal",))
    control(s, ROME, a)
    control(s, -1, b)
    activate(s, CARTHAGE, "hannibal")
    play(s, CARTHAGE, cmd.ChooseNumber(number=6))
    play(s, CARTHAGE, cmd.ChooseSpace(space=a))
    assert top(s).kind == "city_declare"
    assert legal(s, ROME) == [cmd.ChooseNumber(number=k) for k in range(4)]


# --------------------------------------------------------------------------------------- §22
def test_22_4_the_last_count_ends_the_war_without_asking_for_pcs():
    """§22.4: in the last turn's political phase the higher total wins at once: the side behind
    is not asked to give up PCs first (§22.2), and the result shows the count."""
    s = clear()
    s.turn = 9
    s.control = {"roma": ROME, "carthago": CARTHAGE, "syracusae": CARTHAGE, "cannae": ROME}
    at(s, Frame(kind="political"), Frame(kind="remove_pcs", seat=CARTHAGE, count=1, origin="test"))
    s.control["luceria"] = CARTHAGE
    play(s, CARTHAGE, cmd.ChooseSpace(space="luceria"))
    assert s.phase == "over" and s.winner == CARTHAGE and s.reason == "turn_limit"
    assert list(s.points) == [1, 2]


# --------------------------------------------------------------------------------------- §17
def _charge(roman_general: str, roll: int) -> dict[int, int]:
    """Carthage (2 elephant CU among 5) attacks 5 Roman CU at Cannae and charges; the cards dealt."""
    from engine.games.hannibal.battle import start_battle
    from engine.games.hannibal.flow import Ctx
    s = clear()
    put(s, ROME, "cannae", 5, generals=(roman_general,) if roman_general else (), office="consul")
    put(s, CARTHAGE, "cannae", 5, elephants=2, generals=("mago",))
    at(s)
    ctx = Ctx(s, Dice())
    start_battle(ctx, CARTHAGE, "cannae", origin="")
    ctx.run()
    s = ctx.s
    assert top(s).kind == "elephant_charge"
    events = play(s, CARTHAGE, cmd.ChooseOption(option="charge"), Dice(roll))
    return {e.seat: len(e.cards) for e in of(events, ev.BattleCardsDealt)}


def test_17_3_to_17_5_the_elephant_charge():
    """§17.3: the charge succeeds on a roll above the Roman commander's battle rating (Varro: 1,
    reconstructed), or on 2-6 against Romans without a general; §17.4: Rome is dealt one card
    fewer per elephant CU; §17.5: a 1 costs Carthage one card, whatever the elephants."""
    plain = _charge("varro", 1)  # a 1: panic
    base = _charge("varro", 3)   # success: 3 > 1
    assert base[ROME] == plain[ROME] - 2 and base[CARTHAGE] == plain[CARTHAGE] + 1
    paullus = _charge("paullus", 2)  # 2 is not above Paullus's 2: no effect
    assert paullus[CARTHAGE] == base[CARTHAGE] and paullus[ROME] == _charge("paullus", 1)[ROME]
    assert _charge("paullus", 3)[ROME] == paullus[ROME] - 2
    leaderless_fail, leaderless = _charge("", 1), _charge("", 2)
    assert leaderless[ROME] == leaderless_fail[ROME] - 2


# --------------------------------------------------------------------------------------- §19.4
def test_19_4_a_line_passes_enemy_cu_only_on_a_friendly_pc_and_an_enemy_pc_only_with_friendly_cu():
    """§19.4: Thugga's Roman PC reaches the Roman CU at Hadrumetum only through Zama (its other
    neighbours hold Carthaginian PCs)."""
    from engine.games.hannibal.turn import supported_spaces
    x, y, z = "thugga", "zama", "hadrumetum"
    assert y in neighbours(x) and z in neighbours(y)

    def base():
        s = clear()
        s.control = {x: ROME, **{n: CARTHAGE for n in neighbours(x) if n != y}}
        put(s, ROME, z, 2)
        return s

    assert x in supported_spaces(base(), ROME)
    s = base()
    put(s, CARTHAGE, y, 2)
    assert x not in supported_spaces(s, ROME)  # enemy CU, no Roman PC
    s.control[y] = ROME
    assert x in supported_spaces(s, ROME)      # enemy CU on a Roman PC
    s = base()
    s.control[y] = CARTHAGE
    assert x not in supported_spaces(s, ROME)  # an enemy PC
    put(s, ROME, y, 1)
    assert x in supported_spaces(s, ROME)      # an enemy PC with a Roman CU


# --------------------------------------------------------------------------------------- §21
def test_21_1_winter_strikes_cu_at_a_neutral_tribe_but_not_a_garrison_in_its_own_besieged_city():
    """§21.1: a neutral tribe is not friendly (attrition); CU inside their own city stand on a
    friendly marker (H27), while the besiegers outside roll."""
    s = clear()
    tribe = next(sp for sp, side in s.tribes.items() if side < 0)
    put(s, ROME, tribe, 5)
    put(s, ROME, "capua", 0, inside=2)
    put(s, CARTHAGE, "capua", 5, generals=("hannibal",))
    control(s, ROME, "capua")
    at(s, Frame(kind="winter"), Frame(kind="remove_pcs", seat=ROME, count=1, origin="test"))
    s.control["cannae"] = ROME
    events = play(s, ROME, cmd.ChooseSpace(space="cannae"), Dice(6, 6))
    rolls = [e for e in of(events, ev.DieRolled) if e.purpose == "attrition:winter"]
    assert [e.seat for e in rolls] == [ROME, CARTHAGE]  # the tribe's Romans, then the besiegers
    assert s.units[ROME]["capua"].icu == 2


# ------------------------------------------- §18.2: every way the two consuls come together (G60)
def _hannibal_enters_nola_varro_there():
    """Varro (consul, 6 CU) at Nola, Paullus (consul, 5 CU) at Capua; Hannibal enters Nola from
    Beneventum: Rome reacts."""
    s = clear()
    for sp in ("beneventum", "nola", "capua", "neapolis", "paestum"):
        control(s, -1, sp)
    put(s, ROME, "nola", 6, generals=("varro",), office="consul")
    put(s, ROME, "capua", 5, generals=("paullus",), office="consul")
    put(s, CARTHAGE, "beneventum", 6, generals=("hannibal",))
    s.stamp = 100  # later than the stamps put() gives
    from .test_movement import activate as activate_
    activate_(s, CARTHAGE, "hannibal")
    play(s, CARTHAGE, cmd.ChooseNumber(number=6))
    play(s, CARTHAGE, cmd.ChooseSpace(space="nola"))
    if top(s).kind == "city_declare":
        play(s, ROME, cmd.ChooseNumber(number=0))
    assert top(s).kind == "reaction" and top(s).seat == ROME
    return s


def test_18_2_rome_names_the_commander_when_a_consul_avoids_battle_into_the_other_consuls_space():
    """§18.2, §13.1 (G60): Varro avoids battle into Capua, where Paullus stands: the two consuls are now
    one army, and Rome names its commander (the avoidance alone would give it to Varro)."""
    s = _hannibal_enters_nola_varro_there()
    play(s, ROME, cmd.ChooseOption(option="avoid"))
    play(s, ROME, cmd.ChooseNumber(number=6))
    play(s, ROME, cmd.Pass(), Dice(1))
    assert top(s).kind == "avoid_to"
    play(s, ROME, cmd.ChooseSpace(space="capua"))
    assert top(s).kind == "consul_command" and top(s).seat == ROME
    assert B.commander(s, ROME, "capua") == "varro"  # until Rome answers
    assert sorted(c.general for c in legal(s, ROME)) == ["paullus", "varro"]
    play(s, ROME, cmd.ChooseGeneral(general="paullus"))
    assert B.commander(s, ROME, "capua") == "paullus"


def test_18_2_no_question_when_a_consul_avoids_elsewhere():
    """§18.2 (G60): avoiding into a space without the other consul asks nothing."""
    s = _hannibal_enters_nola_varro_there()
    play(s, ROME, cmd.ChooseOption(option="avoid"))
    play(s, ROME, cmd.ChooseNumber(number=6))
    play(s, ROME, cmd.Pass(), Dice(1))
    play(s, ROME, cmd.ChooseSpace(space="neapolis"))
    assert all(f.kind != "consul_command" for f in s.flow)


def _rome_beaten_at_capua(paullus_at: str, how: str):
    """Varro (consul, 6 CU) has lost (``how`` = "retreat") or is withdrawing from (``how`` = "withdraw")
    a battle at Capua against Hannibal; Paullus (consul, 5 CU) stands at ``paullus_at``."""
    from engine.games.hannibal.state import evolve
    s = clear()
    control(s, ROME, "capua", *[n for n in neighbours("capua")])
    put(s, ROME, "capua", 6, generals=("varro",), office="consul")
    put(s, ROME, paullus_at, 5, generals=("paullus",), office="consul")
    put(s, CARTHAGE, "capua", 8, generals=("hannibal",))
    s.stamp = 100  # later than the stamps put() gives
    evolve(s, ev.BattleBegan(space="capua", attacker=CARTHAGE, origin="", generals=("hannibal", "varro"),
                             cu=(8, 6), inside=(False, False), relief=False))
    if how == "retreat":
        at(s, Frame(kind="battle_after", space="capua", flags=["done"], mp=ROME + 1),
           Frame(kind="retreat", seat=ROME, space="capua", origin=""))
    else:
        at(s, Frame(kind="battle_after", space="capua", flags=["done"], mp=0),
           Frame(kind="withdraw_to", seat=ROME, space="capua", origin=""))
    return s


def test_18_2_rome_names_the_commander_when_a_consul_retreats_to_the_other():
    """§18.2, §15.1 (G60): Varro's beaten army retreats to the space where Paullus stands: Rome names
    the commander of the joined army."""
    dest = next(n for n in neighbours("capua") if link_between("capua", n).kind == "ordinary")
    s = _rome_beaten_at_capua(dest, "retreat")
    assert cmd.ChooseSpace(space=dest) in legal(s, ROME)
    play(s, ROME, cmd.ChooseSpace(space=dest))
    assert top(s).kind == "consul_command" and top(s).space == dest
    play(s, ROME, cmd.ChooseGeneral(general="paullus"))
    assert B.commander(s, ROME, dest) == "paullus" and s.battle is None
    s = _rome_beaten_at_capua(dest, "retreat")
    other = next(c.space for c in legal(s, ROME) if isinstance(c, cmd.ChooseSpace) and c.space != dest)
    play(s, ROME, cmd.ChooseSpace(space=other))
    assert all(f.kind != "consul_command" for f in s.flow)


def test_18_2_rome_names_the_commander_when_a_consul_withdraws_to_the_other():
    """§18.2, §16.2 (G60): Varro withdraws from the battle to the space where Paullus stands."""
    dest = next(n for n in neighbours("capua") if link_between("capua", n).kind == "ordinary")
    s = _rome_beaten_at_capua(dest, "withdraw")
    play(s, ROME, cmd.ChooseSpace(space=dest))
    assert top(s).kind == "consul_command" and top(s).space == dest
    play(s, ROME, cmd.ChooseGeneral(general="varro"))
    assert B.commander(s, ROME, dest) == "varro"


def _relief_won(paullus_inside: bool):
    """Capua, a Roman city, besieged by Mago (3 CU); Varro (consul, 6 CU) relieved it and won; the
    garrison (2 CU) holds Paullus (consul) when ``paullus_inside``, else Paullus came with Varro.
    Mago's force retreats."""
    from engine.games.hannibal.state import Siege, evolve
    s = clear()
    control(s, ROME, "capua", "roma")
    for sp in ("aesernia", "neapolis", "nola", "beneventum"):
        control(s, CARTHAGE, sp)
    put(s, CARTHAGE, "capua", 3, generals=("mago",))
    put(s, ROME, "capua", 0, inside=2)
    put(s, ROME, "capua", 6, generals=("varro",), office="consul")
    put(s, ROME, "capua", 0, generals=("paullus",), office="consul")
    s.gens["paullus"].inside = paullus_inside
    s.sieges["capua"] = Siege(side=CARTHAGE, points=1)
    s.stamp = 100  # later than the stamps put() gives
    evolve(s, ev.BattleBegan(space="capua", attacker=ROME, origin="roma", generals=("varro", "mago"),
                             cu=(8, 3), inside=(False, False), relief=True))
    at(s, Frame(kind="battle_after", space="capua", origin="roma",
                flags=["done"] + (["consuls_apart"] if paullus_inside else []), mp=CARTHAGE + 1),
       Frame(kind="retreat", seat=CARTHAGE, space="capua", origin="roma"))
    return s


def test_18_2_rome_names_the_commander_when_a_relief_army_frees_the_other_consul():
    """§18.2, §20.7 (G60): Varro relieves Capua, where Paullus is besieged; once the besiegers retreat,
    the siege ends and the garrison stands with the relief army (§20.6): one army holding both consuls,
    whose commander Rome names."""
    s = _relief_won(True)
    dest = next(c.space for c in legal(s, CARTHAGE) if isinstance(c, cmd.ChooseSpace))
    play(s, CARTHAGE, cmd.ChooseSpace(space=dest))
    assert not s.gens["paullus"].inside and "capua" not in s.sieges
    assert any(f.kind == "consul_command" for f in s.flow)
    while top(s).kind != "consul_command":
        play(s, top(s).seat, legal(s, top(s).seat)[0])
    play(s, ROME, cmd.ChooseGeneral(general="paullus"))
    assert B.commander(s, ROME, "capua") == "paullus"


def test_18_2_a_relief_battle_records_whether_the_consuls_stood_apart():
    """§18.2, §20.7 (G60): the battle notes that the consuls stood on two sides of the walls; nothing is
    asked after a relief won by an army holding both (they were one army already)."""
    from engine.games.hannibal.battle import start_battle
    from engine.games.hannibal.flow import Ctx
    s = _relief_won(True)
    s.battle = None
    at(s)
    ctx = Ctx(s, Dice())
    start_battle(ctx, ROME, "capua", origin="roma")
    assert "consuls_apart" in ctx.find("battle_after").flags
    s = _relief_won(False)
    s.battle = None
    at(s)
    ctx = Ctx(s, Dice())
    start_battle(ctx, ROME, "capua", origin="roma")
    assert "consuls_apart" not in ctx.find("battle_after").flags
    s = _relief_won(False)
    dest = next(c.space for c in legal(s, CARTHAGE) if isinstance(c, cmd.ChooseSpace))
    play(s, CARTHAGE, cmd.ChooseSpace(space=dest))
    assert all(f.kind != "consul_command" for f in s.flow)


def test_15_6_a_relief_battle_that_ends_the_war_leaves_no_step_behind_in_place():
    """§15.5-§15.6 with §22.3 and G60: Varro relieves Capua and wins; Carthage, beaten, owes more PCs
    than it holds, so it sues for peace inside the battle's last step, which then still frees Paullus
    and pushes Rome's naming of the commander. The events leave an ended war with no pending step
    (GameEnded); ``engine.core.advance``, working on the state itself, must leave the same state."""
    from engine.core import advance, copy_state, encode_state
    s = _relief_won(True)
    s.flow[1].count = 20  # CU lost in the battle: 10 PCs to give up (§15.5)
    s.control = {k: v for k, v in s.control.items() if v == ROME or k in ("aesernia", "neapolis", "nola", "beneventum")}
    dest = next(c.space for c in legal(s, CARTHAGE) if isinstance(c, cmd.ChooseSpace))
    in_place = copy_state(G, s)
    events = play(s, CARTHAGE, cmd.ChooseSpace(space=dest))
    assert any(isinstance(e, ev.GameEnded) and e.reason == "peace" for e in events)
    assert G.status(s).over and not s.flow
    done = advance(G, in_place, CARTHAGE, cmd.ChooseSpace(space=dest), Dice())
    assert encode_state(done.state) == encode_state(s)
