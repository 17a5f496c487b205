"""A game session: one Game run over its event log, in memory.

The session is what a bot, a test or the server drives. It never performs I/O:
the server persists what :meth:`Session.submit` returns and rebuilds a session
with :meth:`Session.restore` (snapshot + tail) or :meth:`Session.replay`.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterable, Iterator, NamedTuple

from . import errors
from .core import Emitted, Game, GameConfig, Status, copy_state, decode_state, encode_state
from .rng import Rng


def check_can_act(game: Game, state: Any, seat: int) -> Status:
    """The checks every ``decide`` starts with: game not over, seat must act."""
    st = game.status(state)
    if st.over:
        raise errors.RuleError(errors.GAME_OVER, "the game is over")
    if seat not in st.to_act:
        raise errors.RuleError(errors.NOT_YOUR_TURN, f"seat {seat} is not to act now")
    return st


def validate_config(game: Game, config: GameConfig) -> None:
    """Player count and options must be ones the game declares."""
    info = game.info
    if config.players not in info.player_counts:
        counts = ", ".join(map(str, info.player_counts))
        raise errors.RuleError(errors.BAD_CONFIG, f"{info.id} is played by {counts} players, not {config.players}")
    for name, value in config.options.items():
        spec = info.options.get(name)
        if spec is None:
            known = ", ".join(sorted(info.options)) or "none"
            raise errors.RuleError(errors.BAD_CONFIG, f"{info.id} has no option {name!r} (options: {known})")
        if value not in spec.values:
            raise errors.RuleError(errors.BAD_CONFIG, f"option {name} must be one of {', '.join(spec.values)}, not {value!r}")
    game.validate_config(config)


class Mark(NamedTuple):
    """A point of a session's play (:meth:`Session.mark`): its state encoded, and its position."""

    state: bytes
    position: int


class Session:
    """Game state plus its position in the game-event log."""

    def __init__(self, game: Game, config: GameConfig, seed: bytes, state: Any, position: int) -> None:
        self.game = game
        self.config = config
        self.seed = seed
        self.state = state
        self.position = position  # number of game events applied so far

    # -- building ---------------------------------------------------------
    @classmethod
    def start(cls, game: Game, config: GameConfig, seed: bytes) -> tuple["Session", list[Emitted]]:
        """A new game: the initial state with the setup events applied."""
        validate_config(game, config)
        session = cls(game, config, seed, game.initial(config), 0)
        opening = game.setup(config, Rng(seed, 0))
        session.apply(opening)
        return session, opening

    @classmethod
    def replay(cls, game: Game, config: GameConfig, seed: bytes, events: Iterable[Any]) -> "Session":
        """Rebuild from every game event (no randomness is drawn)."""
        session = cls(game, config, seed, game.initial(config), 0)
        for event in events:
            session.state = game.evolve(session.state, event)
            session.position += 1
        return session

    @classmethod
    def restore(cls, game: Game, config: GameConfig, seed: bytes, state: Any, position: int,
                tail: Iterable[Any]) -> "Session":
        """Rebuild from a snapshot taken at ``position`` plus the events after it."""
        session = cls(game, config, seed, state, position)
        for event in tail:
            session.state = game.evolve(session.state, event)
            session.position += 1
        return session

    # -- playing ----------------------------------------------------------
    def decide(self, seat: int, command: Any) -> list[Emitted]:
        """The events ``command`` would cause; raises RuleError. Changes nothing."""
        emitted = self.game.decide(self.state, seat, command, Rng(self.seed, self.position))
        if not emitted:
            raise AssertionError(f"{self.game.info.id}: decide returned no event for {command!r}")
        return emitted

    def apply(self, emitted: Iterable[Emitted]) -> None:
        for e in emitted:
            self.state = self.game.evolve(self.state, e.event)
            self.position += 1

    def submit(self, seat: int, command: Any) -> list[Emitted]:
        """Decide then apply; returns the events appended."""
        emitted = self.decide(seat, command)
        self.apply(emitted)
        return emitted

    # -- searching (docs/SEARCH.md) ---------------------------------------
    def copy(self) -> "Session":
        """An independent session at the same point: what one does to it never shows in the other
        (its state is a deep copy, through the game's canonical encoding)."""
        return Session(self.game, self.config, self.seed, copy_state(self.game, self.state), self.position)

    def mark(self) -> "Mark":
        """A point to come back to with :meth:`undo`. Costs one encoding of the state (``evolve``
        may update a state in place, so the point is kept as bytes, not as the object)."""
        return Mark(encode_state(self.state), self.position)

    def undo(self, mark: "Mark") -> None:
        """Back to ``mark`` (taken on this session): the state and the position as they were. A
        mark can be undone to any number of times."""
        self.state = decode_state(self.game, mark.state)
        self.position = mark.position

    @contextmanager
    def trial(self) -> Iterator["Session"]:
        """``with session.trial(): session.submit(...)`` — whatever happens inside is undone on
        leaving the block (on an exception too)."""
        mark = self.mark()
        try:
            yield self
        finally:
            self.undo(mark)

    # -- reading ----------------------------------------------------------
    def status(self) -> Status:
        return self.game.status(self.state)

    def legal(self, seat: int) -> list[Any]:
        return self.game.legal(self.state, seat)

    def view(self, seat: int | None) -> Any:
        return self.game.view(self.state, seat)


class ModularGame:
    """The :class:`Game` surface wired to a game written as modules, so that each game does not
    write the same delegation again: ``rules`` gives ``initial(config)``, ``setup(config, rng)``,
    ``decide``, ``legal`` and ``status``; ``views`` gives ``view`` and ``sample_hidden(game, …)``.
    ``decide`` starts with :func:`check_can_act`.

    A subclass sets ``info``, the four type attributes, ``rules``, ``views`` and
    ``evolve = staticmethod(<its evolve>)`` (called directly: no wrapper on the hottest path), and
    overrides what its rules shape differently (a game with options passes them to ``initial`` and
    ``setup``)."""

    rules: Any
    views: Any

    def validate_config(self, config: GameConfig) -> None:
        pass  # player counts and option values: checked by validate_config above

    def initial(self, config: GameConfig) -> Any:
        return self.rules.initial(config)

    def setup(self, config: GameConfig, rng: Rng) -> list[Emitted]:
        return self.rules.setup(config, rng)

    def decide(self, state: Any, seat: int, command: Any, rng: Rng) -> list[Emitted]:
        check_can_act(self, state, seat)  # type: ignore[arg-type]
        return self.rules.decide(state, seat, command, rng)

    def legal(self, state: Any, seat: int) -> list[Any]:
        return self.rules.legal(state, seat)

    def view(self, state: Any, seat: int | None) -> Any:
        return self.views.view(state, seat)

    def sample_hidden(self, state: Any, seat: int | None, rng: Rng) -> Any:
        return self.views.sample_hidden(self, state, seat, rng)

    def status(self, state: Any) -> Status:
        return self.rules.status(state)
