"""What follows a war or an expedition: a war won after a greater one (R19), enemy leaders of lost wars
becoming inactive, auxiliaries leaving with the last war naming them, the Adventurers' choice (R66);
and the commerce cards a halving still owes (R61). Rulings R104-R107 (RULES.md).

Counters: ``won:<war>`` (a war won, for R19), ``leader_inactive:<leader>``, ``halving_debt:<commodity>``
(cards still to set aside when they come back to their pile).
"""

from __future__ import annotations

from . import commands as cmd
from . import components as C
from . import events as ev
from .events import Frame
from .flow import Ctx, decision
from .people import sphr_seat
from .state import State


# -- VI.2 Victoire: a war won after a greater one (R19) ----------------------------------------------
def greater_won(s: State, war: str) -> str:
    """A related war of greater printed land strength already won, if any."""
    group = C.WARS[war].group
    if group is None:
        return ""
    return next((x for x in C.related_wars(war) if x != war and s.counters.get(f"won:{x}")
                 and C.WARS[x].land > C.WARS[war].land), "")


def spoils_due(ctx: Ctx, war: str) -> bool:
    """R19: a war won after a greater related war is treated as a rebellion put down: no spoils for the
    Treasury. Records the victory either way."""
    greater = greater_won(ctx.s, war)
    ctx.emit(ev.CountersSet(name=f"won:{war}", value=1))
    return not greater


# -- V.7 Demande de paix: enemy leaders of lost wars ----------------------------------------------------
def leaders_after_loss(ctx: Ctx, war: str) -> None:
    """An enemy leader of a lost war with no other war of his and no war related to it still to fight
    becomes inactive: he ages as a leader with no war (IV.6) until a war of his appears."""
    s = ctx.s
    open_wars = {w for w, x in s.wars.items() if x.status != "lost"}
    related = set(C.related_wars(war)) if C.WARS[war].group else set()
    for leader in list(s.leaders_in_play):
        wars = set(C.LEADERS[leader].wars)
        if war in wars and not (wars & open_wars) and not (related & open_wars):
            ctx.emit(ev.CountersSet(name=f"leader_inactive:{leader}", value=1))


def leader_ages(s: State, leader: str) -> bool:
    return bool(s.counters.get(f"leader_inactive:{leader}")) or not any(w in s.wars for w in C.LEADERS[leader].wars)


def leaders_wake(ctx: Ctx, war: str) -> None:
    """A war of an inactive leader appears: he is active again."""
    for leader in ctx.s.leaders_in_play:
        if war in C.LEADERS[leader].wars and ctx.s.counters.get(f"leader_inactive:{leader}"):
            ctx.emit(ev.CountersSet(name=f"leader_inactive:{leader}", value=0))


# -- V.7 Épéistes Sicules et Galliques ----------------------------------------------------------------
def auxiliaries_leave(ctx: Ctx, reason: str) -> None:
    """Auxiliaries leave when the last war naming them leaves War Plans: from the Reserve, Active Forces
    and a victor's card; they lose veteran status and loyalty (out of play)."""
    s = ctx.s
    named = {aux for w in s.wars for aux in C.WARS[w].auxiliaries}
    for a in sorted((a for a in s.armies if C.ARMY_TYPES[a.type].auxiliary and a.type not in named
                     and (a.place in ("reserve", "active") or a.place.startswith("victor:"))),
                    key=lambda a: (a.type, a.place, a.veteran, a.loyal)):
        ctx.emit(ev.ArmyMoved(unit=a.type, origin=a.place, target="out", veteran=a.veteran, loyal=a.loyal,
                              reason=reason))


# -- VI.1 Aventuriers (R66) -----------------------------------------------------------------------------
@decision("adventurers", "your expedition's choice after its losses: go on next turn, or come home (VI.1 Aventuriers)")
class Adventurers:
    @staticmethod
    def legal(s: State, f: Frame):
        if not any(x.id == f.count for x in s.forces):
            return []
        return [cmd.ChooseOption(option="go_on"), cmd.ChooseOption(option="return")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        if c.option == "return":
            ctx.emit(ev.ForceEnded(force=f.count, armies_to="active", squadrons_to="active", reason="adventurers"))


# -- IV.2a Désertion de l'armée (R39, R125) -------------------------------------------------------------
def recruited(s: State, army: str) -> list:
    """The recruited armies of a type: in Active Forces, in a force in the field, on a victor's card."""
    return sorted((a for a in s.armies if a.type == army and (a.place == "active" or a.place.startswith("force:")
                                                                or a.place.startswith("victor:"))),
                  key=lambda a: (a.place, a.veteran, a.loyal))


def token_option(a) -> str:
    """An army token named as an option: type/veteran (1 or 0)/loyal senator/place."""
    return f"{a.type}/{1 if a.veteran else 0}/{a.loyal}/{a.place}"


def desert(ctx: Ctx, army: str, count: int, source: str) -> None:
    """``count`` armies of ``army`` desert to ``deserted:<source>``: the recruited ones first, then the
    Reserve. When only some of the recruited ones go and they are not all alike (a veteran, another
    loyalty, another place), the SPHR chooses them one at a time (R125)."""
    s = ctx.s
    pool = recruited(s, army)
    if 0 < count < len(pool) and len({token_option(a) for a in pool}) > 1:
        ctx.push(Frame(kind="desertion", seat=sphr_seat(s), count=count, strs=[army, source]))
        return
    for a in pool[:count]:
        ctx.emit(ev.ArmyMoved(unit=a.type, origin=a.place, target=f"deserted:{source}", veteran=a.veteran,
                              loyal=a.loyal, reason=source))
    count -= min(count, len(pool))
    k = min(count, sum(1 for a in s.armies if a.type == army and a.place == "reserve"))
    if k:
        ctx.emit(ev.ForcesMoved(unit=army, count=k, origin="reserve", target=f"deserted:{source}", reason=source))


@decision("desertion", "which recruited army deserts (IV.2a Désertion de l'armée; the SPHR chooses, R125)")
class Desertion:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseOption(option=o) for o in dict.fromkeys(token_option(a) for a in recruited(s, f.strs[0]))]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        army, source = f.strs
        a = next(a for a in recruited(ctx.s, army) if token_option(a) == c.option)
        ctx.emit(ev.ArmyMoved(unit=a.type, origin=a.place, target=f"deserted:{source}", veteran=a.veteran,
                              loyal=a.loyal, reason=source))
        desert(ctx, army, f.count - 1, source)


# -- III notes, Diviser les cartes: what a halving still owes (R61) -------------------------------------
def owe(ctx: Ctx, commodity: str, count: int) -> None:
    if count > 0:
        key = f"halving_debt:{commodity}"
        ctx.emit(ev.CountersSet(name=key, value=ctx.s.counters.get(key, 0) + count))


def pay_debts(ctx: Ctx) -> None:
    """Cards of a commodity that a halving could not take from its pile are set aside as they come back
    to it (sold, returned, or back from a war or an event)."""
    s = ctx.s
    for key in sorted(k for k in s.counters if k.startswith("halving_debt:")):
        commodity = key.partition(":")[2]
        pile = C.COMMODITIES[commodity].pile
        k = min(s.counters[key], s.piles[pile - 1].count(commodity))
        if k:
            ctx.emit(ev.CommercePulled(pile=pile, commodity=commodity, count=k, reason="halved"))
            ctx.emit(ev.CountersSet(name=key, value=s.counters[key] - k))
