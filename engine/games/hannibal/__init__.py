"""Hannibal: Rome vs Carthage (2nd edition rules), two players, nine turns.

``components`` holds the printed components as typed data (map, generals, strategy and battle
cards, tables, set-up; ``README.md`` says what the rulebook gives and what is reconstructed);
``render`` draws the map and any position. The rules: ``rules`` and the modules it wires
(``turn``, ``movement``, ``battle``, ``cards``), on the state of ``state``; our reading of the
rulebook and every ruling are in ``RULES.md``.
"""

from engine.registry import register

from .game import HANNIBAL

register(HANNIBAL)

__all__ = ["HANNIBAL"]
