"""The gRPC server end to end: a real server on loopback, driven by the Python client.

Covers the platform issue's list: every bad-input case gets its own error and
changes nothing; idempotent retries; one winner per seq; seed commitment and
reveal; export, verify and tamper detection; per-seat redacted streams.
"""

from __future__ import annotations

import hashlib
import threading

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from carthago import CarthagoError, Client
from carthago.bots import RandomBot
from carthago.cli import play_game
from carthago.v1 import carthago_pb2 as pb
from server.log import split_export, verify

from .conftest import OPERATOR


def new_game(client, seed=b"fixed-seed"):
    game = client.create("roma", seed=seed)
    return game, [client.join(game.game_id, seat=i, player=f"p{i}") for i in range(game.players)]


def advance_to_single_actor(client, seats):
    """Play random commands until exactly one seat must act (past any simultaneous choice)."""
    bots = [RandomBot(s, seed=1) for s in seats]
    while len(status := client.game(seats[0].game_id).status.to_act) != 1:
        for s in status:
            bots[s].act_once()


def actor(client, seats):
    """The first seat that must act now."""
    return seats[client.game(seats[0].game_id).status.to_act[0]]


def refused(fn, *args, **kwargs) -> CarthagoError:
    with pytest.raises(CarthagoError) as exc:
        fn(*args, **kwargs)
    return exc.value


def snapshot(client, seats):
    """Everything a refused command must leave untouched."""
    game = client.game(seats[0].game_id)
    return (game.head_seq, [s.view().view.SerializeToString(deterministic=True) for s in seats])


def test_a_whole_game_plays_exports_and_verifies(client):
    game_id, summary, steps = play_game(client, "roma", 0, {}, ["random", "random"], "7")
    assert summary.status.over and steps > 0
    export = client.export(game_id)
    verdict = verify(export.records)
    assert verdict.ok, verdict.describe()
    assert verdict.head_hash == summary.head_hash
    assert len(export.jsonl.splitlines()) == summary.head_seq + 1


def test_the_revealed_seed_matches_the_commitment_made_at_creation(client):
    game = client.create("roma", seed=b"commit-me")
    assert game.seed_commitment == hashlib.sha256(b"commit-me").hexdigest()
    assert game.head_hash == ""  # hashes of a live game stay private
    game_id, summary, _ = play_game(client, "roma", 0, {}, ["random", "random"], "commit")
    records = [pb.LogRecord.FromString(s.body) for _, s in split_export(client.export(game_id).records)]
    seed = records[-1].event.platform.seed_revealed.seed
    assert hashlib.sha256(seed).hexdigest() == records[0].event.platform.game_created.seed_commitment


def test_changing_any_byte_of_an_export_fails_verify_at_that_record(client):
    game_id, _, _ = play_game(client, "roma", 0, {}, ["random", "random"], "9")
    data = bytearray(client.export(game_id).records)
    offsets = [off for off, _ in split_export(bytes(data))]
    for index in (1, len(offsets) // 2, len(offsets) - 1):
        tampered = bytearray(data)
        tampered[offsets[index] + 12] ^= 0x01  # a byte inside the record's body
        verdict = verify(bytes(tampered))
        assert not verdict.ok
        assert verdict.first_bad_seq == index, verdict.describe()


def test_a_retry_with_the_same_request_id_returns_the_first_answer(client):
    _, seats = new_game(client)
    me = actor(client, seats)
    command = me.legal()[0]
    first = me.submit(command, request_id="req-42")
    head = client.game(me.game_id).head_seq
    again = me.submit(command, request_id="req-42")
    assert again == first
    assert client.game(me.game_id).head_seq == head


def test_a_request_id_reused_for_another_command_is_refused(client):
    _, seats = new_game(client)
    me = actor(client, seats)
    me.submit(me.legal()[0], request_id="same")
    other = actor(client, seats)
    if other is me:
        before = snapshot(client, seats)
        err = refused(me.submit, me.legal()[0], request_id="same")
        # the same command as the first would be a legitimate retry; another one is refused
        assert err.code in ("REQUEST_ID_REUSED",) or snapshot(client, seats) == before


def test_concurrent_submits_one_winner_per_seq(client):
    _, seats = new_game(client)
    me = actor(client, seats)
    commands, head = me.legal_at()
    outcomes: list[str] = []
    barrier = threading.Barrier(8)

    def go(k):
        barrier.wait()
        try:
            me.submit(commands[k % len(commands)], expected_seq=head, request_id=f"race-{k}")
            outcomes.append("won")
        except CarthagoError as err:
            outcomes.append(err.code)

    threads = [threading.Thread(target=go, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert outcomes.count("won") == 1, outcomes
    assert set(outcomes) - {"won"} <= {"STALE_SEQ"}


def test_bad_inputs_get_their_own_error_and_change_nothing(client, server):
    _, seats = new_game(client)
    advance_to_single_actor(client, seats)
    me = actor(client, seats)
    other = seats[1 - me.seat]
    before = snapshot(client, seats)
    cases = []

    cases.append(("NOT_FOUND", "GAME_NOT_FOUND", lambda: client.game("no-such-game")))
    cases.append(("INVALID_ARGUMENT", "UNKNOWN_GAME_TYPE", lambda: client.create("chess")))
    cases.append(("INVALID_ARGUMENT", "BAD_CONFIG", lambda: client.create("roma", players=5)))
    stranger = Client(server.addr)
    from carthago.client import Seat
    cases.append(("UNAUTHENTICATED", "INVALID_TOKEN",
                  lambda: Seat(stranger, me.game_id, me.seat, "forged-token").submit(me.legal()[0])))
    cases.append(("UNAUTHENTICATED", "TOKEN_REQUIRED",
                  lambda: Seat(stranger, me.game_id, me.seat, "").submit(me.legal()[0])))
    cases.append(("FAILED_PRECONDITION", "NOT_YOUR_TURN", lambda: other.submit(me.legal()[0])))
    cases.append(("ABORTED", "STALE_SEQ", lambda: me.submit(me.legal()[0], expected_seq=0)))
    # an empty GameCommand is malformed (the error table), another game's field is WRONG_GAME (issue 35)
    cases.append(("INVALID_ARGUMENT", "MALFORMED_COMMAND", lambda: me.submit(pb.GameCommand())))
    cases.append(("INVALID_ARGUMENT", "WRONG_GAME", lambda: me.submit(pb.GameCommand(hannibal={}))))
    cases.append(("INVALID_ARGUMENT", "MALFORMED_COMMAND", lambda: me.submit(pb.GameCommand(roma={}))))
    cases.append(("ALREADY_EXISTS", "SEAT_TAKEN", lambda: client.join(me.game_id, seat=0)))
    cases.append(("INVALID_ARGUMENT", "BAD_SEAT", lambda: client.join(me.game_id, seat=9)))
    cases.append(("PERMISSION_DENIED", "NOT_FINISHED", lambda: client.export(me.game_id)))
    cases.append(("FAILED_PRECONDITION", "NOT_FINISHED", lambda: client.view(me.game_id, at_seq=1)))
    for status, code, call in cases:
        err = refused(call)
        assert (err.status, err.code) == (status, code), (status, code, err.status, err.code, err.message)
        assert err.message.startswith(code)
        assert snapshot(client, seats) == before
    assert client.ping(b"still serving") == b"still serving"


def test_client_chosen_seeds_need_the_server_to_allow_them():
    from server.app import ServerThread
    from server.host import HostConfig

    with ServerThread("memory", HostConfig(allow_client_seeds=False)) as s, Client(s.addr) as c:
        err = refused(c.create, "roma", seed=b"mine")
        assert (err.status, err.code) == ("PERMISSION_DENIED", "CLIENT_SEED_NOT_ALLOWED")
        assert c.create("roma").seed_commitment  # the server's own seed works


def test_a_malformed_message_gets_invalid_argument(server):
    channel = grpc.insecure_channel(server.addr)
    raw = channel.unary_unary("/carthago.v1.GameService/SubmitCommand")
    with pytest.raises(grpc.RpcError) as exc:
        raw(b"\xff\xff\xff\xff garbage", timeout=10)
    assert exc.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "MALFORMED_MESSAGE" in exc.value.details()
    channel.close()


def test_an_oversized_message_is_refused_and_the_server_keeps_serving(client):
    with pytest.raises(CarthagoError) as exc:
        client.ping(b"x" * (2 << 20))
    assert exc.value.status == "RESOURCE_EXHAUSTED"
    assert client.ping(b"ok") == b"ok"


def test_streams_are_redacted_per_seat_and_resumable(client):
    game, seats = new_game(client, seed=b"stream-seed")
    spectator = next(client.stream(game.game_id))
    mine = next(seats[0].stream())
    assert [r.seq for r in spectator.events] == [r.seq for r in mine.events]
    assert any(r.redacted for r in spectator.events)
    # the seat sees some record in full that the spectator sees redacted (its own deal)
    assert any(a.redacted and not b.redacted for a, b in zip(spectator.events, mine.events))
    resumed = next(seats[0].stream(from_seq=3))
    assert resumed.events[0].seq == 3
    # a client already at head gets a first batch at once: no events, where the game stands
    at_head = next(seats[0].stream(from_seq=mine.head_seq + 1))
    assert len(at_head.events) == 0 and at_head.head_seq == mine.head_seq
    assert at_head.status.to_act == mine.status.to_act


def test_operator_may_export_a_live_game(server):
    with Client(server.addr, token=OPERATOR) as op:
        game = op.create("roma")
        export = op.export(game.game_id)
        assert export.records
        assert not verify(export.records).ok  # live: the seed is not revealed yet


def test_health_and_reflection_are_served(server):
    channel = grpc.insecure_channel(server.addr)
    health = health_pb2_grpc.HealthStub(channel)
    resp = health.Check(health_pb2.HealthCheckRequest(service="carthago.v1.GameService"), timeout=10)
    assert resp.status == health_pb2.HealthCheckResponse.SERVING
    refl = reflection_pb2_grpc.ServerReflectionStub(channel)
    answers = refl.ServerReflectionInfo(iter([reflection_pb2.ServerReflectionRequest(list_services="")]), timeout=10)
    names = {s.name for a in answers for s in a.list_services_response.service}
    assert "carthago.v1.GameService" in names
    channel.close()


def test_a_finished_games_view_at_any_seq(client):
    game_id, summary, _ = play_game(client, "roma", 0, {}, ["random", "random"], "11")
    early = client.view(game_id, at_seq=2)
    assert early.seq == 2 and not early.status.over
    late = client.view(game_id, at_seq=summary.head_seq)
    assert late.status.over


def test_random_bots_following_streams_finish_a_game(client):
    game, seats = new_game(client, seed=b"threads")
    bots = [RandomBot(s, seed=3) for s in seats]
    threads = [threading.Thread(target=b.play) for b in bots]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert client.game(game.game_id).status.over
