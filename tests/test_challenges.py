"""Issue 32, items 3 and 5: challenges between players and the player's own event stream.

A challenge goes to a registered player, who hears of it on its stream (with the game, options,
clock and who sent it), accepts or declines it; accepted, its game holds a seat for each player's
key, which each claims with its session alone (no invite); both streams hear that the game
started and, at the end, that it finished; a stream that has nothing to say sends keepalives.
Each bad input has its own error and changes nothing; a flood of challenges is held back.
"""

from __future__ import annotations

import queue
import threading
import time

import grpc
import pytest

from carthago import Client
from carthago.client import CarthagoError
from carthago.signing import Key
from carthago.v1 import carthago_pb2 as pb
from server.app import ServerThread
from server.host import HostConfig
from server.log import verify


def follow(client: Client, session) -> queue.Queue:
    """The player's stream, read in a thread into a queue."""
    out: queue.Queue = queue.Queue()

    def run():
        try:
            for event in client.player_events(session):
                out.put(event)
        except CarthagoError as err:
            out.put(err)
    threading.Thread(target=run, daemon=True).start()
    return out


def next_of(q: queue.Queue, kind: str, timeout: float = 10.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        event = q.get(timeout=max(0.01, end - time.monotonic()))
        if isinstance(event, Exception):
            raise event
        if event.WhichOneof("kind") == kind:
            return event
    raise AssertionError(f"no {kind} within {timeout} s")


def _room(config: HostConfig):
    with ServerThread("memory", config) as server, Client(server.addr) as c:
        c.wait_ready()
        sessions = {}
        for name in ("alice", "bob", "carol"):
            key = Key.generate()
            c.register(name, key)
            sessions[name] = c.login(name, key)
        yield c, sessions


@pytest.fixture
def room():
    yield from _room(HostConfig(player_keepalive_s=0.3))


def test_a_challenge_accepted_seats_both_players_by_key_and_their_streams_follow_the_game(room):
    c, s = room
    alice_events, bob_events = follow(c, s["alice"]), follow(c, s["bob"])
    next_of(bob_events, "keepalive")  # the stream is open (and says so while nothing happens)
    made = c.challenge(s["alice"], "bob", "roma", seat=1, time_control=pb.TimeControl(per_move_ms=60_000))
    heard = next_of(bob_events, "challenge").challenge
    assert (heard.challenge_id, heard.challenger, heard.game_type, heard.challenger_seat, heard.challenged_seat,
            heard.time_control.per_move_ms, heard.state) == (made.challenge_id, "alice", "roma", 1, 0, 60_000,
                                                             pb.CHALLENGE_STATE_OPEN)
    assert next_of(alice_events, "challenge").challenge.challenge_id == made.challenge_id  # the challenger's too
    # bob reconnects: the open challenge comes first
    again = follow(c, s["bob"])
    assert next_of(again, "challenge").challenge.challenge_id == made.challenge_id

    accepted = c.accept_challenge(s["bob"], made.challenge_id)
    game_id = accepted.challenge.game_id
    assert accepted.challenge.state == pb.CHALLENGE_STATE_ACCEPTED and accepted.game.game_id == game_id
    assert [(x.seat, x.reserved_for) for x in accepted.game.seats] == [(0, "bob"), (1, "alice")]
    assert next_of(alice_events, "challenge").challenge.state == pb.CHALLENGE_STATE_ACCEPTED
    # a stranger cannot take a seat kept for a key; each player takes its own with its session
    with pytest.raises(CarthagoError) as err:
        c.join(game_id, seat=0, player="mallory")
    assert err.value.code == "SEAT_RESERVED"
    with pytest.raises(CarthagoError) as err:
        c.join(game_id, session=s["carol"])
    assert err.value.code == "NO_FREE_SEAT"
    bob = c.join(game_id, session=s["bob"])
    alice = c.join(game_id, session=s["alice"])
    assert (bob.seat, alice.seat) == (0, 1)
    started = next_of(alice_events, "game_started").game_started
    assert (started.game_id, started.seat) == (game_id, 1)
    assert next_of(bob_events, "game_started").game_started.seat == 0
    commands, head = bob.legal_at()
    bob.submit(commands[0], expected_seq=head)
    alice.resign()
    finished = next_of(bob_events, "game_finished").game_finished
    assert finished.game_id == game_id and finished.status.over and finished.status.winners == [0]
    assert next_of(alice_events, "game_finished").game_finished.seat == 1
    verdict = verify(c.export(game_id).records)
    assert verdict.ok and set(verdict.signed) == {0, 1}, verdict.describe()


def test_each_bad_challenge_call_has_its_own_error_and_changes_nothing(room):
    c, s = room

    def refused(code, call, *args, **kw):
        with pytest.raises(CarthagoError) as err:
            call(*args, **kw)
        assert err.value.code == code, err.value
    refused("UNKNOWN_PLAYER", c.challenge, s["alice"], "nobody", "roma")
    refused("CHALLENGE_SELF", c.challenge, s["alice"], "alice", "roma")
    refused("UNKNOWN_GAME_TYPE", c.challenge, s["alice"], "bob", "chess")
    refused("BAD_CONFIG", c.challenge, s["alice"], "bob", "roma", players=5)
    refused("BAD_TIME_CONTROL", c.challenge, s["alice"], "bob", "roma", time_control=pb.TimeControl(initial_ms=-1))
    refused("BAD_SEAT", c.challenge, s["alice"], "bob", "roma", seat=2)
    with pytest.raises(grpc.RpcError) as rpc:  # no session
        c.stub.CreateChallenge(pb.CreateChallengeRequest(challenged="bob", game_type="roma"))
    assert rpc.value.code() == grpc.StatusCode.UNAUTHENTICATED and rpc.value.details().startswith("TOKEN_REQUIRED")
    made = c.challenge(s["alice"], "bob", "roma")
    refused("NO_SUCH_CHALLENGE", c.accept_challenge, s["bob"], "not-an-id")
    refused("NOT_YOUR_CHALLENGE", c.accept_challenge, s["carol"], made.challenge_id)
    refused("NOT_YOUR_CHALLENGE", c.accept_challenge, s["alice"], made.challenge_id)  # the challenger cannot accept
    refused("NOT_YOUR_CHALLENGE", c.decline_challenge, s["carol"], made.challenge_id)
    declined = c.decline_challenge(s["bob"], made.challenge_id, "busy")
    assert declined.state == pb.CHALLENGE_STATE_DECLINED and declined.decline_reason == "busy"
    refused("CHALLENGE_CLOSED", c.accept_challenge, s["bob"], made.challenge_id)
    refused("CHALLENGE_CLOSED", c.decline_challenge, s["alice"], made.challenge_id)
    assert c.games() == []  # no game was created by any of it


def test_a_flood_of_challenges_is_rate_limited():
    """6 CreateChallenge in a row from one address, then 6 a minute (the server's
    --challenge-per-minute); beyond, refused before anything is read: no challenge is made."""
    room = _room(HostConfig(challenge_per_minute=6))
    c, s = next(room)
    made = [c.challenge(s["carol"], "bob", "roma") for _ in range(6)]
    with pytest.raises(CarthagoError) as err:
        c.challenge(s["carol"], "bob", "roma")
    assert err.value.code == "RATE_LIMITED" and err.value.status == "RESOURCE_EXHAUSTED"
    assert len({m.challenge_id for m in made}) == 6
    bob = follow(c, s["bob"])
    heard = {next_of(bob, "challenge").challenge.challenge_id for _ in range(6)}
    assert heard == {m.challenge_id for m in made}
    with pytest.raises(queue.Empty):  # and no seventh: the refused call made none
        bob.get(timeout=0.5)
    room.close()


def test_open_challenges_per_player_are_bounded():
    from server.challenges import OPEN_PER_PLAYER

    with ServerThread("memory", HostConfig()) as server, Client(server.addr) as c:
        c.wait_ready()
        sessions = {}
        for name in ("alice", "bob"):
            key = Key.generate()
            c.register(name, key)
            sessions[name] = c.login(name, key)
        made = [c.challenge(sessions["alice"], "bob", "roma") for _ in range(OPEN_PER_PLAYER)]
        with pytest.raises(CarthagoError) as err:
            c.challenge(sessions["alice"], "bob", "roma")
        assert err.value.code == "TOO_MANY_CHALLENGES"
        c.decline_challenge(sessions["alice"], made[0].challenge_id, "withdrawn")  # the challenger withdraws one
        assert c.challenge(sessions["alice"], "bob", "roma").state == pb.CHALLENGE_STATE_OPEN


def test_a_challenge_games_log_verifies_in_javascript_too(room, tmp_path):
    """The JavaScript verifier (clients/js/verify.js) knows seats reserved for a player's key."""
    from .test_log_format_js import NODE, run_js

    if NODE is None:
        pytest.skip("SKIPPED LOUDLY: node is not installed: clients/js/verify.js cannot run here")
    c, s = room
    made = c.challenge(s["alice"], "bob", "roma")
    game_id = c.accept_challenge(s["bob"], made.challenge_id).challenge.game_id
    c.join(game_id, session=s["alice"])
    c.join(game_id, session=s["bob"]).resign()
    log = tmp_path / "challenge.log"
    log.write_bytes(c.export(game_id).records)
    assert verify(log.read_bytes()).ok
    js = run_js(NODE, [log])[log.name]
    assert js["ok"], js
    # the claim of alice's seat moved to another key, resealed: both verifiers refuse it there
    from server.log import export_bytes, seal, split_export

    bodies = [pb.LogRecord.FromString(x.body) for _, x in split_export(log.read_bytes())]
    claim = next(b for b in bodies if b.event.platform.WhichOneof("kind") == "seat_claimed"
                 and b.event.platform.seat_claimed.player == "alice")
    claim.event.platform.seat_claimed.player_key = bytes(32)
    out, prev = [], bytes(32)
    for b in bodies:
        b.prev_hash = prev
        out.append(r := seal(b))
        prev = r.hash
    forged = tmp_path / "forged.log"
    forged.write_bytes(export_bytes(out))
    verdict = verify(forged.read_bytes())
    assert not verdict.ok and verdict.first_bad_seq == claim.seq and "another player or key" in verdict.problem
    js = run_js(NODE, [forged])[forged.name]
    assert not js["ok"] and js["first_bad_seq"] == claim.seq and "another player or key" in js["problem"], js


def test_an_accepting_bot_with_a_key_accepts_a_challenge_from_its_stream_and_plays_it(room, tmp_path):
    """`carthago bot --accept --key FILE --name bob`: challenged on its stream, it accepts, joins
    its seat with its session and plays the game out; no invite file, no shared directory."""
    import io

    from carthago.accept import Acceptor
    from carthago.bots import make_bot

    c, s = room
    out = io.StringIO()
    bot = Acceptor(c.addr, "bob", "random", make_bot, ["roma"], {}, max_games=1,
                   out=out, key=s["bob"].key)
    done = threading.Thread(target=bot.run, daemon=True)
    done.start()
    time.sleep(0.5)  # its stream is open
    alice_events = follow(c, s["alice"])
    made = c.challenge(s["alice"], "bob", "roma")
    while (heard := next_of(alice_events, "challenge").challenge).state != pb.CHALLENGE_STATE_ACCEPTED:
        assert heard.challenge_id == made.challenge_id and heard.state == pb.CHALLENGE_STATE_OPEN
    game_id = heard.game_id
    alice = c.join(game_id, session=s["alice"])
    while not c.game(game_id).status.over:
        commands, head = alice.legal_at()
        if commands:
            try:
                alice.submit(commands[0], expected_seq=head)
            except CarthagoError as err:
                assert err.code in ("STALE_SEQ", "LOST_RACE", "NOT_YOUR_TURN")
        else:
            time.sleep(0.02)
    done.join(timeout=30)
    assert not done.is_alive(), out.getvalue()
    assert f"accepted alice's challenge: {game_id}" in out.getvalue()
    verdict = verify(c.export(game_id).records)
    assert verdict.ok and set(verdict.signed) == {0, 1}, verdict.describe()
