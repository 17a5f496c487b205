"""Rome et Carthage "Cartes spéciales" (Méditerranée "Cartes spéciales", "Le jeu" 2): treason
moves an opposing piece by its own rules (ruling R14), sedition removes an enemy piece from one of
the player's capitals; when in the turn each may be played."""

from __future__ import annotations

from engine.errors import ILLEGAL_MOVE, ILLEGAL_TARGET, require

from . import commands as cmd
from . import events as ev
from .decision import SEDITION, TREASON, Out, str_arg
from .endgame import check_elimination
from .movement import attack_if_enemy, check_path
from .state import State
from .teams import CAPITAL, team_of


def special_time(s: State) -> bool:
    """Méditerranée "Le jeu" 2: the special card is played before moving; the original rules let
    it come before or after the move ("Cartes spéciales")."""
    return s.edition == "original" or (s.moves == 0 and not s.forced)


def play_treason(out: Out, s: State, seat: int, c: cmd.PlayTreason) -> None:
    """Rome et Carthage "Cartes spéciales" a (ruling R14)."""
    piece, path = c.piece, c.path
    if out.check:
        require(TREASON in s.specials[seat], ILLEGAL_MOVE, "you do not hold an unused treason card")
        require(special_time(s), ILLEGAL_MOVE, "Méditerranée: special cards are played before moving")
        str_arg(piece, "piece")
        require(piece in s.where and team_of(s, s.owner[piece]) != team_of(s, seat), ILLEGAL_TARGET,
                f"{piece} is not an opposing piece on the board")
        check_path(s, piece, path)
    attack = attack_if_enemy(s, piece, path[-1])
    out.public(ev.SpecialPlayed(seat, TREASON))
    out.public(ev.PieceMoved(seat, piece, path, True, False))
    if attack is not None:
        out.public(attack)


def play_sedition(out: Out, s: State, seat: int, c: cmd.PlaySedition) -> None:
    """Rome et Carthage "Cartes spéciales" b: only for your own capital."""
    city = c.city
    if out.check:
        require(SEDITION in s.specials[seat], ILLEGAL_MOVE, "you do not hold an unused sedition card")
        require(special_time(s), ILLEGAL_MOVE, "Méditerranée: special cards are played before moving")
        str_arg(city, "city")
        require(city in sedition_targets(s, seat), ILLEGAL_TARGET,
                f"{city} is not a capital of yours held by an enemy piece outside a declared combat")
    piece = s.at[city]
    owner = s.owner[piece]
    out.public(ev.SpecialPlayed(seat, SEDITION))
    out.public(ev.PieceEliminated(piece, city, "sedition"))
    check_elimination(out, owner)


def sedition_targets(s: State, seat: int) -> list[str]:
    out = []
    for st in s.seats[seat].states:
        cap = CAPITAL[st]
        piece = s.at.get(cap)
        if piece and cap not in s.attacking and team_of(s, s.owner[piece]) != team_of(s, seat):
            out.append(cap)
    return out
