// Hannibal's battles as a panel: each battle of the game, built from the log as this seat reads it
// (BattleBegan … BattleCleared), round by round — the card that attacked, the card that matched it
// or that none did, the rolls and initiative between — then the result and the losses.
// A round is an attacking battle card (the engine counts its rounds so, §14.6); a withdrawal tried
// instead of a card is a line of its own.
import { language, t } from './i18n';
import { el } from './dom';
import { HANNIBAL_CARDS, nameOf } from './words';
import battleData from '../../../engine/games/hannibal/data/battle_cards.json';

// each type by its name in the page's language (the French rules' name_fr in French)
const TYPES = new Map<string, string>((battleData as any).types.map((t: any) => [t.id, (language() === 'fr' && t.name_fr) || t.name]));
const SIDE = ['Rome', 'Carthage'];
const card = (id: string, as?: string) => {
  const name = TYPES.get(id) ?? nameOf(id);
  return as && as !== id ? `${name} as ${TYPES.get(as) ?? nameOf(as)}` : name;
};

export interface Round { attacker: number; attack: string; match: string; notes: string[] }
export interface Battle {
  seq: number; turn: number; space: string; attacker: number; generals: string[]; cu: number[];
  rounds: Round[]; before: string[];  // lines before the first round (events, an elephant charge)
  after: string[];  // lines after the result (the losses' rolls)
  result: string; winner: number; fought: number; losses: number[]; open: boolean;
}
export interface Battles { turn: number; list: Battle[] }

export function noBattles(): Battles {
  return { turn: 0, list: [] };
}

/** Adds one record of the log; true when it changed a battle. */
export function battleRecord(b: Battles, record: any): boolean {
  const ev = record.event?.game;
  if (!ev || ev.case === 'platform') return false;
  const kind = ev.value?.kind;
  const v = kind?.value;
  if (!v) return false;
  if (kind.case === 'turnBegan') { b.turn = v.turn; return false; }
  const cur = b.list[b.list.length - 1];
  const open = cur?.open ? cur : null;
  const note = (text: string) => {
    if (!open) return false;
    const round = open.rounds[open.rounds.length - 1];
    (open.result ? open.after : round ? round.notes : open.before).push(text);
    return true;
  };
  switch (kind.case) {
    case 'battleBegan':
      b.list.push({ seq: Number(record.seq), turn: b.turn, space: v.space, attacker: v.attacker, generals: [...v.generals],
        cu: [...v.cu], rounds: [], before: [], after: [], result: '', winner: -1, fought: 0, losses: [0, 0], open: true });
      return true;
    case 'battleCardPlayed':
      if (!open) return false;
      if (v.attacking) open.rounds.push({ attacker: v.seat, attack: card(v.card, v.asType), match: '', notes: [] });
      else if (open.rounds.length) open.rounds[open.rounds.length - 1].match = card(v.card, v.asType);
      return true;
    case 'initiativeChanged': return note(`${SIDE[v.seat]} takes the initiative`);
    case 'cardPlayed': return note(`${SIDE[v.seat]} plays #${v.card} ${HANNIBAL_CARDS.get(v.card)?.name ?? ''}`.trim());
    case 'battleCardTaken': return note(`${SIDE[1 - v.seat]} takes a ${card(v.card)} card from ${SIDE[v.seat]}`);
    case 'dieRolled': {
      if (!open) return false;
      const what: Record<string, string> = { withdraw: 'tries to withdraw', cancel_withdraw: 'rolls against the withdrawal',
        counterattack: 'tries to counter-attack', elephant_charge: 'charges with the elephants', command_swap: 'rolls for the command',
        battle_losses: 'Battle losses', retreat_table: 'retreat table' };
      const words = what[v.purpose];
      if (!words) return false;
      const mod = v.modifier ? `${v.modifier > 0 ? '+' : '−'}${Math.abs(v.modifier)}` : '';
      const who = v.seat >= 0 ? `${SIDE[v.seat]} ` : '';
      const line = v.purpose === 'battle_losses' ? `${words}: ${v.roll}: ${v.outcome}`
        : v.purpose === 'retreat_table' ? `${SIDE[v.seat]} on the ${words}: ${v.roll}${mod}: ${v.outcome} more lost`
          : `${who}${words}: ${v.roll}${mod}, ${v.outcome}`;
      // a withdrawal is tried instead of a card: its line stands between the rounds
      if (v.purpose === 'withdraw') { open.rounds.push({ attacker: v.seat, attack: '', match: '', notes: [line] }); return true; }
      return note(line);
    }
    case 'battleEnded': {
      if (!open) return false;
      open.winner = v.winner;
      open.fought = v.rounds;
      const loser = v.winner >= 0 ? SIDE[1 - v.winner] : '';
      const rounds = `${v.rounds} round${v.rounds === 1 ? '' : 's'}`;
      open.result = v.how === 'unmatched' ? `${SIDE[v.winner]} wins after ${rounds}: ${loser} did not match the ${card(v.card)}`
        : v.how === 'no_cards' ? `${SIDE[v.winner]} wins after ${rounds}: ${loser}, to attack, had no battle card left`
          : v.how === 'withdrawal' ? `No winner: the army withdrew after ${rounds}` : `Over after ${rounds} (${v.how})`;
      return true;
    }
    case 'cuLost':
      if (!open || (v.cause !== 'battle' && v.cause !== 'retreat_table')) return false;
      open.losses[v.side] += v.count;
      return true;
    case 'battleCleared':
      if (!open) return false;
      open.open = false;
      return true;
    default: return false;
  }
}

/** The panel: the battles newest first, the last one open. */
export function battlesPanel(b: Battles): HTMLElement | null {
  if (!b.list.length) return null;
  const items = b.list.slice(-12).reverse().map((x, k) => {
    const [a, d] = [x.attacker, 1 - x.attacker];
    const force = (side: number, i: number) => `${SIDE[side]} (${x.generals[i] ? `${nameOf(x.generals[i])}, ` : ''}${x.cu[i] ?? 0} CU)`;
    let n = 0;
    const rows = x.rounds.map((r, i) => {
      const last = i === x.rounds.length - 1;
      const numbered = !!r.attack;
      if (numbered) n += 1;
      return el('tr', { 'data-testid': numbered ? 'battle-round' : 'battle-line' },
        el('td', {}, numbered ? `Round ${n}` : ''),
        el('td', {}, numbered ? `${SIDE[r.attacker]}: ${r.attack}` : ''),
        el('td', {}, !numbered ? '' : r.match ? `${SIDE[1 - r.attacker]}: ${r.match}` : last && x.result ? 'no match' : '…'),
        el('td', { class: 'battle-notes' }, r.notes.join('; ')));
    });
    const losses = x.result ? ` Losses: Rome ${x.losses[0]} CU, Carthage ${x.losses[1]} CU.` : '';
    return el('details', { class: 'battle-report', 'data-seq': x.seq, open: k === 0 },
      el('summary', {}, el('b', {}, `Battle at ${nameOf(x.space)}`), x.turn ? ` (turn ${x.turn})` : '',
        `: ${force(a, 0)} attacks ${force(d, 1)}`, x.open && !x.result ? ' — being fought' : ''),
      x.before.length ? el('div', { class: 'note' }, x.before.join('; ')) : null,
      rows.length ? el('table', { class: 'battle-rounds' },
        el('tr', {}, ...['', 'attacks', 'answers', 'then'].map((h) => el('th', {}, h))), ...rows) : null,
      x.result ? el('div', { class: 'battle-result', 'data-testid': 'battle-result', 'data-rounds': x.fought }, x.result, '.', losses) : null,
      x.after.length ? el('div', { class: 'note' }, x.after.join('; ')) : null);
  });
  return el('section', { class: 'battles', 'data-testid': 'battles' }, el('h3', {}, t('Battles')), ...items);
}
