"""Questions about a position, named the way the rulebook asks them (DESIGN.md: Rally the Troops'
``is_friendly_area`` style): who controls a space or a province, who commands a stack, whether a
city is besieged, whether a tribe is unfriendly …  Nothing here changes the state.
"""

from __future__ import annotations

from .components import GENERALS, RollBonus, PROVINCES, SPACES, city_capacity, link_between, province_of, spaces_in_province
from .state import CARTHAGE, ROME, SIDE_OF, State, Units, other

_PROVINCE_SPACES = {p: tuple(s.id for s in spaces_in_province(p)) for p in PROVINCES}
_SIDE_OF_GENERAL = {gid: SIDE_OF[g.side] for gid, g in GENERALS.items()}
# each side's general ids, sorted: scanning them in this order gives generals_at's sorted list
# without sorting (a state's ``gens`` holds every general of ``GENERALS``, state.initial)
_GENERALS_OF = tuple(tuple(sorted(g for g, side in _SIDE_OF_GENERAL.items() if side == x)) for x in (ROME, CARTHAGE))
_CITY_SPACES = frozenset(sp for sp, space in SPACES.items() if space.city is not None)
_COUNTRY = {sp: province_of(sp).country for sp in SPACES}
# political_points' tables: each scoring province's threshold, and each of its spaces' slot (2 per province)
_SCORING = tuple(p.control_threshold for p in PROVINCES.values() if p.scoring)
_SCORING_INDEX = {sp: 2 * i for i, p in enumerate(p for p in PROVINCES.values() if p.scoring)
                  for sp in _PROVINCE_SPACES[p.id]}
_SCORING_SLOTS = tuple(_SCORING_INDEX.items())


def side_of(gid: str) -> int:
    return _SIDE_OF_GENERAL[gid]


def cu_of(s: State, side: int, space: str) -> Units:
    return s.units[side].get(space) or Units()


def cu_outside(s: State, side: int, space: str) -> int:
    u = s.units[side].get(space)
    return u.cu if u else 0


def cu_inside(s: State, side: int, space: str) -> int:
    u = s.units[side].get(space)
    return u.icu if u else 0


def cu_total(s: State, side: int, space: str) -> int:
    u = s.units[side].get(space)
    return (u.cu + u.icu) if u else 0


def generals_at(s: State, side: int, space: str, inside: bool | None = False) -> list[str]:
    """The side's generals on the map in ``space`` (outside the walls, inside, or ``None``: both)."""
    gens = s.gens
    out = []
    for g in _GENERALS_OF[side]:
        st = gens.get(g)
        if st is not None and st.where == space and st.status == "map" and (inside is None or st.inside == inside):
            out.append(g)
    return out


def generals_on_map(s: State, side: int) -> list[str]:
    gens = s.gens
    out = []  # (a loop, not a comprehension: no function call of its own, asked often)
    for g in _GENERALS_OF[side]:
        st = gens.get(g)
        if st is not None and st.status == "map":
            out.append(g)
    return out


def rank(s: State, gid: str) -> int:
    """§9.3: Hannibal outranks every Carthaginian; a consul outranks a proconsul (§18.3)."""
    if side_of(gid) == CARTHAGE:
        return 2 if gid == "hannibal" else 1
    return 2 if s.gens[gid].office == "consul" else 1


def outranks(s: State, a: str, b: str) -> bool:
    return rank(s, a) > rank(s, b)


def commander(s: State, side: int, space: str, inside: bool = False) -> str:
    """The commander-in-chief of the side's generals in ``space`` ("" if none): the highest rank,
    then the latest to take command (§9.2, §9.3, §10.8)."""
    gs = generals_at(s, side, space, inside)
    if not gs:
        return ""
    return max(gs, key=lambda g: (rank(s, g), s.gens[g].stamp, g))


def commanders(s: State) -> set[str]:
    """Every general on the map who commands his stack (:func:`commander` of each side, space and
    side of the walls), found in one pass over the generals."""
    best: dict[tuple[int, str, bool], tuple[int, int, str]] = {}
    for g, st in s.gens.items():
        if st.status != "map":
            continue
        where = (_SIDE_OF_GENERAL[g], st.where, st.inside)
        key = (rank(s, g), st.stamp, g)
        if where not in best or key > best[where]:
            best[where] = key
    return {key[2] for key in best.values()}


def battle_rating(gid: str) -> int:
    return GENERALS[gid].battle if gid else 0


def strategy_rating(gid: str) -> int:
    return GENERALS[gid].strategy


def ability(gid: str) -> str:
    return GENERALS[gid].ability.id if gid else ""


def effect(gid: str):
    """The structured effect of the general's ability (§24), or None."""
    return GENERALS[gid].ability.effect if gid else None


def roll_bonus(gid: str, roll: str) -> int:
    """How much higher his battle rating counts for this kind of roll (a RollBonus ability)."""
    e = effect(gid)
    return e.amount if isinstance(e, RollBonus) and roll in e.rolls else 0


def controller(s: State, space: str) -> int:
    """The side whose PC, city or tribe marker is in ``space`` (-1: none; a neutral tribe: -1)."""
    return s.control.get(space, -1)


def is_city_space(space: str) -> bool:
    return space in _CITY_SPACES


def is_tribe_space(s: State, space: str) -> bool:
    return space in s.tribes


def is_plain_pc(s: State, space: str) -> bool:
    """A circular PC marker (not a city, not a tribe): the only kind removed for losses (§15.5, §22.2)."""
    return space in s.control and space not in _CITY_SPACES and space not in s.tribes


def unfriendly_tribe(s: State, side: int, space: str) -> bool:
    """A tribe marker not friendly to ``side`` (§13.2, §15.3, §16.3, §21.1)."""
    return space in s.tribes and s.tribes[space] != side


def enemy_pc(s: State, side: int, space: str) -> bool:
    return s.control.get(space, -1) == other(side)


def friendly_pc(s: State, side: int, space: str) -> bool:
    return s.control.get(space, -1) == side


def besieged(s: State, space: str) -> bool:
    """A city is besieged only while a siege marker is on it (§20.4)."""
    return space in s.sieges and is_city_space(space)


def capacity(space: str) -> int:
    return city_capacity(space)


def province_controller(s: State, province: str) -> int:
    """The side holding a majority of the province's spaces, i.e. at least its threshold (§19.1)."""
    need = PROVINCES[province].control_threshold
    counts = [0, 0]
    for sp in _PROVINCE_SPACES[province]:
        c = s.control.get(sp, -1)
        if c >= 0:
            counts[c] += 1
    for side in (ROME, CARTHAGE):
        if counts[side] >= need:
            return side
    return -1


def controls_province(s: State, side: int, province: str) -> bool:
    return province_controller(s, province) == side


def country(space: str) -> str | None:
    return _COUNTRY[space]


def in_italy(space: str) -> bool:
    return _COUNTRY[space] == "italy"


def political_points(s: State) -> list[int]:
    """One point per scoring province controlled (§22.1)."""
    counts = [0] * (2 * len(_SCORING))
    control = s.control
    for sp, i in _SCORING_SLOTS:  # (the scoring spaces: fewer than those a state's ``control`` holds)
        c = control.get(sp, -1)
        if c >= 0:
            counts[i + c] += 1
    pts = [0, 0]
    for i, need in enumerate(_SCORING):  # a side with the threshold holds the province (§19.1)
        if counts[2 * i + ROME] >= need:
            pts[ROME] += 1
        elif counts[2 * i + CARTHAGE] >= need:
            pts[CARTHAGE] += 1
    return pts


def crossing_allowed(s: State, side: int, a: str, b: str) -> bool:
    """The Strait of Messina: only for the side controlling both its ports (§10.6)."""
    ln = link_between(a, b)
    return ln is not None and all(s.control.get(x, -1) == side for x in ln.control_required)


def plain_pcs(s: State, side: int) -> list[str]:
    tribes = s.tribes
    out = []  # (a loop: a generator resumes once per space)
    for sp, c in s.control.items():
        if c == side and sp not in _CITY_SPACES and sp not in tribes:
            out.append(sp)
    out.sort()
    return out


def enemy_cu_outside(s: State, side: int, space: str) -> int:
    return cu_outside(s, other(side), space)
