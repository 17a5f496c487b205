"""Hannibal commands: one decision each (DESIGN.md principle 4).

The rules are always in the middle of one pending decision (the top of the ``flow`` stack, shown
in every view as ``prompt``); a command answers it. The same few command shapes answer every kind
of decision, so that a bot in any language handles them all alike and ``legal()`` lists exactly
the answers allowed now:

- ``PlayCard``: play a strategy card from your hand in the strategy phase, as ``ops``, ``event``
  or ``discard`` (§7.2, §8.6).
- ``PlayCounter``: play a strategy card's event out of turn, in a window the rules open (a
  counter-event, §8.4, or a battle event).
- ``ChooseSpace`` / ``ChooseGeneral`` / ``ChooseNumber`` / ``ChooseOption``: pick one of the
  choices the pending decision offers (where to move, which general to activate, how many CU to
  take, whether to intercept …).
- ``PlayBattleCard``: play a battle card of type ``card`` standing for ``as_type`` (a Reserve, or
  Hannibal's Probe; otherwise the same type), to attack or to match (§14.6-§14.9).
- ``Pass``: decline: no reaction, stop moving, place no more, …
"""

from __future__ import annotations

from typing import Union

from engine.core import Variant


class PlayCard(Variant, frozen=True):
    """Play a strategy card from your hand in the strategy phase: ``use`` is ops, event or discard."""

    card: int  # a strategy card number (1-64) from your hand
    use: str  # ops | event | discard


class PlayCounter(Variant, frozen=True):
    """Play a strategy card's event out of turn, in a window the rules open (§8.4)."""

    card: int  # a strategy card number (1-64) from your hand


class ChooseSpace(Variant, frozen=True):
    """Answer the pending decision with a space."""

    space: str  # a space id of data/map.json among those the decision allows


class ChooseGeneral(Variant, frozen=True):
    """Answer the pending decision with a general."""

    general: str  # a general id of data/generals.json among those the decision allows


class ChooseNumber(Variant, frozen=True):
    """Answer the pending decision with a number (of CU …)."""

    number: int  # a count within the range the decision allows


class ChooseOption(Variant, frozen=True):
    """Answer the pending decision with one of its named options."""

    option: str  # one of the option words the decision offers (ListLegalCommands lists them)


class PlayBattleCard(Variant, frozen=True):
    """Play a battle card of type ``card`` standing for ``as_type`` (§14.6-§14.9)."""

    card: str  # a battle card type id from your battle hand
    as_type: str  # the type it stands for: the card's own type, or another when a rule allows it


class Pass(Variant, frozen=True):
    """Decline: no reaction, stop moving, place no more …"""


Command = Union[PlayCard, PlayCounter, ChooseSpace, ChooseGeneral, ChooseNumber, ChooseOption, PlayBattleCard, Pass]
COMMAND_TYPES: tuple[type, ...] = Command.__args__
