"""``ListPlayers``: the registered players and their ratings, recomputed from the store's finished
rated games' verified logs (``carthago.glicko`` states the method; ``carthago ratings FILE…``
gives the same table from the export files).

Each finished game is looked at once: its first record says whether it is rated; a rated one's
whole log is verified and what the ratings need kept (a finished log never changes). The table is
then computed again from every rated game, in order, which is quick (arithmetic per game); the
verification, which replays the game, is what is kept.
"""

from __future__ import annotations

import threading

from carthago import glicko
from carthago.v1 import carthago_pb2 as pb

from engine import registry

from .failures import HostError
from .identity import player_info
from .limits import quote
from .log import export_bytes
from .playerstore import Players
from .store import Store

BAD_LIMIT = "BAD_LIMIT"
UNKNOWN_GAME_TYPE = "UNKNOWN_GAME_TYPE"
PAGE = 100


class Leaderboard:
    def __init__(self, store: Store, players: Players) -> None:
        self.store, self.players = store, players
        self.seen: dict[str, glicko.RatedGame | None] = {}  # finished game id -> its rated game (None: not rated)
        self.lock = threading.Lock()

    def _refresh(self) -> list[glicko.RatedGame]:
        after = None
        while True:
            metas = self.store.list_games("", True, PAGE, after)
            for meta in metas:
                if meta.finished and meta.game_id not in self.seen:
                    first = self.store.read(meta.game_id, 0, 0)
                    rated = bool(first) and pb.LogRecord.FromString(first[0].body).event.platform.game_created.rated
                    self.seen[meta.game_id] = \
                        glicko.rated_game(export_bytes(self.store.read(meta.game_id))) if rated else None
            if len(metas) < PAGE:
                break
            after = (metas[-1].created_at_ms, metas[-1].game_id)
        return [g for g in self.seen.values() if g is not None]

    def list_players(self, req: pb.ListPlayersRequest) -> pb.ListPlayersResponse:
        if req.limit < 0:
            raise HostError("INVALID_ARGUMENT", BAD_LIMIT, f"limit is 0 (the default) or more, not {req.limit}")
        limit = min(req.limit or PAGE, PAGE)
        with self.lock:
            games = self._refresh()
        table = glicko.rate(games)
        if req.game_type and req.game_type not in registry.ids():
            raise HostError("INVALID_ARGUMENT", UNKNOWN_GAME_TYPE,
                            f"no game type {quote(req.game_type)} (known: {', '.join(registry.ids())})")
        rows = self.players.all_players()
        if req.game_type:
            rated = table.get(req.game_type, {})
            rows = sorted((r for r in rows if r.public_key in rated),
                          key=lambda r: (-rated[r.public_key].rating, r.name))
        out = pb.ListPlayersResponse(rated_games=len(games))
        for row in rows[:limit]:
            standing = out.players.add(player=player_info(row))
            for kind in sorted(table):
                r = table[kind].get(row.public_key)
                if r is not None:
                    standing.ratings.add(game_type=kind, rating=r.rating, deviation=r.deviation,
                                         volatility=r.volatility, games=r.games)
        return out
