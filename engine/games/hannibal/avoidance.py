"""Avoiding battle and pursuit (§13): who may try to avoid the army that entered a space, with
whom and how many CU, where the avoiding force goes (§13.1, §13.2), and the pursuit (§13.4)."""

from __future__ import annotations

from . import board as B
from . import events as ev
from .army import consuls_in, cu_range, lone_enemy_general, mover
from .command import consuls_meet
from .commands import ChooseGeneral, ChooseNumber, ChooseSpace, Pass
from .components import GENERALS, link_between, neighbours
from .events import Frame
from .flow import Ctx, decision, three_part_answer, three_part_settled
from .forces import catch_lone_generals
from .interception import range_ok
from .siege_train import move_siege_train, train_here
from .state import CARTHAGE, OVER, ROME, State, other


def avoid_destinations(s: State, mv: Frame, x: str, gens: list[str] | None = None, cu: int = 1) -> list[str]:
    """§13.2: an adjacent space over an ordinary link with no enemy CU, no enemy PC, no unfriendly
    tribe, and not the space the enemy came from; one every avoiding general may enter (Hanno and
    Fabius keep to their country, §24). ``gens``: the generals avoiding (default: the commander);
    ``cu``: the CU going with them (without any, not where an enemy general stands alone, G71)."""
    n = other(mv.seat)
    if gens is None:
        gens = [B.commander(s, n, x, False)]
    out = []
    for nb in neighbours(x):
        ln = link_between(x, nb)
        if ln.kind != "ordinary" or nb == mv.origin:
            continue
        if B.cu_total(s, mv.seat, nb) > 0 or B.enemy_pc(s, n, nb) or B.unfriendly_tribe(s, n, nb):
            continue
        if any(g and GENERALS[g].confined_to is not None and B.country(nb) != GENERALS[g].confined_to
               for g in gens):
            continue
        if cu == 0 and lone_enemy_general(s, n, nb):
            continue  # §10.4: generals without CU never stop where an enemy general stands alone (G71)
        out.append(nb)
    return out


def avoid_range(s: State, x: str, lead: str, taken: list[str] | tuple[str, ...] = ()) -> tuple[int, int]:
    """The CU outside the walls of ``x`` that may avoid battle with ``lead`` and the generals ``taken``
    along: at most 10 (§13.2), any fewer may stay behind (§13.2), a consul never left or moved with
    fewer than 5 (§18.1), and the commander left behind by a subordinate keeps at least one (§13.3)."""
    side = B.side_of(lead)
    total = B.cu_outside(s, side, x)
    moving = [lead, *taken]
    staying = [g for g in B.generals_at(s, side, x, False) if g not in moving]
    lo, hi = cu_range(s, total, moving, staying)
    if B.commander(s, side, x, False) in staying:
        hi = min(hi, total - 1)  # §13.3
    mv = mover(s)
    missed = max([int(fl.rsplit(":", 1)[1]) for fl in mv.flags if fl.startswith("failed_cu:" + x + ":")], default=0)
    if missed:  # §12.10, §13.2: the CU that missed an interception of this army stay (G53)
        hi = min(hi, max(0, total - missed))
        if hi >= 0:
            lo = min(lo, hi)  # even a consul's 5 (§18.1): the rule, not the player, leaves them
    return lo, hi


def avoid_numbers(s: State, mv: Frame, x: str, lead: str, taken: list[str] | tuple[str, ...] = ()) -> tuple[int, int]:
    """The numbers of CU the avoidance of ``lead`` and ``taken`` may take (``avoid_range``), none only
    if a space takes generals without CU (G71: not where an enemy general stands alone)."""
    lo, hi = avoid_range(s, x, lead, taken)
    if lo == 0 and not avoid_destinations(s, mv, x, [lead, *taken], 0):
        lo = 1
    return lo, hi


def _avoid_failed(mv: Frame, g: str) -> bool:
    """§12.10, §13.2: a general who missed an interception of this army may not avoid it."""
    return ("failed:" + g) in mv.flags


def avoid_companions(s: State, mv: Frame, x: str, lead: str, taken: list[str]) -> list[str]:
    """Generals outside the walls of ``x`` who may avoid battle with ``lead``, one at a time (§9.2,
    §13.2): never one who outranks him, never the stack's commander when a subordinate leads
    (§13.3), never one who missed an interception of this army (§12.10), only while a destination
    and a number of CU are still legal."""
    side = B.side_of(lead)
    cmd = B.commander(s, side, x, False)
    out = []
    for g in B.generals_at(s, side, x, False):
        if g == lead or g in taken or g == cmd or B.outranks(s, g, lead) or _avoid_failed(mv, g):
            continue
        if range_ok(avoid_numbers(s, mv, x, lead, [*taken, g])) and avoid_destinations(s, mv, x, [lead, *taken, g]):
            out.append(g)
    return out


def _avoid_must_take(s: State, mv: Frame, x: str, lead: str, taken: list[str]) -> list[str]:
    """§18.1: a consul leaves the other consul behind only from a stack of at least 10 CU: the other
    consul must go with him (an empty list when he goes already or may stay)."""
    if not consuls_in(s, [lead]) or B.cu_outside(s, ROME, x) >= 10:
        return []
    return [g for g in consuls_in(s, B.generals_at(s, ROME, x, False)) if g != lead and g not in taken]


def avoid_leaders(s: State, mv: Frame, x: str) -> list[str]:
    """Generals outside the walls of ``x`` who may lead an avoidance (§13.1, §13.3): the commander,
    or a subordinate who leaves him at least one CU (a consul five, §18.1); none who missed an
    interception of this army (§12.10); each with some legal group and destination."""
    n = other(mv.seat)
    cmd = B.commander(s, n, x, False)
    out = []
    for g in B.generals_at(s, n, x, False):
        if _avoid_failed(mv, g):
            continue
        must = _avoid_must_take(s, mv, x, g, [])
        if must and (cmd in must or any(_avoid_failed(mv, c) for c in must)):
            continue  # §18.1: he may not leave the other consul, who may not go with him
        if range_ok(avoid_numbers(s, mv, x, g, must)) and avoid_destinations(s, mv, x, [g, *must]):
            out.append(g)
    # the commander first: the usual case, and the one the rulebook describes first (§13.1)
    return sorted(out, key=lambda g: g != cmd)


def avoid_possible(s: State, mv: Frame, x: str) -> bool:
    if mv.count == 0:
        return False
    # §19.3's enemy-PC bullet points to §13.2, whose ban is on the destination (avoid_destinations),
    # not on the space the army leaves
    return bool(avoid_leaders(s, mv, x))


def _avoid_elephants(s: State, x: str, side: int, k: int) -> tuple[int, int]:
    u = B.cu_of(s, side, x)
    return max(0, k - (u.cu - u.el)), min(u.el, k)


@decision("avoid_with", "who tries to avoid battle: the general who leads it, the generals going with him, "
                        "then how many CU, then how many elephant CU among them (§13.1-§13.3)")
class AvoidWith:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        mv = mover(s)
        if "lead_done" not in f.flags:
            return [ChooseGeneral(general=g) for g in avoid_leaders(s, mv, f.space)]
        if "gens_done" not in f.flags:
            return [ChooseGeneral(general=g) for g in avoid_companions(s, mv, f.space, f.general, f.generals)] \
                + [Pass()]
        if "cu_done" not in f.flags:
            lo, hi = avoid_numbers(s, mv, f.space, f.general, f.generals)
            return [ChooseNumber(number=k) for k in range(lo, hi + 1)]
        lo, hi = _avoid_elephants(s, f.space, f.seat, f.count)
        return [ChooseNumber(number=e) for e in range(lo, hi + 1)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        if "lead_done" not in f.flags:
            f.general = cmd.general
            f.flags.append("lead_done")
        else:
            three_part_answer(f, cmd)
        advance_avoid(ctx, f)


def advance_avoid(ctx: Ctx, f: Frame) -> None:
    """Skip the steps of the avoidance's choice that leave none (a single possible leader, no
    companion, the consul §18.1 makes go along, a single number); record it in the reaction when
    made (flags ``avoid``, ``avoid_by:<g>``, ``avoid_with:<g>``, ``avoid_cu:<n>``, ``avoid_el:<n>``)."""
    s = ctx.s
    mv = mover(s)
    x = f.space
    if "lead_done" not in f.flags:
        leaders = avoid_leaders(s, mv, x)
        if len(leaders) != 1:
            return
        f.general = leaders[0]
        f.flags.append("lead_done")
    if "gens_done" not in f.flags:
        f.generals.extend(_avoid_must_take(s, mv, x, f.general, f.generals))
    el = three_part_settled(f, lambda: bool(avoid_companions(s, mv, x, f.general, f.generals)),
                            lambda: avoid_numbers(s, mv, x, f.general, f.generals),
                            lambda k: _avoid_elephants(s, x, f.seat, k))
    if el is None:
        return
    ctx.done(f)
    r = ctx.top  # the reaction frame
    r.flags += ["avoid", "avoid_by:" + f.general] + ["avoid_with:" + g for g in f.generals] + \
        ["avoid_cu:%d" % f.count, "avoid_el:%d" % el]


def avoid_flag(f: Frame, key: str) -> list[str]:
    return [fl[len(key) + 1:] for fl in f.flags if fl.startswith(key + ":")]


def pursuit(ctx: Ctx, mv: Frame) -> None:
    """§13.4: after the enemy avoided battle, the army goes on (after it or elsewhere) only with a roll
    of at most its commander's battle rating (Flaminius +1, reconstructed ability); it may instead stop
    without rolling (the ``pursue`` option is the roll). A failure stops it, spent for a campaign."""
    bonus = B.roll_bonus(mv.general, "pursuit")
    _, res = ctx.die(mv.seat, "pursuit", -bonus, lambda r: "success" if r <= B.battle_rating(mv.general) else "failure")
    if res == "failure":
        mv.mp = 0
        mv.flags.append("pursuit_failed")


def _avoiding_cu(s: State, f: Frame) -> int:
    """The CU of an ``avoid_to`` frame that go (those named, as many as stand outside the walls)."""
    return min(f.count, B.cu_of(s, f.seat, f.space).cu)


@decision("avoid_to", "where the army that avoided battle goes (§13.1, §13.2)")
class AvoidTo:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseSpace(space=sp) for sp in avoid_destinations(s, mover(s), f.space, [f.general, *f.generals],
                                                                   _avoiding_cu(s, f))]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        """The generals and CU named in ``avoid_with`` leave; the rest stay (§13.2)."""
        ctx.done(f)
        s = ctx.s
        n, x = f.seat, f.space
        u = B.cu_of(s, n, x)
        k = _avoiding_cu(s, f)
        el = min(max(f.nums[0] if f.nums else 0, k - (u.cu - u.el)), u.el, k)
        gens = tuple(g for g in (f.general, *f.generals)
                     if s.gens[g].status == "map" and s.gens[g].where == x and not s.gens[g].inside)
        if B.commander(s, n, x, False) in gens:
            ctx.top.flags.append("cmd_left")  # who commands the force left behind may be asked (G57)
        ctx.emit(ev.UnitsMoved(side=n, origin=x, space=cmd.space, count=k, elephants=el, generals=gens,
                               from_inside=False, to_inside=False, how="avoid"))
        if n == CARTHAGE and k > 0 and train_here(s, x):
            move_siege_train(ctx, cmd.space)  # #30: like a CU it avoids with them (G70)
        if k > 0:  # an army entering a lone enemy general's space neutralizes him (§10.10, G71)
            catch_lone_generals(ctx, n, cmd.space, "avoidance")
            if s.phase == OVER:
                return  # Hannibal caught and Carthage sued for peace (§15.6)
        others = [g for g in B.generals_at(s, n, cmd.space, False) if g not in gens]
        if f.general in gens and not any(B.outranks(s, g, f.general) for g in others):
            ctx.emit(ev.CommandTaken(general=f.general))  # he leads the force that avoided (§9.3, §13.3)
        ctx.top.flags.append("avoided")
        consuls_meet(ctx, gens, cmd.space, False)  # §18.2: a consul avoided into the other's space (G60)
