"""What each seat may see (``view``) and a state it cannot tell from the real one (``sample_hidden``).

Hidden: the opponent's hand, the deck (its order from everybody; its contents except to a player
searching it with a Haruspex), the cards the active player is looking at after taking cards, the
cards chosen for the secret pass until the exchange, and the cards laid face down at set-up until
they are turned up. A spectator (``seat is None``) sees only public information.
"""

from __future__ import annotations

import msgspec

from engine.core import copy_state
from engine.rng import Rng

from .rules import DISCS, SEATS, defences, status
from .state import PASS, PLACE, State

HIDDEN = "hidden"  # a face-down card the viewer may not see


class Side(msgspec.Struct, frozen=True):
    """One player's side of the dice discs."""

    seat: int
    cards: tuple[str, ...]     # discs 1..6: card id, "" empty, "hidden" face down and unseen
    defences: tuple[int, ...]  # effective defence per disc (all modifiers), -1 if empty or hidden
    blocked: tuple[int, ...]   # discs this seat may not activate (Praetorianus)


class PendingView(msgspec.Struct, frozen=True):
    """The decision the active player must answer ("" kind: none); fields as in DecisionRequired."""

    kind: str
    seat: int
    card: str
    disc: int
    die: int
    target: int
    roll: int
    cards: tuple[str, ...]  # the cards the decision is about, if the viewer may see them
    card_count: int         # how many cards the decision is about (seen by all)


class View(msgspec.Struct, frozen=True):
    """What one seat (or a spectator) sees of a game."""

    seat: int                   # the viewer, -1 for a spectator
    phase: str                  # pass, place, turn, over
    turn: int
    active: int                 # whose turn (or placement); -1 during the secret pass
    to_act: tuple[int, ...]
    hand: tuple[str, ...]       # the viewer's hand
    hand_sizes: tuple[int, ...]
    passed_count: tuple[int, ...]  # set-up: how many cards each seat has chosen to give so far
    passing: tuple[str, ...]    # set-up: the cards the viewer chose to give
    sides: tuple[Side, ...]
    money: tuple[int, ...]
    vp: tuple[int, ...]
    supply: int
    dice: tuple[int, ...]
    dice_used: tuple[bool, ...]
    essedum: int                # defence reduction in force against the active player's opponent
    deck_size: int
    discard: tuple[str, ...]    # the discard pile, bottom first (public)
    pending: PendingView
    over: bool
    winners: tuple[int, ...]
    reason: str
    removed: tuple[str, ...] = ()  # cards out of the game (Sicarius, Nero and their victims; public)


def _sees_side(state: State, viewer: int | None, owner: int) -> bool:
    return state.phase != PLACE or viewer == owner


def _side(state: State, viewer: int | None, owner: int) -> Side:
    if not _sees_side(state, viewer, owner):
        cards = tuple(HIDDEN if c else "" for c in state.discs[owner])
        return Side(owner, cards, tuple(-1 for _ in DISCS), tuple(state.blocked[owner]))
    return Side(owner, tuple(state.discs[owner]), defences(state, owner), tuple(state.blocked[owner]))


def _pending_cards(state: State, viewer: int | None) -> tuple[tuple[str, ...], int]:
    """The cards of the pending decision, and whether ``viewer`` sees them."""
    p, mine = state.pending, viewer == state.active
    if p.kind == "keep":
        return (tuple(state.looking) if mine else ()), len(state.looking)
    if p.kind == "relay":
        return tuple(state.looking), len(state.looking)
    if p.kind == "search":
        return (tuple(sorted(state.deck)) if mine else ()), len(state.deck)
    return (), 0


def view(state: State, seat: int | None) -> View:
    st = status(state)
    p = state.pending
    cards, count = _pending_cards(state, seat)
    me = seat if seat is not None else -1
    return View(
        seat=me,
        phase=state.phase,
        turn=state.turn,
        active=-1 if state.phase == PASS else state.active,
        to_act=st.to_act,
        hand=tuple(state.hands[seat]) if seat is not None else (),
        hand_sizes=tuple(len(h) for h in state.hands),
        passed_count=tuple(len(x) for x in state.passing),
        passing=tuple(state.passing[seat]) if seat is not None else (),
        sides=tuple(_side(state, seat, s) for s in SEATS),
        money=tuple(state.money),
        vp=tuple(state.vp),
        supply=state.supply,
        dice=tuple(state.dice),
        dice_used=tuple(state.used),
        essedum=state.essedum,
        deck_size=len(state.deck),
        discard=tuple(state.discard),
        pending=PendingView(p.kind, state.active if p.kind else -1, p.card, p.disc, p.die, p.target, p.roll,
                            cards, count),
        over=st.over,
        winners=tuple(state.winners),
        reason=state.reason,
        removed=tuple(state.removed),
    )


def sample_hidden(game, state: State, seat: int | None, rng: Rng) -> State:
    """A copy of ``state`` where every card ``seat`` cannot see is dealt again at random among the
    places it could be (the other hands, the deck, the set-aside and face-down cards), sizes kept."""
    s = copy_state(game, state)
    slots: list[tuple[list[str], int]] = []  # (container, index) of each hidden card
    for other in SEATS:
        if other == seat:
            continue
        slots += [(s.hands[other], i) for i in range(len(s.hands[other]))]
        slots += [(s.passing[other], i) for i in range(len(s.passing[other]))]
        if not _sees_side(s, seat, other):
            slots += [(s.discs[other], i) for i, c in enumerate(s.discs[other]) if c]
    if s.pending.kind == "keep" and seat != s.active:
        slots += [(s.looking, i) for i in range(len(s.looking))]
    if s.pending.kind == "search" and seat == s.active:
        s.deck = rng.shuffled(sorted(s.deck))  # contents seen (sorted), order not
    else:
        slots += [(s.deck, i) for i in range(len(s.deck))]
    cards = rng.shuffled(sorted(box[i] for box, i in slots))  # sorted: the draw depends on the view only
    for (box, i), card in zip(slots, cards):
        box[i] = card
    return s
