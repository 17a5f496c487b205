"""The `carthago` command line, run as a user runs it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from carthago import cli

CARTHAGO = [sys.executable, "-m", "carthago.cli"]


def run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([*CARTHAGO, *args], capture_output=True, text=True, timeout=timeout)


def test_games_lists_each_game_then_its_player_counts():
    out = run("games", "--local")
    assert out.returncode == 0, out.stderr
    assert "roma\t2" in out.stdout.splitlines()


def test_play_local_prints_result_game_id_and_log_hash_and_its_export_verifies(tmp_path):
    log = tmp_path / "game.log"
    out = run("play", "roma", "--bots", "random,random", "--local", "--seed", "5", "--export", str(log))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert any(line.startswith("game id: roma-") for line in lines)
    assert any(line.startswith("log hash: ") and len(line.split()[-1]) == 64 for line in lines)
    ok = run("verify", str(log))
    assert ok.returncode == 0 and ok.stdout.startswith("OK:"), ok.stdout
    data = bytearray(log.read_bytes())
    data[len(data) // 2] ^= 0x40
    log.write_bytes(bytes(data))
    bad = run("verify", str(log))
    assert bad.returncode == 1 and bad.stdout.startswith("INVALID at seq"), bad.stdout


def test_play_needs_one_bot_per_seat():
    out = run("play", "roma", "--bots", "random", "--local")
    assert out.returncode != 0 and "needs 2 bots" in out.stderr


def test_no_server_gives_a_clear_message():
    out = run("play", "roma", "--bots", "random,random", "--server", "127.0.0.1:1", timeout=60)
    assert out.returncode == 1 and "no Carthago server answers" in out.stderr


def test_engine_commands_say_what_to_install_when_only_the_client_is_present(monkeypatch):
    monkeypatch.setitem(sys.modules, "engine", None)  # as if the server package were absent
    with pytest.raises(SystemExit) as exc:
        cli.main(["verify", "whatever.log"])
    assert "carthago-server" in str(exc.value) and "make setup" in str(exc.value)
