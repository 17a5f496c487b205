"""VI. Phase de Combat et d'Exploration: the expeditions, then the wars (a naval battle first where
the war has a fleet), then the unprosecuted wars; and the ends of IX.5 (four Active or four Lost
Wars at the end of the phase, R21)."""

from __future__ import annotations

from . import components as C
from . import effects as fx
from . import events as ev
from .cards import apply_effects, omens, windows
from .deaths import draw_chits_kept, kill, victims
from .events import Frame
from .field import general_office
from .flow import Ctx, automatic
from .forces import (ability, army_strength, force, in_command, lose_units, modifier, strength, units,
                     use_one_roll_modifiers, veteran)
from .people import card, military, sphr_seat
from .rebellion import card_of, holder, mark_victors, rebel_battle, still_to_fight, unfought, wars_counted
from .state import COMBAT, State, war_counts
from .war_details import auxiliaries_leave, leaders_after_loss, pay_debts, spoils_due


@automatic("combat", keeps_frame=True)
def _combat(ctx: Ctx, f: Frame) -> None:
    ctx.pop()
    s = ctx.s
    ctx.emit(ev.PhaseBegan(phase=COMBAT))
    explorations = [x.id for x in s.forces if x.exploration]
    wars = [x.id for x in s.forces if not x.exploration]
    order = ctx.rng.shuffled(wars)  # V.7, Troupes multiples: the forces in one war arrive in random order
    ctx.then(*[Frame(kind="explore", count=x) for x in explorations],
             *[Frame(kind="battle", count=x) for x in order], Frame(kind="combat_end"))


def commander_chits(ctx: Ctx, commanders: list[str], lost: int, reason: str, capture: str = "") -> list[str]:
    """VI.2: one chit per unit lost, against the commanders only; the last chit drawn captures instead
    of killing (the commander captured is returned). VI.1: for expeditions, one chit per 5 units lost
    (the caller counts)."""
    captured: list[str] = []
    if not lost or not commanders:
        return captured
    chits = draw_chits_kept(ctx, lost, reason)  # the last chit drawn may be "none": it captures nobody
    for i, n in enumerate(chits):
        if n == "none":
            continue
        sid = victims(ctx, n, set(commanders))
        if not sid or sid not in ctx.s.senators or ctx.s.senators[sid].where not in ("war", "exploration"):
            continue
        if capture and i == len(chits) - 1:
            ctx.emit(ev.SenatorMoved(senator=sid, seat=ctx.s.senators[sid].seat, where=f"captured:{capture}",
                                     face_up=True, reason="captured"))
            captured.append(sid)
        else:
            kill(ctx, sid, reason)
    return captured


# -- VI.1: explorations --------------------------------------------------------------------------------
@automatic("explore")
def _explore(ctx: Ctx, f: Frame) -> None:
    """VI.1: 3 dice + the commander's Exploration - 1 per 5 caravans or fleets short of the card (R14);
    an unmodified roll on the card's D number is a Disaster (2 dice of units lost)."""
    ctx.pop()
    s = ctx.s
    x = force(s, f.count)
    if x is None or s.counters.get(f"reached:{x.id}"):  # its goal reached by another: home at the phase's end
        return
    if not in_command(s, x):
        ctx.emit(ev.ForceEnded(force=x.id, armies_to="active", squadrons_to="active", reason="no_commander"))
        return
    ex = C.EXPLORATIONS[x.war]
    gone = x.war not in s.explorations  # a Lost expedition whose goal another reached (R129)
    sid = in_command(s, x)[0]
    mod = (card(sid).exploration + ability(sid, ("exploration",), None) + modifier(s, ("exploration",))
           - C.exploration_penalty(x.war, x.caravans, x.fleets))
    use_one_roll_modifiers(ctx, ("exploration",))
    rolled = tuple(ctx.rng.die(6) for _ in range(3))
    raw = sum(rolled)
    if raw in ex.disaster:
        result, losses_dice = "disaster", C.TABLES.exploration.disaster_losses
    else:
        row = C.exploration_result(raw + mod)
        result, losses_dice = row.result, row.losses
    ctx.emit(ev.Rolled(seat=s.senators[sid].seat, purpose=f"exploration:{x.war}", dice=rolled, modifier=mod,
                       total=raw + mod, outcome=result))
    lost_key = f"lost_expedition:{x.id}"
    if bool(s.counters.get(lost_key)) != (result == "lost"):
        ctx.emit(ev.CountersSet(name=lost_key, value=int(result == "lost")))
    if result == "victory" and gone:  # nothing left to find: it simply comes home
        ctx.emit(ev.ForceEnded(force=x.id, armies_to="active", squadrons_to="active", reason="reached"))
        return
    if result == "victory":
        gain = max(ex.caravans, ex.fleets) // C.TABLES.exploration.victory_divisor
        ctx.emit(ev.SenatorChanged(senator=sid, influence=gain, popularity=gain, merchants=0, reason="exploration"))
        apply_effects(ctx, ex.victory, seat=-1, source=x.war)
        ctx.emit(ev.ForceEnded(force=x.id, armies_to="active", squadrons_to="active", reason="victory"))
        # V.7 / VI.1: the others come home at the end of the phase, except the Lost ones (R129)
        for other in [y for y in s.forces if y.war == x.war and y.id != x.id]:
            if not s.counters.get(f"lost_expedition:{other.id}"):
                ctx.emit(ev.CountersSet(name=f"reached:{other.id}", value=1))
        ctx.emit(ev.WarChanged(war=x.war, status="removed", reason="explored"))
        return
    units = x.caravans + x.fleets
    lost = 0
    if losses_dice is not None:
        total, _, _ = ctx.roll(s.senators[sid].seat, f"exploration_losses:{x.war}", losses_dice.dice,
                               losses_dice.plus + omens(s))
        lost = max(0, min(units, total))
    if lost:
        ctx.emit(ev.ExpeditionLost(force=x.id, caravans=min(lost, x.caravans), fleets=min(lost, x.fleets)))
    chits = -(-lost // C.TABLES.exploration.units_per_chit)
    commander_chits(ctx, [sid], chits, "exploration")
    x = force(s, f.count)
    if x is None:
        return
    if not in_command(s, x) or x.caravans + x.fleets <= 0:
        ctx.emit(ev.ForceEnded(force=x.id, armies_to="active", squadrons_to="active", reason="returned"))
    elif gone and result != "lost":  # R129: no longer Lost, its goal already reached
        ctx.emit(ev.ForceEnded(force=x.id, armies_to="active", squadrons_to="active", reason="reached"))
    elif result == "adventurers":  # R66: the commander chooses to go on or come home
        ctx.push(Frame(kind="adventurers", seat=s.senators[sid].seat, count=x.id))
    # "lost", "losses", "disaster": it stays out and rolls again next turn (R128)


# -- VI.2: wars -------------------------------------------------------------------------------------
def related_active(s: State, war: str) -> int:
    return sum(1 for x in C.related_wars(war) if x in s.wars and s.wars[x].status in ("active", "unprosecuted"))


def war_numbers(s: State, war: str) -> tuple[set[int], set[int]]:
    """Disaster and Retreat numbers, with the leaders' (R42)."""
    w = C.WARS[war]
    d, r = set(w.disaster), set(w.retreat)
    for ld in s.leaders_in_play:
        if war in C.LEADERS[ld].wars:
            d |= set(C.LEADERS[ld].disaster)
            r |= set(C.LEADERS[ld].retreat)
    return d, r


@automatic("battle")
def _battle(ctx: Ctx, f: Frame) -> None:
    """VI.2: 3 dice + the commanders' Military + the force - the war's strength (×2, ×3 with related
    Active wars; + its leaders). A naval war is first fought at sea with the squadrons alone; the land
    part needs a naval Victory and the squadron support. An unmodified roll on a Disaster or Retreat
    number is read instead of the table; a later force in the same war ignores them."""
    ctx.pop()
    s = ctx.s
    x = force(s, f.count)
    if x is not None and x.war == "rebels":
        if not still_to_fight(ctx):  # beaten, gone, or already successful this turn: nothing to fight
            ctx.emit(ev.ForceEnded(force=x.id, armies_to="active", squadrons_to="active", reason="war_over"))
            return
        roll_windows(ctx, x.id, "rebels", True)
        return
    if x is None or x.war not in s.wars:
        if x is not None:
            ctx.emit(ev.ForceEnded(force=x.id, armies_to="active", squadrons_to="active", reason="war_over"))
        return
    w = C.WARS[x.war]  # R67: troops whose commanders died or were taken fight on without one
    naval = w.naval > 0 and not s.wars[x.war].squadron_victory
    unable = cannot_fight(s, x.id, naval)
    if unable:  # R162: no battle; the force did not fight (VII.1) nor prosecute the war (VI.3)
        ctx.emit(ev.ForceEnded(force=x.id, armies_to="active", squadrons_to="active", reason=unable))
        return
    first = not s.counters.get(f"fought:{x.war}")
    ctx.emit(ev.CountersSet(name=f"fought:{x.war}", value=1))
    for sid in in_command(s, x):  # not a commander dead or taken in an earlier turn (R67)
        ctx.emit(ev.CountersSet(name=f"fought:{sid}", value=1))
    roll_windows(ctx, x.id, "naval" if naval else "land", first)


def cannot_fight(s: State, fid: int, naval: bool) -> str:
    """Why the force cannot give battle, or "": at sea it needs a squadron (V.7 Guerres navales: the
    squadrons and commanders alone), on land an army and, in a war with a naval part, the squadron
    support (R161, R162)."""
    w = C.WARS[force(s, fid).war]
    if naval:
        return "" if units(s, fid, "naval") else "no_squadrons"
    if not units(s, fid, "land"):
        return "no_armies"
    if w.squadron_support and units(s, fid, "naval") < w.squadron_support:
        return "no_support"
    return ""


def roll_windows(ctx: Ctx, fid: int, kind: str, first: bool) -> None:
    """R133: before each battle roll (the naval one, the land one, one against the rebels), every
    player holding a combat card that fits the roll may play it on this roll, clockwise from the SPHR
    (every hand is asked, R134); then the roll."""
    ctx.then(*windows(ctx.s, sphr_seat(ctx.s), f"combat:{'land' if kind == 'rebels' else kind}"),
             Frame(kind="battle_roll", count=fid, target=kind, nums=[int(first)]))


@automatic("battle_roll")
def _battle_roll(ctx: Ctx, f: Frame) -> None:
    """The roll the windows were for; a naval Victory then leads to the land part (V.7 Guerres
    navales). The cards played on it are spent with it (``use_one_roll_modifiers``)."""
    ctx.pop()
    s = ctx.s
    x = force(s, f.count)
    if x is None:
        return
    if f.target != "rebels" and x.war not in s.wars:
        ctx.emit(ev.ForceEnded(force=x.id, armies_to="active", squadrons_to="active", reason="war_over"))
        return
    if f.target == "rebels":
        rebel_battle(ctx, x.id)
        return
    w = C.WARS[x.war]
    first = bool(f.nums[0])
    if f.target == "land":
        fight(ctx, x.id, "land", first)
        return
    result = fight(ctx, x.id, "naval", first)
    if result != "victory" or force(s, x.id) is None:
        return
    ctx.emit(ev.SquadronVictory(war=x.war))
    x = force(s, x.id)
    if not any(a.place == f"force:{x.id}" for a in s.armies) or s.squadrons.get(f"force:{x.id}", 0) < w.squadron_support:
        ctx.emit(ev.ForceEnded(force=x.id, armies_to="active", squadrons_to="active", reason="squadron_victory"))
        return
    roll_windows(ctx, x.id, "land", first)


def fight(ctx: Ctx, fid: int, kind: str, may_retreat: bool) -> str:
    s = ctx.s
    x = force(s, fid)
    w = C.WARS[x.war]
    mult = 1 + min(related_active(s, x.war), 2)
    if kind == "naval":
        enemy = w.naval * mult
        troops = s.squadrons.get(f"force:{fid}", 0)
        rolls = ("combat", "naval_combat")
    else:
        enemy = strength(s, x.war)
        troops = army_strength(s, fid)
        rolls = ("combat", "land_combat")
    chiefs = in_command(s, x)
    mod = sum(military(c) + ability(c, rolls, w.group) for c in chiefs) + troops - enemy
    mod += modifier(s, rolls, w.group)
    use_one_roll_modifiers(ctx, rolls)
    rolled = tuple(ctx.rng.die(6) for _ in range(3))
    raw = sum(rolled)
    disaster, retreat = war_numbers(s, x.war)
    ignore = any(isinstance(e, fx.IgnoreDisasterRetreat) for c in chiefs if c in C.STATESMEN  # R56: while he commands
                 for e in C.STATESMEN[c].abilities)
    if may_retreat and not ignore and raw in disaster:
        result, lost, all_lost = "disaster", -(-units(s, fid, kind) * C.TABLES.combat.disaster_fraction_percent // 100), False
    elif may_retreat and not ignore and raw in retreat:
        result, lost, all_lost = "retreat", -(-units(s, fid, kind) * C.TABLES.combat.retreat_fraction_percent // 100), False
    else:
        row = C.combat_result(raw + mod)
        result, lost, all_lost = row.result, row.losses, row.all_lost
    if result in ("disaster", "retreat"):
        lost = max(1, lost)
    ctx.emit(ev.Rolled(seat=s.senators[chiefs[0]].seat if chiefs else -1, purpose=f"{kind}_battle:{x.war}", dice=rolled,
                       modifier=mod, total=raw + mod, outcome=result))
    have = units(s, fid, kind)
    lost = have if all_lost else min(lost, have)
    lose_units(ctx, fid, kind, lost)
    commanders = chiefs
    if result == "defeat":  # VI.2, Défaite: the commanders die; the troops left fight on (R67)
        for c in commanders:
            if c in s.senators:
                kill(ctx, c, "defeat")
        if force(s, fid) is not None and not units(s, fid, kind):  # R161: nothing left to stay at war
            ctx.emit(ev.ForceEnded(force=fid, armies_to="active", squadrons_to="active",
                                   reason="no_squadrons" if kind == "naval" else "no_armies"))
        return result
    captured = commander_chits(ctx, commanders, lost, "battle", capture=x.war)
    if result == "victory" and kind == "land":  # R163: the battle that wins the war frees its own prisoner
        for c in captured:                      # at once, back with his force: he is one of its victors
            ctx.emit(ev.SenatorMoved(senator=c, seat=s.senators[c].seat, where="war", face_up=True, reason="freed"))
    if result in ("retreat", "disaster", "attrition"):  # VI.2: the General office, without its 3 Influence
        for c in in_command(s, force(s, fid)) if force(s, fid) is not None else []:
            general_office(ctx, c, 0, result)
    x = force(s, fid)
    if x is None:
        return result
    if kind == "land" and result in ("victory", "attrition", "retreat") and units(s, fid, "land"):
        veteran(ctx, fid)
    if result == "victory" and kind == "land":
        war_won(ctx, fid)
    elif result == "victory":  # V.7 Guerres navales (R126): the sea Victory pays its commanders too,
        gain = -(-w.naval // 2)  # the one its own last chit captured among them (R168, as R163 on land)
        winners = [c for c in in_command(s, x) + captured if c in s.senators]
        share = -(-gain // max(1, len(winners)))
        for c in winners:
            ctx.emit(ev.SenatorChanged(senator=c, influence=share, popularity=share, merchants=0,
                                       reason="naval_victory"))
    elif not units(s, fid, kind):  # R161: no troops left to stay at war; a commander alone does not fight
        ctx.emit(ev.ForceEnded(force=fid, armies_to="active", squadrons_to="active",
                               reason="no_squadrons" if kind == "naval" else "no_armies"))
    return result


def war_won(ctx: Ctx, fid: int) -> None:
    """VI.2, Victoire: the commanders gain Influence and Popularity of half the war's printed land
    strength, shared (R16); the Treasury gains the spoils; the card's effects apply; deserters and the
    commerce cards it set aside come back; the armies go to the card of the commander with the most
    Popularity for the Civil War phase (VII.3), the squadrons home; the card leaves the game."""
    s = ctx.s
    x = force(s, fid)
    war = x.war
    w = C.WARS[war]
    gain = -(-w.land // 2)
    chiefs = in_command(s, x)
    share = -(-gain // max(1, len(chiefs)))
    for c in chiefs:
        ctx.emit(ev.SenatorChanged(senator=c, influence=share, popularity=share, merchants=0, reason="victory"))
    mark_victors(ctx, chiefs, fid)
    if spoils_due(ctx, war) and w.spoils:  # R19: none after a greater related war was won
        ctx.emit(ev.Transferred(source="bank", target="state", amount=w.spoils, reason=war))
    apply_effects(ctx, w.victory, seat=-1, source=war)
    war_over(ctx, war)
    for sid in sorted(x.id for x in s.senators.values() if x.where == f"captured:{war}"):  # R17: freed
        ctx.emit(ev.SenatorMoved(senator=sid, seat=s.senators[sid].seat, where="carthage", face_up=True,
                                 reason="freed"))
    armies_to = card_of(holder(ctx, chiefs)) if chiefs else "reserve"  # VII.3 decides where they go
    ctx.emit(ev.ForceEnded(force=fid, armies_to=armies_to, squadrons_to="active", reason="victory"))
    for other in [y for y in s.forces if y.war == war]:
        ctx.emit(ev.ForceEnded(force=other.id, armies_to="active", squadrons_to="active", reason="war_over"))
    ctx.emit(ev.WarChanged(war=war, status="removed", reason="victory"))
    auxiliaries_leave(ctx, war)


def war_over(ctx: Ctx, war: str) -> None:
    """A war leaves War Plans: deserters come back (on a Victory only, R49), the commerce cards it set
    aside go back to their piles; auxiliaries no war names any more leave the Reserve."""
    s = ctx.s
    for a in sorted({a.type for a in s.armies if a.place == f"deserted:{war}"}):
        n = sum(1 for b in s.armies if b.type == a and b.place == f"deserted:{war}")
        ctx.emit(ev.ForcesMoved(unit=a, count=n, origin=f"deserted:{war}", target="reserve", reason=war))
    if war in s.aside:
        by_pile: dict[int, list[str]] = {}
        for card in s.aside[war]:
            by_pile.setdefault(C.COMMODITIES[card].pile, []).append(card)
        for pile, cards in sorted(by_pile.items()):
            ctx.emit(ev.CommerceBack(pile=pile, cards=tuple(cards), reason=war))
        pay_debts(ctx)  # R61


def war_lost(ctx: Ctx, war: str, reason: str) -> None:
    """V.7, Demande de paix (and a war lost): Lost for good, 25 T a turn; its "Perte" effects. Its forces
    in the field come home (R127)."""
    ctx.emit(ev.WarChanged(war=war, status="lost", reason=reason))
    for x in [y for y in ctx.s.forces if y.war == war]:
        ctx.emit(ev.ForceEnded(force=x.id, armies_to="active", squadrons_to="active", reason=reason))
    for sid in sorted(x.id for x in ctx.s.senators.values() if x.where == f"captured:{war}"):
        kill(ctx, sid, "prisoner")  # VI.2: a prisoner not ransomed when the war is lost dies
    apply_effects(ctx, C.WARS[war].defeat, seat=-1, source=war)
    leaders_after_loss(ctx, war)


@automatic("combat_end")
def _combat_end(ctx: Ctx, f: Frame) -> None:
    """VI.3: an Active War no force fought this turn goes to the Unprosecuted zone (still Active, R20);
    IX.5 (R21): four Active or four Lost Wars at the end of the phase end the game, every player
    losing."""
    ctx.pop()
    s = ctx.s
    use_one_roll_modifiers(ctx, ("combat", "land_combat", "naval_combat"))  # R133: none outlives its roll
    for name in sorted(n for n in s.counters if n.startswith("reached:")):  # V.7: home at the phase's end
        fid = int(name.partition(":")[2])
        ctx.emit(ev.CountersSet(name=name, value=0))
        if force(s, fid) is not None:
            ctx.emit(ev.ForceEnded(force=fid, armies_to="active", squadrons_to="active", reason="reached"))
    for name in sorted(n for n in s.counters if n.startswith("lost_expedition:")):
        if force(s, int(name.partition(":")[2])) is None:
            ctx.emit(ev.CountersSet(name=name, value=0))
    for w, st in sorted(s.wars.items()):
        if st.status == "active" and not s.counters.get(f"fought:{w}"):
            ctx.emit(ev.WarChanged(war=w, status="unprosecuted", reason="not_prosecuted"))
    unfought(ctx)
    active, lost = war_counts(s)
    active += wars_counted(s)
    if active >= 4 or lost >= 4:
        ctx.begin("end_game", (), "four_active_wars" if active >= 4 else "four_lost_wars")  # (turn.py)
