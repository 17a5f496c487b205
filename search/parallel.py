"""Root-parallel ISMCTS over processes: one move searched on every core.

Each worker process grows its own tree from the same root for the same budget, with its own seed
(its own determinizations, its own random choices), and the root's statistics of the searching
seat's commands are summed over the workers; the command is then chosen on the sums, as a single
search chooses on its own (``search.mcts.choose``). This is root parallelization (Cazenave and
Jouandeau 2007; Chaslot, Winands and van den Herik 2008, who found it the best of the simple
schemes): no tree is shared, so nothing is locked, and with determinized search each worker also
samples hidden information on its own, which is what sums well.

What a worker receives is what the bot may know: one state drawn for the seat by ``sample``
(``sample_hidden``), from which it draws its own determinizations with ``sample_hidden`` again;
since a draw depends only on what the seat sees (``tests/test_search.py``), the workers search
exactly the information set the bot would search in process, and never the real state.

The pool of processes is made once per number of workers and kept (a process costs ~0.1 s to
start; a move far less). A worker that dies breaks the pool: it is made again and the move
searched again once, then searched in this process.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable

import msgspec

from engine import registry
from engine.core import Game, decode_state, encode_state
from engine.rng import Rng

from .mcts import Budget, Node, Search, Settings

DISPATCH_MS = 8.0  # what sending the job and gathering the trees costs, taken from a timed budget

_POOLS: dict[int, ProcessPoolExecutor] = {}


def cores() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def _pool(workers: int) -> ProcessPoolExecutor:
    pool = _POOLS.get(workers)
    if pool is None:
        # fork while this process has one thread (quickest, and a script without a ``__main__``
        # guard works); forkserver once it holds others (a gRPC client, a server), whose locks fork
        # would copy in whatever state they are in.
        if threading.active_count() == 1:
            ctx = multiprocessing.get_context("fork")
        else:
            ctx = multiprocessing.get_context("forkserver")
            ctx.set_forkserver_preload(["search.parallel"])
        pool = _POOLS[workers] = ProcessPoolExecutor(workers, mp_context=ctx)
    return pool


def _drop(workers: int) -> None:
    pool = _POOLS.pop(workers, None)
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


@atexit.register
def _shutdown() -> None:
    for workers in list(_POOLS):
        _drop(workers)


Job = tuple[str, int, int, bytes, bytes, bytes, int, float]
Root = tuple[int, list[tuple[Any, int, list[float]]]]


def search_job(job: Job) -> Root:
    """In a worker: search from determinizations of ``base`` and give back the root's statistics
    for the searching seat: (iterations, [(command, visits, rewards summed per seat)])."""
    game_id, seat, players, base_bytes, seed, settings_bytes, iterations, millis = job
    game = registry.get(game_id)
    base = decode_state(game, base_bytes)
    settings = msgspec.msgpack.decode(settings_bytes, type=Settings)
    search = Search(game, seat, players, lambda rng: game.sample_hidden(base, seat, rng), seed, settings=settings)
    search.run(Budget(iterations, millis))
    return search.iterations, [(command, node.visits, node.total) for command, node in search.ranked()]


def jobs(game: Game, seat: int, players: int, base: bytes, seed: bytes, settings: Settings, budget: Budget,
          workers: int) -> list[Job]:
    settings_bytes = msgspec.msgpack.encode(settings)
    millis = max(1.0, budget.millis - DISPATCH_MS) if budget.millis else 0.0
    # an iteration budget is shared out (the same total as one search would run); a time is not
    share = [budget.iterations // workers + (1 if w < budget.iterations % workers else 0) for w in range(workers)]
    return [(game.info.id, seat, players, base, seed + b"/worker/%d" % w, settings_bytes,
             share[w] if budget.iterations else 0, millis)
            for w in range(workers) if share[w] or not budget.iterations]


def merged(game: Game, seat: int, players: int, sample: Callable[[Rng], Any], seed: bytes, settings: Settings,
            roots: list[Root]) -> Search:
    """A search whose root holds the summed statistics of every worker's root."""
    search = Search(game, seat, players, sample, seed, settings=settings)
    kids = search.root.of(seat)
    for iterations, stats in roots:
        search.iterations += iterations
        search.root.visits += iterations
        for command, visits, total in stats:
            node = kids.get(command)
            if node is None:
                node = kids[command] = Node(players)
                node.avail = 0
            node.visits += visits
            node.avail += visits
            node.total = [a + b for a, b in zip(node.total, total)]
    return search


def over(workers: int) -> Callable[..., Search]:
    """A ``searcher`` for ``search.mcts.choose``: the search over ``workers`` processes."""
    def searcher(game: Game, seat: int, players: int, sample: Callable[[Rng], Any], seed: bytes, settings: Settings,
                 budget: Budget) -> Search:
        return search_in_parallel(game, seat, players, sample, seed, settings, budget, workers)
    return searcher


def search_in_parallel(game: Game, seat: int, players: int, sample: Callable[[Rng], Any], seed: bytes,
                       settings: Settings, budget: Budget, workers: int) -> Search:
    """``Search(...).run(budget)`` over ``workers`` processes, root parallel (see the module)."""
    base = encode_state(sample(Rng(seed, 0)))
    todo = jobs(game, seat, players, base, seed, settings, budget, workers)
    for attempt in (1, 2):
        try:
            roots = list(_pool(workers).map(search_job, todo))
            break
        except BrokenProcessPool:  # a worker died (killed, out of memory): a new pool, once
            _drop(workers)
    else:  # no pool to be had: the whole budget in this process
        roots = [search_job(jobs(game, seat, players, base, seed, settings, budget, 1)[0])]
    return merged(game, seat, players, sample, seed, settings, roots)
