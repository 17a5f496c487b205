"""The leak check: views, event streams and secret commands (specified in ``conformance.checks``)."""

from __future__ import annotations

import typing
from typing import Any

from engine.core import Emitted, copy_state, state_digest
from engine.errors import RuleError

from .checks import Ctx, crash_site
from .diff import MISSING, differing_leaves, first_difference, leaves, shown_in


def hidden_from(e: Emitted, seat: int | None) -> bool:
    return e.seats is not None and (seat is None or seat not in e.seats)


def stream_leak(real: list[Emitted], other: list[Emitted], seat: int | None) -> tuple[int, Any, Any] | None:
    """The first form hidden from ``seat`` that differs before anything visible to it does."""
    for i, (a, b) in enumerate(zip(real, other)):
        hidden = hidden_from(a, seat)
        if hidden != hidden_from(b, seat):
            return None
        fa, fb = a.for_seat(seat), b.for_seat(seat)
        if fa == fb and type(fa) is type(fb):
            continue
        if not hidden:
            return None
        return i, fa, fb
    return None


def _leak(ctx: Ctx, seat: int | None, found: tuple[int, Any, Any], what: str, position: int,
          detail: str = "") -> typing.NoReturn:
    i, fa, fb = found
    diff = detail or first_difference(fa, fb, type(fa).__name__)
    ctx.fail("leak", f"{ctx.who(seat)} receives a redacted form that depends on what it cannot know: {what}; "
                     f"event {i} of the command (seq {position + i + 1}) differs at {diff}", position + i + 1)


def _view_after(ctx: Ctx, before: Any, emitted: list[Emitted], seat: int | None, world: str) -> Any:
    def run():
        state = copy_state(ctx.game, before)
        for e in emitted:
            state = ctx.game.evolve(state, e.event)
        return ctx.game.view(state, seat)
    return ctx.call("leak", f"evolve and view on the {world}", run)


def _show(leaf: Any) -> str:
    return "(absent)" if leaf is MISSING else repr(leaf)


def judge_streams(ctx: Ctx, seat: int | None, real: list[Emitted], other: list[Emitted], real_before: Any,
                  other_before: Any, world: str, what: str, position: int) -> None:
    """Part 2's verdict on two worlds ``seat`` cannot tell apart before the command.

    A hidden form that differs (before anything visible does) is a leak when ``seat``'s view
    after the command is the same in both worlds, or when a value in which the forms differ
    is not shown anywhere in ``seat``'s view after the command in its world. Otherwise it is a
    reveal the rules make (cards discarded face up, named in a redacted form): accepted, and
    the comparison stops there.
    """
    found = stream_leak(real, other, seat)
    if found is None:
        ctx.ok("leak")
        return
    _, fa, fb = found
    va = _view_after(ctx, real_before, real, seat, "real state")
    vb = _view_after(ctx, other_before, other, seat, world)
    if va == vb and type(va) is type(vb):
        _leak(ctx, seat, found, what + f", and {ctx.who(seat)}'s view after the command is the same in both", position)
    shown_a, shown_b = leaves(va), leaves(vb)
    for path, x, y in differing_leaves(fa, fb, type(fa).__name__):
        if not shown_in(x, shown_a) or not shown_in(y, shown_b):
            _leak(ctx, seat, found, what, position,
                  f"{path}: {_show(x)} != {_show(y)}, a value {ctx.who(seat)}'s view after the command does not show")
    ctx.ok("leak")


def observe(ctx: Ctx, state: Any, status: Any, legal: dict[int, list], observers: list, samples: int,
            digest: str) -> dict[int | None, list[Any]]:
    """Views, status and legal commands are the same on samples of what each observer cannot see."""
    game = ctx.game
    out: dict[int | None, list[Any]] = {}
    for s in observers:
        real = ctx.call("leak", f"view({s})", game.view, state, s)
        out[s] = []
        for _ in range(samples):
            sample = ctx.call("leak", f"sample_hidden(state, {s})", game.sample_hidden, state, s, ctx.sample_rng())
            if state_digest(state) != digest:
                ctx.fail("purity", f"sample_hidden(state, {s}) changed the real state")
            if not ctx.sample_changed and state_digest(sample) != digest:
                ctx.sample_changed = True
            seen = ctx.call("leak", f"view({s}) of a sample", game.view, sample, s)
            diff = first_difference(real, seen, "view")
            if diff:
                ctx.fail("leak", f"view of {ctx.who(s)} differs on a state it cannot tell from the real one "
                                 f"(sample_hidden): {diff}")
            st = ctx.call("leak", "status of a sample", game.status, sample)
            if (st.to_act, st.over) != (status.to_act, status.over):
                ctx.fail("leak", f"status differs on a sample of what {ctx.who(s)} cannot see: to_act/over "
                                 f"{status.to_act}/{status.over} != {st.to_act}/{st.over}")
            if s is not None:
                theirs = ctx.call("leak", f"legal({s}) of a sample", game.legal, sample, s)
                diff = first_difference(legal[s], theirs, "legal")
                if diff:
                    ctx.fail("leak", f"legal commands of seat {s} differ on a state it cannot tell from the real "
                                     f"one: they reveal hidden information: {diff}")
            out[s].append(sample)
            ctx.ok("leak")
        if state_digest(state) != digest:
            ctx.fail("purity", f"view/legal/status changed the state (observer {s})")
    return out


def check_stream(ctx: Ctx, state: Any, seat: int, command: Any, emitted: list[Emitted],
                 samples: dict[int | None, list[Any]]) -> None:
    """Part 2 of the leak check: the stream of each observer on its samples and another rng."""
    game, p = ctx.game, ctx.position
    for s, states in samples.items():
        for sample in states:
            try:
                other = game.decide(sample, seat, command, ctx.rng(p))
            except RuleError as exc:
                if s == seat:
                    ctx.fail("leak", f"seat {seat}'s legal {command!r} is rejected ({exc.code}) on a state the seat "
                                     f"cannot tell from the real one: its acceptance reveals hidden information")
                continue
            except Exception as exc:  # noqa: BLE001
                ctx.fail("leak", f"decide crashed on a state sample_hidden(state, {s}) returned (sample_hidden must "
                                 f"return a state the rules can run): {type(exc).__name__}: {exc}{crash_site(exc)}")
            judge_streams(ctx, s, emitted, other, state, sample, "sample", f"seat {seat} sent {command!r}; the same "
                          f"command on a sample of what {ctx.who(s)} cannot see gives another redacted form", p)
    try:
        other = game.decide(state, seat, command, ctx.alt_rng(p))
    except RuleError as exc:
        ctx.fail("purity", f"seat {seat} {command!r} is accepted with one rng and rejected ({exc.code}) with another")
    except Exception as exc:  # noqa: BLE001
        ctx.fail("progress", f"decide crashed with another seed: {type(exc).__name__}: {exc}{crash_site(exc)}")
    for s in ctx.observers:
        judge_streams(ctx, s, emitted, other, state, state, "same state decided with another seed",
                      f"seat {seat} sent {command!r}; decided with another seed, a redacted form differs "
                      f"(it carries a random outcome)", p)


def check_secret_commands(ctx: Ctx, seat: int, outcomes: list[tuple[Any, list[Emitted], Any]]) -> None:
    """Part 3 of the leak check: what two legal commands of ``seat`` tell every other observer.

    For two commands whose streams first differ in a form hidden from ``s``: a leak if ``s``'s
    views afterwards are equal, or if a *string* in which the forms differ (a card's name) is not
    shown anywhere in ``s``'s view after that command. Numbers are not judged here: they are
    often public positions (a disc) that a view shows by structure rather than by value.
    """
    for s in ctx.observers:
        if s == seat:
            continue
        views = [ctx.call("leak", f"view({s})", ctx.game.view, after, s) for _, _, after in outcomes]
        shown = [None] * len(outcomes)
        for i in range(len(outcomes)):
            for j in range(i + 1, len(outcomes)):
                (c1, e1, _), (c2, e2, _) = outcomes[i], outcomes[j]
                found = stream_leak(e1, e2, s)
                if found is None:
                    continue
                what = f"seat {seat} may send {c1!r} or {c2!r}"
                if views[i] == views[j] and type(views[i]) is type(views[j]):
                    _leak(ctx, s, found, f"{what}, which leave {ctx.who(s)}'s view the same, but a redacted form "
                                         f"tells them apart", ctx.position)
                for k in (i, j):
                    if shown[k] is None:
                        shown[k] = leaves(views[k])
                _, fa, fb = found
                for path, x, y in differing_leaves(fa, fb, type(fa).__name__):
                    for value, k, command in ((x, i, c1), (y, j, c2)):
                        if isinstance(value, str) and not shown_in(value, shown[k]):
                            _leak(ctx, s, found, f"{what}; after {command!r} the redacted form names {value!r}, "
                                                 f"which {ctx.who(s)}'s view does not show", ctx.position,
                                  f"{path}: {_show(x)} != {_show(y)}")
                ctx.ok("leak")


def check_hidden_choices(ctx: Ctx, state: Any, seat: int, command: Any, emitted: list[Emitted],
                         samples: dict[int | None, list[Any]]) -> None:
    """Part 4 of the leak check: another world and another choice that ``s`` cannot tell apart.

    In each sample ``S'`` of what ``s`` cannot see, every legal command ``c'`` of ``seat``: if
    ``s`` receives exactly the same visible events from ``c'`` on ``S'`` as from ``command`` on
    the real state (same length, same visibility, equal visible forms) and has the same view
    afterwards, then ``s`` cannot tell the two apart, so the redacted forms must be equal too.
    """
    game, p = ctx.game, ctx.position
    for s, states in samples.items():
        if s == seat:
            continue
        pattern = [(hidden_from(e, s), None if hidden_from(e, s) else e.event) for e in emitted]
        real_view = None
        for sample in states:
            choices = ctx.call("leak", f"legal({seat}) of a sample", game.legal, sample, seat)
            for other_command in choices:
                if other_command == command and type(other_command) is type(command):
                    continue  # the same command: part 2
                try:
                    other = game.decide(sample, seat, other_command, ctx.rng(p))
                except Exception:  # noqa: BLE001 - legal() on a sample: not this check's business
                    continue
                if [(hidden_from(e, s), None if hidden_from(e, s) else e.event) for e in other] != pattern:
                    continue
                if real_view is None:
                    real_view = _view_after(ctx, state, emitted, s, "real state")
                if _view_after(ctx, sample, other, s, "sample") != real_view:
                    continue
                for i, (a, b) in enumerate(zip(emitted, other)):
                    if a.for_seat(s) != b.for_seat(s) or type(a.for_seat(s)) is not type(b.for_seat(s)):
                        _leak(ctx, s, (i, a.for_seat(s), b.for_seat(s)),
                              f"seat {seat} sent {command!r}; on a state {ctx.who(s)} cannot tell from the real one "
                              f"it could have sent {other_command!r}, with the same visible events and the same "
                              f"view afterwards, but a redacted form tells them apart", p)
                ctx.ok("leak")
