// The seats' clocks (GameStatus.clocks, docs/PROTOCOL.md "Clocks") and the lobby's time control.
import { el } from './dom';

/** Time left in words: m:ss, h:mm:ss from an hour; rounded up, so 0:00 means none left. */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Each seat's time left at `now` (local time: the server sends no clock of its own). A running
 *  clock (deadline set) shows deadline − now; a stopped one its remaining_ms. `expired`: the seat
 *  whose time ran out (its ClockExpired record), shown at 0. */
export function clocksRow(status: any, now: number, name: (seat: number) => string, expired: number | null): HTMLElement | null {
  const clocks: any[] = status?.clocks ?? [];
  if (!clocks.length) return null;
  return el('div', { class: 'clocks', 'data-testid': 'clocks' }, el('span', { class: 'kind' }, 'Clocks:'),
    ...clocks.map((c, seat) => {
      const deadline = Number(c.deadlineUnixMs ?? 0);
      const running = deadline > 0 && !status.over;
      const left = seat === expired ? 0 : running ? deadline - now : Number(c.remainingMs ?? 0);
      return el('span', { class: `clock${running ? ' running' : ''}${left < 10_000 ? ' low' : ''}`, 'data-testid': 'clock',
        'data-seat': seat, 'data-running': running ? 'yes' : 'no', title: running ? 'running' : 'stopped' },
      `${name(seat)} `, el('b', { class: 'clock-time' }, clockText(left)));
    }));
}

/** The lobby's optional clock: "minutes + seconds increment"; both empty: no clock. */
export function timeControlInputs() {
  const minutes = el('input', { id: 'clock-minutes', type: 'number', min: 0, step: 'any', size: 4, placeholder: 'min',
    'data-testid': 'clock-minutes', title: 'each seat\'s time, in minutes (empty: no clock)' });
  const increment = el('input', { id: 'clock-increment', type: 'number', min: 0, step: 'any', size: 4, placeholder: 's',
    'data-testid': 'clock-increment', title: 'seconds added after each of a seat\'s moves' });
  const element = el('label', { class: 'option clock-option' }, 'Clock (optional): ', minutes, ' minutes + ', increment, ' s a move');
  /** The TimeControl to send, undefined for none; throws Error with words when the input is wrong. */
  const value = (): { initialMs: bigint; incrementMs: bigint } | undefined => {
    const m = minutes.value.trim(), s = increment.value.trim();
    if (!m && !s) return undefined;
    if (!m) throw new Error('Clock: give the minutes too (or leave both fields empty for no clock).');
    const initial = Math.round(Number(m) * 60_000), inc = s ? Math.round(Number(s) * 1000) : 0;
    if (!Number.isFinite(initial) || initial < 1000) throw new Error('Clock: the time must be at least one second (e.g. 5 minutes).');
    if (initial > 30 * 86_400_000) throw new Error('Clock: at most 30 days.');
    if (!Number.isFinite(inc) || inc < 0 || inc > 86_400_000) throw new Error('Clock: the increment is 0 to 86400 seconds.');
    return { initialMs: BigInt(initial), incrementMs: BigInt(inc) };
  };
  return { element, value };
}
