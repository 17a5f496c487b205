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

``Settings`` varies this (the house bot's levels, ``search.levels``): rollouts cut after a few
commands and judged by the game's evaluation, determinizations kept and reused by copy,
progressive widening; ``search.parallel`` runs one search over several processes.

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
from itertools import compress
from operator import add, not_
from typing import Any, Callable

import msgspec

from engine.core import Game, decode_state, encode_state, stepper, tag_of
from engine.rng import Rng

from .heuristics import evaluator, prior_of, rollout_depth

AGREEMENT_KINDS = frozenset({"offer_draw", "accept_draw"})
EXPLORATION = 0.7  # UCB1's constant for rewards in [0, 1]


class Budget:
    """How much search a move gets: a number of iterations, a time in milliseconds, or both (the
    search stops at whichever comes first: a level's cap on a fast machine)."""

    def __init__(self, iterations: int = 0, millis: float = 0.0) -> None:
        if iterations < 0 or millis < 0 or (iterations == 0 and millis == 0):
            raise ValueError("a budget is a number of iterations or a time in milliseconds (or both), above zero")
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
        if self.iterations and self.millis:
            return f"{self.iterations}/{self.millis:g}ms"
        return f"{self.iterations}" if self.iterations else f"{self.millis:g}ms"


class Settings(msgspec.Struct, frozen=True):
    """How a search searches (search/README.md, "Levels, settings and house bots"). The defaults
    are the search as it was before the levels (``mcts:N`` keeps them, so old measurements stay
    comparable):

    * ``depth``: random commands a rollout plays before the position is evaluated; None: the
      game's ``ROLLOUT_DEPTH``.
    * ``pool``: determinizations kept and reused (each iteration plays on a copy of one); 0: a new
      ``sample`` every iteration. A draw of the hidden cards costs up to twenty copies of a state.
    * ``widen``: progressive widening, 0 off: a node tries a new command only while it has fewer
      children than ``widen * sqrt(visits)``, so a position with hundreds of commands (a Hannibal
      march, a Rome et Carthage placement) is searched deep among the first ones tried, not once
      each.
    * ``exploration``: UCB1's constant.
    * ``evaluation``: how a cut rollout is judged (``search.heuristics``): "score", the game's own
      measure of who is ahead, or a variant of the game's ("survival": The Republic of Carthage's
      score times the chance that Carthage lasts).
    * ``prior``: a game's preference among the legal commands (``search.heuristics.PRIORS``: "defence"
      and "guard", The Republic's common defence; "brief", its II.10 plans), "" none: rollouts draw commands in proportion to it, and the
      tree tries the preferred ones first and adds ``bias * (weight - 1) / (visits + 1)`` to their value
      (progressive bias).
    """

    depth: int | None = None
    pool: int = 0
    widen: float = 0.0
    exploration: float = EXPLORATION
    evaluation: str = "score"
    prior: str = ""
    bias: float = 1.0


class PlayRng:
    """The dice and shuffles of the commands a search plays on its own states: ``engine.rng.Rng``'s
    interface over one seeded ``random.Random``. A game's log must replay from its seed, so the
    engine's generator hashes (SHA-256) per block of draws; a search's rollouts need neither that
    nor its exact uniformity (one float per draw), and made an ``Rng`` for every command it played.
    The determinizations themselves (``sample``) still get an ``Rng``: the same draw from any state
    the seat cannot tell apart gives the same state (``tests/test_search.py``)."""

    __slots__ = ("_random",)

    def __init__(self, seed: bytes) -> None:
        self._random = random.Random(seed).random

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return int(self._random() * n)

    def die(self, sides: int = 6) -> int:
        return 1 + int(self._random() * sides)

    def choice(self, items: Any) -> Any:
        return items[int(self._random() * len(items))]

    def shuffled(self, items: Any) -> list[Any]:
        out = list(items)
        draw = self._random
        for i in range(len(out) - 1, 0, -1):
            j = int(draw() * (i + 1))
            out[i], out[j] = out[j], out[i]
        return out


class _Ucb:
    """UCB1's terms by table, per count: ``explore[a] = c * sqrt(ln a)``, ``inverse[v] = 1 / v``,
    ``inverse_root[v] = 1 / sqrt(v)``, so a child's value is ``total * inverse[v] + explore[a] *
    inverse_root[v]``: list lookups instead of a logarithm, a root and two divisions per child,
    three times as fast over a node's children (the loop an iteration spends most in at a node of
    hundreds of commands). Grown as visits grow."""

    __slots__ = ("c", "explore", "inverse", "inverse_root")

    def __init__(self, c: float) -> None:
        self.c = c
        self.explore: list[float] = [0.0]
        self.inverse: list[float] = [0.0]
        self.inverse_root: list[float] = [0.0]

    def grow(self, size: int) -> int:
        """Extend the tables (in place) to at least ``size`` entries; their new size."""
        size = max(size, 2 * len(self.explore), 64)
        c, log, sqrt = self.c, math.log, math.sqrt
        start = len(self.explore)
        self.explore.extend([c * sqrt(log(a)) for a in range(start, size)])
        self.inverse.extend([1.0 / v for v in range(start, size)])
        self.inverse_root.extend([1.0 / sqrt(v) for v in range(start, size)])
        return size


class Node:
    """A tree node: its children by the seat that chose and the command it sent (``kids[seat]``),
    its visits, how often it was legal when its parent was visited (``avail``, ISMCTS) and the sum
    of the rewards backed up through it, one per seat."""

    __slots__ = ("kids", "visits", "avail", "total", "seen")

    def __init__(self, players: int) -> None:
        self.kids: dict[int, dict[Any, Node]] = {}
        self.visits = 0
        self.avail = 1
        self.total = [0.0] * players
        # the last legal list a search weighed here, for one seat: [seat, commands, the child of each
        # command (None: untried), how many children that seat had] (``Search._select``)
        self.seen: list[Any] | None = None

    def of(self, seat: int) -> dict[Any, "Node"]:
        """The children reached by ``seat``'s commands."""
        kids = self.kids.get(seat)
        if kids is None:
            kids = self.kids[seat] = {}
        return kids


def _key(command: Any) -> Any:
    """Commands are frozen structs (hashable) as the engine makes them; anything else by its repr."""
    try:
        hash(command)
        return command
    except TypeError:
        return repr(command)


_AGREEMENT_TYPES: dict[type, bool] = {}


def _is_agreement(command: Any) -> bool:
    t = type(command)
    known = _AGREEMENT_TYPES.get(t)
    if known is None:
        known = _AGREEMENT_TYPES[t] = tag_of(command) in AGREEMENT_KINDS
    return known


def _has_agreement(commands: list[Any]) -> bool:
    """Whether any command is a draw agreement (types looked up once each: a Rome et Carthage
    position lists hundreds of commands, and this runs at every step of every iteration)."""
    known = _AGREEMENT_TYPES
    for t in set(map(type, commands)):
        flag = known.get(t)
        if flag is None:
            flag = _is_agreement(next(c for c in commands if type(c) is t))
        if flag:
            return True
    return False


def _usual(commands: list[Any]) -> list[Any]:
    """Commands without draw agreements, unless they are all there is."""
    if not _has_agreement(commands):
        return commands
    usual = [c for c in commands if not _is_agreement(c)]
    return usual or commands


def _searched(commands: list[Any]) -> list[Any]:
    """The commands a tree node weighs: all but offering a draw (unless that is all there is). An
    offer is a bet on the other side's answer that a small search cannot weigh: with fewer
    iterations than commands every child is tried once, and the bot offered draws far more often
    than a player would. Answering an offer (accepting is a child like any) is searched."""
    if not _has_agreement(commands):
        return commands
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
                 depth: int | None = None, settings: Settings | None = None) -> None:
        self.game = game
        self.seat = seat
        self.players = players
        self.sample = sample
        self.seed = seed
        self.settings = settings = settings or Settings()
        if depth is None:
            depth = settings.depth
        self.depth = rollout_depth(game.info.id) if depth is None else depth
        self.root = Node(players)
        self.iterations = 0
        self._draws = 0
        self.pick = random.Random(seed)
        self._dice = PlayRng(b"play:" + seed)  # the chance of the commands played (PlayRng)
        self._advance = stepper(game)  # the search plays only legal commands of the seat to act
        # on a state it owns outright (a decoded copy, or one a step of its own left), without the
        # events it never reads nor the copies kept for others sharing the state
        self._advance_owned = stepper(game, owned=True)
        # and for a rollout's last command, after which only the status and the value are read
        self._advance_last = stepper(game, hint=False)
        self._advance_owned_last = stepper(game, owned=True, hint=False)
        self._hint: tuple[Any, Any] | None = None  # (the state the last advance left, its legal hint)
        self._pool: list[bytes] = []  # encoded determinizations (Settings.pool)
        self._evaluate = evaluator(game.info.id, players, settings.evaluation)
        self._prior = prior_of(game.info.id, settings.prior)
        self._ucb = _Ucb(settings.exploration)
        self._hashable: bool | None = None  # whether commands are their own keys (``_key``)

    def _rng(self) -> Rng:
        self._draws += 1
        return Rng(self.seed, self._draws)

    def _determinize(self) -> tuple[Any, bool]:
        """A state to play this iteration on: a fresh ``sample``, or a copy of one kept in the pool
        (the first ``pool`` iterations draw and keep theirs; the later ones cycle through them); and
        whether the search owns every part of it (a decoded copy: ``stepper(game, owned=True)``; a
        sample may share parts with the state it was drawn from until a first step has played)."""
        size = self.settings.pool
        if not size:
            return self.sample(self._rng()), False
        pool = self._pool
        if len(pool) < size:
            state = self.sample(self._rng())
            pool.append(encode_state(state))
            return state, False
        return decode_state(self.game, pool[self.iterations % size]), True

    def _play(self, state: Any, actor: int, command: Any, allowed: list[Any] | None = None,
              owned: bool = False, last: bool = False) -> Any:
        """Play ``command`` on ``state`` (the search's own: a sample), in place (engine.core
        ``advance``); ``allowed``: the actor's legal commands there, when known; ``owned``: whether
        nothing else shares any part of ``state`` (``_determinize``; true after any step); ``last``:
        nothing but the status and the value of the position it leads to will be read."""
        if last:
            step = self._advance_owned_last if owned else self._advance_last
        else:
            step = self._advance_owned if owned else self._advance
        done = step(state, actor, command, self._dice, allowed)
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

    def _select(self, node: Node, actor: int, legal: list[Any], weights: list[float] | None = None) -> tuple[int, Node | None]:
        """The index among ``legal`` to follow from ``node`` and its child, None for a new one: an
        untried command while widening allows one (the prior's ``weights`` preferred), else the best
        UCB1 for ``actor`` (plus the prior's fading bias)."""
        kids = node.of(actor)
        # the children of the commands, looked up again only when the list is not the one weighed
        # here last (a seat's own commands at the root are the same list every iteration; a lookup
        # hashes every command of a list of hundreds) or the node has children that list never saw
        seen = node.seen
        if seen is not None and seen[0] == actor and seen[3] == len(kids) and seen[1] == legal:
            found = seen[2]
        else:
            found = list(map(kids.get, legal if self._hashable else map(_key, legal)))
            node.seen = [actor, list(legal), found, len(kids)]  # (a copy: nobody changes it)
        untried = found.count(None)
        tried = len(found) - untried
        widen = self.settings.widen
        if untried and (not tried or not widen or tried < widen * math.sqrt(node.visits + 1)):
            if not tried:  # a node's first visit (the usual case below the root): every index is new
                if weights is None:
                    return self.pick.choice(range(len(found))), None  # (as choice of the list of them)
                new = list(range(len(found)))
            else:
                for child in filter(None, found):  # (a Node is always true, None never)
                    child.avail += 1
                new = list(compress(range(len(found)), map(not_, found)))
            if weights is not None:
                top = max(weights[i] for i in new)
                new = [i for i in new if weights[i] == top]  # the prior's favourites first
            return self.pick.choice(new), None
        # UCB1 from tables (``_Ucb``), grown in place (the lists stay the same objects) when a
        # child's availability outgrows them: it is at least its visits, and may outgrow its parent's
        # (a command listed twice is counted twice)
        ucb = self._ucb
        explore, inverse, root = ucb.explore, ucb.inverse, ucb.inverse_root
        size = len(explore)
        best, best_value = 0, -1.0
        bias = self.settings.bias if weights is not None else 0.0
        if not untried and not bias:  # the usual case, in the tightest loop
            i = 0
            for child in found:
                a = child.avail + 1  # type: ignore[union-attr]
                child.avail = a  # type: ignore[union-attr]
                if a >= size:
                    size = ucb.grow(a + 1)
                v = child.visits  # type: ignore[union-attr]
                value = child.total[actor] * inverse[v] + explore[a] * root[v]  # type: ignore[union-attr]
                if value > best_value:
                    best, best_value = i, value
                i += 1
            return best, found[best]
        for i, child in enumerate(found):
            if child is None:
                continue
            a = child.avail + 1
            child.avail = a
            if a >= size:
                size = ucb.grow(a + 1)
            v = child.visits
            value = child.total[actor] * inverse[v] + explore[a] * root[v]
            if bias:
                value += bias * (weights[i] - 1.0) / (v + 1)  # type: ignore[index]
            if value > best_value:
                best, best_value = i, value
        return best, found[best]

    def iterate(self) -> None:
        game = self.game
        state, owned = self._determinize()
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
            if self._hashable is None:
                self._hashable = _key(legal[0]) is legal[0]
            weights = self._prior(state, actor, legal) if self._prior is not None else None
            i, child = self._select(node, actor, legal, weights)
            if child is None:
                command = legal[i]
                child = node.of(actor)[command if self._hashable else _key(command)] = Node(self.players)
                seen = node.seen  # (set by ``_select`` for this very list)
                if legal.count(command) == 1:  # the list weighed there now has this child (listed once)
                    seen[2][i] = child
                    seen[3] += 1
                else:
                    node.seen = None
                expanded = True
            state = self._play(state, actor, legal[i], full, owned)
            owned = True
            path.append(child)
            node = child
            if expanded:
                break
        if result is None and expanded:
            state, result = self._rollout(state, owned)
        reward = (terminal_reward(result, self.players) if result is not None else self._evaluate(state))
        for n in path:
            n.visits += 1
            n.total = list(map(add, n.total, reward))  # (each seat's sum, as ``total[x] += reward[x]``)
        self.iterations += 1

    def _rollout(self, state: Any, owned: bool = True) -> tuple[Any, Any]:
        game, pick, prior = self.game, self.pick, self._prior
        status, legal_of, play, choice = game.status, self._legal, self._play, pick.choice
        agreements = _AGREEMENT_TYPES  # (``_is_agreement``, its lookup inlined: once a command)
        last = self.depth - 1
        for k in range(self.depth):
            st = status(state)
            if st.over:
                return state, st.result
            to_act = st.to_act
            if not to_act:
                break
            actor = to_act[0] if len(to_act) == 1 else choice(to_act)
            full = legal_of(state, actor)
            if not full:
                # A determinization keeps what the seat sees, not all it could infer (a hand drawn
                # without the card the real player must hold to finish his step): nothing to play,
                # so the position is scored as it stands.
                break
            if prior is None:
                command = choice(full)
            else:
                weights = prior(state, actor, full)
                command = choice(full) if weights is None else pick.choices(full, weights)[0]
            agreement = agreements.get(type(command))
            if agreement is None:
                agreement = _is_agreement(command)
            if agreement:  # draw agreements only when nothing else is legal
                command = choice(_usual(full))
            state = play(state, actor, command, full, owned, k == last)
            owned = True
        st = status(state)
        return state, (st.result if st.over else None)

    def run(self, budget: Budget) -> "Search":
        """Iterate until the budget's iterations are done or its time is up, whichever comes first
        (at least one iteration)."""
        cap = budget.iterations
        if not budget.millis:
            for _ in range(cap):
                self.iterate()
            return self
        clock = time.perf_counter
        deadline = clock() + budget.millis / 1000.0
        done = 0
        while True:
            self.iterate()
            done += 1
            if (cap and done >= cap) or clock() >= deadline:
                break
        return self

    def ranked(self) -> list[tuple[Any, Node]]:
        """The root's commands for the searching seat, most visited first; among equally visited
        ones, the best mean reward first. With a budget smaller than the number of commands (ten
        iterations against Hannibal's dozens of moves) every child is visited once, and ranking by
        visits alone sent the first command tried: the search's result was thrown away."""
        seat = self.seat
        mine = list(self.root.kids.get(seat, {}).items())
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
           budget: Budget, seed: bytes, settings: Settings | None = None,
           searcher: Callable[..., Search] | None = None) -> tuple[Any, Search | None]:
    """The command ``seat`` should send among ``legal`` (its legal commands now), after searching
    determinizations drawn by ``sample``. A lone legal command is sent without search.
    ``searcher(game, seat, players, sample, seed, settings, budget)``: another way to run the
    search (``search.parallel.search_in_parallel``, over processes); by default one ``Search``."""
    if not legal:
        raise ValueError(f"seat {seat} has no legal command to choose from")
    if len(_searched(legal)) == 1:
        return _searched(legal)[0], None
    if searcher is not None:
        search = searcher(game, seat, players, sample, seed, settings or Settings(), budget)
    else:
        search = Search(game, seat, players, sample, seed, settings=settings).run(budget)
    return best_command(search, legal), search


def best_command(search: Search, legal: list[Any]) -> Any:
    """The command a finished search sends among ``legal``: the most visited of the root's (the
    best valued among equals), a draw accepted only when all else looks worse."""
    by_key = {_key(c): c for c in legal}
    for key, _node in _accepting_only_when_behind(search.ranked(), search.seat, search.players):
        if key in by_key:
            return by_key[key]
    return legal[0]  # unreachable when sample_hidden keeps the seat's legal commands
