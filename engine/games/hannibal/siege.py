"""Sieges and submissions (§20): the city or tribe an army may besiege where it stopped, and the
roll that earns siege points or takes the space (§20.2, §20.8)."""

from __future__ import annotations

from . import board as B
from . import events as ev
from .campaign import campaign_of
from .components import SPACES, SiegeModifier, SiegePointsPerSuccess, TABLES, modifier
from .events import Frame
from .flow import Ctx
from .forces import lose_cu, neutralize
from .siege_train import space_code
from .state import CARTHAGE, State, other


def siege_target(s: State, f: Frame) -> str:
    """'siege' or 'submission' if the army may roll against the city or tribe where it stands
    (§20.2): at least 3 CU there, outside the walls, no enemy CU outside, one roll per city or tribe
    per card (the campaign frame remembers); no siege roll during a Truce (#64)."""
    side, sp = f.seat, f.space
    if "inside" in f.flags or B.cu_outside(s, side, sp) < 3 or B.cu_outside(s, other(side), sp) > 0:
        return ""
    camp = campaign_of(s)
    if camp is not None and ("rolled:" + sp) in camp.flags:
        return ""
    if sp in s.tribes and s.tribes[sp] != side:
        return "submission"
    if B.is_city_space(sp) and s.control.get(sp, -1) == other(side) and not s.markers.get("truce"):
        return "siege"
    return ""


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
            s.markers.get("siege_train_at") == space_code(space):
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
            lose_cu(ctx, n, space, u.icu, "siege", inside=True)
        for g in B.generals_at(s, n, space, True):
            neutralize(ctx, g, "siege")
        ctx.emit(ev.ControlChanged(space=space, side=side, cause="siege"))
    else:
        ctx.emit(ev.ControlChanged(space=space, side=side, cause="submission"))
    if space in s.sieges:
        ctx.emit(ev.SiegePoints(space=space, side=side, points=0))
