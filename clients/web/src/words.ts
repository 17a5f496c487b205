// Names and words: commands and ids turned into text a player reads, and the log's lines. Built from
// the engine's public data files (card and map names) and the protobuf field names. A log line is the
// server's own sentence for the record (EventRecord.words, asked for with StreamEvents' with_words:
// engine/games/<game>/words.py), made from the record as this seat receives it; the field-by-field
// words here are only the fallback of a server that sends none.
import romaCards from '../../../engine/games/roma/data/cards.json';
import rcMap from '../../../engine/games/rome_et_carthage/data/map.json';
import hMap from '../../../engine/games/hannibal/data/map.json';
import hCards from '../../../engine/games/hannibal/data/strategy_cards.json';
import hGenerals from '../../../engine/games/hannibal/data/generals.json';
import rocSenators from '../../../engine/games/republic_of_carthage/data/senators.json';
import rocCards from '../../../engine/games/republic_of_carthage/data/cards.json';
import rocWars from '../../../engine/games/republic_of_carthage/data/wars.json';
import rocOffices from '../../../engine/games/republic_of_carthage/data/offices.json';
import rocProvinces from '../../../engine/games/republic_of_carthage/data/provinces.json';
import rocCommerce from '../../../engine/games/republic_of_carthage/data/commerce.json';
import rocForces from '../../../engine/games/republic_of_carthage/data/forces.json';
import rocEvents from '../../../engine/games/republic_of_carthage/data/random_events.json';
import { language } from './i18n';

const NAMES = new Map<string, string>();
for (const c of (romaCards as any).cards) NAMES.set(c.id, c.name);
for (const c of (rcMap as any).cities) NAMES.set(c.id, c.name);
for (const s of (rcMap as any).states) NAMES.set(s.id, s.name);
for (const s of (hMap as any).spaces) NAMES.set(s.id, s.name);
for (const g of (hGenerals as any).generals) NAMES.set(g.id, g.name);
export const HANNIBAL_CARDS = new Map<number, any>((hCards as any).cards.map((c: any) => [c.number, c]));
export const ROMA_CARDS = new Map<string, any>((romaCards as any).cards.map((c: any) => [c.id, c]));

// The Republic of Carthage names its senators by card id ("7", "2A"): names kept per game, so that
// they never rename another game's ids.
const ROC_NAMES = new Map<string, string>();
for (const f of (rocSenators as any).families) ROC_NAMES.set(String(f.id), `${f.name} (${f.id})`);
for (const f of (rocSenators as any).statesmen) ROC_NAMES.set(f.id, `${f.name} (${f.id})`);
for (const c of (rocCards as any).cards) ROC_NAMES.set(c.id, `${(language() === 'fr' && c.title_fr) || c.title} (${c.deck})`);
for (const list of [(rocWars as any).wars, (rocWars as any).leaders, (rocWars as any).explorations,
  (rocOffices as any).offices, (rocProvinces as any).provinces, (rocCommerce as any).commodities, (rocForces as any).armies]) {
  for (const x of list) ROC_NAMES.set(x.id, (language() === 'fr' && x.name_fr) || x.name);  // the French edition's name, where the data has it
}
for (const e of (rocEvents as any).cards) ROC_NAMES.set(e.id, (language() === 'fr' && e.front.title_fr) || e.front.title);
// Each game's own names too: two games may use one id for different things (Roma's card "nero" is
// Nero; Hannibal's general "nero" is C. Claudius Nero), and the shared map keeps only the last
const byId = (lists: any[][], name = (x: any) => x.name) => new Map<string, string>(lists.flatMap((l) => l.map((x: any) => [x.id, name(x)])));
const GAME_NAMES: Record<string, Map<string, string>> = {
  'republic-of-carthage': ROC_NAMES,
  roma: byId([(romaCards as any).cards]),
  'rome-et-carthage': byId([(rcMap as any).cities, (rcMap as any).states]),
  hannibal: byId([(hMap as any).spaces, (hGenerals as any).generals]),
};

/** An id in the game's own names only (its data files), or undefined. */
export function ownName(gameType: string, id: string): string | undefined {
  return GAME_NAMES[gameType]?.get(id);
}

/** An id in words, the game's own names first. */
export function nameIn(gameType: string, id: string): string {
  const place = /^senator:(.+)$/.exec(id);  // a place of talents (republic_of_carthage.proto)
  if (place && GAME_NAMES[gameType]) return nameIn(gameType, place[1]);
  return GAME_NAMES[gameType]?.get(id) ?? nameOf(id);
}

export const SEAT_NAMES: Record<string, string[]> = {};

/** "legionarius" -> "Legionarius", "rome_galley_2" -> "Rome galley 2". */
export function nameOf(id: string): string {
  if (!id) return '—';
  if (id === 'hidden') return 'a hidden card';
  const known = NAMES.get(id);
  if (known) return known;
  const words = id.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "layCard" -> "lay card". */
export function humanize(camel: string): string {
  return camel.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase();
}

let seatNamer: ((seat: number) => string) | null = null;
const SEAT_KEYS = /^(seat|seats|side|winner|winners|by|player|attacker_seat|defender_seat|toAct|first)$/;

function valueWords(key: string, v: any, gameType: string): string {
  if (seatNamer && typeof v === 'number' && SEAT_KEYS.test(key) && v >= 0) return seatNamer(v);
  if (Array.isArray(v)) return v.length ? v.map((x) => valueWords(key, x, gameType)).join(', ') : 'none';
  const faction = typeof v === 'string' && seatNamer ? /^faction:(\d+)$/.exec(v) : null;  // a faction's treasury
  if (faction) return `${seatNamer!(Number(faction[1]))}'s faction`;
  if (typeof v === 'string') return nameIn(gameType, v);
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number' && gameType === 'hannibal' && /card/i.test(key) && HANNIBAL_CARDS.has(v)) {
    return `#${v} ${HANNIBAL_CARDS.get(v).name}`;
  }
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (v && typeof v === 'object') {
    if (v.kind && typeof v.kind === 'object' && 'case' in v.kind) return oneofWords(v.kind, gameType);
    return fieldsWords(v, gameType);
  }
  return String(v);
}

export function fieldsWords(msg: any, gameType: string): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(msg)) {
    if (k.startsWith('$')) continue;
    if (v === '' || v === -1 || (Array.isArray(v) && v.length === 0)) continue;
    const words = valueWords(k, v, gameType);
    parts.push(seatNamer && k === 'seat' && typeof v === 'number' ? words : `${humanize(k)} ${words}`);
  }
  return parts.join(', ');
}

function oneofWords(kind: { case?: string; value?: any }, gameType: string): string {
  if (!kind.case) return '(nothing)';
  const fields = kind.value ? fieldsWords(kind.value, gameType) : '';
  return fields ? `${humanize(kind.case)}: ${fields}` : humanize(kind.case);
}

/** A game command (GameCommand.game.value is the game's Command) in words. */
export function commandWords(gameType: string, command: any, seatName?: (s: number) => string): string {
  const inner = command?.game?.value;
  if (!inner) return '(empty command)';
  seatNamer = seatName ?? null;
  try {
    return oneofWords(inner.kind, gameType);
  } finally {
    seatNamer = null;
  }
}

/** A command as a button's label under its kind's heading: a command with one field reads as that
 *  field's value alone ("Ariminum", not "space Ariminum"). */
export function commandLabel(gameType: string, command: any, seatName?: (s: number) => string): string {
  const fields = Object.entries(commandFields(command)).filter(([k, v]) => !k.startsWith('$') && v !== ''
    && v !== -1 && !(Array.isArray(v) && v.length === 0));
  if (fields.length !== 1) return commandWords(gameType, command, seatName);
  seatNamer = seatName ?? null;
  try {
    return valueWords(fields[0][0], fields[0][1], gameType);
  } finally {
    seatNamer = null;
  }
}

/** The kind of a game command ("layCard"). */
export function commandKind(command: any): string {
  return command?.game?.value?.kind?.case ?? '';
}

export function commandFields(command: any): any {
  return command?.game?.value?.kind?.value ?? {};
}

/** Whether a log record is only the rules asking the next question (a Flow event), not a move. */
export function isStep(record: any): boolean {
  const ev = record.event?.game;
  return ev?.case !== 'platform' && ev?.value?.kind?.case === 'flow';
}

/** Whether a record says who must decide what now (a Flow event, Roma's DecisionRequired): its
 *  words are the page's "waiting for" line. */
export function isPrompt(record: any): boolean {
  const ev = record.event?.game;
  return ev?.case !== 'platform' && ['flow', 'decisionRequired'].includes(ev?.value?.kind?.case);
}

/** One log record in words, as the receiving seat sees it: the server's sentence (EventRecord.words)
 *  or, from a server that sends none, its fields in words. */
export function eventWords(gameType: string, record: any, seatName: (s: number) => string): string {
  if (record.words) return record.words;
  const ev = record.event?.game;
  if (!ev?.case) return '(empty)';
  seatNamer = seatName;
  try {
    const text = oneofWords(ev.value.kind, gameType).replace(/ redacted(:|$)/, '$1');
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}${record.redacted ? ' (hidden from you)' : ''}`;
  } finally {
    seatNamer = null;
  }
}
