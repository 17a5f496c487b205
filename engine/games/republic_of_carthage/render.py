"""Draw The Republic of Carthage's board as a standalone SVG document (standard library only, no I/O).

The areas and their places come from ``data/board.json``; what is printed in them comes from the
other data files: the set-up's war, forces, treasury and tax rate, the nine commerce piles after the
set-up removals with their set values, and the tables printed on the board (contributions,
random events, recruitment, combat, assassination). ``render_map()`` is a pure function of the data.
"""

from __future__ import annotations

import textwrap
from xml.sax.saxutils import escape

from engine.games.republic_of_carthage import components as c
from engine.games.republic_of_carthage.notation import SEATS, _name, senator_name
from engine.games.republic_of_carthage.people import card, senators_of

INK, PAPER, BOARD = "#2b2118", "#f6efe0", "#e9dcc0"
PURPLE, SEA, GOLD = "#6b2a5e", "#1f5f8b", "#b8860b"
AREA_FILL = {
    "war_plans": "#ead2c8", "wars_active": "#f3c6b8", "wars_inactive": "#efe2cf", "wars_unprosecuted": "#f1d9b0",
    "wars_lost": "#d9c6c6", "active_forces": "#dfe6c9", "force_reserve": "#e8ecd9", "port": "#d4e3ec",
    "state_treasury": "#f2e4b3", "vote_track": "#e7dcef", "trade_mat": "#d9ead9",
}
UNIT_ABBR = {
    "carthaginian_legion": "Leg", "balearic_slinger": "Bal", "celtiberian": "Cel", "libyan_light_infantry": "Lib",
    "numidian_cavalry": "Num", "war_elephant": "Elé", "sicule": "Sic", "gallic_swordsman": "Gau",
    "campanian_swordsman": "Cam", "squadron": "Esc",
}


def _t(x: float, y: float, text: str, size: float = 12, cls: str = "label", anchor: str = "start",
       weight: str = "normal", fill: str = INK, style: str = "normal") -> str:
    return (f'<text class="{cls}" x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}" font-style="{style}" fill="{fill}">{escape(text)}</text>')


def _rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = INK, sw: float = 1.2, rx: float = 4,
          cls: str | None = None) -> str:
    klass = f' class="{cls}"' if cls else ""
    return (f'<rect{klass} x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{rx}" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="{sw}"/>')


def _token(x: float, y: float, unit: str, label: str | None = None) -> str:
    fill = SEA if unit == "squadron" else PURPLE
    return (f'<g class="token" data-unit="{unit}">' + _rect(x, y, 34, 34, fill, "#ffffff", 1.5, 3)
            + _t(x + 17, y + 21, label or UNIT_ABBR[unit], 11, "token-label", "middle", "bold", "#ffffff") + "</g>")


def _war_card(x: float, y: float, war: c.War) -> str:
    out = [f'<g class="war-card" id="card-{war.id}">', _rect(x, y, 170, 92, "#fffaf0", INK, 1.2, 6)]
    out.append(_t(x + 8, y + 18, war.name, 12, "card-title", weight="bold"))
    out.append(_t(x + 8, y + 34, f"{war.dates} · {war.kind.title()} · {war.status.title()}", 10))
    out.append(_t(x + 8, y + 54, f"{war.land}/{war.squadron_support}/{war.naval}", 16, "card-strength", weight="bold"))
    dr = " ".join([f"D{n}" for n in war.disaster] + [f"R{n}" for n in war.retreat])
    out.append(_t(x + 88, y + 54, dr, 12))
    out.append(_t(x + 8, y + 72, f"Victory: +{war.spoils} T", 10))
    out.append(_t(x + 162, y + 86, war.deck, 11, anchor="end", weight="bold"))
    out.append("</g>")
    return "".join(out)


def _fits_on_one_line(a: c.Area) -> bool:
    """Whether the English title (bold capitals, ~10 units a letter) and the French name (~6) fit side by side."""
    return 10 * len(a.name) + 6 * len(a.name_fr) + 30 <= a.w


def _slots(a: c.Area, n: int, label: str | None = None) -> list[str]:
    """Dashed places for cards; the last one may carry a warning (the fourth war ends the game, IX.5)."""
    out = []
    for i in range(n):
        x = a.x + 12 + i * 84
        out.append(f'<rect class="slot" x="{x:.1f}" y="{a.y + 40:.1f}" width="76" height="104" rx="6" fill="none" '
                   f'stroke="{INK}" stroke-width="1" stroke-dasharray="5 4" opacity="0.55"/>')
        if label and i == n - 1:
            out.append(_t(x + 38, a.y + 96, label, 11, "slot-label", "middle", "bold", "#8b1a1a"))
    return out


def _port(a: c.Area) -> list[str]:
    out = []
    for i, label in enumerate(("Provinces", "Offices", "Concessions", "Senators", "Events")):
        x = a.x + 12 + i * 144
        out.append(f'<rect class="slot" x="{x:.1f}" y="{a.y + 34:.1f}" width="134" height="100" rx="6" fill="none" '
                   f'stroke="{INK}" stroke-width="1" stroke-dasharray="5 4" opacity="0.55"/>')
        out.append(_t(x + 67, a.y + 90, label, 12, "slot-label", "middle", style="italic"))
    return out


def _area(a: c.Area, body: list[str]) -> str:
    head = [f'<g class="area" id="area-{a.id}">', _rect(a.x, a.y, a.w, a.h, AREA_FILL.get(a.id, PAPER), cls="area-box")]
    head.append(_t(a.x + 10, a.y + 20, a.name.upper(), 14, "area-name", weight="bold"))
    if _fits_on_one_line(a):
        head.append(_t(a.x + a.w - 10, a.y + 20, a.name_fr, 11, "area-name-fr", "end", style="italic"))
    else:  # a narrow area: the French name goes under the English one
        head.append(_t(a.x + 10, a.y + 35, a.name_fr, 10, "area-name-fr", style="italic"))
    if a.text:
        head.append(_t(a.x + 10, a.y + a.h - 10, a.text, 10, "area-text"))
    return "".join(head + body + ["</g>"])


def _wars_inactive(a: c.Area) -> list[str]:
    return [_war_card(a.x + 12, a.y + 34, c.WARS[c.SETUP.starting_war])]


def _forces(a: c.Area, units: dict[str, int]) -> list[str]:
    out, x, y = [], a.x + 12, a.y + 34
    for unit, n in units.items():
        if unit == "squadron":
            continue
        for _ in range(n):
            if x + 34 > a.x + a.w - 10:
                x, y = a.x + 12, y + 42
            out.append(_token(x, y, unit))
            x += 40
    if "squadron" in units:
        y += 46
        out.append(_token(a.x + 12, y, "squadron"))
        out.append(_t(a.x + 54, y + 21, f"× {units['squadron']} squadrons", 12))
    legend = ", ".join(f"{UNIT_ABBR[u]} {c.ARMY_TYPES[u].name}" for u in units if u != "squadron")
    out.append(_t(a.x + 12, a.y + a.h - (26 if a.text else 10), legend, 9, "token-legend"))
    return out


def _treasury(a: c.Area) -> list[str]:
    out = [_t(a.x + 12, a.y + 46, "Treasury", 12, weight="bold")]
    digits = f"{c.SETUP.treasury:03d}"
    for i, (marker, d) in enumerate(zip(("000", "00", "0"), digits)):
        x = a.x + 90 + i * 54
        out.append(_rect(x, a.y + 30, 46, 30, "#fffaf0"))
        out.append(_t(x + 23, a.y + 51, d, 18, "treasury-digit", "middle", "bold", GOLD))
        out.append(_t(x + 23, a.y + 74, f"«{marker}»", 9, anchor="middle"))
    out.append(_t(a.x + 268, a.y + 51, f"= {c.SETUP.treasury} T", 14, weight="bold"))
    out.append(_t(a.x + 12, a.y + 110, "Tax rate %", 12, weight="bold"))
    for i, rate in enumerate(c.BOARD.tax_track):
        x = a.x + 12 + i * 40
        marked = rate == c.SETUP.tax_rate
        out.append(f'<g class="tax-space" data-rate="{rate}">' + _rect(x, a.y + 120, 34, 34, GOLD if marked else "#fffaf0")
                   + _t(x + 17, a.y + 142, str(rate), 12, anchor="middle", weight="bold",
                        fill="#ffffff" if marked else INK) + "</g>")
    out.append(_t(a.x + 12, a.y + 176, f"Set-up: {c.SETUP.treasury} T, tax {c.SETUP.tax_rate} % (marker on space {c.SETUP.tax_rate}).", 10))
    out.append(_t(a.x + 12, a.y + 194, "Revenue: State +100 T; 2 T per army and squadron; 20 T per Active, 25 T per Lost war.", 9))
    return out


def _vote_track(a: c.Area) -> list[str]:
    out, cols = [], 10
    for n in range(c.BOARD.vote_track_max + 1):
        x = a.x + 12 + (n % cols) * 35
        y = a.y + 30 + (n // cols) * 24
        out.append(f'<g class="vote-space" data-votes="{n}">' + _rect(x, y, 31, 20, "#fbf7ff", sw=0.8, rx=2)
                   + _t(x + 15.5, y + 14, str(n), 10, anchor="middle") + "</g>")
    return out


def _trade_mat(a: c.Area) -> list[str]:
    out = []
    after = c.pile_sizes(after_setup=True)
    for n in range(1, c.COMMERCE.piles + 1):
        col, row = (n - 1) % 5, (n - 1) // 5
        x, y, w, h = a.x + 12 + col * 156, a.y + 32 + row * 140, 148, 132
        out.append(f'<g class="pile" id="pile-{n}">' + _rect(x, y, w, h, "#fffdf6", sw=1, rx=6))
        out.append(_t(x + 8, y + 20, f"Pile {n}", 13, "pile-name", weight="bold"))
        out.append(_t(x + w - 8, y + 20, f"{after[n - 1]} cards", 11, anchor="end"))
        yy = y + 40
        for com in c.commodities_in_pile(n):
            out.append(_t(x + 8, yy, f"{com.name} ×{com.cards}", 11, "commodity", weight="bold"))
            values = " · ".join(map(str, com.set_values))
            out.append(_t(x + 8, yy + 15, values, 9 if len(values) < 30 else 8, "set-values"))
            yy += 36
        removed = c.SETUP.pile_removals[n - 1]
        out.append(_t(x + 8, y + h - 10, f"set aside at set-up: {removed}", 9, style="italic"))
        out.append("</g>")
    x, y = a.x + 12 + 4 * 156, a.y + 32 + 140
    out.append(_rect(x, y, 148, 132, "#f4f4f4", sw=0.8, rx=6))
    for i, line in enumerate(("Draw 1 card per merchant,", "from pile 1 upward (III.1).", "Sold cards go under",
                              "their pile. Set value =", "what a set sells for, T.")):
        out.append(_t(x + 8, y + 22 + i * 17, line, 10))
    return out


def _rows(a: c.Area, lines: list[tuple[str, str]], top: float = 40, step: float = 17, size: float = 11) -> list[str]:
    out = []
    for i, (left, right) in enumerate(lines):
        y = a.y + top + i * step
        out.append(_t(a.x + 12, y, left, size, weight="bold"))
        out.append(_t(a.x + 70, y, right, size))
    return out


def _band(row: c.Band) -> str:
    if row.min is None:
        return f"≤ {row.max}"
    if row.max is None:
        return f"{row.min}+"
    return str(row.min) if row.min == row.max else f"{row.min}–{row.max}"


def _contributions(a: c.Area) -> list[str]:
    rows = [(f"{_band(r)} T", f"+{r.influence} INF") for r in c.TABLES.contributions.rows]
    return _rows(a, rows, top=48, step=22, size=12) + [_t(a.x + 12, a.y + a.h - 12, "for one contribution (II.11)", 10, style="italic")]


def _random_events(a: c.Area) -> list[str]:
    rows = [(str(r.roll), c.EVENT_CARDS[r.event].front.title) for r in c.RANDOM_EVENTS.rows]
    return _rows(a, rows, top=52, step=12.3, size=10) + [_t(a.x + 12, a.y + a.h - 8, "on an initiative roll of 7", 9, style="italic")]


def _recruitment(a: c.Area) -> list[str]:
    names = {u: t.name for u, t in c.ARMY_TYPES.items()} | {"squadron": "Squadron", "caravan": "Caravan",
                                                            "trade_fleet": "Trade fleet"}
    out = []
    for i, r in enumerate(c.TABLES.recruitment.costs):
        y = a.y + 42 + i * 19
        out.append(_t(a.x + 12, y, names[r.unit], 11))
        out.append(_t(a.x + a.w - 12, y, f"{r.cost} T", 11, anchor="end", weight="bold"))
    y = a.y + 42 + len(c.TABLES.recruitment.costs) * 19 + 8
    out.append(_t(a.x + 12, y, "Provinces add to the Reserve:", 11, weight="bold"))
    for p in c.PROVINCES.values():
        if p.armies_added:
            y += 16
            grants = ", ".join(f"{g.count} {UNIT_ABBR[g.army]}" for g in p.armies_added)
            out.append(_t(a.x + 12, y, f"{p.name}: {grants}", 10))
    y += 22
    out.append(_t(a.x + 12, y, "Ineffective Recruitment: ×2 (×3 twice)", 10, style="italic"))
    return out


def _combat(a: c.Area) -> list[str]:
    out = [_t(a.x + 12, a.y + 40, "3 dice + Military + forces − strength", 10, style="italic")]
    for i, r in enumerate(c.TABLES.combat.rows):
        y = a.y + 62 + i * 20
        losses = "all lost" if r.all_lost else f"{r.losses} lost"
        out.append(_t(a.x + 12, y, _band(r), 11, weight="bold"))
        out.append(_t(a.x + 70, y, r.result.title(), 11))
        out.append(_t(a.x + a.w - 12, y, losses, 11, anchor="end"))
    y = a.y + 62 + len(c.TABLES.combat.rows) * 20 + 10
    for line in ("Unmodified roll = D#: Disaster (lose ~50 %)", "Unmodified roll = R#: Retreat (lose ~25 %)",
                 "Related war Active: strength ×2 (two: ×3)", "Veteran counts 2; army, squadron 1",
                 "1 Mortality chit per unit lost"):
        out.append(_t(a.x + 12, y, line, 9.5))
        y += 15
    return out


def _assassination(a: c.Area) -> list[str]:
    names = {"killed": "target killed", "nothing": "no effect", "captured": "assassin captured"}
    rows = [(_band(r), names[r.result]) for r in sorted(c.TABLES.assassination.rows, key=lambda r: -(r.min or 0))]
    return _rows(a, rows, top=48, step=22, size=12) + [_t(a.x + 12, a.y + 126, "1 die; Assassin +1, Secret Escort −1", 10, style="italic")]


def _draw_deck(a: c.Area) -> list[str]:
    out = [_rect(a.x + 40, a.y + 36, 90, 120, PURPLE, "#ffffff", 2, 8),
           _t(a.x + 85, a.y + 106, "I", 34, "deck-label", "middle", "bold", "#ffffff")]
    return out


def _mortality_cup(a: c.Area) -> list[str]:
    cx, cy = a.x + a.w / 2, a.y + 92
    return [f'<ellipse cx="{cx:.1f}" cy="{cy:.1f}" rx="70" ry="48" fill="#3a2f28" stroke="{INK}"/>',
            _t(cx, cy + 5, f"{len(c.MORTALITY_CHITS)} chits", 14, anchor="middle", weight="bold", fill="#ffffff"),
            _t(a.x + 12, a.y + a.h - 12, "numbers 1–25, 'none', 'draw two'", 10, style="italic")]


BODIES = {
    "wars_active": lambda a: _slots(a, 4, "4: falls"),
    "wars_unprosecuted": lambda a: _slots(a, 4),
    "wars_lost": lambda a: _slots(a, 4, "4: falls"),
    "port": _port,
    "wars_inactive": _wars_inactive,
    "active_forces": lambda a: _forces(a, c.SETUP.active_forces),
    "force_reserve": lambda a: _forces(a, c.SETUP.reserve_forces),
    "state_treasury": _treasury,
    "vote_track": _vote_track,
    "trade_mat": _trade_mat,
    "contributions_table": _contributions,
    "random_events_table": _random_events,
    "recruitment_table": _recruitment,
    "combat_table": _combat,
    "assassination_table": _assassination,
    "draw_deck": _draw_deck,
    "mortality_cup": _mortality_cup,
}


def render_map() -> str:
    """The board with its set-up, as an SVG document."""
    b = c.BOARD
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{b.width:.0f}" height="{b.height:.0f}" '
           f'viewBox="0 0 {b.width:.0f} {b.height:.0f}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">',
           f'<rect x="0" y="0" width="{b.width:.0f}" height="{b.height:.0f}" fill="{BOARD}"/>',
           _t(20, 44, "THE REPUBLIC OF CARTHAGE", 28, "title", weight="bold", fill=PURPLE),
           _t(b.width - 20, 30, "The board at set-up. Areas as the rules name them; layout and values reconstructed", 11,
              "subtitle", "end", style="italic"),
           _t(b.width - 20, 48, "unless the rulebook gives them (see README).", 11, "subtitle", "end", style="italic")]
    children: dict[str, list[c.Area]] = {}
    for a in b.areas:
        if a.parent:
            children.setdefault(a.parent, []).append(a)
    for a in b.areas:
        if a.parent:
            continue
        body = [_area(k, BODIES.get(k.id, lambda _: [])(k)) for k in children.get(a.id, [])]
        out.append(_area(a, BODIES.get(a.id, lambda _: [])(a) + body))
    out.append("</svg>")
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------------------ a position
def _panel(x: float, y: float, w: float, title: str, lines: list[str], fill: str) -> tuple[str, float]:
    """A titled box of text lines; a line too long for the box goes on, indented, on the next."""
    width = int((w - 30) / 6.1)  # characters of the 11-px face that fit the box, less an indent
    rows: list[tuple[int, str]] = []  # (indent in steps, text): SVG drops leading spaces, so x moves
    for line in lines:
        indent = 1 if line.startswith(" ") else 0
        for i, part in enumerate(textwrap.wrap(line.strip(), width) or [""]):
            rows.append((indent + (i > 0), part))
    h = 30 + 15 * max(1, len(rows))
    out = [_rect(x, y, w, h, fill), _t(x + 8, y + 18, title, 13, "panel-title", weight="bold")]
    out += [_t(x + 10 + 12 * indent, y + 36 + 15 * i, text, 11) for i, (indent, text) in enumerate(rows)]
    return "".join(out), h


PHASE_WORDS = {"setup": "the set-up", "mortality": "I Mortality", "revenue": "II Revenue", "trade": "III Trade",
               "port": "IV Port", "senate": "V Senate", "combat": "VI Combat and Exploration",
               "civil_war": "VII Civil War", "over": "the game is over"}
PLACE_WORDS = {"active": "Active Forces", "reserve": "Reserve", "rebel": "with the rebels"}
WHERE_WORDS = {"port": "in the Port", "province": "in his province", "war": "at war", "exploration": "exploring",
               "captured": "a prisoner", "exiled": "in exile", "rebel": "in rebellion"}


def render_position(state, title: str = "") -> str:
    """Any position of a game (``state`` of ``state.py``) as an SVG document: the State, the factions
    (by their colours, as the move list names them) with their senators, offices and markers, the
    wars, the forces, the provinces and the commerce piles, every component by its name. Hidden
    things are drawn only as counts (hands, piles); the faction treasuries, hidden from the other
    seats in play (R58), are drawn with their amounts: this is the whole position of an export, which
    holds the whole log (``server/render.py``)."""
    s = state
    width = 1400
    col = [20, 360, 700, 1040]
    heights = [70, 70, 70, 70]
    out: list[str] = []

    def put(c: int, panel_title: str, lines: list[str], fill: str) -> None:
        svg, h = _panel(col[c], heights[c], 330, panel_title, lines, fill)
        out.append(svg)
        heights[c] += h + 12

    def seat_name(x: int) -> str:
        return SEATS[x] if 0 <= x < len(SEATS) else f"seat {x}"

    def names(ids) -> str:
        return ", ".join(_name(x) for x in ids) or "—"

    office_of = {}
    for office, holder in s.offices.items():
        if holder:
            office_of.setdefault(holder, []).append(c.OFFICES[office].name)
    for pid, p in s.provinces.items():
        if p.governor:
            office_of.setdefault(p.governor, []).append(f"governor of {c.PROVINCES[pid].name}")
    if s.phase == "over":
        ended = ([f"won by {', '.join(seat_name(x) for x in s.winners)} ({_name(s.reason)})"] if s.winners
                 else [f"every faction lost ({_name(s.reason)}, IX.5)"])
    else:
        ended = []
    put(0, "The State", [f"turn {s.turn}, {PHASE_WORDS.get(s.phase, s.phase)}",
                         f"State Treasury {s.treasury} T, tax {s.tax_rate} %",
                         f"deck {s.deck_name}: {len(s.deck)} cards", f"laws: {names(s.laws)}",
                         "events: " + (", ".join(getattr(c.EVENT_CARDS[e], side).title
                                                 for e, side in sorted(s.events_in_port.items())) or "—")]
        + ended, AREA_FILL["state_treasury"])
    put(0, "Wars", [f"{c.WARS[w].name}: {x.status}{' (squadron victory)' if x.squadron_victory else ''}"
                    for w, x in sorted(s.wars.items())] + [f"leader {c.LEADERS[x].name}" for x in s.leaders_in_play]
        + [f"exploration {c.EXPLORATIONS[x].name}" for x in s.explorations]
        + ([f"rebellion: {names(s.rebels)} (led by {names(s.rebel_leaders)})"] if s.rebels else []),
        AREA_FILL["war_plans"])
    units: dict[str, int] = {}
    for a in s.armies:
        if a.place != "out":
            key = f"{PLACE_WORDS.get(a.place, _name(a.place))}: {_name(a.type)}{' (veteran)' if a.veteran else ''}"
            units[key] = units.get(key, 0) + 1
    lines = [f"{k} ×{n}" for k, n in sorted(units.items())]
    lines += [f"{PLACE_WORDS.get(p, _name(p))}: squadron ×{n}" for p, n in sorted(s.squadrons.items()) if p != "out"]
    lines += [f"force {f.id} → {_name(f.war)}: {names(f.commanders) if f.commanders else 'no commander'}"
              + (f", {f.caravans} caravans" if f.caravans else "") + (f", {f.fleets} fleets" if f.fleets else "")
              for f in s.forces]
    lines += [f"home in Carthage: {n} {what}" for n, what in ((s.caravans, "caravans"), (s.fleets, "trade fleets")) if n]
    put(1, "Forces", lines, AREA_FILL["active_forces"])
    put(1, "Provinces", [f"{c.PROVINCES[p].name}: {'developed' if v.developed else 'undeveloped'}, "
                         + (f"governor {senator_name(v.governor)} ({v.term} turns left)" if v.governor else "in the Port")
                         for p, v in sorted(s.provinces.items())], AREA_FILL["port"])
    put(1, "Commerce piles", [f"pile {i + 1}: {len(p)} cards" for i, p in enumerate(s.piles)]
        + [f"set aside ({_name(r)}): {len(v)}" for r, v in sorted(s.aside.items())], AREA_FILL["trade_mat"])
    for seat in range(s.players):
        hand, commerce = len(s.hands[seat]), len(s.commerce[seat])
        lines = [f"treasury {s.faction_treasury[seat]} T, {hand} card{'s' if hand != 1 else ''}, "
                 f"{commerce} commerce card{'s' if commerce != 1 else ''}"]
        for x in senators_of(s, seat):
            mark = "★ " if s.leaders[seat] == x.id else ""
            merchants = f", {x.merchants} merchant{'s' if x.merchants != 1 else ''}" if x.merchants else ""
            lines.append(f"{mark}{x.id} {card(x.id).name}: Influence {x.influence}, Popularity {x.popularity}, "
                         f"{x.talents} T{merchants}" + (f" ({WHERE_WORDS.get(x.where, x.where)})" if x.where != "carthage" else ""))
            if x.id in office_of:
                lines.append("    " + ", ".join(office_of[x.id]))
        put(2 + seat % 2, f"{seat_name(seat)} faction", lines, "#fffaf0")
    port = [f"{x.id} {card(x.id).name}{'' if x.face_up else ' (face down)'}"
            for x in sorted(s.senators.values(), key=lambda x: x.family) if x.seat < 0]
    port += [f"{c.OFFICES[o].name} (vacant)" for o, h in s.offices.items() if not h]
    port += [f"concession {_name(k)}{' (face down)' if h == '!' else ''}" for k, h in sorted(s.concessions.items())
             if h in ("", "!")]
    put(0, "The Port", port, AREA_FILL["port"])
    height = max(heights) + 10
    head = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height:.0f}" '
            f'viewBox="0 0 {width} {height:.0f}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">',
            f'<rect x="0" y="0" width="{width}" height="{height:.0f}" fill="{BOARD}"/>',
            _t(20, 44, "THE REPUBLIC OF CARTHAGE", 26, "title", weight="bold", fill=PURPLE),
            _t(width - 20, 44, title, 12, "subtitle", "end", style="italic")]
    return "\n".join(head + out + ["</svg>"]) + "\n"
