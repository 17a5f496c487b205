"""The host under concurrency: appends awaited off the event loop (group commit), reads that never
see a state whose append has not resolved, refusals that change nothing, and per-seat stream
batches encoded once per audience.

DESIGN.md "The log" and "The wire": nothing acknowledged is ever lost; a writer that lost the
race gets ABORTED and nothing of its batch is written; a rejected command changes nothing;
every event is seen by each seat in the form it may see.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
from concurrent.futures import Future

import pytest

from carthago.v1 import carthago_pb2 as pb
from engine.core import state_digest
from server.host import BUSY_WINDOW_S, GameHost, HostConfig, HostError
from server.log import for_seat
from server.store import MemoryStore, SqliteStore

from .test_host import full_replay_digest
from .test_store_group_commit import WriteLock


async def new_game(host: GameHost, seed: bytes) -> tuple[str, list[str]]:
    game = (await host.create_game(pb.CreateGameRequest(game_type="roma", seed=seed))).game
    tokens = [(await host.join_game(pb.JoinGameRequest(game_id=game.game_id, seat=s))).token for s in range(2)]
    return game.game_id, tokens


async def play_one(host: GameHost, game_id: str, tokens: list[str], rnd: random.Random,
                   **fields) -> pb.SubmitCommandResponse | None:
    summary = await host.get_game(game_id)
    if summary.status.over:
        return None
    seat = summary.status.to_act[0]
    legal = (await host.legal(game_id, tokens[seat])).commands
    req = pb.SubmitCommandRequest(game_id=game_id, command=rnd.choice(legal), **fields)
    return await host.submit(req, tokens[seat])


def test_concurrent_commands_on_many_games_are_committed_when_acknowledged_and_survive_reopening(tmp_path):
    path = str(tmp_path / "many.db")
    independent = sqlite3.connect(path)  # another connection: sees only what is committed

    async def main() -> tuple[dict[str, int], dict[str, str]]:
        host = GameHost(SqliteStore(path), HostConfig(snapshot_every=10, allow_client_seeds=True))
        games = [await new_game(host, f"many-{i}".encode()) for i in range(24)]
        acked: dict[str, int] = {}

        async def drive(k: int, game_id: str, tokens: list[str]) -> None:
            rnd = random.Random(k)
            for n in range(12):
                resp = await play_one(host, game_id, tokens, rnd, request_id=f"{game_id}-{n}")
                if resp is None:
                    break
                # acknowledged: its records are already committed
                top = independent.execute("SELECT MAX(seq) FROM records WHERE game_id=?", (game_id,)).fetchone()[0]
                assert top >= resp.head_seq
                acked[game_id] = resp.head_seq

        await asyncio.gather(*(drive(k, gid, tokens) for k, (gid, tokens) in enumerate(games)))
        digests = {gid: state_digest(host._load(gid).session.state) for gid, _ in games}
        host.store.close()
        return acked, digests

    acked, digests = asyncio.run(main())
    independent.close()
    assert len(acked) == 24
    again = GameHost(SqliteStore(path), HostConfig())
    for game_id, head in acked.items():
        assert again.store.head(game_id)[0] == head
        assert state_digest(again._load(game_id).session.state) == digests[game_id]
        assert full_replay_digest(again, game_id) == digests[game_id]
    again.store.close()


def test_under_concurrent_load_appends_go_to_the_writer_and_a_lone_game_commits_inline(tmp_path, monkeypatch):
    """Group commit under load (DESIGN.md "The log"): while commands of several games arrive
    together, their appends are handed to the SQLite writer, which commits them in one transaction
    (one fsync) while the loop goes on; at most the first, finding the server quiet, commits on
    the loop's thread. One game played alone, move after move, commits inline (no thread
    hand-off). Either way each command is durable before it is acknowledged."""
    # The server's window (5 ms) is about the machine's speed: on a loaded one, six submits in a
    # row may fall more than 5 ms apart. What is tested is the rule, so the window is widened.
    window = 40 * BUSY_WINDOW_S
    monkeypatch.setattr("server.host.BUSY_WINDOW_S", window)
    path = str(tmp_path / "turn.db")
    independent = sqlite3.connect(path)

    def head(game_id: str) -> int:
        return independent.execute("SELECT MAX(seq) FROM records WHERE game_id=?", (game_id,)).fetchone()[0]

    async def main() -> None:
        store = SqliteStore(path)
        host = GameHost(store, HostConfig(allow_client_seeds=True))
        games = [await new_game(host, f"turn-{i}".encode()) for i in range(6)]
        requests = []
        for game_id, tokens in games:
            seat = (await host.get_game(game_id)).status.to_act[0]
            legal = (await host.legal(game_id, tokens[seat])).commands
            requests.append((pb.SubmitCommandRequest(game_id=game_id, command=legal[0], request_id="r1"),
                             tokens[seat]))
        await asyncio.sleep(2 * window)
        inline, commits = store.inline_commits, store.commits
        answers = await asyncio.gather(*(host.submit(req, token) for req, token in requests))
        assert store.inline_commits <= inline + 1  # six games at once: the writer's, but the first
        assert commits < store.commits <= commits + 6
        for (game_id, _), answer in zip(games, answers):
            assert head(game_id) == answer.head_seq
        # one game alone, move after move: committed inline, durable before it is answered
        await asyncio.sleep(2 * window)
        game_id, tokens = games[0]
        rnd = random.Random(1)
        for n in range(3):
            inline = store.inline_commits
            answer = await play_one(host, game_id, tokens, rnd, request_id=f"alone-{n}")
            assert store.inline_commits == inline + 1
            assert head(game_id) == answer.head_seq
        store.close()

    asyncio.run(main())
    independent.close()


def test_an_empty_command_is_malformed_and_changes_nothing(tmp_path):
    async def main() -> None:
        host = GameHost(SqliteStore(str(tmp_path / "e.db")), HostConfig(allow_client_seeds=True))
        game_id, tokens = await new_game(host, b"empty")
        summary = await host.get_game(game_id)
        seat = summary.status.to_act[0]
        before = (summary.head_seq, state_digest(host._load(game_id).session.state), host.store.head(game_id))
        empty = pb.GameCommand(roma={})  # the game's oneof `kind` left empty
        with pytest.raises(HostError) as exc:
            await host.submit(pb.SubmitCommandRequest(game_id=game_id, command=empty, request_id="e1"), tokens[seat])
        assert (exc.value.status, exc.value.code) == ("INVALID_ARGUMENT", "MALFORMED_COMMAND")
        after = ((await host.get_game(game_id)).head_seq, state_digest(host._load(game_id).session.state),
                 host.store.head(game_id))
        assert after == before
        assert host.store.find_request(game_id, seat, "e1") is None
        host.store.close()

    asyncio.run(main())


def test_a_read_waits_for_the_command_in_flight_and_never_sees_a_lost_race(tmp_path):
    """Two hosts on one database decide at the same head; the write lock is held so both appends
    wait. A read on each host, asked meanwhile, answers only after its host's append resolved,
    and shows what the log holds: the winner's command, never the loser's."""
    path = str(tmp_path / "race.db")

    async def main() -> None:
        a = GameHost(SqliteStore(path), HostConfig(allow_client_seeds=True))
        game_id, tokens = await new_game(a, b"race")
        b = GameHost(SqliteStore(path), HostConfig())
        summary = await b.get_game(game_id)
        seat = summary.status.to_act[0]
        commands = (await a.legal(game_id, tokens[seat])).commands
        assert len(commands) >= 2
        lock = WriteLock(path)
        submits = [asyncio.ensure_future(h.submit(pb.SubmitCommandRequest(game_id=game_id, command=c), tokens[seat]))
                   for h, c in ((a, commands[0]), (b, commands[1]))]
        for _ in range(20):
            await asyncio.sleep(0)  # both decide and queue their appends
        reads = [asyncio.ensure_future(h.get_game(game_id)) for h in (a, b)]
        for _ in range(20):
            await asyncio.sleep(0)
        assert not any(r.done() for r in reads)  # a command is in flight on each host: reads wait
        lock.release()
        outcomes = await asyncio.gather(*submits, return_exceptions=True)
        won = [o for o in outcomes if isinstance(o, pb.SubmitCommandResponse)]
        lost = [o for o in outcomes if isinstance(o, HostError)]
        assert len(won) == 1 and len(lost) == 1 and lost[0].code == "LOST_RACE"
        head = a.store.head(game_id)[0]
        assert head == won[0].head_seq
        for summary in await asyncio.gather(*reads):
            assert summary.head_seq == head
        # both hosts now hold the log's state, the loser's command nowhere
        truth = full_replay_digest(a, game_id)
        for h in (a, b):
            assert state_digest((await h._current(game_id)).session.state) == truth
        # and the game goes on from either host
        assert await play_one(b, game_id, tokens, random.Random(1)) is not None
        a.store.close()
        b.store.close()

    asyncio.run(main())


def test_stream_batches_are_each_audiences_own_view_encoded_once_per_audience():
    """Two subscribers per seat and two spectators. Seat 0 passes a card (a private event):
    seat 0 sees it, seat 1 and spectators see its redacted form; subscribers of one audience
    receive the very same encoded batch."""

    async def main() -> None:
        host = GameHost(MemoryStore(), HostConfig(allow_client_seeds=True))
        game_id, tokens = await new_game(host, b"fan-out")
        head = (await host.get_game(game_id)).head_seq
        audiences = {0: tokens[0], 1: tokens[1], None: None}
        streams = {(who, k): host.stream(pb.StreamEventsRequest(game_id=game_id, from_seq=head + 1), token)
                   for who, token in audiences.items() for k in range(2)}
        for s in streams.values():
            opening = pb.EventBatch.FromString(await s.__anext__())
            assert opening.head_seq == head and not opening.events
        legal = (await host.legal(game_id, tokens[0])).commands
        resp = await host.submit(pb.SubmitCommandRequest(game_id=game_id, command=legal[0]), tokens[0])
        got = {key: await s.__anext__() for key, s in streams.items()}
        loaded = host._load(game_id)
        bodies = [pb.LogRecord.FromString(r.body) for r in host.store.read(game_id, resp.first_seq)]
        assert any(b.visibility.is_private for b in bodies)
        for (who, _), data in got.items():
            batch = pb.EventBatch.FromString(data)
            assert list(batch.events) == [for_seat(b, who) for b in bodies]
            assert batch.view == pb.GameView(roma=loaded.wire.view_to_proto(loaded.session.view(who)))
            assert batch.head_seq == resp.head_seq
        private = next(i for i, b in enumerate(bodies) if b.visibility.is_private)
        seen = {who: pb.EventBatch.FromString(got[(who, 0)]).events[private] for who in audiences}
        assert not seen[0].redacted and seen[1].redacted and seen[None].redacted
        assert seen[0].event.roma.WhichOneof("kind") == "card_passed"
        assert seen[1].event == seen[None].event and seen[1].event.roma.WhichOneof("kind") == "card_passed_redacted"
        sent_at = len(host._sent_at())  # each send appends the server's time to the cached encoding
        for who in audiences:
            assert got[(who, 0)][:-sent_at] == got[(who, 1)][:-sent_at]
        assert len(loaded.batches) == 3 and {key[0] for key in loaded.batches} == {0, 1, None}  # one encoding per audience
        assert len({got[(who, 0)][:-sent_at] for who in audiences}) == 3  # seat 1 and spectators differ by view
        for s in streams.values():
            await s.aclose()
        assert not loaded.subscribers

    asyncio.run(main())


class FailingOnce(MemoryStore):
    """A store whose next append fails (a full disk, say) without writing anything."""

    fail_next = False

    def start_append(self, game_id, records, request=None, snapshot=None, finished=False, inline=True):
        if self.fail_next:
            self.fail_next = False
            done: Future = Future()
            done.set_exception(OSError("disk full"))
            return done
        return super().start_append(game_id, records, request, snapshot, finished)


def test_a_failed_append_leaves_the_game_as_its_log_has_it():
    async def main() -> None:
        store = FailingOnce()
        host = GameHost(store, HostConfig(allow_client_seeds=True))
        game_id, tokens = await new_game(host, b"fails")
        before = ((await host.get_game(game_id)).head_seq, state_digest(host._load(game_id).session.state))
        store.fail_next = True
        with pytest.raises(OSError):
            await play_one(host, game_id, tokens, random.Random(2))
        # the events were applied in memory before the append failed: the host must not keep them
        after = ((await host.get_game(game_id)).head_seq, state_digest((await host._current(game_id)).session.state))
        assert after == before
        assert await play_one(host, game_id, tokens, random.Random(2)) is not None

    asyncio.run(main())


def test_a_command_cancelled_while_its_append_waits_is_still_recorded_and_streamed(tmp_path):
    """The caller went away (deadline, disconnect) after its command was decided: the append goes
    on, and the game's state, its lock and its streams follow what the log holds."""
    path = str(tmp_path / "cancel.db")

    async def main() -> None:
        host = GameHost(SqliteStore(path), HostConfig(allow_client_seeds=True))
        game_id, tokens = await new_game(host, b"cancel")
        head = (await host.get_game(game_id)).head_seq
        stream = host.stream(pb.StreamEventsRequest(game_id=game_id, from_seq=head + 1), None)
        assert not pb.EventBatch.FromString(await stream.__anext__()).events
        seat = (await host.get_game(game_id)).status.to_act[0]
        command = (await host.legal(game_id, tokens[seat])).commands[0]
        lock = WriteLock(path)
        call = asyncio.ensure_future(host.submit(pb.SubmitCommandRequest(game_id=game_id, command=command),
                                                 tokens[seat]))
        for _ in range(20):
            await asyncio.sleep(0)
        assert host._load(game_id).lock.locked()  # decided, its append waiting for the disk
        call.cancel()
        with pytest.raises(asyncio.CancelledError):
            await call
        lock.release()
        batch = pb.EventBatch.FromString(await asyncio.wait_for(stream.__anext__(), 30))
        assert batch.events and batch.events[0].seq == head + 1
        summary = await host.get_game(game_id)
        assert summary.head_seq == batch.head_seq == host.store.head(game_id)[0] > head
        assert state_digest(host._load(game_id).session.state) == full_replay_digest(host, game_id)
        assert await play_one(host, game_id, tokens, random.Random(3)) is not None
        await stream.aclose()
        host.store.close()

    asyncio.run(main())
