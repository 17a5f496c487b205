"""Senators, statesmen, wars, leaders, explorations and play cards against the rulebook."""

from __future__ import annotations

from engine.games.republic_of_carthage import components as c
from engine.games.republic_of_carthage import effects as fx

# ------------------------------------------------------------------------------ senators


def test_family_numbers_are_1_to_25():
    """Matériel: 20 Senators in deck I and 5 in deck II, each with an ID number (Préparation du jeu, step 9)."""
    assert sorted(c.FAMILIES) == list(range(1, 26))
    assert sum(f.deck == "I" for f in c.FAMILIES.values()) == 20


def test_mago_and_barca_statesmen():
    """Terminologie: Mago's statesmen 2A and 2B may be in play together; Barca's 3A and 3B may not."""
    assert c.FAMILIES[2].name == "Mago" and c.FAMILIES[3].name == "Barca"
    assert {c.STATESMEN["2A"].family, c.STATESMEN["2B"].family} == {2}
    assert c.STATESMEN["2A"].coexists_with == ("2B",) and c.STATESMEN["2B"].coexists_with == ("2A",)
    assert c.STATESMEN["3A"].excludes == ("3B",) and c.STATESMEN["3B"].excludes == ("3A",)
    others = [s for s in c.STATESMEN.values() if s.family not in (2, 3)]
    assert all(not s.coexists_with and not s.excludes for s in others)


def test_only_mago_and_barca_have_two_statesmen():
    """Terminologie gives special rules for two families only, so every other family has at most one."""
    per_family = {}
    for s in c.STATESMEN.values():
        per_family.setdefault(s.family, []).append(s.id)
    assert {f for f, ids in per_family.items() if len(ids) > 1} == {2, 3}


def test_some_statesmen_have_loyalty_zero():
    """IV.2b c: 'la Loyauté peut être nulle pour certains Hommes d'État'; plain senators are never 0."""
    assert any(s.loyalty == 0 for s in c.STATESMEN.values())
    assert all(f.loyalty > 0 for f in c.FAMILIES.values())


def test_most_senators_are_poor_soldiers():
    """Appendice C: the designer lowered the Military of most senators; statesmen include great generals."""
    mil = [f.military for f in c.FAMILIES.values()]
    assert sum(m <= 2 for m in mil) > len(mil) * 3 // 4
    assert c.STATESMEN["3B"].name == "Hannibal Barca"
    assert c.STATESMEN["3B"].military == max(s.military for s in c.STATESMEN.values())


def test_stats_are_in_range():
    for s in (*c.FAMILIES.values(), *c.STATESMEN.values()):
        assert 1 <= s.military <= 6 and 1 <= s.eloquence <= 6, s.name
        assert 0 <= s.loyalty <= 10 and 1 <= s.influence <= 5 and 0 <= s.exploration <= 5, s.name


def test_the_lowest_ids_take_the_opening_offices():
    """Préparation du jeu, steps 9-11: the three lowest IDs dealt become Suffète Général and the two
    governors. Every family number is distinct, so the order is always defined."""
    assert c.SETUP.lowest_ids == ("suffete_general", "spanish_coast", "sardinia_corsica")
    assert len({f.id for f in c.FAMILIES.values()}) == len(c.FAMILIES)


# ---------------------------------------------------------------------------------- wars


def test_the_model_war_of_the_senate_phase():
    """V.7 (Entreprendre des Guerres, the model war): First Roman Republic War, 264-241 BC, a War,
    Active, 13/5/10, D11 R14; on appearance one commerce card from piles 1, 4 and 5 and every Campanian
    deserts; Victory gives the State 35 T; deck II."""
    w = c.WARS["first_roman_republic_war"]
    assert (w.name, w.dates, w.kind, w.status, w.deck) == (
        "First Roman Republic War", "264-241 BC", "war", "active", "II")
    assert (w.land, w.squadron_support, w.naval) == (13, 5, 10)
    assert (w.disaster, w.retreat) == ((11,), (14,))
    assert fx.CommerceRemove(piles=(1, 4, 5), cards=1) in w.appearance
    assert fx.Desert(army="campanian_swordsman", count=None) in w.appearance
    assert w.spoils == 35
    assert w.source.startswith("V. Phase de Sénat, step 7")


def test_conquest_of_tunisia_starts_inactive():
    """Préparation du jeu, step 4: the war Conquest of Tunisia goes to the Inactive part of War Plans;
    step 2/5: it belongs to deck I (it is set out before the deck I cards are shuffled)."""
    w = c.WARS[c.SETUP.starting_war]
    assert w.name == "Conquest of Tunisia"
    assert (w.status, w.deck) == ("inactive", "I")


def test_wars_the_rulebook_names():
    """IV.2a and Appendice B name the first and second Sicilian Wars (related), the Pyrrhic, Libyan and
    Numidian Wars and Morocco; V.7 and Appendice B the three Roman Republic Wars."""
    names = {w.name for w in c.WARS.values()}
    assert {"First Sicilian War", "Second Sicilian War", "Pyrrhic War", "Libyan War", "Numidian War", "Morocco",
            "First Roman Republic War", "Second Roman Republic War", "Third Roman Republic War"} <= names
    assert "second_sicilian_war" in c.related_wars("first_sicilian_war")


def test_the_small_wars_are_inactive_and_make_provinces():
    """Appendice B: the 'small' wars are the inactive ones; the Libyan War brings four Libyan light
    infantry, the Numidian War four Numidian cavalry, each with elephants; Morocco elephants too; these
    wars create new provinces."""
    for wid, army in (("libyan_war", "libyan_light_infantry"), ("numidian_war", "numidian_cavalry"), ("morocco", None)):
        w = c.WARS[wid]
        assert w.status == "inactive"
        province = next(e.province for e in w.victory if isinstance(e, fx.CreateProvince))
        grants = {g.army: g.count for g in c.PROVINCES[province].armies_added}
        assert grants.get("war_elephant", 0) >= 1
        if army:
            assert grants[army] == 4


def test_auxiliaries_of_appendix_b():
    """Appendice B: Sicules serve in every Sicilian and Roman Republic war; Gauls in the second and
    third Roman Republic wars."""
    for w in c.WARS.values():
        assert ("sicule" in w.auxiliaries) == (w.group in ("sicilian", "roman")), w.id
        assert ("gallic_swordsman" in w.auxiliaries) == (
            w.id in ("second_roman_republic_war", "third_roman_republic_war")), w.id


def test_every_war_of_a_group_exists_and_points_back():
    for g in c.GROUPS.values():
        assert len(g.wars) >= 2
        for wid in g.wars:
            assert c.WARS[wid].group == g.id


def test_a_crisis_war_exists():
    """V.7 (Crise): a war of strength 20 or more makes a Crisis; the data holds at least one."""
    assert any(w.land >= 20 for w in c.WARS.values())


def test_naval_wars_need_squadron_support():
    """V.7 (Guerres navales): the land part needs the squadron-support number of squadrons left."""
    for w in c.WARS.values():
        if w.naval:
            assert w.squadron_support >= 1, w.id


def test_wars_deck_by_era():
    """The decks split at the First Roman Republic War (V.7: deck II). Every deck I war ends before 264 BC,
    every deck II war starts at or after it."""
    def first_year(dates):
        return int(dates.replace("c. ", "").split()[0].split("-")[0])

    for w in c.WARS.values():
        assert (first_year(w.dates) > 264) == (w.deck == "I"), w.id


def test_enemy_leaders():
    """Appendice A names Pyrrhus and Scipio among the leaders; each leader's wars exist."""
    assert {"pyrrhus", "scipio"} <= set(c.LEADERS)
    assert sum(x.deck == "I" for x in c.LEADERS.values()) == 2
    for leader in c.LEADERS.values():
        assert leader.wars and all(w in c.WARS for w in leader.wars)
    assert c.leaders_of("pyrrhic_war") == (c.LEADERS["pyrrhus"],)


def test_war_strength_doubles_and_triples_with_related_wars():
    """VI.2: double the strength with one related Active war, triple it with two; a leader adds his
    strength (ruling R42)."""
    assert c.war_strength("first_sicilian_war") == 10
    assert c.war_strength("first_sicilian_war", related_active=1) == 20
    assert c.war_strength("first_sicilian_war", related_active=2) == 30
    assert c.war_strength("pyrrhic_war", leaders=("pyrrhus",)) == 14 + c.LEADERS["pyrrhus"].strength


# -------------------------------------------------------------------------- explorations


def test_the_model_exploration():
    """V.7 (Envoyer une expédition, the model): Trans-Saharan Zone, 450 BC, 50/0, D13. Victory gives the
    commander INF and POP of 50 / 10 = 5."""
    x = c.EXPLORATIONS["trans_saharan_zone"]
    assert (x.name, x.dates, x.caravans, x.fleets, x.disaster) == ("Trans-Saharan Zone", "450 BC", 50, 0, (13,))
    assert x.caravans // c.TABLES.exploration.victory_divisor == 5
    assert x.victory


def test_explorations_are_three_deck_i_cards():
    """Matériel: 3 Exploration cards, in deck I."""
    assert len(c.EXPLORATIONS) == 3 and all(x.deck == "I" for x in c.EXPLORATIONS.values())
    assert all((x.caravans > 0) != (x.fleets > 0) for x in c.EXPLORATIONS.values())


# --------------------------------------------------------------------------- play cards


def test_cards_the_rulebook_names():
    """V.7 names Public Outcry (Indignation générale) and the Law of the Separation of Powers; X names the
    Assassin and Secret Escort cards and what they do (+1; -1 and an extra capture roll)."""
    titles = {card.title: card for card in c.CARDS.values()}
    assert titles["Public Outcry"].type == "intrigue"
    assert fx.PublicOutcry() in titles["Public Outcry"].effects
    assert fx.RollModifier(roll="assassination", amount=1) in titles["Assassin"].effects
    assert fx.RollModifier(roll="assassination", amount=-1) in titles["Secret Escort"].effects
    assert fx.ExtraCaptureRoll() in titles["Secret Escort"].effects
    law = titles["Law of the Separation of Powers"]
    assert law.type == "law" and fx.Rule(rule="separation_of_powers") in law.effects


def test_timing_follows_the_card_type():
    """IV.2a: Laws are played in the Senate phase; Concessions on a senator in the Civil War phase."""
    for card in c.CARDS.values():
        if card.type == "law":
            assert card.timing == "senate", card.id
        if card.type == "concession":
            assert card.timing == "civil_war" and card.deck == "I", card.id
            assert any(isinstance(e, fx.CommerceExtra) for e in card.effects)


def test_every_play_card_does_something_and_says_so():
    for card in c.CARDS.values():
        assert card.effects and card.text and card.copies >= 1, card.id


def test_laws_have_dates():
    """Appendice C: every law of the game was really enacted in Carthage's history."""
    assert all(card.dates for card in c.CARDS.values() if card.type == "law")


def test_the_set_up_hand_can_be_dealt_to_six():
    """Préparation du jeu, steps 2-3: 3 senators and 3 Intrigue/Statesman/Law/Concession cards of deck I
    to each of up to 6 players."""
    hand = [x for x in c.deck("I") if c.card_kind(x) in c.SETUP.hand_card_types]
    senators = [x for x in c.deck("I") if c.card_kind(x) == "senator"]
    assert len(hand) >= 3 * c.SETUP.max_players and len(senators) >= 3 * c.SETUP.max_players
