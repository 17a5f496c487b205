"""Issue 32, item 1: the players' tables beside each game store (memory, SQLite, PostgreSQL): a
name and a key each registered once, challenges taken once, sessions and seat keys by digest,
and a server restarted on the same database still knows its players and their seats' keys."""

from __future__ import annotations

import asyncio

import pytest

from carthago.signing import Key, login_message, register_message
from carthago.v1 import carthago_pb2 as pb
from server.host import GameHost
from server.playerstore import KEY_REUSED, NAME_TAKEN, MemoryPlayers, PlayerRow, SqlitePlayers, players_for
from server.store import MemoryStore
from server.stores import open_store


def contract(players) -> None:
    a, b = PlayerRow("alice", b"A" * 32, 1), PlayerRow("bob", b"B" * 32, 2)
    assert players.add_player(a) == "" and players.add_player(b) == ""
    assert players.add_player(PlayerRow("alice", b"C" * 32, 3)) == NAME_TAKEN
    assert players.add_player(PlayerRow("carol", b"A" * 32, 3)) == KEY_REUSED
    assert players.player("carol") is None and players.player("alice") == a
    assert [p.name for p in players.all_players()] == ["alice", "bob"]
    assert players.players_since(2) == [b] and players.players_since(0) == [a, b] and players.players_since(3) == []
    players.add_challenge(b"c1", "alice", 100, 0)
    players.add_challenge(b"c2", "bob", 50, 0)
    players.add_challenge(b"c3", "bob", 500, 60)  # sweeps c2 (expired at 50)
    assert players.take_challenge(b"c2") is None
    assert players.take_challenge(b"c1") == ("alice", 100) and players.take_challenge(b"c1") is None
    players.add_session("h" * 64, "alice", 999, 0)
    assert players.session("h" * 64) == ("alice", 999) and players.session("x" * 64) is None
    players.add_session("o" * 64, "bob", 500, 0)
    players.add_session("n" * 64, "bob", 2000, 600)  # a login at 600 sweeps the session expired at 500
    assert players.session("o" * 64) is None and players.session("h" * 64) == ("alice", 999)
    assert players.session("n" * 64) == ("bob", 2000)
    players.add_seat_key("t" * 64, "roma-1", b"A" * 32)
    assert players.seat_key("t" * 64) == b"A" * 32 and players.seat_key("u" * 64) is None


def test_memory_players():
    contract(MemoryPlayers())


def test_sqlite_players(tmp_path):
    store = open_store(f"sqlite:{tmp_path / 'c.db'}")
    try:
        players = players_for(store)
        assert isinstance(players, SqlitePlayers)
        contract(players)
    finally:
        store.close()


def test_postgres_players(pg_url):
    store = open_store(pg_url)
    try:
        players = players_for(store)
        assert type(players).__name__ == "PostgresPlayers"
        contract(players)
    finally:
        store.close()


def _restarted_server_knows_the_player_and_the_seat(spec: str) -> None:
    key = Key.generate()
    store = open_store(spec)
    host = GameHost(store)
    host.identity.register(pb.RegisterPlayerRequest(name="alice", public_key=key.public,
                                                    signature=key.sign(register_message("alice", key.public))))
    challenge = host.identity.challenge(pb.LoginChallengeRequest(name="alice")).challenge
    session = host.identity.login(pb.LoginRequest(name="alice", challenge=challenge, signature=key.sign(
        login_message("alice", challenge)))).session_token

    async def go():
        game = (await host.create_game(pb.CreateGameRequest(game_type="roma"))).game
        joined = await host.join_game(pb.JoinGameRequest(game_id=game.game_id), session)
        await host.join_game(pb.JoinGameRequest(game_id=game.game_id, player="bob"))
        return game.game_id, joined.token
    game_id, token = asyncio.run(go())
    store.close()
    store = open_store(spec)  # another process, or the same after a restart
    try:
        again = GameHost(store)
        assert again.identity.get_player(pb.GetPlayerRequest(name="alice")).public_key == key.public
        assert asyncio.run(again.get_game(game_id)).seats[0].player_key == key.public
        with pytest.raises(Exception) as err:  # the seat's token alone still cannot play it
            asyncio.run(again.submit(pb.SubmitCommandRequest(game_id=game_id, command=pb.GameCommand(
                platform=pb.PlatformCommand(resign=pb.Resign()))), token))
        assert getattr(err.value, "code", "") == "INVALID_SIGNATURE"
        assert again.identity.session_player(session).name == "alice"
    finally:
        store.close()


def test_a_restarted_sqlite_server_knows_its_players_and_seat_keys(tmp_path):
    _restarted_server_knows_the_player_and_the_seat(f"sqlite:{tmp_path / 'c.db'}")


def test_a_restarted_postgres_server_knows_its_players_and_seat_keys(pg_url):
    _restarted_server_knows_the_player_and_the_seat(pg_url)


def test_a_memory_store_gets_memory_players():
    assert isinstance(players_for(MemoryStore()), MemoryPlayers)


def test_a_version_1_postgres_schema_gains_the_players_tables_and_keeps_its_games(pg_url):
    import psycopg

    from server.pgstore import MIGRATIONS, SCHEMA_VERSION, migrate, parse_url

    conninfo, schema = parse_url(pg_url)
    with psycopg.connect(conninfo, autocommit=True) as db:  # a schema as version 1 left it, with a game
        db.execute(f"CREATE SCHEMA {schema}")
        db.execute(f"CREATE TABLE {schema}.schema_version (version INTEGER PRIMARY KEY)")
        db.execute(MIGRATIONS[1].format(s=schema))
        db.execute(f"INSERT INTO {schema}.schema_version VALUES (1)")
        db.execute(f"INSERT INTO {schema}.games VALUES ('roma-old', 'roma', 2, '{{}}', '\\x00', 1, FALSE)")
    assert migrate(conninfo, schema) == (1, SCHEMA_VERSION) and SCHEMA_VERSION == 3
    store = open_store(pg_url)
    try:
        assert [m.game_id for m in store.list_games("", True, 10)] == ["roma-old"]
        contract(players_for(store))
        from server.challengestore import challenges_for

        from .test_challenges_shared import contract as challenges_contract
        challenges_contract(challenges_for(players_for(store)))  # version 3's table too
    finally:
        store.close()
