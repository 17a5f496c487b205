// Hannibal's move buttons in words, under the words of the decision they answer. The log's
// sentences and the "waiting for" line come from the server (EventRecord.words,
// engine/games/hannibal/words.py).
import { HANNIBAL_CARDS, humanize, nameOf } from './words';


function card(n: number): string {
  const c = HANNIBAL_CARDS.get(n);
  return c ? `#${n} ${c.name}` : `#${n}`;
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

/** The move buttons' words for an answer that names an option, by step then option (words of our
 *  own beside engine/games/hannibal/notation.py's, which the log of `carthago moves` uses). */
const OPTION_LABELS: Record<string, string> = {
  'ops/place_pcs': 'Place PCs with the ops', 'ops/raise': 'Raise CU with the ops',
  'move/drop': 'Drop CU here', 'move/pick_up': 'Pick up CU here', 'move/sail': 'Take ship',
  'move/sortie': 'Sortie from the walls', 'move/siege': 'Besiege the city', 'move/submission': 'Subdue the tribe',
  'move/pursue': 'Roll to pursue', 'move/leave_train': 'Leave the siege train here', 'move/take_train': 'Take the siege train along',
  'move/remove_pc': 'Remove the enemy PC (#28)', 'move/keep_pc': 'Keep the marked PC', 'move/mark_pc': 'Mark the enemy PC for removal',
  'claim_first/claim': 'Claim the first play (with a campaign card)',
  'choose_first/rome': 'Let Rome play first', 'choose_first/carthage': 'Carthage plays first',
  'reaction/avoid': 'Try to avoid battle', 'intercepted/battle': 'Give battle', 'intercepted/step_back': 'Step back',
  'intercepted/into_city': 'Step back into the city', 'intercepted/split': 'Split between the city and the ships',
  'battle_attack/withdraw': 'Withdraw from the battle', 'battle_match/concede': 'Concede: lose the battle',
  'counterattack/counterattack': 'Counterattack', 'take_initiative/take': 'Take the initiative',
  'elephant_charge/charge': 'Charge with the elephants', 'relief_sortie/sortie': 'Sortie to join the relief army',
  'command_swap/roll': "Roll for the consuls' command", 'cancel_withdraw/roll': 'Roll to stop the withdrawal',
  'retreat/eliminated': 'No retreat: the force is eliminated', 'retreat/into_city': 'Retreat into the city',
  'withdraw_to/stay': 'Stay (nowhere to withdraw)', 'city_declare/generals_in': 'Generals inside the walls',
  'city_declare/generals_out': 'Generals outside the walls',
};

/** What passing does at each step that offers it. */
const PASS_LABELS: Record<string, string> = {
  ops: 'End the ops', claim_first: 'Do not claim the first play', form_army: 'Take no more generals along',
  campaign_window: 'Play nothing against the campaign', pass_window: 'Play nothing against the crossing',
  naval_window: 'Play nothing against the sea move', elephant_window: 'Play nothing against the elephants',
  battle_events: 'Play no card before the battle', reaction: 'Do not react', event_pcs: "Place no more of the event's PCs",
  sail_to: 'Do not sail', counterattack: 'Do not counterattack', take_initiative: 'Leave the initiative',
  elephant_charge: 'No charge', cancel_withdraw: 'Let the withdrawal go', command_swap: 'Do not roll',
  relief_sortie: 'Stay inside the walls', intercept_cu: 'Send no more generals', avoid_with: 'Send no more generals',
  proconsul: 'Name no proconsul', place_pcs: 'Place no more PCs', remove_pcs: 'Remove no more PCs',
  return_generals: 'Bring back no general', drop_pick: 'Drop or pick up nothing more',
};

const cap = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

/** A Hannibal move button: under the pending decision's words ("Move the army — Hannibal, at
 *  Saguntum"), a label that says what the answer does ("Take ship", "Do not react"), never a bare
 *  option word ("claim") nor "pass: pass". `view`: the seat's Hannibal View. */
export function hannibalCommandLabel(command: any, view: any): { heading: string; label: string } | null {
  const kind = command?.game?.value?.kind;
  const frame = (view?.flow as any[] | undefined)?.[(view?.flow?.length ?? 0) - 1];
  const step: string = frame?.kind ?? '';
  const heading = frame ? cap(hannibalStepWords(frame) ?? humanize(step)) : '';
  const v = kind?.value ?? {};
  switch (kind?.case) {
    case 'chooseOption': return { heading, label: OPTION_LABELS[`${step}/${v.option}`] ?? cap(humanize(v.option)) };
    case 'pass': return { heading, label: PASS_LABELS[step] ?? 'Pass' };
    case 'chooseSpace': return { heading, label: nameOf(v.space) };
    case 'chooseGeneral': return { heading, label: nameOf(v.general) };
    case 'chooseNumber': return { heading, label: String(v.number) };
    case 'playCard': {
      const use = v.use === 'ops' ? 'for its operations' : v.use === 'event' ? 'for its event' : v.use === 'discard' ? 'to discard' : humanize(v.use ?? '');
      return { heading: heading || 'Play a strategy card', label: `${card(v.card)} ${use}` };
    }
    case 'playCounter': return { heading, label: `${card(v.card)} as a counter-event` };
    case 'playBattleCard':
      return { heading: heading || 'Play a battle card', label: v.asType && v.asType !== v.card
        ? `${nameOf(v.card)} as ${nameOf(v.asType)}` : nameOf(v.card) };
    default: return null;
  }
}
