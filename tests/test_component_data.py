"""The components loader the games share (``engine.data``, issue 34): its provenance checks reach
every record nested in a file, its id check reports each duplicate, and a file that fails its
game's checks stops the import with every problem named. Hannibal and The Republic of Carthage
load through it (DESIGN.md principle 5: components are data, each record naming its source)."""

from __future__ import annotations

import msgspec
import pytest

from engine import data
from engine.games.hannibal import components as hannibal
from engine.games.republic_of_carthage import components as republic


def test_both_games_build_their_records_on_the_shared_base_and_error() -> None:
    assert hannibal.Record is data.Record and republic.Record is data.Record
    assert hannibal.ComponentDataError is data.ComponentDataError is republic.ComponentDataError
    assert isinstance(hannibal.GENERALS["hannibal"], data.Record)
    assert isinstance(next(iter(republic.FAMILIES.values())), data.Record)


def test_the_printed_data_passes_every_check_of_both_games() -> None:
    assert hannibal.validate(hannibal.DATA) == []
    assert republic.validate(republic.DATA) == []


def test_the_walk_reaches_a_record_nested_in_a_tuple_of_records() -> None:
    # a general's ability is a record inside a record inside the file's tuple of generals
    found = dict(data.records(hannibal._GENERALS, "generals"))
    assert found["generals.generals[hannibal].ability"] is hannibal.GENERALS["hannibal"].ability
    assert len(found) == 1 + 2 * len(hannibal.GENERALS)


def test_a_nested_record_with_a_source_from_nowhere_is_reported_where_it_is() -> None:
    # Hannibal's sources are its rulebook's sections ("§24") or "reconstructed" (README)
    g = hannibal.GENERALS["hannibal"]
    bad_ability = msgspec.structs.replace(g.ability, source="a forum post", sources={"colour": "§24"})
    bad = msgspec.structs.replace(hannibal._GENERALS, generals=(msgspec.structs.replace(g, ability=bad_ability),))
    problems = data.source_problems("generals", bad, hannibal.SECTIONS)
    assert problems == [
        "generals.generals[hannibal].ability: source 'a forum post' is neither a rulebook section nor 'reconstructed'",
        "generals.generals[hannibal].ability: sources names unknown field 'colour'",
    ]
    assert data.source_problems("generals", hannibal._GENERALS, hannibal.SECTIONS) == []


def test_a_republic_source_must_open_with_one_of_its_rulebook_headings() -> None:
    setup = republic.SETUP
    assert data.source_problems("setup", setup, republic.SECTIONS) == []
    bad = msgspec.structs.replace(setup, source="§3")  # Hannibal's kind of section, not this rulebook's
    assert data.source_problems("setup", bad, republic.SECTIONS) == [
        "setup: source '§3' is neither a rulebook section nor 'reconstructed'"]


def test_each_duplicated_id_is_reported_once() -> None:
    problems: list[str] = []
    data.unique("space", ["roma", "capua", "roma", "roma", "neapolis", "capua"], problems)
    assert problems == ["space: duplicate id 'roma'", "space: duplicate id 'capua'"]


def test_a_file_that_fails_its_checks_stops_the_load_with_every_problem_named() -> None:
    files = {"generals": ("generals.json", hannibal.GeneralData), "setup": ("setup.json", hannibal.Setup)}
    loaded = data.load_checked("hannibal", hannibal.PACKAGE, files, lambda d: [])
    assert list(loaded) == ["generals", "setup"] and loaded["generals"] == hannibal._GENERALS
    with pytest.raises(data.ComponentDataError) as err:
        data.load_checked("hannibal", hannibal.PACKAGE, files, lambda d: ["first problem", "second problem"])
    assert str(err.value) == "hannibal data: first problem; second problem"
