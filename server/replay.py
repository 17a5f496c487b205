"""``carthago replay``: a page that steps through an exported game position by position.

It writes ``index.html`` and, for a game that draws its board, one SVG per position
(``positions/NNNN.svg``): the position after set-up, then after each command. A game without a
board drawing shows its state as JSON instead (the export of a finished game is public, every
secret revealed). The page lists the moves in the game's notation; click one, or step with the
arrow keys.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

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
#board pre {{ font-size: 11px; }}
header {{ padding: 6px 8px; font-weight: bold; }}
</style></head><body>
<div id="moves"><header>{title}</header></div>
<div id="board"><div id="caption"></div><div id="picture"></div></div>
<script>
const steps = {steps};
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
  if (s.svg) {{ pic.innerHTML = ""; const img = new Image(); img.src = s.svg; pic.appendChild(img); }}
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


def write_replay(data: bytes, out: Path) -> tuple[Path, int]:
    """Write the replay of an export into ``out``; returns the page and the number of positions."""
    _, created, game = _open(data)
    draw = position_renderer(game)
    out.mkdir(parents=True, exist_ok=True)
    if draw is not None:
        (out / "positions").mkdir(exist_ok=True)
    steps = []
    for i, (move, state, seq) in enumerate(walk(data)):
        step = {"seq": seq, "text": move.text if move else "set-up"}
        if draw is not None:
            name = f"positions/{i:04d}.svg"
            (out / name).write_text(draw(state, f"{created.game_id} after seq {seq}"))
            step["svg"] = name
        else:
            step["state"] = json.dumps(msgspec.to_builtins(state), indent=1, ensure_ascii=False)
        steps.append(step)
    title = html.escape(f"{created.game_id} ({game.info.title})")
    index = out / "index.html"
    # the steps go into a <script>: "</" must not close it early
    index.write_text(PAGE.format(title=title, steps=json.dumps(steps, ensure_ascii=False).replace("</", "<\\/")))
    return index, len(steps)
