"""Rome et Carthage "Préliminaires" (Méditerranée "Préparation"): the initial state, the teams
and states drawn or chosen, the hands dealt, the draw pile, the playing order, how many pieces
each placement turn places, and the choice of the special cards within a team."""

from __future__ import annotations

from engine.core import Emitted, GameConfig
from engine.errors import ILLEGAL_TARGET, require
from engine.rng import Rng

from . import board
from . import cards as cd
from . import commands as cmd
from . import events as ev
from .decision import SEDITION, TREASON, Out, str_arg
from .state import SPECIALS, State
from .talon import split_balanced, talon_event
from .teams import choosers, team_of, team_seats
from .turn import start_turn


def initial(config: GameConfig, options: dict[str, str]) -> State:
    n = config.players
    return State(
        edition=options["edition"], match=options["match"] == "true",
        see_partners=options["partners_see_hands"] == "true", overpay=options["march_overpay"] == "true",
        quiet_limit=int(options["no_progress_rounds"]), players=n, phase=SPECIALS, seats=[], order=[],
        active=-1, turn=0, round=0, place_left=0, goes=[[] for _ in range(n)], owner={}, where={}, at={},
        attacking={}, lost=[], hands=[[] for _ in range(n)], secret=[[] for _ in range(n)],
        talons=[[], []], spent=[], removed=[], gone=[[] for _ in range(n)],
        specials=[[] for _ in range(n)], used_specials=[[] for _ in range(n)], moves=0, forced=False,
        follow="", follow_treason=False, followers=0, pending=[], combat=None, had_combat=False,
        capitals_at_start=[-1, -1, -1, -1], quiet=0, eliminated=[], clock=[[], []], clock_on=[False, False],
        draw_offer=-1, draw_offer_seat=-1, winners=[], reason="",
    )


def setup(config: GameConfig, options: dict[str, str], rng: Rng) -> list[Emitted]:
    """Rome et Carthage "Préliminaires" and "Placement des pièces" (ruling R1: both editions draw
    teams and states, unless the players chose them: the ``alliance`` and ``first_player`` options,
    ruling R27)."""
    state = initial(config, options)
    out = Out(state, rng)
    n = config.players
    alliance = options.get("alliance", "draw")
    if alliance != "draw":
        seat_states, teams, lone = chosen_alliance(n, alliance, options.get("lone_player") == "with_rome")
    else:
        seat_states, teams, lone = _drawn_alliance(n, rng)
    goes = [_goes(state.edition, len(seat_states[x]) == 2, lone[x]) for x in range(n)]
    out.public(ev.StatesDrawn(tuple(ev.SeatAssignment(x, teams[x], tuple(seat_states[x]), lone[x], tuple(goes[x]))
                                    for x in range(n))))
    hands = [cd.starting_hand(seat_states[x]) for x in range(n)]
    for x in range(n):
        out.public(ev.HandDealt(x, hands[x]))
    talon = rng.shuffled(cd.talon_cards(hands, seat_states))
    out.add(talon_event(0, talon, False))
    first_choice = options.get("first_player", "draw")
    if first_choice != "draw":
        order = _playing_order(out.state, first_choice)
        out.public(ev.FirstPlayerDrawn("", first_choice, order[0], tuple(order)))
    else:
        # the top card names the state that opens; it goes back into the middle of the pile
        top = talon[0]
        rest = talon[1:]
        middle = len(rest) // 4 + rng.below(len(rest) // 2 + 1)
        talon = rest[:middle] + [top] + rest[middle:]
        first_state = next(st.id for st in board.MAP.states if st.suit == cd.suit(top))
        order = _playing_order(out.state, first_state)
        out.public(ev.FirstPlayerDrawn(top, first_state, order[0], tuple(order)))
        out.add(talon_event(0, talon, False))
    if out.state.match:
        piles = split_balanced(talon, rng)
        for team in (0, 1):
            out.add(talon_event(team, piles[team], False))
    for x in range(n):
        if len(seat_states[x]) == 2:  # a two-state player holds both of its team's special cards
            out.public(ev.SpecialChosen(x, TREASON))
            out.public(ev.SpecialChosen(x, SEDITION))
    if not choosers(out.state):
        start_turn(out, order[0])
    return out.events


ALLIANCES = {  # Méditerranée "Préparation" 1: the three ways to pair the states
    "north_south": lambda st: st.north_south == "north",
    "east_west": lambda st: st.east_west == "west",
    "crossed": lambda st: (st.north_south == "north") == (st.east_west == "west"),
}


def chosen_alliance(n: int, alliance: str, lone_with_rome: bool = False) -> tuple[list[list[str]], list[int], list[bool]]:
    """Teams as chosen (ruling R27): team 0 is Rome's. Seats take the states in a fixed order, so
    a player picks a state by picking a seat: with 4 players seat x holds the x-th state clockwise
    from Rome; with 2, seat 0 holds Rome's team; with 3, seat 1 is the lone player and holds the
    team without Rome, seats 0 and 2 sharing Rome's (Rome first), or, ``lone_with_rome`` (option
    ``lone_player``, ruling R31), Rome's team, seats 0 and 2 sharing the other."""
    clockwise = list(board.MAP.clockwise)
    states = {st.id: st for st in board.MAP.states}
    mark = ALLIANCES[alliance]
    rome_side = mark(states["rome"])
    team_of_state = {sid: 0 if mark(states[sid]) == rome_side else 1 for sid in clockwise}
    pairs = [[sid for sid in clockwise if team_of_state[sid] == t] for t in (0, 1)]
    if n == 4:
        return [[sid] for sid in clockwise], [team_of_state[sid] for sid in clockwise], [False] * 4
    if n == 2:
        return [pairs[0], pairs[1]], [0, 1], [False, False]
    alone, shared = (0, 1) if lone_with_rome else (1, 0)
    return ([[pairs[shared][0]], pairs[alone], [pairs[shared][1]]], [shared, alone, shared],
            [False, True, False])


def _drawn_alliance(n: int, rng: Rng) -> tuple[list[list[str]], list[int], list[bool]]:
    """Rome et Carthage "Préliminaires" 1-2 (ruling R1: both editions draw teams and states)."""
    drawn = rng.shuffled([st.id for st in board.MAP.states])
    pairs = [sorted(drawn[:2], key=board.MAP.clockwise.index), sorted(drawn[2:], key=board.MAP.clockwise.index)]
    if n == 4:
        seat_states = [[st] for st in rng.shuffled(drawn)]
        teams = [0 if st[0] in pairs[0] else 1 for st in seat_states]
        lone = [False] * 4
    elif n == 2:
        first = rng.below(2)
        teams = [first, 1 - first]
        seat_states = [pairs[t] for t in teams]
        lone = [False, False]
    else:
        lone_seat, lone_team = rng.below(3), rng.below(2)
        others = rng.shuffled(pairs[1 - lone_team])
        seat_states, teams, lone, k = [], [], [], 0
        for x in range(3):
            if x == lone_seat:
                seat_states.append(pairs[lone_team]), teams.append(lone_team), lone.append(True)
            else:
                seat_states.append([others[k]]), teams.append(1 - lone_team), lone.append(False)
                k += 1
    return seat_states, teams, lone


def _playing_order(s: State, first_state: str) -> list[int]:
    """Clockwise by the states' places on the board from the state that opens (Rome et Carthage
    "Placement des pièces"); the lone player of three always plays second ("Jeu à trois",
    ruling R2)."""
    owner_of = {st: x for x in range(s.players) for st in s.seats[x].states}
    clockwise = list(board.MAP.clockwise)
    i = clockwise.index(first_state)
    ring = clockwise[i:] + clockwise[:i]
    order: list[int] = []
    for st in ring:
        if owner_of[st] not in order:
            order.append(owner_of[st])
    if s.players == 3:
        lone = next(x for x in range(3) if s.seats[x].lone)
        partners = [x for x in order if x != lone]
        order = [partners[0], lone, partners[1]]
    return order


def _goes(edition: str, double: bool, lone: bool) -> list[int]:
    """How many pieces each placement turn places (Rome et Carthage "Placement des pièces",
    "Jeu à deux", "Jeu à trois"; Méditerranée "Préparation" 4: all at once)."""
    if edition == "mediterranee":
        return [14] if double else [7]
    if not double:
        return [4, 3]
    return [8, 6] if lone else [4, 4, 3, 3]


def choose_special(out: Out, s: State, seat: int, c: cmd.ChooseSpecial) -> None:
    """Rome et Carthage "Préliminaires" 4 / Méditerranée "Préparation" 3."""
    card = c.card
    if out.check:
        str_arg(card, "card")
        require(card in (TREASON, SEDITION), ILLEGAL_TARGET, "the special cards are \"treason\" and \"sedition\"")
    partner = next(x for x in team_seats(s, team_of(s, seat)) if x != seat)
    out.public(ev.SpecialChosen(seat, card))
    out.public(ev.SpecialChosen(partner, SEDITION if card == TREASON else TREASON))
    if not any(not out.state.specials[x] for x in choosers(out.state)):
        start_turn(out, s.order[0])
