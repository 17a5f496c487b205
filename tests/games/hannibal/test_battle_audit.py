"""An audit of battles, retreats and withdrawals (§14-§16) against the rulebook: each test is a
case the engine got wrong, built as a position and played command by command."""

from __future__ import annotations

from engine.games.hannibal.state import evolve

from .helpers import CARTHAGE, ROME, B, Dice, Frame, at, clear, cmd, control, ev, legal, of, play, put, top


def _battle(space: str, attacker: int, origin: str, hands, *, rome_general: str = "varro",
            carthage_general: str = "hasdrubal", cu=(5, 5)):
    """A battle in ``space`` at its first round: Rome (``cu[0]`` CU) and Carthage (``cu[1]``), with
    the generals named ('' for none); ``hands`` is (Rome's, Carthage's)."""
    s = clear()
    put(s, ROME, space, cu[0], generals=(rome_general,) if rome_general else (), office="consul")
    put(s, CARTHAGE, space, cu[1], generals=(carthage_general,) if carthage_general else ())
    gens = (rome_general, carthage_general)
    sizes = cu
    if attacker == CARTHAGE:
        gens, sizes = gens[::-1], sizes[::-1]
    evolve(s, ev.BattleBegan(space=space, attacker=attacker, origin=origin, generals=gens, cu=sizes,
                             inside=(False, False), relief=False))
    s.battle.hands = [dict(hands[0]), dict(hands[1])]
    at(s, Frame(kind="battle_after", space=space, origin=origin), Frame(kind="battle_loop", space=space),
       Frame(kind="battle_attack", seat=attacker, space=space))
    return s


def test_14_8_a_force_without_general_cannot_take_the_initiative_after_a_failed_withdrawal():
    """Hannibal §14.8, §16.1: a matched Double Envelopment is the only way for a force without a
    general to become the attacker; a failed withdrawal lets the defender take the initiative only
    if a general commands it (G62). Hasdrubal (rating 2) withdraws from Roman CU without a general
    and rolls 5: he is still the attacker and must play a card or try again."""
    s = _battle("arretium", CARTHAGE, "faesulae", ({"probe": 1}, {"probe": 1}), rome_general="")
    control(s, CARTHAGE, "faesulae")
    play(s, CARTHAGE, cmd.ChooseOption(option="withdraw"), Dice(5))
    assert top(s).kind == "battle_attack" and top(s).seat == CARTHAGE
    assert s.battle.attacker == CARTHAGE
    # with a general, the defender may take the initiative (§16.1)
    s = _battle("arretium", CARTHAGE, "faesulae", ({"probe": 1}, {"probe": 1}))
    control(s, CARTHAGE, "faesulae")
    play(s, CARTHAGE, cmd.ChooseOption(option="withdraw"), Dice(5))
    assert top(s).kind == "take_initiative" and top(s).seat == ROME
