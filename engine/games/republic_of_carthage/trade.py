"""III. Phase de Commerce: drawing commerce cards, trading, selling and taxes, the Master of the
Agora, the warehouse limit."""

from __future__ import annotations

from collections import Counter

from . import commands as cmd
from . import components as C
from . import effects as fx
from . import events as ev
from .events import Frame
from .flow import Ctx, automatic, decision
from .people import clockwise, in_carthage, senators_of, sphr_seat
from .state import TRADE, State


def merchants(s: State, seat: int) -> int:
    """A faction's merchants in play (each is also a warehouse, "Terminologie")."""
    return sum(x.merchants for x in senators_of(s, seat))


def draw_order(s: State) -> list[int]:
    """III.1: from the Master of the Agora's player clockwise (the SPHR's if the office is vacant, R6)."""
    master = s.offices.get("master_of_the_agora", "")
    first = s.senators[master].seat if master and s.senators[master].seat >= 0 else sphr_seat(s)
    return clockwise(s, first)


def piles_to_draw(n: int) -> list[int]:
    """One card from each of piles 1, 2, … n, going on from pile 1 after pile 9 (III.1)."""
    return [i % C.COMMERCE.piles + 1 for i in range(n)]


def concession_draws(s: State, seat: int) -> list[int]:
    """III.1: the extra cards of the concessions the faction's senators hold."""
    out = []
    for cid, holder in sorted(s.concessions.items()):
        if holder and holder in s.senators and s.senators[holder].seat == seat:
            for e in C.CARDS[cid].effects:
                if isinstance(e, fx.CommerceExtra):
                    out += [p for p in e.piles for _ in range(e.cards)]
    return out


@automatic("trade")
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
    from .cards import windows
    ctx.then(*windows(s, order[0], "trade"), *[Frame(kind="sell", seat=x) for x in order], Frame(kind="trade_end"))


def sale_value(s: State, commodity: str, count: int) -> int:
    """The set's printed value (III.2), plus any price change in force this turn (a card's
    ``commerce_price``)."""
    return C.set_value(commodity, count) + s.counters.get(f"price:{commodity}", 0)


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
            value = sale_value(s, c.commodity, c.count)
            ctx.emit(ev.CommerceSold(seat=f.seat, commodity=c.commodity, count=c.count, value=value))
            ctx.emit(ev.Transferred(source="bank", target=f"faction:{f.seat}", amount=value, reason="sale"))
            ctx.emit(ev.CountersSet(name="cards_sold", value=s.counters.get("cards_sold", 0) + c.count))
            f.count += value
            return
        ctx.done(f)
        income = f.count
        if income:
            tax = tax_on(s, income)
            if tax:
                ctx.emit(ev.Transferred(source=f"faction:{f.seat}", target="state", amount=tax, reason="tax"))
            ctx.emit(ev.CountersSet(name=f"trade_income:{f.seat}", value=income - tax))


@automatic("trade_end")
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
        left = min(ctx.s.counters.get(f"trade_income:{f.seat}", 0), ctx.s.faction_treasury[f.seat])
        ctx.push(Frame(kind="amount", seat=f.seat, count=left, strs=[c.source, c.target, "trade_income"]))


@automatic("master_term")
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
        ctx.emit(ev.OfficeLeft(office="master_of_the_agora", reason="term"))
        if red:
            ctx.emit(ev.MarkersSet(senator=master, red=s.senators[master].red + 1))
