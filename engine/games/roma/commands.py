"""Roma commands: one decision each (DESIGN.md principle 4).

Dice are named by their value (``die=4``): two dice showing the same number are the same choice,
so ``legal()`` lists it once. Discs are numbered 1..6. Cards are type ids.
"""

from __future__ import annotations

from typing import Union

from engine.core import Variant


# -- set-up -------------------------------------------------------------------------------
class PassCard(Variant, frozen=True):
    """Secretly choose one of the dealt cards to give to the other player; each seat sends two
    (both seats choose at the same time)."""

    card: str


class LayCard(Variant, frozen=True):
    """Lay one card free of charge where the pending decision asks for it: set-up placement
    (face down), Architectus/Senator (from hand), Consiliarius/Machina (re-laying)."""

    card: str
    disc: int


# -- phase 2: dice ------------------------------------------------------------------------
class RerollDice(Variant, frozen=True):
    """After rolling three of a kind, roll all three action dice once more."""


class KeepDice(Variant, frozen=True):
    """After rolling three of a kind, keep them."""


# -- phase 3: actions ---------------------------------------------------------------------
class PlayCard(Variant, frozen=True):
    """Pay a card's cost and lay it from hand on one of your discs (no die)."""

    card: str
    disc: int


class TakeMoney(Variant, frozen=True):
    """Put a die on the money disc: gain its value in sesterces."""

    die: int


class TakeCards(Variant, frozen=True):
    """Put a die on the cards disc: look at that many cards from the deck, keep one."""

    die: int


class ActivateCard(Variant, frozen=True):
    """Put the die showing ``disc`` on that dice disc: activate your card there."""

    disc: int


class EndTurn(Variant, frozen=True):
    """End the turn (unused dice are lost)."""


# -- answers to a pending decision --------------------------------------------------------
class ChooseCard(Variant, frozen=True):
    """Pick a card: the one to keep (take cards), from the deck (Haruspex), from the discard
    pile (Aesculapinum)."""

    card: str


class ChooseDisc(Variant, frozen=True):
    """Pick a disc: an opposing card to attack or remove, an opposing disc to block
    (Praetorianus), your character to copy (Scaenicus)."""

    disc: int


class ChooseDie(Variant, frozen=True):
    """Pick one of your unused dice by value: the Forum's VP die, the Templum die, the die a
    Centurio adds to the battle die."""

    die: int


class AdjustDie(Variant, frozen=True):
    """Consul: change one unused die by ``delta`` (+1 or -1)."""

    die: int
    delta: int


class BuyVictoryPoints(Variant, frozen=True):
    """Mercator: buy ``count`` of the opponent's VP."""

    count: int


class Decline(Variant, frozen=True):
    """Decline the optional rest of a decision: stop laying cards (Architectus, Senator), keep
    the battle roll (Centurio), leave the third die unused (Templum)."""


Command = Union[
    PassCard, LayCard, RerollDice, KeepDice, PlayCard, TakeMoney, TakeCards, ActivateCard, EndTurn,
    ChooseCard, ChooseDisc, ChooseDie, AdjustDie, BuyVictoryPoints, Decline,
]
COMMAND_TYPES: tuple[type, ...] = Command.__args__
