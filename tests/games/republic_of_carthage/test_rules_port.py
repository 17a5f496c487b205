"""IV. Phase Portuaire: initiatives, persuasion, merchants, the auction, aging and returns, votes."""

from __future__ import annotations

from .helpers import C, Dice, Frame, cmd, ev, legal, of, play, run, table, top


def test_a_seven_is_a_random_event():
    """IV.2a: 2 dice; a 7 brings a Random Event: 3 dice on the table, the card goes to the Port and
    applies (17: Trade Boom, +30 T on its front, reconstructed)."""
    s = table()
    s.deck = ["5"]
    events = run(s, Frame(kind="initiative", nums=[0]), dice=Dice(3, 4, 6, 6, 5))
    assert of(events, ev.EventCardPlaced) == [ev.EventCardPlaced(event="trade_boom", side="front")]
    assert s.treasury == 130 and s.deck == ["5"]


def test_the_same_event_twice_in_a_turn_turns_the_card_over():
    """IV.2a: if the same event comes again in the turn, the card is turned over for its back."""
    s = table()
    s.events_in_port = {"trade_boom": "front"}
    events = run(s, Frame(kind="initiative", nums=[0]), dice=Dice(3, 4, 6, 6, 5))
    assert of(events, ev.EventCardPlaced) == [ev.EventCardPlaced(event="trade_boom", side="back")]
    assert s.treasury == 140


def test_other_rolls_draw_a_card_a_hand_card_is_secret():
    """IV.2a: any other roll draws the top card; an Intrigue is kept secret (the others see a card
    was taken)."""
    from engine.games.republic_of_carthage.flow import Ctx
    s = table()
    s.deck = ["assassin_I", "5"]
    ctx = Ctx(s, Dice(1, 1))
    ctx.then(Frame(kind="initiative", nums=[1]))
    ctx.run()
    dealt = [e for e in ctx.out if isinstance(e.event, ev.CardsDealt)]
    assert dealt[0].seats == (1,) and dealt[0].redacted == ev.CardsDealtRedacted(seat=1, count=1, origin="deck")


def test_a_war_card_and_its_related_war():
    """IV.2a, Guerre: the war goes Active or Inactive as printed; a related war on the board makes
    both Active. The First Roman Republic War (II.C 7) sets aside a card of piles 1, 4 and 5 and
    every Campanian deserts."""
    s = table()
    for pile in range(1, 10):
        s.piles[pile - 1] = sorted(x.id for x in C.commodities_in_pile(pile) for _ in range(x.cards))
    for a in s.armies:
        if a.type == "campanian_swordsman":
            a.place = "reserve"
    s.wars = {"third_roman_republic_war": _war("inactive")}
    s.deck = ["first_roman_republic_war"]
    events = run(s, Frame(kind="initiative", nums=[0]), dice=Dice(1, 1))
    assert s.wars["first_roman_republic_war"].status == "active"
    assert s.wars["third_roman_republic_war"].status == "active"
    assert sorted(e.pile for e in of(events, ev.CommerceAside)) == [1, 4, 5]
    assert all(a.place == "deserted:first_roman_republic_war" for a in s.armies if a.type == "campanian_swordsman")
    w = C.WARS["first_roman_republic_war"]
    assert (w.land, w.squadron_support, w.naval, w.disaster, w.retreat, w.spoils) == (13, 5, 10, (11,), (14,), 35)


def _war(status):
    from engine.games.republic_of_carthage.state import WarState
    return WarState(status=status)


def test_an_enemy_leader_activates_his_wars():
    """IV.2a, Chef Ennemi: his wars on the board become Active; he goes to War Plans."""
    s = table()
    s.wars = {"pyrrhic_war": _war("inactive")}
    s.deck = ["pyrrhus"]
    run(s, Frame(kind="initiative", nums=[0]), dice=Dice(1, 1))
    assert s.leaders_in_play == ["pyrrhus"] and s.wars["pyrrhic_war"].status == "active"


def test_the_persuasion_formula():
    """IV.2b c-e (II.C 15, constructed): Eloquence 3 + Influence 4 - Loyalty 6 - 2 T on the target - 7
    (a rival faction's senator) = -8; 10 talents more make it 2."""
    from engine.games.republic_of_carthage.port import persuasion_level
    s = table()
    s.senators["2"].influence = 4            # Mago: Eloquence 3
    s.senators["5"].talents = 2              # Bomilcar: Loyalty 5 …
    lvl = persuasion_level(s, "2", "5", 0)
    assert lvl == 3 + 4 - C.FAMILIES[5].loyalty - 2 - 7
    assert persuasion_level(s, "2", "5", 10) == lvl + 10


def test_persuasion_succeeds_at_or_under_the_level_but_never_on_11_or_12():
    """IV.2b g: 2 dice at or under the level win the target, with his cards and markers; above it, or
    11 or 12, the attempt fails. Every talent spent lies on the target afterwards (R47)."""
    s = table()
    s.senators["2"].influence = 20
    s.senators["2"].talents = 3
    s.flow = [Frame(kind="persuasion", seat=0, senator="2", target="5", nums=[3, 0, 0])]
    s.senators["2"].talents = 0  # the 3 already in the attempt
    play(s, 0, cmd.ChooseOption(option="roll"), Dice(5, 6))  # 11 fails even at a level of 20+
    assert s.senators["5"].seat == 1 and s.senators["5"].talents == 3
    s.flow = [Frame(kind="persuasion", seat=0, senator="2", target="6", nums=[0, 0, 0])]
    play(s, 0, cmd.ChooseOption(option="roll"), Dice(1, 2))
    assert s.senators["6"].seat == 0


def test_the_targets_of_persuasion():
    """IV.2b a: a senator in Carthage of another faction or of the Port, never a Faction Leader, nor a
    governor."""
    from engine.games.republic_of_carthage.port import persuasion_targets
    s = table()
    s.senators["5"].where = "province"
    assert persuasion_targets(s, 0) == ["6", "8", "9"]


def test_the_others_intervene_in_turn():
    """IV.2b e: from the persuader's left, each player may add talents of his faction treasury for or
    against the attempt."""
    s = table()
    s.faction_treasury = [0, 2, 1]
    s.flow = [Frame(kind="persuasion", seat=0, senator="2", target="5", nums=[0, 0, 0]),
              Frame(kind="bribe", seat=0, senator="2", target="5")]
    play(s, 0, cmd.ChooseNumber(number=0))
    assert top(s).kind == "intervene" and top(s).seat == 1
    assert legal(s, 1) == [cmd.ChooseNumber(number=n) for n in range(-2, 3)]
    play(s, 1, cmd.ChooseNumber(number=-2))
    play(s, 2, cmd.ChooseNumber(number=1))
    assert s.flow[-1].nums == [0, 1, 2]
    assert s.faction_treasury == [0, 0, 0]


def test_a_merchant_on_twelve_or_for_the_talents_short():
    """IV.3 (II.C 14): 2 dice; a 12 brings a merchant; otherwise the senator may pay 1 T per point short
    of 12 (a roll of 2 costs 10 T)."""
    s = table()
    s.senators["1"].talents = 10
    s.flow = [Frame(kind="attract", seat=0)]
    play(s, 0, cmd.ChooseSenator(senator="1"), Dice(1, 1))
    assert top(s).kind == "buy_merchant" and top(s).count == 10
    play(s, 0, cmd.ChooseOption(option="yes"))
    assert s.senators["1"].merchants == 1 and s.senators["1"].talents == 0
    s.flow = [Frame(kind="attract", seat=0)]
    play(s, 0, cmd.ChooseSenator(senator="2"), Dice(6, 6))
    assert s.senators["2"].merchants == 1


def test_the_faction_leader_may_change():
    """IV.4: the player may move his Faction Leader's pawn to another senator."""
    s = table()
    s.flow = [Frame(kind="change_leader", seat=0)]
    play(s, 0, cmd.ChooseSenator(senator="3"))
    assert s.leaders[0] == "3"


def test_extra_initiatives_are_auctioned_up_to_six():
    """IV.5: below six players the initiatives missing up to six are auctioned: one bid each by one
    senator, from the SPHR clockwise, each above the last (0 allowed); the winner pays the bank (R12)
    and takes an initiative."""
    s = table()
    s.offices["suffete_general"] = "4"       # seat 1 bids first
    s.senators["4"].talents, s.senators["7"].talents, s.senators["1"].talents = 3, 5, 0
    s.deck = ["5", "6"]
    run(s, Frame(kind="auction"))
    assert top(s).kind == "bid" and top(s).seat == 1
    play(s, 1, cmd.ChooseSenator(senator="4"))
    assert legal(s, 1) == [cmd.ChooseNumber(number=n) for n in range(0, 4)]
    play(s, 1, cmd.ChooseNumber(number=2))
    assert cmd.ChooseSenator(senator="7") in legal(s, 2)
    play(s, 2, cmd.ChooseSenator(senator="7"))
    assert legal(s, 2)[0] == cmd.ChooseNumber(number=3)
    play(s, 2, cmd.ChooseNumber(number=3), Dice(1, 1))   # seat 0 has no talents: no bid; seat 2 wins
    assert s.senators["7"].talents == 2
    from engine.games.republic_of_carthage.port import INITIATIVES
    assert INITIATIVES - 3 == C.player_count(3).extra_initiatives


def test_aging_leaders_and_returning_senators_and_concessions():
    """IV.6: a leader with no war of his on the board leaves on 5-6; a dead senator face down in the
    Port turns up on 5-6; so does a destroyed concession. IV.7: the vote track shows each faction's
    Eloquence in Carthage."""
    s = table()
    s.leaders_in_play = ["pyrrhus"]
    s.senators["9"].face_up, s.senators["9"].seat = False, -1
    s.concessions = {"salt_pans": "!"}
    s.senators["2"].where = "province"
    run(s, Frame(kind="port_end"), dice=Dice(5, 6, 4))
    assert s.leaders_in_play == [] and s.senators["9"].face_up and s.concessions["salt_pans"] == "!"
    assert s.counters["votes:0"] == C.FAMILIES[1].eloquence + C.FAMILIES[3].eloquence


def test_seduction_needs_a_rival_factions_senator():
    """IV.2b d: only a senator of another faction costs the persuader 7; Seduction's text (cards.json,
    reconstructed) cancels that -7, so it is offered against a rival's senator and never against a
    Port senator, who has no -7 to cancel. Blackmail's +3 is offered against both."""
    s = table()
    s.hands[0] = ["blackmail_I", "seduction_II"]
    s.flow = [Frame(kind="persuasion", seat=0, senator="2", target="5", nums=[0, 0, 0])]
    rival = {c.card for c in legal(s, 0) if isinstance(c, cmd.PlayCard)}
    assert rival == {"blackmail_I", "seduction_II"}
    s.senators["6"].seat = -1  # unaligned
    s.flow = [Frame(kind="persuasion", seat=0, senator="2", target="6", nums=[0, 0, 0])]
    port = {c.card for c in legal(s, 0) if isinstance(c, cmd.PlayCard)}
    assert port == {"blackmail_I"}
