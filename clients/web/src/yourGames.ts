// "Your games": the games where this browser holds a seat (localStorage carthago.seats.<id>, until
// players have identities of their own), the ones where it is your turn first; and, if you opt in,
// a notification (the browser's Notifications API) when one of them needs you.
//
// When a notification comes: a game where it is your seat's turn, whose log has grown since you last
// saw it (its page in a visible tab keeps carthago.seen.<id> at the head it shows; a notification
// counts as seen too), and that you are not looking at now. So a game you left on your turn does not
// call you again until something happens in it, and the page you play in never notifies itself.
// The games are asked for (GetGame) every POLL_MS while the lobby is shown or notifications are on;
// a finished game is asked no more (carthago.finished keeps their ids, newest last).
import { ConnectError } from '@connectrpc/connect';
import { api, heldSeats } from './api';
import { el } from './dom';
import { t } from './i18n';
import { seatLabel, statusWords } from './status';

const POLL_MS = 5000;
const MAX_POLLED = 40;
const NOTIFY = 'carthago.notify';
const FINISHED = 'carthago.finished';
const seenKey = (id: string) => `carthago.seen.${id}`;

export interface YourGame { gameId: string; gameType: string; seat: number; summary: any; yourTurn: boolean }

/** The game ids this browser holds a seat of (a player's seat, not an old client's bot seat). */
function heldGames(): string[] {
  const ids: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i) ?? '';
    const id = key.startsWith('carthago.seats.') ? key.slice('carthago.seats.'.length) : '';
    if (id && heldSeats(id).some((s) => !s.bot)) ids.push(id);
  }
  return ids;
}

function finished(): string[] {
  try { return JSON.parse(localStorage.getItem(FINISHED) || '[]'); } catch { return []; }
}

function markFinished(id: string): void {
  const list = finished().filter((x) => x !== id);
  list.push(id);
  localStorage.setItem(FINISHED, JSON.stringify(list.slice(-500)));
}

export function markSeen(gameId: string, head: bigint | number): void {
  const n = Number(head);
  if (n > Number(localStorage.getItem(seenKey(gameId)) ?? -1)) localStorage.setItem(seenKey(gameId), String(n));
}

/** The running games where this browser holds a seat, as the server has them now. */
export async function yourGames(): Promise<YourGame[]> {
  const done = new Set(finished());
  const ids = heldGames().filter((id) => !done.has(id)).slice(0, MAX_POLLED);
  const got = await Promise.all(ids.map(async (gameId) => {
    try {
      return await api.getGame({ gameId }, { timeoutMs: 10_000 });
    } catch (err) {
      // gone (retention, or a memory store restarted): ask no more; one being created is asked again
      if (err instanceof ConnectError && /^GAME_NOT_FOUND: no game/.test(err.rawMessage)) markFinished(gameId);
      return null;
    }
  }));
  const out: YourGame[] = [];
  got.forEach((summary, i) => {
    if (!summary) return;
    if (summary.status?.over) { markFinished(ids[i]); return; }
    const seat = heldSeats(ids[i]).find((s) => !s.bot)!.seat;
    out.push({ gameId: ids[i], gameType: summary.gameType, seat, summary, yourTurn: !!summary.status?.toAct?.includes(seat) });
  });
  // your turn first, then the newest
  return out.sort((a, b) => Number(b.yourTurn) - Number(a.yourTurn)
    || Number(b.summary.createdAtUnixMs - a.summary.createdAtUnixMs));
}

export function notifyOn(): boolean {
  return localStorage.getItem(NOTIFY) === 'on' && typeof Notification !== 'undefined' && Notification.permission === 'granted';
}

/** Notifications for the games `list` shows, by the rule above. `looking`: the game whose page is shown. */
function notifyTurns(list: YourGame[], looking: string | null, go: (path: string) => void): void {
  if (!notifyOn()) return;
  for (const g of list) {
    const head = Number(g.summary.headSeq);
    const seen = localStorage.getItem(seenKey(g.gameId));
    if (seen === null) { markSeen(g.gameId, head); continue; }  // never seen by this client: no news yet
    if (!g.yourTurn || head <= Number(seen)) continue;
    if (g.gameId === looking && document.visibilityState === 'visible') continue;
    markSeen(g.gameId, head);
    const n = new Notification(`Your turn: ${g.summary.gameType}`, {
      body: `${g.gameId} — ${seatLabel(g.summary, g.seat)} is to act`, tag: `carthago-${g.gameId}` });
    n.onclick = () => { window.focus(); go(`/game/${g.gameId}`); n.close(); };
  }
}

let timer: ReturnType<typeof setInterval> | null = null;
let listeners: ((list: YourGame[]) => void)[] = [];

/** Polls the games while someone wants them: the lobby's panel (`listen`), or notifications opted in. */
export function watchTurns(looking: () => string | null, go: (path: string) => void): void {
  const tick = async () => {
    if (!listeners.length && !notifyOn()) return;
    const list = await yourGames().catch(() => null);
    if (!list) return;
    for (const f of listeners) f(list);
    notifyTurns(list, looking(), go);
  };
  if (!timer) timer = setInterval(() => void tick(), POLL_MS);
  void tick();
}

export function listen(f: (list: YourGame[]) => void): () => void {
  listeners.push(f);
  return () => { listeners = listeners.filter((x) => x !== f); };
}

/** The opt-in: asks the browser's permission when ticked; says so when it is refused or missing. */
function notifySwitch(): HTMLElement {
  const note = el('span', { class: 'note' });
  const box = el('input', { type: 'checkbox', 'data-testid': 'notify', checked: notifyOn(), onchange: async () => {
    note.textContent = '';
    if (!box.checked) { localStorage.setItem(NOTIFY, 'off'); return; }
    if (typeof Notification === 'undefined') {
      box.checked = false; note.textContent = ' This browser has no notifications.'; return;
    }
    const answer = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    if (answer !== 'granted') {
      box.checked = false;
      note.textContent = ' The browser refused: allow notifications for this site in its settings.';
      return;
    }
    localStorage.setItem(NOTIFY, 'on');
  } });
  return el('label', { class: 'notify-switch' }, box, t(' Notify me when it is my turn (while a Carthago page is open)'), note);
}

/** The lobby's panel. */
export function yourGamesPanel(link: (path: string, text: string, attrs?: Record<string, any>) => HTMLElement): {
  element: HTMLElement; show: (list: YourGame[]) => void } {
  const body = el('div', {}, el('p', { class: 'note' }, t('Loading…')));
  const element = el('section', { class: 'panel your-games', 'data-testid': 'your-games' },
    el('h2', {}, t('Your games')), notifySwitch(), body);
  const show = (list: YourGame[]) => {
    const over = finished().slice(-8).reverse().filter((id) => heldSeats(id).some((s) => !s.bot));
    body.replaceChildren(list.length
      ? el('table', { class: 'games' }, ...list.map((g) => el('tr', { 'data-your-game': g.gameId, class: g.yourTurn ? 'your-turn' : '' },
        el('td', {}, link(`/game/${g.gameId}`, g.gameId)),
        el('td', {}, g.gameType),
        el('td', {}, `you: ${seatLabel(g.summary, g.seat)}`),
        el('td', { class: 'whose' }, g.yourTurn ? 'your turn' : statusWords(g.summary, g.summary.status)))))
      : el('p', { class: 'note' }, t('No game of yours is being played: create one, or take a seat in one below.')),
    over.length ? el('p', { class: 'note' }, t('Finished: '), ...over.flatMap((id, k) => [k ? ', ' : '', link(`/game/${id}?replay`, id)])) : '');
  };
  return { element, show };
}
