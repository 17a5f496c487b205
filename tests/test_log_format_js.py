"""docs/LOG_FORMAT.md proved by a second verifier (issue 35, item 3): clients/js/verify.js, written
from the document in JavaScript, checks the chain, the salts, the seat claims, the envelopes and
the head of real logs, and refuses tampered ones for the same reason as `carthago verify`.

One finished seeded game of each of the four games is played in process on a GameHost (random
legal commands, a fixed clock), each with something of its own in its log: Roma a reserved seat
claimed with its invite, a house bot and a Fischer clock; Rome et Carthage a draw offered and
declined; Hannibal a resignation; The Republic of Carthage three seats and thousands of records.
Every log must pass both verifiers with the same head hash and the same players; each tampered copy
(a flipped byte, a dropped record, a swapped pair, a torn last frame, a changed salt, a
changed seed, a record of another game, a set-up record stamped at another time, a request id used
twice, a wrong game-event position, a claim under another name than the reserved one, a wrong
head) must be refused by both with the same message (``INVALID at seq N: …``); the log cut before
its seed's reveal by both at the same seq, each with its own wording (the JavaScript verifier
cannot tell whether the game was over: the document says so). Also: the document's test vectors
still match the code (tools/log_vectors.py --check), and the vector game verifies in JavaScript
with the head hash the document gives.

Skipped, LOUDLY and with the reason, only where `node` is missing.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from carthago.cli import _verify_file
from carthago.v1 import carthago_pb2 as pb
from server.host import GameHost, HostConfig
from server.log import split_export
from server.store import MemoryStore

from .test_time_controls import resealed

ROOT = Path(__file__).resolve().parents[1]
VERIFY_JS = ROOT / "clients" / "js" / "verify.js"
DOC = ROOT / "docs" / "LOG_FORMAT.md"
NODE = shutil.which("node")
START_MS = 1_700_000_000_000


@pytest.fixture(scope="module")
def node() -> str:
    if NODE is None:
        print("\n*** SKIPPING THE JAVASCRIPT LOG VERIFIER'S TEST: node is not installed")
        pytest.skip("SKIPPED LOUDLY: node is not installed: clients/js/verify.js cannot run here")
    return NODE


def run_js(node: str, files: list[Path], head: str | None = None) -> dict[str, dict]:
    """clients/js/verify.js on ``files`` (one process): file name -> its JSON verdict."""
    cmd = [node, str(VERIFY_JS), "--json", *map(str, files)] + (["--head", head] if head else [])
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    assert out.returncode in (0, 1), out.stderr
    verdicts = {Path(v["file"]).name: v for v in map(json.loads, out.stdout.splitlines())}
    assert len(verdicts) == len(files), out.stdout
    return verdicts


# ---------------------------------------------------------------- four finished games ----------

async def _play(game_type: str, players: int, options: dict, seed: bytes, *, reserved: bool = False,
                house: bool = False, clock: bool = False, draw: bool = False, resign_after: int = 0) -> bytes:
    now = [START_MS]
    host = GameHost(MemoryStore(), HostConfig(allow_client_seeds=True, snapshot_every=1_000_000),
                    clock=lambda: now[0])
    made = await host.create_game(pb.CreateGameRequest(
        game_type=game_type, players=players, options=options, seed=seed,
        reserved_seats=[pb.ReserveSeat(seat=0, player="Scipio")] if reserved else [],
        house_seats=[pb.HouseSeat(seat=players - 1, bot="random")] if house else [],
        time_control=pb.TimeControl(initial_ms=3_600_000, increment_ms=1_000) if clock else None))
    game_id = made.game.game_id
    tokens: dict[int, str] = {}
    for seat in range(players - 1 if house else players):
        now[0] += 1_000
        join = pb.JoinGameRequest(game_id=game_id, seat=seat, player=f"player {seat}")
        if reserved and seat == 0:
            join = pb.JoinGameRequest(game_id=game_id, invite=made.invites[0].invite)
        tokens[seat] = (await host.join_game(join)).token
    rnd, moves = random.Random(seed), 0

    async def submit(seat: int, command: pb.GameCommand) -> None:
        now[0] += rnd.randint(1, 3_000)
        await host.submit(pb.SubmitCommandRequest(game_id=game_id, command=command, request_id=f"r-{moves}"),
                          tokens[seat])

    while not (status := (await host.get_game(game_id)).status).over:
        mine = [s for s in status.to_act if s in tokens]
        if not mine:  # the house bot's turn: it moves on this loop
            await asyncio.sleep(0.001)
            continue
        seat = rnd.choice(mine)
        if resign_after and moves == resign_after:
            await submit(seat, pb.GameCommand(platform=pb.PlatformCommand(resign=pb.Resign())))
        elif draw and moves == 3:
            await submit(0, pb.GameCommand(platform=pb.PlatformCommand(offer_draw=pb.OfferDraw())))
            await submit(1, pb.GameCommand(platform=pb.PlatformCommand(decline_draw=pb.DeclineDraw())))
        else:
            legal = (await host.legal(game_id, tokens[seat])).commands
            await submit(seat, rnd.choice(legal))
        moves += 1
    data = (await host.export(game_id, None)).records
    host.house.close()
    return data


GAMES = {
    "roma": dict(game_type="roma", players=2, options={}, reserved=True, house=True, clock=True),
    "rome-et-carthage": dict(game_type="rome-et-carthage", players=2, options={"no_progress_rounds": "10"}, draw=True),
    "hannibal": dict(game_type="hannibal", players=2, options={}, resign_after=120),
    "republic-of-carthage": dict(game_type="republic-of-carthage", players=3, options={}),
}


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("logs")
    paths = {}
    for name, spec in GAMES.items():
        path = out / f"{name}.log"
        path.write_bytes(asyncio.run(_play(seed=f"log-format {name}".encode(), **spec)))
        paths[name] = path
    return paths


def python_verdict(path: Path, head: str | None = None):
    from server.log import verify

    return verify(path.read_bytes(), head=head)


def test_every_games_log_verifies_in_javascript_with_pythons_head_and_players(node, games):
    js = run_js(node, list(games.values()))
    for name, path in games.items():
        py = python_verdict(path)
        assert py.ok, py.describe()
        got = js[path.name]
        assert got["ok"], got["text"]
        assert (got["head_hash"], got["records"], got["game_type"]) == (py.head_hash, py.records, name)
        assert {int(s): p for s, p in got["players"].items()} == py.players
        assert {int(s): b for s, b in got["house_bots"].items()} == py.house_bots
    assert js["roma.log"]["house_bots"] == {"1": "random"} and js["roma.log"]["players"]["0"] == "Scipio"
    assert js["republic-of-carthage.log"]["records"] > 2_000  # a long log: thousands of records


# ---------------------------------------------------------------- tampered copies ---------------

def _frames(data: bytes) -> list[bytes]:
    offsets = [off for off, _ in split_export(data)] + [len(data)]
    return [data[a:b] for a, b in zip(offsets, offsets[1:])]


def _bodies(data: bytes) -> list[pb.LogRecord]:
    return [pb.LogRecord.FromString(s.body) for _, s in split_export(data)]


def _command_records(bodies: list[pb.LogRecord], seq: int) -> list[pb.LogRecord]:
    env = bodies[seq].envelope
    return bodies[seq:seq + max(env.parts, 1)]


def tampered(name: str, data: bytes) -> dict[str, tuple[bytes, int, str]]:
    """Tampered copies of a game's export: kind -> (bytes, the seq refused at, what the reason says)."""
    frames, n = _frames(data), len(_frames(data))
    mid = n // 2
    out: dict[str, tuple[bytes, int, str]] = {}

    flipped = bytearray(data)
    at = sum(map(len, frames[:mid]))
    flipped[at + 20] ^= 0x40  # inside the body (past the frame's and the body's length prefixes)
    out["flipped byte"] = (bytes(flipped), mid, f"record at byte {at}: its hash does not match its body")
    out["dropped record"] = (b"".join(frames[:mid] + frames[mid + 1:]), mid, f"seq {mid + 1} where {mid} was expected")
    out["swapped pair"] = (b"".join(frames[:mid] + [frames[mid + 1], frames[mid]] + frames[mid + 2:]), mid,
                           f"seq {mid + 1} where {mid} was expected")
    torn = b"".join(frames[:-1]) + frames[-1][: len(frames[-1]) // 2]
    out["torn last frame"] = (torn, n - 1, "record runs past the end of the file")

    def edit(kind: str, seq: int, reason: str, change) -> None:
        bodies = _bodies(data)
        change(bodies)
        out[kind] = (resealed(bodies), seq, reason)

    edit("changed salt", mid, "its salt does not derive from the revealed seed",
         lambda b: setattr(b[mid], "salt", bytes(32)))
    edit("changed seed", n - 1, "the revealed seed does not match the commitment",
         lambda b: setattr(b[-1].event.platform.seed_revealed, "seed", b"another seed"))
    edit("another game's record", mid, "it belongs to another game", lambda b: setattr(b[mid], "game_id", "x"))
    edit("set-up stamped late", 2, "its envelope's arrival time differs from that of its command's first record",
         lambda b: setattr(b[2].envelope, "received_at_unix_ms", b[2].envelope.received_at_unix_ms + 1))

    bodies = _bodies(data)
    firsts = [b for b in bodies if b.envelope.seat >= 0 and b.envelope.part == 0 and b.envelope.request_id
              and b.envelope.command.WhichOneof("game") not in (None, "platform")]
    one, two = next((a, b) for a in firsts for b in firsts if b.seq > a.seq and b.envelope.seat == a.envelope.seat)
    edit("request id used twice", two.seq, f"used request id {one.envelope.request_id!r} twice",
         lambda b: [setattr(r.envelope, "request_id", one.envelope.request_id) for r in _command_records(b, two.seq)])
    moved = firsts[len(firsts) // 2].seq
    edit("wrong position", moved, "its game-event position is wrong",
         lambda b: setattr(b[moved], "position", b[moved].position + 1))
    if name == "roma":  # the game with a reserved seat
        claim = next(b.seq for b in bodies if b.event.platform.seat_claimed.player == "Scipio")
        edit("claimed under another name", claim, "seat 0 was reserved for 'Scipio', yet 'Hanno' claimed it",
             lambda b: setattr(b[claim].event.platform.seat_claimed, "player", "Hanno"))
    return out


def test_tampered_logs_are_refused_by_both_verifiers_for_the_same_reason(node, games, tmp_path):
    cases: dict[str, tuple[Path, int, str]] = {}
    cut: dict[str, Path] = {}
    for name, path in games.items():
        data = path.read_bytes()
        for kind, (bad, seq, reason) in tampered(name, data).items():
            file = tmp_path / f"{name} {kind}.log".replace(" ", "_")
            file.write_bytes(bad)
            cases[file.name] = (file, seq, reason)
        cut[name] = tmp_path / f"{name}_cut.log"
        cut[name].write_bytes(b"".join(_frames(data)[:-1]))
    assert len(cases) == 4 * 10 + 1
    js = run_js(node, [f for f, _, _ in cases.values()] + list(cut.values()))
    for file_name, (file, seq, reason) in cases.items():
        code, text = _verify_file(str(file))  # `carthago verify FILE`'s own code path
        assert code == 1 and text.startswith(f"INVALID at seq {seq}: ") and reason in text, (file_name, text)
        assert js[file_name]["text"] == text, (file_name, js[file_name]["text"], text)
    for name, file in cut.items():
        n = len(_frames(games[name].read_bytes()))
        code, text = _verify_file(str(file))
        got = js[file.name]
        assert code == 1 and text.startswith(f"INVALID at seq {n - 1}: the log ends early"), text
        assert not got["ok"] and got["first_bad_seq"] == n - 1, got
        assert got["problem"] == (f"the log ends at seq {n - 2} without the record that reveals its seed: record "
                                  f"{n - 1} onwards is missing (a live game's export, or a log cut short)")


def test_a_wrong_head_is_refused_by_both_and_the_right_one_accepted(node, games):
    roma, other = games["roma"], python_verdict(games["hannibal"]).head_hash
    right = python_verdict(roma).head_hash
    py = python_verdict(roma, head=other)
    js = run_js(node, [roma], head=other.upper())[roma.name]
    assert not py.ok and py.describe() == js["text"] == (
        f"INVALID in the file: its head hash is {right}, not the published {other}: this is not the log that was "
        "published")
    assert run_js(node, [roma], head=f" {right.upper()} ")[roma.name]["ok"]


# ---------------------------------------------------------------- the document's vectors --------

TOOL = ROOT / "tools" / "log_vectors.py"


def test_the_documents_vectors_match_the_code():  # needs no node
    check = subprocess.run([sys.executable, str(TOOL), "--check", str(DOC)], capture_output=True, text=True, timeout=60)
    assert check.returncode == 0, check.stderr


def test_the_vector_game_verifies_in_javascript_with_the_documents_head(node, tmp_path):
    tool = TOOL
    log = tmp_path / "roma-vectors.log"
    subprocess.run([sys.executable, str(tool), "--export", str(log)], check=True, timeout=60)
    head = re.search(r"head hash `([0-9a-f]{64})`", DOC.read_text()).group(1)
    js = run_js(node, [log], head=head)[log.name]
    assert js["ok"] and js["head_hash"] == head, js
    assert python_verdict(log, head=head).ok


def test_authors_and_signatures_are_checked_by_both_verifiers_for_the_same_reason(node, tmp_path):
    """Issue 32: the vector game's seat 0 signs (Scipio's key), seat 1 is the house bot. Each forgery,
    resealed through the whole chain, is refused by `carthago verify` and clients/js/verify.js at
    the same record with the same words."""
    log = tmp_path / "roma-vectors.log"
    subprocess.run([sys.executable, str(TOOL), "--export", str(log)], check=True, timeout=60)
    data = log.read_bytes()
    js = run_js(node, [log])[log.name]
    assert js["ok"] and set(js["signed"]) == {"0"} and python_verdict(log).signed.keys() == {0}, js
    bodies = _bodies(data)
    signed = [b for b in bodies if b.envelope.author == pb.RECORD_AUTHOR_SIGNED and b.envelope.part == 0]
    house = next(b for b in bodies if b.envelope.author == pb.RECORD_AUTHOR_HOUSE_BOT)
    early, late = signed[0], signed[-3]
    cases = {}

    def edit(kind: str, seq: int, reason: str, change) -> None:
        b = _bodies(data)
        change(b)
        path = tmp_path / f"{kind.replace(' ', '_')}.log"
        path.write_bytes(resealed(b))
        cases[path.name] = (path, seq, reason)

    def lift(b):
        b[late.seq].envelope.signature = early.envelope.signature
        b[late.seq].envelope.signed_command = early.envelope.signed_command
    edit("lifted signature", late.seq, "seat 0's signature is not its player's key's", lift)
    edit("no signature", late.seq, "carries no signature",
         lambda b: b[late.seq].envelope.ClearField("signature"))
    edit("passed off as unsigned", late.seq, "its author is RECORD_AUTHOR_SEAT, where RECORD_AUTHOR_SIGNED was due",
         lambda b: [setattr(r.envelope, "author", pb.RECORD_AUTHOR_SEAT) for r in _command_records(b, late.seq)])
    edit("house move as the seat's", house.seq, "where RECORD_AUTHOR_HOUSE_BOT was due",
         lambda b: [setattr(r.envelope, "author", pb.RECORD_AUTHOR_SEAT) for r in _command_records(b, house.seq)])
    edit("signed bytes of another kind", late.seq, "seat 0's signature is not",
         lambda b: setattr(b[late.seq].envelope, "signed_command", b"\x0a\x02\x0a\x00"))
    js = run_js(node, [p for p, _, _ in cases.values()])
    for name, (path, seq, reason) in cases.items():
        code, text = _verify_file(str(path))
        assert code == 1 and text.startswith(f"INVALID at seq {seq}: ") and reason in text, (name, text)
        assert js[name]["text"] == text, (name, js[name]["text"], text)
