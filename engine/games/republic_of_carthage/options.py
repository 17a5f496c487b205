"""The game's options (``GameInfo.options``), both off by default: the optional assassination rule
(X) and the optional victory "First Man in Carthage" (IX.4). The set-up writes the options chosen as
public counters (``option:<name>`` = 1), so every view shows them and the rules read them there."""

from __future__ import annotations

from engine.core import GameConfig, OptionSpec

from . import events as ev
from .flow import watches

OPTIONS = {
    "assassination": OptionSpec(("standard", "optional"), "standard",
                                "assassinations by V.7 (one die, a captured assassin's Faction Leader tried) or by "
                                "the optional rule X (a coloured die kills, a white die catches)"),
    "first_man_in_carthage": OptionSpec(("false", "true"), "false",
                                        "optional victory IX.4: a statesman who reaches 70 Influence wins at once"),
}

FIRST_MAN = "option:first_man_in_carthage"
FIRST_MAN_INFLUENCE = 70  # IX.4
COUNTERS = {("assassination", "optional"): "option:assassination_x", ("first_man_in_carthage", "true"): FIRST_MAN}


def chosen(config: GameConfig) -> dict[str, int]:
    """The counters the options chosen switch on."""
    out = {}
    for name, spec in OPTIONS.items():
        key = (name, config.options.get(name, spec.default))
        if key in COUNTERS:
            out[COUNTERS[key]] = 1
    return out


@watches(ev.SenatorChanged, ev.SenatorEntered)
def first_man(ctx, event) -> None:
    """IX.4 (option ``first_man_in_carthage``): a statesman of a faction who reaches 70 Influence wins
    the game for his player at once."""
    if not ctx.s.counters.get(FIRST_MAN):
        return
    from .turn import end_game
    x = ctx.s.senators.get(event.senator)
    if x is not None and not x.id.isdigit() and x.seat >= 0 and x.face_up and x.influence >= FIRST_MAN_INFLUENCE:
        end_game(ctx, (x.seat,), "first_man_in_carthage")

