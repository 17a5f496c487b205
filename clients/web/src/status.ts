// A game's seats and status in words: the seat rows, the "To act" line, how a game ended.
import { ResultReason } from './gen/carthago/v1/carthago_pb';
import { humanize, nameOf } from './words';

/** A seat's state in words: who holds it, the house bot that plays it, the name it is kept for. */
export function seatState(s: any): string {
  if (s.claimed) return s.houseBot ? `${s.player || 'house bot'}, played by the server` : s.player || 'taken';
  return s.reservedFor ? `reserved for ${s.reservedFor}` : 'free';
}

export function seatLabel(summary: any, seat: number): string {
  const s = summary?.seats?.[seat];
  if (!s) return `seat ${seat}`;
  return s.player ? `${nameOf(s.name)} (${s.player})` : nameOf(s.name);
}

/** The status line. The seat that ended the game (its resignation, timeout or abort) comes from
 *  GameStatus.ended_by_seat; `expired` (the seat whose ClockExpired this page saw) is the fallback for
 *  a server that does not send it. */
export function statusWords(summary: any, status: any, expired: number | null = null): string {
  if (!status) return '';
  if (status.over) {
    const endedBy: number | null = status.endedBySeat ?? (status.resultReason === ResultReason.TIMEOUT ? expired : null);
    const who = endedBy === null ? '' : seatLabel(summary, endedBy);
    if (status.resultReason === ResultReason.ABORTED) {
      return `Game over — aborted${who ? ` by ${who}` : ''} before any move: no result`;
    }
    const winners = status.winners.map((w: number) => seatLabel(summary, w)).join(' and ');
    const scores = status.scores.length ? `; scores ${status.scores.join(' – ')}` : '';
    const how = endedWords(status.resultReason, winners, who, status.everyoneLost);
    // the game's own words on its end (rules: "no victory points" …) say more than the enum
    const why = status.resultReason === ResultReason.RULES || !how ? status.reason : '';
    const result = winners ? `winner: ${winners}` : status.everyoneLost ? 'no winner: every seat lost' : 'no winner';
    return `Game over${how ? ` — ${how}` : ''} — ${result}${scores}${why ? ` (${humanize(why)})` : ''}`;
  }
  return `To act: ${status.toAct.map((s: number) => seatLabel(summary, s)).join(', ') || '—'}`;
}

/** How a game ended (GameStatus.result_reason), in words; '' for a value this client does not know.
 *  `who`: the seat that ended it (resigned, ran out of time), '' when unknown. `everyoneLost`: the
 *  rules ended it with every seat beaten (The Republic of Carthage IX.5), which is not a draw. */
function endedWords(r: ResultReason, winners: string, who: string, everyoneLost = false): string {
  switch (r) {
    case ResultReason.RULES: return winners || everyoneLost ? 'by the rules' : 'a draw by the rules';
    case ResultReason.RESIGNATION: return who ? `${who} resigned` : 'by resignation';
    case ResultReason.DRAW_AGREED: return 'a draw agreed by the players';
    case ResultReason.ABORTED: return 'aborted';
    case ResultReason.TIMEOUT: return who ? `time out: ${who}'s clock ran out` : 'time out: a seat\'s clock ran out';
    default: return '';
  }
}
