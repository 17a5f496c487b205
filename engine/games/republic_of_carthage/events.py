"""The Republic of Carthage's events: what happened, in the log's words (DESIGN.md principle 1).

Events are facts and carry every outcome: each die, each Mortality chit, each card drawn and the
order a deck was shuffled into. They are public unless said otherwise; a private event's
``...Redacted`` form is what every other seat and spectators receive.

Senators are named by their card id: a family number (``"7"``) or a statesman (``"2A"``). Seats
are 0..n-1, clockwise. Places of talents (``Transferred``): ``senator:<id>``, ``faction:<seat>``
(a faction treasury), ``state`` (the State Treasury) and ``bank``.

The last event of a command is :class:`Flow` when the pending decision changed: the stack of
steps the rules are in the middle of, innermost last. It is public.
"""

from __future__ import annotations

from typing import Union

import msgspec

from engine.core import Variant


class Frame(msgspec.Struct, kw_only=True):
    """One pending step of the rules. ``kind`` names it (RULES.md lists them); ``seat`` decides it
    (-1: the rules run it at once). The other fields are that step's bookkeeping: a senator, a
    target (senator, war, province or office), a count, and small lists whose meaning the kind
    gives."""

    kind: str
    seat: int = -1
    senator: str = ""
    target: str = ""
    count: int = 0
    nums: list[int] = []
    strs: list[str] = []


# -- the turn -------------------------------------------------------------------------------
class TurnBegan(Variant, frozen=True):
    turn: int


class PhaseBegan(Variant, frozen=True):
    """``phase``: setup, mortality, revenue, trade, port, senate, combat, civil_war."""

    phase: str


class Flow(Variant, frozen=True):
    frames: tuple[Frame, ...]


class GameEnded(Variant, frozen=True):
    """The game is over (IX): ``winners`` (seats; empty when everybody loses), ``reason``, and
    each faction's Influence."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[int, ...]


# -- dice and chits -------------------------------------------------------------------------
class Rolled(Variant, frozen=True):
    """``seat`` (-1: the rules) rolled ``dice`` for ``purpose``; ``modifier`` was added; the table
    or the rule read ``outcome`` from the total."""

    seat: int
    purpose: str
    dice: tuple[int, ...]
    modifier: int
    total: int
    outcome: str


class ChitDrawn(Variant, frozen=True):
    """A Mortality chit drawn from the cup (I): a family number, ``none`` or ``draw_two``.
    ``reason`` says why it was drawn (mortality, war, exploration, event, assassin_trial)."""

    chit: str
    reason: str


# -- senators -------------------------------------------------------------------------------
class SenatorEntered(Variant, frozen=True):
    """A senator card enters play: dealt to ``seat`` (-1: the Port) with its printed Influence and
    Popularity, face up."""

    senator: str
    seat: int
    reason: str


class SenatorDied(Variant, frozen=True):
    """``senator`` dies (I, "Conséquences de la Mort"): his Influence, Popularity, merchants,
    talents and red markers go; his offices and concessions go to the Port. A faction leader's
    family stays in the faction, keeping its merchants (``stays``); any other family card goes face
    down to the Port. A dead statesman leaves the game; his family card (``family_card``), if under
    him, is handled as a family card."""

    senator: str
    cause: str
    stays: bool


class SenatorChanged(Variant, frozen=True):
    """Markers on a senator change by these amounts (Influence never below 0, R29); ``reason``."""

    senator: str
    influence: int
    popularity: int
    merchants: int
    reason: str


class SenatorMoved(Variant, frozen=True):
    """``senator`` now belongs to ``seat`` (-1: the Port) and is at ``where`` (carthage, province,
    war, exploration, captured, exiled, rebel), face up or not."""

    senator: str
    seat: int
    where: str
    face_up: bool
    reason: str


class LeaderNamed(Variant, frozen=True):
    """``seat``'s Faction Leader is now ``senator`` (Préparation du jeu 7; IV.4)."""

    seat: int
    senator: str


class Transferred(Variant, frozen=True):
    """``amount`` talents go from ``source`` to ``target`` (see the module docstring for places)."""

    source: str
    target: str
    amount: int
    reason: str


class MarkersSet(Variant, frozen=True):
    """A senator's red (Responsibility) markers are set to ``red`` (II.3, II.9, V.5)."""

    senator: str
    red: int


# -- offices and provinces -------------------------------------------------------------------
class OfficeTaken(Variant, frozen=True):
    """``senator`` takes ``office`` for ``term`` turns."""

    office: str
    senator: str
    term: int


class OfficeLeft(Variant, frozen=True):
    """``office``'s holder leaves it; the card goes to the Port."""

    office: str
    reason: str


class TermMarked(Variant, frozen=True):
    """An office's or province's term marker: turns ``left``, red or not (II.3, II.9, V.1)."""

    holder: str  # office id or province id
    left: int
    red: bool


class ProvinceChanged(Variant, frozen=True):
    """``province`` is in play or not, developed or not."""

    province: str
    in_play: bool
    developed: bool
    reason: str


class GovernorNamed(Variant, frozen=True):
    """``senator`` governs ``province`` for ``term`` turns (``""``: the governor comes home)."""

    province: str
    senator: str
    term: int


# -- the State -------------------------------------------------------------------------------
class TaxRateSet(Variant, frozen=True):
    rate: int
    reason: str


class ForcesMoved(Variant, frozen=True):
    """``count`` units of ``unit`` (an army type or ``squadron``) go from ``origin`` to ``target``:
    out (not in play), reserve, active, deserted, lost, force:<n>."""

    unit: str
    count: int
    origin: str
    target: str
    reason: str


class ForceSent(Variant, frozen=True):
    """The Senate sends force ``force`` to ``war`` (or an exploration): its commanders leave Carthage
    with the armies named (one entry per army, from Active Forces), the squadrons, caravans and
    trade fleets (V.7)."""

    force: int
    war: str
    commanders: tuple[str, ...]
    armies: tuple[str, ...]
    squadrons: int
    caravans: int
    fleets: int


class ForceEnded(Variant, frozen=True):
    """Force ``force`` is over: its commanders come home (or stay captured), its armies go to
    ``armies_to`` and its squadrons to ``squadrons_to`` (VI)."""

    force: int
    armies_to: str
    squadrons_to: str
    reason: str


class ExpeditionLost(Variant, frozen=True):
    """Force ``force`` loses caravans and trade fleets (VI.1)."""

    force: int
    caravans: int
    fleets: int


class SquadronVictory(Variant, frozen=True):
    """The naval part of ``war`` is won: a Squadron Victory marker goes on it (V.7, Guerres navales)."""

    war: str


class VeteranMade(Variant, frozen=True):
    """An army of ``unit`` in force ``force`` becomes a veteran, loyal to ``senator`` (VI.2)."""

    force: int
    unit: str
    senator: str


class WarChanged(Variant, frozen=True):
    """``war`` (or an exploration or enemy leader) now has ``status``: inactive, active,
    unprosecuted, lost, removed, or for a leader in_play/removed."""

    war: str
    status: str
    reason: str


class CountersSet(Variant, frozen=True):
    """Per-turn counters of the State: ``name`` (ineffective_recruitment, no_recruitment,
    cards_sold, initiatives, crisis…) is now ``value``."""

    name: str
    value: int


# -- play cards ------------------------------------------------------------------------------
class DeckShuffled(Variant, frozen=True):
    """The draw deck is now ``cards``, top first (Préparation du jeu 3, 5; IV.2a). Seen by nobody."""

    deck: str
    cards: tuple[str, ...]


class DeckShuffledRedacted(Variant, frozen=True):
    deck: str
    count: int


class CardsDealt(Variant, frozen=True):
    """``seat`` takes ``cards`` (from ``origin``: the hand deck of set-up, or the draw deck) into
    its hand. Private to the seat."""

    seat: int
    cards: tuple[str, ...]
    origin: str


class CardsDealtRedacted(Variant, frozen=True):
    seat: int
    count: int
    origin: str


class CardDrawn(Variant, frozen=True):
    """``seat`` draws ``card`` from the deck and it is shown (a war, leader, exploration or family:
    IV.2a)."""

    seat: int
    card: str


class CardPlayed(Variant, frozen=True):
    """``seat`` plays ``card`` from its hand, face up (on ``senator`` if it goes on one)."""

    seat: int
    card: str
    senator: str


class CardDiscarded(Variant, frozen=True):
    seat: int
    card: str
    reason: str


class EventCardPlaced(Variant, frozen=True):
    """A Random Events card comes into play in the Port, ``side`` front or back (IV.2a)."""

    event: str
    side: str


class ConcessionChanged(Variant, frozen=True):
    """A Trade Concession now lies with ``holder``: a senator, ``""`` (face up in the Port) or
    ``"!"`` (destroyed, face down in the Port)."""

    concession: str
    holder: str
    reason: str


class FamilyJoined(Variant, frozen=True):
    """A family card drawn while its statesman is in play goes under him (IV.2a, Famille)."""

    statesman: str


class EventsCleared(Variant, frozen=True):
    """Last turn's Random Events leave the Port (IV.1)."""


# -- commerce --------------------------------------------------------------------------------
class PileShuffled(Variant, frozen=True):
    """Commerce pile ``pile`` (1-9) is now ``cards``, top first. Seen by nobody."""

    pile: int
    cards: tuple[str, ...]


class PileShuffledRedacted(Variant, frozen=True):
    pile: int
    count: int


class CommerceAside(Variant, frozen=True):
    """``cards`` are taken from the top of pile ``pile`` and set aside face down (Préparation du
    jeu 17; wars, III notes), for ``reason`` (setup, a war's id, halving). Seen by nobody."""

    pile: int
    cards: tuple[str, ...]
    reason: str


class CommerceAsideRedacted(Variant, frozen=True):
    pile: int
    count: int
    reason: str


class CommercePulled(Variant, frozen=True):
    """``count`` cards of ``commodity`` are searched out of pile ``pile`` and set aside, shown
    (III notes, Diviser les cartes)."""

    pile: int
    commodity: str
    count: int
    reason: str


class CommerceBack(Variant, frozen=True):
    """Cards set aside for ``reason`` go back under pile ``pile`` (III notes: a war that ends);
    ``cards`` as they were, shown now."""

    pile: int
    cards: tuple[str, ...]
    reason: str


class CommerceDrawn(Variant, frozen=True):
    """``seat`` draws the top card of pile ``pile``: ``card`` (III.1). Private to the seat."""

    seat: int
    pile: int
    card: str


class CommerceDrawnRedacted(Variant, frozen=True):
    seat: int
    pile: int


class CommerceSold(Variant, frozen=True):
    """``seat`` sells ``count`` cards of ``commodity`` for ``value`` talents (III.3a), face up."""

    seat: int
    commodity: str
    count: int
    value: int


class CommerceReturned(Variant, frozen=True):
    """``seat``'s ``cards`` go under their piles (III.3d: over the warehouse limit; III.3f)."""

    seat: int
    cards: tuple[str, ...]
    reason: str


# -- secret choices and negotiation ----------------------------------------------------------
class ChoiceMade(Variant, frozen=True):
    """``seat`` adds ``names`` to its secret choice for the simultaneous ``step`` (the Civil War's
    cards: "card|senator"); revealed when every seat is done. Private to the seat."""

    seat: int
    step: str
    names: tuple[str, ...]


class ChoiceMadeRedacted(Variant, frozen=True):
    seat: int
    step: str


class ChoicesRevealed(Variant, frozen=True):
    """Every seat is done with ``step``: the secret choices are shown together (the events that
    follow carry them out) and cleared."""

    step: str
    seats: tuple[int, ...]
    choices: tuple[str, ...]  # "seat|card|senator", in the order they are carried out


class OfferPicked(Variant, frozen=True):
    """``seat`` puts ``card`` (a commerce card of its hand) into the offer it is making (III.2).
    Private to the seat."""

    seat: int
    card: str


class OfferPickedRedacted(Variant, frozen=True):
    seat: int


class OfferMade(Variant, frozen=True):
    """``seat`` offers ``to`` its ``count`` commerce cards picked, worth ``value`` talents at face
    value (R9), among them ``named``, for ``want`` cards of ``to``'s choice (III.2: what is said of an
    offer must be true, and hands are not shown). Private to the two seats."""

    seat: int
    to: int
    count: int
    value: int
    named: str
    want: int


class OfferMadeRedacted(Variant, frozen=True):
    seat: int
    to: int


class OfferAnswered(Variant, frozen=True):
    """``to`` accepts or declines ``seat``'s offer; accepted, it binds: the cards change hands."""

    seat: int
    to: int
    accepted: bool


class CommerceGiven(Variant, frozen=True):
    """``seat`` gives ``cards`` of its commerce hand to ``to`` (an accepted offer). Private to the two."""

    seat: int
    to: int
    cards: tuple[str, ...]


class CommerceGivenRedacted(Variant, frozen=True):
    seat: int
    to: int
    count: int


# -- the Senate -----------------------------------------------------------------------------
class ProposalMade(Variant, frozen=True):
    """The presiding officer (``seat``) proposes ``kind`` with ``senators`` and ``target``."""

    seat: int
    kind: str
    senators: tuple[str, ...]
    target: str
    amount: int


class VoteCast(Variant, frozen=True):
    """``seat`` votes ``vote`` (yes, no, abstain) with ``votes`` votes, ``bought`` of them paid."""

    seat: int
    vote: str
    votes: int
    bought: int


class ProposalDecided(Variant, frozen=True):
    kind: str
    passed: bool
    yes: int
    no: int


Event = Union[
    TurnBegan, PhaseBegan, Flow, GameEnded, Rolled, ChitDrawn,
    SenatorEntered, SenatorDied, SenatorChanged, SenatorMoved, LeaderNamed, Transferred, MarkersSet,
    OfficeTaken, OfficeLeft, TermMarked, ProvinceChanged, GovernorNamed,
    TaxRateSet, ForcesMoved, ForceSent, ForceEnded, ExpeditionLost, SquadronVictory, VeteranMade, WarChanged, CountersSet,
    DeckShuffled, DeckShuffledRedacted, CardsDealt, CardsDealtRedacted, CardDrawn, CardPlayed, CardDiscarded,
    EventCardPlaced, EventsCleared, ConcessionChanged, FamilyJoined,
    PileShuffled, PileShuffledRedacted, CommerceAside, CommerceAsideRedacted, CommercePulled, CommerceBack, CommerceDrawn,
    CommerceDrawnRedacted, CommerceSold, CommerceReturned,
    ChoiceMade, ChoiceMadeRedacted, ChoicesRevealed, OfferPicked, OfferPickedRedacted, OfferMade,
    OfferMadeRedacted, OfferAnswered, CommerceGiven, CommerceGivenRedacted,
    ProposalMade, VoteCast, ProposalDecided,
]
