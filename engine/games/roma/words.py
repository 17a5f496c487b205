"""Roma's events in words, one sentence each (``describe_event``), for a log a player reads.

Each sentence is made from the event alone, as the reading seat receives it: a private event reaches
the others in its ``...Redacted`` form (rules.py says who sees what), and the sentence of a redacted
event is built from its own fields (how many cards, never which), so it cannot name anything hidden.
Card names are those of ``data/cards.json``; seats are named "First" and "Second" as in notation.py.
A ``DecisionRequired`` reads as who must decide what ("Second to choose the opposing disc to block").
"""

from __future__ import annotations

from typing import Any, Callable

from engine.core import tag_of
from engine.phrases import cap, join_and, plural, words_of

from . import events as ev, words_fr
from .cards import CARDS
from .notation import SEAT_NAMES


def _who(seat: int) -> str:
    return SEAT_NAMES[seat] if 0 <= seat < len(SEAT_NAMES) else f"Seat {seat + 1}"


def seat_name(seat: int, language: str = "en") -> str:
    """A seat in words: "First", "Second"; in French "Premier", "Second"."""
    return words_fr.who(seat) if language == "fr" else _who(seat)


def _card(card_id: str) -> str:
    c = CARDS.get(card_id)
    return c.name if c else (cap(words_of(card_id)) if card_id else "an empty disc")


def _cards(ids: tuple[str, ...]) -> str:
    return join_and(_card(c) for c in ids) or "no card"


def _vp(n: int) -> str:
    return plural(n, "VP", "VP")


# What each pending decision asks, as the rest of "<seat> to …" (the kinds of DecisionRequired).
ASKS: dict[str, str] = {
    "reroll": "reroll the action dice (all three show the same number) or keep them",
    "keep": "choose which of the cards looked at to keep",
    "target": "choose the opposing card to aim at",
    "lay": "lay cards from the hand free of charge, or stop",
    "relay": "lay the picked-up cards again on the discs",
    "boost": "add an unused action die to the battle die, or not",
    "buy": "choose how many of the opponent's VP to buy",
    "adjust": "choose the action die to raise or lower",
    "block": "choose the opposing disc to block",
    "copy": "choose the character card whose action to perform",
    "search": "choose the card to take from the deck",
    "revive": "choose a character card to take back from the discard pile",
    "forum": "choose the second action die for the Forum's VP",
    "templum": "add the third action die through the Templum, or decline",
}

USES = {"money": "the money disc", "cards": "the cards disc", "activate": "activating a card",
        "forum": "the Forum", "templum": "the Templum", "boost": "the battle (Centurio)"}


def ask_words(kind: str, card: str = "") -> str:
    """A decision's words, its card named: "choose which of the cards looked at to keep (Haruspex)"."""
    what = ASKS.get(kind, f"decide ({words_of(kind)})")
    return f"{what} ({_card(card)})" if card else what


def _decision(e: ev.DecisionRequired) -> str:
    return f"{_who(e.seat)} to {ask_words(e.kind, e.card)}"


def _game_ended(e: ev.GameEnded) -> str:
    why = {"supply_empty": "the VP supply is empty", "no_victory_points": "a player has no VP left"}.get(e.reason, words_of(e.reason))
    won = f"{join_and(_who(s) for s in e.winners)} wins" if e.winners else "a draw"
    scores = ", ".join(f"{_who(s)} {v}" for s, v in enumerate(e.scores))
    return f"The game ends ({why}): {won}" + (f"; VP: {scores}" if scores else "")


PHRASES: dict[type, Callable[[Any], str]] = {
    ev.DeckShuffled: lambda e: f"The deck is shuffled ({plural(len(e.cards), 'card')}, face down)",
    ev.DeckShuffledRedacted: lambda e: f"The deck is shuffled ({plural(e.count, 'card')}, face down)",
    ev.CardsDealt: lambda e: f"{_who(e.seat)} is dealt {_cards(e.cards)}",
    ev.CardsDealtRedacted: lambda e: f"{_who(e.seat)} is dealt {plural(e.count, 'card')} (which: hidden from you)",
    ev.CardPassed: lambda e: f"{_who(e.seat)} chooses {_card(e.card)} to give away",
    ev.CardPassedRedacted: lambda e: f"{_who(e.seat)} chooses a card to give away (which: hidden from you)",
    ev.CardsExchanged: lambda e: f"The chosen cards change hands: First gives {_cards(e.from_first)}, Second gives {_cards(e.from_second)}",
    ev.CardsExchangedRedacted: lambda e: "The chosen cards change hands (which: hidden from you)",
    ev.CardPlacedFaceDown: lambda e: f"{_who(e.seat)} lays {_card(e.card)} face down on disc {e.disc}",
    ev.CardPlacedFaceDownRedacted: lambda e: f"{_who(e.seat)} lays a card face down on disc {e.disc}",
    ev.CardsRevealed: lambda e: "The set-up cards are turned face up: " + "; ".join(
        f"{_who(s)}: {', '.join(f'{_card(c)} on disc {d}' for d, c in enumerate(cards, 1) if c) or 'none'}"
        for s, cards in enumerate((e.first, e.second))),
    ev.TurnStarted: lambda e: f"Turn {e.turn}: {_who(e.seat)} to play",
    ev.VictoryPointsPaid: lambda e: f"{_who(e.seat)} pays {_vp(e.amount)} for {plural(e.empty_discs, 'empty disc')}",
    ev.DiceRolled: lambda e: f"{_who(e.seat)} {'rolls again' if e.reroll else 'rolls'} the action dice: {', '.join(map(str, e.dice))}",
    ev.DiceKept: lambda e: f"{_who(e.seat)} keeps the three of a kind",
    ev.DecisionRequired: _decision,
    ev.DieUsed: lambda e: f"{_who(e.seat)} uses the die showing {e.die} for {USES.get(e.action, words_of(e.action))}",
    ev.MoneyTaken: lambda e: f"{_who(e.seat)} takes {plural(e.amount, 'sestertius', 'sesterces')}",
    ev.DiscardReshuffled: lambda e: f"The discard pile is shuffled into a new deck ({plural(len(e.cards), 'card')}, face down)",
    ev.DiscardReshuffledRedacted: lambda e: f"The discard pile is shuffled into a new deck ({plural(e.count, 'card')}, face down)",
    ev.CardsLookedAt: lambda e: f"{_who(e.seat)} looks at {_cards(e.cards)} from the deck",
    ev.CardsLookedAtRedacted: lambda e: f"{_who(e.seat)} looks at {plural(e.count, 'card')} from the deck (which: hidden from you)",
    ev.CardKept: lambda e: f"{_who(e.seat)} keeps {_card(e.card)}",
    ev.CardKeptRedacted: lambda e: f"{_who(e.seat)} keeps one of the cards (which: hidden from you)",
    ev.CardsRejected: lambda e: f"{_cards(e.cards)} {'go' if len(e.cards) > 1 else 'goes'} to the discard pile",
    ev.CardPlayed: lambda e: f"{_who(e.seat)} plays {_card(e.card)} on disc {e.disc} for {plural(e.cost, 'sestertius', 'sesterces')}",
    ev.CardDiscarded: lambda e: f"{_who(e.seat)}'s {_card(e.card)} on disc {e.disc} "
                                + ("is covered and discarded" if e.reason == "covered" else "loses the battle and is discarded" if e.reason == "battle" else f"is discarded ({words_of(e.reason)})"),
    ev.CardRemovedFromGame: lambda e: f"{_who(e.seat)}'s {_card(e.card)} on disc {e.disc} leaves the game ({_card(e.reason)})",
    ev.CardActivated: lambda e: f"{_who(e.seat)} activates {_card(e.card)} on disc {e.disc}",
    ev.ActionCopied: lambda e: f"{_who(e.seat)}'s Scaenicus on disc {e.disc} copies {_card(e.card)} on disc {e.source_disc}",
    ev.BattleRolled: lambda e: f"{_who(e.seat)}'s card on disc {e.disc} attacks {_card(e.card)} on disc {e.target}: "
                               f"rolls {e.roll} against a defence of {e.defence}, " + ("a win" if e.won else "a miss"),
    ev.BattleBoosted: lambda e: f"{_who(e.seat)} adds the die showing {e.die} to the battle: {e.total}, " + ("a win" if e.won else "still a miss"),
    ev.CardReturnedToHand: lambda e: f"{_who(e.seat)}'s {_card(e.card)} on disc {e.disc} goes back to {_who(e.seat)}'s hand",
    ev.VictoryPointsGained: lambda e: f"{_who(e.seat)} gains {_vp(e.amount)}" + (f" ({_card(e.reason)})" if e.reason else ""),
    ev.VictoryPointsTaken: lambda e: f"{_who(e.seat)} takes {_vp(e.amount)} from {_who(1 - e.seat)}" + (f" ({_card(e.reason)})" if e.reason else ""),
    ev.VictoryPointsBought: lambda e: f"{_who(e.seat)} buys {_vp(e.count)} from {_who(1 - e.seat)} for {plural(e.price, 'sestertius', 'sesterces')}",
    ev.DiscBlocked: lambda e: f"{_who(e.seat)}'s disc {e.disc} is blocked for its next turn",
    ev.DieAdjusted: lambda e: f"{_who(e.seat)} turns the die showing {e.die} to {e.value}",
    ev.DefenceReduced: lambda e: f"Until the end of the turn, {_who(1 - e.seat)}'s cards defend {e.amount} less",
    ev.DeckSearched: lambda e: f"{_who(e.seat)} looks through the deck ({plural(len(e.cards), 'card')})",
    ev.DeckSearchedRedacted: lambda e: f"{_who(e.seat)} looks through the deck ({plural(e.count, 'card')})",
    ev.CardTakenFromDeck: lambda e: f"{_who(e.seat)} takes {_card(e.card)} from the deck",
    ev.CardTakenFromDeckRedacted: lambda e: f"{_who(e.seat)} takes a card from the deck (which: hidden from you)",
    ev.CardTakenFromDiscard: lambda e: f"{_who(e.seat)} takes {_card(e.card)} back from the discard pile",
    ev.CardsPickedUp: lambda e: f"{_who(e.seat)} picks up {_cards(e.cards)} to lay them again",
    ev.CardRelaid: lambda e: f"{_who(e.seat)} lays {_card(e.card)} again on disc {e.disc}",
    ev.Declined: lambda e: f"{_who(e.seat)} declines" + (f" ({words_of(e.kind)})" if e.kind else ""),
    ev.TurnEnded: lambda e: f"{_who(e.seat)} ends the turn",
    ev.GameEnded: _game_ended,
}


def describe_event(event: Any, language: str = "en") -> str:
    """One event (its public or private form, as a seat receives it) in a sentence, in ``language``
    ("en" or "fr": words_fr.py)."""
    if language == "fr":
        return words_fr.describe_event(event)
    phrase = PHRASES.get(type(event))
    return phrase(event) if phrase is not None else cap(words_of(tag_of(event)))


def name_of(value: Any, language: str = "en") -> str:
    """The name a sentence gives a card id ("" for anything else): what a leak check looks for (the
    cards' Latin names read the same in French)."""
    return CARDS[value].name if isinstance(value, str) and value in CARDS else ""
