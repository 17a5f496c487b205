"""Figures 4-7: a real server in a subprocess, the client load in this process.

The server is ``carthago serve --addr 127.0.0.1:0 --store sqlite:TMP/carthago.db
--allow-client-seeds`` in its own process (its own GIL); the port is read from its ready line.
The client stays cheap so that it measures the server, not itself:

* Games are created with a seed the bench chooses, so the whole command sequence of each game is
  computed beforehand with the engine (:mod:`bench.engine_bench`, the same ``Session`` the server
  runs): the client sends pre-serialized ``SubmitCommandRequest`` bytes (with ``expected_seq`` and a
  ``request_id``, as the Python client sends) through raw-bytes gRPC methods and never parses a
  response on the measured path. Games with the same seed but another id replay the same commands.
* Ping (the floor: an RPC that does nothing) carries a payload of the median SubmitCommand request
  size, on the same server, interleaved with (figure 4) or right after (figure 5) the commands.

4 round trip: one command at a time, sync stub, Ping and SubmitCommand alternated.
5 throughput: N concurrent games (grpc.aio, one coroutine per game, over 4 channels) for a fixed
  window, then N concurrent Ping loops for the same window. CPU use of both processes is recorded:
  it tells whether the server or the client was the bottleneck.
6 fan-out: spectator streams; one command at a time; each subscriber timestamps the batch the
  command caused (the host queues exactly one batch per append per subscriber); latency from the
  command's acknowledgement, and from its sending, to each subscriber's receipt.
7 memory: VmRSS of the server before and after N more games are loaded and played K commands.
8 PostgreSQL: the same server over ``--store postgresql://…`` (a schema of its own, dropped at the
  end): round trip (figure 4's method), and throughput at 128 concurrent games with 1 and with 2
  worker processes (``--workers 2``, one address, SO_REUSEPORT; 8 client channels so that the
  kernel spreads connections over both), each beside Ping at the same concurrency on the same
  server; then the scaling ratio 2 workers ÷ 1, beside the same ratio of Ping.
"""

from __future__ import annotations

import asyncio
import gc
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from time import perf_counter
from typing import Any, Callable

import grpc

from carthago.v1 import carthago_pb2 as pb
from engine import registry
from engine.core import Game, GameConfig
from engine.session import Session
from server.wire import wire_for

from .engine_bench import default_config, long_game, random_game
from .stats import at_least, at_most, figure, summary

SERVICE = "/carthago.v1.GameService/"
_LOOP: asyncio.AbstractEventLoop | None = None


def _loop() -> asyncio.AbstractEventLoop:
    """One loop for every grpc.aio phase: grpc.aio binds its poller to the first loop it sees."""
    global _LOOP
    if _LOOP is None:
        _LOOP = asyncio.new_event_loop()
        asyncio.set_event_loop(_LOOP)
    return _LOOP
P50_TARGET, P99_TARGET, THROUGHPUT_TARGET = 2.0, 3.0, 0.5
# every client of these runs is one address (loopback): the per-address rates of `serve` (server.rates) off
NO_RATE_LIMITS = [arg for kind in ("create", "join", "streams", "watch") for arg in (f"--{kind}-per-minute", "0")]


# ---- the server process -------------------------------------------------------------------

class ServerProc:
    """``carthago serve`` in a subprocess on a loopback port, with an SQLite store in a temp dir."""

    def __init__(self, tmp: str | None = None, snapshot_every: int = 200, store: str | None = None,
                 workers: int = 1, extra: list[str] = ()) -> None:
        self.dir = tempfile.mkdtemp(prefix="carthago-bench-server-", dir=tmp)
        exe = Path(sys.executable).with_name("carthago")
        argv = [str(exe)] if exe.exists() else [sys.executable, "-m", "carthago.cli"]
        argv += ["serve", "--addr", "127.0.0.1:0", "--store", store or f"sqlite:{self.dir}/carthago.db",
                 "--allow-client-seeds", "--snapshot-every", str(snapshot_every), "--workers", str(workers),
                 "--http-addr", "off", *NO_RATE_LIMITS, *extra]
        self.out_path = os.path.join(self.dir, "server.out")
        self._out = open(self.out_path, "w")
        self.proc = subprocess.Popen(argv, stdout=self._out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        self.pid = self.proc.pid
        deadline = time.monotonic() + 30
        self.port = 0
        while time.monotonic() < deadline and not self.port:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {Path(self.out_path).read_text()[-2000:]}")
            for line in Path(self.out_path).read_text().splitlines():
                if line.startswith("carthago: serving gRPC on"):  # with workers: once all serve
                    self.port = int(line.split("serving gRPC on ", 1)[1].split()[0].rsplit(":", 1)[1])
            time.sleep(0.05)
        if not self.port:
            self.stop()
            raise RuntimeError("the server did not start within 30 s")
        self.addr = f"127.0.0.1:{self.port}"

    def rss_kib(self) -> int:
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def cpu_s(self) -> float:
        """CPU seconds of the server and its worker processes (utime + stime)."""
        return sum(self.cpu_by_process().values())

    def cpu_by_process(self) -> dict[int, float]:
        out = {}
        for pid in _tree(self.pid):
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            out[pid] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return out

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self._out.close()
        shutil.rmtree(self.dir, ignore_errors=True)


def _tree(pid: int) -> list[int]:
    """A process and its descendants (``--workers`` children)."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                todo += [int(c) for c in Path(f"/proc/{p}/task/{task}/children").read_text().split()]
        except OSError:
            pass
    return out


def postgres_cpu_s() -> float:
    """CPU seconds of every PostgreSQL server process on this machine (0 where there is none)."""
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            head, rest = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)
        except OSError:
            continue
        if head.endswith("(postgres"):
            fields = rest.split()
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def client_cpu_s() -> float:
    t = os.times()
    return t.user + t.system


# ---- precomputed games --------------------------------------------------------------------

class Script:
    """A game's commands, computed beforehand from its seed: per step the seat and the request
    bytes without ``game_id`` (protobuf fields concatenate: game_id bytes + step bytes)."""

    def __init__(self, game: Game, seed: bytes, commands: list[tuple[int, Any]]) -> None:
        self.game, self.seed = game, seed
        wire = wire_for(game)
        config = default_config(game)
        session, opening = Session.start(game, config, seed)
        # GameCreated is seq 0, the opening events follow, then one SeatClaimed per seat (the bench
        # claims every seat before the first command)
        head = len(opening) + config.players
        self.steps: list[tuple[int, bytes]] = []
        for i, (seat, command) in enumerate(commands):
            req = pb.SubmitCommandRequest(command=pb.GameCommand(**{wire.field: wire.command_to_proto(command)}),
                                          expected_seq=head, request_id=f"bench-{i}")
            self.steps.append((seat, req.SerializeToString()))
            head += len(session.submit(seat, command))
        self.events = session.position


def scripts_for(game: Game, count: int, seed: int = 11) -> list[Script]:
    rnd = random.Random(seed)
    out = []
    for i in range(count):
        s = f"server-{seed}-{i}".encode()
        commands, _ = random_game(game, s, rnd)
        out.append(Script(game, s, commands))
    return out


class Conn:
    """Raw-bytes methods over one channel (sync or aio)."""

    def __init__(self, channel) -> None:
        self.channel = channel
        self.submit = channel.unary_unary(SERVICE + "SubmitCommand")
        self.ping = channel.unary_unary(SERVICE + "Ping")
        self.stream = channel.unary_stream(SERVICE + "StreamEvents")
        self.create = channel.unary_unary(SERVICE + "CreateGame", request_serializer=pb.CreateGameRequest.SerializeToString,
                                          response_deserializer=pb.CreateGameResponse.FromString)
        self.join = channel.unary_unary(SERVICE + "JoinGame", request_serializer=pb.JoinGameRequest.SerializeToString,
                                        response_deserializer=pb.JoinGameResponse.FromString)


class LiveGame:
    def __init__(self, script: Script, gid: str, tokens: dict[int, tuple]) -> None:
        self.script, self.gid, self.meta = script, gid, tokens
        self.prefix = pb.SubmitCommandRequest(game_id=gid).SerializeToString()
        self.next = 0

    def done(self) -> bool:
        return self.next >= len(self.script.steps)

    def step(self) -> tuple[bytes, tuple]:
        seat, body = self.script.steps[self.next]
        self.next += 1
        return self.prefix + body, self.meta[seat]


def _create_sync(conn: Conn, script: Script) -> LiveGame:
    g = conn.create(pb.CreateGameRequest(game_type=script.game.info.id, seed=script.seed), timeout=30).game
    meta = {}
    for seat in range(g.players):
        tok = conn.join(pb.JoinGameRequest(game_id=g.game_id, seat=seat, player="bench"), timeout=30).token
        meta[seat] = (("authorization", f"Bearer {tok}"),)
    return LiveGame(script, g.game_id, meta)


async def _create_aio(conn: Conn, script: Script) -> LiveGame:
    g = (await conn.create(pb.CreateGameRequest(game_type=script.game.info.id, seed=script.seed), timeout=30)).game
    meta = {}
    for seat in range(g.players):
        tok = (await conn.join(pb.JoinGameRequest(game_id=g.game_id, seat=seat, player="bench"), timeout=30)).token
        meta[seat] = (("authorization", f"Bearer {tok}"),)
    return LiveGame(script, g.game_id, meta)


def commit_db(directory: str) -> sqlite3.Connection:
    """A table on the server's disk, opened as the server opens its store (WAL, synchronous=FULL)."""
    db = sqlite3.connect(os.path.join(directory, "commit-floor.db"), isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE IF NOT EXISTS t (k INTEGER PRIMARY KEY, v BLOB)")
    return db


def commit_once(db: sqlite3.Connection, i: int) -> None:
    """One durable commit of a record-sized row: a part of every command's round trip."""
    db.execute("BEGIN IMMEDIATE")
    db.execute("INSERT OR REPLACE INTO t VALUES (?, ?)", (i, os.urandom(300)))
    db.execute("COMMIT")


def _us(s: dict[str, float]) -> dict[str, float]:
    return {k: (v * 1e6 if k != "n" else v) for k, v in s.items()}


# ---- figure 4 -----------------------------------------------------------------------------

def round_trip(srv: ServerProc, scripts: list[Script], n: int, seconds: float, payload: bytes,
               game_id: str) -> tuple[list[dict], dict]:
    channel = grpc.insecure_channel(srv.addr)
    grpc.channel_ready_future(channel).result(timeout=10)
    conn = Conn(channel)
    ping_req = pb.PingRequest(payload=payload).SerializeToString()
    pings, submits, commits = [], [], []
    db = commit_db(srv.dir)
    k = 0
    live = _create_sync(conn, scripts[0])
    deadline = perf_counter() + seconds
    warm = 30
    srv_cpu, cli_cpu, wall = srv.cpu_s(), client_cpu_s(), perf_counter()
    while len(submits) < n and perf_counter() < deadline:
        if live.done():
            k += 1
            live = _create_sync(conn, scripts[k % len(scripts)])
        req, meta = live.step()
        t = perf_counter()
        conn.ping(ping_req, timeout=30)
        t1 = perf_counter()
        conn.submit(req, metadata=meta, timeout=30)
        t2 = perf_counter()
        commit_once(db, len(submits) + warm)
        t3 = perf_counter()
        if warm:
            warm -= 1
            continue
        pings.append(t1 - t)
        submits.append(t2 - t1)
        commits.append(t3 - t2)
    wall = perf_counter() - wall
    cpu = {"server_cpu_pct": 100 * (srv.cpu_s() - srv_cpu) / wall, "client_cpu_pct": 100 * (client_cpu_s() - cli_cpu) / wall}
    channel.close()
    db.close()
    commit = summary(commits)
    ps, ss = _us(summary(pings)), _us(summary(submits))
    note = (f"{len(submits)} commands; request {len(req)} B, Ping payload {len(payload)} B; one fsync'd SQLite "
            f"commit on this disk alone (sampled between the calls): p50 {commit['p50'] * 1e6:.0f} µs (Ping p50 + commit p50 = "
            f"{ps['p50'] + commit['p50'] * 1e6:.0f} µs); server CPU {cpu['server_cpu_pct']:.0f}%")
    figs = [
        figure("4 round trip", "SubmitCommand p50", ss["p50"], "µs", game=game_id, better="lower", floor=ps["p50"],
               floor_name="Ping p50", target=at_most(P50_TARGET), spread=ss, floor_spread=ps, note=note),
        figure("4 round trip", "SubmitCommand p99", ss["p99"], "µs", game=game_id, better="lower", floor=ps["p99"],
               floor_name="Ping p99", target=at_most(P99_TARGET), spread=ss, floor_spread=ps),
    ]
    return figs, {"ping_s": summary(pings), "submit_s": summary(submits), "commit_s": commit, **cpu,
                  "request_bytes": len(req), "payload_bytes": len(payload)}


# ---- figure 5 -----------------------------------------------------------------------------

async def _throughput(srv: ServerProc, scripts: list[Script], conc: int, seconds: float, payload: bytes,
                      pool_size: int, n_channels: int = 4, own_connections: bool = False) -> dict[str, Any]:
    # own_connections: each channel its own TCP connection (a local subchannel pool), so that
    # SO_REUSEPORT spreads them over the workers (channels to one address otherwise share one)
    options = [("grpc.use_local_subchannel_pool", 1)] if own_connections else []
    channels = [grpc.aio.insecure_channel(srv.addr, options=options) for _ in range(min(n_channels, conc))]
    conns = [Conn(c) for c in channels]
    for c in channels:
        await asyncio.wait_for(c.channel_ready(), 10)
    # games for the window, created before it
    pool: list[LiveGame] = []
    sem = asyncio.Semaphore(32)

    async def make(i: int) -> None:
        async with sem:
            pool.append(await _create_aio(conns[i % len(conns)], scripts[i % len(scripts)]))

    await asyncio.gather(*(make(i) for i in range(pool_size)))
    extra = 0

    async def game_worker(w: int, stop: float, lat: list[float]) -> int:
        nonlocal extra
        conn = conns[w % len(conns)]
        done = 0
        live = None
        while perf_counter() < stop:
            if live is None or live.done():
                if pool:
                    live = pool.pop()
                else:
                    extra += 1
                    live = await _create_aio(conn, scripts[(w + extra) % len(scripts)])
                    continue
            req, meta = live.step()
            t = perf_counter()
            await conn.submit(req, metadata=meta, timeout=30)
            lat.append(perf_counter() - t)
            done += 1
        return done

    async def ping_worker(w: int, stop: float, lat: list[float]) -> int:
        conn = conns[w % len(conns)]
        req = pb.PingRequest(payload=payload).SerializeToString()
        done = 0
        while perf_counter() < stop:
            t = perf_counter()
            await conn.ping(req, timeout=30)
            lat.append(perf_counter() - t)
            done += 1
        return done

    out = {}
    for kind, worker in (("submit", game_worker), ("ping", ping_worker)):
        lat: list[float] = []
        by0 = srv.cpu_by_process()
        s0, c0, p0, t0 = sum(by0.values()), client_cpu_s(), postgres_cpu_s(), perf_counter()
        stop = t0 + seconds
        counts = await asyncio.gather(*(worker(w, stop, lat) for w in range(conc)))
        wall = perf_counter() - t0
        out[kind] = {"ops": sum(counts), "wall_s": wall, "rate": sum(counts) / wall, "latency_s": summary(lat),
                     "server_cpu_pct": 100 * (srv.cpu_s() - s0) / wall,
                     "client_cpu_pct": 100 * (client_cpu_s() - c0) / wall,
                     "postgres_cpu_pct": 100 * (postgres_cpu_s() - p0) / wall,
                     "server_cpu_pct_by_process": {pid: round(100 * (t - by0.get(pid, 0.0)) / wall)
                                                   for pid, t in srv.cpu_by_process().items()}}
    out["games_created_in_window"] = extra
    for c in channels:
        await c.close()
    return out


def throughput(srv: ServerProc, scripts: list[Script], levels: list[int], seconds: float, payload: bytes,
               game_id: str, est_rate: float, log: Callable[[str], None]) -> tuple[list[dict], dict]:
    figs, raw = [], {}
    per_game = sum(len(s.steps) for s in scripts) / len(scripts)
    for conc in levels:
        pool = int(min(3000, conc + 1.3 * est_rate * seconds / per_game))
        r = _loop().run_until_complete(_throughput(srv, scripts, conc, seconds, payload, pool))
        raw[str(conc)] = r
        sub, png = r["submit"], r["ping"]
        cpu = (f"CPU server/client: commands {sub['server_cpu_pct']:.0f}%/{sub['client_cpu_pct']:.0f}%, "
               f"Ping {png['server_cpu_pct']:.0f}%/{png['client_cpu_pct']:.0f}%")
        figs.append(figure(
            "5 throughput", f"commands/s, {conc} concurrent games", sub["rate"], "cmd/s", game=game_id,
            floor=png["rate"], floor_name=f"Ping/s, {conc} concurrent",
            target=at_least(THROUGHPUT_TARGET) if conc == max(levels) else None,
            spread=_us(sub["latency_s"]), floor_spread=_us(png["latency_s"]),
            note=f"{sub['ops']} commands in {sub['wall_s']:.1f}s; {cpu}; spreads are latencies in µs"))
        figs.append(figure(
            "5 throughput", f"command p99 latency, {conc} concurrent", sub["latency_s"]["p99"] * 1e3, "ms",
            game=game_id, better="lower", floor=png["latency_s"]["p99"] * 1e3, floor_name="Ping p99"))
        log(f"  throughput {game_id} x{conc}: {sub['rate']:,.0f} cmd/s vs Ping {png['rate']:,.0f}/s ({cpu})")
    return figs, raw


# ---- figure 6 -----------------------------------------------------------------------------

class Subscriber:
    def __init__(self) -> None:
        self.times: list[float] = []
        self.raw: list[bytes] = []
        self.event = asyncio.Event()
        self.task: asyncio.Task | None = None

    async def run(self, conn: Conn, gid: str, from_seq: int) -> None:
        req = pb.StreamEventsRequest(game_id=gid, from_seq=from_seq).SerializeToString()
        async for raw in conn.stream(req):
            self.times.append(perf_counter())
            self.raw.append(raw)
            self.event.set()


async def _fanout(srv: ServerProc, script: Script, games: int, subs_per_game: int, commands: int,
                  timeout_s: float) -> dict[str, Any]:
    channels = [grpc.aio.insecure_channel(srv.addr) for _ in range(4)]
    conns = [Conn(c) for c in channels]
    for c in channels:
        await asyncio.wait_for(c.channel_ready(), 10)
    lives = [await _create_aio(conns[0], script) for _ in range(games)]
    opening = script.steps[0][1]
    head0 = pb.SubmitCommandRequest.FromString(opening).expected_seq
    subs: list[list[Subscriber]] = []
    for j, live in enumerate(lives):
        row = []
        for k in range(subs_per_game):
            s = Subscriber()
            s.task = asyncio.create_task(s.run(conns[(j * subs_per_game + k) % len(conns)], live.gid, head0 + 1))
            row.append(s)
        subs.append(row)

    async def wait_count(s: Subscriber, n: int) -> None:
        while len(s.times) < n:
            s.event.clear()
            await s.event.wait()

    # every stream opens with one batch (at head): wait for all of them
    await asyncio.wait_for(asyncio.gather(*(wait_count(s, 1) for row in subs for s in row)), 30)
    from_ack, from_send, ack, last = [], [], [], []
    missed = 0
    for c in range(commands):
        j = c % games
        live = lives[j]
        if live.done():
            break
        targets = [len(s.times) + 1 for s in subs[j]]
        req, meta = live.step()
        t0 = perf_counter()
        await conns[0].submit(req, metadata=meta, timeout=30)
        t1 = perf_counter()
        try:
            await asyncio.wait_for(asyncio.gather(*(wait_count(s, n) for s, n in zip(subs[j], targets))), timeout_s)
        except asyncio.TimeoutError:
            missed += 1
            continue
        recv = [s.times[n - 1] for s, n in zip(subs[j], targets)]
        from_ack += [t - t1 for t in recv]
        from_send += [t - t0 for t in recv]
        ack.append(t1 - t0)
        last.append(max(recv) - t0)
    # check: each measured batch holds events (not a stray batch)
    sample = subs[0][0]
    empty = sum(1 for raw in sample.raw[1:] if not pb.EventBatch.FromString(raw).events)
    for row in subs:
        for s in row:
            s.task.cancel()
    await asyncio.gather(*(s.task for row in subs for s in row), return_exceptions=True)
    for c in channels:
        await c.close()
    return {"from_ack_s": summary(from_ack), "from_send_s": summary(from_send), "ack_s": summary(ack),
            "last_subscriber_s": summary(last), "missed": missed, "empty_batches_seen": empty,
            "commands": len(ack), "subscribers": games * subs_per_game}


def fanout(srv: ServerProc, script: Script, commands: int, game_id: str, log: Callable[[str], None]) -> tuple[list[dict], dict]:
    figs, raw = [], {}
    for label, games, subs in (("1 game, 1 subscriber", 1, 1), ("1 game, 100 subscribers", 1, 100),
                               ("100 games, 1 subscriber each", 100, 1)):
        n = commands if games == 1 else max(commands, 2 * games)
        r = _loop().run_until_complete(_fanout(srv, script, games, subs, n, 10.0))
        raw[label] = r
        fa, fs, ak, la = (_us(r[k]) for k in ("from_ack_s", "from_send_s", "ack_s", "last_subscriber_s"))
        note = (f"{r['commands']} commands; ack→receipt p50 {fa['p50']:.0f} µs p99 {fa['p99']:.0f} µs "
                f"(negative: the batch arrived before the ack); missed {r['missed']}")
        figs.append(figure("6 fan-out", f"send→receipt p50, {label}", fs["p50"], "µs", game=game_id, better="lower",
                           floor=ak["p50"], floor_name="send→ack p50", spread=fs, floor_spread=ak, note=note))
        figs.append(figure("6 fan-out", f"ack→receipt p99, {label}", fa["p99"], "µs", game=game_id, better="lower",
                           spread=fa, note=f"send→last subscriber p50 {la['p50']:.0f} µs, p99 {la['p99']:.0f} µs"))
        log(f"  fan-out {game_id} {label}: ack→receipt p50 {fa['p50']:.0f} µs p99 {fa['p99']:.0f} µs")
    return figs, raw


# ---- figure 7 -----------------------------------------------------------------------------

async def _load_games(srv: ServerProc, scripts: list[Script], n: int, k: int) -> None:
    channels = [grpc.aio.insecure_channel(srv.addr) for _ in range(4)]
    conns = [Conn(c) for c in channels]
    sem = asyncio.Semaphore(16)

    async def one(i: int) -> None:
        async with sem:
            conn = conns[i % len(conns)]
            live = await _create_aio(conn, scripts[i % len(scripts)])
            for _ in range(min(k, len(live.script.steps) - 1)):
                req, meta = live.step()
                await conn.submit(req, metadata=meta, timeout=30)

    await asyncio.gather(*(one(i) for i in range(n)))
    for c in channels:
        await c.close()


def engine_state_bytes(scripts: list[Script], n: int, k: int) -> float:
    """The floor: bytes the engine's sessions alone hold per game at the same point (tracemalloc)."""
    game = scripts[0].game
    wire = wire_for(game)
    plans = []
    for s in scripts:
        cmds = [wire.command_from_proto(getattr(pb.SubmitCommandRequest.FromString(b).command, wire.field))
                for _, b in s.steps[:k]]
        plans.append((s.seed, [seat for seat, _ in s.steps[:k]], cmds))
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    keep = []
    for i in range(n):
        seed, seats, cmds = plans[i % len(plans)]
        session, _ = Session.start(game, default_config(game), seed)
        for seat, c in zip(seats, cmds):
            session.submit(seat, c)
        keep.append(session)
    gc.collect()
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return used / n


def memory(tmp: str | None, scripts: list[Script], n: int, k: int, game_id: str) -> tuple[list[dict], dict]:
    """On a fresh server: warm it with a few games (imports, caches, pools), then load ``n`` more."""
    srv = ServerProc(tmp)
    try:
        _loop().run_until_complete(_load_games(srv, scripts, 20, k))
        time.sleep(0.3)
        before = srv.rss_kib()
        t = perf_counter()
        _loop().run_until_complete(_load_games(srv, scripts, n, k))
        time.sleep(0.3)
        after = srv.rss_kib()
    finally:
        srv.stop()
    return _memory_figure(before, after, t, scripts, n, k, game_id)


def _memory_figure(before, after, t, scripts, n, k, game_id):
    per = (after - before) / n
    floor = engine_state_bytes(scripts, n, k) / 1024
    fig = figure("7 memory", f"server RSS per loaded game ({k} commands in)", per, "KiB", game=game_id,
                 better="lower", floor=floor, floor_name="engine Session alone (tracemalloc)",
                 note=f"VmRSS {before} → {after} KiB over {n} games ({perf_counter() - t:.1f}s); includes the "
                      "allocator's and SQLite's page-cache growth")
    return [fig], {"rss_before_kib": before, "rss_after_kib": after, "games": n, "commands_each": k,
                   "engine_session_kib": floor}


# ---- figure 8: PostgreSQL -----------------------------------------------------------------

PG_URL = os.environ.get("CARTHAGO_BENCH_POSTGRES", os.environ.get("CARTHAGO_TEST_POSTGRES",
                                                                  "postgresql://postgres@127.0.0.1:5432/test"))


def _pg_commit_floor(url: str, n: int) -> dict[str, float]:
    """One durable commit of a record-sized row on the database, alone (a part of every command)."""
    import psycopg

    from server.pgstore import parse_url

    conninfo, schema = parse_url(url)
    times = []
    with psycopg.connect(conninfo, autocommit=True) as db:
        db.execute(f"CREATE TABLE IF NOT EXISTS {schema}.commit_floor (k INT PRIMARY KEY, v BYTEA)")
        for i in range(n):
            t = perf_counter()
            db.execute(f"INSERT INTO {schema}.commit_floor VALUES (%s, %s) ON CONFLICT (k) DO UPDATE SET v=EXCLUDED.v",
                       (i, os.urandom(300)))
            times.append(perf_counter() - t)
    return summary(times)


def postgres(tmp: str | None, scripts: list[Script], payload: bytes, quick: bool, game_id: str,
             log: Callable[[str], None]) -> tuple[list[dict], dict]:
    from server.pgstore import drop_schema, migrate, parse_url

    url = PG_URL + ("&" if "?" in PG_URL else "?") + f"schema=carthago_bench_{os.getpid()}"
    try:
        migrate(*parse_url(url))
    except Exception as exc:  # noqa: BLE001 - no database: no figures, said so
        log(f"  PostgreSQL at {PG_URL.split('@')[-1]} is not reachable ({exc}): its figures are skipped")
        return [], {"skipped": str(exc)}
    figures, raw = [], {}
    seconds = 1.0 if quick else 5.0
    try:
        raw["commit_floor_s"] = commit = _pg_commit_floor(url, 50 if quick else 300)
        rates = {}
        for workers in (1, 2):
            srv = ServerProc(tmp, store=url, workers=workers)
            try:
                log(f"  PostgreSQL server, {workers} worker(s): pid {srv.pid} on {srv.addr}")
                if workers == 1:
                    figs, r4 = round_trip(srv, scripts, 300 if quick else 2000, 10 if quick else 30, payload, game_id)
                    for f in figs:
                        f["name"] += " (PostgreSQL)"
                    figs[0]["note"] = (f"{r4['submit_s']['n']} commands; one PostgreSQL commit alone p50 "
                                       f"{commit['p50'] * 1e6:.0f} µs; server CPU {r4['server_cpu_pct']:.0f}%")
                    figures += figs
                    raw["round_trip"] = r4
                    log(f"  round trip PostgreSQL: Submit p50 {figs[0]['value']:.0f} µs "
                        f"vs Ping {figs[0]['floor']:.0f} µs")
                per_game = sum(len(s.steps) for s in scripts) / len(scripts)
                pool = int(min(3000, 128 + 2 * 1500 * seconds / per_game))
                r = _loop().run_until_complete(_throughput(srv, scripts, 128, seconds, payload, pool, n_channels=8,
                                                                 own_connections=True))
                raw[f"throughput_{workers}w"] = r
                sub, png = r["submit"], r["ping"]
                rates[workers] = (sub["rate"], png["rate"])
                split = "+".join(f"{v}%" for v in sub["server_cpu_pct_by_process"].values() if v)
                cpu = (f"CPU server/client/PostgreSQL: commands {sub['server_cpu_pct']:.0f}% ({split})/"
                       f"{sub['client_cpu_pct']:.0f}%/{sub['postgres_cpu_pct']:.0f}%, "
                       f"Ping {png['server_cpu_pct']:.0f}%/{png['client_cpu_pct']:.0f}%")
                figures.append(figure(
                    "8 postgres", f"commands/s, 128 concurrent games, {workers} worker(s)", sub["rate"], "cmd/s",
                    game=game_id, floor=png["rate"], floor_name=f"Ping/s, 128 concurrent, {workers} worker(s)",
                    target=at_least(THROUGHPUT_TARGET), spread=_us(sub["latency_s"]),
                    floor_spread=_us(png["latency_s"]),
                    note=f"{sub['ops']} commands in {sub['wall_s']:.1f}s; {cpu}; "
                         f"p99 {sub['latency_s']['p99'] * 1e3:.0f} ms"))
                log(f"  throughput PostgreSQL x128, {workers} worker(s): {sub['rate']:,.0f} cmd/s vs Ping "
                    f"{png['rate']:,.0f}/s ({cpu})")
            finally:
                srv.stop()
        (c1, p1), (c2, p2) = rates[1], rates[2]
        figures.append(figure(
            "8 postgres", "scaling: cmd/s with 2 workers ÷ 1 worker (128 games)", c2 / c1, "×", game=game_id,
            floor=p2 / p1, floor_name="the same ratio of Ping/s",
            note=f"{os.cpu_count()} CPUs shared by the server processes, PostgreSQL and the bench client; "
                 f"commands {c1:,.0f} → {c2:,.0f} cmd/s, Ping {p1:,.0f} → {p2:,.0f}/s"))
    finally:
        try:
            drop_schema(url)
        except Exception as exc:  # noqa: BLE001
            log(f"  could not drop the bench schema: {exc}")
    return figures, raw


# ---- the section --------------------------------------------------------------------------

def run(quick: bool = False, game_ids: list[str] | None = None, tmp: str | None = None,
        log: Callable[[str], None] = print) -> dict[str, Any]:
    figures, raw = [], {}
    levels = [1, 16, 128]
    for game_id in game_ids or registry.ids():
        game = registry.get(game_id)
        scripts = scripts_for(game, 16 if quick else 48)
        lg = long_game(game, b"fanout", 10**9, random.Random(9), budget_s=1.0 if quick else 3.0)
        fan_script = Script(game, b"fanout", lg["commands"][:400])
        srv = ServerProc(tmp)
        try:
            log(f"  server {game_id}: pid {srv.pid} on {srv.addr}")
            sizes = sorted(len(b) + 40 for s in scripts for _, b in s.steps)  # + game_id field
            payload = os.urandom(sizes[len(sizes) // 2])
            figs, r4 = round_trip(srv, scripts, 300 if quick else 2000, 10 if quick else 30, payload, game_id)
            figures += figs
            log(f"  round trip {game_id}: Submit p50 {figs[0]['value']:.0f} µs vs Ping {figs[0]['floor']:.0f} µs")
            est = 1.0 / r4["submit_s"]["p50"]
            figs, r5 = throughput(srv, scripts, levels, 1.0 if quick else 5.0, payload, game_id, est * 2, log)
            figures += figs
            figs, r6 = fanout(srv, fan_script, 40 if quick else 200, game_id, log)
            figures += figs
            raw[game_id] = {"round_trip": r4, "throughput": r5, "fanout": r6, "server_pid": srv.pid}
        finally:
            srv.stop()
        figs, r7 = memory(tmp, scripts, 100 if quick else 500, 20, game_id)
        figures += figs
        raw[game_id]["memory"] = r7
        log(f"  memory {game_id}: {figs[0]['value']:.1f} KiB per game")
    return {"figures": figures, "raw": raw}


def run_postgres(quick: bool = False, game_ids: list[str] | None = None, tmp: str | None = None,
                 log: Callable[[str], None] = print) -> dict[str, Any]:
    """Figure 8 for the first game (roma): a PostgreSQL store, 1 and 2 worker processes."""
    game_id = (game_ids or registry.ids())[0]
    game = registry.get(game_id)
    scripts = scripts_for(game, 16 if quick else 48)
    sizes = sorted(len(b) + 40 for s in scripts for _, b in s.steps)
    payload = os.urandom(sizes[len(sizes) // 2])
    figures, raw = postgres(tmp, scripts, payload, quick, game_id, log)
    return {"figures": figures, "raw": {game_id: raw}}
