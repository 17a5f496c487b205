"""Counter-Intrigue: cancelling an Intrigue card as it is played (R79).

An Intrigue card played in a step that waits for a player (a card window, an initiative, a
persuasion, an assassination, a vote) is laid down first (``CardPlayed``); then every other player in
turn, clockwise from its player, may play a Counter-Intrigue on it, or pass. Everybody holding a card
is asked, so the table learns nothing about who holds one; an empty hand, whose size is public and
which cannot answer, is passed over (R134, R150). Cancelled, the card stays in the discard with no effect
(``CardCancelled``); otherwise its effects apply (or its procedure goes on: the Public Outcry's
choice). A Counter-Intrigue itself takes effect at once (cards are not countered in chains). The
Civil War's secret plays (VII.2) are played when revealed, one at a time from the SPHR: a revealed
Intrigue card is answered the same way (``civil_war.py``).
"""

from __future__ import annotations

from . import commands as cmd
from . import components as C
from . import effects as fx
from . import events as ev
from .cards import HANDLERS, apply_effects, play_card
from .events import Frame
from .flow import Ctx, automatic, decision, entry
from .people import clockwise
from .state import State


def counterable(card: str) -> bool:
    return C.card_kind(card) == "intrigue" and not _counters(card)


def _counters(card: str) -> bool:
    return card in C.CARDS and any(isinstance(e, fx.CancelCard) for e in C.CARDS[card].effects)


@entry("play")
def play(ctx: Ctx, seat: int, card: str, senator: str, then: Frame | None = None) -> None:
    """Play ``card`` from ``seat``'s hand; an Intrigue card waits for the other players' answer.
    ``then``: the frame that carries the card out (default: its effects)."""
    if not counterable(card):
        play_card(ctx, seat, card, senator)
        if then is not None:
            ctx.push(then)
        return
    ctx.emit(ev.CardPlayed(seat=seat, card=card, senator=senator))
    effect = then or Frame(kind="card_effects", senator=senator, target=card, nums=[seat])
    ctx.push(effect)
    ctx.then(*[Frame(kind="counter", seat=x, target=card, nums=[seat])
               for x in clockwise(ctx.s, seat) if x != seat])


@decision("counter", "play a Counter-Intrigue to cancel the Intrigue card just played, or pass (R79)")
class Counter:
    @staticmethod
    def legal(s: State, f: Frame):
        if not s.hands[f.seat]:  # R150: only a card of the hand answers; an empty hand (public) is not asked
            return []
        mine = [cmd.PlayCard(card=x, senator="") for x in sorted(set(s.hands[f.seat])) if _counters(x)]
        return mine + [cmd.ChooseOption(option="pass")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        if isinstance(c, cmd.ChooseOption):
            return
        s = ctx.s
        ctx.emit(ev.CardPlayed(seat=f.seat, card=c.card, senator=""))
        ctx.emit(ev.CardCancelled(seat=f.nums[0], card=f.target, by=f.seat))
        # the other answers and the card's effect go: they are the frames from here down to the effect
        at = max(i for i, x in enumerate(s.flow) if x.kind != "counter")
        del s.flow[at:]


@automatic("card_effects")
def _card_effects(ctx: Ctx, f: Frame) -> None:
    """The Intrigue card was not cancelled: it does what it says."""
    ctx.pop()
    apply_effects(ctx, C.CARDS[f.target].effects, seat=f.nums[0], source=f.target, senator=f.senator)


def _extra_capture_roll(ctx: Ctx, e, seat: int, source: str, senator: str) -> None:
    """Secret Escort (R77): one more capture roll in the attempt under way."""
    attempt = next((x for x in reversed(ctx.s.flow) if x.kind == "assassinate"), None)
    if attempt is not None:
        attempt.nums[1] += 1


def _votes(ctx: Ctx, e, seat: int, source: str, senator: str) -> None:
    """Bribed Judges (R78): the votes join the player's vote on the proposal being voted on."""
    vote = next((x for x in reversed(ctx.s.flow) if x.kind == "vote" and x.seat == seat), None)
    if vote is not None:
        vote.nums.append(e.amount)


HANDLERS.update({fx.ExtraCaptureRoll: _extra_capture_roll, fx.Votes: _votes})
