"""Activation and movement (§9-§13, §18): forming the army, moving space by space or by sea, the
other side's reaction to each space entered (city, interception, avoiding battle), pursuit,
overrun, and the siege or submission roll that may end a move (§20).

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
from .commands import ChooseGeneral, ChooseNumber, ChooseOption, ChooseSpace, Pass, PlayCounter
from .components import (GENERALS, SPACES, TABLES, CampaignMove, NoPassAttrition, RemoveEnemyPc, SiegeModifier,
                         SiegePointsPerSuccess, link_between, modifier, naval_result, neighbours, port_modifier)
from .events import Frame
from .flow import Ctx, automatic, decision, three_part_answer, three_part_settled
from .options import EVERY_ARMY_ROLLS
from .state import CARTHAGE, OVER, ROME, SIDE_NAMES, State, other

# (cards uses this module only inside functions: imported here, not in each call, which costs
# about a microsecond each time, once per move on the way)
from . import cards as _cards  # noqa: E402

PASS_LINKS = ("alpine_pass", "pass")
NO_REACTION_LINKS = ("alpine_pass", "pass", "strait")  # §10.6: no interception, avoidance, retreat across these


# ------------------------------------------------------------------------------ activation
def activatable(s: State, side: int, ops: int) -> list[str]:
    """Generals an ops card of value ``ops`` may activate: strategy rating at most ``ops`` (§8.2)."""
    out = []
    for g in B.generals_on_map(s, side):
        if GENERALS[g].strategy <= ops:
            out.append(g)
    return out


def start_activation(ctx: Ctx, side: int, gid: str, *, card: int, naval_cu: int, mp: int = 4,
                     flags: tuple[str, ...] = ()) -> None:
    g = ctx.s.gens[gid]
    f = Frame(kind="form_army", seat=side, general=gid, space=g.where, card=card, mp=mp,
              nums=[naval_cu], flags=list(flags) + (["inside"] if g.inside else []))
    ctx.push(f)
    advance_form(ctx, f)


def _stack(s: State, f: Frame) -> tuple[int, int]:
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
        total, _ = _stack(s, f)
        if f.general in consuls_in(s, [f.general]) and total < 10:
            return [g for g in FormArmy._eligible(s, f) if g in consuls_in(s, [g])]
        return []

    @staticmethod
    def _range(s: State, f: Frame) -> tuple[int, int]:
        total, _ = _stack(s, f)
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
        total, el = _stack(s, f)
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
        total, have = _stack(s, f)
        lo, hi = max(0, f.count - (total - have)), min(have, f.count)
        if lo != hi:
            return
        el = lo
    ctx.done(f)
    inside = "inside" in f.flags
    ctx.emit(ev.CommandTaken(general=f.general))
    camp = _campaign_of(s)
    mp, base_used = f.mp, 0
    if camp is not None and "campaign" in f.flags:
        base_used = campaign_take(s, camp, f, f.count)
        cap = f.mp if base_used == 0 else 4  # Nero's 6 only for units that move with him alone (§10.12)
        mp = max(0, cap - base_used)
    flags = ["inside"] if inside else []
    if len(consuls_in(s, [f.general, *f.generals])) == 2 and _stack(s, f)[0] >= 10:
        flags.append("consul_drop")  # §18.1: both consuls set out from 10 CU or more
    flags += [x for x in f.flags if x in ("campaign", "forced", "event", "native_guides", "charm", "double_sail",
                                           "pirates")]
    if f.seat == CARTHAGE and f.count > 0 and _train_here(s, f.space):
        flags.append("train")  # the siege train goes with the army unless left (#30)
    flags += ["took:" + g for g in (f.general, *f.generals)]  # they leave this stack as the army sets out (G59)
    ctx.push(Frame(kind="move", seat=f.seat, general=f.general, space=f.space, card=f.card, mp=mp,
                   count=f.count, generals=list(f.generals), nums=[el, f.nums[0], mp, base_used], flags=flags))


# §10.11: in a campaign no CU or general moves more than 4 spaces in all, whichever generals move
# it; an army that fought, besieged, stepped back or failed a pursuit is spent. The campaign frame
# keeps what moved: flags "g:<general>:<used>" and "cu:<space>:<used>:<count>".
SPENT = 99


def _used_generals(camp: Frame) -> dict[str, int]:
    return {p[1]: int(p[2]) for p in (x.split(":") for x in camp.flags) if p[0] == "g"}


def campaign_has_moved(s: State) -> bool:
    """Troops of the campaign under way have already moved (card 41 comes too late, §25 #41)."""
    camp = _campaign_of(s)
    if camp is None:
        return False
    mv = _mover(s)
    if "campaign" in mv.flags and mv.nums[2] - mv.mp > 0:
        return True
    return any(v > 0 for v in _used_generals(camp).values()) or bool(_cu_buckets(camp))


def _cu_buckets(camp: Frame) -> list[tuple[str, int, int]]:
    return [(p[1], int(p[2]), int(p[3])) for p in (x.split(":") for x in camp.flags) if p[0] == "cu"]


def campaign_take(s: State, camp: Frame, f: Frame, n: int) -> int:
    """The movement the forming army's units have used in this campaign (the most any of them
    has): fresh CU go first (ruling G2); the CU it takes leave the campaign's records."""
    used = max((_used_generals(camp).get(g, 0) for g in [f.general, *f.generals]), default=0)
    u = B.cu_of(s, f.seat, f.space)
    here = (u.icu if "inside" in f.flags else u.cu)
    buckets = sorted((b for b in _cu_buckets(camp) if b[0] == f.space), key=lambda b: b[1])
    moved = sum(b[2] for b in buckets)
    need = max(0, n - max(0, here - moved))
    for sp, bu, cnt in buckets:
        if need <= 0:
            break
        take = min(need, cnt)
        need -= take
        used = max(used, bu)
        camp.flags.remove(f"cu:{sp}:{bu}:{cnt}")
        if cnt - take:
            camp.flags.append(f"cu:{sp}:{bu}:{cnt - take}")
    return used


def campaign_join(mv: Frame, took: int) -> None:
    """Units that used ``took`` MP in this campaign join the marching army: it may go on only as far
    as they still may (4 in all: Nero's 6 are for units that move with him alone, §10.11-§10.12).
    The army's used MP (``nums[3]`` + the MP spent in this move) becomes the most any unit used."""
    if took > 0:
        mv.mp = max(0, min(mv.mp, 4 - took))


def campaign_record_general(s: State, mv: Frame, g: str) -> None:
    """A general the marching army leaves (§10.9) keeps what he used of the campaign's 4 spaces."""
    camp = _campaign_of(s)
    if camp is None or "campaign" not in mv.flags:
        return
    used = mv.nums[3] + (mv.nums[2] - mv.mp)
    gens = _used_generals(camp)
    if g in gens:
        camp.flags.remove(f"g:{g}:{gens[g]}")
    camp.flags.append(f"g:{g}:{max(used, gens.get(g, 0))}")


def campaign_record(s: State, mv: Frame, spent: bool = False, cu: int | None = None, space: str = "") -> None:
    """Write down what the army's units used (all, if ``spent``); ``cu``/``space``: CU dropped."""
    camp = _campaign_of(s)
    if camp is None or "campaign" not in mv.flags:
        return
    used = SPENT if spent else mv.nums[3] + (mv.nums[2] - mv.mp)
    if cu is None:
        gens = _used_generals(camp)
        for g in army_generals(mv):
            if g in gens:
                camp.flags.remove(f"g:{g}:{gens[g]}")
            camp.flags.append(f"g:{g}:{max(used, gens.get(g, 0))}")
        cu, space = mv.count, mv.space
    if cu > 0 and used > 0:
        camp.flags.append(f"cu:{space}:{used}:{cu}")



def campaign_spend_sortie(s: State, side: int, space: str) -> None:
    """§10.11 with §20.7: the garrison that sorties to join a relief battle takes part in it, so its
    generals and CU are spent for the campaign under way, like the relief army itself."""
    camp = _campaign_of(s)
    if camp is None or camp.seat != side:
        return
    gens = _used_generals(camp)
    for g in B.generals_at(s, side, space, True):
        if g in gens:
            camp.flags.remove(f"g:{g}:{gens[g]}")
        camp.flags.append(f"g:{g}:{SPENT}")
    n = B.cu_inside(s, side, space)
    if n:
        camp.flags.append(f"cu:{space}:{SPENT}:{n}")


def campaign_spent_gone(s: State, side: int, space: str, cu: int) -> None:
    """§10.11: ``cu`` CU that fought in ``space`` in the campaign under way are no longer there (lost
    in the battle, or gone in a retreat or a withdrawal): the record of spent CU there shrinks with
    them, so that CU which did not fight (a garrison that stayed inside, folded outside once the
    siege ends) are not counted as spent in their place."""
    camp = _campaign_of(s)
    if camp is None or camp.seat != side or cu <= 0:
        return
    for sp, used, n in _cu_buckets(camp):
        if sp != space or used != SPENT or cu <= 0:
            continue
        take = min(n, cu)
        cu -= take
        camp.flags.remove(f"cu:{sp}:{used}:{n}")
        if n - take:
            camp.flags.append(f"cu:{sp}:{used}:{n - take}")


def campaign_spent_at(s: State, side: int, space: str, cu: int) -> None:
    """§10.11: CU that fought in the campaign under way and were moved off by the battle (a retreat or
    a withdrawal) stay spent where they arrive."""
    camp = _campaign_of(s)
    if camp is not None and camp.seat == side and cu > 0:
        camp.flags.append(f"cu:{space}:{SPENT}:{cu}")


# ------------------------------------------------------------------------------ the march
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


def _closed(a: str, b: str) -> str:
    """The move-frame flag of a pass or strait between ``a`` and ``b`` shut by card 41."""
    return "closed:" + "|".join(sorted((a, b)))


def third_or_fourth(used: int) -> bool:
    """Would a pass or strait (2 MP) crossed after ``used`` MP take the 3rd or 4th MP (§25 #41)?"""
    return bool({used + 1, used + 2} & {3, 4})


def slowed(s: State, f: Frame) -> bool:
    """The moving army holds the general card 41 named at the start of this campaign (G15)."""
    camp = _campaign_of(s)
    return camp is not None and "campaign" in f.flags and \
        any("adverse:" + g in camp.flags for g in army_generals(f))


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
    for nb, cost, crossing, closed in _LAND_LINKS[f.space]:
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
            if lone_enemy_general(s, side, nb) and not _can_go_on(s, f, nb, f.mp - cost):
                continue  # §10.4: nor stops where an enemy general stands alone: he must be able to go on
        out.append((nb, cost))
    return out


_LAND_LINKS = {sp: tuple((nb, 1 if link_between(sp, nb).kind == "ordinary" else 2,
                          bool(link_between(sp, nb).control_required), _closed(sp, nb)) for nb in neighbours(sp))
               for sp in SPACES}
"""Per space, each neighbour in ``neighbours``' order: the link's cost in MP (2 for a pass or a
strait, §10.1), whether crossing it asks for control of its ports (§10.6), and the move-frame flag
that card 41 would shut it with."""


def lone_enemy_general(s: State, side: int, sp: str) -> bool:
    """An enemy general stands alone (no enemy CU) outside the walls of ``sp`` (§10.4)."""
    return B.cu_outside(s, other(side), sp) == 0 and bool(B.generals_at(s, other(side), sp, False))


def _can_go_on(s: State, f: Frame, sp: str, mp: int, depth: int = 0) -> bool:
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
        if not confined_ok(f, nb) or _closed(sp, nb) in f.flags:
            continue
        if not lone_enemy_general(s, f.seat, nb) or _can_go_on(s, f, nb, mp - cost, depth + 1):
            return True
    return False


def stop_forbidden(s: State, f: Frame) -> bool:
    """§10.4: a general without CU may not end his move where an enemy general stands alone."""
    return f.count == 0 and "moved" in f.flags and lone_enemy_general(s, f.seat, f.space)


def can_sail(s: State, f: Frame) -> bool:
    if not f.nums[1] or f.count > f.nums[1] or f.mp < 3 or SPACES[f.space].port is None:
        return False
    if held_by_consular_army(s, f):
        return False
    if slowed(s, f):
        return False  # card 41 declared against this army: its sea leg would be cancelled (§25 #41)
    if "sailed" in f.flags and "double_sail" not in f.flags:
        return False
    if "inside" in f.flags and B.besieged(s, f.space):
        return False  # §11.3, §20.5
    if "inside" in f.flags and B.cu_outside(s, other(f.seat), f.space) > 0:
        return False
    return next(_sail_ports(s, f), None) is not None


def sail_ports(s: State, f: Frame) -> list[str]:
    return list(_sail_ports(s, f))


def _sail_ports(s: State, f: Frame):
    """The ports the army may sail to, one by one (``can_sail`` stops at the first)."""
    for sp, space in SPACES.items():
        if space.port is None or sp == f.space:
            continue
        if "pirates" in f.flags and "adriaticum" not in space.port.seas:
            continue  # card 50: an Adriatic port
        if not confined_ok(f, sp) or not counsel_ok(s, f, sp):
            continue
        if f.count == 0 and B.cu_outside(s, other(f.seat), sp) > 0:
            continue
        if f.count == 0 and lone_enemy_general(s, f.seat, sp) and not _can_go_on(s, f, sp, f.mp - 3):
            continue  # §10.4: he could not leave it
        yield sp


def siege_target(s: State, f: Frame) -> str:
    """'siege' or 'submission' if the army may roll against the city or tribe where it stands
    (§20.2): at least 3 CU there, outside the walls, no enemy CU outside, one roll per city or tribe
    per card (the campaign frame remembers); no siege roll during a Truce (#64)."""
    side, sp = f.seat, f.space
    if "inside" in f.flags or B.cu_outside(s, side, sp) < 3 or B.cu_outside(s, other(side), sp) > 0:
        return ""
    camp = _campaign_of(s)
    if camp is not None and ("rolled:" + sp) in camp.flags:
        return ""
    if sp in s.tribes and s.tribes[sp] != side:
        return "submission"
    if B.is_city_space(sp) and s.control.get(sp, -1) == other(side) and not s.markers.get("truce"):
        return "siege"
    return ""


def _campaign_of(s: State) -> Frame | None:
    for fr in reversed(s.flow):
        if fr.kind == "campaign":
            return fr
    return None


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
            if f.count > _keep(s, f):
                out.append(ChooseOption(option="drop"))
            if _pick_max(s, f) > 0:
                out.append(ChooseOption(option="pick_up"))
            for g in f.generals:
                if _may_drop(s, f, g):
                    out.append(ChooseGeneral(general=g))  # drop a subordinate here
            inside = "inside" in f.flags
            for g in B.generals_at(s, f.seat, f.space, inside):
                if g not in army_generals(f) and not B.outranks(s, g, f.general) and f.mp > 0:
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
        elif f.seat == CARTHAGE and f.count > 0 and _train_here(s, f.space):
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
                camp = _campaign_of(s)
                if camp is not None and "campaign" in f.flags:
                    campaign_join(f, _used_generals(camp).get(cmd.general, 0))
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
            from .battle import start_battle
            ctx.done(f)
            campaign_spend_sortie(s, f.seat, f.space)  # §10.11: the battle takes the whole garrison (fighting_cu)
            start_battle(ctx, f.seat, f.space, origin=f.space, sortie_from_inside=True, army=f)
        elif cmd.option in ("siege", "submission"):
            ctx.done(f)
            camp = _campaign_of(s)
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


def charm_leaves(ctx: Ctx, mv: Frame, origin: str) -> None:
    """Card 28: Hannibal leaves ``origin``: the PC he paid for goes."""
    if "charm_pending" in mv.flags:
        mv.flags.remove("charm_pending")
        if B.enemy_pc(ctx.s, mv.seat, origin) and B.is_plain_pc(ctx.s, origin):
            ctx.emit(ev.ControlChanged(space=origin, side=-1, cause="event"))


def charm_stays(mv: Frame) -> None:
    """Card 28: the move ends where it is (a cancelled or turned-back sea leg): nothing removed."""
    if "charm_pending" in mv.flags:
        mv.flags.remove("charm_pending")


def _train_here(s: State, space: str) -> bool:
    return _cards.siege_train_at(s) == space


def _may_drop(s: State, f: Frame, g: str) -> bool:
    """§10.9 with §18.1: a consul is dropped on the way only by an army holding both consuls that set
    out from a space with at least 10 CU (flag ``consul_drop``), and only where 5 CU stay with him."""
    if not consuls_in(s, [g]):
        return True
    u = B.cu_of(s, f.seat, f.space)
    here = u.icu if "inside" in f.flags else u.cu
    return "consul_drop" in f.flags and here - f.count >= 5


def _pick_max(s: State, f: Frame) -> int:
    """CU the army may pick up where it stands (§10.2: up to 10 in all; §18.1: a consul of the
    stack it passes keeps 5 CU, or all he has if fewer)."""
    u = B.cu_of(s, f.seat, f.space)
    staying = (u.icu if "inside" in f.flags else u.cu) - f.count
    army = army_generals(f)
    others = []
    for g in B.generals_at(s, f.seat, f.space, "inside" in f.flags):
        if g not in army:
            others.append(g)
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
            camp = _campaign_of(ctx.s)
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


@decision("sail_to", "the port to sail to (§11.1)")
class SailTo:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseSpace(space=sp) for sp in sail_ports(s, s.flow[-2])] + [Pass()]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        if isinstance(cmd, Pass):
            return
        mv = ctx.top
        camp = _campaign_of(ctx.s)
        if camp is not None:
            camp.flags.append("naval_used")
        ctx.push(Frame(kind="naval_crossing", space=cmd.space, seat=-1))
        opponent = other(mv.seat)
        if ctx.s.hands[opponent]:
            ctx.push(Frame(kind="naval_window", seat=opponent, space=cmd.space))


@decision("naval_window", "play a counter-event against this sea move (Storm at Sea, Adverse Elements), or pass")
class NavalWindow:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [PlayCounter(card=c) for c in _cards.counters_for(s, f.seat, "enemy_naval_move")] + [Pass()]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        if isinstance(cmd, PlayCounter):
            _cards.play_counter(ctx, f.seat, cmd.card)


@decision("pass_window", "play a counter-event against this pass or strait crossing (Adverse Elements), or pass")
class PassWindow:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [PlayCounter(card=c) for c in _cards.counters_for(s, f.seat, "enemy_pass_crossing")] + [Pass()]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        if isinstance(cmd, PlayCounter):
            _cards.play_counter(ctx, f.seat, cmd.card)


@automatic("cross")
def cross(ctx: Ctx, f: Frame) -> None:
    """Card 41 at a pass or strait: the army may not cross with its 3rd or 4th MP (§25 #41)."""
    ctx.done(f)
    mv = ctx.top
    if "weather" in mv.flags:
        mv.flags.remove("weather")
        if third_or_fourth(mv.nums[2] - mv.mp):
            mv.flags.append(_closed(mv.space, f.space))  # this pass stays shut for the whole move
            return
    march(ctx, mv, f.space)


@automatic("naval_crossing")
def naval_crossing(ctx: Ctx, f: Frame) -> None:
    """§11: a sea move costs 3 MP; Rome rolls on the naval combat table against every
    Carthaginian sea move (§11.5, §11.6), except during a Truce (#64)."""
    ctx.done(f)
    s = ctx.s
    mv = ctx.top
    if "weather" in mv.flags:  # Adverse Elements cancelled the sea leg (#41)
        mv.flags.remove("weather")
        mv.mp = 0
        charm_stays(mv)
        return
    if mv.count == 0 and "storm_lost_all" in mv.flags:
        mv.flags.remove("storm_lost_all")
        mv.mp = 0
        charm_stays(mv)
        return
    dest = f.space
    if mv.seat == CARTHAGE and not s.markers.get("truce") and "pirates" not in mv.flags:
        mod = naval_modifier(s, mv, dest)
        _, result = ctx.die(ROME, "naval", mod, naval_result)
        if result == "turned_back":
            mv.mp = 0
            charm_stays(mv)
            return
        if result == "sunk":
            charm_leaves(ctx, mv, mv.space)  # he did put to sea
            ctx.done(mv)  # the move ends
            if mv.count:
                from .turn import lose_cu
                lose_cu(ctx, mv.seat, mv.space, mv.count, "naval", elephant_first=mv.nums[0],
                        inside="inside" in mv.flags)
            from .turn import neutralize
            for g in army_generals(mv):
                neutralize(ctx, g, "naval")
            departed(ctx, mv, mv.space, "inside" in mv.flags)
            return
    origin = mv.space
    was_inside = "inside" in mv.flags
    charm_leaves(ctx, mv, origin)
    if "train" in mv.flags:
        mv.flags.remove("train")  # the siege train never goes by sea (#30): it stays in port
    mv.spaces = [origin]
    mv.mp -= 3
    mv.flags = [x for x in mv.flags if x != "inside"] + ["sailed", "moved"]
    ctx.emit(ev.UnitsMoved(side=mv.seat, origin=origin, space=dest, count=mv.count, elephants=mv.nums[0],
                           generals=tuple(army_generals(mv)), from_inside=False, to_inside=False, how="sail"))
    mv.origin = origin
    mv.space = dest
    enter(ctx, mv, by_sea=True)
    departed(ctx, mv, origin, was_inside)  # asked first: the stack it left (G59)


def naval_modifier(s: State, mv: Frame, dest: str) -> int:
    """§11.6: both ports' modifiers, -1 for a general alone or with one CU, +1 per port holding a
    Roman PC, -1 if Carthage controls Syracusae, -1 for Macedonia (#9), -1 for the naval victory (#29)."""
    t = TABLES.naval
    mod = port_modifier(mv.space) + port_modifier(dest)
    if mv.count <= t.small_force_max_cu:
        mod += modifier(t, "small_force")
    for port in (mv.space, dest):
        if s.control.get(port, -1) == ROME:
            mod += modifier(t, "roman_pc_in_port")
    if s.control.get("syracusae", -1) == CARTHAGE:
        mod += modifier(t, "carthage_controls_syracusae")
    if s.markers.get("macedonia"):
        mod += modifier(t, "macedonian_alliance")
    if s.markers.get("naval_victory"):
        mod += modifier(t, "naval_victory")
    return mod


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
            from .cards import move_siege_train
            move_siege_train(ctx, dest)
    if ln.kind in PASS_LINKS and mv.count > 0:
        pass_attrition(ctx, mv, ln.kind)
    enter(ctx, mv, by_sea=False)
    departed(ctx, mv, origin, was_inside)  # asked first: the stack it left (G59)


def pass_attrition(ctx: Ctx, mv: Frame, kind: str) -> None:
    """§10.6: an army rolls attrition after each pass, +0 alpine, -2 otherwise; Native Guides add -3
    (#5); Hasdrubal's army never rolls (reconstructed ability, G83) unless the option
    ``pass_attrition=every_army`` holds to §10.6's every army."""
    from .turn import attrition
    if isinstance(B.effect(mv.general), NoPassAttrition) and not ctx.s.markers.get(EVERY_ARMY_ROLLS):
        return
    t = TABLES.attrition
    mod = modifier(t, "alpine_pass" if kind == "alpine_pass" else "non_alpine_pass")
    if "native_guides" in mv.flags:
        mod += modifier(t, "native_guides")
    before = mv.count
    lost = attrition(ctx, mv.seat, mv.space, mv.count, mod, "pass")
    _army_lost(ctx, mv, lost, before)


def _army_lost(ctx: Ctx, mv: Frame, lost: int, before: int) -> None:
    u = B.cu_of(ctx.s, mv.seat, mv.space)
    mv.count = min(max(0, before - lost), u.cu)
    mv.nums[0] = min(mv.nums[0], u.el, mv.count)


def _hanno_may_remove(s: State, f: Frame) -> bool:
    """Hanno (§24, reconstructed ability): once per activation, the Roman plain PC of a space his
    army entered in Africa; it is removed when the move ends, and lost if his army starts a battle."""
    eff = B.effect(f.general)
    return (isinstance(eff, RemoveEnemyPc) and "pc_marked" not in f.flags and "moved" in f.flags
            and (eff.country is None or B.country(f.space) == eff.country)
            and B.enemy_pc(s, f.seat, f.space) and B.is_plain_pc(s, f.space))


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
                from .turn import ask_consul_command
                ask_consul_command(ctx, g.where, g.inside)  # §18.2: the consuls' armies joined


# --------------------------------------------------------------------------- the reaction
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
    tribes = x in _TRIBE_PROVINCE_SPACES and bool(s.hands[n])
    if interceptors(s, mv, x) or avoid_possible(s, mv, x) or tribes:
        ctx.push(Frame(kind="reaction", seat=n, space=x))


def _walls_of(s: State, side: int, x: str) -> bool:
    """May ``side`` shelter behind the walls of the city in ``x`` (§10.7)? Only its own city's; or it
    is there already (a city that lost its marker with a garrison inside keeps it)."""
    return B.friendly_pc(s, side, x) or B.cu_inside(s, side, x) > 0 or any(
        s.gens[g].inside for g in B.generals_at(s, side, x, None))


_TRIBE_PROVINCE_SPACES = frozenset(sp for sp, space in SPACES.items()
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
    for nb, cost, _, _ in _LAND_LINKS[x]:
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
    mv = _mover(s)
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
        if _range_ok(avoid_numbers(s, mv, x, lead, [*taken, g])) and avoid_destinations(s, mv, x, [lead, *taken, g]):
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
        if _range_ok(avoid_numbers(s, mv, x, g, must)) and avoid_destinations(s, mv, x, [g, *must]):
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
        mv = _mover(s)
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
    mv = _mover(s)
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


def _avoid_flag(f: Frame, key: str) -> list[str]:
    return [fl[len(key) + 1:] for fl in f.flags if fl.startswith(key + ":")]


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
        open_reaction(ctx, _mover(s), sp)


@decision("reaction", "react to the enemy army entering this space: intercept, avoid battle, play a "
                      "counter-event, or pass (§10.3)")
class Reaction:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        mv = _mover(s)
        out: list = []
        declared = set(f.generals)
        taken_stacks = {(s.gens[g].where, s.gens[g].inside) for g in declared}
        for g in interceptors(s, mv, f.space):
            if (s.gens[g].where, s.gens[g].inside) not in taken_stacks:
                out.append(ChooseGeneral(general=g))
        if "avoid" not in f.flags and avoid_possible(s, mv, f.space):
            out.append(ChooseOption(option="avoid"))
        out += [PlayCounter(card=c) for c in _cards.counters_for(s, f.seat, "enemy_movement") if "tribes" not in f.flags]
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
            _cards.play_counter(ctx, f.seat, cmd.card)
        else:
            ctx.done(f)
            after = ctx.top  # the after_enter frame
            after.generals = list(f.generals)
            after.nums = list(f.nums)
            after.flags += [x for x in f.flags if x.startswith(("with:", "iel:", "avoid"))]


def _mover(s: State) -> Frame:
    for fr in reversed(s.flow):
        if fr.kind == "move":
            return fr
    raise RuntimeError("no moving army")


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
            and _range_ok(intercept_range(s, g, [*taken, x]))]


def _range_ok(r: tuple[int, int]) -> bool:
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


@automatic("after_enter")
def after_enter(ctx: Ctx, f: Frame) -> None:
    """Resolve the reaction: avoidance first, then each interception (§10.3), then the space."""
    s = ctx.s
    mv = _mover(s)
    n = other(mv.seat)
    x = f.space
    if "avoid" in f.flags and "avoid_done" not in f.flags:
        f.flags.append("avoid_done")
        # §13.1 rolls the commander's rating; when a subordinate avoids (§13.3) he commands the
        # force that tries (G53)
        lead = (_avoid_flag(f, "avoid_by") or [B.commander(s, n, x, False)])[0]
        bonus = B.roll_bonus(lead, "avoid_battle")
        _, res = ctx.die(n, "avoid", -bonus, lambda r: "success" if r <= B.battle_rating(lead) else "failure")
        if res == "success":
            cu = (_avoid_flag(f, "avoid_cu") or ["0"])[0]
            el = (_avoid_flag(f, "avoid_el") or ["0"])[0]
            ctx.push(Frame(kind="avoid_to", seat=n, space=x, general=lead, generals=_avoid_flag(f, "avoid_with"),
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
        from .turn import neutralize
        for g in army_generals(mv):
            neutralize(ctx, g, "intercepted")
        return
    resolve_space(ctx, mv, x, failed_avoid="failed_avoid" in f.flags, avoided="avoided" in f.flags)


def intercept_command_choices(s: State, side: int, x: str, intercepted: list[str], f: Frame) -> list[str]:
    """Who may command the force in ``x`` after successful interceptions (§9.3, §12.6): a lone
    interception is led by its general (named beforehand, §12.7), who outranks or equals his
    companions; when forces combine (two interceptions, or one joining generals already there), the
    highest-ranking generals of the combined force, among whom the player chooses (G55)."""
    gens = B.generals_at(s, side, x, False)
    came = set(intercepted) | {fl.split(":")[2] for fl in f.flags
                               if fl.startswith("with:") and fl.split(":")[1] in intercepted}
    if not gens or (len(intercepted) == 1 and not [g for g in gens if g not in came]):
        return list(intercepted[:1])
    top_rank = max(B.rank(s, g) for g in gens)
    return [g for g in gens if B.rank(s, g) == top_rank]


def left_command_choices(s: State, side: int, x: str) -> list[str]:
    """Who may command the generals and CU left outside the walls of ``x`` by an avoidance that took
    their commander away (§9.3, §13.2): the highest-ranking generals left, when CU stay with them
    (generals left alone are neutralized, §10.10)."""
    gens = B.generals_at(s, side, x, False)
    if not gens or B.cu_outside(s, side, x) == 0:
        return []
    top_rank = max(B.rank(s, g) for g in gens)
    return [g for g in gens if B.rank(s, g) == top_rank]


@decision("intercept_command", "name the general who commands the armies combined by the interceptions "
                               "(§9.3, §12.6)")
class InterceptCommand:
    """``generals``: the generals who may command, outside the walls of ``space``."""

    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseGeneral(general=g) for g in f.generals
                if s.gens[g].status == "map" and s.gens[g].where == f.space and not s.gens[g].inside]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        ctx.emit(ev.CommandTaken(general=cmd.general))


@decision("avoid_command", "name the general who commands the force your avoidance left behind, among "
                           "its highest-ranking generals (§9.3, §13.2)")
class AvoidCommand(InterceptCommand):
    """The same choice as ``intercept_command``, for the force an avoidance left without its commander."""


@decision("left_command", "name the general who commands the generals and CU left in a space whose "
                           "commander left, among its highest-ranking generals (§9.3)")
class LeftCommand:
    """``generals``: the generals who may command, in ``space`` (inside the walls with flag ``inside``)."""

    @staticmethod
    def legal(s: State, f: Frame) -> list:
        inside = "inside" in f.flags
        return [ChooseGeneral(general=g) for g in f.generals
                if s.gens[g].status == "map" and s.gens[g].where == f.space and s.gens[g].inside == inside]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        ctx.emit(ev.CommandTaken(general=cmd.general))
        if "ships" in f.flags:  # the ships' part of a split (§12.8): he leads it back to port
            mv = _mover(ctx.s)
            mv.generals = [g for g in army_generals(mv) if g != cmd.general]
            mv.general = cmd.general
            sail_back(ctx, mv, f.space, f.flags)


def ask_left_command(ctx: Ctx, side: int, space: str, inside: bool, took=(), dropped=(), lost: bool = False) -> None:
    """§9.3 (G59): ``took``, generals of the stack in ``space`` (that side of the walls), have just
    left it, and ``dropped`` generals have just been left there (``lost``: its commander is known to
    have left). If that takes its commander away or sets new generals level with the highest rank
    there, and two or more generals of the highest rank stay with CU, their owner names who commands
    them (``left_command``)."""
    s = ctx.s
    stay = B.generals_at(s, side, space, inside)
    u = B.cu_of(s, side, space)
    if len(stay) < 2 or (u.icu if inside else u.cu) == 0:
        return
    top_rank = max(B.rank(s, g) for g in stay)
    equals = [g for g in stay if B.rank(s, g) == top_rank]
    if len(equals) < 2:
        return
    before = [g for g in stay if g not in dropped] + list(took)
    chief = max(before, key=lambda g: (B.rank(s, g), s.gens[g].stamp, g)) if before else ""
    if not lost and chief in stay and not set(dropped) & set(equals):
        return  # its commander is still there, and nobody new stands level with him
    ctx.push(Frame(kind="left_command", seat=side, space=space, generals=equals, flags=["inside"] if inside else []))


def departed(ctx: Ctx, mv: Frame, origin: str, inside: bool) -> None:
    """The marching army has left ``origin``: the generals it took from the stack there and those it
    dropped there are settled (§9.3, G59)."""
    took, dropped, rest = [], [], []  # (one pass over the flags)
    for x in mv.flags:
        if x.startswith("took:"):
            took.append(x.split(":", 1)[1])
        elif x.startswith("dropped:"):
            dropped.append(x.split(":", 1)[1])
        else:
            rest.append(x)
    mv.flags = rest
    if took or dropped:
        ask_left_command(ctx, mv.seat, origin, inside, took, dropped)


def resolve_space(ctx: Ctx, mv: Frame, x: str, *, failed_avoid: bool = False, avoided: bool = False,
                  intercepted_by: list[str] | None = None) -> None:
    s = ctx.s
    n = other(mv.seat)
    enemy = B.cu_outside(s, n, x)
    if mv.count > 0:
        for g in B.generals_at(s, n, x, False):
            if enemy == 0:
                from .turn import neutralize
                neutralize(ctx, g, "overrun")
    if enemy == 0:
        if avoided and mv.mp > 0:
            mv.flags.append("pursuit_due")  # the army rolls to move on, or stops (§13.4)
        if mv.mp <= 0 and not legal_after_stop(s, mv):
            end_move(ctx, mv)
        return
    if enemy == 1 and mv.count >= 5 and not B.generals_at(s, n, x, False) and not intercepted_by:
        from .turn import lose_cu
        lose_cu(ctx, n, x, 1, "overrun")  # §10.5
        if avoided and mv.mp > 0:
            mv.flags.append("pursuit_due")  # the army that avoided left this CU behind (§13.2, §13.4)
        if mv.mp <= 0 and not legal_after_stop(s, mv):
            end_move(ctx, mv)
        return
    from .battle import start_battle
    ctx.done(mv)  # the move frame: a battle ends the activation (§10.2 step 7)
    campaign_record(ctx.s, mv, spent=True)
    start_battle(ctx, mv.seat, x, origin=mv.origin, army=mv, failed_avoid=failed_avoid,
                 interceptors=intercepted_by or [])


def legal_after_stop(s: State, mv: Frame) -> bool:
    return bool(siege_target(s, mv))


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
        return [ChooseSpace(space=sp) for sp in avoid_destinations(s, _mover(s), f.space, [f.general, *f.generals],
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
        if n == CARTHAGE and k > 0 and _train_here(s, x):
            from .cards import move_siege_train
            move_siege_train(ctx, cmd.space)  # #30: like a CU it avoids with them (G70)
        if k > 0:  # an army entering a lone enemy general's space neutralizes him (§10.10, G71)
            from .battle import catch_lone_generals
            catch_lone_generals(ctx, n, cmd.space, "avoidance")
            if s.phase == OVER:
                return  # Hannibal caught and Carthage sued for peace (§15.6)
        others = [g for g in B.generals_at(s, n, cmd.space, False) if g not in gens]
        if f.general in gens and not any(B.outranks(s, g, f.general) for g in others):
            ctx.emit(ev.CommandTaken(general=f.general))  # he leads the force that avoided (§9.3, §13.3)
        ctx.top.flags.append("avoided")
        from .turn import consuls_meet
        consuls_meet(ctx, gens, cmd.space, False)  # §18.2: a consul avoided into the other's space (G60)


@decision("intercepted", "your army was intercepted: give battle, step back one space, or (after a "
                         "landing at your city) step back into the city or split between it and the ships (§12.5, §12.8)")
class Intercepted:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        mv = _mover(s)
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
        mv = _mover(ctx.s)
        if cmd.option == "battle":
            resolve_space(ctx, mv, f.space, failed_avoid="failed_avoid" in f.flags, intercepted_by=f.generals)
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
            resolve_space(ctx, mv, x, failed_avoid=failed_avoid, intercepted_by=interceptors)
            return
        if result == "sunk":
            ctx.done(mv)
            from .turn import lose_cu, neutralize
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
        from .cards import move_siege_train
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
        mv = _mover(s)
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
    mv = _mover(s)
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
        from .turn import consuls_meet
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


def sail_back(ctx: Ctx, mv: Frame, x: str, flags: list[str]) -> None:
    """The ships' part of a split goes back to its port (§12.5, §12.8)."""
    step_back(ctx, mv, x, sea=True, failed_avoid="failed_avoid" in flags,
              interceptors=[fl[3:] for fl in flags if fl.startswith("by:")])


# ------------------------------------------------------------------------------ sieges
def siege_roll(ctx: Ctx, side: int, space: str, gid: str, what: str) -> None:
    """§20.2: one die plus the city's (or tribe's) modifier; 5 or more earns a point (Scipio
    Africanus 2, Marcellus +1 to the die; neither for a tribe, §24); 3 points convert the city and
    eliminate the enemy CU inside, or remove the tribe for a PC of the victor (§20.8)."""
    s = ctx.s
    t = TABLES.siege
    sp = SPACES[space]
    mod = (sp.city.siege_modifier if what == "siege" else sp.tribe.submission_modifier)
    eff = B.effect(gid)
    if what == "siege" and isinstance(eff, SiegeModifier):
        mod += eff.amount  # §24: not for a tribe
    if what == "siege" and side == CARTHAGE and s.markers.get("siege_train") and \
            s.markers.get("siege_train_at") == _space_code(space):
        mod += modifier(t, "siege_train")
    _, res = ctx.die(side, what, mod, lambda r: "point" if r >= t.success_min_roll else "no point")
    if res != "point":
        return
    gain = eff.amount if (what == "siege" and isinstance(eff, SiegePointsPerSuccess)) else 1
    cur = s.sieges.get(space)
    pts = (cur.points if cur is not None and cur.side == side else 0) + gain
    if pts < t.points_needed:
        ctx.emit(ev.SiegePoints(space=space, side=side, points=pts))
        return
    n = other(side)
    if what == "siege":
        u = B.cu_of(s, n, space)
        if u.icu:
            from .turn import lose_cu
            lose_cu(ctx, n, space, u.icu, "siege", inside=True)
        from .turn import neutralize
        for g in B.generals_at(s, n, space, True):
            neutralize(ctx, g, "siege")
        ctx.emit(ev.ControlChanged(space=space, side=side, cause="siege"))
    else:
        ctx.emit(ev.ControlChanged(space=space, side=side, cause="submission"))
    if space in s.sieges:
        ctx.emit(ev.SiegePoints(space=space, side=side, points=0))


_SPACE_CODES = {sp: i for i, sp in enumerate(sorted(SPACES), start=1)}


def _space_code(space: str) -> int:
    return _SPACE_CODES[space]


# ------------------------------------------------------------------------------ campaigns
@decision("campaign", "activate the next general of the campaign, or end it (§10.11)")
class Campaign:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        if f.count <= 0:
            return []
        used = _used_generals(f)
        return [ChooseGeneral(general=g) for g in B.generals_on_map(s, f.seat) if g not in f.generals
                and used.get(g, 0) < (6 if isinstance(B.effect(g), CampaignMove) else 4)] + [Pass()]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        if isinstance(cmd, Pass):
            ctx.done(f)
            return
        s = ctx.s
        g = cmd.general
        f.count -= 1
        f.generals.append(g)
        eff = B.effect(g)
        nero = isinstance(eff, CampaignMove)  # §10.12, §24
        mp = eff.mp if nero else 4
        naval = 0 if "naval_used" in f.flags else 10
        start_activation(ctx, f.seat, g, card=f.card, naval_cu=naval, mp=mp,
                         flags=("campaign",) + (("double_sail",) if nero else ()))
        del s  # generals who moved in this campaign are not activated again in it (ruling in RULES.md)
