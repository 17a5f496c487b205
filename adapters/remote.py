"""A trained agent on a server: it plays one seat through the gRPC API (docs/PROTOCOL.md) with the
same observation and action ids it was trained on (``adapters.pettingzoo`` / ``adapters.openspiel``).

    python -m adapters.remote GAME_ID --policy mypackage.agent:act [--server 127.0.0.1:50051]

``act(observation, legal)`` gets the observation of the PettingZoo adapter (``{"observation":
features of the seat's view, "action_mask": …}``) and the legal action ids, and returns one of them.
It is ``carthago bot --bot mcts:…``'s bot (``search.remote.RemoteSearchBot``) with the policy in
place of the search: each turn it asks the server for its legal commands and one state drawn for
its seat (``SampleStates``: the seat's own view exactly, the rest dealt again at random), checks
them against the engine's, and submits the server's command at the index of the chosen one; here
the view and the ids come from that state through the adapters' encoding.
"""

from __future__ import annotations

import argparse
import importlib
from typing import Any, Callable

import numpy as np

from carthago.client import Client, Seat
from engine.rng import Rng
from search.remote import RemoteSearchBot

from . import observe
from .encoding import encoding

Policy = Callable[[dict, list[int]], int]


class PolicyPlayer:
    """A player of ``search.remote.RemoteSearchBot`` (the path of ``carthago bot --bot mcts:…``)
    that asks ``policy`` instead of searching."""

    def __init__(self, game_id: str, policy: Policy) -> None:
        self.enc, self.policy = encoding(game_id), policy

    def choose(self, game: Any, seat: int, players: int, sample: Callable[[Rng], Any], legal: list[Any]) -> Any:
        # a state drawn for the seat shows it its very view (the sample_hidden contract)
        view = game.view(sample(Rng(b"adapters.remote", 0)), seat)
        ids = self.enc.encode_all(legal)
        mask = np.zeros(self.enc.size, np.int8)
        mask[ids] = 1
        action = self.policy({"observation": observe.features(view), "action_mask": mask}, sorted(set(ids)))
        if action not in ids:
            raise ValueError(f"the policy chose {action}, not a legal id ({sorted(set(ids))[:20]} …)")
        return legal[ids.index(action)]


def agent_bot(seat: Seat, policy: Policy) -> RemoteSearchBot:
    """The bot that plays ``seat`` with ``policy``: ``play()`` follows the game to its end."""
    bot = RemoteSearchBot(seat, "random")
    bot.player = PolicyPlayer(bot.game.info.id, policy)
    return bot


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
        agent_bot(seat, policy).play()
        print(client.game(args.game_id).status)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
