"""The game's options (``GameInfo.options``). Each lets a game follow a line of the rulebook that a
ruling sets aside; the default is the ruling. The initial state writes the options chosen as public
markers (``option:<name>`` = 1, ``View.markers``), and the rules read them there.

- ``pass_attrition``: ``hasdrubal_exempt`` (Hasdrubal's reconstructed ability: his army makes no
  pass-attrition roll, G83) or ``every_army`` (§10.6: every army crossing a pass rolls, his too).
- ``minor_campaign_ship``: ``event_only`` (G58: a Minor Campaign, #37-40, played for its 2 ops moves
  nobody by sea, §11.1) or ``ops_too`` (§8.1: its ship serves its ops as well; one army of up to 5 CU
  sails, as with an ops-3 card, §11.4, G84).
"""

from __future__ import annotations

from engine.core import GameConfig, OptionSpec

OPTIONS = {
    "pass_attrition": OptionSpec(
        ("hasdrubal_exempt", "every_army"), "hasdrubal_exempt",
        "pass attrition (§10.6): Hasdrubal's army makes no roll (his reconstructed ability, ruling G83), "
        "or every army crossing a pass rolls, as §10.6 says",
        doc_fr="l'attrition des cols (§10.6) : l'armée d'Hasdrubal ne lance pas de dé (sa capacité reconstituée, "
               "décision G83), ou toute armée qui franchit un col lance le dé, comme le dit le §10.6"),
    "minor_campaign_ship": OptionSpec(
        ("event_only", "ops_too"), "event_only",
        "a Minor Campaign (#37-40) played for its 2 ops moves nobody by sea (§11.1, ruling G58), or its "
        "ship (§8.1) lets the army it activates sail with up to 5 CU (ruling G84)",
        doc_fr="une Campagne Mineure (n° 37 à 40) jouée pour ses 2 opérations ne déplace personne par mer (§11.1, "
               "décision G58), ou son navire (§8.1) laisse l'armée qu'elle active naviguer avec au plus 5 UC "
               "(décision G84)"),
}

EVERY_ARMY_ROLLS = "option:pass_attrition_every_army"
MINOR_CAMPAIGN_OPS_SAIL = "option:minor_campaign_ops_sail"
MARKERS = {("pass_attrition", "every_army"): EVERY_ARMY_ROLLS,
           ("minor_campaign_ship", "ops_too"): MINOR_CAMPAIGN_OPS_SAIL}


def chosen(config: GameConfig) -> dict[str, int]:
    """The markers the options chosen set (none for the defaults)."""
    out = {}
    for name, spec in OPTIONS.items():
        key = (name, config.options.get(name, spec.default))
        if key in MARKERS:
            out[MARKERS[key]] = 1
    return out
