"""Ratings: Glicko-2 per game type, recomputed from finished rated games' verified logs alone.

Anyone with the logs reproduces the table (``carthago ratings FILE…`` does it from export files;
the server's ``ListPlayers``, ``server.leaderboard``, from its store, with this module). The method, stated so that another program
gives the same numbers (docs/PROTOCOL.md, "Ratings"):

- **Which games**: a log that ``carthago verify`` accepts, whose ``GameCreated.rated`` is set
  (every seat then belongs to a registered player: its claim holds the player's key, and every
  command of it is signed), and that ended with a result (an aborted game counts for nothing).
  A player is its public key; its name is the one its claims give.
- **In which order**: by the arrival time of the game's last record (its seed's reveal), then by
  game id; each game is one Glicko-2 rating period for the players in it (Glickman, "Example of
  the Glicko-2 system", 2013: steps 1 to 8 with the Illinois algorithm of step 5), with the
  ratings of every player of the game as they stood before it.
- **Multiplayer** (Rome et Carthage at 3 or 4, The Republic of Carthage): pairwise decomposition.
  Every pair of seats of the game is a match: a winner against a seat that did not win scores 1
  (the other 0), two winners or two seats that did not win draw (0.5 each). A two-seat game is the
  one pair; a draw, or a game every seat lost, is a draw for every pair.
- **Constants**: a new player starts at rating 1500, deviation 350, volatility 0.06; the system
  constant tau is 0.5, the convergence tolerance 0.000001. No deviation grows with idle time
  (rating periods are games, not calendar periods). Ratings are printed rounded to 0.1.
"""

from __future__ import annotations

import math
from typing import Iterable

import msgspec

from carthago.v1 import carthago_pb2 as pb

START_RATING, START_DEVIATION, START_VOLATILITY = 1500.0, 350.0, 0.06
TAU = 0.5
EPSILON = 0.000001
SCALE = 173.7178  # Glicko-2's factor between the Glicko scale and its own


class Rating(msgspec.Struct):
    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY
    games: int = 0


class RatedGame(msgspec.Struct, frozen=True):
    """What a finished rated game's verified log gives the ratings."""
    game_id: str
    game_type: str
    ended_at_ms: int
    keys: tuple[bytes, ...]      # by seat: the player's key
    names: tuple[str, ...]       # by seat: the name its claim gives
    winners: tuple[int, ...]


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def glicko2(player: Rating, results: list[tuple[Rating, float]]) -> Rating:
    """One rating period of Glicko-2 for ``player`` against ``results`` (each an opponent's rating
    before the period, and the player's score against it: 1, 0.5 or 0)."""
    mu, phi, sigma = (player.rating - 1500) / SCALE, player.deviation / SCALE, player.volatility
    if not results:
        return Rating(player.rating, min(math.sqrt(phi * phi + sigma * sigma) * SCALE, START_DEVIATION),
                      sigma, player.games)
    terms = [((o.rating - 1500) / SCALE, o.deviation / SCALE, s) for o, s in results]
    v = 1 / sum(_g(pj) ** 2 * _e(mu, mj, pj) * (1 - _e(mu, mj, pj)) for mj, pj, _ in terms)
    delta = v * sum(_g(pj) * (s - _e(mu, mj, pj)) for mj, pj, s in terms)
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (TAU * TAU)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    fa, fb = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(big_c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2
        big_b, fb = big_c, fc
    sigma2 = math.exp(big_a / 2)
    phi_star = math.sqrt(phi * phi + sigma2 * sigma2)
    phi2 = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu2 = mu + phi2 * phi2 * sum(_g(pj) * (s - _e(mu, mj, pj)) for mj, pj, s in terms)
    return Rating(SCALE * mu2 + 1500, SCALE * phi2, sigma2, player.games + 1)


def pairwise(players: int, winners: Iterable[int]) -> list[tuple[int, int, float]]:
    """Every pair of seats (i < j) with seat i's score against seat j."""
    won = set(winners)
    return [(i, j, 0.5 if (i in won) == (j in won) else (1.0 if i in won else 0.0))
            for i in range(players) for j in range(i + 1, players)]


def rate(games: Iterable[RatedGame]) -> dict[str, dict[bytes, Rating]]:
    """game type -> player key -> rating, the games applied in order (end time, then game id)."""
    table: dict[str, dict[bytes, Rating]] = {}
    for game in sorted(games, key=lambda g: (g.ended_at_ms, g.game_id)):
        ratings = table.setdefault(game.game_type, {})
        before = [ratings.get(k, Rating()) for k in game.keys]
        results: list[list[tuple[Rating, float]]] = [[] for _ in game.keys]
        for i, j, score in pairwise(len(game.keys), game.winners):
            results[i].append((before[j], score))
            results[j].append((before[i], 1 - score))
        for seat, key in enumerate(game.keys):
            ratings[key] = glicko2(before[seat], results[seat])
    return table


def rated_game(data: bytes, verdict=None) -> RatedGame | None:
    """The rated game of an export file, or None: not verified, not rated, or with no result."""
    from server.log import split_export, verify  # (as carthago verify does)

    try:
        first = pb.LogRecord.FromString(next(split_export(data))[1].body)
    except Exception:  # noqa: BLE001 - not a log: verify says why
        first = None
    if first is None or not first.event.platform.game_created.rated:
        return None  # unrated: not even verified
    verdict = verdict or verify(data)
    if not verdict.ok or verdict.ended_by == "aborted":
        return None
    bodies = [pb.LogRecord.FromString(s.body) for _, s in split_export(data)]
    created = bodies[0].event.platform.game_created
    claims = {b.event.platform.seat_claimed.seat: b.event.platform.seat_claimed for b in bodies
              if b.event.WhichOneof("game") == "platform" and b.event.platform.WhichOneof("kind") == "seat_claimed"}
    if sorted(claims) != list(range(created.players)) or not all(c.player_key for c in claims.values()):
        return None  # (verify refuses a rated game with an anonymous seat: not reached)
    return RatedGame(created.game_id, created.game_type, bodies[-1].envelope.received_at_unix_ms,
                     tuple(claims[s].player_key for s in range(created.players)),
                     tuple(claims[s].player for s in range(created.players)), tuple(verdict.winners))
