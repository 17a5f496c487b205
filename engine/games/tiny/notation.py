"""Tiny's commands in words (``carthago moves``, ``ListLegalCommands`` with_words): the server
calls ``describe_command(state, seat, command)`` on a state drawn for the reading seat, never the
real one (server/words.py), so a phrase may only use what that seat sees."""

from __future__ import annotations

from typing import Any

from .commands import Draw, Stand
from .state import State


def describe_command(state: State, seat: int, command: Any, language: str = "en") -> str:
    if language == "fr":
        return _in_french(state, seat, command)
    if isinstance(command, Draw):
        left = 2 - (len(state.hands[seat]) - 1)
        return f"draw a card ({left} draw{'s' if left != 1 else ''} left)"
    if isinstance(command, Stand):
        return f"stand on {len(state.hands[seat])} card{'s' if len(state.hands[seat]) != 1 else ''}"
    return type(command).__name__



def _in_french(state: State, seat: int, command: Any) -> str:
    held = len(state.hands[seat])
    if isinstance(command, Draw):
        left = 2 - (held - 1)
        return f"piocher une carte (encore {left} pioche{'s' if left > 1 else ''})"
    if isinstance(command, Stand):
        return f"s'arrêter à {held} carte{'s' if held > 1 else ''}"
    return type(command).__name__
