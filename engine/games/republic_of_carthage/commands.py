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

    senator: str


class ChooseNumber(Variant, frozen=True):
    """A number: a governor's term, an amount of talents, a bid."""

    number: int


class ChooseOption(Variant, frozen=True):
    """One of the named options of the step: ``yes``, ``no``, ``done``, ``pass``, a war, a pile …"""

    option: str


class PlayCard(Variant, frozen=True):
    """Play ``card`` from the hand, on ``senator`` when it goes on one (a concession, a statesman
    covering his family)."""

    card: str
    senator: str


class Transfer(Variant, frozen=True):
    """Start moving talents from ``source`` to ``target`` (``senator:<id>``, ``faction:<seat>``,
    ``state``); the amount is the next decision."""

    source: str
    target: str


class SellCommerce(Variant, frozen=True):
    """Sell ``count`` cards of ``commodity`` from the hand as one set (III.3a)."""

    commodity: str
    count: int


Command = Union[ChooseSenator, ChooseNumber, ChooseOption, PlayCard, Transfer, SellCommerce]
COMMAND_TYPES = (ChooseSenator, ChooseNumber, ChooseOption, PlayCard, Transfer, SellCommerce)
