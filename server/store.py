"""Storage behind one small interface: the append-only log, seats, requests, snapshots.

Two implementations: :class:`SqliteStore` (WAL, the embedded default) and
:class:`MemoryStore` (tests). Both give the same guarantees:

* ``append`` is atomic: every record of one command, and the idempotency entry
  of its request, land together or not at all.
* ``(game_id, seq)`` is unique: a writer that lost the race gets
  :class:`Conflict` and nothing of its batch is written (optimistic concurrency).
* ``(game_id, seat, request_id)`` is unique: the answer to a request is stored
  with its records, so a retry returns the first answer.

A PostgreSQL backend is one more class with these methods.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from typing import Protocol

import msgspec


class Conflict(Exception):
    """Another writer appended at this seq first (or reused this request id)."""


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
    def create_game(self, meta: GameMeta) -> None: ...
    def get_game(self, game_id: str) -> GameMeta | None: ...
    def list_games(self, game_type: str, include_finished: bool, limit: int) -> list[GameMeta]: ...
    def mark_finished(self, game_id: str) -> None: ...
    def claim_seat(self, game_id: str, row: SeatRow) -> bool: ...
    def seats(self, game_id: str) -> list[SeatRow]: ...
    def append(self, game_id: str, records: list[Record], request: tuple[int, str, bytes, bytes] | None = None) -> None: ...
    def read(self, game_id: str, from_seq: int = 0, to_seq: int | None = None) -> list[Record]: ...
    def head(self, game_id: str) -> tuple[int, bytes] | None: ...
    def find_request(self, game_id: str, seat: int, request_id: str) -> tuple[bytes, bytes] | None: ...
    def put_snapshot(self, game_id: str, snapshot: Snapshot) -> None: ...
    def latest_snapshot(self, game_id: str, version: str) -> Snapshot | None: ...
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

    def create_game(self, meta: GameMeta) -> None:
        with self._lock:
            if meta.game_id in self._games:
                raise Conflict(meta.game_id)
            self._games[meta.game_id] = msgspec.structs.replace(meta)
            self._seats[meta.game_id] = {}
            self._log[meta.game_id] = []
            self._snapshots[meta.game_id] = []

    def get_game(self, game_id: str) -> GameMeta | None:
        meta = self._games.get(game_id)
        return msgspec.structs.replace(meta) if meta else None

    def list_games(self, game_type: str, include_finished: bool, limit: int) -> list[GameMeta]:
        rows = [g for g in self._games.values()
                if (not game_type or g.game_type == game_type) and (include_finished or not g.finished)]
        rows.sort(key=lambda g: (-g.created_at_ms, g.game_id))
        return [msgspec.structs.replace(g) for g in rows[:limit]]

    def mark_finished(self, game_id: str) -> None:
        self._games[game_id].finished = True

    def claim_seat(self, game_id: str, row: SeatRow) -> bool:
        with self._lock:
            seats = self._seats[game_id]
            if row.seat in seats:
                return False
            seats[row.seat] = row
            return True

    def seats(self, game_id: str) -> list[SeatRow]:
        return sorted(self._seats.get(game_id, {}).values(), key=lambda r: r.seat)

    def append(self, game_id, records, request=None) -> None:
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

    def read(self, game_id, from_seq=0, to_seq=None) -> list[Record]:
        log = self._log.get(game_id, [])
        return log[from_seq: None if to_seq is None else to_seq + 1]

    def head(self, game_id) -> tuple[int, bytes] | None:
        log = self._log.get(game_id)
        return (log[-1].seq, log[-1].hash) if log else None

    def find_request(self, game_id, seat, request_id):
        return self._requests.get((game_id, seat, request_id))

    def put_snapshot(self, game_id, snapshot) -> None:
        self._snapshots[game_id].append(snapshot)

    def latest_snapshot(self, game_id, version):
        for snap in reversed(self._snapshots.get(game_id, [])):
            if snap.version == version:
                return snap
        return None

    def close(self) -> None:
        pass


_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
  game_id TEXT PRIMARY KEY, game_type TEXT NOT NULL, players INTEGER NOT NULL,
  options TEXT NOT NULL, seed BLOB NOT NULL, created_at_ms INTEGER NOT NULL,
  finished INTEGER NOT NULL DEFAULT 0);
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


class SqliteStore:
    """SQLite in WAL mode with full sync: an acknowledged append survives a crash."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA busy_timeout=5000")
        self._db.executescript(_SCHEMA)
        self._lock = threading.Lock()

    def _meta(self, row) -> GameMeta:
        return GameMeta(row[0], row[1], row[2], json.loads(row[3]), bytes(row[4]), row[5], bool(row[6]))

    def create_game(self, meta: GameMeta) -> None:
        try:
            with self._lock:
                self._db.execute(
                    "INSERT INTO games VALUES (?,?,?,?,?,?,?)",
                    (meta.game_id, meta.game_type, meta.players, json.dumps(meta.options, sort_keys=True),
                     meta.seed, meta.created_at_ms, int(meta.finished)))
        except sqlite3.IntegrityError as exc:
            raise Conflict(meta.game_id) from exc

    def get_game(self, game_id: str) -> GameMeta | None:
        row = self._db.execute("SELECT * FROM games WHERE game_id=?", (game_id,)).fetchone()
        return self._meta(row) if row else None

    def list_games(self, game_type: str, include_finished: bool, limit: int) -> list[GameMeta]:
        sql = "SELECT * FROM games WHERE (?='' OR game_type=?) AND (? OR finished=0) " \
              "ORDER BY created_at_ms DESC, game_id LIMIT ?"
        return [self._meta(r) for r in self._db.execute(sql, (game_type, game_type, include_finished, limit))]

    def mark_finished(self, game_id: str) -> None:
        with self._lock:
            self._db.execute("UPDATE games SET finished=1 WHERE game_id=?", (game_id,))

    def claim_seat(self, game_id: str, row: SeatRow) -> bool:
        try:
            with self._lock:
                self._db.execute("INSERT INTO seats VALUES (?,?,?,?)", (game_id, row.seat, row.token_hash, row.player))
            return True
        except sqlite3.IntegrityError:
            return False

    def seats(self, game_id: str) -> list[SeatRow]:
        rows = self._db.execute("SELECT seat, token_hash, player FROM seats WHERE game_id=? ORDER BY seat", (game_id,))
        return [SeatRow(*r) for r in rows]

    def append(self, game_id, records, request=None) -> None:
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                self._db.executemany("INSERT INTO records VALUES (?,?,?,?)",
                                     [(game_id, r.seq, r.body, r.hash) for r in records])
                if request is not None:
                    self._db.execute("INSERT INTO requests VALUES (?,?,?,?,?)", (game_id, *request))
                self._db.execute("COMMIT")
            except sqlite3.IntegrityError as exc:
                self._db.execute("ROLLBACK")
                raise Conflict(str(exc)) from exc
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise

    def read(self, game_id, from_seq=0, to_seq=None) -> list[Record]:
        hi = (1 << 62) if to_seq is None else to_seq
        rows = self._db.execute("SELECT seq, body, hash FROM records WHERE game_id=? AND seq BETWEEN ? AND ? "
                                "ORDER BY seq", (game_id, from_seq, hi))
        return [Record(s, bytes(b), bytes(h)) for s, b, h in rows]

    def head(self, game_id):
        row = self._db.execute("SELECT seq, hash FROM records WHERE game_id=? ORDER BY seq DESC LIMIT 1",
                               (game_id,)).fetchone()
        return (row[0], bytes(row[1])) if row else None

    def find_request(self, game_id, seat, request_id):
        row = self._db.execute("SELECT fingerprint, response FROM requests WHERE game_id=? AND seat=? AND "
                               "request_id=?", (game_id, seat, request_id)).fetchone()
        return (bytes(row[0]), bytes(row[1])) if row else None

    def put_snapshot(self, game_id, snapshot) -> None:
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO snapshots VALUES (?,?,?,?,?,?)",
                             (game_id, snapshot.seq, snapshot.hash, snapshot.version, snapshot.position,
                              snapshot.state))

    def latest_snapshot(self, game_id, version):
        row = self._db.execute("SELECT seq, hash, version, position, state FROM snapshots WHERE game_id=? AND "
                               "version=? ORDER BY seq DESC LIMIT 1", (game_id, version)).fetchone()
        return Snapshot(row[0], bytes(row[1]), row[2], row[3], bytes(row[4])) if row else None

    def close(self) -> None:
        self._db.close()


def open_store(spec: str) -> Store:
    """``memory`` or ``sqlite:PATH``."""
    if spec == "memory":
        return MemoryStore()
    if spec.startswith("sqlite:"):
        return SqliteStore(spec[len("sqlite:"):])
    raise ValueError(f"unknown store {spec!r}: use 'memory' or 'sqlite:PATH'")
