// Roma's questions in sentences: what a seat is asked to decide now (DecisionRequired, View.pending),
// for the log and the board's "waiting for" line, e.g. "First to choose which card to keep". The kinds
// are the engine's (engine/games/roma: rules.py and the card effects); an unknown kind keeps its bare
// word. Imports nothing from words.ts (no import circle: words.ts and boards.ts import this).
import romaCards from '../../../engine/games/roma/data/cards.json';

const CARD_NAMES = new Map<string, string>((romaCards as any).cards.map((c: any) => [c.id, c.name]));

/** What each pending decision asks, as the rest of "<seat> to …". */
const ASKS: Record<string, string> = {
  reroll: 'reroll the action dice (all three show the same number) or keep them',
  keep: 'choose which of the cards looked at to keep',
  target: 'choose the opposing card to aim at',
  lay: 'lay cards from the hand free of charge, or stop',
  relay: 'lay the picked-up cards again on the discs',
  boost: 'add an unused action die to the battle die, or not',
  buy: 'choose how many of the opponent\'s VP to buy',
  adjust: 'choose the action die to raise or lower',
  block: 'choose the opposing disc to block',
  copy: 'choose the character card whose action to perform',
  search: 'choose the card to take from the deck',
  revive: 'choose a character card to take back from the discard pile',
  forum: 'choose the second action die for the Forum\'s VP',
  templum: 'add the third action die through the Templum, or decline',
};

/** "to choose which of the cards drawn to keep (Haruspex)": a decision's words, its card named. */
export function romaAskWords(kind: string, card = ''): string {
  const what = ASKS[kind] ?? kind;
  const name = card ? CARD_NAMES.get(card) ?? card : '';
  return name ? `${what} (${name})` : what;
}

/** A Roma event in a sentence, or null to keep the generic words (only the questions, for now). */
export function romaEventWords(kind: { case?: string; value?: any }, seatName: (seat: number) => string): string | null {
  if (kind.case !== 'decisionRequired') return null;
  const v = kind.value;
  return `${seatName(v.seat)} to ${romaAskWords(v.kind, v.card)}`;
}
