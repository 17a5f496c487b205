"""Bots that play any game through the server, knowing nothing of its rules."""

from __future__ import annotations

import random
from importlib.metadata import entry_points
from typing import Any, Callable

from .client import CarthagoError, Seat
from .v1 import carthago_pb2 as pb

BOTS = ("random", "level:N (the house bot's levels 1-6, `carthago games` lists them)",
        "mcts:N (N search iterations a move)", "mcts:Nms (N milliseconds a move)")
SEARCH_NEEDS = ("the search bot (level:…, mcts:…) runs the Carthago engine in this process: install the "
                "repository (pip install -e . beside clients/python), not only the client package")
# Where the search bot comes from: the repository's search package declares it under this entry-point
# group (pyproject.toml: ``search = "search.remote:PLUGIN"``), an object with ``check(spec)``,
# ``make(seat, spec, seed)`` and ``levels(game_id)``. The client names no module of the repository,
# so it installs and runs alone (issue 34 item 4); with the repository installed, the bots plug in.
PLUGINS = "carthago.bots"


# Commands that end a game by agreement. A bot that picked them as often as any move would agree
# to a draw within a few turns and never play a game out, so a random bot looks at them only
# once in AGREEMENT_ODDS choices (when it has anything else to do).
AGREEMENT_KINDS = frozenset({"offer_draw", "accept_draw"})
AGREEMENT_ODDS = 50


def command_kind(command: pb.GameCommand) -> str:
    """The variant of a game command: ``"move_piece"``, ``"offer_draw"``…"""
    game = command.WhichOneof("game")
    return getattr(command, game).WhichOneof("kind") if game else ""


def pick(rng: random.Random, commands: list[pb.GameCommand]) -> pb.GameCommand:
    """A random legal command, agreements (draw offers) rarely."""
    usual = [c for c in commands if command_kind(c) not in AGREEMENT_KINDS]
    if usual and len(usual) < len(commands) and rng.randrange(AGREEMENT_ODDS):
        return rng.choice(usual)
    return rng.choice(commands)


class RandomBot:
    """Chooses at random among the seat's legal commands (seeded: reproducible); offers and
    accepts draws only rarely (see ``pick``)."""

    def __init__(self, seat: Seat, seed: int | str = 0) -> None:
        self.seat = seat
        self.rng = random.Random(f"{seed}/{seat.seat}")

    def act_once(self) -> bool:
        """Submit one legal command if this seat has one now; True if a command landed."""
        commands, head = self.seat.legal_at()
        if not commands:
            return False
        try:
            self.seat.submit(pick(self.rng, commands), expected_seq=head)
            return True
        except CarthagoError as err:
            if err.code in ("STALE_SEQ", "LOST_RACE"):  # another seat moved first: look again
                return False
            raise

    def play(self, on_batch: Callable | None = None) -> None:
        """Follow the game's stream and act whenever this seat must, until the game is over."""
        follow(self.seat, self.act_once, on_batch)


def follow(seat: Seat, act_once: Callable[[], bool], on_batch: Callable | None = None) -> None:
    """Every bot's loop: follow ``seat``'s stream and call ``act_once`` whenever the seat must act,
    until the game is over (a lost race is simply looked at again on the next batch)."""
    for batch in seat.stream():
        if on_batch:
            on_batch(batch)
        if batch.status.over:
            return
        if seat.seat in batch.status.to_act:
            act_once()


_plugin: list[Any] = []  # the plugin once loaded


def search_plugin() -> Any:
    """The search bot's plugin (see ``PLUGINS``); a ValueError saying what to install without it."""
    if not _plugin:
        for ep in entry_points(group=PLUGINS, name="search"):
            try:
                _plugin.append(ep.load())
            except ImportError:  # declared by an install whose engine is not importable here
                pass
            break
    if not _plugin:
        raise ValueError(SEARCH_NEEDS)
    return _plugin[0]


def check_spec(spec: str) -> None:
    """Raise ValueError unless ``spec`` names a bot: ``random``, ``level:4`` (a level of the house
    bot), ``mcts:200`` (iterations per move) or ``mcts:200ms`` / ``mcts:2s`` (time per move)."""
    if spec == "random":
        return
    if spec.startswith(("mcts:", "level:")) or spec in ("mcts", "level"):
        search_plugin().check(spec)
        return
    raise ValueError(f"unknown bot {spec!r} (bots: {', '.join(BOTS)})")


def make_bot(spec: str, seat: Seat, seed: int | str = 0):
    """The bot named ``spec`` playing ``seat``: ``act_once()`` submits one command when the seat
    must act; ``play()`` follows the game to its end."""
    check_spec(spec)
    if spec == "random":
        return RandomBot(seat, seed)
    return search_plugin().make(seat, spec, seed)
