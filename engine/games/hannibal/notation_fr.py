"""Hannibal's commands in French (``notation.describe_command(s, seat, command, "fr")``): the
tables notation.py chooses among by the same rules (``PHRASES`` by pending step and command kind,
``OPTIONS`` by step and option, ``PASSES`` by step, ``SPECIAL``), in the words of words_fr.py:
"Carthage joue #12 … pour ses opérations", "L'armée de Carthage va à Capua"."""

from __future__ import annotations

from typing import Any

from .components import GENERALS, SPACES
from .state import State
from .words_fr import STEPS, battle_card, card, general, space

SIDES = ("Rome", "Carthage")

PHRASES: dict[tuple[str, str], str] = {
    ("move", "choose_space"): "L'armée de {who} va à {space}",
    ("move", "pass"): "L'armée de {who} s'arrête",
    ("sail_to", "choose_space"): "L'armée de {who} navigue vers {space}",
    ("form_army", "choose_general"): "{who} emmène {general}",
    ("form_army", "choose_number"): "L'armée de {who} prend {n} UC",
    ("ops", "choose_general"): "{who} active {general}",
    ("campaign", "choose_general"): "{who} active {general} (campagne)",
    ("campaign", "pass"): "{who} termine la campagne",
    ("event_general", "choose_general"): "{who} active {general} (événement)",
    ("adverse_army", "choose_general"): "{who} ralentit l'armée de {general} pour la campagne",
    ("place_pcs", "choose_space"): "{who} place un PC à {space}",
    ("place_pcs", "pass"): "{who} ne place plus de PC",
    ("event_pcs", "choose_space"): "{who} place le PC de l'événement à {space}",
    ("remove_pcs", "choose_space"): "{who} retire son PC de {space}",
    ("raise", "choose_space"): "{who} lève une UC à {space}",
    ("event_cu", "choose_space"): "{who} place l'UC de l'événement à {space}",
    ("rome_reinforce", "choose_space"): "Rome place une UC de renfort à {space}",
    ("carthage_reinforce", "choose_space"): "Carthage place une UC de renfort à {space}",
    ("place_consul", "choose_space"): "Rome place le consul à {space}",
    ("proconsul", "choose_general"): "Rome nomme {general} proconsul",
    ("consul_command", "choose_general"): "Rome confie à {general} le commandement de l'armée des consuls",
    ("proconsul", "pass"): "Rome ne nomme pas de proconsul",
    ("africanus", "choose_space"): "Rome place Scipion l'Africain à {space}",
    ("retreat", "choose_space"): "{who} se retire à {space}",
    ("intercept_cu", "choose_general"): "{who} envoie {general} avec l'interception",
    ("intercept_cu", "choose_number"): "{who} intercepte avec {n} UC",
    ("intercept_command", "choose_general"): "{who} confie à {general} le commandement des interceptions réunies",
    ("avoid_command", "choose_general"): "{who} confie à {general} le commandement de la force laissée par l'évitement",
    ("left_command", "choose_general"): "{who} confie à {general} le commandement des généraux et UC restés à {space}",
    ("avoid_with", "choose_general"): "{who} envoie {general} avec l'évitement",
    ("avoid_with", "choose_number"): "{who} évite la bataille avec {n} UC",
    ("avoid_to", "choose_space"): "L'armée de {who} se dérobe vers {space}",
    ("relief_losses", "choose_number"): "{who} prend {n} des pertes de la sortie",
    ("reaction", "choose_general"): "{who} tente d'intercepter avec {general}",
    ("event_space", "choose_space"): "{who} désigne {space} pour l'événement",
    ("return_generals", "choose_space"): "Carthage ramène un général neutralisé à {space}",
    ("city_declare", "choose_number"): "{who} met {n} UC dans les murs",
    ("withdraw_to", "choose_space"): "{who} se replie à {space}",
}

OPTIONS: dict[tuple[str, str], str] = {
    ("ops", "place_pcs"): "{who} emploie ses opérations à placer des PC",
    ("ops", "raise"): "{who} emploie ses opérations à lever des UC",
    ("move", "drop"): "L'armée de {who} va laisser des UC ici",
    ("move", "pick_up"): "L'armée de {who} va prendre des UC ici",
    ("move", "sail"): "L'armée de {who} prend la mer",
    ("move", "sortie"): "L'armée de {who} fait une sortie hors des murs",
    ("move", "siege"): "L'armée de {who} assiège la ville",
    ("move", "submission"): "L'armée de {who} part soumettre la tribu",
    ("move", "pursue"): "L'armée de {who} lance le dé pour poursuivre",
    ("move", "leave_train"): "L'armée de {who} laisse ici le train de siège",
    ("move", "take_train"): "L'armée de {who} emmène le train de siège",
    ("move", "remove_pc"): "{who} retire le PC ennemi au départ d'Hannibal (#28)",
    ("move", "keep_pc"): "{who} garde le PC qu'il a marqué",
    ("move", "mark_pc"): "{who} marque le PC ennemi à retirer (Hannon)",
    ("claim_first", "claim"): "Rome réclame de jouer en premier avec une carte de campagne",
    ("choose_first", "rome"): "Carthage laisse Rome jouer en premier",
    ("choose_first", "carthage"): "Carthage joue en premier",
    ("reaction", "avoid"): "{who} tente d'éviter la bataille",
    ("intercepted", "battle"): "{who} livre bataille aux intercepteurs",
    ("intercepted", "step_back"): "{who} recule",
    ("intercepted", "into_city"): "{who} recule dans la ville",
    ("intercepted", "split"): "{who} se partage entre la ville et les navires",
    ("battle_attack", "withdraw"): "{who} se replie de la bataille",
    ("battle_match", "concede"): "{who} ne peut répondre à la carte et perd la bataille",
    ("counterattack", "counterattack"): "{who} contre-attaque",
    ("take_initiative", "take"): "{who} prend l'initiative",
    ("elephant_charge", "charge"): "Les éléphants de {who} chargent",
    ("relief_sortie", "sortie"): "Les UC assiégées de {who} sortent rejoindre l'armée de secours",
    ("command_swap", "roll"): "Carthage lance le dé pour le commandement des consuls",
    ("cancel_withdraw", "roll"): "{who} lance le dé pour empêcher le repli",
    ("retreat", "eliminated"): "La force battue de {who} n'a pas de retraite et est éliminée",
    ("retreat", "into_city"): "La force battue de {who} se retire dans la ville",
    ("withdraw_to", "stay"): "L'armée de {who} n'a nulle part où se replier et reste",
    ("city_declare", "generals_in"): "Les généraux de {who} entrent dans les murs",
    ("city_declare", "generals_out"): "Les généraux de {who} restent hors des murs",
}

PASSES: dict[str, str] = {
    "ops": "{who} termine ses opérations",
    "claim_first": "Rome ne réclame pas de jouer en premier",
    "form_army": "{who} n'emmène plus de général",
    "campaign_window": "{who} ne joue rien contre la campagne",
    "pass_window": "{who} ne joue rien contre le passage du col",
    "naval_window": "{who} ne joue rien contre le mouvement naval",
    "elephant_window": "{who} ne joue rien contre les éléphants",
    "battle_events": "{who} ne joue pas de carte avant la bataille",
    "reaction": "{who} ne réagit pas",
    "event_pcs": "{who} ne place plus de PC de l'événement",
    "sail_to": "L'armée de {who} ne prend pas la mer",
    "counterattack": "{who} ne contre-attaque pas",
    "take_initiative": "{who} laisse l'initiative",
    "elephant_charge": "Les éléphants de {who} ne chargent pas",
    "cancel_withdraw": "{who} laisse faire le repli",
    "command_swap": "Carthage ne lance pas le dé pour le commandement des consuls",
    "relief_sortie": "Les UC assiégées de {who} restent dans les murs",
    "intercept_cu": "{who} n'envoie plus de général avec l'interception",
    "avoid_with": "{who} n'envoie plus de général avec l'évitement",
}

SPECIAL: dict[str, str] = {
    "leaves": "L'armée de {who} laisse {general} ici", "picks": "L'armée de {who} prend {general} avec elle",
    "drops_n": "L'armée de {who} laisse {n} UC", "picks_n": "L'armée de {who} prend {n} UC",
    "army_elephants": "L'armée de {who} compte {n} UC d'éléphants parmi elles",
    "interception_elephants": "L'interception de {who} compte {n} UC d'éléphants parmi elles",
    "avoidance_elephants": "L'évitement de {who} compte {n} UC d'éléphants parmi elles",
    "ships_command": "{who} confie à {general} le commandement des navires qui rentrent",
    "avoid_lead": "{who} tente d'éviter la bataille avec {general}",
}

USES = {"ops": "pour ses opérations", "event": "pour son événement", "discard": "pour la défausser", "counter": "en contre-événement"}


def describe(s: State, seat: int, c: Any, kind: str, pending: str, phrase: str | None) -> str:
    """The French line: ``phrase`` (the tables' choice) filled in, or the step's answer plainly."""
    who = SIDES[seat]
    if phrase is not None:
        at = getattr(c, "space", "") or (s.flow[-1].space if s.flow else "")
        return phrase.format(who=who, space=space(at) if at in SPACES or not at else at,
                             general=general(getattr(c, "general", "")) if getattr(c, "general", "") in GENERALS else getattr(c, "general", ""),
                             n=getattr(c, "number", ""))
    why = f" ({STEPS.get(pending, pending.replace('_', ' '))})" if pending else ""
    if kind == "play_card":
        return f"{who} joue {card(c.card)} {USES.get(c.use, c.use)}"
    if kind == "play_counter":
        return f"{who} répond avec {card(c.card)}{why}"
    if kind == "choose_space":
        return f"{who} : {space(c.space)}{why}"
    if kind == "choose_general":
        return f"{who} : {general(c.general)}{why}"
    if kind == "choose_number":
        return f"{who} : {c.number}{why}"
    if kind == "choose_option":
        return f"{who} : {c.option.replace('_', ' ')}{why}"
    if kind == "play_battle_card":
        stands = "" if c.as_type == c.card else f" comme {battle_card(c.as_type)}"
        return f"{who} joue la carte de bataille {battle_card(c.card)}{stands}{why}"
    if kind == "pass":
        return f"{who} passe{why}"
    return f"{who} : {kind.replace('_', ' ')}{why}"
