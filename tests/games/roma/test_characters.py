"""The character cards, one effect test and at least one edge each (Roma "DETAIL DES CARTES")."""

from engine.errors import ILLEGAL_MOVE, ILLEGAL_TARGET, NO_SUCH_DIE, WRONG_PHASE
from engine.games.roma.rules import defence_of
from engine.games.roma.state import NO_PENDING

from .helpers import ScriptedRng, cmd, ev, events, kinds, legal, play, position, rejected, side


def activations(s, seat=0):
    return [c.disc for c in legal(s, seat) if isinstance(c, cmd.ActivateCard)]


# -- Sicarius --------------------------------------------------------------------------------
def test_sicarius_puts_an_opposing_character_and_itself_out_of_the_game():
    """Roma "Sicarius": the victim and the Sicarius are both "écartées du jeu", out of the game
    (not discarded: ruling 18), without a battle."""
    s = position(first=side(d1="sicarius"), second=side(d3="nero", d5="forum"), dice=[1, 2, 2])
    play(s, 0, cmd.ActivateCard(1))
    assert s.pending.kind == "target" and legal(s) == [cmd.ChooseDisc(3)]  # Nero (defence 9) is a character
    out = play(s, 0, cmd.ChooseDisc(3))
    assert "BattleRolled" not in kinds(out)
    assert s.discs[1][2] == "" and s.discs[0][0] == "" and sorted(s.removed) == ["nero", "sicarius"]
    assert s.discard == []


def test_sicarius_needs_an_opposing_character():
    """Roma "Sicarius" (ruling 11): with only buildings opposite it cannot be activated."""
    s = position(first=side(d1="sicarius"), second=side(d1="forum"), dice=[1, 2, 2])
    assert 1 not in activations(s) and rejected(s, 0, cmd.ActivateCard(1)) == ILLEGAL_MOVE


# -- Architectus / Senator ---------------------------------------------------------------------
def test_architectus_lays_any_number_of_buildings_free():
    """Roma "Architectus": buildings from hand, free, as many as wanted, even on top of each other."""
    s = position(first=side(d1="architectus", d2="legat"), hands=(["forum", "turris", "legat"], []), dice=[1, 2, 2])
    play(s, 0, cmd.ActivateCard(1))
    assert cmd.Decline() in legal(s) and cmd.LayCard("legat", 3) not in legal(s)
    assert rejected(s, 0, cmd.LayCard("legat", 3)) == ILLEGAL_TARGET
    play(s, 0, cmd.LayCard("forum", 2))
    assert s.pending.kind == "lay"
    play(s, 0, cmd.LayCard("turris", 2))  # covers the Forum just laid
    assert s.discs[0][1] == "turris" and s.discard == ["legat", "forum"] and s.money[0] == 0
    assert s.hands[0] == ["legat"] and s.pending.kind == ""  # no building left: the decision closes


def test_architectus_may_stop_and_needs_a_building_in_hand():
    """Roma "Architectus" ("un nombre au choix", ruling 28 and 11)."""
    s = position(first=side(d1="architectus"), hands=(["forum", "forum"], []), dice=[1, 1, 2])
    play(s, 0, cmd.ActivateCard(1))
    play(s, 0, cmd.LayCard("forum", 3))
    play(s, 0, cmd.Decline())
    assert s.hands[0] == ["forum"] and s.pending.kind == ""
    s.hands[0] = ["legat"]
    assert 1 not in activations(s)


def test_senator_lays_any_number_of_characters_free():
    """Roma "Senator": characters from hand, free (ruling 28)."""
    s = position(first=side(d2="senator"), hands=(["centurio", "forum", "nero"], []), dice=[2, 3, 3])
    play(s, 0, cmd.ActivateCard(2))
    assert {c.card for c in legal(s) if isinstance(c, cmd.LayCard)} == {"centurio", "nero"}
    play(s, 0, cmd.LayCard("centurio", 1))
    play(s, 0, cmd.LayCard("nero", 6))
    assert s.discs[0][0] == "centurio" and s.discs[0][5] == "nero" and s.money[0] == 0 and s.hands[0] == ["forum"]


def test_senator_needs_a_character_in_hand():
    """Roma "Senator" (ruling 11)."""
    s = position(first=side(d2="senator"), hands=(["forum"], []), dice=[2, 3, 3])
    assert rejected(s, 0, cmd.ActivateCard(2)) == ILLEGAL_MOVE


# -- Consiliarius -------------------------------------------------------------------------------
def test_consiliarius_lays_its_characters_again_covering_buildings():
    """Roma "Consiliarius": pick up one's characters and lay them on any discs; buildings may be covered."""
    s = position(first=side(d1="consiliarius", d2="forum", d3="legat"), dice=[1, 2, 2])
    out = play(s, 0, cmd.ActivateCard(1))
    assert events(out)[2] == ev.CardsPickedUp(0, (1, 3), ("consiliarius", "legat"))
    assert s.discs[0] == side(d2="forum") and s.pending.kind == "relay"
    assert rejected(s, 0, cmd.EndTurn()) == WRONG_PHASE  # every picked-up card must be laid again
    out = play(s, 0, cmd.LayCard("legat", 2))
    assert events(out)[0] == ev.CardDiscarded(0, 2, "forum", "covered")
    assert cmd.LayCard("consiliarius", 2) not in legal(s)  # not on a re-laid character
    assert rejected(s, 0, cmd.LayCard("consiliarius", 2)) == ILLEGAL_TARGET
    play(s, 0, cmd.LayCard("consiliarius", 1))  # back where it was
    assert s.discs[0] == side(d1="consiliarius", d2="legat") and s.looking == [] and s.pending.kind == ""


def test_consiliarius_moving_a_card_off_a_blocked_disc():
    """Roma "Consiliarius", Roma "Praetorianus" (ruling 24: the block holds a disc, not a card)."""
    s = position(first=side(d1="consiliarius", d3="tribunus_plebis"), dice=[1, 4, 3])
    s.blocked[0] = [3]
    assert 3 not in activations(s)
    play(s, 0, cmd.ActivateCard(1))
    play(s, 0, cmd.LayCard("tribunus_plebis", 4))
    play(s, 0, cmd.LayCard("consiliarius", 1))
    assert 4 in activations(s)


# -- Legat -----------------------------------------------------------------------------------
def test_legat_gains_a_vp_per_empty_opposing_disc():
    """Roma "Legat" (ruling 14: the opponent's empty discs)."""
    s = position(first=side(d5="legat"), second=side(d1="forum", d2="forum", d3="forum"), dice=[5, 1, 1])
    play(s, 0, cmd.ActivateCard(5))
    assert s.vp[0] == 13 and s.supply == 13


def test_legat_with_no_empty_opposing_disc_cannot_be_activated():
    """Roma "Legat" (ruling 11: nothing to gain)."""
    s = position(first=side(d5="legat"), dice=[5, 1, 1])
    assert rejected(s, 0, cmd.ActivateCard(5)) == ILLEGAL_MOVE


# -- Gladiator ---------------------------------------------------------------------------------
def test_gladiator_returns_an_opposing_character_to_its_owners_hand():
    """Roma "Gladiator": the chosen opposing character goes back to the opponent's hand."""
    s = position(first=side(d3="gladiator"), second=side(d1="centurio", d2="forum"), hands=([], ["legat"]),
                 dice=[3, 1, 1])
    play(s, 0, cmd.ActivateCard(3))
    assert legal(s) == [cmd.ChooseDisc(1)]
    assert rejected(s, 0, cmd.ChooseDisc(2)) == ILLEGAL_TARGET
    play(s, 0, cmd.ChooseDisc(1))
    assert s.discs[1][0] == "" and s.hands[1] == ["legat", "centurio"] and s.discard == []


def test_gladiator_without_opposing_character_cannot_be_activated():
    """Roma "Gladiator" (ruling 11)."""
    s = position(first=side(d3="gladiator"), second=side(d2="forum"), dice=[3, 1, 1])
    assert 3 not in activations(s)


# -- Mercator ----------------------------------------------------------------------------------
def test_mercator_buys_opposing_vp_at_two_sesterces_each():
    """Roma "Mercator": 2 sesterces per VP, the opponent receives the money."""
    s = position(first=side(d6="mercator"), money=(7, 1), dice=[6, 1, 1])
    play(s, 0, cmd.ActivateCard(6))
    assert legal(s) == [cmd.BuyVictoryPoints(n) for n in (1, 2, 3)]
    assert rejected(s, 0, cmd.BuyVictoryPoints(4)) == ILLEGAL_MOVE
    play(s, 0, cmd.BuyVictoryPoints(3))
    assert s.money == [1, 7] and s.vp == [13, 7]


def test_mercator_limited_by_the_opponents_vp_and_needs_money():
    """Roma "Mercator": "tant que l'argent ou les points gagnants sont disponibles"."""
    s = position(first=side(d6="mercator"), money=(1, 0), dice=[6, 1, 1])
    assert 6 not in activations(s)
    s.money[0], s.vp[1] = 30, 2
    play(s, 0, cmd.ActivateCard(6))
    assert legal(s)[-1] == cmd.BuyVictoryPoints(2)
    out = play(s, 0, cmd.BuyVictoryPoints(2))
    assert kinds(out)[-1] == "GameEnded" and s.vp == [12, 0]


# -- Consul ------------------------------------------------------------------------------------
def test_consul_raises_or_lowers_an_unused_die_by_one():
    """Roma "Consul": an action die not yet used goes up or down by one."""
    s = position(first=side(d2="consul", d4="tribunus_plebis"), dice=[2, 3, 6])
    play(s, 0, cmd.ActivateCard(2))
    assert set(legal(s)) == {cmd.AdjustDie(3, -1), cmd.AdjustDie(3, 1), cmd.AdjustDie(6, -1)}
    assert rejected(s, 0, cmd.AdjustDie(6, 1)) == ILLEGAL_MOVE  # no 7
    assert rejected(s, 0, cmd.AdjustDie(2, 1)) == NO_SUCH_DIE  # the Consul's own die is used
    play(s, 0, cmd.AdjustDie(3, 1))
    assert s.dice == [2, 4, 6] and 4 in activations(s)


def test_consul_needs_another_unused_die():
    """Roma "Consul" (ruling 11)."""
    s = position(first=side(d2="consul"), dice=[2, 3, 6])
    s.used = [False, True, True]
    assert 2 not in activations(s)


# -- Legionarius -------------------------------------------------------------------------------
def test_legionarius_attacks_the_card_directly_opposite():
    """Roma "Legionarius": building or character, the card on the same disc number."""
    s = position(first=side(d5="legionarius"), second=side(d4="legat", d5="forum"), dice=[5, 1, 1])
    out = play(s, 0, cmd.ActivateCard(5), ScriptedRng(dice=[3]))
    assert events(out)[2].target == 5 and s.discs[1] == side(d4="legat")


def test_legionarius_facing_an_empty_disc_cannot_be_activated():
    """Roma "Legionarius" (ruling 11)."""
    s = position(first=side(d5="legionarius"), second=side(d4="legat"), dice=[5, 1, 1])
    assert rejected(s, 0, cmd.ActivateCard(5)) == ILLEGAL_MOVE


# -- Nero --------------------------------------------------------------------------------------
def test_nero_destroys_an_opposing_building_and_itself():
    """Roma "Nero": an opposing building of one's choice; Nero leaves with it."""
    s = position(first=side(d4="nero"), second=side(d1="turris", d2="legat"), dice=[4, 1, 1])
    play(s, 0, cmd.ActivateCard(4))
    assert legal(s) == [cmd.ChooseDisc(1)]  # the Turris, not the Legat
    play(s, 0, cmd.ChooseDisc(1))
    assert s.discs[1] == side(d2="legat") and s.discs[0][3] == "" and sorted(s.removed) == ["nero", "turris"]
    assert s.discard == []  # Roma "Nero": "éliminées du jeu" (ruling 18)


def test_nero_without_opposing_building_cannot_be_activated():
    """Roma "Nero" (ruling 11)."""
    s = position(first=side(d4="nero"), second=side(d2="legat"), dice=[4, 1, 1])
    assert 4 not in activations(s)


# -- Praetorianus ------------------------------------------------------------------------------
def test_praetorianus_blocks_an_opposing_disc_for_the_opponents_next_turn():
    """Roma "Praetorianus": the opponent cannot use the chosen disc, for one turn."""
    first = side(d1="praetorianus", d2="forum", d3="forum", d4="forum", d5="forum", d6="forum")
    s = position(first=first, second=side(d2="tribunus_plebis"), vp=(10, 20), dice=[1, 1, 3])
    play(s, 0, cmd.ActivateCard(1))
    assert len(legal(s)) == 6
    play(s, 0, cmd.ChooseDisc(2))
    assert s.blocked[1] == [2]
    play(s, 0, cmd.ActivateCard(1))
    assert cmd.ChooseDisc(2) not in legal(s) and rejected(s, 0, cmd.ChooseDisc(2)) == ILLEGAL_TARGET
    play(s, 0, cmd.ChooseDisc(5))
    play(s, 0, cmd.EndTurn(), ScriptedRng(dice=[2, 2, 1]))
    assert 2 not in activations(s, 1) and rejected(s, 1, cmd.ActivateCard(2)) == ILLEGAL_MOVE
    play(s, 1, cmd.EndTurn(), ScriptedRng(dice=[2, 2, 1]))
    assert s.blocked == [[], []]
    play(s, 0, cmd.EndTurn(), ScriptedRng(dice=[2, 5, 1]))
    assert 2 in activations(s, 1)  # the block lasted one turn


def test_a_blocked_disc_can_still_receive_a_card():
    """Roma "Praetorianus" (ruling 24): only activation is blocked."""
    s = position(active=1, second=side(d2="legat"), hands=([], ["forum"]), money=(0, 5), dice=[2, 2, 2])
    s.blocked[1] = [2]
    play(s, 1, cmd.PlayCard("forum", 2))
    assert s.discs[1][1] == "forum"


# -- Scaenicus ---------------------------------------------------------------------------------
def test_scaenicus_copies_another_character_acting_from_its_own_disc():
    """Roma "Scaenicus": it performs the action of one of its owner's laid characters (ruling 25)."""
    s = position(first=side(d1="legionarius", d3="scaenicus"), second=side(d1="forum", d3="legat"), dice=[3, 6, 6])
    play(s, 0, cmd.ActivateCard(3))
    assert legal(s) == [cmd.ChooseDisc(1)]
    out = play(s, 0, cmd.ChooseDisc(1), ScriptedRng(dice=[6]))
    assert events(out)[0] == ev.ActionCopied(0, 3, 1, "legionarius")
    assert events(out)[1].target == 3 and s.discs[1] == side(d1="forum")  # the card opposite the Scaenicus


def test_scaenicus_copying_sicarius_leaves_the_game_itself():
    """Roma "Scaenicus", Roma "Sicarius" (rulings 18, 25): the copying Scaenicus, not the Sicarius,
    goes out of the game with the victim."""
    s = position(first=side(d2="sicarius", d3="scaenicus"), second=side(d6="centurio"), dice=[3, 1, 1])
    play(s, 0, cmd.ActivateCard(3))
    play(s, 0, cmd.ChooseDisc(2))
    play(s, 0, cmd.ChooseDisc(6))
    assert s.discs[0] == side(d2="sicarius") and sorted(s.removed) == ["centurio", "scaenicus"] and s.discard == []


def test_scaenicus_cannot_copy_itself_or_another_scaenicus():
    """Roma "Scaenicus": not itself, not another Scaenicus; nothing to copy, no activation."""
    s = position(first=side(d3="scaenicus", d4="scaenicus", d5="forum"), dice=[3, 4, 1])
    assert activations(s) == []
    s.discs[0][0] = "tribunus_plebis"
    play(s, 0, cmd.ActivateCard(3))
    assert legal(s) == [cmd.ChooseDisc(1)]
    assert rejected(s, 0, cmd.ChooseDisc(4)) == ILLEGAL_TARGET
    play(s, 0, cmd.ChooseDisc(1))
    assert s.vp == [11, 9]


def test_scaenicus_copies_only_actions_possible_now():
    """Roma "Scaenicus" (ruling 11): a Legionarius copy facing an empty disc is no choice."""
    s = position(first=side(d1="legionarius", d3="scaenicus"), second=side(d1="forum"), dice=[3, 1, 1])
    assert 3 not in activations(s)


# -- Haruspex ----------------------------------------------------------------------------------
def test_haruspex_takes_any_card_from_the_deck_then_shuffles_it():
    """Roma "Haruspex": look through the deck, take a card, the deck is shuffled afterwards."""
    s = position(first=side(d5="haruspex"), deck=["forum", "nero", "legat", "forum"], dice=[5, 1, 1])
    out = play(s, 0, cmd.ActivateCard(5))
    searched = out[2]
    assert searched.event == ev.DeckSearched(0, ("forum", "forum", "legat", "nero"))
    assert searched.for_seat(1) == ev.DeckSearchedRedacted(0, 4)
    assert {c.card for c in legal(s)} == {"forum", "legat", "nero"}
    out = play(s, 0, cmd.ChooseCard("nero"), ScriptedRng(orders=[["legat", "forum", "forum"]]))
    assert out[0].for_seat(1) == ev.CardTakenFromDeckRedacted(0)
    assert out[1].event == ev.DeckShuffled(("legat", "forum", "forum")) and out[1].seats == ()
    assert s.hands[0] == ["nero"] and s.deck == ["legat", "forum", "forum"]


def test_haruspex_on_an_empty_deck_shuffles_the_discard_pile_first():
    """Roma "Haruspex" with Roma "Prendre une ou des carte(s)" (ruling 26)."""
    s = position(first=side(d5="haruspex"), deck=[], discard=["turris", "legat"], dice=[5, 1, 1])
    out = play(s, 0, cmd.ActivateCard(5))
    assert kinds(out)[2:4] == ["DiscardReshuffled", "DeckSearched"]
    assert sorted(s.deck) == ["legat", "turris"] and s.discard == []
    s.deck, s.pending = [], NO_PENDING
    s.used = [False] * 3
    assert 5 not in activations(s)  # deck and discard empty


# -- Velites -----------------------------------------------------------------------------------
def test_velites_attacks_any_opposing_character():
    """Roma "Velites": any opposing character, not necessarily opposite; one battle roll."""
    s = position(first=side(d1="velites"), second=side(d2="forum", d6="mercator"), dice=[1, 1, 1])
    play(s, 0, cmd.ActivateCard(1))
    assert legal(s) == [cmd.ChooseDisc(6)]
    assert rejected(s, 0, cmd.ChooseDisc(2)) == ILLEGAL_TARGET
    out = play(s, 0, cmd.ChooseDisc(6), ScriptedRng(dice=[2]))
    assert ev.BattleRolled(0, 1, 6, "mercator", 2, 2, True) in events(out) and s.discs[1] == side(d2="forum")


def test_velites_without_opposing_character_cannot_be_activated():
    """Roma "Velites" (ruling 11)."""
    s = position(first=side(d1="velites"), second=side(d2="forum"), dice=[1, 1, 1])
    assert activations(s) == []


# -- Essedum -----------------------------------------------------------------------------------
def test_essedum_lowers_opposing_defence_by_two_for_the_turn():
    """Roma "Essedum": the opposing cards defend 2 less (ruling 20: until the end of the turn)."""
    s = position(first=side(d1="essedum", d2="legionarius"), second=side(d2="centurio"), dice=[1, 2, 1])
    play(s, 0, cmd.ActivateCard(1))
    out = play(s, 0, cmd.ActivateCard(2), ScriptedRng(dice=[3]))
    assert ev.BattleRolled(0, 2, 2, "centurio", 3, 3, True) in events(out)
    play(s, 0, cmd.EndTurn(), ScriptedRng(dice=[1, 2, 3]))
    assert s.essedum == 0


def test_essedum_activated_twice_lowers_defence_by_four():
    """Roma "Essedum" (ruling 20: each activation counts)."""
    s = position(first=side(d1="essedum"), second=side(d2="nero"), dice=[1, 1, 2])
    play(s, 0, cmd.ActivateCard(1))
    play(s, 0, cmd.ActivateCard(1))
    assert s.essedum == 4 and defence_of(s, 1, 2) == 9 - 4


def test_essedum_against_an_empty_side_cannot_be_activated():
    """Roma "Essedum" (ruling 11)."""
    s = position(first=side(d1="essedum"), second=side(), dice=[1, 1, 2])
    assert activations(s) == []


# -- Tribunus Plebis ---------------------------------------------------------------------------
def test_tribunus_plebis_takes_one_vp_from_the_opponent():
    """Roma "Tribunus Plebis"."""
    s = position(first=side(d6="tribunus_plebis"), dice=[6, 1, 1])
    out = play(s, 0, cmd.ActivateCard(6))
    assert ev.VictoryPointsTaken(0, 1, "tribunus_plebis") in events(out) and s.vp == [11, 9] and s.supply == 16


def test_tribunus_plebis_taking_the_last_vp_ends_the_game():
    """Roma "Tribunus Plebis" with Roma "FIN DU JEU"."""
    s = position(first=side(d6="tribunus_plebis"), vp=(4, 1), dice=[6, 6, 1])
    out = play(s, 0, cmd.ActivateCard(6))
    assert kinds(out)[-1] == "GameEnded" and s.vp == [5, 0] and legal(s) == []


# -- Centurio ----------------------------------------------------------------------------------
def test_centurio_adds_an_unused_die_after_a_failed_roll():
    """Roma "Centurio": attacks the card opposite; after the roll it may add an unused action die."""
    s = position(first=side(d4="centurio"), second=side(d4="turris"), dice=[4, 3, 5])  # Turris defends 6
    out = play(s, 0, cmd.ActivateCard(4), ScriptedRng(dice=[2]))
    assert events(out)[-1].kind == "boost"
    assert legal(s) == [cmd.ChooseDie(3), cmd.ChooseDie(5), cmd.Decline()]
    out = play(s, 0, cmd.ChooseDie(5))
    assert ev.BattleBoosted(0, 5, 7, True) in events(out) and s.discs[1] == side() and s.used == [True, False, True]


def test_centurio_may_decline_and_a_won_roll_asks_nothing():
    """Roma "Centurio": the addition is optional, decided after the battle die."""
    s = position(first=side(d4="centurio"), second=side(d4="turris", d5="turris"), dice=[4, 4, 5])
    play(s, 0, cmd.ActivateCard(4), ScriptedRng(dice=[1]))
    play(s, 0, cmd.Decline())
    assert s.discs[1][3] == "turris" and s.used == [True, False, False]
    out = play(s, 0, cmd.ActivateCard(4), ScriptedRng(dice=[6]))  # defence 7 with the other Turris
    assert s.pending.kind == "boost"
    play(s, 0, cmd.ChooseDie(5))
    assert s.discs[1] == side(d5="turris")


def test_centurio_with_no_unused_die_left_gets_no_choice():
    """Roma "Centurio": only a die not yet used can be added."""
    s = position(first=side(d4="centurio"), second=side(d4="turris"), dice=[4, 3, 5])
    s.used = [False, True, True]
    out = play(s, 0, cmd.ActivateCard(4), ScriptedRng(dice=[2]))
    assert kinds(out)[-1] == "BattleRolled" and s.pending.kind == ""
