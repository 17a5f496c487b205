"""Rome et Carthage as a Carthago game: what it is, then the Decider wiring (DESIGN.md "The engine").

Two teams fight for the four capitals of the ancient Mediterranean with elephants, chariots,
mercenaries and galleys; combats are fought with playing cards laid face down. Rules summary and
every ruling: ``RULES.md``. The map: ``README.md`` and ``data/map.json``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core import Emitted, GameConfig, GameInfo, OptionSpec
from engine.rng import Rng
from engine.session import ModularGame

from . import rules, views
from .commands import Command
from .events import Event
from .state import State, evolve
from .views import View

INFO = GameInfo(
    id="rome-et-carthage",
    title="Rome et Carthage / Méditerranée",
    player_counts=(2, 3, 4),
    seat_names=("north", "east", "south", "west"),
    chance=True,
    hidden_information=True,
    simultaneous_moves=True,  # both sides lay their combat cards at the same time
    proto_package="carthago.games.rome_et_carthage.v1",
    # 4: the double move past a friend after a treason (R28), its second mercenaries (R29), the
    # march_overpay option (R30), the lone_player option (R31);
    # 3: double moves pass friendly pieces (R26), chosen alliances (R27); older snapshots are ignored
    version="4",
    options={
        "edition": OptionSpec(("original", "mediterranee"), "original",
                              "the original rules or their reissue Méditerranée",
                              doc_fr="les règles d'origine ou leur réédition Méditerranée"),
        "match": OptionSpec(("false", "true"), "false",
                            "match rule: one draw pile per team, of equal count and strength",
                            doc_fr="règle du match : une pioche par équipe, de même nombre de cartes et de même force"),
        "partners_see_hands": OptionSpec(("false", "true"), "false",
                                         "partners may see each other's cards (agreed before the game)",
                                         doc_fr="les partenaires peuvent voir les cartes l'un de l'autre (convenu "
                                                "avant la partie)"),
        "alliance": OptionSpec(("draw", "north_south", "east_west", "crossed"), "draw",
                               "the two teams: drawn, or chosen as Méditerranée \"Préparation\" 1 lets players "
                               "choose (north against south, east against west, or crossed); seats then take the "
                               "states in a fixed order (ruling R27)",
                               doc_fr="les deux équipes : tirées au sort, ou choisies comme Méditerranée le permet "
                                      "(« Préparation » 1 : nord contre sud, est contre ouest, ou croisées) ; les "
                                      "places prennent alors les États dans un ordre fixe (décision R27)"),
        "lone_player": OptionSpec(("without_rome", "with_rome"), "without_rome",
                                  "3 players with a chosen alliance: the lone player (seat 1) holds the team "
                                  "without Rome or Rome's team (ruling R31); a drawn alliance draws it",
                                  doc_fr="à 3 joueurs avec une alliance choisie : le joueur seul (place 1) tient "
                                         "l'équipe sans Rome ou celle de Rome (décision R31) ; une alliance tirée au "
                                         "sort le tire aussi",
                                  # alone (the suite varies one option at a time) it changes nothing: the
                                  # set-up tests cover it with each alliance
                                  changes_rules=False),
        "first_player": OptionSpec(("draw", "rome", "byzance", "alexandrie", "carthage"), "draw",
                                   "the state that opens: drawn from the pile, or chosen (Méditerranée "
                                   "\"Préparation\" 4, ruling R27)",
                                   doc_fr="l'État qui commence : tiré de la pioche, ou choisi (Méditerranée "
                                          "« Préparation » 4, décision R27)"),
        "march_overpay": OptionSpec(("false", "true"), "false",
                                    "a forced march may be paid with more cards than its minimum of 3 points "
                                    "(\"Déplacements\"), added one at a time (ruling R30); by default no card "
                                    "more than needed (ruling R9)",
                                    doc_fr="une marche forcée peut se payer avec plus de cartes que ses 3 points "
                                           "minimum (« Déplacements »), ajoutées une à une (décision R30) ; par "
                                           "défaut, aucune carte de plus que le nécessaire (décision R9)"),
        "no_progress_rounds": OptionSpec(("0", "10", "20"), "0",
                                         "end the game drawn after this many full rounds without a combat "
                                         "or a capital changing hands (0: never)",
                                         doc_fr="partie nulle après ce nombre de tours complets sans combat ni "
                                                "capitale qui change de mains (0 : jamais)"),
    },
    max_steps=50_000,
)


class RomeEtCarthage(ModularGame):
    info: GameInfo = INFO
    State: ClassVar[type] = State
    Command: ClassVar[Any] = Command
    Event: ClassVar[Any] = Event
    View: ClassVar[type] = View
    rules = rules
    views = views
    evolve = staticmethod(evolve)

    def _options(self, config: GameConfig) -> dict[str, str]:
        return {name: config.option(name, INFO) for name in INFO.options}

    def initial(self, config: GameConfig) -> State:
        return rules.initial(config, self._options(config))

    def setup(self, config: GameConfig, rng: Rng) -> list[Emitted]:
        return rules.setup(config, self._options(config), rng)


ROME_ET_CARTHAGE = RomeEtCarthage()
