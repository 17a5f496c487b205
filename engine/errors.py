"""Typed rule errors with stable machine codes (DESIGN.md principle 6).

A client acts on ``code``; ``message`` is for people. A rejected command changes
nothing. Messages never name hidden information (a card in another seat's hand,
the order of the deck): they are shown to the seat that sent the command, and
the conformance suite checks that a rejection carries no more than the seat's
view.
"""

from __future__ import annotations

# Codes shared by every game. Games may add their own, in upper snake case.
NOT_YOUR_TURN = "NOT_YOUR_TURN"          # the seat is not one that must act now
GAME_OVER = "GAME_OVER"                  # the game has ended
WRONG_PHASE = "WRONG_PHASE"              # this kind of command is not expected now
UNKNOWN_COMMAND = "UNKNOWN_COMMAND"      # not a command of this game
MALFORMED_COMMAND = "MALFORMED_COMMAND"  # fields missing, out of range or of the wrong type
ILLEGAL_TARGET = "ILLEGAL_TARGET"        # the chosen card, disc, city or seat is not allowed
ILLEGAL_MOVE = "ILLEGAL_MOVE"            # the command is of the right kind but breaks a rule
NOT_ENOUGH_MONEY = "NOT_ENOUGH_MONEY"    # the cost cannot be paid
NO_SUCH_DIE = "NO_SUCH_DIE"              # the die named is not available
BAD_CONFIG = "BAD_CONFIG"                # player count or option not supported by the game


class RuleError(Exception):
    """A command broke a rule. ``code`` is stable; ``message`` is human."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    def __reduce__(self):  # keep picklable with both arguments
        return (type(self), (self.code, self.message))


def require(condition: bool, code: str, message: str) -> None:
    """Raise ``RuleError(code, message)`` unless ``condition`` holds."""
    if not condition:
        raise RuleError(code, message)
