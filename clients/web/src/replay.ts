// A finished game move by move (the "/game/ID?replay" page): the board at each move, the log up to it.
import { api, auth, describeError } from './api';
import { board } from './boards';
import { el } from './dom';
import { statusWords } from './status';
import { talkLogLine, talkOf } from './talk';
import { eventWords, isStep } from './words';
import { battleRecord, battlesPanel, noBattles } from './battles';
import { language, t } from './i18n';

interface Move { first: number; last: number; actor: number }

/** The moves of a log: the records each seat's command caused (EventRecord.command_seq), in order. A
 *  platform record (a seat claimed, a clock started, the seed revealed) belongs to no move. */
function movesOf(records: { seq: bigint; actor: number; commandSeq: bigint }[]): Move[] {
  const moves: Move[] = [];
  for (const r of records) {
    if (r.actor < 0) continue;
    const seq = Number(r.seq);
    const at = moves[moves.length - 1];
    if (at && at.first === Number(r.commandSeq)) at.last = seq;
    else moves.push({ first: Number(r.commandSeq), last: seq, actor: r.actor });
  }
  return moves;
}

/** A finished game move by move: the slider's position p is the table after p moves (and the
 *  platform records that follow them), the log shows every line up to there with the p-th move's lines
 *  highlighted; ◀ ▶ step one move, ◀◀ ▶▶ one turn (a seat's moves in a row), ← → keys too. */
export async function replayControls(gameId: string, gameType: string, summary: any, box: HTMLElement, boardBox: HTMLElement,
  logList: HTMLElement, logBox: HTMLElement, token: string | undefined, name: (s: number) => string, signal: AbortSignal) {
  if (!summary.status?.over) {
    box.append(el('p', { class: 'note' }, t('Replays are for finished games: this one is still being played. ')),
      el('a', { href: `/game/${gameId}` }, t('watch it live')));
    return;
  }
  const head = Number(summary.headSeq);
  box.append(el('h3', {}, t('Replay')), el('span', { class: 'note' }, t('Loading the log…')));
  // the whole log, as this browser's seat (or a spectator) may read it
  const records: any[] = [];
  let view: any = null;
  try {
    for await (const batch of api.streamEvents({ gameId, fromSeq: 0n, withWords: true, language: language() }, auth(token, signal))) {
      records.push(...batch.events);
      view = batch.view ?? view;
      if (records.length && Number(records[records.length - 1].seq) >= head) break;
    }
  } catch (err) {
    if (signal.aborted) return;
    box.replaceChildren(el('div', { class: 'error' }, describeError(err)));
    return;
  }
  const moves = movesOf(records);
  const items = records.map((r) => {
    const talk = talkOf(r);
    const text = talk ? talkLogLine(talk, name) : eventWords(gameType, r, name);
    const cls = talk ? 'talk' : r.redacted ? 'redacted' : isStep(r) ? 'step' : '';
    return el('li', { 'data-seq': String(r.seq), class: cls }, text);
  });
  logList.replaceChildren(...items);
  // position p: after p moves, up to the record before the next move (the last position: the head)
  const upTo = (p: number) => (p < moves.length ? moves[p].first - 1 : head);
  const turnEnds = [0, ...moves.map((_, i) => i + 1).filter((p) => p === moves.length || moves[p].actor !== moves[p - 1].actor)];
  const slider = el('input', { type: 'range', min: 0, max: moves.length, step: 1, value: moves.length,
    'data-testid': 'replay-slider', class: 'slider', 'aria-label': t('move') });
  const label = el('span', { 'data-testid': 'replay-seq', class: 'replay-label' });
  let timer: any = null;
  let asked = 0;
  const show = async () => {
    const p = Number(slider.value);
    const seq = upTo(p);
    const move = p > 0 ? moves[p - 1] : null;
    const n = ++asked;
    label.textContent = move
      ? t('move {p} of {n}: {who} (seq {seq})', { p, n: moves.length, who: name(move.actor), seq })
      : t('the start, before any move (seq {seq}); {n} moves', { seq, n: moves.length });
    label.dataset.move = String(p);
    let current: HTMLElement | null = null;
    for (const li of items) {
      const at = Number(li.dataset.seq);
      li.hidden = at > seq;
      const mine = !!move && at >= move.first && at <= move.last;
      li.classList.toggle('current', mine);
      if (mine && !current) current = li;
    }
    const anchor = current ?? items.filter((li) => !li.hidden).pop();
    if (anchor) logBox.scrollTop = Math.max(0, anchor.offsetTop - logBox.offsetTop - logBox.clientHeight / 3);
    try {
      const res = await api.getView({ gameId, atSeq: BigInt(seq) }, auth(token));
      if (n !== asked) return;
      // Hannibal: the battles fought up to this move, as the game page shows them
      const battles = noBattles();
      if (gameType === 'hannibal') for (const r of records) if (Number(r.seq) <= seq) battleRecord(battles, r);
      boardBox.replaceChildren(el('div', { class: 'turn' }, statusWords(summary, res.status)),
        board(gameType, res.view, { gameType, seat: res.seat, legal: [], seatName: name, pick: () => undefined }),
        battlesPanel(battles) ?? '');
    } catch (err) {
      boardBox.replaceChildren(el('div', { class: 'error' }, describeError(err)));
    }
  };
  const go = (p: number) => { slider.value = String(Math.min(moves.length, Math.max(0, p))); void show(); };
  const step = (d: number) => go(Number(slider.value) + d);
  const turn = (d: number) => {
    const p = Number(slider.value);
    go(d > 0 ? turnEnds.find((t) => t > p) ?? moves.length : [...turnEnds].reverse().find((t) => t < p) ?? 0);
  };
  slider.addEventListener('input', () => void show());
  const stop = () => { clearInterval(timer); timer = null; play.textContent = t('▶ play'); };
  const play = el('button', { 'data-testid': 'replay-play', onclick: () => {
    if (timer) { stop(); return; }
    play.textContent = t('❚❚ pause');
    timer = setInterval(() => { if (Number(slider.value) >= moves.length) stop(); else step(1); }, 600);
  } }, t('▶ play'));
  const keys = (e: KeyboardEvent) => {
    if ((e.target as HTMLElement)?.tagName === 'INPUT' && e.target !== slider) return;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      const d = e.key === 'ArrowLeft' ? -1 : 1;
      if (e.shiftKey) turn(d); else step(d);
    }
  };
  document.addEventListener('keydown', keys);
  signal.addEventListener('abort', () => { document.removeEventListener('keydown', keys); clearInterval(timer); });
  const button = (testid: string, text: string, title: string, act: () => void) =>
    el('button', { 'data-testid': testid, title, onclick: act }, text);
  box.replaceChildren(el('h3', {}, t('Replay')), el('div', { class: 'replay-bar' },
    button('replay-start', '|◀', t('the start'), () => go(0)),
    button('replay-turn-back', t('◀◀ turn'), t('back to the end of the turn before (shift ←)'), () => turn(-1)),
    button('replay-back', t('◀ move'), t('one move back (←)'), () => step(-1)),
    slider,
    button('replay-next', t('move ▶'), t('one move on (→)'), () => step(1)),
    button('replay-turn-next', t('turn ▶▶'), t('to the end of this turn: the next seat\'s moves start (shift →)'), () => turn(1)),
    button('replay-end', '▶|', t('the end'), () => go(moves.length)), play), label);
  await show();
}
