"""The playing cards of Rome et Carthage: a standard 52-card pack and who gets which.

Card ids are the rank then the suit's letter: ``"AH"`` (ace of hearts), ``"10S"``, ``"JC"``,
``"QD"``, ``"KH"``. Values (Rome et Carthage "Pièces et accessoires du jeu" b): ace to ten are
worth their number, jacks and queens zero, kings fifteen; the suit never changes a value.

Who holds what at the start (Rome et Carthage "Préliminaires" 3, "Jeu à deux", "Jeu à trois";
Méditerranée "Préparation" 2, "Règle du jeu à deux / à trois"):

* a player with one state: the 2, 4, 6, 8, 10, jack, queen and king of that state's suit;
* a player with two states (the two-player game, the lone player of three): a run from ace to ten
  plus two jacks and two kings; queens are not used. The rulebook does not say which suit the run
  is; ruling R3 (RULES.md): the suit of the player's first state, and the jacks and kings of both.
* every other card, except the unused queens, makes the 20-card draw pile (talon).
"""

from __future__ import annotations

from functools import lru_cache

import msgspec

from engine.data import load_data

from .board import state as board_state


class _Record(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    source: str
    note: str = ""


class Suit(_Record, frozen=True, kw_only=True):
    id: str      # clubs, diamonds, hearts, spades (map.json gives each state's)
    letter: str  # the last character of a card id


class Rank(_Record, frozen=True, kw_only=True):
    id: str     # the first characters of a card id: A, 2 … 10, J, Q, K
    value: int  # what the card is worth in a combat or a forced march


class SingleLot(_Record, frozen=True, kw_only=True):
    ranks: tuple[str, ...]  # a one-state player's eight cards, in its state's suit


class TwoStateLot(_Record, frozen=True, kw_only=True):
    run: tuple[str, ...]      # in the suit of the player's first state (ruling R3)
    figures: tuple[str, ...]  # in the suits of both its states


class Special(_Record, frozen=True, kw_only=True):
    id: str
    name: str


class CardData(_Record, frozen=True, kw_only=True):
    game: str
    suits: tuple[Suit, ...]
    ranks: tuple[Rank, ...]
    single_state_lot: SingleLot
    two_state_lot: TwoStateLot
    specials: tuple[Special, ...]


CARDS: CardData = load_data("engine.games.rome_et_carthage", "cards.json", CardData)
SUIT_LETTERS = {s.id: s.letter for s in CARDS.suits}
LETTER_SUITS = {v: k for k, v in SUIT_LETTERS.items()}
RANKS = tuple(r.id for r in CARDS.ranks)
_VALUES = {r.id: r.value for r in CARDS.ranks}
ALL_CARDS: tuple[str, ...] = tuple(r + SUIT_LETTERS[s] for s in SUIT_LETTERS for r in RANKS)
_CARD_VALUES = {c: _VALUES[c[:-1]] for c in ALL_CARDS}  # value() of each card, for the hot loops
_ORDER = {c: i for i, c in enumerate(sorted(ALL_CARDS, key=lambda c: (_VALUES[c[:-1]], RANKS.index(c[:-1]), c[-1])))}

SINGLE_LOT = CARDS.single_state_lot.ranks  # a one-state player's eight cards
RUN = CARDS.two_state_lot.run
FIGURES = CARDS.two_state_lot.figures


def rank(card: str) -> str:
    return card[:-1]


def suit(card: str) -> str:
    return LETTER_SUITS[card[-1]]


def value(card: str) -> int:
    return _VALUES[card[:-1]]


def is_card(card: object) -> bool:
    return isinstance(card, str) and card in _ORDER


def is_zero(card: str) -> bool:
    return _VALUES[card[:-1]] == 0


def is_king(card: str) -> bool:
    return card[:-1] == "K"


def sort_key(card: str) -> int:
    """The canonical order of cards in a command: by value, then rank, then suit letter."""
    return _ORDER[card]


def canonical(cards) -> tuple[str, ...]:
    return tuple(sorted(cards, key=_ORDER.__getitem__))  # sort_key, looked up without a Python call


def total(cards) -> int:
    return sum(_VALUES[c[:-1]] for c in cards)


def starting_hand(states: list[str]) -> tuple[str, ...]:
    """The cards a player owning ``states`` (state ids, first state first) starts with."""
    letters = [SUIT_LETTERS[board_state(s).suit] for s in states]
    if len(states) == 1:
        return canonical(r + letters[0] for r in SINGLE_LOT)
    run = [r + letters[0] for r in RUN]
    figures = [r + letter for letter in letters for r in FIGURES]
    return canonical(run + figures)


def talon_cards(hands: list[tuple[str, ...]], states_by_seat: list[list[str]]) -> tuple[str, ...]:
    """Every card not dealt, less the queens of two-state players (never used)."""
    dealt = {c for h in hands for c in h}
    unused = {"Q" + SUIT_LETTERS[board_state(s).suit] for states in states_by_seat if len(states) == 2 for s in states}
    return canonical(c for c in ALL_CARDS if c not in dealt and c not in unused)


def minimal_payments(hand: list[str], at_least: int = 3) -> list[tuple[str, ...]]:
    """Every set of non-zero cards worth ``at_least`` or more from which no card can be left out
    (ruling R9: a forced march is paid with no card more than needed). Such a set is one card worth
    ``at_least``, or cards each worth less whose total drops below it without any one of them."""
    return list(_minimal_payments(tuple(hand), at_least))


@lru_cache(maxsize=4096)  # a hand stays the same over a whole turn, whose every legal list asks again
def _minimal_payments(hand: tuple[str, ...], at_least: int) -> tuple[tuple[str, ...], ...]:
    worth_of = _CARD_VALUES
    cards = canonical(c for c in hand if worth_of[c])
    out = [(c,) for c in cards if worth_of[c] >= at_least]
    small = [c for c in cards if worth_of[c] < at_least]

    def grow(start: int, chosen: tuple[str, ...], worth: int) -> None:
        for i in range(start, len(small)):
            more, with_it = chosen + (small[i],), worth + worth_of[small[i]]
            if with_it >= at_least:
                # is_minimal_payment: no card can be left out; the cheapest is the first (cards come
                # by value), so it is enough that leaving it out drops below the cost
                if with_it - worth_of[more[0]] < at_least:
                    out.append(more)
            else:
                grow(i + 1, more, with_it)

    grow(0, (), 0)
    return tuple(sorted(set(out), key=lambda p: tuple(map(_ORDER.__getitem__, p))))  # sort_key of each card


def is_minimal_payment(cards: tuple[str, ...], at_least: int = 3) -> bool:
    worth = total(cards)
    return (worth >= at_least and all(not is_zero(c) for c in cards)
            and all(worth - value(c) < at_least for c in cards))
