"""Retreat (§15): the paths a beaten force may take and what they cost it (§15.1-§15.3), the
retreat into the city of the battle space and the split between the city and the field (§15.4)."""

from __future__ import annotations

from collections import deque

from . import board as B
from . import events as ev
from .army import consuls_in
from .battle import lose_fighting, moving_force, moving_generals
from .campaign import campaign_spent_at, campaign_spent_gone
from .command import ask_left_command, consuls_meet
from .commands import ChooseGeneral, ChooseNumber, ChooseOption, ChooseSpace, Pass
from .components import link_between, neighbours
from .events import Frame
from .flow import Ctx, decision, three_part_answer, three_part_settled
from .forces import catch_lone_generals, lose_cu, neutralize
from .state import OVER, State, other


def retreat_paths(s: State, side: int, x: str, force: int, attacker_origin: str,
                  is_attacker: bool) -> dict[str, tuple[int, tuple[str, ...]]]:
    """§15.1-§15.3: where the beaten force may go, what the way costs it and the way itself.

    Paths of at most 4 spaces over ordinary links, never back into the battle space, never into the
    space the attacker came from (for the defender), stopping at the first space that holds a
    friendly PC and no enemy CU or more friendly CU than the force. Each space entered costs a CU
    for an enemy PC or an unfriendly tribe, and one per enemy CU there (enemy CU inside their walls
    neither cost nor bar an end, §10.7, G65). The nearest ends may be
    chosen, or a farther end that costs fewer CU. The original attacker goes back where it came
    from. Generals retreating without CU (H31) lose nothing to enemy PCs and never enter enemy CU
    outside the walls (§10.4, G63) until routed CU join them. Returns {destination: (CU lost on the
    way, the spaces entered)}."""
    e = other(side)

    def cost(sp: str) -> int:  # enemy CU inside their walls do not count (§10.7, G65)
        c = 1 if (B.enemy_pc(s, side, sp) or B.unfriendly_tribe(s, side, sp)) else 0
        return c + B.cu_outside(s, e, sp)

    def end_ok(sp: str, size: int) -> bool:
        if B.cu_outside(s, e, sp) > 0:
            return False
        return B.friendly_pc(s, side, sp) or B.cu_outside(s, side, sp) > size

    if is_attacker:
        if not attacker_origin or attacker_origin == x:
            return {}
        ln = link_between(x, attacker_origin)
        if ln is None or ln.kind != "ordinary" or B.cu_outside(s, e, attacker_origin) > 0:
            return {}
        return {attacker_origin: (cost(attacker_origin) if force else 0, (attacker_origin,))}
    ends: list[tuple[int, int, tuple[str, ...]]] = []  # every way found: (spaces, CU lost, the way)
    todo = deque([(x, 0, 0, (), force)])
    while todo:
        here, dist, paid, path, size = todo.popleft()
        for nb in neighbours(here):
            ln = link_between(here, nb)
            if ln.kind != "ordinary" or nb == x or nb in path or nb == attacker_origin:
                continue
            if size == 0 and B.cu_outside(s, e, nb) > 0:
                continue  # §10.4: generals without CU never enter enemy CU (G63)
            c = paid + (cost(nb) if size else 0)
            way = path + (nb,)
            arriving = max(0, size - (c - paid))  # what is left of the force as it enters (G68)
            if end_ok(nb, arriving):
                ends.append((dist + 1, c, way))
                continue
            if dist + 1 < 4:  # friendly CU here are routed and join the force (§15.1)
                todo.append((nb, dist + 1, c, way, arriving + B.cu_outside(s, side, nb)))
    if not ends:
        return {}
    nearest = min(d for d, _, _ in ends)
    ref = min(c for d, c, _ in ends if d == nearest)
    best: dict[str, tuple[int, int, tuple[str, ...]]] = {}
    for d, c, way in ends:  # the nearest ends, or any way that costs fewer CU than the shortest (§15.1)
        if (d == nearest or c < ref) and (way[-1] not in best or (c, d) < best[way[-1]][:2]):
            best[way[-1]] = (c, d, way)
    return {sp: (c, way) for sp, (c, _, way) in best.items()}


def city_open(s: State, f: Frame) -> bool:
    """§15.2, §15.4: may the beaten force go into the city of the battle space? A friendly city, not
    besieged unless the force sortied from it (§20.7; a relief army never goes in)."""
    side, x = f.seat, f.space
    if "split" in f.flags or not B.is_city_space(x) or not B.friendly_pc(s, side, x):
        return False
    return not (B.besieged(s, x) and not s.battle.inside[side])


def city_room(s: State, f: Frame) -> int:
    """The CU the beaten force may take inside the city of the battle space (§10.7, §15.4)."""
    if not city_open(s, f):
        return 0
    inside = s.battle.inside[f.seat]
    return max(0, B.capacity(f.space) - (0 if inside else B.cu_inside(s, f.seat, f.space)))


@decision("retreat", "where the beaten force retreats (§15); or into the city of the battle space (§15.4)")
class Retreat:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        out: list = [ChooseSpace(space=sp) for sp in sorted(_retreat_options(s, f))]
        cu = moving_force(s, f.seat, f.space)[0]
        room = city_room(s, f)
        if cu == 0:  # generals whose CU all fell (H31) take no room (G63)
            if moving_generals(s, f.seat) and city_open(s, f):
                out.append(ChooseOption(option="into_city"))
        elif room > 0 and (cu <= room or s.battle.inside[f.seat] or f.space in s.landed[f.seat]
                           or _split_completable(s, f, [])):
            out.append(ChooseOption(option="into_city"))
        return out or [ChooseOption(option="eliminated")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        s = ctx.s
        side, x = f.seat, f.space
        b = s.battle
        cu, el = moving_force(s, side, x)
        gens = moving_generals(s, side)
        after = ctx.find("battle_after")
        if isinstance(cmd, ChooseOption) and cmd.option == "into_city":
            if cu > city_room(s, f) and not b.inside[side] and x not in s.landed[side]:
                sp = Frame(kind="retreat_split", seat=side, space=x, origin=f.origin, flags=list(f.flags))
                ctx.push(sp)
                advance_retreat_split(ctx, sp)  # §15.4: the player splits the force
                return
            k = min(city_room(s, f), cu)
            outside = 0 if b.inside[side] else min(B.cu_outside(s, side, x), cu)
            go = min(k, outside)
            went = tuple(g for g in gens if not s.gens[g].inside)
            if go or went:  # the whole force goes in: every general with it (§15.1: none is left behind)
                e_in = min(go, B.cu_of(s, side, x).el)  # the excess lost is plain CU first (G5)
                ctx.emit(ev.UnitsMoved(side=side, origin=x, space=x, count=go, elephants=e_in,
                                       generals=went, from_inside=False, to_inside=True, how="retreat"))
                consuls_meet(ctx, went, x, True)  # §18.2: in with the other consul (G60)
            left = cu - k
            if left > 0:  # landed here this turn: the CU beyond the city's room are lost (§15.2)
                after.count += lose_fighting(ctx, side, x, left, "no_retreat")
            return
        if isinstance(cmd, ChooseOption):
            if cu:
                after.count += lose_cu(ctx, side, x, cu, "no_retreat", inside=b.inside[side])
                campaign_spent_gone(s, side, x, cu)
            for g in gens:
                neutralize(ctx, g, "no_retreat")
            return
        _, way = _retreat_options(s, f)[cmd.space]
        here, inside = x, b.inside[side] or False
        fought = cu  # the CU of the battle among those retreating (routed ones join on the way)
        campaign_spent_gone(s, side, x, cu)  # §10.11: they leave the battle space
        for sp in way:
            ctx.emit(ev.UnitsMoved(side=side, origin=here, space=sp, count=cu, elephants=el, generals=tuple(gens),
                                   from_inside=inside, to_inside=False, how="retreat"))
            inside = False
            if cu:
                catch_lone_generals(ctx, side, sp, "retreat")
                if s.phase == OVER:
                    return  # Hannibal caught, and Carthage sued for peace (§10.10, §15.6)
            c = (1 if (B.enemy_pc(s, side, sp) or B.unfriendly_tribe(s, side, sp)) else 0) + B.cu_outside(s, other(side), sp)
            if c and cu:  # generals without CU have nothing to lose here (H31, G63)
                got = lose_cu(ctx, side, sp, min(c, cu), "retreat")
                after.count += got
                cu -= got
                fought = min(fought, cu)
                el = min(el, cu, B.cu_of(s, side, sp).el)
                if cu == 0:
                    for g in gens:
                        neutralize(ctx, g, "retreat")  # §10.10: all its CU lost in the retreat
                    return
            here = sp
            if sp != way[-1]:
                u = B.cu_of(s, side, sp)
                cu, el = u.cu, u.el  # §15.1: friendly CU on the way are routed and go along (H39)
        campaign_spent_at(s, side, here, fought)  # §10.11: they fought in the campaign
        consuls_meet(ctx, gens, here, False)  # §18.2: a consul retreated to the other (G60)


def _split_range(s: State, f: Frame, gin: list[str]) -> tuple[int, int] | None:
    """§15.4: the CU that may go into the city when the generals ``gin`` go in and the rest retreat,
    or None. Each part holds something; a consul keeps 5 CU when the force has them (§18.1)."""
    total = moving_force(s, f.seat, f.space)[0]
    gout = [g for g in moving_generals(s, f.seat) if g not in gin]
    lo, hi = (0 if gin else 1), min(city_room(s, f), total)
    need = min(5, total)
    if consuls_in(s, gin):
        lo = max(lo, need)
    if consuls_in(s, gout):
        hi = min(hi, total - need)
    return (lo, hi) if lo <= hi else None


def _split_completable(s: State, f: Frame, gin: list[str]) -> bool:
    """Some choice of more generals for the city, from ``gin``, leaves a legal split."""
    rest = [g for g in moving_generals(s, f.seat) if g not in gin]
    return any(_split_range(s, f, gin + [g for i, g in enumerate(rest) if mask >> i & 1]) is not None
               for mask in range(1 << len(rest)))


def _split_elephants(s: State, f: Frame, n: int) -> tuple[int, int]:
    """The elephant CU among the ``n`` CU going into the city."""
    cu, el = moving_force(s, f.seat, f.space)
    return max(0, n - (cu - el)), min(el, n)


@decision("retreat_split", "split the beaten force: the generals who go into the city, then how many CU go in; "
                           "the rest retreats (§15.4)")
class RetreatSplit:
    """``generals``: the generals going into the city; ``count``: the CU going in (once ``cu_done``);
    flag ``el:<n>``: the elephant CU among them; the retreat's own flags are kept."""

    @staticmethod
    def legal(s: State, f: Frame) -> list:
        if "gens_done" not in f.flags:
            out: list = [ChooseGeneral(general=g) for g in moving_generals(s, f.seat)
                         if g not in f.generals and _split_completable(s, f, f.generals + [g])]
            if _split_range(s, f, f.generals) is not None:
                out.append(Pass())
            return out
        if "cu_done" not in f.flags:
            lo, hi = _split_range(s, f, f.generals) or (0, -1)
            return [ChooseNumber(number=n) for n in range(lo, hi + 1)]
        lo, hi = _split_elephants(s, f, f.count)
        return [ChooseNumber(number=e) for e in range(lo, hi + 1)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        three_part_answer(f, cmd)
        advance_retreat_split(ctx, f)


def advance_retreat_split(ctx: Ctx, f: Frame) -> None:
    """Skip the steps that leave no choice; once the split is chosen, the city's part goes in and
    the rest retreats (never into the city again)."""
    s = ctx.s
    el = three_part_settled(f, lambda: any(isinstance(c, ChooseGeneral) for c in RetreatSplit.legal(s, f)),
                            lambda: _split_range(s, f, f.generals) or (0, 0), lambda n: _split_elephants(s, f, n))
    if el is None:
        return
    ctx.done(f)
    chief = B.commander(s, f.seat, f.space, False)
    if f.count or f.generals:
        ctx.emit(ev.UnitsMoved(side=f.seat, origin=f.space, space=f.space, count=f.count, elephants=el,
                               generals=tuple(f.generals), from_inside=False, to_inside=True, how="retreat"))
        consuls_meet(ctx, f.generals, f.space, True)  # §18.2: in with the other consul (G60)
    keep = [x for x in f.flags if x not in ("gens_done", "cu_done") and not x.startswith("el:")]
    ctx.push(Frame(kind="retreat", seat=f.seat, space=f.space, origin=f.origin, flags=keep + ["split"]))
    if chief in f.generals:
        ask_left_command(ctx, f.seat, f.space, False, took=f.generals)
    else:
        ask_left_command(ctx, f.seat, f.space, True, dropped=f.generals)


def _retreat_options(s: State, f: Frame) -> dict[str, tuple[int, tuple[str, ...]]]:
    side, x = f.seat, f.space
    if x in s.landed[side]:
        return {}  # §15.2: landed by sea this turn: eliminated (or into a friendly city there, §15.2)
    cu, _ = moving_force(s, side, x)
    return retreat_paths(s, side, x, cu, f.origin, "attacker" in f.flags)
