"""Where players live: their names and keys, login challenges, sessions, and the keys of seats.

Beside a game store (``server.store``), in the same database: SQLite tables in the same file (a
connection of their own), PostgreSQL tables in the same schema (``server.pgstore``'s migration 2,
the store's connection pool), or memory. Four tables:

- ``players (name, public_key, registered_at_ms)``: a name and a key each at most once;
- ``player_challenges (challenge, name, expires_at_ms)``: issued by ``LoginChallenge``, taken (deleted)
  by the ``Login`` that answers it, whatever its outcome; expired ones are swept when new ones come;
- ``player_sessions (token_hash, name, expires_at_ms)``: a session token's SHA-256, never the token;
  expired ones are swept at each ``Login`` (the table holds the live sessions and those expired since
  the last login, not every session ever issued);
- ``seat_keys (token_hash, game_id, public_key)``: the key of a seat claimed by a player, by the
  SHA-256 of the seat's token (written before the claim: a claim that then fails leaves a row no
  token reaches). The log's ``SeatClaimed.player_key`` is the public record; this lets the server
  find a seat's key without reading the log.
"""

from __future__ import annotations

import sqlite3
import threading
from typing import Protocol

import msgspec

from .store import MemoryStore, SqliteStore, Store

NAME_TAKEN, KEY_REUSED = "NAME_TAKEN", "KEY_REUSED"  # what add_player reports when it adds nothing (the codes)


class PlayerRow(msgspec.Struct, frozen=True):
    name: str
    public_key: bytes
    registered_at_ms: int


class Players(Protocol):
    def add_player(self, row: PlayerRow) -> str: ...  # "" added; NAME_TAKEN or KEY_REUSED: nothing changed
    def player(self, name: str) -> PlayerRow | None: ...
    def all_players(self) -> list[PlayerRow]: ...
    def players_since(self, ms: int) -> list[PlayerRow]: ...  # registered at ms or later, in that order
    def add_challenge(self, challenge: bytes, name: str, expires_at_ms: int, now_ms: int) -> None: ...
    def take_challenge(self, challenge: bytes) -> tuple[str, int] | None: ...  # (name, expiry), deleted
    def add_session(self, token_hash: str, name: str, expires_at_ms: int, now_ms: int) -> None: ...  # sweeps the expired
    def session(self, token_hash: str) -> tuple[str, int] | None: ...
    def add_seat_key(self, token_hash: str, game_id: str, public_key: bytes) -> None: ...
    def seat_key(self, token_hash: str) -> bytes | None: ...


class MemoryPlayers:
    def __init__(self) -> None:
        self.players: dict[str, PlayerRow] = {}
        self.challenges: dict[bytes, tuple[str, int]] = {}
        self.sessions: dict[str, tuple[str, int]] = {}
        self.seat_keys: dict[str, bytes] = {}
        self.lock = threading.Lock()

    def add_player(self, row: PlayerRow) -> str:
        with self.lock:
            if row.name in self.players:
                return NAME_TAKEN
            if any(p.public_key == row.public_key for p in self.players.values()):
                return KEY_REUSED
            self.players[row.name] = row
            return ""

    def player(self, name):
        return self.players.get(name)

    def all_players(self):
        return sorted(self.players.values(), key=lambda p: p.name)

    def players_since(self, ms):
        return sorted((p for p in list(self.players.values()) if p.registered_at_ms >= ms),
                      key=lambda p: (p.registered_at_ms, p.name))

    def add_challenge(self, challenge, name, expires_at_ms, now_ms):
        with self.lock:
            for c in [c for c, (_, exp) in self.challenges.items() if exp <= now_ms]:
                del self.challenges[c]
            self.challenges[challenge] = (name, expires_at_ms)

    def take_challenge(self, challenge):
        with self.lock:
            return self.challenges.pop(challenge, None)

    def add_session(self, token_hash, name, expires_at_ms, now_ms):
        with self.lock:
            for t in [t for t, (_, exp) in self.sessions.items() if exp <= now_ms]:
                del self.sessions[t]
            self.sessions[token_hash] = (name, expires_at_ms)

    def session(self, token_hash):
        return self.sessions.get(token_hash)

    def add_seat_key(self, token_hash, game_id, public_key):
        self.seat_keys[token_hash] = public_key

    def seat_key(self, token_hash):
        return self.seat_keys.get(token_hash)


SQLITE_SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
  name TEXT PRIMARY KEY, public_key BLOB NOT NULL UNIQUE, registered_at_ms INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS player_challenges (
  challenge BLOB PRIMARY KEY, name TEXT NOT NULL, expires_at_ms INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS player_sessions (
  token_hash TEXT PRIMARY KEY, name TEXT NOT NULL, expires_at_ms INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS seat_keys (
  token_hash TEXT PRIMARY KEY, game_id TEXT NOT NULL, public_key BLOB NOT NULL);
CREATE INDEX IF NOT EXISTS players_by_registration ON players (registered_at_ms);
"""


class SqlitePlayers:
    """The four tables in the game store's file, on a connection of their own (WAL: its writes wait
    for the game writer's group commit at most ``busy_timeout``)."""

    def __init__(self, path: str) -> None:
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA busy_timeout=5000")
        self.db.executescript(SQLITE_SCHEMA)
        self.lock = threading.Lock()

    def _run(self, sql: str, params: tuple = ()) -> list[tuple]:
        with self.lock:
            return self.db.execute(sql, params).fetchall()

    def add_player(self, row: PlayerRow) -> str:
        try:
            self._run("INSERT INTO players VALUES (?,?,?)", (row.name, row.public_key, row.registered_at_ms))
        except sqlite3.IntegrityError:
            return NAME_TAKEN if self.player(row.name) else KEY_REUSED
        return ""

    def player(self, name):
        rows = self._run("SELECT name, public_key, registered_at_ms FROM players WHERE name=?", (name,))
        return PlayerRow(rows[0][0], bytes(rows[0][1]), rows[0][2]) if rows else None

    def all_players(self):
        return [PlayerRow(n, bytes(k), t) for n, k, t in
                self._run("SELECT name, public_key, registered_at_ms FROM players ORDER BY name")]

    def players_since(self, ms):
        return [PlayerRow(n, bytes(k), t) for n, k, t in self._run(
            "SELECT name, public_key, registered_at_ms FROM players WHERE registered_at_ms >= ? "
            "ORDER BY registered_at_ms, name", (ms,))]

    def add_challenge(self, challenge, name, expires_at_ms, now_ms):
        with self.lock:
            self.db.execute("DELETE FROM player_challenges WHERE expires_at_ms <= ?", (now_ms,))
            self.db.execute("INSERT INTO player_challenges VALUES (?,?,?)", (challenge, name, expires_at_ms))

    def take_challenge(self, challenge):
        rows = self._run("DELETE FROM player_challenges WHERE challenge=? RETURNING name, expires_at_ms", (challenge,))
        return (rows[0][0], rows[0][1]) if rows else None

    def add_session(self, token_hash, name, expires_at_ms, now_ms):
        with self.lock:
            self.db.execute("DELETE FROM player_sessions WHERE expires_at_ms <= ?", (now_ms,))
            self.db.execute("INSERT INTO player_sessions VALUES (?,?,?)", (token_hash, name, expires_at_ms))

    def session(self, token_hash):
        rows = self._run("SELECT name, expires_at_ms FROM player_sessions WHERE token_hash=?", (token_hash,))
        return (rows[0][0], rows[0][1]) if rows else None

    def add_seat_key(self, token_hash, game_id, public_key):
        self._run("INSERT INTO seat_keys VALUES (?,?,?)", (token_hash, game_id, public_key))

    def seat_key(self, token_hash):
        rows = self._run("SELECT public_key FROM seat_keys WHERE token_hash=?", (token_hash,))
        return bytes(rows[0][0]) if rows else None


class PostgresPlayers:
    """The four tables in the store's schema (``server.pgstore``, migration 2), through its pool."""

    def __init__(self, store) -> None:
        self.store, self.s = store, store.schema

    def _write(self, sql: str, params: tuple) -> list[tuple]:
        with self.store._pool.connection() as db:  # autocommit: one statement, one transaction
            cur = db.execute(sql, params)
            return cur.fetchall() if cur.description else []

    def add_player(self, row: PlayerRow) -> str:
        import psycopg

        try:
            self._write(f"INSERT INTO {self.s}.players VALUES (%s,%s,%s)",
                        (row.name, row.public_key, row.registered_at_ms))
        except psycopg.errors.UniqueViolation:
            return NAME_TAKEN if self.player(row.name) else KEY_REUSED
        return ""

    def player(self, name):
        rows = self.store._query(f"SELECT name, public_key, registered_at_ms FROM {self.s}.players WHERE name=%s",
                                 (name,))
        return PlayerRow(rows[0][0], bytes(rows[0][1]), rows[0][2]) if rows else None

    def all_players(self):
        return [PlayerRow(n, bytes(k), t) for n, k, t in self.store._query(
            f"SELECT name, public_key, registered_at_ms FROM {self.s}.players ORDER BY name")]

    def players_since(self, ms):
        return [PlayerRow(n, bytes(k), t) for n, k, t in self.store._query(
            f"SELECT name, public_key, registered_at_ms FROM {self.s}.players WHERE registered_at_ms >= %s "
            "ORDER BY registered_at_ms, name", (ms,))]

    def add_challenge(self, challenge, name, expires_at_ms, now_ms):
        self._write(f"DELETE FROM {self.s}.player_challenges WHERE expires_at_ms <= %s", (now_ms,))
        self._write(f"INSERT INTO {self.s}.player_challenges VALUES (%s,%s,%s)", (challenge, name, expires_at_ms))

    def take_challenge(self, challenge):
        rows = self._write(f"DELETE FROM {self.s}.player_challenges WHERE challenge=%s RETURNING name, expires_at_ms",
                           (challenge,))
        return (rows[0][0], rows[0][1]) if rows else None

    def add_session(self, token_hash, name, expires_at_ms, now_ms):
        self._write(f"DELETE FROM {self.s}.player_sessions WHERE expires_at_ms <= %s", (now_ms,))
        self._write(f"INSERT INTO {self.s}.player_sessions VALUES (%s,%s,%s)", (token_hash, name, expires_at_ms))

    def session(self, token_hash):
        rows = self.store._query(f"SELECT name, expires_at_ms FROM {self.s}.player_sessions WHERE token_hash=%s",
                                 (token_hash,))
        return (rows[0][0], rows[0][1]) if rows else None

    def add_seat_key(self, token_hash, game_id, public_key):
        self._write(f"INSERT INTO {self.s}.seat_keys VALUES (%s,%s,%s)", (token_hash, game_id, public_key))

    def seat_key(self, token_hash):
        rows = self.store._query(f"SELECT public_key FROM {self.s}.seat_keys WHERE token_hash=%s", (token_hash,))
        return bytes(rows[0][0]) if rows else None


def players_for(store: Store) -> Players:
    """The player tables beside ``store``: in its database, or in memory for a memory store."""
    if isinstance(store, SqliteStore):
        return SqlitePlayers(store.path)
    if isinstance(store, MemoryStore):
        return MemoryPlayers()
    if hasattr(store, "schema") and hasattr(store, "_pool"):  # server.pgstore.PostgresStore
        return PostgresPlayers(store)
    return MemoryPlayers()
