"""Rome et Carthage "Déplacements" (Méditerranée "Déplacements"): the paths of one move (roads for
land pieces, sea lanes and coasts for galleys, a chariot's one or two cities), the double move past
a friendly piece (ruling R26), a second mercenary's move, a combat declared by ending a move on an
enemy piece, and the moves of a playing turn's legal list (the seat's, a second mercenary's, and a
treason's moves of an opposing piece, in one pass over the pieces)."""

from __future__ import annotations

from typing import Any

from engine.errors import ILLEGAL_MOVE, ILLEGAL_TARGET, MALFORMED_COMMAND, require

from . import board
from . import commands as cmd
from . import events as ev
from .decision import Out, str_arg
from .march import double_moves_open, is_double, moves_allowed
from .state import State, kind_of, pieces_of


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


def attack_if_enemy(s: State, piece: str, dest: str) -> ev.AttackDeclared | None:
    """Ending a move on an enemy piece declares a combat (Rome et Carthage "Combats"): the event
    that follows the move, if any; ``s`` is the state before the move."""
    defender = s.at.get(dest)
    if defender is not None:
        return ev.AttackDeclared(dest, piece, defender, s.where[piece])
    return None


def check_path(s: State, piece: str, path: Any, double: bool = False) -> tuple[str, ...]:
    require(isinstance(path, tuple) and 1 <= len(path) <= 4 and all(isinstance(c, str) for c in path),
            MALFORMED_COMMAND, "a path is one to four city ids")
    require(path in paths(s, piece) or (double and path in double_paths(s, piece)), ILLEGAL_MOVE,
            f"{piece} cannot move along {' -> '.join(path)} (see Déplacements: roads for land pieces, "
            "sea lanes for galleys, no stop on a friendly piece, no passing an enemy)")
    return path


def move_piece(out: Out, s: State, seat: int, c: cmd.MovePiece) -> None:
    piece, path = c.piece, c.path
    if out.check:
        str_arg(piece, "piece")
        require(s.owner.get(piece) == seat and piece in s.where, ILLEGAL_TARGET,
                f"{piece} is not one of your pieces on the board")
        require(s.moves < moves_allowed(s), ILLEGAL_MOVE,
                "no move left this turn (one move, two after paying a forced march)")
        check_path(s, piece, path, double=True)
    attack = attack_if_enemy(s, piece, path[-1])
    out.public(ev.PieceMoved(seat, piece, path, False, False))
    if attack is not None:
        out.public(attack)


def move_second_mercenary(out: Out, s: State, seat: int, c: cmd.MoveSecondMercenary) -> None:
    """Rome et Carthage "Déplacements" c: two mercenaries one city each make one move."""
    piece, to = c.piece, c.to
    if out.check:
        str_arg(piece, "piece"), str_arg(to, "to")
        require(s.follow != "", ILLEGAL_MOVE, "a second mercenary moves right after a first one")
        require(piece != s.follow and piece in s.where and kind_of(piece) == "mercenary"
                and s.owner[piece] == s.owner[s.follow], ILLEGAL_TARGET,
                "the second mercenary is another mercenary of the same player")
        require((to,) in paths(s, piece), ILLEGAL_MOVE, f"{piece} cannot move to {to}")
    attack = attack_if_enemy(s, piece, to)
    out.public(ev.PieceMoved(seat, piece, (to,), s.follow_treason, True))
    if attack is not None:
        out.public(attack)


_CHARIOTS = frozenset(p for st in board.MAP.clockwise for p in pieces_of(st) if kind_of(p) == "chariot")


_MERCENARIES = frozenset(p for st in board.MAP.clockwise for p in pieces_of(st) if kind_of(p) == "mercenary")


_ALL_PIECES = tuple(p for st in board.MAP.clockwise for p in pieces_of(st))


_STEPS: dict[type, dict[str, dict[str, list[Any]]]] = {
    make: {p: {} for p in _ALL_PIECES} for make in (cmd.MovePiece, cmd.PlayTreason, cmd.MoveSecondMercenary)}


def _steps(piece: str, city: str, make: type) -> list[Any]:
    """The commands ``make`` (MovePiece, PlayTreason, MoveSecondMercenary) of every path of one move
    of ``piece`` from ``city`` on an empty board, as :func:`paths` would list them: ``(city,
    command)`` for a one-city piece, ``(city, command, [(next city, command), …])`` for a chariot
    (its second city never the one it left). Which of them may be taken depends on the other
    pieces: :func:`piece_moves` filters them. Made once (``_STEPS[make][piece][city]``)."""
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


def piece_moves(out: list[Any], s: State, seat: int, teams: list[int], moving: bool, treason: bool) -> list[Any]:
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
