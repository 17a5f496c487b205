"""VII. Phase de Guerre civile (being built)."""

from __future__ import annotations

from . import events as ev
from .events import Frame
from .flow import Ctx, automatic
from .state import CIVIL_WAR


@automatic("civil_war")
def _civil_war(ctx: Ctx, f: Frame) -> None:
    ctx.pop()
    ctx.emit(ev.PhaseBegan(phase=CIVIL_WAR))
