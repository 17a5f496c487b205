"""Configurations of a game and running N seeded random games in each.

A configuration is a player count and options. Every registered game is run at each of its
player counts with default options, then with each non-default value of each option that
``changes_rules``, one option varied at a time. Games of one configuration use seeds
1..N; a run stops at its first failing game (later games would mostly repeat it).
"""

from __future__ import annotations

import multiprocessing
import time
from typing import Any, Callable, Iterable

import msgspec

from engine import registry
from engine.core import Game, GameConfig
from engine.errors import RuleError
from engine.session import Session, validate_config

from .checks import CHECKS, Plan
from .play import Failure, GameResult, play_one

DEFAULT_GAMES = 300


class ConfigResult(msgspec.Struct):
    game: str
    players: int
    options: dict[str, str]
    games: int = 0
    steps: int = 0
    events: int = 0
    seconds: float = 0.0
    tally: dict[str, int] = {}
    failure: Failure | None = None
    log: bytes = b""
    log_format: str = ""
    skipped: str = ""  # why the configuration was not run
    wire: bool = True  # the game has a protobuf wire (checked by "wire")

    @property
    def ok(self) -> bool:
        return self.failure is None and not self.skipped

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.steps += result.steps
        self.events += result.events
        self.seconds += result.seconds
        for check, n in result.tally.items():
            self.tally[check] = self.tally.get(check, 0) + n
        if result.failure is not None:
            self.failure, self.log, self.log_format = result.failure, result.log, result.log_format


def configurations(game: Game, players: int | None = None, options: dict[str, str] | None = None) -> list[GameConfig]:
    """Each player count with default options, then one rule-changing option value at a time.

    ``players`` and ``options`` narrow the set to what they name (a reproduction command).
    """
    info = game.info
    counts = [players] if players else list(info.player_counts)
    if options is not None:
        return [GameConfig(n, dict(options)) for n in counts]
    out = []
    for n in counts:
        out.append(GameConfig(n, {}))
        for name, spec in sorted(info.options.items()):
            if spec.changes_rules:
                out += [GameConfig(n, {name: v}) for v in spec.values if v != spec.default]
    return out


# Games whose steps list hundreds of legal commands (placement on a map) get the deep checks on a
# share of their steps: every check still runs in every game, on fewer steps of it.
_PLANS = {"rome-et-carthage": Plan(deep=0.2, samples=2, fuzz=40), "hannibal": Plan(deep=0.2, samples=2, fuzz=40),
          "republic-of-carthage": Plan(deep=0.05, samples=1, fuzz=20)}


def plan_for(game: Game) -> Plan:
    """How deep to look in one game: every step by default (a Roma game takes about half a
    second); a game whose steps are costly to check (``_PLANS``) looks at a share of them."""
    return _PLANS.get(game.info.id, Plan())


_FOREIGN: dict[str, tuple] = {}


def foreign_commands(game: Game) -> tuple:
    """Commands of the other registered games (legal at their first step), to offer to ``game``."""
    if game.info.id in _FOREIGN:
        return _FOREIGN[game.info.id]
    out = []
    for other_id in registry.ids():
        if other_id == game.info.id:
            continue
        try:
            other = registry.get(other_id)
            session, _ = Session.start(other, GameConfig(other.info.player_counts[0]), b"foreign")
            for seat in session.status().to_act:
                out += session.legal(seat)[:3]
        except Exception:  # noqa: BLE001 - another game's trouble is its own run's finding
            continue
    _FOREIGN[game.info.id] = tuple(out)
    return _FOREIGN[game.info.id]


def _one(job: tuple[str, GameConfig, int, Plan]) -> GameResult:
    game_id, config, seed, plan = job
    game = registry.get(game_id)
    return play_one(game, config, seed, plan, foreign_commands(game))


def run_config(game: Game, config: GameConfig, seeds: Iterable[int], plan: Plan | None = None,
               foreign: tuple | None = None, workers: int = 1,
               on_game: Callable[[GameResult], None] | None = None) -> ConfigResult:
    """Play a random game for each seed until one fails.

    ``workers > 1`` plays games in parallel processes; the game must then be registered (the
    workers find it by id). Results are the same either way: every game is seeded.
    """
    plan = plan or plan_for(game)
    out = ConfigResult(game.info.id, config.players, dict(config.options), tally=dict.fromkeys(CHECKS, 0),
                       wire=bool(game.info.proto_package))
    try:
        validate_config(game, config)
    except RuleError as exc:
        out.skipped = f"{exc.code}: {exc.message}"
        return out
    seeds = list(seeds)
    if workers > 1 and len(seeds) > 1:
        results = _parallel(game, config, seeds, plan, workers)
    else:
        extra = foreign_commands(game) if foreign is None else foreign
        results = (play_one(game, config, seed, plan, extra) for seed in seeds)
    started = time.perf_counter()
    for result in results:
        out.add(result)
        if on_game:
            on_game(result)
        if result.failure is not None:
            if hasattr(results, "close"):
                results.close()
            break
    if workers > 1:
        out.seconds = time.perf_counter() - started  # wall time, not the sum over processes
    return out


def _parallel(game: Game, config: GameConfig, seeds: list[int], plan: Plan, workers: int) -> Any:
    if registry.get(game.info.id) is not game:
        raise ValueError("parallel runs need a registered game (workers find it by id)")
    jobs = [(game.info.id, config, seed, plan) for seed in seeds]

    def results():
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            yield from pool.imap(_one, jobs, chunksize=1)
            # leaving the with-block (also on close()) terminates the workers still running
    return results()
