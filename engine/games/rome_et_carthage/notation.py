"""Rome et Carthage's commands in words, one line each (``describe_command``), for move lists and
replays: "Rome: elephant Capua → Rome", "Carthage commits 10♥ J♠". A piece is named by its state and
kind, a city by its map name, a card by its rank and suit sign as the log names it (words.card); the
seat is named by the state(s) it plays."""

from __future__ import annotations

from typing import Any

from engine.core import tag_of

from . import notation_fr
from .board import city, state
from .state import State, kind_of
from .words import card as _card


def _city(city_id: str) -> str:
    try:
        return city(city_id).name
    except KeyError:
        return city_id


def _state_name(state_id: str) -> str:
    try:
        return state(state_id).name
    except KeyError:
        return state_id


def _who(s: State, seat: int) -> str:
    if s.seats and seat < len(s.seats) and s.seats[seat].states:
        return " & ".join(_state_name(x) for x in s.seats[seat].states)
    return f"seat {seat}"


def _piece(piece: str) -> tuple[str, str]:
    """(state name, kind) of a piece id such as ``carthage_mercenary_2``."""
    try:
        kind = kind_of(piece)
    except KeyError:
        return "", piece
    owner = piece.split(f"_{kind}")[0]
    return _state_name(owner), kind


def _route(s: State, piece: str, path: tuple[str, ...]) -> str:
    start = s.where.get(piece, "")
    return " → ".join(_city(c) for c in ((start,) if start else ()) + tuple(path))


def describe_command(s: State, seat: int, command: Any, language: str = "en") -> str:
    """``command``, sent by ``seat`` in ``s``, in words: English, or French ("fr": notation_fr.py)."""
    if language == "fr":
        return notation_fr.describe_command(s, seat, command)
    who, kind, c = _who(s, seat), tag_of(command), command
    if kind == "choose_special":
        return f"{who} takes the {c.card} card"
    if kind == "place_piece":
        owner, k = _piece(c.piece)
        return f"{owner or who}: {k} placed in {_city(c.city)}"
    if kind == "declare_forced_march":
        return f"{who} forces the march, paying {' '.join(map(_card, c.cards))}"
    if kind == "add_to_forced_march":
        return f"{who} adds {_card(c.card)} to the march's payment"
    if kind == "move_piece":
        owner, k = _piece(c.piece)
        return f"{owner or who}: {k} {_route(s, c.piece, c.path)}"
    if kind == "play_treason":
        owner, k = _piece(c.piece)
        return f"{who}: treason! {owner} {k} {_route(s, c.piece, c.path)}"
    if kind == "move_second_mercenary":
        owner, k = _piece(c.piece)
        return f"{owner or who}: and {k} {_route(s, c.piece, (c.to,))}"
    if kind == "play_sedition":
        return f"{who}: sedition in {_city(c.city)}"
    if kind == "end_turn":
        return f"{who} ends the turn"
    if kind == "offer_draw":
        return f"{who} offers a draw"
    if kind == "accept_draw":
        return f"{who} accepts the draw"
    if kind == "choose_combat":
        return f"{who}: combat in {_city(c.city)} next"
    if kind == "commit_cards":
        return f"{who} commits {' '.join(map(_card, c.cards)) or 'no card'}"
    if kind == "declare_spy":
        return f"{who} declares a spy"
    if kind == "keep_value":
        return f"{who} keeps the natural 2"
    return f"{who}: {kind.replace('_', ' ')}"
