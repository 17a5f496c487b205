"""Rome et Carthage rules: set-up, ``decide``, ``legal`` and ``status``.

The rulebook is ``shared/seeds/002_…`` (the original rules, then their reissue Méditerranée);
RULES.md in this folder summarises it in our words and lists every ruling (R1…) where the text is
short. Functions cite the heading they implement.

``decide`` never mutates its input: it collects events in an :class:`Out`, which evolves a private
copy of the state only when a later rule needs to see the effect of an earlier event (a combat
that follows the end of the moves, the next turn after a combat…).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from operator import itemgetter
from typing import Any, NamedTuple

from engine.core import Advanced, Emitted, GameConfig, Result, Status, copy_state, private, public
from engine.errors import (ILLEGAL_MOVE, ILLEGAL_TARGET, MALFORMED_COMMAND, UNKNOWN_COMMAND, WRONG_PHASE,
                           RuleError, require)
from engine.rng import Rng

from . import board
from . import cards as cd
from . import commands as cmd
from . import events as ev
from . import march
from .state import (_EVOLVE, COMBAT, OVER, PLACE, PLAY, SPECIALS, Pending, State, capital_holders, evolve,
                    is_land, kind_of, pieces_of)

EDITIONS = ("original", "mediterranee")
TREASON, SEDITION = "treason", "sedition"
NOT_ENOUGH_CARDS = "NOT_ENOUGH_CARDS"  # a forced march not paid in full


# -- configuration ----------------------------------------------------------------------------
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


class Out:
    """The events of one decision, with the state as they leave it (copied on first look).

    ``in_place`` (:func:`advance`): the events change ``state`` itself as they come, no copy.
    ``check`` False: the command is one ``legal`` listed, so the handlers skip their checks."""

    def __init__(self, state: State, rng: Rng, in_place: bool = False, check: bool = True) -> None:
        self.base = state
        self.rng = rng
        self.events: list[Emitted] = []
        self._state: State | None = state if in_place else None
        self.check = check

    def add(self, emitted: Emitted) -> None:
        self.events.append(emitted)
        if self._state is not None:
            _EVOLVE[type(emitted.event)](self._state, emitted.event)  # evolve, one call less

    def public(self, event: Any) -> None:
        self.events.append(Emitted(event))  # add(public(event)), two calls less: it runs for every event
        if self._state is not None:
            _EVOLVE[type(event)](self._state, event)

    @property
    def state(self) -> State:
        if self._state is None:
            self._state = _copy(self.base)
            for e in self.events:
                evolve(self._state, e.event)
        return self._state


def _copy(state: State) -> State:
    from .game import ROME_ET_CARTHAGE

    return copy_state(ROME_ET_CARTHAGE, state)


# -- who is who -------------------------------------------------------------------------------
_CAPITAL: dict[str, str] = {st.id: st.capital for st in board.MAP.states}  # board.capital_of, as a dict


def team_of(s: State, seat: int) -> int:
    return s.seats[seat].team


def team_seats(s: State, team: int) -> list[int]:
    return [x for x in range(s.players) if s.seats[x].team == team]


def living(s: State) -> list[int]:
    return [x for x in s.order if x not in s.eliminated]


def seers(s: State, seat: int) -> tuple[int, ...]:
    """Who sees ``seat``'s hand: itself, and its partner under the partners' agreement
    (Rome et Carthage "Dispositions particulières")."""
    if s.see_partners:
        return tuple(team_seats(s, team_of(s, seat)))
    return (seat,)


def choosers(s: State) -> list[int]:
    """The team member who takes treason or sedition for a team of two (ruling R5: the one who
    plays first)."""
    out = []
    for team in (0, 1):
        members = team_seats(s, team)
        if len(members) == 2:
            out.append(min(members, key=s.order.index))
    return out


def capital_occupied(s: State, seat: int) -> bool:
    """A capital of one of ``seat``'s states holds an enemy piece (Rome et Carthage "Combats" c;
    two-state players: either capital, "Jeu à deux")."""
    for st in s.seats[seat].states:
        piece = s.at.get(_CAPITAL[st])
        if piece and team_of(s, s.owner[piece]) != team_of(s, seat):
            return True
    return False


def pieces_left(s: State, seat: int) -> int:
    return sum(1 for p in s.where if s.owner[p] == seat)


def scores(s: State) -> tuple[int, ...]:
    return tuple(pieces_left(s, x) for x in range(s.players))


# -- préliminaires ----------------------------------------------------------------------------
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
    out.add(_talon_event(0, talon, False))
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
        out.add(_talon_event(0, talon, False))
    if out.state.match:
        piles = split_balanced(talon, rng)
        for team in (0, 1):
            out.add(_talon_event(team, piles[team], False))
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


def _talon_event(pile: int, cards: list[str], rebuilt: bool) -> Emitted:
    return private(ev.TalonShuffled(pile, tuple(cards), rebuilt), (),
                   ev.TalonShuffledRedacted(pile, len(cards), rebuilt))


def split_balanced(cards: list[str], rng: Rng, larger: int = 0) -> list[list[str]]:
    """Rome et Carthage "Règle spéciale pour les matches": two piles of equal count and strength
    (ruling R16: as near as the cards allow), each shuffled. With an odd count the team ``larger``
    gets the extra card; otherwise which team gets which pile is drawn."""
    ranked = sorted(rng.shuffled(cards), key=cd.value, reverse=True)
    cap = (len(ranked) + 1) // 2
    piles: list[list[str]] = [[], []]
    sums = [0, 0]
    for c in ranked:
        i = 0 if sums[0] <= sums[1] else 1
        if len(piles[i]) >= cap:
            i = 1 - i
        piles[i].append(c)
        sums[i] += cd.value(c)
    piles = [rng.shuffled(p) for p in sorted(piles, key=len, reverse=True)]
    if len(piles[0]) != len(piles[1]):  # piles[0] is the larger one
        return piles if larger == 0 else [piles[1], piles[0]]
    return piles if rng.below(2) == 0 else [piles[1], piles[0]]


def _goes(edition: str, double: bool, lone: bool) -> list[int]:
    """How many pieces each placement turn places (Rome et Carthage "Placement des pièces",
    "Jeu à deux", "Jeu à trois"; Méditerranée "Préparation" 4: all at once)."""
    if edition == "mediterranee":
        return [14] if double else [7]
    if not double:
        return [4, 3]
    return [8, 6] if lone else [4, 4, 3, 3]


# -- status -----------------------------------------------------------------------------------
def status(s: State) -> Status:
    if s.phase == OVER:
        return Status((), True, Result(tuple(s.winners), scores(s), s.reason))
    if s.phase == SPECIALS:
        return Status(tuple(sorted(x for x in choosers(s) if not s.specials[x])))
    if s.phase == COMBAT and s.combat is not None:
        c = s.combat
        if c.step == "spy":
            return Status((c.seats[c.spy_side],))
        return Status(tuple(sorted(c.seats[i] for i in (0, 1) if not c.ready[i])))
    return Status((s.active,))


def resign_result(s: State, seat: int) -> Result:
    """A resignation concedes for the resigning seat's team: the other team wins (RULES.md,
    "Resigning, draws and aborts"); the scores are the pieces each seat has left."""
    return Result(tuple(team_seats(s, 1 - team_of(s, seat))), scores(s), "resignation")


def seats_in(s: State) -> tuple[int, ...]:
    """The seats still in the game (a seat with no piece left is out, "Fin de partie")."""
    return tuple(x for x in range(s.players) if x not in s.eliminated)


# -- turns ------------------------------------------------------------------------------------
def _next_seat(s: State, after: int) -> tuple[int, bool]:
    """The next seat to play after ``after`` and whether a new round begins."""
    placing = any(s.goes[x] for x in range(s.players))
    i = s.order.index(after)
    for step in range(1, len(s.order) + 1):
        x = s.order[(i + step) % len(s.order)]
        if x in s.eliminated or (placing and not s.goes[x]):
            continue
        return x, (i + step) >= len(s.order)
    raise AssertionError("no seat left to play")


def start_turn(out: Out, seat: int, new_round: bool = True) -> None:
    """Rome et Carthage "Le jeu" a / Méditerranée "Le jeu" 1: a playing turn starts with a draw
    (two cards for the lone player of three, "Jeu à trois"); placement turns draw nothing."""
    s = out.state
    if s.draw_offer_seat == seat:
        out.public(ev.DrawOfferLapsed(s.draw_offer))
    place = s.goes[seat][0] if s.goes[seat] else 0
    out.public(ev.TurnStarted(seat, s.turn + 1, s.round + (1 if new_round else 0), place))
    if not place:
        draw_cards(out, seat, 2 if s.seats[seat].lone and s.players == 3 else 1)


def draw_cards(out: Out, seat: int, count: int) -> None:
    """Rome et Carthage "Talon": an empty draw pile is rebuilt from the shuffled spent pile (under
    the match rule both teams' piles are rebuilt from it, split evenly, ruling R16)."""
    s = out.state
    pile = team_of(s, seat) if s.match else 0
    drawn: list[str] = []
    taken = 0  # cards drawn so far, including those already announced before a rebuild
    talons = [list(t) for t in s.talons]
    while taken < count:
        if not talons[pile]:
            if drawn:
                _emit_draw(out, seat, pile, drawn)
                drawn = []
            _rebuild(out, pile)
            talons = [list(t) for t in out.state.talons]
            if not talons[pile]:
                break
        drawn.append(talons[pile].pop(0))
        taken += 1
    if drawn:
        _emit_draw(out, seat, pile, drawn)


def _emit_draw(out: Out, seat: int, pile: int, drawn: list[str]) -> None:
    out.add(private(ev.CardsDrawn(seat, pile, tuple(drawn)), seers(out.state, seat),
                    ev.CardsDrawnRedacted(seat, pile, len(drawn))))


def _rebuild(out: Out, drawing: int) -> None:
    s = out.state
    if not s.spent:
        return
    if not s.match:
        out.add(_talon_event(0, out.rng.shuffled(s.spent), True))
        return
    halves = split_balanced(list(s.spent), out.rng, larger=drawing)
    for team in (0, 1):
        out.add(_talon_event(team, list(s.talons[team]) + halves[team], True))


def finish_turn(out: Out) -> None:
    """End of a playing turn: the no-progress count, the capitals' clock (Rome et Carthage "Fin de
    partie" 1, ruling R13), then the next player."""
    s = out.state
    seat = s.active
    progress = s.had_combat or capital_holders(s) != s.capitals_at_start
    quiet = 0 if progress else s.quiet + 1
    out.public(ev.TurnEnded(seat, quiet))
    for team in (0, 1):
        enemy_capitals = [_CAPITAL[st] for x in team_seats(s, 1 - team) for st in s.seats[x].states]
        held = all((p := s.at.get(c)) is not None and team_of(s, s.owner[p]) == team for c in enemy_capitals)
        if held and not s.clock_on[team]:
            out.public(ev.ClockStarted(team, tuple(x for x in living(s) if x != seat)))
        elif held:
            waiting = tuple(x for x in s.clock[team] if x != seat)
            if not waiting:
                out.public(ev.GameEnded(tuple(team_seats(s, team)), scores(s), "capitals"))
                return
            out.public(ev.ClockTicked(team, waiting))
        elif s.clock_on[team]:
            out.public(ev.ClockStopped(team))
    if s.quiet_limit and quiet >= s.quiet_limit * len(living(s)):
        out.public(ev.GameEnded((), scores(s), "no progress"))
        return
    nxt, new_round = _next_seat(s, seat)
    start_turn(out, nxt, new_round)


def end_placement_turn(out: Out) -> None:
    s = out.state
    seat = s.active
    out.public(ev.TurnEnded(seat, 0))
    if any(s.goes[x] for x in range(s.players)):
        nxt, new_round = _next_seat(s, seat)
    else:
        nxt, new_round = s.order[0], True
    start_turn(out, nxt, new_round)


# -- movement ---------------------------------------------------------------------------------
def reserved(s: State) -> set[str]:
    """Cities a declared attacker came from: it may have to go back there (ruling R8)."""
    return {p.origin for p in s.pending}


def paths(s: State, piece: str, start: str | None = None, onto_friend: bool = False,
          ctx: tuple[set[str], dict[str, int]] | None = None) -> list[tuple[str, ...]]:
    """Every path ``piece`` may take in one move, moved by its owner's rules (Rome et Carthage
    "Déplacements"; Méditerranée "Déplacements"): elephants and mercenaries one city by road,
    chariots one or two, galleys one port by sea lane or coast; land pieces on islands never move;
    a piece never stops on a friendly piece and never passes an enemy one. ``start``: from another
    city than the piece's; ``onto_friend``: the first leg of a double move, which may end on a
    friendly piece (to pass it) and never on an enemy (a combat would stop it there). ``ctx``:
    :func:`_move_context` of ``s``, when the caller asks for many pieces' paths of one state."""
    city = s.where.get(piece)
    if city is None or city in s.attacking:  # absent, or in a declared combat
        return []
    city = start or city
    kind = kind_of(piece)
    if kind != "galley" and city in board.ISLANDS:
        return []
    blocked, team_at = ctx or _move_context(s)
    team = s.seats[s.owner[piece]].team
    here = s.where[piece]  # the piece's own city counts as free for it
    near = board.SEA_NEAR if kind == "galley" else board.LAND_NEAR
    # where it may stop: never a blocked city (a declared combat, an attacker's origin); on the
    # first leg of a double move only on a friend (not itself), else anywhere but on a friend
    if onto_friend:
        def stop(c: str) -> bool:
            return c not in blocked and team_at.get(c) == team and c != here
    else:
        def stop(c: str) -> bool:
            return c not in blocked and (team_at.get(c, -1) != team or c == here)
    if kind != "chariot":
        return [(a,) for a in near[city] if stop(a)]
    out: list[tuple[str, ...]] = []
    for a in near[city]:
        if stop(a):
            out.append((a,))
        if a not in s.attacking and (team_at.get(a, team) == team or a == here):  # passed: free or friendly
            out += [(a, b) for b in near[a] if b != city and stop(b)]
    return out


def _move_context(s: State) -> tuple[set[str], dict[str, int]]:
    """What every path of one state looks at: the cities no piece may stop on (declared combats,
    and the attackers' cities of origin: ruling R8), and the team holding each occupied city."""
    blocked = reserved(s) | set(s.attacking)
    teams = [x.team for x in s.seats]
    owner = s.owner
    team_at = {c: teams[owner[p]] for c, p in s.at.items()}
    return blocked, team_at


def double_paths(s: State, piece: str, ctx: tuple[set[str], dict[str, int]] | None = None) -> list[tuple[str, ...]]:
    """Rome et Carthage and Méditerranée "Déplacements": in a move of two cities or more a piece may
    pass a city held by a friendly piece, never one held by an enemy. The forced march's double
    move of one piece is such a move: the engine offers it as one command whose first leg ends on
    a friendly piece (ruling R26; a double move through empty cities is two plain moves)."""
    if not double_moves_open(s):
        return []
    home = s.where.get(piece)
    ctx = ctx or _move_context(s)
    out: dict[tuple[str, ...], None] = {}  # a path once, however its legs split (a chariot's 1+2 and 2+1)
    for first in paths(s, piece, onto_friend=True, ctx=ctx):
        for second in paths(s, piece, start=first[-1], ctx=ctx):
            path = first + second
            if second[-1] != home and is_double(piece, path):  # (a chariot's 1+1 is one plain move)
                out[path] = None
    return list(out)


def double_moves_open(s: State) -> bool:
    """A double move may be made now: a forced march is paid and neither move is made yet. A
    treason's mercenary waiting for a second one (``follow`` with no move made) leaves it open: a
    treason moves the opponent's piece, not one of the player's moves (ruling R28)."""
    return s.forced and s.moves == 0 and (not s.follow or s.follow_treason)


def is_double(piece: str, path: tuple[str, ...]) -> bool:
    """A path that took both moves of a forced march (see ``double_paths``)."""
    return len(path) > (2 if kind_of(piece) == "chariot" else 1)


def _attack_if_enemy(s: State, piece: str, dest: str) -> ev.AttackDeclared | None:
    """Ending a move on an enemy piece declares a combat (Rome et Carthage "Combats"): the event
    that follows the move, if any; ``s`` is the state before the move."""
    defender = s.at.get(dest)
    if defender is not None:
        return ev.AttackDeclared(dest, piece, defender, s.where[piece])
    return None


def _check_path(s: State, piece: str, path: Any, double: bool = False) -> tuple[str, ...]:
    require(isinstance(path, tuple) and 1 <= len(path) <= 4 and all(isinstance(c, str) for c in path),
            MALFORMED_COMMAND, "a path is one to four city ids")
    require(path in paths(s, piece) or (double and path in double_paths(s, piece)), ILLEGAL_MOVE,
            f"{piece} cannot move along {' -> '.join(path)} (see Déplacements: roads for land pieces, "
            "sea lanes for galleys, no stop on a friendly piece, no passing an enemy)")
    return path


def moves_allowed(s: State) -> int:
    return 2 if s.forced else 1


def _special_time(s: State) -> bool:
    """Méditerranée "Le jeu" 2: the special card is played before moving; the original rules let
    it come before or after the move ("Cartes spéciales")."""
    return s.edition == "original" or (s.moves == 0 and not s.forced)


# -- combat -----------------------------------------------------------------------------------
def counted_total(s: State, side: int, cards: tuple[str, ...] | list[str]) -> int:
    """The opening (or spy's) cards with the pieces' modifiers (Rome et Carthage "Combats" a-c,
    ruling R11): a chariot doubles its lower card when it plays two; an elephant doubles its
    higher card against a land piece, even alone."""
    c = s.combat
    mine, theirs = (c.attacker, c.defender) if side == 0 else (c.defender, c.attacker)
    values = [cd.value(x) for x in cards]
    worth = sum(values)
    kind = kind_of(mine)
    if kind == "chariot" and len(values) == 2:
        worth += min(values)
    elif kind == "elephant" and values and is_land(theirs):
        worth += max(values)
    return worth


def _need(s: State, seat: int, limited: bool, asked: int = 2) -> int:
    return min(1 if limited else asked, len(s.hands[seat]))


def start_combat(out: Out, p: Pending) -> None:
    s = out.state
    seats = [s.owner[p.attacker], s.owner[p.defender]]
    limited = (capital_occupied(s, seats[0]), capital_occupied(s, seats[1]))
    out.public(ev.CombatStarted(p.city, p.attacker, p.defender, p.origin, seats[0], seats[1], limited))
    _step(out, "open", tuple(_need(s, seats[i], limited[i]) for i in (0, 1)))


def _step(out: Out, step: str, need: tuple[int, ...], spy_side: int = -1) -> None:
    out.public(ev.CombatStep(out.state.combat.city, step, need, spy_side))
    if step != "spy" and all(n == 0 for n in need):
        _reveal(out)


def _reveal(out: Out) -> None:
    """Both sides' face-down cards are turned up together (Rome et Carthage "Combats")."""
    s = out.state
    c = s.combat
    shown = [cd.canonical(c.chosen[0]), cd.canonical(c.chosen[1])]
    step = c.step
    if step == "open":
        totals = (counted_total(s, 0, shown[0]), counted_total(s, 1, shown[1]))
        out.public(ev.CardsRevealed(c.city, step, shown[0], shown[1], totals))
        spies = [bool(shown[i]) and cd.total(shown[i]) == 2 for i in (0, 1)]
        if s.edition == "mediterranee" and totals == (0, 0):
            end_combat(out, "stopped", totals)  # Méditerranée "Combats": both play zero (R12)
        elif all(spies):  # "Espions": both spies, the cards are spent and the combat starts over
            out.public(ev.BothSpies(c.city))
            settle_table(out)
            s = out.state
            _step(out, "open", tuple(_need(s, s.combat.seats[i], s.combat.limited[i]) for i in (0, 1)))
        elif any(spies):
            _step(out, "spy", (0, 0), spies.index(True))
        else:
            _compare(out, totals)
    elif step == "spy_cards":
        spy = c.spy_side
        totals = list(c.totals)
        totals[spy] = counted_total(s, spy, shown[spy])
        out.public(ev.CardsRevealed(c.city, step, shown[0], shown[1], tuple(totals)))
        _compare(out, tuple(totals))
    else:  # tie
        values = [cd.total(shown[i]) for i in (0, 1)]
        if s.edition == "original":  # each side adds its card to its total
            totals = tuple(c.totals[i] + values[i] for i in (0, 1))
        else:  # Méditerranée: the new cards are compared alone
            totals = tuple(values)
        out.public(ev.CardsRevealed(c.city, step, shown[0], shown[1], totals))
        if s.edition == "mediterranee" and values == [0, 0]:
            end_combat(out, "stopped", totals)  # Méditerranée "Combats": both play zero
            return
        _compare(out, totals)


def _compare(out: Out, totals: tuple[int, ...]) -> None:
    s = out.state
    if totals[0] != totals[1]:
        end_combat(out, "attacker" if totals[0] > totals[1] else "defender", totals)
        return
    need = tuple(min(1, len(s.hands[seat])) for seat in s.combat.seats)
    if need == (0, 0):  # ruling R12: nobody can add a card
        end_combat(out, "stopped", totals)
        return
    _step(out, "tie", need)


def settle_table(out: Out) -> None:
    """Rome et Carthage "Talon": cards turned up in a combat are spent, zeros go back to their
    owner; the first two kings played leave the game (Méditerranée: every king played)."""
    s = out.state
    kings_out = len(s.removed)  # only kings are ever removed face up
    for side in (0, 1):
        seat = s.combat.seats[side]
        table = cd.canonical(s.combat.table[side])
        zeros = tuple(x for x in table if cd.is_zero(x))
        spent, removed = _spend(s, [x for x in table if not cd.is_zero(x)], kings_out)
        kings_out += len(removed)
        if spent or removed:
            out.public(ev.CardsSpent(seat, spent, removed, True))
        if zeros:
            out.public(ev.ZerosReturned(seat, zeros))


def _spend(s: State, paid: list[str], kings_out: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    spent, removed = [], []
    for x in paid:
        if cd.is_king(x) and (s.edition == "mediterranee" or kings_out + len(removed) < 2):
            removed.append(x)
        else:
            spent.append(x)
    return tuple(spent), tuple(removed)


def end_combat(out: Out, outcome: str, totals: tuple[int, ...]) -> None:
    settle_table(out)
    s = out.state
    c = s.combat
    if outcome == "attacker":
        loser = c.defender
        out.public(ev.PieceEliminated(c.defender, c.city, "combat"))
    elif outcome == "defender":
        loser = c.attacker
        out.public(ev.PieceEliminated(c.attacker, c.city, "combat"))
    else:
        loser = ""
        out.public(ev.AttackerReturned(c.attacker, c.city, c.origin))
    out.public(ev.CombatEnded(c.city, outcome, tuple(totals)))
    if loser and _check_elimination(out, out.state.owner[loser]):
        return
    after_combat(out)


def after_combat(out: Out) -> None:
    s = out.state
    if len(s.pending) == 1 or (s.pending and s.active in s.eliminated):
        start_combat(out, s.pending[0])  # ruling R12b: a player who is out picks nothing
    elif not s.pending:
        finish_turn(out)
    # several: the player whose turn it is picks the next one (ChooseCombat)


def _check_elimination(out: Out, seat: int) -> bool:
    """Rome et Carthage "Fin de partie": a player without pieces is out (its cards and special
    card with it, "Dispositions particulières"); a team without pieces has lost. True if the
    game ended."""
    s = out.state
    if seat in s.eliminated or pieces_left(s, seat):
        return False
    if s.draw_offer_seat == seat:  # an offer from a player who is out lapses with it
        out.public(ev.DrawOfferLapsed(s.draw_offer))
    out.public(ev.PlayerEliminated(seat, len(s.hands[seat]), tuple(s.specials[seat])))
    s = out.state
    team = team_of(s, seat)
    if all(x in s.eliminated for x in team_seats(s, team)):
        out.public(ev.GameEnded(tuple(team_seats(s, 1 - team)), scores(s), "destroyed"))
        return True
    return False


# -- decide -----------------------------------------------------------------------------------
def decide(state: State, seat: int, command: Any, rng: Rng) -> list[Emitted]:
    """Validate one command (the seat may act: checked by the caller) and return its events."""
    kind = type(command)
    require(kind in cmd.COMMAND_TYPES, UNKNOWN_COMMAND, f"not a Rome et Carthage command: {kind.__name__}")
    handler = _HANDLERS[kind]
    phase = state.phase
    expected = _PHASES[kind]
    if phase not in expected:
        raise RuleError(WRONG_PHASE, f"{kind.__name__} is not expected now (phase {phase})")
    out = Out(state, rng)
    handler(out, state, seat, command)
    return out.events


def advance(state: State, seat: int, command: Any, rng: Rng, allowed: list[Any] | None = None) -> Advanced:
    """``decide`` and ``evolve`` at once, on ``state`` itself (engine.core ``advance``; the seat may
    act: checked by the caller). ``allowed``: the seat's legal commands, when the caller holds them;
    a command among them is applied without ``decide``'s checks (``legal`` lists only commands
    ``decide`` accepts). Any other command is checked as ``decide`` checks it, before anything
    changes, and refused with the same error."""
    kind = type(command)
    handler = _HANDLERS.get(kind)
    if allowed is not None:
        if command not in allowed:
            decide(state, seat, command, rng)  # raises decide's error; it changes nothing
            raise RuleError(ILLEGAL_MOVE, f"{command!r} is not among the commands allowed now")
        out = Out(state, rng, in_place=True, check=False)
    else:
        require(handler is not None, UNKNOWN_COMMAND, f"not a Rome et Carthage command: {kind.__name__}")
        if state.phase not in _PHASES[kind]:
            raise RuleError(WRONG_PHASE, f"{kind.__name__} is not expected now (phase {state.phase})")
        out = Out(state, rng, in_place=True)
    handler(out, state, seat, command)
    return _advanced(out, state)


def play(state: State, seat: int, command: Any, rng: Rng, allowed: list[Any] | None = None) -> Advanced:
    """:func:`advance` for a caller that plays only commands of the seat's ``legal`` list, for a
    seat to act (``engine.core.stepper``: a search, on its own states): no check at all, not even
    that the command is among ``allowed`` (a search's rollout looked it up in a list of hundreds of
    placements, a seventh of the step's cost)."""
    out = Out(state, rng, in_place=True, check=False)
    _HANDLERS[type(command)](out, state, seat, command)
    return _advanced(out, state)


def _advanced(out: Out, state: State) -> Advanced:
    if state.phase == OVER:
        return Advanced(out.events, state)
    nxt = status(state).to_act
    return Advanced(out.events, state, (nxt[0], _options(state, nxt[0])) if nxt else None)


def _cards_arg(value: Any) -> tuple[str, ...]:
    require(isinstance(value, tuple) and all(cd.is_card(c) for c in value), MALFORMED_COMMAND,
            "cards are a list of card ids such as \"10H\", \"JS\", \"AC\"")
    require(len(set(value)) == len(value), MALFORMED_COMMAND, "a card is listed twice")
    require(value == cd.canonical(value), MALFORMED_COMMAND,
            "list cards in canonical order (by value, then rank, then suit)")
    return value


def _str_arg(value: Any, what: str) -> str:
    require(isinstance(value, str) and value != "", MALFORMED_COMMAND, f"{what} must be a non-empty id")
    return value


def choose_special(out: Out, s: State, seat: int, c: cmd.ChooseSpecial) -> None:
    """Rome et Carthage "Préliminaires" 4 / Méditerranée "Préparation" 3."""
    card = c.card
    if out.check:
        _str_arg(card, "card")
        require(card in (TREASON, SEDITION), ILLEGAL_TARGET, "the special cards are \"treason\" and \"sedition\"")
    partner = next(x for x in team_seats(s, team_of(s, seat)) if x != seat)
    out.public(ev.SpecialChosen(seat, card))
    out.public(ev.SpecialChosen(partner, SEDITION if card == TREASON else TREASON))
    if not any(not out.state.specials[x] for x in choosers(out.state)):
        start_turn(out, s.order[0])


def _placeable(s: State, seat: int, piece: str) -> list[str]:
    """Where ``piece`` may be placed now (Rome et Carthage "Placement des pièces"): a free city of
    the owner's state (two-state players, original rules: either state, "Jeu à deux"), galleys on
    ports only, and never so that the seat's remaining pieces could no longer all be placed
    (ruling R4)."""
    for region, pieces in _unplaced_by_region(s, seat):
        if piece in pieces:
            return _region_places(s, region, pieces)[kind_of(piece) == "galley"]
    return []


class _Region(NamedTuple):
    """Where a group of pieces is placed: the cities of one state, or of both states of a two-state
    player under the original rules, its ports, and the pieces of those states."""

    cities: tuple[str, ...]
    ports: tuple[str, ...]
    pieces: tuple[str, ...]


def _region_places(s: State, region: _Region, pieces: list[str]) -> tuple[list[str], list[str]]:
    """Where a land piece, and where a galley, of ``pieces`` (all those still to place in ``region``)
    may be placed: the other pieces of the region must still fit once it is placed (ruling R4):
    ``len(pieces) - 1`` on the free cities left, their galleys (less its own) on the free ports left."""
    at = s.at
    free = [c for c in region.cities if c not in at]
    if len(pieces) > len(free):
        return [], []
    ports = [c for c in region.ports if c not in at]
    galleys, room = len(_GALLEYS.intersection(pieces)), len(ports)
    if galleys < room:  # a land piece may take any free city, even a port
        return free, ports
    if galleys == room:  # every free port is needed by a galley
        return [c for c in free if c not in board.PORTS], ports
    return [], []


_REGIONS: dict[tuple[str, ...], _Region] = {}


def _region(states: tuple[str, ...]) -> _Region:
    """The region of ``states`` (computed once per tuple of states)."""
    region = _REGIONS.get(states)
    if region is None:
        cities = tuple(c for st in states for c in board.cities_of(st))
        region = _REGIONS[states] = _Region(cities, tuple(c for c in cities if c in board.PORTS),
                                            tuple(p for st in states for p in pieces_of(st)))
    return region


def _unplaced_by_region(s: State, seat: int) -> list[tuple[_Region, list[str]]]:
    """:func:`_unplaced` grouped by the cities each piece may be placed on: its own state's, or
    either state's for a two-state player under the original rules ("Jeu à deux"). The groups
    come in :func:`_unplaced`'s order, so their pieces put one after the other are that list."""
    states = s.seats[seat].states
    if s.edition != "mediterranee" and len(states) > 1:
        region = _region(tuple(states))
        return [(region, _off_board(s, region.pieces))]
    out = []
    for st in states:
        region = _region((st,))
        out.append((region, _off_board(s, region.pieces)))
    return out


def _off_board(s: State, pieces: tuple[str, ...]) -> list[str]:
    """``pieces`` neither on the board nor lost, in their order."""
    where = s.where
    out = [p for p in pieces if p not in where]
    if s.lost:
        lost = s.lost
        out = [p for p in out if p not in lost]
    return out


def _unplaced(s: State, seat: int) -> list[str]:
    return [p for st in s.seats[seat].states for p in pieces_of(st) if p not in s.where and p not in s.lost]


def place_piece(out: Out, s: State, seat: int, c: cmd.PlacePiece) -> None:
    piece, city = c.piece, c.city
    if out.check:
        _str_arg(piece, "piece"), _str_arg(city, "city")
        require(piece in _unplaced(s, seat), ILLEGAL_TARGET, f"{piece} is not one of your pieces still to place")
        require(city in _placeable(s, seat, piece), ILLEGAL_TARGET,
                f"{piece} cannot be placed on {city} (own state, free city, galleys on ports, room left for the rest)")
    last = s.place_left == 1  # read before the event: in place, it changes ``s``
    out.public(ev.PiecePlaced(seat, piece, city))
    if last:
        end_placement_turn(out)


def declare_forced_march(out: Out, s: State, seat: int, c: cmd.DeclareForcedMarch) -> None:
    """Rome et Carthage "Déplacements" / Méditerranée "Marche forcée" (ruling R9)."""
    paid = c.cards
    if out.check:
        _cards_arg(paid)
        require(not s.forced, ILLEGAL_MOVE, "a forced march is paid once a turn")
        require(s.moves <= 1, ILLEGAL_MOVE, "both moves of the turn are made already")
        require(all(x in s.hands[seat] for x in paid), ILLEGAL_TARGET, "pay with cards from your hand")
        require(cd.is_minimal_payment(paid), NOT_ENOUGH_CARDS,
                "a forced march costs non-zero cards worth 3 or more, with no card more than needed")
    spent, removed = _spend(s, list(paid), len(s.removed))
    out.public(ev.ForcedMarchDeclared(seat, paid))
    out.public(ev.CardsSpent(seat, spent, removed, False))


def move_piece(out: Out, s: State, seat: int, c: cmd.MovePiece) -> None:
    piece, path = c.piece, c.path
    if out.check:
        _str_arg(piece, "piece")
        require(s.owner.get(piece) == seat and piece in s.where, ILLEGAL_TARGET,
                f"{piece} is not one of your pieces on the board")
        require(s.moves < moves_allowed(s), ILLEGAL_MOVE,
                "no move left this turn (one move, two after paying a forced march)")
        _check_path(s, piece, path, double=True)
    attack = _attack_if_enemy(s, piece, path[-1])
    out.public(ev.PieceMoved(seat, piece, path, False, False))
    if attack is not None:
        out.public(attack)


def move_second_mercenary(out: Out, s: State, seat: int, c: cmd.MoveSecondMercenary) -> None:
    """Rome et Carthage "Déplacements" c: two mercenaries one city each make one move."""
    piece, to = c.piece, c.to
    if out.check:
        _str_arg(piece, "piece"), _str_arg(to, "to")
        require(s.follow != "", ILLEGAL_MOVE, "a second mercenary moves right after a first one")
        require(piece != s.follow and piece in s.where and kind_of(piece) == "mercenary"
                and s.owner[piece] == s.owner[s.follow], ILLEGAL_TARGET,
                "the second mercenary is another mercenary of the same player")
        require((to,) in paths(s, piece), ILLEGAL_MOVE, f"{piece} cannot move to {to}")
    attack = _attack_if_enemy(s, piece, to)
    out.public(ev.PieceMoved(seat, piece, (to,), s.follow_treason, True))
    if attack is not None:
        out.public(attack)


def play_treason(out: Out, s: State, seat: int, c: cmd.PlayTreason) -> None:
    """Rome et Carthage "Cartes spéciales" a (ruling R14)."""
    piece, path = c.piece, c.path
    if out.check:
        require(TREASON in s.specials[seat], ILLEGAL_MOVE, "you do not hold an unused treason card")
        require(_special_time(s), ILLEGAL_MOVE, "Méditerranée: special cards are played before moving")
        _str_arg(piece, "piece")
        require(piece in s.where and team_of(s, s.owner[piece]) != team_of(s, seat), ILLEGAL_TARGET,
                f"{piece} is not an opposing piece on the board")
        _check_path(s, piece, path)
    attack = _attack_if_enemy(s, piece, path[-1])
    out.public(ev.SpecialPlayed(seat, TREASON))
    out.public(ev.PieceMoved(seat, piece, path, True, False))
    if attack is not None:
        out.public(attack)


def play_sedition(out: Out, s: State, seat: int, c: cmd.PlaySedition) -> None:
    """Rome et Carthage "Cartes spéciales" b: only for your own capital."""
    city = c.city
    if out.check:
        require(SEDITION in s.specials[seat], ILLEGAL_MOVE, "you do not hold an unused sedition card")
        require(_special_time(s), ILLEGAL_MOVE, "Méditerranée: special cards are played before moving")
        _str_arg(city, "city")
        require(city in _sedition_targets(s, seat), ILLEGAL_TARGET,
                f"{city} is not a capital of yours held by an enemy piece outside a declared combat")
    piece = s.at[city]
    owner = s.owner[piece]
    out.public(ev.SpecialPlayed(seat, SEDITION))
    out.public(ev.PieceEliminated(piece, city, "sedition"))
    _check_elimination(out, owner)


def _sedition_targets(s: State, seat: int) -> list[str]:
    out = []
    for st in s.seats[seat].states:
        cap = _CAPITAL[st]
        piece = s.at.get(cap)
        if piece and cap not in s.attacking and team_of(s, s.owner[piece]) != team_of(s, seat):
            out.append(cap)
    return out


def end_turn(out: Out, s: State, seat: int, c: cmd.EndTurn) -> None:
    out.public(ev.MovesEnded(seat, len(s.pending)))
    after_combat(out)


def offer_draw(out: Out, s: State, seat: int, c: cmd.OfferDraw) -> None:
    if out.check:
        require(s.draw_offer == -1, ILLEGAL_MOVE, "a draw offer already stands")
    out.public(ev.DrawOffered(seat, team_of(s, seat)))


def accept_draw(out: Out, s: State, seat: int, c: cmd.AcceptDraw) -> None:
    if out.check:
        require(s.draw_offer not in (-1, team_of(s, seat)), ILLEGAL_MOVE, "the other team has not offered a draw")
    out.public(ev.GameEnded((), scores(s), "draw agreed"))


def choose_combat(out: Out, s: State, seat: int, c: cmd.ChooseCombat) -> None:
    """Rome et Carthage "Combats": with two combats at once the attacker names the first."""
    city = c.city
    if out.check:
        require(s.combat is None, WRONG_PHASE, "a combat is being fought")
        _str_arg(city, "city")
    match = [p for p in s.pending if p.city == city]
    if out.check:
        require(bool(match), ILLEGAL_TARGET, f"no combat is declared in {city}")
    start_combat(out, match[0])


def commit_cards(out: Out, s: State, seat: int, c: cmd.CommitCards) -> None:
    k = s.combat
    cards = c.cards
    if out.check:
        require(k is not None and k.step != "spy", WRONG_PHASE, "no cards are asked for now")
        require(seat in k.seats, ILLEGAL_MOVE, "you are not in this combat")
    side = k.seats.index(seat)
    if out.check:
        require(not k.ready[side], ILLEGAL_MOVE, "you have already laid your cards for this step")
        _cards_arg(cards)
        require(len(cards) == k.need[side], ILLEGAL_MOVE, f"lay exactly {k.need[side]} card(s) now")
        require(all(x in s.hands[seat] for x in cards), ILLEGAL_TARGET, "lay cards from your hand")
    other_ready = k.ready[1 - side]  # read before the event: in place, it changes ``s``
    out.add(private(ev.CardsCommitted(seat, side, cards), seers(s, seat),
                    ev.CardsCommittedRedacted(seat, side, len(cards))))
    if other_ready:
        _reveal(out)


def declare_spy(out: Out, s: State, seat: int, c: cmd.DeclareSpy) -> None:
    """Rome et Carthage "Espions" / Méditerranée "Espions" (ruling R10)."""
    k = s.combat
    if out.check:
        require(k is not None and k.step == "spy", WRONG_PHASE, "no spy can be declared now")
    need = [0, 0]
    need[k.spy_side] = _need(s, seat, k.limited[k.spy_side])
    out.public(ev.SpyDeclared(seat))
    _step(out, "spy_cards", tuple(need), k.spy_side)  # the reveal must know whose new cards these are


def keep_value(out: Out, s: State, seat: int, c: cmd.KeepValue) -> None:
    k = s.combat
    if out.check:
        require(k is not None and k.step == "spy", WRONG_PHASE, "no spy can be declared now")
    totals = list(k.totals)
    totals[k.spy_side] = 2
    out.public(ev.ValueKept(seat, tuple(totals)))
    _compare(out, tuple(totals))


_HANDLERS = {
    cmd.ChooseSpecial: choose_special, cmd.PlacePiece: place_piece, cmd.DeclareForcedMarch: declare_forced_march,
    cmd.MovePiece: move_piece, cmd.MoveSecondMercenary: move_second_mercenary, cmd.PlayTreason: play_treason,
    cmd.PlaySedition: play_sedition, cmd.EndTurn: end_turn, cmd.OfferDraw: offer_draw,
    cmd.AcceptDraw: accept_draw, cmd.ChooseCombat: choose_combat, cmd.CommitCards: commit_cards,
    cmd.DeclareSpy: declare_spy, cmd.KeepValue: keep_value, cmd.AddToForcedMarch: march.add_to_forced_march,
}
_PHASES = {
    cmd.ChooseSpecial: (SPECIALS,), cmd.PlacePiece: (PLACE,), cmd.DeclareForcedMarch: (PLAY,),
    cmd.MovePiece: (PLAY,), cmd.MoveSecondMercenary: (PLAY,), cmd.PlayTreason: (PLAY,), cmd.PlaySedition: (PLAY,),
    cmd.EndTurn: (PLAY,), cmd.OfferDraw: (PLAY,), cmd.AcceptDraw: (PLAY,), cmd.ChooseCombat: (COMBAT,),
    cmd.CommitCards: (COMBAT,), cmd.DeclareSpy: (COMBAT,), cmd.KeepValue: (COMBAT,), cmd.AddToForcedMarch: (PLAY,),
}


# -- legal ------------------------------------------------------------------------------------
def legal(s: State, seat: int) -> list[Any]:
    if seat not in status(s).to_act:
        return []
    return _options(s, seat)


def _options(s: State, seat: int) -> list[Any]:
    """:func:`legal` of a seat that is to act."""
    if s.phase == SPECIALS:
        return [cmd.ChooseSpecial(TREASON), cmd.ChooseSpecial(SEDITION)]
    if s.phase == PLACE:
        return _place_options(s, seat)
    if s.phase == COMBAT:
        return _combat_options(s, seat)
    return _turn_options(s, seat)


# The lists below are built from commands made once and shared (commands are frozen): a search bot
# asks for them at every step, and making hundreds of command objects was most of the cost.
_END_TURN, _OFFER_DRAW, _ACCEPT_DRAW = cmd.EndTurn(), cmd.OfferDraw(), cmd.AcceptDraw()
_GALLEYS = frozenset(p for st in board.MAP.clockwise for p in pieces_of(st) if kind_of(p) == "galley")
_CHARIOTS = frozenset(p for st in board.MAP.clockwise for p in pieces_of(st) if kind_of(p) == "chariot")
_MERCENARIES = frozenset(p for st in board.MAP.clockwise for p in pieces_of(st) if kind_of(p) == "mercenary")
_PLACE_CMDS: dict[str, dict[str, cmd.PlacePiece]] = {  # piece -> city -> PlacePiece(piece, city)
    p: {c.id: cmd.PlacePiece(p, c.id) for c in board.MAP.cities}
    for st in board.MAP.clockwise for p in pieces_of(st)}


def _picker(keys: list[str]) -> Any:
    """A function giving the values of ``keys`` in a dict, in order (None: no key)."""
    if not keys:
        return None
    if len(keys) == 1:
        key = keys[0]
        return lambda d: (d[key],)
    return itemgetter(*keys)


def _place_options(s: State, seat: int) -> list[Any]:
    """``PlacePiece`` for every piece ``seat`` has still to place (in :func:`_unplaced`'s order) and
    every city :func:`_placeable` gives it. Pieces sharing a region share its answer, so the whole
    list costs one pass over each region instead of one per piece and region."""
    out: list[Any] = []
    for region, pieces in _unplaced_by_region(s, seat):
        land, sea = _region_places(s, region, pieces)
        on_land, at_sea = _picker(land), _picker(sea)
        for p in pieces:
            pick = at_sea if p in _GALLEYS else on_land
            if pick is not None:
                out += pick(_PLACE_CMDS[p])
    return out


_CARD_CMDS: dict[tuple[type, tuple[str, ...]], Any] = {}


def _card_command(kind: type, cards: tuple[str, ...]) -> Any:
    """The one ``kind(cards)`` command object (a commit or a forced march), made once and shared."""
    out = _CARD_CMDS.get((kind, cards))
    if out is None:
        out = _CARD_CMDS[kind, cards] = kind(cards)
    return out


def _commit(cards: tuple[str, ...]) -> cmd.CommitCards:
    return _card_command(cmd.CommitCards, cards)


@lru_cache(maxsize=4096)  # a hand stays the same over a combat's steps
def _commits(hand: frozenset[str], need: int) -> tuple[cmd.CommitCards, ...]:
    """Every choice of ``need`` cards of ``hand`` (their order does not depend on the hand's)."""
    return tuple(map(_commit, combinations(cd.canonical(hand), need)))


def _march(cards: tuple[str, ...]) -> cmd.DeclareForcedMarch:
    return _card_command(cmd.DeclareForcedMarch, cards)


@lru_cache(maxsize=4096)
def _forced_marches(hand: frozenset[str]) -> tuple[cmd.DeclareForcedMarch, ...]:
    """The forced-march payments of a hand (their order does not depend on the hand's)."""
    return tuple(map(_march, cd.minimal_payments(list(hand))))


def _combat_options(s: State, seat: int) -> list[Any]:
    k = s.combat
    if k is None:
        return [cmd.ChooseCombat(p.city) for p in s.pending]
    if k.step == "spy":
        return [cmd.DeclareSpy(), cmd.KeepValue()]
    side = k.seats.index(seat)
    return list(_commits(frozenset(s.hands[seat]), k.need[side]))


_ALL_PIECES = tuple(p for st in board.MAP.clockwise for p in pieces_of(st))
_STEPS: dict[type, dict[str, dict[str, list[Any]]]] = {
    make: {p: {} for p in _ALL_PIECES} for make in (cmd.MovePiece, cmd.PlayTreason, cmd.MoveSecondMercenary)}


def _steps(piece: str, city: str, make: type) -> list[Any]:
    """The commands ``make`` (MovePiece, PlayTreason, MoveSecondMercenary) of every path of one move
    of ``piece`` from ``city`` on an empty board, as :func:`paths` would list them: ``(city,
    command)`` for a one-city piece, ``(city, command, [(next city, command), …])`` for a chariot
    (its second city never the one it left). Which of them may be taken depends on the other
    pieces: :func:`_turn_options` filters them. Made once (``_STEPS[make][piece][city]``)."""
    out = _STEPS[make][piece].get(city)
    if out is not None:
        return out
    kind = kind_of(piece)
    if kind != "galley" and city in board.ISLANDS:
        out = []
    elif kind == "galley":
        out = [(a, make(piece, (a,))) for a in board.SEA_NEAR[city]]
    elif make is cmd.MoveSecondMercenary:
        out = [(a, make(piece, a)) for a in board.LAND_NEAR[city]]
    elif kind != "chariot":
        out = [(a, make(piece, (a,))) for a in board.LAND_NEAR[city]]
    else:
        near = board.LAND_NEAR
        out = [(a, make(piece, (a,)), [(b, make(piece, (a, b))) for b in near[a] if b != city]) for a in near[city]]
    _STEPS[make][piece][city] = out
    return out


def _turn_options(s: State, seat: int) -> list[Any]:
    """Every command of a playing turn: ending it, the draw offer, second mercenaries, moves,
    forced-march payments (or cards added to one, R30), treason and sedition, in that order."""
    teams = [x.team for x in s.seats]
    mine = teams[seat]
    out: list[Any] = [_END_TURN]
    if s.draw_offer == -1:
        out.append(_OFFER_DRAW)
    elif s.draw_offer != mine:
        out.append(_ACCEPT_DRAW)
    moving = s.moves < moves_allowed(s)
    treason = _special_time(s) and TREASON in s.specials[seat]
    treasons: list[Any] = []
    if moving or treason or s.follow:
        treasons = _piece_moves(out, s, seat, teams, moving, treason)
    if not s.forced and s.moves <= 1:
        out += _forced_marches(frozenset(s.hands[seat]))
    elif s.overpay:
        out += march.additions(s, seat)
    if treasons:
        out += treasons
    if SEDITION in s.specials[seat] and _special_time(s):
        out += [cmd.PlaySedition(city) for city in _sedition_targets(s, seat)]
    return out


def _piece_moves(out: list[Any], s: State, seat: int, teams: list[int], moving: bool, treason: bool) -> list[Any]:
    """Append the second mercenaries' and ``seat``'s moves to ``out`` and return the treason moves,
    in one pass over the pieces. The moves are those of :func:`paths` and :func:`double_paths`,
    worked out from the cities each team may not stop on (``no_stop``: declared combats, attackers'
    cities of origin, its own pieces) or pass (``no_pass``: declared combats, the other team's)."""
    mine = teams[seat]
    owner, attacking = s.owner, s.attacking
    blocked = {p.origin for p in s.pending}
    blocked.update(attacking)
    at = s.at
    held0 = {c for c, p in at.items() if not teams[owner[p]]}
    held = (held0, at.keys() - held0)  # the cities each team's pieces hold
    no_stop = (blocked | held[0], blocked | held[1])
    no_pass = (held[1].union(attacking), held[0].union(attacking))
    doubles = moving and double_moves_open(s)
    moves = out  # the seat's moves come right after the second mercenaries
    treasons: list[Any] = []
    move_steps, treason_steps = _STEPS[cmd.MovePiece], _STEPS[cmd.PlayTreason]
    # the pieces that may move: not those in a declared combat
    pieces = [(p, city) for p, city in s.where.items() if city not in attacking] if attacking else s.where.items()
    follow = s.follow
    if follow:
        follow_owner = owner[follow]
        second_steps = _STEPS[cmd.MoveSecondMercenary]
        ns = no_stop[teams[follow_owner]]
        for p, city in pieces:
            if p != follow and p in _MERCENARIES and owner[p] == follow_owner:
                steps = second_steps[p].get(city)
                if steps is None:
                    steps = _steps(p, city, cmd.MoveSecondMercenary)
                out += [m for a, m in steps if a not in ns]
    for p, city in pieces:
        o = owner[p]
        t = teams[o]
        if o == seat:
            if not moving:
                continue
            steps, into = move_steps[p].get(city), moves
            if steps is None:
                steps = _steps(p, city, cmd.MovePiece)
        elif t != mine and treason:
            steps, into = treason_steps[p].get(city), treasons
            if steps is None:
                steps = _steps(p, city, cmd.PlayTreason)
        else:
            continue
        ns = no_stop[t]
        if p in _CHARIOTS:
            np = no_pass[t]
            for a, m, further in steps:
                if a not in ns:
                    into.append(m)
                if a not in np:
                    for b, m2 in further:
                        if b not in ns:
                            into.append(m2)
        else:
            for a, m in steps:
                if a not in ns:
                    into.append(m)
        if doubles and o == seat:
            _double_moves(moves, p, city, blocked, held[t], held[1 - t], no_stop[t], attacking)
    return treasons


def _double_moves(out: list[Any], piece: str, home: str, blocked: set[str], friends: set[str], enemies: set[str],
                  no_stop: set[str], attacking: dict[str, str]) -> None:
    """Append :func:`double_paths` of ``piece`` (at ``home``, not in a declared combat) as commands:
    a first leg onto a friendly piece (not blocked), then a plain move from there that ends
    neither on a friend nor where the piece started, nor anywhere blocked."""
    kind = kind_of(piece)
    if kind != "galley" and home in board.ISLANDS:
        return
    near = board.SEA_NEAR if kind == "galley" else board.LAND_NEAR
    if kind != "chariot":
        for f in near[home]:
            if f in friends and f not in blocked:
                out += [cmd.MovePiece(piece, (f, b)) for b in near[f] if b not in no_stop]
        return
    firsts: list[tuple[str, ...]] = []
    for a in near[home]:
        if a in friends and a not in blocked:
            firsts.append((a,))
        if a not in attacking and a not in enemies:
            firsts += [(a, b) for b in near[a] if b != home and b in friends and b not in blocked]
    found: dict[tuple[str, ...], None] = {}  # a path once, however its legs split (double_paths)
    for first in firsts:
        f = first[-1]
        for a in near[f]:
            if a not in no_stop and len(first) == 2:  # (a chariot's 1+1 is one plain move)
                found[first + (a,)] = None
            if a not in attacking and (a not in enemies or a == home):
                for b in near[a]:
                    if b != f and b not in no_stop:
                        found[first + (a, b)] = None
    out += [cmd.MovePiece(piece, path) for path in found]
