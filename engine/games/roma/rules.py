"""Roma rules: set-up, the turn, playing cards, money, cards, battle and the end of the game.

Written as small functions named the way the rulebook speaks. Card effects live in
``effects_characters.py`` and ``effects_buildings.py``; they register an :class:`Effect` per card
in :data:`EFFECTS`, which activation looks up.

Who sees what: set-up deals and draws are private to the receiving seat; every shuffle is private
to nobody (its redacted form gives the count); everything else is public, because cards on the
table, dice, money, VP and the discard pile are open information.
"""

from __future__ import annotations

from typing import Any

from engine.core import Emitted, GameConfig, Result, Status, private, public
from engine.errors import (ILLEGAL_MOVE, ILLEGAL_TARGET, MALFORMED_COMMAND, NO_SUCH_DIE, NOT_ENOUGH_MONEY,
                           UNKNOWN_COMMAND, WRONG_PHASE, RuleError, require)
from engine.rng import Rng

from . import commands as cmd
from . import events as ev
from .cards import ALL_CARDS, CARDS
from .state import NO_PENDING, OVER, PASS, PLACE, Pending, State

# -- the game's numbers (Roma "COMPOSITION DU JEU", "PREPARATION DU JEU") -------------------
SEATS = (0, 1)        # seat 0 opens the game (le joueur le plus jeune)
DISCS = range(1, 7)   # the six dice discs (disques à dé), numbered 1..6
START_VP = 10         # points gagnants each player receives
SUPPLY_VP = 16        # the rest of the 36 VP (12 tiles of 1, 12 of 2) form the supply (réserve)
DEALT = 4             # cards dealt to each player
PASSED = 2            # of which each gives this many to the other
ACTION_DICE = 3       # dés d'action per player
BATTLE_DIE = 6        # the white battle die (dé de combat) has six faces
NO_CARD = ""


def initial(config: GameConfig) -> State:
    """Before the deal: VP handed out, no money (money is unlimited in the bank: RULES.md)."""
    return State(
        phase=PASS, turn=0, active=0, hands=[[], []], deck=[], discard=[],
        discs=[[NO_CARD] * len(DISCS) for _ in SEATS], passing=[[], []], looking=[],
        money=[0, 0], vp=[START_VP, START_VP], supply=SUPPLY_VP, dice=[], used=[],
        blocked=[[], []], essedum=0, pending=NO_PENDING, winners=[], reason="",
    )


def setup(config: GameConfig, rng: Rng) -> list[Emitted]:
    """Roma "PREPARATION DU JEU": shuffle all cards, deal four to each player."""
    deck = rng.shuffled(ALL_CARDS)
    out = [private(ev.DeckShuffled(tuple(deck)), (), ev.DeckShuffledRedacted(len(deck)))]
    for seat in SEATS:
        dealt = tuple(deck[seat * DEALT:(seat + 1) * DEALT])
        out.append(private(ev.CardsDealt(seat, dealt), (seat,), ev.CardsDealtRedacted(seat, DEALT)))
    return out


def status(state: State) -> Status:
    if state.phase == OVER:
        return Status((), True, Result(tuple(state.winners), tuple(state.vp), state.reason))
    if state.phase == PASS:
        return Status(tuple(s for s in SEATS if len(state.passing[s]) < PASSED))
    return Status((state.active,))


def resign_result(state: State, seat: int) -> Result:
    """A resignation: the other player wins; the scores shown are the victory points now."""
    return Result((1 - seat,), tuple(state.vp), "resignation")


# -- small rule functions --------------------------------------------------------------------
def opponent(seat: int) -> int:
    return 1 - seat


def card_on(state: State, seat: int, disc: int) -> str:
    return state.discs[seat][disc - 1]


def empty_discs(state: State, seat: int) -> int:
    """Dice discs on ``seat``'s side without a card (Roma "Phase 1")."""
    return state.discs[seat].count(NO_CARD)


def discs_with(state: State, seat: int, test) -> list[int]:
    """``seat``'s discs whose card passes ``test`` (e.g. ``is_character``)."""
    return [d for d, c in zip(DISCS, state.discs[seat]) if c and test(c)]


def forum_neighbours(disc: int) -> tuple[int, ...]:
    """The discs beside ``disc`` on the same side: one more and one less (Roma "Basilica", "Templum")."""
    return tuple(d for d in (disc - 1, disc + 1) if d in DISCS)


def defence_of(state: State, seat: int, disc: int) -> int:
    """The defence of ``seat``'s card on ``disc`` with every modifier in play (Roma "Combat"):
    +amount for each other Turris of its owner, -Essedum while the opponent's Essedum is in force."""
    card = card_on(state, seat, disc)
    defence = CARDS[card].defence
    turris = CARDS["turris"]
    for d, other in zip(DISCS, state.discs[seat]):
        if other == turris.id and d != disc:
            defence += turris.amount
    if seat != state.active:
        defence -= state.essedum
    return defence


def defences(state: State, seat: int) -> tuple[int, ...]:
    """:func:`defence_of` for each of ``seat``'s discs, -1 where no card lies (a view's whole
    side at once: the Turris counted once, not once per disc)."""
    turris = CARDS["turris"]
    side = state.discs[seat]
    towers = side.count(turris.id)
    essedum = state.essedum if seat != state.active else 0
    return tuple(CARDS[c].defence + turris.amount * (towers - (c == turris.id)) - essedum if c else -1
                 for c in side)


def unused_dice(state: State) -> list[int]:
    """The values of the active player's unused action dice, each value once."""
    return sorted({v for v, u in zip(state.dice, state.used) if not u})


def spare_dice(state: State) -> int:
    """How many of the active player's action dice are still unused."""
    return state.used.count(False)


def can_draw(state: State) -> bool:
    return bool(state.deck or state.discard)


def distinct(cards) -> list[str]:
    return sorted(set(cards))


def ask(seat: int, kind: str, card: str = NO_CARD, disc: int = -1, die: int = -1, target: int = -1,
        roll: int = -1) -> Emitted:
    """Raise a decision ``seat`` must answer next (always the last event of a batch)."""
    return public(ev.DecisionRequired(seat, kind, card, disc, die, target, roll))


def check_disc(disc: Any) -> None:
    require(type(disc) is int and disc in DISCS, MALFORMED_COMMAND, "a dice disc is numbered 1 to 6")


def check_die(state: State, die: Any) -> None:
    require(type(die) is int and die in unused_dice(state), NO_SUCH_DIE, f"you have no unused die showing {die}")


# -- victory points and the end of the game (Roma "FIN DU JEU") -------------------------------
def game_end(vp: list[int], supply: int) -> Emitted | None:
    """The game ends at once when a player has no VP or the supply is empty; most VP wins."""
    if min(vp) > 0 and supply > 0:
        return None
    reason = "supply_empty" if supply <= 0 else "no_victory_points"
    winners = () if vp[0] == vp[1] else ((0,) if vp[0] > vp[1] else (1,))
    return public(ev.GameEnded(winners, tuple(vp), reason))


def gain_from_supply(state: State, seat: int, amount: int, reason: str) -> list[Emitted]:
    """``seat`` gains ``amount`` VP from the supply; a short supply still counts in full."""
    vp = list(state.vp)
    vp[seat] += amount
    out = [public(ev.VictoryPointsGained(seat, amount, reason))]
    end = game_end(vp, max(0, state.supply - amount))
    return out + [end] if end else out


def take_from_opponent(state: State, seat: int, amount: int, reason: str) -> list[Emitted]:
    """``seat`` takes ``amount`` VP from the opponent, or as many as the opponent has."""
    amount = min(amount, state.vp[opponent(seat)])
    vp = list(state.vp)
    vp[seat] += amount
    vp[opponent(seat)] -= amount
    out = [public(ev.VictoryPointsTaken(seat, amount, reason))]
    end = game_end(vp, state.supply)
    return out + [end] if end else out


# -- battle (Roma "Combat") ------------------------------------------------------------------
def battle(state: State, seat: int, disc: int, target: int, rng: Rng, boost_dice: int = 0) -> list[Emitted]:
    """``seat``'s card on ``disc`` attacks the opposing card on ``target``: the attacker rolls the
    battle die and wins when it reaches the defence; the loser is discarded. ``boost_dice``: unused
    dice a Centurio may add after a failed roll (Roma "Centurio")."""
    opp = opponent(seat)
    card = card_on(state, opp, target)
    defence = defence_of(state, opp, target)
    roll = rng.die(BATTLE_DIE)
    won = roll >= defence
    out = [public(ev.BattleRolled(seat, disc, target, card, roll, defence, won))]
    if won:
        out.append(public(ev.CardDiscarded(opp, target, card, "battle")))
    elif boost_dice > 0:
        out.append(ask(seat, "boost", "centurio", disc, target=target, roll=roll))
    return out


def cover(state: State, seat: int, disc: int) -> list[Emitted]:
    """A card laid on an occupied disc sends the old one to the discard pile (Roma "Superposer des cartes")."""
    old = card_on(state, seat, disc)
    return [public(ev.CardDiscarded(seat, disc, old, "covered"))] if old else []


# -- card effects ---------------------------------------------------------------------------
class Effect:
    """What a card does when activated (Roma "DETAIL DES CARTES").

    ``spare`` is the number of the player's unused dice besides the one activating the card.
    A pending decision raised by an effect carries the effect's card, so its answers come back
    to ``options``/``answer`` of the same effect.
    """

    card = ""

    def possible(self, state: State, seat: int, disc: int, spare: int) -> bool:
        """Whether activating it now could have any effect (else the activation is not legal)."""
        return True

    def start(self, state: State, seat: int, disc: int, spare: int, rng: Rng) -> list[Emitted]:
        raise NotImplementedError

    def options(self, state: State, seat: int, pending: Pending) -> list[Any]:
        return []

    def answer(self, state: State, seat: int, pending: Pending, command: Any, rng: Rng) -> list[Emitted]:
        raise wrong_command(command, pending.kind)


EFFECTS: dict[str, Effect] = {}


def register_effect(effect: Effect) -> Effect:
    EFFECTS[effect.card] = effect
    return effect


def wrong_command(command: Any, kind: str) -> RuleError:
    what = f"the pending decision ({kind})" if kind else "this phase"
    return RuleError(WRONG_PHASE, f"{type(command).__name__} does not answer {what}")


def activation_error(state: State, seat: int, disc: int) -> str | None:
    """Why ``seat`` may not activate its card on ``disc`` now (Roma "Activer une carte"), or None."""
    if disc not in unused_dice(state):
        return NO_SUCH_DIE
    card = card_on(state, seat, disc)
    if not card:
        return ILLEGAL_TARGET
    if disc in state.blocked[seat] or not CARDS[card].activated:
        return ILLEGAL_MOVE
    if not EFFECTS[card].possible(state, seat, disc, spare_dice(state) - 1):
        return ILLEGAL_MOVE
    return None


_ACTIVATION_MESSAGES = {
    NO_SUCH_DIE: "activating the card on disc {d} needs an unused die showing {d}",
    ILLEGAL_TARGET: "you have no card on disc {d}",
    ILLEGAL_MOVE: "the card on disc {d} cannot be activated now (blocked, never activated, or no effect possible)",
}


# -- decide ---------------------------------------------------------------------------------
def decide(state: State, seat: int, command: Any, rng: Rng) -> list[Emitted]:
    """Validate one command (the seat may act: checked by the caller) and return its events."""
    kind = type(command)
    require(kind in cmd.COMMAND_TYPES, UNKNOWN_COMMAND, f"not a Roma command: {kind.__name__}")
    if state.phase == PASS:
        if kind is cmd.PassCard:
            return pass_card(state, seat, command)
    elif state.phase == PLACE:
        if kind is cmd.LayCard:
            return place_card(state, seat, command, rng)
    elif state.pending.kind == "":
        handler = _ACTIONS.get(kind)
        if handler:
            return handler(state, seat, command, rng)
    elif state.pending.kind == "reroll":
        if kind in (cmd.RerollDice, cmd.KeepDice):
            return reroll_or_keep(state, seat, command, rng)
    elif state.pending.kind == "keep":
        if kind is cmd.ChooseCard:
            return keep_card(state, seat, command)
    else:
        return EFFECTS[state.pending.card].answer(state, seat, state.pending, command, rng)
    raise wrong_command(command, state.pending.kind)


def legal(state: State, seat: int) -> list[Any]:
    if seat not in status(state).to_act:
        return []
    if state.phase == PASS:
        return [cmd.PassCard(c) for c in distinct(state.hands[seat])]
    if state.phase == PLACE:
        free = [d for d in DISCS if not card_on(state, seat, d)]
        return [cmd.LayCard(c, d) for c in distinct(state.hands[seat]) for d in free]
    kind = state.pending.kind
    if kind == "":
        return action_options(state, seat)
    if kind == "reroll":
        return [cmd.RerollDice(), cmd.KeepDice()]
    if kind == "keep":
        return [cmd.ChooseCard(c) for c in distinct(state.looking)]
    return EFFECTS[state.pending.card].options(state, seat, state.pending)


# -- set-up ---------------------------------------------------------------------------------
def pass_card(state: State, seat: int, c: cmd.PassCard) -> list[Emitted]:
    """Roma "PREPARATION DU JEU": each player secretly gives two of the four dealt cards, chosen
    one command at a time; the cards change hands when both players have chosen both."""
    require(c.card in state.hands[seat], ILLEGAL_TARGET, "you can only pass cards from your hand")
    out = [private(ev.CardPassed(seat, c.card), (seat,), ev.CardPassedRedacted(seat))]
    mine = state.passing[seat] + [c.card]
    other = state.passing[opponent(seat)]
    if len(mine) == PASSED and len(other) == PASSED:
        given = (mine, other) if seat == 0 else (other, mine)
        out.append(private(ev.CardsExchanged(tuple(given[0]), tuple(given[1])), SEATS, ev.CardsExchangedRedacted()))
    return out


def place_card(state: State, seat: int, c: cmd.LayCard, rng: Rng) -> list[Emitted]:
    """Set-up: lay a card face down on a free disc; when the second player has laid all four,
    the cards are turned up and the first player begins."""
    check_disc(c.disc)
    require(c.card in state.hands[seat], ILLEGAL_TARGET, "you can only lay cards from your hand")
    require(not card_on(state, seat, c.disc), ILLEGAL_TARGET, "at set-up each disc takes at most one card")
    out = [private(ev.CardPlacedFaceDown(seat, c.card, c.disc), (seat,), ev.CardPlacedFaceDownRedacted(seat, c.disc))]
    if seat == SEATS[-1] and len(state.hands[seat]) == 1:
        second = list(state.discs[seat])
        second[c.disc - 1] = c.card
        out.append(public(ev.CardsRevealed(tuple(state.discs[0]), tuple(second))))
        out += start_turn(state, SEATS[0], 1, rng)
    return out


# -- the turn (Roma "DEROULEMENT DU JEU") ----------------------------------------------------
def start_turn(state: State, seat: int, turn: int, rng: Rng) -> list[Emitted]:
    """Phase 1: pay 1 VP per empty disc into the supply; phase 2: roll the action dice."""
    out = [public(ev.TurnStarted(seat, turn))]
    empty = empty_discs(state, seat)
    if empty:
        amount = min(empty, state.vp[seat])
        out.append(public(ev.VictoryPointsPaid(seat, amount, empty)))
        vp = list(state.vp)
        vp[seat] -= amount
        end = game_end(vp, state.supply + amount)
        if end:
            return out + [end]
    return out + roll_dice(seat, rng, reroll=False)


def roll_dice(seat: int, rng: Rng, reroll: bool) -> list[Emitted]:
    """Roma "Phase 2": three of a kind may be rolled again, once."""
    dice = tuple(rng.die() for _ in range(ACTION_DICE))
    out = [public(ev.DiceRolled(seat, dice, reroll))]
    if not reroll and len(set(dice)) == 1:
        out.append(ask(seat, "reroll"))
    return out


def reroll_or_keep(state: State, seat: int, c: Any, rng: Rng) -> list[Emitted]:
    if type(c) is cmd.KeepDice:
        return [public(ev.DiceKept(seat))]
    return roll_dice(seat, rng, reroll=True)


def end_turn(state: State, seat: int, c: cmd.EndTurn, rng: Rng) -> list[Emitted]:
    return [public(ev.TurnEnded(seat))] + start_turn(state, opponent(seat), state.turn + 1, rng)


# -- phase 3 actions (Roma "Phase 3") --------------------------------------------------------
def play_card(state: State, seat: int, c: cmd.PlayCard, rng: Rng) -> list[Emitted]:
    """Roma "Jouer des cartes": no die; pay the printed cost; lay it on one of your discs."""
    check_disc(c.disc)
    require(c.card in state.hands[seat], ILLEGAL_TARGET, "you can only play cards from your hand")
    cost = CARDS[c.card].cost
    require(state.money[seat] >= cost, NOT_ENOUGH_MONEY, f"{CARDS[c.card].name} costs {cost} sesterces")
    return cover(state, seat, c.disc) + [public(ev.CardPlayed(seat, c.card, c.disc, cost))]


def take_money(state: State, seat: int, c: cmd.TakeMoney, rng: Rng) -> list[Emitted]:
    """Roma "Prendre de l'argent": a die on the money disc gives its value in sesterces."""
    check_die(state, c.die)
    return [public(ev.DieUsed(seat, c.die, "money")), public(ev.MoneyTaken(seat, c.die))]


def take_cards(state: State, seat: int, c: cmd.TakeCards, rng: Rng) -> list[Emitted]:
    """Roma "Prendre une ou des carte(s)": look at as many cards as the die shows, keep one.
    When the deck runs out the discard pile is shuffled into a new deck."""
    check_die(state, c.die)
    require(can_draw(state), ILLEGAL_MOVE, "the deck and the discard pile are both empty")
    out = [public(ev.DieUsed(seat, c.die, "cards"))]
    drawn = state.deck[:c.die]
    if len(drawn) < c.die and state.discard:
        order = rng.shuffled(state.discard)
        out.append(private(ev.DiscardReshuffled(tuple(order)), (), ev.DiscardReshuffledRedacted(len(order))))
        drawn = drawn + order[:c.die - len(drawn)]
    out.append(private(ev.CardsLookedAt(seat, tuple(drawn)), (seat,), ev.CardsLookedAtRedacted(seat, len(drawn))))
    return out + [ask(seat, "keep")]


def keep_card(state: State, seat: int, c: cmd.ChooseCard) -> list[Emitted]:
    require(c.card in state.looking, ILLEGAL_TARGET, "keep one of the cards you are looking at")
    rest = list(state.looking)
    rest.remove(c.card)
    # What is discarded becomes public: it goes in an event of its own, seen by all in full.
    out = [private(ev.CardKept(seat, c.card), (seat,), ev.CardKeptRedacted(seat))]
    return out + [public(ev.CardsRejected(seat, tuple(rest)))] if rest else out


def activate_card(state: State, seat: int, c: cmd.ActivateCard, rng: Rng) -> list[Emitted]:
    """Roma "Activer une carte": the die showing the disc's number activates your card there."""
    check_disc(c.disc)
    error = activation_error(state, seat, c.disc)
    if error:
        raise RuleError(error, _ACTIVATION_MESSAGES[error].format(d=c.disc))
    card = card_on(state, seat, c.disc)
    out = [public(ev.DieUsed(seat, c.disc, "activate")), public(ev.CardActivated(seat, c.disc, card))]
    return out + EFFECTS[card].start(state, seat, c.disc, spare_dice(state) - 1, rng)


_ACTIONS = {
    cmd.PlayCard: play_card,
    cmd.TakeMoney: take_money,
    cmd.TakeCards: take_cards,
    cmd.ActivateCard: activate_card,
    cmd.EndTurn: end_turn,
}


def action_options(state: State, seat: int) -> list[Any]:
    out: list[Any] = []
    money = state.money[seat]
    for card in distinct(state.hands[seat]):
        if CARDS[card].cost <= money:
            out += [cmd.PlayCard(card, d) for d in DISCS]
    dice = unused_dice(state)
    out += [cmd.TakeMoney(v) for v in dice]
    if can_draw(state):
        out += [cmd.TakeCards(v) for v in dice]
    out += [cmd.ActivateCard(v) for v in dice if activation_error(state, seat, v) is None]
    out.append(cmd.EndTurn())
    return out

