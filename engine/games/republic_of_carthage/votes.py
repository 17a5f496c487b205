"""V, Fonctionnement du Sénat: a proposal and its votes. The presiding officer proposes; every player
votes in turn, clockwise from him unless he calls them otherwise (R64, ``presiding``), and may buy
votes with talents (Achat de votes, R65); a player may play a card at his turn to vote (``outcry``);
then the tally, and what the proposal does (``proposals.PASSED``, by kind).
"""

from __future__ import annotations

from . import commands as cmd
from . import events as ev
from .cards import windows
from .events import Frame
from .flow import Ctx, automatic, decision
from .outcry import play_at_vote, vote_plays
from .people import clockwise, faction_votes, present_of
from .presiding import call_votes, presiding_officer, presiding_seat, unanimous_no
from .proposals import (FLOOR, NO, PASSED, VOTE_CODES, appeal_ended, bonus_votes, money, proposal_key,
                        tally_of)
from .state import State


def propose(ctx: Ctx, kind: str, senators: tuple[str, ...] = (), target: str = "", amount: int = 0,
            bonus: tuple[int, int] = (-1, 0), abstain: bool = True, ps: int = -1) -> None:
    """The presiding officer proposes; every player votes in turn, clockwise from him. ``bonus``:
    (seat, Influence) of the senator named first (the accused of a trial, the Suffète for Life),
    whose Influence joins that seat's votes: counted as it stands at the vote (:func:`bonus_votes`);
    the tally frame keeps the value at the proposal, as it was logged."""
    s = ctx.s
    ps = presiding_seat(s) if ps < 0 else ps
    proposer = s.counters.get(FLOOR, 0) - 1  # a proposal from the floor (V.7, R78)
    if proposer >= 0:
        ctx.emit(ev.CountersSet(name=FLOOR, value=0))
    ctx.emit(ev.ProposalMade(seat=ps if proposer < 0 else proposer, kind=kind, senators=tuple(senators), target=target,
                             amount=amount))
    tally = Frame(kind="tally", target=target, strs=[kind, *senators],
                  nums=[amount, 0, 0, ps, *([0] * s.players)], count=bonus[0] + 1, senator=str(bonus[1]))
    if proposer >= 0:
        tally.nums.append(proposer)  # after the votes: the floor's proposer, who is not the presiding officer
    ctx.push(tally)
    call_votes(ctx, ps, clockwise(s, ps), abstain)  # in the order he chooses (R64)


@decision("vote", "your vote on the proposal: yes, no or abstain (V)")
class Vote:
    @staticmethod
    def legal(s: State, f: Frame):
        out = [cmd.ChooseOption(option="yes"), cmd.ChooseOption(option="no")]
        if f.count:
            out.append(cmd.ChooseOption(option="abstain"))
        t = tally_of(s)
        if t.strs[0] == "trial" and t.count - 1 == f.seat and not f.strs:
            # V.7, Assassins capturés: the Faction Leader on trial must roll the Appeal before voting
            out = [*out, cmd.ChooseOption(option="appeal")] if t.target != "assassin" else [cmd.ChooseOption(option="appeal")]
        return out + vote_plays(s, f, t)

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        s = ctx.s
        t = tally_of(s)
        if isinstance(c, cmd.PlayCard):  # a card played when one's turn to vote comes (outcry.py)
            play_at_vote(ctx, f, t, c)
            return
        if c.option == "appeal":  # V.5: the accused appeals to the people when his turn to vote comes
            f.strs.append("appealed")
            # R130: before the roll, every other player in turn from his left, then he, may play any-time
            # cards (his Popularity counts on the roll)
            ctx.then(*windows(s, (f.seat + 1) % s.players, "any_time"), Frame(kind="appeal_roll", count=f.seat))
            return
        ctx.done(f)
        t.nums[4 + f.seat] = VOTE_CODES[c.option]
        votes = faction_votes(s, f.seat) + (bonus_votes(s, t) if t.count - 1 == f.seat else 0) + sum(f.nums)
        if c.option != "abstain" and money(s, f.seat):
            ctx.push(Frame(kind="buy_votes", seat=f.seat, target=c.option, count=votes))
        else:
            _count(ctx, f.seat, c.option, votes, 0)


def _count(ctx: Ctx, seat: int, vote: str, votes: int, bought: int) -> None:
    t = tally_of(ctx.s)
    ctx.emit(ev.VoteCast(seat=seat, vote=vote, votes=votes + bought, bought=bought))
    if vote == "yes":
        t.nums[1] += votes + bought
    elif vote == "no":
        t.nums[2] += votes + bought


@decision("buy_votes", "talents to spend on more votes, 1 T each, for this proposal only (V, Achat de votes)")
class BuyVotes:
    @staticmethod
    def legal(s: State, f: Frame):
        return cmd.numbers(0, money(s, f.seat))

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        _count(ctx, f.seat, f.target, f.count, c.number)
        s = ctx.s
        sources = [f"faction:{f.seat}"] * (s.faction_treasury[f.seat] > 0) + [
            f"senator:{x.id}" for x in present_of(s, f.seat) if x.talents]
        _pay_votes(ctx, Frame(kind="vote_payment", seat=f.seat, count=c.number, strs=sources))


def _held(s: State, source: str) -> int:
    kind, _, key = source.partition(":")
    return s.faction_treasury[int(key)] if kind == "faction" else s.senators[key].talents


def _bounds(s: State, f: Frame) -> tuple[int, int]:
    """How many of the talents still due the first source may give, the others covering the rest."""
    others = sum(_held(s, x) for x in f.strs[1:])
    return max(0, f.count - others), min(f.count, _held(s, f.strs[0]))


def _pay_votes(ctx: Ctx, f: Frame) -> None:
    """R65: the bought votes' talents leave the sources the player names, one source after another
    (his treasury, then his senators in Carthage in card order); a source whose share is forced pays
    without asking."""
    while f.count > 0:
        low, high = _bounds(ctx.s, f)
        if low < high:
            if not any(x is f for x in ctx.s.flow):
                ctx.push(f)
            return
        _pay_from(ctx, f, low)
    ctx.done(f)


def _pay_from(ctx: Ctx, f: Frame, amount: int) -> None:
    if amount:
        ctx.emit(ev.Transferred(source=f.strs[0], target="bank", amount=amount, reason="votes"))
    f.count -= amount
    f.strs = f.strs[1:]


@decision("vote_payment", "how many of the bought votes' talents this source gives (V, Achat de votes: the "
                          "faction treasury, then each senator in Carthage; R65)")
class VotePayment:
    @staticmethod
    def legal(s: State, f: Frame):
        low, high = _bounds(s, f)
        return cmd.numbers(low, high)

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        _pay_from(ctx, f, c.number)
        _pay_votes(ctx, f)


@automatic("tally")
def _tally(ctx: Ctx, f: Frame) -> None:
    """More Yes than No passes it, at once; a rejected proposal may not come again this turn. If every
    other player voted No, the presiding officer loses 1 Influence (R63)."""
    ctx.pop()
    s = ctx.s
    kind = f.strs[0]
    _, yes, no, ps = f.nums[:4]
    appeal = appeal_ended(f)
    passed = yes > no and not appeal  # the Appeal freed or killed him at once: no vote decided (V.5, R185)
    ctx.emit(ev.ProposalDecided(kind=kind, passed=passed, yes=yes, no=no, appeal=appeal))
    if not passed:
        ctx.emit(ev.CountersSet(name=f"rejected:{proposal_key(f)}", value=1))
        others = [f.nums[4 + x] for x in range(s.players) if x != ps]
        floor = len(f.nums) > 4 + s.players  # R63 is the presiding officer's, not a floor proposal's
        if not floor and others and all(v == NO for v in others):
            if kind == "trial":  # the Censor presides his own trials (R184); a captured assassin's is no accusation
                censor = s.offices.get("censor", "")
                if f.target in ("minor", "major") and censor in s.senators and s.senators[censor].seat == ps:
                    unanimous_no(ctx, censor, trials=True)
            else:
                who = presiding_officer(s)
                if who and s.senators[who].seat == ps:
                    unanimous_no(ctx, who)  # he resigns or loses 1 Influence (R63)
    PASSED[kind](ctx, f, passed)
