"""``engine.core.advance``: the search bots' way to play a command (docs/SEARCH.md, issue 17 item 4).
It decides and evolves in one step on a state the caller gives up, without the copy ``decide``
makes; it must give exactly what ``decide`` then ``evolve`` give, refuse what ``decide`` refuses
without changing anything, and the legal commands it hands back must be ``legal``'s. (The
conformance suite checks the same over every configuration, under "replay".)"""

from __future__ import annotations

import random

import pytest

from engine import registry
from engine.core import GameConfig, advance, copy_state, encode_state, state_digest, stepper
from engine.errors import RuleError
from engine.rng import Rng
from engine.session import Session

def _key(command):
    try:
        hash(command)
        return command
    except TypeError:
        return repr(command)


GAMES = [("roma", 2), ("rome-et-carthage", 3), ("hannibal", 2), ("republic-of-carthage", 3),
         ("republic-of-carthage", 5)]


@pytest.mark.parametrize("game_id,players", GAMES)
def test_advance_plays_a_whole_game_exactly_as_decide_then_evolve(game_id, players):
    game = registry.get(game_id)
    seed = f"advance-{game_id}-{players}".encode()
    session, opening = Session.start(game, GameConfig(players), seed)
    shadow = game.initial(GameConfig(players))  # evolved from the opening, as a server's state is
    for e in opening:
        shadow = game.evolve(shadow, e.event)
    unchecked = copy_state(game, shadow)  # played by ``stepper``'s step, which the search uses
    step = stepper(game)
    pick, hint, n, hinted = random.Random(7), None, 0, 0
    while not session.status().over and n < 4000:
        seat = pick.choice(session.status().to_act)
        options = session.legal(seat)
        if hint is not None and hint[0] == seat:
            assert hint[1] == options  # what advance handed back is legal()'s list
            hinted += 1
        assert len(set(map(_key, options))) == len(options), n  # no command listed twice
        command = pick.choice(options)
        rng = Rng(seed, session.position)
        done = advance(game, shadow, seat, command, rng, options if hint and hint[0] == seat else None)
        stepped = step(unchecked, seat, command, Rng(seed, session.position), options)
        emitted = session.submit(seat, command)
        assert [e.event for e in done.emitted] == [e.event for e in emitted], (n, command)
        assert [e.event for e in stepped.emitted] == [e.event for e in emitted], (n, command)
        assert encode_state(stepped.state) == encode_state(session.state), (n, command)
        unchecked = stepped.state
        assert [(e.seats, e.redacted) for e in done.emitted] == [(e.seats, e.redacted) for e in emitted]
        assert encode_state(done.state) == encode_state(session.state), (n, command)
        shadow, hint, n = done.state, done.legal, n + 1
    assert n > 20
    if hasattr(game.rules, "advance"):  # the games that advance in place hand the next list back
        assert hinted > n // 2


@pytest.mark.parametrize("game_id,players", GAMES)
def test_the_owned_step_leaves_exactly_the_states_and_hints_advance_leaves(game_id, players):
    """``stepper(game, owned=True)``: the search's step on a state it owns outright (a decoded copy),
    which lists no events and copies nothing, leaves byte for byte the state ``decide`` then
    ``evolve`` leave, at every step of whole games, and the legal commands it hands back are
    ``legal``'s."""
    game = registry.get(game_id)
    step = stepper(game, owned=True)
    for k in range(2):
        seed = f"owned-{game_id}-{players}-{k}".encode()
        session, _ = Session.start(game, GameConfig(players), seed)
        owned = copy_state(game, session.state)
        pick, n, hinted, hint = random.Random(k), 0, 0, None
        while not session.status().over and n < 3000:
            seat = pick.choice(session.status().to_act)
            options = session.legal(seat)
            if hint is not None and hint[0] == seat:
                assert hint[1] == options, n
                hinted += 1
            command = pick.choice(options)
            done = step(owned, seat, command, Rng(seed, session.position), options)
            session.submit(seat, command)
            assert encode_state(done.state) == encode_state(session.state), (n, command)
            owned, hint, n = done.state, done.legal, n + 1
            if n % 97 == 0:  # now and then a fresh decode, as the search's pool gives
                owned = copy_state(game, owned)
        assert n > 20
        if hasattr(game.rules, "advance"):
            assert hinted > n // 2


@pytest.mark.parametrize("game_id,players", GAMES)
def test_the_step_without_hints_leaves_exactly_the_states_advance_leaves(game_id, players):
    """``stepper(game, hint=False)`` (a rollout's last command: the next seat's commands not listed)
    and with ``owned=True`` too: byte for byte the states ``decide`` then ``evolve`` leave, at every
    step of a whole game."""
    game = registry.get(game_id)
    seed = f"unhinted-{game_id}-{players}".encode()
    session, _ = Session.start(game, GameConfig(players), seed)
    plain, owned = copy_state(game, session.state), copy_state(game, session.state)
    last, owned_last = stepper(game, hint=False), stepper(game, owned=True, hint=False)
    pick, n = random.Random(5), 0
    while not session.status().over and n < 3000:
        seat = pick.choice(session.status().to_act)
        options = session.legal(seat)
        command = pick.choice(options)
        plain = last(plain, seat, command, Rng(seed, session.position), options).state
        owned = owned_last(owned, seat, command, Rng(seed, session.position), options).state
        session.submit(seat, command)
        assert encode_state(plain) == encode_state(session.state) == encode_state(owned), (n, command)
        n += 1
    assert n > 20


@pytest.mark.parametrize("game_id,players", GAMES)
def test_advance_refuses_what_decide_refuses_and_changes_nothing(game_id, players):
    game = registry.get(game_id)
    session, _ = Session.start(game, GameConfig(players), b"advance-refusals")
    pick = random.Random(3)
    for _ in range(20):  # somewhere into the game (a Roma game may be short: it stops in time)
        if session.status().over:
            break
        seat = session.status().to_act[0]
        with session.trial():
            session.submit(seat, pick.choice(session.legal(seat)))
            over = session.status().over
        if over:
            break
        session.submit(seat, pick.choice(session.legal(seat)))
    state = session.state
    seat = game.status(state).to_act[0]
    others = [x for x in range(players) if x not in game.status(state).to_act]
    before = state_digest(state)
    other_seat_command = session.legal(seat)[0]
    tried = []

    def same_refusal(x: int, command) -> None:
        with pytest.raises(RuleError) as ours:
            advance(game, state, x, command, Rng(b"r", 1))
        with pytest.raises(RuleError) as theirs:
            game.decide(state, x, command, Rng(b"r", 1))
        assert ours.value.code == theirs.value.code
        tried.append(command)

    for x in others:  # not this seat's turn
        same_refusal(x, other_seat_command)
    # a command of another moment of the game: refused with decide's code
    past, _ = Session.start(game, GameConfig(players), b"advance-refusals")
    for c in [c for c in past.legal(past.status().to_act[0]) if c not in session.legal(seat)][:5]:
        same_refusal(seat, c)
    assert tried and state_digest(state) == before


def test_table_talk_goes_through_advance_from_any_seat():
    """The Republic of Carthage R110: a Say may come from a seat that is not to act; advance takes it
    as decide does, and the pending step stays."""
    from engine.games.republic_of_carthage.commands import Say

    game = registry.get("republic-of-carthage")
    session, _ = Session.start(game, GameConfig(3), b"advance-talk")
    idle = next(x for x in range(3) if x not in session.status().to_act)
    before = session.status().to_act
    done = advance(game, copy_state(game, session.state), idle, Say(text="Hail", to=-1), Rng(b"t", 1))
    emitted = session.submit(idle, Say(text="Hail", to=-1))
    assert [e.event for e in done.emitted] == [e.event for e in emitted]
    assert game.status(done.state).to_act == before


@pytest.mark.parametrize("seed", [2, 7, 10])
def test_a_game_that_ends_in_the_middle_of_a_step_leaves_the_state_decide_then_evolve_leave(seed, monkeypatch):
    """The Republic of Carthage IX.4 (option ``first_man_in_carthage``): the game ends at once, from
    inside whatever rule raised the statesman's Influence, and that rule goes on pushing its next steps
    (here the set-up's terms of office). The events leave an ended game with no pending step
    (GameEnded); advance, working in place, must not keep the steps pushed after the end. The threshold
    is lowered so that a game ends this way within its first dozen commands."""
    from engine.games.republic_of_carthage import options

    monkeypatch.setattr(options, "FIRST_MAN_INFLUENCE", 8)
    game = registry.get("republic-of-carthage")
    config = GameConfig(3, {"first_man_in_carthage": "true"})
    key = f"first-man-{seed}".encode()
    session, opening = Session.start(game, config, key)
    shadow = game.initial(config)
    for e in opening:
        shadow = game.evolve(shadow, e.event)
    pick = random.Random(seed)
    while not session.status().over:
        seat = pick.choice(session.status().to_act)
        command = pick.choice(session.legal(seat))
        done = advance(game, shadow, seat, command, Rng(key, session.position))
        session.submit(seat, command)
        shadow = done.state
        assert encode_state(shadow) == encode_state(session.state), command
    assert session.status().result.reason == "first_man_in_carthage"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rome_et_carthage_refuses_a_command_outside_the_list_it_is_given(players):
    """Rome et Carthage's advance applies a command found in ``allowed`` without decide's checks; any
    other command, with or without ``allowed``, is refused with decide's code, the state unchanged.
    Tried at every step of a game: a command of another seat or moment, a malformed one."""
    from engine.games.rome_et_carthage import commands as rc

    game = registry.get("rome-et-carthage")
    session, _ = Session.start(game, GameConfig(players), f"advance-allowed-{players}".encode())
    pick, refused, codes = random.Random(players), 0, set()
    strangers = [rc.PlacePiece("nowhere_elephant", "rome"), rc.MovePiece("rome_elephant", ("atlantis",)),
                 rc.CommitCards(("KH", "2H")), rc.ChooseSpecial("peace"), rc.AcceptDraw(), rc.EndTurn()]
    seen: list = []
    while not session.status().over and len(seen) < 300:
        seat = pick.choice(session.status().to_act)
        options = session.legal(seat)
        state = session.state
        before = state_digest(state)
        for command in strangers + pick.sample(seen, min(4, len(seen))):
            if command in options:
                continue
            with pytest.raises(RuleError) as theirs:
                game.decide(state, seat, command, Rng(b"r", 1))
            for allowed in (options, None):
                with pytest.raises(RuleError) as ours:
                    advance(game, state, seat, command, Rng(b"r", 1), allowed)
                assert ours.value.code == theirs.value.code, command
            codes.add(theirs.value.code)
            refused += 1
        assert state_digest(state) == before
        command = pick.choice(options)
        seen.append(command)
        session.submit(seat, command)
    assert refused > 100 and len(codes) >= 3
