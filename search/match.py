"""Play one game between bots in process (the engine's Session, no server), for measurements."""

from __future__ import annotations

import random
import time
from typing import Any

import msgspec

from engine import registry
from engine.core import GameConfig, Result
from engine.session import Session

from .bot import choose_in_process, make_player


class Played(msgspec.Struct, frozen=True):
    game: str
    players: int
    bots: tuple[str, ...]
    seed: str
    result: Result | None   # None: stopped at the step limit
    commands: int
    seconds: float
    think: tuple[float, ...]       # seconds each seat spent choosing
    iterations: tuple[int, ...]    # search iterations each seat ran (0 for a random bot)


def play(game_id: str, bots: list[str], seed: str, options: dict[str, str] | None = None,
         max_commands: int = 0) -> Played:
    game = registry.get(game_id)
    n = len(bots)
    session, _ = Session.start(game, GameConfig(n, options or {}), seed.encode())
    players = [make_player(spec, f"{seed}/{i}", game_id) for i, spec in enumerate(bots)]
    order = random.Random(seed)  # who goes first among seats acting together (their commands commute)
    think = [0.0] * n
    limit = max_commands or game.info.max_steps
    started = time.perf_counter()
    commands = 0
    result = None
    while commands < limit:
        st = session.status()
        if st.over:
            result = st.result
            break
        seat = st.to_act[0] if len(st.to_act) == 1 else order.choice(st.to_act)
        t = time.perf_counter()
        command = choose_in_process(players[seat], session, seat)
        think[seat] += time.perf_counter() - t
        session.submit(seat, command)
        commands += 1
    iterations = tuple(getattr(p, "iterations", 0) for p in players)
    return Played(game_id, n, tuple(bots), seed, result, commands, time.perf_counter() - started,
                  tuple(think), iterations)


def outcome(p: Played) -> Any:
    """Each seat's score of a played game: 1 a win, 0 a loss (every seat's, when everyone lost),
    1/n a draw or an unfinished game."""
    n = p.players
    if p.result is not None and p.result.everyone_lost:
        return [0.0] * n
    if p.result is None or not p.result.winners:
        return [1.0 / n] * n
    return [1.0 if x in p.result.winners else 0.0 for x in range(n)]
