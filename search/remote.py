"""A bot that plays one seat of a game on a server (local or remote) with the engine's search.

It knows what any client of the seat knows: its legal commands (``ListLegalCommands``) and one
state drawn for its seat by the server with the game's ``sample_hidden`` (``SampleStates``). Every
determinization the search uses is ``sample_hidden`` drawn again from that state: since a draw
depends only on what the seat sees (``tests/test_search.py``), the bot searches exactly as it would
in process, and reads nothing the rules hide from its seat.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from carthago.bots import follow
from carthago.client import CarthagoError, Seat
from engine import registry
from engine.core import decode_state, tag_of

from .bot import check as check_spec, make_player
from .clock import ClockNow
from .levels import levels

STALE = ("STALE_SEQ", "LOST_RACE")


class SeatMismatch(RuntimeError):
    """The server's legal commands differ from the engine's for the drawn state (another version)."""


def _kind(command: Any) -> str:
    game = command.WhichOneof("game")
    return getattr(command, game).WhichOneof("kind") if game else ""


class RemoteSearchBot:
    """Plays ``seat`` with the bot ``spec`` (``mcts:200``, ``mcts:200ms``; ``random`` works too)."""

    def __init__(self, seat: Seat, spec: str, seed: int | str = 0) -> None:
        self.seat = seat
        summary = seat.client.game(seat.game_id)
        self.game = registry.get(summary.game_type)
        self.players = summary.players
        self.player = make_player(spec, f"{seed}/{seat.seat}", summary.game_type)
        self.time_control: Any = None  # the game's TimeControl, from its creation record
        self.seat_clock: Any = None    # (this seat's SeatClock, server time - local time in s)
        self._fed = False              # whether a stream feeds the two (play); else act_once asks

    def act_once(self) -> bool:
        """Search and submit one command if this seat has one now; True if a command landed."""
        started = time.time()
        commands, head = self.seat.legal_at()
        if not commands:
            return False
        drawn = self.seat.sample_states(1)
        if drawn.head_seq != head:
            return False  # the game moved between the two calls: look again
        game = self.game
        if drawn.game_version != game.info.version:
            raise SeatMismatch(f"the server plays {game.info.id} version {drawn.game_version}; this bot's engine "
                               f"has version {game.info.version}: install the server's version")
        base = decode_state(game, drawn.states[0])
        me = self.seat.seat
        legal = game.legal(base, me)
        if [tag_of(c) for c in legal] != [_kind(c) for c in commands]:
            raise SeatMismatch(f"{game.info.id}: the server's {len(commands)} legal commands are not the "
                               f"engine's {len(legal)} for this seat")
        if hasattr(self.player, "clock"):
            if not self._fed:
                self.ask_clock()
            self.player.clock = self.clock_now(started)
        chosen = self.player.choose(game, me, self.players, lambda rng: game.sample_hidden(base, me, rng), legal)
        try:
            self.seat.submit(commands[legal.index(chosen)], expected_seq=head)
            return True
        except CarthagoError as err:
            if err.code in STALE:
                return False
            raise

    def read_batch(self, batch: Any) -> None:
        """Keep what the clock needs from a stream batch: the game's time control (its creation
        record) and this seat's clock with the server's time."""
        for record in batch.events:
            if record.event.WhichOneof("game") == "platform" and record.event.platform.HasField("game_created"):
                created = record.event.platform.game_created
                self.time_control = created.time_control if created.HasField("time_control") else None
        clocks = batch.status.clocks
        if len(clocks) > self.seat.seat:
            self.seat_clock = (clocks[self.seat.seat], batch.server_time_unix_ms / 1000.0 - time.time())

    def ask_clock(self) -> None:
        """Without a stream (a caller that only calls ``act_once``, as a tournament does): the
        game's time control from its first batch (once), this seat's clock from ``GetGame`` (the
        server's time taken as this machine's)."""
        if self.time_control is None:
            batches = self.seat.stream(0)
            try:
                self.read_batch(next(batches))
            finally:
                batches.close()
            if self.time_control is None:
                self.time_control = False  # no clocks: never asked again
        if self.time_control is not False:
            clocks = self.seat.client.game(self.seat.game_id).status.clocks
            if len(clocks) > self.seat.seat:
                self.seat_clock = (clocks[self.seat.seat], 0.0)

    def clock_now(self, started: float) -> ClockNow | None:
        """This seat's clock when its move started (``started``, this machine's time), or None."""
        tc, seen = self.time_control, self.seat_clock
        if not tc or seen is None:
            return None
        clock, offset = seen
        now_ms = 1000.0 * (started + offset)  # the server's clock
        left, delay = float(clock.remaining_ms), float(tc.delay_ms)
        if clock.deadline_unix_ms:  # running: the deadline counts the delay still to come
            delay = max(0.0, clock.delay_until_unix_ms - now_ms) if clock.delay_until_unix_ms else 0.0
            left = clock.deadline_unix_ms - now_ms - delay
        return ClockNow(max(0.0, left), float(tc.increment_ms), delay, float(tc.per_move_ms))

    def play(self, on_batch: Callable | None = None) -> None:
        """Follow the game's stream and act whenever this seat must, until the game is over."""
        self._fed = True

        def seen(batch: Any) -> None:
            self.read_batch(batch)
            if on_batch:
                on_batch(batch)

        follow(self.seat, self.act_once, seen)


class _Plugin:
    """What the client's bots get from this package (``carthago.bots.PLUGINS``: pyproject.toml's
    entry point ``carthago.bots`` / ``search``), so the client never imports it by name."""

    @staticmethod
    def check(spec: str) -> None:
        check_spec(spec)

    @staticmethod
    def make(seat: Seat, spec: str, seed: int | str = 0) -> "RemoteSearchBot":
        return RemoteSearchBot(seat, spec, seed)

    @staticmethod
    def levels(game_id: str) -> list[Any]:
        """The house bot's levels of ``game_id`` (``search.levels.Level``), weakest first."""
        return levels(game_id)


PLUGIN = _Plugin()
