"""The list of legal commands is computed once per position and reused (``flow._allowed``): the
reuse must never change an answer. A state changed in place gets its own list, the list a caller
gets is its own, and after a command the reused list is the one the rules compute afresh."""

from __future__ import annotations

import random

from engine.core import copy_state
from engine.errors import RuleError
from engine.games.hannibal import flow

from .helpers import G, ROME, clear, cmd, legal, rejected, start, strategy


def _fresh(s, seat):
    """What the rules list for ``seat`` on a copy of ``s`` (nothing reused: the copy is new and the
    frame's own ``legal`` is called)."""
    c = copy_state(G, s)
    top = c.flow[-1]
    return flow.LEGAL[top.kind](c, top) if top.seat == seat else []


def test_a_state_changed_in_place_gets_its_own_list():
    s = strategy(clear(), ROME, [1, 2])
    before = legal(s, ROME)
    assert {c.card for c in before} == {1, 2}
    s.hands[ROME].remove(2)  # same object, another position
    after = legal(s, ROME)
    assert {c.card for c in after} == {1}
    err = rejected(s, ROME, cmd.PlayCard(card=2, use="ops"))  # decide does not take the old list either
    assert isinstance(err, RuleError)


def test_the_list_returned_is_the_callers_own():
    s = strategy(clear(), ROME, [1, 2])
    first = legal(s, ROME)
    expected = list(first)
    first.clear()
    assert legal(s, ROME) == expected


def test_after_each_command_the_list_is_what_the_rules_compute_afresh():
    session, _ = start(b"legal-reuse")
    pick = random.Random(7)
    for _ in range(150):
        st = session.status()
        if st.over:
            break
        seat = st.to_act[0]
        options = session.legal(seat)
        assert options == _fresh(session.state, seat)
        assert session.legal(1 - seat) == []
        session.submit(seat, pick.choice(options))
