"""Card 30's siege train (§25 #30): where it stands, how it moves with an army, when it is lost
or caught. Its position is a public marker, the code of its space (``space_code``)."""

from __future__ import annotations

from . import board as B
from . import events as ev
from .components import SPACES
from .flow import Ctx
from .forces import with_generals
from .state import CARTHAGE, ROME, State


# One counter, with a Carthaginian army: its space is the marker ``siege_train_at`` (a space code,
# ``space_code``) while ``siege_train`` is set. The moving army carries it (the move frame's
# flag ``train``) over land, never across an alpine pass or by sea; it is lost for good (marker
# ``siege_train_lost``) when its army is beaten and must retreat, or when enemy CU stand in its space
# and no Carthaginian CU do (§25 #30, ruling G20).
_SPACES_BY_CODE = tuple(sorted(SPACES))  # code 1 is the first


def siege_train_at(s: State) -> str:
    code = s.markers.get("siege_train_at", 0)
    return _SPACES_BY_CODE[code - 1] if s.markers.get("siege_train") and code else ""


def siege_train_spaces(s: State) -> list[str]:
    """Where card 30 may put the counter: with a Carthaginian army (a general with CU) that may receive
    reinforcements (§25: the reinforcement events obey §6.3), not where it already is."""
    if s.markers.get("siege_train_lost"):
        return []
    here = siege_train_at(s)
    return [sp for sp in with_generals(s, CARTHAGE, lambda sp: B.cu_total(s, CARTHAGE, sp) > 0) if sp != here]


def move_siege_train(ctx: Ctx, space: str) -> None:
    if not ctx.s.markers.get("siege_train"):
        ctx.emit(ev.MarkerSet(name="siege_train", value=1))
    ctx.emit(ev.MarkerSet(name="siege_train_at", value=space_code(space)))


def lose_siege_train(ctx: Ctx) -> None:
    ctx.emit(ev.MarkerSet(name="siege_train", value=0))
    ctx.emit(ev.MarkerSet(name="siege_train_at", value=0))
    ctx.emit(ev.MarkerSet(name="siege_train_lost", value=1))


def siege_train_caught(ctx: Ctx) -> None:
    """A hook after every step: the counter left alone where enemy CU stand is lost."""
    s = ctx.s
    if not s.markers.get("siege_train"):
        return  # (no counter on the map: ``siege_train_at`` is "")
    sp = siege_train_at(s)
    if sp and B.cu_total(s, CARTHAGE, sp) == 0 and B.cu_total(s, ROME, sp) > 0:
        lose_siege_train(ctx)


def train_here(s: State, space: str) -> bool:
    return siege_train_at(s) == space


_SPACE_CODES = {sp: i for i, sp in enumerate(sorted(SPACES), start=1)}


def space_code(space: str) -> int:
    return _SPACE_CODES[space]
