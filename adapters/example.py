"""Train and evaluate an agent on a game through the PettingZoo adapter (``make research-example``):

    python -m adapters.example [--game roma] [--episodes 300] [--eval 100] [--save agent.npz]

A linear softmax policy over the observation features (``adapters.observe``), masked to the legal
ids, trained by REINFORCE (the game's end reward, +1 or -1, for every choice of the game) against
the random bot, seats alternating; evaluated before and after over seeded games against the random
bot, its win rate with the Wilson 95 % interval. A small example of the loop, not a strong agent:
for that, OpenSpiel's algorithms and RLlib/Tianshou/CleanRL take the same environments
(docs/RESEARCH.md). ``--save`` writes the weights; ``act`` below plays them on a server through
``python -m adapters.remote GAME --policy adapters.example:act`` (with ``CARTHAGO_AGENT=agent.npz``).
"""

from __future__ import annotations

import argparse
import os
import random

import numpy as np

from search.strength import wilson

from .pettingzoo import env


class Linear:
    def __init__(self, actions: int, features: int, seed: int = 0) -> None:
        self.w = np.random.default_rng(seed).normal(0, 0.01, (actions, features)).astype(np.float32)

    def probs(self, obs: dict) -> tuple[np.ndarray, np.ndarray]:
        legal = np.flatnonzero(obs["action_mask"])
        x = obs["observation"] / (1.0 + np.abs(obs["observation"]))  # squashed: counts and money
        z = self.w[legal] @ x
        p = np.exp(z - z.max())
        return legal, p / p.sum()


def play(e, policy: Linear, me: int, seed: int, learn: bool = False, rate: float = 0.01) -> float:
    """One game; ``me`` plays ``policy``, the others at random. Returns ``me``'s end reward."""
    e.reset(seed=seed)
    pick = random.Random(seed)
    trail, reward = [], 0.0
    for agent in e.agent_iter():
        obs, r, term, trunc, _ = e.last()
        if term or trunc:
            if agent == e.possible_agents[me]:
                reward = r
            e.step(None)
            continue
        if agent == e.possible_agents[me]:
            legal, p = policy.probs(obs)
            k = int(np.random.default_rng(pick.getrandbits(32)).choice(len(legal), p=p)) if learn else int(p.argmax())
            if learn:
                trail.append((obs, legal, p, k))
            e.step(int(legal[k]))
        else:
            e.step(pick.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    for obs, legal, p, k in trail:  # REINFORCE: raise the log-probability of the choices of a won game
        x = obs["observation"] / (1.0 + np.abs(obs["observation"]))
        grad = -p
        grad[k] += 1.0
        policy.w[legal] += rate * reward * grad[:, None] * x[None, :]
    return reward


def evaluate(e, policy: Linear, games: int) -> tuple[int, float, float]:
    n = len(e.possible_agents)
    wins = sum(play(e, policy, i % n, 10_000 + i) > 0 for i in range(games))
    lo, hi = wilson(wins, games)
    return wins, lo, hi


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="roma")
    ap.add_argument("--episodes", type=int, default=300)
    ap.add_argument("--eval", type=int, default=100)
    ap.add_argument("--save", default="")
    args = ap.parse_args(argv)
    e = env(args.game)
    e.reset(seed=0)
    policy = Linear(e.action_space(e.possible_agents[0]).n, e.observation_space(e.possible_agents[0])["observation"].shape[0])
    before = evaluate(e, policy, args.eval)
    print(f"{args.game}: before training {before[0]}/{args.eval} wins vs random [{before[1]:.2f}, {before[2]:.2f}]")
    n = len(e.possible_agents)
    for i in range(args.episodes):
        play(e, policy, i % n, i, learn=True)
    after = evaluate(e, policy, args.eval)
    print(f"{args.game}: after {args.episodes} episodes {after[0]}/{args.eval} wins vs random "
          f"[{after[1]:.2f}, {after[2]:.2f}]")
    if args.save:
        np.savez(args.save, w=policy.w)
        print(f"wrote {args.save}")
    return 0


_AGENT: Linear | None = None


def act(obs: dict, legal: list[int]) -> int:
    """``adapters.remote``'s policy: the weights saved in ``$CARTHAGO_AGENT``, greedy."""
    global _AGENT
    if _AGENT is None:
        w = np.load(os.environ["CARTHAGO_AGENT"])["w"]
        _AGENT = Linear(*w.shape)
        _AGENT.w = w
    ids, p = _AGENT.probs(obs)
    return int(ids[p.argmax()])


if __name__ == "__main__":
    raise SystemExit(main())
