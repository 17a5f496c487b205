"""Counter-Intrigue (reconstructed card: cancel an Intrigue card another player has just played),
answered by every other player in turn as the card is played (R79)."""

from __future__ import annotations

from .helpers import G, Frame, cmd, ev, legal, no_counter, no_trading, of, play, run, table, top

RUMOUR = cmd.PlayCard(card="rumour_of_treason_I", senator="5")
COUNTER = cmd.PlayCard(card="counter_intrigue_II", senator="")


def window():
    """Seat 0 holds a Rumour of Treason (a senator of his choice loses 3 Popularity), in a card window."""
    s = table()
    s.hands[0] = ["rumour_of_treason_I"]
    run(s, Frame(kind="cards_window", seat=0, strs=["any_time"]))
    return s


def test_every_other_player_is_asked_in_turn():
    """R79: seats 1 then 2 answer, whether or not they hold a Counter-Intrigue (``pass`` is always
    legal), before the card does anything."""
    s = window()
    s.hands[1], s.hands[2] = ["temple_treasure"], ["assassin_I"]
    out = play(s, 0, RUMOUR)
    assert of(out, ev.CardPlayed)[0].card == "rumour_of_treason_I"
    assert s.senators["5"].popularity == 0
    assert [f.seat for f in s.flow if f.kind == "counter"] == [2, 1]
    assert legal(s, 1) == [cmd.ChooseOption(option="pass")]
    out = no_counter(s)
    assert s.senators["5"].popularity == -3
    assert not s.flow  # seat 0's window closes: nothing left in his hand to play


def test_an_empty_hand_is_not_asked():
    """R79 under R134 (R150): only a Counter-Intrigue from the hand answers an Intrigue card, so an empty
    hand has nothing to play; its size is public, so passing it over tells nobody anything. Seat 1's
    hand is empty: only seat 2, holding a card, is asked."""
    s = window()
    s.hands[2] = ["temple_treasure"]
    play(s, 0, RUMOUR)
    assert top(s).kind == "counter" and top(s).seat == 2 and legal(s, 1) == []
    play(s, 2, cmd.ChooseOption(option="pass"))
    assert s.senators["5"].popularity == -3 and not s.flow
    s = window()  # nobody else holds a card: the card acts at once
    out = play(s, 0, RUMOUR)
    assert s.senators["5"].popularity == -3 and not s.flow and of(out, ev.CardPlayed)


def test_a_counter_intrigue_cancels_the_card():
    """Counter-Intrigue: the card just played has no effect; both go to the discard."""
    s = window()
    s.hands[1], s.hands[2] = ["temple_treasure"], ["counter_intrigue_II"]
    play(s, 0, RUMOUR)
    play(s, 1, cmd.ChooseOption(option="pass"))
    assert COUNTER in legal(s, 2)
    out = play(s, 2, COUNTER)
    assert of(out, ev.CardCancelled) == [ev.CardCancelled(seat=0, card="rumour_of_treason_I", by=2)]
    assert s.senators["5"].popularity == 0
    assert {"rumour_of_treason_I", "counter_intrigue_II"} <= set(s.discard) and s.hands[2] == []
    assert not s.flow  # the other answers and the card's effect are gone; seat 0 has nothing left


def test_a_counter_intrigue_cannot_be_played_on_ones_own_card_nor_on_events():
    """Counter-Intrigue cancels another player's Intrigue: its player is not asked, and an Event card
    is not an Intrigue."""
    s = table()
    s.hands[0] = ["temple_treasure", "counter_intrigue_II"]
    run(s, Frame(kind="cards_window", seat=0, strs=["any_time"]))
    assert COUNTER not in legal(s, 0)
    out = play(s, 0, cmd.PlayCard(card="temple_treasure", senator=""))
    assert s.treasury == 125 and not [f for f in s.flow if f.kind == "counter"]
    assert of(out, ev.Transferred)


def civil_war_reveal(s):
    """VII.2 up to the reveal: no trading; seat 0 picks a Rumour of Treason on seat 1's senator 5 and a
    Sacrifice at the Tophet on his own senator 2; seat 2 holds a Counter-Intrigue (not a card played
    on its own), seat 1 an Assassin (played only in an attempt)."""
    s.hands[0] = ["rumour_of_treason_I", "sacrifice_at_the_tophet_II"]
    s.hands[1], s.hands[2] = ["assassin_I"], ["counter_intrigue_II"]
    run(s, Frame(kind="civil_war"))
    no_trading(s)
    play(s, 0, RUMOUR)
    play(s, 0, cmd.PlayCard(card="sacrifice_at_the_tophet_II", senator="2"))
    out = play(s, 0, cmd.ChooseOption(option="done"))
    while top(s).kind == "civil_cards":  # R134: every other hand is asked too; none has a card to pick
        seat = G.status(s).to_act[0]
        assert legal(s, seat) == [cmd.ChooseOption(option="done")]
        out = play(s, seat, cmd.ChooseOption(option="done"))
    return out


def test_an_intrigue_revealed_in_the_civil_war_waits_for_the_others_answer():
    """VII.2 with the card types (IV: an Intrigue card is played whenever its player wishes) and R79:
    the reveal is the moment the secret Intrigue cards are played, so each other player in turn, from
    its player, may counter each of them; the cards are carried out one at a time from the SPHR."""
    s = table()
    out = civil_war_reveal(s)
    assert of(out, ev.ChoicesRevealed)
    assert of(out, ev.CardPlayed) == [ev.CardPlayed(seat=0, card="rumour_of_treason_I", senator="5")]
    assert s.senators["5"].popularity == 0 and s.senators["2"].popularity == 0   # nothing done yet
    assert [(f.kind, f.seat) for f in reversed(s.flow)][:2] == [("counter", 1), ("counter", 2)]
    assert legal(s, 1) == [cmd.ChooseOption(option="pass")]
    play(s, 1, cmd.ChooseOption(option="pass"))
    assert COUNTER in legal(s, 2)
    out = play(s, 2, COUNTER)
    assert of(out, ev.CardCancelled) == [ev.CardCancelled(seat=0, card="rumour_of_treason_I", by=2)]
    assert s.senators["5"].popularity == 0 and "rumour_of_treason_I" in s.discard
    # the next revealed card is laid down in its turn, and answered in turn too
    assert of(out, ev.CardPlayed)[-1] == ev.CardPlayed(seat=0, card="sacrifice_at_the_tophet_II", senator="2")
    no_counter(s)
    assert s.senators["2"].popularity == 2 and s.hands[0] == []


def test_a_civil_war_intrigue_not_countered_takes_effect():
    """R79 in VII.2: every other player passes, and the revealed Intrigue card does what it says."""
    s = table()
    civil_war_reveal(s)
    no_counter(s)
    assert s.senators["5"].popularity == -3
    no_counter(s)
    assert s.senators["2"].popularity == 2 and s.hands[2] == ["counter_intrigue_II"]


def test_revealed_civil_war_cards_waiting_their_turn_stay_in_every_sample():
    """VII.2 (R68, R79): once revealed, a card waiting for its turn to be played is public, so
    ``sample_hidden`` keeps it in its player's hand for every other seat; the rest of the hand is still
    redealt."""
    from engine.games.republic_of_carthage.views import sample_hidden
    from engine.rng import Rng
    s = table()
    s.hands[1] = ["secret_escort_I"]
    civil_war_reveal(s)                  # the Rumour is answered first; the Sacrifice waits its turn
    assert "sacrifice_at_the_tophet_II" in s.hands[0]
    for i in range(20):
        t = sample_hidden(G, s, 1, Rng(b"revealed", i))
        assert "sacrifice_at_the_tophet_II" in t.hands[0] and len(t.hands[2]) == 1
