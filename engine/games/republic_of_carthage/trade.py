"""III. Phase de Commerce: drawing commerce cards, trading, selling and taxes, the Master of the
Agora, the warehouse limit."""

from __future__ import annotations

from collections import Counter

from . import commands as cmd
from . import components as C
from . import effects as fx
from . import events as ev
from .cards import windows
from .events import Frame
from .flow import Ctx, automatic, decision
from .negotiation import answer, owed_kind
from .people import active, clockwise, in_carthage, senators_of, sphr_seat
from .state import TRADE, State
from .war_details import pay_debts


def merchants(s: State, seat: int) -> int:
    """A faction's merchants in play (each is also a warehouse, "Terminologie"); an exile's are frozen
    (V.5, 3, R140)."""
    return sum(x.merchants for x in senators_of(s, seat) if active(s, x.id))


def draw_order(s: State) -> list[int]:
    """III.1: from the Master of the Agora's player clockwise (the SPHR's if the office is vacant, R6)."""
    master = s.offices.get("master_of_the_agora", "")
    first = s.senators[master].seat if master and s.senators[master].seat >= 0 else sphr_seat(s)
    return clockwise(s, first)


def piles_to_draw(n: int) -> list[int]:
    """One card from each of piles 1, 2, … n, going on from pile 1 after pile 9 (III.1)."""
    return [i % C.COMMERCE.piles + 1 for i in range(n)]


def concession_draws(s: State, seat: int) -> list[int]:
    """III.1: the extra cards of the concessions the faction's senators hold (not an exile's: frozen, V.5,
    3, R140)."""
    out = []
    for cid, holder in sorted(s.concessions.items()):
        if holder and holder in s.senators and s.senators[holder].seat == seat and active(s, holder):
            for e in C.CARDS[cid].effects:
                if isinstance(e, fx.CommerceExtra):
                    out += [p for p in e.piles for _ in range(e.cards)]
    return out


@automatic("trade", keeps_frame=True)
def _trade(ctx: Ctx, f: Frame) -> None:
    """III.1: each player in turn draws one card from piles 1..n (n: his merchants); an empty pile
    gives nothing and nothing replaces it. Then trading (III.2) and the sales (III.3, from the
    SPHR clockwise)."""
    ctx.pop()
    s = ctx.s
    ctx.emit(ev.PhaseBegan(phase=TRADE))
    for seat in draw_order(s):
        for pile in piles_to_draw(merchants(s, seat)) + concession_draws(s, seat):
            if s.piles[pile - 1]:
                card = s.piles[pile - 1][0]
                ctx.emit_private(ev.CommerceDrawn(seat=seat, pile=pile, card=card), (seat,),
                                 ev.CommerceDrawnRedacted(seat=seat, pile=pile))
    order = clockwise(s, sphr_seat(s))
    ctx.then(Frame(kind="trading", nums=[1, 0]), *windows(s, order[0], "trade"),
             *[Frame(kind="sell", seat=x) for x in order], Frame(kind="trade_end"))


def sale_value(s: State, commodity: str, count: int, bonus: bool = True) -> int:
    """The set's printed value (III.2), plus any price change in force this turn (a card's
    ``commerce_price``) when ``bonus``: a player's first sale of the commodity in the step gets it,
    so that selling three cards as three sets cannot take it three times (R118)."""
    return C.set_value(commodity, count) + (s.counters.get(f"price:{commodity}", 0) if bonus else 0)


def tax_on(s: State, income: int) -> int:
    """III.3b: the tax rate times the income, rounded up."""
    return -(-income * s.tax_rate // 100)


@decision("sell", "sell a set of commerce cards, or done (III.3a); the tax is paid when done (III.3b)")
class Sell:
    @staticmethod
    def legal(s: State, f: Frame):
        held = Counter(s.commerce[f.seat])
        out = [cmd.SellCommerce(commodity=c, count=n) for c in sorted(held) for n in range(1, held[c] + 1)]
        return out + [cmd.ChooseOption(option="done")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        s = ctx.s
        if isinstance(c, cmd.SellCommerce):
            value = sale_value(s, c.commodity, c.count, bonus=c.commodity not in f.strs)
            f.strs.append(c.commodity)  # this seller's sales of the step, for R118
            ctx.emit(ev.CommerceSold(seat=f.seat, commodity=c.commodity, count=c.count, value=value))
            ctx.emit(ev.Transferred(source="bank", target=f"faction:{f.seat}", amount=value, reason="sale"))
            ctx.emit(ev.CountersSet(name="cards_sold", value=s.counters.get("cards_sold", 0) + c.count))
            f.count += value
            pay_debts(ctx)  # R61: a halving's debt takes them as they come back
            return
        ctx.done(f)
        income = f.count
        if income:
            tax = tax_on(s, income)
            if tax:
                ctx.emit(ev.Transferred(source=f"faction:{f.seat}", target="state", amount=tax, reason="tax"))
            ctx.emit(ev.CountersSet(name=f"trade_income:{f.seat}", value=income - tax))


@automatic("trade_end", keeps_frame=True)
def _trade_end(ctx: Ctx, f: Frame) -> None:
    """III.3c-g: the Master of the Agora's untaxed bonus for the cards sold this turn; the warehouse
    limit; the trade income shared out; the Master's term checked (R11)."""
    ctx.pop()
    s = ctx.s
    master = s.offices.get("master_of_the_agora", "")
    per = C.OFFICES["master_of_the_agora"].agora_cards_per_talent or 0
    if master and per:
        bonus = s.counters.get("cards_sold", 0) // per
        if bonus:
            ctx.emit(ev.Transferred(source="bank", target=f"senator:{master}", amount=bonus, reason="agora"))
    order = clockwise(s, sphr_seat(s))
    ctx.then(*[Frame(kind="warehouse", seat=x) for x in order],
             *[Frame(kind="trade_income", seat=x) for x in order], Frame(kind="master_term"))


@decision("warehouse", "a commerce card to put back under its pile: you keep one per merchant (III.3d)")
class Warehouse:
    @staticmethod
    def legal(s: State, f: Frame):
        if len(s.commerce[f.seat]) <= merchants(s, f.seat):
            return []
        return [cmd.ChooseOption(option=c) for c in sorted(set(s.commerce[f.seat]))]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.emit(ev.CommerceReturned(seat=f.seat, cards=(c.option,), reason="warehouse"))
        pay_debts(ctx)  # R61


@decision("trade_income", "share this turn's trade income out from your treasury to your senators, or done "
                          "(III.3e)")
class TradeIncome:
    @staticmethod
    def legal(s: State, f: Frame):
        left = min(s.counters.get(f"trade_income:{f.seat}", 0), s.faction_treasury[f.seat])
        if left <= 0:
            return []
        out = [cmd.Transfer(source=f"faction:{f.seat}", target=f"senator:{x.id}") for x in senators_of(s, f.seat)
               if in_carthage(s, x.id)]
        return out + [cmd.ChooseOption(option="done")] if out else []

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        if isinstance(c, cmd.ChooseOption):
            ctx.done(f)
            ctx.emit(ev.CountersSet(name=f"trade_income:{f.seat}", value=0))
            return
        left = ctx.s.counters.get(f"trade_income:{f.seat}", 0)  # public; the treasury caps it in `amount` (R58)
        ctx.push(Frame(kind="amount", seat=f.seat, count=left, strs=[c.source, c.target, "trade_income"]))


@automatic("master_term", keeps_frame=True)
def _master_term(ctx: Ctx, f: Frame) -> None:
    """III.3g: a Master of the Agora whose term has run off the track leaves; a red marker goes to
    him (R11: the marker moves in the Senate's step 1 with the other Council members')."""
    ctx.pop()
    s = ctx.s
    for seat in range(s.players):
        if s.counters.get(f"trade_income:{seat}"):
            ctx.emit(ev.CountersSet(name=f"trade_income:{seat}", value=0))
    master = s.offices.get("master_of_the_agora", "")
    if master and s.terms.get("master_of_the_agora", 1) <= 0:
        red = "master_of_the_agora" in s.red_terms
        ctx.emit(ev.CountersSet(name=f"left_office:{master}:turn", value=1))  # V.4: he may refuse a seat
        ctx.emit(ev.OfficeLeft(office="master_of_the_agora", reason="term"))
        if red:
            ctx.emit(ev.MarkersSet(senator=master, red=s.senators[master].red + 1))


# -- III.2: trading between players --------------------------------------------------------------
MIN_OFFER = 3  # III.2: an offer holds at least three cards
ROUNDS = 3     # R72: trading goes round by round from the SPHR while offers are made, three rounds at most


@automatic("trading")
def _trading(ctx: Ctx, f: Frame) -> None:
    """III.2: a round of trading: each player in turn, from the SPHR, may make one offer to another
    player or pass. Another round follows while someone made an offer (R72)."""
    ctx.pop()
    s = ctx.s
    rnd, offers = f.nums
    if rnd > 1 and not offers or rnd > ROUNDS:
        return
    ctx.push(Frame(kind="trading", nums=[rnd + 1, 0]))
    ctx.then(*[Frame(kind="trade_turn", seat=x) for x in clockwise(s, sphr_seat(s))])


@decision("trade_turn", "make a commerce offer to another player, or pass (III.2)")
class TradeTurn:
    @staticmethod
    def legal(s: State, f: Frame):
        if len(s.commerce[f.seat]) < MIN_OFFER:
            return []
        return [cmd.ChooseOption(option=f"offer:{x}") for x in range(s.players) if x != f.seat] + \
            [cmd.ChooseOption(option="pass")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        if c.option == "pass":
            return
        rounds = next(x for x in reversed(ctx.s.flow) if x.kind == "trading")
        rounds.nums[1] += 1
        ctx.push(Frame(kind="offer_cards", seat=f.seat, count=int(c.option.partition(":")[2])))


def offer_cards(s: State, seat: int) -> list[str]:
    return list(s.offer.cards) if s.offer is not None and s.offer.seat == seat else []


@decision("offer_cards", "a commerce card to put in your offer; done once it holds three or more (III.2)")
class OfferCards:
    @staticmethod
    def legal(s: State, f: Frame):
        held = Counter(s.commerce[f.seat]) - Counter(offer_cards(s, f.seat))
        out = [cmd.ChooseOption(option=c) for c in sorted(held)]
        if len(offer_cards(s, f.seat)) >= MIN_OFFER:
            out.append(cmd.ChooseOption(option="done"))
        return out

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        if c.option == "done":
            ctx.done(f)
            ctx.push(Frame(kind="offer_name", seat=f.seat, count=f.count))
            return
        ctx.emit_private(ev.OfferPicked(seat=f.seat, card=c.option), (f.seat,), ev.OfferPickedRedacted(seat=f.seat))


@decision("offer_name", "the commodity of your offer you name to the other player (III.2)")
class OfferName:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseOption(option=c) for c in sorted(set(offer_cards(s, f.seat)))]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        ctx.push(Frame(kind="offer_want", seat=f.seat, count=f.count, target=c.option))


@decision("offer_want", "how many cards of the other player's choice you ask in return (III.2)")
class OfferWant:
    @staticmethod
    def legal(s: State, f: Frame):
        return cmd.numbers(0, len(s.commerce[f.count]))

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)  # then the Intrigue/Event cards (R136), then the talents (R112, negotiation.py)
        ctx.push(Frame(kind="offer_promise", seat=f.seat, count=f.count, target=f.target, nums=[c.number]))


@decision("offer_promise", "an Intrigue or Event card of your hand to promise with your offer, handed over at the "
                           "start of the Civil War phase; done when finished (III.2, R136)")
class OfferPromise:
    @staticmethod
    def legal(s: State, f: Frame):
        free = Counter(c for c in s.hands[f.seat] if owed_kind(c)) - Counter(f.strs)
        return [cmd.ChooseOption(option=x) for x in sorted(free)] + [cmd.ChooseOption(option="done")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        if c.option != "done":
            f.strs.append(c.option)  # the step's bookkeeping, seen by the two parties only (flow.SECRET_FRAMES)
            return
        ctx.done(f)
        ctx.push(Frame(kind="offer_promise_want", seat=f.seat, count=f.count, target=f.target, nums=list(f.nums),
                       strs=list(f.strs)))


@decision("offer_promise_want", "how many Intrigue or Event cards of the other player's choice you ask in return, "
                                "handed over at the start of the Civil War phase (III.2, R136)")
class OfferPromiseWant:
    @staticmethod
    def legal(s: State, f: Frame):
        return cmd.numbers(0, len(s.hands[f.count]))

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        ctx.push(Frame(kind="offer_talents", seat=f.seat, count=f.count, target=f.target, nums=[f.nums[0], c.number],
                       strs=list(f.strs)))


@decision("offer_answer", "accept or decline the offer made to you (III.2)")
class OfferAnswer:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseOption(option="accept"), cmd.ChooseOption(option="decline")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        s = ctx.s
        accepted = c.option == "accept"
        answer(ctx, f.count, f.seat, accepted)  # accepted: its talents owed, known to the two (R112, R135)
        if not accepted:
            return
        want = s.offer.want
        ctx.push(Frame(kind="offer_close"), Frame(kind="offer_give", seat=f.seat, count=f.count, nums=[want]))


@decision("offer_give", "a commerce card of yours to give for the offer you accepted (III.2)")
class OfferGive:
    @staticmethod
    def legal(s: State, f: Frame):
        if f.nums[0] <= 0 or not s.commerce[f.seat]:
            return []
        return [cmd.ChooseOption(option=c) for c in sorted(set(s.commerce[f.seat]))]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        f.nums[0] -= 1
        ctx.emit_private(ev.CommerceGiven(seat=f.seat, to=f.count, cards=(c.option,)), (f.seat, f.count),
                         ev.CommerceGivenRedacted(seat=f.seat, to=f.count, count=1))


@automatic("offer_close")
def _offer_close(ctx: Ctx, f: Frame) -> None:
    """The accepted offer's cards go to the player who accepted it."""
    ctx.pop()
    s = ctx.s
    if s.offer is not None and s.offer.made:
        cards = tuple(s.offer.cards)
        ctx.emit_private(ev.CommerceGiven(seat=s.offer.seat, to=s.offer.to, cards=cards), (s.offer.seat, s.offer.to),
                         ev.CommerceGivenRedacted(seat=s.offer.seat, to=s.offer.to, count=len(cards)))
