"""``carthago serve --workers N``: N server processes on one address, one supervisor.

Each worker is an ordinary ``carthago serve --worker`` process (its own interpreter, so its own
GIL and core) that binds the address with ``SO_REUSEPORT``; the kernel spreads incoming
connections among them. A gRPC channel is one connection, so each client's calls go to one worker
until it reconnects; every worker serves every game (the PostgreSQL log is shared, and each
worker checks the head before deciding). The supervisor:

* migrates the schema once, then starts the workers and waits until each is serving;
* with port 0, picks the port first (a socket bound with SO_REUSEPORT, held until the workers
  are up) so that every worker binds the same one;
* restarts a worker that dies (a crash, ``kill -9``), after a pause that grows if it keeps dying;
* when it dies without stopping them (``kill -9``), its workers notice within half a second (their
  parent is no longer its pid) and shut down gracefully, so no worker serves unsupervised;
* on SIGTERM/SIGINT, sends SIGTERM to every worker (each shuts down gracefully: see
  ``server.app.shutdown``) and waits for them, killing any that outlives its grace period;
* makes the directory where every worker writes its metrics (``PROMETHEUS_MULTIPROC_DIR``: a
  scrape of ``/metrics`` on the shared address adds them all up, server.metrics), tells it which
  worker died (its gauges no longer count), and removes it at the end.

The operator token is handed to workers in their environment, never on their command line.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time


def _free_port(host: str) -> socket.socket:
    sock = socket.socket(socket.AF_INET6 if ":" in host.strip("[]") else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host.strip("[]"), 0))
    return sock


class Worker:
    def __init__(self, index: int, argv: list[str], env: dict[str, str], json_lines: bool = False) -> None:
        self.index, self.argv, self.env = index, argv, env
        self.json_lines = json_lines  # --log-format json: log lines are passed on as they are
        self.proc: subprocess.Popen | None = None
        self.ready = threading.Event()
        self.started_at = 0.0
        self.restarts = 0

    def start(self) -> None:
        self.ready.clear()
        self.started_at = time.monotonic()
        self.proc = subprocess.Popen(self.argv, env=self.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, text=True, bufsize=1)
        threading.Thread(target=self._forward, args=(self.proc,), daemon=True).start()

    def _forward(self, proc: subprocess.Popen) -> None:
        """The worker's output, each line prefixed with its index, on the supervisor's stdout."""
        for line in proc.stdout:
            if "serving gRPC on" in line:
                self.ready.set()
            print(line if self.json_lines and line.startswith("{") else f"[worker {self.index}] {line}",
                  end="", flush=True)


def supervise(args) -> int:
    metrics = tempfile.mkdtemp(prefix="carthago-metrics-")
    try:
        return _supervise(args, metrics)
    finally:
        shutil.rmtree(metrics, ignore_errors=True)


def _supervise(args, metrics_dir: str) -> int:
    from prometheus_client.multiprocess import mark_process_dead

    from server.pgstore import first_line, migrate, parse_url

    host, _, port = args.addr.rpartition(":")
    holder = None
    if int(port) == 0:
        holder = _free_port(host)
        port = str(holder.getsockname()[1])
    addr = f"{host}:{port}"
    conninfo, schema = parse_url(args.store)
    try:
        migrate(conninfo, schema)
    except Exception as exc:  # noqa: BLE001 - before any worker starts: said plainly
        print(f"error: cannot migrate {schema} at {conninfo.split('@')[-1].split('?')[0]}: {first_line(exc)}",
              file=sys.stderr)
        if holder is not None:
            holder.close()
        return 1
    env = dict(os.environ, CARTHAGO_SUPERVISOR_PID=str(os.getpid()),  # a worker stops once this pid is gone
               PROMETHEUS_MULTIPROC_DIR=metrics_dir)
    if args.operator_token:
        env["CARTHAGO_OPERATOR_TOKEN"] = args.operator_token
    argv = [sys.executable, "-m", "carthago.cli", "serve", "--worker", "--addr", addr, "--store", args.store,
            "--snapshot-every", str(args.snapshot_every), "--evict-after", str(args.evict_after),
            "--max-games", str(args.max_games), "--grace", str(args.grace), "--loop", args.loop,
            "--talk-burst", str(args.talk_burst), "--talk-per-minute", str(args.talk_per_minute),
            "--bot-workers", str(args.bot_workers), "--claim-after", str(args.claim_after)]
    for kind in ("create", "join", "streams", "watch"):  # per client address (server.rates)
        argv += [f"--{kind}-per-minute", str(getattr(args, f"{kind}_per_minute"))]
    if args.allow_client_seeds:
        argv.append("--allow-client-seeds")
    argv += ["--log-format", args.log_format, "--log-level", args.log_level]
    argv += ["--http-addr", getattr(args, "http_addr", None) or "off"]  # shared with SO_REUSEPORT, as gRPC's
    for origin in getattr(args, "cors_origin", None) or []:
        argv += ["--cors-origin", origin]
    workers = [Worker(i, argv, env, args.log_format == "json") for i in range(args.workers)]
    stopping = threading.Event()

    def stop(*_):
        stopping.set()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for w in workers:
        w.start()
    deadline = time.monotonic() + 60
    while not all(w.ready.is_set() for w in workers):
        if stopping.is_set() or time.monotonic() > deadline or any(w.proc.poll() is not None for w in workers):
            for w in workers:
                if w.proc.poll() is None:
                    w.proc.kill()
            print("carthago: the workers did not all start", file=sys.stderr, flush=True)
            return 1
        time.sleep(0.05)
    if holder is not None:
        holder.close()
    print(f"carthago: serving gRPC on {addr} (store {args.store.split('@')[-1]}, {len(workers)} workers: pids "
          f"{' '.join(str(w.proc.pid) for w in workers)}); Ctrl-C stops", flush=True)
    while not stopping.is_set():
        for w in workers:
            code = w.proc.poll()
            if code is not None and not stopping.is_set():
                mark_process_dead(w.proc.pid, metrics_dir)
                pause = min(10.0, 0.5 * 2 ** w.restarts) if time.monotonic() - w.started_at < 10 else 0.5
                w.restarts = w.restarts + 1 if time.monotonic() - w.started_at < 10 else 0
                print(f"carthago: worker {w.index} (pid {w.proc.pid}) exited with {code}; restarting in {pause:.1f}s",
                      flush=True)
                stopping.wait(pause)
                if not stopping.is_set():
                    w.start()
                    print(f"carthago: worker {w.index} restarted as pid {w.proc.pid}", flush=True)
        stopping.wait(0.2)
    for w in workers:
        if w.proc.poll() is None:
            w.proc.send_signal(signal.SIGTERM)
    end = time.monotonic() + args.grace + 10
    for w in workers:
        try:
            w.proc.wait(max(0.1, end - time.monotonic()))
        except subprocess.TimeoutExpired:
            w.proc.kill()
            w.proc.wait(5)
    print("carthago: every worker stopped", flush=True)
    return 0
