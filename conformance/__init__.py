"""The conformance suite: checks every registered game passes, without anyone writing them again.

``carthago conformance GAME`` (or ``--all``; ``make conformance``) plays seeded random games of
every configuration and runs six checks at every step: progress, legal, replay, leak, purity,
wire. What each check does exactly is in :mod:`conformance.checks`; how to run it and read its
output is in ``conformance/README.md``.

Modules: ``checks`` (the checks and their specification), ``leak`` (the leak check), ``fuzz``
(commands a game must reject), ``diff`` (the first differing field), ``play`` (one game),
``runner`` (configurations, N games), ``cli`` (the command).
"""

from .checks import CHECKS, CheckFailure, Plan
from .play import Failure, GameResult, play_one
from .runner import ConfigResult, configurations, run_config

__all__ = ["CHECKS", "CheckFailure", "ConfigResult", "Failure", "GameResult", "Plan", "configurations",
           "play_one", "run_config"]
