// Hannibal's commonest log events in sentences ("Rome: P. Cornelius Scipio with 7 CU marches from
// Roma to Spoletium"); any other event keeps the generic field-by-field words of words.ts.
import { HANNIBAL_CARDS, humanize, nameOf } from './words';

type Side = (seat: number) => string;

function gens(ids: string[] | undefined): string {
  return (ids ?? []).filter((g) => g).map(nameOf).join(', ');
}

function cu(count: number, elephants: number): string {
  return `${count} CU${elephants ? ` (${elephants} elephant${elephants > 1 ? 's' : ''})` : ''}`;
}

function card(n: number): string {
  const c = HANNIBAL_CARDS.get(n);
  return c ? `#${n} ${c.name}` : `#${n}`;
}

const walls = (inside: boolean) => (inside ? ' inside the walls' : '');

/** One event's sentence, or null to use the generic words. `kind`: the Event oneof ({case, value}). */
export function hannibalEventWords(kind: { case?: string; value?: any }, side: Side): string | null {
  const v = kind.value;
  if (!v) return null;
  switch (kind.case) {
    case 'cardPlayed':
      return `${side(v.seat)} plays ${card(v.card)} ${v.use === 'discard' ? 'to discard' : `as ${v.use}`}`
        + (v.removed ? ' (removed from the game)' : '');
    case 'commandTaken': return `${nameOf(v.general)} takes command`;
    case 'cuPlaced':
      return `${side(v.side)}: ${cu(v.count, v.elephants)} placed in ${nameOf(v.space)}${walls(v.inside)} (${humanize(v.cause)})`;
    case 'cuLost':
      return `${side(v.side)} loses ${cu(v.count, v.elephants)} in ${nameOf(v.space)}${walls(v.inside)} (${humanize(v.cause)})`;
    case 'controlChanged':
      return v.side < 0 ? `${nameOf(v.space)}: its political control marker is removed (${humanize(v.cause)})`
        : `${side(v.side)} now controls ${nameOf(v.space)} (${humanize(v.cause)})`;
    case 'unitsMoved': {
      const who = gens(v.generals);
      const what = who ? `${who}${v.count ? ` with ${cu(v.count, v.elephants)}` : ''}` : cu(v.count, v.elephants);
      const where = v.origin === v.space
        ? `in ${nameOf(v.space)}${v.toInside ? ', into the city' : v.fromInside ? ', out of the city' : ''}`
        : `from ${nameOf(v.origin)} to ${nameOf(v.space)}${walls(v.toInside)}`;
      return `${side(v.side)}: ${what}, ${humanize(v.how)} ${where}`;
    }
    case 'phaseBegan': return `Phase: ${humanize(v.phase)}`;
    case 'turnBegan': return `Turn ${v.turn} begins`;
    case 'officeChanged':
      return v.office ? `${nameOf(v.general)} becomes ${humanize(v.office)}` : `${nameOf(v.general)} leaves office`;
    case 'generalPlaced': return `${nameOf(v.general)} is placed in ${nameOf(v.space)}${walls(v.inside)}`;
    case 'generalOff': return `${nameOf(v.general)} leaves the map (to the ${humanize(v.to)}: ${humanize(v.cause)})`;
    case 'consulsDrawn': return `Consuls drawn: ${gens(v.generals)}`;
    case 'politicalPoints': return `Political points: ${(v.points ?? []).map((p: number, s: number) => `${side(s)} ${p}`).join(', ')}`;
    case 'dieRolled': {
      const mod = v.modifier ? ` ${v.modifier > 0 ? '+' : '−'}${Math.abs(v.modifier)}` : '';
      return `${side(v.seat)} rolls ${v.roll}${mod} (${humanize(v.purpose)}): ${v.outcome}`;
    }
    case 'battleBegan': return `Battle in ${nameOf(v.space)}: ${side(v.attacker)} attacks`;
    case 'battleEnded':
      return v.winner >= 0 ? `${side(v.winner)} wins the battle after ${v.rounds} round${v.rounds === 1 ? '' : 's'} (${humanize(v.how)})`
        : `The battle ends without a winner (${humanize(v.how)})`;
    default: return null;
  }
}
