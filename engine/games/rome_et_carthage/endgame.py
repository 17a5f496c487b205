"""Rome et Carthage "Fin de partie": the capitals held for a full round (ruling R13), a player and
a team without pieces, the game drawn without progress (an option), and the draw agreed between
the teams; what a resignation means and whose agreement a draw needs (RULES.md, "Resigning,
draws and aborts")."""

from __future__ import annotations

from engine.core import Result
from engine.errors import ILLEGAL_MOVE, require

from . import commands as cmd
from . import events as ev
from .decision import Out
from .state import State
from .teams import CAPITAL, living, pieces_left, scores, team_of, team_seats


def resign_result(s: State, seat: int) -> Result:
    """A resignation concedes for the resigning seat's team: the other team wins (RULES.md,
    "Resigning, draws and aborts"); the scores are the pieces each seat has left."""
    return Result(tuple(team_seats(s, 1 - team_of(s, seat))), scores(s), "resignation")


def seats_in(s: State) -> tuple[int, ...]:
    """The seats still in the game (a seat with no piece left is out, "Fin de partie")."""
    return tuple(x for x in range(s.players) if x not in s.eliminated)


def game_ends_after_turn(out: Out, s: State, seat: int, quiet: int) -> bool:
    """The end of ``seat``'s playing turn (``s``: the state, its ``TurnEnded`` applied): the
    capitals' clock of each team (Rome et Carthage "Fin de partie" 1, ruling R13) and the
    no-progress limit. True if the game ended."""
    for team in (0, 1):
        enemy_capitals = [CAPITAL[st] for x in team_seats(s, 1 - team) for st in s.seats[x].states]
        held = all((p := s.at.get(c)) is not None and team_of(s, s.owner[p]) == team for c in enemy_capitals)
        if held and not s.clock_on[team]:
            out.public(ev.ClockStarted(team, tuple(x for x in living(s) if x != seat)))
        elif held:
            waiting = tuple(x for x in s.clock[team] if x != seat)
            if not waiting:
                out.public(ev.GameEnded(tuple(team_seats(s, team)), scores(s), "capitals"))
                return True
            out.public(ev.ClockTicked(team, waiting))
        elif s.clock_on[team]:
            out.public(ev.ClockStopped(team))
    if s.quiet_limit and quiet >= s.quiet_limit * len(living(s)):
        out.public(ev.GameEnded((), scores(s), "no progress"))
        return True
    return False


def check_elimination(out: Out, seat: int) -> bool:
    """Rome et Carthage "Fin de partie": a player without pieces is out (its cards and special
    card with it, "Dispositions particulières"); a team without pieces has lost. True if the
    game ended."""
    s = out.state
    if seat in s.eliminated or pieces_left(s, seat):
        return False
    if s.draw_offer_seat == seat:  # an offer from a player who is out lapses with it
        out.public(ev.DrawOfferLapsed(s.draw_offer))
    out.public(ev.PlayerEliminated(seat, len(s.hands[seat]), tuple(s.specials[seat])))
    s = out.state
    team = team_of(s, seat)
    if all(x in s.eliminated for x in team_seats(s, team)):
        out.public(ev.GameEnded(tuple(team_seats(s, 1 - team)), scores(s), "destroyed"))
        return True
    return False


def offer_draw(out: Out, s: State, seat: int, c: cmd.OfferDraw) -> None:
    if out.check:
        require(s.draw_offer == -1, ILLEGAL_MOVE, "a draw offer already stands")
    out.public(ev.DrawOffered(seat, team_of(s, seat)))


def accept_draw(out: Out, s: State, seat: int, c: cmd.AcceptDraw) -> None:
    if out.check:
        require(s.draw_offer not in (-1, team_of(s, seat)), ILLEGAL_MOVE, "the other team has not offered a draw")
    out.public(ev.GameEnded((), scores(s), "draw agreed"))
