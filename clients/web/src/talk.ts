// Table talk (The Republic of Carthage's Say, RULES.md R110): the chat panel of a game's page.
//
// The messages come from the page's one event stream (Said, or SaidRedacted for a private message
// between two other seats: the server has already redacted what this seat may not read); the panel
// only shows them. A seated player sends Say through SubmitCommand without expected_seq: talk is
// allowed off-turn and is never among the legal commands.
import { describeError, reason, type HeldSeat } from './api';
import { send as sendCommand } from './identity';
import { el } from './dom';
import { t as tr } from './i18n';

export const MAX_SAY = 500;  // R110: 1 to 500 printable characters on one line

/** One message as this seat received it; `text` null: a private message between two others. */
export interface Talk { seq: number; seat: number; to: number; text: string | null }

/** A Said / SaidRedacted record as a message, or null for any other record. */
export function talkOf(record: any): Talk | null {
  const ev = record.event?.game;
  if (ev?.case !== 'republicOfCarthage') return null;
  const kind = ev.value?.kind;
  if (kind?.case === 'said') return { seq: Number(record.seq), seat: kind.value.seat, to: kind.value.to, text: kind.value.text };
  if (kind?.case === 'saidRedacted') return { seq: Number(record.seq), seat: kind.value.seat, to: kind.value.to, text: null };
  return null;
}

/** The short line a message leaves in the log (its words are in the chat panel). */
export function talkLogLine(t: Talk, name: (seat: number) => string): string {
  if (t.to < 0) return `${name(t.seat)} spoke to the table (see the chat)`;
  return `${name(t.seat)} spoke privately to ${name(t.to)}${t.text === null ? '' : ' (see the chat)'}`;
}

// Python's str.isprintable, as the engine checks it: no control, format, private-use or unassigned
// character, no separator but the plain space.
const UNPRINTABLE = /(?! )[\p{C}\p{Z}]/u;

/** What is wrong with a message before it is sent, in words; '' when nothing is. */
export function sayProblem(text: string): string {
  if (!text.trim()) return tr('Write something first.');
  if (text.length > MAX_SAY) return `A message holds at most ${MAX_SAY} characters (this one has ${text.length}).`;
  if (UNPRINTABLE.test(text)) return 'A message is printable text on one line: no line breaks, tabs, special spaces or control characters.';
  return '';
}

/** A refused message, in words. */
export function sayErrorWords(err: unknown): string {
  switch (reason(err)) {
    case 'ILLEGAL_TARGET': return 'You can speak to the whole table or to one other seat at this table only.';
    case 'MALFORMED_COMMAND': return `A message is 1 to ${MAX_SAY} printable characters on one line.`;
    case 'GAME_OVER': return 'The game is over: the table talk is closed.';
    case 'TALK_TOO_FAST': return `Too fast for this table: ${describeError(err).replace(/^[A-Z_]+: /, '')}`;
    case 'UNAUTHENTICATED': case 'PERMISSION_DENIED': case 'NOT_SEATED': return 'Only a seated player can talk.';
    case 'NETWORK': case 'UNAVAILABLE': return `The message could not be sent (network): try again. ${describeError(err)}`;
    default: return describeError(err);
  }
}

export interface ChatPanel {
  element: HTMLElement;
  /** Shows the messages (all of them, in order). */
  show(talks: Talk[]): void;
  /** Whether this page may send (a seated player, the game not over). */
  setOpen(open: boolean, why?: string): void;
}

export function chatPanel(opts: {
  gameId: string; seats: number[]; mySeat: () => number | undefined; token: () => string | undefined;
  name: (seat: number) => string; held: () => HeldSeat | undefined;
}): ChatPanel {
  const list = el('ol', { class: 'chat-list', 'data-testid': 'chat' });
  const to = el('select', { id: 'chat-to', 'data-testid': 'chat-to', title: 'to whom' });
  const input = el('input', { id: 'chat-text', 'data-testid': 'chat-text', maxlength: MAX_SAY, size: 40,
    placeholder: 'say something…', autocomplete: 'off' });
  const count = el('span', { class: 'chat-count' }, `0/${MAX_SAY}`);
  const send = el('button', { id: 'chat-send', 'data-testid': 'chat-send' }, tr('Send'));
  const error = el('div', { class: 'error', 'data-testid': 'chat-error' });
  const note = el('p', { class: 'note' });
  const form = el('div', { class: 'chat-form' }, to, input, send, count);
  let sending = false;

  let shown = '';
  const fillRecipients = () => {  // again when a seat's name changes (a player takes it), keeping the choice
    const mine = opts.mySeat();
    const others = opts.seats.filter((s) => s !== mine).map((s) => [s, `to ${opts.name(s)} only`] as const);
    const key = JSON.stringify(others);
    if (key === shown) return;
    shown = key;
    const chosen = to.value;
    to.replaceChildren(el('option', { value: -1 }, 'to the table'), ...others.map(([s, label]) => el('option', { value: s }, label)));
    if (chosen) to.value = chosen;
  };
  const recount = () => {
    count.textContent = `${input.value.length}/${MAX_SAY}`;
    count.className = `chat-count${input.value.length >= MAX_SAY ? ' full' : ''}`;
  };
  const submit = async () => {
    const token = opts.token();
    if (!token || sending) return;
    const text = input.value;
    const problem = sayProblem(text);
    error.textContent = problem;
    if (problem) return;
    sending = true;
    send.setAttribute('disabled', '');
    try {
      await sendCommand(opts.gameId, opts.held() ?? { seat: opts.mySeat() ?? -1, token }, { game: {
        case: 'republicOfCarthage', value: { kind: { case: 'say', value: { to: Number(to.value), text } } } } },
      undefined, crypto.randomUUID());  // signed when the seat is the player's (identity.ts)
      input.value = '';
      recount();
    } catch (err) {
      error.textContent = sayErrorWords(err);
      error.title = describeError(err);
    } finally {
      sending = false;
      send.removeAttribute('disabled');
    }
  };
  input.addEventListener('input', () => { recount(); if (error.textContent && !sayProblem(input.value)) error.textContent = ''; });
  input.addEventListener('keydown', (e: KeyboardEvent) => { if (e.key === 'Enter') { e.preventDefault(); void submit(); } });
  send.addEventListener('click', () => void submit());
  fillRecipients();

  const element = el('aside', { class: 'chat-box', 'data-testid': 'chat-box' }, el('h3', {}, tr('Table talk')), list, form, error, note);

  const line = (t: Talk) => {
    const mine = opts.mySeat();
    if (t.text === null) {
      return el('li', { 'data-seq': t.seq, class: 'redacted' }, `${opts.name(t.seat)} spoke privately to ${opts.name(t.to)}`);
    }
    const whom = t.to < 0 ? 'the table' : t.to === mine ? 'you' : opts.name(t.to);
    const who = t.seat === mine ? tr('You') : opts.name(t.seat);
    return el('li', { 'data-seq': t.seq, class: t.to < 0 ? 'public' : 'private' },
      el('b', {}, who), ` → ${whom}${t.to < 0 ? '' : ' (private)'}: `, el('span', { class: 'said' }, t.text));
  };

  return {
    element,
    show(talks) {
      list.replaceChildren(...(talks.length ? talks.map(line) : [el('li', { class: 'note empty' }, tr('Nobody has spoken yet.'))]));
      list.scrollTop = list.scrollHeight;
    },
    setOpen(open, why) {
      form.hidden = !open;
      note.textContent = open ? tr('Talk binds nobody (R110); a private message shows the others only who spoke to whom.') : why ?? '';
      if (open) fillRecipients();
    },
  };
}
