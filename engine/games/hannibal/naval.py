"""Naval movement (§11): when an army may sail, the ports it may reach, the counter-events
against a sea move, and the crossing's roll on the naval table (§11.6). An army that lands enters
its port through the ``enter`` entry (reaction), asked for by name."""

from __future__ import annotations

from . import board as B
from . import events as ev
from .army import army_generals, can_go_on, confined_ok, counsel_ok, held_by_consular_army, lone_enemy_general
from .campaign import campaign_of, slowed
from .cards import charm_leaves, charm_stays, counters_for, play_counter
from .command import departed
from .commands import ChooseSpace, Pass, PlayCounter
from .components import SPACES, TABLES, modifier, naval_result, port_modifier
from .events import Frame
from .flow import Ctx, automatic, decision
from .forces import lose_cu, neutralize
from .state import CARTHAGE, ROME, State, other


def can_sail(s: State, f: Frame) -> bool:
    if not f.nums[1] or f.count > f.nums[1] or f.mp < 3 or SPACES[f.space].port is None:
        return False
    if held_by_consular_army(s, f):
        return False
    if slowed(s, f):
        return False  # card 41 declared against this army: its sea leg would be cancelled (§25 #41)
    if "sailed" in f.flags and "double_sail" not in f.flags:
        return False
    if "inside" in f.flags and B.besieged(s, f.space):
        return False  # §11.3, §20.5
    if "inside" in f.flags and B.cu_outside(s, other(f.seat), f.space) > 0:
        return False
    return next(_sail_ports(s, f), None) is not None


def sail_ports(s: State, f: Frame) -> list[str]:
    return list(_sail_ports(s, f))


def _sail_ports(s: State, f: Frame):
    """The ports the army may sail to, one by one (``can_sail`` stops at the first)."""
    for sp, space in SPACES.items():
        if space.port is None or sp == f.space:
            continue
        if "pirates" in f.flags and "adriaticum" not in space.port.seas:
            continue  # card 50: an Adriatic port
        if not confined_ok(f, sp) or not counsel_ok(s, f, sp):
            continue
        if f.count == 0 and B.cu_outside(s, other(f.seat), sp) > 0:
            continue
        if f.count == 0 and lone_enemy_general(s, f.seat, sp) and not can_go_on(s, f, sp, f.mp - 3):
            continue  # §10.4: he could not leave it
        yield sp


@decision("sail_to", "the port to sail to (§11.1)")
class SailTo:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseSpace(space=sp) for sp in sail_ports(s, s.flow[-2])] + [Pass()]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        if isinstance(cmd, Pass):
            return
        mv = ctx.top
        camp = campaign_of(ctx.s)
        if camp is not None:
            camp.flags.append("naval_used")
        ctx.push(Frame(kind="naval_crossing", space=cmd.space, seat=-1))
        opponent = other(mv.seat)
        if ctx.s.hands[opponent]:
            ctx.push(Frame(kind="naval_window", seat=opponent, space=cmd.space))


@decision("naval_window", "play a counter-event against this sea move (Storm at Sea, Adverse Elements), or pass")
class NavalWindow:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [PlayCounter(card=c) for c in counters_for(s, f.seat, "enemy_naval_move")] + [Pass()]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        if isinstance(cmd, PlayCounter):
            play_counter(ctx, f.seat, cmd.card)


@automatic("naval_crossing")
def naval_crossing(ctx: Ctx, f: Frame) -> None:
    """§11: a sea move costs 3 MP; Rome rolls on the naval combat table against every
    Carthaginian sea move (§11.5, §11.6), except during a Truce (#64)."""
    ctx.done(f)
    s = ctx.s
    mv = ctx.top
    if "weather" in mv.flags:  # Adverse Elements cancelled the sea leg (#41)
        mv.flags.remove("weather")
        mv.mp = 0
        charm_stays(mv)
        return
    if mv.count == 0 and "storm_lost_all" in mv.flags:
        mv.flags.remove("storm_lost_all")
        mv.mp = 0
        charm_stays(mv)
        return
    dest = f.space
    if mv.seat == CARTHAGE and not s.markers.get("truce") and "pirates" not in mv.flags:
        mod = naval_modifier(s, mv, dest)
        _, result = ctx.die(ROME, "naval", mod, naval_result)
        if result == "turned_back":
            mv.mp = 0
            charm_stays(mv)
            return
        if result == "sunk":
            charm_leaves(ctx, mv, mv.space)  # he did put to sea
            ctx.done(mv)  # the move ends
            if mv.count:
                lose_cu(ctx, mv.seat, mv.space, mv.count, "naval", elephant_first=mv.nums[0],
                        inside="inside" in mv.flags)
            for g in army_generals(mv):
                neutralize(ctx, g, "naval")
            departed(ctx, mv, mv.space, "inside" in mv.flags)
            return
    origin = mv.space
    was_inside = "inside" in mv.flags
    charm_leaves(ctx, mv, origin)
    if "train" in mv.flags:
        mv.flags.remove("train")  # the siege train never goes by sea (#30): it stays in port
    mv.spaces = [origin]
    mv.mp -= 3
    mv.flags = [x for x in mv.flags if x != "inside"] + ["sailed", "moved"]
    ctx.emit(ev.UnitsMoved(side=mv.seat, origin=origin, space=dest, count=mv.count, elephants=mv.nums[0],
                           generals=tuple(army_generals(mv)), from_inside=False, to_inside=False, how="sail"))
    mv.origin = origin
    mv.space = dest
    ctx.begin("enter", mv, by_sea=True)
    departed(ctx, mv, origin, was_inside)  # asked first: the stack it left (G59)


def naval_modifier(s: State, mv: Frame, dest: str) -> int:
    """§11.6: both ports' modifiers, -1 for a general alone or with one CU, +1 per port holding a
    Roman PC, -1 if Carthage controls Syracusae, -1 for Macedonia (#9), -1 for the naval victory (#29)."""
    t = TABLES.naval
    mod = port_modifier(mv.space) + port_modifier(dest)
    if mv.count <= t.small_force_max_cu:
        mod += modifier(t, "small_force")
    for port in (mv.space, dest):
        if s.control.get(port, -1) == ROME:
            mod += modifier(t, "roman_pc_in_port")
    if s.control.get("syracusae", -1) == CARTHAGE:
        mod += modifier(t, "carthage_controls_syracusae")
    if s.markers.get("macedonia"):
        mod += modifier(t, "macedonian_alliance")
    if s.markers.get("naval_victory"):
        mod += modifier(t, "naval_victory")
    return mod
