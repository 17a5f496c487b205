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

/** What each of Hannibal's decisions asks, in a few words (the engine's prompt, flow.DESCRIBE, gives
 *  the whole question with its rulebook section): the log's line for a Flow event. */
const STEPS: Record<string, string> = {
  strategy: 'play a strategy card', ops: "use the card's operations", place_pcs: 'place PCs',
  raise: 'raise a CU', claim_first: 'choose whether to play first with a campaign card',
  choose_first: 'choose who plays first', campaign: "activate the campaign's next general, or end it",
  campaign_window: 'answer the campaign with a counter-event, or pass', adverse_army: 'name the army Adverse Elements slows',
  form_army: 'form the army', move: 'move the army', drop_pick: 'drop or pick up CU', sail_to: 'choose the port to sail to',
  naval_window: 'answer the sea move with a counter-event, or pass',
  pass_window: 'answer the crossing with a counter-event, or pass',
  reaction: 'react to the enemy army: intercept, avoid battle, or pass', intercept_cu: 'choose who intercepts',
  intercept_command: 'name the commander of the combined armies', intercepted: 'give battle or step back',
  split_back: 'split the intercepted army', avoid_with: 'choose who avoids battle', avoid_to: 'choose where the army avoids to',
  avoid_command: 'name the commander of the force left behind', left_command: 'name the commander of the force left behind',
  city_declare: 'declare the CU inside the walls', battle_events: 'declare a card for the battle, or pass',
  elephant_charge: 'choose whether the elephants charge', elephant_window: 'answer the elephant charge, or pass',
  battle_attack: 'attack with a battle card, or try to withdraw', battle_match: 'match the battle card, or lose the battle',
  counterattack: 'choose whether to counterattack', take_initiative: 'choose whether to take the initiative',
  cancel_withdraw: 'choose whether to roll against the withdrawal', withdraw_to: 'choose where the army withdraws',
  relief_sortie: 'choose whether the besieged CU sortie', relief_losses: 'share the losses with the CU that sortied',
  retreat: 'choose where the beaten force retreats', retreat_split: 'split the beaten force',
  event_pcs: "place the event's PCs", event_cu: "place the event's CU", event_space: 'choose the space the event acts on',
  event_general: 'choose the general the event activates', ally_deserts_pick: "take one of the opponent's battle cards",
  carthage_reinforce: 'place a reinforcement CU', rome_reinforce: 'place a reinforcement CU',
  return_generals: 'bring back a neutralized general', africanus: 'place Scipio Africanus', proconsul: 'name a proconsul',
  place_consul: 'place a consul', command_swap: "choose whether to roll for the consuls' command",
  consul_command: 'name the consul in command', remove_pcs: 'remove PCs',
};

/** A pending Hannibal decision (a Flow frame) in words: "move the army — Hannibal, at Saguntum". */
export function hannibalStepWords(frame: any): string | null {
  const what = STEPS[frame.kind];
  if (!what) return null;
  const general = frame.general ? ` — ${nameOf(frame.general)}` : '';
  const space = frame.space ? `${general ? ', at' : ' —'} ${nameOf(frame.space)}` : '';
  return `${what}${general}${space}`;
}
