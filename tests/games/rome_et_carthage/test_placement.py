"""Placement of the pieces (Rome et Carthage "Placement des pièces", "Jeu à deux", "Jeu à trois";
Méditerranée "Préparation" 4, "Règle du jeu à deux")."""

from __future__ import annotations

import pytest

from engine.errors import ILLEGAL_TARGET, NOT_YOUR_TURN
from engine.games.rome_et_carthage import board
from engine.games.rome_et_carthage.state import PLACE, kind_of, pieces_of

from .helpers import cmd, ev, legal_of, of, position, rejected, play, start

EDITIONS = ("original", "mediterranee")


def to_placement(players, edition="original", seed=b"place"):
    """A real game just past the choice of special cards."""
    session, _ = start(players, seed, edition=edition)
    while session.state.phase == "specials":
        seat = session.status().to_act[0]
        session.submit(seat, cmd.ChooseSpecial("treason"))
    assert session.state.phase == PLACE
    return session


def place_everything(session):
    """Place pieces (the first legal placement each time) until play begins; returns every event."""
    emitted = []
    while session.state.phase == PLACE:
        seat = session.status().to_act[0]
        emitted += session.submit(seat, legal_of(session.state, seat, cmd.PlacePiece)[0])
    return emitted


@pytest.mark.parametrize("players, sizes", [(4, {False: (4, 3)}), (2, {False: (4, 4, 3, 3)}),
                                            (3, {True: (8, 6), False: (4, 3)})])
def test_original_placement_turns(players, sizes):
    """Rome et Carthage "Placement des pièces": four pieces in the first turn, the last three in the
    second; "Jeu à deux": four, four, three, three; "Jeu à trois": the lone player eight then six.
    Placement turns draw no card ("Le jeu" a: the draw belongs to the game proper)."""
    session = to_placement(players)
    s = session.state
    order = list(s.order)
    first = s.active
    emitted = place_everything(session)
    # the pieces actually placed in each turn, turn by turn
    turns = [[first, 0]]
    for e in emitted:
        if isinstance(e.event, ev.TurnStarted):
            turns.append([e.event.seat, 0])
        elif isinstance(e.event, ev.PiecePlaced):
            assert e.event.seat == turns[-1][0]
            turns[-1][1] += 1
    assert turns[-1][1] == 0  # the first playing turn
    per_seat = {x: [] for x in range(players)}
    for seat, placed in turns[:-1]:
        per_seat[seat].append(placed)
    for x in range(players):
        assert tuple(per_seat[x]) == sizes[s.seats[x].lone]
        assert sum(per_seat[x]) == 7 * len(s.seats[x].states)
    # turns follow the playing order, round after round
    seats_in_turn_order = [first] + [e.seat for e in of(emitted, ev.TurnStarted)]
    rounds = len(sizes[False])
    assert seats_in_turn_order[: rounds * players] == order * rounds
    # no card is drawn before the first playing turn, which is the opener's and draws one
    placed_before = emitted[: max(i for i, e in enumerate(emitted) if isinstance(e.event, ev.PiecePlaced)) + 1]
    assert not of(placed_before, ev.CardsDrawn)
    last_start = of(emitted, ev.TurnStarted)[-1]
    assert last_start.place == 0 and last_start.seat == order[0]
    drawn = of(emitted, ev.CardsDrawn)
    assert len(drawn) == 1 and drawn[0].seat == order[0]
    assert len(drawn[0].cards) == (2 if s.seats[order[0]].lone else 1)
    assert len(session.state.where) == 28 and session.state.phase == "play"


@pytest.mark.parametrize("players", (2, 3, 4))
def test_mediterranee_places_every_piece_in_the_first_turn(players):
    """Méditerranée "Préparation" 4: in the first round each player places all its pieces (all
    fourteen for a player of two states, "Règle du jeu à deux"); play starts from the second round."""
    session = to_placement(players, "mediterranee")
    s = session.state
    first = s.active
    assert s.place_left == 7 * len(s.seats[first].states)
    emitted = place_everything(session)
    starts = of(emitted, ev.TurnStarted)
    placing = [e for e in starts if e.place]
    assert [e.seat for e in placing] == list(s.order[1:])
    assert all(e.place == 7 * len(s.seats[e.seat].states) for e in placing)
    assert starts[-1].place == 0 and starts[-1].seat == s.order[0] and starts[-1].round == 2


def test_pieces_are_placed_in_the_players_own_state_only():
    """Rome et Carthage "Placement des pièces": a player places its pieces in its own state only —
    not in a partner's nor an enemy's."""
    session = to_placement(4)
    s = session.state
    seat = s.active
    mine = s.seats[seat].states[0]
    piece = f"{mine}_elephant"
    partner = next(x for x in range(4) if x != seat and s.seats[x].team == s.seats[seat].team)
    for other in ("rome", "byzance", "alexandrie", "carthage"):
        if other == mine:
            continue
        assert rejected(s, seat, cmd.PlacePiece(piece, board.capital_of(other))) == ILLEGAL_TARGET
    assert rejected(s, seat, cmd.PlacePiece(f"{s.seats[partner].states[0]}_elephant",
                                            board.capital_of(mine))) == ILLEGAL_TARGET
    places = legal_of(s, seat, cmd.PlacePiece)
    assert places and all(board.state_of(c.city) == mine for c in places)
    assert {c.piece for c in places} == set(pieces_of(mine))
    other_seat = next(x for x in range(4) if x != seat)
    assert rejected(s, other_seat, cmd.PlacePiece(f"{s.seats[other_seat].states[0]}_elephant",
                                                  board.capital_of(s.seats[other_seat].states[0]))) == NOT_YOUR_TURN


def test_galleys_on_ports_land_pieces_anywhere_even_on_islands():
    """Rome et Carthage "Placement des pièces": land pieces on any city, galleys on ports only;
    Méditerranée "Préparation" 4: land pieces may also be placed on the islands."""
    session = to_placement(4)
    s = session.state
    seat = s.active
    mine = s.seats[seat].states[0]
    inland = [c for c in board.cities_of(mine) if not board.is_port(c)]
    islands = [c for c in board.cities_of(mine) if board.is_island(c)]
    assert inland and islands
    galley = f"{mine}_galley_1"
    assert rejected(s, seat, cmd.PlacePiece(galley, inland[0])) == ILLEGAL_TARGET
    galley_cities = {c.city for c in legal_of(s, seat, cmd.PlacePiece) if c.piece == galley}
    assert galley_cities == {c for c in board.cities_of(mine) if board.is_port(c)}
    for land in (f"{mine}_elephant", f"{mine}_chariot", f"{mine}_mercenary_1"):
        cities = {c.city for c in legal_of(s, seat, cmd.PlacePiece) if c.piece == land}
        assert cities == set(board.cities_of(mine))
    play(s, seat, cmd.PlacePiece(f"{mine}_mercenary_1", islands[0]))
    assert s.where[f"{mine}_mercenary_1"] == islands[0]


def test_one_piece_per_city():
    """Rome et Carthage "Placement des pièces": one piece per city."""
    session = to_placement(4)
    s = session.state
    seat = s.active
    mine = s.seats[seat].states[0]
    play(s, seat, cmd.PlacePiece(f"{mine}_elephant", board.capital_of(mine)))
    assert rejected(s, seat, cmd.PlacePiece(f"{mine}_chariot", board.capital_of(mine))) == ILLEGAL_TARGET
    assert rejected(s, seat, cmd.PlacePiece(f"{mine}_elephant", board.cities_of(mine)[1])) == ILLEGAL_TARGET
    assert all(c.city != board.capital_of(mine) for c in legal_of(s, seat, cmd.PlacePiece))


def test_original_two_players_place_in_either_state():
    """Rome et Carthage "Jeu à deux": the player shares its pieces between its two states as it
    likes (ruling R23)."""
    session = to_placement(2, "original")
    s = session.state
    seat = s.active
    a, b = s.seats[seat].states
    play(s, seat, cmd.PlacePiece(f"{a}_elephant", board.capital_of(b)))
    assert s.where[f"{a}_elephant"] == board.capital_of(b)
    cities = {c.city for c in legal_of(s, seat, cmd.PlacePiece) if c.piece == f"{b}_chariot"}
    assert cities == (set(board.cities_of(a)) | set(board.cities_of(b))) - {board.capital_of(b)}


@pytest.mark.parametrize("players", (2, 3))
def test_mediterranee_two_states_each_group_in_its_own_state(players):
    """Méditerranée "Règle du jeu à deux": each group of seven pieces goes in its own state."""
    session = to_placement(players, "mediterranee")
    s = session.state
    seat = next(x for x in range(players) if len(s.seats[x].states) == 2)
    while s.active != seat:
        x = s.active
        play(s, x, legal_of(s, x, cmd.PlacePiece)[0])
    a, b = s.seats[seat].states
    assert rejected(s, seat, cmd.PlacePiece(f"{a}_elephant", board.capital_of(b))) == ILLEGAL_TARGET
    for c in legal_of(s, seat, cmd.PlacePiece):
        assert board.state_of(c.city) == c.piece.split("_")[0]


def test_r4_a_placement_that_strands_a_galley_is_refused():
    """Rome et Carthage "Placement des pièces" (ruling R4): with two galleys still to place and only
    two free ports, a land piece may not take one of those ports."""
    s = position(4)
    s.phase, s.active, s.place_left = PLACE, 0, 3
    ports = [c for c in board.cities_of("rome") if board.is_port(c)]
    inland = [c for c in board.cities_of("rome") if not board.is_port(c)]
    # Rome's other four pieces already stand on ports; foreign pieces fill all ports but two
    placed = ["rome_elephant", "rome_chariot", "rome_mercenary_1", "rome_mercenary_2"]
    fillers = [p for p in pieces_of("carthage") + pieces_of("byzance")][: len(ports) - 2 - len(placed)]
    for piece, city in zip(placed + fillers, ports):
        s.where[piece], s.at[city] = city, piece
    s.lost = [p for p in s.lost if not p.startswith("rome_")]  # Rome's last three are still to place
    free_ports = ports[len(placed) + len(fillers):]
    assert len(free_ports) == 2
    assert rejected(s, 0, cmd.PlacePiece("rome_mercenary_3", free_ports[0])) == ILLEGAL_TARGET
    merc = {c.city for c in legal_of(s, 0, cmd.PlacePiece) if c.piece == "rome_mercenary_3"}
    assert merc == set(inland)
    galley = {c.city for c in legal_of(s, 0, cmd.PlacePiece) if c.piece == "rome_galley_1"}
    assert galley == set(free_ports)
    play(s, 0, cmd.PlacePiece("rome_mercenary_3", inland[0]))
    assert kind_of(s.at[inland[0]]) == "mercenary"
