"""Platform commands: resigning, agreeing a draw, aborting. They end a game outside its rules.

These are not rules of any game: every game takes them, from any seat, at any time while the game
is not over. They are decided and applied here, beside the game's own Decider, over a small
:class:`PlatformState` that a :class:`~engine.session.Session` keeps next to the game's state. Like
the game's, the decision is pure (no clock, no I/O) and its outcome is carried by the event, so a
replay (``carthago verify``) re-derives every one from the recorded commands.

What a resignation means is the game's to say (its RULES.md, "Resigning, draws and aborts"): a game
may define ``resign_result(state, seat) -> Result`` (who wins and the scores to show) and
``seats_in(state) -> tuple[int, ...]`` (the seats still in the game, whose agreement a draw needs);
without them the other seats win and every seat is in.

The lapse of a draw offer: it stands until its maker sends a game command again, or until a seat
declines it. A seat's first game command (set-up records are the platform's, not a seat's) closes
the window in which the game may be aborted.

Clocks (a game created with a time control): the server keeps them, but their arithmetic is here,
over the arrival times the server stamps on each record, handed in as data (``Seated``, ``Settled``),
so a replay computes the same clocks (Fischer, simple delay or correspondence: see ``Clock``); the
engine reads no clock. When a seat's time is out the server records ``ClockExpired``, whose outcome
a game may shape with ``timeout_result(state, seat)`` (by default that of a resignation).

Claims (a game without clocks, created with a claim time): a seat that has owed a move for longer
than the claim time may be claimed against by another seat (``ClaimVictory``). Its silence is
counted like a correspondence clock that nobody expires (``PlatformState.silence``), from the same
arrival times; the claim's outcome is that of a timeout of the silent seat, so every game, with two
seats or six, ends the way its RULES.md says a seat out of time ends it.
"""

from __future__ import annotations

from typing import Any

import msgspec

from . import errors
from .core import Result, Variant

# Codes of the platform commands (docs/PROTOCOL.md, error table). All FAILED_PRECONDITION.
NO_DRAW_OFFERED = "NO_DRAW_OFFERED"            # accept / decline with no offer standing
OWN_DRAW_OFFER = "OWN_DRAW_OFFER"              # a seat answering its own offer
DRAW_ALREADY_OFFERED = "DRAW_ALREADY_OFFERED"  # an offer while another stands
ALREADY_ACCEPTED = "ALREADY_ACCEPTED"          # a seat accepting the standing offer a second time
SEAT_OUT = "SEAT_OUT"                          # a seat no longer in the game offering or answering a draw
ABORT_TOO_LATE = "ABORT_TOO_LATE"              # abort after the first move of a seat
NO_CLOCK_EXPIRED = "NO_CLOCK_EXPIRED"          # (a log's record) a clock expiry for a seat whose time is not out
CLAIM_TOO_EARLY = "CLAIM_TOO_EARLY"            # a claim against a seat silent for less than the claim time
NOT_SILENT = "NOT_SILENT"                      # a claim against a seat that owes no move now
CLAIM_OWN_SEAT = "CLAIM_OWN_SEAT"              # a seat claiming the game from itself
CLAIMANT_TO_ACT = "CLAIMANT_TO_ACT"            # a claim by a seat that owes a move itself
CLOCKED_GAME = "CLOCKED_GAME"                  # a claim in a game with clocks (a silent seat loses on time there)
CLAIMS_OFF = "CLAIMS_OFF"                      # a claim in a game created without a claim time

# How a game ended (carthago.v1.ResultReason, without its prefix)
BY_RULES = "rules"
BY_RESIGNATION = "resignation"
BY_DRAW_AGREED = "draw_agreed"
BY_ABORT = "aborted"
BY_TIMEOUT = "timeout"
BY_CLAIM = "claimed"


# -- commands --------------------------------------------------------------------------------
class Resign(Variant):
    """The sending seat concedes."""


class OfferDraw(Variant):
    """The sending seat proposes to end the game drawn."""


class AcceptDraw(Variant):
    """The sending seat agrees to the standing draw offer."""


class DeclineDraw(Variant):
    """The sending seat refuses the standing draw offer (it lapses)."""


class Abort(Variant):
    """End the game with no result, before any seat's first move."""


class ClaimVictory(Variant):
    """End the game against ``silent_seat``, which has owed a move for longer than the claim time."""

    silent_seat: int = -1


Command = Resign | OfferDraw | AcceptDraw | DeclineDraw | Abort | ClaimVictory


# -- events (facts: they carry their outcome) ------------------------------------------------
class Resigned(Variant):
    seat: int
    winners: tuple[int, ...]
    scores: tuple[int, ...]


class DrawOffered(Variant):
    seat: int


class DrawAccepted(Variant):
    seat: int
    agreed: bool  # true: every seat still in has now accepted, the game is drawn


class DrawDeclined(Variant):
    seat: int


class GameAborted(Variant):
    seat: int


class OperatorAborted(Variant):
    """The server's operator ended the game with no result (``carthago admin abort``: a game
    abandoned, no move for days). A platform record, at any time while the game is not over;
    ``reason`` is the operator's own words, for the log's readers."""

    reason: str


class ClockExpired(Variant):
    """A seat's time ran out (written by the server, which keeps the clocks): the game ends as the
    game's ``timeout_result`` says (by default as if the seat had resigned)."""

    seat: int
    winners: tuple[int, ...]
    scores: tuple[int, ...]


class VictoryClaimed(Variant):
    """``seat`` claimed the game from ``silent_seat``, which had owed a move since
    ``silent_since_unix_ms`` (an arrival time of the log): the game ends as the game's
    ``timeout_result`` says for that seat (by default as if it had resigned)."""

    seat: int
    silent_seat: int
    silent_since_unix_ms: int
    winners: tuple[int, ...]
    scores: tuple[int, ...]


Event = (Resigned | DrawOffered | DrawAccepted | DrawDeclined | GameAborted | ClockExpired | OperatorAborted
         | VictoryClaimed)
EVENT_TYPES = (Resigned, DrawOffered, DrawAccepted, DrawDeclined, GameAborted, ClockExpired, OperatorAborted,
               VictoryClaimed)
MAX_REASON = 200  # characters of an operator's reason


# -- clocks (docs/PROTOCOL.md "Clocks": Fischer, simple delay, correspondence) ---------------
# The engine never reads a clock: the times are data the server gives (each record's arrival time),
# so a replay of the log computes the same clocks. DESIGN.md "Time, browsers and more processes".
#   Fischer:        a total per seat (``initial_ms``), plus ``increment_ms`` after each of its commands.
#   simple delay:   a total per seat; each time a seat's clock starts, the first ``delay_ms`` are not
#                   charged (the "US delay"; unused delay is lost, never added). No increment.
#   correspondence: no total; each decision has ``per_move_ms`` from when its clock starts; what is
#                   left unused is not banked (the next decision has ``per_move_ms`` again).
MAX_INITIAL_MS = 30 * 24 * 3600 * 1000   # a seat's time at the start, at most (30 days)
MAX_INCREMENT_MS = 24 * 3600 * 1000      # the increment, at most (a day)
MAX_DELAY_MS = 24 * 3600 * 1000          # a simple delay, at most (a day)
MAX_PER_MOVE_MS = 30 * 24 * 3600 * 1000  # a correspondence decision's time, at most (30 days)
MAX_CLAIM_AFTER_MS = 30 * 24 * 3600 * 1000  # a game's claim time, at most (30 days)


def time_control_problem(initial_ms: int, increment_ms: int, delay_ms: int, per_move_ms: int) -> str | None:
    """What is wrong with a time control (the server's BAD_TIME_CONTROL message; ``verify``'s
    reason to refuse a log's GameCreated), or None. One kind per game: correspondence
    (``per_move_ms`` alone), or a total (``initial_ms``) with an increment (Fischer) or a delay,
    not both."""
    if per_move_ms != 0:
        if not 1 <= per_move_ms <= MAX_PER_MOVE_MS:
            return f"time_control.per_move_ms must be in 1..{MAX_PER_MOVE_MS}, not {per_move_ms}"
        extra = [f"{name} {v}" for name, v in (("initial_ms", initial_ms), ("increment_ms", increment_ms),
                                               ("delay_ms", delay_ms)) if v != 0]
        if extra:
            return (f"a correspondence control (per_move_ms) has no total, increment or delay: "
                    f"{', '.join(extra)} must be 0")
        return None
    if not 1 <= initial_ms <= MAX_INITIAL_MS:
        return f"time_control.initial_ms must be in 1..{MAX_INITIAL_MS}, not {initial_ms}"
    if not 0 <= increment_ms <= MAX_INCREMENT_MS:
        return f"time_control.increment_ms must be in 0..{MAX_INCREMENT_MS}, not {increment_ms}"
    if not 0 <= delay_ms <= MAX_DELAY_MS:
        return f"time_control.delay_ms must be in 0..{MAX_DELAY_MS}, not {delay_ms}"
    if increment_ms and delay_ms:
        return (f"time_control has an increment ({increment_ms}) and a delay ({delay_ms}): "
                "choose one (Fischer or simple delay)")
    return None


def claim_after_problem(claim_after_ms: int, clocked: bool) -> str | None:
    """What is wrong with a game's claim time (``verify``'s reason to refuse a GameCreated), or None."""
    if claim_after_ms == 0:
        return None
    if clocked:
        return "a game with clocks takes no claims (its clocks end a silent seat's game), yet claim_after_ms is set"
    if not 1 <= claim_after_ms <= MAX_CLAIM_AFTER_MS:
        return f"claim_after_ms must be in 1..{MAX_CLAIM_AFTER_MS}, not {claim_after_ms}"
    return None


class SilenceSet(msgspec.Struct, frozen=True):
    """Replay marker (GameCreated with a claim time): from when every seat is claimed, each seat's
    silence is counted while it must act."""

    after_ms: int
    players: int


class ClockSet(msgspec.Struct, frozen=True):
    """Replay marker (GameCreated with a time control): every seat starts with ``initial_ms``
    (correspondence: ``per_move_ms``)."""

    initial_ms: int
    increment_ms: int
    players: int
    delay_ms: int = 0
    per_move_ms: int = 0


class Seated(msgspec.Struct, frozen=True):
    """Replay marker (SeatClaimed): the clocks start once every seat is claimed."""

    at_ms: int


class Settled(msgspec.Struct, frozen=True):
    """Replay marker (a seat's game command, after its last record): charge its time."""

    seat: int
    at_ms: int


class Clock(msgspec.Struct, frozen=True):
    initial_ms: int
    increment_ms: int
    remaining_ms: tuple[int, ...]     # per seat, as of when its clock last stopped or started
    since_ms: tuple[int, ...]         # per seat: when its clock started running; -1 stopped
    seated: int = 0                   # seat claims seen; the clocks run once every seat is claimed
    delay_ms: int = 0                 # simple delay: not charged at the start of each run
    per_move_ms: int = 0              # > 0: correspondence, each decision's time (not banked)

    def started(self) -> bool:
        return self.seated >= len(self.remaining_ms)

    def deadline(self, seat: int) -> int | None:
        """When ``seat``'s time runs out (ms since the epoch), or None if its clock is stopped."""
        if self.since_ms[seat] < 0:
            return None
        return self.since_ms[seat] + self.delay_ms + self.remaining_ms[seat]

    def delay_until(self, seat: int) -> int | None:
        """While ``seat``'s clock runs with a delay: until when its time is not charged (it may be
        past); None if its clock is stopped or the control has no delay."""
        if self.since_ms[seat] < 0 or self.delay_ms == 0:
            return None
        return self.since_ms[seat] + self.delay_ms

    def charged(self, seat: int, at_ms: int) -> int:
        """The time ``seat``'s running clock has used by ``at_ms`` (its delay not counted)."""
        return max(0, at_ms - self.since_ms[seat] - self.delay_ms)

    def left(self, seat: int, now_ms: int) -> int:
        if self.since_ms[seat] < 0:
            return self.remaining_ms[seat]
        return self.remaining_ms[seat] - self.charged(seat, now_ms)


def new_clock(initial_ms: int, increment_ms: int, players: int, delay_ms: int = 0, per_move_ms: int = 0) -> Clock:
    start = per_move_ms if per_move_ms > 0 else initial_ms
    return Clock(initial_ms, increment_ms, (start,) * players, (-1,) * players,
                 delay_ms=delay_ms, per_move_ms=per_move_ms)


def clock_seated(clock: Clock, at_ms: int, to_act: tuple[int, ...]) -> Clock:
    clock = msgspec.structs.replace(clock, seated=clock.seated + 1)
    return clock_run(clock, None, at_ms, to_act) if clock.started() else clock


def clock_run(clock: Clock, mover: int | None, at_ms: int, to_act: tuple[int, ...]) -> Clock:
    """After a command of ``mover`` (None: none) arrived at ``at_ms``: a clock that stops is charged
    the time it ran (less its delay; correspondence: it is set back to ``per_move_ms``, nothing
    banked); the mover's gets its increment; a seat that must act now runs from ``at_ms``."""
    if not clock.started():
        return clock
    remaining, since = list(clock.remaining_ms), list(clock.since_ms)
    for x in range(len(remaining)):
        if since[x] >= 0 and (x == mover or x not in to_act):
            if clock.per_move_ms > 0:
                remaining[x] = clock.per_move_ms
            else:
                remaining[x] -= clock.charged(x, at_ms)
                if x == mover:
                    remaining[x] += clock.increment_ms
            since[x] = -1
        if x in to_act and since[x] < 0:
            since[x] = at_ms
    return msgspec.structs.replace(clock, remaining_ms=tuple(remaining), since_ms=tuple(since))


def clock_due(p: "PlatformState", now_ms: int) -> tuple[int, ...]:
    """The seats whose time has run out at ``now_ms``, earliest deadline first (none once the game
    is over)."""
    c = p.clock
    if c is None or p.result is not None:
        return ()
    due = [(d, x) for x in range(len(c.remaining_ms)) if (d := c.deadline(x)) is not None and d <= now_ms]
    return tuple(x for _, x in sorted(due))  # the first to run out first


def decide_timeout(game: Any, state: Any, players: int, over: bool, p: "PlatformState", seat: int,
                   now_ms: int) -> ClockExpired:
    if over or p.result is not None:
        raise errors.RuleError(errors.GAME_OVER, "the game is over")
    if seat not in clock_due(p, now_ms):
        raise errors.RuleError(NO_CLOCK_EXPIRED, f"seat {seat}'s time has not run out at {now_ms}")
    hook = _hook(game, "timeout_result")
    r = hook(state, seat) if hook is not None else resign_result(game, state, players, seat)
    return ClockExpired(seat, tuple(r.winners), tuple(r.scores))


def decide_claim(game: Any, state: Any, players: int, p: "PlatformState", seat: int, silent: int,
                 at_ms: int | None) -> VictoryClaimed:
    """``seat``'s claim against ``silent`` arriving at ``at_ms`` (the game is not over)."""
    if p.clock is not None:
        raise errors.RuleError(CLOCKED_GAME, "this game has clocks: a silent seat loses on time, not by a claim")
    if p.silence is None:
        raise errors.RuleError(CLAIMS_OFF, "this game was created without a claim time: it takes no claims")
    if not 0 <= silent < players:
        raise errors.RuleError(errors.MALFORMED_COMMAND, f"silent_seat is a seat 0..{players - 1}, not {silent}")
    if silent == seat:
        raise errors.RuleError(CLAIM_OWN_SEAT, "a seat cannot claim the game from itself: name the silent seat")
    if seat in game.status(state).to_act:
        raise errors.RuleError(CLAIMANT_TO_ACT, f"seat {seat} owes a move itself: make it before claiming")
    if seat not in seats_in(game, state, players):
        raise errors.RuleError(SEAT_OUT, f"seat {seat} is out of the game: it has no claim to make")
    since = p.silence.since_ms[silent]
    if since < 0:
        why = "owes no move now" if p.silence.started() else "has owed no move yet (not every seat is claimed)"
        raise errors.RuleError(NOT_SILENT, f"seat {silent} {why}: there is no silence to claim")
    due = since + p.silence.per_move_ms
    if at_ms is None or at_ms < due:
        waited = "" if at_ms is None else f"{max(0, at_ms - since) / 1000:.0f} s of "
        raise errors.RuleError(CLAIM_TOO_EARLY, f"seat {silent} has been silent {waited}the "
                               f"{p.silence.per_move_ms / 1000:.0f} s a claim needs: claim from {due} "
                               "(ms since the Unix epoch)")
    hook = _hook(game, "timeout_result")
    r = hook(state, silent) if hook is not None else resign_result(game, state, players, silent)
    return VictoryClaimed(seat, silent, since, tuple(r.winners), tuple(r.scores))


def claim_from(p: "PlatformState") -> tuple[int, ...]:
    """Per seat, from when a claim against it is allowed (ms since the epoch); 0 while it owes no
    move; () in a game without claims or once over."""
    s = p.silence
    if s is None or p.result is not None:
        return ()
    return tuple(t + s.per_move_ms if t >= 0 else 0 for t in s.since_ms)


def decide_operator_abort(over: bool, p: "PlatformState", reason: str) -> OperatorAborted:
    """The operator's abort: any time while the game is not over, with a reason in a few words."""
    if over or p.result is not None:
        raise errors.RuleError(errors.GAME_OVER, "the game is over")
    reason = reason.strip()
    if not reason or len(reason) > MAX_REASON or not reason.isprintable():
        raise errors.RuleError(errors.MALFORMED_COMMAND,
                               f"an operator's abort gives a reason of 1 to {MAX_REASON} printable characters")
    return OperatorAborted(reason)


class Moved(msgspec.Struct, frozen=True):
    """Not an event: the marker a replay feeds for a seat's game command (its offer lapses, and the
    game can no longer be aborted)."""

    seat: int


class PlatformState(msgspec.Struct, frozen=True):
    moved: bool = False              # a seat has sent a game command: abort is closed
    offer_by: int = -1               # the seat whose draw offer stands, -1 none
    accepted: tuple[int, ...] = ()   # seats that accepted the standing offer (multiplayer), ascending
    result: Result | None = None     # set once a platform command ended the game
    ended_by: str = ""               # BY_RESIGNATION, BY_DRAW_AGREED, BY_ABORT, BY_TIMEOUT or BY_CLAIM, with ``result``
    ended_seat: int = -1             # the seat whose resignation, timeout or abort ended the game (or the
                                     # silent seat of a claim), -1 none
    clock: Clock | None = None       # the seats' clocks, when the game was created with a time control
    silence: Clock | None = None     # without clocks, with a claim time: when each seat to act began to owe
                                     # its move (a correspondence clock of the claim time that nothing expires)


def default_seats_in(players: int) -> tuple[int, ...]:
    return tuple(range(players))


def _hook(game: Any, name: str) -> Any:
    """A game's optional entry point: on the game object, or in its rules module (ModularGame)."""
    return getattr(game, name, None) or getattr(getattr(game, "rules", None), name, None)


def is_talk(game: Any, event: Any) -> bool:
    """Is ``event`` table talk (a game's optional ``talk_events``: event types a seat may cause at
    any time without making a move)? Talk is not a move: it neither closes the abort window, nor
    lapses its sender's draw offer, nor stops or credits the sender's clock."""
    kinds = _hook(game, "talk_events")
    return kinds is not None and isinstance(event, kinds)


def seats_in(game: Any, state: Any, players: int) -> tuple[int, ...]:
    hook = _hook(game, "seats_in")
    return tuple(hook(state)) if hook is not None else default_seats_in(players)


def resign_result(game: Any, state: Any, players: int, seat: int) -> Result:
    hook = _hook(game, "resign_result")
    if hook is not None:
        return hook(state, seat)
    return Result(tuple(x for x in range(players) if x != seat), (), "resignation")


def decide(game: Any, state: Any, players: int, over: bool, p: PlatformState, seat: int, command: Any,
           at_ms: int | None = None) -> Any:
    """The event a platform command causes, or a RuleError. ``over``: the game's rules ended it.
    ``at_ms``: the command's arrival time (a claim needs it)."""
    if over or p.result is not None:
        raise errors.RuleError(errors.GAME_OVER, "the game is over")
    if isinstance(command, ClaimVictory):
        return decide_claim(game, state, players, p, seat, command.silent_seat, at_ms)
    if isinstance(command, Resign):
        r = resign_result(game, state, players, seat)
        return Resigned(seat, tuple(r.winners), tuple(r.scores))
    if isinstance(command, Abort):
        if p.moved:
            raise errors.RuleError(ABORT_TOO_LATE, "a game can be aborted only before its first move")
        return GameAborted(seat)
    inside = seats_in(game, state, players)
    if seat not in inside:
        raise errors.RuleError(SEAT_OUT, f"seat {seat} is out of the game: it has no say in a draw")
    if isinstance(command, OfferDraw):
        if p.offer_by >= 0:
            what = "you offered a draw already" if p.offer_by == seat else f"seat {p.offer_by}'s draw offer stands"
            raise errors.RuleError(DRAW_ALREADY_OFFERED, f"{what}: answer it or wait until it lapses")
        return DrawOffered(seat)
    if isinstance(command, (AcceptDraw, DeclineDraw)):
        if p.offer_by < 0:
            raise errors.RuleError(NO_DRAW_OFFERED, "no draw offer stands")
        if p.offer_by == seat:
            raise errors.RuleError(OWN_DRAW_OFFER, "the draw offer is yours: the other seats answer it")
        if isinstance(command, DeclineDraw):
            return DrawDeclined(seat)
        if seat in p.accepted:
            raise errors.RuleError(ALREADY_ACCEPTED, "you accepted this offer already")
        needed = set(inside) - {p.offer_by}
        return DrawAccepted(seat, needed <= set(p.accepted) | {seat})
    raise errors.RuleError(errors.UNKNOWN_COMMAND, "not a platform command")


def evolve(p: PlatformState, event: Any) -> PlatformState:
    """Apply one platform event (or a :class:`Moved` marker). Total; draws no randomness."""
    if isinstance(event, Moved):
        if p.offer_by == event.seat:
            return msgspec.structs.replace(p, moved=True, offer_by=-1, accepted=())
        return p if p.moved else msgspec.structs.replace(p, moved=True)
    if isinstance(event, ClockExpired):
        return msgspec.structs.replace(p, offer_by=-1, accepted=(), ended_by=BY_TIMEOUT,
                                       ended_seat=event.seat, result=Result(event.winners, event.scores, "timeout"))
    if isinstance(event, VictoryClaimed):
        return msgspec.structs.replace(p, offer_by=-1, accepted=(), ended_by=BY_CLAIM, ended_seat=event.silent_seat,
                                       result=Result(event.winners, event.scores, "victory claimed"))
    if isinstance(event, SilenceSet):
        return msgspec.structs.replace(p, silence=new_clock(0, 0, event.players, per_move_ms=event.after_ms))
    if isinstance(event, ClockSet):
        return msgspec.structs.replace(p, clock=new_clock(event.initial_ms, event.increment_ms, event.players,
                                                          event.delay_ms, event.per_move_ms))
    if isinstance(event, Resigned):
        return msgspec.structs.replace(p, offer_by=-1, accepted=(), ended_by=BY_RESIGNATION,
                                       ended_seat=event.seat, result=Result(event.winners, event.scores, "resignation"))
    if isinstance(event, GameAborted):
        return msgspec.structs.replace(p, offer_by=-1, accepted=(), ended_by=BY_ABORT,
                                       ended_seat=event.seat, result=Result((), (), "aborted"))
    if isinstance(event, OperatorAborted):
        return msgspec.structs.replace(p, offer_by=-1, accepted=(), ended_by=BY_ABORT,
                                       ended_seat=-1, result=Result((), (), "aborted by the operator"))
    if isinstance(event, DrawOffered):
        return msgspec.structs.replace(p, offer_by=event.seat, accepted=())
    if isinstance(event, DrawDeclined):
        return msgspec.structs.replace(p, offer_by=-1, accepted=())
    if isinstance(event, DrawAccepted):
        if event.agreed:
            return msgspec.structs.replace(p, offer_by=-1, accepted=(), ended_by=BY_DRAW_AGREED,
                                           result=Result((), (), "draw agreed"))
        return msgspec.structs.replace(p, accepted=tuple(sorted({*p.accepted, event.seat})))
    raise TypeError(f"not a platform event: {event!r}")
