// The seats' clocks (GameStatus.clocks, docs/PROTOCOL.md "Clocks") and the lobby's time control.
import { el } from './dom';
import { t } from './i18n';

/** Time left in words: m:ss, h:mm:ss from an hour; rounded up, so 0:00 means none left. */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Each seat's time left at `now` (local time: the server sends no clock of its own). A running
 *  clock (deadline set) shows deadline − now, except during a delay (until `delay_until_unix_ms`),
 *  when the time stands still at remaining_ms; a stopped one shows its remaining_ms. `expired`: the
 *  seat whose time ran out (its ClockExpired record), shown at 0. */
export function clocksRow(status: any, now: number, name: (seat: number) => string, expired: number | null): HTMLElement | null {
  const clocks: any[] = status?.clocks ?? [];
  if (!clocks.length) return null;
  return el('div', { class: 'clocks', 'data-testid': 'clocks' }, el('span', { class: 'kind' }, t('Clocks:')),
    ...clocks.map((c, seat) => {
      const deadline = Number(c.deadlineUnixMs ?? 0);
      const running = deadline > 0 && !status.over;
      const delayUntil = Number(c.delayUntilUnixMs ?? 0);
      const delayed = running && now < delayUntil;
      const left = seat === expired ? 0 : running && !delayed ? deadline - now : Number(c.remainingMs ?? 0);
      const delay = delayed ? el('small', { class: 'clock-delay' }, ` +${clockText(delayUntil - now)} delay`) : '';
      return el('span', { class: `clock${running ? ' running' : ''}${left < 10_000 ? ' low' : ''}`, 'data-testid': 'clock',
        'data-seat': seat, 'data-running': running ? 'yes' : 'no', title: running ? (delayed ? 'delay: not counting yet' : 'running') : 'stopped' },
      `${name(seat)} `, el('b', { class: 'clock-time' }, clockText(left)), delay);
    }));
}

/** The TimeControl fields the lobby sends (docs/PROTOCOL.md "Clocks"). */
type TimeControlInit = { initialMs?: bigint; incrementMs?: bigint; delayMs?: bigint; perMoveMs?: bigint };

const KINDS: Record<string, { first: string; second: string | null; title: string }> = {
  fischer: { first: t(' minutes + '), second: t(' s added a move'), title: t('Fischer: a total, and an increment after each move') },
  delay: { first: t(' minutes, '), second: t(' s delay a move'), title: t('simple delay: the first seconds of each turn are not counted') },
  correspondence: { first: t(' hours a move'), second: null, title: t('correspondence: a deadline per decision, unused time is not kept') },
};

/** The lobby's optional clock: Fischer (minutes + seconds increment), a simple delay (minutes and
 *  seconds of delay) or correspondence (hours per move); the fields empty: no clock. Its fields'
 *  ids begin with `prefix` (the challenge form has a clock of its own beside the lobby's). */
export function timeControlInputs(prefix = 'clock') {
  const kind = el('select', { id: `${prefix}-kind`, 'data-testid': `${prefix}-kind` },
    ...Object.entries(KINDS).map(([k, v]) => el('option', { value: k, title: v.title }, k)));
  const minutes = el('input', { id: `${prefix}-minutes`, type: 'number', min: 0, step: 'any', size: 4, placeholder: 'min',
    'data-testid': `${prefix}-minutes`, title: 'each seat\'s time, in minutes (empty: no clock)' });
  const increment = el('input', { id: `${prefix}-increment`, type: 'number', min: 0, step: 'any', size: 4, placeholder: 's',
    'data-testid': `${prefix}-increment`, title: 'seconds added after each of a seat\'s moves' });
  const first = el('span', {}, KINDS.fischer.first), second = el('span', {}, KINDS.fischer.second!);
  const relabel = () => {
    const k = KINDS[kind.value];
    first.textContent = k.first;
    second.textContent = k.second ?? '';
    increment.hidden = k.second === null;
    minutes.placeholder = kind.value === 'correspondence' ? 'h' : 'min';
    kind.title = k.title;
  };
  kind.addEventListener('change', relabel);
  const element = el('label', { class: 'option clock-option' }, t('Clock (optional): '), kind, ' ', minutes, first, increment, second);
  /** The TimeControl to send, undefined for none; throws Error with words when the input is wrong. */
  const value = (): TimeControlInit | undefined => {
    const m = minutes.value.trim(), s = kind.value === 'correspondence' ? '' : increment.value.trim();
    if (!m && !s) return undefined;
    if (!m) throw new Error('Clock: give the time too (or leave the fields empty for no clock).');
    if (kind.value === 'correspondence') {
      const per = Math.round(Number(m) * 3_600_000);
      if (!Number.isFinite(per) || per < 60_000 || per > 30 * 86_400_000) throw new Error('Clock: a move takes one minute to 30 days (720 hours).');
      return { perMoveMs: BigInt(per) };
    }
    const initial = Math.round(Number(m) * 60_000), extra = s ? Math.round(Number(s) * 1000) : 0;
    if (!Number.isFinite(initial) || initial < 1000) throw new Error('Clock: the time must be at least one second (e.g. 5 minutes).');
    if (initial > 30 * 86_400_000) throw new Error('Clock: at most 30 days.');
    if (!Number.isFinite(extra) || extra < 0 || extra > 86_400_000) throw new Error(`Clock: the ${kind.value === 'delay' ? 'delay' : 'increment'} is 0 to 86400 seconds.`);
    return kind.value === 'delay' ? { initialMs: BigInt(initial), delayMs: BigInt(extra) }
      : { initialMs: BigInt(initial), incrementMs: BigInt(extra) };
  };
  return { element, value };
}
