"""The turn (§5): reinforcements (§6, in ``reinforcements``), the deal (§7.1, §8.7), the strategy
phase (§7, §8), winter attrition (§21), isolation (§19.4), political points (§22), the end of the
war (§22.4, §23).
"""

from __future__ import annotations

from collections import deque

from . import board as B
from . import events as ev
from .cards import event_playable, event_refusal, play_event
from .commands import ChooseGeneral, ChooseOption, ChooseSpace, Pass, PlayCard
from .components import (PROVINCES, SPACES, STRATEGY_CARDS, SeaTransport, TABLES, is_pass, link_between,
                         neighbours, turn as turn_row)
from .events import Frame
from .flow import Ctx, automatic, decision
from .forces import CITY_SPACES, attrition, end_game, lose_pcs, place_cu
from .march import activatable
from .options import MINOR_CAMPAIGN_OPS_SAIL
from .state import CARTHAGE, ISOLATION, POLITICAL, REINFORCEMENTS, ROME, STRATEGY, State, WINTER, other


LAST_TURN = len(TABLES.turns)
CAMPAIGN_CARDS = frozenset(n for n, c in STRATEGY_CARDS.items() if c.campaign)


# each card's three commands (ops, event, discard), built once: commands are frozen, a list may share them
_PLAYS = {n: tuple(PlayCard(card=n, use=use) for use in ("ops", "event", "discard")) for n in STRATEGY_CARDS}


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
        playable = event_playable
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
            why = event_refusal(s, f.seat, cmd.card)
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
            play_event(ctx, seat, cmd.card)
            return
        ctx.emit(ev.CardPlayed(seat=seat, card=cmd.card, use=cmd.use, removed=False))
        if card.kind == "truce":  # even as ops or discarded, it reshuffles the deck at the end of the turn (§8.7)
            ctx.emit(ev.MarkerSet(name="reshuffle", value=1))
        if cmd.use == "ops":
            ctx.push(Frame(kind="ops", seat=seat, card=cmd.card, count=card.ops))


@decision("ops", "use the card's operations: activate a general, place PCs or raise a CU (§8.2)")
class Ops:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        out: list = [ChooseGeneral(general=g) for g in activatable(s, f.seat, f.count)]
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
            ctx.begin("activation", f.seat, cmd.general, card=f.card, naval_cu=naval)
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
        elif c == foe and not truce and sp not in CITY_SPACES:  # an enemy plain PC (B.is_plain_pc)
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
