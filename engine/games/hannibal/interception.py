"""Interception (§12): who may intercept the army that entered a space, with whom and how many
CU, the roll, and the intercepted army's answer: give battle, step back one space (§12.5), or
split between the city and the ships (§12.8). What the space then holds is settled through the
``resolve_space`` entry (reaction), asked for by name."""

from __future__ import annotations

from . import board as B
from . import events as ev
from .army import LAND_LINKS, PASS_LINKS, army_generals, consuls_in, cu_range, mover
from .campaign import campaign_record
from .command import ask_left_command, consuls_meet
from .commands import ChooseGeneral, ChooseNumber, ChooseOption, Pass
from .components import GENERALS, SPACES, link_between, naval_result
from .events import Frame
from .flow import Ctx, decision, entry, three_part_answer, three_part_settled
from .forces import lose_cu, neutralize, pass_attrition
from .naval import naval_modifier
from .siege_train import move_siege_train
from .state import CARTHAGE, ROME, State, other


TRIBE_PROVINCE_SPACES = frozenset(sp for sp, space in SPACES.items()
                                   if space.province in ("liguria", "gallia_transalpina"))


def interceptors(s: State, mv: Frame, x: str) -> list[str]:
    """Generals of the other side that may try to intercept into ``x`` (§12.2, §12.3, §12.7, §12.8):
    one per stack, from a space joined to ``x`` by an ordinary link, with CU, never into a space
    holding stationary enemy CU, never during a Truce. An army that missed an interception may try
    again at the next space (§12.2, §12.10): its ``failed:`` flag only bars avoiding this army."""
    n = other(mv.seat)
    if s.markers.get("truce"):
        return []
    if B.cu_outside(s, mv.seat, x) > mv.count:
        return []  # stationary CU of the moving side are there
    out = []
    theirs = s.units[n]
    for nb, cost, _, _ in LAND_LINKS[x]:
        if cost != 1:  # an ordinary link only
            continue
        u = theirs.get(nb)
        if u is None:
            continue  # no CU there (B.cu_of)
        for inside in (False, True):
            cu = u.icu if inside else u.cu
            if cu == 0:
                continue
            gens = B.generals_at(s, n, nb, inside)
            if not gens:
                continue
            if inside and B.cu_outside(s, mv.seat, nb) > 0:
                continue
            for g in gens:
                c = GENERALS[g].confined_to
                if c is not None and B.country(x) != c:
                    continue
                lo, hi = intercept_range(s, g)
                if lo > hi:
                    continue
                out.append(g)
    return out


def intercept_range(s: State, g: str, taken: list[str] | tuple[str, ...] = ()) -> tuple[int, int]:
    """The CU that may intercept with ``g`` and the generals ``taken`` along (§12.7: the commander
    keeps at least one CU when a subordinate goes; §18.1 for consuls; at most 10, at least 1)."""
    st = s.gens[g]
    side = B.side_of(g)
    u = B.cu_of(s, side, st.where)
    total = u.icu if st.inside else u.cu
    stack = B.generals_at(s, side, st.where, st.inside)
    moving = [g, *taken]
    staying = [x for x in stack if x not in moving]
    lo, hi = cu_range(s, total, moving, staying)
    if B.commander(s, side, st.where, st.inside) in staying:
        hi = min(hi, total - 1)  # §12.7: the commander keeps at least one CU
    return max(lo, 1), hi


def intercept_companions(s: State, g: str, taken: list[str]) -> list[str]:
    """Generals of ``g``'s stack who may go with him (§9.2: subordinates go with their commander as
    he chooses; a subordinate intercepting leaves the commander, who outranks or equals him, behind),
    one at a time, as long as some number of CU is still legal."""
    st = s.gens[g]
    side = B.side_of(g)
    cmd = B.commander(s, side, st.where, st.inside)
    return [x for x in B.generals_at(s, side, st.where, st.inside)
            if x != g and x not in taken and x != cmd and not B.outranks(s, x, g)
            and range_ok(intercept_range(s, g, [*taken, x]))]


def range_ok(r: tuple[int, int]) -> bool:
    return r[0] <= r[1]


def _intercept_must_take(s: State, g: str, taken: list[str]) -> bool:
    """§18.1: a consul leaves the other behind only from a stack of at least 10 CU."""
    return bool(_intercept_forced(s, g, taken))


def _intercept_forced(s: State, g: str, taken: list[str]) -> list[str]:
    """The consul who must go with the consul ``g`` intercepting from fewer than 10 CU (§18.1), if he
    is not yet ``taken`` (an empty list otherwise)."""
    st = s.gens[g]
    u = B.cu_of(s, B.side_of(g), st.where)
    total = u.icu if st.inside else u.cu
    if not consuls_in(s, [g]) or total >= 10:
        return []
    return consuls_in(s, intercept_companions(s, g, taken))


def _intercept_elephants(s: State, g: str, n: int) -> tuple[int, int]:
    st = s.gens[g]
    u = B.cu_of(s, B.side_of(g), st.where)
    have, el = (u.icu, u.iel) if st.inside else (u.cu, u.el)
    return max(0, n - (have - el)), min(el, n)


@decision("intercept_cu", "who intercepts with the general: the generals going with him, then how many CU, "
                          "then how many elephant CU among them (§12.4, §12.7)")
class InterceptCu:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        if "gens_done" not in f.flags:
            out: list = [ChooseGeneral(general=x) for x in intercept_companions(s, f.general, f.generals)]
            if not _intercept_must_take(s, f.general, f.generals):
                out.append(Pass())
            return out
        if "cu_done" not in f.flags:
            lo, hi = intercept_range(s, f.general, f.generals)
            return [ChooseNumber(number=n) for n in range(lo, hi + 1)]
        lo, hi = _intercept_elephants(s, f.general, f.count)
        return [ChooseNumber(number=e) for e in range(lo, hi + 1)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        three_part_answer(f, cmd)
        advance_intercept(ctx, f)


def advance_intercept(ctx: Ctx, f: Frame) -> None:
    """Skip the steps of the interceptor's choice that leave none (the consul §18.1 makes go along
    is taken unasked, G56); record it when made."""
    s = ctx.s
    g = f.general
    if "gens_done" not in f.flags:
        f.generals.extend(_intercept_forced(s, g, f.generals))
    el = three_part_settled(f, lambda: bool(intercept_companions(s, g, f.generals)),
                            lambda: intercept_range(s, g, f.generals), lambda n: _intercept_elephants(s, g, n))
    if el is None:
        return
    ctx.done(f)
    r = ctx.top
    r.generals.append(g)
    r.nums.append(f.count)
    r.flags += ["with:%s:%s" % (g, x) for x in f.generals] + ["iel:%s:%d" % (g, el)]


@decision("intercepted", "your army was intercepted: give battle, step back one space, or (after a "
                         "landing at your city) step back into the city or split between it and the ships (§12.5, §12.8)")
class Intercepted:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        mv = mover(s)
        out = [ChooseOption(option="battle")]
        if mv.origin and mv.origin != mv.space:
            out.append(ChooseOption(option="step_back"))  # by sea: back to the port it sailed from
        if "sea" in f.flags and _city_takes(s, mv):
            out.append(ChooseOption(option="into_city"))  # §12.8
        if "sea" in f.flags and mv.origin and mv.origin != mv.space and _split_ways(s, mv):
            out.append(ChooseOption(option="split"))  # §12.8: part into the city, part back to the port
        return out

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        mv = mover(ctx.s)
        if cmd.option == "battle":
            ctx.begin("resolve_space", mv, f.space, failed_avoid="failed_avoid" in f.flags, intercepted_by=f.generals)
            return
        if cmd.option == "into_city":
            ctx.emit(ev.UnitsMoved(side=mv.seat, origin=mv.space, space=mv.space, count=mv.count,
                                   elephants=mv.nums[0], generals=tuple(army_generals(mv)), from_inside=False,
                                   to_inside=True, how="enter_city"))
            mv.mp = 0
            mv.flags += ["stepped_back", "inside"]
            return
        if cmd.option == "split":
            sp = Frame(kind="split_back", seat=mv.seat, space=f.space,
                       flags=[fl for fl in f.flags if fl in ("sea", "failed_avoid")] + ["by:" + g for g in f.generals])
            ctx.push(sp)
            advance_split(ctx, sp)
            return
        step_back(ctx, mv, f.space, sea="sea" in f.flags, failed_avoid="failed_avoid" in f.flags,
                  interceptors=f.generals)


def step_back(ctx: Ctx, mv: Frame, x: str, *, sea: bool, failed_avoid: bool, interceptors: list[str]) -> None:
    """§12.5: the army goes back to the space it came from (by sea: the port it sailed from) and its
    move ends. A Carthaginian army going back by sea rolls on the naval table again: turned back, it
    stays in ``x`` and fights; sunk, it is lost. Neither during a Truce (#64) nor after the
    pirates' sea move (#50, ruling G81), which roll nothing either way."""
    origin = mv.origin
    ln = link_between(mv.space, origin)
    if sea and mv.seat == CARTHAGE and not ctx.s.markers.get("truce") and "pirates" not in mv.flags:
        _, result = ctx.die(ROME, "naval", naval_modifier(ctx.s, mv, origin), naval_result)
        if result == "turned_back":  # it stays in the port of the interception and fights
            ctx.begin("resolve_space", mv, x, failed_avoid=failed_avoid, intercepted_by=interceptors)
            return
        if result == "sunk":
            ctx.done(mv)
            if mv.count:
                lose_cu(ctx, mv.seat, mv.space, mv.count, "naval", elephant_first=mv.nums[0])
            for g in army_generals(mv):
                neutralize(ctx, g, "naval")
            return
    ctx.emit(ev.UnitsMoved(side=mv.seat, origin=mv.space, space=origin, count=mv.count, elephants=mv.nums[0],
                           generals=tuple(army_generals(mv)), from_inside=False, to_inside=False,
                           how="step_back"))
    mv.space, mv.origin = origin, ""
    if "train" in mv.flags:
        move_siege_train(ctx, origin)
    if ln is not None and ln.kind in PASS_LINKS and mv.count > 0:
        pass_attrition(ctx, mv, ln.kind)
    mv.mp = 0
    mv.flags.append("stepped_back")


def _city_takes(s: State, mv: Frame) -> bool:
    """§12.8: an army intercepted after landing in the space of its own city, not besieged, may
    step back into it if the whole army fits (none may stay outside)."""
    sp = mv.space
    return (_city_open(s, mv) and mv.count + B.cu_inside(s, mv.seat, sp) <= B.capacity(sp))


def _city_open(s: State, mv: Frame) -> bool:
    """The landing space holds the army's own city, not besieged (§11.3, §20.5)."""
    sp = mv.space
    return B.is_city_space(sp) and B.friendly_pc(s, mv.seat, sp) and not B.besieged(s, sp)


# §12.8, the split (ruling G8): the intercepted army that landed at its own city divides itself;
# one part steps back into the city, the other sails back to the port it came from. No CU stays
# outside the walls. The part that sails needs a general (§11.1: CU never sail alone); the part
# that goes in may be CU without a general (a garrison, as a general drops CU on his way, §10.2)
# or generals without CU, within the city's room (§10.7). A consul is never left, by either part,
# with fewer than 5 CU when the army has them (§18.1). Each part is something: otherwise it is
# the whole army stepping back into the city, or to the port.
def _split_range(s: State, mv: Frame, gin: list[str]) -> tuple[int, int] | None:
    """The CU that may go into the city when the generals ``gin`` go in, or None."""
    gens = army_generals(mv)
    gout = [g for g in gens if g not in gin]
    if not gout or not _city_open(s, mv):
        return None
    total = mv.count
    room = max(0, B.capacity(mv.space) - B.cu_inside(s, mv.seat, mv.space))
    lo, hi = (0 if gin else 1), min(room, total)
    need = min(5, total)
    if consuls_in(s, gin):
        lo = max(lo, need)
    if consuls_in(s, gout):
        hi = min(hi, total - need)
    return (lo, hi) if lo <= hi else None


def _split_completable(s: State, mv: Frame, gin: list[str]) -> bool:
    """Some choice of more generals for the city, from ``gin``, leaves a legal split."""
    rest = [g for g in army_generals(mv) if g not in gin]
    for mask in range(1 << len(rest)):
        extra = [g for i, g in enumerate(rest) if mask >> i & 1]
        if _split_range(s, mv, gin + extra) is not None:
            return True
    return False


def _split_ways(s: State, mv: Frame) -> bool:
    return _city_open(s, mv) and _split_completable(s, mv, [])


@decision("split_back", "split the intercepted army: the generals who step back into the city, then how many "
                        "CU go in; the rest sail back to the port (§12.8)")
class SplitBack:
    """``generals``: the generals going into the city; ``count``: the CU going in (once
    ``cu_done``); flags ``el:<n>`` the elephant CU going in, ``by:<general>`` the interceptors."""

    @staticmethod
    def legal(s: State, f: Frame) -> list:
        mv = mover(s)
        if "gens_done" not in f.flags:
            out: list = [ChooseGeneral(general=g) for g in army_generals(mv)
                         if g not in f.generals and _split_completable(s, mv, f.generals + [g])]
            if _split_range(s, mv, f.generals) is not None:
                out.append(Pass())
            return out
        if "cu_done" not in f.flags:
            lo, hi = _split_range(s, mv, f.generals) or (0, -1)
            return [ChooseNumber(number=n) for n in range(lo, hi + 1)]
        lo, hi = _split_elephants(mv, f.count)
        return [ChooseNumber(number=e) for e in range(lo, hi + 1)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        three_part_answer(f, cmd)
        advance_split(ctx, f)


def _split_elephants(mv: Frame, n: int) -> tuple[int, int]:
    """The elephant CU among ``n`` CU going into the city."""
    return max(0, n - (mv.count - mv.nums[0])), min(mv.nums[0], n)


def advance_split(ctx: Ctx, f: Frame) -> None:
    """Skip the steps that leave no choice; carry the split out when it is chosen."""
    s = ctx.s
    mv = mover(s)
    el = three_part_settled(f, lambda: any(isinstance(c, ChooseGeneral) for c in SplitBack.legal(s, f)),
                            lambda: _split_range(s, mv, f.generals) or (0, 0), lambda n: _split_elephants(mv, n))
    if el is None:
        return
    ctx.done(f)
    x = f.space
    gin = list(f.generals)
    gout = [g for g in army_generals(mv) if g not in gin]
    if f.count or gin:
        ctx.emit(ev.UnitsMoved(side=mv.seat, origin=x, space=x, count=f.count, elephants=el, generals=tuple(gin),
                               from_inside=False, to_inside=True, how="enter_city"))
        consuls_meet(ctx, gin, x, True)  # §18.2: into the city where the other consul stands (G60)
    # the part that went in is spent for the campaign (§10.11: it stepped back)
    if gin:
        campaign_record(s, Frame(kind="move", seat=mv.seat, general=gin[0], generals=gin[1:], space=x,
                                 count=f.count, nums=list(mv.nums), flags=list(mv.flags)), spent=True)
    elif f.count:
        campaign_record(s, mv, spent=True, cu=f.count, space=x)
    mv.count -= f.count
    mv.nums[0] -= el
    back = [fl for fl in f.flags if fl == "failed_avoid" or fl.startswith("by:")]
    chief_in = mv.general not in gout
    if chief_in:
        mv.general = max(gout, key=lambda g: (B.rank(s, g), s.gens[g].stamp, g))
        top_rank = B.rank(s, mv.general)
        equals = [g for g in gout if B.rank(s, g) == top_rank]
        if len(equals) > 1 and mv.count > 0:
            # §9.3: the commander went into the city; the owner names who leads the ships (G59)
            mv.generals = [g for g in gout if g != mv.general]
            ctx.push(Frame(kind="left_command", seat=mv.seat, space=x, generals=equals, flags=["ships", *back]))
            return
    mv.generals = [g for g in gout if g != mv.general]
    sail_back(ctx, mv, x, back)
    if gin and not chief_in:
        ask_left_command(ctx, mv.seat, x, True, dropped=gin)  # §9.3: the city's part (G59)


@entry("sail_back")
def sail_back(ctx: Ctx, mv: Frame, x: str, flags: list[str]) -> None:
    """The ships' part of a split goes back to its port (§12.5, §12.8)."""
    step_back(ctx, mv, x, sea=True, failed_avoid="failed_avoid" in flags,
              interceptors=[fl[3:] for fl in flags if fl.startswith("by:")])
