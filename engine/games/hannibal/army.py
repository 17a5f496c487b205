"""Armies and the ways they may take (§9, §10): who is in an army, the CU it may take, the
links it may cross (§10.6), the spaces it may not stop in (§10.4), the army on the march.

Plain questions about the position, asked by every part of the movement and of the battle; they
start no step, so every rules module may import them.
"""

from __future__ import annotations

from . import board as B
from .components import GENERALS, SPACES, link_between, neighbours
from .events import Frame
from .flow import Ctx
from .state import ROME, SIDE_NAMES, State, other


PASS_LINKS = ("alpine_pass", "pass")
NO_REACTION_LINKS = ("alpine_pass", "pass", "strait")  # §10.6: no interception, avoidance, retreat across these


def army_stack(s: State, f: Frame) -> tuple[int, int]:
    """CU and elephant CU where the active general stands (inside or outside the walls)."""
    u = B.cu_of(s, f.seat, f.space)
    return (u.icu, u.iel) if "inside" in f.flags else (u.cu, u.el)


def consuls_in(s: State, gens: list[str]) -> list[str]:
    out = []  # (a loop, not a comprehension: no function call of its own, asked often)
    for g in gens:
        if B.side_of(g) == ROME and s.gens[g].office == "consul":
            out.append(g)
    return out


def cu_range(s: State, total: int, moving: list[str], staying: list[str]) -> tuple[int, int]:
    """How many of ``total`` CU may go with ``moving`` generals, leaving ``staying`` ones (§10.2: at
    most 10; §18.1: a consul never left, nor moved, with fewer than 5 CU when 5 are there)."""
    lo, hi = 0, min(10, total)
    if consuls_in(s, moving):
        lo = max(lo, min(5, total))
    if consuls_in(s, staying):
        hi = min(hi, total - min(5, total))
    if lo > hi:
        lo = hi = min(10, total)
    return lo, hi


def army_generals(f: Frame) -> list[str]:
    return [f.general, *f.generals]


def confined_ok(f: Frame, dest: str) -> bool:
    """Hanno never leaves Africa, Fabius never leaves Italy (§24)."""
    for g in army_generals(f):
        c = GENERALS[g].confined_to
        if c is not None and B.country(dest) != c:
            return False
    return True


def counsel_ok(s: State, f: Frame, dest: str) -> bool:
    """Cards 57-58: the restrained side's CU may not move into or out of Africa; generals alone may."""
    if f.count == 0 or not s.markers.get("counsel_" + SIDE_NAMES[f.seat]):
        return True
    return (B.country(f.space) == "africa") == (B.country(dest) == "africa")


def held_by_consular_army(s: State, f: Frame) -> bool:
    """§18.3: a proconsul's army that enters a consular army of fewer than 5 CU stops there, unless
    it leaves CU enough to bring it to 5."""
    if "moved" not in f.flags or f.seat != ROME or s.gens[f.general].office != "proconsul":
        return False
    consuls = [g for g in B.generals_at(s, ROME, f.space, False) if s.gens[g].office == "consul"
               and g not in army_generals(f)]
    return bool(consuls) and B.cu_outside(s, ROME, f.space) - f.count < 5


def closed_link(a: str, b: str) -> str:
    """The move-frame flag of a pass or strait between ``a`` and ``b`` shut by card 41."""
    return "closed:" + "|".join(sorted((a, b)))


def third_or_fourth(used: int) -> bool:
    """Would a pass or strait (2 MP) crossed after ``used`` MP take the 3rd or 4th MP (§25 #41)?"""
    return bool({used + 1, used + 2} & {3, 4})


LAND_LINKS = {sp: tuple((nb, 1 if link_between(sp, nb).kind == "ordinary" else 2,
                          bool(link_between(sp, nb).control_required), closed_link(sp, nb)) for nb in neighbours(sp))
               for sp in SPACES}
"""Per space, each neighbour in ``neighbours``' order: the link's cost in MP (2 for a pass or a
strait, §10.1), whether crossing it asks for control of its ports (§10.6), and the move-frame flag
that card 41 would shut it with."""


def lone_enemy_general(s: State, side: int, sp: str) -> bool:
    """An enemy general stands alone (no enemy CU) outside the walls of ``sp`` (§10.4)."""
    return B.cu_outside(s, other(side), sp) == 0 and bool(B.generals_at(s, other(side), sp, False))


def can_go_on(s: State, f: Frame, sp: str, mp: int, depth: int = 0) -> bool:
    """A general without CU standing in ``sp`` with ``mp`` left can reach, by land, a space where he
    may stop (§10.4): the moves he would need to leave a lone enemy general's space."""
    if depth > 6:
        return False
    for nb in neighbours(sp):
        ln = link_between(sp, nb)
        cost = 1 if ln.kind == "ordinary" else 2
        if cost > mp or B.cu_outside(s, other(f.seat), nb) > 0:
            continue
        if ln.control_required and not B.crossing_allowed(s, f.seat, sp, nb):
            continue
        if not confined_ok(f, nb) or closed_link(sp, nb) in f.flags:
            continue
        if not lone_enemy_general(s, f.seat, nb) or can_go_on(s, f, nb, mp - cost, depth + 1):
            return True
    return False


def stop_forbidden(s: State, f: Frame) -> bool:
    """§10.4: a general without CU may not end his move where an enemy general stands alone."""
    return f.count == 0 and "moved" in f.flags and lone_enemy_general(s, f.seat, f.space)


def army_lost(ctx: Ctx, mv: Frame, lost: int, before: int) -> None:
    u = B.cu_of(ctx.s, mv.seat, mv.space)
    mv.count = min(max(0, before - lost), u.cu)
    mv.nums[0] = min(mv.nums[0], u.el, mv.count)


def mover(s: State) -> Frame:
    for fr in reversed(s.flow):
        if fr.kind == "move":
            return fr
    raise RuntimeError("no moving army")
