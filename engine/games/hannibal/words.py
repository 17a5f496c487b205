"""Hannibal's events in words, one sentence each (``describe_event``), for a log a player reads:
"Rome: P. Cornelius Scipio with 7 CU marches from Roma to Spoletium".

Each sentence is made from the event alone, as the reading seat receives it: the other side's deals
and a hand seen by card 55 reach it redacted (``CardsDealtRedacted``, ``BattleCardsDealtRedacted``,
``HandSeenRedacted``, ``DeckShuffledRedacted``) and those sentences say how many cards, never which.
The last event of a command, ``Flow``, reads as who must decide what now ("Carthage to move the
army — Hannibal, at Saguntum"). Names are those of ``data/*.json``, sides "Rome" and "Carthage".
"""

from __future__ import annotations

from typing import Any, Callable

from engine.core import tag_of
from engine.phrases import cap, join_and, plural, signed, words_of

from . import events as ev, words_fr
from .components import BATTLE_CARD_TYPES, GENERALS, SPACES, STRATEGY_CARDS
from .flow import DESCRIBE
from .notation import SIDES


def _side(side: int) -> str:
    return SIDES[side] if 0 <= side < len(SIDES) else f"Side {side + 1}"


def seat_name(seat: int, language: str = "en") -> str:
    """A side: "Rome", "Carthage" (the same in French)."""
    return words_fr.side(seat) if language == "fr" else _side(seat)


def _named(table: dict, key: str) -> str:
    x = table.get(key)
    return x.name if x is not None else cap(words_of(key))


def _space(space: str) -> str:
    return _named(SPACES, space) if space else "nowhere"


def _general(general: str) -> str:
    return _named(GENERALS, general)


def _generals(ids) -> str:
    return join_and(_general(g) for g in ids if g)


def card(number: int) -> str:
    c = STRATEGY_CARDS.get(number)
    return f"#{number} {c.name}" if c else f"#{number}"


def battle_card(card_id: str) -> str:
    return _named(BATTLE_CARD_TYPES, card_id)


def _cu(count: int, elephants: int) -> str:
    return f"{count} CU" + (f" ({plural(elephants, 'elephant')})" if elephants else "")


def _walls(inside: bool) -> str:
    return " inside the walls" if inside else ""


def _why(word: str) -> str:
    """A cause, purpose or reason in words ("retreat_table" -> "retreat table"; "attrition:winter"
    -> "attrition, winter")."""
    return ", ".join(_general(w) if w in GENERALS else _space(w) if w in SPACES else words_of(w)
                     for w in word.split(":") if w)


SHUFFLES = {"setup": "for the set-up", "deck_short": "(too few cards left to deal)", "truce": "after the Truce"}
USES = {"ops": "for its operations", "event": "for its event", "counter": "as a counter-event", "discard": "to discard it"}
OFF = {"cup": "to the cup until the next election", "neutralized": "neutralized until the next reinforcements",
       "removed": "out of the game"}
REASONS = {"turn_limit": "the last turn is over", "sudden_death_carthago": "Carthage has fallen",
           "sudden_death_roma": "Rome has fallen", "sudden_death_italy": "Italy is lost to Rome", "peace": "the loser sues for peace"}
MARKERS = {
    "macedonia": ("Macedonia is allied to Carthage", "Macedonia is no longer allied to Carthage"),
    "naval_victory": ("The naval victory marker is set for this turn", "The naval victory marker is removed"),
    "truce": ("A truce holds for the rest of the turn", "The truce ends"),
    "reshuffle": ("The deck will be reshuffled at the end of the turn", "No reshuffle is due"),
    "counsel_rome": ("Rome is restrained by counsel", "Rome is no longer restrained by counsel"),
    "counsel_carthage": ("Carthage is restrained by counsel", "Carthage is no longer restrained by counsel"),
    "siege_train": ("Carthage's siege train is on the map", "Carthage's siege train is off the map"),
    "siege_train_lost": ("Carthage's siege train is lost", "Carthage's siege train is no longer lost"),
}


def _marker(e: ev.MarkerSet) -> str:
    if e.name in MARKERS:
        on, off = MARKERS[e.name]
        return on if e.value else off
    if e.name == "siege_train_at":  # the space by its code (siege_train.space_code: sorted ids from 1)
        spaces = sorted(SPACES)
        return f"Carthage's siege train is at {_space(spaces[e.value - 1])}" if 0 < e.value <= len(spaces) else "Carthage's siege train is nowhere on the map"
    if e.name.endswith("_ends"):
        side = e.name[: -len("_ends")]
        return f"The counsel restraining {cap(side.replace('counsel_', ''))} ends after turn {e.value}" if e.value else \
            f"The counsel restraining {cap(side.replace('counsel_', ''))} has no end set"
    return f"The {words_of(e.name)} marker is {'set' if e.value else 'removed'}" + (f" ({e.value})" if e.value > 1 else "")


def _moved(e: ev.UnitsMoved) -> str:
    who = _generals(e.generals)
    what = f"{who} with {_cu(e.count, e.elephants)}" if who and e.count else (who or _cu(e.count, e.elephants))
    if e.origin == e.space:
        where = f"in {_space(e.space)}" + (", into the city" if e.to_inside else ", out of the city" if e.from_inside else "")
    else:
        where = f"from {_space(e.origin)} to {_space(e.space)}{_walls(e.to_inside)}"
    verbs = {"march": "march", "sail": "sail", "intercept": "intercept", "avoid": "avoid battle", "step_back": "step back",
             "retreat": "retreat", "withdraw": "withdraw", "enter_city": "enter the city", "leave_city": "leave the city",
             "event": "move by an event"}
    verb = verbs.get(e.how, f"move ({_why(e.how)})")
    one = len([g for g in e.generals if g]) == 1 or (not who and e.count == 1)
    if one:  # "marches", "steps back": the first word takes the s
        head, _, rest = verb.partition(" ")
        verb = (head + "es" if head.endswith("ch") else head + "s") + (f" {rest}" if rest else "")
    return f"{_side(e.side)}: {what} {verb} {where}"


def _rolled(e: ev.DieRolled) -> str:
    mod = f" {signed(e.modifier)}" if e.modifier else ""
    who = f"{_side(e.seat)} rolls" if e.seat >= 0 else "A die rolls"
    outcome = e.outcome[:-2] + ", an elephant first" if e.outcome.endswith(" CU e") else e.outcome  # the attrition table's "e" (§17.2)
    return f"{who} {e.roll}{mod} ({_why(e.purpose)})" + (f": {_why(outcome)}" if outcome else "")


def _battle_began(e: ev.BattleBegan) -> str:
    gens = list(e.generals) + ["", ""]
    cus = list(e.cu) + [0, 0]
    att, dfn = _side(e.attacker), _side(1 - e.attacker)
    sides = [f"{name} ({_general(g) + ', ' if g else ''}{cu} CU)" for name, g, cu in ((att, gens[0], cus[0]), (dfn, gens[1], cus[1]))]
    return (f"Battle in {_space(e.space)}: {sides[0]} attacks {sides[1]}"
            + (f", coming from {_space(e.origin)}" if e.origin and e.origin != e.space else "")
            + ("; the besieged CU join the relief army" if e.relief else ""))


def _battle_ended(e: ev.BattleEnded) -> str:
    rounds = plural(e.rounds, "round")
    how = {"unmatched": f"{battle_card(e.card)} left unmatched" if e.card else "a card left unmatched",
           "no_cards": "the loser had no card left", "withdrawal": "a withdrawal"}.get(e.how, _why(e.how))
    if e.winner < 0:
        return f"The battle ends without a winner after {rounds} ({how})"
    return f"{_side(e.winner)} wins the battle after {rounds} ({how})"


def _ended(e: ev.GameEnded) -> str:
    points = list(e.points)
    return (f"The war is over ({REASONS.get(e.reason, _why(e.reason))}): {_side(e.winner)} wins"
            + (f"; political points: {', '.join(f'{_side(s)} {p}' for s, p in enumerate(points))}" if points else ""))


# What each decision asks, in a few words (flow.DESCRIBE gives the whole question with its section).
STEPS: dict[str, str] = {
    "strategy": "play a strategy card", "ops": "use the card's operations", "place_pcs": "place PCs",
    "raise": "raise a CU", "claim_first": "choose whether to play first with a campaign card",
    "choose_first": "choose who plays first", "campaign": "activate the campaign's next general, or end it",
    "campaign_window": "answer the campaign with a counter-event, or pass", "adverse_army": "name the army Adverse Elements slows",
    "form_army": "form the army", "move": "move the army", "drop_pick": "drop or pick up CU", "sail_to": "choose the port to sail to",
    "naval_window": "answer the sea move with a counter-event, or pass",
    "pass_window": "answer the crossing with a counter-event, or pass",
    "reaction": "react to the enemy army: intercept, avoid battle, or pass", "intercept_cu": "choose who intercepts",
    "intercept_command": "name the commander of the combined armies", "intercepted": "give battle or step back",
    "split_back": "split the intercepted army", "avoid_with": "choose who avoids battle", "avoid_to": "choose where the army avoids to",
    "avoid_command": "name the commander of the force left behind", "left_command": "name the commander of the force left behind",
    "city_declare": "declare the CU inside the walls", "battle_events": "declare a card for the battle, or pass",
    "elephant_charge": "choose whether the elephants charge", "elephant_window": "answer the elephant charge, or pass",
    "battle_attack": "attack with a battle card, or try to withdraw", "battle_match": "match the battle card, or lose the battle",
    "counterattack": "choose whether to counterattack", "take_initiative": "choose whether to take the initiative",
    "cancel_withdraw": "choose whether to roll against the withdrawal", "withdraw_to": "choose where the army withdraws",
    "relief_sortie": "choose whether the besieged CU sortie", "relief_losses": "share the losses with the CU that sortied",
    "retreat": "choose where the beaten force retreats", "retreat_split": "split the beaten force",
    "event_pcs": "place the event's PCs", "event_cu": "place the event's CU", "event_space": "choose the space the event acts on",
    "event_general": "choose the general the event activates", "ally_deserts_pick": "take one of the opponent's battle cards",
    "carthage_reinforce": "place a reinforcement CU", "rome_reinforce": "place a reinforcement CU",
    "return_generals": "bring back a neutralized general", "africanus": "place Scipio Africanus", "proconsul": "name a proconsul",
    "place_consul": "place a consul", "command_swap": "choose whether to roll for the consuls' command",
    "consul_command": "name the consul in command", "remove_pcs": "remove PCs",
}


def step_words(frame: ev.Frame) -> str:
    """A pending decision in words: "move the army — Hannibal, at Saguntum"."""
    what = STEPS.get(frame.kind) or DESCRIBE.get(frame.kind, "").split(" (§")[0] or f"answer ({_why(frame.kind)})"
    general = f" \u2014 {_general(frame.general)}" if frame.general else ""
    space = f"{', at' if general else ' —'} {_space(frame.space)}" if frame.space else ""
    return f"{what}{general}{space}"


def _flow(e: ev.Flow) -> str:
    if not e.frames:
        return "Nothing more to decide"
    due = e.frames[-1]
    who = _side(due.seat) if due.seat >= 0 else "The rules"
    return f"{who} to {step_words(due)}"


PHRASES: dict[type, Callable[[Any], str]] = {
    ev.TurnBegan: lambda e: f"Turn {e.turn} begins",
    ev.PhaseBegan: lambda e: f"The {_why(e.phase)} phase begins",
    ev.DeckShuffled: lambda e: f"The strategy deck is shuffled {SHUFFLES.get(e.reason, f'({_why(e.reason)})')} ({plural(len(e.cards), 'card')}, face down)",
    ev.DeckShuffledRedacted: lambda e: f"The strategy deck is shuffled {SHUFFLES.get(e.reason, f'({_why(e.reason)})')} ({plural(e.count, 'card')}, face down)",
    ev.CardsDealt: lambda e: f"{_side(e.seat)} is dealt {join_and(card(c) for c in e.cards) or 'no card'}",
    ev.CardsDealtRedacted: lambda e: f"{_side(e.seat)} is dealt {plural(e.count, 'strategy card')} (which: hidden from you)",
    ev.FirstPlayer: lambda e: f"{_side(e.seat)} plays first this turn" + (" (claimed with a campaign card)" if e.claimed else ""),
    ev.CardPlayed: lambda e: f"{_side(e.seat)} plays {card(e.card)} {USES.get(e.use, _why(e.use))}"
                             + (" (removed from the game)" if e.removed else ""),
    ev.CardLost: lambda e: f"{_side(e.seat)} loses {card(e.card)}, drawn at random from its hand",
    ev.HandSeen: lambda e: f"{_side(e.viewer)} looks at {_side(e.seat)}'s hand: {join_and(card(c) for c in e.cards) or 'no card'}",
    ev.HandSeenRedacted: lambda e: f"{_side(e.viewer)} looks at {_side(e.seat)}'s hand ({plural(e.count, 'card')})",
    ev.CuPlaced: lambda e: f"{_side(e.side)}: {_cu(e.count, e.elephants)} placed in {_space(e.space)}{_walls(e.inside)} ({_why(e.cause)})",
    ev.CuLost: lambda e: f"{_side(e.side)} loses {_cu(e.count, e.elephants)} in {_space(e.space)}{_walls(e.inside)} ({_why(e.cause)})",
    ev.UnitsMoved: _moved,
    ev.GeneralPlaced: lambda e: f"{_general(e.general)} is placed in {_space(e.space)}{_walls(e.inside)}",
    ev.GeneralOff: lambda e: f"{_general(e.general)} leaves the map, {OFF.get(e.to, _why(e.to))} ({_why(e.cause)})",
    ev.OfficeChanged: lambda e: f"{_general(e.general)} becomes {_why(e.office)}" if e.office else f"{_general(e.general)} leaves office",
    ev.ConsulsDrawn: lambda e: f"Consuls drawn: {_generals(e.generals) or 'none'}",
    ev.CommandTaken: lambda e: f"{_general(e.general)} takes command",
    ev.ControlChanged: lambda e: (f"{_space(e.space)}: its political control marker is removed ({_why(e.cause)})" if e.side < 0
                                  else f"{_side(e.side)} now controls {_space(e.space)} ({_why(e.cause)})"),
    ev.SiegePoints: lambda e: (f"{_side(e.side)}'s siege of {_space(e.space)} is over" if e.points == 0
                               else f"{_side(e.side)} has {plural(e.points, 'siege point')} against {_space(e.space)}"),
    ev.DieRolled: _rolled,
    ev.MarkerSet: _marker,
    ev.BattleBegan: _battle_began,
    ev.BattleCardsDealt: lambda e: f"{_side(e.seat)} is dealt {join_and(battle_card(c) for c in e.cards) or 'no card'} for the battle",
    ev.BattleCardsDealtRedacted: lambda e: f"{_side(e.seat)} is dealt {plural(e.count, 'battle card')} (which: hidden from you)",
    ev.BattleCardsShown: lambda e: f"{_side(e.seat)}'s battle cards are shown: {join_and(battle_card(c) for c in e.cards) or 'none'}",
    ev.BattleCardTaken: lambda e: f"{_side(1 - e.seat)} takes {battle_card(e.card)} from {_side(e.seat)}'s battle cards",
    ev.BattleCardPlayed: lambda e: f"{_side(e.seat)} plays {battle_card(e.card)}"
                                   + (f" as {battle_card(e.as_type)}" if e.as_type and e.as_type != e.card else "")
                                   + (" to attack" if e.attacking else " to match it"),
    ev.InitiativeChanged: lambda e: f"{_side(e.seat)} attacks in the next round",
    ev.BattleEnded: _battle_ended,
    ev.BattleCleared: lambda e: "The battle cards go back to the battle deck",
    ev.PoliticalPoints: lambda e: f"Political points: {', '.join(f'{_side(s)} {p}' for s, p in enumerate(e.points))}",
    ev.GameEnded: _ended,
    ev.Flow: _flow,
}


def describe_event(event: Any, language: str = "en") -> str:
    """One event (its public or private form, as a seat receives it) in a sentence, in ``language``
    ("en" or "fr": words_fr.py)."""
    if language == "fr":
        return words_fr.describe_event(event)
    phrase = PHRASES.get(type(event))
    return phrase(event) if phrase is not None else cap(words_of(tag_of(event)))


def name_of(value: Any, language: str = "en") -> str:
    """The words a sentence gives a card (a strategy card number, a battle card type): what a leak
    check looks for; "" for anything else."""
    if language == "fr":
        return words_fr.name_of(value)
    if isinstance(value, int) and not isinstance(value, bool) and value in STRATEGY_CARDS:
        return card(value)
    if isinstance(value, str) and value in BATTLE_CARD_TYPES:
        return battle_card(value)
    return ""


def describe_pending(view: Any, language: str = "en") -> str:
    """What the view's pending decision asks and of whom, in a sentence in ``language`` (``View.prompt``
    is English words only): the words of the Flow event its frames make, from the view alone (the
    frames as this seat sees them); "" when nobody is asked anything."""
    if not view.flow or not view.to_act:
        return ""
    return describe_event(ev.Flow(frames=tuple(view.flow)), language)
