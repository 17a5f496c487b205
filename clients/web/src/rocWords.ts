// The Republic of Carthage's seat's own secret plan in words (the board's line of what it chose in
// secret), in the words of the engine's move list (engine/games/republic_of_carthage/notation.py).
// The move buttons, the log's sentences and the "waiting for" line come from the server
// (ListLegalCommands and EventRecord words: notation.py, words.py).
//
// Hidden information: a button is built from the command and the seat's own view, and from the
// game's public data files; never from anything else.
import { ownName } from './words';
import warsData from '../../../engine/games/republic_of_carthage/data/wars.json';

const GAME = 'republic-of-carthage';
type Seat = (seat: number) => string;

const CAMPAIGNS = new Set<string>([...(warsData as any).wars, ...(warsData as any).explorations].map((w: any) => w.id));

/** An id of the game's components in words, without the card id or deck the page adds in brackets
 *  ("Bostar", not "Bostar (11)"; "Public Outcry", not "Public Outcry (I)"), as notation.py names them. */
export function rocName(id: string): string {
  if (!id) return '—';
  const key = id.replace(/^senator:/, '');
  return ownName(GAME, key)?.replace(/ \([^)]*\)$/, '') ?? key.replace(/_/g, ' ');
}

/** "Red (tester)" -> "Red": the faction's colour alone, for "Red's treasury". */
const colour = (seat: Seat, n: number) => seat(n).replace(/ \([^)]*\)$/, '');

const names = (ids: readonly string[] | undefined) => (ids ?? []).filter((x) => x).map(rocName);

function list(words: string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

const talents = (n: number) => `${n} T`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A snake_case reason or purpose in words: a component's name when it is one ("harbour_captain"
 *  -> "Harbour Captain"), else the words ("state_income" -> "state income"). */
function why(word: string): string {
  if (!word) return '';
  const known = ownName(GAME, word);
  if (known) return known.replace(/ \([^)]*\)$/, '');
  const [head, ...rest] = word.split(':');  // "personal:sardinia_corsica" -> "personal (Sardinia-Corsica)"
  if (rest.length && head) return `${why(head)} (${rest.map(why).join(', ')})`;
  return word.replace(/_/g, ' ');
}

/** A war, an exploration or the rebellion, with its article: "the War with Cyrene". */
function theWar(id: string): string {
  if (id === 'rebels') return 'the rebellion';
  const name = rocName(id);
  return CAMPAIGNS.has(id) && name.includes(' ') ? `the ${name}` : name;  // "Morocco" has none
}

/** A place of talents (events.py: senator:<id>, faction:<seat>, state, bank; escrow:persuasion);
 *  `own`: the seat whose treasury is "its treasury" (or `ownWord`'s). */
export function placeWords(place: string, seat: Seat, own = -1, ownWord = 'its treasury'): string {
  const [kind, key] = [place.split(':')[0], place.split(':').slice(1).join(':')];
  if (kind === 'senator') return rocName(key);
  if (kind === 'faction' && /^\d+$/.test(key)) return Number(key) === own ? ownWord : `${colour(seat, Number(key))}'s treasury`;
  if (place === 'state') return 'the State treasury';
  if (place === 'bank') return 'the bank';
  if (kind === 'escrow') return `the ${key || 'persuasion'} stake`;
  return rocName(place);
}

const unitName = (unit: string) => (unit === 'squadron' ? 'squadron' : rocName(unit));
const units = (n: number, unit: string) => `${n} ${unitName(unit)}${unit === 'squadron' ? (n === 1 ? '' : 's') : (n === 1 ? ' unit' : ' units')}`;

/** What a proposal (ProposalMade: kind, senators, target, amount) asks, as notation.py's tally reads. */
export function proposalWords(kind: string, senators: readonly string[], target: string, amount: number): string {
  const who = names(senators.map((x) => x.replace(/^co:/, '')));
  const a = who[0] ?? 'the candidate';
  switch (kind) {
    case 'suffetes': return who.length > 1 ? `${who[0]} and ${who[1]} as Suffètes` : `${a} as Suffète`;
    case 'council': return `${a} for ${rocName(target)}`;
    case 'governor': return `${a} as governor of ${rocName(target)}`;
    case 'recruit': return `recruiting ${units(amount, target)}`;
    case 'disband': return `disbanding a ${rocName(target)}`;
    case 'prosecute': return `sending ${list(who) || 'a force'} to ${theWar(target)}${amount ? ` with ${plural(amount, 'squadron')}` : ''}`;
    case 'expedition': return `${a}'s expedition to ${theWar(target)}`;
    case 'peace': return `peace in ${theWar(target)}`;
    case 'tax': return `${target === 'up' ? 'raising' : 'lowering'} the tax rate`;
    case 'concession': return `granting ${rocName(target)} to ${a}`;
    case 'suffete_for_life': return `${a} as Suffète for Life`;
    case 'trial': return `convicting ${a}${who[1] ? ` (Judge: ${who[1]})` : ''}${target ? ` (${why(target)} trial)` : ''}`;
    case 'recall_exile': return `recalling ${a} from exile`;
    case 'reinforce': return `reinforcing force ${target}${who.length ? ` (${list(who)})` : ''}`;
    case 'recall': return `recalling the commanders of force ${target}`;
    case 'recall_governor': return `${a} as governor of ${rocName(target)} in place of the one recalled`;
    default: return `${why(kind)}${who.length ? ` (${list(who)})` : ''}${target ? ` (${rocName(target)})` : ''}`;
  }
}

/** One entry of a seat's secret choice (ChoiceMade.names, View.committed) for `step`, as that seat reads
 *  it; `own`: the choosing seat (its treasury is `ownWord`). Redistribution: "<source>><target>" then
 *  "=<talents>"; the Civil War's cards: "<card>|<senator>"; a rebel bid: "<talents>". */
function choiceWords(step: string, entry: string, seat: Seat, own: number, ownWord: string): string {
  if (step === 'redistribution') {
    const amount = /^=(\d+)$/.exec(entry);
    if (amount) return `${talents(Number(amount[1]))} for that move`;
    const [src, dst] = entry.split('>');
    return `a move of talents from ${placeWords(src, seat, own, ownWord)} to ${placeWords(dst ?? '', seat, own, ownWord)}`;
  }
  if (step === 'civil_cards') {
    const [card, senator] = entry.split('|');
    return `${rocName(card)}${senator ? ` on ${rocName(senator)}` : ''}`;
  }
  if (step === 'rebel_bid') return `a bid of ${talents(Number(entry))}`;
  return rocName(entry);
}

/** The seat's own secret choices not yet revealed (View.committed), in words: the II.10 moves paired
 *  with their amounts ("move 2 T from Bostar to Hasdrubal", "give 1 T to Blue's treasury"), the
 *  Civil War's cards ("play Secret Escort on Bostar"), a rebel bid ("bid 3 T"). */
export function secretChoiceWords(committed: readonly string[], seat: Seat, own: number): string {
  const out: { text: string; amount?: number; src?: string; dst?: string }[] = [];
  for (const entry of committed) {
    const amount = /^=(\d+)$/.exec(entry);
    const move = /^([^>|]+)>([^>|]+)$/.exec(entry);
    const last = out[out.length - 1];
    if (amount && last?.src !== undefined && last.amount === undefined) {
      last.amount = Number(amount[1]);
    } else if (move) {
      out.push({ text: '', src: move[1], dst: move[2] });
    } else if (entry.includes('|')) {
      out.push({ text: `play ${choiceWords('civil_cards', entry, seat, own, 'your treasury')}` });
    } else if (/^\d+$/.test(entry)) {
      out.push({ text: `bid ${talents(Number(entry))}` });
    } else {
      out.push({ text: rocName(entry) });
    }
  }
  return out.map(({ text, amount, src, dst }) => {
    if (src === undefined || dst === undefined) return text;
    const how = amount === undefined ? 'talents' : talents(amount);
    const later = amount === undefined ? ' (how many: still to choose)' : '';
    const from = placeWords(src, seat, own, 'your treasury');
    if (dst.startsWith('faction:') && dst !== `faction:${own}`) {  // a gift to another faction (R75)
      return `give ${how}${src === `faction:${own}` ? '' : ` from ${from}`} to ${placeWords(dst, seat, own)}${later}`;
    }
    return `move ${how} from ${from} to ${placeWords(dst, seat, own, 'your treasury')}${later}`;
  }).join('; ');
}

// ---- the legal commands as buttons ---------------------------------------------------------------
// A command answers the pending step (the top frame of View.flow), and what it means depends on that
