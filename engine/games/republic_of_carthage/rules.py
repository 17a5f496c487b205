"""The Republic of Carthage's Decider entry points: the opening, ``decide``, ``legal`` and ``status``.

The rules live in the modules that register their frames with ``flow``: the set-up (``setup``),
the turn with Mortality and Revenue (``turn``), Trade (``trade``), the Port (``port``), the Senate
(``senate``), Combat and Exploration (``combat``) and the Civil War (``civil_war``).
"""

from __future__ import annotations

from engine.core import GameConfig, Result, Status

from . import civil_war, combat, port, senate, trade, trials, turn  # noqa: F401 - they register their frames
from . import field, rebellion, war_details  # noqa: F401 - they register their frames too
from . import assassination, counter, laws, outcry, presiding  # noqa: F401 - they register their frames
from . import negotiation  # noqa: F401 - it registers its frames (VII.2's trading)
from .events import Frame
from .flow import decide, legal, start, waiting  # noqa: F401 - the surface
from .options import chosen
from .setup import initial as _initial
from .state import OVER, State


def initial(config: GameConfig) -> State:
    s = _initial(config.players)
    s.counters.update(chosen(config))  # the options chosen, public (options.py)
    return s


def setup(config: GameConfig, rng) -> list:
    """Préparation du jeu (``setup.py``), then the first turn."""
    return start(initial(config), rng, [Frame(kind="setup")])


def status(s: State) -> Status:
    if s.phase == OVER:
        return Status(to_act=(), over=True,
                      result=Result(winners=tuple(s.winners), scores=tuple(s.scores), reason=s.reason))
    return Status(to_act=waiting(s))
