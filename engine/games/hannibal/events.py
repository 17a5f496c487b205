"""Hannibal events: what happened, in the log's words (DESIGN.md principle 1).

Events are facts and carry every outcome: the die rolled, the card dealt, the order the deck was
shuffled into. Public unless said otherwise; a private event's ``...Redacted`` form is what every
other seat and spectators receive.

Sides are 0 (Rome) and 1 (Carthage), as the seats are. Spaces, generals and provinces are the ids
of ``data/*.json``; strategy cards are their numbers 1-64; battle cards are type ids
(``frontal_assault``, ``flank_left``, ``flank_right``, ``probe``, ``double_envelopment``,
``reserve``).

The last event of every command is :class:`Flow` when the decision that is pending changed: the
stack of decisions the rules are in the middle of (an activation inside a campaign, a battle inside
an activation …), innermost last. It is public: it says who must decide what, never what anyone
holds.
"""

from __future__ import annotations

from typing import Union

import msgspec

from engine.core import Variant


class Frame(msgspec.Struct, kw_only=True):
    """One pending step of the rules. ``kind`` names it (``strategy``, ``move``, ``reaction`` …:
    every kind is listed below, from the rules' own registry, flow.py); ``seat`` decides it (-1:
    nobody, the rules run it). The other fields are that step's bookkeeping: the card being played, the active general,
    the space, movement points left, and small lists whose meaning the kind gives."""

    kind: str  # the step's name (this message's comment lists every one)
    seat: int = -1  # the side deciding, 0 Rome, 1 Carthage; -1 the rules run it
    card: int = 0  # the strategy card number being played, 0 none
    general: str = ""  # the active general id, "" none
    space: str = ""  # the step's space id, "" none
    origin: str = ""  # the space id the step started from (or a battle card type, by kind), "" none
    count: int = 0  # a count the kind gives (CU, ops left …)
    mp: int = 0  # movement points left
    flags: list[str] = []  # words the kind gives (a campaign's used units, spent armies …)
    spaces: list[str] = []  # space ids the kind gives (spaces entered, choices …)
    generals: list[str] = []  # general ids the kind gives (the generals activated …)
    nums: list[int] = []  # numbers the kind gives


# -- the deck and the turn ------------------------------------------------------------------
class TurnBegan(Variant, frozen=True):
    """Turn ``turn`` (1-9) begins: the turn marker moves (§5)."""

    turn: int  # the turn number, 1-9


class PhaseBegan(Variant, frozen=True):
    """A phase of the turn begins (§5): reinforcements, strategy, winter_attrition, isolation,
    political."""

    phase: str  # reinforcements, strategy, winter_attrition, isolation or political


class DeckShuffled(Variant, frozen=True):
    """The strategy deck is now exactly ``cards``, top first (§4.4, §8.7). Seen by nobody."""

    cards: tuple[int, ...]  # strategy card numbers, top of the deck first
    reason: str  # setup, deck_short (too few cards to deal) or truce (card 64)


class DeckShuffledRedacted(Variant, frozen=True):
    count: int  # how many cards the deck now holds
    reason: str  # setup, deck_short or truce, as in DeckShuffled


class CardsDealt(Variant, frozen=True):
    """``seat`` receives ``cards`` from the top of the deck (§7.1). Private to the seat."""

    seat: int  # the seat receiving the cards (0 Rome, 1 Carthage)
    cards: tuple[int, ...]  # strategy card numbers, in the order dealt


class CardsDealtRedacted(Variant, frozen=True):
    seat: int  # the seat receiving the cards
    count: int  # how many cards were dealt


class FirstPlayer(Variant, frozen=True):
    """``seat`` plays the first strategy card of the turn; ``claimed``: Rome claimed it with a
    campaign card (§7.3)."""

    seat: int  # the seat playing first this turn (0 Rome, 1 Carthage)
    claimed: bool  # true: Rome claimed first play with a campaign card


class CardPlayed(Variant, frozen=True):
    """``seat`` plays strategy card ``card`` face up: ``use`` is ``ops``, ``event``, ``counter``
    (a counter-event out of turn, §8.4) or ``discard`` (§8.6). ``removed``: it leaves the game
    instead of the discard pile (a one-time event, §8.5)."""

    seat: int  # the seat playing the card
    card: int  # the strategy card number, 1-64
    use: str  # ops, event, counter or discard
    removed: bool  # true: the card leaves the game instead of going to the discard pile


class CardLost(Variant, frozen=True):
    """``seat`` loses ``card`` from its hand, drawn at random and shown (cards 9 and 55)."""

    seat: int  # the seat losing the card
    card: int  # the strategy card number, 1-64


class HandSeen(Variant, frozen=True):
    """``viewer`` looks at ``seat``'s hand (card 55). Private to the viewer and the seat."""

    viewer: int  # the seat looking
    seat: int  # the seat whose hand is shown
    cards: tuple[int, ...]  # that hand's strategy card numbers, ascending


class HandSeenRedacted(Variant, frozen=True):
    viewer: int  # the seat looking
    seat: int  # the seat whose hand is shown
    count: int  # how many cards that hand holds


# -- units and generals -----------------------------------------------------------------------
class CuPlaced(Variant, frozen=True):
    """``count`` CU of ``side`` (``elephants`` of them elephant CU) appear in ``space``, inside
    its walls if ``inside``; ``cause``: reinforcement, raise, event."""

    side: int  # 0 Rome, 1 Carthage
    space: str  # a space id
    count: int  # CU placed, elephant CU included
    elephants: int  # elephant CU among count
    inside: bool  # true: inside the walls of the space's city
    cause: str  # reinforcement, raise or event


class CuLost(Variant, frozen=True):
    """``count`` CU of ``side`` in ``space`` (``elephants`` of them elephant CU) are eliminated,
    inside the walls if ``inside``; ``cause``: battle, retreat_table, retreat, attrition, naval,
    overrun, siege, event, no_retreat."""

    side: int  # 0 Rome, 1 Carthage
    space: str  # a space id
    count: int  # CU eliminated, elephant CU included
    elephants: int  # elephant CU among count
    inside: bool  # true: they were inside the walls
    cause: str  # battle, retreat_table, retreat, attrition, naval, overrun, siege, event or no_retreat


class UnitsMoved(Variant, frozen=True):
    """Units of ``side`` go from ``origin`` (inside its walls if ``from_inside``) to ``space``
    (inside if ``to_inside``): ``count`` CU (``elephants`` of them elephant CU) and the
    ``generals``. ``how``: march, sail, intercept, avoid, step_back, retreat, withdraw, enter_city,
    leave_city, event."""

    side: int  # 0 Rome, 1 Carthage
    origin: str  # the space id left
    space: str  # the space id entered
    count: int  # CU moved, elephant CU included
    elephants: int  # elephant CU among count
    generals: tuple[str, ...]  # general ids moving with them
    from_inside: bool  # true: they left from inside the walls of origin
    to_inside: bool  # true: they end inside the walls of space
    how: str  # march, sail, intercept, avoid, step_back, retreat, withdraw, enter_city, leave_city or event


class GeneralPlaced(Variant, frozen=True):
    """``general`` is put on the map in ``space`` (reinforcements, election, return)."""

    general: str  # a general id
    space: str  # the space id he is placed in
    inside: bool  # true: inside the walls of the space's city


class GeneralOff(Variant, frozen=True):
    """``general`` leaves the map: ``to`` is ``cup`` (Roman generals between elections),
    ``neutralized`` (back at the next reinforcement phase, §10.10) or ``removed`` (out of the
    game)."""

    general: str  # a general id
    to: str  # cup, neutralized or removed
    cause: str  # election, event, reinforcements, retreat_table, no_retreat, retreat, withdrawal, avoidance, naval, intercepted, overrun, siege or no_space (§6.7)


class OfficeChanged(Variant, frozen=True):
    """A Roman general's office: ``consul``, ``proconsul`` or ``""`` (§6.4-§6.6)."""

    general: str  # a Roman general id
    office: str  # consul, proconsul or "" (none)


class ConsulsDrawn(Variant, frozen=True):
    """The two generals drawn from the cup as this year's consuls (§6.4)."""

    generals: tuple[str, ...]  # the two general ids, in the order drawn


class CommandTaken(Variant, frozen=True):
    """``general`` commands the stack he is in (§9.3, §10.8, §18.2)."""

    general: str  # the general id now in command


# -- control ------------------------------------------------------------------------------------
class ControlChanged(Variant, frozen=True):
    """The PC, city or tribe marker of ``space`` now belongs to ``side`` (-1: removed).
    ``cause``: ops, event, battle_loss, isolation, political, siege, submission, …"""

    space: str  # a space id
    side: int  # 0 Rome, 1 Carthage; -1 the marker is removed
    cause: str  # what changed it: ops, event, battle_loss, isolation, political, siege, submission …


class SiegePoints(Variant, frozen=True):
    """Siege or submission points of ``side`` against ``space`` are now ``points`` (0: the
    siege is lifted or over, §20.6, §20.8)."""

    space: str  # the besieged city's or submitting tribe's space id
    side: int  # the besieging side, 0 Rome, 1 Carthage
    points: int  # the points now accumulated; 0 the siege is lifted or over


class DieRolled(Variant, frozen=True):
    """A die roll and what it decided. ``purpose`` names the roll (interception, avoid, pursuit,
    counterattack, withdraw, cancel_withdraw, elephant_charge, command_swap, naval, attrition,
    battle_losses, retreat_table, siege, submission …); ``modifier`` is the sum of the modifiers;
    ``outcome`` is the table's answer in words."""

    seat: int  # the side rolling (0 Rome, 1 Carthage); -1 a roll nobody owns
    purpose: str  # what the roll decides (see above); attrition rolls read attrition:<reason>
    roll: int  # the die, 1-6
    modifier: int  # the sum of the modifiers applied to the roll
    outcome: str  # the table's answer in words


class MarkerSet(Variant, frozen=True):
    """A game marker changes: ``macedonia`` (1: allied to Carthage, card 9), ``naval_victory``
    (card 29), ``truce`` (card 64), ``counsel_rome``/``counsel_carthage`` (cards 57-58),
    ``reshuffle`` (deck reshuffled at the end of the turn, §8.7), ``proconsuls`` …"""

    name: str  # the marker's name (see above)
    value: int  # its new value (0 off; for a side marker 0 Rome, 1 Carthage)


# -- battle -------------------------------------------------------------------------------------
class BattleBegan(Variant, frozen=True):
    """A battle in ``space``: ``attacker`` side attacks (§14.5); ``generals``: the two
    commanders (attacker, defender; "" for a force without a general); ``cu``: the CU of each
    (attacker, defender)."""

    space: str  # the space id of the battle
    attacker: int  # the attacking side, 0 Rome, 1 Carthage
    origin: str  # the space id the attacker came from ("" when it was already there)
    generals: tuple[str, ...]  # (attacker, defender): commanding general ids, "" none
    cu: tuple[int, ...]  # (attacker, defender): CU in the battle
    inside: tuple[bool, ...]  # (attacker, defender): fights from inside the walls (a sortie)
    relief: bool              # the besieged CU join the relieving attacker (§20.7)


class BattleCardsDealt(Variant, frozen=True):
    """``seat`` is dealt ``cards`` for the battle (§14.1). Private to the seat."""

    seat: int  # the seat receiving them
    cards: tuple[str, ...]  # battle card type ids, in the order dealt


class BattleCardsDealtRedacted(Variant, frozen=True):
    seat: int  # the seat receiving them
    count: int  # how many battle cards were dealt


class BattleCardsShown(Variant, frozen=True):
    """Battle cards of ``seat`` turned face up for the whole battle (card 20)."""

    seat: int  # the seat whose battle hand is shown
    cards: tuple[str, ...]  # its battle card type ids


class BattleCardTaken(Variant, frozen=True):
    """A battle card passes from ``seat``'s hand to the other side's (card 59)."""

    seat: int  # the seat losing the card
    card: str  # the battle card type id


class BattleCardPlayed(Variant, frozen=True):
    """``seat`` plays a battle card of type ``card`` as a ``as_type`` card: to attack, or to
    match the attacker's card (§14.6-§14.9)."""

    seat: int  # the seat playing
    card: str  # the battle card type id played
    as_type: str  # the type it stands for
    attacking: bool  # true: played to attack; false: to match


class InitiativeChanged(Variant, frozen=True):
    """``seat`` attacks in the next round (§14.8, §16.1)."""

    seat: int  # the side attacking next round, 0 Rome, 1 Carthage


class BattleEnded(Variant, frozen=True):
    """The battle is decided after ``rounds`` rounds: ``winner`` side (-1: no winner, a
    successful withdrawal); ``how``: unmatched, no_cards, withdrawal."""

    winner: int  # the winning side, 0 Rome, 1 Carthage; -1 none
    rounds: int  # rounds fought, counting from 1
    how: str  # unmatched, no_cards or withdrawal
    card: str  # unmatched: the battle card type left unmatched; else ""


class BattleCleared(Variant, frozen=True):
    """Every battle card goes back to the battle deck (§14.1)."""


# -- the end ------------------------------------------------------------------------------------
class PoliticalPoints(Variant, frozen=True):
    """Political points counted in the political phase (§22.1): (Rome, Carthage)."""

    points: tuple[int, ...]  # (Rome, Carthage): points counted


class GameEnded(Variant, frozen=True):
    """The war is over: ``winner`` side; ``reason``: turn_limit, sudden_death_carthago,
    sudden_death_roma, sudden_death_italy, peace (the loser sued for peace)."""

    winner: int  # the winning side, 0 Rome, 1 Carthage
    reason: str  # turn_limit, sudden_death_carthago, sudden_death_roma, sudden_death_italy or peace
    points: tuple[int, ...]  # (Rome, Carthage): political points at the end


class Flow(Variant, frozen=True):
    """The stack of pending decisions, innermost last (see the module docstring)."""

    frames: tuple[Frame, ...]  # pending steps, outermost first, innermost (the decision due now) last


Event = Union[
    TurnBegan, PhaseBegan, DeckShuffled, DeckShuffledRedacted, CardsDealt, CardsDealtRedacted, FirstPlayer,
    CardPlayed, CardLost, HandSeen, HandSeenRedacted, CuPlaced, CuLost, UnitsMoved, GeneralPlaced, GeneralOff,
    OfficeChanged, ConsulsDrawn, CommandTaken, ControlChanged, SiegePoints, DieRolled, MarkerSet, BattleBegan,
    BattleCardsDealt, BattleCardsDealtRedacted, BattleCardsShown, BattleCardTaken, BattleCardPlayed,
    InitiativeChanged, BattleEnded, BattleCleared, PoliticalPoints, GameEnded, Flow,
]
EVENT_TYPES: tuple[type, ...] = Event.__args__
