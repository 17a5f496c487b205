"""Spending a clock: how long a bot may think over one move under a time control.

The server keeps the clocks (docs/PROTOCOL.md, "Clocks"); a bot only reads its own: the time left
now, and the game's time control. Its rule, the usual one of game programs (a share of what is
left, plus most of what the move gives back):

* Fischer: ``(left - reserve) / MOVES_TO_GO + 0.8 * increment``, never above half of
  ``left - reserve``; ``reserve`` keeps a second (or a tenth of what is left, if less) for the
  round trips (``LATENCY_MS`` a move is taken off too). With an increment of 1 s or more, a bot
  that spends this never runs out: each move gives back more than it takes once the share is
  spent, and a forced move (one legal command, no search) costs only its round trip.
* Delay: the same, with the delay in place of the increment (a delay is not banked).
* Correspondence: half of the move's own allowance.

The level's own budget is a ceiling: a bot never thinks longer than its level says, and a move
always gets at least one iteration.
"""

from __future__ import annotations

from typing import NamedTuple

from .mcts import Budget

MOVES_TO_GO = 30     # how many more searched moves the bot plans for (a move with one legal command is free)
LATENCY_MS = 150.0   # what a move costs beyond its search: asking, drawing a state, submitting
RESERVE_MS = 1000.0  # never planned away
MIN_MS = 5.0


class ClockNow(NamedTuple):
    """A seat's clock as the bot reads it when its move starts (milliseconds)."""

    left_ms: float            # time left now (correspondence: this move's allowance)
    increment_ms: float = 0.0
    delay_ms: float = 0.0
    per_move_ms: float = 0.0  # correspondence


def allowance_ms(clock: ClockNow) -> float:
    """How long this move may take, round trips included (see the module)."""
    if clock.per_move_ms:
        return 0.5 * min(clock.per_move_ms, clock.left_ms)
    reserve = min(RESERVE_MS, 0.1 * clock.left_ms)
    usable = max(0.0, clock.left_ms - reserve)
    back = 0.8 * (clock.increment_ms or clock.delay_ms)
    # never half of the bank in one move; a delay is spent before the bank is touched
    ceiling = 0.5 * usable + (back if clock.delay_ms else 0.0)
    return min(usable / MOVES_TO_GO + back, ceiling)


def budget_under(budget: Budget, clock: ClockNow | None) -> Budget:
    """``budget``, cut to what the clock allows (unchanged without a clock)."""
    if clock is None:
        return budget
    millis = max(MIN_MS, allowance_ms(clock) - LATENCY_MS)
    if budget.millis:
        millis = min(millis, budget.millis)
    return Budget(budget.iterations, millis)
