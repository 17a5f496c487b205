"""The Decider surface every game implements (DESIGN.md "The engine").

A game is an object satisfying :class:`Game`. Its commands, events, views and
state are msgspec Structs; commands and events are tagged unions (``tag=True``
on each variant) whose tag is the snake_case variant name, which is also the
field name of that variant in the game's protobuf ``oneof``.

Contract, checked for every registered game by the conformance suite:

* ``setup(config, rng)`` returns the opening events.
* ``decide(state, seat, command, rng)`` validates one command and returns at
  least one event, or raises :class:`engine.errors.RuleError`. It never
  mutates ``state``; the same inputs give the same events.
* ``evolve(state, event)`` applies one event and returns the new state. It is
  total over events that ``decide``/``setup`` produced and draws no randomness.
  It takes ownership of ``state`` and may update it in place (a deliberate
  choice for speed, see docs/ARCHITECTURE.md); a caller that must keep the old
  state copies it first with :func:`copy_state`.
* ``legal(state, seat)`` lists every command the seat may send now; each is
  accepted by ``decide``.
* ``view(state, seat)`` is what that seat (``None``: a spectator) may see.
* ``sample_hidden(state, seat, rng)`` returns a full state the seat cannot tell
  from ``state``: ``view(seat, s) == view(seat, sample_hidden(s, seat, r))``.
* ``status(state)`` says who must act, and whether and how the game ended.

Optional, for search bots and other callers that own a state they may throw away (docs/SEARCH.md):

* ``advance(state, seat, command, rng, allowed=None)`` decides and evolves in one step, working on
  ``state`` itself instead of a copy (it takes ownership of ``state``, as ``evolve`` does). It gives
  the events ``decide`` would give and leaves the state ``evolve`` would leave, and it refuses an
  illegal command, as ``decide`` does, before changing anything. ``allowed``: the seat's legal
  commands, when the caller holds them. It returns an :class:`Advanced`, whose ``legal`` may carry
  the commands of the seat to act next (the rules list them while running). :func:`advance` is the
  entry point: a game without its own ``advance`` decides, then evolves.
"""

from __future__ import annotations

import re
from typing import Any, Callable, ClassVar, NamedTuple, Protocol, runtime_checkable

import msgspec

from .rng import Rng


def snake_case(name: str) -> str:
    """``PlayCard`` -> ``play_card``: the tag of a variant and its oneof field name."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


class Variant(msgspec.Struct, frozen=True, tag=snake_case, tag_field="type", forbid_unknown_fields=True):
    """Base of every command and event struct: a variant of a tagged union.

    Its tag is the snake_case class name, which is also the name of the field
    that carries it in the game's protobuf ``oneof kind``. Fields must map 1:1
    onto the protobuf message of the same name: ints (int32), bools, strings,
    tuples (repeated) and nested plain structs (messages).
    """


class OptionSpec(msgspec.Struct, frozen=True):
    """An option a game accepts: its allowed values and default."""

    values: tuple[str, ...]
    default: str
    doc: str = ""
    changes_rules: bool = True  # the conformance suite covers every value of such options
    doc_fr: str = ""  # ``doc`` in French (ListGameTypesRequest.language "fr"); "" falls back to ``doc``

    def doc_in(self, language: str = "en") -> str:
        """What the option changes, in ``language`` ("en" or "fr")."""
        return (self.doc_fr or self.doc) if language == "fr" else self.doc


class GameInfo(msgspec.Struct, frozen=True):
    """What a game is, declared before any rule (as OpenSpiel's GameType)."""

    id: str
    title: str
    player_counts: tuple[int, ...]
    seat_names: tuple[str, ...]  # names for seats 0.. (cut to the player count)
    chance: bool
    hidden_information: bool
    simultaneous_moves: bool
    proto_package: str  # e.g. "carthago.games.roma.v1"
    version: str        # bump when state/event encoding or rules change
    options: dict[str, OptionSpec] = {}
    max_steps: int = 100_000  # bound for a random game (conformance "no dead end")


class GameConfig(msgspec.Struct, frozen=True):
    players: int
    options: dict[str, str] = {}

    def option(self, name: str, info: GameInfo) -> str:
        return self.options.get(name, info.options[name].default)


class Emitted(msgspec.Struct, frozen=True):
    """One decided event with its visibility (DESIGN.md principle 3).

    ``seats is None``: public. Otherwise only those seats see ``event``; every
    other seat and spectators see ``redacted`` (required), which carries only
    what the rules let everybody know ("Rome drew a card").
    """

    event: Any
    seats: tuple[int, ...] | None = None
    redacted: Any = None

    def for_seat(self, seat: int | None) -> Any:
        """The form of this event that ``seat`` (None: spectator) receives."""
        if self.seats is None or (seat is not None and seat in self.seats):
            return self.event
        return self.redacted


def public(event: Any) -> Emitted:
    return Emitted(event)


def private(event: Any, seats: tuple[int, ...] | list[int], redacted: Any) -> Emitted:
    if redacted is None:
        raise ValueError("a private event needs its public redacted form")
    return Emitted(event, tuple(sorted(set(seats))), redacted)


class Result(msgspec.Struct, frozen=True, omit_defaults=True):
    """How a game ended. ``winners`` is empty for a draw, and when every seat lost: a game whose
    rules can end with everybody beaten (The Republic of Carthage IX.5: Carthage falls) says so
    with ``everyone_lost``, which is not a draw (no seat shares a result)."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str
    everyone_lost: bool = False  # only with no winner: the rules ended the game with every seat beaten


class Status(msgspec.Struct, frozen=True):
    to_act: tuple[int, ...]
    over: bool = False
    result: Result | None = None


@runtime_checkable
class Game(Protocol):
    info: GameInfo
    State: ClassVar[type]
    Command: ClassVar[Any]  # the tagged union of command structs
    Event: ClassVar[Any]    # the tagged union of event structs
    View: ClassVar[type]

    def validate_config(self, config: GameConfig) -> None: ...
    def initial(self, config: GameConfig) -> Any: ...
    def setup(self, config: GameConfig, rng: Rng) -> list[Emitted]: ...
    def decide(self, state: Any, seat: int, command: Any, rng: Rng) -> list[Emitted]: ...
    def evolve(self, state: Any, event: Any) -> Any: ...
    def legal(self, state: Any, seat: int) -> list[Any]: ...
    def view(self, state: Any, seat: int | None) -> Any: ...
    def sample_hidden(self, state: Any, seat: int | None, rng: Rng) -> Any: ...
    def status(self, state: Any) -> Status: ...


class Advanced(NamedTuple):
    """What :func:`advance` gives: the events, the state they led to, and, when the rules listed
    them on the way, the next seat's legal commands as ``(seat, commands)`` (else None)."""

    emitted: list[Emitted]
    state: Any
    legal: tuple[int, list[Any]] | None = None


def advance(game: Game, state: Any, seat: int, command: Any, rng: Rng, allowed: list[Any] | None = None) -> Advanced:
    """Decide ``command`` and apply its events, taking ownership of ``state`` (see the module's
    docstring): the game's own ``advance`` when it has one, else ``decide`` then ``evolve``."""
    own = getattr(game, "advance", None)
    if own is not None:
        return own(state, seat, command, rng, allowed)
    return decide_then_evolve(game, state, seat, command, rng)


def stepper(game: Game, owned: bool = False, hint: bool = True) -> Callable[..., Advanced]:
    """:func:`advance` for a caller that only ever plays, for a seat ``status`` names to act, a
    command of that seat's legal list (a search, on its own states): the game's own step without
    the checks that every seat's command meets first (the game not over, the seat to act), nor the
    lookups that find it, when the game offers one (``unchecked_advance``); else :func:`advance`.

    ``owned``: for a caller that also never reads the events and owns every part of the states it
    plays on (a fresh decode, or a state one of these steps left, its events thrown away): the
    game's ``owned_advance`` when it offers one, which leaves the same state and hands back the same
    legal commands but lists no events (``emitted`` may be empty) and copies nothing for others that
    might share the state; else the step above.

    ``hint=False``: for a caller that asks nothing of the position the step leads to but its
    status and its evaluation (a rollout's last command): the game's ``unhinted_advance`` when it
    offers one, which leaves the same state without listing the next seat's legal commands
    (``legal`` is None); else the step above."""
    if not hint:
        last = getattr(game, "unhinted_advance", None)
        step = last() if last is not None else None
        if step is not None:
            return step
    if owned:
        quiet = getattr(game, "owned_advance", None)
        step = quiet() if quiet is not None else None
        if step is not None:
            return step
    own = getattr(game, "unchecked_advance", None)
    if own is not None:
        return own()

    def step(state: Any, seat: int, command: Any, rng: Rng, allowed: list[Any] | None = None) -> Advanced:
        return advance(game, state, seat, command, rng, allowed)
    return step


def decide_then_evolve(game: Game, state: Any, seat: int, command: Any, rng: Rng) -> Advanced:
    """:func:`advance` for a game that has no in-place way: ``decide``, then ``evolve`` its events."""
    emitted = game.decide(state, seat, command, rng)
    for e in emitted:
        state = game.evolve(state, e.event)
    return Advanced(emitted, state)


def tag_of(struct: msgspec.Struct) -> str:
    """The tag of a tagged-union variant (its snake_case kind)."""
    return type(struct).__struct_config__.tag


def encode_state(state: Any) -> bytes:
    return msgspec.msgpack.encode(state)


def decode_state(game: Game, data: bytes) -> Any:
    return msgspec.msgpack.decode(data, type=game.State)


def copy_state(game: Game, state: Any) -> Any:
    """A deep copy of a state (via its canonical encoding)."""
    return decode_state(game, encode_state(state))


def state_digest(state: Any) -> str:
    """A digest that changes whenever any part of the state does."""
    import hashlib

    return hashlib.sha256(encode_state(state)).hexdigest()
