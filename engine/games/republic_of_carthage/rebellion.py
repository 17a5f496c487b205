"""VII.3: the victorious commanders return their armies or rebel; the rebellion, its upkeep (II.5)
and the rebel war (fought in VI like a war, against the rebel force's strength).

How it is kept: a victory leaves the force's armies on the card of the commander with the most
Popularity (place ``victor:<senator>``, VI.2 Victoire) until VII.3. A rebel's armies lie on the
rebel card (place ``rebel``); the rebel senators have ``where == "rebel"``; ``State.rebel_leaders``
and ``State.rebels`` name them. The Senate fights them with a force sent to the war ``rebels``
(``REBELS``). Rulings R90-R99 (RULES.md).
"""

from __future__ import annotations

from . import commands as cmd
from . import components as C
from . import events as ev
from .deaths import draw_chits, kill, victims
from .events import Frame
from .field import generals_home
from .flow import SIMULTANEOUS, Ctx, automatic, decision, simultaneous
from .forces import (REBELS, ability, against_rebels, army_strength, force, in_command, lose_units, modifier,
                     units, use_one_roll_modifiers, veteran)
from .people import clockwise, commanders, in_carthage, military, offices_of, order_key, senators_of, sphr_seat
from .state import State

REBEL_UPKEEP = 2   # II.5: talents a turn for each rebel army that is not a veteran


# -- who and what is in rebellion ---------------------------------------------------------------------
def rebels_alive(s: State) -> list[str]:
    return [x for x in s.rebels if x in s.senators and s.senators[x].where == "rebel" and s.senators[x].face_up]


def leaders_alive(s: State) -> list[str]:
    alive = rebels_alive(s)
    return [x for x in s.rebel_leaders if x in alive]


def in_progress(s: State) -> bool:
    return bool(rebels_alive(s))


def rebel_seats(s: State) -> tuple[int, ...]:
    return tuple(sorted({s.senators[x].seat for x in rebels_alive(s)}))


def strength_of(a) -> int:
    return C.FORCES.veteran_strength if a.veteran else C.FORCES.army_strength


def rebel_strength(s: State) -> int:
    """VII.3, La guerre rebelle: the rebel armies (a veteran counts 2) plus the rebel commanders'
    Military."""
    return sum(strength_of(a) for a in s.armies if a.place == REBEL_PLACE) + sum(military(x) for x in leaders_alive(s))


REBEL_PLACE = "rebel"


def token(a) -> list[str]:
    """The words that name one army token in a frame: type, veteran (1/0), loyal, place."""
    return [a.type, "1" if a.veteran else "0", a.loyal, a.place]


def find(s: State, words: list[str]):
    unit, vet, loyal, place = words
    return next((a for a in s.armies if a.type == unit and a.veteran == (vet == "1") and a.loyal == loyal
                 and a.place == place), None)


def move(ctx: Ctx, a, target: str, reason: str) -> None:
    ctx.emit(ev.ArmyMoved(unit=a.type, origin=a.place, target=target, veteran=a.veteran, loyal=a.loyal, reason=reason))


def card_of(sid: str) -> str:
    return f"victor:{sid}"


def seconded(s: State, sid: str) -> bool:
    """He won as the second commander of his force, the General named beside the Suffète in a Crisis
    (R100), counter ``co_victor:<senator>``. Not read from the General tokens: the commander who led
    the force holds one too after a Retreat, a Disaster or an Attrition (R101, R152)."""
    return bool(s.counters.get(f"co_victor:{sid}"))


def mark_victors(ctx: Ctx, chiefs: list[str], fid: int) -> None:
    """VI.2 Victoire: the commanders still with the force are its victors (``victor:<senator>``, the
    force), the one who led it first; the others are his co-commanders (``co_victor``, VII.3)."""
    for i, c in enumerate(chiefs):
        ctx.emit(ev.CountersSet(name=f"victor:{c}", value=fid))
        if i and len(chiefs) > 1:
            ctx.emit(ev.CountersSet(name=f"co_victor:{c}", value=1))


# -- VII.3: the victors ---------------------------------------------------------------------------------
def victors(s: State) -> list[str]:
    """The victorious commanders still in play, from the SPHR's seat clockwise."""
    order = clockwise(s, sphr_seat(s))
    out = [n.partition(":")[2] for n in s.counters if n.startswith("victor:")]
    out = [x for x in out if x in s.senators and s.senators[x].face_up and s.senators[x].seat >= 0]
    return sorted(out, key=lambda x: (order.index(s.senators[x].seat), order_key(x)))


def partner(s: State, sid: str) -> str:
    """The other commander of the same victorious force (a Crisis co-command), if any."""
    fid = s.counters.get(f"victor:{sid}")
    return next((x for x in victors(s) if x != sid and s.counters.get(f"victor:{x}") == fid), "")


def victor_frames(s: State) -> list[Frame]:
    """One decision per victorious commander; the General who won beside the commander who led the
    force cannot start a rebellion (he may join it, VII.3 Commandement double): the leader decides
    for the two (R91, R152)."""
    frames = []
    for sid in victors(s):
        other = partner(s, sid)
        if other and seconded(s, sid) and not seconded(s, other):
            continue
        frames.append(Frame(kind="rebel_choice", seat=s.senators[sid].seat, senator=sid,
                            target=other if other and seconded(s, other) else ""))
    return frames + [Frame(kind="victors_done")]


def pool(s: State, sids: list[str]) -> list:
    places = {card_of(x) for x in sids if x}
    return [a for a in s.armies if a.place in places]


def contestable(s: State, sid: str) -> bool:
    """VII.3 Rebelles multiples (R90): a rebellion declared in this step (not one of an earlier turn)
    may still be contested by a victor of another faction, who must prove stronger."""
    return (in_progress(s) and s.counters.get("rebellion_turn") == s.turn
            and s.senators[sid].seat not in rebel_seats(s))


@decision("rebel_choice", "return your armies to the board, or rebel against Carthage with them (VII.3; while "
                          "a rebellion declared in this step stands, only a stronger force takes its place, R90)")
class RebelChoice:
    @staticmethod
    def legal(s: State, f: Frame):
        if not in_carthage(s, f.senator):
            return []
        # VII.3 Allégeance: his loyal veterans join him whether or not they were in his force
        if not pool(s, [f.senator, f.target]) and not any(loyal_veterans(s, x) for x in (f.senator, f.target) if x):
            return []
        if in_progress(s) and not contestable(s, f.senator):
            return []
        return [cmd.ChooseOption(option="return"), cmd.ChooseOption(option="rebel")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        s = ctx.s
        chief, other = f.senator, f.target
        if c.option == "return":
            for a in pool(s, [chief, other]):
                move(ctx, a, "reserve", "returned")
            return
        steps: list[Frame] = []
        if other and in_carthage(s, other):
            if s.senators[other].seat != s.senators[chief].seat:
                # VII.3 Commandement double: each army drawn at random goes to the higher secret bid
                seats = [s.senators[chief].seat, s.senators[other].seat]
                for a in ctx.rng.shuffled(sorted(pool(s, [chief, other]), key=token)):
                    steps += [Frame(kind="rebel_bid", seat=SIMULTANEOUS, senator=chief, target=other,
                                    nums=list(seats), strs=token(a)),
                              Frame(kind="rebel_bid_reveal", senator=chief, target=other, strs=token(a))]
            else:
                for a in pool(s, [other]):
                    move(ctx, a, card_of(chief), "same_faction")
            steps.append(Frame(kind="rebel_join", seat=s.senators[other].seat, senator=other, target=chief))
        steps.append(Frame(kind="rebel_declare", senator=chief))
        ctx.then(*steps)


def bidder(s: State, f: Frame, seat: int) -> str:
    return f.senator if s.senators[f.senator].seat == seat else f.target


@simultaneous("rebel_bid", "your secret bid in talents of your commander for this army (VII.3, Commandement "
                           "double: the higher bid pays the bank and takes the army)")
class RebelBid:
    @staticmethod
    def legal(s: State, f: Frame, seat: int):
        if seat not in f.nums or find(s, f.strs) is None:
            return []
        return cmd.numbers(0, s.senators[bidder(s, f, seat)].talents)

    @staticmethod
    def act(ctx: Ctx, f: Frame, c, seat: int) -> None:
        ctx.emit_private(ev.ChoiceMade(seat=seat, step="rebel_bid", names=(str(c.number),)), (seat,),
                         ev.ChoiceMadeRedacted(seat=seat, step="rebel_bid"))
        f.nums.remove(seat)


@automatic("rebel_bid_reveal")
def _rebel_bid_reveal(ctx: Ctx, f: Frame) -> None:
    """The two bids are shown; the higher pays the bank and takes the army on his card; a tie is
    settled by a die (1-3 the Suffète, 4-6 the General)."""
    ctx.pop()
    s = ctx.s
    a = find(s, f.strs)
    chief, other = f.senator, f.target
    seats = (s.senators[chief].seat, s.senators[other].seat)
    bids = [int(s.committed[x][0]) if s.committed and s.committed[x] else 0 for x in seats]
    ctx.emit(ev.ChoicesRevealed(step="rebel_bid", seats=seats, choices=tuple(f"{x}|{b}" for x, b in zip(seats, bids))))
    if a is None:
        return
    if bids[0] != bids[1]:
        winner = chief if bids[0] > bids[1] else other
    else:
        _, winner, _ = ctx.roll(-1, "rebel_bid_tie", 1, 0, lambda t: chief if t <= 3 else other)
    paid = max(bids)
    if paid:
        ctx.emit(ev.Transferred(source=f"senator:{winner}", target="bank", amount=paid, reason="rebel_bid"))
    if a.place != card_of(winner):
        move(ctx, a, card_of(winner), "rebel_bid")


@decision("rebel_join", "join the Suffète's rebellion with the armies on your card, or return them (VII.3)")
class RebelJoin:
    @staticmethod
    def legal(s: State, f: Frame):
        if not in_carthage(s, f.senator) or not in_carthage(s, f.target):
            return []
        return [cmd.ChooseOption(option="join"), cmd.ChooseOption(option="return")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        if c.option == "join":
            for x in reversed(ctx.s.flow):
                if x.kind == "rebel_declare" and x.senator == f.target:
                    x.strs.append(f.senator)
                    break
            return
        for a in pool(ctx.s, [f.senator]):
            move(ctx, a, "reserve", "returned")


def turn_rebel(ctx: Ctx, sid: str, reason: str) -> None:
    """A senator goes into rebellion: he leaves Carthage and his offices (VII.3, Complices)."""
    s = ctx.s
    for office in offices_of(s, sid):
        ctx.emit(ev.OfficeLeft(office=office, reason="rebellion"))
    x = s.senators[sid]
    ctx.emit(ev.SenatorMoved(senator=sid, seat=x.seat, where=REBEL_PLACE, face_up=True, reason=reason))


@automatic("rebel_declare")
def _rebel_declare(ctx: Ctx, f: Frame) -> None:
    """VII.3: the commander (and a General who joins him) rebel: they leave Carthage; the veterans loyal
    to them join at once; every other army on their cards rolls for its allegiance (a veteran loyal to
    another senator follows his player's choice); then the other senators of the rebel factions declare
    whether they rebel too."""
    ctx.pop()
    s = ctx.s
    leaders = [x for x in [f.senator, *f.strs] if in_carthage(s, x)]
    if not leaders:
        return
    if in_progress(s):
        if contestable(s, leaders[0]):
            ctx.then(*challenge(ctx, leaders))
        return
    for sid in leaders:
        turn_rebel(ctx, sid, "rebellion")
    ctx.emit(ev.RebelsChanged(leaders=tuple(leaders), rebels=tuple(leaders), reason="declared"))
    ctx.emit(ev.CountersSet(name="rebellion_turn", value=s.turn))
    steps: list[Frame] = []
    for sid in leaders:
        for a in loyal_veterans(s, sid):
            move(ctx, a, REBEL_PLACE, "loyal_veteran")
        for a in sorted(pool(s, [sid]), key=token):
            owner = a.loyal if a.veteran and a.loyal in s.senators else ""
            if owner and s.senators[owner].seat >= 0:
                steps.append(Frame(kind="veteran_joins", seat=s.senators[owner].seat, senator=owner, strs=token(a)))
            else:
                steps.append(Frame(kind="allegiance", seat=s.senators[sid].seat, senator=sid, strs=token(a)))
    for seat in sorted({s.senators[x].seat for x in leaders}):
        steps += [Frame(kind="accomplice", seat=seat, senator=x.id) for x in senators_of(s, seat)
                  if in_carthage(s, x.id)]
    ctx.then(*steps)


def challenge(ctx: Ctx, leaders: list[str]) -> list[Frame]:
    """VII.3 Rebelles multiples (R90): a victor who would rebel while a rebellion declared in this step
    stands gathers his force first, staying in Carthage: the veterans loyal to him come onto his card,
    every other army on it rolls for its allegiance (a veteran loyal to another senator follows that
    player's choice); those that join stay on the card, the others go back to the Reserve. Then the two
    forces are compared (``rebel_contest``)."""
    s = ctx.s
    steps: list[Frame] = []
    for sid in leaders:
        for a in loyal_veterans(s, sid):
            if a.place != card_of(sid):
                move(ctx, a, card_of(sid), "loyal_veteran")
        for a in sorted(pool(s, [sid]), key=token):
            if a.veteran and a.loyal in leaders:
                continue
            owner = a.loyal if a.veteran and a.loyal in s.senators else ""
            if owner and s.senators[owner].seat >= 0:
                steps.append(Frame(kind="veteran_joins", seat=s.senators[owner].seat, senator=owner, target=CONTEST,
                                   strs=token(a)))
            else:
                steps.append(Frame(kind="allegiance", seat=s.senators[sid].seat, senator=sid, target=CONTEST,
                                   strs=token(a)))
    return steps + [Frame(kind="rebel_contest", senator=leaders[0], strs=list(leaders))]


CONTEST = "contest"  # frame target: the allegiance of a force contesting a rebellion (R90)


def force_strength(s: State, leaders: list[str]) -> int:
    """A would-be rebel's force as VII.3 counts the rebel force: the armies on the commanders' cards (a
    veteran counts 2) plus the commanders' Military."""
    return sum(strength_of(a) for a in pool(s, leaders)) + sum(military(x) for x in leaders)


@automatic("rebel_contest")
def _rebel_contest(ctx: Ctx, f: Frame) -> None:
    """VII.3 Rebelles multiples (R90): the contesting force (armies gathered + Military) against the
    rebel force. Stronger (strictly): the earlier rebels stand down (back to Carthage, not beaten, their
    armies to the Reserve; offices they left stay lost) and the contesting commanders rebel with the
    armies gathered, their factions' senators then declaring. Not stronger (a tie included): he stays
    loyal and his armies go back to the Reserve."""
    ctx.pop()
    s = ctx.s
    leaders = [x for x in f.strs if in_carthage(s, x)]
    if not leaders or not contestable(s, leaders[0]):
        return
    if force_strength(s, leaders) <= rebel_strength(s):
        for a in sorted(pool(s, leaders), key=token):
            move(ctx, a, "reserve", "weaker_rebel")
        return
    for a in sorted((a for a in s.armies if a.place == REBEL_PLACE), key=token):
        move(ctx, a, "reserve", "superseded")
    for sid in rebels_alive(s):
        x = s.senators[sid]
        ctx.emit(ev.SenatorMoved(senator=sid, seat=x.seat, where="carthage", face_up=True, reason="superseded"))
    ctx.emit(ev.RebelsChanged(leaders=(), rebels=(), reason="superseded"))
    for sid in leaders:
        turn_rebel(ctx, sid, "rebellion")
    ctx.emit(ev.RebelsChanged(leaders=tuple(leaders), rebels=tuple(leaders), reason="declared"))
    for a in sorted(pool(s, leaders), key=token):
        move(ctx, a, REBEL_PLACE, "allegiance")
    steps: list[Frame] = []
    for seat in sorted({s.senators[x].seat for x in leaders}):
        steps += [Frame(kind="accomplice", seat=seat, senator=x.id) for x in senators_of(s, seat)
                  if in_carthage(s, x.id)]
    ctx.then(*steps)


def loyal_veterans(s: State, sid: str) -> list:
    """Veterans loyal to ``sid`` on the board (the Reserve, Active Forces, a victor's card)."""
    return sorted((a for a in s.armies if a.veteran and a.loyal == sid
                   and (a.place in ("reserve", "active") or a.place.startswith("victor:"))), key=token)


@decision("allegiance", "talents of the rebel's own to add to the allegiance roll of this army, +1 each "
                        "(VII.3, Allégeance des armées)")
class Allegiance:
    @staticmethod
    def legal(s: State, f: Frame):
        if find(s, f.strs) is None:
            return []
        if not (in_carthage(s, f.senator) if f.target == CONTEST else f.senator in rebels_alive(s)):
            return []
        return cmd.numbers(0, s.senators[f.senator].talents)

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        s = ctx.s
        a = find(s, f.strs)
        t = C.TABLES.allegiance
        if c.number:
            ctx.emit(ev.Transferred(source=f"senator:{f.senator}", target="bank", amount=c.number, reason="allegiance"))
        bonus = ability(f.senator, ("allegiance",), None)  # the armies on his card: 3B's and 5A's +2 (R56)
        _, outcome, _ = ctx.roll(f.seat, f"allegiance:{a.type}", t.dice,
                                 c.number // t.talents_per_point + bonus + modifier(s, ("allegiance",)), C.allegiance)
        if outcome != "joins":
            move(ctx, a, "reserve", "allegiance")
        elif f.target != CONTEST:  # contesting (R90), an army that joins stays on its commander's card
            move(ctx, a, REBEL_PLACE, "allegiance")


@decision("veteran_joins", "whether this veteran, loyal to your senator, joins the rebels (VII.3)")
class VeteranJoins:
    @staticmethod
    def legal(s: State, f: Frame):
        if not in_progress(s) or find(s, f.strs) is None:
            return []
        return [cmd.ChooseOption(option="join"), cmd.ChooseOption(option="stay")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        a = find(ctx.s, f.strs)
        if c.option == "join":
            if f.target != CONTEST:  # contesting (R90), it stays on the contesting commander's card
                move(ctx, a, REBEL_PLACE, "loyal_veteran")
        elif a.place.startswith("victor:"):
            move(ctx, a, "reserve", "returned")


@decision("accomplice", "whether this senator of the rebel faction joins the rebellion (VII.3, Complices)")
class Accomplice:
    @staticmethod
    def legal(s: State, f: Frame):
        if not in_progress(s) or not in_carthage(s, f.senator):
            return []
        return [cmd.ChooseOption(option="rebel"), cmd.ChooseOption(option="stay")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        if c.option == "stay":
            return
        s = ctx.s
        turn_rebel(ctx, f.senator, "accomplice")
        ctx.emit(ev.RebelsChanged(leaders=tuple(s.rebel_leaders), rebels=(*s.rebels, f.senator), reason="accomplice"))
        ctx.then(*[Frame(kind="veteran_joins", seat=f.seat, senator=f.senator, strs=token(a))
                   for a in loyal_veterans(s, f.senator)])


@automatic("victors_done")
def _victors_done(ctx: Ctx, f: Frame) -> None:
    """Every army still on a victor's card goes back to the Reserve (VI.2 Victoire)."""
    ctx.pop()
    s = ctx.s
    for a in sorted((a for a in s.armies if a.place.startswith("victor:")), key=token):
        move(ctx, a, "reserve", "returned")
    for name in sorted(s.counters):
        if name.startswith(("victor:", "co_victor:", "fought:")):
            ctx.emit(ev.CountersSet(name=name, value=0))
    generals_home(ctx)


# -- II.5: the rebels' upkeep, and a rebellion with nobody or nothing left -------------------------------
def settle(ctx: Ctx) -> None:
    """A rebellion whose rebels are all dead ends (its armies go back to the Reserve); one with no
    army left collapses and its rebels die as if beaten (R93)."""
    s = ctx.s
    if not s.rebels or winners(s):
        return
    if not rebels_alive(s):
        for a in sorted((a for a in s.armies if a.place == REBEL_PLACE), key=token):
            move(ctx, a, "reserve", "rebellion_over")
        ctx.emit(ev.RebelsChanged(leaders=(), rebels=(), reason="no_rebels_left"))
    elif not any(a.place == REBEL_PLACE for a in s.armies):
        for sid in rebels_alive(s):
            kill(ctx, sid, "rebellion_failed")
        ctx.emit(ev.RebelsChanged(leaders=(), rebels=(), reason="no_army_left"))


def rebel_upkeep(ctx: Ctx) -> None:
    """II.5: the rebels, not the State, pay 2 T a turn for each rebel army that is not a veteran: from
    the rebel faction's treasury, then the rebels' own talents (they share their treasuries, VII.3);
    the armies they cannot pay for go back to the Senate (Active Forces)."""
    settle(ctx)
    s = ctx.s
    if not s.rebels:
        return
    unpaid = sorted((a for a in s.armies if a.place == REBEL_PLACE and not a.veteran), key=token)
    sources = [f"faction:{x}" for x in rebel_seats(s)] + [f"senator:{x}" for x in rebels_alive(s)]
    funds = {p: (s.faction_treasury[int(p[8:])] if p.startswith("faction:") else s.senators[p[8:]].talents)
             for p in sources}
    affordable = min(len(unpaid), sum(funds.values()) // REBEL_UPKEEP)
    due = affordable * REBEL_UPKEEP
    for p in sources:
        take = min(due, funds[p])
        if take:
            ctx.emit(ev.Transferred(source=p, target="bank", amount=take, reason="rebel_upkeep"))
            due -= take
    for a in unpaid[affordable:]:
        move(ctx, a, "active", "unpaid")
    settle(ctx)


# -- VI: the rebel war -----------------------------------------------------------------------------------
def rebel_battle(ctx: Ctx, fid: int) -> None:
    """VII.3, Combattre les rebelles: 3 dice + the Senate commanders' Military + their force - the rebel
    strength; no Disaster or Retreat numbers. Unless the result is "all", the losses strike both
    forces alike; one group of chits for every commander of both sides (no prisoners, R94). Victory:
    the rebels die, the victors gain Influence and Popularity of half the rebel strength (shared,
    rounded up). Attrition: both stay for next turn. Defeat: the rebellion succeeds, the rebel troops
    lose nothing (the rebels win if Carthage survives the turn)."""
    s = ctx.s
    x = force(s, fid)
    if not still_to_fight(ctx):
        ctx.emit(ev.ForceEnded(force=fid, armies_to="active", squadrons_to="active", reason="war_over"))
        return
    chiefs = in_command(s, x)
    if not chiefs:
        ctx.emit(ev.ForceEnded(force=fid, armies_to="active", squadrons_to="active", reason="no_commander"))
        return
    ctx.emit(ev.CountersSet(name=f"fought:{REBELS}", value=1))
    for sid in x.commanders:
        ctx.emit(ev.CountersSet(name=f"fought:{sid}", value=1))
    rolls = ("combat", "land_combat")
    enemy = rebel_strength(s)
    mod = sum(military(c) + ability(c, rolls, None) for c in chiefs) + army_strength(s, fid) - enemy
    mod += modifier(s, rolls, None)
    use_one_roll_modifiers(ctx, rolls)
    rolled = tuple(ctx.rng.die(6) for _ in range(C.TABLES.combat.dice))
    row = C.combat_result(sum(rolled) + mod)
    ctx.emit(ev.Rolled(seat=s.senators[chiefs[0]].seat, purpose=f"land_battle:{REBELS}", dice=rolled, modifier=mod,
                       total=sum(rolled) + mod, outcome=row.result))
    have = units(s, fid, "land")
    rebel_units = sorted((a for a in s.armies if a.place == REBEL_PLACE), key=token)
    if row.result == "defeat":
        ours, theirs = (have if row.all_lost else min(row.losses, have)), 0
    else:
        ours, theirs = min(row.losses, have), min(row.losses, len(rebel_units))
    lose_units(ctx, fid, "land", ours)
    for _ in range(theirs):
        a = rebel_units.pop(ctx.rng.below(len(rebel_units)))
        move(ctx, a, "out", "battle")
    chits(ctx, chiefs + leaders_alive(s), max(ours, theirs))
    x = force(s, fid)
    if x is not None and row.result in ("victory", "attrition") and units(s, fid, "land"):
        veteran(ctx, fid)
    if row.result == "victory":
        rebellion_beaten(ctx, fid, enemy)
    elif row.result == "defeat":
        rebellion_won(ctx, "battle")
        if force(s, fid) is not None:
            ctx.emit(ev.ForceEnded(force=fid, armies_to="active", squadrons_to="active", reason="defeat"))
    elif x is not None and not in_command(s, x):
        ctx.emit(ev.ForceEnded(force=fid, armies_to="active", squadrons_to="active", reason="no_commander"))
    elif x is not None and not units(s, fid, "land"):  # Usure: no troops left to stay at war (R154)
        ctx.emit(ev.ForceEnded(force=fid, armies_to="active", squadrons_to="active", reason="no_armies"))


def still_to_fight(ctx: Ctx) -> bool:
    """Is there a rebellion for a force to fight? Not once it ended (R93) or was beaten, nor once a
    Defeat made it succeed this turn (VII.3, La rébellion réussit: the rebels have won if Carthage
    survives the turn; a later force that turn has nothing left to fight, R151)."""
    settle(ctx)
    return bool(ctx.s.rebels) and not winners(ctx.s)


def chits(ctx: Ctx, among: list[str], lost: int) -> None:
    """One group of Mortality chits, one per unit lost, against every commander of both sides."""
    if not lost or not among:
        return
    for n in draw_chits(ctx, lost, "rebel_battle"):
        sid = victims(ctx, n, set(among))
        if sid and sid in ctx.s.senators and ctx.s.senators[sid].where in ("war", REBEL_PLACE):
            kill(ctx, sid, "battle")


def rebellion_beaten(ctx: Ctx, fid: int, enemy: int) -> None:
    s = ctx.s
    x = force(s, fid)
    chiefs = in_command(s, x) if x is not None else []
    gain = -(-enemy // 2)
    share = -(-gain // max(1, len(chiefs)))
    for c in chiefs:
        ctx.emit(ev.SenatorChanged(senator=c, influence=share, popularity=share, merchants=0, reason="rebels_beaten"))
    mark_victors(ctx, chiefs, fid)
    for sid in rebels_alive(s):
        kill(ctx, sid, "rebellion_failed")
    for a in sorted((a for a in s.armies if a.place == REBEL_PLACE), key=token):
        move(ctx, a, "reserve", "rebellion_over")
    ctx.emit(ev.RebelsChanged(leaders=(), rebels=(), reason="beaten"))
    if x is not None:
        ctx.emit(ev.ForceEnded(force=fid, armies_to=card_of(holder(ctx, chiefs)) if chiefs else "reserve",
                               squadrons_to="active", reason="victory"))


def holder(ctx: Ctx, chiefs: list[str]) -> str:
    """VI.2 Victoire: the armies go to the card of the commander with the most Popularity (ties by lot)."""
    s = ctx.s
    best = max(s.senators[c].popularity for c in chiefs)
    top = [c for c in chiefs if s.senators[c].popularity == best]
    return top[0] if len(top) == 1 else top[ctx.rng.below(len(top))]


def rebellion_won(ctx: Ctx, reason: str) -> None:
    """The rebellion succeeds: the rebel players win at the end of the turn if Carthage survives it
    (IX.1)."""
    s = ctx.s
    for seat in rebel_seats(s):
        ctx.emit(ev.CountersSet(name=f"rebellion_won:{seat}", value=1))
    for a in sorted((a for a in s.armies if a.place == REBEL_PLACE), key=token):
        move(ctx, a, "reserve", f"rebellion_{reason}")


def winners(s: State) -> tuple[int, ...]:
    return tuple(sorted(int(n.partition(":")[2]) for n in s.counters if n.startswith("rebellion_won:")))


def unfought(ctx: Ctx) -> None:
    """VII.3, La guerre rebelle: a Combat phase in which the Senate sent no force against a rebellion
    declared in an earlier turn makes it succeed."""
    settle(ctx)
    s = ctx.s
    if (in_progress(s) and not s.counters.get(f"fought:{REBELS}") and not winners(s)
            and s.counters.get("rebellion_turn", s.turn) < s.turn):
        rebellion_won(ctx, "unopposed")


def wars_counted(s: State) -> int:
    """The rebellion counts as one of the four wars that end the Republic (VII.3)."""
    return 1 if in_progress(s) else 0


# -- V.7: the Senate may send a force against the rebels -------------------------------------------------
def business(s: State) -> list[str]:
    if in_progress(s) and commanders(s) and against_rebels(s):
        return [f"prosecute:{REBELS}"]
    return []
