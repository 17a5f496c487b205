"""Tournaments between bots that anyone can audit (issue 15).

``carthago tournament`` plays every game of a round-robin or Swiss event through a Carthago server
(an in-process one by default), exports each finished game's hashed log to ``DIR/games/``, and
writes ``DIR/standings.json`` (entrants, pairings, every game with its file's sha256 and its head
hash, the standings) and ``DIR/README.txt``. ``carthago verify-tournament DIR`` checks it all again
from the logs alone: each log with the same code as ``carthago verify``, each file's sha256 and
head hash, each result re-derived from the replay, who sat where from the logs' seat claims (the
entrants' names are the player names given at ``JoinGame``), the pairings and seats re-derived
from the results, and the standings recomputed.

Games have two seats (round-robin or Swiss) or more (round-robin over every table of N entrants,
the seats turning one place a game; the point shared among the winners; no Elo).

Everything after the games is a pure function of the games' results in their order: the Swiss
pairings of a round (from the results of the rounds before), the seat of a pairing's odd game
(a coin seeded by the tournament's recorded seed), the standings and the Elo ratings. That is what
lets ``verify-tournament`` recompute them rather than trust them.

Entrants are built-in bot specs (``random``, ``mcts:N``, ``mcts:Nms``) played in this process
against the server, or ``remote``: a bot running elsewhere, in any language. Every seat of every game
is reserved for its entrant's name; the tournament claims its built-in entrants' seats with their
invites and hands each remote entrant its invite out of band, as a file
``INVITES/NAME/GAME_ID`` (``carthago bot --accept --name NAME --invites INVITES`` reads it when the
open-seats feed shows the challenge). A remote entrant that has not claimed its seat within
``show_timeout`` seconds is a no-show: the tournament claims that seat with the invite it holds and
resigns it, so the entrant present wins by forfeit; when nobody showed up, the game is aborted
(counts for nobody). ``standings.json`` marks such games ``no_show``.

``standings.json`` is rewritten (atomically) after every game with ``"status": "in progress"``, and
``"complete"`` once the event ends; ``verify-tournament`` refuses an event in progress.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import os
import random
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from .clocks import ClockSpec, from_time_control
from .clocks import parse_clock as _parse_clock
from .stats import wilson

FORMAT = "carthago-tournament-v3"  # v2: seats reserved, no_show, status; v3: everyone_lost; older ones still verify
FORMATS_READ = ("carthago-tournament-v1", "carthago-tournament-v2", FORMAT)
IN_PROGRESS, COMPLETE = "in progress", "complete"
RETRY_FOR_S = 120.0  # how long a call retries UNAVAILABLE before the event stops (then: --resume)
REMOTE_DEFAULT_CLOCK = "5m"  # the clock of an event with remote entrants and no --clock: 5 minutes a move
REMOTE = "remote"
PLAYER = "player"  # a remote entrant that is a registered player: its seats are kept for its key, it hears on its stream
FORMATS = ("round-robin", "swiss")
TWO_SEATS = 2
NAME = re.compile(r"^[A-Za-z0-9_.:+-]{1,64}$")
REASONS = {  # engine.platform.BY_* (how a replayed log ended) -> carthago.v1.ResultReason name
    "rules": "RESULT_REASON_RULES",
    "resignation": "RESULT_REASON_RESIGNATION",
    "draw_agreed": "RESULT_REASON_DRAW_AGREED",
    "aborted": "RESULT_REASON_ABORTED",
    "timeout": "RESULT_REASON_TIMEOUT",
    "claimed": "RESULT_REASON_CLAIMED",
}
ELO_METHOD = ("Bradley-Terry maximum likelihood (Zermelo's iteration; a draw counts half a win to each "
              "side), with one virtual draw per entrant against a fixed opponent rated 0 so that a perfect "
              "or null score stays finite; ratings centred on the field's mean. It depends only on the "
              "results, not on their order. The 95 % interval is the Wilson interval of the entrant's score "
              "(with the same virtual draw), turned into Elo around the mean rating of its opponents.")
BYE_POINTS = 1.0


class TournamentError(Exception):
    """A tournament that cannot be run as asked (bad entrants, a game with other than two seats…)."""


class AuditProblem(Exception):
    """The first thing ``verify-tournament`` found wrong: the message names the game or the row."""


@dataclass(frozen=True)
class Entrant:
    name: str   # the player name at JoinGame, so the logs say who sat where
    spec: str   # random, mcts:N, mcts:Nms, remote (a bot elsewhere, sent its invites) or player (by its key)

    @property
    def remote(self) -> bool:
        return self.spec in (REMOTE, PLAYER)


# ---- parsing --------------------------------------------------------------------

def parse_entrants(items: Iterable[str]) -> list[Entrant]:
    """``NAME=SPEC`` items to entrants: names unique (letters, digits, ``_.:+-``; at most 64
    characters, the limit of a player name), specs bots this process can run."""
    from .bots import check_spec

    out: list[Entrant] = []
    for item in items:
        name, sep, spec = item.partition("=")
        if not sep or not name or not spec:
            raise TournamentError(f"--bot takes NAME=SPEC (e.g. alice=mcts:200), not {item!r}")
        if not NAME.match(name):
            raise TournamentError(f"entrant name {name[:80]!r}: use 1 to 64 letters, digits or _ . : + -")
        if any(e.name == name for e in out):
            raise TournamentError(f"two entrants are named {name!r}: names must differ (they identify the "
                                  "players in the logs)")
        try:
            if spec not in (REMOTE, PLAYER):
                check_spec(spec)
        except ValueError as err:
            raise TournamentError(f"entrant {name}: {err} (or {REMOTE}: a bot running elsewhere)") from None
        out.append(Entrant(name, spec))
    if len(out) < 2:
        raise TournamentError("a tournament needs at least two entrants (--bot NAME=SPEC, repeated)")
    return out


def parse_clock(text: str | None) -> ClockSpec | None:
    """``--clock`` (``carthago.clocks``, the syntax ``carthago new`` takes): ``600+5`` ->
    (600000, 5000, 0, 0) milliseconds; ``600d3`` a delay; ``3d`` correspondence."""
    try:
        return _parse_clock(text)
    except ValueError as err:
        raise TournamentError(str(err)) from None


def check_seats(game_type: str, players: int, player_counts: Iterable[int], fmt: str = "round-robin",
                entrants: int = 0) -> int:
    """The seat count of the tournament's games (``players``; 0: 2 when the game allows it, else its
    smallest count), or a clear refusal: a count the game does not offer, Swiss with more than two
    seats, fewer entrants than seats."""
    counts = tuple(player_counts)
    n = players or (TWO_SEATS if TWO_SEATS in counts else min(counts) if counts else 0)
    if n not in counts:
        raise TournamentError(f"{game_type} is played by {', '.join(map(str, counts))} players, not {n}")
    if n > TWO_SEATS and fmt != "round-robin":
        raise TournamentError(f"a {fmt} event pairs two entrants a game; games of {n} seats are played in "
                              "round-robin (every table of that many entrants meets once)")
    if entrants and entrants < n:
        raise TournamentError(f"{n}-seat games need at least {n} entrants, not {entrants}")
    return n


# ---- scheduling: pure functions of the results so far ----------------------------

def game_points(winners: Iterable[int], reason: str, seats: int = TWO_SEATS,
                everyone_lost: bool = False) -> tuple[float, ...] | None:
    """Points by seat: the game's 1 point shared among its winners (a sole winner 1, the others 0;
    two seats both winning or no winner, a draw: ½ each; with no winner every seat 1/N); a game
    every seat lost (``everyone_lost``: The Republic of Carthage IX.5) 0 each; None for an aborted
    game (no result)."""
    if reason == REASONS["aborted"]:
        return None
    if everyone_lost:
        return (0.0,) * seats
    won = set(winners)
    if not won:
        return tuple(1.0 / seats for _ in range(seats))
    return tuple(1.0 / len(won) if s in won else 0.0 for s in range(seats))


def table_plan(table: tuple[str, ...], k: int, seed: str, round_no: int) -> tuple[list[tuple[str, ...]], int | None]:
    """The seats of a table's ``k`` games (three seats or more): the entrants turn one seat round each
    game, so over N consecutive games each sits once at each seat. When N does not divide k, where
    the turning starts is drawn from the tournament's seed, the round and the table (returned, else
    None)."""
    n = len(table)
    start = random.Random(f"{seed}/round {round_no}/{' vs '.join(table)}").randrange(n) if k % n else None
    plan = [tuple(table[(i + g + (start or 0)) % n] for i in range(n)) for g in range(k)]
    return plan, start


def seat_plan(a: str, b: str, k: int, seed: str, round_no: int) -> tuple[list[tuple[str, str]], str | None]:
    """The seats of a pairing's ``k`` games, each ``(seat 0, seat 1)``: ``a`` and ``b`` alternate, so
    with k even each takes each seat k/2 times; with k odd the last game's seat 0 goes to the winner
    of a coin seeded by the tournament's seed, the round and the pairing (returned, else None)."""
    plan = [(a, b) if g % 2 == 0 else (b, a) for g in range(k - k % 2)]
    coin = None
    if k % 2:
        coin = a if random.Random(f"{seed}/round {round_no}/{a} vs {b}").random() < 0.5 else b
        plan.append((coin, b if coin == a else a))
    return plan, coin


def scores_so_far(names: list[str], games: list[dict], byes: list[dict]) -> dict[str, float]:
    points = {n: 0.0 for n in names}
    for g in games:
        got = game_points(g["winners"], g["reason"], len(g["seats"]), g.get("everyone_lost", False))
        if got is not None:
            for seat, name in enumerate(g["seats"]):
                points[name] += got[seat]
    for b in byes:
        points[b["bye"]] += b["points"]
    return points


def _pair(xs: list[str], played: set[frozenset], repeats: bool) -> list[tuple[str, str]] | None:
    """Pair ``xs`` in order: each first one with the next it may meet (backtracking); with
    ``repeats``, old opponents are allowed but tried after new ones."""
    if not xs:
        return []
    a, rest = xs[0], xs[1:]
    fresh = [b for b in rest if frozenset((a, b)) not in played]
    for b in fresh + ([b for b in rest if b not in fresh] if repeats else []):
        sub = _pair([x for x in rest if x != b], played, repeats)
        if sub is not None:
            return [(a, b)] + sub
    return None


def swiss_round(ranked: list[str], played: set[frozenset], had_bye: set[str]) -> tuple[list[tuple[str, str]], str | None]:
    """One Swiss round: ``ranked`` best first. With an odd count the bye goes to the lowest-ranked
    entrant without one yet (everyone had one: the lowest). Neighbours by score meet, never twice
    while a pairing without repeats exists; only when none does are repeats allowed."""
    for repeats in (False, True):
        if len(ranked) % 2:
            fresh = [x for x in reversed(ranked) if x not in had_bye]
            for bye in fresh or list(reversed(ranked)):
                pairs = _pair([x for x in ranked if x != bye], played, repeats)
                if pairs is not None:
                    return pairs, bye
        else:
            pairs = _pair(list(ranked), played, repeats)
            if pairs is not None:
                return pairs, None
    raise AssertionError("unreachable: with repeats allowed every list pairs")


def next_round(fmt: str, names: list[str], round_no: int, games: list[dict], byes: list[dict],
               seats: int = TWO_SEATS) -> tuple[list[tuple[str, ...]], str | None]:
    """The pairings (and the bye) of round ``round_no``, from the results before it. Round-robin:
    one round, every pair (with N seats: every table of N) in the entrants' order. Swiss (two seats):
    ranked by points, then by entry order."""
    if fmt == "round-robin":
        return list(itertools.combinations(names, seats)), None
    points = scores_so_far(names, games, byes)
    ranked = sorted(names, key=lambda n: (-points[n], names.index(n)))
    played = {frozenset(g["seats"]) for g in games}
    return swiss_round(ranked, played, {b["bye"] for b in byes})


# ---- standings and Elo ------------------------------------------------------------

def elo_ratings(names: list[str], results: list[tuple[str, str, float, float]], prior: float = 1.0,
                iterations: int = 10_000) -> dict[str, tuple[float, tuple[float, float] | None]]:
    """Each entrant's Elo and 95 % interval from ``results`` ``(a, b, points of a, points of b)``
    (see ELO_METHOD). ``prior`` virtual draws against an opponent rated 0 (0: none; then every
    entrant needs a score strictly between nothing and everything). Entrants without a game: 0, no
    interval."""
    games = {n: 0 for n in names}
    won = {n: prior / 2 for n in names}
    meetings: dict[tuple[str, str], int] = {}
    for a, b, pa, pb in results:
        games[a] += 1
        games[b] += 1
        won[a] += pa
        won[b] += pb
        meetings[(a, b)] = meetings.get((a, b), 0) + 1
        meetings[(b, a)] = meetings.get((b, a), 0) + 1
    active = [n for n in names if games[n]]
    opponents_of: dict[str, list[tuple[str, int]]] = {n: [] for n in active}
    for (i, j), count in meetings.items():
        opponents_of[i].append((j, count))
    gamma = {n: 1.0 for n in active}
    for _ in range(iterations):
        new = {}
        for i in active:
            denom = prior / (gamma[i] + 1.0)
            denom += sum(count / (gamma[i] + gamma[j]) for j, count in opponents_of[i])
            new[i] = won[i] / denom
        if not prior:  # no anchor: fix the scale (geometric mean 1)
            mean = math.exp(sum(math.log(v) for v in new.values()) / len(new))
            new = {k: v / mean for k, v in new.items()}
        change = max(abs(math.log(new[k] / gamma[k])) for k in active) if active else 0.0
        gamma = new
        if change < 1e-12:
            break
    elo = {n: 400 * math.log10(gamma[n]) for n in active}
    centre = sum(elo.values()) / len(elo) if elo else 0.0
    elo = {n: v - centre for n, v in elo.items()}
    out: dict[str, tuple[float, tuple[float, float] | None]] = {}
    for n in names:
        if not games[n]:
            out[n] = (0.0, None)
            continue
        opponents = [elo[b] for a, b, _, _ in results if a == n] + [elo[a] for a, b, _, _ in results if b == n]
        around = sum(opponents) / len(opponents)
        lo, hi = wilson(won[n], games[n] + prior)
        out[n] = (elo[n], (around + _logit_elo(lo), around + _logit_elo(hi)))
    return out


def _logit_elo(p: float) -> float:
    """The Elo difference at which the expected score is ``p`` (±inf at 0 and 1)."""
    if p <= 0:
        return -math.inf
    if p >= 1:
        return math.inf
    return 400 * math.log10(p / (1 - p))


def _r(x: float) -> float | None:
    return None if math.isinf(x) else round(x, 1)


def standings(entrants: list[Entrant], games: list[dict], byes: list[dict], seats: int = TWO_SEATS
              ) -> list[dict[str, Any]]:
    """The table: one row per entrant, best first (points, then Elo, then entry order). With more
    than two seats a win is a game won alone, a loss one without a point, a draw one whose point was
    shared; Elo (a model of two-player games) is not computed: None."""
    names = [e.name for e in entrants]
    rows = {e.name: {"name": e.name, "spec": e.spec, "games": 0, "wins": 0, "draws": 0, "losses": 0,
                     "aborted": 0, "byes": 0, "points": 0.0, "seat_games": [0] * seats} for e in entrants}
    results = []
    for g in games:
        got = game_points(g["winners"], g["reason"], seats, g.get("everyone_lost", False))
        for seat, name in enumerate(g["seats"]):
            row = rows[name]
            if got is None:
                row["aborted"] += 1
                continue
            row["games"] += 1
            row["seat_games"][seat] += 1
            row["points"] += got[seat]
            row["wins" if got[seat] == 1 else "losses" if got[seat] == 0 else "draws"] += 1
        if got is not None and seats == TWO_SEATS:
            results.append((g["seats"][0], g["seats"][1], got[0], got[1]))
    for b in byes:
        rows[b["bye"]]["byes"] += 1
        rows[b["bye"]]["points"] += b["points"]
    ratings = elo_ratings(names, results) if seats == TWO_SEATS else {n: (None, None) for n in names}
    for name, (elo, interval) in ratings.items():
        rows[name]["elo"] = None if elo is None else round(elo, 1)
        rows[name]["elo_ci95"] = None if interval is None else [_r(interval[0]), _r(interval[1])]
    ordered = sorted(rows.values(), key=lambda r: (-r["points"], -(r["elo"] or 0.0), names.index(r["name"])))
    for rank, row in enumerate(ordered, 1):
        row["rank"] = rank
    return ordered


def table(rows: list[dict[str, Any]]) -> str:
    """The standings as text."""
    width = max([len(r["name"]) for r in rows] + [7])
    spec = max([len(r["spec"]) for r in rows] + [4])
    lines = [f"{'#':>3}  {'entrant':<{width}}  {'bot':<{spec}}  games    W    D    L  byes  points     Elo  95 % interval"]
    for r in rows:
        ci = r["elo_ci95"]
        interval = "" if ci is None else "[" + ", ".join("-inf" if v is None and i == 0 else "+inf" if v is None
                                                         else f"{v:.0f}" for i, v in enumerate(ci)) + "]"
        lines.append(f"{r['rank']:>3}  {r['name']:<{width}}  {r['spec']:<{spec}}  {r['games']:5d} {r['wins']:4d} "
                     f"{r['draws']:4d} {r['losses']:4d} {r['byes']:5d} {r['points']:7.2f} "
                     f"{'-' if r['elo'] is None else format(r['elo'], '.0f'):>7}  {interval}")
    return "\n".join(lines)


# ---- running --------------------------------------------------------------------

def write_invite(invites: Path, name: str, game_id: str, invite: str) -> Path:
    """Hand a remote entrant its invite: ``INVITES/NAME/GAME_ID`` (readable by the owner only),
    written whole (a temp file renamed) so a reader never sees half of it."""
    folder = invites / name
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    path = folder / game_id
    tmp = folder / f".{game_id}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(invite + "\n")
    os.replace(tmp, path)
    return path


def _await_remotes(client, game_id: str, remote_seats: dict[int, str], timeout: float) -> set[int]:
    """Wait until every remote seat is claimed or ``timeout`` seconds pass; the seats still unclaimed."""
    deadline = time.monotonic() + timeout
    while True:
        claimed = {s.seat for s in client.game(game_id).seats if s.claimed}
        missing = set(remote_seats) - claimed
        if not missing or time.monotonic() >= deadline:
            return missing
        time.sleep(0.1)


CURRENT = ".current-game.json"  # the game being played: its id, invites and tokens, for --resume


def _write_private(path: Path, doc: dict[str, Any]) -> None:
    """A JSON file readable by the owner only, written whole (a temp file renamed over it)."""
    tmp = path.with_name(f".{path.name}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(json.dumps(doc) + "\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


class _Abandoned(Exception):
    """An interrupted game that cannot go on (a seat claimed whose token was never recorded)."""


def _play_game(client, game_type: str, options: dict[str, str], clock: ClockSpec | None,
               seats: tuple[str, ...], specs: dict[str, str], bot_seed: str, invites: Path | None = None,
               show_timeout: float = 60.0, state: Path | None = None, resumed: dict | None = None
               ) -> tuple[str, Any, list[str]]:
    """Create one game with every seat reserved for its entrant, claim the built-in entrants' seats,
    hand the remote ones their invites and wait for them, then play it out.
    (game id, summary, the names of the no-shows). ``state``: the file that keeps the game's id,
    invites and this process's tokens while it is played (``DIR/.current-game.json``, the owner's
    only; removed once the game is recorded); ``resumed``: that file's content, to go on with an
    interrupted game instead of creating one."""
    from .bots import make_bot
    from .client import CarthagoError, Seat

    if resumed is None:
        keys = {i: client.player(name).public_key for i, name in enumerate(seats) if specs[name] == PLAYER}
        made = client.create_reserved(game_type, dict(enumerate(seats)), len(seats), options, None, clock, keys=keys)
        game_id = made.game.game_id
        invite_of = {inv.seat: inv.invite for inv in made.invites}
        held: dict[int, str] = {}
    else:
        game_id = resumed["game_id"]
        invite_of = {int(i): v for i, v in resumed["invites"].items()}
        held = {int(i): v for i, v in resumed["tokens"].items()}
    record = {"seats": list(seats), "game_id": game_id, "invites": invite_of, "tokens": held}
    if state is not None:
        _write_private(state, record)
    remote = {i: name for i, name in enumerate(seats) if specs[name] in (REMOTE, PLAYER)}
    files = []
    no_show: list[int] = []
    try:
        for i, name in remote.items():
            if specs[name] == REMOTE:  # a registered player hears of its seat on its stream instead
                files.append(write_invite(invites, name, game_id, invite_of[i]))
        agents: dict[int, Any] = {}
        tokens = []
        for i, name in enumerate(seats):
            if i not in remote:
                if i in held:
                    seat = Seat(client, game_id, i, held[i])
                else:
                    try:
                        seat = client.join(game_id, seat=i, invite=invite_of[i])
                    except CarthagoError as err:
                        if err.code == "SEAT_TAKEN":  # its invite is ours: our claim landed, its answer was lost
                            raise _Abandoned(f"seat {i} of {game_id} was claimed but its token never came "
                                             "back") from None
                        raise
                    held[i] = seat.token
                    if state is not None:
                        _write_private(state, record)
                tokens.append(seat)
                agents[i] = make_bot(specs[name], seat, bot_seed)
        missing = _await_remotes(client, game_id, remote, show_timeout) if remote else set()
        if missing:
            # claim each missing seat with the invite we hold (the remote may claim it at the last moment:
            # then it is not missing after all)
            for i in sorted(missing):
                try:
                    tokens.append(client.join(game_id, seat=i, invite=invite_of[i]))
                    no_show.append(i)
                except CarthagoError as err:
                    if err.code not in ("SEAT_TAKEN", "INVALID_INVITE"):
                        raise
            aborted = False
            if len(no_show) > 1:  # nobody came, or (more seats) several did not: no game, no result
                try:
                    tokens[0].abort()
                    aborted = True
                except CarthagoError as err:
                    if err.code != "ABORT_TOO_LATE" or len(no_show) == len(seats):
                        raise  # (one present may have moved already: then the first no-show resigns)
            if no_show and not aborted:
                absent = next(seat for seat in tokens if seat.seat == no_show[0])
                try:
                    absent.resign()  # the no-show forfeits; the game's rules say who wins among the others
                except CarthagoError as err:
                    if err.code != "GAME_OVER":
                        raise
    finally:
        for f in files:
            f.unlink(missing_ok=True)
    while True:
        summary = client.game(game_id)
        if summary.status.over:
            return game_id, summary, [seats[i] for i in no_show]
        acted = False
        for s in summary.status.to_act:
            if s not in agents:
                continue  # a remote entrant's turn: it plays from its own process
            try:
                acted = agents[s].act_once() or acted
            except CarthagoError as err:
                # out of time (the server writes its ClockExpired next) or over meanwhile: look again
                if err.code not in ("TIME_EXPIRED", "GAME_OVER"):
                    raise
        if not acted:  # a remote entrant's move comes at a human pace: do not poll the server hard for it
            time.sleep(0.005 if set(summary.status.to_act) <= set(agents) else 0.05)


def _inside(path: Path, directory: Path) -> bool:
    """Is ``path`` ``directory`` or under it (symbolic links and ``..`` resolved)?"""
    path, directory = path.resolve(), directory.resolve()
    return path == directory or directory in path.parents


def write_standings(out: Path, doc: dict[str, Any]) -> None:
    """standings.json, whole or not at all: a temp file renamed over it (a crash leaves the last one)."""
    tmp = out / ".standings.json.tmp"
    with open(tmp, "w") as f:
        f.write(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, out / "standings.json")


def run(addr: str, game_type: str, entrants: list[Entrant], fmt: str, games_per_pairing: int, out: Path,
        rounds: int = 0, players: int = 0, options: dict[str, str] | None = None, clock_text: str | None = None,
        seed: str | None = None, say: Callable[[str], None] = print, invites: Path | None = None,
        show_timeout: float = 60.0, retry_for: float = RETRY_FOR_S) -> dict[str, Any]:
    """Play the tournament on the server at ``addr``; write ``out``; return standings.json's content.
    ``retry_for``: seconds each call retries UNAVAILABLE (a worker crash, a rolling restart) with
    back-off before the event stops (it can then go on with :func:`resume`)."""
    if fmt not in FORMATS:
        raise TournamentError(f"--format is one of {', '.join(FORMATS)}, not {fmt!r}")
    if games_per_pairing < 1:
        raise TournamentError("--games-per-pairing is at least 1")
    options = dict(options or {})
    remote = any(e.remote for e in entrants)
    if remote and not clock_text:
        # a remote bot that joins and falls silent would stall an unclocked event for ever
        clock_text = REMOTE_DEFAULT_CLOCK
        say(f"remote entrants and no --clock: every game has {REMOTE_DEFAULT_CLOCK} "
            f"({parse_clock(REMOTE_DEFAULT_CLOCK).describe()}); a silent seat loses on time")
    clock = parse_clock(clock_text)
    _check_invites(entrants, invites, out)
    if show_timeout <= 0:
        raise TournamentError("--show-timeout is a number of seconds above 0")
    if out.exists() and any(out.iterdir()):
        raise TournamentError(f"{out} is not empty: a tournament writes into a new directory (its files are "
                              "what gets published); to go on with an interrupted one: --resume DIR")
    if fmt == "round-robin":
        rounds = 1
    elif rounds <= 0:
        rounds = max(1, math.ceil(math.log2(len(entrants))))
    seed = seed or random.SystemRandom().getrandbits(64).to_bytes(8, "big").hex()
    doc = {
        "format": FORMAT, "status": IN_PROGRESS, "game": game_type, "players": players, "options": options,
        "tournament_format": fmt, "rounds": rounds, "games_per_pairing": games_per_pairing,
        "clock_ms": None if clock is None else clock.as_dict(),
        "seed": seed, "bye_points": BYE_POINTS, "elo_method": ELO_METHOD,
        "show_timeout_s": show_timeout,
        "entrants": [{"name": e.name, "spec": e.spec} for e in entrants],
        "pairings": [], "games": [], "standings": [],
    }
    return _play_event(addr, doc, out, say, invites, retry_for, clock)


def resume(addr: str, out: Path, say: Callable[[str], None] = print, invites: Path | None = None,
           retry_for: float = RETRY_FOR_S) -> dict[str, Any]:
    """Go on with the interrupted event in ``out`` (its standings.json "in progress"): the same
    schedule, the games it recorded kept, the game it was playing continued (``.current-game.json``)
    or, if that cannot be, played again as a new game; then the rest."""
    path = out / "standings.json"
    try:
        doc = json.loads(path.read_text())
    except (OSError, ValueError) as err:
        raise TournamentError(f"--resume {out}: {path} does not read ({err})") from None
    if doc.get("format") != FORMAT or doc.get("status") != IN_PROGRESS:
        raise TournamentError(f"--resume {out}: not an event in progress of this version (format "
                              f"{doc.get('format')!r}, status {doc.get('status')!r})")
    entrants = [Entrant(e["name"], e["spec"]) for e in doc["entrants"]]
    _check_invites(entrants, invites, out)
    clock = None if doc["clock_ms"] is None else ClockSpec(**doc["clock_ms"])
    say(f"resuming {out}: {len(doc['games'])} game{'s' if len(doc['games']) != 1 else ''} recorded")
    return _play_event(addr, doc, out, say, invites, retry_for, clock)


def _check_invites(entrants: list[Entrant], invites: Path | None, out: Path) -> None:
    if any(e.spec == REMOTE for e in entrants) and invites is None:
        raise TournamentError("remote entrants need --invites DIR: the directory their invites are written to "
                              "(INVITES/NAME/GAME_ID), which their bots read (carthago bot --accept --invites DIR)")
    if invites is not None and _inside(invites, out):
        raise TournamentError(f"--invites {invites} is inside --out {out}: the invites are secrets and --out is "
                              "what gets published; keep them apart")


def _play_event(addr: str, doc: dict[str, Any], out: Path, say: Callable[[str], None], invites: Path | None,
                retry_for: float, clock: ClockSpec | None) -> dict[str, Any]:
    """Play ``doc``'s event, skipping the games it records already (a resumed event: each must be
    the one the schedule puts there), and write ``out`` after every game."""
    from .client import Client, pb

    entrants = [Entrant(e["name"], e["spec"]) for e in doc["entrants"]]
    names = [e.name for e in entrants]
    specs = {e.name: e.spec for e in entrants}
    game_type, fmt, options, seed = doc["game"], doc["tournament_format"], doc["options"], doc["seed"]
    games: list[dict] = doc["games"]
    pairings: list[dict] = doc["pairings"]
    byes: list[dict] = [p for p in pairings if "bye" in p]
    state = out / CURRENT

    def retrying(method: str, message: str, pause: float) -> None:
        say(f"the server is unavailable ({method}: {message or 'no answer'}): retrying in {pause:.1f}s")

    with Client(addr, timeout=120, retry_for=retry_for, on_retry=retrying) as client:
        client.wait_ready(10)
        info = {t.id: t for t in client.game_types()}
        if game_type not in info:
            raise TournamentError(f"the server hosts no game {game_type!r} (it hosts {', '.join(sorted(info))})")
        players = doc["players"] = check_seats(game_type, doc["players"], info[game_type].player_counts, fmt,
                                               len(entrants))

        def progress() -> None:  # the table so far, for an operator watching (and what a crash leaves)
            doc["standings"] = standings(entrants, games, byes, players)
            write_standings(out, doc)

        (out / "games").mkdir(parents=True, exist_ok=True)
        progress()
        started = time.monotonic()
        n = 0
        for round_no in range(1, doc["rounds"] + 1):
            # the round as it was first drawn: from the games and byes of the rounds before only
            pairs, bye = next_round(fmt, names, round_no, [g for g in games if g["round"] < round_no],
                                    [b for b in byes if b["round"] < round_no], players)
            if bye is not None and not any(b["round"] == round_no for b in byes):
                byes.append({"round": round_no, "bye": bye, "points": BYE_POINTS})
                pairings.append({"round": round_no, "bye": bye, "points": BYE_POINTS})
                say(f"round {round_no}: {bye} has the bye ({BYE_POINTS:g} point)")
                progress()
            for pair in pairs:
                plan, coin = (seat_plan(*pair, doc["games_per_pairing"], seed, round_no) if players == TWO_SEATS
                              else table_plan(pair, doc["games_per_pairing"], seed, round_no))
                numbers = []
                for seats in plan:
                    n += 1
                    numbers.append(n)
                    if n <= len(games):  # recorded before an interruption
                        if games[n - 1]["seats"] != list(seats) or games[n - 1]["round"] != round_no:
                            raise TournamentError(f"--resume: {out}'s game {n} is not the one its schedule puts "
                                                  f"there ({list(seats)} in round {round_no})")
                        continue
                    resumed = _current(state, seats, say)
                    try:
                        game_id, summary, no_show = _play_game(client, game_type, options, clock, seats, specs,
                                                               f"{seed}/{n}", invites, doc["show_timeout_s"],
                                                               state, resumed)
                    except _Abandoned as why:
                        say(f"game {n}: the interrupted game cannot go on ({why}); playing it again as a new game")
                        game_id, summary, no_show = _play_game(client, game_type, options, clock, seats, specs,
                                                               f"{seed}/{n}", invites, doc["show_timeout_s"], state)
                    data = client.export(game_id, form=pb.EXPORT_FORM_BINARY).records
                    path = out / "games" / f"{n}-{game_id}.log"
                    path.write_bytes(data)
                    st = summary.status
                    reason = pb.ResultReason.Name(st.result_reason)
                    got = game_points(st.winners, reason, players, st.everyone_lost)
                    games.append({"n": n, "round": round_no, "game_id": game_id, "file": f"games/{path.name}",
                                  "sha256": hashlib.sha256(data).hexdigest(), "head_hash": summary.head_hash,
                                  "seats": list(seats), "winners": sorted(st.winners), "reason": reason,
                                  "everyone_lost": st.everyone_lost,
                                  "result": _result_text(got), "status_reason": st.reason, "no_show": no_show})
                    say(f"game {n}: {' vs '.join(f'{x} (seat {i})' for i, x in enumerate(seats))}: {_result_text(got)}, "
                        f"{reason.removeprefix('RESULT_REASON_').lower()} ({st.reason})"
                        f"{'; no-show: ' + ', '.join(no_show) if no_show else ''}; {game_id} "
                        f"[{time.monotonic() - started:.0f}s]")
                    progress()
                    state.unlink(missing_ok=True)
                if not any(p.get("round") == round_no and p.get("games") == numbers for p in pairings):
                    pairings.append(_pairing_entry(round_no, pair, numbers, coin))
                    progress()
        doc["status"] = COMPLETE
        progress()
    (out / "README.txt").write_text(readme(doc))
    return doc


def _current(state: Path, seats: tuple[str, ...], say: Callable[[str], None]) -> dict | None:
    """The interrupted game to go on with, if ``state`` names one with these seats."""
    try:
        resumed = json.loads(state.read_text())
    except (OSError, ValueError):
        return None
    if resumed.get("seats") != list(seats):
        return None
    say(f"going on with the interrupted game {resumed['game_id']}")
    return resumed


def _pairing_entry(round_no: int, pair: tuple[str, ...], numbers: list[int], coin: Any) -> dict[str, Any]:
    """A pairing's record: two seats ``a``, ``b`` and the odd game's coin; more, the ``table`` and
    where its seats' turning started (``first_rotation``, None when no draw was needed)."""
    if len(pair) == TWO_SEATS:
        return {"round": round_no, "a": pair[0], "b": pair[1], "games": numbers, "odd_game_seat0": coin}
    return {"round": round_no, "table": list(pair), "games": numbers, "first_rotation": coin}


def _result_text(got: tuple[float, ...] | None) -> str:
    if got is None:
        return "aborted"
    if len(got) == TWO_SEATS:
        return {(1.0, 0.0): "1-0", (0.0, 1.0): "0-1", (0.0, 0.0): "0-0"}.get(got, "1/2-1/2")
    from fractions import Fraction

    return "-".join(str(Fraction(x).limit_denominator(len(got))) for x in got)


def readme(doc: dict[str, Any]) -> str:
    import textwrap

    clock = doc["clock_ms"]
    clock = f", clocks {ClockSpec(**clock).describe()}" if clock else ""
    elo = textwrap.fill("Elo: " + doc["elo_method"], 100)
    return f"""A Carthago tournament: {doc['game']}, {doc['tournament_format']}, {len(doc['entrants'])} entrants,
{len(doc['games'])} games ({doc['games_per_pairing']} per pairing{clock}).

standings.json   entrants, pairings, every game (its log file, the file's sha256, the log's head hash,
                 who sat where, the result and how it ended) and the standings, with Elo
games/N-ID.log   each game's exported log (the binary, hash-chained file `carthago verify` reads)

To audit it all (needs the Carthago repository: `make setup`, then .venv/bin/carthago):

    carthago verify-tournament {'.'}

It checks every log (hash chain, the seed against its commitment, a replay of every command), each
file's sha256 and head hash against standings.json, re-derives each result and who sat where from
the logs alone (seat claims name the entrants), re-derives the pairings, the seats and the byes from
the results and the seed ({doc['seed']}), recomputes the standings and compares everything with
standings.json. It exits 0 when all agree, and names the first problem otherwise.

One game on its own:  carthago verify games/N-ID.log --head HEAD_HASH
Publish the sha256 of standings.json with the results: it pins every log through their hashes.

Points: a win 1, a draw 1/2, a loss 0, a bye {doc['bye_points']:g}; an aborted game counts for nobody.
With more than two seats a game's point is shared among its winners (no winner: shared by all,
unless the rules ended the game with every seat beaten, everyone_lost: 0 to each),
seats turn one place each game of a table, and there is no Elo.
{elo}
No-shows (remote entrants that did not claim their seat in time, listed in a game's no_show)
forfeit: their seat was claimed with the invite the tournament held and resigned; a game nobody
came to was aborted.
Seats: each pairing's games alternate seats; with an odd number of games per pairing the last
game's seat 0 goes to the winner of a coin seeded by the tournament's seed (odd_game_seat0).
"""


# ---- auditing ---------------------------------------------------------------------

def _game_label(g: dict) -> str:
    return f"game {g.get('n', '?')} ({g.get('game_id', '?')})"


def audit(directory: Path, say: Callable[[str], None] = print, sha256: str | None = None) -> dict[str, Any]:
    """Check a tournament directory (see the module's docstring); raise AuditProblem at the first
    thing wrong; return standings.json's content when everything agrees. ``sha256``: the hash of
    standings.json as published (``carthago tournament`` prints it): an event resealed
    consistently, logs and standings together, passes every other check but not this one."""
    from server.log import split_export, verify

    from .client import pb

    path = directory / "standings.json"
    try:
        raw = path.read_bytes()
        doc = json.loads(raw)
    except FileNotFoundError:
        raise AuditProblem(f"{path} is missing") from None
    except (OSError, ValueError) as err:
        raise AuditProblem(f"{path} does not read as JSON: {err}") from None
    if sha256 is not None:
        want = sha256.strip().lower()
        if not re.fullmatch(r"[0-9a-f]{64}", want):
            raise AuditProblem(f"--sha256 takes the 64 hex digits of standings.json's SHA-256, not {sha256!r}")
        if hashlib.sha256(raw).hexdigest() != want:
            raise AuditProblem(f"{path} does not have the published sha256 {want} (it has "
                               f"{hashlib.sha256(raw).hexdigest()}): this is not the event that was published")
    if not isinstance(doc, dict) or doc.get("format") not in FORMATS_READ:
        found = doc.get("format") if isinstance(doc, dict) else None
        raise AuditProblem(f"{path} is not a tournament file this version reads ({' or '.join(FORMATS_READ)}; "
                           f"it says {found!r})")
    v1 = doc["format"] == FORMATS_READ[0]
    if not v1 and doc.get("status") != COMPLETE:
        if doc.get("status") == IN_PROGRESS:
            raise AuditProblem(f"{path} is marked \"status\": \"{IN_PROGRESS}\" ({len(doc.get('games') or [])} "
                               "games so far): the event has not ended (or its run stopped before the end); "
                               "verify-tournament checks finished events only")
        raise AuditProblem(f"{path} has status {doc.get('status')!r}, not {COMPLETE!r}")
    try:
        entrants = [Entrant(e["name"], e["spec"]) for e in doc["entrants"]]
        names = [e.name for e in entrants]
        if len(set(names)) != len(names):
            raise AuditProblem("standings.json names an entrant twice")
        players = doc["players"]
        if type(players) is not int or not TWO_SEATS <= players <= len(names) or (v1 and players != TWO_SEATS):
            raise AuditProblem(f"standings.json's players {players!r} is not a seat count for its "
                               f"{len(names)} entrants")
        recorded_games = doc["games"]
        derived: list[dict] = []
        signers: dict[str, set[str]] = {}  # entrant -> the keys its signed seats were claimed with
        for index, g in enumerate(recorded_games, 1):
            label = _game_label(g)
            if g["n"] != index:
                raise AuditProblem(f"{label}: numbered {g['n']} where game {index} was expected")
            expected_file = f"games/{g['n']}-{g['game_id']}.log"
            if g["file"] != expected_file:
                raise AuditProblem(f"{label}: its file is recorded as {g['file']!r}, not {expected_file!r}")
            try:
                data = (directory / g["file"]).read_bytes()
            except FileNotFoundError:
                raise AuditProblem(f"{label}: its log {g['file']} is missing") from None
            if hashlib.sha256(data).hexdigest() != g["sha256"]:
                raise AuditProblem(f"{label}: {g['file']} does not have the sha256 recorded in standings.json "
                                   "(the file was changed or replaced)")
            verdict = verify(data, head=g["head_hash"])
            if not verdict.ok:
                raise AuditProblem(f"{label}: {g['file']} does not verify: {verdict.describe()}")
            first = pb.LogRecord.FromString(next(split_export(data))[1].body)
            if first.game_id != g["game_id"]:
                raise AuditProblem(f"{label}: {g['file']} is the log of another game")
            created = first.event.platform.game_created
            clock = from_time_control(created.time_control).as_dict() if created.HasField("time_control") else None
            if created.players != players or dict(created.options) != doc["options"] or clock != doc["clock_ms"]:
                raise AuditProblem(f"{label}: the log's game was created with {created.players} players, options "
                                   f"{dict(created.options)} and clocks {clock}, not the tournament's "
                                   f"{doc['options']} and {doc['clock_ms']}")
            if verdict.game_type != doc["game"]:
                raise AuditProblem(f"{label}: a {verdict.game_type} game in a {doc['game']} tournament")
            seats = [verdict.players.get(s, "") for s in range(players)]
            if any(s not in names for s in seats):
                raise AuditProblem(f"{label}: the log's seats are claimed by {seats}, not by entrants")
            if seats != g["seats"]:
                raise AuditProblem(f"{label}: standings.json seats {g['seats']}, the log's seat claims say {seats}")
            for seat, key in verdict.signed.items():
                signers.setdefault(seats[seat], set()).add(key)
            reserved = {r.seat: r.player for r in created.reserved_seats}
            if not v1 and reserved != dict(enumerate(g["seats"])):
                raise AuditProblem(f"{label}: the log's game reserved its seats for {reserved}, not for the "
                                   f"entrants standings.json seats there ({g['seats']})")
            reason = REASONS.get(verdict.ended_by, verdict.ended_by)
            if list(verdict.winners) != g["winners"] or reason != g["reason"]:
                raise AuditProblem(f"{label}: standings.json records winners {g['winners']} ({g['reason']}), "
                                   f"the log's replay gives winners {list(verdict.winners)} ({reason})")
            lost = verdict.everyone_lost and doc["format"] == FORMAT  # older formats scored it as a draw
            if lost != g.get("everyone_lost", False):
                raise AuditProblem(f"{label}: standings.json records everyone_lost "
                                   f"{g.get('everyone_lost', False)}, the log's replay gives {lost}")
            result = _result_text(game_points(verdict.winners, reason, players, lost))
            if g["result"] != result:
                raise AuditProblem(f"{label}: standings.json records {g['result']}, the log's replay gives {result}")
            _audit_no_show(g, label, v1, reason, list(verdict.winners), {e.name for e in entrants if e.remote})
            derived.append({"n": index, "round": g["round"], "seats": seats, "winners": list(verdict.winners),
                            "reason": reason, "everyone_lost": lost})
        _audit_schedule(doc, names, derived)
        byes = [p for p in doc["pairings"] if "bye" in p]
        expected = standings(entrants, derived, byes, players)
        for want, got in itertools.zip_longest(expected, doc["standings"]):
            fields = sorted(k for k in set(want or {}) | set(got or {})
                            if not _same((want or {}).get(k), (got or {}).get(k), k))
            if fields:
                who = (want or got or {}).get("name", "?")
                raise AuditProblem(f"the standings' row for {who} differs from the one recomputed from the logs "
                                   f"({', '.join(fields)}: recorded {[(got or {}).get(k) for k in fields]}, "
                                   f"recomputed {[(want or {}).get(k) for k in fields]})")
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        if isinstance(err, AuditProblem):
            raise
        raise AuditProblem(f"standings.json lacks or misshapes a field ({err.__class__.__name__}: {err})") from None
    say(f"OK: {len(recorded_games)} {doc['game']} game{'s' if len(recorded_games) != 1 else ''} verified (hash chains, seeds, replays, sha256 and head "
        "hashes); results, seats, pairings and standings re-derived from the logs agree with standings.json")
    say(signed_line(names, signers))
    return doc


def signed_line(names: list[str], signers: dict[str, set[str]]) -> str:
    """Which entrants signed their moves (a player's key in each of their seats' claims, every
    command signed by it, checked by verify), and with which keys."""
    if not signers:
        return "signed moves: none (every seat was claimed without a player's key)"
    parts = [f"{n} (key {', '.join(k[:16] + '…' for k in sorted(signers[n]))})" for n in names if n in signers]
    unsigned = [n for n in names if n not in signers]
    return "signed moves: " + "; ".join(parts) + (f"; unsigned: {', '.join(unsigned)}" if unsigned else "")


def _audit_no_show(g: dict, label: str, v1: bool, reason: str, winners: list[int], remote: set[str]) -> None:
    """A game marked ``no_show`` ended as a no-show ends: aborted when every seat was absent, else by
    the no-shows' resignation with only entrants present among the winners. (The log cannot tell a
    no-show from an entrant that claimed its seat and resigned at once: the mark is the tournament's
    word, and the result is the same either way.)"""
    absent = g.get("no_show", []) if not v1 else []
    if not isinstance(absent, list) or any(name not in g["seats"] or name not in remote for name in absent) \
            or len(set(absent)) != len(absent):
        raise AuditProblem(f"{label}: no_show {absent!r} names other than the game's remote entrants")
    if not absent:
        return
    if len(absent) == len(g["seats"]):
        if reason != REASONS["aborted"]:
            raise AuditProblem(f"{label}: every seat a no-show, yet the log ends by {reason}, not an abort")
    elif len(absent) > 1 and reason == REASONS["aborted"]:
        return  # several no-shows (games of more seats): aborted
    elif reason != REASONS["resignation"] or (len(absent) == 1 and any(g["seats"][w] in absent for w in winners)):
        raise AuditProblem(f"{label}: no-show {absent} should have forfeited (resigned), the log ends by "
                           f"{reason} with winners {winners}")


def _same(want: Any, got: Any, field: str) -> bool:
    """A recomputed standings value and the recorded one agree. Ratings (floating point, through
    log10 and exp) may differ by a rounding step on another machine's maths library: ±0.1 Elo."""
    if field in ("elo", "elo_ci95") and want is not None and got is not None:
        pairs = zip(want, got) if isinstance(want, list) and isinstance(got, list) and len(want) == len(got) \
            else [(want, got)]
        return all(isinstance(w, (int, float)) and isinstance(g, (int, float)) and abs(w - g) <= 0.1 + 1e-9
                   or w == g for w, g in pairs)
    return want == got and type(want) is type(got) or (isinstance(want, float) and isinstance(got, (int, float))
                                                       and not isinstance(got, bool) and want == got)


def _audit_schedule(doc: dict, names: list[str], derived: list[dict]) -> None:
    """The pairings, byes and seats re-derived round by round from the logs' results."""
    fmt, k, seed = doc["tournament_format"], doc["games_per_pairing"], doc["seed"]
    if fmt not in FORMATS:
        raise AuditProblem(f"unknown tournament format {fmt!r}")
    if fmt == "round-robin" and doc["rounds"] != 1:
        raise AuditProblem("a round-robin has one round")
    if fmt != "round-robin" and doc["players"] != TWO_SEATS:
        raise AuditProblem(f"a {fmt} event with {doc['players']} seats a game: only round-robin seats more than two")
    pairings = list(doc["pairings"])
    games_before: list[dict] = []
    byes: list[dict] = []
    n = 0
    for round_no in range(1, doc["rounds"] + 1):
        pairs, bye = next_round(fmt, names, round_no, games_before, byes, doc["players"])
        recorded = [p for p in pairings if p["round"] == round_no]
        want: list[dict] = []
        if bye is not None:
            want.append({"round": round_no, "bye": bye, "points": doc["bye_points"]})
            byes.append(want[-1])
        for pair in pairs:
            plan, coin = (seat_plan(*pair, k, seed, round_no) if len(pair) == TWO_SEATS
                          else table_plan(pair, k, seed, round_no))
            want.append(_pairing_entry(round_no, pair, list(range(n + 1, n + len(plan) + 1)), coin))
            for seats in plan:
                n += 1
                if n > len(derived):
                    raise AuditProblem(f"round {round_no}: game {n} ({' vs '.join(pair)}) is missing from "
                                       "standings.json")
                if derived[n - 1]["seats"] != list(seats) or derived[n - 1]["round"] != round_no:
                    raise AuditProblem(f"{_game_label(doc['games'][n - 1])}: seats {list(seats)} in round "
                                       f"{round_no} were due, its log has {derived[n - 1]['seats']} "
                                       f"(round {derived[n - 1]['round']})")
        if recorded != want:
            raise AuditProblem(f"round {round_no}: standings.json's pairings {recorded} are not those the rules "
                               f"give from the results before it: {want}")
        games_before = derived[:n]
    if n != len(derived):
        raise AuditProblem(f"{_game_label(doc['games'][n])}: a game no pairing calls for")
    if len(pairings) != sum(1 for p in pairings if 1 <= p["round"] <= doc["rounds"]):
        raise AuditProblem("standings.json has pairings outside its rounds")
