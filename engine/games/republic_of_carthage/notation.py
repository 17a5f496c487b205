"""The Republic of Carthage's commands in words, one line each (``describe_command``), for move
lists and replays: "Red plays Public Outcry (senator Hanno)", "Blue: Hanno the Navigator
(persuade)". A decision's answer is named with the decision it answers (the pending step)."""

from __future__ import annotations

from typing import Any

from engine.core import tag_of

from .components import CARDS, COMMODITIES, FAMILIES, STATESMEN
from .state import State

SEATS = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")


def senator_name(senator_id: str) -> str:
    if senator_id in STATESMEN:
        return STATESMEN[senator_id].name
    if senator_id.isdigit() and int(senator_id) in FAMILIES:
        return FAMILIES[int(senator_id)].name
    return senator_id


def _place(place: str) -> str:
    kind, _, key = place.partition(":")
    if kind == "senator":
        return senator_name(key)
    if kind == "faction" and key.isdigit() and int(key) < len(SEATS):
        return f"{SEATS[int(key)]}'s treasury"
    return "the State treasury" if kind == "state" else place


def describe_command(s: State, seat: int, command: Any) -> str:
    who, kind, c = SEATS[seat], tag_of(command), command
    step = s.flow[-1].kind.replace("_", " ") if s.flow else ""
    why = f" ({step})" if step else ""
    if kind == "play_card":
        card = CARDS[c.card].title if c.card in CARDS else senator_name(c.card)
        return f"{who} plays {card}" + (f" (senator {senator_name(c.senator)})" if c.senator else "") + why
    if kind == "choose_senator":
        return f"{who}: {senator_name(c.senator) if c.senator else 'none'}{why}"
    if kind == "choose_number":
        return f"{who}: {c.number}{why}"
    if kind == "choose_option":
        return f"{who}: {c.option.replace('_', ' ')}{why}"
    if kind == "transfer":
        return f"{who} moves talents from {_place(c.source)} to {_place(c.target)}"
    if kind == "sell_commerce":
        name = COMMODITIES[c.commodity].name if c.commodity in COMMODITIES else c.commodity
        return f"{who} sells {c.count} {name}"
    if kind == "say":  # table talk (R110): the words, and to whom
        to = "the table" if c.to < 0 else (SEATS[c.to] if c.to < len(SEATS) else f"seat {c.to}")
        return f"{who} to {to}: \u201c{c.text}\u201d"
    return f"{who}: {kind.replace('_', ' ')}{why}"
