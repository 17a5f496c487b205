// The Republic of Carthage's board, drawn from the seat's view only (View of
// republic_of_carthage.proto): never from anything else. The areas and their places are the
// engine's own (data/board.json, as render.py draws board.svg); what the areas hold comes from the
// view, named and valued from the game's public data files.
import { language, t } from './i18n';
import { el, svg } from './dom';
import { BoardContext, SEAT_COLOURS, clickFor, legendBox, legendSymbol } from './kit';
import { nameIn } from './words';
import { secretChoiceWords } from './rocWords';
import boardData from '../../../engine/games/republic_of_carthage/data/board.json';
import senatorsData from '../../../engine/games/republic_of_carthage/data/senators.json';
import cardsData from '../../../engine/games/republic_of_carthage/data/cards.json';
import warsData from '../../../engine/games/republic_of_carthage/data/wars.json';
import officesData from '../../../engine/games/republic_of_carthage/data/offices.json';
import commerceData from '../../../engine/games/republic_of_carthage/data/commerce.json';
import forcesData from '../../../engine/games/republic_of_carthage/data/forces.json';
import tablesData from '../../../engine/games/republic_of_carthage/data/tables.json';
import eventsData from '../../../engine/games/republic_of_carthage/data/random_events.json';

const GAME = 'republic-of-carthage';
const INK = '#2b2118', PURPLE = '#6b2a5e', SEA = '#1f5f8b', GOLD = '#b8860b';
// the area colours of render.py, so that the page's board and board.svg look alike
const AREA_FILL: Record<string, string> = {
  war_plans: '#ead2c8', wars_active: '#f3c6b8', wars_inactive: '#efe2cf', wars_unprosecuted: '#f1d9b0',
  wars_lost: '#d9c6c6', active_forces: '#dfe6c9', force_reserve: '#e8ecd9', port: '#d4e3ec',
  state_treasury: '#f2e4b3', vote_track: '#e7dcef', trade_mat: '#d9ead9',
};

interface Area { id: string; name: string; name_fr: string; x: number; y: number; w: number; h: number; parent: string | null }
const BOARD = boardData as any;
const AREAS = new Map<string, Area>((BOARD.areas as Area[]).map((a) => [a.id, a]));
/** A component's name in the page's language: the French edition's (name_fr) in French, where the data has it. */
const named = (x: any): string | undefined => (language() === 'fr' && x?.name_fr) || x?.name;
/** A Random Event's side (front or back) by its title in the page's language. */
const sideTitle = (s: any): string => (language() === 'fr' && s?.title_fr) || s?.title;
// the phases as the French rules name them (I. Phase de Mortalité … VII. Phase de Guerre civile)
const PHASES_FR: Record<string, string> = { setup: 'de mise en place', mortality: 'de Mortalité', revenue: 'de Revenu', trade: 'de Commerce',
  port: 'Portuaire', senate: 'de Sénat', combat: 'de Combat et d\'Exploration', civil_war: 'de Guerre civile', end_turn: 'de fin de tour', over: 'finie' };

const PERSONS = new Map<string, any>();
for (const f of (senatorsData as any).families) PERSONS.set(String(f.id), f);
for (const f of (senatorsData as any).statesmen) PERSONS.set(f.id, f);
const CARDS = new Map<string, any>((cardsData as any).cards.map((c: any) => [c.id, c]));
const WARS = new Map<string, any>();
for (const w of (warsData as any).wars) WARS.set(w.id, w);
for (const w of (warsData as any).explorations) WARS.set(w.id, { ...w, kind: 'exploration' });
const LEADERS = new Map<string, any>((warsData as any).leaders.map((l: any) => [l.id, l]));
const OFFICES = new Map<string, any>((officesData as any).offices.map((o: any) => [o.id, o]));
const COMMODITIES = (commerceData as any).commodities as any[];
const COMMODITY = new Map<string, any>(COMMODITIES.map((c) => [c.id, c]));
const ARMY = new Map<string, any>((forcesData as any).armies.map((a: any) => [a.id, a]));
const EVENT_CARDS = new Map<string, any>((eventsData as any).cards.map((e: any) => [e.id, e]));

const n = (id: string) => nameIn(GAME, id);
const shortName = (id: string) => n(id).replace(/ \([^)]*\)$/, '');

function text(x: number, y: number, s: string, size = 12, attrs: Record<string, any> = {}): SVGElement {
  return svg('text', { x, y, 'font-size': size, fill: INK, ...attrs }, s);
}

function box(x: number, y: number, w: number, h: number, fill: string, attrs: Record<string, any> = {}): SVGElement {
  return svg('rect', { x, y, width: w, height: h, rx: 4, fill, stroke: INK, 'stroke-width': 1.2, ...attrs });
}

/** Words that fit `chars` characters a line, at most `lines` lines. */
function wrap(s: string, chars: number, lines = 3): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of s.split(' ')) {
    if (line && (line + ' ' + word).length > chars) { out.push(line); line = word; } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out.length > lines ? [...out.slice(0, lines - 1), `${out[lines - 1]}…`] : out;
}

function areaBox(a: Area): SVGElement {
  const g = svg('g', { class: 'area', 'data-area': a.id });
  g.append(box(a.x, a.y, a.w, a.h, AREA_FILL[a.id] ?? '#f6efe0'));
  g.append(text(a.x + 10, a.y + 20, (named(a) ?? a.name).toUpperCase(), 14, { 'font-weight': 'bold' }));
  return g;
}

// Each faction's colour: the colour its seat is named after (red, blue …), else the seat's.
const COLOUR_WORDS: Record<string, string> = { red: '#b03a2e', blue: '#1f618d', green: '#1e8449', yellow: '#b7950b',
  purple: '#7d3c98', orange: '#d35400', black: '#222', white: '#888' };
function colours(ctx: BoardContext): (seat: number) => string {
  return (seat) => COLOUR_WORDS[ctx.seatName(seat).split(/[\s(]/)[0].toLowerCase()] ?? SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

/** Who holds which office, and which senators govern which province. */
function offices(v: any): Map<string, string[]> {
  const held = new Map<string, string[]>();
  const add = (who: string, what: string) => held.set(who, [...(held.get(who) ?? []), what]);
  for (const o of v.offices) if (o.holder) add(o.holder, `${named(OFFICES.get(o.office)) ?? n(o.office)}${o.term ? t(' ({n} left)', { n: o.term }) : ''}${o.red ? t(' [red]') : ''}`);
  for (const p of v.provinces) if (p.governor) add(p.governor, `${t('governor of {province}', { province: n(p.province) })}${p.term ? t(' ({n} left)', { n: p.term }) : ''}${p.red ? t(' [red]') : ''}`);
  return held;
}

// ---- the war plans: one card per war, in the area of its status ----------------------------------

function warCard(v: any, war: any, x: number, y: number, w: number, ctx: BoardContext): SVGElement {
  const data = WARS.get(war.war) ?? {};
  const click = clickFor(ctx, war.war, 'war-card');
  const g = svg('g', { ...click, 'data-war': war.war });
  const h = 104;
  g.append(svg('title', {}, `${named(data) ?? war.war}${data.dates ? ` (${data.dates})` : ''}: ${data.text ?? ''}`));
  g.append(box(x, y, w, h, '#fffaf0', { rx: 6 }));
  wrap(named(data) ?? n(war.war), Math.floor(w / 6.6), 2).forEach((line, i) => g.append(text(x + 5, y + 15 + i * 13, line, 11.5, { 'font-weight': 'bold' })));
  if (data.kind === 'exploration') {
    g.append(text(x + 5, y + 52, `${data.caravans}c / ${data.fleets}f`, 14, { 'font-weight': 'bold' }));
  } else {
    g.append(text(x + 5, y + 52, `${data.land ?? '?'}/${data.squadron_support ?? '?'}/${data.naval ?? '?'}`, 15, { 'font-weight': 'bold' }));
  }
  const dr = [...(data.disaster ?? []).map((d: number) => `D${d}`), ...(data.retreat ?? []).map((r: number) => `R${r}`)].join(' ');
  g.append(text(x + 5, y + 68, dr, 11.5));
  const leaders = (v.enemyLeaders as string[]).filter((l) => LEADERS.get(l)?.wars?.includes(war.war));
  leaders.forEach((l, i) => g.append(text(x + 5, y + 79 + i * 11, `+ ${named(LEADERS.get(l))!.split(' ')[0]} ${LEADERS.get(l).strength}`, 9.5, { fill: '#8b1a1a', 'font-weight': 'bold' })));
  const forces = (v.forces as any[]).filter((f) => f.war === war.war);
  if (forces.length) {
    g.append(svg('rect', { x: x + w - 26, y: y + h - 24, width: 22, height: 20, rx: 3, fill: PURPLE }));
    g.append(text(x + w - 15, y + h - 9, `F${forces.map((f) => f.force).join(',')}`, 9, { fill: '#fff', 'text-anchor': 'middle', 'font-weight': 'bold' }));
  }
  if (war.squadronVictory) g.append(text(x + 5, y + h - 6, t('naval won'), 9, { fill: SEA, 'font-style': 'italic' }));
  return g;
}

function warAreas(v: any, ctx: BoardContext): SVGElement[] {
  const out: SVGElement[] = [];
  const byStatus = new Map<string, any[]>();
  for (const w of v.wars) byStatus.set(w.status, [...(byStatus.get(w.status) ?? []), w]);
  // exploration cards wait among the inactive wars (board.json's text for that area)
  const explorations = (v.explorations as string[]).filter((x) => !v.wars.some((w: any) => w.war === x));
  byStatus.set('inactive', [...(byStatus.get('inactive') ?? []), ...explorations.map((x) => ({ war: x, status: 'inactive' }))]);
  for (const status of ['active', 'inactive', 'unprosecuted', 'lost']) {
    const a = AREAS.get(`wars_${status}`);
    if (!a) continue;
    const g = areaBox(a);
    const wars = byStatus.get(status) ?? [];
    const slots = Math.max(4, wars.length);
    const w = Math.min(76, (a.w - 24) / slots - 6);
    if (status === 'active' || status === 'lost') {  // four here: Carthage falls (IX)
      for (let i = wars.length; i < 4; i++) {
        g.append(svg('rect', { x: a.x + 12 + i * (w + 8), y: a.y + 40, width: w, height: 104, rx: 6, fill: 'none', stroke: INK,
          'stroke-dasharray': '5 4', opacity: 0.5 }));
      }
    }
    wars.forEach((war, i) => g.append(warCard(v, war, a.x + 12 + i * (w + 8), a.y + 40, w, ctx)));
    if (status === 'inactive') {
      const loose = (v.enemyLeaders as string[]).filter((l) => !v.wars.some((w: any) => LEADERS.get(l)?.wars?.includes(w.war)));
      loose.forEach((l, i) => g.append(text(a.x + 12, a.y + 162 + i * 14, t('leader {name} ({strength})', { name: named(LEADERS.get(l)) ?? n(l), strength: LEADERS.get(l)?.strength ?? '?' }), 11.5)));
    }
    g.append(text(a.x + a.w - 10, a.y + 20, `${wars.length}`, 13, { 'text-anchor': 'end', 'font-weight': 'bold' }));
    out.push(g);
  }
  return out;
}

// ---- forces ------------------------------------------------------------------------------------

const abbr = (unit: string) => unit === 'squadron' ? 'Sq' : (named(ARMY.get(unit)) ?? unit).split(' ').slice(-1)[0].slice(0, 4);

function token(x: number, y: number, u: any): SVGElement {
  const g = svg('g', { class: 'token', 'data-unit': u.unit });
  const loyal = (u.loyal ?? []).filter((x: string) => x).map((x: string) => nameIn('republic-of-carthage', x));
  g.append(svg('title', {}, `${u.count} × ${u.unit === 'squadron' ? 'squadron' : named(ARMY.get(u.unit)) ?? u.unit}`
    + `${u.veterans ? `, ${u.veterans} veteran${u.veterans > 1 ? 's' : ''}` : ''}${loyal.length ? ` (loyal to ${loyal.join(', ')})` : ''}`));
  g.append(box(x, y, 52, 40, u.unit === 'squadron' ? SEA : PURPLE, { stroke: '#fff', 'stroke-width': 1.5, rx: 3 }));
  g.append(text(x + 26, y + 16, abbr(u.unit), 11, { fill: '#fff', 'text-anchor': 'middle', 'font-weight': 'bold' }));
  g.append(text(x + 26, y + 33, `×${u.count}${u.veterans ? ` (${u.veterans}v)` : ''}`, 11, { fill: '#fff', 'text-anchor': 'middle' }));
  return g;
}

function forceArea(v: any, id: string, place: string): SVGElement | null {
  const a = AREAS.get(id);
  if (!a) return null;
  const g = areaBox(a);
  const units = (v.units as any[]).filter((u) => u.place === place && u.count > 0);
  units.forEach((u, i) => g.append(token(a.x + 12 + (i % 6) * 58, a.y + 34 + Math.floor(i / 6) * 46, u)));
  if (!units.length) g.append(text(a.x + 12, a.y + 50, t('none'), 11, { 'font-style': 'italic' }));
  if (place === 'active') {  // forces sent to wars, and units away from the board
    const lines = (v.forces as any[]).map((f) => {
      const with_ = (v.units as any[]).filter((u) => u.place === `force:${f.force}`).map((u) => `${u.count} ${abbr(u.unit)}`);
      return `F${f.force} → ${shortName(f.war)}: ${f.commanders.map(shortName).join(', ') || 'no commander'}`
        + `${with_.length ? `; ${with_.join(', ')}` : ''}${f.squadrons ? `, ${f.squadrons} Sq` : ''}${f.caravans ? `, ${f.caravans} caravans` : ''}${f.fleets ? `, ${f.fleets} fleets` : ''}`;
    });
    const away = (v.units as any[]).filter((u) => /^(deserted|rebel)/.test(u.place) && u.count)
      .map((u) => `${u.count} ${abbr(u.unit)} ${u.place.startsWith('rebel') ? 'with the rebel' : `deserted (${shortName(u.place.split(':')[1] ?? '')})`}`);
    const home = [v.caravans ? `${v.caravans} caravans` : '', v.fleets ? `${v.fleets} trade fleets` : ''].filter(Boolean);
    if (home.length) away.push(`home in Carthage: ${home.join(', ')}`);  // R172: to be used again
    [...lines, ...away].slice(0, 4).forEach((line, i) => g.append(text(a.x + 12, a.y + 128 + i * 14, line, 11.5)));
  }
  return g;
}

// ---- the Port: what awaits the Senate ----------------------------------------------------------------

function port(v: any, ctx: BoardContext): SVGElement | null {
  const a = AREAS.get('port');
  if (!a) return null;
  const g = areaBox(a);
  const concessions = (v.concessions as any[]).map((c, i) => ({ ...c, holder: v.concessionHolders?.[i] ?? '' }))
    .filter((c) => !c.holder && c.value <= 0);
  const columns: [string, [string, string][]][] = [
    [t('Provinces'), (v.provinces as any[]).filter((p) => !p.governor).map((p) => [p.province, `${n(p.province)}${p.developed ? t(' (developed)') : ''}`])],
    [t('Offices'), (v.offices as any[]).filter((o) => !o.holder).map((o) => [o.office, named(OFFICES.get(o.office)) ?? n(o.office)])],
    [t('Concessions'), concessions.map((c) => [c.name, c.value < 0 ? `${n(c.name)}${t(' (face down)')}` : n(c.name)])],
    [t('Senators'), (v.senators as any[]).filter((s) => s.seat < 0).map((s) => [s.senator, `${shortName(s.senator)}${s.faceUp ? '' : t(' (dead)')}`])],
    [t('Events'), (v.events as string[]).map((e) => {
      const [id, side] = e.split(':');
      const card = EVENT_CARDS.get(id);
      return [id, card ? sideTitle(side === 'back' ? card.back : card.front) : n(id)];
    })],
  ];
  const colW = (a.w - 24) / columns.length;
  columns.forEach(([title, items], i) => {
    const x = a.x + 12 + i * colW;
    g.append(svg('rect', { x, y: a.y + 30, width: colW - 8, height: a.h - 40, rx: 6, fill: 'none', stroke: INK, 'stroke-dasharray': '5 4', opacity: 0.5 }));
    g.append(text(x + 6, a.y + 47, `${title} (${items.length})`, 12.5, { 'font-weight': 'bold', 'font-style': 'italic' }));
    const shown = items.length > 7 ? items.slice(0, 6) : items;
    shown.forEach(([id, label], k) => {
      const t = text(x + 6, a.y + 64 + k * 15, label.length > 21 ? `${label.slice(0, 20)}…` : label, 11.5, clickFor(ctx, id));
      t.append(svg('title', {}, label));
      g.append(t);
    });
    if (shown.length < items.length) g.append(text(x + 6, a.y + 64 + 6 * 15, `+${items.length - 6} more`, 11, { 'font-style': 'italic' }));
  });
  return g;
}

// ---- the State: treasury, tax rate, votes --------------------------------------------------------

function treasury(v: any): SVGElement | null {
  const a = AREAS.get('state_treasury');
  if (!a) return null;
  const g = areaBox(a);
  g.append(text(a.x + 12, a.y + 62, `${v.treasury} T`, 30, { 'font-weight': 'bold', fill: GOLD }));
  g.append(text(a.x + 12, a.y + 84, t('in the State Treasury'), 11, { 'font-style': 'italic' }));
  g.append(text(a.x + 12, a.y + 112, t('Tax rate %'), 12, { 'font-weight': 'bold' }));
  (BOARD.tax_track as number[]).forEach((rate, i) => {
    const on = rate === v.taxRate;
    const x = a.x + 12 + i * 40;
    g.append(box(x, a.y + 120, 34, 34, on ? GOLD : '#fffaf0'));
    g.append(text(x + 17, a.y + 142, String(rate), 12, { 'text-anchor': 'middle', 'font-weight': 'bold', fill: on ? '#fff' : INK }));
  });
  g.append(text(a.x + 12, a.y + 182, t('Laws: {laws}', { laws: (v.laws as string[]).map(n).join(', ') || t('none') }), 12.5));
  return g;
}

/** Each faction's Eloquence in Carthage (what the vote track counts): its senators there, by their cards. */
function eloquence(v: any, seat: number): number {
  return (v.senators as any[]).filter((s) => s.seat === seat && s.where === 'carthage' && s.faceUp)
    .reduce((sum, s) => sum + (PERSONS.get(s.senator)?.eloquence ?? 0), 0);
}

function voteTrack(v: any, seats: number[], colour: (seat: number) => string): SVGElement | null {
  const a = AREAS.get('vote_track');
  if (!a) return null;
  const g = areaBox(a);
  const cols = 10;
  const at = new Map<number, number[]>();
  for (const s of seats) { const e = Math.min(eloquence(v, s), BOARD.vote_track_max); at.set(e, [...(at.get(e) ?? []), s]); }
  for (let k = 0; k <= BOARD.vote_track_max; k++) {
    const x = a.x + 12 + (k % cols) * 35, y = a.y + 30 + Math.floor(k / cols) * 24;
    g.append(box(x, y, 31, 20, '#fbf7ff', { 'stroke-width': 0.8, rx: 2 }));
    g.append(text(x + 15.5, y + 14, String(k), 10, { 'text-anchor': 'middle' }));
    (at.get(k) ?? []).forEach((s, i) => {
      const m = svg('circle', { cx: x + 6 + i * 7, cy: y + 10, r: 6, fill: colour(s), stroke: '#fff', 'stroke-width': 1.5 });
      m.append(svg('title', {}, t('faction {s}: eloquence {k} in Carthage', { s, k })));
      g.append(m);
    });
  }
  g.append(text(a.x + 12, a.y + a.h - 10, t('each faction\'s eloquence in Carthage (its senators\' cards)'), 11, { 'font-style': 'italic' }));
  return g;
}

// ---- the trade mat ---------------------------------------------------------------------------

function tradeMat(v: any): SVGElement | null {
  const a = AREAS.get('trade_mat');
  if (!a) return null;
  const g = areaBox(a);
  const aside = new Map<number, number>();
  for (const x of v.aside as string[]) {
    const pile = COMMODITY.get(x.split(':').slice(-1)[0])?.pile;
    if (pile) aside.set(pile, (aside.get(pile) ?? 0) + 1);
  }
  const piles = (commerceData as any).piles as number;
  for (let p = 1; p <= piles; p++) {
    const col = (p - 1) % 5, row = Math.floor((p - 1) / 5);
    const x = a.x + 12 + col * 156, y = a.y + 32 + row * 140;
    const pg = svg('g', { class: 'pile', 'data-pile': p });
    pg.append(box(x, y, 148, 132, '#fffdf6', { rx: 6, 'stroke-width': 1 }));
    pg.append(text(x + 8, y + 20, t('Pile {p}', { p }), 14, { 'font-weight': 'bold' }));
    pg.append(text(x + 140, y + 20, t('{n} cards', { n: v.piles[p - 1] ?? 0 }), 14, { 'text-anchor': 'end', 'font-weight': 'bold', fill: SEA }));
    COMMODITIES.filter((c) => c.pile === p).forEach((c, i) => {
      pg.append(text(x + 8, y + 42 + i * 34, `${(language() === 'fr' && c.name_fr) || c.name} ×${c.cards}`, 12.5, { 'font-weight': 'bold' }));
      const values = c.set_values.join('·');
      pg.append(text(x + 8, y + 57 + i * 34, values, values.length > 28 ? 9 : 10.5));
    });
    if (aside.get(p)) pg.append(text(x + 8, y + 124, t('{n} set aside', { n: aside.get(p) ?? 0 }), 11, { 'font-style': 'italic' }));
    g.append(pg);
  }
  const x = a.x + 12 + 4 * 156, y = a.y + 32 + 140;
  g.append(box(x, y, 148, 132, '#f4f4f4', { rx: 6, 'stroke-width': 0.8 }));
  [t('Set values: what 1, 2, 3 …'), t('cards of a commodity'), t('sell for together, in T.'), '', t('Deck {deck}: {n} cards', { deck: v.deck, n: v.deckSize }),
    t('Discard: {n} cards', { n: v.discard.length })].forEach((line, i) => g.append(text(x + 8, y + 22 + i * 18, line, 11.5)));
  return g;
}

// ---- the printed tables, from tables.json ---------------------------------------------------------

function band(r: any): string {
  if (r.min === null || r.min === undefined) return `≤ ${r.max}`;
  if (r.max === null || r.max === undefined) return `${r.min}+`;
  return r.min === r.max ? String(r.min) : `${r.min}–${r.max}`;
}

function table(id: string, rows: [string, string][], size = 10.5, step = 15): SVGElement | null {
  const a = AREAS.get(id);
  if (!a) return null;
  const g = areaBox(a);
  rows.forEach(([left, right], i) => {
    g.append(text(a.x + 12, a.y + 46 + i * step, left, size, { 'font-weight': 'bold' }));
    g.append(text(a.x + a.w - 12, a.y + 46 + i * step, right, size, { 'text-anchor': 'end' }));
  });
  return g;
}

// the printed tables' words in the page's language (the results of tables.json, the units it prices)
const RESULTS: Record<string, string> = { captured: 'captured', nothing: 'nothing', killed: 'killed', defeat: 'defeat',
  attrition: 'attrition', victory: 'victory' };
const RESULTS_FR: Record<string, string> = { captured: 'pris', nothing: 'rien', killed: 'tué', defeat: 'défaite',
  attrition: 'attrition', victory: 'victoire' };
const UNITS_FR: Record<string, string> = { squadron: 'Escadre', caravan: 'Caravane', trade_fleet: 'Flotte commerciale' };
const result = (r: string) => (language() === 'fr' ? RESULTS_FR : RESULTS)[r] ?? r;

function tables(): (SVGElement | null)[] {
  const data = tablesData as any;
  const unitName = (u: string) => named(ARMY.get(u)) ?? ((language() === 'fr' && UNITS_FR[u]) || n(u));
  return [
    table('contributions_table', data.contributions.rows.map((r: any) => [`${band(r)} T`, `+${r.influence} INF`]), 13, 24),
    table('assassination_table', data.assassination.rows.map((r: any) => [band(r), result(r.result)]), 13, 24),
    table('random_events_table', (eventsData as any).rows.map((r: any) => [String(r.roll), (EVENT_CARDS.get(r.event) ? sideTitle(EVENT_CARDS.get(r.event).front) : r.event)]), 11, 13.2),
    table('recruitment_table', data.recruitment.costs.map((r: any) => [unitName(r.unit), `${r.cost} T`]), 12.5, 21),
    table('combat_table', data.combat.rows.map((r: any) => [band(r), `${result(r.result)}, ${r.all_lost ? t('all lost') : t('{n} lost', { n: r.losses })}`]), 12.5, 22),
  ];
}

function deck(v: any): SVGElement | null {
  const a = AREAS.get('draw_deck');
  if (!a) return null;
  const g = areaBox(a);
  g.append(box(a.x + 40, a.y + 36, 90, 120, PURPLE, { stroke: '#fff', 'stroke-width': 2, rx: 8 }));
  g.append(text(a.x + 85, a.y + 96, v.deck || 'I', 34, { 'text-anchor': 'middle', 'font-weight': 'bold', fill: '#fff' }));
  g.append(text(a.x + 85, a.y + 130, t('{n} cards', { n: v.deckSize }), 12, { 'text-anchor': 'middle', fill: '#fff' }));
  g.append(text(a.x + 12, a.y + a.h - 12, t('discard pile: {n}', { n: v.discard.length }), 12));
  return g;
}

function cup(): SVGElement | null {
  const a = AREAS.get('mortality_cup');
  if (!a) return null;
  const g = areaBox(a);
  g.append(svg('ellipse', { cx: a.x + a.w / 2, cy: a.y + 100, rx: 70, ry: 48, fill: '#3a2f28', stroke: INK }));
  g.append(text(a.x + a.w / 2, a.y + 105, t('Mortality chits'), 12, { 'text-anchor': 'middle', fill: '#fff', 'font-weight': 'bold' }));
  return g;
}

function boardSvg(v: any, ctx: BoardContext, seats: number[]): SVGElement {
  const root = svg('svg', { viewBox: `0 0 ${BOARD.width} ${BOARD.height}`, class: 'roc-board', role: 'img',
    'font-family': 'DejaVu Sans, Helvetica, Arial, sans-serif' });
  root.append(svg('rect', { x: 0, y: 0, width: BOARD.width, height: BOARD.height, fill: '#e9dcc0' }));
  root.append(text(20, 44, 'THE REPUBLIC OF CARTHAGE', 28, { 'font-weight': 'bold', fill: PURPLE }));
  root.append(text(BOARD.width - 20, 44, language() === 'fr' ? `Tour ${v.turn} · phase ${PHASES_FR[v.phase] ?? String(v.phase).replace(/_/g, ' ')}`
    : `Turn ${v.turn} · ${String(v.phase).replace(/_/g, ' ')} phase`, 20, { 'text-anchor': 'end', 'font-weight': 'bold' }));
  const plans = AREAS.get('war_plans');
  if (plans) root.append(areaBox(plans));
  for (const part of [...warAreas(v, ctx), forceArea(v, 'active_forces', 'active'), forceArea(v, 'force_reserve', 'reserve'),
    port(v, ctx), treasury(v), voteTrack(v, seats, colours(ctx)), tradeMat(v), ...tables(), deck(v), cup()]) {
    if (part) root.append(part);
  }
  return root;
}

// ---- the factions and the seat's own cards (HTML: tables read better than SVG) ------------------------

function factions(v: any, ctx: BoardContext, seats: number[]): HTMLElement {
  const colour = colours(ctx);
  const held = offices(v);
  const cards = new Map<number, any>((v.seats as any[]).map((s) => [s.seat, s]));
  return el('div', { class: 'factions' }, ...seats.map((seat) => {
    const c = cards.get(seat) ?? { deckOne: 0, deckTwo: 0, commerce: [] };
    const commerce = (c.commerce as number[]).reduce((a, b) => a + b, 0);
    const senators = (v.senators as any[]).filter((s) => s.seat === seat);
    const influence = senators.reduce((sum, s) => sum + s.influence, 0);
    const rows = senators.map((s) => {
      const p = PERSONS.get(s.senator) ?? {};
      const click = clickFor(ctx, s.senator, 'senator');
      return el('tr', { ...click, 'data-senator': s.senator, title: p.text ?? '' },
        el('td', {}, s.leader ? '★ ' : '', el('b', {}, shortName(s.senator)), ` ${s.senator}`, s.familyCard ? ' (+family)' : ''),
        el('td', {}, `${p.military ?? '?'}/${p.eloquence ?? '?'}/${p.loyalty ?? '?'}`),
        el('td', {}, String(s.influence)), el('td', {}, String(s.popularity)), el('td', {}, `${s.talents}`), el('td', {}, String(s.merchants)),
        el('td', {}, s.where === 'carthage' ? '' : s.where, s.red ? ` ${'●'.repeat(s.red)}` : ''),
        el('td', {}, (held.get(s.senator) ?? []).join('; ')));
    });
    return el('div', { class: `faction${v.toAct.includes(seat) ? ' to-act' : ''}${seat === ctx.seat ? ' mine' : ''}`, 'data-faction': seat,
      style: { borderColor: colour(seat) } },
    el('div', { class: 'faction-head', style: { color: colour(seat) } },
      t('{seat} — faction treasury {treasury}, influence {influence}, {cards} cards (I: {one}, II: {two}), {commerce} commerce',
        { seat: ctx.seatName(seat), treasury: treasuryWords(v, seat), influence, cards: c.deckOne + c.deckTwo, one: c.deckOne, two: c.deckTwo, commerce })),
    el('table', { class: 'senators' },
      el('tr', {}, ...[t('senator'), t('M/E/L'), 'INF', 'POP', 'T', t('merch.'), t('where'), t('offices')].map((h) => el('th', {}, h))), ...rows));
  }));
}

/** A faction treasury as the view gives it (R58): the viewer's own amount; another's face-down
 *  stack only (factionTreasury -1, treasuryHeld says whether it holds talents). */
function treasuryWords(v: any, seat: number): string {
  const amount = v.factionTreasury?.[seat] ?? 0;
  if (amount >= 0) return `${amount} T`;
  return v.treasuryHeld?.[seat] ? t('face down (holds talents)') : t('empty');
}

function hand(v: any, ctx: BoardContext): HTMLElement | null {
  if (ctx.seat < 0) return null;
  const cards = (v.hand as string[]).map((id) => {
    const info = CARDS.get(id) ?? PERSONS.get(id);
    const click = clickFor(ctx, id, `card roc-card ${info?.type ?? 'person'}`);
    return el('span', { ...click, 'data-card': id, title: info?.text ?? '' }, n(id), info?.type ? el('small', {}, ` ${info.type}`) : '');
  });
  const counts = new Map<string, number>();
  for (const c of v.commerce as string[]) counts.set(c, (counts.get(c) ?? 0) + 1);
  const commerce = [...counts].map(([id, k]) => {
    const info = COMMODITY.get(id);
    const click = clickFor(ctx, id, 'card commodity');
    return el('span', { ...click, 'data-commodity': id, title: info ? t('sells for {values} T (1, 2, 3 … cards)', { values: info.set_values.join(', ') }) : '' },
      `${n(id)} ×${k}`, info ? el('small', {}, t(' ({k} sell for {value} T)', { k, value: info.set_values[k - 1] ?? '?' })) : '');
  });
  const committed = secretChoiceWords(v.committed as string[], ctx.seatName, ctx.seat);
  // R135, R136: what accepted offers left owed, shown to their two parties only
  const owed = [
    ...((v.promised ?? []) as any[]).map((p) => {
      const [payer, payee] = p.name.split(':').map(Number);
      return t('{payer} owes {payee} {value} T (next Revenue)', { payer: ctx.seatName(payer), payee: ctx.seatName(payee), value: p.value });
    }),
    ...((v.cardDebts ?? []) as any[]).map((d) => t('{debtor} owes {creditor} {what} (Civil War phase)', { debtor: ctx.seatName(d.debtor),
      creditor: ctx.seatName(d.creditor), what: [d.cards?.length ? d.cards.map(n).join(', ') : '',
        d.count ? t('{n} Intrigue/Event cards of his choice', { n: d.count }) : ''].filter(Boolean).join(t(' and ')) })),
  ].join('; ');
  return el('div', { class: 'hand' },
    el('div', {}, el('b', {}, t('Your hand: ')), ...(cards.length ? cards : [t('no cards')])),
    el('div', {}, el('b', {}, t('Your commerce cards: ')), ...(commerce.length ? commerce : [t('none')])),
    committed ? el('div', {}, el('b', {}, t('Chosen in secret: ')), committed) : null,
    owed ? el('div', {}, el('b', {}, t('Owed between you and another player: ')), owed) : null);
}

function offer(v: any, ctx: BoardContext): HTMLElement | null {
  const o = v.offer;
  if (!o || (o.seat === 0 && o.to === 0 && !o.made && !o.cards?.length && !o.count)) return null;
  const to = o.to >= 0 ? ctx.seatName(o.to) : t('(not chosen yet)');
  const bits = [t('{seat} makes an offer to {to}', { seat: ctx.seatName(o.seat), to })];
  if (o.cards?.length) bits.push(t('cards: {cards}', { cards: o.cards.map(n).join(', ') }));
  // III.2: the offer tells its two parties what it holds and what it asks back; the others only see
  // that it was made
  if (o.made && o.hand) bits.push(t('{count} cards of the hand for {want} of the receiver\'s choice', { count: o.count, want: o.want }));
  else if (o.made && o.named) bits.push(t('{count} cards worth {value} T, including {named}, for {want} of the receiver\'s cards', { count: o.count, value: o.value, named: n(o.named), want: o.want }));
  else if (o.made) bits.push(t('its terms are between the two of them'));
  if (o.made && o.talents) bits.push(o.talents > 0 ? t('{n} T promised (next Revenue)', { n: o.talents }) : t('{n} T asked (next Revenue)', { n: -o.talents }));
  // R136: Intrigue/Event cards promised or asked, handed over at the start of the Civil War phase
  if (o.made && o.cardsPromised?.length) bits.push(t('promised for the Civil War phase: {cards}', { cards: o.cardsPromised.map(n).join(', ') }));
  if (o.made && o.cardsAsked) bits.push(t('{n} Intrigue/Event cards of the receiver\'s choice asked (Civil War phase)', { n: o.cardsAsked }));
  return el('div', { class: 'pending' }, bits.join(' · '));
}

/** What the pending decision asks: the view's prompt, who must answer, and the frame's subject. */
function prompt(v: any, ctx: BoardContext): HTMLElement | null {
  const top = (v.flow as any[])[v.flow.length - 1];
  // the game's end and the pending decision in the server's words (the GameEnded record's, the last
  // prompt record's), in the page's language; the view's fields only from a server without words
  if (v.over && ctx.ended) return el('div', { class: 'pending' }, ctx.ended);
  if (v.over) {
    return el('div', { class: 'pending' }, `Game over (${v.reason}): ${v.winners.map(ctx.seatName).join(', ') || 'no winner: every faction lost (IX.5)'}`
      + (v.scores?.length ? ` — influence ${v.scores.join(' / ')}` : ''));
  }
  if (ctx.waiting) return el('div', { class: 'pending prompt', 'data-testid': 'prompt' }, el('b', {}, ctx.waiting));
  if (!v.prompt && !top) return null;
  const who = (v.toAct as number[]).map(ctx.seatName).join(', ');
  const about = top ? [top.senator && shortName(top.senator), top.target && n(top.target)].filter(Boolean).join(' → ') : '';
  return el('div', { class: 'pending prompt', 'data-testid': 'prompt' }, el('b', {}, v.prompt || top.kind),
    about ? ` (${about})` : '', who ? ` — ${who} to answer` : '');
}

/** What the board's marks mean: the war cards' numbers, the tokens, the force marker, the senators'
 *  columns (the rules' terms: V.7, VI.2, II.3; the numbers are the data files'). */
function legend(): HTMLElement {
  const tile = (fill: string, top: string, bottom: string) => legendSymbol([
    svg('rect', { x: -6, y: -11, width: 36, height: 22, rx: 3, fill }),
    svg('text', { x: 12, y: -1, 'text-anchor': 'middle', 'font-size': 8, fill: '#fff', 'font-weight': 'bold' }, top),
    svg('text', { x: 12, y: 8, 'text-anchor': 'middle', 'font-size': 8, fill: '#fff' }, bottom)], 40, 24);
  const words = (s: string, size = 9) => legendSymbol([svg('text', { x: 12, y: 4, 'text-anchor': 'middle', 'font-size': size, 'font-weight': 'bold' }, s)], 44, 22);
  return legendBox('republic-of-carthage', [
    [words('10/3/6', 10), t('a war card: its land strength / the squadrons\' support it needs / its naval strength (a naval battle first when above 0, VI.2)')],
    [words('D13 R6'), t('the unmodified 3d6 rolls of the war roll that give a Disaster (D) or a Retreat (R), whatever the modifiers')],
    [words('+ Pyrrhus 4', 8), t('an enemy leader in play: his strength is added to each of his wars')],
    [tile(PURPLE, 'F1', ''), t('the Senate\'s force 1 sent to this war (its commanders and armies: Active Forces)')],
    [tile(PURPLE, 'Legi', '×2 (1v)'), t('armies of one type (the first letters of its name), how many, and the veterans among them')],
    [tile(SEA, 'Sq', '×25'), t('squadrons')],
    [words('M/E/L'), t('a senator\'s Military / Eloquence / Loyalty (his card)')],
    [words('INF POP T', 8), t('Influence, Popularity and the talents on him; merch. his merchants; ● a red Responsibility marker (II.3); ★ the faction leader')],
  ]);
}

export function rocBoard(v: any, ctx: BoardContext): HTMLElement {
  const seats = Array.from({ length: Math.max(v.factionTreasury.length, v.seats.length) }, (_, i) => i);
  return el('div', { class: 'board roc' },
    prompt(v, ctx), offer(v, ctx), hand(v, ctx),
    boardSvg(v, ctx, seats), legend(), factions(v, ctx, seats),
    v.counters?.length ? el('div', { class: 'table-info' }, t('Counters: '),
      (v.counters as any[]).filter((c) => c.value).map((c) => `${c.name.replace(/_/g, ' ')} ${c.value}`).join(', ') || t('none')) : null);
}
