"""Roma, the two-player card and dice game (rulebook ``shared/seeds/003_…``; rules in RULES.md)."""

from engine.registry import register

from .game import ROMA

register(ROMA)

__all__ = ["ROMA"]
