// Hannibal's board, drawn from the seat's view only (View of hannibal.proto). The map is the
// engine's own drawing (engine/games/hannibal/map.svg, made by render.py's render_map from the data
// files): its land, provinces, links, passes, ports and labels are kept as they are; the page
// colours each space by who controls it now and draws the stacks and sieges as render_position
// does (same places: Rome left of its space, Carthage right).
import { language, t } from './i18n';
import { el, svg } from './dom';
import { BoardContext, clickFor, legendBox, legendSymbol } from './kit';
import { zoomable } from './zoom';
import { HANNIBAL_CARDS, commandFields, nameOf } from './words';
import mapSvg from '../../../engine/games/hannibal/map.svg?raw';
import mapData from '../../../engine/games/hannibal/data/map.json';
import generalsData from '../../../engine/games/hannibal/data/generals.json';
import battleData from '../../../engine/games/hannibal/data/battle_cards.json';
import tablesData from '../../../engine/games/hannibal/data/tables.json';

const MARGIN = 10;  // render.py draws the projected map inside this margin
const SIDE = ['Rome', 'Carthage'];
const SIDE_FILL = ['#1b1b1b', '#2a62c9'];  // black and blue markers (§4.1, §4.2), as render.py
const NEUTRAL_TRIBE = '#3f9a3f';
const SPACES = new Map<string, any>((mapData as any).spaces.map((s: any) => [s.id, s]));
const GENERALS = new Map<string, any>((generalsData as any).generals.map((g: any) => [g.id, g]));
const BATTLE_TYPES = new Map<string, any>((battleData as any).types.map((t: any) => [t.id, t]));
const TURNS = new Map<number, any>((tablesData as any).turns.map((t: any) => [t.number, t]));

let parsed: SVGSVGElement | null = null;
let engineLegend: Element | null = null;  // the engine's legend (map.svg #legend), taken off the map

/** The engine's map, without its legend and title: parsed once, cloned for every drawing. */
function baseMap(): SVGSVGElement {
  if (!parsed) {
    const doc = new DOMParser().parseFromString(mapSvg, 'image/svg+xml');
    const root = doc.documentElement as unknown as SVGSVGElement;
    // an inline <style> applies to the whole page: its rules are kept to this map
    root.querySelectorAll('style').forEach((st) => {
      st.textContent = (st.textContent ?? '').replace(/([^{}]+)\{/g, (_, sel: string) =>
        `${sel.split(',').map((x) => `svg.hannibal-map ${x.trim()}`).join(', ')} {`);
    });
    engineLegend = root.querySelector('#legend');
    engineLegend?.remove();
    root.querySelector('#title')?.remove();
    const sea = root.querySelectorAll(':scope > rect')[1];  // the sea: the map's own width and height
    const width = sea?.getAttribute('width') ?? root.getAttribute('width');
    const height = sea?.getAttribute('height') ?? root.getAttribute('height');
    root.setAttribute('viewBox', `0 0 ${width} ${height}`);
    root.removeAttribute('width');
    root.removeAttribute('height');
    parsed = root;
  }
  return document.importNode(parsed, true) as SVGSVGElement;
}

const xy = (space: string): [number, number] => {
  const s = SPACES.get(space);
  return s ? [s.x + MARGIN, s.y + MARGIN] : [0, 0];
};

const surname = (g: string) => (GENERALS.get(g)?.name ?? nameOf(g)).split(' ').slice(-1)[0];

/** Each space's marker coloured by its controller now; a tribe gone from the map drawn as a plain space. */
function colourSpaces(root: SVGSVGElement, v: any): void {
  const control = new Map<string, number>((v.control as any[]).map((c) => [c.space, c.side]));
  const tribes = new Map<string, number>((v.tribes as any[]).map((t) => [t.space, t.friendlyTo]));
  root.querySelectorAll<SVGGElement>('g.space').forEach((g) => {
    const id = g.id.replace(/^space-/, '');
    const side = control.get(id);
    const marker = [...g.children].find((c) => ['rect', 'circle', 'path'].includes(c.tagName) && c.getAttribute('fill') !== 'none');
    if (!marker) return;
    let fill = side !== undefined && side >= 0 ? SIDE_FILL[side] : '#ffffff';
    if (marker.tagName === 'path') {  // a tribe: green while neutral and on the map (§20.8, §20.9)
      const friend = tribes.get(id);
      if (tribes.has(id) && (friend === undefined || friend < 0) && side === undefined) fill = NEUTRAL_TRIBE;
      else if (tribes.has(id) && friend !== undefined && friend >= 0) fill = SIDE_FILL[friend];
    }
    marker.setAttribute('fill', fill);
    g.setAttribute('data-control', side === undefined ? '' : SIDE[side]);
  });
}

interface Stack { space: string; side: number; cu: number; el: number; inside: number; generals: any[] }

function stacks(v: any): Stack[] {
  const out = new Map<string, Stack>();
  const at = (space: string, side: number) => {
    const key = `${side}:${space}`;
    if (!out.has(key)) out.set(key, { space, side, cu: 0, el: 0, inside: 0, generals: [] });
    return out.get(key)!;
  };
  for (const u of v.units as any[]) {
    const s = at(u.space, u.side);
    s.cu += u.cu + u.insideCu; s.el += u.elephants + u.insideElephants; s.inside += u.insideCu;
  }
  for (const g of v.generals as any[]) if (g.status === 'map' && g.space) at(g.space, g.side).generals.push(g);
  for (const s of out.values()) s.generals.sort((a, b) => Number(b.commands) - Number(a.commands));
  return [...out.values()];
}

type Box = [number, number, number, number];  // x, y, width, height

function stackLines(s: Stack): string[] {
  return [`${s.cu}${s.el ? ` (${s.el}e)` : ''}${s.inside ? ` [${s.inside} in]` : ''}`,
    ...s.generals.slice(0, 3).map((g) => surname(g.general)), ...(s.generals.length > 3 ? [`+${s.generals.length - 3}`] : [])];
}

const overlaps = (a: Box, b: Box) => a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3];

/** Where each stack's label goes: where render.py's _stack puts it (Rome left of its space,
 *  Carthage right, above it), moved up or down, nearest first, off the labels placed before it (in
 *  Italy the spaces are close enough for neighbouring armies' labels to cover each other). */
function placeStacks(list: Stack[]): Box[] {
  const placed: Box[] = [];
  return list.map((s) => {
    const [x, y] = xy(s.space);
    const lines = stackLines(s);
    const h = 13 * lines.length + 4;
    const w = Math.max(28, Math.max(...lines.map((t) => t.length)) * 6.4 + 8);
    const bx = s.side === 0 ? x - 12 - w : x + 12;
    let box: Box = [bx, y - 34, w, h];
    for (let k = 1; k <= 16 && placed.some((p) => overlaps(p, box)); k++) {
      const shift = Math.ceil(k / 2) * 9 * (k % 2 ? 1 : -1);
      box = [bx, y - 34 + shift, w, h];
    }
    placed.push(box);
    return box;
  });
}

/** A stack's label box at its place, with a line to its space. */
function stackBox(s: Stack, ctx: BoardContext, [bx, by, w, h]: Box): SVGElement {
  const [x, y] = xy(s.space);
  const lines = stackLines(s);
  const named = s.generals.map((g) => g.general);
  const fits = (c: any) => named.includes(commandFields(c).general);
  const click = ctx.legal.some(fits);
  const g = svg('g', { class: `stack side-${s.side}${click ? ' clickable' : ''}`, 'data-space': s.space, 'data-side': s.side,
    onclick: click ? (e: Event) => { e.stopPropagation(); ctx.pick(fits); } : undefined });
  g.append(svg('title', {}, `${SIDE[s.side]} at ${SPACES.get(s.space)?.name ?? s.space}: ${s.cu} CU${s.el ? `, ${s.el} elephant CU` : ''}`
    + `${s.inside ? `, ${s.inside} inside the walls` : ''}${s.generals.length ? `; ${s.generals.map((x) => `${GENERALS.get(x.general)?.name ?? x.general}`
      + `${x.office ? ` (${x.office})` : ''}${x.commands ? ' commanding' : ''}`).join(', ')}` : ''}`));
  g.append(svg('line', { x1: x, y1: y, x2: s.side === 0 ? bx + w : bx, y2: by + h / 2, stroke: SIDE_FILL[s.side], 'stroke-width': 1.2 }));
  g.append(svg('rect', { x: bx, y: by, width: w, height: h, rx: 3, fill: SIDE_FILL[s.side], 'fill-opacity': 0.9,
    stroke: click ? '#ff9900' : '#fff', 'stroke-width': click ? 3 : 1 }));
  lines.forEach((t, k) => g.append(svg('text', { class: 'stack', x: bx + 4, y: by + 12 + 13 * k }, t)));
  return g;
}

function siege(sg: any): SVGElement {
  const [x, y] = xy(sg.space);
  const g = svg('g', { class: 'siege', 'data-space': sg.space });
  g.append(svg('circle', { cx: x, cy: y, r: 15, fill: 'none', stroke: SIDE_FILL[sg.side], 'stroke-width': 3, 'stroke-dasharray': '4,2' }));
  g.append(svg('text', { class: 'stack-siege', x, y: y + 27, 'text-anchor': 'middle', fill: SIDE_FILL[sg.side] }, `siege ${sg.points}/3`));
  return g;
}

function map(v: any, ctx: BoardContext): SVGSVGElement {
  const root = baseMap();
  root.setAttribute('class', 'map hannibal-map');
  colourSpaces(root, v);
  const wanted = new Set(ctx.legal.map((c) => commandFields(c).space).filter((s): s is string => !!s));
  root.querySelectorAll<SVGGElement>('g.space').forEach((g) => {
    const id = g.id.replace(/^space-/, '');
    if (!wanted.has(id)) return;
    const [x, y] = xy(id);
    g.classList.add('clickable');
    g.prepend(svg('circle', { cx: x, cy: y, r: 14, fill: '#ffcc66', 'fill-opacity': 0.6, stroke: '#ff9900', 'stroke-width': 3 }));
    g.addEventListener('click', () => ctx.pick((c) => commandFields(c).space === id));
  });
  if (v.battle?.space) {
    const [x, y] = xy(v.battle.space);
    root.append(svg('circle', { cx: x, cy: y, r: 24, fill: 'none', stroke: '#c0392b', 'stroke-width': 4 }));
  }
  const sieges = svg('g', { id: 'sieges' });
  for (const sg of v.sieges as any[]) sieges.append(siege(sg));
  const st = svg('g', { id: 'stacks' });
  const all = stacks(v);
  placeStacks(all).forEach((box, i) => st.append(stackBox(all[i], ctx, box)));
  root.append(sieges, st);
  return root;
}

function battle(v: any, ctx: BoardContext): HTMLElement | null {
  const b = v.battle;
  if (!b?.space) return null;
  const typeName = (id: string) => (language() === 'fr' && BATTLE_TYPES.get(id)?.name_fr) || BATTLE_TYPES.get(id)?.name || nameOf(id);
  const cards = (b.hand as string[]).map((id) => el('span', { ...clickFor(ctx, id, 'card battle-card'), 'data-battle-card': id }, typeName(id)));
  const line = (label: string, items: string[]) => items.length ? el('div', {}, el('b', {}, `${label}: `), items.map(typeName).join(', ')) : null;
  return el('div', { class: 'pending battle', 'data-testid': 'battle' },
    el('div', {}, el('b', {}, `Battle at ${SPACES.get(b.space)?.name ?? b.space}`),
      `, round ${b.rounds}: ${SIDE[b.attacker]} attacks. Commanders: Rome ${b.commanders[0] ? surname(b.commanders[0]) : '—'}, `
      + `Carthage ${b.commanders[1] ? surname(b.commanders[1]) : '—'}. CU at the start: ${b.cuStart.join(' / ')}. `
      + `Battle cards: Rome ${b.handSizes[0] ?? 0}, Carthage ${b.handSizes[1] ?? 0}.`),
    b.card ? el('div', {}, el('b', {}, t('To match: ')), typeName(b.card)) : null,
    ctx.seat >= 0 ? el('div', {}, el('b', {}, t('Your battle cards: ')), ...(cards.length ? cards : ['none'])) : null,
    line('Played', b.played), line('Rome shows', b.shownRome), line('Carthage shows', b.shownCarthage));
}

/** The map's legend: the engine's own (its symbols and words; the control colours are the
 *  present's here, not the start's), then what the page draws over the map. */
function legend(): HTMLElement {
  baseMap();
  const items: [Node, string][] = [];
  for (const g of engineLegend ? [...engineLegend.children] : []) {
    const words = g.querySelector('text.legend')?.textContent;
    if (g.tagName !== 'g' || !words) continue;  // the titles, the turn track
    const parts = [...g.children].filter((c) => !c.classList.contains('legend')).map((c) => document.importNode(c, true) as SVGElement);
    items.push([legendSymbol(parts, 28, 22, 'hannibal-map'), words.replace(/ at start/, '')]);
  }
  const box = (fill: string, text: string) => [svg('rect', { x: -8, y: -9, width: 40, height: 18, rx: 3, fill }),
    svg('text', { class: 'stack', x: -5, y: 4 }, text)];
  items.push(
    [legendSymbol(box(SIDE_FILL[0], '7 (2e)'), 44, 22, 'hannibal-map'), 'a Roman army (left of its space): its CU, elephant CU among them, [CU inside the walls], then its generals'],
    [legendSymbol(box(SIDE_FILL[1], '5'), 44, 22, 'hannibal-map'), 'a Carthaginian army (right of its space)'],
    [legendSymbol([svg('circle', { cx: 12, cy: 0, r: 9, fill: 'none', stroke: SIDE_FILL[1], 'stroke-width': 3, 'stroke-dasharray': '4,2' })]),
      'a siege and its points (3 take the city, §20)'],
    [legendSymbol([svg('circle', { cx: 12, cy: 0, r: 9, fill: 'none', stroke: '#c0392b', 'stroke-width': 3 })]), 'the battle being fought'],
    [legendSymbol([svg('circle', { cx: 12, cy: 0, r: 9, fill: '#ffcc66', 'fill-opacity': 0.6, stroke: '#ff9900', 'stroke-width': 3 })]),
      'a space or army your move can name: click it'],
  );
  return legendBox('hannibal', items);
}

/** A strategy card's title as the page's language has it: the French edition's (title_fr) in French. */
const cardTitle = (info: any): string => (language() === 'fr' ? info?.title_fr : '') || info?.name || '';

function strategyCard(n: number, ctx: BoardContext, extra = ''): HTMLElement {
  const info = HANNIBAL_CARDS.get(n);
  const fits = (c: any) => commandFields(c).card === n;
  const on = ctx.legal.some(fits);
  return el('span', { class: `card ${extra}${on ? ' clickable' : ''}`, 'data-card': n, title: info ? `${info.ops} OPS — ${info.effect}` : '',
    onclick: on ? () => ctx.pick(fits) : undefined }, info ? `#${n} ${cardTitle(info)} (${info.ops})` : `#${n}`);
}

function generalsOff(v: any): HTMLElement {
  const by = new Map<string, string[]>();
  for (const g of v.generals as any[]) {
    if (g.status === 'map') continue;
    by.set(g.status, [...(by.get(g.status) ?? []), `${GENERALS.get(g.general)?.name ?? g.general} (${SIDE[g.side]})`]);
  }
  const words: Record<string, string> = { cup: t('in the cup'), neutralized: t('neutralized'), removed: t('removed'), later: t('to come') };
  return el('div', { class: 'table-info' }, el('b', {}, t('Generals off the map: ')),
    [...by].map(([status, list]) => `${words[status] ?? status}${language() === 'fr' ? ' : ' : ': '}${list.join(', ')}`).join(' · ') || t('none'));
}

// the turn's phases in French (§5's sequence of play), for the board's header
const PHASES_FR: Record<string, string> = {
  reinforcements: 'renforts', strategy: 'cartes de stratégie', winter_attrition: 'attrition d\'hiver', isolation: 'isolement politique',
  political: 'points politiques', over: 'fin de la partie',
};

export function hannibalBoard(v: any, ctx: BoardContext): HTMLElement {
  const turn = TURNS.get(v.turn);
  const markers = (v.markers as any[]).filter((m) => m.value).map((m) => `${m.name.replace(/_/g, ' ')}${m.value !== 1 ? ` ${m.value}` : ''}`);
  const top = (v.flow as any[])[v.flow.length - 1];
  const who = (v.toAct as number[]).map(ctx.seatName).join(', ');
  // the pending decision and the game's end in the server's words (the last prompt record's, the
  // GameEnded record's), in the page's language; the view's fields only from a server without words
  const prompt = v.over && ctx.ended ? el('div', { class: 'pending prompt' }, el('b', {}, ctx.ended))
    : v.over ? el('div', { class: 'pending prompt' }, el('b', {}, `${SIDE[v.winner] ?? 'Nobody'} won`), ` (${String(v.reason).replace(/_/g, ' ')})`)
    : ctx.waiting ? el('div', { class: 'pending prompt', 'data-testid': 'prompt' }, el('b', {}, ctx.waiting))
    : v.prompt || top ? el('div', { class: 'pending prompt', 'data-testid': 'prompt' }, el('b', {}, v.prompt || top.kind),
      top?.space ? ` (${SPACES.get(top.space)?.name ?? top.space})` : '', top?.general ? ` — ${GENERALS.get(top.general)?.name ?? top.general}` : '',
      top?.mp ? t(', {mp} MP left', { mp: top.mp }) : '', who ? t(' — {who} to answer', { who }) : '') : null;
  const hand = ctx.seat >= 0 ? el('div', { class: 'hand' }, el('b', {}, t('Your strategy cards: ')),
    ...((v.hand as number[]).length ? (v.hand as number[]).map((n) => strategyCard(n, ctx)) : [t('none')]),
    (v.seenHand as number[]).length ? el('div', {}, el('b', {}, t('Their hand, as last shown: ')), ...(v.seenHand as number[]).map((n) => strategyCard(n, ctx, 'seen'))) : null) : null;
  const lastPlayed = (v.discard as number[]).slice(-1)[0];
  return el('div', { class: 'board hannibal' },
    el('div', { class: 'table-info hannibal-info' },
      el('b', {}, t('Turn {turn}{years}, {phase}', { turn: v.turn, years: turn ? t(' ({years} BC)', { years: turn.years }) : '',
        phase: (language() === 'fr' ? PHASES_FR[v.phase] : '') || String(v.phase).replace(/_/g, ' ') })),
      t(' · political points: Rome {rome}, Carthage {carthage}', { rome: v.points[0] ?? 0, carthage: v.points[1] ?? 0 }),
      t(' · cards in hand: Rome {rome}, Carthage {carthage} · deck {deck}, discard {discard}', { rome: v.handSizes[0] ?? 0,
        carthage: v.handSizes[1] ?? 0, deck: v.deckSize, discard: v.discard.length }),
      v.first >= 0 ? t(' · {side} played first', { side: SIDE[v.first] }) : '',
      lastPlayed ? t(' · last card: {card}', { card: `#${lastPlayed} ${cardTitle(HANNIBAL_CARDS.get(lastPlayed))}` }) : '',
      markers.length ? t(' · markers: {markers}', { markers: markers.join(', ') }) : ''),
    prompt, battle(v, ctx), hand, zoomable(map(v, ctx), 'hannibal'), legend(), generalsOff(v));
}
