"""Hannibal §9.3: who commands a stack its commander has left (ruling G59). The highest rank commands
automatically; among equals the owner chooses. Whenever the general who commanded a stack leaves it
(an interception, an activation setting out, a pick-up on the march), or generals are dropped where
they stand level with the highest rank there, and two or more generals of the highest rank stay with
CU, the owner names their commander (``left_command``), as G57 does after an avoidance."""

from __future__ import annotations

from .helpers import CARTHAGE, ROME, B, Dice, Frame, at, clear, cmd, control, legal, play, put, top
from .test_movement import activate


def _rome_enters_beneventum(carthage_generals, cu):
    s = clear()
    for sp in ("beneventum", "luceria", "nola", "aesernia"):
        control(s, -1, sp)
    put(s, CARTHAGE, "nola", cu, generals=carthage_generals)
    s.stamp = 100  # later than the stamps put() gives
    put(s, ROME, "luceria", 6, generals=("marcellus",), office="proconsul")
    activate(s, ROME, "marcellus")
    play(s, ROME, cmd.ChooseNumber(number=6))
    play(s, ROME, cmd.ChooseSpace(space="beneventum"))
    assert top(s).kind == "reaction" and top(s).seat == CARTHAGE
    return s


def _choices(s, seat):
    return sorted(c.general for c in legal(s, seat))


def test_9_3_12_7_an_interception_that_takes_the_commander_away_asks_who_commands_the_rest():
    """Hannibal §9.3, §12.7: Hannibal intercepts from Nola with 4 CU and leaves Mago and Hasdrubal
    Gisgo (equal rank) with 2 CU: Carthage names their commander (here Gisgo, whom the order of
    command, Mago having taken it last, would not have given) before the battle is set."""
    s = _rome_enters_beneventum(("hannibal", "mago", "hasdrubal_gisgo"), 6)
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hannibal"))
    play(s, CARTHAGE, cmd.Pass())  # no subordinate goes along
    play(s, CARTHAGE, cmd.ChooseNumber(number=4))
    play(s, CARTHAGE, cmd.Pass(), Dice(1))  # 1 <= Hannibal's rating: the interception succeeds
    assert s.gens["hannibal"].where == "beneventum"
    assert top(s).kind == "left_command" and top(s).seat == CARTHAGE and top(s).space == "nola"
    assert B.commander(s, CARTHAGE, "nola") == "mago"  # the default, until Carthage answers
    assert _choices(s, CARTHAGE) == ["hasdrubal_gisgo", "mago"]
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hasdrubal_gisgo"))
    assert B.commander(s, CARTHAGE, "nola") == "hasdrubal_gisgo"
    assert top(s).kind == "intercepted" and top(s).seat == ROME


def test_9_3_10_2_an_activation_that_sets_out_asks_who_commands_the_stack_it_leaves():
    """Hannibal §9.3, §10.2: Hannibal sets out from Nola with 4 CU and leaves Mago and Gisgo with 2:
    Carthage names the commander of the stack left behind as the army leaves."""
    s = clear()
    for sp in ("nola", "beneventum"):
        control(s, -1, sp)
    put(s, CARTHAGE, "nola", 6, generals=("hannibal", "mago", "hasdrubal_gisgo"))
    s.stamp = 100  # later than the stamps put() gives
    activate(s, CARTHAGE, "hannibal")
    play(s, CARTHAGE, cmd.Pass())  # no subordinate
    play(s, CARTHAGE, cmd.ChooseNumber(number=4))
    play(s, CARTHAGE, cmd.ChooseSpace(space="beneventum"))
    assert top(s).kind == "left_command" and top(s).space == "nola"
    assert _choices(s, CARTHAGE) == ["hasdrubal_gisgo", "mago"]
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hasdrubal_gisgo"))
    assert B.commander(s, CARTHAGE, "nola") == "hasdrubal_gisgo"
    assert top(s).kind == "move" and top(s).space == "beneventum"


def test_9_3_10_8_an_army_that_picks_up_a_stacks_commander_asks_who_commands_the_rest():
    """Hannibal §9.3, §10.8: Mago's army passes Hadrumetum and takes along Hasdrubal, who commanded
    Hanno and Gisgo there; as it leaves, Carthage names who of the two commands the 3 CU."""
    s = clear()
    for sp in ("clupea", "hadrumetum", "thapsus"):
        control(s, CARTHAGE, sp)
    put(s, CARTHAGE, "hadrumetum", 3, generals=("hasdrubal", "hanno", "hasdrubal_gisgo"))
    put(s, CARTHAGE, "clupea", 2, generals=("mago",))
    activate(s, CARTHAGE, "mago")
    play(s, CARTHAGE, cmd.ChooseNumber(number=2))
    play(s, CARTHAGE, cmd.ChooseSpace(space="hadrumetum"))
    assert top(s).kind == "move"  # nothing left at Clupea to command
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hasdrubal"))
    play(s, CARTHAGE, cmd.ChooseSpace(space="thapsus"))
    assert top(s).kind == "left_command" and top(s).space == "hadrumetum"
    assert _choices(s, CARTHAGE) == ["hanno", "hasdrubal_gisgo"]


def test_9_3_10_9_generals_dropped_level_with_each_other_ask_who_commands():
    """Hannibal §9.3, §10.9: Hannibal drops Mago and Gisgo with 2 CU at Beneventum and marches on:
    Carthage names which of the two commands them."""
    s = clear()
    for sp in ("nola", "beneventum", "luceria"):
        control(s, -1, sp)
    put(s, CARTHAGE, "nola", 6, generals=("hannibal", "mago", "hasdrubal_gisgo"))
    activate(s, CARTHAGE, "hannibal")
    play(s, CARTHAGE, cmd.ChooseGeneral(general="mago"))
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hasdrubal_gisgo"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=6))
    play(s, CARTHAGE, cmd.ChooseSpace(space="beneventum"))
    assert top(s).kind == "move"  # nobody left at Nola
    play(s, CARTHAGE, cmd.ChooseGeneral(general="mago"))
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hasdrubal_gisgo"))
    play(s, CARTHAGE, cmd.ChooseOption(option="drop"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=2))
    play(s, CARTHAGE, cmd.ChooseSpace(space="luceria"))
    assert top(s).kind == "left_command" and top(s).space == "beneventum"
    assert _choices(s, CARTHAGE) == ["hasdrubal_gisgo", "mago"]


def test_9_3_no_question_when_rank_or_numbers_leave_no_choice():
    """Hannibal §9.3, §10.9, §10.10: nothing is asked when the commander stays (Mago sets out from
    Hannibal's stack), when one general is left, or when the generals left have no CU."""
    def sets_out(general, cu, generals=("hannibal", "mago", "hasdrubal_gisgo")):
        s = clear()
        for sp in ("nola", "beneventum"):
            control(s, -1, sp)
        put(s, CARTHAGE, "nola", 6, generals=generals)
        activate(s, CARTHAGE, general)
        if top(s).kind == "form_army" and isinstance(legal(s, CARTHAGE)[-1], cmd.Pass):
            play(s, CARTHAGE, cmd.Pass())
        play(s, CARTHAGE, cmd.ChooseNumber(number=cu))
        play(s, CARTHAGE, cmd.ChooseSpace(space="beneventum"))
        return s

    s = sets_out("mago", 2)
    assert top(s).kind == "move" and B.commander(s, CARTHAGE, "nola") == "hannibal"
    s = sets_out("hannibal", 4, ("hannibal", "mago"))
    assert top(s).kind == "move" and B.commander(s, CARTHAGE, "nola") == "mago"
    s = sets_out("hannibal", 6)
    assert top(s).kind == "move"


def test_9_3_notation_of_the_command_left_behind():
    """The decision (G59) reads in words in move lists."""
    from engine.games.hannibal.notation import describe_command
    s = clear()
    put(s, CARTHAGE, "nola", 2, generals=("mago", "hasdrubal_gisgo"))
    s.flow.append(Frame(kind="left_command", seat=CARTHAGE, space="nola", generals=["mago", "hasdrubal_gisgo"]))
    assert describe_command(s, CARTHAGE, cmd.ChooseGeneral(general="mago")) == \
        "Carthage gives Mago command of the generals and CU left in Nola"
    s.flow[-1].flags.append("ships")
    assert describe_command(s, CARTHAGE, cmd.ChooseGeneral(general="mago")) == \
        "Carthage gives Mago command of the ships sailing back"


def test_9_3_6_4_the_election_takes_the_consul_from_a_proconsul_and_scipio_africanus():
    """Hannibal §9.3, §6.4: Varro, consul, commanded Marcellus (kept as proconsul) and Scipio
    Africanus at Utica; the election sends him back to the cup and leaves the two proconsuls, of one
    rank, with 6 CU: Rome names their commander (whom a new consul may still outrank, §6.5)."""
    s = clear()
    control(s, ROME, "utica")
    put(s, ROME, "utica", 6, generals=("varro", "marcellus", "scipio_africanus"), office="proconsul")
    s.gens["varro"].office = "consul"
    s.gens["varro"].stamp = 1  # he commands by rank, not by the order of command
    put(s, ROME, "roma", 5)
    s.stamp = 100
    for g in ("fabius", "nero"):
        s.gens[g].status = "cup"
    at(s, Frame(kind="elect_consuls"), Frame(kind="proconsul", seat=ROME))
    play(s, ROME, cmd.ChooseGeneral(general="marcellus"))
    assert s.gens["varro"].status == "cup"
    assert top(s).kind == "left_command" and top(s).space == "utica" and top(s).seat == ROME
    assert _choices(s, ROME) == ["marcellus", "scipio_africanus"]
    play(s, ROME, cmd.ChooseGeneral(general="scipio_africanus"))
    assert B.commander(s, ROME, "utica") == "scipio_africanus"
    assert top(s).kind == "place_consul"


def test_9_3_15_4_the_commander_goes_into_the_city_and_the_owner_names_who_leads_the_retreat():
    """Hannibal §9.3, §15.4: Varro, consul, goes into Roma with 5 CU after the defeat; Marcellus and
    Scipio Africanus (both proconsuls) retreat with the other 2: Rome names their commander before
    the retreat."""
    from .test_relief_and_withdrawal import beaten_at_roma
    s = beaten_at_roma(cu=7, generals=("varro", "marcellus", "scipio_africanus"), office="proconsul")
    s.gens["varro"].office = "consul"
    s.stamp = 100
    play(s, ROME, cmd.ChooseOption(option="into_city"))
    play(s, ROME, cmd.ChooseGeneral(general="varro"))
    while top(s).kind == "retreat_split":
        options = legal(s, ROME)
        play(s, ROME, cmd.Pass() if cmd.Pass() in options else cmd.ChooseNumber(number=5))
    assert s.gens["varro"].inside and B.cu_outside(s, ROME, "roma") == 2
    assert top(s).kind == "left_command" and top(s).space == "roma" and "inside" not in top(s).flags
    assert _choices(s, ROME) == ["marcellus", "scipio_africanus"]
    play(s, ROME, cmd.ChooseGeneral(general="scipio_africanus"))
    assert B.commander(s, ROME, "roma") == "scipio_africanus"
    assert top(s).kind == "retreat"


def test_9_3_12_8_the_commander_goes_into_the_city_and_the_owner_names_who_leads_the_ships():
    """Hannibal §9.3, §12.8 (G8): Varro, consul, lands at Roma with Marcellus and Scipio Africanus
    and 7 CU; intercepted, he splits: he goes into the city with 5 CU (§18.1), and Rome names which
    of the two proconsuls leads the ships back to Neapolis with the other 2 (G8 gave it to the last
    to take command)."""
    s = clear()
    control(s, ROME, "neapolis", "roma")
    put(s, ROME, "neapolis", 7, generals=("varro", "marcellus", "scipio_africanus"), office="proconsul")
    s.gens["varro"].office = "consul"
    put(s, CARTHAGE, "capua", 6, generals=("hannibal",))
    s.stamp = 100
    activate(s, ROME, "varro", naval=10)
    play(s, ROME, cmd.ChooseGeneral(general="marcellus"))
    play(s, ROME, cmd.ChooseGeneral(general="scipio_africanus"))
    while top(s).kind == "form_army":
        options = legal(s, ROME)
        play(s, ROME, cmd.Pass() if cmd.Pass() in options else cmd.ChooseNumber(number=7))
    play(s, ROME, cmd.ChooseOption(option="sail"))
    play(s, ROME, cmd.ChooseSpace(space="roma"))
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hannibal"))
    play(s, CARTHAGE, cmd.ChooseNumber(number=6))
    play(s, CARTHAGE, cmd.Pass(), Dice(1))  # the interception succeeds
    assert top(s).kind == "intercepted"
    play(s, ROME, cmd.ChooseOption(option="split"))
    play(s, ROME, cmd.ChooseGeneral(general="varro"))
    while top(s).kind == "split_back":
        options = legal(s, ROME)
        play(s, ROME, cmd.Pass() if cmd.Pass() in options else cmd.ChooseNumber(number=5))
    assert s.gens["varro"].inside and s.gens["marcellus"].where == "roma"
    assert top(s).kind == "left_command" and top(s).space == "roma"
    assert _choices(s, ROME) == ["marcellus", "scipio_africanus"]
    play(s, ROME, cmd.ChooseGeneral(general="scipio_africanus"))
    mv = next(f for f in s.flow if f.kind == "move")
    assert mv.general == "scipio_africanus" and mv.generals == ["marcellus"]
    assert s.gens["scipio_africanus"].where == "neapolis" and B.cu_outside(s, ROME, "neapolis") == 2
    assert B.commander(s, ROME, "neapolis") == "scipio_africanus"


def test_9_3_6_1_a_general_coming_back_level_with_the_commander_asks_who_commands():
    """Hannibal §9.3, §6.1 (G41): Mago comes back from neutralization to Saguntum, where Hasdrubal
    (equal rank) commands 4 CU: Carthage names the commander; Mago, who had taken command more
    recently in the game, used to take it over silently."""
    s = clear()
    put(s, CARTHAGE, "saguntum", 4, generals=("hasdrubal",))
    s.gens["hasdrubal"].stamp = 40
    s.gens["mago"].status, s.gens["mago"].stamp = "neutralized", 50
    s.stamp = 100
    at(s, Frame(kind="return_generals", seat=CARTHAGE))
    play(s, CARTHAGE, cmd.ChooseSpace(space="saguntum"))
    assert top(s).kind == "left_command" and _choices(s, CARTHAGE) == ["hasdrubal", "mago"]
    play(s, CARTHAGE, cmd.ChooseGeneral(general="hasdrubal"))
    assert B.commander(s, CARTHAGE, "saguntum") == "hasdrubal"


def test_9_3_6_7_scipio_africanus_placed_with_the_proconsul_asks_who_commands():
    """Hannibal §9.3, §6.7: Scipio Africanus arrives at Neapolis, where Marcellus, the proconsul (the
    same rank), stands with 3 CU: Rome names the commander of the 8 CU."""
    s = clear()
    control(s, ROME, "neapolis")
    put(s, ROME, "neapolis", 3, generals=("marcellus",), office="proconsul")
    s.stamp = 100
    at(s, Frame(kind="africanus", seat=ROME, general="scipio_africanus"))
    play(s, ROME, cmd.ChooseSpace(space="neapolis"))
    assert top(s).kind == "left_command" and _choices(s, ROME) == ["marcellus", "scipio_africanus"]
    play(s, ROME, cmd.ChooseGeneral(general="marcellus"))
    assert B.commander(s, ROME, "neapolis") == "marcellus"
