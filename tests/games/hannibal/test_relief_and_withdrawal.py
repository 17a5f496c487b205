"""Relief battles (§20.7), retreats into a city (§15.2, §15.4) and withdrawals (§16): the cases
a rules audit found the engine got wrong, each built as a position and played command by command."""

from __future__ import annotations

from engine.games.hannibal.state import Siege, evolve

from .helpers import CARTHAGE, ROME, B, Dice, Frame, at, clear, cmd, control, ev, legal, of, play, put, top


def relief_battle(out: int = 2, inside: int = 2, carthage: int = 6, gen_inside: str = "") -> object:
    """Roma besieged by Hasdrubal (``carthage`` CU); Varro's relief army of ``out`` CU came from
    Volsinii and the ``inside`` CU of the garrison sortied (§20.7). Carthage attacks this round
    with a Probe; Rome holds no card."""
    s = clear()
    control(s, ROME, "roma", "volsinii", "spoletium", "corfinium", "aesernia", "capua")
    s.sieges["roma"] = Siege(side=CARTHAGE, points=1)
    put(s, ROME, "roma", 0, inside=inside)
    if gen_inside:
        put(s, ROME, "roma", generals=(gen_inside,), office="proconsul")
        s.gens[gen_inside].inside = True
    put(s, ROME, "roma", out, generals=("varro",), office="consul")
    put(s, CARTHAGE, "roma", carthage, generals=("hasdrubal",))
    evolve(s, ev.BattleBegan(space="roma", attacker=ROME, origin="volsinii", generals=("varro", "hasdrubal"),
                             cu=(out + inside, carthage), inside=(False, False), relief=True))
    s.battle.attacker = CARTHAGE
    s.battle.hands = [{}, {"probe": 1}]
    at(s, Frame(kind="battle_after", space="roma", origin="volsinii"), Frame(kind="battle_loop", space="roma"),
       Frame(kind="battle_attack", seat=CARTHAGE, space="roma"))
    return s


def rome_loses(s, *dice: int) -> list:
    play(s, CARTHAGE, cmd.PlayBattleCard(card="probe", as_type="probe"))
    return play(s, ROME, cmd.ChooseOption(option="concede"), Dice(*dice))


def test_20_7_a_beaten_relief_army_retreats_without_the_sortie():
    """§20.7, §15.4: the garrison that sortied goes back inside its city; only the relief army
    retreats (to Volsinii, where it came from, §15.2). No CU is created or counted twice."""
    s = relief_battle(out=2, inside=2)
    rome_loses(s, 1, 1)  # no battle loss, no retreat-table loss (4 CU: column "4 or less")
    assert top(s).kind == "retreat" and cmd.ChooseSpace(space="volsinii") in legal(s, ROME)
    play(s, ROME, cmd.ChooseSpace(space="volsinii"))
    roma = B.cu_of(s, ROME, "roma")
    assert (roma.cu, roma.icu) == (0, 2)
    assert B.cu_total(s, ROME, "volsinii") == 2
    assert s.gens["varro"].where == "volsinii"


def test_15_4_a_relief_army_may_not_retreat_into_the_besieged_city():
    """§15.4, §20.7: only what sortied from a besieged city may retreat into it; the relief army
    must retreat elsewhere even though the city has room."""
    s = relief_battle(out=2, inside=2)
    rome_loses(s, 1, 1)
    assert legal(s, ROME) == [cmd.ChooseSpace(space="volsinii")]


def test_20_7_rome_chooses_whether_battle_losses_fall_on_the_relief_army_or_the_sortie():
    """§20.7: the controller of a relief army and its sortie chooses which of them takes the battle
    losses; the choice is asked before the retreat-table roll."""
    s = relief_battle(out=3, inside=2)
    rome_loses(s, 5)  # a 5 on the losses table: 1 CU each; nothing more is rolled yet
    assert top(s).kind == "relief_losses" and top(s).seat == ROME
    assert legal(s, ROME) == [cmd.ChooseNumber(number=0), cmd.ChooseNumber(number=1)]
    assert legal(s, CARTHAGE) == []
    events = play(s, ROME, cmd.ChooseNumber(number=1), Dice(4))  # the sortie takes it; table: 1 CU more (Varro)
    assert [(e.count, e.inside) for e in of(events, ev.CuLost) if e.side == ROME][0] == (1, True)
    assert top(s).kind == "relief_losses"  # the retreat-table loss is Rome's choice too
    play(s, ROME, cmd.ChooseNumber(number=0))
    roma = B.cu_of(s, ROME, "roma")
    assert (roma.cu, roma.icu) == (2, 1)



def withdrawal_battle(faesulae: int = CARTHAGE):
    """Hasdrubal (5 CU) came from Faesulae (held by ``faesulae``) to attack Varro (5 CU) at Arretium;
    Carthage attacks this round."""
    s = clear()
    control(s, -1, "faesulae", "arretium")
    if faesulae >= 0:
        control(s, faesulae, "faesulae")
    control(s, CARTHAGE, "volsinii", "spoletium")
    put(s, CARTHAGE, "arretium", 5, generals=("hasdrubal",))
    put(s, ROME, "arretium", 5, generals=("varro",), office="consul")
    evolve(s, ev.BattleBegan(space="arretium", attacker=CARTHAGE, origin="faesulae", generals=("hasdrubal", "varro"),
                             cu=(5, 5), inside=(False, False), relief=False))
    s.battle.hands = [{"probe": 1}, {"probe": 1}]
    at(s, Frame(kind="battle_after", space="arretium", origin="faesulae"), Frame(kind="battle_loop", space="arretium"),
       Frame(kind="battle_attack", seat=CARTHAGE, space="arretium"))
    return s


def test_16_3_the_original_attacker_cannot_withdraw_into_an_enemy_pc():
    """§16.3: no withdrawal into a space with an enemy PC; the original attacker may only go back where it
    came from, so an attack out of a Roman-held space cannot withdraw."""
    s = withdrawal_battle(faesulae=ROME)
    assert cmd.ChooseOption(option="withdraw") not in legal(s, CARTHAGE)
    s = withdrawal_battle(faesulae=CARTHAGE)
    assert cmd.ChooseOption(option="withdraw") in legal(s, CARTHAGE)


def test_16_1_the_defender_chooses_whether_to_roll_to_cancel_a_withdrawal():
    """§16.1: after a successful withdrawal roll the defender may try to cancel it, or let it go;
    nothing more is rolled before he answers."""
    s = withdrawal_battle()
    events = play(s, CARTHAGE, cmd.ChooseOption(option="withdraw"), Dice(1))
    assert [e.purpose for e in of(events, ev.DieRolled)] == ["withdraw"]
    assert top(s).kind == "cancel_withdraw" and top(s).seat == ROME
    assert legal(s, ROME) == [cmd.ChooseOption(option="roll"), cmd.Pass()]
    play(s, ROME, cmd.Pass(), Dice(1))  # the battle-losses roll follows at once
    assert top(s).kind == "withdraw_to" and legal(s, CARTHAGE) == [cmd.ChooseSpace(space="faesulae")]


def test_16_1_a_defender_who_rolls_may_cancel_the_withdrawal_and_take_the_initiative():
    s = withdrawal_battle()
    play(s, CARTHAGE, cmd.ChooseOption(option="withdraw"), Dice(1))
    events = play(s, ROME, cmd.ChooseOption(option="roll"), Dice(1))  # Varro's rating is 1: cancelled
    assert [e.outcome for e in of(events, ev.DieRolled)] == ["cancelled"]
    assert top(s).kind == "take_initiative" and top(s).seat == ROME


def beaten_at_roma(cu: int = 7, generals: tuple[str, ...] = ("varro",), office: str = "consul"):
    """Rome (``cu`` CU, ``generals``) has lost a battle at Roma (room for 5, §10.7) to Hannibal; it retreats."""
    s = clear()
    control(s, ROME, "roma", "volsinii", "spoletium", "corfinium", "aesernia", "capua")
    put(s, ROME, "roma", cu, generals=generals, office=office)
    put(s, CARTHAGE, "roma", 8, generals=("hannibal",))
    evolve(s, ev.BattleBegan(space="roma", attacker=CARTHAGE, origin="", generals=("hannibal", generals[0]),
                             cu=(8, cu), inside=(False, False), relief=False))
    at(s, Frame(kind="battle_after", space="roma", flags=["done"], mp=ROME + 1),
       Frame(kind="retreat", seat=ROME, space="roma", origin=""))
    return s


def test_15_4_the_player_chooses_the_split_into_the_city_and_who_goes_in():
    """§15.4: a force too big for its city may split; the player says which generals go in and how
    many CU (§18.1: a consul keeps 5 CU when he has them). The rest retreats."""
    s = beaten_at_roma(cu=7, generals=("varro", "paullus"), office="consul")
    play(s, ROME, cmd.ChooseOption(option="into_city"))
    assert top(s).kind == "retreat_split" and top(s).seat == ROME
    assert set(legal(s, ROME)) == {cmd.ChooseGeneral(general="varro"), cmd.ChooseGeneral(general="paullus"), cmd.Pass()}
    play(s, ROME, cmd.ChooseGeneral(general="paullus"))
    assert legal(s, ROME) == [cmd.ChooseGeneral(general="varro")]  # 7 CU cannot leave 5 with each consul
    play(s, ROME, cmd.ChooseGeneral(general="varro"))  # both in: 5 CU go with them, nothing left to ask
    assert B.cu_inside(s, ROME, "roma") == 5 and s.gens["varro"].inside and s.gens["paullus"].inside
    assert top(s).kind == "retreat" and B.cu_outside(s, ROME, "roma") == 2
    s = beaten_at_roma(cu=7, generals=("varro", "paullus"), office="consul")
    play(s, ROME, cmd.ChooseOption(option="into_city"))
    play(s, ROME, cmd.Pass())  # the consuls retreat: at most 2 CU may go in
    assert legal(s, ROME) == [cmd.ChooseNumber(number=1), cmd.ChooseNumber(number=2)]

def test_15_4_a_commander_may_go_into_the_city_while_the_rest_retreat():
    """§15.4: the commander may go with either part: a proconsul with 7 CU goes in with 3 of them;
    the other 4 retreat without him."""
    s = beaten_at_roma(cu=7, generals=("varro",), office="proconsul")
    play(s, ROME, cmd.ChooseOption(option="into_city"))
    play(s, ROME, cmd.ChooseGeneral(general="varro"))
    assert legal(s, ROME) == [cmd.ChooseNumber(number=n) for n in range(0, 6)]
    play(s, ROME, cmd.ChooseNumber(number=3))
    assert s.gens["varro"].inside and B.cu_inside(s, ROME, "roma") == 3 and B.cu_outside(s, ROME, "roma") == 4
    assert top(s).kind == "retreat" and cmd.ChooseOption(option="into_city") not in legal(s, ROME)


def _deal(attacker: int, cu: int = 10, **kw) -> object:
    """Hannibal (``cu`` CU, 6 Italian allies: cu + 10 cards before any adjustment) and Varro (10 CU)
    at Arretium; the battle starts with ``kw`` and runs up to the first round."""
    from engine.games.hannibal.battle import start_battle
    from engine.games.hannibal.components import SPACES
    from engine.games.hannibal.flow import Ctx
    s = clear()
    put(s, CARTHAGE, "arretium", cu, generals=("hannibal",))
    put(s, ROME, "arretium", 10, generals=("varro",), office="consul")
    for sp in SPACES.values():
        if sp.province in ("gallia_cisalpina", "etruria", "samnium", "campania", "lucania", "apulia"):
            s.control[sp.id] = CARTHAGE
    at(s)
    ctx = Ctx(s, Dice())
    start_battle(ctx, attacker, "arretium", origin="", **kw)
    ctx.run()
    return ctx.s


def test_14_1_the_interception_card_counts_before_the_20_card_limit():
    """§14.1: no player is dealt more than 20 cards; the interception card is one of the entries
    counted against that limit (only the elephant charge comes after it)."""
    s = _deal(ROME)
    assert sum(s.battle.hands[CARTHAGE].values()) == 20
    s = _deal(ROME, interceptors=["hannibal"])
    assert sum(s.battle.hands[CARTHAGE].values()) == 20


def test_14_1_a_failed_avoidance_costs_a_card_before_the_20_card_limit():
    """§14.1: 21 entitled cards less 1 for a failed avoidance: 20 are still dealt."""
    s = _deal(CARTHAGE, cu=11)
    assert sum(s.battle.hands[CARTHAGE].values()) == 20  # 21 entitled, capped
    s = _deal(ROME, cu=11, failed_avoid=True)  # Carthage defends after failing to avoid battle
    assert sum(s.battle.hands[CARTHAGE].values()) == 20


def test_16_2_a_sortie_may_withdraw_back_into_its_city():
    """§16.2: CU that sortied from a besieged city may withdraw back into it (the original attacker
    goes back where it was, §16.3: inside the walls)."""
    s = clear()
    control(s, ROME, "roma", "volsinii", "spoletium", "corfinium", "aesernia", "capua")
    s.sieges["roma"] = Siege(side=CARTHAGE, points=1)
    put(s, ROME, "roma", 0, inside=3, generals=("varro",), office="consul")
    s.gens["varro"].inside = True
    put(s, CARTHAGE, "roma", 6, generals=("hasdrubal",))
    evolve(s, ev.BattleBegan(space="roma", attacker=ROME, origin="roma", generals=("varro", "hasdrubal"),
                             cu=(3, 6), inside=(True, False), relief=False))
    s.battle.hands = [{"probe": 1}, {"probe": 1}]
    at(s, Frame(kind="battle_after", space="roma", origin="roma"), Frame(kind="battle_loop", space="roma"),
       Frame(kind="battle_attack", seat=ROME, space="roma"))
    assert cmd.ChooseOption(option="withdraw") in legal(s, ROME)
    play(s, ROME, cmd.ChooseOption(option="withdraw"), Dice(1))
    play(s, CARTHAGE, cmd.Pass(), Dice(1))  # no cancel; the battle-losses roll: none
    assert top(s).kind == "withdraw_to" and legal(s, ROME) == [cmd.ChooseSpace(space="roma")]
    play(s, ROME, cmd.ChooseSpace(space="roma"))
    roma = B.cu_of(s, ROME, "roma")
    assert (roma.cu, roma.icu) == (0, 3) and s.gens["varro"].inside and s.battle is None


def test_15_2_an_army_landed_at_its_city_goes_in_with_its_generals_and_loses_the_excess():
    """§15.2 exception: an army that landed this turn in its own city's space may retreat into the
    city; CU beyond its room are lost, and no general is left outside (§15.1)."""
    s = beaten_at_roma(cu=7, generals=("varro",), office="consul")
    s.landed[ROME] = ["roma"]
    assert legal(s, ROME) == [cmd.ChooseOption(option="into_city")]
    play(s, ROME, cmd.ChooseOption(option="into_city"))
    roma = B.cu_of(s, ROME, "roma")
    assert (roma.cu, roma.icu) == (0, 5)
    assert s.gens["varro"].inside and s.gens["varro"].where == "roma"


def _detour():
    """x, a, d and b, c: x-a-d and x-b-c-d over ordinary links, d two spaces from x, no link x-d,
    a, b, c distinct."""
    from engine.games.hannibal.components import SPACES, link_between, neighbours

    def ok(p, q):
        return link_between(p, q) is not None and link_between(p, q).kind == "ordinary"
    for x in sorted(SPACES):
        for a in neighbours(x):
            for d in neighbours(a):
                if d == x or d in neighbours(x) or not (ok(x, a) and ok(a, d)):
                    continue
                for b in neighbours(x):
                    for c in neighbours(b):
                        if len({x, a, b, c, d}) == 5 and d in neighbours(c) and c not in neighbours(x) \
                                and ok(x, b) and ok(b, c) and ok(c, d):
                            return x, a, d, b, c
    raise AssertionError("no detour")


def test_15_1_a_longer_way_that_costs_fewer_cu_is_offered():
    """§15.1, §15.3: a retreat may take a way other than the shortest when it costs fewer CU."""
    from engine.games.hannibal.retreat import retreat_paths
    x, a, d, b, c = _detour()
    s = clear()
    s.control, s.tribes = {d: ROME, a: CARTHAGE}, {}
    paths = retreat_paths(s, ROME, x, 3, "", False)
    assert paths[d] == (0, (b, c, d))


def test_15_1_routed_cu_on_the_way_count_in_the_force_that_stops():
    """§15.1: friendly CU met on the way join the beaten force; a later space stops the retreat
    only if it holds more CU than the force has grown to."""
    from engine.games.hannibal.retreat import retreat_paths
    x, a, d, b, c = _detour()
    s = clear()
    s.control, s.tribes = {}, {}
    put(s, ROME, a, 2)   # routed: 2 CU join the 3 retreating
    put(s, ROME, d, 4)   # 4 > 3 but not > 5: not a place to stop after a
    paths = retreat_paths(s, ROME, x, 3, "", False)
    assert all(way[:2] != (a, d) for _, way in paths.values())


def test_20_7_a_withdrawing_relief_army_leaves_the_sortie_inside():
    """§20.7, §16.2: a relief army withdraws where it came from; its sortie goes back inside."""
    s = relief_battle(out=2, inside=2)
    s.battle.attacker = ROME
    s.battle.hands = [{"probe": 1}, {"probe": 1}]
    s.flow[-1] = Frame(kind="battle_attack", seat=ROME, space="roma")
    play(s, ROME, cmd.ChooseOption(option="withdraw"), Dice(1))
    play(s, CARTHAGE, cmd.Pass(), Dice(1))
    assert legal(s, ROME) == [cmd.ChooseSpace(space="volsinii")]
    play(s, ROME, cmd.ChooseSpace(space="volsinii"))
    roma = B.cu_of(s, ROME, "roma")
    assert (roma.cu, roma.icu) == (0, 2) and B.cu_total(s, ROME, "volsinii") == 2
