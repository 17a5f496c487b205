"""Roma state and ``evolve``: how each event changes the state.

``evolve`` updates the state in place and returns it (the contract in ``engine.core``); it draws
no randomness and trusts events that ``decide``/``setup`` produced. Every event except
``DecisionRequired`` closes the pending decision: ``decide`` always emits ``DecisionRequired``
last in a batch, so the decision it raises survives until the next command answers it.
"""

from __future__ import annotations

import msgspec

from . import events as ev

# Phases of the game.
PASS = "pass"    # set-up: both players secretly choose two cards to give away
PLACE = "place"  # set-up: first then second player lays four cards face down
TURN = "turn"    # the players' turns
OVER = "over"


class Pending(msgspec.Struct, frozen=True):
    """A decision the active player must answer before anything else (``kind == ""``: none)."""

    kind: str = ""
    card: str = ""   # the card whose effect raised it (a Scaenicus copying: the copied card)
    disc: int = -1   # the disc of the acting card
    die: int = -1    # templum: the Forum's VP die already chosen
    target: int = -1  # boost: the attacked disc
    roll: int = -1    # boost: the battle die


NO_PENDING = Pending()


class State(msgspec.Struct):
    phase: str
    turn: int                 # turns started so far
    active: int               # seat whose turn it is (or who is placing at set-up)
    hands: list[list[str]]
    deck: list[str]           # talon, top first
    discard: list[str]        # pile de défausse, bottom first
    discs: list[list[str]]    # [seat][disc - 1]: card id or "" (empty)
    passing: list[list[str]]  # set-up: the cards each seat has chosen to give so far
    looking: list[str]        # cards the active player holds aside: looked at (keep) or picked up (relay)
    money: list[int]          # sesterces
    vp: list[int]             # victory points (points gagnants)
    supply: int               # VP in the common supply (réserve)
    dice: list[int]           # the active player's action dice ([] outside phase 3)
    used: list[bool]          # which of ``dice`` have been used
    blocked: list[list[int]]  # [seat]: discs that seat cannot activate in its current or next turn
    essedum: int              # Essedum: defence reduction in force against the opponent of ``active``
    pending: Pending
    winners: list[int]
    reason: str               # why the game ended ("" while it runs)
    removed: list[str] = []   # cards out of the game (Sicarius, Nero and their victims)


def _first_unused(state: State, value: int) -> int:
    for i, v in enumerate(state.dice):
        if v == value and not state.used[i]:
            return i
    raise AssertionError(f"no unused die showing {value}")


def _deck_shuffled(s: State, e: ev.DeckShuffled) -> None:
    s.deck = list(e.cards)


def _cards_dealt(s: State, e: ev.CardsDealt) -> None:
    del s.deck[: len(e.cards)]
    s.hands[e.seat].extend(e.cards)


def _card_passed(s: State, e: ev.CardPassed) -> None:
    s.hands[e.seat].remove(e.card)
    s.passing[e.seat].append(e.card)


def _cards_exchanged(s: State, e: ev.CardsExchanged) -> None:
    s.hands[0].extend(e.from_second)
    s.hands[1].extend(e.from_first)
    s.passing = [[], []]
    s.phase, s.active = PLACE, 0


def _card_placed_face_down(s: State, e: ev.CardPlacedFaceDown) -> None:
    s.hands[e.seat].remove(e.card)
    s.discs[e.seat][e.disc - 1] = e.card
    if not s.hands[e.seat]:
        s.active = 1 - e.seat


def _cards_revealed(s: State, e: ev.CardsRevealed) -> None:
    s.phase = TURN


def _turn_started(s: State, e: ev.TurnStarted) -> None:
    s.phase, s.active, s.turn = TURN, e.seat, e.turn
    s.dice, s.used, s.essedum = [], [], 0


def _victory_points_paid(s: State, e: ev.VictoryPointsPaid) -> None:
    s.vp[e.seat] -= e.amount
    s.supply += e.amount


def _dice_rolled(s: State, e: ev.DiceRolled) -> None:
    s.dice = list(e.dice)
    s.used = [False] * len(e.dice)


def _decision_required(s: State, e: ev.DecisionRequired) -> None:
    s.pending = Pending(e.kind, e.card, e.disc, e.die, e.target, e.roll)


def _die_used(s: State, e: ev.DieUsed) -> None:
    s.used[_first_unused(s, e.die)] = True


def _money_taken(s: State, e: ev.MoneyTaken) -> None:
    s.money[e.seat] += e.amount


def _discard_reshuffled(s: State, e: ev.DiscardReshuffled) -> None:
    s.deck.extend(e.cards)
    s.discard = []


def _cards_looked_at(s: State, e: ev.CardsLookedAt) -> None:
    del s.deck[: len(e.cards)]
    s.looking = list(e.cards)


def _card_kept(s: State, e: ev.CardKept) -> None:
    s.looking.remove(e.card)
    s.hands[e.seat].append(e.card)


def _cards_rejected(s: State, e: ev.CardsRejected) -> None:
    s.discard.extend(e.cards)
    s.looking = []


def _card_played(s: State, e: ev.CardPlayed) -> None:
    s.hands[e.seat].remove(e.card)
    s.discs[e.seat][e.disc - 1] = e.card
    s.money[e.seat] -= e.cost


def _card_discarded(s: State, e: ev.CardDiscarded) -> None:
    s.discs[e.seat][e.disc - 1] = ""
    s.discard.append(e.card)


def _card_removed_from_game(s: State, e: ev.CardRemovedFromGame) -> None:
    s.discs[e.seat][e.disc - 1] = ""
    s.removed.append(e.card)


def _card_returned_to_hand(s: State, e: ev.CardReturnedToHand) -> None:
    s.discs[e.seat][e.disc - 1] = ""
    s.hands[e.seat].append(e.card)


def _victory_points_gained(s: State, e: ev.VictoryPointsGained) -> None:
    s.vp[e.seat] += e.amount
    s.supply = max(0, s.supply - e.amount)


def _victory_points_taken(s: State, e: ev.VictoryPointsTaken) -> None:
    s.vp[1 - e.seat] -= e.amount
    s.vp[e.seat] += e.amount


def _victory_points_bought(s: State, e: ev.VictoryPointsBought) -> None:
    s.money[e.seat] -= e.price
    s.money[1 - e.seat] += e.price
    s.vp[1 - e.seat] -= e.count
    s.vp[e.seat] += e.count


def _disc_blocked(s: State, e: ev.DiscBlocked) -> None:
    s.blocked[e.seat].append(e.disc)


def _die_adjusted(s: State, e: ev.DieAdjusted) -> None:
    s.dice[_first_unused(s, e.die)] = e.value


def _defence_reduced(s: State, e: ev.DefenceReduced) -> None:
    s.essedum += e.amount


def _card_taken_from_deck(s: State, e: ev.CardTakenFromDeck) -> None:
    s.deck.remove(e.card)
    s.hands[e.seat].append(e.card)


def _card_taken_from_discard(s: State, e: ev.CardTakenFromDiscard) -> None:
    s.discard.remove(e.card)
    s.hands[e.seat].append(e.card)


def _cards_picked_up(s: State, e: ev.CardsPickedUp) -> None:
    for d in e.discs:
        s.discs[e.seat][d - 1] = ""
    s.looking = list(e.cards)


def _card_relaid(s: State, e: ev.CardRelaid) -> None:
    s.looking.remove(e.card)
    s.discs[e.seat][e.disc - 1] = e.card


def _turn_ended(s: State, e: ev.TurnEnded) -> None:
    s.blocked[e.seat] = []
    s.dice, s.used, s.essedum = [], [], 0


def _game_ended(s: State, e: ev.GameEnded) -> None:
    s.phase = OVER
    s.winners = list(e.winners)
    s.reason = e.reason


def _nothing(s: State, e: object) -> None:
    pass


_APPLY = {
    ev.DeckShuffled: _deck_shuffled,
    ev.CardsDealt: _cards_dealt,
    ev.CardPassed: _card_passed,
    ev.CardsExchanged: _cards_exchanged,
    ev.CardPlacedFaceDown: _card_placed_face_down,
    ev.CardsRevealed: _cards_revealed,
    ev.TurnStarted: _turn_started,
    ev.VictoryPointsPaid: _victory_points_paid,
    ev.DiceRolled: _dice_rolled,
    ev.DiceKept: _nothing,
    ev.DieUsed: _die_used,
    ev.MoneyTaken: _money_taken,
    ev.DiscardReshuffled: _discard_reshuffled,
    ev.CardsLookedAt: _cards_looked_at,
    ev.CardKept: _card_kept,
    ev.CardsRejected: _cards_rejected,
    ev.CardPlayed: _card_played,
    ev.CardDiscarded: _card_discarded,
    ev.CardRemovedFromGame: _card_removed_from_game,
    ev.CardActivated: _nothing,
    ev.ActionCopied: _nothing,
    ev.BattleRolled: _nothing,
    ev.BattleBoosted: _nothing,
    ev.CardReturnedToHand: _card_returned_to_hand,
    ev.VictoryPointsGained: _victory_points_gained,
    ev.VictoryPointsTaken: _victory_points_taken,
    ev.VictoryPointsBought: _victory_points_bought,
    ev.DiscBlocked: _disc_blocked,
    ev.DieAdjusted: _die_adjusted,
    ev.DefenceReduced: _defence_reduced,
    ev.DeckSearched: _nothing,
    ev.CardTakenFromDeck: _card_taken_from_deck,
    ev.CardTakenFromDiscard: _card_taken_from_discard,
    ev.CardsPickedUp: _cards_picked_up,
    ev.CardRelaid: _card_relaid,
    ev.Declined: _nothing,
    ev.TurnEnded: _turn_ended,
    ev.GameEnded: _game_ended,
}
_UNAPPLIED = set(ev.EVENT_TYPES) - set(_APPLY) - {ev.DecisionRequired}
assert _UNAPPLIED == set(ev.REDACTED_TYPES), _UNAPPLIED


def evolve(state: State, event: object) -> State:
    """Apply one event in place and return the state."""
    kind = type(event)
    if kind is ev.DecisionRequired:
        _decision_required(state, event)
        return state
    apply = _APPLY.get(kind)
    if apply is None:
        raise TypeError(f"roma: evolve takes the full form of an event, not {kind.__name__}")
    state.pending = NO_PENDING
    apply(state, event)
    return state
