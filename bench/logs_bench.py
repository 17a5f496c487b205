"""Figures 2 (replay and verify an exported log) and 3 (cold load of a game).

Every log here is written by the server's own code: a :class:`server.host.GameHost` on a
:class:`server.store.SqliteStore` in a temporary directory, each command sent through
``GameHost.submit`` (decide, chain, append, snapshot every ``snapshot_every`` events). While
*building* the fixture the store's writer runs with ``PRAGMA synchronous=OFF`` (the bytes written are
the same; only the fsyncs are skipped, which figure 3 never measures); every load is measured on a
fresh ``SqliteStore`` (``synchronous=FULL``, as the server opens it) and a fresh ``GameHost``.

Figure 2 — Roma games are short (~120 records) and exports cannot be concatenated (each is one
hash chain with its own seed), so replay is measured two ways: over many whole exported games
one after another, and over one long finished game (kept alive by the bot of
:func:`bench.engine_bench.long_game` to ~10,000 events, then played randomly to its end). The
floor is decoding the same bytes without applying them: ``split_export`` + ``LogRecord`` parse.
"replay" adds the wire decoding of each event and ``evolve`` (``Session.replay``); "verify" is
``server.log.verify`` (hashes, salts, re-running ``decide`` and comparing bytes).

Figure 3 — a live game of ~100 events (no snapshot yet: a full replay) against a live game of
~10,000 events (snapshot + tail). Both loaded by ``GameHost._load`` (what any RPC on a game not
in memory does). The OS page cache is warm: "cold" means "not in the server's memory".
"""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import tempfile
from time import perf_counter
from typing import Any, Callable

from carthago.v1 import carthago_pb2 as pb
from engine import registry
from engine.core import Game, GameConfig
from engine.session import Session
from server.host import GameHost, HostConfig
from server.log import export_bytes, game_event_of, split_export, verify
from server.store import SqliteStore
from server.wire import wire_for

from .engine_bench import finish_randomly, long_game, random_game
from .stats import at_least, at_most, figure, summary

REPLAY_TARGET = 0.30   # replay >= 30% of decode-only
LOAD_TARGET = 2.0      # long / short load time <= 2x


class Builder:
    """Writes games through the real host into an SQLite file."""

    def __init__(self, path: str, snapshot_every: int = 200) -> None:
        self.path = path
        self.store = SqliteStore(path, synchronous="OFF")  # fixture only: same bytes, no fsync
        self.host = GameHost(self.store, HostConfig(snapshot_every=snapshot_every, allow_client_seeds=True))
        self.loop = asyncio.new_event_loop()
        self.requests = 0

    def create(self, game: Game, seed: bytes) -> tuple[str, dict[int, str]]:
        run = self.loop.run_until_complete
        resp = run(self.host.create_game(pb.CreateGameRequest(game_type=game.info.id, seed=seed)))
        gid = resp.game.game_id
        tokens = {}
        for seat in range(resp.game.players):
            tokens[seat] = run(self.host.join_game(pb.JoinGameRequest(game_id=gid, seat=seat, player="bench"))).token
        return gid, tokens

    def play(self, game: Game, gid: str, tokens: dict[int, str], commands: list[tuple[int, Any]]) -> None:
        wire = wire_for(game)

        async def go() -> None:
            for seat, command in commands:
                self.requests += 1
                req = pb.SubmitCommandRequest(game_id=gid, request_id=f"bench-{self.requests}",
                                              command=pb.GameCommand(**{wire.field: wire.command_to_proto(command)}))
                await self.host.submit(req, tokens[seat])

        self.loop.run_until_complete(go())

    def export(self, gid: str) -> bytes:
        return export_bytes(self.store.read(gid))

    def close(self) -> None:
        self.loop.close()
        self.store.close()


# ---- figure 2 -------------------------------------------------------------------------------

def decode_only(data: bytes) -> int:
    n = 0
    for _, sealed in split_export(data):
        pb.LogRecord.FromString(sealed.body)
        n += 1
    return n


def replay(data: bytes) -> tuple[int, dict[str, float]]:
    """Decode every record, turn game records into engine events, fold ``evolve``."""
    t0 = perf_counter()
    bodies = [pb.LogRecord.FromString(sealed.body) for _, sealed in split_export(data)]
    t1 = perf_counter()
    created = bodies[0].event.platform.game_created
    game = registry.get(created.game_type)
    wire = wire_for(game)
    events = [e for b in bodies if (e := game_event_of(wire, b)) is not None]
    t2 = perf_counter()
    config = GameConfig(players=created.players, options=dict(created.options))
    Session.replay(game, config, b"", events)
    t3 = perf_counter()
    return len(bodies), {"decode": t1 - t0, "wire": t2 - t1, "evolve": t3 - t2}


def _rate(fn: Callable[[], int], reps: int) -> tuple[float, list[float]]:
    rates = []
    for _ in range(reps):
        t = perf_counter()
        n = fn()
        rates.append(n / (perf_counter() - t))
    return sorted(rates)[len(rates) // 2], rates


def replay_figures(label: str, game_id: str, exports: list[bytes], reps: int, note: str) -> list[dict]:
    records = sum(decode_only(d) for d in exports)
    floor, floor_rates = _rate(lambda: sum(decode_only(d) for d in exports), reps)
    split = {"decode": 0.0, "wire": 0.0, "evolve": 0.0}

    def do_replay() -> int:
        n = 0
        for d in exports:
            k, t = replay(d)
            n += k
            for key in split:
                split[key] += t[key]
        return n

    rep, rep_rates = _rate(do_replay, reps)
    bad = []

    def do_verify() -> int:
        n = 0
        for d in exports:
            verdict = verify(d)
            if not verdict.ok:
                bad.append(verdict.describe())
            n += verdict.records
        return n

    ver, ver_rates = _rate(do_verify, reps)
    total = sum(split.values()) or 1.0
    share = ", ".join(f"{k} {v / total:.0%}" for k, v in split.items())
    out = [
        figure("2 replay", f"replay (decode+wire+evolve), {label}", rep, "rec/s", game=game_id,
               floor=floor, floor_name="decode only", target=at_least(REPLAY_TARGET), spread=summary(rep_rates),
               floor_spread=summary(floor_rates), note=f"{records} records; time split: {share}. {note}"),
        figure("2 replay", f"verify (chain+salts+re-decide), {label}", ver, "rec/s", game=game_id,
               floor=floor, floor_name="decode only", target=at_least(REPLAY_TARGET), spread=summary(ver_rates),
               floor_spread=summary(floor_rates),
               note="verify FAILED: " + bad[0] if bad else f"{records} records, every verdict OK"),
    ]
    return out


# ---- figure 3 -------------------------------------------------------------------------------

def cold_load(path: str, gid: str) -> tuple[float, dict[str, Any]]:
    store = SqliteStore(path)
    try:
        host = GameHost(store)
        t = perf_counter()
        loaded = host._load(gid)
        dt = perf_counter() - t
        snap = store.latest_snapshot(gid, _version(loaded.game))
        info = {"head_seq": loaded.head_seq, "events": loaded.session.position,
                "snapshot_seq": snap.seq if snap else None,
                "tail_records": loaded.head_seq - (snap.seq if snap else -1)}
        return dt, info
    finally:
        store.close()


def _version(game: Game) -> str:
    from server.log import version_of

    return version_of(game)


# ---- the section ----------------------------------------------------------------------------

def run(quick: bool = False, game_ids: list[str] | None = None, tmp: str | None = None,
        log: Callable[[str], None] = print) -> dict[str, Any]:
    target_events = 2_000 if quick else 10_000
    short_games = 20 if quick else 150
    reps = 3 if quick else 5
    load_reps = 7 if quick else 21
    figures: list[dict] = []
    raw: dict[str, Any] = {}
    workdir = tempfile.mkdtemp(prefix="carthago-bench-logs-", dir=tmp)
    try:
        for game_id in game_ids or registry.ids():
            game = registry.get(game_id)
            rnd = random.Random(7)
            path = os.path.join(workdir, f"{game_id}.db")
            b = Builder(path)
            t0 = perf_counter()
            # many short finished games
            exports = []
            for i in range(short_games):
                commands, _ = random_game(game, f"short-{i}".encode(), rnd)
                gid, tokens = b.create(game, f"short-{i}".encode())
                b.play(game, gid, tokens, commands)
                exports.append(b.export(gid))
            # a live game of ~100 events (first prefix of a random game reaching 100)
            for i in range(50):
                seed = f"hundred-{i}".encode()
                commands, _ = random_game(game, seed, random.Random(i))
                s, _ = Session.start(game, GameConfig(players=game.info.player_counts[0]), seed)
                prefix = []
                for seat, c in commands:
                    if s.position >= 100:
                        break
                    s.submit(seat, c)
                    prefix.append((seat, c))
                if s.position >= 100 and not s.status().over:
                    break
            short_gid, tokens = b.create(game, seed)
            b.play(game, short_gid, tokens, prefix)
            # a long live game, then the same game finished for the long export
            # stop half-way between two snapshots (a tail of ~snapshot_every/2, like the short game's ~100)
            lg = long_game(game, b"long-game", target_events + 100, random.Random(3), budget_s=20 if quick else 60)
            long_gid, long_tokens = b.create(game, b"long-game")
            b.play(game, long_gid, long_tokens, lg["commands"])
            built_s = perf_counter() - t0
            log(f"  logs {game_id}: built {short_games} games + ~100-event game + {lg['events']}-event game "
                f"({lg['backtracks']} backtracks) in {built_s:.1f}s")

            # figure 3: cold loads, alternating short and long
            short_t, long_t, info = [], [], {}
            for _ in range(load_reps):
                dt, info["short"] = cold_load(path, short_gid)
                short_t.append(dt)
                dt, info["long"] = cold_load(path, long_gid)
                long_t.append(dt)
            s_sum, l_sum = summary(short_t), summary(long_t)
            figures.append(figure(
                "3 cold load", f"load {info['long']['head_seq'] + 1}-record game (p50)", l_sum["p50"] * 1e3, "ms",
                game=game_id, better="lower", floor=s_sum["p50"] * 1e3,
                floor_name=f"load {info['short']['head_seq'] + 1}-record game",
                target=at_most(LOAD_TARGET), spread=_ms(l_sum), floor_spread=_ms(s_sum),
                note=f"long: snapshot at seq {info['long']['snapshot_seq']}, tail {info['long']['tail_records']} "
                     f"records; short: snapshot {info['short']['snapshot_seq']}, tail "
                     f"{info['short']['tail_records']} records; long game built by "
                     f"{'keep-alive score + ' if lg['keep_alive_score'] else ''}look-ahead bot "
                     f"({lg['backtracks']} backtracks)"))
            raw[game_id] = {"load": info, "short_load_s": short_t, "long_load_s": long_t,
                            "long_game_events": lg["events"], "long_game_backtracks": lg["backtracks"],
                            "long_game_build_s": lg["seconds"]}

            # finish the long game and export it
            tail = finish_randomly(game, lg["session"], random.Random(5), game.info.max_steps)
            b.play(game, long_gid, long_tokens, tail)
            long_export = b.export(long_gid)
            b.close()

            # figure 2
            figures += replay_figures(f"{len(exports)} whole games", game_id, exports, reps,
                                      "Exports cannot be concatenated (one chain and seed each).")
            figures += replay_figures("1 long game", game_id, [long_export], reps,
                                      f"One game kept alive to {lg['events']} events, then played to its end.")
            log(f"  replay {game_id}: done")
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return {"figures": figures, "raw": raw}


def _ms(s: dict[str, float]) -> dict[str, float]:
    return {k: (v * 1e3 if k != "n" else v) for k, v in s.items()}
