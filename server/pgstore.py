"""The PostgreSQL store: one log that any number of server processes, on any number of machines,
share (DESIGN.md "Time, browsers and more processes").

The same contract as :class:`server.store.SqliteStore` (see ``server.store``), over psycopg 3:

* **Writes** go through one writer thread per process with its own connection (the
  :class:`~server.store.GroupWriter` that SQLite uses): every append waiting in its queue commits
  together, in one statement whatever the group's size (data-modifying CTEs, one
  ``INSERT … SELECT FROM unnest(…)`` per table, and the notifications): one round trip, one
  commit. Rows are sorted by key, so that two processes' groups always take their row locks in
  the same order (no deadlock between them). ``(game_id, seq)`` is the primary key: of two processes
  appending at one seq, the second's insert waits for the first's commit and then fails with a
  unique violation, which is :class:`~server.store.Conflict` for that append alone (the group is
  written again with a SAVEPOINT per append). A future resolves only after COMMIT returned.
* **Notifications**: once a group has committed, the writer runs ``pg_notify(channel, 'GAME SEQ')``
  for each append of it, in a transaction of its own (see :meth:`PostgresStore._notify` for why not
  in the appends' own), so a notification always follows its commit.
  :meth:`PostgresStore.watch` runs a listener thread per process; after any (re)connection it
  reports ``(None, -1)``: "you may have missed something, read the heads again".
* **Reads** use a small pool of connections (autocommit: each read sees every committed append).
* **The schema** lives in its own PostgreSQL schema (``carthago`` unless told otherwise), created and
  migrated on open (versioned in ``schema_version``), under an advisory lock so that several
  processes starting at once migrate it once. A database whose version is newer than this code
  knows is refused.

A lost connection is :class:`StoreUnavailable`. An append whose COMMIT was interrupted may or may not
have committed: the caller is told it is unavailable (never that it succeeded), the host rebuilds the
game from the log, and a client that retries with the same request id gets the first answer if it
did commit.

Settings: the URL (anything libpq accepts, plus ``?schema=NAME``), libpq's ``PG*`` variables, and
``CARTHAGO_PG_SCHEMA`` (schema when the URL names none), ``CARTHAGO_PG_POOL_SIZE`` (read connections
per process, default 4), ``CARTHAGO_PG_CONNECT_TIMEOUT`` (seconds, default 10).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import threading
import time
from concurrent.futures import Future
from typing import Callable
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import psycopg
import psycopg_pool
from psycopg import errors as pgerrors

from .challengestore import POSTGRES_MIGRATION as CHALLENGES_MIGRATION
from .store import Conflict, GameMeta, GroupWriter, Record, SeatRow, Snapshot, StoreUnavailable, _Job

log = logging.getLogger("carthago.store.postgres")

SCHEMA_VERSION = 3
_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,47}$")

# One entry per version: the statements that bring a schema from the version before to it.
# A released migration is never edited; a change of the schema is one more entry.
MIGRATIONS: dict[int, str] = {
    1: """
CREATE TABLE {s}.games (
  game_id TEXT PRIMARY KEY, game_type TEXT NOT NULL, players INTEGER NOT NULL,
  options TEXT NOT NULL, seed BYTEA NOT NULL, created_at_ms BIGINT NOT NULL,
  finished BOOLEAN NOT NULL DEFAULT FALSE);
CREATE INDEX games_by_creation ON {s}.games (created_at_ms DESC, game_id);
CREATE TABLE {s}.seats (
  game_id TEXT NOT NULL, seat INTEGER NOT NULL, token_hash TEXT NOT NULL, player TEXT NOT NULL,
  PRIMARY KEY (game_id, seat));
CREATE TABLE {s}.records (
  game_id TEXT NOT NULL, seq BIGINT NOT NULL, body BYTEA NOT NULL, hash BYTEA NOT NULL,
  PRIMARY KEY (game_id, seq));
CREATE TABLE {s}.requests (
  game_id TEXT NOT NULL, seat INTEGER NOT NULL, request_id TEXT NOT NULL,
  fingerprint BYTEA NOT NULL, response BYTEA NOT NULL,
  PRIMARY KEY (game_id, seat, request_id));
CREATE TABLE {s}.snapshots (
  game_id TEXT NOT NULL, seq BIGINT NOT NULL, hash BYTEA NOT NULL, version TEXT NOT NULL,
  position BIGINT NOT NULL, state BYTEA NOT NULL, PRIMARY KEY (game_id, seq, version));
""",
    # players (server.playerstore): names and keys, login challenges, sessions, the keys of seats
    2: """
CREATE TABLE {s}.players (
  name TEXT PRIMARY KEY, public_key BYTEA NOT NULL UNIQUE, registered_at_ms BIGINT NOT NULL);
CREATE TABLE {s}.player_challenges (
  challenge BYTEA PRIMARY KEY, name TEXT NOT NULL, expires_at_ms BIGINT NOT NULL);
CREATE TABLE {s}.player_sessions (
  token_hash TEXT PRIMARY KEY, name TEXT NOT NULL, expires_at_ms BIGINT NOT NULL);
CREATE TABLE {s}.seat_keys (
  token_hash TEXT PRIMARY KEY, game_id TEXT NOT NULL, public_key BYTEA NOT NULL);
""",
    # challenges between players (server.challengestore), shared by every process; the players by
    # registration and the games in play (server.leaderboard reads the new ones and those only)
    3: CHALLENGES_MIGRATION + """CREATE INDEX players_by_registration ON {s}.players (registered_at_ms);
CREATE INDEX games_in_play ON {s}.games (created_at_ms DESC, game_id) WHERE NOT finished;
""",
}


def parse_url(url: str) -> tuple[str, str]:
    """The libpq URL without our ``schema`` parameter, and the schema (URL, else
    ``CARTHAGO_PG_SCHEMA``, else ``carthago``)."""
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    schema = next((v for k, v in query if k == "schema"), "") or os.environ.get("CARTHAGO_PG_SCHEMA", "carthago")
    if not _NAME.match(schema):
        raise ValueError(f"schema {schema!r}: use lower-case letters, digits and _ (at most 48)")
    rest = [(k, v) for k, v in query if k != "schema"]
    if not any(k == "connect_timeout" for k, _ in rest):
        rest.append(("connect_timeout", os.environ.get("CARTHAGO_PG_CONNECT_TIMEOUT", "10")))
    return urlunsplit(parts._replace(query=urlencode(rest))), schema


def first_line(exc: BaseException) -> str:
    """An exception's message, first line only (psycopg's go on with hints), or its type."""
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _where(conninfo: str) -> str:
    """host:port/db of a URL, without user or password (for messages)."""
    parts = urlsplit(conninfo)
    return f"{parts.hostname or 'localhost'}:{parts.port or 5432}{parts.path}"


def migrate(conninfo: str, schema: str) -> tuple[int, int]:
    """Bring ``schema`` to :data:`SCHEMA_VERSION`; returns (version before, version after).
    Several processes may call this at once: an advisory lock makes them take turns."""
    with psycopg.connect(conninfo, autocommit=True) as db:
        with db.transaction():
            db.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (f"carthago-migrate:{schema}",))
            db.execute(f"CREATE SCHEMA IF NOT EXISTS {schema}")
            db.execute(f"CREATE TABLE IF NOT EXISTS {schema}.schema_version ("
                       "version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())")
            before = db.execute(f"SELECT COALESCE(MAX(version), 0) FROM {schema}.schema_version").fetchone()[0]
            if before > SCHEMA_VERSION:
                raise RuntimeError(f"the database schema {schema!r} is at version {before}, newer than this "
                                   f"server knows ({SCHEMA_VERSION}): run a newer server")
            for version in range(before + 1, SCHEMA_VERSION + 1):
                db.execute(MIGRATIONS[version].format(s=schema))
                db.execute(f"INSERT INTO {schema}.schema_version (version) VALUES (%s)", (version,))
                log.info("schema %s migrated to version %d", schema, version)
    return before, SCHEMA_VERSION


def _conflict(exc: Exception) -> Exception:
    """A taken key is a Conflict; a broken connection is StoreUnavailable; anything else as is."""
    if isinstance(exc, pgerrors.UniqueViolation):
        return Conflict(first_line(exc))
    if isinstance(exc, psycopg.OperationalError):
        return StoreUnavailable(f"the database connection failed: {first_line(exc)}")
    return exc


class PostgresStore(GroupWriter):
    def __init__(self, url: str, max_group: int = 512, pool_size: int | None = None,
                 migrate_on_open: bool = True) -> None:
        self.conninfo, self.schema = parse_url(url)
        self.label = f"postgresql schema {self.schema}"
        self.channel = f"carthago_{self.schema}"
        try:
            if migrate_on_open:
                migrate(self.conninfo, self.schema)
            self._check_version()
        except psycopg.OperationalError as exc:
            raise StoreUnavailable(f"cannot reach the database at {_where(self.conninfo)}: {first_line(exc)}") from None
        s = self.schema
        self._sql = {
            "append": f"""WITH
  r AS (INSERT INTO {s}.records (game_id, seq, body, hash)
        SELECT * FROM unnest(%s::text[], %s::bigint[], %s::bytea[], %s::bytea[])),
  q AS (INSERT INTO {s}.requests (game_id, seat, request_id, fingerprint, response)
        SELECT * FROM unnest(%s::text[], %s::int[], %s::text[], %s::bytea[], %s::bytea[])),
  n AS (INSERT INTO {s}.snapshots (game_id, seq, hash, version, position, state)
        SELECT * FROM unnest(%s::text[], %s::bigint[], %s::bytea[], %s::text[], %s::bigint[], %s::bytea[])
        ON CONFLICT (game_id, seq, version) DO UPDATE
        SET hash=EXCLUDED.hash, position=EXCLUDED.position, state=EXCLUDED.state),
  f AS (UPDATE {s}.games SET finished=TRUE WHERE game_id = ANY(%s::text[]))
SELECT 1""",
            "notify": "SELECT pg_notify(%s, p) FROM unnest(%s::text[]) AS p",
            "snapshot": f"INSERT INTO {s}.snapshots (game_id, seq, hash, version, position, state) "
                        "VALUES (%s,%s,%s,%s,%s,%s) ON CONFLICT (game_id, seq, version) DO UPDATE "
                        "SET hash=EXCLUDED.hash, position=EXCLUDED.position, state=EXCLUDED.state",
            "finished": f"UPDATE {s}.games SET finished=TRUE WHERE game_id = ANY(%s::text[])",
        }
        size = pool_size or int(os.environ.get("CARTHAGO_PG_POOL_SIZE", "4"))
        self._pool = psycopg_pool.ConnectionPool(self.conninfo, min_size=1, max_size=max(1, size),
                                                 kwargs={"autocommit": True}, open=True,
                                                 name=f"carthago-{self.schema}")
        self._writer_db: psycopg.Connection | None = None
        # reads awaited on an event loop: up to pool_size connections, each [connection, reads in flight]
        self._aconns: list[list] = []
        self._aconn_loop: asyncio.AbstractEventLoop | None = None
        self._aconn_lock: asyncio.Lock | None = None
        self._pool_size = max(1, size)
        self._watchers: list[Callable[[str | None, int], None]] = []
        self._listener: threading.Thread | None = None
        self.listening = threading.Event()  # set while the listener holds a LISTEN connection
        self._start_writer(f"carthago-pg-writer:{self.schema}", max_group)

    def _check_version(self) -> None:
        with psycopg.connect(self.conninfo, autocommit=True) as db:
            try:
                row = db.execute(f"SELECT MAX(version) FROM {self.schema}.schema_version").fetchone()
            except pgerrors.UndefinedTable:
                row = (None,)
        if row[0] != SCHEMA_VERSION:
            raise RuntimeError(f"the database schema {self.schema!r} is at version {row[0]}, this server needs "
                               f"{SCHEMA_VERSION}: run `carthago migrate --store URL`")

    # ---- the writer thread ---------------------------------------------------------------
    def _writer(self) -> psycopg.Connection:
        if self._writer_db is None or self._writer_db.closed or self._writer_db.broken:
            if self._writer_db is not None:
                self._writer_db.close()
            self._writer_db = psycopg.connect(self.conninfo, autocommit=True)
        return self._writer_db

    def _commit_group(self, group: list[_Job]) -> None:
        """Other writes (games, seats) one by one; then every append of the group in one statement,
        so one round trip and one commit (:meth:`_append_jobs`). Should that fail, :meth:`_commit_each`
        finds which append did."""
        appends = []
        for job in group:
            if job.append is None:
                self._run_alone(job)
            else:
                appends.append(job)
        if not appends:
            return
        try:
            self._append_jobs(self._writer(), appends)
        except psycopg.Error as exc:
            error = _conflict(exc)
            if isinstance(error, StoreUnavailable):  # the outcome of a commit in flight is unknown
                self._fail(appends, error)
            elif len(appends) > 1:
                self._commit_each(appends)
            else:
                appends[0].done.set_exception(error)
            return
        self.commits += 1
        self.writes += len(appends)
        for job in appends:
            job.done.set_result(None)
        self._notify(appends)

    def _run_alone(self, job: _Job) -> None:
        try:
            job.run(self._writer())  # autocommit: its own transaction
        except psycopg.Error as exc:
            error = _conflict(exc)
            if isinstance(error, StoreUnavailable):
                self._fail([job], error)
            else:
                job.done.set_exception(error)
            return
        self.commits += 1
        self.writes += 1
        job.done.set_result(None)

    def _commit_each(self, group: list[_Job]) -> None:
        """The appends again in one transaction, each in its own SAVEPOINT: one that fails is rolled
        back alone and only its future gets the error; the others commit together."""
        outcomes: list[BaseException | None] = []
        try:
            db = self._writer()
            with db.transaction():
                for job in group:
                    try:
                        with db.transaction():  # a savepoint
                            self._append_jobs(db, [job])
                    except psycopg.Error as exc:
                        if isinstance(exc, psycopg.OperationalError):
                            raise
                        outcomes.append(_conflict(exc))
                    else:
                        outcomes.append(None)
        except psycopg.Error as exc:
            error = _conflict(exc)
            if isinstance(error, StoreUnavailable):
                self._fail(group, error)
                return
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
        self._notify(group)

    def _fail(self, group: list[_Job], error: Exception) -> None:
        log.warning("the database connection failed during a write of %d jobs: %s", len(group), error)
        if self._writer_db is not None:
            self._writer_db.close()
            self._writer_db = None
        for job in group:
            if not job.done.done():
                job.done.set_exception(error)

    def _append_jobs(self, db: psycopg.Connection, jobs: list[_Job]) -> None:
        """Every row of these appends in one statement (data-modifying CTEs): outside a transaction
        block it is its own transaction, atomic, one round trip."""
        records: list[tuple] = []
        requests: list[tuple] = []
        snapshots: list[tuple] = []
        finished: list[str] = []
        for job in jobs:
            rows, request, snapshot, game_id = job.append
            records += rows
            if request is not None:
                requests.append(request)
            if snapshot is not None:
                snapshots.append(snapshot)
            if game_id is not None:
                finished.append(game_id)
        # sorted by key: every process takes row locks in one order, so two groups never deadlock
        records.sort(key=lambda r: r[:2])
        requests.sort(key=lambda r: r[:3])
        snapshots.sort(key=lambda r: (r[0], r[1], r[3]))
        params: list = []
        for rows, width in ((records, 4), (requests, 5), (snapshots, 6)):
            params += [list(column) for column in zip(*rows)] if rows else [[] for _ in range(width)]
        db.execute(self._sql["append"], [*params, sorted(finished)])

    def _notify(self, jobs: list[_Job]) -> None:
        """After the commit, in a transaction of its own: a NOTIFY inside the appends' transaction
        would hold PostgreSQL's notification lock through that commit's flush, serializing the
        commits of every process on the database. Lost only if this process dies between the
        two; the host's poll of the streamed games' heads then repairs it."""
        notes = [f"{job.append[0][-1][0]} {job.append[0][-1][1]}" for job in jobs if job.done.exception() is None]
        if not notes:
            return
        try:
            self._writer().execute(self._sql["notify"], (self.channel, notes))
        except psycopg.Error as exc:
            log.warning("notifying %d appends failed (%s); the heads' poll will find them", len(notes), exc)

    # ---- writes ----------------------------------------------------------------------------
    def create_game(self, meta: GameMeta, records: list[Record] = (), seats: list[SeatRow] = ()) -> None:
        """The game's row, its first records and the seats claimed at creation (house bots') in
        one transaction (all or none)."""
        row = (meta.game_id, meta.game_type, meta.players, json.dumps(meta.options, sort_keys=True),
               meta.seed, meta.created_at_ms, meta.finished)
        rows = [(meta.game_id, r.seq, r.body, r.hash) for r in records]
        seat_rows = [(meta.game_id, r.seat, r.token_hash, r.player) for r in seats]

        def run(db: psycopg.Connection) -> None:
            with db.transaction():
                db.execute(f"INSERT INTO {self.schema}.games VALUES (%s,%s,%s,%s,%s,%s,%s)", row)
                if rows:
                    with db.cursor() as cur:
                        cur.executemany(f"INSERT INTO {self.schema}.records VALUES (%s,%s,%s,%s)", rows)
                if seat_rows:
                    with db.cursor() as cur:
                        cur.executemany(f"INSERT INTO {self.schema}.seats VALUES (%s,%s,%s,%s)", seat_rows)
            if records:  # the other processes' open-seats feeds (server.feed) learn of the new game
                try:
                    db.execute(self._sql["notify"], (self.channel, [f"{meta.game_id} {records[-1].seq}"]))
                except psycopg.Error as exc:
                    log.warning("notifying a new game failed (%s); other feeds list it at its first claim", exc)
        self._write(run)

    def mark_finished(self, game_id: str) -> None:
        self._write(lambda db: db.execute(self._sql["finished"], ([game_id],)))

    def claim_seat(self, game_id: str, row: SeatRow, records: list[Record] = ()) -> bool:
        """The seat's row and its records (``SeatClaimed``) in one transaction, then a notification.
        False if the seat is taken; :class:`Conflict` if another process took the records' seq."""
        claimed = []

        def run(db: psycopg.Connection) -> None:
            with db.transaction():
                taken = db.execute(f"INSERT INTO {self.schema}.seats VALUES (%s,%s,%s,%s) ON CONFLICT DO NOTHING",
                                   (game_id, row.seat, row.token_hash, row.player)).rowcount == 0
                if taken:
                    return
                if records:
                    with db.cursor() as cur:
                        cur.executemany(f"INSERT INTO {self.schema}.records VALUES (%s,%s,%s,%s)",
                                        [(game_id, r.seq, r.body, r.hash) for r in records])
            claimed.append(True)
            if records:
                try:
                    db.execute(self._sql["notify"], (self.channel, [f"{game_id} {records[-1].seq}"]))
                except psycopg.Error as exc:
                    log.warning("notifying a seat claim failed (%s); the heads' poll will find it", exc)
        self._write(run)
        return bool(claimed)

    def append(self, game_id, records, request=None) -> None:
        self.start_append(game_id, records, request).result()

    def start_append(self, game_id, records, request=None, snapshot=None, finished=False, inline=True) -> Future:
        """Always by the writer thread (``inline`` is for stores that may commit on the caller's thread)."""
        if not records:
            done: Future = Future()
            done.set_exception(Conflict(f"{game_id}: an append needs at least one record"))
            return done
        rows = [(game_id, r.seq, r.body, r.hash) for r in records]
        snap = None if snapshot is None else (game_id, snapshot.seq, snapshot.hash, snapshot.version,
                                              snapshot.position, snapshot.state)
        return self._submit(_Job(append=(rows, None if request is None else (game_id, *request), snap,
                                         game_id if finished else None)))

    def put_snapshot(self, game_id, snapshot) -> None:
        row = (game_id, snapshot.seq, snapshot.hash, snapshot.version, snapshot.position, snapshot.state)
        self._write(lambda db: db.execute(self._sql["snapshot"], row))

    # ---- reads -----------------------------------------------------------------------------
    def _query(self, sql: str, params: tuple = ()) -> list[tuple]:
        """Rows of one read; a connection that broke since its last use is replaced once."""
        for attempt in (1, 2):
            try:
                with self._pool.connection() as db:
                    return db.execute(sql, params).fetchall()
            except psycopg_pool.PoolTimeout as exc:
                raise StoreUnavailable(f"no database connection: {exc}") from None
            except psycopg.OperationalError as exc:
                if attempt == 2:
                    raise StoreUnavailable(f"the database connection failed: {exc}") from None
        raise AssertionError("unreachable")

    @staticmethod
    def _meta(row) -> GameMeta:
        return GameMeta(row[0], row[1], row[2], json.loads(row[3]), bytes(row[4]), row[5], bool(row[6]))

    def get_game(self, game_id: str) -> GameMeta | None:
        rows = self._query(f"SELECT * FROM {self.schema}.games WHERE game_id=%s", (game_id,))
        return self._meta(rows[0]) if rows else None

    def list_games(self, game_type: str, include_finished: bool, limit: int,
                   after: tuple[int, str] | None = None) -> list[GameMeta]:
        c, g = after if after is not None else (1 << 62, "")
        live = "" if include_finished else "NOT finished AND "  # a term of its own: the index of games in play
        sql = (f"SELECT * FROM {self.schema}.games WHERE {live}(%s='' OR game_type=%s) "
               "AND (created_at_ms < %s OR (created_at_ms = %s AND game_id > %s)) "
               "ORDER BY created_at_ms DESC, game_id LIMIT %s")
        return [self._meta(r) for r in self._query(sql, (game_type, game_type, c, c, g, limit))]

    def seats(self, game_id: str) -> list[SeatRow]:
        rows = self._query(f"SELECT seat, token_hash, player FROM {self.schema}.seats WHERE game_id=%s ORDER BY seat",
                           (game_id,))
        return [SeatRow(*r) for r in rows]

    def read(self, game_id, from_seq=0, to_seq=None) -> list[Record]:
        hi = (1 << 62) if to_seq is None else to_seq
        rows = self._query(f"SELECT seq, body, hash FROM {self.schema}.records WHERE game_id=%s AND seq BETWEEN %s "
                           "AND %s ORDER BY seq", (game_id, from_seq, hi))
        return [Record(s, bytes(b), bytes(h)) for s, b, h in rows]

    def head(self, game_id):
        rows = self._query(f"SELECT seq, hash FROM {self.schema}.records WHERE game_id=%s ORDER BY seq DESC LIMIT 1",
                           (game_id,))
        return (rows[0][0], bytes(rows[0][1])) if rows else None

    def heads(self, game_ids) -> dict[str, int]:
        if not game_ids:
            return {}
        rows = self._query(f"SELECT g, (SELECT seq FROM {self.schema}.records WHERE game_id=g ORDER BY seq DESC "
                           "LIMIT 1) FROM unnest(%s::text[]) AS g", (list(game_ids),))
        return {g: seq for g, seq in rows if seq is not None}

    def find_request(self, game_id, seat, request_id):
        rows = self._query(f"SELECT fingerprint, response FROM {self.schema}.requests WHERE game_id=%s AND seat=%s "
                           "AND request_id=%s", (game_id, seat, request_id))
        return (bytes(rows[0][0]), bytes(rows[0][1])) if rows else None

    def _head_and_request_sql(self) -> str:
        return (f"SELECT r.seq, r.hash, q.fingerprint, q.response FROM (SELECT 1) AS one "
                f"LEFT JOIN LATERAL (SELECT seq, hash FROM {self.schema}.records WHERE game_id=%s ORDER BY seq DESC "
                f"LIMIT 1) r ON TRUE LEFT JOIN {self.schema}.requests q ON q.game_id=%s AND q.seat=%s AND "
                "q.request_id=%s")

    @staticmethod
    def _head_and_request_row(row, request_id):
        seq, hash_, fingerprint, response = row
        return (None if seq is None else (seq, bytes(hash_)),
                None if fingerprint is None or not request_id else (bytes(fingerprint), bytes(response)))

    def head_and_request(self, game_id, seat, request_id):
        rows = self._query(self._head_and_request_sql(), (game_id, game_id, seat, request_id or ""))
        return self._head_and_request_row(rows[0], request_id)

    # ---- reads awaited on the event loop -----------------------------------------------------
    # The host's per-call reads (a command's checks, every read RPC's head check): awaited on its
    # loop over an async connection, so the loop serves other calls during the round trip without
    # handing the read to a thread and back (a worker thread per read cost more CPU than the read).
    async def _aquery(self, sql: str, params: tuple) -> list[tuple]:
        loop = asyncio.get_running_loop()
        if self._aconn_loop is not loop:  # first use (or a new loop: tests run several)
            self._aconns, self._aconn_loop, self._aconn_lock = [], loop, asyncio.Lock()
        for attempt in (1, 2):
            slot = await self._aslot()
            slot[1] += 1
            try:
                cursor = await slot[0].execute(sql, params)
                return await cursor.fetchall()
            except psycopg.OperationalError as exc:
                if attempt == 2:
                    raise StoreUnavailable(f"the database connection failed: {exc}") from None
            finally:
                slot[1] -= 1
        raise AssertionError("unreachable")

    async def _aslot(self) -> list:
        """An idle connection; else a new one while fewer than the pool size; else the least busy
        (a connection runs one query at a time: the others wait for it)."""
        self._aconns = [c for c in self._aconns if not (c[0].closed or c[0].broken)]
        idle = [c for c in self._aconns if c[1] == 0]
        if idle:
            return idle[0]
        if len(self._aconns) < self._pool_size:
            async with self._aconn_lock:
                if len(self._aconns) < self._pool_size:
                    slot = [await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True), 0]
                    self._aconns.append(slot)
                    return slot
        return min(self._aconns, key=lambda c: c[1])

    async def head_async(self, game_id):
        rows = await self._aquery(f"SELECT seq, hash FROM {self.schema}.records WHERE game_id=%s ORDER BY seq DESC "
                                  "LIMIT 1", (game_id,))
        return (rows[0][0], bytes(rows[0][1])) if rows else None

    async def head_and_request_async(self, game_id, seat, request_id):
        rows = await self._aquery(self._head_and_request_sql(), (game_id, game_id, seat, request_id or ""))
        return self._head_and_request_row(rows[0], request_id)

    async def close_async(self) -> None:
        """Close the connection the event loop reads on (before :meth:`close`, on that loop)."""
        if self._aconn_loop is asyncio.get_running_loop():
            for conn, _ in self._aconns:
                await conn.close()
        self._aconns = []

    def latest_snapshot(self, game_id, version):
        rows = self._query(f"SELECT seq, hash, version, position, state FROM {self.schema}.snapshots WHERE "
                           "game_id=%s AND version=%s ORDER BY seq DESC LIMIT 1", (game_id, version))
        return Snapshot(rows[0][0], bytes(rows[0][1]), rows[0][2], rows[0][3], bytes(rows[0][4])) if rows else None

    def ping(self) -> None:
        self._query("SELECT 1")

    # ---- notifications ---------------------------------------------------------------------
    def watch(self, callback: Callable[[str | None, int], None]) -> None:
        """Call ``callback(game_id, head_seq)`` (from a listener thread) after every append any process
        commits to this schema, and ``callback(None, -1)`` after each (re)connection of the listener:
        whatever was committed while it was not listening must be read from the log."""
        self._watchers.append(callback)
        if self._listener is None:
            self._listener = threading.Thread(target=self._listen_loop, name=f"carthago-pg-listen:{self.schema}",
                                              daemon=True)
            self._listener.start()

    def notify(self, name: str, seq: int) -> None:
        """Tell every process's watchers ``(name, seq)`` as if an append had been committed: what
        is not a game's (``name`` then starts with "@", which no game id does: server.challenges'
        notes). Lost if this process dies first, as a commit's notification may be."""
        try:
            with self._pool.connection() as db:
                db.execute("SELECT pg_notify(%s, %s)", (self.channel, f"{name} {seq}"))
        except (psycopg.Error, psycopg_pool.PoolTimeout) as exc:
            log.warning("notifying %s failed (%s)", name, first_line(exc))

    def _tell(self, game_id: str | None, seq: int) -> None:
        for callback in list(self._watchers):
            try:
                callback(game_id, seq)
            except Exception:  # noqa: BLE001 - a watcher's failure is its own
                log.exception("a notification watcher failed")

    def _listen_loop(self) -> None:
        backoff = 0.1
        while not self._closed:
            try:
                with psycopg.connect(self.conninfo, autocommit=True) as db:
                    db.execute(f'LISTEN "{self.channel}"')
                    self.listening.set()
                    backoff = 0.1
                    self._tell(None, -1)
                    while not self._closed:
                        for note in db.notifies(timeout=0.5):
                            game_id, _, seq = note.payload.rpartition(" ")
                            self._tell(game_id, int(seq))
            except psycopg.Error as exc:
                self.listening.clear()
                if self._closed:
                    return
                log.warning("the notification listener lost its connection (%s); reconnecting in %.1fs",
                            first_line(exc), backoff)
                time.sleep(backoff)
                backoff = min(5.0, backoff * 2)
        self.listening.clear()

    def close(self) -> None:
        """Commit every write already queued, then stop the writer, the listener and the pool."""
        if not self._stop_writer():
            return
        if self._writer_db is not None:
            self._writer_db.close()
        if self._listener is not None:
            self._listener.join(5)
        self._pool.close()


def drop_schema(url: str) -> None:
    """Remove a schema and everything in it (tests and benchmarks clean up with this)."""
    conninfo, schema = parse_url(url)
    with psycopg.connect(conninfo, autocommit=True) as db:
        db.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
