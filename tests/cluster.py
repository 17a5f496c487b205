"""Several `carthago serve` processes on one PostgreSQL schema, and a load that plays games through
them at random (tests/test_multiprocess.py, and the longer `make soak`).

Games are created with seeds the test chooses, so each game's commands are worked out beforehand
with the engine (the same `Session` the servers run): every command is sent with its
`expected_seq` and a request id, through whichever process the test picks. A call refused with
UNAVAILABLE (a process killed, or shutting down) or cut by its deadline is sent again, unchanged,
to another process: the request id makes the retry return the first answer if the first attempt
did commit. Every game has a spectator stream, opened on a random process and resumed on another
from the next seq when its process goes away; it records every seq it is handed.
"""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import grpc

from carthago.v1 import carthago_pb2 as pb
from carthago.v1 import carthago_pb2_grpc as pb_grpc
from engine import registry
from engine.core import GameConfig
from engine.session import Session
from server.wire import wire_for

OPERATOR = "cluster-operator"
# every client of these runs is one address (loopback): the per-address rates of `serve` (server.rates) off
NO_RATE_LIMITS = [arg for kind in ("create", "join", "streams", "watch") for arg in (f"--{kind}-per-minute", "0")]
# Sent again, unchanged (same request id, same expected seq), to another process. ABORTED too: a
# killed process's last append may commit after its client gave up on it and retried elsewhere,
# so the retry loses the race to its own first attempt; sent once more, it gets that attempt's answer.
RETRY = {grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED, grpc.StatusCode.CANCELLED,
         grpc.StatusCode.ABORTED}


class ServerProcess:
    """One `carthago serve` on a loopback port of its own."""

    def __init__(self, url: str, index: int, directory: str, *extra: str) -> None:
        self.index = index
        self.out_path = os.path.join(directory, f"server-{index}-{time.monotonic_ns()}.out")
        self._out = open(self.out_path, "w")
        # 2 read connections of each kind: at most 6 per process, so that several test runs sharing
        # the machine's PostgreSQL stay well under its max_connections (100)
        env = dict(os.environ, CARTHAGO_OPERATOR_TOKEN=OPERATOR, CARTHAGO_LOG_LEVEL="WARNING",
                   CARTHAGO_PG_POOL_SIZE="2")
        argv = [sys.executable, "-m", "carthago.cli", "serve", "--addr", "127.0.0.1:0", "--store", url,
                "--allow-client-seeds", "--snapshot-every", "16", "--grace", "3", "--http-addr", "off",
                *NO_RATE_LIMITS, *extra]
        self.proc = subprocess.Popen(argv, stdout=self._out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                     env=env)
        self.addr = ""

    def wait_ready(self, deadline: float) -> None:
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server {self.index} exited: {Path(self.out_path).read_text()[-2000:]}")
            for line in Path(self.out_path).read_text().splitlines():
                if "serving gRPC on" in line:
                    self.addr = line.split("serving gRPC on ", 1)[1].split()[0]
                    return
            time.sleep(0.05)
        raise RuntimeError(f"server {self.index} did not start")

    @property
    def alive(self) -> bool:
        return self.proc.poll() is None

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self._out.close()

    def output(self) -> str:
        return Path(self.out_path).read_text()


class Cluster:
    def __init__(self, url: str, n: int, *extra: str) -> None:
        self.url = url
        self.dir = tempfile.mkdtemp(prefix="carthago-cluster-")
        self.servers = [ServerProcess(url, i, self.dir, *extra) for i in range(n)]
        deadline = time.monotonic() + 60
        try:
            for s in self.servers:
                s.wait_ready(deadline)
        except BaseException:
            self.stop()
            raise
        self._stubs: dict[int, pb_grpc.GameServiceStub] = {}
        self._channels: list[grpc.aio.Channel] = []

    def stub(self, index: int) -> pb_grpc.GameServiceStub:
        """An aio stub to one process (create it inside the running loop)."""
        if index not in self._stubs:
            channel = grpc.aio.insecure_channel(self.servers[index].addr)
            self._channels.append(channel)
            self._stubs[index] = pb_grpc.GameServiceStub(channel)
        return self._stubs[index]

    def restart(self, index: int) -> None:
        """A new process in place of a dead one (on a port of its own)."""
        self.servers[index].stop()
        server = ServerProcess(self.url, index, self.dir)
        server.wait_ready(time.monotonic() + 60)
        self.servers[index] = server
        self._stubs.pop(index, None)

    def live(self) -> list[int]:
        return [s.index for s in self.servers if s.alive]

    def pick(self, rnd: random.Random) -> int:
        return rnd.choice(self.live())

    async def close_channels(self) -> None:
        for c in self._channels:
            await c.close()
        self._channels.clear()
        self._stubs.clear()

    def stop(self) -> None:
        for s in self.servers:
            s.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


def code_of(err: grpc.aio.AioRpcError) -> str:
    """The stable Carthago code a refusal carries (its message is 'CODE: text')."""
    return (err.details() or "").split(":", 1)[0]


@dataclass
class Plan:
    """A game's commands, worked out beforehand from its seed."""
    game_type: str
    seed: bytes
    steps: list[tuple[int, pb.GameCommand, int]]  # seat, command, expected seq
    final_head: int


def plan_game(game_type: str, seed: bytes, rnd: random.Random, max_commands: int = 2000) -> Plan:
    game = registry.get(game_type)
    wire = wire_for(game)
    config = GameConfig(players=game.info.player_counts[0], options={})
    session, opening = Session.start(game, config, seed)
    head = len(opening) + config.players  # GameCreated is seq 0; `create` claims every seat (a record each)
    steps = []
    for _ in range(max_commands):
        status = session.status()
        if status.over:
            break
        seat = status.to_act[0]
        command = rnd.choice(session.legal(seat))
        steps.append((seat, pb.GameCommand(**{wire.field: wire.command_to_proto(command)}), head))
        head += len(session.submit(seat, command))
    if session.status().over:
        head += 1  # SeedRevealed
    return Plan(game_type, seed, steps, head)


@dataclass
class Played:
    plan: Plan
    game_id: str = ""
    tokens: dict[int, str] = field(default_factory=dict)
    acked: list[tuple[int, str, int]] = field(default_factory=list)  # head seq, request id, seat
    seen: list[int] = field(default_factory=list)                    # seqs its stream was handed
    retries: int = 0
    resumes: int = 0


async def create(cluster: Cluster, plan: Plan, rnd: random.Random) -> Played:
    stub = cluster.stub(cluster.pick(rnd))
    game = (await stub.CreateGame(pb.CreateGameRequest(game_type=plan.game_type, seed=plan.seed), timeout=30)).game
    played = Played(plan, game.game_id)
    for seat in range(game.players):
        stub = cluster.stub(cluster.pick(rnd))
        played.tokens[seat] = (await stub.JoinGame(pb.JoinGameRequest(game_id=game.game_id, seat=seat),
                                                   timeout=30)).token
    return played


async def call(cluster: Cluster, rnd: random.Random, method: str, request, token: str | None = None,
               timeout: float = 10.0, attempts: int = 30):
    """A unary call through a random live process, sent again to another when it is unavailable.
    Returns the response and how many attempts failed."""
    metadata = (("authorization", f"Bearer {token}"),) if token else None
    for attempt in range(attempts):
        stub = cluster.stub(cluster.pick(rnd))
        try:
            return await getattr(stub, method)(request, metadata=metadata, timeout=timeout), attempt
        except grpc.aio.AioRpcError as err:
            if err.code() not in RETRY:
                raise
            await asyncio.sleep(0.05 * (attempt + 1))
    raise RuntimeError(f"{method} failed {attempts} times")


async def drive(cluster: Cluster, played: Played, rnd: random.Random, steps: int | None = None) -> None:
    """Send the game's planned commands (or the next ``steps`` of them), each through a random process."""
    start = len(played.acked)
    todo = played.plan.steps[start:] if steps is None else played.plan.steps[start:start + steps]
    for i, (seat, command, expected) in enumerate(todo, start):
        rid = f"{played.game_id}-{i}"
        req = pb.SubmitCommandRequest(game_id=played.game_id, command=command, expected_seq=expected, request_id=rid)
        resp, failed = await call(cluster, rnd, "SubmitCommand", req, played.tokens[seat])
        played.retries += failed
        played.acked.append((resp.head_seq, rid, seat))


async def watch(cluster: Cluster, played: Played, rnd: random.Random) -> None:
    """A spectator stream from seq 0 to the end of the game, resumed on another process whenever
    its own goes away. Every seq it is handed is recorded, in the order received."""
    next_seq = 0
    while True:
        stub = cluster.stub(cluster.pick(rnd))
        try:
            async for batch in stub.StreamEvents(pb.StreamEventsRequest(game_id=played.game_id, from_seq=next_seq)):
                for event in batch.events:
                    played.seen.append(event.seq)
                    next_seq = event.seq + 1
            return  # the stream of a finished game ends after its last record
        except grpc.aio.AioRpcError as err:
            if err.code() not in RETRY:
                raise
            played.resumes += 1
            await asyncio.sleep(0.05)
