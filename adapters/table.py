"""A game played by action ids: one ``engine.session.Session`` plus what both adapters need beside
it (the action encoding, each seat's record of what it has seen, the commands played, for the
log). Never a second rules implementation: every rule is the engine's (``Session.legal``, ``advance``,
``Session.view``, ``Game.sample_hidden``).

Turns. The seat to act is the lowest of ``status().to_act``: at a simultaneous step (Roma's
secret pass, Rome et Carthage's combat cards, the Republic's civil-war cards) the seats answer one
after the other, lowest first, and none sees the others' answers before the step resolves, since
the engine keeps them private until every seat has chosen. This is how OpenSpiel turns a
simultaneous game into a sequential one (``pyspiel.convert_to_turn_based``).

What a seat knows. ``record(seat)`` is a SHA-256 chained over every event in the form that seat
received it (``Emitted.for_seat``): two histories a seat can tell apart give different records,
which is what an information state must do (perfect recall), without ever reading the state.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_left
import importlib
from typing import Any, NamedTuple

import msgspec

from engine import registry
from engine.core import Emitted, GameConfig, stepper
from engine.errors import RuleError
from engine.rng import Rng
from engine.session import Session, validate_config

from .encoding import encoding

_ENC = msgspec.msgpack.Encoder()
_JSON = msgspec.json.Encoder()


class Step(NamedTuple):
    """One command played, for the log (``adapters.export``); ``prev`` the step before it."""

    seat: int
    command: Any
    emitted: list[Emitted]
    position: int
    prev: "Step | None"


class Listed:
    """A seat's legal list and its action ids, ``sorted`` (once each) as OpenSpiel gives them
    (``Encoding.listing``); the map from id to command and the notation's words are made when
    asked."""

    __slots__ = ("seat", "commands", "sorted", "extra", "enc", "_by_id", "words", "at", "pos")

    def __init__(self, seat: int | None, commands: list[Any], enc: Any, at: int = -1, pos: int = -1) -> None:
        self.seat, self.commands, self.enc = seat, commands, enc
        self.at, self.pos = at, pos  # the table's commands and position it is the list of
        self.sorted, self.extra = enc.listing(commands)
        self._by_id: dict[int, Any] | None = None
        self.words: dict[int, str] | None = None

    def command(self, action: Any) -> Any | None:
        """The legal command ``action`` stands for, or None."""
        if self.extra is not None:
            c = self.extra.get(action)
            if c is not None:
                return c
            if len(self.extra) == len(self.sorted):  # every id's command is there
                return None
        ids = self.sorted
        try:
            i = bisect_left(ids, action)
        except TypeError:  # not a number
            return None
        return self.enc.command(ids[i]) if i < len(ids) and ids[i] == action else None

    def by_id(self) -> dict[int, Any]:
        if self._by_id is None:
            self._by_id = {a: self.command(a) for a in self.sorted}
        return self._by_id


_new_step = tuple.__new__


class IllegalAction(ValueError):
    """An action id that is not legal now (nothing changed)."""


def _chain(record: bytes, event: Any) -> bytes:
    return hashlib.sha256(record + _ENC.encode(event)).digest()


def config_of(game_id: str, players: int | None, options: dict[str, str]) -> GameConfig:
    """The engine's config, checked as the server checks it (a RuleError names what is allowed)."""
    game = registry.get(game_id)
    config = GameConfig(players or game.info.player_counts[0], dict(options))
    validate_config(game, config)
    return config


class Table:
    def __init__(self, game_id: str, config: GameConfig, seed: bytes) -> None:
        self.game_id = game_id
        self.game = registry.get(game_id)
        self._play = _stepper(game_id)
        self.enc = encoding(game_id)
        self.config = config
        self.seed = seed
        self.session, opening = Session.start(self.game, config, seed)
        self.opening: list[Emitted] | None = opening  # None once resampled: no log to export then
        self.records = [_chain(b"", b"start")] * config.players  # replaced, never changed in place
        self._pending: list[Emitted] = []  # events not yet in the records
        self._fold(opening)
        self.last: Step | None = None
        self._legal: Listed | None = None  # the legal list of the seat to act, encoded
        self._views: dict[int, bytes] = {}  # seat -> view JSON at this position
        self.max_commands = 0  # > 0: a truncated game (adapters' parameter), over after that many

    def _fold(self, emitted: list[Emitted]) -> None:
        """The events go into every seat's record when a record is next read (``record``)."""
        self._pending.extend(emitted)

    def _settle(self) -> list[bytes]:
        if self._pending:
            recs = self.records = list(self.records)
            for e in self._pending:
                for p in range(len(recs)):
                    recs[p] = _chain(recs[p], e.for_seat(p))
            self._pending = []
        return self.records

    # -- copies -------------------------------------------------------------------------------
    def copy(self, session: Session | None = None) -> "Table":
        """An independent table (its own session: a copy of this one's, or ``session``)."""
        t = object.__new__(Table)
        t.__dict__.update(self.__dict__)
        t.session = self.session.copy() if session is None else session
        t._views = dict(self._views)
        t._pending = list(self._pending)
        return t

    def __deepcopy__(self, memo: dict) -> "Table":
        return self.copy()

    def __getstate__(self) -> dict:
        """Pickled (OpenSpiel's serialization): the snapshot bytes, never engine objects."""
        s = self.session
        return {"game_id": self.game_id, "players": self.config.players, "options": dict(self.config.options),
                "seed": self.seed, "snapshot": s.encode_snapshot(), "position": s.position,
                "records": list(self._settle()), "opening": self.opening,
                "steps": [tuple(x)[:4] for x in self.steps()],  # flat: pickling a long chain would recurse
                "commands": self.commands, "max_commands": self.max_commands}

    def __setstate__(self, d: dict) -> None:
        self.game_id = d["game_id"]
        self.game = registry.get(self.game_id)
        self._play = _stepper(self.game_id)
        self.enc = encoding(self.game_id)
        self.config = GameConfig(d["players"], d["options"])
        self.seed = d["seed"]
        self.session = Session.from_snapshot(self.game, self.config, self.seed, d["snapshot"], d["position"])
        self.records = d["records"]
        self.opening, self.last = d["opening"], None
        for seat, command, emitted, position in d["steps"]:
            self.last = Step(seat, command, emitted, position, self.last)
        self._legal = None
        self._views, self._pending = {}, []
        self.commands, self.max_commands = d["commands"], d["max_commands"]

    # -- turns ----------------------------------------------------------------------------------
    def to_act(self) -> int | None:
        """The seat to act (the lowest of those the engine waits for); None once over."""
        s = self.session
        if self._seat_at != self.commands or self._seat_pos != s.position:
            st = s.status()
            self._seat = None if st.over or 0 < self.max_commands <= self.commands else min(st.to_act)
            self._seat_at, self._seat_pos = self.commands, s.position
        return self._seat

    _seat: int | None = None  # the seat to act, cached at that many commands and that position
    _seat_at = _seat_pos = -1

    def truncated(self) -> bool:
        """Cut short by ``max_commands`` (not a rule's end: every seat scores 0)."""
        return 0 < self.max_commands <= self.commands

    commands = 0  # commands played

    def _cache(self) -> "Listed":
        """The legal list of the seat to act now: the one kept when it was made at this many
        commands and this position (two integer compares, as ``to_act``'s), else made."""
        listed = self._legal
        if listed is not None and listed.pos == self.session.position and listed.at == self.commands:
            return listed
        seat = self.to_act()
        listed = self._legal = self._listed(seat, self.session.legal(seat) if seat is not None else [])
        return listed

    def legal_actions(self) -> list[int]:
        return list(self._cache().sorted)

    def legal_ids(self) -> list[int]:
        """``legal_actions`` without the copy: the table's own list, to read, never to change."""
        return self._cache().sorted

    def command_of(self, action: int) -> Any | None:
        """The legal command an id stands for now, or None."""
        return self._cache().command(action)

    def apply(self, action: int) -> None:
        listed = self._cache()
        seat, commands = listed.seat, listed.commands
        command = listed.command(action)
        if command is None:
            ids = listed.sorted
            shown = ", ".join(f"{a} ({self.describe(a)})" for a in ids[:20]) + (" …" if len(ids) > 20 else "")
            who = "nobody: the game is over" if seat is None else f"seat {seat}"
            raise IllegalAction(f"action {action} ({self.enc.describe(action)}) is not legal now; "
                                f"legal for {who}: {shown or 'none'}")
        s = self.session
        try:  # the search path (docs/SEARCH.md): in place, as this table's state is nobody else's, and
            # unchecked (engine.core.stepper), as the search plays: ``command`` is one of the legal
            # list of the seat to act (``_cache``), so the game's checks could refuse nothing
            done = self._play(s.state, seat, command, Rng(self.seed, s.position), commands)
        except RuleError as exc:  # the engine's legal list is accepted by decide: a bug if not
            raise AssertionError(f"{self.game_id}: legal command {command!r} refused: {exc}") from exc
        emitted = done.emitted
        s.state = done.state
        s.position += len(emitted)
        self._pending += emitted  # into the records when they are read (_settle)
        self.commands += 1
        if self._views:
            self._views = {}
        if self.opening is not None:  # (tuple.__new__: a Step without its Python-level __new__)
            self.last = _new_step(Step, (seat, command, emitted, s.position - len(emitted), self.last))
        self._legal = None
        if done.legal is not None and done.legal[0] == self.to_act():  # the next seat's list, given
            self._legal = self._listed(done.legal[0], done.legal[1])

    def _listed(self, seat: int | None, commands: list[Any]) -> "Listed":
        return Listed(seat, commands, self.enc, self.commands, self.session.position)

    # -- words ----------------------------------------------------------------------------------
    def describe(self, action: int) -> str:
        """An id in the project's notation when it is legal now (``notation.describe_command``), else
        from the encoding alone."""
        listed = self._cache()
        by_id = listed.by_id()
        if action not in by_id:
            return self.enc.describe(action)
        if listed.words is None:  # every legal id's words, once: two commands the notation words alike
            # (Rome et Carthage's two galleys) are told apart by the encoding's words
            say = _notation(self.game_id)
            words = {a: say(self.session.state, listed.seat, c) for a, c in by_id.items()}
            counts: dict[str, int] = {}
            for w in words.values():
                counts[w] = counts.get(w, 0) + 1
            listed.words = {a: w if counts[w] == 1 else f"{w} [{self.enc.describe(a)}]" for a, w in words.items()}
        return listed.words[action]

    def view_json(self, seat: int) -> bytes:
        """What ``seat`` sees now (the engine's view, never the state), as JSON."""
        v = self._views.get(seat)
        if v is None:
            v = self._views[seat] = _JSON.encode(self.session.view(seat))
        return v

    def record(self, seat: int) -> str:
        return self._settle()[seat].hex()

    # -- the end ----------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """+1 a winner, -1 a loser, 0 each at a draw; -1 every seat when every seat lost (the
        Republic's fall, IX.5); 0 for all while the game runs."""
        st = self.session.status()
        n = self.config.players
        if not st.over or st.result is None:
            return [0.0] * n
        r = st.result
        if r.everyone_lost:
            return [-1.0] * n
        if not r.winners:
            return [0.0] * n
        return [1.0 if p in r.winners else -1.0 for p in range(n)]

    # -- hidden information -------------------------------------------------------------------------
    def resample(self, seat: int, rng: Rng, new_seed: bytes) -> "Table":
        """A table ``seat`` cannot tell from this one (``Game.sample_hidden``), whose future chance
        comes from ``new_seed`` (the real seed is the server's secret). The other seats' records are
        drawn from the sample (its views) and ``seat``'s record, never from theirs here."""
        mine = self._settle()[seat]
        state = self.game.sample_hidden(self.session.state, seat, rng)
        s = self.session
        t = self.copy(Session(self.game, self.config, new_seed, state, s.position, s.platform))
        t.seed = new_seed
        t.opening, t.last = None, None
        t._views, t._seat_at = {}, -1
        t._pending = []
        t.records = [mine if p == seat else hashlib.sha256(b"sampled" + mine + t.view_json(p)).digest()
                     for p in range(self.config.players)]
        t._legal = None
        return t

    # -- the log ------------------------------------------------------------------------------------
    def steps(self) -> list[Step]:
        out, s = [], self.last
        while s is not None:
            out.append(s)
            s = s.prev
        return out[::-1]


_STEPPERS: dict[str, Any] = {}


def _stepper(game_id: str) -> Any:
    """The game's step for a caller that plays only legal commands of the seat to act
    (``engine.core.stepper``: the search bots' own), made once a game."""
    fn = _STEPPERS.get(game_id)
    if fn is None:
        fn = _STEPPERS[game_id] = stepper(registry.get(game_id))
    return fn


_NOTATION: dict[str, Any] = {}


def _notation(game_id: str) -> Any:
    fn = _NOTATION.get(game_id)
    if fn is None:
        fn = _NOTATION[game_id] = importlib.import_module(registry.package(game_id) + ".notation").describe_command
    return fn
