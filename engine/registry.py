"""Games by id. A game registers itself when its package is imported."""

from __future__ import annotations

import importlib

from .core import Game

# Game id -> module that registers it. Only games whose rules have landed.
_KNOWN = {
    "roma": "engine.games.roma",
    "rome-et-carthage": "engine.games.rome_et_carthage",
    "hannibal": "engine.games.hannibal",
    "republic-of-carthage": "engine.games.republic_of_carthage",
}

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    _GAMES[game.info.id] = game
    return game


def get(game_id: str) -> Game:
    """The game with this id; ``KeyError`` if there is none."""
    if game_id not in _GAMES and game_id in _KNOWN:
        importlib.import_module(_KNOWN[game_id])
    return _GAMES[game_id]


def ids() -> list[str]:
    return sorted(_KNOWN)


def all_games() -> list[Game]:
    return [get(i) for i in ids()]


def package(game_id: str) -> str:
    """The package of the game ``game_id`` ("engine.games.roma"); ``KeyError`` if there is none."""
    return _KNOWN[game_id]
