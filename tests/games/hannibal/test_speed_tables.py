"""The search bots' path (``engine.core.advance``, issue 17 item 4) is made faster with tables built
once from the map and the cards, and with frames of the pending-step stack shared instead of
copied. Neither may change an answer: each table is checked here against the plain reading of the
rule it stands for, over the positions of random games, and ``advance`` must leave unchanged every
frame it shares (the state it was given, the Flow events it logged)."""

from __future__ import annotations

import random
from collections import deque

import msgspec
import pytest

from engine.core import GameConfig, advance
from engine.games.hannibal import board as B
from engine.games.hannibal import cards, reinforcements, turn
from engine.games.hannibal import events as ev
from engine.games.hannibal.components import SPACES, STRATEGY_CARDS, is_pass, link_between, neighbours
from engine.games.hannibal.game import HANNIBAL as G
from engine.games.hannibal.state import CARTHAGE, ROME, other
from engine.rng import Rng
from engine.session import Session


def _positions(seed: bytes, commands: int = 3000, every: int = 3):
    """States of a random game, every ``every`` commands (each a copy of its own)."""
    session, _ = Session.start(G, GameConfig(2), seed)
    pick = random.Random(seed)
    out = []
    for n in range(commands):
        st = session.status()
        if st.over:
            break
        if n % every == 0:
            out.append(session.copy().state)
        session.submit(st.to_act[0], pick.choice(session.legal(st.to_act[0])))
    return out


POSITIONS = _positions(b"speed-tables-1") + _positions(b"speed-tables-2")


def _generals_at(s, side, space, inside):
    return sorted(g for g, st in s.gens.items() if st.where == space and st.status == "map"
                  and B.side_of(g) == side and (inside is None or st.inside == inside))


def _supported(s, side):
    """§19.4 read plainly: from every source (a friendly CU; a friendly PC in a city, a tribe or a
    port) along links that are not passes, through spaces the line may cross."""
    def passable(sp):
        mine = B.cu_total(s, side, sp) > 0
        if (s.control.get(sp, -1) == other(side) or s.tribes.get(sp, 0) < 0) and not mine:
            return False
        return not (B.cu_total(s, other(side), sp) > 0 and s.control.get(sp, -1) != side)

    sources = {sp for sp in SPACES if B.cu_total(s, side, sp) > 0 or (
        s.control.get(sp, -1) == side and (SPACES[sp].city is not None or sp in s.tribes or SPACES[sp].port is not None))}
    seen, todo = set(sources), deque(sources)
    while todo:
        here = todo.popleft()
        for nb in neighbours(here):
            if nb not in seen and not is_pass(link_between(here, nb)) and passable(nb):
                seen.add(nb)
                todo.append(nb)
    return seen


def test_the_positions_cover_the_cases():
    assert len(POSITIONS) > 200
    assert sum(1 for s in POSITIONS if s.sieges) > 50


def test_generals_at_and_on_the_map_are_the_plain_scans():
    for s in POSITIONS:
        for side in (ROME, CARTHAGE):
            assert B.generals_on_map(s, side) == sorted(g for g, st in s.gens.items()
                                                       if st.status == "map" and B.side_of(g) == side)
            for sp in {st.where for st in s.gens.values() if st.where} | {"roma"}:
                for inside in (False, True, None):
                    assert B.generals_at(s, side, sp, inside) == _generals_at(s, side, sp, inside)


def test_lines_of_supply_are_the_plain_search():
    """§19.4."""
    for s in POSITIONS[::4]:
        for side in (ROME, CARTHAGE):
            assert turn.supported_spaces(s, side) == _supported(s, side)


def test_pc_spaces_and_plain_pcs_are_the_plain_reading():
    """§8.2, §19.2 (H15), §15.5."""
    for s in POSITIONS[::4]:
        for side in (ROME, CARTHAGE):
            foe = other(side)
            want = [sp for sp in SPACES if sp not in s.tribes and (
                (s.control.get(sp, -1) < 0 and B.cu_total(s, foe, sp) == 0)
                or (s.control.get(sp, -1) == foe and not s.markers.get("truce") and B.is_plain_pc(s, sp)
                    and B.cu_total(s, side, sp) > 0 and B.cu_total(s, foe, sp) == 0))]
            assert turn.pc_spaces(s, side) == want
            assert turn.pc_spaces(s, side, first=True) == want[:1]
            assert B.plain_pcs(s, side) == sorted(sp for sp, c in s.control.items() if c == side and sp not in s.tribes
                                                  and SPACES[sp].city is None)


def test_an_event_is_playable_exactly_when_nothing_refuses_it():
    """§8.3 and each card's condition (§25): the table of answers that do not depend on the
    position agrees with ``event_refusal`` in every position."""
    for s in POSITIONS:
        for seat in (ROME, CARTHAGE):
            for card in STRATEGY_CARDS:
                assert cards.event_playable(s, seat, card) == (cards.event_refusal(s, seat, card) == ""), (card, seat)


@pytest.mark.parametrize("seed", [b"speed-frames-1", b"speed-frames-2"])
def test_advance_changes_no_frame_it_shares(seed):
    """``advance`` keeps some frames of the stack (a phase waiting at the bottom of the stack)
    and hands its Flow event the frames the state then holds: no later command may change any of
    them. Every frame ever logged or held is checked against its encoding when it was logged."""
    session, _ = Session.start(G, GameConfig(2), seed)
    state = session.copy().state
    pick = random.Random(seed)
    seen: list[tuple[ev.Frame, bytes]] = []
    hint = None
    for n in range(1500):
        st = G.status(state)
        if st.over:
            break
        seat = st.to_act[0]
        given = list(state.flow)
        seen += [(f, msgspec.msgpack.encode(f)) for f in given]
        options = hint[1] if hint is not None and hint[0] == seat else G.legal(state, seat)
        done = advance(G, state, seat, pick.choice(options), Rng(seed, n), options)
        for e in done.emitted:
            if isinstance(e.event, ev.Flow):
                seen += [(f, msgspec.msgpack.encode(f)) for f in e.event.frames]
        state, hint = done.state, done.legal
    assert n > 300 and len(seen) > 1000
    changed = [f.kind for f, data in seen if msgspec.msgpack.encode(f) != data]
    assert not changed


def test_rome_reinforcement_ends_exactly_when_no_space_is_left():
    """§6.2: Rome's placement stops when its CU are placed or no space takes one; the act asks only
    whether a space is left, which is when its list of options is empty."""
    for s in POSITIONS[::2]:
        for count in range(0, 6):
            for placed_italy in range(0, 4):
                for flags in ([], ["stack_made"]):
                    f = ev.Frame(kind="rome_reinforce", seat=ROME, count=count, mp=placed_italy, flags=flags)
                    assert (not reinforcements._rome_options(s, f)) == (count <= 0 or not reinforcements.rome_reinforce_spaces(s))


def test_a_carthaginian_slot_is_open_exactly_when_it_lists_a_space():
    """§6.1, §6.3."""
    for s in POSITIONS:
        for slot in range(4):
            assert reinforcements._slot_open(s, slot) == bool(reinforcements.carthage_slot_spaces(s, slot))
