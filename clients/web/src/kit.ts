// What every game's board shares: the context a board is drawn in, and how a board element that a
// legal command names becomes clickable.
import { commandFields, nameOf } from './words';

export interface BoardContext {
  gameType: string;
  seat: number;                      // -1: spectator
  legal: any[];                      // GameCommand messages (empty when it is not this seat's turn)
  seatName: (seat: number) => string;
  pick: (matches: (command: any) => boolean) => void;  // a board click
}

export const SEAT_COLOURS = ['#b03a2e', '#1f618d', '#b9770e', '#1e8449', '#7d3c98', '#117a65'];

export function names(list: string[]): string {
  return list.length ? list.map(nameOf).join(', ') : 'none';
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
