"""Effects of the character cards (cartes de personne), Roma "DETAIL DES CARTES".

Also the effect shapes the building cards share: choosing an opposing target, laying cards from
hand free of charge, picking up and re-laying one's own cards. Numbers come from the card data
(``CARDS[...].amount``), never from code.
"""

from __future__ import annotations

from typing import Any

from engine.core import Emitted, private, public
from engine.errors import ILLEGAL_MOVE, ILLEGAL_TARGET, MALFORMED_COMMAND, require
from engine.rng import Rng

from . import commands as cmd
from . import events as ev
from .cards import BUILDING, CARDS, CHARACTER, is_character
from .rules import (DISCS, EFFECTS, Effect, ask, battle, card_on, check_die, check_disc, cover, defence_of, discs_with,
                    distinct, empty_discs, gain_from_supply, game_end, opponent, register_effect, spare_dice,
                    take_from_opponent, unused_dice, wrong_command)
from .state import Pending, State


def expect(command: Any, pending: Pending, *kinds: type) -> None:
    if type(command) not in kinds:
        raise wrong_command(command, pending.kind)


# -- shapes shared with the buildings -------------------------------------------------------
class KindEffect(Effect):
    """An effect about cards of one kind (characters or buildings)."""

    def __init__(self, card: str, kind: str) -> None:
        self.card, self.kind = card, kind

    def kind_test(self, card: str) -> bool:
        return CARDS[card].kind == self.kind


class TargetEffect(KindEffect):
    """Choose one opposing card of a kind (``ChooseDisc``), then ``resolve`` against it."""

    def targets(self, state: State, seat: int) -> list[int]:
        return discs_with(state, opponent(seat), self.kind_test)

    def possible(self, state, seat, disc, spare):
        return bool(self.targets(state, seat))

    def start(self, state, seat, disc, spare, rng):
        return [ask(seat, "target", self.card, disc)]

    def options(self, state, seat, pending):
        return [cmd.ChooseDisc(d) for d in self.targets(state, seat)]

    def answer(self, state, seat, pending, command, rng):
        expect(command, pending, cmd.ChooseDisc)
        check_disc(command.disc)
        require(command.disc in self.targets(state, seat), ILLEGAL_TARGET,
                f"{CARDS[self.card].name} cannot target disc {command.disc}")
        return self.resolve(state, seat, pending.disc, command.disc, rng)

    def resolve(self, state: State, seat: int, disc: int, target: int, rng: Rng) -> list[Emitted]:
        raise NotImplementedError


class Assassin(TargetEffect):
    """Sicarius, Nero: the victim and the acting card both leave the game, no battle (Roma
    "Sicarius": "écartées du jeu"; "Nero": "éliminées du jeu"; ruling 18)."""

    def resolve(self, state, seat, disc, target, rng):
        victim = card_on(state, opponent(seat), target)
        return [public(ev.CardRemovedFromGame(opponent(seat), target, victim, self.card)),
                public(ev.CardRemovedFromGame(seat, disc, card_on(state, seat, disc), self.card))]


class Skirmisher(TargetEffect):
    """Velites, Onager: battle against the chosen card (Roma "Combat")."""

    def resolve(self, state, seat, disc, target, rng):
        return battle(state, seat, disc, target, rng)


class LayFromHand(KindEffect):
    """Architectus, Senator: lay any number of cards of a kind from hand, free, covering allowed."""

    def layable(self, hand: list[str]) -> list[str]:
        return [c for c in hand if self.kind_test(c)]

    def possible(self, state, seat, disc, spare):
        return bool(self.layable(state.hands[seat]))

    def start(self, state, seat, disc, spare, rng):
        return [ask(seat, "lay", self.card, disc)]

    def options(self, state, seat, pending):
        out = [cmd.LayCard(c, d) for c in distinct(self.layable(state.hands[seat])) for d in DISCS]
        return out + [cmd.Decline()]

    def answer(self, state, seat, pending, command, rng):
        expect(command, pending, cmd.LayCard, cmd.Decline)
        if type(command) is cmd.Decline:
            return [public(ev.Declined(seat, pending.kind))]
        check_disc(command.disc)
        layable = self.layable(state.hands[seat])
        require(command.card in layable, ILLEGAL_TARGET,
                f"{CARDS[self.card].name} lays only {self.kind} cards from your hand")
        out = cover(state, seat, command.disc) + [public(ev.CardPlayed(seat, command.card, command.disc, 0))]
        if len(layable) > 1:
            out.append(ask(seat, "lay", self.card, pending.disc))
        return out


class Relay(KindEffect):
    """Consiliarius, Machina: pick up all your cards of a kind and lay each again on any disc
    that does not hold one of them; cards of the other kind there are covered."""

    def possible(self, state, seat, disc, spare):
        return bool(discs_with(state, seat, self.kind_test))

    def start(self, state, seat, disc, spare, rng):
        discs = discs_with(state, seat, self.kind_test)
        cards = tuple(card_on(state, seat, d) for d in discs)
        return [public(ev.CardsPickedUp(seat, tuple(discs), cards)), ask(seat, "relay", self.card, disc)]

    def free_discs(self, state: State, seat: int) -> list[int]:
        return [d for d in DISCS if not (card_on(state, seat, d) and self.kind_test(card_on(state, seat, d)))]

    def options(self, state, seat, pending):
        return [cmd.LayCard(c, d) for c in distinct(state.looking) for d in self.free_discs(state, seat)]

    def answer(self, state, seat, pending, command, rng):
        expect(command, pending, cmd.LayCard)
        check_disc(command.disc)
        require(command.card in state.looking, ILLEGAL_TARGET, "lay one of the cards you picked up")
        require(command.disc in self.free_discs(state, seat), ILLEGAL_TARGET,
                "a picked-up card cannot cover another of the same kind")
        out = cover(state, seat, command.disc) + [public(ev.CardRelaid(seat, command.card, command.disc))]
        if len(state.looking) > 1:
            out.append(ask(seat, "relay", self.card, pending.disc))
        return out


# -- the characters -------------------------------------------------------------------------
class Frontal(Effect):
    """Legionarius, Centurio: battle against the opposing card on the same disc number.
    A Centurio may add one unused die after rolling (Roma "Centurio")."""

    def __init__(self, card: str, boost: bool) -> None:
        self.card, self.boost = card, boost

    def possible(self, state, seat, disc, spare):
        return bool(card_on(state, opponent(seat), disc))

    def start(self, state, seat, disc, spare, rng):
        return battle(state, seat, disc, disc, rng, boost_dice=spare if self.boost else 0)

    def options(self, state, seat, pending):
        return [cmd.ChooseDie(v) for v in unused_dice(state)] + [cmd.Decline()]

    def answer(self, state, seat, pending, command, rng):
        expect(command, pending, cmd.ChooseDie, cmd.Decline)
        if type(command) is cmd.Decline:
            return [public(ev.Declined(seat, pending.kind))]
        check_die(state, command.die)
        opp, target = opponent(seat), pending.target
        total = pending.roll + command.die
        won = total >= defence_of(state, opp, target)
        out = [public(ev.DieUsed(seat, command.die, "boost")), public(ev.BattleBoosted(seat, command.die, total, won))]
        if won:
            out.append(public(ev.CardDiscarded(opp, target, card_on(state, opp, target), "battle")))
        return out


class Gladiator(TargetEffect):
    """An opposing character goes back to its owner's hand."""

    def resolve(self, state, seat, disc, target, rng):
        opp = opponent(seat)
        return [public(ev.CardReturnedToHand(opp, target, card_on(state, opp, target)))]


class Legat(Effect):
    """``amount`` VP from the supply for each dice disc the opponent leaves empty."""

    card = "legat"

    def possible(self, state, seat, disc, spare):
        return empty_discs(state, opponent(seat)) > 0

    def start(self, state, seat, disc, spare, rng):
        amount = empty_discs(state, opponent(seat)) * CARDS[self.card].amount
        return gain_from_supply(state, seat, amount, self.card)


class TribunusPlebis(Effect):
    """Take ``amount`` VP from the opponent."""

    card = "tribunus_plebis"

    def possible(self, state, seat, disc, spare):
        return state.vp[opponent(seat)] > 0

    def start(self, state, seat, disc, spare, rng):
        return take_from_opponent(state, seat, CARDS[self.card].amount, self.card)


class Mercator(Effect):
    """Buy any number of the opponent's VP at ``amount`` sesterces each; the opponent gets the money."""

    card = "mercator"

    def most(self, state: State, seat: int) -> int:
        return min(state.money[seat] // CARDS[self.card].amount, state.vp[opponent(seat)])

    def possible(self, state, seat, disc, spare):
        return self.most(state, seat) > 0

    def start(self, state, seat, disc, spare, rng):
        return [ask(seat, "buy", self.card, disc)]

    def options(self, state, seat, pending):
        return [cmd.BuyVictoryPoints(n) for n in range(1, self.most(state, seat) + 1)]

    def answer(self, state, seat, pending, command, rng):
        expect(command, pending, cmd.BuyVictoryPoints)
        n = command.count
        require(type(n) is int and 1 <= n <= self.most(state, seat), ILLEGAL_MOVE,
                f"you can buy between 1 and {self.most(state, seat)} VP")
        vp = list(state.vp)
        vp[seat] += n
        vp[opponent(seat)] -= n
        out = [public(ev.VictoryPointsBought(seat, n, n * CARDS[self.card].amount))]
        end = game_end(vp, state.supply)
        return out + [end] if end else out


class Consul(Effect):
    """Raise or lower one unused action die by ``amount``, staying within 1..6."""

    card = "consul"

    def possible(self, state, seat, disc, spare):
        return spare > 0

    def start(self, state, seat, disc, spare, rng):
        return [ask(seat, "adjust", self.card, disc)]

    def options(self, state, seat, pending):
        step = CARDS[self.card].amount
        return [cmd.AdjustDie(v, d) for v in unused_dice(state) for d in (-step, step) if v + d in DISCS]

    def answer(self, state, seat, pending, command, rng):
        expect(command, pending, cmd.AdjustDie)
        check_die(state, command.die)
        step = CARDS[self.card].amount
        require(command.delta in (-step, step), MALFORMED_COMMAND, f"a Consul changes a die by {step} up or down")
        require(command.die + command.delta in DISCS, ILLEGAL_MOVE, "a die shows 1 to 6")
        return [public(ev.DieAdjusted(seat, command.die, command.die + command.delta))]


class Praetorianus(Effect):
    """Block one opposing disc: its card cannot be activated in the opponent's next turn."""

    card = "praetorianus"

    def unblocked(self, state: State, seat: int) -> list[int]:
        return [d for d in DISCS if d not in state.blocked[opponent(seat)]]

    def possible(self, state, seat, disc, spare):
        return bool(self.unblocked(state, seat))

    def start(self, state, seat, disc, spare, rng):
        return [ask(seat, "block", self.card, disc)]

    def options(self, state, seat, pending):
        return [cmd.ChooseDisc(d) for d in self.unblocked(state, seat)]

    def answer(self, state, seat, pending, command, rng):
        expect(command, pending, cmd.ChooseDisc)
        check_disc(command.disc)
        require(command.disc in self.unblocked(state, seat), ILLEGAL_TARGET, "that disc is already blocked")
        return [public(ev.DiscBlocked(opponent(seat), command.disc))]


class Scaenicus(Effect):
    """Perform the action of one of your other face-up characters, chosen at each activation
    (not a Scaenicus); it acts from the Scaenicus's own disc."""

    card = "scaenicus"

    def models(self, state: State, seat: int, disc: int, spare: int) -> list[int]:
        return [d for d in discs_with(state, seat, is_character)
                if card_on(state, seat, d) != self.card
                and EFFECTS[card_on(state, seat, d)].possible(state, seat, disc, spare)]

    def possible(self, state, seat, disc, spare):
        return bool(self.models(state, seat, disc, spare))

    def start(self, state, seat, disc, spare, rng):
        return [ask(seat, "copy", self.card, disc)]

    def options(self, state, seat, pending):
        return [cmd.ChooseDisc(d) for d in self.models(state, seat, pending.disc, spare_dice(state))]

    def answer(self, state, seat, pending, command, rng):
        expect(command, pending, cmd.ChooseDisc)
        check_disc(command.disc)
        require(command.disc in self.models(state, seat, pending.disc, spare_dice(state)), ILLEGAL_TARGET,
                "copy another of your characters (not a Scaenicus) whose action is possible now")
        copied = card_on(state, seat, command.disc)
        out = [public(ev.ActionCopied(seat, pending.disc, command.disc, copied))]
        return out + EFFECTS[copied].start(state, seat, pending.disc, spare_dice(state), rng)


class Haruspex(Effect):
    """Look through the deck, take any card, then shuffle the deck."""

    card = "haruspex"

    def possible(self, state, seat, disc, spare):
        return bool(state.deck or state.discard)

    def start(self, state, seat, disc, spare, rng):
        out = []
        deck = state.deck
        if not deck:  # the deck ran out: the discard pile becomes the deck (Roma "Prendre une ou des carte(s)")
            deck = rng.shuffled(state.discard)
            out.append(private(ev.DiscardReshuffled(tuple(deck)), (), ev.DiscardReshuffledRedacted(len(deck))))
        seen = tuple(sorted(deck))
        out.append(private(ev.DeckSearched(seat, seen), (seat,), ev.DeckSearchedRedacted(seat, len(seen))))
        return out + [ask(seat, "search", self.card, disc)]

    def options(self, state, seat, pending):
        return [cmd.ChooseCard(c) for c in distinct(state.deck)]

    def answer(self, state, seat, pending, command, rng):
        expect(command, pending, cmd.ChooseCard)
        require(command.card in state.deck, ILLEGAL_TARGET, "take a card that is in the deck")
        rest = list(state.deck)
        rest.remove(command.card)
        rest = rng.shuffled(rest)
        return [private(ev.CardTakenFromDeck(seat, command.card), (seat,), ev.CardTakenFromDeckRedacted(seat)),
                private(ev.DeckShuffled(tuple(rest)), (), ev.DeckShuffledRedacted(len(rest)))]


class Essedum(Effect):
    """Until the end of the turn the opponent's cards defend ``amount`` less."""

    card = "essedum"

    def possible(self, state, seat, disc, spare):
        return any(state.discs[opponent(seat)])

    def start(self, state, seat, disc, spare, rng):
        return [public(ev.DefenceReduced(seat, CARDS[self.card].amount))]


for _effect in (
    Assassin("sicarius", CHARACTER),
    LayFromHand("architectus", BUILDING),
    Relay("consiliarius", CHARACTER),
    Legat(),
    Gladiator("gladiator", CHARACTER),
    Mercator(),
    Consul(),
    Frontal("legionarius", boost=False),
    Assassin("nero", BUILDING),
    Praetorianus(),
    Scaenicus(),
    Haruspex(),
    LayFromHand("senator", CHARACTER),
    Skirmisher("velites", CHARACTER),
    Essedum(),
    TribunusPlebis(),
    Frontal("centurio", boost=True),
):
    register_effect(_effect)
