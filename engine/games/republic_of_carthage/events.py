"""The Republic of Carthage's events: what happened, in the log's words (DESIGN.md principle 1).

Events are facts and carry every outcome: each die, each Mortality chit, each card drawn and the
order a deck was shuffled into. They are public unless said otherwise; a private event's
``...Redacted`` form is what every other seat and spectators receive.

Senators are named by their card id: a family number (``"7"``) or a statesman (``"2A"``). Seats
are 0..n-1, clockwise. Places of talents (``Transferred``): ``senator:<id>``, ``faction:<seat>``
(a faction treasury), ``state`` (the State Treasury) and ``bank``. A faction treasury's amount is
hidden (R58): talents moved from one treasury to another are private to the two factions
(:class:`TransferredRedacted` for the others); every other move has a public side (a senator's
face-up talents, the State, the bank), so it is public.

The last event of a command is :class:`Flow` when the pending decision changed: the stack of
steps the rules are in the middle of, innermost last. It is public.
"""

from __future__ import annotations

from typing import Union

import msgspec

from engine.core import Variant


class Frame(msgspec.Struct, kw_only=True):
    """One pending step of the rules. ``kind`` names it (every kind is listed below, from the rules'
    own registry, flow.py); ``seat`` decides it (-1: the rules run it at once). The other fields are that step's bookkeeping: a senator, a
    target (senator, war, province or office), a count, and small lists whose meaning the kind
    gives."""

    kind: str  # the step's name (this message's comment lists every one)
    seat: int = -1  # the seat deciding; -1 the rules run it
    senator: str = ""  # the step's senator card id, "" none
    target: str = ""  # the step's target id (senator, war, province or office), "" none
    count: int = 0  # a count the kind gives
    nums: list[int] = []  # numbers the kind gives
    strs: list[str] = []  # words the kind gives


# -- the turn -------------------------------------------------------------------------------
class TurnBegan(Variant, frozen=True):
    turn: int  # the turn number, counting from 1


class PhaseBegan(Variant, frozen=True):
    """``phase``: setup, mortality, revenue, trade, port, senate, combat, civil_war."""

    phase: str  # setup, mortality, revenue, trade, port, senate, combat or civil_war


class Flow(Variant, frozen=True):
    frames: tuple[Frame, ...]  # pending steps, outermost first, innermost (the decision due now) last


class GameEnded(Variant, frozen=True):
    """The game is over (IX): ``winners`` (seats; empty when everybody loses), ``reason``, and
    each faction's Influence."""

    winners: tuple[int, ...]  # winning seats, ascending; empty when everybody loses
    reason: str  # how the game ended, a snake_case word
    scores: tuple[int, ...]  # each faction's Influence at the end, indexed by seat


# -- dice and chits -------------------------------------------------------------------------
class Rolled(Variant, frozen=True):
    """``seat`` (-1: the rules) rolled ``dice`` for ``purpose``; ``modifier`` was added; the table
    or the rule read ``outcome`` from the total."""

    seat: int  # the seat rolling; -1 the rules' own roll
    purpose: str  # what the roll decides (a snake_case word; a war's or exploration's rolls add :<war id>)
    dice: tuple[int, ...]  # each die's value (1-6), in the order rolled
    modifier: int  # the sum of the modifiers added
    total: int  # the dice plus the modifier
    outcome: str  # the table's or rule's answer in words


class ChitDrawn(Variant, frozen=True):
    """A Mortality chit drawn from the cup (I): a family number, ``none`` or ``draw_two``.
    ``reason`` says why it was drawn (mortality, war, exploration, event, assassin_trial)."""

    chit: str  # a family number ("7"), none or draw_two
    reason: str  # mortality, war, exploration, event or assassin_trial


# -- senators -------------------------------------------------------------------------------
class SenatorEntered(Variant, frozen=True):
    """A senator card enters play: dealt to ``seat`` (-1: the Port) with its printed Influence and
    Popularity, face up."""

    senator: str  # the senator card id
    seat: int  # the faction's seat; -1 the Port
    reason: str  # setup, drawn or played


class SenatorDied(Variant, frozen=True):
    """``senator`` dies (I, "Conséquences de la Mort"): his Influence, Popularity, merchants,
    talents and red markers go; his offices and concessions go to the Port. A faction leader's
    family stays in the faction, keeping its merchants (``stays``); any other family card goes face
    down to the Port. A dead statesman leaves the game; his family card (``family_card``), if under
    him, is handled as a family card."""

    senator: str  # the senator card id
    cause: str  # what killed him, a snake_case word (mortality, battle, trial …)
    stays: bool  # true: his family card stays in the faction (he was its Faction Leader)


class SenatorChanged(Variant, frozen=True):
    """Markers on a senator change by these amounts (Influence never below 0, R29); ``reason``."""

    senator: str  # the senator card id
    influence: int  # change of Influence (may be negative)
    popularity: int  # change of Popularity (may be negative)
    merchants: int  # change of merchants (may be negative)
    reason: str  # why, a snake_case word


class SenatorMoved(Variant, frozen=True):
    """``senator`` now belongs to ``seat`` (-1: the Port) and is at ``where`` (carthage, port,
    province, war, exploration, captured, exiled, rebel), face up or not."""

    senator: str  # the senator card id
    seat: int  # the faction's seat; -1 the Port
    where: str  # carthage, port, province, war, exploration, captured, exiled or rebel
    face_up: bool  # true: the card lies face up
    reason: str  # why, a snake_case word


class LeaderNamed(Variant, frozen=True):
    """``seat``'s Faction Leader is now ``senator`` (Préparation du jeu 7; IV.4)."""

    seat: int  # the faction's seat
    senator: str  # the senator card id of its new Faction Leader; "" none (his went into exile, R140)


class Transferred(Variant, frozen=True):
    """``amount`` talents go from ``source`` to ``target`` (see the module docstring for places)."""

    source: str  # the place the talents leave (senator:<id>, faction:<seat>, state, bank)
    target: str  # the place they go to (senator:<id>, faction:<seat>, state, bank)
    amount: int  # talents moved
    reason: str  # why, a snake_case word


class TransferredRedacted(Variant, frozen=True):
    """The public form of talents moved from one faction treasury to another (a gift in II.10, a
    payment owed by an offer, R112): the table sees the face-down stack pass (II.10), not how much
    (R58); the two factions receive the ``Transferred``."""

    source: str  # the faction treasury the talents leave (faction:<seat>)
    target: str  # the faction treasury they go to (faction:<seat>)
    reason: str  # why, a snake_case word


class MarkersSet(Variant, frozen=True):
    """A senator's red (Responsibility) markers are set to ``red`` (II.3, II.9, V.5)."""

    senator: str  # the senator card id
    red: int  # how many red markers he now has


# -- offices and provinces -------------------------------------------------------------------
class OfficeTaken(Variant, frozen=True):
    """``senator`` takes ``office`` for ``term`` turns."""

    office: str  # an office id of data/offices.json
    senator: str  # the senator card id taking it
    term: int  # turns the term lasts


class OfficeLeft(Variant, frozen=True):
    """``office``'s holder leaves it; the card goes to the Port."""

    office: str  # an office id
    reason: str  # why, a snake_case word


class TermMarked(Variant, frozen=True):
    """An office's or province's term marker: turns ``left``, red or not (II.3, II.9, V.1)."""

    holder: str  # office id or province id
    left: int  # turns of the term left
    red: bool  # true: the marker is on its red side


class ProvinceChanged(Variant, frozen=True):
    """``province`` is in play or not, developed or not."""

    province: str  # a province id of data/provinces.json
    in_play: bool  # true: the province is in play
    developed: bool  # true: the province is developed
    reason: str  # why, a snake_case word


class GovernorNamed(Variant, frozen=True):
    """``senator`` governs ``province`` for ``term`` turns (``""``: the governor comes home)."""

    province: str  # a province id
    senator: str  # the governor's senator card id; "" none (he came home)
    term: int  # turns of his term; 0 when he came home


# -- the State -------------------------------------------------------------------------------
class TaxRateSet(Variant, frozen=True):
    rate: int  # the tax rate now, in percent (0-90, by steps of 10)
    reason: str  # setup, senate, or the card id that changed it


class ForcesMoved(Variant, frozen=True):
    """``count`` units of ``unit`` (an army type or ``squadron``) go from ``origin`` to ``target``:
    out (not in play), reserve, active, deserted, lost, force:<n>."""

    unit: str  # an army type id of data/forces.json, or squadron
    count: int  # how many units
    origin: str  # where they were: out, reserve, active, deserted, lost or force:<n>
    target: str  # where they go, same words as origin
    reason: str  # why, a snake_case word


class ForceSent(Variant, frozen=True):
    """The Senate sends force ``force`` to ``war`` (or an exploration): its commanders leave Carthage
    with the armies named (one entry per army, from Active Forces), the squadrons, caravans and
    trade fleets (V.7)."""

    force: int  # the force's number: 1 for the first force sent in the game, then 2, 3 …
    war: str  # the war or exploration id it goes to
    commanders: tuple[str, ...]  # senator card ids commanding it, the commander first
    armies: tuple[str, ...]  # army type ids, one entry per army
    squadrons: int  # squadrons sent
    caravans: int  # caravans sent
    fleets: int  # trade fleets sent
    pooled: int = 0  # of the caravans or fleets sent, how many were in Carthage already (R172); the rest were bought


class ForceEnded(Variant, frozen=True):
    """Force ``force`` is over: its commanders come home (or stay captured), its armies go to
    ``armies_to`` and its squadrons to ``squadrons_to``; an expedition's caravans and trade fleets
    come home to Carthage, to be used again (VI.1, R172)."""

    force: int  # the force's number
    armies_to: str  # where its armies go (the words of ForcesMoved.target)
    squadrons_to: str  # where its squadrons go (the words of ForcesMoved.target)
    reason: str  # why it ended, a snake_case word (victory, defeat, war_over …)


class ExpeditionLost(Variant, frozen=True):
    """Force ``force`` loses caravans and trade fleets (VI.1)."""

    force: int  # the force's number
    caravans: int  # caravans lost
    fleets: int  # trade fleets lost


class SquadronVictory(Variant, frozen=True):
    """The naval part of ``war`` is won: a Squadron Victory marker goes on it (V.7, Guerres navales)."""

    war: str  # the war id


class VeteranMade(Variant, frozen=True):
    """An army of ``unit`` in force ``force`` becomes a veteran, loyal to ``senator`` (VI.2)."""

    force: int  # the force's number
    unit: str  # the army type id
    senator: str  # the senator card id the veterans are loyal to


class WarChanged(Variant, frozen=True):
    """``war`` (or an exploration or enemy leader) now has ``status``: inactive, active,
    unprosecuted, lost, removed, or for a leader in_play/removed."""

    war: str  # a war, exploration or enemy leader id
    status: str  # the new status (see above)
    reason: str  # why, a snake_case word


class CountersSet(Variant, frozen=True):
    """Per-turn counters of the State: ``name`` (ineffective_recruitment, no_recruitment,
    cards_sold, initiatives, crisis…) is now ``value``."""

    name: str  # the counter's name (see above)
    value: int  # its new value


# -- play cards ------------------------------------------------------------------------------
class DeckShuffled(Variant, frozen=True):
    """The draw deck is now ``cards``, top first (Préparation du jeu 3, 5; IV.2a). Seen by nobody."""

    deck: str  # hands (the set-up hand deck), I (the draw deck) or II (deck II, shuffled in when deck I runs out)
    cards: tuple[str, ...]  # card ids, top first


class DeckShuffledRedacted(Variant, frozen=True):
    deck: str  # hands, I or II, as in DeckShuffled
    count: int  # how many cards it holds


class CardsDealt(Variant, frozen=True):
    """``seat`` takes ``cards`` (from ``origin``: the hand deck of set-up, or the draw deck) into
    its hand. Private to the seat."""

    seat: int  # the seat receiving the cards
    cards: tuple[str, ...]  # card ids, in the order taken
    origin: str  # hands (the set-up hand deck) or deck (the draw deck)


class CardsDealtRedacted(Variant, frozen=True):
    seat: int  # the seat receiving the cards
    count: int  # how many cards it took
    origin: str  # hands or deck, as in CardsDealt


class CardDrawn(Variant, frozen=True):
    """``seat`` draws ``card`` from the deck and it is shown (a war, leader, exploration or family:
    IV.2a)."""

    seat: int  # the seat drawing
    card: str  # the card id, shown to all


class CardPlayed(Variant, frozen=True):
    """``seat`` plays ``card`` from its hand, face up (on ``senator`` if it goes on one)."""

    seat: int  # the seat playing
    card: str  # the card id
    senator: str  # the senator card id it goes on; "" none


class CardDiscarded(Variant, frozen=True):
    seat: int  # the seat discarding
    card: str  # the card id, shown to all
    reason: str  # why, a snake_case word (hand_limit …)


class EventCardPlaced(Variant, frozen=True):
    """A Random Events card comes into play in the Port, ``side`` front or back (IV.2a)."""

    event: str  # a Random Events card id of data/random_events.json
    side: str  # front or back


class ConcessionChanged(Variant, frozen=True):
    """A Trade Concession now lies with ``holder``: a senator, ``""`` (face up in the Port) or
    ``"!"`` (destroyed, face down in the Port)."""

    concession: str  # a Trade Concession card id
    holder: str  # its holder's senator card id; "" face up in the Port; "!" destroyed
    reason: str  # why, a snake_case word


class FamilyJoined(Variant, frozen=True):
    """A family card goes under its statesman in play: drawn (IV.2a, Famille), or, for Mago, passing
    from the dead holder to the other statesman ("Terminologie"); it leaves the Port if it was there."""

    statesman: str  # the statesman's card id the family card goes under


class EventsCleared(Variant, frozen=True):
    """Last turn's Random Events leave the Port (IV.1)."""


# -- commerce --------------------------------------------------------------------------------
class PileShuffled(Variant, frozen=True):
    """Commerce pile ``pile`` (1-9) is now ``cards``, top first. Seen by nobody."""

    pile: int  # the commerce pile, 1-9
    cards: tuple[str, ...]  # commerce card ids, top first


class PileShuffledRedacted(Variant, frozen=True):
    pile: int  # the commerce pile, 1-9
    count: int  # how many cards it holds


class CommerceAside(Variant, frozen=True):
    """``cards`` are taken from the top of pile ``pile`` and set aside face down (Préparation du
    jeu 17; wars, III notes), for ``reason`` (setup, a war's id, halving). Seen by nobody."""

    pile: int  # the commerce pile, 1-9
    cards: tuple[str, ...]  # commerce card ids, top first
    reason: str  # setup, a war's id, or halving


class CommerceAsideRedacted(Variant, frozen=True):
    pile: int  # the commerce pile, 1-9
    count: int  # how many cards were set aside
    reason: str  # setup, a war's id, or halving


class CommercePulled(Variant, frozen=True):
    """``count`` cards of ``commodity`` are searched out of pile ``pile`` and set aside, shown
    (III notes, Diviser les cartes)."""

    pile: int  # the commerce pile, 1-9
    commodity: str  # a commodity id
    count: int  # how many cards were set aside
    reason: str  # why, a snake_case word (a war's id …)


class CommerceBack(Variant, frozen=True):
    """Cards set aside for ``reason`` go back under pile ``pile`` (III notes: a war that ends);
    ``cards`` as they were, shown now."""

    pile: int  # the commerce pile, 1-9
    cards: tuple[str, ...]  # commerce card ids, in the order put back
    reason: str  # the reason they were set aside


class CommerceDrawn(Variant, frozen=True):
    """``seat`` draws the top card of pile ``pile``: ``card`` (III.1). Private to the seat."""

    seat: int  # the seat drawing
    pile: int  # the commerce pile, 1-9
    card: str  # the commerce card id


class CommerceDrawnRedacted(Variant, frozen=True):
    seat: int  # the seat drawing
    pile: int  # the commerce pile, 1-9


class CommerceSold(Variant, frozen=True):
    """``seat`` sells ``count`` cards of ``commodity`` for ``value`` talents (III.3a), face up."""

    seat: int  # the seat selling
    commodity: str  # a commodity id
    count: int  # cards sold
    value: int  # talents received


class CommerceReturned(Variant, frozen=True):
    """``seat``'s ``cards`` go under their piles (III.3d: over the warehouse limit; III.3f)."""

    seat: int  # the seat whose cards they were
    cards: tuple[str, ...]  # commerce card ids, in the order returned
    reason: str  # warehouse (over the limit) or another snake_case word


# -- secret choices and negotiation ----------------------------------------------------------
class ChoiceMade(Variant, frozen=True):
    """``seat`` adds ``names`` to its secret choice for the simultaneous ``step`` (the Civil War's
    cards: "card|senator"); revealed when every seat is done. Private to the seat."""

    seat: int  # the seat choosing
    step: str  # the simultaneous step's name
    names: tuple[str, ...]  # what it added, in order ("card|senator" for the Civil War)


class ChoiceMadeRedacted(Variant, frozen=True):
    seat: int  # the seat choosing
    step: str  # the simultaneous step's name


class ChoicesRevealed(Variant, frozen=True):
    """Every seat is done with ``step``: the secret choices are shown together (the events that
    follow carry them out) and cleared."""

    step: str  # the simultaneous step's name
    seats: tuple[int, ...]  # the seats that took part, ascending
    choices: tuple[str, ...]  # "seat|card|senator", in the order they are carried out


class OfferPicked(Variant, frozen=True):
    """``seat`` puts ``card`` (a commerce card of its hand, III.2; with ``hand``, a card of its hand
    of Intrigue, Event, Law, Concession and Statesman cards, VII.2) into the offer it is making.
    Private to the seat."""

    seat: int  # the seat making the offer
    card: str  # the card id picked: a commerce card, or with hand a card of the hand
    hand: bool = False  # true: a card of the hand, offered in the Civil War phase (VII.2); false: a commerce card


class OfferPickedRedacted(Variant, frozen=True):
    seat: int  # the seat making an offer


class OfferMade(Variant, frozen=True):
    """``seat`` offers ``to`` its ``count`` commerce cards picked, worth ``value`` talents at face
    value (R9), among them ``named``, for ``want`` cards of ``to``'s choice (III.2: what is said of an
    offer must be true, and hands are not shown), with ``talents`` promised or asked (R112). Private
    to the two seats."""

    seat: int  # the seat offering
    to: int  # the seat offered to
    count: int  # commerce cards offered
    value: int  # their total face value, in talents
    named: str  # one of the offered commerce card ids, named to the receiver
    want: int  # cards asked in return, of the receiver's choice
    talents: int = 0  # R112: >0 talents promised to the receiver, <0 asked of him; paid in the next Revenue phase
    cards_promised: tuple[str, ...] = ()  # R136: Intrigue/Event card ids of the offering hand it promises, handed over at the start of the next Civil War phase
    cards_asked: int = 0  # R136: Intrigue/Event cards of the receiver's hand, of his choice, asked in return, handed over at the start of the next Civil War phase


class OfferMadeRedacted(Variant, frozen=True):
    seat: int  # the seat offering
    to: int  # the seat offered to


class CardOfferMade(Variant, frozen=True):
    """VII.2: ``seat`` offers ``to`` the ``cards`` of its hand, named to him, for ``want`` cards of
    ``to``'s hand of ``to``'s choice (R111), with ``talents`` promised or asked (R112). Private to
    the two seats; the others receive ``OfferMadeRedacted`` (who offers to whom)."""

    seat: int  # the seat offering
    to: int  # the seat offered to
    cards: tuple[str, ...]  # the card ids offered, from the offering hand, in the order picked
    want: int  # cards asked in return, of the receiver's choice (0: a gift)
    talents: int = 0  # R112: >0 talents promised to the receiver, <0 asked of him; paid in the next Revenue phase


class OfferAnswered(Variant, frozen=True):
    """``to`` accepts or declines ``seat``'s offer; accepted, it binds: the cards change hands, and
    talents promised or asked are owed until the next II.10 (R112). A declined offer is public; an
    accepted one is private to the two seats, whose debt it records (R135), and every other seat and
    spectators receive it with ``talents`` 0."""

    seat: int  # the seat that offered
    to: int  # the seat answering
    accepted: bool  # true: accepted
    talents: int = 0  # R112, R135: accepted, the talents now owed: >0 by the offering seat to the receiver, <0 by the receiver to the offering seat (0 for the others)
    cards_promised: tuple[str, ...] = ()  # R136: accepted, the cards of the offering hand now owed to the receiver (the two seats only)
    cards_asked: int = 0  # R136: accepted, the Intrigue/Event cards of his choice the receiver now owes (the two seats only)


class CardDebtsSettled(Variant, frozen=True):
    """R136: at the start of the Civil War phase the cards owed by accepted commerce offers are handed
    over (``CardsGiven``; those of the debtor's choice one at a time, ``owed_card``), or lost where the
    debtor no longer holds them: no card debt remains. Public, every Civil War phase, debts or none."""


class PromisesSettled(Variant, frozen=True):
    """R112: the talents owed by accepted offers have been paid (``Transferred``, reason ``promise``)
    at the start of II.10, or are lost where the payer could not pay them: no debt remains. Public,
    every Revenue phase, whether anything was owed or not (R135)."""


class CommerceGiven(Variant, frozen=True):
    """``seat`` gives ``cards`` of its commerce hand to ``to`` (an accepted offer). Private to the two."""

    seat: int  # the seat giving
    to: int  # the seat receiving
    cards: tuple[str, ...]  # commerce card ids given, in the order given


class CommerceGivenRedacted(Variant, frozen=True):
    seat: int  # the seat giving
    to: int  # the seat receiving
    count: int  # how many cards changed hands


class CardsGiven(Variant, frozen=True):
    """``seat`` gives ``cards`` of its hand (Intrigue, Event, Law, Concession, Statesman) to ``to``:
    an accepted offer of the Civil War phase (VII.2, R111). Private to the two."""

    seat: int  # the seat giving
    to: int  # the seat receiving
    cards: tuple[str, ...]  # card ids given, in the order given


class CardsGivenRedacted(Variant, frozen=True):
    seat: int  # the seat giving
    to: int  # the seat receiving
    count: int  # how many cards changed hands


class Said(Variant, frozen=True):
    """Table talk (R110): ``seat`` says ``text`` to ``to`` (-1: the whole table). It binds nobody
    and changes nothing. A message to one seat is private to the two; the others receive
    ``SaidRedacted`` (who spoke to whom, not what)."""

    seat: int  # the seat speaking
    to: int  # the seat spoken to; -1 the whole table
    text: str  # the message, 1-500 printable characters


class SaidRedacted(Variant, frozen=True):
    seat: int  # the seat speaking
    to: int  # the seat spoken to (never -1: public messages are not redacted)


# -- the Senate -----------------------------------------------------------------------------
class ProposalMade(Variant, frozen=True):
    """The presiding officer (``seat``) proposes ``kind`` with ``senators`` and ``target``."""

    seat: int  # the presiding officer's seat
    kind: str  # concession, disband, expedition, peace, prosecute, recruit, suffete_for_life, suffetes, tax or trial
    senators: tuple[str, ...]  # senator card ids the proposal names (candidates, the accused …), in the proposal's order
    target: str  # the war, province, office or card id it concerns; "" none
    amount: int  # a number it names (talents, armies …); 0 none


class VoteCast(Variant, frozen=True):
    """``seat`` votes ``vote`` (yes, no, abstain) with ``votes`` votes, ``bought`` of them paid."""

    seat: int  # the seat voting
    vote: str  # yes, no or abstain
    votes: int  # votes cast, bought ones included
    bought: int  # votes among them paid for in talents


class ProposalDecided(Variant, frozen=True):
    """The vote on the proposal is over: ``passed`` or not, with the votes cast. A trial is passed
    when the vote convicts the accused. The Appeal to the People may end a trial before its vote is
    over (V.5): ``appeal`` then says how, and the trial is not passed, whatever the votes cast until
    then (the game's version 4; before, such a trial was logged as the votes so far decided it)."""

    kind: str  # the proposal's kind, as in ProposalMade
    passed: bool  # true: adopted (a trial: the accused convicted by the vote)
    yes: int  # votes for (a trial the Appeal ended: those cast before it)
    no: int  # votes against (the same)
    appeal: str = ""  # a trial the Appeal to the People ended (V.5): freed (acquitted at once) or killed (dead at once); "" the vote decided


# -- VII.3 rebellion (roc-war) --------------------------------------------------------------
class ArmyMoved(Variant, frozen=True):
    """One army token moves from ``origin`` to ``target`` keeping its veteran status and loyalty;
    ``unit``, ``veteran`` and ``loyal`` say which token (a victor's armies on his card,
    ``victor:<senator>``; an army joining or leaving the rebels, ``rebel``)."""

    unit: str      # the army token's type, an id of forces.json's armies
    origin: str    # where it was: reserve | active | force:<n> | rebel | victor:<senator> (an Army.place)
    target: str    # where it goes, in the same words
    veteran: bool  # true: a veteran army (it keeps this status on the move)
    loyal: str     # the senator id a veteran is loyal to ("" none)
    reason: str    # why: returned | same_faction | rebel_bid | loyal_veteran | allegiance | weaker_rebel | superseded (R90)


class RebelsChanged(Variant, frozen=True):
    """The rebellion (VII.3) is now: ``leaders``, the rebel commanders; ``rebels``, every senator in
    rebellion, leaders first. Both empty: no rebellion in progress."""

    leaders: tuple[str, ...]  # senator ids of the rebel commanders
    rebels: tuple[str, ...]   # senator ids of every senator in rebellion, leaders first
    reason: str               # declared | accomplice | no_rebels_left | no_army_left | beaten | superseded (R90)


# -- V.7 the Senate's forces in the field (roc-war) -------------------------------------------
class ForceReinforced(Variant, frozen=True):
    """V.7 Augmentation: more armies (one entry per army, from Active Forces) and ``squadrons`` join
    force ``force`` in the field."""

    force: int                # the force's number (ForceView.force)
    armies: tuple[str, ...]   # one entry per army sent from Active Forces: its type (forces.json's armies id)
    squadrons: int            # squadrons sent with them, from Active Forces


class ForceCommanded(Variant, frozen=True):
    """Force ``force`` is now led by ``commanders`` (V.7 Rappel des Commandants: a replacement); the
    commanders it had come back to Carthage."""

    force: int                    # the force's number (ForceView.force)
    commanders: tuple[str, ...]   # senator ids now leading it, first commander first (empty: none)
    reason: str                   # recalled


class AssassinationAttempted(Variant, frozen=True):
    """V.7, Assassinats: ``seat``'s senator ``assassin`` tries to kill ``target`` (a senator of another
    faction in Carthage); the dice that follow (``Rolled``) say how it ends."""

    seat: int      # the seat whose senator makes the attempt
    assassin: str  # senator id of the assassin (a senator of that seat's faction in Carthage)
    target: str    # senator id of the intended victim (another faction's senator in Carthage)


class ProposalVetoed(Variant, frozen=True):
    """V.7, Indignation générale: ``seat`` played Public Outcry to veto the proposal of ``kind`` being
    voted on; the vote stops and the proposal may not come again this turn."""

    seat: int  # the seat that played Public Outcry
    kind: str  # the vetoed proposal's kind, as in ProposalMade


class CardCancelled(Variant, frozen=True):
    """R79: ``seat``'s Intrigue ``card``, just played, is cancelled by ``by``'s Counter-Intrigue: it
    stays in the discard with no effect."""

    seat: int  # the seat that played the cancelled Intrigue card
    card: str  # the cancelled card's id
    by: int    # the seat that played Counter-Intrigue


Event = Union[
    TurnBegan, PhaseBegan, Flow, GameEnded, Rolled, ChitDrawn,
    SenatorEntered, SenatorDied, SenatorChanged, SenatorMoved, LeaderNamed, Transferred, TransferredRedacted, MarkersSet,
    OfficeTaken, OfficeLeft, TermMarked, ProvinceChanged, GovernorNamed,
    TaxRateSet, ForcesMoved, ForceSent, ForceEnded, ExpeditionLost, SquadronVictory, VeteranMade, WarChanged, CountersSet,
    DeckShuffled, DeckShuffledRedacted, CardsDealt, CardsDealtRedacted, CardDrawn, CardPlayed, CardDiscarded,
    EventCardPlaced, EventsCleared, ConcessionChanged, FamilyJoined,
    PileShuffled, PileShuffledRedacted, CommerceAside, CommerceAsideRedacted, CommercePulled, CommerceBack, CommerceDrawn,
    CommerceDrawnRedacted, CommerceSold, CommerceReturned,
    ChoiceMade, ChoiceMadeRedacted, ChoicesRevealed, OfferPicked, OfferPickedRedacted, OfferMade,
    OfferMadeRedacted, OfferAnswered, CommerceGiven, CommerceGivenRedacted,
    CardOfferMade, CardsGiven, CardsGivenRedacted, Said, SaidRedacted,
    ProposalMade, VoteCast, ProposalDecided,
    ArmyMoved, RebelsChanged, ForceReinforced, ForceCommanded,
    AssassinationAttempted, ProposalVetoed, CardCancelled, PromisesSettled,
    CardDebtsSettled,
]
