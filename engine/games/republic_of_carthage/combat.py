"""VI. Phase de Combat et d'Exploration (being built)."""

from __future__ import annotations

from . import events as ev
from .events import Frame
from .flow import Ctx, automatic
from .state import COMBAT


@automatic("combat")
def _combat(ctx: Ctx, f: Frame) -> None:
    ctx.pop()
    ctx.emit(ev.PhaseBegan(phase=COMBAT))
    s = ctx.s
    for w, st in sorted(s.wars.items()):
        if st.status == "active":
            ctx.emit(ev.WarChanged(war=w, status="unprosecuted", reason="not_prosecuted"))
    active = sum(1 for w in s.wars.values() if w.status in ("active", "unprosecuted"))
    lost = sum(1 for w in s.wars.values() if w.status == "lost")
    if active >= 4 or lost >= 4:
        from .turn import end_game
        end_game(ctx, (), "four_active_wars" if active >= 4 else "four_lost_wars")
