"""What each seat may see (``view``) and a state it cannot tell from the real one (``sample_hidden``).

Hidden (Rome et Carthage "Combats", "Talon", "Dispositions particulières"): the cards a player drew
(its starting hand is fixed by the rules, and cards once turned up are known), the order of the draw
piles, the cards laid face down in a combat until both sides have laid theirs, and an eliminated
player's cards. Under ``partners_see_hands`` partners see each other's hands and face-down cards.
A spectator (``seat is None``) sees only what the whole table sees.
"""

from __future__ import annotations

import msgspec

from engine.core import copy_state
from engine.rng import Rng

from . import board
from .march import moves_allowed
from .state import PLACE, State, capital_holders, kind_of
from .teams import capital_occupied, pieces_left, seers, status


class SeatView(msgspec.Struct, frozen=True):
    seat: int
    team: int
    states: tuple[str, ...]
    lone: bool
    hand_size: int
    specials: tuple[str, ...]       # special cards still to use
    used_specials: tuple[str, ...]
    pieces: int                     # pieces on the board
    to_place: int                   # pieces still to place
    capital_occupied: bool          # plays one card per combat while true
    eliminated: bool


class PieceView(msgspec.Struct, frozen=True):
    piece: str
    seat: int
    kind: str
    city: str


class DeclaredCombat(msgspec.Struct, frozen=True):
    city: str
    attacker: str
    defender: str
    origin: str


class CombatView(msgspec.Struct, frozen=True):
    """The combat being fought; per-side tuples are (attacker, defender)."""

    city: str
    attacker: str
    defender: str
    origin: str
    seats: tuple[int, ...]
    limited: tuple[bool, ...]
    step: str
    need: tuple[int, ...]
    ready: tuple[bool, ...]
    attacker_chosen: tuple[str, ...]  # face-down cards: only for a viewer who may see them
    defender_chosen: tuple[str, ...]
    attacker_table: tuple[str, ...]   # cards turned up so far
    defender_table: tuple[str, ...]
    totals: tuple[int, ...]
    spy_side: int


class ClockView(msgspec.Struct, frozen=True):
    team: int
    running: bool
    waiting: tuple[int, ...]  # seats still to end a turn before the team wins


class View(msgspec.Struct, frozen=True):
    seat: int                       # the viewer, -1 for a spectator
    edition: str
    match: bool
    partners_see_hands: bool
    no_progress_rounds: int
    march_overpay: bool             # a forced march may be paid with more cards than needed (R30)
    phase: str                      # specials, place, play, combat, over
    turn: int
    round: int
    active: int
    to_act: tuple[int, ...]
    order: tuple[int, ...]          # playing order
    seats: tuple[SeatView, ...]
    hand: tuple[str, ...]           # the viewer's hand
    partner_hand: tuple[str, ...]   # only under partners_see_hands
    board: tuple[PieceView, ...]    # pieces on the board (an attacker stands in the city it attacks)
    place_left: int
    moves: int
    moves_allowed: int
    forced_march: bool
    second_mercenary: str           # a mercenary just moved: another of its owner may follow (two: R29)
    declared: tuple[DeclaredCombat, ...]
    talon_sizes: tuple[int, ...]    # one pile, or one per team under the match rule
    spent: tuple[str, ...]          # spent pile, face up, oldest first
    removed: tuple[str, ...]        # out of the game (kings)
    capitals: tuple[int, ...]       # per state in map order: team holding its capital, -1
    clocks: tuple[ClockView, ...]
    quiet: int
    draw_offer: int                 # team whose draw offer stands, -1
    over: bool
    winners: tuple[int, ...]
    reason: str
    combat: CombatView | None = None  # the combat being fought, if any


def _sees(state: State, viewer: int | None, owner: int) -> bool:
    return viewer is not None and viewer in seers(state, owner)


def view(state: State, seat: int | None) -> View:
    s = state
    st = status(s)
    me = seat if seat is not None else -1
    partner = ()
    if seat is not None and s.seats and s.see_partners:
        others = [x for x in seers(s, seat) if x != seat]
        partner = tuple(s.hands[others[0]]) if others else ()
    seats = tuple(
        SeatView(x, s.seats[x].team, tuple(s.seats[x].states), s.seats[x].lone, len(s.hands[x]),
                 tuple(s.specials[x]), tuple(s.used_specials[x]), pieces_left(s, x), sum(s.goes[x]) + (s.place_left if s.active == x and s.phase == PLACE else 0),
                 capital_occupied(s, x), x in s.eliminated)
        for x in range(len(s.seats)))
    board_pieces = tuple(PieceView(p, s.owner[p], kind_of(p), c) for p, c in sorted(s.where.items()))
    combat = None
    if s.combat is not None:
        c = s.combat
        chosen = [tuple(c.chosen[i]) if _sees(s, seat, c.seats[i]) else () for i in (0, 1)]
        combat = CombatView(c.city, c.attacker, c.defender, c.origin, tuple(c.seats), tuple(c.limited), c.step,
                            tuple(c.need), tuple(c.ready), chosen[0], chosen[1], tuple(c.table[0]),
                            tuple(c.table[1]), tuple(c.totals), c.spy_side)
    talons = tuple(len(t) for t in s.talons) if s.match else (len(s.talons[0]),)
    return View(
        seat=me, edition=s.edition, match=s.match, partners_see_hands=s.see_partners,
        no_progress_rounds=s.quiet_limit, march_overpay=s.overpay, phase=s.phase, turn=s.turn, round=s.round, active=s.active,
        to_act=st.to_act, order=tuple(s.order), seats=seats,
        hand=tuple(s.hands[seat]) if seat is not None else (), partner_hand=partner, board=board_pieces,
        place_left=s.place_left, moves=s.moves, moves_allowed=moves_allowed(s), forced_march=s.forced,
        second_mercenary=s.follow,
        declared=tuple(DeclaredCombat(p.city, p.attacker, p.defender, p.origin) for p in s.pending),
        combat=combat, talon_sizes=talons, spent=tuple(s.spent), removed=tuple(s.removed),
        capitals=tuple(capital_holders(s)) if s.seats else (-1, -1, -1, -1),
        clocks=tuple(ClockView(t, s.clock_on[t], tuple(s.clock[t])) for t in (0, 1)),
        quiet=s.quiet, draw_offer=s.draw_offer, over=st.over, winners=tuple(s.winners), reason=s.reason,
    )


def sample_hidden(game, state: State, seat: int | None, rng: Rng) -> State:
    """A copy of ``state`` in which every card ``seat`` cannot see is dealt again at random among
    the places it could be: the draw piles, the unseen cards of other hands (and of eliminated
    players), and which of an unseen player's cards are the ones laid face down in a combat."""
    s = copy_state(game, state)
    hidden_seats = [x for x in range(s.players) if not _sees(s, seat, x)] if s.seats else []
    slots: list[tuple[list[str], int, int]] = []  # (container, index, seat or -1 for a pile)
    c = s.combat
    for x in hidden_seats:
        secret = set(s.secret[x])
        boxes = [s.hands[x], s.gone[x]]
        if c is not None and x in c.seats:
            boxes.append(c.chosen[c.seats.index(x)])
        for box in boxes:
            slots += [(box, i, x) for i, card in enumerate(box) if card in secret]
    for pile in s.talons:
        slots += [(pile, i, -1) for i in range(len(pile))]
    cards = rng.shuffled(sorted(box[i] for box, i, _ in slots))  # sorted: the draw depends on the view only
    for x in hidden_seats:
        s.secret[x] = []
    for (box, i, x), card in zip(slots, cards):
        box[i] = card
        if x >= 0:
            s.secret[x].append(card)
    if c is not None:
        for side, x in enumerate(c.seats):
            if x in hidden_seats and c.chosen[side]:
                pool = rng.shuffled(sorted(s.hands[x] + c.chosen[side]))
                k = len(c.chosen[side])
                c.chosen[side], s.hands[x] = pool[:k], pool[k:]
    return s
