"""The PettingZoo adapter (adapters/pettingzoo.py, issue 31), and games played through either
adapter exported in the engine's log format and verified as ``carthago verify`` does."""

from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
import pytest

pettingzoo = pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

from pettingzoo.test import api_test  # noqa: E402

import adapters.openspiel  # noqa: E402,F401  (registers the games)
from adapters import observe  # noqa: E402
from adapters.export import export  # noqa: E402
from adapters.pettingzoo import env  # noqa: E402
from adapters.table import IllegalAction  # noqa: E402


# pettingzoo.test.api_test for every game and player count; it steps random masked actions for
# up to 1000 cycles (whole Roma and Rome et Carthage games); Hannibal and the Republic are cut after
# 300 commands (max_commands), a truncation every agent is told of.
@pytest.mark.parametrize("game_id,players,cut", [
    ("roma", None, 0), ("rome-et-carthage", 2, 0), ("rome-et-carthage", 3, 0), ("rome-et-carthage", 4, 0),
    ("hannibal", None, 300), ("republic-of-carthage", 3, 300), ("republic-of-carthage", 4, 300),
    ("republic-of-carthage", 5, 300), ("republic-of-carthage", 6, 300),
])
def test_pettingzoo_api_test(game_id, players, cut):
    api_test(env(game_id, players=players, max_commands=cut), num_cycles=1000, verbose_progress=False)


def play(e, seed: int, limit: int = 100_000) -> tuple[list[int], dict]:
    """A seeded random game; returns the actions and each agent's reward at its last step."""
    e.reset(seed=seed)
    pick = random.Random(seed)
    actions, final = [], {}
    for agent in e.agent_iter(limit):
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            final[agent] = reward
            e.step(None)
            continue
        assert reward == 0.0  # rewards come at the end only
        assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].any()
        action = pick.choice(np.flatnonzero(obs["action_mask"]).tolist())
        actions.append(action)
        e.step(action)
    return actions, final


def test_the_same_seed_replays_the_same_game_and_rewards_come_at_the_end():
    a, b = env("rome-et-carthage", players=3), env("rome-et-carthage", players=3)
    first, rewards = play(a, 5)
    assert play(b, 5)[0] == first and a.table.session.state == b.table.session.state
    assert a.table.session.status().over and not a.agents
    assert [rewards[x] for x in a.possible_agents] == a.table.returns()
    r = env("roma")
    _, rewards = play(r, 1)
    assert sorted(rewards.values()) == [-1.0, 1.0]  # Roma ends with a winner (RULES.md "End")
    c = env("rome-et-carthage", players=3)
    c.reset(seed=6)
    b.reset(seed=5)
    assert c.table.session.state != b.table.session.state  # another seed, another deal


def test_observation_is_the_agents_own_view():
    e = env("roma")
    e.reset(seed=1)
    agent = e.agent_selection
    seat = e.possible_agents.index(agent)
    obs = e.observe(agent)
    from adapters.observe import features
    assert np.array_equal(obs["observation"], features(e.table.session.view(seat)))
    other = e.possible_agents[1 - seat]
    assert not e.observe(other)["action_mask"].any()  # not its turn: nothing legal


def test_an_observation_asked_twice_is_the_same_in_new_arrays():
    """The last observation is kept for its position: asked again it comes back equal, in new
    arrays (a learner may keep and change the first), and after a step it is the new view's."""
    e = env("rome-et-carthage")
    e.reset(seed=3)
    agent = e.agent_selection
    first, again = e.observe(agent), e.last()[0]
    for k in ("observation", "action_mask"):
        assert np.array_equal(first[k], again[k]) and first[k] is not again[k]
        assert not np.shares_memory(first[k], again[k])
    first["observation"][:] = -1
    first["action_mask"][:] = 0
    seat = e.possible_agents.index(agent)
    assert np.array_equal(e.observe(agent)["observation"], observe.plain_features(e.table.session.view(seat)))
    assert e.observe(agent)["action_mask"].sum() == len(e.table.legal_ids())
    e.step(int(np.flatnonzero(again["action_mask"])[0]))
    for a in e.possible_agents:
        seat = e.possible_agents.index(a)
        assert np.array_equal(e.observe(a)["observation"], observe.plain_features(e.table.session.view(seat)))


def test_illegal_action_raises_naming_the_legal_ones_and_changes_nothing():
    e = env("hannibal")
    e.reset(seed=2)
    mask = e.observe(e.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    before = (e.table.session.position, e.agent_selection, mask.tolist())
    with pytest.raises(IllegalAction) as err:
        e.step(bad)
    assert "not legal now" in str(err.value) and str(int(np.flatnonzero(mask)[0])) in str(err.value)
    assert (e.table.session.position, e.agent_selection, e.observe(e.agent_selection)["action_mask"].tolist()) == before


@pytest.mark.parametrize("kwargs,words", [
    ({"game_id": "chess"}, "unknown game 'chess' (games: hannibal, republic-of-carthage, roma, rome-et-carthage)"),
    ({"game_id": "republic-of-carthage", "players": 7}, "3, 4, 5, 6 players, not 7"),
    ({"game_id": "rome-et-carthage", "edition": "modern"}, "one of original, mediterranee"),
    ({"game_id": "roma", "colour": "red"}, "no option 'colour'"),
])
def test_bad_environment_arguments_name_the_allowed_values(kwargs, words):
    with pytest.raises(ValueError) as err:
        env(**kwargs)
    assert words in str(err.value)


def test_games_played_through_the_adapters_export_and_verify(tmp_path):
    from server.log import verify

    e = env("rome-et-carthage", players=4)
    play(e, 9)
    data = export(e.table)
    assert verify(data).ok, verify(data).describe()

    game = pyspiel.load_game("carthago_roma")
    state = game.new_initial_state()
    state.apply_action(17)  # the chance node: world 17
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    path = tmp_path / "roma.log"
    path.write_bytes(export(state.table()))
    out = subprocess.run([sys.executable, "-m", "carthago.cli", "verify", str(path)], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    # a record changed: no longer verifies
    broken = bytearray(path.read_bytes())
    broken[len(broken) // 2] ^= 1
    assert not verify(bytes(broken)).ok


def test_a_trained_policy_plays_a_seat_on_a_server(client):
    """adapters.remote: a policy given the adapter's observation and legal ids plays a whole Roma
    game on a server against the random bot; its choices land as the server's commands."""
    import threading

    from adapters.remote import agent_bot
    from carthago.bots import make_bot

    g = client.create("roma", 2, seed=b"agent-on-a-server")
    me, other = client.join(g.game_id, seat=0), client.join(g.game_id, seat=1)
    chosen = []

    def act(obs, legal):
        assert obs["action_mask"].sum() == len(legal) and obs["observation"].shape == (2048,)
        chosen.append(legal[-1])
        return legal[-1]

    rival = threading.Thread(target=make_bot("random", other, 1).play, daemon=True)
    rival.start()
    agent_bot(me, act).play()
    rival.join(20)
    assert client.game(g.game_id).status.over and len(chosen) >= 5
