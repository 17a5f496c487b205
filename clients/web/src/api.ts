// The GameService over Connect (binary), from the page's own origin: the server that serves this
// page serves the API on the same address, so no CORS is involved.
import { createClient, ConnectError, Code } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-web';
import { GameService } from './gen/carthago/v1/carthago_pb';

// GET for the methods the proto marks NO_SIDE_EFFECTS (the reads), POST for the others.
const transport = createConnectTransport({ baseUrl: window.location.origin, useBinaryFormat: true, useHttpGet: true });
export const api = createClient(GameService, transport);

/** Call options carrying a seat's token (none: a spectator). */
export function auth(token?: string | null, signal?: AbortSignal): { headers: Record<string, string>; signal?: AbortSignal } {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  return { headers, signal };
}

/** Call options for a unary call that the page makes on its own (its bots' moves, its legal moves):
 *  the seat's token and a time limit. A request caught by a dropped connection may never settle in
 *  the browser; without a limit, the bot or the page that waits for it would wait for good. */
export function timed(token?: string | null): { headers: Record<string, string>; timeoutMs: number } {
  return { headers: auth(token).headers, timeoutMs: 15_000 };
}

/** The stable reason of a refusal ("NOT_YOUR_TURN"): the message starts with it, by contract. */
export function reason(err: unknown): string {
  if (err instanceof ConnectError) {
    const m = /^([A-Z_]+): /.exec(err.rawMessage);
    return m ? m[1] : Code[err.code];
  }
  return 'NETWORK';
}

/** A refusal in words for the player: the server's message without its machine code ("SEAT_RESERVED: "),
 *  which reason() gives to the code that acts on it. */
export function describeError(err: unknown): string {
  if (err instanceof ConnectError) {
    const text = err.rawMessage.replace(/^[A-Z_]+: /, '');
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  return String(err);
}

// ---- seats kept in the browser ---------------------------------------------------------------

export interface HeldSeat { seat: number; token: string; bot?: boolean; name?: string; signed?: boolean }

const KEY = (gameId: string) => `carthago.seats.${gameId}`;

/** The seats this browser holds in a game (its player and the bots it runs), by seat. */
export function heldSeats(gameId: string): HeldSeat[] {
  try {
    return JSON.parse(localStorage.getItem(KEY(gameId)) || '[]');
  } catch {
    return [];
  }
}

export function holdSeat(gameId: string, held: HeldSeat): void {
  const seats = heldSeats(gameId).filter((s) => s.seat !== held.seat);
  seats.push(held);
  seats.sort((a, b) => a.seat - b.seat);
  localStorage.setItem(KEY(gameId), JSON.stringify(seats));
}

const CREATOR = (gameId: string) => `carthago.creator.${gameId}`;

/** The creator token of a game this browser created (it seats house bots: SeatHouseBot). */
export function creatorToken(gameId: string): string {
  return localStorage.getItem(CREATOR(gameId)) || '';
}

export function holdCreator(gameId: string, token: string): void {
  if (token) localStorage.setItem(CREATOR(gameId), token);
}

export function playerName(): string {
  return localStorage.getItem('carthago.name') || '';
}

export function setPlayerName(name: string): void {
  localStorage.setItem('carthago.name', name);
}
