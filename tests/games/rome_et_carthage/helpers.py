"""Shared helpers for the Rome et Carthage rules tests: build a position, play commands, look at events.

A *position* is a State in the play phase built directly (``position``), with the seats, pieces,
hands and draw pile a test names. Everything else is what a game just past placement holds.
"""

from __future__ import annotations

from typing import Any, Iterable

from engine.core import GameConfig, copy_state, state_digest
from engine.errors import RuleError
from engine.games.rome_et_carthage import board
from engine.games.rome_et_carthage import cards as cd
from engine.games.rome_et_carthage import commands as cmd  # noqa: F401  (re-exported for the tests)
from engine.games.rome_et_carthage import events as ev  # noqa: F401
from engine.games.rome_et_carthage.game import ROME_ET_CARTHAGE as G
from engine.games.rome_et_carthage.preliminaries import initial
from engine.games.rome_et_carthage.state import COMBAT, PLAY, SeatInfo, State, capital_holders, pieces_of
from engine.rng import Rng

from ..checked import decide_and_apply
from engine.session import Session

RNG_SEED = b"seed"

# The suit letter of each state (the sign on its capital, from the board data) and the states in
# clockwise order around the board (Rome et Carthage "Préliminaires" 1, "Placement des pièces").
SUIT = {st.id: cd.SUIT_LETTERS[st.suit] for st in board.MAP.states}
CLOCKWISE = tuple(board.MAP.clockwise)

# Default seatings. Four players: clockwise seats, teams alternate (Rome+Alexandrie vs Byzance+Carthage).
FOUR = [(0, ("rome",)), (1, ("byzance",)), (0, ("alexandrie",)), (1, ("carthage",))]
TWO = [(0, ("rome", "byzance")), (1, ("alexandrie", "carthage"))]
# Three players: seat 1 plays Byzance and Alexandrie alone against Rome (seat 0) and Carthage (seat 2).
THREE = [(0, ("rome",)), (1, ("byzance", "alexandrie")), (0, ("carthage",))]
SEATINGS = {2: TWO, 3: THREE, 4: FOUR}


def rng(position: int = 0) -> Rng:
    return Rng(RNG_SEED, position)


def options(edition: str = "original", match: bool = False, partners: bool = False, quiet: int = 0,
            alliance: str = "draw", first_player: str = "draw", overpay: bool = False,
            lone_player: str = "without_rome") -> dict[str, str]:
    return {"edition": edition, "match": "true" if match else "false",
            "partners_see_hands": "true" if partners else "false", "no_progress_rounds": str(quiet),
            "alliance": alliance, "first_player": first_player, "march_overpay": "true" if overpay else "false",
            "lone_player": lone_player}


def start(players: int = 4, seed: bytes = b"game", **opts: Any) -> tuple[Session, list[Any]]:
    """A new game from its real set-up."""
    return Session.start(G, GameConfig(players, options(**opts)), seed)


def lot(state_id: str) -> list[str]:
    """A one-state player's starting cards (2 4 6 8 10 J Q K of its suit)."""
    return [r + SUIT[state_id] for r in ("2", "4", "6", "8", "10", "J", "Q", "K")]


def position(players: int = 4, *, edition: str = "original", seating: list | None = None,
             pieces: dict[str, str] | None = None, hands: dict[int, Iterable[str]] | None = None,
             talon: Iterable[str] | None = None, active: int = 0, specials: dict[int, list[str]] | None = None,
             match: bool = False, partners: bool = False, quiet: int = 0, order: list[int] | None = None,
             overpay: bool = False) -> State:
    """A state in the play phase, at the start of ``active``'s turn (its card already drawn).

    ``pieces``: piece -> city for the pieces on the board (every other piece counts as lost).
    ``hands``: seat -> cards (default: empty). ``talon``: the draw pile, top first (default: ten low
    cards nobody holds). ``specials``: seat -> unused special cards (default: none).
    """
    s = initial(GameConfig(players), options(edition, match, partners, quiet, overpay=overpay))
    seating = seating or SEATINGS[players]
    s.seats = [SeatInfo(team, list(states), players == 3 and len(states) == 2) for team, states in seating]
    s.owner = {p: x for x, (_, states) in enumerate(seating) for st in states for p in pieces_of(st)}
    s.order = list(order if order is not None else range(players))
    s.goes = [[] for _ in range(players)]
    s.where, s.at = {}, {}
    for piece, city in (pieces or {}).items():
        assert city not in s.at, f"two pieces on {city}"
        s.where[piece], s.at[city] = city, piece
    s.lost = [p for p in s.owner if p not in s.where]
    s.hands = [list((hands or {}).get(x, ())) for x in range(players)]
    s.secret = [[] for _ in range(players)]
    held = {c for h in s.hands for c in h}
    if talon is None:
        talon = [c for c in cd.ALL_CARDS if cd.value(c) in (1, 3, 5) and c not in held][:10]
    s.talons = [list(talon), []]
    s.specials = [list((specials or {}).get(x, ())) for x in range(players)]
    s.phase, s.active, s.turn, s.round = PLAY, active, 10, 3
    s.capitals_at_start = capital_holders(s)
    return s


def play(state: State, seat: int, command: Any, rng_: Rng | None = None) -> list[Any]:
    """Decide (checking the input state is untouched) and apply; returns the emitted events."""
    return decide_and_apply(G, state, seat, command, rng_ or rng())


def rejected(state: State, seat: int, command: Any) -> str:
    """The error code ``decide`` raises for ``command`` (the test fails if it is accepted); the
    state digest must be unchanged."""
    before = state_digest(state)
    try:
        G.decide(state, seat, command, rng())
    except RuleError as err:
        assert state_digest(state) == before
        return err.code
    raise AssertionError(f"{command!r} was accepted")


def of(emitted: list[Any], kind: type) -> list[Any]:
    return [e.event for e in emitted if isinstance(e.event, kind)]


def legal(state: State, seat: int) -> list[Any]:
    return G.legal(state, seat)


def legal_of(state: State, seat: int, kind: type) -> list[Any]:
    return [c for c in G.legal(state, seat) if isinstance(c, kind)]


def copy(state: State) -> State:
    return copy_state(G, state)


def fight(state: State, attacker_cards: Iterable[str], defender_cards: Iterable[str]) -> list[Any]:
    """Both sides of the combat being fought lay their cards (attacker first)."""
    c = state.combat
    assert c is not None and state.phase == COMBAT
    seats = list(c.seats)
    out = play(state, seats[0], cmd.CommitCards(cd.canonical(attacker_cards)))
    out += play(state, seats[1], cmd.CommitCards(cd.canonical(defender_cards)))
    return out


def attack(state: State, seat: int, piece: str, path: tuple[str, ...]) -> list[Any]:
    """Move ``piece`` onto an enemy and end the turn: the combat opens."""
    out = play(state, seat, cmd.MovePiece(piece, path))
    out += play(state, seat, cmd.EndTurn())
    assert state.combat is not None
    return out
