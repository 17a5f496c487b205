"""The game's options (``GameInfo.options``), all off by default: the optional assassination rule
(X), the optional victory "First Man in Carthage" (IX.4), and house readings kept from older rulings
(``prisoner_income``, R171; ``tied_trial``, R177), the text's reading being the default. The set-up
writes the options chosen as public counters (``option:<name>`` = 1), so every view shows them and
the rules read them there."""

from __future__ import annotations

from engine.core import GameConfig, OptionSpec

from . import events as ev
from .flow import watches

OPTIONS = {
    "assassination": OptionSpec(("standard", "optional"), "standard",
                                "assassinations by V.7 (one die, a captured assassin's Faction Leader tried) or by "
                                "the optional rule X (a coloured die kills, a white die catches)",
                                doc_fr="les assassinats selon V.7 (un dé ; le Chef de Faction d'un assassin pris est "
                                       "jugé) ou selon la règle optionnelle X (un dé de couleur tue, un dé blanc "
                                       "fait prendre l'assassin)"),
    "first_man_in_carthage": OptionSpec(("false", "true"), "false",
                                        "optional victory IX.4: a statesman who reaches 70 Influence wins at once",
                                        doc_fr="victoire optionnelle IX.4 : un homme d'État qui atteint 70 "
                                               "d'Influence gagne sur-le-champ"),
    "prisoner_income": OptionSpec(("paid", "none"), "paid",
                                  "a captured senator's income (II.1, R171): paid like every senator of his faction "
                                  "(the text), or none until ransomed (a house reading)",
                                  doc_fr="le revenu d'un sénateur capturé (II.1, R171) : versé comme à tout "
                                         "sénateur de sa faction (le texte), ou rien tant qu'il n'est pas racheté "
                                         "(une lecture de la maison)"),
    "tied_trial": OptionSpec(("no_verdict", "acquits"), "no_verdict",
                             "a trial vote with as many Yes as No (V.5, R177): convicts nobody and acquits nobody (the "
                             "text gives the acquittal's red marker and protection to a majority only), or acquits "
                             "(a house reading)",
                             doc_fr="un vote de procès avec autant de Oui que de Non (V.5, R177) : ni condamnation ni "
                                    "acquittement (le texte ne donne le marqueur rouge d'acquittement et sa protection "
                                    "qu'à une majorité), ou acquittement (une lecture de la maison)"),
}

FIRST_MAN = "option:first_man_in_carthage"
FIRST_MAN_INFLUENCE = 70  # IX.4
UNPAID_PRISONERS = "option:unpaid_prisoners"
TIE_ACQUITS = "option:tied_trial_acquits"
COUNTERS = {("assassination", "optional"): "option:assassination_x", ("first_man_in_carthage", "true"): FIRST_MAN,
            ("prisoner_income", "none"): UNPAID_PRISONERS, ("tied_trial", "acquits"): TIE_ACQUITS}


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
    x = ctx.s.senators.get(event.senator)
    if x is not None and not x.id.isdigit() and x.seat >= 0 and x.face_up and x.influence >= FIRST_MAN_INFLUENCE:
        ctx.begin("end_game", (x.seat,), "first_man_in_carthage")  # (turn.py)

