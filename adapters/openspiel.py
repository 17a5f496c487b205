"""The four games as OpenSpiel games (``pyspiel``): importing this module registers
``carthago_roma``, ``carthago_rome_et_carthage``, ``carthago_hannibal`` and
``carthago_republic_of_carthage``, so that ``pyspiel.load_game("carthago_hannibal")`` works.

Each is a thin layer over ``adapters.table.Table`` (an ``engine.session.Session``): the rules are
the engine's. What OpenSpiel is told (docs/RESEARCH.md has the why):

- dynamics SEQUENTIAL: a simultaneous step is answered seat by seat, lowest first, each answer
  hidden from the others until the step resolves (``adapters.table``);
- chance EXPLICIT_STOCHASTIC, with one chance node, the first: it draws the game's seed among
  ``worlds`` (a parameter, 65536 by default) equally likely ones; every die and shuffle after it
  is the engine's, drawn in ``decide`` from that seed (DESIGN.md principle 2), as on a server.
  Not a chance node per die or shuffle: a shuffle's outcomes cannot be listed without a second
  rules implementation. Not SAMPLED_STOCHASTIC: OpenSpiel serializes such a game with its RNG
  state, which a Python game cannot give (``random_sim_test(serialize=True)`` fails with
  "GetRNGState unimplemented"). The seed is hidden from every seat (no view shows it);
- IMPERFECT_INFORMATION; ZERO_SUM with two seats, GENERAL_SUM with more; TERMINAL rewards
  (``Table.returns``);
- ``players`` (Rome et Carthage 2-4, The Republic of Carthage 3-6) and every game option
  (``GameInfo.options``) are game parameters, checked by the engine's own ``validate_config``;
- ``max_commands`` (0: off): cut a game short after that many commands, every seat scoring 0 (not a
  rule of the game: for tests and quick experiments on the long games).
"""

from __future__ import annotations

import os

import pyspiel

from engine import registry
from engine.core import state_digest
from engine.rng import Rng

from . import observe
from .encoding import encoding
from .table import Table, config_of

SHORT_NAMES = {
    "roma": "carthago_roma",
    "rome-et-carthage": "carthago_rome_et_carthage",
    "hannibal": "carthago_hannibal",
    "republic-of-carthage": "carthago_republic_of_carthage",
}

_T = pyspiel.GameType
# The games whose views are small enough for a tensor each step (adapters.observe): Hannibal's and
# the Republic's have hundreds of leaves (about 6 ms a view in Python), and no tensor here.
TENSORS = ("roma", "rome-et-carthage")


def _game_type(game_id: str, players: int) -> pyspiel.GameType:
    info = registry.get(game_id).info
    params: dict = {"worlds": WORLDS, "max_commands": 0}
    if len(info.player_counts) > 1:
        params["players"] = info.player_counts[0]
    params.update({name: _param(spec.values, spec.default) for name, spec in info.options.items()})
    return pyspiel.GameType(
        short_name=SHORT_NAMES[game_id],
        long_name=f"Carthago: {info.title}",
        dynamics=_T.Dynamics.SEQUENTIAL,
        chance_mode=_T.ChanceMode.EXPLICIT_STOCHASTIC,
        information=_T.Information.IMPERFECT_INFORMATION,
        utility=_T.Utility.ZERO_SUM if players == 2 else _T.Utility.GENERAL_SUM,
        reward_model=_T.RewardModel.TERMINAL,
        max_num_players=max(info.player_counts),
        min_num_players=min(info.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=game_id in TENSORS,
        parameter_specification=params,
    )


WORLDS = 1 << 16


def _param(values: tuple[str, ...], value: str):
    """An option's value as OpenSpiel types it: OpenSpiel reads ``false``/``true`` back as a bool
    and digits as an int (a game's string form, on deserializing), so such options are typed so."""
    if set(values) == {"false", "true"}:
        return value == "true"
    if all(v.lstrip("-").isdigit() for v in values):
        return int(value)
    return value


def _option(value) -> str:
    """A game parameter's value as the engine's option string."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def world_seed(world: int) -> bytes:
    """The game seed of the chance node's outcome ``world``."""
    return f"openspiel-world-{world}".encode()


def _make(game_id: str) -> type:
    info = registry.get(game_id).info
    option_names = tuple(info.options)

    class CarthagoGame(pyspiel.Game):
        def __init__(self, params: dict | None = None) -> None:
            params = dict(params or {})
            known = {"worlds", "max_commands", *option_names} | ({"players"} if len(info.player_counts) > 1 else set())
            # OpenSpiel refuses an unknown parameter first, naming the known ones; this is for a
            # caller that builds the game class directly
            unknown = sorted(set(params) - known)
            if unknown:
                raise ValueError(f"{SHORT_NAMES[game_id]}: unknown parameter {unknown[0]!r} "
                                 f"(parameters: {', '.join(sorted(known))})")
            options = {k: _option(params[k]) for k in option_names if k in params}
            players = int(params.get("players", info.player_counts[0]))
            try:
                self.config = config_of(game_id, players, options)
            except Exception as exc:  # the engine's RuleError: names the counts or values allowed
                raise ValueError(f"{SHORT_NAMES[game_id]}: {getattr(exc, 'message', exc)}") from None
            self.game_id = game_id
            self.max_commands = int(params.get("max_commands", 0))
            self.worlds = int(params.get("worlds", WORLDS))
            if self.worlds < 1:
                raise ValueError(f"{SHORT_NAMES[game_id]}: worlds must be at least 1, not {self.worlds}")
            self.enc = encoding(game_id)
            two = players == 2
            game_info = pyspiel.GameInfo(
                num_distinct_actions=self.enc.size, max_chance_outcomes=self.worlds, num_players=players,
                min_utility=-1.0, max_utility=1.0, utility_sum=0.0 if two else None,
                # the seed's chance node, then the commands
                max_game_length=(self.max_commands or info.max_steps) + 1)
            super().__init__(_game_type(game_id, players), game_info, params)

        def new_initial_state(self) -> "CarthagoState":
            return CarthagoState(self)

        def make_py_observer(self, iig_obs_type=None, params=None):
            if params:
                raise ValueError(f"observation parameters are not supported; passed {params}")
            perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
            return Observer(perfect_recall, game_id in TENSORS)

    class CarthagoState(pyspiel.State):
        """Before its first action the state is the chance node that draws the seed; then it holds
        a ``Table``."""

        def __init__(self, game: CarthagoGame, table: Table | None = None) -> None:
            super().__init__(game)
            self._table = table

        def table(self) -> Table | None:
            return self._table

        def current_player(self) -> int:
            t = self._table
            if t is None:
                return pyspiel.PlayerId.CHANCE
            seat = t.to_act()
            return pyspiel.PlayerId.TERMINAL if seat is None else seat

        def chance_outcomes(self) -> list[tuple[int, float]]:
            n = self.get_game().worlds
            return [(w, 1.0 / n) for w in range(n)] if self._table is None else []

        # Python callers (the bench, OpenSpiel's Python algorithms: ISMCTS, MCTS) ask these
        # without crossing into C++ and back (pyspiel's State.legal_actions() calls is_terminal,
        # current_player twice and _legal_actions, then converts the list both ways): the same
        # answers as the C++ path, which C++ callers still take.
        def legal_actions(self, player: int | None = None) -> list[int]:
            t = self._table
            if player is not None:
                return pyspiel.State.legal_actions(self, player)
            if t is None:  # the chance node: its outcomes
                return list(range(self.get_game().worlds))
            listed = t._legal  # the table's list when it is this position's (Table._cache), else made
            if listed is not None and listed.pos == t.session.position and listed.at == t.commands:
                return list(listed.sorted)
            return t.legal_actions()  # [] once over

        def is_chance_node(self) -> bool:
            return self._table is None

        def _legal_actions(self, player: int) -> list[int]:
            t = self._table
            return t.legal_actions() if t is not None and player == t.to_act() else []

        def _apply_action(self, action: int) -> None:
            if self._table is None:
                game = self.get_game()
                if not 0 <= action < game.worlds:
                    raise ValueError(f"chance outcome {action} is not one of 0..{game.worlds - 1}")
                self._table = Table(game_id, game.config, world_seed(action))
                self._table.max_commands = game.max_commands
            else:
                self._table.apply(action)

        def _action_to_string(self, player: int, action: int) -> str:
            t = self._table
            if t is None or player == pyspiel.PlayerId.CHANCE:
                return f"seed of world {action}"
            return t.describe(action) if player == t.to_act() else t.enc.describe(action)

        def is_terminal(self) -> bool:
            return self._table is not None and self._table.to_act() is None

        def returns(self) -> list[float]:
            t = self._table
            return t.returns() if t is not None else [0.0] * self.get_game().config.players

        def resample_from_infostate(self, player_id: int, probability_sampler) -> "CarthagoState":
            """A state ``player_id`` cannot tell from this one, through ``Game.sample_hidden``; its
            future dice come from a new seed (a seat never knows the server's)."""
            t = self._table
            if t is None:  # the chance node: nothing to tell apart yet
                return CarthagoState(self.get_game())
            draw = int(probability_sampler() * (1 << 53)) if callable(probability_sampler) else \
                int.from_bytes(os.urandom(7), "big")
            seed = f"resample-{draw}".encode()
            return CarthagoState(self.get_game(), t.resample(player_id, Rng(seed, t.session.position), seed))

        def __str__(self) -> str:
            t = self._table
            if t is None:
                return f"{SHORT_NAMES[game_id]}: the seed is to be drawn"
            return f"{SHORT_NAMES[game_id]} at event {t.session.position}, state {state_digest(t.session.state)[:16]}"

    CarthagoGame.__name__ = CarthagoState.__name__.replace("State", "") + "Game"
    return CarthagoGame


class Observer:
    """OpenSpiel's Python observer: a seat's view only (``Session.view``). The information state
    (perfect recall) is the view plus the seat's record of everything it has seen
    (``Table.record``); the observation is the view alone, and its tensor ``adapters.observe``."""

    def __init__(self, perfect_recall: bool, tensor: bool) -> None:
        self.perfect_recall = perfect_recall
        self._streams: dict[int, observe.Stream] = {}  # a player's features from its views in turn
        if perfect_recall or not tensor:
            self.tensor, self.dict = None, {}
        else:
            self.tensor = observe.features(None)
            self.dict = {"view_features": self.tensor}

    def set_from(self, state, player: int) -> None:
        t = state.table()
        if self.tensor is not None:
            if t is None:
                self.tensor.fill(0)
            else:
                stream = self._streams.get(player)
                if stream is None:
                    stream = self._streams[player] = observe.Stream()
                stream(t.session.view(player), self.tensor)

    def string_from(self, state, player: int) -> str:
        t = state.table()
        if t is None:
            return "the seed is to be drawn"
        text = t.view_json(player).decode()
        return f"{text}\nrecord {t.record(player)}" if self.perfect_recall else text


GAMES = {game_id: _make(game_id) for game_id in SHORT_NAMES}
for _game_id, _cls in GAMES.items():
    pyspiel.register_game(_game_type(_game_id, registry.get(_game_id).info.player_counts[0]), _cls)
