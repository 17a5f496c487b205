"""The OpenSpiel adapter (adapters/openspiel.py, issue 31): OpenSpiel's own consistency checks on
every game, the action encoding against the engine's ``legal`` at every step, seat-only
information states, OpenSpiel's ISMCTS bot over whole games, and bad input."""

from __future__ import annotations

import importlib
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import adapters.openspiel  # noqa: E402,F401  (registers the games)
from adapters.encoding import encoding  # noqa: E402
from adapters.table import IllegalAction  # noqa: E402
from engine.core import Result, Status  # noqa: E402

NAMES = adapters.openspiel.SHORT_NAMES


def play_random(state, rng: random.Random, limit: int, check=None):
    while not state.is_terminal() and len(state.history()) < limit:
        if state.is_chance_node():
            state.apply_action(rng.randrange(state.get_game().max_chance_outcomes()))
            continue
        if check:
            check(state)
        state.apply_action(rng.choice(state.legal_actions()))
    return state


# OpenSpiel's random simulation test (open_spiel/tests/basic_tests.cc): legal actions sorted and in
# range, distinct action strings, clones, information state and observation strings and tensors,
# returns within bounds, and serialization round trips (SerializeGameAndState, then deserialize and
# compare). Whole games, except The Republic of Carthage (thousands of commands a random game, about
# 25 s through these checks): its runs stop after 150 commands (max_commands), for every count.
@pytest.mark.parametrize("name,params,sims", [
    ("carthago_roma", {}, 2),
    ("carthago_rome_et_carthage", {}, 2),
    ("carthago_rome_et_carthage", {"players": 3}, 1),
    ("carthago_rome_et_carthage", {"players": 4, "match": True}, 1),
    ("carthago_hannibal", {}, 1),
    ("carthago_republic_of_carthage", {"players": 3, "max_commands": 150}, 1),
    ("carthago_republic_of_carthage", {"players": 4, "max_commands": 150}, 1),
    ("carthago_republic_of_carthage", {"players": 5, "max_commands": 150}, 1),
    ("carthago_republic_of_carthage", {"players": 6, "max_commands": 150, "assassination": "optional"}, 1),
])
def test_openspiel_random_sim_test_with_serialization(name, params, sims):
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id,params,limit", [
    ("roma", {}, 10_000), ("rome-et-carthage", {"players": 4}, 10_000), ("hannibal", {}, 10_000),
    ("republic-of-carthage", {"players": 4}, 400),  # the first 400 commands only (a game is thousands)
])
def test_legal_actions_are_the_engines_legal_list_at_every_step(game_id, params, limit):
    game = pyspiel.load_game(NAMES[game_id], params)
    enc = encoding(game_id)
    notation = importlib.import_module(f"engine.games.{game_id.replace('-', '_')}.notation").describe_command
    steps = 0

    def check(state):
        nonlocal steps
        t = state.table()
        seat = state.current_player()
        engine_legal = t.session.legal(seat)
        actions = state.legal_actions()
        assert actions == sorted(set(actions))
        assert {t.command_of(a) for a in actions} == set(engine_legal)  # one id a command, none more
        assert all(a < enc.overflow_base for a in actions), "a seeded game needed an overflow id"
        # in the project's notation (the web client's move list), for one legal id a step
        a = actions[steps % len(actions)]
        words = state.action_to_string(seat, a)
        assert words.startswith(notation(t.session.state, seat, t.command_of(a)))
        steps += 1

    play_random(game.new_initial_state(), random.Random(7), limit, check)
    assert steps > 20


def test_action_ids_are_stable():
    """The encoding is a contract: these ids must never change (docs/RESEARCH.md)."""
    enc = encoding("roma")
    from engine.games.roma.commands import EndTurn, PassCard, TakeMoney
    assert enc.encode_all([PassCard("architectus"), EndTurn(), TakeMoney(6)]) == [1, 345, 332]
    assert enc.describe(332) == "take_money(die=6)"
    h = encoding("hannibal")
    from engine.games.hannibal.commands import Pass, PlayCard
    assert h.encode_all([PlayCard(12, "event"), Pass()]) == [34, 569]
    assert (enc.size, encoding("rome-et-carthage").size, h.size, encoding("republic-of-carthage").size) == \
        (502, 53317, 634, 4859)


def test_information_state_is_the_seats_view_and_record_only():
    """The strings come from the seat's view (Session.view) and what it received, never the state:
    a state resampled for that seat (Game.sample_hidden) gives the very same strings, and the
    opponent's differ."""
    game = pyspiel.load_game("carthago_roma")
    state = play_random(game.new_initial_state(), random.Random(3), 12)
    seat = state.current_player()
    t = state.table()
    assert state.observation_string(seat) == t.view_json(seat).decode()
    other = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.information_state_string(seat) == state.information_state_string(seat)
    assert other.observation_string(seat) == state.observation_string(seat)
    assert other.legal_actions() == state.legal_actions()
    assert state.information_state_string(1 - seat) != state.information_state_string(seat)
    # the sample lives on: it plays to the end on its own seed
    play_random(other, random.Random(4), 10_000)
    assert other.is_terminal() and not state.is_terminal()


def test_observation_tensor_is_the_views_features():
    game = pyspiel.load_game("carthago_rome_et_carthage")
    state = play_random(game.new_initial_state(), random.Random(5), 10)
    x = np.array(state.observation_tensor(0))
    assert x.shape == (2048,) and x.any()
    assert not game.get_type().provides_information_state_tensor


def test_game_type_declares_what_the_game_is():
    t2 = pyspiel.load_game("carthago_rome_et_carthage").get_type()
    t3 = pyspiel.load_game("carthago_rome_et_carthage", {"players": 3}).get_type()
    assert t2.utility == pyspiel.GameType.Utility.ZERO_SUM and t3.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert t2.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t2.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t2.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    g = pyspiel.load_game("carthago_republic_of_carthage", {"players": 6})
    assert g.num_players() == 6 and g.num_distinct_actions() == encoding("republic-of-carthage").size
    assert g.max_game_length() == 60_001


def test_returns_every_seat_lost_when_carthage_falls():
    """The Republic of Carthage IX.5: Carthage falls and every player loses (not a draw)."""
    game = pyspiel.load_game("carthago_republic_of_carthage", {"players": 3})
    state = play_random(game.new_initial_state(), random.Random(1), 3)
    t = state.table()

    class Fallen:  # the engine's session at such an end (a random game takes minutes to reach one)
        platform = t.session.platform
        position = t.session.position + 1

        def status(self):
            return Status((), True, Result((), (0, 0, 0), "carthage_fell", everyone_lost=True))

    t.session = Fallen()
    assert state.is_terminal() and state.returns() == [-1.0, -1.0, -1.0]


def test_illegal_action_raises_naming_the_legal_ones_and_changes_nothing():
    game = pyspiel.load_game("carthago_roma")
    state = play_random(game.new_initial_state(), random.Random(2), 5)
    before = (str(state), state.history(), state.legal_actions(), state.information_state_string(0))
    bad = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(IllegalAction) as err:
        state.apply_action(bad)
    message = str(err.value)
    assert f"action {bad}" in message and "not legal now" in message
    assert all(str(a) in message for a in state.legal_actions()[:5])
    assert (str(state), state.history(), state.legal_actions(), state.information_state_string(0)) == before


@pytest.mark.parametrize("name,params,words", [
    ("carthago_roma", {"players": 3}, "Unknown parameter 'players'. Available parameters are: max_commands, worlds"),
    ("carthago_roma", {"colour": "red"}, "Unknown parameter 'colour'"),
    ("carthago_rome_et_carthage", {"players": 5}, "2, 3, 4 players, not 5"),
    ("carthago_republic_of_carthage", {"players": 2}, "3, 4, 5, 6 players, not 2"),
    ("carthago_hannibal", {"pass_attrition": "never"}, "hasdrubal_exempt, every_army"),
])
def test_bad_parameters_name_the_allowed_values(name, params, words):
    with pytest.raises(Exception) as err:
        pyspiel.load_game(name, params)
    assert words in str(err.value)


@pytest.mark.parametrize("name,params,limit", [
    ("carthago_roma", {}, None),
    ("carthago_rome_et_carthage", {}, None),
    # the long games: the first 40 commands only (max_commands), then a cut game scores 0 each
    ("carthago_hannibal", {"max_commands": 40}, 40),
    ("carthago_republic_of_carthage", {"players": 3, "max_commands": 40}, 40),
])
def test_openspiels_ismcts_bot_plays_whole_games(name, params, limit):
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(name, params)
    rng = np.random.RandomState(11)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=rng,
                           max_world_samples=ismcts.UNLIMITED_NUM_WORLD_SAMPLES)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.randint(game.max_chance_outcomes())))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert state.is_terminal()
    if limit is None:
        assert sorted(state.returns()) == [-1.0, 1.0] or state.returns() == [0.0, 0.0]
        assert state.table().session.status().over  # ended by the rules
    else:
        assert moves == limit and state.returns() == [0.0] * game.num_players()
