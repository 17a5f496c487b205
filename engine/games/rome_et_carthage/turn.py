"""Rome et Carthage "Le jeu" (Méditerranée "Le jeu"): a turn begins with a draw, ends with the
end-of-turn checks of "Fin de partie", and passes to the next seat in the playing order."""

from __future__ import annotations

from . import events as ev
from .decision import Out
from .endgame import game_ends_after_turn
from .state import State, capital_holders
from .talon import draw_cards


def _next_seat(s: State, after: int) -> tuple[int, bool]:
    """The next seat to play after ``after`` and whether a new round begins."""
    placing = any(s.goes[x] for x in range(s.players))
    i = s.order.index(after)
    for step in range(1, len(s.order) + 1):
        x = s.order[(i + step) % len(s.order)]
        if x in s.eliminated or (placing and not s.goes[x]):
            continue
        return x, (i + step) >= len(s.order)
    raise AssertionError("no seat left to play")


def start_turn(out: Out, seat: int, new_round: bool = True) -> None:
    """Rome et Carthage "Le jeu" a / Méditerranée "Le jeu" 1: a playing turn starts with a draw
    (two cards for the lone player of three, "Jeu à trois"); placement turns draw nothing."""
    s = out.state
    if s.draw_offer_seat == seat:
        out.public(ev.DrawOfferLapsed(s.draw_offer))
    place = s.goes[seat][0] if s.goes[seat] else 0
    out.public(ev.TurnStarted(seat, s.turn + 1, s.round + (1 if new_round else 0), place))
    if not place:
        draw_cards(out, seat, 2 if s.seats[seat].lone and s.players == 3 else 1)


def finish_turn(out: Out) -> None:
    """End of a playing turn: the no-progress count, the capitals' clock (Rome et Carthage "Fin de
    partie" 1, ruling R13), then the next player."""
    s = out.state
    seat = s.active
    progress = s.had_combat or capital_holders(s) != s.capitals_at_start
    quiet = 0 if progress else s.quiet + 1
    out.public(ev.TurnEnded(seat, quiet))
    if game_ends_after_turn(out, s, seat, quiet):
        return
    nxt, new_round = _next_seat(s, seat)
    start_turn(out, nxt, new_round)


def end_placement_turn(out: Out) -> None:
    s = out.state
    seat = s.active
    out.public(ev.TurnEnded(seat, 0))
    if any(s.goes[x] for x in range(s.players)):
        nxt, new_round = _next_seat(s, seat)
    else:
        nxt, new_round = s.order[0], True
    start_turn(out, nxt, new_round)
