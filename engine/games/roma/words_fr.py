"""Roma's events in French (``words.describe_event(event, "fr")``), one sentence each, made the same
way as the English ones in words.py: from the event alone, as the reading seat receives it, so a
redacted event's sentence says how many cards, never which.

The words are the French edition's: the deck is the "talon", the discarded cards the "défausse",
VP are "points gagnants" (PG), the discs "Argent" and "Cartes"; card names are the Latin ones the
cards print (``data/cards.json``). Seats: "Premier" and "Second".
"""

from __future__ import annotations

from typing import Any, Callable

from engine.core import tag_of
from engine.phrases import cachees, cap, join_et, pluriel, words_of

from . import events as ev
from .cards import CARDS

SEATS = ("Premier", "Second")


def who(seat: int) -> str:
    return SEATS[seat] if 0 <= seat < len(SEATS) else f"Joueur {seat + 1}"


def card(card_id: str) -> str:
    c = CARDS.get(card_id)
    return c.name if c else (cap(words_of(card_id)) if card_id else "un disque vide")


def _cards(ids: tuple[str, ...]) -> str:
    return join_et(card(c) for c in ids) or "aucune carte"


def _pg(n: int) -> str:
    return f"{n} PG"


def _sesterces(n: int) -> str:
    return pluriel(n, "sesterce")


# What each pending decision asks, as the rest of "<seat> doit …" (the kinds of DecisionRequired).
ASKS: dict[str, str] = {
    "reroll": "relancer les dés d'action (les trois montrent le même nombre) ou les garder",
    "keep": "choisir laquelle des cartes regardées garder",
    "target": "choisir la carte adverse visée",
    "lay": "poser gratuitement des cartes de sa main, ou s'arrêter",
    "relay": "reposer sur les disques les cartes reprises",
    "boost": "ajouter ou non un dé d'action inutilisé au dé de combat",
    "buy": "choisir combien de PG de l'adversaire acheter",
    "adjust": "choisir le dé d'action à augmenter ou diminuer",
    "block": "choisir le disque adverse à bloquer",
    "copy": "choisir la carte personnage dont il exécute l'action",
    "search": "choisir la carte à prendre dans le talon",
    "revive": "choisir une carte personnage à reprendre dans la défausse",
    "forum": "choisir le second dé d'action pour les PG du Forum",
    "templum": "ajouter le troisième dé d'action par le Templum, ou refuser",
}

# A decision by a short name (Declined's kind, a choice's step).
KINDS: dict[str, str] = {
    "reroll": "relance", "keep": "carte gardée", "target": "cible", "lay": "pose gratuite", "relay": "cartes reposées",
    "boost": "dé de combat", "buy": "achat de PG", "adjust": "dé modifié", "block": "disque bloqué", "copy": "copie",
    "search": "recherche dans le talon", "revive": "reprise dans la défausse", "forum": "Forum", "templum": "Templum",
}

USES = {"money": "le disque Argent", "cards": "le disque Cartes", "activate": "activer une carte",
        "forum": "le Forum", "templum": "le Templum", "boost": "le combat (Centurio)"}


def ask_words(kind: str, card_id: str = "") -> str:
    what = ASKS.get(kind, f"décider ({KINDS.get(kind, words_of(kind))})")
    return f"{what} ({card(card_id)})" if card_id else what


def _game_ended(e: ev.GameEnded) -> str:
    why = {"supply_empty": "la réserve de PG est vide", "no_victory_points": "un joueur n'a plus de PG"}.get(e.reason, words_of(e.reason))
    won = f"{join_et(who(s) for s in e.winners)} gagne" if e.winners else "partie nulle"
    scores = ", ".join(f"{who(s)} {v}" for s, v in enumerate(e.scores))
    return f"La partie est finie ({why}) : {won}" + (f" ; PG : {scores}" if scores else "")


def _discarded(e: ev.CardDiscarded) -> str:
    how = {"covered": "est recouverte et défaussée", "battle": "perd le combat et est défaussée"}.get(
        e.reason, f"est défaussée ({card(e.reason) if e.reason in CARDS else words_of(e.reason)})")
    return f"{card(e.card)} de {who(e.seat)} sur le disque {e.disc} {how}"


def _revealed(e: ev.CardsRevealed) -> str:
    sides = [f"{who(s)} : {', '.join(f'{card(c)} sur le disque {d}' for d, c in enumerate(cards, 1) if c) or 'aucune'}"
             for s, cards in enumerate((e.first, e.second))]
    return "Les cartes de départ sont retournées : " + " ; ".join(sides)


PHRASES: dict[type, Callable[[Any], str]] = {
    ev.DeckShuffled: lambda e: f"Le talon est mélangé ({pluriel(len(e.cards), 'carte')}, face cachée)",
    ev.DeckShuffledRedacted: lambda e: f"Le talon est mélangé ({pluriel(e.count, 'carte')}, face cachée)",
    ev.CardsDealt: lambda e: f"{who(e.seat)} reçoit {_cards(e.cards)}",
    ev.CardsDealtRedacted: lambda e: f"{who(e.seat)} reçoit {pluriel(e.count, 'carte')} {cachees(e.count)}",
    ev.CardPassed: lambda e: f"{who(e.seat)} choisit de donner {card(e.card)}",
    ev.CardPassedRedacted: lambda e: f"{who(e.seat)} choisit une carte à donner (laquelle : cachée pour vous)",
    ev.CardsExchanged: lambda e: f"Les cartes choisies changent de main : Premier donne {_cards(e.from_first)}, Second donne {_cards(e.from_second)}",
    ev.CardsExchangedRedacted: lambda e: "Les cartes choisies changent de main (lesquelles : cachées pour vous)",
    ev.CardPlacedFaceDown: lambda e: f"{who(e.seat)} pose {card(e.card)} face cachée sur le disque {e.disc}",
    ev.CardPlacedFaceDownRedacted: lambda e: f"{who(e.seat)} pose une carte face cachée sur le disque {e.disc}",
    ev.CardsRevealed: _revealed,
    ev.TurnStarted: lambda e: f"Tour {e.turn} : à {who(e.seat)} de jouer",
    ev.VictoryPointsPaid: lambda e: f"{who(e.seat)} paie {_pg(e.amount)} pour {pluriel(e.empty_discs, 'disque vide', 'disques vides')}",
    ev.DiceRolled: lambda e: f"{who(e.seat)} {'relance' if e.reroll else 'lance'} les dés d'action : {', '.join(map(str, e.dice))}",
    ev.DiceKept: lambda e: f"{who(e.seat)} garde le triple",
    ev.DecisionRequired: lambda e: f"{who(e.seat)} doit {ask_words(e.kind, e.card)}",
    ev.DieUsed: lambda e: f"{who(e.seat)} emploie le dé de {e.die} pour {USES.get(e.action, words_of(e.action))}",
    ev.MoneyTaken: lambda e: f"{who(e.seat)} prend {_sesterces(e.amount)}",
    ev.DiscardReshuffled: lambda e: f"La défausse est mélangée en un nouveau talon ({pluriel(len(e.cards), 'carte')}, face cachée)",
    ev.DiscardReshuffledRedacted: lambda e: f"La défausse est mélangée en un nouveau talon ({pluriel(e.count, 'carte')}, face cachée)",
    ev.CardsLookedAt: lambda e: f"{who(e.seat)} regarde {_cards(e.cards)} du talon",
    ev.CardsLookedAtRedacted: lambda e: f"{who(e.seat)} regarde {pluriel(e.count, 'carte')} du talon {cachees(e.count)}",
    ev.CardKept: lambda e: f"{who(e.seat)} garde {card(e.card)}",
    ev.CardKeptRedacted: lambda e: f"{who(e.seat)} garde une des cartes (laquelle : cachée pour vous)",
    ev.CardsRejected: lambda e: f"{_cards(e.cards)} {'vont' if len(e.cards) > 1 else 'va'} à la défausse",
    ev.CardPlayed: lambda e: f"{who(e.seat)} joue {card(e.card)} sur le disque {e.disc} pour {_sesterces(e.cost)}",
    ev.CardDiscarded: _discarded,
    ev.CardRemovedFromGame: lambda e: f"{card(e.card)} de {who(e.seat)} sur le disque {e.disc} quitte la partie ({card(e.reason)})",
    ev.CardActivated: lambda e: f"{who(e.seat)} active {card(e.card)} sur le disque {e.disc}",
    ev.ActionCopied: lambda e: f"Le Scaenicus de {who(e.seat)} sur le disque {e.disc} copie {card(e.card)} du disque {e.source_disc}",
    ev.BattleRolled: lambda e: f"La carte de {who(e.seat)} sur le disque {e.disc} attaque {card(e.card)} sur le disque {e.target} : "
                               f"{e.roll} au dé contre une défense de {e.defence}, " + ("gagné" if e.won else "manqué"),
    ev.BattleBoosted: lambda e: f"{who(e.seat)} ajoute le dé de {e.die} au combat : {e.total}, " + ("gagné" if e.won else "toujours manqué"),
    ev.CardReturnedToHand: lambda e: f"{card(e.card)} de {who(e.seat)} sur le disque {e.disc} retourne dans la main de {who(e.seat)}",
    ev.VictoryPointsGained: lambda e: f"{who(e.seat)} gagne {_pg(e.amount)}" + (f" ({card(e.reason)})" if e.reason else ""),
    ev.VictoryPointsTaken: lambda e: f"{who(e.seat)} prend {_pg(e.amount)} à {who(1 - e.seat)}" + (f" ({card(e.reason)})" if e.reason else ""),
    ev.VictoryPointsBought: lambda e: f"{who(e.seat)} achète {_pg(e.count)} à {who(1 - e.seat)} pour {_sesterces(e.price)}",
    ev.DiscBlocked: lambda e: f"Le disque {e.disc} de {who(e.seat)} est bloqué pour son prochain tour",
    ev.DieAdjusted: lambda e: f"{who(e.seat)} tourne le dé de {e.die} sur {e.value}",
    ev.DefenceReduced: lambda e: f"Jusqu'à la fin du tour, les cartes de {who(1 - e.seat)} défendent {e.amount} de moins",
    ev.DeckSearched: lambda e: f"{who(e.seat)} parcourt le talon ({pluriel(len(e.cards), 'carte')})",
    ev.DeckSearchedRedacted: lambda e: f"{who(e.seat)} parcourt le talon ({pluriel(e.count, 'carte')})",
    ev.CardTakenFromDeck: lambda e: f"{who(e.seat)} prend {card(e.card)} dans le talon",
    ev.CardTakenFromDeckRedacted: lambda e: f"{who(e.seat)} prend une carte dans le talon (laquelle : cachée pour vous)",
    ev.CardTakenFromDiscard: lambda e: f"{who(e.seat)} reprend {card(e.card)} dans la défausse",
    ev.CardsPickedUp: lambda e: f"{who(e.seat)} reprend {_cards(e.cards)} pour les reposer",
    ev.CardRelaid: lambda e: f"{who(e.seat)} repose {card(e.card)} sur le disque {e.disc}",
    ev.Declined: lambda e: f"{who(e.seat)} refuse" + (f" ({KINDS.get(e.kind, words_of(e.kind))})" if e.kind else ""),
    ev.TurnEnded: lambda e: f"{who(e.seat)} termine son tour",
    ev.GameEnded: _game_ended,
}


def describe_event(event: Any) -> str:
    phrase = PHRASES.get(type(event))
    return phrase(event) if phrase is not None else cap(words_of(tag_of(event)))
