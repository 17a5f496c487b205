"""What the host answers without writing: the game types, a game's summary and status, one page of
games, a seat's view (now, or at a past seq of a finished game), its legal commands, and states
drawn for a search bot.

Part of :class:`server.host.GameHost` (a base class of it); every answer is read from
``_current`` (server.hostgames), so it is of a committed state."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import secrets
from typing import AsyncIterator

from carthago.v1 import carthago_pb2 as pb
from engine import platform as pf
from engine import registry
from engine.core import decode_state, encode_state
from engine.gamedata import game_data
from engine.rng import Rng
from engine.session import Session
from search.levels import levels

from .failures import BAD_COUNT, BAD_LIMIT, BAD_PAGE_TOKEN, BAD_SEQ, NOT_FINISHED, HostError
from .house import house_bots
from .loaded import Loaded
from .log import replay_items
from .words import check_language, legal_words

MAX_SAMPLES = 64  # states one SampleStates call may ask for
LIST_PAGE_MAX = 100      # games per ListGames page, at most (and by default)
PAST_VIEWS_CACHED = 256  # GetView(at_seq) answers kept

RESULT_REASONS = {  # Session.ended_by() -> GameStatus.result_reason
    pf.BY_RULES: pb.RESULT_REASON_RULES,
    pf.BY_RESIGNATION: pb.RESULT_REASON_RESIGNATION,
    pf.BY_DRAW_AGREED: pb.RESULT_REASON_DRAW_AGREED,
    pf.BY_ABORT: pb.RESULT_REASON_ABORTED,
    pf.BY_TIMEOUT: pb.RESULT_REASON_TIMEOUT,
    pf.BY_CLAIM: pb.RESULT_REASON_CLAIMED,
}


def _page_token(req: pb.ListGamesRequest, created_at_ms: int, game_id: str) -> str:
    """An opaque token for the page after ``game_id``, bound to the query's filters."""
    raw = json.dumps([1, req.game_type, req.include_finished, created_at_ms, game_id], separators=(",", ":"))
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def _page_after(req: pb.ListGamesRequest) -> tuple[int, str]:
    """The (created_at_ms, game_id) a page token names; BAD_PAGE_TOKEN if it is not one of this query."""
    try:
        raw = base64.urlsafe_b64decode(req.page_token + "=" * (-len(req.page_token) % 4))
        version, game_type, finished, created, game_id = json.loads(raw)
        ok = version == 1 and isinstance(created, int) and isinstance(game_id, str)
    except (ValueError, TypeError):
        ok = False
    if not ok:
        raise HostError("INVALID_ARGUMENT", BAD_PAGE_TOKEN, "page_token is not a next_page_token of this server")
    if (game_type, finished) != (req.game_type, req.include_finished):
        raise HostError("INVALID_ARGUMENT", BAD_PAGE_TOKEN,
                        "page_token belongs to a query with other filters (game_type, include_finished)")
    return created, game_id


class Reads:
    """The host's answers that write nothing. Uses the host's ``store``, ``clock``, ``feed``,
    ``_games``, ``_past_views``, ``_current``, ``_build``, ``_caller``, ``_player``, ``_reserved``
    and ``_seat_key``."""

    # ---- summaries -------------------------------------------------------
    def _status(self, loaded: Loaded) -> pb.GameStatus:
        st = loaded.session.status()
        msg = pb.GameStatus(to_act=st.to_act, over=st.over)
        if st.result is not None:
            msg.winners.extend(st.result.winners)
            msg.scores.extend(st.result.scores)
            msg.reason = st.result.reason
            msg.everyone_lost = st.result.everyone_lost
        msg.claim_from_unix_ms.extend(pf.claim_from(loaded.session.platform))
        clock = loaded.session.platform.clock
        if clock is not None:
            msg.clocks.extend(pb.SeatClock(remaining_ms=clock.remaining_ms[x],
                                           deadline_unix_ms=0 if st.over else clock.deadline(x) or 0,
                                           delay_until_unix_ms=0 if st.over else clock.delay_until(x) or 0)
                              for x in range(len(clock.remaining_ms)))
        if st.over:
            msg.result_reason = RESULT_REASONS[loaded.session.ended_by()]
            if loaded.session.platform.ended_seat >= 0:
                msg.ended_by_seat = loaded.session.platform.ended_seat
        else:
            p = loaded.session.platform
            if p.offer_by >= 0:
                msg.draw_offer_by = p.offer_by
                msg.draw_accepted_by.extend(p.accepted)
        return msg

    def _summary(self, loaded: Loaded) -> pb.GameSummary:
        meta, info = loaded.meta, loaded.game.info
        rows = self.store.seats(meta.game_id)
        claimed = {row.seat: row.player for row in rows}
        house = house_bots(rows)
        reserved = self._reserved(loaded)
        status = self._status(loaded)
        return pb.GameSummary(
            game_id=meta.game_id, game_type=meta.game_type, players=meta.players, options=meta.options,
            seats=[pb.SeatInfo(seat=s, name=info.seat_names[s] if s < len(info.seat_names) else str(s),
                               claimed=s in claimed, player=claimed.get(s, ""),
                               reserved_for=reserved[s].player if s in reserved else "",
                               house_bot=house.get(s, ""), player_key=self._seat_key(loaded, s, rows))
                   for s in range(meta.players)],
            status=status, head_seq=loaded.head_seq,
            seed_commitment=hashlib.sha256(meta.seed).hexdigest(),
            head_hash=loaded.head_hash.hex() if status.over else "",
            created_at_unix_ms=meta.created_at_ms, rated=loaded.rated)

    # ---- RPCs ------------------------------------------------------------
    def list_game_types(self, language: str = "") -> pb.ListGameTypesResponse:
        """Every game type, its options' help and its levels' names and budgets in ``language`` ("" or
        "en", "fr"; any other: INVALID_ARGUMENT / BAD_LANGUAGE)."""
        language = check_language(language)
        out = pb.ListGameTypesResponse()
        for game in registry.all_games():
            info = game.info
            out.games.add(id=info.id, title=info.title, player_counts=info.player_counts,
                          seat_names=info.seat_names, data_sha256=game_data(info.id).sha256,
                          options=[pb.OptionInfo(name=k, values=v.values, default=v.default, doc=v.doc_in(language))
                                   for k, v in sorted(info.options.items())],
                          bot_levels=[pb.BotLevel(name=lv.name, number=lv.number, title=lv.title_in(language),
                                                  millis_per_move=lv.millis, iterations_per_move=lv.iterations,
                                                  all_cores=lv.all_cores, description=lv.describe(language))
                                      for lv in levels(info.id)])
        return out

    def watch_open_seats(self, req: pb.WatchOpenSeatsRequest) -> AsyncIterator[bytes]:
        """Serialized ``OpenSeatsBatch`` messages (server.feed): what is open now, then the changes."""
        return self.feed.watch(req)

    async def get_game(self, game_id: str) -> pb.GameSummary:
        return self._summary(await self._current(game_id))

    async def list_games(self, req: pb.ListGamesRequest) -> pb.ListGamesResponse:
        """One page of games, newest first (keyset paging: a token names the last game listed). A
        game not in memory is built in a worker thread, never on the event loop."""
        if req.limit < 0:
            raise HostError("INVALID_ARGUMENT", BAD_LIMIT, f"limit is 0 (the default) or more, not {req.limit}")
        limit = min(req.limit or LIST_PAGE_MAX, LIST_PAGE_MAX)
        after = _page_after(req) if req.page_token else None
        metas = await asyncio.to_thread(self.store.list_games, req.game_type, req.include_finished, limit + 1,
                                        after)
        out = pb.ListGamesResponse()
        for m in metas[:limit]:
            loaded = self._games.get(m.game_id)
            if loaded is None:
                try:
                    built = await asyncio.to_thread(self._build, m)
                except HostError:  # created before creation was one transaction, its records never written
                    continue
                loaded = self._games.setdefault(m.game_id, built)  # one loaded meanwhile (a command) wins
            out.games.append(self._summary(await self._current(m.game_id)))
        if len(metas) > limit:
            last = metas[limit - 1]
            out.next_page_token = _page_token(req, last.created_at_ms, last.game_id)
        return out

    async def get_view(self, req: pb.GetViewRequest, token: str | None) -> pb.GetViewResponse:
        loaded = await self._current(req.game_id)
        caller = self._caller(loaded, token)
        seat = caller.seat
        if req.HasField("at_seq"):
            if not (loaded.session.status().over or caller.operator):
                raise HostError("FAILED_PRECONDITION", NOT_FINISHED,
                                "views at a past seq are for finished games")
            if not 0 <= req.at_seq <= loaded.head_seq:
                raise HostError("INVALID_ARGUMENT", BAD_SEQ, f"seq must be in 0..{loaded.head_seq}")
            out = await self._past_view(loaded, seat, req.at_seq)
        else:
            view, seq, status_msg = loaded.session.view(seat), loaded.head_seq, self._status(loaded)
            out = pb.GetViewResponse(seat=-1 if seat is None else seat, seq=seq, status=status_msg,
                                     view=pb.GameView(**{loaded.wire.field: loaded.wire.view_to_proto(view)}))
        out.server_time_unix_ms = self.clock()
        return out

    async def _past_view(self, loaded: Loaded, seat: int | None, at_seq: int) -> pb.GetViewResponse:
        """The view just after record ``at_seq``: the log replayed up to it in a worker thread (a long
        game is tens of ms of replay), and kept in a small cache (the past never changes)."""
        key = (loaded.meta.game_id, at_seq, seat)
        hit = self._past_views.get(key)
        if hit is not None:
            self._past_views.move_to_end(key)
            return pb.GetViewResponse.FromString(hit)
        game, config, seed, wire, meta = loaded.game, loaded.session.config, loaded.meta.seed, loaded.wire, loaded.meta

        def replay() -> pb.GetViewResponse:
            past = Session.replay(game, config, seed, replay_items(
                wire, (pb.LogRecord.FromString(r.body) for r in self.store.read(meta.game_id, 0, at_seq))))
            status = self._status(Loaded(meta, game, past, at_seq, b""))
            return pb.GetViewResponse(seat=-1 if seat is None else seat, seq=at_seq, status=status,
                                      view=pb.GameView(**{wire.field: wire.view_to_proto(past.view(seat))}))

        response = await asyncio.to_thread(replay)
        self._past_views[key] = response.SerializeToString()
        while len(self._past_views) > PAST_VIEWS_CACHED:
            self._past_views.popitem(last=False)
        return response

    async def legal(self, game_id: str, token: str | None, with_words: bool = False,
                    language: str = "") -> pb.ListLegalCommandsResponse:
        language = check_language(language)
        loaded = await self._current(game_id)
        seat = self._player(loaded, token)
        legal = loaded.session.legal(seat)
        commands = [pb.GameCommand(**{loaded.wire.field: loaded.wire.command_to_proto(c)}) for c in legal]
        words = legal_words(loaded.game, loaded.session.state, seat, legal, language) if with_words else []
        return pb.ListLegalCommandsResponse(commands=commands, head_seq=loaded.head_seq, words=words)

    async def sample_states(self, req: pb.SampleStatesRequest, token: str | None) -> pb.SampleStatesResponse:
        """States drawn for the caller's seat with ``sample_hidden`` (for search bots). Each shows
        the seat exactly its view; the draws use fresh randomness, never the game's seed."""
        count = req.count or 1
        if not 1 <= count <= MAX_SAMPLES:
            raise HostError("INVALID_ARGUMENT", BAD_COUNT, f"count must be in 1..{MAX_SAMPLES}, not {req.count}")
        loaded = await self._current(req.game_id)
        seat = self._player(loaded, token)
        game, head = loaded.game, loaded.head_seq
        state = decode_state(game, encode_state(loaded.session.state))  # a copy: commands may follow
        salt = secrets.token_bytes(16)

        def draw() -> list[bytes]:
            return [encode_state(game.sample_hidden(state, seat, Rng(salt, i))) for i in range(count)]

        states = await asyncio.to_thread(draw)
        return pb.SampleStatesResponse(head_seq=head, game_version=game.info.version, states=states)
