"""Rome et Carthage's events in words, one sentence each (``describe_event``), for a log a player
reads: "West places a Carthage mercenary in Iol", "North moves the Rome elephant to Massilia".

Each sentence is made from the event alone, as the reading seat receives it: the others' draws and
face-down cards reach it redacted (``CardsDrawnRedacted``, ``CardsCommittedRedacted``,
``TalonShuffledRedacted``), and those sentences say how many cards, never which. Cards read by rank
and suit sign ("K♥"); a city and a state by their map names; a seat by its compass name; a team by
its number as the opening ``StatesDrawn`` sentence gives it ("team 1": the event's team 0).
"""

from __future__ import annotations

import re
from typing import Any, Callable

from engine.core import tag_of
from engine.phrases import cap, join_and, plural, words_of

from . import events as ev, words_fr
from .board import city as _city_of, state as _state_of
from .game import INFO

SUITS = {"H": "\u2665", "D": "\u2666", "C": "\u2663", "S": "\u2660"}
SPECIALS = {"treason": "Treason", "sedition": "Sedition"}
SIDES = ("the attacker", "the defender")
STEPS = {"open": "opening cards", "spy": "spy", "spy_cards": "the spy's new cards", "tie": "tie-break cards"}
REASONS = {"capitals": "both enemy capitals held", "destroyed": "a team has no piece left", "draw agreed": "a draw agreed",
           "no progress": "too many turns without a combat or a capital taken"}
_CARD = re.compile(r"^(10|[2-9AJQK])([HDCS])$")
_PIECE = re.compile(r"^([a-z]+)_(elephant|chariot|galley|mercenary)(?:_\d+)?$")


def _who(seat: int) -> str:
    names = INFO.seat_names
    return names[seat].capitalize() if 0 <= seat < len(names) else f"Seat {seat + 1}"


def seat_name(seat: int, language: str = "en") -> str:
    """A seat by its compass point: "North"; in French "Nord"."""
    return words_fr.who(seat) if language == "fr" else _who(seat)


def _team(team: int) -> str:
    return f"team {team + 1}"


def _city(city_id: str) -> str:
    try:
        return _city_of(city_id).name
    except KeyError:
        return cap(words_of(city_id))


def _state(state_id: str) -> str:
    try:
        return _state_of(state_id).name
    except KeyError:
        return cap(words_of(state_id))


def card(card_id: str) -> str:
    """"KH" -> "K♥", "10S" -> "10♠"; a special card by name."""
    if card_id in SPECIALS:
        return SPECIALS[card_id]
    m = _CARD.match(card_id)
    return f"{m.group(1)}{SUITS[m.group(2)]}" if m else cap(words_of(card_id))


def _cards(ids) -> str:
    return join_and(card(c) for c in ids)


def _parts(piece_id: str) -> tuple[str, str]:
    m = _PIECE.match(piece_id)
    return (_state(m.group(1)), m.group(2)) if m else ("", words_of(piece_id))


def piece(piece_id: str, the: bool = False) -> str:
    """A state has one elephant and one chariot ("the Rome elephant"), but two galleys and three
    mercenaries ("a Rome mercenary": the city it goes to tells which). ``the``: always "the"."""
    state, kind = _parts(piece_id)
    if not state:
        return kind
    one = kind in ("elephant", "chariot")
    article = "the" if one or the else ("an" if state[0] in "AEIOU" else "a")
    return f"{article} {state} {kind}"


def _route(path) -> str:
    return "to " + " then ".join(_city(c) for c in path) if path else "nowhere"


def _talon(e) -> str:
    count = e.count if isinstance(e, ev.TalonShuffledRedacted) else len(e.cards)  # the order: seen by nobody
    pile = f"{_team(e.pile)}'s draw pile" if e.pile > 0 else "the draw pile"
    if e.rebuilt:
        return f"The spent cards are shuffled into {pile} ({plural(count, 'card')}, face down)"
    return f"{cap(pile)} is shuffled ({plural(count, 'card')}, face down)"


def _states_drawn(e: ev.StatesDrawn) -> str:
    teams = []
    for t in (0, 1):
        members = [f"{_who(s.seat)} ({join_and(_state(x) for x in s.states)}{', alone' if s.lone else ''})"
                   for s in e.seats if s.team == t]
        teams.append(f"{_team(t)} is {join_and(members) or 'nobody'}")
    return f"{cap(teams[0])}; {teams[1]}"


def _first(e: ev.FirstPlayerDrawn) -> str:
    opens = f"{_state(e.state)} opens: {_who(e.seat)} plays first"
    order = ", then ".join(_who(x) for x in e.order)
    return (f"{card(e.card)} is turned up: " if e.card else "") + opens + (f" (order: {order})" if order else "")


def _spent(e: ev.CardsSpent) -> str:
    done = [x for x in (e.cards and f"puts {_cards(e.cards)} on the spent pile",
                        e.removed and f"takes {_cards(e.removed)} out of the game") if x]
    return f"{_who(e.seat)} {' and '.join(done) or 'spends no card'} ({'from the combat' if e.from_table else 'from its hand'})"


def _moved(e: ev.PieceMoved) -> str:
    if e.treason:
        return f"By treason, {_who(e.seat)} moves {piece(e.piece)} {_route(e.path)}"
    if e.second_mercenary:
        return f"{_who(e.seat)} moves a second {_parts(e.piece)[0]} mercenary {_route(e.path)}"
    return f"{_who(e.seat)} moves {piece(e.piece)} {_route(e.path)}"


def _eliminated(e: ev.PieceEliminated) -> str:
    how = {"sedition": "is destroyed by sedition", "combat": "loses the combat and leaves the board"}.get(
        e.reason, f"leaves the board ({words_of(e.reason)})")
    return f"{cap(piece(e.piece, True))} in {_city(e.city)} {how}"


def _combat_started(e: ev.CombatStarted) -> str:
    limited = [s for i, s in enumerate((e.attacker_seat, e.defender_seat)) if i < len(e.limited) and e.limited[i]]
    return (f"Combat in {_city(e.city)}: {piece(e.attacker, True)} ({_who(e.attacker_seat)}) attacks "
            f"{piece(e.defender, True)} ({_who(e.defender_seat)})"
            + (f"; {join_and(_who(x) for x in limited)}, its capital occupied, lays one card where two are asked" if limited else ""))


def _combat_step(e: ev.CombatStep) -> str:
    at = f"Combat in {_city(e.city)}"
    need = list(e.need) + [0, 0]
    spy = SIDES[e.spy_side] if 0 <= e.spy_side < 2 else "a side"
    if e.step == "spy":
        return f"{at}: {spy} opened with a natural 2 and may send a spy"
    if e.step == "spy_cards":
        return f"{at}: {spy}'s spy lays {plural(need[e.spy_side] if 0 <= e.spy_side < 2 else 0, 'new card')}, knowing the other side's"
    if e.step == "tie":
        return f"{at}: a tie; each side lays one more card face down"
    lay = (f"each side lays {plural(need[0], 'card')}" if need[0] == need[1]
           else f"the attacker lays {plural(need[0], 'card')}, the defender {plural(need[1], 'card')}")
    return f"{at}: {lay} face down"


def _side(side: int) -> str:
    return SIDES[side] if 0 <= side < 2 else "its side"


def _revealed(e: ev.CardsRevealed) -> str:
    totals = list(e.totals) + [0, 0]
    sides = [f"{SIDES[i]}'s {_cards(ids) or 'no card'} make {totals[i]}" for i, ids in enumerate((e.attacker_cards, e.defender_cards))]
    return f"Combat in {_city(e.city)}, {STEPS.get(e.step, words_of(e.step))} turned up: {sides[0]}, {sides[1]}"


def _combat_ended(e: ev.CombatEnded) -> str:
    at = f"Combat in {_city(e.city)}"
    score = f", {max(e.totals)} to {min(e.totals)}" if len(e.totals) == 2 else ""
    if e.outcome in ("attacker", "defender"):
        return f"{at}: {SIDES[0] if e.outcome == 'attacker' else SIDES[1]} wins{score}"
    return f"{at}: a tie nobody can break; the combat stops and the attacker goes back"


def _out(e: ev.PlayerEliminated) -> str:
    lost = [x for x in (e.cards and plural(e.cards, "card"),
                        e.specials and f"its {join_and(card(c) for c in e.specials)} card") if x]
    return f"{_who(e.seat)} has no piece left and is out" + (f": {join_and(lost)} leave the game unseen" if lost else "")


def _clock(e, still: str) -> str:
    waiting = join_and(_who(x) for x in e.waiting)
    verb = "have each" if len(e.waiting) > 1 else "has"
    return (f"Both enemy capitals are {still}held by {_team(e.team)}: the game is theirs if they still hold them"
            f" once {waiting or 'every other player'} {verb} ended a turn")


def _ended(e: ev.GameEnded) -> str:
    why = REASONS.get(e.reason, words_of(e.reason))
    won = f"{join_and(_who(x) for x in e.winners)} win" if e.winners else "a draw"
    scores = ", ".join(f"{_who(i)} {n}" for i, n in enumerate(e.scores))
    return f"The game ends ({why}): {won}" + (f"; pieces left: {scores}" if scores else "")


PHRASES: dict[type, Callable[[Any], str]] = {
    ev.StatesDrawn: _states_drawn,
    ev.HandDealt: lambda e: f"{_who(e.seat)} starts with {_cards(e.cards) or 'no card'}",
    ev.TalonShuffled: _talon,
    ev.TalonShuffledRedacted: _talon,
    ev.FirstPlayerDrawn: _first,
    ev.SpecialChosen: lambda e: f"{_who(e.seat)} holds the {card(e.card)} card",
    ev.TurnStarted: lambda e: f"Turn {e.turn} (round {e.round}): {_who(e.seat)} "
                              + (f"places {plural(e.place, 'piece')}" if e.place > 0 else "plays"),
    ev.PiecePlaced: lambda e: f"{_who(e.seat)} places {piece(e.piece)} in {_city(e.city)}",
    ev.CardsDrawn: lambda e: f"{_who(e.seat)} draws {_cards(e.cards) or 'no card'}",
    ev.CardsDrawnRedacted: lambda e: f"{_who(e.seat)} draws {plural(e.count, 'card')} (which: hidden from you)",
    ev.ForcedMarchDeclared: lambda e: f"{_who(e.seat)} declares a forced march, paying {_cards(e.cards) or 'no card'}",
    ev.ForcedMarchCardAdded: lambda e: f"{_who(e.seat)} adds {card(e.card)} to its forced march's payment",
    ev.CardsSpent: _spent,
    ev.PieceMoved: _moved,
    ev.AttackDeclared: lambda e: f"{cap(piece(e.attacker, True))} from {_city(e.origin)} attacks {piece(e.defender, True)} "
                                 f"in {_city(e.city)}: a combat once the moves end",
    ev.SpecialPlayed: lambda e: f"{_who(e.seat)} plays its {card(e.card)} card",
    ev.PieceEliminated: _eliminated,
    ev.MovesEnded: lambda e: f"{_who(e.seat)} stops moving: " + (f"{plural(e.combats, 'combat')} to fight" if e.combats else "no combat"),
    ev.DrawOffered: lambda e: f"{_who(e.seat)} offers the other team a draw (it stands until {_who(e.seat)}'s next turn)",
    ev.DrawOfferLapsed: lambda e: f"The draw offer of {_team(e.team)} lapses",
    ev.CombatStarted: _combat_started,
    ev.CombatStep: _combat_step,
    ev.CardsCommitted: lambda e: f"{_who(e.seat)} lays {_cards(e.cards) or 'no card'} face down for {_side(e.side)}",
    ev.CardsCommittedRedacted: lambda e: f"{_who(e.seat)} lays {plural(e.count, 'card')} face down for {_side(e.side)} (which: hidden from you)",
    ev.CardsRevealed: _revealed,
    ev.SpyDeclared: lambda e: f"{_who(e.seat)} declares a spy: it lays new cards, knowing the other side's",
    ev.ValueKept: lambda e: f"{_who(e.seat)} keeps its natural 2 (the attacker's total is {(list(e.totals) + [0, 0])[0]}, "
                            f"the defender's {(list(e.totals) + [0, 0])[1]})",
    ev.BothSpies: lambda e: f"Combat in {_city(e.city)}: both sides opened with a natural 2; their cards are spent and the combat starts over",
    ev.ZerosReturned: lambda e: f"{_cards(e.cards) or 'No card'} {'go' if len(e.cards) > 1 else 'goes'} back to {_who(e.seat)}'s hand",
    ev.CombatEnded: _combat_ended,
    ev.AttackerReturned: lambda e: f"{cap(piece(e.piece, True))} goes back from {_city(e.city)} to {_city(e.origin)}",
    ev.PlayerEliminated: _out,
    ev.ClockStarted: lambda e: _clock(e, ""),
    ev.ClockTicked: lambda e: _clock(e, "still "),
    ev.ClockStopped: lambda e: f"{cap(_team(e.team))} no longer hold both enemy capitals: their clock stops",
    ev.TurnEnded: lambda e: f"{_who(e.seat)} ends its turn"
                            + (f" ({plural(e.quiet, 'turn')} in a row without a combat or a capital taken)" if e.quiet else ""),
    ev.GameEnded: _ended,
}


def describe_event(event: Any, language: str = "en") -> str:
    """One event (its public or private form, as a seat receives it) in a sentence, in ``language``
    ("en" or "fr": words_fr.py)."""
    if language == "fr":
        return words_fr.describe_event(event)
    phrase = PHRASES.get(type(event))
    return phrase(event) if phrase is not None else cap(words_of(tag_of(event)))


def name_of(value: Any, language: str = "en") -> str:
    """The words a sentence gives a card id ("" for anything else): what a leak check looks for."""
    if language == "fr":
        return words_fr.name_of(value)
    return card(value) if isinstance(value, str) and (value in SPECIALS or _CARD.match(value)) else ""
