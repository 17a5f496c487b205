"""Rome et Carthage's commands in French (``notation.describe_command(s, seat, command, "fr")``),
one line each as notation.py writes them: "Rome : éléphant Capua → Rome", "Carthage engage 10♥
V♠". Pieces, cards and places in the words of words_fr.py; the seat by the state(s) it plays."""

from __future__ import annotations

from typing import Any

from engine.core import tag_of
from engine.phrases import de

from .state import State
from .words_fr import card, cards, city, parts, state_name


def _who(s: State, seat: int) -> str:
    if s.seats and seat < len(s.seats) and s.seats[seat].states:
        return " et ".join(state_name(x) for x in s.seats[seat].states)
    return f"joueur {seat + 1}"


def _route(s: State, piece: str, path: tuple[str, ...]) -> str:
    start = s.where.get(piece, "")
    return " → ".join(city(c) for c in ((start,) if start else ()) + tuple(path))


def describe_command(s: State, seat: int, command: Any) -> str:
    who, kind, c = _who(s, seat), tag_of(command), command
    if kind in ("place_piece", "move_piece", "play_treason", "move_second_mercenary"):
        owner, k, fem = parts(c.piece)
    if kind == "choose_special":
        return f"{who} prend la carte {card(c.card)}"
    if kind == "place_piece":
        return f"{owner or who} : {k} placé{'e' if fem else ''} à {city(c.city)}"
    if kind == "declare_forced_march":
        return f"{who} force la marche, en payant {' '.join(card(x) for x in c.cards)}"
    if kind == "add_to_forced_march":
        return f"{who} ajoute {card(c.card)} au paiement de la marche"
    if kind == "move_piece":
        return f"{owner or who} : {k} {_route(s, c.piece, c.path)}"
    if kind == "play_treason":
        return f"{who} : trahison ! {k}{' ' + de(owner) if owner else ''} {_route(s, c.piece, c.path)}"
    if kind == "move_second_mercenary":
        return f"{owner or who} : et {k} {_route(s, c.piece, (c.to,))}"
    if kind == "play_sedition":
        return f"{who} : sédition à {city(c.city)}"
    if kind == "end_turn":
        return f"{who} termine son tour"
    if kind == "offer_draw":
        return f"{who} propose la nulle"
    if kind == "accept_draw":
        return f"{who} accepte la nulle"
    if kind == "choose_combat":
        return f"{who} : combat à {city(c.city)} ensuite"
    if kind == "commit_cards":
        return f"{who} engage {' '.join(card(x) for x in c.cards) or 'aucune carte'}"
    if kind == "declare_spy":
        return f"{who} déclare un espion"
    if kind == "keep_value":
        return f"{who} garde le 2 naturel"
    return f"{who} : {kind.replace('_', ' ')}"
