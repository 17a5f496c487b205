"""Issue 32, item 1 (the web client): the browser makes its player's key with WebCrypto (Ed25519,
the private half non-extractable, kept in IndexedDB across reloads), registers it, takes a seat as
the player and signs every move in the page; the exported log verifies with that key's signatures.
Debian's chromium driven by playwright-core (clients/web/e2e/player.mjs); skipped, saying why,
where chromium, Node.js or the built client are missing."""

from __future__ import annotations

import json
import subprocess

import pytest

from carthago import Client
from carthago.v1 import carthago_pb2 as pb
from server.app import ServerThread
from server.host import HostConfig
from server.log import verify

from .test_web_browser import CHROMIUM, WEB, _missing


def test_the_browser_registers_a_key_and_signs_its_seats_moves():
    reason = _missing()
    if reason:
        print(f"\n*** SKIPPING THE BROWSER TEST: {reason}")
        pytest.skip(f"SKIPPED LOUDLY: {reason}")
    with ServerThread("memory", HostConfig(bot_workers=1), http={"addr": "127.0.0.1:0"}) as server, \
            Client(server.addr) as c:
        c.wait_ready()
        made = c.stub.CreateGame(pb.CreateGameRequest(game_type="roma", house_seats=[pb.HouseSeat(seat=1, bot="random")]))
        game_id = made.game.game_id
        done = subprocess.run(["node", "e2e/player.mjs", "--base", server.web.url, "--game", game_id,
                               "--chromium", str(CHROMIUM)], cwd=WEB, capture_output=True, text=True, timeout=300)
        lines = [json.loads(x) for x in done.stdout.splitlines() if x.startswith("{")]
        assert done.returncode == 0 and lines and lines[0]["ok"], done.stdout + done.stderr[-3000:]
        r = lines[0]
        assert r["key"] == r["keptKey"] and len(r["key"]) == 64, r
        assert r["extractable"] is False and r["exported"] is False, r
        assert r["moves"] == 3 and "resigned" in r["result"].lower(), r  # three moves clicked, then resigned
        assert c.player("webber").public_key.hex() == r["key"]
        summary = c.game(game_id)
        assert summary.seats[0].player == "webber" and summary.seats[0].player_key.hex() == r["key"]
        verdict = verify(c.export(game_id).records)
    assert verdict.ok and verdict.signed == {0: r["key"]}, verdict.describe()
    assert "signed by their players' keys: seat 0" in verdict.result
