"""Issue 16, item 11: every game's static data (its map, card lists, tables) through the API
(GetGameData), served from the very files the engine reads (engine/games/*/data/), over gRPC and
over HTTP (Connect JSON and binary), with a content hash a client caches by."""

from __future__ import annotations

import base64
import hashlib
import json
from importlib import resources

import pytest

from carthago import CarthagoError
from carthago.v1 import carthago_pb2 as pb
from engine import registry

from .test_http import connect_json, connect_proto, web  # noqa: F401 - the fixture: one server, gRPC and HTTP

GAMES = registry.ids()


def files_on_disk(game_id: str) -> dict[str, bytes]:
    folder = resources.files(registry.package(game_id)) / "data"
    return {f.name: f.read_bytes() for f in folder.iterdir() if f.name.endswith(".json")}


def bundle_sha256(files) -> str:
    """The rule docs/PROTOCOL.md gives a client, written again here from the text."""
    lines = "".join(f"{name} {hashlib.sha256(content).hexdigest()}\n" for name, content in sorted(files))
    return hashlib.sha256(lines.encode()).hexdigest()


@pytest.mark.parametrize("game_id", GAMES)
def test_grpc_serves_every_data_file_of_the_game_exactly(web, game_id):  # noqa: F811
    types = {t.id: t for t in web.grpc.game_types()}
    reply = web.grpc.game_data(game_id)
    disk = files_on_disk(game_id)
    assert disk, f"{game_id} has no data files"
    assert [f.name for f in reply.files] == sorted(disk)
    for f in reply.files:
        assert f.content == disk[f.name]
        assert f.sha256 == hashlib.sha256(disk[f.name]).hexdigest()
        assert f.media_type == "application/json"
        record = json.loads(f.content)
        assert isinstance(record, dict) and record["game"] and record["source"]
    assert reply.game_type == game_id and not reply.not_modified
    assert reply.version == registry.get(game_id).info.version
    assert reply.sha256 == bundle_sha256((n, c) for n, c in disk.items())
    assert types[game_id].data_sha256 == reply.sha256


def test_the_data_of_each_game_is_its_own():
    """Four different sets: a game never gets another's files (nor an empty set)."""
    from engine.gamedata import game_data

    assert len({game_data(g).sha256 for g in GAMES}) == len(GAMES)
    assert "map.json" in {f.name for f in game_data("rome-et-carthage").files}
    assert {"map.json", "strategy_cards.json", "battle_cards.json"} <= {f.name for f in game_data("hannibal").files}


def test_a_client_holding_the_current_data_gets_not_modified_and_no_files(web):  # noqa: F811
    full = web.grpc.game_data("roma")
    again = web.grpc.game_data("roma", known_sha256=full.sha256)
    assert again.not_modified and not again.files
    assert (again.sha256, again.version, again.game_type) == (full.sha256, full.version, "roma")
    stale = web.grpc.game_data("roma", known_sha256="0" * 64)
    assert not stale.not_modified and stale == full


@pytest.mark.parametrize("game_type, known, code", [
    ("go", "", "UNKNOWN_GAME_TYPE"),
    ("", "", "UNKNOWN_GAME_TYPE"),
    ("roma", "ABCDEF" * 10 + "ABCD", "BAD_SHA256"),
    ("roma", "xyz", "BAD_SHA256"),
])
def test_bad_requests_get_invalid_argument_with_their_code(web, game_type, known, code):  # noqa: F811
    with pytest.raises(CarthagoError) as err:
        web.grpc.game_data(game_type, known_sha256=known)
    assert (err.value.status, err.value.code) == ("INVALID_ARGUMENT", code)
    status, body, _ = connect_json(web, "GetGameData", {"gameType": game_type, "knownSha256": known})
    assert status == 400 and body["code"] == "invalid_argument" and body["message"].startswith(code + ": ")


def test_connect_json_and_binary_serve_the_same_data_as_grpc_without_a_token(web):  # noqa: F811
    grpc_reply = web.grpc.game_data("hannibal")
    status, body, _ = connect_json(web, "GetGameData", {"gameType": "hannibal"})
    assert status == 200
    assert body["sha256"] == grpc_reply.sha256 and body["version"] == grpc_reply.version
    assert [(f["name"], base64.b64decode(f["content"])) for f in body["files"]] == \
        [(f.name, f.content) for f in grpc_reply.files]
    status, reply = connect_proto(web, "GetGameData", pb.GetGameDataRequest(game_type="hannibal"), pb.GetGameDataResponse)
    assert status == 200 and reply == grpc_reply
    status, body, _ = connect_json(web, "GetGameData", {"gameType": "hannibal", "knownSha256": grpc_reply.sha256})
    assert status == 200 and body["notModified"] is True and "files" not in body
