"""The reaction phase (§10.3-§10.5, §10.7): the army entered a space; the other side declares its
CU inside or outside the walls, tries to intercept or to avoid battle or plays a counter-event;
then what the space holds is settled: overrun, battle, neutralized generals, or the move goes on.
A battle begins through the ``battle`` entry and the move ends through ``end_move`` (march), both
asked for by name."""

from __future__ import annotations

from . import board as B
from . import events as ev
from .army import army_generals, consuls_in, mover
from .avoidance import advance_avoid, avoid_flag, avoid_possible
from .campaign import campaign_record
from .cards import counters_for, play_counter
from .command import ask_left_command, intercept_command_choices, left_command_choices
from .commands import ChooseGeneral, ChooseNumber, ChooseOption, Pass, PlayCounter
from .events import Frame
from .flow import Ctx, automatic, decision, entry
from .forces import lose_cu, neutralize
from .interception import TRIBE_PROVINCE_SPACES, advance_intercept, interceptors
from .siege import siege_target
from .state import State, other


@entry("enter")
def enter(ctx: Ctx, mv: Frame, by_sea: bool) -> None:
    """The army entered ``mv.space``: the other side's reaction phase (§10.3), then what the space
    holds (interception outcome, overrun, battle, neutralized generals)."""
    s = ctx.s
    x = mv.space
    n = other(mv.seat)
    ctx.push(Frame(kind="after_enter", seat=-1, space=x, flags=["sea"] if by_sea else []))
    if B.is_city_space(x) and not B.besieged(s, x) and mv.count > 0 and _walls_of(s, n, x) and (
            B.cu_total(s, n, x) > 0 or B.generals_at(s, n, x, None)):
        ctx.push(Frame(kind="city_declare", seat=n, space=x))  # step 1; it opens step 2 when answered
    else:
        open_reaction(ctx, mv, x)


def open_reaction(ctx: Ctx, mv: Frame, x: str) -> None:
    """§10.3 step 2, once the walls are declared: ask the other side for its interceptions and
    avoidance if it has any (an army declared outside the walls may avoid, §13.5)."""
    s = ctx.s
    n = other(mv.seat)
    tribes = x in TRIBE_PROVINCE_SPACES and bool(s.hands[n])
    if interceptors(s, mv, x) or avoid_possible(s, mv, x) or tribes:
        ctx.push(Frame(kind="reaction", seat=n, space=x))


def _walls_of(s: State, side: int, x: str) -> bool:
    """May ``side`` shelter behind the walls of the city in ``x`` (§10.7)? Only its own city's; or it
    is there already (a city that lost its marker with a garrison inside keeps it)."""
    return B.friendly_pc(s, side, x) or B.cu_inside(s, side, x) > 0 or any(
        s.gens[g].inside for g in B.generals_at(s, side, x, None))


@decision("city_declare", "declare how many of your CU stand inside the city walls (§10.3, §10.7)")
class CityDeclare:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        total = B.cu_total(s, f.seat, f.space)
        cap = B.capacity(f.space)
        if total == 0:
            return [ChooseOption(option="generals_in"), ChooseOption(option="generals_out")]
        ks = range(0, min(cap, total) + 1)
        if consuls_in(s, B.generals_at(s, f.seat, f.space, None)):
            # §18.1: the generals stay outside unless every CU goes in, and a consul is never
            # left outside with fewer than 5 CU by choice
            ks = [k for k in ks if k == total or total - k >= min(5, total)]
        return [ChooseNumber(number=k) for k in ks]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        s = ctx.s
        side, sp = f.seat, f.space
        u = B.cu_of(s, side, sp)
        total, el = u.cu + u.icu, u.el + u.iel
        if isinstance(cmd, ChooseOption):
            k, gens_in = 0, cmd.option == "generals_in"
        else:
            k = cmd.number
            gens_in = k == total
        el_in = max(0, min(el, k - (total - el))) if k else 0  # elephants stay out unless needed
        # Bring everything out, then move k CU (and the generals) in.
        gens = B.generals_at(s, side, sp, None)
        if u.icu or any(s.gens[g].inside for g in gens):
            ctx.emit(ev.UnitsMoved(side=side, origin=sp, space=sp, count=u.icu, elephants=u.iel,
                                   generals=tuple(g for g in gens if s.gens[g].inside), from_inside=True,
                                   to_inside=False, how="leave_city"))
        if k or gens_in:
            ctx.emit(ev.UnitsMoved(side=side, origin=sp, space=sp, count=k, elephants=el_in,
                                   generals=tuple(gens) if gens_in else (), from_inside=False, to_inside=True,
                                   how="enter_city"))
        open_reaction(ctx, mover(s), sp)


@decision("reaction", "react to the enemy army entering this space: intercept, avoid battle, play a "
                      "counter-event, or pass (§10.3)")
class Reaction:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        mv = mover(s)
        out: list = []
        declared = set(f.generals)
        taken_stacks = {(s.gens[g].where, s.gens[g].inside) for g in declared}
        for g in interceptors(s, mv, f.space):
            if (s.gens[g].where, s.gens[g].inside) not in taken_stacks:
                out.append(ChooseGeneral(general=g))
        if "avoid" not in f.flags and avoid_possible(s, mv, f.space):
            out.append(ChooseOption(option="avoid"))
        out += [PlayCounter(card=c) for c in counters_for(s, f.seat, "enemy_movement") if "tribes" not in f.flags]
        out.append(Pass())
        return out

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        if isinstance(cmd, ChooseGeneral):
            ic = Frame(kind="intercept_cu", seat=f.seat, general=cmd.general)
            ctx.push(ic)
            advance_intercept(ctx, ic)
        elif isinstance(cmd, ChooseOption):
            av = Frame(kind="avoid_with", seat=f.seat, space=f.space)
            ctx.push(av)
            advance_avoid(ctx, av)
        elif isinstance(cmd, PlayCounter):
            f.flags.append("tribes")
            play_counter(ctx, f.seat, cmd.card)
        else:
            ctx.done(f)
            after = ctx.top  # the after_enter frame
            after.generals = list(f.generals)
            after.nums = list(f.nums)
            after.flags += [x for x in f.flags if x.startswith(("with:", "iel:", "avoid"))]


@automatic("after_enter")
def after_enter(ctx: Ctx, f: Frame) -> None:
    """Resolve the reaction: avoidance first, then each interception (§10.3), then the space."""
    s = ctx.s
    mv = mover(s)
    n = other(mv.seat)
    x = f.space
    if "avoid" in f.flags and "avoid_done" not in f.flags:
        f.flags.append("avoid_done")
        # §13.1 rolls the commander's rating; when a subordinate avoids (§13.3) he commands the
        # force that tries (G53)
        lead = (avoid_flag(f, "avoid_by") or [B.commander(s, n, x, False)])[0]
        bonus = B.roll_bonus(lead, "avoid_battle")
        _, res = ctx.die(n, "avoid", -bonus, lambda r: "success" if r <= B.battle_rating(lead) else "failure")
        if res == "success":
            cu = (avoid_flag(f, "avoid_cu") or ["0"])[0]
            el = (avoid_flag(f, "avoid_el") or ["0"])[0]
            ctx.push(Frame(kind="avoid_to", seat=n, space=x, general=lead, generals=avoid_flag(f, "avoid_with"),
                           count=int(cu), nums=[int(el)]))
            return
        f.flags.append("failed_avoid")
    if f.generals:
        g, k = f.generals.pop(0), f.nums.pop(0)
        st = s.gens[g]
        if st.status != "map":
            return
        bonus = (1 if B.enemy_pc(s, n, x) and B.cu_total(s, n, x) == 0 else 0) - B.roll_bonus(g, "interception")
        _, res = ctx.die(n, "interception:" + g, bonus,
                         lambda r: "success" if r <= B.battle_rating(g) else "failure")
        if res == "success":
            u = B.cu_of(s, n, st.where)
            inside = st.inside
            have, el = (u.icu, u.iel) if inside else (u.cu, u.el)
            k = min(k, have)
            chosen = next((int(fl.split(":")[2]) for fl in f.flags if fl.startswith("iel:" + g + ":")), 0)
            el_go = min(max(chosen, k - (have - el)), el, k)
            subs = tuple(fl.split(":")[2] for fl in f.flags if fl.startswith("with:" + g + ":")
                         and s.gens[fl.split(":")[2]].where == st.where and s.gens[fl.split(":")[2]].status == "map")
            origin = st.where
            ctx.emit(ev.UnitsMoved(side=n, origin=origin, space=x, count=k, elephants=el_go, generals=(g, *subs),
                                   from_inside=inside, to_inside=False, how="intercept"))
            f.flags.append("intercepted:" + g)
            ask_left_command(ctx, n, origin, inside, took=(g, *subs))  # §9.3: the stack it left (G59)
        else:
            # §12.10, §13.2: the generals who missed may not avoid this army (G53)
            missed = [g] + [fl.split(":")[2] for fl in f.flags if fl.startswith("with:" + g + ":")]
            mv.flags += ["failed:" + h for h in missed] + ["failed_cu:%s:%d" % (st.where, k)]
        return
    intercepted = [fl.split(":", 1)[1] for fl in f.flags if fl.startswith("intercepted:")]
    if "cmd_left" in f.flags:
        f.flags.remove("cmd_left")
        # §9.3: the commander avoided battle; the owner names who commands the force left behind among
        # its highest-ranking generals (G57); a successful interception's own question covers it (G55)
        choices = [] if intercepted else left_command_choices(s, n, x)
        if len(choices) > 1:
            ctx.push(Frame(kind="avoid_command", seat=n, space=x, generals=choices))
            return
    ctx.done(f)
    if intercepted and mv.count > 0 and B.cu_outside(s, n, x) > 0:
        ctx.push(Frame(kind="intercepted", seat=mv.seat, space=x, generals=intercepted,
                       flags=[fl for fl in ("sea", "failed_avoid") if fl in f.flags]))
        choices = intercept_command_choices(s, n, x, intercepted, f)
        if len(choices) > 1:
            ctx.push(Frame(kind="intercept_command", seat=n, space=x, generals=choices))
        else:
            ctx.emit(ev.CommandTaken(general=choices[0]))
        return
    if mv.count == 0 and B.cu_outside(s, n, x) > 0:
        # §10.10: a general without CU caught by an enemy army (here, an interception) is neutralized
        ctx.done(mv)
        for g in army_generals(mv):
            neutralize(ctx, g, "intercepted")
        return
    resolve_space(ctx, mv, x, failed_avoid="failed_avoid" in f.flags, avoided="avoided" in f.flags)


@entry("resolve_space")
def resolve_space(ctx: Ctx, mv: Frame, x: str, *, failed_avoid: bool = False, avoided: bool = False,
                  intercepted_by: list[str] | None = None) -> None:
    s = ctx.s
    n = other(mv.seat)
    enemy = B.cu_outside(s, n, x)
    if mv.count > 0:
        for g in B.generals_at(s, n, x, False):
            if enemy == 0:
                neutralize(ctx, g, "overrun")
    if enemy == 0:
        if avoided and mv.mp > 0:
            mv.flags.append("pursuit_due")  # the army rolls to move on, or stops (§13.4)
        if mv.mp <= 0 and not legal_after_stop(s, mv):
            ctx.begin("end_move", mv)
        return
    if enemy == 1 and mv.count >= 5 and not B.generals_at(s, n, x, False) and not intercepted_by:
        lose_cu(ctx, n, x, 1, "overrun")  # §10.5
        if avoided and mv.mp > 0:
            mv.flags.append("pursuit_due")  # the army that avoided left this CU behind (§13.2, §13.4)
        if mv.mp <= 0 and not legal_after_stop(s, mv):
            ctx.begin("end_move", mv)
        return
    ctx.done(mv)  # the move frame: a battle ends the activation (§10.2 step 7)
    campaign_record(ctx.s, mv, spent=True)
    ctx.begin("battle", mv.seat, x, origin=mv.origin, army=mv, failed_avoid=failed_avoid,
              interceptors=intercepted_by or [])


def legal_after_stop(s: State, mv: Frame) -> bool:
    return bool(siege_target(s, mv))
