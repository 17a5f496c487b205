"""Hannibal: Rome vs Carthage (2nd edition rules), two players, nine turns.

``components`` holds the printed components as typed data (map, generals, strategy and battle
cards, tables, set-up; ``README.md`` says what the rulebook gives and what is reconstructed);
``render`` draws the map and any position. The rules: ``rules`` and the modules it wires, one per
part of the rulebook, each registering its steps in the step machine's table (``flow``,
``engine/steps.py``): the turn (``turn``, ``reinforcements``), the march (``march``, ``naval``,
``reaction``, ``interception``, ``avoidance``, ``siege``, ``campaign``), battles (``battle``,
``retreat``), the cards' events (``cards``), over shared helpers (``army``, ``forces``,
``command``, ``siege_train``); all on the state of ``state``. Our reading of the rulebook and
every ruling are in ``RULES.md``.
"""

from engine.registry import register

from .game import HANNIBAL

register(HANNIBAL)

__all__ = ["HANNIBAL"]
