"""Reinforcements (§6): Carthage's CU and its neutralized generals coming back (§6.1), Rome's CU
(§6.2), where they may be placed (§6.3), Scipio Africanus (§6.7), the proconsul and the consuls'
election and placement (§6.4-§6.6)."""

from __future__ import annotations

from . import board as B
from . import events as ev
from .command import ask_consul_command, ask_left_command
from .commands import ChooseGeneral, ChooseSpace, Pass
from .components import GENERALS, SPACES
from .events import Frame
from .flow import Ctx, automatic, decision
from .forces import place_cu, reinforcement_allowed
from .state import CARTHAGE, ROME, State


def carthage_slot_spaces(s: State, slot: int) -> list[str]:
    """§6.1's four Carthaginian reinforcements, each placed where its clause allows, never inside
    a besieged city (§6.3)."""
    out = []
    for sp in _slot_candidates(s, slot):
        if reinforcement_allowed(s, CARTHAGE, sp):
            out.append(sp)
    out.sort()
    return out


def _slot_open(s: State, slot: int) -> bool:
    """Has the slot a space at all (``carthage_slot_spaces`` not empty)?"""
    return any(reinforcement_allowed(s, CARTHAGE, sp) for sp in _slot_candidates(s, slot))


def _slot_candidates(s: State, slot: int) -> set[str]:
    """The spaces §6.1's clause names for the slot, before §6.3's limits."""
    def general_spaces(country: str | None) -> set[str]:
        out = set()
        for g in B.generals_on_map(s, CARTHAGE):
            st = s.gens[g]
            if (country is None or B.country(st.where) == country) and not (st.inside and B.besieged(s, st.where)):
                out.add(st.where)
        return out

    def city(sp: str) -> set[str]:
        return {sp} if B.friendly_pc(s, CARTHAGE, sp) and not B.besieged(s, sp) else set()

    if slot == 0:
        spaces = city("carthago") | general_spaces("africa")
    elif slot in (1, 2):
        cond = B.friendly_pc(s, CARTHAGE, "carthago_nova") if slot == 1 else B.controls_province(s, CARTHAGE, "baetica")
        spaces = (city("carthago_nova") | general_spaces("spain")) if cond else set()
    else:
        spaces = city("carthago") | city("carthago_nova") | general_spaces(None)
    return spaces


@decision("carthage_reinforce", "Carthage: place this reinforcement CU (§6.1)")
class CarthageReinforce:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        for slot in reversed(f.nums):
            spaces = carthage_slot_spaces(s, slot)
            if spaces:
                return [ChooseSpace(space=sp) for sp in spaces]
        return []

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        while f.nums and not _slot_open(ctx.s, f.nums[-1]):
            f.nums.pop()
        f.nums.pop()
        place_cu(ctx, CARTHAGE, cmd.space, 1, 0, "reinforcement")
        while f.nums and not _slot_open(ctx.s, f.nums[-1]):
            f.nums.pop()
        if not f.nums:
            ctx.done(f)


def return_spaces(s: State, gid: str = "") -> list[str]:
    """Spaces with Carthaginian CU not under siege, for returning generals (§6.1); for a general
    confined to a country (Hanno, §24), only those in it (ruling G82)."""
    confined = GENERALS[gid].confined_to if gid else None
    return sorted(sp for sp, u in s.units[CARTHAGE].items()
                  if (u.cu > 0 or (u.icu > 0 and not B.besieged(s, sp)))
                  and (confined is None or B.country(sp) == confined))


def returning(s: State) -> tuple[str, list[str]]:
    """The next neutralized Carthaginian general to come back and where he may, in the order of
    their ids; one with nowhere to go (Hanno with no such space in Africa) is passed over and stays
    out until the next reinforcement phase (G41, G82). ("", []) when nobody comes back."""
    for g in sorted(g for g, st in s.gens.items() if st.status == "neutralized" and B.side_of(g) == CARTHAGE):
        spaces = return_spaces(s, g)
        if spaces:
            return g, spaces
    return "", []


@decision("return_generals", "Carthage: put a neutralized general back with Carthaginian CU (§5, §6.1)")
class ReturnGenerals:
    """Every one comes back, one at a time: Carthage chooses where, not whether (ruling G41)."""

    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseSpace(space=sp) for sp in returning(s)[1]]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        s = ctx.s
        gid = returning(s)[0]
        inside = B.cu_outside(s, CARTHAGE, cmd.space) == 0
        ctx.emit(ev.GeneralPlaced(general=gid, space=cmd.space, inside=inside))
        ask_left_command(ctx, CARTHAGE, cmd.space, inside, dropped=(gid,))  # §9.3: level with the commander? (G59)


def rome_reinforce_spaces(s: State) -> list[str]:
    spaces = {"roma"} if B.friendly_pc(s, ROME, "roma") else set()
    for g in B.generals_on_map(s, ROME):
        spaces.add(s.gens[g].where)
    out = []
    for sp in spaces:
        if reinforcement_allowed(s, ROME, sp):
            out.append(sp)
    out.sort()
    return out


def _rome_can_finish(s: State, placed_italy: int, left: int, stack_needed: bool, spaces: list[str],
                     extra: dict[str, int]) -> bool:
    need_italy = max(0, 3 - placed_italy)
    if need_italy > left:
        return False
    if not stack_needed:
        return True
    for sp in spaces:
        have = B.cu_total(s, ROME, sp) + extra.get(sp, 0)
        short = max(0, 5 - have)
        if short <= left and (B.in_italy(sp) or short + need_italy <= left):
            return True
    return False


@decision("rome_reinforce", "Rome: place a reinforcement CU at Roma or with a Roman general (§6.2)")
class RomeReinforce:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseSpace(space=sp) for sp in _rome_options(s, f)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        place_cu(ctx, ROME, cmd.space, 1, 0, "reinforcement")
        f.count -= 1
        if B.in_italy(cmd.space):
            f.mp += 1  # mp: CU placed in Italy so far
        if f.count <= 0 or not rome_reinforce_spaces(ctx.s):  # (``_rome_options`` is empty just then)
            ctx.done(f)


def _rome_options(s: State, f: Frame) -> list[str]:
    """§6.2: at least 3 of the 5 in Italy, and a stack of 5 CU made if none exists and it can be."""
    if f.count <= 0:
        return []
    spaces = rome_reinforce_spaces(s)
    stack_needed = "stack_made" not in f.flags and not any(
        u.cu + u.icu >= 5 for u in s.units[ROME].values())
    if stack_needed and not _rome_can_finish(s, f.mp, f.count, True, spaces, {}):
        stack_needed = False  # it cannot be made: the obligation lapses ("si possible")
    out = []
    for sp in spaces:
        italy = f.mp + (1 if B.in_italy(sp) else 0)
        extra = {sp: 1}
        made = B.cu_total(s, ROME, sp) + 1 >= 5
        if _rome_can_finish(s, italy, f.count - 1, stack_needed and not made, spaces, extra) or (
                f.count - 1 == 0 and italy >= 3 and (not stack_needed or made)):
            out.append(sp)
    if not out and spaces:  # Italy holds no legal space: the 3-in-Italy rule cannot be met
        out = spaces
    return out


def africanus_spaces(s: State) -> list[str]:
    """§6.7: an Italian space with a Roman PC and no Carthaginian CU, or such a Spanish port; never
    inside a besieged city."""
    out = []
    for sp, c in s.control.items():
        if c != ROME or B.cu_total(s, CARTHAGE, sp) > 0 or B.besieged(s, sp):
            continue
        if B.in_italy(sp) or (B.country(sp) == "spain" and SPACES[sp].port is not None):
            out.append(sp)
    return sorted(out)


@decision("africanus", "Rome: place Scipio Africanus and his 5 CU (§6.7)")
class Africanus:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseSpace(space=sp) for sp in africanus_spaces(s)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        ctx.emit(ev.GeneralPlaced(general="scipio_africanus", space=cmd.space, inside=False))
        ctx.emit(ev.OfficeChanged(general="scipio_africanus", office="proconsul"))
        place_cu(ctx, ROME, cmd.space, 5, 0, "reinforcement")
        ask_left_command(ctx, ROME, cmd.space, False, dropped=("scipio_africanus",))  # §9.3 (G59)


@automatic("africanus_arrives")
def africanus_arrives(ctx: Ctx, f: Frame) -> None:
    """§6.7: once Rome's 5 CU are placed, Rome places him if some space qualifies; if none does,
    neither he nor his 5 CU enter and he leaves the game."""
    ctx.done(f)
    if africanus_spaces(ctx.s):
        ctx.push(Frame(kind="africanus", seat=ROME, general=f.general))
    else:
        ctx.emit(ev.GeneralOff(general=f.general, to="removed", cause="no_space"))


@decision("proconsul", "Rome: name a general on the map proconsul, or none (§6.4, §6.6)")
class Proconsul:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseGeneral(general=g) for g in B.generals_on_map(s, ROME) if g != "scipio_africanus"] + [Pass()]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        s = ctx.s
        keep = cmd.general if isinstance(cmd, ChooseGeneral) else ""
        gone = [g for g in B.generals_on_map(s, ROME) if g not in ("scipio_africanus", keep)]
        chiefs = {(s.gens[g].where, s.gens[g].inside) for g in gone
                  if B.commander(s, ROME, s.gens[g].where, s.gens[g].inside) == g}
        for g in B.generals_on_map(s, ROME):
            if g == "scipio_africanus":
                continue
            if g == keep:
                if s.gens[g].office != "proconsul":
                    ctx.emit(ev.OfficeChanged(general=g, office="proconsul"))
            else:
                if s.gens[g].office:
                    ctx.emit(ev.OfficeChanged(general=g, office=""))
                ctx.emit(ev.GeneralOff(general=g, to="cup", cause="election"))
        for space, inside in sorted(chiefs):
            ask_left_command(ctx, ROME, space, inside, lost=True)  # §9.3: who commands those left (G59)
        for g, st in sorted(s.gens.items()):
            if st.status == "neutralized" and B.side_of(g) == ROME:
                ctx.emit(ev.GeneralOff(general=g, to="cup", cause="election"))


@automatic("elect_consuls", keeps_frame=True)
def elect_consuls(ctx: Ctx, f: Frame) -> None:
    """Two consuls drawn at random from the cup (§6.4), placed by Rome (§6.5)."""
    ctx.done(f)
    s = ctx.s
    cup = sorted(g for g, st in s.gens.items() if st.status == "cup" and B.side_of(g) == ROME)
    drawn = tuple(ctx.rng.shuffled(cup)[:2])
    ctx.emit(ev.ConsulsDrawn(generals=drawn))
    for g in drawn:
        ctx.emit(ev.OfficeChanged(general=g, office="consul"))
    for g in reversed(drawn):
        ctx.push(Frame(kind="place_consul", seat=ROME, general=g))


def consul_spaces(s: State, gid: str) -> list[str]:
    """§6.5: a space with at least 5 Roman CU, never inside Rome's own besieged cities; with none,
    inside besieged Roma, the text's last resort (ruling G40); with Roma not besieged either, the
    largest Roman stack, else Roma (ruling G1). Fabius may join any Roman stack in Italy if none
    there has 5 CU, else Roma, besieged or not (§24)."""
    fabius = gid == "fabius"

    def own_besieged(sp: str) -> bool:
        return B.besieged(s, sp) and B.friendly_pc(s, ROME, sp)

    def usable(sp: str) -> bool:
        # only Rome's own besieged cities are closed: Romans besieging an enemy city stand
        # outside its walls, and are not besieged (§20.4)
        return not own_besieged(sp) and (not fabius or B.in_italy(sp))

    stacks = {sp: u.cu + u.icu for sp, u in s.units[ROME].items() if usable(sp)}
    big = sorted(sp for sp, n in stacks.items() if n >= 5)
    if big:
        return big
    if not fabius and own_besieged("roma"):
        return ["roma"]  # §6.5's last resort comes before our G1 fallback (G40)
    if fabius:
        italian = sorted(sp for sp in stacks if B.in_italy(sp))
        return italian or ["roma"]
    if stacks:
        most = max(stacks.values())
        return sorted(sp for sp, n in stacks.items() if n == most)
    return ["roma"]


@decision("place_consul", "Rome: place this consul with at least 5 Roman CU (§6.5)")
class PlaceConsul:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseSpace(space=sp) for sp in consul_spaces(s, f.general)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        s = ctx.s
        inside = (B.besieged(s, cmd.space) and B.friendly_pc(s, ROME, cmd.space)) or (
            B.cu_outside(s, ROME, cmd.space) == 0 and B.cu_inside(s, ROME, cmd.space) > 0)
        ctx.emit(ev.GeneralPlaced(general=f.general, space=cmd.space, inside=inside))
        ctx.emit(ev.CommandTaken(general=f.general))
        ask_consul_command(ctx, cmd.space, inside)
