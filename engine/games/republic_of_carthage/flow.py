"""The Republic of Carthage on the step machine (``engine/steps.py``): its table of steps, and how a
command runs.

``state.flow`` is a stack of :class:`Frame` (innermost last). A frame with a ``seat`` waits for that
seat's command; a frame with ``seat == -1`` is run by the rules at once; a frame with ``seat ==
SIMULTANEOUS`` waits for every seat in ``frame.nums`` at once, in secret (a seat that is done leaves
``nums``; when none is left the frame is popped and the step below it reveals what was chosen, as
Rome et Carthage reveals its combat cards). Each rules module registers the steps it handles in
:data:`STEPS`, by name:

- ``@decision(kind, describe)``: a class with ``legal(state, frame) -> [commands]`` and
  ``act(ctx, frame, command)``;
- ``@automatic(kind)``: ``run(ctx, frame)``;
- ``@simultaneous(kind, describe)``: ``legal(state, frame, seat)`` and ``act(ctx, frame, command,
  seat)`` (and optionally ``has_legal``);
- ``@entry(name)``: ``start(ctx, ...)``, a step of one part of the rules that another part begins
  by name (``ctx.begin("end_game", ...)``, ``ctx.begin("popular_reaction", sid)``), so that no
  module imports the module above it.

``decide`` copies the state once into a :class:`Ctx`, checks that the command is one ``legal``
offers, lets the frame act, then runs automatic frames until one waits for a seat (or the game is
over). Each fact is emitted with :meth:`Ctx.emit`, which applies it to the copy at once, so the
rules read as the rulebook does. The stack is logged at the end of the command as one ``Flow``
event (an offer's terms seen by its two parties only, :data:`SECRET_FRAMES`). Table talk (``Say``)
is no step's: ``rules.decide`` hands it to ``negotiation``.
"""

from __future__ import annotations

from typing import Any, Callable

from msgspec.structs import replace as _replace

from engine.core import Advanced, Emitted, copy_state, private
from engine.errors import UNKNOWN_COMMAND, RuleError
from engine.rng import Rng
from engine.steps import SIMULTANEOUS, StepCtx, Steps

from . import events as ev
from .commands import COMMAND_TYPES, Say
from .events import Frame
from .state import OVER, State, evolve, treasury_seat

STEPS = Steps("republic_of_carthage", over=OVER, loop_limit=100_000)
decision = STEPS.decision
automatic = STEPS.automatic
simultaneous = STEPS.simultaneous
entry = STEPS.entry
watches = STEPS.watches
"""``@watches(EventType, …)``: a rule that reacts at once to a fact as it happens (``watch(ctx, event)``
after it applies): the optional First Man in Carthage."""
waiting = STEPS.waiting
# the table's parts, by the names the rules, the tools and the tests read them by
LEGAL: dict[str, Callable[[State, Frame], list[Any]]] = STEPS.legal
ACT: dict[str, Callable[["Ctx", Frame, Any], None]] = STEPS.act
AUTO: dict[str, Callable[["Ctx", Frame], None]] = STEPS.auto
DESCRIBE: dict[str, str] = STEPS.describe
SIM_LEGAL: dict[str, Callable[[State, Frame, int], list[Any]]] = STEPS.sim_legal
SIM_ACT: dict[str, Callable[["Ctx", Frame, Any, int], None]] = STEPS.sim_act
SIM_ANY: dict[str, Callable[[State, Frame, int], bool]] = STEPS.sim_any  # whether a seat has a legal command
KEPT_FRAMES: set[str] = STEPS.kept
"""Kinds of frame no rule changes (``automatic(kind, keeps_frame=True)``): the phases and rounds
that wait in the stack, copied by no command."""
WATCHERS: dict[type, list[Callable[["Ctx", Any], None]]] = STEPS.watchers


class _Game:  # a minimal stand-in for engine.core.Game, for copy_state
    State = State


class Ctx(StepCtx):
    """A command being decided: a private copy of the state, the events so far, the dice. The stack's
    operations (``push``, ``then``, ``pop``, ``done``, ``find``, ``begin``) and ``run`` are the step
    machine's (``engine/steps.py``)."""

    __slots__ = ("rng", "_flow_before")
    steps = STEPS

    def __init__(self, state: State, rng: Rng | None, in_place: bool = False) -> None:
        # ``in_place``: work on ``state`` itself (``advance``: the caller gave it up); the rules change
        # the frames of the stack as they go, so the stack gets fresh ones and the frames it was
        # given (a sample of another state may share them) stay as they were; not those of a kind
        # no rule changes (``KEPT_FRAMES``: the phases and rounds waiting in the stack)
        if in_place:
            before = state.flow
            kept = KEPT_FRAMES
            flow = []
            for f in before:
                flow.append(f if f.kind in kept else _replace(f, nums=list(f.nums), strs=list(f.strs)))
            state.flow = flow
            self.s: State = state
        else:
            before = list(state.flow)
            self.s = copy_state(_Game, state)  # type: ignore[arg-type]
        self.rng = rng
        self.out: list[Emitted] = []
        self.waiting: list[Any] | None = None  # what the seat the rules stopped for may send
        # the stack before the command: ``state``'s frames are never changed by the rules (they work
        # on a copy, or on fresh frames in place), so they are the stack as it was; frames compare
        # field by field
        self._flow_before = before

    # -- facts ------------------------------------------------------------------------------
    def emit(self, event: Any) -> None:
        if self.s.phase == OVER:  # the game is over: nothing more happens
            return
        self.out.append(Emitted(event))
        evolve(self.s, event)
        watchers = WATCHERS.get(type(event))
        if watchers is not None:
            for watch in watchers:
                watch(self, event)

    def emit_private(self, event: Any, seats: tuple[int, ...], redacted: Any) -> None:
        self.out.append(private(event, seats, redacted))
        evolve(self.s, event)

    def transfer(self, source: str, target: str, amount: int, reason: str) -> None:
        """``amount`` talents from ``source`` to ``target``; from one faction treasury to another the
        amount is the two factions' secret (R58: the others see the face-down stack pass)."""
        event = ev.Transferred(source=source, target=target, amount=amount, reason=reason)
        a, b = treasury_seat(source), treasury_seat(target)
        if a >= 0 and b >= 0 and a != b:
            self.emit_private(event, (a, b), ev.TransferredRedacted(source=source, target=target, reason=reason))
        else:
            self.emit(event)

    def roll(self, seat: int, purpose: str, dice: int, modifier: int = 0,
             judge: Callable[[int], str] = lambda total: "") -> tuple[int, str, tuple[int, ...]]:
        """Roll ``dice`` d6 for ``seat``; ``judge(total)`` says what the roll decided (logged).
        Returns (total, outcome, the dice)."""
        rolled = tuple(self.rng.die(6) for _ in range(dice))
        total = sum(rolled) + modifier
        outcome = judge(total)
        self.emit(ev.Rolled(seat=seat, purpose=purpose, dice=rolled, modifier=modifier, total=total,
                            outcome=outcome))
        return total, outcome, rolled

    def finish(self) -> list[Emitted]:
        if self.s.phase == OVER:
            # GameEnded left no pending step; steps a rule pushed after the end (IX.4 ends the game from
            # inside a rule) are not the state's: in place (``advance``), they would stay in it
            self.s.flow = []
        elif self.s.flow != self._flow_before:
            # the event takes the working frames themselves (no copy): the rules are done with them,
            # and no frame of a state's stack is ever changed in place (a command works on a copy of
            # the state, or in place on fresh frames, __init__), so the event, the state its evolve
            # leaves and any sample of that state may share them. Its evolve is not run: it would set
            # the stack to a list of those frames, which ``self.s.flow`` is (and nothing watches it)
            frames = tuple(self.s.flow)
            parties = None
            secret = SECRET_FRAMES
            for f in frames:
                if f.kind in secret:
                    if parties is None:
                        parties = set()
                    parties.add(f.seat)
                    parties.add(f.count)
            if parties:  # an offer's terms are the two parties' business (III.2): the others see blanks
                self.out.append(private(ev.Flow(frames=frames), tuple(sorted(parties)),
                                        ev.Flow(frames=tuple(frame_for(f, None) for f in frames))))
            else:
                self.out.append(Emitted(ev.Flow(frames=frames)))
        return self.out


SECRET_FRAMES = {"offer_want": ("target",), "offer_promise": ("target", "nums", "strs"),
                 "offer_promise_want": ("target", "nums", "strs"), "offer_talents": ("target", "nums", "strs"),
                 "offer_give": ("nums",), "card_give": ("nums",), "owed_card": ("nums",)}
"""Steps whose bookkeeping holds an offer's secret terms, and the fields holding them: the commodity
the offerer names, the number of cards asked in return, the Intrigue/Event cards promised or asked
(III.2; VII.2, R111; R112; R136). Their ``seat`` and
``count`` are the offer's two parties, the only seats that see those terms."""


def frame_for(f: Frame, viewer: int | None) -> Frame:
    """``f`` as ``viewer`` (None: a spectator) may see it: an offer's terms blanked for everyone but
    its two parties."""
    hidden = SECRET_FRAMES.get(f.kind)
    if hidden is None or viewer in (f.seat, f.count):
        return f
    return Frame(kind=f.kind, seat=f.seat, senator=f.senator, count=f.count,
                 target="" if "target" in hidden else f.target, nums=[] if "nums" in hidden else list(f.nums),
                 strs=[] if "strs" in hidden else list(f.strs))


legal = STEPS.legal_now  # what a seat may send to the pending step


def decide(state: State, seat: int, command: Any, rng: Rng) -> list[Emitted]:
    if not isinstance(command, COMMAND_TYPES):
        raise RuleError(UNKNOWN_COMMAND, f"not a Republic of Carthage command: {type(command).__name__}")
    if isinstance(command, Say):  # table talk (R110) is the game's ``decide`` (rules.py), not a step's
        raise RuleError(UNKNOWN_COMMAND, "table talk is not a step's command")
    top = state.flow[-1]
    if top.seat == SIMULTANEOUS:
        allowed = SIM_LEGAL[top.kind](state, top, seat)
        if command not in allowed:
            raise _refusal(top, command, allowed)
        ctx = Ctx(state, rng)
        SIM_ACT[top.kind](ctx, ctx.top, command, seat)
        ctx.run()
        return ctx.finish()
    allowed = LEGAL[top.kind](state, top)
    if command not in allowed:
        raise _refusal(top, command, allowed)
    ctx = Ctx(state, rng)
    ACT[top.kind](ctx, ctx.top, command)
    ctx.run()
    return ctx.finish()


def advance(state: State, seat: int, command: Any, rng: Rng, allowed: list[Any] | None = None) -> Advanced:
    """``decide`` and ``evolve`` at once, on ``state`` itself (engine.core ``advance``): the same
    checks and events, no copy; the seat to act next gets its legal commands back. Table talk is
    the game's ``decide`` (game.py)."""
    if not isinstance(command, COMMAND_TYPES) or isinstance(command, Say):
        raise RuleError(UNKNOWN_COMMAND, f"not a Republic of Carthage command to advance: {type(command).__name__}")
    top = state.flow[-1]
    simultaneous = top.seat == SIMULTANEOUS
    if allowed is None:
        allowed = SIM_LEGAL[top.kind](state, top, seat) if simultaneous else LEGAL[top.kind](state, top)
    if command not in allowed:
        raise _refusal(top, command, allowed)
    ctx = Ctx(state, rng, in_place=True)
    if simultaneous:
        SIM_ACT[top.kind](ctx, ctx.top, command, seat)
    else:
        ACT[top.kind](ctx, ctx.top, command)
    ctx.run()
    emitted = ctx.finish()
    s = ctx.s
    nxt = s.flow[-1] if s.flow and s.phase != OVER else None
    hint = (nxt.seat, list(ctx.waiting)) if ctx.waiting is not None and nxt is not None and nxt.seat >= 0 else None
    return Advanced(emitted, s, hint)


class _OwnedCtx(Ctx):
    """A command played by :func:`play_owned`: on a state its caller owns outright, keeping no events.
    The facts apply as ``Ctx``'s do (the same ``evolve``, the same watchers), but none is listed, and
    the stack's frames are the state's own (no copy: nothing else refers to them)."""

    __slots__ = ()

    def __init__(self, state: State, rng: Rng | None) -> None:  # noqa: D107 - no copy, no stack kept
        self.s = state
        self.rng = rng
        self.out = _NO_EVENTS
        self.waiting = None
        self._flow_before = None

    def emit(self, event: Any) -> None:
        s = self.s
        if s.phase == OVER:
            return
        evolve(s, event)
        watchers = WATCHERS.get(type(event))
        if watchers is not None:
            for watch in watchers:
                watch(self, event)

    def emit_private(self, event: Any, seats: tuple[int, ...], redacted: Any) -> None:
        evolve(self.s, event)

    def finish(self) -> list[Emitted]:
        if self.s.phase == OVER:
            self.s.flow = []  # as ``Ctx.finish``: no step pushed after the end stays
        return _NO_EVENTS


_NO_EVENTS: list[Emitted] = []  # (never appended to: ``_OwnedCtx`` lists nothing)


def play_owned(state: State, seat: int, command: Any, rng: Rng, allowed: list[Any] | None = None) -> Advanced:
    """:func:`advance` for a search on its own states (``engine.core.stepper(game, owned=True)``):
    ``command`` is one of ``allowed`` (``legal``'s list for ``seat``, to act), and nothing else refers
    to any part of ``state`` (a fresh decode, or a state this function or ``advance`` left, whose
    events were thrown away). It leaves the state ``advance`` leaves and hands back the same legal
    commands, without the checks, without listing the events (``emitted`` is empty) and without
    copying the stack's frames for the others that might share them."""
    top = state.flow[-1]
    ctx = _OwnedCtx(state, rng)
    if top.seat == SIMULTANEOUS:
        SIM_ACT[top.kind](ctx, top, command, seat)
    else:
        ACT[top.kind](ctx, top, command)
    ctx.run()
    if state.phase == OVER:
        state.flow = []
        return Advanced(_NO_EVENTS, state, None)
    waiting = ctx.waiting
    if waiting is None or not state.flow:
        return Advanced(_NO_EVENTS, state, None)
    nxt = state.flow[-1]
    return Advanced(_NO_EVENTS, state, (nxt.seat, list(waiting)) if nxt.seat >= 0 else None)


def start(state: State, rng: Rng, frames: list[Frame]) -> list[Emitted]:
    """Run the rules from ``frames`` (the set-up)."""
    ctx = Ctx(state, rng)
    ctx.then(*frames)
    ctx.run()
    return ctx.finish()


_refusal = STEPS.refusal
