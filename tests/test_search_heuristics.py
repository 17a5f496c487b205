"""The search's evaluation of cut rollouts (search/heuristics.py): what it credits must move it.

These are search settings of ours, not rules; the rules they read are cited where they are read.
"""

from __future__ import annotations

import msgspec

from engine import registry
from engine.core import GameConfig
from engine.games.republic_of_carthage import components as C
from engine.games.republic_of_carthage.state import Army, Force, WarState
from engine.session import Session
from search import heuristics as H


def _republic():
    session, _ = Session.start(registry.get("republic-of-carthage"), GameConfig(3), b"heuristics")
    s = msgspec.structs.replace(session.state)
    s.wars = {w: WarState() for w in C.WARS}  # every war card on the board, none active
    s.forces, s.armies = [], [a for a in s.armies if not a.place.startswith("force:")]
    s.treasury = 100  # a Treasury that pays its way (IX.5), so only the wars count
    return s


def _land_war(s) -> str:
    return next(w for w in sorted(s.wars) if C.WARS[w].land > 0)


def test_a_force_sent_to_an_active_war_raises_the_chance_that_carthage_lasts():
    # IX.5: a fourth Active War ends the game for everyone; VI.2: a force fights its war in the War
    # phase, after the Senate sent it, so a cut rollout must credit the force itself.
    s = _republic()
    wars = [w for w in sorted(s.wars) if C.WARS[w].land > 0][:3]
    for w in wars:
        s.wars[w].status = "active"
    alone = H._carthage_lasts(s)
    commander = next(iter(s.senators))
    s.forces = [Force(id=1, war=wars[0], commanders=[commander])]
    from engine.games.republic_of_carthage.people import military
    from engine.games.republic_of_carthage.forces import strength

    lone = H._carthage_lasts(s)  # a commander alone against a war of strength 10 or more: no Victory
    army = next(a.type for a in s.armies)
    even = strength(s, wars[0]) - military(commander)  # armies that make the roll's modifier 0
    base = list(s.armies)
    s.armies = base + [Army(type=army, place="force:1") for _ in range(even)]
    fair = H._carthage_lasts(s)
    assert H._war_answered(s, wars[0]) == H.victory_chance(0)
    s.armies = base + [Army(type=army, place="force:1") for _ in range(even + 30)]
    strong = H._carthage_lasts(s)
    assert H._war_answered(s, wars[0]) == 1.0
    assert alone == lone < fair < strong
    # a force sure to win (VI.2: its roll cannot miss a Victory) counts its war as a quarter of an
    # Active war: three Active
    # wars, one answered, read between the chances of two and of three
    assert alone == H.ACTIVE_WARS_LAST[3]
    assert H.ACTIVE_WARS_LAST[3] < strong < H.ACTIVE_WARS_LAST[2]
    assert abs(strong - H._share(H.ACTIVE_WARS_LAST, 2 + (1 - H.FORCE_ANSWERS))) < 1e-9


def test_an_expedition_or_a_force_at_another_war_answers_nothing():
    s = _republic()
    war = _land_war(s)
    s.wars[war].status = "active"
    other = next(w for w in sorted(s.wars) if w != war)
    commander = next(iter(s.senators))
    s.forces = [Force(id=1, war=other, commanders=[commander]), Force(id=2, war=war, exploration=True)]
    s.armies = s.armies + [Army(type=next(a.type for a in s.armies), place=f"force:{n}") for n in (1, 2)]
    assert H._war_answered(s, war) == 0.0
    assert H._carthage_lasts(s) == H.ACTIVE_WARS_LAST[1]


def test_the_survival_evaluation_is_the_score_times_the_chance_carthage_lasts():
    s = _republic()
    war = _land_war(s)
    s.wars[war].status = "active"
    score, survival = H._republic_of_carthage(s), H._republic_of_carthage_survival(s)
    assert [round(v * H._carthage_lasts(s), 12) for v in score] == [round(v, 12) for v in survival]
    assert all(v < w for v, w in zip(survival, score))


def test_share_reads_between_entries():
    table = (1.0, 0.9, 0.5, 0.1)
    assert H._share(table, 0) == 1.0
    assert abs(H._share(table, 1.5) - 0.7) < 1e-12
    assert H._share(table, 7) == 0.1


def test_a_treasury_the_next_revenue_phase_cannot_cover_lowers_the_chance():
    # II.4-8: the State takes 100 T and pays 2 T per recruited unit, 20 T per Active war and 25 T
    # per Lost one; IX.5: a Treasury that cannot pay ends the game for everyone. An empty Treasury
    # is safe without wars, not with two Lost and two Active ones (90 T of costs).
    from engine.games.republic_of_carthage.turn import active_units

    s = _republic()
    s.treasury = 0
    calm = H._carthage_lasts(s)
    wars = sorted(s.wars)
    for w in wars[:2]:
        s.wars[w].status = "lost"
    for w in wars[2:4]:
        s.wars[w].status = "active"
    assert H._treasury_next(s) == 100 - 2 * active_units(s) - 90
    short = H._carthage_lasts(s)
    s.treasury = 300
    rich = H._carthage_lasts(s)
    assert calm == 1.0
    assert rich == H._share(H.ACTIVE_WARS_LAST, 2) * H.LOST_WARS_LAST[2]
    assert short < rich


def _rome_et_carthage_placed():
    """A two-player Rome et Carthage game played at random past its placement (seeded)."""
    import random

    session, _ = Session.start(registry.get("rome-et-carthage"), GameConfig(2), b"heuristics")
    pick = random.Random(1)
    while session.state.phase != "play":
        seat = session.status().to_act[0]
        session.submit(seat, pick.choice(session.legal(seat)))
    return msgspec.msgpack.decode(msgspec.msgpack.encode(session.state), type=type(session.state))


def test_rome_et_carthage_capitals_held_and_the_clock_count_beside_the_pieces():
    # "Fin de partie" 1: holding every enemy capital through a round of the others' turns wins; the
    # "capitals" evaluation counts an enemy capital taken and a running clock, the score does not.
    from engine.games.rome_et_carthage.board import MAP

    s = _rome_et_carthage_placed()
    before, score_before = H._rome_et_carthage_capitals(s), H._rome_et_carthage(s)
    assert before == score_before  # nothing taken yet: the pieces alone
    team = [x.team for x in s.seats]
    enemy_state = s.seats[1].states[0]
    capital = next(st.capital for st in MAP.states if st.id == enemy_state)
    mine = next(p for p, x in s.owner.items() if x == 0 and p in s.where)
    held = s.at.pop(capital, None)
    if held is not None:
        del s.where[held]  # the defender's piece is gone, seat 0's stands in the capital
    del s.at[s.where[mine]]
    s.where[mine], s.at[capital] = capital, mine
    taken = H._rome_et_carthage_capitals(s)
    assert team[0] != team[1]
    assert taken[0] > H._rome_et_carthage(s)[0] and taken[1] < H._rome_et_carthage(s)[1]
    s.clock_on[team[0]] = True
    clocked = H._rome_et_carthage_capitals(s)
    assert clocked[0] > taken[0]


def _republic_at(kind: str, seed: bytes = b"prior"):
    """A three-player Republic game played at random (seeded) to its first ``kind`` step."""
    import random

    session, _ = Session.start(registry.get("republic-of-carthage"), GameConfig(3), seed)
    pick = random.Random(2)
    for _ in range(6000):
        s = session.state
        if s.flow and s.flow[-1].kind == kind:
            return session
        seat = session.status().to_act[0]
        session.submit(seat, pick.choice(session.legal(seat)))
    raise AssertionError(f"no {kind} step in 6000 commands")


def test_the_defence_prior_prefers_answering_a_war_and_only_while_one_stands():
    # V.7: the presiding officer's items of business; IX.5: a fourth Active war ends the game for all
    session = _republic_at("other_business")
    s = msgspec.msgpack.decode(msgspec.msgpack.encode(session.state), type=type(session.state))
    seat = s.flow[-1].seat
    legal = session.game.legal(s, seat)
    for w in s.wars.values():
        if w.status in ("active", "unprosecuted"):
            w.status = "inactive"
    s.forces = []
    assert H._republic_defence(s, seat, legal) is None  # no war: no preference
    war = next(w for w in sorted(s.wars) if C.WARS[w].land > 0)
    s.wars[war].status = "active"
    weights = H._republic_defence(s, seat, legal)
    options = [c.option for c in legal]
    assert weights is not None and "recruit" in options
    liked = {o for o, x in zip(options, weights) if x > 1}
    # a force is sent only when the one the Senate could send wins often enough (VI.2), armies
    # recruited only while the Treasury can pay for them and its way (II.4-8)
    affordable = any(H._recruits_affordable(s, u) for u in H._recruitable(s))
    assert affordable
    assert liked == {"recruit"} | ({"prosecute"} & set(options) if H._could_win(s, war) else set())
    assert weights[options.index("adjourn")] == 1.0
    s.treasury = 0  # nothing to pay for recruits with: no preference for them
    assert "recruit" not in {o for o, x in zip(options, H._republic_defence(s, seat, legal) or [1] * len(options)) if x > 1}


def test_the_defence_prior_recruits_what_the_treasury_can_afford_not_the_most():
    # V.7: recruits cost their price at once and 2 T a turn of upkeep (II.4-8); a Treasury emptied by
    # recruiting cannot pay its way (IX.5: bankruptcy ends the game for all)
    from engine.games.republic_of_carthage.events import Frame
    from engine.games.republic_of_carthage.senate import cost

    session = _republic_at("other_business")
    s = msgspec.msgpack.decode(msgspec.msgpack.encode(session.state), type=type(session.state))
    war = next(w for w in sorted(s.wars) if C.WARS[w].land > 0)
    s.wars[war].status = "active"
    s.forces = []
    unit = H._recruitable(s)[0]
    seat = s.flow[-1].seat
    s.flow = s.flow + [Frame(kind="how_many", seat=seat, target=unit, count=8, strs=["recruit"])]
    legal = session.game.legal(s, seat)
    for treasury in (200, 60):
        s.treasury = treasury
        afford = H._recruits_affordable(s, unit)
        assert afford == max(0, (H._treasury_next(s) - H.TREASURY_KEPT) // (cost(s, unit) + 2))
        weights = H._republic_defence(s, seat, legal)
        chosen = [c.number for c, x in zip(legal, weights) if x > 1]
        assert chosen == [min(8, max(1, afford))]


def test_the_defence_prior_votes_for_a_force_against_peace_and_leaves_the_rest():
    # V.7: recruiting and prosecuting answer a war; a peace makes it Lost for good (IX.5 counts four)
    session = _republic_at("vote")
    s = msgspec.msgpack.decode(msgspec.msgpack.encode(session.state), type=type(session.state))
    seat = s.flow[-1].seat
    war = next(w for w in sorted(s.wars) if C.WARS[w].land > 0)
    s.wars[war].status = "active"
    s.forces = []
    tally = next(f for f in reversed(s.flow) if f.kind == "tally")
    legal = session.game.legal(s, seat)

    def liked(proposal):
        tally.strs[0] = proposal
        weights = H._republic_defence(s, seat, legal)
        return None if weights is None else {c.option for c, x in zip(legal, weights) if x > 1}

    assert liked("prosecute") == liked("recruit") == {"yes"}
    assert liked("peace") == {"no"}
    assert liked("council") is None


def test_victory_chance_reads_the_combat_table_over_three_dice():
    # VI.2: 3d6 + modifier on the Combat table; a Victory from 14 (data/tables.json, reconstructed rows)
    from engine.games.republic_of_carthage import components as C

    low = min(r.min for r in C.TABLES.combat.rows if r.result == "victory")
    assert H.victory_chance(0) == sum(H._THREE_DICE[t] for t in range(low, 19)) / 216
    assert H.victory_chance(-30) == 0.0 and H.victory_chance(30) == 1.0
    assert H.victory_chance(2) > H.victory_chance(1)


def test_a_search_with_a_prior_tries_the_preferred_commands_first():
    from search.mcts import Budget, Search, Settings

    session = _republic_at("other_business")
    s = msgspec.msgpack.decode(msgspec.msgpack.encode(session.state), type=type(session.state))
    game, seat = session.game, s.flow[-1].seat
    war = next(w for w in sorted(s.wars) if C.WARS[w].land > 0)
    s.wars[war].status = "active"
    s.forces = []
    liked = {c for c, x in zip(game.legal(s, seat), H._republic_defence(s, seat, game.legal(s, seat))) if x > 1}
    def first_tried(settings, seed):
        search = Search(game, seat, 3, lambda rng: game.sample_hidden(s, seat, rng), seed, settings=settings)
        return set(search.run(Budget(iterations=len(liked))).root.kids[seat])

    seeds = [b"t%d" % n for n in range(5)]
    assert all(first_tried(Settings(pool=4, prior="defence"), x) == liked for x in seeds)
    # without it, the first commands tried are any of the legal ones
    assert any(first_tried(Settings(pool=4), x) != liked for x in seeds)


def test_a_prior_is_a_named_setting_and_an_unknown_one_is_refused():
    import pytest

    from search.bot import parse_settings

    settings, _ = parse_settings("prior=defence,bias=2")
    assert (settings.prior, settings.bias) == ("defence", 2.0)
    assert parse_settings("prior=defence+brief")[0].prior == "defence+brief"
    for bad in ("prior=attack", "prior=defence+attack"):
        with pytest.raises(ValueError, match="priors: brief, defence"):
            parse_settings(bad)


def test_the_brief_prior_makes_done_as_likely_as_every_planned_move_together():
    # II.10: each faction plans its moves of talents in secret, one move and its amount at a time,
    # until it says it is done; the prior weighs only that step's "done".
    session = _republic_at("redistribute")
    s, game = session.state, session.game
    seat = session.status().to_act[0]
    legal = game.legal(s, seat)
    assert getattr(legal[-1], "option", None) == "done" and len(legal) > 2
    weights = H._republic_brief(s, seat, legal)
    assert weights[-1] == len(legal) - 1 and set(weights[:-1]) == {1.0}
    # the amount of a move being planned is left alone (no "done" among those commands)
    move = legal[0]
    session.submit(seat, move)
    assert H._republic_brief(session.state, seat, game.legal(session.state, seat)) is None
    # and any other step too
    other = _republic_at("other_business")
    assert H._republic_brief(other.state, other.status().to_act[0],
                             other.game.legal(other.state, other.status().to_act[0])) is None


def test_priors_joined_by_a_plus_weigh_by_the_product_of_their_weights():
    session = _republic_at("redistribute")
    s, game = session.state, session.game
    seat = session.status().to_act[0]
    legal = game.legal(s, seat)
    joined = H.prior_of("republic-of-carthage", "defence+brief")
    # the defence prior has nothing to say at II.10: the product is the brief prior's weights
    assert H._republic_defence(s, seat, legal) is None
    assert joined(s, seat, legal) == H._republic_brief(s, seat, legal)
    assert H.prior_of("republic-of-carthage", "brief") is H._republic_brief
    assert H.prior_of("roma", "brief") is None  # a prior another game lacks is no prior


def test_rollouts_with_the_brief_prior_spend_fewer_commands_planning_talents():
    # what the prior is for: random rollouts spent three commands in four planning II.10's moves
    from search.mcts import Budget, Search, Settings

    session = _republic_at("redistribute")
    s, game = session.state, session.game
    seat = session.status().to_act[0]

    def planning_share(prior: str) -> float:
        search = Search(game, seat, 3, lambda rng: game.sample_hidden(s, seat, rng), b"brief",
                        settings=Settings(pool=4, prior=prior))
        kinds: list[str] = []
        play = search._play

        def counted(state, actor, command, *rest):
            kinds.append(state.flow[-1].kind if state.flow else "")
            return play(state, actor, command, *rest)
        search._play = counted  # type: ignore[method-assign]
        search.run(Budget(iterations=60))
        return kinds.count("redistribute") / len(kinds)

    assert planning_share("brief") < 0.7 * planning_share("")


def test_rome_et_carthage_capitals_reads_the_pieces_and_capitals_the_rules_count():
    """The evaluation counts each seat's pieces in one pass over the board and reads the capitals
    from the map once: at every tenth position of whole random games (2-4 players) it gives exactly
    what ``teams.pieces_left`` and ``state.capital_holders`` give ("Fin de partie" 1)."""
    import random

    from engine.games.rome_et_carthage.board import MAP
    from engine.games.rome_et_carthage.state import capital_holders
    from engine.games.rome_et_carthage.teams import pieces_left

    def reference(s):
        team_of = [s.seats[x].team for x in range(s.players)]
        value = [0.0, 0.0]
        for x in range(s.players):
            value[team_of[x]] += pieces_left(s, x)
        owners = {st: team_of[x] for x in range(s.players) for st in s.seats[x].states}
        for st, holder in zip(MAP.states, capital_holders(s)):
            owner = owners.get(st.id)
            if holder >= 0 and owner is not None and holder != owner:
                value[holder] += H.CAPITAL_WORTH
        for team in (0, 1):
            if s.clock_on[team]:
                value[team] += H.CLOCK_WORTH
        return H._squash([value[team_of[x]] - value[1 - team_of[x]] for x in range(s.players)], 3.0)

    game = registry.get("rome-et-carthage")
    held = 0
    for players in (2, 3, 4):
        session, _ = Session.start(game, GameConfig(players), f"capitals-{players}".encode())
        pick, n = random.Random(players), 0
        while not session.status().over and n < 1500:
            s = session.state
            if n % 10 == 0 and s.seats:
                assert H._rome_et_carthage_capitals(s) == reference(s), (players, n)
                held += any(h >= 0 for h in capital_holders(s))
            seat = pick.choice(session.status().to_act)
            session.submit(seat, pick.choice(session.legal(seat)))
            n += 1
    assert held > 10  # positions with capitals held were among them


def test_hannibal_evaluation_counts_each_sides_political_control_markers():
    """§22.1: political points decide; the markers count for a little (a side's PC over 8): the
    evaluation's count of each side's markers is the board's, at every tenth position of a game."""
    import random

    from engine.games.hannibal.board import political_points

    game = registry.get("hannibal")
    session, _ = Session.start(game, GameConfig(2), b"hannibal-evaluation")
    pick, n = random.Random(3), 0
    while not session.status().over and n < 600:
        s = session.state
        if n % 10 == 0:
            pp = political_points(s)
            pcs = [sum(1 for v in s.control.values() if v == side) for side in (0, 1)]
            assert H._hannibal(s) == H._squash(H._margins([pp[x] + pcs[x] / 8 for x in (0, 1)]), 2.0), n
        seat = pick.choice(session.status().to_act)
        session.submit(seat, pick.choice(session.legal(seat)))
        n += 1
    assert n >= 300
