"""The events of the 64 strategy cards (§8.3-§8.5, §25), by kind.

Each card's ``kind`` (``data/strategy_cards.json``) names its effect; the effect's words are the
card's ``effect`` text, reconstructed where the rulebook only gives the title. This module says
when an event may be played (``event_playable`` for the strategy phase, ``counters_for`` for the
windows the rules open) and carries it out (``play_event``, ``play_counter``), with small frames
for the choices an event asks for (where to place, which army …).
"""

from __future__ import annotations

from . import board as B
from . import events as ev
from .army import army_lost, army_stack, mover
from .campaign import Campaign, campaign_has_moved, campaign_of
from .commands import ChooseGeneral, ChooseOption, ChooseSpace, Pass, PlayCounter
from .components import (Attrition, BattleCards, FlipCity, GENERALS, PROVINCES, Pcs, PlaceCu, SPACES,
                         STRATEGY_CARDS, neighbours)
from .events import Frame
from .flow import Ctx, decision
from .forces import attrition, lose_cu, neutralize, place_cu, reinforcement_allowed, with_generals
from .siege_train import move_siege_train, siege_train_spaces
from .state import CARTHAGE, ROME, SIDE_OF, State, other


ADRIATIC_PORTS = tuple(sp for sp, space in SPACES.items() if space.port and "adriaticum" in space.port.seas)
CAMPAIGN_SIZE = {"major": 3, "minor": 2}


# Kinds whose event is not carried out yet: playable for ops or as a discard only.
NOT_YET: frozenset[str] = frozenset()


def _card(n: int):
    return STRATEGY_CARDS[n]


def _target(card: int, kind: type):
    """The card's structured target of this kind (``data/strategy_cards.json`` "targets")."""
    return next(t for t in _card(card).targets if isinstance(t, kind))


def _provinces_of(t) -> tuple[str, ...]:
    """The provinces a target names, or those of the country it names."""
    if t.provinces:
        return tuple(t.provinces)
    return tuple(p for p, prov in PROVINCES.items() if t.country is not None and prov.country == t.country)


def side_may_play(card: int, seat: int) -> bool:
    side = _card(card).event_side
    return side == "both" or SIDE_OF[side] == seat


def hannibal_in_italy(s: State) -> bool:
    g = s.gens["hannibal"]
    return g.status == "map" and B.in_italy(g.where)


def event_playable(s: State, seat: int, card: int) -> bool:
    """May ``seat`` play ``card``'s event on its turn now (§8.3)?"""
    known = _PLAYABLE.get((card, seat))  # the answer when the position has no say in it
    return known if known is not None else not event_refusal(s, seat, card)


def event_refusal(s: State, seat: int, card: int) -> str:
    """Why ``seat`` may not play ``card``'s event on its turn now, in words for the player's error;
    "" when it may (§8.3, and each card's condition, §25)."""
    c = _card(card)
    if c.kind in NOT_YET:
        return "its event is not carried out yet"
    if not side_may_play(card, seat):
        return f"its event is {c.event_side.capitalize()}'s (§8.3)"
    if c.counter_event and c.kind != "hostile_tribes":
        return "it is a counter-event, played only in the window of an enemy move or a battle (§8.4)"
    k = c.kind
    if k == "hostile_tribes":
        return "" if hostile_tribes_targets(s, seat) else \
            "no enemy CU stand in Liguria or Gallia Transalpina (§8.4)"
    if k == "philip_v":
        if seat == CARTHAGE:
            return "" if not s.markers.get("macedonia") and card not in s.removed else \
                "Macedonia is already Carthage's ally (§25 #9)"
        return "" if s.markers.get("macedonia") else "Macedonia is not Carthage's ally (§25 #9)"
    if k in ("capua_sides_with_carthage", "i_have_come"):
        return "" if hannibal_in_italy(s) else "Hannibal is not in Italy"
    if k == "syracuse_sides_with_carthage":  # §25 #26: played only without Roman CU there
        return "" if B.cu_total(s, ROME, "syracusae") == 0 else "Roman CU stand in Syracusae (§25 #26)"
    if k == "native_guides":
        return "" if any(GENERALS[g].strategy <= 2 for g in B.generals_on_map(s, seat)) else \
            "no general of strategy rating 1 or 2 is on the map (§25 #5)"
    if k in ("forced_march",):
        return "" if any(GENERALS[g].strategy <= c.ops for g in B.generals_on_map(s, seat)) else \
            f"no general on the map has a strategy rating of {c.ops} or less (§8.2)"
    if k == "hannibal_charms_italy":
        return "" if s.gens["hannibal"].status == "map" else "Hannibal is not on the map"
    if k == "adriatic_pirates":
        return "" if _pirate_generals(s) else "no Carthaginian general stands in a port he may sail from"
    if k == "siege_train":
        return "" if siege_train_spaces(s) else \
            "no Carthaginian army (a general with CU) may receive the siege train (§25 #30)"
    if k == "senate_recalls_proconsul":
        return "" if any(s.gens[g].office == "proconsul" and g != "scipio_africanus"
                         for g in B.generals_on_map(s, ROME)) else "no proconsul but Scipio Africanus is on the map"
    if k == "traitor_in_tarentum":
        return "" if tarentum_army(s, card) else _tarentum_missing(s, card)
    return ""


# The kinds whose event ``event_refusal`` checks against the position; keep the two in step.
_CONDITIONAL = frozenset({"hostile_tribes", "philip_v", "capua_sides_with_carthage", "i_have_come",
                          "syracuse_sides_with_carthage", "native_guides", "forced_march", "hannibal_charms_italy",
                          "adriatic_pirates", "siege_train", "senate_recalls_proconsul", "traitor_in_tarentum"})


def _playable_whatever_the_position(card: int, seat: int) -> bool | None:
    """``event_refusal``'s answer where it does not look at the state (the card's side, a
    counter-event, a kind without a condition); None where it does."""
    c = _card(card)
    if c.kind in NOT_YET or not side_may_play(card, seat):
        return False
    if c.counter_event and c.kind != "hostile_tribes":
        return False
    return None if c.kind in _CONDITIONAL else True


_PLAYABLE = {(n, seat): _playable_whatever_the_position(n, seat) for n in STRATEGY_CARDS for seat in (ROME, CARTHAGE)}


def counters_for(s: State, seat: int, window: str) -> list[int]:
    """Counter-events ``seat`` holds and may play in this window (§8.4)."""
    out = []
    for card in sorted(set(s.hands[seat])):
        c = _card(card)
        if not side_may_play(card, seat):
            continue
        k = c.kind
        if window not in c.windows:
            continue
        if k == "adverse_elements" and window in ("enemy_pass_crossing", "enemy_naval_move"):
            if campaign_has_moved(s):
                continue  # against a campaign, only before its troops move (§25 #41, G15)
        if window == "enemy_campaign" and k == "adverse_elements":
            if adverse_candidates(s):
                out.append(card)  # declared at the start of the campaign (§25 #41, G15)
        elif window == "enemy_pass_crossing" and k == "adverse_elements":
            out.append(card)
        elif window == "enemy_naval_move" and k in ("storm_at_sea", "adverse_elements"):
            if k == "storm_at_sea" and seat != ROME:
                continue
            out.append(card)
        elif window == "enemy_movement" and k == "hostile_tribes":
            if _moving_in_tribes_country(s, card):
                out.append(card)
        elif window == "battle_preparation" and k in ("spy", "allies_desert", "ally_deserts"):
            if k == "allies_desert" and not _desertion_applies(s, seat, card):
                continue
            out.append(card)
        elif window == "elephant_charge" and k == "elephant_panic":
            out.append(card)
        elif window == "battle_round" and k == "ally_deserts":
            b = s.battle
            if b is not None and sum(b.hands[other(seat)].values()) > 0:
                out.append(card)
    return out


def _moving_in_tribes_country(s: State, card: int) -> bool:
    """#7-8 against a moving army: only while it stands in one of the card's provinces (Liguria,
    Gallia Transalpina, §8.4, §25); a reaction window opened elsewhere does not offer it."""
    return SPACES[mover(s).space].province in _target(card, Attrition).provinces


def _desertion_applies(s: State, seat: int, card: int) -> bool:
    return s.battle is not None


def _remove_after_event(s: State, card: int, seat: int) -> bool:
    c = _card(card)
    if c.kind == "philip_v":
        return seat == ROME
    return c.one_time


def _announce(ctx: Ctx, seat: int, card: int, use: str) -> None:
    s = ctx.s
    ctx.emit(ev.CardPlayed(seat=seat, card=card, use=use, removed=_remove_after_event(s, card, seat)))
    if _card(card).kind == "truce":  # §8.7: however the Truce is played
        ctx.emit(ev.MarkerSet(name="reshuffle", value=1))


def _break_truce(ctx: Ctx, card: int) -> None:
    if ctx.s.markers.get("truce") and _card(card).breaks_truce:
        ctx.emit(ev.MarkerSet(name="truce", value=0))  # #64: this event ends the Truce


# §25 #64: a breaking event played when nothing comes of it leaves the Truce in force (ruling G19).
# Something comes of it when it changes the game: a PC, a CU, a marker, a die rolled, a card seen
# or lost. An event that first asks a choice (where to place, which army) ends the Truce only with
# the choice's first effect (``EventPcs``, ``EventCu``, ``EventSpace`` call ``_break_truce``), so
# a player who stops before flipping any PC leaves the Truce as it was.
def play_event(ctx: Ctx, seat: int, card: int) -> None:
    """The event of ``card`` on ``seat``'s turn."""
    _announce(ctx, seat, card, "event")
    emitted = len(ctx.out)
    EFFECTS[_card(card).kind](ctx, seat, card)
    if len(ctx.out) > emitted:
        _break_truce(ctx, card)


def play_counter(ctx: Ctx, seat: int, card: int) -> None:
    """A counter-event; of them only Hostile Tribes ends a Truce, and only if its roll is made."""
    _announce(ctx, seat, card, "counter")
    emitted = len(ctx.out)
    COUNTERS[_card(card).kind](ctx, seat, card)
    if len(ctx.out) > emitted:
        _break_truce(ctx, card)


def event_pc_spaces(s: State, f: Frame) -> list[str]:
    """Spaces the pending PC event may act on."""
    seat, card = f.seat, f.card
    k = _card(card).kind
    e = other(seat)
    out = []
    if k in ("revolt", "numidian_ally"):
        provs = _target(card, Pcs).provinces
        if f.space:
            provs = (f.space,)
        for sp, space in SPACES.items():
            if space.province not in provs or sp in s.tribes or B.cu_total(s, e, sp) > 0:
                continue
            c = s.control.get(sp, -1)
            if c < 0 or (c == e and B.is_plain_pc(s, sp)):
                out.append(sp)
    elif k == "diplomacy":
        out = [sp for sp in B.plain_pcs(s, e) if B.cu_total(s, e, sp) == 0]
    elif k == "i_have_come":
        h = s.gens["hannibal"].where
        out = [sp for sp in neighbours(h) if sp not in s.control and sp not in s.tribes and B.cu_total(s, ROME, sp) == 0]
    elif k == "capua_sides_with_carthage":
        out = [sp.id for sp in SPACES.values() if sp.province == "campania" and sp.id not in s.control
               and sp.id not in s.tribes and B.cu_total(s, ROME, sp.id) == 0]
    elif k == "grain_shortage":
        out = [sp for sp in B.plain_pcs(s, e) if B.cu_total(s, e, sp) == 0
               and (not f.space or SPACES[sp].province == f.space)]
    return sorted(out)


@decision("event_pcs", "choose a space for the event's PC, or stop")
class EventPcs:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseSpace(space=sp) for sp in event_pc_spaces(s, f)] + [Pass()]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        if isinstance(cmd, Pass):
            ctx.done(f)
            return
        s = ctx.s
        k = _card(f.card).kind
        _break_truce(ctx, f.card)  # the event's first effect (§25 #64)
        if k == "grain_shortage":
            ctx.emit(ev.ControlChanged(space=cmd.space, side=-1, cause="event"))
            f.space = SPACES[cmd.space].province
        else:
            ctx.emit(ev.ControlChanged(space=cmd.space, side=f.seat, cause="event"))
            if _target(f.card, Pcs).same_province and not f.space:
                f.space = SPACES[cmd.space].province  # one province of those named (card 3)
        if k == "numidian_ally" and s.control.get(cmd.space) == f.seat and "flip" in f.flags:
            pass
        f.count -= 1
        if f.count <= 0:
            ctx.done(f)


def _pcs(ctx: Ctx, seat: int, card: int, count: int) -> None:
    f = Frame(kind="event_pcs", seat=seat, card=card, count=count)
    if event_pc_spaces(ctx.s, f):
        ctx.push(f)


def _sophonisba(ctx: Ctx, seat: int, card: int) -> None:
    s = ctx.s
    for sp in sorted(B.plain_pcs(s, ROME)):
        if SPACES[sp].province == "numidia_occidentalis" and B.cu_total(s, ROME, sp) == 0:
            ctx.emit(ev.ControlChanged(space=sp, side=CARTHAGE, cause="event"))


def _city_flip(ctx: Ctx, side: int, space: str, eliminate_inside: bool) -> None:
    """The city in ``space`` becomes ``side``'s. The enemy inside is eliminated (CU lost, generals
    neutralized as when a siege takes a city, §20.8) or steps outside the walls."""
    s = ctx.s
    e = other(side)
    u = B.cu_of(s, e, space)
    inside_gens = tuple(B.generals_at(s, e, space, True))
    if eliminate_inside:
        if u.icu:
            lose_cu(ctx, e, space, u.icu, "event", inside=True)
        for g in inside_gens:
            neutralize(ctx, g, "event")
    elif u.icu or inside_gens:
        ctx.emit(ev.UnitsMoved(side=e, origin=space, space=space, count=u.icu, elephants=u.iel,
                               generals=inside_gens, from_inside=True, to_inside=False, how="leave_city"))
    if space in s.sieges:
        ctx.emit(ev.SiegePoints(space=space, side=s.sieges[space].side, points=0))
    ctx.emit(ev.ControlChanged(space=space, side=side, cause="event"))


def _capua(ctx: Ctx, seat: int, card: int) -> None:
    if ctx.s.control.get("capua", -1) != CARTHAGE:
        # G33: a garrison that would step out among Carthaginian CU is lost instead (§10.7, §10.10).
        _city_flip(ctx, CARTHAGE, "capua", eliminate_inside=B.cu_outside(ctx.s, CARTHAGE, "capua") > 0)
    _pcs(ctx, seat, card, 2)


def _syracuse(ctx: Ctx, seat: int, card: int) -> None:
    s = ctx.s
    if B.cu_total(s, ROME, "syracusae") == 0 and s.control.get("syracusae", -1) != CARTHAGE:
        _city_flip(ctx, CARTHAGE, "syracusae", eliminate_inside=True)


def tarentum_army(s: State, card: int) -> bool:
    """#18 (§25, ruling G24): a Carthaginian army, a general with at least the card's CU, stands
    outside the walls of Tarentum, and the city is not Carthaginian yet."""
    t = _target(card, FlipCity)
    return all(B.cu_outside(s, CARTHAGE, sp) >= t.min_cu and B.generals_at(s, CARTHAGE, sp, False)
               and s.control.get(sp, -1) != CARTHAGE for sp in t.spaces)


def _tarentum_missing(s: State, card: int) -> str:
    t = _target(card, FlipCity)
    names = " and ".join(SPACES[sp].name for sp in t.spaces)
    if any(s.control.get(sp, -1) == CARTHAGE for sp in t.spaces):
        return f"{names} is Carthaginian already (§25 #{card})"
    return f"it needs a Carthaginian army, a general with at least {t.min_cu} CU, in the {names} space (§25 #{card})"


def _tarentum(ctx: Ctx, seat: int, card: int) -> None:
    """#18: a Carthaginian army (a general with at least 3 CU) in the Tarentum space; the event is
    offered only then (``tarentum_army``)."""
    if tarentum_army(ctx.s, card):
        for sp in _target(card, FlipCity).spaces:
            _city_flip(ctx, CARTHAGE, sp, eliminate_inside=True)


def traitor_cities(s: State, seat: int) -> list[str]:
    e = other(seat)
    return sorted(sp for sp in SPACES if B.is_city_space(sp) and s.control.get(sp, -1) == e
                  and sp not in ("roma", "carthago") and B.cu_outside(s, seat, sp) >= 3)


def _traitor(ctx: Ctx, seat: int, card: int) -> None:
    spaces = traitor_cities(ctx.s, seat)
    if spaces:
        ctx.push(Frame(kind="event_space", seat=seat, card=card, spaces=spaces))


def _place(ctx: Ctx, seat: int, card: int, spaces: list[str], count: int, elephants: int = 0) -> None:
    if not spaces or count <= 0:
        return
    ctx.push(Frame(kind="event_cu", seat=seat, card=card, count=count, nums=[elephants], spaces=spaces))


@decision("event_cu", "choose where the event's CU are placed")
class EventCu:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseSpace(space=sp) for sp in f.spaces]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        _break_truce(ctx, f.card)  # the event's effect (§25 #64): the space offered has room for them
        place_cu(ctx, f.seat, cmd.space, f.count, f.nums[0] if f.nums else 0, "event")


def _province_in(provs):
    return lambda sp: SPACES[sp].province in provs


def _cu_event(ctx: Ctx, seat: int, card: int) -> None:
    s = ctx.s
    k = _card(card).kind
    if k == "macedonian_reinforcements":
        spaces = with_generals(s, CARTHAGE, lambda sp: B.in_italy(sp) and SPACES[sp].port is not None)
        _place(ctx, seat, card, spaces, 3 if s.markers.get("macedonia") else 2)
    elif k == "balearic_slingers":
        _place(ctx, seat, card, with_generals(s, CARTHAGE, lambda sp: True),
               2 if B.controls_province(s, CARTHAGE, "baleares") else 1)
    elif k == "african_reinforcements":
        if reinforcement_allowed(s, CARTHAGE, "carthago") and B.friendly_pc(s, CARTHAGE, "carthago"):
            el_on_map = sum(u.el + u.iel for u in s.units[CARTHAGE].values())
            el = 2 if el_on_map <= 2 else max(0, 4 - el_on_map)  # §17.1: at most 2 counters (4 CU)
            place_cu(ctx, CARTHAGE, "carthago", 2 + el, el, "event")
    elif k == "recruits":
        t = _target(card, PlaceCu)
        tribe = t.while_friendly_tribe
        if tribe and s.tribes.get(tribe, -1) != CARTHAGE:
            return  # the tribe friendly to Carthage; once submitted it never comes back (§20.8)
        _place(ctx, seat, card, with_generals(s, CARTHAGE, _province_in(_provinces_of(t))), t.count)
    elif k == "muttines":
        _place(ctx, seat, card, with_generals(
            s, CARTHAGE, lambda sp: SPACES[sp].province in ("sicilia", "syracusae") or B.country(sp) == "africa"), 2)
    elif k == "slave_legions":
        spaces = set(with_generals(s, ROME, B.in_italy))
        if B.friendly_pc(s, ROME, "roma") and reinforcement_allowed(s, ROME, "roma"):
            spaces.add("roma")
        _place(ctx, seat, card, sorted(spaces), 2)
    elif k == "allied_auxiliaries":
        t = _target(card, PlaceCu)
        n = t.count + (1 if B.controls_province(s, ROME, t.extra_if_controls) else 0)
        _place(ctx, seat, card, with_generals(s, ROME, B.in_italy), n)


def enemy_forces(s: State, seat: int, where=lambda s, sp: True) -> list[str]:
    """Spaces where the enemy has CU, outside or inside the walls of a city (§10.7: a city is a
    space within a space, and its garrison a force of its own)."""
    e = other(seat)
    return sorted(sp for sp, u in s.units[e].items() if (u.cu > 0 or u.icu > 0) and where(s, sp))


def army_inside(s: State, side: int, space: str) -> bool | None:
    """Where the side has an army in ``space`` (§3, §10.1: a general with CU stacked with him):
    outside the walls (False), inside (True), or nowhere (None)."""
    u = B.cu_of(s, side, space)
    if u.cu > 0 and B.generals_at(s, side, space, False):
        return False
    if u.icu > 0 and B.generals_at(s, side, space, True):
        return True
    return None


def _attrition_event(ctx: Ctx, seat: int, card: int) -> None:
    """#21, #51-52: the card's player picks the enemy force that rolls (§21.1, §25). #21 strikes CU
    and spares every Carthaginian CU in the space of a Carthaginian city, inside or outside the
    walls (§25 #21): CU inside a city stand in their own city's space, so #21 never reaches them.
    #51-52 name an army: a general with CU (§3), outside the walls or inside them (G25)."""
    s = ctx.s
    k = _card(card).kind
    if k == "mercenaries_desert":
        spaces = enemy_forces(s, seat, lambda s, sp: not (B.is_city_space(sp) and B.friendly_pc(s, CARTHAGE, sp)))
    else:
        spaces = enemy_forces(s, seat, lambda s, sp: army_inside(s, other(seat), sp) is not None)
    if spaces:
        ctx.push(Frame(kind="event_space", seat=seat, card=card, spaces=spaces))


def hostile_tribes_targets(s: State, seat: int) -> list[str]:
    """#7-8: enemy CU, with or without a general, in Liguria or Gallia Transalpina (§8.4, §25);
    the rulebook spares no garrison, though no city stands in those provinces on our map."""
    return enemy_forces(s, seat, lambda s, sp: SPACES[sp].province in ("liguria", "gallia_transalpina"))


def _hostile_tribes_turn(ctx: Ctx, seat: int, card: int) -> None:
    spaces = hostile_tribes_targets(ctx.s, seat)
    if spaces:
        ctx.push(Frame(kind="event_space", seat=seat, card=card, spaces=spaces))


def own_besieged(s: State, seat: int, port_only: bool = False) -> list[str]:
    return sorted(sp for sp, sg in s.sieges.items() if B.is_city_space(sp) and sg.side == other(seat)
                  and B.friendly_pc(s, seat, sp) and (not port_only or (SPACES[sp].port and sp != "capua")))


def _siege_relief(ctx: Ctx, seat: int, card: int) -> None:
    s = ctx.s
    k = _card(card).kind
    if k == "tribal_resistance":
        spaces = sorted(sp for sp, sg in s.sieges.items() if sp in s.tribes and sg.side == other(seat))
    else:
        spaces = own_besieged(s, seat, port_only=k == "fleet_breaks_siege")
    if spaces:
        ctx.push(Frame(kind="event_space", seat=seat, card=card, spaces=spaces))


@decision("event_space", "choose the space the event acts on")
class EventSpace:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseSpace(space=sp) for sp in f.spaces]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        _break_truce(ctx, f.card)  # the event's effect (§25 #64)
        s = ctx.s
        k = _card(f.card).kind
        sp = cmd.space
        e = other(f.seat)
        if k in ("mercenaries_desert", "epidemic", "hostile_tribes"):
            # The force outside the walls, else the garrison (#51-52: the side of the walls where
            # the army stands). (A side has CU on both sides of the walls only while the enemy
            # stands in the space too, and then a battle follows at once: never when a card is
            # played on one's turn, state._tidy.)
            u = B.cu_of(s, e, sp)
            inside = bool(army_inside(s, e, sp)) if k == "epidemic" else u.cu == 0
            _event_attrition(ctx, k, e, sp, inside=inside)
        elif k in ("surprise_sortie", "fleet_breaks_siege", "tribal_resistance"):
            sg = s.sieges[sp]
            ctx.emit(ev.SiegePoints(space=sp, side=sg.side, points=0))
            if k != "fleet_breaks_siege" and B.cu_outside(s, sg.side, sp) > 0:
                lose_cu(ctx, sg.side, sp, 1, "event")
        elif k == "traitor_in_city":
            _city_flip(ctx, f.seat, sp, eliminate_inside=True)
        elif k == "siege_train":
            move_siege_train(ctx, sp)


def _event_attrition(ctx: Ctx, kind: str, side: int, space: str, inside: bool) -> None:
    """The chosen force rolls: for its size (§21.2), or on the hostile-tribes column (§21.3)."""
    u = B.cu_of(ctx.s, side, space)
    size = u.icu if inside else u.cu
    attrition(ctx, side, space, size, 0, kind, hostile_tribes=kind == "hostile_tribes", inside=inside)


def _siege_train(ctx: Ctx, seat: int, card: int) -> None:
    spaces = siege_train_spaces(ctx.s)
    if spaces:
        ctx.push(Frame(kind="event_space", seat=seat, card=card, spaces=spaces))


def _marker(name: str):
    def effect(ctx: Ctx, seat: int, card: int) -> None:
        ctx.emit(ev.MarkerSet(name=name, value=1))
    return effect


def _counsel(ctx: Ctx, seat: int, card: int) -> None:
    restrained = "carthage" if seat == ROME else "rome"
    ctx.emit(ev.MarkerSet(name="counsel_" + restrained, value=1))
    if ctx.s.markers.get("counsel_" + restrained + "_ends"):
        ctx.emit(ev.MarkerSet(name="counsel_" + restrained + "_ends", value=0))


def _philip(ctx: Ctx, seat: int, card: int) -> None:
    s = ctx.s
    if seat == CARTHAGE:
        ctx.emit(ev.MarkerSet(name="macedonia", value=1))
        return
    if s.markers.get("macedonia"):
        ctx.emit(ev.MarkerSet(name="macedonia", value=0))
        _random_discard(ctx, CARTHAGE)


def _random_discard(ctx: Ctx, seat: int) -> None:
    hand = sorted(ctx.s.hands[seat])
    if hand:
        card = ctx.rng.choice(hand)
        ctx.emit(ev.CardLost(seat=seat, card=card))
        if _card(card).kind == "truce":  # §8.7: a discarded Truce reshuffles the deck too (G80)
            ctx.emit(ev.MarkerSet(name="reshuffle", value=1))


def _messenger(ctx: Ctx, seat: int, card: int) -> None:
    s = ctx.s
    e = other(seat)
    hand = tuple(sorted(s.hands[e]))
    if not hand:
        return  # nothing to see, nothing to lose: the event does nothing (§25 #64)
    ctx.emit_private(ev.HandSeen(viewer=seat, seat=e, cards=hand), (seat, e),
                     ev.HandSeenRedacted(viewer=seat, seat=e, count=len(hand)))
    _random_discard(ctx, e)


def _recall(ctx: Ctx, seat: int, card: int) -> None:
    s = ctx.s
    for g in B.generals_on_map(s, ROME):
        if s.gens[g].office == "proconsul" and g != "scipio_africanus":
            ctx.emit(ev.OfficeChanged(general=g, office=""))
            ctx.emit(ev.GeneralOff(general=g, to="cup", cause="event"))


def _truce(ctx: Ctx, seat: int, card: int) -> None:
    ctx.emit(ev.MarkerSet(name="truce", value=1))


def _campaign(ctx: Ctx, seat: int, card: int) -> None:
    ctx.push(Frame(kind="campaign", seat=seat, card=card, count=CAMPAIGN_SIZE[_card(card).campaign]))
    if ctx.s.hands[other(seat)]:  # G12: the window opens for any hand (its size is public)
        ctx.push(Frame(kind="campaign_window", seat=other(seat), card=card))


# Card 41 against a campaign (§25 #41, ruling G15): declared before any of the campaign's troops
# move, it slows one army, that of the general it names. The campaign frame keeps the name (flag
# ``adverse:<general>``); his army may not sail, nor cross a pass or strait with its 3rd or 4th MP
# (``campaign.slowed``). CU he leaves behind are not slowed when another general takes them on.
@decision("campaign_window", "play a counter-event at the start of the enemy campaign (Adverse Elements), or pass")
class CampaignWindow:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [PlayCounter(card=c) for c in counters_for(s, f.seat, "enemy_campaign")] + [Pass()]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        if not isinstance(cmd, Pass):
            play_counter(ctx, f.seat, cmd.card)


def adverse_candidates(s: State) -> list[str]:
    """The generals the campaign under way may still activate: the armies card 41 may slow."""
    camp = campaign_of(s)
    if camp is None:
        return []
    return [c.general for c in Campaign.legal(s, camp) if isinstance(c, ChooseGeneral)]


def _declare_adverse(ctx: Ctx, seat: int, card: int) -> None:
    gens = adverse_candidates(ctx.s)
    if len(gens) == 1:
        _name_adverse(ctx, gens[0])
    elif gens:
        ctx.push(Frame(kind="adverse_army", seat=seat, card=card, generals=gens))


def _name_adverse(ctx: Ctx, general: str) -> None:
    campaign_of(ctx.s).flags.append("adverse:" + general)


@decision("adverse_army", "name the enemy general whose army Adverse Elements slows in this campaign")
class AdverseArmy:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseGeneral(general=g) for g in f.generals]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        _name_adverse(ctx, cmd.general)


@decision("event_general", "choose the general the event activates")
class EventGeneral:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseGeneral(general=g) for g in f.generals]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        card = _card(f.card)
        k = card.kind
        flags = ("event",)
        mp = 4
        naval = 0
        if k == "forced_march":
            mp = 6
            naval = 5 if card.ship else 0
            flags += ("forced",) + (("double_sail",) if card.ship else ())
        elif k == "native_guides":
            flags += ("native_guides",)
        elif k == "hannibal_charms_italy":
            flags += ("charm",)
        elif k == "adriatic_pirates":
            flags += ("pirates",)
            mp, naval = 3, 5
        ctx.begin("activation", f.seat, cmd.general, card=f.card, naval_cu=naval, mp=mp, flags=flags)


def _activation_event(ctx: Ctx, seat: int, card: int) -> None:
    s = ctx.s
    c = _card(card)
    if c.kind == "forced_march":
        gens = [g for g in B.generals_on_map(s, seat) if GENERALS[g].strategy <= c.ops]
    elif c.kind == "native_guides":
        gens = [g for g in B.generals_on_map(s, seat) if GENERALS[g].strategy <= 2]
    else:
        gens = ["hannibal"] if s.gens["hannibal"].status == "map" else []
    if gens:
        ctx.push(Frame(kind="event_general", seat=seat, card=card, generals=gens))


def _pirate_generals(s: State) -> list[str]:
    """#50: Carthaginian generals in a port who may sail to an Adriatic port: not out of a besieged
    city (§11.3), nor out of their city while enemy CU stand outside (§10.7), nor confined away
    from every Adriatic port (Hanno, §24)."""
    out = []
    for g in B.generals_on_map(s, CARTHAGE):
        st, confined = s.gens[g], GENERALS[g].confined_to
        if SPACES[st.where].port is None:
            continue
        if st.inside and (B.besieged(s, st.where) or B.cu_outside(s, ROME, st.where) > 0):
            continue
        if confined is not None and not any(B.country(p) == confined for p in ADRIATIC_PORTS if p != st.where):
            continue
        out.append(g)
    return out


def _pirates(ctx: Ctx, seat: int, card: int) -> None:
    """#50: a Carthaginian general in a port, with up to 5 CU, sails to an Adriatic port with no
    naval-combat roll; the army is formed as for any activation and its landing meets the
    reaction phase (§10.3, §12.2)."""
    gens = _pirate_generals(ctx.s)
    if gens:
        ctx.push(Frame(kind="event_general", seat=seat, card=card, generals=gens))


def _storm(ctx: Ctx, seat: int, card: int) -> None:
    """#60: the sailing CU roll attrition for their size; generals are unharmed and, if every CU is
    lost, stay in the port of embarkation (not neutralized)."""
    mv = mover(ctx.s)
    if mv.count:
        before = mv.count
        # an army sailing straight out of its own city (§11.3) loses CU from inside the walls
        lost = attrition(ctx, mv.seat, mv.space, mv.count, 0, "storm", inside="inside" in mv.flags)
        mv.count = max(0, before - lost)
        mv.nums[0] = min(mv.nums[0], mv.count, army_stack(ctx.s, mv)[1])
        if mv.count == 0:
            mv.flags.append("storm_lost_all")


def _weather(ctx: Ctx, seat: int, card: int) -> None:
    if ctx.top.kind == "campaign":  # declared at the start of the campaign, before any move
        _declare_adverse(ctx, seat, card)
        return
    mover(ctx.s).flags.append("weather")


def _tribes_counter(ctx: Ctx, seat: int, card: int) -> None:
    """#7-8 against the moving army: it rolls on the hostile-tribes column (§21.3)."""
    mv = mover(ctx.s)
    if mv.count:
        before = mv.count
        lost = attrition(ctx, mv.seat, mv.space, mv.count, 0, "hostile_tribes", hostile_tribes=True)
        army_lost(ctx, mv, lost, before)


def _spy(ctx: Ctx, seat: int, card: int) -> None:
    ctx.find("battle_deal").flags.append(f"spy:{seat}")


def spy_reveal(ctx: Ctx, deal: Frame) -> None:
    """#20: the opponent shows half his battle cards (rounded up), drawn at random."""
    s = ctx.s
    for fl in deal.flags:
        if not fl.startswith("spy:"):
            continue
        viewer = int(fl.split(":")[1])
        e = other(viewer)
        hand = sorted(c for c, n in s.battle.hands[e].items() for _ in range(n))
        shown = tuple(sorted(ctx.rng.shuffled(hand)[: (len(hand) + 1) // 2]))
        if shown:
            ctx.emit(ev.BattleCardsShown(seat=e, cards=shown))


def _allies_desert(ctx: Ctx, seat: int, card: int) -> None:
    """#31-32: the opponent (only) is dealt no cards for his Spanish or Numidian allies."""
    deal = ctx.find("battle_deal")
    for p in _provinces_of(_target(card, BattleCards)):
        deal.flags.append(f"deny:{p}:{other(seat)}")


def _ally_deserts(ctx: Ctx, seat: int, card: int) -> None:
    """#59: one battle card drawn at random from the opponent's hand; while card 20 shows some of
    his cards, the player may take one of those instead (§25 #59)."""
    s = ctx.s
    if s.battle is None or not s.battle.hands[other(seat)]:
        deal = ctx.find("battle_deal")
        if deal is not None:
            deal.nums[seat] += 1
            deal.nums[other(seat)] -= 1
        return
    if s.battle.shown[other(seat)]:
        ctx.push(Frame(kind="ally_deserts_pick", seat=seat, card=card))
        return
    _take_hidden(ctx, seat)


def _hidden_cards(s: State, e: int) -> list[str]:
    b = s.battle
    return sorted(c for c, n in b.hands[e].items() for _ in range(n - b.shown[e].get(c, 0)))


def _take_hidden(ctx: Ctx, seat: int) -> None:
    e = other(seat)
    hidden = _hidden_cards(ctx.s, e)
    ctx.emit(ev.BattleCardTaken(seat=e, card=ctx.rng.choice(hidden)))


@decision("ally_deserts_pick", "take one of the opponent's face-up battle cards, or one of his hidden ones at random (card 59)")
class AllyDesertsPick:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        e = other(f.seat)
        out = [ChooseOption(option=t) for t in sorted(s.battle.shown[e])]
        if _hidden_cards(s, e):
            out.append(ChooseOption(option="hidden"))
        return out

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        if cmd.option == "hidden":
            _take_hidden(ctx, f.seat)
        else:
            ctx.emit(ev.BattleCardTaken(seat=other(f.seat), card=cmd.option))


def _panic(ctx: Ctx, seat: int, card: int) -> None:
    deal = ctx.find("battle_deal")
    deal.flags.append("panic")
    deal.nums[CARTHAGE] -= 1


EFFECTS = {
    "revolt": lambda ctx, seat, card: _pcs(ctx, seat, card, 2),
    "numidian_ally": lambda ctx, seat, card: _pcs(ctx, seat, card, 2),
    "diplomacy": lambda ctx, seat, card: _pcs(ctx, seat, card, 2),
    "i_have_come": lambda ctx, seat, card: _pcs(ctx, seat, card, 3),
    "grain_shortage": lambda ctx, seat, card: _pcs(ctx, seat, card, 2),
    "sophonisba": _sophonisba,
    "capua_sides_with_carthage": _capua,
    "syracuse_sides_with_carthage": _syracuse,
    "traitor_in_tarentum": _tarentum,
    "traitor_in_city": _traitor,
    "macedonian_reinforcements": _cu_event, "balearic_slingers": _cu_event, "african_reinforcements": _cu_event,
    "recruits": _cu_event, "muttines": _cu_event, "slave_legions": _cu_event, "allied_auxiliaries": _cu_event,
    "mercenaries_desert": _attrition_event, "epidemic": _attrition_event,
    "hostile_tribes": _hostile_tribes_turn,
    "surprise_sortie": _siege_relief, "fleet_breaks_siege": _siege_relief, "tribal_resistance": _siege_relief,
    "naval_victory": _marker("naval_victory"),
    "counsel": _counsel,
    "philip_v": _philip,
    "messenger_intercepted": _messenger,
    "senate_recalls_proconsul": _recall,
    "truce": _truce,
    "major_campaign": _campaign, "minor_campaign": _campaign,
    "forced_march": _activation_event, "native_guides": _activation_event, "hannibal_charms_italy": _activation_event,
    "adriatic_pirates": _pirates,
    "siege_train": _siege_train,
}

COUNTERS = {
    "storm_at_sea": _storm,
    "adverse_elements": _weather,
    "hostile_tribes": _tribes_counter,
    "spy": _spy,
    "allies_desert": _allies_desert,
    "ally_deserts": _ally_deserts,
    "elephant_panic": _panic,
}


# Card 28 on the march: the PC Hannibal declared he removes (``march._charm_may_remove``) goes
# when he leaves its space, by land or sea, and stays if he does not.
def charm_leaves(ctx: Ctx, mv: Frame, origin: str) -> None:
    """Card 28: Hannibal leaves ``origin``: the PC he paid for goes."""
    if "charm_pending" in mv.flags:
        mv.flags.remove("charm_pending")
        if B.enemy_pc(ctx.s, mv.seat, origin) and B.is_plain_pc(ctx.s, origin):
            ctx.emit(ev.ControlChanged(space=origin, side=-1, cause="event"))


def charm_stays(mv: Frame) -> None:
    """Card 28: the move ends where it is (a cancelled or turned-back sea leg): nothing removed."""
    if "charm_pending" in mv.flags:
        mv.flags.remove("charm_pending")
