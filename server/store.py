"""Storage behind one small interface: the append-only log, seats, requests, snapshots.

``create_game`` writes the game's row and its first records in one transaction.

Three implementations: :class:`SqliteStore` (WAL, the embedded default),
:class:`MemoryStore` (tests) and ``server.pgstore.PostgresStore`` (several server
processes on one database; ``server.stores.open_store`` opens one by its spec). All give the
same guarantees:

* ``append`` is atomic: every record of one command, and the idempotency entry
  of its request, land together or not at all.
* ``(game_id, seq)`` is unique: a writer that lost the race gets
  :class:`Conflict` and nothing of its batch is written (optimistic concurrency).
* ``(game_id, seat, request_id)`` is unique: the answer to a request is stored
  with its records, so a retry returns the first answer.
* ``start_append`` is ``append`` for an event loop: it returns at once a
  :class:`concurrent.futures.Future` that resolves (to None, or to the exception
  ``append`` would raise) once the append is durable or refused. A caller
  acknowledges nothing before its future has resolved. ``inline=False`` asks that the
  commit never run on the caller's thread (an event loop under load: ``GameHost._busy``).

* ``head_and_request`` is ``head`` and ``find_request`` in one read (one round trip where
  reads cross a network), as a command needs both before it is decided.
* ``heads`` answers many games' heads in one call (a process polls the games it
  streams, in case it missed a notification); ``ping`` says whether the storage
  answers (the health check).
"""

from __future__ import annotations

import json
import logging
import queue
import sqlite3
import threading
import time
from concurrent.futures import Future
from typing import Any, Callable, Protocol

import msgspec


log = logging.getLogger("carthago.store")

Request = tuple[int, str, bytes, bytes]  # seat, request id, command fingerprint, serialized answer


class Conflict(Exception):
    """Another writer appended at this seq first (or reused this request id)."""


class StoreUnavailable(Exception):
    """The storage cannot be reached (or its connection broke during a write, whose outcome is then
    unknown: the caller must not report it as done)."""


class GameMeta(msgspec.Struct):
    game_id: str
    game_type: str
    players: int
    options: dict[str, str]
    seed: bytes
    created_at_ms: int
    finished: bool = False


class SeatRow(msgspec.Struct, frozen=True):
    seat: int
    token_hash: str
    player: str


class Record(msgspec.Struct, frozen=True):
    seq: int
    body: bytes
    hash: bytes


class Snapshot(msgspec.Struct, frozen=True):
    seq: int         # the last record the state includes
    hash: bytes      # that record's hash (a snapshot of another history is ignored)
    version: str     # engine + game version that wrote it
    position: int    # game events applied
    state: bytes


class Store(Protocol):
    def create_game(self, meta: GameMeta, records: list[Record] = (), seats: list[SeatRow] = ()) -> None: ...
    def get_game(self, game_id: str) -> GameMeta | None: ...
    def list_games(self, game_type: str, include_finished: bool, limit: int,
                   after: tuple[int, str] | None = None) -> list[GameMeta]: ...
    def mark_finished(self, game_id: str) -> None: ...
    def claim_seat(self, game_id: str, row: SeatRow, records: list[Record] = ()) -> bool: ...
    def seats(self, game_id: str) -> list[SeatRow]: ...
    def append(self, game_id: str, records: list[Record], request: Request | None = None) -> None: ...
    def start_append(self, game_id: str, records: list[Record], request: Request | None = None,
                     snapshot: Snapshot | None = None, finished: bool = False, inline: bool = True) -> Future: ...
    def read(self, game_id: str, from_seq: int = 0, to_seq: int | None = None) -> list[Record]: ...
    def head(self, game_id: str) -> tuple[int, bytes] | None: ...
    def heads(self, game_ids: list[str]) -> dict[str, int]: ...
    def find_request(self, game_id: str, seat: int, request_id: str) -> tuple[bytes, bytes] | None: ...
    def head_and_request(self, game_id: str, seat: int, request_id: str | None
                         ) -> tuple[tuple[int, bytes] | None, tuple[bytes, bytes] | None]: ...
    def put_snapshot(self, game_id: str, snapshot: Snapshot) -> None: ...
    def latest_snapshot(self, game_id: str, version: str) -> Snapshot | None: ...
    def ping(self) -> None: ...
    def close(self) -> None: ...


class MemoryStore:
    """Everything in dicts; for tests and `carthago play --local`."""

    def __init__(self) -> None:
        self._games: dict[str, GameMeta] = {}
        self._seats: dict[str, dict[int, SeatRow]] = {}
        self._log: dict[str, list[Record]] = {}
        self._requests: dict[tuple[str, int, str], tuple[bytes, bytes]] = {}
        self._snapshots: dict[str, list[Snapshot]] = {}
        self._lock = threading.Lock()

    def create_game(self, meta: GameMeta, records: list[Record] = (), seats: list[SeatRow] = ()) -> None:
        with self._lock:
            if meta.game_id in self._games:
                raise Conflict(meta.game_id)
            self._games[meta.game_id] = msgspec.structs.replace(meta)
            self._seats[meta.game_id] = {row.seat: row for row in seats}
            self._log[meta.game_id] = list(records)
            self._snapshots[meta.game_id] = []

    def get_game(self, game_id: str) -> GameMeta | None:
        meta = self._games.get(game_id)
        return msgspec.structs.replace(meta) if meta else None

    def list_games(self, game_type: str, include_finished: bool, limit: int,
                   after: tuple[int, str] | None = None) -> list[GameMeta]:
        rows = [g for g in self._games.values()
                if (not game_type or g.game_type == game_type) and (include_finished or not g.finished)
                and (after is None or (-g.created_at_ms, g.game_id) > (-after[0], after[1]))]
        rows.sort(key=lambda g: (-g.created_at_ms, g.game_id))
        return [msgspec.structs.replace(g) for g in rows[:limit]]

    def mark_finished(self, game_id: str) -> None:
        self._games[game_id].finished = True

    def claim_seat(self, game_id: str, row: SeatRow, records: list[Record] = ()) -> bool:
        with self._lock:
            seats = self._seats[game_id]
            if row.seat in seats:
                return False
            log = self._log[game_id]
            if records and records[0].seq != len(log):
                raise Conflict(f"{game_id}: seq {records[0].seq} is taken")
            seats[row.seat] = row
            log.extend(records)
            return True

    def seats(self, game_id: str) -> list[SeatRow]:
        return sorted(self._seats.get(game_id, {}).values(), key=lambda r: r.seat)

    def append(self, game_id, records, request=None) -> None:
        self.start_append(game_id, records, request).result()

    def start_append(self, game_id, records, request=None, snapshot=None, finished=False, inline=True) -> Future:
        """Done at once (memory is as durable as it gets): the future is already resolved."""
        done: Future = Future()
        try:
            with self._lock:
                log = self._log[game_id]
                if not records or records[0].seq != len(log):
                    raise Conflict(f"{game_id}: seq {records[0].seq if records else '?'} is taken")
                if request is not None:
                    key = (game_id, request[0], request[1])
                    if key in self._requests:
                        raise Conflict(f"request {request[1]!r} already answered")
                    self._requests[key] = (request[2], request[3])
                log.extend(records)
                if snapshot is not None:
                    self._snapshots[game_id].append(snapshot)
                if finished:
                    self._games[game_id].finished = True
        except Exception as exc:  # noqa: BLE001 - handed to the caller through the future
            done.set_exception(exc)
        else:
            done.set_result(None)
        return done

    def read(self, game_id, from_seq=0, to_seq=None) -> list[Record]:
        log = self._log.get(game_id, [])
        return log[from_seq: None if to_seq is None else to_seq + 1]

    def head(self, game_id) -> tuple[int, bytes] | None:
        log = self._log.get(game_id)
        return (log[-1].seq, log[-1].hash) if log else None

    def heads(self, game_ids) -> dict[str, int]:
        return {g: self._log[g][-1].seq for g in game_ids if self._log.get(g)}

    def find_request(self, game_id, seat, request_id):
        return self._requests.get((game_id, seat, request_id))

    def head_and_request(self, game_id, seat, request_id):
        return self.head(game_id), (self.find_request(game_id, seat, request_id) if request_id else None)

    def put_snapshot(self, game_id, snapshot) -> None:
        self._snapshots[game_id].append(snapshot)

    def latest_snapshot(self, game_id, version):
        for snap in reversed(self._snapshots.get(game_id, [])):
            if snap.version == version:
                return snap
        return None

    def ping(self) -> None:
        pass

    def close(self) -> None:
        pass


_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
  game_id TEXT PRIMARY KEY, game_type TEXT NOT NULL, players INTEGER NOT NULL,
  options TEXT NOT NULL, seed BLOB NOT NULL, created_at_ms INTEGER NOT NULL,
  finished INTEGER NOT NULL DEFAULT 0);
CREATE INDEX IF NOT EXISTS games_by_creation ON games (created_at_ms DESC, game_id);
CREATE INDEX IF NOT EXISTS games_in_play ON games (created_at_ms DESC, game_id) WHERE finished=0;
CREATE TABLE IF NOT EXISTS seats (
  game_id TEXT NOT NULL, seat INTEGER NOT NULL, token_hash TEXT NOT NULL, player TEXT NOT NULL,
  PRIMARY KEY (game_id, seat));
CREATE TABLE IF NOT EXISTS records (
  game_id TEXT NOT NULL, seq INTEGER NOT NULL, body BLOB NOT NULL, hash BLOB NOT NULL,
  PRIMARY KEY (game_id, seq)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS requests (
  game_id TEXT NOT NULL, seat INTEGER NOT NULL, request_id TEXT NOT NULL,
  fingerprint BLOB NOT NULL, response BLOB NOT NULL,
  PRIMARY KEY (game_id, seat, request_id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS snapshots (
  game_id TEXT NOT NULL, seq INTEGER NOT NULL, hash BLOB NOT NULL, version TEXT NOT NULL,
  position INTEGER NOT NULL, state BLOB NOT NULL, PRIMARY KEY (game_id, seq, version));
"""


class _Job:
    """One write for the writer thread, its outcome in ``done``: an append (its rows, written in
    bulk with the rest of its group) or any other write (``run(db)``)."""

    __slots__ = ("run", "append", "done")

    def __init__(self, run: Callable[[sqlite3.Connection], Any] | None = None,
                 append: tuple[list[tuple], tuple | None, tuple | None, str | None] | None = None) -> None:
        self.run = run
        self.append = append  # record rows, request row, snapshot row, game id to mark finished
        self.done: Future = Future()


_STOP = object()


class GroupWriter:
    """The writer thread that SQLite and PostgreSQL stores share: every write is a :class:`_Job`
    queued for one thread with its own connection, which takes all the jobs waiting (up to
    ``max_group``) and commits them together (``_commit_group``, per backend). A job's future
    resolves only after its COMMIT returned (or with the error that refused it)."""

    label = "store"
    on_commit: Callable[[float], None] | None = None  # each transaction's seconds (server.metrics)

    def _start_writer(self, name: str, max_group: int) -> None:
        self.max_group = max_group
        self.commits = 0  # transactions committed by the writer (a group counts once)
        self.writes = 0   # writes committed
        self.inline_commits = 0  # appends committed on the caller's thread (the writer was idle)
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        self._committing = threading.Lock()  # held by whoever runs a group on the writer connection
        self._closing = threading.Lock()
        self._closed = False
        self._thread = threading.Thread(target=self._write_loop, name=name, daemon=True)
        self._thread.start()

    def _submit(self, job: _Job) -> Future:
        with self._closing:
            if self._closed:
                job.done.set_exception(RuntimeError(f"the store {self.label} is closed"))
            else:
                self._queue.put(job)
        return job.done

    def _write(self, run: Callable[[Any], Any]) -> Any:
        return self._submit(_Job(run=run)).result()

    def _write_loop(self) -> None:
        while True:
            first = self._queue.get()
            if first is _STOP:
                return
            group = [first]
            stop = False
            while len(group) < self.max_group:
                try:
                    job = self._queue.get_nowait()
                except queue.Empty:
                    break
                if job is _STOP:
                    stop = True
                    break
                group.append(job)
            with self._committing:
                self._run_group(group)
            if stop:
                return

    def _run_group(self, group: list[_Job], begun: bool = False) -> None:
        """Commit ``group`` (the caller holds ``_committing``; ``begun``: its transaction is open);
        every job's future resolves."""
        # a future cancelled while it waited is not written; the others can no longer be cancelled
        group = [job for job in group if job.done.set_running_or_notify_cancel()]
        try:
            if group:
                started = time.perf_counter()
                self._commit_group(group, begun) if begun else self._commit_group(group)
                if self.on_commit is not None:
                    self.on_commit(time.perf_counter() - started)
            elif begun:
                self._rollback()
        except BaseException as exc:  # noqa: BLE001 - never leave a caller waiting
            for job in group:
                if not job.done.done():
                    job.done.set_exception(exc)

    def _submit_or_commit(self, job: _Job) -> Future:
        """Commit ``job`` on the calling thread when the writer is idle (nothing queued, no group
        being committed), else queue it for the writer. One command at a time then skips two
        thread hand-offs (queue to writer, writer back to the event loop): on this machine they cost
        more than the commit itself when it does not fsync, and about half of it when it does.
        Under load the writer is busy and appends are grouped as before. Either way the future
        resolves only after COMMIT returned.

        A caller whose thread has other work to do passes ``inline=False`` to ``start_append`` and
        is always queued: an event loop that commits inline runs nothing else during the fsync
        (the host's rule: ``GameHost._busy``)."""
        if self._queue.empty() and self._committing.acquire(blocking=False):
            try:
                if self._queue.empty() and not self._closed and self._begin_now():
                    self.inline_commits += 1
                    self._run_group([job], begun=True)
                    return job.done
            finally:
                self._committing.release()
        return self._submit(job)

    def _begin_now(self) -> bool:
        """Open the write transaction at once, or say that it cannot be (another connection
        writes): the caller must never wait for a lock. Only for stores that commit inline."""
        raise NotImplementedError

    def _commit_group(self, group: list[_Job]) -> None:
        raise NotImplementedError

    def _stop_writer(self) -> bool:
        """Commit every write already queued, then stop the writer; False if it was stopped already."""
        with self._closing:
            if self._closed:
                return False
            self._closed = True
            self._queue.put(_STOP)
        self._thread.join()
        return True


class SqliteStore(GroupWriter):
    """SQLite in WAL mode with full sync: an acknowledged append survives a crash.

    Group commit. Every write goes through one writer thread with its own connection. It takes
    all the writes waiting in its queue (up to ``max_group``) and commits them in one transaction,
    so one fsync covers every command that arrived while the previous group was syncing. A write
    that fails (a taken seq or request id: :class:`Conflict`) fails alone: the group is then
    written again with a SAVEPOINT per write, and only the failing write's future gets the error
    (:meth:`_commit_each`). Futures resolve only after COMMIT returned, so "acknowledged" still
    means "on disk".

    Reads use a second connection on the caller's thread (WAL readers never wait for the writer)
    and see every write whose future has resolved. The sync write methods wait for their own
    future; ``start_append`` lets an event loop wait without blocking.
    """

    def __init__(self, path: str, synchronous: str = "FULL", max_group: int = 512) -> None:
        if synchronous not in SQLITE_SYNCHRONOUS:
            raise ValueError("synchronous is FULL (durability 'full'), NORMAL (durability 'process') "
                             "or OFF (benchmark fixtures only)")
        self.synchronous = synchronous
        self.path = self.label = path
        writer = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        writer.execute("PRAGMA journal_mode=WAL")
        writer.execute(f"PRAGMA synchronous={synchronous}")
        writer.execute("PRAGMA busy_timeout=5000")
        writer.executescript(_SCHEMA)
        self._writer_db = writer
        self._max_params = min(writer.getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER), 30_000)
        self._local = threading.local()  # one read connection per thread (worker threads read too)
        self._readers: list[sqlite3.Connection] = []
        self._readers_lock = threading.Lock()
        self._start_writer(f"carthago-sqlite-writer:{path}", max_group)

    # ---- the writer thread ---------------------------------------------------------------
    def _begin_now(self) -> bool:
        db = self._writer_db
        db.execute("PRAGMA busy_timeout=0")
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError:  # locked by another connection: the writer thread waits for it
            return False
        finally:
            db.execute("PRAGMA busy_timeout=5000")
        return True

    def _commit_group(self, group: list[_Job], begun: bool = False) -> None:
        """One transaction for the whole group, its rows inserted in bulk: a handful of statements
        whatever the group's size. (Each statement gives up the GIL and must take it back from an
        event loop thread that may be busy; a statement per row would make a large group slow
        exactly when the server is loaded.) Should it fail, :meth:`_commit_each` finds which.
        ``begun``: the transaction is open already (:meth:`_begin_now`)."""
        db = self._writer_db
        try:
            if not begun:
                db.execute("BEGIN IMMEDIATE")
            self._write_jobs(db, group)
            db.execute("COMMIT")
        except Exception as exc:  # noqa: BLE001 - nothing of the group is written
            self._rollback()
            if len(group) > 1:
                self._commit_each(group)
            else:
                group[0].done.set_exception(Conflict(str(exc)) if isinstance(exc, sqlite3.IntegrityError) else exc)
            return
        self.commits += 1
        self.writes += len(group)
        for job in group:
            job.done.set_result(None)

    def _commit_each(self, group: list[_Job]) -> None:
        """The group again, each write in its own SAVEPOINT: one that fails (a taken seq:
        :class:`Conflict`) is rolled back alone and only its future gets the error; the others
        commit together. If the transaction itself fails (BEGIN or COMMIT: a locked or failing
        disk), each write is tried in a transaction of its own, so none fails because of another."""
        db = self._writer_db
        outcomes: list[BaseException | None] = []
        try:
            db.execute("BEGIN IMMEDIATE")
            for job in group:
                db.execute("SAVEPOINT job")
                try:
                    self._write_jobs(db, [job])
                except Exception as exc:  # noqa: BLE001 - this write alone fails
                    db.execute("ROLLBACK TO job")
                    db.execute("RELEASE job")
                    outcomes.append(Conflict(str(exc)) if isinstance(exc, sqlite3.IntegrityError) else exc)
                else:
                    db.execute("RELEASE job")
                    outcomes.append(None)
            db.execute("COMMIT")
        except Exception as exc:  # noqa: BLE001 - the transaction itself failed: nothing of it is written
            self._rollback()
            log.warning("group commit of %d writes failed (%s); trying each alone", len(group), exc)
            for job in group:
                self._commit_group([job])
            return
        self.commits += 1
        for job, error in zip(group, outcomes):
            if error is None:
                self.writes += 1
                job.done.set_result(None)
            else:
                job.done.set_exception(error)

    def _rollback(self) -> None:
        if self._writer_db.in_transaction:
            try:
                self._writer_db.execute("ROLLBACK")
            except sqlite3.Error:
                pass

    def _write_jobs(self, db: sqlite3.Connection, jobs: list[_Job]) -> None:
        records: list[tuple] = []
        requests: list[tuple] = []
        snapshots: list[tuple] = []
        finished: list[tuple] = []
        for job in jobs:
            if job.append is None:
                job.run(db)
                continue
            rows, request, snapshot, game_id = job.append
            records += rows
            if request is not None:
                requests.append(request)
            if snapshot is not None:
                snapshots.append(snapshot)
            if game_id is not None:
                finished.append((game_id,))
        self._insert(db, "INSERT INTO records VALUES", records)
        self._insert(db, "INSERT INTO requests VALUES", requests)
        self._insert(db, "INSERT OR REPLACE INTO snapshots VALUES", snapshots)
        if finished:
            db.executemany("UPDATE games SET finished=1 WHERE game_id=?", finished)

    def _insert(self, db: sqlite3.Connection, sql: str, rows: list[tuple]) -> None:
        """Many rows in few statements (as many as SQLite's limit on parameters allows in each)."""
        if not rows:
            return
        width = len(rows[0])
        per = max(1, self._max_params // width)
        one = "(" + ",".join("?" * width) + ")"
        for i in range(0, len(rows), per):
            chunk = rows[i:i + per]
            db.execute(f"{sql} {','.join([one] * len(chunk))}", [v for row in chunk for v in row])

    # ---- writes ----------------------------------------------------------------------------
    @property
    def _db(self) -> sqlite3.Connection:
        """This thread's read connection (WAL readers never wait for the writer)."""
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA busy_timeout=5000")
            self._local.db = db
            with self._readers_lock:
                self._readers.append(db)
        return db

    def _meta(self, row) -> GameMeta:
        return GameMeta(row[0], row[1], row[2], json.loads(row[3]), bytes(row[4]), row[5], bool(row[6]))

    def create_game(self, meta: GameMeta, records: list[Record] = (), seats: list[SeatRow] = ()) -> None:
        """The game's row, its first records and the seats claimed at creation (house bots') in
        one transaction: a crash leaves all or none (never a game that answers "is being created"
        forever)."""
        row = (meta.game_id, meta.game_type, meta.players, json.dumps(meta.options, sort_keys=True),
               meta.seed, meta.created_at_ms, int(meta.finished))
        rows = [(meta.game_id, r.seq, r.body, r.hash) for r in records]
        seat_rows = [(meta.game_id, r.seat, r.token_hash, r.player) for r in seats]

        def run(db: sqlite3.Connection) -> None:  # inside the writer's group transaction
            db.execute("INSERT INTO games VALUES (?,?,?,?,?,?,?)", row)
            self._insert(db, "INSERT INTO records VALUES", rows)
            if seat_rows:
                db.executemany("INSERT INTO seats VALUES (?,?,?,?)", seat_rows)
        self._write(run)

    def mark_finished(self, game_id: str) -> None:
        self._write(lambda db: db.execute("UPDATE games SET finished=1 WHERE game_id=?", (game_id,)))

    def claim_seat(self, game_id: str, row: SeatRow, records: list[Record] = ()) -> bool:
        """The seat's row and its records (``SeatClaimed``) in one transaction. False if the seat
        is taken; :class:`Conflict` if another writer took the records' seq."""
        claimed = []

        def run(db: sqlite3.Connection) -> None:
            if db.execute("SELECT 1 FROM seats WHERE game_id=? AND seat=?", (game_id, row.seat)).fetchone():
                return
            db.execute("INSERT INTO seats VALUES (?,?,?,?)", (game_id, row.seat, row.token_hash, row.player))
            self._insert(db, "INSERT INTO records VALUES", [(game_id, r.seq, r.body, r.hash) for r in records])
            claimed.append(True)
        self._write(run)
        return bool(claimed)

    def append(self, game_id, records, request=None) -> None:
        self.start_append(game_id, records, request).result()

    def start_append(self, game_id, records, request=None, snapshot=None, finished=False, inline=True) -> Future:
        if not records:
            done: Future = Future()
            done.set_exception(Conflict(f"{game_id}: an append needs at least one record"))
            return done
        rows = [(game_id, r.seq, r.body, r.hash) for r in records]
        snap = None if snapshot is None else _snapshot_row(game_id, snapshot)
        job = _Job(append=(rows, None if request is None else (game_id, *request), snap, game_id if finished else None))
        return self._submit_or_commit(job) if inline else self._submit(job)

    def put_snapshot(self, game_id, snapshot) -> None:
        self._write(lambda db: _insert_snapshot(db, game_id, snapshot))

    # ---- reads -----------------------------------------------------------------------------
    def get_game(self, game_id: str) -> GameMeta | None:
        row = self._db.execute("SELECT * FROM games WHERE game_id=?", (game_id,)).fetchone()
        return self._meta(row) if row else None

    def list_games(self, game_type: str, include_finished: bool, limit: int,
                   after: tuple[int, str] | None = None) -> list[GameMeta]:
        """Newest first; ``after`` (created_at_ms, game_id): the games listed after that one (a page)."""
        c, g = after if after is not None else (1 << 62, "")
        live = "" if include_finished else "finished=0 AND "  # a term of its own: the index of games in play
        sql = f"SELECT * FROM games WHERE {live}(?='' OR game_type=?) " \
              "AND (created_at_ms < ? OR (created_at_ms = ? AND game_id > ?)) " \
              "ORDER BY created_at_ms DESC, game_id LIMIT ?"
        return [self._meta(r) for r in self._db.execute(sql, (game_type, game_type, c, c, g, limit))]

    def seats(self, game_id: str) -> list[SeatRow]:
        rows = self._db.execute("SELECT seat, token_hash, player FROM seats WHERE game_id=? ORDER BY seat", (game_id,))
        return [SeatRow(*r) for r in rows]

    def read(self, game_id, from_seq=0, to_seq=None) -> list[Record]:
        hi = (1 << 62) if to_seq is None else to_seq
        rows = self._db.execute("SELECT seq, body, hash FROM records WHERE game_id=? AND seq BETWEEN ? AND ? "
                                "ORDER BY seq", (game_id, from_seq, hi))
        return [Record(s, bytes(b), bytes(h)) for s, b, h in rows]

    def head(self, game_id):
        row = self._db.execute("SELECT seq, hash FROM records WHERE game_id=? ORDER BY seq DESC LIMIT 1",
                               (game_id,)).fetchone()
        return (row[0], bytes(row[1])) if row else None

    def heads(self, game_ids) -> dict[str, int]:
        out = {}
        for game_id in game_ids:
            row = self._db.execute("SELECT MAX(seq) FROM records WHERE game_id=?", (game_id,)).fetchone()
            if row[0] is not None:
                out[game_id] = row[0]
        return out

    def find_request(self, game_id, seat, request_id):
        row = self._db.execute("SELECT fingerprint, response FROM requests WHERE game_id=? AND seat=? AND "
                               "request_id=?", (game_id, seat, request_id)).fetchone()
        return (bytes(row[0]), bytes(row[1])) if row else None

    def head_and_request(self, game_id, seat, request_id):
        """One statement for both (each statement costs a trip through the sqlite3 module)."""
        row = self._db.execute(_HEAD_AND_REQUEST, (game_id, game_id, seat, request_id or "")).fetchone()
        seq, hash_, fingerprint, response = row
        head = None if seq is None else (seq, bytes(hash_))
        earlier = None if fingerprint is None or not request_id else (bytes(fingerprint), bytes(response))
        return head, earlier

    def latest_snapshot(self, game_id, version):
        row = self._db.execute("SELECT seq, hash, version, position, state FROM snapshots WHERE game_id=? AND "
                               "version=? ORDER BY seq DESC LIMIT 1", (game_id, version)).fetchone()
        return Snapshot(row[0], bytes(row[1]), row[2], row[3], bytes(row[4])) if row else None

    def ping(self) -> None:
        self._db.execute("SELECT 1").fetchone()

    def close(self) -> None:
        """Commit every write already queued, then stop the writer and close both connections."""
        if self._stop_writer():
            self._writer_db.close()
            with self._readers_lock:
                for db in self._readers:
                    db.close()
                self._readers.clear()


_HEAD_AND_REQUEST = (
    "SELECT h.seq, h.hash, r.fingerprint, r.response FROM (SELECT 1) AS one "
    "LEFT JOIN (SELECT seq, hash FROM records WHERE game_id=? ORDER BY seq DESC LIMIT 1) AS h ON 1 "
    "LEFT JOIN requests AS r ON r.game_id=? AND r.seat=? AND r.request_id=?")

# How an acknowledged append survives, per ``--durability`` (SQLite's synchronous setting in WAL mode):
#  full     every commit group is fsync'd before it is acknowledged: survives a power loss or a lost
#           machine (the default);
#  process  the commit is written to the WAL file (the operating system holds it) but not fsync'd:
#           survives a killed or crashed server process, not a crash of the machine or its disk.
DURABILITY = {"full": "FULL", "process": "NORMAL"}
SQLITE_SYNCHRONOUS = ("FULL", "NORMAL", "OFF")


def _snapshot_row(game_id: str, snapshot: Snapshot) -> tuple:
    return (game_id, snapshot.seq, snapshot.hash, snapshot.version, snapshot.position, snapshot.state)


def _insert_snapshot(db: sqlite3.Connection, game_id: str, snapshot: Snapshot) -> None:
    db.execute("INSERT OR REPLACE INTO snapshots VALUES (?,?,?,?,?,?)", _snapshot_row(game_id, snapshot))


def is_postgres(spec: str) -> bool:
    return spec.startswith(("postgresql://", "postgres://"))
