"""The checks every registered game must pass, as functions over one game in progress.

Six checks, each named in any failure it reports (``conformance/README.md`` explains them for
readers who do not write games). ``conformance.play`` drives a seeded random game and calls
these functions at every step (``deep`` steps run the costly ones).

progress
    No crash, no dead end, an end: while the game is not over some seat must act and every
    seat that must act has a legal command; a game still running after ``info.max_steps``
    commands fails. ``decide`` returns a non-empty list of :class:`Emitted` whose events and
    redacted forms are variants of ``game.Event``, with a redacted form for every private
    event. ``evolve`` accepts every event ``decide`` produced, and the event that ends the game
    is the last its command produced (nothing happens after the end). A finished game has a result,
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
    ``server.log.verify``. A game whose ``evolve`` draws randomness fails here. And the search
    bots' way of playing, ``engine.core.advance`` (in place, no copy), run over the whole game on
    a state of its own, gives the same events and the same state after every command as ``decide``
    then ``evolve``, and the legal commands it hands back for the next seat are ``legal``'s.

leak
    Nothing hidden reaches a seat. For every observer ``s`` (each seat, and ``None``, the
    spectator), in four parts:

    1. Views. ``view(s, state) == view(s, sample_hidden(state, s, rng))`` for several samples
       at every deep step (one observer, one sample at other steps). The same samples must
       give the same ``status`` (``to_act``, ``over``: everybody is told them) and, for a
       seat, the same ``legal(state, s)`` (a seat is told its legal commands). Fuzzed
       commands of ``s`` rejected on the real state are rejected on its sample with the same
       code and message (errors.py: a rejection says no more than the view). Over a game,
       ``sample_hidden`` must change something at least once when the game declares hidden
       information, or the leak checks are vacuous.

    The event stream. Seat ``t`` sends ``c`` at position ``p``;
    ``E = decide(S, t, c, Rng(seed, p))``; ``s`` receives ``[e.for_seat(s) for e in E]``. Two
    streams are compared event by event: equal forms, go on; a form *visible* to ``s`` (public,
    or ``s`` among its seats) differs, or an event is visible in one and hidden in the other:
    stop, for ``s`` now learns something lawfully (its own draw from a deck it cannot see, a
    card turned face up) and what follows may depend on it; two forms *hidden* from ``s`` (so
    ``s`` gets their redacted forms) differ: a candidate, judged below. Before the first
    visible difference ``s`` has been told the same things in both streams.

    2. Worlds ``s`` cannot tell apart. ``E`` against ``c`` decided on each sample ``S'`` of what
       ``s`` cannot see (same rng), and against ``c`` decided on ``S`` with another seed (the
       dice and shuffles nobody knows yet; the set-up is checked this way too). A candidate is
       a leak when ``s``'s view after the command is the same in both worlds (the redacted
       form says more than everything ``s`` may know), or when a value in which the two forms
       differ appears nowhere in ``s``'s view after the command in its world. Otherwise it is a
       reveal the rules make, named in a redacted form, and is accepted. If ``c`` is not legal
       on a sample it is skipped when ``t != s``; when ``t == s`` the rejection is itself a
       leak (``s``'s own command cannot depend on what ``s`` does not know).

    3. Secret commands. Part 2 keeps ``c`` fixed, so it cannot see a redacted form that names
       the secret content of ``c`` (the card a player passes face down, the card kept from
       those looked at). At deep steps every pair of legal commands ``c1 != c2`` of ``t`` is
       compared on the same state: a candidate is a leak when ``s``'s views after ``c1`` and
       after ``c2`` are equal, or when a *string* in which the forms differ (a card's name) is
       not shown in ``s``'s view after its command. Numbers are not judged this way: a public
       part of a command (a disc) is often shown by a view's structure, not as a value.

    4. Another world and another choice. At deep steps, every legal command ``c'`` of ``t`` on
       each sample ``S'``: if ``s`` receives exactly the same visible events from ``c'`` on
       ``S'`` as from ``c`` on ``S`` and has the same view afterwards, every form must be equal.

    Why this gives no false alarm: the premise is DESIGN.md principle 3 read with the view as
    the measure of what a seat may know. A redacted form may carry what its receivers knew, the
    public part of the command and the dice, and what the rules reveal to them, which their
    view then shows. Everything compared is kept equal except what ``s`` cannot know (the
    sample, the seed, the other command), so a redacted form that differs and is not
    explained by ``s``'s view afterwards carries what ``s`` could not know. The only heuristic
    is "appears in the view" (parts 2 and 3): it can miss a leak whose value happens to appear
    in the view for another reason, but a value it flags is one the view never shows.

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

from engine.core import Emitted, Game, GameConfig, state_digest
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
    branch: int = 12           # commands of a random continuation from a determinization, per deep step


class CheckFailure(Exception):
    def __init__(self, check: str, message: str, seq: int | None = None) -> None:
        super().__init__(f"{check}: {message}")
        self.check, self.message, self.seq = check, message, seq


def variants(union: Any) -> tuple[type, ...]:
    return typing.get_args(union) or (union,)


def crash_site(exc: BaseException) -> str:
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
        self.wired: set[tuple[str, bytes]] = set()
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
            self.fail(check, f"{what} crashed: {type(exc).__name__}: {exc}{crash_site(exc)}")

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
        ctx.fail("progress", f"decide crashed on seat {seat} {command!r}: {type(exc).__name__}: {exc}{crash_site(exc)}")
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
                          f"{type(exc).__name__}: {exc}{crash_site(exc)}")
    else:
        ctx.fail("legal", f"{label}: seat {seat} {command!r} is not listed by legal() but decide accepts it")
    if state_digest(state) != digest:
        ctx.fail("legal", f"{label}: the rejected command changed the state (seat {seat}, {command!r})")
    ctx.ok("legal")
    return error


def evolve_all(ctx: Ctx, state: Any, emitted: list[Emitted], what: str) -> Any:
    """Apply events to ``state`` (owned by the caller); a crash is a progress failure, and so is an
    event after the one that ended the game (the rest of a step that ended it must not happen)."""
    game, last, ended = ctx.game, len(emitted) - 1, -1
    for i, e in enumerate(emitted):
        state = ctx.call("progress", f"evolve({type(e.event).__name__}) after {what}", game.evolve, state, e.event)
        if ended < 0 and i < last:
            try:  # a state halfway through a command (a set-up half dealt) may have no status yet
                ended = i if game.status(state).over else -1
            except Exception:  # noqa: BLE001 - not a finished game, then
                pass
    if ended >= 0 and ctx.call("progress", f"status after {what}", game.status, state).over:
        ctx.fail("progress", f"{what}: the game ended with {type(emitted[ended].event).__name__}, yet "
                 f"{type(emitted[ended + 1].event).__name__} and {last - ended - 1} more events follow")
    return state


# ---- wire ---------------------------------------------------------------------

def wire_roundtrip(ctx: Ctx, kind: str, value: Any) -> None:
    """``value`` -> protobuf -> bytes -> protobuf -> ``value``."""
    if ctx.wire is None:
        return
    key = (kind, msgspec.msgpack.encode(value))
    if key in ctx.wired:  # already round-tripped in this game
        return
    ctx.wired.add(key)
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
                         f"{crash_site(exc)} ({value!r})")
    diff = first_difference(value, again, name)
    if diff:
        ctx.fail("wire", f"{kind} {name} comes back from protobuf changed: {diff}")
    ctx.ok("wire")


def wire_emitted(ctx: Ctx, emitted: list[Emitted]) -> None:
    for e in emitted:
        wire_roundtrip(ctx, "event", e.event)
        if e.seats is not None:
            wire_roundtrip(ctx, "event", e.redacted)
