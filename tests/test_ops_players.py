"""Issue 32: backup, restore and migration carry the players (server.ops): a store's players,
sessions and seats' keys come through a backup and a migration, SQLite and PostgreSQL alike, so a
signed seat stays signed on the target; a target that already has a name under another key is
refused before anything is written."""

from __future__ import annotations

import asyncio

import pytest

from carthago.signing import Key, login_message, register_message
from carthago.v1 import carthago_pb2 as pb
from server import ops
from server.failures import HostError
from server.host import GameHost
from server.stores import open_store


def seed_store(spec: str, name: str = "alice") -> tuple[Key, str, str, str]:
    """A player, its session, and a game whose seat 0 it claimed: (key, session, game id, seat token)."""
    key = Key.generate()
    store = open_store(spec)
    try:
        host = GameHost(store)
        host.identity.register(pb.RegisterPlayerRequest(name=name, public_key=key.public,
                                                        signature=key.sign(register_message(name, key.public))))
        c = host.identity.challenge(pb.LoginChallengeRequest(name=name)).challenge
        session = host.identity.login(pb.LoginRequest(name=name, challenge=c,
                                                      signature=key.sign(login_message(name, c)))).session_token

        async def go():
            game = (await host.create_game(pb.CreateGameRequest(game_type="roma"))).game
            seat = await host.join_game(pb.JoinGameRequest(game_id=game.game_id), session)
            await host.join_game(pb.JoinGameRequest(game_id=game.game_id, player="bob"))
            return game.game_id, seat.token
        game_id, token = asyncio.run(go())
    finally:
        store.close()
    return key, session, game_id, token


def knows(spec: str, key: Key, session: str, game_id: str, token: str, name: str = "alice") -> None:
    store = open_store(spec)
    try:
        host = GameHost(store)
        assert host.identity.get_player(pb.GetPlayerRequest(name=name)).public_key == key.public
        assert host.identity.session_player(session).name == name
        assert asyncio.run(host.get_game(game_id)).seats[0].player_key == key.public
        with pytest.raises(HostError) as err:  # the seat is still a signed one: its token alone cannot resign
            asyncio.run(host.submit(pb.SubmitCommandRequest(game_id=game_id, command=pb.GameCommand(
                platform=pb.PlatformCommand(resign=pb.Resign()))), token))
        assert err.value.code == "INVALID_SIGNATURE"
    finally:
        store.close()


def test_a_sqlite_backup_carries_the_players_into_postgres(tmp_path, pg_url):
    spec = f"sqlite:{tmp_path / 'live.db'}"
    made = seed_store(spec)
    report = ops.backup(spec, str(tmp_path / "b.db"), verify=True)
    assert report.problems == []
    report = ops.restore(str(tmp_path / "b.db"), pg_url)
    assert (report.players, report.verified, report.problems) == (1, 1, [])
    knows(pg_url, *made)


def test_a_postgres_backup_and_a_migration_carry_the_players(tmp_path, pg_url):
    made = seed_store(pg_url)
    report = ops.backup(pg_url, str(tmp_path / "pg.db"), verify=True)
    assert (report.players, report.problems) == (1, [])
    knows(f"sqlite:{tmp_path / 'pg.db'}", *made)
    report = ops.migrate_store(pg_url, f"sqlite:{tmp_path / 'moved.db'}")
    assert (report.players, report.verified, report.problems) == (1, 1, [])
    knows(f"sqlite:{tmp_path / 'moved.db'}", *made)
    again = ops.migrate_store(pg_url, f"sqlite:{tmp_path / 'moved.db'}")  # resumed: nothing new, nothing doubled
    assert again.present == 1 and again.players == 1
    knows(f"sqlite:{tmp_path / 'moved.db'}", *made)


def test_a_migration_refuses_a_target_with_the_name_under_another_key(tmp_path):
    source, target = f"sqlite:{tmp_path / 'a.db'}", f"sqlite:{tmp_path / 'b.db'}"
    seed_store(source)
    other = Key.generate()
    store = open_store(target)  # the target has another alice (another key), and no game
    GameHost(store).identity.register(pb.RegisterPlayerRequest(
        name="alice", public_key=other.public, signature=other.sign(register_message("alice", other.public))))
    store.close()
    with pytest.raises(ops.OpsError, match="already has a player 'alice'"):
        ops.migrate_store(source, target)
    store = open_store(target)
    try:
        host = GameHost(store)
        assert host.identity.get_player(pb.GetPlayerRequest(name="alice")).public_key == other.public
        assert store.list_games("", True, 10) == []  # nothing was written
    finally:
        store.close()
