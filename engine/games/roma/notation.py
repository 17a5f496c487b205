"""Roma's commands in words, one line each (``describe_command``), for move lists and replays.

``state`` is the position the command was sent in. Card names are those of ``data/cards.json``;
discs are the dice discs 1–6 (# disques de dés), the player by seat name ("First", "Second").
"""

from __future__ import annotations

from typing import Any

from engine.core import tag_of

from . import notation_fr
from .cards import CARDS
from .state import State

SEAT_NAMES = ("First", "Second")


def _card(card_id: str) -> str:
    c = CARDS.get(card_id)
    return c.name if c else card_id


def describe_command(state: State, seat: int, command: Any, language: str = "en") -> str:
    """``command``, sent by ``seat`` in ``state``, in words: English, or French ("fr": notation_fr.py)."""
    if language == "fr":
        return notation_fr.describe_command(state, seat, command)
    who = SEAT_NAMES[seat]
    kind = tag_of(command)
    c = command
    if kind == "pass_card":
        return f"{who} gives {_card(c.card)} away (secret exchange)"
    if kind == "lay_card":
        return f"{who} lays {_card(c.card)} on disc {c.disc}"
    if kind == "reroll_dice":
        return f"{who} rolls the three of a kind again"
    if kind == "keep_dice":
        return f"{who} keeps the dice {' '.join(map(str, state.dice))}"
    if kind == "play_card":
        cost = CARDS[c.card].cost if c.card in CARDS else 0
        return f"{who} plays {_card(c.card)} on disc {c.disc} ({cost} sesterces)"
    if kind == "take_money":
        return f"{who}: die {c.die} on the money disc, +{c.die} sesterces"
    if kind == "take_cards":
        return f"{who}: die {c.die} on the cards disc, looks at {c.die} cards"
    if kind == "activate_card":
        card = state.discs[seat][c.disc - 1]
        return f"{who} activates {_card(card) if card else 'an empty disc'} on disc {c.disc}"
    if kind == "end_turn":
        return f"{who} ends the turn"
    if kind == "choose_card":
        return f"{who} chooses {_card(c.card)}" + (f" ({state.pending.kind})" if state.pending.kind else "")
    if kind == "choose_disc":
        other = 1 - seat
        target = state.discs[other][c.disc - 1] if state.pending.kind not in ("copy",) else state.discs[seat][c.disc - 1]
        return f"{who} targets disc {c.disc}" + (f" ({_card(target)})" if target else "")
    if kind == "choose_die":
        return f"{who} chooses die {c.die}"
    if kind == "adjust_die":
        return f"{who} turns die {c.die} to {c.die + c.delta}"
    if kind == "buy_victory_points":
        return f"{who} buys {c.count} victory point{'s' if c.count != 1 else ''}"
    if kind == "decline":
        return f"{who} declines"
    return f"{who}: {kind.replace('_', ' ')}"
