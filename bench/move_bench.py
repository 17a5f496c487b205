"""Figure 9: a move until the OTHER seat sees it (issue 17).

The clock runs from the mover's send of ``SubmitCommand`` until the other seat's ``StreamEvents``
delivers the batch that move caused (every append hands exactly one batch to every stream of the
game). Both seats hold a stream open, as two players' clients do; the next move is sent once both
streams have their batch. One move at a time, over one
grpc.aio channel per seat, with the commands computed beforehand (:class:`server_bench.Script`).

Servers, each in its own process, measured in interleaved rounds so that the machine's noise falls
on all of them alike:

* the **floor**: :mod:`bench.push_floor`, a bare grpc.aio unary call that pushes its payload to the
  open streams (no game, no log, no disk), on the same event loop as ``carthago serve``;
* Carthago ``--store memory``: target p50 ≤ 1.2× the floor;
* Carthago SQLite ``--durability full`` (fsync per commit group, the default): target p50 ≤ 1.2× (the
  floor + one fsync'd SQLite commit, sampled between the moves on the same disk);
* Carthago SQLite ``--durability process`` (no fsync; survives a killed server, not a lost machine):
  beside the floor + one such commit.

* **boardgame.io** 0.50.2 (``bench/bgio/driver.mjs``: its server with socket.io over WebSocket,
  in-memory storage, no durability, and two clients in one Node process), when Node.js is present and
  ``bench/bgio``'s packages are installed (``make bench`` installs them from the lock file): the issue's
  p99 target is Carthago's p99 ≤ 0.5× boardgame.io's, in memory and with the default durability.
  Without Node the figures say they were skipped.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from time import perf_counter
from typing import Any, Callable

import grpc

from carthago.v1 import carthago_pb2 as pb
from engine import registry

from .server_bench import Conn, ServerProc, Script, _create_aio, _loop, _us, commit_db, scripts_for
from .stats import at_most, figure, summary

TARGET = 1.2
BGIO_P99_TARGET = 0.5
BGIO_DIR = Path(__file__).resolve().parent / "bgio"


def bgio_problem() -> str | None:
    """Why boardgame.io cannot run beside Carthago here, or None."""
    if shutil.which("node") is None:
        return "node not found"
    if not (BGIO_DIR / "node_modules" / "boardgame.io").is_dir():
        return "bench/bgio's packages are not installed (make bench installs them: npm ci in bench/bgio)"
    return None


class BgioClient:
    """:file:`bench/bgio/driver.mjs` in a subprocess: boardgame.io's server and two clients, timed in Node
    the same way (send until the other seat has the move; next move once both have it)."""

    def __init__(self, size: int) -> None:
        self.size = size

    async def open(self) -> None:
        self.proc = await asyncio.create_subprocess_exec(
            "node", str(BGIO_DIR / "driver.mjs"), cwd=str(BGIO_DIR), stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL)
        while True:  # boardgame.io prints a line of its own before ours
            line = (await asyncio.wait_for(self.proc.stdout.readline(), 30)).decode()
            if not line or line.startswith("error"):
                raise RuntimeError(f"boardgame.io's driver did not start: {line!r}")
            if line.strip() == "ready":
                return

    async def move(self) -> tuple[float | None, int]:
        self.proc.stdin.write(f"moves 1 {self.size}\n".encode())
        await self.proc.stdin.drain()
        times = json.loads(await asyncio.wait_for(self.proc.stdout.readline(), 30))
        return times[0], self.size

    async def close(self) -> None:
        if self.proc.returncode is None:
            self.proc.stdin.write(b"quit\n")
            await self.proc.stdin.drain()
            try:
                await asyncio.wait_for(self.proc.wait(), 10)
            except asyncio.TimeoutError:
                self.proc.kill()
                await self.proc.wait()


class FloorProc:
    """:mod:`bench.push_floor` in a subprocess."""

    def __init__(self, loop: str = "uvloop") -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "bench.push_floor", "--loop", loop],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                     cwd=str(Path(__file__).resolve().parent.parent))
        line = self.proc.stdout.readline()
        if not line.startswith("push floor on "):
            self.stop()
            raise RuntimeError(f"the floor server did not start: {line!r}")
        self.addr = line.split("push floor on ", 1)[1].strip()
        self.pid = self.proc.pid

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


async def _receive(call, box: list) -> None:
    """Timestamp every message of a stream; ``box`` holds [list of times, asyncio.Event]."""
    async for _ in call:
        box[0].append(perf_counter())
        box[1].set()


async def _wait_count(box: list, n: int, timeout: float) -> bool:
    deadline = perf_counter() + timeout
    while len(box[0]) < n:
        box[1].clear()
        left = deadline - perf_counter()
        if left <= 0:
            return False
        try:
            await asyncio.wait_for(box[1].wait(), left)
        except asyncio.TimeoutError:
            return False
    return True


class FloorClient:
    def __init__(self, addr: str) -> None:
        self.addr = addr

    async def open(self) -> None:
        self.channels = [grpc.aio.insecure_channel(self.addr) for _ in range(2)]
        for c in self.channels:
            await asyncio.wait_for(c.channel_ready(), 10)
        self.push = self.channels[0].unary_unary("/floor.Push/Push")
        self.boxes = [[[], asyncio.Event()] for _ in range(2)]
        self.tasks = [asyncio.ensure_future(_receive(c.unary_stream("/floor.Push/Subscribe")(b""), box))
                      for c, box in zip(self.channels, self.boxes)]
        await asyncio.sleep(0.2)  # both subscriptions registered (the server has no ack for them)

    async def move(self, payload: bytes) -> float | None:
        mine, other = self.boxes
        n = len(other[0]) + 1
        t0 = perf_counter()
        await self.push(payload, timeout=30)
        if not (await _wait_count(other, n, 10) and await _wait_count(mine, n, 10)):
            return None
        return other[0][n - 1] - t0

    async def close(self) -> None:
        for t in self.tasks:
            t.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        for c in self.channels:
            await c.close()


class GameClient:
    """Two seats of one game, each with its own channel and its stream open; games follow each other."""

    def __init__(self, addr: str, scripts: list[Script]) -> None:
        self.addr, self.scripts, self.k = addr, scripts, 0
        self.live = None

    async def open(self) -> None:
        self.channels = [grpc.aio.insecure_channel(self.addr) for _ in range(2)]
        for c in self.channels:
            await asyncio.wait_for(c.channel_ready(), 10)
        self.conns = [Conn(c) for c in self.channels]
        self.tasks: list[asyncio.Task] = []
        await self._next_game()

    async def _next_game(self) -> None:
        await self._close_streams()
        script = self.scripts[self.k % len(self.scripts)]
        self.k += 1
        self.live = await _create_aio(self.conns[0], script)
        head0 = pb.SubmitCommandRequest.FromString(script.steps[0][1]).expected_seq
        self.boxes = {}
        for seat in range(2):
            box = [[], asyncio.Event()]
            req = pb.StreamEventsRequest(game_id=self.live.gid, from_seq=head0 + 1).SerializeToString()
            call = self.conns[seat].stream(req, metadata=self.live.meta[seat])
            self.tasks.append(asyncio.ensure_future(_receive(call, box)))
            self.boxes[seat] = box
        for box in self.boxes.values():  # each stream opens with one batch at the head
            if not await _wait_count(box, 1, 10):
                raise RuntimeError("a stream did not open")

    async def move(self) -> tuple[float | None, int]:
        if self.live.done():
            await self._next_game()
        seat = self.live.script.steps[self.live.next][0]
        req, meta = self.live.step()
        mine, other = self.boxes[seat], self.boxes[1 - seat]
        n = len(other[0]) + 1
        t0 = perf_counter()
        await self.conns[seat].submit(req, metadata=meta, timeout=30)
        # the mover's own stream gets the batch too: the next move starts once both have it (else
        # a batch still in flight would be counted as the next move's)
        if not (await _wait_count(other, n, 10) and await _wait_count(mine, n, 10)):
            return None, len(req)
        return other[0][n - 1] - t0, len(req)

    async def _close_streams(self) -> None:
        for t in self.tasks:
            t.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        self.tasks = []

    async def close(self) -> None:
        await self._close_streams()
        for c in self.channels:
            await c.close()


def commit_once_sync(db, i: int, durable: str) -> float:
    db.execute(f"PRAGMA synchronous={durable}")
    t = perf_counter()
    db.execute("BEGIN IMMEDIATE")
    db.execute("INSERT OR REPLACE INTO t VALUES (?, ?)", (i, os.urandom(300)))
    db.execute("COMMIT")
    return perf_counter() - t


async def _measure(clients: dict[str, Any], rounds: int, per_round: int, payload: bytes, db) -> dict[str, Any]:
    times: dict[str, list[float]] = {k: [] for k in clients}
    commits: dict[str, list[float]] = {"FULL": [], "NORMAL": []}
    missed = {k: 0 for k in clients}
    sizes: list[int] = []
    for c in clients.values():
        await c.open()
    for name, c in clients.items():  # warm-up
        for _ in range(20):
            await (c.move(payload) if name.startswith("floor") else c.move())
    i = 0
    for _ in range(rounds):
        for name, c in clients.items():
            for _ in range(per_round):
                if name.startswith("floor"):
                    t = await c.move(payload)
                else:
                    t, size = await c.move()
                    if name != "boardgame.io":  # its payload is the floor's, not a request
                        sizes.append(size)
                if t is None:
                    missed[name] += 1
                else:
                    times[name].append(t)
                i += 1
                commits["FULL" if i % 2 else "NORMAL"].append(commit_once_sync(db, i, "FULL" if i % 2 else "NORMAL"))
    for c in clients.values():
        await c.close()
    return {"times_s": times, "commit_s": {k: summary(v) for k, v in commits.items()}, "missed": missed,
            "request_bytes_median": sorted(sizes)[len(sizes) // 2] if sizes else 0}


def run(quick: bool = False, game_ids: list[str] | None = None, tmp: str | None = None,
        log: Callable[[str], None] = print) -> dict[str, Any]:
    figures, raw = [], {}
    for game_id in game_ids or registry.ids():
        game = registry.get(game_id)
        scripts = [s for s in scripts_for(game, 8 if quick else 16) if all(seat in (0, 1) for seat, _ in s.steps)]
        if not scripts:
            log(f"  move→other seat {game_id}: skipped (not a two-seat game)")
            continue
        sizes = sorted(len(b) + 40 for s in scripts for _, b in s.steps)
        payload = os.urandom(sizes[len(sizes) // 2])
        procs: dict[str, Any] = {}
        try:
            procs["floor"] = FloorProc()
            procs["memory"] = ServerProc(tmp, store="memory")
            procs["sqlite full"] = ServerProc(tmp, extra=["--durability", "full"])
            procs["sqlite process"] = ServerProc(tmp, extra=["--durability", "process"])
            clients: dict[str, Any] = {name: (FloorClient(p.addr) if name == "floor" else GameClient(p.addr, scripts))
                                       for name, p in procs.items()}
            bgio_skip = bgio_problem()
            if bgio_skip is None:  # the payload: the median request's size, as the floor's
                clients["boardgame.io"] = BgioClient(len(payload))
            db = commit_db(procs["sqlite full"].dir)
            r = _loop().run_until_complete(_measure(clients, 5 if quick else 10, 40 if quick else 150, payload, db))
            db.close()
        finally:
            for p in procs.values():
                p.stop()
        raw[game_id] = {k: (summary(v) if k == "times_s" else v) for k, v in r.items() if k != "times_s"}
        raw[game_id]["times_s"] = {k: summary(v) for k, v in r["times_s"].items()}
        fl = _us(summary(r["times_s"]["floor"]))
        full_c, norm_c = (r["commit_s"][k]["p50"] * 1e6 for k in ("FULL", "NORMAL"))
        floors = {"memory": (fl["p50"], "floor p50 (bare unary call pushing to the streams)"),
                  "sqlite full": (fl["p50"] + full_c, f"floor p50 + one fsync'd commit p50 ({full_c:.0f} µs)"),
                  "sqlite process": (fl["p50"] + norm_c, f"floor p50 + one unsynced commit p50 ({norm_c:.0f} µs)")}
        bgio = _us(summary(r["times_s"]["boardgame.io"])) if "boardgame.io" in r["times_s"] else None
        if bgio:
            figures.append(figure("9 move→other seat", "boardgame.io: p50", bgio.get("p50"), "µs", game=game_id,
                                  better="lower", floor=fl["p50"], floor_name="floor p50", spread=bgio,
                                  note=f"boardgame.io 0.50.2, socket.io over WebSocket, in memory; {bgio.get('n', 0)} "
                                       f"moves, missed {r['missed']['boardgame.io']}"))
            figures.append(figure("9 move→other seat", "boardgame.io: p99", bgio.get("p99"), "µs", game=game_id,
                                  better="lower", floor=fl.get("p99"), floor_name="floor p99", spread=bgio))
            log(f"  move→other seat boardgame.io: p50 {bgio.get('p50', 0):.0f} µs p99 {bgio.get('p99', 0):.0f} µs")
        else:
            log(f"  move→other seat boardgame.io: skipped ({bgio_skip})")
        for name in ("memory", "sqlite full", "sqlite process"):
            s = _us(summary(r["times_s"][name]))
            floor, floor_name = floors[name]
            note = (f"{s.get('n', 0)} moves, interleaved with the floor's {fl.get('n', 0)}; floor p99 "
                    f"{fl.get('p99', float('nan')):.0f} µs; missed {r['missed'][name]}")
            figures.append(figure("9 move→other seat", f"{name}: p50", s.get("p50"), "µs", game=game_id,
                                  better="lower", floor=floor, floor_name=floor_name,
                                  target=at_most(TARGET) if name != "sqlite process" else None,
                                  spread=s, floor_spread=fl, note=note))
            figures.append(figure("9 move→other seat", f"{name}: p99", s.get("p99"), "µs", game=game_id,
                                  better="lower", floor=fl.get("p99"), floor_name="floor p99", spread=s))
            if bgio:  # the target is on memory and the default durability; process is shown beside
                figures.append(figure("9 move→other seat", f"{name}: p99 vs boardgame.io", s.get("p99"), "µs",
                                      game=game_id, better="lower", floor=bgio.get("p99"),
                                      floor_name="boardgame.io p99, same run",
                                      target=at_most(BGIO_P99_TARGET) if name != "sqlite process" else None,
                                      spread=s, floor_spread=bgio,
                                      note=f"one commit of this durability alone, p99: "
                                           f"{r['commit_s']['FULL' if name == 'sqlite full' else 'NORMAL']['p99'] * 1e6:.0f} µs"
                                      if name != "memory" else ""))
            log(f"  move→other seat {game_id} {name}: p50 {s.get('p50', 0):.0f} µs p99 {s.get('p99', 0):.0f} µs "
                f"(floor {floor:.0f} µs)")
    return {"figures": figures, "raw": raw}
