"""Rome et Carthage commands: one decision each (DESIGN.md principle 4).

Cities and pieces are ids (``"massilia"``, ``"rome_chariot"``, ``"carthage_mercenary_2"``); cards
are rank + suit letter (``"10H"``, ``"JS"``). A list of cards is given in canonical order (by value,
then rank, then suit: ``engine.games.rome_et_carthage.cards.canonical``), so that one choice has one
spelling. ``legal()`` lists every command a seat may send, already in that form.
"""

from __future__ import annotations

from typing import Union

from engine.core import Variant


# -- préliminaires and placement -----------------------------------------------------------
class ChooseSpecial(Variant, frozen=True):
    """Take your team's "treason" or "sedition" card; your partner gets the other one."""

    card: str


class PlacePiece(Variant, frozen=True):
    """Place one of your pieces on a free city of your state (galleys on ports only)."""

    piece: str
    city: str


# -- a turn ---------------------------------------------------------------------------------
class DeclareForcedMarch(Variant, frozen=True):
    """Pay non-zero cards worth at least 3 (no card more than needed) for a second move."""

    cards: tuple[str, ...]


class AddToForcedMarch(Variant, frozen=True):
    """Under the option ``march_overpay``: add one more non-zero card from your hand to this
    turn's forced-march payment, at any point of the turn's moves once the march is paid
    (ruling R30)."""

    card: str


class MovePiece(Variant, frozen=True):
    """Move one of your pieces along ``path`` (the cities entered, in order): one city, or two
    for a chariot; after a forced march, both moves of one piece at once when the first ends on a
    friendly piece it passes (ruling R26). Ending on an enemy piece declares a combat."""

    piece: str
    path: tuple[str, ...]


class MoveSecondMercenary(Variant, frozen=True):
    """Right after a mercenary's move, move a second mercenary of the same owner one city, as
    part of the same move (also after a treason move; twice after a mercenary's double move past
    a friend, one for each of its moves: ruling R29)."""

    piece: str
    to: str


class PlayTreason(Variant, frozen=True):
    """"Trahison de général": move an opposing piece as its owner could (one move, never a
    forced march). Ending on a piece of your side declares a combat, the moved piece attacking."""

    piece: str
    path: tuple[str, ...]


class PlaySedition(Variant, frozen=True):
    """"Sédition populaire": destroy the enemy piece occupying your capital ``city``."""

    city: str


class EndTurn(Variant, frozen=True):
    """Stop moving (or pass): the combats you declared are fought, then the turn ends."""


class OfferDraw(Variant, frozen=True):
    """Offer the other team a draw; it stands until your next turn begins."""


class AcceptDraw(Variant, frozen=True):
    """Accept the draw the other team offered: the game ends drawn."""


# -- combat ---------------------------------------------------------------------------------
class ChooseCombat(Variant, frozen=True):
    """With several combats declared, the player whose turn it is picks the next one."""

    city: str


class CommitCards(Variant, frozen=True):
    """Lay the cards this step of the combat asks of you, face down (revealed when both sides
    have chosen): two at the opening (one while your capital is occupied), a spy's new cards,
    one card to break a tie. With fewer cards in hand than asked, commit all of them."""

    cards: tuple[str, ...]


class DeclareSpy(Variant, frozen=True):
    """Your opening cards were worth a natural 2: play new cards knowing your opponent's."""


class KeepValue(Variant, frozen=True):
    """Your opening cards were worth a natural 2: keep them at that value."""


Command = Union[
    ChooseSpecial, PlacePiece, DeclareForcedMarch, MovePiece, MoveSecondMercenary, PlayTreason, PlaySedition,
    EndTurn, OfferDraw, AcceptDraw, ChooseCombat, CommitCards, DeclareSpy, KeepValue, AddToForcedMarch,
]
COMMAND_TYPES: tuple[type, ...] = Command.__args__
