"""Exports that fit any client (issue 35, item 1; docs/PROTOCOL.md "Exporting a log").

A 10,000-record game is built cheaply: a Roma game whose two seats offer and decline a draw 5,000
times (each a platform record, as a long game's commands are), then one resigns. Its export, both
forms, is about 6.5 MB: past the 4 MB a gRPC client receives by default. Through StreamExportLog
the same client, on default limits, gets it in chunks and it verifies.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import struct
from urllib.parse import urlparse

import grpc
import pytest

from carthago import Client
from carthago.client import CarthagoError, assemble_export
from carthago.v1 import carthago_pb2 as pb
from carthago.v1 import carthago_pb2_grpc as pb_grpc
from server.app import ServerThread
from server.export import CHUNK_BYTES
from server.host import HostConfig
from server.log import split_export, verify

OPERATOR = "operator-secret"
PAIRS = 5000
DEFAULT_LIMIT = 4 * 1024 * 1024  # what gRPC clients receive by default (Go, C++, Java, Python)


def _platform(kind: str) -> pb.GameCommand:
    return pb.GameCommand(platform=pb.PlatformCommand(**{kind: getattr(pb, kind.title().replace("_", ""))()}))


@pytest.fixture(scope="module")
def long_game():
    with ServerThread("memory", HostConfig(operator_token=OPERATOR, allow_client_seeds=True),
                      http={"addr": "127.0.0.1:0"}) as s:
        with Client(s.addr, timeout=60) as c:
            c.wait_ready()
            game_id = c.create("roma", seed=b"long export").game_id
            seats = [c.join(game_id, seat=i, player=f"p{i}") for i in range(2)]
            live = c.create("roma", seed=b"live").game_id
            c.join(live, seat=0)

            async def pad() -> None:  # in the server's loop: 10,000 submits without 10,000 round trips
                offer, decline = _platform("offer_draw"), _platform("decline_draw")
                for _ in range(PAIRS):
                    await s.host.submit(pb.SubmitCommandRequest(game_id=game_id, command=offer), seats[0].token)
                    await s.host.submit(pb.SubmitCommandRequest(game_id=game_id, command=decline), seats[1].token)

            asyncio.run_coroutine_threadsafe(pad(), s.loop).result(600)
            seats[0].resign()
            summary = c.game(game_id)
            assert summary.status.over
            yield s, game_id, summary, live


def default_stub(server):
    channel = grpc.insecure_channel(server.addr)  # no options: the 4 MB default receive limit
    return channel, pb_grpc.GameServiceStub(channel)


def test_a_10000_record_game_exports_in_chunks_to_a_client_on_default_limits_and_verifies(long_game):
    server, game_id, summary, _ = long_game
    channel, stub = default_stub(server)
    with channel:
        with pytest.raises(grpc.RpcError) as refused:  # the problem: one reply with both forms
            stub.ExportLog(pb.ExportLogRequest(game_id=game_id), timeout=60)
        assert refused.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED

        chunks = list(stub.StreamExportLog(pb.StreamExportLogRequest(game_id=game_id), timeout=120))
    assert len(chunks) > 6
    for chunk in chunks:
        assert len(chunk.records) + len(chunk.jsonl.encode()) <= CHUNK_BYTES
        assert chunk.head_seq == summary.head_seq and chunk.head_hash == summary.head_hash
        assert len(list(split_export(chunk.records))) == chunk.last_seq - chunk.first_seq + 1
        assert chunk.jsonl.count("\n") == chunk.last_seq - chunk.first_seq + 1
    export = assemble_export(chunks)
    assert len(export.records) + len(export.jsonl) > DEFAULT_LIMIT
    records = list(split_export(export.records))
    assert len(records) == summary.head_seq + 1 >= 10_000
    lines = export.jsonl.splitlines()
    assert [json.loads(line).get("seq") for line in lines[:3]] == [None, "1", "2"]  # proto3 JSON: int64 as strings, 0 left out
    assert json.loads(lines[-1])["hash"] == summary.head_hash
    verdict = verify(export.records, head=summary.head_hash)
    assert verdict.ok and verdict.records == len(records), verdict.describe()


def test_each_form_alone_and_the_python_client_and_one_reply_of_binary_fits(long_game):
    server, game_id, summary, _ = long_game
    channel, stub = default_stub(server)
    with channel:
        binary = stub.ExportLog(pb.ExportLogRequest(game_id=game_id, form=pb.EXPORT_FORM_BINARY), timeout=60)
        only_jsonl = list(stub.StreamExportLog(pb.StreamExportLogRequest(game_id=game_id, form=pb.EXPORT_FORM_JSONL)))
    assert binary.records and not binary.jsonl and len(binary.records) < DEFAULT_LIMIT
    assert all(not c.records for c in only_jsonl)
    with Client(server.addr) as c:
        both = c.export(game_id)
        assert c.export(game_id, form=pb.EXPORT_FORM_BINARY).records == binary.records == both.records
        assert "".join(ch.jsonl for ch in only_jsonl) == both.jsonl


def test_bad_form_and_a_live_game_are_refused_on_the_stream_as_on_the_unary_call(long_game):
    server, game_id, _, live = long_game
    with Client(server.addr) as c:
        with pytest.raises(CarthagoError) as bad:
            c.export(game_id, form=7)
        assert (bad.value.status, bad.value.code) == ("INVALID_ARGUMENT", "BAD_EXPORT_FORM")
        with pytest.raises(CarthagoError) as unfinished:
            c.export(live)
        assert (unfinished.value.status, unfinished.value.code) == ("PERMISSION_DENIED", "NOT_FINISHED")
        live_export = c.export(live, token=OPERATOR)  # the operator's: a live game, up to its head
        assert len(list(split_export(live_export.records))) == c.game(live).head_seq + 1


def test_a_cut_or_reordered_chunk_sequence_is_refused_by_the_client():
    def chunk(first, last, head=5):
        return pb.StreamExportLogResponse(first_seq=first, last_seq=last, head_seq=head)
    for broken in ([chunk(0, 2)], [chunk(0, 2), chunk(4, 5)], [chunk(1, 5)], []):
        with pytest.raises(CarthagoError) as cut:
            assemble_export(broken)
        assert cut.value.code == "EXPORT_CUT"
    assert assemble_export([chunk(0, 2), chunk(3, 5)]) == pb.ExportLogResponse()


def test_the_http_export_streams_the_same_chunks(long_game):
    server, game_id, summary, _ = long_game
    url = urlparse(server.web.url)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=120)
    body = pb.StreamExportLogRequest(game_id=game_id, form=pb.EXPORT_FORM_BINARY).SerializeToString()
    conn.request("POST", "/carthago.v1.GameService/StreamExportLog", body=struct.pack(">BI", 0, len(body)) + body,
                 headers={"content-type": "application/connect+proto"})
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    assert resp.status == 200
    chunks, end = [], None
    while data:
        flags, size = struct.unpack(">BI", data[:5])
        frame, data = data[5:5 + size], data[5 + size:]
        if flags & 0x02:
            end = json.loads(frame)
        else:
            chunks.append(pb.StreamExportLogResponse.FromString(frame))
    assert end == {} and len(chunks) > 1
    assert all(len(c.records) <= CHUNK_BYTES for c in chunks)
    assert verify(assemble_export(chunks).records, head=summary.head_hash).ok
