"""When cards and events act: any-time cards (IV.2a), the combat cards' battle, Bad Omens' rolls, and
the recruitment events together (Terminologie, Recrutement inefficace; V.7 Exploration)."""

from __future__ import annotations

from engine.games.republic_of_carthage.cards import random_event
from engine.games.republic_of_carthage.flow import Ctx
from engine.games.republic_of_carthage.senate import cost

from .helpers import C, Dice, Frame, cmd, ev, legal, of, play, run, table, top


def _events(s, *names):
    ctx = Ctx(s, Dice())
    for name in names:
        random_event(ctx, name, 0)
    return ctx.s


def test_ineffective_recruitment_and_no_recruitment_together_double_the_costs():
    """Terminologie (Recrutement inefficace: double, triple if it comes again in the turn) and V.7
    Exploration (No Recruitment raises the caravans' price): two different events each double the
    cost, so together they double it, not triple (R131)."""
    s = _events(table(), "ineffective_recruitment", "no_recruitment")
    assert cost(s, "caravan") == 2 and cost(s, "carthaginian_legion") == 20
    s = _events(table(), "no_recruitment", "ineffective_recruitment")
    assert cost(s, "trade_fleet") == 2


def test_either_event_twice_in_a_turn_triples_the_costs():
    """Terminologie: the same event a second time in the turn (its back) triples the costs, whatever
    else came."""
    s = _events(table(), "ineffective_recruitment", "no_recruitment", "ineffective_recruitment")
    assert cost(s, "carthaginian_legion") == 30
    s = _events(table(), "no_recruitment", "no_recruitment")
    assert cost(s, "caravan") == 3
    s = _events(table(), "ineffective_recruitment")
    assert cost(s, "squadron") == 16


# -- Bad Omens (IV.2a, the Random Events table; X.1 names its dice) -----------------------------
OMENS = "mod:all::turn"


def _rolls(out):
    return {r.purpose.partition(":")[0]: r for r in of(out, ev.Rolled)}


def test_bad_omens_take_one_off_the_initiative_and_the_random_event_rolls():
    """IV.2a with Bad Omens in force (R132): the initiative's 2 dice are 1 lower, so an 8 thrown is a
    7 and brings a Random Event; its 3 dice are 1 lower too; and Bad Omens again (a 7 read) turn the
    card over, -2 more for the rest of the turn."""
    s = table()
    s.counters[OMENS] = -1
    s.events_in_port = {"bad_omens": "front"}
    out = run(s, Frame(kind="initiative", nums=[0]), dice=Dice(4, 4, 2, 2, 4))
    r = _rolls(out)
    assert (r["initiative"].modifier, r["initiative"].total, r["initiative"].outcome) == (-1, 7, "random_event")
    assert (r["random_event"].modifier, r["random_event"].total) == (-1, 7)
    assert of(out, ev.EventCardPlaced) == [ev.EventCardPlaced(event="bad_omens", side="back")]
    assert s.counters[OMENS] == -3


def test_a_random_event_total_below_the_table_reads_its_first_row():
    """R132: three 1s less the omens is 2, under the table's first row (3): it reads that row."""
    from engine.games.republic_of_carthage import components as C
    assert C.random_event(2).id == C.random_event(3).id == "plague"
    assert C.random_event(19).id == C.random_event(18).id


def test_bad_omens_on_the_merchant_roll():
    """IV.3 with Bad Omens (R132): two 6s make 11, one talent short of the merchant."""
    s = table()
    s.counters[OMENS] = -1
    s.senators["1"].talents = 0
    run(s, Frame(kind="attract", seat=0))
    out = play(s, 0, cmd.ChooseSenator(senator="1"), Dice(6, 6))
    r = of(out, ev.Rolled)[0]
    assert (r.modifier, r.total, r.outcome) == (-1, 11, "short") and s.senators["1"].merchants == 0


def test_bad_omens_on_the_popular_reaction():
    """VII.1 with Bad Omens (R132): 2 dice + Popularity - 1."""
    from engine.games.republic_of_carthage.civil_war import popular_reaction
    s = table()
    s.counters[OMENS] = -2
    s.senators["1"].popularity = 3
    ctx = Ctx(s, Dice(3, 3))
    popular_reaction(ctx, "1")
    r = of([e.event for e in ctx.out], ev.Rolled)[0]
    assert (r.modifier, r.total) == (1, 7)


def test_bad_omens_on_the_treasury_dice_and_the_port_rolls():
    """R132: the Treasury's dice of an event (5 x (2 dice - 1)) and IV.6's returns (a 5 thrown is a 4:
    the dead senator's card stays face down)."""
    s = table()
    s.counters[OMENS] = -1
    before = s.treasury
    ctx = Ctx(s, Dice(3, 4))
    from engine.games.republic_of_carthage.cards import apply_effects
    apply_effects(ctx, C.CARDS["public_accounts_audited"].effects, seat=0, source="public_accounts_audited")
    assert ctx.s.treasury == before + 5 * (3 + 4 - 1)
    s = table()
    s.counters[OMENS] = -1
    s.senators["9"].face_up = False
    out = run(s, Frame(kind="port_end"), dice=Dice(5))
    r = of(out, ev.Rolled)[0]
    assert (r.purpose, r.total, r.outcome) == ("return:9", 4, "stays") and not s.senators["9"].face_up


def test_bad_omens_lower_the_persuasion_dice():
    """IV.2b g with Bad Omens (R132): the dice are 1 lower, so a 5 thrown against a level of 4 wins;
    an 11 thrown still fails."""
    s = table()
    s.counters[OMENS] = -1
    from engine.games.republic_of_carthage.port import persuasion_level as level_of
    s.senators["6"].seat = -1
    s.senators["2"].influence += 4 - level_of(s, "2", "6", 0)  # a level of exactly 4 against the Port's 6
    assert level_of(s, "2", "6", 0) == 4
    s.flow = [Frame(kind="persuasion", seat=0, senator="2", target="6", nums=[0, 0, 0])]
    out = play(s, 0, cmd.ChooseOption(option="roll"), Dice(2, 3))
    assert of(out, ev.Rolled)[0].total == 4 and s.senators["6"].seat == 0
    s.senators["2"].influence += 20
    s.flow = [Frame(kind="persuasion", seat=0, senator="2", target="5", nums=[0, 0, 0])]
    play(s, 0, cmd.ChooseOption(option="roll"), Dice(5, 6))
    assert s.senators["5"].seat == 1


def test_a_lot_is_not_a_roll_bad_omens_modify():
    """R132: a die thrown only to choose between two by lot (V.3, the Suffète Général) is not modified."""
    s = table()
    s.counters[OMENS] = -2
    s.flow = [Frame(kind="suffete_agree", seat=1, senator="1", strs=["1", "4"])]
    out = play(s, 1, cmd.ChooseOption(option="no"), Dice(4))
    r = of(out, ev.Rolled)[0]
    assert (r.modifier, r.total, r.outcome) == (0, 4, "4")


def test_bad_omens_last_the_turn():
    """R132: the modifier ends with the turn (the card's "this turn")."""
    s = table()
    s.counters[OMENS] = -1
    s.counters["mod:persuasion::permanent"] = -2
    from engine.games.republic_of_carthage.flow import AUTO
    ctx = Ctx(s, Dice())
    ctx.s.flow = [Frame(kind="end_turn")]
    AUTO["end_turn"](ctx, ctx.top)  # the end of the turn only, not the next one
    s = ctx.s
    assert not s.counters.get(OMENS) and s.counters["mod:persuasion::permanent"] == -2


# -- the combat cards (VI.2; IV.2a: played when the holder wishes) --------------------------------
def _two_wars():
    """Seat 0's senator 2 fights the Libyan War (land only), seat 1's senator 5 the First Sicilian War
    (naval 6, then land 10, squadron support 3)."""
    from engine.games.republic_of_carthage.state import WarState
    from .test_rules_combat_civil_war import send
    s = table()
    s.wars = {"libyan_war": WarState(status="active"), "first_sicilian_war": WarState(status="active")}
    libyan = send(s, "libyan_war", "2", armies=("celtiberian",) * 4)
    sicilian = send(s, "first_sicilian_war", "5", armies=("balearic_slinger",) * 2, squadrons=6)
    return s, libyan, sicilian


def test_a_combat_card_goes_to_the_battle_it_is_played_on():
    """R133 (VI.2, the Spy in the Camp: +2 to a war roll): seat 2 plays it in the window before the
    Sicilian naval roll; the Libyan battle before it does not take it, the naval roll does, and it is
    spent with that roll (the land roll after it has no +2)."""
    s, libyan, sicilian = _two_wars()
    s.hands[2] = ["spy_in_the_camp_II"]
    run(s, Frame(kind="battle", count=libyan))
    assert top(s).kind == "cards_window" and top(s).seat == 2 and top(s).strs == ["combat:land"]
    # the Libyan land roll: seat 2 keeps his card for a later battle
    out = play(s, 2, cmd.ChooseOption(option="done"), Dice(4, 4, 4, chits=("none",) * 3))
    assert of(out, ev.Rolled)[0].modifier == C.FAMILIES[2].military + 4 - 5
    run(s, Frame(kind="battle", count=sicilian))
    assert top(s).strs == ["combat:naval"]
    # seats 0 and 1 hold no card: nobody is asked to counter it (R79, R150); his window closes, the roll comes
    out = play(s, 2, cmd.PlayCard(card="spy_in_the_camp_II", senator=""),
               Dice(5, 5, 5, 5, 5, 5, chits=("none",) * 2))
    rolls = of(out, ev.Rolled)
    assert [r.purpose for r in rolls] == ["naval_battle:first_sicilian_war", "land_battle:first_sicilian_war"]
    military = C.FAMILIES[5].military
    assert rolls[0].modifier == military + 6 - 6 + 2
    assert rolls[1].modifier == military + 2 - 10
    assert "mod:combat::roll" not in s.counters


def test_a_combat_card_is_offered_only_before_a_roll_it_fits():
    """R133: Favourable Winds (+2 at sea) waits for a naval roll, the Sacred Band (+3 on land) for a
    land roll; a player with neither fitting is still asked (R134: his hand is hidden), with nothing
    to play but "done"; an empty hand is not asked."""
    s, libyan, sicilian = _two_wars()
    s.hands[1] = ["favourable_winds"]
    s.hands[2] = ["sacred_band"]
    run(s, Frame(kind="battle", count=libyan))
    assert top(s).seat == 1 and [f.seat for f in s.flow if f.kind == "cards_window"] == [2, 1]
    assert legal(s, 1) == [cmd.ChooseOption(option="done")]
    play(s, 1, cmd.ChooseOption(option="done"))
    assert legal(s, 2) == [cmd.PlayCard(card="sacred_band", senator=""), cmd.ChooseOption(option="done")]
    play(s, 2, cmd.ChooseOption(option="done"), Dice(4, 4, 4, chits=("none",) * 3))
    run(s, Frame(kind="battle", count=sicilian))
    assert top(s).seat == 1 and legal(s, 1)[0] == cmd.PlayCard(card="favourable_winds", senator="")


def test_no_combat_window_at_the_start_of_the_phase():
    """R133: the combat cards are played on a roll, not at the opening of the phase, where the first
    battle to come (maybe a rival's) would have taken them."""
    s, libyan, sicilian = _two_wars()
    s.hands[2] = ["spy_in_the_camp_II"]
    s.flow = []
    run(s, Frame(kind="combat"), dice=Dice())
    windows = [f for f in s.flow if f.kind == "cards_window"]
    assert windows and all(f.strs[0].startswith("combat:") for f in windows)
    assert s.flow[-2].kind == "battle_roll"


# -- any-time cards (IV.2a: Intrigue and Event cards whenever the holder wishes, R130) ------------
def test_a_round_of_any_time_windows_asks_each_holder_in_turn_from_the_sphr():
    """IV.2a (R130): at a phase boundary each player holding a card is asked in turn, clockwise from
    the SPHR (seat 0 here); one with no any-time card playable (a Public Outcry only waits for a vote)
    has "done" only (R134: whether he is asked must not tell what he holds); a window closes on "done"
    or once his hand is empty."""
    s = table()
    s.hands[0] = ["public_outcry_I"]
    s.hands[1] = ["temple_treasure"]
    s.hands[2] = ["tyrian_embassy", "merchants_agent_I"]
    run(s, Frame(kind="any_time_round"))
    assert top(s).kind == "cards_window" and top(s).seat == 0
    assert legal(s, 0) == [cmd.ChooseOption(option="done")]
    play(s, 0, cmd.ChooseOption(option="done"))
    assert top(s).kind == "cards_window" and top(s).seat == 1
    assert legal(s, 1) == [cmd.PlayCard(card="temple_treasure", senator=""), cmd.ChooseOption(option="done")]
    play(s, 1, cmd.PlayCard(card="temple_treasure", senator=""))
    assert s.treasury == 125 and top(s).seat == 2
    assert cmd.PlayCard(card="tyrian_embassy", senator="7") in legal(s, 2)
    play(s, 2, cmd.PlayCard(card="tyrian_embassy", senator="7"))
    assert s.senators["7"].influence == C.FAMILIES[7].influence + 3
    assert top(s).seat == 2  # the Merchant's Agent is still his to play
    play(s, 2, cmd.ChooseOption(option="done"))
    assert not s.flow and s.hands[2] == ["merchants_agent_I"]


def test_a_round_comes_before_every_phase_after_mortality_and_before_the_turn_ends():
    """R130: the phase boundaries of the turn (Déroulement du Jeu): before II Revenue, III Trade, IV
    Port, V Senate, VI Combat, VII Civil War, and before the end of the turn (IX)."""
    from engine.games.republic_of_carthage.flow import AUTO
    s = table()
    ctx = Ctx(s, Dice())
    ctx.s.flow = [Frame(kind="turn")]
    AUTO["turn"](ctx, ctx.top)
    kinds = [f.kind for f in reversed(ctx.s.flow)]
    assert kinds == ["mortality", "any_time_round", "revenue", "any_time_round", "trade", "any_time_round", "port",
                     "any_time_round", "senate", "any_time_round", "combat", "any_time_round", "civil_war",
                     "any_time_round", "end_turn"]


def to_the_accused_s_vote():
    """V.5: a minor trial of the outgoing Suffète (family 2, seat 0, Influence 9), the other seats
    voting Yes first; seat 0 holds a Tyrian Embassy (+3 Influence) and its turn to vote has come."""
    from .test_rules_trials import court
    s = court()
    s.hands[0] = ["tyrian_embassy"]
    play(s, 1, cmd.ChooseOption(option="minor:2"))
    play(s, 1, cmd.ChooseSenator(senator="5"))
    while top(s).seat != 0:  # the others vote first (the Censor calls the order, R64)
        f = top(s)
        play(s, f.seat, cmd.ChooseOption(option="yes") if f.kind == "vote" else legal(s, f.seat)[0])
    return s


def test_any_time_cards_at_ones_turn_to_vote():
    """R130: at his turn to vote a player may play his any-time cards before voting (here on a trial,
    where the accused's Influence counts as votes, V.5), then votes."""
    s = to_the_accused_s_vote()
    assert top(s).kind == "vote" and cmd.PlayCard(card="tyrian_embassy", senator="2") in legal(s, 0)
    play(s, 0, cmd.PlayCard(card="tyrian_embassy", senator="2"))
    assert s.senators["2"].influence == 9 + 3 and top(s).kind == "vote" and top(s).seat == 0


def test_before_the_appeal_roll_the_others_then_the_accused_may_play():
    """R130 (V.5, the Appeal: 2 dice + the accused's Popularity): once the accused's player appeals,
    every other player in turn from his left may play any-time cards, then he; a Rumour of Treason
    (-3 Popularity) played then counts on the roll."""
    from .test_rules_trials import court
    s = court()
    s.hands[0] = ["rumour_of_treason_I"]
    play(s, 1, cmd.ChooseOption(option="minor:8"))
    play(s, 1, cmd.ChooseSenator(senator="5"))
    while top(s).kind != "vote" or top(s).seat != 2:
        f = top(s)
        play(s, f.seat, cmd.ChooseOption(option="yes") if f.kind == "vote" else legal(s, f.seat)[0])
    play(s, 2, cmd.ChooseOption(option="appeal"))
    assert top(s).kind == "cards_window" and top(s).seat == 0
    s.hands[1] = ["assassin_I"]
    play(s, 0, cmd.PlayCard(card="rumour_of_treason_I", senator="8"))
    play(s, 1, cmd.ChooseOption(option="pass"))  # nobody counters it (R79; seat 2's empty hand is not asked, R150)
    out = play(s, 1, cmd.ChooseOption(option="done"), Dice(6, 6))  # seat 1's window, then the roll
    r = of(out, ev.Rolled)[0]
    assert r.purpose == "appeal" and r.modifier == -3 and r.outcome != "freed"


def test_the_persuader_may_play_any_time_cards_before_his_roll():
    """R130 (IV.2b: Influence counts in the persuasion level): in the persuasion step the persuader may
    play a Tyrian Embassy on the persuader."""
    s = table()
    s.hands[0] = ["tyrian_embassy"]
    s.flow = [Frame(kind="persuasion", seat=0, senator="2", target="5", nums=[0, 0, 0])]
    assert cmd.PlayCard(card="tyrian_embassy", senator="2") in legal(s, 0)
    play(s, 0, cmd.PlayCard(card="tyrian_embassy", senator="2"))
    assert s.senators["2"].influence == C.FAMILIES[2].influence + 3 and top(s).kind == "persuasion"
