"""Retention (``carthago admin``, docs/OPERATIONS.md "Retention"): games abandoned in play, and
finished games kept for a time, then exported and removed.

* A game is **stale** when it is not finished and its last record (its last move, claim or
  creation) arrived more than N days ago: the envelope's arrival time, stamped by the server.
* The operator **aborts** a game with a record of its own in the log (``OperatorAborted``, a
  platform record with the operator's reason), followed by the seed's reveal as at any end, so the
  log stays one that ``carthago verify`` checks. It is written to the store directly, with the
  store's optimistic concurrency: a server running on that store meanwhile learns of it as of any
  other process's commit (it reads the head before each command; its streams poll the heads).
* Finished games older than an age are **purged**: each is exported (binary log and its JSON-lines
  rendering), the export read back and verified, listed in ``DIR/purged.jsonl`` with its head hash
  and sha256; only then is the game deleted from the store. A purge without an export directory is
  refused, and a game whose export does not verify is kept.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from carthago.v1 import carthago_pb2 as pb
from engine import registry
from engine.core import GameConfig
from engine.errors import RuleError
from engine.session import Session

from .log import Chain, export_bytes, platform_event_to_proto, render_jsonl, session_items, verify
from .ops import OpsError, open_writer
from .store import Conflict, GameMeta, Store
from .stores import open_store
from .wire import wire_for

DAY_MS = 24 * 3600 * 1000
_SAFE_ID = re.compile(r"^[A-Za-z0-9_.-]{1,100}$")


class RetentionError(Exception):
    """An admin action that cannot be done (nothing was changed)."""


@dataclass
class Stale:
    game_id: str
    game_type: str
    head_seq: int
    last_at_ms: int
    idle_days: float


@dataclass
class Purged:
    game_id: str
    records: int
    head_hash: str
    sha256: str
    path: str


def _now_ms() -> int:
    return int(time.time() * 1000)


def _open(spec: str) -> Store:
    if spec == "memory" or not (spec.startswith("sqlite:") or spec.startswith(("postgresql://", "postgres://"))):
        raise RetentionError(f"{spec!r}: give the store the server uses (sqlite:PATH or postgresql://…)")
    if spec.startswith("sqlite:") and not Path(spec[len("sqlite:"):]).is_file():
        raise RetentionError(f"{spec}: no such SQLite store")
    return open_store(spec)


def _games(store: Store, include_finished: bool) -> list[GameMeta]:
    out, after = [], None
    while True:
        page = store.list_games("", include_finished, 500, after)
        out += page
        if len(page) < 500:
            return out
        after = (page[-1].created_at_ms, page[-1].game_id)


def _last_at(store: Store, game_id: str) -> tuple[int, int] | None:
    """(seq, arrival time in ms) of a game's last record."""
    head = store.head(game_id)
    if head is None:
        return None
    body = pb.LogRecord.FromString(store.read(game_id, head[0], head[0])[0].body)
    return head[0], body.envelope.received_at_unix_ms


def _stale_in(store: Store, days: float, now_ms: int) -> list[Stale]:
    if not days > 0:
        raise RetentionError(f"--days must be more than 0, not {days:g}")
    cutoff = now_ms - days * DAY_MS
    out = []
    for meta in _games(store, include_finished=False):
        last = _last_at(store, meta.game_id)
        if last is not None and last[1] <= cutoff:
            out.append(Stale(meta.game_id, meta.game_type, last[0], last[1], (now_ms - last[1]) / DAY_MS))
    out.sort(key=lambda g: g.last_at_ms)
    return out


def stale_games(spec: str, days: float, now_ms: int | None = None) -> list[Stale]:
    """Unfinished games whose last record is ``days`` old or more, the longest idle first."""
    store = _open(spec)
    try:
        return _stale_in(store, days, _now_ms() if now_ms is None else now_ms)
    finally:
        store.close()


def _replay(store: Store, meta: GameMeta) -> tuple[Session, int, bytes]:
    game = registry.get(meta.game_type)
    wire = wire_for(game)
    config = GameConfig(players=meta.players, options=meta.options)
    records = store.read(meta.game_id)
    if not records:
        raise RetentionError(f"{meta.game_id}: its log holds no record")
    items = [item for r in records for item in session_items(wire, pb.LogRecord.FromString(r.body))]
    session = Session.restore(game, config, meta.seed, game.initial(config), 0, items)
    return session, records[-1].seq, records[-1].hash


def abort_in(store: Store, game_id: str, reason: str, now_ms: int | None = None) -> int:
    """Write the operator's abort of ``game_id`` (and the seed's reveal); the seq of the abort."""
    for _attempt in range(5):
        meta = store.get_game(game_id)
        if meta is None:
            raise RetentionError(f"no game {game_id!r} in the store")
        session, head_seq, head_hash = _replay(store, meta)
        try:
            event = session.decide_operator_abort(reason)
        except RuleError as exc:
            raise RetentionError(f"{exc.code}: {exc.message}") from None
        at = _now_ms() if now_ms is None else now_ms
        chain = Chain(game_id, meta.seed, head_seq + 1, head_hash)
        built = [chain.platform(platform_event_to_proto(event), at, pb.RECORD_AUTHOR_OPERATOR),
                 chain.platform(pb.PlatformEvent(seed_revealed=pb.SeedRevealed(seed=meta.seed)), at)]
        try:
            store.start_append(game_id, [r for r, _ in built], None, finished=True).result()
        except Conflict:  # a move landed meanwhile: decide again on the new head
            continue
        return head_seq + 1
    raise RetentionError(f"{game_id}: the game kept moving while it was being aborted; try again")


def abort_game(spec: str, game_id: str, reason: str, now_ms: int | None = None) -> int:
    store = _open(spec)
    try:
        return abort_in(store, game_id, reason, now_ms)
    finally:
        store.close()


def _write_once(path: Path, data: bytes) -> None:
    """``data`` at ``path``, synced; a file already there must hold exactly it (an interrupted purge
    run again), else it is an error: an export is never overwritten."""
    if path.exists():
        if path.read_bytes() != data:
            raise RetentionError(f"{path} exists with other contents: an export is never overwritten")
        return
    tmp = path.with_name(path.name + ".partial")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def purge_finished(spec: str, older_than_days: float, export_dir: str | None, dry_run: bool = False,
                   now_ms: int | None = None, progress: Callable[[str], None] | None = None) -> list[Purged]:
    """Export, verify, list, then delete every finished game whose last record is older than
    ``older_than_days``. Refused without ``export_dir``."""
    if not export_dir:
        raise RetentionError("a purge without an export is refused: give the directory to export to")
    if not older_than_days > 0:
        raise RetentionError(f"the age must be more than 0 days, not {older_than_days:g}")
    now_ms = _now_ms() if now_ms is None else now_ms
    cutoff = now_ms - older_than_days * DAY_MS
    store = _open(spec)
    out: list[Purged] = []
    try:
        due = []
        for meta in _games(store, include_finished=True):
            if not meta.finished:
                continue
            last = _last_at(store, meta.game_id)
            if last is not None and last[1] <= cutoff:
                due.append(meta)
        if dry_run:
            return [Purged(m.game_id, 0, "", "", "") for m in due]
        directory = Path(export_dir)
        directory.mkdir(parents=True, exist_ok=True)
        writer = open_writer(spec)
        try:
            with open(directory / "purged.jsonl", "a", encoding="utf-8") as manifest:
                for meta in due:
                    out.append(_purge_one(store, writer, meta, directory, manifest, now_ms))
                    if progress and len(out) % 100 == 0:
                        progress(f"purged {len(out)}/{len(due)} games")
        finally:
            writer.close()
    except OpsError as exc:
        raise RetentionError(str(exc)) from None
    finally:
        store.close()
    return out


def _purge_one(store: Store, writer, meta: GameMeta, directory: Path, manifest, now_ms: int) -> Purged:
    game_id = meta.game_id
    if not _SAFE_ID.match(game_id):
        raise RetentionError(f"game id {game_id!r} cannot name a file; nothing of it was purged")
    records = store.read(game_id)
    data = export_bytes(records)
    path = directory / f"{game_id}.log"
    _write_once(path, data)
    _write_once(directory / f"{game_id}.log.jsonl", render_jsonl(records).encode())
    verdict = verify(path.read_bytes())  # the file as written, read back
    if not verdict.ok or verdict.head_hash != records[-1].hash.hex():
        raise RetentionError(f"{game_id}: its export {path} does not verify ({verdict.describe()}); "
                             "the game is kept in the store")
    digest = hashlib.sha256(data).hexdigest()
    entry = {"game_id": game_id, "game_type": meta.game_type, "records": len(records), "head_hash": verdict.head_hash,
             "sha256": digest, "file": path.name, "result": verdict.result, "purged_at_unix_ms": now_ms}
    manifest.write(json.dumps(entry, sort_keys=True) + "\n")
    manifest.flush()
    os.fsync(manifest.fileno())
    writer.delete_game(game_id)  # only now: exported, verified, listed
    return Purged(game_id, len(records), verdict.head_hash, digest, str(path))
