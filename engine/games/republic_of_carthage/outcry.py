"""Cards played when one's turn to vote comes (R78): Public Outcry (V.7, Indignation générale: veto
the proposal, or take the floor and make one) and the trial cards (Crowd in the Agora, Bribed Judges).

Every player is asked for his vote anyway, so offering these plays there tells nobody who holds what.

- Public Outcry needs a senator of one's faction in Carthage. **Veto**: the vote stops, the votes and
  talents already cast are spent, and the proposal may not come again this turn; a trial vetoed still
  counts among the Censor's (V.5). No veto on a captured assassin's trial nor on the Suffète for Life
  (V.7); the last candidate left is elected without a vote, so there is nothing to veto. **The floor**
  (only while other business is under way, one floor at a time): the player makes a proposal of his
  own at once, with the usual choices of other business, the votes still called from the presiding
  officer; the vote he interrupted then goes on.
- The floor may also be asked when the presiding officer adjourns: every other player with a
  senator in Carthage is asked in turn (take the floor, or pass) before the Senate ends, since he may
  not adjourn while a request is unmet.
- Trial cards, in a trial only: Crowd in the Agora adds to the accused's Appeal to the People (the
  next Appeal roll); Bribed Judges adds its votes to the player's vote on this trial.
"""

from __future__ import annotations

from . import commands as cmd
from . import components as C
from . import effects as fx
from . import events as ev
from .cards import ANY_TIME, hand_plays
from .counter import play
from .events import Frame
from .flow import Ctx, decision
from .people import clockwise, present_of
from .proposals import proposal_key
from .state import State


def _titled(card: str, effect: type) -> bool:
    return C.card_kind(card) == "intrigue" and any(isinstance(e, effect) for e in C.CARDS[card].effects)


def vetoable(t: Frame) -> bool:
    kind = t.strs[0]
    return kind != "suffete_for_life" and not (kind == "trial" and t.target == "assassin")


NO_FLOOR = frozenset({"suffetes", "council", "governor", "trial"})
"""Proposals no floor may interrupt (R174): the elections of steps 2-6 (V.6: the proposals of a step are
about its offices only) and the trials (V.5: the card only cancels a trial). The Senate stacks its other
business under the elections from its start, so the stack alone does not tell."""


def floor_open(s: State) -> bool:
    """Other business is under way (R78): a proposal of other business is being voted on, and it is not
    itself a proposal from the floor."""
    tallies = [x for x in s.flow if x.kind == "tally"]
    return (len(tallies) == 1 and tallies[0].strs[0] not in NO_FLOOR
            and any(x.kind == "business" for x in s.flow))


def vote_plays(s: State, f: Frame, t: Frame) -> list[cmd.PlayCard]:
    """The cards ``f.seat`` may play at his turn to vote on the proposal ``t``."""
    hand = sorted(set(s.hands[f.seat]))
    out = []
    # V.7: a veto or the floor needs a senator in Carthage; V.5 2 lets any player cancel a trial
    present = t.strs[0] == "trial" or bool(present_of(s, f.seat))
    if present and (vetoable(t) or floor_open(s)):
        out += [cmd.PlayCard(card=x, senator="") for x in hand if _titled(x, fx.PublicOutcry)]
    if t.strs[0] == "trial":
        out += [cmd.PlayCard(card=x, senator="") for x in hand if C.card_kind(x) == "intrigue"
                and C.CARDS[x].timing == "trial"]
    return out + hand_plays(s, f.seat, (ANY_TIME,))  # R130: before his vote


def play_at_vote(ctx: Ctx, f: Frame, t: Frame, c: cmd.PlayCard) -> None:
    """A card played at the turn to vote; the player still votes afterwards (unless he vetoed). The
    Crowd's modifier waits in the counters for the Appeal roll (cleared when the trial ends)."""
    if _titled(c.card, fx.PublicOutcry):
        play(ctx, f.seat, c.card, "", then=Frame(kind="outcry", seat=f.seat, senator=c.card))
    elif C.card_kind(c.card) in ("intrigue", "event") and C.CARDS[c.card].timing == "any_time":
        play(ctx, f.seat, c.card, c.senator)  # R130
    else:  # Bribed Judges' votes join this player's vote (counter.py)
        play(ctx, f.seat, c.card, "")


@decision("outcry", "Public Outcry: veto the proposal being voted on, or take the floor and make one (V.7)")
class Outcry:
    @staticmethod
    def legal(s: State, f: Frame):
        t = next(x for x in reversed(s.flow) if x.kind == "tally")
        return ([cmd.ChooseOption(option="veto")] if vetoable(t) else []) + \
               ([cmd.ChooseOption(option="floor")] if floor_open(s) else [])

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        s = ctx.s
        if c.option == "floor":
            ctx.push(Frame(kind="other_business", seat=f.seat, strs=["floor"]))
            return
        at = max(i for i, x in enumerate(s.flow) if x.kind == "tally")
        t = s.flow[at]
        ctx.emit(ev.ProposalVetoed(seat=f.seat, kind=t.strs[0]))
        ctx.emit(ev.CountersSet(name=f"rejected:{proposal_key(t)}", value=1))
        del s.flow[at:]


def last_call(ctx: Ctx, ps: int) -> None:
    """V.7: before the Senate adjourns, every other player with a senator in Carthage may take the
    floor (clockwise from the presiding officer)."""
    s = ctx.s
    ctx.then(*[Frame(kind="floor_call", seat=x) for x in clockwise(s, ps)
               if x != ps and present_of(s, x)])


@decision("floor_call", "the presiding officer adjourns: take the floor with a Public Outcry, or pass (V.7)")
class FloorCall:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.PlayCard(card=x, senator="") for x in sorted(set(s.hands[f.seat])) if _titled(x, fx.PublicOutcry)] \
            + [cmd.ChooseOption(option="pass")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        if isinstance(c, cmd.PlayCard):
            play(ctx, f.seat, c.card, "", then=Frame(kind="other_business", seat=f.seat, strs=["floor"]))
