"""The Hannibal map against what the rulebook gives, and its structure.

Each test cites the section it checks. Values the project reconstructed are tested for consistency
(reachability, majorities, projections), never as if the rulebook gave them.
"""

from __future__ import annotations

import math

import msgspec
import pytest

from engine.games.hannibal import components as c

# §26 "Les 18 provinces rapportant des points politiques et le nombre de CP nécessaire"
SECTION_26 = {
    "carthago": 1, "carthaginia": 4, "numidia_orientalis": 3, "numidia_occidentalis": 3,
    "baetica": 3, "celtiberia": 3, "orospeda": 3, "idubeda": 4,
    "lucania": 3, "gallia_cisalpina": 3, "etruria": 3, "latium": 1, "samnium": 3, "campania": 2, "apulia": 3,
    "sicilia": 3, "corsica_sardinia": 3, "syracusae": 1,
}


def test_scoring_provinces_and_their_thresholds_are_those_of_section_26():
    assert {p.id: p.control_threshold for p in c.scoring_provinces()} == SECTION_26


def test_every_threshold_is_a_majority_of_the_province_spaces():
    """§3, §19.1: a province is controlled with a majority of its spaces; §26 gives the number."""
    for pid, prov in c.PROVINCES.items():
        n = len(c.spaces_in_province(pid))
        assert prov.control_threshold == n // 2 + 1, (pid, n)


def test_no_province_is_without_spaces():
    assert all(c.spaces_in_province(pid) for pid in c.PROVINCES)


def test_the_non_scoring_provinces_are_the_four_of_section_22_1():
    assert {p.id for p in c.PROVINCES.values() if not p.scoring} == {
        "gallia_transalpina", "massilia", "liguria", "baleares"}


def test_province_count_follows_the_ruling_on_section_3():
    """§3 says 21 provinces, yet §26 lists 18 scoring ones and §22.1 names 4 others: ruling R1 keeps 22."""
    assert len(c.PROVINCES) == 22


def test_countries_hold_the_provinces_of_section_3():
    def ids(country):
        return {p.id for p in c.provinces_in_country(country)}

    assert ids("africa") == {"numidia_occidentalis", "numidia_orientalis", "carthaginia", "carthago"}
    assert ids("spain") == {"baetica", "celtiberia", "orospeda", "idubeda"}
    assert ids("italy") == {"gallia_cisalpina", "etruria", "apulia", "latium", "campania", "lucania", "samnium"}


def test_island_provinces_of_section_14_2():
    """Sicilia is not in Italy and shares its island with Syracusae; Corsica and Sardinia are one island."""
    assert c.PROVINCES["sicilia"].country is None
    assert c.PROVINCES["sicilia"].island == c.PROVINCES["syracusae"].island is not None
    assert c.PROVINCES["corsica_sardinia"].island is not None
    assert c.PROVINCES["baleares"].island is not None
    assert all(p.island is None for p in c.PROVINCES.values() if p.country is not None)


def test_ally_cards_of_section_14_2():
    """One battle card per controlled province, two for each Numidia (Latium apart, see below)."""
    assert {pid for pid, p in c.PROVINCES.items() if p.ally_cards == 2} == {"numidia_orientalis", "numidia_occidentalis"}
    assert all(p.ally_cards == 1 for pid, p in c.PROVINCES.items()
               if pid not in ("numidia_orientalis", "numidia_occidentalis", "latium"))


def test_latium_gives_no_ally_card_to_either_side_section_14_3():
    """§14.3: Rome may not count Latium among its Italian allies, and Carthage's six Italian ally provinces
    leave it out. Rome's two Latium militia cards are a separate rule (§14.4) kept in the allotment."""
    latium = c.PROVINCES["latium"]
    assert latium.ally_cards == 0 and latium.source_of("ally_cards") == "§14.3"
    italian = {p.id for p in c.provinces_in_country("italy") if p.ally_cards}
    assert italian == {"campania", "lucania", "apulia", "samnium", "etruria", "gallia_cisalpina"}
    assert len(italian) == c.TABLES.battle_card_allotment.carthaginian_italian_allies_max
    assert c.TABLES.battle_card_allotment.latium_militia == 2


# Places the rulebook names, with the province it puts them in (None: the text gives only the country).
NAMED_PLACES = {
    "Roma": "latium",  # §4.1
    "Agrigentum": "sicilia",  # §4.1
    "Saguntum": "orospeda",  # §4.2
    "Carthago Nova": "orospeda",  # §4.2
    "Carthago": "carthago",  # §26: the province of one space
    "Syracusae": "syracusae",  # §26
    "Cannae": None,  # §14.3, "en Italie"
    "Rhegium": None, "Messana": None,  # §10.6, §11.6
    "Tarentum": None,  # §25 #18
    "Capua": None,  # §25 #25, #49
    "Massilia": "massilia",  # §22.1, the province
}


@pytest.mark.parametrize("name, province", NAMED_PLACES.items())
def test_places_named_by_the_rulebook_are_on_the_map(name, province):
    [space] = [s for s in c.SPACES.values() if s.name == name]
    if province:
        assert space.province == province
    if name == "Cannae":
        assert c.country_of(space.id) == "italy"


def test_city_capacities_of_section_10_7():
    """A city holds 2 CU, Roma and Carthago 5."""
    capacities = {s.id: s.city.capacity for s in c.SPACES.values() if s.city}
    assert capacities.pop("roma") == 5 and capacities.pop("carthago") == 5
    assert set(capacities.values()) == {2}


def test_the_cities_the_rulebook_implies_are_walled():
    """§10.7 Roma and Carthago; §6.1 "la ville de Carthago Nova"; §25 #49 a siege at Capua."""
    assert all(c.is_city(s) for s in ("roma", "carthago", "carthago_nova", "capua"))


def test_every_city_starts_controlled():
    """§4.1-§4.2 place city markers by colour; §20.8 flips a city from one side to the other (ruling R6)."""
    assert all(s.start_control for s in c.SPACES.values() if s.city)


def test_eight_tribes_of_which_boii_insubres_bruttii_favour_carthage():
    """§4.3: 8 hexagonal tribe markers; §20.9: Boii, Insubres and Bruttii start friendly to Carthage."""
    tribes = {s.tribe.name: s.tribe.friendly_to for s in c.tribes()}
    assert len(tribes) == 8
    assert {n for n, f in tribes.items() if f} == {"Boii", "Insubres", "Bruttii"}
    assert {f for f in tribes.values() if f} == {"carthage"}
    # §20.9: a friendly tribe counts as a Carthaginian PC
    assert all(s.start_control == s.tribe.friendly_to for s in c.tribes())


def test_naval_examples_of_section_11_6():
    """Carthago (-2) to Carthago Nova (-2) gives -4 (the translation prints 4, its minus lost);
    one CU from Carthago Nova to a Roman Rhegium gives (-1) + (-2) + (+1) + (+1) = -1."""
    naval = c.TABLES.naval
    assert c.port_modifier("carthago") + c.port_modifier("carthago_nova") == -4

    one_cu = 1
    small = c.modifier(naval, "small_force") if one_cu <= naval.small_force_max_cu else 0
    roman_pc = c.modifier(naval, "roman_pc_in_port") if c.SPACES["rhegium"].start_control == "rome" else 0
    assert (small, roman_pc) == (-1, 1)
    assert small + c.port_modifier("carthago_nova") + c.port_modifier("rhegium") + roman_pc == -1


def test_roma_and_capua_are_ports():
    """Roma sails from Ostia at the Tiber's mouth (ruling R20); Capua by the Volturnus, since §25 #49 must
    name it to exclude it (ruling R14). Both port records say why."""
    for sid, ruling in (("roma", "R20"), ("capua", "R14")):
        assert c.is_port(sid) and ruling in c.SPACES[sid].port.source


def test_strait_of_messina_needs_rhegium_and_messana():
    """§10.6: an army crosses only if its side controls both ports; both are ports."""
    link = c.link_between("rhegium", "messana")
    assert link is not None and link.kind == "strait"
    assert set(link.control_required) == {"rhegium", "messana"}
    assert c.is_port("rhegium") and c.is_port("messana")
    assert c.province_of("messana").id == "sicilia" and c.country_of("rhegium") == "italy"


def test_the_sardinian_strait_is_unrestricted():
    """§10.6: the only other strait, with no control condition."""
    others = [ln for ln in c.LINKS if ln.kind == "strait" and {ln.a, ln.b} != {"rhegium", "messana"}]
    assert len(others) == 1 and others[0].control_required == ()
    assert {c.SPACES[x].province for x in (others[0].a, others[0].b)} == {"corsica_sardinia"}


def test_passes_and_straits_cost_two_movement_points():
    """§10.6."""
    for ln in c.LINKS:
        assert c.movement_cost(ln) == (1 if ln.kind == "ordinary" else 2)


def test_every_pass_joins_two_provinces():
    passes = [ln for ln in c.LINKS if c.is_pass(ln)]
    assert passes
    for ln in passes:
        assert c.SPACES[ln.a].province != c.SPACES[ln.b].province, ln


def test_every_strait_joins_two_landmasses():
    """A strait crosses water: without it, its two ends are not joined by land."""
    for ln in c.LINKS:
        if ln.kind == "strait":
            assert not any(ln.a in m and ln.b in m for m in c.landmasses()), ln


def test_alpine_passes_lead_into_gallia_cisalpina():
    """The Alps part Gallia Cisalpina from Gaul and Liguria (§10.6 alpine passes)."""
    alpine = [ln for ln in c.LINKS if ln.kind == "alpine_pass"]
    assert alpine
    for ln in alpine:
        provinces = {c.SPACES[ln.a].province, c.SPACES[ln.b].province}
        assert "gallia_cisalpina" in provinces and provinces & {"gallia_transalpina", "liguria"}, ln


def test_the_three_alpine_passes_are_three_roads():
    """§10.6 alpine passes (reconstructed places): each leaves a different space of Gaul and comes down on
    a different space of Gallia Cisalpina, so the choice of pass matters."""
    alpine = [ln for ln in c.LINKS if ln.kind == "alpine_pass"]
    assert len(alpine) == 3
    ends = [ln.a if c.SPACES[ln.a].province == "gallia_cisalpina" else ln.b for ln in alpine]
    starts = [ln.b if end == ln.a else ln.a for ln, end in zip(alpine, ends)]
    assert len(set(ends)) == 3 and len(set(starts)) == 3
    assert all(c.SPACES[s].province == "gallia_transalpina" for s in starts)


CISALPINA = [s.id for s in c.spaces_in_province("gallia_cisalpina")]
ETRURIA = [s.id for s in c.spaces_in_province("etruria")]
NO_ALPS = ("ordinary", "pass", "strait")


def test_no_land_route_from_spain_or_gaul_into_italy_avoids_every_pass():
    """§10.6: the Pyrenees, the Alps, the Maritime Alps and the Apennines close Italy to the west; every
    land road in costs a pass (2 MP and an attrition roll)."""
    italy = {s.id for s in c.SPACES.values() if c.country_of(s.id) == "italy"}
    for start in ("saguntum", "emporiae", "narbo", "massilia", "antipolis"):
        assert not c.reachable(start, by_sea=False, kinds=("ordinary",)) & italy, start
        assert c.reachable(start, by_sea=False) & italy, start


def test_the_coast_road_to_the_po_is_slower_than_the_alps():
    """The game's central dilemma: from Saguntum (§4.2) Hannibal's cheapest road to Gallia Cisalpina over
    the Alps costs fewer MP (§10.2, §10.6) and crosses no more passes than the cheapest road that keeps
    off the alpine passes by the Ligurian coast."""
    alps = c.shortest_land_route("saguntum", CISALPINA)
    coast = c.shortest_land_route("saguntum", CISALPINA, kinds=NO_ALPS)
    assert alps is not None and coast is not None
    assert any(c.link_between(a, b).kind == "alpine_pass" for a, b in zip(alps[2], alps[2][1:]))
    assert coast[0] > alps[0] and coast[1] >= alps[1]
    assert "liguria" in {c.SPACES[x].province for x in coast[2]}
    # from Massilia too: one card (4 MP, §10.2) crosses the Alps, the coast needs more
    assert c.shortest_land_route("massilia", CISALPINA)[0] <= 4
    assert c.shortest_land_route("massilia", CISALPINA, kinds=NO_ALPS)[0] > 4


def test_the_coast_road_to_etruria_is_slower_and_crosses_as_many_passes():
    alps = c.shortest_land_route("saguntum", ETRURIA)
    coast = c.shortest_land_route("saguntum", ETRURIA, kinds=NO_ALPS)
    assert coast[0] > alps[0] and coast[1] >= alps[1]


def test_the_ligurian_coast_is_hostile_country():
    """Leaving Massilia for Liguria crosses the Maritime Alps, a non-alpine pass (-2 attrition, §10.6);
    the only way from Liguria into Etruria is through the neutral Apuani tribe (§4.3, §19.4), over passes."""
    [entry] = [ln for ln in c.LINKS if {c.SPACES[ln.a].province, c.SPACES[ln.b].province} == {"massilia", "liguria"}]
    assert entry.kind == "pass"
    into_etruria = [ln for ln in c.LINKS
                    if {c.SPACES[ln.a].province, c.SPACES[ln.b].province} == {"liguria", "etruria"}]
    assert into_etruria and all(ln.kind == "pass" for ln in into_etruria)
    gates = {ln.a if c.SPACES[ln.a].province == "liguria" else ln.b for ln in into_etruria}
    assert all(c.tribe_in(g) is not None and c.tribe_in(g).friendly_to is None for g in gates)


def test_links_do_not_cross_on_the_map():
    """A point-to-point map: two links meet only at a shared space."""
    def cross(p, q, r, s):
        def orient(a, b, c_):
            return (b[0] - a[0]) * (c_[1] - a[1]) - (b[1] - a[1]) * (c_[0] - a[0])
        return (orient(p, q, r) * orient(p, q, s) < 0) and (orient(r, s, p) * orient(r, s, q) < 0)

    pos = {sid: (s.x, s.y) for sid, s in c.SPACES.items()}
    links = list(c.LINKS)
    for i, ln in enumerate(links):
        for other in links[i + 1:]:
            if {ln.a, ln.b} & {other.a, other.b}:
                continue
            assert not cross(pos[ln.a], pos[ln.b], pos[other.a], pos[other.b]), (ln.a, ln.b, other.a, other.b)


def test_every_space_is_reachable_by_land_or_sea():
    """Links plus naval movement from any port to any port (§11.1)."""
    assert c.reachable("roma") == set(c.SPACES)


def test_every_mainland_reaches_the_others_by_land_only_through_straits():
    """Italy, Gaul and Spain form one landmass; Africa another; Sicily is joined only by the strait."""
    mainland = next(m for m in c.landmasses() if "roma" in m)
    assert {"saguntum", "massilia", "placentia", "rhegium"} <= mainland
    assert "carthago" not in mainland and "messana" not in mainland
    assert "messana" in c.reachable("roma", by_sea=False)


def test_every_port_reaches_another_port_by_sea():
    """Each port opens on a sea, and the seas connect, so every port can sail to every other (§11.1)."""
    seas_reached, todo = set(), [next(iter(c.SEAS))]
    while todo:
        sea = todo.pop()
        if sea not in seas_reached:
            seas_reached.add(sea)
            todo.extend(c.SEAS[sea].adjacent)
    assert seas_reached == set(c.SEAS)
    for sea in c.SEAS.values():
        assert all(sea.id in c.SEAS[other].adjacent for other in sea.adjacent), sea.id
    assert len(c.ports()) > 1
    assert all(p.port.seas for p in c.ports())


def test_links_join_existing_distinct_spaces_once():
    seen = set()
    for ln in c.LINKS:
        assert ln.a in c.SPACES and ln.b in c.SPACES and ln.a != ln.b
        assert frozenset((ln.a, ln.b)) not in seen
        seen.add(frozenset((ln.a, ln.b)))
    assert set(c.neighbours("roma")) == {"volsinii", "spoletium", "corfinium", "aesernia", "capua"}


def test_the_map_has_about_a_hundred_spaces():
    assert 100 <= len(c.SPACES) <= 130


def test_drawing_positions_follow_the_projection_of_the_real_sites():
    """x/y is the projection of lon/lat, moved at most ~0.3 degree where spaces crowd."""
    proj = c.MAP.projection
    for s in c.SPACES.values():
        x, y = proj.project(s.lon, s.lat)
        assert math.dist((x, y), (s.x, s.y)) <= 0.3 * proj.scale, s.id


def test_start_political_points_are_those_the_readme_states():
    """Reconstructed start (§4): Rome holds 9 scoring provinces, Carthage 7 (README ruling R7)."""
    points = {"rome": 0, "carthage": 0}
    for prov in c.scoring_provinces():
        for side in points:
            held = sum(s.start_control == side for s in c.spaces_in_province(prov.id))
            points[side] += held >= prov.control_threshold
    assert points == {"rome": 9, "carthage": 7}


def test_every_source_names_a_section_or_reconstructed():
    """Provenance convention: a rulebook section or "reconstructed", on every record and sub-record."""
    records = [*c.MAP.provinces, *c.MAP.links, *c.MAP.seas]
    for s in c.SPACES.values():
        records += [r for r in (s, s.port, s.city, s.tribe) if r is not None]
    for r in records:
        for src in (r.source, *r.sources.values()):
            assert src.startswith("§") or src.startswith("reconstructed"), r


def test_the_validator_reports_broken_references():
    bad = msgspec.structs.replace(c.MAP, links=(*c.MAP.links, c.Link(a="roma", b="atlantis", kind="ordinary",
                                                                     source="reconstructed")))
    problems = c.validate_map(bad)
    assert any("atlantis" in p for p in problems)
    assert c.validate_map(c.MAP) == []


def test_the_validator_reports_a_dangling_province_and_a_bad_source():
    space = msgspec.structs.replace(c.SPACES["roma"], province="umbria", source="my guess")
    bad = msgspec.structs.replace(c.MAP, spaces=(space, *c.MAP.spaces[1:]))
    problems = " ".join(c.validate_map(bad))
    assert "umbria" in problems and "my guess" in problems
