"""The `carthago` commands that read a game's log: export, verify, render, moves and replay (a
file, or a game id on the server)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from .cli_common import _engine_modules, _fail


def _write_export(resp, path: str) -> None:
    Path(path).write_bytes(resp.records)
    Path(path + ".jsonl").write_text(resp.jsonl)
    print(f"exported to {path} (and {path}.jsonl)")


def cmd_export(args) -> int:
    from .client import CarthagoError, Client

    try:
        with Client(args.server, token=args.token) as client:
            _write_export(client.export(args.game_id), args.output)
    except CarthagoError as err:
        return _fail(err)
    return 0


def _verify_file(path: str, head: str | None = None) -> tuple[int, str]:
    """One exported log checked: (exit code, what to print). 0 verified, 1 not, 2 not a log to verify."""
    from server.log import verify

    try:
        data = Path(path).read_bytes()
    except OSError as err:
        return 2, f"error: cannot read {path}: {err.strerror}"
    if path.endswith(".jsonl") or data[:1] == b"{":
        binary = path[: -len(".jsonl")] if path.endswith(".jsonl") else "the binary log"
        return 2, (f"error: {path} is the JSON-lines rendering, for reading; verify checks the binary log "
                   f"it was exported with ({binary}): `carthago verify {binary}`")
    verdict = verify(data, head=head)
    return (0 if verdict.ok else 1), verdict.describe()


def cmd_verify(args) -> int:
    _engine_modules()
    files = args.file
    if len(files) == 1:
        code, text = _verify_file(files[0], args.head)
        print(text, file=sys.stderr if code == 2 else sys.stdout)
        return code
    if args.head:
        sys.exit("--head names one log's head: verify that log alone")
    if args.jobs < 0:
        sys.exit(f"--jobs is a number of processes (0: one per core), not {args.jobs}")
    # several logs: one process per core (a log's verification is pure Python, bound by one core);
    # printed in the order given, each line prefixed with its file
    jobs = min(args.jobs or os.cpu_count() or 1, len(files))
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_verify_file, files, chunksize=1))
    else:
        results = [_verify_file(f) for f in files]
    for path, (code, text) in zip(files, results):
        print(f"{path}: {text}", file=sys.stderr if code == 2 else sys.stdout)
    failed = sum(1 for code, _ in results if code == 1)
    unreadable = sum(1 for code, _ in results if code == 2)
    print(f"{len(files)} logs: {len(files) - failed - unreadable} verified, {failed} INVALID, "
          f"{unreadable} not checked ({jobs} process{'es' if jobs > 1 else ''})")
    return 2 if unreadable else (1 if failed else 0)


def _log_data(target: str, args) -> bytes | int:
    """The exported log named by ``target``: a file, or a game id on the server (finished games;
    live ones with the operator token). An int: the exit code of a failure already reported."""
    if Path(target).is_file():
        return Path(target).read_bytes()
    from engine import registry

    from .client import CarthagoError, Client, pb

    try:
        with Client(args.server, token=args.token) as client:
            return client.export(target, form=pb.EXPORT_FORM_BINARY).records
    except CarthagoError as err:
        if err.code == "NOT_FINISHED":
            print(f"error: {target} is still in play: reading it needs its log, which the server gives "
                  "only for finished games or with the operator token (--token)", file=sys.stderr)
            return 1
        if err.code == "GAME_NOT_FOUND" or err.status == "UNAVAILABLE":
            print(f"error: {target!r} is neither a file, a game type ({', '.join(registry.ids())}) nor a "
                  f"game on the server at {args.server} ({err.code})", file=sys.stderr)
            return 1
        return _fail(err)


def cmd_render(args) -> int:
    _engine_modules()
    import importlib

    from engine import registry
    from server.render import render_export

    target = args.target

    def map_renderer():
        """A game type's (or a game package's) map, if the engine draws one."""
        if not all(c.isalnum() or c in "-_" for c in target):
            return None
        try:
            return getattr(importlib.import_module(f"engine.games.{target.replace('-', '_')}.render"),
                           "render_map", None)
        except ModuleNotFoundError:
            return None

    if not Path(target).is_file() and (render_map := map_renderer()) is not None:
        svg = render_map()
    elif not Path(target).is_file() and target in registry.ids():
        sys.exit(f"{target} has no map to draw (games with one: rome-et-carthage, hannibal)")
    else:
        data = _log_data(target, args)
        if isinstance(data, int):
            return data
        svg = render_export(data, args.seq, args.seat)
    Path(args.output).write_text(svg)
    print(f"wrote {args.output}")
    return 0


def cmd_moves(args) -> int:
    """The move list of a game: one line per command, in the game's own notation."""
    _engine_modules()
    from server.render import moves

    data = _log_data(args.target, args)
    if isinstance(data, int):
        return data
    for number, m in enumerate(moves(data, args.lang), 1):
        print(f"{number:4d}. {m.text}" + (f"  [seq {m.seq}]" if args.seqs else ""))
    return 0


def cmd_replay(args) -> int:
    """Write a page that steps through a game position by position, with its move list."""
    _engine_modules()
    from server.replay import write_replay

    data = _log_data(args.target, args)
    if isinstance(data, int):
        return data
    from tqdm import tqdm

    # a bar on stderr (tqdm leaves it out where stderr is no terminal): a long game's drawing is seen to move
    with tqdm(desc="drawing positions", unit="position", disable=None, leave=False) as bar:
        def progress(done: int, total: int) -> None:
            bar.total = total
            bar.update(done - bar.n)

        index, count = write_replay(data, Path(args.out), progress, args.lang)
    files = len(list((Path(args.out) / "positions").glob("*.svg"))) if (Path(args.out) / "positions").is_dir() else 0
    print(f"wrote {count} positions ({files} drawings) to {args.out}; open {index} (keys: → ← Home End)")
    return 0
