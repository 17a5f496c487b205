"""Committed records to whoever follows a game: the game's streams (``StreamEvents``: the backlog,
then one batch per append, encoded once per audience and head, bounded per subscriber), the
open-seats feed and the players' streams told of what changed, and the log's export.

Part of :class:`server.host.GameHost` (a base class of it). A subscriber with
``failures.STREAM_QUEUE_MAX`` batches waiting is dropped (``STREAM_TOO_SLOW``)."""

from __future__ import annotations

import asyncio
from typing import AsyncIterator

from carthago.v1 import carthago_pb2 as pb

from . import export, failures
from .failures import BAD_SEQ, NOT_FINISHED, SHUTTING_DOWN, STREAM_TOO_SLOW, TOO_SLOW, HostError
from .feed import open_seats
from .idle import IDLE, Waiter
from .loaded import Loaded
from .log import for_seat
from .store import Record
from .words import check_language, event_describer, prompt_words, record_words


class Streams:
    """The host's fan-out. Uses the host's ``store``, ``clock``, ``closing``, ``feed``,
    ``challenges``, ``_current``, ``_caller``, ``_reserved`` and ``_status``; counts
    ``streams_dropped``."""

    # ---- fan-out ---------------------------------------------------------
    def _publish(self, loaded: Loaded, bodies: list[pb.LogRecord], mover: int | None = None) -> None:
        """Committed records, in order, to every stream of the game; the streams of seats other
        than ``mover`` (who has just moved and gets its answer anyway) are woken first. A stream that has
        ``STREAM_QUEUE_MAX`` batches waiting (its client stopped reading) is dropped: its queue is
        emptied and holds only ``TOO_SLOW``, which ends it with RESOURCE_EXHAUSTED / STREAM_TOO_SLOW
        naming the seq to resume from. Memory per subscriber stays bounded whatever it does."""
        if bodies:
            queues = loaded.subscribers
            if mover is not None:
                queues = sorted(queues, key=lambda q: getattr(q, "seat", None) == mover)
            for queue in list(queues):
                if queue.qsize() >= failures.STREAM_QUEUE_MAX:
                    self.streams_dropped += 1
                    loaded.subscribers.discard(queue)
                    while not queue.empty():
                        queue.get_nowait()
                    queue.put_nowait(TOO_SLOW)
                else:
                    queue.put_nowait(bodies)
            if self.feed.active and any(b.event.WhichOneof("game") == "platform" and
                                        b.event.platform.WhichOneof("kind") in ("seat_claimed", "seed_revealed")
                                        for b in bodies):
                self._feed_update(loaded)
            self.challenges.published(loaded, bodies)  # the players' streams: games started, finished

    def _feed_update(self, loaded: Loaded) -> None:
        """The open-seats feed learns the game's unclaimed seats now (after a claim, an end, a creation)."""
        if not self.feed.active:
            return
        meta = loaded.meta
        finished = meta.finished or loaded.session.status().over
        claimed = set() if finished else {row.seat for row in self.store.seats(meta.game_id)}
        created = pb.GameCreated(reserved_seats=self._reserved(loaded).values())
        if loaded.time_control is not None:
            created.time_control.CopyFrom(loaded.time_control)
        self.feed.changed(meta.game_id, None if finished else open_seats(meta, claimed, created))

    # ---- StreamEvents ----------------------------------------------------
    async def stream(self, req: pb.StreamEventsRequest, token: str | None,
                     keepalive_s: float | None = None) -> AsyncIterator[bytes]:
        """Serialized ``EventBatch`` messages: the backlog from ``from_seq``, then one per append.
        ``keepalive_s``: after that long without a batch, one with no event at the head (as a
        stream's first one may be), so that proxies keep an idle HTTP stream open."""
        if self.closing:
            raise HostError("UNAVAILABLE", SHUTTING_DOWN, "this server is shutting down: open the stream on another")
        if req.from_seq < 0:
            raise HostError("INVALID_ARGUMENT", BAD_SEQ, f"from_seq is a seq (0 or more), not {req.from_seq}")
        language = check_language(req.language)
        words = language if req.with_words else ""  # the batches' words: "" none, else their language
        loaded = await self._current(req.game_id)
        caller = self._caller(loaded, token)
        seat = caller.seat
        queue: asyncio.Queue = asyncio.Queue()
        queue.seat = seat  # type: ignore[attr-defined]  # the audience (_publish wakes the mover's last)
        subscribers = loaded.subscribers  # shared by every rebuild of this game
        subscribers.add(queue)
        waiter = Waiter(queue, keepalive_s)
        try:
            next_seq = req.from_seq
            # the stored records, unparsed: streams opened at the same head share one encoded batch
            # (_batch), and none keeps a parsed copy of the log while it waits (issue 35)
            backlog: list = self.store.read(req.game_id, next_seq)
            if not backlog:  # open with the current state, so a client resuming at head knows where it is
                yield self._batch(loaded, [], seat, words)[0] + self._sent_at()
                if loaded.meta.finished:
                    return
            while True:
                if backlog:  # settled, not refreshed: a stream follows this process's appends
                    loaded = await self._current(req.game_id, refresh=False)
                    data, ended = self._batch(loaded, backlog, seat, words)
                    next_seq = backlog[-1].seq + 1
                    backlog = []
                    yield data + self._sent_at()
                    del data  # nothing of the batch is held while the stream waits
                    if ended:
                        return
                elif loaded.meta.finished and next_seq > loaded.head_seq:
                    return
                bodies = await waiter.get()
                if bodies is IDLE:  # a keepalive: nothing happened, the game where it stands
                    yield self._batch(await self._current(req.game_id, refresh=False), [], seat, words)[0] + self._sent_at()
                    continue
                if bodies is None:
                    raise HostError("UNAVAILABLE", SHUTTING_DOWN, "this server is shutting down: resume the "
                                    f"stream from seq {next_seq} (from_seq={next_seq}) on another server")
                if bodies is TOO_SLOW:
                    raise HostError("RESOURCE_EXHAUSTED", STREAM_TOO_SLOW,
                                    f"this stream fell {failures.STREAM_QUEUE_MAX} batches behind the game: resume it "
                                    f"from seq {next_seq} (from_seq={next_seq}) and read it faster")
                backlog = [b for b in bodies if b.seq >= next_seq]
                if backlog and backlog[0].seq > next_seq:  # records this stream was not handed: from the log
                    backlog[:0] = [pb.LogRecord.FromString(r.body)
                                   for r in self.store.read(req.game_id, next_seq, backlog[0].seq - 1)]
        finally:
            waiter.close()
            subscribers.discard(queue)

    def _sent_at(self) -> bytes:
        """``EventBatch.server_time_unix_ms`` now, serialized: appended to a batch's cached bytes as it
        is sent (a field after the others parses as if it were in place), so every subscriber gets
        the time of its own send while the batch is still encoded once per audience."""
        return pb.EventBatch(server_time_unix_ms=self.clock()).SerializeToString()

    def _batch(self, loaded: Loaded, bodies: list, seat: int | None, words: str = "") -> tuple[bytes, bool]:
        """The batch ``seat`` (None: a spectator) receives, serialized, and whether it ends the
        stream (the game is over and its last record, the platform's, is in it). ``bodies``: parsed
        records (``pb.LogRecord``, shared by every subscriber) or stored ones (``Record``), parsed
        only when the batch is not cached yet. ``words`` (a language, "" for none): each record also
        in a sentence in it, made from the record as the seat receives it (server.words.record_words).

        Encoded once per audience and head: every subscriber of the same seat (or every spectator)
        woken by the same append gets the same bytes. The key holds everything the batch depends
        on: the audience, the head (view and status) and the records' range (a game's records
        never change).
        """
        if loaded.batches_at != loaded.head_seq:
            loaded.batches, loaded.batches_at = {}, loaded.head_seq
        key = (seat, loaded.head_seq, bodies[0].seq if bodies else -1, bodies[-1].seq if bodies else -1, words)
        hit = loaded.batches.get(key)
        if hit is None:
            status = self._status(loaded)
            wire = loaded.wire
            if bodies and isinstance(bodies[0], Record):
                bodies = [pb.LogRecord.FromString(r.body) for r in bodies]
            view = loaded.session.view(seat)
            batch = pb.EventBatch(events=[for_seat(b, seat) for b in bodies], status=status, head_seq=loaded.head_seq,
                                  view={wire.field: wire.view_fields(view)})
            if words:
                batch.prompt = prompt_words(loaded.game, view, words)
                describe = event_describer(loaded.game, words)
                for record in batch.events:
                    record.words = record_words(loaded.game, wire, describe, record, words)
            ended = status.over and bool(bodies) and bodies[-1].event.WhichOneof("game") == "platform"
            hit = loaded.batches[key] = (batch.SerializeToString(), ended)
        return hit

    # ---- exports ---------------------------------------------------------
    async def _exportable(self, req, token: str | None) -> tuple[int, bytes]:
        """The head to export up to, once the caller may export (a finished game, or the operator)."""
        if req.form not in export.FORMS:
            raise HostError("INVALID_ARGUMENT", export.BAD_EXPORT_FORM,
                            f"form {req.form} is no ExportForm: 0 both, 1 binary, 2 JSON lines")
        loaded = await self._current(req.game_id)
        caller = self._caller(loaded, token)
        if not loaded.session.status().over and not caller.operator:
            raise HostError("PERMISSION_DENIED", NOT_FINISHED,
                            "a game's log is exported once it is over (or with the operator token)")
        return loaded.head_seq, loaded.head_hash

    async def export(self, req: pb.ExportLogRequest | str, token: str | None) -> pb.ExportLogResponse:
        if isinstance(req, str):  # a game id: both forms
            req = pb.ExportLogRequest(game_id=req)
        head_seq, _ = await self._exportable(req, token)
        return export.whole(self.store.read(req.game_id, 0, head_seq), req.form)

    async def stream_export(self, req: pb.StreamExportLogRequest, token: str | None
                            ) -> AsyncIterator[pb.StreamExportLogResponse]:
        """The export in chunks of whole records (server.export); the loop serves others between them."""
        head = await self._exportable(req, token)
        for chunk in export.chunks(self.store, req.game_id, head, req.form):
            yield chunk
            await asyncio.sleep(0)
