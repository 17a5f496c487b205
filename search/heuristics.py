"""Per-game evaluation of a position that a rollout stopped short of the end.

A rollout is cut after a game's ``ROLLOUT_DEPTH`` commands (a random game of Hannibal or The Republic
of Carthage runs for hundreds to thousands of commands: playing each rollout out would leave a few
iterations per second). The position it reached is then scored by ``evaluate(game_id, state)``: one
value per seat in [0, 1], read as that seat's chance to win, from the game's own score (the measure
its rules use to pick the winner at the end) squashed by a logistic curve. These are the engine's
full states: the search only ever evaluates determinized states (``sample_hidden``), never the real
one, and every heuristic below reads public parts of the state only (scores on the board).
"""

from __future__ import annotations

import math
from typing import Any, Callable

# Commands after which a rollout stops and the position is evaluated, per game (see the docstring).
ROLLOUT_DEPTH = {"roma": 40, "rome-et-carthage": 12, "hannibal": 30, "republic-of-carthage": 30}
DEFAULT_DEPTH = 30


def _squash(margins: list[float], scale: float) -> list[float]:
    """A seat's margin over its best rival -> a value in (0, 1) (0.5 at a tie)."""
    return [1.0 / (1.0 + math.exp(-m / scale)) for m in margins]


def _margins(points: list[float]) -> list[float]:
    out = []
    for x, p in enumerate(points):
        rivals = [q for y, q in enumerate(points) if y != x]
        out.append(p - max(rivals) if rivals else 0.0)
    return out


def _roma(s: Any) -> list[float]:
    # The game is won on victory points (Roma: a player without VP, or the supply empty: most VP).
    # Money and filled discs are what buy VP later; they count for a little.
    pts = [s.vp[x] + 0.1 * s.money[x] + 0.3 * sum(1 for c in s.discs[x] if c) for x in (0, 1)]
    return _squash(_margins(pts), 3.0)


def _rome_et_carthage(s: Any) -> list[float]:
    # Pieces still on the board decide the game (``scores``); a team shares its partners' pieces.
    from engine.games.rome_et_carthage.teams import pieces_left

    n = s.players
    if not s.seats:
        return [0.5] * n
    team_of = [s.seats[x].team for x in range(n)]
    per_team: dict[int, float] = {}
    for x in range(n):
        per_team[team_of[x]] = per_team.get(team_of[x], 0.0) + pieces_left(s, x)
    margins = []
    for x in range(n):
        others = [v for t, v in per_team.items() if t != team_of[x]]
        margins.append(per_team[team_of[x]] - max(others) if others else 0.0)
    return _squash(margins, 3.0)


CAPITAL_WORTH = 2.5  # pieces an enemy capital held is worth (search settings of ours, not rules)
CLOCK_WORTH = 4.0  # and a capitals' clock running for the team


def _rome_et_carthage_capitals(s: Any) -> list[float]:
    # Rome et Carthage "Fin de partie" 1: a team that holds every capital of the other team's
    # states, through a whole round of the others' turns (the clock), wins; pieces decide only a
    # game that ends otherwise. So the enemy capitals a team holds, and its clock, count beside its
    # pieces.
    n = s.players
    if not s.seats:
        return [0.5] * n
    capitals = _CAPITALS or _rome_et_carthage_board()
    seats = s.seats
    team_of = [seats[x].team for x in range(n)]
    # each seat's pieces on the board (``teams.pieces_left``), counted in one pass over the board
    on_board = [0] * n
    owner = s.owner
    for p in s.where:
        on_board[owner[p]] += 1
    value = [0.0, 0.0]
    for x in range(n):
        value[team_of[x]] += on_board[x]
    owners = {st: team_of[x] for x in range(n) for st in seats[x].states}
    at = s.at
    for state, capital in capitals:  # ``state.capital_holders``, in the map's order of states
        piece = at.get(capital)
        holder = seats[owner[piece]].team if piece else -1
        owner_team = owners.get(state)
        if holder >= 0 and owner_team is not None and holder != owner_team:
            value[holder] += CAPITAL_WORTH
    for team in (0, 1):
        if s.clock_on[team]:
            value[team] += CLOCK_WORTH
    return _squash([value[team_of[x]] - value[1 - team_of[x]] for x in range(n)], 3.0)


_CAPITALS: list[tuple[str, str]] = []  # Rome et Carthage's (state, its capital), in the map's order


def _rome_et_carthage_board() -> list[tuple[str, str]]:
    from engine.games.rome_et_carthage.board import MAP

    _CAPITALS.extend((st.id, st.capital) for st in MAP.states)
    return _CAPITALS


def _hannibal(s: Any) -> list[float]:
    # Political points (one per controlled scoring province, §22.1) decide the game at its end;
    # political control markers are what provinces are made of.
    from engine.games.hannibal.board import political_points

    pp = political_points(s)
    held = list(s.control.values())
    pcs = [held.count(0), held.count(1)]  # each side's political control markers
    return _squash(_margins([pp[x] + pcs[x] / 8 for x in (0, 1)]), 2.0)


def _republic_of_carthage(s: Any) -> list[float]:
    # The most influential faction wins (its senators' influence, the end of game scores).
    from engine.games.republic_of_carthage.state import seat_influence

    return _squash(_margins([float(seat_influence(s, x)) for x in range(s.players)]), 6.0)


# The chance that Carthage lasts, by what ends it for everyone (IX.5): a fourth Active War (a
# rebellion counts as one, VII.3), a fourth Lost War, a Treasury that cannot pay. Reconstructed by
# us (search settings, not rules): the shares are a judgement of how near each count is to the end.
ACTIVE_WARS_LAST = (1.0, 0.97, 0.88, 0.6)
LOST_WARS_LAST = (1.0, 0.95, 0.85, 0.55)
# (the Treasury after the next Revenue phase's income and costs below this, chance of paying its way)
TREASURY_LOW = ((0, 0.35), (20, 0.75), (50, 0.92))


FORCE_ANSWERS = 0.75  # how much of an Active war a force sure to win it takes off the count


def _share(table: tuple[float, ...], count: float) -> float:
    """``table`` read at a count that may be fractional (between two of its entries, linearly)."""
    count = min(max(count, 0.0), len(table) - 1.0)
    low = int(count)
    if low == len(table) - 1:
        return table[low]
    return table[low] + (table[low + 1] - table[low]) * (count - low)


_THREE_DICE = [0] * 19  # how many of the 216 throws of 3d6 make each total
for _a in range(1, 7):
    for _b in range(1, 7):
        for _c in range(1, 7):
            _THREE_DICE[_a + _b + _c] += 1
_VICTORY: dict[int, float] = {}


def victory_chance(modifier: int) -> float:
    """VI.2: the chance that a war's roll (3d6 + the commanders' Military + the force - the war's
    strength, read on the Combat table) is a Victory (its Disaster and Retreat numbers left out)."""
    chance = _VICTORY.get(modifier)
    if chance is None:
        from engine.games.republic_of_carthage import components as C

        won = sum(n for total, n in enumerate(_THREE_DICE) if n and C.combat_result(total + modifier).result == "victory")
        chance = _VICTORY[modifier] = won / 216
    return chance


def _land_force(s: Any, places: set[str], commanders: list[str]) -> int:
    """A force's part of the war roll's modifier: its armies (a veteran counts more) and its
    commanders' Military (VI.2)."""
    from engine.games.republic_of_carthage.people import military
    from engine.games.republic_of_carthage.rebellion import strength_of

    return (sum(strength_of(a) for a in s.armies if a.place in places)
            + sum(military(x) for x in commanders if x in s.senators))


def _war_answered(s: Any, war: str) -> float:
    """How far the forces the Senate sent to ``war`` answer it, 0 to 1: the chance that their roll
    is a Victory (:func:`victory_chance`). A war is fought in the Combat phase, after the Senate
    voted its force: without this a cut rollout saw no difference between a war left alone and
    one a force marches to, nor between a force that wins and one that dies."""
    from engine.games.republic_of_carthage import components as C
    from engine.games.republic_of_carthage.forces import strength

    sent = [f for f in s.forces if f.war == war and not f.exploration]
    if not sent or war not in C.WARS:
        return 0.0
    ours = _land_force(s, {f"force:{f.id}" for f in sent}, [x for f in sent for x in f.commanders])
    return victory_chance(ours - strength(s, war))


def _treasury_next(s: Any) -> int:
    """The Treasury once the next Revenue phase has paid (II.4-8): 100 T in, 2 T per recruited army
    and squadron, 20 T per Active war and 25 T per Lost one out (the provinces' rolls left out)."""
    from engine.games.republic_of_carthage.state import war_counts
    from engine.games.republic_of_carthage.turn import active_units

    active, lost = war_counts(s)
    return s.treasury + 100 - 2 * active_units(s) - 20 * active - 25 * lost


def _carthage_lasts(s: Any) -> float:
    from engine.games.republic_of_carthage.rebellion import wars_counted
    from engine.games.republic_of_carthage.state import ACTIVE_STATUSES, war_counts

    active = float(wars_counted(s))
    for war, w in s.wars.items():
        if w.status in ACTIVE_STATUSES:
            active += 1.0 - FORCE_ANSWERS * _war_answered(s, war)
    lost = war_counts(s)[1]
    chance = _share(ACTIVE_WARS_LAST, active) * LOST_WARS_LAST[min(lost, 3)]
    for below, share in TREASURY_LOW:
        if _treasury_next(s) < below:
            chance *= share
            break
    return chance


def _republic_of_carthage_survival(s: Any) -> list[float]:
    # Each faction's chance to win is its chance to be ahead when the game ends by a winner, times
    # the chance that it ends so at all: a Carthage that falls is every faction's defeat (IX.5), so
    # the common defence (the wars, the Treasury) is worth something to each seat.
    lasts = _carthage_lasts(s)
    return [lasts * v for v in _republic_of_carthage(s)]


EVALUATE: dict[str, Callable[[Any], list[float]]] = {
    "roma": _roma,
    "rome-et-carthage": _rome_et_carthage,
    "hannibal": _hannibal,
    "republic-of-carthage": _republic_of_carthage,
}


def rollout_depth(game_id: str) -> int:
    return ROLLOUT_DEPTH.get(game_id, DEFAULT_DEPTH)


def evaluate(game_id: str, state: Any, players: int) -> list[float]:
    """Each seat's value of an unfinished position in [0, 1]; 0.5 each for a game without one."""
    fn = EVALUATE.get(game_id)
    return fn(state) if fn else [0.5] * players


# Other evaluations a search may be set to (Settings.evaluation), by game and name.
VARIANTS: dict[tuple[str, str], Callable[[Any], list[float]]] = {
    ("republic-of-carthage", "survival"): _republic_of_carthage_survival,
    ("rome-et-carthage", "capitals"): _rome_et_carthage_capitals,
}


def evaluator(game_id: str, players: int, name: str = "score") -> Callable[[Any], list[float]]:
    """``evaluate`` for one game (``name``: "score", or one of its ``VARIANTS``), looked up once (a
    search calls it every iteration). A variant the game does not have is its score."""
    fn = VARIANTS.get((game_id, name)) or EVALUATE.get(game_id)
    if fn is not None:
        return fn
    even = [0.5] * players
    return lambda state: list(even)


# -- priors: which commands a game's knowledge prefers (Settings.prior) -------------------------------
# A prior gives one weight per legal command (None: no preference here, the common case, found at a
# glance). The search reads it twice: its rollouts pick commands in proportion to it (a "heavy"
# playout), and its tree adds a bias that fades with a child's visits (progressive bias: Chaslot,
# Winands, van den Herik, Uiterwijk and Bouzy 2008), so a small search tries the preferred commands
# first and a large one is ruled by what it finds.

DEFENCE_WEIGHT = 8.0  # how much more a prior likes a command that answers a war (search settings of ours)
DEFENCE_STEPS = frozenset({"other_business", "business_item", "muster", "how_many", "vote"})


def _could_win(s: Any, war: str) -> bool:
    """Whether the force the Senate could send to ``war`` now (the first eligible commander and
    every recruited army that may go there, V.7) wins its roll at least ``WINNABLE`` of the time."""
    from engine.games.republic_of_carthage.people import military
    from engine.games.republic_of_carthage.rebellion import strength_of
    from engine.games.republic_of_carthage.forces import land_units, strength
    from engine.games.republic_of_carthage.people import commanders

    chiefs = commanders(s)
    types = set(land_units(s, war))
    if not chiefs or not types:
        return False
    ours = military(chiefs[0]) + sum(strength_of(a) for a in s.armies if a.place == "active" and a.type in types)
    return victory_chance(ours - strength(s, war)) >= WINNABLE


WINNABLE = 1 / 3  # a force worth sending wins at least this often (search settings of ours)
TREASURY_KEPT = 20  # talents a recruitment leaves for the next Revenue phase (II.4-8), at the least


def _recruitable(s: Any) -> list[str]:
    from engine.games.republic_of_carthage.senate import recruitable

    return recruitable(s)


def _recruits_affordable(s: Any, unit: str) -> int:
    """How many ``unit`` the Treasury may recruit (V.7, its cost each) and still pay the next Revenue
    phase's costs, the upkeep of the new ones included (II.4-8), with ``TREASURY_KEPT`` to spare."""
    from engine.games.republic_of_carthage.senate import cost

    each = cost(s, unit)
    spare = _treasury_next(s) - TREASURY_KEPT
    return max(0, spare // (each + 2)) if each > 0 else 0


def _republic_defence(s: Any, actor: int, legal: list[Any]) -> list[float] | None:
    # IX.5: four Active wars, four Lost ones or a Treasury that cannot pay end the game with every
    # faction beaten. A war is answered by a force the Senate votes (V.7: recruit, then prosecute)
    # that wins its roll (VI.2); a force too weak dies and leaves the war as it was, and peace makes
    # the war Lost for good (V.7, Demande de paix). Random play almost never strings those steps
    # together (the item of business, the force, a majority of votes), so the common defence went
    # unplayed: while a war stands unanswered the prior prefers recruiting, sending a force that can
    # win, and votes for those and against peace.
    flow = s.flow
    if not flow:
        return None
    top = flow[-1]
    kind = top.kind
    if kind not in DEFENCE_STEPS:
        return None
    from engine.games.republic_of_carthage.state import ACTIVE_STATUSES

    unanswered = [w for w, x in s.wars.items() if x.status in ACTIVE_STATUSES and _war_answered(s, w) < WINNABLE]
    if not unanswered:
        return None
    liked: set[str]
    if kind in ("other_business", "business_item"):
        winnable = [w for w in unanswered if _could_win(s, w)]
        affordable = [x.option for x in legal if getattr(x, "option", "").startswith("recruit:")
                      and _recruits_affordable(s, x.option.partition(":")[2]) > 0]
        if kind == "other_business":
            liked = ({"recruit"} if any(_recruits_affordable(s, u) for u in _recruitable(s)) else set()) | (
                {"prosecute"} if winnable else set())
        else:
            liked = {f"prosecute:{w}" for w in winnable} | set(affordable)
    elif kind == "muster":  # every army that may go, before "done"
        liked = {x.option for x in legal if getattr(x, "option", "") != "done"}
    elif kind == "how_many":  # the most the Treasury can pay for and still pay its way
        most = _recruits_affordable(s, top.target)
        numbers = [getattr(x, "number", 0) for x in legal]
        best = max((n for n in numbers if n <= most), default=min(numbers, default=0))
        return [DEFENCE_WEIGHT if n == best else 1.0 for n in numbers]
    else:  # a vote: for a force or recruiting, against peace
        tally = next((f for f in reversed(flow) if f.kind == "tally"), None)
        if tally is None or not tally.strs:
            return None
        proposal = tally.strs[0]
        if proposal in ("prosecute", "recruit"):
            liked = {"yes"}
        elif proposal == "peace":
            liked = {"no"}
        else:
            return None
    weights = [DEFENCE_WEIGHT if getattr(x, "option", None) in liked else 1.0 for x in legal]
    return weights if any(w != 1.0 for w in weights) else None


def _republic_brief(s: Any, actor: int, legal: list[Any]) -> list[float] | None:
    # II.10: each faction plans, in secret, moves of talents among its senators in Carthage and its
    # treasury, one move and its amount at a time, until it says it is done. Played at random, "done"
    # is one command among dozens of moves, so a faction planned about as many moves as it had
    # places: three commands in four of a rollout were these plans, and 30 commands of rollout
    # covered a few steps of one turn. The prior makes "done" as likely as every move together.
    flow = s.flow
    if not flow or flow[-1].kind != "redistribute" or len(legal) < 2:
        return None
    last = legal[-1]  # the step lists "done" last, after the moves (turn.Redistribute)
    if getattr(last, "option", None) != "done":
        return None
    weights = [1.0] * len(legal)
    weights[-1] = float(len(legal) - 1)
    return weights


# -- The Republic's "guard": the common defence as one policy over the Senate's steps ---------------
# Measured with tools/roc_diary.py (search/README.md, "The Republic's guard"): between search bots the
# Treasury piled up (400-600 T) while the Senate recruited one to three armies a turn, sent forces of one
# army (a Victory chance of 0-5 %) and passed peace after peace, each one a Lost War for good (V.7, Demande
# de paix): four Lost Wars was the commonest end. The "defence" prior above looked only at the armies
# already recruited, so it judged every force too weak and sent none. "guard" plans the Senate's steps
# as a whole: while a war stands, recruit the armies the Reserve holds and the squadrons the wars at sea
# need (what the Treasury pays for and still pays its way), then send the strongest force the Senate has
# to the war it is likeliest to win, every army and, at sea, every squadron; peace only when a fourth
# Active War would otherwise end the game and a fourth Lost one would not; votes for all of that and
# against the rest of it; no talents spent on buying votes. Every number below is a search setting of
# ours, not a rule.

GUARD_WEIGHT = 30.0   # how much more the guard likes a command (search settings of ours)
GUARD_DISLIKE = 0.1   # and how much less the commands that undo the defence (peace, disbanding)
GUARD_SEND = 0.15     # a force is worth sending when it wins its war this often in one turn (the naval part
                      # included; a force that is not beaten stays and rolls again next turn)
GUARD_KEPT = 50       # talents the recruitments leave for the next Revenue phase (II.4-8)
GUARD_SHORT = 40      # below this after the next Revenue phase, and no war to answer, disband
GUARD_STEPS = frozenset({"other_business", "business_item", "how_many", "muster", "squadrons", "vote", "buy_votes"})


def _threats(s: Any) -> list[str]:
    """The wars that count toward IX.5's four (Active or unprosecuted; the rebellion, VII.3) and that no
    force in the field is likely to win."""
    from engine.games.republic_of_carthage.rebellion import wars_counted
    from engine.games.republic_of_carthage.state import ACTIVE_STATUSES

    out = [w for w, x in s.wars.items() if x.status in ACTIVE_STATUSES and _war_answered(s, w) < GUARD_SEND]
    return out + (["rebels"] if wars_counted(s) else [])


def _multiplier(s: Any, war: str) -> int:
    """VI.2: a war's strength doubles with one related Active war and triples with two (the naval one too)."""
    from engine.games.republic_of_carthage import components as C
    from engine.games.republic_of_carthage.combat import related_active

    return 1 + min(related_active(s, war), 2) if war in C.WARS else 1


def guard_chance(s: Any, war: str, squadrons: int | None = None, reserve: bool = False) -> float:
    """The chance that the strongest force the Senate could send to ``war`` now wins it this turn: its
    first eligible commander (V.7, R44), every recruited army that may go there (``reserve``: the
    Reserve's too, as if recruited) and, at sea, the squadrons (every one, or ``squadrons``): the
    naval roll (VI.2, Guerres navales) and then the land one, each a Victory on the Combat table
    (Disaster and Retreat numbers left out)."""
    from engine.games.republic_of_carthage import components as C
    from engine.games.republic_of_carthage.people import military
    from engine.games.republic_of_carthage.rebellion import rebel_strength, strength_of
    from engine.games.republic_of_carthage.senate import at_sea, commanders, land_units, strength

    chiefs = commanders(s)
    if not chiefs:
        return 0.0
    mil = military(chiefs[0])
    types = set(land_units(s, war))
    places = ("active", "reserve") if reserve else ("active",)
    if reserve:
        from engine.games.republic_of_carthage import components as C
        types |= {a.type for a in s.armies if a.place == "reserve" and (
            not C.ARMY_TYPES[a.type].auxiliary or (war in C.WARS and a.type in C.WARS[war].auxiliaries))}
    armies = sum(strength_of(a) for a in s.armies if a.place in places and a.type in types)
    if war == "rebels":
        return victory_chance(mil + armies - rebel_strength(s)) if armies else 0.0
    if war not in C.WARS:
        return 0.0
    sq = s.squadrons.get("active", 0) if squadrons is None else squadrons
    w = C.WARS[war]
    land = victory_chance(mil + armies - strength(s, war)) if armies and sq >= w.squadron_support else 0.0
    if not at_sea(s, war):
        return land
    if not sq:
        return 0.0
    naval = victory_chance(mil + sq - w.naval * _multiplier(s, war))
    return naval * land


def _squadrons_wanted(s: Any, wars: list[str]) -> int:
    """Squadrons the threatening wars call for: at sea, enough to outnumber the enemy fleet by four (a
    Victory about two rolls in three) and keep the land part's support; else the support alone."""
    from engine.games.republic_of_carthage import components as C
    from engine.games.republic_of_carthage.senate import at_sea

    most = 0
    for war in wars:
        if war not in C.WARS:
            continue
        w = C.WARS[war]
        need = w.naval * _multiplier(s, war) + 4 + w.squadron_support if at_sea(s, war) else w.squadron_support
        most = max(most, need)
    return most


def _guard_units(s: Any, threats: list[str]) -> set[str]:
    """The units worth recruiting while ``threats`` stand and the Treasury can pay for them: the Reserve's
    armies (auxiliaries only for a war that names them, V.7), squadrons while fewer than the wars want."""
    from engine.games.republic_of_carthage import components as C
    from engine.games.republic_of_carthage.senate import recruitable

    auxiliaries = {a for w in threats if w in C.WARS for a in C.WARS[w].auxiliaries}
    out = set()
    for unit in recruitable(s):
        if _guard_affordable(s, unit) <= 0:
            continue
        if unit == "squadron":
            if s.squadrons.get("active", 0) < _squadrons_wanted(s, threats):
                out.add(unit)
        elif not C.ARMY_TYPES[unit].auxiliary or unit in auxiliaries:
            out.add(unit)
    return out


def _guard_affordable(s: Any, unit: str) -> int:
    """How many ``unit`` the Treasury may recruit (V.7, its cost each, doubled by Ineffective
    Recruitment) and keep ``GUARD_KEPT`` now, for the next Revenue phase opens with the Council's
    corruption before the State's income (II.3, II.4: a die each, and bankruptcy at any payment it
    cannot make), and again after that phase's costs, the new units' upkeep included (II.4-8)."""
    from engine.games.republic_of_carthage.senate import cost

    each = cost(s, unit)
    if each <= 0:
        return 0
    return max(0, min((s.treasury - GUARD_KEPT) // each, (_treasury_next(s) - GUARD_KEPT) // (each + 2)))


def _guard_target(s: Any, threats: list[str]) -> tuple[str, float]:
    """The war a force should go to: the likeliest won among the threats (ties: the strongest)."""
    best, chance = "", 0.0
    for war in threats:
        c = guard_chance(s, war)
        if c > chance:
            best, chance = war, c
    return best, chance


def _strength(s: Any, war: str) -> int:
    """A war's land strength now (VI.2: related Active wars multiply it), the rebels' too (VII.3)."""
    from engine.games.republic_of_carthage import components as C
    from engine.games.republic_of_carthage.rebellion import rebel_strength
    from engine.games.republic_of_carthage.senate import strength

    return strength(s, war) if war in C.WARS else rebel_strength(s)


GUARD_UNLOCK = 0.4  # a peace that leaves a related war this likely won (search settings of ours)


def _peace_target(s: Any, threats: list[str]) -> str:
    """The war to make peace with, or "". IX.5: four Active Wars end the game at the Combat phase's
    end; a peace makes one Lost for good, and four Lost end it too. So a peace when four wars are
    counted (and fewer than three Lost): the war least likely won, the strongest of those. And one
    more use of it (with at most one Lost): VI.2 doubles a war's strength for each related Active war,
    so two Sicilian wars at once may each be out of reach while either alone is not; a peace with the
    one whose loss leaves the other likeliest won (at least ``GUARD_UNLOCK``, the Reserve's armies
    counted as recruited), when no force can win anything now."""
    from engine.games.republic_of_carthage import components as C
    from engine.games.republic_of_carthage.state import war_counts

    wars = [w for w in threats if w in C.WARS]  # no peace with rebels (VII.3)
    lost = war_counts(s)[1]
    if not wars:
        return ""
    if len(threats) >= 4 and lost < 3:
        return min(wars, key=lambda w: (guard_chance(s, w), -_strength(s, w)))
    if lost >= 2 or _guard_target(s, threats)[1] >= GUARD_SEND:
        return ""
    best, unlocked = "", GUARD_UNLOCK
    for r in wars:
        related = [w for w in C.related_wars(r) if w in wars]
        if not related:
            continue
        was = s.wars[r].status
        s.wars[r].status = "lost"  # what if: read and put back at once (the search's own determinized copy)
        try:
            chance = max(guard_chance(s, w, reserve=True) for w in related)
        finally:
            s.wars[r].status = was
        if chance > unlocked:
            best, unlocked = r, chance
    return best


def _peace_needed(s: Any, threats: list[str]) -> bool:
    return bool(_peace_target(s, threats))


def proposed_chance(s: Any, tally: Any) -> float:
    """The chance that the force a prosecution proposal names (its tally: the commander, the armies one
    entry each, a co-commander as ``co:<id>``; the squadrons in its amount) wins its war this turn."""
    from engine.games.republic_of_carthage import components as C
    from engine.games.republic_of_carthage.people import military
    from engine.games.republic_of_carthage.rebellion import rebel_strength
    from engine.games.republic_of_carthage.senate import at_sea, strength

    from engine.games.republic_of_carthage.field import split_co

    if len(tally.strs) < 2:
        return 0.0
    war = tally.target
    co, armies = split_co(tally.strs[2:])
    chiefs = [tally.strs[1], *co]
    mil = sum(military(x) for x in chiefs if x in s.senators)
    if war == "rebels":
        return victory_chance(mil + len(armies) - rebel_strength(s)) if armies else 0.0
    if war not in C.WARS:
        return 0.0
    w, sq = C.WARS[war], tally.nums[0] if tally.nums else 0
    land = victory_chance(mil + len(armies) - strength(s, war)) if armies and sq >= w.squadron_support else 0.0
    if not at_sea(s, war):
        return land
    return victory_chance(mil + sq - w.naval * _multiplier(s, war)) * land if sq else 0.0


def _republic_guard(s: Any, actor: int, legal: list[Any]) -> list[float] | None:
    flow = s.flow
    if not flow or flow[-1].kind not in GUARD_STEPS:
        return None
    top = flow[-1]
    kind = top.kind
    if kind == "buy_votes":  # no faction's talents into the bank for votes: the defence needs none
        return [GUARD_WEIGHT if getattr(x, "number", 0) == 0 else 1.0 for x in legal]
    threats = _threats(s)
    if not threats:
        # No war to answer: no peace, no force sent to die (the armies are not replaced), no recruits
        # (a war appears in the Port phase, before the Senate that can recruit for it) and, when the
        # next Revenue phase would leave the Treasury short (II.4-8: bankruptcy ends the game), the
        # Active Forces disbanded (their upkeep is 2 T each a turn).
        short = _treasury_next(s) < GUARD_SHORT
        tally = next((f for f in reversed(flow) if f.kind == "tally"), None) if kind == "vote" else None
        proposal = tally.strs[0] if tally is not None and tally.strs else ""
        if proposal in ("peace", "recruit") or (proposal == "prosecute" and proposed_chance(s, tally) < GUARD_SEND):
            return _weigh(legal, {"no"}, set())
        if proposal == "disband":
            return _weigh(legal, {"yes"} if short else set(), set())
        if kind == "other_business":
            return _weigh(legal, {"disband"} if short else set(), {"peace", "prosecute", "recruit"})
        return None
    liked: set[str] = set()
    disliked: set[str] = set()
    if kind == "other_business":
        # peace first when it is needed (the Senate ends when its presiding officer leaves to command),
        # then the recruits, then the force
        target, chance = _guard_target(s, threats)
        if _peace_needed(s, threats):
            liked = {"peace"}
        elif _guard_units(s, threats):
            liked = {"recruit"}
        elif chance >= GUARD_SEND:
            liked = {"prosecute"}
        elif _short(s, threats):
            liked = {"disband"}
        disliked = (set() if "disband" in liked else {"disband"}) | (set() if "peace" in liked else {"peace"}) | (
            set() if chance >= GUARD_SEND else {"prosecute"})
    elif kind == "business_item":
        if top.target == "recruit":
            liked = {f"recruit:{u}" for u in _guard_units(s, threats)}
        elif top.target == "prosecute":
            target, chance = _guard_target(s, threats)
            liked = {f"prosecute:{target}"} if target else set()
        elif top.target == "disband":  # the squadrons first (V.7, Dissolution; 2 T each a turn)
            options = [getattr(x, "option", "") for x in legal]
            liked = {"disband:squadron"} if "disband:squadron" in options else set(options)
        elif top.target == "peace":
            target = _peace_target(s, threats)
            liked = {f"peace:{target}"} if target else set()
    elif kind == "how_many":  # the most the Treasury pays for and still pays its way, squadrons as wanted
        most = _guard_affordable(s, top.target)
        if top.target == "squadron":
            most = min(most, _squadrons_wanted(s, threats) - s.squadrons.get("active", 0))
        numbers = [getattr(x, "number", 0) for x in legal]
        best = max((n for n in numbers if n <= most), default=min(numbers, default=0))
        return [GUARD_WEIGHT if n == best else 1.0 for n in numbers]
    elif kind == "muster":  # every army that may go, before "done"
        liked = {x.option for x in legal if getattr(x, "option", "") != "done"}
    elif kind == "squadrons":  # at sea every squadron; on land the support the war needs and no more
        from engine.games.republic_of_carthage.senate import at_sea

        numbers = [getattr(x, "number", 0) for x in legal]
        if not numbers:
            return None
        best = max(numbers) if top.target != "rebels" and at_sea(s, top.target) else min(numbers)
        return [GUARD_WEIGHT if n == best else 1.0 for n in numbers]
    else:  # a vote: for recruiting and a force, against disbanding and peace (unless peace is needed)
        tally = next((f for f in reversed(flow) if f.kind == "tally"), None)
        if tally is None or not tally.strs:
            return None
        proposal = tally.strs[0]
        if proposal == "recruit":
            liked = {"yes"}
        elif proposal == "prosecute":  # a force likely to die wastes armies the Reserve cannot replace
            liked = {"yes"} if proposed_chance(s, tally) >= GUARD_SEND / 2 else {"no"}
        elif proposal == "peace":
            liked = {"yes"} if tally.target and tally.target == _peace_target(s, threats) else {"no"}
        elif proposal == "disband":
            liked = {"yes"} if _short(s, threats) else {"no"}
        else:
            return None
    return _weigh(legal, liked, disliked)


def _short(s: Any, threats: list[str]) -> bool:
    """Whether the Treasury, after the next Revenue phase (II.4-8), would be below ``GUARD_SHORT`` while
    no force can win a war now: then the Active Forces' upkeep (2 T each a turn) is what bankrupts
    Carthage (IX.5), and disbanding them (V.7, Dissolution) is the defence."""
    return _treasury_next(s) < GUARD_SHORT and _guard_target(s, threats)[1] < GUARD_SEND


def _weigh(legal: list[Any], liked: set[str], disliked: set[str]) -> list[float] | None:
    weights = [GUARD_WEIGHT if getattr(x, "option", None) in liked
               else GUARD_DISLIKE if getattr(x, "option", None) in disliked else 1.0 for x in legal]
    return weights if any(w != 1.0 for w in weights) else None


# -- The Republic's "purse": the Treasury kept for the Revenue phase --------------------------------
# Measured with tools/roc_diary.py (search/README.md, "The Republic's guard"): with the guard, a Carthage
# went bankrupt in its third turn after its Senate sent three expeditions in one Senate (54 T of caravans
# paid by the State, R27) with 86 T in the Treasury and two wars standing (20 T each in the next Revenue
# phase, II.7): the guard weighs the defence and left expeditions to chance. An expedition pays its
# caravans or fleets at once (V.7, Envoyer une expédition; R172: those home in Carthage first), and a
# Treasury that cannot pay a step of the next Revenue phase ends the game for all (IX.5). "purse"
# votes against an expedition whose price leaves less than ``GUARD_KEPT`` after the next Revenue phase,
# and the presiding officer proposes none then. Search settings of ours, not rules.


def _expedition_price(s: Any, target: str, units: int) -> int:
    """What the State pays for an expedition to ``target`` of ``units`` caravans or fleets: 1 T each
    (doubled by Ineffective Recruitment) beyond those home in Carthage (R27, R172)."""
    from engine.games.republic_of_carthage import components as C
    from engine.games.republic_of_carthage.senate import cost
    from engine.games.republic_of_carthage.state import units_home

    ex = C.EXPLORATIONS.get(target)
    if ex is None:
        return 0
    unit = "caravan" if ex.caravans else "trade_fleet"
    return max(0, units - units_home(s, unit)) * cost(s, unit)


def _republic_purse(s: Any, actor: int, legal: list[Any]) -> list[float] | None:
    flow = s.flow
    if not flow:
        return None
    top = flow[-1]
    if top.kind == "other_business":
        if _treasury_next(s) - 1 < GUARD_KEPT:  # not even one caravan paid for
            return _weigh(legal, set(), {"expedition"})
        return None
    if top.kind != "vote":
        return None
    tally = next((f for f in reversed(flow) if f.kind == "tally"), None)
    if tally is None or not tally.strs or tally.strs[0] != "expedition":
        return None
    price = _expedition_price(s, tally.target, tally.nums[0] if tally.nums else 0)
    return _weigh(legal, {"no"} if price and _treasury_next(s) - price < GUARD_KEPT else set(), set())


# -- The Republic's "steady": no army sent to die, no fleet without an army -------------------------
# Measured with tools/roc_diary.py (search/README.md, "The Republic's guard"): with the guard, the commonest
# fall was four Active Wars after Carthage's armies were spent: a force of every army sent at a 9 % chance
# of a Victory (the guard sends at ``GUARD_SEND``, 15 %, and votes for 7.5 %) was beaten and destroyed
# (VI.2: a Defeat takes four armies or all of them, and nothing refills the Reserve's regular armies),
# or a force fighting on at 50 % met a related war's arrival, which doubles its strength (VI.2), and was
# destroyed; then the Senate kept recruiting squadrons for wars at sea with no army left to land, paid
# their upkeep (2 T each, II.6) and disbanded them. "steady" overrides the guard there: it votes against,
# and the presiding officer proposes no, prosecution that wins less often than ``STEADY_SEND``, and no
# squadron is recruited while no war at sea could be won by the armies Carthage has and could recruit.
# Search settings of ours, not rules.

STEADY_SEND = 0.35     # a force is sent only when it wins its war this often in one turn
STEADY_DISLIKE = 0.001  # strong enough to override the guard's liking (GUARD_WEIGHT)


def _steady_weigh(legal: list[Any], liked: set[str], disliked: set[str]) -> list[float] | None:
    weights = [GUARD_WEIGHT if getattr(x, "option", None) in liked
               else STEADY_DISLIKE if getattr(x, "option", None) in disliked else 1.0 for x in legal]
    return weights if any(w != 1.0 for w in weights) else None


def _fleet_useful(s: Any, threats: list[str]) -> bool:
    """Whether squadrons help: some threatening war at sea that the armies Carthage has and could
    recruit would win often enough, given the squadrons it wants (VI.2, Guerres navales)."""
    from engine.games.republic_of_carthage import components as C
    from engine.games.republic_of_carthage.senate import at_sea

    return any(guard_chance(s, w, squadrons=_squadrons_wanted(s, [w]), reserve=True) >= STEADY_SEND
               for w in threats if w in C.WARS and at_sea(s, w))


def _republic_steady(s: Any, actor: int, legal: list[Any]) -> list[float] | None:
    flow = s.flow
    if not flow:
        return None
    top = flow[-1]
    kind = top.kind
    if kind == "other_business":
        threats = _threats(s)
        if threats and _guard_target(s, threats)[1] < STEADY_SEND:
            return _steady_weigh(legal, set(), {"prosecute"})
        return None
    if kind == "business_item" and top.target == "recruit":
        threats = _threats(s)
        if any(getattr(x, "option", "") == "recruit:squadron" for x in legal) and not _fleet_useful(s, threats):
            return _steady_weigh(legal, set(), {"recruit:squadron"})
        return None
    if kind != "vote":
        return None
    tally = next((f for f in reversed(flow) if f.kind == "tally"), None)
    if tally is None or not tally.strs or tally.strs[0] != "prosecute":
        return None
    if proposed_chance(s, tally) < STEADY_SEND:
        return _steady_weigh(legal, {"no"}, {"yes"})
    return None


def _republic_fleet(s: Any, actor: int, legal: list[Any]) -> list[float] | None:
    # With all three priors a Carthage still went bankrupt recruiting squadrons turn after turn (up to
    # 25, 2 T each a turn, II.6) with four armies and no war at sea within reach (roc_diary, seed
    # guard4-2): once the Reserve's armies are gone a squadron is the only recruit, so the guard's
    # "recruit" item meant squadrons, which "steady" weighed down only at the choice of unit. "fleet"
    # weighs down the item itself and votes against the squadrons then.
    flow = s.flow
    if not flow:
        return None
    top = flow[-1]
    if top.kind == "other_business":
        threats = _threats(s)
        if threats and _guard_units(s, threats) == {"squadron"} and not _fleet_useful(s, threats):
            return _steady_weigh(legal, set(), {"recruit"})
        return None
    if top.kind != "vote":
        return None
    tally = next((f for f in reversed(flow) if f.kind == "tally"), None)
    if tally is None or tally.strs[:1] != ["recruit"] or tally.target != "squadron":
        return None
    return _steady_weigh(legal, {"no"}, {"yes"}) if not _fleet_useful(s, _threats(s)) else None


PRIORS: dict[tuple[str, str], Callable[[Any, int, list[Any]], list[float] | None]] = {
    ("republic-of-carthage", "defence"): _republic_defence,
    ("republic-of-carthage", "brief"): _republic_brief,
    ("republic-of-carthage", "guard"): _republic_guard,
    ("republic-of-carthage", "purse"): _republic_purse,
    ("republic-of-carthage", "steady"): _republic_steady,
    ("republic-of-carthage", "fleet"): _republic_fleet,
}


def _product(priors: list[Callable[[Any, int, list[Any]], list[float] | None]]) -> Callable[[Any, int, list[Any]], list[float] | None]:
    def weigh(s: Any, actor: int, legal: list[Any]) -> list[float] | None:
        out: list[float] | None = None
        for prior in priors:
            weights = prior(s, actor, legal)
            if weights is not None:
                out = weights if out is None else [a * b for a, b in zip(out, weights)]
        return out
    return weigh


def prior_of(game_id: str, name: str) -> Callable[[Any, int, list[Any]], list[float] | None] | None:
    """The prior ``name`` of ``game_id`` (Settings.prior), None for none ("", or one the game lacks);
    names joined by "+" ("defence+brief") weigh each command by the product of their weights."""
    if not name:
        return None
    parts = [PRIORS.get((game_id, part)) for part in name.split("+")]
    found = [p for p in parts if p is not None]
    if not found:
        return None
    return found[0] if len(found) == 1 else _product(found)
