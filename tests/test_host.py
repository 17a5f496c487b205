"""The host over a SQLite store: loading as snapshot + tail, and restarts losing nothing.

DESIGN.md "The log": snapshots are caches; `snapshot + tail == replay(all)`; a
snapshot of another engine version or another history is ignored.
"""

from __future__ import annotations

import asyncio
import random

from carthago.v1 import carthago_pb2 as pb
from engine.core import state_digest
from engine.session import Session
from server.host import GameHost, HostConfig
from engine import registry
from server.log import game_event_of, version_of
from server.store import Snapshot, SqliteStore


def play(host: GameHost, game_id: str, tokens: list[str], commands: int, rnd: random.Random) -> int:
    done = 0
    while done < commands:
        status = asyncio.run(host.get_game(game_id)).status
        if status.over:
            break
        seat = status.to_act[0]
        legal = asyncio.run(host.legal(game_id, tokens[seat])).commands
        asyncio.run(host.submit(pb.SubmitCommandRequest(game_id=game_id, command=rnd.choice(legal)), tokens[seat]))
        done += 1
    return done


ROMA_VERSION = version_of(registry.get("roma"))  # the key snapshots are stored under


def start(path, every=5, seed=b"host-seed"):
    host = GameHost(SqliteStore(path), HostConfig(snapshot_every=every, allow_client_seeds=True))
    game = asyncio.run(host.create_game(pb.CreateGameRequest(game_type="roma", seed=seed))).game
    tokens = [asyncio.run(host.join_game(pb.JoinGameRequest(game_id=game.game_id, seat=s))).token for s in range(2)]
    return host, game.game_id, tokens


def full_replay_digest(host: GameHost, game_id: str) -> str:
    loaded = host._load(game_id)
    events = [e for r in host.store.read(game_id)
              if (e := game_event_of(loaded.wire, pb.LogRecord.FromString(r.body))) is not None]
    return state_digest(Session.replay(loaded.game, loaded.session.config, loaded.meta.seed, events).state)


def test_snapshot_plus_tail_equals_full_replay(tmp_path):
    path = str(tmp_path / "g.db")
    host, game_id, tokens = start(path, every=5)
    rnd = random.Random(1)
    play(host, game_id, tokens, 12, rnd)
    # go on until the head is past the newest snapshot, so a load needs a tail (a snapshot is taken
    # after the command that crosses a multiple of 5, so it may sit at the head itself)
    while host.store.latest_snapshot(game_id, ROMA_VERSION).seq == host.store.head(game_id)[0]:
        play(host, game_id, tokens, 1, rnd)
    assert not asyncio.run(host.get_game(game_id)).status.over
    live = state_digest(host._load(game_id).session.state)
    head = host.store.head(game_id)[0]
    snap = host.store.latest_snapshot(game_id, ROMA_VERSION)
    assert snap is not None and snap.seq < head  # loading really uses a snapshot plus a tail
    host.store.close()
    reloaded = GameHost(SqliteStore(path), HostConfig())
    assert state_digest(reloaded._load(game_id).session.state) == live
    assert full_replay_digest(reloaded, game_id) == live


def test_a_snapshot_of_another_history_is_ignored(tmp_path):
    path = str(tmp_path / "g.db")
    host, game_id, tokens = start(path, every=0)
    play(host, game_id, tokens, 10, random.Random(2))
    live = state_digest(host._load(game_id).session.state)
    seq, _ = host.store.head(game_id)
    # a forged snapshot at the head whose hash is not the record's: must not be trusted
    host.store.put_snapshot(game_id, Snapshot(seq, b"\x00" * 32, ROMA_VERSION, 0, b"\x80"))
    host.store.close()
    assert state_digest(GameHost(SqliteStore(path), HostConfig())._load(game_id).session.state) == live


def test_a_restart_between_append_and_snapshot_loses_nothing(tmp_path):
    path = str(tmp_path / "g.db")
    host, game_id, tokens = start(path, every=1000)  # no snapshot is ever taken
    play(host, game_id, tokens, 25, random.Random(3))
    head = host.store.head(game_id)
    live = state_digest(host._load(game_id).session.state)
    host.store.close()  # the process dies; only the committed log remains
    again = GameHost(SqliteStore(path), HostConfig())
    assert again.store.head(game_id) == head
    assert state_digest(again._load(game_id).session.state) == live
    # and the game goes on from there
    assert play(again, game_id, tokens, 3, random.Random(4)) == 3


def test_two_hosts_on_one_database_stay_consistent(tmp_path):
    path = str(tmp_path / "g.db")
    a, game_id, tokens = start(path)
    b = GameHost(SqliteStore(path), HostConfig())
    rnd = random.Random(5)
    for turn in range(20):
        host = (a, b)[turn % 2]
        if play(host, game_id, tokens, 1, rnd) == 0:
            break
    assert state_digest(a._refresh(a._load(game_id)).session.state) == \
        state_digest(b._refresh(b._load(game_id)).session.state)
    assert full_replay_digest(a, game_id) == state_digest(a._load(game_id).session.state)


def test_seat_tokens_and_invites_never_start_with_a_dash():
    """A token is passed on the command line (`carthago resign GAME --token TOKEN`): one starting with
    "-" is read as an option and the command fails (one raw token_urlsafe in 64 did)."""
    from server.host import new_secret

    secrets_made = [new_secret() for _ in range(3000)]
    assert not [s for s in secrets_made if s.startswith("-")]
    assert len(set(secrets_made)) == 3000 and all(len(s) == 43 for s in secrets_made)
