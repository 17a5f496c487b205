"""Hannibal's move list in words (issue 15 item 5, ``carthago moves``): the answers a game is made of
read as what they do, not as "Carthage: 1 (drop pick)"."""

from __future__ import annotations

import random
import re

from engine import registry
from engine.core import GameConfig
from engine.games.hannibal.commands import ChooseGeneral, ChooseNumber, ChooseOption, Pass
from engine.games.hannibal.notation import describe_command
from engine.session import Session

# the generic form, kept for rare answers: "Rome: Capua (event space)", "Carthage passes (sail to)"
GENERIC = re.compile(r"^(Rome|Carthage)(: .+| passes) \([a-z ]+\)$")


def test_nearly_every_answer_of_random_games_has_a_phrase_of_its_own():
    game = registry.get("hannibal")
    pick = random.Random(11)
    lines = generic = 0
    for g in range(6):
        session, _ = Session.start(game, GameConfig(2), f"notation-{g}".encode())
        for _ in range(600):
            st = session.status()
            if st.over:
                break
            seat = st.to_act[0]
            command = pick.choice(session.legal(seat))
            line = describe_command(session.state, seat, command)
            lines += 1
            generic += bool(GENERIC.match(line))
            session.submit(seat, command)
    assert lines > 1000
    assert generic / lines < 0.02, f"{generic} of {lines} lines in the generic form"


def test_drop_pick_up_and_generals_on_the_march_read_as_what_they_do():
    """§10.2: an army on the march drops or picks up CU, leaves a subordinate or takes a general
    along; each answer says which."""
    from .helpers import clear, put
    from engine.games.hannibal.events import Frame
    from engine.games.hannibal.state import CARTHAGE

    s = clear()
    put(s, CARTHAGE, "saguntum", 6, generals=("hannibal", "mago"))
    move = Frame(kind="move", seat=CARTHAGE, general="hannibal", space="saguntum", count=4, mp=4,
                 generals=["mago"])
    s.flow = [move]
    assert describe_command(s, CARTHAGE, ChooseOption(option="drop")) == "Carthage's army will drop CU here"
    assert describe_command(s, CARTHAGE, ChooseGeneral(general="mago")).startswith("Carthage's army leaves Mago")
    assert describe_command(s, CARTHAGE, ChooseGeneral(general="hasdrubal")).startswith("Carthage's army picks up")
    assert describe_command(s, CARTHAGE, Pass()) == "Carthage's army stops"
    s.flow = [move, Frame(kind="drop_pick", seat=CARTHAGE, flags=["drop"])]
    assert describe_command(s, CARTHAGE, ChooseNumber(number=2)) == "Carthage's army drops 2 CU"
    s.flow = [move, Frame(kind="drop_pick", seat=CARTHAGE)]
    assert describe_command(s, CARTHAGE, ChooseNumber(number=1)) == "Carthage's army picks up 1 CU"
