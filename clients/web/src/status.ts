// A game's seats and status in words: the seat rows, the "To act" line, how a game ended.
import { ResultReason } from './gen/carthago/v1/carthago_pb';
import { humanize, nameOf } from './words';
import { seatWord, t } from './i18n';

/** A seat's state in words: who holds it, the house bot that plays it, the name it is kept for. */
export function seatState(s: any): string {
  if (s.claimed) return s.houseBot ? t('{who}, played by the server', { who: s.player || t('house bot') }) : s.player || t('taken');
  return s.reservedFor ? t('reserved for {who}', { who: s.reservedFor }) : t('free');
}

export function seatLabel(summary: any, seat: number): string {
  const s = summary?.seats?.[seat];
  if (!s) return t('seat {n}', { n: seat });
  const named = seatWord(s.name, nameOf(s.name));
  return s.player ? `${named} (${s.player})` : named;
}

/** The status line. The seat that ended the game (its resignation, timeout or abort) comes from
 *  GameStatus.ended_by_seat; `expired` (the seat whose ClockExpired this page saw) is the fallback for
 *  a server that does not send it. */
export function statusWords(summary: any, status: any, expired: number | null = null, ended = ''): string {
  if (!status) return '';
  if (status.over) {
    const endedBy: number | null = status.endedBySeat ?? (status.resultReason === ResultReason.TIMEOUT ? expired : null);
    const who = endedBy === null ? '' : seatLabel(summary, endedBy);
    if (status.resultReason === ResultReason.ABORTED) {
      return t('Game over — aborted{by} before any move: no result', { by: who ? t(' by {who}', { who }) : '' });
    }
    const winners = status.winners.map((w: number) => seatLabel(summary, w)).join(t(' and '));
    const scores = status.scores.length ? t('; scores {scores}', { scores: status.scores.join(' – ') }) : '';
    // the rules ended it: the server's sentence for the game's end (its GameEnded record's words, in
    // the page's language: "The war is over (Carthage has fallen): Rome wins") says how and who won
    if (status.resultReason === ResultReason.RULES && ended) return `${t('Game over')} — ${ended}${scores}`;
    const how = endedWords(status.resultReason, winners, who, status.everyoneLost);
    // the game's own words on its end (rules: "no victory points" …) say more than the enum
    const why = status.resultReason === ResultReason.RULES || !how ? status.reason : '';
    const result = winners ? t('winner: {who}', { who: winners }) : status.everyoneLost ? t('no winner: every seat lost') : t('no winner');
    return `${t('Game over')}${how ? ` — ${how}` : ''} — ${result}${scores}${why ? ` (${humanize(why)})` : ''}`;
  }
  return t('To act: {who}', { who: status.toAct.map((s: number) => seatLabel(summary, s)).join(', ') || '—' });
}

/** How a game ended (GameStatus.result_reason), in words; '' for a value this client does not know.
 *  `who`: the seat that ended it (resigned, ran out of time), '' when unknown. `everyoneLost`: the
 *  rules ended it with every seat beaten (The Republic of Carthage IX.5), which is not a draw. */
function endedWords(r: ResultReason, winners: string, who: string, everyoneLost = false): string {
  switch (r) {
    case ResultReason.RULES: return winners || everyoneLost ? t('by the rules') : t('a draw by the rules');
    case ResultReason.RESIGNATION: return who ? t('{who} resigned', { who }) : t('by resignation');
    case ResultReason.DRAW_AGREED: return t('a draw agreed by the players');
    case ResultReason.ABORTED: return t('aborted');
    case ResultReason.TIMEOUT: return who ? t('time out: {who}\'s clock ran out', { who }) : t('time out: a seat\'s clock ran out');
    default: return '';
  }
}
