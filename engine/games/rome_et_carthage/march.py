"""The forced march's payment (# marche forcée; Rome et Carthage "Déplacements", Méditerranée
"Marche forcée"): "a minimum of 3 points, in one or more cards".

By default a march is paid with a minimal set of non-zero cards (ruling R9: ``DeclareForcedMarch``,
``cards.minimal_payments``). The text sets a floor, not a price: under the option ``march_overpay``
(ruling R30) the player may add more non-zero cards to the payment, one ``AddToForcedMarch`` each,
so that ``legal`` lists one command per card instead of every set of cards a hand could pay.
"""

from __future__ import annotations

from typing import Any

from engine.errors import ILLEGAL_MOVE, ILLEGAL_TARGET, require

from . import cards as cd
from . import commands as cmd
from . import events as ev
from .state import State

_ADD: dict[str, cmd.AddToForcedMarch] = {c: cmd.AddToForcedMarch(c) for c in cd.ALL_CARDS}


def may_add(s: State) -> bool:
    """A card may be added now: the option is on and this turn's march is paid (the turn's moves
    have not ended: the command belongs to the play phase)."""
    return s.overpay and s.forced


def additions(s: State, seat: int) -> list[cmd.AddToForcedMarch]:
    """The ``AddToForcedMarch`` commands ``seat`` may send: one per non-zero card of its hand, in
    canonical order."""
    if not may_add(s):
        return []
    return [_ADD[c] for c in cd.canonical(s.hands[seat]) if not cd.is_zero(c)]


def add_to_forced_march(out: Any, s: State, seat: int, c: cmd.AddToForcedMarch) -> None:
    """Ruling R30: the card is spent as the march's other cards are (a king per "Talon")."""
    from .rules import _spend  # rules imports this module

    card = c.card
    if out.check:
        require(may_add(s), ILLEGAL_MOVE, "cards are added to a forced march paid this turn, "
                                          "under the option march_overpay")
        require(isinstance(card, str) and card in s.hands[seat], ILLEGAL_TARGET, "add a card from your hand")
        require(not cd.is_zero(card), ILLEGAL_TARGET, "a zero (jack, queen) is no payment")
    spent, removed = _spend(s, [card], len(s.removed))
    out.public(ev.ForcedMarchCardAdded(seat, card))
    out.public(ev.CardsSpent(seat, spent, removed, False))
