"""Roma events: facts in the past tense, carrying every random outcome (DESIGN.md principle 1).

Sentinels instead of missing values: ``""`` for no card, ``-1`` for no disc, die or roll.
Events named ``...Redacted`` are the public forms of private events (see ``rules.py`` for who
sees what); ``evolve`` never receives them.
"""

from __future__ import annotations

from typing import Union

from engine.core import Variant


# -- set-up (Roma "PREPARATION DU JEU") ---------------------------------------------------
class DeckShuffled(Variant, frozen=True):
    """The deck (talon) is now exactly ``cards``, top first. Seen by nobody."""

    cards: tuple[str, ...]


class DeckShuffledRedacted(Variant, frozen=True):
    count: int


class CardsDealt(Variant, frozen=True):
    """``cards`` were dealt from the top of the deck to ``seat``'s hand."""

    seat: int
    cards: tuple[str, ...]


class CardsDealtRedacted(Variant, frozen=True):
    seat: int
    count: int


class CardPassed(Variant, frozen=True):
    """``seat`` chose ``card`` as one it gives away (secret until both players have chosen)."""

    seat: int
    card: str


class CardPassedRedacted(Variant, frozen=True):
    seat: int


class CardsExchanged(Variant, frozen=True):
    """Both players handed over their chosen cards. Seen by both players, not by spectators."""

    from_first: tuple[str, ...]
    from_second: tuple[str, ...]


class CardsExchangedRedacted(Variant, frozen=True):
    pass


class CardPlacedFaceDown(Variant, frozen=True):
    """At set-up ``seat`` laid ``card`` face down on ``disc``."""

    seat: int
    card: str
    disc: int


class CardPlacedFaceDownRedacted(Variant, frozen=True):
    seat: int
    disc: int


class CardsRevealed(Variant, frozen=True):
    """The set-up cards are turned face up; one entry per disc 1..6 (``""``: empty)."""

    first: tuple[str, ...]
    second: tuple[str, ...]


# -- turn structure (Roma "DEROULEMENT DU JEU") -------------------------------------------
class TurnStarted(Variant, frozen=True):
    """``seat`` begins its ``turn``-th turn of the game (counting both players' turns)."""

    seat: int
    turn: int


class VictoryPointsPaid(Variant, frozen=True):
    """Phase 1: ``seat`` paid ``amount`` VP into the supply for ``empty_discs`` empty discs."""

    seat: int
    amount: int
    empty_discs: int


class DiceRolled(Variant, frozen=True):
    """Phase 2: the three action dice. ``reroll``: the once-allowed reroll of three of a kind."""

    seat: int
    dice: tuple[int, ...]
    reroll: bool


class DiceKept(Variant, frozen=True):
    """Three of a kind kept rather than rerolled."""

    seat: int


class DecisionRequired(Variant, frozen=True):
    """``seat`` must now answer a decision of ``kind`` raised by ``card`` on ``disc``.

    kinds: reroll, keep, target, block, copy, adjust, forum, templum, boost, search, revive,
    lay, relay, buy (see RULES.md). ``die``: the Forum's VP die (templum); ``target`` and
    ``roll``: the battle awaiting a Centurio's added die (boost).
    """

    seat: int
    kind: str
    card: str
    disc: int
    die: int
    target: int
    roll: int


class DieUsed(Variant, frozen=True):
    """An unused die showing ``die`` was used for ``action``: money, cards, activate, forum,
    templum, boost."""

    seat: int
    die: int
    action: str


class MoneyTaken(Variant, frozen=True):
    """``seat`` took ``amount`` sesterces from the bank (money is unlimited)."""

    seat: int
    amount: int


class DiscardReshuffled(Variant, frozen=True):
    """The deck ran out: the discard pile, shuffled into ``cards``, went under the deck."""

    cards: tuple[str, ...]


class DiscardReshuffledRedacted(Variant, frozen=True):
    count: int


class CardsLookedAt(Variant, frozen=True):
    """``seat`` took ``cards`` from the top of the deck to choose one."""

    seat: int
    cards: tuple[str, ...]


class CardsLookedAtRedacted(Variant, frozen=True):
    seat: int
    count: int


class CardKept(Variant, frozen=True):
    """``seat`` kept ``card``, one of the cards it looked at, in its hand."""

    seat: int
    card: str


class CardKeptRedacted(Variant, frozen=True):
    seat: int


class CardsRejected(Variant, frozen=True):
    """The cards ``seat`` looked at and did not keep went to the discard pile (public)."""

    seat: int
    cards: tuple[str, ...]


class CardPlayed(Variant, frozen=True):
    """``card`` went from ``seat``'s hand face up onto ``disc`` for ``cost`` sesterces."""

    seat: int
    card: str
    disc: int
    cost: int


class CardDiscarded(Variant, frozen=True):
    """The card on ``seat``'s ``disc`` went to the discard pile. ``reason``: covered, battle."""

    seat: int
    disc: int
    card: str
    reason: str


class CardRemovedFromGame(Variant, frozen=True):
    """The card on ``seat``'s ``disc`` leaves the game ("écartée du jeu", "éliminée du jeu"):
    Sicarius or Nero and its victim. ``reason``: sicarius, nero."""

    seat: int
    disc: int
    card: str
    reason: str


class CardActivated(Variant, frozen=True):
    """``seat`` activated its ``card`` on ``disc`` (Roma "Activer une carte")."""

    seat: int
    disc: int
    card: str


class ActionCopied(Variant, frozen=True):
    """The Scaenicus on ``disc`` performs the action of ``card`` lying on ``source_disc``."""

    seat: int
    disc: int
    source_disc: int
    card: str


class BattleRolled(Variant, frozen=True):
    """``seat``'s card on ``disc`` attacked the opposing ``card`` on ``target`` (Roma "Combat")."""

    seat: int
    disc: int
    target: int
    card: str
    roll: int
    defence: int
    won: bool


class BattleBoosted(Variant, frozen=True):
    """Centurio: the die ``die`` was added to the battle roll, making ``total``."""

    seat: int
    die: int
    total: int
    won: bool


class CardReturnedToHand(Variant, frozen=True):
    """Gladiator: the card on ``seat``'s ``disc`` went back to ``seat``'s hand."""

    seat: int
    disc: int
    card: str


class VictoryPointsGained(Variant, frozen=True):
    """``seat`` gained ``amount`` VP from the supply (counted in full even if it runs short)."""

    seat: int
    amount: int
    reason: str


class VictoryPointsTaken(Variant, frozen=True):
    """``seat`` took ``amount`` VP from the opponent."""

    seat: int
    amount: int
    reason: str


class VictoryPointsBought(Variant, frozen=True):
    """Mercator: ``seat`` paid ``price`` sesterces to the opponent for ``count`` of their VP."""

    seat: int
    count: int
    price: int


class DiscBlocked(Variant, frozen=True):
    """Praetorianus: ``seat`` cannot activate its card on ``disc`` during its next turn."""

    seat: int
    disc: int


class DieAdjusted(Variant, frozen=True):
    """Consul: an unused die showing ``die`` now shows ``value``."""

    seat: int
    die: int
    value: int


class DefenceReduced(Variant, frozen=True):
    """Essedum: until the end of the turn the opponent's cards defend ``amount`` less."""

    seat: int
    amount: int


class DeckSearched(Variant, frozen=True):
    """Haruspex: ``seat`` looked through the deck (``cards`` sorted, not in deck order)."""

    seat: int
    cards: tuple[str, ...]


class DeckSearchedRedacted(Variant, frozen=True):
    seat: int
    count: int


class CardTakenFromDeck(Variant, frozen=True):
    """Haruspex: ``seat`` took ``card`` from the deck into its hand."""

    seat: int
    card: str


class CardTakenFromDeckRedacted(Variant, frozen=True):
    seat: int


class CardTakenFromDiscard(Variant, frozen=True):
    """Aesculapinum: ``card`` went from the discard pile to ``seat``'s hand."""

    seat: int
    card: str


class CardsPickedUp(Variant, frozen=True):
    """Consiliarius / Machina: ``cards`` were picked up from ``discs`` to be laid again."""

    seat: int
    discs: tuple[int, ...]
    cards: tuple[str, ...]


class CardRelaid(Variant, frozen=True):
    """Consiliarius / Machina: a picked-up ``card`` was laid again on ``disc``."""

    seat: int
    card: str
    disc: int


class Declined(Variant, frozen=True):
    """``seat`` declined the optional rest of a decision of ``kind``."""

    seat: int
    kind: str


class TurnEnded(Variant, frozen=True):
    """``seat`` ended its turn; its blocked discs and any Essedum lapse."""

    seat: int


class GameEnded(Variant, frozen=True):
    """Roma "FIN DU JEU". ``winners`` is empty for a draw; ``scores`` are the final VP."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str


Event = Union[
    DeckShuffled, DeckShuffledRedacted, CardsDealt, CardsDealtRedacted, CardPassed, CardPassedRedacted,
    CardsExchanged, CardsExchangedRedacted, CardPlacedFaceDown, CardPlacedFaceDownRedacted, CardsRevealed,
    TurnStarted, VictoryPointsPaid, DiceRolled, DiceKept, DecisionRequired, DieUsed, MoneyTaken,
    DiscardReshuffled, DiscardReshuffledRedacted, CardsLookedAt, CardsLookedAtRedacted, CardKept,
    CardKeptRedacted, CardsRejected, CardPlayed, CardDiscarded, CardRemovedFromGame, CardActivated, ActionCopied, BattleRolled, BattleBoosted,
    CardReturnedToHand, VictoryPointsGained, VictoryPointsTaken, VictoryPointsBought, DiscBlocked,
    DieAdjusted, DefenceReduced, DeckSearched, DeckSearchedRedacted, CardTakenFromDeck,
    CardTakenFromDeckRedacted, CardTakenFromDiscard, CardsPickedUp, CardRelaid, Declined, TurnEnded,
    GameEnded,
]
EVENT_TYPES: tuple[type, ...] = Event.__args__
REDACTED_TYPES: tuple[type, ...] = tuple(t for t in EVENT_TYPES if t.__name__.endswith("Redacted"))
