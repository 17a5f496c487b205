"""Hannibal on the step machine (``engine/steps.py``): its table of steps, and how a command runs.

The rules are always in the middle of something: a battle inside an activation inside a campaign
inside the strategy phase. That nesting is ``state.flow``, a stack of :class:`Frame` (innermost
last). A frame with a ``seat`` waits for that seat's command; a frame with ``seat == -1`` is run
by the rules at once. Each rules module registers the steps it handles in :data:`STEPS`, by name:

- ``@decision(kind, describe)``: ``legal(state, frame) -> [commands]`` and ``act(ctx, frame, command)``;
- ``@automatic(kind)``: ``run(ctx, frame)``;
- ``@entry(name)``: ``start(ctx, ...)``, how a step that needs more than a frame begins
  (``ctx.begin("battle", ...)``).

``decide`` copies the state once into a :class:`Ctx`, checks the command is one ``legal`` offers,
lets the frame act, then runs automatic frames until one waits for a seat (or the game is over).
Each fact is emitted with :meth:`Ctx.emit`, which also applies it to the copy, so the code reads
as the rulebook does ("roll; if it succeeds, move; then …"). The stack is logged at the end of the
command as one public ``Flow`` event.
"""

from __future__ import annotations

from typing import Any, Callable

import msgspec

from engine.core import Advanced, Emitted, copy_state, decode_state, encode_state, private, tag_of
from engine.errors import UNKNOWN_COMMAND, RuleError
from engine.rng import Rng
from engine.steps import StepCtx, Steps

from . import events as ev
from .commands import COMMAND_TYPES
from .events import Frame
from .state import _HANDLERS, OVER, State, evolve

STEPS = Steps("hannibal", over=OVER, loop_limit=10_000)
decision = STEPS.decision
automatic = STEPS.automatic
entry = STEPS.entry
# the table's parts, by the names the rules and the tests read them by
LEGAL: dict[str, Callable[[State, Frame], list[Any]]] = STEPS.legal
ACT: dict[str, Callable[["Ctx", Frame, Any], None]] = STEPS.act
AUTO: dict[str, Callable[["Ctx", Frame], None]] = STEPS.auto
DESCRIBE: dict[str, str] = STEPS.describe
# Why a command the frame does not offer is refused, when the frame can say more than "not offered":
# ``explain(state, frame, command) -> str`` ("" when it has nothing to add). Asked only for the
# frame's own seat, so it may speak of that seat's hand.
EXPLAIN: dict[str, Callable[[State, Frame, Any], str]] = STEPS.explain
KEPT_FRAMES: set[str] = STEPS.kept  # kinds of frame no rule changes (``automatic(kind, keeps_frame=True)``)
HOOKS: list[Callable[["Ctx"], None]] = STEPS.hooks  # run after every step: sieges lifted, sudden death (rules.py)


class _Game:  # a minimal stand-in for engine.core.Game, for copy_state
    State = State


class Ctx(StepCtx):
    """A command being decided: a private copy of the state, the events so far, the dice."""

    __slots__ = ("rng", "_in_place", "_flow_before", "_copies", "_kept")
    steps = STEPS

    def __init__(self, state: State, rng: Rng | None, data: bytes | None = None, in_place: bool = False) -> None:
        # ``data``: the state's encoding when the caller has it already (the copy decodes it);
        # ``in_place``: work on ``state`` itself (``advance``: the caller gave it up)
        if in_place:
            # the rules change the frames of the stack as they go: fresh ones, so that the frames
            # ``state`` was given (a sample of another state may share them) stay as they were;
            # not the bottom ones of a kind no rule changes (``KEPT_FRAMES``: the turn's later
            # phases, which wait there the whole turn): those ``_kept`` are kept, and copied only
            # if ``top`` hands one out. They stay where they are until each runs in turn, from
            # the top: the one at height i is kept while it is ``before[i]``, i < ``_kept``
            before = state.flow
            kept = KEPT_FRAMES
            k = 0
            for f in before:
                if f.kind not in kept:
                    break
                k += 1
            flow = before[:k]
            flow += map(_frozen, before[k:])
            state.flow = flow
            self._copies = flow[:]
            self._kept = k
            self.s = state
        else:
            self.s = copy_state(_Game, state) if data is None else decode_state(_Game, data)  # type: ignore[arg-type]
        self.rng = rng
        self.out: list[Emitted] = []
        self.waiting: list[Any] | None = None  # what the seat now waited for may send
        self._in_place = in_place
        if not in_place:
            self._kept = 0
        # the stack before the command: ``decide`` never changes ``state`` (the rules work on the
        # copy), so its frames are the stack as it was; in place, the frames it had before
        self._flow_before = before if in_place else list(state.flow)

    # -- facts ------------------------------------------------------------------------------
    def emit(self, event: Any) -> None:
        if self.s.phase == OVER:  # the war is over (§15.6, §22.3, §23): nothing more happens, even
            return                # in the rest of the step that ended it
        self.out.append(Emitted(event))
        handler = _HANDLERS.get(type(event))  # evolve(self.s, event), one call fewer
        if handler is not None:
            handler(self.s, event)

    def emit_private(self, event: Any, seats: tuple[int, ...], redacted: Any) -> None:
        if self.s.phase == OVER:
            return
        self.out.append(private(event, seats, redacted))
        evolve(self.s, event)

    def die(self, seat: int, purpose: str, modifier: int, judge: Callable[[int], str]) -> tuple[int, str]:
        """Roll one die for ``seat``; ``judge(modified roll)`` says what it decided (logged)."""
        roll = self.rng.die(6)
        outcome = judge(roll + modifier)
        self.emit(ev.DieRolled(seat=seat, purpose=purpose, roll=roll, modifier=modifier, outcome=outcome))
        return roll, outcome

    # -- the stack (the rest is the step machine's) ------------------------------------------
    @property
    def top(self) -> Frame:
        flow = self.s.flow
        f = flow[-1]
        i = len(flow) - 1
        if i < self._kept and f is self._flow_before[i]:  # a rule may change what it is handed: a copy
            f = flow[-1] = _frozen(f)
        return f

    def finish(self) -> list[Emitted]:
        if self.s.phase == OVER:
            # GameEnded left no pending step; steps a rule pushed after the end (the war can end inside
            # a step, §15.6, §22.3) are not the state's: in place (``advance``), they would stay in it
            self.s.flow = []
        elif not _same_stack(self.s.flow, self._flow_before):
            if self._in_place:
                # the state keeps the frames the event logs: no rule changes a frame of a state's
                # stack (a command starts from fresh copies, ``__init__``), so the two may share
                # them. The bottom of the stack, as long as it holds the frames ``__init__`` kept
                # or copied, stays as it is (a rule that gives one of their fields another list
                # builds it afresh); above it, every frame is copied (those a rule built, as a
                # caller's evolve would: lists, none shared with anything else the rules hold)
                now, copies = self.s.flow, self._copies
                n, i = min(len(now), len(copies)), 0
                while i < n and now[i] is copies[i]:
                    i += 1
                frames = (*now[:i], *map(_frozen, now[i:]))
                self.out.append(Emitted(ev.Flow(frames=frames)))
                self.s.flow = list(frames)
            else:  # logged, not applied: the copy's stack already is what the event says
                self.out.append(Emitted(ev.Flow(frames=tuple(_frozen(f) for f in self.s.flow))))
        if self._in_place:
            return self.out
        if self.waiting is not None:
            # the Flow event above rewrote the stack with equal frames: the list still holds for
            # the state the command leads to, which the next ``legal`` or ``decide`` will likely ask
            _remember(encode_state(self.s), self.waiting)
        return self.out


def three_part_answer(f: Frame, cmd: Any) -> None:
    """Record one answer of a three-part choice (forming an army, §10.2; splitting between a city
    and the ships, §12.8; splitting a beaten force into its city, §15.4): generals one at a time
    until ``Pass`` (flag ``gens_done``), then how many CU (``count``, flag ``cu_done``), then how many
    elephant CU among them (flag ``el:<n>``)."""
    if "gens_done" not in f.flags:
        if tag_of(cmd) == "choose_general":
            f.generals.append(cmd.general)
        else:
            f.flags.append("gens_done")
    elif "cu_done" not in f.flags:
        f.count = cmd.number
        f.flags.append("cu_done")
    else:
        f.flags.append("el:" + str(cmd.number))


def three_part_settled(f: Frame, generals_open: Callable[[], bool], cu_range: Callable[[], tuple[int, int]],
                       elephant_range: Callable[[int], tuple[int, int]]) -> int | None:
    """Settle the parts of a three-part choice (:func:`three_part_answer`) that leave no choice: the
    elephant CU among the CU once every part is known, or None while a part still asks the player.
    ``generals_open``: a general may still be chosen; ``cu_range``: the CU that may go, given the
    generals; ``elephant_range(n)``: the elephant CU among ``n``."""
    if "gens_done" not in f.flags:
        if generals_open():
            return None
        f.flags.append("gens_done")
    if "cu_done" not in f.flags:
        lo, hi = cu_range()
        if lo != hi:
            return None
        f.count = lo
        f.flags.append("cu_done")
    el = next((int(x[3:]) for x in f.flags if x.startswith("el:")), -1)
    if el < 0:
        lo, hi = elephant_range(f.count)
        if lo != hi:
            return None
        el = lo
    return el


def _same_stack(a: list[Frame], b: list[Frame]) -> bool:
    """Whether two stacks hold the same steps. Frames compare field by field; a frame pushed by
    the rules may hold a tuple where the stored one holds a list, so unequal frames are compared
    again through ``_key`` (when their kinds are the same: ``_key`` starts with it). From the top
    down: a step that changed is most often there."""
    if len(a) != len(b):
        return False
    for x, y in zip(reversed(a), reversed(b)):
        if not (x is y or x == y or (x.kind == y.kind and _key(x) == _key(y))):
            return False
    return True


def _key(f: Frame) -> tuple:
    return (f.kind, f.seat, f.card, f.general, f.space, f.origin, f.count, f.mp, tuple(f.flags), tuple(f.spaces),
            tuple(f.generals), tuple(f.nums))


def _frozen(f: Frame) -> Frame:
    """A copy of ``f`` with lists of its own (the same fields otherwise)."""
    return _replace(f, flags=list(f.flags), spaces=list(f.spaces), generals=list(f.generals), nums=list(f.nums))


_replace = msgspec.structs.replace


def legal(state: State, seat: int) -> list[Any]:
    if not state.flow or state.phase == OVER:
        return []
    top = state.flow[-1]
    if top.seat != seat:
        return []
    return list(_allowed(state, top, encode_state(state)))  # a list of its own: the caller may change it


# The last list of legal commands computed, under the encoding of the state it is for. A command
# is usually checked against the list its seat was just given, and a command's rules already
# list what the next seat may send: computed once, not three times. ``legal`` is a function of
# the state alone, so the same encoding gets the same list; any other state is computed afresh.
_last: tuple[bytes, list[Any]] | None = None


def _remember(data: bytes, allowed: list[Any]) -> None:
    global _last
    _last = (data, allowed)


def _allowed(state: State, top: Frame, data: bytes) -> list[Any]:
    last = _last
    if last is not None and last[0] == data:
        return last[1]
    allowed = LEGAL[top.kind](state, top)
    _remember(data, allowed)
    return allowed


def decide(state: State, seat: int, command: Any, rng: Rng) -> list[Emitted]:
    if not isinstance(command, COMMAND_TYPES):
        raise RuleError(UNKNOWN_COMMAND, f"not a Hannibal command: {type(command).__name__}")
    top = state.flow[-1]
    data = encode_state(state)
    allowed = _allowed(state, top, data)
    if command not in allowed:
        why = EXPLAIN[top.kind](state, top, command) if top.kind in EXPLAIN and seat == top.seat else ""
        raise _refusal(top, command, allowed, why)
    ctx = Ctx(state, rng, data)
    ACT[top.kind](ctx, ctx.top, command)
    ctx.run()
    return ctx.finish()


def advance(state: State, seat: int, command: Any, rng: Rng, allowed: list[Any] | None = None) -> Advanced:
    """``decide`` and ``evolve`` at once, on ``state`` itself (engine.core ``advance``): the same
    checks and events, no copy, no encoding; the seat to act next gets its legal commands back."""
    if not isinstance(command, COMMAND_TYPES):
        raise RuleError(UNKNOWN_COMMAND, f"not a Hannibal command: {type(command).__name__}")
    top = state.flow[-1]
    if allowed is None:
        allowed = LEGAL[top.kind](state, top)
    if command not in allowed:
        why = EXPLAIN[top.kind](state, top, command) if top.kind in EXPLAIN and seat == top.seat else ""
        raise _refusal(top, command, allowed, why)
    ctx = Ctx(state, rng, in_place=True)
    ACT[top.kind](ctx, ctx.top, command)
    ctx.run()
    emitted = ctx.finish()
    s = ctx.s
    waiting = ctx.waiting
    return Advanced(emitted, s, (s.flow[-1].seat, list(waiting)) if waiting is not None and s.flow else None)


class _OwnedCtx(Ctx):
    """A command played by :func:`play_owned`, on a state its caller owns outright: the same facts,
    applied the same way, and ``out`` as the rules read it (a battle's winner, whether an event did
    anything), but no ``Flow`` event and no comparison of the stack before and after, and the
    frames are the state's own (no copies for others that might share them; the bottom ones of a
    kind no rule changes are still copied when ``top`` hands one out, as ``Ctx`` does: a state's
    first command after a sample shares them with the state it was drawn from)."""

    __slots__ = ()

    def __init__(self, state: State, rng: Rng | None) -> None:  # noqa: D107 - no copy, no stack kept
        flow = state.flow
        kept = KEPT_FRAMES
        k = 0
        for f in flow:
            if f.kind not in kept:
                break
            k += 1
        self.s = state
        self.rng = rng
        self.out = []
        self.waiting = None
        self._in_place = True
        self._kept = k
        self._copies = self._flow_before = flow[:]  # the frames the command starts from, by identity

    def emit_private(self, event: Any, seats: tuple[int, ...], redacted: Any) -> None:
        if self.s.phase == OVER:
            return
        self.out.append(Emitted(event))  # (the rules read only ``event`` and how many came)
        evolve(self.s, event)

    def finish(self) -> list[Emitted]:
        s = self.s
        if s.phase == OVER:
            s.flow = []  # as ``Ctx.finish``: no step pushed after the end stays
            return []
        # as ``Ctx.finish`` leaves it: the frames above the bottom the command left as it found
        # them are copies with lists of their own (a frame the rules built may share a list or
        # hold a tuple; the next command's rules change frames in place)
        now, copies = s.flow, self._copies
        n, i = min(len(now), len(copies)), 0
        while i < n and now[i] is copies[i]:
            i += 1
        if i < len(now):
            s.flow = [*now[:i], *map(_frozen, now[i:])]
        return []


def play_owned(state: State, seat: int, command: Any, rng: Rng, allowed: list[Any] | None = None) -> Advanced:
    """:func:`advance` for a search on its own states (``engine.core.stepper(game, owned=True)``):
    ``command`` is one of ``allowed`` (``legal``'s list for ``seat``, to act), and nothing else refers
    to the state's frames above the bottom ones no rule changes (a fresh decode, or a state this
    function or ``advance`` left, whose events were thrown away). It leaves a state equal to the one
    ``advance`` leaves and hands back the same legal commands, without the checks and without
    listing the events (``emitted`` is empty)."""
    ctx = _OwnedCtx(state, rng)
    ACT[state.flow[-1].kind](ctx, ctx.top, command)
    ctx.run()
    ctx.finish()
    s = ctx.s
    waiting = ctx.waiting
    return Advanced([], s, (s.flow[-1].seat, list(waiting)) if waiting is not None and s.flow else None)


def run_automatic(state: State, rng: Rng, frames: list[Frame]) -> list[Emitted]:
    """Start the rules from ``frames`` (the set-up)."""
    ctx = Ctx(state, rng)
    ctx.push(*frames)
    ctx.run()
    return ctx.finish()


_refusal = STEPS.refusal
