"""Per-address rates of CreateGame, JoinGame, opening streams and WatchOpenSeats (issue 35,
item 5; server.rates, docs/PROTOCOL.md "Rates"): beyond them a call is refused with
RESOURCE_EXHAUSTED / RATE_LIMITED and changes nothing, over gRPC and HTTP alike."""

from __future__ import annotations

import pytest

from carthago import CarthagoError, Client
from carthago.v1 import carthago_pb2 as pb
from server.app import ServerThread
from server.host import HostConfig
from server.rates import PeerRates, RateLimited, peer_address

from .test_http import connect_json, refusal


def test_a_bucket_gives_n_in_a_row_then_n_a_minute_per_kind_and_address():
    now = [100.0]
    rates = PeerRates({"create": 3, "join": 0}, clock=lambda: now[0])
    for _ in range(3):
        rates.check("CreateGame", "10.0.0.1")
    with pytest.raises(RateLimited) as exc:
        rates.check("CreateGame", "10.0.0.1")
    assert "wait 20.0 s" in exc.value.message  # a third of a minute for one more of 3 a minute
    rates.check("CreateGame", "10.0.0.2")         # another address has its own bucket
    for _ in range(10):
        rates.check("JoinGame", "10.0.0.1")       # 0: no limit
        rates.check("GetGame", "10.0.0.1")        # not a limited call
    now[0] += 20.0
    rates.check("CreateGame", "10.0.0.1")
    with pytest.raises(RateLimited):
        rates.check("CreateGame", "10.0.0.1")


def test_the_buckets_are_bounded_and_addresses_lose_their_port():
    rates = PeerRates({"streams": 1}, max_buckets=2)
    for peer in ("a", "b", "c", "d"):
        rates.check("StreamEvents", peer)
    assert len(rates.buckets) == 2 and {p for _, p in rates.buckets} == {"c", "d"}
    assert peer_address("ipv4:127.0.0.1:51234") == "127.0.0.1"
    assert peer_address("ipv6:[::1]:51234") == "::1"
    assert peer_address("127.0.0.1") == "127.0.0.1" and peer_address(None) == ""


@pytest.fixture(scope="module")
def limited():
    config = HostConfig(allow_client_seeds=True, create_per_minute=2, join_per_minute=2, streams_per_minute=2,
                        watch_per_minute=1)
    with ServerThread("memory", config, http={"addr": "127.0.0.1:0"}) as s:
        with Client(s.addr, timeout=20) as c:
            c.wait_ready()
            s.grpc = c
            yield s


def rate_limited(call) -> CarthagoError:
    with pytest.raises(CarthagoError) as exc:
        call()
    assert (exc.value.status, exc.value.code) == ("RESOURCE_EXHAUSTED", "RATE_LIMITED")
    assert exc.value.message.startswith("RATE_LIMITED: ")
    return exc.value


def test_creating_and_joining_past_the_rate_are_refused_and_change_nothing(limited):
    c = limited.grpc
    games = [c.create("roma", seed=b"rate-seed"), c.create("hannibal", seed=b"rate-seed")]
    before = sorted(g.game_id for g in c.games())
    err = rate_limited(lambda: c.create("roma", seed=b"rate-seed"))
    assert "CreateGame" in err.message and "wait" in err.message
    # over HTTP from the same address: the same bucket, the Connect form of the refusal (429)
    status, body, _ = connect_json(limited, "CreateGame", {"gameType": "roma"})
    assert status == 429 and refusal(body)[:2] == ("resource_exhausted", "RATE_LIMITED")
    assert sorted(g.game_id for g in c.games()) == before
    game_id = games[0].game_id
    c.join(game_id, seat=0, player="a")
    c.join(games[1].game_id, seat=0, player="b")
    seats = c.game(game_id).SerializeToString(deterministic=True)
    rate_limited(lambda: c.join(game_id, seat=1, player="c"))
    assert c.game(game_id).SerializeToString(deterministic=True) == seats


def test_opening_streams_and_feeds_past_the_rate_is_refused(limited):
    c = limited.grpc
    game_id = c.games()[0].game_id
    streams = [c.stream(game_id) for _ in range(3)]
    assert all(next(s).head_seq >= 0 for s in streams[:2])
    rate_limited(lambda: next(streams[2]))
    feeds = [c.watch_open_seats(), c.watch_open_seats()]
    assert next(feeds[0]).initial
    rate_limited(lambda: next(feeds[1]))
    for s in streams[:2] + feeds[:1]:
        s.close()
