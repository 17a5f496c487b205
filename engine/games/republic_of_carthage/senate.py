"""V. Phase de Sénat: the order of business. Council terms (V.1), the two Suffètes, the Council seats,
the governors (with the Senate's refill), then the other business (forces, wars, expeditions, peace,
the tax rate, concessions, the Suffète for Life, and the business of ``field`` and ``rebellion``)
until the presiding officer adjourns; and what each of these proposals does once passed
(``proposals.PASSED``).

How a proposal is made, voted and tallied is ``votes`` (V, Fonctionnement du Sénat), over
``proposals``; the presiding officer's own choices are ``presiding``; the trials (V.5) ``trials``.
"""

from __future__ import annotations

from . import commands as cmd
from . import components as C
from . import events as ev
from .events import Frame
from .cards import windows
from .combat import war_lost
from .field import business as in_the_field
from .field import business_item, co_command_frame, co_commanders_sent, split_co
from .flow import Ctx, automatic, decision
from .forces import REBELS, all_active, land_units, strength, units_at
from .outcry import last_call
from .people import COUNCIL, commanders, in_carthage, order_key, senators_of
from .presiding import presiding_officer, presiding_seat, senate_ends
from .proposals import FLOOR, NO, PASSED, YES, any_eligible, eligible, ps_frame, rejected, still_eligible
from .rebellion import business as rebellion_business
from .rebellion import in_progress as rebellion_in_progress
from .state import CARTHAGE, SENATE, State, units_home
from .trials import exiles, mark_commander
from .votes import propose

TAX_TRACK = C.BOARD.tax_track  # V.7: the legal rates, multiples of 10 below 100 (board.json)
TAX_STEP, TAX_MAX = TAX_TRACK[1] - TAX_TRACK[0], TAX_TRACK[-1]  # a vote moves the rate one space
SUFFETE_FOR_LIFE_INFLUENCE = 21  # V.7, Élection à vie des Suffètes: at least 21 Influence
WARS_ON = ("active", "unprosecuted")  # the wars the Senate may end by peace (R20)
def crisis(s: State) -> bool:
    """V.7, Crise: three Active Wars or more, or one of strength 20 or more, as the Senate opens."""
    active = [w for w, x in s.wars.items() if x.status in ("active", "unprosecuted")]
    return len(active) >= 3 or any(strength(s, w) >= 20 for w in active)


# -- the phase ---------------------------------------------------------------------------------------
@automatic("senate", keeps_frame=True)
def _senate(ctx: Ctx, f: Frame) -> None:
    """V.1: each Council member's term marker moves one box; at the end of the track the office goes
    to the Port (red marker onto the member). The Master of the Agora leaves only at the Trade
    phase's check (R11). Then the order of business."""
    ctx.pop()
    s = ctx.s
    ctx.emit(ev.PhaseBegan(phase=SENATE))
    ctx.emit(ev.CountersSet(name="crisis", value=int(crisis(s))))
    for office in COUNCIL:
        holder = s.offices.get(office, "")
        if not holder:
            continue
        left = s.terms.get(office, 0) - 1
        red = office in s.red_terms
        if left <= 0 and office != "master_of_the_agora":
            ctx.emit(ev.CountersSet(name=f"left_office:{holder}:turn", value=1))  # V.4: he may refuse a seat
            ctx.emit(ev.OfficeLeft(office=office, reason="term"))
            if red:
                ctx.emit(ev.MarkersSet(senator=holder, red=s.senators[holder].red + 1))
        else:
            ctx.emit(ev.TermMarked(holder=office, left=max(left, 0), red=red))
    ctx.then(Frame(kind="plots"), Frame(kind="elect_suffetes"), Frame(kind="fill_council"), Frame(kind="trials"), Frame(kind="fill_governors"),
             *windows(s, presiding_seat(s), "senate"), Frame(kind="business"))


# -- V.7: other business ------------------------------------------------------------------------------
def business_options(s: State) -> list[str]:
    out = []
    for unit in recruitable(s):
        out.append(f"recruit:{unit}")
    for unit in sorted({a.type for a in s.armies if a.place == "active"} | ({"squadron"} if s.squadrons.get("active") else set())):
        if not rejected(s, f"disband+{unit}+1"):
            out.append(f"disband:{unit}")
    if commanders(s):
        for war in sorted(w for w, x in s.wars.items() if x.status != "lost"):
            if may_prosecute(s, war):
                out.append(f"prosecute:{war}")
    some_eligible = any_eligible(s)
    if some_eligible:
        for exp in s.explorations:
            if not rejected(s, f"expedition+{exp}+1"):
                out.append(f"expedition:{exp}")
    for war in sorted(w for w, x in s.wars.items() if x.status in WARS_ON):
        if not rejected(s, f"peace+{war}+0"):  # V.7 Demande de paix: even with a force in the field (R127)
            out.append(f"peace:{war}")
    if not s.counters.get("tax_changed"):
        if s.tax_rate < TAX_MAX and not rejected(s, "tax+up+0"):
            out.append("tax:up")
        if s.tax_rate > 0 and not rejected(s, "tax+down+0"):
            out.append("tax:down")
    if some_eligible or any(x.seat >= 0 and x.face_up and x.where == CARTHAGE for x in s.senators.values()):
        for con in sorted(c for c, h in s.concessions.items() if h == ""):
            if not s.counters.get(f"proposed:{con}"):
                out.append(f"concession:{con}")
    if not s.counters.get("suffete_for_life_proposed"):
        for sid in sorted((x.id for x in s.senators.values()  # the few who may, in card order (in Carthage)
                           if x.seat >= 0 and x.face_up and x.where == CARTHAGE and x.influence >= SUFFETE_FOR_LIFE_INFLUENCE), key=order_key):
            out.append(f"suffete_for_life:{sid}")
    out += rebellion_business(s)
    out += in_the_field(s)
    out += [f"recall_exile:{x}" for x in exiles(s) if not rejected(s, f"recall_exile+{x}++0")]
    return out + ["adjourn"]


def cost(s: State, unit: str) -> int:
    """V.7 and Terminologie: the Recruitment table's cost, doubled (tripled) by Ineffective Recruitment,
    and changed by the cards in force."""
    base = C.recruitment_cost(unit, s.counters.get("ineffective_recruitment", 0))
    for key in ("cost_percent:turn", "cost_percent:permanent"):
        base = base * s.counters.get(key, 100) // 100
    return max(1, base)


def recruitable(s: State) -> list[str]:
    if s.counters.get("no_recruitment"):
        return []
    units = sorted({a.type for a in s.armies if a.place == "reserve"})
    if s.squadrons.get("reserve"):
        units.append("squadron")
    return [u for u in units if cost(s, u) <= s.treasury and not rejected(s, f"recruit+{u}+1")]


def at_sea(s: State, war: str) -> bool:
    """V.7 Guerres navales: a war with a sea part not yet won (no Squadron Victory) is fought at sea first."""
    return C.WARS[war].naval > 0 and not s.wars[war].squadron_victory


def least_squadrons(s: State, war: str) -> int:
    """R164: the fewest squadrons a force for ``war`` may take: one for a sea part (fought with the
    squadrons alone), else the squadron support the land part needs (the card's second number)."""
    return 1 if at_sea(s, war) else C.WARS[war].squadron_support


def may_prosecute(s: State, war: str) -> bool:
    """R164 (V.7 Entreprendre des Guerres, Guerres navales): the Senate sends a force able to fight the
    part of the war it meets: at sea a squadron, armies optional; on land an army that may go to the war
    and the squadron support."""
    if not at_sea(s, war) and not land_units(s, war):
        return False
    return s.squadrons.get("active", 0) >= least_squadrons(s, war)


@automatic("business", keeps_frame=True)
def _business(ctx: Ctx, f: Frame) -> None:
    ctx.pop()
    s = ctx.s
    if s.counters.get(FLOOR):  # a floor proposal that could not be completed
        ctx.emit(ev.CountersSet(name=FLOOR, value=0))
    if not presiding_officer(s):
        return
    ctx.push(ps_frame(s, "other_business"))
    ctx.push(Frame(kind="plots"))  # R76: assassinations between two items of business


@decision("other_business", "the presiding officer's next kind of proposal, or adjourn (V.7)")
class OtherBusiness:
    @staticmethod
    def legal(s: State, f: Frame):
        kinds = sorted({x.partition(":")[0] for x in business_options(s)} - {"adjourn"})
        if f.strs == ["floor"]:  # V.7, Prendre la parole: a proposal, no adjournment
            return [cmd.ChooseOption(option=x) for x in kinds]
        return [cmd.ChooseOption(option=x) for x in kinds + ["adjourn"]]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        if c.option != "adjourn":
            ctx.push(Frame(kind="business_item", seat=f.seat, target=c.option, strs=list(f.strs)))
        else:
            last_call(ctx, f.seat)  # no adjournment before every request for the floor is met (V.7)


@decision("business_item", "the proposal itself (V.7)")
class BusinessItem:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseOption(option=x) for x in business_options(s) if x.partition(":")[0] == f.target]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        s = ctx.s
        what, _, arg = c.option.partition(":")
        if f.strs != ["floor"]:  # a proposal made from the floor is not the presiding officer's business
            ctx.push(Frame(kind="business"))
        else:
            ctx.emit(ev.CountersSet(name=FLOOR, value=f.seat + 1))
        if what == "recruit":
            most = min(units_at(s, arg, "reserve"), s.treasury // cost(s, arg))
            ctx.push(Frame(kind="how_many", seat=f.seat, target=arg, count=most, strs=["recruit"]))
        elif what == "disband":
            propose(ctx, "disband", target=arg, amount=1)
        elif what == "prosecute":
            ctx.push(Frame(kind="muster", seat=f.seat, target=arg, strs=[]))
        elif what == "expedition":
            ctx.push(Frame(kind="explorer", seat=f.seat, target=arg))
        elif what == "peace":
            propose(ctx, "peace", target=arg)
        elif what == "tax":
            ctx.push(Frame(kind="initiators", seat=f.seat, target=arg, strs=[]))
        elif what == "concession":
            ctx.emit(ev.CountersSet(name=f"proposed:{arg}", value=1))
            ctx.push(Frame(kind="grantee", seat=f.seat, target=arg))
        elif what == "suffete_for_life":
            ctx.emit(ev.CountersSet(name="suffete_for_life_proposed", value=1))
            x = s.senators[arg]
            propose(ctx, "suffete_for_life", (arg,), bonus=(x.seat, x.influence))
        elif what == "recall_exile":
            propose(ctx, "recall_exile", (arg,))
        else:
            business_item(ctx, f, what, arg)


@decision("how_many", "how many units to recruit (V.7)")
class HowMany:
    @staticmethod
    def legal(s: State, f: Frame):
        return cmd.numbers(1, f.count)

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        propose(ctx, "recruit", target=f.target, amount=c.number)


@decision("muster", "the force for the war: add a recruited army of this type, or done (V.7)")
class Muster:
    @staticmethod
    def legal(s: State, f: Frame):
        taken = f.strs
        out = []
        for unit in land_units(s, f.target):
            have = sum(1 for a in s.armies if a.type == unit and a.place == "active")
            if taken.count(unit) < have:
                out.append(cmd.ChooseOption(option=unit))
        if not taken and (f.target == "rebels" or not at_sea(s, f.target)):  # R164: a land part needs an
            return out                                                          # army (VII.3: the rebels too)
        return out + [cmd.ChooseOption(option="done")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        if c.option != "done":
            f.strs.append(c.option)
            return
        ctx.done(f)
        ctx.push(Frame(kind="squadrons", seat=f.seat, target=f.target, strs=list(f.strs)))


@decision("squadrons", "how many recruited squadrons go with the force (V.7)")
class Squadrons:
    @staticmethod
    def legal(s: State, f: Frame):
        if f.target == "rebels":  # VII.3: squadrons play no part against the rebels
            return [cmd.ChooseNumber(number=0)]
        low = least_squadrons(s, f.target)  # R164: one at sea, else the squadron support
        return cmd.numbers(low, s.squadrons.get("active", 0))

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        s = ctx.s
        commander = commanders(s)[0]
        co = co_command_frame(s, f, commander, c.number)
        if co is not None:
            ctx.push(co)
            return
        propose(ctx, "prosecute", (commander, *sorted(f.strs)), target=f.target, amount=c.number)


@decision("explorer", "the expedition's commander: a senator in Carthage holding no office (V.7, R26)")
class Explorer:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseSenator(senator=x) for x in eligible(s)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        s = ctx.s
        ex = C.EXPLORATIONS[f.target]
        unit = "caravan" if ex.caravans else "trade_fleet"
        most = min(max(ex.caravans, ex.fleets), units_home(s, unit) + s.treasury // cost(s, unit))
        ctx.push(Frame(kind="outfit", seat=f.seat, senator=c.senator, target=f.target, count=max(most, 1)))


@decision("outfit", "how many caravans or trade fleets the expedition takes: those home first, then 1 T each (R172)")
class Outfit:
    @staticmethod
    def legal(s: State, f: Frame):
        return cmd.numbers(1, f.count)

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        propose(ctx, "expedition", (f.senator,), target=f.target, amount=c.number)


@decision("initiators", "the initiator, then the co-initiator, of the tax change (V.7)")
class Initiators:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseSenator(senator=x.id) for x in sorted(s.senators.values(), key=lambda x: order_key(x.id))
                if x.seat >= 0 and in_carthage(s, x.id) and x.id not in f.strs]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        f.strs.append(c.senator)
        if len(f.strs) < 2:
            return
        ctx.done(f)
        propose(ctx, "tax", tuple(f.strs), target=f.target, abstain=False)


@decision("grantee", "the senator in Carthage who would hold the concession (V.7)")
class Grantee:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseSenator(senator=x.id) for x in sorted(s.senators.values(), key=lambda x: order_key(x.id))
                if x.seat >= 0 and in_carthage(s, x.id)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        propose(ctx, "concession", (c.senator,), target=f.target)


# -- what a proposal does when it passes (or fails) ---------------------------------------------------
def _recruit(ctx: Ctx, f: Frame, passed: bool) -> None:
    """V.7, Levée: the units leave the Reserve for the Active Forces; the State pays the table's cost.
    R176: nothing if the Reserve no longer holds them all, or the Treasury cannot pay, at the tally."""
    if not passed:
        return
    s = ctx.s
    n = f.nums[0]
    price = n * cost(s, f.target)
    if price > s.treasury or n > units_at(s, f.target, "reserve"):
        return
    ctx.emit(ev.Transferred(source="state", target="bank", amount=price, reason="recruitment"))
    ctx.emit(ev.ForcesMoved(unit=f.target, count=n, origin="reserve", target="active", reason="recruited"))


def _disband(ctx: Ctx, f: Frame, passed: bool) -> None:
    """V.7, Dissolution: a unit of Active Forces back to the Reserve (R176: if one is still there)."""
    if passed and units_at(ctx.s, f.target, "active") >= 1:
        ctx.emit(ev.ForcesMoved(unit=f.target, count=1, origin="active", target="reserve", reason="disbanded"))


def _prosecute(ctx: Ctx, f: Frame, passed: bool) -> None:
    """V.7, Entreprendre des Guerres: the commander leaves Carthage with the force named; if he
    presided, the Senate ends at once (Départ du PS). R176: the force goes only as voted: the war still
    on the board and not Lost, every commander still in Carthage, every unit named still in Active Forces."""
    if not passed:
        return
    s = ctx.s
    commander, (co, armies) = f.strs[1], split_co(f.strs[2:])
    if not (war_on(s, f.target) and all(in_carthage(s, x) for x in (commander, *co))
            and all_active(s, armies, f.nums[0])):
        return
    presided = presiding_officer(s) in (commander, *co)
    ctx.emit(ev.ForceSent(force=s.next_force, war=f.target, commanders=(commander, *co), armies=tuple(armies),
                          squadrons=f.nums[0], caravans=0, fleets=0))
    co_commanders_sent(ctx, co)
    for sent in (commander, *co):
        mark_commander(ctx, sent, f.target)
    if f.target in s.wars and s.wars[f.target].status == "unprosecuted":
        ctx.emit(ev.WarChanged(war=f.target, status="active", reason="prosecuted"))
    if presided:
        senate_ends(ctx)


def war_on(s: State, war: str) -> bool:
    """A war the Senate may still send a force to: on the board and not Lost (as ``business_options``
    offers them), or the rebellion while it lasts (VII.3)."""
    if war == REBELS:
        return rebellion_in_progress(s)
    return war in s.wars and s.wars[war].status != "lost"


def _expedition(ctx: Ctx, f: Frame, passed: bool) -> None:
    """V.7, Envoyer une expédition: the commander gains 3 Influence and leaves with the caravans or
    fleets: those home in Carthage first (R172), the rest paid by the State at 1 T each (R27). R176: nothing
    if the Treasury cannot pay, the card has left the board, or the commander is no longer a senator in
    Carthage with no office (R26)."""
    if not passed:
        return
    s = ctx.s
    ex = C.EXPLORATIONS[f.target]
    unit = "caravan" if ex.caravans else "trade_fleet"
    pooled = min(units_home(s, unit), f.nums[0])
    price = (f.nums[0] - pooled) * cost(s, unit)
    if price > s.treasury or f.target not in s.explorations or not still_eligible(s, f.strs[1]):
        return
    if price:
        ctx.emit(ev.Transferred(source="state", target="bank", amount=price, reason="expedition"))
    commander = f.strs[1]
    ctx.emit(ev.ForceSent(force=s.next_force, war=f.target, commanders=(commander,), armies=(), squadrons=0,
                          caravans=f.nums[0] if unit == "caravan" else 0,
                          fleets=f.nums[0] if unit == "trade_fleet" else 0, pooled=pooled))
    ctx.emit(ev.SenatorChanged(senator=commander, influence=3, popularity=0, merchants=0, reason="expedition"))
    mark_commander(ctx, commander, f.target)


def _peace(ctx: Ctx, f: Frame, passed: bool) -> None:
    """V.7, Demande de paix: the war is Lost for good (25 T a turn); its "Perte" effects apply. R176: only
    to a war still Active (the same peace passed from the floor may have lost it already)."""
    if passed and f.target in ctx.s.wars and ctx.s.wars[f.target].status in WARS_ON:
        war_lost(ctx, f.target, "peace")


def _tax(ctx: Ctx, f: Frame, passed: bool) -> None:
    """V.7: ±10 points; a passed increase gives the initiator 3 Popularity and the co-initiator 1; every
    senator in Carthage of a faction that voted against an increase, or for a decrease, loses 1 (R38);
    initiators of one faction take Responsibility markers."""
    s = ctx.s
    up = f.target == "up"
    initiator, co = f.strs[1], f.strs[2]
    for seat in range(s.players):
        v = f.nums[4 + seat]
        if (up and v == NO) or (not up and v == YES):
            for x in senators_of(s, seat):
                if in_carthage(s, x.id):
                    ctx.emit(ev.SenatorChanged(senator=x.id, influence=0, popularity=-1, merchants=0, reason="tax_vote"))
    if not passed:  # the same change may not come back this turn, whoever initiates it
        ctx.emit(ev.CountersSet(name=f"rejected:tax+{f.target}+0", value=1))
        return
    rate = s.tax_rate + (TAX_STEP if up else -TAX_STEP)
    if s.counters.get("tax_changed") or rate not in TAX_TRACK:
        return  # R176: a change passed from the floor during this vote used up the turn's one
    ctx.emit(ev.CountersSet(name="tax_changed", value=1))  # a change, not a proposal, uses up the turn's one
    ctx.emit(ev.TaxRateSet(rate=rate, reason="senate"))
    if up:
        ctx.emit(ev.SenatorChanged(senator=initiator, influence=0, popularity=3, merchants=0, reason="tax_initiator"))
        ctx.emit(ev.SenatorChanged(senator=co, influence=0, popularity=1, merchants=0, reason="tax_co_initiator"))
        if s.senators[initiator].seat == s.senators[co].seat:
            for sid in (initiator, co):
                ctx.emit(ev.MarkersSet(senator=sid, red=s.senators[sid].red + 1))
                ctx.emit(ev.CountersSet(name=f"responsibility:{sid}", value=1))  # R81: a trial besides the usual


def _concession(ctx: Ctx, f: Frame, passed: bool) -> None:
    """V.7, Affecter les Concessions: a concession of the Port to a senator in Carthage (R176: both still
    so at the tally; a concession destroyed meanwhile stays destroyed)."""
    if passed and ctx.s.concessions.get(f.target) == "" and in_carthage(ctx.s, f.strs[1]):
        ctx.emit(ev.ConcessionChanged(concession=f.target, holder=f.strs[1], reason="senate"))


def _suffete_for_life(ctx: Ctx, f: Frame, passed: bool) -> None:
    """V.7 and IX.2: he and Carthage must survive the turn (R40). R176: he is proclaimed if he is still
    a senator in Carthage with the Influence V.7 asks."""
    s = ctx.s
    if passed and in_carthage(s, f.strs[1]) and s.senators[f.strs[1]].influence >= SUFFETE_FOR_LIFE_INFLUENCE:
        ctx.emit(ev.CountersSet(name=f"suffete_for_life:{f.strs[1]}", value=ctx.s.senators[f.strs[1]].seat + 1))


PASSED.update({
    "recruit": _recruit, "disband": _disband,
    "prosecute": _prosecute, "expedition": _expedition, "peace": _peace, "tax": _tax, "concession": _concession,
    "suffete_for_life": _suffete_for_life,
})
