"""Rome et Carthage's events in French (``words.describe_event(event, "fr")``), one sentence each,
made as the English ones of words.py are: from the event alone, as the reading seat receives it (a
redacted draw or face-down lay says how many cards, never which).

The words are the rulebook's: "talon", "marche forcée", "trahison", "sédition", "espion", the
pieces "éléphant", "char", "galère", "mercenaire"; cities and states by their map names (already
the edition's: Byzance, Alexandrie); cards by French rank and suit sign ("R♥": roi, "D": dame,
"V": valet); seats by compass point ("Nord", "Est", "Sud", "Ouest").
"""

from __future__ import annotations

import re
from typing import Any, Callable

from engine.core import tag_of
from engine.phrases import cachees, cap, de, join_et, pluriel, words_of

from . import events as ev
from .board import city as _city_of, state as _state_of

SEATS = ("Nord", "Est", "Sud", "Ouest")
SUITS = {"H": "\u2665", "D": "\u2666", "C": "\u2663", "S": "\u2660"}
RANKS = {"K": "R", "Q": "D", "J": "V"}
SPECIALS = {"treason": "Trahison", "sedition": "Sédition"}
SIDES = ("l'attaquant", "le défenseur")
SIDES_OF = ("de l'attaquant", "du défenseur")
STEPS = {"open": "premières cartes", "spy": "espion", "spy_cards": "nouvelles cartes de l'espion", "tie": "cartes de départage"}
REASONS = {"capitals": "les deux capitales ennemies tenues", "destroyed": "une équipe n'a plus de pièce",
           "draw agreed": "une nulle acceptée", "no progress": "trop de tours sans combat ni capitale prise"}
# piece kind: (name, feminine)
PIECES = {"elephant": ("éléphant", False), "chariot": ("char", False), "galley": ("galère", True), "mercenary": ("mercenaire", False)}
_CARD = re.compile(r"^(10|[2-9AJQK])([HDCS])$")
_PIECE = re.compile(r"^([a-z]+)_(elephant|chariot|galley|mercenary)(?:_\d+)?$")


def who(seat: int) -> str:
    return SEATS[seat] if 0 <= seat < len(SEATS) else f"Joueur {seat + 1}"


def team(t: int) -> str:
    return f"équipe {t + 1}"


def city(city_id: str) -> str:
    try:
        return _city_of(city_id).name
    except KeyError:
        return cap(words_of(city_id))


def state_name(state_id: str) -> str:
    try:
        return _state_of(state_id).name
    except KeyError:
        return cap(words_of(state_id))


def card(card_id: str) -> str:
    """"KH" -> "R♥", "10S" -> "10♠"; a special card by its French name."""
    if card_id in SPECIALS:
        return SPECIALS[card_id]
    m = _CARD.match(card_id)
    return f"{RANKS.get(m.group(1), m.group(1))}{SUITS[m.group(2)]}" if m else cap(words_of(card_id))


def cards(ids) -> str:
    return join_et(card(c) for c in ids)


def parts(piece_id: str) -> tuple[str, str, bool]:
    """(state name, kind in French, feminine) of a piece id such as ``carthage_mercenary_2``."""
    m = _PIECE.match(piece_id)
    if not m:
        return "", words_of(piece_id), False
    kind, fem = PIECES[m.group(2)]
    return state_name(m.group(1)), kind, fem


def piece(piece_id: str, the: bool = False) -> str:
    """"l'éléphant de Rome" (one a state), "un mercenaire de Carthage" (two or three);
    ``the``: always the definite article."""
    state, kind, fem = parts(piece_id)
    if not state:
        return kind
    one = kind in ("éléphant", "char")
    if one or the:
        article = "l'" if kind[0] in "éa" else ("la " if fem else "le ")
    else:
        article = "une " if fem else "un "
    return f"{article}{kind} {de(state)}"


def _route(path) -> str:
    return "vers " + " puis ".join(city(c) for c in path) if path else "nulle part"


def _talon(e) -> str:
    count = e.count if isinstance(e, ev.TalonShuffledRedacted) else len(e.cards)
    pile = f"le talon de l'{team(e.pile)}" if e.pile > 0 else "le talon"
    if e.rebuilt:
        return f"Les cartes jouées sont mélangées dans {pile} ({pluriel(count, 'carte')}, face cachée)"
    return f"{cap(pile)} est mélangé ({pluriel(count, 'carte')}, face cachée)"


def _states_drawn(e: ev.StatesDrawn) -> str:
    teams = []
    for t in (0, 1):
        members = [f"{who(s.seat)} ({join_et(state_name(x) for x in s.states)}{', seul' if s.lone else ''})"
                   for s in e.seats if s.team == t]
        teams.append(f"l'{team(t)} : {join_et(members) or 'personne'}")
    return f"{cap(teams[0])} ; {teams[1]}"


def _first(e: ev.FirstPlayerDrawn) -> str:
    opens = f"{state_name(e.state)} ouvre : {who(e.seat)} joue en premier"
    order = ", puis ".join(who(x) for x in e.order)
    return (f"{card(e.card)} est retournée : " if e.card else "") + opens + (f" (ordre : {order})" if order else "")


def _spent(e: ev.CardsSpent) -> str:
    done = [x for x in (e.cards and f"met {cards(e.cards)} sur les cartes jouées",
                        e.removed and f"retire {cards(e.removed)} du jeu") if x]
    return f"{who(e.seat)} {' et '.join(done) or 'ne dépense aucune carte'} ({'du combat' if e.from_table else 'de sa main'})"


def _moved(e: ev.PieceMoved) -> str:
    if e.treason:
        return f"Par trahison, {who(e.seat)} déplace {piece(e.piece)} {_route(e.path)}"
    if e.second_mercenary:
        return f"{who(e.seat)} déplace un second mercenaire {de(parts(e.piece)[0])} {_route(e.path)}"
    return f"{who(e.seat)} déplace {piece(e.piece)} {_route(e.path)}"


def _eliminated(e: ev.PieceEliminated) -> str:
    fem = parts(e.piece)[2]
    how = {"sedition": f"est détruit{'e' if fem else ''} par sédition",
           "combat": "perd le combat et quitte le plateau"}.get(e.reason, f"quitte le plateau ({words_of(e.reason)})")
    return f"{cap(piece(e.piece, True))} à {city(e.city)} {how}"


def _combat_started(e: ev.CombatStarted) -> str:
    limited = [s for i, s in enumerate((e.attacker_seat, e.defender_seat)) if i < len(e.limited) and e.limited[i]]
    return (f"Combat à {city(e.city)} : {piece(e.attacker, True)} ({who(e.attacker_seat)}) attaque "
            f"{piece(e.defender, True)} ({who(e.defender_seat)})"
            + (f" ; {join_et(who(x) for x in limited)}, sa capitale occupée, pose une carte là où deux sont demandées" if limited else ""))


def _side(side: int) -> str:
    return SIDES[side] if 0 <= side < 2 else "son camp"


def _combat_step(e: ev.CombatStep) -> str:
    at = f"Combat à {city(e.city)}"
    need = list(e.need) + [0, 0]
    spy = SIDES[e.spy_side] if 0 <= e.spy_side < 2 else "un camp"
    if e.step == "spy":
        return f"{at} : {spy} a ouvert avec un 2 naturel et peut envoyer un espion"
    if e.step == "spy_cards":
        n = need[e.spy_side] if 0 <= e.spy_side < 2 else 0
        of = SIDES_OF[e.spy_side] if 0 <= e.spy_side < 2 else "d'un camp"
        return f"{at} : l'espion {of} pose {pluriel(n, 'nouvelle carte', 'nouvelles cartes')}, connaissant celles de l'autre camp"
    if e.step == "tie":
        return f"{at} : égalité ; chaque camp pose une carte de plus face cachée"
    lay = (f"chaque camp pose {pluriel(need[0], 'carte')}" if need[0] == need[1]
           else f"l'attaquant pose {pluriel(need[0], 'carte')}, le défenseur {pluriel(need[1], 'carte')}")
    return f"{at} : {lay} face cachée"


def _revealed(e: ev.CardsRevealed) -> str:
    totals = list(e.totals) + [0, 0]
    sides = [f"{cards(ids) or 'aucune carte'} {SIDES_OF[i]} font {totals[i]}" for i, ids in enumerate((e.attacker_cards, e.defender_cards))]
    return f"Combat à {city(e.city)}, {STEPS.get(e.step, words_of(e.step))} retournées : {sides[0]}, {sides[1]}"


def _combat_ended(e: ev.CombatEnded) -> str:
    at = f"Combat à {city(e.city)}"
    score = f", {max(e.totals)} à {min(e.totals)}" if len(e.totals) == 2 else ""
    if e.outcome in ("attacker", "defender"):
        return f"{at} : {SIDES[0] if e.outcome == 'attacker' else SIDES[1]} l'emporte{score}"
    return f"{at} : une égalité que personne ne peut départager ; le combat s'arrête et l'attaquant revient"


def _out(e: ev.PlayerEliminated) -> str:
    lost = [x for x in (e.cards and pluriel(e.cards, "carte"),
                        e.specials and f"sa carte {join_et(card(c) for c in e.specials)}") if x]
    return f"{who(e.seat)} n'a plus de pièce et sort du jeu" + (f" : {join_et(lost)} quittent la partie sans être vues" if lost else "")


def _clock(e, still: str) -> str:
    waiting = join_et(who(x) for x in e.waiting)
    return (f"Les deux capitales ennemies sont {still}tenues par l'{team(e.team)} : la partie est à elle si elle les tient"
            f" encore quand {waiting or 'chaque autre joueur'} aura fini un tour")


def _ended(e: ev.GameEnded) -> str:
    why = REASONS.get(e.reason, words_of(e.reason))
    won = f"{join_et(who(x) for x in e.winners)} gagnent" if e.winners else "partie nulle"
    scores = ", ".join(f"{who(i)} {n}" for i, n in enumerate(e.scores))
    return f"La partie est finie ({why}) : {won}" + (f" ; pièces restantes : {scores}" if scores else "")


def _turn(e: ev.TurnStarted) -> str:
    return f"Tour {e.turn} (manche {e.round}) : {who(e.seat)} " + (f"place {pluriel(e.place, 'pièce')}" if e.place > 0 else "joue")


PHRASES: dict[type, Callable[[Any], str]] = {
    ev.StatesDrawn: _states_drawn,
    ev.HandDealt: lambda e: f"{who(e.seat)} commence avec {cards(e.cards) or 'aucune carte'}",
    ev.TalonShuffled: _talon,
    ev.TalonShuffledRedacted: _talon,
    ev.FirstPlayerDrawn: _first,
    ev.SpecialChosen: lambda e: f"{who(e.seat)} détient la carte {card(e.card)}",
    ev.TurnStarted: _turn,
    ev.PiecePlaced: lambda e: f"{who(e.seat)} place {piece(e.piece)} à {city(e.city)}",
    ev.CardsDrawn: lambda e: f"{who(e.seat)} pioche {cards(e.cards) or 'aucune carte'}",
    ev.CardsDrawnRedacted: lambda e: f"{who(e.seat)} pioche {pluriel(e.count, 'carte')} {cachees(e.count)}",
    ev.ForcedMarchDeclared: lambda e: f"{who(e.seat)} déclare une marche forcée, payée par {cards(e.cards) or 'aucune carte'}",
    ev.ForcedMarchCardAdded: lambda e: f"{who(e.seat)} ajoute {card(e.card)} au paiement de sa marche forcée",
    ev.CardsSpent: _spent,
    ev.PieceMoved: _moved,
    ev.AttackDeclared: lambda e: f"{cap(piece(e.attacker, True))} venu{'e' if parts(e.attacker)[2] else ''} {de(city(e.origin))} attaque "
                                 f"{piece(e.defender, True)} à {city(e.city)} : un combat à la fin des déplacements",
    ev.SpecialPlayed: lambda e: f"{who(e.seat)} joue sa carte {card(e.card)}",
    ev.PieceEliminated: _eliminated,
    ev.MovesEnded: lambda e: f"{who(e.seat)} arrête ses déplacements : " + (f"{pluriel(e.combats, 'combat')} à livrer" if e.combats else "aucun combat"),
    ev.DrawOffered: lambda e: f"{who(e.seat)} propose la nulle à l'autre équipe (valable jusqu'au prochain tour de {who(e.seat)})",
    ev.DrawOfferLapsed: lambda e: f"La proposition de nulle de l'{team(e.team)} tombe",
    ev.CombatStarted: _combat_started,
    ev.CombatStep: _combat_step,
    ev.CardsCommitted: lambda e: f"{who(e.seat)} pose {cards(e.cards) or 'aucune carte'} face cachée pour {_side(e.side)}",
    ev.CardsCommittedRedacted: lambda e: f"{who(e.seat)} pose {pluriel(e.count, 'carte')} face cachée pour {_side(e.side)} {cachees(e.count)}",
    ev.CardsRevealed: _revealed,
    ev.SpyDeclared: lambda e: f"{who(e.seat)} déclare un espion : il pose de nouvelles cartes, connaissant celles de l'autre camp",
    ev.ValueKept: lambda e: f"{who(e.seat)} garde son 2 naturel (l'attaquant totalise {(list(e.totals) + [0, 0])[0]}, "
                            f"le défenseur {(list(e.totals) + [0, 0])[1]})",
    ev.BothSpies: lambda e: f"Combat à {city(e.city)} : les deux camps ont ouvert avec un 2 naturel ; leurs cartes sont jouées et le combat reprend",
    ev.ZerosReturned: lambda e: f"{cards(e.cards) or 'Aucune carte'} {'retournent' if len(e.cards) > 1 else 'retourne'} dans la main de {who(e.seat)}",
    ev.CombatEnded: _combat_ended,
    ev.AttackerReturned: lambda e: f"{cap(piece(e.piece, True))} revient {de(city(e.city))} à {city(e.origin)}",
    ev.PlayerEliminated: _out,
    ev.ClockStarted: lambda e: _clock(e, ""),
    ev.ClockTicked: lambda e: _clock(e, "toujours "),
    ev.ClockStopped: lambda e: f"L'{team(e.team)} ne tient plus les deux capitales ennemies : son compte s'arrête",
    ev.TurnEnded: lambda e: f"{who(e.seat)} termine son tour"
                            + (f" ({pluriel(e.quiet, 'tour')} de suite sans combat ni capitale prise)" if e.quiet else ""),
    ev.GameEnded: _ended,
}


def describe_event(event: Any) -> str:
    phrase = PHRASES.get(type(event))
    return phrase(event) if phrase is not None else cap(words_of(tag_of(event)))


def name_of(value: Any) -> str:
    """The French words a sentence gives a card id ("" for anything else)."""
    return card(value) if isinstance(value, str) and (value in SPECIALS or _CARD.match(value)) else ""
