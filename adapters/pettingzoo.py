"""The four games as PettingZoo AEC environments: ``env(game_id, **options)``, e.g. ``env("roma")``,
``env("republic-of-carthage", players=4)``. A thin layer over ``adapters.table.Table`` (the
engine's ``Session``): the same action ids as the OpenSpiel adapter (``adapters.encoding``).

- agents ``seat_0`` … (``possible_agents``), the one to act is the lowest seat the engine waits
  for (a simultaneous step is answered seat by seat, each answer hidden until it resolves);
- observation: ``{"observation": adapters.observe.features(view), "action_mask": int8 mask}``
  from the agent's own view only (``Session.view``); ``action_space`` ``Discrete(size)``;
- rewards at the end only: +1 a winner, -1 a loser, 0 at a draw, -1 each when every seat lost
  (The Republic of Carthage IX.5);
- ``reset(seed=n)``: the game's seed is ``b"pettingzoo-<n>"``, so the same seed and actions
  replay the same game; no seed: a fresh one;
- ``max_commands`` (0: off): cut the game short (truncation for every agent).
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from engine import registry
from engine.errors import RuleError

from . import observe
from .encoding import encoding
from .table import Table, config_of


def env(game_id: str, players: int | None = None, max_commands: int = 0, render_mode: str | None = None,
        **options: Any) -> "CarthagoEnv":
    return CarthagoEnv(game_id, players, max_commands, render_mode, **options)


class CarthagoEnv(AECEnv):
    metadata = {"render_modes": ["ansi"], "name": "carthago_v0", "is_parallelizable": False}

    def __init__(self, game_id: str, players: int | None = None, max_commands: int = 0,
                 render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        try:
            game = registry.get(game_id)
        except KeyError:
            raise ValueError(f"unknown game {game_id!r} (games: {', '.join(registry.ids())})") from None
        options = {k: ("true" if v is True else "false" if v is False else str(v)) for k, v in options.items()}
        try:
            self.config = config_of(game_id, players, options)
        except RuleError as exc:  # names the counts or values allowed
            raise ValueError(f"{game_id}: {exc.message}") from None
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game_id, self.render_mode, self.max_commands = game_id, render_mode, max_commands
        self.enc = encoding(game_id)
        self.possible_agents = [f"seat_{i}" for i in range(self.config.players)]
        n = self.enc.size
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (observe.SIZE,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self._act_space = spaces.Discrete(n)
        self.table: Table | None = None
        # each seat's features made from its views in turn (observe.Stream: the fields that
        # changed since that seat's last observation only), and the last observation asked, kept
        # for the table, commands and position it was made at (a second ask at once costs a copy)
        self._streams = [observe.Stream() for _ in self.possible_agents]
        self._asked: tuple | None = None
        self.seat_names = game.info.seat_names[: self.config.players]

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    # -- the AEC loop -----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        game_seed = os.urandom(16) if seed is None else f"pettingzoo-{seed}".encode()
        self.table = Table(self.game_id, self.config, game_seed)
        self.table.max_commands = self.max_commands
        if seed is not None:
            self._act_space.seed(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self.table.to_act()
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
            return
        # over: every agent is told once (pettingzoo removes each after its last step)
        returns = self.table.returns()
        cut = self.table.truncated() and not self.table.session.status().over
        for i, a in enumerate(self.possible_agents):
            if a in self.agents:
                self.rewards[a] = returns[i]
                self.terminations[a] = not cut
                self.truncations[a] = cut
        self._accumulate_rewards()
        self.agent_selection = self.agents[0] if self.agents else self.possible_agents[0]

    def observe(self, agent: str) -> dict:
        seat = self.possible_agents.index(agent)
        t = self.table
        at = (t, t.commands, t.session.position, seat)
        mask = np.zeros(self.enc.size, np.int8)  # new arrays each time: a learner may keep them
        if t.to_act() == seat:
            mask[t.legal_ids()] = 1
        asked = self._asked
        if asked is not None and asked[0] == at:
            return {"observation": asked[1].copy(), "action_mask": mask}
        features = self._streams[seat](t.session.view(seat))
        self._asked = (at, features)
        return {"observation": features.copy(), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        self._cumulative_rewards[agent] = 0.0
        self.table.apply(int(action))  # IllegalAction, naming the legal ids, changes nothing
        for a in self.agents:
            self.rewards[a] = 0.0
        self._select()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.table is None:
            return None
        t = self.table
        seat = t.to_act()
        return f"{self.game_id} at event {t.session.position}; to act: " + \
            (self.seat_names[seat] if seat is not None else "nobody (over)")

    def close(self) -> None:
        pass
