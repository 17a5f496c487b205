"""Préparation du jeu: the 18 steps of the set-up, from the seed of the game.

Automatic steps run at once; the players' choices are decisions in the order of the steps: the
concessions and statesmen they may play at once (step 3), the senator who gets the merchant
(6), the Faction Leader (7), the terms the set-up governors choose (10, 11) and the senator who
takes each Council card (12).
"""

from __future__ import annotations

from . import commands as cmd
from . import components as C
from . import events as ev
from .cards import play_card, statesman_plays, window_legal
from .events import Frame
from .flow import Ctx, automatic, decision
from .people import COUNCIL, holds_office, in_carthage, order_key, senators_of
from .state import SETUP, Army, State

HAND_TYPES = set(C.SETUP.hand_card_types)


def initial(players: int) -> State:
    """The empty table: every token out of play, every office card in the Port, no cards."""
    s = State(players=players, leaders=[""] * players, faction_treasury=[0] * players, votes=[0] * players,
              hands=[[] for _ in range(players)], commerce=[[] for _ in range(players)],
              piles=[[] for _ in range(C.COMMERCE.piles)])
    s.offices = {o: "" for o in C.office_rank_order()}
    s.armies = [Army(type=a.id) for a in C.FORCES.armies for _ in range(a.tokens)]
    s.squadrons = {"out": C.FORCES.squadrons}
    return s


def hand_deck() -> list[str]:
    """Step 3: deck I's Intrigue, Statesman, Law and Concession cards."""
    return sorted(c for c in C.deck("I") if C.card_kind(c) in HAND_TYPES)


@automatic("setup")
def _setup(ctx: Ctx, f: Frame) -> None:
    ctx.pop()
    s, rng = ctx.s, ctx.rng
    ctx.emit(ev.PhaseBegan(phase=SETUP))
    # 2. deal three deck I senators face up to each player
    families = rng.shuffled(sorted(str(x.id) for x in C.FAMILIES.values() if x.deck == "I"))
    per = C.SETUP.senators_per_player
    for seat in range(s.players):
        for sid in families[seat * per:(seat + 1) * per]:
            ctx.emit(ev.SenatorEntered(senator=sid, seat=seat, reason="setup"))
    rest = families[s.players * per:]
    # 3. the hand deck: three cards face down to each player
    hand = rng.shuffled(hand_deck())
    ctx.emit_private(ev.DeckShuffled(deck="hands", cards=tuple(hand)), (),
                     ev.DeckShuffledRedacted(deck="hands", count=len(hand)))
    k = C.SETUP.cards_per_player
    for seat in range(s.players):
        cards = tuple(hand[seat * k:(seat + 1) * k])
        ctx.emit_private(ev.CardsDealt(seat=seat, cards=cards, origin="hands"), (seat,),
                         ev.CardsDealtRedacted(seat=seat, count=len(cards), origin="hands"))
    rest += hand[s.players * k:]
    # 4. Conquest of Tunisia, inactive
    ctx.emit(ev.WarChanged(war=C.SETUP.starting_war, status="inactive", reason="setup"))
    # 5. every other deck I card makes the draw deck
    others = [c for c in C.deck("I") if C.card_kind(c) not in HAND_TYPES and C.card_kind(c) != "senator"
              and c != C.SETUP.starting_war]
    deck = rng.shuffled(sorted(rest + others))
    ctx.emit_private(ev.DeckShuffled(deck="I", cards=tuple(deck)), (),
                     ev.DeckShuffledRedacted(deck="I", count=len(deck)))
    # the choices of steps 3, 6 and 7, seat by seat; then 9-18
    seats = list(range(s.players))
    ctx.then(*[Frame(kind="setup_play", seat=x) for x in seats],
             *[Frame(kind="setup_merchant", seat=x) for x in seats],
             *[Frame(kind="setup_leader", seat=x) for x in seats],
             Frame(kind="setup_offices"), Frame(kind="setup_council"), Frame(kind="setup_state"))


def playable_at_setup(s: State, seat: int) -> list[cmd.PlayCard]:
    """Step 3: concessions (on a senator of the faction) and statesmen may be played at once."""
    out = []
    for c in sorted(set(s.hands[seat])):
        kind = C.card_kind(c)
        if kind == "concession":
            out += [cmd.PlayCard(card=c, senator=x.id) for x in senators_of(s, seat)]
        elif kind == "statesman":
            out += statesman_plays(s, seat, c)
    return out


@decision("setup_play", "play a concession or a statesman now, or done (Préparation du jeu, step 3)")
class SetupPlay:
    @staticmethod
    def legal(s: State, f: Frame):
        return window_legal(s, f.seat, playable_at_setup(s, f.seat))

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        if isinstance(c, cmd.ChooseOption):
            ctx.done(f)
            return
        play_card(ctx, f.seat, c.card, c.senator)


@decision("setup_merchant", "the senator who takes the faction's merchant (Préparation du jeu, step 6)")
class SetupMerchant:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseSenator(senator=x.id) for x in senators_of(s, f.seat)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        ctx.emit(ev.SenatorChanged(senator=c.senator, influence=0, popularity=0,
                                   merchants=C.SETUP.merchants_per_faction, reason="setup"))


@decision("setup_leader", "the faction's leader (Préparation du jeu, step 7)")
class SetupLeader:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseSenator(senator=x.id) for x in senators_of(s, f.seat)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        ctx.emit(ev.LeaderNamed(seat=f.seat, senator=c.senator))


def lowest_ids(s: State) -> list[str]:
    """The faction senators by ID, lowest first (steps 9-11)."""
    return sorted((x.id for x in s.senators.values() if x.seat >= 0), key=order_key)


@automatic("setup_offices")
def _setup_offices(ctx: Ctx, f: Frame) -> None:
    """Steps 9-11: the lowest ID is Temporary Suffète Général (+5 Influence, R34); the next two
    govern the undeveloped Spanish Coast and Sardinia-Corsica, for a term their holder chooses."""
    ctx.pop()
    s = ctx.s
    ids = lowest_ids(s)
    later = []
    for what, sid in zip(C.SETUP.lowest_ids, ids):
        if what in C.OFFICES:
            ctx.emit(ev.OfficeTaken(office=what, senator=sid, term=C.OFFICES[what].term))
            ctx.emit(ev.SenatorChanged(senator=sid, influence=C.SETUP.temporary_suffete_influence, popularity=0,
                                       merchants=0, reason="temporary_suffete"))
        else:
            ctx.emit(ev.ProvinceChanged(province=what, in_play=True, developed=False, reason="setup"))
            ctx.emit(ev.GovernorNamed(province=what, senator=sid, term=max(C.SETUP.governor_terms)))
            later.append(Frame(kind="setup_term", seat=s.senators[sid].seat, target=what))
    ctx.then(*later)


@decision("setup_term", "the term left to the governor of this province, 1 to 3 turns (Préparation du jeu, step 10)")
class SetupTerm:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseNumber(number=n) for n in C.SETUP.governor_terms]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        ctx.emit(ev.TermMarked(holder=f.target, left=c.number, red=False))


@automatic("setup_council")
def _setup_council(ctx: Ctx, f: Frame) -> None:
    """Step 12: the five Council cards are dealt at random, one to each player (with six, none to
    the Temporary Suffète's faction, R57); each goes on a senator of the faction; the rest go to
    the Port."""
    ctx.pop()
    s = ctx.s
    cards = ctx.rng.shuffled(list(COUNCIL))
    seats = list(range(s.players))
    if s.players == 6:
        seats.remove(s.senators[s.offices["suffete_general"]].seat)
    dealt = list(zip(seats, cards))  # the deal is public: the Flow event names each card and seat
    ctx.then(*[Frame(kind="setup_councillor", seat=seat, target=office) for seat, office in dealt])


def free_senators(s: State, seat: int) -> list[str]:
    return [x.id for x in senators_of(s, seat) if in_carthage(s, x.id) and not holds_office(s, x.id)]


@decision("setup_councillor", "the senator who takes this Council card (Préparation du jeu, step 12)")
class SetupCouncillor:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseSenator(senator=x) for x in free_senators(s, f.seat)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        ctx.emit(ev.OfficeTaken(office=f.target, senator=c.senator, term=C.SETUP.council_terms[f.target]))


@automatic("setup_state")
def _setup_state(ctx: Ctx, f: Frame) -> None:
    """Steps 13-18: Treasury 100 T, tax 10 %, 2 Legions active, the Reserve, the nine commerce piles
    with their cards set aside, the Mortality chits in the cup (the cup always holds all 31)."""
    ctx.pop()
    su = C.SETUP
    ctx.emit(ev.Transferred(source="bank", target="state", amount=su.treasury, reason="setup"))
    ctx.emit(ev.TaxRateSet(rate=su.tax_rate, reason="setup"))
    for unit, n in su.active_forces.items():
        ctx.emit(ev.ForcesMoved(unit=unit, count=n, origin="out", target="active", reason="setup"))
    for unit, n in su.reserve_forces.items():
        ctx.emit(ev.ForcesMoved(unit=unit, count=n, origin="out", target="reserve", reason="setup"))
    for pile in range(1, C.COMMERCE.piles + 1):
        cards = sorted(x.id for x in C.commodities_in_pile(pile) for _ in range(x.cards))
        order = ctx.rng.shuffled(cards)
        ctx.emit_private(ev.PileShuffled(pile=pile, cards=tuple(order)), (),
                         ev.PileShuffledRedacted(pile=pile, count=len(order)))
        n = su.pile_removals[pile - 1]
        if n:
            ctx.emit_private(ev.CommerceAside(pile=pile, cards=tuple(order[:n]), reason="setup"), (),
                             ev.CommerceAsideRedacted(pile=pile, count=n, reason="setup"))
    ctx.push(Frame(kind="turn"))

