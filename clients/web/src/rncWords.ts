// Rome et Carthage's board lines in words: its pieces, cards, phases and combat steps as the page's
// board shows them (boards.ts, rules.ts). The move buttons and the log's sentences come from the
// server (ListLegalCommands and EventRecord words: engine/games/rome_et_carthage/notation.py, words.py).
import rcMap from '../../../engine/games/rome_et_carthage/data/map.json';
import { nameOf } from './words';
import { language, t } from './i18n';

const STATES = new Map<string, string>((rcMap as any).states.map((s: any) => [s.id, s.name]));
const CITIES = new Map<string, string>((rcMap as any).cities.map((c: any) => [c.id, c.name]));
const SUITS: Record<string, string> = { H: '♥', D: '♦', C: '♣', S: '♠' };
const SPECIALS: Record<string, string> = { treason: 'Treason', sedition: 'Sedition' };
const SPECIALS_FR: Record<string, string> = { treason: 'Trahison', sedition: 'Sédition' };
const RANKS_FR: Record<string, string> = { K: 'R', Q: 'D', J: 'V' };  // roi, dame, valet, as the server's French words write them

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A city id in words ("massilia" -> "Massilia"). */
export const city = (id: string) => CITIES.get(id) ?? nameOf(id);

/** A card id in words: rank and suit sign ("KH" -> "K♥", "10S" -> "10♠"); a special card by name. */
export function card(id: string): string {
  const fr = language() === 'fr';
  if (SPECIALS[id]) return fr ? SPECIALS_FR[id] : SPECIALS[id];
  const m = /^(10|[2-9AJQK])([HDCS])$/.exec(id);
  return m ? `${(fr && RANKS_FR[m[1]]) || m[1]}${SUITS[m[2]]}` : nameOf(id);
}

/** A piece id's state and kind ("carthage_mercenary_3" -> ["Carthage", "mercenary"]). */
function pieceParts(id: string): [string, string] {
  const m = /^([a-z]+)_(elephant|chariot|galley|mercenary)(?:_\d+)?$/.exec(id);
  return m ? [STATES.get(m[1]) ?? cap(m[1]), m[2]] : ['', nameOf(id)];
}

/** A piece in words. A state has one elephant and one chariot ("the Rome elephant") but two galleys
 *  and three mercenaries, which the log names without their number ("a Rome mercenary"): the
 *  number means nothing at the table, the city it moves to tells which one it is. `the`: always with
 *  the definite article (the piece is named with its city). */
export function piece(id: string, the = false): string {
  const [state, kind] = pieceParts(id);
  if (!state) return kind;
  const one = kind === 'elephant' || kind === 'chariot';
  return `${one || the ? 'the' : /^[AEIOU]/.test(state) ? 'an' : 'a'} ${state} ${kind}`;
}

const PHASES: Record<string, string> = {
  specials: 'special cards', place: 'placement', play: 'play', combat: 'combats', over: 'the game is over',
};
const PHASES_FR: Record<string, string> = {
  specials: 'cartes spéciales', place: 'placement', play: 'jeu', combat: 'combats', over: 'la partie est finie',
};
/** The phase the board's header names ("placement", not "place"), in the page's language. */
export const rncPhase = (phase: string) => (language() === 'fr' ? PHASES_FR : PHASES)[phase] ?? phase.replace(/_/g, ' ');
const PENDING: Record<string, string> = {
  open: 'both sides lay their opening cards face down', spy: 'a side may declare a spy',
  spy_cards: "the spy's side lays its new cards face down", tie: 'both sides lay tie-break cards face down',
};
const PENDING_FR: Record<string, string> = {
  open: 'les deux camps posent leurs cartes d\'ouverture face cachée', spy: 'un camp peut déclarer un espion',
  spy_cards: 'le camp de l\'espion pose ses nouvelles cartes face cachée', tie: 'les deux camps posent face cachée des cartes pour départager',
};
/** What the combat being fought waits for, in words ("both sides lay their opening cards face down"). */
export const rncCombatStep = (step: string) => (language() === 'fr' ? PENDING_FR : PENDING)[step] ?? step.replace(/_/g, ' ');
/** A 4-player seat's partner, named ("with South"); '' outside teams of two. */
export function rncPartner(seat: any, seats: readonly any[], name: (seat: number) => string): string {
  const partners = seats.filter((s) => s.team === seat.team && s.seat !== seat.seat);
  return seat.team >= 0 && partners.length ? t(', with {who}', { who: partners.map((s) => name(s.seat)).join(t(' and ')) }) : '';
}
