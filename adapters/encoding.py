"""Each game's commands as action ids: a fixed, documented encoding (docs/RESEARCH.md, "Action
encoding"), shared by the OpenSpiel and the PettingZoo adapters.

An encoding is a list of blocks, one per command kind, in the order of the game's command union
(``engine.games.<game>.commands.Command``). A block's ids are the product of its fields, mixed
radix with the first field most significant:

- ``Word(field, list)``: the index of the value in one of the game's word lists
  (``adapters/data/<game>.json``, append only), whose size is fixed by its capacity;
- ``Int(field, lo, hi)``: ``value - lo``;
- ``Cards(field, list, most)``: a set of 0 to ``most`` distinct words (the engine gives them in its
  canonical order), by the combinatorial number system over their word indices;
- ``Route(piece, path, pieces, cities, ranks)``: a piece, the last city of its path, and the rank of
  the path among the legal paths of that piece to that city (sorted): Rome et Carthage's moves.

After the blocks come ``OVERFLOW`` positional ids: a legal command the blocks cannot express (a
word not listed, a number out of range) takes the next of them in the order of the legal list,
so that ``legal_actions`` is always the engine's ``legal``, one id per command. The tests check
that seeded games never need them.
"""

from __future__ import annotations

import json
from bisect import bisect_left
from functools import lru_cache
from importlib import resources
from math import comb
from operator import itemgetter
from typing import Any, NamedTuple

from engine.core import tag_of

OVERFLOW = 64


class Word(NamedTuple):
    field: str
    list: str


class Int(NamedTuple):
    field: str
    lo: int
    hi: int


class Cards(NamedTuple):
    field: str
    list: str
    most: int


class Route(NamedTuple):
    piece: str
    path: str
    pieces: str
    cities: str
    ranks: int


class Unencodable(Exception):
    """A command the blocks cannot express (it takes an overflow id)."""


# Block fields by game, in the order of each game's command union.
SPECS: dict[str, list[tuple[str, tuple]]] = {
    "roma": [
        ("pass_card", (Word("card", "card"),)),
        ("lay_card", (Word("card", "card"), Int("disc", 1, 6))),
        ("reroll_dice", ()),
        ("keep_dice", ()),
        ("play_card", (Word("card", "card"), Int("disc", 1, 6))),
        ("take_money", (Int("die", 1, 6),)),
        ("take_cards", (Int("die", 1, 6),)),
        ("activate_card", (Int("disc", 1, 6),)),
        ("end_turn", ()),
        ("choose_card", (Word("card", "card"),)),
        ("choose_disc", (Int("disc", 1, 6),)),
        ("choose_die", (Int("die", 1, 6),)),
        ("adjust_die", (Int("die", 1, 6), Int("delta", -1, 1))),
        ("buy_victory_points", (Int("count", 1, 36),)),  # 36 VP in the game (Roma, "Set-up")
        ("decline", ()),
    ],
    "rome-et-carthage": [
        ("choose_special", (Word("card", "special"),)),
        ("place_piece", (Word("piece", "piece"), Word("city", "city"))),
        ("declare_forced_march", (Cards("cards", "card", 3),)),
        ("move_piece", (Route("piece", "path", "piece", "city", 8),)),
        ("move_second_mercenary", (Word("piece", "piece"), Word("to", "city"))),
        ("play_treason", (Route("piece", "path", "piece", "city", 8),)),
        ("play_sedition", (Word("city", "city"),)),
        ("end_turn", ()),
        ("offer_draw", ()),
        ("accept_draw", ()),
        ("choose_combat", (Word("city", "city"),)),
        ("commit_cards", (Cards("cards", "card", 2),)),  # two at most (RULES.md "Combat")
        ("declare_spy", ()),
        ("keep_value", ()),
        ("add_to_forced_march", (Word("card", "card"),)),
    ],
    "hannibal": [
        ("play_card", (Int("card", 1, 64), Word("use", "use"))),
        ("play_counter", (Int("card", 1, 64),)),
        ("choose_space", (Word("space", "space"),)),
        ("choose_general", (Word("general", "general"),)),
        ("choose_number", (Int("number", 0, 63),)),
        ("choose_option", (Word("option", "option"),)),
        ("play_battle_card", (Word("card", "battle_card"), Word("as_type", "battle_card"))),
        ("pass", ()),
    ],
    "republic-of-carthage": [
        ("choose_senator", (Word("senator", "senator"),)),
        ("choose_number", (Int("number", -128, 383),)),
        ("choose_option", (Word("option", "option"),)),
        ("play_card", (Word("card", "card"), Word("senator", "senator_or_none"))),
        ("transfer", (Word("source", "place"), Word("target", "place"))),
        ("sell_commerce", (Word("commodity", "commodity"), Int("count", 1, 8))),
        # ``say`` (table talk, free text) is never in a legal list: no block
    ],
}


def _capacity(n: int) -> int:
    """An open word list's room (the option words): its size rounded up to a multiple of 32, plus 32."""
    return (n + 31) // 32 * 32 + 32


def _load_lists(game_id: str) -> dict[str, tuple[list, int]]:
    with resources.files("adapters").joinpath("data", f"{game_id}.json").open() as f:
        doc = json.load(f)
    out = {name: (values, doc.get("capacity", {}).get(name, _capacity(len(values))))
           for name, values in doc["lists"].items()}
    if "senator" in out:  # a card played on no senator: "" first
        senators, cap = out["senator"]
        out["senator_or_none"] = ([""] + senators, cap + 1)
    return out


def _size(f: Any, lists: dict) -> int:
    if isinstance(f, Word):
        return lists[f.list][1]
    if isinstance(f, Int):
        return f.hi - f.lo + 1
    if isinstance(f, Cards):
        n = lists[f.list][1]
        return sum(comb(n, k) for k in range(f.most + 1))
    return lists[f.pieces][1] * lists[f.cities][1] * f.ranks


class Encoding:
    """One game's action encoding."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.lists = _load_lists(game_id)
        self.index = {name: {v: i for i, v in enumerate(vals)} for name, (vals, _) in self.lists.items()}
        self.blocks: dict[str, tuple[int, tuple, tuple[int, ...]]] = {}
        self.order: list[tuple[int, str]] = []
        base = 0
        for kind, fields in SPECS[game_id]:
            sizes = tuple(_size(f, self.lists) for f in fields)
            self.blocks[kind] = (base, fields, sizes)
            self.order.append((base, kind))
            n = 1
            for s in sizes:
                n *= s
            base += n
        self.overflow_base = base
        self.size = base + OVERFLOW  # num_distinct_actions
        # kinds whose id depends on the rest of the legal list (a route's rank): their block is the
        # route alone, so that a command's id is ``lo + rank`` (``_ranks``)
        self.routed = {kind for kind, (_, fields, _) in self.blocks.items() if any(isinstance(f, Route) for f in fields)}
        for kind in self.routed:
            assert len(self.blocks[kind][1]) == 1, f"{game_id}: a route block has one field, the route"
        # command -> its id, or for a routed command its handle, a negative number: its group
        # (kind, piece, last city), path, ``lo`` (the id of rank 0) and command in ``_group``,
        # ``_path``, ``_lo`` and ``_routed`` by handle. Commands are frozen structs (hashable); an
        # unencodable command is never memoized.
        self._memo: dict[Any, int] = {}
        self._group: dict[int, int] = {}  # handle -> its group's number (``_groups``)
        self._groups: dict[tuple, int] = {}  # (kind, piece, last city) -> a number
        self._key: dict[int, tuple] = {}  # handle -> (group number, path): sorts as the ranks go
        self._lo: dict[int, int] = {}
        self._ranks_of: dict[int, int] = {}  # handle -> its block's ranks
        self._routed: dict[int, Any] = {}
        self._command: dict[int, Any] = {}  # a memoized id -> its command: one command an id

    # -- commands -> ids --------------------------------------------------------------------
    def encode_all(self, commands: list[Any]) -> list[int]:
        """The ids of a legal list, in its order (each command one id; a command the list gives
        twice has one id). The commands met before cost a dict lookup each (``_memo``); only a
        routed command's rank is worked out again, from the other routed commands of the list."""
        out = list(map(self._memo.get, commands))
        if None in out:
            self._learn(commands, out)
        handles = {v for v in out if v is not None and v < 0} if self._routed else None
        if handles:
            handles = sorted(handles)
            ranked = dict(zip(handles, self._ranks(handles)))
            out = [ranked[v] if v is not None and v < 0 else v for v in out]
        if None in out:  # unencodable: the overflow ids, in the order of the list
            spill: dict[Any, int] = {}
            for i, v in enumerate(out):
                if v is None:
                    c = commands[i]
                    if c not in spill:
                        if len(spill) >= OVERFLOW:
                            raise ValueError(f"{self.game_id}: more than {OVERFLOW} legal commands outside the encoding")
                        spill[c] = self.overflow_base + len(spill)
                    out[i] = spill[c]
        return out

    def listing(self, commands: list[Any]) -> tuple[list[int], dict[int, Any] | None]:
        """A legal list's ids sorted (once each), and the commands of those whose command is not
        ``command(id)`` (a route's, an overflow's), or None: what a table asks each step, without
        the list's order (:meth:`encode_all`'s). A dict lookup a command and a sort when every
        command was met before; a route's rank is the only work done again. (The lookups by
        one ``itemgetter`` call: a third cheaper than ``map(memo.get, …)``'s call a command.)"""
        n = len(commands)
        try:
            vals = set(itemgetter(*commands)(self._memo)) if n > 1 else {self._memo[commands[0]]} if n else set()
        except KeyError:  # a command not met before (or not encodable): the whole list below
            vals = {None}
        if None not in vals:
            srt = sorted(vals)
            if not srt or srt[0] >= 0:
                return srt, None
            k = bisect_left(srt, 0)
            handles = srt[:k]
            ranked = self._ranks(handles)
            if None not in ranked:
                extra = dict(zip(ranked, map(self._routed.__getitem__, handles)))
                return sorted(srt[k:] + ranked), extra
        by_id = dict(zip(self.encode_all(commands), commands))  # new or unencodable commands
        return sorted(by_id), by_id

    def command(self, action: int) -> Any:
        """The command a memoized, unrouted id stands for (KeyError: none)."""
        return self._command[action]

    def _learn(self, commands: list[Any], out: list) -> None:
        """Encodes the commands not met before (``out[i]`` None) and memoizes them; an unencodable
        one stays None."""
        memo, routed = self._memo, self.routed
        for i, c in enumerate(commands):
            if out[i] is not None:
                continue
            try:
                kind = tag_of(c)
                if kind in routed:
                    v = -1 - len(self._routed)
                    group, path, self._lo[v] = self._route(kind, c)
                    g = self._groups.setdefault(group, len(self._groups))
                    self._group[v], self._key[v] = g, (g, path)
                    self._ranks_of[v] = self.blocks[kind][1][0].ranks
                    self._routed[v] = c
                else:
                    v = self._encode(c)
                    other = self._command.setdefault(v, c)
                    if other != c:
                        raise AssertionError(f"{self.game_id}: {other!r} and {c!r} share the action id {v}")
            except Unencodable:
                continue
            memo[c] = out[i] = v

    def _route(self, kind: str, c: Any) -> tuple[tuple, tuple, int]:
        base, (r,), _ = self.blocks[kind]
        path = tuple(getattr(c, r.path))
        if not path:
            raise Unencodable(path)
        piece = self._word(r.pieces, getattr(c, r.piece))
        city = self._word(r.cities, path[-1])
        lo = base + (piece * self.lists[r.cities][1] + city) * r.ranks
        return (kind, getattr(c, r.piece), path[-1]), path, lo

    def _ranks(self, handles: list[int]) -> list[int | None]:
        """The ids of routed commands (their handles, distinct): a path's rank among the listed
        paths of its piece to its last city (sorted); past the block's ranks, None (an overflow
        id). Where every piece has one path to each city (most lists), all in C: rank 0. Else the
        handles sorted by (group, path) once, each group's ranks counted along."""
        groups = list(map(self._group.__getitem__, handles))
        out = list(map(self._lo.__getitem__, handles))
        if len(set(groups)) == len(groups):
            return out
        keys = list(map(self._key.__getitem__, handles))
        ranks_of = self._ranks_of
        last, k = -1, 0
        for i in sorted(range(len(keys)), key=keys.__getitem__):
            g = groups[i]
            if g != last:
                last, k = g, 0
                continue
            k += 1
            out[i] = out[i] + k if k < ranks_of[handles[i]] else None
        return out

    def _encode(self, c: Any) -> int:
        spec = self.blocks.get(tag_of(c))
        if spec is None:
            raise Unencodable(c)
        base, fields, sizes = spec
        idx = 0
        for f, size in zip(fields, sizes):
            idx = idx * size + self._field(c, f)
        return base + idx

    def _word(self, name: str, value: Any) -> int:
        i = self.index[name].get(value)
        if i is None:
            raise Unencodable(value)
        return i

    def _field(self, c: Any, f: Any) -> int:
        if isinstance(f, Word):
            return self._word(f.list, getattr(c, f.field))
        if isinstance(f, Int):
            v = getattr(c, f.field)
            if not (type(v) is int and f.lo <= v <= f.hi):
                raise Unencodable(v)
            return v - f.lo
        if isinstance(f, Cards):
            words = getattr(c, f.field)
            if len(words) > f.most or len(set(words)) != len(words):
                raise Unencodable(words)
            idx = sorted(self._word(f.list, w) for w in words)
            n = self.lists[f.list][1]
            return sum(comb(n, k) for k in range(len(idx))) + sum(comb(a, i + 1) for i, a in enumerate(idx))
        raise AssertionError(f"a route is encoded by _route, not as a field: {f!r}")

    # -- ids -> words (an id that is not legal now) -------------------------------------------
    def describe(self, action: int) -> str:
        """What an id stands for, from the encoding alone: ``play_card(card=forum, disc=3)``."""
        if not 0 <= action < self.size:
            return f"action {action} (outside 0..{self.size - 1})"
        if action >= self.overflow_base:
            return f"overflow {action - self.overflow_base} (the legal list's unlisted commands, in order)"
        base, kind = max((b, k) for b, k in self.order if b <= action)
        _, fields, sizes = self.blocks[kind]
        rest, parts = action - base, []
        digits = []
        for size in reversed(sizes):
            digits.append(rest % size)
            rest //= size
        for f, d in zip(fields, reversed(digits)):
            parts.append(self._field_words(f, d))
        return f"{kind}({', '.join(parts)})"

    def _value(self, name: str, i: int) -> str:
        values = self.lists[name][0]
        return values[i] if i < len(values) else f"<unused {name} {i}>"

    def _field_words(self, f: Any, d: int) -> str:
        if isinstance(f, Word):
            return f"{f.field}={self._value(f.list, d)}"
        if isinstance(f, Int):
            return f"{f.field}={f.lo + d}"
        if isinstance(f, Cards):
            n = self.lists[f.list][1]
            k = 0
            while d >= comb(n, k):
                d -= comb(n, k)
                k += 1
            picked = []
            for i in range(k, 0, -1):  # colex: the largest index whose binomial fits
                a = i - 1
                while comb(a + 1, i) <= d:
                    a += 1
                picked.append(a)
                d -= comb(a, i)
            return f"{f.field}=({' '.join(self._value(f.list, a) for a in sorted(picked))})"
        rank = d % f.ranks
        d //= f.ranks
        cities = self.lists[f.cities][1]
        return f"{f.piece}={self._value(f.pieces, d // cities)}, to={self._value(f.cities, d % cities)}, route={rank}"


@lru_cache(maxsize=None)
def encoding(game_id: str) -> Encoding:
    return Encoding(game_id)
