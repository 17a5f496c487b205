"""Hannibal's commands in words, one line each (``describe_command``), for move lists and replays:
"Carthage plays #12 Hannibal Charges as ops", "Carthage's army moves to Capua". The commonest
answers have phrases of their own (``PHRASES``); any other names the decision it answers (the kind
of the pending step, see RULES.md): "Rome: split (intercepted)"."""

from __future__ import annotations

from typing import Any

from engine.core import tag_of

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
    ("avoid_with", "choose_general"): "{who} sends {general} along with the avoidance",
    ("avoid_with", "choose_number"): "{who} avoids battle with {n} CU",
    ("avoid_to", "choose_space"): "{who}'s army avoids battle into {space}",
    ("relief_losses", "choose_number"): "{who} takes {n} of the losses from the sortie",
}


def describe_command(s: State, seat: int, command: Any) -> str:
    who, kind, c = SIDES[seat], tag_of(command), command
    pending = s.flow[-1].kind if s.flow else ""
    phrase = PHRASES.get((pending, kind))
    if (pending, kind) == ("form_army", "choose_number") and "cu_done" in s.flow[-1].flags:
        phrase = "{who}'s army takes {n} elephant CU among them"  # its second number (FormArmy.legal)
    if (pending, kind) == ("intercept_cu", "choose_number") and "cu_done" in s.flow[-1].flags:
        phrase = "{who}'s interception takes {n} elephant CU among them"
    if (pending, kind) == ("avoid_with", "choose_number") and "cu_done" in s.flow[-1].flags:
        phrase = "{who}'s avoidance takes {n} elephant CU among them"
    if (pending, kind) == ("avoid_with", "choose_general") and "lead_done" not in s.flow[-1].flags:
        phrase = "{who} tries to avoid battle with {general}"  # the first general named leads (§13.3)
    if phrase is not None:
        return phrase.format(who=who, space=_named(SPACES, getattr(c, "space", "")),
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
