"""The open-seats feed (WatchOpenSeats, server/feed.py) and the bot that waits for games
(`carthago bot --accept`, clients/python/carthago/accept.py): docs/PROTOCOL.md, "Bots that wait
for games"."""

from __future__ import annotations

import asyncio
import itertools
import json
import subprocess
import threading
import time
from pathlib import Path

import pytest

import server.failures as failures
from carthago import Client
from carthago.bots import RandomBot
from carthago.v1 import carthago_pb2 as pb
from server.app import ServerThread
from server.host import GameHost, HostConfig, HostError
from server.store import MemoryStore

ROOT = Path(__file__).resolve().parent.parent


async def next_batch(feed, seconds: float = 10.0) -> pb.OpenSeatsBatch:
    return pb.OpenSeatsBatch.FromString(await asyncio.wait_for(feed.__anext__(), seconds))


async def nothing_more(h: GameHost) -> None:
    """No change waits for the (single) subscriber: the feed queues changes as they happen, so an
    empty queue after the change means it will send nothing for it."""
    await asyncio.sleep(0.05)
    (sub,) = h.feed.subscribers
    assert sub.queue.empty(), sub.queue.get_nowait()


async def create(host: GameHost, game_type: str = "roma", **fields) -> pb.CreateGameResponse:
    return await host.create_game(pb.CreateGameRequest(game_type=game_type, **fields))


async def join(host: GameHost, game_id: str, **fields) -> pb.JoinGameResponse:
    return await host.join_game(pb.JoinGameRequest(game_id=game_id, **fields))


def host() -> GameHost:
    """A host whose clock moves a millisecond a reading: every game has its own creation time."""
    ticks = itertools.count(1_790_000_000_000)
    return GameHost(MemoryStore(), HostConfig(allow_client_seeds=True), clock=lambda: next(ticks))


def test_the_first_batch_lists_exactly_the_games_with_a_seat_open_to_the_subscriber():
    async def main():
        h = host()
        open_roma = (await create(h)).game.game_id
        half = (await create(h)).game.game_id
        await join(h, half, seat=0, player="someone")
        full = (await create(h)).game.game_id
        await join(h, full)
        await join(h, full)
        aborted = (await create(h)).game.game_id
        token = (await join(h, aborted)).token
        await h.submit(pb.SubmitCommandRequest(game_id=aborted, command=pb.GameCommand(
            platform=pb.PlatformCommand(abort=pb.Abort()))), token)
        hannibal = (await create(h, "hannibal")).game.game_id
        challenge = await create(h, reserved_seats=[pb.ReserveSeat(seat=0, player="Ann"),
                                                     pb.ReserveSeat(seat=1, player="Bob")])
        mixed = await create(h, reserved_seats=[pb.ReserveSeat(seat=1, player="Ann")])

        anyone = h.watch_open_seats(pb.WatchOpenSeatsRequest())
        first = await next_batch(anyone)
        assert first.initial and not first.truncated and not first.closed
        got = {g.game_id: (list(g.free_seats), list(g.reserved_for_you)) for g in first.open}
        assert got == {open_roma: ([0, 1], []), half: ([1], []), hannibal: ([0, 1], []),
                       mixed.game.game_id: ([0], [])}  # no full, finished or wholly reserved game
        assert [g.game_id for g in first.open] == sorted(got, key=lambda g: next(
            -x.created_at_unix_ms for x in first.open if x.game_id == g))  # newest first

        ann = h.watch_open_seats(pb.WatchOpenSeatsRequest(player="Ann"))
        first = await next_batch(ann)
        got = {g.game_id: (list(g.free_seats), list(g.reserved_for_you)) for g in first.open}
        assert got[challenge.game.game_id] == ([], [0])  # Bob's seat is not Ann's business
        assert got[mixed.game.game_id] == ([0], [1])
        # an invite is a secret of the creator's: no feed carries one
        raw = first.SerializeToString()
        for invite in [*challenge.invites, *mixed.invites]:
            assert invite.invite.encode() not in raw
        await anyone.aclose()
        await ann.aclose()

    asyncio.run(main())


def test_a_game_created_after_subscribing_appears_a_claimed_seat_updates_it_and_the_last_one_closes_it():
    async def main():
        h = host()
        feed = h.watch_open_seats(pb.WatchOpenSeatsRequest())
        assert not (await next_batch(feed)).open
        game_id = (await create(h)).game.game_id
        batch = await next_batch(feed)
        assert [(g.game_id, list(g.free_seats)) for g in batch.open] == [(game_id, [0, 1])]
        assert not batch.initial
        await join(h, game_id)
        batch = await next_batch(feed)
        assert [(g.game_id, list(g.free_seats)) for g in batch.open] == [(game_id, [1])]
        await join(h, game_id)
        batch = await next_batch(feed)
        assert list(batch.closed) == [game_id] and not batch.open
        # a game whose every seat is reserved for others has no seat open to this subscriber
        await create(h, reserved_seats=[pb.ReserveSeat(seat=0, player="Ann"), pb.ReserveSeat(seat=1, player="Bob")])
        await nothing_more(h)
        # the entry says what the game is: its options and clocks
        clocked = await create(h, "rome-et-carthage", options={"edition": "mediterranee"},
                               time_control=pb.TimeControl(initial_ms=60_000, increment_ms=2_000))
        (entry,) = (await next_batch(feed)).open
        assert (entry.game_id, entry.players, dict(entry.options)) == (clocked.game.game_id, 2,
                                                                        {"edition": "mediterranee"})
        assert (entry.time_control.initial_ms, entry.time_control.increment_ms) == (60_000, 2_000)
        await feed.aclose()

    asyncio.run(main())


def test_a_game_that_ends_with_seats_still_open_disappears():
    async def main():
        h = host()
        game_id = (await create(h)).game.game_id
        token = (await join(h, game_id)).token
        feed = h.watch_open_seats(pb.WatchOpenSeatsRequest())
        assert [g.game_id for g in (await next_batch(feed)).open] == [game_id]
        await h.submit(pb.SubmitCommandRequest(game_id=game_id, command=pb.GameCommand(
            platform=pb.PlatformCommand(abort=pb.Abort()))), token)
        batch = await next_batch(feed)
        assert list(batch.closed) == [game_id] and not batch.open
        await feed.aclose()

    asyncio.run(main())


def test_filters_by_game_type_and_option_value_the_default_counting_for_an_option_left_out():
    async def main():
        h = host()
        roma = (await create(h)).game.game_id
        default_edition = (await create(h, "rome-et-carthage")).game.game_id
        med = (await create(h, "rome-et-carthage", options={"edition": "mediterranee"})).game.game_id
        hannibal = (await create(h, "hannibal")).game.game_id

        async def first(**fields) -> set[str]:
            feed = h.watch_open_seats(pb.WatchOpenSeatsRequest(**fields))
            ids = {g.game_id for g in (await next_batch(feed)).open}
            await feed.aclose()
            return ids

        assert await first(game_types=["roma", "hannibal"]) == {roma, hannibal}
        assert await first(game_types=["rome-et-carthage"], options={"edition": "mediterranee"}) == {med}
        from engine import registry
        default = registry.get("rome-et-carthage").info.options["edition"].default
        assert default != "mediterranee"
        assert await first(options={"edition": default}) == {default_edition}  # a type without it never matches

        # live changes are filtered the same way
        feed = h.watch_open_seats(pb.WatchOpenSeatsRequest(game_types=["hannibal"]))
        await next_batch(feed)
        await create(h)  # roma: not for this subscriber
        await nothing_more(h)
        newer = (await create(h, "hannibal")).game.game_id
        assert [g.game_id for g in (await next_batch(feed)).open] == [newer]
        await feed.aclose()

    asyncio.run(main())


def test_a_bad_filter_is_refused_with_a_precise_code():
    async def main():
        h = host()
        cases = [
            (pb.WatchOpenSeatsRequest(game_types=["chess"]), "UNKNOWN_GAME_TYPE"),
            (pb.WatchOpenSeatsRequest(options={"colour": "red"}), "BAD_CONFIG"),
            (pb.WatchOpenSeatsRequest(game_types=["rome-et-carthage"], options={"edition": "moon"}), "BAD_CONFIG"),
            (pb.WatchOpenSeatsRequest(game_types=["roma"], options={"edition": "mediterranee"}), "BAD_CONFIG"),
            (pb.WatchOpenSeatsRequest(limit=-1), "BAD_LIMIT"),
            (pb.WatchOpenSeatsRequest(game_types=["roma"] * 33), "TOO_MANY_ITEMS"),
        ]
        for req, code in cases:
            with pytest.raises(HostError) as exc:
                await h.watch_open_seats(req).__anext__()
            assert (exc.value.status, exc.value.code) == ("INVALID_ARGUMENT", code), req
        assert not h.feed.subscribers

    asyncio.run(main())


def test_the_first_batch_is_one_page_and_says_when_more_matched():
    async def main():
        h = host()
        ids = [(await create(h)).game.game_id for _ in range(5)]
        feed = h.watch_open_seats(pb.WatchOpenSeatsRequest(limit=3))
        first = await next_batch(feed)
        assert first.truncated and [g.game_id for g in first.open] == ids[::-1][:3]
        # a game left out of the first page is listed when it next changes
        await join(h, ids[0])
        assert [(g.game_id, list(g.free_seats)) for g in (await next_batch(feed)).open] == [(ids[0], [1])]
        await feed.aclose()

    asyncio.run(main())


def test_a_subscriber_that_stops_reading_is_closed_with_stream_too_slow(monkeypatch):
    monkeypatch.setattr(failures, "STREAM_QUEUE_MAX", 4)

    async def main():
        h = host()
        feed = h.watch_open_seats(pb.WatchOpenSeatsRequest())
        await next_batch(feed)
        (sub,) = h.feed.subscribers
        for _ in range(10):  # the subscriber reads nothing meanwhile
            await create(h)
            assert sub.queue.qsize() <= 5
        assert not h.feed.subscribers  # dropped: nothing more is queued for it
        with pytest.raises(HostError) as exc:
            await feed.__anext__()
        assert (exc.value.status, exc.value.code) == ("RESOURCE_EXHAUSTED", "STREAM_TOO_SLOW")
        again = h.watch_open_seats(pb.WatchOpenSeatsRequest())
        assert len((await next_batch(again)).open) == 10  # subscribing again lists what is open
        await again.aclose()

    asyncio.run(main())


def test_shutting_down_ends_the_feed_with_unavailable():
    async def main():
        h = host()
        feed = h.watch_open_seats(pb.WatchOpenSeatsRequest())
        await next_batch(feed)
        h.begin_shutdown()
        with pytest.raises(HostError) as exc:
            await feed.__anext__()
        assert (exc.value.status, exc.value.code) == ("UNAVAILABLE", "SHUTTING_DOWN")

    asyncio.run(main())


def test_the_feed_over_grpc_and_over_connect_json():
    import http.client
    import struct
    from urllib.parse import urlparse

    with ServerThread("memory", HostConfig(allow_client_seeds=True), http={"addr": "127.0.0.1:0"}) as s:
        with Client(s.addr, timeout=20) as c:
            c.wait_ready()
            game = c.create("roma")
            # gRPC
            feed = c.watch_open_seats(["roma"])
            first = next(feed)
            assert first.initial and [g.game_id for g in first.open] == [game.game_id]
            c.join(game.game_id)
            assert [list(g.free_seats) for g in next(feed).open] == [[1]]
            c.feed_call.cancel()
            # Connect, server streaming in JSON
            url = urlparse(s.web.url)
            conn = http.client.HTTPConnection(url.hostname, url.port, timeout=20)
            body = json.dumps({"gameTypes": ["roma"]}).encode()
            conn.request("POST", "/carthago.v1.GameService/WatchOpenSeats",
                         body=struct.pack(">BI", 0, len(body)) + body,
                         headers={"content-type": "application/connect+json"})
            resp = conn.getresponse()
            assert resp.status == 200

            def frame():
                flags, size = struct.unpack(">BI", resp.read(5))
                return flags, json.loads(resp.read(size))

            flags, msg = frame()
            assert flags == 0 and msg["initial"] is True
            assert [(g["gameId"], g["freeSeats"]) for g in msg["open"]] == [(game.game_id, [1])]
            c.join(game.game_id)
            flags, msg = frame()
            assert flags == 0 and msg == {"closed": [game.game_id]}
            # a bad filter: the end-of-stream frame carries the code
            conn2 = http.client.HTTPConnection(url.hostname, url.port, timeout=20)
            body = json.dumps({"gameTypes": ["chess"]}).encode()
            conn2.request("POST", "/carthago.v1.GameService/WatchOpenSeats",
                          body=struct.pack(">BI", 0, len(body)) + body,
                          headers={"content-type": "application/connect+json"})
            resp = conn2.getresponse()
            flags, end = frame()
            assert flags & 0x02 and end["error"]["message"].startswith("UNKNOWN_GAME_TYPE: ")
            conn.close()
            conn2.close()


def test_bot_accept_joins_two_games_created_after_it_started_and_plays_them_to_the_end():
    with ServerThread("memory", HostConfig(allow_client_seeds=True)) as s:
        bot = subprocess.Popen([str(ROOT / ".venv/bin/carthago"), "bot", "--accept", "--max-games", "2",
                                "--name", "waiter", "--bot", "random", "--game", "roma", "--server", s.addr],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            deadline = time.monotonic() + 20
            while not s.host.feed.subscribers:  # the bot has subscribed
                assert bot.poll() is None and time.monotonic() < deadline, bot.stderr.read()
                time.sleep(0.05)
            with Client(s.addr, timeout=20) as c:
                before = c.create("hannibal")  # another game type: the bot leaves it alone
                ids, opponents = [], []
                for i in range(2):
                    game = c.create("roma")
                    ids.append(game.game_id)
                    seat = c.join(game.game_id, player="opponent")  # whichever seat the bot left
                    player = threading.Thread(target=RandomBot(seat, i).play, daemon=True)
                    player.start()
                    opponents.append(player)
                out, err = bot.communicate(timeout=60)
                assert bot.returncode == 0, err
                for game_id in ids:
                    summary = c.game(game_id)
                    assert summary.status.over
                    assert sorted(x.player for x in summary.seats) == ["opponent", "waiter"]
                    assert f"joined {game_id}" in out and f"{game_id}: over" in out
                assert not any(x.claimed for x in c.game(before.game_id).seats)
                for player in opponents:
                    player.join(10)
        finally:
            if bot.poll() is None:
                bot.kill()
                bot.wait()


def test_a_feed_on_one_process_sees_games_created_and_claimed_on_another(pg_url):
    from server.pgstore import PostgresStore

    async def main():
        config = HostConfig(allow_client_seeds=True, poll_every_s=0)  # notifications only
        a, b = GameHost(PostgresStore(pg_url), config), GameHost(PostgresStore(pg_url), config)
        await b.start()
        assert await asyncio.to_thread(b.store.listening.wait, 10)
        before = (await create(a)).game.game_id  # found by the first subscriber's scan
        feed = b.watch_open_seats(pb.WatchOpenSeatsRequest())
        assert [g.game_id for g in (await next_batch(feed)).open] == [before]
        game_id = (await create(a)).game.game_id  # known to b by notification alone
        assert [(g.game_id, list(g.free_seats)) for g in (await next_batch(feed)).open] == [(game_id, [0, 1])]
        await join(a, game_id)
        assert [(g.game_id, list(g.free_seats)) for g in (await next_batch(feed)).open] == [(game_id, [1])]
        await join(a, game_id)
        assert list((await next_batch(feed)).closed) == [game_id]
        await feed.aclose()
        b.begin_shutdown()
        a.store.close()
        b.store.close()

    asyncio.run(main())


def test_bot_accept_subscribes_again_after_its_server_goes_away_and_joins_a_game_on_the_new_one():
    import io
    import socket

    from carthago.accept import Acceptor
    from carthago.bots import make_bot

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    addr = f"127.0.0.1:{port}"
    out = io.StringIO()
    acceptor = Acceptor(addr, "waiter", "random", make_bot, ["roma"], {}, max_games=1, out=out)
    result: list[int] = []
    runner = threading.Thread(target=lambda: result.append(acceptor.run()), daemon=True)
    try:
        first = ServerThread("memory", HostConfig(allow_client_seeds=True), addr=addr)
        runner.start()
        deadline = time.monotonic() + 20
        while not first.host.feed.subscribers:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        first.close()  # the feed ends with SHUTTING_DOWN; the bot backs off and subscribes again
        with ServerThread("memory", HostConfig(allow_client_seeds=True), addr=addr) as second:
            deadline = time.monotonic() + 20
            while not second.host.feed.subscribers:
                assert runner.is_alive() and time.monotonic() < deadline, out.getvalue()
                time.sleep(0.05)
            with Client(second.addr, timeout=20) as c:
                game = c.create("roma")
                seat = c.join(game.game_id, player="opponent")
                RandomBot(seat, 3).play()
                runner.join(30)
                assert result == [0], out.getvalue()
                assert sorted(x.player for x in c.game(game.game_id).seats) == ["opponent", "waiter"]
        assert "subscribing again" in out.getvalue()
    finally:
        acceptor.stopping.set()


def test_bot_accept_with_state_goes_on_with_its_games_after_a_kill(tmp_path):
    """Issue 35, item 2: `carthago bot --accept` kept its seat tokens in memory only, so after a
    restart it lost its games (on time, or for ever in an unclocked game). With --state DIR it
    keeps each game's seat in DIR/GAME_ID.json and, started again, plays that seat to the end."""
    state = tmp_path / "state"
    argv = [str(ROOT / ".venv/bin/carthago"), "bot", "--accept", "--max-games", "1", "--name", "keeper",
            "--bot", "random", "--game", "roma", "--state", str(state)]
    with ServerThread("memory", HostConfig(allow_client_seeds=True)) as s, Client(s.addr, timeout=20) as c:
        game = c.create("roma", seed=b"kept seat")
        mine = c.join(game.game_id, seat=0, player="opponent")  # it does not move until the bot is killed
        first = subprocess.Popen(argv + ["--server", s.addr], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        second = None
        try:
            kept = state / f"{game.game_id}.json"
            deadline = time.monotonic() + 30
            while not kept.exists():
                assert first.poll() is None and time.monotonic() < deadline, first.stderr.read()
                time.sleep(0.05)
            assert json.loads(kept.read_text())["seat"] == 1
            assert kept.stat().st_mode & 0o077 == 0  # the token is the owner's only
            first.kill()
            first.wait(10)
            second = subprocess.Popen(argv + ["--server", s.addr], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                      text=True)
            player = threading.Thread(target=RandomBot(mine, 7).play, daemon=True)
            player.start()
            out, err = second.communicate(timeout=60)
            assert second.returncode == 0, err
            assert f"resuming {game.game_id} at seat 1" in out and "joined" not in out
            summary = c.game(game.game_id)
            assert summary.status.over and summary.status.result_reason != pb.RESULT_REASON_TIMEOUT
            assert sorted(x.player for x in summary.seats) == ["keeper", "opponent"]
            assert not kept.exists()  # a finished game's seat is not kept
            player.join(10)
        finally:
            for proc in (first, second):
                if proc is not None and proc.poll() is None:
                    proc.kill()
                    proc.wait()
