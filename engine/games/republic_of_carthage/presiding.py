"""The presiding officer's own choices (V, Fonctionnement du Sénat): the order in which he calls the
votes (R64) and his resignation after a unanimous No (R63).

R64: before each vote of a proposal is called, the presiding officer (the Censor in his trials) may
call the rest clockwise from himself, or name the next player to vote; the last one left is called
without asking. R63: when every other player voted No and the proposal fell, he chooses: resign (the
next senator in the SPHR order presides for the rest of this Senate phase; he keeps his office) or
stay and lose 1 Influence.
"""

from __future__ import annotations

from . import commands as cmd
from . import components as C
from . import events as ev
from .events import Frame
from .flow import Ctx, decision
from .people import in_carthage, order_key
from .state import State


def presiding_officer(s: State) -> str:
    """The SPHR (Terminologie), passing over those who resigned this turn (R63): the holder of the
    highest office in Carthage, else the lowest card number among faction senators in Carthage."""
    def sits(sid: str) -> bool:
        return bool(sid) and in_carthage(s, sid) and not s.counters.get(f"resigned:{sid}:turn")
    for office in C.office_rank_order():
        holder = s.offices.get(office, "")
        if sits(holder):
            return holder
    present = [x.id for x in s.senators.values() if x.seat >= 0 and sits(x.id)]
    return min(present, key=order_key) if present else ""


def call_votes(ctx: Ctx, ps: int, seats: list[int], abstain: bool) -> None:
    """R64: the presiding officer (``ps``) calls the votes of ``seats`` (clockwise from him)."""
    ctx.push(Frame(kind="vote_order", seat=ps, nums=list(seats), count=int(abstain)))


@decision("vote_order", "call the rest of the votes clockwise from you, or name the player who votes next (V, R64)")
class VoteOrder:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseOption(option="clockwise")] + [cmd.ChooseOption(option=f"seat:{x}") for x in sorted(f.nums)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        if c.option == "clockwise":
            ctx.done(f)
            ctx.then(*[Frame(kind="vote", seat=x, count=f.count) for x in f.nums])
            return
        seat = int(c.option.partition(":")[2])
        f.nums.remove(seat)
        if len(f.nums) == 1:  # the last one left needs no call
            ctx.done(f)
            ctx.then(Frame(kind="vote", seat=seat, count=f.count), Frame(kind="vote", seat=f.nums[0], count=f.count))
        else:
            ctx.push(Frame(kind="vote", seat=seat, count=f.count))


def unanimous_no(ctx: Ctx, who: str, trials: bool = False) -> None:
    """R63: the presiding officer whose proposal every other player rejected resigns or loses 1
    Influence. ``trials``: the Censor, for an accusation (R184): resigning ends his trials."""
    ctx.push(Frame(kind="resign", seat=ctx.s.senators[who].seat, senator=who, target="trials" if trials else ""))


@decision("resign", "every other player voted No: resign as presiding officer, or stay and lose 1 Influence (V, R63)")
class Resign:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseOption(option="resign"), cmd.ChooseOption(option="stay")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        if c.option == "stay":
            ctx.emit(ev.SenatorChanged(senator=f.senator, influence=-1, popularity=0, merchants=0, reason="unanimous_no"))
            return
        if f.target == "trials":  # R184: the Censor gives up the trials' chair: no more trials this turn
            for x in [x for x in ctx.s.flow if x.kind == "trial"]:
                ctx.done(x)
            return
        ctx.emit(ev.CountersSet(name=f"resigned:{f.senator}:turn", value=1))
        if not presiding_officer(ctx.s):  # nobody left to preside: the Senate ends
            senate_ends(ctx)
            return
        # frames waiting for the presiding officer's seat now wait for his successor's
        for x in ctx.s.flow:
            if x.kind in ("other_business", "nominate", "nominate_suffetes") and x.seat == f.seat \
                    and x.strs != ["floor"]:
                x.seat = presiding_seat(ctx.s)


def presiding_seat(s: State) -> int:
    sid = presiding_officer(s)  # the SPHR, unless he resigned (R63)
    return s.senators[sid].seat if sid and s.senators[sid].seat >= 0 else 0

SENATE_STEPS = frozenset({"business", "other_business", "floor_call", "tally", "vote_order", "vote", "buy_votes"})
"""What of the Senate may still be pending when the presiding officer leaves: the other business, the
requests for the floor as he adjourned, and the proposal a floor proposal interrupted, with its votes."""


def senate_ends(ctx: Ctx) -> None:
    """V.7, Départ du PS: if the presiding officer leaves Carthage, the Senate phase ends at once; the
    proposals are lost (V.7, Prendre la parole, R175): the proposal a floor proposal sending him away
    interrupted is not voted on further nor tallied, and the requests for the floor still to come are
    not met (their players keep their cards)."""
    for x in list(ctx.s.flow):
        if x.kind in SENATE_STEPS:
            ctx.done(x)
