"""IX.4 (optional): First Man in Carthage: a statesman who reaches 70 Influence wins at once."""

from __future__ import annotations

from engine.core import GameConfig
from engine.games.republic_of_carthage.state import evolve

from .helpers import G, Frame, cmd, ev, of, play, run, table
from .test_rules_senate import vote_all


def elected(pair, influence, option=True, who="6A"):
    """Statesman 6A joins seat 1 (on his family card); ``who`` has ``influence``; the Suffètes ``pair``
    are proposed and elected (+5 Influence each)."""
    s = table()
    evolve(s, ev.SenatorEntered(senator="6A", seat=1, reason="test"))
    s.senators[who].influence = influence
    if option:
        s.counters["option:first_man_in_carthage"] = 1
    run(s, Frame(kind="elect_suffetes"))
    play(s, 0, cmd.ChooseSenator(senator=pair[0]))
    out = play(s, 0, cmd.ChooseSenator(senator=pair[1]))
    assert not of(out, ev.GameEnded)
    vote_all(s, "yes", "yes", "yes")
    return s


def test_a_statesman_reaching_seventy_influence_wins_at_once():
    """IX.4: the Suffète's +5 Influence takes statesman 6A to 70: his player wins at once."""
    s = elected(("2", "6A"), 65)
    assert s.phase == "over" and s.winners == [1] and s.reason == "first_man_in_carthage"
    assert not s.flow


def test_not_without_the_option_nor_for_a_family_senator():
    """IX.4 names a statesman; and the rule is an option, off by default."""
    s = elected(("2", "6A"), 65, option=False)
    assert s.phase != "over" and s.senators["6A"].influence == 70
    s = elected(("2", "3"), 69, who="2")
    assert s.phase != "over" and s.senators["2"].influence == 74


def test_the_option_is_public_and_off_by_default():
    """The options chosen are public counters; both are off by default."""
    assert G.info.options["first_man_in_carthage"].default == "false"
    assert G.info.options["assassination"].default == "standard"
    on = G.initial(GameConfig(3, {"first_man_in_carthage": "true"}))
    assert on.counters == {"option:first_man_in_carthage": 1}
    assert G.initial(GameConfig(3)).counters == {}
