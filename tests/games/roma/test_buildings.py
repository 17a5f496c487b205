"""The building cards, one effect test and at least one edge each (Roma "DETAIL DES CARTES")."""

from engine.errors import ILLEGAL_MOVE, ILLEGAL_TARGET, NO_SUCH_DIE, WRONG_PHASE

from .helpers import ScriptedRng, cmd, ev, events, kinds, legal, play, position, rejected, side


def activations(s, seat=0):
    return [c.disc for c in legal(s, seat) if isinstance(c, cmd.ActivateCard)]


# -- Aesculapinum ------------------------------------------------------------------------------
def test_aesculapinum_takes_a_character_from_the_discard_pile():
    """Roma "Aesculapinum": any character of the discard pile goes to the hand."""
    s = position(first=side(d2="aesculapinum"), discard=["forum", "nero", "legat"], dice=[2, 1, 1])
    play(s, 0, cmd.ActivateCard(2))
    assert legal(s) == [cmd.ChooseCard("legat"), cmd.ChooseCard("nero")]
    assert rejected(s, 0, cmd.ChooseCard("forum")) == ILLEGAL_TARGET
    play(s, 0, cmd.ChooseCard("nero"))
    assert s.hands[0] == ["nero"] and s.discard == ["forum", "legat"]


def test_aesculapinum_with_no_character_discarded_cannot_be_activated():
    """Roma "Aesculapinum" (ruling 11)."""
    s = position(first=side(d2="aesculapinum"), discard=["forum", "turris"], dice=[2, 1, 1])
    assert rejected(s, 0, cmd.ActivateCard(2)) == ILLEGAL_MOVE


# -- Forum, Templum, Basilica ------------------------------------------------------------------
def test_forum_needs_a_second_die_whose_value_is_the_vp_gained():
    """Roma "Forum": one die activates it, another gives the VP taken from the supply."""
    s = position(first=side(d3="forum"), dice=[3, 5, 2])
    play(s, 0, cmd.ActivateCard(3))
    assert legal(s) == [cmd.ChooseDie(2), cmd.ChooseDie(5)]
    out = play(s, 0, cmd.ChooseDie(5))
    assert events(out)[-1] == ev.VictoryPointsGained(0, 5, "forum")
    assert s.vp[0] == 15 and s.supply == 11 and s.used == [True, True, False]


def test_forum_without_a_second_die_cannot_be_activated():
    """Roma "Forum": it needs 2 action dice (ruling 23)."""
    s = position(first=side(d3="forum"), dice=[3, 5, 2])
    s.used = [False, True, True]
    assert rejected(s, 0, cmd.ActivateCard(3)) == ILLEGAL_MOVE


def test_templum_beside_the_forum_adds_the_third_die():
    """Roma "Templum": with a Templum beside the Forum the third die adds its value."""
    s = position(first=side(d3="forum", d4="templum"), dice=[3, 5, 6])
    play(s, 0, cmd.ActivateCard(3))
    play(s, 0, cmd.ChooseDie(5))
    assert s.pending.kind == "templum" and legal(s) == [cmd.ChooseDie(6), cmd.Decline()]
    out = play(s, 0, cmd.ChooseDie(6))
    assert events(out)[-1] == ev.VictoryPointsGained(0, 11, "forum") and s.used == [True] * 3


def test_templum_is_optional_and_needs_the_third_die_unused():
    """Roma "Templum": "on peut utiliser" the third die, which must not yet be used this turn."""
    s = position(first=side(d3="forum", d2="templum"), dice=[3, 5, 6])
    play(s, 0, cmd.ActivateCard(3))
    play(s, 0, cmd.ChooseDie(5))
    out = play(s, 0, cmd.Decline())
    assert events(out)[-1] == ev.VictoryPointsGained(0, 5, "forum") and s.used == [True, True, False]
    s2 = position(first=side(d3="forum", d2="templum"), dice=[3, 5, 6])
    play(s2, 0, cmd.TakeMoney(6))
    play(s2, 0, cmd.ActivateCard(3))
    out = play(s2, 0, cmd.ChooseDie(5))
    assert kinds(out)[-1] == "VictoryPointsGained" and s2.pending.kind == ""


def test_templum_and_basilica_are_never_activated():
    """Roma "Templum", Roma "Basilica": the card itself is not activated (ruling 12)."""
    s = position(first=side(d1="templum", d2="basilica", d3="turris"), dice=[1, 2, 3])
    assert activations(s) == []
    for disc in (1, 2, 3):
        assert rejected(s, 0, cmd.ActivateCard(disc)) == ILLEGAL_MOVE


def test_basilica_beside_the_forum_adds_two_vp():
    """Roma "Basilica": 2 more VP when the Forum beside it is activated."""
    s = position(first=side(d3="forum", d2="basilica", d4="basilica", d6="basilica"), dice=[3, 1, 1])
    play(s, 0, cmd.ActivateCard(3))
    out = play(s, 0, cmd.ChooseDie(1))
    assert events(out)[-1] == ev.VictoryPointsGained(0, 1 + 2 + 2, "forum")  # the Basilica on 6 is not beside


def test_basilica_two_discs_away_adds_nothing():
    """Roma "Basilica": it must lie directly next to the Forum (ruling 22)."""
    s = position(first=side(d3="forum", d5="basilica", d1="templum"), dice=[3, 4, 1])
    play(s, 0, cmd.ActivateCard(3))
    out = play(s, 0, cmd.ChooseDie(4))
    assert events(out)[-1] == ev.VictoryPointsGained(0, 4, "forum")


# -- Machina -----------------------------------------------------------------------------------
def test_machina_lays_its_buildings_again_covering_characters():
    """Roma "Machina": pick up one's buildings, lay them on any discs; characters may be covered."""
    s = position(first=side(d1="machina", d2="forum", d3="legat"), dice=[1, 1, 1])
    out = play(s, 0, cmd.ActivateCard(1))
    assert events(out)[2] == ev.CardsPickedUp(0, (1, 2), ("machina", "forum"))
    assert cmd.LayCard("forum", 3) in legal(s) and cmd.LayCard("legat", 1) not in legal(s)
    play(s, 0, cmd.LayCard("forum", 3))
    assert s.discard == ["legat"]
    assert rejected(s, 0, cmd.LayCard("machina", 3)) == ILLEGAL_TARGET
    play(s, 0, cmd.LayCard("machina", 6))
    assert s.discs[0] == side(d3="forum", d6="machina") and s.pending.kind == ""


def test_machina_must_lay_every_picked_up_building():
    """Roma "Machina": the buildings are laid again (ruling 29)."""
    s = position(first=side(d1="machina", d2="forum"), dice=[1, 1, 1])
    play(s, 0, cmd.ActivateCard(1))
    assert rejected(s, 0, cmd.Decline()) == WRONG_PHASE
    assert rejected(s, 0, cmd.EndTurn()) == WRONG_PHASE


# -- Mercatus ----------------------------------------------------------------------------------
def test_mercatus_takes_a_vp_per_opposing_forum():
    """Roma "Mercatus": 1 VP from the opponent for each Forum the opponent has laid."""
    s = position(first=side(d5="mercatus"), second=side(d1="forum", d2="forum", d6="forum"), dice=[5, 1, 1])
    out = play(s, 0, cmd.ActivateCard(5))
    assert ev.VictoryPointsTaken(0, 3, "mercatus") in events(out) and s.vp == [13, 7] and s.supply == 16


def test_mercatus_edges_no_opposing_forum_and_opponent_short_of_vp():
    """Roma "Mercatus" (ruling 11 and 8: the opponent gives at most what they hold)."""
    s = position(first=side(d5="mercatus"), second=side(d1="legat"), dice=[5, 1, 1])
    assert activations(s) == []
    s.discs[1] = side(d1="forum", d2="forum", d3="forum")
    s.vp = [5, 2]
    out = play(s, 0, cmd.ActivateCard(5))
    assert ev.VictoryPointsTaken(0, 2, "mercatus") in events(out) and s.vp == [7, 0] and kinds(out)[-1] == "GameEnded"


# -- Onager ------------------------------------------------------------------------------------
def test_onager_attacks_any_opposing_building():
    """Roma "Onager": any opposing building, one battle roll."""
    s = position(first=side(d3="onager"), second=side(d1="legat", d5="basilica"), dice=[3, 1, 1])
    play(s, 0, cmd.ActivateCard(3))
    assert legal(s) == [cmd.ChooseDisc(5)]
    out = play(s, 0, cmd.ChooseDisc(5), ScriptedRng(dice=[4]))
    assert ev.BattleRolled(0, 3, 5, "basilica", 4, 5, False) in events(out) and s.discs[1][4] == "basilica"


def test_onager_without_opposing_building_cannot_be_activated():
    """Roma "Onager" (ruling 11)."""
    s = position(first=side(d3="onager"), second=side(d1="legat"), dice=[3, 1, 1])
    assert rejected(s, 0, cmd.ActivateCard(3)) == ILLEGAL_MOVE


# -- Turris ------------------------------------------------------------------------------------
def test_turris_raises_the_defence_of_its_owners_other_cards():
    """Roma "Turris": while it is laid all its owner's other cards defend 1 more."""
    s = position(first=side(d1="legionarius"), second=side(d1="legat", d6="turris"), dice=[1, 1, 1])
    out = play(s, 0, cmd.ActivateCard(1), ScriptedRng(dice=[2]))
    assert ev.BattleRolled(0, 1, 1, "legat", 2, 3, False) in events(out)


def test_turris_does_not_raise_its_own_defence():
    """Roma "Turris": "ses autres cartes" (ruling 21)."""
    s = position(first=side(d6="centurio"), second=side(d6="turris"), dice=[6, 1, 1])
    s.used = [False, True, True]
    out = play(s, 0, cmd.ActivateCard(6), ScriptedRng(dice=[6]))
    assert ev.BattleRolled(0, 6, 6, "turris", 6, 6, True) in events(out)


def test_a_used_die_cannot_feed_a_forum():
    """Roma "Phase 3": a die is used once."""
    s = position(first=side(d3="forum"), dice=[3, 5, 2])
    play(s, 0, cmd.TakeMoney(5))
    play(s, 0, cmd.ActivateCard(3))
    assert rejected(s, 0, cmd.ChooseDie(5)) == NO_SUCH_DIE
