"""The Senate's commanders in the field (V.7, VI.2): the Crisis co-command, reinforcements
("Augmentation"), recalling commanders and governors, the General office, and the ransom of
captured commanders (R17, R69). Rulings R99-R104 (RULES.md).

A General holds one of the five General tokens: counter ``general:<senator>``.
"""

from __future__ import annotations

from . import commands as cmd
from . import components as C
from . import events as ev
from .events import Frame
from .flow import Ctx, automatic, decision
from .forces import all_active
from .forces import land_units as senate_land_units
from .laws import rules_on
from .people import commanders, in_carthage, order_key
from .presiding import presiding_officer, senate_ends
from .proposals import PASSED, governor_candidates, money, pay, rejected, still_eligible
from .state import State
from .trials import mark_commander
from .votes import propose

GENERAL_INFLUENCE = 3  # V.7 Crise: the co-commander elected General gains 3 Influence


def general_office(ctx: Ctx, sid: str, influence: int, reason: str) -> None:
    """The senator takes a General token (with ``influence``: 3 in a Crisis, none after a Retreat, a
    Disaster or an Attrition, VI.2)."""
    if influence:
        ctx.emit(ev.SenatorChanged(senator=sid, influence=influence, popularity=0, merchants=0, reason=reason))
    if not ctx.s.counters.get(f"general:{sid}"):
        ctx.emit(ev.CountersSet(name=f"general:{sid}", value=1))


def generals_home(ctx: Ctx) -> None:
    """A General's token comes back when he commands no force any more (at the end of the Civil War
    phase, once VII.3 has read it)."""
    s = ctx.s
    for name in sorted(s.counters):
        if name.startswith("general:") and not any(name[8:] in f.commanders for f in s.forces):
            ctx.emit(ev.CountersSet(name=name, value=0))


# -- V.7 Crise: the co-commander -----------------------------------------------------------------------
def co_candidates(s: State, commander: str) -> list[str]:
    """Any faction senator in Carthage other than the commander (V.7 Crise)."""
    return sorted((x.id for x in s.senators.values() if x.seat >= 0 and x.id != commander and in_carthage(s, x.id)),
                  key=order_key)


def co_command_frame(s: State, f: Frame, commander: str, squadrons: int) -> Frame | None:
    """In a Crisis the presiding officer may name a second commander for the force; with the law of the
    Separation of Powers in force he may first name any senator in Carthage instead of the Suffète."""
    if not s.counters.get("crisis") or f.target in C.EXPLORATIONS or not co_candidates(s, commander):
        return None
    kind = "crisis_commander" if "separation_of_powers" in rules_on(s) else "co_commander"
    return Frame(kind=kind, seat=f.seat, senator=commander, target=f.target, count=squadrons, strs=list(f.strs))


@decision("crisis_commander", "the force's first commander: the Suffète, or any senator in Carthage (V.7 Crise, "
                              "law of the Separation of Powers)")
class CrisisCommander:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseSenator(senator=x) for x in [f.senator, *co_candidates(s, f.senator)]]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        ctx.push(Frame(kind="co_commander", seat=f.seat, senator=c.senator, target=f.target, count=f.count,
                       strs=list(f.strs)))


@decision("co_commander", "in a Crisis, a second commander for the force, who becomes General (+3 Influence), "
                          "or none (V.7 Crise)")
class CoCommander:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseSenator(senator=x) for x in co_candidates(s, f.senator)] + [cmd.ChooseOption(option="none")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        co = (f"co:{c.senator}",) if isinstance(c, cmd.ChooseSenator) else ()
        propose(ctx, "prosecute", (f.senator, *co, *sorted(f.strs)), target=f.target, amount=f.count)


def split_co(strs: list[str]) -> tuple[list[str], list[str]]:
    """A prosecute proposal's words after the commander: (co-commanders, armies)."""
    return [x[3:] for x in strs if x.startswith("co:")], [x for x in strs if not x.startswith("co:")]


def co_commanders_sent(ctx: Ctx, co: list[str]) -> None:
    for sid in co:
        general_office(ctx, sid, GENERAL_INFLUENCE, "general")


# -- V.7: business of the forces in the field ------------------------------------------------------------
def business(s: State) -> list[str]:
    out = []
    for x in s.forces:
        if x.exploration or not [c for c in x.commanders if s.senators[c].where == "war"]:
            continue  # an expedition may not be reinforced or recalled (V.7)
        if reinforcements(s, x.war) or (squadrons_alone(x.war) and s.squadrons.get("active")):
            out.append(f"reinforce:{x.id}")
        if x.turn < s.turn:
            out.append(f"recall:{x.id}")
    for pid, p in sorted(s.provinces.items()):
        if p.governor and p.named_turn < s.turn and governor_candidates(s, pid):
            out.append(f"recall_governor:{pid}")
    return out


def squadrons_alone(war: str) -> bool:
    """R169: squadrons alone reinforce only a war with a sea part (R43: they do not count on land, R164):
    never one fought on land only, nor the rebels (VII.3)."""
    return war != "rebels" and C.WARS[war].naval > 0


def reinforcements(s: State, war: str) -> list[str]:
    return senate_land_units(s, war)


def business_item(ctx: Ctx, f: Frame, what: str, arg: str) -> None:
    """The presiding officer chose one of this module's items (``business``)."""
    if what == "reinforce":
        ctx.push(Frame(kind="reinforce_muster", seat=f.seat, count=int(arg), strs=[]))
    elif what == "recall":
        ctx.push(Frame(kind="replacement", seat=f.seat, count=int(arg)))
    elif what == "recall_governor":
        ctx.push(Frame(kind="recall_nominate", seat=f.seat, target=arg))


def _force(s: State, fid: int):
    return next((x for x in s.forces if x.id == fid), None)


@decision("reinforce_muster", "an army of Active Forces to send to the force in the field, or done (V.7 Augmentation)")
class ReinforceMuster:
    @staticmethod
    def legal(s: State, f: Frame):
        x = _force(s, f.count)
        if x is None:
            return []
        out = [cmd.ChooseOption(option=u) for u in reinforcements(s, x.war)
               if f.strs.count(u) < sum(1 for a in s.armies if a.type == u and a.place == "active")]
        if f.strs or (squadrons_alone(x.war) and s.squadrons.get("active")):
            out.append(cmd.ChooseOption(option="done"))
        return out

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        if c.option != "done":
            f.strs.append(c.option)
            return
        ctx.done(f)
        ctx.push(Frame(kind="reinforce_squadrons", seat=f.seat, count=f.count, strs=list(f.strs)))


@decision("reinforce_squadrons", "how many squadrons of Active Forces go to the force in the field (V.7 Augmentation)")
class ReinforceSquadrons:
    @staticmethod
    def legal(s: State, f: Frame):
        x = _force(s, f.count)
        if x is None:
            return []
        most = 0 if x.war == "rebels" else s.squadrons.get("active", 0)  # no squadrons against rebels (VII.3)
        return cmd.numbers(0 if f.strs else 1, most)

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        propose(ctx, "reinforce", tuple(sorted(f.strs)), target=str(f.count), amount=c.number)


def _reinforce(ctx: Ctx, f: Frame, passed: bool) -> None:
    """V.7, Augmentation: the units join the force, if it is still in the field and Active Forces still
    hold them all (R176)."""
    if passed and _force(ctx.s, int(f.target)) is not None and all_active(ctx.s, f.strs[1:], f.nums[0]):
        ctx.emit(ev.ForceReinforced(force=int(f.target), armies=tuple(f.strs[1:]), squadrons=f.nums[0]))


@decision("replacement", "the commander who would replace the recalled one, or none: the troops come home to "
                         "Active Forces (V.7 Rappel des Commandants)")
class Replacement:
    @staticmethod
    def legal(s: State, f: Frame):
        if _force(s, f.count) is None:
            return []
        out = [cmd.ChooseSenator(senator=x) for x in commanders(s)] + [cmd.ChooseOption(option="none")]
        return [c for c in out if not rejected(s, "+".join(
            ["recall", *([c.senator] if isinstance(c, cmd.ChooseSenator) else []), str(f.count),
             str(int(isinstance(c, cmd.ChooseSenator)))]))]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        who = (c.senator,) if isinstance(c, cmd.ChooseSenator) else ()
        propose(ctx, "recall", who, target=str(f.count), amount=len(who))


def _recall(ctx: Ctx, f: Frame, passed: bool) -> None:
    """V.7 Rappel des Commandants: the commanders come home and each faces the Popular Reaction table at
    once; a replacement takes the force, else its troops go to Active Forces. A replacement who
    presided leaves the Senate, which ends."""
    s = ctx.s
    x = _force(s, int(f.target))
    if not passed or x is None or not all(in_carthage(s, sid) for sid in f.strs[1:]):
        return  # R176: the force gone, or the replacement voted no longer in Carthage to take it
    recalled = [c for c in x.commanders if s.senators[c].where == "war"]
    replacement = f.strs[1:]
    presided = presiding_officer(s) in replacement  # the SPHR unless he resigned (R63)
    if replacement:
        ctx.emit(ev.ForceCommanded(force=x.id, commanders=tuple(replacement), reason="recalled"))
        for sid in replacement:
            mark_commander(ctx, sid, x.war)  # R80: he too will be an outgoing commander
    else:
        ctx.emit(ev.ForceEnded(force=x.id, armies_to="active", squadrons_to="active", reason="recalled"))
    for sid in recalled:
        if sid in s.senators and s.senators[sid].face_up:
            ctx.begin("popular_reaction", sid)  # VII.1's table (civil_war.py)
    if presided:
        senate_ends(ctx)


@decision("recall_nominate", "the new governor who would replace the one recalled (V.7 Rappel des Gouverneurs)")
class RecallNominate:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseSenator(senator=x) for x in governor_candidates(s, f.target)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        propose(ctx, "recall_governor", (c.senator,), target=f.target)


def _recall_governor(ctx: Ctx, f: Frame, passed: bool) -> None:
    """V.7 Rappel des Gouverneurs: the new governor takes the province for its full term; the old one
    comes back to Carthage, with the red marker of his personal income if he took any (II.9, R166).
    R176 (as R173): nothing if the province has left play, or the new governor is no longer eligible."""
    if passed and f.target in ctx.s.provinces and still_eligible(ctx.s, f.strs[1]):
        p = ctx.s.provinces[f.target]
        old, red = p.governor, p.red
        ctx.emit(ev.GovernorNamed(province=f.target, senator=f.strs[1], term=C.PROVINCES[f.target].term))
        if red and old in ctx.s.senators:
            ctx.emit(ev.MarkersSet(senator=old, red=ctx.s.senators[old].red + 1))


PASSED.update({"reinforce": _reinforce, "recall": _recall, "recall_governor": _recall_governor})  # what they do


# -- VI.2: the ransom of a captured commander (R17, R69) ----------------------------------------------
RANSOM_MINIMUM = 10  # VI.2: 10 talents
RANSOM_INFLUENCE_FACTOR = 2  # VI.2: or twice the prisoner's Influence (R17: the greater)


def ransom(s: State, sid: str) -> int:
    return max(RANSOM_MINIMUM, RANSOM_INFLUENCE_FACTOR * s.senators[sid].influence)


def prisoners(s: State) -> list[str]:
    return sorted((x.id for x in s.senators.values() if x.seat >= 0 and x.where.startswith("captured:")),
                  key=lambda sid: (s.senators[sid].seat, order_key(sid)))


@automatic("ransoms", keeps_frame=True)
def _ransoms(ctx: Ctx, f: Frame) -> None:
    """After the contributions (II.11), each faction may ransom its captured commanders (R99)."""
    ctx.pop()
    s = ctx.s
    ctx.then(*[Frame(kind="ransom", seat=s.senators[x].seat, senator=x) for x in prisoners(s)])


@decision("ransom", "pay this captured senator's ransom (the greater of 10 T and twice his Influence, R17) from "
                    "the faction treasury and then your senators in Carthage, or not (VI.2)")
class Ransom:
    @staticmethod
    def legal(s: State, f: Frame):
        x = s.senators.get(f.senator)
        if x is None or not x.where.startswith("captured:") or x.seat != f.seat:
            return []
        # R58: asked even when he cannot pay, so that the others do not learn what his treasury holds
        pay = [cmd.ChooseOption(option="pay")] if money(s, f.seat) >= ransom(s, f.senator) else []
        return pay + [cmd.ChooseOption(option="no")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        if c.option == "no":
            return
        pay(ctx, f.seat, ransom(ctx.s, f.senator), "ransom")
        ctx.emit(ev.SenatorMoved(senator=f.senator, seat=f.seat, where="carthage", face_up=True, reason="ransomed"))
