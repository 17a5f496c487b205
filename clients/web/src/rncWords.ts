// Rome et Carthage's log events and move buttons in sentences: "West places a Carthage mercenary in
// Iol", "North moves the Rome elephant to Massilia", "North declares a forced march, paying K♥".
// Any event not phrased here keeps the generic field-by-field words of words.ts.
//
// Hidden information: a sentence is built from the one record the page received, already redacted
// for its seat by the server, from the game's public data files and, to name a team by its seats,
// from the seat's own view (View.seats, public); never from anything else. A redacted record
// (CardsDrawnRedacted, CardsCommittedRedacted, TalonShuffledRedacted) is phrased from its own
// fields only: how many cards, never which.
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
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

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

const SIDES = ['the attacker', 'the defender'];
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
const STEPS: Record<string, string> = { open: 'opening cards', spy: 'spy', spy_cards: "the spy's new cards", tie: 'tie-break cards' };
const REASONS: Record<string, string> = {
  capitals: 'both enemy capitals held', destroyed: 'a team has no piece left', 'draw agreed': 'a draw agreed',
  'no progress': 'too many turns without a combat or a capital taken',
};

/** The opening of a combat sentence: "Massilia" (the city fought over). */
const at = (id: string) => `Combat in ${city(id)}`;

/** One event's sentence, or null to keep the generic words. `kind`: the Event oneof ({case, value});
 *  `view`: the seat's View (to name teams by their seats), if known. */
export function rncEventWords(kind: { case?: string; value?: any }, seat: Seat, view?: any): string | null {
  const v = kind.value;
  if (!v) return null;
  switch (kind.case) {
    case 'statesDrawn': {
      const sides = [0, 1].map((t) => list((v.seats ?? []).filter((s: any) => s.team === t).map((s: any) =>
        `${bare(seat, s.seat)} (${list((s.states ?? []).map((x: string) => STATES.get(x) ?? x))}${s.lone ? ', alone' : ''})`)));
      return `Teams: ${sides[0]} against ${sides[1]}`;
    }
    case 'handDealt': return `${seat(v.seat)} starts with ${cards(v.cards) || 'no card'}`;
    case 'talonShuffled':
    case 'talonShuffledRedacted': {
      const count = v.count ?? v.cards?.length ?? 0;  // the cards' order is seen by nobody: never named
      const pile = v.pile > 0 || view?.match ? `${team(v.pile, seat, view)}'s draw pile` : 'the draw pile';
      return v.rebuilt ? `The spent cards are shuffled into ${pile} (${plural(count, 'card')}, face down)`
        : `${cap(pile)} is shuffled (${plural(count, 'card')}, face down)`;
    }
    case 'firstPlayerDrawn': {
      const opens = `${STATES.get(v.state) ?? v.state} opens: ${seat(v.seat)} plays first`;
      const order = (v.order ?? []).map((x: number) => bare(seat, x)).join(', then ');
      return `${v.card ? `${card(v.card)} is turned up: ` : ''}${opens}${order ? ` (order: ${order})` : ''}`;
    }
    case 'specialChosen': return `${seat(v.seat)} holds the ${card(v.card)} card`;
    case 'turnStarted':
      return `Turn ${v.turn} (round ${v.round}): ${seat(v.seat)} ${v.place > 0 ? `places ${plural(v.place, 'piece')}` : 'plays'}`;
    case 'piecePlaced': return `${seat(v.seat)} places ${piece(v.piece)} in ${city(v.city)}`;
    case 'cardsDrawn': return `${seat(v.seat)} draws ${cards(v.cards) || 'no card'}`;
    case 'cardsDrawnRedacted': return `${seat(v.seat)} draws ${plural(v.count, 'card')} (which: hidden from you)`;
    case 'forcedMarchDeclared': return `${seat(v.seat)} declares a forced march, paying ${cards(v.cards)}`;
    case 'forcedMarchCardAdded': return `${seat(v.seat)} adds ${card(v.card)} to its forced march's payment`;
    case 'cardsSpent': {
      const done = [v.cards?.length && `puts ${cards(v.cards)} on the spent pile`,
        v.removed?.length && `takes ${cards(v.removed)} out of the game`].filter(Boolean);
      return `${seat(v.seat)} ${done.join(' and ') || 'spends no card'} (${v.fromTable ? 'from the combat' : 'from its hand'})`;
    }
    case 'pieceMoved': {
      if (v.treason) return `By treason, ${seat(v.seat)} moves ${piece(v.piece)} ${route(v.path)}`;
      if (v.secondMercenary) return `${seat(v.seat)} moves a second ${pieceParts(v.piece)[0]} mercenary ${route(v.path)}`;
      return `${seat(v.seat)} moves ${piece(v.piece)} ${route(v.path)}`;
    }
    case 'attackDeclared':
      return `${cap(piece(v.attacker, true))} from ${city(v.origin)} attacks ${piece(v.defender, true)} in ${city(v.city)}: `
        + 'a combat once the moves end';
    case 'specialPlayed': return `${seat(v.seat)} plays its ${card(v.card)} card`;
    case 'pieceEliminated':
      return `${cap(piece(v.piece, true))} in ${city(v.city)} ${v.reason === 'sedition' ? 'is destroyed by sedition'
        : v.reason === 'combat' ? 'loses the combat and leaves the board' : `leaves the board (${v.reason})`}`;
    case 'movesEnded':
      return `${seat(v.seat)} stops moving: ${v.combats ? `${plural(v.combats, 'combat')} to fight` : 'no combat'}`;
    case 'drawOffered': return `${seat(v.seat)} offers the other team a draw (it stands until ${bare(seat, v.seat)}'s next turn)`;
    case 'drawOfferLapsed': return `The draw offer of ${team(v.team, seat, view)} lapses`;
    case 'combatStarted': {
      const limited = [0, 1].filter((i) => v.limited?.[i]).map((i) => [v.attackerSeat, v.defenderSeat][i]);
      return `${at(v.city)}: ${piece(v.attacker, true)} (${bare(seat, v.attackerSeat)}) attacks ${piece(v.defender, true)}`
        + ` (${bare(seat, v.defenderSeat)})${limited.length ? `; ${list(limited.map((x: number) => bare(seat, x)))}, its capital`
        + ' occupied, lays one card where two are asked' : ''}`;
    }
    case 'combatStep': {
      const need: number[] = v.need ?? [];
      const spy = SIDES[v.spySide] ?? 'a side';
      switch (v.step) {
        case 'spy': return `${at(v.city)}: ${spy} opened with a natural 2 and may send a spy`;
        case 'spy_cards': return `${at(v.city)}: ${spy}'s spy lays ${plural(need[v.spySide] ?? 0, 'new card')}, knowing the other side's`;
        case 'tie': return `${at(v.city)}: a tie; each side lays one more card face down`;
        default: {
          const lay = need[0] === need[1] ? `each side lays ${plural(need[0] ?? 0, 'card')}`
            : `the attacker lays ${plural(need[0] ?? 0, 'card')}, the defender ${plural(need[1] ?? 0, 'card')}`;
          return `${at(v.city)}: ${lay} face down`;
        }
      }
    }
    case 'cardsCommitted': return `${seat(v.seat)} lays ${cards(v.cards) || 'no card'} face down for ${SIDES[v.side] ?? 'its side'}`;
    case 'cardsCommittedRedacted':
      return `${seat(v.seat)} lays ${plural(v.count, 'card')} face down for ${SIDES[v.side] ?? 'its side'} (which: hidden from you)`;
    case 'cardsRevealed': {
      const side = (i: number, ids: string[]) => `${SIDES[i]}'s ${cards(ids) || 'no card'} make ${v.totals?.[i] ?? 0}`;
      return `${at(v.city)}, ${STEPS[v.step] ?? v.step} turned up: ${side(0, v.attackerCards)}, ${side(1, v.defenderCards)}`;
    }
    case 'spyDeclared': return `${seat(v.seat)} declares a spy: it lays new cards, knowing the other side's`;
    case 'valueKept':
      return `${seat(v.seat)} keeps its natural 2 (the attacker's total is ${v.totals?.[0] ?? 0}, the defender's ${v.totals?.[1] ?? 0})`;
    case 'bothSpies': return `${at(v.city)}: both sides opened with a natural 2; their cards are spent and the combat starts over`;
    case 'zerosReturned': return `${cards(v.cards) || 'No card'} ${(v.cards?.length ?? 0) > 1 ? 'go' : 'goes'} back to ${bare(seat, v.seat)}'s hand`;
    case 'combatEnded': {
      const score = v.totals?.length === 2 ? `, ${Math.max(v.totals[0], v.totals[1])} to ${Math.min(v.totals[0], v.totals[1])}` : '';
      if (v.outcome === 'attacker' || v.outcome === 'defender') return `${at(v.city)}: ${v.outcome === 'attacker' ? SIDES[0] : SIDES[1]} wins${score}`;
      return `${at(v.city)}: a tie nobody can break; the combat stops and the attacker goes back`;
    }
    case 'attackerReturned': return `${cap(piece(v.piece, true))} goes back from ${city(v.city)} to ${city(v.origin)}`;
    case 'playerEliminated': {
      const lost = [v.cards && plural(v.cards, 'card'), v.specials?.length && `its ${list(v.specials.map(card))} card`].filter(Boolean);
      return `${seat(v.seat)} has no piece left and is out${lost.length ? `: ${list(lost as string[])} leave the game unseen` : ''}`;
    }
    case 'clockStarted':
    case 'clockTicked': {
      const still = kind.case === 'clockTicked' ? 'still ' : '';
      const waiting = list((v.waiting ?? []).map((x: number) => bare(seat, x)));
      return `Both enemy capitals are ${still}held by ${team(v.team, seat, view)}: the game is theirs if they still hold them`
        + ` once ${waiting || 'every other player'} ${(v.waiting?.length ?? 0) > 1 ? 'have each' : 'has'} ended a turn`;
    }
    case 'clockStopped': return `${cap(team(v.team, seat, view))} no longer hold both enemy capitals: their clock stops`;
    case 'turnEnded':
      return `${seat(v.seat)} ends its turn${v.quiet ? ` (${plural(v.quiet, 'turn')} in a row without a combat or a capital taken)` : ''}`;
    case 'gameEnded': {
      const why = REASONS[v.reason] ?? v.reason;
      const scores = (v.scores ?? []).map((n: number, i: number) => `${bare(seat, i)} ${n}`).join(', ');
      const won = v.winners?.length ? `${list(v.winners.map((x: number) => bare(seat, x)))} win` : 'a draw';
      return `The game ends (${why}): ${won}${scores ? `; pieces left: ${scores}` : ''}`;
    }
    default: return null;
  }
}

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
