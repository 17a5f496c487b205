"""Bots that play any game through the server, knowing nothing of its rules."""

from __future__ import annotations

import random
from typing import Callable

from .client import CarthagoError, Seat

BOTS = ("random",)


class RandomBot:
    """Chooses uniformly among the seat's legal commands (seeded: reproducible)."""

    def __init__(self, seat: Seat, seed: int | str = 0) -> None:
        self.seat = seat
        self.rng = random.Random(f"{seed}/{seat.seat}")

    def act_once(self) -> bool:
        """Submit one legal command if this seat has one now; True if a command landed."""
        commands, head = self.seat.legal_at()
        if not commands:
            return False
        try:
            self.seat.submit(self.rng.choice(commands), expected_seq=head)
            return True
        except CarthagoError as err:
            if err.code in ("STALE_SEQ", "LOST_RACE"):  # another seat moved first: look again
                return False
            raise

    def play(self, on_batch: Callable | None = None) -> None:
        """Follow the game's stream and act whenever this seat must, until the game is over."""
        for batch in self.seat.stream():
            if on_batch:
                on_batch(batch)
            if batch.status.over:
                return
            while self.seat.seat in batch.status.to_act and self.act_once():
                break


def make_bot(kind: str, seat: Seat, seed: int | str = 0) -> RandomBot:
    if kind != "random":
        raise ValueError(f"unknown bot {kind!r} (bots: {', '.join(BOTS)})")
    return RandomBot(seat, seed)
