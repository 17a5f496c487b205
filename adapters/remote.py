"""A trained agent on a server: it plays one seat through the gRPC API (docs/PROTOCOL.md) with the
same observation and action ids it was trained on (``adapters.pettingzoo`` / ``adapters.openspiel``).

    python -m adapters.remote GAME_ID --policy mypackage.agent:act [--server 127.0.0.1:50051]

``act(observation, legal)`` gets the observation of the PettingZoo adapter (``{"observation":
features of the seat's view, "action_mask": …}``) and the legal action ids, and returns one of them.
Each turn the bot asks the server for its legal commands and one state drawn for its seat
(``SampleStates``: the seat's own view exactly, the rest dealt again at random), computes the
view and the legal list from that state with the engine (as ``carthago bot --bot mcts:…`` does,
``search/remote.py``), and submits the server's command at the index of the chosen one.
"""

from __future__ import annotations

import argparse
import importlib
from typing import Any, Callable

import numpy as np

from carthago.bots import follow
from carthago.client import CarthagoError, Client, Seat
from engine import registry
from engine.core import decode_state, tag_of

from . import observe
from .encoding import encoding

Policy = Callable[[dict, list[int]], int]


def _kind(command: Any) -> str:
    game = command.WhichOneof("game")
    return getattr(command, game).WhichOneof("kind") if game else ""


class AgentBot:
    def __init__(self, seat: Seat, policy: Policy) -> None:
        self.seat, self.policy = seat, policy
        self.game = registry.get(seat.client.game(seat.game_id).game_type)
        self.enc = encoding(self.game.info.id)

    def act_once(self) -> bool:
        commands, head = self.seat.legal_at()
        if not commands:
            return False
        drawn = self.seat.sample_states(1)
        if drawn.head_seq != head:
            return False  # the game moved between the two calls: look again
        if drawn.game_version != self.game.info.version:
            raise RuntimeError(f"the server plays {self.game.info.id} version {drawn.game_version}; this "
                               f"engine has {self.game.info.version}")
        state = decode_state(self.game, drawn.states[0])
        me = self.seat.seat
        legal = self.game.legal(state, me)
        if [tag_of(c) for c in legal] != [_kind(c) for c in commands]:
            raise RuntimeError(f"{self.game.info.id}: the server's legal commands are not the engine's")
        ids = self.enc.encode_all(legal)
        mask = np.zeros(self.enc.size, np.int8)
        mask[ids] = 1
        obs = {"observation": observe.features(self.game.view(state, me)), "action_mask": mask}
        action = self.policy(obs, sorted(set(ids)))
        if action not in ids:
            raise ValueError(f"the policy chose {action}, not a legal id ({sorted(set(ids))[:20]} …)")
        try:
            self.seat.submit(commands[ids.index(action)], expected_seq=head)
            return True
        except CarthagoError as err:
            if err.code in ("STALE_SEQ", "LOST_RACE"):
                return False
            raise

    def play(self) -> None:
        follow(self.seat, self.act_once)


def load_policy(spec: str) -> Policy:
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name or "act")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="play one seat of a game on a server with a trained policy")
    ap.add_argument("game_id")
    ap.add_argument("--policy", required=True, help="module:function, called as act(observation, legal_ids)")
    ap.add_argument("--server", default="127.0.0.1:50051")
    ap.add_argument("--seat", type=int, default=None)
    ap.add_argument("--name", default="agent")
    args = ap.parse_args(argv)
    policy = load_policy(args.policy)
    with Client(args.server) as client:
        seat = client.join(args.game_id, seat=args.seat, player=args.name)
        print(f"seat {seat.seat}; token {seat.token}", flush=True)
        AgentBot(seat, policy).play()
        print(client.game(args.game_id).status)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
