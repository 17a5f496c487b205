"""The turn: phase 1 payment, dice, the four actions (Roma "DEROULEMENT DU JEU")."""

from engine.errors import ILLEGAL_MOVE, ILLEGAL_TARGET, NO_SUCH_DIE, NOT_ENOUGH_MONEY, NOT_YOUR_TURN, WRONG_PHASE

from .helpers import ScriptedRng, cmd, ev, events, kinds, legal, play, position, rejected, side


def test_phase_1_pay_one_vp_per_empty_disc():
    """Roma "Phase 1": 1 VP into the supply for each of one's discs without a card."""
    s = position(active=1, second=side(d1="forum", d2="forum", d6="legat"))
    out = play(s, 1, cmd.EndTurn(), ScriptedRng(dice=[2, 4, 5]))
    assert "VictoryPointsPaid" not in kinds(out) and s.vp == [10, 10]
    out = play(s, 0, cmd.EndTurn(), ScriptedRng(dice=[2, 4, 5]))
    assert ev.VictoryPointsPaid(1, 3, 3) in events(out)
    assert s.vp == [10, 7] and s.supply == 19


def test_phase_2_three_dice_rolled_and_recorded():
    """Roma "Phase 2": the player rolls the three action dice; the event carries the result."""
    s = position(active=1)
    out = play(s, 1, cmd.EndTurn(), ScriptedRng(dice=[6, 1, 3]))
    assert ev.DiceRolled(0, (6, 1, 3), False) in events(out)
    assert s.dice == [6, 1, 3] and s.used == [False] * 3 and s.active == 0


def test_three_of_a_kind_may_be_rerolled_once():
    """Roma "Phase 2": with three equal dice the player may roll all three again, once."""
    s = position(active=1)
    play(s, 1, cmd.EndTurn(), ScriptedRng(dice=[4, 4, 4]))
    assert s.pending.kind == "reroll" and legal(s, 0) == [cmd.RerollDice(), cmd.KeepDice()]
    assert rejected(s, 0, cmd.TakeMoney(4)) == WRONG_PHASE
    out = play(s, 0, cmd.RerollDice(), ScriptedRng(dice=[5, 5, 5]))
    assert events(out) == [ev.DiceRolled(0, (5, 5, 5), True)]
    assert s.pending.kind == "" and s.dice == [5, 5, 5]


def test_three_of_a_kind_may_be_kept():
    """Roma "Phase 2" (remark: keeping three equal dice can be worth it)."""
    s = position(active=1)
    play(s, 1, cmd.EndTurn(), ScriptedRng(dice=[6, 6, 6]))
    play(s, 0, cmd.KeepDice())
    assert s.dice == [6, 6, 6] and s.pending.kind == ""
    assert cmd.TakeMoney(6) in legal(s, 0)


def test_play_card_costs_its_price_and_no_die():
    """Roma "Jouer des cartes": no die; pay the printed cost to the bank."""
    s = position(first=side(), hands=(["forum"], []), money=(7, 0))
    play(s, 0, cmd.PlayCard("forum", 2))
    assert s.discs[0][1] == "forum" and s.money[0] == 2 and s.used == [False] * 3 and s.hands[0] == []


def test_play_card_needs_the_whole_price():
    """Roma "Jouer des cartes": a card is played only once its whole cost is paid."""
    s = position(hands=(["centurio"], []), money=(8, 0))
    assert rejected(s, 0, cmd.PlayCard("centurio", 1)) == NOT_ENOUGH_MONEY
    assert not any(isinstance(c, cmd.PlayCard) for c in legal(s, 0))
    assert rejected(s, 0, cmd.PlayCard("nero", 1)) == ILLEGAL_TARGET


def test_a_card_laid_on_an_occupied_disc_discards_the_old_one():
    """Roma "Superposer des cartes": the covered card goes to the discard pile."""
    s = position(first=side(d3="legat"), hands=(["templum"], []), money=(2, 0))
    out = play(s, 0, cmd.PlayCard("templum", 3))
    assert events(out)[0] == ev.CardDiscarded(0, 3, "legat", "covered")
    assert s.discs[0][2] == "templum" and s.discard == ["legat"]


def test_take_money_gives_the_die_value():
    """Roma "Prendre de l'argent": a 6 on the money disc gives 6 sesterces."""
    s = position(dice=[6, 2, 2], money=(1, 0))
    play(s, 0, cmd.TakeMoney(6))
    assert s.money[0] == 7 and s.used == [True, False, False]
    assert rejected(s, 0, cmd.TakeMoney(6)) == NO_SUCH_DIE


def test_a_die_is_used_once_and_equal_dice_are_one_choice():
    """Roma "Phase 3": a die is used for one action only; its value is not split."""
    s = position(dice=[2, 2, 5])
    assert [c for c in legal(s, 0) if isinstance(c, cmd.TakeMoney)] == [cmd.TakeMoney(2), cmd.TakeMoney(5)]
    play(s, 0, cmd.TakeMoney(2))
    play(s, 0, cmd.TakeMoney(2))
    assert rejected(s, 0, cmd.TakeMoney(2)) == NO_SUCH_DIE
    assert s.money[0] == 4


def test_take_cards_look_at_die_many_keep_one_discard_the_rest():
    """Roma "Prendre une ou des carte(s)": a 4 lets the player look at 4 cards and keep one."""
    s = position(dice=[4, 1, 1], deck=["forum", "nero", "legat", "turris", "onager"])
    out = play(s, 0, cmd.TakeCards(4))
    looked = out[-2]
    assert looked.event == ev.CardsLookedAt(0, ("forum", "nero", "legat", "turris"))
    assert looked.for_seat(1) == ev.CardsLookedAtRedacted(0, 4)
    assert s.pending.kind == "keep" and {c.card for c in legal(s, 0)} == {"forum", "nero", "legat", "turris"}
    out = play(s, 0, cmd.ChooseCard("legat"))
    assert out[0].for_seat(1) == ev.CardKeptRedacted(0)
    assert out[1].seats is None and out[1].event == ev.CardsRejected(0, ("forum", "nero", "turris"))
    assert s.hands[0] == ["legat"] and s.discard == ["forum", "nero", "turris"] and s.deck == ["onager"]


def test_keep_only_a_card_you_are_looking_at():
    """Roma "Prendre une ou des carte(s)": the kept card is one of those taken."""
    s = position(dice=[2, 1, 1], deck=["forum", "nero", "legat"])
    play(s, 0, cmd.TakeCards(2))
    assert rejected(s, 0, cmd.ChooseCard("legat")) == ILLEGAL_TARGET
    assert rejected(s, 0, cmd.EndTurn()) == WRONG_PHASE


def test_when_the_deck_runs_out_the_discard_pile_is_shuffled_into_a_new_deck():
    """Roma "Prendre une ou des carte(s)": an exhausted deck is replaced by the shuffled discards."""
    s = position(dice=[3, 1, 1], deck=["forum"], discard=["nero", "legat", "turris"])
    rng = ScriptedRng(orders=[["turris", "nero", "legat"]])
    out = play(s, 0, cmd.TakeCards(3), rng)
    shuffle = out[1]
    assert shuffle.event == ev.DiscardReshuffled(("turris", "nero", "legat")) and shuffle.seats == ()
    assert shuffle.for_seat(0) == ev.DiscardReshuffledRedacted(3)
    assert s.looking == ["forum", "turris", "nero"] and s.deck == ["legat"] and s.discard == []


def test_taking_cards_with_deck_and_discard_empty_is_not_allowed():
    """Roma "Prendre une ou des carte(s)" (ruling 6: nothing to take)."""
    s = position(deck=[], discard=[])
    assert rejected(s, 0, cmd.TakeCards(1)) == ILLEGAL_MOVE
    assert not any(isinstance(c, cmd.TakeCards) for c in legal(s, 0))


def test_taking_more_cards_than_there_are_looks_at_all_of_them():
    """Roma "Prendre une ou des carte(s)" (ruling 6)."""
    s = position(dice=[6, 1, 1], deck=["forum"], discard=["nero"])
    play(s, 0, cmd.TakeCards(6))
    assert sorted(s.looking) == ["forum", "nero"] and s.deck == []


def test_activate_needs_the_die_of_the_disc_number_and_your_card_there():
    """Roma "Activer une carte": the die goes on the disc of the same value."""
    s = position(first=side(d2="tribunus_plebis"), dice=[3, 5, 5])
    assert rejected(s, 0, cmd.ActivateCard(2)) == NO_SUCH_DIE
    s.dice = [2, 3, 5]
    assert rejected(s, 0, cmd.ActivateCard(3)) == ILLEGAL_TARGET
    play(s, 0, cmd.ActivateCard(2))
    assert s.vp == [11, 9] and s.used == [True, False, False]


def test_two_equal_dice_activate_a_card_twice():
    """Roma "Activer une carte": several dice of one value activate the card as many times."""
    s = position(first=side(d4="tribunus_plebis"), dice=[4, 4, 1])
    play(s, 0, cmd.ActivateCard(4))
    play(s, 0, cmd.ActivateCard(4))
    assert s.vp == [12, 8]
    assert rejected(s, 0, cmd.ActivateCard(4)) == NO_SUCH_DIE


def test_only_the_player_whose_turn_it_is_acts():
    """Roma "DEROULEMENT DU JEU": the players take turns."""
    s = position(active=0)
    assert rejected(s, 1, cmd.EndTurn()) == NOT_YOUR_TURN
    assert legal(s, 1) == []


def test_end_turn_passes_to_the_other_player():
    """Roma "Combat" (last paragraph): when a player's actions are done, the other plays."""
    s = position(active=0, dice=[1, 2, 3])
    out = play(s, 0, cmd.EndTurn(), ScriptedRng(dice=[1, 5, 6]))
    assert kinds(out) == ["TurnEnded", "TurnStarted", "DiceRolled"]
    assert s.active == 1 and s.turn == 4 and s.dice == [1, 5, 6]


def test_worked_example_of_a_complete_turn():
    """Roma "Exemple d'un tour complet": Stéphane pays 1 VP for one empty disc, rolls 3, 4 and 6;
    takes three cards with the 3 and keeps a Legat; takes 6 sesterces with the 6; plays the Legat
    on disc 4 for 5 sesterces; activates it with the 4 and gains 2 VP."""
    stephane = side(d1="forum", d2="haruspex", d3="templum", d5="onager", d6="consul")  # disc 4 empty
    opponent = side(d1="senator", d2="turris", d3="forum", d4="velites")  # exactly 2 empty discs
    s = position(active=1, first=stephane, second=opponent, deck=["nero", "legat", "machina", "forum"],
                 money=(0, 3), hands=(["architectus"], []))
    play(s, 1, cmd.EndTurn(), ScriptedRng(dice=[3, 4, 6]))
    assert s.vp == [9, 10] and s.supply == 17
    play(s, 0, cmd.TakeCards(3))
    play(s, 0, cmd.ChooseCard("legat"))
    assert s.discard == ["nero", "machina"]
    play(s, 0, cmd.TakeMoney(6))
    assert s.money[0] == 6
    play(s, 0, cmd.PlayCard("legat", 4))
    assert s.money[0] == 1
    out = play(s, 0, cmd.ActivateCard(4))
    assert ev.VictoryPointsGained(0, 2, "legat") in events(out)
    assert s.vp == [11, 10] and s.supply == 15 and s.money == [1, 3]
    assert s.hands[0] == ["architectus"] and s.discs[0][3] == "legat" and s.used == [True] * 3


def test_the_bank_never_runs_out_of_money():
    """Roma "COMPOSITION DU JEU" lists 103 sesterces of coins; ruling 2: the bank is unlimited."""
    s = position(dice=[6, 6, 6], money=(100, 3))
    for _ in range(3):
        play(s, 0, cmd.TakeMoney(6))
    assert s.money == [118, 3]
