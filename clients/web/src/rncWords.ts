// Rome et Carthage's move buttons and board lines in words: "to Massilia, attacking the Carthage
// elephant", "Move the Rome mercenary in Narbo". The log's sentences come from the server
// (EventRecord.words, engine/games/rome_et_carthage/words.py).
//
// Hidden information: a button is built from the command, the game's public data files and the
// seat's own view; never from anything else.
import rcMap from '../../../engine/games/rome_et_carthage/data/map.json';
import rcCards from '../../../engine/games/rome_et_carthage/data/cards.json';
import { nameOf } from './words';

type Seat = (seat: number) => string;

const STATES = new Map<string, string>((rcMap as any).states.map((s: any) => [s.id, s.name]));
const CITIES = new Map<string, string>((rcMap as any).cities.map((c: any) => [c.id, c.name]));
const VALUES = new Map<string, number>((rcCards as any).ranks.map((r: any) => [r.id, r.value]));
const SUITS: Record<string, string> = { H: '♥', D: '♦', C: '♣', S: '♠' };
const SPECIALS: Record<string, string> = { treason: 'Treason', sedition: 'Sedition' };

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function list(words: string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** "North (tester)" -> "North": the seat's name alone, for a second mention or a possessive. */
const bare = (seat: Seat, n: number) => seat(n).replace(/ \([^)]*\)$/, '');

/** A city id in words ("massilia" -> "Massilia"). */
export const city = (id: string) => CITIES.get(id) ?? nameOf(id);

/** A card id in words: rank and suit sign ("KH" -> "K♥", "10S" -> "10♠"); a special card by name. */
export function card(id: string): string {
  if (SPECIALS[id]) return SPECIALS[id];
  const m = /^(10|[2-9AJQK])([HDCS])$/.exec(id);
  return m ? `${m[1]}${SUITS[m[2]]}` : nameOf(id);
}

const cards = (ids: readonly string[] | undefined) => list((ids ?? []).map(card));

/** Cards' value before any modifier (jacks and queens 0, kings 15: cards.json). */
const worth = (ids: readonly string[]) => ids.reduce((t, c) => t + (VALUES.get(c.replace(/[HDCS]$/, '')) ?? 0), 0);

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

/** The cities a piece enters, its last one named as where it goes: "to Massilia", "through Narbo to Massilia". */
function route(path: readonly string[] | undefined): string {
  const p = (path ?? []).map(city);
  if (!p.length) return 'nowhere';
  return p.length === 1 ? `to ${p[0]}` : `through ${list(p.slice(0, -1))} to ${p[p.length - 1]}`;
}

/** A team by its seats ("North and South"), read from the view's seats; "team N" without a view. */
function team(t: number, seat: Seat, view: any): string {
  const seats = ((view?.seats ?? []) as any[]).filter((s) => s.team === t).map((s) => bare(seat, s.seat));
  return seats.length ? list(seats) : `team ${t}`;
}

const PHASES: Record<string, string> = {
  specials: 'special cards', place: 'placement', play: 'play', combat: 'combats', over: 'the game is over',
};
/** The phase the board's header names ("placement", not "place"). */
export const rncPhase = (phase: string) => PHASES[phase] ?? phase.replace(/_/g, ' ');
const PENDING: Record<string, string> = {
  open: 'both sides lay their opening cards face down', spy: 'a side may declare a spy',
  spy_cards: "the spy's side lays its new cards face down", tie: 'both sides lay tie-break cards face down',
};
/** What the combat being fought waits for, in words ("both sides lay their opening cards face down"). */
export const rncCombatStep = (step: string) => PENDING[step] ?? step.replace(/_/g, ' ');
/** A 4-player seat's partner, named ("with South"); '' outside teams of two. */
export function rncPartner(seat: any, seats: readonly any[], name: (seat: number) => string): string {
  const partners = seats.filter((s) => s.team === seat.team && s.seat !== seat.seat);
  return seat.team >= 0 && partners.length ? `, with ${partners.map((s) => name(s.seat)).join(' and ')}` : '';
}

/** The opening of a combat sentence: "Massilia" (the city fought over). */
const at = (id: string) => `Combat in ${city(id)}`;

// ---- move buttons -------------------------------------------------------------------------------
// Each legal command as a button that says what it does ("to Massilia, attacking the Carthage
// elephant"), under a heading naming what it answers ("Move the Rome mercenary in Narbo"). Built from
// the command and the seat's own view (the board, the declared combats, the combat being fought,
// all public or the seat's own), so a button says nothing the seat may not see.

/** The piece standing in `cityId`, from the view's board ("" none). */
const standing = (view: any, cityId: string): string => ((view?.board ?? []) as any[]).find((p) => p.city === cityId)?.piece ?? '';

/** Where a piece is, from the view's board: "the Rome mercenary in Narbo". */
function placed(view: any, id: string): string {
  const where = ((view?.board ?? []) as any[]).find((p) => p.piece === id)?.city;
  return where ? `${piece(id, true)} in ${city(where)}` : piece(id);
}

/** A move's end: "to Massilia", and what it attacks there when the city holds a piece (never a
 *  friendly one: no move ends on one). */
function moveTo(view: any, path: readonly string[] | undefined, mover: string): string {
  const last = (path ?? [])[(path?.length ?? 0) - 1] ?? '';
  const there = last ? standing(view, last) : '';
  return `${route(path)}${there && there !== mover ? `, attacking ${piece(there, true)}` : ''}`;
}

const cardsLabel = (ids: readonly string[] | undefined) => (ids?.length ? `${cards(ids)} (${worth(ids)})` : 'no card (none left)');

/** A legal command (a GameCommand) of Rome et Carthage as a button: its `label`, and the `heading`
 *  of the decision it answers, read from the seat's `view` (its View message). */
export function rncCommandLabel(command: any, view: any): { heading: string; label: string } {
  const inner = command?.game?.value?.kind ?? {};
  const c = inner.value ?? {};
  const combat = view?.combat?.city ? view.combat : null;
  const [heading, label] = ((): [string, string] => {
    switch (inner.case) {
      case 'chooseSpecial':
        return ["Your team's special card (your partner takes the other)", c.card === 'treason'
          ? 'Treason: move an enemy piece as its owner could' : 'Sedition: destroy the enemy piece in your capital'];
      case 'placePiece': return [`Place ${piece(c.piece)} in`, city(c.city)];
      case 'declareForcedMarch': return ['Forced march: pay for a second move', `Pay ${cards(c.cards)}`];
      case 'addToForcedMarch': return ['Forced march: pay more than needed', `Add ${card(c.card)}`];
      case 'movePiece': return [`Move ${placed(view, c.piece)}`, moveTo(view, c.path, c.piece)];
      case 'moveSecondMercenary': {
        const [state] = pieceParts(c.piece);
        const from = ((view?.board ?? []) as any[]).find((p) => p.piece === c.piece)?.city;
        return [`Move a second ${state} mercenary with it`, `${from ? `from ${city(from)} ` : ''}${moveTo(view, [c.to], c.piece)}`];
      }
      case 'playTreason': return [`Treason: move ${placed(view, c.piece)}`, moveTo(view, c.path, c.piece)];
      case 'playSedition': {
        const there = standing(view, c.city);
        return ['Sedition', there ? `Destroy ${piece(there, true)} in ${city(c.city)}` : `Free ${city(c.city)}`];
      }
      case 'endTurn': {
        const fights = (view?.declared ?? []).length;
        const label = view?.secondMercenary ? 'No second mercenary: end your turn'
          : !view?.moves && view?.phase === 'play' ? 'Pass: end your turn without moving'
            : fights ? `End your turn and fight ${fights === 1 ? 'the combat' : `${fights} combats`}` : 'End your turn';
        return ['Your turn', label];
      }
      case 'offerDraw': return ['Your turn', 'Offer the other team a draw'];
      case 'acceptDraw': return ['Your turn', "Accept the other team's draw offer"];
      case 'chooseCombat': {
        const d = ((view?.declared ?? []) as any[]).find((x) => x.city === c.city);
        return ['Fight next the combat in', `${city(c.city)}${d ? ` (${piece(d.attacker, true)} attacks ${piece(d.defender, true)})` : ''}`];
      }
      case 'commitCards': {
        const where = combat ? ` in ${city(combat.city)}` : '';
        const step = combat?.step === 'spy_cards' ? `Your spy's new cards${where}, face down`
          : combat?.step === 'tie' ? `A card to break the tie${where}, face down` : `Your opening cards${where}, face down`;
        return [step, cardsLabel(c.cards)];
      }
      case 'declareSpy': return [`Your natural 2${combat ? ` in ${city(combat.city)}` : ''}`, "Declare a spy: lay new cards, knowing the other side's"];
      case 'keepValue': return [`Your natural 2${combat ? ` in ${city(combat.city)}` : ''}`, 'Keep the value 2'];
      default: return ['Your move', inner.case ?? 'move'];
    }
  })();
  return { heading, label: cap(label) };
}
