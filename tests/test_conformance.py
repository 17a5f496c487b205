"""The conformance suite: every registered game passes it, and it finds planted bugs.

The planted bugs are variants of the test game TINY (tests/tinygame.py), each overriding one
method; each must be caught by the check that names it. Variants that reveal information
lawfully must pass (the leak checks give no false alarm).
"""

from __future__ import annotations

import argparse
import random

import msgspec
import pytest

from conformance import cli
from conformance.checks import CHECKS, Plan
from conformance.runner import configurations, foreign_commands, run_config
from server.log import verify
from engine import errors, registry
from engine.core import Emitted, GameConfig, Variant, private, public
from engine.session import check_can_act

from .tinygame import TINY, Dealt, DealtPublic, Draw, Event, Stand, State, Stood, TinyGame, View

CONFIG = GameConfig(players=2)
# Seeded games a configuration in `make test` (`make conformance` plays 300 a configuration). Every
# configuration of every game is played; each (game, configuration, run of seeds) is a test of its
# own, so that pytest-xdist spreads them over the cores and a failure names its configuration.
# A game's CPU under the suite's checks, on this 2-core machine: Roma ~1.5 s, Hannibal ~6, Rome et
# Carthage ~7, The Republic of Carthage ~15 (its games run ~2,200 commands): the last two have many
# configurations (42 and 20), so they play one game each.
GAMES = {"roma": 40, "hannibal": 12, "rome-et-carthage": 1, "republic-of-carthage": 1}
CHUNK = 10  # at most this many games in one test


def _cases():
    for game_id in registry.ids():
        game = registry.get(game_id)
        for index, config in enumerate(configurations(game)):
            games = GAMES.get(game_id, 2)
            size = -(-games // -(-games // CHUNK))  # even runs of at most CHUNK
            for first in range(1, games + 1, size):
                seeds = (first, min(games, first + size - 1))
                options = ",".join(f"{k}={v}" for k, v in sorted(config.options.items())) or "default"
                yield pytest.param(game_id, index, seeds, id=f"{game_id}-{config.players}p-{options}-{seeds[0]}-{seeds[1]}")


def failure_of(game, games: int = 30, plan: Plan = Plan()):
    """The first failure over ``games`` seeded games (None if all pass)."""
    return run_config(game, CONFIG, range(1, games + 1), plan, foreign=()).failure


# ---- every registered game -------------------------------------------------------

@pytest.mark.parametrize("game_id, index, seeds", list(_cases()))
def test_every_registered_game_passes_the_suite(game_id, index, seeds):
    game = registry.get(game_id)
    config = configurations(game)[index]
    first, last = seeds
    result = run_config(game, config, range(first, last + 1), foreign=foreign_commands(game) + (Draw(), Stand()))
    assert not result.skipped, result.skipped
    f = result.failure
    assert f is None, (f"{f.check} failed: {f.message}\nreproduce: "
                       f"{cli.reproduce(game_id, f.seed, config.players, config.options)}")
    assert result.games == last - first + 1 and result.steps > 0
    ran = {c for c, n in result.tally.items() if n}
    assert ran == set(CHECKS) - ({"wire"} if not game.info.proto_package else set())


def test_the_test_game_passes_with_every_check_but_wire():
    result = run_config(TINY, CONFIG, range(1, 41), Plan(), foreign=())
    assert result.failure is None, result.failure
    assert {c for c, n in result.tally.items() if n} == set(CHECKS) - {"wire"}


# ---- planted bugs ------------------------------------------------------------------

class LeakyView(TinyGame):
    """The view shows the other seat's first card (in the count field)."""

    def view(self, state, seat):
        v = super().view(state, seat)
        if seat is None:
            return v
        return msgspec.structs.replace(v, other_cards=state.hands[1 - seat][0])


class DieInEvolve(TinyGame):
    """evolve rolls a die with Python's random: replaying the log gives another state."""

    def evolve(self, state, event):
        state = super().evolve(state, event)
        if isinstance(event, Dealt) and len(state.deck) > 1:
            k = random.randint(1, 6) % len(state.deck)
            state.deck = state.deck[k:] + state.deck[:k]
        return state


class ListsIllegalDraw(TinyGame):
    """legal() lists Draw even with a full hand, which decide refuses."""

    def legal(self, state, seat):
        return [Draw(), Stand()] if super().legal(state, seat) else []


class DealtLeaky(Variant):
    seat: int
    card: int


class LeakyRedactedDeal(TinyGame):
    """The public form of a draw names the card drawn."""

    Event = Event | DealtLeaky

    def decide(self, state, seat, command, rng):
        emitted = super().decide(state, seat, command, rng)
        return [private(e.event, e.seats, DealtLeaky(e.event.seat, e.event.card)) if isinstance(e.event, Dealt)
                else e for e in emitted]


class MutatingDecide(TinyGame):
    """decide sorts the deck of the state it was given."""

    def decide(self, state, seat, command, rng):
        state.deck.sort()
        return super().decide(state, seat, command, rng)


class ActsAfterTheEnd(TinyGame):
    """The stand that ends the game is followed by another event: the rest of a step that ended the
    game went on (Hannibal did so once: a general neutralized after the war's end)."""

    def decide(self, state, seat, command, rng):
        emitted = super().decide(state, seat, command, rng)
        if isinstance(command, Stand) and state.standing[1 - seat]:
            emitted.append(public(Stood(seat=1 - seat)))
        return emitted


def test_an_event_after_the_one_that_ended_the_game_is_caught():
    f = failure_of(ActsAfterTheEnd())
    assert f.check == "progress" and "the game ended with Stood, yet Stood and 0 more events follow" in f.message, f.message


def test_a_view_that_shows_a_hidden_card_is_a_leak():
    f = failure_of(LeakyView())
    assert f.check == "leak" and "view of seat" in f.message and "other_cards" in f.message


def test_a_die_rolled_in_evolve_breaks_replay():
    f = failure_of(DieInEvolve())
    # the first to see it is the game played again through engine.core.advance, after the command
    assert f.check == "replay" and ("replaying the log gives another state" in f.message
                                    or "leaves another state than decide then evolve" in f.message), f.message


def test_a_legal_command_that_decide_refuses_is_caught():
    f = failure_of(ListsIllegalDraw())
    assert f.check == "legal" and "Draw()" in f.message and "decide rejects it" in f.message


def test_a_redacted_event_that_names_a_hidden_card_is_a_leak():
    f = failure_of(LeakyRedactedDeal())
    assert f.check == "leak" and "redacted form" in f.message and "DealtLeaky.card" in f.message
    assert f.seq is not None


def test_a_decide_that_mutates_its_state_is_impure():
    f = failure_of(MutatingDecide())
    assert f.check == "purity" and "decide changed its input state" in f.message


# ---- secret commands and lawful reveals --------------------------------------------

class Discard(Variant):
    card: int


class Discarded(Variant):
    seat: int
    card: int


class DiscardedPublic(Variant):
    seat: int


class DiscardedLeaky(Variant):
    seat: int
    card: int


class SecretDiscard(TinyGame):
    """TINY plus a secret choice: discard one of your cards face down (keeping at least one)."""

    Command = Draw | Stand | Discard
    Event = Event | Discarded | DiscardedPublic | DiscardedLeaky

    def redact(self, seat, card):
        return DiscardedPublic(seat)

    def decide(self, state, seat, command, rng):
        if isinstance(command, Discard):
            check_can_act(self, state, seat)
            errors.require(type(command.card) is int and command.card in state.hands[seat], errors.ILLEGAL_TARGET,
                           "discard a card of your hand")
            errors.require(len(state.hands[seat]) > 1, errors.ILLEGAL_MOVE, "keep one card")
            return [private(Discarded(seat, command.card), (seat,), self.redact(seat, command.card))]
        if isinstance(command, Draw):
            errors.require(bool(state.deck), errors.ILLEGAL_MOVE, "the deck is empty")
        return super().decide(state, seat, command, rng)

    def evolve(self, state, event):
        if isinstance(event, Discarded):
            state.hands[event.seat].remove(event.card)
            state.turn = 1 - event.seat
            return state
        return super().evolve(state, event)

    def legal(self, state, seat):
        out = [c for c in super().legal(state, seat) if not isinstance(c, Draw) or state.deck]
        if out and len(state.hands[seat]) > 1:
            out += [Discard(c) for c in sorted(state.hands[seat])]
        return out


class LeakyDiscard(SecretDiscard):
    def redact(self, seat, card):
        return DiscardedLeaky(seat, card)


class OpenHandView(msgspec.Struct, frozen=True):
    hands: tuple[tuple[int, ...], ...]
    deck_size: int
    standing: tuple[bool, ...]
    turn: int


class OpenHands(TinyGame):
    """Hands are face up; only the deck is hidden. A draw's public form names the card: a reveal."""

    View = OpenHandView
    Event = Event | DealtLeaky

    def setup(self, config, rng):
        return [private(e.event, e.seats, DealtLeaky(e.event.seat, e.event.card)) if isinstance(e.event, Dealt)
                else e for e in super().setup(config, rng)]

    def decide(self, state, seat, command, rng):
        return [private(e.event, e.seats, DealtLeaky(e.event.seat, e.event.card)) if isinstance(e.event, Dealt)
                else e for e in super().decide(state, seat, command, rng)]

    def view(self, state, seat):
        return OpenHandView(tuple(map(tuple, state.hands)), len(state.deck), tuple(state.standing), state.turn)

    def sample_hidden(self, state, seat, rng):
        return State(deck=rng.shuffled(state.deck), hands=[list(h) for h in state.hands],
                     standing=list(state.standing), turn=state.turn)


def test_a_secret_choice_with_a_plain_public_form_passes():
    assert failure_of(SecretDiscard()) is None


def test_a_public_form_that_names_a_secret_choice_is_a_leak():
    f = failure_of(LeakyDiscard())
    assert f.check == "leak" and "DiscardedLeaky.card" in f.message and "tells them apart" in f.message


def test_a_card_the_rules_reveal_may_be_named_in_a_public_form():
    assert failure_of(OpenHands()) is None


# ---- the command line --------------------------------------------------------------

def _args(**kw):
    base = dict(game=None, all=False, games=None, players=None, option=None, seed=None)
    return argparse.Namespace(**{**base, **kw})


def test_a_failure_prints_one_reproducing_command_and_saves_the_log(monkeypatch, tmp_path, capsys):
    monkeypatch.setitem(registry._KNOWN, "tiny-leaky", __name__)
    leaky = LeakyView()
    leaky.info = msgspec.structs.replace(TINY.info, id="tiny-leaky")
    monkeypatch.setitem(registry._GAMES, "tiny-leaky", leaky)
    monkeypatch.setattr(cli, "FAILURES", tmp_path)
    assert cli.run(_args(game="tiny-leaky", games=5)) == 1
    out = capsys.readouterr().out
    assert "FAILED leak" in out
    assert "reproduce: carthago conformance tiny-leaky --seed 1 --players 2" in out
    saved = list(tmp_path.iterdir())
    assert [p.suffix for p in saved] == [".jsonl"] and b'"seed":1' in saved[0].read_bytes()
    assert cli.run(_args(game="tiny-leaky", seed=1, players=2)) == 1


class NoRedaction:
    """Any game, except that every private event is also sent in full to everybody else."""

    def __init__(self, game):
        self._game = game

    def __getattr__(self, name):
        return getattr(self._game, name)

    def _unredacted(self, emitted):
        return [Emitted(e.event, e.seats, e.event if e.seats is not None else None) for e in emitted]

    def setup(self, config, rng):
        return self._unredacted(self._game.setup(config, rng))

    def decide(self, state, seat, command, rng):
        return self._unredacted(self._game.decide(state, seat, command, rng))


WIRE_GAMES = [i for i in registry.ids()
              if registry.get(i).info.proto_package and registry.get(i).info.hidden_information]


@pytest.mark.skipif(not WIRE_GAMES, reason="no registered game with a wire and hidden information")
def test_a_failing_game_with_a_wire_is_saved_as_an_export_file(monkeypatch, tmp_path, capsys):
    game_id = WIRE_GAMES[0]
    monkeypatch.setitem(registry._GAMES, game_id, NoRedaction(registry.get(game_id)))
    monkeypatch.setattr(cli, "FAILURES", tmp_path)
    assert cli.run(_args(game=game_id, games=2)) == 1
    out = capsys.readouterr().out
    assert "FAILED leak" in out and f"carthago conformance {game_id} --seed 1" in out
    logs = sorted(tmp_path.glob("*.log"))  # one per configuration that failed (a game's options add some)
    assert logs
    for log in logs:
        assert f"carthago verify {log}" in out and (tmp_path / f"{log.name}.jsonl").exists()
        verdict = verify(log.read_bytes())  # chain and seed check; the game stopped early, so it is not over
        assert not verdict.ok and "not over" in verdict.problem and verdict.game_type == game_id


def test_the_command_line_runs_one_seeded_game(capsys):
    game_id = registry.ids()[0]
    assert cli.run(_args(game=game_id, seed=7)) == 0
    out = capsys.readouterr().out
    assert game_id in out and "every check passed" in out


def test_the_command_line_needs_a_game_or_all(capsys):
    assert cli.run(_args()) == 2
    assert cli.run(_args(game="no-such-game")) == 2
