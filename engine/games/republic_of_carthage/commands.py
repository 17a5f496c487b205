"""The Republic of Carthage's commands: a few small shapes answer every decision (DESIGN.md
principle 4, one decision per command). What a shape means depends on the pending step (the top
frame of ``state.flow``, shown in the view as ``prompt``); ``legal`` lists exactly what it
accepts.
"""

from __future__ import annotations

from typing import Union

from engine.core import Variant


class ChooseSenator(Variant, frozen=True):
    """Name a senator (card id): the one who gets the merchant, the new Faction Leader, the target
    of a persuasion, a candidate …"""

    senator: str  # a senator card id ("7", "2A") among those the decision allows


class ChooseNumber(Variant, frozen=True):
    """A number: a governor's term, an amount of talents, a bid."""

    number: int  # a number within the range the decision allows (turns, talents, votes …)


_NUMBERS: list[ChooseNumber] = []  # ChooseNumber(number=n) at index n, made once


def numbers(low: int, high: int) -> list[ChooseNumber]:
    """``[ChooseNumber(number=n) for n in range(low, high + 1)]``, from structs made once per number
    (commands are frozen, so one struct may stand in every list): an amount of talents, a bid or a
    vote lists dozens of them, and a search lists them at almost every step."""
    if high < low:
        return []
    if low < 0:
        return [ChooseNumber(number=n) for n in range(low, high + 1)]
    made = _NUMBERS
    if high >= len(made):
        made.extend(ChooseNumber(number=n) for n in range(len(made), high + 1))
    return made[low:high + 1]


class ChooseOption(Variant, frozen=True):
    """One of the named options of the step: ``yes``, ``no``, ``done``, ``pass``, a war, a pile …"""

    option: str  # one of the option words the decision offers (ListLegalCommands lists them)


class PlayCard(Variant, frozen=True):
    """Play ``card`` from the hand, on ``senator`` when it goes on one (a concession, a statesman
    covering his family)."""

    card: str  # a card id from your hand
    senator: str  # the senator card id it goes on; "" when it goes on none


class Transfer(Variant, frozen=True):
    """Start moving talents from ``source`` to ``target`` (``senator:<id>``, ``faction:<seat>``,
    ``state``); the amount is the next decision."""

    source: str  # the place the talents leave: senator:<id>, faction:<seat> or state
    target: str  # the place they go to: senator:<id>, faction:<seat> or state


class SellCommerce(Variant, frozen=True):
    """Sell ``count`` cards of ``commodity`` from the hand as one set (III.3a)."""

    commodity: str  # a commodity id of data/commerce.json
    count: int  # how many cards of it, all from your hand


class Say(Variant, frozen=True):
    """Table talk: a message to the whole table (``to`` -1) or to one other seat, sendable by any
    seat at any time before the game ends, whoever is to act; it binds nobody and changes no step
    (R110). Never listed by ListLegalCommands (free text cannot be listed)."""

    to: int  # the seat the message is for; -1 the whole table (spectators included)
    text: str  # the message: 1-500 printable characters on one line


Command = Union[ChooseSenator, ChooseNumber, ChooseOption, PlayCard, Transfer, SellCommerce, Say]
COMMAND_TYPES = (ChooseSenator, ChooseNumber, ChooseOption, PlayCard, Transfer, SellCommerce, Say)
