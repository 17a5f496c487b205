// The Carthago web client: a lobby, a table per game (play, watch, replay), over Connect.
//
// Routes: "/" the lobby; "/game/ID" a game (its seats, the board of the seat this browser holds,
// or the spectator's); "/game/ID?invite=SECRET" the same, claiming the seat that invite opens (a seat
// reserved by `carthago new --reserve`); "/game/ID?replay" a finished game move by move;
// "/rules/GAME" the game's RULES.md (the "rule now" line of a game links into it).
import './style.css';
import { api, auth, creatorToken, describeError, heldSeats, holdCreator, holdSeat, playerName, reason, setPlayerName, timed, type HeldSeat } from './api';
import { board } from './boards';
import { el } from './dom';
import { commandFields, commandKind, commandLabel, eventWords, humanize, isPrompt, isStep, nameOf } from './words';
import { seatLabel, seatState, statusWords } from './status';
import { replayControls } from './replay';
import { clocksRow, timeControlInputs } from './clock';
import { chatPanel, talkLogLine, talkOf, type Talk } from './talk';
import { askFirst, confirmSwitch, confirmsOn, finalMove } from './confirm';
import { listen, markSeen, watchTurns, yourGamesPanel } from './yourGames';
import { ruleBox, rulesPage } from './rules';
import { battleRecord, battlesPanel, noBattles } from './battles';
import { player as browserPlayer, send as sendCommand, session as playerSession, signing } from './identity';
import { leaderboardPanel, playerPanel } from './players';
import { challengeError, challengesPanel, takeKeptSeat } from './challenges';
import { kindHeading, language, languageSwitch, seatWord, t } from './i18n';

/** A seat's name ("rome", "red") as the page shows it, in its language. */
const seatName = (n: string) => seatWord(n, nameOf(n));

const app = document.getElementById('app')!;
const conn = document.getElementById('conn')!;
// the language switch in the header (i18n.ts): the page's words and the server's both follow it;
// only the switch stores a choice (a first visit's browser language is not pinned in localStorage)
document.documentElement.lang = language();
document.getElementById('top')?.append(languageSwitch());
let leave: (() => void) | null = null;  // stops the current page's streams and timers

function navigate(path: string) {
  history.pushState(null, '', path);
  route();
}
window.addEventListener('popstate', () => route());

function link(path: string, text: string, attrs: Record<string, any> = {}) {
  return el('a', { href: path, ...attrs, onclick: (e: MouseEvent) => { e.preventDefault(); navigate(path); } }, text);
}

function route() {
  leave?.();
  leave = null;
  app.replaceChildren();
  document.title = 'Carthago';
  const m = /^\/game\/([\w-]+)\/?$/.exec(location.pathname);
  const rules = /^\/rules\/([\w-]+)\/?$/.exec(location.pathname);
  if (rules) {
    void rulesPage(rules[1], app, link('/', t('← the lobby')));
  } else if (m) {
    const params = new URLSearchParams(location.search);
    void gamePage(m[1], params.has('replay'), params.get('invite') ?? '');
  } else {
    void lobby();
  }
}

function setConn(text: string, ok = true) {
  conn.textContent = text;
  conn.className = `conn ${ok ? 'ok' : 'bad'}`;
}

// ---- the lobby -------------------------------------------------------------------------------

async function lobby() {
  const nameInput = el('input', { id: 'player-name', value: playerName(), placeholder: t('your name'), maxlength: 64,
    onchange: () => setPlayerName(nameInput.value.trim()) });
  const createBox = el('section', { class: 'panel' }, el('h2', {}, t('New game')), t('Loading game types…'));
  const listBox = el('section', { class: 'panel' }, el('h2', {}, t('Games')), t('Loading…'));
  // the games where this browser holds a seat, your turn first (yourGames.ts polls them)
  const mine = yourGamesPanel(link);
  const unlisten = listen(mine.show);
  watchTurns(currentGame, navigate);
  // a registered player's challenges, live from its own stream (challenges.ts)
  const challenges = challengesPanel(navigate);
  let browserMe = '';
  let timer: ReturnType<typeof setInterval> | undefined;
  leave = () => { clearInterval(timer); unlisten(); challenges.stop(); };
  app.append(el('section', { class: 'panel' }, el('label', {}, t('Your name: '), nameInput)), playerPanel(nameInput, () => route()),
    challenges.element, mine.element, createBox, listBox, leaderboardPanel(challenges.challenge));
  try { browserMe = (await browserPlayer())?.name ?? ''; } catch { /* no key: no rated game */ }

  try {
    const { games: types } = await api.listGameTypes({ language: language() });
    setConn(t('connected'));
    const typeSelect = el('select', { id: 'game-type' }, ...types.map((t) => el('option', { value: t.id }, t.title || t.id)));
    const players = el('select', { id: 'players' });
    const options = el('div', { class: 'options' });
    // the other seats for the server's house bot at a level (GameTypeInfo.bot_levels), or for people
    const opponents = el('select', { id: 'opponents', 'data-testid': 'opponents' });
    const fill = () => {
      const gt = types.find((x) => x.id === typeSelect.value)!;
      players.replaceChildren(...gt.playerCounts.map((n) => el('option', { value: n }, t('{n} players', { n }))));
      opponents.replaceChildren(el('option', { value: '' }, t('the other seats: people (invite them)')),
        ...gt.botLevels.map((lv) => el('option', { value: lv.name }, t('the other seats: house bot {n}, {title} ({description})', { n: lv.number, title: lv.title, description: lv.description }))),
        el('option', { value: 'random' }, t('the other seats: house bot, random moves')));
      // each option with the server's own help (OptionInfo.doc) beside it, not only in a tooltip
      options.replaceChildren(...gt.options.map((o) => el('label', { class: 'option', 'data-testid': `option-${o.name}` },
        el('span', { class: 'option-name' }, `${humanize(o.name)}: `),
        o.values.length
          ? el('select', { 'data-option': o.name }, ...o.values.map((v) => el('option', { value: v, selected: v === o.default }, v)))
          : el('input', { 'data-option': o.name, value: o.default, size: 6 }),
        o.doc ? el('small', { class: 'option-doc' }, o.doc) : '')));
    };
    typeSelect.addEventListener('change', fill);
    fill();
    const error = el('div', { class: 'error' });
    const clock = timeControlInputs();
    // a rated game: its seats open to registered players only, so it needs this browser's player and
    // people in the other seats (no house bot: docs/PROTOCOL.md, "Ratings")
    const rated = el('input', { type: 'checkbox', id: 'rated', 'data-testid': 'rated' }) as HTMLInputElement;
    const ratedNote = el('small', { class: 'option-doc', 'data-testid': 'rated-note' });
    const ratedAllowed = () => {
      const why = !browserMe ? t('a rated game is between registered players: make your key first')
        : opponents.value ? t('a rated game has no house bot: choose people for the other seats') : '';
      rated.disabled = !!why;
      if (why) rated.checked = false;
      ratedNote.textContent = why || t('the result counts for the players\' ratings; every seat signs its moves');
    };
    opponents.addEventListener('change', ratedAllowed);
    ratedAllowed();
    const create = el('button', { id: 'create', class: 'primary', onclick: async () => {
      const opts: Record<string, string> = {};
      options.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-option]').forEach((i) => { opts[i.dataset.option!] = i.value; });
      let timeControl;
      try {
        timeControl = clock.value();
      } catch (err) {
        error.textContent = (err as Error).message;
        return;
      }
      create.setAttribute('disabled', '');
      try {
        const n = Number(players.value);
        // the creator takes seat 0 on the game's page; the server's house bot the others, if asked
        const houseSeats = opponents.value ? Array.from({ length: n - 1 }, (_, i) => ({ seat: i + 1, bot: opponents.value })) : [];
        const made = await api.createGame({ gameType: typeSelect.value, players: n, options: opts, timeControl, houseSeats,
          rated: rated.checked });
        holdCreator(made.game!.gameId, made.creatorToken);
        navigate(`/game/${made.game!.gameId}`);
      } catch (err) {
        error.textContent = describeError(err);
        create.removeAttribute('disabled');
      }
    } }, t('Create game'));
    createBox.replaceChildren(el('h2', {}, t('New game')), el('div', { class: 'row' }, typeSelect, players), options,
      el('div', { class: 'row' }, opponents),
      el('div', { class: 'row' }, clock.element),
      el('div', { class: 'row' }, el('label', {}, rated, t(' rated game')), ' ', ratedNote), create, error);
  } catch (err) {
    setConn(t('server unreachable'), false);
    createBox.append(el('div', { class: 'error' }, describeError(err)));
  }

  const refresh = async () => {
    try {
      const { games } = await api.listGames({ includeFinished: true, limit: 50 });
      const rows = games.slice().sort((a, b) => Number(b.createdAtUnixMs - a.createdAtUnixMs)).map((g) => el('tr', { 'data-game': g.gameId },
        el('td', {}, link(`/game/${g.gameId}`, g.gameId)),
        el('td', {}, g.gameType, g.rated ? el('span', { class: 'rated', 'data-testid': 'rated-mark', title: t('a rated game: its result counts for the ratings') }, ` ${t('rated')}`) : ''),
        el('td', {}, g.seats.map((s) => `${seatName(s.name)}: ${seatState(s)}`).join(' · ')),
        el('td', {}, g.status?.over ? statusWords(g, g.status) : t('playing (seq {seq})', { seq: String(g.headSeq) })),
        el('td', {}, g.status?.over ? link(`/game/${g.gameId}?replay`, t('replay')) : link(`/game/${g.gameId}`, g.seats.some((s) => !s.claimed && !s.reservedFor) ? t('join') : t('watch')))));
      listBox.replaceChildren(el('h2', {}, t('Games')), rows.length
        ? el('table', { class: 'games' }, el('tr', {}, ...['game', 'type', 'seats', 'status', ''].map((h) => el('th', {}, h ? t(h) : h))), ...rows)
        : el('p', {}, t('No games yet: create one.')));
    } catch (err) {
      listBox.replaceChildren(el('h2', {}, t('Games')), el('div', { class: 'error' }, describeError(err)));
    }
  };
  await refresh();
  timer = setInterval(refresh, 5000);
}

/** The game whose page is shown, if any (its own stream tells its turns: no notification for it). */
function currentGame(): string | null {
  return /^\/game\/([\w-]+)\/?$/.exec(location.pathname)?.[1] ?? null;
}

// ---- a game ----------------------------------------------------------------------------------

/** A test for the same command as `command` (a fresh ListLegalCommands lists new message objects). */
function sameAs(command: any): (c: any) => boolean {
  const key = (c: any) => JSON.stringify(c, (_, x) => (typeof x === 'bigint' ? x.toString() : x));
  const want = key(command);
  return (c) => key(c) === want;
}

const WIDE_BOARDS = new Set(['republic-of-carthage', 'hannibal']);

async function gamePage(gameId: string, replay: boolean, invite = '') {
  let summary: any;
  // a seat this browser holds (a seat kept by an older client for a bot it ran itself is not the player's)
  const me = (): HeldSeat | undefined => heldSeats(gameId).find((s) => !s.bot);
  let inviteError = '';
  try {
    summary = await api.getGame({ gameId });
    setConn(t('connected'));
    if (invite) {
      // an invite link: claim the seat it opens, under the name it is reserved for, then drop the secret
      // from the address bar (a reload, a copied link, the history keep the plain game address)
      history.replaceState(null, '', `/game/${gameId}`);
      if (!me()) {
        try {
          const res = await api.joinGame({ gameId, invite, player: '' });
          const player = res.game?.seats[res.seat]?.player ?? '';
          holdSeat(gameId, { seat: res.seat, token: res.token, name: player });
          if (!playerName() && player) setPlayerName(player);
          summary = res.game;
        } catch (err) {
          inviteError = t('The invite link took no seat — {why}', { why: describeError(err) });
        }
      }
    }
  } catch (err) {
    app.append(el('section', { class: 'panel' }, el('h2', {}, gameId), el('div', { class: 'error' }, describeError(err)),
      link('/', t('back to the lobby'))));
    return;
  }
  const gameType: string = summary.gameType;
  const name = (seat: number) => seatLabel(summary, seat);

  const state = {
    view: null as any, status: null as any, head: -1n, lastSeq: -1n,
    legal: [] as any[], legalAt: -1n, filter: null as null | ((c: any) => boolean),
    words: new Map<any, string>(),  // the server's words for each legal command (ListLegalCommands.words)
    busy: false, closed: false, error: '',
    lines: [] as [number, string, string?][],  // seq, words, the line's class (talk, redacted, step)
    talks: [] as Talk[],            // table talk (The Republic of Carthage), shown in the chat panel
    expired: null as number | null,  // the seat whose clock ran out (its ClockExpired record)
    skewMs: 0,  // the server's clock minus this browser's (EventBatch.server_time_unix_ms)
    battles: noBattles(),  // Hannibal's battles, round by round, from the log (battles.ts)
    asking: false,  // a move waits for the player's "Send it" (confirm.ts)
    ended: '',  // how the game ended: the server's words of the game's GameEnded record
    waiting: '',  // who must decide what now: the server's words of the last prompt record (Flow, DecisionRequired)
  };
  const controller = new AbortController();
  // the clocks tick once a second between batches (a running clock: its deadline minus now)
  const ticker = setInterval(() => renderClocks(), 1000);
  // the head this page shows counts as seen while its tab is visible (no notification for it, yourGames.ts)
  const seen = () => { if (me() && !replay && document.visibilityState === 'visible' && state.head >= 0n) markSeen(gameId, state.head); };
  document.addEventListener('visibilitychange', seen);
  let legalRetry: ReturnType<typeof setTimeout> | undefined;  // a legal list asked for again (refreshLegal)
  leave = () => { state.closed = true; controller.abort(); clearInterval(ticker); clearTimeout(legalRetry); document.removeEventListener('visibilitychange', seen); };

  const title = el('h2', {}, `${gameType} · ${gameId}`, summary.rated
    ? el('span', { class: 'rated', 'data-testid': 'rated-mark', title: t('a rated game: its result counts for the ratings') }, ` · ${t('rated')}`) : '');
  const turn = el('div', { class: 'turn', 'data-testid': 'turn' });
  const clocksBox = el('div', { class: 'clocks-box' });
  const seatsBox = el('div', { class: 'seats-box' });
  const boardBox = el('div', { class: 'board-box', 'data-testid': 'board' });
  const commandsBox = el('div', { class: 'commands', 'data-testid': 'commands' });
  const errorBox = el('div', { class: 'error', 'data-testid': 'error' }, inviteError);
  const logList = el('ol', { class: 'log', 'data-testid': 'log' });
  const logBox = el('aside', {}, el('h3', {}, t('Log')), logList);
  const replayBox = el('div', { class: 'replay' });
  const ruleSlot = el('div', { class: 'rule-slot' });  // the rule of the pending decision (rules.ts)
  const battlesBox = el('div', { class: 'battles-box' });  // Hannibal's battles (battles.ts)
  // table talk: only The Republic of Carthage has it (R110)
  const chat = gameType === 'republic-of-carthage' && !replay ? chatPanel({
    gameId, seats: summary.seats.map((s: any) => s.seat), mySeat: () => me()?.seat, token: () => me()?.token, name,
    held: me,
  }) : null;
  const inviteLink = `${location.origin}/game/${gameId}`;
  app.append(el('section', { class: 'panel game' }, title,
    el('div', { class: 'invite' }, t('Invite: '), el('input', { value: inviteLink, readonly: true, 'data-testid': 'invite',
      onclick: (e: Event) => (e.target as HTMLInputElement).select() }),
    el('button', { onclick: () => navigator.clipboard?.writeText(inviteLink) }, t('copy'))),
    seatsBox, turn, clocksBox, replayBox, WIDE_BOARDS.has(gameType)
      // a wide board takes the page's width: the moves above it, the log below (the chat beside it)
      ? el('div', { class: 'table wide' }, el('div', { class: 'main' }, errorBox, commandsBox, ruleSlot, boardBox, battlesBox),
        chat ? el('div', { class: 'talk-row' }, logBox, chat.element) : logBox)
      : el('div', { class: 'table' }, el('div', { class: 'main' }, boardBox, errorBox, commandsBox, ruleSlot), logBox)));

  // the log survives a reload: kept per game and seat in sessionStorage, resumed from its last seq
  const logKey = () => `carthago.log.${gameId}.${me()?.seat ?? 'spectator'}.${language()}`;  // its words are in one language
  try {
    const saved = JSON.parse(sessionStorage.getItem(logKey()) || 'null');
    if (saved && !replay) {
      state.lines = saved.lines; state.lastSeq = BigInt(saved.lastSeq);
      state.talks = saved.talks ?? []; state.expired = saved.expired ?? null;
      state.battles = saved.battles ?? noBattles();
      state.waiting = saved.waiting ?? '';
      state.ended = saved.ended ?? '';
    }
  } catch { /* a fresh log */ }
  for (const [seq, text, cls] of state.lines) logList.append(el('li', { 'data-seq': seq, class: cls ?? '' }, text));
  chat?.show(state.talks);

  const renderClocks = () => {
    if (state.closed) return;
    const row = clocksRow(state.status, Date.now() + state.skewMs, name, state.expired);
    clocksBox.replaceChildren(...(row ? [row] : []));
  };

  // a friend who came by the invite link and has not said a name yet is asked one before taking a seat
  const nameInput = el('input', { 'data-testid': 'seat-name', placeholder: t('your name'), maxlength: 64, value: playerName(),
    onchange: () => setPlayerName(nameInput.value.trim()) });
  const nameRow = el('label', { class: 'seat-name' }, t('Your name (the other players see it): '), nameInput);
  // this browser's registered player, if any: a seat kept for its key (a challenge's) is its to take
  let myPlayer = '';
  void browserPlayer().then((p) => { myPlayer = p?.name ?? ''; if (myPlayer) renderSeats(); }).catch(() => {});
  const renderSeats = () => {
    const held = heldSeats(gameId);
    const open = !me() && !summary.status?.over && summary.seats.some((s: any) => !s.claimed && !s.reservedFor);
    seatsBox.replaceChildren(...(open && !replay ? [nameRow] : []), ...summary.seats.map((s: any) => {
      const mine = held.find((h) => h.seat === s.seat);
      const controls: (Node | string)[] = [];
      if (mine && !mine.bot) controls.push(el('span', { class: 'you' }, t(' — you')));
      else if (!s.claimed && !summary.status?.over && !s.reservedFor) {
        controls.push(el('button', { class: 'primary', 'data-testid': `take-${s.seat}`, disabled: !!me(), onclick: () => join(s.seat) }, t('Take this seat')));
        // every bot is the server's (a house bot): it plays on when this page is closed
        if (creatorToken(gameId) && !summary.rated) controls.push(houseControls(s.seat));
      } else if (!s.claimed && !summary.status?.over && myPlayer && s.reservedFor === myPlayer && !me()) {
        controls.push(el('button', { class: 'primary', 'data-testid': `take-${s.seat}`, onclick: () => takeMine() }, t('Take my seat')));
      }
      return el('div', { class: `seat-row${state.status?.toAct?.includes(s.seat) ? ' to-act' : ''}`, 'data-seat': s.seat },
        el('b', {}, seatName(s.name)), `: ${seatState(s)} `, ...controls);
    }));
  };

  // the server's house bot for a free seat (a level of its search, or random moves): only the game's
  // creator (its token kept by this browser) may seat one
  let levels: { name: string; number: number; title: string; description: string }[] = [];
  api.listGameTypes({ language: language() }).then(({ games }) => { levels = games.find((t) => t.id === gameType)?.botLevels ?? []; renderSeats(); })
    .catch(() => { /* no levels offered: random moves still are */ });
  const houseChoice = new Map<number, string>();  // the level picked per seat, kept when a batch redraws the seats
  const houseControls = (seat: number) => {
    const creator = creatorToken(gameId);
    const pick = el('select', { 'data-testid': `house-level-${seat}`, onchange: () => houseChoice.set(seat, pick.value) },
      ...levels.map((lv) => el('option', { value: lv.name, title: lv.description }, t('level {n}, {title}', { n: lv.number, title: lv.title }))),
      el('option', { value: 'random' }, t('random moves')));
    if (houseChoice.has(seat)) pick.value = houseChoice.get(seat)!;
    const add = el('button', { 'data-testid': `house-${seat}`,
      title: t('the server plays this seat, at the level chosen, whether this page is open or not'),
      onclick: async () => {
        try {
          const res = await api.seatHouseBot({ gameId, seat, bot: pick.value }, auth(creator));
          summary = res.game;
          renderSeats();
        } catch (err) {
          errorBox.textContent = describeError(err);
        }
      } }, t('Add a house bot'));
    return el('span', { class: 'house' }, ' ', pick, add);
  };

  const takeMine = async () => {
    try {
      await takeKeptSeat(gameId);
      restart();
    } catch (err) {
      errorBox.textContent = challengeError(err);
    }
  };

  const join = async (seat: number) => {
    const player = nameInput.value.trim();
    if (!player) {
      errorBox.textContent = t('Say your name first (above the seats): the other players see it.');
      nameInput.focus();
      return;
    }
    setPlayerName(player);
    try {
      // as this browser's registered player when it has one (its seat then signs every move), else by name
      // (a rated game's seats are for registered players only: always as the player there)
      const asPlayer = signing() || summary.rated ? await browserPlayer() : undefined;
      if (summary.rated && !asPlayer) {
        errorBox.textContent = t('A rated game is between registered players only: make your key in the lobby first.');
        return;
      }
      const res = asPlayer ? await api.joinGame({ gameId, seat, player: '' }, auth(await playerSession()))
        : await api.joinGame({ gameId, seat, player });
      holdSeat(gameId, { seat: res.seat, token: res.token, name: asPlayer?.name ?? player, signed: !!asPlayer });
      summary = res.game;
      restart();  // the stream and log of a seat differ from a spectator's
    } catch (err) {
      errorBox.textContent = describeError(err);
    }
  };

  const render = () => {
    if (state.closed) return;
    renderSeats();
    const my = me();
    const over = !!state.status?.over;
    turn.textContent = statusWords(summary, state.status, state.expired, state.ended);
    turn.className = `turn${over ? ' over' : ''}${my && state.status?.toAct?.includes(my.seat) ? ' mine' : ''}`;
    turn.setAttribute('data-testid', over ? 'result' : 'turn');
    if (over && !replay) {
      turn.append(' ', link(`/game/${gameId}?replay`, t('replay it move by move'), { 'data-testid': 'replay-link' }));
    }
    if (!replay) {
      // a choice begun on the board (a card) leaves only its moves clickable (then a disc): one move
      boardBox.replaceChildren(board(gameType, state.view, {
        gameType, seat: my ? my.seat : -1, legal: state.filter ? state.legal.filter(state.filter) : state.legal, seatName: name, pick,
        waiting: state.waiting, ended: state.ended,
      }));
      renderRule();
      seen();
      const mine = !!my && !over && !!state.status?.toAct?.includes(my.seat);
      document.title = mine ? t('● Your turn — Carthago') : 'Carthago';
    }
    renderCommands();
    renderClocks();
    chat?.setOpen(!!my && !over, over ? t('The game is over: the table is closed.')
      : t('Watching: you see the public messages, and who spoke privately to whom. Take a seat to talk.'));
  };

  // the rule line is drawn again only when the decision changes (its "from the rules" stays as opened)
  let ruleShown = '';
  const renderRule = () => {
    const v = state.view?.game?.value;
    const box = v && !state.status?.over ? ruleBox(gameType, v, state.waiting) : null;
    const key = box ? `${box.dataset.key}|${box.textContent}` : '';
    if (key === ruleShown) return;
    ruleShown = key;
    ruleSlot.replaceChildren(...(box ? [box] : []));
  };
  const renderBattles = () => {
    const panel = battlesPanel(state.battles);
    battlesBox.replaceChildren(...(panel ? [panel] : []));
  };

  // each command under its kind's heading (i18n.ts's KINDS), labelled by the server's words for it
  // (ListLegalCommands with_words, in the page's language) without the seat's name they begin with:
  // the page holds no per-game wording of its own for moves (issue 36 item 4)
  const moveWords = (c: any): { heading: string; label: string } => {
    const kind = commandKind(c);
    const heading = kindHeading(kind);
    const said = state.words.get(c) ?? '';
    if (!said) {  // a server that sends no words: the command's fields in words
      const label = commandLabel(gameType, c, name).replace(new RegExp(`^${humanize(kind)}:? ?`), '');
      return label ? { heading, label } : { heading: t('Or'), label: heading };
    }
    const mine = me();
    const own = mine ? seatName(summary.seats?.[mine.seat]?.name ?? '') : '';
    let rest = !own ? said : said.startsWith(`${own} : `) ? said.slice(own.length + 3)
      : said.startsWith(`${own}: `) ? said.slice(own.length + 2)
      : said.startsWith(`${own} `) ? said.slice(own.length + 1) : said;
    rest = rest.charAt(0).toUpperCase() + rest.slice(1);
    // a move with nothing to choose ("ends the turn") is a button of its own under "Or"
    const fields = Object.entries(commandFields(c)).filter(([k, v]) => !k.startsWith('$') && v !== '' && v !== -1
      && !(Array.isArray(v) && v.length === 0));
    return fields.length ? { heading, label: rest } : { heading: t('Or'), label: rest };
  };

  const renderCommands = () => {
    const my = me();
    commandsBox.replaceChildren();
    if (replay || !my || state.status?.over) {
      if (!my && !state.status?.over && !replay) commandsBox.append(el('p', { class: 'note' }, t('Watching as a spectator: take a free seat to play.')));
      return;
    }
    commandsBox.append(platformBar(my));
    if (!state.status?.toAct?.includes(my.seat)) {
      commandsBox.append(el('p', { class: 'note' }, t('Waiting for the other players…')));
      return;
    }
    const shown = state.filter ? state.legal.filter(state.filter) : state.legal;
    // what the page holds, for a test or a bug report to read: the list's seq and size
    commandsBox.dataset.legalAt = String(state.legalAt);
    commandsBox.dataset.legal = String(state.legal.length);
    commandsBox.append(el('h3', {}, t('Your move')));
    if (state.filter) commandsBox.append(el('button', { class: 'link', onclick: () => { state.filter = null; render(); } }, t('show every move')));
    const groups = new Map<string, [any, string][]>();
    for (const c of shown) {
      const { heading, label } = moveWords(c);
      // Rome et Carthage: placing mercenary 1 or 2 in a city is the same move to a player (their
      // numbers mean nothing at the table), so one button stands for both
      if (gameType === 'rome-et-carthage' && groups.get(heading)?.some(([, l]) => l === label)) continue;
      groups.set(heading, [...(groups.get(heading) ?? []), [c, label]]);
    }
    for (const [heading, commands] of groups) {
      commandsBox.append(el('div', { class: 'group' }, el('span', { class: 'kind' }, `${heading}:`),
        ...commands.map(([c, label]) => {
          // a move that cannot be taken back is marked ⚑ (and asked about first, confirm.ts)
          const why = finalMove(gameType, c, state.view?.game?.value);
          return el('button', { class: `cmd${why ? ' final' : ''}`, 'data-testid': 'command', 'data-kind': commandKind(c),
            'data-final': why ? 'yes' : undefined, title: why ?? undefined, disabled: state.busy || state.asking,
            onclick: () => submit(c) }, why ? `${label} ⚑` : label);
        })));
    }
  };

  // resign and draws: any time while the game runs, whoever is to act (docs/PROTOCOL.md)
  const platformBar = (my: HeldSeat) => {
    const st = state.status;
    const offer: number | undefined = st?.drawOfferBy;
    // resigning always asks first; accepting a draw (it ends the game) while the switch is on (confirm.ts)
    const button = (kind: string, text: string, ask?: [string, string, boolean]) => el('button', {
      'data-testid': `platform-${kind}`, disabled: state.busy || state.asking,
      onclick: async () => {
        if (ask && (ask[2] || confirmsOn())) {
          state.asking = true;
          const ok = await askFirst(ask[0], ask[1]).finally(() => { state.asking = false; });
          if (!ok) return;
        }
        void submitPlatform(kind);
      } }, text);
    const parts: (Node | string)[] = [button('resign', t('Resign'), [t('Resign this game?'), t('You lose the game now.'), true])];
    if (offer === undefined) parts.push(button('offerDraw', t('Offer a draw')));
    else if (offer === my.seat) parts.push(el('span', { class: 'note' }, t(' Your draw offer stands.')));
    else if (st.drawAcceptedBy?.includes(my.seat)) parts.push(el('span', { class: 'note' }, t(' You accepted the draw offer.')));
    else parts.push(el('span', { class: 'note' }, t(' {who} offers a draw: ', { who: name(offer) })),
      button('acceptDraw', t('Accept the draw'), [t('Accept the draw?'), t('The game ends drawn when every seat has accepted.'), false]),
      button('declineDraw', t('Decline')));
    return el('div', { class: 'platform', 'data-testid': 'platform' }, ...parts, confirmSwitch());
  };

  const submitPlatform = async (kind: string) => {
    const my = me();
    if (!my || state.busy) return;
    state.busy = true;
    errorBox.textContent = '';
    try {
      await sendCommand(gameId, my, { game: { case: 'platform', value: { kind: { case: kind as any, value: {} } } } },
        undefined, crypto.randomUUID());
    } catch (err) {
      errorBox.textContent = describeError(err);
    } finally {
      state.busy = false;
      render();
    }
  };

  // a board click: within the choice begun (a card clicked, then its disc) when that leaves any move,
  // else a fresh one; one move left is sent, several narrow the list
  const pick = (matches: (c: any) => boolean) => {
    const prior = state.filter;
    const within = prior ? state.legal.filter((c) => prior(c) && matches(c)) : [];
    const found = within.length ? within : state.legal.filter(matches);
    if (found.length === 1) { void submit(found[0]); return; }
    state.filter = !found.length ? null : within.length ? (c: any) => prior!(c) && matches(c) : matches;
    render();
  };

  // A move is sent with the seq its list was made at (expected_seq). When the stream has brought records
  // since (a house bot's secret choice, a message, a clock), the list is made again first and the same
  // move sent at the new seq if it is still offered, so a normal race never reaches the server as a
  // refused STALE_SEQ (an HTTP 409 in the console); one lost in flight is retried the same way.
  const submit = async (command: any) => {
    const my = me();
    if (!my || state.busy || state.asking) return;
    const why = confirmsOn() ? finalMove(gameType, command, state.view?.game?.value) : null;
    if (why) {  // a move that cannot be taken back: the player says so first (confirm.ts)
      const { heading, label } = moveWords(command);
      state.asking = true;
      renderCommands();
      const ok = await askFirst(`${heading}: ${label}?`, why).finally(() => { state.asking = false; });
      if (!ok || state.closed) { state.filter = null; render(); return; }
    }
    state.busy = true;
    state.filter = null;
    errorBox.textContent = '';
    renderCommands();
    const wanted = sameAs(command);
    try {
      for (let attempt = 0, stale = false; ; attempt++) {
        if (stale || state.head > state.legalAt) {
          await refreshLegal();
          const still = state.legal.find(wanted);
          if (!still) { errorBox.textContent = t('The game moved on before your move was sent: choose again.'); return; }
          command = still;
        }
        try {
          const sentAt = state.legalAt;
          await sendCommand(gameId, my, command, sentAt, crypto.randomUUID());  // signed for the player's seat
          // the list the move was chosen from is spent (and so is any list made at that seq and still
          // on its way: legalAt moves past it); one the stream fetched while the move was in flight
          // (after the batch of this very move) is the next step's and stays: clearing that one left
          // the seat with nothing to click until another record came, which never does when it is
          // this seat's turn
          if (state.legalAt === sentAt) { state.legal = []; state.legalAt = sentAt + 1n; }
          return;
        } catch (err) {
          if (reason(err) !== 'STALE_SEQ' || attempt >= 2) throw err;
          // a record came while the move was on its way: the one race no list made again can avoid
          // (said on the console beside the browser's own 409 line, so a reader, and the browser test,
          // can tell it from a 409 the page should not have caused)
          console.debug('carthago: a record came while this move was on its way (STALE_SEQ): sent again');
          stale = true;
        }
      }
    } catch (err) {
      errorBox.textContent = describeError(err);
      await refreshLegal();
    } finally {
      state.busy = false;
      render();
    }
  };

  const refreshLegal = async () => {
    const my = me();
    clearTimeout(legalRetry);
    if (!my || !state.status?.toAct?.includes(my.seat) || state.status.over) { state.legal = []; state.filter = null; return; }
    const head = state.head;
    try {
      const res = await api.listLegalCommands({ gameId, withWords: true, language: language() }, timed(my.token));
      // two lists asked for at once (the stream's and a refused move's) may answer out of order:
      // the one made at the later seq wins
      if (res.headSeq < state.legalAt) return;
      // a choice begun on the board (state.filter) belongs to the list it was begun in
      if (res.headSeq !== state.legalAt) state.filter = null;
      state.legal = res.commands;
      state.words = new Map(res.commands.map((c, i) => [c, res.words[i] ?? '']));
      state.legalAt = res.headSeq;
      if (errorBox.dataset.legal) { errorBox.textContent = ''; delete errorBox.dataset.legal; }
    } catch (err) {
      // the seat's moves could not be fetched (a timeout on a busy server, a dropped connection): said,
      // and asked for again while nothing newer came, or the seat would sit on its turn with no move
      errorBox.textContent = t('Your moves could not be fetched — {why}; trying again…', { why: describeError(err) });
      errorBox.dataset.legal = 'retry';
      legalRetry = setTimeout(() => {
        if (!state.closed && state.head === head && !state.busy) void refreshLegal().then(render);
      }, 1000);
    }
  };

  const writeLog = () => {
    clearTimeout(saveTimer); saveTimer = undefined;
    try {
      sessionStorage.setItem(saveKey, JSON.stringify({ lastSeq: state.lastSeq.toString(), lines: state.lines.slice(-3000),
        talks: state.talks.slice(-1000), expired: state.expired, battles: state.battles, waiting: state.waiting, ended: state.ended }));
    } catch { /* storage full: the log is rebuilt from seq 0 next time */ }
  };
  // written at most once a second, and at once when the page goes (a reload, a closed tab): a long
  // game's log is hundreds of kB, and writing it at every batch made each move slower than the last
  // (a 4-seat Rome et Carthage game of 5,000 records took three times as long a click at its end)
  // (under the key of the seat and language the lines were written for when they came: a switch of
  // language leaves this page, and its last write must not file French lines as English)
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  let saveKey = logKey();
  const saveLog = () => {
    const key = logKey();
    if (saveTimer !== undefined && key !== saveKey) writeLog();
    saveKey = key;
    saveTimer ??= setTimeout(writeLog, 1000);
  };
  const onHide = () => { if (saveTimer !== undefined) writeLog(); };
  window.addEventListener('pagehide', onHide);
  document.addEventListener('visibilitychange', onHide);

  // the stream: resumes from the last seq seen, reconnects with a growing pause. The browser's
  // offline/online events end the current attempt at once (a dropped connection may otherwise sit
  // silent), and coming back online reconnects without waiting out the pause.
  let attempt: AbortController | null = null;
  let wake: (() => void) | null = null;
  const onOffline = () => { attempt?.abort(); setConn(t('offline: waiting for the network…'), false); };
  const onOnline = () => { attempt?.abort(); wake?.(); };
  window.addEventListener('offline', onOffline);
  window.addEventListener('online', onOnline);
  controller.signal.addEventListener('abort', () => {
    attempt?.abort(); wake?.(); onHide();
    window.removeEventListener('pagehide', onHide);
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('online', onOnline);
  });
  const follow = async () => {
    let pause = 250;
    while (!state.closed) {
      try {
        attempt = new AbortController();
        const stream = api.streamEvents({ gameId, fromSeq: state.lastSeq + 1n, withWords: true, language: language() }, auth(me()?.token, attempt.signal));
        setConn(t('live'));
        for await (const batch of stream) {
          pause = 250;
          let seated = false;  // a seat was claimed: the seat rows' player names change
          let battled = false;  // a battle's panel changed
          for (const r of batch.events) {
            if (r.seq <= state.lastSeq) continue;
            state.lastSeq = r.seq;
            if (r.event?.game?.case === 'platform' && r.event.game.value.kind.case === 'seatClaimed') seated = true;
            // a message goes to the chat panel; the log keeps a short line (every seq once)
            const talk = chat ? talkOf(r) : null;
            if (talk) state.talks.push(talk);
            const expiry = r.event?.game?.case === 'platform' && r.event.game.value.kind.case === 'clockExpired'
              ? r.event.game.value.kind.value : null;
            if (expiry) state.expired = expiry.seat;
            const text = talk ? talkLogLine(talk, name) : eventWords(gameType, r, name);
            // the "waiting for" line: the last prompt's words; in Roma any other event closes the decision
            if (isPrompt(r)) state.waiting = r.words;
            else if (gameType === 'roma' && r.event?.game?.case === 'roma') state.waiting = '';
            if (r.words && r.event?.game?.case !== 'platform' && r.event?.game?.value?.kind?.case === 'gameEnded') state.ended = r.words;
            const cls = talk ? 'talk' : r.redacted ? 'redacted' : isStep(r) ? 'step' : '';
            state.lines.push([Number(r.seq), text, cls]);
            if (gameType === 'hannibal' && battleRecord(state.battles, r)) battled = true;
            logList.append(el('li', { 'data-seq': String(r.seq), class: cls }, text));
          }
          if (chat && batch.events.some((r) => talkOf(r))) chat.show(state.talks);
          if (batch.events.length) { logBox.scrollTop = logBox.scrollHeight; saveLog(); }
          if (battled) renderBattles();
          const wasOver = state.status?.over;
          // the server's words for the decision pending at head (EventBatch.prompt: Hannibal, the Republic)
          if (batch.prompt) state.waiting = batch.prompt;
          state.view = batch.view; state.status = batch.status; state.head = batch.headSeq;
          // deadlines are on the server's clock: keep how far this browser's clock is from it
          if (batch.serverTimeUnixMs) state.skewMs = Number(batch.serverTimeUnixMs) - Date.now();
          if ((state.status?.over && !wasOver) || seated) summary = await api.getGame({ gameId });
          await refreshLegal();
          render();
        }
        if (state.status?.over) { setConn(t('game over')); return; }
      } catch (err) {
        if (state.closed) return;
        setConn(navigator.onLine ? t('reconnecting… ({why})', { why: describeError(err) }) : t('offline: waiting for the network…'), false);
      }
      await new Promise<void>((r) => {
        const timer = navigator.onLine ? setTimeout(r, pause) : undefined;  // offline: until 'online'
        wake = () => { clearTimeout(timer); r(); };
      });
      wake = null;
      pause = navigator.onLine ? Math.min(pause * 2, 5000) : 250;
    }
  };

  const restart = () => { route(); };

  if (replay) {
    await replayControls(gameId, gameType, summary, replayBox, boardBox, logList, logBox, me()?.token, name, controller.signal);
    state.status = summary.status;
    render();
    return;
  }
  render();
  renderBattles();
  void follow();
}

route();
watchTurns(currentGame, navigate);  // notifications, when opted in, on every page
