"""Who is who in Rome et Carthage: teams, partners, who sees a hand, who acts now (``status``) and
the pieces each seat has left (Rome et Carthage "Préliminaires", "Dispositions particulières",
"Jeu à deux", "Jeu à trois")."""

from __future__ import annotations

from engine.core import Result, Status

from . import board
from .state import COMBAT, OVER, SPECIALS, State


CAPITAL: dict[str, str] = {st.id: st.capital for st in board.MAP.states}  # board.capital_of, as a dict


def team_of(s: State, seat: int) -> int:
    return s.seats[seat].team


def team_seats(s: State, team: int) -> list[int]:
    return [x for x in range(s.players) if s.seats[x].team == team]


def living(s: State) -> list[int]:
    return [x for x in s.order if x not in s.eliminated]


def seers(s: State, seat: int) -> tuple[int, ...]:
    """Who sees ``seat``'s hand: itself, and its partner under the partners' agreement
    (Rome et Carthage "Dispositions particulières")."""
    if s.see_partners:
        return tuple(team_seats(s, team_of(s, seat)))
    return (seat,)


def choosers(s: State) -> list[int]:
    """The team member who takes treason or sedition for a team of two (ruling R5: the one who
    plays first)."""
    out = []
    for team in (0, 1):
        members = team_seats(s, team)
        if len(members) == 2:
            out.append(min(members, key=s.order.index))
    return out


def capital_occupied(s: State, seat: int) -> bool:
    """A capital of one of ``seat``'s states holds an enemy piece (Rome et Carthage "Combats" c;
    two-state players: either capital, "Jeu à deux")."""
    for st in s.seats[seat].states:
        piece = s.at.get(CAPITAL[st])
        if piece and team_of(s, s.owner[piece]) != team_of(s, seat):
            return True
    return False


def pieces_left(s: State, seat: int) -> int:
    return sum(1 for p in s.where if s.owner[p] == seat)


def scores(s: State) -> tuple[int, ...]:
    return tuple(pieces_left(s, x) for x in range(s.players))


def status(s: State) -> Status:
    if s.phase == OVER:
        return Status((), True, Result(tuple(s.winners), scores(s), s.reason))
    if s.phase == SPECIALS:
        return Status(tuple(sorted(x for x in choosers(s) if not s.specials[x])))
    if s.phase == COMBAT and s.combat is not None:
        c = s.combat
        if c.step == "spy":
            return Status((c.seats[c.spy_side],))
        return Status(tuple(sorted(c.seats[i] for i in (0, 1) if not c.ready[i])))
    return Status((s.active,))
