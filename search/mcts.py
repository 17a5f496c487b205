"""Information-set Monte Carlo tree search for any Carthago game.

The algorithm is single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012) with a reward per
seat (max^n): one tree over the searching seat's information set, whose nodes are reached by
(seat, command) edges. Every iteration

1. draws a *determinization*: a full state the searching seat cannot tell from the real one, given
   by the caller (``sample(rng)``: the game's ``sample_hidden`` for that seat). The search never
   sees anything else of the game: not the real state, not its seed;
2. descends the tree from that state: at each position the seat to act picks, among the commands
   legal in this determinization, the one with the best UCB1 for *its own* reward, using the
   child's availability count (how often it was legal when its parent was visited) in place of the
   parent's visits, as ISMCTS does when the legal commands change from one determinization to the
   next; chance (dice, draws) is drawn afresh each time, so a node stands for a command sequence
   (open loop);
3. adds one node, then plays random commands (draw offers only when nothing else is legal) for at
   most the game's rollout depth (``search.heuristics``), and scores the end: 1 to each winner,
   0 to the others, 1/n each for a draw; or, when the rollout was cut, the game's heuristic;
4. adds that reward vector to every node of the path.

The chosen command is the most visited child of the root.

Simultaneous steps (several seats in ``to_act``: Roma's secret pass, a Rome et Carthage combat's
cards, The Republic's secret choices) are searched as if the seats chose one after the other, in
the order of ``to_act``: a seat searched after another one sees its choice. This is the usual
approximation of determinized search; the root seat's choice is made from its own information set
only, since the root is always the searching seat's decision.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable

from engine.core import Game, advance, tag_of
from engine.rng import Rng

from .heuristics import evaluate, rollout_depth

AGREEMENT_KINDS = frozenset({"offer_draw", "accept_draw"})
EXPLORATION = 0.7  # UCB1's constant for rewards in [0, 1]


class Budget:
    """How much search a move gets: a number of iterations, or a time in milliseconds."""

    def __init__(self, iterations: int = 0, millis: float = 0.0) -> None:
        if (iterations > 0) == (millis > 0):
            raise ValueError("a budget is a number of iterations or a time in milliseconds, one of them")
        self.iterations = iterations
        self.millis = millis

    @classmethod
    def parse(cls, text: str) -> "Budget":
        """``"200"`` -> 200 iterations; ``"200ms"``, ``"1.5s"`` -> a time per move."""
        t = text.strip().lower()
        try:
            if t.endswith("ms"):
                return cls(millis=float(t[:-2]))
            if t.endswith("s"):
                return cls(millis=1000.0 * float(t[:-1]))
            return cls(iterations=int(t))
        except ValueError:
            raise ValueError(f"bad search budget {text!r}: say a number of iterations (200) or a time "
                             "per move (200ms, 2s), greater than zero") from None

    def __str__(self) -> str:
        return f"{self.iterations}" if self.iterations else f"{self.millis:g}ms"


class Node:
    __slots__ = ("children", "visits", "avail", "total")

    def __init__(self, players: int) -> None:
        self.children: dict[tuple[int, Any], Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = [0.0] * players


def _key(command: Any) -> Any:
    """Commands are frozen structs (hashable) as the engine makes them; anything else by its repr."""
    try:
        hash(command)
        return command
    except TypeError:
        return repr(command)


def _usual(commands: list[Any]) -> list[Any]:
    """Commands without draw agreements, unless they are all there is."""
    usual = [c for c in commands if tag_of(c) not in AGREEMENT_KINDS]
    return usual or commands


def _searched(commands: list[Any]) -> list[Any]:
    """The commands a tree node weighs: all but offering a draw (unless that is all there is). An
    offer is a bet on the other side's answer that a small search cannot weigh: with fewer
    iterations than commands every child is tried once, and the bot offered draws far more often
    than a player would. Answering an offer (accepting is a child like any) is searched."""
    usual = [c for c in commands if tag_of(c) != "offer_draw"]
    return usual or commands


def terminal_reward(result: Any, players: int) -> list[float]:
    """1 to each winner (shared by none), 0 to the others; a draw 1/n each; a game every seat lost
    (``everyone_lost``: The Republic of Carthage IX.5) 0 each, a loss like any other."""
    if result.everyone_lost:
        return [0.0] * players
    if not result.winners:
        return [1.0 / players] * players
    return [1.0 if x in result.winners else 0.0 for x in range(players)]


class Search:
    """One search: ``run`` a budget of iterations from the searching seat's samples, then ``best``."""

    def __init__(self, game: Game, seat: int, players: int, sample: Callable[[Rng], Any], seed: bytes,
                 depth: int | None = None) -> None:
        self.game = game
        self.seat = seat
        self.players = players
        self.sample = sample
        self.seed = seed
        self.depth = rollout_depth(game.info.id) if depth is None else depth
        self.root = Node(players)
        self.iterations = 0
        self._draws = 0
        self.pick = random.Random(seed)
        self._hint: tuple[Any, Any] | None = None  # (the state the last advance left, its legal hint)

    def _rng(self) -> Rng:
        self._draws += 1
        return Rng(self.seed, self._draws)

    def _play(self, state: Any, actor: int, command: Any, allowed: list[Any] | None = None) -> Any:
        """Play ``command`` on ``state`` (the search's own: a sample), in place (engine.core
        ``advance``); ``allowed``: the actor's legal commands there, when known."""
        done = advance(self.game, state, actor, command, self._rng(), allowed)
        self._hint = (done.state, done.legal)
        return done.state

    def _legal(self, state: Any, actor: int) -> list[Any]:
        """``legal``, or the list the last ``advance`` handed back for this very state and seat."""
        hint = self._hint
        if hint is not None and hint[0] is state and hint[1] is not None and hint[1][0] == actor:
            return hint[1][1]
        return self.game.legal(state, actor)

    def _actor(self, to_act: tuple[int, ...], node: Node) -> int:
        """Who chooses at a tree node: the searching seat at the root (its decision), else the
        first seat to act (simultaneous choices searched one after the other)."""
        if node is self.root and self.seat in to_act:
            return self.seat
        return to_act[0]

    def iterate(self) -> None:
        game, pick = self.game, self.pick
        state = self.sample(self._rng())
        node = self.root
        path = [node]
        result = None
        expanded = False
        while True:
            st = game.status(state)
            if st.over:
                result = st.result
                break
            if not st.to_act:  # nobody to act (not a position decide leaves): score it as it stands
                break
            actor = self._actor(st.to_act, node)
            full = self._legal(state, actor)
            legal = _searched(full)
            if not legal:  # a determinization the real play rules out (see ``_rollout``): a leaf
                break
            keys = [(actor, _key(c)) for c in legal]
            untried = []
            for i, k in enumerate(keys):
                child = node.children.get(k)
                if child is None:
                    untried.append(i)
                else:
                    child.avail += 1
            if untried:
                i = pick.choice(untried)
                child = node.children[keys[i]] = Node(self.players)
                state = self._play(state, actor, legal[i], full)
                path.append(child)
                expanded = True
                break
            best, best_value = 0, -1.0
            for i, k in enumerate(keys):
                child = node.children[k]
                value = (child.total[actor] / child.visits
                         + EXPLORATION * math.sqrt(math.log(child.avail) / child.visits))
                if value > best_value:
                    best, best_value = i, value
            node = node.children[keys[best]]
            path.append(node)
            state = self._play(state, actor, legal[best], full)
        if result is None and expanded:
            state, result = self._rollout(state)
        reward = (terminal_reward(result, self.players) if result is not None
                  else evaluate(game.info.id, state, self.players))
        for n in path:
            n.visits += 1
            total = n.total
            for x in range(self.players):
                total[x] += reward[x]
        self.iterations += 1

    def _rollout(self, state: Any) -> tuple[Any, Any]:
        game, pick = self.game, self.pick
        for _ in range(self.depth):
            st = game.status(state)
            if st.over:
                return state, st.result
            if not st.to_act:
                break
            actor = st.to_act[0] if len(st.to_act) == 1 else pick.choice(st.to_act)
            full = self._legal(state, actor)
            options = _usual(full)
            if not options:
                # A determinization keeps what the seat sees, not all it could infer (a hand drawn
                # without the card the real player must hold to finish his step): nothing to play,
                # so the position is scored as it stands.
                break
            state = self._play(state, actor, pick.choice(options), full)
        st = game.status(state)
        return state, (st.result if st.over else None)

    def run(self, budget: Budget) -> "Search":
        if budget.iterations:
            for _ in range(budget.iterations):
                self.iterate()
        else:
            deadline = time.perf_counter() + budget.millis / 1000.0
            while True:
                self.iterate()
                if time.perf_counter() >= deadline:
                    break
        return self

    def ranked(self) -> list[tuple[Any, Node]]:
        """The root's commands for the searching seat, most visited first; among equally visited
        ones, the best mean reward first. With a budget smaller than the number of commands (ten
        iterations against Hannibal's dozens of moves) every child is visited once, and ranking by
        visits alone sent the first command tried: the search's result was thrown away."""
        seat = self.seat
        mine = [(k[1], n) for k, n in self.root.children.items() if k[0] == seat]
        return sorted(mine, key=lambda kn: (-kn[1].visits, -kn[1].total[seat] / max(1, kn[1].visits)))


def _accepting_only_when_behind(ranked: list[tuple[Any, Node]], seat: int, players: int) -> list[tuple[Any, Node]]:
    """Accept a draw only when every other command searched looks worse than the draw itself (its
    value is exact: 1/players). Ranked by visits alone, a small search took the offer about as
    often as any move: a random opponent's occasional offers drew most Rome et Carthage games."""
    accept = [kn for kn in ranked if tag_of(kn[0]) == "accept_draw"]
    others = [kn for kn in ranked if tag_of(kn[0]) != "accept_draw"]
    values = [n.total[seat] / n.visits for _, n in others if n.visits]
    if not accept or not values:
        return ranked
    return accept + others if max(values) < 1.0 / players else others


def choose(game: Game, seat: int, players: int, sample: Callable[[Rng], Any], legal: list[Any],
           budget: Budget, seed: bytes) -> tuple[Any, Search | None]:
    """The command ``seat`` should send among ``legal`` (its legal commands now), after searching
    determinizations drawn by ``sample``. A lone legal command is sent without search."""
    if not legal:
        raise ValueError(f"seat {seat} has no legal command to choose from")
    if len(_searched(legal)) == 1:
        return _searched(legal)[0], None
    search = Search(game, seat, players, sample, seed).run(budget)
    by_key = {_key(c): c for c in legal}
    for key, _node in _accepting_only_when_behind(search.ranked(), seat, players):
        if key in by_key:
            return by_key[key], search
    return legal[0], search  # unreachable when sample_hidden keeps the seat's legal commands
