"""The random bot's choice: every legal command can come up, draw agreements only rarely."""

from __future__ import annotations

import random
from collections import Counter

from carthago.bots import AGREEMENT_ODDS, command_kind, pick
from carthago.v1 import carthago_pb2 as pb


def rc(kind: str) -> pb.GameCommand:
    command = pb.GameCommand()
    getattr(command.rome_et_carthage, kind).SetInParent()
    return command


def test_agreements_come_up_about_once_in_agreement_odds_choices():
    commands = [rc("end_turn"), rc("offer_draw")]
    rng = random.Random(7)
    picks = Counter(command_kind(pick(rng, commands)) for _ in range(20_000))
    # offer_draw: chosen in the 1/ODDS branch, half of the time (one of two commands)
    expected = 20_000 / AGREEMENT_ODDS / 2
    assert 0.7 * expected < picks["offer_draw"] < 1.3 * expected
    assert picks["end_turn"] + picks["offer_draw"] == 20_000


def test_an_agreement_alone_is_still_chosen():
    rng = random.Random(1)
    assert command_kind(pick(rng, [rc("accept_draw")])) == "accept_draw"


def test_without_agreements_every_command_comes_up():
    commands = [rc("end_turn"), rc("declare_spy"), rc("keep_value")]
    rng = random.Random(3)
    assert {command_kind(pick(rng, commands)) for _ in range(300)} == {"end_turn", "declare_spy", "keep_value"}
