"""The printed components of Hannibal: Rome vs Carthage, as typed data (DESIGN.md principle 5).

Seven files under ``data/`` hold them, each decoded strictly into the frozen structs below at import:

- ``map.json``: provinces, spaces (ports, walled cities, tribes, starting control), links, seas;
- ``coasts.json``: coastlines, used only to draw the map;
- ``generals.json``, ``strategy_cards.json``, ``battle_cards.json``, ``tables.json``, ``setup.json``.

Every record names its source: a rulebook section ("§11.6") or ``"reconstructed"`` for what the
project authored; ``sources`` overrides the source of single fields. The README tells which is which
and records the rulings. Cross-references are checked at import; a broken file raises
``ComponentDataError`` naming every problem (the loader, the record base and the provenance checks
are ``engine.data``'s; the structs and the cross-references are this game's).

The helpers at the end are named the way the rulebook speaks: ``spaces_in_province``,
``neighbours``, ``is_port``, ``province_control_threshold``, ``attrition_losses`` ...
"""

from __future__ import annotations

import heapq
import math
from collections import deque
from functools import cache
from typing import Literal

import msgspec

from engine.data import ComponentDataError, Record, load_checked, source_problems, unique  # noqa: F401 - its error

PACKAGE = "engine.games.hannibal"

Side = Literal["rome", "carthage"]
EventSide = Literal["rome", "carthage", "both"]
Country = Literal["africa", "spain", "italy"]
LinkKind = Literal["ordinary", "alpine_pass", "pass", "strait"]  # pass = col non alpin
PASS_KINDS = ("alpine_pass", "pass")
SECTIONS = ("§",)  # every source is a rulebook section ("§11.6") or starts with "reconstructed"


# ---------------------------------------------------------------------------------------- map


class Province(Record, frozen=True, kw_only=True):
    id: str
    name: str
    country: Country | None  # §3: Africa, Spain, Italy; None for the rest
    scoring: bool  # one of the 18 provinces worth a political point (§22.1, §26)
    control_threshold: int  # PCs needed to control it (§26); a majority of its spaces (§19.1)
    ally_cards: int  # battle cards its allies give (§14.2)
    island: str | None  # island provinces: allies fight only on their island (§14.2)


class Port(Record, frozen=True, kw_only=True):
    naval_modifier: int  # added to Rome's naval-combat roll, at embarkation and landing (§11.6)
    seas: tuple[str, ...]  # the seas it opens on (a drawing and connectivity aid; §11.1 sails port to port)


class City(Record, frozen=True, kw_only=True):  # ville (fortifiée), a square space
    capacity: int  # CU inside the walls (§10.7)
    siege_modifier: int  # added to siege rolls against it (§20.1)


class Tribe(Record, frozen=True, kw_only=True):  # tribu, a hexagonal space
    name: str
    friendly_to: Side | None  # Boii, Insubres, Bruttii start friendly to Carthage (§20.9)
    submission_modifier: int  # added to submission rolls against it (§20.1)


class Space(Record, frozen=True, kw_only=True):
    id: str
    name: str
    province: str
    lon: float  # approximate ancient site
    lat: float
    x: float  # drawing position (projection of lon/lat, nudged where crowded)
    y: float
    start_control: Side | None  # political control at set-up (§4.1, §4.2, §20.9)
    port: Port | None = None
    city: City | None = None
    tribe: Tribe | None = None


class Link(Record, frozen=True, kw_only=True):
    a: str
    b: str
    kind: LinkKind
    name: str | None = None
    control_required: tuple[str, ...] = ()  # an army crosses only if its side controls these (§10.6)


class Sea(Record, frozen=True, kw_only=True):
    id: str
    name: str
    lon: float  # where its name is drawn
    lat: float
    adjacent: tuple[str, ...]


class Projection(Record, frozen=True, kw_only=True):
    lon_min: float
    lon_max: float
    lat_min: float
    lat_max: float
    lat_ref: float
    scale: float  # drawing units per degree of latitude

    def project(self, lon: float, lat: float) -> tuple[float, float]:
        x = (lon - self.lon_min) * math.cos(math.radians(self.lat_ref)) * self.scale
        return x, (self.lat_max - lat) * self.scale

    @property
    def size(self) -> tuple[float, float]:
        return self.project(self.lon_max, self.lat_min)


class MapData(Record, frozen=True, kw_only=True):
    game: str
    note: str
    projection: Projection
    provinces: tuple[Province, ...]
    spaces: tuple[Space, ...]
    links: tuple[Link, ...]
    seas: tuple[Sea, ...]


class Coast(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    points: tuple[tuple[float, float], ...]  # (lon, lat)


class CoastData(Record, frozen=True, kw_only=True):
    game: str
    note: str
    polygons: tuple[Coast, ...]


# ---------------------------------------------------------------------------- structured effects
# Closed vocabularies (README, "Structured effects"): msgspec rejects an unknown ``kind`` or field at
# import; the cross-reference checks below reject an unknown province, space, general, sea or card.

RatingRoll = Literal["interception", "avoid_battle", "pursuit", "counterattack", "withdrawal", "stop_withdrawal"]
BattleCardTypeId = Literal["frontal_assault", "flank_left", "flank_right", "probe", "double_envelopment", "reserve"]


class Effect(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, tag_field="kind"):
    """Base of the structured effects of abilities and events."""


# -- general abilities (§24) --


class RollBonus(Effect, frozen=True, kw_only=True, tag="roll_bonus"):
    rolls: tuple[RatingRoll, ...]  # die <= battle rating rolls for which his rating counts `amount` higher
    amount: int


class ExtraBattleCards(Effect, frozen=True, kw_only=True, tag="extra_battle_cards"):
    when: Literal["intercepted_successfully", "battle_in_country"]
    amount: int  # on top of the cards of §14.1
    country: Country | None = None  # for battle_in_country


class NoPassAttrition(Effect, frozen=True, kw_only=True, tag="no_pass_attrition"):
    pass


class SiegeModifier(Effect, frozen=True, kw_only=True, tag="siege_modifier"):
    amount: int  # added to his siege rolls (sieges only, §24)


class SiegePointsPerSuccess(Effect, frozen=True, kw_only=True, tag="siege_points_per_success"):
    amount: int  # siege points a successful siege roll earns (sieges only, §24)


class ProbeAs(Effect, frozen=True, kw_only=True, tag="probe_as"):
    types: tuple[BattleCardTypeId, ...]  # a Probe may be played as one of these
    per_battle: int


class RetreatLossReduction(Effect, frozen=True, kw_only=True, tag="retreat_loss_reduction"):
    amount: int  # fewer retreat-table losses, never below 0


class RemoveEnemyPc(Effect, frozen=True, kw_only=True, tag="remove_enemy_pc"):
    count: int
    per: Literal["activation"]
    where: Literal["space_entered"]
    country: Country | None = None
    not_if: Literal["battle"] | None = None  # lost if his army starts a battle (overruns are not battles)


class SeaTransport(Effect, frozen=True, kw_only=True, tag="sea_transport"):
    ops: int  # the smallest card that lets him sail
    max_cu: int


class CampaignMove(Effect, frozen=True, kw_only=True, tag="campaign_move"):
    mp: int  # his movement allowance during a campaign (§10.12)
    land_mp_with_naval: int  # land MP before and/or after a sea move (§24)
    naval_moves: int  # or this many sea moves of 3 MP each (§24)


AbilityEffect = (RollBonus | ExtraBattleCards | NoPassAttrition | SiegeModifier | SiegePointsPerSuccess | ProbeAs
                 | RetreatLossReduction | RemoveEnemyPc | SeaTransport | CampaignMove)

# -- strategy-card events (§25) --

Window = Literal["own_turn", "battle_preparation", "elephant_charge", "battle_round", "enemy_movement",
                 "enemy_naval_move", "enemy_pass_crossing", "enemy_campaign"]


class PlaceCu(Effect, frozen=True, kw_only=True, tag="place_cu"):
    count: int
    where: Literal["with_general", "at_space", "with_general_or_at_space"]
    country: Country | None = None  # the general (or space) must be in this country ...
    provinces: tuple[str, ...] = ()  # ... or in one of these provinces (none given: anywhere)
    spaces: tuple[str, ...] = ()  # the spaces of at_space / with_general_or_at_space
    port_only: bool = False  # the general must stand in a port
    elephant_cu: int = 0  # of the count
    extra_if_controls: str | None = None  # +1 CU if the player controls this province
    extra_if_card_in_force: int | None = None  # +1 CU while this card's event holds
    while_friendly_tribe: str | None = None  # only while the tribe in this space is friendly


class Pcs(Effect, frozen=True, kw_only=True, tag="pcs"):
    action: Literal["place", "flip", "flip_or_place", "remove"]  # flip/remove act on enemy plain PCs
    count: int | None  # None: every one that qualifies
    provinces: tuple[str, ...] = ()  # none given: anywhere
    same_province: bool = False  # all in one chosen province
    adjacent_to: str | None = None  # a general: only spaces next to his
    requires_general_in: tuple[str, Country] | None = None  # (general, country) at play
    no_enemy_cu: bool = True  # only in spaces without enemy CU


class FlipCity(Effect, frozen=True, kw_only=True, tag="flip_city"):
    spaces: tuple[str, ...] = ()  # none given: any enemy city
    exclude: tuple[str, ...] = ()
    min_cu: int = 0  # friendly CU needed in the space
    no_enemy_cu: bool = False  # only if no enemy CU are in the space
    requires_general_in: tuple[str, Country] | None = None


class Attrition(Effect, frozen=True, kw_only=True, tag="attrition"):
    target: Literal["enemy_army", "enemy_force_in_provinces", "enemy_naval_force"]
    column: Literal["size", "hostile_tribes"]  # §21.2 size column or §21.3 hostile-tribes column
    provinces: tuple[str, ...] = ()
    exempt_in_own_city_space: bool = False  # §25 #21


class SiegePoints(Effect, frozen=True, kw_only=True, tag="siege_points"):
    action: Literal["remove"]
    of: Literal["own_besieged_city", "own_besieged_port_city", "enemy_submission"]
    exclude: tuple[str, ...] = ()
    besieger_loses_cu: int = 0


class Activate(Effect, frozen=True, kw_only=True, tag="activate"):
    count: int = 1  # generals, one after another (campaigns, §10.11)
    generals: tuple[str, ...] = ()  # only these (none given: any friendly general)
    max_strategy: int | None = None  # strategy rating at most this (None: any)
    mp: int = 4
    naval_max_cu: int = 0  # 0: no sea move; else one army of at most this many CU may sail (§11.4)
    naval_moves: int = 1
    to_sea: str | None = None  # the sea move must land on this sea
    no_naval_combat: bool = False
    pass_attrition_modifier: int = 0  # added to each pass-attrition roll of the move
    remove_pc_on_leaving: bool = False  # §25 #28


class BattleCards(Effect, frozen=True, kw_only=True, tag="battle_cards"):
    action: Literal["wild_card", "reveal_half", "take_random", "deny_allies"]
    country: Country | None = None  # deny_allies: the allies of this country ...
    provinces: tuple[str, ...] = ()  # ... or of these provinces


class CancelElephantCharge(Effect, frozen=True, kw_only=True, tag="cancel_elephant_charge"):
    hand_loss: int  # Carthaginian battle cards lost


class NavalModifier(Effect, frozen=True, kw_only=True, tag="naval_modifier"):
    amount: int
    duration: Literal["turn", "until_ended"]


class MacedonianAlliance(Effect, frozen=True, kw_only=True, tag="macedonian_alliance"):
    naval_modifier: int  # while allied (§11.6)
    ended_by_rome_discards: int  # Rome's play ends it; Carthage discards this many at random (§25 #9)


class Hand(Effect, frozen=True, kw_only=True, tag="hand"):
    action: Literal["look_then_random_discard"]


class RecallProconsul(Effect, frozen=True, kw_only=True, tag="recall_proconsul"):
    pass


class RestrictMovement(Effect, frozen=True, kw_only=True, tag="restrict_movement"):
    side: Side  # whose CU
    country: Country  # may not move into or out of it
    duration: Literal["until_turn_after_reshuffle"]


class HinderMove(Effect, frozen=True, kw_only=True, tag="hinder_move"):
    pass  # §25 #41: sea leg cancelled, or no pass/strait on the 3rd-4th MP, or one campaign army slowed


class SiegeTrain(Effect, frozen=True, kw_only=True, tag="siege_train"):
    siege_modifier: int


class Truce(Effect, frozen=True, kw_only=True, tag="truce"):
    pass


EventEffect = (PlaceCu | Pcs | FlipCity | Attrition | SiegePoints | Activate | BattleCards | CancelElephantCharge
               | NavalModifier | MacedonianAlliance | Hand | RecallProconsul | RestrictMovement | HinderMove
               | SiegeTrain | Truce)


# ----------------------------------------------------------------------------------- generals


class Ability(Record, frozen=True, kw_only=True):  # capacité spéciale, printed in the staff box (§24)
    id: str
    text: str
    effect: AbilityEffect  # what the rules execute (README, "Structured effects")
    applies_to: tuple[str, ...] = ()  # situations §24 says it covers ("stop_withdrawal", "siege")
    not_applies_to: tuple[str, ...] = ()  # situations §24 excludes ("submission", "stop_withdrawal")


class General(Record, frozen=True, kw_only=True):
    id: str
    name: str
    side: Side
    strategy: int  # talent de stratège: ops value needed to activate him (§8.2)
    battle: int  # talent de tacticien (§12-§17)
    rank: int  # a higher rank outranks a lower one of his side (§9.3)
    confined_to: Country | None = None  # Hanno: Africa, Fabius: Italy (§24)
    removed_if_neutralised: bool = False  # Hannibal, Scipio Africanus (§10.10)
    pc_loss_if_neutralised: int = 0  # Hannibal: 5 PCs (§10.10)
    ability: Ability


class GeneralData(Record, frozen=True, kw_only=True):
    game: str
    note: str
    generals: tuple[General, ...]


# ------------------------------------------------------------------------------------- cards


class StrategyCard(Record, frozen=True, kw_only=True):  # carte de stratégie (CS)
    number: int
    kind: str  # shared by cards with one effect (the three Forced Marches)
    name: str
    title_fr: str
    ops: int  # nombre d'opération, 1-3
    event_side: EventSide  # who may play the event (§8.3)
    one_time: bool  # événement unique: leaves the game after its event (§8.5)
    event_uses: int = 1  # event plays before removal (2 for Philip V, §8.5)
    counter_event: bool  # playable during the other side's move or battle (§8.4)
    campaign: Literal["major", "minor"] | None  # campagne (§10.11)
    ship: bool  # may be used for naval movement (§8.1)
    effect: str  # the event in prose
    breaks_truce: bool  # playing the event ends a Truce (§25 #64; README R21-R22)
    windows: tuple[Window, ...]  # when the event may be played (§7.2, §8.4, §14.5, §25)
    targets: tuple[EventEffect, ...]  # what the event does, structured (README, "Structured effects")


class StrategyCardData(Record, frozen=True, kw_only=True):
    game: str
    note: str
    cards: tuple[StrategyCard, ...]


class BattleCardType(Record, frozen=True, kw_only=True):  # carte de bataille (CB)
    id: str
    name: str
    name_fr: str  # as the French rules name it (Attaque Frontale …): the words' French (words_fr.py)
    count: int
    wild: bool  # Reserve: stands for any other type (§14.9)
    matched_gives_initiative: bool  # Double Envelopment (§14.8)
    retreat_modifier: int  # on the loser's retreat roll when this card wins (§14.12)


class BattleCardData(Record, frozen=True, kw_only=True):
    game: str
    note: str
    types: tuple[BattleCardType, ...]


# ------------------------------------------------------------------------------------ tables


class Modifier(Record, frozen=True, kw_only=True):
    id: str
    value: int
    text: str


class Column(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    min: int
    max: int | None  # None: no upper bound
    battle_only: bool = False  # read for battle losses only: the 0-round column (ruling R23)

    def holds(self, n: int) -> bool:
        return n >= self.min and (self.max is None or n <= self.max)


class GivenCell(Record, frozen=True, kw_only=True):
    column: str
    roll: int
    losses: int


class AttritionCell(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    losses: int
    elephant: bool = False  # an "e" result: one loss must be an elephant CU (§17.2)


class AttritionRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    roll: int
    cells: tuple[AttritionCell, ...]


class AttritionTable(Record, frozen=True, kw_only=True):
    note: str
    columns: tuple[Column, ...]
    hostile_tribes_column: str
    rows: tuple[AttritionRow, ...]
    modifiers: tuple[Modifier, ...]
    given_cells: tuple[GivenCell, ...]


class RetreatRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    roll: int
    losses: tuple[int, ...]


class RetreatTable(Record, frozen=True, kw_only=True):
    note: str
    columns: tuple[Column, ...]
    rows: tuple[RetreatRow, ...]
    given_cells: tuple[GivenCell, ...]


class NavalResult(Record, frozen=True, kw_only=True):
    min_roll: int | None
    max_roll: int | None
    result: Literal["arrives", "turned_back", "sunk"]


class NavalTable(Record, frozen=True, kw_only=True):
    note: str
    results: tuple[NavalResult, ...]
    modifiers: tuple[Modifier, ...]
    small_force_max_cu: int


class SiegeTable(Record, frozen=True, kw_only=True):
    note: str
    success_min_roll: int
    points_needed: int
    min_cu: int
    modifiers: tuple[Modifier, ...]


class Turn(Record, frozen=True, kw_only=True):
    number: int
    years: str  # BC
    strategy_cards: int  # dealt to each player (§7.1)
    reinforcements: bool  # no reinforcement phase on turn 1 (§5)
    scipio_africanus: bool  # he arrives with 5 CU (§6.7)


class BattleCardAllotment(Record, frozen=True, kw_only=True):
    note: str
    per_cu: int
    successful_interception: int
    failed_avoid: int
    latium_militia: int
    friendly_tribe: int
    maximum: int
    roman_italian_allies_max: int
    carthaginian_italian_allies_max: int


class CommandSwap(Record, frozen=True, kw_only=True):
    note: str
    swap_min_roll: int


class Tables(Record, frozen=True, kw_only=True):
    game: str
    note: str
    attrition: AttritionTable
    retreat: RetreatTable
    naval: NavalTable
    siege: SiegeTable
    turns: tuple[Turn, ...]
    battle_card_allotment: BattleCardAllotment
    command_swap: CommandSwap


# ------------------------------------------------------------------------------------- set-up


class Stack(Record, frozen=True, kw_only=True):
    side: Side
    space: str
    commander: str
    subordinates: tuple[str, ...] = ()  # in the commander's staff box (case d'état-major)
    cu: int
    elephant_cu: int = 0  # included in cu


class GeneralGroup(Record, frozen=True, kw_only=True):
    generals: tuple[str, ...]


class LaterEntry(Record, frozen=True, kw_only=True):
    general: str
    turn: int
    cu: int


class Setup(Record, frozen=True, kw_only=True):
    game: str
    note: str
    turn: int
    stacks: tuple[Stack, ...]
    consuls: GeneralGroup
    roman_cup: GeneralGroup
    later_entries: tuple[LaterEntry, ...]


# --------------------------------------------------------------------------------- validation


def validate_map(m: MapData) -> list[str]:
    """Every problem of a map: provenance, dangling references, duplicates, malformed features."""
    p = source_problems("map", m, SECTIONS)
    provinces = {pr.id for pr in m.provinces}
    spaces = {s.id for s in m.spaces}
    seas = {s.id for s in m.seas}
    unique("province", [pr.id for pr in m.provinces], p)
    unique("space", [s.id for s in m.spaces], p)
    unique("sea", [s.id for s in m.seas], p)
    for s in m.spaces:
        if s.province not in provinces:
            p.append(f"space {s.id}: unknown province {s.province!r}")
        if s.city and s.tribe:
            p.append(f"space {s.id}: both a city and a tribe")
        if s.port:
            if not s.port.seas:
                p.append(f"port {s.id}: opens on no sea")
            p.extend(f"port {s.id}: unknown sea {x!r}" for x in s.port.seas if x not in seas)
        if s.city and s.city.capacity < 1:
            p.append(f"city {s.id}: capacity below 1")
        if s.tribe and s.start_control != s.tribe.friendly_to:
            p.append(f"tribe {s.id}: start control differs from the tribe's friendship")
    pairs = []
    for ln in m.links:
        for end in (ln.a, ln.b):
            if end not in spaces:
                p.append(f"link {ln.a}-{ln.b}: unknown space {end!r}")
        if ln.a == ln.b:
            p.append(f"link {ln.a}-{ln.b}: joins a space to itself")
        p.extend(f"link {ln.a}-{ln.b}: control of {c!r}, not an endpoint, is required"
                 for c in ln.control_required if c not in (ln.a, ln.b))
        pairs.append(frozenset((ln.a, ln.b)))
    unique("link", pairs, p)
    for sea in m.seas:
        p.extend(f"sea {sea.id}: unknown neighbour {x!r}" for x in sea.adjacent if x not in seas)
    return p


def _effect_reference_problems(label: str, eff: Effect, m: MapData, generals, cards) -> list[str]:
    """Every province, space, general, sea and card an effect names must exist."""
    provinces = {pr.id for pr in m.provinces}
    spaces = {s.id: s for s in m.spaces}
    seas = {s.id for s in m.seas}
    p: list[str] = []
    kind = type(eff).__struct_config__.tag

    def need(what: str, ok: bool) -> None:
        if not ok:
            p.append(f"{label}: {kind} names unknown {what}")

    for pid in (*getattr(eff, "provinces", ()), *filter(None, [getattr(eff, "extra_if_controls", None)])):
        need(f"province {pid!r}", pid in provinces)
    for sid in (*getattr(eff, "spaces", ()), *getattr(eff, "exclude", ())):
        need(f"space {sid!r}", sid in spaces)
    tribe = getattr(eff, "while_friendly_tribe", None)
    if tribe is not None:
        need(f"tribe space {tribe!r}", tribe in spaces and spaces[tribe].tribe is not None)
    named = [*getattr(eff, "generals", ()), getattr(eff, "adjacent_to", None),
             (getattr(eff, "requires_general_in", None) or (None,))[0]]
    for gid in filter(None, named):
        need(f"general {gid!r}", gid in generals)
    sea = getattr(eff, "to_sea", None)
    if sea is not None:
        need(f"sea {sea!r}", sea in seas)
    card = getattr(eff, "extra_if_card_in_force", None)
    if card is not None:
        need(f"card {card!r}", card in cards)
    return p


def _validate_rest(m: MapData, g: GeneralData, sc: StrategyCardData, bc: BattleCardData,
                   t: Tables, su: Setup) -> list[str]:
    p: list[str] = []
    spaces = {s.id for s in m.spaces}
    generals = {x.id: x for x in g.generals}
    unique("general", [x.id for x in g.generals], p)
    unique("strategy card", [c.number for c in sc.cards], p)
    cards = {c.number for c in sc.cards}
    for c in sc.cards:
        if not 1 <= c.ops <= 3:
            p.append(f"card {c.number}: ops {c.ops} outside 1-3")
        if not c.windows or len(set(c.windows)) != len(c.windows):
            p.append(f"card {c.number}: windows must be listed, each once")
        if c.counter_event != any(w != "own_turn" for w in c.windows):
            p.append(f"card {c.number}: a counter-event has a window outside its own turn, and only it")
        if not c.targets:
            p.append(f"card {c.number}: no targets")
        for target in c.targets:
            p.extend(_effect_reference_problems(f"card {c.number}", target, m, generals, cards))
    for x in g.generals:
        p.extend(_effect_reference_problems(f"ability of {x.id}", x.ability.effect, m, generals, cards))
    unique("battle card type", [b.id for b in bc.types], p)
    a = t.attrition
    cols = {c.id for c in a.columns}
    if a.hostile_tribes_column not in cols:
        p.append(f"attrition: unknown hostile-tribes column {a.hostile_tribes_column!r}")
    p.extend(f"attrition row {r.roll}: {len(r.cells)} cells for {len(cols)} columns"
             for r in a.rows if len(r.cells) != len(cols))
    p.extend(f"retreat row {r.roll}: {len(r.losses)} cells for {len(t.retreat.columns)} columns"
             for r in t.retreat.rows if len(r.losses) != len(t.retreat.columns))
    for table, given in (("attrition", a.given_cells), ("retreat", t.retreat.given_cells)):
        columns = a.columns if table == "attrition" else t.retreat.columns
        p.extend(f"{table}: given cell in unknown column {gc.column!r}"
                 for gc in given if gc.column not in {c.id for c in columns})
    if [x.number for x in t.turns] != list(range(1, len(t.turns) + 1)):
        p.append("turns: not numbered 1..n")
    for st in su.stacks:
        if st.space not in spaces:
            p.append(f"set-up: unknown space {st.space!r}")
        for gid in (st.commander, *st.subordinates):
            if gid not in generals:
                p.append(f"set-up: unknown general {gid!r}")
            elif generals[gid].side != st.side:
                p.append(f"set-up: {gid} is not on the {st.side} side")
        if st.elephant_cu > st.cu:
            p.append(f"set-up at {st.space}: more elephant CU than CU")
    for gid in (*su.consuls.generals, *su.roman_cup.generals, *(e.general for e in su.later_entries)):
        if gid not in generals:
            p.append(f"set-up: unknown general {gid!r}")
    return p


FILES = {
    "map": ("map.json", MapData),
    "coasts": ("coasts.json", CoastData),
    "generals": ("generals.json", GeneralData),
    "strategy_cards": ("strategy_cards.json", StrategyCardData),
    "battle_cards": ("battle_cards.json", BattleCardData),
    "tables": ("tables.json", Tables),
    "setup": ("setup.json", Setup),
}


def validate(data: dict) -> list[str]:
    """Every problem of the loaded files: the map's (:func:`validate_map`), every other record's
    provenance, and the references between the files."""
    p = validate_map(data["map"])
    for name in [k for k in FILES if k != "map"]:
        p += source_problems(name, data[name], SECTIONS)
    return p + _validate_rest(data["map"], data["generals"], data["strategy_cards"], data["battle_cards"],
                              data["tables"], data["setup"])


DATA = load_checked("hannibal", PACKAGE, FILES, validate)
MAP, COASTS, _GENERALS, _CARDS, _BATTLE, TABLES, SETUP = DATA.values()

PROVINCES: dict[str, Province] = {p.id: p for p in MAP.provinces}
SPACES: dict[str, Space] = {s.id: s for s in MAP.spaces}
LINKS: tuple[Link, ...] = MAP.links
SEAS: dict[str, Sea] = {s.id: s for s in MAP.seas}
GENERALS: dict[str, General] = {x.id: x for x in _GENERALS.generals}
STRATEGY_CARDS: dict[int, StrategyCard] = {c.number: c for c in _CARDS.cards}
BATTLE_CARD_TYPES: dict[str, BattleCardType] = {b.id: b for b in _BATTLE.types}
BATTLE_DECK: tuple[str, ...] = tuple(b.id for b in _BATTLE.types for _ in range(b.count))
"""The 48 battle cards, one type id per card, in data order (shuffle before use)."""

_ADJ: dict[str, dict[str, Link]] = {s: {} for s in SPACES}
for _ln in LINKS:
    _ADJ[_ln.a][_ln.b] = _ln
    _ADJ[_ln.b][_ln.a] = _ln

# ------------------------------------------------------------------------------------ helpers


def province_of(space: str) -> Province:
    return PROVINCES[SPACES[space].province]


def country_of(space: str) -> Country | None:
    return province_of(space).country


def spaces_in_province(province: str) -> tuple[Space, ...]:
    return tuple(s for s in MAP.spaces if s.province == province)


def provinces_in_country(country: Country) -> tuple[Province, ...]:
    return tuple(p for p in MAP.provinces if p.country == country)


def scoring_provinces() -> tuple[Province, ...]:
    return tuple(p for p in MAP.provinces if p.scoring)


def province_control_threshold(province: str) -> int:
    return PROVINCES[province].control_threshold


def neighbours(space: str) -> tuple[str, ...]:
    """Spaces joined to ``space`` by a link of any kind."""
    return tuple(_ADJ[space])


def link_between(a: str, b: str) -> Link | None:
    return _ADJ[a].get(b)


def is_pass(link: Link) -> bool:
    return link.kind in PASS_KINDS


def movement_cost(link: Link) -> int:
    """MP spent crossing a link: 2 for a pass or a strait, else 1 (§10.6)."""
    return 1 if link.kind == "ordinary" else 2


def is_port(space: str) -> bool:
    return SPACES[space].port is not None


def ports() -> tuple[Space, ...]:
    return tuple(s for s in MAP.spaces if s.port)


def port_modifier(space: str) -> int:
    port = SPACES[space].port
    if port is None:
        raise ValueError(f"{space} is not a port")
    return port.naval_modifier


def is_city(space: str) -> bool:
    return SPACES[space].city is not None


def city_capacity(space: str) -> int:
    city = SPACES[space].city
    if city is None:
        raise ValueError(f"{space} has no walled city")
    return city.capacity


def tribe_in(space: str) -> Tribe | None:
    return SPACES[space].tribe


def tribes() -> tuple[Space, ...]:
    return tuple(s for s in MAP.spaces if s.tribe)


def general(gid: str) -> General:
    return GENERALS[gid]


def generals_of(side: Side) -> tuple[General, ...]:
    return tuple(x for x in GENERALS.values() if x.side == side)


def strategy_card(number: int) -> StrategyCard:
    return STRATEGY_CARDS[number]


def battle_card_type(tid: str) -> BattleCardType:
    return BATTLE_CARD_TYPES[tid]


def modifier(table: AttritionTable | NavalTable | SiegeTable, mid: str) -> int:
    for m in table.modifiers:
        if m.id == mid:
            return m.value
    raise KeyError(mid)


def attrition_column(n: int) -> Column:
    """The attrition column for a force of ``n`` CU, or a battle of ``n`` rounds (§14.11, §21.2); never the
    battle-only 0-round column (see ``battle_losses``)."""
    for c in TABLES.attrition.columns:
        if not c.battle_only and c.holds(n):
            return c
    raise ValueError(f"no attrition column for {n}")


def attrition_losses(n: int, roll: int, *, hostile_tribes: bool = False) -> AttritionCell:
    """The attrition result for ``n`` CU (or rounds) and a modified roll; hostile tribes ignore ``n`` (§21.3)."""
    t = TABLES.attrition
    col = t.hostile_tribes_column if hostile_tribes else attrition_column(n).id
    ci = [c.id for c in t.columns].index(col)
    rolls = [r.roll for r in t.rows]
    row = t.rows[rolls.index(min(max(roll, rolls[0]), rolls[-1]))]
    return row.cells[ci]


def battle_losses(rounds: int, roll: int) -> AttritionCell:
    """Battle losses for a battle of ``rounds`` rounds and a modified roll (§14.11). A battle of 0 rounds (a
    withdrawal before any battle card is played, ruling R23 on H30) reads the battle-only 0-round column."""
    t = TABLES.attrition
    col = next((c for c in t.columns if c.battle_only and c.holds(rounds)), None) or attrition_column(rounds)
    ci = [c.id for c in t.columns].index(col.id)
    rolls = [r.roll for r in t.rows]
    return t.rows[rolls.index(min(max(roll, rolls[0]), rolls[-1]))].cells[ci]


def retreat_losses(cu_at_start: int, roll: int) -> int:
    """The loser's retreat-table losses for its size at the battle's start and a modified roll (§14.12)."""
    t = TABLES.retreat
    ci = next(i for i, c in enumerate(t.columns) if c.holds(cu_at_start))
    rolls = [r.roll for r in t.rows]
    return t.rows[rolls.index(min(max(roll, rolls[0]), rolls[-1]))].losses[ci]


def naval_result(modified_roll: int) -> str:
    for r in TABLES.naval.results:
        if (r.min_roll is None or modified_roll >= r.min_roll) and (r.max_roll is None or modified_roll <= r.max_roll):
            return r.result
    raise ValueError(modified_roll)


def turn(number: int) -> Turn:
    return TABLES.turns[number - 1]


def reachable(start: str, *, by_sea: bool = True, kinds: tuple[str, ...] | None = None) -> set[str]:
    """Spaces reachable from ``start`` over links (of ``kinds``, default all) and, if ``by_sea``, from
    any port to any other port (§11.1)."""
    seen, todo = {start}, deque([start])
    port_ids = {s.id for s in ports()}
    while todo:
        here = todo.popleft()
        nxt = [b for b, ln in _ADJ[here].items() if kinds is None or ln.kind in kinds]
        if by_sea and here in port_ids:
            nxt += port_ids
        for b in nxt:
            if b not in seen:
                seen.add(b)
                todo.append(b)
    return seen


@cache
def landmasses() -> tuple[frozenset[str], ...]:
    """Groups of spaces joined by land (ordinary links and passes, not straits): mainland, islands."""
    left, out = set(SPACES), []
    while left:
        group = reachable(next(iter(sorted(left))), by_sea=False, kinds=("ordinary", *PASS_KINDS))
        out.append(frozenset(group))
        left -= group
    return tuple(out)


def shortest_land_route(start: str, goals, *, kinds: tuple[str, ...] | None = None) -> tuple[int, int, tuple[str, ...]] | None:
    """The cheapest land route from ``start`` to any space of ``goals``, over links of ``kinds`` (default all):
    ``(movement points, passes crossed, spaces)``, MP first and passes second (§10.2, §10.6), or ``None``.
    Ignores everything but the map (armies, control, the 4-MP limit)."""
    goals = set(goals)
    best: dict[str, tuple[int, int]] = {start: (0, 0)}
    queue: list[tuple[int, int, tuple[str, ...]]] = [(0, 0, (start,))]
    while queue:
        mp, passes, path = heapq.heappop(queue)
        here = path[-1]
        if best.get(here, (mp, passes)) < (mp, passes):
            continue
        if here in goals:
            return mp, passes, path
        for there, ln in _ADJ[here].items():
            if kinds is not None and ln.kind not in kinds:
                continue
            cost = (mp + movement_cost(ln), passes + is_pass(ln))
            if cost < best.get(there, (math.inf, math.inf)):
                best[there] = cost
                heapq.heappush(queue, (*cost, (*path, there)))
    return None
