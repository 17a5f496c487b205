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
    """One pending step of the rules. ``kind`` names it (``strategy``, ``move``, ``reaction``,
    ``battle_round`` …: the list is in RULES.md); ``seat`` decides it (-1: nobody, the rules run
    it). The other fields are that step's bookkeeping: the card being played, the active general,
    the space, movement points left, and small lists whose meaning the kind gives."""

    kind: str
    seat: int = -1
    card: int = 0
    general: str = ""
    space: str = ""
    origin: str = ""
    count: int = 0
    mp: int = 0
    flags: list[str] = []
    spaces: list[str] = []
    generals: list[str] = []
    nums: list[int] = []


# -- the deck and the turn ------------------------------------------------------------------
class TurnBegan(Variant, frozen=True):
    """Turn ``turn`` (1-9) begins: the turn marker moves (§5)."""

    turn: int


class PhaseBegan(Variant, frozen=True):
    """A phase of the turn begins (§5): reinforcements, strategy, winter_attrition, isolation,
    political."""

    phase: str


class DeckShuffled(Variant, frozen=True):
    """The strategy deck is now exactly ``cards``, top first (§4.4, §8.7). Seen by nobody."""

    cards: tuple[int, ...]
    reason: str


class DeckShuffledRedacted(Variant, frozen=True):
    count: int
    reason: str


class CardsDealt(Variant, frozen=True):
    """``seat`` receives ``cards`` from the top of the deck (§7.1). Private to the seat."""

    seat: int
    cards: tuple[int, ...]


class CardsDealtRedacted(Variant, frozen=True):
    seat: int
    count: int


class FirstPlayer(Variant, frozen=True):
    """``seat`` plays the first strategy card of the turn; ``claimed``: Rome claimed it with a
    campaign card (§7.3)."""

    seat: int
    claimed: bool


class CardPlayed(Variant, frozen=True):
    """``seat`` plays strategy card ``card`` face up: ``use`` is ``ops``, ``event``, ``counter``
    (a counter-event out of turn, §8.4) or ``discard`` (§8.6). ``removed``: it leaves the game
    instead of the discard pile (a one-time event, §8.5)."""

    seat: int
    card: int
    use: str
    removed: bool


class CardLost(Variant, frozen=True):
    """``seat`` loses ``card`` from its hand, drawn at random and shown (cards 9 and 55)."""

    seat: int
    card: int


class HandSeen(Variant, frozen=True):
    """``viewer`` looks at ``seat``'s hand (card 55). Private to the viewer and the seat."""

    viewer: int
    seat: int
    cards: tuple[int, ...]


class HandSeenRedacted(Variant, frozen=True):
    viewer: int
    seat: int
    count: int


# -- units and generals -----------------------------------------------------------------------
class CuPlaced(Variant, frozen=True):
    """``count`` CU of ``side`` (``elephants`` of them elephant CU) appear in ``space``, inside
    its walls if ``inside``; ``cause``: reinforcement, raise, event."""

    side: int
    space: str
    count: int
    elephants: int
    inside: bool
    cause: str


class CuLost(Variant, frozen=True):
    """``count`` CU of ``side`` in ``space`` (``elephants`` of them elephant CU) are eliminated,
    inside the walls if ``inside``; ``cause``: battle, retreat_table, retreat, attrition, naval,
    overrun, siege, event, no_retreat."""

    side: int
    space: str
    count: int
    elephants: int
    inside: bool
    cause: str


class UnitsMoved(Variant, frozen=True):
    """Units of ``side`` go from ``origin`` (inside its walls if ``from_inside``) to ``space``
    (inside if ``to_inside``): ``count`` CU (``elephants`` of them elephant CU) and the
    ``generals``. ``how``: march, sail, intercept, avoid, step_back, retreat, withdraw, enter_city,
    leave_city, event."""

    side: int
    origin: str
    space: str
    count: int
    elephants: int
    generals: tuple[str, ...]
    from_inside: bool
    to_inside: bool
    how: str


class GeneralPlaced(Variant, frozen=True):
    """``general`` is put on the map in ``space`` (reinforcements, election, return)."""

    general: str
    space: str
    inside: bool


class GeneralOff(Variant, frozen=True):
    """``general`` leaves the map: ``to`` is ``cup`` (Roman generals between elections),
    ``neutralized`` (back at the next reinforcement phase, §10.10) or ``removed`` (out of the
    game)."""

    general: str
    to: str
    cause: str


class OfficeChanged(Variant, frozen=True):
    """A Roman general's office: ``consul``, ``proconsul`` or ``""`` (§6.4-§6.6)."""

    general: str
    office: str


class ConsulsDrawn(Variant, frozen=True):
    """The two generals drawn from the cup as this year's consuls (§6.4)."""

    generals: tuple[str, ...]


class CommandTaken(Variant, frozen=True):
    """``general`` commands the stack he is in (§9.3, §10.8, §18.2)."""

    general: str


# -- control ------------------------------------------------------------------------------------
class ControlChanged(Variant, frozen=True):
    """The PC, city or tribe marker of ``space`` now belongs to ``side`` (-1: removed).
    ``cause``: ops, event, battle_loss, isolation, political, siege, submission, …"""

    space: str
    side: int
    cause: str


class SiegePoints(Variant, frozen=True):
    """Siege or submission points of ``side`` against ``space`` are now ``points`` (0: the
    siege is lifted or over, §20.6, §20.8)."""

    space: str
    side: int
    points: int


class DieRolled(Variant, frozen=True):
    """A die roll and what it decided. ``purpose`` names the roll (interception, avoid, pursuit,
    counterattack, withdraw, cancel_withdraw, elephant_charge, command_swap, naval, attrition,
    battle_losses, retreat_table, siege, submission …); ``modifier`` is the sum of the modifiers;
    ``outcome`` is the table's answer in words."""

    seat: int
    purpose: str
    roll: int
    modifier: int
    outcome: str


class MarkerSet(Variant, frozen=True):
    """A game marker changes: ``macedonia`` (1: allied to Carthage, card 9), ``naval_victory``
    (card 29), ``truce`` (card 64), ``counsel_rome``/``counsel_carthage`` (cards 57-58),
    ``reshuffle`` (deck reshuffled at the end of the turn, §8.7), ``proconsuls`` …"""

    name: str
    value: int


# -- battle -------------------------------------------------------------------------------------
class BattleBegan(Variant, frozen=True):
    """A battle in ``space``: ``attacker`` side attacks (§14.5); ``generals``: the two
    commanders (attacker, defender; "" for a force without a general); ``cu``: the CU of each
    (attacker, defender)."""

    space: str
    attacker: int
    origin: str
    generals: tuple[str, ...]
    cu: tuple[int, ...]
    inside: tuple[bool, ...]  # (attacker, defender): fights from inside the walls (a sortie)
    relief: bool              # the besieged CU join the relieving attacker (§20.7)


class BattleCardsDealt(Variant, frozen=True):
    """``seat`` is dealt ``cards`` for the battle (§14.1). Private to the seat."""

    seat: int
    cards: tuple[str, ...]


class BattleCardsDealtRedacted(Variant, frozen=True):
    seat: int
    count: int


class BattleCardsShown(Variant, frozen=True):
    """Battle cards of ``seat`` turned face up for the whole battle (card 20)."""

    seat: int
    cards: tuple[str, ...]


class BattleCardTaken(Variant, frozen=True):
    """A battle card passes from ``seat``'s hand to the other side's (card 59)."""

    seat: int
    card: str


class BattleCardPlayed(Variant, frozen=True):
    """``seat`` plays a battle card of type ``card`` as a ``as_type`` card: to attack, or to
    match the attacker's card (§14.6-§14.9)."""

    seat: int
    card: str
    as_type: str
    attacking: bool


class InitiativeChanged(Variant, frozen=True):
    """``seat`` attacks in the next round (§14.8, §16.1)."""

    seat: int


class BattleEnded(Variant, frozen=True):
    """The battle is decided after ``rounds`` rounds: ``winner`` side (-1: no winner, a
    successful withdrawal); ``how``: unmatched, no_cards, withdrawal."""

    winner: int
    rounds: int
    how: str
    card: str


class BattleCleared(Variant, frozen=True):
    """Every battle card goes back to the battle deck (§14.1)."""


# -- the end ------------------------------------------------------------------------------------
class PoliticalPoints(Variant, frozen=True):
    """Political points counted in the political phase (§22.1): (Rome, Carthage)."""

    points: tuple[int, ...]


class GameEnded(Variant, frozen=True):
    """The war is over: ``winner`` side; ``reason``: turn_limit, sudden_death_carthago,
    sudden_death_roma, sudden_death_italy, peace (the loser sued for peace)."""

    winner: int
    reason: str
    points: tuple[int, ...]


class Flow(Variant, frozen=True):
    """The stack of pending decisions, innermost last (see the module docstring)."""

    frames: tuple[Frame, ...]


Event = Union[
    TurnBegan, PhaseBegan, DeckShuffled, DeckShuffledRedacted, CardsDealt, CardsDealtRedacted, FirstPlayer,
    CardPlayed, CardLost, HandSeen, HandSeenRedacted, CuPlaced, CuLost, UnitsMoved, GeneralPlaced, GeneralOff,
    OfficeChanged, ConsulsDrawn, CommandTaken, ControlChanged, SiegePoints, DieRolled, MarkerSet, BattleBegan,
    BattleCardsDealt, BattleCardsDealtRedacted, BattleCardsShown, BattleCardTaken, BattleCardPlayed,
    InitiativeChanged, BattleEnded, BattleCleared, PoliticalPoints, GameEnded, Flow,
]
EVENT_TYPES: tuple[type, ...] = Event.__args__
