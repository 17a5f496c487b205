"""Campaigns (§10.11, cards 33-34 and 37-40): several generals activated by one card, and what
each of their units has used of its 4 spaces. The campaign activates each general through the
``activation`` entry (``march``), asked for by name.
"""

from __future__ import annotations

from . import board as B
from .army import army_generals, mover
from .commands import ChooseGeneral, Pass
from .components import CampaignMove
from .events import Frame
from .flow import Ctx, decision
from .state import State


# §10.11: in a campaign no CU or general moves more than 4 spaces in all, whichever generals move
# it; an army that fought, besieged, stepped back or failed a pursuit is spent. The campaign frame
# keeps what moved: flags "g:<general>:<used>" and "cu:<space>:<used>:<count>".
SPENT = 99


def used_generals(camp: Frame) -> dict[str, int]:
    return {p[1]: int(p[2]) for p in (x.split(":") for x in camp.flags) if p[0] == "g"}


def campaign_has_moved(s: State) -> bool:
    """Troops of the campaign under way have already moved (card 41 comes too late, §25 #41)."""
    camp = campaign_of(s)
    if camp is None:
        return False
    mv = mover(s)
    if "campaign" in mv.flags and mv.nums[2] - mv.mp > 0:
        return True
    return any(v > 0 for v in used_generals(camp).values()) or bool(_cu_buckets(camp))


def _cu_buckets(camp: Frame) -> list[tuple[str, int, int]]:
    return [(p[1], int(p[2]), int(p[3])) for p in (x.split(":") for x in camp.flags) if p[0] == "cu"]


def campaign_take(s: State, camp: Frame, f: Frame, n: int) -> int:
    """The movement the forming army's units have used in this campaign (the most any of them
    has): fresh CU go first (ruling G2); the CU it takes leave the campaign's records."""
    used = max((used_generals(camp).get(g, 0) for g in [f.general, *f.generals]), default=0)
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
    camp = campaign_of(s)
    if camp is None or "campaign" not in mv.flags:
        return
    used = mv.nums[3] + (mv.nums[2] - mv.mp)
    gens = used_generals(camp)
    if g in gens:
        camp.flags.remove(f"g:{g}:{gens[g]}")
    camp.flags.append(f"g:{g}:{max(used, gens.get(g, 0))}")


def campaign_record(s: State, mv: Frame, spent: bool = False, cu: int | None = None, space: str = "") -> None:
    """Write down what the army's units used (all, if ``spent``); ``cu``/``space``: CU dropped."""
    camp = campaign_of(s)
    if camp is None or "campaign" not in mv.flags:
        return
    used = SPENT if spent else mv.nums[3] + (mv.nums[2] - mv.mp)
    if cu is None:
        gens = used_generals(camp)
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
    camp = campaign_of(s)
    if camp is None or camp.seat != side:
        return
    gens = used_generals(camp)
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
    camp = campaign_of(s)
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
    camp = campaign_of(s)
    if camp is not None and camp.seat == side and cu > 0:
        camp.flags.append(f"cu:{space}:{SPENT}:{cu}")


def slowed(s: State, f: Frame) -> bool:
    """The moving army holds the general card 41 named at the start of this campaign (G15)."""
    camp = campaign_of(s)
    return camp is not None and "campaign" in f.flags and \
        any("adverse:" + g in camp.flags for g in army_generals(f))


def campaign_of(s: State) -> Frame | None:
    for fr in reversed(s.flow):
        if fr.kind == "campaign":
            return fr
    return None


@decision("campaign", "activate the next general of the campaign, or end it (§10.11)")
class Campaign:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        if f.count <= 0:
            return []
        used = used_generals(f)
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
        ctx.begin("activation", f.seat, g, card=f.card, naval_cu=naval, mp=mp,
                  flags=("campaign",) + (("double_sail",) if nero else ()))
        del s  # generals who moved in this campaign are not activated again in it (ruling in RULES.md)
