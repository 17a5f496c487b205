"""The Republic of Carthage's commands in words, one line each (``describe_command``), for move
lists and replays: "Blue votes against Gisco for Censor of Morals", "Red calls on Blue to vote next",
"Red rolls the persuasion of Bomilcar".

A command answers the pending step (the top frame of ``state.flow``); what it means depends on that
step (``commands.py``), so each answer is phrased by its step: ``PHRASES`` by (step, command kind),
``OPTIONS`` by (step, option word), and the few that read the step's own bookkeeping (a tally's
proposal, the source of talents, the first or second candidate named) in ``_special``. Anything
else keeps the generic form, naming the step it answers: "Red: 3 (setup term)".

Hidden information. The lines are built from the command itself, not from what a seat may see of
it: ``server/render.py`` reads a whole exported log (a finished game's, or any with the operator
token), and the same words may be shown to every seat. So the answers of the secret steps (``SECRET``)
say only what their redacted events tell everybody, never which card goes into an offer, the
commodity named, the cards or talents asked or promised (III.2, VII.2, R112, R135, R136:
``flow.SECRET_FRAMES``), which card is given for an offer, the moves of the II.10 redistribution or
the VII.2 plays before their reveal, nor a secret bid for an army (VII.3). Those phrases never read
the command's value, nor the offer's terms kept in the state.
"""

from __future__ import annotations

from typing import Any

from engine.core import tag_of

from . import notation_fr
from .components import (ARMY_TYPES, CARDS, COMMODITIES, EVENT_CARDS, EXPLORATIONS, FAMILIES, LEADERS, OFFICES,
                         PROVINCES, STATESMEN, WARS)
from .state import State

SEATS = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")


def senator_name(senator_id: str) -> str:
    if senator_id in STATESMEN:
        return STATESMEN[senator_id].name
    if senator_id.isdigit() and int(senator_id) in FAMILIES:
        return FAMILIES[int(senator_id)].name
    return senator_id


def _name(key: str) -> str:
    """Any id of the game's components in words: a senator, card, office, province, war, unit …"""
    if key.isdigit() or key in STATESMEN:
        return senator_name(key)
    if key in CARDS:
        return CARDS[key].title
    for table in (OFFICES, PROVINCES, WARS, EXPLORATIONS, LEADERS, ARMY_TYPES, COMMODITIES):
        if key in table:
            return table[key].name
    if key in EVENT_CARDS:  # a random event's two sides have their own titles: the first one names it
        return EVENT_CARDS[key].front.title
    if key == "squadron":
        return "squadron"
    if key == "rebels":
        return "the rebellion"
    return key.replace("_", " ")


def _seat(x: int) -> str:
    return SEATS[x] if 0 <= x < len(SEATS) else f"seat {x}"


def _place(place: str, seat: int = -1) -> str:
    """A place of talents; ``seat``'s own treasury is "its treasury"."""
    kind, _, key = place.partition(":")
    if kind == "senator":
        return senator_name(key)
    if kind == "faction" and key.isdigit():
        return "its treasury" if int(key) == seat else f"{_seat(int(key))}'s treasury"
    return "the State treasury" if kind == "state" else place


def _talents(n: int) -> str:
    return f"{n} talent" if abs(n) == 1 else f"{n} talents"


def _units(n: int, what: str, unit: str = " unit") -> str:
    """ "no squadrons", "1 Celtiberian unit", "2 Celtiberian units" """
    return f"{n or 'no'} {what}{unit}" + ("" if n == 1 else "s")


def _the_war(war: str) -> str:
    return "the rebellion" if war == "rebels" else f"the {_name(war)}"


def _force(s: State, fid: str) -> str:
    """A force in the field, by the war it fights."""
    x = next((f for f in s.forces if str(f.id) == str(fid)), None)
    return f"the force in {_the_war(x.war)}" if x is not None else "the force"


def _army(words: list[str] | str) -> str:
    """An army token (type, veteran 1/0, loyal senator, place: ``rebellion.token``)."""
    parts = words.split("/") if isinstance(words, str) else list(words)
    if not parts or not parts[0]:
        return "an army"
    unit = _name(parts[0])
    vet = len(parts) > 1 and parts[1] == "1"
    loyal = f" loyal to {senator_name(parts[2])}" if len(parts) > 2 and parts[2] else ""
    return f"the {'veteran ' if vet else ''}{unit} army{loyal}"


def _card(card: str) -> str:
    return CARDS[card].title if card in CARDS else _name(card)


def _play(who: str, c: Any) -> str:
    """A card played from the hand: a statesman covering his family, a concession on a senator, an
    Intrigue, Event or Law (on a senator when it goes on one)."""
    if c.card in STATESMEN:
        return f"{who} plays the statesman {senator_name(c.card)}" + (
            f" over the {senator_name(c.senator)} family card" if c.senator else "")
    return f"{who} plays {_card(c.card)}" + (f" on {senator_name(c.senator)}" if c.senator else "")


# -- a proposal being voted on (votes.propose: the tally frame) -----------------------------------
def _proposal(s: State) -> str:
    t = next((x for x in reversed(s.flow) if x.kind == "tally"), None)
    if t is None or not t.strs:
        return "the proposal"
    kind, who, n = t.strs[0], [x for x in t.strs[1:] if x], t.nums[0] if t.nums else 0
    names = [senator_name(x[3:] if x.startswith("co:") else x) for x in who]
    a = names[0] if names else "the candidate"
    if kind == "suffetes" and len(names) > 1:
        return f"{names[0]} and {names[1]} as Suffètes"
    if kind == "council":
        return f"{a} for {_name(t.target)}"
    if kind == "governor":
        return f"{a} as governor of {_name(t.target)}"
    if kind == "recruit":
        return f"recruiting {_units(n, _name(t.target))}"
    if kind == "disband":
        return f"disbanding a {_name(t.target)}"
    if kind == "prosecute":
        return f"sending {a} to {_the_war(t.target)}"
    if kind == "expedition":
        return f"{a}'s expedition to the {_name(t.target)}"
    if kind == "peace":
        return f"peace in {_the_war(t.target)}"
    if kind == "tax":
        return "raising the tax rate" if t.target == "up" else "lowering the tax rate"
    if kind == "concession":
        return f"granting {_name(t.target)} to {a}"
    if kind == "suffete_for_life":
        return f"{a} as Suffète for Life"
    if kind == "trial":
        return f"convicting {a}"
    if kind == "recall_exile":
        return f"recalling {a} from exile"
    if kind == "reinforce":
        return f"reinforcing {_force(s, t.target)}"
    if kind == "recall":
        return f"recalling the commanders of {_force(s, t.target)}"
    if kind == "recall_governor":
        return f"{a} as governor of {_name(t.target)} in place of the one recalled"
    return "the proposal"


# -- the phrases ------------------------------------------------------------------------------------
# Fields: who (the seat), other (the step's other seat: an offer's other party), senator (the
# command's senator), n / talents (its number), fsen (the step's senator), target (the step's target),
# arg (an option's word after "x:"), card (the command's card).
PHRASES: dict[tuple[str, str], str] = {
    # set-up
    ("setup_merchant", "choose_senator"): "{who} gives the faction's merchant to {senator}",
    ("setup_leader", "choose_senator"): "{who} makes {senator} its Faction Leader",
    ("setup_term", "choose_number"): "{who} leaves {turns} to the governor of {target}",
    ("setup_councillor", "choose_senator"): "{who} gives the {target} card to {senator}",
    # revenue
    ("trade_income", "transfer"): "{who} shares trade income out to {dst}",
    ("contribute", "transfer"): "{who}'s {src} makes a contribution to the State treasury",
    # port
    ("persuade", "choose_senator"): "{who} tries to persuade {senator}",
    ("persuader", "choose_senator"): "{who} sends {senator} to persuade {target}",
    ("attract", "choose_senator"): "{who}'s {senator} tries to attract a merchant",
    ("change_leader", "choose_senator"): "{who} makes {senator} its Faction Leader",
    ("bid", "choose_senator"): "{who} bids for the extra initiative with {senator}",
    ("bid_amount", "choose_number"): "{who}'s {fsen} bids {talents}",
    ("persuasion", "choose_number"): "{who}'s {fsen} adds {talents} to the persuasion for another round",
    # senate
    ("nominate", "choose_senator"): "{who} proposes {senator}",
    ("coopt", "choose_senator"): "{who}'s Council coopts {senator} for {target}",
    ("suffete_general", "choose_senator"): "{who} chooses {senator} as Suffète Général",
    ("judge", "choose_senator"): "{who} asks {senator} to be the Judge of {fsen}",
    ("assassin", "choose_senator"): "{who} sends {senator} as the assassin",
    ("victim", "choose_senator"): "{who}'s {fsen} tries to assassinate {senator}",
    ("explorer", "choose_senator"): "{who} names {senator} to lead the expedition to the {target}",
    ("outfit", "choose_number"): "{who} proposes {fsen}'s expedition to the {target} with {n} {outfit}",
    ("grantee", "choose_senator"): "{who} proposes granting {target} to {senator}",
    ("how_many", "choose_number"): "{who} proposes recruiting {units}",
    ("squadrons", "choose_number"): "{who} sends {squadrons} with the force to {war}",
    ("recall_nominate", "choose_senator"): "{who} proposes {senator} as governor of {target} in place of "
                                           "the one recalled",
    ("refill_port", "choose_senator"): "{who} takes {senator} from the Port into its faction",
    ("crisis_commander", "choose_senator"): "{who} gives the force to {war} to {senator} as first commander",
    ("co_commander", "choose_senator"): "{who} names {senator} second commander and General of the force",
    ("replacement", "choose_senator"): "{who} proposes {senator} to replace the recalled commanders",
    ("reinforce_squadrons", "choose_number"): "{who} sends {squadrons} to reinforce {force}",
    # civil war
    ("allegiance", "choose_number"): "{who}'s {fsen} adds {talents} to win over {army}",
}

# Answers that choose an option, by (step, option word; for "x:y" options the word x).
OPTIONS: dict[tuple[str, str], str] = {
    ("setup_play", "done"): "{who} plays no more cards at set-up",
    ("cards_window", "done"): "{who} plays no card",
    ("initiative_cards", "done"): "{who} plays no card",
    ("corruption", "yes"): "{who}'s {fsen} takes a die of talents from the State treasury as {target}",
    ("corruption", "no"): "{who}'s {fsen} takes nothing from the State treasury as {target}",
    ("personal_income", "yes"): "{who}'s {fsen} takes personal income from {target}",
    ("personal_income", "no"): "{who}'s {fsen} takes no personal income from {target}",
    ("contribute", "done"): "{who} makes no more contributions",
    ("ransom", "pay"): "{who} pays {fsen}'s ransom",
    ("ransom", "no"): "{who} leaves {fsen} captive",
    # trade
    ("trade_turn", "offer"): "{who} makes a commerce offer to {arg_seat}",
    ("trade_turn", "pass"): "{who} makes no commerce offer",
    ("offer_answer", "accept"): "{who} accepts {other}'s commerce offer",
    ("offer_answer", "decline"): "{who} declines {other}'s commerce offer",
    ("sell", "done"): "{who} sells no more and pays the tax",
    ("warehouse", "*"): "{who} puts a {option} card back under its pile (warehouse limit)",
    ("trade_income", "done"): "{who} keeps the rest of the trade income in its treasury",
    # port
    ("persuade", "pass"): "{who} persuades nobody",
    ("persuasion", "roll"): "{who} rolls the persuasion of {target}",
    ("attract", "pass"): "{who} does not try for a merchant",
    ("buy_merchant", "yes"): "{who}'s {fsen} pays {count_talents} for the merchant",
    ("buy_merchant", "no"): "{who}'s {fsen} does not buy the merchant",
    ("change_leader", "pass"): "{who} keeps its Faction Leader",
    ("bid", "pass"): "{who} does not bid",
    # senate
    ("vote_order", "clockwise"): "{who} calls the other votes clockwise",
    ("vote", "yes"): "{who} votes for {proposal}",
    ("vote", "no"): "{who} votes against {proposal}",
    ("vote", "abstain"): "{who} abstains on {proposal}",
    ("vote", "appeal"): "{who} appeals to the people before voting",
    ("resign", "resign"): "{who}'s {fsen} resigns as presiding officer",
    ("resign", "stay"): "{who}'s {fsen} stays presiding officer and loses 1 Influence",
    ("suffete_agree", "yes"): "{who} agrees that {fsen} is Suffète Général",
    ("suffete_agree", "no"): "{who} disagrees on the Suffète Général: a die decides",
    ("council_accept", "accept"): "{who}'s {fsen} accepts the seat of {target}",
    ("council_accept", "decline"): "{who}'s {fsen} declines the seat of {target}",
    ("refill_port", "stop"): "{who} takes nobody from the Port",
    ("trial", "major"): "{who} brings {arg} to a major trial",
    ("trial", "minor"): "{who} brings {arg} to a minor trial",
    ("trial", "responsibility"): "{who} brings {arg} to a minor trial for his Responsibility marker",
    ("trial", "done"): "{who} holds no more trials",
    ("judge_accepts", "yes"): "{who}'s {judge} agrees to be the Judge",
    ("judge_accepts", "no"): "{who}'s {judge} refuses to be the Judge",
    ("exile", "yes"): "{who}'s {fsen} goes into exile rather than stand trial",
    ("exile", "no"): "{who}'s {fsen} stands trial",
    ("plot", "assassinate"): "{who} attempts an assassination",
    ("plot", "pass"): "{who} makes no attempt for now",
    ("plot", "no_attempt"): "{who} makes no assassination attempt this turn",
    ("assassin_cards", "done"): "{who} plays no more Assassin cards",
    ("escort_cards", "done"): "{who} plays no more Secret Escorts",
    ("counter", "pass"): "{who} does not counter {target}",
    ("outcry", "veto"): "{who} vetoes {proposal}",
    ("outcry", "floor"): "{who} takes the floor to make a proposal",
    ("floor_call", "pass"): "{who} does not take the floor",
    ("other_business", "adjourn"): "{who} adjourns the Senate",
    ("business_item", "recruit"): "{who} moves to recruit {arg} units",
    ("business_item", "disband"): "{who} proposes disbanding a {arg}",
    ("business_item", "prosecute"): "{who} moves to send a force to {arg_war}",
    ("business_item", "expedition"): "{who} moves to send an expedition to the {arg}",
    ("business_item", "peace"): "{who} proposes peace in {arg_war}",
    ("business_item", "tax"): "{who} moves to {arg_tax} the tax rate",
    ("business_item", "concession"): "{who} moves to grant {arg}",
    ("business_item", "suffete_for_life"): "{who} proposes {arg} as Suffète for Life",
    ("business_item", "recall_exile"): "{who} proposes recalling {arg} from exile",
    ("business_item", "reinforce"): "{who} moves to reinforce {arg_force}",
    ("business_item", "recall"): "{who} moves to recall the commanders of {arg_force}",
    ("business_item", "recall_governor"): "{who} moves to recall the governor of {arg}",
    ("muster", "*"): "{who} adds a {option} army to the force for {war}",
    ("muster", "done"): "{who} adds no more armies to the force for {war}",
    ("reinforce_muster", "*"): "{who} adds a {option} army to the reinforcements of {force}",
    ("reinforce_muster", "done"): "{who} adds no more armies to the reinforcements of {force}",
    ("co_commander", "none"): "{who} names no second commander",
    ("replacement", "none"): "{who} proposes recalling the commanders with no replacement",
    # war and civil war
    ("adventurers", "go_on"): "{who}'s expedition goes on next turn",
    ("adventurers", "return"): "{who}'s expedition comes home",
    ("desertion", "*"): "{who} picks {option_army} to desert",
    ("card_trade_turn", "offer"): "{who} makes a card offer to {arg_seat}",
    ("card_trade_turn", "pass"): "{who} offers no cards",
    ("card_offer_answer", "accept"): "{who} accepts {other}'s card offer",
    ("card_offer_answer", "decline"): "{who} declines {other}'s card offer",
    ("hand_limit", "offer"): "{who} makes a card offer to {arg_seat} (hand limit)",
    ("hand_limit", "*"): "{who} discards {option} (hand limit)",
    ("rebel_choice", "return"): "{who}'s {fsen} returns his armies to the board",
    ("rebel_choice", "rebel"): "{who}'s {fsen} rebels against Carthage",
    ("rebel_join", "join"): "{who}'s {fsen} joins {target}'s rebellion",
    ("rebel_join", "return"): "{who}'s {fsen} returns his armies to the board",
    ("veteran_joins", "join"): "{who} sends {army} to join the rebels",
    ("veteran_joins", "stay"): "{who} keeps {army} out of the rebellion",
    ("accomplice", "rebel"): "{who}'s {fsen} joins the rebellion",
    ("accomplice", "stay"): "{who}'s {fsen} stays loyal to Carthage",
}

# The secret steps' answers (III.2, VII.2, II.10, VII.3; R112, R135, R136): only what their redacted
# events tell everybody. None of these reads the command's card, commodity or number.
SECRET: dict[tuple[str, str], str] = {
    ("offer_cards", "*"): "{who} puts a commerce card in its offer to {other}",
    ("offer_cards", "done"): "{who} puts no more commerce cards in its offer to {other}",
    ("offer_name", "*"): "{who} names a commodity of its offer to {other}",
    ("offer_want", "*"): "{who} sets how many commerce cards it asks of {other}",
    ("offer_promise", "*"): "{who} promises {other} a card of its hand with the offer",
    ("offer_promise", "done"): "{who} promises no more cards with its offer to {other}",
    ("offer_promise_want", "*"): "{who} sets how many Intrigue or Event cards it asks of {other}",
    ("offer_talents", "*"): "{who} sets the talents of its offer to {other}",
    ("offer_give", "*"): "{who} gives {other} a commerce card for the offer",
    ("card_offer_cards", "*"): "{who} puts a card of its hand in its offer to {other}",
    ("card_offer_cards", "done"): "{who} puts no more cards in its offer to {other}",
    ("card_offer_want", "*"): "{who} sets how many cards it asks of {other}",
    ("card_give", "*"): "{who} gives {other} a card of its hand for the offer",
    ("owed_card", "*"): "{who} gives {other} a card it owes for a commerce offer",
    ("redistribute", "transfer"): "{who} plans a move of talents, in secret",
    ("redistribute", "choose_number"): "{who} sets the talents of that move, in secret",
    ("redistribute", "done"): "{who} has planned its redistribution",
    ("civil_cards", "play_card"): "{who} chooses a card to play, in secret",
    ("civil_cards", "done"): "{who} has chosen its cards",
    ("rebel_bid", "choose_number"): "{who} makes its secret bid for {army}",
}


def _special(s: State, f: Any, who: str, kind: str, c: Any) -> str | None:
    """Answers whose words depend on the step's own bookkeeping."""
    step = f.kind
    if step == "vote_order" and kind == "choose_option" and c.option.partition(":")[0] == "seat":
        x = int(c.option.partition(":")[2])
        return f"{who} calls its own vote next" if x == f.seat else f"{who} calls on {_seat(x)} to vote next"
    if step == "nominate_suffetes" and kind == "choose_senator":
        if f.senator:
            return f"{who} proposes {senator_name(f.senator)} and {senator_name(c.senator)} as Suffètes"
        return f"{who} names {senator_name(c.senator)} as the first Suffète candidate"
    if step == "nominate" and kind == "choose_senator":
        what = "for" if f.strs[:1] == ["council"] else "as governor of"
        return f"{who} proposes {senator_name(c.senator)} {what} {_name(f.target)}"
    if step == "initiators" and kind == "choose_senator":
        role = "co-initiator" if f.strs else "initiator"
        change = "raising" if f.target == "up" else "lowering"
        return f"{who} names {senator_name(c.senator)} {role} of {change} the tax rate"
    if step == "amount" and kind == "choose_number" and len(f.strs) >= 3:
        src, dst, why = f.strs[:3]
        if why == "contribution":
            return f"{who}'s {_place(src)} gives {_talents(c.number)} to the State treasury"
        if why == "trade_income":
            return f"{who} gives {_talents(c.number)} of trade income to {_place(dst)}"
        return f"{who} moves {_talents(c.number)} from {_place(src)} to {_place(dst)}"
    if step == "bribe" and kind == "choose_number":
        if not c.number:
            return f"{who}'s {senator_name(f.senator)} adds no talents to the persuasion of {_name(f.target)}"
        return f"{who}'s {senator_name(f.senator)} adds {_talents(c.number)} to the persuasion of {_name(f.target)}"
    if step == "intervene" and kind == "choose_number":
        if not c.number:
            return f"{who} stays out of the persuasion of {_name(f.target)}"
        side = "for" if c.number > 0 else "against"
        return f"{who} pays {_talents(abs(c.number))} {side} the persuasion of {_name(f.target)}"
    if step == "buy_votes" and kind == "choose_number":
        return f"{who} buys no votes" if not c.number else \
            f"{who} buys {c.number} vote{'s' if c.number != 1 else ''} for {_talents(c.number)}"
    if step == "vote_payment" and kind == "choose_number" and f.strs:
        paid = _talents(c.number) if c.number else "nothing"
        return f"{who} pays {paid} toward its bought votes from {_place(f.strs[0], f.seat)}"
    if kind == "play_card" and step == "counter":
        return f"{who} plays {_card(c.card)} to cancel {_card(f.target)}"
    if kind == "play_card" and step == "floor_call":
        return f"{who} plays {_card(c.card)} to take the floor"
    if kind == "play_card" and step == "vote":
        return _play(who, c) + " at its turn to vote"
    if kind == "play_card" and step == "persuasion":
        return _play(who, c) + f" on the persuasion of {_name(f.target)}"
    if step == "other_business" and kind == "choose_option" and c.option != "adjourn":
        floor = " from the floor" if f.strs == ["floor"] else ""
        return f"{who} brings up {BUSINESS.get(c.option, _name(c.option))}{floor}"
    return None


BUSINESS = {
    "recruit": "recruitment", "disband": "disbanding", "prosecute": "a war to prosecute",
    "expedition": "an expedition", "peace": "a peace", "tax": "the tax rate", "concession": "a concession",
    "suffete_for_life": "a Suffète for Life", "recall_exile": "an exile's recall", "reinforce": "reinforcements",
    "recall": "a commander's recall", "recall_governor": "a governor's recall",
}
"""The kinds of other business (V.7: ``senate.business_options``) in words."""


class _Words(dict):
    """The fields of a phrase, each worked out only when the phrase names it."""

    def __init__(self, s: State, f: Any, who: str, c: Any) -> None:
        super().__init__()
        self.s, self.f, self.who, self.c = s, f, who, c

    def __missing__(self, key: str) -> str:
        s, f, c = self.s, self.f, self.c
        option = getattr(c, "option", "")
        arg = option.partition(":")[2]
        value = {
            "who": lambda: self.who,
            "other": lambda: _seat(f.count),
            "senator": lambda: senator_name(getattr(c, "senator", "")),
            "n": lambda: str(getattr(c, "number", "")),
            "turns": lambda: _units(getattr(c, "number", 0), "turn", ""),
            "talents": lambda: _talents(getattr(c, "number", 0)),
            "units": lambda: _units(getattr(c, "number", 0), _name(f.target)),
            "squadrons": lambda: _units(getattr(c, "number", 0), "squadron", ""),
            "count_talents": lambda: _talents(f.count),
            "fsen": lambda: senator_name(f.senator),
            "target": lambda: _name(f.target),
            "judge": lambda: senator_name(f.strs[-1]) if f.strs else "the senator",
            "war": lambda: _the_war(f.target),
            "force": lambda: _force(s, str(f.count)),
            "army": lambda: _army(f.strs),
            "proposal": lambda: _proposal(s),
            "option": lambda: _name(option),
            "option_army": lambda: _army(option),
            "arg": lambda: _name(arg),
            "arg_seat": lambda: _seat(int(arg)) if arg.isdigit() else arg,
            "arg_war": lambda: _the_war(arg),
            "arg_force": lambda: _force(s, arg),
            "arg_tax": lambda: "raise" if arg == "up" else "lower",
            "outfit": lambda: "caravans" if f.target in EXPLORATIONS and EXPLORATIONS[f.target].caravans
            else "trade fleets",
            "src": lambda: _place(getattr(c, "source", "")),
            "dst": lambda: _place(getattr(c, "target", "")),
        }[key]()
        self[key] = value
        return value


def _phrase(step: str, kind: str, c: Any) -> str | None:
    if kind == "choose_option":
        word = c.option.partition(":")[0]
        for table in (SECRET, OPTIONS):
            if (step, word) in table:
                return table[(step, word)]
        for table in (SECRET, OPTIONS):
            if (step, "*") in table:
                return table[(step, "*")]
        return None
    if (step, kind) in SECRET:
        return SECRET[(step, kind)]
    if (step, "*") in SECRET and kind != "play_card":
        return SECRET[(step, "*")]
    return PHRASES.get((step, kind))


def describe_outcome(events: list[Any], language: str = "en") -> str | None:
    """What a command's events decided that its line should say (``server/render.py`` adds it): the
    end of a trial (V.5), by the vote, or by the Appeal to the People, which frees or kills the
    accused at once and stops the vote (``ProposalDecided.appeal``). None: nothing of the kind. In
    French with ``language`` "fr" (notation_fr.py)."""
    if language == "fr":
        return notation_fr.describe_outcome(events)
    said = []
    for e in events:
        if tag_of(e) != "proposal_decided" or e.kind != "trial":
            continue
        if e.appeal == "freed":
            said.append(f"the people free the accused on appeal: acquitted, the vote stopped at {e.yes} to {e.no} (V.5)")
        elif e.appeal == "killed":
            said.append(f"the people kill the accused on appeal: the vote stopped at {e.yes} to {e.no} (V.5)")
        else:
            said.append(f"the accused is {'convicted' if e.passed else 'acquitted'}, {e.yes} votes to {e.no}")
    return "; ".join(said) or None


def describe_command(s: State, seat: int, command: Any, language: str = "en") -> str:
    """``command``, sent by ``seat`` in ``s``, in words: English, or French ("fr": notation_fr.py)."""
    if language == "fr":
        return notation_fr.describe_command(s, seat, command)
    who, kind, c = SEATS[seat], tag_of(command), command
    if kind == "say":  # table talk (R110): the words, and to whom
        to = "the table" if c.to < 0 else _seat(c.to)
        return f"{who} to {to}: \u201c{c.text}\u201d"
    f = s.flow[-1] if s.flow else None
    if f is not None:
        line = _special(s, f, who, kind, c)
        if line is not None:
            return line
        phrase = _phrase(f.kind, kind, c)
        if phrase is not None:
            return phrase.format_map(_Words(s, f, who, c))
    step = f.kind.replace("_", " ") if f is not None else ""
    why = f" ({step})" if step else ""
    if kind == "play_card":
        return _play(who, c)
    if kind == "choose_senator":
        return f"{who}: {senator_name(c.senator) if c.senator else 'none'}{why}"
    if kind == "choose_number":
        return f"{who}: {c.number}{why}"
    if kind == "choose_option":
        return f"{who}: {_name(c.option)}{why}"
    if kind == "transfer":
        return f"{who} moves talents from {_place(c.source)} to {_place(c.target)}"
    if kind == "sell_commerce":
        return f"{who} sells {c.count} {_name(c.commodity)}"
    return f"{who}: {kind.replace('_', ' ')}{why}"
