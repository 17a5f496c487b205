"""Issue 16, "Resources and bad input": bounded lists and queues, exact errors, one-transaction
creation. Each test names the item it covers.

DESIGN.md: bad input gets its own precise error and changes nothing; nothing acknowledged is ever
lost; rule errors are values a client can act on.
"""

from __future__ import annotations

import asyncio
import random
import threading

import grpc
import pytest

import server.failures as failures
import server.hostreads as hostreads
from carthago import CarthagoError, Client
from carthago.v1 import carthago_pb2 as pb
from carthago.v1 import carthago_pb2_grpc as pb_grpc
from engine.session import Session
from server.host import GameHost, HostConfig, HostError
from server.store import MemoryStore, SqliteStore

from .test_host_concurrency import new_game, play_one


def refused(fn, *args, **kwargs) -> CarthagoError:
    with pytest.raises(CarthagoError) as exc:
        fn(*args, **kwargs)
    return exc.value


# ---- 1. ListGames bounded and paged; no game built on the event loop ----------------------------

def test_item1_list_games_refuses_a_negative_limit_and_caps_a_huge_one_and_pages_through_every_game():
    async def main():
        host = GameHost(MemoryStore(), HostConfig(allow_client_seeds=True))
        ids = {(await host.create_game(pb.CreateGameRequest(game_type="roma", seed=b"s%d" % i))).game.game_id
               for i in range(230)}
        with pytest.raises(HostError) as exc:
            await host.list_games(pb.ListGamesRequest(limit=-1))
        assert (exc.value.status, exc.value.code) == ("INVALID_ARGUMENT", "BAD_LIMIT")
        huge = await host.list_games(pb.ListGamesRequest(limit=2**31 - 1))
        assert len(huge.games) == hostreads.LIST_PAGE_MAX and huge.next_page_token
        seen, token, pages = [], "", 0
        while True:
            page = await host.list_games(pb.ListGamesRequest(limit=70, page_token=token))
            seen += [g.game_id for g in page.games]
            pages += 1
            token = page.next_page_token
            if not token:
                break
        assert pages == 4 and len(seen) == len(set(seen)) == 230 and set(seen) == ids
        created = [(await host.get_game(g)).created_at_unix_ms for g in seen]
        assert created == sorted(created, reverse=True)  # newest first, across pages
        for bad in ("garbage!", "eyJ4IjoxfQ"):
            with pytest.raises(HostError) as exc:
                await host.list_games(pb.ListGamesRequest(page_token=bad))
            assert exc.value.code == "BAD_PAGE_TOKEN"
        with pytest.raises(HostError) as exc:  # a token of another query
            await host.list_games(pb.ListGamesRequest(page_token=huge.next_page_token, game_type="roma"))
        assert exc.value.code == "BAD_PAGE_TOKEN"

    asyncio.run(main())


def test_item1_games_listed_but_not_in_memory_are_built_off_the_event_loop(tmp_path, monkeypatch):
    async def main():
        host = GameHost(SqliteStore(str(tmp_path / "g.db")), HostConfig(allow_client_seeds=True))
        for i in range(5):
            await host.create_game(pb.CreateGameRequest(game_type="roma", seed=b"x%d" % i))
        host._games.clear()  # as after eviction or a restart
        loop_thread = threading.current_thread()
        built_on: list[threading.Thread] = []
        real_build = GameHost._build

        def spy(self, meta):
            built_on.append(threading.current_thread())
            return real_build(self, meta)

        monkeypatch.setattr(GameHost, "_build", spy)
        listed = await host.list_games(pb.ListGamesRequest())
        assert len(listed.games) == 5 and len(built_on) == 5
        assert loop_thread not in built_on
        host.store.close()

    asyncio.run(main())


def test_item1_a_view_at_a_past_seq_is_replayed_off_the_event_loop_and_cached(monkeypatch):
    async def main():
        host = GameHost(MemoryStore(), HostConfig(allow_client_seeds=True, operator_token="op"))
        game_id, tokens = await new_game(host, b"past-view")
        rnd = random.Random(3)
        for _ in range(6):
            await play_one(host, game_id, tokens, rnd)
        loop_thread = threading.current_thread()
        replayed_on: list[threading.Thread] = []
        real_replay = Session.replay

        def spy(*args, **kwargs):
            replayed_on.append(threading.current_thread())
            return real_replay(*args, **kwargs)

        monkeypatch.setattr(Session, "replay", staticmethod(spy))
        first = await host.get_view(pb.GetViewRequest(game_id=game_id, at_seq=4), "op")
        again = await host.get_view(pb.GetViewRequest(game_id=game_id, at_seq=4), "op")
        # the same view both times; only the server's clock as it answered may differ
        assert first.server_time_unix_ms > 0 and again.server_time_unix_ms >= first.server_time_unix_ms
        first.ClearField("server_time_unix_ms"), again.ClearField("server_time_unix_ms")
        assert first == again and first.seq == 4
        assert len(replayed_on) == 1 and replayed_on[0] is not loop_thread

    asyncio.run(main())


# ---- 2. a stalled stream subscriber is bounded, then closed with where to resume ----------------

def test_item2_a_subscriber_that_stops_reading_is_bounded_then_closed_with_the_seq_to_resume_from(monkeypatch):
    monkeypatch.setattr(failures, "STREAM_QUEUE_MAX", 4)

    async def main():
        host = GameHost(MemoryStore(), HostConfig(allow_client_seeds=True))
        game_id, tokens = await new_game(host, b"slow-reader")
        stream = host.stream(pb.StreamEventsRequest(game_id=game_id), None)
        first = pb.EventBatch.FromString(await stream.__anext__())
        resume_at = first.events[-1].seq + 1
        loaded = host._games[game_id]
        (queue,) = loaded.subscribers
        rnd = random.Random(5)
        for _ in range(20):  # the subscriber reads nothing meanwhile
            await play_one(host, game_id, tokens, rnd)
            assert queue.qsize() <= failures.STREAM_QUEUE_MAX
        assert not loaded.subscribers  # dropped: nothing more is queued for it
        with pytest.raises(HostError) as exc:
            await stream.__anext__()
        assert (exc.value.status, exc.value.code) == ("RESOURCE_EXHAUSTED", "STREAM_TOO_SLOW")
        assert f"from_seq={resume_at}" in exc.value.message
        # resuming from there gets every record after it, none missing
        resumed = host.stream(pb.StreamEventsRequest(game_id=game_id, from_seq=resume_at), None)
        batch = pb.EventBatch.FromString(await resumed.__anext__())
        assert batch.events[0].seq == resume_at and batch.events[-1].seq == batch.head_seq
        await resumed.aclose()

    asyncio.run(main())


# ---- 3. sizes validated up front; errors quote input only cut short ----------------------------

def test_item3_oversized_fields_get_field_too_long_with_their_detail_and_change_nothing(client, server):
    game = client.create("roma", seed=b"sizes")
    me = client.join(game.game_id, seat=0, player="p0")
    game = client.game(game.game_id)
    long_id = "x" * 7000
    err = refused(client.game, long_id)
    assert (err.status, err.code) == ("INVALID_ARGUMENT", "FIELD_TOO_LONG")
    assert "game_id" in err.message and len(err.message) < 200
    err = refused(client.game, "y" * 64)  # within the limit: unknown, and quoted cut short
    assert (err.status, err.code) == ("NOT_FOUND", "GAME_NOT_FOUND") and len(err.message) < 120
    err = refused(me.submit, me.legal()[0], request_id="r" * 4096)
    assert (err.status, err.code) == ("INVALID_ARGUMENT", "FIELD_TOO_LONG") and "request_id" in err.message
    err = refused(client.join, game.game_id, seat=1, player="n" * 1000)
    assert (err.status, err.code) == ("INVALID_ARGUMENT", "FIELD_TOO_LONG") and "player" in err.message
    err = refused(client.create, "roma", options={"k": "v" * 5000})
    assert (err.status, err.code) == ("INVALID_ARGUMENT", "FIELD_TOO_LONG") and "options" in err.message
    err = refused(client.create, "roma", options={f"k{i}": "v" for i in range(100)})
    assert (err.status, err.code) == ("INVALID_ARGUMENT", "TOO_MANY_ITEMS")
    err = refused(client.create, "r" * 5000)
    assert (err.status, err.code) == ("INVALID_ARGUMENT", "FIELD_TOO_LONG")
    after = client.game(game.game_id)
    assert after.head_seq == game.head_seq and not after.seats[1].claimed
    assert [g.game_id for g in client.games()] == [game.game_id]


def test_item3_a_512kb_request_id_is_refused_not_stored(client):
    game = client.create("roma", seed=b"big-request-id")
    me = client.join(game.game_id, seat=0)
    head = client.game(game.game_id).head_seq
    err = refused(me.submit, me.legal()[0] if me.legal() else pb.GameCommand(), request_id="r" * (512 << 10))
    assert err.code == "FIELD_TOO_LONG"
    assert client.game(game.game_id).head_seq == head


# ---- 4. exact tokens and seqs -------------------------------------------------------------------

def test_item4_a_token_without_the_bearer_scheme_is_refused_and_a_negative_from_seq_too(client, server):
    game = client.create("roma", seed=b"bearer")
    seat = client.join(game.game_id, seat=0)
    stub = pb_grpc.GameServiceStub(client.channel)
    req = pb.ListLegalCommandsRequest(game_id=game.game_id)
    assert stub.ListLegalCommands(req, metadata=(("authorization", f"bearer {seat.token}"),), timeout=10)
    for bad in (seat.token, f"Basic {seat.token}", "Bearer ", f"Bearer {seat.token} extra"):
        with pytest.raises(grpc.RpcError) as exc:
            stub.ListLegalCommands(req, metadata=(("authorization", bad),), timeout=10)
        err = CarthagoError.from_rpc(exc.value)
        assert (err.status, err.code) == ("UNAUTHENTICATED", "MALFORMED_AUTHORIZATION"), bad
    err = refused(lambda: next(client.stream(game.game_id, from_seq=-1)))
    assert (err.status, err.code) == ("INVALID_ARGUMENT", "BAD_SEQ")


# ---- 5. a game is created in one transaction ------------------------------------------------------

def test_item5_a_failure_between_the_games_row_and_its_first_records_leaves_no_half_created_game(tmp_path):
    store = SqliteStore(str(tmp_path / "g.db"))
    real_insert = store._insert

    def failing(db, sql, rows):  # the disk fails as the first records go in (or the process dies)
        if "records" in sql and rows:
            raise OSError("disk gone")
        return real_insert(db, sql, rows)

    store._insert = failing
    host = GameHost(store, HostConfig(allow_client_seeds=True))
    with pytest.raises(Exception):
        asyncio.run(host.create_game(pb.CreateGameRequest(game_type="roma", seed=b"half")))
    assert store.list_games("", True, 100) == []  # neither the row nor any record
    store._insert = real_insert
    game = asyncio.run(host.create_game(pb.CreateGameRequest(game_type="roma", seed=b"whole"))).game
    assert [m.game_id for m in store.list_games("", True, 100)] == [game.game_id]
    store.close()


# ---- 6 and 7. verify: where a log ends early, every envelope field, the published head ----------

def _finished_export(seed: str = "21") -> bytes:
    from carthago.cli import play_game
    from server.app import ServerThread

    with ServerThread("memory", HostConfig(allow_client_seeds=True)) as s, Client(s.addr) as c:
        game_id, _, _ = play_game(c, "roma", 0, {}, ["random", "random"], seed)
        return c.export(game_id).records


@pytest.fixture(scope="module")
def finished_export() -> bytes:
    return _finished_export()


def _bodies(data: bytes) -> list:
    from server.log import split_export

    return [pb.LogRecord.FromString(s.body) for _, s in split_export(data)]


def _reseal(bodies: list) -> bytes:
    """The records as a forger would write them: every hash recomputed, so the chain holds."""
    from server.log import ZERO_HASH, export_bytes, seal

    prev, records = ZERO_HASH, []
    for body in bodies:
        body.prev_hash = prev
        record = seal(body)
        records.append(record)
        prev = record.hash
    return export_bytes(records)


def test_item6_a_finished_log_cut_short_names_the_first_missing_record(finished_export):
    from server.log import verify

    bodies = _bodies(finished_export)
    n = len(bodies)
    multi = next(b.seq for b in bodies if b.envelope.parts > 1 and b.envelope.part == 0 and b.seq > 0)
    for keep in (n - 1, multi + 1, n // 2, 2):
        verdict = verify(_reseal([pb.LogRecord.FromString(b.SerializeToString()) for b in bodies[:keep]]))
        assert not verdict.ok and verdict.first_bad_seq == keep, (keep, verdict.describe())
        assert f"record {keep}" in verdict.problem and "missing" in verdict.problem
    assert "ends early" in verify(_reseal(_bodies(finished_export)[: n - 1])).problem  # over, seed missing


def _edited(data: bytes, seq: int, edit) -> bytes:
    bodies = _bodies(data)
    edit(bodies[seq].envelope)
    return _reseal(bodies)


def test_item7_verify_checks_every_envelope_field_one_commands_records_agree(finished_export):
    from server.log import verify

    bodies = _bodies(finished_export)
    assert verify(_reseal(bodies)).ok  # resealing alone changes nothing
    later = next(b.seq for b in bodies if b.envelope.part == 1 and b.envelope.seat >= 0)
    first = bodies[later - 1]

    def other_seat(env):
        env.seat = 1 - env.seat

    def other_request(env):
        env.request_id = "forged"

    def extra_command(env):
        env.command.CopyFrom(first.envelope.command)

    def other_time(env):
        env.received_at_unix_ms += 1

    def other_part(env):
        env.parts += 1

    for edit in (other_seat, other_request, extra_command, other_time, other_part):
        verdict = verify(_edited(finished_export, later, edit))
        assert not verdict.ok and verdict.first_bad_seq == later, (edit.__name__, verdict.describe())
    # the platform's records carry nothing of a client's
    setup = next(b.seq for b in bodies if b.seq > 0 and b.envelope.seat == -1)
    verdict = verify(_edited(finished_export, setup, other_request))
    assert not verdict.ok and verdict.first_bad_seq == setup, verdict.describe()
    verdict = verify(_edited(finished_export, 0, other_time))
    assert not verdict.ok, verdict.describe()


def test_item7_a_request_id_used_twice_by_one_seat_is_caught(finished_export):
    from server.log import verify

    bodies = _bodies(finished_export)
    commands = [b for b in bodies if b.envelope.seat == 0 and b.envelope.part == 0 and b.envelope.HasField("command")]
    a, b = commands[0], commands[1]
    for body in bodies[b.seq: b.seq + b.envelope.parts]:
        body.envelope.request_id = a.envelope.request_id
    verdict = verify(_reseal(bodies))
    assert not verdict.ok and verdict.first_bad_seq == b.seq, verdict.describe()


def test_item7_verify_head_checks_the_published_head_hash(finished_export, tmp_path):
    """What the replay cannot tie down (when a whole command arrived, its request id) is pinned by
    the head hash a tournament publishes: any edit resealed through the chain changes it."""
    import subprocess
    import sys

    from server.log import verify

    published = verify(finished_export).head_hash
    assert verify(finished_export, head=published).ok
    bodies = _bodies(finished_export)
    command = next(b for b in bodies if b.envelope.seat >= 0 and b.envelope.part == 0)
    for body in bodies[command.seq: command.seq + command.envelope.parts]:
        body.envelope.received_at_unix_ms -= 60_000  # the whole command, consistently
    forged = _reseal(bodies)
    assert verify(forged).ok  # the content alone cannot tell
    verdict = verify(forged, head=published)
    assert not verdict.ok and published in verdict.problem
    path = tmp_path / "game.log"
    path.write_bytes(forged)
    cli = [sys.executable, "-m", "carthago.cli", "verify", str(path), "--head", published]
    out = subprocess.run(cli, capture_output=True, text=True, timeout=120)
    assert out.returncode == 1 and out.stdout.startswith("INVALID") and published in out.stdout, out
    path.write_bytes(finished_export)
    out = subprocess.run(cli, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.startswith("OK:"), out


# ---- 8. who sat in each seat is in the hashed log -----------------------------------------------

def test_item8_the_exported_log_records_who_claimed_each_seat_and_verify_checks_it(client):
    from carthago.bots import RandomBot
    from server.log import verify

    game = client.create("roma", seed=b"who-sat")
    seats = [client.join(game.game_id, seat=1, player="Hasdrubal"), client.join(game.game_id, player="Scipio")]
    bots = {s.seat: RandomBot(s, seed=2) for s in seats}
    while not (summary := client.game(game.game_id)).status.over:
        for s in summary.status.to_act:
            bots[s].act_once()
    data = client.export(game.game_id).records
    bodies = _bodies(data)
    claims = [(b.seq, b.event.platform.seat_claimed) for b in bodies
              if b.event.WhichOneof("game") == "platform" and b.event.platform.WhichOneof("kind") == "seat_claimed"]
    assert [(c.seat, c.player) for _, c in claims] == [(1, "Hasdrubal"), (0, "Scipio")]
    verdict = verify(data)
    assert verdict.ok and verdict.players == {0: "Scipio", 1: "Hasdrubal"}, verdict.describe()
    assert "'Hasdrubal'" in verdict.describe()
    # a renamed player, resealed: the chain holds, the content does not change, the head hash does
    forged = _bodies(data)
    forged[claims[0][0]].event.platform.seat_claimed.player = "Hannibal"
    assert verify(_reseal(forged), head=verdict.head_hash).ok is False
    # a second claim of one seat is caught
    twice = _bodies(data)
    twice[claims[1][0]].event.platform.seat_claimed.seat = 1
    bad = verify(_reseal(twice))
    assert not bad.ok and bad.first_bad_seq == claims[1][0], bad.describe()
    # a finished game's seats are closed (a claim after the seed's reveal would break its log)
    err = refused(client.join, game.game_id, seat=0)
    assert (err.status, err.code) == ("FAILED_PRECONDITION", "GAME_OVER")
