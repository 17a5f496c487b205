"""Strategy-card events that move armies (5, 28, 33-34, 37-40, 50, 61-63) and the counter-events of
movement and battle (6, 20, 31-32, 41, 42, 59, 60): §8.4, §10-§14, §17 and §25."""

from __future__ import annotations

import pytest

from engine.games.hannibal.battle import battle_card_count, start_battle
from engine.games.hannibal.components import neighbours
from engine.games.hannibal.flow import Ctx

from .helpers import CARTHAGE, ROME, B, Dice, at, clear, cmd, control, ev, legal, of, play, put, rejected, strategy, top
from .test_battle import fight, provinces


def event(s, seat, card, *rolls):
    return play(s, seat, cmd.PlayCard(card=card, use="event"), Dice(*rolls))


def can_play_event(s, seat, card):
    return cmd.PlayCard(card=card, use="event") in legal(s, seat)


def options(s, seat, kind):
    return [c for c in legal(s, seat) if isinstance(c, kind)]


def prepare(s, space, attacker, *rolls):
    """The state just after ``attacker`` starts a battle in ``space`` (at its first decision)."""
    at(s)
    ctx = Ctx(s, Dice(*rolls))
    start_battle(ctx, attacker, space, origin="")
    ctx.run()
    return ctx.s


# ---------------------------------------------------------------------------- moving events
def test_card_5_native_guides_add_minus_3_to_a_pass_roll_25():
    """§25 #5: a general of strategy 1 or 2 only; at a non-alpine pass the roll gets -5 in all."""
    from engine.games.hannibal.components import LINKS
    pas = next(ln for ln in LINKS if ln.kind == "pass")
    s = clear()
    put(s, CARTHAGE, pas.a, 5, generals=("mago",))
    put(s, CARTHAGE, "carthago", 5, generals=("hanno",))  # strategy 3: not eligible
    strategy(s, CARTHAGE, [5], [1])
    event(s, CARTHAGE, 5)
    assert options(s, CARTHAGE, cmd.ChooseGeneral) == [cmd.ChooseGeneral(general="mago")]
    play(s, CARTHAGE, cmd.ChooseGeneral(general="mago"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=5))
    play(s, CARTHAGE, cmd.ChooseSpace(space=pas.b))
    events = play(s, ROME, cmd.Pass(), Dice(6))  # Rome holds a card: its Adverse Elements window (G15)
    roll = [e for e in of(events, ev.DieRolled) if e.purpose == "attrition:pass"][0]
    assert roll.modifier == -5 and not of(events, ev.CuLost)  # 6-5 = 1: no loss with 5 CU
    s = clear()
    put(s, CARTHAGE, "carthago", 5, generals=("hanno",))
    strategy(s, CARTHAGE, [5])
    assert not can_play_event(s, CARTHAGE, 5)


def _charm(space="venusia"):
    s = clear()
    put(s, CARTHAGE, space, 5, generals=("hannibal",))
    strategy(s, CARTHAGE, [28], [1])
    event(s, CARTHAGE, 28)
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hannibal"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=5))
    assert top(s).kind == "move" and top(s).mp == 4
    return s


def test_card_28_hannibal_charms_italy_removes_the_pc_he_leaves_for_1_mp_25():
    """Hannibal §25 #28: Hannibal may spend 1 MP to remove the Roman plain PC of the space he departs
    from, again in each space he reaches; the PC goes as he leaves, so he must leave it."""
    s = _charm()
    play(s, CARTHAGE, cmd.ChooseOption(option="remove_pc"))
    assert top(s).mp == 3 and s.control.get("venusia") == ROME  # paid; the PC goes when he leaves
    options_now = legal(s, CARTHAGE)
    assert cmd.Pass() not in options_now and cmd.ChooseOption(option="remove_pc") not in options_now
    assert cmd.ChooseSpace(space="luceria") in options_now and cmd.ChooseOption(option="keep_pc") in options_now
    events = play(s, CARTHAGE, cmd.ChooseSpace(space="luceria"))
    changed = of(events, ev.ControlChanged)
    assert [(c.space, c.side) for c in changed] == [("venusia", -1)]
    assert events.index(changed[0]) < events.index(of(events, ev.UnitsMoved)[0])  # removed as he leaves
    assert "venusia" not in s.control and top(s).mp == 2
    play(s, CARTHAGE, cmd.ChooseOption(option="remove_pc"))
    play(s, CARTHAGE, cmd.ChooseSpace(space="corfinium"))
    assert "luceria" not in s.control and top(s).mp == 0
    assert cmd.ChooseOption(option="remove_pc") not in legal(s, CARTHAGE)  # no MP left
    s = _charm("tarentum")
    assert cmd.ChooseOption(option="remove_pc") not in legal(s, CARTHAGE)  # a city


def test_card_28_hannibal_who_stays_keeps_the_pc_and_his_mp_25():
    """Hannibal §25 #28: the removal is of the space he departs from; taking the declaration back
    refunds the MP, the PC stays, and he may then stop there."""
    s = _charm()
    play(s, CARTHAGE, cmd.ChooseOption(option="remove_pc"))
    play(s, CARTHAGE, cmd.ChooseOption(option="keep_pc"))
    assert top(s).mp == 4 and s.control.get("venusia") == ROME
    assert cmd.Pass() in legal(s, CARTHAGE)
    events = play(s, CARTHAGE, cmd.Pass())
    assert not of(events, ev.ControlChanged) and s.control.get("venusia") == ROME


def test_card_28_not_offered_when_paying_would_leave_him_unable_to_go():
    """Hannibal §25 #28: with 1 MP left, paying it would leave none to depart with."""
    s = _charm()
    play(s, CARTHAGE, cmd.ChooseSpace(space="luceria"))
    play(s, CARTHAGE, cmd.ChooseSpace(space="corfinium"))
    play(s, CARTHAGE, cmd.ChooseSpace(space="luceria"))
    assert top(s).mp == 1 and s.control.get("luceria") == ROME
    assert cmd.ChooseOption(option="remove_pc") not in legal(s, CARTHAGE)


def test_card_28_without_the_event_an_ordinary_move_removes_nothing():
    s = clear()
    put(s, CARTHAGE, "venusia", 5, generals=("hannibal",))
    strategy(s, CARTHAGE, [28], [1])
    play(s, CARTHAGE, cmd.PlayCard(card=28, use="ops"))
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hannibal"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=5))
    assert cmd.ChooseOption(option="remove_pc") not in legal(s, CARTHAGE)


def to_campaign(s):
    """End the current activation of Rome's campaign (the army stays where it is)."""
    while top(s).kind not in ("campaign", "strategy"):
        if options(s, ROME, cmd.ChooseNumber):
            play(s, ROME, max(options(s, ROME, cmd.ChooseNumber), key=lambda c: c.number))
        else:
            play(s, ROME, cmd.Pass())


@pytest.mark.parametrize("card, generals", [(33, 3), (34, 3), (37, 2), (38, 2), (39, 2), (40, 2)])
def test_cards_33_34_37_to_40_campaigns_activate_3_or_2_generals_in_turn_10_11(card, generals):
    """§10.11, §11.4, H19: a major campaign activates up to 3 generals, a minor one 2, one after the
    other; a general is not activated twice; only one army may sail, with at most 10 CU."""
    s = clear()
    put(s, ROME, "neapolis", 12, generals=("marcellus",), office="proconsul")
    put(s, ROME, "roma", 5, generals=("p_scipio",), office="consul")
    put(s, ROME, "agrigentum", 5, generals=("longus",), office="consul")
    strategy(s, ROME, [card], [1])
    event(s, ROME, card)
    assert top(s).kind == "campaign_window"  # Carthage holds a card: card 41's window (G12, G15)
    play(s, CARTHAGE, cmd.Pass())
    assert top(s).kind == "campaign" and top(s).count == generals
    play(s, ROME, cmd.ChooseGeneral(general="marcellus"))
    assert max(c.number for c in options(s, ROME, cmd.ChooseNumber)) == 10
    play(s, ROME, cmd.ChooseNumber(number=10))
    assert top(s).nums[1] == 10  # the sea is open to this army, up to 10 CU
    play(s, ROME, cmd.ChooseOption(option="sail"))
    play(s, ROME, cmd.ChooseSpace(space="agrigentum"))
    play(s, CARTHAGE, cmd.Pass())  # the naval window (G12); Roman sea moves roll nothing
    assert B.cu_outside(s, ROME, "agrigentum") == 15
    to_campaign(s)
    assert cmd.ChooseGeneral(general="marcellus") not in legal(s, ROME)
    play(s, ROME, cmd.ChooseGeneral(general="p_scipio"))
    assert top(s).nums[1] == 0  # the one sea move of the campaign is spent
    to_campaign(s)
    if generals == 3:
        assert top(s).kind == "campaign"
        play(s, ROME, cmd.ChooseGeneral(general="longus"))
        to_campaign(s)
    assert top(s).kind == "strategy" and top(s).seat == CARTHAGE


def capua_relief_campaign():
    """Fabius besieged in Capua (3 CU inside, Carthage's 4 CU outside, one siege point), Marcellus
    with 6 CU in Neapolis; Rome plays #37 as its event and Carthage lets the campaign window pass."""
    from engine.games.hannibal.state import Siege
    s = clear()
    control(s, ROME, "capua", "neapolis")
    put(s, ROME, "capua", 0, inside=3, generals=("fabius",), office="proconsul")
    s.gens["fabius"].inside = True
    put(s, CARTHAGE, "capua", 4)
    s.sieges["capua"] = Siege(side=CARTHAGE, points=1)
    put(s, ROME, "neapolis", 6, generals=("marcellus",), office="proconsul")
    strategy(s, ROME, [37], [1])
    event(s, ROME, 37)
    play(s, CARTHAGE, cmd.Pass())  # the campaign window
    return s


@pytest.mark.parametrize("won", [True, False])
def test_card_37_a_garrison_that_sortied_in_a_campaigns_relief_battle_is_spent_10_11(won):
    """§25 #37, §10.11 with §20.7: Fabius and his 3 CU, besieged in Capua, sortie to join Marcellus's
    relief battle; they took part in a battle, so the campaign may not activate Fabius afterwards
    (won: the siege is lifted and he stands outside; lost: he is back inside, where a second sortie
    would be a second battle of the same troops)."""
    s = capua_relief_campaign()
    assert cmd.ChooseGeneral(general="fabius") in legal(s, ROME)
    play(s, ROME, cmd.ChooseGeneral(general="marcellus"))
    play(s, ROME, cmd.ChooseNumber(number=6))
    play(s, ROME, cmd.ChooseSpace(space="capua"))
    assert top(s).kind == "relief_sortie"
    play(s, ROME, cmd.ChooseOption(option="sortie"))
    play(s, CARTHAGE, cmd.Pass())  # Carthage's battle events
    if won:
        play(s, ROME, cmd.PlayBattleCard(card="frontal_assault", as_type="frontal_assault"))
        play(s, CARTHAGE, cmd.ChooseOption(option="concede"), Dice(3, 3))  # loss roll, retreat table
    else:  # a matched Double Envelopment hands Carthage the initiative (§14.8); Rome cannot match
        s.battle.hands = [{"double_envelopment": 1}, {"double_envelopment": 1, "frontal_assault": 1}]
        play(s, ROME, cmd.PlayBattleCard(card="double_envelopment", as_type="double_envelopment"))
        play(s, CARTHAGE, cmd.PlayBattleCard(card="double_envelopment", as_type="double_envelopment"))
        play(s, CARTHAGE, cmd.ChooseOption(option="take"))
        play(s, CARTHAGE, cmd.PlayBattleCard(card="frontal_assault", as_type="frontal_assault"))
        play(s, ROME, cmd.ChooseOption(option="concede"), Dice(3, 3))
    while top(s).kind not in ("campaign", "strategy"):
        seat = top(s).seat
        play(s, seat, next(c for c in legal(s, seat) if not isinstance(c, cmd.Pass)), Dice())
    assert s.gens["fabius"].status == "map" and s.gens["fabius"].inside == (not won)
    assert top(s).kind == "campaign"
    assert cmd.ChooseGeneral(general="fabius") not in legal(s, ROME)


def _campaign_battle_lost(s, end):
    """Marcellus's campaign army (6 CU, Neapolis) attacks 4 Carthaginian CU in Capua and loses:
    ``end`` is "retreat" (a lost round) or "withdraw" (§16, a successful withdrawal roll)."""
    play(s, ROME, cmd.ChooseGeneral(general="marcellus"))
    while top(s).kind == "form_army":
        opts = legal(s, ROME)
        play(s, ROME, cmd.Pass() if cmd.Pass() in opts else cmd.ChooseNumber(number=6))
    play(s, ROME, cmd.ChooseSpace(space="capua"))
    while top(s).kind != "battle_attack":
        play(s, top(s).seat, cmd.Pass())
    if end == "withdraw":
        play(s, ROME, cmd.ChooseOption(option="withdraw"), Dice(1, 3))  # withdrawal, loss roll
        play(s, ROME, cmd.ChooseSpace(space="neapolis"))
    else:  # a matched Double Envelopment hands Carthage the initiative (§14.8); Rome cannot match
        s.battle.hands = [{"double_envelopment": 1}, {"double_envelopment": 1, "frontal_assault": 1}]
        play(s, ROME, cmd.PlayBattleCard(card="double_envelopment", as_type="double_envelopment"))
        play(s, CARTHAGE, cmd.PlayBattleCard(card="double_envelopment", as_type="double_envelopment"))
        play(s, CARTHAGE, cmd.ChooseOption(option="take"))
        play(s, CARTHAGE, cmd.PlayBattleCard(card="frontal_assault", as_type="frontal_assault"))
        play(s, ROME, cmd.ChooseOption(option="concede"), Dice(3, 3))
        play(s, ROME, cmd.ChooseSpace(space="neapolis"))
    while top(s).kind not in ("campaign", "strategy"):
        seat = top(s).seat
        play(s, seat, next(c for c in legal(s, seat) if not isinstance(c, cmd.Pass)), Dice())


@pytest.mark.parametrize("end", ["retreat", "withdraw"])
def test_card_33_cu_that_fought_stay_spent_where_they_retreat_or_withdraw_10_11(end):
    """§25 #33, §10.11: once an army has fought, none of its CU may be moved by another general of
    the campaign. Marcellus loses at Capua and goes back to Neapolis; Varro, standing there, is
    activated next: he may not march those CU (he may still move alone)."""
    s = clear()
    control(s, ROME, "capua", "neapolis")
    put(s, CARTHAGE, "capua", 4)
    put(s, ROME, "neapolis", 6, generals=("marcellus",), office="proconsul")
    put(s, ROME, "neapolis", 0, generals=("varro",), office="proconsul")
    strategy(s, ROME, [33], [1])
    event(s, ROME, 33)
    play(s, CARTHAGE, cmd.Pass())  # the campaign window
    _campaign_battle_lost(s, end)
    assert s.gens["marcellus"].where == "neapolis" and B.cu_outside(s, ROME, "neapolis") > 0
    assert top(s).kind == "campaign"
    play(s, ROME, cmd.ChooseGeneral(general="varro"))
    while top(s).kind == "form_army":
        opts = legal(s, ROME)
        play(s, ROME, cmd.Pass() if cmd.Pass() in opts else max(opts, key=lambda c: c.number))
    mv = top(s)
    assert mv.kind == "move"
    assert mv.count == 0 or mv.mp == 0


@pytest.mark.parametrize("card", [61, 62, 63])
def test_cards_61_62_63_forced_march_six_mp_for_a_general_the_card_reaches_10_2(card):
    """§25 #61-63: the card's ops value limits the general's strategy rating; he has 6 MP."""
    ops = card - 60
    s = clear()
    put(s, CARTHAGE, "venusia", 5, generals=("hannibal",))      # strategy 1
    put(s, CARTHAGE, "genua", 2, generals=("mago",))            # strategy 2
    put(s, CARTHAGE, "carthago", 2, generals=("hanno",))        # strategy 3
    strategy(s, CARTHAGE, [card], [1])
    event(s, CARTHAGE, card)
    allowed = {c.general for c in options(s, CARTHAGE, cmd.ChooseGeneral)}
    assert allowed == {g for g, r in (("hannibal", 1), ("mago", 2), ("hanno", 3)) if r <= ops}
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hannibal"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=5))
    assert top(s).kind == "move" and top(s).mp == 6
    assert (top(s).nums[1] > 0) == (card == 63)  # only Forced March 3 bears a ship


def test_card_63_forced_march_3_sails_twice_or_after_3_land_spaces_25():
    """§25 #63: two sea moves of 3 MP each, or a sea move after 3 land spaces."""
    s = clear()
    s.markers["truce"] = 1  # no naval roll: the test is about MP
    put(s, CARTHAGE, "carthago", 5, generals=("hanno",))
    strategy(s, CARTHAGE, [63], [])
    event(s, CARTHAGE, 63)
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hanno"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=5))
    play(s, CARTHAGE, cmd.ChooseOption(option="sail"))
    play(s, CARTHAGE, cmd.ChooseSpace(space="utica"))
    assert top(s).space == "utica" and top(s).mp == 3
    assert cmd.ChooseOption(option="sail") in legal(s, CARTHAGE)  # a second sea move
    s = clear()
    s.markers["truce"] = 1
    put(s, CARTHAGE, "thugga", 5, generals=("hanno",))
    strategy(s, CARTHAGE, [63], [])
    event(s, CARTHAGE, 63)
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hanno"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=5))
    for sp in ("zama", "hadrumetum", "thapsus"):  # 3 land spaces to a port
        play(s, CARTHAGE, cmd.ChooseSpace(space=sp))
    assert top(s).space == "thapsus" and top(s).mp == 3
    assert cmd.ChooseOption(option="sail") in legal(s, CARTHAGE)
    play(s, CARTHAGE, cmd.ChooseSpace(space="thaenae"))  # a 4th land space leaves no MP to sail
    assert cmd.ChooseOption(option="sail") not in legal(s, CARTHAGE)


def test_card_63_an_ordinary_ops_3_card_sails_once():
    s = clear()
    s.markers["truce"] = 1
    put(s, CARTHAGE, "carthago", 5, generals=("hanno",))
    strategy(s, CARTHAGE, [64], [])
    play(s, CARTHAGE, cmd.PlayCard(card=64, use="ops"))
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hanno"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=5))
    play(s, CARTHAGE, cmd.ChooseOption(option="sail"))
    play(s, CARTHAGE, cmd.ChooseSpace(space="utica"))
    assert cmd.ChooseOption(option="sail") not in legal(s, CARTHAGE)


def test_card_50_adriatic_pirates_sail_a_general_and_5_cu_to_an_adriatic_port_unopposed_25():
    """§25 #50: a Carthaginian general in a port sails with up to 5 CU to an Adriatic port, with no
    naval-combat roll; CU never sail without him."""
    s = clear()
    put(s, CARTHAGE, "saguntum", 7, generals=("mago",))
    put(s, CARTHAGE, "cannae", 7)  # CU without a general: never
    strategy(s, CARTHAGE, [50], [1])
    event(s, CARTHAGE, 50)
    assert options(s, CARTHAGE, cmd.ChooseGeneral) == [cmd.ChooseGeneral(general="mago")]
    play(s, CARTHAGE, cmd.ChooseGeneral(general="mago"))
    assert max(c.number for c in options(s, CARTHAGE, cmd.ChooseNumber)) == 5  # up to 5 CU, his choice
    play(s, CARTHAGE, cmd.ChooseNumber(number=5))
    assert [c for c in legal(s, CARTHAGE) if isinstance(c, cmd.ChooseSpace)] == []  # only the sea move
    play(s, CARTHAGE, cmd.ChooseOption(option="sail"))
    ports = sorted(c.space for c in options(s, CARTHAGE, cmd.ChooseSpace))
    assert ports == ["ariminum", "brundisium"]
    play(s, CARTHAGE, cmd.ChooseSpace(space="brundisium"))
    events = play(s, ROME, cmd.Pass())  # Rome's window before the sea move; no die scripted: none rolled
    assert not of(events, ev.DieRolled)
    assert B.cu_outside(s, CARTHAGE, "brundisium") == 5 and B.cu_outside(s, CARTHAGE, "saguntum") == 2
    assert s.gens["mago"].where == "brundisium"
    s = clear()
    put(s, CARTHAGE, "cannae", 7, generals=("mago",))
    strategy(s, CARTHAGE, [50])
    assert not can_play_event(s, CARTHAGE, 50)  # not in a port


def test_card_50_pirates_step_back_by_sea_without_a_naval_roll_25():
    """§25 #50 with §12.5 (ruling G81): the pirates' sea move is free of the naval-combat roll, and
    so is the way back when the landing is intercepted and the army steps back to its port."""
    s = clear()
    put(s, CARTHAGE, "saguntum", 5, generals=("mago",))
    put(s, ROME, "cannae", 5, generals=("marcellus",), office="proconsul")
    control(s, -1, "brundisium")
    strategy(s, CARTHAGE, [50], [1])
    event(s, CARTHAGE, 50)
    play(s, CARTHAGE, cmd.ChooseGeneral(general="mago"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=5))
    play(s, CARTHAGE, cmd.ChooseOption(option="sail"))
    play(s, CARTHAGE, cmd.ChooseSpace(space="brundisium"))
    play(s, ROME, cmd.Pass())  # the naval window
    assert top(s).kind == "reaction"
    play(s, ROME, cmd.ChooseGeneral(general="marcellus"))
    play(s, ROME, cmd.ChooseNumber(number=5))
    play(s, ROME, cmd.Pass(), Dice(1))  # the interception succeeds
    events = play(s, CARTHAGE, cmd.ChooseOption(option="step_back"))  # no die scripted: none rolled
    assert not of(events, ev.DieRolled)
    assert s.gens["mago"].where == "saguntum" and B.cu_outside(s, CARTHAGE, "saguntum") == 5


def test_card_50_pirates_never_offered_for_a_general_who_cannot_sail_to_the_adriatic_25():
    """§25 #50 with §24 (Hanno never leaves Africa) and §11.3: the event moves a general to an
    Adriatic port; Hanno may never go there, and a general inside his city while enemy CU stand
    outside may not sail. Neither is offered, and with no other general the event is refused."""
    s = clear()
    put(s, CARTHAGE, "carthago", 3, generals=("hanno",))
    strategy(s, CARTHAGE, [50], [1])
    assert not can_play_event(s, CARTHAGE, 50)
    assert "no Carthaginian general" in str(rejected(s, CARTHAGE, cmd.PlayCard(card=50, use="event")))
    put(s, CARTHAGE, "saguntum", 0, inside=3, generals=("mago",))
    s.gens["mago"].inside = True
    control(s, CARTHAGE, "saguntum")
    put(s, ROME, "saguntum", 4)
    assert not can_play_event(s, CARTHAGE, 50)
    put(s, CARTHAGE, "carthago_nova", 3, generals=("hasdrubal",))
    assert can_play_event(s, CARTHAGE, 50)
    event(s, CARTHAGE, 50)
    assert options(s, CARTHAGE, cmd.ChooseGeneral) == [cmd.ChooseGeneral(general="hasdrubal")]


# ---------------------------------------------------------------------------- sea counters
def sail(s, general, origin, dest, count, rome_hand):
    put(s, CARTHAGE, origin, count, generals=(general,))
    strategy(s, CARTHAGE, [64], rome_hand)
    play(s, CARTHAGE, cmd.PlayCard(card=64, use="ops"))
    s.markers.pop("reshuffle", None)
    play(s, CARTHAGE, cmd.ChooseGeneral(general=general))
    if top(s).kind == "form_army":
        play(s, CARTHAGE, cmd.ChooseNumber(number=count))
    play(s, CARTHAGE, cmd.ChooseOption(option="sail"))
    play(s, CARTHAGE, cmd.ChooseSpace(space=dest))


def test_card_60_storm_at_sea_rolls_attrition_on_the_sailing_cu_25():
    """§25 #60: Rome plays it before the naval-combat roll: the CU at sea roll attrition for their
    size; the naval roll follows for what is left."""
    s = clear()
    sail(s, "mago", "carthago", "lilybaeum", 2, [60])
    assert top(s).kind == "naval_window" and cmd.PlayCounter(card=60) in legal(s, ROME)
    events = play(s, ROME, cmd.PlayCounter(card=60), Dice(6, 1))  # storm: 1 lost; naval: arrives
    assert of(events, ev.CuLost)[0].count == 1
    assert B.cu_outside(s, CARTHAGE, "lilybaeum") == 1 and s.gens["mago"].where == "lilybaeum"


def test_card_60_storm_at_sea_that_sinks_every_cu_leaves_the_general_in_port_25():
    """§25 #60: generals are unharmed; if every CU is lost they stay at the port of embarkation and are
    not neutralized; it applies even in a Truce (§25 #64)."""
    s = clear()
    s.markers["truce"] = 1
    sail(s, "mago", "carthago", "lilybaeum", 1, [60])
    assert cmd.PlayCounter(card=60) in legal(s, ROME)
    events = play(s, ROME, cmd.PlayCounter(card=60), Dice(6))  # no naval roll after
    assert of(events, ev.CuLost)[0].count == 1
    assert s.gens["mago"].status == "map" and s.gens["mago"].where == "carthago"
    assert s.markers.get("truce") == 1  # a counter-event never ends the Truce


def test_card_60_storm_strikes_an_army_sailing_from_inside_its_own_city_25():
    """§25 #60 with §11.3: Mago sails straight out of Carthago with 4 CU from inside the walls; the
    storm's losses fall on those CU (an elephant first on an "e" result), the rest land."""
    s = clear()
    put(s, CARTHAGE, "carthago", 0, inside=4, elephants=0, generals=("mago",))
    s.units[CARTHAGE]["carthago"].iel = 1
    s.gens["mago"].inside = True
    s.control["carthago"] = CARTHAGE
    strategy(s, CARTHAGE, [64], [60])
    play(s, CARTHAGE, cmd.PlayCard(card=64, use="ops"))
    s.markers.pop("reshuffle", None)
    play(s, CARTHAGE, cmd.ChooseGeneral(general="mago"))
    if top(s).kind == "form_army":
        play(s, CARTHAGE, cmd.ChooseNumber(number=4))
    play(s, CARTHAGE, cmd.ChooseOption(option="sail"))
    play(s, CARTHAGE, cmd.ChooseSpace(space="lilybaeum"))
    events = play(s, ROME, cmd.PlayCounter(card=60), Dice(6, 1))  # storm: 1 CU e; naval: arrives
    lost = of(events, ev.CuLost)
    assert len(lost) == 1 and lost[0].count == 1 and lost[0].inside
    assert lost[0].elephants == 1 and B.cu_inside(s, CARTHAGE, "carthago") == 0
    assert B.cu_outside(s, CARTHAGE, "lilybaeum") == 3 and s.gens["mago"].where == "lilybaeum"


def test_card_60_is_roman_only_and_41_serves_both():
    s = clear()
    s.hands[CARTHAGE] = [60, 41]
    put(s, ROME, "roma", 5, generals=("p_scipio",), office="consul")
    strategy(s, ROME, [64], [60, 41])
    play(s, ROME, cmd.PlayCard(card=64, use="ops"))
    play(s, ROME, cmd.ChooseGeneral(general="p_scipio"))
    play(s, ROME, cmd.ChooseOption(option="sail"))
    play(s, ROME, cmd.ChooseSpace(space="neapolis"))
    assert top(s).kind == "naval_window"
    assert options(s, CARTHAGE, cmd.PlayCounter) == [cmd.PlayCounter(card=41)]


def test_card_41_adverse_elements_cancel_the_sea_leg_25():
    """§25 #41: played before the naval roll, the force stays in its port of departure for the rest
    of the card: no roll, no move."""
    s = clear()
    sail(s, "mago", "carthago", "lilybaeum", 3, [41])
    events = play(s, ROME, cmd.PlayCounter(card=41))  # no die
    assert not of(events, ev.DieRolled) and not of(events, ev.UnitsMoved)
    assert s.gens["mago"].where == "carthago" and B.cu_outside(s, CARTHAGE, "carthago") == 3
    mv = top(s)
    assert mv.kind == "move" and mv.mp == 0 and not options(s, CARTHAGE, cmd.ChooseSpace)


# -------------------------------------------------------------------------------- battles
def test_card_6_maharbal_is_a_wild_battle_card_even_after_the_last_one_25():
    """§25 #6: with a Carthaginian general in the battle, Carthage plays it as any type, to attack
    or to match, even with no battle card left."""
    s = clear()
    put(s, ROME, "cannae", 5, generals=("varro",), office="consul")
    put(s, CARTHAGE, "cannae", 5, generals=("hannibal",))
    s.hands = [[], [6]]
    fight(s, "cannae", CARTHAGE, ({"frontal_assault": 1}, {}))
    plays = options(s, CARTHAGE, cmd.PlayBattleCard)
    assert {p.as_type for p in plays if p.card == "maharbal"} == {
        "frontal_assault", "flank_left", "flank_right", "probe", "double_envelopment"}
    events = play(s, CARTHAGE, cmd.PlayBattleCard(card="maharbal", as_type="flank_left"))
    assert of(events, ev.CardPlayed) == [ev.CardPlayed(seat=CARTHAGE, card=6, use="counter", removed=False)]
    assert 6 not in s.hands[CARTHAGE] and 6 in s.discard
    assert top(s).kind == "battle_match" and top(s).origin == "flank_left"


def test_card_6_maharbal_needs_a_carthaginian_general_and_serves_carthage_only():
    s = clear()
    put(s, ROME, "cannae", 5, generals=("varro",), office="consul")
    put(s, CARTHAGE, "cannae", 5)
    s.hands = [[6], [6]]
    fight(s, "cannae", ROME, ({"frontal_assault": 1}, {"probe": 1}))
    assert not [p for p in options(s, ROME, cmd.PlayBattleCard) if p.card == "maharbal"]
    play(s, ROME, cmd.PlayBattleCard(card="frontal_assault", as_type="frontal_assault"))
    assert not [p for p in options(s, CARTHAGE, cmd.PlayBattleCard) if p.card == "maharbal"]


def test_card_20_spy_shows_half_the_enemy_battle_cards_rounded_up_14_5():
    """§14.5 step 5, §25 #20: after the deal the opponent shows half his cards, rounded up, chosen at
    random; they stay face up."""
    s = clear()
    put(s, ROME, "cannae", 5, generals=("varro",), office="consul")
    put(s, CARTHAGE, "cannae", 4, generals=("mago",))
    control(s, -1, "cannae")
    s.hands = [[20], [1]]
    s = prepare(s, "cannae", ROME)
    assert top(s).kind == "battle_events" and top(s).seat == ROME
    assert cmd.PlayCounter(card=20) in legal(s, ROME)
    play(s, ROME, cmd.PlayCounter(card=20))
    if top(s).kind == "battle_events" and top(s).seat == ROME:
        play(s, ROME, cmd.Pass())
    emitted = []
    while top(s).kind == "battle_events":
        emitted += play(s, top(s).seat, cmd.Pass())
    shown = of(emitted, ev.BattleCardsShown)
    n = sum(s.battle.hands[CARTHAGE].values())
    assert len(shown) == 1 and shown[0].seat == CARTHAGE and len(shown[0].cards) == (n + 1) // 2
    assert sum(s.battle.shown[CARTHAGE].values()) == (n + 1) // 2


@pytest.mark.parametrize("card, country_space", [(31, "saguntum"), (32, "utica")])
def test_cards_31_32_allies_desert_deny_the_opponent_his_allies_only_25(card, country_space):
    """§25 #31-32: the opponent receives no battle cards for his Spanish (31) or Numidian (32: all 4
    with both Numidias) allies in this battle; the player keeps his own."""
    s = clear()
    if card == 31:
        provinces(s, CARTHAGE, "baetica", "orospeda", "idubeda")
        provinces(s, ROME, "celtiberia")
        deny = ["baetica", "celtiberia", "orospeda", "idubeda"]  # the allies of Spain
    else:
        provinces(s, CARTHAGE, "numidia_orientalis", "numidia_occidentalis", "carthaginia")
        deny = ["numidia_orientalis", "numidia_occidentalis"]
    put(s, ROME, country_space, 5, generals=("varro",), office="consul")
    put(s, CARTHAGE, country_space, 5, generals=("mago",))
    s = prepare(s, country_space, ROME)
    full = [battle_card_count(s, side, country_space, 0, []) for side in (ROME, CARTHAGE)]
    cut = [battle_card_count(s, side, country_space, 0, deny) for side in (ROME, CARTHAGE)]
    assert full[CARTHAGE] - cut[CARTHAGE] == (3 if card == 31 else 4)
    # Rome plays the card: the deal cancels Carthage's allies, not Rome's own.
    s2 = clear()
    if card == 31:
        provinces(s2, CARTHAGE, "baetica", "orospeda", "idubeda")
        provinces(s2, ROME, "celtiberia")
    else:
        provinces(s2, CARTHAGE, "numidia_orientalis", "numidia_occidentalis", "carthaginia")
    put(s2, ROME, country_space, 5, generals=("varro",), office="consul")
    put(s2, CARTHAGE, country_space, 5, generals=("mago",))
    s2.hands = [[card], []]
    s2 = prepare(s2, country_space, ROME)
    assert top(s2).kind == "battle_events" and top(s2).seat == ROME
    events = play(s2, ROME, cmd.PlayCounter(card=card))
    while top(s2).kind == "battle_events":
        events += play(s2, top(s2).seat, cmd.Pass())
    dealt = {e.seat: len(e.cards) for e in of(events, ev.BattleCardsDealt)}
    assert dealt[CARTHAGE] == cut[CARTHAGE] and dealt[ROME] == full[ROME]


def test_card_42_elephant_panic_stops_the_charge_and_costs_carthage_a_card_25():
    """§14.5 step 4, §17.3, §25 #42: Rome answers the declared charge; no charge roll is made and
    Carthage is dealt one battle card fewer."""
    s = clear()
    put(s, ROME, "cannae", 5, generals=("varro",), office="consul")
    put(s, CARTHAGE, "cannae", 5, elephants=2, generals=("mago",))
    s.hands = [[42], []]
    s = prepare(s, "cannae", CARTHAGE)
    while top(s).kind == "battle_events":
        play(s, top(s).seat, cmd.Pass())
    assert top(s).kind == "elephant_charge"
    play(s, CARTHAGE, cmd.ChooseOption(option="charge"))
    assert top(s).kind == "elephant_window" and cmd.PlayCounter(card=42) in legal(s, ROME)
    events = play(s, ROME, cmd.PlayCounter(card=42))  # no die scripted: the charge is not rolled
    full = battle_card_count(s, CARTHAGE, "cannae", 0, [])
    dealt = {e.seat: len(e.cards) for e in of(events, ev.BattleCardsDealt)}
    assert dealt[CARTHAGE] == full - 1
    assert dealt[ROME] == battle_card_count(s, ROME, "cannae", 0, [])


@pytest.mark.parametrize("window", ["battle_attack", "battle_match"])
def test_card_59_an_ally_deserts_takes_a_random_battle_card_in_any_round_25(window):
    """§25 #59: in any round the player takes one battle card at random from the opponent's hand."""
    s = clear()
    put(s, ROME, "cannae", 5, generals=("varro",), office="consul")
    put(s, CARTHAGE, "cannae", 5, generals=("mago",))
    s.hands = [[59], []]
    fight(s, "cannae", ROME, ({"frontal_assault": 2}, {"probe": 1, "reserve": 1}))
    if window == "battle_match":
        s.hands = [[], [59]]
        play(s, ROME, cmd.PlayBattleCard(card="frontal_assault", as_type="frontal_assault"))
        seat, victim = CARTHAGE, ROME
    else:
        seat, victim = ROME, CARTHAGE
    assert top(s).kind == window and cmd.PlayCounter(card=59) in legal(s, seat)
    before = sum(s.battle.hands[victim].values())
    events = play(s, seat, cmd.PlayCounter(card=59))
    taken = of(events, ev.BattleCardTaken)
    assert len(taken) == 1 and taken[0].seat == victim
    assert sum(s.battle.hands[victim].values()) == before - 1
    assert s.battle.hands[seat].get(taken[0].card, 0) >= 1
    assert top(s).kind == window  # still the player's decision in the round


def test_card_59_before_the_deal_moves_one_card_from_the_opponents_deal_25():
    """§25 #59: played before any battle card, it takes one of the opponent's cards."""
    s = clear()
    put(s, ROME, "cannae", 5, generals=("varro",), office="consul")
    put(s, CARTHAGE, "cannae", 5, generals=("mago",))
    s.hands = [[59], []]
    s = prepare(s, "cannae", ROME)
    full = [battle_card_count(s, side, "cannae", 0, []) for side in (ROME, CARTHAGE)]
    events = play(s, ROME, cmd.PlayCounter(card=59))
    while top(s).kind == "battle_events":
        events += play(s, top(s).seat, cmd.Pass())
    dealt = {e.seat: len(e.cards) for e in of(events, ev.BattleCardsDealt)}
    assert dealt == {ROME: full[ROME] + 1, CARTHAGE: full[CARTHAGE] - 1}


def test_card_59_is_offered_before_the_battle_cards_and_in_rounds_only_25():
    """§25 #59, §14.5: the card is declared while the battle is prepared (its data says so: no special
    case) or in a round; no other window offers it."""
    from engine.games.hannibal.cards import counters_for
    s = clear()
    put(s, ROME, "cannae", 5, generals=("varro",), office="consul")
    put(s, CARTHAGE, "cannae", 5, generals=("mago",))
    s.hands = [[59], []]
    s = prepare(s, "cannae", ROME)
    assert top(s).kind == "battle_events" and cmd.PlayCounter(card=59) in legal(s, ROME)
    assert counters_for(s, ROME, "battle_preparation") == [59]
    for window in ("own_turn", "enemy_movement", "enemy_naval_move", "enemy_pass_crossing", "enemy_campaign",
                   "elephant_charge"):
        assert counters_for(s, ROME, window) == [], window


def test_card_59_under_card_20_takes_a_face_up_card_or_a_hidden_one_25():
    """§25 #59 with #20: the player takes one of the cards the Spy turned face up, or one of the
    hidden ones at random (ruling G13)."""
    s = clear()
    put(s, ROME, "cannae", 5, generals=("varro",), office="consul")
    put(s, CARTHAGE, "cannae", 5, generals=("mago",))
    s.hands = [[59], []]
    fight(s, "cannae", ROME, ({"frontal_assault": 2}, {"probe": 2, "reserve": 1}))
    s.battle.shown[CARTHAGE] = {"reserve": 1}
    play(s, ROME, cmd.PlayCounter(card=59))
    assert top(s).kind == "ally_deserts_pick"
    assert legal(s, ROME) == [cmd.ChooseOption(option="reserve"), cmd.ChooseOption(option="hidden")]
    events = play(s, ROME, cmd.ChooseOption(option="reserve"))
    assert of(events, ev.BattleCardTaken) == [ev.BattleCardTaken(seat=CARTHAGE, card="reserve")]
    assert s.battle.hands[ROME]["reserve"] == 1 and not s.battle.shown[CARTHAGE]
    assert top(s).kind == "battle_attack"


def test_card_41_at_a_pass_shuts_it_for_the_rest_of_the_move_25():
    """§25 #41: played against an army about to cross a pass with its 3rd or 4th MP, that army cannot
    cross that pass; it may not simply try it again in the same move. Its other moves stay open."""
    s = clear()
    put(s, CARTHAGE, "emporiae", 4, generals=("mago",))
    strategy(s, CARTHAGE, [64], [41, 55])
    play(s, CARTHAGE, cmd.PlayCard(card=64, use="ops"))
    s.markers.pop("reshuffle", None)
    play(s, CARTHAGE, cmd.ChooseGeneral(general="mago"))
    if top(s).kind == "form_army":
        play(s, CARTHAGE, cmd.ChooseNumber(number=4))
    other_nb = [n for n in neighbours("emporiae") if n != "ruscino"][0]
    for sp in (other_nb, "emporiae"):
        play(s, CARTHAGE, cmd.ChooseSpace(space=sp))
        if top(s).kind == "reaction":
            play(s, ROME, cmd.Pass())
    assert s.gens["mago"].where == "emporiae" and top(s).mp == 2
    assert cmd.ChooseSpace(space="ruscino") in legal(s, CARTHAGE)
    play(s, CARTHAGE, cmd.ChooseSpace(space="ruscino"))
    play(s, ROME, cmd.PlayCounter(card=41))
    assert s.gens["mago"].where == "emporiae" and top(s).kind == "move" and top(s).mp == 2
    moves = legal(s, CARTHAGE)
    assert cmd.ChooseSpace(space="ruscino") not in moves
    assert cmd.ChooseSpace(space=other_nb) in moves and cmd.Pass() in moves
    assert rejected(s, CARTHAGE, cmd.ChooseSpace(space="ruscino"))


def _rome_campaign():
    s = clear()
    put(s, ROME, "roma", 5, generals=("p_scipio",), office="consul")
    put(s, ROME, "capua", 2, generals=("varro",), office="consul")
    strategy(s, ROME, [37], [41, 55])
    play(s, ROME, cmd.PlayCard(card=37, use="event"))
    play(s, CARTHAGE, cmd.Pass())  # not declared at the start of the campaign
    return s


def _scipio_sails(s):
    play(s, ROME, cmd.ChooseGeneral(general="p_scipio"))
    if top(s).kind == "form_army":
        play(s, ROME, cmd.ChooseNumber(number=5))
    play(s, ROME, cmd.ChooseOption(option="sail"))
    play(s, ROME, cmd.ChooseSpace(space="neapolis"))
    assert top(s).kind == "naval_window"


def test_card_41_against_a_campaign_only_before_its_troops_move_25():
    """§25 #41 (campaign cards 33-34, 37-40): the card must be declared before any other move of the
    campaign; once an army of the campaign has moved, it is no longer offered (ruling G15)."""
    s = _rome_campaign()
    _scipio_sails(s)  # the campaign's first move: still in time
    assert cmd.PlayCounter(card=41) in legal(s, CARTHAGE)
    s = _rome_campaign()
    play(s, ROME, cmd.ChooseGeneral(general="varro"))
    if top(s).kind == "form_army":
        play(s, ROME, cmd.ChooseNumber(number=2))
    play(s, ROME, cmd.ChooseSpace(space="nola"))
    if top(s).kind == "reaction":
        play(s, CARTHAGE, cmd.Pass())
    play(s, ROME, cmd.Pass())  # Varro's move ends at Nola
    _scipio_sails(s)
    assert cmd.PlayCounter(card=41) not in legal(s, CARTHAGE)
    assert legal(s, CARTHAGE) == [cmd.Pass()]


# ------------------------------------------------------------- card 41 declared against a campaign
def _carthage_campaign(rome_hand, generals=("mago", "hasdrubal")):
    """Carthage plays a minor campaign (37) with Mago at Emporiae and Hasdrubal at Barcino (both
    ports, Emporiae at the foot of the Ruscino pass); Rome holds ``rome_hand``."""
    s = clear()
    for g, sp in (("mago", "emporiae"), ("hasdrubal", "barcino")):
        if g in generals:
            put(s, CARTHAGE, sp, 4, generals=(g,))
    control(s, CARTHAGE, "emporiae", "barcino")
    strategy(s, CARTHAGE, [37], list(rome_hand))
    play(s, CARTHAGE, cmd.PlayCard(card=37, use="event"))
    return s


def _activate_in_campaign(s, general):
    assert top(s).kind == "campaign"
    play(s, CARTHAGE, cmd.ChooseGeneral(general=general))
    if top(s).kind == "form_army":
        play(s, CARTHAGE, cmd.ChooseNumber(number=4))
    assert top(s).kind == "move" and top(s).general == general


def _march(s, *spaces):
    for sp in spaces:
        play(s, CARTHAGE, cmd.ChooseSpace(space=sp))
        if top(s).kind == "reaction":
            play(s, ROME, cmd.Pass())


def test_card_41_is_declared_at_the_start_of_an_enemy_campaign_against_one_army_25():
    """§25 #41 (campaign cards 33-34, 37-40): at the start of Carthage's campaign Rome may declare
    Adverse Elements, naming the one army it slows (ruling G15). That general's army may not sail,
    nor cross a pass or strait with its 3rd or 4th MP; the campaign's other army moves freely."""
    s = _carthage_campaign([41, 55])
    assert top(s).kind == "campaign_window" and top(s).seat == ROME
    assert legal(s, ROME) == [cmd.PlayCounter(card=41), cmd.Pass()]
    events = play(s, ROME, cmd.PlayCounter(card=41))
    assert of(events, ev.CardPlayed)[0].card == 41 and 41 not in s.hands[ROME]
    assert top(s).kind == "adverse_army" and top(s).seat == ROME
    assert sorted(c.general for c in options(s, ROME, cmd.ChooseGeneral)) == ["hasdrubal", "mago"]
    play(s, ROME, cmd.ChooseGeneral(general="mago"))
    _activate_in_campaign(s, "mago")
    moves = legal(s, CARTHAGE)
    assert cmd.ChooseOption(option="sail") not in moves  # the sea is closed to his army
    assert cmd.ChooseSpace(space="ruscino") in moves  # the pass on his 1st and 2nd MP is not barred
    _march(s, "barcino", "emporiae")
    assert top(s).mp == 2 and cmd.ChooseSpace(space="ruscino") not in legal(s, CARTHAGE)  # 3rd and 4th MP
    assert rejected(s, CARTHAGE, cmd.ChooseSpace(space="ruscino")).code == "ILLEGAL_TARGET"
    play(s, CARTHAGE, cmd.Pass())
    _activate_in_campaign(s, "hasdrubal")
    assert cmd.ChooseOption(option="sail") in legal(s, CARTHAGE)  # the other army is not slowed
    _march(s, "emporiae")
    assert cmd.ChooseSpace(space="ruscino") in legal(s, CARTHAGE)
    play(s, CARTHAGE, cmd.ChooseSpace(space="ruscino"))
    assert top(s).kind != "pass_window" or cmd.PlayCounter(card=41) not in legal(s, ROME)


def test_card_41_declared_against_an_army_follows_its_general_not_the_cu_25():
    """§25 #41: the card slows a general's moves, not the CU: the CU the named general (Mago) left at
    Barcino move on with Hasdrubal, who is not slowed, and cross the pass with their 3rd and 4th MP
    of the campaign."""
    s = _carthage_campaign([41], generals=("mago",))
    put(s, CARTHAGE, "barcino", 0, generals=("hasdrubal",))
    play(s, ROME, cmd.PlayCounter(card=41))
    play(s, ROME, cmd.ChooseGeneral(general="mago"))
    _activate_in_campaign(s, "mago")
    _march(s, "barcino")
    play(s, CARTHAGE, cmd.ChooseOption(option="drop"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=4))
    play(s, CARTHAGE, cmd.Pass())
    assert s.gens["mago"].where == "barcino" and B.cu_outside(s, CARTHAGE, "barcino") == 4
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hasdrubal"))
    play(s, CARTHAGE, cmd.Pass())  # Mago stays behind
    if top(s).kind == "form_army":
        play(s, CARTHAGE, cmd.ChooseNumber(number=4))
    assert top(s).kind == "move" and top(s).count == 4 and top(s).mp == 3  # the CU used 1 MP with Mago
    assert top(s).generals == []
    _march(s, "emporiae")
    assert cmd.ChooseSpace(space="ruscino") in legal(s, CARTHAGE)


def test_card_41_declaration_with_one_enemy_general_names_him_at_once_25():
    """One Carthaginian general on the map: the card can slow no other army, so no choice is asked."""
    s = _carthage_campaign([41], generals=("mago",))
    play(s, ROME, cmd.PlayCounter(card=41))
    assert top(s).kind == "campaign" and top(s).seat == CARTHAGE
    _activate_in_campaign(s, "mago")
    assert cmd.ChooseOption(option="sail") not in legal(s, CARTHAGE)


def test_card_41_campaign_window_opens_for_any_hand_and_refuses_other_cards_g12():
    """RULES.md G12: the window at the start of the campaign opens whenever Rome holds a card, so
    its opening tells nothing of Rome's hand; with no card it does not open. Another card sent in
    it is refused and changes nothing."""
    from engine.core import state_digest
    s = _carthage_campaign([55])
    assert top(s).kind == "campaign_window" and legal(s, ROME) == [cmd.Pass()]
    before = state_digest(s)
    err = rejected(s, ROME, cmd.PlayCounter(card=55))
    assert err.code == "WRONG_PHASE" and "pass" in str(err)  # no counter-event is offered here
    assert state_digest(s) == before
    play(s, ROME, cmd.Pass())
    assert top(s).kind == "campaign" and top(s).seat == CARTHAGE
    s = _carthage_campaign([])
    assert top(s).kind == "campaign"


def test_card_41_not_declared_at_the_start_may_still_meet_the_campaigns_first_move_25():
    """G15: Rome that passed at the start may still play the card before the campaign's first
    troops move (here a pass crossing on the first MP)."""
    s = _carthage_campaign([41])
    play(s, ROME, cmd.Pass())
    _activate_in_campaign(s, "mago")
    play(s, CARTHAGE, cmd.ChooseSpace(space="ruscino"))
    assert top(s).kind == "pass_window" and cmd.PlayCounter(card=41) in legal(s, ROME)


def test_card_41_at_a_pass_crossed_with_the_5th_and_6th_mp_does_not_stop_it_25():
    """§25 #41 bars a pass or strait only when the army needs its 3rd or 4th MP to cross it. On a
    Forced March (6 MP, §10.2) a pass crossed with the 5th and 6th MP is crossed all the same."""
    s = clear()
    put(s, CARTHAGE, "emporiae", 4, generals=("mago",))
    strategy(s, CARTHAGE, [62], [41, 55])
    event(s, CARTHAGE, 62)
    play(s, CARTHAGE, cmd.ChooseGeneral(general="mago"))
    if top(s).kind == "form_army":
        play(s, CARTHAGE, cmd.ChooseNumber(number=4))
    for sp in ("barcino", "emporiae", "barcino", "emporiae"):
        play(s, CARTHAGE, cmd.ChooseSpace(space=sp))
        if top(s).kind == "reaction":
            play(s, ROME, cmd.Pass())
    assert top(s).mp == 2
    play(s, CARTHAGE, cmd.ChooseSpace(space="ruscino"))
    assert top(s).kind == "pass_window"
    play(s, ROME, cmd.PlayCounter(card=41), Dice(6))  # the pass attrition roll of §10.6 follows
    assert s.gens["mago"].where == "ruscino"



def test_card_37_a_garrison_that_did_not_sortie_is_fresh_for_the_campaign_10_11():
    """§25 #37, §10.11 with §20.7: Marcellus's campaign army (6 CU) lifts the siege of Capua and loses
    CU in the battle; Fabius and his 3 CU stayed inside the walls (no sortie) and took no part in it.
    Once the siege is lifted they stand outside with Marcellus's survivors, and the campaign may
    activate Fabius with his 3 CU and his 4 MP: the record of the battle counts the CU it left, not
    the 6 that began it (which made fresh CU look spent)."""
    s = capua_relief_campaign()
    play(s, ROME, cmd.ChooseGeneral(general="marcellus"))
    play(s, ROME, cmd.ChooseNumber(number=6))
    play(s, ROME, cmd.ChooseSpace(space="capua"))
    assert top(s).kind == "relief_sortie"
    play(s, ROME, cmd.Pass())  # the garrison stays inside
    play(s, CARTHAGE, cmd.Pass())  # Carthage's battle events
    play(s, ROME, cmd.PlayBattleCard(card="frontal_assault", as_type="frontal_assault"))
    play(s, CARTHAGE, cmd.ChooseOption(option="concede"), Dice(6, 3))  # loss roll, retreat table
    while top(s).kind not in ("campaign", "strategy"):
        seat = top(s).seat
        play(s, seat, next(c for c in legal(s, seat) if not isinstance(c, cmd.Pass)), Dice())
    assert top(s).kind == "campaign" and "capua" not in s.sieges
    assert B.cu_total(s, ROME, "capua") < 9  # the battle cost Marcellus CU
    assert cmd.ChooseGeneral(general="fabius") in legal(s, ROME)
    play(s, ROME, cmd.ChooseGeneral(general="fabius"))
    while top(s).kind == "form_army" and cmd.Pass() in legal(s, ROME):
        play(s, ROME, cmd.Pass())  # Marcellus, who fought, stays
    play(s, ROME, cmd.ChooseNumber(number=3))
    assert top(s).kind == "move" and top(s).count == 3 and top(s).mp == 4


def test_card_37_every_general_and_cu_of_a_sortie_is_spent_10_11():
    """§25 #37, §10.11, §20.7: Fabius sorties from besieged Capua with 1 CU; the whole garrison,
    Marcellus and the other CU inside, fights the battle (§20.5). Marcellus took part in it: the
    campaign may not activate him next."""
    from engine.games.hannibal.state import Siege
    s = clear()
    control(s, ROME, "capua")
    put(s, ROME, "capua", 0, inside=2, generals=("fabius", "marcellus"), office="proconsul")
    s.gens["fabius"].inside = s.gens["marcellus"].inside = True
    put(s, CARTHAGE, "capua", 2)
    s.sieges["capua"] = Siege(side=CARTHAGE, points=1)
    strategy(s, ROME, [37], [1])
    event(s, ROME, 37)
    play(s, CARTHAGE, cmd.Pass())  # the campaign window
    play(s, ROME, cmd.ChooseGeneral(general="fabius"))
    while top(s).kind == "form_army" and cmd.Pass() in legal(s, ROME):
        play(s, ROME, cmd.Pass())
    play(s, ROME, cmd.ChooseNumber(number=1))
    play(s, ROME, cmd.ChooseOption(option="sortie"))
    while top(s).kind != "battle_attack":
        play(s, top(s).seat, cmd.Pass())
    assert s.battle.cu_start[ROME] == 2  # the whole garrison fights
    card = next(iter(s.battle.hands[ROME]))
    play(s, ROME, cmd.PlayBattleCard(card=card, as_type=card))
    play(s, CARTHAGE, cmd.ChooseOption(option="concede"), Dice(1, 3))  # loss roll, retreat table
    while top(s).kind not in ("campaign", "strategy"):
        seat = top(s).seat
        play(s, seat, next(c for c in legal(s, seat) if not isinstance(c, cmd.Pass)), Dice())
    assert s.gens["marcellus"].status == "map" and top(s).kind == "campaign"
    assert cmd.ChooseGeneral(general="marcellus") not in legal(s, ROME)
