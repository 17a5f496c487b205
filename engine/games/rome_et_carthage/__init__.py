"""Rome et Carthage (and its reissue Méditerranée): four states around the ancient Mediterranean.

The rulebook (``shared/seeds/002_…``) describes the board but does not reproduce it, so the
project authored it as data: ``data/map.json``, decoded by :mod:`.board` into frozen structs and
drawn by :mod:`.render`. ``README.md`` in this folder explains how the map was reconstructed and
why it is fair; ``RULES.md`` summarises the rules and lists every ruling.
"""

from engine.registry import register

from .game import ROME_ET_CARTHAGE

register(ROME_ET_CARTHAGE)

__all__ = ["ROME_ET_CARTHAGE"]
