"""House bots: seats the server plays itself, at a level of the search bot (issue 29).

A house seat is claimed like any seat, by a ``SeatClaimed`` record of the hashed log that names
its bot (``house_bot``: ``level:3``, ``random``), so an audit tells a house seat from a player's.
It has no token: its seat row's ``token_hash`` is ``house:<bot>``, which no token hashes to
(tokens hash to hex), so nobody can play it. Its moves are ordinary commands of the seat, decided
and appended by the same path as a player's (``GameHost.submit_as``), under the same clock.

How a move is played:

* whenever a game's head moves in this process (its commit, a claim, a load) and a house seat
  must act, a task is started for (game, seat, head);
* the task draws one state for the seat with ``sample_hidden`` (the bot never receives the real
  state: the search's contract, tests/test_search.py) and hands the search to the **bot pool**,
  the server's own worker processes (``--bot-workers``; search never runs on the event loop). A
  level that searches on every core splits its move into one root-parallel job per worker
  (``search.parallel``); the pool is bounded and queues what is beyond it, so a busy server makes
  moves wait, never fail;
* the command goes in with ``expected_seq`` = the head it was searched at and the request id
  ``house/<seq>/<seat>``: with several server processes on one PostgreSQL log, or a retried task,
  a move is appended once (the others get STALE_SEQ or the first answer back);
* a pool whose worker died (killed, out of memory) is made again and the move searched again;
* the maintenance round looks again at every loaded game whose house seat has waited longer than
  ``HostConfig.house_stall_s`` past its level's budget (a process that died mid-move, a missed
  notification), and a starting server at
  every unfinished game with a house seat.

Under a clock, the bot spends its time by ``search.clock``.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import secrets
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from carthago.v1 import carthago_pb2 as pb
from engine.core import decode_state, encode_state
from engine.rng import Rng
from search import parallel
from search.bot import RandomPlayer
from search.clock import ClockNow, budget_under
from search.levels import level, levels
from search.mcts import _searched, best_command

log = logging.getLogger("carthago.house")

HOUSE_PREFIX = "house:"
# server.host's codes for a move another one came before; REQUEST_ID_REUSED: another process's house bot
# (which took this stalled move over) sent the same request id with its own choice first
RACES = ("STALE_SEQ", "LOST_RACE", "REQUEST_ID_REUSED")
RETRIES = 3     # pools made again for one move before it is given up (the maintenance round retries)


def house_token_hash(bot: str) -> str:
    return HOUSE_PREFIX + bot


def house_bots(rows: Any) -> dict[int, str]:
    """The house seats among a game's seat rows, and their bots."""
    return {row.seat: row.token_hash[len(HOUSE_PREFIX):] for row in rows if row.token_hash.startswith(HOUSE_PREFIX)}


def bot_problem(game_type: str, bot: str) -> str | None:
    """Why ``bot`` is not a house bot of ``game_type`` ("random" or ``level:N``), else None."""
    if bot == "random":
        return None
    kind, _, name = bot.partition(":")
    names = ", ".join(lv.name for lv in levels(game_type)) + " or random"
    if kind != "level":
        return f"unknown house bot {bot!r}: say {names}"
    try:
        level(game_type, name)
    except ValueError as err:
        return f"{err} (house bots: {names})"
    return None


class BotPool:
    """The server's search processes: a bounded pool (``--bot-workers``), queued beyond."""

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # forkserver: the server holds threads (gRPC, the store's writer), which fork would copy
            ctx = multiprocessing.get_context("forkserver")
            ctx.set_forkserver_preload(["search.parallel"])
            self._pool = ProcessPoolExecutor(self.workers, mp_context=ctx)
        return self._pool

    def pids(self) -> list[int]:
        """The worker processes now (for tests and operators)."""
        return list(self._pool._processes) if self._pool is not None else []  # noqa: SLF001

    async def run(self, jobs: list[parallel.Job]) -> list[parallel.Root]:
        loop = asyncio.get_running_loop()
        for attempt in range(RETRIES):
            pool = self._executor()
            try:
                return list(await asyncio.gather(*(loop.run_in_executor(pool, parallel.search_job, job)
                                                   for job in jobs)))
            except BrokenProcessPool:
                log.warning("a bot worker died: starting the pool again and searching the move again")
                if self._pool is pool:
                    self._pool = None
                    pool.shutdown(wait=False, cancel_futures=True)
        raise RuntimeError("the bot pool keeps dying")

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


class HouseBots:
    """The house seats of the games this process holds, and their moves."""

    def __init__(self, host: Any, workers: int) -> None:
        self.host = host
        self.pool = BotPool(workers)
        # (game, seat) -> (the head its move is searched at, when it started)
        self.pending: dict[tuple[str, int], tuple[int, float]] = {}
        self.moves = 0  # house moves this process appended

    # ---- which seats ------------------------------------------------------
    def seats(self, loaded: Any) -> dict[int, str]:
        """The game's house seats and their bots (from its seat rows, cached on the game)."""
        if loaded.house is None:
            loaded.house = house_bots(self.host.store.seats(loaded.meta.game_id))
        return loaded.house

    # ---- when to move -----------------------------------------------------
    def poke(self, loaded: Any) -> None:
        """Start the move of every house seat that must act now and is not already searching."""
        if self.host.closing or loaded.meta.finished:
            return
        house = self.seats(loaded)
        if not house:
            return
        st = loaded.session.status()
        if st.over:
            return
        game_id, head = loaded.meta.game_id, loaded.head_seq
        for seat in st.to_act:
            if seat in house and self.pending.get((game_id, seat), (None,))[0] != head:
                self.pending[(game_id, seat)] = (head, time.monotonic())
                self.host._spawn(self._move(game_id, seat, head, house[seat]))

    async def stalled(self) -> None:
        """The maintenance round: a loaded game whose head has not moved here for
        ``house_stall_s`` past its house bots' budget, with a house seat to act, gets that move
        started again (its process died mid-move, a poke was missed). A game another process
        plays on has a head that moves, or a stale one that ``_move`` finds out at once."""
        now = time.monotonic()
        for loaded in list(self.host._games.values()):
            if loaded.meta.finished or loaded.lock.locked():
                continue
            house = self.seats(loaded)
            if not house:
                continue
            seen = loaded.house_seen
            if seen is None or seen[0] != loaded.head_seq:
                loaded.house_seen = (loaded.head_seq, now)
                continue
            budget = max(self._budget_s(loaded.meta.game_type, b) for b in house.values())
            stall = self.host.config.house_stall_s + budget
            if now - seen[1] > stall:
                game_id = loaded.meta.game_id
                loaded = await self.host._current(game_id)  # this process's copy may lag: the log's head
                loaded.house_seen = (loaded.head_seq, now)
                for seat in house:  # a move still in flight within its time is left to finish
                    started = self.pending.get((game_id, seat), (None, float("-inf")))[1]
                    if now - started > stall:
                        self.pending.pop((game_id, seat), None)
                self.poke(loaded)

    async def resume(self) -> None:
        """At start: every unfinished game with a house seat is loaded and looked at."""
        store, after, found = self.host.store, None, 0
        while True:
            page = await asyncio.to_thread(store.list_games, "", False, 500, after)
            for meta in page:
                rows = await asyncio.to_thread(store.seats, meta.game_id)
                if any(r.token_hash.startswith(HOUSE_PREFIX) for r in rows):
                    try:
                        self.poke(await self.host._current(meta.game_id))
                        found += 1
                    except Exception:  # noqa: BLE001 - one broken game must not stop the others
                        log.exception("%s: could not resume its house seats", meta.game_id)
            if len(page) < 500:
                break
            after = (page[-1].created_at_ms, page[-1].game_id)
        if found:
            log.info("house bots resumed in %d games", found)

    @staticmethod
    def _budget_s(game_type: str, bot: str) -> float:
        return 0.0 if bot == "random" else level(game_type, bot.partition(":")[2]).millis / 1000

    # ---- a move -----------------------------------------------------------
    async def _move(self, game_id: str, seat: int, seq: int, bot: str) -> None:
        again = False
        try:
            loaded = await self.host._current(game_id)
            st = loaded.session.status()
            if loaded.head_seq != seq or st.over or seat not in st.to_act:
                return  # the game moved on: the poke of its new head takes over
            command = await self._choose(loaded, seat, bot)
            wire = loaded.wire
            proto = pb.GameCommand(**{wire.field: wire.command_to_proto(command)})
            req = pb.SubmitCommandRequest(game_id=game_id, command=proto, expected_seq=seq,
                                          request_id=f"house/{seq}/{seat}")
            await self.host.submit_as(req, seat, pb.RECORD_AUTHOR_HOUSE_BOT)
            self.moves += 1
        except asyncio.CancelledError:
            raise
        except Exception as err:  # noqa: BLE001 - a refusal (HostError) or a failure: logged, looked at again
            code = getattr(err, "code", None)
            again = code in RACES  # another seat or process moved first
            if code is None:
                log.exception("%s: house seat %d (%s) failed to move", game_id, seat, bot)
            elif not again:
                log.warning("%s: house seat %d (%s) could not move: %s %s", game_id, seat, bot, code, err)
        finally:
            if self.pending.get((game_id, seat), (None,))[0] == seq:
                del self.pending[(game_id, seat)]
        if again and not self.host.closing:
            loaded = self.host._games.get(game_id)
            if loaded is not None:
                self.poke(await self.host._current(game_id))

    async def _choose(self, loaded: Any, seat: int, bot: str) -> Any:
        """The house bot's command: searched in the pool from a state drawn for its seat."""
        game, session = loaded.game, loaded.session
        legal = session.legal(seat)
        searched = _searched(legal)
        salt = secrets.token_bytes(16)
        if bot == "random":
            return RandomPlayer(salt.hex()).choose(game, seat, loaded.meta.players, lambda rng: None, legal)
        if len(searched) == 1:
            return searched[0]
        state = decode_state(game, encode_state(session.state))  # a copy: the game may move meanwhile
        base = await asyncio.to_thread(lambda: encode_state(game.sample_hidden(state, seat, Rng(salt, 0))))
        lv = level(loaded.meta.game_type, bot.partition(":")[2])
        budget = budget_under(lv.budget(), self._clock(loaded, seat))
        workers = self.pool.workers if lv.all_cores else 1
        jobs = parallel.jobs(game, seat, loaded.meta.players, base, salt, lv.settings, budget, workers)
        roots = await self.pool.run(jobs)

        def unused(rng: Rng) -> Any:
            raise AssertionError("a merged search draws nothing")

        search = parallel.merged(game, seat, loaded.meta.players, unused, salt, lv.settings, roots)
        return best_command(search, legal)

    def _clock(self, loaded: Any, seat: int) -> ClockNow | None:
        clock = loaded.session.platform.clock
        if clock is None or not clock.started():
            return None
        now = self.host.clock()
        delay = 0.0
        until = clock.delay_until(seat)
        if until is not None:
            delay = float(max(0, until - now))
        return ClockNow(float(max(0, clock.left(seat, now))), float(clock.increment_ms), delay,
                        float(clock.per_move_ms))

    def close(self) -> None:
        self.pool.close()

