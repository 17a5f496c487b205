"""Issue 32, item 3 on several processes: challenges live in the store (memory, SQLite, PostgreSQL:
server.challengestore), so a challenge made through one `carthago serve` process is heard by its
target's stream on another, answered there once, and its game started for both players whichever
process each streams from (docs/PROTOCOL.md, "Challenges and the player's stream")."""

from __future__ import annotations

import concurrent.futures
import queue

import pytest

from carthago import Client
from carthago.client import CarthagoError
from carthago.signing import Key
from carthago.v1 import carthago_pb2 as pb
from server.challengestore import KEEP_MS, ChallengeRow, MemoryChallenges, challenges_for
from server.playerstore import players_for
from server.stores import open_store

from .test_challenges import follow, next_of

OPEN, ACCEPTED, DECLINED = pb.CHALLENGE_STATE_OPEN, pb.CHALLENGE_STATE_ACCEPTED, pb.CHALLENGE_STATE_DECLINED


def contract(table) -> None:
    a, b, c = b"A" * 32, b"B" * 32, b"C" * 32

    def row(cid, frm, to, created, expires=None):
        return ChallengeRow(cid, frm, to, OPEN, created, created + 600_000 if expires is None else expires,
                            cid.encode())
    assert table.add(row("c1", a, b, 1000), 2, 1000) and table.add(row("c2", a, c, 1001), 2, 1001)
    assert not table.add(row("c3", a, b, 1002), 2, 1002)  # a has 2 open: nothing added
    assert table.get("c3") is None
    assert table.add(row("c4", b, a, 1003), 2, 1003)  # b's own count
    assert [r.challenge_id for r in table.open_of(a)] == ["c1", "c2", "c4"]
    assert [r.challenge_id for r in table.open_of(c)] == ["c2"]
    assert table.set("c1", OPEN, ACCEPTED, b"accepted") and not table.set("c1", OPEN, DECLINED, b"declined")
    assert (table.get("c1").state, table.get("c1").body) == (ACCEPTED, b"accepted")  # the first answer holds
    assert [r.challenge_id for r in table.open_of(b)] == ["c4"]
    assert table.add(row("c5", a, b, 1004), 2, 1004)  # c1 answered: a has one open again
    assert table.add(row("c6", a, b, 2000, expires=2001), 3, 2000)
    assert table.add(row("c7", a, b, 2002), 3, 2002)  # c6 lapsed: it no longer counts
    assert table.add(row("c8", c, a, 1004 + KEEP_MS), 9, 1004 + KEEP_MS)  # a day on: those made before go
    assert table.get("c1") is None and table.get("c5") is not None and table.get("c8") is not None


def test_memory_challenges():
    contract(MemoryChallenges())


def test_sqlite_challenges(tmp_path):
    store = open_store(f"sqlite:{tmp_path / 'c.db'}")
    try:
        contract(challenges_for(players_for(store)))
    finally:
        store.close()
    store = open_store(f"sqlite:{tmp_path / 'c.db'}")  # reopened: the table and its rows are still there
    try:
        assert challenges_for(players_for(store)).get("c8").body == b"c8"
    finally:
        store.close()


def test_postgres_challenges(pg_url):
    store = open_store(pg_url)
    try:
        table = challenges_for(players_for(store))
        assert type(table).__name__ == "PostgresChallenges"
        contract(table)
    finally:
        store.close()


def refused(code, call, *args, **kw):
    with pytest.raises(CarthagoError) as err:
        call(*args, **kw)
    assert err.value.code == code, err.value


def test_a_challenge_made_through_one_process_is_answered_through_another_and_starts_for_both(pg_url):
    """Two `carthago serve` processes on one PostgreSQL schema. alice streams from A, bob from B."""
    from .cluster import Cluster

    cluster = Cluster(pg_url, 2, "--register-per-minute", "0", "--login-per-minute", "0",
                      "--challenge-per-minute", "0")
    try:
        with Client(cluster.servers[0].addr, timeout=30) as ca, Client(cluster.servers[1].addr, timeout=30) as cb:
            s = {}
            for name, c in (("alice", ca), ("bob", cb), ("carol", cb)):
                key = Key.generate()
                c.register(name, key)
                s[name] = c.login(name, key)
            alice, bob = follow(ca, s["alice"]), follow(cb, s["bob"])
            next_of(alice, "keepalive")
            next_of(bob, "keepalive")  # both streams are open

            made = ca.challenge(s["alice"], "bob", "roma", seat=1)
            heard = next_of(bob, "challenge").challenge  # on B, of a challenge made on A
            assert (heard.challenge_id, heard.challenger, heard.state) == (made.challenge_id, "alice", OPEN)
            assert next_of(alice, "challenge").challenge.challenge_id == made.challenge_id
            again = follow(ca, s["bob"])  # bob's stream opened on A lists it too
            assert next_of(again, "challenge").challenge.challenge_id == made.challenge_id

            # each wrong answer, on either process, is its own error and changes nothing
            refused("NO_SUCH_CHALLENGE", cb.accept_challenge, s["bob"], "not-an-id")
            refused("NOT_YOUR_CHALLENGE", cb.accept_challenge, s["carol"], made.challenge_id)
            refused("NOT_YOUR_CHALLENGE", ca.accept_challenge, s["alice"], made.challenge_id)
            refused("NOT_YOUR_CHALLENGE", cb.decline_challenge, s["carol"], made.challenge_id)
            assert ca.games() == []

            accepted = cb.accept_challenge(s["bob"], made.challenge_id)  # through B
            game_id = accepted.challenge.game_id
            told = next_of(alice, "challenge").challenge  # alice, on A, hears it accepted ...
            assert (told.state, told.game_id) == (ACCEPTED, game_id)
            waiting = next_of(alice, "seat_waiting").seat_waiting  # ... and of the seat kept for her
            assert (waiting.game_id, waiting.seat) == (game_id, 1)
            refused("CHALLENGE_CLOSED", ca.accept_challenge, s["bob"], made.challenge_id)
            refused("CHALLENGE_CLOSED", ca.decline_challenge, s["alice"], made.challenge_id)
            assert [g.game_id for g in ca.games()] == [game_id]

            bob_seat = cb.join(game_id, session=s["bob"])     # each claims its seat on its own process
            alice_seat = ca.join(game_id, session=s["alice"])
            assert (bob_seat.seat, alice_seat.seat) == (0, 1)
            assert next_of(alice, "game_started").game_started.seat == 1  # the last claim was A's
            assert next_of(bob, "game_started").game_started.game_id == game_id  # heard on B all the same
            commands, head = bob_seat.legal_at()
            bob_seat.submit(commands[0], expected_seq=head)
            alice_seat.resign()
            assert next_of(bob, "game_finished").game_finished.status.winners == [0]
            assert next_of(alice, "game_finished").game_finished.seat == 1

            # two answers at once, through both processes: one wins, one game is made
            second = cb.challenge(s["bob"], "alice", "roma")
            next_of(alice, "challenge")
            with concurrent.futures.ThreadPoolExecutor(2) as pool:
                tries = [pool.submit(c.accept_challenge, s["alice"], second.challenge_id) for c in (ca, cb)]
                outcomes = []
                for t in tries:
                    try:
                        outcomes.append(t.result().challenge.state)
                    except CarthagoError as err:
                        outcomes.append(err.code)
            assert sorted(map(str, outcomes)) == sorted([str(ACCEPTED), "CHALLENGE_CLOSED"]), outcomes
            assert len(ca.games(include_finished=True)) == 2
            heard_by_bob = []  # nothing told twice: bob hears his challenge accepted once
            while True:
                try:
                    heard_by_bob.append(bob.get(timeout=1.0))
                except queue.Empty:
                    break
            assert [e.challenge.challenge_id for e in heard_by_bob if e.WhichOneof("kind") == "challenge"
                    and e.challenge.state == ACCEPTED] == [second.challenge_id]
    finally:
        cluster.stop()


def test_a_game_followed_for_a_players_stream_is_let_go_when_it_ends(pg_url):
    """The process where alice streams follows the game accepted through the other (keeps it loaded
    and caught up) only until it ends: then it may leave memory as any game."""
    from server.app import ServerThread
    from server.host import HostConfig

    config = HostConfig(poll_every_s=0.2, player_keepalive_s=0.3)
    with ServerThread(pg_url, config) as a, ServerThread(pg_url, config) as b, \
            Client(a.addr, timeout=30) as ca, Client(b.addr, timeout=30) as cb:
        s = {}
        for name in ("alice", "bob"):
            key = Key.generate()
            ca.register(name, key)
            s[name] = ca.login(name, key)
        alice = follow(ca, s["alice"])
        next_of(alice, "keepalive")
        made = cb.challenge(s["bob"], "alice", "roma")
        next_of(alice, "challenge")
        game_id = ca.accept_challenge(s["alice"], made.challenge_id).challenge.game_id  # made on A ...
        assert game_id in a.host.challenges.followed  # ... with alice streaming there: followed
        assert not b.host.challenges.followed  # (nobody streams on B)
        bob_seat = cb.join(game_id, session=s["bob"])
        ca.join(game_id, session=s["alice"])
        next_of(alice, "game_started")  # the last claim, A's own
        bob_seat.resign()  # through B
        assert next_of(alice, "game_finished").game_finished.game_id == game_id  # caught up on A
        assert game_id not in a.host.challenges.followed
        assert not a.host._games[game_id].subscribers  # nothing keeps it loaded
