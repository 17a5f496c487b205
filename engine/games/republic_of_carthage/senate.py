"""V. Phase de Sénat (being built)."""

from __future__ import annotations

from . import events as ev
from .events import Frame
from .flow import Ctx, automatic
from .state import SENATE


@automatic("senate")
def _senate(ctx: Ctx, f: Frame) -> None:
    ctx.pop()
    ctx.emit(ev.PhaseBegan(phase=SENATE))
