"""A game session: one Game run over its event log, in memory.

The session is what a bot, a test or the server drives. It never performs I/O:
the server persists what :meth:`Session.submit` returns and rebuilds a session
with :meth:`Session.restore` (snapshot + tail) or :meth:`Session.replay`.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterable, Iterator, NamedTuple

import msgspec

from . import errors
from . import platform as pf
from .core import Advanced, Emitted, Game, GameConfig, Status, copy_state, decode_state, decide_then_evolve, encode_state
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
    platform: "pf.PlatformState" = pf.PlatformState()


class Session:
    """Game state plus its position in the game-event log, and the platform's state beside it
    (resignations, draw offers, aborts: ``engine.platform``)."""

    def __init__(self, game: Game, config: GameConfig, seed: bytes, state: Any, position: int,
                 platform: "pf.PlatformState | None" = None) -> None:
        self.game = game
        self.config = config
        self.seed = seed
        self.state = state
        self.position = position  # number of game events applied so far
        self.platform = pf.PlatformState() if platform is None else platform

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
        return cls.restore(game, config, seed, game.initial(config), 0, events)

    @classmethod
    def restore(cls, game: Game, config: GameConfig, seed: bytes, state: Any, position: int,
                tail: Iterable[Any], platform: "pf.PlatformState | None" = None) -> "Session":
        """Rebuild from a snapshot taken at ``position`` plus the events after it. The events may
        include platform events and :class:`engine.platform.Moved` markers (a seat's game command)."""
        session = cls(game, config, seed, state, position, platform)
        evolve, platform_types = game.evolve, _PLATFORM_ITEMS
        for event in tail:
            if isinstance(event, platform_types):
                session.platform = pf.evolve(session.platform, event)
            elif isinstance(event, pf.Settled):
                session.clock_settle(event.seat, event.at_ms)
            elif isinstance(event, pf.Seated):
                session.clock_seated(event.at_ms)
            else:
                session.state = evolve(session.state, event)
                session.position += 1
        return session

    # -- snapshots ----------------------------------------------------------
    def encode_snapshot(self) -> bytes:
        """The state and the platform's state, encoded together (a snapshot's bytes)."""
        return msgspec.msgpack.encode((self.platform, msgspec.Raw(encode_state(self.state))))

    @classmethod
    def from_snapshot(cls, game: Game, config: GameConfig, seed: bytes, data: bytes, position: int) -> "Session":
        platform, raw = msgspec.msgpack.decode(data, type=tuple[pf.PlatformState, msgspec.Raw])
        return cls(game, config, seed, decode_state(game, bytes(raw)), position, platform)

    # -- playing ----------------------------------------------------------
    def decide(self, seat: int, command: Any) -> list[Emitted]:
        """The events ``command`` would cause; raises RuleError. Changes nothing."""
        if self.platform.result is not None:
            raise errors.RuleError(errors.GAME_OVER, "the game is over")
        emitted = self.game.decide(self.state, seat, command, Rng(self.seed, self.position))
        if not emitted:
            raise AssertionError(f"{self.game.info.id}: decide returned no event for {command!r}")
        return emitted

    def apply(self, emitted: Iterable[Emitted], seat: int | None = None) -> None:
        """Apply decided events; ``seat``: the seat whose command caused them (None: set-up), so
        its draw offer lapses and the game can no longer be aborted."""
        emitted = list(emitted)
        if seat is not None and seat >= 0 and not self.is_talk(emitted):
            self.platform = pf.evolve(self.platform, pf.Moved(seat))
        for e in emitted:
            self.state = self.game.evolve(self.state, e.event)
            self.position += 1

    def submit(self, seat: int, command: Any) -> list[Emitted]:
        """Decide then apply; returns the events appended."""
        emitted = self.decide(seat, command)
        self.apply(emitted, seat)
        return emitted

    # -- platform commands (engine.platform) --------------------------------
    def decide_platform(self, seat: int, command: Any, at_ms: int | None = None) -> Any:
        """The platform event ``command`` (resign, draw, abort, a claim) would cause; raises
        RuleError. ``at_ms``: when it arrived (the server's stamp; a claim is judged by it)."""
        if not 0 <= seat < self.config.players:
            raise errors.RuleError(errors.MALFORMED_COMMAND, f"no seat {seat} in this game")
        over = self.game.status(self.state).over
        return pf.decide(self.game, self.state, self.config.players, over, self.platform, seat, command, at_ms)

    def apply_platform(self, event: Any) -> None:
        self.platform = pf.evolve(self.platform, event)

    # -- clocks (engine.platform: the times are the server's, given as data) ----------------
    def is_talk(self, emitted: Iterable[Emitted]) -> bool:
        """Did a command cause only table talk (``engine.platform.is_talk``): no move, for the
        platform (the clocks, the abort window, draw offers)?"""
        return all(pf.is_talk(self.game, e.event) for e in emitted)

    def clock_settle(self, seat: int, at_ms: int) -> None:
        """After ``seat``'s game command (not table talk) arrived at ``at_ms`` and its events were
        applied (the clocks, or the seats' silence in a game that takes claims)."""
        self._clocks(lambda c, to_act: pf.clock_run(c, seat, at_ms, to_act))

    def clock_seated(self, at_ms: int) -> None:
        """A seat was claimed at ``at_ms``: the clocks (or the silence) start once every seat is."""
        self._clocks(lambda c, to_act: pf.clock_seated(c, at_ms, to_act))

    def _clocks(self, step) -> None:
        p = self.platform
        if (p.clock is not None or p.silence is not None) and p.result is None:
            to_act = self.status().to_act
            self.platform = msgspec.structs.replace(
                p, clock=None if p.clock is None else step(p.clock, to_act),
                silence=None if p.silence is None else step(p.silence, to_act))

    def decide_timeout(self, seat: int, now_ms: int) -> Any:
        """The ClockExpired event for ``seat`` at ``now_ms``; a RuleError if its time is not out."""
        over = self.game.status(self.state).over
        return pf.decide_timeout(self.game, self.state, self.config.players, over, self.platform, seat, now_ms)

    def decide_operator_abort(self, reason: str) -> Any:
        """The OperatorAborted event ending the game now (``engine.platform.decide_operator_abort``)."""
        return pf.decide_operator_abort(self.game.status(self.state).over, self.platform, reason)

    def submit_platform(self, seat: int, command: Any) -> Any:
        event = self.decide_platform(seat, command)
        self.apply_platform(event)
        return event

    # -- searching (docs/SEARCH.md) ---------------------------------------
    def copy(self) -> "Session":
        """An independent session at the same point: what one does to it never shows in the other
        (its state is a deep copy, through the game's canonical encoding)."""
        return Session(self.game, self.config, self.seed, copy_state(self.game, self.state), self.position,
                       self.platform)

    def mark(self) -> "Mark":
        """A point to come back to with :meth:`undo`. Costs one encoding of the state (``evolve``
        may update a state in place, so the point is kept as bytes, not as the object)."""
        return Mark(encode_state(self.state), self.position, self.platform)

    def undo(self, mark: "Mark") -> None:
        """Back to ``mark`` (taken on this session): the state and the position as they were. A
        mark can be undone to any number of times."""
        self.state = decode_state(self.game, mark.state)
        self.position = mark.position
        self.platform = mark.platform

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
        """The game's status; once a platform command ended it, that ending."""
        p = self.platform
        if p.result is not None:
            return Status((), True, p.result)
        return self.game.status(self.state)

    def ended_by(self) -> str:
        """How the game ended: ``engine.platform.BY_*`` ("" while it runs)."""
        if self.platform.result is not None:
            return self.platform.ended_by
        return pf.BY_RULES if self.game.status(self.state).over else ""

    def legal(self, seat: int) -> list[Any]:
        if self.platform.result is not None:
            return []
        return self.game.legal(self.state, seat)

    def view(self, seat: int | None) -> Any:
        return self.game.view(self.state, seat)


_PLATFORM_ITEMS = (*pf.EVENT_TYPES, pf.Moved, pf.ClockSet, pf.SilenceSet)


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

    def advance(self, state: Any, seat: int, command: Any, rng: Rng, allowed: list[Any] | None = None) -> Advanced:
        """``engine.core.advance``: the rules module's own when it has one (in place, no copy), else
        ``decide`` then ``evolve``."""
        own = getattr(self.rules, "advance", None)
        if own is not None:
            check_can_act(self, state, seat)  # type: ignore[arg-type]
            return own(state, seat, command, rng, allowed)
        return decide_then_evolve(self, state, seat, command, rng)  # type: ignore[arg-type]

    def unchecked_advance(self) -> Any:
        """``engine.core.stepper``'s step: the rules module's ``play`` (its ``advance`` without any
        check, for a caller that plays only commands of ``legal``) or ``advance`` itself, or its
        ``decide`` then ``evolve``, without ``check_can_act`` (its caller plays only a legal command
        of a seat to act)."""
        own = getattr(self.rules, "play", None) or getattr(self.rules, "advance", None)
        if own is not None:
            return own
        decide, evolve = self.rules.decide, self.evolve

        def step(state: Any, seat: int, command: Any, rng: Rng, allowed: list[Any] | None = None) -> Advanced:
            emitted = decide(state, seat, command, rng)
            for e in emitted:
                state = evolve(state, e.event)
            return Advanced(emitted, state)
        return step

    def owned_advance(self) -> Any:
        """``engine.core.stepper(game, owned=True)``'s step: the rules module's ``play_owned`` (no
        events listed, nothing copied, for a caller that owns its states outright), or None."""
        return getattr(self.rules, "play_owned", None)

    def unhinted_advance(self) -> Any:
        """``engine.core.stepper(game, hint=False)``'s step: the rules module's ``play_unhinted``
        (``play`` without the next seat's legal commands), or None."""
        return getattr(self.rules, "play_unhinted", None)

    def view(self, state: Any, seat: int | None) -> Any:
        return self.views.view(state, seat)

    def sample_hidden(self, state: Any, seat: int | None, rng: Rng) -> Any:
        return self.views.sample_hidden(self, state, seat, rng)

    def status(self, state: Any) -> Status:
        return self.rules.status(state)
