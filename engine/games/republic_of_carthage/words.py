"""The Republic of Carthage's events in words, one sentence each (``describe_event``), for a log a
player reads: "Blue votes against the proposal with 4 votes", "Red plans its redistribution in
secret", "5 T go from Himilco to Red's treasury (redistribution)".

Each sentence is made from the event alone, as the reading seat receives it: a private event reaches
the others in its ``...Redacted`` form (a secret choice, an offer's terms, a card given, a private
word, a transfer between face-down treasuries), and the sentence of a redacted event is built from
its own fields only, so it cannot name anything hidden. Names are those of ``data/*.json`` (the
notation's, notation.py); factions by colour. ``Flow`` reads as who must decide what now ("Blue to
vote on the proposal"; "Every player at once to redistribute talents, in secret").
"""

from __future__ import annotations

from typing import Any, Callable

from engine.core import tag_of
from engine.phrases import cap, join_and, plural, words_of

from . import events as ev, words_fr
from .components import (ARMY_TYPES, CARDS, COMMODITIES, EVENT_CARDS, EXPLORATIONS, FAMILIES, LEADERS, OFFICES,
                         PROVINCES, STATESMEN, WARS)
from .flow import DESCRIBE
from .notation import SEATS


def _seat(x: int) -> str:
    return SEATS[x] if 0 <= x < len(SEATS) else f"Seat {x + 1}"


def seat_name(seat: int, language: str = "en") -> str:
    """A faction by colour: "Red"; in French "Rouge"."""
    return words_fr.seat(seat) if language == "fr" else _seat(seat)


def known(key: str) -> str | None:
    """The name of a component id of the game's data files, or None."""
    if key in STATESMEN:
        return STATESMEN[key].name
    if key.isdigit() and int(key) in FAMILIES:
        return FAMILIES[int(key)].name
    if key in CARDS:
        return CARDS[key].title
    for table in (OFFICES, PROVINCES, WARS, EXPLORATIONS, LEADERS, ARMY_TYPES, COMMODITIES):
        if key in table:
            return table[key].name
    if key in EVENT_CARDS:
        return EVENT_CARDS[key].front.title
    return None


def name(key: str) -> str:
    """Any id in words: its component's name, else the id's words."""
    if not key:
        return "nobody"
    key = key.removeprefix("senator:").removeprefix("co:")
    return known(key) or words_of(key)


def _names(ids) -> list[str]:
    return [name(x) for x in ids if x]


def why(word: str) -> str:
    """A reason or purpose in words: a component's name when it is one ("harbour_captain" -> its
    card's title), else the words ("state_income" -> "state income"); "personal:sardinia_corsica"
    -> "personal (Sardinia-Corsica)"."""
    if not word:
        return "no reason given"
    k = known(word)
    if k:
        return k
    head, _, rest = word.partition(":")
    if rest and head:
        return f"{why(head)} ({', '.join(why(x) for x in rest.split(':'))})"
    return {"setup": "set-up", "civil_war": "Civil War"}.get(word, words_of(word))


def _t(n: int) -> str:
    return f"{n} T"


def _war(key: str) -> str:
    """A war, an exploration or the rebellion, with its article: "the War with Cyrene"."""
    if key == "rebels":
        return "the rebellion"
    n = name(key)
    return f"the {n}" if (key in WARS or key in EXPLORATIONS) and " " in n else n


def place(where: str, own: int = -1, own_word: str = "its treasury") -> str:
    """A place of talents: senator:<id>, faction:<seat>, state, bank, escrow:<what>."""
    kind, _, key = where.partition(":")
    if kind == "senator":
        return name(key)
    if kind == "faction" and key.isdigit():
        return own_word if int(key) == own else f"{_seat(int(key))}'s treasury"
    if where == "state":
        return "the State treasury"
    if where == "bank":
        return "the bank"
    if kind == "escrow":
        return f"the {words_of(key or 'persuasion')} stake"
    return name(where)


def _force_place(where: str) -> str:
    """A place of armies and squadrons: out, reserve, active, deserted[:<senator>], lost, force:<n>,
    rebel, victor:<senator>."""
    kind, _, key = where.partition(":")
    return {"out": "out of play", "reserve": "the Force Reserve", "active": "Active Forces",
            "deserted": f"desertion ({name(key)})" if key else "desertion", "lost": "the lost units",
            "force": f"force {key}", "rebel": "the rebels", "victor": f"{name(key)}'s card"}.get(kind, name(where))


def _units(n: int, unit: str) -> str:
    if unit == "squadron":
        return plural(n, "squadron")
    return f"{n} {name(unit)} {'unit' if n == 1 else 'units'}"


def _armies(ids) -> list[str]:
    counts: dict[str, int] = {}
    for a in ids:
        counts[a] = counts.get(a, 0) + 1
    return [f"{k} {name(a)}" for a, k in counts.items()]


def _signed(n: int, what: str) -> str:
    return f"{'+' if n > 0 else chr(0x2212)}{abs(n)} {what}"


def proposal_words(kind: str, senators, target: str, amount: int) -> str:
    """What a proposal asks, as the tally of notation.py reads it."""
    who = _names(senators)
    a = who[0] if who else "the candidate"
    table = {
        "suffetes": (f"{who[0]} and {who[1]} as Suffètes" if len(who) > 1 else f"{a} as Suffète"),
        "council": f"{a} for {name(target)}",
        "governor": f"{a} as governor of {name(target)}",
        "recruit": f"recruiting {_units(amount, target)}",
        "disband": f"disbanding a {name(target)}",
        "prosecute": f"sending {join_and(who) or 'a force'} to {_war(target)}" + (f" with {plural(amount, 'squadron')}" if amount else ""),
        "expedition": f"{a}'s expedition to {_war(target)}",
        "peace": f"peace in {_war(target)}",
        "tax": f"{'raising' if target == 'up' else 'lowering'} the tax rate",
        "concession": f"granting {name(target)} to {a}",
        "suffete_for_life": f"{a} as Suffète for Life",
        "trial": f"convicting {a}" + (f" (Judge: {who[1]})" if len(who) > 1 else "") + (f" ({why(target)} trial)" if target else ""),
        "recall_exile": f"recalling {a} from exile",
        "reinforce": f"reinforcing force {target}" + (f" ({join_and(who)})" if who else ""),
        "recall": f"recalling the commanders of force {target}",
        "recall_governor": f"{a} as governor of {name(target)} in place of the one recalled",
    }
    if kind in table:
        return table[kind]
    return why(kind) + (f" ({join_and(who)})" if who else "") + (f" ({name(target)})" if target else "")


PROPOSAL_KINDS = {
    "suffetes": "the Suffètes", "council": "the Council seat", "governor": "the governor", "recruit": "recruitment",
    "disband": "disbanding", "prosecute": "a war to prosecute", "expedition": "an expedition", "peace": "a peace",
    "tax": "the tax rate", "concession": "a concession", "suffete_for_life": "a Suffète for Life", "trial": "the trial",
    "recall_exile": "an exile's recall", "reinforce": "reinforcements", "recall": "a commander's recall",
    "recall_governor": "a governor's recall",
}


def _kind(kind: str) -> str:
    return PROPOSAL_KINDS.get(kind, why(kind))


def _decided(e: ev.ProposalDecided) -> str:
    votes = f"{e.yes} to {e.no}"
    if e.kind == "trial" and e.appeal == "freed":
        return f"The trial ends on the Appeal to the People: the people free the accused, who is acquitted (the vote stopped at {votes})"
    if e.kind == "trial" and e.appeal == "killed":
        return f"The trial ends on the Appeal to the People: the people kill the accused (the vote stopped at {votes})"
    if e.kind == "trial":
        return f"The trial's vote {'convicts' if e.passed else 'acquits'} the accused, {e.yes} votes to {e.no}"
    return f"The Senate {'adopts' if e.passed else 'rejects'} the proposal on {_kind(e.kind)}, {e.yes} votes to {e.no}"


def _choice(step: str, entry: str, own: int) -> str:
    """One entry of a seat's secret choice (ChoiceMade.names) for ``step``: redistribution
    "<source>><target>" then "=<talents>"; the Civil War's cards "<card>|<senator>"; a bid "<talents>"."""
    if step == "redistribution":
        if entry.startswith("=") and entry[1:].isdigit():
            return f"{_t(int(entry[1:]))} for that move"
        src, _, dst = entry.partition(">")
        return f"a move of talents from {place(src, own)} to {place(dst, own)}"
    if step == "civil_cards":
        card, _, senator = entry.partition("|")
        return name(card) + (f" on {name(senator)}" if senator else "")
    if step == "rebel_bid" and entry.isdigit():
        return f"a bid of {_t(int(entry))}"
    return name(entry)


def _choice_made(e: ev.ChoiceMade) -> str:
    who, what = _seat(e.seat), join_and(_choice(e.step, x, e.seat) for x in e.names) or "nothing"
    if e.step == "redistribution":
        return f"{who} plans, in secret, {what}"
    if e.step == "civil_cards":
        return f"{who} chooses, in secret, to play {what}"
    return f"{who} chooses, in secret, {what} ({why(e.step)})"


SECRET_STEPS = {
    "redistribution": "{who} plans its redistribution in secret",
    "civil_cards": "{who} chooses a card to play, in secret",
    "rebel_bid": "{who} makes its secret bid for the army",
}


def _revealed(e: ev.ChoicesRevealed) -> str:
    choices = [c.split("|") for c in e.choices]
    order = join_and(_seat(x) for x in e.seats)
    if e.step == "redistribution":
        return f"The redistributions are revealed and carried out, {order} in turn: {plural(len(choices), 'move')} of talents"
    if e.step == "civil_cards":
        plays = [f"{_seat(int(c[0])) if c[0].isdigit() else name(c[0])}: {name(c[1]) if len(c) > 1 else 'nothing'}"
                 + (f" on {name(c[2])}" if len(c) > 2 and c[2] else "") for c in choices]
        return f"The cards chosen for the Civil War are revealed: {'; '.join(plays) or 'none'}"
    if e.step == "rebel_bid":
        bids = [f"{_seat(int(c[0])) if c[0].isdigit() else name(c[0])} {_t(int(c[1])) if len(c) > 1 and c[1].lstrip('-').isdigit() else 'nothing'}"
                for c in choices]
        return f"The secret bids are revealed: {', '.join(bids) or 'none'}"
    return f"The secret choices of the {why(e.step)} step are revealed"


def _terms(e, frm: str, to: str) -> list[str]:
    bits = []
    if e.talents > 0:
        bits.append(f"{_t(e.talents)} promised to {to} (next Revenue)")
    if e.talents < 0:
        bits.append(f"{_t(-e.talents)} asked of {to} (next Revenue)")
    if getattr(e, "cards_promised", ()):
        bits.append(f"{join_and(_names(e.cards_promised))} promised to {to} (Civil War phase)")
    if getattr(e, "cards_asked", 0):
        bits.append(f"{plural(e.cards_asked, 'Intrigue or Event card')} of {to}'s choice asked for {frm} (Civil War phase)")
    return bits


def _offer(e: ev.OfferMade) -> str:
    frm, to = _seat(e.seat), _seat(e.to)
    first = (f"{plural(e.count, 'commerce card')} worth {_t(e.value)}" + (f", including {name(e.named)}" if e.named else "")
             + f", for {plural(e.want, 'card')} of {to}'s choice")
    return f"{frm} offers {to} " + "; ".join([first, *_terms(e, frm, to)])


def _card_offer(e: ev.CardOfferMade) -> str:
    frm, to = _seat(e.seat), _seat(e.to)
    first = f"{join_and(_names(e.cards)) or 'no cards'} " + (f"for {plural(e.want, 'card')} of {to}'s choice" if e.want else "as a gift")
    return f"{frm} offers {to} " + "; ".join([first, *_terms(e, frm, to)])


def _answered(e: ev.OfferAnswered) -> str:
    frm, to = _seat(e.seat), _seat(e.to)
    if not e.accepted:
        return f"{to} declines {frm}'s offer"
    owed = [x for x in (
        e.talents > 0 and f"{frm} owes {to} {_t(e.talents)} (next Revenue)",
        e.talents < 0 and f"{to} owes {frm} {_t(-e.talents)} (next Revenue)",
        e.cards_promised and f"{frm} owes {to} {join_and(_names(e.cards_promised))} (Civil War phase)",
        e.cards_asked and f"{to} owes {frm} {plural(e.cards_asked, 'Intrigue or Event card')} of its choice (Civil War phase)") if x]
    return f"{to} accepts {frm}'s offer" + (f": {'; '.join(owed)}" if owed else "")


SEAT_COUNTERS = {"votes", "trade_income", "no_plot", "assassination_by", "assassination_at", "rebellion_won"}


def _counter(e: ev.CountersSet) -> str:
    head, *rest = e.name.split(":")
    if head == "votes" and rest and rest[0].isdigit():
        return f"{_seat(int(rest[0]))} has {plural(e.value, 'vote')} in the Senate"
    parts = [("this turn" if x == "turn" else _seat(int(x)) if head in SEAT_COUNTERS and x.isdigit() else why(x)) for x in rest if x]
    return f"{cap(why(head))}" + (f" ({', '.join(parts)})" if parts else "") + f": {e.value}"


WHERE = {"carthage": "in Carthage", "port": "in the Port", "province": "in his province", "war": "at war",
         "exploration": "on an expedition", "captured": "captured", "exiled": "in exile", "rebel": "in rebellion"}
WAR_STATUS = {"inactive": "goes to the Inactive Wars", "active": "goes to the Active Wars",
              "unprosecuted": "goes to the Unprosecuted Wars", "lost": "goes to the Lost Wars",
              "removed": "is removed from play", "in_play": "comes into play"}
DECKS = {"hands": "the set-up hand deck", "deck": "the draw deck", "I": "Deck I", "II": "Deck II"}


def _deck(deck: str) -> str:
    return DECKS.get(deck, f"deck {deck}")


def _rolled(e: ev.Rolled) -> str:
    dice = " + ".join(map(str, e.dice)) or "no die"
    mod = f" {'+' if e.modifier > 0 else chr(0x2212)} {abs(e.modifier)}" if e.modifier else ""
    total = f" = {str(e.total).replace('-', chr(0x2212))}" if len(e.dice) > 1 or e.modifier else ""
    who = f"{_seat(e.seat)} rolls" if e.seat >= 0 else "Roll of"
    return f"{who} {dice}{mod}{total} for {why(e.purpose)}" + (f": {why(e.outcome)}" if e.outcome else "")


def _chit(e: ev.ChitDrawn) -> str:
    chit = {"none": "a blank chit", "draw_two": "a 'draw two' chit"}.get(e.chit, f"the {name(e.chit)} chit")
    return f"Mortality cup: {chit} is drawn ({why(e.reason)})"


def _changed(e: ev.SenatorChanged) -> str:
    bits = [x for x in (e.influence and _signed(e.influence, "Influence"), e.popularity and _signed(e.popularity, "Popularity"),
                        e.merchants and _signed(e.merchants, "merchant" if abs(e.merchants) == 1 else "merchants")) if x]
    return f"{name(e.senator)}: {', '.join(bits) or 'no change'} ({why(e.reason)})"


def _moved(e: ev.SenatorMoved) -> str:
    whose = f"in {_seat(e.seat)}'s faction" if e.seat >= 0 else "with no faction"
    return f"{name(e.senator)} is now {WHERE.get(e.where, why(e.where))}, {whose}{'' if e.face_up else ', face down'} ({why(e.reason)})"


def _transferred(e: ev.Transferred) -> str:
    src, dst, reason = place(e.source), place(e.target), why(e.reason)
    if e.source == "bank":
        return f"{cap(dst)} receives {_t(e.amount)} ({reason})"
    if e.target == "bank":
        return f"{cap(src)} pays {_t(e.amount)} to the bank ({reason})"
    return f"{_t(e.amount)} {'goes' if e.amount == 1 else 'go'} from {src} to {dst} ({reason})"


def _sent(e: ev.ForceSent) -> str:
    what = [*_armies(e.armies), *(x for x in (e.squadrons and plural(e.squadrons, "squadron"),
                                            e.caravans and plural(e.caravans, "caravan"),
                                            e.fleets and plural(e.fleets, "trade fleet")) if x)]
    return (f"Force {e.force} goes to {_war(e.war)} under {join_and(_names(e.commanders)) or 'no commander'}"
            + (f", with {join_and(what)}" if what else "") + (f" ({e.pooled} of them home in Carthage already)" if e.pooled else ""))


def _played(e: ev.CardPlayed) -> str:
    if e.card in STATESMEN:  # a statesman, over his family card when it is in play
        return f"{_seat(e.seat)} plays the statesman {name(e.card)}" + (f" over the {name(e.senator)} family card" if e.senator else "")
    return f"{_seat(e.seat)} plays {name(e.card)}" + (f" on {name(e.senator)}" if e.senator else "")


def _event_card(e: ev.EventCardPlaced) -> str:
    card = EVENT_CARDS.get(e.event)
    side = getattr(card, e.side, None) if card is not None and e.side in ("front", "back") else None
    return f"Random event: {side.title if side is not None else name(e.event)} comes into play in the Port"


def _concession(e: ev.ConcessionChanged) -> str:
    if e.holder == "!":
        return f"{name(e.concession)} is destroyed ({why(e.reason)})"
    if e.holder:
        return f"{name(e.holder)} holds {name(e.concession)} ({why(e.reason)})"
    return f"{name(e.concession)} goes face up to the Port ({why(e.reason)})"


def _vote(e: ev.VoteCast) -> str:
    how = {"yes": "votes for the proposal", "no": "votes against the proposal"}.get(e.vote, "abstains")
    count = "" if e.vote == "abstain" else f" with {plural(e.votes, 'vote')}" + (f" ({e.bought} bought)" if e.bought else "")
    return f"{_seat(e.seat)} {how}{count}"


def _ended(e: ev.GameEnded) -> str:
    won = f"won by {join_and(_seat(s) for s in e.winners)}" if e.winners else "every faction lost"
    scores = ", ".join(f"{_seat(i)} {s}" for i, s in enumerate(e.scores))
    return f"The game ends ({why(e.reason)}): {won}" + (f"; Influence: {scores}" if scores else "")


# What each decision asks, in a few words (flow.DESCRIBE gives the whole question with its section).
STEPS: dict[str, str] = {
    # set-up
    "setup_play": "play a concession or statesman at set-up", "setup_merchant": "choose who takes the faction's merchant",
    "setup_leader": "name the Faction Leader", "setup_councillor": "give a Council card to a senator",
    "setup_term": "set a governor's term",
    # any time
    "cards_window": "play a card now, or not", "initiative_cards": "play a card now, or not",
    "counter": "cancel the Intrigue with a Counter-Intrigue, or not", "hand_limit": "bring the hand down to five cards",
    # revenue
    "corruption": "choose whether a Council member takes a die of talents", "personal_income": "choose whether a governor takes personal income",
    "redistribute": "redistribute talents, in secret", "amount": "choose how many talents", "contribute": "contribute to the State treasury",
    "ransom": "choose whether to pay a ransom",
    # trade
    "sell": "sell commerce cards", "warehouse": "put a commerce card back", "trade_income": "share out the trade income",
    "trade_turn": "make a commerce offer, or pass", "offer_cards": "put commerce cards in the offer", "offer_name": "name a commodity of the offer",
    "offer_want": "ask for cards in return", "offer_promise": "promise a card of the hand", "offer_promise_want": "ask for promised cards in return",
    "offer_talents": "put talents in the offer", "offer_answer": "accept or decline an offer", "offer_give": "give a commerce card for the offer",
    "owed_card": "give the card owed for an offer",
    # port
    "persuade": "choose a senator to persuade, or pass", "persuader": "choose who persuades", "bribe": "add talents to the persuasion",
    "intervene": "put talents for or against the persuasion", "persuasion": "roll, or add talents", "attract": "try to attract a merchant, or pass",
    "buy_merchant": "choose whether to buy the merchant", "change_leader": "change the Faction Leader, or pass",
    "bid": "bid for the extra initiative, or pass", "bid_amount": "choose the bid",
    # senate
    "vote_order": "choose who votes next", "resign": "resign the chair or stay", "vote": "vote on the proposal",
    "buy_votes": "choose whether to buy votes", "vote_payment": "pay for the bought votes", "nominate_suffetes": "nominate the two Suffètes",
    "suffete_general": "choose the Suffète Général", "suffete_agree": "agree to the choice of Suffète Général, or not",
    "council_accept": "accept or decline a Council seat", "nominate": "nominate a candidate", "coopt": "choose the Council's new member",
    "refill_port": "take a senator of the Port, or stop", "trial": "call the Censor's next trial, or stop", "judge": "ask a senator to be the Judge",
    "judge_accepts": "choose whether to be the Judge", "exile": "choose exile or a trial", "other_business": "propose the next business, or adjourn",
    "business_item": "make the proposal", "how_many": "choose how many units to recruit", "muster": "muster the force for the war",
    "squadrons": "choose the squadrons going with the force",
    "explorer": "name the expedition's commander", "outfit": "outfit the expedition", "initiators": "name the tax change initiators",
    "grantee": "name the concession holder", "crisis_commander": "name the force's commander", "co_commander": "name a second commander, or none",
    "reinforce_muster": "send reinforcements", "reinforce_squadrons": "choose the reinforcing squadrons",
    "replacement": "name a replacement commander, or none", "recall_nominate": "nominate a new governor",
    "outcry": "veto the proposal or take the floor", "floor_call": "take the floor, or pass",
    "plot": "choose whether to attempt an assassination", "assassin": "name the assassin", "victim": "name the target",
    "assassin_cards": "play Assassin cards, or not", "escort_cards": "play Secret Escort cards, or not",
    # combat and exploration, civil war
    "adventurers": "choose whether the expedition goes on", "desertion": "choose which army deserts",
    "civil_cards": "choose cards to play, in secret", "card_trade_turn": "offer cards of the hand, or pass",
    "card_offer_cards": "put cards in the offer", "card_offer_want": "ask for cards in return",
    "card_offer_answer": "accept or decline the cards offered",
    "card_give": "give a card for the offer", "rebel_choice": "return the armies or rebel", "rebel_bid": "bid for the army, in secret",
    "rebel_join": "join the rebellion or return the armies", "allegiance": "add talents to an army's allegiance roll",
    "veteran_joins": "choose whether a veteran joins the rebels", "accomplice": "choose whether a senator joins the rebellion",
}


def step_words(frame: ev.Frame) -> str:
    """A pending decision in a few words ("vote on the proposal")."""
    return STEPS.get(frame.kind) or DESCRIBE.get(frame.kind, "").split(" (")[0] or f"answer ({why(frame.kind)})"


def _flow(e: ev.Flow) -> str:
    if not e.frames:
        return "Nothing more to decide"
    due = e.frames[-1]
    who = _seat(due.seat) if due.seat >= 0 else "Every player at once" if due.seat == -2 else "The rules"
    return f"{who} to {step_words(due)}"


PHRASES: dict[type, Callable[[Any], str]] = {
    ev.TurnBegan: lambda e: f"Turn {e.turn} begins",
    ev.PhaseBegan: lambda e: f"The {cap(why(e.phase))} phase begins",
    ev.Flow: _flow,
    ev.GameEnded: _ended,
    ev.Rolled: _rolled,
    ev.ChitDrawn: _chit,
    ev.SenatorEntered: lambda e: (f"{name(e.senator)} joins {_seat(e.seat)}'s faction ({why(e.reason)})" if e.seat >= 0
                                  else f"{name(e.senator)} enters the Port ({why(e.reason)})"),
    ev.SenatorDied: lambda e: f"{name(e.senator)} dies ({why(e.cause)})" + ("; his family stays in the faction" if e.stays else ""),
    ev.SenatorChanged: _changed,
    ev.SenatorMoved: _moved,
    ev.LeaderNamed: lambda e: (f"{name(e.senator)} is {_seat(e.seat)}'s Faction Leader" if e.senator
                               else f"{_seat(e.seat)} has no Faction Leader now"),
    ev.Transferred: _transferred,
    # R58: between two face-down treasuries, the amount is the two factions' secret
    ev.TransferredRedacted: lambda e: f"Talents go, face down, from {place(e.source)} to {place(e.target)} ({why(e.reason)})",
    ev.MarkersSet: lambda e: f"{name(e.senator)} now has {plural(e.red, 'red (Responsibility) marker')}",
    ev.OfficeTaken: lambda e: f"{name(e.senator)} becomes {name(e.office)} for {plural(e.term, 'turn')}",
    ev.OfficeLeft: lambda e: f"{name(e.office)}: its holder leaves office ({why(e.reason)})",
    ev.TermMarked: lambda e: f"{name(e.holder)}: {plural(e.left, 'turn')} of the term left" + (", on the red side" if e.red else ""),
    ev.ProvinceChanged: lambda e: f"{name(e.province)} is " + (f"in play, {'developed' if e.developed else 'not developed'}" if e.in_play
                                                               else "out of play") + f" ({why(e.reason)})",
    ev.GovernorNamed: lambda e: (f"{name(e.senator)} governs {name(e.province)} for {plural(e.term, 'turn')}" if e.senator
                                 else f"The governor of {name(e.province)} comes home"),
    ev.TaxRateSet: lambda e: f"The tax rate is now {e.rate}% ({why(e.reason)})",
    ev.ForcesMoved: lambda e: f"{_units(e.count, e.unit)} {'goes' if e.count == 1 else 'go'} from {_force_place(e.origin)} "
                              f"to {_force_place(e.target)} ({why(e.reason)})",
    ev.ForceSent: _sent,
    ev.ForceEnded: lambda e: f"Force {e.force} is over ({why(e.reason)}): its armies go to {_force_place(e.armies_to)}, "
                             f"its squadrons to {_force_place(e.squadrons_to)}",
    ev.ExpeditionLost: lambda e: f"Force {e.force} loses {plural(e.caravans, 'caravan')} and {plural(e.fleets, 'trade fleet')}",
    ev.SquadronVictory: lambda e: f"Squadron Victory in {_war(e.war)}: its naval part is won",
    ev.VeteranMade: lambda e: f"A {name(e.unit)} army of force {e.force} becomes veteran, loyal to {name(e.senator)}",
    ev.WarChanged: lambda e: f"{cap(_war(e.war))} {WAR_STATUS.get(e.status, f'is {why(e.status)}')} ({why(e.reason)})",
    ev.CountersSet: _counter,
    ev.DeckShuffled: lambda e: f"{cap(_deck(e.deck))} is shuffled ({plural(len(e.cards), 'card')}, face down)",
    ev.DeckShuffledRedacted: lambda e: f"{cap(_deck(e.deck))} is shuffled ({plural(e.count, 'card')}, face down)",
    ev.CardsDealt: lambda e: f"{_seat(e.seat)} takes {join_and(_names(e.cards)) or 'no card'} from {_deck(e.origin)}",
    ev.CardsDealtRedacted: lambda e: f"{_seat(e.seat)} takes {plural(e.count, 'card')} from {_deck(e.origin)} (which: hidden from you)",
    ev.CardDrawn: lambda e: f"{_seat(e.seat)} draws {name(e.card)}, shown to all",
    ev.CardPlayed: _played,
    ev.CardDiscarded: lambda e: f"{_seat(e.seat)} discards {name(e.card)} ({why(e.reason)})",
    ev.EventCardPlaced: _event_card,
    ev.ConcessionChanged: _concession,
    ev.FamilyJoined: lambda e: f"The family card goes under its statesman {name(e.statesman)}",
    ev.EventsCleared: lambda e: "Last turn's random events leave the Port",
    ev.PileShuffled: lambda e: f"Commerce pile {e.pile} is shuffled ({plural(len(e.cards), 'card')}, face down)",
    ev.PileShuffledRedacted: lambda e: f"Commerce pile {e.pile} is shuffled ({plural(e.count, 'card')}, face down)",
    ev.CommerceAside: lambda e: f"{cap(plural(len(e.cards), 'card'))} of commerce pile {e.pile} set aside face down ({why(e.reason)})",
    ev.CommerceAsideRedacted: lambda e: f"{cap(plural(e.count, 'card'))} of commerce pile {e.pile} set aside face down ({why(e.reason)})",
    ev.CommercePulled: lambda e: f"{e.count} {name(e.commodity)} taken out of commerce pile {e.pile} and set aside ({why(e.reason)})",
    ev.CommerceBack: lambda e: f"{join_and(_names(e.cards)) or 'No card'} set aside for {why(e.reason)} "
                               f"{'goes' if len(e.cards) == 1 else 'go'} back under commerce pile {e.pile}",
    ev.CommerceDrawn: lambda e: f"{_seat(e.seat)} draws {name(e.card)} from commerce pile {e.pile}",
    ev.CommerceDrawnRedacted: lambda e: f"{_seat(e.seat)} draws a commerce card from pile {e.pile}",
    ev.CommerceSold: lambda e: f"{_seat(e.seat)} sells {e.count} {name(e.commodity)} for {_t(e.value)}",
    ev.CommerceReturned: lambda e: f"{_seat(e.seat)} puts {join_and(_names(e.cards)) or 'no card'} back under "
                                   f"{'its pile' if len(e.cards) == 1 else 'their piles'} "
                                   f"({'warehouse limit' if e.reason == 'warehouse' else why(e.reason)})",
    ev.ChoiceMade: _choice_made,
    ev.ChoiceMadeRedacted: lambda e: SECRET_STEPS.get(e.step, "{who} makes a secret choice (" + why(e.step) + ")").format(who=_seat(e.seat)),
    ev.ChoicesRevealed: _revealed,
    ev.OfferPicked: lambda e: f"{_seat(e.seat)} puts {name(e.card)} in its offer" + (" (a card of its hand)" if e.hand else ""),
    ev.OfferPickedRedacted: lambda e: f"{_seat(e.seat)} picks a card for its offer, in secret",
    ev.OfferMade: _offer,
    ev.OfferMadeRedacted: lambda e: f"{_seat(e.seat)} makes an offer to {_seat(e.to)} (its terms are between the two of them)",
    ev.CardOfferMade: _card_offer,
    ev.OfferAnswered: _answered,
    ev.CardDebtsSettled: lambda e: "The cards owed by accepted offers are handed over",
    ev.PromisesSettled: lambda e: "The talents owed by accepted offers are paid",
    ev.CommerceGiven: lambda e: f"{_seat(e.seat)} gives {_seat(e.to)} {join_and(_names(e.cards)) or 'no card'}",
    ev.CommerceGivenRedacted: lambda e: f"{_seat(e.seat)} gives {_seat(e.to)} {plural(e.count, 'commerce card')}",
    ev.CardsGiven: lambda e: f"{_seat(e.seat)} gives {_seat(e.to)} {join_and(_names(e.cards)) or 'no card'} from its hand",
    ev.CardsGivenRedacted: lambda e: f"{_seat(e.seat)} gives {_seat(e.to)} {plural(e.count, 'card')} from its hand",
    ev.Said: lambda e: f"{_seat(e.seat)} to {'the table' if e.to < 0 else _seat(e.to)}: \u201c{e.text}\u201d",
    ev.SaidRedacted: lambda e: f"{_seat(e.seat)} speaks privately to {_seat(e.to)}",
    ev.ProposalMade: lambda e: f"{_seat(e.seat)} proposes {proposal_words(e.kind, e.senators, e.target, e.amount)}",
    ev.VoteCast: _vote,
    ev.ProposalDecided: _decided,
    ev.ArmyMoved: lambda e: f"{'A veteran' if e.veteran else 'A'} {name(e.unit)} army" + (f" loyal to {name(e.loyal)}" if e.loyal else "")
                            + f" goes from {_force_place(e.origin)} to {_force_place(e.target)} ({why(e.reason)})",
    ev.RebelsChanged: lambda e: (f"The rebellion, led by {join_and(_names(e.leaders)) or 'nobody'}: {join_and(_names(e.rebels))} ({why(e.reason)})"
                                 if e.rebels else f"No rebellion any more ({why(e.reason)})"),
    ev.ForceReinforced: lambda e: f"Force {e.force} is reinforced with "
                                  + (join_and([*_armies(e.armies), *([plural(e.squadrons, 'squadron')] if e.squadrons else [])]) or "nothing"),
    ev.ForceCommanded: lambda e: f"Force {e.force} is now led by {join_and(_names(e.commanders)) or 'nobody'} ({why(e.reason)})",
    ev.AssassinationAttempted: lambda e: f"{_seat(e.seat)}'s {name(e.assassin)} tries to assassinate {name(e.target)}",
    ev.ProposalVetoed: lambda e: f"{_seat(e.seat)} vetoes the proposal on {_kind(e.kind)} (Public Outcry)",
    ev.CardCancelled: lambda e: f"{_seat(e.seat)}'s {name(e.card)} is cancelled by {_seat(e.by)}'s Counter-Intrigue",
}


def describe_event(event: Any, language: str = "en") -> str:
    """One event (its public or private form, as a seat receives it) in a sentence, in ``language``
    ("en" or "fr": words_fr.py)."""
    if language == "fr":
        return words_fr.describe_event(event)
    phrase = PHRASES.get(type(event))
    return phrase(event) if phrase is not None else cap(words_of(tag_of(event)))


def name_of(value: Any, language: str = "en") -> str:
    """The words a sentence gives a card or component id ("" for anything else): what a leak check
    looks for."""
    if language == "fr":
        return words_fr.name_of(value)
    return (known(value) or "") if isinstance(value, str) else ""


def describe_pending(view: Any, language: str = "en") -> str:
    """What the view's pending decision asks and of whom, in a sentence in ``language`` (``View.prompt``
    is English words only): the words of the Flow event its frames make, from the view alone (the
    frames as this seat sees them); "" when nobody is asked anything."""
    if not view.flow or not view.to_act:
        return ""
    return describe_event(ev.Flow(frames=tuple(view.flow)), language)
