"""IV. Phase Portuaire: initiatives (a card or a random event, persuasion, a merchant, the Faction
Leader), the auction of extra initiatives, aging leaders, returning senators and concessions, the
vote totals."""

from __future__ import annotations

from . import commands as cmd
from . import components as C
from . import events as ev
from .cards import draw_card, hand_plays, omens, random_event, window_legal
from .counter import play  # an Intrigue card may be countered (R79)
from .events import Frame
from .flow import Ctx, automatic, decision
from .forces import use_one_roll_modifiers
from .people import clockwise, eloquence, faction_votes, in_carthage, loyalty, order_key, present_of, senators_of, sphr_seat
from .state import PORT, State
from .war_details import leader_ages, pay_debts

INITIATIVES = 6  # IV.5: extra initiatives are auctioned up to six


@automatic("port", keeps_frame=True)
def _port(ctx: Ctx, f: Frame) -> None:
    """IV.1: last turn's events leave (with the commerce cards they set aside, R60); IV.2: one
    initiative each, from the SPHR clockwise; IV.5: the extra initiatives auctioned; IV.6-7."""
    ctx.pop()
    s = ctx.s
    ctx.emit(ev.PhaseBegan(phase=PORT))
    if s.events_in_port:
        ctx.emit(ev.EventsCleared())
    for reason in sorted(s.aside):
        if reason in C.EVENT_CARDS:
            by_pile: dict[int, list[str]] = {}
            for card in s.aside[reason]:
                by_pile.setdefault(C.COMMODITIES[card].pile, []).append(card)
            for pile, cards in sorted(by_pile.items()):
                ctx.emit(ev.CommerceBack(pile=pile, cards=tuple(cards), reason=reason))
    pay_debts(ctx)  # R61
    order = clockwise(s, sphr_seat(s))
    extra = max(0, INITIATIVES - s.players)
    ctx.then(*[Frame(kind="initiative", nums=[x]) for x in order],
             *[Frame(kind="auction") for _ in range(extra)], Frame(kind="port_end"))


@automatic("initiative", keeps_frame=True)
def _initiative(ctx: Ctx, f: Frame) -> None:
    """IV.2a: roll 2 dice; 7 is a Random Event (3 dice on the table), anything else draws a card.
    Then, in that order (R4): persuade a senator, attract a merchant, change the Faction Leader."""
    ctx.pop()
    seat = f.nums[0]
    _, outcome, _ = ctx.roll(seat, "initiative", 2, omens(ctx.s), lambda t: "random_event" if t == 7 else "draw")
    if outcome == "random_event":
        total, _, _ = ctx.roll(seat, "random_event", 3, omens(ctx.s))
        random_event(ctx, C.random_event(total).id, seat)
    else:
        draw_card(ctx, seat)
    ctx.then(Frame(kind="initiative_cards", seat=seat), Frame(kind="persuade", seat=seat),
             Frame(kind="attract", seat=seat), Frame(kind="change_leader", seat=seat))


@decision("initiative_cards", "play a card from your hand, or done (IV.2a: Intrigue and Event cards may be played "
                              "when the holder wishes)")
class InitiativeCards:
    @staticmethod
    def legal(s: State, f: Frame):
        return window_legal(s, f.seat, hand_plays(s, f.seat, ("any_time",)))  # R134: any hand is asked

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        if isinstance(c, cmd.ChooseOption):
            ctx.done(f)
            return
        play(ctx, f.seat, c.card, c.senator)


# -- persuasion (IV.2b) --------------------------------------------------------------------------
def persuasion_targets(s: State, seat: int) -> list[str]:
    """IV.2b a: a senator in Carthage, of another faction or in the Port face up (R36), not a Faction
    Leader (a statesman may be)."""
    return sorted((x.id for x in s.senators.values()
                   if x.seat != seat and x.face_up and (in_carthage(s, x.id) or (x.seat < 0 and x.where == PORT))
                   and x.id not in s.leaders),
                  key=order_key)


def persuaders(s: State, seat: int) -> list[str]:
    return [x.id for x in present_of(s, seat)]


def modifier(s: State, roll: str) -> int:
    """Modifiers in force (cards, laws) on ``roll``'s success level; those on every die roll (Bad
    Omens) go on the dice instead (R132: ``omens``)."""
    total = 0
    for name, value in s.counters.items():
        if name.startswith("mod:"):
            _, which, _group, _duration = name.split(":")
            if which == roll:
                total += value
    return total


def persuasion_level(s: State, persuader: str, target: str, bribes: int) -> int:
    """IV.2b c-e: Eloquence + Influence of the persuader, less the target's Loyalty and the talents on
    his card, less 7 if he is in a rival faction; +1 per talent added for, -1 per talent against."""
    x, t = s.senators[persuader], s.senators[target]
    level = eloquence(persuader) + x.influence - loyalty(target) - t.talents
    if t.seat >= 0:
        level -= 7
    return level + bribes


@decision("persuade", "a senator to persuade, or pass (IV.2b)")
class Persuade:
    @staticmethod
    def legal(s: State, f: Frame):
        if not persuaders(s, f.seat):
            return []
        targets = persuasion_targets(s, f.seat)
        return [cmd.ChooseSenator(senator=x) for x in targets] + [cmd.ChooseOption(option="pass")] if targets else []

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        if isinstance(c, cmd.ChooseSenator):
            ctx.push(Frame(kind="persuader", seat=f.seat, target=c.senator))


@decision("persuader", "which of your senators in Carthage makes the attempt (IV.2b b)")
class Persuader:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseSenator(senator=x) for x in persuaders(s, f.seat)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        # nums: [talents for (from the persuader), talents for from others, talents against]
        ctx.push(Frame(kind="persuasion", seat=f.seat, senator=c.senator, target=f.target, nums=[0, 0, 0]))
        ctx.push(Frame(kind="bribe", seat=f.seat, senator=c.senator, target=f.target))


@decision("bribe", "talents from the persuader's card to add to the attempt, 0 for none (IV.2b d)")
class Bribe:
    @staticmethod
    def legal(s: State, f: Frame):
        return cmd.numbers(0, s.senators[f.senator].talents)

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        attempt = next(x for x in reversed(ctx.s.flow) if x.kind == "persuasion")
        attempt.nums[0] += c.number
        ctx.emit(ev.Transferred(source=f"senator:{f.senator}", target="escrow:persuasion", amount=c.number,
                                reason="persuasion"))
        s = ctx.s
        order = [x for x in clockwise(s, (f.seat + 1) % s.players) if x != f.seat]
        ctx.then(*[Frame(kind="intervene", seat=x, target=f.target) for x in order])


@decision("intervene", "talents from your faction treasury for (positive) or against (negative) the persuasion, "
                       "0 for none (IV.2b e)")
class Intervene:
    @staticmethod
    def legal(s: State, f: Frame):
        most = s.faction_treasury[f.seat]
        return cmd.numbers(-most, most) if most else []

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        if c.number:
            attempt = next(x for x in reversed(ctx.s.flow) if x.kind == "persuasion")
            if c.number > 0:
                attempt.nums[1] += c.number
            else:
                attempt.nums[2] -= c.number
            ctx.emit(ev.Transferred(source=f"faction:{f.seat}", target="escrow:persuasion", amount=abs(c.number),
                                    reason="persuasion"))


@decision("persuasion", "roll, or add talents from the persuader's card for another round (IV.2b f)")
class Persuasion:
    @staticmethod
    def legal(s: State, f: Frame):
        more = s.senators[f.senator].talents if f.senator in s.senators else 0
        plays = hand_plays(s, f.seat, ("persuasion", "any_time"))  # R130: his any-time cards too
        if f.target in s.senators and s.senators[f.target].seat < 0:  # a Port senator: no rival's -7 to cancel
            plays = [p for p in plays if C.CARDS[p.card].against != "rival_senator"]
        return [cmd.ChooseOption(option="roll")] + cmd.numbers(1, more) + plays

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        s = ctx.s
        if isinstance(c, cmd.PlayCard):
            play(ctx, f.seat, c.card, c.senator)
            return
        if isinstance(c, cmd.ChooseNumber):
            f.nums[0] += c.number
            ctx.emit(ev.Transferred(source=f"senator:{f.senator}", target="escrow:persuasion", amount=c.number,
                                    reason="persuasion"))
            order = [x for x in clockwise(s, (f.seat + 1) % s.players) if x != f.seat]
            ctx.then(*[Frame(kind="intervene", seat=x, target=f.target) for x in order])
            return
        ctx.done(f)
        level = persuasion_level(s, f.senator, f.target, f.nums[0] + f.nums[1] - f.nums[2]) + modifier(s, "persuasion")
        use_one_roll_modifiers(ctx, ("persuasion",))
        om = omens(s)  # R132: on the dice; an 11 or 12 thrown still fails, whatever the modifier
        _, outcome, _ = ctx.roll(f.seat, "persuasion", 2, om,
                                 lambda t: "persuaded" if t <= level and t - om < 11 else "failed")
        paid = sum(f.nums)
        if paid:  # R47: every talent spent lies on the target's card afterwards
            ctx.emit(ev.Transferred(source="escrow:persuasion", target=f"senator:{f.target}", amount=paid,
                                    reason="persuasion"))
        if outcome == "persuaded":
            ctx.emit(ev.SenatorMoved(senator=f.target, seat=f.seat, where="carthage", face_up=True, reason="persuaded"))


# -- merchants and the Faction Leader (IV.3-4) ---------------------------------------------------
@decision("attract", "a senator of yours who tries to attract a merchant, or pass (IV.3)")
class Attract:
    @staticmethod
    def legal(s: State, f: Frame):
        own = persuaders(s, f.seat)
        return [cmd.ChooseSenator(senator=x) for x in own] + [cmd.ChooseOption(option="pass")] if own else []

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        if isinstance(c, cmd.ChooseOption):
            return
        total, outcome, _ = ctx.roll(f.seat, "merchant", 2, omens(ctx.s), lambda t: "attracted" if t >= 12 else "short")
        if outcome == "attracted":
            ctx.emit(ev.SenatorChanged(senator=c.senator, influence=0, popularity=0, merchants=1, reason="merchant"))
        elif ctx.s.senators[c.senator].talents >= 12 - total:
            ctx.push(Frame(kind="buy_merchant", seat=f.seat, senator=c.senator, count=12 - total))


@decision("buy_merchant", "pay the talents short of 12 to get the merchant after all (IV.3)")
class BuyMerchant:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseOption(option="yes"), cmd.ChooseOption(option="no")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        if c.option == "yes":
            ctx.emit(ev.Transferred(source=f"senator:{f.senator}", target="bank", amount=f.count, reason="merchant"))
            ctx.emit(ev.SenatorChanged(senator=f.senator, influence=0, popularity=0, merchants=1, reason="merchant"))


@decision("change_leader", "a new Faction Leader, or pass (IV.4)")
class ChangeLeader:
    @staticmethod
    def legal(s: State, f: Frame):
        others = [x.id for x in senators_of(s, f.seat)  # not a rebel, nor an exile (V.5, 3, R140)
                  if x.id != s.leaders[f.seat] and x.where not in ("rebel", "exiled")]
        return [cmd.ChooseSenator(senator=x) for x in others] + [cmd.ChooseOption(option="pass")] if others else []

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        if isinstance(c, cmd.ChooseSenator):
            ctx.emit(ev.LeaderNamed(seat=f.seat, senator=c.senator))


# -- the auction (IV.5) ----------------------------------------------------------------------------
@automatic("auction", keeps_frame=True)
def _auction(ctx: Ctx, f: Frame) -> None:
    """IV.5: one round of bids from the SPHR clockwise, each by one senator; 0 is a bid; each bid
    beats the last; the winner pays the bank (R12) and takes the initiative."""
    ctx.pop()
    s = ctx.s
    ctx.push(Frame(kind="auction_end", nums=[-1, -1]))
    ctx.then(*[Frame(kind="bid", seat=x) for x in clockwise(s, sphr_seat(s))])


def best_bid(s: State) -> Frame:
    return next(x for x in reversed(s.flow) if x.kind == "auction_end")


@decision("bid", "a senator of yours who bids for the extra initiative, or pass (IV.5)")
class Bid:
    @staticmethod
    def legal(s: State, f: Frame):
        need = best_bid(s).nums[0] + 1
        own = [x.id for x in senators_of(s, f.seat) if in_carthage(s, x.id) and x.talents >= need]
        return [cmd.ChooseSenator(senator=x) for x in own] + [cmd.ChooseOption(option="pass")] if own else []

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        if isinstance(c, cmd.ChooseSenator):
            ctx.push(Frame(kind="bid_amount", seat=f.seat, senator=c.senator))


@decision("bid_amount", "the bid, in talents from that senator (IV.5)")
class BidAmount:
    @staticmethod
    def legal(s: State, f: Frame):
        need = best_bid(s).nums[0] + 1
        return cmd.numbers(need, s.senators[f.senator].talents)

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        best = best_bid(ctx.s)
        best.nums = [c.number, f.seat]
        best.senator = f.senator


@automatic("auction_end")
def _auction_end(ctx: Ctx, f: Frame) -> None:
    ctx.pop()
    amount, seat = f.nums
    if seat < 0:
        return
    if amount:
        ctx.emit(ev.Transferred(source=f"senator:{f.senator}", target="bank", amount=amount, reason="auction"))
    ctx.push(Frame(kind="initiative", nums=[seat]))


# -- the end of the phase (IV.6-7) -----------------------------------------------------------------
@automatic("port_end", keeps_frame=True)
def _port_end(ctx: Ctx, f: Frame) -> None:
    """IV.6: aging leaders (a leader with no war of his on the board leaves on 5-6); a dead senator
    face down in the Port turns face up on 5-6; so does a destroyed concession. IV.7: the votes."""
    ctx.pop()
    s = ctx.s
    for leader in list(s.leaders_in_play):
        if leader_ages(s, leader):  # no war of his on the board, or inactive since his war was lost
            _, outcome, _ = ctx.roll(-1, f"aging:{leader}", 1, omens(s), lambda t: "removed" if t >= 5 else "stays")
            if outcome == "removed":
                ctx.emit(ev.WarChanged(war=leader, status="removed", reason="aging"))
    for sid in sorted((x.id for x in s.senators.values() if not x.face_up), key=order_key):
        _, outcome, _ = ctx.roll(-1, f"return:{sid}", 1, omens(s), lambda t: "returns" if t >= 5 else "stays")
        if outcome == "returns":
            ctx.emit(ev.SenatorMoved(senator=sid, seat=-1, where=PORT, face_up=True, reason="returns"))
    for cid in sorted(c for c, h in s.concessions.items() if h == "!"):
        _, outcome, _ = ctx.roll(-1, f"return:{cid}", 1, omens(s), lambda t: "returns" if t >= 5 else "stays")
        if outcome == "returns":
            ctx.emit(ev.ConcessionChanged(concession=cid, holder="", reason="returns"))
    for seat in range(s.players):
        ctx.emit(ev.CountersSet(name=f"votes:{seat}", value=faction_votes(s, seat)))
