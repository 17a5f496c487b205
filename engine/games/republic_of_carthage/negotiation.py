"""Negotiation beyond the Trade phase's commerce offers (``trade.py``): table talk, and the cards
traded in the Civil War phase (VII.2).

- **Table talk** (R110): ``Say`` is a message to the whole table or to one other seat. It binds
  nobody (a promise made in words is kept or not, as at the table), changes no step and may be sent
  by any seat at any time before the game ends, whoever is to act: ``say`` answers it without
  touching the pending step, and ``legal`` never lists it. A message to one seat is a private event:
  the two seats read it; the others and spectators learn only that the one spoke to the other.
- **VII.2, trading cards** (R111): before the secret plays, trading goes round by round from the
  SPHR as in the Trade phase (R72): in his turn a player with a card in hand may make one offer to
  another player, or pass; another round follows while somebody offered, three rounds at most. An
  offer is one or more cards of his hand (each pick private), named to the receiver, for a number
  of cards of the receiver's choice (0: a gift). Only the two see its terms; the others learn who
  offers to whom. Accepted, it binds at once: the receiver gives the cards asked, one at a time, and
  receives the offer's cards (each move private to the two).
- **Talents in an offer** (R112): an offer of either phase may also promise talents to the receiver
  or ask talents of him (the last step of making it, as secret as the rest of its terms). Talents
  change hands between factions only in the Revenue phase (II.10; III.2 says items other than
  commerce cards promised in a trade change hands only later), so an accepted offer's talents are
  owed (``state.promised``, known to the two parties only until paid, R135) and paid at the start of
  the next Revenue phase's step 10, into the payee's faction treasury, from the payer's faction treasury and then his
  senators in Carthage in card order (as R65); what he cannot pay then is lost to the payee. An offer
  promises at most what its payer holds now (treasury and senators in Carthage).
- **Cards in a commerce offer** (R136): III.2 lets an exchange carry Intrigue/Event cards, which change
  owner in the Civil War phase: an accepted commerce offer's cards promised or asked are owed
  (``state.card_debts``, the two seats' secret) and handed over at the start of VII.2 (``card_debts``).
"""

from __future__ import annotations

from collections import Counter

from engine.core import Emitted, private
from engine.errors import GAME_OVER, ILLEGAL_TARGET, MALFORMED_COMMAND, RuleError

from . import commands as cmd
from . import components as C
from . import events as ev
from .events import Frame
from .flow import Ctx, automatic, decision
from .people import clockwise, in_carthage, present_of, senators_of, sphr_seat
from .state import OVER, State, treasury_shown

MAX_TEXT = 500  # R110: a message holds 1 to 500 printable characters
ROUNDS = 3      # R111 (as R72): three rounds of offers at most in the Civil War phase


# -- table talk ---------------------------------------------------------------------------------
def say(s: State, seat: int, c: cmd.Say) -> list[Emitted]:
    """R110: a message, public or to one seat; checked, then logged. Nothing else changes."""
    if s.phase == OVER:
        raise RuleError(GAME_OVER, "the game is over: the table is silent")
    if not 0 <= seat < s.players:
        raise RuleError(ILLEGAL_TARGET, f"seat {seat} does not play this game")
    if c.to == seat:
        raise RuleError(ILLEGAL_TARGET, "a message to oneself: name another seat, or -1 for the whole table")
    if not -1 <= c.to < s.players:
        raise RuleError(ILLEGAL_TARGET, f"no seat {c.to} at this table of {s.players} (-1: the whole table)")
    if not 1 <= len(c.text) <= MAX_TEXT:
        raise RuleError(MALFORMED_COMMAND, f"a message holds 1 to {MAX_TEXT} characters, not {len(c.text)}")
    if not c.text.isprintable() or not c.text.strip():
        raise RuleError(MALFORMED_COMMAND, "a message is printable text on one line (no control characters, "
                                           "not only spaces)")
    said = ev.Said(seat=seat, to=c.to, text=c.text)
    if c.to < 0:
        return [Emitted(said)]
    return [private(said, (seat, c.to), ev.SaidRedacted(seat=seat, to=c.to))]


# -- VII.2: trading cards ------------------------------------------------------------------------
def hand_offer(s: State, seat: int) -> list[str]:
    """The cards of ``seat``'s hand in the card offer it is making."""
    return list(s.offer.cards) if s.offer is not None and s.offer.hand and s.offer.seat == seat else []


@automatic("card_trading")
def _card_trading(ctx: Ctx, f: Frame) -> None:
    """VII.2 (R111): a round of card trading: each player in turn, from the SPHR, may make one
    offer to another player or pass; another round follows while someone offered, three at most."""
    ctx.pop()
    rnd, offers = f.nums
    if rnd > 1 and not offers or rnd > ROUNDS:
        return
    ctx.push(Frame(kind="card_trading", nums=[rnd + 1, 0]))
    ctx.then(*[Frame(kind="card_trade_turn", seat=x) for x in clockwise(ctx.s, sphr_seat(ctx.s))])


@decision("card_trade_turn", "offer cards of your hand to another player, or pass (VII.2: trading cards)")
class CardTradeTurn:
    @staticmethod
    def legal(s: State, f: Frame):
        if not s.hands[f.seat]:
            return []
        return [cmd.ChooseOption(option=f"offer:{x}") for x in range(s.players) if x != f.seat] + \
            [cmd.ChooseOption(option="pass")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        if c.option == "pass":
            return
        rounds = next(x for x in reversed(ctx.s.flow) if x.kind == "card_trading")
        rounds.nums[1] += 1
        ctx.push(Frame(kind="card_offer_cards", seat=f.seat, count=int(c.option.partition(":")[2])))


@decision("card_offer_cards", "a card of your hand to put in your offer; done once it holds one or more (VII.2)")
class CardOfferCards:
    @staticmethod
    def legal(s: State, f: Frame):
        free = list(s.hands[f.seat])
        for x in hand_offer(s, f.seat):
            free.remove(x)
        out = [cmd.ChooseOption(option=x) for x in sorted(set(free))]
        if hand_offer(s, f.seat):
            out.append(cmd.ChooseOption(option="done"))
        return out

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        if c.option == "done":
            ctx.done(f)
            ctx.push(Frame(kind="card_offer_want", seat=f.seat, count=f.count))
            return
        ctx.emit_private(ev.OfferPicked(seat=f.seat, card=c.option, hand=True), (f.seat,),
                         ev.OfferPickedRedacted(seat=f.seat))


@decision("card_offer_want", "how many cards of the other player's choice you ask in return, 0 for a gift (VII.2)")
class CardOfferWant:
    @staticmethod
    def legal(s: State, f: Frame):
        return cmd.numbers(0, len(s.hands[f.count]))

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)  # then the talents promised or asked (R112)
        ctx.push(Frame(kind="offer_talents", seat=f.seat, count=f.count, nums=[c.number]))


@decision("card_offer_answer", "accept or decline the cards offered to you (VII.2)")
class CardOfferAnswer:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseOption(option="accept"), cmd.ChooseOption(option="decline")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        accepted = c.option == "accept"
        answer(ctx, f.count, f.seat, accepted)
        if accepted:
            ctx.push(Frame(kind="card_offer_close"),
                     Frame(kind="card_give", seat=f.seat, count=f.count, nums=[ctx.s.offer.want]))


@decision("card_give", "a card of your hand to give for the offer you accepted (VII.2)")
class CardGive:
    @staticmethod
    def legal(s: State, f: Frame):
        if f.nums[0] <= 0 or not s.hands[f.seat]:
            return []
        return [cmd.ChooseOption(option=x) for x in sorted(set(s.hands[f.seat]))]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        f.nums[0] -= 1
        ctx.emit_private(ev.CardsGiven(seat=f.seat, to=f.count, cards=(c.option,)), (f.seat, f.count),
                         ev.CardsGivenRedacted(seat=f.seat, to=f.count, count=1))


@automatic("card_offer_close")
def _card_offer_close(ctx: Ctx, f: Frame) -> None:
    """R111: the accepted offer's cards go to the player who accepted it."""
    ctx.pop()
    o = ctx.s.offer
    if o is not None and o.made and o.hand:
        ctx.emit_private(ev.CardsGiven(seat=o.seat, to=o.to, cards=tuple(o.cards)), (o.seat, o.to),
                         ev.CardsGivenRedacted(seat=o.seat, to=o.to, count=len(o.cards)))


# -- R112: talents in an offer --------------------------------------------------------------------
def money(s: State, seat: int, viewer: int | None = None) -> int:
    """What a faction can pay another (II.10): its treasury and its senators' talents in Carthage; as
    ``viewer`` can tell it (R58: another faction's treasury as far as he knows it, ``treasury_shown``)."""
    treasury = s.faction_treasury[seat] if viewer is None or viewer == seat else treasury_shown(s, viewer, seat)
    return treasury + sum(x.talents for x in present_of(s, seat))


@decision("offer_talents", "talents in your offer, paid in the next Revenue phase: a positive number you promise, "
                           "a negative one you ask of the other player, 0 none (R112)")
class OfferTalents:
    @staticmethod
    def legal(s: State, f: Frame):
        return cmd.numbers(-money(s, f.count, f.seat), money(s, f.seat))

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        o, want, parties = ctx.s.offer, f.nums[0], (f.seat, f.count)
        if o.hand:
            made = ev.CardOfferMade(seat=f.seat, to=f.count, cards=tuple(o.cards), want=want, talents=c.number)
            answer = "card_offer_answer"
        else:
            value = sum(C.set_value(x, 1) for x in o.cards)
            made = ev.OfferMade(seat=f.seat, to=f.count, count=len(o.cards), value=value, named=f.target, want=want,
                                talents=c.number, cards_promised=tuple(f.strs),
                                cards_asked=f.nums[1] if len(f.nums) > 1 else 0)  # R136
            answer = "offer_answer"
        ctx.emit_private(made, parties, ev.OfferMadeRedacted(seat=f.seat, to=f.count))
        ctx.push(Frame(kind=answer, seat=f.count, count=f.seat))


def answer(ctx: Ctx, seat: int, to: int, accepted: bool) -> None:
    """``to`` answers ``seat``'s offer (III.2, VII.2). Accepted, its talents are owed until the next
    Revenue phase (R112); how many, and which way, stays the two parties' business until they are
    paid (R135): the answer goes to the two with the talents, to the others with none, whatever the
    offer held, so that nobody learns even whether it held talents. A declined offer is public."""
    if not accepted:
        ctx.emit(ev.OfferAnswered(seat=seat, to=to, accepted=False))
        return
    o = ctx.s.offer
    terms = dict(talents=o.talents, cards_promised=tuple(o.cards_promised), cards_asked=o.cards_asked) if o else {}
    ctx.emit_private(ev.OfferAnswered(seat=seat, to=to, accepted=True, **terms), (seat, to),
                     ev.OfferAnswered(seat=seat, to=to, accepted=True))  # R136: its cards owed, the same


@automatic("promises")
def _promises(ctx: Ctx, f: Frame) -> None:
    """R112: at the start of II.10 every faction pays the talents it owes, payer by payer in seat order:
    from its treasury, then its senators in Carthage in card order, into the payee's treasury; what it
    cannot pay is lost."""
    ctx.pop()
    s = ctx.s
    owed = sorted((tuple(map(int, n.split(":"))), v) for n, v in s.promised.items() if v > 0)
    for (payer, payee), due in owed:
        due = min(due, money(s, payer))
        to = f"faction:{payee}"
        take = min(due, s.faction_treasury[payer])
        if take:
            ctx.transfer(f"faction:{payer}", to, take, "promise")  # R58: treasury to treasury, the two's secret
            due -= take
        for x in senators_of(s, payer):
            if due <= 0:
                break
            if in_carthage(s, x.id) and x.talents:
                take = min(due, x.talents)
                ctx.emit(ev.Transferred(source=f"senator:{x.id}", target=to, amount=take, reason="promise"))
                due -= take
    ctx.emit(ev.PromisesSettled())  # R135: every turn, so that it tells nobody whether a debt was lost


# -- R136: cards owed by an accepted commerce offer ----------------------------------------------
def owed_kind(card: str) -> bool:
    """III.2: the cards a commerce offer may carry besides commerce cards: Intrigue and Event cards."""
    return C.card_kind(card) in ("intrigue", "event")


@automatic("card_debts")
def _card_debts(ctx: Ctx, f: Frame) -> None:
    """R136, at the start of VII.2 (III.2: Intrigue/Event cards of a trade change owner in the Civil War
    phase): first each debtor of cards of his choice gives them, one at a time, debt by debt as
    accepted (``owed_card``); then the named cards still in the debtors' hands are handed over (one
    no longer there is lost to the creditor). Every move is private to the two (the others see how
    many cards moved, as hand sizes are public); ``CardDebtsSettled`` is public and comes every
    phase."""
    ctx.pop()
    ctx.then(*[Frame(kind="owed_card", seat=d.debtor, count=d.creditor, nums=[d.count])
               for d in ctx.s.card_debts if d.count], Frame(kind="card_debts_named"))


@automatic("card_debts_named")
def _card_debts_named(ctx: Ctx, f: Frame) -> None:
    ctx.pop()
    s = ctx.s
    for d in list(s.card_debts):
        held = list(s.hands[d.debtor])
        give = []
        for c in d.cards:
            if c in held:
                held.remove(c)
                give.append(c)
        if give:
            ctx.emit_private(ev.CardsGiven(seat=d.debtor, to=d.creditor, cards=tuple(give)), (d.debtor, d.creditor),
                             ev.CardsGivenRedacted(seat=d.debtor, to=d.creditor, count=len(give)))
    ctx.emit(ev.CardDebtsSettled())


def named_owed(s: State, seat: int) -> Counter:
    """R136: the cards of ``seat``'s hand it owes by name, not to be given as cards of its choice."""
    return sum((Counter(d.cards) for d in s.card_debts if d.debtor == seat), Counter())


@decision("owed_card", "an Intrigue or Event card of your hand to give for the commerce offer you accepted (III.2, "
                       "R136)")
class OwedCard:
    @staticmethod
    def legal(s: State, f: Frame):
        if f.nums[0] <= 0:
            return []
        free = Counter(x for x in s.hands[f.seat] if owed_kind(x)) - named_owed(s, f.seat)
        return [cmd.ChooseOption(option=x) for x in sorted(free)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        f.nums[0] -= 1
        ctx.emit_private(ev.CardsGiven(seat=f.seat, to=f.count, cards=(c.option,)), (f.seat, f.count),
                         ev.CardsGivenRedacted(seat=f.seat, to=f.count, count=1))
