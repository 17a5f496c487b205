"""What happens to forces and to control (§6.3, §10.10, §15.5, §21, §22.2, §22.4): CU placed,
lost or worn down by attrition, generals neutralized, PCs removed, the war's end.

The consequences every part of the rules inflicts; none starts a step of another module, so every
rules module may import them.
"""

from __future__ import annotations

from . import board as B
from . import events as ev
from .army import army_lost, lone_enemy_general
from .commands import ChooseSpace
from .components import GENERALS, NoPassAttrition, SPACES, TABLES, attrition_losses, modifier
from .events import Frame
from .flow import Ctx, decision
from .options import EVERY_ARMY_ROLLS
from .state import OVER, State, other


def place_cu(ctx: Ctx, side: int, space: str, count: int, elephants: int, cause: str) -> None:
    """CU appear with the side's units in ``space``: inside the walls if the side's generals
    there are inside; an enemy general alone there is neutralized (§6.3)."""
    s = ctx.s
    inside = B.cu_outside(s, other(side), space) > 0 and not B.generals_at(s, side, space, False)
    if inside:  # never more than the city holds (§10.7); the rest is not placed (G34)
        count = min(count, max(0, B.capacity(space) - B.cu_inside(s, side, space)))
        elephants = min(elephants, count)
        if count == 0:
            return
    ctx.emit(ev.CuPlaced(side=side, space=space, count=count, elephants=elephants, inside=inside, cause=cause))
    for g in B.generals_at(s, other(side), space, None):
        if B.cu_total(s, other(side), space) == 0:
            neutralize(ctx, g, "reinforcements")


def neutralize_all(ctx: Ctx, gids: list[str], cause: str) -> bool:
    """:func:`neutralize` each general in turn, stopping once the game is over (Hannibal caught and
    Carthage sued for peace, §10.10, §15.6); whether it is."""
    for g in gids:
        neutralize(ctx, g, cause)
        if ctx.s.phase == OVER:
            return True
    return False


def neutralize(ctx: Ctx, gid: str, cause: str) -> None:
    """§10.10: off the map until the next reinforcement phase; Hannibal and Scipio Africanus leave
    the game, and Carthage removes 5 PCs for Hannibal."""
    g = GENERALS[gid]
    ctx.emit(ev.GeneralOff(general=gid, to="removed" if g.removed_if_neutralised else "neutralized", cause=cause))
    if g.pc_loss_if_neutralised:
        lose_pcs(ctx, B.side_of(gid), g.pc_loss_if_neutralised, "neutralized_" + gid)


def _room_inside(s: State, side: int, sp: str) -> bool:
    return (B.is_city_space(sp) and B.friendly_pc(s, side, sp) and not B.besieged(s, sp)
            and B.cu_inside(s, side, sp) < B.capacity(sp))


def reinforcement_allowed(s: State, side: int, sp: str) -> bool:
    """§6.3: never inside a besieged city; where enemy CU stand outside, only inside a friendly city
    that is not besieged and has room."""
    # (B.besieged and B.friendly_pc, B.cu_outside of the other side, read in place)
    besieged_city = sp in s.sieges and sp in CITY_SPACES and s.control.get(sp, -1) == side
    u = s.units[1 - side].get(sp)
    enemy_outside = u is not None and u.cu > 0
    if not (besieged_city or enemy_outside):
        return True  # neither limit applies (the usual case)
    outside_general = bool(B.generals_at(s, side, sp, False))
    if besieged_city and not outside_general:
        return False
    if enemy_outside and not outside_general and not _room_inside(s, side, sp):
        return False
    return True


def attrition(ctx: Ctx, side: int, space: str, size: int, modifier: int, purpose: str, *,
              hostile_tribes: bool = False, inside: bool = False) -> int:
    """Roll on the attrition table for ``size`` CU in ``space`` (outside the walls, or ``inside``
    them) and remove the losses; an "e" result takes an elephant first (§17.2). Returns the CU lost."""
    s = ctx.s
    roll = ctx.rng.die(6)
    cell = attrition_losses(size, roll + modifier, hostile_tribes=hostile_tribes)
    u = B.cu_of(s, side, space)
    have, el_have = (u.icu, u.iel) if inside else (u.cu, u.el)
    lost = min(cell.losses, have)
    ctx.emit(ev.DieRolled(seat=side, purpose=f"attrition:{purpose}", roll=roll, modifier=modifier,
                          outcome=f"{cell.losses} CU" + (" e" if cell.elephant else "")))
    if lost:
        el = min(el_have, 1 if cell.elephant else 0)
        lose_cu(ctx, side, space, lost, "attrition", elephant_first=el, inside=inside)
    return lost


def lose_cu(ctx: Ctx, side: int, space: str, count: int, cause: str, *, elephant_first: int = 0,
            inside: bool = False) -> int:
    """Remove ``count`` CU of the side in ``space``: ``elephant_first`` elephant CU first, then plain
    CU before elephants (the owner's choice, ruling in RULES.md)."""
    u = B.cu_of(ctx.s, side, space)
    have, el_have = (u.icu, u.iel) if inside else (u.cu, u.el)
    count = min(count, have)
    if count <= 0:
        return 0
    el = min(elephant_first, el_have, count)
    plain = have - el_have
    rest = count - el
    el += max(0, rest - plain)
    ctx.emit(ev.CuLost(side=side, space=space, count=count, elephants=el, inside=inside, cause=cause))
    return count


CITY_SPACES = frozenset(sp for sp, space in SPACES.items() if space.city is not None)


def lose_pcs(ctx: Ctx, side: int, count: int, cause: str) -> None:
    """``side`` must remove ``count`` plain PCs of its choice; if it has fewer it sues for peace and
    loses at once (§15.6, §22.3)."""
    if count <= 0:
        return
    if len(B.plain_pcs(ctx.s, side)) < count:
        end_game(ctx, other(side), "peace")
        return
    ctx.push(Frame(kind="remove_pcs", seat=side, count=count, origin=cause))


@decision("remove_pcs", "remove one of your plain PCs (§15.5, §22.2)")
class RemovePcs:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseSpace(space=sp) for sp in B.plain_pcs(s, f.seat)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.emit(ev.ControlChanged(space=cmd.space, side=-1, cause=f.origin))
        f.count -= 1
        if f.count <= 0:
            ctx.done(f)


def end_game(ctx: Ctx, winner: int, reason: str) -> None:
    ctx.emit(ev.GameEnded(winner=winner, reason=reason, points=tuple(B.political_points(ctx.s))))


def pass_attrition(ctx: Ctx, mv: Frame, kind: str) -> None:
    """§10.6: an army rolls attrition after each pass, +0 alpine, -2 otherwise; Native Guides add -3
    (#5); Hasdrubal's army never rolls (reconstructed ability, G83) unless the option
    ``pass_attrition=every_army`` holds to §10.6's every army."""
    if isinstance(B.effect(mv.general), NoPassAttrition) and not ctx.s.markers.get(EVERY_ARMY_ROLLS):
        return
    t = TABLES.attrition
    mod = modifier(t, "alpine_pass" if kind == "alpine_pass" else "non_alpine_pass")
    if "native_guides" in mv.flags:
        mod += modifier(t, "native_guides")
    before = mv.count
    lost = attrition(ctx, mv.seat, mv.space, mv.count, mod, "pass")
    army_lost(ctx, mv, lost, before)


def with_generals(s: State, side: int, where) -> list[str]:
    out = set()
    for g in B.generals_on_map(s, side):
        sp = s.gens[g].where
        if where(sp) and reinforcement_allowed(s, side, sp):
            out.add(sp)
    return sorted(out)


def catch_lone_generals(ctx: Ctx, side: int, sp: str, cause: str) -> None:
    """§10.10: ``side``'s CU, retreating, withdrawing or avoiding battle, entered ``sp``: enemy generals
    standing there without CU outside the walls are neutralized; they never stop the force (§15.3,
    G64; §13.1, G71)."""
    if lone_enemy_general(ctx.s, side, sp):
        neutralize_all(ctx, B.generals_at(ctx.s, other(side), sp, False), cause)
