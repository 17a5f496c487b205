"""Issue 32, item 2: a tournament's remote entrant that is a registered player signs its moves
(`carthago bot --accept --name hal --invites DIR --key hal.key`: its invite opens the seat, its
session makes the claim hold its key), and `carthago verify-tournament` says which entrants signed."""

from __future__ import annotations

import io
import threading
import time

from carthago import Client, cli
from carthago import tournament as T
from carthago.accept import Acceptor
from carthago.bots import make_bot
from carthago.signing import Key
from server.app import ServerThread
from server.log import verify


def test_verify_tournament_names_the_entrant_that_signed(tmp_path, capsys):
    out, invites = tmp_path / "event", tmp_path / "invites"
    key = Key.generate()
    with ServerThread("memory") as srv, Client(srv.addr) as c:
        c.wait_ready()
        c.register("hal", key)
        acceptor = Acceptor(srv.addr, "hal", "random", make_bot, ["roma"], {}, out=io.StringIO(), invites=invites,
                            seed="h", key=key)
        runner = threading.Thread(target=acceptor.run, daemon=True)
        runner.start()
        try:
            deadline = time.monotonic() + 20
            while not srv.host.feed.subscribers:
                assert time.monotonic() < deadline
                time.sleep(0.05)
            doc = T.run(srv.addr, "roma", T.parse_entrants(["ann=random", "hal=remote"]), "round-robin", 1, out,
                        seed="signed", say=lambda _: None, invites=invites, show_timeout=20.0)
        finally:
            acceptor.stopping.set()
            acceptor.events.put(("tick", None))
            runner.join(10)
    (game,) = doc["games"]
    assert game["no_show"] == []
    verdict = verify((out / game["file"]).read_bytes())
    hal = game["seats"].index("hal")
    assert verdict.ok and verdict.signed == {hal: key.public.hex()}, verdict.describe()
    capsys.readouterr()
    assert cli.main(["verify-tournament", str(out)]) == 0
    said = capsys.readouterr().out
    assert f"signed moves: hal (key {key.public.hex()[:16]}…); unsigned: ann" in said, said


def test_a_player_entrant_is_seated_by_its_key_with_no_shared_directory(tmp_path, capsys):
    """`hal=player`: the runner keeps hal's seats for its registered key; hal's bot (`carthago bot
    --accept --name hal --key hal.key`, no --invites) hears of each seat on its stream and takes it
    with its session. `zed=player` never comes: its seat is forfeited with the invite the runner
    holds, as for any remote no-show. No invites directory at all."""
    out = tmp_path / "event"
    hal, zed = Key.generate(), Key.generate()
    with ServerThread("memory") as srv, Client(srv.addr) as c:
        c.wait_ready()
        c.register("hal", hal)
        c.register("zed", zed)
        log = io.StringIO()
        acceptor = Acceptor(srv.addr, "hal", "random", make_bot, ["roma"], {}, out=log, seed="h", key=hal)
        runner = threading.Thread(target=acceptor.run, daemon=True)
        runner.start()
        try:
            deadline = time.monotonic() + 20
            while not srv.host.challenges.streams:  # hal's stream is open
                assert time.monotonic() < deadline
                time.sleep(0.05)
            doc = T.run(srv.addr, "roma", T.parse_entrants(["ann=random", "hal=player", "zed=player"]),
                        "round-robin", 1, out, seed="keys", say=lambda _: None, invites=None, show_timeout=2.0)
        finally:
            acceptor.stopping.set()
            acceptor.events.put(("tick", None))
            runner.join(10)
    games = {frozenset(g["seats"]): g for g in doc["games"]}
    played = games[frozenset(("ann", "hal"))]
    assert played["no_show"] == [] and "a seat kept for this player" in log.getvalue(), log.getvalue()
    verdict = verify((out / played["file"]).read_bytes())
    assert verdict.ok and verdict.signed == {played["seats"].index("hal"): hal.public.hex()}, verdict.describe()
    for present in ("ann", "hal"):
        forfeit = games[frozenset((present, "zed"))]
        assert forfeit["no_show"] == ["zed"] and [forfeit["seats"][w] for w in forfeit["winners"]] == [present]
    capsys.readouterr()
    assert cli.main(["verify-tournament", str(out)]) == 0
    assert "signed moves: hal (key" in capsys.readouterr().out
