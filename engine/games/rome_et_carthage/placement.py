"""Rome et Carthage "Placement des pièces" (Méditerranée "Préparation" 4; "Jeu à deux"): where
each piece may be placed (ruling R4: never so that the rest could not all be placed), the
``PlacePiece`` command and the placement's legal list."""

from __future__ import annotations

from operator import itemgetter
from typing import Any, NamedTuple

from engine.errors import ILLEGAL_TARGET, require

from . import board
from . import commands as cmd
from . import events as ev
from .decision import Out, str_arg
from .state import State, kind_of, pieces_of
from .turn import end_placement_turn


def _placeable(s: State, seat: int, piece: str) -> list[str]:
    """Where ``piece`` may be placed now (Rome et Carthage "Placement des pièces"): a free city of
    the owner's state (two-state players, original rules: either state, "Jeu à deux"), galleys on
    ports only, and never so that the seat's remaining pieces could no longer all be placed
    (ruling R4)."""
    for region, pieces in _unplaced_by_region(s, seat):
        if piece in pieces:
            return _region_places(s, region, pieces)[kind_of(piece) == "galley"]
    return []


class _Region(NamedTuple):
    """Where a group of pieces is placed: the cities of one state, or of both states of a two-state
    player under the original rules, its ports, and the pieces of those states."""

    cities: tuple[str, ...]
    ports: tuple[str, ...]
    pieces: tuple[str, ...]


def _region_places(s: State, region: _Region, pieces: list[str]) -> tuple[list[str], list[str]]:
    """Where a land piece, and where a galley, of ``pieces`` (all those still to place in ``region``)
    may be placed: the other pieces of the region must still fit once it is placed (ruling R4):
    ``len(pieces) - 1`` on the free cities left, their galleys (less its own) on the free ports left."""
    at = s.at
    free = [c for c in region.cities if c not in at]
    if len(pieces) > len(free):
        return [], []
    ports = [c for c in region.ports if c not in at]
    galleys, room = len(_GALLEYS.intersection(pieces)), len(ports)
    if galleys < room:  # a land piece may take any free city, even a port
        return free, ports
    if galleys == room:  # every free port is needed by a galley
        return [c for c in free if c not in board.PORTS], ports
    return [], []


_REGIONS: dict[tuple[str, ...], _Region] = {}


def _region(states: tuple[str, ...]) -> _Region:
    """The region of ``states`` (computed once per tuple of states)."""
    region = _REGIONS.get(states)
    if region is None:
        cities = tuple(c for st in states for c in board.cities_of(st))
        region = _REGIONS[states] = _Region(cities, tuple(c for c in cities if c in board.PORTS),
                                            tuple(p for st in states for p in pieces_of(st)))
    return region


def _unplaced_by_region(s: State, seat: int) -> list[tuple[_Region, list[str]]]:
    """:func:`_unplaced` grouped by the cities each piece may be placed on: its own state's, or
    either state's for a two-state player under the original rules ("Jeu à deux"). The groups
    come in :func:`_unplaced`'s order, so their pieces put one after the other are that list."""
    states = s.seats[seat].states
    if s.edition != "mediterranee" and len(states) > 1:
        region = _region(tuple(states))
        return [(region, _off_board(s, region.pieces))]
    out = []
    for st in states:
        region = _region((st,))
        out.append((region, _off_board(s, region.pieces)))
    return out


def _off_board(s: State, pieces: tuple[str, ...]) -> list[str]:
    """``pieces`` neither on the board nor lost, in their order."""
    where = s.where
    out = [p for p in pieces if p not in where]
    if s.lost:
        lost = s.lost
        out = [p for p in out if p not in lost]
    return out


def _unplaced(s: State, seat: int) -> list[str]:
    return [p for st in s.seats[seat].states for p in pieces_of(st) if p not in s.where and p not in s.lost]


def place_piece(out: Out, s: State, seat: int, c: cmd.PlacePiece) -> None:
    piece, city = c.piece, c.city
    if out.check:
        str_arg(piece, "piece"), str_arg(city, "city")
        require(piece in _unplaced(s, seat), ILLEGAL_TARGET, f"{piece} is not one of your pieces still to place")
        require(city in _placeable(s, seat, piece), ILLEGAL_TARGET,
                f"{piece} cannot be placed on {city} (own state, free city, galleys on ports, room left for the rest)")
    last = s.place_left == 1  # read before the event: in place, it changes ``s``
    out.public(ev.PiecePlaced(seat, piece, city))
    if last:
        end_placement_turn(out)


_GALLEYS = frozenset(p for st in board.MAP.clockwise for p in pieces_of(st) if kind_of(p) == "galley")


_PLACE_CMDS: dict[str, dict[str, cmd.PlacePiece]] = {  # piece -> city -> PlacePiece(piece, city)
    p: {c.id: cmd.PlacePiece(p, c.id) for c in board.MAP.cities}
    for st in board.MAP.clockwise for p in pieces_of(st)}


def _picker(keys: list[str]) -> Any:
    """A function giving the values of ``keys`` in a dict, in order (None: no key)."""
    if not keys:
        return None
    if len(keys) == 1:
        key = keys[0]
        return lambda d: (d[key],)
    return itemgetter(*keys)


def place_options(s: State, seat: int) -> list[Any]:
    """``PlacePiece`` for every piece ``seat`` has still to place (in :func:`_unplaced`'s order) and
    every city :func:`_placeable` gives it. Pieces sharing a region share its answer, so the whole
    list costs one pass over each region instead of one per piece and region."""
    out: list[Any] = []
    for region, pieces in _unplaced_by_region(s, seat):
        land, sea = _region_places(s, region, pieces)
        on_land, at_sea = _picker(land), _picker(sea)
        for p in pieces:
            pick = at_sea if p in _GALLEYS else on_land
            if pick is not None:
                out += pick(_PLACE_CMDS[p])
    return out
