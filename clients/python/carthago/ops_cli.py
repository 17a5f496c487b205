"""The operator's commands of `carthago`: backup, restore, migrate's copy mode, admin (retention).

Their work is done by the server package (``server.ops``, ``server.retention``), imported inside
each command, as ``cli.py`` does: the client package installs without it. docs/OPERATIONS.md.
"""

from __future__ import annotations

import argparse
import os
import sys

DEFAULT_STORE = "sqlite:var/carthago.db"


def _store_default() -> str:
    return os.environ.get("CARTHAGO_STORE", DEFAULT_STORE)


# cli.py's own helpers, handed in by register() (this module never imports cli: no import circle)
_HELPERS: dict = {}


def _engine():
    _HELPERS["engine_modules"]()


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _run(what: str, work, interrupted: str) -> int:
    """Run ``work()`` (a server.ops call returning a Report): its report printed, non-zero naming
    each log that does not verify; a refusal said plainly; Ctrl-C said with what it left."""
    from server.ops import OpsError

    try:
        report = work()
    except OpsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"\n{interrupted}", file=sys.stderr)
        return 130
    print(f"{what}: {report.describe()}")
    return 1 if report.problems else 0


RESUME = "interrupted: every game written so far is whole; run the same command again to go on"


# ---- backup / restore / migrate --from --to ---------------------------------------------

def cmd_backup(args) -> int:
    _engine()
    from server.ops import backup

    return _run(f"backup {args.output}", lambda: backup(args.store, args.output, verify=args.verify, progress=_say, jobs=args.jobs),
                "backup interrupted: no file written")


def cmd_restore(args) -> int:
    _engine()
    from server.ops import restore

    return _run(f"restore into {_redacted(args.store)}", lambda: restore(args.file, args.store, progress=_say, jobs=args.jobs),
                f"restore {RESUME}")


def migrate_copy(args) -> int:
    """`carthago migrate --from SOURCE --to TARGET`: copy every game, then verify every log."""
    _engine()
    from server.ops import migrate_store

    if not (args.source and args.target):
        sys.exit("migrate copies with both --from SOURCE and --to TARGET (or upgrades a schema with --store alone)")
    return _run(f"migrate {_redacted(args.source)} -> {_redacted(args.target)}",
                lambda: migrate_store(args.source, args.target, progress=_say, jobs=args.jobs), f"migration {RESUME}")


def _redacted(store: str) -> str:
    return _HELPERS["redacted"](store)


def _jobs(s: argparse.ArgumentParser) -> None:
    s.add_argument("--jobs", "-j", type=int, default=1, metavar="N",
                   help="processes verifying logs at once (default 1; 0: one per core)")


def add_migrate_copy(s: argparse.ArgumentParser, schema_mode) -> None:
    """Give the `migrate` parser its copy mode: with --from and --to it copies; else it runs
    ``schema_mode`` (create or upgrade a PostgreSQL schema, as before)."""
    s.add_argument("--from", dest="source", metavar="STORE",
                   help="copy mode: the store to copy from (sqlite:PATH or postgresql://…)")
    s.add_argument("--to", dest="target", metavar="STORE",
                   help="copy mode: the store to copy into (empty, or holding part of this very copy: an "
                        "interrupted migration is resumed by running it again)")

    _jobs(s)

    def run(args) -> int:
        if args.source or args.target:
            return migrate_copy(args)
        return schema_mode(args)
    s.set_defaults(func=run)


# ---- admin (retention) -------------------------------------------------------------------

def cmd_admin(args) -> int:
    _engine()
    from server import retention as R

    try:
        return args.admin(R, args)
    except R.RetentionError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


def _stale(R, args) -> int:
    rows = R.stale_games(args.store, args.days)
    for g in rows:
        print(f"{g.game_id}\t{g.game_type}\t{g.idle_days:.1f} days without a move\tseq {g.head_seq}")
    print(f"{len(rows)} stale game(s): unfinished, no move for {args.days:g} days or more", file=sys.stderr)
    return 0


def _abort(R, args) -> int:
    ids = list(args.game_id or [])
    if args.stale_days is not None:
        ids += [g.game_id for g in R.stale_games(args.store, args.stale_days)]
    if not ids:
        sys.exit("name the games to abort (GAME_ID …) or give --stale-days N")
    if args.dry_run:
        for game_id in ids:
            print(f"would abort {game_id}")
        return 0
    failed = 0
    for game_id in ids:
        try:
            seq = R.abort_game(args.store, game_id, args.reason)
        except R.RetentionError as exc:
            print(f"{game_id}: not aborted: {exc}", file=sys.stderr)
            failed += 1
            continue
        print(f"aborted {game_id}: the operator's record at seq {seq}, the seed revealed at seq {seq + 1}")
    return 1 if failed else 0


def _purge(R, args) -> int:
    if not args.export_to:
        sys.exit("a purge deletes games from the store: it exports each first. Give --export-to DIR "
                 "(a purge without an export is refused)")
    done = R.purge_finished(args.store, args.older_than_days, args.export_to, dry_run=args.dry_run,
                            progress=_say)
    for p in done:
        print(f"would purge {p.game_id}" if args.dry_run else
              f"purged {p.game_id}\t{p.records} records\thead {p.head_hash}\t{p.path}")
    print(f"{len(done)} finished game(s) older than {args.older_than_days:g} days "
          + ("would be purged (dry run: nothing exported or deleted)" if args.dry_run else
             f"purged; exports and their list in {args.export_to}/purged.jsonl"), file=sys.stderr)
    return 0


def _verify(_R, args) -> int:
    from server.ops import OpsError, open_reader, verify_reader

    try:
        reader = open_reader(args.store)
    except OpsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    try:
        verified, problems = verify_reader(reader, None, _say, args.jobs)
    finally:
        reader.close()
    for problem in problems:
        print(f"INVALID {problem}")
    print(f"{verified} logs verified, {len(problems)} INVALID")
    return 1 if problems else 0


def register(sub, engine_modules, redacted) -> None:
    """The operator's subcommands, on `carthago`'s subparsers. ``engine_modules()`` exits when the
    server package is not installed; ``redacted(store)`` is a store URL without its password."""
    _HELPERS.update(engine_modules=engine_modules, redacted=redacted)
    s = sub.add_parser("backup", help="write a consistent copy of a store to a new file, while it serves")
    s.add_argument("--store", default=_store_default(), help="the store (sqlite:PATH or postgresql://…; env "
                   "CARTHAGO_STORE)")
    s.add_argument("-o", "--output", required=True, metavar="FILE",
                   help="the backup to write (a SQLite file holding the store's tables; never overwritten)")
    s.add_argument("--verify", action="store_true", help="also verify every game's log in the backup")
    _jobs(s)
    s.set_defaults(func=cmd_backup)

    s = sub.add_parser("restore", help="copy a backup into a store (an empty one), then verify every log")
    s.add_argument("file", help="the backup (`carthago backup -o FILE`)")
    s.add_argument("--store", required=True, help="the store to restore into (sqlite:PATH or postgresql://…)")
    _jobs(s)
    s.set_defaults(func=cmd_restore)

    s = sub.add_parser("admin", help="retention: stale games, the operator's abort, export then purge")
    verbs = s.add_subparsers(dest="verb", required=True, metavar="VERB")
    v = verbs.add_parser("stale", help="list unfinished games with no move for N days")
    v.add_argument("--days", type=float, required=True, metavar="N")
    v.set_defaults(admin=_stale)
    v = verbs.add_parser("abort", help="end games with no result, by an operator's record in each log")
    v.add_argument("game_id", nargs="*")
    v.add_argument("--stale-days", type=float, metavar="N", help="also every unfinished game with no move for N days")
    v.add_argument("--reason", required=True, help="the operator's reason, written in the log (at most 200 characters)")
    v.add_argument("--dry-run", action="store_true", help="only list the games that would be aborted")
    v.set_defaults(admin=_abort)
    v = verbs.add_parser("purge", help="export, then delete from the store, finished games older than N days")
    v.add_argument("--older-than-days", type=float, required=True, metavar="N",
                   help="finished games whose last record is older than N days")
    v.add_argument("--export-to", metavar="DIR",
                   help="where each game's log is exported (and verified) before it is deleted (required)")
    v.add_argument("--dry-run", action="store_true", help="only list the games that would be purged")
    v.set_defaults(admin=_purge)
    v = verbs.add_parser("verify", help="verify every game's log in a store (finished and in play), as of one moment")
    _jobs(v)
    v.set_defaults(admin=_verify)
    for v in verbs.choices.values():
        v.add_argument("--store", default=_store_default(), help="the store (env CARTHAGO_STORE)")
    s.set_defaults(func=cmd_admin)
