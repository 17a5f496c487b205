"""Issue 32, items 1, 2 and 5: players who are a public key, and the seats they sign.

A player registers an Ed25519 key under a name (proving it holds the private key), logs in by
signing a challenge, and claims seats with its session: the claim's record holds its key and
every command of that seat must carry the key's signature over the canonical message
(docs/PROTOCOL.md, "Players and signed moves"). Each bad input is refused with its own code and
changes nothing; `carthago verify` checks every author and signature, even in a log whose chain
was resealed around a forged record.
"""

from __future__ import annotations

import asyncio
import uuid

import pytest

from carthago import Client
from carthago.client import CarthagoError
from carthago.signing import Key, command_message, login_message, register_message
from carthago.v1 import carthago_pb2 as pb
from server.app import ServerThread
from server.failures import HostError
from server.host import GameHost, HostConfig
from server.identity import CHALLENGE_MS
from server.log import seal, export_bytes, verify
from server.store import MemoryStore


def registered(host: GameHost, name: str, key: Key | None = None) -> Key:
    key = key or Key.generate()
    host.identity.register(pb.RegisterPlayerRequest(name=name, public_key=key.public,
                                                    signature=key.sign(register_message(name, key.public))))
    return key


def session_of(host: GameHost, name: str, key: Key) -> str:
    challenge = host.identity.challenge(pb.LoginChallengeRequest(name=name)).challenge
    return host.identity.login(pb.LoginRequest(name=name, challenge=challenge,
                                               signature=key.sign(login_message(name, challenge)))).session_token


def refused(code: str, call, *args):
    with pytest.raises(HostError) as err:
        result = call(*args)
        if asyncio.iscoroutine(result):
            asyncio.run(result)
    assert err.value.code == code, err.value
    return err.value


# ---- item 1: identity ---------------------------------------------------------------------

def test_register_login_and_each_bad_input_its_own_error():
    now = [1_000_000]
    host = GameHost(MemoryStore(), clock=lambda: now[0])
    alice = registered(host, "alice")
    assert host.identity.get_player(pb.GetPlayerRequest(name="alice")).public_key == alice.public

    other = Key.generate()
    refused("NAME_TAKEN", host.identity.register, pb.RegisterPlayerRequest(
        name="alice", public_key=other.public, signature=other.sign(register_message("alice", other.public))))
    refused("KEY_REUSED", host.identity.register, pb.RegisterPlayerRequest(
        name="bob", public_key=alice.public, signature=alice.sign(register_message("bob", alice.public))))
    # a proof over other bytes (another name), and a proof by another key than the one registered
    refused("BAD_PROOF", host.identity.register, pb.RegisterPlayerRequest(
        name="carol", public_key=other.public, signature=other.sign(register_message("dave", other.public))))
    refused("BAD_PROOF", host.identity.register, pb.RegisterPlayerRequest(
        name="carol", public_key=other.public, signature=alice.sign(register_message("carol", other.public))))
    refused("BAD_PLAYER_NAME", host.identity.register, pb.RegisterPlayerRequest(
        name="house bot (random)", public_key=other.public,
        signature=other.sign(register_message("house bot (random)", other.public))))
    refused("BAD_PUBLIC_KEY", host.identity.register, pb.RegisterPlayerRequest(
        name="carol", public_key=other.public[:31], signature=b"x" * 64))
    # none of those registered anything
    assert [p.name for p in host.identity.players.all_players()] == ["alice"]
    refused("UNKNOWN_PLAYER", host.identity.get_player, pb.GetPlayerRequest(name="carol"))
    refused("UNKNOWN_PLAYER", host.identity.challenge, pb.LoginChallengeRequest(name="carol"))

    def login(challenge: bytes, key: Key = alice, signed: bytes | None = None):
        return host.identity.login(pb.LoginRequest(name="alice", challenge=challenge,
                                                   signature=key.sign(login_message("alice", signed or challenge))))

    c = host.identity.challenge(pb.LoginChallengeRequest(name="alice")).challenge
    refused("BAD_PROOF", login, c, other)                    # another key's signature
    refused("UNKNOWN_CHALLENGE", login, c)                   # the challenge was used up by the refusal
    c = host.identity.challenge(pb.LoginChallengeRequest(name="alice")).challenge
    refused("BAD_PROOF", login, c, alice, bytes(32))         # alice's signature over another challenge
    refused("UNKNOWN_CHALLENGE", login, bytes(32))           # never issued
    c = host.identity.challenge(pb.LoginChallengeRequest(name="alice")).challenge
    now[0] += CHALLENGE_MS
    refused("CHALLENGE_EXPIRED", login, c)
    c = host.identity.challenge(pb.LoginChallengeRequest(name="alice")).challenge
    resp = login(c)
    assert resp.player.name == "alice" and resp.session_token and not host.identity.players.sessions.get(
        resp.session_token)  # stored hashed, never as given
    refused("UNKNOWN_CHALLENGE", login, c)                   # once only
    assert host.identity.session_player(resp.session_token).name == "alice"


def test_a_session_joins_as_its_player_and_the_claim_holds_the_key():
    host = GameHost(MemoryStore())
    alice = registered(host, "alice")
    session = session_of(host, "alice", alice)

    async def go():
        game = (await host.create_game(pb.CreateGameRequest(game_type="roma"))).game
        for code, req, token in (("INVALID_SESSION", pb.JoinGameRequest(game_id=game.game_id), "not-a-session"),
                                 ("NOT_THE_PLAYER", pb.JoinGameRequest(game_id=game.game_id, player="mallory"),
                                  session)):
            with pytest.raises(HostError) as err:
                await host.join_game(req, token)
            assert err.value.code == code
        summary = await host.get_game(game.game_id)
        assert summary.head_seq == game.head_seq and not any(s.claimed for s in summary.seats)  # nothing changed
        joined = await host.join_game(pb.JoinGameRequest(game_id=game.game_id), session)
        anon = await host.join_game(pb.JoinGameRequest(game_id=game.game_id, player="bob"))
        return game.game_id, joined, anon

    game_id, joined, anon = asyncio.run(go())
    seats = joined.game.seats
    assert seats[0].player == "alice" and seats[0].player_key == alice.public
    summary = asyncio.run(host.get_game(game_id))
    assert summary.seats[1].player == "bob" and summary.seats[1].player_key == b""
    bodies = [pb.LogRecord.FromString(r.body) for r in host.store.read(game_id)]
    claims = [b.event.platform.seat_claimed for b in bodies if b.event.platform.WhichOneof("kind") == "seat_claimed"]
    assert [(c.player, c.player_key) for c in claims] == [("alice", alice.public), ("bob", b"")]


# ---- item 2: signed moves -------------------------------------------------------------------

class Table:
    """A Roma game between the player alice (seat 0, signed) and anonymous bob (seat 1)."""

    def __init__(self) -> None:
        self.host = GameHost(MemoryStore(), HostConfig(allow_client_seeds=True))
        self.key = registered(self.host, "alice")
        session = session_of(self.host, "alice", self.key)

        async def go():
            game = (await self.host.create_game(pb.CreateGameRequest(game_type="roma", seed=b"keys"))).game
            a = await self.host.join_game(pb.JoinGameRequest(game_id=game.game_id), session)
            b = await self.host.join_game(pb.JoinGameRequest(game_id=game.game_id, player="bob"))
            return game.game_id, [a.token, b.token]
        self.game_id, self.tokens = asyncio.run(go())

    def head(self) -> int:
        return asyncio.run(self.host.get_game(self.game_id)).head_seq

    def to_act(self) -> int:
        return asyncio.run(self.host.get_game(self.game_id)).status.to_act[0]

    def legal(self, seat: int) -> tuple[pb.GameCommand, int]:
        resp = asyncio.run(self.host.legal(self.game_id, self.tokens[seat]))
        return resp.commands[0], resp.head_seq

    def signed(self, command: pb.GameCommand, seq: int, request_id: str = "", key: Key | None = None,
               signed_seq: int | None = None, signed_bytes: bytes | None = None) -> pb.SubmitCommandRequest:
        data = command.SerializeToString(deterministic=True)
        message = command_message(self.game_id, 0, seq if signed_seq is None else signed_seq, request_id,
                                  data if signed_bytes is None else signed_bytes)
        return pb.SubmitCommandRequest(game_id=self.game_id, command_bytes=data, expected_seq=seq,
                                       request_id=request_id, signature=(key or self.key).sign(message))

    def submit(self, req: pb.SubmitCommandRequest, seat: int = 0) -> pb.SubmitCommandResponse:
        return asyncio.run(self.host.submit(req, self.tokens[seat]))

    def play(self, moves: int) -> None:
        """``moves`` commands, each seat's as it must be sent (alice's signed)."""
        for _ in range(moves):
            seat = self.to_act()
            command, seq = self.legal(seat)
            if seat == 0:
                self.submit(self.signed(command, seq, uuid.uuid4().hex))
            else:
                self.submit(pb.SubmitCommandRequest(game_id=self.game_id, command=command, expected_seq=seq), 1)

    def finish(self) -> bytes:
        self.submit(self.signed(pb.GameCommand(platform=pb.PlatformCommand(resign=pb.Resign())), self.head(), "end"))
        return asyncio.run(self.host.export(self.game_id, None)).records


def test_each_command_of_a_signed_seat_must_carry_its_signature_and_a_bad_one_changes_nothing():
    t = Table()
    t.play(3)
    while t.to_act() != 0:
        t.play(1)
    command, seq = t.legal(0)
    rid = "alice-move"
    bare = pb.SubmitCommandRequest(game_id=t.game_id, command=command, expected_seq=seq, request_id=rid)
    refused("INVALID_SIGNATURE", t.submit, bare)                                # the seat token alone
    refused("INVALID_SIGNATURE", t.submit, t.signed(command, seq, rid, key=Key.generate()))  # another key
    other_bytes = pb.GameCommand(platform=pb.PlatformCommand(resign=pb.Resign())).SerializeToString()
    refused("INVALID_SIGNATURE", t.submit, t.signed(command, seq, rid, signed_bytes=other_bytes))  # other bytes
    refused("INVALID_SIGNATURE", t.submit, t.signed(command, seq, rid, signed_seq=seq - 1))        # another seq
    tampered = t.signed(command, seq, rid)
    tampered.request_id = "another-id"
    refused("INVALID_SIGNATURE", t.submit, tampered)                            # another request id
    no_seq = t.signed(command, seq, rid)
    no_seq.ClearField("expected_seq")
    refused("INVALID_SIGNATURE", t.submit, no_seq)
    assert t.head() == seq  # nothing of those was appended

    good = t.signed(command, seq, rid)
    first = t.submit(good)
    assert first.first_seq == seq + 1
    assert t.submit(good) == first  # a retry of the very request: answered from the first, nothing appended
    # the same signed command replayed at another seq: its signature is over the old one
    replay = pb.SubmitCommandRequest()
    replay.CopyFrom(good)
    replay.expected_seq = t.head()
    replay.request_id = ""
    head = t.head()
    refused("INVALID_SIGNATURE", t.submit, replay)
    replay2 = pb.SubmitCommandRequest()
    replay2.CopyFrom(good)
    replay2.request_id = ""
    refused("INVALID_SIGNATURE", t.submit, replay2)  # the request id is signed too
    assert t.head() == head

    # the anonymous seat may not sign (its log would claim what nobody can check)
    while t.to_act() != 1:
        t.play(1)
    command, seq = t.legal(1)
    refused("INVALID_SIGNATURE", t.submit, pb.SubmitCommandRequest(game_id=t.game_id, command=command,
                                                                   expected_seq=seq, signature=bytes(64)), 1)
    data = t.finish()
    verdict = verify(data)
    assert verdict.ok, verdict.describe()
    assert verdict.signed == {0: t.key.public.hex()} and "signed by their players' keys: seat 0" in verdict.result


def _bodies(data: bytes) -> list[pb.LogRecord]:
    from server.log import split_export

    return [pb.LogRecord.FromString(s.body) for _, s in split_export(data)]


def _resealed(bodies: list[pb.LogRecord]) -> bytes:
    """The records' chain sealed again after an edit (every hash and link right again)."""
    out, prev = [], bytes(32)
    for b in bodies:
        b.prev_hash = prev
        out.append(r := seal(b))
        prev = r.hash
    return export_bytes(out)


def test_a_forged_command_of_a_signed_seat_is_named_by_verify_even_in_a_resealed_chain():
    t = Table()
    t.play(12)
    data = t.finish()
    assert verify(data).ok
    bodies = _bodies(data)
    signed = [b for b in bodies if b.envelope.author == pb.RECORD_AUTHOR_SIGNED and b.envelope.part == 0]
    assert len(signed) >= 3
    early, late = signed[0], signed[-2]

    # 1. the forger (the server, its database) writes alice's command as if it were an anonymous seat's
    forged = _bodies(data)
    target = forged[late.seq]
    target.envelope.ClearField("signature")
    target.envelope.ClearField("signed_command")
    for b in forged[late.seq:late.seq + late.envelope.parts]:
        b.envelope.author = pb.RECORD_AUTHOR_SEAT
    verdict = verify(_resealed(forged))
    assert not verdict.ok and verdict.first_bad_seq == late.seq, verdict.describe()
    assert "RECORD_AUTHOR_SIGNED was due" in verdict.problem

    # 2. ... or keeps the author and lifts a genuine signature of alice's from an earlier record
    forged = _bodies(data)
    target = forged[late.seq]
    target.envelope.signature = early.envelope.signature
    target.envelope.signed_command = early.envelope.signed_command
    target.envelope.command.CopyFrom(early.envelope.command)
    verdict = verify(_resealed(forged))
    assert not verdict.ok and verdict.first_bad_seq == late.seq, verdict.describe()
    assert "signature is not its player's key's" in verdict.problem

    # 3. ... or leaves the signature and changes the command it stands for
    forged = _bodies(data)
    target = forged[late.seq]
    target.envelope.signed_command = early.envelope.signed_command
    verdict = verify(_resealed(forged))
    assert not verdict.ok and verdict.first_bad_seq == late.seq, verdict.describe()


def test_a_command_inserted_for_a_signed_seat_by_the_server_itself_fails_verify_at_that_record():
    """The strongest forger writes through the server's own log writer (the chain is whole, every
    hash right): a command for alice's seat without her key. verify names exactly that record."""
    t = Table()
    t.play(4)
    while t.to_act() != 0:
        t.play(1)
    command, seq = t.legal(0)
    # past the token and signature checks: what a server that holds the database could write
    asyncio.run(t.host.submit_as(pb.SubmitCommandRequest(game_id=t.game_id, command=command, expected_seq=seq),
                                 0, pb.RECORD_AUTHOR_SIGNED))
    t.play(4)
    verdict = verify(t.finish())
    assert not verdict.ok and verdict.first_bad_seq == seq + 1, verdict.describe()
    assert "carries no signature" in verdict.problem


def test_records_no_seat_signs_say_whose_they_are():
    """The set-up, claims and the seed's reveal are the server's; a house bot's move the house
    bot's (as server.house submits it); a clock's expiry the clock's; an operator's abort the
    operator's; and verify holds each record to the author its kind and seat call for."""
    from server.retention import abort_in

    now = [1_700_000_000_000]
    host = GameHost(MemoryStore(), HostConfig(allow_client_seeds=True), clock=lambda: now[0])

    async def go(**kw):
        game = (await host.create_game(pb.CreateGameRequest(game_type="roma", seed=b"house", **kw))).game
        me = await host.join_game(pb.JoinGameRequest(game_id=game.game_id, player="me", seat=0))
        return game.game_id, me.token

    # a house seat's moves, then a timeout
    game_id, token = asyncio.run(go(house_seats=[pb.HouseSeat(seat=1, bot="random")],
                                    time_control=pb.TimeControl(initial_ms=60_000)))
    for _ in range(8):
        st = asyncio.run(host.get_game(game_id)).status
        seat = st.to_act[0]
        if seat == 0:
            resp = asyncio.run(host.legal(game_id, token))
            asyncio.run(host.submit(pb.SubmitCommandRequest(game_id=game_id, command=resp.commands[0],
                                                            expected_seq=resp.head_seq), token))
        else:  # what server.house does with the move its search chose
            loaded = asyncio.run(host._current(game_id))
            command = pb.GameCommand(roma=loaded.wire.command_to_proto(loaded.session.legal(1)[0]))
            asyncio.run(host.submit_as(pb.SubmitCommandRequest(game_id=game_id, command=command,
                                                               expected_seq=loaded.head_seq), 1,
                                       pb.RECORD_AUTHOR_HOUSE_BOT))
        now[0] += 100
    now[0] += 120_000
    assert asyncio.run(host.expire_clocks()) == 1
    bodies = [pb.LogRecord.FromString(r.body) for r in host.store.read(game_id)]
    authors = {(b.envelope.seat, b.envelope.author) for b in bodies}
    assert authors == {(-1, pb.RECORD_AUTHOR_SERVER), (-1, pb.RECORD_AUTHOR_CLOCK), (0, pb.RECORD_AUTHOR_SEAT),
                       (1, pb.RECORD_AUTHOR_HOUSE_BOT)}
    assert bodies[-2].event.platform.WhichOneof("kind") == "clock_expired" and \
        bodies[-2].envelope.author == pb.RECORD_AUTHOR_CLOCK
    data = asyncio.run(host.export(game_id, None)).records
    assert verify(data).ok, verify(data).describe()
    # the house bot's move passed off as the seat's own: verify names it
    forged = _bodies(data)
    house_move = next(b for b in forged if b.envelope.seat == 1)
    for b in forged[house_move.seq:house_move.seq + house_move.envelope.parts]:
        b.envelope.author = pb.RECORD_AUTHOR_SEAT
    verdict = verify(_resealed(forged))
    assert not verdict.ok and verdict.first_bad_seq == house_move.seq and "HOUSE_BOT was due" in verdict.problem

    # the operator's abort
    game_id, _ = asyncio.run(go())
    abort_in(host.store, game_id, "abandoned", now[0])
    bodies = [pb.LogRecord.FromString(r.body) for r in host.store.read(game_id)]
    assert bodies[-2].event.platform.WhichOneof("kind") == "operator_aborted"
    assert bodies[-2].envelope.author == pb.RECORD_AUTHOR_OPERATOR
    data = export_bytes(host.store.read(game_id))
    assert verify(data).ok
    forged = _bodies(data)
    forged[-2].envelope.author = pb.RECORD_AUTHOR_SERVER
    verdict = verify(_resealed(forged))
    assert not verdict.ok and verdict.first_bad_seq == len(forged) - 2 and "OPERATOR was due" in verdict.problem


def test_a_log_from_before_authors_verifies_and_may_not_carry_one():
    """A game created before authors were recorded names none: it still verifies; a signature
    slipped into it (resealed) is refused."""
    host = GameHost(MemoryStore(), HostConfig(allow_client_seeds=True))

    async def go():
        game = (await host.create_game(pb.CreateGameRequest(game_type="roma", seed=b"old"))).game
        tokens = [(await host.join_game(pb.JoinGameRequest(game_id=game.game_id))).token for _ in range(2)]
        return game.game_id, tokens
    game_id, tokens = asyncio.run(go())
    asyncio.run(host.submit(pb.SubmitCommandRequest(game_id=game_id, command=pb.GameCommand(
        platform=pb.PlatformCommand(resign=pb.Resign()))), tokens[0]))
    old = _bodies(asyncio.run(host.export(game_id, None)).records)
    for b in old:
        b.envelope.ClearField("author")
    assert verify(_resealed(old)).ok
    old[-2].envelope.signature = bytes(64)
    verdict = verify(_resealed(old))
    assert not verdict.ok and verdict.first_bad_seq == len(old) - 2 and "records none" in verdict.problem


# ---- over the wire: the Python client, and the rates of item 5 ---------------------------------

def test_the_python_client_registers_logs_in_and_signs_and_the_login_steps_are_rate_limited():
    with ServerThread("memory", HostConfig(register_per_minute=2, login_per_minute=3)) as server, \
            Client(server.addr) as c:
        c.wait_ready()
        key = Key.generate()
        assert c.register("alice", key).public_key == key.public
        session = c.login("alice", key)  # two login steps: a challenge and a login
        game = c.create("roma")
        alice = c.join(game.game_id, session=session)
        bob = c.join(game.game_id, player="bob")
        assert alice.key is key and c.game(game.game_id).seats[0].player_key == key.public
        for _ in range(4):
            for seat in (alice, bob):
                commands, head = seat.legal_at()
                if commands:
                    seat.submit(commands[0], expected_seq=head)
        alice.offer_draw()  # a platform command, signed at the head as it is now
        bob.accept_draw()
        board = c.players("roma")  # a drawn game that was not rated: nobody rated yet
        assert board.rated_games == 0 and list(board.players) == []
        assert [p.player.name for p in c.players().players] == ["alice"]
        verdict = verify(c.export(game.game_id).records)
        assert verdict.ok and verdict.signed == {0: key.public.hex()}, verdict.describe()
        # the third login step within the minute, and the third registration, are refused
        with pytest.raises(CarthagoError) as err:
            c.login("alice", key)
        assert err.value.code == "RATE_LIMITED" and err.value.status == "RESOURCE_EXHAUSTED"
        other = Key.generate()
        assert c.register("bob", other).name == "bob"
        with pytest.raises(CarthagoError) as err:
            c.register("carol", Key.generate())
        assert err.value.code == "RATE_LIMITED"
        with pytest.raises(CarthagoError) as err:
            c.player("carol")
        assert err.value.code == "UNKNOWN_PLAYER"  # the refused registration registered nothing


def test_a_command_inserted_for_a_signed_seat_with_the_chain_resealed_after_it_is_named_by_verify():
    """A record really inserted into a finished log (a copy of one of alice's signed commands, put
    later in the game), every later record renumbered, salted and chained again: the chain is whole,
    and verify names exactly the inserted record, for its signature."""
    from server.log import salt

    t = Table()
    t.play(10)
    data = t.finish()
    bodies = _bodies(data)
    seed = bodies[-1].event.platform.seed_revealed.seed
    mine = [b for b in bodies if b.envelope.author == pb.RECORD_AUTHOR_SIGNED and b.envelope.parts == 1]
    source, at = mine[0], mine[-1].seq  # alice's first one-record command, inserted before her last
    inserted = pb.LogRecord()
    inserted.CopyFrom(source)
    forged = bodies[:at] + [inserted] + bodies[at:]
    for seq, b in enumerate(forged):
        if b.seq != seq:  # the inserted record and every one after it
            b.envelope.command_seq += seq - b.seq
            b.seq, b.salt = seq, salt(seed, seq)
    assert [b.seq for b in forged] == list(range(len(forged)))
    verdict = verify(_resealed(forged))
    assert not verdict.ok and verdict.first_bad_seq == at, verdict.describe()
    assert "seat 0's signature is not its player's key's" in verdict.problem
    assert verify(data).ok  # (the log as written verifies)
