"""The checks every registered game must pass, as functions over one game in progress.

Six checks, each named in any failure it reports (``conformance/README.md`` explains them for
readers who do not write games). ``conformance.play`` drives a seeded random game and calls
these functions at every step (``deep`` steps run the costly ones).

progress
    No crash, no dead end, an end: while the game is not over some seat must act and every
    seat that must act has a legal command; a game still running after ``info.max_steps``
    commands fails. ``decide`` returns a non-empty list of :class:`Emitted` whose events and
    redacted forms are variants of ``game.Event``, with a redacted form for every private
    event. ``evolve`` accepts every event ``decide`` produced. A finished game has a result,
    no legal command, and rejects every command.

legal
    Legal means accepted: every command ``legal(state, seat)`` lists is accepted by ``decide``
    (all of them at deep steps, for every seat; the bot's choice at every step). A seat that
    need not act has no legal command. Everything not listed is rejected with a
    :class:`RuleError` whose ``code`` is an upper-snake-case string, and leaves the state
    unchanged (``state_digest`` before and after): mutations of legal commands (each int
    +-1, random, huge; each str turned into another string seen in the game's commands,
    garbage or empty; tuples emptied, shortened, extended, reversed, an item mutated;
    every field given a value of the wrong type), legal commands sent by seats that are not
    to act (and by seats -1 and ``players``), commands of other games, and garbage (None, an
    int, a string, a dict, a random msgspec struct, a class). A mutation that equals a
    listed command is skipped: only unlisted commands must be rejected.

replay
    Replay is exact: folding ``evolve`` over the whole log gives the live state after every
    command (compared by encoding, so the first divergent step is named); a snapshot taken
    every ``plan.snapshot_every`` events (``encode_state`` bytes), decoded and followed by its
    tail, gives the final state, with the same status, views and legal commands; re-running
    ``setup``/``decide`` over the recorded commands with the revealed seed gives the same
    events; the events recorded are unchanged at the end of the game (an event that aliases
    a list of the state would be rewritten by a later ``evolve``); and, for a game with a
    wire, the export built as the server builds it (``server.log.Chain``) passes
    ``server.log.verify``. A game whose ``evolve`` draws randomness fails here.

leak
    Nothing hidden reaches a seat. Three parts, for every observer ``s`` (each seat and
    ``None``, the spectator):

    1. Views. ``view(s, state) == view(s, sample_hidden(state, s, rng))`` for several samples,
       at every deep step (one observer, one sample at other steps). The same samples must
       give the same ``status`` (``to_act``, ``over``: everybody is told them) and, for a
       seat, the same ``legal(state, s)`` (a seat is told its legal commands). Fuzzed
       commands of ``s`` rejected on the real state are rejected on its sample with the same
       code and message (errors.py: a rejection says no more than the view). Over a whole
       game ``sample_hidden`` must change something at least once when the game declares
       hidden information, or the test is vacuous.

    2. Event streams, by resampling what ``s`` cannot know. Seat ``t`` sends ``c`` at
       position ``p``; ``E = decide(S, t, c, Rng(seed, p))``. Counterfactuals: ``E'`` decided
       on each sample ``S'`` of ``s`` with the same rng, and ``E''`` decided on ``S`` with
       another rng (random outcomes nobody knows yet). ``s`` receives
       ``[e.for_seat(s) for e in E]``. Compare the two streams position by position:

       * both forms *visible* to ``s`` (public, or ``s`` among the event's seats) and equal,
         or both hidden and equal: go on;
       * a visible form differs, or an event is visible to ``s`` in one world and hidden in
         the other: stop. From here on ``s`` legitimately learns something that depends
         on what it could not know (its own draw from a deck it cannot see, a card turned
         face up, a die), and what follows may depend on it;
       * both forms are *hidden* from ``s`` (``s`` receives the redacted forms) and differ:
         a leak. Before any visible divergence, everything ``s`` knows is the same in both
         worlds (by construction of the sample, and the rng is known to nobody), so a
         redacted form that differs carries something ``s`` does not know.

       Sound (no false alarm) for any game that follows DESIGN.md principle 3: a redacted form
       carries only what the rules let its receivers know; information the rules reveal goes
       in an event the receiver sees in full (public or private to it). A sample where ``c``
       is not legal (``t``'s hand was resampled) is skipped when ``t != s``; when ``t == s``
       the rejection itself is a leak (``s``'s own command cannot depend on what ``s`` does
       not know).

    3. Secret commands. Part 2 keeps ``c`` fixed, so it cannot see a redacted form that
       carries the secret content of ``c`` itself (the two cards a player passes face down).
       At deep steps, for two legal commands ``c1 != c2`` of ``t`` after which ``s``'s view is
       the same (``s`` cannot tell which one ``t`` sent), the streams ``s`` receives are
       compared by the same rule. Sound under the same convention, taking the view as the
       measure of what ``s`` may know: a redacted form may carry only what the view will show.

    A leak is reported with the seed, the seq of the event and the first differing field.

purity
    ``decide`` does not mutate its input (digest before and after every call, accepted or
    not), and the same inputs give the same events (decided twice, and on a copy of the
    state); ``legal``, ``view``, ``status`` and ``sample_hidden`` do not change the state;
    ``setup`` gives the same events twice.

wire
    For a game with a ``proto_package``: every command (legal, chosen), event, redacted
    form and view the game produces converts to its protobuf message, serializes, parses,
    and converts back equal (``server.wire``). Skipped for games without a wire.
"""

from __future__ import annotations

import random
import re
import traceback
import typing
from typing import Any, Callable

import msgspec

from engine.core import Emitted, Game, GameConfig, copy_state, state_digest
from engine.errors import RuleError
from engine.rng import Rng

from .diff import first_difference

CHECKS = ("progress", "legal", "replay", "leak", "purity", "wire")
CODE = re.compile(r"^[A-Z][A-Z0-9_]*$")


class Plan(msgspec.Struct, frozen=True):
    """How hard to look: the cost of one game, not the checks themselves."""

    deep: float = 1.0          # share of steps that get the deep checks (1.0: every step)
    samples: int = 3           # sample_hidden draws per observer at a deep step
    fuzz: int = 80             # at most this many unlisted commands tried per deep step
    snapshot_every: int = 16   # events between snapshots
    restores: int = 6          # snapshots restored (+ tail) at the end, evenly spread


class CheckFailure(Exception):
    def __init__(self, check: str, message: str, seq: int | None = None) -> None:
        super().__init__(f"{check}: {message}")
        self.check, self.message, self.seq = check, message, seq


def variants(union: Any) -> tuple[type, ...]:
    return typing.get_args(union) or (union,)


def _where(exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return ""
    f = frames[-1]
    return f" (at {'/'.join(f.filename.split('/')[-2:])}:{f.lineno} in {f.name})"


class Ctx:
    """One game under test: what every check needs, and the tally of assertions passed."""

    def __init__(self, game: Game, config: GameConfig, seed: int, plan: Plan, wire: Any = None) -> None:
        self.game, self.config, self.seed, self.plan, self.wire = game, config, seed, plan, wire
        self.seed_bytes = f"carthago-conformance-{seed}".encode()
        self.rnd = random.Random(f"checks:{seed}")
        self.seats = list(range(config.players))
        self.observers: list[int | None] = [*self.seats, None]
        self.events = variants(game.Event)
        self.tally: dict[str, int] = dict.fromkeys(CHECKS, 0)
        self.strings: set[str] = set()
        self.sample_changed = False
        self._samples = 0
        self.step = 0
        self.position = 0

    # -- bookkeeping -------------------------------------------------------
    def ok(self, check: str, n: int = 1) -> None:
        self.tally[check] += n

    def fail(self, check: str, message: str, seq: int | None = None) -> typing.NoReturn:
        raise CheckFailure(check, message, self.position if seq is None else seq)

    def call(self, check: str, what: str, fn: Callable, *args) -> Any:
        """``fn(*args)``; any exception is a failure of ``check`` (a crash)."""
        try:
            return fn(*args)
        except CheckFailure:
            raise
        except Exception as exc:  # noqa: BLE001 - every crash is a finding
            self.fail(check, f"{what} crashed: {type(exc).__name__}: {exc}{_where(exc)}")

    def rng(self, position: int) -> Rng:
        return Rng(self.seed_bytes, position)

    def alt_rng(self, position: int) -> Rng:
        return Rng(self.seed_bytes + b"/another-seed", position)

    def sample_rng(self) -> Rng:
        self._samples += 1
        return Rng(self.seed_bytes + b"/sample", self._samples)

    def who(self, seat: int | None) -> str:
        return "the spectator" if seat is None else f"seat {seat}"


# ---- decide's answers ---------------------------------------------------------

def check_emitted(ctx: Ctx, emitted: Any, what: str) -> None:
    """A non-empty list of Emitted; events and redacted forms are the game's events."""
    if not isinstance(emitted, list) or not emitted:
        ctx.fail("progress", f"{what} returned {emitted!r}: expected a non-empty list of Emitted")
    for i, e in enumerate(emitted):
        if not isinstance(e, Emitted):
            ctx.fail("progress", f"{what}: item {i} is {e!r}, not an Emitted")
        if not isinstance(e.event, ctx.events):
            ctx.fail("progress", f"{what}: event {i} {e.event!r} is not a variant of {ctx.game.info.id}'s Event")
        if e.seats is not None:
            if not all(isinstance(s, int) and 0 <= s < len(ctx.seats) for s in e.seats):
                ctx.fail("progress", f"{what}: event {i} is private to seats {e.seats}, not seats of this game")
            if not isinstance(e.redacted, ctx.events):
                ctx.fail("leak", f"{what}: private event {i} {type(e.event).__name__} has no redacted form "
                                 f"among the game's events ({e.redacted!r})")
    ctx.ok("progress")


def decide_accepted(ctx: Ctx, state: Any, seat: int, command: Any, digest: str, why: str) -> list[Emitted]:
    """``decide`` on a command ``legal()`` listed: accepted, pure, well formed."""
    try:
        emitted = ctx.game.decide(state, seat, command, ctx.rng(ctx.position))
    except RuleError as exc:
        ctx.fail("legal", f"seat {seat}: {command!r} is {why} but decide rejects it: {exc.code}: {exc.message}")
    except Exception as exc:  # noqa: BLE001
        ctx.fail("progress", f"decide crashed on seat {seat} {command!r}: {type(exc).__name__}: {exc}{_where(exc)}")
    ctx.ok("legal")
    if state_digest(state) != digest:
        ctx.fail("purity", f"decide changed its input state (seat {seat}, {command!r})")
    ctx.ok("purity")
    check_emitted(ctx, emitted, f"decide(seat {seat}, {command!r})")
    return emitted


def decide_rejected(ctx: Ctx, state: Any, seat: int, command: Any, label: str, digest: str) -> RuleError:
    """``decide`` on a command ``legal()`` did not list: a typed RuleError, state unchanged."""
    try:
        ctx.game.decide(state, seat, command, ctx.rng(ctx.position))
    except RuleError as exc:
        if not isinstance(exc.code, str) or not CODE.match(exc.code):
            ctx.fail("legal", f"{label}: rejected with code {exc.code!r}, not an UPPER_SNAKE_CASE string")
        error = exc
    except Exception as exc:  # noqa: BLE001
        ctx.fail("legal", f"{label}: seat {seat} {command!r} must be rejected with a RuleError, but decide raised "
                          f"{type(exc).__name__}: {exc}{_where(exc)}")
    else:
        ctx.fail("legal", f"{label}: seat {seat} {command!r} is not listed by legal() but decide accepts it")
    if state_digest(state) != digest:
        ctx.fail("legal", f"{label}: the rejected command changed the state (seat {seat}, {command!r})")
    ctx.ok("legal")
    return error


def evolve_all(ctx: Ctx, state: Any, emitted: list[Emitted], what: str) -> Any:
    """Apply events to ``state`` (owned by the caller); a crash is a progress failure."""
    for e in emitted:
        state = ctx.call("progress", f"evolve({type(e.event).__name__}) after {what}", ctx.game.evolve, state, e.event)
    return state


# ---- leaks --------------------------------------------------------------------

def hidden_from(e: Emitted, seat: int | None) -> bool:
    return e.seats is not None and (seat is None or seat not in e.seats)


def stream_leak(real: list[Emitted], other: list[Emitted], seat: int | None) -> tuple[int, str] | None:
    """The first redacted form that differs before anything visible to ``seat`` does."""
    for i, (a, b) in enumerate(zip(real, other)):
        hidden = hidden_from(a, seat)
        if hidden != hidden_from(b, seat):
            return None
        fa, fb = a.for_seat(seat), b.for_seat(seat)
        if fa == fb and type(fa) is type(fb):
            continue
        if not hidden:
            return None
        return i, first_difference(fa, fb, type(fa).__name__) or "?"
    return None


def _leak(ctx: Ctx, seat: int | None, found: tuple[int, str], what: str, position: int) -> typing.NoReturn:
    i, diff = found
    ctx.fail("leak", f"{ctx.who(seat)} receives a redacted form that depends on what it cannot know: {what}; "
                     f"event {i} of the command (seq {position + i + 1}) differs at {diff}", position + i + 1)


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
                                 f"return a state the rules can run): {type(exc).__name__}: {exc}{_where(exc)}")
            found = stream_leak(emitted, other, s)
            if found:
                _leak(ctx, s, found, f"seat {seat} sent {command!r}; the same command on a sample of what "
                                     f"{ctx.who(s)} cannot see gives another redacted form", p)
            ctx.ok("leak")
    try:
        other = game.decide(state, seat, command, ctx.alt_rng(p))
    except RuleError as exc:
        ctx.fail("purity", f"seat {seat} {command!r} is accepted with one rng and rejected ({exc.code}) with another")
    except Exception as exc:  # noqa: BLE001
        ctx.fail("progress", f"decide crashed with another seed: {type(exc).__name__}: {exc}{_where(exc)}")
    for s in ctx.observers:
        found = stream_leak(emitted, other, s)
        if found:
            _leak(ctx, s, found, f"seat {seat} sent {command!r}; decided with another seed, a redacted form "
                                 f"differs (it carries a random outcome)", p)
    ctx.ok("leak")


def check_secret_commands(ctx: Ctx, seat: int, outcomes: list[tuple[Any, list[Emitted], Any]]) -> None:
    """Part 3 of the leak check: commands ``s`` cannot tell apart give ``s`` the same stream."""
    for s in ctx.observers:
        if s == seat:
            continue
        groups: dict[bytes, tuple[Any, list[Emitted]]] = {}
        for command, emitted, after in outcomes:
            view = ctx.call("leak", f"view({s})", ctx.game.view, after, s)
            key = msgspec.msgpack.encode(view)
            if key not in groups:
                groups[key] = (command, emitted)
                continue
            first, first_emitted = groups[key]
            found = stream_leak(first_emitted, emitted, s)
            if found:
                _leak(ctx, s, found, f"seat {seat} may send {first!r} or {command!r}, which leave {ctx.who(s)}'s "
                                     f"view the same, but a redacted form tells them apart", ctx.position)
            ctx.ok("leak")


# ---- wire ---------------------------------------------------------------------

def wire_roundtrip(ctx: Ctx, kind: str, value: Any) -> None:
    """``value`` -> protobuf -> bytes -> protobuf -> ``value``."""
    if ctx.wire is None:
        return
    to, back = {"command": (ctx.wire.command_to_proto, ctx.wire.command_from_proto),
                "event": (ctx.wire.event_to_proto, ctx.wire.event_from_proto),
                "view": (ctx.wire.view_to_proto, ctx.wire.view_from_proto)}[kind]
    name = type(value).__name__
    try:
        msg = to(value)
        parsed = type(msg).FromString(msg.SerializeToString())
        again = back(parsed)
    except Exception as exc:  # noqa: BLE001
        ctx.fail("wire", f"{kind} {name} does not survive the protobuf round trip: {type(exc).__name__}: {exc}"
                         f"{_where(exc)} ({value!r})")
    diff = first_difference(value, again, name)
    if diff:
        ctx.fail("wire", f"{kind} {name} comes back from protobuf changed: {diff}")
    ctx.ok("wire")


def wire_emitted(ctx: Ctx, emitted: list[Emitted]) -> None:
    for e in emitted:
        wire_roundtrip(ctx, "event", e.event)
        if e.seats is not None:
            wire_roundtrip(ctx, "event", e.redacted)
