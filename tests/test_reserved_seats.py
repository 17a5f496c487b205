"""Issue 16, item 8 (rest): seats reserved at creation. The creator names who sits where; each
reserved seat gets an invite (a secret shown once to the creator) and opens only to it, under the
reserved name. The reservations (with each invite's sha256) are in the log's GameCreated record and
each claim says whether an invite opened it, so `carthago verify` checks the seating too."""

from __future__ import annotations

import hashlib

import pytest

from carthago import CarthagoError
from carthago.bots import RandomBot
from carthago.client import _call
from carthago.v1 import carthago_pb2 as pb
from server.log import _check_reservation, split_export, verify

from .conftest import OPERATOR


def refused(fn, *args, **kwargs) -> CarthagoError:
    with pytest.raises(CarthagoError) as exc:
        fn(*args, **kwargs)
    return exc.value


def first_records(client, game_id: str) -> list[pb.LogRecord]:
    export = client.export(game_id, token=OPERATOR)
    return [pb.LogRecord.FromString(sealed.body) for _, sealed in split_export(export.records)]


def test_a_reserved_seat_has_an_invite_and_is_in_the_log_from_the_start(client):
    made = client.create_reserved("roma", {1: "Hannibal"}, seed=b"s")
    assert [(i.seat, i.player) for i in made.invites] == [(1, "Hannibal")]
    assert len(made.invites[0].invite) >= 40  # 32 random bytes, URL-safe base64
    seats = made.game.seats
    assert (seats[1].reserved_for, seats[1].claimed, seats[0].reserved_for) == ("Hannibal", False, "")
    created = first_records(client, made.game.game_id)[0].event.platform.game_created
    assert [(r.seat, r.player, r.invite_sha256) for r in created.reserved_seats] == \
        [(1, "Hannibal", hashlib.sha256(made.invites[0].invite.encode()).hexdigest())]
    assert made.invites[0].invite not in str(created)


def test_only_the_invite_opens_a_reserved_seat_and_records_the_reserved_name(client):
    made = client.create_reserved("roma", {0: "Scipio"}, seed=b"s")
    game_id, invite = made.game.game_id, made.invites[0].invite
    other = client.join(game_id, player="walk-in")  # the lowest seat neither taken nor reserved
    assert other.seat == 1
    before = client.game(game_id)
    for kwargs, code in [
        (dict(seat=0, player="Scipio"), "SEAT_RESERVED"),           # the right name is not enough
        (dict(), "NO_FREE_SEAT"),                                   # seat 0 is not free to anyone
        (dict(invite="not-the-invite"), "INVALID_INVITE"),
        (dict(invite=invite, player="Fabius"), "NOT_THE_RESERVED_PLAYER"),
        (dict(invite=invite, seat=1), "BAD_SEAT"),
    ]:
        assert refused(client.join, game_id, **kwargs).code == code, kwargs
        assert client.game(game_id) == before  # nothing recorded, no seat touched
    seat = client.join(game_id, invite=invite)
    assert seat.seat == 0
    after = client.game(game_id)
    assert (after.seats[0].claimed, after.seats[0].player, after.head_seq) == (True, "Scipio", before.head_seq + 1)
    claims = [r.event.platform.seat_claimed for r in first_records(client, game_id)
              if r.event.platform.WhichOneof("kind") == "seat_claimed"]
    assert [(c.seat, c.player, c.invited) for c in claims] == [(1, "walk-in", False), (0, "Scipio", True)]
    assert refused(client.join, game_id, invite=invite).code == "SEAT_TAKEN"  # an invite opens its seat once
    assert seat.view().seat == 0  # the token from the invite acts for the seat


def test_the_invite_of_one_game_opens_nothing_in_another(client):
    a = client.create_reserved("roma", {0: "A"}, seed=b"a")
    b = client.create_reserved("roma", {0: "B"}, seed=b"b")
    assert refused(client.join, b.game.game_id, invite=a.invites[0].invite).code == "INVALID_INVITE"


@pytest.mark.parametrize("reserved, words", [
    ([(2, "x")], "seats are 0..1, not 2"),
    ([(-1, "x")], "not -1"),
    ([(0, "x"), (0, "y")], "seat 0 is reserved twice"),
    ([(1, "  ")], "reserved for no name"),
])
def test_a_bad_reservation_is_refused_and_creates_no_game(client, reserved, words):
    games = len(client.games(include_finished=True))
    req = pb.CreateGameRequest(game_type="roma", reserved_seats=[pb.ReserveSeat(seat=s, player=n) for s, n in reserved])
    err = refused(_call, client.stub.CreateGame, req)
    assert err.code == "BAD_RESERVATION" and words in err.message
    assert len(client.games(include_finished=True)) == games


def test_a_game_with_every_seat_reserved_plays_to_the_end_and_verifies(client):
    made = client.create_reserved("roma", {0: "Ann", 1: "Bob"}, seed=b"v")
    seats = [client.join(made.game.game_id, invite=i.invite) for i in made.invites]
    bots = [RandomBot(s, seed=3) for s in seats]
    while not (status := client.game(made.game.game_id).status).over:
        for s in status.to_act:
            bots[s].act_once()
    verdict = verify(client.export(made.game.game_id).records)
    assert verdict.ok, verdict.describe()
    assert verdict.players == {0: "Ann", 1: "Bob"}


def test_verify_refuses_a_claim_that_breaks_a_reservation():
    created = pb.GameCreated(reserved_seats=[pb.SeatReserved(seat=1, player="Ann", invite_sha256="0" * 64)])
    assert _check_reservation(created, pb.SeatClaimed(seat=1, player="Ann", invited=True)) == ""
    assert _check_reservation(created, pb.SeatClaimed(seat=0, player="Bob")) == ""
    assert "without its invite" in _check_reservation(created, pb.SeatClaimed(seat=1, player="Ann"))
    assert "reserved for 'Ann'" in _check_reservation(created, pb.SeatClaimed(seat=1, player="Eve", invited=True))
    assert "was not reserved" in _check_reservation(created, pb.SeatClaimed(seat=0, player="Bob", invited=True))


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_another_process_keeps_the_reservation(tmp_path, request, kind):
    """Two hosts over one store stand for two server processes: the reservation made through one
    holds in the other, which reads it from the log's first record."""
    import asyncio

    from server.host import GameHost, HostConfig, HostError
    from server.pgstore import PostgresStore
    from server.store import SqliteStore

    def store():
        if kind == "sqlite":
            return SqliteStore(f"{tmp_path}/shared.db")
        return PostgresStore(request.getfixturevalue("pg_url"))

    async def main() -> None:
        a, b = GameHost(store(), HostConfig()), GameHost(store(), HostConfig())
        made = await a.create_game(pb.CreateGameRequest(
            game_type="roma", reserved_seats=[pb.ReserveSeat(seat=0, player="Ann")]))
        game_id = made.game.game_id
        assert (await b.get_game(game_id)).seats[0].reserved_for == "Ann"
        with pytest.raises(HostError) as err:
            await b.join_game(pb.JoinGameRequest(game_id=game_id, seat=0, player="Ann"))
        assert err.value.code == "SEAT_RESERVED"
        joined = await b.join_game(pb.JoinGameRequest(game_id=game_id, invite=made.invites[0].invite))
        assert (joined.seat, joined.game.seats[0].player) == (0, "Ann")
        a.store.close()
        b.store.close()

    asyncio.run(main())
