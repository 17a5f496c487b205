"""Who commands (§9.3, §18.2): the general who takes command of a stack its commander left, of
armies combined by interceptions or left behind by an avoidance, and of the army both consuls are
in (§18.2)."""

from __future__ import annotations

from . import board as B
from . import events as ev
from .army import army_generals, mover
from .commands import ChooseGeneral
from .events import Frame
from .flow import Ctx, decision
from .state import ROME, State


def intercept_command_choices(s: State, side: int, x: str, intercepted: list[str], f: Frame) -> list[str]:
    """Who may command the force in ``x`` after successful interceptions (§9.3, §12.6): a lone
    interception is led by its general (named beforehand, §12.7), who outranks or equals his
    companions; when forces combine (two interceptions, or one joining generals already there), the
    highest-ranking generals of the combined force, among whom the player chooses (G55)."""
    gens = B.generals_at(s, side, x, False)
    came = set(intercepted) | {fl.split(":")[2] for fl in f.flags
                               if fl.startswith("with:") and fl.split(":")[1] in intercepted}
    if not gens or (len(intercepted) == 1 and not [g for g in gens if g not in came]):
        return list(intercepted[:1])
    top_rank = max(B.rank(s, g) for g in gens)
    return [g for g in gens if B.rank(s, g) == top_rank]


def left_command_choices(s: State, side: int, x: str) -> list[str]:
    """Who may command the generals and CU left outside the walls of ``x`` by an avoidance that took
    their commander away (§9.3, §13.2): the highest-ranking generals left, when CU stay with them
    (generals left alone are neutralized, §10.10)."""
    gens = B.generals_at(s, side, x, False)
    if not gens or B.cu_outside(s, side, x) == 0:
        return []
    top_rank = max(B.rank(s, g) for g in gens)
    return [g for g in gens if B.rank(s, g) == top_rank]


@decision("intercept_command", "name the general who commands the armies combined by the interceptions "
                               "(§9.3, §12.6)")
class InterceptCommand:
    """``generals``: the generals who may command, outside the walls of ``space``."""

    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseGeneral(general=g) for g in f.generals
                if s.gens[g].status == "map" and s.gens[g].where == f.space and not s.gens[g].inside]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        ctx.emit(ev.CommandTaken(general=cmd.general))


@decision("avoid_command", "name the general who commands the force your avoidance left behind, among "
                           "its highest-ranking generals (§9.3, §13.2)")
class AvoidCommand(InterceptCommand):
    """The same choice as ``intercept_command``, for the force an avoidance left without its commander."""


@decision("left_command", "name the general who commands the generals and CU left in a space whose "
                           "commander left, among its highest-ranking generals (§9.3)")
class LeftCommand:
    """``generals``: the generals who may command, in ``space`` (inside the walls with flag ``inside``)."""

    @staticmethod
    def legal(s: State, f: Frame) -> list:
        inside = "inside" in f.flags
        return [ChooseGeneral(general=g) for g in f.generals
                if s.gens[g].status == "map" and s.gens[g].where == f.space and s.gens[g].inside == inside]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        ctx.emit(ev.CommandTaken(general=cmd.general))
        if "ships" in f.flags:  # the ships' part of a split (§12.8): he leads it back to port
            mv = mover(ctx.s)
            mv.generals = [g for g in army_generals(mv) if g != cmd.general]
            mv.general = cmd.general
            ctx.begin("sail_back", mv, f.space, f.flags)


def ask_left_command(ctx: Ctx, side: int, space: str, inside: bool, took=(), dropped=(), lost: bool = False) -> None:
    """§9.3 (G59): ``took``, generals of the stack in ``space`` (that side of the walls), have just
    left it, and ``dropped`` generals have just been left there (``lost``: its commander is known to
    have left). If that takes its commander away or sets new generals level with the highest rank
    there, and two or more generals of the highest rank stay with CU, their owner names who commands
    them (``left_command``)."""
    s = ctx.s
    stay = B.generals_at(s, side, space, inside)
    u = B.cu_of(s, side, space)
    if len(stay) < 2 or (u.icu if inside else u.cu) == 0:
        return
    top_rank = max(B.rank(s, g) for g in stay)
    equals = [g for g in stay if B.rank(s, g) == top_rank]
    if len(equals) < 2:
        return
    before = [g for g in stay if g not in dropped] + list(took)
    chief = max(before, key=lambda g: (B.rank(s, g), s.gens[g].stamp, g)) if before else ""
    if not lost and chief in stay and not set(dropped) & set(equals):
        return  # its commander is still there, and nobody new stands level with him
    ctx.push(Frame(kind="left_command", seat=side, space=space, generals=equals, flags=["inside"] if inside else []))


def departed(ctx: Ctx, mv: Frame, origin: str, inside: bool) -> None:
    """The marching army has left ``origin``: the generals it took from the stack there and those it
    dropped there are settled (§9.3, G59)."""
    took, dropped, rest = [], [], []  # (one pass over the flags)
    for x in mv.flags:
        if x.startswith("took:"):
            took.append(x.split(":", 1)[1])
        elif x.startswith("dropped:"):
            dropped.append(x.split(":", 1)[1])
        else:
            rest.append(x)
    mv.flags = rest
    if took or dropped:
        ask_left_command(ctx, mv.seat, origin, inside, took, dropped)


def ask_consul_command(ctx: Ctx, space: str, inside: bool) -> None:
    """§18.2: both consuls now stand in one army: Rome names which of them commands (ruling G60)."""
    flags = ["inside"] if inside else []
    if len(_consuls_at(ctx.s, space, inside)) == 2 and not any(
            f.kind == "consul_command" and f.space == space and f.flags == flags for f in ctx.flow):
        ctx.push(Frame(kind="consul_command", seat=ROME, space=space, flags=flags))


def consuls_meet(ctx: Ctx, moved: tuple[str, ...] | list[str], space: str, inside: bool) -> None:
    """§18.2 (G60): the generals ``moved`` have just come to ``space`` (on that side of its walls):
    when they bring one consul to the other, the two are one army, and Rome names its commander."""
    here = _consuls_at(ctx.s, space, inside)
    if len(here) == 2 and len([g for g in here if g in moved]) == 1:
        ask_consul_command(ctx, space, inside)


def consuls_apart(s: State, space: str) -> bool:
    """Both consuls stand in ``space``, on two sides of its walls (a garrison and an army outside)."""
    return len(_consuls_at(s, space, True)) == 1 and len(_consuls_at(s, space, False)) == 1


def _consuls_at(s: State, space: str, inside: bool) -> list[str]:
    return [g for g in B.generals_at(s, ROME, space, inside) if s.gens[g].office == "consul"]


@decision("consul_command", "Rome: name the consul who commands the army both consuls are in (§18.2)")
class ConsulCommand:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        consuls = _consuls_at(s, f.space, "inside" in f.flags)
        return [ChooseGeneral(general=g) for g in consuls] if len(consuls) == 2 else []

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        if B.commander(ctx.s, ROME, f.space, "inside" in f.flags) != cmd.general:
            ctx.emit(ev.CommandTaken(general=cmd.general))
