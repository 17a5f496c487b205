"""V.5, Diriger des procès: the Censor presides over one major trial or two minor ones a turn, with
the accused's Influence on his side, the Appeal to the People, the statesman's exile, the Judge's
reward; red markers then fall."""

from __future__ import annotations

from . import commands as cmd
from . import components as C
from . import events as ev
from .assassination import assassin_convicted, assassin_trial
from .deaths import kill
from .events import Frame
from .flow import Ctx, automatic, decision
from .forces import modifier, use_one_roll_modifiers
from .laws import rules_on
from .options import TIE_ACQUITS
from .people import in_carthage, offices_of, order_key
from .proposals import APPEAL_ENDS, PASSED, appeal_ended, tally_of
from .state import PORT, State
from .votes import propose


def minor_eligible(s: State, sid: str) -> bool:
    """V.5, procès mineurs: the last outgoing Suffète (or General, or expedition commander), or a
    governor or Council member who took personal income (a red marker, R46)."""
    x = s.senators[sid]
    red_office = any(h == sid and o in s.red_terms for o, h in s.offices.items())
    return bool(s.counters.get(f"outgoing:{sid}") or x.red > 0 or red_office or commanded(s, sid))


def major_eligible(s: State, sid: str) -> bool:
    """V.5, procès majeurs: the last outgoing Suffète (or General, or expedition commander)."""
    return bool(s.counters.get(f"outgoing:{sid}") or commanded(s, sid))


def commanded(s: State, sid: str) -> list[str]:
    """R80: the wars and expeditions ``sid`` was sent to by the Senate and came back from (he is in
    Carthage again): an outgoing commander (V.5)."""
    if not in_carthage(s, sid):
        return []
    return [name.split(":")[2] for name in sorted(s.counters) if name.startswith(f"commanded:{sid}:")]


def mark_commander(ctx: Ctx, sid: str, war: str) -> None:
    """R80: a commander the Senate sends (to a war, a rebellion or an expedition) will be an outgoing
    commander, open to a trial, once he is back in Carthage."""
    ctx.emit(ev.CountersSet(name=f"commanded:{sid}:{war}", value=1))


def responsible(s: State, sid: str) -> bool:
    """V.7 (tax): a Responsibility marker, open to a trial besides the Censor's usual ones (R81)."""
    return bool(s.counters.get(f"responsibility:{sid}"))


def accused_options(s: State, f: Frame) -> list[str]:
    minors, majors = f.nums
    limit = 2 + (1 if "annual_judges" in rules_on(s) else 0)
    out = []
    for x in sorted(s.senators.values(), key=lambda x: order_key(x.id)):
        if x.seat < 0 or not in_carthage(s, x.id) or s.counters.get(f"immune:{x.id}"):
            continue
        if majors == 0 and minors == 0 and major_eligible(s, x.id) and not s.counters.get(f"tied:{x.id}:major:turn"):
            out.append(f"major:{x.id}")
        if majors == 0 and minors < limit and minor_eligible(s, x.id) and not s.counters.get(f"tied:{x.id}:minor:turn"):
            out.append(f"minor:{x.id}")
        if responsible(s, x.id):
            out.append(f"responsibility:{x.id}")
    return out


@automatic("trials", keeps_frame=True)
def _trials(ctx: Ctx, f: Frame) -> None:
    ctx.pop()
    s = ctx.s
    censor = s.offices.get("censor", "")
    if censor and in_carthage(s, censor) and s.senators[censor].seat >= 0:
        ctx.push(Frame(kind="trials_end"))
        ctx.push(Frame(kind="trial", seat=s.senators[censor].seat, nums=[0, 0]))
    else:
        ctx.push(Frame(kind="trials_end"))


@decision("trial", "the Censor's next trial, major or minor, or done (V.5)")
class Trial:
    @staticmethod
    def legal(s: State, f: Frame):
        options = accused_options(s, f)
        return [cmd.ChooseOption(option=x) for x in options] + [cmd.ChooseOption(option="done")] if options else []

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        if c.option == "done":
            ctx.done(f)
            return
        kind, _, accused = c.option.partition(":")
        if kind == "responsibility":  # R81: besides the usual trials, a minor one
            ctx.emit(ev.CountersSet(name=f"responsibility:{accused}", value=0))
            kind = "minor"
        else:
            f.nums[1 if kind == "major" else 0] += 1
        ctx.push(Frame(kind="judge", seat=f.seat, senator=accused, target=kind, strs=[]))


def judges(s: State, f: Frame) -> list[str]:
    return [x.id for x in sorted(s.senators.values(), key=lambda x: order_key(x.id))
            if x.seat >= 0 and in_carthage(s, x.id) and x.id != f.senator and x.id not in f.strs]


@decision("judge", "the senator the Censor asks to be the Judge (V.5)")
class Judge:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseSenator(senator=x) for x in judges(s, f)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        s = ctx.s
        owner = s.senators[c.senator].seat
        if owner == f.seat:
            _accepted(ctx, f, c.senator)
        else:
            ctx.push(Frame(kind="judge_accepts", seat=owner, senator=f.senator, target=f.target,
                           strs=[*f.strs, c.senator], nums=[f.seat]))


@decision("judge_accepts", "whether your senator accepts to be the Judge (V.5)")
class JudgeAccepts:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseOption(option="yes"), cmd.ChooseOption(option="no")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        censor_seat = f.nums[0]
        if c.option == "yes":
            _accepted(ctx, Frame(kind="judge", seat=censor_seat, senator=f.senator, target=f.target), f.strs[-1])
        elif judges(ctx.s, Frame(kind="judge", senator=f.senator, strs=f.strs)):
            ctx.push(Frame(kind="judge", seat=censor_seat, senator=f.senator, target=f.target, strs=list(f.strs)))


def _accepted(ctx: Ctx, f: Frame, judge: str) -> None:
    s = ctx.s
    accused = f.senator
    if f.target == "major" and not accused.isdigit():
        ctx.push(Frame(kind="exile", seat=s.senators[accused].seat, senator=accused, strs=[judge], nums=[f.seat]))
    else:
        hold_trial(ctx, f.seat, accused, judge, f.target)


@decision("exile", "whether the accused statesman goes into exile rather than stand a major trial (V.5, R30)")
class Exile:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseOption(option="yes"), cmd.ChooseOption(option="no")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        if c.option == "no":
            if f.target == "assassin":  # V.7, Assassins capturés: his faction's caught assassin (R141)
                assassin_trial(ctx, f.seat, f.senator, f.count)
            else:
                hold_trial(ctx, f.nums[0], f.senator, f.strs[0], "major")
            return
        go_into_exile(ctx, f.senator)


def go_into_exile(ctx: Ctx, sid: str) -> None:
    """V.5, 3: the exile loses all his Influence and Popularity and leaves the game but for the Mortality
    draw (R140): his offices (a governorship too) and the Faction Leader's pawn are left; his talents,
    concessions and merchants stay on his card, frozen (``people.active``)."""
    x = ctx.s.senators[sid]
    ctx.emit(ev.SenatorChanged(senator=sid, influence=-x.influence, popularity=-x.popularity, merchants=0,
                               reason="exile"))
    for office in offices_of(ctx.s, sid):
        ctx.emit(ev.OfficeLeft(office=office, reason="exile"))
    for pid in sorted(p for p, v in ctx.s.provinces.items() if v.governor == sid):
        ctx.emit(ev.GovernorNamed(province=pid, senator="", term=0))
    if x.seat >= 0 and ctx.s.leaders[x.seat] == sid:  # nor does he lead his faction any more
        ctx.emit(ev.LeaderNamed(seat=x.seat, senator=""))
    ctx.emit(ev.SenatorMoved(senator=sid, seat=x.seat, where="exiled", face_up=True, reason="exile"))


def hold_trial(ctx: Ctx, censor_seat: int, accused: str, judge: str, kind: str) -> None:
    """V.5: the Censor calls the vote, clockwise from him; Yes convicts. The accused's Influence adds
    to his faction's votes; his player may appeal to the people when his turn to vote comes."""
    s = ctx.s
    for name in [n for n in sorted(s.counters) if n.startswith(f"commanded:{accused}:")]:
        ctx.emit(ev.CountersSet(name=name, value=0))  # tried once for his command (R80)
    x = s.senators[accused]
    propose(ctx, "trial", (accused, judge), target=kind, bonus=(x.seat, x.influence), ps=censor_seat)


def appeal(ctx: Ctx, seat: int, accused: str, t: Frame) -> str:
    """V.5: 2 dice + the accused's Popularity on the Appeal table: killed, votes for or against him, or
    freed at once."""
    s = ctx.s
    mod = s.senators[accused].popularity + modifier(s, ("appeal",))
    if t.target == "assassin":  # V.7: in a captured assassin's trial, less the victim's Popularity
        mod -= t.nums[0]
    total, outcome, _ = ctx.roll(seat, "appeal", C.TABLES.appeal.dice, mod, lambda n: C.appeal_result(n).result)
    use_one_roll_modifiers(ctx, ("appeal",))  # Crowd in the Agora counts for this roll only
    row = C.appeal_result(total)
    if outcome == "votes":
        if row.votes > 0:
            t.nums[2] += row.votes
        else:
            t.nums[1] -= row.votes
    return outcome


def trial_decided(ctx: Ctx, f: Frame, passed: bool) -> None:
    """V.5: convicted, a minor trial costs 5 Popularity and 5 Influence (and a Council seat), a major
    one his life; the Judge gains half the Influence lost (R71: rounded down). Acquitted, he gives back
    a red marker and is safe from trials this turn: only with more No than Yes, or freed by the Appeal
    (V.5, Procédure 4); a tie convicts nobody and acquits nobody (R177; the option
    ``tied_trial=acquits`` keeps the old reading, a tie acquitting)."""
    s = ctx.s
    use_one_roll_modifiers(ctx, ("appeal",))  # a Crowd in the Agora not used by an Appeal goes
    accused, judge = f.strs[1], f.strs[2]
    ended = appeal_ended(f)
    if ended == "killed" or accused not in s.senators or not s.senators[accused].face_up:
        return  # killed by the people
    x = s.senators[accused]
    if ended == "freed":  # freed by the people (the tally has not passed it either)
        passed = False
    if f.target == "assassin":  # V.7: the trial of a captured assassin's Faction Leader
        if passed:
            assassin_convicted(ctx, accused, f.nums[0])
        return
    if not passed and ended != "freed" and f.nums[1] >= f.nums[2] and not s.counters.get(TIE_ACQUITS):
        # R177: a tie does not convict, but V.5, Procédure 4 gives the acquittal's benefits to a majority
        # for him only; the accusation, rejected, may not come again this turn (V, Propositions rejetées)
        ctx.emit(ev.CountersSet(name=f"tied:{accused}:{f.target}:turn", value=1))
        return
    if passed:
        lost = x.influence if f.target == "major" else min(5, x.influence)
        if f.target == "major":
            kill(ctx, accused, "trial")
        else:
            ctx.emit(ev.SenatorChanged(senator=accused, influence=-5, popularity=-5, merchants=0, reason="trial"))
            for office in [o for o, h in s.offices.items() if h == accused and C.OFFICES[o].kind == "council"]:
                ctx.emit(ev.OfficeLeft(office=office, reason="trial"))
            red_marker_back(ctx, accused)  # II.9: the marker stays until he is tried; convicted, he has been
        judge_gains(ctx, f, lost)
    else:
        red_marker_back(ctx, accused)
        ctx.emit(ev.CountersSet(name=f"immune:{accused}", value=1))  # for this turn: turn._end_turn clears it


def red_marker_back(ctx: Ctx, sid: str) -> None:
    """V.5, Procédure 4 (II.9): the senator tried gives back one red marker: one on his card, else
    the red term marker of the Council office he holds (II.3), which turns back to an ordinary one.
    (A Council member convicted has left his office already, its marker with it.)"""
    s = ctx.s
    x = s.senators[sid]
    if x.red:
        ctx.emit(ev.MarkersSet(senator=sid, red=x.red - 1))
        return
    office = next((o for o, h in sorted(s.offices.items()) if h == sid and o in s.red_terms), "")
    if office:
        ctx.emit(ev.TermMarked(holder=office, left=s.terms.get(office, 0), red=False))


def judge_gains(ctx: Ctx, f: Frame, lost: int) -> None:
    """V.5, Procédure 5: convicted by the vote, or killed by the Appeal to the People, the accused's
    loss gives the Judge half of it, rounded down (R71). ``f``: the trial's tally frame (its Judge is
    its third word; a captured assassin's trial has none)."""
    s = ctx.s
    judge = f.strs[2] if len(f.strs) > 2 else ""
    if judge in s.senators and s.senators[judge].face_up and lost // 2:
        ctx.emit(ev.SenatorChanged(senator=judge, influence=lost // 2, popularity=0, merchants=0, reason="judge"))


@automatic("trials_end", keeps_frame=True)
def _trials_end(ctx: Ctx, f: Frame) -> None:
    """II.9: a red marker stays until its holder is tried or the trial phase ends."""
    ctx.pop()
    s = ctx.s
    for x in sorted(s.senators.values(), key=lambda x: order_key(x.id)):
        if x.red:
            ctx.emit(ev.MarkersSet(senator=x.id, red=0))
    court = "court_of_104" in rules_on(s)
    for name in sorted(s.counters):
        if name.startswith("responsibility:"):
            ctx.emit(ev.CountersSet(name=name, value=0))
        elif name.startswith("commanded:"):
            _, sid, war = name.split(":")
            if sid not in s.senators or not s.senators[sid].face_up:
                ctx.emit(ev.CountersSet(name=name, value=0))
            elif in_carthage(s, sid) and not (court and not won(s, war)):
                ctx.emit(ev.CountersSet(name=name, value=0))  # R80; the Court of 104 keeps the defeated (R82)


def won(s: State, war: str) -> bool:
    """A war or expedition no longer on the board was won (or reached); one still there was not."""
    return war not in s.wars and war not in s.explorations



def renamed(ctx: Ctx, old: str, new: str) -> None:
    """R143, R176: the senator ``old`` goes on as ``new`` (a statesman laid over his card); a proposal
    waiting for its tally (one a floor proposal interrupted) names him by his new name, as the state
    renames what was kept for him (``state._rename``)."""
    for f in ctx.s.flow:
        if f.kind == "tally":
            f.strs = [f.strs[0], *(new if w == old else f"co:{new}" if w == f"co:{old}" else w for w in f.strs[1:])]


# -- V.5, 3 and V.7: recalling an exile -------------------------------------------------------------
def exiles(s: State) -> list[str]:
    """Statesmen in exile (V.5, 3): only a proposal of the Senate brings one back."""
    return sorted((x.id for x in s.senators.values() if x.where == "exiled"), key=order_key)


def recall_exile(ctx: Ctx, sid: str) -> None:
    """V.7, Rappel d'un Homme d'État en Exil: he goes back to the Port, unless his family card is in a
    faction that has no statesman: then he joins that faction on his family card (R83: his frozen
    talents go with him; the family card's markers stay, as when a statesman is played, and he has no
    Influence of his own, R142). A family card that went into exile under him is in no faction: he
    takes it back to the Port (R83)."""
    s = ctx.s
    x = s.senators[sid]
    fam = s.senators.get(str(x.family))
    if (not x.family_card and fam is not None and fam.seat >= 0 and fam.face_up
            and not any(y.seat == fam.seat and not y.id.isdigit() for y in s.senators.values() if y.id != sid)):
        if x.talents:
            ctx.emit(ev.Transferred(source=f"senator:{sid}", target=f"senator:{fam.id}", amount=x.talents,
                                    reason="recalled"))
        markers = fam.influence
        ctx.emit(ev.SenatorEntered(senator=sid, seat=fam.seat, reason="recalled"))
        renamed(ctx, fam.id, sid)
        back = s.senators[sid].influence
        if back != markers:  # R142: no Influence of his own (lost in exile), only what lies on the family card
            ctx.emit(ev.SenatorChanged(senator=sid, influence=markers - back, popularity=0, merchants=0,
                                       reason="recalled"))
    else:
        ctx.emit(ev.SenatorMoved(senator=sid, seat=-1, where=PORT, face_up=True, reason="recalled"))


@automatic("appeal_roll")
def _appeal_roll(ctx: Ctx, f: Frame) -> None:
    """V.5: the Appeal to the People, rolled once the any-time windows before it are over (R130)."""
    ctx.pop()
    s = ctx.s
    t = tally_of(s)
    outcome = appeal(ctx, f.count, t.strs[1], t)
    if outcome == "killed":
        lost = s.senators[t.strs[1]].influence  # all he had: the Judge gains half (V.5, Procédure 5)
        kill(ctx, t.strs[1], "the_people")
        judge_gains(ctx, t, lost)
    if outcome in ("killed", "freed"):
        t.nums[0] = APPEAL_ENDS[outcome]  # the trial's amount (0, or a victim's Popularity, never below 0)
        for x in [x for x in s.flow if x.kind in ("vote", "buy_votes", "vote_order")]:
            ctx.done(x)


def _trial(ctx: Ctx, f: Frame, passed: bool) -> None:
    trial_decided(ctx, f, passed)


def _recall_exile(ctx: Ctx, f: Frame, passed: bool) -> None:
    """V.7, Rappel d'un Homme d'État en Exil (R176: if he is still in exile: the same recall may have
    passed from the floor)."""
    if passed and f.strs[1] in exiles(ctx.s):
        recall_exile(ctx, f.strs[1])


PASSED.update({"trial": _trial, "recall_exile": _recall_exile})
