"""Hannibal's events in French (``words.describe_event(event, "fr")``), one sentence each, made as
the English ones of words.py are: from the event alone, as the reading seat receives it (the other
side's deals reach it redacted, and say how many cards, never which).

The words are those of the French rules: UC (unités de combat), PC (marqueurs de contrôle
politique), CS (cartes de stratégie, by their French titles: ``title_fr`` of
``data/strategy_cards.json``), the battle cards as the French rules name them (``name_fr`` of
``data/battle_cards.json``: Attaque Frontale, Éprouver l'Adversaire …); generals and
spaces keep their Latin names; sides "Rome" and "Carthage".
"""

from __future__ import annotations

import re
from typing import Any, Callable

from engine.core import tag_of
from engine.phrases import cachees, cap, de, join_et, pluriel, signed, words_of

from . import events as ev
from .components import BATTLE_CARD_TYPES, GENERALS, SPACES, STRATEGY_CARDS

SIDES = ("Rome", "Carthage")

# The ids of causes, purposes, phases, offices and outcomes, in French (``why``).
GLOSSARY: dict[str, str] = {
    "attrition": "attrition", "winter": "hiver", "epidemic": "épidémie", "mercenaries_desert": "désertion des mercenaires",
    "pass": "col", "alpine_pass": "col alpin", "avoid": "évitement", "avoid_battle": "évitement", "battle_losses": "pertes au combat",
    "naval": "mouvement naval", "retreat_table": "table de retraite", "submission": "soumission", "battle_loss": "bataille perdue",
    "battle": "bataille", "event": "événement", "isolation": "isolement", "ops": "opérations", "political": "politique",
    "raise": "levée", "reinforcement": "renforts", "reinforcements": "renforts", "election": "élection", "peace": "paix",
    "turn_limit": "dernier tour", "consul": "consul", "proconsul": "proconsul", "strategy": "stratégie",
    "winter_attrition": "attrition d'hiver", "ability": "capacité", "no_space": "pas de place", "siege": "siège",
    "interception": "interception", "intercept": "interception", "pursuit": "poursuite", "withdraw": "repli",
    "withdrawal": "repli", "counterattack": "contre-attaque", "cancel_withdraw": "repli contesté",
    "elephant_charge": "charge des éléphants", "command_swap": "commandement des consuls", "success": "réussite",
    "failure": "échec", "point": "un point", "no point": "aucun point", "arrives": "arrive", "lost": "perdu",
    "neutralized": "neutralisé", "cup": "tasse", "removed": "hors jeu", "setup": "mise en place", "truce": "trêve",
    "deck_short": "trop peu de cartes", "unmatched": "carte sans réponse", "no_cards": "plus de carte",
    "march": "marche", "sail": "mer", "retreat": "retraite", "step_back": "recul", "enter_city": "entrée en ville",
    "leave_city": "sortie de la ville", "isolated": "isolé", "rome": "Rome", "carthage": "Carthage", "over": "fin",
    "relief": "secours", "sortie": "sortie", "elephants": "éléphants", "storm": "tempête", "desertion": "désertion",
    "macedonia": "Macédoine", "syracusae": "Syracuse", "campaign": "campagne", "africanus": "Scipion l'Africain",
}


def side(x: int) -> str:
    return SIDES[x] if 0 <= x < len(SIDES) else f"Camp {x + 1}"


def _named(table: dict, key: str) -> str:
    x = table.get(key)
    return x.name if x is not None else cap(words_of(key))


def space(key: str) -> str:
    return _named(SPACES, key) if key else "nulle part"


def general(key: str) -> str:
    return _named(GENERALS, key)


def generals(ids) -> str:
    return join_et(general(g) for g in ids if g)


def card(number: int) -> str:
    c = STRATEGY_CARDS.get(number)
    return f"#{number} {c.title_fr}" if c else f"#{number}"


def battle_card(card_id: str) -> str:
    x = BATTLE_CARD_TYPES.get(card_id)
    return x.name_fr if x is not None else cap(words_of(card_id))


def cu(count: int, elephants: int) -> str:
    return f"{count} UC" + (f" ({pluriel(elephants, 'éléphant')})" if elephants else "")


def _walls(inside: bool) -> str:
    return " dans les murs" if inside else ""


def why(word: str) -> str:
    """A cause, purpose or reason in French ("retreat_table" -> "table de retraite";
    "attrition:winter" -> "attrition, hiver"); a general or a space by its name."""
    def one(w: str) -> str:
        if w in GENERALS:
            return general(w)
        if w in SPACES:
            return space(w)
        return GLOSSARY.get(w) or words_of(w)
    return ", ".join(one(w) for w in word.split(":") if w)


def _outcome(outcome: str) -> str:
    """A table's answer: "2 CU e" -> "2 UC, un éléphant d'abord", "1 CU each" -> "1 UC chacun"."""
    elephant = outcome.endswith(" CU e")
    text = outcome[:-2] if elephant else outcome
    m = re.match(r"^(-?\d+) CU( each)?$", text)
    if m:
        return f"{m.group(1)} UC" + (" chacun" if m.group(2) else "") + (", un éléphant d'abord" if elephant else "")
    return GLOSSARY.get(text) or why(text)


SHUFFLES = {"setup": "pour la mise en place", "deck_short": "(trop peu de cartes pour la donne)", "truce": "après la Trêve"}
USES = {"ops": "pour ses opérations", "event": "pour son événement", "counter": "en contre-événement", "discard": "pour la défausser"}
OFF = {"cup": "dans la tasse jusqu'à la prochaine élection", "neutralized": "neutralisé jusqu'aux prochains renforts",
       "removed": "hors jeu"}
REASONS = {"turn_limit": "le dernier tour est fini", "sudden_death_carthago": "Carthage est tombée",
           "sudden_death_roma": "Rome est tombée", "sudden_death_italy": "l'Italie est perdue pour Rome",
           "peace": "le vaincu demande la paix"}
MARKERS = {
    "macedonia": ("La Macédoine est alliée à Carthage", "La Macédoine n'est plus alliée à Carthage"),
    "naval_victory": ("Le marqueur de victoire navale est posé pour ce tour", "Le marqueur de victoire navale est retiré"),
    "truce": ("Une trêve tient jusqu'à la fin du tour", "La trêve prend fin"),
    "reshuffle": ("Le paquet sera remélangé à la fin du tour", "Aucun remélange n'est prévu"),
    "counsel_rome": ("Rome est retenue par le conseil", "Rome n'est plus retenue par le conseil"),
    "counsel_carthage": ("Carthage est retenue par le conseil", "Carthage n'est plus retenue par le conseil"),
    "siege_train": ("Le train de siège de Carthage est sur la carte", "Le train de siège de Carthage n'est plus sur la carte"),
    "siege_train_lost": ("Le train de siège de Carthage est perdu", "Le train de siège de Carthage n'est plus perdu"),
}


def _marker(e: ev.MarkerSet) -> str:
    if e.name in MARKERS:
        on, off = MARKERS[e.name]
        return on if e.value else off
    if e.name == "siege_train_at":  # the space by its code (siege_train.space_code: sorted ids from 1)
        spaces = sorted(SPACES)
        return (f"Le train de siège de Carthage est à {space(spaces[e.value - 1])}" if 0 < e.value <= len(spaces)
                else "Le train de siège de Carthage n'est nulle part sur la carte")
    if e.name.endswith("_ends"):
        who = cap(e.name[: -len("_ends")].replace("counsel_", ""))
        return (f"Le conseil qui retient {who} prend fin après le tour {e.value}" if e.value
                else f"Le conseil qui retient {who} n'a pas de fin fixée")
    return f"Le marqueur {why(e.name)} est {'posé' if e.value else 'retiré'}" + (f" ({e.value})" if e.value > 1 else "")


VERBS = {"march": ("marche", "marchent"), "sail": ("navigue", "naviguent"), "intercept": ("intercepte", "interceptent"),
         "avoid": ("évite la bataille", "évitent la bataille"), "step_back": ("recule", "reculent"),
         "retreat": ("bat en retraite", "battent en retraite"), "withdraw": ("se replie", "se replient"),
         "enter_city": ("entre dans la ville", "entrent dans la ville"), "leave_city": ("sort de la ville", "sortent de la ville"),
         "event": ("se déplace par un événement", "se déplacent par un événement")}


def _moved(e: ev.UnitsMoved) -> str:
    who = generals(e.generals)
    what = f"{who} avec {cu(e.count, e.elephants)}" if who and e.count else (who or cu(e.count, e.elephants))
    if e.origin == e.space:
        where = f"à {space(e.space)}" + (", dans la ville" if e.to_inside else ", hors de la ville" if e.from_inside else "")
    else:
        where = f"{de(space(e.origin))} à {space(e.space)}{_walls(e.to_inside)}"
    one = len([g for g in e.generals if g]) == 1 or (not who and e.count == 1)
    verb = VERBS.get(e.how, (f"se déplace ({why(e.how)})", f"se déplacent ({why(e.how)})"))[0 if one else 1]
    return f"{side(e.side)} : {what} {verb} {where}"


def _rolled(e: ev.DieRolled) -> str:
    mod = f" {signed(e.modifier)}" if e.modifier else ""
    who = f"{side(e.seat)} lance le dé : {e.roll}" if e.seat >= 0 else f"Le dé donne {e.roll}"
    return f"{who}{mod} ({why(e.purpose)})" + (f" : {_outcome(e.outcome)}" if e.outcome else "")


def _battle_began(e: ev.BattleBegan) -> str:
    gens = list(e.generals) + ["", ""]
    cus = list(e.cu) + [0, 0]
    att, dfn = side(e.attacker), side(1 - e.attacker)
    sides = [f"{name} ({general(g) + ', ' if g else ''}{n} UC)" for name, g, n in ((att, gens[0], cus[0]), (dfn, gens[1], cus[1]))]
    return (f"Bataille à {space(e.space)} : {sides[0]} attaque {sides[1]}"
            + (f", en venant {de(space(e.origin))}" if e.origin and e.origin != e.space else "")
            + ("; les UC assiégées rejoignent l'armée de secours" if e.relief else ""))


def _battle_ended(e: ev.BattleEnded) -> str:
    rounds = pluriel(e.rounds, "round")
    how = {"unmatched": f"{battle_card(e.card)} sans réponse" if e.card else "une carte sans réponse",
           "no_cards": "le vaincu n'avait plus de carte", "withdrawal": "un repli"}.get(e.how, why(e.how))
    if e.winner < 0:
        return f"La bataille s'achève sans vainqueur après {rounds} ({how})"
    return f"{side(e.winner)} gagne la bataille après {rounds} ({how})"


def _ended(e: ev.GameEnded) -> str:
    points = list(e.points)
    return (f"La guerre est finie ({REASONS.get(e.reason, why(e.reason))}) : {side(e.winner)} gagne"
            + (f" ; points politiques : {', '.join(f'{side(s)} {p}' for s, p in enumerate(points))}" if points else ""))


# What each decision asks, in a few words.
STEPS: dict[str, str] = {
    "strategy": "jouer une carte de stratégie", "ops": "employer les opérations de la carte", "place_pcs": "placer des PC",
    "raise": "lever une UC", "claim_first": "choisir de jouer ou non en premier avec une carte de campagne",
    "choose_first": "choisir qui joue en premier", "campaign": "activer le général suivant de la campagne, ou la finir",
    "campaign_window": "répondre à la campagne par un contre-événement, ou passer",
    "adverse_army": "désigner l'armée que ralentissent les Éléments Contraires",
    "form_army": "former l'armée", "move": "déplacer l'armée", "drop_pick": "laisser ou prendre des UC",
    "sail_to": "choisir le port où débarquer",
    "naval_window": "répondre au mouvement naval par un contre-événement, ou passer",
    "pass_window": "répondre au passage du col par un contre-événement, ou passer",
    "reaction": "réagir à l'armée ennemie : intercepter, éviter la bataille ou passer", "intercept_cu": "choisir qui intercepte",
    "intercept_command": "désigner le chef des armées réunies", "intercepted": "livrer bataille ou reculer",
    "split_back": "partager l'armée interceptée", "avoid_with": "choisir qui évite la bataille",
    "avoid_to": "choisir où l'armée se dérobe", "avoid_command": "désigner le chef de la force laissée en arrière",
    "left_command": "désigner le chef de la force laissée en arrière",
    "city_declare": "déclarer les UC dans les murs", "battle_events": "annoncer une carte pour la bataille, ou passer",
    "elephant_charge": "choisir si les éléphants chargent", "elephant_window": "répondre à la charge des éléphants, ou passer",
    "battle_attack": "attaquer avec une carte de bataille, ou tenter de se replier",
    "battle_match": "répondre à la carte de bataille, ou perdre la bataille",
    "counterattack": "choisir de contre-attaquer ou non", "take_initiative": "choisir de prendre l'initiative ou non",
    "cancel_withdraw": "choisir de lancer le dé contre le repli", "withdraw_to": "choisir où l'armée se replie",
    "relief_sortie": "choisir si les UC assiégées font une sortie", "relief_losses": "partager les pertes avec les UC sorties",
    "retreat": "choisir où la force battue se retire", "retreat_split": "partager la force battue",
    "event_pcs": "placer les PC de l'événement", "event_cu": "placer les UC de l'événement",
    "event_space": "choisir la case où agit l'événement", "event_general": "choisir le général que l'événement active",
    "ally_deserts_pick": "prendre une des cartes de bataille adverses",
    "carthage_reinforce": "placer une UC de renfort", "rome_reinforce": "placer une UC de renfort",
    "return_generals": "ramener un général neutralisé", "africanus": "placer Scipion l'Africain", "proconsul": "nommer un proconsul",
    "place_consul": "placer un consul", "command_swap": "choisir de lancer le dé pour le commandement des consuls",
    "consul_command": "désigner le consul qui commande", "remove_pcs": "retirer des PC",
}


def step_words(frame: ev.Frame) -> str:
    """A pending decision in French: "déplacer l'armée — Hannibal, à Saguntum"."""
    what = STEPS.get(frame.kind) or f"répondre ({why(frame.kind)})"
    g = f" \u2014 {general(frame.general)}" if frame.general else ""
    at = f"{', à' if g else ' — à'} {space(frame.space)}" if frame.space else ""
    return f"{what}{g}{at}"


def _flow(e: ev.Flow) -> str:
    if not e.frames:
        return "Plus rien à décider"
    due = e.frames[-1]
    who = f"{side(due.seat)} doit" if due.seat >= 0 else "Les règles doivent"
    return f"{who} {step_words(due)}"


def _office(e: ev.OfficeChanged) -> str:
    if not e.office:
        return f"{general(e.general)} quitte sa charge"
    return f"{general(e.general)} devient {why(e.office)}"


def _control(e: ev.ControlChanged) -> str:
    if e.side < 0:
        return f"{space(e.space)} : son marqueur de contrôle politique est retiré ({why(e.cause)})"
    return f"{side(e.side)} contrôle maintenant {space(e.space)} ({why(e.cause)})"


def _siege(e: ev.SiegePoints) -> str:
    if e.points == 0:
        return f"Le siège de {space(e.space)} par {side(e.side)} est terminé"
    return f"{side(e.side)} a {pluriel(e.points, 'point')} de siège contre {space(e.space)}"


def _battle_card_played(e: ev.BattleCardPlayed) -> str:
    as_ = f" comme {battle_card(e.as_type)}" if e.as_type and e.as_type != e.card else ""
    return f"{side(e.seat)} joue {battle_card(e.card)}{as_}" + (" pour attaquer" if e.attacking else " pour y répondre")


PHRASES: dict[type, Callable[[Any], str]] = {
    ev.TurnBegan: lambda e: f"Le tour {e.turn} commence",
    ev.PhaseBegan: lambda e: f"La phase {de(why(e.phase))} commence",
    ev.DeckShuffled: lambda e: f"Le paquet de stratégie est mélangé {SHUFFLES.get(e.reason, f'({why(e.reason)})')} ({pluriel(len(e.cards), 'carte')}, face cachée)",
    ev.DeckShuffledRedacted: lambda e: f"Le paquet de stratégie est mélangé {SHUFFLES.get(e.reason, f'({why(e.reason)})')} ({pluriel(e.count, 'carte')}, face cachée)",
    ev.CardsDealt: lambda e: f"{side(e.seat)} reçoit {join_et(card(c) for c in e.cards) or 'aucune carte'}",
    ev.CardsDealtRedacted: lambda e: f"{side(e.seat)} reçoit {pluriel(e.count, 'carte de stratégie', 'cartes de stratégie')} {cachees(e.count)}",
    ev.FirstPlayer: lambda e: f"{side(e.seat)} joue en premier ce tour" + (" (réclamé avec une carte de campagne)" if e.claimed else ""),
    ev.CardPlayed: lambda e: f"{side(e.seat)} joue {card(e.card)} {USES.get(e.use, why(e.use))}"
                             + (" (retirée du jeu)" if e.removed else ""),
    ev.CardLost: lambda e: f"{side(e.seat)} perd {card(e.card)}, tirée au hasard de sa main",
    ev.HandSeen: lambda e: f"{side(e.viewer)} regarde la main de {side(e.seat)} : {join_et(card(c) for c in e.cards) or 'aucune carte'}",
    ev.HandSeenRedacted: lambda e: f"{side(e.viewer)} regarde la main de {side(e.seat)} ({pluriel(e.count, 'carte')})",
    ev.CuPlaced: lambda e: f"{side(e.side)} : {cu(e.count, e.elephants)} placée{'s' if e.count > 1 else ''} à {space(e.space)}{_walls(e.inside)} ({why(e.cause)})",
    ev.CuLost: lambda e: f"{side(e.side)} perd {cu(e.count, e.elephants)} à {space(e.space)}{_walls(e.inside)} ({why(e.cause)})",
    ev.UnitsMoved: _moved,
    ev.GeneralPlaced: lambda e: f"{general(e.general)} est placé à {space(e.space)}{_walls(e.inside)}",
    ev.GeneralOff: lambda e: f"{general(e.general)} quitte la carte, {OFF.get(e.to, why(e.to))} ({why(e.cause)})",
    ev.OfficeChanged: _office,
    ev.ConsulsDrawn: lambda e: f"Consuls tirés : {generals(e.generals) or 'aucun'}",
    ev.CommandTaken: lambda e: f"{general(e.general)} prend le commandement",
    ev.ControlChanged: _control,
    ev.SiegePoints: _siege,
    ev.DieRolled: _rolled,
    ev.MarkerSet: _marker,
    ev.BattleBegan: _battle_began,
    ev.BattleCardsDealt: lambda e: f"{side(e.seat)} reçoit {join_et(battle_card(c) for c in e.cards) or 'aucune carte'} pour la bataille",
    ev.BattleCardsDealtRedacted: lambda e: f"{side(e.seat)} reçoit {pluriel(e.count, 'carte de bataille', 'cartes de bataille')} {cachees(e.count)}",
    ev.BattleCardsShown: lambda e: f"Les cartes de bataille de {side(e.seat)} sont montrées : {join_et(battle_card(c) for c in e.cards) or 'aucune'}",
    ev.BattleCardTaken: lambda e: f"{side(1 - e.seat)} prend {battle_card(e.card)} dans les cartes de bataille de {side(e.seat)}",
    ev.BattleCardPlayed: _battle_card_played,
    ev.InitiativeChanged: lambda e: f"{side(e.seat)} attaque au round suivant",
    ev.BattleEnded: _battle_ended,
    ev.BattleCleared: lambda e: "Les cartes de bataille retournent dans le paquet de bataille",
    ev.PoliticalPoints: lambda e: f"Points politiques : {', '.join(f'{side(s)} {p}' for s, p in enumerate(e.points))}",
    ev.GameEnded: _ended,
    ev.Flow: _flow,
}


def describe_event(event: Any) -> str:
    phrase = PHRASES.get(type(event))
    return phrase(event) if phrase is not None else cap(words_of(tag_of(event)))


def name_of(value: Any) -> str:
    """The French words a sentence gives a card (a strategy card number, a battle card type)."""
    if isinstance(value, int) and not isinstance(value, bool) and value in STRATEGY_CARDS:
        return card(value)
    if isinstance(value, str) and value in BATTLE_CARD_TYPES:
        return battle_card(value)
    return ""
