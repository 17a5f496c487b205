"""Hannibal's commands in words, one line each (``describe_command``), for move lists and replays:
"Carthage plays #12 Hannibal Charges as ops", "Rome: Capua (move)". A decision's answer is named
with the decision it answers (the kind of the pending step, see RULES.md)."""

from __future__ import annotations

from typing import Any

from engine.core import tag_of

from .components import BATTLE_CARD_TYPES, GENERALS, SPACES, STRATEGY_CARDS
from .state import State

SIDES = ("Rome", "Carthage")


def _card(number: int) -> str:
    c = STRATEGY_CARDS.get(number)
    return f"#{number} {c.name}" if c else f"#{number}"


def _named(table: dict, key: str) -> str:
    x = table.get(key)
    return x.name if x is not None else key


def describe_command(s: State, seat: int, command: Any) -> str:
    who, kind, c = SIDES[seat], tag_of(command), command
    step = s.flow[-1].kind.replace("_", " ") if s.flow else ""
    why = f" ({step})" if step else ""
    if kind == "play_card":
        return f"{who} plays {_card(c.card)} " + ("to discard" if c.use == "discard" else f"as {c.use}")
    if kind == "play_counter":
        return f"{who} answers with {_card(c.card)}{why}"
    if kind == "choose_space":
        return f"{who}: {_named(SPACES, c.space)}{why}"
    if kind == "choose_general":
        return f"{who}: {_named(GENERALS, c.general)}{why}"
    if kind == "choose_number":
        return f"{who}: {c.number}{why}"
    if kind == "choose_option":
        return f"{who}: {c.option.replace('_', ' ')}{why}"
    if kind == "play_battle_card":
        card = _named(BATTLE_CARD_TYPES, c.card)
        stands = "" if c.as_type == c.card else f" as {_named(BATTLE_CARD_TYPES, c.as_type)}"
        return f"{who} plays battle card {card}{stands}{why}"
    if kind == "pass":
        return f"{who} passes{why}"
    return f"{who}: {kind.replace('_', ' ')}{why}"
