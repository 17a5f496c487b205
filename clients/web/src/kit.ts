// What every game's board shares: the context a board is drawn in, and how a board element that a
// legal command names becomes clickable.
import { el, svg } from './dom';
import { commandFields, nameIn, nameOf } from './words';

export interface BoardContext {
  gameType: string;
  seat: number;                      // -1: spectator
  legal: any[];                      // GameCommand messages (empty when it is not this seat's turn)
  seatName: (seat: number) => string;
  pick: (matches: (command: any) => boolean) => void;  // a board click
  ended?: string;                    // how the game ended, in the server's words (its GameEnded record's EventRecord.words)
  waiting?: string;                  // who must decide what now, in the server's words (the last prompt record's EventRecord.words)
}

export const SEAT_COLOURS = ['#b03a2e', '#1f618d', '#b9770e', '#1e8449', '#7d3c98', '#117a65'];

export function names(list: string[], gameType = ''): string {
  return list.length ? list.map((id) => (gameType ? nameIn(gameType, id) : nameOf(id))).join(', ') : 'none';
}

/** A command naming `value` in any of its fields (a card, a space, a senator …). */
export function fieldMatches(value: string | number) {
  return (c: any) => Object.values(commandFields(c)).some((v) => v === value);
}

/** Attributes that make a board element play (or narrow the list to) the commands naming `value`. */
export function clickFor(ctx: BoardContext, value: string | number, cls = ''): Record<string, any> {
  const matches = fieldMatches(value);
  const on = ctx.legal.some(matches);
  return { class: `${cls}${on ? ' clickable' : ''}`.trim(), onclick: on ? () => ctx.pick(matches) : undefined };
}

const legendOpen = new Map<string, boolean>();  // kept while the board is drawn again at every batch

/** A map's legend under it: each symbol beside its words; opened or closed as the player left it
 *  (at first open, but closed on a phone's narrow screen, where it is as long as the page). */
export function legendBox(key: string, items: [Node, string][]): HTMLElement {
  const box = el('details', { class: 'legend', 'data-testid': 'legend', open: legendOpen.get(key) ?? window.innerWidth > 700,
    ontoggle: () => legendOpen.set(key, box.open) },
  el('summary', {}, 'Legend'),
  el('ul', { class: 'legend-items' }, ...items.map(([symbol, words]) => el('li', { 'data-testid': 'legend-item' }, symbol, el('span', {}, words)))));
  return box;
}

/** A small drawing for a legend: `parts` in a box of `w`×`h` around 0,0. */
export function legendSymbol(parts: (SVGElement | string)[], w = 28, h = 22, cls = ''): SVGElement {
  const s = svg('svg', { viewBox: `${-w / 2 + 12} ${-h / 2} ${w} ${h}`, width: w, height: h, class: `legend-symbol ${cls}`.trim() });
  for (const p of parts) s.append(typeof p === 'string' ? svg('text', { x: 12, y: 4, 'text-anchor': 'middle', 'font-size': 10 }, p) : p);
  return s;
}
