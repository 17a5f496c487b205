"""Rome et Carthage state and ``evolve``: how each event changes the state.

``evolve`` updates the state in place and returns it (the contract in ``engine.core``); it draws
no randomness and trusts the events ``decide``/``setup`` produced.
"""

from __future__ import annotations

import msgspec

from .board import MAP
from . import events as ev

# Phases.
SPECIALS = "specials"  # each team's first player takes treason or sedition
PLACE = "place"        # placement turns
PLAY = "play"          # the active player draws, moves, plays a special card
COMBAT = "combat"      # the declared combats are fought (``combat`` None: the attacker picks one)
OVER = "over"

PIECES = (("elephant", 1), ("chariot", 1), ("galley", 2), ("mercenary", 3))  # per state ("Pièces" a)


_PIECES_OF: dict[str, tuple[str, ...]] = {}
_KIND: dict[str, str] = {}


def pieces_of(state_id: str) -> tuple[str, ...]:
    """The seven pieces of a state: ``rome_elephant``, ``rome_chariot``, ``rome_galley_1``…"""
    out = _PIECES_OF.get(state_id)
    if out is None:
        names = []
        for kind, count in PIECES:
            ids = [f"{state_id}_{kind}"] if count == 1 else [f"{state_id}_{kind}_{i}" for i in range(1, count + 1)]
            names += ids
            _KIND.update(dict.fromkeys(ids, kind))
        out = _PIECES_OF[state_id] = tuple(names)
    return out


def kind_of(piece: str) -> str:
    kind = _KIND.get(piece)
    if kind is None:
        if piece.split("_")[0] in MAP.clockwise:
            pieces_of(piece.split("_")[0])
        kind = _KIND[piece]  # KeyError: not a piece
    return kind


def is_land(piece: str) -> bool:
    return kind_of(piece) != "galley"


class SeatInfo(msgspec.Struct):
    team: int
    states: list[str]
    lone: bool


class Pending(msgspec.Struct, frozen=True):
    """A combat declared this turn, not fought yet."""

    city: str
    attacker: str
    defender: str
    origin: str


class Combat(msgspec.Struct):
    """The combat being fought. Per-side lists are [attacker, defender]."""

    city: str
    attacker: str
    defender: str
    origin: str
    seats: list[int]
    limited: list[bool]
    step: str                # open, spy, spy_cards, tie
    need: list[int]          # cards each side still has to commit in this step
    chosen: list[list[str]]  # committed face down in this step
    ready: list[bool]
    table: list[list[str]]   # every card turned up so far
    totals: list[int]
    spy_side: int


class State(msgspec.Struct):
    edition: str
    match: bool
    see_partners: bool
    overpay: bool                  # option march_overpay: a forced march may be paid with more cards (R30)
    quiet_limit: int
    players: int
    phase: str
    seats: list[SeatInfo]
    order: list[int]               # playing order of the seats
    active: int
    turn: int
    round: int
    place_left: int                # pieces still to place this placement turn
    goes: list[list[int]]          # per seat: the sizes of its placement turns still to come
    owner: dict[str, int]          # piece -> seat
    where: dict[str, str]          # piece on the board -> city
    at: dict[str, str]             # city -> piece (the attacker of a declared combat is in ``attacking``)
    attacking: dict[str, str]      # city of a declared combat -> attacking piece
    lost: list[str]
    hands: list[list[str]]
    secret: list[list[str]]        # cards each seat holds that others have not seen
    talons: list[list[str]]        # draw piles, top first: one, or one per team (match rule)
    spent: list[str]               # spent pile, face up, oldest first
    removed: list[str]             # out of the game face up: the kings played and taken out ("Talon")
    gone: list[list[str]]          # an eliminated seat's cards, out of the game unseen
    specials: list[list[str]]      # unused special cards per seat
    used_specials: list[list[str]]
    moves: int                     # moves made this turn
    forced: bool                   # forced march paid this turn
    follow: str                    # a mercenary just moved: a second one may follow
    follow_treason: bool
    followers: int                 # with ``follow``: second mercenaries still to come (2 after a double move, R29)
    pending: list[Pending]
    combat: Combat | None
    had_combat: bool               # a combat was fought this turn
    capitals_at_start: list[int]   # team holding each capital when the turn began (-1: nobody)
    quiet: int
    eliminated: list[int]
    clock: list[list[int]]         # per team: seats still to end a turn ([] with ``clock_on`` False)
    clock_on: list[bool]
    draw_offer: int                # team whose offer stands, -1
    draw_offer_seat: int
    winners: list[int]
    reason: str


def _states_drawn(s: State, e: ev.StatesDrawn) -> None:
    s.seats = [SeatInfo(a.team, list(a.states), a.lone) for a in e.seats]
    s.goes = [list(a.placements) for a in e.seats]
    s.owner = {p: a.seat for a in e.seats for st in a.states for p in pieces_of(st)}


def _hand_dealt(s: State, e: ev.HandDealt) -> None:
    s.hands[e.seat] = list(e.cards)


def _talon_shuffled(s: State, e: ev.TalonShuffled) -> None:
    if e.rebuilt:
        taken = set(e.cards)
        s.spent = [c for c in s.spent if c not in taken]
    s.talons[e.pile] = list(e.cards)


def _first_player_drawn(s: State, e: ev.FirstPlayerDrawn) -> None:
    s.order = list(e.order)
    s.active = e.seat


def _special_chosen(s: State, e: ev.SpecialChosen) -> None:
    s.specials[e.seat].append(e.card)


def _turn_started(s: State, e: ev.TurnStarted) -> None:
    s.active, s.turn, s.round = e.seat, e.turn, e.round
    if e.place:
        s.phase, s.place_left = PLACE, e.place
        s.goes[e.seat].pop(0)
    else:
        s.phase = PLAY
    s.moves, s.forced, s.follow, s.follow_treason, s.had_combat = 0, False, "", False, False
    s.capitals_at_start = capital_holders(s)


def _piece_placed(s: State, e: ev.PiecePlaced) -> None:
    s.where[e.piece] = e.city
    s.at[e.city] = e.piece
    s.place_left -= 1


def _cards_drawn(s: State, e: ev.CardsDrawn) -> None:
    del s.talons[e.pile][: len(e.cards)]
    s.hands[e.seat].extend(e.cards)
    s.secret[e.seat].extend(e.cards)


def _forced_march_declared(s: State, e: ev.ForcedMarchDeclared) -> None:
    s.forced = True
    s.follow, s.follow_treason = "", False


def _cards_spent(s: State, e: ev.CardsSpent) -> None:
    for c in e.cards + e.removed:
        if e.from_table:
            side = s.combat.seats.index(e.seat)
            s.combat.table[side].remove(c)
        else:
            s.hands[e.seat].remove(c)
            if c in s.secret[e.seat]:
                s.secret[e.seat].remove(c)
    s.spent.extend(e.cards)
    s.removed.extend(e.removed)


def _piece_moved(s: State, e: ev.PieceMoved) -> None:
    start = s.where[e.piece]
    del s.at[start]
    dest = e.path[-1]
    s.where[e.piece] = dest
    if dest not in s.at:
        s.at[dest] = e.piece
    if e.second_mercenary:
        s.followers -= 1
        if s.followers <= 0:
            s.follow, s.follow_treason = "", False
    else:
        double = len(e.path) > (2 if kind_of(e.piece) == "chariot" else 1)  # both moves of a forced march
        if not e.treason:
            s.moves += 2 if double else 1
        # a mercenary's move may bring a second one; its double move is two moves, so two (R29)
        s.follow = e.piece if kind_of(e.piece) == "mercenary" else ""
        s.followers = 2 if double else 1
        s.follow_treason = e.treason


def _attack_declared(s: State, e: ev.AttackDeclared) -> None:
    s.attacking[e.city] = e.attacker
    s.pending.append(Pending(e.city, e.attacker, e.defender, e.origin))


def _special_played(s: State, e: ev.SpecialPlayed) -> None:
    s.specials[e.seat].remove(e.card)
    s.used_specials[e.seat].append(e.card)
    s.follow, s.follow_treason = "", False


def _piece_eliminated(s: State, e: ev.PieceEliminated) -> None:
    del s.where[e.piece]
    s.lost.append(e.piece)
    if s.at.get(e.city) == e.piece:
        del s.at[e.city]
        attacker = s.attacking.pop(e.city, None)
        if attacker is not None:
            s.at[e.city] = attacker  # the attacker won: it holds the city
    elif s.attacking.get(e.city) == e.piece:
        del s.attacking[e.city]  # the attacker lost


def _moves_ended(s: State, e: ev.MovesEnded) -> None:
    s.follow, s.follow_treason = "", False
    if e.combats:
        s.phase = COMBAT


def _draw_offered(s: State, e: ev.DrawOffered) -> None:
    s.draw_offer, s.draw_offer_seat = e.team, e.seat


def _draw_offer_lapsed(s: State, e: ev.DrawOfferLapsed) -> None:
    s.draw_offer, s.draw_offer_seat = -1, -1


def _combat_started(s: State, e: ev.CombatStarted) -> None:
    s.phase = COMBAT
    s.pending = [p for p in s.pending if p.city != e.city]
    s.had_combat = True
    s.combat = Combat(e.city, e.attacker, e.defender, e.origin, [e.attacker_seat, e.defender_seat],
                      list(e.limited), "open", [0, 0], [[], []], [True, True], [[], []], [0, 0], -1)


def _combat_step(s: State, e: ev.CombatStep) -> None:
    c = s.combat
    c.step, c.need, c.spy_side = e.step, list(e.need), e.spy_side
    c.chosen = [[], []]
    c.ready = [n == 0 for n in e.need]
    if e.step == "spy":
        c.ready = [True, True]


def _cards_committed(s: State, e: ev.CardsCommitted) -> None:
    c = s.combat
    for card in e.cards:
        s.hands[e.seat].remove(card)
    c.chosen[e.side] = list(e.cards)
    c.ready[e.side] = True


def _cards_revealed(s: State, e: ev.CardsRevealed) -> None:
    c = s.combat
    for side, shown in enumerate((e.attacker_cards, e.defender_cards)):
        c.table[side].extend(shown)
        for card in shown:
            if card in s.secret[c.seats[side]]:
                s.secret[c.seats[side]].remove(card)
    c.chosen = [[], []]
    c.totals = list(e.totals)


def _spy_declared(s: State, e: ev.SpyDeclared) -> None:
    pass  # the next CombatStep asks for the spy's cards


def _value_kept(s: State, e: ev.ValueKept) -> None:
    s.combat.totals = list(e.totals)


def _both_spies(s: State, e: ev.BothSpies) -> None:
    pass  # CardsSpent / ZerosReturned clear the table, then a CombatStep opens again


def _zeros_returned(s: State, e: ev.ZerosReturned) -> None:
    side = s.combat.seats.index(e.seat)
    for card in e.cards:
        s.combat.table[side].remove(card)
        s.hands[e.seat].append(card)


def _combat_ended(s: State, e: ev.CombatEnded) -> None:
    s.combat = None
    s.phase = COMBAT if s.pending else PLAY


def _attacker_returned(s: State, e: ev.AttackerReturned) -> None:
    del s.attacking[e.city]
    s.where[e.piece] = e.origin
    s.at[e.origin] = e.piece


def _player_eliminated(s: State, e: ev.PlayerEliminated) -> None:
    s.eliminated.append(e.seat)
    s.gone[e.seat] = s.hands[e.seat]
    s.hands[e.seat] = []
    s.specials[e.seat] = []
    for waiting in s.clock:
        if e.seat in waiting:
            waiting.remove(e.seat)


def _clock_started(s: State, e: ev.ClockStarted) -> None:
    s.clock_on[e.team] = True
    s.clock[e.team] = list(e.waiting)


def _clock_ticked(s: State, e: ev.ClockTicked) -> None:
    s.clock[e.team] = list(e.waiting)


def _clock_stopped(s: State, e: ev.ClockStopped) -> None:
    s.clock_on[e.team] = False
    s.clock[e.team] = []


def _turn_ended(s: State, e: ev.TurnEnded) -> None:
    s.quiet = e.quiet
    s.follow, s.follow_treason = "", False


def _game_ended(s: State, e: ev.GameEnded) -> None:
    s.phase = OVER
    s.winners = list(e.winners)
    s.reason = e.reason
    s.combat = None


def _nothing(s: State, e) -> None:
    pass


def capital_holders(s: State) -> list[int]:
    """For each state in ``board.MAP.states`` order: the team whose piece holds its capital, or -1."""
    out = []
    for st in MAP.states:
        piece = s.at.get(st.capital)
        out.append(s.seats[s.owner[piece]].team if piece else -1)
    return out


_EVOLVE = {
    ev.StatesDrawn: _states_drawn, ev.HandDealt: _hand_dealt, ev.TalonShuffled: _talon_shuffled,
    ev.FirstPlayerDrawn: _first_player_drawn, ev.SpecialChosen: _special_chosen, ev.TurnStarted: _turn_started,
    ev.PiecePlaced: _piece_placed, ev.CardsDrawn: _cards_drawn, ev.ForcedMarchDeclared: _forced_march_declared,
    ev.CardsSpent: _cards_spent, ev.PieceMoved: _piece_moved, ev.AttackDeclared: _attack_declared,
    ev.SpecialPlayed: _special_played, ev.PieceEliminated: _piece_eliminated, ev.MovesEnded: _moves_ended, ev.DrawOffered: _draw_offered,
    ev.DrawOfferLapsed: _draw_offer_lapsed, ev.CombatStarted: _combat_started, ev.CombatStep: _combat_step,
    ev.CardsCommitted: _cards_committed, ev.CardsRevealed: _cards_revealed, ev.SpyDeclared: _spy_declared,
    ev.ValueKept: _value_kept, ev.BothSpies: _both_spies, ev.ZerosReturned: _zeros_returned,
    ev.CombatEnded: _combat_ended, ev.AttackerReturned: _attacker_returned,
    ev.PlayerEliminated: _player_eliminated, ev.ClockStarted: _clock_started, ev.ClockTicked: _clock_ticked,
    ev.ClockStopped: _clock_stopped, ev.TurnEnded: _turn_ended, ev.GameEnded: _game_ended,
    # redacted forms are never applied (the log holds the full events), but evolve stays total
    ev.ForcedMarchCardAdded: _nothing,  # the CardsSpent that follows it moves the card
    ev.TalonShuffledRedacted: _nothing, ev.CardsDrawnRedacted: _nothing, ev.CardsCommittedRedacted: _nothing,
}


def evolve(state: State, event) -> State:
    _EVOLVE[type(event)](state, event)
    return state
