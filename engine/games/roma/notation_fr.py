"""Roma's commands in French (``notation.describe_command(state, seat, command, "fr")``), one line
each, as notation.py writes them in English: the same state, the same facts, the French edition's
words (words_fr.py)."""

from __future__ import annotations

from typing import Any

from engine.core import tag_of
from engine.phrases import pluriel

from .cards import CARDS
from .state import State
from .words_fr import KINDS, card, who as seat_name


def describe_command(state: State, seat: int, command: Any) -> str:
    who = seat_name(seat)
    kind = tag_of(command)
    c = command
    if kind == "pass_card":
        return f"{who} donne {card(c.card)} (échange secret)"
    if kind == "lay_card":
        return f"{who} pose {card(c.card)} sur le disque {c.disc}"
    if kind == "reroll_dice":
        return f"{who} relance le triple"
    if kind == "keep_dice":
        return f"{who} garde les dés {' '.join(map(str, state.dice))}"
    if kind == "play_card":
        cost = CARDS[c.card].cost if c.card in CARDS else 0
        return f"{who} joue {card(c.card)} sur le disque {c.disc} ({pluriel(cost, 'sesterce')})"
    if kind == "take_money":
        return f"{who} : dé de {c.die} sur le disque Argent, +{pluriel(c.die, 'sesterce')}"
    if kind == "take_cards":
        return f"{who} : dé de {c.die} sur le disque Cartes, regarde {pluriel(c.die, 'carte')}"
    if kind == "activate_card":
        held = state.discs[seat][c.disc - 1]
        return f"{who} active {card(held) if held else 'un disque vide'} sur le disque {c.disc}"
    if kind == "end_turn":
        return f"{who} termine son tour"
    if kind == "choose_card":
        step = state.pending.kind
        return f"{who} choisit {card(c.card)}" + (f" ({KINDS.get(step, step)})" if step else "")
    if kind == "choose_disc":
        other = 1 - seat
        target = state.discs[other][c.disc - 1] if state.pending.kind not in ("copy",) else state.discs[seat][c.disc - 1]
        return f"{who} vise le disque {c.disc}" + (f" ({card(target)})" if target else "")
    if kind == "choose_die":
        return f"{who} choisit le dé de {c.die}"
    if kind == "adjust_die":
        return f"{who} tourne le dé de {c.die} sur {c.die + c.delta}"
    if kind == "buy_victory_points":
        return f"{who} achète {c.count} PG"
    if kind == "decline":
        return f"{who} refuse"
    return f"{who} : {kind.replace('_', ' ')}"
