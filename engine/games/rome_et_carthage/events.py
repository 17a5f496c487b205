"""Rome et Carthage events: what happened, in the log's words.

Public unless said otherwise. A private event names who sees it in ``rules`` (the seat, and its
partner under the ``partners_see_hands`` agreement); everybody else receives its ``...Redacted``
form, which carries only what the rules let the table know (how many cards, never which).
"""

from __future__ import annotations

from typing import Union

import msgspec

from engine.core import Variant


class SeatAssignment(msgspec.Struct, frozen=True):
    """Which team (0 or 1) and states a seat plays; ``lone``: the three-player game's lone player;
    ``placements``: how many pieces each of its placement turns places."""

    seat: int
    team: int
    states: tuple[str, ...]
    lone: bool
    placements: tuple[int, ...]


# -- préliminaires --------------------------------------------------------------------------
class StatesDrawn(Variant, frozen=True):
    """The draw for teams and states (Rome et Carthage "Préliminaires" 1-2)."""

    seats: tuple[SeatAssignment, ...]


class HandDealt(Variant, frozen=True):
    """A player's starting cards. Public: which cards a state's player starts with is fixed by the
    rules, so the table knows them anyway."""

    seat: int
    cards: tuple[str, ...]


class TalonShuffled(Variant, frozen=True):
    """Draw pile ``pile`` is now exactly ``cards``, top first (seen by nobody). ``rebuilt``: its
    cards came from the spent pile (Rome et Carthage "Talon"); ``pile`` is the team under the match
    rule, else 0."""

    pile: int
    cards: tuple[str, ...]
    rebuilt: bool


class TalonShuffledRedacted(Variant, frozen=True):
    pile: int
    count: int
    rebuilt: bool


class FirstPlayerDrawn(Variant, frozen=True):
    """The top card of the draw pile, shown and put back at random: its suit's state opens.
    ``order`` is the playing order of the seats, starting with the first."""

    card: str
    state: str
    seat: int
    order: tuple[int, ...]


class SpecialChosen(Variant, frozen=True):
    """``seat`` holds special card ``card`` ("treason" or "sedition") for the game."""

    seat: int
    card: str


# -- turns ----------------------------------------------------------------------------------
class TurnStarted(Variant, frozen=True):
    """``seat``'s turn ``turn`` of round ``round``; ``place`` > 0: a placement turn of that many
    pieces."""

    seat: int
    turn: int
    round: int
    place: int


class PiecePlaced(Variant, frozen=True):
    seat: int
    piece: str
    city: str


class CardsDrawn(Variant, frozen=True):
    """``seat`` drew ``cards`` from draw pile ``pile``. Private to the seat (and its partner under
    the partners' agreement)."""

    seat: int
    pile: int
    cards: tuple[str, ...]


class CardsDrawnRedacted(Variant, frozen=True):
    seat: int
    pile: int
    count: int


class ForcedMarchDeclared(Variant, frozen=True):
    """``seat`` paid ``cards`` (face up) for a second move this turn."""

    seat: int
    cards: tuple[str, ...]


class ForcedMarchCardAdded(Variant, frozen=True):
    """``seat`` added ``card`` (face up) to this turn's forced-march payment (option
    ``march_overpay``, ruling R30); the ``CardsSpent`` that follows spends it."""

    seat: int
    card: str


class CardsSpent(Variant, frozen=True):
    """Cards leave ``seat``'s hand (``from_table`` false) or its side of the combat table:
    ``cards`` onto the spent pile, ``removed`` (kings) out of the game (Rome et Carthage "Talon")."""

    seat: int
    cards: tuple[str, ...]
    removed: tuple[str, ...]
    from_table: bool


class PieceMoved(Variant, frozen=True):
    """``seat`` moved ``piece`` along ``path``; ``treason``: an opposing piece moved by treason."""

    seat: int
    piece: str
    path: tuple[str, ...]
    treason: bool
    second_mercenary: bool


class AttackDeclared(Variant, frozen=True):
    """``attacker`` entered ``city`` held by ``defender``: a combat once the turn's moves end.
    ``origin`` is where the attacker came from."""

    city: str
    attacker: str
    defender: str
    origin: str


class SpecialPlayed(Variant, frozen=True):
    seat: int
    card: str


class PieceEliminated(Variant, frozen=True):
    """``piece`` leaves the board: lost a combat, or destroyed by sedition."""

    piece: str
    city: str
    reason: str


class MovesEnded(Variant, frozen=True):
    """``seat`` stopped moving; the ``combats`` it declared are fought now (Rome et Carthage
    "Combats": only once the player whose turn it is has finished)."""

    seat: int
    combats: int


class DrawOffered(Variant, frozen=True):
    seat: int
    team: int


class DrawOfferLapsed(Variant, frozen=True):
    team: int


# -- combat ---------------------------------------------------------------------------------
class CombatStarted(Variant, frozen=True):
    """The combat in ``city``; ``limited`` per side (attacker, defender): a capital of that side's
    player is occupied, so it plays one card where two are asked."""

    city: str
    attacker: str
    defender: str
    origin: str
    attacker_seat: int
    defender_seat: int
    limited: tuple[bool, ...]


class CombatStep(Variant, frozen=True):
    """The combat in ``city`` now asks each side (attacker, defender) for ``need`` cards.
    ``step``: "open" (the opening cards), "spy" (``spy_side`` decides whether to spy),
    "spy_cards" (``spy_side`` lays its new cards), "tie" (one card each to break a tie);
    ``spy_side`` is -1 in the other steps."""

    city: str
    step: str
    need: tuple[int, ...]
    spy_side: int


class CardsCommitted(Variant, frozen=True):
    """``seat`` laid ``cards`` face down for side ``side`` (0 attacker, 1 defender). Private."""

    seat: int
    side: int
    cards: tuple[str, ...]


class CardsCommittedRedacted(Variant, frozen=True):
    seat: int
    side: int
    count: int


class CardsRevealed(Variant, frozen=True):
    """Both sides' face-down cards turned up; ``totals`` (attacker, defender) with every modifier."""

    city: str
    step: str
    attacker_cards: tuple[str, ...]
    defender_cards: tuple[str, ...]
    totals: tuple[int, ...]


class SpyDeclared(Variant, frozen=True):
    seat: int


class ValueKept(Variant, frozen=True):
    """The spy chance was declined: the side's total is its cards' natural 2."""

    seat: int
    totals: tuple[int, ...]


class BothSpies(Variant, frozen=True):
    """Both sides opened with a natural 2: the cards are spent and the combat starts again."""

    city: str


class ZerosReturned(Variant, frozen=True):
    """Jacks and queens on the table go back to their owner's hand."""

    seat: int
    cards: tuple[str, ...]


class CombatEnded(Variant, frozen=True):
    """``outcome``: "attacker" or "defender" won, or "stopped" (a tie nobody could break:
    the attacker went back to ``origin``)."""

    city: str
    outcome: str
    totals: tuple[int, ...]


class AttackerReturned(Variant, frozen=True):
    piece: str
    city: str
    origin: str


class PlayerEliminated(Variant, frozen=True):
    """``seat`` has no piece left: it is out, and its ``cards`` (hand) and ``specials`` leave the
    game unseen."""

    seat: int
    cards: int
    specials: tuple[str, ...]


class ClockStarted(Variant, frozen=True):
    """``team`` holds both enemy capitals; it wins if it still does once every seat in
    ``waiting`` has ended a turn."""

    team: int
    waiting: tuple[int, ...]


class ClockTicked(Variant, frozen=True):
    team: int
    waiting: tuple[int, ...]


class ClockStopped(Variant, frozen=True):
    team: int


class TurnEnded(Variant, frozen=True):
    """``quiet``: full turns in a row now without a combat or a capital changing hands."""

    seat: int
    quiet: int


class GameEnded(Variant, frozen=True):
    """``winners`` empty: a draw. ``scores``: pieces left per seat."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str


Event = Union[
    StatesDrawn, HandDealt, TalonShuffled, TalonShuffledRedacted, FirstPlayerDrawn, SpecialChosen, TurnStarted,
    PiecePlaced, CardsDrawn, CardsDrawnRedacted, ForcedMarchDeclared, CardsSpent, PieceMoved, AttackDeclared,
    SpecialPlayed, PieceEliminated, MovesEnded, DrawOffered, DrawOfferLapsed, CombatStarted, CombatStep, CardsCommitted,
    CardsCommittedRedacted, CardsRevealed, SpyDeclared, ValueKept, BothSpies, ZerosReturned, CombatEnded,
    AttackerReturned, PlayerEliminated, ClockStarted, ClockTicked, ClockStopped, TurnEnded, GameEnded,
    ForcedMarchCardAdded,
]
EVENT_TYPES: tuple[type, ...] = Event.__args__
