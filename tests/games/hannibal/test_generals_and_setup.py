"""Generals (§8.2, §9.3, §10.10, §24, §27) and the set-up of §4."""

from __future__ import annotations

from collections import Counter

from engine.games.hannibal import components as c

NAMED_IN_THE_RULEBOOK = {
    "carthage": {"hannibal", "hasdrubal", "mago", "hanno", "hasdrubal_gisgo"},
    "rome": {"p_scipio", "longus", "fabius", "marcellus", "varro", "paullus", "flaminius", "nero", "scipio_africanus"},
}


def test_the_generals_are_exactly_those_the_rulebook_names():
    """§4.1-§4.2, §6.7, §10.12, §18.2, §24, §27 name 5 Carthaginian and 9 Roman generals; no other."""
    for side, names in NAMED_IN_THE_RULEBOOK.items():
        assert names == {g.id for g in c.generals_of(side)}


def test_fourteen_generals_for_fourteen_stands_section_2_1():
    """§2.1: 14 plastic stands; §2.2: every general's counter goes in a stand (ruling R3)."""
    assert len(c.GENERALS) == 14
    assert all(g.source_of("name").startswith("§") for g in c.GENERALS.values())


def test_battle_ratings_of_section_27():
    """Hannibal draws 4 cards for his rating and counter-attacks on 1-4; Flaminius draws 2, on 1-2."""
    assert c.general("hannibal").battle == 4
    assert c.general("flaminius").battle == 2


def test_hannibal_outranks_every_carthaginian():
    """§9.3."""
    hannibal = c.general("hannibal")
    assert all(hannibal.rank > g.rank for g in c.generals_of("carthage") if g.id != "hannibal")


def test_roman_generals_have_no_printed_precedence():
    """§9.3, §18.3: among Romans only the office (consul over proconsul) decides."""
    assert len({g.rank for g in c.generals_of("rome")}) == 1


def test_every_general_can_be_activated_by_some_card():
    """§8.2: an ops card moves a general whose strategy rating is at most its value (1-3)."""
    assert all(1 <= g.strategy <= 3 for g in c.GENERALS.values())
    assert all(g.battle >= 1 for g in c.GENERALS.values())


def test_some_generals_need_an_ops_3_card_section_8_2():
    """§8.1-§8.2: an ops-3 card moves "any general", an ops-2 card only ratings 1-2, so the ratings run
    1 to 3 and some general needs a 3 (reconstructed values, ruling R19). Hannibal and Scipio Africanus
    answer to any card; Fabius and Marcellus to an ops-2 card."""
    ratings = {g.id: g.strategy for g in c.GENERALS.values()}
    assert set(ratings.values()) == {1, 2, 3}
    assert {gid for gid, r in ratings.items() if r == 3} == {"varro", "flaminius", "longus", "hanno", "hasdrubal_gisgo"}
    assert ratings["hannibal"] == ratings["scipio_africanus"] == 1
    assert ratings["fabius"] == ratings["marcellus"] == 2
    assert all(g.source_of("strategy").startswith("reconstructed") for g in c.GENERALS.values())


def test_confinements_of_section_24():
    assert {g.id: g.confined_to for g in c.GENERALS.values() if g.confined_to} == {"hanno": "africa", "fabius": "italy"}


def test_ability_scopes_of_section_24():
    """Marcellus and Africanus: not for submission. Flaminius: stops withdrawals; Longus, Paullus: do not."""
    assert "submission" in c.general("marcellus").ability.not_applies_to
    assert "submission" in c.general("scipio_africanus").ability.not_applies_to
    assert "stop_withdrawal" in c.general("flaminius").ability.applies_to
    assert "stop_withdrawal" in c.general("longus").ability.not_applies_to
    assert "stop_withdrawal" in c.general("paullus").ability.not_applies_to


def test_hannibal_ability_of_section_26():
    ability = c.general("hannibal").ability
    assert ability.source == "§26" and "Probe" in ability.text


def test_neutralisation_of_section_10_10():
    removed = {g.id for g in c.GENERALS.values() if g.removed_if_neutralised}
    assert removed == {"hannibal", "scipio_africanus"}
    assert c.general("hannibal").pc_loss_if_neutralised == 5


# ------------------------------------------------------------------------------------ set-up


def stacks(side):
    return [s for s in c.SETUP.stacks if s.side == side]


def test_roman_set_up_of_section_4_1():
    assert {(s.space, s.commander, s.cu) for s in stacks("rome")} == {("roma", "p_scipio", 8), ("agrigentum", "longus", 8)}
    assert set(c.SETUP.consuls.generals) == {"p_scipio", "longus"}  # §6.4 step 4


def test_carthaginian_set_up_of_section_4_2():
    assert {(s.space, s.commander, s.cu, s.elephant_cu) for s in stacks("carthage")} == {
        ("carthago", "hanno", 4, 0), ("saguntum", "hannibal", 10, 2), ("carthago_nova", "hasdrubal", 2, 0)}
    [saguntum] = [s for s in stacks("carthage") if s.space == "saguntum"]
    assert set(saguntum.subordinates) == {"mago", "hasdrubal_gisgo"}  # §4.2 (§9.2 says Hanno: ruling R4)


def test_set_up_totals():
    """§4: 16 Roman CU under 2 generals; 16 Carthaginian CU, 2 of them elephants, under 5 generals."""
    cu = Counter()
    for s in c.SETUP.stacks:
        cu[s.side] += s.cu
    assert cu == {"rome": 16, "carthage": 16}
    assert sum(s.elephant_cu for s in c.SETUP.stacks) == 2
    on_map = Counter(c.general(g).side for s in c.SETUP.stacks for g in (s.commander, *s.subordinates))
    assert on_map == {"rome": 2, "carthage": 5}


def test_every_roman_general_is_placed_exactly_once():
    """§4.1: two on the map and "the seven other" set aside: six in the cup and Scipio Africanus, who enters
    on turn 6 with 5 CU (§6.7) and is never drawn (§6.4 step 2)."""
    assert set(c.SETUP.roman_cup.generals) == {"fabius", "marcellus", "varro", "paullus", "flaminius", "nero"}
    assert len(c.SETUP.roman_cup.generals) + len(c.SETUP.later_entries) == 7
    assert "scipio_africanus" not in c.SETUP.roman_cup.generals
    [later] = c.SETUP.later_entries
    assert (later.general, later.turn, later.cu) == ("scipio_africanus", 6, 5)
    assert later.turn == next(t.number for t in c.TABLES.turns if t.scipio_africanus)
    placed = [g for s in stacks("rome") for g in (s.commander, *s.subordinates)]
    placed += [*c.SETUP.roman_cup.generals, later.general]
    assert sorted(placed) == sorted(g.id for g in c.generals_of("rome"))


def test_every_carthaginian_general_starts_on_the_map():
    placed = {g for s in stacks("carthage") for g in (s.commander, *s.subordinates)}
    assert placed == {g.id for g in c.generals_of("carthage")}


def test_armies_start_in_spaces_their_side_controls():
    """The set-up spaces are coloured for their side (§4.1-§4.2)."""
    assert all(c.SPACES[s.space].start_control == s.side for s in c.SETUP.stacks)


def test_one_elephant_counter_starts_with_hannibal():
    """§4.2, §17.1: the first elephant counter (its 2-CU face) is with Hannibal; the second waits for card 12."""
    assert [(s.commander, s.elephant_cu) for s in c.SETUP.stacks if s.elephant_cu] == [("hannibal", 2)]
    assert "elephant" in c.strategy_card(12).effect and c.strategy_card(12).one_time


# ------------------------------------------------------------------------- structured abilities


def test_every_ability_has_a_structured_effect():
    kinds = {g.id: type(g.ability.effect).__struct_config__.tag for g in c.GENERALS.values()}
    assert len(kinds) == 14 and all(kinds.values())


def test_structured_abilities_keep_the_scopes_of_section_24():
    """Flaminius's bonus covers stopping a withdrawal; Longus's and Paullus's do not; Marcellus's and
    Africanus's act on sieges only (their kinds are siege kinds, and the scope excludes submission)."""
    assert "stop_withdrawal" in c.general("flaminius").ability.effect.rolls
    for gid in ("longus", "paullus"):
        assert "stop_withdrawal" not in c.general(gid).ability.effect.rolls
    assert isinstance(c.general("marcellus").ability.effect, c.SiegeModifier)
    assert isinstance(c.general("scipio_africanus").ability.effect, c.SiegePointsPerSuccess)


def test_hannibal_and_nero_effects_follow_sections_26_and_10_12():
    probe = c.general("hannibal").ability.effect
    assert isinstance(probe, c.ProbeAs) and probe.per_battle == 1
    assert set(probe.types) == {"double_envelopment", "flank_left", "flank_right"}
    nero = c.general("nero").ability.effect
    assert (nero.mp, nero.land_mp_with_naval, nero.naval_moves) == (6, 3, 2)  # §10.12, §24
    hanno = c.general("hanno").ability.effect
    assert hanno.not_if == "battle" and hanno.country == "africa"  # §24


def test_an_unknown_ability_kind_is_rejected_at_decoding():
    import msgspec
    import pytest

    bad = b'{"id": "x", "text": "t", "source": "reconstructed", "effect": {"kind": "teleport"}}'
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(bad, type=c.Ability)
    bad = b'{"id": "x", "text": "t", "source": "reconstructed", "effect": {"kind": "roll_bonus", "rolls": ["siege"], "amount": 1}}'
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(bad, type=c.Ability)
