"""Activation and the march (§10): forming the army (§10.2), moving it space by space, crossing
passes and straits (§10.6), dropping and picking up CU (§10.8, §10.9), stopping, and the end of
the activation. The other parts of a move are their own modules: naval movement (``naval``), the
reaction to each space entered (``reaction``, ``interception``, ``avoidance``), sieges (``siege``).

The ``move`` frame is the army on the march: ``general`` its commander, ``space`` where it is,
``origin`` the space it came from, ``mp`` the movement points left, ``count`` its CU,
``generals`` its subordinates, ``nums`` = [elephant CU, CU it may take by sea, MP at the start],
``spaces`` = [port it sailed from], ``flags`` (``sailed``, ``moved``, ``stepped_back``,
``failed:<general>`` a general who missed an interception, ``failed_cu:<space>:<n>`` the CU that
missed one from that space (both may not avoid this army, §12.10), ``pursuit_due`` the enemy
avoided and the army has not rolled to move on, ``consul_drop`` both consuls set out from 10 CU …).
"""

from __future__ import annotations

from . import board as B
from . import events as ev
from .army import (LAND_LINKS, PASS_LINKS, army_generals, army_stack, can_go_on, closed_link, consuls_in, cu_range,
                   held_by_consular_army, lone_enemy_general, stop_forbidden, third_or_fourth)
from .avoidance import pursuit
from .campaign import (campaign_join, campaign_of, campaign_record, campaign_record_general, campaign_spend_sortie,
                       campaign_take, slowed, used_generals)
from .cards import charm_leaves, counters_for, play_counter
from .command import ask_consul_command, departed
from .commands import ChooseGeneral, ChooseNumber, ChooseOption, ChooseSpace, Pass, PlayCounter
from .components import GENERALS, RemoveEnemyPc, link_between
from .events import Frame
from .flow import Ctx, automatic, decision, entry, three_part_answer
from .forces import pass_attrition
from .naval import can_sail
from .reaction import legal_after_stop
from .siege import siege_roll, siege_target
from .siege_train import move_siege_train, train_here
from .state import CARTHAGE, SIDE_NAMES, State, other


def activatable(s: State, side: int, ops: int) -> list[str]:
    """Generals an ops card of value ``ops`` may activate: strategy rating at most ``ops`` (§8.2)."""
    out = []
    for g in B.generals_on_map(s, side):
        if GENERALS[g].strategy <= ops:
            out.append(g)
    return out


@entry("activation")
def start_activation(ctx: Ctx, side: int, gid: str, *, card: int, naval_cu: int, mp: int = 4,
                     flags: tuple[str, ...] = ()) -> None:
    g = ctx.s.gens[gid]
    f = Frame(kind="form_army", seat=side, general=gid, space=g.where, card=card, mp=mp,
              nums=[naval_cu], flags=list(flags) + (["inside"] if g.inside else []))
    ctx.push(f)
    advance_form(ctx, f)


@decision("form_army", "form the army: take subordinates, then choose how many CU go (§10.2)")
class FormArmy:
    @staticmethod
    def _eligible(s: State, f: Frame) -> list[str]:
        out = []
        for g in B.generals_at(s, f.seat, f.space, "inside" in f.flags):
            if g != f.general and g not in f.generals and not B.outranks(s, g, f.general):
                out.append(g)
        return out

    @staticmethod
    def _must_take(s: State, f: Frame) -> list[str]:
        """§18.1: a consul leaves the other behind only from a stack of at least 10 CU."""
        total, _ = army_stack(s, f)
        if f.general in consuls_in(s, [f.general]) and total < 10:
            return [g for g in FormArmy._eligible(s, f) if g in consuls_in(s, [g])]
        return []

    @staticmethod
    def _range(s: State, f: Frame) -> tuple[int, int]:
        total, _ = army_stack(s, f)
        inside = "inside" in f.flags
        moving = [f.general, *f.generals]
        staying = [g for g in B.generals_at(s, f.seat, f.space, inside) if g not in moving]
        lo, hi = cu_range(s, total, moving, staying)
        if "pirates" in f.flags:  # card 50: up to 5 CU go
            hi = min(hi, f.nums[0])
            lo = min(lo, hi)
        return lo, hi

    @staticmethod
    def legal(s: State, f: Frame) -> list:
        if "gens_done" not in f.flags:
            must = FormArmy._must_take(s, f)
            out: list = [ChooseGeneral(general=g) for g in FormArmy._eligible(s, f)]
            if not must:
                out.append(Pass())
            return out
        if "cu_done" not in f.flags:
            lo, hi = FormArmy._range(s, f)
            return [ChooseNumber(number=n) for n in range(lo, hi + 1)]
        total, el = army_stack(s, f)
        n = f.count
        return [ChooseNumber(number=e) for e in range(max(0, n - (total - el)), min(el, n) + 1)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        three_part_answer(f, cmd)
        advance_form(ctx, f)


def advance_form(ctx: Ctx, f: Frame) -> None:
    """Skip the steps of forming the army that leave no choice (the consul §18.1 makes go along is
    taken unasked, G56); start the march when formed."""
    s = ctx.s
    if "gens_done" not in f.flags:
        f.generals.extend(FormArmy._must_take(s, f))
        if FormArmy._eligible(s, f) or FormArmy._must_take(s, f):
            return
        f.flags.append("gens_done")
    if "cu_done" not in f.flags:
        lo, hi = FormArmy._range(s, f)
        if lo != hi:
            return
        f.count = lo
        f.flags.append("cu_done")
    el = next((int(x[3:]) for x in f.flags if x.startswith("el:")), -1)
    if el < 0:
        total, have = army_stack(s, f)
        lo, hi = max(0, f.count - (total - have)), min(have, f.count)
        if lo != hi:
            return
        el = lo
    ctx.done(f)
    inside = "inside" in f.flags
    ctx.emit(ev.CommandTaken(general=f.general))
    camp = campaign_of(s)
    mp, base_used = f.mp, 0
    if camp is not None and "campaign" in f.flags:
        base_used = campaign_take(s, camp, f, f.count)
        cap = f.mp if base_used == 0 else 4  # Nero's 6 only for units that move with him alone (§10.12)
        mp = max(0, cap - base_used)
    flags = ["inside"] if inside else []
    if len(consuls_in(s, [f.general, *f.generals])) == 2 and army_stack(s, f)[0] >= 10:
        flags.append("consul_drop")  # §18.1: both consuls set out from 10 CU or more
    flags += [x for x in f.flags if x in ("campaign", "forced", "event", "native_guides", "charm", "double_sail",
                                           "pirates")]
    if f.seat == CARTHAGE and f.count > 0 and train_here(s, f.space):
        flags.append("train")  # the siege train goes with the army unless left (#30)
    flags += ["took:" + g for g in (f.general, *f.generals)]  # they leave this stack as the army sets out (G59)
    ctx.push(Frame(kind="move", seat=f.seat, general=f.general, space=f.space, card=f.card, mp=mp,
                   count=f.count, generals=list(f.generals), nums=[el, f.nums[0], mp, base_used], flags=flags))


def land_moves(s: State, f: Frame) -> list[tuple[str, int]]:
    side = f.seat
    if "inside" in f.flags and B.cu_outside(s, other(side), f.space) > 0:
        return []  # inside walls with the enemy outside: only a sortie (ruling in RULES.md)
    if held_by_consular_army(s, f):
        return []
    out = []
    # confined_ok and counsel_ok, asked of each neighbour, with what they ask of the army once
    confined = []
    for g in army_generals(f):
        c = GENERALS[g].confined_to
        if c is not None:
            confined.append(c)
    counsel = f.count != 0 and s.markers.get("counsel_" + SIDE_NAMES[side])
    from_africa = B.country(f.space) == "africa"
    for nb, cost, crossing, closed in LAND_LINKS[f.space]:
        if cost > f.mp:
            continue
        if crossing and not B.crossing_allowed(s, side, f.space, nb):
            continue
        if confined and any(B.country(nb) != c for c in confined):
            continue
        if counsel and from_africa != (B.country(nb) == "africa"):
            continue
        if closed in f.flags:
            continue  # card 41 shut this pass or strait to the army (§25 #41)
        if cost == 2 and third_or_fourth(f.nums[2] - f.mp) and slowed(s, f):
            continue  # card 41 declared against this army's campaign (§25 #41)
        if f.count == 0:
            if B.cu_outside(s, other(side), nb) > 0:
                continue  # §10.4: a general without an army never enters enemy CU
            if lone_enemy_general(s, side, nb) and not can_go_on(s, f, nb, f.mp - cost):
                continue  # §10.4: nor stops where an enemy general stands alone: he must be able to go on
        out.append((nb, cost))
    return out


@decision("move", "move the active army: a space, by sea, drop or pick up, siege, or stop (§10-§11)")
class Move:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        if "pursuit_due" in f.flags:  # §13.4: no move on, by land or sea, before the pursuit roll
            out = [c for c in Move._legal(s, f) if not isinstance(c, ChooseSpace)
                   and getattr(c, "option", "") not in ("sail", "remove_pc")]
            return [ChooseOption(option="pursue")] + out
        return Move._legal(s, f)

    @staticmethod
    def _legal(s: State, f: Frame) -> list:
        if "charm_pending" in f.flags:  # card 28: the PC goes as Hannibal leaves; leave, or take it back
            out = [ChooseSpace(space=sp) for sp, _ in land_moves(s, f)]
            if can_sail(s, f):
                out.append(ChooseOption(option="sail"))
            return out + [ChooseOption(option="keep_pc")]
        out: list = []
        if "pirates" not in f.flags:
            for sp, _ in land_moves(s, f):
                out.append(ChooseSpace(space=sp))
        if "stepped_back" in f.flags:
            out = []
        elif can_sail(s, f):
            out.append(ChooseOption(option="sail"))
        if "inside" in f.flags and B.cu_outside(s, other(f.seat), f.space) > 0 and f.count > 0:
            out.append(ChooseOption(option="sortie"))
        if "stepped_back" not in f.flags:
            army = army_generals(f)
            # the generals of the stack here that are not the army's, asked once for both uses
            others = [g for g in B.generals_at(s, f.seat, f.space, "inside" in f.flags) if g not in army]
            if f.count > _keep(s, f):
                out.append(ChooseOption(option="drop"))
            if _pick_max(s, f, others) > 0:
                out.append(ChooseOption(option="pick_up"))
            for g in f.generals:
                if _may_drop(s, f, g):
                    out.append(ChooseGeneral(general=g))  # drop a subordinate here
            if f.mp > 0:
                for g in others:
                    if not B.outranks(s, g, f.general):
                        out.append(ChooseGeneral(general=g))  # pick up a general (§10.8)
        target = siege_target(s, f)
        if target:
            out.append(ChooseOption(option=target))
        if _charm_may_remove(s, f):
            out.append(ChooseOption(option="remove_pc"))  # card 28
        if _hanno_may_remove(s, f):
            out.append(ChooseOption(option="mark_pc"))  # Hanno's ability (§24)
        if "train" in f.flags:
            out.append(ChooseOption(option="leave_train"))  # card 30
        elif f.seat == CARTHAGE and f.count > 0 and train_here(s, f.space):
            out.append(ChooseOption(option="take_train"))
        if not stop_forbidden(s, f) or not out:
            out.append(Pass())
        return out

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        s = ctx.s
        if isinstance(cmd, Pass):
            end_move(ctx, f)
        elif isinstance(cmd, ChooseSpace):
            ln = link_between(f.space, cmd.space)
            opponent = other(f.seat)
            if ln.kind != "ordinary" and ctx.s.hands[opponent]:
                ctx.push(Frame(kind="cross", space=cmd.space),
                         Frame(kind="pass_window", seat=opponent, space=cmd.space))
            else:
                march(ctx, f, cmd.space)
        elif isinstance(cmd, ChooseGeneral):
            if cmd.general in f.generals:
                f.generals.remove(cmd.general)
                campaign_record_general(s, f, cmd.general)  # he keeps the spaces he moved (§10.11)
                _toggle(f, "took:" + cmd.general, "dropped:" + cmd.general)  # (G59)
            else:
                camp = campaign_of(s)
                if camp is not None and "campaign" in f.flags:
                    campaign_join(f, used_generals(camp).get(cmd.general, 0))
                f.generals.append(cmd.general)
                _toggle(f, "dropped:" + cmd.general, "took:" + cmd.general)
        elif cmd.option == "pursue":
            f.flags.remove("pursuit_due")
            pursuit(ctx, f)
            if f.mp <= 0 and not legal_after_stop(s, f):
                end_move(ctx, f)
        elif cmd.option == "sail":
            ctx.push(Frame(kind="sail_to", seat=f.seat))
        elif cmd.option == "leave_train":
            f.flags.remove("train")
        elif cmd.option == "take_train":
            f.flags.append("train")
        elif cmd.option == "remove_pc":
            f.mp -= 1  # paid now; the PC goes when he leaves (charm_leaves)
            f.flags.append("charm_pending")
        elif cmd.option == "keep_pc":
            f.mp += 1
            f.flags.remove("charm_pending")
        elif cmd.option == "mark_pc":
            f.spaces = [f.space]
            f.flags.append("pc_marked")
        elif cmd.option in ("drop", "pick_up"):
            ctx.push(Frame(kind="drop_pick", seat=f.seat, flags=[cmd.option]))
        elif cmd.option == "sortie":
            ctx.done(f)
            campaign_spend_sortie(s, f.seat, f.space)  # §10.11: the battle takes the whole garrison (fighting_cu)
            ctx.begin("battle", f.seat, f.space, origin=f.space, sortie_from_inside=True, army=f)
        elif cmd.option in ("siege", "submission"):
            ctx.done(f)
            camp = campaign_of(s)
            if camp is not None:
                camp.flags.append("rolled:" + f.space)
            campaign_record(s, f, spent=True)
            siege_roll(ctx, f.seat, f.space, f.general, cmd.option)
            finish_activation(ctx, f)


def _toggle(f: Frame, undo: str, do: str) -> None:
    """A general dropped where the army took him (or taken back where it dropped him) is back where
    he was: nothing to settle when it leaves (G59)."""
    if undo in f.flags:
        f.flags.remove(undo)
    else:
        f.flags.append(do)


# Card 28 (§25): Hannibal may remove the Roman PC of the space he departs from by spending one MP
# more. The rulebook ties the removal to leaving ("son espace de départ"): he declares it
# (``remove_pc``, the MP is paid, flag ``charm_pending``), then must leave by land or sea, or take
# the declaration back (``keep_pc``, the MP is refunded). The PC goes when he leaves; if the sea leg
# is cancelled or turned back he has not left, and it stays.
def _charm_may_remove(s: State, f: Frame) -> bool:
    if "charm" not in f.flags or "stepped_back" in f.flags or f.mp < 1:
        return False
    if not (B.enemy_pc(s, f.seat, f.space) and B.is_plain_pc(s, f.space)):
        return False
    f.mp -= 1  # can he still leave once the MP is paid?
    try:
        return bool(land_moves(s, f)) or can_sail(s, f)
    finally:
        f.mp += 1


def _may_drop(s: State, f: Frame, g: str) -> bool:
    """§10.9 with §18.1: a consul is dropped on the way only by an army holding both consuls that set
    out from a space with at least 10 CU (flag ``consul_drop``), and only where 5 CU stay with him."""
    if not consuls_in(s, [g]):
        return True
    u = B.cu_of(s, f.seat, f.space)
    here = u.icu if "inside" in f.flags else u.cu
    return "consul_drop" in f.flags and here - f.count >= 5


def _pick_max(s: State, f: Frame, others: list[str] | None = None) -> int:
    """CU the army may pick up where it stands (§10.2: up to 10 in all; §18.1: a consul of the
    stack it passes keeps 5 CU, or all he has if fewer). ``others``: the generals of that stack
    not in the army, when the caller has them."""
    u = B.cu_of(s, f.seat, f.space)
    staying = (u.icu if "inside" in f.flags else u.cu) - f.count
    if others is None:
        army = army_generals(f)
        others = [g for g in B.generals_at(s, f.seat, f.space, "inside" in f.flags) if g not in army]
    if consuls_in(s, others):
        staying -= min(5, staying)
    return max(0, min(staying, 10 - f.count))


def _keep(s: State, f: Frame) -> int:
    """CU the army must keep: a consular army never drops below 5 voluntarily (§18.1)."""
    if consuls_in(s, army_generals(f)):
        return min(5, f.count)
    return 0


@decision("drop_pick", "how many CU to drop here, or to pick up here (§10.2)")
class DropPick:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        mv = s.flow[-2]
        if "drop" in f.flags:
            return [ChooseNumber(number=n) for n in range(1, mv.count - _keep(s, mv) + 1)]
        return [ChooseNumber(number=n) for n in range(1, _pick_max(s, mv) + 1)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        mv = ctx.top
        if "drop" in f.flags:
            mv.count -= cmd.number  # plain CU are dropped first
            campaign_record(ctx.s, mv, cu=cmd.number, space=mv.space)
        else:
            camp = campaign_of(ctx.s)
            if camp is not None and "campaign" in mv.flags:
                campaign_join(mv, campaign_take(ctx.s, camp, mv, mv.count + cmd.number))  # (fresh CU first)
            mv.count += cmd.number  # plain CU are picked up first
        fix_elephants(ctx.s, mv)


def fix_elephants(s: State, mv: Frame) -> None:
    """The army's elephant CU after it dropped or picked up CU: plain CU go first (ruling G5), as
    far as the stack where it stands has plain CU."""
    u = B.cu_of(s, mv.seat, mv.space)
    here, el = (u.icu, u.iel) if "inside" in mv.flags else (u.cu, u.el)
    mv.nums[0] = min(max(mv.nums[0], mv.count - (here - el)), el, mv.count)


@decision("pass_window", "play a counter-event against this pass or strait crossing (Adverse Elements), or pass")
class PassWindow:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [PlayCounter(card=c) for c in counters_for(s, f.seat, "enemy_pass_crossing")] + [Pass()]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        if isinstance(cmd, PlayCounter):
            play_counter(ctx, f.seat, cmd.card)


@automatic("cross")
def cross(ctx: Ctx, f: Frame) -> None:
    """Card 41 at a pass or strait: the army may not cross with its 3rd or 4th MP (§25 #41)."""
    ctx.done(f)
    mv = ctx.top
    if "weather" in mv.flags:
        mv.flags.remove("weather")
        if third_or_fourth(mv.nums[2] - mv.mp):
            mv.flags.append(closed_link(mv.space, f.space))  # this pass stays shut for the whole move
            return
    march(ctx, mv, f.space)


def march(ctx: Ctx, mv: Frame, dest: str) -> None:
    """One land step (§10.2): pay its MP, roll pass attrition (§10.6), then the reaction phase."""
    ln = link_between(mv.space, dest)
    cost = 1 if ln.kind == "ordinary" else 2
    origin = mv.space
    was_inside = "inside" in mv.flags
    charm_leaves(ctx, mv, origin)
    ctx.emit(ev.UnitsMoved(side=mv.seat, origin=origin, space=dest, count=mv.count, elephants=mv.nums[0],
                           generals=tuple(army_generals(mv)), from_inside="inside" in mv.flags, to_inside=False,
                           how="march"))
    mv.flags = [x for x in mv.flags if x != "inside"]
    if "moved" not in mv.flags:
        mv.flags.append("moved")
    mv.origin, mv.space = origin, dest
    mv.mp -= cost
    if "train" in mv.flags:
        if ln.kind == "alpine_pass" or mv.count == 0:
            mv.flags.remove("train")  # it never crosses an alpine pass, nor goes without CU (#30)
        else:
            move_siege_train(ctx, dest)
    if ln.kind in PASS_LINKS and mv.count > 0:
        pass_attrition(ctx, mv, ln.kind)
    ctx.begin("enter", mv, by_sea=False)
    departed(ctx, mv, origin, was_inside)  # asked first: the stack it left (G59)


def _hanno_may_remove(s: State, f: Frame) -> bool:
    """Hanno (§24, reconstructed ability): once per activation, the Roman plain PC of a space his
    army entered in Africa; it is removed when the move ends, and lost if his army starts a battle."""
    eff = B.effect(f.general)
    return (isinstance(eff, RemoveEnemyPc) and "pc_marked" not in f.flags and "moved" in f.flags
            and (eff.country is None or B.country(f.space) == eff.country)
            and B.enemy_pc(s, f.seat, f.space) and B.is_plain_pc(s, f.space))


@entry("end_move")
def end_move(ctx: Ctx, mv: Frame) -> None:
    ctx.done(mv)
    campaign_record(ctx.s, mv, spent=bool({"stepped_back", "pursuit_failed"} & set(mv.flags)))
    if "pc_marked" in mv.flags and mv.spaces and B.is_plain_pc(ctx.s, mv.spaces[0]) \
            and B.enemy_pc(ctx.s, mv.seat, mv.spaces[0]):
        ctx.emit(ev.ControlChanged(space=mv.spaces[0], side=-1, cause="ability"))
    finish_activation(ctx, mv, popped=True)


def finish_activation(ctx: Ctx, mv: Frame, popped: bool = True) -> None:
    """The activation is over: the active general takes command where he stopped (§10.8)."""
    s = ctx.s
    g = s.gens.get(mv.general)
    if g is not None and g.status == "map":
        others = [x for x in B.generals_at(s, mv.seat, g.where, g.inside) if x != mv.general]
        if not any(B.outranks(s, x, mv.general) for x in others):
            ctx.emit(ev.CommandTaken(general=mv.general))
            if consuls_in(s, [mv.general]) and [x for x in consuls_in(s, others) if x not in mv.generals]:
                ask_consul_command(ctx, g.where, g.inside)  # §18.2: the consuls' armies joined
