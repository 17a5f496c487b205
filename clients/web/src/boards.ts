// One board per game, drawn from the seat's view only (GetViewResponse.view / EventBatch.view):
// never from anything else. Board elements that a legal command names are clickable: a click
// plays the only command that fits, or narrows the list of commands to those that do.
import { language, t } from './i18n';
import { el, svg } from './dom';
import { BoardContext, SEAT_COLOURS, fieldMatches, legendBox, legendSymbol, names } from './kit';
import { rocBoard } from './roc';
import { hannibalBoard } from './hannibal';
import { zoomable } from './zoom';
import { card as rncCard, rncCombatStep, rncPartner, rncPhase } from './rncWords';
import { humanize, nameIn, nameOf, ROMA_CARDS, commandFields, commandKind } from './words';
import rcMap from '../../../engine/games/rome_et_carthage/data/map.json';

// ---- Roma ----------------------------------------------------------------------------------

function romaCard(id: string, extra: Record<string, any> = {}, ...more: (Node | string)[]) {
  const info = ROMA_CARDS.get(id);
  // the data's effect names its number as `amount` (cards.json): the tooltip reads the number itself
  const effect = info ? String(info.effect).replace(/`amount`/g, String(info.amount)) : '';
  const title = info ? `${info.name} (${info.kind}, cost ${info.cost}, defence ${info.defence}): ${effect}` : nameOf(id);
  return el('span', { class: `card ${info ? info.kind : id === 'hidden' ? 'hidden' : ''}`, title, ...extra },
    id ? nameIn('roma', id) : '', ...more);
}

export function romaBoard(v: any, ctx: BoardContext): HTMLElement {
  const sides = v.sides as any[];
  const me = ctx.seat >= 0 ? ctx.seat : 0;
  const order = [1 - me, me];  // the opponent across the table, you below
  const rows = order.map((seat) => {
    const side = sides.find((s) => s.seat === seat) ?? { cards: [] };
    const discs = [1, 2, 3, 4, 5, 6].map((disc) => {
      const card = side.cards[disc - 1] ?? '';
      // your own discs take any move naming a disc; the opponent's only a choice of an opposing disc
      const fits = (c: any) => commandFields(c).disc === disc && (seat === ctx.seat || commandKind(c) === 'chooseDisc');
      const clickable = ctx.legal.some(fits);
      return el('div', {
        class: `disc${clickable ? ' clickable' : ''}`, 'data-disc': `${seat}-${disc}`,
        onclick: clickable ? () => ctx.pick(fits) : undefined,
      }, el('span', { class: 'disc-no' }, String(disc)), card ? romaCard(card) : el('span', { class: 'empty' }, t('empty')));
    });
    return el('div', { class: `side ${seat === ctx.seat ? 'mine' : ''}` },
      el('div', { class: 'side-head', style: { color: SEAT_COLOURS[seat] } },
        t('{who} — {money} sesterces, {vp} VP, {hand} cards in hand', { who: ctx.seatName(seat), money: v.money[seat] ?? 0, vp: v.vp[seat] ?? 0, hand: v.handSizes[seat] ?? 0 })),
      el('div', { class: 'discs' }, ...discs));
  });
  const dice = (v.dice as number[]).map((d, i) => el('span', { class: `die${v.diceUsed[i] ? ' used' : ''}` }, String(d)));
  const pending = v.pending?.kind ? el('div', { class: 'pending' },
    ctx.waiting ? (language() === 'fr' ? `En attente : ${ctx.waiting}` : `Waiting for ${ctx.waiting}`) : t('Waiting for {who} to answer ({what})', { who: ctx.seatName(v.pending.seat), what: humanize(v.pending.kind) }),
    v.pending.cards?.length ? t(' — cards: {cards}', { cards: names(v.pending.cards, 'roma') }) : '') : null;
  const hand = ctx.seat >= 0 ? el('div', { class: 'hand' }, el('b', {}, t('Your hand: ')),
    ...(v.hand as string[]).map((card) => romaCard(card, {
      class: `card ${ROMA_CARDS.get(card)?.kind ?? ''}${ctx.legal.some(fieldMatches(card)) ? ' clickable' : ''}`,
      onclick: () => ctx.pick(fieldMatches(card)),
    })),
    v.passing?.length ? el('span', {}, t(' — giving: {cards}', { cards: names(v.passing, 'roma') })) : '') : null;
  return el('div', { class: 'board roma' },
    el('div', { class: 'table-info' },
      t('Phase {phase}, turn {turn}. Victory points left in the supply: {supply}. Deck: {deck}. ', { phase: t(`phase ${v.phase}`).replace(/^phase /, ''), turn: v.turn, supply: v.supply, deck: v.deckSize }),
      v.essedum ? t('Essedum: −{n} defence. ', { n: v.essedum }) : '',
      el('span', { class: 'dice' }, t('Action dice: '), ...(dice.length ? dice : ['—']))),
    rows[0], pending, rows[1], hand,
    el('div', { class: 'discard' }, t('Discard pile: {cards}', { cards: names(v.discard, 'roma') })));
}

// ---- maps (Rome et Carthage, Hannibal) ------------------------------------------------------

// how a map's links are drawn, by kind (Rome et Carthage: roads, sea lanes, coast hops; README.md)
const LINKS: Record<string, Record<string, string>> = {
  road: { stroke: '#a08a6a' }, sea: { stroke: '#6fa8dc', 'stroke-dasharray': '6 5' },
  coast: { stroke: '#6fa8dc', 'stroke-dasharray': '2 3' }, strait: { stroke: '#6fa8dc' },
};

interface MapPiece { space: string; label: string; colour: string; title: string }

function mapBoard(spaces: any[], links: any[], width: number, height: number, pieces: MapPiece[],
  control: Map<string, string>, ctx: BoardContext, clickableField: (c: any) => string | undefined): SVGElement {
  const at = new Map(spaces.map((s) => [s.id, s]));
  const wanted = new Set(ctx.legal.map(clickableField).filter((x): x is string => !!x));
  const root = svg('svg', { viewBox: `0 0 ${width} ${height}`, class: 'map', role: 'img' });
  root.append(svg('rect', { x: 0, y: 0, width, height, fill: '#dce9f2' }));
  for (const l of links) {
    const a = at.get(l.a), b = at.get(l.b);
    if (!a || !b) continue;
    root.append(svg('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y, ...LINKS[l.kind] ?? LINKS.road, 'stroke-width': 2 }));
  }
  const byspace = new Map<string, MapPiece[]>();
  for (const p of pieces) byspace.set(p.space, [...(byspace.get(p.space) ?? []), p]);
  for (const s of spaces) {
    const click = wanted.has(s.id);
    const g = svg('g', { class: `space${click ? ' clickable' : ''}`, 'data-space': s.id,
      onclick: click ? () => ctx.pick((c) => clickableField(c) === s.id) : undefined });
    g.append(svg('circle', { cx: s.x, cy: s.y, r: s.capital || s.city ? 9 : 6, fill: control.get(s.id) ?? '#f8f4e8',
      stroke: click ? '#ff9900' : '#555', 'stroke-width': click ? 4 : 1.2 }));
    g.append(svg('text', { x: s.x + 11, y: s.y - 6, class: 'space-name' }, s.name));
    (byspace.get(s.id) ?? []).forEach((p, i) => {
      const pg = svg('g', {}, svg('title', {}, p.title));
      pg.append(svg('rect', { x: s.x - 12 + i * 16, y: s.y + 8, width: 30, height: 16, rx: 3, fill: p.colour, stroke: '#222' }));
      pg.append(svg('text', { x: s.x - 9 + i * 16, y: s.y + 20, class: 'piece-label' }, p.label));
      g.append(pg);
    });
    g.append(svg('title', {}, s.name));
    root.append(g);
  }
  return root;
}

export function rcBoard(v: any, ctx: BoardContext): HTMLElement {
  const map = rcMap as any;
  const stateColour = new Map<string, string>(map.states.map((s: any) => [s.id, s.colour]));
  const seatColour = (seat: number) => {
    const st = v.seats.find((s: any) => s.seat === seat)?.states?.[0];
    return stateColour.get(st) ?? SEAT_COLOURS[seat % 4];
  };
  const kindLabel: Record<string, string> = { elephant: 'E', chariot: 'C', galley: 'G', mercenary: 'M' };
  const pieces: MapPiece[] = (v.board as any[]).map((p) => ({
    space: p.city, colour: seatColour(p.seat), label: kindLabel[p.kind] ?? p.kind.slice(0, 2),
    title: `${nameOf(p.piece)} (${ctx.seatName(p.seat)})`,
  }));
  const control = new Map<string, string>();
  for (const c of map.cities) control.set(c.id, `${stateColour.get(c.state)}33`);
  const cityField = (c: any) => {
    const f = commandFields(c);
    return f.city || f.to || f.destination || undefined;
  };
  const seats = el('div', { class: 'seats' }, ...(v.seats as any[]).map((s) => el('div', {
    class: `seat-card${v.toAct.includes(s.seat) ? ' to-act' : ''}`, style: { borderColor: seatColour(s.seat) } },
    el('b', {}, ctx.seatName(s.seat)), ` (${names(s.states, 'rome-et-carthage')})${v.seats.length === 4 ? rncPartner(s, v.seats, ctx.seatName) : ''}`,
    el('br'), t('{cards} cards, {pieces} pieces', { cards: s.handSize, pieces: s.pieces }), s.toPlace ? t(', {n} to place', { n: s.toPlace }) : '',
    s.specials?.length ? t(', specials: {names}', { names: (s.specials as string[]).map(rncCard).join(', ') }) : '',
    s.capitalOccupied ? t(' — capital occupied!') : '', s.eliminated ? t(' — eliminated') : '')));
  const combat = v.combat?.city ? el('div', { class: 'pending' },
    t('Combat in {city}: {attacker} attacks {defender} — {step}', { city: nameOf(v.combat.city), attacker: nameOf(v.combat.attacker),
      defender: nameOf(v.combat.defender), step: rncCombatStep(v.combat.step) }),
    v.combat.totals?.length ? t(' (totals {totals})', { totals: v.combat.totals.join(' / ') }) : '') : null;
  const hand = ctx.seat >= 0 ? el('div', { class: 'hand' }, el('b', {}, t('Your hand: ')),
    ...(v.hand as string[]).map((card) => el('span', { class: `card${ctx.legal.some((c) => JSON.stringify(commandFields(c)).includes(`"${card}"`)) ? ' clickable' : ''}`,
      onclick: () => ctx.pick((c) => JSON.stringify(commandFields(c)).includes(`"${card}"`)) }, rncCard(card))),
    v.partnerHand?.length ? el('span', {}, t(' — partner\'s hand: {cards}', { cards: (v.partnerHand as string[]).map(rncCard).join(', ') })) : '') : null;
  return el('div', { class: 'board rc' },
    el('div', { class: 'table-info' }, t('{edition} · {phase}, round {round}, turn {turn}', { edition: v.edition === 'mediterranee' ? 'Méditerranée' : v.edition,
      phase: rncPhase(v.phase), round: v.round, turn: v.turn }),
      v.moves_allowed || v.movesAllowed ? t(' · moves {moves}/{allowed}', { moves: v.moves, allowed: v.movesAllowed }) : '', v.forcedMarch ? t(' · forced march') : '',
      v.placeLeft ? t(' · {n} to place', { n: v.placeLeft }) : '',
      // the no_progress_rounds option (0: off): how many full rounds passed without a combat or a capital taken
      v.noProgressRounds ? t(' · rounds without a combat or a capital taken: {quiet} (a draw at {limit})', { quiet: v.quiet, limit: v.noProgressRounds }) : ''),
    seats, combat, zoomable(mapBoard(map.cities, map.links, map.width, map.height, pieces, control, ctx, cityField), 'rome-et-carthage'),
    rcLegend(v, ctx, seatColour), hand);
}

/** The map's legend: the seats' colours, the pieces' letters, the cities and paths. */
function rcLegend(v: any, ctx: BoardContext, colour: (seat: number) => string): HTMLElement {
  const piece = (fill: string, text: string) => legendSymbol([svg('rect', { x: 0, y: -8, width: 24, height: 16, rx: 3, fill, stroke: '#222' }),
    svg('text', { x: 12, y: 4, 'text-anchor': 'middle', fill: '#fff', 'font-weight': 700, 'font-size': 11 }, text)]);
  const line = (attrs: Record<string, string>) => legendSymbol([svg('line', { x1: 0, y1: 0, x2: 24, y2: 0, 'stroke-width': 2, ...attrs })]);
  const dot = (r: number, attrs: Record<string, any> = {}) => legendSymbol([svg('circle', { cx: 12, cy: 0, r, fill: '#f8f4e8', stroke: '#555', 'stroke-width': 1.2, ...attrs })]);
  return legendBox('rome-et-carthage', [
    ...(v.seats as any[]).map((s): [Node, string] => [piece(colour(s.seat), ''), `${ctx.seatName(s.seat)}: ${names(s.states, 'rome-et-carthage')}`]),
    [piece('#777', 'M'), t('a piece, in its owner\'s colour: M mercenary, E elephant, C chariot (land), G galley (sea)')],
    [dot(9), t('a capital')], [dot(6), t('a city (tinted by its state on the map)')],
    [line(LINKS.road), t('a road (land pieces)')], [line(LINKS.sea), t('a sea lane (galleys)')],
    [line(LINKS.coast), t('along the coast, port to port (galleys)')],
    [dot(9, { stroke: '#ff9900', 'stroke-width': 4 }), t('a city your move can name: click it')],
  ]);
}

export function board(gameType: string, view: any, ctx: BoardContext): HTMLElement {
  if (!view?.game?.case) return el('div', {}, t('No view yet.'));
  const v = view.game.value;
  if (gameType === 'roma') return romaBoard(v, ctx);
  if (gameType === 'rome-et-carthage') return rcBoard(v, ctx);
  if (gameType === 'hannibal') return hannibalBoard(v, ctx);
  if (gameType === 'republic-of-carthage') {
    // its table drawing zooms and pans as the maps do (a phone shows it a few centimetres wide)
    const drawn = rocBoard(v, ctx);
    const table = drawn.querySelector<SVGElement>('svg.roc-board');
    if (table) {  // its place kept first: the zoom frame takes the drawing in
      const spot = document.createComment('');
      table.replaceWith(spot);
      spot.replaceWith(zoomable(table, 'republic-of-carthage'));
    }
    return drawn;
  }
  return el('pre', {}, JSON.stringify(v, (_, x) => (typeof x === 'bigint' ? x.toString() : x), 2));
}
