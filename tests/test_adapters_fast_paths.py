"""The adapters' fast paths (adapters/encoding.py's memo, adapters/observe.py's remembered parts)
give what their plain definitions give: the same action ids as a cold encoding of each list, the
same commands back from each id, the same features as a walk over the whole view, on random games
of every game and for every seat."""

from __future__ import annotations

import random

import msgspec
import numpy as np
import pytest

from adapters import observe
from adapters.encoding import OVERFLOW, Encoding, encoding
from adapters.table import Listed, Table, config_of
from engine.games.rome_et_carthage.commands import DeclareForcedMarch, EndTurn, MovePiece, PlacePiece


def random_tables(game_id: str, players: int | None, seed: int, limit: int):
    """Each table position of a random game (the same Table, moved on between yields)."""
    t = Table(game_id, config_of(game_id, players, {}), f"fast-{seed}".encode())
    t.max_commands = limit
    rnd = random.Random(seed)
    while t.to_act() is not None:
        yield t
        t.apply(rnd.choice(t.legal_actions()))


@pytest.mark.parametrize("game_id,players,limit", [
    ("roma", None, 0), ("rome-et-carthage", 2, 0), ("rome-et-carthage", 4, 0),
    ("hannibal", None, 300), ("republic-of-carthage", 4, 300),
])
def test_memoized_ids_are_a_cold_encodings_and_lead_back_to_their_commands(game_id, players, limit):
    warm = encoding(game_id)
    lists = 0
    for seed in (1, 2):
        for t in random_tables(game_id, players, seed, limit):
            seat = t.to_act()
            commands = t.session.legal(seat)
            cold = Encoding(game_id)  # nothing memoized: every command encoded from its fields
            ids = cold.encode_all(commands)
            assert warm.encode_all(commands) == ids
            listed = Listed(seat, commands, warm)
            assert listed.sorted == sorted(set(ids)) == t.legal_actions()
            assert all(listed.command(a) == c for a, c in zip(ids, commands))
            assert listed.command(warm.size) is None and listed.command(-1) is None
            lists += 1
    assert lists > 40


def test_a_route_is_ranked_among_the_listed_paths_of_its_piece_to_its_city():
    """Rome et Carthage's moves: (piece, last city, rank of the path among that piece's listed
    paths to that city, sorted), whatever the order of the list and whatever else it lists."""
    enc = Encoding("rome-et-carthage")
    piece, (a, b, c) = "rome_chariot", ("aleria", "alexandrie", "ancyra")
    late, early = MovePiece(piece, (b, c)), MovePiece(piece, (a, c))  # (a, c) sorts first
    alone = MovePiece(piece, (b,))
    ids = enc.encode_all([late, EndTurn(), early, alone])
    assert ids[2] + 1 == ids[0]  # one block slot apart: ranks 0 and 1 of the same (piece, city)
    assert enc.describe(ids[2]) == f"move_piece(piece={piece}, to={c}, route=0)"
    assert enc.describe(ids[0]) == f"move_piece(piece={piece}, to={c}, route=1)"
    assert enc.describe(ids[3]) == f"move_piece(piece={piece}, to={b}, route=0)"
    # alone in its list, the later path is rank 0: the rank belongs to the list, not the command
    assert enc.encode_all([late]) == [ids[2]]
    srt, extra = enc.listing([late, EndTurn(), early, alone])
    assert srt == sorted(ids) and extra == {ids[0]: late, ids[2]: early, ids[3]: alone}


def test_unencodable_commands_take_overflow_ids_in_list_order_and_are_never_memoized():
    enc = Encoding("rome-et-carthage")
    odd1, odd2 = PlacePiece("no_such_piece", "aleria"), PlacePiece("another_one", "aleria")
    ids = enc.encode_all([odd1, EndTurn(), odd2, odd1])
    assert ids == [enc.overflow_base, enc.encode_all([EndTurn()])[0], enc.overflow_base + 1, enc.overflow_base]
    assert enc.encode_all([odd2]) == [enc.overflow_base]  # positional: its place in this list
    srt, extra = enc.listing([odd2, odd1])
    assert srt == [enc.overflow_base, enc.overflow_base + 1] and extra[enc.overflow_base] == odd2
    with pytest.raises(ValueError, match=f"more than {OVERFLOW}"):
        enc.encode_all([PlacePiece(f"p{i}", "aleria") for i in range(OVERFLOW + 1)])


def test_two_commands_given_one_id_are_refused():
    """The encoding must be one id a command: cards given in another order than the engine's
    canonical one would share a set's id."""
    enc = Encoding("rome-et-carthage")
    enc.encode_all([DeclareForcedMarch(("AC", "2C"))])
    with pytest.raises(AssertionError, match="share the action id"):
        enc.encode_all([DeclareForcedMarch(("2C", "AC"))])


@pytest.mark.parametrize("game_id,players,limit", [
    ("roma", None, 0), ("rome-et-carthage", 3, 0), ("hannibal", None, 200), ("republic-of-carthage", 3, 200),
])
def test_features_from_remembered_parts_are_the_walk_over_the_whole_view(game_id, players, limit):
    views = 0
    out = np.empty(observe.SIZE, np.float32)
    for t in random_tables(game_id, players, 3, limit):
        for seat in range(t.config.players):
            view = t.session.view(seat)
            plain = observe.plain_features(view)
            fast = observe.features(view)
            assert fast.dtype == np.float32 and fast.shape == (observe.SIZE,)
            assert np.array_equal(fast, plain)
            assert observe.features(view, out) is out and np.array_equal(out, plain)
            views += 1
    assert views > 50 and len(observe._MEMO) > 0


class _View(msgspec.Struct, frozen=True):
    flags: tuple
    n: int | bool | None = None


def test_equal_parts_that_are_not_the_same_leaves_are_not_confused():
    """1 == True and (1,) == (True,) in Python, yet a number and a flag are other features: the
    parts are remembered by their JSON, where they differ."""
    one, true = observe.features(_View((1, 2), 1)), observe.features(_View((True, 2), True))
    assert np.array_equal(one, observe.plain_features(_View((1, 2), 1)))
    assert np.array_equal(true, observe.plain_features(_View((True, 2), True)))
    assert not np.array_equal(one, true)


def test_a_view_that_is_no_struct_is_walked_whole():
    view = {"a": [1, "x"], "b": None}
    assert np.array_equal(observe.features(view), observe.plain_features(view))
    assert observe.features(view).any()


def test_listing_of_no_command_one_command_and_a_command_not_met_before():
    """``Encoding.listing``'s lookups (one ``itemgetter`` call) for the lists it treats apart: none,
    one (``itemgetter`` of one key gives no tuple), and a list with a command never met (the whole
    list encoded, then memoized)."""
    enc = Encoding("rome-et-carthage")
    assert enc.listing([]) == ([], None)
    end = enc.encode_all([EndTurn()])[0]
    assert enc.listing([EndTurn()]) == ([end], None)
    new = PlacePiece("rome_chariot", "aleria")
    srt, extra = enc.listing([new, EndTurn()])
    assert srt == sorted(enc.encode_all([new, EndTurn()])) and extra is not None
    assert enc.listing([new, EndTurn()]) == (srt, None)  # met now: the memo's ids, no extra map


def test_a_tables_legal_list_follows_its_position():
    """The list a table keeps is the one of its commands and position: after a command, or when
    its session moves on, it is made again."""
    t = Table("roma", config_of("roma", None, {}), b"follow")
    first = t.legal_ids()
    assert t.legal_ids() is first  # kept
    t.apply(first[0])
    second = t.legal_ids()
    assert t._legal.at == t.commands == 1 and t._legal.pos == t.session.position
    assert second == sorted(set(t.enc.encode_all(t.session.legal(t.to_act()))))
    t.session.position += 1  # as if its session moved on (a replaced session, say): made again
    assert t.legal_ids() is not second and t._legal.pos == t.session.position


@pytest.mark.parametrize("game_id,players,limit", [
    ("roma", None, 0), ("rome-et-carthage", 3, 0), ("hannibal", None, 200), ("republic-of-carthage", 3, 200),
])
def test_a_stream_of_each_seats_views_gives_the_walks_features(game_id, players, limit):
    """observe.Stream adds in only the fields that changed since the seat's last view: its sums
    must stay the whole walk's, bit for bit, step after step (and into the caller's array)."""
    streams, out, views, partial = None, np.empty(observe.SIZE, np.float32), 0, 0
    for t in random_tables(game_id, players, 4, limit):
        streams = streams or [observe.Stream() for _ in range(t.config.players)]
        for seat in range(t.config.players):
            view = t.session.view(seat)
            plain = observe.plain_features(view)
            before = list(streams[seat]._json)
            fast = streams[seat](view) if views % 2 else streams[seat](view, out)
            assert fast.dtype == np.float32 and fast.tobytes() == plain.tobytes()
            partial += bool(before) and before != streams[seat]._json and any(map(bytes.__eq__, before, streams[seat]._json))
            views += 1
    assert views > 50 and partial > 10  # views met with some fields changed and some not


def test_a_stream_sums_a_view_with_fractions_whole():
    """A value that is no whole number makes the sums depend on the order of additions: such a
    view is summed whole again (as features sums it), not taken out of and put into sums."""
    class _Num(msgspec.Struct, frozen=True):
        a: float
        b: tuple
        c: str = "x"

    s = observe.Stream()
    seq = [_Num(0.1, (1, 2)), _Num(0.1, (1, 3)), _Num(0.7, (1, 3)), _Num(1e17, (1, 3)), _Num(3.0, (2, 3), "y"),
           _View((1, 2), 1), _View((True, 2), True), {"a": 1}, _Num(0.2, (1, 3))]
    for view in seq:
        assert s(view).tobytes() == observe.plain_features(view).tobytes()
