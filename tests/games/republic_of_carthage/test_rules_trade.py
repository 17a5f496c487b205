"""III. Phase de Commerce: the draw, selling and taxes, the Master of the Agora, the warehouse."""

from __future__ import annotations

from .helpers import C, Dice, Frame, cmd, ev, legal, of, play, run, table, top


def stocked(s):
    """Every pile holds its commodities again (no card set aside)."""
    for pile in range(1, 10):
        s.piles[pile - 1] = sorted(x.id for x in C.commodities_in_pile(pile) for _ in range(x.cards))
    return s


def test_the_draw_of_the_worked_example_with_an_empty_pile():
    """III.1 (II.C 2): with 4 merchants a player draws from piles 1, 2, 3 and 4; pile 3 being empty,
    he draws from piles 1, 2 and 4 only, and nothing replaces it."""
    s = stocked(table())
    s.piles[2] = []
    s.senators["1"].merchants = 4
    events = run(s, Frame(kind="trade"))
    mine = [e.pile for e in of(events, ev.CommerceDrawn) if e.seat == 0]
    assert mine == [1, 2, 4]
    assert len(s.commerce[0]) == 3


def test_the_draw_goes_on_from_pile_one_after_nine():
    """III.1: with more than 9 merchants the draw goes on from pile 1."""
    s = stocked(table())
    s.senators["4"].merchants = 11
    events = run(s, Frame(kind="trade"))
    assert [e.pile for e in of(events, ev.CommerceDrawn) if e.seat == 1] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2]


def test_the_master_of_the_agora_draws_first():
    """III.1: the draw starts with the Master of the Agora's player, then clockwise (R6)."""
    s = stocked(table())
    for sid in ("1", "4", "7"):
        s.senators[sid].merchants = 1
    s.offices["master_of_the_agora"] = "8"
    events = run(s, Frame(kind="trade"))
    assert [e.seat for e in of(events, ev.CommerceDrawn)] == [2, 0, 1]


def test_draws_are_private():
    """III.2: a player may not show his commerce cards: the others learn only the pile drawn from."""
    from engine.games.republic_of_carthage.flow import Ctx
    s = stocked(table())
    s.senators["1"].merchants = 1
    ctx = Ctx(s, Dice())
    ctx.then(Frame(kind="trade"))
    ctx.run()
    drawn = [e for e in ctx.out if isinstance(e.event, ev.CommerceDrawn)]
    assert drawn and all(e.seats == (e.event.seat,) for e in drawn)
    assert all(e.redacted == ev.CommerceDrawnRedacted(seat=e.event.seat, pile=e.event.pile) for e in drawn)


def test_gold_sells_by_sets_and_the_tax_rounds_up():
    """III.2-3 (II.C 3-4): Gold is "9 · 36 · 54"; three Gold sell for 54 T; at 10 % the tax is 5.4,
    rounded up to 6 T, paid to the State."""
    assert [C.set_value("gold", n) for n in (1, 2, 3)] == [9, 36, 54]
    s = table()
    s.commerce[0] = ["gold", "gold", "gold"]
    s.flow = [Frame(kind="trade_end"), Frame(kind="sell", seat=0)]
    assert cmd.SellCommerce(commodity="gold", count=3) in legal(s, 0)
    play(s, 0, cmd.SellCommerce(commodity="gold", count=3))
    assert s.faction_treasury[0] == 54
    play(s, 0, cmd.ChooseOption(option="done"))
    assert s.faction_treasury[0] == 48 and s.treasury == 106
    assert s.piles[8][-3:] == ["gold"] * 3  # III.3f: under their pile


def test_the_tax_is_on_the_whole_of_a_players_sales():
    """III.3b (R10): the tax is paid once on the player's total income, rounded up."""
    s = table()
    s.tax_rate = 20
    s.commerce[0] = ["clay", "iron"]
    s.flow = [Frame(kind="trade_end"), Frame(kind="sell", seat=0)]
    play(s, 0, cmd.SellCommerce(commodity="clay", count=1))
    play(s, 0, cmd.SellCommerce(commodity="iron", count=1))
    play(s, 0, cmd.ChooseOption(option="done"))
    assert s.treasury == 100 + 1  # 20 % of 5 = 1


def test_the_master_of_the_agora_bonus_is_untaxed():
    """III.3c: the Master of the Agora receives 1 T per 3 cards sold this turn by all players
    (reconstructed), untaxed."""
    s = table()
    s.offices["master_of_the_agora"] = "5"
    s.counters["cards_sold"] = 7
    run(s, Frame(kind="trade_end"))
    assert s.senators["5"].talents == 2


def test_the_warehouse_keeps_one_card_per_merchant():
    """III.3d: at the end of the phase a faction keeps no more unsold cards than it has merchants;
    it chooses which go back under their piles."""
    s = table()
    s.senators["1"].merchants = 1
    s.commerce[0] = ["clay", "salt", "gold"]
    run(s, Frame(kind="trade_end"))
    assert top(s).kind == "warehouse" and top(s).seat == 0
    assert legal(s, 0) == [cmd.ChooseOption(option=c) for c in ("clay", "gold", "salt")]
    play(s, 0, cmd.ChooseOption(option="clay"))
    play(s, 0, cmd.ChooseOption(option="salt"))
    assert s.commerce[0] == ["gold"]
    assert not s.flow  # the rest of the phase had nothing to ask on this table


def test_trade_income_may_go_to_the_senators():
    """III.3e: the trade income may be shared out among the senators and the faction treasury (not
    the talents of the Revenue phase)."""
    s = table()
    s.faction_treasury[0] = 30
    s.counters["trade_income:0"] = 12
    s.flow = [Frame(kind="trade_income", seat=0)]
    play(s, 0, cmd.Transfer(source="faction:0", target="senator:2"))
    assert legal(s, 0)[-1] == cmd.ChooseNumber(number=12)
    play(s, 0, cmd.ChooseNumber(number=12))
    assert s.senators["2"].talents == 12 and s.faction_treasury[0] == 18
    assert not legal(s, 0)


def test_the_master_leaves_when_his_term_has_run_out():
    """III.3g (R11): a Master of the Agora whose term marker has left the track goes to the Port; a
    red marker goes to him."""
    s = table()
    s.offices["master_of_the_agora"] = "5"
    s.terms["master_of_the_agora"] = 0
    s.red_terms = ["master_of_the_agora"]
    run(s, Frame(kind="master_term"))
    assert s.offices["master_of_the_agora"] == "" and s.senators["5"].red == 1


def test_a_price_card_pays_a_player_once_for_a_commodity_however_he_splits_his_sets():
    """R118 (III.3a, and Grain Speculation's reconstructed text, +8 T a set of grain): three grain sold
    as three sets take the bonus once, as one set of three would; another player's sale takes it too."""
    s = table()
    s.counters["price:grain"] = 8
    s.commerce[0] = ["grain"] * 3
    s.commerce[1] = ["grain"]
    s.flow = [Frame(kind="trade_end"), Frame(kind="sell", seat=1), Frame(kind="sell", seat=0)]
    for _ in range(3):
        play(s, 0, cmd.SellCommerce(commodity="grain", count=1))
    assert s.faction_treasury[0] == 3 * C.set_value("grain", 1) + 8
    play(s, 0, cmd.ChooseOption(option="done"))
    before = s.faction_treasury[1]
    play(s, 1, cmd.SellCommerce(commodity="grain", count=1))
    assert s.faction_treasury[1] - before == C.set_value("grain", 1) + 8
