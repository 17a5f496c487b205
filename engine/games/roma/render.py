"""Draw a Roma position as a standalone SVG: the table as the players see it.

The six dice discs 1..6 lie in a row between the players, the money disc (the bank) at one end
and the cards disc (the deck, with the discard pile beside it) at the other (Roma "COMPOSITION DU
JEU"). Each player's cards lie on their side of the discs, the second player's above, the first
player's below, with each card's cost and its defence as it stands (every modifier in play). Each
player's panel shows their victory points, sesterces and hand; the middle band shows the VP supply,
the action dice of the turn and the decision pending.

Drawn from the seats' views (``views.view``), never from the raw state: with ``seat`` the picture
shows what that seat sees (the other hand as card backs, face-down cards unseen during set-up);
without it, each side as its owner sees it (a finished game's export is public in full).
A pure function of its arguments: no file I/O, standard library only.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from .cards import BUILDING, CARDS
from .rules import DISCS, SEATS
from .views import HIDDEN, View, view

WIDTH, HEIGHT = 1280, 930
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
INK = "#1b1b1b"
TABLE = "#2f5d3a"          # the green baize
DISC = "#e9dfc4"
SEAT_COLOURS = ("#a3342a", "#1f4e8e")  # first player red, second blue
SEAT_NAMES = ("first player", "second player")
KIND_FILL = {"character": "#f6ead0", BUILDING: "#dfe7ef"}
KIND_EDGE = {"character": "#8a5a1c", BUILDING: "#3d5f7f"}

CARD_W, CARD_H = 128, 150
DISC_X = [250 + i * 146 for i in range(len(DISCS))]  # centres of dice discs 1..6
MONEY_X, CARDS_X = 90, 1190
DISC_Y, DISC_R = 450, 42
ROW_Y = {1: DISC_Y - DISC_R - 14 - CARD_H, 0: DISC_Y + DISC_R + 14}  # top of each seat's cards
PANEL_Y = {1: 58, 0: 680}


def _text(x: float, y: float, s: str, size: int = 14, anchor: str = "middle", weight: str = "normal",
          fill: str = INK, **attrs: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" '
            f'fill="{fill}"{extra}>{escape(s)}</text>')


def _card(x: float, y: float, card: str, defence: int, blocked: bool) -> list[str]:
    """One card lying on a disc (top-left corner at x, y)."""
    if card == "":
        return [f'<rect x="{x:.0f}" y="{y:.0f}" width="{CARD_W}" height="{CARD_H}" rx="8" fill="none" '
                f'stroke="#9fbfa6" stroke-dasharray="6 5"/>']
    if card == HIDDEN:
        return [f'<rect x="{x:.0f}" y="{y:.0f}" width="{CARD_W}" height="{CARD_H}" rx="8" fill="#5b2d1e" '
                f'stroke="#2a140d" stroke-width="2"/>',
                _text(x + CARD_W / 2, y + CARD_H / 2 + 5, "face down", 13, fill="#f1dcc2")]
    t = CARDS[card]
    out = [f'<rect x="{x:.0f}" y="{y:.0f}" width="{CARD_W}" height="{CARD_H}" rx="8" fill="{KIND_FILL[t.kind]}" '
           f'stroke="{KIND_EDGE[t.kind]}" stroke-width="2.5"/>',
           _text(x + CARD_W / 2, y + 26, t.name, 15 if len(t.name) < 14 else 12, weight="bold"),
           _text(x + CARD_W / 2, y + 44, "character" if t.kind == "character" else "building", 11,
                 fill=KIND_EDGE[t.kind], font_style="italic"),
           _text(x + 12, y + CARD_H - 14, f"cost {t.cost}", 12, anchor="start"),
           f'<circle cx="{x + CARD_W - 24:.0f}" cy="{y + CARD_H - 28:.0f}" r="17" fill="#fff" '
           f'stroke="{KIND_EDGE[t.kind]}" stroke-width="2"/>',
           _text(x + CARD_W - 24, y + CARD_H - 22, str(defence), 17, weight="bold")]
    if defence != t.defence:  # a modifier in play: show the printed value too
        out.append(_text(x + 12, y + CARD_H - 30, f"printed def {t.defence}", 10, anchor="start", fill="#555"))
    words = t.effect.replace("`amount`", str(t.amount)).split()
    line, lines = "", []
    for w in words:  # the effect, wrapped to the card, at most four lines
        if len(line) + len(w) + 1 > 22:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}".strip()
    lines.append(line)
    if len(lines) > 4:
        lines = lines[:4]
        lines[3] = lines[3][:19] + "…"
    out += [_text(x + CARD_W / 2, y + 64 + 13 * i, s, 10, fill="#333") for i, s in enumerate(lines)]
    if blocked:
        out.append(f'<rect x="{x:.0f}" y="{y:.0f}" width="{CARD_W}" height="{CARD_H}" rx="8" '
                   f'fill="#000" fill-opacity="0.35"/>')
        out.append(_text(x + CARD_W / 2, y + CARD_H / 2 + 6, "BLOCKED", 16, weight="bold", fill="#fff"))
    return out


def _hand(x: float, y: float, cards: tuple[str, ...] | None, count: int, colour: str) -> list[str]:
    """A hand: the cards by name (``cards``), or ``count`` card backs when they are unseen."""
    out = []
    if cards is None:
        for i in range(count):
            cx = x + i * 22
            out.append(f'<rect x="{cx:.0f}" y="{y:.0f}" width="40" height="56" rx="5" fill="#5b2d1e" '
                       f'stroke="#f1dcc2" stroke-width="1.5"/>')
        out.append(_text(x + max(count, 1) * 22 + 36, y + 34, f"{count} card{'s' if count != 1 else ''} (hidden)",
                         13, anchor="start", fill="#f1dcc2"))
        return out
    if not cards:
        return [_text(x, y + 34, "no card in hand", 13, anchor="start", fill="#f1dcc2")]
    for i, card in enumerate(sorted(cards, key=lambda c: (CARDS[c].kind, CARDS[c].name))):
        t = CARDS[card]
        cx, cy = x + (i % 8) * 118, y + (i // 8) * 30
        out.append(f'<rect x="{cx:.0f}" y="{cy:.0f}" width="112" height="26" rx="5" fill="{KIND_FILL[t.kind]}" '
                   f'stroke="{colour}" stroke-width="1.5"/>')
        out.append(_text(cx + 56, cy + 18, f"{t.name} ({t.cost})", 12))
    return out


def _panel(seat: int, v: View, hand: tuple[str, ...] | None, giving: tuple[str, ...]) -> list[str]:
    y, colour = PANEL_Y[seat], SEAT_COLOURS[seat]
    turn_mark = " — to play" if seat in v.to_act else ""
    out = [f'<rect x="20" y="{y}" width="{WIDTH - 40}" height="150" rx="12" fill="#1d3b25" '
           f'stroke="{colour}" stroke-width="4"/>',
           _text(40, y + 30, f"Seat {seat}: the {SEAT_NAMES[seat]}{turn_mark}", 20, anchor="start",
                 weight="bold", fill="#fff"),
           _text(40, y + 62, f"{v.vp[seat]} VP", 26, anchor="start", weight="bold", fill="#f5d76e"),
           _text(40, y + 92, f"{v.money[seat]} sesterces", 18, anchor="start", fill="#f1dcc2"),
           _text(40, y + 120, f"hand: {v.hand_sizes[seat]}", 14, anchor="start", fill="#f1dcc2")]
    if v.phase == "pass":
        chosen = f": {', '.join(CARDS[c].name for c in giving)}" if hand is not None and giving else ""
        out.append(_text(40, y + 142, f"chose {v.passed_count[seat]} of 2 to give{chosen}", 12, anchor="start",
                         fill="#f1dcc2"))
    return out + _hand(250, y + 46, hand, v.hand_sizes[seat], colour)


def _middle(v: View) -> list[str]:
    """The discs, the bank, the deck and the pile, then the dice and the pending decision."""
    out = [f'<rect x="20" y="{DISC_Y - 56}" width="{WIDTH - 40}" height="112" rx="14" fill="#274f31"/>']
    for d, x in zip(DISCS, DISC_X):
        out.append(f'<circle cx="{x}" cy="{DISC_Y}" r="{DISC_R}" fill="{DISC}" stroke="#6b5a34" stroke-width="3"/>')
        out.append(_text(x, DISC_Y + 13, str(d), 36, weight="bold", fill="#6b5a34"))
    out.append(f'<circle cx="{MONEY_X}" cy="{DISC_Y}" r="{DISC_R + 8}" fill="#e6c25a" stroke="#8a6d1c" stroke-width="3"/>')
    out.append(_text(MONEY_X, DISC_Y - 4, "money", 15, weight="bold"))
    out.append(_text(MONEY_X, DISC_Y + 16, "the bank", 12))
    out.append(f'<circle cx="{CARDS_X}" cy="{DISC_Y}" r="{DISC_R + 8}" fill="#b9d3e6" stroke="#3d5f7f" stroke-width="3"/>')
    out.append(_text(CARDS_X, DISC_Y - 4, "cards", 15, weight="bold"))
    out.append(_text(CARDS_X, DISC_Y + 16, f"deck {v.deck_size}", 12))
    pile = f"discard {len(v.discard)}" + (f": {CARDS[v.discard[-1]].name} on top" if v.discard else "")
    info = [f"VP supply {v.supply}", pile]
    if v.removed:
        info.append("out of the game: " + ", ".join(CARDS[c].name for c in v.removed))
    if v.essedum:
        info.append(f"Essedum: the opponent's cards defend {v.essedum} less this turn")
    out.append(_text(WIDTH / 2, HEIGHT - 62, " · ".join(info), 14, fill="#fff"))
    if v.dice:
        x0 = 330
        out.append(_text(x0 - 12, HEIGHT - 24, f"seat {v.active}'s action dice:", 14, anchor="end", fill="#fff"))
        for i, (value, used) in enumerate(zip(v.dice, v.dice_used)):
            x = x0 + i * 44
            out.append(f'<rect x="{x:.0f}" y="{HEIGHT - 48}" width="34" height="34" rx="6" '
                       f'fill="{"#777" if used else "#fff"}" stroke="{INK}" stroke-width="1.5"/>')
            out.append(_text(x + 17, HEIGHT - 24, str(value), 20, weight="bold", fill="#444" if used else INK))
        out.append(_text(x0 + len(v.dice) * 44 + 6, HEIGHT - 24, "(grey: used)", 12, anchor="start", fill="#ddd"))
    p = v.pending
    if p.kind:
        about = [CARDS[p.card].name + (f" on disc {p.disc}" if p.disc > 0 else "")] if p.card in CARDS else []
        about += [f"battle die {p.roll} against opposing disc {p.target}"] if p.roll > 0 and p.target > 0 else []
        about = f" ({', '.join(about)})" if about else ""
        cards = f": {', '.join(CARDS[c].name for c in p.cards)}" if p.cards else \
            (f": {p.card_count} cards" if p.card_count else "")
        out.append(_text(600, HEIGHT - 24, f"seat {p.seat} decides: {p.kind}{about}{cards}", 14,
                         anchor="start", fill="#f5d76e"))
    return out


def render_position(state, title: str | None = None, seat: int | None = None) -> str:
    """A Roma position (a :class:`.state.State`) as the table: ``seat`` draws what that seat sees;
    ``None`` each side as its owner sees it (both hands face up)."""
    views = {s: view(state, s) for s in SEATS}
    shown = views[seat] if seat is not None else views[0]
    head = title or "Roma"
    if shown.over:
        who = " and ".join(f"seat {w}" for w in shown.winners) or "nobody (a draw)"
        status = f"over ({shown.reason}): {who} won"
    elif shown.phase == "pass":
        status = "set-up: each player chooses two cards to give"
    elif shown.phase == "place":
        status = f"set-up: seat {shown.active} lays cards face down"
    else:
        status = f"turn {shown.turn}: seat {shown.active} to play"
    viewer = f" · as seat {seat} sees it" if seat is not None else ""
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="{FONT}">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="{TABLE}"/>',
           _text(WIDTH / 2, 36, f"{head} — {status}{viewer}", 20, weight="bold", fill="#fff")]
    for s in SEATS:
        side = (shown if seat is not None else views[s]).sides[s]
        hand = views[s].hand if seat is None or seat == s else None
        out += _panel(s, shown, hand, views[s].passing)
        for d, x in zip(DISCS, DISC_X):
            out += _card(x - CARD_W / 2, ROW_Y[s], side.cards[d - 1], side.defences[d - 1], d in side.blocked)
    out += _middle(shown)
    out.append("</svg>")
    return "\n".join(out) + "\n"
