"""``carthago replay``: a page that steps through an exported game position by position.

It writes ``index.html`` and, for a game that draws its board, its positions as SVG: the position
after set-up, then after each command. Only what changed is written: a position drawn the same as
one before (a card played that moves nothing on the board) is that file again (files are named by
their content's hash), and a game whose renderer draws in layers (``render_layers``: Hannibal's map,
whose land, provinces and links no position changes) has that layer written once
(``positions/base.svg``) with each position's own transparent layer laid over it. A game without a
board drawing shows its state as JSON instead (the export of a finished game is public, every
secret revealed). The page lists the moves in the game's notation; click one, or step with the
arrow keys.
"""

from __future__ import annotations

import hashlib
import html
import json
from pathlib import Path
from typing import Callable

import msgspec

from .render import _open, position_renderer, walk

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 0; display: flex; height: 100vh; }}
#moves {{ width: 28em; overflow-y: auto; border-right: 1px solid #ccc; font-size: 13px; }}
#moves div {{ padding: 2px 8px; cursor: pointer; }}
#moves div.on {{ background: #fde6b0; }}
#board {{ flex: 1; overflow: auto; padding: 8px; }}
#board img {{ max-width: 100%; }}
#picture {{ position: relative; }} #picture img.over {{ position: absolute; left: 0; top: 0; width: 100%; }}
#board pre {{ font-size: 11px; }}
header {{ padding: 6px 8px; font-weight: bold; }}
</style></head><body>
<div id="moves"><header>{title}</header></div>
<div id="board"><div id="caption"></div><div id="picture"></div></div>
<script>
const steps = {steps};
const base = {base};
const moves = document.getElementById("moves");
steps.forEach((s, i) => {{
  const d = document.createElement("div");
  d.textContent = (i ? i + ". " : "") + s.text;
  d.onclick = () => show(i);
  moves.appendChild(d);
}});
let at = 0;
function show(i) {{
  at = Math.max(0, Math.min(steps.length - 1, i));
  moves.querySelectorAll("div").forEach((d, j) => d.className = j === at ? "on" : "");
  moves.querySelectorAll("div")[at].scrollIntoView({{block: "nearest"}});
  const s = steps[at];
  document.getElementById("caption").textContent = "after seq " + s.seq + ": " + s.text;
  const pic = document.getElementById("picture");
  if (s.svg) {{
    const imgs = (base ? [base, s.svg] : [s.svg]).map((src, k) => {{
      const img = new Image(); img.src = src; if (k) img.className = "over"; return img; }});
    pic.replaceChildren(...imgs);
  }}
  else {{ const pre = document.createElement("pre"); pre.textContent = s.state; pic.replaceChildren(pre); }}
}}
document.addEventListener("keydown", e => {{
  if (e.key === "ArrowRight" || e.key === "ArrowDown") show(at + 1);
  else if (e.key === "ArrowLeft" || e.key === "ArrowUp") show(at - 1);
  else if (e.key === "Home") show(0);
  else if (e.key === "End") show(steps.length - 1);
  else return;
  e.preventDefault();
}});
show(0);
</script></body></html>
"""


def _renderers(game) -> tuple[Callable | None, Callable | None]:
    """(draw one whole position, draw a position as (fixed layer, its own layer)) of a game."""
    from .render import _game_module

    module = _game_module(game, "render")
    return position_renderer(game), getattr(module, "render_layers", None) if module is not None else None


def write_replay(data: bytes, out: Path, progress: Callable[[int, int], None] | None = None,
                 language: str = "en") -> tuple[Path, int]:
    """Write the replay of an export into ``out``; returns the page and the number of positions.
    ``progress(done, total)`` is called as positions are drawn (a CLI's progress bar); the move
    list is in ``language`` ("en" or "fr")."""
    _, created, game = _open(data)
    draw, layers = _renderers(game)
    out.mkdir(parents=True, exist_ok=True)
    if draw is not None:
        (out / "positions").mkdir(exist_ok=True)
    total = sum(1 for _ in walk(data)) if progress is not None else 0
    steps: list[dict] = []
    written: set[str] = set()
    base = None

    def keep(svg: str) -> str:
        """The position's file, named by its content: written once however often the position recurs."""
        name = f"positions/{hashlib.sha256(svg.encode()).hexdigest()[:16]}.svg"
        if name not in written:
            (out / name).write_text(svg)
            written.add(name)
        return name

    for i, (move, state, seq) in enumerate(walk(data, language)):
        step = {"seq": seq, "text": move.text if move else ("mise en place" if language == "fr" else "set-up")}
        # the drawing's heading names the game, not the seq (the page's caption does), so that
        # positions drawn the same are one file
        if layers is not None:
            fixed, own = layers(state, created.game_id)
            if base is None:
                base = keep(fixed)
            step["svg"] = keep(own)
        elif draw is not None:
            step["svg"] = keep(draw(state, created.game_id))
        else:
            step["state"] = json.dumps(msgspec.to_builtins(state), indent=1, ensure_ascii=False)
        steps.append(step)
        if progress is not None:
            progress(i + 1, total)
    title = html.escape(f"{created.game_id} ({game.info.title})")
    index = out / "index.html"
    # the steps go into a <script>: "</" must not close it early
    index.write_text(PAGE.format(title=title, base=json.dumps(base),
                                 steps=json.dumps(steps, ensure_ascii=False).replace("</", "<\\/")))
    return index, len(steps)
