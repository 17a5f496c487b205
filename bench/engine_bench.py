"""Figure 1 (engine playouts in process) and the game builders the other figures share.

Random playouts call the Decider surface directly and time each part apart: ``status`` (who
acts), ``legal``, ``decide`` (with the ``Rng`` it needs, as ``Session.decide`` builds it),
``evolve`` and ``view`` (the acting seat's view after each command, as a server computes one
per stream batch). "Commands per second" counts decide + evolve only (the target); "games per
second" is whole games over the wall time of everything. The search bots' path is measured beside
it (:func:`advance_playouts`): ``engine.core.advance`` (decide and evolve in place, no copy) and
``legal`` (or the list the previous ``advance`` handed back), CPU time, the same random games.

Builders used by the replay, load and server figures:

* :func:`random_game` — a seeded random game to the end (or a cap), as ``(seat, command)`` pairs.
* :func:`long_game` — a game kept alive until it holds ``target_events`` game events, every
  command still chosen among ``legal`` and applied through ``decide``/``evolve``. The bot looks
  one command ahead (a copy of the state) and never picks a command that ends the game; a
  per-game keep-alive score (:data:`KEEP_ALIVE`) makes it prefer safe positions, and when every
  command would end the game it backtracks a few commands (doubling the depth on repeated
  failure) and chooses again. A game without a score relies on backtracking alone (slower, but
  generic: a game registered tomorrow is covered). Bounded in time; the result says how many
  events it reached.
"""

from __future__ import annotations

import random
from time import perf_counter, process_time
from typing import Any, Callable

from engine import registry
from engine.core import Game, GameConfig, advance, copy_state
from engine.rng import Rng
from engine.session import Session

from .stats import at_least, figure, summary

ENGINE_TARGET = 20_000  # commands/s per core, decide + evolve
SEARCH_TARGET = 50_000  # commands/s per core including legal, the search bots' path (issue 17 item 4)


def default_config(game: Game) -> GameConfig:
    return GameConfig(players=game.info.player_counts[0])


# ---- keep-alive scores (higher = further from the end of the game) --------------------------

def _roma_keep_alive(state: Any) -> float:
    # Roma ends when a player has no VP or the VP supply is empty; each empty disc costs its
    # owner 1 VP at the start of their next turn (Roma "Phase 1"), which a one-command look
    # ahead would not see, so it counts here.
    owed = [sum(1 for card in discs if not card) for discs in state.discs]
    return min(min(vp - e for vp, e in zip(state.vp, owed)), state.supply)


KEEP_ALIVE: dict[str, Callable[[Any], float]] = {"roma": _roma_keep_alive}


# ---- builders ------------------------------------------------------------------------------

def random_game(game: Game, seed: bytes, rnd: random.Random, max_commands: int | None = None,
                config: GameConfig | None = None) -> tuple[list[tuple[int, Any]], Session]:
    """A random game from ``seed``: the (seat, command) list and the final session."""
    config = config or default_config(game)
    session, _ = Session.start(game, config, seed)
    cap = max_commands if max_commands is not None else game.info.max_steps
    out: list[tuple[int, Any]] = []
    while len(out) < cap:
        st = session.status()
        if st.over:
            break
        seat = st.to_act[0] if len(st.to_act) == 1 else rnd.choice(st.to_act)
        command = rnd.choice(session.legal(seat))
        session.submit(seat, command)
        out.append((seat, command))
    return out, session


def long_game(game: Game, seed: bytes, target_events: int, rnd: random.Random, budget_s: float = 30.0,
              greedy: float = 0.8, config: GameConfig | None = None) -> dict[str, Any]:
    """Play without ending the game until ``target_events`` game events (see module doc)."""
    config = config or default_config(game)
    score = KEEP_ALIVE.get(game.info.id)
    session, _ = Session.start(game, config, seed)
    commands: list[tuple[int, Any]] = []
    history: list[tuple[Any, int, int]] = []  # (state copy, position, len(commands)) before each command
    depth, fails, backtracks = 4, 0, 0
    started = perf_counter()
    while session.position < target_events and perf_counter() - started < budget_s:
        st = session.status()
        seat = st.to_act[0] if len(st.to_act) == 1 else rnd.choice(st.to_act)
        options = session.legal(seat)
        rnd.shuffle(options)
        safe = []
        for command in options:
            emitted = session.decide(seat, command)
            after = copy_state(game, session.state)
            for e in emitted:
                after = game.evolve(after, e.event)
            if not game.status(after).over:
                safe.append((score(after) if score else 0.0, command, emitted))
                if score is None:
                    break
        if not safe:
            if not history:
                break
            backtracks += 1
            fails += 1
            if fails > 3:
                depth, fails = min(depth * 2, 512), 0
            k = min(len(history), depth)
            state, position, n = history[-k]
            del history[-k:]
            session.state, session.position = copy_state(game, state), position
            del commands[n:]
            continue
        if score is not None and rnd.random() < greedy:
            best = max(s for s, _, _ in safe)
            safe = [x for x in safe if x[0] == best]
        _, command, emitted = rnd.choice(safe)
        history.append((copy_state(game, session.state), session.position, len(commands)))
        if len(history) > 600:
            del history[:100]
        session.apply(emitted)
        commands.append((seat, command))
    return {"commands": commands, "events": session.position, "backtracks": backtracks,
            "seconds": perf_counter() - started, "session": session, "keep_alive_score": score is not None}


def finish_randomly(game: Game, session: Session, rnd: random.Random, max_commands: int) -> list[tuple[int, Any]]:
    """Go on from ``session`` with random commands until the game ends (or the cap)."""
    out = []
    while len(out) < max_commands and not session.status().over:
        st = session.status()
        seat = st.to_act[0] if len(st.to_act) == 1 else rnd.choice(st.to_act)
        command = rnd.choice(session.legal(seat))
        session.submit(seat, command)
        out.append((seat, command))
    return out


# ---- figure 1: playouts ------------------------------------------------------------------

def playouts(game: Game, seconds: float, max_games: int = 100_000, seed: int = 1) -> dict[str, Any]:
    """Random games in process for about ``seconds``; every part of each step timed apart."""
    config = default_config(game)
    rnd = random.Random(seed)
    t = {"status": 0.0, "legal": 0.0, "decide": 0.0, "evolve": 0.0, "view": 0.0, "setup": 0.0}
    commands = events = games = 0
    lengths: list[int] = []
    cap = game.info.max_steps
    started = perf_counter()
    deadline = started + seconds
    while games < max_games and perf_counter() < deadline:
        s = f"bench-{seed}-{games}".encode()
        a = perf_counter()
        session, _ = Session.start(game, config, s)
        t["setup"] += perf_counter() - a
        state, position, n = session.state, session.position, 0
        while n < cap:
            a = perf_counter()
            st = game.status(state)
            b = perf_counter()
            t["status"] += b - a
            if st.over:
                break
            seat = st.to_act[0] if len(st.to_act) == 1 else rnd.choice(st.to_act)
            options = game.legal(state, seat)
            c = perf_counter()
            t["legal"] += c - b
            command = rnd.choice(options)
            c = perf_counter()
            emitted = game.decide(state, seat, command, Rng(s, position))
            d = perf_counter()
            for e in emitted:
                state = game.evolve(state, e.event)
            e_ = perf_counter()
            game.view(state, seat)
            f = perf_counter()
            t["decide"] += d - c
            t["evolve"] += e_ - d
            t["view"] += f - e_
            position += len(emitted)
            n += 1
        commands += n
        events += position
        lengths.append(n)
        games += 1
    wall = perf_counter() - started
    core = t["decide"] + t["evolve"]
    return {"game": game.info.id, "games": games, "commands": commands, "events": events, "wall_s": wall,
            "seconds": t, "commands_per_s": commands / core if core else 0.0,
            "commands_per_s_with_legal": commands / (core + t["legal"]) if core else 0.0,
            "games_per_s": games / wall if wall else 0.0, "commands_per_game": summary(lengths),
            "us_per_command": {k: (v / commands * 1e6 if commands else 0.0) for k, v in t.items()}}


def advance_playouts(game: Game, seconds: float, seed: int = 1) -> dict[str, Any]:
    """The search bots' way through random games (search/mcts.py): ``legal`` (or the list the last
    ``advance`` handed back for the seat to act) and ``advance``, in CPU time; commands per second
    including legal, beside :func:`playouts`' figure."""
    config = default_config(game)
    rnd = random.Random(seed)
    spent = 0.0
    commands = games = hinted = 0
    cap = game.info.max_steps
    deadline = perf_counter() + seconds
    while perf_counter() < deadline:
        s = f"bench-{seed}-{games}".encode()
        session, _ = Session.start(game, config, s)
        state, position, n, hint = session.state, session.position, 0, None
        while n < cap:
            st = game.status(state)
            if st.over:
                break
            seat = st.to_act[0] if len(st.to_act) == 1 else rnd.choice(st.to_act)
            a = process_time()
            if hint is not None and hint[0] == seat:
                options = hint[1]
                hinted += 1
            else:
                options = game.legal(state, seat)
            command = rnd.choice(options)
            done = advance(game, state, seat, command, Rng(s, position), options)
            spent += process_time() - a
            state, hint = done.state, done.legal
            position += len(done.emitted)
            n += 1
        commands += n
        games += 1
    return {"game": game.info.id, "games": games, "commands": commands, "cpu_s": spent,
            "commands_per_s_with_legal": commands / spent if spent else 0.0,
            "legal_from_advance": hinted / commands if commands else 0.0}


def search_costs(game: Game, states: int = 200, seed: int = 5) -> dict[str, Any]:
    """What a search bot pays to explore (``Session.copy``, ``mark`` + ``undo``), in µs, over the
    states of random games (every ``step``-th state kept), beside one ``submit`` (decide + evolve)."""
    config = default_config(game)
    rnd = random.Random(seed)
    sessions: list[Session] = []
    g = 0
    while len(sessions) < states and g < 50:
        commands, _ = random_game(game, f"search-{seed}-{g}".encode(), rnd)
        session, _ = Session.start(game, config, f"search-{seed}-{g}".encode())
        for i, (seat, command) in enumerate(commands):
            if i % 7 == 3:
                sessions.append(session.copy())
            session.submit(seat, command)
        g += 1
    sessions = sessions[:states]
    t: dict[str, list[float]] = {"copy": [], "mark": [], "undo": [], "submit": []}
    for session in sessions:
        a = perf_counter()
        session.copy()
        b = perf_counter()
        mark = session.mark()
        c = perf_counter()
        st = session.status()
        seat = st.to_act[0]
        command = rnd.choice(session.legal(seat))
        d = perf_counter()
        session.submit(seat, command)
        e = perf_counter()
        session.undo(mark)
        f = perf_counter()
        t["copy"].append(b - a)
        t["mark"].append(c - b)
        t["submit"].append(e - d)
        t["undo"].append(f - e)
    return {k: summary(v) for k, v in t.items()}


def run(quick: bool = False, seconds: float | None = None, rounds: int | None = None,
        game_ids: list[str] | None = None, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Figure 1 for every registered game: several rounds, the median round reported."""
    seconds = seconds if seconds is not None else (0.5 if quick else 2.0)
    rounds = rounds if rounds is not None else (3 if quick else 5)
    figures, raw = [], {}
    for game_id in game_ids or registry.ids():
        game = registry.get(game_id)
        runs = [playouts(game, seconds, seed=r + 1) for r in range(rounds)]
        rates = [r["commands_per_s"] for r in runs]
        order = sorted(range(rounds), key=lambda i: rates[i])
        median = runs[order[rounds // 2]]
        raw[game_id] = {"rounds": runs}
        split = median["us_per_command"]
        total = sum(split[k] for k in ("legal", "decide", "evolve", "view"))
        share = ", ".join(f"{k} {split[k] / total:.0%}" for k in ("legal", "decide", "evolve", "view"))
        figures.append(figure(
            "1 engine", "decide+evolve commands/s (1 core)", median["commands_per_s"], "cmd/s", game=game_id,
            target=at_least(ENGINE_TARGET, on="value"), spread=summary(rates),
            note=f"split of legal+decide+evolve+view: {share}; "
                 f"µs/command: " + ", ".join(f"{k} {split[k]:.1f}" for k in ("status", "legal", "decide", "evolve", "view"))))
        figures.append(figure(
            "1 engine", "commands/s incl. legal", median["commands_per_s_with_legal"], "cmd/s", game=game_id,
            spread=summary(r["commands_per_s_with_legal"] for r in runs)))
        fast = [advance_playouts(game, seconds, seed=r + 1) for r in range(rounds)]
        mid = sorted(fast, key=lambda r: r["commands_per_s_with_legal"])[rounds // 2]
        raw[game_id]["advance"] = fast
        figures.append(figure(
            "1 engine", "search path: advance + legal commands/s (CPU)", mid["commands_per_s_with_legal"], "cmd/s",
            game=game_id, target=at_least(SEARCH_TARGET, on="value"),
            spread=summary(r["commands_per_s_with_legal"] for r in fast),
            note=f"engine.core.advance (in place{'' if hasattr(game.rules, 'advance') else ': this game decides then evolves'}); "
                 f"legal handed back by advance for {mid['legal_from_advance']:.0%} of commands"))
        figures.append(figure(
            "1 engine", "whole random games/s (everything)", median["games_per_s"], "games/s", game=game_id,
            spread=summary(r["games_per_s"] for r in runs),
            note=f"{median['commands_per_game'].get('p50', 0):.0f} commands, "
                 f"{median['events'] / max(1, median['games']):.0f} events per game (median round)"))
        costs = search_costs(game, 60 if quick else 300)
        raw[game_id]["search"] = costs
        us = {k: v["p50"] * 1e6 for k, v in costs.items()}
        figures.append(figure(
            "1 engine", "search: mark + undo p50 (Session.mark/undo)", us["mark"] + us["undo"], "µs", game=game_id,
            better="lower", floor=us["submit"], floor_name="one submit (decide+evolve) p50",
            note=f"copy p50 {us['copy']:.1f} µs, mark {us['mark']:.1f}, undo {us['undo']:.1f}; over "
                 f"{costs['copy']['n']} states of random games (docs/SEARCH.md)"))
        log(f"  engine {game_id}: {median['commands_per_s']:,.0f} cmd/s (decide+evolve), "
            f"{median['games_per_s']:.1f} games/s")
    return {"figures": figures, "raw": raw, "seconds_per_round": seconds, "rounds": rounds}


if __name__ == "__main__":  # pragma: no cover
    out = run(quick=True)
    for f in out["figures"]:
        print(f)
