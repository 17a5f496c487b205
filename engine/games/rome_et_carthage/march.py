"""The forced march (# marche forcée; Rome et Carthage "Déplacements", Méditerranée "Marche
forcée"): paid with "a minimum of 3 points, in one or more cards", it gives the turn two moves,
which one piece may make as one double move.

By default a march is paid with a minimal set of non-zero cards (ruling R9: ``DeclareForcedMarch``,
``cards.minimal_payments``). The text sets a floor, not a price: under the option ``march_overpay``
(ruling R30) the player may add more non-zero cards to the payment, one ``AddToForcedMarch`` each,
so that ``legal`` lists one command per card instead of every set of cards a hand could pay.
"""

from __future__ import annotations

from functools import lru_cache

from engine.errors import ILLEGAL_MOVE, ILLEGAL_TARGET, require

from . import cards as cd
from . import commands as cmd
from . import events as ev
from .decision import Out, card_command, cards_arg
from .state import State, kind_of
from .talon import spend

NOT_ENOUGH_CARDS = "NOT_ENOUGH_CARDS"  # a forced march not paid in full


def moves_allowed(s: State) -> int:
    return 2 if s.forced else 1


def double_moves_open(s: State) -> bool:
    """A double move may be made now: a forced march is paid and neither move is made yet. A
    treason's mercenary waiting for a second one (``follow`` with no move made) leaves it open: a
    treason moves the opponent's piece, not one of the player's moves (ruling R28)."""
    return s.forced and s.moves == 0 and (not s.follow or s.follow_treason)


def is_double(piece: str, path: tuple[str, ...]) -> bool:
    """A path that took both moves of a forced march (see ``double_paths``)."""
    return len(path) > (2 if kind_of(piece) == "chariot" else 1)


def declare_forced_march(out: Out, s: State, seat: int, c: cmd.DeclareForcedMarch) -> None:
    """Rome et Carthage "Déplacements" / Méditerranée "Marche forcée" (ruling R9)."""
    paid = c.cards
    if out.check:
        cards_arg(paid)
        require(not s.forced, ILLEGAL_MOVE, "a forced march is paid once a turn")
        require(s.moves <= 1, ILLEGAL_MOVE, "both moves of the turn are made already")
        require(all(x in s.hands[seat] for x in paid), ILLEGAL_TARGET, "pay with cards from your hand")
        require(cd.is_minimal_payment(paid), NOT_ENOUGH_CARDS,
                "a forced march costs non-zero cards worth 3 or more, with no card more than needed")
    spent, removed = spend(s, list(paid), len(s.removed))
    out.public(ev.ForcedMarchDeclared(seat, paid))
    out.public(ev.CardsSpent(seat, spent, removed, False))


def _march(cards: tuple[str, ...]) -> cmd.DeclareForcedMarch:
    return card_command(cmd.DeclareForcedMarch, cards)


@lru_cache(maxsize=4096)
def forced_marches(hand: frozenset[str]) -> tuple[cmd.DeclareForcedMarch, ...]:
    """The forced-march payments of a hand (their order does not depend on the hand's)."""
    return tuple(map(_march, cd.minimal_payments(list(hand))))


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


def add_to_forced_march(out: Out, s: State, seat: int, c: cmd.AddToForcedMarch) -> None:
    """Ruling R30: the card is spent as the march's other cards are (a king per "Talon")."""
    card = c.card
    if out.check:
        require(may_add(s), ILLEGAL_MOVE, "cards are added to a forced march paid this turn, "
                                          "under the option march_overpay")
        require(isinstance(card, str) and card in s.hands[seat], ILLEGAL_TARGET, "add a card from your hand")
        require(not cd.is_zero(card), ILLEGAL_TARGET, "a zero (jack, queen) is no payment")
    spent, removed = spend(s, [card], len(s.removed))
    out.public(ev.ForcedMarchCardAdded(seat, card))
    out.public(ev.CardsSpent(seat, spent, removed, False))
