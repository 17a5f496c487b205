"""Hannibal's commands in words, one line each (``describe_command``), for move lists and replays:
"Carthage plays #12 Hannibal Charges as ops", "Carthage's army moves to Capua". The commonest
answers have phrases of their own (``PHRASES``); any other names the decision it answers (the kind
of the pending step, see RULES.md): "Rome: split (intercepted)"."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from engine.core import tag_of

from . import notation_fr
from .components import BATTLE_CARD_TYPES, GENERALS, SPACES, STRATEGY_CARDS
from .state import State

SIDES = ("Rome", "Carthage")


def _card(number: int) -> str:
    c = STRATEGY_CARDS.get(number)
    return f"#{number} {c.name}" if c else f"#{number}"


def _named(table: dict, key: str) -> str:
    x = table.get(key)
    return x.name if x is not None else key


# The commonest answers in words of their own, by (pending step, command kind); the rest name the
# step they answer ("Rome: Capua (event space)"). Each phrase says only what the step's answer means
# (the step's own description: flow.DESCRIBE).
PHRASES: dict[tuple[str, str], str] = {
    ("move", "choose_space"): "{who}'s army moves to {space}",
    ("move", "pass"): "{who}'s army stops",
    ("sail_to", "choose_space"): "{who}'s army sails to {space}",
    ("form_army", "choose_general"): "{who} takes {general} along",
    ("form_army", "choose_number"): "{who}'s army takes {n} CU",
    ("ops", "choose_general"): "{who} activates {general}",
    ("campaign", "choose_general"): "{who} activates {general} (campaign)",
    ("campaign", "pass"): "{who} ends the campaign",
    ("event_general", "choose_general"): "{who} activates {general} (event)",
    ("adverse_army", "choose_general"): "{who} slows {general}'s army for the campaign",
    ("place_pcs", "choose_space"): "{who} places a PC in {space}",
    ("place_pcs", "pass"): "{who} places no more PCs",
    ("event_pcs", "choose_space"): "{who} places the event's PC in {space}",
    ("remove_pcs", "choose_space"): "{who} removes its PC in {space}",
    ("raise", "choose_space"): "{who} raises a CU in {space}",
    ("event_cu", "choose_space"): "{who} places the event's CU in {space}",
    ("rome_reinforce", "choose_space"): "Rome places a reinforcement CU in {space}",
    ("carthage_reinforce", "choose_space"): "Carthage places a reinforcement CU in {space}",
    ("place_consul", "choose_space"): "Rome places the consul in {space}",
    ("proconsul", "choose_general"): "Rome names {general} proconsul",
    ("consul_command", "choose_general"): "Rome gives {general} command of the consuls' army",
    ("proconsul", "pass"): "Rome names no proconsul",
    ("africanus", "choose_space"): "Rome places Scipio Africanus in {space}",
    ("retreat", "choose_space"): "{who} retreats to {space}",
    ("intercept_cu", "choose_general"): "{who} sends {general} along with the interception",
    ("intercept_cu", "choose_number"): "{who} intercepts with {n} CU",
    ("intercept_command", "choose_general"): "{who} gives {general} command of the combined interceptions",
    ("avoid_command", "choose_general"): "{who} gives {general} command of the force left behind by the avoidance",
    ("left_command", "choose_general"): "{who} gives {general} command of the generals and CU left in {space}",
    ("avoid_with", "choose_general"): "{who} sends {general} along with the avoidance",
    ("avoid_with", "choose_number"): "{who} avoids battle with {n} CU",
    ("avoid_to", "choose_space"): "{who}'s army avoids battle into {space}",
    ("relief_losses", "choose_number"): "{who} takes {n} of the losses from the sortie",
    ("reaction", "choose_general"): "{who} tries to intercept with {general}",
    ("event_space", "choose_space"): "{who} names {space} for the event",
    ("return_generals", "choose_space"): "Carthage brings a neutralized general back in {space}",
    ("city_declare", "choose_number"): "{who} puts {n} CU inside the walls",
    ("withdraw_to", "choose_space"): "{who} withdraws to {space}",
}


# Answers that choose an option, by (pending step, option).
OPTIONS: dict[tuple[str, str], str] = {
    ("ops", "place_pcs"): "{who} uses its ops to place PCs",
    ("ops", "raise"): "{who} uses its ops to raise CU",
    ("move", "drop"): "{who}'s army will drop CU here",
    ("move", "pick_up"): "{who}'s army will pick up CU here",
    ("move", "sail"): "{who}'s army takes ship",
    ("move", "sortie"): "{who}'s army sorties from the walls",
    ("move", "siege"): "{who}'s army besieges the city",
    ("move", "submission"): "{who}'s army sets out to subdue the tribe",
    ("move", "pursue"): "{who}'s army rolls to pursue",
    ("move", "leave_train"): "{who}'s army leaves the siege train here",
    ("move", "take_train"): "{who}'s army takes the siege train along",
    ("move", "remove_pc"): "{who} removes the enemy PC as Hannibal leaves (#28)",
    ("move", "keep_pc"): "{who} keeps the PC it marked",
    ("move", "mark_pc"): "{who} marks the enemy PC for removal (Hanno)",
    ("claim_first", "claim"): "Rome claims the first play with a campaign card",
    ("choose_first", "rome"): "Carthage lets Rome play first",
    ("choose_first", "carthage"): "Carthage plays first",
    ("reaction", "avoid"): "{who} tries to avoid battle",
    ("intercepted", "battle"): "{who} gives battle to the interceptors",
    ("intercepted", "step_back"): "{who} steps back",
    ("intercepted", "into_city"): "{who} steps back into the city",
    ("intercepted", "split"): "{who} splits between the city and the ships",
    ("battle_attack", "withdraw"): "{who} withdraws from the battle",
    ("battle_match", "concede"): "{who} cannot match the card and loses the battle",
    ("counterattack", "counterattack"): "{who} counterattacks",
    ("take_initiative", "take"): "{who} takes the initiative",
    ("elephant_charge", "charge"): "{who}'s elephants charge",
    ("relief_sortie", "sortie"): "{who}'s besieged CU sortie to join the relief army",
    ("command_swap", "roll"): "Carthage rolls for the consuls' command",
    ("cancel_withdraw", "roll"): "{who} rolls to stop the withdrawal",
    ("retreat", "eliminated"): "{who}'s beaten force has no retreat and is eliminated",
    ("retreat", "into_city"): "{who}'s beaten force retreats into the city",
    ("withdraw_to", "stay"): "{who}'s army has nowhere to withdraw and stays",
    ("city_declare", "generals_in"): "{who}'s generals go inside the walls",
    ("city_declare", "generals_out"): "{who}'s generals stay outside the walls",
}

# What passing means at each step that offers it (the others: "Rome passes (step)").
PASSES: dict[str, str] = {
    "ops": "{who} ends its ops",
    "claim_first": "Rome does not claim the first play",
    "form_army": "{who} takes no more generals along",
    "campaign_window": "{who} plays nothing against the campaign",
    "pass_window": "{who} plays nothing against the crossing",
    "naval_window": "{who} plays nothing against the sea move",
    "elephant_window": "{who} plays nothing against the elephants",
    "battle_events": "{who} plays no card before the battle",
    "reaction": "{who} does not react",
    "event_pcs": "{who} places no more of the event's PCs",
    "sail_to": "{who}'s army does not sail",
    "counterattack": "{who} does not counterattack",
    "take_initiative": "{who} leaves the initiative",
    "elephant_charge": "{who}'s elephants do not charge",
    "cancel_withdraw": "{who} lets the withdrawal go",
    "command_swap": "Carthage does not roll for the consuls' command",
    "relief_sortie": "{who}'s besieged CU stay inside",
    "intercept_cu": "{who} sends no more generals with the interception",
    "avoid_with": "{who} sends no more generals with the avoidance",
}


# The phrases the choice among PHRASES, OPTIONS and PASSES may give way to (describe_command).
SPECIAL: dict[str, str] = {
    "leaves": "{who}'s army leaves {general} here", "picks": "{who}'s army picks up {general}",
    "drops_n": "{who}'s army drops {n} CU", "picks_n": "{who}'s army picks up {n} CU",
    "army_elephants": "{who}'s army takes {n} elephant CU among them",
    "interception_elephants": "{who}'s interception takes {n} elephant CU among them",
    "avoidance_elephants": "{who}'s avoidance takes {n} elephant CU among them",
    "ships_command": "{who} gives {general} command of the ships sailing back",
    "avoid_lead": "{who} tries to avoid battle with {general}",
}
ENGLISH = SimpleNamespace(PHRASES=PHRASES, OPTIONS=OPTIONS, PASSES=PASSES, SPECIAL=SPECIAL)


def _phrase(s: State, command: Any, kind: str, pending: str, t) -> str | None:
    """The phrase of tables ``t`` (``ENGLISH``, or notation_fr) for ``command`` at step ``pending``."""
    c = command
    phrase = t.PHRASES.get((pending, kind))
    if kind == "choose_option":
        phrase = t.OPTIONS.get((pending, c.option), phrase)
    elif kind == "pass":
        phrase = t.PASSES.get(pending, phrase)
    elif (pending, kind) == ("move", "choose_general"):  # a subordinate dropped here, or a general picked up
        phrase = t.SPECIAL["leaves"] if c.general in s.flow[-1].generals else t.SPECIAL["picks"]
    elif (pending, kind) == ("drop_pick", "choose_number"):
        phrase = t.SPECIAL["drops_n"] if "drop" in s.flow[-1].flags else t.SPECIAL["picks_n"]
    if (pending, kind) == ("form_army", "choose_number") and "cu_done" in s.flow[-1].flags:
        phrase = t.SPECIAL["army_elephants"]  # its second number (FormArmy.legal)
    if (pending, kind) == ("intercept_cu", "choose_number") and "cu_done" in s.flow[-1].flags:
        phrase = t.SPECIAL["interception_elephants"]
    if (pending, kind) == ("avoid_with", "choose_number") and "cu_done" in s.flow[-1].flags:
        phrase = t.SPECIAL["avoidance_elephants"]
    if (pending, kind) == ("left_command", "choose_general") and "ships" in s.flow[-1].flags:
        phrase = t.SPECIAL["ships_command"]  # the split of §12.8
    if (pending, kind) == ("avoid_with", "choose_general") and "lead_done" not in s.flow[-1].flags:
        phrase = t.SPECIAL["avoid_lead"]  # the first general named leads (§13.3)
    return phrase


def describe_command(s: State, seat: int, command: Any, language: str = "en") -> str:
    """``command``, sent by ``seat`` in ``s``, in words: English, or French ("fr": the tables of
    notation_fr.py, chosen by the same rules)."""
    kind, c = tag_of(command), command
    pending = s.flow[-1].kind if s.flow else ""
    if language == "fr":
        phrase = _phrase(s, command, kind, pending, notation_fr)
        return notation_fr.describe(s, seat, command, kind, pending, phrase)
    who = SIDES[seat]
    phrase = _phrase(s, command, kind, pending, ENGLISH)
    if phrase is not None:
        return phrase.format(who=who, space=_named(SPACES, getattr(c, "space", "") or s.flow[-1].space),
                             general=_named(GENERALS, getattr(c, "general", "")), n=getattr(c, "number", ""))
    step = pending.replace("_", " ")
    why = f" ({step})" if step else ""
    if kind == "play_card":
        return f"{who} plays {_card(c.card)} " + ("to discard" if c.use == "discard" else f"as {c.use}")
    if kind == "play_counter":
        return f"{who} answers with {_card(c.card)}{why}"
    if kind == "choose_space":
        return f"{who}: {_named(SPACES, c.space)}{why}"
    if kind == "choose_general":
        return f"{who}: {_named(GENERALS, c.general)}{why}"
    if kind == "choose_number":
        return f"{who}: {c.number}{why}"
    if kind == "choose_option":
        return f"{who}: {c.option.replace('_', ' ')}{why}"
    if kind == "play_battle_card":
        card = _named(BATTLE_CARD_TYPES, c.card)
        stands = "" if c.as_type == c.card else f" as {_named(BATTLE_CARD_TYPES, c.as_type)}"
        return f"{who} plays battle card {card}{stands}{why}"
    if kind == "pass":
        return f"{who} passes{why}"
    return f"{who}: {kind.replace('_', ' ')}{why}"
