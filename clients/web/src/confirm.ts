// Moves that cannot be taken back. The engine keeps no undo for players (a move is an event in
// the hashed log, docs/PROTOCOL.md): every move sent is final. Most are one small part of an action
// (a space, a general, a number of CU, passing a window), and asking before each would only slow the
// game. The page asks first ("Send it? It cannot be taken back") before the moves that end or spend
// something for good — the rule, game by game:
//   every game          Resign (always asked, even with the switch off); Accept the draw (ends the game)
//   Roma                End the turn while an action die is still unused (the unused dice are lost)
//   Rome et Carthage    End the turn (the declared combats are then fought); the cards laid in a combat
//   Hannibal            a strategy card played (as operations, an event or a discard); a counter-event;
//                       a battle card; conceding a battle (battle_match) or trying to withdraw (battle_attack)
//   The Republic        a bid (IV.5 bid_amount, VII.3 rebel_bid); a vote (V vote); talents on bought votes (buy_votes)
// The switch "Ask before a move that cannot be taken back" (under the moves, kept in this browser)
// turns the asking off. The buttons of such moves are marked (class "final").
import { el } from './dom';
import { t } from './i18n';
import { commandFields, commandKind } from './words';

const KEY = 'carthago.confirm';

export function confirmsOn(): boolean {
  return localStorage.getItem(KEY) !== 'off';
}

export function setConfirms(on: boolean): void {
  localStorage.setItem(KEY, on ? 'on' : 'off');
}

/** Why a move is final and worth a second thought, or null: a move to send at once. `view`: the
 *  seat's game View (the pending step, Roma's dice). */
export function finalMove(gameType: string, command: any, view: any): string | null {
  const kind = commandKind(command);
  const f = commandFields(command);
  const flow = view?.flow as any[] | undefined;
  const step: string = flow?.[flow.length - 1]?.kind ?? '';
  if (gameType === 'roma' && kind === 'endTurn') {
    const unused = (view?.dice as number[] | undefined ?? []).filter((_, i) => !view?.diceUsed?.[i]).length;
    return unused ? `It ends your turn with ${unused} action ${unused === 1 ? 'die' : 'dice'} unused: they are lost.` : null;
  }
  if (gameType === 'rome-et-carthage') {
    if (kind === 'endTurn') return t('It ends your turn: the combats declared are fought now.');
    if (kind === 'commitCards') return t('The cards are laid face down for this combat.');
    return null;
  }
  if (gameType === 'hannibal') {
    if (kind === 'playCard') return t('The strategy card leaves your hand for good.');
    if (kind === 'playCounter') return t('The card is played out of turn and leaves your hand.');
    if (kind === 'playBattleCard') return t('The battle card is played in this round.');
    if (kind === 'chooseOption' && step === 'battle_match' && f.option === 'concede') return t('You lose the battle.');
    if (kind === 'chooseOption' && step === 'battle_attack' && f.option === 'withdraw') return t('You give up the round to try to withdraw.');
    return null;
  }
  if (gameType === 'republic-of-carthage') {
    if (step === 'bid_amount' || step === 'rebel_bid') return t('Your bid is final.');
    if (step === 'vote') return t('Your vote is final.');
    if (step === 'buy_votes') return t('The talents are spent on votes for this proposal.');
  }
  return null;
}

let open: ((ok: boolean) => void) | null = null;

/** The page's own dialog (not the browser's confirm()): the move in words, why it is final, Send or
 *  Cancel (Enter, Escape). Resolves true to send. */
export function askFirst(move: string, why: string): Promise<boolean> {
  open?.(false);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      if (open !== done) return;
      open = null;
      overlay.remove();
      document.removeEventListener('keydown', keys, true);
      resolve(ok);
    };
    const keys = (e: KeyboardEvent) => {
      if (e.key === 'Escape') { e.preventDefault(); done(false); }
      if (e.key === 'Enter') { e.preventDefault(); done(true); }
    };
    const send = el('button', { class: 'primary', 'data-testid': 'confirm-send', onclick: () => done(true) }, t('Send it'));
    const overlay = el('div', { class: 'confirm-overlay', 'data-testid': 'confirm', role: 'dialog', 'aria-modal': 'true',
      onclick: (e: Event) => { if (e.target === overlay) done(false); } },
    el('div', { class: 'confirm-box panel' },
      el('h3', {}, move),
      el('p', {}, why, ' A move cannot be taken back.'),
      el('div', { class: 'row' }, send, el('button', { 'data-testid': 'confirm-cancel', onclick: () => done(false) }, t('Cancel')))));
    open = done;
    document.body.append(overlay);
    document.addEventListener('keydown', keys, true);
    send.focus();
  });
}

/** The switch, for the bar over the moves. */
export function confirmSwitch(): HTMLElement {
  const box = el('input', { type: 'checkbox', 'data-testid': 'confirm-toggle', checked: confirmsOn(),
    onchange: () => setConfirms(box.checked) });
  return el('label', { class: 'confirm-switch', title: t('The moves marked ⚑ end or spend something for good; resigning always asks') },
    box, ` ${t('Ask before a move that cannot be taken back')} ⚑`);
}
