"""A game's static data: the printed components its rules read (maps, card lists, tables), exactly
the JSON files of its package's ``data/`` directory. The server hands them to clients as they are
(``GetGameData``), so a client draws the same map and reads the same cards as the rules do.

The set's identity is :func:`digest`: the SHA-256 of one line ``<name> <file sha256>\\n`` per file,
by name. Any client can recompute it from the files it received.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from importlib import resources

import msgspec

from . import registry


class DataFile(msgspec.Struct, frozen=True):
    name: str       # the file's name in the game's data directory ("map.json")
    content: bytes  # its exact bytes
    sha256: str     # lowercase hex sha256 of content


class GameData(msgspec.Struct, frozen=True):
    game_id: str
    version: str                  # the game's GameInfo.version
    files: tuple[DataFile, ...]   # ordered by name
    sha256: str                   # digest(files)


def digest(files: tuple[DataFile, ...] | list[DataFile]) -> str:
    """The identity of a set of files: sha256 of ``"<name> <sha256>\\n"`` for each, by name."""
    lines = "".join(f"{f.name} {f.sha256}\n" for f in sorted(files, key=lambda f: f.name))
    return hashlib.sha256(lines.encode()).hexdigest()


@lru_cache(maxsize=None)
def game_data(game_id: str) -> GameData:
    """The data files of ``game_id`` (``KeyError`` for an unknown game), read once: they are part of
    the installed code and do not change while it runs."""
    game = registry.get(game_id)
    folder = resources.files(registry.package(game_id)) / "data"
    files = []
    if folder.is_dir():
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if entry.name.endswith(".json") and entry.is_file():
                content = entry.read_bytes()
                files.append(DataFile(entry.name, content, hashlib.sha256(content).hexdigest()))
    return GameData(game_id, game.info.version, tuple(files), digest(files))
