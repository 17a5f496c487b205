"""Waiting on a stream's queue with a limit: what sends a stream's keepalives.

An HTTP stream of a correspondence game may wait days for its next batch; proxies and load balancers
close a response that sends nothing for a minute or so (nginx's ``proxy_read_timeout`` is 60 s).
``server.http`` asks the host for a batch with no event every ``STREAM_KEEPALIVE_S`` of silence
(docs/PROTOCOL.md "Streams"); gRPC has HTTP/2 PINGs for that (``server.app.KEEPALIVE``).
"""

from __future__ import annotations

import asyncio

IDLE = object()  # what :meth:`Waiter.get` returns when nothing came in time


class Waiter:
    """``queue.get()`` that gives up after ``seconds`` (None: never) and returns :data:`IDLE`,
    without losing an item: the pending get is kept for the next call (a stream's keepalives)."""

    def __init__(self, queue, seconds: float | None) -> None:
        self.queue, self.seconds, self.pending = queue, seconds, None

    async def get(self):
        if not self.seconds:
            return await self.queue.get()
        if self.pending is None:
            self.pending = asyncio.ensure_future(self.queue.get())
        done, _ = await asyncio.wait((self.pending,), timeout=self.seconds)
        if not done:
            return IDLE
        item, self.pending = self.pending.result(), None
        return item

    def close(self) -> None:
        if self.pending is not None:
            self.pending.cancel()
