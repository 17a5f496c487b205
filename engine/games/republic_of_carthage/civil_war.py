"""VII. Phase de Guerre civile: the Popular Reaction of commanders who fought without victory, the
cards played and the hand limit, and the victorious commanders' armies (returned or in rebellion:
``rebellion.py``)."""

from __future__ import annotations

from collections import Counter

from . import commands as cmd
from . import components as C
from . import events as ev
from .cards import hand_plays, window_legal
from .counter import play as play_or_counter
from .deaths import kill
from .events import Frame
from .flow import SIMULTANEOUS, Ctx, automatic, decision, entry, simultaneous
from .forces import modifier
from .people import clockwise, now_named, order_key, sphr_seat
from .rebellion import victor_frames
from .state import CIVIL_WAR, State

HAND_LIMIT = 5


@automatic("civil_war", keeps_frame=True)
def _civil_war(ctx: Ctx, f: Frame) -> None:
    """VII.1: every commander who fought this turn and did not win rolls on the Popular Reaction table
    (2 dice + his Popularity), a prisoner too (R165: the roll is no action of his). VII.2: the cards owed by commerce offers are handed over (R136), the players
    trade cards (R111, ``negotiation.py``), then the cards
    played (statesmen included), chosen in secret and revealed together (R68), and the hand limit of 5,
    player by player from the SPHR."""
    ctx.pop()
    s = ctx.s
    ctx.emit(ev.PhaseBegan(phase=CIVIL_WAR))
    fought = sorted((n.partition(":")[2] for n in s.counters if n.startswith("fought:") and n[7:] in s.senators),
                    key=order_key)
    for sid in fought:
        if s.counters.get(f"victor:{sid}") or sid not in s.senators or not s.senators[sid].face_up:
            continue
        popular_reaction(ctx, sid)
    order = clockwise(s, sphr_seat(s))
    ctx.then(Frame(kind="card_debts"), Frame(kind="card_trading", nums=[1, 0]),
             Frame(kind="civil_cards", seat=SIMULTANEOUS, nums=list(order)), Frame(kind="civil_reveal"),
             Frame(kind="hand_limits"), Frame(kind="victors"))


@entry("popular_reaction")
def popular_reaction(ctx: Ctx, sid: str) -> None:
    """The Popular Reaction table: 2 dice + his Popularity (VII.1, and a recalled commander, V.7)."""
    x = ctx.s.senators[sid]
    total, outcome, _ = ctx.roll(x.seat, "popular_reaction", C.TABLES.popular_reaction.dice,
                                 x.popularity + modifier(ctx.s, ("popular_reaction",)),
                                 lambda t: C.popular_reaction(t).result)
    row = C.popular_reaction(total)
    if outcome == "killed":
        kill(ctx, sid, "popular_reaction")
    elif row.influence or row.popularity:
        ctx.emit(ev.SenatorChanged(senator=sid, influence=row.influence, popularity=row.popularity, merchants=0,
                                   reason="popular_reaction"))


def committed(s: State, seat: int) -> list[str]:
    return list(s.committed[seat]) if s.committed else []


@simultaneous("civil_cards", "choose in secret the cards you play: statesmen, concessions, any-time cards; done "
                             "when finished (VII.2: every player at once, revealed together)")
class CivilCards:
    @staticmethod
    def legal(s: State, f: Frame, seat: int):
        chosen = Counter(x.partition("|")[0] for x in committed(s, seat))
        free = Counter(s.hands[seat]) - chosen
        plays = [c for c in hand_plays(s, seat, ("any_time", "civil_war")) if free[c.card] > 0]
        return window_legal(s, seat, plays)  # R134: every hand is asked, whatever it holds

    @staticmethod
    def act(ctx: Ctx, f: Frame, c, seat: int) -> None:
        if isinstance(c, cmd.ChooseOption):
            f.nums.remove(seat)
            return
        ctx.emit_private(ev.ChoiceMade(seat=seat, step="civil_cards", names=(f"{c.card}|{c.senator}",)), (seat,),
                         ev.ChoiceMadeRedacted(seat=seat, step="civil_cards"))


@automatic("civil_reveal", keeps_frame=True)
def _civil_reveal(ctx: Ctx, f: Frame) -> None:
    """VII.2: the cards chosen are shown together and played player by player from the SPHR; a card
    another play has made unplayable (a statesman whose family another faction just took) stays in
    the hand (R74)."""
    ctx.pop()
    s = ctx.s
    if not s.committed:
        return
    order = clockwise(s, sphr_seat(s))
    plays = [(x, *choice.split("|")) for x in order for choice in s.committed[x]]
    ctx.emit(ev.ChoicesRevealed(step="civil_cards", seats=tuple(order),
                                choices=tuple(f"{x}|{card}|{sid}" for x, card, sid in plays)))
    ctx.then(*[Frame(kind="civil_play", target=card, senator=sid, nums=[seat]) for seat, card, sid in plays])


@automatic("civil_play")
def _civil_play(ctx: Ctx, f: Frame) -> None:
    """One revealed card, in its turn: still playable, it is played; an Intrigue card is laid down and
    each other player in turn may counter it, as anywhere else (R79: the reveal is the moment it is
    played). A statesman is played as the state now allows it (Mago's 2B after 2A was laid over family
    2 enters beside him, Terminologie); a card chosen for a senator a statesman has since covered goes
    to that statesman, the same senator."""
    ctx.pop()
    seat, card, sid = f.nums[0], f.target, now_named(ctx.s, f.senator)
    plays = hand_plays(ctx.s, seat, ("any_time", "civil_war"))
    if C.card_kind(card) == "statesman":
        sid = next((c.senator for c in plays if c.card == card), None)
    if sid is not None and cmd.PlayCard(card=card, senator=sid) in plays:
        play_or_counter(ctx, seat, card, sid)


@automatic("hand_limits")
def _hand_limits(ctx: Ctx, f: Frame) -> None:
    """VII.2 (R137): every player holding more than five cards, in turn from the SPHR, plays, trades or
    discards until he holds five; a trade may take another player over five, so the round comes again
    while somebody is over. ``nums``: the seats that have made their one offer of the step."""
    ctx.pop()
    s = ctx.s
    over = [x for x in clockwise(s, sphr_seat(s)) if len(s.hands[x]) > HAND_LIMIT]
    if over:
        ctx.then(*[Frame(kind="hand_limit", seat=x) for x in over], Frame(kind="hand_limits", nums=list(f.nums)))


@decision("hand_limit", "more than five cards in hand: play one, offer cards to another player (once), or discard "
                        "one (VII.2)")
class HandLimit:
    @staticmethod
    def legal(s: State, f: Frame):
        if len(s.hands[f.seat]) <= HAND_LIMIT:
            return []
        step = next((x for x in reversed(s.flow) if x.kind == "hand_limits"), None)
        offers = [] if step is None or f.seat in step.nums else \
            [cmd.ChooseOption(option=f"offer:{x}") for x in range(s.players) if x != f.seat]
        return hand_plays(s, f.seat, ("any_time", "civil_war")) + offers + \
            [cmd.ChooseOption(option=c) for c in sorted(set(s.hands[f.seat]))]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        if isinstance(c, cmd.PlayCard):  # R137: play a card he may play now (R79: an Intrigue may be countered)
            play_or_counter(ctx, f.seat, c.card, c.senator)
        elif c.option.startswith("offer:"):  # R137: one offer, as in the trading (R111)
            next(x for x in reversed(ctx.s.flow) if x.kind == "hand_limits").nums.append(f.seat)
            ctx.push(Frame(kind="card_offer_cards", seat=f.seat, count=int(c.option.partition(":")[2])))
        else:
            ctx.emit(ev.CardDiscarded(seat=f.seat, card=c.option, reason="hand_limit"))


@automatic("victors", keeps_frame=True)
def _victors(ctx: Ctx, f: Frame) -> None:
    """VII.3: from the SPHR clockwise, each victorious commander returns his armies to the board or
    rebels (``rebellion.py``)."""
    ctx.pop()
    ctx.then(*victor_frames(ctx.s))
