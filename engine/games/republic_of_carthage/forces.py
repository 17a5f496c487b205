"""The Senate's forces and what every roll of the rules reads (VI, V.7): a force in the field and its
commanders, its units and their losses, veterans, the land strength of a war, the roll modifiers in
force and the statesmen's abilities (R56), and the units the Senate may still send.

Shared by the Senate (V.7), Combat (VI), the rebellion (VII.3), trials and assassinations: none of
it starts a step.
"""

from __future__ import annotations

from . import components as C
from . import effects as fx
from . import events as ev
from .flow import Ctx
from .state import State

REBELS = "rebels"  # the war a force sent against the rebels is sent to


def force(s: State, fid: int):
    return next((x for x in s.forces if x.id == fid), None)


def in_command(s: State, x) -> list[str]:
    """The force's commanders still with it (not dead, not captured)."""
    return [c for c in x.commanders if c in s.senators and s.senators[c].where in ("war", "exploration")]


def modifier(s: State, rolls: tuple[str, ...], group: str | None = None) -> int:
    total = 0
    for name, value in s.counters.items():
        if name.startswith("mod:"):
            _, which, grp, _duration = name.split(":")
            if which in (*rolls, "all") and (not grp or grp == group):
                total += value
    return total


def ability(sid: str, rolls: tuple[str, ...], group: str | None) -> int:
    """R56: a statesman's roll modifiers on the rolls he makes or commands."""
    if sid.isdigit() or sid not in C.STATESMEN:
        return 0
    return sum(e.amount for e in C.STATESMEN[sid].abilities
               if isinstance(e, fx.RollModifier) and e.roll in (*rolls, "all") and (e.group is None or e.group == group))


def use_one_roll_modifiers(ctx: Ctx, rolls: tuple[str, ...]) -> None:
    for name in sorted(ctx.s.counters):
        if name.startswith("mod:") and name.endswith(":roll") and name.split(":")[1] in (*rolls, "all"):
            ctx.emit(ev.CountersSet(name=name, value=0))


def army_strength(s: State, fid: int) -> int:
    return sum(C.FORCES.veteran_strength if a.veteran else C.FORCES.army_strength
               for a in s.armies if a.place == f"force:{fid}")


def units(s: State, fid: int, kind: str) -> int:
    x = force(s, fid)
    if x is None:
        return 0
    if kind == "naval":
        return s.squadrons.get(f"force:{fid}", 0)
    return sum(1 for a in s.armies if a.place == f"force:{fid}")


def lose_units(ctx: Ctx, fid: int, kind: str, n: int) -> None:
    """VI.2, Pertes des Armées: the units lost are drawn at random, each army token on its own (a
    veteran is as likely to go as any other army)."""
    if n <= 0:
        return
    s = ctx.s
    place = f"force:{fid}"
    if kind == "naval":
        ctx.emit(ev.ForcesMoved(unit="squadron", count=n, origin=place, target="out", reason="battle"))
        return
    pool = sorted((a.type, a.veteran, a.loyal) for a in s.armies if a.place == place)
    for _ in range(n):
        unit, vet, loyal = pool.pop(ctx.rng.below(len(pool)))
        ctx.emit(ev.ArmyMoved(unit=unit, origin=place, target="out", veteran=vet, loyal=loyal, reason="battle"))


def veteran(ctx: Ctx, fid: int) -> None:
    """VI.2, Créer des Vétérans: an army drawn at random becomes a veteran, loyal to the commander (the
    one with more Popularity if two, a tie broken at random)."""
    s = ctx.s
    x = force(s, fid)
    pool = sorted(a.type for a in s.armies if a.place == f"force:{fid}" and not a.veteran)
    chiefs = in_command(s, x)
    if not pool or not chiefs:
        return
    unit = pool[ctx.rng.below(len(pool))]
    top = max(s.senators[c].popularity for c in chiefs)
    tied = [c for c in chiefs if s.senators[c].popularity == top]
    best = tied[0] if len(tied) == 1 else tied[ctx.rng.below(len(tied))]  # a tie at random
    ctx.emit(ev.VeteranMade(force=fid, unit=unit, senator=best))


def strength(s: State, war: str) -> int:
    """VI.2: land strength, ×2 with one related Active war and ×3 with two, plus leaders (R42)."""
    related = sum(1 for x in C.related_wars(war) if x in s.wars and s.wars[x].status in ("active", "unprosecuted"))
    leaders = tuple(x for x in s.leaders_in_play if war in C.LEADERS[x].wars)
    return C.war_strength(war, related, leaders)


def units_at(s: State, unit: str, place: str) -> int:
    """How many units of ``unit`` (an army type, or "squadron") are at ``place`` (reserve, active…)."""
    if unit == "squadron":
        return s.squadrons.get(place, 0)
    return sum(1 for a in s.armies if a.type == unit and a.place == place)


def all_active(s: State, armies, squadrons: int) -> bool:
    """Whether Active Forces still hold every army named (one entry per army) and the squadrons."""
    return squadrons <= units_at(s, "squadron", "active") and all(
        armies.count(u) <= units_at(s, u, "active") for u in set(armies))


def land_units(s: State, war: str) -> list[str]:
    """Recruited armies that may go to ``war``: Active Forces; auxiliaries only to the wars that name
    them (V.7)."""
    if war == REBELS:
        return against_rebels(s)
    return sorted({a.type for a in s.armies if a.place == "active"
                   and (not C.ARMY_TYPES[a.type].auxiliary or a.type in C.WARS[war].auxiliaries)})


def against_rebels(s: State) -> list[str]:
    """Recruited armies that may fight the rebels: Active Forces, no auxiliaries (they fight only the
    wars that name them); squadrons play no part (VII.3)."""
    return sorted({a.type for a in s.armies if a.place == "active" and not C.ARMY_TYPES[a.type].auxiliary})
