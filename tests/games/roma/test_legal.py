"""``legal()`` lists exactly the commands ``decide`` accepts (engine.core contract), and every
rejection is a RuleError with a stable code, leaving the state unchanged (DESIGN.md principle 6)."""

import random

from engine.core import GameConfig, copy_state, state_digest
from engine.errors import RuleError
from engine.games.roma import ROMA
from engine.games.roma.cards import CARDS
from engine.rng import Rng
from engine.session import Session

from .helpers import ScriptedRng, cmd, play, position, side

CARD_IDS = sorted(CARDS) + ["no_such_card"]
VALUES = range(0, 8)  # discs and dice, with out-of-range values on both sides


def universe():
    """Every command a client could send, within reason (and some malformed ones)."""
    out = [cmd.RerollDice(), cmd.KeepDice(), cmd.EndTurn(), cmd.Decline()]
    for card in CARD_IDS:
        out += [cmd.ChooseCard(card), cmd.PassCard(card)]
        out += [cmd.PlayCard(card, d) for d in VALUES] + [cmd.LayCard(card, d) for d in VALUES]
    for v in VALUES:
        out += [cmd.TakeMoney(v), cmd.TakeCards(v), cmd.ActivateCard(v), cmd.ChooseDisc(v), cmd.ChooseDie(v)]
        out += [cmd.AdjustDie(v, d) for d in (-2, -1, 0, 1, 2)]
    out += [cmd.BuyVictoryPoints(n) for n in range(0, 40)]
    return out


def built_states():
    """Decisions that random games seldom reach: a Centurio's extra die, a Mercator's purchase."""
    boost = position(first=side(d4="centurio"), second=side(d4="turris"), dice=[4, 3, 5])
    play(boost, 0, cmd.ActivateCard(4), ScriptedRng(dice=[1]))
    buy = position(first=side(d6="mercator"), money=(9, 0), dice=[6, 1, 1])
    play(buy, 0, cmd.ActivateCard(6))
    return [boost, buy]


def sample_states():
    yield from built_states()
    kinds_seen = set()
    for n in range(1, 31):
        session, _ = Session.start(ROMA, GameConfig(players=2), seed=b"legal-%d" % n)
        bot = random.Random(n)
        step = 0
        while not session.status().over:
            if step % 12 == 0 or session.state.pending.kind not in kinds_seen:  # every decision kind
                kinds_seen.add(session.state.pending.kind)
                yield copy_state(ROMA, session.state)
            seat = bot.choice(session.status().to_act)
            options = session.legal(seat)
            if n % 2 and len(options) > 1 and options[-1] == cmd.EndTurn():  # a patient bot
                options = options[:-1]
            session.submit(seat, bot.choice(options))
            step += 1
        yield session.state


def test_legal_is_exactly_what_decide_accepts():
    commands = universe()
    checked, pending = 0, set()
    for state in sample_states():
        digest = state_digest(state)
        for seat in (0, 1):
            accepted = set()
            for c in commands:
                try:
                    ROMA.decide(state, seat, c, Rng(b"legal", 0))
                except RuleError as err:
                    assert err.code.isupper() and err.message
                else:
                    accepted.add(c)
            assert accepted == set(ROMA.legal(state, seat)), (state, seat)
            checked += 1
        pending.add(state.pending.kind)
        assert state_digest(state) == digest
    assert checked > 400 and len(pending) == 15, pending
