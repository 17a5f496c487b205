"""The turn ("Déroulement du Jeu"): the phases in order, I Mortality and II Revenue, and the end of
the game (IX)."""

from __future__ import annotations

from typing import Any

from . import commands as cmd
from . import components as C
from . import events as ev
from .cards import any_time_round, omens
from .deaths import mortality
from .events import Frame
from .flow import SIMULTANEOUS, Ctx, automatic, decision, entry, simultaneous
from .laws import rules_on
from .options import UNPAID_PRISONERS
from .people import COUNCIL, clockwise, in_carthage, present_of, senators_of, sphr_seat
from .rebellion import rebel_upkeep
from .rebellion import winners as rebel_winners
from .state import MORTALITY, REVENUE, State, seat_influence, treasury_seat, war_counts

PHASES = ("mortality", "revenue", "trade", "port", "senate", "combat", "civil_war", "end_turn")


@automatic("turn", keeps_frame=True)
def _turn(ctx: Ctx, f: Frame) -> None:
    ctx.pop()
    ctx.emit(ev.TurnBegan(turn=ctx.s.turn + 1))
    # R130: before each phase after Mortality and before the end of the turn, a round of any-time windows
    ctx.then(*[x for i, p in enumerate(PHASES) for x in ((any_time_round(), Frame(kind=p)) if i else (Frame(kind=p),))])


# -- I. Mortality -----------------------------------------------------------------------------
@automatic("mortality", keeps_frame=True)
def _mortality(ctx: Ctx, f: Frame) -> None:
    """I: draw one chit; a "draw 2" chit draws two more; a senator in play named dies."""
    ctx.pop()
    ctx.emit(ev.PhaseBegan(phase=MORTALITY))
    mortality(ctx, 1, reason="mortality")


# -- II. Revenue ------------------------------------------------------------------------------
def state_pays(ctx: Ctx, amount: int, reason: str) -> bool:
    """A payment of the State in the Revenue phase; if the Treasury would fall below 0, Carthage is
    bankrupt and the game ends with every player losing (IX.5, R2). Returns False then."""
    if amount <= 0:
        return True
    if ctx.s.treasury - amount < 0:
        end_game(ctx, (), "bankruptcy")
        return False
    ctx.emit(ev.Transferred(source="state", target="bank", amount=amount, reason=reason))
    return True


def paid_senators(s: State, seat: int) -> list[str]:
    """Senators who receive income (II.1: every senator of a faction): not rebels or exiles (VII.3,
    V.5). A prisoner is paid (R171: taking income is no action of his, VI.2), unless the option
    ``prisoner_income=none`` keeps the old reading (no income until ransomed)."""
    unpaid = ("rebel", "exiled")
    return [x.id for x in senators_of(s, seat) if x.where not in unpaid
            and not (x.where.startswith("captured") and s.counters.get(UNPAID_PRISONERS))]


@automatic("revenue", keeps_frame=True)
def _revenue(ctx: Ctx, f: Frame) -> None:
    """II.1-2: 3 T to each Faction Leader and 1 T to every other senator; the office incomes; then
    the Council's corruption (II.3), decided by each member's player (R3)."""
    ctx.pop()
    s = ctx.s
    ctx.emit(ev.PhaseBegan(phase=REVENUE))
    ctx.emit(ev.CountersSet(name="cards_sold", value=0))
    for seat in range(s.players):
        for sid in paid_senators(s, seat):
            amount = 3 if s.leaders[seat] == sid else 1
            ctx.emit(ev.Transferred(source="bank", target=f"senator:{sid}", amount=amount, reason="income"))
    for office in COUNCIL:
        holder, income = s.offices.get(office, ""), C.OFFICES[office].income
        if holder and income is not None:
            if income.dice:
                total, _, _ = ctx.roll(s.senators[holder].seat, f"income:{office}", income.dice, income.plus + omens(s))
            else:
                total = income.plus
            if total > 0:
                ctx.emit(ev.Transferred(source="bank", target=f"senator:{holder}", amount=total, reason=office))
    later = []
    if "no_council_corruption" not in rules_on(s):
        for office in COUNCIL:
            holder = s.offices.get(office, "")
            if holder and s.senators[holder].seat >= 0:
                later.append(Frame(kind="corruption", seat=s.senators[holder].seat, senator=holder, target=office))
    ctx.then(*later, Frame(kind="revenue_state"))


@decision("corruption", "whether this Council member takes a die of talents from the Treasury (II.3)")
class Corruption:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseOption(option="yes"), cmd.ChooseOption(option="no")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        if c.option == "no":
            return
        total, _, _ = ctx.roll(f.seat, f"corruption:{f.target}", 1, omens(ctx.s))
        total = max(0, total)  # R167: Bad Omens may bring the die to nothing, never to a payment to the State
        if ctx.s.treasury - total < 0:
            end_game(ctx, (), "bankruptcy")
            return
        if total:
            ctx.emit(ev.Transferred(source="state", target=f"senator:{f.senator}", amount=total, reason="corruption"))
        ctx.emit(ev.TermMarked(holder=f.target, left=ctx.s.terms.get(f.target, 0), red=True))


def active_units(s: State) -> int:
    """Armies and squadrons of the Senate that are recruited: in Active Forces or in the field."""
    armies = sum(1 for a in s.armies if a.place == "active" or a.place.startswith("force:"))
    squadrons = sum(n for p, n in s.squadrons.items() if p == "active" or p.startswith("force:"))
    return armies + squadrons


@automatic("revenue_state")
def _revenue_state(ctx: Ctx, f: Frame) -> None:
    """II.4-8: +100 T; the rebels' upkeep; 2 T per army and squadron; 20 T per Active War (an
    unprosecuted one too, R20) and 25 T per Lost War; 1 T per 5 trade fleets and per 5 caravans, in the field or home in
    Carthage (R172)."""
    ctx.pop()
    s = ctx.s
    ctx.emit(ev.Transferred(source="bank", target="state", amount=100, reason="state_income"))
    rebel_upkeep(ctx)  # II.5
    if not state_pays(ctx, 2 * active_units(s), "upkeep"):
        return
    active, lost = war_counts(s)
    if not state_pays(ctx, 20 * active + 25 * lost, "wars"):
        return
    fleets = s.fleets + sum(x.fleets for x in s.forces)  # R172: those home in Carthage too
    caravans = s.caravans + sum(x.caravans for x in s.forces)
    if not state_pays(ctx, -(-fleets // 5) + -(-caravans // 5), "expeditions"):
        return
    later = []
    for pid in sorted(s.provinces):
        p = s.provinces[pid]
        if p.governor:
            later.append(Frame(kind="govern", seat=-1, senator=p.governor, target=pid))
    order = clockwise(s, sphr_seat(s))
    ctx.then(*later, Frame(kind="promises"),  # R112: what accepted offers owe, first
             Frame(kind="redistribute", seat=SIMULTANEOUS, nums=list(order)), Frame(kind="redistribute_reveal"),
             *[Frame(kind="contribute", seat=x) for x in order], Frame(kind="ransoms"))


@automatic("govern")
def _govern(ctx: Ctx, f: Frame) -> None:
    """II.9, first roll: the province's contribution to the State (a negative result is taken from
    it); then its governor's player decides on personal income."""
    ctx.pop()
    s = ctx.s
    p = s.provinces.get(f.target)
    if p is None or p.governor != f.senator:
        return
    side = C.PROVINCES[f.target].developed if p.developed else C.PROVINCES[f.target].undeveloped
    seat = s.senators[f.senator].seat
    total, _, _ = ctx.roll(seat, f"state_revenue:{f.target}", side.state.dice, side.state.plus + omens(s))
    if total > 0:
        ctx.emit(ev.Transferred(source="bank", target="state", amount=total, reason=f.target))
    elif total < 0 and not state_pays(ctx, -total, f.target):
        return
    if seat >= 0:
        ctx.push(Frame(kind="personal_income", seat=seat, senator=f.senator, target=f.target))
    else:
        ctx.push(Frame(kind="develop", senator=f.senator, target=f.target))


@decision("personal_income", "whether the governor takes personal income from his province (II.9)")
class PersonalIncome:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseOption(option="yes"), cmd.ChooseOption(option="no")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        took = 0
        if c.option == "yes":
            s = ctx.s
            p = s.provinces[f.target]
            side = C.PROVINCES[f.target].developed if p.developed else C.PROVINCES[f.target].undeveloped
            total, _, _ = ctx.roll(f.seat, f"personal_revenue:{f.target}", side.personal.dice,
                                    side.personal.plus + omens(s))
            if total > 0:  # on his card, and his term marker turns red
                ctx.emit(ev.Transferred(source="bank", target=f"senator:{f.senator}", amount=total, reason=f.target))
                ctx.emit(ev.TermMarked(holder=f.target, left=p.term, red=True))
                took = 1
            elif total < 0 and not state_pays(ctx, -total, f"personal:{f.target}"):  # R45
                return
        ctx.push(Frame(kind="develop", senator=f.senator, target=f.target, count=took))


@automatic("develop")
def _develop(ctx: Ctx, f: Frame) -> None:
    """II.9: an undeveloped province rolls 1 die, +1 if its governor took no personal income; 6 or
    more develops it and the governor gains 3 Influence. Then the term marker moves on; past the
    last box the card goes to the Port, and a red marker goes on a corrupt governor."""
    ctx.pop()
    s = ctx.s
    p = s.provinces[f.target]
    if not p.developed:
        bonus = 0 if f.count else 1
        _, outcome, _ = ctx.roll(s.senators[f.senator].seat, f"development:{f.target}", 1, bonus + omens(s),
                                 lambda t: "developed" if t >= 6 else "undeveloped")
        if outcome == "developed":
            ctx.emit(ev.ProvinceChanged(province=f.target, in_play=True, developed=True, reason="development"))
            ctx.emit(ev.SenatorChanged(senator=f.senator, influence=3, popularity=0, merchants=0, reason="development"))
    left = p.term - 1
    if left <= 0:
        red = p.red
        ctx.emit(ev.GovernorNamed(province=f.target, senator="", term=0))
        if red:
            ctx.emit(ev.MarkersSet(senator=f.senator, red=s.senators[f.senator].red + 1))
    else:
        ctx.emit(ev.TermMarked(holder=f.target, left=left, red=p.red))


def places_of(s: State, seat: int) -> list[str]:
    """Where a faction's talents may be moved in II.10: its senators in Carthage and its treasury."""
    return [_senator_place(x.id) for x in present_of(s, seat)] + [f"faction:{seat}"]


_PLACE_NAMES: dict[str, str] = {}  # "senator:<id>", by id (asked at every step of a redistribution)


def _senator_place(sid: str) -> str:
    name = _PLACE_NAMES.get(sid)
    if name is None:
        name = _PLACE_NAMES[sid] = f"senator:{sid}"
    return name


def _places_and_talents(s: State, seat: int) -> list[tuple[str, int]]:
    """:func:`places_of` with :func:`talents_at` of each place, read off the senators found (no
    place name parsed back)."""
    out = [(_senator_place(x.id), x.talents) for x in present_of(s, seat)]
    out.append((f"faction:{seat}", s.faction_treasury[seat]))
    return out


def talents_at(s: State, place: str) -> int:
    kind, _, key = place.partition(":")
    if kind == "senator":
        return s.senators[key].talents
    if kind == "faction":
        return s.faction_treasury[int(key)]
    return s.treasury


Plan = tuple[tuple[str, str, int], ...]  # (source, target, amount) per planned transfer
_NO_PLAN: tuple[Plan, dict[str, int]] = ((), {})
_PLANS: dict[tuple[str, ...], tuple[Plan, dict[str, int]]] = {}  # a plan's reading, by its entries
_PLANS_KEPT = 4096  # readings kept before the memo starts afresh (a search plans thousands of times)


def _reading(s: State, seat: int) -> tuple[Plan, dict[str, int]]:
    """A faction's plan (:func:`planned`) and what it moves in and out of each place (+ in, - out),
    read once per list of entries, and from the reading of the entries before the last one when it
    is at hand: a plan is read at every step of the redistribution (by ``legal``, and by
    ``has_legal`` for every seat) and grows by one entry a step. Neither is ever changed."""
    if not s.committed:
        return _NO_PLAN
    entries = tuple(s.committed[seat])
    found = _PLANS.get(entries)
    if found is not None:
        return found
    if not entries:
        return _NO_PLAN
    before = _PLANS.get(entries[:-1])
    if before is None:  # read from the first entry
        plan, net = (), {}
        for entry in entries:
            plan, net = _read(plan, net, entry)
    else:
        plan, net = _read(*before, entries[-1])
    if len(_PLANS) >= _PLANS_KEPT:
        _PLANS.clear()
    found = _PLANS[entries] = (plan, net)
    return found


def _read(plan: Plan, net: dict[str, int], entry: str) -> tuple[Plan, dict[str, int]]:
    """``plan`` and its ``net`` after one more entry: "source>target" opens a transfer (amount 0),
    "=n" gives the last one its amount. A new ``net`` when it changes (readings are shared)."""
    if entry[:1] == "=":
        src, dst, old = plan[-1]
        amount = int(entry[1:])
        net = dict(net)
        net[dst] = net.get(dst, 0) + amount - old
        net[src] = net.get(src, 0) - amount + old
        return (*plan[:-1], (src, dst, amount)), net
    src, _, dst = entry.partition(">")
    return (*plan, (src, dst, 0)), net


def planned(s: State, seat: int) -> Plan:
    """A faction's secret redistribution so far: (source, target, amount); amount 0 while it is being
    chosen."""
    return _reading(s, seat)[0]


def after_plan(s: State, plan: Plan, place: str) -> int:
    """Talents at ``place`` once the faction's planned transfers (``plan``: :func:`planned`) are made
    (its own places only)."""
    n = talents_at(s, place)
    for src, dst, amount in plan:
        n += (amount if dst == place else 0) - (amount if src == place else 0)
    return n


_MOVES: dict[tuple[Any, ...], list[cmd.Transfer]] = {}  # the moves, by the places that list them (never changed)
_DONE = cmd.ChooseOption(option="done")


@simultaneous("redistribute", "in secret, move talents among your senators in Carthage and your treasury, or "
                              "give them to another faction's treasury (not in the round for talents received, "
                              "R75); done when finished (II.10: every player at once, revealed together)")
class Redistribute:
    @staticmethod
    def legal(s: State, f: Frame, seat: int):
        plan, net = _reading(s, seat)
        if plan and plan[-1][2] == 0:  # the amount of the transfer being planned
            src = plan[-1][0]
            return cmd.numbers(1, talents_at(s, src) + net.get(src, 0))
        held = _places_and_talents(s, seat)
        own = [a for a, _ in held]
        sources = tuple(a for a, n in held if n + net.get(a, 0) > 0)
        key = (sources, tuple(own), seat if not f.count else -1, s.players)
        moves = _MOVES.get(key)
        if moves is None:
            targets = own + ([] if f.count else [f"faction:{x}" for x in range(s.players) if x != seat])  # R75
            moves = [cmd.Transfer(source=a, target=b) for a in sources for b in targets if b != a]
            if len(_MOVES) >= _PLANS_KEPT:
                _MOVES.clear()
            _MOVES[key] = moves
        if moves or plan:
            return [*moves, _DONE]
        return []

    @staticmethod
    def has_legal(s: State, f: Frame, seat: int) -> bool:
        """``bool(legal(s, f, seat))``: an amount to choose while one can be, else done once a
        transfer is planned, else a place of the faction holding talents (another faction's
        treasury is always a target, except in the round for talents received, R75: then it needs
        a second place of its own)."""
        committed = s.committed[seat] if s.committed else ()
        if committed and committed[-1][:1] == "=" and int(committed[-1][1:]) != 0:  # the last transfer has its amount
            return True
        plan, net = _reading(s, seat)
        if plan:
            src = plan[-1][0]
            return plan[-1][2] != 0 or talents_at(s, src) + net.get(src, 0) >= 1
        present = present_of(s, seat)  # the places: these senators and the faction's treasury
        if f.count and not present:
            return False
        if s.faction_treasury[seat] > 0:
            return True
        for x in present:
            if x.talents > 0:
                return True
        return False

    @staticmethod
    def act(ctx: Ctx, f: Frame, c, seat: int) -> None:
        if isinstance(c, cmd.ChooseOption):
            f.nums.remove(seat)
            return
        entry = f"{c.source}>{c.target}" if isinstance(c, cmd.Transfer) else f"={c.number}"
        ctx.emit_private(ev.ChoiceMade(seat=seat, step="redistribution", names=(entry,)), (seat,),
                         ev.ChoiceMadeRedacted(seat=seat, step="redistribution"))


@automatic("redistribute_reveal", keeps_frame=True)
def _redistribute_reveal(ctx: Ctx, f: Frame) -> None:
    """II.10: the redistributions are shown together and carried out, faction by faction from the
    SPHR; the amount of a move from one treasury to another is the two factions' secret (R58: shown
    as "?", the two receive its ``Transferred``). R75: talents given to another faction enter its
    treasury, in Carthage, and may be redistributed: after the first reveal, the factions that
    received talents from another faction plan again, in secret and together, moves among their
    own places only (``count`` 1: the round for the talents received)."""
    ctx.pop()
    s = ctx.s
    if not s.committed:
        return
    order = clockwise(s, sphr_seat(s))
    moves = [(x, *m) for x in order for m in planned(s, x) if m[2] > 0]
    secret = [treasury_seat(a) >= 0 and treasury_seat(b) >= 0 and a != b for _, a, b, _ in moves]
    ctx.emit(ev.ChoicesRevealed(step="redistribution", seats=tuple(order),
                                choices=tuple(f"{x}|{a}>{b}|{'?' if hide else n}"
                                              for (x, a, b, n), hide in zip(moves, secret))))
    for _, source, target, amount in moves:
        ctx.transfer(source, target, amount, "redistribution")
    received = {treasury_seat(b) for x, _, b, _ in moves if treasury_seat(b) not in (-1, x)}
    if not f.count and received:
        again = [x for x in order if x in received]
        ctx.then(Frame(kind="redistribute", seat=SIMULTANEOUS, nums=again, count=1),
                 Frame(kind="redistribute_reveal", count=1))


@decision("amount", "how many talents")
class Amount:
    @staticmethod
    def legal(s: State, f: Frame):
        most = talents_at(s, f.strs[0])
        if f.count:  # a cap: the trade income still to distribute (III.3e)
            most = min(most, f.count)
        return cmd.numbers(1, most)

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        source, target, reason = f.strs
        ctx.emit(ev.Transferred(source=source, target=target, amount=c.number, reason=reason))
        if reason == "trade_income":
            key = f"trade_income:{f.seat}"
            ctx.emit(ev.CountersSet(name=key, value=ctx.s.counters.get(key, 0) - c.number))
        if reason == "contribution":
            inf = C.contribution_influence(c.number)
            if inf:
                ctx.emit(ev.SenatorChanged(senator=source.partition(":")[2], influence=inf, popularity=0,
                                           merchants=0, reason="contribution"))


@decision("contribute", "a senator in Carthage gives talents to the State Treasury, for Influence; done when "
                        "finished (II.11: one contribution per senator, R114)")
class Contribute:
    @staticmethod
    def legal(s: State, f: Frame):
        out = [cmd.Transfer(source=f"senator:{x.id}", target="state") for x in senators_of(s, f.seat)
               if in_carthage(s, x.id) and x.talents > 0 and f"senator:{x.id}" not in f.strs]
        return out + [cmd.ChooseOption(option="done")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        if isinstance(c, cmd.ChooseOption):
            ctx.done(f)
            return
        f.strs = [*f.strs, c.source]  # R114: his one contribution of the step
        ctx.push(Frame(kind="amount", seat=f.seat, strs=[c.source, c.target, "contribution"]))


# -- the end of the turn and of the game ------------------------------------------------------
@entry("end_game")
def end_game(ctx: Ctx, winners: tuple[int, ...], reason: str) -> None:
    s = ctx.s
    scores = tuple(seat_influence(s, x) for x in range(s.players))
    ctx.emit(ev.GameEnded(winners=tuple(winners), reason=reason, scores=scores))


def most_influence(s: State) -> tuple[int, ...]:
    """IX.3: the faction with the most Influence wins; a tie is shared (R13)."""
    scores = [seat_influence(s, x) for x in range(s.players)]
    best = max(scores)
    return tuple(x for x in range(s.players) if scores[x] == best)


@automatic("end_turn", keeps_frame=True)
def _end_turn(ctx: Ctx, f: Frame) -> None:
    """IX: the game ends when the Late Republic deck has run out (after the Civil War phase, R13),
    or for a Suffète for Life or a rebellion that survived the turn; otherwise the next turn."""
    ctx.pop()
    s = ctx.s
    if rebel_winners(s):  # IX.1: the rebellion succeeded and Carthage survived the turn (before IX.2: R153)
        end_game(ctx, rebel_winners(s), "rebellion")
        return
    for name, value in sorted(s.counters.items()):
        if name.startswith("suffete_for_life:"):  # IX.2 (R40): he and Carthage survived the turn
            sid = name.partition(":")[2]
            if sid in s.senators and s.senators[sid].face_up and s.senators[sid].seat == value - 1:
                end_game(ctx, (value - 1,), "suffete_for_life")
                return
            ctx.emit(ev.CountersSet(name=name, value=0))
    if s.counters.get("deck_exhausted") or (s.deck_name == "II" and not s.deck):
        end_game(ctx, most_influence(s), "deck_exhausted")
        return
    for name in sorted(s.counters):
        if name.endswith(":turn") or name.startswith("price:") or name in (
                "ineffective_recruitment", "no_recruitment", "tax_changed", "assassinations", "crisis",
                "suffete_for_life_proposed") or name.startswith(("rejected:", "proposed:", "outgoing:", "fought:", "immune:")):
            ctx.emit(ev.CountersSet(name=name, value=0))
    ctx.push(Frame(kind="turn"))

