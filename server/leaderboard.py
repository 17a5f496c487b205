"""``ListPlayers``: the registered players and their ratings, recomputed from the store's finished
rated games' verified logs (``carthago.glicko`` states the method; ``carthago ratings FILE…``
gives the same table from the export files).

What it needs is kept between calls, so that a call costs what is new and what it returns, not
the whole store: the players (those registered since the last call read: ``players_since``), the
rated games' results (each finished game is looked at once: its first record says whether it is
rated; a rated one's whole log is verified, and what the ratings need kept, since a finished log
never changes), the games still in play (the ones that may finish), and the table itself, computed
again only when a rated game came (arithmetic per game). A call reads the players and games created
since the last one (within ``MARGIN_MS``, for the clocks of several processes and commits in
flight), the games still in play (one page per 100), the games among those that ended, and returns
at most ``limit`` rows. The first call of a process reads every game once.
"""

from __future__ import annotations

import bisect
import threading
import time
from typing import Callable

from carthago import glicko
from carthago.v1 import carthago_pb2 as pb

from engine import registry

from .failures import HostError
from .identity import player_info
from .limits import quote
from .log import export_bytes
from .playerstore import PlayerRow, Players
from .store import Store

BAD_LIMIT = "BAD_LIMIT"
UNKNOWN_GAME_TYPE = "UNKNOWN_GAME_TYPE"
PAGE = 100
NEW_PAGE = 10  # games listed a page at a time after the first call (the newest first: few are new)


MARGIN_MS = 5_000  # games and players created this long before the last call are read again: the commits in
                   # flight then, and the clocks of several processes (NTP keeps them far closer)


class Leaderboard:
    def __init__(self, store: Store, players: Players, clock: Callable[[], int] | None = None) -> None:
        self.store, self.players = store, players
        self.clock = clock or (lambda: time.time_ns() // 1_000_000)
        self.listed_at: int | None = None  # when the last call read (None: never)
        self.rated: dict[str, glicko.RatedGame] = {}      # finished rated game id -> what the ratings need
        self.in_play: set[str] = set()                    # games seen unfinished (they may end)
        self.looked: dict[str, int] = {}                  # game id -> created: seen in the margin, not to read again
        self.by_key: dict[bytes, PlayerRow] = {}
        self.names: list[str] = []                        # every player's name, sorted
        self.by_name: dict[str, PlayerRow] = {}
        self.table: dict[str, dict[bytes, glicko.Rating]] | None = None  # None: to compute again
        self.ranked: dict[str, list[bytes]] = {}          # game type -> its rated keys, best first
        self.lock = threading.Lock()
        self.reads = 0  # rows read of the store's games and players (listed, looked at): what the calls cost

    def _look(self, meta) -> None:
        """A game seen: finished, its first record read once (a rated one's log verified); else in play."""
        if not meta.finished:
            self.in_play.add(meta.game_id)
            return
        self.in_play.discard(meta.game_id)
        first = self.store.read(meta.game_id, 0, 0)
        self.reads += 1
        if bool(first) and pb.LogRecord.FromString(first[0].body).event.platform.game_created.rated:
            records = self.store.read(meta.game_id)  # (a new rated game's log: not counted in reads)
            rated = glicko.rated_game(export_bytes(records))
            if rated is not None:
                self.rated[meta.game_id] = rated
                self.table = None

    def _refresh(self) -> None:
        now = self.clock()
        floor = None if self.listed_at is None else self.listed_at - MARGIN_MS
        # the players registered since the last call (and within the margin before it)
        for row in self.players.players_since(-1 << 62 if floor is None else floor):
            self.reads += 1
            if row.name not in self.by_name:
                bisect.insort(self.names, row.name)
                self.by_name[row.name], self.by_key[row.public_key] = row, row
                self.table = None  # a tie's order is by name: rank again
        # the games created since the last call, newest first (every game at the first call)
        after = None
        size = PAGE if floor is None else NEW_PAGE  # the first call reads everything; the others what is new
        while True:
            metas = self.store.list_games("", True, size, after)
            self.reads += len(metas)
            for meta in metas:
                if floor is not None and meta.created_at_ms < floor:
                    break
                if meta.game_id in self.looked or meta.game_id in self.rated:
                    continue
                if floor is not None and meta.game_id in self.in_play and not meta.finished:
                    continue
                self._look(meta)
                if meta.finished:
                    self.looked[meta.game_id] = meta.created_at_ms
            else:
                if len(metas) == size:
                    after = (metas[-1].created_at_ms, metas[-1].game_id)
                    continue
            break
        self.listed_at = now
        self.looked = {g: c for g, c in self.looked.items() if c >= now - MARGIN_MS}
        # the games in play: those no longer listed have ended (or were purged)
        live: set[str] = set()
        after = None
        while True:
            metas = self.store.list_games("", False, PAGE, after)
            self.reads += len(metas)
            live.update(m.game_id for m in metas)
            if len(metas) < PAGE:
                break
            after = (metas[-1].created_at_ms, metas[-1].game_id)
        for game_id in self.in_play - live:
            meta = self.store.get_game(game_id)
            self.reads += 1
            if meta is None:
                self.in_play.discard(game_id)
            elif meta.finished:
                self._look(meta)
        if self.table is None:
            self.table = glicko.rate(list(self.rated.values()))
            self.ranked = {kind: sorted((k for k in rated if k in self.by_key),
                                        key=lambda k, r=rated: (-r[k].rating, self.by_key[k].name))
                           for kind, rated in self.table.items()}

    def list_players(self, req: pb.ListPlayersRequest) -> pb.ListPlayersResponse:
        if req.limit < 0:
            raise HostError("INVALID_ARGUMENT", BAD_LIMIT, f"limit is 0 (the default) or more, not {req.limit}")
        limit = min(req.limit or PAGE, PAGE)
        if req.game_type and req.game_type not in registry.ids():
            raise HostError("INVALID_ARGUMENT", UNKNOWN_GAME_TYPE,
                            f"no game type {quote(req.game_type)} (known: {', '.join(registry.ids())})")
        with self.lock:
            self._refresh()
            table = self.table
            if req.game_type:
                rows = [self.by_key[k] for k in self.ranked.get(req.game_type, [])[:limit]]
            else:
                rows = [self.by_name[n] for n in self.names[:limit]]
            rated_games = len(self.rated)
        out = pb.ListPlayersResponse(rated_games=rated_games)
        for row in rows:
            standing = out.players.add(player=player_info(row))
            for kind in sorted(table):
                r = table[kind].get(row.public_key)
                if r is not None:
                    standing.ratings.add(game_type=kind, rating=r.rating, deviation=r.deviation,
                                         volatility=r.volatility, games=r.games)
        return out
