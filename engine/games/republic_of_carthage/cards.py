"""Cards: drawing one in an initiative and handling it by type (IV.2a), playing cards from the
hand, and the effects every card, war, exploration and random event is made of (``effects.py``),
one handler per kind."""

from __future__ import annotations

from . import commands as cmd
from . import components as C
from . import effects as fx
from . import events as ev
from .deaths import mortality
from .events import Frame
from .flow import Ctx, automatic, decision
from .people import in_carthage, order_key, present_of, senators_of, sphr, sphr_seat
from .state import State
from .war_details import desert, leaders_wake, owe


# -- the deck --------------------------------------------------------------------------------
def draw_card(ctx: Ctx, seat: int) -> None:
    """IV.2a: draw the top card (deck II is shuffled in when deck I is empty, R48) and handle it."""
    s = ctx.s
    if not s.deck and s.deck_name == "I":
        order = ctx.rng.shuffled(sorted(C.deck("II")))
        ctx.emit_private(ev.DeckShuffled(deck="II", cards=tuple(order)), (),
                         ev.DeckShuffledRedacted(deck="II", count=len(order)))
    if not s.deck:
        ctx.emit(ev.CountersSet(name="deck_exhausted", value=1))
        return
    card = s.deck[0]
    kind = C.card_kind(card)
    if kind in ("intrigue", "event", "law", "statesman", "concession"):
        ctx.emit_private(ev.CardsDealt(seat=seat, cards=(card,), origin="deck"), (seat,),
                         ev.CardsDealtRedacted(seat=seat, count=1, origin="deck"))
        return
    ctx.emit(ev.CardDrawn(seat=seat, card=card))
    if kind == "enemy_leader":
        ctx.emit(ev.WarChanged(war=card, status="in_play", reason="drawn"))
        for w in C.LEADERS[card].wars:
            if w in s.wars and s.wars[w].status == "inactive":
                ctx.emit(ev.WarChanged(war=w, status="active", reason=card))
    elif kind == "exploration":
        ctx.emit(ev.WarChanged(war=card, status="inactive", reason="drawn"))
    elif kind == "senator":
        statesmen = [x.id for x in s.senators.values() if x.family == int(card) and not x.id.isdigit()
                     and not x.family_card]
        if statesmen:  # Mago's 2A and 2B both in play: one of them by lot ("Terminologie")
            ctx.emit(ev.FamilyJoined(statesman=statesmen[0] if len(statesmen) == 1 else
                                     statesmen[ctx.rng.below(len(statesmen))]))
        else:
            ctx.emit(ev.SenatorEntered(senator=card, seat=-1, reason="drawn"))
    elif kind == "war":
        war_appears(ctx, card)


def war_appears(ctx: Ctx, war: str) -> None:
    """IV.2a, Guerre: Active or Inactive as printed; a related war on the board makes both Active;
    a leader already in War Plans activates it; its appearance effects (commerce cards set aside,
    desertions) apply; auxiliaries it names enter the Reserve (V.7)."""
    s = ctx.s
    w = C.WARS[war]
    related = [x for x in C.related_wars(war) if x in s.wars and s.wars[x].status != "lost"]
    leaders = [x for x in s.leaders_in_play if war in C.LEADERS[x].wars]
    status = "active" if (w.status == "active" or related or leaders) else "inactive"
    ctx.emit(ev.WarChanged(war=war, status=status, reason="appeared"))
    leaders_wake(ctx, war)
    for x in related:
        if s.wars[x].status == "inactive":
            ctx.emit(ev.WarChanged(war=x, status="active", reason=war))
    apply_effects(ctx, w.appearance, seat=-1, source=war)
    for aux in w.auxiliaries:
        n = sum(1 for a in s.armies if a.type == aux and a.place == "out")
        if n:
            ctx.emit(ev.ForcesMoved(unit=aux, count=n, origin="out", target="reserve", reason=war))


# -- playing cards ---------------------------------------------------------------------------
def statesman_plays(s: State, seat: int, card: str) -> list[cmd.PlayCard]:
    """Terminologie, Homme d'État: playable if his family card is in no faction (or not in play),
    covering it; or in the player's faction, covering it. Mago's 2A and 2B may both be in play
    (one faction only); Barca's 3A and 3B never together."""
    st = C.STATESMEN[card]
    fam = s.senators.get(str(st.family))
    if fam is not None and fam.seat >= 0 and fam.seat != seat:
        return []
    same = [x for x in s.senators.values() if x.family == st.family and not x.id.isdigit()]
    for x in same:  # Mago: only the other one in another faction bars him (unaligned in the Port, nobody)
        if x.id in st.excludes or x.id not in st.coexists_with or (x.seat >= 0 and x.seat != seat):
            return []
    return [cmd.PlayCard(card=card, senator=str(st.family) if fam is not None and fam.seat == seat else "")]


def play_card(ctx: Ctx, seat: int, card: str, senator: str) -> None:
    """Play ``card`` from ``seat``'s hand: a statesman enters the faction (covering his family); a
    concession goes on a senator; a law comes into force; an intrigue or event does what it says."""
    kind = C.card_kind(card)
    ctx.emit(ev.CardPlayed(seat=seat, card=card, senator=senator))
    if kind == "statesman":
        ctx.emit(ev.SenatorEntered(senator=card, seat=seat, reason="played"))
        return
    if kind == "concession":
        return
    apply_effects(ctx, C.CARDS[card].effects, seat=seat, source=card, senator=senator)


def hand_plays(s: State, seat: int, timings: tuple[str, ...]) -> list[cmd.PlayCard]:
    """The cards of ``seat``'s hand it may play now, for the timings the step allows."""
    out: list[cmd.PlayCard] = []
    for c in sorted(set(s.hands[seat])):
        kind = C.card_kind(c)
        if kind == "statesman":
            if "civil_war" in timings:
                out += statesman_plays(s, seat, c)
            continue
        card = C.CARDS[c]
        if card.timing not in timings and not fits_roll(card, timings):
            continue
        if kind == "concession":
            out += [cmd.PlayCard(card=c, senator=x.id) for x in present_of(s, seat)]
        elif any(isinstance(e, fx.Gain) and e.target in ("chosen_senator", "any_senator") for e in card.effects):
            pool = (senators_of(s, seat) if any(getattr(e, "target", "") == "chosen_senator" for e in card.effects)
                    else [x for x in s.senators.values() if x.seat >= 0])
            out += [cmd.PlayCard(card=c, senator=x.id) for x in sorted(pool, key=lambda x: order_key(x.id))
                    if in_carthage(s, x.id)]
        elif playable_now(s, card):
            out.append(cmd.PlayCard(card=c, senator=""))
    return out


def fits_roll(card, timings: tuple[str, ...]) -> bool:
    """A combat card in the window before a battle roll (``combat:naval``, ``combat:land``): it fits if
    each roll it modifies is that roll (R133: Favourable Winds at sea, the Sacred Band on land, the Spy
    in the Camp on either)."""
    kinds = [t.partition(":")[2] for t in timings if t.startswith("combat:")]
    return card.timing == "combat" and any(
        all(e.roll in ("combat", f"{k}_combat") for e in card.effects if isinstance(e, fx.RollModifier))
        for k in kinds)


SIMPLE = (fx.Treasury, fx.TreasuryDice, fx.Gain, fx.Mortality, fx.CommerceRemove, fx.CommerceScale,
          fx.AddArmies, fx.LoseForces, fx.TaxRate, fx.Rule, fx.RecruitmentCost, fx.CommercePrice, fx.RollModifier)


def playable_now(s: State, card) -> bool:
    """Cards whose effects the engine applies outside a particular procedure (RULES.md: the
    others wait for the step that uses them)."""
    return all(isinstance(e, SIMPLE) for e in card.effects)


# -- effects ---------------------------------------------------------------------------------
def state_changes(ctx: Ctx, amount: int, reason: str) -> None:
    if amount:
        ctx.emit(ev.Transferred(source="bank" if amount > 0 else "state", target="state" if amount > 0 else "bank",
                                amount=abs(amount), reason=reason))


def targets(ctx: Ctx, target: str, seat: int, senator: str) -> list[str]:
    s = ctx.s
    present = sorted((x.id for x in s.senators.values() if x.seat >= 0 and in_carthage(s, x.id)), key=order_key)
    if target in ("chosen_senator", "any_senator", "commander"):
        return [senator] if senator in s.senators else []
    if target == "faction_leaders":
        return [x for x in s.leaders if x and x in s.senators]
    if target == "presiding_officer":
        return [sphr(s)] if sphr(s) else []
    if target == "most_influential":
        if not present:
            return []
        best = max(s.senators[x].influence for x in present)
        return [next(x for x in present if s.senators[x].influence == best)]
    if target == "senators_in_carthage":
        return present
    return []


def apply_effects(ctx: Ctx, effects, seat: int, source: str, senator: str = "") -> None:
    for e in effects:
        if ctx.s.phase == "over":
            return
        HANDLERS.get(type(e), _not_built)(ctx, e, seat, source, senator)


def _not_built(ctx, e, seat, source, senator) -> None:
    """Effects used only inside procedures not yet built (RULES.md, "Not yet built")."""


def _treasury(ctx, e, seat, source, senator):
    state_changes(ctx, e.talents, source)


def omens(s: State) -> int:
    """The modifiers in force on every die roll (Bad Omens, R132): the counters ``mod:all::<duration>``.
    Rolls that read the other modifiers (``forces.modifier``, ``port.modifier``) count these already."""
    return sum(v for k, v in s.counters.items() if k.startswith("mod:all::"))


def _treasury_dice(ctx, e, seat, source, senator):
    total, _, _ = ctx.roll(seat, f"treasury:{source}", e.dice, omens(ctx.s))
    state_changes(ctx, e.factor * total + e.plus, source)


def _gain(ctx, e, seat, source, senator):
    for sid in targets(ctx, e.target, seat, senator):
        if e.influence or e.popularity or e.merchants:
            ctx.emit(ev.SenatorChanged(senator=sid, influence=e.influence, popularity=e.popularity,
                                       merchants=e.merchants, reason=source))
        if e.talents:
            ctx.emit(ev.Transferred(source="bank", target=f"senator:{sid}", amount=e.talents, reason=source))


def _mortality(ctx, e, seat, source, senator):
    mortality(ctx, e.draws, reason=source)


def _commerce_remove(ctx, e, seat, source, senator):
    """Set aside cards from the top of each pile named; a war's come back when it ends (III notes);
    an event's when the Port phase clears the events (R60)."""
    for pile in e.piles:
        cards = tuple(ctx.s.piles[pile - 1][:e.cards])
        if cards:
            ctx.emit_private(ev.CommerceAside(pile=pile, cards=cards, reason=source), (),
                             ev.CommerceAsideRedacted(pile=pile, count=len(cards), reason=source))


def commodity_out(s: State, commodity: str) -> list[tuple[str, int]]:
    """Where the cards of a commodity out of play lie: (aside reason, count)."""
    out = []
    for reason, cards in sorted(s.aside.items()):
        n = cards.count(commodity)
        if n and not (reason in C.WARS or reason in C.EVENT_CARDS):
            out.append((reason, n))
    return out


def in_play(s: State, commodity: str) -> int:
    """III notes, Compter les cartes: the Matériel count less the cards out of play."""
    return C.COMMODITIES[commodity].cards - sum(n for _, n in commodity_out(s, commodity))


def _commerce_scale(ctx, e, seat, source, senator):
    """III notes: halving keeps half the cards in play, rounded up, taking them from the pile (only
    what the pile holds: R61); doubling brings back as many cards out of play as are in play, or
    all there are."""
    s = ctx.s
    pile = C.COMMODITIES[e.commodity].pile
    n = in_play(s, e.commodity)
    if e.factor == "half":
        have = s.piles[pile - 1].count(e.commodity)
        k = min(n // 2, have)
        if k:  # the pile is searched in the open: the cards set aside are shown
            ctx.emit(ev.CommercePulled(pile=pile, commodity=e.commodity, count=k, reason="halved"))
        owe(ctx, e.commodity, n // 2 - k)  # R61: the rest as they come back to the pile
    else:
        todo = n
        for reason, k in commodity_out(s, e.commodity):
            take = min(k, todo)
            if take:
                ctx.emit(ev.CommerceBack(pile=pile, cards=(e.commodity,) * take, reason=reason))
                todo -= take


def _commerce_price(ctx, e, seat, source, senator):
    key = f"price:{e.commodity}"
    ctx.emit(ev.CountersSet(name=key, value=ctx.s.counters.get(key, 0) + e.talents))


def _add_armies(ctx, e, seat, source, senator):
    n = min(e.count, sum(1 for a in ctx.s.armies if a.type == e.army and a.place == "out"))
    if n:
        ctx.emit(ev.ForcesMoved(unit=e.army, count=n, origin="out", target="reserve", reason=source))


def _lose_forces(ctx, e, seat, source, senator):
    """Units are lost: from the Reserve first, then the Active Forces (R62)."""
    s = ctx.s
    todo = e.count
    for place in ("reserve", "active"):
        have = (s.squadrons.get(place, 0) if e.unit == "squadron"
                else sum(1 for a in s.armies if a.type == e.unit and a.place == place))
        k = min(have, todo)
        if k:
            ctx.emit(ev.ForcesMoved(unit=e.unit, count=k, origin=place, target="out", reason=source))
            todo -= k


def _desert(ctx, e, seat, source, senator):
    """IV.2a, Désertion: the named armies leave until Carthage wins the war; recruited ones first,
    wherever they are (R39, R125)."""
    desert(ctx, e.army, e.count if e.count is not None else C.ARMY_TYPES[e.army].tokens, source)


def _province(ctx, e, seat, source, senator):
    if e.province not in ctx.s.provinces:
        ctx.emit(ev.ProvinceChanged(province=e.province, in_play=True, developed=False, reason=source))
        for g in C.PROVINCES[e.province].armies_added:
            _add_armies(ctx, fx.AddArmies(army=g.army, count=g.count), seat, e.province, senator)


def _lose_province(ctx, e, seat, source, senator):
    if e.province in ctx.s.provinces:
        ctx.emit(ev.ProvinceChanged(province=e.province, in_play=False, developed=False, reason=source))


def _war_status(ctx, e, seat, source, senator):
    s = ctx.s
    wars = [e.war] if e.war else list(C.GROUPS[e.group].wars)
    for w in wars:
        if w in s.wars and s.wars[w].status in ("inactive", "active") and s.wars[w].status != e.status:
            ctx.emit(ev.WarChanged(war=w, status=e.status, reason=source))


def _roll_modifier(ctx, e, seat, source, senator):
    key = f"mod:{e.roll}:{e.group or ''}:{e.duration}"
    ctx.emit(ev.CountersSet(name=key, value=ctx.s.counters.get(key, 0) + e.amount))


def _recruitment_cost(ctx, e, seat, source, senator):
    if source in C.EVENT_CARDS:
        # Terminologie: an event doubles the costs, the same event again in the turn (its back) triples
        # them; two different events (Ineffective Recruitment, No Recruitment) do not add up (R131):
        # the counter keeps the highest level reached (1 double, 2 triple)
        pct = C.TABLES.recruitment.ineffective_percent
        level = pct.index(e.percent) + 1 if e.percent in pct else len(pct)
        key = "ineffective_recruitment"
        if level > ctx.s.counters.get(key, 0):
            ctx.emit(ev.CountersSet(name=key, value=level))
        return
    key = f"cost_percent:{e.duration}"
    ctx.emit(ev.CountersSet(name=key, value=(ctx.s.counters.get(key, 100) * e.percent) // 100))


def _no_recruitment(ctx, e, seat, source, senator):
    ctx.emit(ev.CountersSet(name="no_recruitment", value=1))


def _tax_rate(ctx, e, seat, source, senator):
    track = C.BOARD.tax_track  # the rate stays on the board's track (V.7)
    ctx.emit(ev.TaxRateSet(rate=max(track[0], min(track[-1], ctx.s.tax_rate + e.change)), reason=source))


def _random_event(ctx, e, seat, source, senator):
    random_event(ctx, e.event, seat)


def _destroy_concession(ctx, e, seat, source, senator):
    s = ctx.s
    live = sorted(c for c, h in s.concessions.items() if h != "!")
    if e.concession is not None:
        live = [c for c in live if c == e.concession]
    if live:
        c = live[ctx.rng.below(len(live))] if e.concession is None else live[0]
        ctx.emit(ev.ConcessionChanged(concession=c, holder="!", reason=source))


HANDLERS = {
    fx.Treasury: _treasury, fx.TreasuryDice: _treasury_dice, fx.Gain: _gain, fx.Mortality: _mortality,
    fx.CommerceRemove: _commerce_remove, fx.CommerceScale: _commerce_scale, fx.CommercePrice: _commerce_price,
    fx.AddArmies: _add_armies, fx.LoseForces: _lose_forces, fx.Desert: _desert, fx.CreateProvince: _province,
    fx.LoseProvince: _lose_province, fx.WarStatus: _war_status, fx.RollModifier: _roll_modifier,
    fx.RecruitmentCost: _recruitment_cost, fx.NoRecruitment: _no_recruitment, fx.TaxRate: _tax_rate,
    fx.RandomEvent: _random_event, fx.DestroyConcession: _destroy_concession,
}


def random_event(ctx: Ctx, event: str, seat: int) -> None:
    """IV.2a: the event card goes to the Port; if it is already there this turn, it turns over and
    its back applies ("effets supplémentaires")."""
    card = C.EVENT_CARDS[event]
    side = "back" if event in ctx.s.events_in_port else "front"
    ctx.emit(ev.EventCardPlaced(event=event, side=side))
    apply_effects(ctx, getattr(card, side).effects, seat=seat, source=event)


# -- windows for cards played at a given moment ------------------------------------------------


@decision("cards_window", "play a card of this moment from your hand, or done (IV.2a: Event and Intrigue cards "
                          "when the text allows, Laws in the Senate)")
class CardsWindow:
    @staticmethod
    def legal(s: State, f: Frame):
        return window_legal(s, f.seat, hand_plays(s, f.seat, tuple(f.strs)))

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        if isinstance(c, cmd.ChooseOption):
            ctx.done(f)
            return
        ctx.begin("play", f.seat, c.card, c.senator)  # an Intrigue card may be countered (R79, counter.py)


def window_legal(s: State, seat: int, plays: list) -> list:
    """R134: a card window waits for every player holding a card, whatever it is: the hand is hidden
    and only its size is public, so a window opened only for a holder of a playable card would show
    the table who holds one. ``plays`` (what he may play now) and "done"; an empty hand is not asked."""
    return plays + [cmd.ChooseOption(option="done")] if s.hands[seat] else []


def windows(s: State, first: int, timing: str) -> list[Frame]:
    """A card window for every player, clockwise from ``first`` (one with an empty hand is skipped, R134)."""
    return [Frame(kind="cards_window", seat=(first + i) % s.players, strs=[timing]) for i in range(s.players)]


ANY_TIME = "any_time"


@automatic("any_time_round", keeps_frame=True)
def _any_time_round(ctx: Ctx, f: Frame) -> None:
    """R130: a round of any-time windows (IV.2a: Intrigue and Event cards whenever the holder wishes):
    every player in turn, clockwise from ``nums[0]`` (the SPHR when not given), may play his any-time
    cards; every player holding a card is asked, whatever he holds (R134), an empty hand is not."""
    ctx.pop()
    first = f.nums[0] if f.nums else sphr_seat(ctx.s)
    ctx.then(*windows(ctx.s, first, ANY_TIME))


def any_time_round(first: int = -1) -> Frame:
    return Frame(kind="any_time_round", nums=[first] if first >= 0 else [])
