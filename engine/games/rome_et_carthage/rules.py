"""Rome et Carthage rules: the entry the engine calls, ``decide``, ``advance``/``play``, ``legal``
and ``status``, and the table of each command's handler and phases.

The rulebook is ``shared/seeds/002_…`` (the original rules, then their reissue Méditerranée);
RULES.md in this folder summarises it in our words and lists every ruling (R1…) where the text is
short. The rules are split by the rulebook's parts, each module citing the headings it
implements; imports go one way, from this entry down to the shared helpers:

- ``preliminaries`` ("Préliminaires"; Méditerranée "Préparation"): set-up, the special cards' choice;
- ``placement`` ("Placement des pièces");
- ``specials`` ("Cartes spéciales": treason, sedition), over ``movement`` ("Déplacements": plain
  moves, double moves, second mercenaries) and ``march`` (the forced march and its payment);
- ``combat`` ("Combats", "Espions"), over ``turn`` ("Le jeu": a turn's start and end);
- ``endgame`` ("Fin de partie": capitals, eliminations, draws) and ``talon`` ("Talon", the match
  rule's piles), over ``teams`` (who is who, who acts) and ``decision`` (:class:`Out`, the
  arguments' checks).

``decide`` never mutates its input: it collects events in an :class:`Out`, which evolves a private
copy of the state only when a later rule needs to see the effect of an earlier event (a combat
that follows the end of the moves, the next turn after a combat…).
"""

from __future__ import annotations

from typing import Any

from engine.core import Advanced, Emitted
from engine.errors import ILLEGAL_MOVE, UNKNOWN_COMMAND, WRONG_PHASE, RuleError, require
from engine.rng import Rng

from . import commands as cmd
from . import march
from .combat import choose_combat, combat_options, commit_cards, declare_spy, end_turn, keep_value
from .decision import SEDITION, TREASON, Out
from .endgame import accept_draw, offer_draw, resign_result, seats_in
from .march import declare_forced_march, forced_marches, moves_allowed
from .movement import move_piece, move_second_mercenary, piece_moves
from .placement import place_piece, place_options
from .preliminaries import choose_special, initial, setup
from .specials import play_sedition, play_treason, sedition_targets, special_time
from .state import COMBAT, OVER, PLACE, PLAY, SPECIALS, State
from .teams import status

__all__ = ["initial", "setup", "decide", "advance", "play", "legal", "status", "resign_result", "seats_in"]


# -- decide -----------------------------------------------------------------------------------
def decide(state: State, seat: int, command: Any, rng: Rng) -> list[Emitted]:
    """Validate one command (the seat may act: checked by the caller) and return its events."""
    kind = type(command)
    require(kind in cmd.COMMAND_TYPES, UNKNOWN_COMMAND, f"not a Rome et Carthage command: {kind.__name__}")
    handler = _HANDLERS[kind]
    phase = state.phase
    expected = _PHASES[kind]
    if phase not in expected:
        raise RuleError(WRONG_PHASE, f"{kind.__name__} is not expected now (phase {phase})")
    out = Out(state, rng)
    handler(out, state, seat, command)
    return out.events


def advance(state: State, seat: int, command: Any, rng: Rng, allowed: list[Any] | None = None) -> Advanced:
    """``decide`` and ``evolve`` at once, on ``state`` itself (engine.core ``advance``; the seat may
    act: checked by the caller). ``allowed``: the seat's legal commands, when the caller holds them;
    a command among them is applied without ``decide``'s checks (``legal`` lists only commands
    ``decide`` accepts). Any other command is checked as ``decide`` checks it, before anything
    changes, and refused with the same error."""
    kind = type(command)
    handler = _HANDLERS.get(kind)
    if allowed is not None:
        if command not in allowed:
            decide(state, seat, command, rng)  # raises decide's error; it changes nothing
            raise RuleError(ILLEGAL_MOVE, f"{command!r} is not among the commands allowed now")
        out = Out(state, rng, in_place=True, check=False)
    else:
        require(handler is not None, UNKNOWN_COMMAND, f"not a Rome et Carthage command: {kind.__name__}")
        if state.phase not in _PHASES[kind]:
            raise RuleError(WRONG_PHASE, f"{kind.__name__} is not expected now (phase {state.phase})")
        out = Out(state, rng, in_place=True)
    handler(out, state, seat, command)
    return _advanced(out, state)


def play(state: State, seat: int, command: Any, rng: Rng, allowed: list[Any] | None = None) -> Advanced:
    """:func:`advance` for a caller that plays only commands of the seat's ``legal`` list, for a
    seat to act (``engine.core.stepper``: a search, on its own states): no check at all, not even
    that the command is among ``allowed`` (a search's rollout looked it up in a list of hundreds of
    placements, a seventh of the step's cost)."""
    out = Out(state, rng, in_place=True, check=False)
    _HANDLERS[type(command)](out, state, seat, command)
    return _advanced(out, state)


def play_unhinted(state: State, seat: int, command: Any, rng: Rng, allowed: list[Any] | None = None) -> Advanced:
    """:func:`play` without listing the next seat's commands (``engine.core.stepper(game,
    hint=False)``: a rollout's last command, after which only the position's status and value are
    read; a placement's list is most of a step's cost)."""
    out = Out(state, rng, in_place=True, check=False)
    _HANDLERS[type(command)](out, state, seat, command)
    return Advanced(out.events, state)


def _advanced(out: Out, state: State) -> Advanced:
    if state.phase == OVER:
        return Advanced(out.events, state)
    nxt = status(state).to_act
    return Advanced(out.events, state, (nxt[0], _options(state, nxt[0])) if nxt else None)


_HANDLERS = {
    cmd.ChooseSpecial: choose_special, cmd.PlacePiece: place_piece, cmd.DeclareForcedMarch: declare_forced_march,
    cmd.MovePiece: move_piece, cmd.MoveSecondMercenary: move_second_mercenary, cmd.PlayTreason: play_treason,
    cmd.PlaySedition: play_sedition, cmd.EndTurn: end_turn, cmd.OfferDraw: offer_draw,
    cmd.AcceptDraw: accept_draw, cmd.ChooseCombat: choose_combat, cmd.CommitCards: commit_cards,
    cmd.DeclareSpy: declare_spy, cmd.KeepValue: keep_value, cmd.AddToForcedMarch: march.add_to_forced_march,
}
_PHASES = {
    cmd.ChooseSpecial: (SPECIALS,), cmd.PlacePiece: (PLACE,), cmd.DeclareForcedMarch: (PLAY,),
    cmd.MovePiece: (PLAY,), cmd.MoveSecondMercenary: (PLAY,), cmd.PlayTreason: (PLAY,), cmd.PlaySedition: (PLAY,),
    cmd.EndTurn: (PLAY,), cmd.OfferDraw: (PLAY,), cmd.AcceptDraw: (PLAY,), cmd.ChooseCombat: (COMBAT,),
    cmd.CommitCards: (COMBAT,), cmd.DeclareSpy: (COMBAT,), cmd.KeepValue: (COMBAT,), cmd.AddToForcedMarch: (PLAY,),
}


# -- legal ------------------------------------------------------------------------------------
def legal(s: State, seat: int) -> list[Any]:
    if seat not in status(s).to_act:
        return []
    return _options(s, seat)


def _options(s: State, seat: int) -> list[Any]:
    """:func:`legal` of a seat that is to act."""
    if s.phase == SPECIALS:
        return [cmd.ChooseSpecial(TREASON), cmd.ChooseSpecial(SEDITION)]
    if s.phase == PLACE:
        return place_options(s, seat)
    if s.phase == COMBAT:
        return combat_options(s, seat)
    return _turn_options(s, seat)


# The lists below are built from commands made once and shared (commands are frozen): a search bot
# asks for them at every step, and making hundreds of command objects was most of the cost.
_END_TURN, _OFFER_DRAW, _ACCEPT_DRAW = cmd.EndTurn(), cmd.OfferDraw(), cmd.AcceptDraw()


def _turn_options(s: State, seat: int) -> list[Any]:
    """Every command of a playing turn: ending it, the draw offer, second mercenaries, moves,
    forced-march payments (or cards added to one, R30), treason and sedition, in that order."""
    teams = [x.team for x in s.seats]
    mine = teams[seat]
    out: list[Any] = [_END_TURN]
    if s.draw_offer == -1:
        out.append(_OFFER_DRAW)
    elif s.draw_offer != mine:
        out.append(_ACCEPT_DRAW)
    moving = s.moves < moves_allowed(s)
    treason = special_time(s) and TREASON in s.specials[seat]
    treasons: list[Any] = []
    if moving or treason or s.follow:
        treasons = piece_moves(out, s, seat, teams, moving, treason)
    if not s.forced and s.moves <= 1:
        out += forced_marches(frozenset(s.hands[seat]))
    elif s.overpay:
        out += march.additions(s, seat)
    if treasons:
        out += treasons
    if SEDITION in s.specials[seat] and special_time(s):
        out += [cmd.PlaySedition(city) for city in sedition_targets(s, seat)]
    return out
