"""Draw the Rome et Carthage board (and optionally a position on it) as a standalone SVG.

A pure function of :data:`.board.MAP` and its arguments: no file I/O, standard library only.
Roads are solid lines, sea lanes dotted and coast hops dashed (and bowed toward the sea, so a
coast hop stays visible beside a road between the same two cities). Capitals are larger and show
their suit, red for hearts and diamonds, black for clubs and spades (Méditerranée "Matériel").

Every city label is placed by a small greedy search that avoids other labels, city marks, lines
and the slot just above each city, which is kept free for the piece marker.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from . import board
from .state import kind_of

# Piece kinds and the letter drawn on their marker: E, C, M, G.
PIECE_LETTERS = {kind: kind[0].upper() for kind in board.PIECE_KINDS}

SEA = "#d5e8f3"
ROAD = "#5a4632"
LANE = "#1d4e7a"
COAST = "#2f8fa8"
PORT_RING = "#1d4e7a"
ISLAND_FILL = "#eadcae"
INK = "#1b1b1b"
RED_SUITS = ("hearts", "diamonds")
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

CITY_R = 6.5
CAPITAL_R = 13.0
LABEL_SIZE = 12.0
CAPITAL_LABEL_SIZE = 14.0
PIECE_W, PIECE_H = 20.0, 16.0
TOP = 44.0  # room for the title above the map

# Suit glyphs as paths in a [-1, 1] box (so they do not depend on the viewer's fonts).
_SUIT_PATHS = {
    "hearts": "M0,0.9 C-0.3,0.6 -1,0.15 -1,-0.3 C-1,-0.85 -0.3,-1 0,-0.5 "
              "C0.3,-1 1,-0.85 1,-0.3 C1,0.15 0.3,0.6 0,0.9 Z",
    "diamonds": "M0,-1 L0.72,0 L0,1 L-0.72,0 Z",
    "spades": "M0,-0.95 C-0.3,-0.6 -1,-0.2 -1,0.25 C-1,0.7 -0.45,0.8 -0.12,0.45 L-0.32,0.95 "
              "L0.32,0.95 L0.12,0.45 C0.45,0.8 1,0.7 1,0.25 C1,-0.2 0.3,-0.6 0,-0.95 Z",
    "clubs": "M-0.12,0.3 L-0.32,0.95 L0.32,0.95 L0.12,0.3 Z "
             "M0,-0.82 m-0.38,0 a0.38,0.38 0 1,0 0.76,0 a0.38,0.38 0 1,0 -0.76,0 "
             "M-0.45,0.15 m-0.38,0 a0.38,0.38 0 1,0 0.76,0 a0.38,0.38 0 1,0 -0.76,0 "
             "M0.45,0.15 m-0.38,0 a0.38,0.38 0 1,0 0.76,0 a0.38,0.38 0 1,0 -0.76,0",
}
_SUIT_SYMBOL = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}


def _f(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _suit(suit: str, x: float, y: float, size: float) -> str:
    colour = "#c0161d" if suit in RED_SUITS else INK
    return (f'<path class="suit" d="{_SUIT_PATHS[suit]}" fill="{colour}" '
            f'transform="translate({_f(x)},{_f(y)}) scale({_f(size)})"/>')


# ---------------------------------------------------------------------------------------------
# geometry


def _pos(c: board.City) -> tuple[float, float]:
    return c.x, c.y + TOP


def _radius(c: board.City) -> float:
    return CAPITAL_R if c.capital else CITY_R


# Points of open sea (lon, lat), used only to bow each coast hop toward the water.
_OPEN_SEA = (
    (-2.5, 36.2), (3.0, 39.8), (5.5, 37.8), (4.5, 42.6), (8.3, 43.75), (11.5, 40.5), (12.5, 38.8),
    (15.5, 42.6), (18.5, 40.0), (18.0, 37.0), (17.5, 31.3), (13.5, 34.0), (21.0, 33.8), (21.5, 36.5),
    (25.0, 37.6), (24.5, 39.8), (27.6, 40.7), (26.5, 34.2), (31.5, 33.3), (34.3, 34.5), (33.0, 36.5),
    (29.5, 36.0), (22.0, 39.3), (23.0, 38.3), (9.0, 37.7),
)


def _project(lon: float, lat: float) -> tuple[float, float]:
    """The projection of the city coordinates (``Map.projection``), below the title band."""
    x, y = board.MAP.projection.xy(lon, lat)
    return x, y + TOP


def _coast_control(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    """Control point bowing the coast hop a-b toward the nearer open sea."""
    (x1, y1), (x2, y2) = a, b
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    nx, ny = -(y2 - y1) / length, (x2 - x1) / length
    bow = min(max(0.14 * length, 9.0), 30.0)
    sea = [_project(lon, lat) for lon, lat in _OPEN_SEA]

    def to_sea(px: float, py: float) -> float:
        return min(math.hypot(px - sx, py - sy) for sx, sy in sea)

    left = (mx + nx * bow, my + ny * bow)
    right = (mx - nx * bow, my - ny * bow)
    return left if to_sea(*left) <= to_sea(*right) else right


def _quad_points(a, c, b, n: int = 8) -> list[tuple[float, float]]:
    pts = []
    for i in range(n + 1):
        t = i / n
        pts.append(((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * c[0] + t * t * b[0],
                    (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * c[1] + t * t * b[1]))
    return pts


def _segment_hits_box(p, q, box) -> bool:
    """Liang-Barsky: does segment p-q cross the box (x0, y0, x1, y1)?"""
    x0, y0, x1, y1 = box
    dx, dy = q[0] - p[0], q[1] - p[1]
    t0, t1 = 0.0, 1.0
    for edge_p, edge_q in ((-dx, p[0] - x0), (dx, x1 - p[0]), (-dy, p[1] - y0), (dy, y1 - p[1])):
        if edge_p == 0:
            if edge_q < 0:
                return False
            continue
        t = edge_q / edge_p
        if edge_p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


def _overlap(a, b) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _text_width(text: str, size: float, bold: bool) -> float:
    return len(text) * size * (0.66 if bold else 0.6)


def _piece_box(c: board.City) -> tuple[float, float, float, float]:
    x, y = _pos(c)
    top = y - _radius(c) - 3 - PIECE_H
    return (x - PIECE_W / 2, top, x + PIECE_W / 2, top + PIECE_H)


# Candidate label places: (dx sign, dy sign, text-anchor, preference penalty). North is kept
# for piece markers, so it comes last.
_CANDIDATES = (
    ("E", 0.0), ("W", 0.4), ("S", 0.6), ("SE", 0.8), ("SW", 1.0), ("NE", 1.4), ("NW", 1.6),
    ("N", 6.0),
)


def _label_box(c: board.City, where: str, width: float, size: float):
    x, y = _pos(c)
    r = _radius(c) + 3
    h = size
    if where == "E":
        return (x + r, y - h / 2, x + r + width, y + h / 2), "start"
    if where == "W":
        return (x - r - width, y - h / 2, x - r, y + h / 2), "end"
    if where == "S":
        return (x - width / 2, y + r, x + width / 2, y + r + h), "middle"
    if where == "N":
        top = y - r - h - PIECE_H
        return (x - width / 2, top, x + width / 2, top + h), "middle"
    d = r * 0.75
    if where == "SE":
        return (x + d, y + d, x + d + width, y + d + h), "start"
    if where == "SW":
        return (x - d - width, y + d, x - d, y + d + h), "end"
    if where == "NE":
        return (x + d, y - d - h, x + d + width, y - d), "start"
    return (x - d - width, y - d - h, x - d, y - d), "end"  # NW


def _place_labels(polylines: list[list[tuple[float, float]]], width: float, height: float,
                  obstacles: list[tuple[float, float, float, float]]):
    """Greedy label placement: city id -> (x, y, anchor, size, bold)."""
    marks = []
    for c in board.MAP.cities:
        x, y = _pos(c)
        r = _radius(c) + 2
        marks.append((c.id, (x - r, y - r, x + r, y + r)))
    piece_slots = [(c.id, _piece_box(c)) for c in board.MAP.cities]
    segments = [(p, q) for line in polylines for p, q in zip(line, line[1:])]

    def crowding(c: board.City) -> int:
        x, y = _pos(c)
        return sum(1 for o in board.MAP.cities if math.hypot(o.x - c.x, o.y - c.y) < 70)

    order = sorted(board.MAP.cities, key=lambda c: (not c.capital, -crowding(c), c.id))
    placed: dict[str, tuple] = {}
    boxes: list[tuple] = list(obstacles)
    for c in order:
        bold = c.capital
        size = CAPITAL_LABEL_SIZE if c.capital else LABEL_SIZE
        tw = _text_width(c.name, size, bold)
        best = None
        for where, penalty in _CANDIDATES:
            box, anchor = _label_box(c, where, tw, size)
            score = penalty
            if box[0] < 2 or box[2] > width - 2 or box[1] < TOP or box[3] > height - 2:
                score += 1000
            score += sum(_overlap(box, b) for b in boxes) * 5
            score += sum(_overlap(box, m) for cid, m in marks if cid != c.id) * 5
            score += sum(_overlap(box, s) * (3.0 if cid == c.id else 0.5) for cid, s in piece_slots)
            score += sum(1.5 for p, q in segments if _segment_hits_box(p, q, box))
            if best is None or score < best[0]:
                best = (score, box, anchor)
        _, box, anchor = best
        boxes.append(box)
        tx = {"start": box[0], "end": box[2], "middle": (box[0] + box[2]) / 2}[anchor]
        placed[c.id] = (tx, box[3] - size * 0.2, anchor, size, bold)
    return placed


# ---------------------------------------------------------------------------------------------
# drawing


LEGEND_W, LEGEND_H = 610.0, 206.0


def _legend(x: float, y: float) -> list[str]:
    out = [f'<g id="legend" font-family="{FONT}" font-size="12" fill="{INK}">',
           f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(LEGEND_W)}" height="{_f(LEGEND_H)}" rx="6" '
           f'fill="#ffffff" fill-opacity="0.9" stroke="#7a8a99"/>',
           f'<text x="{_f(x + 12)}" y="{_f(y + 20)}" font-size="13" font-weight="bold">Legend</text>']
    row = 24.0
    # left column: the states, their capitals' suits; then the lines
    for i, s in enumerate(board.states()):
        cx, cy = x + 26, y + 44 + i * row
        out.append(f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="9" fill="#ffffff" stroke="{s.colour}" '
                   f'stroke-width="4"/>')
        out.append(_suit(s.suit, cx, cy, 5))
        name = s.name if s.reissue_name == s.name else f"{s.name} ({s.reissue_name})"
        out.append(f'<text x="{_f(cx + 18)}" y="{_f(cy + 4)}">{escape(name)}: capital, '
                   f'{_SUIT_SYMBOL[s.suit]} {s.suit}</text>')
    lines = (
        (ROAD, 'stroke-width="2.4"', "road (elephant, chariot, mercenary)"),
        (LANE, 'stroke-width="2.6" stroke-dasharray="0.1 6" stroke-linecap="round"', "sea lane (galley)"),
        (COAST, 'stroke-width="1.8" stroke-dasharray="8 4"', "coast to the next port (galley)"),
    )
    for i, (colour, style, text) in enumerate(lines):
        ly = y + 44 + (4 + i) * row
        out.append(f'<line x1="{_f(x + 12)}" y1="{_f(ly)}" x2="{_f(x + 52)}" y2="{_f(ly)}" '
                   f'stroke="{colour}" {style}/>')
        out.append(f'<text x="{_f(x + 60)}" y="{_f(ly + 4)}">{text}</text>')
    # right column: city marks, then the piece markers
    col = x + 380
    marks = (("city (state colour)", False, False), ("port (ringed)", True, False),
             ("island: land pieces never move", True, True))
    for i, (text, port, island) in enumerate(marks):
        cy = y + 44 + i * row
        if island:
            out.append(f'<rect x="{_f(col - 12)}" y="{_f(cy - 12)}" width="24" height="24" rx="9" '
                       f'fill="{ISLAND_FILL}" stroke="#b89f58"/>')
        if port:
            out.append(f'<circle cx="{_f(col)}" cy="{_f(cy)}" r="{_f(CITY_R + 3)}" fill="none" '
                       f'stroke="{PORT_RING}" stroke-width="2"/>')
        out.append(f'<circle cx="{_f(col)}" cy="{_f(cy)}" r="{_f(CITY_R)}" fill="#9a9a9a" stroke="{INK}"/>')
        out.append(f'<text x="{_f(col + 18)}" y="{_f(cy + 4)}">{text}</text>')
    py = y + 44 + 3 * row
    out.append(f'<text x="{_f(col - 12)}" y="{_f(py + 4)}">pieces, in the owner\'s colour:</text>')
    for i, (kind, letter) in enumerate(PIECE_LETTERS.items()):
        bx = col - 12 + (i % 2) * 104
        by = py + 14 + (i // 2) * row
        out.append(f'<rect x="{_f(bx)}" y="{_f(by)}" width="{_f(PIECE_W)}" height="{_f(PIECE_H)}" rx="3" '
                   f'fill="#6b6b6b" stroke="{INK}"/>')
        out.append(f'<text x="{_f(bx + PIECE_W / 2)}" y="{_f(by + 12)}" text-anchor="middle" fill="#ffffff" '
                   f'font-weight="bold" font-size="11">{letter}</text>')
        out.append(f'<text x="{_f(bx + PIECE_W + 6)}" y="{_f(by + 12)}">{kind}</text>')
    out.append("</g>")
    return out


def _piece(city: board.City, owner: board.State, kind: str) -> list[str]:
    x0, y0, x1, y1 = _piece_box(city)
    cx, cy = _pos(city)
    letter = PIECE_LETTERS[kind]
    return [
        f'<g class="piece" id="piece-{city.id}" data-owner="{owner.id}" data-kind="{kind}">',
        f'<title>{escape(f"{owner.name} {kind} at {city.name}")}</title>',
        f'<line x1="{_f(cx)}" y1="{_f(y1)}" x2="{_f(cx)}" y2="{_f(cy - _radius(city))}" stroke="{INK}" '
        f'stroke-width="1.5"/>',
        f'<rect x="{_f(x0)}" y="{_f(y0)}" width="{_f(PIECE_W)}" height="{_f(PIECE_H)}" rx="3" '
        f'fill="{owner.colour}" stroke="{INK}" stroke-width="1.2"/>',
        f'<text x="{_f((x0 + x1) / 2)}" y="{_f(y1 - 4)}" text-anchor="middle" font-family="{FONT}" '
        f'font-size="11" font-weight="bold" fill="#ffffff">{letter}</text>',
        "</g>",
    ]


def render_map(pieces: dict[str, tuple[str, str]] | None = None, title: str | None = None) -> str:
    """The board as a standalone SVG document.

    ``pieces`` maps a city id to ``(owner state id, piece kind)``, kind among ``elephant``,
    ``chariot``, ``mercenary`` and ``galley`` (one piece per city: Rome et Carthage "Placement
    des pièces"); each is drawn as a lettered marker in its owner's colour above the city.
    Unknown cities, states or kinds raise ``ValueError``.
    """
    m = board.MAP
    width, height = m.width, m.height + TOP
    pieces = dict(pieces or {})
    for cid, (owner, kind) in pieces.items():
        if cid not in {c.id for c in m.cities}:
            raise ValueError(f"piece on unknown city {cid!r}")
        if owner not in {s.id for s in m.states}:
            raise ValueError(f"piece at {cid!r} has unknown owner {owner!r}")
        if kind not in PIECE_LETTERS:
            raise ValueError(f"piece at {cid!r} has unknown kind {kind!r} (kinds: {', '.join(PIECE_LETTERS)})")

    polylines: list[list[tuple[float, float]]] = []
    link_svg: dict[str, list[str]] = {"coast": [], "sea": [], "road": []}
    for ln in m.links:
        a, b = _pos(board.city(ln.a)), _pos(board.city(ln.b))
        attrs = f'class="link {ln.kind}" data-a="{ln.a}" data-b="{ln.b}"'
        if ln.kind == "coast":
            c = _coast_control(a, b)
            polylines.append(_quad_points(a, c, b))
            link_svg["coast"].append(
                f'<path {attrs} d="M{_f(a[0])},{_f(a[1])} Q{_f(c[0])},{_f(c[1])} {_f(b[0])},{_f(b[1])}"/>')
        else:
            polylines.append([a, b])
            link_svg[ln.kind].append(
                f'<line {attrs} x1="{_f(a[0])}" y1="{_f(a[1])}" x2="{_f(b[0])}" y2="{_f(b[1])}"/>')

    heading = title if title is not None else "Rome et Carthage — the board (reconstructed)"
    legend_box = (12.0, height - LEGEND_H - 12, 12.0 + LEGEND_W, height - 12)
    title_box = (width - 16 - _text_width(heading, 22, True), 8.0, width - 16, 36.0)
    labels = _place_labels(polylines, width, height, [legend_box, title_box])

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(width)}" height="{_f(height)}" '
        f'viewBox="0 0 {_f(width)} {_f(height)}" font-family="{FONT}">',
        f"<title>{escape(heading)}</title>",
        f'<rect id="sea" x="0" y="0" width="{_f(width)}" height="{_f(height)}" fill="{SEA}"/>',
        f'<text id="title" x="{_f(width - 16)}" y="30" text-anchor="end" font-size="22" '
        f'font-weight="bold" fill="{INK}">{escape(heading)}</text>',
        f'<g id="coast-links" fill="none" stroke="{COAST}" stroke-width="1.8" stroke-dasharray="8 4">',
        *link_svg["coast"], "</g>",
        f'<g id="sea-links" stroke="{LANE}" stroke-width="2.6" stroke-dasharray="0.1 6" '
        f'stroke-linecap="round">',
        *link_svg["sea"], "</g>",
        f'<g id="roads" stroke="{ROAD}" stroke-width="2.4" stroke-linecap="round">',
        *link_svg["road"], "</g>",
        '<g id="cities">',
    ]
    for c in m.cities:
        s = board.state(c.state)
        x, y = _pos(c)
        kinds = ["city", s.id] + [k for k, on in (("capital", c.capital), ("port", c.port),
                                                   ("island", c.island)) if on]
        what = ", ".join(k for k in kinds[2:]) or "inland city"
        out.append(f'<g id="city-{c.id}" class="{" ".join(kinds)}" data-state="{s.id}">')
        out.append(f"<title>{escape(f'{c.name} ({c.region}) — {s.name}, {what}')}</title>")
        r = _radius(c)
        if c.island:
            out.append(f'<rect x="{_f(x - r - 6)}" y="{_f(y - r - 6)}" width="{_f(2 * r + 12)}" '
                       f'height="{_f(2 * r + 12)}" rx="{_f(r + 3)}" fill="{ISLAND_FILL}" stroke="#b89f58"/>')
        if c.port:
            out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r + 3)}" fill="none" '
                       f'stroke="{PORT_RING}" stroke-width="2"/>')
        if c.capital:
            out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="#ffffff" stroke="{s.colour}" '
                       f'stroke-width="4.5"/>')
            out.append(_suit(s.suit, x, y, r * 0.55))
        else:
            out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="{s.colour}" stroke="{INK}" '
                       f'stroke-width="1"/>')
        out.append("</g>")
    out.append("</g>")

    out.append(f'<g id="labels" fill="{INK}" stroke="#ffffff" stroke-width="3" paint-order="stroke" '
               f'stroke-linejoin="round">')
    for c in m.cities:
        tx, ty, anchor, size, bold = labels[c.id]
        weight = ' font-weight="bold"' if bold else ""
        out.append(f'<text id="label-{c.id}" x="{_f(tx)}" y="{_f(ty)}" text-anchor="{anchor}" '
                   f'font-size="{_f(size)}"{weight}>{escape(c.name)}</text>')
    out.append("</g>")

    out.extend(_legend(legend_box[0], legend_box[1]))

    if pieces:
        out.append('<g id="pieces">')
        for cid in sorted(pieces):
            owner, kind = pieces[cid]
            out.extend(_piece(board.city(cid), board.state(owner), kind))
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


__all__ = ["render_map", "PIECE_LETTERS"]


def render_position(state, title: str | None = None) -> str:
    """A game position (a :class:`.state.State`) drawn on the board: each city's piece in its
    state's colour. An attacker waiting for its combat stands in the defender's city; the
    defender is drawn and the combat named in the title."""
    pieces = {city: (piece.split("_")[0], kind_of(piece)) for city, piece in state.at.items()}
    notes = [f"combat in {board.city(c).name}" for c in sorted(state.attacking)]
    heading = " · ".join([title or "Rome et Carthage"] + notes)
    return render_map(pieces, heading)
