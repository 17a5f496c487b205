"""Movement and the forced march (Rome et Carthage "Déplacements"; Méditerranée "Déplacements",
"Mémo n°1"; rulings R6, R7, R8, R9)."""

from __future__ import annotations

from itertools import combinations

import pytest

from engine.errors import ILLEGAL_MOVE, ILLEGAL_TARGET, MALFORMED_COMMAND
from engine.games.rome_et_carthage import board
from engine.games.rome_et_carthage import cards as cd
from engine.games.rome_et_carthage.march import NOT_ENOUGH_CARDS

from .helpers import G, cmd, ev, legal_of, of, play, position, rejected

EDITIONS = ("original", "mediterranee")
OTHERS = {"byzance_elephant": "byzance", "alexandrie_elephant": "alexandrie", "carthage_elephant": "carthage"}


def moves_of(s, piece):
    return {c.path for c in legal_of(s, s.owner[piece], cmd.MovePiece) if c.piece == piece}


def road_paths(city, steps):
    """Every road path of exactly ``steps`` cities from ``city`` (no going back), from the map."""
    out = {(n,) for n in board.land_neighbours(city)}
    if steps == 2:
        out = {(a, b) for a in board.land_neighbours(city) for b in board.land_neighbours(a) if b != city}
    return out


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("piece", ["rome_elephant", "rome_mercenary_1"])
def test_elephant_and_mercenary_move_one_city_by_road(piece, edition):
    """Rome et Carthage "Déplacements" a, c / Méditerranée "Mémo n°1": one city along a road."""
    s = position(4, edition=edition, pieces={piece: "rome", **OTHERS})
    assert moves_of(s, piece) == road_paths("rome", 1)
    two = next(iter(road_paths("rome", 2)))
    assert rejected(s, 0, cmd.MovePiece(piece, two)) == ILLEGAL_MOVE
    assert rejected(s, 0, cmd.MovePiece(piece, (two[1],))) == ILLEGAL_MOVE
    sea_only = [c for c in board.sea_neighbours("rome") if c not in board.land_neighbours("rome")]
    assert sea_only and rejected(s, 0, cmd.MovePiece(piece, (sea_only[0],))) == ILLEGAL_MOVE
    out = play(s, 0, cmd.MovePiece(piece, ("capua",)))
    assert of(out, ev.PieceMoved) == [ev.PieceMoved(0, piece, ("capua",), False, False)]
    assert s.where[piece] == "capua" and s.at["capua"] == piece and "rome" not in s.at


@pytest.mark.parametrize("edition", EDITIONS)
def test_chariot_moves_one_or_two_cities_by_road(edition):
    """Rome et Carthage "Déplacements" b / Méditerranée "Mémo n°1" (cavalier): one or two cities."""
    s = position(4, edition=edition, pieces={"rome_chariot": "rome", **OTHERS})
    assert moves_of(s, "rome_chariot") == road_paths("rome", 1) | road_paths("rome", 2)
    play(s, 0, cmd.MovePiece("rome_chariot", ("capua", "brundisium")))
    assert s.where["rome_chariot"] == "brundisium"


@pytest.mark.parametrize("edition", EDITIONS)
def test_galleys_sail_one_port_by_sea_lane_or_coast(edition):
    """Rome et Carthage "Déplacements" / Méditerranée "Mémo n°1": galleys go one port at a time along
    the dotted sea lanes, or to the neighbouring port along the coast; never by road."""
    s = position(4, edition=edition, pieces={"rome_galley_1": "aquileia", "rome_elephant": "salona", **OTHERS})
    sea = set(board.sea_neighbours("aquileia")) - {"salona"}
    assert moves_of(s, "rome_galley_1") == {(c,) for c in sea}
    inland = [c for c in board.land_neighbours("aquileia") if not board.is_port(c)]
    assert inland and rejected(s, 0, cmd.MovePiece("rome_galley_1", (inland[0],))) == ILLEGAL_MOVE
    assert rejected(s, 0, cmd.MovePiece("rome_galley_1", ("brundisium", "corcyra"))) == ILLEGAL_MOVE
    # the elephant next door goes by road only, so not where the galley sails
    assert moves_of(s, "rome_elephant") == {(c,) for c in board.land_neighbours("salona") if c != "aquileia"}


def test_land_pieces_on_an_island_never_move_but_galleys_do():
    """Méditerranée "Préparation" 4: land pieces placed on an island cannot move during the game;
    galleys sail from an island like from any port."""
    island = "caralis"
    assert board.is_island(island)
    s = position(4, pieces={"rome_mercenary_1": island, "rome_galley_1": "syracusae", "rome_chariot": "aleria",
                            **OTHERS})
    assert moves_of(s, "rome_mercenary_1") == set() and moves_of(s, "rome_chariot") == set()
    for c in board.sea_neighbours(island):
        assert rejected(s, 0, cmd.MovePiece("rome_mercenary_1", (c,))) == ILLEGAL_MOVE
    assert moves_of(s, "rome_galley_1") == {(c,) for c in board.sea_neighbours("syracusae")}


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_stop_on_a_friendly_piece_own_or_partners(edition):
    """Rome et Carthage "Placement des pièces" (one piece per city, all game) / Méditerranée "Mémo n°1":
    no stopping on a friendly piece; ruling R6: a partner's piece is friendly (partners never fight)."""
    s = position(4, edition=edition, pieces={"rome_elephant": "rome", "rome_mercenary_1": "capua",
                                             "alexandrie_mercenary_1": "massilia", **OTHERS})
    assert s.seats[2].team == s.seats[0].team
    assert rejected(s, 0, cmd.MovePiece("rome_elephant", ("capua",))) == ILLEGAL_MOVE
    assert rejected(s, 0, cmd.MovePiece("rome_elephant", ("massilia",))) == ILLEGAL_MOVE
    assert moves_of(s, "rome_elephant") == {("arretium",)}


@pytest.mark.parametrize("edition", EDITIONS)
def test_chariot_passes_a_friendly_piece_but_not_an_enemy(edition):
    """Rome et Carthage "Déplacements" / Méditerranée "Mémo n°1": a move of two cities may pass a city
    held by a friendly piece (own or partner's), never one held by an enemy."""
    s = position(4, edition=edition, pieces={"rome_chariot": "rome", "rome_mercenary_1": "capua",
                                             "alexandrie_mercenary_1": "massilia", "byzance_mercenary_1": "arretium",
                                             **OTHERS})
    paths = moves_of(s, "rome_chariot")
    assert ("capua", "brundisium") in paths and ("massilia", "narbo") in paths
    assert ("arretium",) in paths  # stopping on the enemy is an attack
    assert not any(p[0] == "arretium" and len(p) == 2 for p in paths)
    assert rejected(s, 0, cmd.MovePiece("rome_chariot", ("arretium", "aquileia"))) == ILLEGAL_MOVE
    play(s, 0, cmd.MovePiece("rome_chariot", ("capua", "brundisium")))
    assert s.at["capua"] == "rome_mercenary_1" and s.where["rome_chariot"] == "brundisium"


def test_two_mercenaries_in_one_move():
    """Rome et Carthage "Déplacements" c / Méditerranée "Mémo n°1" (ruling R7): two mercenaries, one
    city each, make one move; a third does not follow, and nothing else can be the second."""
    s = position(4, pieces={"rome_mercenary_1": "arretium", "rome_mercenary_2": "capua",
                            "rome_mercenary_3": "massilia", "rome_elephant": "rome",
                            "alexandrie_mercenary_1": "mediolanum", **OTHERS})
    play(s, 0, cmd.MovePiece("rome_mercenary_1", ("aquileia",)))
    assert rejected(s, 0, cmd.MoveSecondMercenary("rome_elephant", "arretium")) == ILLEGAL_TARGET
    assert rejected(s, 0, cmd.MoveSecondMercenary("alexandrie_mercenary_1", "arretium")) == ILLEGAL_TARGET
    assert rejected(s, 0, cmd.MoveSecondMercenary("rome_mercenary_2", "rome")) == ILLEGAL_MOVE  # friendly
    assert rejected(s, 0, cmd.MoveSecondMercenary("rome_mercenary_1", "salona")) == ILLEGAL_TARGET
    followers = legal_of(s, 0, cmd.MoveSecondMercenary)
    assert {c.piece for c in followers} == {"rome_mercenary_2", "rome_mercenary_3"}
    out = play(s, 0, cmd.MoveSecondMercenary("rome_mercenary_2", "brundisium"))
    assert of(out, ev.PieceMoved) == [ev.PieceMoved(0, "rome_mercenary_2", ("brundisium",), False, True)]
    assert s.moves == 1
    assert rejected(s, 0, cmd.MoveSecondMercenary("rome_mercenary_3", "narbo")) == ILLEGAL_MOVE
    assert rejected(s, 0, cmd.MovePiece("rome_mercenary_3", ("narbo",))) == ILLEGAL_MOVE
    assert not legal_of(s, 0, cmd.MoveSecondMercenary) and not legal_of(s, 0, cmd.MovePiece)


def test_no_second_mercenary_after_another_piece():
    """Rome et Carthage "Déplacements" c: only a mercenary's move lets a second mercenary follow."""
    s = position(4, pieces={"rome_elephant": "rome", "rome_mercenary_2": "capua", **OTHERS})
    play(s, 0, cmd.MovePiece("rome_elephant", ("arretium",)))
    assert rejected(s, 0, cmd.MoveSecondMercenary("rome_mercenary_2", "brundisium")) == ILLEGAL_MOVE


def minimal_sets(hand):
    """From the rule: non-zero cards worth 3 or more, none of which could be left out (R9)."""
    nonzero = [c for c in hand if cd.value(c) > 0]
    out = set()
    for k in range(1, len(nonzero) + 1):
        for combo in combinations(nonzero, k):
            worth = sum(cd.value(c) for c in combo)
            if worth >= 3 and all(worth - cd.value(c) < 3 for c in combo):
                out.add(tuple(sorted(combo, key=cd.sort_key)))
    return out


@pytest.mark.parametrize("edition", EDITIONS)
def test_forced_march_gives_two_moves_for_three_points(edition):
    """Rome et Carthage "Déplacements" / Méditerranée "Marche forcée" (rulings R7, R9): at least 3
    points in one or more cards buys a double move — the same piece twice, or two pieces."""
    hand = ["AH", "2H", "3H", "5H", "JH", "QH"]
    s = position(4, edition=edition, pieces={"rome_elephant": "rome", "rome_mercenary_1": "massilia", **OTHERS},
                 hands={0: hand})
    offered = {c.cards for c in legal_of(s, 0, cmd.DeclareForcedMarch)}
    assert offered == minimal_sets(hand)
    assert ("AH", "2H") in offered and ("3H",) in offered and ("5H",) in offered
    out = play(s, 0, cmd.DeclareForcedMarch(("AH", "2H")))
    assert of(out, ev.ForcedMarchDeclared) == [ev.ForcedMarchDeclared(0, ("AH", "2H"))]
    assert of(out, ev.CardsSpent) == [ev.CardsSpent(0, ("AH", "2H"), (), False)]
    assert s.spent == ["AH", "2H"] and sorted(s.hands[0]) == sorted(["3H", "5H", "JH", "QH"])
    assert G.view(s, 3).spent == ("AH", "2H")  # paid face up
    play(s, 0, cmd.MovePiece("rome_elephant", ("capua",)))
    play(s, 0, cmd.MovePiece("rome_elephant", ("brundisium",)))  # the same piece again
    assert rejected(s, 0, cmd.MovePiece("rome_mercenary_1", ("narbo",))) == ILLEGAL_MOVE
    assert rejected(s, 0, cmd.DeclareForcedMarch(("3H",))) == ILLEGAL_MOVE


def test_forced_march_after_the_first_move_moves_another_piece():
    """Rome et Carthage "Déplacements": the double move may use two different pieces, and may be paid
    once the first move is made."""
    s = position(4, pieces={"rome_elephant": "rome", "rome_mercenary_1": "massilia", **OTHERS}, hands={0: ["4H"]})
    play(s, 0, cmd.MovePiece("rome_elephant", ("capua",)))
    play(s, 0, cmd.DeclareForcedMarch(("4H",)))
    play(s, 0, cmd.MovePiece("rome_mercenary_1", ("narbo",)))
    assert s.where["rome_elephant"] == "capua" and s.where["rome_mercenary_1"] == "narbo"


@pytest.mark.parametrize("cards, code", [
    (("AH",), NOT_ENOUGH_CARDS),            # under 3 points
    (("AD", "AH"), NOT_ENOUGH_CARDS),       # still under 3
    (("JH", "3H"), NOT_ENOUGH_CARDS),       # zeros are no payment
    (("JH",), NOT_ENOUGH_CARDS),
    (("AH", "3H"), NOT_ENOUGH_CARDS),       # the ace is more than needed (R9)
    (("2H", "5H"), NOT_ENOUGH_CARDS),       # the 2 is more than needed
    (("7H",), ILLEGAL_TARGET),              # not in hand
    (("3H", "AH"), MALFORMED_COMMAND),      # not in canonical order (R18)
])
def test_forced_march_payments_refused(cards, code):
    """Rome et Carthage "Déplacements" (ruling R9): non-zero cards worth 3 or more, no card more than
    needed, from one's hand."""
    s = position(4, pieces={"rome_elephant": "rome", **OTHERS}, hands={0: ["AH", "AD", "2H", "3H", "5H", "JH"]})
    assert rejected(s, 0, cmd.DeclareForcedMarch(cards)) == code


@pytest.mark.parametrize("edition, kings_out, removed", [
    ("original", 0, True), ("original", 1, True), ("original", 2, False),
    ("mediterranee", 0, True), ("mediterranee", 2, True),
])
def test_a_king_paid_for_a_forced_march(edition, kings_out, removed):
    """Ruling R9 with Rome et Carthage "Talon" (the first two kings played leave the game) and
    Méditerranée "Talon" (every king played leaves the game)."""
    s = position(4, edition=edition, pieces={"rome_elephant": "rome", **OTHERS}, hands={0: ["KH"]})
    earlier = ["KC", "KS"][:kings_out]  # kings already played and taken out
    s.removed = list(earlier)
    out = play(s, 0, cmd.DeclareForcedMarch(("KH",)))
    spent = of(out, ev.CardsSpent)[0]
    if removed:
        assert spent.removed == ("KH",) and spent.cards == () and s.removed == earlier + ["KH"] and "KH" not in s.spent
    else:
        assert spent.cards == ("KH",) and s.spent == ["KH"] and s.removed == earlier


def test_a_declared_combat_blocks_its_city_and_the_attackers_origin():
    """Ruling R8 (Rome et Carthage "Combats": combats are fought after the moves): a city with a
    declared combat cannot be entered or passed and its pieces do not move; the attacker's origin
    stays free, since the attacker may have to go back."""
    s = position(4, pieces={"rome_elephant": "rome", "rome_chariot": "arretium", "rome_mercenary_1": "massilia",
                            "byzance_mercenary_1": "capua", **OTHERS}, hands={0: ["3H"]}, specials={0: ["treason"]})
    play(s, 0, cmd.DeclareForcedMarch(("3H",)))
    out = play(s, 0, cmd.MovePiece("rome_elephant", ("capua",)))
    assert of(out, ev.AttackDeclared) == [ev.AttackDeclared("capua", "rome_elephant", "byzance_mercenary_1", "rome")]
    assert s.where["rome_elephant"] == "capua" and s.at["capua"] == "byzance_mercenary_1" and "rome" not in s.at
    view = G.view(s, 1)
    assert view.declared[0].city == "capua" and view.declared[0].origin == "rome"
    assert any(p.piece == "rome_elephant" and p.city == "capua" for p in view.board)
    assert rejected(s, 0, cmd.MovePiece("rome_elephant", ("brundisium",))) == ILLEGAL_MOVE
    assert rejected(s, 0, cmd.MovePiece("rome_mercenary_1", ("rome",))) == ILLEGAL_MOVE  # origin kept free
    assert rejected(s, 0, cmd.MovePiece("rome_chariot", ("rome", "capua"))) == ILLEGAL_MOVE
    assert rejected(s, 0, cmd.PlayTreason("byzance_mercenary_1", ("brundisium",))) == ILLEGAL_MOVE
    paths = moves_of(s, "rome_chariot")
    assert not any("capua" in p for p in paths) and not any(p[-1] == "rome" for p in paths)


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_forced_march_double_move_passes_a_friendly_piece(edition):
    """Rome et Carthage "Déplacements" / Méditerranée "Déplacements" (ruling R26): in a move of two
    cities or more a piece may pass a city held by a friendly piece, never one held by an enemy;
    the forced march's double move of one piece is such a move."""
    s = position(4, edition=edition, pieces={"rome_elephant": "rome", "rome_mercenary_1": "capua", **OTHERS},
                 hands={0: ["3H", "5H"]})
    assert cmd.MovePiece("rome_elephant", ("capua", "brundisium")) not in legal_of(s, 0, cmd.MovePiece)  # no march yet
    play(s, 0, cmd.DeclareForcedMarch(("3H",)))
    assert cmd.MovePiece("rome_elephant", ("capua", "brundisium")) in legal_of(s, 0, cmd.MovePiece)
    play(s, 0, cmd.MovePiece("rome_elephant", ("capua", "brundisium")))
    assert s.where["rome_elephant"] == "brundisium" and s.where["rome_mercenary_1"] == "capua"
    assert s.moves == 2 and not legal_of(s, 0, cmd.MovePiece)  # both moves of the march are spent
    s = position(4, edition=edition, pieces={"rome_elephant": "rome", "carthage_mercenary_1": "capua", **OTHERS},
                 hands={0: ["3H", "5H"]})
    play(s, 0, cmd.DeclareForcedMarch(("3H",)))
    assert not any(len(c.path) == 2 and c.path[0] == "capua" for c in legal_of(s, 0, cmd.MovePiece))  # an enemy stops it
    assert rejected(s, 0, cmd.MovePiece("rome_elephant", ("capua", "brundisium"))) == ILLEGAL_MOVE


def listed_by_paths(s, seat):
    """The moves of a playing turn as ``paths`` and ``double_paths`` give them (the functions
    ``decide`` checks a move with), in the order ``legal`` lists them: second mercenaries, the
    seat's moves (each piece's plain paths, then its double moves), treason moves."""
    from engine.games.rome_et_carthage import march, movement, specials

    seconds, moves, treasons = [], [], []
    mine = s.seats[seat].team
    treason = specials.special_time(s) and "treason" in s.specials[seat]
    for p in s.where:
        if s.follow and p != s.follow and s.owner[p] == s.owner[s.follow] and p.split("_")[1] == "mercenary":
            seconds += [cmd.MoveSecondMercenary(p, path[0]) for path in movement.paths(s, p) if len(path) == 1]
        if s.owner[p] == seat and s.moves < march.moves_allowed(s):
            moves += [cmd.MovePiece(p, path) for path in movement.paths(s, p)]
            moves += [cmd.MovePiece(p, path) for path in movement.double_paths(s, p)]
        elif s.seats[s.owner[p]].team != mine and treason:
            treasons += [cmd.PlayTreason(p, path) for path in movement.paths(s, p)]
    return seconds, moves, treasons


@pytest.mark.parametrize("players,edition", [(2, "original"), (3, "mediterranee"), (4, "original")])
def test_legal_lists_exactly_the_moves_decide_checks_against(players, edition):
    """Rome et Carthage "Déplacements", "Cartes spéciales" a; ruling R26: ``legal`` works the moves
    out from sets of cities built once per call, ``decide`` checks a move with ``paths`` and
    ``double_paths``; over random games both give the same moves, none missing, none extra."""
    import random

    from .helpers import start

    pick, seen, doubles, games = random.Random(players), 0, 0, 0
    while seen < 400:
        session, _ = start(players, seed=f"moves-{players}-{games}".encode(), edition=edition)
        games += 1
        while not session.status().over and seen < 400:
            seat = pick.choice(session.status().to_act)
            options = session.legal(seat)
            s = session.state
            if s.phase == "play":
                seconds, moves, treasons = listed_by_paths(s, seat)
                kinds = (cmd.MoveSecondMercenary, cmd.MovePiece, cmd.PlayTreason)
                for kind, expected in zip(kinds, (seconds, moves, treasons)):
                    assert [c for c in options if type(c) is kind] == expected, (seen, kind.__name__)
                seen += 1
                doubles += any(len(c.path) > (2 if "chariot" in c.piece else 1) for c in moves)
            session.submit(seat, pick.choice([c for c in options if not isinstance(c, cmd.OfferDraw)] or options))
    assert doubles > 10


def treason_then_double_move():
    """Issue 30 item 4 (original edition, 4 players): Rome's elephant at Capua with Rome's mercenary
    next door at Rome, Carthage's mercenaries at Cirta and Tingis; Rome holds treason and pays a
    forced march first."""
    s = position(4, pieces={"rome_elephant": "capua", "rome_mercenary_1": "rome", "carthage_mercenary_1": "cirta",
                            "carthage_mercenary_2": "tingis", **OTHERS}, hands={0: ["3H"]}, specials={0: ["treason"]})
    play(s, 0, cmd.DeclareForcedMarch(("3H",)))
    play(s, 0, cmd.PlayTreason("carthage_mercenary_1", ("iol",)))
    return s


def test_r28_a_treason_move_leaves_the_double_move_past_a_friend():
    """Rome et Carthage "Cartes spéciales" (special cards before or after the move, in any order; a
    treason moves the opponent's piece, not one of the player's moves) with "Déplacements" and
    ruling R26: while a second treason mercenary may follow, the double move past a friend is
    listed and accepted, and making it closes the treason's window (ruling R28)."""
    s = treason_then_double_move()
    double = cmd.MovePiece("rome_elephant", ("rome", "arretium"))
    assert cmd.MoveSecondMercenary("carthage_mercenary_2", "gades") in legal_of(s, 0, cmd.MoveSecondMercenary)
    assert double in legal_of(s, 0, cmd.MovePiece)
    play(s, 0, double)
    assert s.where["rome_elephant"] == "arretium" and s.moves == 2
    assert not legal_of(s, 0, cmd.MoveSecondMercenary) and not legal_of(s, 0, cmd.MovePiece)
    assert rejected(s, 0, cmd.MoveSecondMercenary("carthage_mercenary_2", "gades")) == ILLEGAL_MOVE


def test_r28_the_double_move_after_both_treason_mercenaries():
    """Ruling R28: the treason's second mercenary moved, the double move past a friend remains."""
    s = treason_then_double_move()
    play(s, 0, cmd.MoveSecondMercenary("carthage_mercenary_2", "gades"))
    play(s, 0, cmd.MovePiece("rome_elephant", ("rome", "arretium")))
    assert s.where["rome_elephant"] == "arretium" and s.where["carthage_mercenary_2"] == "gades"


def test_r28_a_plain_move_closes_the_treason_window_and_keeps_the_second_move():
    """Ruling R28 (R7: the second mercenary comes right after the first): the player's own plain
    move closes the treason's window; the march's second move remains, as a plain move."""
    s = treason_then_double_move()
    play(s, 0, cmd.MovePiece("rome_elephant", ("brundisium",)))
    assert rejected(s, 0, cmd.MoveSecondMercenary("carthage_mercenary_2", "gades")) == ILLEGAL_MOVE
    assert s.moves == 1 and not any(len(c.path) > 1 for c in legal_of(s, 0, cmd.MovePiece))
    play(s, 0, cmd.MovePiece("rome_mercenary_1", ("arretium",)))
    assert s.moves == 2


@pytest.mark.parametrize("friend_on_the_way", [True, False])
def test_r29_a_mercenary_double_move_brings_a_second_mercenary_for_each_move(friend_on_the_way):
    """Rome et Carthage "Déplacements" (c: two mercenaries one city each make one move; the forced
    march is two moves; a move of two cities may pass a friend) with ruling R26: a mercenary that
    makes both moves of the march, passing a friend (one command) or through an empty city (two
    plain moves), may bring a second mercenary for each of its two moves, one city each; a third
    does not follow (ruling R29)."""
    pieces = {"rome_mercenary_1": "capua", "rome_mercenary_3": "salona", **OTHERS}
    if friend_on_the_way:
        pieces["rome_mercenary_2"] = "rome"
    s = position(4, pieces=pieces, hands={0: ["3H"]})
    play(s, 0, cmd.DeclareForcedMarch(("3H",)))
    if friend_on_the_way:
        play(s, 0, cmd.MovePiece("rome_mercenary_1", ("rome", "arretium")))
    else:
        play(s, 0, cmd.MovePiece("rome_mercenary_1", ("rome",)))
    assert cmd.MoveSecondMercenary("rome_mercenary_3", "aquileia") in legal_of(s, 0, cmd.MoveSecondMercenary)
    play(s, 0, cmd.MoveSecondMercenary("rome_mercenary_3", "aquileia"))
    if not friend_on_the_way:
        play(s, 0, cmd.MovePiece("rome_mercenary_1", ("arretium",)))
    assert s.where["rome_mercenary_1"] == "arretium" and s.moves == 2
    assert G.view(s, 0).second_mercenary == "rome_mercenary_1"
    second = {c.piece for c in legal_of(s, 0, cmd.MoveSecondMercenary)}
    assert second == ({"rome_mercenary_2", "rome_mercenary_3"} if friend_on_the_way else {"rome_mercenary_3"})
    out = play(s, 0, cmd.MoveSecondMercenary("rome_mercenary_3", "mediolanum"))  # the same one again
    assert of(out, ev.PieceMoved) == [ev.PieceMoved(0, "rome_mercenary_3", ("mediolanum",), False, True)]
    assert not legal_of(s, 0, cmd.MoveSecondMercenary) and G.view(s, 0).second_mercenary == ""
    assert rejected(s, 0, cmd.MoveSecondMercenary("rome_mercenary_3", "aquileia")) == ILLEGAL_MOVE


def test_r29_a_chariots_double_move_brings_no_second_mercenary():
    """Rome et Carthage "Déplacements" c, ruling R29: only a mercenary's move brings a second one."""
    s = position(4, pieces={"rome_mercenary_1": "capua", "rome_mercenary_2": "rome", "rome_chariot": "massilia",
                            "rome_mercenary_3": "salona", **OTHERS}, hands={0: ["3H"]})
    play(s, 0, cmd.DeclareForcedMarch(("3H",)))
    play(s, 0, cmd.MovePiece("rome_chariot", ("rome", "arretium", "aquileia")))
    assert not legal_of(s, 0, cmd.MoveSecondMercenary)
    assert rejected(s, 0, cmd.MoveSecondMercenary("rome_mercenary_3", "dyrrachium")) == ILLEGAL_MOVE


@pytest.mark.parametrize("edition", EDITIONS)
def test_r30_march_overpay_lets_a_forced_march_be_paid_with_more_cards(edition):
    """Rome et Carthage "Déplacements" / Méditerranée "Marche forcée" ("a minimum of 3 points, in
    one or more cards"): under the option ``march_overpay`` the player may add more non-zero cards
    to the march's payment, one at a time, until its turn's moves end; they are spent like the
    rest, a king per "Talon" (ruling R30). Without the option ruling R9 holds."""
    hand = ["3H", "5H", "JH", "KH"]
    pieces = {"rome_elephant": "rome", **OTHERS}
    s = position(4, edition=edition, pieces=pieces, hands={0: hand}, overpay=True)
    assert G.view(s, 0).march_overpay and not legal_of(s, 0, cmd.AddToForcedMarch)
    assert rejected(s, 0, cmd.AddToForcedMarch("5H")) == ILLEGAL_MOVE  # no march paid yet
    play(s, 0, cmd.DeclareForcedMarch(("3H",)))
    assert legal_of(s, 0, cmd.AddToForcedMarch) == [cmd.AddToForcedMarch("5H"), cmd.AddToForcedMarch("KH")]
    assert rejected(s, 0, cmd.AddToForcedMarch("JH")) == ILLEGAL_TARGET  # a zero is no payment
    assert rejected(s, 0, cmd.AddToForcedMarch("7H")) == ILLEGAL_TARGET  # not in hand
    out = play(s, 0, cmd.AddToForcedMarch("5H"))
    assert of(out, ev.ForcedMarchCardAdded) == [ev.ForcedMarchCardAdded(0, "5H")]
    assert of(out, ev.CardsSpent) == [ev.CardsSpent(0, ("5H",), (), False)]
    assert s.spent == ["3H", "5H"] and sorted(s.hands[0]) == ["JH", "KH"]
    play(s, 0, cmd.MovePiece("rome_elephant", ("capua",)))
    play(s, 0, cmd.MovePiece("rome_elephant", ("brundisium",)))
    out = play(s, 0, cmd.AddToForcedMarch("KH"))  # the first king played leaves the game
    assert of(out, ev.CardsSpent) == [ev.CardsSpent(0, (), ("KH",), False)] and s.removed == ["KH"]
    assert not legal_of(s, 0, cmd.AddToForcedMarch)
    plain = position(4, edition=edition, pieces=pieces, hands={0: hand})
    play(plain, 0, cmd.DeclareForcedMarch(("3H",)))
    assert not G.view(plain, 0).march_overpay and not legal_of(plain, 0, cmd.AddToForcedMarch)
    assert rejected(plain, 0, cmd.AddToForcedMarch("5H")) == ILLEGAL_MOVE


def test_r30_no_card_added_once_the_moves_end():
    """Ruling R30: the payment is part of the turn's moves; once they end (combats) nothing is added."""
    s = position(4, pieces={"rome_elephant": "rome", "byzance_mercenary_1": "capua", **OTHERS},
                 hands={0: ["3H", "5H", "6H"], 1: ["2D", "4D"]}, overpay=True)
    play(s, 0, cmd.DeclareForcedMarch(("3H",)))
    play(s, 0, cmd.MovePiece("rome_elephant", ("capua",)))
    play(s, 0, cmd.EndTurn())
    assert s.combat is not None and rejected(s, 0, cmd.AddToForcedMarch("5H")) == "WRONG_PHASE"


def test_a_double_move_is_listed_once_however_its_legs_split():
    # "Déplacements" and ruling R26: a forced march's double move is offered as one command whose
    # path passes friendly pieces; a chariot's three-city path can split as 1+2 or 2+1 when both
    # first cities hold friends, and was listed twice (seeded random game, 32 commands in)
    import random

    from engine import registry
    from engine.core import GameConfig
    from engine.games.rome_et_carthage.movement import double_paths
    from engine.session import Session

    session, _ = Session.start(registry.get("rome-et-carthage"), GameConfig(2), b"dup1")
    pick = random.Random(1)
    for _ in range(32):
        seat = session.status().to_act[0]
        session.submit(seat, pick.choice(session.legal(seat)))
    s, seat = session.state, session.status().to_act[0]
    options = session.legal(seat)
    split = cmd.MovePiece(piece="rome_chariot", path=("narbo", "tarraco", "carthago_nova"))
    assert options.count(split) == 1
    assert len(set(options)) == len(options)
    paths = double_paths(s, "rome_chariot")
    assert split.path in paths and len(set(paths)) == len(paths)
