"""Issue 32: players' keys on the command line: `carthago keygen`, `register`, `login`, `bot --key`,
`resign --key` and `play --sign`, run as a user runs them."""

from __future__ import annotations

import subprocess
import sys

from carthago import Client
from server.app import ServerThread
from server.host import HostConfig
from server.log import verify

CARTHAGO = [sys.executable, "-m", "carthago.cli"]


def run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([*CARTHAGO, *args], capture_output=True, text=True, timeout=timeout)


def test_play_sign_gives_every_seat_a_key_and_verify_says_so(tmp_path):
    log = tmp_path / "game.log"
    out = run("play", "roma", "--bots", "random,random", "--local", "--seed", "7", "--sign", "--export", str(log))
    assert out.returncode == 0, out.stderr
    ok = run("verify", str(log))
    assert ok.returncode == 0 and "signed by their players' keys: seat 0, seat 1" in ok.stdout, ok.stdout
    verdict = verify(log.read_bytes())
    assert len(set(verdict.signed.values())) == 2  # a fresh key each


def test_keygen_register_login_and_a_bot_that_signs_and_resigns_with_its_key(tmp_path):
    key = tmp_path / "alice.key"
    out = run("keygen", "--out", str(key))
    assert out.returncode == 0 and out.stdout.startswith("public key: "), out.stderr
    public = out.stdout.split()[-1]
    again = run("keygen", "--out", str(key))
    assert again.returncode == 1 and "never overwritten" in again.stderr
    with ServerThread("memory", HostConfig()) as server, Client(server.addr) as c:
        c.wait_ready()
        reg = run("register", "alice", "--key", str(key), "--server", server.addr)
        assert reg.returncode == 0 and public in reg.stdout, reg.stderr
        taken = run("register", "alice", "--key", str(key), "--server", server.addr)
        assert taken.returncode == 1 and "NAME_TAKEN" in taken.stderr
        login = run("login", "alice", "--key", str(key), "--server", server.addr)
        assert login.returncode == 0 and len(login.stdout.strip()) >= 40, login.stderr
        # a bot that joins as alice with its key: the other seat resigns once alice has moved
        game = c.create("roma")
        bot = subprocess.Popen([*CARTHAGO, "bot", game.game_id, "--bot", "random", "--key", str(key), "--name",
                                "alice", "--server", server.addr], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
        try:
            first = bot.stdout.readline()
            assert first.startswith("seat 0; token "), first + bot.stderr.read()
            token = first.split()[-1]
            bob = c.join(game.game_id, player="bob")
            for _ in range(200):
                summary = c.game(game.game_id)
                if summary.status.to_act and summary.status.to_act[0] == 1:
                    break
                import time
                time.sleep(0.05)
            # alice's seat token alone cannot act for her: the signature is missing
            no_key = run("resign", game.game_id, "--token", token, "--server", server.addr)
            assert no_key.returncode == 1 and "INVALID_SIGNATURE" in no_key.stderr
            bob.resign()
            bot.wait(timeout=30)
        finally:
            if bot.poll() is None:
                bot.kill()
        data = c.export(game.game_id).records
    verdict = verify(data)
    assert verdict.ok and verdict.signed == {0: public}, verdict.describe()


def test_resign_with_the_key_signs_it(tmp_path):
    key = tmp_path / "k.key"
    assert run("keygen", "--out", str(key)).returncode == 0
    with ServerThread("memory", HostConfig()) as server, Client(server.addr) as c:
        c.wait_ready()
        assert run("register", "carol", "--key", str(key), "--server", server.addr).returncode == 0
        from carthago.signing import Key

        session = c.login("carol", Key.load(key))
        game = c.create("roma")
        carol = c.join(game.game_id, session=session)
        c.join(game.game_id, player="dan")
        out = run("resign", game.game_id, "--token", carol.token, "--key", str(key), "--server", server.addr)
        assert out.returncode == 0 and "seat 0 resigned" in out.stdout, out.stderr
        verdict = verify(c.export(game.game_id).records)
    assert verdict.ok and 0 in verdict.signed


def test_an_accepting_bot_with_a_key_joins_as_its_player_and_signs(tmp_path):
    """`carthago bot --accept --key FILE --name alice`: the open-seats loop logs in and joins as
    the player; another accepting bot, anonymous, takes the other seat; the log shows alice signed."""
    import io
    import threading

    from carthago.accept import Acceptor
    from carthago.bots import make_bot
    from carthago.signing import Key

    key = Key.generate()
    with ServerThread("memory", HostConfig()) as server, Client(server.addr) as c:
        c.wait_ready()
        c.register("alice", key)
        bots = [Acceptor(server.addr, name, "random", make_bot, ["roma"], {}, max_games=1, out=io.StringIO(),
                         state=tmp_path / name, key=k) for name, k in (("alice", key), ("bob", None))]
        threads = [threading.Thread(target=b.run, daemon=True) for b in bots]
        for t in threads:
            t.start()
        game = c.create("roma")
        for t in threads:
            t.join(timeout=60)
        assert not any(t.is_alive() for t in threads), [b.out.getvalue() for b in bots]
        summary = c.game(game.game_id)
        assert summary.status.over
        alice = next(s.seat for s in summary.seats if s.player == "alice")
        verdict = verify(c.export(game.game_id).records)
    assert verdict.ok and verdict.signed == {alice: key.public.hex()}, verdict.describe()


def test_carthago_challenge_waits_for_the_answer_and_prints_the_game(tmp_path):
    from carthago.signing import Key

    key = tmp_path / "a.key"
    assert run("keygen", "--out", str(key)).returncode == 0
    with ServerThread("memory", HostConfig()) as server, Client(server.addr) as c:
        c.wait_ready()
        assert run("register", "alice", "--key", str(key), "--server", server.addr).returncode == 0
        bob_key = Key.generate()
        c.register("bob", bob_key)
        bob = c.login("bob", bob_key)
        proc = subprocess.Popen([*CARTHAGO, "challenge", "bob", "roma", "--name", "alice", "--key", str(key),
                                 "--server", server.addr], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            first = proc.stdout.readline()
            assert first.startswith("challenge "), first + proc.stderr.read()
            challenge_id = first.split()[1]
            accepted = c.accept_challenge(bob, challenge_id)
            out, _ = proc.communicate(timeout=30)
        finally:
            if proc.poll() is None:
                proc.kill()
        assert proc.returncode == 0 and f"accepted: game {accepted.challenge.game_id}" in out
