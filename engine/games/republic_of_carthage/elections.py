"""V.2-V.6: the Senate's elections. The presiding officer proposes a pair of Suffètes until two are
elected (V.2), who share out the two Suffète offices (V.3); every vacant seat of the Council of Five is
filled in the order of rank (V.4; under the Pentarchies the Council co-opts, ``laws``); every province
in the Port gets a governor (V.6); then the Senate's refill up to 8 senators in Carthage (V.6, Relève
Sénatoriale). The proposals themselves are ``votes``; what a passed election does is registered here
(``proposals.PASSED``).
"""

from __future__ import annotations

from itertools import combinations

from . import commands as cmd
from . import components as C
from . import events as ev
from .events import Frame
from .flow import Ctx, automatic, decision, entry
from .laws import coopting
from .people import COUNCIL, SUFFETES, in_carthage, order_key, senators_of
from .proposals import PASSED, council_candidates, eligible, governor_candidates, ps_frame, rejected, still_eligible
from .state import CARTHAGE, PORT, State
from .votes import propose


# -- V.2-3: the Suffètes ------------------------------------------------------------------------------
def suffete_pairs(s: State) -> list[tuple[str, str]]:
    return [p for p in combinations(eligible(s), 2) if not rejected(s, f"suffetes+{p[0]}+{p[1]}++0")]


@automatic("elect_suffetes", keeps_frame=True)
def _elect_suffetes(ctx: Ctx, f: Frame) -> None:
    """V.2: the presiding officer proposes a pair; proposals go on until two are elected; when one
    possible pair is left it is elected without a vote (II.C 6)."""
    ctx.pop()
    s = ctx.s
    pairs = suffete_pairs(s)
    if len(pairs) == 1:
        suffetes_elected(ctx, pairs[0])
    elif pairs:
        ctx.push(ps_frame(s, "nominate_suffetes"))


@decision("nominate_suffetes", "the presiding officer's pair of Suffète candidates, first one then the other (V.2)")
class NominateSuffetes:
    @staticmethod
    def legal(s: State, f: Frame):
        pairs = suffete_pairs(s)
        if f.senator:
            return [cmd.ChooseSenator(senator=b) for a, b in pairs if a == f.senator]
        return [cmd.ChooseSenator(senator=a) for a in sorted({a for a, _ in pairs}, key=order_key)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        if not f.senator:
            f.senator = c.senator
            return
        ctx.done(f)
        ctx.push(Frame(kind="elect_suffetes"))
        propose(ctx, "suffetes", (f.senator, c.senator))


def suffetes_elected(ctx: Ctx, pair: tuple[str, str]) -> None:
    """V.2-3: each Suffète gains 5 Influence; the outgoing Suffètes leave office; the two decide which
    is Suffète Général (at random if they disagree)."""
    s = ctx.s
    for office in SUFFETES:
        if s.offices.get(office):
            ctx.emit(ev.CountersSet(name=f"outgoing:{s.offices[office]}", value=1))
            ctx.emit(ev.CountersSet(name=f"left_office:{s.offices[office]}:turn", value=1))
            ctx.emit(ev.OfficeLeft(office=office, reason="term"))
    a, b = pair
    for sid in pair:
        ctx.emit(ev.SenatorChanged(senator=sid, influence=5, popularity=0, merchants=0, reason="suffete"))
    ctx.emit(ev.OfficeTaken(office="suffete_general", senator=a, term=1))
    ctx.emit(ev.OfficeTaken(office="suffete_admiral", senator=b, term=1))
    ctx.push(Frame(kind="suffete_general", seat=s.senators[a].seat, strs=[a, b]))


@decision("suffete_general", "which of the two Suffètes is Suffète Général (V.3)")
class ChooseGeneral:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseSenator(senator=x) for x in f.strs]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        s = ctx.s
        a, b = f.strs
        other_seat = s.senators[b].seat
        if other_seat == f.seat:
            _assign_suffetes(ctx, c.senator, b if c.senator == a else a)
        else:
            ctx.push(Frame(kind="suffete_agree", seat=other_seat, senator=c.senator, strs=[a, b]))


def _assign_suffetes(ctx: Ctx, general: str, admiral: str) -> None:
    if ctx.s.offices.get("suffete_general") != general:
        ctx.emit(ev.OfficeTaken(office="suffete_general", senator=general, term=1))
        ctx.emit(ev.OfficeTaken(office="suffete_admiral", senator=admiral, term=1))


@decision("suffete_agree", "whether you agree to the other Suffète's choice of Suffète Général (V.3)")
class SuffeteAgree:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseOption(option="yes"), cmd.ChooseOption(option="no")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        a, b = f.strs
        general = f.senator
        if c.option == "no":
            _, outcome, _ = ctx.roll(-1, "suffete_general", 1, 0, lambda t: a if t <= 3 else b)
            general = outcome
        _assign_suffetes(ctx, general, b if general == a else a)


# -- V.4: the Council -------------------------------------------------------------------------------
def vacant_council(s: State) -> list[str]:
    return [o for o in COUNCIL if not s.offices.get(o)]


@automatic("fill_council", keeps_frame=True)
def _fill_council(ctx: Ctx, f: Frame) -> None:
    """V.4: every vacant seat of the Council of Five is filled, in the order of rank: the presiding
    officer proposes a candidate; the last candidate left is elected without a vote."""
    ctx.pop()
    s = ctx.s
    for office in vacant_council(s):
        cands = council_candidates(s, office)
        if not cands:
            continue
        if len(cands) == 1:
            take_council(ctx, office, cands[0])
            ctx.push(Frame(kind="fill_council"))
            return
        ctx.push(Frame(kind="fill_council"))
        chooser = coopting(s)
        if chooser:  # the Pentarchies law: the sitting members fill the seat, without a vote (R84)
            ctx.push(Frame(kind="coopt", seat=s.senators[chooser].seat, senator=chooser, target=office))
        else:
            ctx.push(ps_frame(s, "nominate", target=office, strs=["council"]))
        return


@entry("offer_council")
def offer_council(ctx: Ctx, office: str, sid: str) -> None:
    """V.4: a senator chosen for a seat takes it, unless he left an office this turn and another
    candidate remains: then his player says whether he accepts (R117)."""
    s = ctx.s
    if s.counters.get(f"left_office:{sid}:turn") and any(x != sid for x in council_candidates(s, office)):
        ctx.push(Frame(kind="council_accept", seat=s.senators[sid].seat, senator=sid, target=office))
    else:
        take_council(ctx, office, sid)


@decision("council_accept", "your senator, who left an office this turn, is chosen for a Council seat: accept it "
                            "or decline it (V.4)")
class CouncilAccept:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseOption(option="accept"), cmd.ChooseOption(option="decline")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        if c.option == "accept":
            take_council(ctx, f.target, f.senator)
        else:  # no longer a candidate for this seat this turn; the seat is filled from the others
            ctx.emit(ev.CountersSet(name=f"rejected:council+{f.senator}+{f.target}+0", value=1))


def take_council(ctx: Ctx, office: str, sid: str) -> None:
    ctx.emit(ev.OfficeTaken(office=office, senator=sid, term=C.OFFICES[office].term))
    ctx.emit(ev.SenatorChanged(senator=sid, influence=C.OFFICES[office].influence_gained, popularity=0, merchants=0,
                               reason=office))


@decision("nominate", "the presiding officer's candidate (V.4 Council, V.6 governors)")
class Nominate:
    @staticmethod
    def legal(s: State, f: Frame):
        kind = f.strs[0]
        if kind == "council":
            return [cmd.ChooseSenator(senator=x) for x in council_candidates(s, f.target)]
        return [cmd.ChooseSenator(senator=x) for x in governor_candidates(s, f.target)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        propose(ctx, f.strs[0], (c.senator,), target=f.target)


# -- V.6: governors -----------------------------------------------------------------------------------
@automatic("fill_governors", keeps_frame=True)
def _fill_governors(ctx: Ctx, f: Frame) -> None:
    """V.6: every province card in the Port gets a governor from the senators in Carthage with no
    office; he leaves Carthage. Then the Senate's refill."""
    ctx.pop()
    s = ctx.s
    for pid in sorted(s.provinces):
        if s.provinces[pid].governor:
            continue
        cands = governor_candidates(s, pid)
        if not cands:
            continue
        ctx.push(Frame(kind="fill_governors"))
        if len(cands) == 1:
            ctx.emit(ev.GovernorNamed(province=pid, senator=cands[0], term=C.PROVINCES[pid].term))
        else:
            ctx.push(ps_frame(s, "nominate", target=pid, strs=["governor"]))
        return
    refill(ctx)


def refill(ctx: Ctx) -> None:
    """V.6, Relève Sénatoriale: while fewer than 8 faction senators are in Carthage, the strongest dead
    family card of the Port (highest printed Influence, then lowest ID: R28) goes to the player with
    the fewest senators (ties: the least Influence, then at random); with none left, that player may
    take a living senator of the Port instead (R116)."""
    s = ctx.s
    while sum(1 for x in s.senators.values() if x.seat >= 0 and in_carthage(s, x.id)) < 8:
        dead = [x for x in s.senators.values() if not x.face_up and x.id.isdigit()]
        if not dead and not port_senators(s):
            return
        counts = [(len(senators_of(s, seat)), sum(x.influence for x in senators_of(s, seat))) for seat in range(s.players)]
        least = min(counts)
        seats = [x for x in range(s.players) if counts[x] == least]
        seat = seats[0] if len(seats) == 1 else seats[ctx.rng.below(len(seats))]
        if not dead:  # R116: the receiver may go on with a living senator of the Port, his choice
            ctx.push(Frame(kind="refill_port", seat=seat))
            return
        best = min(dead, key=lambda x: (-C.FAMILIES[x.family].influence, x.family))
        ctx.emit(ev.SenatorMoved(senator=best.id, seat=seat, where=CARTHAGE, face_up=True, reason="refill"))


def port_senators(s: State) -> list[str]:
    """The living senators of the Port in no faction (V.6: the refill may go on with them)."""
    return sorted((x.id for x in s.senators.values() if x.face_up and x.seat < 0 and x.where == PORT), key=order_key)


@decision("refill_port", "the Senate is still short of 8 senators and no dead family card is left: take a living "
                         "senator of the Port into your faction, or stop the refill (V.6, R116)")
class RefillPort:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseSenator(senator=x) for x in port_senators(s)] + [cmd.ChooseOption(option="stop")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        if isinstance(c, cmd.ChooseSenator):
            ctx.emit(ev.SenatorMoved(senator=c.senator, seat=f.seat, where=CARTHAGE, face_up=True, reason="refill"))
            refill(ctx)


def _suffetes(ctx: Ctx, f: Frame, passed: bool) -> None:
    if passed:
        suffetes_elected(ctx, (f.strs[1], f.strs[2]))
        # the election is over: take off the pending re-election
        for x in reversed(ctx.s.flow):
            if x.kind == "elect_suffetes":
                ctx.done(x)
                break


def _council(ctx: Ctx, f: Frame, passed: bool) -> None:
    if passed:
        offer_council(ctx, f.target, f.strs[1])


def _governor(ctx: Ctx, f: Frame, passed: bool) -> None:
    """V.7: the senator voted governor takes the province, if it is still in play and he is still alive
    when the vote is tallied (R173: a province lost, or a senator dead, during the vote names nobody),
    and still eligible (R176: a dead family card stays, face down in the Port)."""
    s = ctx.s
    if passed and f.target in s.provinces and still_eligible(s, f.strs[1]):
        ctx.emit(ev.GovernorNamed(province=f.target, senator=f.strs[1], term=C.PROVINCES[f.target].term))


PASSED.update({"suffetes": _suffetes, "council": _council, "governor": _governor})
