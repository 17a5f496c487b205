"""`carthago bot --accept`: a bot that waits for games, joins their open seats and plays them.

It follows the server's open-seats feed (``WatchOpenSeats``), claims a free seat of a matching game
(losing a race for it is normal: ``SEAT_TAKEN`` and the like are skipped), and plays each game it
joined to its end in a thread of its own, at most ``concurrency`` at once. When the server goes
away it subscribes again with a growing backoff, and games in play resume their seat with its token.
It never joins one game twice (it would play against itself), and never claims a reserved seat: a
seat reserved for its name is a challenge whose invite comes from the game's creator, out of band;
the bot says that it is waiting, and ``carthago bot GAME_ID --invite SECRET`` takes it. With
``invites`` (a directory: ``carthago bot --accept --invites DIR``), it takes such a seat itself once
the invite is in ``DIR/NAME/GAME_ID`` (how ``carthago tournament`` hands remote entrants their games).
With ``state`` (``--state DIR``) it keeps each game's seat and token in ``DIR/GAME_ID.json`` (the
owner's only) from the moment it joins until the game is over, and when started again goes on with
every game found there before it joins any other: a restart no longer loses its games on time.
"""

from __future__ import annotations

import json
import os
import queue
import sys
import threading
import time
from pathlib import Path
from typing import Callable

from .client import CarthagoError, Client, Seat

# a join refused for these reasons is a lost race or a game that changed meanwhile: go on
SKIPPED_JOINS = frozenset({"SEAT_TAKEN", "NO_FREE_SEAT", "GAME_OVER", "SEAT_RESERVED", "GAME_NOT_FOUND", "LOST_RACE"})
RETRIED = frozenset({"UNAVAILABLE", "DEADLINE_EXCEEDED", "SHUTTING_DOWN", "STREAM_TOO_SLOW", "STORE_UNAVAILABLE",
                     "RESOURCE_EXHAUSTED", "CANCELLED", "UNKNOWN", "INTERNAL"})
BACKOFF_FIRST_S = 0.5
BACKOFF_MAX_S = 30.0


class Acceptor:
    """The loop of ``carthago bot --accept``. ``make_bot(spec, seat, seed)`` builds a seat's player."""

    def __init__(self, server: str, name: str, spec: str, make_bot: Callable, game_types: list[str],
                 options: dict[str, str], max_games: int = 0, concurrency: int = 1, seed: str = "0",
                 out=sys.stdout, invites: str | Path | None = None, state: str | Path | None = None,
                 key=None) -> None:
        self.server, self.name, self.spec, self.make_bot = server, name, spec, make_bot
        self.game_types, self.options = list(game_types), dict(options)
        self.max_games, self.concurrency = max_games, max(1, concurrency)
        self.seed, self.out = seed, out
        self.invites = None if invites is None else Path(invites) / name
        self.state = None if state is None else Path(state)
        self.challenges: set[str] = set()         # games with a seat reserved for this name, not taken yet
        self.events: queue.Queue = queue.Queue()  # ("batch", b) | ("feed_ended", err) | ("done", game_id)
        self.open: dict[str, object] = {}         # game id -> OpenGame, as the feed last said
        self.joined: set[str] = set()             # every game this bot took a seat in
        self.playing: set[str] = set()
        self.finished = 0
        self.stopping = threading.Event()
        self.client: Client | None = None
        self.key, self.session = key, None  # a player's key (--key): joins as the player ``name``, signing
        self.offers: dict[str, object] = {}  # with a key: open challenges to this player (its stream), by id

    def say(self, line: str) -> None:
        print(line, file=self.out, flush=True)

    # ---- the feed, in a thread of its own -------------------------------------------------
    def _follow(self, client: Client) -> None:
        try:
            for batch in client.watch_open_seats(self.game_types, self.options, player=self.name):
                self.events.put(("batch", batch))
                if self.stopping.is_set():
                    return
            self.events.put(("feed_ended", None))
        except CarthagoError as err:
            self.events.put(("feed_ended", err))
        except Exception as err:  # noqa: BLE001 - anything else ends this subscription; the loop resubscribes
            self.events.put(("feed_ended", err))

    # ---- one game, in a thread of its own --------------------------------------------------
    def _play(self, seat: Seat) -> None:
        delay = BACKOFF_FIRST_S
        try:
            while not self.stopping.is_set():
                try:
                    self.make_bot(self.spec, seat, self.seed).play()
                    status = seat.client.game(seat.game_id).status
                    if status.over:
                        self.say(f"{seat.game_id}: over ({status.reason or 'ended'}; winners "
                                 f"{', '.join(map(str, status.winners)) or 'none'}; I sat at seat {seat.seat})")
                        return
                except CarthagoError as err:
                    if err.code not in RETRIED and err.status not in RETRIED:
                        self.say(f"{seat.game_id}: gave up: {err.code}: {err.message}")
                        return
                    self.say(f"{seat.game_id}: {err.code}; resuming in {delay:.1f}s")
                time.sleep(delay)
                delay = min(delay * 2, BACKOFF_MAX_S)
        finally:
            if self.state is not None and not self.stopping.is_set():
                (self.state / f"{seat.game_id}.json").unlink(missing_ok=True)  # over, or given up
            self.events.put(("done", seat.game_id))

    # ---- the seats kept across restarts (--state DIR) ---------------------------------------
    def _keep(self, seat: Seat) -> None:
        if self.state is None:
            return
        self.state.mkdir(parents=True, exist_ok=True, mode=0o700)
        path = self.state / f"{seat.game_id}.json"
        tmp = self.state / f".{seat.game_id}.json.tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(json.dumps({"game_id": seat.game_id, "seat": seat.seat, "token": seat.token,
                                "server": self.server, "player": self.name, "signed": seat.key is not None}) + "\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)  # whole or not at all

    def _resume_kept(self) -> None:
        """Go on with the games of ``state``: each still running is played again with its token."""
        if self.state is None or not self.state.is_dir():
            return
        for path in sorted(self.state.glob("*.json")):
            try:
                kept = json.loads(path.read_text())
                seat = Seat(self.client, kept["game_id"], int(kept["seat"]), kept["token"],
                            key=self.key if kept.get("signed") else None)
                over = self.client.game(seat.game_id).status.over
            except (OSError, ValueError, KeyError, TypeError) as err:
                self.say(f"{path}: not a seat this bot kept ({err}); left alone")
                continue
            except CarthagoError as err:
                if err.code != "GAME_NOT_FOUND":
                    raise
                over = True
            if over:
                path.unlink(missing_ok=True)
                continue
            self.joined.add(seat.game_id)
            self.playing.add(seat.game_id)
            self.say(f"resuming {seat.game_id} at seat {seat.seat} (kept in {path})")
            threading.Thread(target=self._play, args=(seat,), name=f"play-{seat.game_id}", daemon=True).start()

    # ---- the loop ------------------------------------------------------------------------
    def _wanted(self) -> bool:
        """Whether to take another game now."""
        if self.max_games and len(self.joined) >= self.max_games:
            return False
        return len(self.playing) < self.concurrency

    def _read_invite(self, game_id: str) -> str | None:
        if self.invites is None or not game_id or "/" in game_id or game_id.startswith("."):
            return None
        try:
            return (self.invites / game_id).read_text().strip() or None
        except OSError:
            return None  # not handed over yet (or not ours to read): the loop looks again

    def _try_challenges(self) -> None:
        for game_id in sorted(self.challenges):
            if not self._wanted():
                return
            invite = self._read_invite(game_id)
            if invite is None:
                continue
            self.challenges.discard(game_id)
            try:
                seat = self.client.join(game_id, invite=invite, session=self.session)
            except CarthagoError as err:
                if err.code in SKIPPED_JOINS or err.code in ("INVALID_INVITE", "SEAT_TAKEN"):
                    self.say(f"{game_id}: the challenge's seat is gone ({err.code})")
                    continue
                raise
            self._start(game_id, seat, "challenge")

    def _start(self, game_id: str, seat: Seat, kind: str) -> None:
        self._keep(seat)
        self.joined.add(game_id)
        self.playing.add(game_id)
        self.open.pop(game_id, None)
        self.say(f"joined {game_id} ({kind}) at seat {seat.seat}")
        threading.Thread(target=self._play, args=(seat,), name=f"play-{game_id}", daemon=True).start()

    def _follow_player(self) -> None:
        """With a key: the player's stream, read in a thread; each open challenge to this player
        of a wanted game type is handed to the loop, which accepts it (:meth:`_try_offers`)."""
        from .client import pb

        delay = BACKOFF_FIRST_S
        while not self.stopping.is_set():
            try:
                for event in self.client.player_events(self.session):
                    delay = BACKOFF_FIRST_S
                    if event.WhichOneof("kind") == "seat_waiting" and \
                            (not self.game_types or event.seat_waiting.game_type in self.game_types):
                        self.events.put(("offer", event.seat_waiting))  # a seat kept for our key (a tournament's)
                    ch = event.challenge if event.WhichOneof("kind") == "challenge" else None
                    if ch is not None and ch.challenged == self.name and ch.state == pb.CHALLENGE_STATE_OPEN \
                            and (not self.game_types or ch.game_type in self.game_types) \
                            and all(ch.options.get(k) == v for k, v in self.options.items()):
                        self.events.put(("offer", ch))
                    if self.stopping.is_set():
                        return
            except CarthagoError as err:
                self.say(f"the player's stream: {err.code}; again in {delay:.1f}s")
            if self.stopping.wait(delay):
                return
            delay = min(delay * 2, BACKOFF_MAX_S)

    def _try_offers(self) -> None:
        for challenge_id, ch in sorted(self.offers.items()):
            if not self._wanted():
                return
            del self.offers[challenge_id]
            if challenge_id.startswith("seat:"):  # a seat kept for our key: join it with the session
                if ch.game_id in self.joined:
                    continue
                try:
                    seat = self.client.join(ch.game_id, session=self.session)
                except CarthagoError as err:
                    if err.code in SKIPPED_JOINS or err.code in ("SEAT_TAKEN", "SEAT_RESERVED"):
                        continue
                    raise
                self._start(ch.game_id, seat, "a seat kept for this player")
                continue
            try:
                game_id = self.client.accept_challenge(self.session, challenge_id).challenge.game_id
            except CarthagoError as err:
                if err.code in ("CHALLENGE_CLOSED", "NO_SUCH_CHALLENGE"):
                    continue
                raise
            self.say(f"accepted {ch.challenger}'s challenge: {game_id}")
            self._start(game_id, self.client.join(game_id, session=self.session), f"challenge from {ch.challenger}")

    def _try_join(self) -> None:
        if self.offers:
            self._try_offers()
        self._try_challenges()
        for game_id, entry in sorted(self.open.items(), key=lambda kv: kv[1].created_at_unix_ms):
            if not self._wanted():
                return
            if game_id in self.joined:
                continue
            if not entry.free_seats:
                continue
            try:
                seat = self.client.join(game_id, player=self.name, session=self.session)
            except CarthagoError as err:
                if err.code in SKIPPED_JOINS:
                    self.open.pop(game_id, None)
                    continue
                raise
            self._start(game_id, seat, entry.game_type)

    def _apply(self, batch) -> None:
        if batch.initial:
            self.open.clear()
            self.challenges.clear()
        for game_id in batch.closed:
            self.open.pop(game_id, None)
            self.challenges.discard(game_id)
        for entry in batch.open:
            self.open[entry.game_id] = entry
            if entry.reserved_for_you and entry.game_id not in self.joined:
                if self.invites is not None:
                    if entry.game_id not in self.challenges:
                        self.say(f"{entry.game_id}: a challenge for {self.name}; its invite is awaited in "
                                 f"{self.invites}")
                    self.challenges.add(entry.game_id)
                    continue
                self.challenges.discard(entry.game_id)
                self.say(f"{entry.game_id}: seat(s) {', '.join(map(str, entry.reserved_for_you))} reserved for "
                         f"{self.name}: take one with its invite (carthago bot {entry.game_id} --invite SECRET)")

    def _subscribe(self) -> None:
        threading.Thread(target=self._follow, args=(self.client,), name="open-seats", daemon=True).start()

    def run(self) -> int:
        """Until stopped (KeyboardInterrupt) or, with ``max_games``, until that many games are played."""
        self.client = Client(self.server)
        try:
            if self.key is not None:
                self.session = self.client.login(self.name, self.key)
                threading.Thread(target=self._follow_player, name="player-stream", daemon=True).start()
            self._resume_kept()
            self._subscribe()
            delay = BACKOFF_FIRST_S
            while True:
                if self.max_games and self.finished >= self.max_games:
                    return 0
                try:  # a challenge whose invite has not arrived yet: look for it again soon
                    kind, value = self.events.get(timeout=0.2 if self.challenges else None)
                except queue.Empty:
                    kind, value = "tick", None
                if kind == "batch":
                    delay = BACKOFF_FIRST_S  # the server answers again
                    self._apply(value)
                elif kind == "offer":
                    self.offers[getattr(value, "challenge_id", "") or f"seat:{value.game_id}"] = value
                elif kind == "done":
                    self.playing.discard(value)
                    self.finished += 1
                    continue_after = not (self.max_games and self.finished >= self.max_games)
                    if not continue_after:
                        return 0
                elif kind == "feed_ended":
                    err = value
                    if isinstance(err, CarthagoError) and err.code not in RETRIED and err.status not in RETRIED:
                        self.say(f"error: the open-seats feed: {err.code}: {err.message}")
                        return 1
                    what = f"{err.code}" if isinstance(err, CarthagoError) else (str(err) or "ended")
                    self.say(f"open-seats feed: {what}; subscribing again in {delay:.1f}s")
                    self.open.clear()
                    if self.stopping.wait(delay):
                        return 0
                    delay = min(delay * 2, BACKOFF_MAX_S)
                    self._subscribe()
                    continue
                try:
                    self._try_join()
                except CarthagoError as err:
                    if err.code not in RETRIED and err.status not in RETRIED:
                        self.say(f"error: joining: {err.code}: {err.message}")
                        return 1
                    self.say(f"joining: {err.code}; the feed will say when to try again")
        finally:
            self.stopping.set()
            call = getattr(self.client, "feed_call", None)
            if call is not None:
                call.cancel()
            self.client.close()
