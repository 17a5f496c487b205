"""The Republic of Carthage's Decider entry points: the opening, ``decide``, ``legal`` and ``status``.

The rules live in the modules that register their steps in ``flow.STEPS``, one per part of the
rulebook: the set-up (``setup``); the turn, Mortality and Revenue (``turn``, II); Trade (``trade``,
III) and its offers (``negotiation``); the Port (``port``, IV); the Senate (``senate``, V.1 and V.7:
its order of business; ``elections``, V.2-V.6; ``trials``, V.5; ``votes``, a proposal and its
votes; ``presiding``, the presiding officer's choices; ``outcry``, the cards played at a vote;
``field``, the forces in the field; ``laws``, what the laws in force change); Combat and
Exploration (``combat``, VI); the Civil War (``civil_war``, VII) and the rebellion (``rebellion``,
VII.3); assassinations (``assassination``); the cards (``cards``, ``counter``, ``war_details``);
over the helpers they share (``people``, ``forces``, ``proposals``, ``deaths``). Each asks for the
steps of the parts above it by name; this module imports them all, so that the table is full.
"""

from __future__ import annotations

from engine.core import GameConfig, Result, Status

from . import (assassination, civil_war, combat, counter, elections, field, laws, negotiation,  # noqa: F401
               outcry, port, presiding, rebellion, senate, trade, trials, turn, votes, war_details)  # (they register their steps)
from .commands import Say
from .events import Frame, Said
from .flow import advance, legal, play_owned, start, waiting  # noqa: F401 - the surface
from .flow import decide as _decide
from .options import chosen
from .setup import initial as _initial
from .state import OVER, State, seat_influence


def decide(state: State, seat: int, command, rng) -> list:
    """A command to the pending step (``flow.decide``), or table talk (R110): any seat, any time, the
    pending step left as it is (``negotiation.say``)."""
    if isinstance(command, Say):
        return negotiation.say(state, seat, command)
    return _decide(state, seat, command, rng)


def initial(config: GameConfig) -> State:
    s = _initial(config.players)
    s.counters.update(chosen(config))  # the options chosen, public (options.py)
    return s


def setup(config: GameConfig, rng) -> list:
    """Préparation du jeu (``setup.py``), then the first turn."""
    return start(initial(config), rng, [Frame(kind="setup")])


def status(s: State) -> Status:
    if s.phase == OVER:
        # IX.5: the game ends with no winner only when Carthage fails, and then every player loses
        return Status(to_act=(), over=True,
                      result=Result(winners=tuple(s.winners), scores=tuple(s.scores), reason=s.reason,
                                    everyone_lost=not s.winners))
    return Status(to_act=waiting(s))


def resign_result(s: State, seat: int) -> Result:
    """A resignation ends the game at once (RULES.md, "Resigning, draws and aborts"): of the other
    factions, the one with the most Influence wins, a tie shared as in IX.3 (R13); the scores are
    each faction's Influence now."""
    scores = tuple(seat_influence(s, x) for x in range(s.players))
    best = max(scores[x] for x in range(s.players) if x != seat)
    return Result(tuple(x for x in range(s.players) if x != seat and scores[x] == best), scores, "resignation")


talk_events = (Said,)
"""Table talk (R110) is not a move for the platform: a ``Say`` neither closes the abort window, nor
lapses its sender's draw offer, nor runs or credits a clock (``engine.platform.is_talk``)."""
