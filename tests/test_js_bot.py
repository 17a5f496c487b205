"""The JavaScript bot (clients/js/bot.js) plays a roma game against the Python RandomBot.

A real server on loopback, two languages, one game: the JS bot joins seat 1 from a `node`
subprocess, the Python RandomBot plays seat 0 in a thread; the game must end, the JS bot must
report the server's own result, both seats must have moved, and the exported log must verify.
Skipped only where `node` or the bot's installed packages (`make setup` runs `npm ci`) are missing.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import threading
import time
from pathlib import Path

import pytest

from carthago.bots import RandomBot
from carthago.v1 import carthago_pb2 as pb
from server.log import split_export, verify

ROOT = Path(__file__).resolve().parents[1]
JS_DIR = ROOT / "clients" / "js"
NODE = shutil.which("node")
BUDGET_S = 40.0  # the whole game, both bots; a random roma game takes a few seconds
FINAL_LINE = re.compile(r"^game over: winners \[([-\d, ]*)\] scores \[([-\d, ]*)\]$")


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip()]


@pytest.fixture
def node() -> str:
    if NODE is None:
        pytest.skip("node not installed: the JavaScript bot cannot run here")
    if not (JS_DIR / "node_modules" / "@grpc" / "grpc-js").is_dir():
        pytest.skip(f"node not installed: {JS_DIR / 'node_modules'} is missing (run `make setup` or "
                    "`npm ci` in clients/js)")
    return NODE


def test_the_js_bot_plays_roma_against_the_python_bot(node, server, client):
    started = time.monotonic()
    game = client.create("roma", 2, seed=b"js-bot-vs-python-bot")
    game_id = game.game_id

    js = subprocess.Popen(
        [node, str(JS_DIR / "bot.js"), "--server", server.addr, "--game", game_id, "--seat", "1",
         "--seed", "11", "--name", "js-bot"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    py_seat = client.join(game_id, seat=0, player="py-bot")
    py_failure: list[BaseException] = []

    def run_python_bot() -> None:
        try:
            RandomBot(py_seat, seed=5).play()
        except BaseException as exc:  # noqa: BLE001 - reported by the test thread
            py_failure.append(exc)

    py_thread = threading.Thread(target=run_python_bot, name="py-random-bot", daemon=True)
    py_thread.start()

    try:
        out, err = js.communicate(timeout=BUDGET_S)
    except subprocess.TimeoutExpired:
        js.kill()
        out, err = js.communicate()
        pytest.fail(f"the JS bot did not finish within {BUDGET_S:.0f}s (game at seq "
                    f"{client.game(game_id).head_seq})\nstdout:\n{out}\nstderr:\n{err}")
    py_thread.join(timeout=max(1.0, BUDGET_S - (time.monotonic() - started)))

    assert js.returncode == 0, f"the JS bot exited {js.returncode}\nstdout:\n{out}\nstderr:\n{err}"
    assert not py_thread.is_alive(), "the Python bot is still playing although the JS bot saw the game end"
    assert not py_failure, f"the Python bot failed: {py_failure[0]!r}"

    summary = client.game(game_id)
    assert summary.status.over, f"the game is not over (seq {summary.head_seq})"
    assert [(s.seat, s.claimed, s.player) for s in summary.seats] == [(0, True, "py-bot"), (1, True, "js-bot")]

    # The JS bot's last line is the server's own verdict.
    lines = out.strip().splitlines()
    match = FINAL_LINE.match(lines[-1]) if lines else None
    assert match, f"no final 'game over' line from the JS bot\nstdout:\n{out}\nstderr:\n{err}"
    assert _ints(match.group(1)) == list(summary.status.winners)
    assert _ints(match.group(2)) == list(summary.status.scores)
    assert lines[0].startswith(f"joined {game_id} ") and "as seat 1 " in lines[0], lines[0]

    # The log verifies, and both languages wrote commands into it.
    export = client.export(game_id)
    verdict = verify(export.records)
    assert verdict.ok, verdict.describe()
    assert verdict.head_hash == summary.head_hash
    actors = {pb.LogRecord.FromString(sealed.body).envelope.seat for _, sealed in split_export(export.records)}
    assert {0, 1} <= actors, f"seats that moved: {sorted(actors)}"

    assert time.monotonic() - started < BUDGET_S
