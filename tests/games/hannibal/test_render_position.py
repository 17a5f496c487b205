"""A position drawn on the map: what the table holds now, not what it held at the set-up."""

from __future__ import annotations

import re

from engine.games.hannibal.render import CARTHAGE as BLUE, ROME as BLACK, render_position

from .helpers import CARTHAGE, ROME, clear, control, put


def test_a_position_shows_every_stack_the_sieges_and_the_control_now():
    s = clear()
    put(s, CARTHAGE, "capua", 7, elephants=2, generals=("hannibal", "mago"))
    put(s, ROME, "capua", 0, inside=2)
    put(s, ROME, "roma", 5, generals=("fabius",), office="consul")
    control(s, CARTHAGE, "nola")
    from engine.games.hannibal.state import Siege
    s.sieges["capua"] = Siege(side=CARTHAGE, points=2)
    svg = render_position(s, "test")
    stacks = re.findall(r'<g class="stack side-(\d)" data-space="(\w+)">', svg)
    assert sorted(stacks) == [("0", "capua"), ("0", "roma"), ("1", "capua")]
    capua_c = svg[svg.index('data-space="capua"><rect', svg.index('class="stack side-1"')):]
    assert ">7 (2e)<" in capua_c and ">Hannibal<" in capua_c
    assert 'class="siege" data-space="capua"' in svg and "siege 2/3" in svg
    nola = svg[svg.index('id="space-nola"'):]
    assert f'fill="{BLUE}"' in nola[: nola.index("</g>")]
    assert "turn 3" in svg and BLACK in svg
