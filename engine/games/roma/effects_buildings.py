"""Effects of the building cards (cartes d'édifice), Roma "DETAIL DES CARTES".

Turris, Basilica and Templum are never activated (``activated: false`` in the data): Turris acts in
``rules.defence_of``, Basilica and Templum when a Forum beside them is activated (below).
"""

from __future__ import annotations

from engine.core import public
from engine.errors import ILLEGAL_TARGET, require

from . import commands as cmd
from . import events as ev
from .cards import BUILDING, CARDS, is_character
from .effects_characters import Relay, Skirmisher, expect
from .rules import (Effect, ask, card_on, check_die, discs_with, distinct, forum_neighbours, gain_from_supply,
                    opponent, register_effect, spare_dice, take_from_opponent, unused_dice)
from .state import State


class Aesculapinum(Effect):
    """Take any character card from the discard pile into your hand."""

    card = "aesculapinum"

    def possible(self, state, seat, disc, spare):
        return any(is_character(c) for c in state.discard)

    def start(self, state, seat, disc, spare, rng):
        return [ask(seat, "revive", self.card, disc)]

    def options(self, state, seat, pending):
        return [cmd.ChooseCard(c) for c in distinct(c for c in state.discard if is_character(c))]

    def answer(self, state, seat, pending, command, rng):
        expect(command, pending, cmd.ChooseCard)
        require(command.card in state.discard and is_character(command.card), ILLEGAL_TARGET,
                "take a character card that is in the discard pile")
        return [public(ev.CardTakenFromDiscard(seat, command.card))]


class Forum(Effect):
    """A second unused die gives its value in VP from the supply. A Templum beside the Forum lets
    the third die, if unused, add its value; each Basilica beside it adds its ``amount``."""

    card = "forum"

    def possible(self, state, seat, disc, spare):
        return spare > 0

    def start(self, state, seat, disc, spare, rng):
        return [ask(seat, "forum", self.card, disc)]

    def options(self, state, seat, pending):
        dice = [cmd.ChooseDie(v) for v in unused_dice(state)]
        return dice + [cmd.Decline()] if pending.kind == "templum" else dice

    def answer(self, state, seat, pending, command, rng):
        if pending.kind == "forum":
            expect(command, pending, cmd.ChooseDie)
            check_die(state, command.die)
            out = [public(ev.DieUsed(seat, command.die, "forum"))]
            if self.has_templum(state, seat, pending.disc) and spare_dice(state) > 1:
                return out + [ask(seat, "templum", self.card, pending.disc, die=command.die)]
            return out + self.score(state, seat, pending.disc, command.die)
        expect(command, pending, cmd.ChooseDie, cmd.Decline)
        if type(command) is cmd.Decline:
            return [public(ev.Declined(seat, pending.kind))] + self.score(state, seat, pending.disc, pending.die)
        check_die(state, command.die)
        return ([public(ev.DieUsed(seat, command.die, "templum"))]
                + self.score(state, seat, pending.disc, pending.die + command.die))

    def beside(self, state: State, seat: int, disc: int, card: str) -> int:
        return sum(1 for d in forum_neighbours(disc) if card_on(state, seat, d) == card)

    def has_templum(self, state: State, seat: int, disc: int) -> bool:
        return self.beside(state, seat, disc, "templum") > 0

    def score(self, state: State, seat: int, disc: int, dice: int):
        bonus = self.beside(state, seat, disc, "basilica") * CARDS["basilica"].amount
        return gain_from_supply(state, seat, dice + bonus, self.card)


class Mercatus(Effect):
    """Take ``amount`` VP from the opponent for each Forum the opponent has laid."""

    card = "mercatus"

    def forums(self, state: State, seat: int) -> int:
        return len(discs_with(state, opponent(seat), lambda c: c == "forum"))

    def possible(self, state, seat, disc, spare):
        return self.forums(state, seat) > 0

    def start(self, state, seat, disc, spare, rng):
        return take_from_opponent(state, seat, self.forums(state, seat) * CARDS[self.card].amount, self.card)


for _effect in (
    Aesculapinum(),
    Relay("machina", BUILDING),
    Forum(),
    Mercatus(),
    Skirmisher("onager", BUILDING),
):
    register_effect(_effect)
