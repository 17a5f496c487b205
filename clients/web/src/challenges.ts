// Challenges (issue 32, docs/PROTOCOL.md "Challenges and the player's stream"): the lobby of a
// registered player follows its own stream (StreamPlayerEvents, with its Login session) and shows
// the challenges it received and sent, each in its live state, with Accept / Decline (or Withdraw);
// its games started and finished; the seats kept for its key. An accepted challenge seats the
// player in the seat kept for its key (JoinGame {game_id} with the session, as `carthago challenge`
// does) and opens the game; the challenger's page does the same when the answer comes on its stream.
// The form "Challenge a player" sends CreateChallenge; a refusal reads in words, never as its code.
import { language, t } from './i18n';
import { api, auth, describeError, holdSeat, reason } from './api';
import { el } from './dom';
import { humanize, nameOf } from './words';
import { timeControlInputs } from './clock';
import { dropSession, player as browserPlayer, session } from './identity';
import { ChallengeState } from './gen/carthago/v1/carthago_pb';

/** A refusal of the challenge calls in the player's words (the server's codes, docs/PROTOCOL.md). */
export function challengeError(err: unknown): string {
  switch (reason(err)) {
    case 'CHALLENGE_SELF': return t('You cannot challenge yourself: name another player.');
    case 'UNKNOWN_PLAYER': return t('No player is registered under that name.');
    case 'TOO_MANY_CHALLENGES': return t('You have 20 challenges waiting for an answer: wait for them, or withdraw some.');
    case 'RATE_LIMITED': return t('Too many challenges sent in a short time: wait a minute and send it again.');
    case 'NO_SUCH_CHALLENGE': return t('This challenge is no longer on the server.');
    case 'NOT_YOUR_CHALLENGE': return t('This challenge is not yours to answer.');
    case 'CHALLENGE_CLOSED': return t('This challenge was answered already, or it expired.');
    case 'TOKEN_REQUIRED': case 'INVALID_SESSION': return t('Your session is no longer valid: reload the page to log in again.');
    case 'UNKNOWN_GAME_TYPE': case 'BAD_CONFIG': case 'BAD_TIME_CONTROL': case 'BAD_SEAT':
      return t('The server does not allow this game as set: {why}', { why: describeError(err) });
    case 'PLAYER_REQUIRED': return t('A rated game is between registered players only.');
    case 'NETWORK': return t('The server could not be reached: try again.');
    default: return describeError(err);
  }
}

/** A clock in words ("30 min + 5 s a move"), '' for none. */
export function clockWords(tc: any): string {
  if (!tc) return '';
  const per = Number(tc.perMoveMs ?? 0), initial = Number(tc.initialMs ?? 0);
  if (per) return t('{h} h a move', { h: +(per / 3_600_000).toFixed(2) });
  if (!initial) return '';
  const min = +(initial / 60_000).toFixed(2);
  if (Number(tc.delayMs ?? 0)) return t('{m} min, {s} s delay a move', { m: min, s: Number(tc.delayMs) / 1000 });
  return t('{m} min + {s} s a move', { m: min, s: Number(tc.incrementMs ?? 0) / 1000 });
}

const STATE_WORDS = (): Record<number, string> => ({
  [ChallengeState.OPEN]: t('waiting for an answer'), [ChallengeState.ACCEPTED]: t('accepted'),
  [ChallengeState.DECLINED]: t('declined'), [ChallengeState.EXPIRED]: t('expired, not answered in time'),
});
const STATE_KEYS: Record<number, string> = {
  [ChallengeState.OPEN]: 'open', [ChallengeState.ACCEPTED]: 'accepted', [ChallengeState.DECLINED]: 'declined',
  [ChallengeState.EXPIRED]: 'expired',
};

type Types = { id: string; title: string; playerCounts: number[]; options: any[]; seatNames: string[] }[];

/** A call with the player's session; refused INVALID_SESSION (the server forgot it: restarted with
 *  a fresh store), the kept session is dropped and the call made once more after a fresh login. */
async function renewed<T>(call: (token: string) => Promise<T>): Promise<T> {
  try {
    return await call(await session());
  } catch (err) {
    if (reason(err) !== 'INVALID_SESSION') throw err;
    await dropSession();
    return call(await session());
  }
}

/** Join the seat kept for this player's key in `gameId` and keep its token (the seat signs every move). */
export async function takeKeptSeat(gameId: string): Promise<void> {
  const me = await browserPlayer();
  const res = await renewed((token) => api.joinGame({ gameId, player: '' }, auth(token)));
  holdSeat(gameId, { seat: res.seat, token: res.token, name: me?.name ?? res.game?.seats[res.seat]?.player ?? '', signed: true });
}

export function challengesPanel(navigate: (path: string) => void) {
  const box = el('section', { class: 'panel challenges', 'data-testid': 'challenges' });
  const listBox = el('div', { class: 'challenge-list', 'data-testid': 'challenge-list' });
  const newsBox = el('ul', { class: 'player-news', 'data-testid': 'player-news' });
  const streamState = el('span', { class: 'note', 'data-testid': 'player-stream' });
  const formError = el('div', { class: 'error', 'data-testid': 'challenge-error' });
  const challengeName = el('input', { id: 'challenge-name', 'data-testid': 'challenge-name', placeholder: t('a player\'s name'), maxlength: 32 }) as HTMLInputElement;
  const challenges = new Map<string, any>();  // by id, as the stream last told
  const news: HTMLElement[] = [];
  const answered = new Set<string>();  // challenges this page answered itself (its own Accept: no second join)
  let me = '';
  let types: Types = [];
  let stopped = false;
  let attempt: AbortController | null = null;
  let wake: (() => void) | null = null;

  const gameTypeTitle = (id: string) => types.find((x) => x.id === id)?.title || id;
  const seatOf = (type: string, seat: number) => {
    const n = types.find((x) => x.id === type)?.seatNames[seat];
    return n ? `${nameOf(n)} (${t('seat {n}', { n: seat })})` : t('seat {n}', { n: seat });
  };

  // ---- the list ------------------------------------------------------------------------------
  const describe = (c: any): string => {
    const parts = [gameTypeTitle(c.gameType), t('{n} players', { n: c.players })];
    const opts = Object.entries(c.options ?? {}).map(([k, v]) => `${humanize(k)} ${v}`);
    if (opts.length) parts.push(opts.join(', '));
    parts.push(clockWords(c.timeControl) || t('no clock'));
    parts.push(c.rated ? t('rated') : t('not rated'));
    return parts.join(' · ');
  };

  const answer = async (c: any, accept: boolean, button: HTMLButtonElement, error: HTMLElement) => {
    button.disabled = true;
    error.textContent = '';
    try {
      if (accept) {
        answered.add(c.challengeId);
        const res = await renewed((token) => api.acceptChallenge({ challengeId: c.challengeId }, auth(token)));
        challenges.set(c.challengeId, res.challenge);
        await takeKeptSeat(res.challenge!.gameId);
        navigate(`/game/${res.challenge!.gameId}`);
        return;
      }
      const res = await renewed((token) => api.declineChallenge({ challengeId: c.challengeId, reason: '' }, auth(token)));
      challenges.set(c.challengeId, res.challenge);
      show();
    } catch (err) {
      error.textContent = challengeError(err);
      button.disabled = false;
    }
  };

  const row = (c: any): HTMLElement => {
    const received = c.challenged === me;
    const error = el('span', { class: 'error' });
    const controls: (Node | string)[] = [];
    const open = c.state === ChallengeState.OPEN;
    if (open && received) {
      const yes: HTMLButtonElement = el('button', { class: 'primary', 'data-testid': 'challenge-accept',
        onclick: () => answer(c, true, yes, error) }, t('Accept'));
      const no: HTMLButtonElement = el('button', { 'data-testid': 'challenge-decline', onclick: () => answer(c, false, no, error) }, t('Decline'));
      controls.push(yes, ' ', no);
    } else if (open) {
      const back: HTMLButtonElement = el('button', { 'data-testid': 'challenge-withdraw', onclick: () => answer(c, false, back, error) }, t('Withdraw'));
      controls.push(back);
    } else if (c.state === ChallengeState.ACCEPTED && c.gameId) {
      controls.push(el('button', { class: 'primary', 'data-testid': 'challenge-play', onclick: () => play(c.gameId, error) }, t('Play')));
    }
    const mySeat = received ? c.challengedSeat : c.challengerSeat;
    const left = Number(c.expiresAtUnixMs) - Date.now();
    const state = STATE_WORDS()[c.state] ?? '';
    const stateLine = c.state === ChallengeState.DECLINED && c.declineReason ? `${state} (${c.declineReason})`
      : open ? `${state}, ${t('{m} min left', { m: Math.max(0, Math.ceil(left / 60_000)) })}` : state;
    return el('li', { class: `challenge ${STATE_KEYS[c.state] ?? ''}`, 'data-testid': 'challenge', 'data-challenge': c.challengeId,
      'data-state': STATE_KEYS[c.state] ?? '', 'data-direction': received ? 'received' : 'sent', 'data-game': c.gameId || undefined },
    el('b', {}, received ? t('From {who}', { who: c.challenger }) : t('To {who}', { who: c.challenged })), ': ',
    describe(c), ' · ', t('you play {seat}', { seat: seatOf(c.gameType, mySeat) }),
    el('div', { class: 'challenge-state', 'data-testid': 'challenge-state' }, stateLine, ' ', ...controls, ' ', error));
  };

  const show = () => {
    const all = [...challenges.values()].reverse();  // newest first
    const received = all.filter((c) => c.challenged === me), sent = all.filter((c) => c.challenged !== me);
    listBox.replaceChildren(
      el('h3', {}, t('Received')), received.length ? el('ul', { 'data-testid': 'challenges-received' }, ...received.map(row)) : el('p', { class: 'note' }, t('No challenge received.')),
      el('h3', {}, t('Sent')), sent.length ? el('ul', { 'data-testid': 'challenges-sent' }, ...sent.map(row)) : el('p', { class: 'note' }, t('No challenge sent.')));
    newsBox.replaceChildren(...(news.length ? news.slice(-8).reverse()
      : [el('li', { class: 'note' }, t('Nothing yet: a game of yours that starts or ends while this page is open is said here.'))]));
  };

  const play = async (gameId: string, error: HTMLElement) => {
    try {
      await takeKeptSeat(gameId);
    } catch (err) {
      // the seat taken already (by this browser or another of this player's): the game still opens
      if (reason(err) !== 'SEAT_TAKEN') { error.textContent = challengeError(err); return; }
    }
    navigate(`/game/${gameId}`);
  };

  const newsLine = (text: string, gameId: string, testid: string, action?: [string, () => void]) => {
    news.push(el('li', { 'data-testid': testid, 'data-game': gameId }, text, ' ',
      action ? el('button', { 'data-testid': `${testid}-go`, onclick: action[1] }, action[0])
        : el('a', { href: `/game/${gameId}`, onclick: (e: MouseEvent) => { e.preventDefault(); navigate(`/game/${gameId}`); } }, t('open it'))));
  };

  // ---- the stream --------------------------------------------------------------------------
  const onEvent = (ev: any) => {
    const k = ev.kind;
    if (k.case === 'challenge') {
      const c = k.value, before = challenges.get(c.challengeId);
      challenges.set(c.challengeId, c);
      // my challenge accepted while this page watched: to my seat in its game, as the other player goes to theirs
      if (c.state === ChallengeState.ACCEPTED && c.challenger === me && before?.state === ChallengeState.OPEN
        && !answered.has(c.challengeId) && c.gameId) {
        answered.add(c.challengeId);
        void play(c.gameId, formError);
      }
    } else if (k.case === 'gameStarted') {
      newsLine(t('Your game {id} ({type}) has started: you play {seat}.', { id: k.value.gameId, type: gameTypeTitle(k.value.gameType),
        seat: seatOf(k.value.gameType, k.value.seat) }), k.value.gameId, 'news-started');
    } else if (k.case === 'gameFinished') {
      const st = k.value.status;
      const result = !st?.winners?.length ? t('no winner') : st.winners.includes(k.value.seat) ? t('you won') : t('you lost');
      newsLine(t('Your game {id} is over: {result}.', { id: k.value.gameId, result }), k.value.gameId, 'news-finished');
    } else if (k.case === 'seatWaiting') {
      const w = k.value;
      if (news.some((n) => n.dataset.game === w.gameId && n.dataset.testid === 'news-waiting')) return;
      newsLine(t('A seat is kept for you in game {id} ({type}): {seat}.', { id: w.gameId, type: gameTypeTitle(w.gameType), seat: seatOf(w.gameType, w.seat) }),
        w.gameId, 'news-waiting', [t('Take my seat'), () => void play(w.gameId, formError)]);
    }
  };

  // connects again whenever the stream ends (a server restart, STREAM_TOO_SLOW, a network that
  // dropped), with a growing pause; nothing at all for 75 s (the server's keepalive comes every
  // 30 s) counts as a dead connection
  // the browser's offline/online events end the current attempt at once and reconnect without the pause
  const onOffline = () => { attempt?.abort(); };
  const onOnline = () => { attempt?.abort(); wake?.(); };
  const follow = async () => {
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    let pause = 500;
    while (!stopped) {
      let first = true;
      try {
        const token = await session();
        attempt = new AbortController();
        let quiet = setTimeout(() => attempt?.abort(), 75_000);
        for await (const ev of api.streamPlayerEvents({}, auth(token, attempt.signal))) {
          clearTimeout(quiet);
          quiet = setTimeout(() => attempt?.abort(), 75_000);
          if (first) {
            // every open challenge comes again on connecting: the ones not listed now closed meanwhile
            for (const [id, c] of challenges) if (c.state === ChallengeState.OPEN) challenges.delete(id);
            first = false;
            streamState.textContent = t('live');
            streamState.dataset.state = 'live';
          }
          pause = 500;
          onEvent(ev);
          show();
        }
        clearTimeout(quiet);
      } catch (err) {
        if (stopped) return;
        if (reason(err) === 'INVALID_SESSION') await dropSession().catch(() => {});  // a fresh login next time
        streamState.textContent = t('reconnecting… ({why})', { why: challengeError(err) });
        streamState.dataset.state = 'down';
      }
      if (stopped) return;
      await new Promise<void>((r) => {
        const timer = navigator.onLine ? setTimeout(r, pause) : undefined;  // offline: until 'online'
        wake = () => { clearTimeout(timer); r(); };
      });
      wake = null;
      pause = Math.min(pause * 2, 10_000);
    }
  };

  // ---- the form --------------------------------------------------------------------------------
  const typeSelect = el('select', { id: 'challenge-type', 'data-testid': 'challenge-type' });
  const players = el('select', { id: 'challenge-players', 'data-testid': 'challenge-players' });
  const mySeat = el('select', { id: 'challenge-seat', 'data-testid': 'challenge-seat' });
  const options = el('div', { class: 'options' });
  const rated = el('input', { type: 'checkbox', id: 'challenge-rated', 'data-testid': 'challenge-rated' }) as HTMLInputElement;
  const clock = timeControlInputs('challenge-clock');
  const fillForm = () => {
    const gt = types.find((x) => x.id === typeSelect.value);
    if (!gt) return;
    players.replaceChildren(...gt.playerCounts.map((n) => el('option', { value: n }, t('{n} players', { n }))));
    const seats = () => mySeat.replaceChildren(...Array.from({ length: Number(players.value) }, (_, s) =>
      el('option', { value: s }, t('I play {seat}', { seat: seatOf(gt.id, s) }))));
    players.onchange = seats;
    seats();
    options.replaceChildren(...gt.options.map((o) => el('label', { class: 'option' },
      el('span', { class: 'option-name' }, `${humanize(o.name)}: `),
      o.values.length
        ? el('select', { 'data-option': o.name }, ...o.values.map((v: string) => el('option', { value: v, selected: v === o.default }, v)))
        : el('input', { 'data-option': o.name, value: o.default, size: 6 }))));
  };
  typeSelect.addEventListener('change', fillForm);
  const send: HTMLButtonElement = el('button', { id: 'challenge-send', 'data-testid': 'challenge-send', class: 'primary', onclick: async () => {
    formError.textContent = '';
    const challenged = challengeName.value.trim();
    if (!challenged) { formError.textContent = t('Name the player to challenge first.'); challengeName.focus(); return; }
    let timeControl;
    try {
      timeControl = clock.value();
    } catch (err) {
      formError.textContent = (err as Error).message;
      return;
    }
    const opts: Record<string, string> = {};
    options.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-option]').forEach((i) => { opts[i.dataset.option!] = i.value; });
    send.disabled = true;
    try {
      const res = await renewed((token) => api.createChallenge({ challenged, gameType: typeSelect.value, players: Number(players.value),
        options: opts, timeControl, rated: rated.checked, challengerSeat: Number(mySeat.value) }, auth(token)));
      challenges.delete(res.challenge!.challengeId);  // the stream's copy comes too: one row, the newest
      challenges.set(res.challenge!.challengeId, res.challenge);
      show();
    } catch (err) {
      formError.textContent = challengeError(err);
    } finally {
      send.disabled = false;
    }
  } }, t('Send the challenge'));

  const form = el('div', { class: 'challenge-form', 'data-testid': 'challenge-form' },
    el('h3', {}, t('Challenge a player')),
    el('div', { class: 'row' }, el('label', {}, t('Player: '), challengeName), typeSelect, players, mySeat), options,
    el('div', { class: 'row' }, clock.element),
    el('div', { class: 'row' }, el('label', { title: t('the result counts for both players\' ratings; every seat is a registered player\'s') },
      rated, t(' rated game'))),
    send, formError);

  void (async () => {
    const p = await browserPlayer().catch(() => undefined);
    if (!p) { box.hidden = true; return; }  // challenges are between registered players
    me = p.name;
    box.append(el('h2', {}, t('Challenges'), ' ', streamState), listBox, el('h3', {}, t('Your games, as they start and end')), newsBox, form);
    show();
    try {
      types = (await api.listGameTypes({ language: language() })).games as any;
      typeSelect.replaceChildren(...types.map((x) => el('option', { value: x.id }, x.title || x.id)));
      fillForm();
    } catch (err) {
      formError.textContent = challengeError(err);
    }
    void follow();
  })();

  return {
    element: box,
    /** The form, filled for `name` (the leaderboard's "Challenge" button). */
    challenge(name: string) {
      challengeName.value = name;
      form.scrollIntoView({ block: 'nearest' });
      challengeName.focus();
    },
    stop() {
      stopped = true; attempt?.abort(); wake?.();
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    },
  };
}
