"""The turn (§5): reinforcements (§6), the deal (§7.1, §8.7), the strategy phase (§7, §8), winter
attrition (§21), isolation (§19.4), political points (§22), the end of the war (§22.4, §23).
"""

from __future__ import annotations

from collections import deque

from . import board as B
from . import events as ev
from .commands import ChooseGeneral, ChooseOption, ChooseSpace, Pass, PlayCard
from .components import GENERALS, PROVINCES, SeaTransport, SPACES, STRATEGY_CARDS, TABLES, attrition_losses, is_pass, link_between, neighbours, turn as turn_row
from .events import Frame
from .flow import Ctx, automatic, decision
from .options import MINOR_CAMPAIGN_OPS_SAIL
from .state import CARTHAGE, ISOLATION, POLITICAL, OVER, REINFORCEMENTS, ROME, STRATEGY, WINTER, State, other

# (modules that use this one only inside functions: imported here, not in each call, which costs
# about a microsecond each time on the strategy phase's path)
from . import cards as _cards, movement as _movement  # noqa: E402

LAST_TURN = len(TABLES.turns)
CAMPAIGN_CARDS = frozenset(n for n, c in STRATEGY_CARDS.items() if c.campaign)
# each card's three commands (ops, event, discard), built once: commands are frozen, a list may share them
_PLAYS = {n: tuple(PlayCard(card=n, use=use) for use in ("ops", "event", "discard")) for n in STRATEGY_CARDS}


# ----------------------------------------------------------------------------------- the turn
@automatic("begin_turn", keeps_frame=True)
def begin_turn(ctx: Ctx, f: Frame) -> None:
    ctx.done(f)
    n = ctx.s.turn + 1
    ctx.emit(ev.TurnBegan(turn=n))
    for side_name in ("counsel_rome", "counsel_carthage"):
        ends = ctx.s.markers.get(side_name + "_ends", 0)
        if ends and n >= ends:
            ctx.emit(ev.MarkerSet(name=side_name, value=0))
            ctx.emit(ev.MarkerSet(name=side_name + "_ends", value=0))
    ctx.push(Frame(kind="end_turn"), Frame(kind="political"), Frame(kind="isolation"), Frame(kind="winter"),
             Frame(kind="begin_strategy"), Frame(kind="deal"))
    if n > 1:
        ctx.emit(ev.PhaseBegan(phase=REINFORCEMENTS))
        ctx.push(Frame(kind="elect_consuls"), Frame(kind="proconsul", seat=ROME))
        if turn_row(n).scipio_africanus and ctx.s.gens["scipio_africanus"].status == "later":
            ctx.push(Frame(kind="africanus_arrives", general="scipio_africanus"))
        ctx.push(Frame(kind="rome_reinforce", seat=ROME, count=5), Frame(kind="return_generals", seat=CARTHAGE),
                 Frame(kind="carthage_reinforce", seat=CARTHAGE, nums=[0, 1, 2, 3][::-1]))


@automatic("end_turn", keeps_frame=True)
def end_turn(ctx: Ctx, f: Frame) -> None:
    ctx.done(f)
    if ctx.s.markers.get("naval_victory"):
        ctx.emit(ev.MarkerSet(name="naval_victory", value=0))
    if ctx.s.markers.get("truce"):
        ctx.emit(ev.MarkerSet(name="truce", value=0))
    if ctx.s.markers.get("reshuffle"):
        ctx.emit(ev.MarkerSet(name="reshuffle", value=0))
        reshuffle(ctx, "truce")
    ctx.push(Frame(kind="begin_turn"))


def reshuffle(ctx: Ctx, reason: str) -> None:
    """Every strategy card not removed from the game and not in a hand is shuffled into a new deck
    (§8.7); the counsels (cards 57-58) end at the start of the turn after it (§25)."""
    s = ctx.s
    held = set(s.hands[0]) | set(s.hands[1])
    cards = sorted(c for c in STRATEGY_CARDS if c not in held and c not in s.removed)
    order = tuple(ctx.rng.shuffled(cards))
    ctx.emit_private(ev.DeckShuffled(cards=order, reason=reason), (),
                     ev.DeckShuffledRedacted(count=len(order), reason=reason))
    for name in ("counsel_rome", "counsel_carthage"):
        if s.markers.get(name) and not s.markers.get(name + "_ends"):
            ctx.emit(ev.MarkerSet(name=name + "_ends", value=s.turn + 1))


@automatic("deal", keeps_frame=True)
def deal(ctx: Ctx, f: Frame) -> None:
    ctx.done(f)
    n = turn_row(ctx.s.turn).strategy_cards
    if len(ctx.s.deck) < 2 * n:
        reshuffle(ctx, "deck_short")
    for seat in (ROME, CARTHAGE):
        cards = tuple(ctx.s.deck[:n])
        ctx.emit_private(ev.CardsDealt(seat=seat, cards=cards), (seat,),
                         ev.CardsDealtRedacted(seat=seat, count=len(cards)))


@automatic("begin_strategy", keeps_frame=True)
def begin_strategy(ctx: Ctx, f: Frame) -> None:
    ctx.done(f)
    ctx.emit(ev.PhaseBegan(phase=STRATEGY))
    ctx.push(Frame(kind="strategy_next", seat=-1, nums=[-1]), Frame(kind="claim_first", seat=ROME))


@decision("claim_first", "Rome: open the turn with a campaign card and play first (§7.3), or pass")
class ClaimFirst:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        out = [Pass()]
        if any(c in CAMPAIGN_CARDS for c in s.hands[ROME]):
            out.insert(0, ChooseOption(option="claim"))
        return out

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        if isinstance(cmd, ChooseOption):
            ctx.emit(ev.FirstPlayer(seat=ROME, claimed=True))
            ctx.push(Frame(kind="strategy", seat=ROME, flags=["campaign_first"]))
        else:
            ctx.push(Frame(kind="choose_first", seat=CARTHAGE))


@decision("choose_first", "Carthage: choose who plays the first strategy card (§7.3)")
class ChooseFirst:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseOption(option="carthage"), ChooseOption(option="rome")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        seat = CARTHAGE if cmd.option == "carthage" else ROME
        ctx.emit(ev.FirstPlayer(seat=seat, claimed=False))
        ctx.push(Frame(kind="strategy", seat=seat))


@automatic("strategy_next")
def strategy_next(ctx: Ctx, f: Frame) -> None:
    """Players alternate; one who is out of cards stops and the other plays his out (§7.4)."""
    s = ctx.s
    last = f.nums[0] if f.nums else -1
    if s.flow[-1] is not f:
        return
    nxt = other(last) if last >= 0 else s.first
    if not s.hands[nxt]:
        nxt = other(nxt)
    if not s.hands[nxt]:
        ctx.done(f)
        return
    ctx.push(Frame(kind="strategy", seat=nxt))


@decision("strategy", "play a strategy card as operations, as an event, or discard it (§7.2)")
class Strategy:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        out = []
        only_campaign = "campaign_first" in f.flags
        seat = f.seat
        playable = _cards.event_playable
        for card in sorted(set(s.hands[seat])):
            if only_campaign and card not in CAMPAIGN_CARDS:
                continue
            ops, event, discard = _PLAYS[card]
            out.append(ops)
            if playable(s, seat, card):
                out.append(event)
            if not only_campaign:
                out.append(discard)
        return out

    @staticmethod
    def explain(s: State, f: Frame, cmd) -> str:
        """An event the seat holds but may not play now: the card's condition that fails (§25)."""
        if isinstance(cmd, PlayCard) and cmd.use == "event" and cmd.card in s.hands[f.seat]:
            why = _cards.event_refusal(s, f.seat, cmd.card)
            return f"card {cmd.card}'s event cannot be played now: {why}" if why else ""
        return ""

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd: PlayCard) -> None:
        seat = f.seat
        ctx.done(f)
        nxt = ctx.top
        nxt.nums = [seat]
        card = STRATEGY_CARDS[cmd.card]
        if cmd.use == "event":
            _cards.play_event(ctx, seat, cmd.card)
            return
        ctx.emit(ev.CardPlayed(seat=seat, card=cmd.card, use=cmd.use, removed=False))
        if card.kind == "truce":  # even as ops or discarded, it reshuffles the deck at the end of the turn (§8.7)
            ctx.emit(ev.MarkerSet(name="reshuffle", value=1))
        if cmd.use == "ops":
            ctx.push(Frame(kind="ops", seat=seat, card=cmd.card, count=card.ops))


# ----------------------------------------------------------------------------- operations
@decision("ops", "use the card's operations: activate a general, place PCs or raise a CU (§8.2)")
class Ops:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        out: list = [ChooseGeneral(general=g) for g in _movement.activatable(s, f.seat, f.count)]
        if pc_spaces(s, f.seat, first=True):
            out.append(ChooseOption(option="place_pcs"))
        if f.count >= 3 and raise_spaces(s, f.seat):
            out.append(ChooseOption(option="raise"))
        out.append(Pass())
        return out

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        if isinstance(cmd, ChooseGeneral):
            card = STRATEGY_CARDS[f.card]
            # §11.1, §11.4: an ops-3 card carries up to 5 CU by sea; a campaign card's ship serves
            # its event only, so a Minor Campaign played for its 2 ops moves nobody by sea (G58),
            # unless the option minor_campaign_ship=ops_too reads §8.1's ship as an ops-3 card's (G84)
            naval = 5 if card.ship and (card.ops >= 3 or ctx.s.markers.get(MINOR_CAMPAIGN_OPS_SAIL)) else 0
            eff = B.effect(cmd.general)
            if isinstance(eff, SeaTransport) and card.ops >= eff.ops:
                naval = max(naval, eff.max_cu)  # P. Scipio (reconstructed ability)
            _movement.start_activation(ctx, f.seat, cmd.general, card=f.card, naval_cu=naval)
        elif isinstance(cmd, ChooseOption) and cmd.option == "place_pcs":
            ctx.push(Frame(kind="place_pcs", seat=f.seat, card=f.card, count=f.count))
        elif isinstance(cmd, ChooseOption) and cmd.option == "raise":
            ctx.push(Frame(kind="raise", seat=f.seat, card=f.card))


def pc_spaces(s: State, side: int, first: bool = False) -> list[str]:
    """Where ``side`` may place a PC (§8.2, §19.2): a space with no PC and no enemy CU, or an enemy
    plain PC where it has a CU (not during a Truce, #64). Never a city or a tribe marker (H15).
    ``first``: stop at the first one found (is there any?)."""
    out = []
    truce = bool(s.markers.get("truce"))
    foe = other(side)
    enemy = s.units[foe]
    mine = s.units[side]
    control, tribes = s.control, s.tribes
    for sp in SPACES:
        if sp in tribes:
            continue
        c = control.get(sp, -1)
        if c < 0:
            u = enemy.get(sp)
            if u is None or not (u.cu or u.icu):
                out.append(sp)
                if first:
                    break
        elif c == foe and not truce and sp not in _CITY_SPACES:  # an enemy plain PC (B.is_plain_pc)
            m, u = mine.get(sp), enemy.get(sp)
            if m is not None and (m.cu or m.icu) and (u is None or not (u.cu or u.icu)):
                out.append(sp)
                if first:
                    break
    return out


@decision("place_pcs", "place a PC (§8.2, §19.2), or stop")
class PlacePcs:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseSpace(space=sp) for sp in pc_spaces(s, f.seat)] + [Pass()]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        if isinstance(cmd, Pass):
            ctx.done(f)
            return
        ctx.emit(ev.ControlChanged(space=cmd.space, side=f.seat, cause="ops"))
        f.count -= 1
        if f.count <= 0:
            ctx.done(f)


def raise_spaces(s: State, side: int) -> list[str]:
    """An ops-3 card raises one CU with a general in a friendly space of a friendly province, not
    inside a besieged city (§8.2, §20.5)."""
    out = set()
    for g in B.generals_on_map(s, side):
        st = s.gens[g]
        if st.inside and B.besieged(s, st.where):
            continue
        if B.friendly_pc(s, side, st.where) and B.controls_province(s, side, SPACES[st.where].province):
            out.add(st.where)
    return sorted(out)


@decision("raise", "choose the general's space where the new CU is raised (§8.2)")
class Raise:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseSpace(space=sp) for sp in raise_spaces(s, f.seat)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        place_cu(ctx, f.seat, cmd.space, 1, 0, "raise")


def place_cu(ctx: Ctx, side: int, space: str, count: int, elephants: int, cause: str) -> None:
    """CU appear with the side's units in ``space``: inside the walls if the side's generals
    there are inside; an enemy general alone there is neutralized (§6.3)."""
    s = ctx.s
    inside = B.cu_outside(s, other(side), space) > 0 and not B.generals_at(s, side, space, False)
    if inside:  # never more than the city holds (§10.7); the rest is not placed (G34)
        count = min(count, max(0, B.capacity(space) - B.cu_inside(s, side, space)))
        elephants = min(elephants, count)
        if count == 0:
            return
    ctx.emit(ev.CuPlaced(side=side, space=space, count=count, elephants=elephants, inside=inside, cause=cause))
    for g in B.generals_at(s, other(side), space, None):
        if B.cu_total(s, other(side), space) == 0:
            neutralize(ctx, g, "reinforcements")


def neutralize_all(ctx: Ctx, gids: list[str], cause: str) -> bool:
    """:func:`neutralize` each general in turn, stopping once the game is over (Hannibal caught and
    Carthage sued for peace, §10.10, §15.6); whether it is."""
    for g in gids:
        neutralize(ctx, g, cause)
        if ctx.s.phase == OVER:
            return True
    return False


def neutralize(ctx: Ctx, gid: str, cause: str) -> None:
    """§10.10: off the map until the next reinforcement phase; Hannibal and Scipio Africanus leave
    the game, and Carthage removes 5 PCs for Hannibal."""
    g = GENERALS[gid]
    ctx.emit(ev.GeneralOff(general=gid, to="removed" if g.removed_if_neutralised else "neutralized", cause=cause))
    if g.pc_loss_if_neutralised:
        lose_pcs(ctx, B.side_of(gid), g.pc_loss_if_neutralised, "neutralized_" + gid)


# -------------------------------------------------------------------------- reinforcements
def carthage_slot_spaces(s: State, slot: int) -> list[str]:
    """§6.1's four Carthaginian reinforcements, each placed where its clause allows, never inside
    a besieged city (§6.3)."""
    out = []
    for sp in _slot_candidates(s, slot):
        if reinforcement_allowed(s, CARTHAGE, sp):
            out.append(sp)
    out.sort()
    return out


def _slot_open(s: State, slot: int) -> bool:
    """Has the slot a space at all (``carthage_slot_spaces`` not empty)?"""
    return any(reinforcement_allowed(s, CARTHAGE, sp) for sp in _slot_candidates(s, slot))


def _slot_candidates(s: State, slot: int) -> set[str]:
    """The spaces §6.1's clause names for the slot, before §6.3's limits."""
    def general_spaces(country: str | None) -> set[str]:
        out = set()
        for g in B.generals_on_map(s, CARTHAGE):
            st = s.gens[g]
            if (country is None or B.country(st.where) == country) and not (st.inside and B.besieged(s, st.where)):
                out.add(st.where)
        return out

    def city(sp: str) -> set[str]:
        return {sp} if B.friendly_pc(s, CARTHAGE, sp) and not B.besieged(s, sp) else set()

    if slot == 0:
        spaces = city("carthago") | general_spaces("africa")
    elif slot in (1, 2):
        cond = B.friendly_pc(s, CARTHAGE, "carthago_nova") if slot == 1 else B.controls_province(s, CARTHAGE, "baetica")
        spaces = (city("carthago_nova") | general_spaces("spain")) if cond else set()
    else:
        spaces = city("carthago") | city("carthago_nova") | general_spaces(None)
    return spaces


def _room_inside(s: State, side: int, sp: str) -> bool:
    return (B.is_city_space(sp) and B.friendly_pc(s, side, sp) and not B.besieged(s, sp)
            and B.cu_inside(s, side, sp) < B.capacity(sp))


@decision("carthage_reinforce", "Carthage: place this reinforcement CU (§6.1)")
class CarthageReinforce:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        for slot in reversed(f.nums):
            spaces = carthage_slot_spaces(s, slot)
            if spaces:
                return [ChooseSpace(space=sp) for sp in spaces]
        return []

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        while f.nums and not _slot_open(ctx.s, f.nums[-1]):
            f.nums.pop()
        f.nums.pop()
        place_cu(ctx, CARTHAGE, cmd.space, 1, 0, "reinforcement")
        while f.nums and not _slot_open(ctx.s, f.nums[-1]):
            f.nums.pop()
        if not f.nums:
            ctx.done(f)


def return_spaces(s: State, gid: str = "") -> list[str]:
    """Spaces with Carthaginian CU not under siege, for returning generals (§6.1); for a general
    confined to a country (Hanno, §24), only those in it (ruling G82)."""
    confined = GENERALS[gid].confined_to if gid else None
    return sorted(sp for sp, u in s.units[CARTHAGE].items()
                  if (u.cu > 0 or (u.icu > 0 and not B.besieged(s, sp)))
                  and (confined is None or B.country(sp) == confined))


def returning(s: State) -> tuple[str, list[str]]:
    """The next neutralized Carthaginian general to come back and where he may, in the order of
    their ids; one with nowhere to go (Hanno with no such space in Africa) is passed over and stays
    out until the next reinforcement phase (G41, G82). ("", []) when nobody comes back."""
    for g in sorted(g for g, st in s.gens.items() if st.status == "neutralized" and B.side_of(g) == CARTHAGE):
        spaces = return_spaces(s, g)
        if spaces:
            return g, spaces
    return "", []


@decision("return_generals", "Carthage: put a neutralized general back with Carthaginian CU (§5, §6.1)")
class ReturnGenerals:
    """Every one comes back, one at a time: Carthage chooses where, not whether (ruling G41)."""

    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseSpace(space=sp) for sp in returning(s)[1]]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        s = ctx.s
        gid = returning(s)[0]
        inside = B.cu_outside(s, CARTHAGE, cmd.space) == 0
        ctx.emit(ev.GeneralPlaced(general=gid, space=cmd.space, inside=inside))
        from .movement import ask_left_command
        ask_left_command(ctx, CARTHAGE, cmd.space, inside, dropped=(gid,))  # §9.3: level with the commander? (G59)


def reinforcement_allowed(s: State, side: int, sp: str) -> bool:
    """§6.3: never inside a besieged city; where enemy CU stand outside, only inside a friendly city
    that is not besieged and has room."""
    # (B.besieged and B.friendly_pc, B.cu_outside of the other side, read in place)
    besieged_city = sp in s.sieges and sp in _CITY_SPACES and s.control.get(sp, -1) == side
    u = s.units[1 - side].get(sp)
    enemy_outside = u is not None and u.cu > 0
    if not (besieged_city or enemy_outside):
        return True  # neither limit applies (the usual case)
    outside_general = bool(B.generals_at(s, side, sp, False))
    if besieged_city and not outside_general:
        return False
    if enemy_outside and not outside_general and not _room_inside(s, side, sp):
        return False
    return True


def rome_reinforce_spaces(s: State) -> list[str]:
    spaces = {"roma"} if B.friendly_pc(s, ROME, "roma") else set()
    for g in B.generals_on_map(s, ROME):
        spaces.add(s.gens[g].where)
    out = []
    for sp in spaces:
        if reinforcement_allowed(s, ROME, sp):
            out.append(sp)
    out.sort()
    return out


def _rome_can_finish(s: State, placed_italy: int, left: int, stack_needed: bool, spaces: list[str],
                     extra: dict[str, int]) -> bool:
    need_italy = max(0, 3 - placed_italy)
    if need_italy > left:
        return False
    if not stack_needed:
        return True
    for sp in spaces:
        have = B.cu_total(s, ROME, sp) + extra.get(sp, 0)
        short = max(0, 5 - have)
        if short <= left and (B.in_italy(sp) or short + need_italy <= left):
            return True
    return False


@decision("rome_reinforce", "Rome: place a reinforcement CU at Roma or with a Roman general (§6.2)")
class RomeReinforce:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseSpace(space=sp) for sp in _rome_options(s, f)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        place_cu(ctx, ROME, cmd.space, 1, 0, "reinforcement")
        f.count -= 1
        if B.in_italy(cmd.space):
            f.mp += 1  # mp: CU placed in Italy so far
        if f.count <= 0 or not rome_reinforce_spaces(ctx.s):  # (``_rome_options`` is empty just then)
            ctx.done(f)


def _rome_options(s: State, f: Frame) -> list[str]:
    """§6.2: at least 3 of the 5 in Italy, and a stack of 5 CU made if none exists and it can be."""
    if f.count <= 0:
        return []
    spaces = rome_reinforce_spaces(s)
    stack_needed = "stack_made" not in f.flags and not any(
        u.cu + u.icu >= 5 for u in s.units[ROME].values())
    if stack_needed and not _rome_can_finish(s, f.mp, f.count, True, spaces, {}):
        stack_needed = False  # it cannot be made: the obligation lapses ("si possible")
    out = []
    for sp in spaces:
        italy = f.mp + (1 if B.in_italy(sp) else 0)
        extra = {sp: 1}
        made = B.cu_total(s, ROME, sp) + 1 >= 5
        if _rome_can_finish(s, italy, f.count - 1, stack_needed and not made, spaces, extra) or (
                f.count - 1 == 0 and italy >= 3 and (not stack_needed or made)):
            out.append(sp)
    if not out and spaces:  # Italy holds no legal space: the 3-in-Italy rule cannot be met
        out = spaces
    return out


def africanus_spaces(s: State) -> list[str]:
    """§6.7: an Italian space with a Roman PC and no Carthaginian CU, or such a Spanish port; never
    inside a besieged city."""
    out = []
    for sp, c in s.control.items():
        if c != ROME or B.cu_total(s, CARTHAGE, sp) > 0 or B.besieged(s, sp):
            continue
        if B.in_italy(sp) or (B.country(sp) == "spain" and SPACES[sp].port is not None):
            out.append(sp)
    return sorted(out)


@decision("africanus", "Rome: place Scipio Africanus and his 5 CU (§6.7)")
class Africanus:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseSpace(space=sp) for sp in africanus_spaces(s)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        ctx.emit(ev.GeneralPlaced(general="scipio_africanus", space=cmd.space, inside=False))
        ctx.emit(ev.OfficeChanged(general="scipio_africanus", office="proconsul"))
        place_cu(ctx, ROME, cmd.space, 5, 0, "reinforcement")
        from .movement import ask_left_command
        ask_left_command(ctx, ROME, cmd.space, False, dropped=("scipio_africanus",))  # §9.3 (G59)


@automatic("africanus_arrives")
def africanus_arrives(ctx: Ctx, f: Frame) -> None:
    """§6.7: once Rome's 5 CU are placed, Rome places him if some space qualifies; if none does,
    neither he nor his 5 CU enter and he leaves the game."""
    ctx.done(f)
    if africanus_spaces(ctx.s):
        ctx.push(Frame(kind="africanus", seat=ROME, general=f.general))
    else:
        ctx.emit(ev.GeneralOff(general=f.general, to="removed", cause="no_space"))


@decision("proconsul", "Rome: name a general on the map proconsul, or none (§6.4, §6.6)")
class Proconsul:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseGeneral(general=g) for g in B.generals_on_map(s, ROME) if g != "scipio_africanus"] + [Pass()]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        s = ctx.s
        keep = cmd.general if isinstance(cmd, ChooseGeneral) else ""
        gone = [g for g in B.generals_on_map(s, ROME) if g not in ("scipio_africanus", keep)]
        chiefs = {(s.gens[g].where, s.gens[g].inside) for g in gone
                  if B.commander(s, ROME, s.gens[g].where, s.gens[g].inside) == g}
        for g in B.generals_on_map(s, ROME):
            if g == "scipio_africanus":
                continue
            if g == keep:
                if s.gens[g].office != "proconsul":
                    ctx.emit(ev.OfficeChanged(general=g, office="proconsul"))
            else:
                if s.gens[g].office:
                    ctx.emit(ev.OfficeChanged(general=g, office=""))
                ctx.emit(ev.GeneralOff(general=g, to="cup", cause="election"))
        from .movement import ask_left_command
        for space, inside in sorted(chiefs):
            ask_left_command(ctx, ROME, space, inside, lost=True)  # §9.3: who commands those left (G59)
        for g, st in sorted(s.gens.items()):
            if st.status == "neutralized" and B.side_of(g) == ROME:
                ctx.emit(ev.GeneralOff(general=g, to="cup", cause="election"))


@automatic("elect_consuls", keeps_frame=True)
def elect_consuls(ctx: Ctx, f: Frame) -> None:
    """Two consuls drawn at random from the cup (§6.4), placed by Rome (§6.5)."""
    ctx.done(f)
    s = ctx.s
    cup = sorted(g for g, st in s.gens.items() if st.status == "cup" and B.side_of(g) == ROME)
    drawn = tuple(ctx.rng.shuffled(cup)[:2])
    ctx.emit(ev.ConsulsDrawn(generals=drawn))
    for g in drawn:
        ctx.emit(ev.OfficeChanged(general=g, office="consul"))
    for g in reversed(drawn):
        ctx.push(Frame(kind="place_consul", seat=ROME, general=g))


def consul_spaces(s: State, gid: str) -> list[str]:
    """§6.5: a space with at least 5 Roman CU, never inside Rome's own besieged cities; with none,
    inside besieged Roma, the text's last resort (ruling G40); with Roma not besieged either, the
    largest Roman stack, else Roma (ruling G1). Fabius may join any Roman stack in Italy if none
    there has 5 CU, else Roma, besieged or not (§24)."""
    fabius = gid == "fabius"

    def own_besieged(sp: str) -> bool:
        return B.besieged(s, sp) and B.friendly_pc(s, ROME, sp)

    def usable(sp: str) -> bool:
        # only Rome's own besieged cities are closed: Romans besieging an enemy city stand
        # outside its walls, and are not besieged (§20.4)
        return not own_besieged(sp) and (not fabius or B.in_italy(sp))

    stacks = {sp: u.cu + u.icu for sp, u in s.units[ROME].items() if usable(sp)}
    big = sorted(sp for sp, n in stacks.items() if n >= 5)
    if big:
        return big
    if not fabius and own_besieged("roma"):
        return ["roma"]  # §6.5's last resort comes before our G1 fallback (G40)
    if fabius:
        italian = sorted(sp for sp in stacks if B.in_italy(sp))
        return italian or ["roma"]
    if stacks:
        most = max(stacks.values())
        return sorted(sp for sp, n in stacks.items() if n == most)
    return ["roma"]


@decision("place_consul", "Rome: place this consul with at least 5 Roman CU (§6.5)")
class PlaceConsul:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseSpace(space=sp) for sp in consul_spaces(s, f.general)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        s = ctx.s
        inside = (B.besieged(s, cmd.space) and B.friendly_pc(s, ROME, cmd.space)) or (
            B.cu_outside(s, ROME, cmd.space) == 0 and B.cu_inside(s, ROME, cmd.space) > 0)
        ctx.emit(ev.GeneralPlaced(general=f.general, space=cmd.space, inside=inside))
        ctx.emit(ev.CommandTaken(general=f.general))
        ask_consul_command(ctx, cmd.space, inside)


def ask_consul_command(ctx: Ctx, space: str, inside: bool) -> None:
    """§18.2: both consuls now stand in one army: Rome names which of them commands (ruling G60)."""
    flags = ["inside"] if inside else []
    if len(_consuls_at(ctx.s, space, inside)) == 2 and not any(
            f.kind == "consul_command" and f.space == space and f.flags == flags for f in ctx.flow):
        ctx.push(Frame(kind="consul_command", seat=ROME, space=space, flags=flags))


def consuls_meet(ctx: Ctx, moved: tuple[str, ...] | list[str], space: str, inside: bool) -> None:
    """§18.2 (G60): the generals ``moved`` have just come to ``space`` (on that side of its walls):
    when they bring one consul to the other, the two are one army, and Rome names its commander."""
    here = _consuls_at(ctx.s, space, inside)
    if len(here) == 2 and len([g for g in here if g in moved]) == 1:
        ask_consul_command(ctx, space, inside)


def consuls_apart(s: State, space: str) -> bool:
    """Both consuls stand in ``space``, on two sides of its walls (a garrison and an army outside)."""
    return len(_consuls_at(s, space, True)) == 1 and len(_consuls_at(s, space, False)) == 1


def _consuls_at(s: State, space: str, inside: bool) -> list[str]:
    return [g for g in B.generals_at(s, ROME, space, inside) if s.gens[g].office == "consul"]


@decision("consul_command", "Rome: name the consul who commands the army both consuls are in (§18.2)")
class ConsulCommand:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        consuls = _consuls_at(s, f.space, "inside" in f.flags)
        return [ChooseGeneral(general=g) for g in consuls] if len(consuls) == 2 else []

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        if B.commander(ctx.s, ROME, f.space, "inside" in f.flags) != cmd.general:
            ctx.emit(ev.CommandTaken(general=cmd.general))


# ------------------------------------------------------------------------ end of the turn
@automatic("winter", keeps_frame=True)
def winter(ctx: Ctx, f: Frame) -> None:
    """§21.1: every CU in a space with an enemy PC or an unfriendly tribe rolls, by the size of
    the force there; CU inside their own city do not (H27, H35)."""
    ctx.done(f)
    s = ctx.s
    ctx.emit(ev.PhaseBegan(phase=WINTER))
    for side in (ROME, CARTHAGE):
        for sp in sorted(s.units[side]):
            u = s.units[side].get(sp)
            if u is None or u.cu == 0:
                continue
            if B.enemy_pc(s, side, sp) or B.unfriendly_tribe(s, side, sp):
                attrition(ctx, side, sp, u.cu, 0, "winter")


def attrition(ctx: Ctx, side: int, space: str, size: int, modifier: int, purpose: str, *,
              hostile_tribes: bool = False, inside: bool = False) -> int:
    """Roll on the attrition table for ``size`` CU in ``space`` (outside the walls, or ``inside``
    them) and remove the losses; an "e" result takes an elephant first (§17.2). Returns the CU lost."""
    s = ctx.s
    roll = ctx.rng.die(6)
    cell = attrition_losses(size, roll + modifier, hostile_tribes=hostile_tribes)
    u = B.cu_of(s, side, space)
    have, el_have = (u.icu, u.iel) if inside else (u.cu, u.el)
    lost = min(cell.losses, have)
    ctx.emit(ev.DieRolled(seat=side, purpose=f"attrition:{purpose}", roll=roll, modifier=modifier,
                          outcome=f"{cell.losses} CU" + (" e" if cell.elephant else "")))
    if lost:
        el = min(el_have, 1 if cell.elephant else 0)
        lose_cu(ctx, side, space, lost, "attrition", elephant_first=el, inside=inside)
    return lost


def lose_cu(ctx: Ctx, side: int, space: str, count: int, cause: str, *, elephant_first: int = 0,
            inside: bool = False) -> int:
    """Remove ``count`` CU of the side in ``space``: ``elephant_first`` elephant CU first, then plain
    CU before elephants (the owner's choice, ruling in RULES.md)."""
    u = B.cu_of(ctx.s, side, space)
    have, el_have = (u.icu, u.iel) if inside else (u.cu, u.el)
    count = min(count, have)
    if count <= 0:
        return 0
    el = min(elephant_first, el_have, count)
    plain = have - el_have
    rest = count - el
    el += max(0, rest - plain)
    ctx.emit(ev.CuLost(side=side, space=space, count=count, elephants=el, inside=inside, cause=cause))
    return count


@automatic("isolation", keeps_frame=True)
def isolation(ctx: Ctx, f: Frame) -> None:
    """§19.4: Rome, then Carthage, removes every isolated plain PC."""
    ctx.done(f)
    ctx.emit(ev.PhaseBegan(phase=ISOLATION))
    for side in (ROME, CARTHAGE):
        supported = supported_spaces(ctx.s, side)
        for sp in B.plain_pcs(ctx.s, side):
            if sp not in supported:
                ctx.emit(ev.ControlChanged(space=sp, side=-1, cause="isolation"))


_LINES = {sp: tuple(nb for nb in neighbours(sp) if not is_pass(link_between(sp, nb))) for sp in SPACES}
"""Per space, its neighbours along a link a line of supply may follow (not a pass, §19.4)."""
_CITY_SPACES = frozenset(sp for sp, space in SPACES.items() if space.city is not None)
_SOURCE_KINDS = frozenset(sp for sp, space in SPACES.items() if space.city is not None or space.port is not None)
"""Spaces a friendly PC makes a source of supply whatever their tribe marker: cities and ports (§19.4)."""


def supported_spaces(s: State, side: int) -> set[str]:
    """Spaces from which a line of spaces reaches a friendly CU, friendly city, friendly tribe or
    friendly port (§19.4). The line never crosses a pass, nor a space with an enemy PC or a neutral
    tribe unless a friendly CU is there, nor a space with enemy CU unless it holds a friendly PC."""
    mine_u, theirs_u = s.units[side], s.units[other(side)]
    control, tribes = s.control, s.tribes
    enemy = other(side)
    mine = {sp for sp, u in mine_u.items() if u.cu + u.icu > 0}  # spaces holding the side's CU
    # the spaces a line may not cross: an enemy PC or a neutral tribe without a friendly CU, enemy
    # CU without a friendly PC (found from the markers and units there are, not space by space);
    # and the sources: every space holding the side's CU, and every space of the side's PC that is a
    # city, a tribe or a port (a space only the side's PC holds: ``control`` lists it)
    blocked = set()
    sources = set(mine)
    for sp, c in control.items():
        if c == enemy:
            if sp not in mine:
                blocked.add(sp)
        elif c == side and (sp in _SOURCE_KINDS or sp in tribes):
            sources.add(sp)
    for sp, t in tribes.items():
        if t < 0 and sp not in mine:
            blocked.add(sp)
    for sp, u in theirs_u.items():
        if u.cu + u.icu > 0 and control.get(sp, -1) != side:
            blocked.add(sp)
    seen = sources | blocked  # (the blocked ones are never entered: taken out of ``seen`` at the end)
    todo = deque(sources)
    while todo:
        for nb in _LINES[todo.popleft()]:
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return seen - (blocked - sources)


@automatic("political", keeps_frame=True)
def political(ctx: Ctx, f: Frame) -> None:
    """§22: count the points; the side behind removes the difference in plain PCs, or sues for
    peace; Carthage holding all of Italy but Latium wins (§23); after turn 9 the higher total
    wins, Carthage on a tie (§22.4)."""
    ctx.done(f)
    s = ctx.s
    ctx.emit(ev.PhaseBegan(phase=POLITICAL))
    pts = B.political_points(s)
    ctx.emit(ev.PoliticalPoints(points=tuple(pts)))
    italy = [p.id for p in PROVINCES.values() if p.country == "italy" and p.id != "latium"]
    if all(B.controls_province(s, CARTHAGE, p) for p in italy):
        end_game(ctx, CARTHAGE, "sudden_death_italy")
        return
    ctx.push(Frame(kind="final_count"))
    if ctx.s.turn >= LAST_TURN:
        return  # §22.4: the last count decides the war; no PCs are given up after it
    if pts[ROME] != pts[CARTHAGE]:
        loser = ROME if pts[ROME] < pts[CARTHAGE] else CARTHAGE
        lose_pcs(ctx, loser, abs(pts[ROME] - pts[CARTHAGE]), "political")


@automatic("final_count", keeps_frame=True)
def final_count(ctx: Ctx, f: Frame) -> None:
    ctx.done(f)
    if ctx.s.turn >= LAST_TURN:
        pts = B.political_points(ctx.s)
        end_game(ctx, ROME if pts[ROME] > pts[CARTHAGE] else CARTHAGE, "turn_limit")


def lose_pcs(ctx: Ctx, side: int, count: int, cause: str) -> None:
    """``side`` must remove ``count`` plain PCs of its choice; if it has fewer it sues for peace and
    loses at once (§15.6, §22.3)."""
    if count <= 0:
        return
    if len(B.plain_pcs(ctx.s, side)) < count:
        end_game(ctx, other(side), "peace")
        return
    ctx.push(Frame(kind="remove_pcs", seat=side, count=count, origin=cause))


@decision("remove_pcs", "remove one of your plain PCs (§15.5, §22.2)")
class RemovePcs:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseSpace(space=sp) for sp in B.plain_pcs(s, f.seat)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.emit(ev.ControlChanged(space=cmd.space, side=-1, cause=f.origin))
        f.count -= 1
        if f.count <= 0:
            ctx.done(f)


def end_game(ctx: Ctx, winner: int, reason: str) -> None:
    ctx.emit(ev.GameEnded(winner=winner, reason=reason, points=tuple(B.political_points(ctx.s))))


def check_sudden_death(ctx: Ctx) -> bool:
    """§23: Rome controls Carthago, or Carthage controls Roma: the war ends at once."""
    s = ctx.s
    if s.phase == "over":
        return True
    if s.control.get("carthago", -1) == ROME:
        end_game(ctx, ROME, "sudden_death_carthago")
        return True
    if s.control.get("roma", -1) == CARTHAGE:
        end_game(ctx, CARTHAGE, "sudden_death_roma")
        return True
    return False
