"""The Republic of Carthage (French rules of 20 June 2017), three to six players.

``components`` holds the printed components as typed data (``README.md`` says what the rulebook
gives and what is reconstructed); ``render`` draws the board and any position. The rules: ``rules``
and the modules it wires, one per part of the rulebook (``setup``, ``turn``, ``trade``, ``port``,
``senate`` and ``elections``, ``combat``, ``civil_war`` …, on the step machine of ``flow``), on the
state of ``state``; our reading of the rulebook, every ruling and what is not
yet built are in ``RULES.md``.
"""

from engine.registry import register

from .game import REPUBLIC_OF_CARTHAGE

register(REPUBLIC_OF_CARTHAGE)

__all__ = ["REPUBLIC_OF_CARTHAGE"]
