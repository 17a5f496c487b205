"""Battles (§14-§18, §27): the hand each side is dealt, rounds, counter-attacks, losses, the
retreat table, retreats and political consequences; the §27 example played card by card."""

from __future__ import annotations

from engine.games.hannibal.battle import ally_cards, battle_card_count

from engine.games.hannibal.retreat import retreat_paths
from engine.games.hannibal.components import SPACES, attrition_losses

from .helpers import CARTHAGE, ROME, B, Dice, Frame, G, at, clear, cmd, control, ev, legal, of, play, put, top


def provinces(s, side, *names):
    for p in names:
        for sp in SPACES.values():
            if sp.province == p:
                s.control[sp.id] = side


def no_control(s, *names):
    for p in names:
        for sp in SPACES.values():
            if sp.province == p:
                s.control.pop(sp.id, None)


def test_14_2_example_1_spain():
    """Carthage holds 3 Spanish provinces, Rome 1: in Spain Carthage has 3 ally cards, Rome 1."""
    s = clear()
    provinces(s, CARTHAGE, "baetica", "orospeda", "idubeda")
    provinces(s, ROME, "celtiberia")
    assert ally_cards(s, CARTHAGE, "saguntum", []) == 3
    assert ally_cards(s, ROME, "saguntum", []) == 1


def test_14_2_example_2_africa():
    """Carthage holds Carthago and Carthaginia, Rome Numidia Occidentalis (2): both get 2."""
    s = clear()
    no_control(s, "numidia_orientalis")
    provinces(s, CARTHAGE, "carthago", "carthaginia")
    provinces(s, ROME, "numidia_occidentalis")
    assert ally_cards(s, CARTHAGE, "utica", []) == 2
    assert ally_cards(s, ROME, "utica", []) == 2


def test_14_2_example_3_sicily_is_an_island():
    """In Sicilia only the allies of Sicilia and Syracusae serve."""
    s = clear()
    provinces(s, ROME, "sicilia", "etruria", "campania")
    provinces(s, CARTHAGE, "syracusae")
    assert ally_cards(s, ROME, "agrigentum", []) == 1
    assert ally_cards(s, CARTHAGE, "agrigentum", []) == 1


def test_14_3_cannae_example_both_get_two():
    """Carthage holds Gallia Cisalpina and Lucania; Rome Campania, Samnium and Etruria (capped at
    2); Apulia is nobody's: both sides get 2 at Cannae."""
    s = clear()
    for p in ("gallia_cisalpina", "etruria", "latium", "samnium", "campania", "lucania", "apulia"):
        no_control(s, p)
    provinces(s, CARTHAGE, "gallia_cisalpina", "lucania")
    provinces(s, ROME, "campania", "samnium", "etruria")
    assert ally_cards(s, CARTHAGE, "cannae", []) == 2
    assert ally_cards(s, ROME, "cannae", []) == 2


def test_14_11_four_rounds_and_a_5_cost_each_side_one_cu():
    assert attrition_losses(4, 5).losses == 1


def fight(s, space, attacker, hands):
    """Start a battle directly at the first round; ``hands`` is (Rome's, Carthage's)."""
    from engine.games.hannibal.state import evolve
    d = 1 - attacker
    evolve(s, ev.BattleBegan(space=space, attacker=attacker, origin="", generals=(
        B.commander(s, attacker, space), B.commander(s, d, space)),
        cu=(B.cu_outside(s, attacker, space), B.cu_outside(s, d, space)), inside=(False, False), relief=False))
    s.battle.hands = [dict(hands[0]), dict(hands[1])]
    at(s, Frame(kind="battle_after", space=space), Frame(kind="battle_loop", space=space),
       Frame(kind="battle_attack", seat=attacker, space=space))
    return s


def test_27_battle_example_card_by_card():
    """§27: Hannibal (6 CU, one ally) attacks Flaminius (8 CU) in Italy; six rounds; Rome loses
    1 CU to the loss roll of 3 (column 5-6) and 3 to the retreat roll of 4 (column 5+), Carthage 1;
    Rome removes 2 PCs. (The hands are as the example describes them; their sizes follow §14.3,
    ruling H1: 11 for Carthage, 12 for Rome, not 14.)"""
    s = clear()
    space = "arretium"
    put(s, CARTHAGE, space, 6, generals=("hannibal",))
    put(s, ROME, space, 8, generals=("flaminius",), office="consul")
    for p in ("gallia_cisalpina", "etruria", "latium", "samnium", "campania", "lucania", "apulia"):
        no_control(s, p)
    provinces(s, ROME, "etruria", "samnium", "campania", "apulia")
    provinces(s, CARTHAGE, "gallia_cisalpina")
    control(s, -1, space)
    fight(s, space, CARTHAGE, [  # (Rome's hand, Carthage's hand)
        {"flank_right": 2, "frontal_assault": 3, "reserve": 1, "flank_left": 3, "probe": 3, "double_envelopment": 2},
        {"flank_right": 3, "frontal_assault": 2, "reserve": 1, "flank_left": 2, "probe": 2, "double_envelopment": 1},
    ])
    assert battle_card_count(s, CARTHAGE, space, 0, []) == 11  # 6 CU + 1 ally + Hannibal's 4
    assert battle_card_count(s, ROME, space, 0, []) == 12      # 8 CU + 2 Italian allies (cap) + 2
    fr = "flank_right"
    # Round 1: Carthage Flank Right, Rome matches, Rome's counter-attack roll 4 fails (needs 1-2).
    play(s, CARTHAGE, cmd.PlayBattleCard(card=fr, as_type=fr))
    play(s, ROME, cmd.PlayBattleCard(card=fr, as_type=fr))
    play(s, ROME, cmd.ChooseOption(option="counterattack"), Dice(4))
    assert s.battle.attacker == CARTHAGE
    # Round 2: again; Rome's last Flank Right; its roll of 2 succeeds.
    play(s, CARTHAGE, cmd.PlayBattleCard(card=fr, as_type=fr))
    play(s, ROME, cmd.PlayBattleCard(card=fr, as_type=fr))
    play(s, ROME, cmd.ChooseOption(option="counterattack"), Dice(2))
    assert s.battle.attacker == ROME
    # Round 3: Rome Frontal Assault, matched; Carthage rolls 5 (Hannibal needs 1-4).
    fa = "frontal_assault"
    play(s, ROME, cmd.PlayBattleCard(card=fa, as_type=fa))
    play(s, CARTHAGE, cmd.PlayBattleCard(card=fa, as_type=fa))
    play(s, CARTHAGE, cmd.ChooseOption(option="counterattack"), Dice(5))
    assert s.battle.attacker == ROME
    # Round 4: again; Hannibal's roll succeeds.
    play(s, ROME, cmd.PlayBattleCard(card=fa, as_type=fa))
    play(s, CARTHAGE, cmd.PlayBattleCard(card=fa, as_type=fa))
    play(s, CARTHAGE, cmd.ChooseOption(option="counterattack"), Dice(3))
    assert s.battle.attacker == CARTHAGE
    # Round 5: Carthage's last Flank Right, Rome matches with its Reserve and fails its roll.
    play(s, CARTHAGE, cmd.PlayBattleCard(card=fr, as_type=fr))
    play(s, ROME, cmd.PlayBattleCard(card="reserve", as_type=fr))
    play(s, ROME, cmd.ChooseOption(option="counterattack"), Dice(5))
    # Round 6: Carthage's Reserve as a Flank Right: Rome has neither: it can only lose.
    play(s, CARTHAGE, cmd.PlayBattleCard(card="reserve", as_type=fr))
    assert legal(s, ROME) == [cmd.ChooseOption(option="concede")]
    events = play(s, ROME, cmd.ChooseOption(option="concede"), Dice(3, 4))
    ended = of(events, ev.BattleEnded)[0]
    assert (ended.winner, ended.rounds) == (CARTHAGE, 6)
    lost = {(e.side, e.cause): e.count for e in of(events, ev.CuLost)}
    assert lost[(ROME, "battle")] == 1 and lost[(CARTHAGE, "battle")] == 1
    assert lost[(ROME, "retreat_table")] == 3
    assert top(s).kind == "retreat" and top(s).seat == ROME
    dest = legal(s, ROME)[0]
    play(s, ROME, dest)
    assert top(s).kind == "remove_pcs" and top(s).seat == ROME and top(s).count == 2  # §15.5: 4 lost -> 2


def test_14_8_a_matched_double_envelopment_lets_even_a_force_without_general_take_the_initiative():
    s = clear()
    put(s, CARTHAGE, "arretium", 4, generals=("mago",))
    put(s, ROME, "arretium", 4)
    fight(s, "arretium", CARTHAGE, [{"double_envelopment": 1, "probe": 1}, {"probe": 2}])
    play(s, CARTHAGE, cmd.PlayBattleCard(card="probe", as_type="probe"))
    play(s, ROME, cmd.PlayBattleCard(card="probe", as_type="probe"))
    assert top(s).kind == "battle_attack"  # no general: no counter-attack roll for Rome
    s2 = clear()
    put(s2, CARTHAGE, "arretium", 4, generals=("mago",))
    put(s2, ROME, "arretium", 4)
    fight(s2, "arretium", CARTHAGE, [{"double_envelopment": 1, "probe": 1}, {"double_envelopment": 1}])
    play(s2, CARTHAGE, cmd.PlayBattleCard(card="double_envelopment", as_type="double_envelopment"))
    play(s2, ROME, cmd.PlayBattleCard(card="double_envelopment", as_type="double_envelopment"))
    assert top(s2).kind == "take_initiative" and top(s2).seat == ROME
    play(s2, ROME, cmd.ChooseOption(option="take"))
    assert s2.battle.attacker == ROME


def test_14_10_the_attacker_without_cards_loses():
    s = clear()
    put(s, CARTHAGE, "arretium", 4, generals=("mago",))
    put(s, ROME, "arretium", 4, generals=("varro",), office="consul")
    fight(s, "arretium", CARTHAGE, [{"probe": 1}, {"probe": 1}])
    play(s, CARTHAGE, cmd.PlayBattleCard(card="probe", as_type="probe"))
    events = play(s, ROME, cmd.PlayBattleCard(card="probe", as_type="probe"))
    events += play(s, ROME, cmd.Pass(), Dice(2, 3))  # no counter-attack; Carthage has no card left
    ended = of(events, ev.BattleEnded)[0]
    assert (ended.winner, ended.how) == (ROME, "no_cards")
    assert of(events, ev.DieRolled)[1].modifier == 0  # §14.12: no retreat-table modifier


def test_26_hannibal_uses_a_probe_as_a_flank_once_per_battle():
    s = clear()
    put(s, CARTHAGE, "arretium", 4, generals=("hannibal",))
    put(s, ROME, "arretium", 4)
    fight(s, "arretium", ROME, [{"flank_left": 2}, {"probe": 2}])
    play(s, ROME, cmd.PlayBattleCard(card="flank_left", as_type="flank_left"))
    assert cmd.PlayBattleCard(card="probe", as_type="flank_left") in legal(s, CARTHAGE)
    play(s, CARTHAGE, cmd.PlayBattleCard(card="probe", as_type="flank_left"))
    play(s, CARTHAGE, cmd.Pass())
    play(s, ROME, cmd.PlayBattleCard(card="flank_left", as_type="flank_left"))
    assert cmd.PlayBattleCard(card="probe", as_type="flank_left") not in legal(s, CARTHAGE)


def test_15_1_a_beaten_defender_retreats_to_the_nearest_friendly_space():
    s = clear()
    s.control = {}
    control(s, ROME, "roma")
    from engine.games.hannibal.components import link_between, neighbours
    near = next(n for n in neighbours("roma") if link_between("roma", n).kind == "ordinary")
    paths = retreat_paths(s, ROME, near, 3, "", False)
    assert "roma" in paths
    assert paths and all(B.friendly_pc(s, ROME, sp) or B.cu_total(s, ROME, sp) > 3 for sp in paths)


def test_18_2_a_roll_of_5_swaps_the_consuls():
    """§18.2 example: Marcellus commands, Varro is the other consul; Carthage rolls 5: Varro commands."""
    from engine.games.hannibal.battle import start_battle
    from engine.games.hannibal.flow import Ctx
    s = clear()
    put(s, ROME, "arretium", 10, generals=("marcellus", "varro"), office="consul")
    put(s, CARTHAGE, "arretium", 5, generals=("hasdrubal",))
    assert B.commander(s, ROME, "arretium") == "marcellus"
    at(s)
    ctx = Ctx(s, Dice(5))
    start_battle(ctx, CARTHAGE, "arretium", origin="")
    ctx.run()
    assert ctx.s.battle.commanders[ROME] == "varro"


def _chain():
    """x - y - z over ordinary links, z not next to x."""
    from engine.games.hannibal.components import link_between, neighbours
    for x in sorted(SPACES):
        for y in neighbours(x):
            if link_between(x, y).kind != "ordinary":
                continue
            for z in neighbours(y):
                if z != x and link_between(y, z).kind == "ordinary" and z not in neighbours(x):
                    return x, y, z
    raise AssertionError("no chain")


def lose_at(s, space, loser, cu):
    """A battle in ``space`` that ``loser`` (the defender) has just lost, at its retreat."""
    fight(s, space, 1 - loser, [{}, {}])
    s.flow = [Frame(kind="strategy_next", nums=[-1]), Frame(kind="battle_after", space=space, flags=["done"], mp=loser + 1),
              Frame(kind="retreat", seat=loser, space=space, origin="")]
    return s


def test_15_1_friendly_cu_on_the_retreat_path_are_routed_and_go_along():
    x, y, z = _chain()
    s = clear()
    s.control = {z: ROME}
    put(s, ROME, x, 3)
    put(s, ROME, y, 1)
    put(s, CARTHAGE, x, 5, generals=("mago",))
    lose_at(s, x, ROME, 3)
    assert cmd.ChooseSpace(space=z) in legal(s, ROME)
    play(s, ROME, cmd.ChooseSpace(space=z))
    assert B.cu_total(s, ROME, y) == 0 and B.cu_total(s, ROME, z) == 4


def test_15_4_a_beaten_force_may_split_into_its_city_and_retreat_the_rest():
    s = clear()
    s.control = {"roma": ROME, "ostia": ROME} if "ostia" in SPACES else {"roma": ROME}
    put(s, ROME, "roma", 7, generals=("varro",), office="consul")
    put(s, CARTHAGE, "roma", 8, generals=("hannibal",))
    lose_at(s, "roma", ROME, 7)
    assert cmd.ChooseOption(option="into_city") in legal(s, ROME)
    play(s, ROME, cmd.ChooseOption(option="into_city"))
    play(s, ROME, cmd.ChooseGeneral(general="varro"))  # the consul goes in, so 5 CU go with him (§18.1)
    assert B.cu_inside(s, ROME, "roma") == 5  # Roma holds 5 (§10.7)
    assert top(s).kind == "retreat" and cmd.ChooseOption(option="into_city") not in legal(s, ROME)


def test_14_12_a_6_and_the_retreat_table_can_cost_carthage_two_elephant_cu():
    """§14.12: an "e" loss on a 6 and the first retreat-table loss are both elephant CU."""
    s = clear()
    put(s, CARTHAGE, "arretium", 6, elephants=2, generals=("mago",))
    put(s, ROME, "arretium", 6, generals=("varro",), office="consul")
    fight(s, "arretium", ROME, [{"probe": 1}, {}])
    events = play(s, ROME, cmd.PlayBattleCard(card="probe", as_type="probe"))
    events += play(s, CARTHAGE, cmd.ChooseOption(option="concede"), Dice(6, 3))
    lost = [e for e in of(events, ev.CuLost) if e.side == CARTHAGE]
    assert sum(e.elephants for e in lost) == 2


def test_15_6_hannibal_lost_on_the_retreat_table_can_end_the_war_inside_the_battle():
    """§14.12 and §15.6 with §22.3: Hannibal eliminated by the retreat table costs Carthage PCs it
    does not have, so Carthage sues for peace at once, in the middle of the battle's losses step.
    The battle must stop there: the war is over (a search bot's rollout found this crashing)."""
    s = clear()
    s.control = {}
    put(s, CARTHAGE, "arretium", 2, generals=("hannibal",))
    put(s, ROME, "arretium", 8)
    control(s, ROME, "roma")
    fight(s, "arretium", ROME, [{"flank_left": 3}, {"frontal_assault": 1}])
    play(s, ROME, cmd.PlayBattleCard(card="flank_left", as_type="flank_left"))
    assert legal(s, CARTHAGE) == [cmd.ChooseOption(option="concede")]
    events = play(s, CARTHAGE, cmd.ChooseOption(option="concede"), Dice(6, 6))
    assert any(isinstance(e, ev.GeneralOff) and e.general == "hannibal" for e in events)
    ended = of(events, ev.GameEnded)
    assert len(ended) == 1 and (ended[0].winner, ended[0].reason) == (ROME, "peace")
    assert G.status(s).over and not s.flow


def test_18_2_the_swapped_consul_still_commands_after_the_command_that_rolled():
    """§18.2: Rome attacks with both consuls, Marcellus commanding; Carthage rolls 5 for the swap, so
    Varro commands the battle. The swap must reach the state the events leave (decide then evolve),
    not only the copy ``decide`` works on: the rounds that follow are fought under Varro. And
    ``engine.core.advance`` (in place) leaves the same state."""
    from engine.core import advance, copy_state, encode_state
    from engine.games.hannibal.battle import start_battle
    from engine.games.hannibal.flow import Ctx
    s = clear()
    put(s, ROME, "arretium", 10, generals=("marcellus", "varro"), office="consul")
    put(s, CARTHAGE, "arretium", 5, generals=("hasdrubal",))
    at(s)
    ctx = Ctx(s, Dice())
    start_battle(ctx, ROME, "arretium", origin="")
    ctx.run()
    for e in ctx.finish():
        G.evolve(s, e.event)
    assert top(s).kind == "command_swap" and s.battle.commanders[ROME] == "marcellus"
    in_place = copy_state(G, s)
    play(s, CARTHAGE, cmd.ChooseOption(option="roll"), Dice(5))
    assert s.battle is not None and s.battle.commanders[ROME] == "varro"
    done = advance(G, in_place, CARTHAGE, cmd.ChooseOption(option="roll"), Dice(5))
    assert encode_state(done.state) == encode_state(s)
