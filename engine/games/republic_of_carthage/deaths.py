"""I. Phase de Mortalité: drawing chits from the cup, and what a death does. The same procedure
serves every other draw (wars, explorations, events, the assassin's trial)."""

from __future__ import annotations

from . import components as C
from . import events as ev
from .flow import Ctx
from .people import living_ids
from .state import SENATOR_COUNTERS


def draw_chits(ctx: Ctx, count: int, reason: str) -> list[str]:
    """Draw ``count`` chits from the cup (all 31 are in it: every draw returns them, I). A "draw 2"
    chit is set aside and two more are drawn. Returns the numbers drawn, in order (the chits that
    name senators in play are the caller's to apply: see :func:`mortality`)."""
    return [chit for chit in draw_chits_kept(ctx, count, reason) if chit != "none"]


def draw_chits_kept(ctx: Ctx, count: int, reason: str) -> list[str]:
    """As :func:`draw_chits`, but the "none" chits stay in the list: VI.2 needs to know which chit
    was drawn last (a "draw 2" chit is never last: two more follow it)."""
    cup = list(C.MORTALITY_CHITS)
    kept: list[str] = []
    todo = count
    while todo > 0 and cup:
        chit = cup.pop(ctx.rng.below(len(cup)))
        ctx.emit(ev.ChitDrawn(chit=chit, reason=reason))
        todo -= 1
        if chit == "draw_two":
            todo += 2
        else:
            kept.append(chit)
    return kept


def victims(ctx: Ctx, number: str, among: set[str] | None = None) -> str:
    """The senator in play that a chit names ("" if none): the family card or its statesman; if
    Mago's 2A and 2B are both in play, one of them at random ("Terminologie"), and nobody if the lot
    falls on one outside ``among``."""
    ids = living_ids(ctx.s, int(number))
    if not ids:
        return ""
    sid = ids[0] if len(ids) == 1 else ids[ctx.rng.below(len(ids))]  # Mago: the lot before ``among``
    return sid if among is None or sid in among else ""


def mortality(ctx: Ctx, count: int, reason: str, among: set[str] | None = None) -> list[str]:
    """Draw chits and kill the senators they name (limited to ``among`` if given). Returns the dead."""
    dead = []
    for n in draw_chits(ctx, count, reason):
        sid = victims(ctx, n, among)
        if sid and sid in ctx.s.senators:
            kill(ctx, sid, reason)
            dead.append(sid)
    return dead


def kill(ctx: Ctx, sid: str, cause: str) -> None:
    """I, Conséquences de la Mort: markers to the reserve, talents to the bank (R18), offices and
    concessions to the Port; a Faction Leader's family stays, with its merchants."""
    s = ctx.s
    x = s.senators[sid]
    if x.talents:
        ctx.emit(ev.Transferred(source=f"senator:{sid}", target="bank", amount=x.talents, reason="death"))
    # "Terminologie", Mago: the family card under a dead statesman passes under the other one in play
    heir = next((y for y in living_ids(s, x.family) if y != sid and not y.isdigit()), "") if (
        x.family_card and not sid.isdigit()) else ""
    leader = x.seat >= 0 and s.leaders[x.seat] == sid
    stays = leader and (sid.isdigit() or x.family_card) and not heir
    ctx.emit(ev.SenatorDied(senator=sid, cause=cause, stays=stays))
    for name in sorted(s.counters):  # R170: what was kept for him by name dies with him, even if his card stays
        words = name.split(":")
        if words[0] in SENATOR_COUNTERS and len(words) > 1 and words[1] == sid:
            ctx.emit(ev.CountersSet(name=name, value=0))
    if heir:
        ctx.emit(ev.FamilyJoined(statesman=heir))
        if leader and s.senators[heir].seat == x.seat:  # R115: the card leads the faction under him
            ctx.emit(ev.LeaderNamed(seat=x.seat, senator=heir))
