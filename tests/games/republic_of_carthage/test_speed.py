"""The search path (``engine.core.advance``) made cheaper without changing an answer: ``advance``
works in place and, to spare copies, shares frames of the pending-step stack — the frames of a
kind no rule changes (``flow.KEPT_FRAMES``: the phases and rounds waiting in the stack) are not
copied at the start of a command, and the Flow event and the state it leaves share their frames.
So no later command may change any frame a state held or a Flow event logged."""

from __future__ import annotations

import random

import msgspec
import pytest

from engine.core import GameConfig, advance
from engine.games.republic_of_carthage import events as ev
from engine.games.republic_of_carthage.flow import KEPT_FRAMES
from engine.games.republic_of_carthage.game import REPUBLIC_OF_CARTHAGE as G
from engine.rng import Rng
from engine.session import Session


@pytest.mark.parametrize("players,seed", [(3, b"speed-frames-1"), (4, b"speed-frames-2"), (6, b"speed-frames-3")])
def test_advance_changes_no_frame_it_shares(players, seed):
    """Every frame a state held before a command, and every frame a Flow event logged, is checked
    after each later command against its encoding when it was first seen; the kept kinds must be
    met, or the check proves nothing."""
    session, _ = Session.start(G, GameConfig(players), seed)
    state = session.copy().state
    pick = random.Random(seed)
    seen: dict[int, tuple[ev.Frame, bytes]] = {}  # by id: the frames are kept alive here
    kept_seen: set[str] = set()
    hint = None
    n = 0
    for n in range(2500):
        st = G.status(state)
        if st.over:
            break
        seat = st.to_act[0] if len(st.to_act) == 1 else pick.choice(st.to_act)
        for f in state.flow:
            seen.setdefault(id(f), (f, msgspec.msgpack.encode(f)))
        options = hint[1] if hint is not None and hint[0] == seat else G.legal(state, seat)
        done = advance(G, state, seat, pick.choice(options), Rng(seed, n), options)
        for e in done.emitted:
            if isinstance(e.event, ev.Flow):
                for f in e.event.frames:
                    seen.setdefault(id(f), (f, msgspec.msgpack.encode(f)))
        kept_seen |= {f.kind for f in done.state.flow if f.kind in KEPT_FRAMES}
        changed = [f for f, data in seen.values() if msgspec.msgpack.encode(f) != data]
        assert not changed, (n, changed)
        state, hint = done.state, done.legal
    assert n > 500 and len(seen) > 1000
    assert {"end_turn", "any_time_round", "senate", "business", "port", "trade"} <= kept_seen


def _positions(players: int, seed: bytes, commands: int = 2500):
    """The states of a random game played through ``advance`` (each state is the game's own, seen
    before the command that changes it)."""
    session, _ = Session.start(G, GameConfig(players), seed)
    state = session.copy().state
    pick = random.Random(seed)
    for n in range(commands):
        st = G.status(state)
        if st.over:
            return
        yield state
        seat = st.to_act[0] if len(st.to_act) == 1 else pick.choice(st.to_act)
        state = advance(G, state, seat, pick.choice(G.legal(state, seat)), Rng(seed, n)).state


def test_has_legal_answers_as_legal_does():
    """II.10 and the other steps answered in secret: whether a seat still has something to choose
    (``SIM_ANY``, what the rules ask after every answer) is whether its legal list is not empty —
    asked for every seat of every secret step of random games, with and without talents to move."""
    from engine.games.republic_of_carthage.flow import SIM_ANY, SIM_LEGAL, SIMULTANEOUS
    asked = {True: 0, False: 0}
    for players, seed in ((3, b"has-legal-1"), (5, b"has-legal-2")):
        for s in _positions(players, seed):
            top = s.flow[-1]
            if top.seat != SIMULTANEOUS:
                continue
            for x in range(players):
                want = bool(SIM_LEGAL[top.kind](s, top, x))
                assert SIM_ANY[top.kind](s, top, x) == want, (top, x)
                asked[want] += 1
    assert asked[True] > 200 and asked[False] > 20, asked


def test_advance_refuses_a_seat_not_to_act_as_decide_does():
    """``advance`` checks the seat from the pending step itself: a seat the rules do not wait for
    (one step or a secret one alike), and any seat once the game is over, get ``decide``'s error."""
    from engine.errors import GAME_OVER, NOT_YOUR_TURN, RuleError
    from engine.games.republic_of_carthage.flow import SIMULTANEOUS
    checked = {"one": 0, "secret": 0}
    for s in _positions(3, b"refuse-1"):
        top = s.flow[-1]
        kind = "secret" if top.seat == SIMULTANEOUS else "one"
        if checked[kind] >= 20:
            continue
        checked[kind] += 1
        for seat in (-1, 0, 1, 2, 3):
            if seat in G.status(s).to_act:
                continue
            command = G.legal(s, G.status(s).to_act[0])[0]
            with pytest.raises(RuleError) as a:
                G.decide(s, seat, command, Rng(b"x", 0))
            with pytest.raises(RuleError) as b:
                advance(G, s, seat, command, Rng(b"x", 0))
            assert a.value.code == b.value.code == NOT_YOUR_TURN
    assert checked == {"one": 20, "secret": 20}
    first = Session.start(G, GameConfig(3), b"refuse-2")[0].state
    command = G.legal(first, G.status(first).to_act[0])[0]
    with pytest.raises(RuleError) as e:
        advance(G, msgspec.structs.replace(first, phase="over"), G.status(first).to_act[0], command, Rng(b"x", 0))
    assert e.value.code == GAME_OVER
