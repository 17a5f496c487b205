"""Strategy-card events that change control, hands and markers (§8.3-§8.5, §25): revolts (1-4,
23-24), cities that change sides (18, 25-26, 54), political events (9, 19, 27, 35-36, 55-58) and
the special ones (29, 64). One test (at least) per card, named by its number."""

from __future__ import annotations

import pytest

from engine.games.hannibal.components import SPACES, STRATEGY_CARDS
from engine.games.hannibal.naval import naval_modifier, sail_ports

from .helpers import CARTHAGE, ROME, B, Dice, Frame, G, clear, cmd, control, ev, legal, of, play, put, rejected, strategy, top


def event(s, seat, card, *rolls):
    return play(s, seat, cmd.PlayCard(card=card, use="event"), Dice(*rolls))


def chosen(s, seat):
    return sorted(c.space for c in legal(s, seat) if isinstance(c, cmd.ChooseSpace))


def done(s):
    """No choice of the event is pending any more."""
    return not any(f.kind.startswith("event_") for f in s.flow)


def can_play_event(s, seat, card):
    return cmd.PlayCard(card=card, use="event") in legal(s, seat)


# ------------------------------------------------------------------------------ revolts
def test_card_1_revolt_in_corsica_flips_or_places_two_pcs_where_no_roman_cu_stand_25():
    """§25 #1: Carthage flips Roman plain PCs or places PCs in empty spaces of Corsica/Sardinia, never
    a city, never where Roman CU stand; at most two."""
    s = clear()
    put(s, ROME, "olbia", 1)
    strategy(s, CARTHAGE, [1])
    assert not can_play_event(clear_with_hand(ROME, 1), ROME, 1)  # a Carthaginian event
    event(s, CARTHAGE, 1)
    assert top(s).kind == "event_pcs"
    assert chosen(s, CARTHAGE) == ["aleria", "cornus", "sulci"]  # no Carales (a city), no Olbia (Roman CU)
    play(s, CARTHAGE, cmd.ChooseSpace(space="aleria"))
    play(s, CARTHAGE, cmd.ChooseSpace(space="cornus"))
    assert s.control["aleria"] == s.control["cornus"] == CARTHAGE
    assert s.control["sulci"] == ROME  # two only
    assert done(s)


def test_card_1_a_space_the_event_does_not_offer_is_refused_and_changes_nothing():
    """Bad input: a city (Carales) is no target of a revolt; the refusal names the allowed spaces."""
    from engine.core import state_digest
    s = clear()
    strategy(s, CARTHAGE, [1])
    event(s, CARTHAGE, 1)
    before = state_digest(s)
    err = rejected(s, CARTHAGE, cmd.ChooseSpace(space="carales"))
    assert err.code == "ILLEGAL_TARGET" and "aleria" in str(err)
    assert state_digest(s) == before and s.control["carales"] == ROME


def test_an_unplayable_event_is_refused_as_an_illegal_move():
    s = clear()
    put(s, ROME, "syracusae", inside=1)
    strategy(s, CARTHAGE, [26])
    err = rejected(s, CARTHAGE, cmd.PlayCard(card=26, use="event"))
    assert err.code == "ILLEGAL_MOVE" and "play_card(26, ops)" in str(err)


def clear_with_hand(seat, *cards):
    s = clear()
    return strategy(s, seat, list(cards))


def test_card_2_revolt_in_sicily_stays_out_of_syracusae_and_may_stop_early_25():
    """§25 #2: only Sicilia's spaces (Syracusae is its own province); the player may stop after one."""
    s = clear()
    strategy(s, CARTHAGE, [2])
    event(s, CARTHAGE, 2)
    spaces = chosen(s, CARTHAGE)
    assert spaces == ["henna", "messana", "panormus"]  # no city: Lilybaeum, Agrigentum, Syracusae
    play(s, CARTHAGE, cmd.ChooseSpace(space="henna"))
    play(s, CARTHAGE, cmd.Pass())
    assert s.control["henna"] == CARTHAGE and s.control["messana"] == ROME


def test_card_3_revolt_in_numidia_acts_in_one_numidian_province_only_25():
    """§25 #3: Rome flips or places up to two PCs, both in the same Numidian province."""
    s = clear()
    put(s, CARTHAGE, "sicca", 2)
    strategy(s, ROME, [3])
    event(s, ROME, 3)
    first = chosen(s, ROME)
    assert "sicca" not in first and "cirta" not in first and "siga" not in first  # Carthaginian CU; cities
    assert {"thabraca", "theveste", "saldae", "sitifis"} <= set(first)  # both provinces at first
    play(s, ROME, cmd.ChooseSpace(space="theveste"))
    assert s.control["theveste"] == ROME
    assert all(SPACES[sp].province == "numidia_orientalis" for sp in chosen(s, ROME))


def test_card_4_revolt_in_celtiberia_is_a_roman_event_25():
    """§25 #4: Rome takes up to two spaces of Celtiberia."""
    s = clear()
    strategy(s, ROME, [4])
    event(s, ROME, 4)
    assert chosen(s, ROME) == ["bilbilis", "numantia", "salmantica", "segobriga", "toletum"]
    play(s, ROME, cmd.ChooseSpace(space="toletum"))
    play(s, ROME, cmd.ChooseSpace(space="numantia"))
    assert s.control["toletum"] == s.control["numantia"] == ROME
    assert B.controls_province(s, CARTHAGE, "celtiberia") is False


@pytest.mark.parametrize("seat", [ROME, CARTHAGE])
def test_card_23_numidian_ally_serves_either_side_in_both_numidias_25(seat):
    """§25 #23: either side flips enemy plain PCs or places PCs anywhere in the two Numidias."""
    s = clear()
    control(s, ROME, "sicca")
    strategy(s, seat, [23])
    event(s, seat, 23)
    spaces = chosen(s, seat)
    provinces = {SPACES[sp].province for sp in spaces}
    assert provinces == {"numidia_orientalis", "numidia_occidentalis"}
    if seat == ROME:
        assert "sicca" not in spaces and "hippo_regius" in spaces  # its own PC is not a target
    else:
        assert "sicca" in spaces and "hippo_regius" not in spaces
    play(s, seat, cmd.ChooseSpace(space="theveste"))
    play(s, seat, cmd.ChooseSpace(space="sitifis"))  # the other province: allowed
    assert s.control["theveste"] == s.control["sitifis"] == seat


def test_card_24_sophonisba_flips_every_roman_plain_pc_of_numidia_occidentalis_25():
    """§25 #24: every Roman plain PC there without Roman CU turns Carthaginian; not the city, not
    the spaces with Roman CU, nothing outside the province."""
    s = clear()
    control(s, ROME, "saldae", "iol", "sitifis", "siga", "sicca")
    put(s, ROME, "iol", 1)
    strategy(s, CARTHAGE, [24])
    event(s, CARTHAGE, 24)
    assert s.control["saldae"] == s.control["sitifis"] == CARTHAGE
    assert s.control["iol"] == ROME       # Roman CU there
    assert s.control["siga"] == ROME      # a city
    assert s.control["sicca"] == ROME     # Numidia Orientalis
    assert 24 in s.removed                # a one-time event (§8.5)


# ----------------------------------------------------------------------- cities change sides
def test_card_18_traitor_in_tarentum_needs_three_carthaginian_cu_there_25():
    """§25 #18: with an army of 3 CU at Tarentum the city turns Carthaginian and the Roman CU inside
    are eliminated; with 2 CU the event is not offered at all (only ops and the discard are)."""
    s = clear()
    put(s, CARTHAGE, "tarentum", 2, generals=("mago",))
    put(s, ROME, "tarentum", inside=2)
    strategy(s, CARTHAGE, [18])
    assert not can_play_event(s, CARTHAGE, 18)
    assert cmd.PlayCard(card=18, use="ops") in legal(s, CARTHAGE)
    s = clear()
    put(s, CARTHAGE, "tarentum", 3, generals=("mago",))
    put(s, ROME, "tarentum", inside=2, generals=("fabius",))
    s.gens["fabius"].inside = True
    s.sieges["tarentum"] = _siege(CARTHAGE, 1)
    strategy(s, CARTHAGE, [18])
    assert can_play_event(s, CARTHAGE, 18)
    events = event(s, CARTHAGE, 18)
    assert s.control["tarentum"] == CARTHAGE
    assert B.cu_total(s, ROME, "tarentum") == 0
    assert of(events, ev.CuLost)[0].count == 2
    assert "tarentum" not in s.sieges
    assert s.gens["fabius"].status != "map"  # a general inside the lost city does not stay there
    assert 18 in s.removed


@pytest.mark.parametrize("where, cu, general, owner, reason", [
    ("tarentum", 2, "mago", ROME, "at least 3 CU"),       # too few CU
    ("tarentum", 5, None, ROME, "at least 3 CU"),         # CU without a general are no army (G24)
    ("venusia", 5, "mago", ROME, "at least 3 CU"),        # the army is not in the Tarentum space
    ("tarentum", 5, "mago", CARTHAGE, "Carthaginian already"),  # nothing left to betray
])
def test_card_18_without_its_army_the_event_is_refused_with_the_reason_and_changes_nothing_25(where, cu, general,
                                                                                             owner, reason):
    """§25 #18 (ruling G24): the event needs a Carthaginian army (a general with at least 3 CU) in the
    Tarentum space. Without it the event is not offered, and sent anyway it is refused with an
    error that says what is missing; the position does not change."""
    from engine.core import state_digest
    s = clear()
    put(s, CARTHAGE, where, cu, generals=(general,) if general else ())
    control(s, owner, "tarentum")
    strategy(s, CARTHAGE, [18])
    assert not can_play_event(s, CARTHAGE, 18)
    before = state_digest(s)
    err = rejected(s, CARTHAGE, cmd.PlayCard(card=18, use="event"))
    assert err.code == "ILLEGAL_MOVE"
    assert "card 18" in str(err) and reason in str(err) and "Tarentum" in str(err)
    assert state_digest(s) == before and 18 in s.hands[CARTHAGE]


def _siege(side, points):
    from engine.games.hannibal.state import Siege
    return Siege(side=side, points=points)


def test_card_25_capua_sides_with_carthage_only_while_hannibal_is_in_italy_25():
    """§25 #25: Capua's marker turns Carthaginian, Roman CU inside go outside the walls, then up to 2
    PCs in Campania spaces with no PC and no Roman CU."""
    s = clear()
    put(s, CARTHAGE, "saguntum", 5, generals=("hannibal",))
    strategy(s, CARTHAGE, [25])
    assert not can_play_event(s, CARTHAGE, 25)
    s = clear()
    put(s, CARTHAGE, "venusia", 5, generals=("hannibal",))
    put(s, ROME, "capua", inside=2)
    control(s, -1, "nola", "neapolis")
    put(s, ROME, "neapolis", 1)
    strategy(s, CARTHAGE, [25])
    event(s, CARTHAGE, 25)
    assert s.control["capua"] == CARTHAGE
    assert B.cu_outside(s, ROME, "capua") == 2 and B.cu_inside(s, ROME, "capua") == 0
    assert chosen(s, CARTHAGE) == ["nola"]  # Neapolis holds Roman CU
    play(s, CARTHAGE, cmd.ChooseSpace(space="nola"))
    assert s.control["nola"] == CARTHAGE
    assert 25 in s.removed


def test_card_26_syracuse_sides_with_carthage_only_without_roman_cu_there_25():
    """§25 #26: the Syracusae city turns Carthaginian; the event cannot be played while Roman CU
    stand in the space."""
    s = clear()
    put(s, ROME, "syracusae", inside=1)
    strategy(s, CARTHAGE, [26])
    assert not can_play_event(s, CARTHAGE, 26)
    s = clear()
    strategy(s, CARTHAGE, [26])
    event(s, CARTHAGE, 26)
    assert s.control["syracusae"] == CARTHAGE
    assert B.controls_province(s, CARTHAGE, "syracusae")
    assert 26 in s.removed


@pytest.mark.parametrize("seat", [ROME, CARTHAGE])
def test_card_54_traitor_in_the_city_takes_an_enemy_city_where_you_have_3_cu_25(seat):
    """§25 #54: an enemy city (never Roma or Carthago) in a space where the player has 3 CU becomes
    his, and the enemy CU inside are eliminated."""
    s = clear()
    enemy = 1 - seat
    control(s, enemy, "neapolis", "capua")
    put(s, seat, "neapolis", 3)
    put(s, enemy, "neapolis", inside=1)
    put(s, seat, "capua", 2)
    put(s, seat, "roma" if seat == CARTHAGE else "carthago", 5)
    strategy(s, seat, [54])
    event(s, seat, 54)
    assert chosen(s, seat) == ["neapolis"]  # Capua: 2 CU; Roma/Carthago never
    play(s, seat, cmd.ChooseSpace(space="neapolis"))
    assert s.control["neapolis"] == seat and B.cu_total(s, enemy, "neapolis") == 0
    assert 54 in s.removed


# ------------------------------------------------------------------------------ politics
def test_card_9_philip_v_allies_with_carthage_then_rome_ends_it_25():
    """§25 #9, §8.5, H25: Carthage's play puts the -1 naval marker and the card goes back to the deck;
    Rome may play it only while the alliance holds: Carthage loses a random card, the modifier goes
    and the card leaves the game."""
    s = clear()
    strategy(s, ROME, [9], [1])
    assert not can_play_event(s, ROME, 9)  # no alliance yet
    s = clear()
    strategy(s, CARTHAGE, [9], [2])
    mv = Frame(kind="move", seat=CARTHAGE, space="carthago", count=3, nums=[0, 5, 4])
    before = naval_modifier(s, mv, "saguntum")
    events = event(s, CARTHAGE, 9)
    assert s.markers.get("macedonia") == 1
    assert naval_modifier(s, mv, "saguntum") == before - 1
    assert of(events, ev.CardPlayed)[0].removed is False and 9 in s.discard
    # Later Rome draws it again.
    s.discard.remove(9)
    strategy(s, ROME, [9], [12, 15])
    events = event(s, ROME, 9)
    assert of(events, ev.CardLost) == [ev.CardLost(seat=CARTHAGE, card=12)]
    assert 12 not in s.hands[CARTHAGE] and s.hands[CARTHAGE] == [15]
    assert "macedonia" not in s.markers and naval_modifier(s, mv, "saguntum") == before
    assert 9 in s.removed


def test_card_9_carthage_cannot_renew_an_alliance_that_holds_25():
    s = clear()
    s.markers["macedonia"] = 1
    strategy(s, CARTHAGE, [9])
    assert not can_play_event(s, CARTHAGE, 9)


def test_card_19_the_senate_recalls_the_proconsul_but_never_africanus():
    """§25 #19: the proconsul goes to the cup; his CU stay; Scipio Africanus is immune."""
    s = clear()
    put(s, ROME, "capua", 6, generals=("marcellus",), office="proconsul")
    strategy(s, CARTHAGE, [19])
    event(s, CARTHAGE, 19)
    assert s.gens["marcellus"].status == "cup" and s.gens["marcellus"].office == ""
    assert B.cu_outside(s, ROME, "capua") == 6
    s = clear()
    put(s, ROME, "capua", 6, generals=("scipio_africanus",), office="proconsul")
    strategy(s, CARTHAGE, [19])
    assert not can_play_event(s, CARTHAGE, 19)
    strategy(s, ROME, [19])
    assert not can_play_event(s, ROME, 19)  # a Carthaginian event


def test_card_27_i_have_come_places_3_pcs_next_to_hannibal_in_italy():
    """§25 #27: only with Hannibal in Italy; up to 3 PCs in adjacent spaces that hold no PC and no
    Roman CU."""
    s = clear()
    put(s, CARTHAGE, "venusia", 5, generals=("hannibal",))
    control(s, -1, "beneventum", "luceria", "cannae", "grumentum")
    put(s, ROME, "cannae", 2)
    strategy(s, CARTHAGE, [27])
    event(s, CARTHAGE, 27)
    assert chosen(s, CARTHAGE) == ["beneventum", "grumentum", "luceria"]  # Tarentum holds a PC, Cannae CU
    for sp in ("beneventum", "grumentum", "luceria"):
        play(s, CARTHAGE, cmd.ChooseSpace(space=sp))
    assert all(s.control[sp] == CARTHAGE for sp in ("beneventum", "grumentum", "luceria"))
    assert done(s)
    s = clear()
    put(s, CARTHAGE, "saguntum", 5, generals=("hannibal",))
    strategy(s, CARTHAGE, [27])
    assert not can_play_event(s, CARTHAGE, 27)


@pytest.mark.parametrize("card", [35, 36])
@pytest.mark.parametrize("seat", [ROME, CARTHAGE])
def test_cards_35_36_diplomacy_flips_two_enemy_plain_pcs_without_enemy_cu(card, seat):
    """§25 #35-36: either side flips up to 2 enemy plain PCs (never a city or tribe) where no enemy
    CU stand."""
    s = clear()
    enemy = 1 - seat
    control(s, enemy, "luceria", "cannae", "venusia", "tarentum")
    put(s, enemy, "cannae", 1)
    strategy(s, seat, [card])
    event(s, seat, card)
    spaces = chosen(s, seat)
    assert "luceria" in spaces and "venusia" in spaces
    assert "cannae" not in spaces and "tarentum" not in spaces
    assert all(B.is_plain_pc(s, sp) and s.control[sp] == enemy for sp in spaces)
    play(s, seat, cmd.ChooseSpace(space="luceria"))
    play(s, seat, cmd.ChooseSpace(space="venusia"))
    assert s.control["luceria"] == s.control["venusia"] == seat
    assert done(s)


@pytest.mark.parametrize("seat", [ROME, CARTHAGE])
def test_card_55_messenger_intercepted_shows_the_hand_to_the_player_only_then_a_random_discard(seat):
    """§25 #55: the player sees the opponent's hand (nobody else does), then one card drawn at random
    leaves it."""
    s = clear()
    strategy(s, seat, [55], [30, 20, 7])
    emitted = G.decide(s, seat, cmd.PlayCard(card=55, use="event"), Dice())
    seen = [e for e in emitted if isinstance(e.event, ev.HandSeen)]
    assert len(seen) == 1
    assert seen[0].event.cards == (7, 20, 30) and set(seen[0].seats) == {seat, 1 - seat}
    assert seen[0].redacted == ev.HandSeenRedacted(viewer=seat, seat=1 - seat, count=3)
    lost = [e.event for e in emitted if isinstance(e.event, ev.CardLost)]
    assert lost == [ev.CardLost(seat=1 - seat, card=7)]  # the scripted draw takes the first


def test_card_56_grain_shortage_removes_two_enemy_pcs_of_one_province():
    """§25 #56: the player names a province by his first choice; the enemy loses 2 plain PCs there,
    only where he has no CU."""
    s = clear()
    put(s, ROME, "cannae", 2)
    strategy(s, CARTHAGE, [56])
    event(s, CARTHAGE, 56)
    spaces = chosen(s, CARTHAGE)
    assert "cannae" not in spaces and "luceria" in spaces and "tarentum" not in spaces and "roma" not in spaces
    play(s, CARTHAGE, cmd.ChooseSpace(space="luceria"))
    assert "luceria" not in s.control
    assert chosen(s, CARTHAGE) == ["brundisium", "venusia"]  # Apulia only now
    play(s, CARTHAGE, cmd.ChooseSpace(space="venusia"))
    assert "venusia" not in s.control and done(s)


@pytest.mark.parametrize("card, restrained", [(57, CARTHAGE), (58, ROME)])
def test_cards_57_58_counsels_keep_the_other_sides_cu_out_of_and_in_africa(card, restrained):
    """§25 #57-58: Hanno's counsel (Rome's event) restrains Carthage, Cato's (Carthage's) restrains
    Rome: CU may not move into or out of Africa; a general alone still may."""
    player = 1 - restrained
    s = clear()
    strategy(s, player, [card])
    event(s, player, card)
    gens = {ROME: "p_scipio", CARTHAGE: "mago"}
    mv = Frame(kind="move", seat=restrained, general=gens[restrained], space="utica", count=3, mp=4, nums=[0, 5, 4])
    ports = sail_ports(s, mv)
    assert ports and all(B.country(p) == "africa" for p in ports)
    mv.space = "agrigentum"
    assert ports and all(B.country(p) != "africa" for p in sail_ports(s, mv))  # nor into Africa
    alone = Frame(kind="move", seat=restrained, general=gens[restrained], space="utica", count=0, mp=4,
                  nums=[0, 5, 4])
    assert "agrigentum" in sail_ports(s, alone)
    other = Frame(kind="move", seat=player, general=gens[player], space="utica", count=3, mp=4, nums=[0, 5, 4])
    assert "agrigentum" in sail_ports(s, other)  # the player's own side is free


def test_cards_57_58_the_counsel_ends_with_the_turn_after_the_next_reshuffle():
    """§25 #57-58, H12: in force until the turn that follows the next reshuffle of the deck begins."""
    from engine.games.hannibal.flow import Ctx
    from engine.games.hannibal.turn import begin_turn, reshuffle
    s = clear()
    s.markers["counsel_rome"] = 1
    ctx = Ctx(s, Dice())
    reshuffle(ctx, "truce")
    assert ctx.s.markers["counsel_rome_ends"] == s.turn + 1
    ctx.s.flow = [Frame(kind="begin_turn")]
    begin_turn(ctx, ctx.s.flow[-1])
    assert "counsel_rome" not in ctx.s.markers


# -------------------------------------------------------------------------------- specials
def test_card_29_naval_victory_gives_minus_one_to_naval_rolls_for_the_turn():
    """§11.6, §25 #29: -1 on every naval-combat roll until the end of the turn."""
    from engine.games.hannibal.flow import Ctx
    from engine.games.hannibal.turn import end_turn
    s = clear()
    mv = Frame(kind="move", seat=CARTHAGE, space="carthago", count=3, nums=[0, 5, 4])
    before = naval_modifier(s, mv, "lilybaeum")
    strategy(s, CARTHAGE, [29])
    assert not can_play_event(clear_with_hand(ROME, 29), ROME, 29)
    event(s, CARTHAGE, 29)
    assert naval_modifier(s, mv, "lilybaeum") == before - 1
    ctx = Ctx(s, Dice())
    ctx.s.flow = [Frame(kind="end_turn")]
    end_turn(ctx, ctx.s.flow[-1])
    assert naval_modifier(ctx.s, mv, "lilybaeum") == before


def test_card_64_truce_stops_interceptions_sieges_and_the_naval_roll_and_reshuffles():
    """§25 #64, §8.7: no interception, no siege roll, no naval-combat roll for Carthage, and the deck
    is reshuffled at the end of the turn."""
    from engine.games.hannibal.interception import interceptors
    from engine.games.hannibal.siege import siege_target
    s = clear()
    strategy(s, ROME, [64])
    event(s, ROME, 64)
    assert s.markers.get("truce") == 1 and s.markers.get("reshuffle") == 1
    put(s, ROME, "capua", 5, generals=("marcellus",), office="proconsul")
    mv = Frame(kind="move", seat=CARTHAGE, space="nola", origin="paestum", count=5, mp=3, nums=[0, 0, 4])
    put(s, CARTHAGE, "nola", 5, generals=("hannibal",))
    assert interceptors(s, mv, "nola") == []
    put(s, CARTHAGE, "neapolis", 5, generals=("mago",))
    mv2 = Frame(kind="move", seat=CARTHAGE, space="neapolis", count=5, mp=3, nums=[0, 0, 4])
    assert siege_target(s, mv2) == ""
    del s.markers["truce"]
    assert siege_target(s, mv2) == "siege" and interceptors(s, mv, "nola") == ["marcellus"]


def test_card_64_played_for_ops_still_reshuffles_8_7():
    s = clear()
    strategy(s, CARTHAGE, [64])
    play(s, CARTHAGE, cmd.PlayCard(card=64, use="ops"))
    assert s.markers.get("reshuffle") == 1 and "truce" not in s.markers


def test_card_64_discarded_from_a_hand_by_messenger_intercepted_still_reshuffles_25_55_8_7():
    """§25 #55 with §8.7 (ruling G80): the Truce discarded from Carthage's hand by the random draw of
    Messenger Intercepted is a discarded Truce: the deck is reshuffled at the end of the turn. Any
    other card lost that way sets nothing."""
    s = clear()
    strategy(s, ROME, [55], [64])
    event(s, ROME, 55)
    assert 64 in s.discard and s.hands[CARTHAGE] == []
    assert s.markers.get("reshuffle") == 1 and "truce" not in s.markers  # reshuffled, but no Truce in force
    s = clear()
    strategy(s, ROME, [55], [3])
    event(s, ROME, 55)
    assert 3 in s.discard and "reshuffle" not in s.markers


@pytest.mark.parametrize("card, breaks", [(35, True), (11, True), (55, True), (29, True), (5, False), (19, False),
                                          (33, False), (61, False)])
def test_card_64_the_truce_ends_with_a_breaking_event_only(card, breaks):
    """§25 #64 and H11: reinforcement, revolt, attrition, political, sortie and special events end
    the Truce; movement events and the unlisted ones do not. An event that asks a choice first
    (where the PCs or CU go) ends it with the choice's effect (G19)."""
    s = clear()
    s.markers["truce"] = 1
    put(s, CARTHAGE, "saguntum", 5, generals=("hasdrubal", "hannibal"))
    put(s, ROME, "capua", 5, generals=("marcellus",), office="proconsul")
    control(s, ROME, "luceria")
    seat = CARTHAGE if STRATEGY_CARDS[card].event_side != "rome" else ROME
    strategy(s, seat, [card], [1, 2, 3])
    event(s, seat, card)
    if top(s).kind in ("event_pcs", "event_cu"):
        play(s, seat, next(c for c in legal(s, seat) if isinstance(c, cmd.ChooseSpace)))
    assert ("truce" not in s.markers) == breaks


def test_card_64_an_event_that_does_nothing_keeps_the_truce():
    """§25 #64: an event played when nothing comes of it (Allied Auxiliaries with no Roman general in
    Italy) does not end the Truce."""
    s = clear()
    s.markers["truce"] = 1
    strategy(s, ROME, [44])
    event(s, ROME, 44)
    assert s.markers.get("truce") == 1
    put(s, ROME, "capua", 5, generals=("marcellus",), office="proconsul")
    strategy(s, ROME, [45])
    event(s, ROME, 45)
    play(s, ROME, cmd.ChooseSpace(space="capua"))
    assert "truce" not in s.markers


@pytest.mark.parametrize("card", [35, 36])
def test_card_64_a_choice_declined_before_any_effect_keeps_the_truce_25(card):
    """§25 #64 (ruling G19): Diplomacy opens the choice of PCs; the player stops before flipping any,
    so nothing came of the event and the Truce holds. Flipping one ends it, with that flip."""
    s = clear()
    s.markers["truce"] = 1
    control(s, CARTHAGE, "luceria", "venusia")
    strategy(s, ROME, [card])
    event(s, ROME, card)
    assert top(s).kind == "event_pcs" and s.markers.get("truce") == 1  # a choice is no effect yet
    play(s, ROME, cmd.Pass())
    assert s.markers.get("truce") == 1 and s.control["luceria"] == CARTHAGE
    s = clear()
    s.markers["truce"] = 1
    control(s, CARTHAGE, "luceria", "venusia")
    strategy(s, ROME, [card])
    event(s, ROME, card)
    events = play(s, ROME, cmd.ChooseSpace(space="luceria"))
    assert "truce" not in s.markers and s.control["luceria"] == ROME
    assert of(events, ev.MarkerSet)[0].name == "truce"


def test_card_64_messenger_intercepted_against_an_empty_hand_keeps_the_truce_25():
    """§25 #64: Messenger Intercepted (55) against a side with no card left shows nothing and
    discards nothing; nothing happens, so the Truce holds (and no empty hand is 'seen')."""
    s = clear()
    s.markers["truce"] = 1
    strategy(s, ROME, [55], [])
    events = event(s, ROME, 55)
    assert s.markers.get("truce") == 1
    assert not of(events, ev.HandSeen) and not of(events, ev.CardLost)
    s = clear()
    s.markers["truce"] = 1
    strategy(s, ROME, [55], [3])
    event(s, ROME, 55)
    assert "truce" not in s.markers and s.hands[CARTHAGE] == []


@pytest.mark.parametrize("card", [7, 8])
def test_card_64_hostile_tribes_against_a_general_moving_alone_keeps_the_truce_25(card):
    """§25 #64: Hostile Tribes ends the Truce only 'if the event is used'; against a general moving
    without CU there is nothing to roll for, so nothing happens and the Truce holds. Against an
    army with CU the roll is made and the Truce ends."""
    from .test_movement import activate
    for cu, ends in ((0, False), (3, True)):
        s = clear()
        s.markers["truce"] = 1
        s.hands = [[card, 1], []]
        put(s, CARTHAGE, "albingaunum", cu, generals=("hannibal",))
        activate(s, CARTHAGE, "hannibal")
        if top(s).kind == "form_army":
            play(s, CARTHAGE, cmd.ChooseNumber(number=cu))
        play(s, CARTHAGE, cmd.ChooseSpace(space="intemelium"))
        assert top(s).kind == "reaction" and cmd.PlayCounter(card=card) in legal(s, ROME)
        play(s, ROME, cmd.PlayCounter(card=card), Dice(6) if cu else None)
        assert ("truce" not in s.markers) == ends


def test_card_25_while_carthage_besieges_capua_loses_the_garrison_25():
    """§25 #25 with §10.7 and §10.10 (ruling G33): Hannibal's army stands outside Capua; the Roman
    garrison cannot step out among it, so its CU are lost and its general neutralized."""
    s = clear()
    put(s, CARTHAGE, "capua", 6, generals=("hannibal",))
    put(s, ROME, "capua", inside=2, generals=("varro",))
    s.gens["varro"].inside = True
    s.control["capua"] = ROME
    strategy(s, CARTHAGE, [25])
    event(s, CARTHAGE, 25)
    assert s.control["capua"] == CARTHAGE
    assert B.cu_outside(s, ROME, "capua") == 0 and B.cu_inside(s, ROME, "capua") == 0
    assert not B.generals_at(s, ROME, "capua", False) and not B.generals_at(s, ROME, "capua", True)
    assert B.cu_outside(s, CARTHAGE, "capua") == 6
