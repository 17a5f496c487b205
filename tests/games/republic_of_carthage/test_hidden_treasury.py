"""RoC II.10 (the talents on senator cards lie face up; those of a faction treasury, the faction's as a
whole, are kept visible but face down) and R58: a faction treasury's amount is hidden from the other
seats and spectators; its stack is seen. These tests compare two worlds that differ only in hidden
amounts: whatever another seat receives (its view, the events streamed to it) must be the same in
both, so that they fail if the amount leaks anywhere."""

from __future__ import annotations

import msgspec

from engine.games.republic_of_carthage.flow import SIMULTANEOUS, Ctx
from engine.games.republic_of_carthage.views import sample_hidden, view
from engine.rng import Rng

from .helpers import G, Dice, Frame, cmd, ev, legal, of, play, run, table, top

OTHERS = (0, 2, None)  # the seats (and the spectator) that do not hold seat 1's treasury


def test_the_view_shows_the_own_treasury_and_the_others_stacks_only():
    """R58: a seat sees its own treasury's amount; of the others it sees whether the stack holds
    talents (``treasury_held``), never how many (-1); a spectator sees no amount."""
    s = table()
    s.faction_treasury = [5, 12, 0]
    assert view(s, 0).faction_treasury == (5, -1, -1)
    assert view(s, 1).faction_treasury == (-1, 12, -1)
    assert view(s, None).faction_treasury == (-1, -1, -1)
    assert {view(s, x).treasury_held for x in (0, 1, 2, None)} == {(True, True, False)}


def _views(treasury: int) -> dict:
    s = table()
    s.faction_treasury = [3, treasury, 0]
    return {x: msgspec.to_builtins(view(s, x)) for x in (0, 1, 2, None)}


def test_no_other_view_depends_on_the_amount():
    """R58: two worlds where seat 1's treasury holds 7 or 20 T look the same to every other seat and
    to spectators (every field of the view, the pending steps included); seat 1 tells them apart."""
    a, b = _views(7), _views(20)
    for x in OTHERS:
        assert a[x] == b[x], x
    assert a[1] != b[1]


def _gift(amount: int):
    """II.10: seat 1 gives ``amount`` T of its treasury (20) to seat 2's; seat 0 moves 2 T from its
    treasury to its Faction Leader, off a face-up card. Returns the Emitted records and the state."""
    s = table()
    s.faction_treasury = [3, 20, 1]
    out = []

    def send(seat, command):
        emitted = G.decide(s, seat, command, Dice())
        for e in emitted:
            G.evolve(s, e.event)
        out.extend(emitted)

    run(s, Frame(kind="redistribute", seat=SIMULTANEOUS, nums=[0, 1, 2]), Frame(kind="redistribute_reveal"))
    send(1, cmd.Transfer(source="faction:1", target="faction:2"))
    send(1, cmd.ChooseNumber(number=amount))
    send(1, cmd.ChooseOption(option="done"))
    send(0, cmd.Transfer(source="faction:0", target="senator:1"))
    send(0, cmd.ChooseNumber(number=2))
    send(0, cmd.ChooseOption(option="done"))
    send(2, cmd.ChooseOption(option="done"))
    return out, s


def test_a_gift_between_treasuries_is_streamed_to_the_two_factions_only():
    """II.10, R58: the gift from seat 1's treasury to seat 2's is revealed with its amount as "?" and
    carried out by a ``Transferred`` private to seats 1 and 2: seat 0 and spectators receive the same
    events whether the gift was 4 or 9 T (``TransferredRedacted``: the stack passed, not its size),
    and their views after are the same too. The move off seat 0's face-up card is public."""
    four, s4 = _gift(4)
    nine, s9 = _gift(9)
    assert len(four) == len(nine)
    for x in (0, None):
        assert [e.for_seat(x) for e in four] == [e.for_seat(x) for e in nine], x
        assert view(s4, x) == view(s9, x)
    for x in (1, 2):
        assert [e.for_seat(x) for e in four] != [e.for_seat(x) for e in nine]
    revealed = next(e.event for e in four if isinstance(e.event, ev.ChoicesRevealed))
    assert set(revealed.choices) == {"1|faction:1>faction:2|?", "0|faction:0>senator:1|2"}
    gift = next(e for e in four if isinstance(e.event, ev.Transferred) and e.event.source == "faction:1")
    assert gift.seats == (1, 2) and gift.event.amount == 4
    assert gift.for_seat(0) == ev.TransferredRedacted(source="faction:1", target="faction:2", reason="redistribution")
    public = next(e for e in four if isinstance(e.event, ev.Transferred) and e.event.source == "faction:0")
    assert public.seats is None and public.event.amount == 2
    assert s4.faction_treasury == [1, 16, 5] and s4.hidden_flows == {"1:2": 4}


def test_a_sample_holds_the_treasury_as_the_seat_can_tell_it():
    """R58 and sample_hidden: a bot's sample holds another faction's treasury as its seat can count it:
    every public move, but not the moves between two other treasuries. Seat 1 gave 4 T to seat 2 in
    secret: seat 0's sample holds 20 for seat 1 and 1 for seat 2 (what it saw), seat 2's holds the
    truth for seat 1 (it took part), and neither keeps a secret flow it was not party to; every
    sample shows its seat the same view as the real state."""
    _, s = _gift(4)
    s.flow = []
    zero = sample_hidden(G, s, 0, Rng(b"t", 0))
    assert zero.faction_treasury == [1, 20, 1] and zero.hidden_flows == {}
    two = sample_hidden(G, s, 2, Rng(b"t", 0))
    assert two.faction_treasury == [1, 16, 5] and two.hidden_flows == {"1:2": 4}
    spectator = sample_hidden(G, s, None, Rng(b"t", 0))
    assert spectator.faction_treasury == [1, 20, 1]
    for x, t in ((0, zero), (2, two), (None, spectator)):
        assert view(t, x) == view(s, x)


def test_a_stack_spent_below_what_the_others_counted_still_shows_as_held():
    """R58: seat 0 cannot count below 1 a stack it sees holding talents: seat 1 received 9 T in
    secret from seat 2 and spent 25 T in public (its count for seat 1: 20 - 25 < 0); the sample
    holds 1."""
    s = table()
    s.faction_treasury = [0, 4, 0]
    s.hidden_flows = {"2:1": 9}
    assert sample_hidden(G, s, 0, Rng(b"t", 0)).faction_treasury[1] == 1
    s.faction_treasury[1] = 0
    assert sample_hidden(G, s, 0, Rng(b"t", 0)).faction_treasury[1] == 0


def test_an_offer_asks_at_most_what_the_asker_can_tell_the_other_holds():
    """R112 (an offer asks at most what the receiver holds) with R58: the bound counts the
    receiver's senators in Carthage and his treasury as the offering seat can tell it, so that the
    offer's legal numbers are the same in both worlds of a secret gift the offering seat did not see
    (seat 2 gave seat 1 0 or 6 T): they would otherwise show seat 1's treasury to seat 0."""
    def bound(secret):
        s = table()
        s.faction_treasury = [0, 10 + secret, 0]
        s.senators["4"].talents = 2
        s.hidden_flows = {"2:1": secret} if secret else {}
        s.flow = [Frame(kind="offer_talents", seat=0, count=1, nums=[0])]
        return min(c.number for c in legal(s, 0))
    assert bound(0) == bound(6) == -(10 + 2)  # the treasury seen and his senator's 2 T on a face-up card


def test_the_trade_income_step_shows_the_others_no_treasury():
    """III.3e with R58: the amount step of the trade income shown to every seat (the pending step)
    carries the public trade income still to share, not the treasury that caps it."""
    s = table()
    s.faction_treasury = [30, 0, 0]
    s.counters["trade_income:0"] = 6
    s.flow = [Frame(kind="trade_income", seat=0)]
    play(s, 0, cmd.Transfer(source="faction:0", target="senator:1"))
    assert top(s).kind == "amount" and top(s).count == 6
    assert legal(s, 0)[-1] == cmd.ChooseNumber(number=6)
    s2 = table()
    s2.faction_treasury = [4, 0, 0]  # below the trade income (tax or a payment took some)
    s2.counters["trade_income:0"] = 6
    s2.flow = [Frame(kind="trade_income", seat=0)]
    play(s2, 0, cmd.Transfer(source="faction:0", target="senator:1"))
    assert view(s2, 1).flow == view(s, 1).flow
    assert legal(s2, 0)[-1] == cmd.ChooseNumber(number=4)  # the treasury caps it, for its own seat


def test_rules_ctx_transfer_keeps_public_moves_public():
    """R58: only a move between two faction treasuries is private; one with a face-up or public side
    (a senator's card, the State, the bank) is streamed to all."""
    s = table()
    s.faction_treasury = [5, 0, 0]
    ctx = Ctx(s, Dice())
    ctx.transfer("faction:0", "senator:1", 2, "test")
    ctx.transfer("faction:0", "faction:1", 2, "test")
    ctx.transfer("faction:0", "state", 1, "test")
    out = ctx.finish()
    assert [e.seats for e in out if isinstance(e.event, ev.Transferred)] == [None, (0, 1), None]
    assert of([e.for_seat(2) for e in out], ev.TransferredRedacted) == [
        ev.TransferredRedacted(source="faction:0", target="faction:1", reason="test")]
