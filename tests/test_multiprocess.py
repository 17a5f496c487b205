"""Several server processes on one PostgreSQL log (issue 13; DESIGN.md "Time, browsers and more
processes"): any process serves any game, streams cross processes with no gap and no duplicate,
two writers on one game give one winner and one clean ABORTED, a process killed mid-load loses
nothing acknowledged, and the others keep serving every game.

These are the short versions that `make test` runs; `make soak` runs longer campaigns with the
same harness (tests/cluster.py).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request

import grpc
import pytest

from carthago.v1 import carthago_pb2 as pb
from carthago.v1 import carthago_pb2_grpc as pb_grpc
from server.log import verify
from server.pgstore import PostgresStore

from .cluster import Cluster, Played, call, code_of, create, drive, plan_game, watch


def plans(count: int, tag: str) -> list:
    rnd = random.Random(tag)
    return [plan_game("roma", f"{tag}-{i}".encode(), rnd) for i in range(count)]


async def check_finished(cluster: Cluster, played: list[Played], rnd: random.Random) -> None:
    """Every game over, its export verifies, its stream was handed every record exactly once, in order."""
    for p in played:
        assert p.acked[-1][0] == p.plan.final_head
        export, _ = await call(cluster, rnd, "ExportLog", pb.ExportLogRequest(game_id=p.game_id), timeout=30)
        verdict = verify(export.records)
        assert verdict.ok, (p.game_id, verdict.describe())
        assert p.seen == list(range(p.plan.final_head + 1)), p.game_id


@pytest.mark.parametrize("processes", [2, 3])
def test_games_through_random_processes_verify_and_each_stream_sees_every_record_once(pg_url, processes):
    cluster = Cluster(pg_url, processes)

    async def main() -> None:
        rnd = random.Random(processes)
        played = [await create(cluster, plan, rnd) for plan in plans(64, f"many{processes}")]
        watchers = [asyncio.ensure_future(watch(cluster, p, random.Random(i))) for i, p in enumerate(played)]
        await asyncio.gather(*(drive(cluster, p, random.Random(100 + i)) for i, p in enumerate(played)))
        await asyncio.wait_for(asyncio.gather(*watchers), 60)
        await check_finished(cluster, played, rnd)
        await cluster.close_channels()

    try:
        asyncio.run(asyncio.wait_for(main(), 400))
    finally:
        cluster.stop()


def test_one_game_two_processes_at_once_one_winner_one_clean_aborted(pg_url):
    cluster = Cluster(pg_url, 2)

    async def main() -> None:
        rnd = random.Random(7)
        p = await create(cluster, plans(1, "race")[0], rnd)
        outcomes: list[str] = []
        for i, (seat, command, expected) in enumerate(p.plan.steps[:12]):
            meta = (("authorization", f"Bearer {p.tokens[seat]}"),)
            both = await asyncio.gather(*(
                cluster.stub(k).SubmitCommand(pb.SubmitCommandRequest(
                    game_id=p.game_id, command=command, expected_seq=expected, request_id=f"r{i}-{k}"),
                    metadata=meta, timeout=30)
                for k in (0, 1)), return_exceptions=True)
            won = [r for r in both if isinstance(r, pb.SubmitCommandResponse)]
            lost = [r for r in both if isinstance(r, grpc.aio.AioRpcError)]
            assert len(won) == 1 and len(lost) == 1, both
            assert lost[0].code() == grpc.StatusCode.ABORTED
            assert code_of(lost[0]) in ("STALE_SEQ", "LOST_RACE")
            outcomes.append(code_of(lost[0]))
            p.acked.append((won[0].head_seq, "", seat))
        await drive(cluster, p, rnd)  # the rest of the game, through either process
        await check_stream_and_export(cluster, p, rnd)
        await cluster.close_channels()

    async def check_stream_and_export(cluster, p, rnd):
        await watch(cluster, p, rnd)
        await check_finished(cluster, [p], rnd)

    try:
        asyncio.run(asyncio.wait_for(main(), 200))
    finally:
        cluster.stop()


def test_a_process_killed_mid_load_loses_nothing_acknowledged_and_the_others_serve_on(pg_url):
    cluster = Cluster(pg_url, 3)
    killed = cluster.servers[0]

    async def main() -> None:
        rnd = random.Random(13)
        played = [await create(cluster, plan, rnd) for plan in plans(24, "kill")]
        total = sum(len(p.plan.steps) for p in played)
        watchers = [asyncio.ensure_future(watch(cluster, p, random.Random(i))) for i, p in enumerate(played)]
        drivers = asyncio.ensure_future(asyncio.gather(*(drive(cluster, p, random.Random(200 + i))
                                                         for i, p in enumerate(played))))
        while sum(len(p.acked) for p in played) < total // 3:
            await asyncio.sleep(0.01)
        killed.kill()  # SIGKILL: no shutdown, no goodbye, appends in flight cut off
        await drivers
        await asyncio.wait_for(asyncio.gather(*watchers), 60)
        assert not killed.alive and all(s.alive for s in cluster.servers[1:])
        # the kill hit the load: streams had to resume elsewhere (a third of them were on it)
        assert sum(p.resumes for p in played) > 0
        await check_finished(cluster, played, rnd)
        await cluster.close_channels()
        store = PostgresStore(cluster.url)
        try:
            for p in played:
                for head, rid, seat in p.acked:
                    assert store.find_request(p.game_id, seat, rid) is not None  # acknowledged: in the log
        finally:
            store.close()

    try:
        asyncio.run(asyncio.wait_for(main(), 300))
    finally:
        cluster.stop()


def test_sigterm_ends_streams_with_shutting_down_and_they_resume_on_another_process(pg_url):
    cluster = Cluster(pg_url, 2)

    async def main() -> None:
        rnd = random.Random(5)
        p = await create(cluster, plans(1, "term")[0], rnd)
        await drive(cluster, p, rnd, steps=5)
        stream = cluster.stub(0).StreamEvents(pb.StreamEventsRequest(game_id=p.game_id, from_seq=0))
        first = await stream.read()
        assert [e.seq for e in first.events] == list(range(first.head_seq + 1))
        cluster.servers[0].proc.send_signal(signal.SIGTERM)
        with pytest.raises(grpc.aio.AioRpcError) as err:
            while True:
                batch = await stream.read()
                assert batch is not grpc.aio.EOF, "the stream ended without a status"
        assert err.value.code() == grpc.StatusCode.UNAVAILABLE
        assert code_of(err.value) == "SHUTTING_DOWN"
        assert f"from_seq={first.head_seq + 1}" in err.value.details()
        assert cluster.servers[0].proc.wait(30) == 0  # a clean exit
        p.seen = list(range(first.head_seq + 1))
        await drive(cluster, p, rnd)  # the rest through the other process
        await asyncio.wait_for(watch_from(cluster, p, rnd, first.head_seq + 1), 60)
        await check_finished(cluster, [p], rnd)
        await cluster.close_channels()

    async def watch_from(cluster, p, rnd, seq):
        async for batch in cluster.stub(1).StreamEvents(pb.StreamEventsRequest(game_id=p.game_id, from_seq=seq)):
            p.seen += [e.seq for e in batch.events]

    try:
        asyncio.run(asyncio.wait_for(main(), 200))
    finally:
        cluster.stop()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _accepted(http: str) -> float:
    """Commands accepted, as one scrape of /metrics on the shared address reports them (a new
    connection each time: any worker may answer)."""
    with urllib.request.urlopen(f"{http}/metrics", timeout=10) as r:
        text = r.read().decode()
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines()
               if line.startswith('carthago_commands_accepted_total{game_type="roma"}'))


def test_serve_workers_shares_one_address_and_restarts_a_killed_worker(pg_url):
    """... and any worker answers a scrape of /metrics with every worker's figures (issue 33), a
    killed worker's counts kept."""
    http = f"http://127.0.0.1:{_free_port()}"
    proc = subprocess.Popen([sys.executable, "-m", "carthago.cli", "serve", "--workers", "2", "--addr",
                             "127.0.0.1:0", "--store", pg_url, "--allow-client-seeds", "--grace", "3",
                             "--http-addr", http[len("http://"):], "--log-level", "info"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: list[str] = []
    threading.Thread(target=lambda: lines.extend(proc.stdout), daemon=True).start()  # read as it comes

    def wait_for(words: str) -> str:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            found = next((line for line in list(lines) if words in line), None)
            if found:
                return found
            time.sleep(0.05)
        raise AssertionError(f"no {words!r} in {lines}")

    try:
        ready = re.search(r"serving gRPC on (\S+) .*pids (\d+) (\d+)", wait_for("carthago: serving gRPC on"))
        assert ready, lines
        addr, pids = ready.group(1), [int(ready.group(2)), int(ready.group(3))]

        async def play(n: int) -> None:
            rnd = random.Random(n)
            plan = plans(1, f"workers{n}")[0]
            # several channels: the kernel spreads connections over the workers
            channels = [grpc.aio.insecure_channel(addr, options=[("grpc.use_local_subchannel_pool", 1)])
                        for _ in range(6)]
            stubs = [pb_grpc.GameServiceStub(c) for c in channels]
            game = (await stubs[0].CreateGame(pb.CreateGameRequest(game_type="roma", seed=plan.seed))).game
            tokens = [(await stubs[0].JoinGame(pb.JoinGameRequest(game_id=game.game_id, seat=s))).token
                      for s in range(2)]
            for i, (seat, command, expected) in enumerate(plan.steps):
                req = pb.SubmitCommandRequest(game_id=game.game_id, command=command, expected_seq=expected,
                                              request_id=f"w{i}")
                for attempt in range(20):
                    try:
                        await rnd.choice(stubs).SubmitCommand(
                            req, metadata=(("authorization", f"Bearer {tokens[seat]}"),), timeout=10)
                        break
                    except grpc.aio.AioRpcError as err:
                        if err.code() != grpc.StatusCode.UNAVAILABLE:
                            raise
                        await asyncio.sleep(0.1)
                else:
                    raise AssertionError("no worker answered")
            export = await stubs[0].ExportLog(pb.ExportLogRequest(game_id=game.game_id))
            assert verify(export.records).ok
            for c in channels:
                await c.close()

        asyncio.run(play(1))
        steps = len(plans(1, "workers1")[0].steps)
        served = {w for line in list(lines) if "SubmitCommand OK" in line
                  for w in re.findall(r"^\[worker (\d)\]", line)}
        assert served == {"0", "1"}, served  # both workers took commands: neither alone knows them all
        assert [_accepted(http) for _ in range(8)] == [steps] * 8
        os.kill(pids[0], signal.SIGKILL)
        wait_for("worker 0 restarted as pid")
        asyncio.run(play(2))  # served again, by the survivor and the new worker
        assert _accepted(http) == steps + len(plans(1, "workers2")[0].steps)  # the killed worker's too
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(60) == 0
        wait_for("every worker stopped")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


def _alive(pid: int) -> bool:
    """The process exists and is not a zombie waiting to be reaped."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_workers_stop_when_their_supervisor_is_killed(pg_url):
    """Issue 35, item 4: after `kill -9` of the `--workers` supervisor alone, its workers used to
    serve on unsupervised (and share the port with the next supervisor's); each now stops once
    its parent is gone."""
    proc = subprocess.Popen([sys.executable, "-m", "carthago.cli", "serve", "--workers", "2", "--addr",
                             "127.0.0.1:0", "--store", pg_url, "--grace", "1", "--http-addr", "off"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    pids: list[int] = []
    try:
        deadline = time.monotonic() + 60
        line = ""
        while time.monotonic() < deadline and not line.startswith("carthago: serving gRPC on"):
            line = proc.stdout.readline()
        ready = re.search(r"pids (\d+) (\d+)", line)
        assert ready, line
        pids = [int(ready.group(1)), int(ready.group(2))]
        assert all(_alive(p) for p in pids)
        proc.kill()
        proc.wait(10)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and any(_alive(p) for p in pids):
            time.sleep(0.1)
        assert not any(_alive(p) for p in pids), "a worker outlived its supervisor"
    finally:
        for p in pids:
            if _alive(p):
                os.kill(p, signal.SIGKILL)
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


def _start_workers(pg_url: str) -> tuple[subprocess.Popen, str, list[int]]:
    proc = subprocess.Popen([sys.executable, "-m", "carthago.cli", "serve", "--workers", "2", "--addr",
                             "127.0.0.1:0", "--store", pg_url, "--grace", "1", "--http-addr", "off"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline, line = time.monotonic() + 60, ""
    while time.monotonic() < deadline and not line.startswith("carthago: serving gRPC on"):
        line = proc.stdout.readline()
    ready = re.search(r"serving gRPC on (\S+) .*pids (\d+) (\d+)", line)
    assert ready, line
    return proc, ready.group(1), [int(ready.group(2)), int(ready.group(3))]


def _tournament(*argv: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "carthago.cli", "tournament", *argv],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def _until(proc: subprocess.Popen, words: str, lines: list[str]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line)
        if words in line:
            return
    raise AssertionError(f"no {words!r} in {lines}")


def test_a_tournament_rides_out_killed_workers_and_resumes_after_its_own_kill(pg_url, tmp_path):
    """Issue 35, item 2: `carthago tournament` died on the first UNAVAILABLE. Now its calls retry
    with back-off (submits keep their request id) while the supervisor restarts the killed workers,
    and an event whose runner was killed goes on with `--resume DIR`; both events audit."""
    from carthago import cli

    server, addr, pids = _start_workers(pg_url)
    entrants = ["--bot", "ann=random", "--bot", "bob=random", "--bot", "cid=random"]
    try:
        out = tmp_path / "ridden"
        runner = _tournament("--game", "roma", "--games-per-pairing", "2", "--seed", "ride", "--server", addr,
                             "--out", str(out), *entrants)
        lines: list[str] = []
        _until(runner, "game 1:", lines)
        for pid in pids:  # both: the runner's connection is to one of them
            os.kill(pid, signal.SIGKILL)
        rest, _ = runner.communicate(timeout=120)
        lines.append(rest)
        assert runner.returncode == 0, "".join(lines)
        assert "the server is unavailable" in "".join(lines)
        assert cli.main(["verify-tournament", str(out)]) == 0
        assert len(json.loads((out / "standings.json").read_text())["games"]) == 6

        out = tmp_path / "resumed"
        runner = _tournament("--game", "roma", "--games-per-pairing", "2", "--seed", "resume", "--server", addr,
                             "--out", str(out), *entrants)
        lines = []
        _until(runner, "game 2:", lines)
        runner.kill()
        runner.wait(10)
        doc = json.loads((out / "standings.json").read_text())
        assert doc["status"] == "in progress" and 1 <= len(doc["games"]) < 6
        assert cli.main(["verify-tournament", str(out)]) == 1  # an event in progress does not audit
        resumed = _tournament("--resume", str(out), "--server", addr)
        rest, _ = resumed.communicate(timeout=120)
        assert resumed.returncode == 0, rest
        assert f"resuming {out}" in rest
        done = json.loads((out / "standings.json").read_text())
        assert done["status"] == "complete" and len(done["games"]) == 6
        assert done["games"][:len(doc["games"])] == doc["games"]  # the recorded games kept as they were
        assert not (out / ".current-game.json").exists()
        assert cli.main(["verify-tournament", str(out)]) == 0
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(10)
