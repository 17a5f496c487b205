"""Battle (Roma "Combat") and the end of the game (Roma "FIN DU JEU")."""

from engine.core import Result
from engine.errors import GAME_OVER
from engine.games.roma import ROMA
from engine.games.roma.rules import defence_of, empty_discs, forum_neighbours

from .helpers import ScriptedRng, cmd, ev, events, kinds, legal, play, position, rejected, side


def test_battle_won_when_the_roll_reaches_the_defence():
    """Roma "Combat": a roll greater than or equal to the defence discards the attacked card."""
    s = position(first=side(d2="legionarius"), second=side(d2="legat"), dice=[2, 1, 1])  # Legat defends 2
    out = play(s, 0, cmd.ActivateCard(2), ScriptedRng(dice=[2]))
    assert ev.BattleRolled(0, 2, 2, "legat", 2, 2, True) in events(out)
    assert s.discs[1][1] == "" and s.discard == ["legat"]


def test_battle_lost_changes_nothing():
    """Roma "Combat": otherwise nothing happens (the attacker loses nothing either)."""
    s = position(first=side(d2="legionarius"), second=side(d2="forum"), dice=[2, 1, 1])  # Forum defends 3
    out = play(s, 0, cmd.ActivateCard(2), ScriptedRng(dice=[2]))
    assert kinds(out) == ["DieUsed", "CardActivated", "BattleRolled"]
    assert s.discs == [side(d2="legionarius"), side(d2="forum")] and s.discard == []


def test_defence_counts_every_modifier_turris_and_essedum():
    """Roma "Combat" (remark: all modifications count), Roma "Turris", Roma "Essedum"."""
    s = position(first=side(d1="essedum"), second=side(d1="forum", d2="turris", d3="turris"), dice=[1, 1, 2])
    assert defence_of(s, 1, 1) == 3 + 2        # two Turris beside it: +1 each
    assert defence_of(s, 1, 2) == 6 + 1        # the other Turris protects this one
    play(s, 0, cmd.ActivateCard(1))
    assert s.essedum == 2 and defence_of(s, 1, 1) == 3 + 2 - 2
    assert defence_of(s, 0, 1) == 3            # the Essedum does not weaken its owner's cards


def test_forum_neighbours_are_one_more_and_one_less():
    """Roma "Basilica", Roma "Templum": "juste à côté" (ruling 22)."""
    assert forum_neighbours(1) == (2,) and forum_neighbours(4) == (3, 5) and forum_neighbours(6) == (5,)


def test_empty_discs_counts_a_players_own_side():
    """Roma "Phase 1"."""
    s = position(first=side(d3="forum"), second=side(d1="forum", d2="forum"))
    assert empty_discs(s, 0) == 5 and empty_discs(s, 1) == 4


def test_game_ends_at_once_when_a_player_has_no_vp():
    """Roma "FIN DU JEU": the game ends as soon as a player has no VP; most VP wins."""
    s = position(active=1, first=side(d1="forum", d2="forum"), vp=(3, 20))
    out = play(s, 1, cmd.EndTurn(), ScriptedRng())
    assert kinds(out) == ["TurnEnded", "TurnStarted", "VictoryPointsPaid", "GameEnded"]
    assert events(out)[2] == ev.VictoryPointsPaid(0, 3, 4)
    st = ROMA.status(s)
    assert st.over and st.to_act == () and st.result.winners == (1,) and st.result.scores == (0, 20)
    assert st.result.reason == "no_victory_points"
    assert rejected(s, 0, cmd.EndTurn()) == GAME_OVER and legal(s, 0) == [] and legal(s, 1) == []


def test_game_ends_when_the_supply_is_empty_and_a_short_supply_pays_in_full():
    """Roma "FIN DU JEU": empty supply ends the game; missing points are still counted."""
    s = position(first=side(d4="legat"), second=side(d1="forum"), supply=3, vp=(12, 6), dice=[4, 1, 1])
    out = play(s, 0, cmd.ActivateCard(4))  # 5 empty opposing discs, supply 3
    assert ev.VictoryPointsGained(0, 5, "legat") in events(out)
    assert s.vp == [17, 6] and s.supply == 0
    assert ROMA.status(s).result == Result((0,), (17, 6), "supply_empty")


def test_equal_vp_at_the_end_is_a_draw():
    """Roma "FIN DU JEU": the player with the most VP wins; with equal VP nobody does (ruling 10)."""
    s = position(first=side(d4="legat"), second=side(d1="forum", d2="forum", d3="forum", d5="forum"),
                 supply=2, vp=(8, 10), dice=[4, 1, 1])
    play(s, 0, cmd.ActivateCard(4))
    st = ROMA.status(s)
    assert st.over and st.result.winners == () and st.result.scores == (10, 10)
