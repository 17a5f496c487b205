"""The house bot's search (issue 29): levels, determinizations kept and reused, progressive
widening, root-parallel search over processes, and spending a clock. What the bot may read is
the same contract as the search before it (tests/test_search.py): these tests hold the new
settings to it. Strength is measured in ``make strength`` (search/README.md), never here."""

from __future__ import annotations

import os
import signal
import threading
import time

import msgspec
import pytest

from engine import registry
from engine.core import GameConfig
from engine.session import Session
from search import parallel
from search.bot import MctsPlayer, check, make_player
from search.clock import LATENCY_MS, ClockNow, allowance_ms, budget_under
from search.levels import level, levels
from search.mcts import Budget, Search, Settings, choose
from tests.test_search import _OneShot, _Pick, positions


def _search_tree(search: Search) -> list:
    return [(msgspec.to_builtins(k), n.visits, n.total) for k, n in search.ranked()]


# The levels' settings keep the search's contract (it reads only its seat's view): tests/test_search.py,
# test_search_is_the_same_in_states_the_seat_cannot_tell_apart[levels-…].


def test_kept_determinizations_are_reused_in_turn():
    """Settings.pool: the first ``pool`` iterations draw, every later one plays on a copy of one of
    them (a copy: the kept state itself is never played on)."""
    game = registry.get("roma")
    session, _ = Session.start(game, GameConfig(2), b"pool")
    seat = session.status().to_act[0]
    drawn = []

    def sample(rng):
        drawn.append(rng)
        return game.sample_hidden(session.state, seat, rng)

    search = Search(game, seat, 2, sample, b"p", settings=Settings(pool=3, depth=2)).run(Budget(iterations=20))
    assert len(drawn) == 3 and search.iterations == 20
    assert sum(n.visits for _, n in search.ranked()) == 20


class _Wide(_OneShot):
    """One decision among sixty numbers, then the game ends: 57 and above win."""

    def legal(self, state, seat):
        return [_Pick(n) for n in range(60)]

    def status(self, state):
        from engine.core import Result, Status
        if state is None:
            return Status(to_act=(0,))
        return Status(to_act=(), over=True, result=Result(winners=(0,) if state.n >= 57 else (1,), scores=(0, 0),
                                                          reason="picked"))


def test_progressive_widening_opens_a_node_as_its_visits_grow():
    """Settings.widen: a node has at most about widen * sqrt(visits) children, so with sixty
    commands and a hundred iterations the search tries about ten and visits them again, where
    without widening it tries all sixty."""
    game = _Wide()
    wide = Search(game, 0, 2, lambda rng: None, b"w", settings=Settings(widen=1.0)).run(Budget(iterations=100))
    flat = Search(game, 0, 2, lambda rng: None, b"w").run(Budget(iterations=100))
    assert len(flat.ranked()) == 60
    assert 5 <= len(wide.ranked()) <= 11
    assert max(n.visits for _, n in wide.ranked()) > 10


def test_a_budget_of_iterations_and_time_stops_at_the_first():
    """A level counts lines and caps them with a time: whichever comes first ends the search."""
    game = registry.get("hannibal")
    session, _ = Session.start(game, GameConfig(2), b"both")
    seat = session.status().to_act[0]
    state = session.state
    few = Search(game, seat, 2, lambda rng: game.sample_hidden(state, seat, rng), b"b").run(Budget(7, 60_000))
    assert few.iterations == 7
    started = time.perf_counter()
    Search(game, seat, 2, lambda rng: game.sample_hidden(state, seat, rng), b"b").run(Budget(10**9, 50))
    assert time.perf_counter() - started < 30  # stopped by its time (a loose bound: this is not a timing test)
    assert str(Budget(20, 100)) == "20/100ms"
    with pytest.raises(ValueError):
        Budget(0, 0)


def test_levels_are_named_and_an_unknown_one_names_them_all():
    for game in registry.all_games():
        ladder = levels(game.info.id)
        assert [lv.number for lv in ladder] == list(range(1, 7))
        assert [lv.millis for lv in ladder] == sorted(lv.millis for lv in ladder)
        assert ladder[-1].title == "Strongest" and ladder[-1].all_cores
    assert level("roma", "strongest") == levels("roma")[-1]
    with pytest.raises(ValueError, match=r"unknown bot level '9'.*1 \(Novice\).*6 \(Strongest\)"):
        level("roma", "9")
    check("level:3")
    check("mcts:200ms:depth=2,pool=8,workers=2")
    for bad in ("level:0", "level:", "mcts:200:depth=x", "mcts:200:colour=red", "mcts:5:workers=0"):
        with pytest.raises(ValueError):
            check(bad)
    bot = make_player("level:2", 0, "hannibal")
    assert isinstance(bot, MctsPlayer) and bot.budget.iterations == 100 and bot.name == "level:2"


def test_root_parallel_search_sums_the_workers_trees():
    """Two processes share an iteration budget and their roots are summed: every visit is counted
    once, the command is one of the seat's, and the same seed gives the same choice."""
    game = registry.get("roma")
    session, _ = Session.start(game, GameConfig(2), b"parallel")
    seat = session.status().to_act[0]
    state = session.state
    legal = session.legal(seat)
    settings = Settings(depth=2, pool=8)
    runs = []
    for _ in range(2):
        command, search = choose(game, seat, 2, lambda rng: game.sample_hidden(state, seat, rng), legal,
                                 Budget(iterations=41), b"par", settings, parallel.over(2))
        assert command in legal and search.iterations == 41
        assert sum(n.visits for _, n in search.ranked()) == 41
        runs.append((command, _search_tree(search)))
    assert runs[0] == runs[1]


def test_a_search_worker_killed_mid_search_is_replaced_and_the_move_searched_again():
    """A worker process that dies (killed, out of memory) breaks its pool: the search makes a new
    pool and searches the move again, and the bot plays on."""
    game = registry.get("hannibal")
    session = next(s for s in positions("hannibal", 2, "kill", every=1)
                   if len(s.legal(s.status().to_act[0])) > 1)
    seat = session.status().to_act[0]
    state = session.state
    legal = session.legal(seat)
    sample = lambda rng: game.sample_hidden(state, seat, rng)  # noqa: E731
    choose(game, seat, 2, sample, legal, Budget(iterations=4), b"warm", Settings(depth=2), parallel.over(2))
    pool = parallel._POOLS[2]
    victims = list(pool._processes)
    result = {}

    def search() -> None:
        result["move"] = choose(game, seat, 2, sample, legal, Budget(millis=1500), b"k", Settings(depth=2),
                                parallel.over(2))

    thread = threading.Thread(target=search)
    thread.start()
    time.sleep(0.4)
    os.kill(victims[0], signal.SIGKILL)
    thread.join(60)
    command, search = result["move"]
    assert command in legal and search.iterations > 0
    assert parallel._POOLS[2] is not pool  # a new pool took the broken one's place


def test_a_clock_cuts_the_budget_and_a_fischer_game_never_runs_out():
    """search.clock: the level's budget is a ceiling; under a clock a move takes a share of what is
    left plus most of the increment. Simulated: 2,000 searched moves at 1 s + 1 s a move, each
    costing its search plus twice the latency planned for, never reach zero."""
    ceiling = Budget(millis=2000)
    assert budget_under(ceiling, None) is ceiling
    assert budget_under(ceiling, ClockNow(left_ms=3_600_000, increment_ms=0)).millis == 2000
    assert budget_under(Budget(iterations=50), ClockNow(left_ms=2_000)).iterations == 50
    left = 1000.0
    for _ in range(2000):
        spent = budget_under(ceiling, ClockNow(left_ms=left, increment_ms=1000)).millis + 2 * LATENCY_MS
        left = left - spent
        assert left > 0
        left += 1000
    assert allowance_ms(ClockNow(left_ms=20_000, per_move_ms=20_000)) == 10_000
    delay = allowance_ms(ClockNow(left_ms=0, delay_ms=3000))
    assert 0 < delay <= 3000  # spends inside the delay when nothing is banked


def test_the_ladder_reads_win_rates_as_elo_anchored_at_random():
    """search.ladder: a bot that wins three games in four against random is about 191 Elo above it
    (400 log10 3), one that wins three in four against that one about 191 more; random is 0; the
    bootstrap interval holds the point; a draw counts half a win each way."""
    from engine.core import Result
    from search.ladder import fit, ladder, pairwise
    from search.match import Played

    def game(a: str, b: str, winner: int | None) -> Played:
        result = Result((winner,) if winner is not None else (), (0, 0), "x")
        return Played("roma", 2, (a, b), "s", result, 1, 0.0, (0.0, 0.0), (0, 0))

    played = ([game("random", "level:1", 1)] * 30 + [game("random", "level:1", 0)] * 10
              + [game("level:1", "level:2", 1)] * 30 + [game("level:2", "level:1", 1)] * 10)
    rows = {r["bot"]: r for r in ladder(played, resamples=60)}
    assert rows["random"]["elo"] == 0
    assert 150 < rows["level:1"]["elo"] < 230 and 300 < rows["level:2"]["elo"] < 460
    lo, hi = rows["level:2"]["ci95"]
    assert lo < rows["level:2"]["elo"] < hi
    assert pairwise([game("random", "level:1", None)]) == {("random", "level:1"): 0.5, ("level:1", "random"): 0.5}
    even = fit(pairwise([game("a", "random", 0), game("a", "random", 1)]), ["a", "random"])
    assert abs(even["a"]) < 1e-6


def test_the_searchs_own_dice_stay_in_range_and_repeat_from_their_seed():
    from search.mcts import PlayRng

    a, b = PlayRng(b"seed"), PlayRng(b"seed")
    rolls = [a.die(6) for _ in range(600)]
    assert rolls == [b.die(6) for _ in range(600)]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert sorted(a.shuffled(range(20))) == list(range(20))
    assert all(0 <= a.below(7) < 7 for _ in range(200))
    assert [PlayRng(b"other").die(6) for _ in range(40)] != rolls[:40]


def test_the_republics_levels_search_with_the_common_defence_and_the_others_without():
    """The Republic of Carthage's levels carry the guard priors (search/README.md, "The Republic's
    guard", 2026-12-07: at equal time they lowered the fall rate and cost no seat its share of the
    wins; a faction that lets Carthage fall loses with everyone, IX.5); no other game has a prior."""
    for lv in levels("republic-of-carthage"):
        assert lv.settings.prior == "guard+purse+steady+fleet+brief" and lv.settings.pool == 16
    for game in registry.all_games():
        if game.info.id != "republic-of-carthage":
            assert all(lv.settings.prior == "" for lv in levels(game.info.id))
    bot = make_player("level:3", 0, "republic-of-carthage")
    assert bot.settings.prior == "guard+purse+steady+fleet+brief" and bot.budget.millis == 250
    check("level:3")
