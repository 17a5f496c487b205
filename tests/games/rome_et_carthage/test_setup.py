"""Préliminaires: teams and states, hands, draw pile, special cards, who opens and the order of play
(Rome et Carthage "Préliminaires", "Placement des pièces", "Jeu à deux", "Jeu à trois";
Méditerranée "Préparation", "Règle du jeu à deux / à trois")."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.errors import NOT_YOUR_TURN, WRONG_PHASE
from engine.games.rome_et_carthage import cards as cd

from .helpers import CLOCKWISE, SUIT, cmd, ev, of, rejected, start

SEEDS = [f"setup-{i}".encode() for i in range(40)]
EDITIONS = ("original", "mediterranee")


def opening_of(players, seed, **opts):
    session, emitted = start(players, seed, **opts)
    return session, emitted, of(emitted, ev.StatesDrawn)[0]


def ring_from(state_id):
    i = CLOCKWISE.index(state_id)
    return CLOCKWISE[i:] + CLOCKWISE[:i]


@pytest.mark.parametrize("edition", EDITIONS)
def test_four_players_teams_and_states_are_drawn(edition):
    """Rome et Carthage "Préliminaires" 1-2 (ruling R1: Méditerranée draws them too): two states
    drawn by lot are allied against the other two, and each player draws one state."""
    pairings = Counter()
    owners = Counter()
    for seed in SEEDS:
        session, emitted, drawn = opening_of(4, seed, edition=edition)
        assert type(emitted[0].event) is ev.StatesDrawn  # nobody is asked to choose
        states = [a.states for a in drawn.seats]
        assert all(len(st) == 1 for st in states)
        assert sorted(st[0] for st in states) == sorted(CLOCKWISE)
        teams = Counter(a.team for a in drawn.seats)
        assert teams == {0: 2, 1: 2}
        team0 = frozenset(a.states[0] for a in drawn.seats if a.team == 0)
        pairings[frozenset({team0, frozenset(CLOCKWISE) - team0})] += 1
        owners[(drawn.seats[0].states[0])] += 1
    # all three alliances (north-south, east-west, crossed) and every state for seat 0 happen
    assert len(pairings) == 3 and len(owners) == 4


@pytest.mark.parametrize("edition", EDITIONS)
def test_two_players_each_play_a_team_of_two_states(edition):
    """Rome et Carthage "Jeu à deux" / Méditerranée "Règle du jeu à deux": each player owns two
    states, drawn as a team (ruling R1)."""
    pairs = Counter()
    for seed in SEEDS:
        _, _, drawn = opening_of(2, seed, edition=edition)
        assert [len(a.states) for a in drawn.seats] == [2, 2]
        assert {a.team for a in drawn.seats} == {0, 1}
        assert sorted(drawn.seats[0].states + drawn.seats[1].states) == sorted(CLOCKWISE)
        assert not any(a.lone for a in drawn.seats)
        pairs[frozenset(drawn.seats[0].states)] += 1
    assert len(pairs) == 6


@pytest.mark.parametrize("edition", EDITIONS)
def test_three_players_one_plays_two_states_alone(edition):
    """Rome et Carthage "Jeu à trois": one player alone, with two states, against two partners
    with one state each."""
    for seed in SEEDS:
        _, _, drawn = opening_of(3, seed, edition=edition)
        lone = [a for a in drawn.seats if a.lone]
        assert len(lone) == 1 and len(lone[0].states) == 2
        partners = [a for a in drawn.seats if not a.lone]
        assert [len(a.states) for a in partners] == [1, 1]
        assert partners[0].team == partners[1].team != lone[0].team


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", (2, 3, 4))
def test_hands_per_player_count(players, edition):
    """Rome et Carthage "Préliminaires" 3, "Jeu à deux", "Jeu à trois"; Méditerranée "Préparation" 2
    (ruling R3): one state: 2 4 6 8 10 J Q K of its suit; two states: ace to ten of its first state's
    suit (clockwise), the jacks and kings of both suits, no queen."""
    for seed in SEEDS[:10]:
        session, emitted, drawn = opening_of(players, seed, edition=edition)
        dealt = {e.seat: e.cards for e in of(emitted, ev.HandDealt)}
        for a in drawn.seats:
            hand = dealt[a.seat]
            assert session.state.hands[a.seat] == list(hand)
            assert hand == cd.canonical(hand)  # canonical order (ruling R18)
            if len(a.states) == 1:
                s = SUIT[a.states[0]]
                assert len(hand) == 8
                assert sorted(hand) == sorted(r + s for r in ("2", "4", "6", "8", "10", "J", "Q", "K"))
            else:
                first, second = sorted(a.states, key=CLOCKWISE.index)
                assert len(hand) == 14
                run = [r + SUIT[first] for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")]
                figures = [r + SUIT[st] for st in (first, second) for r in ("J", "K")]
                assert sorted(hand) == sorted(run + figures)
                assert not any(cd.rank(c) == "Q" for c in hand)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("match", (False, True))
@pytest.mark.parametrize("players", (2, 3, 4))
def test_the_draw_pile_is_the_twenty_other_cards(players, edition, match):
    """Rome et Carthage "Préliminaires" 3 / Méditerranée "Préparation" 2: the cards not dealt, shuffled,
    make the draw pile — 20 cards in every configuration, since the queens of a two-state player
    are not used ("Jeu à deux")."""
    for seed in SEEDS[:6]:
        session, emitted, drawn = opening_of(players, seed, edition=edition, match=match)
        s = session.state
        dealt = {c for h in s.hands for c in h}
        unused_queens = {"Q" + SUIT[st] for a in drawn.seats if len(a.states) == 2 for st in a.states}
        expected = set(cd.ALL_CARDS) - dealt - unused_queens
        pile = s.talons[0] + s.talons[1]
        assert len(pile) == 20 == len(set(pile))
        assert set(pile) == expected
        if players == 4:  # the reissue: the odd cards
            assert all(cd.value(c) % 2 == 1 for c in pile)
        # nobody may see the order of the pile
        for e in emitted:
            if isinstance(e.event, ev.TalonShuffled):
                assert e.seats == () and isinstance(e.for_seat(0), ev.TalonShuffledRedacted)
        assert not s.spent and not s.removed


def test_the_draw_is_random():
    """Rome et Carthage "Préliminaires" 3: the pile is shuffled (two seeds, two orders)."""
    a, _ = start(4, b"one")
    b, _ = start(4, b"two")
    assert a.state.talons[0] != b.state.talons[0]


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", (2, 3, 4))
def test_first_player_is_the_owner_of_the_top_cards_suit(players, edition):
    """Rome et Carthage "Placement des pièces" (ruling R1 for Méditerranée, R2 for three players):
    the top card of the pile is shown, put back in the middle of the pile, and its suit names the
    state whose owner opens."""
    for seed in SEEDS[:15]:
        session, emitted, drawn = opening_of(players, seed, edition=edition)
        first = of(emitted, ev.FirstPlayerDrawn)[0]
        shuffled = [e for e in of(emitted, ev.TalonShuffled)]
        assert shuffled[0].cards[0] == first.card  # it was the top card
        assert SUIT[first.state] == first.card[-1]
        owner = next(a.seat for a in drawn.seats if first.state in a.states)
        lone = next((a.seat for a in drawn.seats if a.lone), None)
        if owner != lone:
            assert first.seat == owner == first.order[0]
        pile = session.state.talons[0]
        assert first.card in pile and pile[0] != first.card and pile[-1] != first.card
        assert session.state.order == list(first.order)


def test_play_goes_clockwise_by_the_states_places():
    """Rome et Carthage "Placement des pièces": from the opener, clockwise by where the states lie
    (Rome, Byzance, Alexandrie, Carthage); partners may follow each other or alternate."""
    alternate = follow = 0
    for seed in SEEDS:
        _, emitted, drawn = opening_of(4, seed)
        first = of(emitted, ev.FirstPlayerDrawn)[0]
        state_of = {a.seat: a.states[0] for a in drawn.seats}
        assert tuple(state_of[x] for x in first.order) == ring_from(first.state)
        team = {a.seat: a.team for a in drawn.seats}
        if team[first.order[0]] == team[first.order[1]]:
            follow += 1
        else:
            alternate += 1
    assert follow and alternate


def test_two_players_alternate_from_the_opener():
    """Rome et Carthage "Jeu à deux": each player plays its two states as one, once a round."""
    for seed in SEEDS[:10]:
        _, emitted, drawn = opening_of(2, seed)
        first = of(emitted, ev.FirstPlayerDrawn)[0]
        owner = next(a.seat for a in drawn.seats if first.state in a.states)
        assert first.order == (owner, 1 - owner)


def test_three_players_the_lone_player_plays_second():
    """Rome et Carthage "Jeu à trois" (ruling R2): the lone player always plays second; when the
    top card names one of its states, the partner whose state comes next clockwise opens."""
    named_lone = named_partner = 0
    for seed in SEEDS:
        _, emitted, drawn = opening_of(3, seed)
        first = of(emitted, ev.FirstPlayerDrawn)[0]
        lone = next(a for a in drawn.seats if a.lone)
        partners = {a.states[0]: a.seat for a in drawn.seats if not a.lone}
        assert first.order[1] == lone.seat and len(first.order) == 3
        if first.state in lone.states:
            named_lone += 1
            nxt = next(st for st in ring_from(first.state) if st in partners)
            assert first.order[0] == partners[nxt]
        else:
            named_partner += 1
            assert first.order[0] == partners[first.state]
        assert first.seat == first.order[0]
    assert named_lone and named_partner


def test_four_players_each_team_shares_one_treason_and_one_sedition():
    """Rome et Carthage "Préliminaires" 4 / Méditerranée "Préparation" 3 (ruling R5): in each team
    the member who plays first takes one special card, the partner gets the other."""
    session, emitted, drawn = opening_of(4, b"specials")
    s = session.state
    assert s.phase == "specials" and not of(emitted, ev.TurnStarted)
    team = {a.seat: a.team for a in drawn.seats}
    choosers = sorted(next(x for x in s.order if team[x] == t) for t in (0, 1))
    assert session.status().to_act == tuple(choosers)
    others = [x for x in range(4) if x not in choosers]
    assert rejected(s, others[0], cmd.ChooseSpecial("treason")) == NOT_YOUR_TURN
    assert rejected(s, choosers[0], cmd.PlacePiece("rome_elephant", "rome")) == WRONG_PHASE
    a, b = choosers
    partner = {x: next(y for y in range(4) if y != x and team[y] == team[x]) for x in range(4)}
    out = session.submit(a, cmd.ChooseSpecial("sedition"))
    assert of(out, ev.SpecialChosen) == [ev.SpecialChosen(a, "sedition"), ev.SpecialChosen(partner[a], "treason")]
    assert session.status().to_act == (b,)  # the other team has not chosen yet: no turn yet
    out = session.submit(b, cmd.ChooseSpecial("treason"))
    s = session.state
    assert s.specials[b] == ["treason"] and s.specials[partner[b]] == ["sedition"]
    assert s.specials[a] == ["sedition"] and s.specials[partner[a]] == ["treason"]
    started = of(out, ev.TurnStarted)
    assert started and started[0].seat == s.order[0]  # placement begins with the opener


@pytest.mark.parametrize("players", (2, 3))
def test_a_two_state_player_holds_both_special_cards(players):
    """Rome et Carthage "Jeu à deux" (and "Jeu à trois" for the lone player): the player of two states
    holds both of its team's special cards; Méditerranée "Règle du jeu à deux": they serve both states."""
    for edition in EDITIONS:
        session, emitted, drawn = opening_of(players, b"both", edition=edition)
        for a in drawn.seats:
            if len(a.states) == 2:
                assert sorted(session.state.specials[a.seat]) == ["sedition", "treason"]
        if players == 2:  # nobody has anything to choose: placement begins at once
            assert session.state.phase == "place" and session.status().to_act == (session.state.order[0],)
        else:
            lone = next(a.seat for a in drawn.seats if a.lone)
            partners = [x for x in session.state.order if x != lone]
            assert session.status().to_act == (partners[0],)


@pytest.mark.parametrize("alliance, teammate", [("north_south", "byzance"), ("east_west", "carthage"),
                                                 ("crossed", "alexandrie")])
def test_mediterranee_players_may_choose_their_alliance(alliance, teammate):
    """Méditerranée "Préparation" 1 (ruling R27): north against south, east against west, or
    crossed; seats take the states clockwise from Rome, so a player picks a state with a seat."""
    session, _ = start(4, edition="mediterranee", alliance=alliance)
    s = session.state
    assert [info.states for info in s.seats] == [["rome"], ["byzance"], ["alexandrie"], ["carthage"]]
    team = {info.states[0]: info.team for info in s.seats}
    assert team["rome"] == team[teammate] == 0 and sorted(team.values()) == [0, 0, 1, 1]
    two, _ = start(2, edition="mediterranee", alliance=alliance)
    assert sorted(two.state.seats[0].states) == sorted(["rome", teammate])


def test_mediterranee_players_may_choose_who_opens():
    """Méditerranée "Préparation" 4 (ruling R27): the chosen state's player places first."""
    session, opening = start(4, edition="mediterranee", first_player="alexandrie", alliance="north_south")
    drawn = [e.event for e in opening if isinstance(e.event, ev.FirstPlayerDrawn)]
    assert drawn == [ev.FirstPlayerDrawn("", "alexandrie", 2, (2, 3, 0, 1))]
    assert session.state.active == 2


def test_the_card_data_file_is_the_pack_the_rules_read():
    """Rome et Carthage "Pièces et accessoires du jeu" b: a 52-card pack, one suit per state, aces
    to tens worth their number, jacks and queens nothing, kings fifteen; the two special cards.
    The values come from data/cards.json (served by GetGameData), so the file is checked here."""
    from engine.games.rome_et_carthage import board, decision

    assert len(cd.ALL_CARDS) == 52 == len(set(cd.ALL_CARDS))
    assert {st.suit for st in board.MAP.states} == set(cd.SUIT_LETTERS)
    assert [cd.value(r + "H") for r in cd.RANKS] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0, 15]
    assert {s.id for s in cd.CARDS.specials} == {decision.TREASON, decision.SEDITION}
    assert len(cd.SINGLE_LOT) == 8 and len(cd.RUN) + 2 * len(cd.FIGURES) == 14


@pytest.mark.parametrize("edition", ["original", "mediterranee"])
def test_r31_three_players_choose_which_pair_plays_alone(edition):
    """Rome et Carthage "Jeu à trois" (one player alone against the other two) with Méditerranée
    "Préparation" 1 and ruling R27: with a chosen alliance the option ``lone_player`` says whether
    the lone player (seat 1, playing second) holds the pair without Rome or Rome's pair, so every
    one of the six pairs of states can play alone (ruling R31)."""
    lone_pairs = set()
    for alliance in ("north_south", "east_west", "crossed"):
        for side in ("without_rome", "with_rome"):
            session, _ = start(3, edition=edition, alliance=alliance, lone_player=side)
            s = session.state
            lone = s.seats[1]
            assert lone.lone and not s.seats[0].lone and not s.seats[2].lone
            assert ("rome" in lone.states) == (side == "with_rome")
            assert s.seats[0].team == s.seats[2].team != lone.team
            assert lone.team == (0 if side == "with_rome" else 1)  # team 0 is Rome's
            assert [st for x in (0, 2) for st in s.seats[x].states] == [
                st for st in CLOCKWISE if st not in lone.states]  # the partners clockwise from Rome
            assert s.order[1] == 1  # the lone player plays second (ruling R2)
            lone_pairs.add(frozenset(lone.states))
    assert len(lone_pairs) == 6


def test_r31_lone_player_changes_nothing_without_a_chosen_alliance_or_at_two_and_four():
    """Ruling R31: a drawn alliance draws the lone player's pair too; with 2 and 4 players nobody
    plays alone."""
    for players, alliance in ((3, "draw"), (2, "east_west"), (4, "crossed")):
        a, _ = start(players, seed=b"r31", alliance=alliance)
        b, _ = start(players, seed=b"r31", alliance=alliance, lone_player="with_rome")
        assert a.state == b.state
