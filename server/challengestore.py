"""Where challenges between players live (``server.challenges``), so that every server process on one
database sees the same ones: a challenge made through one process is answered through another.

Beside the players' tables (``server.playerstore``), in the same database: a SQLite table in the
game store's file (the players' connection), a PostgreSQL table in the store's schema
(``server.pgstore``'s migration 3), or memory. One table:

- ``game_challenges (challenge_id, challenger_key, challenged_key, state, created_at_ms,
  expires_at_ms, body)``: ``body`` is the ``Challenge`` message as the players are shown it; the
  other columns are what the queries need (``state`` a ``ChallengeState`` number).

An answer is a compare-and-set of ``state`` (:meth:`set`): of two processes answering one challenge
at once, one wins and the other finds it closed. Rows older than ``KEEP_MS`` go when a new challenge
is made (an open challenge lapses long before).
"""

from __future__ import annotations

import threading
from typing import Protocol

import msgspec

from .playerstore import PostgresPlayers, SqlitePlayers

OPEN = 1          # pb.CHALLENGE_STATE_OPEN (the numbers of carthago.v1.ChallengeState)
KEEP_MS = 86_400_000  # a challenge is remembered a day (answering an older one: NO_SUCH_CHALLENGE)
LISTED_MAX = 200      # open challenges to or from one player listed on its stream's connection


class ChallengeRow(msgspec.Struct, frozen=True):
    challenge_id: str
    challenger_key: bytes
    challenged_key: bytes
    state: int
    created_at_ms: int
    expires_at_ms: int
    body: bytes  # carthago.v1.Challenge, serialized


class Challenges(Protocol):
    def add(self, row: ChallengeRow, open_max: int, now_ms: int) -> bool: ...  # False: open_max open already, nothing added
    def get(self, challenge_id: str) -> ChallengeRow | None: ...
    def set(self, challenge_id: str, from_state: int, state: int, body: bytes) -> bool: ...  # False: not in from_state
    def open_of(self, key: bytes) -> list[ChallengeRow]: ...  # OPEN rows to or from key (lapsed ones too), oldest first


class MemoryChallenges:
    def __init__(self) -> None:
        self.rows: dict[str, ChallengeRow] = {}
        self.lock = threading.Lock()

    def add(self, row, open_max, now_ms):
        with self.lock:
            for cid in [c for c, r in self.rows.items() if r.created_at_ms < now_ms - KEEP_MS]:
                del self.rows[cid]
            if sum(1 for r in self.rows.values() if r.challenger_key == row.challenger_key and r.state == OPEN
                   and r.expires_at_ms > now_ms) >= open_max:
                return False
            self.rows[row.challenge_id] = row
            return True

    def get(self, challenge_id):
        return self.rows.get(challenge_id)

    def set(self, challenge_id, from_state, state, body):
        with self.lock:
            row = self.rows.get(challenge_id)
            if row is None or row.state != from_state:
                return False
            self.rows[challenge_id] = msgspec.structs.replace(row, state=state, body=body)
            return True

    def open_of(self, key):
        rows = [r for r in self.rows.values() if r.state == OPEN and key in (r.challenger_key, r.challenged_key)]
        return sorted(rows, key=lambda r: (r.created_at_ms, r.challenge_id))[:LISTED_MAX]


SQLITE_SCHEMA = """
CREATE TABLE IF NOT EXISTS game_challenges (
  challenge_id TEXT PRIMARY KEY, challenger_key BLOB NOT NULL, challenged_key BLOB NOT NULL,
  state INTEGER NOT NULL, created_at_ms INTEGER NOT NULL, expires_at_ms INTEGER NOT NULL, body BLOB NOT NULL);
CREATE INDEX IF NOT EXISTS game_challenges_from ON game_challenges (challenger_key, state);
CREATE INDEX IF NOT EXISTS game_challenges_to ON game_challenges (challenged_key, state);
CREATE INDEX IF NOT EXISTS game_challenges_age ON game_challenges (created_at_ms);
"""
_COLUMNS = "challenge_id, challenger_key, challenged_key, state, created_at_ms, expires_at_ms, body"


def _row(r: tuple) -> ChallengeRow:
    return ChallengeRow(r[0], bytes(r[1]), bytes(r[2]), r[3], r[4], r[5], bytes(r[6]))


class SqliteChallenges:
    """The table in the game store's file, on the players' connection (server.playerstore.SqlitePlayers)."""

    def __init__(self, players) -> None:
        self.players = players
        with players.lock:
            players.db.executescript(SQLITE_SCHEMA)

    def add(self, row, open_max, now_ms):
        p = self.players
        with p.lock:
            p.db.execute("DELETE FROM game_challenges WHERE created_at_ms < ?", (now_ms - KEEP_MS,))
            added = p.db.execute(
                f"INSERT INTO game_challenges ({_COLUMNS}) SELECT ?,?,?,?,?,?,? WHERE (SELECT count(*) FROM "
                "game_challenges WHERE challenger_key=? AND state=? AND expires_at_ms > ?) < ?",
                (*msgspec.structs.astuple(row), row.challenger_key, OPEN, now_ms, open_max)).rowcount
        return added == 1

    def get(self, challenge_id):
        rows = self.players._run(f"SELECT {_COLUMNS} FROM game_challenges WHERE challenge_id=?", (challenge_id,))
        return _row(rows[0]) if rows else None

    def set(self, challenge_id, from_state, state, body):
        p = self.players
        with p.lock:
            return p.db.execute("UPDATE game_challenges SET state=?, body=? WHERE challenge_id=? AND state=?",
                                (state, body, challenge_id, from_state)).rowcount == 1

    def open_of(self, key):
        rows = self.players._run(
            f"SELECT {_COLUMNS} FROM game_challenges WHERE state=? AND (challenger_key=? OR challenged_key=?) "
            "ORDER BY created_at_ms, challenge_id LIMIT ?", (OPEN, key, key, LISTED_MAX))
        return [_row(r) for r in rows]


# server.pgstore's migration 3 (a released migration is never edited: a change is one more)
POSTGRES_MIGRATION = """
CREATE TABLE {s}.game_challenges (
  challenge_id TEXT PRIMARY KEY, challenger_key BYTEA NOT NULL, challenged_key BYTEA NOT NULL,
  state INTEGER NOT NULL, created_at_ms BIGINT NOT NULL, expires_at_ms BIGINT NOT NULL, body BYTEA NOT NULL);
CREATE INDEX game_challenges_from ON {s}.game_challenges (challenger_key, state);
CREATE INDEX game_challenges_to ON {s}.game_challenges (challenged_key, state);
CREATE INDEX game_challenges_age ON {s}.game_challenges (created_at_ms);
"""


class PostgresChallenges:
    """The table in the store's schema, through its pool (server.pgstore.PostgresStore)."""

    def __init__(self, store) -> None:
        self.store, self.s = store, store.schema

    def _write(self, sql: str, params: tuple) -> int:
        with self.store._pool.connection() as db:  # autocommit: one statement, one transaction
            return db.execute(sql, params).rowcount

    def add(self, row, open_max, now_ms):
        self._write(f"DELETE FROM {self.s}.game_challenges WHERE created_at_ms < %s", (now_ms - KEEP_MS,))
        return self._write(
            f"INSERT INTO {self.s}.game_challenges ({_COLUMNS}) SELECT %s,%s,%s,%s,%s,%s,%s WHERE (SELECT count(*) "
            f"FROM {self.s}.game_challenges WHERE challenger_key=%s AND state=%s AND expires_at_ms > %s) < %s",
            (*msgspec.structs.astuple(row), row.challenger_key, OPEN, now_ms, open_max)) == 1

    def get(self, challenge_id):
        rows = self.store._query(f"SELECT {_COLUMNS} FROM {self.s}.game_challenges WHERE challenge_id=%s",
                                 (challenge_id,))
        return _row(rows[0]) if rows else None

    def set(self, challenge_id, from_state, state, body):
        return self._write(f"UPDATE {self.s}.game_challenges SET state=%s, body=%s WHERE challenge_id=%s AND state=%s",
                           (state, body, challenge_id, from_state)) == 1

    def open_of(self, key):
        rows = self.store._query(
            f"SELECT {_COLUMNS} FROM {self.s}.game_challenges WHERE state=%s AND (challenger_key=%s OR "
            "challenged_key=%s) ORDER BY created_at_ms, challenge_id LIMIT %s", (OPEN, key, key, LISTED_MAX))
        return [_row(r) for r in rows]


def challenges_for(players) -> Challenges:
    """The challenges' table beside the players' tables ``players`` (server.playerstore.players_for)."""
    if isinstance(players, SqlitePlayers):
        return SqliteChallenges(players)
    if isinstance(players, PostgresPlayers):
        return PostgresChallenges(players.store)
    return MemoryChallenges()
