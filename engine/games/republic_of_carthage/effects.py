"""The effect vocabulary of The Republic of Carthage's cards, as typed data.

Every card, war, exploration, statesman and random event lists what it does as a tuple of effects.
Each effect is a small frozen struct tagged by ``kind`` (msgspec's tagged unions), so a data file
that names an unknown kind, forgets a parameter or adds one is rejected when it is decoded. The
rules issue implements one handler per kind; README.md lists them with their parameters.

Cross-references (a province, an army type, a war, a commodity, a pile, an event card) are checked
against the other files at import by ``components``.
"""

from __future__ import annotations

from typing import Literal

import msgspec

Target = Literal[
    "commander",  # the commander(s) of the war or expedition the effect belongs to
    "chosen_senator",  # a senator of the card player's faction, chosen when it is played
    "any_senator",  # any senator in Carthage, chosen by the card player
    "faction_leaders",  # every Faction Leader
    "presiding_officer",  # the PS (normally the SPHR)
    "most_influential",  # the senator in Carthage with the most Influence (ties: lowest ID)
    "senators_in_carthage",  # every senator of every faction in Carthage
]
Roll = Literal[
    "combat",  # every war roll, land or naval (VI.2)
    "land_combat",
    "naval_combat",
    "exploration",  # VI.1
    "persuasion",  # the success level of IV.2b (higher helps the persuader)
    "assassination",  # the die (or, under rule X, both dice) of an assassination
    "appeal",  # the Appeal to the People roll in a trial
    "popular_reaction",
    "allegiance",  # each army's Army Allegiance roll
    "development",  # a province's development roll (II.9)
    "all",  # every die roll of the turn (Bad Omens)
]
Duration = Literal["roll", "turn", "permanent"]
CardType = Literal["intrigue", "event", "law", "concession", "any"]
RuleId = Literal[
    "separation_of_powers",  # a Crisis co-command needs no Suffète (V.7, Crise)
    "court_of_104",  # every commander back from a war he did not win may face a major trial
    "pentarchies",  # a vacant Council seat is filled without a vote, by the sitting members' choice
    "annual_judges",  # the Censor may hold one more minor trial each turn
    "no_council_corruption",  # Council members may no longer take corruption income (II.3)
]


class _Effect(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, tag_field="kind"):
    pass


class Treasury(_Effect, tag="treasury"):
    """The State Treasury gains (or, negative, pays) ``talents``."""

    talents: int


class TreasuryDice(_Effect, tag="treasury_dice"):
    """The State Treasury changes by ``factor`` x (``dice`` d6) + ``plus``."""

    dice: int
    factor: int = 1
    plus: int = 0


class Gain(_Effect, tag="gain"):
    """The target senator(s) gain (negative: lose) Influence, Popularity, talents and merchants."""

    target: Target
    influence: int = 0
    popularity: int = 0
    talents: int = 0
    merchants: int = 0


class Mortality(_Effect, tag="mortality"):
    """Draw ``draws`` Mortality chits now (phase I procedure)."""

    draws: int


class CommerceRemove(_Effect, tag="commerce_remove"):
    """Set aside ``cards`` cards from each listed commerce pile (they return when the war that removed them ends)."""

    piles: tuple[int, ...]
    cards: int = 1


class CommerceScale(_Effect, tag="commerce_scale"):
    """Halve (rounding up) or double the number of ``commodity`` cards in play (III, Notes)."""

    commodity: str
    factor: Literal["half", "double"]


class CommerceExtra(_Effect, tag="commerce_extra"):
    """While held (a concession): each Trade phase the holder draws ``cards`` more from each listed pile."""

    piles: tuple[int, ...]
    cards: int = 1


class CommercePrice(_Effect, tag="commerce_price"):
    """This turn, every set of ``commodity`` sold is worth ``talents`` more (negative: less)."""

    commodity: str
    talents: int


class Desert(_Effect, tag="desert"):
    """Armies of type ``army`` desert (all of them if ``count`` is null) until Carthage wins the war."""

    army: str
    count: int | None = None


class AddArmies(_Effect, tag="add_armies"):
    """``count`` tokens of ``army`` still out of play enter the Force Reserve (fewer if fewer remain)."""

    army: str
    count: int


class LoseForces(_Effect, tag="lose_forces"):
    """``count`` units of ``unit`` (an army type or "squadron") in the Reserve or Active Forces are destroyed."""

    unit: str
    count: int


class CreateProvince(_Effect, tag="province"):
    """The province card enters play, undeveloped side up, in the Port."""

    province: str


class LoseProvince(_Effect, tag="lose_province"):
    """The province card leaves play; its governor returns to Carthage."""

    province: str


class WarStatus(_Effect, tag="war_status"):
    """The named war, or every war of the related group, on the board becomes Active or Inactive."""

    status: Literal["active", "inactive"]
    war: str | None = None
    group: str | None = None


class RollModifier(_Effect, tag="roll_modifier"):
    """Add ``amount`` to the named roll, for one roll, the turn, or for good; ``group`` limits it to wars of a related group."""

    roll: Roll
    amount: int
    duration: Duration = "roll"
    group: str | None = None


class IgnoreDisasterRetreat(_Effect, tag="ignore_disaster_retreat"):
    """The force's Disaster and Retreat numbers are ignored (for the roll, or while this senator commands)."""

    duration: Duration = "roll"


class ExtraCaptureRoll(_Effect, tag="extra_capture_roll"):
    """The assassination gets one more capture roll (Secret Escort, X.3)."""


class RecruitmentCost(_Effect, tag="recruitment_cost"):
    """Recruitment costs, caravans and trade fleets included, are multiplied by ``percent`` / 100."""

    percent: int
    duration: Duration = "turn"


class NoRecruitment(_Effect, tag="no_recruitment"):
    """No army or squadron may be recruited this turn."""


class PublicOutcry(_Effect, tag="public_outcry"):
    """Veto the proposal being voted on, or take the floor to make one (V.7, Indignation générale)."""


class CancelCard(_Effect, tag="cancel_card"):
    """Cancel a card of ``card_type`` just played; it goes to the discard with no effect."""

    card_type: CardType


class TaxRate(_Effect, tag="tax_rate"):
    """The tax rate changes by ``change`` points, staying within 0-90 (V.7)."""

    change: int


class Rule(_Effect, tag="rule"):
    """A named rule of the game is switched on for good (a law)."""

    rule: RuleId


class Votes(_Effect, tag="votes"):
    """The card player's faction casts ``amount`` more votes on the current proposal or trial."""

    amount: int


class RandomEvent(_Effect, tag="random_event"):
    """The named event card comes into play as if rolled on the Random Events table."""

    event: str


class DestroyConcession(_Effect, tag="destroy_concession"):
    """A Trade Concession (the named one, or one chosen at random) is destroyed: face down to the Port."""

    concession: str | None = None


Effect = (
    Treasury | TreasuryDice | Gain | Mortality | CommerceRemove | CommerceScale | CommerceExtra
    | CommercePrice | Desert | AddArmies | LoseForces | CreateProvince | LoseProvince | WarStatus
    | RollModifier | IgnoreDisasterRetreat | ExtraCaptureRoll | RecruitmentCost | NoRecruitment
    | PublicOutcry | CancelCard | TaxRate | Rule | Votes | RandomEvent | DestroyConcession
)

EFFECT_TYPES: dict[str, type] = {t.__struct_config__.tag: t for t in Effect.__args__}
"""Every effect kind, by its ``kind`` tag."""


def params(kind: str) -> tuple[str, ...]:
    """The parameters of an effect kind, in declaration order."""
    return EFFECT_TYPES[kind].__struct_fields__
