"""The printed components of The Republic of Carthage, as typed data (DESIGN.md principle 5).

Thirteen files under ``data/`` hold them, each decoded strictly into the frozen structs below:

- ``inventory.json``: the "Matériel" list, the counts every other file is checked against;
- ``senators.json``: the 25 Family (Senator) cards and the 10 Statesmen;
- ``wars.json``: related-war groups, the 16 wars and revolts, 4 Enemy Leaders, 3 Explorations;
- ``cards.json``: Intrigue, Event, Law and Trade Concession cards (titles, copies, timing, effects);
- ``provinces.json``, ``offices.json``, ``commerce.json``, ``forces.json``, ``mortality.json``;
- ``random_events.json``: the 3d6 Random Events table and its 18 two-sided cards;
- ``tables.json``: combat, exploration, recruitment, popular reaction, appeal, allegiance,
  contributions, assassination;
- ``setup.json``: "Préparation du jeu", and ``board.json``: the board's areas, for drawing.

Every record names its source: a rulebook section by its own heading ("Préparation du jeu, step 17",
"II. Phase de Revenu, step 9") or ``"reconstructed"``; ``sources`` overrides single fields. Card
effects are structured (``effects.py``). Cross-references and the inventory's counts are checked at
import; a broken file raises ``ComponentDataError`` naming every problem (the loader, the record
base and the provenance checks are ``engine.data``'s; the structs and the cross-references are this
game's).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Literal

import msgspec

from engine.data import ComponentDataError, Record, load_checked, source_problems, unique  # noqa: F401 - its error
from engine.games.republic_of_carthage import effects as fx
from engine.games.republic_of_carthage.effects import Effect

PACKAGE = "engine.games.republic_of_carthage"

# The rulebook's own headings: every source starts with one of them or with "reconstructed".
SECTIONS = (
    "Matériel", "Préparation du jeu", "Terminologie", "Déroulement du Jeu",
    "I. Phase de Mortalité", "II. Phase de Revenu", "III. Phase de Commerce", "IV. Phase Portuaire",
    "V. Phase de Sénat", "VI. Phase de Combat et d'Exploration", "VII. Phase de Guerre civile",
    "IX. Conditions de victoire", "X. Règle optionnelle d'Assassinat",
    "Appendice A", "Appendice B", "Appendice C",
)

Deck = Literal["I", "II"]
CardType = Literal["intrigue", "event", "law", "concession"]
Timing = Literal[
    "any_time",  # whenever the holder wishes, unless the text forbids (IV.2a)
    "senate",  # during the Senate phase (laws, IV.2a)
    "trial",  # during a trial, before the votes are counted
    "combat",  # before a war or exploration roll
    "assassination",  # when an assassination is attempted
    "persuasion",  # during a persuasion attempt (IV.2b)
    "trade",  # during the Trade phase
    "civil_war",  # during the Civil War phase (statesmen, concessions)
]


class Dice(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A dice expression: ``dice`` d6 summed, plus ``plus`` (Libya's "1 dé - 5" is dice=1, plus=-5)."""

    dice: int
    plus: int = 0

    @property
    def low(self) -> int:
        return self.dice + self.plus

    @property
    def high(self) -> int:
        return 6 * self.dice + self.plus

    def text(self) -> str:
        base = f"{self.dice} {'die' if self.dice == 1 else 'dice'}" if self.dice else ""
        if not self.plus:
            return base or "0"
        sign = "+" if self.plus > 0 else "−"
        return f"{base} {sign} {abs(self.plus)}" if base else str(self.plus)


class Band(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A row of a table read by a total: from ``min`` to ``max`` (None: unbounded)."""

    min: int | None
    max: int | None

    def holds(self, n: int) -> bool:
        return (self.min is None or n >= self.min) and (self.max is None or n <= self.max)


# ---------------------------------------------------------------------------------- inventory


class InventoryItem(Record, frozen=True, kw_only=True):
    id: str
    name_fr: str  # the component's name in the "Matériel" list
    count: int
    breakdown: dict[str, int] = {}


class Inventory(Record, frozen=True, kw_only=True):
    game: str
    note: str
    items: tuple[InventoryItem, ...]


# ----------------------------------------------------------------------------------- senators


class Family(Record, frozen=True, kw_only=True):  # carte Famille = carte Sénateur
    id: int
    name: str
    deck: Deck
    military: int
    eloquence: int
    loyalty: int
    influence: int
    exploration: int
    popularity: int = 0
    text: str = ""


class Statesman(Record, frozen=True, kw_only=True):  # Homme d'État
    id: str  # the family number and a letter: "2A"
    family: int
    name: str
    dates: str
    deck: Deck
    military: int
    eloquence: int
    loyalty: int  # 0 for some statesmen ("Terminologie", Persuasion IV.2b c)
    influence: int
    exploration: int
    popularity: int = 0
    coexists_with: tuple[str, ...] = ()  # may be in play with these statesmen of his family (Mago)
    excludes: tuple[str, ...] = ()  # may never be in play with these (Barca)
    abilities: tuple[Effect, ...] = ()
    text: str


class SenatorData(Record, frozen=True, kw_only=True):
    game: str
    note: str
    families: tuple[Family, ...]
    statesmen: tuple[Statesman, ...]


# --------------------------------------------------------------------------------------- wars


class WarGroup(Record, frozen=True, kw_only=True):  # guerres apparentées
    id: str
    name: str
    wars: tuple[str, ...]


class War(Record, frozen=True, kw_only=True):
    id: str
    name: str
    name_fr: str  # its French name (sources["name_fr"]: the rules' section, or reconstructed)
    dates: str
    kind: Literal["war", "revolt"]
    deck: Deck
    status: Literal["active", "inactive"]  # when it appears (IV.2a)
    land: int  # force terrestre
    squadron_support: int  # soutien d'escadre nécessaire
    naval: int  # force navale; a naval battle comes first when > 0
    disaster: tuple[int, ...]  # unmodified 3d6 rolls that give a Disaster
    retreat: tuple[int, ...]
    group: str | None  # related wars (IV.2a, VI.2)
    auxiliaries: tuple[str, ...] = ()  # Sicules / Gallic swordsmen usable in it (V.7, Appendice B)
    spoils: int  # talents to the State Treasury on Victory (VI.2)
    appearance: tuple[Effect, ...] = ()
    victory: tuple[Effect, ...] = ()  # besides spoils, INF and veterans
    defeat: tuple[Effect, ...] = ()  # "Perte": on a peace request or a lost war (R50)
    text: str


class Leader(Record, frozen=True, kw_only=True):  # Chef Ennemi
    id: str
    name: str
    name_fr: str
    dates: str
    deck: Deck
    strength: int  # added to each of his wars' strength (ruling R42)
    disaster: tuple[int, ...]  # added to his wars' numbers (R42)
    retreat: tuple[int, ...]
    wars: tuple[str, ...]
    text: str


class Exploration(Record, frozen=True, kw_only=True):
    id: str
    name: str
    name_fr: str
    dates: str
    deck: Deck
    caravans: int  # strength for caravans ("50" of "50/0")
    fleets: int  # strength for trade fleets
    disaster: tuple[int, ...]
    victory: tuple[Effect, ...] = ()
    text: str


class WarData(Record, frozen=True, kw_only=True):
    game: str
    note: str
    groups: tuple[WarGroup, ...]
    wars: tuple[War, ...]
    leaders: tuple[Leader, ...]
    explorations: tuple[Exploration, ...]


# -------------------------------------------------------------------------------------- cards


class PlayCard(Record, frozen=True, kw_only=True):
    id: str
    type: CardType
    title: str
    title_fr: str  # its French title (sources["title_fr"]: the rules' section, or reconstructed)
    deck: Deck
    copies: int
    timing: Timing
    dates: str | None = None
    effects: tuple[Effect, ...]
    text: str
    against: Literal["rival_senator"] | None = None  # the only target it may be played against (its text says so)


class CardData(Record, frozen=True, kw_only=True):
    game: str
    note: str
    cards: tuple[PlayCard, ...]


# ------------------------------------------------------------------------- provinces, offices


class ProvinceSide(Record, frozen=True, kw_only=True):
    state: Dice  # Revenu de l'État: added to (negative: taken from) the State Treasury
    personal: Dice  # Revenu personnel, if the governor takes it (II.9)


class ArmyGrant(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    army: str
    count: int


class Province(Record, frozen=True, kw_only=True):
    id: str
    name: str
    name_fr: str
    term: int  # boxes on the card's "Mandat" track
    undeveloped: ProvinceSide
    developed: ProvinceSide
    armies_added: tuple[ArmyGrant, ...] = ()  # to the Reserve when it is created (Recruitment table)
    text: str = ""


class ProvinceData(Record, frozen=True, kw_only=True):
    game: str
    note: str
    provinces: tuple[Province, ...]


class Office(Record, frozen=True, kw_only=True):  # carte Charge
    id: str
    name: str
    name_fr: str
    kind: Literal["suffete", "council"]
    rank: int  # order for the SPHR ("Terminologie")
    term: int  # turns
    influence_gained: int  # on taking office (V.2, V.4)
    income: Dice | None = None  # each Revenue phase (II.2)
    agora_cards_per_talent: int | None = None  # Master of the Agora: 1 T per this many commerce cards sold
    text: str


class OfficeData(Record, frozen=True, kw_only=True):
    game: str
    note: str
    offices: tuple[Office, ...]


# ------------------------------------------------------------------------------ commerce, forces


class Commodity(Record, frozen=True, kw_only=True):
    id: str
    name: str
    name_fr: str
    pile: int
    cards: int
    set_values: tuple[int, ...]  # value of a set of 1, 2, ... cards (III.2)


class CommerceData(Record, frozen=True, kw_only=True):
    game: str
    note: str
    piles: int
    spare_cards: int
    commodities: tuple[Commodity, ...]


class ArmyType(Record, frozen=True, kw_only=True):
    id: str
    name: str
    name_fr: str
    tokens: int
    auxiliary: bool  # in the Reserve only while a war naming it is in War Plans (V.7)


class ForcesData(Record, frozen=True, kw_only=True):
    game: str
    note: str
    armies: tuple[ArmyType, ...]
    squadrons: int
    caravan_tokens: int
    fleet_tokens: int
    number_tokens: int  # "Nombre Noir": count caravans and fleets on an Exploration card
    veteran_strength: int  # a veteran army counts this much (VI.2)
    army_strength: int


class Chit(Record, frozen=True, kw_only=True):
    kind: Literal["senator", "none", "draw_two"]
    number: int | None = None
    count: int = 1


class MortalityData(Record, frozen=True, kw_only=True):
    game: str
    note: str
    chits: tuple[Chit, ...]


# ----------------------------------------------------------------------------- random events


class EventSide(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    title: str
    title_fr: str  # the side's French title (its card's sources["title_fr"]: the rules' section, or reconstructed)
    effects: tuple[Effect, ...]
    text: str


class EventCard(Record, frozen=True, kw_only=True):
    id: str
    front: EventSide
    back: EventSide  # when the same event comes up again in the turn (IV.2a)


class EventRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    roll: int
    event: str


class RandomEvents(Record, frozen=True, kw_only=True):
    game: str
    note: str
    dice: int
    rows: tuple[EventRow, ...]
    cards: tuple[EventCard, ...]


# ------------------------------------------------------------------------------------- tables


class CombatRow(Band, frozen=True, kw_only=True):
    result: Literal["victory", "attrition", "defeat"]
    losses: int  # armies/squadrons lost by Carthage's force (and, against rebels, by both)
    all_lost: bool = False  # "Tous": the losing side loses everything


class CombatTable(Record, frozen=True, kw_only=True):
    note: str
    dice: int
    rows: tuple[CombatRow, ...]
    retreat_fraction_percent: int  # Retraite: about 25 % of the troops
    disaster_fraction_percent: int  # Désastre: about 50 %


class ExplorationRow(Band, frozen=True, kw_only=True):
    result: Literal["victory", "losses", "lost", "adventurers"]
    losses: Dice | None = None  # caravans or fleets lost


class ExplorationTable(Record, frozen=True, kw_only=True):
    note: str
    dice: int
    rows: tuple[ExplorationRow, ...]
    disaster_losses: Dice  # 2 dice (VI.1, Désastre)
    units_per_chit: int  # 1 Mortality chit per 5 units lost, or fraction
    units_per_penalty: int  # -1 per 5 units short of the card's strength, or fraction (R14)
    victory_divisor: int  # INF and POP = card strength / 10


class CostRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    unit: str
    cost: int


class RecruitmentTable(Record, frozen=True, kw_only=True):
    note: str
    costs: tuple[CostRow, ...]
    ineffective_percent: tuple[int, ...]  # once, twice or more in a turn (Terminologie)


class ReactionRow(Band, frozen=True, kw_only=True):
    result: Literal["killed", "loses", "nothing", "gains"]
    influence: int = 0
    popularity: int = 0


class PopularReactionTable(Record, frozen=True, kw_only=True):
    note: str
    dice: int
    rows: tuple[ReactionRow, ...]


class AppealRow(Band, frozen=True, kw_only=True):
    result: Literal["killed", "votes", "freed"]
    votes: int = 0


class AppealTable(Record, frozen=True, kw_only=True):
    note: str
    dice: int
    rows: tuple[AppealRow, ...]


class AllegianceRow(Band, frozen=True, kw_only=True):
    result: Literal["loyal", "joins"]


class AllegianceTable(Record, frozen=True, kw_only=True):
    note: str
    dice: int
    talents_per_point: int
    rows: tuple[AllegianceRow, ...]


class ContributionRow(Band, frozen=True, kw_only=True):
    influence: int


class ContributionTable(Record, frozen=True, kw_only=True):
    note: str
    rows: tuple[ContributionRow, ...]


class AssassinationRow(Band, frozen=True, kw_only=True):
    result: Literal["killed", "nothing", "captured"]


class AssassinationTable(Record, frozen=True, kw_only=True):
    note: str
    dice: int
    rows: tuple[AssassinationRow, ...]


class Tables(Record, frozen=True, kw_only=True):
    game: str
    note: str
    combat: CombatTable
    exploration: ExplorationTable
    recruitment: RecruitmentTable
    popular_reaction: PopularReactionTable
    appeal: AppealTable
    allegiance: AllegianceTable
    contributions: ContributionTable
    assassination: AssassinationTable


# ------------------------------------------------------------------------------------- set-up


class SetupStep(Record, frozen=True, kw_only=True):
    number: int
    text: str


class PlayerCount(Record, frozen=True, kw_only=True):
    players: int
    senators_dealt: int  # step 2
    cards_dealt: int  # step 3
    council_dealt: int  # step 12
    council_to_port: int
    extra_initiatives: int  # auctioned each turn up to 6 (IV.5)


class Setup(Record, frozen=True, kw_only=True):
    game: str
    note: str
    steps: tuple[SetupStep, ...]
    min_players: int
    max_players: int
    player_counts: tuple[PlayerCount, ...]
    senators_per_player: int
    cards_per_player: int
    hand_card_types: tuple[str, ...]  # "intrigue", "statesman", "law", "concession"
    starting_war: str
    merchants_per_faction: int
    lowest_ids: tuple[str, ...]  # what the 1st, 2nd, 3rd lowest IDs receive (steps 9-11)
    temporary_suffete_influence: int
    governor_terms: tuple[int, ...]  # the holder chooses the remaining term (step 10)
    council_terms: dict[str, int]
    treasury: int
    tax_rate: int
    active_forces: dict[str, int]
    reserve_forces: dict[str, int]  # "squadron" included
    pile_removals: tuple[int, ...]


# -------------------------------------------------------------------------------------- board


class Area(Record, frozen=True, kw_only=True):
    id: str
    name: str
    name_fr: str
    x: float
    y: float
    w: float
    h: float
    parent: str | None = None
    text: str = ""


class BoardData(Record, frozen=True, kw_only=True):
    game: str
    note: str
    width: float
    height: float
    areas: tuple[Area, ...]
    tax_track: tuple[int, ...]
    vote_track_max: int


# --------------------------------------------------------------------------------- validation


def all_effects(data: dict) -> list[tuple[str, Effect]]:
    """Every effect in the data, with where it is: (label, effect)."""
    out: list[tuple[str, Effect]] = []
    s, w, cards, ev = data["senators"], data["wars"], data["cards"], data["events"]
    for st in s.statesmen:
        out += [(f"statesman {st.id}", e) for e in st.abilities]
    for war in w.wars:
        out += [(f"war {war.id}", e) for e in (*war.appearance, *war.victory, *war.defeat)]
    for ex in w.explorations:
        out += [(f"exploration {ex.id}", e) for e in ex.victory]
    for card in cards.cards:
        out += [(f"card {card.id}", e) for e in card.effects]
    for ec in ev.cards:
        out += [(f"event {ec.id}", e) for e in (*ec.front.effects, *ec.back.effects)]
    return out


def validate(data: dict) -> list[str]:
    """Every problem of the loaded files: provenance, duplicates, dangling references, and any count
    that disagrees with the inventory ("Matériel")."""
    p: list[str] = []
    for name, rec in data.items():
        p += source_problems(name, rec, SECTIONS)
    inv = {i.id: i for i in data["inventory"].items}
    s, w, cards = data["senators"], data["wars"], data["cards"]
    prov, off, com, forces = data["provinces"], data["offices"], data["commerce"], data["forces"]
    ev, t, su, board = data["events"], data["tables"], data["setup"], data["board"]

    families = {f.id for f in s.families}
    armies = {a.id for a in forces.armies}
    units = armies | {"squadron"}
    wars = {x.id for x in w.wars}
    groups = {g.id: g for g in w.groups}
    provinces = {x.id for x in prov.provinces}
    commodities = {x.id for x in com.commodities}
    concessions = {c.id for c in cards.cards if c.type == "concession"}
    events = {e.id for e in ev.cards}
    offices = {o.id for o in off.offices}

    unique("family", [f.id for f in s.families], p)
    unique("statesman", [x.id for x in s.statesmen], p)
    unique("war, leader, exploration or card",
            [x.id for x in (*w.wars, *w.leaders, *w.explorations, *cards.cards)], p)
    unique("group", list(groups), p)
    unique("province", list(provinces), p)
    unique("office", [o.id for o in off.offices], p)
    unique("commodity", [x.id for x in com.commodities], p)
    unique("army type", [a.id for a in forces.armies], p)
    unique("event card", [e.id for e in ev.cards], p)
    unique("board area", [a.id for a in board.areas], p)

    # statesmen belong to families; the special pairs name each other
    statesmen = {x.id: x for x in s.statesmen}
    for st in s.statesmen:
        if st.family not in families:
            p.append(f"statesman {st.id}: unknown family {st.family}")
        if not st.id.startswith(str(st.family)) or not st.id[len(str(st.family)):].isalpha():
            p.append(f"statesman {st.id}: id does not read as family {st.family} and a letter")
        for other in (*st.coexists_with, *st.excludes):
            if other not in statesmen or statesmen[other].family != st.family:
                p.append(f"statesman {st.id}: {other!r} is not a statesman of the same family")

    # wars, groups, leaders
    for g in w.groups:
        for wid in g.wars:
            if wid not in wars:
                p.append(f"group {g.id}: unknown war {wid!r}")
        if len(g.wars) < 2:
            p.append(f"group {g.id}: a related group needs two wars or more")
    for war in w.wars:
        if war.group is not None:
            if war.group not in groups:
                p.append(f"war {war.id}: unknown group {war.group!r}")
            elif war.id not in groups[war.group].wars:
                p.append(f"war {war.id}: not listed in its group {war.group!r}")
        for aux in war.auxiliaries:
            if aux not in armies or not next(a for a in forces.armies if a.id == aux).auxiliary:
                p.append(f"war {war.id}: {aux!r} is not an auxiliary army type")
        if set(war.disaster) & set(war.retreat):
            p.append(f"war {war.id}: a roll is both Disaster and Retreat")
        for n in (*war.disaster, *war.retreat):
            if not 3 <= n <= 18:
                p.append(f"war {war.id}: D/R number {n} is not a 3d6 roll")
        if war.naval and war.squadron_support > 0 and war.land == 0:
            p.append(f"war {war.id}: squadron support without a land part")
    for g in w.groups:
        for wid in g.wars:
            if wid in wars and next(x for x in w.wars if x.id == wid).group != g.id:
                p.append(f"group {g.id}: war {wid!r} names another group")
    for ld in w.leaders:
        p.extend(f"leader {ld.id}: unknown war {x!r}" for x in ld.wars if x not in wars)
    for ex in w.explorations:
        for n in ex.disaster:
            if not 3 <= n <= 18:
                p.append(f"exploration {ex.id}: D number {n} is not a 3d6 roll")

    # every effect's references
    for label, e in all_effects(data):
        if isinstance(e, (fx.CommerceRemove, fx.CommerceExtra)):
            p.extend(f"{label}: no commerce pile {n}" for n in e.piles if not 1 <= n <= com.piles)
        if isinstance(e, (fx.CommerceScale, fx.CommercePrice)) and e.commodity not in commodities:
            p.append(f"{label}: unknown commodity {e.commodity!r}")
        if isinstance(e, (fx.Desert, fx.AddArmies)) and e.army not in armies:
            p.append(f"{label}: unknown army type {e.army!r}")
        if isinstance(e, fx.LoseForces) and e.unit not in units:
            p.append(f"{label}: unknown unit {e.unit!r}")
        if isinstance(e, (fx.CreateProvince, fx.LoseProvince)) and e.province not in provinces:
            p.append(f"{label}: unknown province {e.province!r}")
        if isinstance(e, fx.WarStatus):
            if (e.war is None) == (e.group is None):
                p.append(f"{label}: war_status names neither or both of a war and a group")
            if e.war is not None and e.war not in wars:
                p.append(f"{label}: unknown war {e.war!r}")
            if e.group is not None and e.group not in groups:
                p.append(f"{label}: unknown group {e.group!r}")
        if isinstance(e, fx.RollModifier) and e.group is not None and e.group not in groups:
            p.append(f"{label}: unknown group {e.group!r}")
        if isinstance(e, fx.RandomEvent) and e.event not in events:
            p.append(f"{label}: unknown event card {e.event!r}")
        if isinstance(e, fx.DestroyConcession) and e.concession is not None and e.concession not in concessions:
            p.append(f"{label}: unknown concession {e.concession!r}")

    # provinces: each enters play at set-up or by exactly one war's victory
    created = Counter(e.province for war in w.wars for e in war.victory if isinstance(e, fx.CreateProvince))
    at_setup = set(su.lowest_ids) & provinces
    for pr in prov.provinces:
        n = created[pr.id] + (pr.id in at_setup)
        if n != 1:
            p.append(f"province {pr.id}: enters play {n} times (set-up or a war's victory), not once")
        p.extend(f"province {pr.id}: unknown army type {g.army!r}" for g in pr.armies_added if g.army not in armies)

    # counts against the inventory
    def expect(label: str, got, item: str, key: str | None = None) -> None:
        want = inv[item].count if key is None else inv[item].breakdown.get(key)
        if got != want:
            p.append(f"{label}: {got} where the inventory ({item}{'.' + key if key else ''}) has {want}")

    for deck, item in (("I", "deck_I"), ("II", "deck_II")):
        n = Counter()
        n["senator"] = sum(f.deck == deck for f in s.families)
        n["statesman"] = sum(x.deck == deck for x in s.statesmen)
        n["war"] = sum(x.deck == deck for x in w.wars)
        n["enemy_leader"] = sum(x.deck == deck for x in w.leaders)
        n["exploration"] = sum(x.deck == deck for x in w.explorations)
        for c in cards.cards:
            if c.deck == deck:
                n[c.type] += c.copies
        if dict(+n) != inv[item].breakdown:
            p.append(f"deck {deck}: composition {dict(+n)} differs from the inventory {inv[item].breakdown}")
        expect(f"deck {deck}", sum(n.values()), item)
    expect("provinces", len(prov.provinces), "large_cards", "province")
    expect("offices", len(off.offices), "large_cards", "office")
    for x in com.commodities:
        expect(f"commodity {x.id}", x.cards, "commerce", x.id)
        if len(x.set_values) != x.cards:
            p.append(f"commodity {x.id}: {len(x.set_values)} set values for {x.cards} cards")
        if not 1 <= x.pile <= com.piles:
            p.append(f"commodity {x.id}: no pile {x.pile}")
    expect("commerce cards", sum(x.cards for x in com.commodities), "commerce")
    expect("spare commerce cards", com.spare_cards, "commerce_spare")
    for a in forces.armies:
        expect(f"army {a.id}", a.tokens, "army_tokens", a.id)
    expect("army tokens", sum(a.tokens for a in forces.armies), "army_tokens")
    expect("squadrons", forces.squadrons, "squadron_tokens")
    expect("mortality chits", sum(c.count for c in data["mortality"].chits), "square_tokens", "mortality")
    expect("caravan tokens", forces.caravan_tokens, "square_tokens", "caravan")
    expect("fleet tokens", forces.fleet_tokens, "square_tokens", "trade_fleet")
    expect("number tokens", forces.number_tokens, "square_tokens", "black_number")
    expect("event cards", len(ev.cards), "event_table_cards")

    # mortality chits name senators in play
    numbered = [c.number for c in data["mortality"].chits if c.kind == "senator"]
    if sorted(n for n in numbered if n is not None) != sorted(families):
        p.append("mortality: the numbered chits are not one per family")
    for c in data["mortality"].chits:
        if (c.kind == "senator") != (c.number is not None):
            p.append(f"mortality: chit {c} has a number iff it is a senator's")

    # random events: one row per 3d6 total, each naming a card; every card is reachable
    rolls = [r.roll for r in ev.rows]
    if sorted(rolls) != list(range(ev.dice, 6 * ev.dice + 1)):
        p.append(f"random events: rows {sorted(rolls)} do not cover {ev.dice}-{6 * ev.dice} once each")
    p.extend(f"random events: row {r.roll} names unknown card {r.event!r}" for r in ev.rows if r.event not in events)
    chained = {e.event for _, e in all_effects(data) if isinstance(e, fx.RandomEvent)}
    for ec in ev.cards:
        if ec.id not in {r.event for r in ev.rows} | chained:
            p.append(f"random events: card {ec.id} can never come into play")

    # tables
    for name in ("combat", "exploration", "popular_reaction", "appeal", "allegiance", "assassination"):
        table = getattr(t, name)
        lo, hi = (-30, 40)
        for n in range(lo, hi):
            k = sum(r.holds(n) for r in table.rows)
            if k != 1:
                p.append(f"table {name}: total {n} is read on {k} rows")
                break
    for n in range(0, 300):
        if sum(r.holds(n) for r in t.contributions.rows) > 1:
            p.append(f"table contributions: {n} T on several rows")
            break
    p.extend(f"recruitment: unknown unit {r.unit!r}" for r in t.recruitment.costs if r.unit not in units | {"caravan", "trade_fleet"})
    if {r.unit for r in t.recruitment.costs} != units | {"caravan", "trade_fleet"}:
        p.append("recruitment: not one cost per unit type, caravan and trade fleet")

    # set-up
    if su.starting_war not in wars:
        p.append(f"set-up: unknown starting war {su.starting_war!r}")
    for x in su.lowest_ids:
        if x not in offices and x not in provinces:
            p.append(f"set-up: {x!r} is neither an office nor a province")
    p.extend(f"set-up: unknown council office {x!r}" for x in su.council_terms if x not in offices)
    for where in (su.active_forces, su.reserve_forces):
        p.extend(f"set-up: unknown unit {u!r}" for u in where if u not in units)
    if len(su.pile_removals) != com.piles:
        p.append("set-up: one removal count per commerce pile expected")
    if [x.number for x in su.steps] != list(range(1, len(su.steps) + 1)):
        p.append("set-up: steps not numbered 1..n")
    if [pc.players for pc in su.player_counts] != list(range(su.min_players, su.max_players + 1)):
        p.append("set-up: one player-count row per supported count expected")
    for a in board.areas:
        if a.parent is not None and a.parent not in {b.id for b in board.areas}:
            p.append(f"board: area {a.id} has unknown parent {a.parent!r}")
    return p


FILES = {
    "inventory": ("inventory.json", Inventory),
    "senators": ("senators.json", SenatorData),
    "wars": ("wars.json", WarData),
    "cards": ("cards.json", CardData),
    "provinces": ("provinces.json", ProvinceData),
    "offices": ("offices.json", OfficeData),
    "commerce": ("commerce.json", CommerceData),
    "forces": ("forces.json", ForcesData),
    "mortality": ("mortality.json", MortalityData),
    "events": ("random_events.json", RandomEvents),
    "tables": ("tables.json", Tables),
    "setup": ("setup.json", Setup),
    "board": ("board.json", BoardData),
}


DATA = load_checked("republic_of_carthage", PACKAGE, FILES, validate)
INVENTORY: dict[str, InventoryItem] = {i.id: i for i in DATA["inventory"].items}
FAMILIES: dict[int, Family] = {f.id: f for f in DATA["senators"].families}
STATESMEN: dict[str, Statesman] = {x.id: x for x in DATA["senators"].statesmen}
GROUPS: dict[str, WarGroup] = {g.id: g for g in DATA["wars"].groups}
WARS: dict[str, War] = {x.id: x for x in DATA["wars"].wars}
LEADERS: dict[str, Leader] = {x.id: x for x in DATA["wars"].leaders}
EXPLORATIONS: dict[str, Exploration] = {x.id: x for x in DATA["wars"].explorations}
CARDS: dict[str, PlayCard] = {c.id: c for c in DATA["cards"].cards}
PROVINCES: dict[str, Province] = {x.id: x for x in DATA["provinces"].provinces}
OFFICES: dict[str, Office] = {o.id: o for o in DATA["offices"].offices}
COMMERCE: CommerceData = DATA["commerce"]
COMMODITIES: dict[str, Commodity] = {x.id: x for x in COMMERCE.commodities}
FORCES: ForcesData = DATA["forces"]
ARMY_TYPES: dict[str, ArmyType] = {a.id: a for a in FORCES.armies}
MORTALITY_CHITS: tuple[str, ...] = tuple(
    str(c.number) if c.kind == "senator" else c.kind for c in DATA["mortality"].chits for _ in range(c.count))
"""The 31 chits of the cup, one entry per chit: a family number ("7"), "none" or "draw_two"."""
RANDOM_EVENTS: RandomEvents = DATA["events"]
EVENT_CARDS: dict[str, EventCard] = {e.id: e for e in RANDOM_EVENTS.cards}
TABLES: Tables = DATA["tables"]
SETUP: Setup = DATA["setup"]
BOARD: BoardData = DATA["board"]


# ------------------------------------------------------------------------------------ helpers


def deck(name: Deck) -> tuple[str, ...]:
    """The card ids of deck I or II, one entry per physical card (copies repeated), in data order."""
    ids = [str(f.id) for f in FAMILIES.values() if f.deck == name]
    ids += [x.id for x in STATESMEN.values() if x.deck == name]
    ids += [x.id for x in (*WARS.values(), *LEADERS.values(), *EXPLORATIONS.values()) if x.deck == name]
    ids += [c.id for c in CARDS.values() if c.deck == name for _ in range(c.copies)]
    return tuple(ids)


def card_kind(card_id: str) -> str:
    """What a deck card is: senator, statesman, war, enemy_leader, exploration, or a play card's type."""
    if card_id.isdigit():
        return "senator"
    if card_id in STATESMEN:
        return "statesman"
    if card_id in WARS:
        return "war"
    if card_id in LEADERS:
        return "enemy_leader"
    if card_id in EXPLORATIONS:
        return "exploration"
    return CARDS[card_id].type


def related_wars(war_id: str) -> tuple[str, ...]:
    """The other wars of a war's related group (IV.2a, VI.2)."""
    group = WARS[war_id].group
    return () if group is None else tuple(x for x in GROUPS[group].wars if x != war_id)


def war_strength(war_id: str, related_active: int = 0, leaders: tuple[str, ...] = ()) -> int:
    """Land strength, doubled with one related Active war and tripled with two (VI.2), plus each
    leader's strength (ruling R42)."""
    return WARS[war_id].land * (1 + min(related_active, 2)) + sum(LEADERS[x].strength for x in leaders)


def leaders_of(war_id: str) -> tuple[Leader, ...]:
    return tuple(x for x in LEADERS.values() if war_id in x.wars)


def set_value(commodity: str, cards: int) -> int:
    """What a set of ``cards`` cards of one commodity sells for (III.2, III.3a)."""
    values = COMMODITIES[commodity].set_values
    if not 1 <= cards <= len(values):
        raise ValueError(f"{commodity} has no set of {cards}")
    return values[cards - 1]


def commodities_in_pile(pile: int) -> tuple[Commodity, ...]:
    return tuple(x for x in COMMERCE.commodities if x.pile == pile)


def pile_sizes(after_setup: bool = False) -> tuple[int, ...]:
    """Cards in piles 1-9, before or after the set-up removals (Préparation du jeu, step 17)."""
    sizes = [sum(x.cards for x in commodities_in_pile(n)) for n in range(1, COMMERCE.piles + 1)]
    if after_setup:
        sizes = [s - r for s, r in zip(sizes, SETUP.pile_removals)]
    return tuple(sizes)


def _read(rows, total: int):
    for r in rows:
        if r.holds(total):
            return r
    raise ValueError(total)


def combat_result(total: int) -> CombatRow:
    """The Combat table row for a modified total (3d6 + Military + forces - war strength, VI.2)."""
    return _read(TABLES.combat.rows, total)


def exploration_result(total: int) -> ExplorationRow:
    return _read(TABLES.exploration.rows, total)


def exploration_penalty(exploration_id: str, caravans: int = 0, fleets: int = 0) -> int:
    """-1 per 5 (or fraction) caravans or fleets short of the card's strength (ruling R14)."""
    ex, per = EXPLORATIONS[exploration_id], TABLES.exploration.units_per_penalty
    short = max(0, ex.caravans - caravans) + max(0, ex.fleets - fleets)
    return -(-short // per)


def appeal_result(total: int) -> AppealRow:
    return _read(TABLES.appeal.rows, total)


def popular_reaction(total: int) -> ReactionRow:
    return _read(TABLES.popular_reaction.rows, total)


def allegiance(total: int) -> str:
    return _read(TABLES.allegiance.rows, total).result


def assassination(roll: int) -> str:
    return _read(TABLES.assassination.rows, roll).result


def contribution_influence(talents: int) -> int:
    """Influence a senator gains for contributing ``talents`` to the State (II.11)."""
    for r in TABLES.contributions.rows:
        if r.holds(talents):
            return r.influence
    return 0


def recruitment_cost(unit: str, ineffective: int = 0) -> int:
    """Cost of one unit, doubled (tripled) under one (two or more) Ineffective Recruitment (Terminologie)."""
    base = next(r.cost for r in TABLES.recruitment.costs if r.unit == unit)
    if not ineffective:
        return base
    pct = TABLES.recruitment.ineffective_percent
    return base * pct[min(ineffective, len(pct)) - 1] // 100


def random_event(roll: int) -> EventCard:
    """The event card for a 3d6 total on the Random Events table (IV.2a); a total a modifier (Bad Omens)
    takes off the table reads its nearest row (R132)."""
    rows = {r.roll: r.event for r in RANDOM_EVENTS.rows}
    return EVENT_CARDS[rows[min(max(roll, min(rows)), max(rows))]]


@cache  # the printed offices never change
def office_rank_order() -> tuple[str, ...]:
    """Offices in SPHR order ("Terminologie")."""
    return tuple(o.id for o in sorted(OFFICES.values(), key=lambda o: o.rank))


def player_count(n: int) -> PlayerCount:
    for pc in SETUP.player_counts:
        if pc.players == n:
            return pc
    raise ValueError(f"The Republic of Carthage is set up for {SETUP.min_players}-{SETUP.max_players} players, not {n}")
