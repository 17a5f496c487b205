"""A tiny hidden-information game used only to test the engine core.

Two seats. The deck (1..8) is shuffled at set-up and each seat is dealt one
card face down. In turn, a seat draws a card (face down, at most two draws) or
stands. When both stand, the higher total wins; equal totals are a draw.
"""

from __future__ import annotations

import msgspec

from engine import errors
from engine.core import (GameConfig, GameInfo, Result, Status, Variant, private, public)
from engine.rng import Rng
from engine.session import check_can_act


class Shuffled(Variant):
    deck: tuple[int, ...]


class ShuffledPublic(Variant):
    size: int


class Dealt(Variant):
    seat: int
    card: int


class DealtPublic(Variant):
    seat: int


class Stood(Variant):
    seat: int


class Draw(Variant):
    pass


class Stand(Variant):
    pass


Event = Shuffled | ShuffledPublic | Dealt | DealtPublic | Stood
Command = Draw | Stand


class State(msgspec.Struct):
    deck: list[int]
    hands: list[list[int]]
    standing: list[bool]
    turn: int = 0


class View(msgspec.Struct, frozen=True):
    hand: tuple[int, ...]
    other_cards: int
    deck_size: int
    standing: tuple[bool, ...]
    turn: int


class TinyGame:
    info = GameInfo(id="tiny", title="Tiny", player_counts=(2,), seat_names=("a", "b"), chance=True,
                    hidden_information=True, simultaneous_moves=False, proto_package="", version="1",
                    max_steps=50)
    State, Command, Event, View = State, Command, Event, View

    def validate_config(self, config: GameConfig) -> None:
        pass

    def initial(self, config: GameConfig) -> State:
        return State(deck=[], hands=[[], []], standing=[False, False])

    def setup(self, config: GameConfig, rng: Rng):
        deck = tuple(rng.shuffled(range(1, 9)))
        out = [private(Shuffled(deck), (), ShuffledPublic(len(deck)))]
        for seat in (0, 1):
            out.append(private(Dealt(seat, deck[seat]), (seat,), DealtPublic(seat)))
        return out

    def decide(self, state: State, seat: int, command, rng: Rng):
        check_can_act(self, state, seat)
        if isinstance(command, Draw):
            errors.require(len(state.hands[seat]) < 3, errors.ILLEGAL_MOVE, "at most two draws")
            return [private(Dealt(seat, state.deck[0]), (seat,), DealtPublic(seat))]
        if isinstance(command, Stand):
            return [public(Stood(seat))]
        raise errors.RuleError(errors.UNKNOWN_COMMAND, f"not a command of tiny: {command!r}")

    def evolve(self, state: State, event) -> State:
        if isinstance(event, Shuffled):
            state.deck = list(event.deck)
        elif isinstance(event, Dealt):
            state.deck.remove(event.card)
            state.hands[event.seat].append(event.card)
            if len(state.hands[0]) + len(state.hands[1]) > 2:
                state.turn = 1 - event.seat
        elif isinstance(event, Stood):
            state.standing[event.seat] = True
            state.turn = 1 - event.seat
        return state

    def legal(self, state: State, seat: int):
        st = self.status(state)
        if st.over or seat not in st.to_act:
            return []
        return ([Draw()] if len(state.hands[seat]) < 3 else []) + [Stand()]

    def view(self, state: State, seat):
        return View(hand=tuple(state.hands[seat]) if seat is not None else (),
                    other_cards=len(state.hands[1 - seat]) if seat is not None else 0,
                    deck_size=len(state.deck), standing=tuple(state.standing), turn=state.turn)

    def sample_hidden(self, state: State, seat, rng: Rng) -> State:
        hidden = list(state.deck) + [c for s in (0, 1) if s != seat for c in state.hands[s]]
        hidden = rng.shuffled(hidden)
        hands = [list(h) for h in state.hands]
        for s in (0, 1):
            if s != seat:
                hands[s] = [hidden.pop() for _ in hands[s]]
        return State(deck=hidden, hands=hands, standing=list(state.standing), turn=state.turn)

    def status(self, state: State) -> Status:
        if all(state.standing):
            totals = tuple(sum(h) for h in state.hands)
            winners = () if totals[0] == totals[1] else ((0,) if totals[0] > totals[1] else (1,))
            return Status(to_act=(), over=True, result=Result(winners, totals, "both stood"))
        seat = state.turn
        if state.standing[seat]:
            seat = 1 - seat
        return Status(to_act=(seat,))


TINY = TinyGame()
