"""An audit of battles, retreats and withdrawals (§14-§16) against the rulebook: each test is a
case the engine got wrong, built as a position and played command by command."""

from __future__ import annotations

from engine.games.hannibal.state import evolve

from .helpers import CARTHAGE, ROME, B, Dice, Frame, G, at, clear, cmd, control, ev, legal, of, play, put, top


def _battle(space: str, attacker: int, origin: str, hands, *, rome_general: str = "varro",
            carthage_general: str = "hasdrubal", cu=(5, 5)):
    """A battle in ``space`` at its first round: Rome (``cu[0]`` CU) and Carthage (``cu[1]``), with
    the generals named ('' for none); ``hands`` is (Rome's, Carthage's)."""
    s = clear()
    put(s, ROME, space, cu[0], generals=(rome_general,) if rome_general else (), office="consul")
    put(s, CARTHAGE, space, cu[1], generals=(carthage_general,) if carthage_general else ())
    gens = (rome_general, carthage_general)
    sizes = cu
    if attacker == CARTHAGE:
        gens, sizes = gens[::-1], sizes[::-1]
    evolve(s, ev.BattleBegan(space=space, attacker=attacker, origin=origin, generals=gens, cu=sizes,
                             inside=(False, False), relief=False))
    s.battle.hands = [dict(hands[0]), dict(hands[1])]
    at(s, Frame(kind="battle_after", space=space, origin=origin), Frame(kind="battle_loop", space=space),
       Frame(kind="battle_attack", seat=attacker, space=space))
    return s


def test_14_8_a_force_without_general_cannot_take_the_initiative_after_a_failed_withdrawal():
    """Hannibal §14.8, §16.1: a matched Double Envelopment is the only way for a force without a
    general to become the attacker; a failed withdrawal lets the defender take the initiative only
    if a general commands it (G62). Hasdrubal (rating 2) withdraws from Roman CU without a general
    and rolls 5: he is still the attacker and must play a card or try again."""
    s = _battle("arretium", CARTHAGE, "faesulae", ({"probe": 1}, {"probe": 1}), rome_general="")
    control(s, CARTHAGE, "faesulae")
    play(s, CARTHAGE, cmd.ChooseOption(option="withdraw"), Dice(5))
    assert top(s).kind == "battle_attack" and top(s).seat == CARTHAGE
    assert s.battle.attacker == CARTHAGE
    # with a general, the defender may take the initiative (§16.1)
    s = _battle("arretium", CARTHAGE, "faesulae", ({"probe": 1}, {"probe": 1}))
    control(s, CARTHAGE, "faesulae")
    play(s, CARTHAGE, cmd.ChooseOption(option="withdraw"), Dice(5))
    assert top(s).kind == "take_initiative" and top(s).seat == ROME


def _beaten(space: str, loser: int, cu: int, generals: tuple[str, ...], winner_cu: int = 5):
    """``loser`` (the defender, ``cu`` CU and ``generals``) has lost a battle in ``space`` to
    ``winner_cu`` Carthaginian or Roman CU under a general; its retreat is pending."""
    s = clear()
    put(s, loser, space, cu, generals=generals, office="consul")
    put(s, 1 - loser, space, winner_cu, generals=("mago",) if loser == ROME else ("marcellus",), office="consul")
    gens = (B.commander(s, 1 - loser, space), generals[0] if generals else "")
    sizes = (winner_cu, cu)
    if loser == CARTHAGE:
        gens, sizes = gens[::-1], sizes[::-1]
    evolve(s, ev.BattleBegan(space=space, attacker=1 - loser, origin="", generals=gens, cu=sizes,
                             inside=(False, False), relief=False))
    at(s, Frame(kind="battle_after", space=space, flags=["done"], mp=loser + 1),
       Frame(kind="retreat", seat=loser, space=space, origin=""))
    return s


def _italy_carthaginian_but(s, *roman: str):
    from engine.games.hannibal.components import SPACES
    s.control = {sp: CARTHAGE for sp in SPACES if sp != "roma"}
    for sp in roman:
        s.control[sp] = ROME


def test_15_3_a_general_whose_cu_all_fell_in_battle_retreats_past_enemy_pcs_unharmed():
    """Hannibal §15.3, §10.10, H31 (G63): a general who lost all his CU to battle losses retreats
    alone; an enemy PC on the way costs him nothing (he has no CU to lose) and does not neutralize
    him. Varro, beaten alone at Capua, retreats over Aesernia (Carthaginian) to Corfinium."""
    s = _beaten("capua", ROME, 0, ("varro",))
    _italy_carthaginian_but(s, "corfinium")
    put(s, CARTHAGE, "roma", 1)
    assert legal(s, ROME) == [cmd.ChooseSpace(space="corfinium")]
    events = play(s, ROME, cmd.ChooseSpace(space="corfinium"))
    assert not of(events, ev.GeneralOff)
    assert (s.gens["varro"].status, s.gens["varro"].where) == ("map", "corfinium")


def test_15_3_a_general_without_cu_retreats_around_enemy_cu():
    """Hannibal §15.3 with §10.4 (G63): a general without CU never enters a space holding enemy
    CU, so his retreat goes around them (Roma holds a Carthaginian CU)."""
    from engine.games.hannibal.retreat import retreat_paths
    s = clear()
    _italy_carthaginian_but(s, "corfinium")
    put(s, CARTHAGE, "roma", 1)
    paths = retreat_paths(s, ROME, "capua", 0, "", False)
    assert paths and all("roma" not in way and cost == 0 for cost, way in paths.values())


def test_15_4_a_general_without_cu_may_retreat_into_his_city():
    """Hannibal §15.4, H31 (G63): the battle was fought in the space of a friendly city that is not
    besieged; a beaten general who has no CU left may go inside it, even when it is full."""
    s = _beaten("capua", ROME, 0, ("varro",))
    control(s, ROME, "capua", "roma")
    put(s, ROME, "capua", 0, inside=2)  # the city is full
    assert cmd.ChooseOption(option="into_city") in legal(s, ROME)
    play(s, ROME, cmd.ChooseOption(option="into_city"))
    assert s.gens["varro"].inside and s.gens["varro"].where == "capua" and s.gens["varro"].status == "map"


def test_15_3_a_retreating_army_neutralizes_an_enemy_general_standing_alone():
    """Hannibal §15.3, §10.10 (G64): an enemy general without CU does not stop a retreat, but the
    beaten army enters his space, which neutralizes him as any enemy army entering would. Rome,
    beaten at Capua, retreats to Corfinium, where Hasdrubal Gisgo stands alone."""
    s = _beaten("capua", ROME, 3, ("varro",))
    _italy_carthaginian_but(s, "corfinium")
    put(s, CARTHAGE, "roma", 1)
    put(s, CARTHAGE, "corfinium", 0, generals=("hasdrubal_gisgo",))
    play(s, ROME, cmd.ChooseSpace(space="corfinium"))
    assert s.gens["hasdrubal_gisgo"].status == "neutralized"
    assert B.cu_total(s, ROME, "corfinium") > 0 and s.gens["varro"].where == "corfinium"


def test_16_2_a_withdrawing_army_neutralizes_an_enemy_general_standing_alone():
    """Hannibal §16.2, §10.10 (G64): Rome attacked Hasdrubal at Arretium from Faesulae and
    withdraws there, where Mago stands without CU: he is neutralized."""
    s = _battle("arretium", ROME, "faesulae", ({"probe": 1}, {"probe": 1}))
    control(s, -1, "faesulae")
    put(s, CARTHAGE, "faesulae", 0, generals=("mago",))
    play(s, ROME, cmd.ChooseOption(option="withdraw"), Dice(1))
    play(s, CARTHAGE, cmd.Pass(), Dice(1))  # no cancel; the battle-losses roll
    play(s, ROME, cmd.ChooseSpace(space="faesulae"))
    assert s.gens["mago"].status == "neutralized" and B.cu_total(s, ROME, "faesulae") > 0


def test_15_2_a_landed_army_keeps_its_elephants_in_the_city_and_loses_plain_cu():
    """Hannibal §15.2 exception with G5: Carthage landed this turn at Carthago Nova (room 2) with 4
    CU, 2 of them elephant CU, and lost; 2 CU go in and 2 are lost. The owner's choice is settled
    as for losses: plain CU are lost before elephant CU, so the elephants go in."""
    s = _beaten("carthago_nova", CARTHAGE, 4, ("hasdrubal",))
    s.units[CARTHAGE]["carthago_nova"].el = 2
    control(s, CARTHAGE, "carthago_nova")
    s.landed[CARTHAGE] = ["carthago_nova"]
    assert legal(s, CARTHAGE) == [cmd.ChooseOption(option="into_city")]
    events = play(s, CARTHAGE, cmd.ChooseOption(option="into_city"))
    u = B.cu_of(s, CARTHAGE, "carthago_nova")
    assert (u.cu, u.icu, u.iel) == (0, 2, 2)
    assert sum(e.elephants for e in of(events, ev.CuLost)) == 0


def test_15_3_a_garrison_inside_its_walls_neither_costs_nor_bars_a_retreat():
    """Hannibal §15.1, §15.3 with §10.7 (G65): a city is a space within a space, and CU inside the
    walls do not act on the enemy outside. Rome (3 CU), beaten at Capua, may stop at Neapolis,
    where 6 Roman CU besiege 2 Carthaginian CU: it holds more friendly CU than the beaten force,
    and the garrison inside costs nothing; only the Carthaginian city (an enemy PC) costs 1 CU."""
    from engine.games.hannibal.state import Siege
    s = _beaten("capua", ROME, 3, ("varro",))
    _italy_carthaginian_but(s)
    put(s, CARTHAGE, "roma", 1)
    put(s, CARTHAGE, "neapolis", 0, inside=2)
    put(s, ROME, "neapolis", 6)
    s.sieges["neapolis"] = Siege(side=ROME, points=1)
    assert legal(s, ROME) == [cmd.ChooseSpace(space="neapolis")]
    events = play(s, ROME, cmd.ChooseSpace(space="neapolis"))
    assert [(e.space, e.count) for e in of(events, ev.CuLost)] == [("neapolis", 1)]
    assert B.cu_outside(s, ROME, "neapolis") == 8 and B.cu_inside(s, CARTHAGE, "neapolis") == 2


def test_15_6_hannibal_caught_alone_by_a_retreat_ends_the_war_there():
    """Hannibal §10.10, §15.6 (G64): a Roman retreat enters Aesernia, where Hannibal stands alone;
    he is removed and Carthage, short of the 5 PCs it owes, sues for peace. The retreat stops
    there: nothing happens after the war's end."""
    s = _beaten("capua", ROME, 3, ("varro",))
    s.control = {"corfinium": ROME, "capua": CARTHAGE, "aesernia": CARTHAGE, "beneventum": CARTHAGE}
    put(s, CARTHAGE, "roma", 2)
    put(s, CARTHAGE, "aesernia", 0, generals=("hannibal",))
    events = play(s, ROME, cmd.ChooseSpace(space="corfinium"))
    assert isinstance(events[-1], ev.GameEnded) and (events[-1].winner, events[-1].reason) == (ROME, "peace")
    assert s.gens["hannibal"].status == "removed" and G.status(s).over


def _count(space: str, rome: tuple[int, str], carthage: tuple[int, str]):
    """Battle cards each side is dealt in ``space`` (before any event): (Rome's, Carthage's)."""
    from engine.games.hannibal.battle import battle_card_count
    s = clear()
    s.control = {}
    put(s, ROME, space, rome[0], generals=(rome[1],) if rome[1] else (), office="consul")
    put(s, CARTHAGE, space, carthage[0], generals=(carthage[1],) if carthage[1] else ())
    evolve(s, ev.BattleBegan(space=space, attacker=CARTHAGE, origin="", generals=(carthage[1], rome[1]),
                             cu=(carthage[0], rome[0]), inside=(False, False), relief=False))
    return s, tuple(battle_card_count(s, side, space, 0, []) for side in (ROME, CARTHAGE))


def test_14_4_the_militia_fights_in_latium_without_a_general():
    """Hannibal §14.4: Rome has 2 more cards in a battle in Latium, general or not."""
    _, (rome, _) = _count("roma", (3, ""), (5, "mago"))
    assert rome == 3 + 2
    _, (rome, _) = _count("roma", (3, "varro"), (5, "mago"))
    assert rome == 3 + 1 + 2  # Varro's rating 1; Latium gives no ally card (§14.3)


def test_14_3_allies_need_a_general_but_a_friendly_tribe_does_not():
    """Hannibal §14.3, §20.9: allies serve only a side whose general fights; a friendly tribe's card
    comes with or without one. Carthage fights in the Boii's space holding Gallia Cisalpina."""
    from engine.games.hannibal.components import SPACES
    space = "boii"
    s, _ = _count(space, (5, "varro"), (3, "mago"))
    gc = [sp for sp in SPACES if SPACES[sp].province == "gallia_cisalpina"]
    for sp in gc:
        s.control[sp] = CARTHAGE
    from engine.games.hannibal.battle import ally_cards, battle_card_count
    assert ally_cards(s, CARTHAGE, space, []) == 1
    assert battle_card_count(s, CARTHAGE, space, 0, []) == 3 + 2 + 1 + 1  # CU, Mago, ally, tribe
    s.battle.commanders[CARTHAGE] = ""
    assert battle_card_count(s, CARTHAGE, space, 0, []) == 3 + 1  # CU and the tribe only


def test_15_2_an_attack_across_a_pass_has_no_retreat():
    """Hannibal §15.2, §10.6, §15.3 (G66): the original attacker retreats only into the space it
    came from, and no retreat crosses a pass: Carthage, beaten at Arretium after attacking from
    Ariminum over the pass, is eliminated, even with friendly spaces all around."""
    from engine.games.hannibal.components import neighbours
    s = _beaten("arretium", CARTHAGE, 4, ("hasdrubal",))
    for nb in neighbours("arretium"):
        control(s, CARTHAGE, nb)
    s.flow[-1] = Frame(kind="retreat", seat=CARTHAGE, space="arretium", origin="ariminum", flags=["attacker"])
    assert legal(s, CARTHAGE) == [cmd.ChooseOption(option="eliminated")]
    play(s, CARTHAGE, cmd.ChooseOption(option="eliminated"))
    assert B.cu_total(s, CARTHAGE, "arretium") == 0 and s.gens["hasdrubal"].status == "neutralized"


def test_14_12_a_relief_army_stripped_by_the_retreat_table_loses_its_general():
    """Hannibal §14.12, §10.10 with §20.7: Varro's relief army (2 CU) and the sortie (3 CU) lose;
    the retreat table costs 2 CU (a 6, less 2 for the Probe: 3 in the 5+ column, less 1 for
    Varro) and Rome puts both on the relief army. Varro's CU were all eliminated by the retreat
    table, so he is neutralized, though the sortie still has CU inside the walls."""
    from .test_relief_and_withdrawal import relief_battle, rome_loses
    s = relief_battle(out=2, inside=3)
    rome_loses(s, 1, 6)
    assert top(s).kind == "relief_losses" and top(s).count == 2
    play(s, ROME, cmd.ChooseNumber(number=0))
    assert s.gens["varro"].status == "neutralized"
    assert B.cu_of(s, ROME, "roma").icu == 3


def test_15_1_a_larger_friendly_force_is_weighed_against_the_force_that_arrives():
    """Hannibal §15.1, §15.3 (G68): Rome (3 CU), beaten at Capua, enters Aesernia (Carthaginian
    PC: 1 CU lost) where 3 Roman CU stand: the 2 that arrive are fewer than the 3 there, so the
    retreat stops there, at the cost of that 1 CU. (The engine compared the 3 before the loss, so
    it sent the force on and offered Aesernia only by a detour over Beneventum costing 2.)"""
    from engine.games.hannibal.retreat import retreat_paths
    s = _beaten("capua", ROME, 3, ("varro",))
    _italy_carthaginian_but(s, "hispalis")
    put(s, CARTHAGE, "roma", 2)
    put(s, ROME, "aesernia", 3)
    assert retreat_paths(s, ROME, "capua", 3, "", False) == {"aesernia": (1, ("aesernia",))}
    events = play(s, ROME, cmd.ChooseSpace(space="aesernia"))
    assert [(e.space, e.count) for e in of(events, ev.CuLost)] == [("aesernia", 1)]
    assert B.cu_outside(s, ROME, "aesernia") == 5 and s.gens["varro"].where == "aesernia"


def test_15_1_a_general_whose_cu_are_routed_stays_where_he_stands():
    """Hannibal §15.1 (G69): only the CU met on the way are routed into the beaten force; a general
    standing with them stays where he is, alone. Rome, beaten at Capua, retreats over Aesernia
    (2 Roman CU under Nero) to Corfinium: the 2 CU go along, Nero stays."""
    s = _beaten("capua", ROME, 3, ("varro",))
    _italy_carthaginian_but(s, "corfinium")
    put(s, CARTHAGE, "roma", 3)
    put(s, ROME, "aesernia", 2, generals=("nero",))
    from engine.games.hannibal.retreat import retreat_paths
    assert retreat_paths(s, ROME, "capua", 3, "", False)["corfinium"] == (1, ("aesernia", "corfinium"))
    play(s, ROME, cmd.ChooseSpace(space="corfinium"))
    assert B.cu_outside(s, ROME, "corfinium") == 4 and B.cu_outside(s, ROME, "aesernia") == 0  # 3 - 1 + 2
    assert (s.gens["nero"].where, s.gens["nero"].status) == ("aesernia", "map")


def test_15_6_nothing_follows_the_end_of_the_war():
    """Hannibal §10.10, §15.6, §22.3: Carthage, beaten at Arretium after attacking over the pass,
    has no retreat and is eliminated with Hannibal and Mago. Hannibal removed costs Carthage 5 PCs
    it does not have: it sues for peace and the war ends there. Nothing happens after that: Mago's
    neutralization, the next step of the same elimination, is not logged after the war's end."""
    s = _beaten("arretium", CARTHAGE, 4, ("hannibal", "mago"))
    s.control = {"roma": ROME}
    s.flow[-1] = Frame(kind="retreat", seat=CARTHAGE, space="arretium", origin="ariminum", flags=["attacker"])
    assert legal(s, CARTHAGE) == [cmd.ChooseOption(option="eliminated")]
    events = play(s, CARTHAGE, cmd.ChooseOption(option="eliminated"))
    ended = [i for i, e in enumerate(events) if isinstance(e, ev.GameEnded)]
    assert len(ended) == 1 and (events[ended[0]].winner, events[ended[0]].reason) == (ROME, "peace")
    assert all(isinstance(e, ev.Flow) for e in events[ended[0] + 1:]), events[ended[0] + 1:]
    assert [e.general for e in of(events, ev.GeneralOff)] == ["hannibal"]
    assert G.status(s).over and not s.flow
