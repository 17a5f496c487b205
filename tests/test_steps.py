"""The step machine (engine/steps.py) on a toy game of its own: decisions, automatic steps,
simultaneous steps, entries asked for by name, hooks, and refusals."""

from __future__ import annotations

import msgspec
import pytest

from engine.errors import ILLEGAL_TARGET, WRONG_PHASE
from engine.steps import AUTOMATIC, SIMULTANEOUS, StepCtx, Steps


class Frame(msgspec.Struct):
    kind: str
    seat: int = AUTOMATIC
    nums: list[int] = msgspec.field(default_factory=list)


class State(msgspec.Struct):
    flow: list[Frame] = msgspec.field(default_factory=list)
    phase: str = ""
    log: list[str] = msgspec.field(default_factory=list)


class Pick(msgspec.Struct, tag="choose_number"):
    number: int


class Skip(msgspec.Struct, tag="pass"):
    pass


STEPS = Steps("toy", loop_limit=50)


class Ctx(StepCtx):
    __slots__ = ()
    steps = STEPS

    def __init__(self, s: State) -> None:
        self.s, self.out, self.waiting = s, [], None

    def emit(self, fact: str) -> None:
        self.out.append(fact)
        self.s.log.append(fact)


@STEPS.entry("round")
def start_round(ctx: Ctx, seats: int) -> None:
    """Begin a round: everyone bids at once, then seat 0 picks, then the round is scored."""
    ctx.then(Frame(kind="bid", seat=SIMULTANEOUS, nums=list(range(seats))), Frame(kind="pick", seat=0),
             Frame(kind="score"))


@STEPS.simultaneous("bid", "everyone bids 1 or 2, in secret")
class Bid:
    @staticmethod
    def legal(s: State, f: Frame, seat: int) -> list:
        return [Pick(number=1), Pick(number=2)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd: Pick, seat: int) -> None:
        ctx.emit(f"bid {seat} {cmd.number}")
        f.nums.remove(seat)


@STEPS.decision("pick", "seat 0 picks a number, or passes")
class PickStep:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [Pick(number=3), Skip()]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        ctx.emit(f"pick {getattr(cmd, 'number', '-')}")


@STEPS.decision("nothing", "a step with nothing to choose")
class Nothing:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return []

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:  # pragma: no cover - never offered anything
        raise AssertionError


@STEPS.automatic("score")
def score(ctx: Ctx, f: Frame) -> None:
    ctx.done(f)
    ctx.emit("scored")


@STEPS.automatic("forever")
def forever(ctx: Ctx, f: Frame) -> None:
    ctx.push(Frame(kind="forever"))


def test_simultaneous_then_decision_then_automatic() -> None:
    ctx = Ctx(State())
    ctx.begin("round", 2)
    ctx.run()
    s = ctx.s
    assert STEPS.waiting(s) == (0, 1)
    assert STEPS.legal_now(s, 1) == [Pick(number=1), Pick(number=2)]
    STEPS.act_on(ctx, s.flow[-1], Pick(number=2), 1)
    ctx.run()
    assert STEPS.waiting(s) == (0,)  # seat 1 is done; the step still waits for seat 0
    assert STEPS.legal_now(s, 1) == []
    STEPS.act_on(ctx, s.flow[-1], Pick(number=1), 0)
    ctx.run()
    assert [f.kind for f in s.flow] == ["score", "pick"] and ctx.waiting == [Pick(number=3), Skip()]
    assert STEPS.waiting(s) == (0,) and STEPS.legal_now(s, 1) == []
    STEPS.act_on(ctx, s.flow[-1], Skip(), 0)
    ctx.run()
    assert s.log == ["bid 1 2", "bid 0 1", "pick -", "scored"] and s.flow == []


def test_a_decision_with_nothing_to_choose_is_skipped_and_hooks_run_after_each_step() -> None:
    seen: list[str] = []
    STEPS.hooks.append(lambda ctx: seen.append(ctx.s.flow[-1].kind if ctx.s.flow else "-"))
    try:
        ctx = Ctx(State(flow=[Frame(kind="score"), Frame(kind="nothing", seat=1)]))
        ctx.run()
    finally:
        STEPS.hooks.clear()
    assert ctx.s.log == ["scored"] and ctx.s.flow == []
    assert seen == ["nothing", "-"]  # once before the first step, once after the automatic one


def test_the_game_over_stops_the_machine() -> None:
    ctx = Ctx(State(flow=[Frame(kind="score")], phase="over"))
    ctx.run()
    assert ctx.s.log == [] and STEPS.waiting(ctx.s) == () and STEPS.legal_now(ctx.s, 0) == []


def test_a_loop_of_automatic_steps_is_a_rules_bug() -> None:
    with pytest.raises(RuntimeError, match="toy: the rules loop at forever"):
        Ctx(State(flow=[Frame(kind="forever")])).run()


def test_refusals_say_what_the_step_waits_for() -> None:
    top = Frame(kind="pick", seat=0)
    wrong = STEPS.refusal(top, Skip(), [Pick(number=3)])
    assert wrong.code == WRONG_PHASE and "seat 0 picks a number" in str(wrong) and "not pass" in str(wrong)
    target = STEPS.refusal(top, Pick(number=4), [Pick(number=3), Skip()], "too big")
    assert target.code == ILLEGAL_TARGET
    assert "choose_number(4) is not allowed for seat 0 picks a number, or passes (too big)" in str(target)
    assert "allowed: choose_number(3)" in str(target)


def test_stack_operations() -> None:
    a, b, c = Frame(kind="score"), Frame(kind="pick", seat=0), Frame(kind="score")
    ctx = Ctx(State())
    ctx.push(a, b)
    ctx.then(c)
    assert ctx.top is c and ctx.on_top(c) and ctx.find("pick") is b and ctx.find("bid") is None
    ctx.done(b)  # from under the top
    assert ctx.flow == [a, c] and ctx.pop() is c and ctx.pop() is a and ctx.pop() is None


def test_a_step_is_registered_once() -> None:
    with pytest.raises(ValueError, match="registered twice"):
        STEPS.automatic("score")(score)
    with pytest.raises(ValueError, match="registered twice"):
        STEPS.entry("round")(start_round)
