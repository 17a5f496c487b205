"""The tables (§11.5-§11.6, §14.11-§14.12, §18.2, §20, §21, §7.1) against the rulebook."""

from __future__ import annotations

import pytest

from engine.games.hannibal import components as c

ATTRITION = c.TABLES.attrition
RETREAT = c.TABLES.retreat


def test_given_cells_agree_with_the_tables():
    for cell in ATTRITION.given_cells:
        column = next(col for col in ATTRITION.columns if col.id == cell.column)
        assert c.attrition_losses(column.min, cell.roll).losses == cell.losses, cell
    for cell in RETREAT.given_cells:
        column = next(col for col in RETREAT.columns if col.id == cell.column)
        assert c.retreat_losses(column.min, cell.roll) == cell.losses, cell
    assert {g.source for g in (*ATTRITION.given_cells, *RETREAT.given_cells)} == {"§14.11", "§27"}


def test_attrition_columns_cover_every_size_once():
    """Every force of 1 CU or more (and every battle of 1 round or more) has exactly one column."""
    for n in range(1, 40):
        assert sum(col.holds(n) for col in ATTRITION.columns) == 1, n


def test_attrition_grows_with_the_roll_and_the_size():
    """Reconstructed cells stay monotone: a higher roll or a bigger force never loses less."""
    grid = [[cell.losses for cell in row.cells] for row in ATTRITION.rows]
    for r in range(len(grid)):
        for k in range(len(grid[r])):
            if r:
                assert grid[r][k] >= grid[r - 1][k]
            if k:
                assert grid[r][k] >= grid[r][k - 1]


def test_modified_rolls_beyond_the_table_read_its_last_rows():
    assert c.attrition_losses(10, -5) == c.attrition_losses(10, 0)
    assert c.attrition_losses(10, 9) == c.attrition_losses(10, 6)


def test_hostile_tribes_ignore_the_force_size():
    """§21.3: the hostile-tribes (5/6) column, whatever the size (ruling R9)."""
    assert ATTRITION.hostile_tribes_column == "5-6"
    for roll in range(1, 7):
        assert c.attrition_losses(1, roll, hostile_tribes=True) == c.attrition_losses(20, roll, hostile_tribes=True)
        assert c.attrition_losses(1, roll, hostile_tribes=True) == c.attrition_losses(5, roll)


def test_pass_attrition_modifiers_of_section_10_6():
    assert c.modifier(ATTRITION, "alpine_pass") == 0
    assert c.modifier(ATTRITION, "non_alpine_pass") == -2


def test_retreat_columns_split_at_four_cu():
    """§14.12: one column for 4 CU or fewer at the start of the battle, one for more."""
    rolls = range(1, 7)
    assert all(c.retreat_losses(1, r) == c.retreat_losses(4, r) for r in rolls)
    assert all(c.retreat_losses(5, r) == c.retreat_losses(12, r) for r in rolls)
    assert all(c.retreat_losses(5, r) > c.retreat_losses(4, r) for r in rolls)


def test_retreat_rolls_modified_by_two_stay_on_the_table():
    """§14.12 modifiers take a die of 1-6 to -1..8; every such roll has a row."""
    for roll in range(-1, 9):
        assert c.retreat_losses(8, roll) >= 0


def test_naval_table_results():
    """§11.5: arrives, turned back or sunk; every modified roll has exactly one result, in that order."""
    results = [c.naval_result(r) for r in range(-8, 12)]
    assert results == sorted(results, key=["arrives", "turned_back", "sunk"].index)
    assert set(results) == {"arrives", "turned_back", "sunk"}
    for r in range(-8, 12):
        assert sum((x.min_roll is None or r >= x.min_roll) and (x.max_roll is None or r <= x.max_roll)
                   for x in c.TABLES.naval.results) == 1


@pytest.mark.parametrize("mid, value", [("small_force", -1), ("roman_pc_in_port", 1),
                                        ("carthage_controls_syracusae", -1), ("macedonian_alliance", -1),
                                        ("naval_victory", -1)])
def test_naval_modifiers_of_section_11_6(mid, value):
    assert c.modifier(c.TABLES.naval, mid) == value


def test_given_port_modifiers_of_section_11_6():
    assert (c.port_modifier("carthago"), c.port_modifier("carthago_nova"), c.port_modifier("rhegium")) == (-2, -2, 1)
    assert all(c.SPACES[s].port.source == "§11.6" for s in ("carthago", "carthago_nova", "rhegium"))


def test_siege_and_submission_numbers_of_section_20_2():
    siege = c.TABLES.siege
    assert (siege.points_needed, siege.min_cu) == (3, 3)


def test_every_city_and_tribe_can_fall_but_not_on_every_roll():
    """With its modifier, a 6 always succeeds and a 1 never does (reconstructed values stay playable)."""
    need = c.TABLES.siege.success_min_roll
    for s in c.SPACES.values():
        mod = s.city.siege_modifier if s.city else s.tribe.submission_modifier if s.tribe else None
        if mod is not None:
            assert 6 + mod >= need > 1 + mod, s.id


def test_turn_track():
    """§4: turn 1 is 218 BC; §7.1: 7, 8 then 9 cards; §5: no reinforcements on turn 1; §6.7: Africanus on 211-210."""
    turns = c.TABLES.turns
    assert [t.number for t in turns] == list(range(1, 10))
    assert [t.strategy_cards for t in turns] == [7, 7, 7, 8, 8, 8, 9, 9, 9]
    assert c.turn(1).years == "218" and c.turn(6).years == "211-210"
    assert [t.number for t in turns if not t.reinforcements] == [1]
    assert [t.number for t in turns if t.scipio_africanus] == [6]


def test_command_swap_of_section_18_2():
    """1-3 no change, 4-6 the consuls swap; the §18.2 example swaps on a 5."""
    assert c.TABLES.command_swap.swap_min_roll == 4
    assert 5 >= c.TABLES.command_swap.swap_min_roll > 3


def test_battle_card_allotment_of_section_14():
    allot = c.TABLES.battle_card_allotment
    assert (allot.per_cu, allot.successful_interception, allot.failed_avoid) == (1, 1, -1)
    assert (allot.latium_militia, allot.friendly_tribe, allot.maximum) == (2, 1, 20)
    assert (allot.roman_italian_allies_max, allot.carthaginian_italian_allies_max) == (2, 6)


def test_a_battle_of_zero_rounds_has_its_own_loss_column():
    """§14.11 reads battle losses by rounds; a withdrawal before any card is played (§16) fights 0 rounds
    (H30, ruling R23): a battle-only column, never read for a force's size (§21.2)."""
    [zero] = [col for col in ATTRITION.columns if col.battle_only]
    assert (zero.min, zero.max) == (0, 0)
    with pytest.raises(ValueError):
        c.attrition_column(0)
    for roll in range(0, 7):
        assert c.battle_losses(0, roll).losses <= c.battle_losses(1, roll).losses
        for rounds in (1, 4, 6, 9):
            assert c.battle_losses(rounds, roll) == c.attrition_losses(rounds, roll)
    assert c.battle_losses(0, 1).losses == 0
