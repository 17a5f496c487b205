"""A host is a cache of games over a shared log (DESIGN.md "Time, browsers and more processes"):
it catches up the tail another process appended, its streams learn of other processes' commits
by notification (PostgreSQL) or by polling the heads (any store; also what repairs a missed
notification), and it drops idle games from memory and reloads them from snapshots.

Two hosts in one process stand for two server processes: each has its own store connections.
"""

from __future__ import annotations

import asyncio
import random

from carthago.v1 import carthago_pb2 as pb
from engine.core import state_digest
from server.host import GameHost, HostConfig
from server.log import version_of
from server.pgstore import PostgresStore
from server.store import SqliteStore

from .test_host import full_replay_digest
from .test_host_concurrency import new_game, play_one


async def next_batch(stream, seconds: float = 20.0) -> pb.EventBatch:
    return pb.EventBatch.FromString(await asyncio.wait_for(stream.__anext__(), seconds))


async def follow(a: GameHost, b: GameHost, commands: int) -> None:
    """Commands through host a; a spectator stream on host b must be handed each record once, in order."""
    game_id, tokens = await new_game(a, b"follow")
    head = (await b.get_game(game_id)).head_seq
    stream = b.stream(pb.StreamEventsRequest(game_id=game_id, from_seq=head + 1), None)
    assert not (await next_batch(stream)).events
    seen: list[int] = []
    rnd = random.Random(4)
    for _ in range(commands):
        resp = await play_one(a, game_id, tokens, rnd)
        while not seen or seen[-1] < resp.head_seq:
            batch = await next_batch(stream)
            seen += [e.seq for e in batch.events]
    assert seen == list(range(head + 1, seen[-1] + 1))
    loaded = b._load(game_id)
    assert loaded.head_seq == seen[-1]
    assert state_digest(loaded.session.state) == full_replay_digest(b, game_id)
    await stream.aclose()


def test_streams_follow_another_process_by_notification_alone(pg_url):
    async def main() -> None:
        config = HostConfig(allow_client_seeds=True, poll_every_s=0)  # no polling: notifications only
        a, b = GameHost(PostgresStore(pg_url), config), GameHost(PostgresStore(pg_url), config)
        await b.start()
        assert await asyncio.to_thread(b.store.listening.wait, 10)
        await follow(a, b, 15)
        b.begin_shutdown()
        a.store.close()
        b.store.close()

    asyncio.run(main())


def test_streams_follow_another_process_by_polling_where_the_store_has_no_notifications(tmp_path):
    async def main() -> None:
        path = str(tmp_path / "poll.db")
        config = HostConfig(allow_client_seeds=True, poll_every_s=0.05)
        a, b = GameHost(SqliteStore(path), config), GameHost(SqliteStore(path), config)
        await b.start()
        await follow(a, b, 10)
        b.begin_shutdown()
        a.store.close()
        b.store.close()

    asyncio.run(main())


def test_a_stream_that_missed_notifications_catches_up_from_the_log_on_resync(pg_url):
    async def main() -> None:
        config = HostConfig(allow_client_seeds=True, poll_every_s=0)
        a, b = GameHost(PostgresStore(pg_url), config), GameHost(PostgresStore(pg_url), config)  # b not started
        game_id, tokens = await new_game(a, b"missed")
        head = (await b.get_game(game_id)).head_seq
        stream = b.stream(pb.StreamEventsRequest(game_id=game_id, from_seq=head + 1), None)
        assert not (await next_batch(stream)).events
        rnd = random.Random(8)
        for _ in range(6):
            last = await play_one(a, game_id, tokens, rnd)
        await asyncio.sleep(0.2)
        assert b._load(game_id).head_seq == head  # b heard nothing
        b._notified(None, -1)  # what the listener says after (re)connecting
        batch = await next_batch(stream)
        assert [e.seq for e in batch.events] == list(range(head + 1, last.head_seq + 1))
        assert batch.head_seq == last.head_seq
        await stream.aclose()
        a.store.close()
        b.store.close()

    asyncio.run(main())


def test_another_process_s_tail_is_applied_to_the_cached_game_not_rebuilt(pg_url):
    async def main() -> None:
        config = HostConfig(allow_client_seeds=True, snapshot_every=5)
        a, b = GameHost(PostgresStore(pg_url), config), GameHost(PostgresStore(pg_url), config)
        game_id, tokens = await new_game(a, b"tail")
        cached = await b._current(game_id)
        rnd = random.Random(3)
        for _ in range(8):
            await play_one(a, game_id, tokens, rnd)
            assert await b._current(game_id) is cached  # the same cache, moved on by the tail
            assert cached.head_seq == a.store.head(game_id)[0]
        assert state_digest(cached.session.state) == full_replay_digest(b, game_id)
        for _ in range(5):  # and the game goes on through either
            await play_one(b, game_id, tokens, rnd)
            await play_one(a, game_id, tokens, rnd)
        assert state_digest((await a._current(game_id)).session.state) == full_replay_digest(a, game_id)
        a.store.close()
        b.store.close()

    asyncio.run(main())


def test_idle_games_leave_memory_and_come_back_from_their_snapshot(tmp_path):
    async def main() -> None:
        host = GameHost(SqliteStore(str(tmp_path / "evict.db")),
                        HostConfig(allow_client_seeds=True, snapshot_every=4, evict_after_s=60, max_loaded_games=3))
        games = [await new_game(host, f"evict-{i}".encode()) for i in range(5)]
        rnd = random.Random(1)
        for game_id, tokens in games:
            for _ in range(6):
                await play_one(host, game_id, tokens, rnd)
        digests = {g: state_digest(host._load(g).session.state) for g, _ in games}
        streamed, _ = games[0]
        stream = host.stream(pb.StreamEventsRequest(game_id=streamed, from_seq=10**6), None)
        await stream.__anext__()
        now = host._load(games[-1][0]).last_used
        assert host.evict(now + 2) == 2  # over max_loaded_games: the least recently used idle ones
        assert len(host._games) == 3 and streamed in host._games
        assert host.evict(now + 120) == 2  # idle past evict_after_s; the streamed game stays
        assert list(host._games) == [streamed]
        for game_id, tokens in games:  # reloaded from snapshot + tail, as they were
            assert host.store.latest_snapshot(game_id, version_of(host._load(game_id).game)) is not None
            loaded = await host._current(game_id)
            assert state_digest(loaded.session.state) == digests[game_id]
            assert await play_one(host, game_id, tokens, rnd) is not None
        await stream.aclose()
        host.store.close()

    asyncio.run(main())


class CommitsBetweenReads(SqliteStore):
    """A store on which another process commits between this process's first read of a game's
    head and its reads of the snapshot and the tail: ``head`` answers, once, what it was earlier."""

    earlier: tuple[int, bytes] | None = None

    def head(self, game_id):
        if self.earlier is not None:
            earlier, self.earlier = self.earlier, None
            return earlier
        return super().head(game_id)


def test_a_game_loaded_while_another_process_commits_is_never_ahead_of_its_head(tmp_path):
    """The cache's head is the last record it applied: had it been read apart, the records
    committed in between would be applied twice on the next catch-up."""

    async def main() -> None:
        path = str(tmp_path / "between.db")
        config = HostConfig(allow_client_seeds=True, snapshot_every=4)
        a = GameHost(SqliteStore(path), config)
        game_id, tokens = await new_game(a, b"between")
        rnd = random.Random(6)
        for _ in range(3):
            await play_one(a, game_id, tokens, rnd)
        store = CommitsBetweenReads(path)
        store.earlier = store.head(game_id)
        for _ in range(6):  # committed "while" b loads the game (past a snapshot)
            await play_one(a, game_id, tokens, rnd)
        b = GameHost(store, config)
        loaded = b._load(game_id)  # built from snapshot + tail: its head is the last record it applied
        assert (loaded.head_seq, loaded.head_hash) == a.store.head(game_id)
        assert state_digest(loaded.session.state) == full_replay_digest(b, game_id)
        assert await b._current(game_id) is loaded  # nothing to catch up (applying it again would corrupt)
        for _ in range(4):
            assert await play_one(b, game_id, tokens, rnd) is not None
        assert state_digest((await b._current(game_id)).session.state) == full_replay_digest(b, game_id)
        a.store.close()
        b.store.close()

    asyncio.run(main())
