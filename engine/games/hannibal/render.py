"""Draw the Hannibal map as a standalone SVG document (standard library only, no I/O).

The drawing is made from ``components``: coastlines from ``coasts.json``; each space's area is its
Voronoi cell among the spaces of the same landmass, cut to the coast and to a radius (so empty
country stays blank); areas are shaded by the province's country, provinces bordered where cells
of two provinces meet. Links, spaces, ports, cities, tribes and starting control are drawn on top,
with a legend. ``render_map()`` is a pure function of the loaded data.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from engine.games.hannibal import board as B
from engine.games.hannibal import components as c

Point = tuple[float, float]

MARGIN = 10.0
PANEL = 300.0  # width of the legend panel right of the map
CELL_RADIUS = 92.0  # beyond this distance from every space, land stays unshaded
ROME, CARTHAGE = "#1b1b1b", "#2a62c9"  # black and blue spaces (§4.1, §4.2)
NEUTRAL_TRIBE = "#3f9a3f"  # the neutral tribes are green ("tribus vertes", §25 #64)
SEA, LAND, INK, PORT = "#cfe3f1", "#f3eee2", "#2b2b2b", "#1f6fb2"
COUNTRY_SHADES = {  # per country, shades that alternate between neighbouring provinces
    "africa": ("#e8c089", "#f0d3a8", "#dcae70"),
    "spain": ("#d3d98c", "#e2e6ae", "#c4cc72"),
    "italy": ("#eeb1a0", "#f5cbbd", "#e49a86"),
    "islands": ("#c8bfe6", "#dcd5f1", "#b6abdc"),  # the other scoring provinces
    "none": ("#d5dccc", "#e3e8dc", "#c8d1bd"),  # the non-scoring provinces (§22.1)
}
LABEL_OFFSETS = {  # (dx, dy, text-anchor) for each label position
    "n": (0, -11, "middle"), "s": (0, 19, "middle"), "e": (10, 4, "start"), "w": (-10, 4, "end"),
    "ne": (7, -7, "start"), "nw": (-7, -7, "end"), "se": (7, 15, "start"), "sw": (-7, 15, "end"),
}
PROVINCE_LABEL_AT = {  # (lon, lat) where a province's name is drawn, when the centroid is crowded
    "carthago": (10.8, 37.4), "latium": (12.0, 41.55), "syracusae": (15.75, 36.85),
    "campania": (13.45, 40.38), "massilia": (6.0, 43.05), "baleares": (3.3, 38.85),
    "corsica_sardinia": (8.6, 41.6), "numidia_occidentalis": (1.9, 35.75), "gallia_transalpina": (2.9, 44.7),
    "carthaginia": (9.9, 35.15), "numidia_orientalis": (7.0, 35.55), "sicilia": (13.3, 37.75),
    "lucania": (16.6, 39.9), "apulia": (16.4, 41.7), "samnium": (13.15, 42.45), "etruria": (10.95, 43.35),
    "gallia_cisalpina": (9.9, 45.75), "liguria": (9.1, 44.12), "idubeda": (0.9, 42.35),
    "celtiberia": (-4.0, 41.3), "orospeda": (-1.9, 38.6), "baetica": (-5.2, 38.2),
}


# ------------------------------------------------------------------------------- geometry


def _project(lon: float, lat: float) -> Point:
    x, y = c.MAP.projection.project(lon, lat)
    return x + MARGIN, y + MARGIN


def _project_coast(lon: float, lat: float, width: float, height: float) -> Point:
    """Like _project, but a point on the map frame goes to the canvas edge (no sea strip in the margin)."""
    pr = c.MAP.projection
    x, y = _project(lon, lat)
    x = 0.0 if lon <= pr.lon_min else width if lon >= pr.lon_max else x
    y = 0.0 if lat >= pr.lat_max else height if lat <= pr.lat_min else y
    return x, y


def _xy(space: c.Space) -> Point:
    return space.x + MARGIN, space.y + MARGIN


def _inside(pt: Point, poly: list[Point]) -> bool:
    x, y = pt
    res = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            res = not res
    return res


def _clip(poly: list[tuple[Point, object]], inside, cross, tag) -> list[tuple[Point, object]]:
    """Sutherland-Hodgman against one half-plane. Each vertex carries the tag of the edge leaving it."""
    out = []
    for i, (p, tp) in enumerate(poly):
        q = poly[(i + 1) % len(poly)][0]
        if inside(p):
            out.append((p, tp))
            if not inside(q):
                out.append((cross(p, q), tag))
        elif inside(q):
            out.append((cross(p, q), tp))
    return out


def _halfplane(origin: Point, normal: Point):
    """Functions for the half-plane {p : (p - origin) . normal <= 0}."""
    ox, oy = origin
    nx, ny = normal

    def side(p: Point) -> float:
        return (p[0] - ox) * nx + (p[1] - oy) * ny

    def cross(p: Point, q: Point) -> Point:
        sp, sq = side(p), side(q)
        t = sp / (sp - sq)
        return p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])

    return (lambda p: side(p) <= 0), cross


def _cell(i: int, sites: list[Point], width: float, height: float) -> list[tuple[Point, object]]:
    """Voronoi cell of sites[i], cut to a disc of CELL_RADIUS; tags name the neighbouring site."""
    poly: list[tuple[Point, object]] = [((0, 0), None), ((width, 0), None), ((width, height), None), ((0, height), None)]
    sx, sy = sites[i]
    for j, (tx, ty) in enumerate(sites):
        if j != i and poly:
            inside, cross = _halfplane(((sx + tx) / 2, (sy + ty) / 2), (tx - sx, ty - sy))
            poly = _clip(poly, inside, cross, j)
    for k in range(24):
        if not poly:
            break
        a = 2 * math.pi * k / 24
        nx, ny = math.cos(a), math.sin(a)
        inside, cross = _halfplane((sx + CELL_RADIUS * nx, sy + CELL_RADIUS * ny), (nx, ny))
        poly = _clip(poly, inside, cross, None)
    return poly


def _land_in_cell(land: list[Point], cell: list[tuple[Point, object]]) -> list[Point]:
    """The part of a (possibly concave) land outline inside a convex cell."""
    pts = [p for p, _ in cell]
    cx = sum(x for x, _ in pts) / len(pts)
    cy = sum(y for _, y in pts) / len(pts)
    poly = [(p, None) for p in land]
    for a, b in zip(pts, pts[1:] + pts[:1]):
        if not poly:
            break
        normal = (b[1] - a[1], a[0] - b[0])
        if (cx - a[0]) * normal[0] + (cy - a[1]) * normal[1] > 0:
            normal = (-normal[0], -normal[1])
        inside, cross = _halfplane(a, normal)
        poly = _clip(poly, inside, cross, None)
    return [p for p, _ in poly]


def _segment_on_land(p: Point, q: Point, land: list[Point]) -> list[tuple[Point, Point]]:
    """The pieces of segment pq that lie inside the land outline."""
    ts = [0.0, 1.0]
    dx, dy = q[0] - p[0], q[1] - p[1]
    for a, b in zip(land, land[1:] + land[:1]):
        ex, ey = b[0] - a[0], b[1] - a[1]
        den = dx * ey - dy * ex
        if abs(den) < 1e-12:
            continue
        t = ((a[0] - p[0]) * ey - (a[1] - p[1]) * ex) / den
        u = ((a[0] - p[0]) * dy - (a[1] - p[1]) * dx) / den
        if 0 < t < 1 and 0 <= u <= 1:
            ts.append(t)
    ts.sort()
    out = []
    for t0, t1 in zip(ts, ts[1:]):
        mid = (p[0] + dx * (t0 + t1) / 2, p[1] + dy * (t0 + t1) / 2)
        if t1 - t0 > 1e-9 and _inside(mid, land):
            out.append(((p[0] + dx * t0, p[1] + dy * t0), (p[0] + dx * t1, p[1] + dy * t1)))
    return out


def _path(points: list[Point]) -> str:
    return "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in points) + " Z"


# ------------------------------------------------------------------------------- shading


def _province_shades() -> dict[str, str]:
    """A shade per province: its country's colour, neighbours given different tones (greedy)."""
    touching: dict[str, set[str]] = {p: set() for p in c.PROVINCES}
    for ln in c.LINKS:
        pa, pb = c.SPACES[ln.a].province, c.SPACES[ln.b].province
        if pa != pb:
            touching[pa].add(pb)
            touching[pb].add(pa)
    shade: dict[str, str] = {}
    for pid, prov in c.PROVINCES.items():
        group = prov.country or ("islands" if prov.scoring else "none")
        used = {shade[n] for n in touching[pid] if n in shade}
        options = COUNTRY_SHADES[group]
        shade[pid] = next((o for o in options if o not in used), options[0])
    return shade


def _landmass_sites(polys: list[list[Point]]) -> list[list[c.Space]]:
    """The spaces drawn on each coast outline (nearest outline for a space drawn in the sea)."""
    groups: list[list[c.Space]] = [[] for _ in polys]
    for s in c.MAP.spaces:
        p = _xy(s)
        hits = [k for k, poly in enumerate(polys) if _inside(p, poly)]
        if not hits:
            hits = [min(range(len(polys)), key=lambda k: min(math.dist(p, v) for v in polys[k]))]
        groups[hits[0]].append(s)
    return groups


# ------------------------------------------------------------------------------ labels

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
PREFERENCE = {"e": 0.0, "w": 0.6, "ne": 0.9, "se": 0.9, "nw": 1.3, "sw": 1.3, "n": 1.5, "s": 1.5}


def _notes(s: c.Space) -> list[tuple[str, str]]:
    """The small figures drawn under a space's name: (colour, text)."""
    out = []
    if s.port and s.port.naval_modifier:
        out.append((PORT, f"\u2693{s.port.naval_modifier:+d}"))
    if s.city:
        out.append(("#333", f"\u25a3{s.city.capacity} {s.city.siege_modifier:+d}".replace("+0", "0")))
    if s.tribe and s.tribe.submission_modifier:
        out.append(("#2f6b2f", f"\u2b22{s.tribe.submission_modifier:+d}"))
    return out


def _label_geometry(s: c.Space, pos: str) -> tuple[Point, Point, str, Box]:
    """Name anchor, note anchor, text-anchor and bounding box of a space's label at position ``pos``."""
    x, y = _xy(s)
    dx, dy, anchor = LABEL_OFFSETS[pos]
    w = 6.6 * len(s.name)
    notes = _notes(s)
    nw = 5.6 * sum(len(t) + 1 for _, t in notes)
    ny = y + dy + (-11 if pos in ("n", "ne", "nw") else 11)
    top, bottom = y + dy - 9, y + dy + 3
    if notes:
        top, bottom = min(top, ny - 8), max(bottom, ny + 2)
    width = max(w, nw)
    x0 = {"start": x + dx, "end": x + dx - width, "middle": x + dx - width / 2}[anchor]
    return (x + dx, y + dy), (x + dx, ny), anchor, (x0, top, x0 + width, bottom)


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _hits_segment(box: Box, p: Point, q: Point) -> bool:
    """Whether segment pq passes through the box (Liang-Barsky)."""
    t0, t1 = 0.0, 1.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    for pk, qk in ((-dx, p[0] - box[0]), (dx, box[2] - p[0]), (-dy, p[1] - box[1]), (dy, box[3] - p[1])):
        if pk == 0:
            if qk < 0:
                return False
        else:
            t = qk / pk
            if pk < 0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
    return t0 <= t1


def _text_box(x: float, y: float, text: str, size: float) -> Box:
    w = 0.72 * size * len(text)
    return x - w / 2, y - size, x + w / 2, y + 3


def _place_labels(fixed: list[Box], width: float, height: float) -> dict[str, str]:
    """A label position for every space, chosen greedily (most crowded spaces first) to avoid symbols,
    links, fixed labels and labels already placed."""
    xy = {sid: _xy(s) for sid, s in c.SPACES.items()}
    symbols = {sid: (x - 11, y - 11, x + 11, y + 11) for sid, (x, y) in xy.items()}
    segments = [(xy[ln.a], xy[ln.b]) for ln in c.LINKS]
    crowd = {a: sum(math.dist(p, q) < 80 for q in xy.values()) for a, p in xy.items()}
    placed: list[Box] = []
    out: dict[str, str] = {}
    for sid in sorted(xy, key=lambda k: (-crowd[k], k)):
        best = None
        for pos, pref in PREFERENCE.items():
            box = _label_geometry(c.SPACES[sid], pos)[3]
            cost = pref
            cost += sum(10 + _overlap(box, b) / 20 for k, b in symbols.items() if k != sid and _overlap(box, b))
            cost += sum(8 + _overlap(box, b) / 20 for b in placed if _overlap(box, b))
            cost += sum(6 + _overlap(box, b) / 40 for b in fixed if _overlap(box, b))
            cost += sum(2 for p, q in segments if _hits_segment(box, p, q))
            if box[0] < 0 or box[1] < 0 or box[2] > width or box[3] > height:
                cost += 50
            if best is None or cost < best[0]:
                best = (cost, pos, box)
        assert best is not None
        out[sid] = best[1]
        placed.append(best[2])
    return out


# -------------------------------------------------------------------------------- drawing


def _areas(width: float, height: float) -> tuple[list[str], list[str]]:
    polys = [[_project_coast(lon, lat, width, height) for lon, lat in co.points] for co in c.COASTS.polygons]
    shades = _province_shades()
    fills, borders = [], []
    for poly, spaces in zip(polys, _landmass_sites(polys)):
        fills.append(f'<path d="{_path(poly)}" fill="{LAND}" stroke="none"/>')
        sites = [_xy(s) for s in spaces]
        for i, s in enumerate(spaces):
            cell = _cell(i, sites, width, height)
            if not cell:
                continue
            part = _land_in_cell(poly, cell)
            if len(part) >= 3:
                fills.append(f'<path d="{_path(part)}" fill="{shades[s.province]}" stroke="none"/>')
            for k, (p, tag) in enumerate(cell):
                if isinstance(tag, int) and tag > i and spaces[tag].province != s.province:
                    q = cell[(k + 1) % len(cell)][0]
                    for a, b in _segment_on_land(p, q, poly):
                        borders.append(f'<line x1="{a[0]:.1f}" y1="{a[1]:.1f}" x2="{b[0]:.1f}" y2="{b[1]:.1f}"/>')
    coast = "".join(f'<path d="{_path(p)}"/>' for p in polys)
    fills.append(f'<g fill="none" stroke="#6d8fa8" stroke-width="1.2">{coast}</g>')
    return fills, borders


def _link(ln: c.Link) -> str:
    (x1, y1), (x2, y2) = _xy(c.SPACES[ln.a]), _xy(c.SPACES[ln.b])
    line = f'x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"'
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    if ln.kind == "ordinary":
        return f'<line class="link ordinary" {line} stroke="#4a4a4a" stroke-width="1.4"/>'
    if ln.kind == "strait":
        name = (f'<text class="strait-name" x="{mx:.1f}" y="{my + 26:.1f}" text-anchor="middle">'
                f'{escape(ln.name)}</text>' if ln.name else "")
        return (f'<g class="link strait"><line {line} stroke="{PORT}" stroke-width="3.2" stroke-dasharray="1,5" '
                f'stroke-linecap="round"/>{name}</g>')
    alpine = ln.kind == "alpine_pass"
    colour = "#6b3414" if alpine else "#9a6a32"
    mark = (f'<path d="M{mx - 6:.1f},{my + 4:.1f} L{mx:.1f},{my - 6:.1f} L{mx + 6:.1f},{my + 4:.1f} Z" '
            f'fill="{colour if alpine else "#fff"}" stroke="{colour}" stroke-width="1.5"/>')
    return (f'<g class="link {ln.kind}"><line {line} stroke="{colour}" stroke-width="{3 if alpine else 2.4}" '
            f'stroke-dasharray="7,3"/>{mark}</g>')


def _fill(control: str | None) -> str:
    return {"rome": ROME, "carthage": CARTHAGE}.get(control or "", "#ffffff")


def _hexagon(x: float, y: float, r: float) -> str:
    pts = [(x + r * math.cos(math.pi / 3 * k), y + r * math.sin(math.pi / 3 * k)) for k in range(6)]
    return _path(pts)


def _space(s: c.Space, pos: str, position=None) -> str:
    """A space, with its marker as the set-up has it, or as ``position`` (a :class:`Position`) holds it."""
    control = s.start_control
    tribe = s.tribe
    if position is not None:
        side = position.control.get(s.id, -1)
        control = ("rome", "carthage")[side] if side >= 0 else None
        if s.id not in position.tribes:
            tribe = None
    x, y = _xy(s)
    out = [f'<g class="space" id="space-{s.id}" data-province="{s.province}">']
    if s.port:
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="11" fill="none" stroke="{PORT}" stroke-width="1.6"/>')
    if s.city:
        out.append(f'<rect x="{x - 7:.1f}" y="{y - 7:.1f}" width="14" height="14" fill="{_fill(control)}" '
                   f'stroke="#000" stroke-width="2"/>')
    elif tribe:
        friend = tribe.friendly_to if position is None else (control if s.id in position.control else None)
        colour = _fill(friend) if friend else NEUTRAL_TRIBE
        out.append(f'<path d="{_hexagon(x, y, 8.5)}" fill="{colour}" stroke="#000" stroke-width="1.4"/>')
    else:
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6.5" fill="{_fill(control)}" stroke="#222" '
                   f'stroke-width="1.3"/>')
    (nx, ny), (tx, ty), anchor, _ = _label_geometry(s, pos)
    out.append(f'<text class="name" x="{nx:.1f}" y="{ny:.1f}" text-anchor="{anchor}">{escape(s.name)}</text>')
    notes = _notes(s)
    if notes:
        spans = " ".join(f'<tspan fill="{colour}">{escape(t)}</tspan>' for colour, t in notes)
        out.append(f'<text class="note" x="{tx:.1f}" y="{ty:.1f}" text-anchor="{anchor}">{spans}</text>')
    out.append("</g>")
    return "".join(out)


def _province_labels() -> list[tuple[str, Box]]:
    out = []
    for pid, prov in c.PROVINCES.items():
        if pid in PROVINCE_LABEL_AT:
            x, y = _project(*PROVINCE_LABEL_AT[pid])
        else:
            pts = [_xy(s) for s in c.spaces_in_province(pid)]
            x, y = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts) - 18
        plain = prov.name.upper() + (f" {prov.control_threshold}" if prov.scoring else "")
        text = escape(prov.name.upper())
        if prov.scoring:
            text += f' <tspan class="need">{prov.control_threshold}</tspan>'
        cls = "province" if prov.scoring else "province minor"
        out.append((f'<text class="{cls}" x="{x:.1f}" y="{y:.1f}" text-anchor="middle">{text}</text>',
                    _text_box(x, y, plain, 12)))
    return out


def _legend(x: float, y: float, position: bool = False) -> str:
    """The legend and the turn track, in a panel to the right of the map."""
    rows = []
    line = 0

    def row(symbol: str, text: str) -> None:
        nonlocal line
        rows.append(f'<g transform="translate({x + 16:.1f},{y + 52 + line * 22:.1f})">{symbol}'
                    f'<text class="legend" x="34" y="4">{escape(text)}</text></g>')
        line += 1

    when = "" if position else " at start"
    row(f'<circle cx="12" cy="0" r="6.5" fill="{ROME}" stroke="#222"/>', f"Roman PC{when} (black, §4.1)")
    row(f'<circle cx="12" cy="0" r="6.5" fill="{CARTHAGE}" stroke="#222"/>', f"Carthaginian PC{when} (blue, §4.2)")
    row('<circle cx="12" cy="0" r="6.5" fill="#fff" stroke="#222"/>', f"uncontrolled{when}")
    if position:
        row(f'<rect x="0" y="-8" width="24" height="16" rx="3" fill="{CARTHAGE}"/><text class="stack" x="4" y="4">4</text>',
            "stack: CU (e: elephant CU), generals")
        row(f'<circle cx="12" cy="0" r="11" fill="none" stroke="{ROME}" stroke-width="3" stroke-dasharray="4,2"/>',
            "siege, with its points (§20.2)")
    row('<rect x="5" y="-7" width="14" height="14" fill="#fff" stroke="#000" stroke-width="2"/>', "walled city")
    row('<text class="note" x="12" y="4" text-anchor="middle">\u25a32 +1</text>', "capacity, siege modifier")
    row(f'<path d="{_hexagon(12, 0, 8.5)}" fill="{NEUTRAL_TRIBE}" stroke="#000"/>', "neutral tribe")
    row(f'<path d="{_hexagon(12, 0, 8.5)}" fill="{CARTHAGE}" stroke="#000"/>', "tribe friendly to Carthage (§20.9)")
    row('<text class="note" x="12" y="4" text-anchor="middle" fill="#2f6b2f">\u2b22\u22121</text>',
        "submission modifier (if not 0)")
    row(f'<circle cx="12" cy="0" r="11" fill="none" stroke="{PORT}" stroke-width="1.6"/>', "port")
    row(f'<text class="note" x="12" y="4" text-anchor="middle" fill="{PORT}">\u2693\u22122</text>',
        "naval modifier (if not 0, §11.6)")
    row('<line x1="0" y1="0" x2="24" y2="0" stroke="#4a4a4a" stroke-width="1.4"/>', "link (1 MP)")
    row('<line x1="0" y1="0" x2="24" y2="0" stroke="#6b3414" stroke-width="3" stroke-dasharray="7,3"/>'
        '<path d="M6,4 L12,-6 L18,4 Z" fill="#6b3414"/>', "alpine pass (2 MP, attrition +0)")
    row('<line x1="0" y1="0" x2="24" y2="0" stroke="#9a6a32" stroke-width="2.4" stroke-dasharray="7,3"/>'
        '<path d="M6,4 L12,-6 L18,4 Z" fill="#fff" stroke="#9a6a32" stroke-width="1.5"/>',
        "other pass (2 MP, attrition \u22122)")
    row(f'<line x1="0" y1="0" x2="24" y2="0" stroke="{PORT}" stroke-width="3.2" stroke-dasharray="1,5" '
        f'stroke-linecap="round"/>', "strait (2 MP, §10.6)")
    row('<line x1="0" y1="0" x2="24" y2="0" stroke="#7a2e1e" stroke-width="1.6" stroke-dasharray="5,3"/>',
        "province border")
    row('<text class="province" x="12" y="4" text-anchor="middle"><tspan class="need">3</tspan></text>',
        "PCs to control the province (§26)")
    for label, group in (("Africa", "africa"), ("Spain", "spain"), ("Italy", "italy"),
                         ("Sicily, Syracusae, Corsica/Sardinia", "islands"), ("not scoring (§22.1)", "none")):
        row(f'<rect x="0" y="-7" width="24" height="14" fill="{COUNTRY_SHADES[group][0]}" stroke="#888"/>', label)
    ty = y + 52 + line * 22 + 18
    track = [f'<text class="legend-title" x="{x + 16:.1f}" y="{ty:.1f}">Turn track (§7.1)</text>']
    for k, t in enumerate(c.TABLES.turns):
        extra = ", Scipio Africanus" if t.scipio_africanus else ""
        track.append(f'<text class="legend" x="{x + 16:.1f}" y="{ty + 22 + k * 18:.1f}">{t.number}. '
                     f'{escape(t.years)} BC \u2014 {t.strategy_cards} cards{extra}</text>')
    return (f'<g id="legend"><text class="legend-title" x="{x + 16:.1f}" y="{y + 24:.1f}">Legend</text>'
            f'{"".join(rows)}{"".join(track)}</g>')


STYLE = """
text { font-family: 'DejaVu Sans', Arial, sans-serif; }
.name { font-size: 11px; fill: #1a1a1a; paint-order: stroke; stroke: #ffffff; stroke-width: 3px; stroke-linejoin: round; }
.note { font-size: 9px; fill: #333; paint-order: stroke; stroke: #ffffff; stroke-width: 2.5px; stroke-linejoin: round; }
.province { font-size: 12px; font-style: italic; font-weight: bold; letter-spacing: 1px; fill: #6b2a14; fill-opacity: 0.8;
  paint-order: stroke; stroke: #ffffff; stroke-opacity: 0.6; stroke-width: 3px; }
.province.minor { fill: #55604a; }
.need { fill: #a01c0c; font-style: normal; }
.strait-name { font-size: 10px; font-style: italic; fill: #1f6fb2; paint-order: stroke; stroke: #ffffff;
  stroke-width: 2.5px; }
.sea { font-size: 14px; font-style: italic; fill: #3f7aa6; letter-spacing: 2px; }
.legend { font-size: 12px; fill: #222; }
.legend-title, .title { font-size: 15px; font-weight: bold; fill: #222; }
.subtitle { font-size: 11.5px; fill: #333; }
.stack { font-size: 10.5px; font-weight: bold; fill: #fff; }
.stack-siege { font-size: 10px; font-weight: bold; paint-order: stroke; stroke: #fff; stroke-width: 2.5px; }
"""


class Position:
    """What a game position adds to the map: control, tribes left, stacks, sieges, a heading."""

    def __init__(self, state, title: str | None) -> None:
        self.control = dict(state.control)
        self.tribes = set(state.tribes)
        self.stacks = []
        for side in (0, 1):
            spaces = set(state.units[side]) | {g.where for gid, g in state.gens.items()
                                               if g.status == "map" and B.side_of(gid) == side}
            for sp in sorted(x for x in spaces if x):
                u = state.units[side].get(sp)
                gens = B.generals_at(state, side, sp, None)
                cmd = B.commander(state, side, sp, False) or B.commander(state, side, sp, True)
                gens = sorted(gens, key=lambda g: g != cmd)
                self.stacks.append((sp, side, (u.cu + u.icu) if u else 0, (u.el + u.iel) if u else 0,
                                    u.icu if u else 0, [c.GENERALS[g].name.split()[-1] for g in gens]))
        self.sieges = {sp: (sg.side, sg.points) for sp, sg in state.sieges.items()}
        pts = B.political_points(state)
        bits = [title or "Hannibal: Rome vs Carthage", f"turn {state.turn} ({c.turn(max(1, state.turn)).years} BC)",
                f"political points Rome {pts[0]} \u2013 Carthage {pts[1]}"]
        if state.battle is not None:
            bits.append(f"battle at {c.SPACES[state.battle.space].name}")
        if state.phase == "over":
            bits.append(f"{('Rome', 'Carthage')[state.winner]} won ({state.reason.replace('_', ' ')})")
        self.heading = " \u00b7 ".join(bits)


def _stack(sp: str, side: int, cu: int, el: int, inside: int, names: list[str]) -> str:
    x, y = _xy(c.SPACES[sp])
    colour = ROME if side == 0 else CARTHAGE
    bx = x - 40 if side == 0 else x + 12
    by = y - 34
    text = f"{cu}" + (f" ({el}e)" if el else "") + (f" [{inside} in]" if inside else "")
    lines = [text] + names[:3] + ([f"+{len(names) - 3}"] if len(names) > 3 else [])
    h = 13 * len(lines) + 4
    w = max(28, max(len(t) for t in lines) * 6.4 + 8)
    if side == 0:
        bx = x - 12 - w
    body = "".join(f'<text class="stack" x="{bx + 4:.1f}" y="{by + 12 + 13 * k:.1f}">{escape(t)}</text>'
                   for k, t in enumerate(lines))
    return (f'<g class="stack side-{side}" data-space="{sp}"><rect x="{bx:.1f}" y="{by:.1f}" width="{w:.1f}" '
            f'height="{h:.1f}" rx="3" fill="{colour}" fill-opacity="0.88" stroke="#fff" stroke-width="1"/>{body}'
            f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{bx + (w if side == 0 else 0):.1f}" y2="{by + h / 2:.1f}" '
            f'stroke="{colour}" stroke-width="1.2"/></g>')


def _siege(sp: str, side: int, points: int) -> str:
    x, y = _xy(c.SPACES[sp])
    colour = ROME if side == 0 else CARTHAGE
    return (f'<g class="siege" data-space="{sp}"><circle cx="{x:.1f}" cy="{y:.1f}" r="15" fill="none" '
            f'stroke="{colour}" stroke-width="3" stroke-dasharray="4,2"/><text class="stack-siege" x="{x:.1f}" '
            f'y="{y + 27:.1f}" text-anchor="middle" fill="{colour}">siege {points}/3</text></g>')


def render_position(state, title: str | None = None) -> str:
    """A game position drawn on the map: who controls each space now, the tribes left, every stack
    (CU, elephant CU, CU inside the walls, generals, commander first; Rome left of its space,
    Carthage right), the sieges with their points, and the turn and political points."""
    return render_map(Position(state, title))


def render_layers(state, title: str | None = None) -> tuple[str, str]:
    """A position as two SVG documents of the same size, to be laid one on the other: the map that
    no position changes (land, provinces, seas, links, legend), the same for every position, and a
    transparent layer of what the position holds (spaces with their control, sieges, stacks, the
    heading). ``carthago replay`` writes the first once and the second per position."""
    st, position = _static(), Position(state, title)
    base = [*_head(st), _sea_and_land(st), _panel_line(st), _legend(st.width, 0, True), "</svg>"]
    top = [*_head(st, background=False), _position_parts(st, position), _heading(st, position), "</svg>"]
    return "\n".join(base) + "\n", "\n".join(top) + "\n"


class _Static:
    """What the map draws the same whatever the position: its size, the areas and label places
    (the costly part: Voronoi cells cut to the coasts, labels placed to avoid each other)."""

    def __init__(self) -> None:
        w, h = c.MAP.projection.size
        self.width, self.height = w + 2 * MARGIN, h + 2 * MARGIN
        self.full = self.width + PANEL
        self.fills, self.borders = _areas(self.width, self.height)
        self.seas = [(f'<text class="sea" x="{x:.1f}" y="{y:.1f}" text-anchor="middle">{escape(s.name)}</text>',
                      _text_box(x, y, s.name, 14)) for s in c.SEAS.values() for x, y in [_project(s.lon, s.lat)]]
        self.provinces = _province_labels()
        title = (MARGIN, MARGIN, MARGIN + 380, MARGIN + 50)
        straits = [_text_box((xa + xb) / 2, (ya + yb) / 2 + 26, ln.name, 10)
                   for ln in c.LINKS if ln.kind == "strait" and ln.name
                   for (xa, ya), (xb, yb) in [(_xy(c.SPACES[ln.a]), _xy(c.SPACES[ln.b]))]]
        self.positions = _place_labels([b for _, b in self.seas + self.provinces] + [title] + straits,
                                       self.width, self.height)
        self.links = "".join(_link(ln) for ln in c.LINKS)


_STATIC: list[_Static] = []


def _static() -> _Static:
    """The map's fixed parts, computed once per process (a pure function of the loaded data)."""
    if not _STATIC:
        _STATIC.append(_Static())
    return _STATIC[0]


def _head(st: _Static, background: bool = True) -> list[str]:
    return ['<?xml version="1.0" encoding="UTF-8"?>',
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{st.full:.0f}" height="{st.height:.0f}" '
            f'viewBox="0 0 {st.full:.0f} {st.height:.0f}">',
            "<title>Hannibal: Rome vs Carthage, the western Mediterranean in 218 BC (reconstructed map)</title>",
            f"<style>{STYLE}</style>",
            *([f'<rect width="{st.full:.0f}" height="{st.height:.0f}" fill="#ffffff"/>'] if background else [])]


def _sea_and_land(st: _Static) -> str:
    return "\n".join([
        f'<rect width="{st.width:.0f}" height="{st.height:.0f}" fill="{SEA}"/>',
        f'<g id="land">{"".join(st.fills)}</g>',
        f'<g id="borders" stroke="#7a2e1e" stroke-width="1.6" stroke-dasharray="5,3">{"".join(st.borders)}</g>',
        f'<g id="seas">{"".join(t for t, _ in st.seas)}</g>',
        f'<g id="province-labels">{"".join(t for t, _ in st.provinces)}</g>',
        f'<g id="links">{st.links}</g>'])


def _panel_line(st: _Static) -> str:
    return f'<line x1="{st.width:.1f}" y1="0" x2="{st.width:.1f}" y2="{st.height:.0f}" stroke="#555" stroke-width="1.5"/>'


def _position_parts(st: _Static, position: "Position") -> str:
    return "\n".join([
        f'<g id="spaces">{"".join(_space(s, st.positions[s.id], position) for s in c.MAP.spaces)}</g>',
        f'<g id="sieges">{"".join(_siege(sp, *v) for sp, v in sorted(position.sieges.items()))}</g>',
        f'<g id="stacks">{"".join(_stack(*x) for x in position.stacks)}</g>'])


def _heading(st: _Static, position: "Position") -> str:
    return (f'<g id="title"><rect x="{MARGIN}" y="{MARGIN}" width="{min(st.width - 2 * MARGIN, 9 * len(position.heading))}" '
        f'height="34" fill="#fff" fill-opacity="0.85"/><text class="title" x="{MARGIN + 10}" '
        f'y="{MARGIN + 23}">{escape(position.heading)}</text></g>')


def render_map(position: Position | None = None) -> str:
    """The map as a standalone SVG document (one ``g.space`` per space, ``g#legend``); with a
    ``position``, that position drawn on it."""
    st = _static()
    if position is not None:
        parts = [*_head(st), _sea_and_land(st), _position_parts(st, position), _panel_line(st),
                 _legend(st.width, 0, True), _heading(st, position)]
    else:
        parts = [*_head(st), _sea_and_land(st),
                 f'<g id="spaces">{"".join(_space(s, st.positions[s.id]) for s in c.MAP.spaces)}</g>',
                 _panel_line(st), _legend(st.width, 0, False),
                 f'<g id="title"><text class="title" x="{MARGIN + 14}" y="{MARGIN + 24}">Hannibal: Rome vs Carthage '
                 f'\u2014 218 BC</text><text class="subtitle" x="{MARGIN + 14}" y="{MARGIN + 42}">Reconstructed map: '
                 f'{len(c.SPACES)} spaces, {len(c.LINKS)} links, {len(c.PROVINCES)} provinces</text></g>']
    return "\n".join([*parts, "</svg>"]) + "\n"
