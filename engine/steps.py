"""The step machine: a game's rules as named steps on a stack, registered in one table.

A stepwise game is always in the middle of something (a battle inside an activation inside a
campaign inside the strategy phase). That nesting is the state's ``flow``: a stack of frames,
innermost last. Every frame names its step (``frame.kind``) and says who acts on it
(``frame.seat``):

- a seat (``>= 0``): a *decision*, waiting for that seat's command;
- :data:`AUTOMATIC` (``-1``): an *automatic* step, run by the rules at once;
- :data:`SIMULTANEOUS` (``-2``): a step every seat listed in ``frame.nums`` answers at once, in
  secret; a seat that is done leaves ``nums``, and when none is left the frame goes.

Each game keeps one :class:`Steps` table, and each rules module registers in it the steps it
handles, by name:

- ``@STEPS.decision(kind, describe)`` on a class with ``legal(state, frame) -> [commands]``,
  ``act(ctx, frame, command)`` and, optionally, ``explain(state, frame, command) -> str`` (why a
  command the step does not offer is refused, "" when it has nothing to add);
- ``@STEPS.automatic(kind)`` on ``run(ctx, frame)``;
- ``@STEPS.simultaneous(kind, describe)`` on a class with ``legal(state, frame, seat)``,
  ``act(ctx, frame, command, seat)`` and, optionally, ``has_legal(state, frame, seat) -> bool``;
- ``@STEPS.entry(name)`` on ``start(ctx, *args, **kwargs)``: how a step begins when it needs
  more than a frame pushed (a battle gathers its forces; an activation forms its army).

A module asks for the next step by name (``ctx.push(Frame(kind="retreat", …))``,
``ctx.begin("battle", …)``) and never imports the module that handles it. That is what keeps the rules modules free of import circles: each imports
the table and the helpers below it, none imports a sibling to reach its steps. The game imports
every rules module once (its ``rules.py``), so the table is full before the first command.

:class:`StepCtx` is a command being decided: the state it works on, the events emitted so far, and
the stack operations; :meth:`StepCtx.run` runs automatic steps until one waits for a seat (or the
game is over). Each game subclasses it with what is its own: how a fact is emitted and applied,
its dice, how the stack is logged at the end of a command. The game's state must have ``flow``
(the stack, a list) and ``phase`` (``Steps.over`` once the game has ended).
"""

from __future__ import annotations

from typing import Any, Callable

from engine.core import tag_of
from engine.errors import ILLEGAL_MOVE, ILLEGAL_TARGET, WRONG_PHASE, RuleError

AUTOMATIC = -1
SIMULTANEOUS = -2


class Steps:
    """One game's table of named steps (see the module's docstring)."""

    def __init__(self, game: str, *, over: str = "over", loop_limit: int = 10_000) -> None:
        self.game = game
        self.over = over  # the state's ``phase`` once the game is over
        self.loop_limit = loop_limit  # automatic steps one command may run: more is a rules bug
        self.legal: dict[str, Callable[[Any, Any], list[Any]]] = {}
        self.act: dict[str, Callable[[Any, Any, Any], None]] = {}
        self.auto: dict[str, Callable[[Any, Any], None]] = {}
        self.describe: dict[str, str] = {}
        self.explain: dict[str, Callable[[Any, Any, Any], str]] = {}
        self.sim_legal: dict[str, Callable[[Any, Any, int], list[Any]]] = {}
        self.sim_act: dict[str, Callable[[Any, Any, Any, int], None]] = {}
        self.sim_any: dict[str, Callable[[Any, Any, int], bool]] = {}
        self.entries: dict[str, Callable[..., Any]] = {}
        self.kept: set[str] = set()
        """Kinds of frame no rule changes (``automatic(kind, keeps_frame=True)``): the phases that
        wait in the stack the whole turn, which a command working in place need not copy."""
        self.hooks: list[Callable[[Any], None]] = []
        """Run after every automatic step (and once before the first), in order, none once the
        game is over: checks that may end the game or change the position whatever the step."""
        self.watchers: dict[type, list[Callable[[Any, Any], None]]] = {}
        """Rules that react to a fact as it happens, by the type of event (:meth:`watches`); the
        game's ``emit`` calls them."""

    # -- registering ---------------------------------------------------------------------
    def _new(self, kind: str) -> None:
        if kind in self.describe or kind in self.auto:
            raise ValueError(f"{self.game}: step {kind!r} registered twice")

    def decision(self, kind: str, describe: str):
        """Register a step that waits for its seat's command."""
        def wrap(cls):
            self._new(kind)
            self.legal[kind] = cls.legal
            self.act[kind] = cls.act
            self.describe[kind] = describe
            if hasattr(cls, "explain"):
                self.explain[kind] = cls.explain
            return cls
        return wrap

    def automatic(self, kind: str, keeps_frame: bool = False):
        """Register a step the rules run at once. ``keeps_frame``: the step only takes its frame off
        the stack and never changes it (nor does any other rule: such a frame is never handed to a
        decision nor changed where it waits), so a command working in place need not copy it."""
        def wrap(fn):
            self._new(kind)
            self.auto[kind] = fn
            if keeps_frame:
                self.kept.add(kind)
            return fn
        return wrap

    def simultaneous(self, kind: str, describe: str):
        """Register a step that every seat of ``frame.nums`` answers at once, in secret."""
        def wrap(cls):
            self._new(kind)
            legal = cls.legal
            self.sim_legal[kind] = legal
            self.sim_any[kind] = getattr(cls, "has_legal", None) or (lambda s, f, seat: bool(legal(s, f, seat)))
            self.sim_act[kind] = cls.act
            self.describe[kind] = describe
            return cls
        return wrap

    def entry(self, name: str):
        """Register how the step ``name`` begins: ``start(ctx, *args, **kwargs)``, called by
        :meth:`StepCtx.begin`."""
        def wrap(fn):
            if name in self.entries:
                raise ValueError(f"{self.game}: entry {name!r} registered twice")
            self.entries[name] = fn
            return fn
        return wrap

    def hook(self, fn: Callable[[Any], None]) -> Callable[[Any], None]:
        """Register ``fn(ctx)``, run after every automatic step (:attr:`hooks`)."""
        self.hooks.append(fn)
        return fn

    def watches(self, *types: type):
        """Register ``watch(ctx, event)``, run after each event of one of ``types`` applies."""
        def wrap(fn):
            for t in types:
                self.watchers.setdefault(t, []).append(fn)
            return fn
        return wrap

    # -- asking ----------------------------------------------------------------------------
    def waiting(self, state: Any) -> tuple[int, ...]:
        """The seats the pending step waits for."""
        flow = state.flow
        if not flow or state.phase == self.over:
            return ()
        top = flow[-1]
        if top.seat == SIMULTANEOUS:
            return tuple(sorted(top.nums))
        return (top.seat,) if top.seat >= 0 else ()

    def legal_now(self, state: Any, seat: int) -> list[Any]:
        """What ``seat`` may send to the pending step ([] when it waits for another seat)."""
        flow = state.flow
        if not flow or state.phase == self.over:
            return []
        top = flow[-1]
        if top.seat == SIMULTANEOUS:
            return self.sim_legal[top.kind](state, top, seat) if seat in top.nums else []
        if top.seat != seat:
            return []
        return self.legal[top.kind](state, top)

    def act_on(self, ctx: "StepCtx", frame: Any, command: Any, seat: int) -> None:
        """Let the step ``frame`` act on ``seat``'s command (already checked to be legal)."""
        if frame.seat == SIMULTANEOUS:
            self.sim_act[frame.kind](ctx, frame, command, seat)
        else:
            self.act[frame.kind](ctx, frame, command)

    def refusal(self, top: Any, command: Any, allowed: list[Any], why: str = "") -> RuleError:
        """The error for a command the pending step ``top`` does not offer: the wrong kind of
        command for this step, or one of the right kind that is not allowed (with those that are)."""
        what = self.describe.get(top.kind, top.kind)
        kinds = sorted({tag_of(c) for c in allowed})
        if tag_of(command) not in kinds:
            return RuleError(WRONG_PHASE, f"the rules wait for: {what}; that takes {', '.join(kinds)}, "
                                          f"not {tag_of(command)}")
        same = [c for c in allowed if type(c) is type(command)]
        shown = ", ".join(short(c) for c in same[:12]) + (" …" if len(same) > 12 else "")
        code = ILLEGAL_TARGET if tag_of(command).startswith("choose") else ILLEGAL_MOVE
        because = f" ({why})" if why else ""
        return RuleError(code, f"{short(command)} is not allowed for {what}{because}; allowed: {shown}")


def short(c: Any) -> str:
    """A command as ``tag(field, …)``, for error messages."""
    fields = [getattr(c, f) for f in c.__struct_fields__]
    return f"{tag_of(c)}({', '.join(map(str, fields))})"


class StepCtx:
    """A command being decided on state ``s``: the events so far (``out``), and the stack.

    A game subclasses it and sets :attr:`steps`; it adds how facts are emitted and applied (so
    the rules read as the rulebook does: "roll; if it succeeds, move; then …") and what it logs at
    the end of the command."""

    __slots__ = ("s", "out", "waiting")
    steps: Steps

    # (``s``, ``out`` and ``waiting``, the commands the seat the rules stopped for may send, are
    # set by the game's ``__init__``)

    @property
    def flow(self) -> list[Any]:
        return self.s.flow

    @property
    def top(self) -> Any:
        return self.s.flow[-1]

    def on_top(self, frame: Any) -> bool:
        """Is ``frame`` still the innermost pending step? Not when a step pushed another above it,
        nor once the game has ended (the stack is then empty)."""
        return bool(self.s.flow) and self.s.flow[-1] is frame

    def push(self, *frames: Any) -> None:
        """Push frames; the last one given runs first."""
        self.s.flow.extend(frames)

    def then(self, *frames: Any) -> None:
        """Push frames so that they run in the order given."""
        self.s.flow.extend(reversed(frames))

    def pop(self) -> Any:
        return self.s.flow.pop() if self.s.flow else None  # empty once the game has ended

    def done(self, frame: Any) -> None:
        """Take ``frame`` off the stack wherever it is (frames pushed above it meanwhile stay)."""
        flow = self.s.flow
        if flow and flow[-1] is frame:  # (most often the top)
            del flow[-1]
            return
        for i in range(len(flow) - 2, -1, -1):
            if flow[i] is frame:
                del flow[i]
                return

    def find(self, kind: str) -> Any:
        """The innermost pending frame of step ``kind``, or None."""
        for f in reversed(self.s.flow):
            if f.kind == kind:
                return f
        return None

    def begin(self, name: str, *args: Any, **kwargs: Any) -> Any:
        """Begin the step ``name`` through its registered entry (:meth:`Steps.entry`)."""
        return self.steps.entries[name](self, *args, **kwargs)

    def after_step(self) -> None:
        """The table's hooks, in order, none once the game is over."""
        s, over = self.s, self.steps.over
        for hook in self.steps.hooks:
            if s.phase == over:
                return
            hook(self)

    def run(self) -> None:
        """Run automatic steps until one waits for a seat, or the stack is empty, or the game is
        over. A decision with nothing to decide is skipped; a simultaneous step keeps the seats
        that have something to send, and goes when none has."""
        s = self.s  # (its ``flow`` may be replaced as the rules go: read afresh each step)
        steps = self.steps
        over, legal, auto, hooks = steps.over, steps.legal, steps.auto, steps.hooks
        limit, guard = steps.loop_limit, 0
        self.waiting = None
        if hooks:
            self.after_step()
        while s.flow and s.phase != over:
            top = s.flow[-1]
            seat = top.seat
            if seat >= 0:
                allowed = legal[top.kind](s, top)
                if allowed:
                    self.waiting = allowed
                    return
                self.pop()
                continue
            if seat == SIMULTANEOUS:
                has_legal = steps.sim_any[top.kind]
                top.nums = [x for x in top.nums if has_legal(s, top, x)]
                if top.nums:
                    return
                self.pop()
                continue
            auto[top.kind](self, top)
            if hooks:
                self.after_step()
            guard += 1
            if guard > limit:
                raise RuntimeError(f"{steps.game}: the rules loop at {top.kind}")
