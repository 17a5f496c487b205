"""The board of Rome et Carthage / Méditerranée: cities, states and the lines between them.

The rulebook describes the board (Rome et Carthage "Description du jeu", Méditerranée "Matériel")
but does not reproduce it, so the map in ``data/map.json`` is reconstructed by the project; each
record says where its values come from (``source`` / ``sources``, see :mod:`engine.data`).

What the rulebook does say, and this module encodes:

* four states, each named after its capital (Rome, Carthage, Byzance, Alexandrie), each with its
  capital and thirteen other cities, some of them ports (Rome et Carthage "Description du jeu");
* each capital shows the sign of one card suit (Rome et Carthage "Préliminaires");
* land pieces (elephant, chariot, mercenaries) move along the solid lines, the roads; galleys move
  along the dotted lines, the sea lanes, or from a port to the next port along the coast
  (Rome et Carthage "Déplacements", Méditerranée "Matériel");
* land pieces may be placed on islands but never move from there (Méditerranée "Préparation");
* play goes clockwise following the states' places on the board
  (Rome et Carthage "Placement des pièces").

Helpers are named the way the rulebook speaks: :func:`land_neighbours` (roads, # routes),
:func:`sea_neighbours` (sea lanes and coast, # voies maritimes), :func:`is_port` (# ville-port),
:func:`is_island` (# île), :func:`capital_of`, :func:`cities_of`, :func:`state_of`.
City and state arguments are ids (``"massilia"``, ``"rome"``); unknown ids raise ``KeyError``.
"""

from __future__ import annotations

import math
import re
from collections import deque
from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal

import msgspec

from engine.data import RECONSTRUCTED, load_data

__all__ = [
    "RECONSTRUCTED", "City", "Link", "State", "Map", "Projection", "MapError", "MAP", "LINK_KINDS", "PIECE_KINDS",
    "SUITS", "validate", "city", "state", "cities", "states", "links", "links_of", "neighbours",
    "land_neighbours", "sea_neighbours", "is_port", "is_island", "is_capital", "capital_of",
    "cities_of", "state_of", "next_clockwise", "map_figures",
]

Suit = Literal["clubs", "diamonds", "hearts", "spades"]  # trèfle, carreau, cœur, pique
LinkKind = Literal["road", "sea", "coast"]  # trait plein, pointillé, le long de la côte
PieceKind = Literal["elephant", "chariot", "mercenary", "galley"]  # éléphant, char, mercenaire, galère

SUITS: tuple[str, ...] = ("clubs", "diamonds", "hearts", "spades")
LINK_KINDS: tuple[str, ...] = ("road", "sea", "coast")
# The piece kinds of Rome et Carthage "Pièces et accessoires du jeu" (the reissue calls them
# cavalier, fantassin and bateau: Méditerranée "Matériel"). How many of each is rules data.
PIECE_KINDS: tuple[str, ...] = ("elephant", "chariot", "mercenary", "galley")
GALLEY_LINKS: tuple[str, ...] = ("sea", "coast")


class City(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A city of the board (# ville). ``x``/``y`` place it on the drawing; ``lon``/``lat`` are the
    ancient site the city is named after, from which ``x``/``y`` are projected (``Map.projection``)."""

    id: str
    name: str
    state: str
    capital: bool
    port: bool  # ville-port: galleys may be placed and moved there
    island: bool  # île: land pieces placed there never move
    region: str  # the ancient region or island, for readers and for the border-route checks
    lon: float
    lat: float
    x: float
    y: float
    source: str
    note: str = ""
    sources: dict[str, str] = {}


class Link(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A line between two cities: a road (land pieces), a sea lane or a coast hop (galleys)."""

    a: str
    b: str
    kind: LinkKind
    source: str
    note: str = ""
    sources: dict[str, str] = {}

    @property
    def ends(self) -> frozenset[str]:
        return frozenset((self.a, self.b))

    def other(self, city_id: str) -> str:
        if city_id == self.a:
            return self.b
        if city_id == self.b:
            return self.a
        raise KeyError(f"{city_id!r} is not an end of the {self.kind} {self.a}-{self.b}")


class State(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One of the four states (# État), named after its capital."""

    id: str
    name: str
    reissue_name: str  # Méditerranée calls Byzance "Constantinople"
    capital: str
    suit: Suit  # the card suit shown on the capital; it also names the state's card lot
    colour: str  # "#rrggbb": the colour of its cities and pieces
    north_south: Literal["north", "south"]
    east_west: Literal["east", "west"]
    source: str
    sources: dict[str, str] = {}


class Projection(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """How a city's ``lon``/``lat`` become its ``x``/``y`` on the drawing: an equirectangular
    projection true to scale at latitude ``lat_ref``, ``scale`` drawing units per degree of
    latitude, ``(lon0, lat_top)`` at the top left corner."""

    kind: Literal["equirectangular"]
    lon0: float
    lat_top: float
    lat_ref: float
    scale: float

    def xy(self, lon: float, lat: float) -> tuple[float, float]:
        return ((lon - self.lon0) * math.cos(math.radians(self.lat_ref)) * self.scale,
                (self.lat_top - lat) * self.scale)


class Map(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    game: str
    projection: Projection
    width: float
    height: float
    cities_per_state: int
    clockwise: tuple[str, ...]  # state ids in playing order around the board
    states: tuple[State, ...]
    cities: tuple[City, ...]
    links: tuple[Link, ...]
    source: str
    sources: dict[str, str] = {}


class MapError(ValueError):
    """The map data contradicts itself or the rulebook."""


_ID = re.compile(r"^[a-z][a-z0-9_]*$")
_COLOUR = re.compile(r"^#[0-9a-f]{6}$")


def _check_sources(where: str, record: msgspec.Struct, problems: list[str]) -> None:
    if not record.source:
        problems.append(f"{where}: empty source")
    for field, src in record.sources.items():
        if field not in record.__struct_fields__ or field in ("source", "sources"):
            problems.append(f"{where}: sources names unknown field {field!r}")
        if not src:
            problems.append(f"{where}: empty source for field {field!r}")


def validate(m: Map) -> None:
    """Raise :class:`MapError` listing every broken cross reference or rule of the board."""
    problems: list[str] = []
    _check_sources("map", m, problems)

    state_ids = [s.id for s in m.states]
    if len(set(state_ids)) != len(state_ids):
        problems.append(f"duplicate state ids in {state_ids}")
    if sorted(m.clockwise) != sorted(state_ids):
        problems.append(f"clockwise {list(m.clockwise)} is not an order of the states {state_ids}")
    suits = [s.suit for s in m.states]
    if len(set(suits)) != len(suits):
        problems.append(f"two states share a suit: {suits}")

    by_id: dict[str, City] = {}
    names: set[str] = set()
    for c in m.cities:
        where = f"city {c.id!r}"
        if not _ID.match(c.id):
            problems.append(f"{where}: id is not ascii snake case")
        if c.id in by_id:
            problems.append(f"{where}: duplicate id")
        if c.name in names:
            problems.append(f"{where}: duplicate name {c.name!r}")
        by_id[c.id] = c
        names.add(c.name)
        if c.state not in state_ids:
            problems.append(f"{where}: unknown state {c.state!r}")
        if not (0 <= c.x <= m.width and 0 <= c.y <= m.height):
            problems.append(f"{where}: ({c.x}, {c.y}) is off the {m.width}x{m.height} board")
        if c.island and not c.port:
            problems.append(f"{where}: an island must be a port, or nothing could reach it")
        _check_sources(where, c, problems)

    for s in m.states:
        where = f"state {s.id!r}"
        cap = by_id.get(s.capital)
        if cap is None:
            problems.append(f"{where}: capital {s.capital!r} is not a city")
        elif cap.state != s.id or not cap.capital:
            problems.append(f"{where}: capital {s.capital!r} is not flagged as this state's capital")
        capitals = [c.id for c in m.cities if c.state == s.id and c.capital]
        if len(capitals) != 1:
            problems.append(f"{where}: has capitals {capitals}, not exactly one")
        if not _COLOUR.match(s.colour):
            problems.append(f"{where}: colour {s.colour!r} is not #rrggbb")
        _check_sources(where, s, problems)

    seen: dict[tuple[frozenset[str], str], Link] = {}
    for ln in m.links:
        where = f"{ln.kind} {ln.a}-{ln.b}"
        ends = [by_id.get(ln.a), by_id.get(ln.b)]
        for end, cid in zip(ends, (ln.a, ln.b)):
            if end is None:
                problems.append(f"{where}: unknown city {cid!r}")
        if ln.a == ln.b:
            problems.append(f"{where}: joins a city to itself")
        key = (ln.ends, ln.kind)
        if key in seen:
            problems.append(f"{where}: duplicate link")
        seen[key] = ln
        if None in ends:
            continue
        if ln.kind == "road" and any(c.island for c in ends):
            problems.append(f"{where}: a road touches an island (land pieces never move there)")
        if ln.kind in GALLEY_LINKS and not all(c.port for c in ends):
            problems.append(f"{where}: galleys only go from port to port")
        _check_sources(where, ln, problems)
    for (ends_, kind) in seen:
        if kind == "sea" and (ends_, "coast") in seen:
            problems.append(f"{'-'.join(sorted(ends_))}: both a sea lane and a coast hop")

    if problems:
        raise MapError("map.json is inconsistent:\n  " + "\n  ".join(problems))


MAP: Map = load_data("engine.games.rome_et_carthage", "map.json", Map)
validate(MAP)

_CITIES: Mapping[str, City] = MappingProxyType({c.id: c for c in MAP.cities})
_STATES: Mapping[str, State] = MappingProxyType({s.id: s for s in MAP.states})
_LINKS_OF: dict[str, list[Link]] = {c.id: [] for c in MAP.cities}
for _ln in MAP.links:
    _LINKS_OF[_ln.a].append(_ln)
    _LINKS_OF[_ln.b].append(_ln)
_LINKS_BY_CITY: Mapping[str, tuple[Link, ...]] = MappingProxyType(
    {cid: tuple(v) for cid, v in _LINKS_OF.items()})
_CITIES_OF: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {s.id: tuple(c.id for c in MAP.cities if c.state == s.id) for s in MAP.states})
del _LINKS_OF, _ln


def city(city_id: str) -> City:
    try:
        return _CITIES[city_id]
    except KeyError:
        raise KeyError(f"no city {city_id!r} on the Rome et Carthage map") from None


def state(state_id: str) -> State:
    try:
        return _STATES[state_id]
    except KeyError:
        raise KeyError(f"no state {state_id!r} (states: {', '.join(_STATES)})") from None


def cities() -> tuple[City, ...]:
    return MAP.cities


def states() -> tuple[State, ...]:
    """The states in clockwise playing order."""
    return tuple(_STATES[s] for s in MAP.clockwise)


def links() -> tuple[Link, ...]:
    return MAP.links


def links_of(city_id: str) -> tuple[Link, ...]:
    city(city_id)
    return _LINKS_BY_CITY[city_id]


_NEIGHBOURS: dict[tuple[str, tuple[str, ...]], tuple[str, ...]] = {}


def neighbours(city_id: str, kinds: tuple[str, ...] = LINK_KINDS) -> tuple[str, ...]:
    """Cities one link of the given kinds away, sorted by id (computed once per city and kinds:
    the rules ask for them at every move)."""
    key = (city_id, kinds)
    out = _NEIGHBOURS.get(key)
    if out is None:
        out = tuple(sorted({ln.other(city_id) for ln in links_of(city_id) if ln.kind in kinds}))
        _NEIGHBOURS[key] = out  # only for real cities: links_of raised KeyError otherwise
    return out


def land_neighbours(city_id: str) -> tuple[str, ...]:
    """Where a land piece may step from ``city_id``: along a road (# trait plein).
    Empty for an island (Méditerranée "Préparation")."""
    return neighbours(city_id, ("road",))


def sea_neighbours(city_id: str) -> tuple[str, ...]:
    """Where a galley may sail from ``city_id``: along a sea lane (# pointillé) or to the next port
    along the coast (Rome et Carthage "Déplacements"). Empty for a city that is not a port."""
    return neighbours(city_id, GALLEY_LINKS)


PORTS: frozenset[str] = frozenset(c.id for c in MAP.cities if c.port)  # for the rules' hot loops
ISLANDS: frozenset[str] = frozenset(c.id for c in MAP.cities if c.island)
LAND_NEAR: dict[str, tuple[str, ...]] = {c.id: land_neighbours(c.id) for c in MAP.cities}
SEA_NEAR: dict[str, tuple[str, ...]] = {c.id: sea_neighbours(c.id) for c in MAP.cities}


def is_port(city_id: str) -> bool:
    return city(city_id).port


def is_island(city_id: str) -> bool:
    return city(city_id).island


def is_capital(city_id: str) -> bool:
    return city(city_id).capital


def capital_of(state_id: str) -> str:
    return state(state_id).capital


def cities_of(state_id: str) -> tuple[str, ...]:
    state(state_id)
    return _CITIES_OF[state_id]


def state_of(city_id: str) -> str:
    return city(city_id).state


def next_clockwise(state_id: str) -> str:
    """The state that plays after ``state_id`` (Rome et Carthage "Placement des pièces")."""
    order = MAP.clockwise
    return order[(order.index(state(state_id).id) + 1) % len(order)]


def _road_steps_to_border(start: str) -> int | None:
    """Fewest road steps from ``start`` to a city of another state (None: no road leaves)."""
    home = state_of(start)
    dist = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for nxt in land_neighbours(here):
            if nxt in dist:
                continue
            dist[nxt] = dist[here] + 1
            if state_of(nxt) != home:
                return dist[nxt]
            todo.append(nxt)
    return None


def map_figures() -> dict[str, dict[str, int]]:
    """Per state (clockwise order), the figures the fairness test compares.

    A link counts once for each state owning one of its ends: a link inside a state counts once
    for it, a link across a border once for each of the two states. ``foreign_links`` counts the
    links (any kind) that cross a border; ``capital_to_border`` is the fewest road steps from the
    capital to a city of another state.
    """
    figures: dict[str, dict[str, int]] = {}
    for s in states():
        own = set(cities_of(s.id))
        touching = [ln for ln in MAP.links if ln.ends & own]
        figures[s.id] = {
            "cities": len(own),
            "ports": sum(is_port(c) for c in own),
            "islands": sum(is_island(c) for c in own),
            "inland": sum(not is_port(c) for c in own),
            "road_links": sum(ln.kind == "road" for ln in touching),
            "sea_links": sum(ln.kind == "sea" for ln in touching),
            "coast_links": sum(ln.kind == "coast" for ln in touching),
            "foreign_links": sum(not ln.ends <= own for ln in touching),
            "capital_to_border": _road_steps_to_border(s.capital) or 0,
        }
    return figures
