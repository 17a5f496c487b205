"""Commerce cards (III), provinces (II.9) and offices (II.2, III.3c, V) against the rulebook."""

from __future__ import annotations

from engine.games.republic_of_carthage import components as c

# ------------------------------------------------------------------------------ commerce


def test_the_commerce_counts_of_materiel():
    """Matériel: 103 commerce cards, 8 Clay, 7 Hides, 6 Iron, 5 Papyrus, 9 Salt, 8 Timber, 8 Grain, 7 Oil,
    7 Textile, 6 Wine, 6 Bronze, 5 Silver, 5 Spices, 4 Resin, 4 Gems, 3 Dye, 3 Gold, 2 Ivory, plus 1 spare."""
    assert {x.id: x.cards for x in c.COMMODITIES.values()} == {
        "clay": 8, "hides": 7, "iron": 6, "papyrus": 5, "salt": 9, "timber": 8, "grain": 8, "oil": 7, "textile": 7,
        "wine": 6, "bronze": 6, "silver": 5, "spices": 5, "resin": 4, "gems": 4, "dye": 3, "gold": 3, "ivory": 2}
    assert sum(x.cards for x in c.COMMODITIES.values()) == 103
    assert c.COMMERCE.spare_cards == 1


def test_pile_sizes_before_and_after_the_set_up_removals():
    """Préparation du jeu, step 17: nine piles; remove 1, 1, 2, 4, 0, 3, 0, 2, 3 cards. With the pairs of
    the Matériel list as piles (gap notes II.B.4), the piles hold 15, 11, 17, 15, 13, 11, 9, 7, 5 and then
    14, 10, 15, 11, 13, 8, 9, 5, 2: 87 cards in play, 16 set aside."""
    assert c.COMMERCE.piles == 9
    assert c.pile_sizes() == (15, 11, 17, 15, 13, 11, 9, 7, 5)
    assert c.SETUP.pile_removals == (1, 1, 2, 4, 0, 3, 0, 2, 3)
    assert c.pile_sizes(after_setup=True) == (14, 10, 15, 11, 13, 8, 9, 5, 2)
    assert sum(c.pile_sizes(after_setup=True)) == 87


def test_every_pile_holds_two_commodities():
    for n in range(1, 10):
        assert len(c.commodities_in_pile(n)) == 2


def test_gold_sells_9_36_54():
    """III.2 (example): a Gold card shows '9 · 36 · 54': one is worth 9 T, two 36 T, three 54 T."""
    assert c.COMMODITIES["gold"].set_values == (9, 36, 54)
    assert [c.set_value("gold", n) for n in (1, 2, 3)] == [9, 36, 54]
    assert c.COMMODITIES["gold"].source_of("set_values").startswith("III. Phase de Commerce")


def test_three_gold_pay_six_talents_of_tax_at_ten_percent():
    """III.3a-b (example): selling 3 Gold gives 54 T; at 10 % the tax is 5.4, rounded up to 6."""
    income = c.set_value("gold", 3)
    assert income == 54
    assert -(-income * c.SETUP.tax_rate // 100) == 6


def test_set_values_grow_with_the_set():
    """A bigger set is always worth more, and more per card, than a smaller one (III.2: 'la valeur du set
    augmente')."""
    for x in c.COMMODITIES.values():
        v = x.set_values
        assert len(v) == x.cards
        assert all(a < b for a, b in zip(v, v[1:])), x.id
        assert all(v[k] / (k + 1) >= v[0] for k in range(len(v))), x.id


def test_rarer_commodities_are_worth_more_per_card():
    """A single card of a scarce commodity (pile 9) sells for more than one of a common one (pile 1)."""
    assert min(x.set_values[0] for x in c.commodities_in_pile(9)) > max(x.set_values[0] for x in c.commodities_in_pile(1))


# ----------------------------------------------------------------------------- provinces


def test_libya_undeveloped_state_revenue():
    """II.9 (example): undeveloped Libya's state revenue is '1 dé - 5'; a roll of 1 takes 4 T from the
    State Treasury."""
    libya = c.PROVINCES["libya"]
    rev = libya.undeveloped.state
    assert (rev.dice, rev.plus) == (1, -5)
    assert rev.text() == "1 die − 5"
    assert 1 + rev.plus == -4
    assert libya.undeveloped.source.startswith("II. Phase de Revenu, step 9")


def test_the_provinces_of_the_rulebook():
    """Préparation du jeu, steps 10-11 name the Spanish Coast and Sardinia-Corsica; II.9 names Libya."""
    assert c.PROVINCES["spanish_coast"].name_fr == "Côte espagnole"
    assert c.PROVINCES["sardinia_corsica"].name_fr == "Sardaigne-Corse"
    assert c.PROVINCES["libya"].name_fr == "Libye"


def test_developing_a_province_pays():
    """II.9: a province is developed by a roll; its developed side yields at least as much, on average."""
    for p in c.PROVINCES.values():
        for side in ("state", "personal"):
            u, d = getattr(p.undeveloped, side), getattr(p.developed, side)
            assert d.low + d.high >= u.low + u.high, (p.id, side)


def test_a_governor_can_hold_any_province_for_the_set_up_terms():
    """Préparation du jeu, step 10: the holder picks a remaining term of 1 to 3 turns."""
    assert c.SETUP.governor_terms == (1, 2, 3)
    assert all(p.term >= max(c.SETUP.governor_terms) for p in c.PROVINCES.values())


def test_only_libya_numidia_and_mauretania_add_armies():
    """Appendice B: Libya and Numidia bring their troops and elephants, Morocco elephants."""
    assert {p.id for p in c.PROVINCES.values() if p.armies_added} == {"libya", "numidia", "mauretania"}


# ------------------------------------------------------------------------------- offices


def test_the_order_of_the_highest_ranking_senator():
    """Terminologie: Suffète Général, Suffète Amiral, Treasurer, Censor, Public Buildings, Harbour
    Captain, Master of the Agora."""
    assert c.office_rank_order() == ("suffete_general", "suffete_admiral", "state_treasurer", "censor",
                                     "public_buildings", "harbour_captain", "master_of_the_agora")


def test_offices_that_pay():
    """II.2: the Treasurer, Public Buildings and the Harbour Captain have an income; III.3c: the Master of
    the Agora a bonus on cards sold. The others have none."""
    paid = {o.id for o in c.OFFICES.values() if o.income}
    assert paid == {"state_treasurer", "public_buildings", "harbour_captain"}
    assert c.OFFICES["master_of_the_agora"].agora_cards_per_talent


def test_influence_on_taking_office_and_council_terms():
    """V.2: each elected Suffète +5 INF; V.4: Council members +3 INF for a 3-turn term."""
    for o in c.OFFICES.values():
        assert o.influence_gained == (5 if o.kind == "suffete" else 3), o.id
        if o.kind == "council":
            assert o.term == 3, o.id
