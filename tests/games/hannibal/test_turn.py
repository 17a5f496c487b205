"""The turn (§4-§8, §21-§23): set-up, the deal, who plays first, alternation, operations,
reinforcements and consuls, winter attrition, isolation, political points and the end of the war."""

from __future__ import annotations

from engine.games.hannibal.components import SETUP, STRATEGY_CARDS, turn
from engine.games.hannibal.turn import pc_spaces, raise_spaces

from .helpers import (CARTHAGE, ROME, B, Dice, Frame, at, clear, cmd, control, ev, legal, of, play, put, rejected,
                      start, strategy, top)


def test_4_setup_places_every_stack_and_deals_seven_cards_each():
    """§4.1-§4.2 stacks, §4.4 the deck shuffled, §7.1 seven cards on turns 1-3."""
    session, opening = start()
    s = session.state
    for st in SETUP.stacks:
        side = ROME if st.side == "rome" else CARTHAGE
        assert s.units[side][st.space].cu == st.cu
        assert s.gens[st.commander].where == st.space
    assert len(s.hands[ROME]) == len(s.hands[CARTHAGE]) == turn(1).strategy_cards == 7
    assert len(s.deck) == 64 - 14
    shuffled = of([e.event for e in opening], ev.DeckShuffled)
    assert shuffled and all(e.seats == () for e in opening if isinstance(e.event, ev.DeckShuffled))


def test_7_3_rome_without_a_campaign_card_can_only_let_carthage_choose():
    s = clear()
    s.hands = [[1, 2, 3], [4, 5, 6]]
    at(s, Frame(kind="claim_first", seat=ROME))
    assert legal(s, ROME) == [cmd.Pass()]
    play(s, ROME, cmd.Pass())
    assert top(s).kind == "choose_first" and top(s).seat == CARTHAGE
    play(s, CARTHAGE, cmd.ChooseOption(option="rome"))
    assert top(s).kind == "strategy" and top(s).seat == ROME


def test_7_3_rome_claims_first_play_and_must_open_with_the_campaign_card():
    s = clear()
    s.hands = [[33, 1, 2], [4, 5, 6]]
    at(s, Frame(kind="claim_first", seat=ROME))
    play(s, ROME, cmd.ChooseOption(option="claim"))
    assert top(s).kind == "strategy" and top(s).seat == ROME
    assert {c.card for c in legal(s, ROME)} == {33}
    assert "discard" not in {c.use for c in legal(s, ROME)}


def test_7_4_a_player_out_of_cards_stops_and_the_other_plays_on():
    s = clear()
    strategy(s, ROME, [1], [2, 3])
    play(s, ROME, cmd.PlayCard(card=1, use="discard"))
    assert top(s).seat == CARTHAGE
    play(s, CARTHAGE, cmd.PlayCard(card=2, use="discard"))
    assert top(s).kind == "strategy" and top(s).seat == CARTHAGE  # Rome is out: Carthage plays on
    play(s, CARTHAGE, cmd.PlayCard(card=3, use="discard"))
    assert s.discard[-3:] == [1, 2, 3]


def test_8_2_an_ops_card_moves_only_a_general_whose_strategy_rating_it_reaches():
    s = clear()
    put(s, ROME, "roma", 5, generals=("p_scipio",), office="consul")
    one = next(n for n, c in STRATEGY_CARDS.items() if c.ops == 1)
    strategy(s, ROME, [one])
    play(s, ROME, cmd.PlayCard(card=one, use="ops"))
    assert top(s).kind == "ops"
    movable = [c for c in legal(s, ROME) if isinstance(c, cmd.ChooseGeneral)]
    assert (cmd.ChooseGeneral(general="p_scipio") in movable) == (B.strategy_rating("p_scipio") <= 1)


def test_8_2_pcs_go_where_no_pc_and_no_enemy_cu_stand_and_19_2_flip_with_a_cu():
    s = clear()
    control(s, -1, "cannae", "luceria")
    control(s, CARTHAGE, "venusia")
    put(s, CARTHAGE, "luceria", 1)
    spaces = pc_spaces(s, ROME)
    assert "cannae" in spaces           # empty: allowed
    assert "luceria" not in spaces      # a Carthaginian CU there
    assert "venusia" not in spaces      # a Carthaginian PC and no Roman CU
    put(s, ROME, "venusia", 1)
    assert "venusia" in pc_spaces(s, ROME)  # §19.2: flip it with a friendly CU there
    assert "roma" not in pc_spaces(s, ROME)  # already a PC (a city, besides)


def test_8_2_raising_a_cu_needs_a_general_in_a_friendly_space_of_a_friendly_province():
    s = clear()
    put(s, ROME, "roma", 5, generals=("p_scipio",), office="consul")
    assert B.controls_province(s, ROME, "latium")
    assert raise_spaces(s, ROME) == ["roma"]
    control(s, CARTHAGE, "roma")
    assert raise_spaces(s, ROME) == []


def test_8_6_a_discarded_card_does_nothing_and_is_seen():
    s = clear()
    strategy(s, ROME, [10], [11])
    events = play(s, ROME, cmd.PlayCard(card=10, use="discard"))
    assert of(events, ev.CardPlayed) == [ev.CardPlayed(seat=ROME, card=10, use="discard", removed=False)]
    assert 10 in s.discard


def test_8_5_a_one_time_event_leaves_the_game_but_not_when_played_for_ops():
    one_time = next(n for n, c in STRATEGY_CARDS.items() if c.one_time and c.kind == "traitor_in_city")
    s = clear()
    strategy(s, ROME, [one_time], [1])
    play(s, ROME, cmd.PlayCard(card=one_time, use="ops"))
    assert one_time in s.discard
    s = clear()
    strategy(s, ROME, [one_time], [1])
    play(s, ROME, cmd.PlayCard(card=one_time, use="event"))
    assert one_time in s.removed


def test_6_2_rome_places_five_cu_at_least_three_in_italy():
    s = clear()
    put(s, ROME, "roma", 5, generals=("p_scipio",), office="consul")
    put(s, ROME, "agrigentum", 2, generals=("longus",), office="consul")
    at(s, Frame(kind="rome_reinforce", seat=ROME, count=5))
    for _ in range(2):
        play(s, ROME, cmd.ChooseSpace(space="agrigentum"))
    # two in Sicily: the three left must go to Italy
    assert {c.space for c in legal(s, ROME)} == {"roma"}
    for _ in range(3):
        play(s, ROME, cmd.ChooseSpace(space="roma"))
    assert s.units[ROME]["roma"].cu == 8 and s.units[ROME]["agrigentum"].cu == 4


def test_6_2_rome_must_build_a_stack_of_five_when_none_exists():
    s = clear()
    put(s, ROME, "roma", 1)
    put(s, ROME, "capua", 4, generals=("p_scipio",), office="consul")
    put(s, ROME, "agrigentum", 1, generals=("longus",), office="consul")
    at(s, Frame(kind="rome_reinforce", seat=ROME, count=5))
    for _ in range(4):
        play(s, ROME, cmd.ChooseSpace(space="roma"))
    # 5 at Roma already: free again
    assert {c.space for c in legal(s, ROME)} >= {"agrigentum", "capua", "roma"}


def test_6_4_the_consuls_are_drawn_from_the_cup_and_placed_with_five_cu():
    s = clear()
    put(s, ROME, "roma", 6)
    put(s, ROME, "capua", 2)
    for g in ("fabius", "marcellus"):
        s.gens[g].status = "cup"
    for g in [x for x in s.gens if B.side_of(x) == ROME and x not in ("fabius", "marcellus")]:
        s.gens[g].status = "removed"
    at(s, Frame(kind="elect_consuls"), Frame(kind="proconsul", seat=ROME))
    play(s, ROME, cmd.Pass(), Dice())
    assert {s.gens["fabius"].office, s.gens["marcellus"].office} == {"consul"}
    assert top(s).kind == "place_consul"
    assert legal(s, ROME) == [cmd.ChooseSpace(space="roma")]  # §6.5: the only stack of 5


def test_21_1_winter_attrition_strikes_cu_on_an_enemy_pc_only():
    s = clear()
    put(s, CARTHAGE, "cannae", 6, generals=("hannibal",))
    put(s, CARTHAGE, "saguntum", 6)
    at(s, Frame(kind="winter"), Frame(kind="remove_pcs", seat=ROME, count=1, origin="test"))
    control(s, ROME, "cannae", "luceria")
    play(s, ROME, cmd.ChooseSpace(space="luceria"), Dice(6))  # then winter: one roll, for Cannae only
    assert s.units[CARTHAGE]["cannae"].cu < 6
    assert s.units[CARTHAGE]["saguntum"].cu == 6


def test_22_2_the_side_behind_removes_the_difference_and_22_3_sues_for_peace_if_it_cannot():
    s = clear()
    s.control = {}
    for sp in ("roma", "cannae", "luceria", "venusia"):
        s.control[sp] = ROME
    at(s, Frame(kind="political"), Frame(kind="remove_pcs", seat=ROME, count=1, origin="test"))
    play(s, ROME, cmd.ChooseSpace(space="cannae"))
    # Rome leads 1 (Latium) to 0: Carthage has no PC to give up: it sues for peace (§22.3, §23)
    assert s.phase == "over" and s.winner == ROME and s.reason == "peace"


def test_23_carthage_holding_roma_wins_at_once():
    s = clear()
    put(s, CARTHAGE, "ostia", 0)
    strategy(s, CARTHAGE, [35], [1])
    s.flow[-1] = Frame(kind="place_pcs", seat=CARTHAGE, count=1)
    control(s, -1, "roma")
    play(s, CARTHAGE, cmd.ChooseSpace(space="roma"))
    assert s.phase == "over" and s.winner == CARTHAGE and s.reason == "sudden_death_roma"


def test_19_4_an_isolated_pc_is_removed_but_cities_and_tribes_stay():
    s = clear()
    s.control = {"cannae": ROME, "capua": ROME, "insubres": CARTHAGE}
    put(s, CARTHAGE, "venusia", 3)
    s.control["venusia"] = CARTHAGE
    at(s, Frame(kind="isolation"), Frame(kind="remove_pcs", seat=ROME, count=1, origin="test"))
    s.control["luceria"] = ROME
    play(s, ROME, cmd.ChooseSpace(space="luceria"))
    assert "capua" in s.control and "insubres" in s.control  # a city, a tribe
    assert "venusia" in s.control  # a friendly CU there


def test_6_1_carthages_four_reinforcements_follow_their_clauses():
    """§6.1: one at Carthago or with a general in Africa; one in Spain if Carthago Nova is
    Carthaginian; one in Spain if Baetica is; one anywhere with a general or at either city."""
    from engine.games.hannibal.reinforcements import carthage_slot_spaces
    s = clear()
    put(s, CARTHAGE, "carthago", 2, generals=("hanno",))
    put(s, CARTHAGE, "capua", 5, generals=("hannibal",))
    control(s, CARTHAGE, "carthago", "carthago_nova")
    assert carthage_slot_spaces(s, 0) == ["carthago"]
    assert carthage_slot_spaces(s, 1) == ["carthago_nova"]
    baetica = [sp for sp in B.SPACES if B.SPACES[sp].province == "baetica"]
    control(s, ROME, *baetica)
    assert carthage_slot_spaces(s, 2) == []  # Baetica is not Carthaginian
    assert set(carthage_slot_spaces(s, 3)) == {"carthago", "carthago_nova", "capua"}
    control(s, ROME, "carthago_nova")
    assert carthage_slot_spaces(s, 1) == []


def test_6_1_neutralized_carthaginian_generals_return_to_cu_not_under_siege():
    s = clear()
    put(s, CARTHAGE, "saguntum", 3)
    s.gens["mago"].status = "neutralized"
    at(s, Frame(kind="return_generals", seat=CARTHAGE))
    assert legal(s, CARTHAGE) == [cmd.ChooseSpace(space="saguntum")]
    play(s, CARTHAGE, cmd.ChooseSpace(space="saguntum"))
    assert s.gens["mago"].status == "map" and s.gens["mago"].where == "saguntum"


def test_6_7_scipio_africanus_arrives_on_turn_6_with_5_cu_in_italy_or_a_spanish_port():
    from engine.games.hannibal.reinforcements import africanus_spaces
    s = clear()
    s.gens["scipio_africanus"].status = "later"
    put(s, CARTHAGE, "capua", 3)
    spaces = africanus_spaces(s)
    assert "roma" in spaces and "capua" not in spaces
    assert all(B.in_italy(sp) or (B.country(sp) == "spain" and B.SPACES[sp].port) for sp in spaces)
    at(s, Frame(kind="africanus", seat=ROME, general="scipio_africanus"))
    play(s, ROME, cmd.ChooseSpace(space="roma"))
    assert s.gens["scipio_africanus"].office == "proconsul" and B.cu_total(s, ROME, "roma") == 5


def test_22_4_after_turn_9_the_higher_total_wins_and_carthage_takes_ties():
    s = clear()
    s.turn = 9
    s.control = {"roma": ROME, "carthago": CARTHAGE}
    at(s, Frame(kind="final_count"), Frame(kind="remove_pcs", seat=ROME, count=1, origin="test"))
    s.control["cannae"] = ROME
    play(s, ROME, cmd.ChooseSpace(space="cannae"))  # then the count: 1 to 1
    assert s.phase == "over" and s.winner == CARTHAGE and s.reason == "turn_limit"


def test_23_rome_holding_carthago_wins_at_once():
    s = clear()
    strategy(s, ROME, [35], [1])
    s.flow[-1] = Frame(kind="place_pcs", seat=ROME, count=1)
    control(s, -1, "carthago")
    play(s, ROME, cmd.ChooseSpace(space="carthago"))
    assert s.phase == "over" and s.winner == ROME and s.reason == "sudden_death_carthago"


def test_23_carthage_holding_all_italy_but_latium_wins_in_the_political_phase():
    s = clear()
    for sp in B.SPACES.values():
        if sp.province in ("gallia_cisalpina", "etruria", "samnium", "campania", "lucania", "apulia"):
            s.control[sp.id] = CARTHAGE
    s.control["roma"] = ROME
    at(s, Frame(kind="political"), Frame(kind="remove_pcs", seat=ROME, count=1, origin="test"))
    play(s, ROME, cmd.ChooseSpace(space="messana"))
    assert s.phase == "over" and s.winner == CARTHAGE and s.reason == "sudden_death_italy"


def test_15_6_a_loser_who_cannot_pay_its_pcs_sues_for_peace():
    from engine.games.hannibal.flow import Ctx
    from engine.games.hannibal.forces import lose_pcs
    s = clear()
    s.control = {"cannae": ROME, "roma": ROME}
    at(s)
    ctx = Ctx(s, Dice())
    lose_pcs(ctx, ROME, 2, "battle_loss")  # one plain PC for two to give up
    assert ctx.s.phase == "over" and ctx.s.winner == CARTHAGE and ctx.s.reason == "peace"
