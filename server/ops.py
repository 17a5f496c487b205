"""Moving and keeping a store's data: backup, restore, migration, and the check that every log in
a store verifies (docs/OPERATIONS.md).

Everything here works on the store's tables, below :class:`server.store.Store`, through one
copy: a :class:`Reader` (one consistent snapshot of a source: a single SQLite read transaction, or
one PostgreSQL ``REPEATABLE READ READ ONLY`` transaction) and a :class:`Writer` (a target store,
written whole games per transaction). So:

* ``backup``: the source, read consistently while it serves, copied into a new SQLite file that
  holds the store's own tables (for a SQLite store, SQLite's online backup API copies its pages
  instead). A backup file is itself a store: ``sqlite:FILE`` opens it.
* ``restore``: a backup copied into a store (SQLite or PostgreSQL), then every log verified.
* ``migrate``: one store copied into another (``sqlite:PATH`` to ``postgresql://…``, or any pair),
  then every log verified.

A copy never overwrites: a target that holds a game the source does not have, or a game whose log is
not a prefix of the source's, is refused before anything is written. A game's rows are written in one
transaction (with other whole games: up to ``BATCH_GAMES`` games or about ``BATCH_RECORDS`` records),
so a copy interrupted at any point leaves whole games only and is resumed by running it again: games
already there are skipped, games whose source has grown since get the missing tail.

Every log is verified after a copy (:func:`verify_game`): a finished game's export as ``carthago
verify`` checks it, a live game's with the seed the store keeps (``server.log.verify_live``), and
its head hash against the source's.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

from .playerstore import SQLITE_SCHEMA as PLAYERS_SQLITE_SCHEMA
from .store import _SCHEMA, Record, is_postgres

TABLES: dict[str, tuple[str, ...]] = {
    "games": ("game_id", "game_type", "players", "options", "seed", "created_at_ms", "finished"),
    "seats": ("game_id", "seat", "token_hash", "player"),
    "records": ("game_id", "seq", "body", "hash"),
    "requests": ("game_id", "seat", "request_id", "fingerprint", "response"),
    "snapshots": ("game_id", "seq", "hash", "version", "position", "state"),
}
_BLOBS = {"seed", "body", "hash", "fingerprint", "response", "state"}
# the players' tables (server.playerstore), copied whole beside the games (login challenges, which
# last a minute, are not): table -> its columns, the first its key
PLAYER_TABLES: dict[str, tuple[str, ...]] = {
    "players": ("name", "public_key", "registered_at_ms"),
    "player_sessions": ("token_hash", "name", "expires_at_ms"),
    "seat_keys": ("token_hash", "game_id", "public_key"),
}


def player_rows(owner, table: str) -> list[tuple]:
    """Every row of a players' table of a reader or writer (none in a store from before players)."""
    name = f"{owner.schema}.{table}" if getattr(owner, "schema", None) else table
    try:
        rows = owner.db.execute(f"SELECT {','.join(PLAYER_TABLES[table])} FROM {name} ORDER BY 1").fetchall()
    except sqlite3.OperationalError:  # no such table: a SQLite store older than the players
        return []
    return [tuple(bytes(v) if isinstance(v, memoryview) else v for v in r) for r in rows]


def _check_players(reader, writer) -> dict[str, list[tuple]]:
    """The source's players' rows, refused before anything is written when the target already has
    a name with another key, or a key under another name (a copy never overwrites)."""
    rows = {table: player_rows(reader, table) for table in PLAYER_TABLES}
    there = {name: key for name, key, _ in player_rows(writer, "players")}
    keys = {key: name for name, key in there.items()}
    for name, key, _ in rows["players"]:
        if there.get(name, key) != key or keys.get(key, name) != name:
            raise OpsError(f"{writer.label} already has a player {name!r} or its key under another name or key: "
                           "a copy never overwrites")
    return rows


class OpsError(Exception):
    """A copy, backup or restore that cannot be done as asked (nothing written, or said what was)."""


def _norm(table: str, row: tuple) -> tuple:
    """A row as plain Python values, whichever database it came from (bytes, bool for finished)."""
    out = []
    for name, value in zip(TABLES[table], row):
        if name in _BLOBS and value is not None:
            value = bytes(value)
        elif name == "finished":
            value = bool(value)
        out.append(value)
    return tuple(out)


# ---- readers: one consistent snapshot of a store ---------------------------------------

class Reader:
    label = ""

    def game_rows(self) -> list[tuple]: ...
    def rows_many(self, table: str, game_ids: list[str]) -> dict[str, list[tuple]]: ...
    def record_counts(self) -> dict[str, int]: ...
    def close(self) -> None: ...

    def rows(self, table: str, game_id: str) -> list[tuple]:
        return self.rows_many(table, [game_id]).get(game_id, [])

    def hash_at(self, game_id: str, seq: int) -> bytes | None:
        """The hash of one record (None: no such record)."""
        ...

    @staticmethod
    def _grouped(table: str, rows) -> dict[str, list[tuple]]:
        out: dict[str, list[tuple]] = {}
        for row in rows:
            out.setdefault(row[0], []).append(_norm(table, row))
        return out

    def records(self, game_id: str) -> list[Record]:
        return [Record(r[1], r[2], r[3]) for r in self.rows("records", game_id)]


class SqliteReader(Reader):
    """A SQLite store read in one read transaction (WAL: the server goes on writing meanwhile, this
    sees the database as it was when the transaction began)."""

    def __init__(self, path: str) -> None:
        if not Path(path).is_file():
            raise OpsError(f"{path}: no such SQLite store")
        self.label = f"sqlite:{path}"
        self.db = sqlite3.connect(f"file:{Path(path).resolve()}?mode=ro", uri=True, isolation_level=None)
        self.db.execute("PRAGMA busy_timeout=5000")
        try:
            names = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        except sqlite3.DatabaseError as exc:
            raise OpsError(f"{path}: not a SQLite store ({exc})") from None
        missing = set(TABLES) - names
        if missing:
            raise OpsError(f"{path}: not a Carthago store (no table {', '.join(sorted(missing))})")
        self.db.execute("BEGIN")
        self.db.execute("SELECT COUNT(*) FROM games").fetchone()  # the snapshot starts here

    def game_rows(self) -> list[tuple]:
        cols = ",".join(TABLES["games"])
        return [_norm("games", r) for r in self.db.execute(f"SELECT {cols} FROM games ORDER BY created_at_ms, game_id")]

    def rows_many(self, table, game_ids):
        cols = TABLES[table]
        marks = ",".join("?" * len(game_ids))
        return self._grouped(table, self.db.execute(
            f"SELECT {','.join(cols)} FROM {table} WHERE game_id IN ({marks}) ORDER BY game_id, {','.join(cols[1:3])}",
            list(game_ids)))

    def record_counts(self):
        return dict(self.db.execute("SELECT game_id, COUNT(*) FROM records GROUP BY game_id").fetchall())

    def hash_at(self, game_id, seq):
        row = self.db.execute("SELECT hash FROM records WHERE game_id=? AND seq=?", (game_id, seq)).fetchone()
        return bytes(row[0]) if row else None

    def close(self) -> None:
        self.db.close()


class PgReader(Reader):
    """A PostgreSQL store read in one ``REPEATABLE READ READ ONLY`` transaction: every table as of
    one moment, while the servers go on writing."""

    def __init__(self, url: str) -> None:
        import psycopg

        from .pgstore import SCHEMA_VERSION, _where, first_line, parse_url

        self.conninfo, self.schema = parse_url(url)
        self.label = f"postgresql schema {self.schema} at {_where(self.conninfo)}"
        try:
            self.db = psycopg.connect(self.conninfo)
        except psycopg.OperationalError as exc:
            raise OpsError(f"cannot reach {_where(self.conninfo)}: {first_line(exc)}") from None
        self.db.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
        self.db.read_only = True
        try:
            version = self.db.execute(f"SELECT MAX(version) FROM {self.schema}.schema_version").fetchone()[0]
        except psycopg.errors.UndefinedTable:
            raise OpsError(f"{self.label}: no Carthago store there") from None
        if version != SCHEMA_VERSION:
            raise OpsError(f"{self.label}: schema version {version}, this program knows {SCHEMA_VERSION}")

    def game_rows(self) -> list[tuple]:
        cols = ",".join(TABLES["games"])
        return [_norm("games", r) for r in self.db.execute(
            f"SELECT {cols} FROM {self.schema}.games ORDER BY created_at_ms, game_id").fetchall()]

    def rows_many(self, table, game_ids):
        cols = TABLES[table]
        return self._grouped(table, self.db.execute(
            f"SELECT {','.join(cols)} FROM {self.schema}.{table} WHERE game_id = ANY(%s) "
            f"ORDER BY game_id, {','.join(cols[1:3])}", (list(game_ids),)).fetchall())

    def record_counts(self):
        return dict(self.db.execute(f"SELECT game_id, COUNT(*) FROM {self.schema}.records GROUP BY game_id").fetchall())

    def hash_at(self, game_id, seq):
        row = self.db.execute(f"SELECT hash FROM {self.schema}.records WHERE game_id=%s AND seq=%s",
                              (game_id, seq)).fetchone()
        return bytes(row[0]) if row else None

    def close(self) -> None:
        self.db.rollback()
        self.db.close()


def _open_as(spec: str, sqlite: type, postgres: type):
    if spec.startswith("sqlite:"):
        return sqlite(spec[len("sqlite:"):])
    if is_postgres(spec):
        return postgres(spec)
    raise OpsError(f"{spec!r}: give sqlite:PATH or postgresql://… (the memory store keeps nothing)")


def open_reader(spec: str) -> Reader:
    return _open_as(spec, SqliteReader, PgReader)


# ---- writers: a target store, one game per transaction ---------------------------------

class Writer:
    label = ""

    def heads(self) -> dict[str, tuple[int, bytes] | None]:
        """Every game the target holds: its head (seq, hash), None if it has no record."""
        ...

    def write_games(self, games: list[tuple[dict[str, list[tuple]], bool]]) -> None:
        """Whole games in one transaction: each ``(rows by table, new)``; a new game's row must not
        be there yet, an existing one's is updated."""
        ...
    def delete_game(self, game_id: str) -> None: ...
    def reader(self) -> Reader: ...

    def close(self) -> None:
        self.db.close()


class SqliteWriter(Writer):
    """``synchronous``: FULL for a store (each committed batch survives a power loss, so a resumed copy
    starts after it); OFF for a backup's ``.partial`` file, synced once complete."""

    def __init__(self, path: str, synchronous: str = "FULL") -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.path, self.label = path, f"sqlite:{path}"
        self.db = sqlite3.connect(path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={'OFF' if synchronous == 'OFF' else 'FULL'}")
        self.db.execute("PRAGMA busy_timeout=5000")
        self.db.executescript(_SCHEMA)
        self.db.executescript(PLAYERS_SQLITE_SCHEMA)

    def heads(self):
        out: dict[str, tuple[int, bytes] | None] = {g: None for (g,) in self.db.execute("SELECT game_id FROM games")}
        for g, seq, h in self.db.execute("SELECT r.game_id, r.seq, r.hash FROM records r JOIN (SELECT game_id, "
                                         "MAX(seq) AS m FROM records GROUP BY game_id) t ON r.game_id=t.game_id "
                                         "AND r.seq=t.m"):
            if g in out:
                out[g] = (seq, bytes(h))
        return out

    @contextlib.contextmanager
    def _transaction(self):
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def write_games(self, games) -> None:
        with self._transaction():
            for table, new, rows in _by_table(games):
                rows = [tuple(int(v) if isinstance(v, bool) else v for v in r) for r in rows]
                verb = "INSERT" if table == "records" or new else "INSERT OR REPLACE"
                marks = ",".join("?" * len(TABLES[table]))
                self.db.executemany(f"{verb} INTO {table} ({','.join(TABLES[table])}) VALUES ({marks})", rows)

    def write_players(self, rows: dict[str, list[tuple]]) -> None:
        with self._transaction():
            for table, cols in PLAYER_TABLES.items():
                self.db.executemany(f"INSERT OR IGNORE INTO {table} ({','.join(cols)}) VALUES "
                                    f"({','.join('?' * len(cols))})", rows.get(table, []))

    def delete_game(self, game_id) -> None:
        with self._transaction():
            for table in reversed(TABLES):  # its rows first, the game's own last
                self.db.execute(f"DELETE FROM {table} WHERE game_id=?", (game_id,))

    def reader(self) -> Reader:
        return SqliteReader(self.path)


class PgWriter(Writer):
    def __init__(self, url: str) -> None:
        import psycopg

        from .pgstore import _where, first_line, migrate, parse_url

        self.url = url
        self.conninfo, self.schema = parse_url(url)
        self.label = f"postgresql schema {self.schema} at {_where(self.conninfo)}"
        try:
            migrate(self.conninfo, self.schema)
            self.db = psycopg.connect(self.conninfo, autocommit=True)
        except psycopg.OperationalError as exc:
            raise OpsError(f"cannot reach {_where(self.conninfo)}: {first_line(exc)}") from None

    def heads(self):
        s = self.schema
        out: dict[str, tuple[int, bytes] | None] = {g: None for (g,) in self.db.execute(f"SELECT game_id FROM {s}.games")}
        for g, seq, h in self.db.execute(f"SELECT DISTINCT ON (game_id) game_id, seq, hash FROM {s}.records "
                                         "ORDER BY game_id, seq DESC"):
            if g in out:
                out[g] = (seq, bytes(h))
        return out

    def write_games(self, games) -> None:
        keys = {"games": "game_id", "seats": "game_id, seat", "requests": "game_id, seat, request_id",
                "snapshots": "game_id, seq, version"}
        with self.db.transaction(), self.db.cursor() as cur:
            for table, new, rows in _by_table(games):
                cols = TABLES[table]
                sql = f"INSERT INTO {self.schema}.{table} ({','.join(cols)}) VALUES ({','.join(['%s'] * len(cols))})"
                if table != "records" and not new:
                    rest = [c for c in cols if c not in keys[table]]
                    sql += f" ON CONFLICT ({keys[table]}) DO UPDATE SET " + ",".join(f"{c}=EXCLUDED.{c}" for c in rest)
                cur.executemany(sql, rows)

    def write_players(self, rows: dict[str, list[tuple]]) -> None:
        with self.db.transaction(), self.db.cursor() as cur:
            for table, cols in PLAYER_TABLES.items():
                if rows.get(table):
                    cur.executemany(f"INSERT INTO {self.schema}.{table} ({','.join(cols)}) VALUES "
                                    f"({','.join(['%s'] * len(cols))}) ON CONFLICT DO NOTHING", rows[table])

    def delete_game(self, game_id) -> None:
        with self.db.transaction():
            for table in reversed(TABLES):
                self.db.execute(f"DELETE FROM {self.schema}.{table} WHERE game_id=%s", (game_id,))

    def reader(self) -> Reader:
        return PgReader(self.url)


def _by_table(games: list[tuple[dict[str, list[tuple]], bool]]) -> Iterator[tuple[str, bool, list[tuple]]]:
    """The rows of whole games, table by table in the order of TABLES (a game's row before its
    records): ``(table, new, rows)``, ``new`` only for the games rows of games not there yet."""
    for table in TABLES:
        for new in ((True, False) if table == "games" else (False,)):
            rows = [row for tables, is_new in games if table != "games" or is_new == new
                    for row in tables.get(table, ())]
            if rows:
                yield table, new, rows


def open_writer(spec: str) -> Writer:
    return _open_as(spec, SqliteWriter, PgWriter)


# ---- verifying ---------------------------------------------------------------------------

def verify_game(finished: bool, seed: bytes, records: list[Record]):
    """A game's log checked as a whole (``server.log.verify``, or ``verify_live`` with the store's
    seed for a game in play): a :class:`server.log.Verdict`."""
    from .log import export_bytes

    return _verify_export((finished, seed, export_bytes(records)))


def _verify_export(item: tuple[bool, bytes, bytes]):
    """(finished, seed, export) -> Verdict; a top-level function, so a process pool can run it."""
    from .log import verify, verify_live

    finished, seed, data = item
    return verify(data) if finished else verify_live(data, seed)


@dataclass
class Report:
    games: int = 0          # games in the source
    copied: int = 0         # written whole
    extended: int = 0       # had part of their log there already: the rest written
    present: int = 0        # there already, whole
    records: int = 0        # records written
    verified: int = 0
    problems: list[str] = field(default_factory=list)  # "GAME: what is wrong"
    players: int = 0        # registered players in the source (copied, or there already)

    def describe(self) -> str:
        text = (f"{self.games} games: {self.copied} copied, {self.extended} completed, {self.present} there already; "
                f"{self.records} records written; {self.players} players; {self.verified} logs verified")
        if self.problems:
            text += f"; {len(self.problems)} INVALID:\n  " + "\n  ".join(self.problems)
        return text


def verify_reader(reader: Reader, heads: dict[str, bytes] | None = None,
                  progress: Callable[[str], None] | None = None, jobs: int = 1) -> tuple[int, list[str]]:
    """Verify every game's log in ``reader``; ``heads``: the head hash each must end at (the
    source's); ``jobs``: processes replaying logs at once (a log's replay is bound by one core;
    0: one per core). Returns (verified, problems)."""
    from .log import export_bytes

    verified, problems = 0, []
    rows = {row[0]: row for row in reader.game_rows()}
    done = 0
    jobs = jobs or os.cpu_count() or 1
    pool = None
    if jobs > 1 and len(rows) > 1:
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        for batch in _batches(list(rows), reader.record_counts()):
            by_game = reader.rows_many("records", batch)
            items = [(rows[g][6], rows[g][4], export_bytes(Record(r[1], r[2], r[3]) for r in by_game.get(g, [])))
                     for g in batch]
            verdicts = pool.map(_verify_export, items, chunksize=4) if pool else map(_verify_export, items)
            for game_id, verdict in zip(batch, verdicts):
                if not verdict.ok:
                    problems.append(f"{game_id}: {verdict.describe()}")
                elif heads is not None and heads.get(game_id, b"").hex() != verdict.head_hash:
                    problems.append(f"{game_id}: its head hash {verdict.head_hash} is not the source's")
                else:
                    verified += 1
            done += len(batch)
            if progress:
                progress(f"verified {done}/{len(rows)} logs")
    finally:
        if pool is not None:
            pool.shutdown()
    return verified, problems


# ---- copying ----------------------------------------------------------------------------

def _check_target(reader: Reader, writer: Writer, source_games: dict[str, tuple]) -> dict[str, tuple[int, bytes] | None]:
    """The target's games, if every one is a prefix of the source's game of the same id; else
    :class:`OpsError` (the target holds other data: nothing is written)."""
    there = writer.heads()
    foreign = [g for g in there if g not in source_games]
    if foreign:
        raise OpsError(f"{writer.label} holds {len(foreign)} game(s) that {reader.label} does not "
                       f"(e.g. {sorted(foreign)[0]}): it holds other data, and a copy never overwrites; "
                       "give an empty store")
    for game_id, head in there.items():
        if head is None:
            continue
        if reader.hash_at(game_id, head[0]) != head[1]:  # the chain: equal there, equal all before
            raise OpsError(f"{writer.label}: game {game_id} holds a log that is not the one in {reader.label} "
                           "(its records differ): it holds other data; give an empty store")
    return there


BATCH_RECORDS = 20_000  # whole games per transaction, up to about this many records (or BATCH_GAMES)
BATCH_GAMES = 200


def _batches(game_ids: list[str], counts: dict[str, int]) -> list[list[str]]:
    out: list[list[str]] = [[]]
    size = 0
    for game_id in game_ids:
        if out[-1] and (size + counts.get(game_id, 0) > BATCH_RECORDS or len(out[-1]) >= BATCH_GAMES):
            out.append([])
            size = 0
        out[-1].append(game_id)
        size += counts.get(game_id, 0)
    return [b for b in out if b]


def copy_store(reader: Reader, writer: Writer, verify: bool = True,
               progress: Callable[[str], None] | None = None, jobs: int = 1) -> Report:
    """Copy every game of ``reader`` into ``writer`` (games, seats, records, requests, snapshots),
    whole games per transaction; then verify every log on the target. Resumable: see the module."""
    say = progress or (lambda _text: None)
    games = {row[0]: row for row in reader.game_rows()}
    there = _check_target(reader, writer, games)
    players = _check_players(reader, writer)
    report = Report(games=len(games), players=len(players["players"]))
    heads: dict[str, bytes] = {}
    done = 0
    for batch in _batches(list(games), reader.record_counts()):
        rows = {table: reader.rows_many(table, batch) for table in TABLES if table != "games"}
        writes = []
        for game_id in batch:
            records = rows["records"].get(game_id, [])
            if records:
                heads[game_id] = records[-1][3]
            new = game_id not in there
            head = there.get(game_id)
            start = 0 if head is None else head[0] + 1
            if not new and start >= len(records):
                report.present += 1
                continue
            writes.append(({"games": [games[game_id]], "seats": rows["seats"].get(game_id, []),
                            "records": records[start:], "requests": rows["requests"].get(game_id, []),
                            "snapshots": rows["snapshots"].get(game_id, [])}, new))
            report.records += len(records) - start
            if new:
                report.copied += 1
            else:
                report.extended += 1
        if writes:
            writer.write_games(writes)
        done += len(batch)
        say(f"copied {done}/{len(games)} games")
    writer.write_players(players)
    if verify:
        check = writer.reader()
        try:
            report.verified, report.problems = verify_reader(check, heads, say, jobs)
        finally:
            check.close()
    return report


def migrate_store(source: str, target: str, verify: bool = True,
                  progress: Callable[[str], None] | None = None, jobs: int = 1) -> Report:
    """``carthago migrate --from SOURCE --to TARGET``."""
    if _same_store(source, target):
        raise OpsError("--from and --to name the same store")
    reader = open_reader(source)
    try:
        writer = open_writer(target)
        try:
            return copy_store(reader, writer, verify, progress, jobs)
        finally:
            writer.close()
    finally:
        reader.close()


def _same_store(a: str, b: str) -> bool:
    if a.startswith("sqlite:") and b.startswith("sqlite:"):
        return os.path.realpath(a[7:]) == os.path.realpath(b[7:])
    return a == b


# ---- backup and restore -------------------------------------------------------------------

def backup(source: str, out: str, verify: bool = False,
           progress: Callable[[str], None] | None = None, jobs: int = 1) -> Report:
    """Write a consistent copy of the store ``source`` to the new SQLite file ``out`` while the
    store serves. SQLite: the online backup API (every page, as of one moment). PostgreSQL: every
    table read in one REPEATABLE READ transaction. The file appears only once complete (written
    as ``out.partial``, synced, then renamed); an existing ``out`` is never overwritten."""
    target = Path(out)
    if target.exists():
        raise OpsError(f"{out} exists: a backup never overwrites a file")
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        if source.startswith("sqlite:"):
            report = _backup_sqlite(source[len("sqlite:"):], partial)
        else:
            reader = open_reader(source)
            try:
                writer = SqliteWriter(str(partial), synchronous="OFF")  # synced once, complete
                try:
                    report = copy_store(reader, writer, verify=False, progress=progress)
                    writer.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                    writer.db.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
                finally:
                    writer.close()
            finally:
                reader.close()
        with open(partial, "rb") as f:
            os.fsync(f.fileno())
        if verify:
            check = SqliteReader(str(partial))
            try:
                report.verified, report.problems = verify_reader(check, None, progress, jobs)
            finally:
                check.close()
        os.replace(partial, target)
        _fsync_dir(target.parent)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return report


def _backup_sqlite(path: str, out: Path) -> Report:
    if not Path(path).is_file():
        raise OpsError(f"{path}: no such SQLite store")
    src = sqlite3.connect(f"file:{Path(path).resolve()}?mode=ro", uri=True)
    dst = sqlite3.connect(out)
    try:
        src.backup(dst)  # in one step: one consistent moment (a step-wise copy restarts on each write)
        dst.execute("PRAGMA journal_mode=DELETE")
        problem = dst.execute("PRAGMA integrity_check").fetchone()[0]
        if problem != "ok":
            raise OpsError(f"the backup of {path} fails SQLite's integrity check: {problem}")
        games = dst.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        records = dst.execute("SELECT COUNT(*) FROM records").fetchone()[0]
    finally:
        dst.close()
        src.close()
    return Report(games=games, copied=games, records=records)


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def restore(backup_file: str, target: str, progress: Callable[[str], None] | None = None,
            jobs: int = 1) -> Report:
    """Copy a backup (a file ``backup`` wrote) into the store ``target`` (empty, or holding part of
    this very backup from an interrupted restore), then verify every log there."""
    reader = SqliteReader(backup_file)
    try:
        if target.startswith("sqlite:") and os.path.realpath(target[7:]) == os.path.realpath(backup_file):
            raise OpsError("the backup file and the target store are the same file")
        writer = open_writer(target)
        try:
            return copy_store(reader, writer, verify=True, progress=progress, jobs=jobs)
        finally:
            writer.close()
    finally:
        reader.close()

