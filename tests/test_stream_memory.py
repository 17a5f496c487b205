"""What an open stream costs the server (issue 35, item 4).

Each open stream of a six-seat Republic of Carthage game used to keep its own parsed copy of the
log it was sent first (``backlog``) and grpc.aio kept its first batch (the whole log, encoded) for
as long as the game was quiet: about 210 KB of Python objects a stream at seq 659 (RSS: 2 MB a
stream), against 16 KB for Roma. Now a waiting stream holds neither; measured with tracemalloc on
the allocations made by the server's streaming handler only (``server/app.py`` in the traceback:
the test's own client allocates elsewhere). The bound asserted is generous (a third of the first
batch a stream); figures are in the report of issue 35.
"""

from __future__ import annotations

import asyncio
import gc
import random
import time
import tracemalloc

from carthago import Client
from carthago.v1 import carthago_pb2 as pb
from server.app import ServerThread
from server.host import HostConfig

STREAMS = 20


def _server_bytes() -> int:
    gc.collect()
    snap = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(True, "*/server/app.py", all_frames=True)])
    return sum(stat.size for stat in snap.statistics("filename"))


def test_an_open_stream_keeps_no_copy_of_the_log_and_gives_memory_back_when_closed():
    with ServerThread("memory", HostConfig(allow_client_seeds=True)) as s, Client(s.addr) as c:
        c.wait_ready()
        game = c.create("republic-of-carthage", players=6, seed=b"stream memory")
        seats = [c.join(game.game_id, seat=i) for i in range(6)]
        rnd = random.Random(3)

        async def play() -> None:  # in the server's loop: 200 random moves without 600 round trips
            for _ in range(200):
                seat = seats[(await s.host.get_game(game.game_id)).status.to_act[0]]
                legal = await s.host.legal(game.game_id, seat.token)
                await s.host.submit(pb.SubmitCommandRequest(game_id=game.game_id, command=rnd.choice(legal.commands),
                                                            expected_seq=legal.head_seq), seat.token)

        asyncio.run_coroutine_threadsafe(play(), s.loop).result(120)
        first = next(c.stream(game.game_id))
        batch_bytes = first.ByteSize()
        assert batch_bytes > 40_000  # the first batch is the whole log: worth keeping once, not per stream

        tracemalloc.start(8)
        try:
            before = _server_bytes()
            calls = [c.stub.StreamEvents(pb.StreamEventsRequest(game_id=game.game_id)) for _ in range(STREAMS)]
            for call in calls:
                assert next(call).head_seq == first.head_seq
            time.sleep(0.5)
            during = _server_bytes()
            for call in calls:
                call.cancel()
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and s.host._load(game.game_id).subscribers:
                time.sleep(0.1)
            after = _server_bytes()
        finally:
            tracemalloc.stop()
        per_stream = (during - before) / STREAMS
        assert per_stream < batch_bytes / 3, (per_stream, batch_bytes)
        assert not s.host._load(game.game_id).subscribers  # every stream unsubscribed
        assert after - before < batch_bytes, (after - before, batch_bytes)  # given back, not kept
