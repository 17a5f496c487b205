"""Issue 32, item 4: rated games between players, and Glicko-2 ratings per game type recomputed
from the finished rated games' verified logs alone (carthago.glicko): the server's ListPlayers and
`carthago ratings` over the exported logs give the same table."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import pytest

from carthago import glicko
from carthago.signing import Key, command_message, login_message, register_message
from carthago.v1 import carthago_pb2 as pb
from server.failures import HostError
from server.host import GameHost, HostConfig
from server.leaderboard import Leaderboard
from server.log import export_bytes, seal, split_export, verify
from server.store import MemoryStore


def test_glickmans_worked_example():
    """Glickman, "Example of the Glicko-2 system": 1500/200/0.06 beats 1400/30, loses to 1550/100
    and 1700/300 in one period: 1464.06, RD 151.52, volatility 0.05999."""
    me = glicko.Rating(1500, 200, 0.06)
    after = glicko.glicko2(me, [(glicko.Rating(1400, 30), 1.0), (glicko.Rating(1550, 100), 0.0),
                                (glicko.Rating(1700, 300), 0.0)])
    # (the paper rounds its intermediate values to 4 places: unrounded, the rating is 1464.0507; and it
    # prints the volatility cut to 5 places: 0.059996 is 0.05999…)
    assert abs(after.rating - 1464.06) < 0.02 and abs(after.deviation - 151.52) < 0.005
    assert abs(after.volatility - 0.059996) < 0.000001 and after.games == 1


def test_pairwise_decomposition_of_a_multiplayer_result():
    # three seats, seat 1 won: it beats both; the two others draw with each other
    assert glicko.pairwise(3, [1]) == [(0, 1, 0.0), (0, 2, 0.5), (1, 2, 1.0)]
    # four seats, a team of 0 and 2 won: winners draw together, beat each loser
    assert glicko.pairwise(4, [0, 2]) == [(0, 1, 1.0), (0, 2, 0.5), (0, 3, 1.0), (1, 2, 0.0), (1, 3, 0.5),
                                          (2, 3, 1.0)]
    assert {s for _, _, s in glicko.pairwise(2, [])} == {0.5}  # a draw


class Club:
    """A host with registered players, each logged in."""

    def __init__(self, names, clock=None):
        self.host = GameHost(MemoryStore(), HostConfig(allow_client_seeds=True), **({"clock": clock} if clock else {}))
        self.keys, self.sessions = {}, {}
        self.register(names)

    def register(self, names):
        for name in names:
            key = Key.generate()
            self.host.identity.register(pb.RegisterPlayerRequest(
                name=name, public_key=key.public, signature=key.sign(register_message(name, key.public))))
            c = self.host.identity.challenge(pb.LoginChallengeRequest(name=name)).challenge
            self.sessions[name] = self.host.identity.login(pb.LoginRequest(
                name=name, challenge=c, signature=key.sign(login_message(name, c)))).session_token
            self.keys[name] = key

    def game(self, seated: list[str], rated: bool = True) -> tuple[str, list[str]]:
        async def go():
            game = (await self.host.create_game(pb.CreateGameRequest(game_type="roma", rated=rated))).game
            tokens = [(await self.host.join_game(pb.JoinGameRequest(game_id=game.game_id, seat=s),
                                                 self.sessions[n])).token for s, n in enumerate(seated)]
            return game.game_id, tokens
        return asyncio.run(go())

    def platform(self, game_id: str, tokens: list[str], seated: list[str], seat: int, kind: str) -> None:
        command = pb.GameCommand(platform=pb.PlatformCommand(**{kind: getattr(pb, {"resign": "Resign",
                                                                                   "abort": "Abort"}[kind])()}))
        head = asyncio.run(self.host.get_game(game_id)).head_seq
        data = command.SerializeToString()
        signature = self.keys[seated[seat]].sign(command_message(game_id, seat, head, "", data))
        asyncio.run(self.host.submit(pb.SubmitCommandRequest(game_id=game_id, command_bytes=data, expected_seq=head,
                                                             signature=signature), tokens[seat]))


def test_list_players_reads_what_is_new_and_what_it_returns_not_the_whole_store():
    """Issue 32's leaderboard: a call after the first reads the games and players made since (and
    the games still in play), not every game ever; what it kept gives the same table."""
    now = [1_000_000]
    club = Club(["alice", "bob"], clock=lambda: now[0])
    board = club.host.leaderboard
    for n in range(40):  # an old history, a game every 10 s: 40 finished games, unrated, and one rated
        now[0] += 10_000
        game_id, tokens = club.game(["alice", "bob"], rated=(n == 0))
        club.platform(game_id, tokens, ["alice", "bob"], 1, "resign")
    in_play = club.game(["alice", "bob"], rated=True)  # and one rated game still in play
    first = board.list_players(pb.ListPlayersRequest(game_type="roma"))
    assert first.rated_games == 1 and [p.player.name for p in first.players] == ["alice", "bob"]
    assert board.reads > 40  # the first call of a process reads every game once
    now[0] += 10 * 60_000  # ten minutes on: one more game, one more player
    before = board.reads
    club.register(["carol"])
    game_id, tokens = club.game(["carol", "bob"], rated=True)
    club.platform(game_id, tokens, ["carol", "bob"], 1, "resign")
    club.platform(*in_play, ["alice", "bob"], 0, "resign")  # the game in play ends: bob wins it
    again = board.list_players(pb.ListPlayersRequest(game_type="roma"))
    # not the history again (41 games): the new ones, and those made in the minute before the last seen
    assert board.reads - before < 25, board.reads - before
    assert again.rated_games == 3  # the game that was in play when the first call came, too
    assert {p.player.name: p.ratings[0].games for p in again.players} == {"alice": 2, "bob": 3, "carol": 1}
    everyone = board.list_players(pb.ListPlayersRequest(limit=2))
    assert [p.player.name for p in everyone.players] == ["alice", "bob"]
    # the same table as a process that reads it all afresh
    fresh = Leaderboard(club.host.store, club.host.identity.players).list_players(
        pb.ListPlayersRequest(game_type="roma"))
    assert fresh == again


def test_a_rated_game_seats_players_only():
    club = Club(["alice"])

    async def go():
        with pytest.raises(HostError) as err:
            await club.host.create_game(pb.CreateGameRequest(game_type="roma", rated=True,
                                                             house_seats=[pb.HouseSeat(seat=1, bot="random")]))
        assert err.value.code == "BAD_CONFIG"
        made = await club.host.create_game(pb.CreateGameRequest(game_type="roma", rated=True))
        game = made.game
        assert game.rated
        with pytest.raises(HostError) as err:
            await club.host.join_game(pb.JoinGameRequest(game_id=game.game_id, player="anon"))
        assert err.value.code == "PLAYER_REQUIRED"
        with pytest.raises(HostError) as err:
            await club.host.seat_house_bot(pb.SeatHouseBotRequest(game_id=game.game_id, seat=1, bot="random"),
                                           made.creator_token)
        assert err.value.code == "PLAYER_REQUIRED"
        summary = await club.host.get_game(game.game_id)
        assert not any(s.claimed for s in summary.seats) and summary.head_seq == game.head_seq
        joined = await club.host.join_game(pb.JoinGameRequest(game_id=game.game_id), club.sessions["alice"])
        assert joined.game.seats[0].player == "alice"
    asyncio.run(go())


def test_ratings_come_from_the_rated_logs_alone_and_list_players_ranks_them(tmp_path):
    club = Club(["alice", "bob", "carol"])
    logs = []
    # bob resigns twice against alice, carol once against bob; an unrated game and an aborted one do not count
    for seated, loser, rated in ((["alice", "bob"], 1, True), (["bob", "alice"], 0, True),
                                 (["carol", "bob"], 0, True), (["carol", "alice"], 1, False)):
        game_id, tokens = club.game(seated, rated)
        club.platform(game_id, tokens, seated, loser, "resign")
        logs.append(asyncio.run(club.host.export(game_id, None)).records)
    game_id, tokens = club.game(["alice", "carol"])
    club.platform(game_id, tokens, ["alice", "carol"], 0, "abort")
    logs.append(asyncio.run(club.host.export(game_id, None)).records)
    assert all(verify(data).ok for data in logs)

    resp = club.host.leaderboard.list_players(pb.ListPlayersRequest(game_type="roma"))
    assert resp.rated_games == 3
    assert [p.player.name for p in resp.players] == ["alice", "bob", "carol"]
    ratings = {p.player.name: p.ratings[0] for p in resp.players}
    assert ratings["alice"].games == 2 and ratings["bob"].games == 3 and ratings["carol"].games == 1
    assert ratings["alice"].rating > 1500 > ratings["carol"].rating
    # the same table from the logs alone, in any order of the files
    table = glicko.rate(g for g in map(glicko.rated_game, reversed(logs)) if g is not None)["roma"]
    for name, r in ratings.items():
        mine = table[club.keys[name].public]
        assert (mine.rating, mine.deviation, mine.volatility, mine.games) == \
            (r.rating, r.deviation, r.volatility, r.games)
    everyone = club.host.leaderboard.list_players(pb.ListPlayersRequest())
    assert [p.player.name for p in everyone.players] == ["alice", "bob", "carol"]
    with pytest.raises(HostError) as err:
        club.host.leaderboard.list_players(pb.ListPlayersRequest(game_type="chess"))
    assert err.value.code == "UNKNOWN_GAME_TYPE"
    with pytest.raises(HostError) as err:
        club.host.leaderboard.list_players(pb.ListPlayersRequest(limit=-1))
    assert err.value.code == "BAD_LIMIT"

    # `carthago ratings` over the files prints the same ranking
    for n, data in enumerate(logs):
        (tmp_path / f"{n}.log").write_bytes(data)
    out = subprocess.run([sys.executable, "-m", "carthago.cli", "ratings", str(tmp_path)], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("3 rated games (2 files not counted")
    lines = [x.split() for x in out.stdout.splitlines() if x.startswith("    ")]
    assert [x[1] for x in lines] == ["alice", "bob", "carol"]
    assert float(lines[0][2]) == round(ratings["alice"].rating, 1)

    # a rated game's log whose seat claim lost its key (resealed) no longer verifies: named at the claim
    bodies = [pb.LogRecord.FromString(s.body) for _, s in split_export(logs[0])]
    claim = next(b for b in bodies if b.event.platform.WhichOneof("kind") == "seat_claimed")
    claim.event.platform.seat_claimed.ClearField("player_key")
    out, prev = [], bytes(32)
    for b in bodies:
        b.prev_hash = prev
        out.append(r := seal(b))
        prev = r.hash
    verdict = verify(export_bytes(out))
    assert not verdict.ok and verdict.first_bad_seq == claim.seq and "rated game" in verdict.problem
    assert glicko.rated_game(export_bytes(out)) is None
