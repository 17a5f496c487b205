"""Who is who: senators' printed values, where they are, the offices they hold, the SPHR, the
order of play. Small functions named the way the rulebook speaks."""

from __future__ import annotations

from . import components as C
from .state import CARTHAGE, Senator, State

COUNCIL = tuple(o.id for o in sorted(C.OFFICES.values(), key=lambda o: o.rank) if o.kind == "council")
SUFFETES = ("suffete_general", "suffete_admiral")


def card(sid: str):
    """The printed card of a senator: a Family or a Statesman."""
    return C.FAMILIES[int(sid)] if sid.isdigit() else C.STATESMEN[sid]


def military(sid: str) -> int:
    return card(sid).military


def eloquence(sid: str) -> int:
    return card(sid).eloquence


def loyalty(sid: str) -> int:
    return card(sid).loyalty


def senators_of(s: State, seat: int) -> list[Senator]:
    """A faction's senators, in card order."""
    senators = s.senators
    ids = [sid for sid, x in senators.items() if x.seat == seat]  # each keyed by its id
    ids.sort(key=order_key)
    return [senators[sid] for sid in ids]


def present_of(s: State, seat: int) -> list[Senator]:
    """A faction's senators in Carthage (:func:`in_carthage`), in card order."""
    senators = s.senators
    ids = [sid for sid, x in senators.items() if x.seat == seat and x.seat >= 0 and x.face_up and x.where == CARTHAGE]
    ids.sort(key=order_key)
    return [senators[sid] for sid in ids]


class _OrderKeys(dict):
    """A card id's place in card order, worked out once per id (it never changes; the rules sort
    senators at every step)."""

    def __missing__(self, sid: str) -> tuple[int, str]:
        key = self[sid] = (int(sid.rstrip("AB")), sid)
        return key


order_key = _OrderKeys().__getitem__
"""A card id's sort key in card order: (number, id)."""


def in_carthage(s: State, sid: str) -> bool:
    """A faction's senator present in Carthage (a senator of the Port, in no faction, is not: V.6)."""
    x = s.senators.get(sid)
    return x is not None and x.face_up and x.seat >= 0 and x.where == CARTHAGE


def offices_of(s: State, sid: str) -> list[str]:
    return [o for o, h in s.offices.items() if h == sid]


def governs(s: State, sid: str) -> str:
    for pid, p in s.provinces.items():
        if p.governor == sid:
            return pid
    return ""


def commands_force(s: State, sid: str) -> bool:
    return any(sid in f.commanders for f in s.forces)


def holds_office(s: State, sid: str) -> bool:
    """Suffète, Council member, governor, commander or expedition leader (V.2)."""
    return bool(offices_of(s, sid) or governs(s, sid) or commands_force(s, sid))


def office_holders(s: State) -> set[str]:
    """Every senator for whom :func:`holds_office` is true, found in one pass."""
    return ({h for h in s.offices.values() if h} | {p.governor for p in s.provinces.values() if p.governor}
            | {sid for f in s.forces for sid in f.commanders})


def sphr(s: State) -> str:
    """The highest-ranking senator ("Terminologie"): the holder of the highest office, else the
    lowest card number among faction senators in Carthage."""
    for office in C.office_rank_order():
        holder = s.offices.get(office, "")
        if holder and in_carthage(s, holder):
            return holder
    present = [x.id for x in s.senators.values() if x.seat >= 0 and in_carthage(s, x.id)]
    return min(present, key=order_key) if present else ""


def sphr_seat(s: State) -> int:
    sid = sphr(s)
    return s.senators[sid].seat if sid else 0


def clockwise(s: State, first: int) -> list[int]:
    """Every seat once, from ``first`` clockwise (to the left)."""
    return [(first + i) % s.players for i in range(s.players)]


def leader_of(s: State, seat: int) -> str:
    return s.leaders[seat] if 0 <= seat < len(s.leaders) else ""


def faction_votes(s: State, seat: int) -> int:
    """IV.7: the Eloquence of the faction's senators in Carthage."""
    return sum(eloquence(x.id) for x in present_of(s, seat))


def living_ids(s: State, family: int) -> list[str]:
    """The senators in play (face up) of a family: the family card or its statesmen."""
    return sorted(x.id for x in s.senators.values() if x.family == family and x.face_up)


def now_named(s: State, sid: str) -> str:
    """The senator ``sid`` names now: a family card a statesman has since been laid over goes on as that
    statesman (Terminologie, Homme d'État); otherwise ``sid`` itself."""
    if sid in s.senators or not sid.isdigit():
        return sid
    return next((x.id for x in s.senators.values() if x.family_card and x.family == int(sid)), sid)


def active(s: State, sid: str) -> bool:
    """Not in exile: an exile's talents, concessions and merchants are frozen on his card (V.5, 3, R140)."""
    return s.senators[sid].where != "exiled"


def commanders(s: State) -> list[str]:
    """V.7, Commandants éligibles: the two Suffètes, in Carthage and not already commanding; the Suffète
    Général only once the Suffète Amiral is away or commanding (R44)."""
    out = []
    admiral, general = s.offices.get("suffete_admiral", ""), s.offices.get("suffete_general", "")
    if admiral and in_carthage(s, admiral):
        out.append(admiral)
    elif general and in_carthage(s, general):
        out.append(general)
    return out
