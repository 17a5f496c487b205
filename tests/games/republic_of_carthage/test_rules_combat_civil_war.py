"""VI. Phase de Combat et d'Exploration, and VII. Phase de Guerre civile."""

from __future__ import annotations

import pytest

from engine.games.republic_of_carthage.state import WarState, evolve

from .helpers import C, G, Dice, Frame, cmd, ev, legal, no_trading, of, play, run, table, top


def send(s, war, commander, armies=(), squadrons=0, caravans=0, fleets=0):
    """A force the Senate sent: its armies and squadrons recruited first."""
    for unit in armies:
        a = next(a for a in s.armies if a.type == unit and a.place == "out")
        a.place = "active"
    if squadrons:
        s.squadrons["active"] = s.squadrons.get("active", 0) + squadrons
    evolve(s, ev.ForceSent(force=s.next_force, war=war, commanders=(commander,), armies=tuple(armies),
                           squadrons=squadrons, caravans=caravans, fleets=fleets))
    return s.forces[-1].id


def test_the_model_war_naval_part_first_then_land_and_its_victory():
    """V.7 and VI.2 (II.C 7): the First Roman Republic War, 13/5/10, D11 R14: the naval part is fought
    first with squadrons alone against 10; with a Victory and 5 squadrons left the land part follows;
    a land Victory gives the Treasury 35 T and the commander Influence and Popularity ⌈13/2⌉ = 7 (R16),
    after the ⌈10/2⌉ = 5 of the sea Victory (R126)."""
    s = table()
    s.wars = {"first_roman_republic_war": WarState(status="active")}
    fid = send(s, "first_roman_republic_war", "2", armies=("carthaginian_legion",) * 2 + ("celtiberian",) * 4
               + ("balearic_slinger",) * 2 + ("campanian_swordsman",) * 3, squadrons=12)
    # sea: 6+6+6 = 18 + Military 2 + 12 squadrons - 10 = 22: Victory, no loss
    # land: 6+6+5 = 17 + 2 + 11 armies - 13 = 17: Victory, 1 army lost (a chit drawn: none)
    events = run(s, Frame(kind="battle", count=fid), dice=Dice(6, 6, 6, 6, 6, 5, chits=("none",)))
    rolls = of(events, ev.Rolled)
    assert [r.purpose for r in rolls] == ["naval_battle:first_roman_republic_war", "land_battle:first_roman_republic_war"]
    assert rolls[0].modifier == 2 + 12 - 10 and rolls[1].modifier == 2 + 11 - 13
    assert s.treasury == 135
    x = s.senators["2"]
    assert (x.influence, x.popularity) == (C.FAMILIES[2].influence + 5 + 7, 5 + 7)
    assert "first_roman_republic_war" not in s.wars and not s.forces
    # VI.2 Victoire: onto the commander's card until VII.3 returns them to the Reserve (or he rebels)
    assert sum(1 for a in s.armies if a.place == "victor:2") == 10
    assert sum(1 for a in s.armies if a.veteran) == 1


def test_a_naval_victory_without_the_squadron_support_marks_the_war_and_comes_home():
    """V.7, Guerres navales: a naval Victory without enough squadrons for the support number places a
    Squadron Victory and brings the force back."""
    s = table()
    s.wars = {"first_roman_republic_war": WarState(status="active")}
    fid = send(s, "first_roman_republic_war", "2", armies=("carthaginian_legion",), squadrons=4)
    run(s, Frame(kind="battle", count=fid), dice=Dice(6, 6, 6, chits=("none", "none")))  # 18 + 2 + 4 - 10 = 14: Victory, 2 lost
    assert s.wars["first_roman_republic_war"].squadron_victory
    assert not s.forces
    # V.7 Guerres navales, every consequence of a Victory (R126): ⌈10/2⌉ = 5 Influence and Popularity
    x = s.senators["2"]
    assert (x.influence, x.popularity) == (C.FAMILIES[2].influence + 5, 5)
    assert s.treasury == 100 and s.wars["first_roman_republic_war"].status == "active"


def test_disaster_and_retreat_are_read_on_the_unmodified_roll():
    """VI.2: an unmodified roll equal to the Disaster number (about half the troops lost, R15) or the
    Retreat number (about a quarter) is read instead of the table; one chit per unit lost."""
    s = table()
    s.wars = {"libyan_war": WarState(status="active")}  # 5/0/0, D17 R4
    fid = send(s, "libyan_war", "2", armies=("celtiberian",) * 4)
    events = run(s, Frame(kind="battle", count=fid), dice=Dice(6, 6, 5, chits=("none", "none")))
    assert of(events, ev.Rolled)[0].outcome == "disaster"
    assert sum(1 for a in s.armies if a.place == f"force:{fid}") == 2
    assert s.wars["libyan_war"].status == "active"


def test_related_active_wars_double_the_strength():
    """VI.2: a war's strength is doubled by one related Active war, tripled by two."""
    from engine.games.republic_of_carthage.forces import strength
    s = table()
    s.wars = {"first_sicilian_war": WarState(status="active")}
    assert strength(s, "first_sicilian_war") == 10
    s.wars["second_sicilian_war"] = WarState(status="inactive")
    assert strength(s, "first_sicilian_war") == 10
    s.wars["second_sicilian_war"] = WarState(status="active")
    s.wars["third_sicilian_war"] = WarState(status="unprosecuted")
    assert strength(s, "first_sicilian_war") == 30


def test_a_defeat_kills_the_commander():
    """VI.2, Défaite: the troops lost go and the commanders die; with no troop left nothing stays at
    war (R161)."""
    s = table()
    s.wars = {"numidian_war": WarState(status="active")}  # 6/0/0, D5 R16
    fid = send(s, "numidian_war", "2", armies=("celtiberian",))
    run(s, Frame(kind="battle", count=fid), dice=Dice(1, 1, 2))  # 4 + 2 + 1 - 6 = 1: Defeat, all lost
    assert s.senators["2"].seat == -1 and not s.senators["2"].face_up
    assert not s.forces


ARMIES = ("celtiberian",) * 4 + ("balearic_slinger",) * 2 + ("campanian_swordsman",) * 3


def test_after_a_defeat_the_troops_left_fight_on_without_a_commander():
    """VI.2, Défaite: the commanders die and the troops left keep fighting (R67): the force stays at
    the war with no commander. The Numidian War (6/0/0, D5 R16), commander 2 (Military 2) with nine
    armies: 1+1+1 = 3 + 2 + 9 - 6 = 8, a Defeat losing 4 (reconstructed table); no chit is drawn
    (the commanders die anyway). The five armies left then fight the war's next battle alone, the
    rules rolling (seat -1) with no Military and no chit to draw: 6+6+6 = 18 + 5 - 6 = 17, a Victory
    losing 1: the war is won, no commander gains anything or holds the armies for VII.3, which go
    back to the Reserve; nobody faces the people for the force (VII.1)."""
    s = table()
    s.wars = {"numidian_war": WarState(status="active")}
    fid = send(s, "numidian_war", "2", armies=ARMIES)
    events = run(s, Frame(kind="battle", count=fid), dice=Dice(1, 1, 1))
    assert of(events, ev.Rolled)[0].outcome == "defeat"
    assert not s.senators["2"].face_up
    assert [(x.id, x.commanders) for x in s.forces] == [(fid, [])]
    assert sum(1 for a in s.armies if a.place == f"force:{fid}") == 5
    assert not of(events, ev.ForceEnded)
    events = run(s, Frame(kind="battle", count=fid), dice=Dice(6, 6, 6))
    roll = of(events, ev.Rolled)[0]
    assert (roll.seat, roll.modifier, roll.outcome) == (-1, 5 - 6, "victory")
    assert not of(events, ev.ChitDrawn)
    assert "numidian_war" not in s.wars and not s.forces
    assert sum(1 for a in s.armies if a.place == "reserve" and a.type in ARMIES) >= 4
    assert not any(a.place.startswith("victor:") for a in s.armies)


def test_troops_left_without_a_commander_keep_fighting_after_an_attrition():
    """VI.2, Usure (the troops left stay at war) with the last chit (Commandant. Mort/Capturé): the
    commander captured by the last chit of the battle, his armies stay at the war without him (R67)
    rather than coming home; he is a prisoner of the war, and no veteran is made (no commander to
    take its Loyalty token)."""
    s = table()
    s.wars = {"numidian_war": WarState(status="active")}
    fid = send(s, "numidian_war", "2", armies=ARMIES)
    # 2+2+2 = 6 + 2 + 9 - 6 = 11: Attrition, 2 armies lost, 2 chits (the last one captures 2)
    events = run(s, Frame(kind="battle", count=fid), dice=Dice(2, 2, 2, chits=("none", "2")))
    assert of(events, ev.Rolled)[0].outcome == "attrition"
    assert s.senators["2"].where == "captured:numidian_war"
    assert [(x.id, x.commanders) for x in s.forces] == [(fid, ["2"])]
    assert sum(1 for a in s.armies if a.place == f"force:{fid}") == 7
    assert not any(a.veteran for a in s.armies)


def test_the_model_exploration():
    """V.7 and VI.1 (II.C 8): the Trans-Saharan Zone, 50/0, D13: a Victory gives the commander 50/10 = 5
    Influence and 5 Popularity; 1 per 5 caravans short of 50 comes off the roll (R14)."""
    s = table()
    s.explorations = ["trans_saharan_zone"]
    fid = send(s, "trans_saharan_zone", "8", caravans=45)  # Adherbal, Exploration 3; 5 short: -1
    events = run(s, Frame(kind="explore", count=fid), dice=Dice(6, 5, 4))
    assert of(events, ev.Rolled)[0].modifier == 3 - 1
    x = s.senators["8"]
    assert (x.influence, x.popularity) == (C.FAMILIES[8].influence + 5, 5)
    assert s.explorations == [] and not s.forces


def test_caravans_home_from_an_expedition_stay_in_carthage_and_cost_upkeep():
    """RoC VI.1 Victoire (the commander comes home with his caravans) and Pertes (a commander killed,
    the rest come home "to be used again") with II.8 (the State pays 1 T per 5 trade fleets and per 5
    caravans, or part), R172: the caravans are a standing pool. Home from a Victory, the expedition's
    50 caravans wait in Carthage (the view shows them to every seat) and the next Revenue phase's step
    8 pays ⌈50/5⌉ = 10 T for them."""
    from engine.games.republic_of_carthage.views import view

    s = table()
    s.explorations = ["trans_saharan_zone"]
    fid = send(s, "trans_saharan_zone", "8", caravans=50)
    run(s, Frame(kind="explore", count=fid), dice=Dice(6, 6, 6))
    assert not s.forces
    assert (s.caravans, s.fleets) == (50, 0)
    assert {(view(s, x).caravans, view(s, x).fleets) for x in (0, 1, 2, None)} == {(50, 0)}
    run(s, Frame(kind="revenue_state"))
    assert s.treasury == 100 + 100 - 10


def test_a_dead_explorers_caravans_come_home_to_be_used_again():
    """VI.1 Pertes: the expedition loses units and its commander draws a chit per 5 lost; killed, the
    caravans left come straight home, to be used again (R172). Trans-Saharan Zone (50/0, D13), 20
    caravans: 1+1+2 = 4 + 3 - 6 = 1 (30 short), the loss row's dice (reconstructed) then the chit
    that kills Adherbal (8); the caravans left are in Carthage."""
    s = table()
    s.explorations = ["trans_saharan_zone"]
    fid = send(s, "trans_saharan_zone", "8", caravans=20)
    events = run(s, Frame(kind="explore", count=fid), dice=Dice(1, 1, 2, 1, 1, chits=("8",)))
    lost = sum(e.caravans for e in of(events, ev.ExpeditionLost))
    assert lost and not s.senators["8"].face_up and not s.forces
    assert s.caravans == 20 - lost


def test_an_expedition_takes_the_caravans_in_carthage_first_and_buys_the_rest():
    """V.7, Envoyer une expédition (caravans at 1 T each) with VI.1 ("to be used again"), R172: 30
    caravans wait in Carthage; an expedition of 50 takes them free and the State buys 20 (100 - 20);
    the outfit step offers up to the card's 50, counting the pool with what the Treasury can buy."""
    from engine.games.republic_of_carthage.proposals import PASSED

    s = table()
    s.explorations = ["trans_saharan_zone"]
    s.caravans = 30
    s.treasury = 25
    run(s, Frame(kind="explorer", seat=0, target="trans_saharan_zone"))
    play(s, 0, cmd.ChooseSenator(senator="2"))
    assert top(s).kind == "outfit" and legal(s, 0)[-1] == cmd.ChooseNumber(number=50)
    s.treasury = 100
    f = Frame(kind="tally", target="trans_saharan_zone", strs=["expedition", "2"], nums=[50, 3, 0, 0, 1, 1, 1])
    from engine.games.republic_of_carthage.flow import Ctx
    ctx = Ctx(s, Dice())
    PASSED["expedition"](ctx, f, True)
    out = [e.event for e in ctx.finish()]
    for e in out:
        evolve(s, e)
    sent = of(out, ev.ForceSent)[0]
    assert (sent.caravans, sent.pooled) == (50, 30)
    assert [e.amount for e in of(out, ev.Transferred) if e.reason == "expedition"] == [20]
    assert s.treasury == 80 and s.caravans == 0 and s.forces[-1].caravans == 50


def test_an_exploration_disaster_loses_two_dice_of_units_and_draws_chits():
    """VI.1, Désastre: the unmodified roll on the card's D number loses 2 dice of units; the commander
    draws 1 chit per 5 lost or fraction; alive, he goes on and rolls again next turn (R128)."""
    s = table()
    s.explorations = ["trans_saharan_zone"]
    fid = send(s, "trans_saharan_zone", "8", caravans=50)
    run(s, Frame(kind="explore", count=fid), dice=Dice(6, 4, 3, 3, 4, chits=("none", "none")))
    assert [(x.id, x.caravans) for x in s.forces] == [(fid, 43)]  # 7 lost; the expedition stays out
    assert s.senators["8"].face_up and s.senators["8"].where == "exploration"


def test_an_exploration_with_losses_stays_out_and_rolls_again():
    """VI.1, Pertes: units are lost and chits drawn; only the commander's death brings the rest home,
    so a surviving expedition rolls again next turn (R128; the table's note says so too)."""
    s = table()
    s.explorations = ["trans_saharan_zone"]
    fid = send(s, "trans_saharan_zone", "8", caravans=50)  # Exploration 3: 2+2+3 = 7 + 3 = 10, Losses
    events = run(s, Frame(kind="explore", count=fid), dice=Dice(2, 2, 3, 1, chits=("none",)))
    assert of(events, ev.Rolled)[0].outcome == "losses"
    assert [(x.id, x.caravans) for x in s.forces] == [(fid, 49)]
    assert s.explorations == ["trans_saharan_zone"]
    # the next turn it rolls again: 6+6+6 = 18 + 3, Victory
    run(s, Frame(kind="explore", count=fid), dice=Dice(6, 6, 6))
    assert not s.forces and s.explorations == []


def test_unprosecuted_wars_and_four_active_wars():
    """VI.3: an Active war nobody fought goes to the Unprosecuted zone; IX.5 (R21): four Active wars at
    the end of the phase end the game, every player losing."""
    s = table()
    s.wars = {w: WarState(status="active") for w in ("first_sicilian_war", "pyrrhic_war", "libyan_war")}
    run(s, Frame(kind="combat_end"))
    assert {w.status for w in s.wars.values()} == {"unprosecuted"} and s.phase != "over"
    s.wars["mercenary_war"] = WarState(status="active")
    events = run(s, Frame(kind="combat_end"))
    assert of(events, ev.GameEnded)[0].reason == "four_active_wars" and of(events, ev.GameEnded)[0].winners == ()


def test_peace_makes_the_war_lost():
    """V.7, Demande de paix: the war is Lost for good and its "Perte" effects apply."""
    from engine.games.republic_of_carthage.combat import war_lost
    from engine.games.republic_of_carthage.flow import Ctx
    s = table()
    s.wars = {"conquest_of_tunisia": WarState(status="active")}
    ctx = Ctx(s, Dice())
    war_lost(ctx, "conquest_of_tunisia", "peace")
    assert ctx.s.wars["conquest_of_tunisia"].status == "lost" and ctx.s.treasury == 90


def test_commanders_without_victory_face_the_people():
    """VII.1: a commander who fought this turn without victory rolls 2 dice + Popularity on the Popular
    Reaction table (3-5: -3 Influence, -2 Popularity, reconstructed)."""
    s = table()
    s.counters["fought:2"] = 1
    s.senators["2"].influence = 6
    run(s, Frame(kind="civil_war"), dice=Dice(2, 2))
    assert (s.senators["2"].influence, s.senators["2"].popularity) == (3, -2)


def test_the_hand_limit_is_five():
    """VII.2: a player with more than five Intrigue, Event, Law, Concession or Statesman cards plays or
    discards down to five."""
    s = table()
    s.hands[0] = ["assassin_I", "blackmail_I", "court_of_104", "pentarchies", "ban_on_greek", "secret_escort_I"]
    run(s, Frame(kind="hand_limit", seat=0))
    play(s, 0, cmd.ChooseOption(option="pentarchies"))
    assert len(s.hands[0]) == 5 and "pentarchies" in s.discard


def test_the_civil_war_cards_are_chosen_in_secret_and_revealed_together():
    """VII.2: every player plays his cards at the same time (statesmen and concessions included): the
    choices are secret until all are done, then shown together and played from the SPHR (R74)."""
    from engine.games.republic_of_carthage.views import view
    s = table()
    s.hands[0] = ["salt_pans"]
    s.hands[1] = ["6A"]                       # Malchus: family 6 is seat 1's
    run(s, Frame(kind="civil_war"))
    no_trading(s)                             # R111: the trading of cards comes first
    assert G.status(s).to_act == (0, 1)
    emitted = G.decide(s, 1, cmd.PlayCard(card="6A", senator="6"), Dice())
    assert emitted[0].seats == (1,) and emitted[0].redacted == ev.ChoiceMadeRedacted(seat=1, step="civil_cards")
    for e in emitted:
        G.evolve(s, e.event)
    assert view(s, 1).committed == ("6A|6",) and view(s, 0).committed == ()
    assert "6A" not in s.senators
    play(s, 1, cmd.ChooseOption(option="done"))
    assert G.status(s).to_act == (0,)
    play(s, 0, cmd.PlayCard(card="salt_pans", senator="2"))
    events = play(s, 0, cmd.ChooseOption(option="done"))
    revealed = of(events, ev.ChoicesRevealed)[0]
    assert revealed.choices == ("0|salt_pans|2", "1|6A|6")
    assert "6A" in s.senators and s.senators["6A"].seat == 1 and s.concessions["salt_pans"] == "2"


def _libyan_attrition(chits):
    """The Libyan War (5, D17 R4) against commander 2 with 8 armies: 2+2+3 = 7 + 2 + 8 - 5 = 12,
    Attrition, 2 armies lost: two chits drawn."""
    s = table()
    s.wars = {"libyan_war": WarState(status="active")}
    fid = send(s, "libyan_war", "2", armies=("celtiberian",) * 4 + ("carthaginian_legion",) * 2
               + ("balearic_slinger",) * 2)
    events = run(s, Frame(kind="battle", count=fid), dice=Dice(2, 2, 3, chits=chits))
    assert of(events, ev.Rolled)[0].outcome == "attrition"
    return s, events


def test_a_commander_named_before_a_last_none_chit_is_killed_not_captured():
    """VI.2, Commandant. Mort/Capturé: only the last chit drawn captures; when that last chit is
    "Aucun", a commander named by an earlier chit dies."""
    s, events = _libyan_attrition(("2", "none"))
    assert [e.cause for e in of(events, ev.SenatorDied) if e.senator == "2"] == ["battle"]
    assert not [e for e in of(events, ev.SenatorMoved) if e.reason == "captured"]


def test_a_commander_named_by_the_last_chit_is_captured():
    """VI.2, Commandant. Mort/Capturé: the last chit drawn names the commander: he is captured."""
    s, events = _libyan_attrition(("none", "2"))
    assert s.senators["2"].where == "captured:libyan_war"
    assert not of(events, ev.SenatorDied)


def test_the_army_lost_is_drawn_among_the_tokens_veterans_included():
    """VI.2, Pertes des Armées: the armies lost are drawn at random among the force's armies: a veteran
    drawn is lost even while a plain army of its type is left (before, the type was drawn and the
    plain army always went first)."""
    from engine.games.republic_of_carthage.forces import lose_units
    from engine.games.republic_of_carthage.flow import Ctx

    for index, left_veteran in ((0, True), (1, False)):  # the pool lists the plain army, then the veteran

        class Pick(Dice):
            def below(self, n):
                return index

        s = table()
        s.wars = {"libyan_war": WarState(status="active")}
        fid = send(s, "libyan_war", "2", armies=("celtiberian",) * 2)
        vet = [a for a in s.armies if a.place == f"force:{fid}"][1]
        vet.veteran, vet.loyal = True, "2"
        ctx = Ctx(s, Pick())
        ctx.s.flow = []
        lose_units(ctx, fid, "land", 1)
        for e in ctx.finish():
            evolve(s, e.event)
        left = [(a.type, a.veteran, a.loyal) for a in s.armies if a.place == f"force:{fid}"]
        assert left == [("celtiberian", left_veteran, "2" if left_veteran else "")]


def _appear(s, war):
    from engine.games.republic_of_carthage.cards import war_appears
    from engine.games.republic_of_carthage.flow import Ctx
    ctx = Ctx(s, Dice())
    ctx.s.flow = []
    war_appears(ctx, war)
    ctx.run()
    for e in ctx.finish():
        evolve(s, e.event)


def test_armies_in_the_field_desert_too():
    """IV.2a, Désertion de l'armée (R39): the armies the war names desert wherever they are recruited,
    a force in the field included; a deserting veteran loses its status and loyalty."""
    s = table()
    s.wars = {"libyan_war": WarState(status="active")}
    fid = send(s, "libyan_war", "2", armies=("campanian_swordsman",) * 3 + ("celtiberian",))
    vet = next(a for a in s.armies if a.place == f"force:{fid}" and a.type == "campanian_swordsman")
    vet.veteran, vet.loyal = True, "2"
    _appear(s, "first_roman_republic_war")
    campanians = [a for a in s.armies if a.type == "campanian_swordsman"]
    assert [a.place for a in campanians] == ["deserted:first_roman_republic_war"] * len(campanians)
    assert not any(a.veteran or a.loyal for a in campanians)
    assert [a.type for a in s.armies if a.place == f"force:{fid}"] == ["celtiberian"]


def test_the_sphr_chooses_which_recruited_armies_desert():
    """IV.2a, Désertion de l'armée (R39, R125): when only some of the recruited armies named desert and
    they differ (here a veteran in the field and plain ones in Active Forces), the SPHR chooses them
    one at a time; the unrecruited ones of the Reserve stay while recruited ones remain."""
    from engine.games.republic_of_carthage.people import sphr_seat
    s = table()
    s.wars = {"libyan_war": WarState(status="active")}
    fid = send(s, "libyan_war", "2", armies=("libyan_light_infantry",))
    vet = next(a for a in s.armies if a.place == f"force:{fid}")
    vet.veteran, vet.loyal = True, "2"
    plain = [a for a in s.armies if a.type == "libyan_light_infantry" and a.place == "out"]
    for a in plain[:2]:
        a.place = "active"
    plain[2].place = "reserve"
    _appear(s, "third_sicilian_war")  # two Libyan light infantry desert
    assert top(s).kind == "desertion" and top(s).seat == sphr_seat(s)
    options = sorted(c.option for c in legal(s, top(s).seat))
    assert options == ["libyan_light_infantry/0//active", f"libyan_light_infantry/1/2/force:{fid}"]
    play(s, top(s).seat, cmd.ChooseOption(option="libyan_light_infantry/0//active"))
    assert top(s).kind == "desertion"  # one plain and the veteran left, one still to go
    play(s, top(s).seat, cmd.ChooseOption(option=f"libyan_light_infantry/1/2/force:{fid}"))
    assert not s.flow or top(s).kind != "desertion"
    deserted = [a for a in s.armies if a.place == "deserted:third_sicilian_war"]
    assert len(deserted) == 2 and not any(a.veteran for a in deserted)
    assert [a.place for a in s.armies if a.type == "libyan_light_infantry" and a.place in ("active", "reserve")] \
        == ["active", "reserve"]
    assert not any(a.place == f"force:{fid}" for a in s.armies)


def test_peace_may_be_sought_while_a_force_fights_the_war_and_brings_it_home():
    """V.7, Demande de paix (R127): the Senate may give up any Active War, a force in the field or not;
    the war is Lost and its force comes home (armies to Active Forces, the commander to Carthage)."""
    from engine.games.republic_of_carthage.combat import war_lost
    from engine.games.republic_of_carthage.flow import Ctx
    from engine.games.republic_of_carthage.senate import business_options
    s = table()
    s.wars = {"libyan_war": WarState(status="active")}
    fid = send(s, "libyan_war", "2", armies=("celtiberian",) * 2)
    assert "peace:libyan_war" in business_options(s)
    ctx = Ctx(s, Dice())
    ctx.s.flow = []
    war_lost(ctx, "libyan_war", "peace")
    for e in ctx.finish():
        evolve(s, e.event)
    assert s.wars["libyan_war"].status == "lost" and not s.forces
    assert s.senators["2"].where == "carthage"
    assert sum(1 for a in s.armies if a.type == "celtiberian" and a.place == "active") == 2
    assert not any(a.place == f"force:{fid}" for a in s.armies)


def test_a_veteran_of_two_commanders_tied_in_popularity_goes_to_one_drawn_at_random():
    """VI.2, Créer des Vétérans: with two commanders the veteran is loyal to the more popular one, a
    tie broken at random (the draw here picks the second commander)."""
    from engine.games.republic_of_carthage.forces import veteran
    from engine.games.republic_of_carthage.flow import Ctx

    class Pick(Dice):
        def below(self, n):
            return 0 if n == 3 else 1  # the first army of three, then the second of the tied commanders

    s = table()
    s.wars = {"libyan_war": WarState(status="active")}
    for a in [a for a in s.armies if a.type == "celtiberian" and a.place == "out"][:3]:
        a.place = "active"
    evolve(s, ev.ForceSent(force=s.next_force, war="libyan_war", commanders=("2", "5"),
                           armies=("celtiberian",) * 3, squadrons=0, caravans=0, fleets=0))
    fid = s.forces[-1].id
    assert s.senators["2"].popularity == s.senators["5"].popularity
    ctx = Ctx(s, Pick())
    ctx.s.flow = []
    veteran(ctx, fid)
    made = [e.event for e in ctx.finish() if isinstance(e.event, ev.VeteranMade)]
    assert [(e.unit, e.senator) for e in made] == [("celtiberian", "5")]


def test_an_expedition_reaching_its_goal_sends_the_others_home_at_the_phase_end_but_not_the_lost():
    """V.7, Envoyer une expédition, and VI.1, Défaite face à une autre expédition (R129): when one
    expedition reaches its goal, the others to it come home at the end of the phase, except a Lost
    one, which rolls again next turn."""
    s = table()
    s.explorations = ["trans_saharan_zone"]
    lost = send(s, "trans_saharan_zone", "8", caravans=50)    # Adherbal, Exploration 3
    other = send(s, "trans_saharan_zone", "5", caravans=50)
    winner = send(s, "trans_saharan_zone", "4", caravans=50)
    # the first: 1+1+1 = 3 + 3 = 6, Lost, 2 dice of losses (1+1 = 2), a chit
    run(s, Frame(kind="explore", count=lost), dice=Dice(1, 1, 1, 1, 1, chits=("none",)))
    assert s.counters.get(f"lost_expedition:{lost}")
    # the third reaches the goal: 6+6+6 = 18; the second would roll after it but is sent home
    events = run(s, Frame(kind="explore", count=winner), Frame(kind="explore", count=other),
                 dice=Dice(6, 6, 6))
    assert s.explorations == []
    assert {x.id for x in s.forces} == {lost, other}  # not yet: at the end of the phase
    assert [r.purpose for r in of(events, ev.Rolled)] == ["exploration:trans_saharan_zone"]
    run(s, Frame(kind="combat_end"))
    assert [x.id for x in s.forces] == [lost]
    assert s.senators["5"].where == "carthage" and s.senators["8"].where == "exploration"
    # next turn the Lost one rolls: 2+3+3 = 8 + 3 - 1 (48 caravans) = 10, Losses (1 lost, a chit): no
    # longer Lost and its goal reached, it comes home
    run(s, Frame(kind="explore", count=lost), dice=Dice(2, 3, 3, 1, chits=("none",)))
    assert not s.forces and s.senators["8"].where == "carthage"


def test_a_lost_expedition_whose_goal_was_reached_gets_no_reward_for_a_victory():
    """R129: a Lost expedition rolling a Victory after another reached its goal simply comes home."""
    s = table()
    fid = send(s, "trans_saharan_zone", "8", caravans=50)
    s.counters[f"lost_expedition:{fid}"] = 1  # Lost last turn; the card since removed
    influence = s.senators["8"].influence
    run(s, Frame(kind="explore", count=fid), dice=Dice(6, 6, 6))
    assert not s.forces and s.senators["8"].influence == influence


# -- VII.2: the hand limit: play, trade or discard (R137) -------------------------------------------
SIX = ["assassin_I", "blackmail_I", "court_of_104", "pentarchies", "ban_on_greek", "salt_pans"]


def over_the_limit():
    """VII.2 after the secret plays: seat 0 holds six cards (a concession among them), seat 1 five."""
    s = table()
    s.concessions = {"salt_pans": ""}
    s.hands[0] = list(SIX)
    s.hands[1] = ["secret_escort_I", "crowd_in_the_agora_I", "seduction_II", "fiscal_reform", "annual_judges"]
    run(s, Frame(kind="hand_limits"), Frame(kind="victors"))
    return s


def test_over_the_limit_a_player_may_play_trade_or_discard():
    """VII.2 (play, trade or discard down to five), R137: the player over five is offered the cards he
    may play now, an offer to each other player, and a discard of each card; playing a concession
    brings him to five."""
    s = over_the_limit()
    assert top(s).kind == "hand_limit" and G.status(s).to_act == (0,)
    options = legal(s, 0)
    assert cmd.PlayCard(card="salt_pans", senator="1") in options
    assert {cmd.ChooseOption(option="offer:1"), cmd.ChooseOption(option="offer:2")} <= set(options)
    assert {cmd.ChooseOption(option=c) for c in SIX} <= set(options)
    play(s, 0, cmd.PlayCard(card="salt_pans", senator="1"))
    assert len(s.hands[0]) == 5 and not s.flow  # the step is over (no victor: the phase ends)


def test_a_trade_at_the_limit_may_take_the_receiver_over_it_and_he_is_asked_in_turn():
    """R137: seat 0 gives two cards to seat 1 (a gift, R111); seat 1, now at seven, goes through the
    hand limit in the next round; seat 0 makes one offer only in the step."""
    s = over_the_limit()
    play(s, 0, cmd.ChooseOption(option="offer:1"))
    for c in ("assassin_I", "blackmail_I"):
        play(s, 0, cmd.ChooseOption(option=c))
    play(s, 0, cmd.ChooseOption(option="done"))
    play(s, 0, cmd.ChooseNumber(number=0))   # a gift
    play(s, 0, cmd.ChooseNumber(number=0))   # no talents (R112)
    play(s, 1, cmd.ChooseOption(option="accept"))
    assert len(s.hands[0]) == 4 and len(s.hands[1]) == 7
    assert top(s).kind == "hand_limit" and top(s).seat == 1
    play(s, 1, cmd.ChooseOption(option="offer:0"))
    for c in ("secret_escort_I", "crowd_in_the_agora_I", "seduction_II"):
        play(s, 1, cmd.ChooseOption(option=c))
    play(s, 1, cmd.ChooseOption(option="done"))
    play(s, 1, cmd.ChooseNumber(number=0))
    play(s, 1, cmd.ChooseNumber(number=0))
    play(s, 0, cmd.ChooseOption(option="accept"))
    assert len(s.hands[0]) == 7 and top(s).kind == "hand_limit" and top(s).seat == 0
    assert not [c for c in legal(s, 0) if getattr(c, "option", "").startswith("offer:")]  # his one offer is made
    play(s, 0, cmd.ChooseOption(option="court_of_104"))
    play(s, 0, cmd.ChooseOption(option="pentarchies"))
    assert len(s.hands[0]) == 5 and len(s.hands[1]) == 4 and not s.flow


@pytest.mark.parametrize("rolled, outcome", [((4, 4, 4), "attrition"), ((1, 1, 2), "retreat"), ((6, 6, 5), "disaster")])
def test_a_land_force_that_lost_its_last_army_comes_home(rolled, outcome):
    """VI.2 (Usure: the troops left stay at war; Retraite, Désastre: the troops left fight on) with R161:
    a force that lost its last army has no troops left; its commander does not stay to fight alone next
    turn but comes home at once, after his chits and the General office (R101). He fought: VII.1 asks
    him to face the people. The Libyan War (5, D17 R4), commander 2 with one army: 4+4+4 = 12 + 2 + 1
    - 5 = 10, Attrition; an unmodified 4, Retreat; 17, Disaster: one army lost each time."""
    s = table()
    s.wars = {"libyan_war": WarState(status="active")}
    fid = send(s, "libyan_war", "2", armies=("celtiberian",))
    events = run(s, Frame(kind="battle", count=fid), dice=Dice(*rolled, chits=("none",)))
    assert of(events, ev.Rolled)[0].outcome == outcome
    assert not s.forces and s.senators["2"].where == "carthage"
    assert of(events, ev.ForceEnded)[0].reason == "no_armies"
    assert s.counters.get("general:2") and s.counters.get("fought:2") and s.counters.get("fought:libyan_war")
    assert s.wars["libyan_war"].status == "active"


@pytest.mark.parametrize("rolled, outcome", [((6, 5, 5), "attrition"), ((5, 5, 4), "retreat"), ((5, 5, 1), "disaster")])
def test_a_force_that_lost_its_last_squadron_at_sea_comes_home_with_its_armies(rolled, outcome):
    """V.7 Guerres navales (the sea part is fought with the squadrons alone; every result applies) and
    VI.2, with R161: a force that lost its last squadron in the naval part has nothing left to fight it
    with, nor to carry its armies to the land part; it comes home, its armies to Active Forces. The First
    Roman Republic War (13/5/10, D11 R14), commander 2 with one squadron and five armies: 6+5+5 = 16 + 2
    + 1 - 10 = 9, Attrition; an unmodified 14, Retreat; 11, Disaster: one squadron lost each time."""
    s = table()
    s.wars = {"first_roman_republic_war": WarState(status="active")}
    fid = send(s, "first_roman_republic_war", "2", armies=("celtiberian",) * 4 + ("carthaginian_legion",), squadrons=1)
    events = run(s, Frame(kind="battle", count=fid), dice=Dice(*rolled, chits=("none",)))
    assert [r.outcome for r in of(events, ev.Rolled)] == [outcome]
    assert not s.forces and s.senators["2"].where == "carthage"
    assert of(events, ev.ForceEnded)[0].reason == "no_squadrons"
    assert sum(1 for a in s.armies if a.place == "active") == 5
    assert not s.wars["first_roman_republic_war"].squadron_victory


def test_a_force_without_the_squadron_support_does_not_fight_nor_prosecute_the_war():
    """V.7 Guerres navales (the land part needs the squadron support, or the force is brought back) with
    VI.3 and VII.1 (R162): the naval part already won (Squadron Victory), a force with one squadron of
    the five needed cannot land; it comes home without a roll. No battle was fought: the war was not
    prosecuted (Unprosecuted zone at the phase's end) and its commander does not face the people."""
    s = table()
    s.wars = {"first_roman_republic_war": WarState(status="active", squadron_victory=True)}  # 13/5/10
    fid = send(s, "first_roman_republic_war", "2", armies=("celtiberian",) * 2, squadrons=1)
    events = run(s, Frame(kind="battle", count=fid))
    assert not of(events, ev.Rolled) and of(events, ev.ForceEnded)[0].reason == "no_support"
    assert not s.forces and s.senators["2"].where == "carthage"
    assert not s.counters.get("fought:2") and not s.counters.get("fought:first_roman_republic_war")
    run(s, Frame(kind="combat_end"))
    assert s.wars["first_roman_republic_war"].status == "unprosecuted"
    events = run(s, Frame(kind="civil_war"))  # no Popular Reaction roll (Dice() scripts none)
    assert not of(events, ev.Rolled)


@pytest.mark.parametrize("case", ["no_squadrons", "no_armies"])
def test_a_force_with_nothing_to_fight_with_comes_home_without_a_roll(case):
    """V.7 Guerres navales (the sea part is fought with squadrons and commanders alone; the land part by
    the armies) with R161 and R162: a force arriving with no squadron for the naval part (sent with
    armies only), or no army for the land part (its only army deserted, IV.2a), has nothing to fight
    with: it comes home without a roll, and its commander did not fight."""
    s = table()
    if case == "no_squadrons":
        war = "first_roman_republic_war"
        s.wars = {war: WarState(status="active")}
        fid = send(s, war, "2", armies=("celtiberian",) * 2)
    else:
        war = "libyan_war"
        s.wars = {war: WarState(status="active")}
        fid = send(s, war, "2", armies=("campanian_swordsman",))
        _appear(s, "first_roman_republic_war")  # the Campanians desert
        assert not any(a.place == f"force:{fid}" for a in s.armies)
    events = run(s, Frame(kind="battle", count=fid))
    assert not of(events, ev.Rolled) and of(events, ev.ForceEnded)[0].reason == case
    assert not s.forces and s.senators["2"].where == "carthage"
    assert not s.counters.get("fought:2") and not s.counters.get(f"fought:{war}")


def test_a_commander_captured_by_the_last_chit_of_the_winning_battle_is_one_of_its_victors():
    """VI.2 Commandant. Mort/Capturé (the last chit captures) with VI.2 Victoire and VII.1/VII.3 (R163):
    the battle that wins the war frees at once the commander its own last chit captured; he is one of
    the commanders who won it: his share of ⌈5/2⌉ = 3 Influence and Popularity, the armies on his card,
    no Popular Reaction. The Libyan War (5, D17 R4), commander 2 with eight armies: 3+3+4 = 10 + 2 + 8
    - 5 = 15, Victory, 2 armies lost; the second chit names him."""
    s = table()
    s.wars = {"libyan_war": WarState(status="active")}
    fid = send(s, "libyan_war", "2", armies=("celtiberian",) * 4 + ("carthaginian_legion",) * 2
               + ("balearic_slinger",) * 2)
    events = run(s, Frame(kind="battle", count=fid), dice=Dice(3, 3, 4, chits=("none", "2")))
    assert of(events, ev.Rolled)[0].outcome == "victory"
    assert [e.reason for e in of(events, ev.SenatorMoved) if e.senator == "2"] == ["captured", "freed"]
    x = s.senators["2"]
    assert x.where == "carthage" and s.counters.get("victor:2") == fid
    assert (x.influence, x.popularity) == (C.FAMILIES[2].influence + 3, 3)
    assert sum(1 for a in s.armies if a.place == "victor:2") == 6
    assert "libyan_war" not in s.wars and not s.forces
    events = run(s, Frame(kind="civil_war"))  # no Popular Reaction roll (Dice() scripts none)
    assert not of(events, ev.Rolled)


def test_a_commander_captured_by_the_last_chit_of_a_naval_victory_takes_his_share_and_stays_a_prisoner():
    """RoC VI.2 Commandant. Mort/Capturé and Victoire with V.7 Guerres navales (R168): the chits and the
    Victory are one result (R163), so the commander the last chit of a sea Victory captures is one of
    the commanders who won it and takes his share of ⌈10/2⌉ = 5 (R126): 3 each, rounded up (R16); his
    colleague does not take the whole. The sea Victory wins no war, so it frees nobody: he stays a
    prisoner. The First Roman Republic War (13/5/10), commanders 2 and 5 with four squadrons and an
    army: 6+6+6 = 18 + 2 + 2 + 4 - 10 = 16, Victory, 1 squadron lost; the one chit names 2."""
    s = table()
    war = "first_roman_republic_war"
    s.wars = {war: WarState(status="active")}
    a = next(a for a in s.armies if a.type == "carthaginian_legion" and a.place == "out")
    a.place = "active"
    s.squadrons["active"] = 4
    evolve(s, ev.ForceSent(force=s.next_force, war=war, commanders=("2", "5"), armies=("carthaginian_legion",),
                           squadrons=4, caravans=0, fleets=0))
    fid = s.forces[-1].id
    events = run(s, Frame(kind="battle", count=fid), dice=Dice(6, 6, 6, chits=("2",)))
    assert of(events, ev.Rolled)[0].outcome == "victory"
    assert s.senators["2"].where == f"captured:{war}" and s.senators["5"].where == "carthage"
    for sid in ("2", "5"):
        x = s.senators[sid]
        assert (x.influence, x.popularity) == (C.FAMILIES[int(sid)].influence + 3, 3)
    assert s.wars[war].squadron_victory and not s.forces


@pytest.mark.parametrize("freed", [False, True])
def test_a_commander_still_a_prisoner_at_the_civil_war_faces_the_people(freed):
    """VII.1 (every commander who took part in a war this turn and was not victorious consults the
    Popular Reaction table) with VI.2 Commandant. Mort/Capturé (the prisoner may be used for no other
    action until ransomed), R165: the roll is the people's verdict, no action of his, and the text
    exempts nobody. The First Roman Republic War (13/5/10), commander 2 with four squadrons and an
    army: 6+6+6 = 18 + 2 + 4 - 10 = 14, a naval Victory, 2 squadrons lost; the last chit captures him;
    the force, short of the support, comes home without him. He did not win the war (VII.3: only a
    complete victory counts, R163), so at VII.1 he rolls, still a prisoner or freed (1+1 + the 5
    Popularity of his share of the sea Victory, R168 = 7: -1 Popularity, reconstructed); a prisoner
    stays one."""
    s = table()
    war = "first_roman_republic_war"
    s.wars = {war: WarState(status="active")}
    fid = send(s, war, "2", armies=("carthaginian_legion",), squadrons=4)
    run(s, Frame(kind="battle", count=fid), dice=Dice(6, 6, 6, chits=("none", "2")))
    x = s.senators["2"]
    assert x.where == f"captured:{war}" and s.counters.get("fought:2") and not s.forces
    assert s.wars[war].squadron_victory and s.wars[war].status == "active"
    before = (x.influence, x.popularity)
    if freed:
        evolve(s, ev.SenatorMoved(senator="2", seat=0, where="carthage", face_up=True, reason="freed"))
    events = run(s, Frame(kind="civil_war"), dice=Dice(1, 1))
    assert [r.purpose for r in of(events, ev.Rolled)] == ["popular_reaction"]
    assert (s.senators["2"].influence, s.senators["2"].popularity) == (before[0], before[1] - 1)
    assert s.senators["2"].where == ("carthage" if freed else f"captured:{war}")


def test_a_prisoner_the_people_kill_dies_in_captivity():
    """VII.1, R165: the Popular Reaction's worst row kills the commander, a prisoner too (2 dice +
    Popularity 0: 1+1 = 2, killed, reconstructed); a dead family card that is not a Faction Leader
    lies face down in the Port (I, Conséquences de la Mort), and no ransom is owed for him."""
    s = table()
    war = "libyan_war"
    s.wars = {war: WarState(status="active")}
    s.senators["3"].where = f"captured:{war}"
    s.senators["3"].popularity = 0
    s.counters["fought:3"] = 1
    run(s, Frame(kind="civil_war"), dice=Dice(1, 1))
    x = s.senators["3"]
    assert not x.face_up and x.seat == -1 and x.where == "port"


def test_the_view_says_whom_each_veteran_is_loyal_to():
    """VI.2: a veteran made by a battle gets a Loyalty token on its commander's card, on the table
    for all to see; VII.3's rebellions turn on it. Every seat's view, and the spectator's, names
    the senator each veteran is loyal to (before, the view counted veterans only)."""
    from engine.games.republic_of_carthage.views import view

    s = table()
    s.wars = {"libyan_war": WarState(status="active")}
    fid = send(s, "libyan_war", "2", armies=("celtiberian",) * 4)
    run(s, Frame(kind="battle", count=fid), dice=Dice(3, 3, 4, chits=("none",) * 3))  # an Attrition
    loyal = sorted(a.loyal for a in s.armies if a.veteran)
    assert loyal == ["2"]
    for seat in (*range(s.players), None):
        units = [u for u in view(s, seat).units if u.veterans]
        assert [(u.veterans, u.loyal) for u in units] == [(1, ("2",))]
