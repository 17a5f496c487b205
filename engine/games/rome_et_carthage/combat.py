"""Rome et Carthage "Combats" and "Espions" (Méditerranée "Combats", "Espions"): the combats
declared during the moves are fought once the moves end, one after the other; both sides lay
cards face down, turned up together; a spy, ties, the pieces' modifiers (ruling R11), the cards
spent ("Talon"), and the loser's piece removed."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any

from engine.core import private
from engine.errors import ILLEGAL_MOVE, ILLEGAL_TARGET, WRONG_PHASE, require

from . import cards as cd
from . import commands as cmd
from . import events as ev
from .decision import Out, card_command, cards_arg, str_arg
from .endgame import check_elimination
from .state import Pending, State, is_land, kind_of
from .talon import spend
from .teams import capital_occupied, seers
from .turn import finish_turn


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
        spent, removed = spend(s, [x for x in table if not cd.is_zero(x)], kings_out)
        kings_out += len(removed)
        if spent or removed:
            out.public(ev.CardsSpent(seat, spent, removed, True))
        if zeros:
            out.public(ev.ZerosReturned(seat, zeros))


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
    if loser and check_elimination(out, out.state.owner[loser]):
        return
    after_combat(out)


def after_combat(out: Out) -> None:
    s = out.state
    if len(s.pending) == 1 or (s.pending and s.active in s.eliminated):
        start_combat(out, s.pending[0])  # ruling R12b: a player who is out picks nothing
    elif not s.pending:
        finish_turn(out)
    # several: the player whose turn it is picks the next one (ChooseCombat)


def end_turn(out: Out, s: State, seat: int, c: cmd.EndTurn) -> None:
    out.public(ev.MovesEnded(seat, len(s.pending)))
    after_combat(out)


def choose_combat(out: Out, s: State, seat: int, c: cmd.ChooseCombat) -> None:
    """Rome et Carthage "Combats": with two combats at once the attacker names the first."""
    city = c.city
    if out.check:
        require(s.combat is None, WRONG_PHASE, "a combat is being fought")
        str_arg(city, "city")
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
        cards_arg(cards)
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


def _commit(cards: tuple[str, ...]) -> cmd.CommitCards:
    return card_command(cmd.CommitCards, cards)


@lru_cache(maxsize=4096)  # a hand stays the same over a combat's steps
def _commits(hand: frozenset[str], need: int) -> tuple[cmd.CommitCards, ...]:
    """Every choice of ``need`` cards of ``hand`` (their order does not depend on the hand's)."""
    return tuple(map(_commit, combinations(cd.canonical(hand), need)))


def combat_options(s: State, seat: int) -> list[Any]:
    k = s.combat
    if k is None:
        return [cmd.ChooseCombat(p.city) for p in s.pending]
    if k.step == "spy":
        return [cmd.DeclareSpy(), cmd.KeepValue()]
    side = k.seats.index(seat)
    return list(_commits(frozenset(s.hands[seat]), k.need[side]))
