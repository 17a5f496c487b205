// The browser's player (docs/PROTOCOL.md, "Players and signed moves"): an Ed25519 key made by
// WebCrypto, its private half non-extractable (the page can sign with it, nobody can copy it out),
// kept in IndexedDB with the player's name and session. A seat taken as the player signs each of
// its commands over the canonical message, byte for byte as carthago.signing builds it.
import { create, toBinary } from '@bufbuild/protobuf';
import { GameCommandSchema } from './gen/carthago/v1/carthago_pb';
import { api, auth, type HeldSeat } from './api';

export interface Player {
  name: string;
  keys: CryptoKeyPair;
  publicKey: Uint8Array;
  session?: string;
  sessionExpires?: number;
}

const DB = 'carthago-player';
const STORE = 'player';
const enc = new TextEncoder();
let cached: Player | null | undefined;

function db(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function stored(write?: Player): Promise<Player | undefined> {
  const d = await db();
  return new Promise((resolve, reject) => {
    const tx = d.transaction(STORE, write ? 'readwrite' : 'readonly');
    const req = write ? tx.objectStore(STORE).put(write, 'me') : tx.objectStore(STORE).get('me');
    req.onsuccess = () => resolve(write ?? (req.result as Player | undefined));
    req.onerror = () => reject(req.error);
  });
}

/** Whether this browser's WebCrypto makes Ed25519 keys (Chromium 137+, Firefox 129+, Safari 17+). */
export function supported(): boolean {
  return typeof crypto !== 'undefined' && !!crypto.subtle && typeof indexedDB !== 'undefined';
}

/** The browser's player, if it registered one. */
export async function player(): Promise<Player | undefined> {
  if (cached === undefined) cached = (await stored().catch(() => undefined)) ?? null;
  return cached ?? undefined;
}

/** Each part as its length (4 bytes, big-endian) then its bytes: the fields of a signed message. */
export function fields(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + 4 + p.length, 0));
  const view = new DataView(out.buffer);
  let at = 0;
  for (const p of parts) {
    view.setUint32(at, p.length);
    out.set(p, at + 4);
    at += 4 + p.length;
  }
  return out;
}

const int32 = (n: number) => { const b = new Uint8Array(4); new DataView(b.buffer).setInt32(0, n); return b; };
const int64 = (n: bigint) => { const b = new Uint8Array(8); new DataView(b.buffer).setBigInt64(0, n); return b; };

export const registerMessage = (name: string, key: Uint8Array) =>
  fields(enc.encode('carthago/register/v1'), enc.encode(name), key);
export const loginMessage = (name: string, challenge: Uint8Array) =>
  fields(enc.encode('carthago/login/v1'), enc.encode(name), challenge);
export const commandMessage = (gameId: string, seat: number, expectedSeq: bigint, requestId: string, command: Uint8Array) =>
  fields(enc.encode('carthago/command/v1'), enc.encode(gameId), int32(seat), int64(expectedSeq), enc.encode(requestId), command);

async function sign(p: Player, message: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, p.keys.privateKey, message as BufferSource));
}

export const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/** Make a key (its private half never leaves WebCrypto) and register it under ``name``. */
export async function register(name: string): Promise<Player> {
  const keys = await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify']) as CryptoKeyPair;
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey));
  const p: Player = { name, keys, publicKey };
  await api.registerPlayer({ name, publicKey, signature: await sign(p, registerMessage(name, publicKey)) });
  cached = await stored(p);
  return p;
}

/** The player's session token: the one kept while it lasts, else a fresh login (a signed challenge). */
export async function session(): Promise<string> {
  const p = await player();
  if (!p) throw new Error('This browser has no player: register one in the lobby first.');
  if (p.session && (p.sessionExpires ?? 0) > Date.now() + 60_000) return p.session;
  const { challenge } = await api.loginChallenge({ name: p.name });
  const res = await api.login({ name: p.name, challenge, signature: await sign(p, loginMessage(p.name, challenge)) });
  p.session = res.sessionToken;
  p.sessionExpires = Number(res.expiresAtUnixMs);
  cached = await stored(p);
  return p.session;
}

/** Forget the kept session (the server no longer knows it: INVALID_SESSION, a server restarted with
 *  a fresh store): the next session() logs in again with a fresh signed challenge. */
export async function dropSession(): Promise<void> {
  const p = await player();
  if (!p?.session) return;
  p.session = undefined;
  p.sessionExpires = undefined;
  cached = await stored(p);
}

/** Send a command for a held seat: as it is for an anonymous seat; for a seat taken as the player,
 *  as its serialized bytes with the key's signature (at the head as it is now when no expected seq
 *  is given: a platform command, table talk). */
export async function send(gameId: string, held: HeldSeat, command: any, expectedSeq: bigint | undefined,
  requestId: string, opts: { headers: Record<string, string>; timeoutMs?: number } = auth(held.token)) {
  if (!held.signed) return api.submitCommand({ gameId, command, expectedSeq, requestId }, opts);
  const p = await player();
  if (!p) throw new Error('This seat signs its moves with your key, and this browser has lost it.');
  const seq = expectedSeq ?? (await api.getView({ gameId }, auth(held.token))).seq;
  const commandBytes = toBinary(GameCommandSchema, create(GameCommandSchema, command));
  const signature = await sign(p, commandMessage(gameId, held.seat, seq, requestId, commandBytes));
  return api.submitCommand({ gameId, commandBytes, expectedSeq: seq, requestId, signature }, opts);
}

/** Whether seats taken in this browser are taken as its player (a switch in the lobby; on by default). */
export function signing(): boolean {
  return localStorage.getItem('carthago.sign') !== 'off';
}

export function setSigning(on: boolean): void {
  localStorage.setItem('carthago.sign', on ? 'on' : 'off');
}
