"""Rome et Carthage "Talon" and "Règle spéciale pour les matches": the draw pile, drawing from it,
rebuilding it from the spent cards, which cards a payment spends and which kings leave the game,
and the match rule's two piles of equal strength."""

from __future__ import annotations

from engine.core import Emitted, private
from engine.rng import Rng

from . import cards as cd
from . import events as ev
from .decision import Out
from .state import State
from .teams import seers, team_of


def talon_event(pile: int, cards: list[str], rebuilt: bool) -> Emitted:
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
        out.add(talon_event(0, out.rng.shuffled(s.spent), True))
        return
    halves = split_balanced(list(s.spent), out.rng, larger=drawing)
    for team in (0, 1):
        out.add(talon_event(team, list(s.talons[team]) + halves[team], True))


def spend(s: State, paid: list[str], kings_out: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    spent, removed = [], []
    for x in paid:
        if cd.is_king(x) and (s.edition == "mediterranee" or kings_out + len(removed) < 2):
            removed.append(x)
        else:
            spent.append(x)
    return tuple(spent), tuple(removed)
