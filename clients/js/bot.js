#!/usr/bin/env node
// A random bot for Carthago, in plain JavaScript: proof that the gRPC protocol is usable without Python.
//
//   node clients/js/bot.js --server HOST:PORT --game GAME_ID [--seat N] [--seed S] [--name NAME]
//
// It joins a seat, follows the game with StreamEvents and, whenever its seat is in status.to_act, asks
// ListLegalCommands, picks one command at random (draw offers only rarely) and submits it with expected_seq = the head
// seq of that list. It knows nothing of any game: the commands it submits are the objects the server
// listed, passed back untouched. Exit status: 0 when the game is over (last line of stdout:
// "game over: winners [...] scores [...]"), 1 on any error (message on stderr), 2 on bad arguments.

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import grpc from '@grpc/grpc-js';
import protoLoader from '@grpc/proto-loader';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_PROTO_ROOT = path.resolve(HERE, '..', '..', 'proto');
const SERVICE_PROTO = 'carthago/v1/carthago.proto';
const CALL_TIMEOUT_MS = 30_000;     // deadline of each unary call
const CONNECT_TIMEOUT_MS = 10_000;  // waiting for the channel to come up
const RETRIES = 4;                  // transport failures: resend (SubmitCommand: with the same request_id)
const RELOOKS = 5;                  // STALE_SEQ / LOST_RACE: look again at once, this many times per batch
const AGREEMENT_KINDS = new Set(['offer_draw', 'accept_draw']);  // commands ending a game by agreement
const AGREEMENT_ODDS = 50;          // ... picked once in this many choices
const STREAM_RECONNECTS = 5;        // a stream that drops before the game is over is reopened (in a row)
// Transport trouble, worth another try. CANCELLED included: this bot never cancels a call it still
// waits on, so a CANCELLED is the server shutting down (a restart), not the bot's own doing.
const RETRYABLE = new Set(['UNAVAILABLE', 'DEADLINE_EXCEEDED', 'CANCELLED']);
const STATUS_NAMES = Object.fromEntries(
  Object.entries(grpc.status).filter(([, v]) => typeof v === 'number').map(([k, v]) => [v, k]));

const USAGE = `usage: node bot.js --server HOST:PORT --game GAME_ID [--seat N] [--seed S] [--name NAME]
                   [--proto DIR] [--verbose]
  --server   the Carthago server (default 127.0.0.1:50051, or $CARTHAGO_ADDR)
  --game     the game to join (its id, e.g. roma-0123456789)
  --seat     the seat to claim (default: the lowest free seat)
  --seed     seed of the bot's own choices (default: unseeded)
  --name     the player name shown to others (default js-random-bot)
  --proto    the directory holding carthago/v1/carthago.proto (default ${DEFAULT_PROTO_ROOT})
  --verbose  log every command submitted to stderr`;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- errors ---------------------------------------------------------------------------------------

/** A refused or failed call: `status` is the gRPC code name, `code` the stable Carthago reason. */
class CarthagoError extends Error {
  constructor(status, code, message, rpc) {
    super(message);
    this.status = status;
    this.code = code;
    this.rpc = rpc;
  }

  toString() {
    const where = this.rpc ? ` (in ${this.rpc})` : '';
    // The server's message already starts with "CODE: "; do not say it twice.
    const text = this.message.startsWith(`${this.code}: `) ? this.message : `${this.code}: ${this.message}`;
    return `${text} [gRPC ${this.status}]${where}`;
  }

  static fromGrpc(err, rpc) {
    const status = STATUS_NAMES[err.code] ?? String(err.code);
    let reason = '';
    try {
      for (const raw of err.metadata?.get('grpc-status-details-bin') ?? []) {
        reason = errorInfoReason(Buffer.from(raw)) || reason;
      }
    } catch {
      // an undecodable trailer: fall back on the message's "CODE: " prefix below
    }
    const details = err.details ?? err.message ?? '';
    if (!reason) reason = /^([A-Z][A-Z0-9_]*): /.exec(details)?.[1] ?? status;
    return new CarthagoError(status, reason, details, rpc);
  }
}

// The `grpc-status-details-bin` trailer is a serialized google.rpc.Status. Its .proto files are not in
// this repository and proto-loader does not bundle them, so the three small messages involved are read
// by hand:  Status { int32 code = 1; string message = 2; repeated google.protobuf.Any details = 3; }
//           Any { string type_url = 1; bytes value = 2; }
//           ErrorInfo { string reason = 1; string domain = 2; map<string, string> metadata = 3; }
function* protoFields(buf) {
  let pos = 0;
  const varint = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      if (pos >= buf.length) throw new Error('truncated varint');
      const byte = buf[pos++];
      value += (byte & 0x7f) * 2 ** shift;  // arithmetic, not bit operations: exact up to 2^53
      if (!(byte & 0x80)) return value;
      if (shift > 63) throw new Error('varint too long');
    }
  };
  while (pos < buf.length) {
    const key = varint();
    const field = Math.floor(key / 8);
    const wire = key % 8;
    if (wire === 0) yield [field, varint()];
    else if (wire === 1) pos += 8;
    else if (wire === 5) pos += 4;
    else if (wire === 2) {
      const len = varint();
      if (pos + len > buf.length) throw new Error('truncated field');
      yield [field, buf.subarray(pos, pos + len)];
      pos += len;
    } else throw new Error(`unsupported wire type ${wire}`);
  }
}

function errorInfoReason(statusBytes) {
  for (const [field, any] of protoFields(statusBytes)) {
    if (field !== 3) continue;
    let typeUrl = '';
    let value = null;
    for (const [f, v] of protoFields(any)) {
      if (f === 1) typeUrl = v.toString('utf8');
      else if (f === 2) value = v;
    }
    if (!typeUrl.endsWith('/google.rpc.ErrorInfo') || value === null) continue;
    for (const [f, v] of protoFields(value)) if (f === 1) return v.toString('utf8');
  }
  return '';
}

// ---- seeded choice ----------------------------------------------------------------------------------

// cyrb128 to seed sfc32: small, fast, well mixed; enough for a bot (the Python bot's choices are not
// reproduced: it uses Python's Mersenne Twister).
function seededUint32(seedText) {
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < seedText.length; i++) {
    const k = seedText.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  let [a, b, c, d] = [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 15; i++) next();
  return next;
}

/** Uniform integer in [0, n) from a source of uniform 32-bit integers (rejection: no modulo bias). */
function uniformIndex(nextUint32, n) {
  const limit = Math.floor(2 ** 32 / n) * n;
  for (;;) {
    const u = nextUint32();
    if (u < limit) return u % n;
  }
}

// ---- the bot ------------------------------------------------------------------------------------------

function loadService(protoRoot) {
  const definition = protoLoader.loadSync(SERVICE_PROTO, {
    includeDirs: [protoRoot],
    keepCase: true,   // field names exactly as in the .proto: game_id, head_seq, to_act
    oneofs: true,     // each decoded message names its set oneof member: command.game === 'roma'
    longs: String,    // int64 as decimal strings: exact, and passed back untouched (see README)
    defaults: true,   // absent scalars read as 0 / '' / [] instead of undefined
  });
  return grpc.loadPackageDefinition(definition).carthago.v1.GameService;
}

class RandomBot {
  constructor(opts) {
    this.opts = opts;
    const GameService = loadService(opts.proto);
    this.client = new GameService(opts.server, grpc.credentials.createInsecure());
    this.next32 = opts.seed !== undefined
      ? null  // seeded once the seat is known, like the Python bot: "<seed>/<seat>"
      : () => crypto.randomBytes(4).readUInt32LE(0);
    this.moves = 0;
    this.knownHead = -1n;  // the newest head seq this bot has seen (BigInt: seqs are int64 strings)
  }

  log(text) {
    if (this.opts.verbose) process.stderr.write(`[js-bot seat ${this.seat ?? '?'}] ${text}\n`);
  }

  call(rpc, request, metadata) {
    return new Promise((resolve, reject) => {
      this.client[rpc](request, metadata, { deadline: Date.now() + CALL_TIMEOUT_MS }, (err, response) => {
        if (err) reject(CarthagoError.fromGrpc(err, rpc));
        else resolve(response);
      });
    });
  }

  /** A unary call; transport failures are retried unless `retry` is false (JoinGame: not idempotent). */
  async unary(rpc, request, metadata = new grpc.Metadata(), retry = true) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.call(rpc, request, metadata);
      } catch (err) {
        if (!retry || !RETRYABLE.has(err.status) || attempt >= RETRIES) throw err;
        this.log(`${rpc}: ${err.status}; trying again`);
        await sleep(250 * (attempt + 1));
      }
    }
  }

  connect() {
    return new Promise((resolve, reject) => {
      this.client.waitForReady(Date.now() + CONNECT_TIMEOUT_MS, (err) => {
        if (err) reject(new CarthagoError('UNAVAILABLE', 'UNAVAILABLE',
          `cannot reach a server at ${this.opts.server}: ${err.message}`, 'connect'));
        else resolve();
      });
    });
  }

  async join() {
    const request = { game_id: this.opts.game, player: this.opts.name };
    if (this.opts.seat !== undefined) request.seat = this.opts.seat;  // `optional`: absent = lowest free seat
    const joined = await this.unary('JoinGame', request, undefined, false);
    this.seat = joined.seat;
    this.metadata = new grpc.Metadata();
    this.metadata.set('authorization', `Bearer ${joined.token}`);
    if (this.next32 === null) this.next32 = seededUint32(`${this.opts.seed}/${this.seat}`);
    const game = joined.game;
    const seatName = game.seats.find((s) => s.seat === this.seat)?.name ?? String(this.seat);
    console.log(`joined ${game.game_id} (${game.game_type}, ${game.players} players) as seat ${this.seat} ` +
      `(${seatName}) named ${JSON.stringify(this.opts.name)}`);
  }

  /** Submit with a fresh request_id: a retry after a transport failure resends the same id, so the
   *  server answers it from its record instead of playing the command twice. */
  submit(command, expectedSeq) {
    const request = { game_id: this.opts.game, command, expected_seq: expectedSeq, request_id: crypto.randomUUID() };
    return this.unary('SubmitCommand', request, this.metadata);
  }

  /** A random legal command; agreements (draw offers) only once in AGREEMENT_ODDS choices, so that
   *  random games are played out rather than agreed drawn (as the Python bot does). */
  pick(commands) {
    const kind = (c) => (c.game ? c[c.game].kind : '');
    const usual = commands.filter((c) => !AGREEMENT_KINDS.has(kind(c)));
    if (usual.length > 0 && usual.length < commands.length && uniformIndex(this.next32, AGREEMENT_ODDS) !== 0) {
      return usual[uniformIndex(this.next32, usual.length)];
    }
    return commands[uniformIndex(this.next32, commands.length)];
  }

  /** Play one command if this seat has any; look again at once when another seat moved first. */
  async actOnce() {
    for (let look = 0; look <= RELOOKS; look++) {
      const legal = await this.unary('ListLegalCommands', { game_id: this.opts.game }, this.metadata);
      if (legal.commands.length === 0) return false;  // not (or no longer) this seat's turn
      const command = this.pick(legal.commands);
      try {
        const done = await this.submit(command, legal.head_seq);
        this.moves++;
        this.knownHead = BigInt(done.head_seq);
        this.log(`seq ${done.first_seq}..${done.head_seq}: played ${JSON.stringify(command[command.game])}`);
        return true;
      } catch (err) {
        if (err.code !== 'STALE_SEQ' && err.code !== 'LOST_RACE') throw err;
        this.log(`${err.code} at seq ${legal.head_seq}: looking again`);
      }
    }
    return false;  // still racing: the batch that the other seat's command causes brings us back here
  }

  /** Follow the stream until the game is over; returns its final GameStatus. */
  async play() {
    let fromSeq = '0';
    let reconnect = 0;  // drops in a row: reset by every batch received
    for (;; reconnect++) {
      const call = this.client.StreamEvents({ game_id: this.opts.game, from_seq: fromSeq }, this.metadata);
      call.on('error', () => {});  // errors reach the loop below; this keeps a late CANCELLED from crashing
      try {
        for await (const batch of call) {
          reconnect = 0;
          const head = BigInt(batch.head_seq);
          if (head > this.knownHead) this.knownHead = head;
          fromSeq = batch.head_seq;  // on a reconnect, resend the head record: it brings the current status
          if (batch.status.over) return batch.status;
          // Newer batches already waiting, or our own submission already beyond this one: skip this one.
          if (call.readableLength > 0 || head < this.knownHead) continue;
          if (batch.status.to_act.includes(this.seat)) await this.actOnce();
        }
      } catch (raw) {
        const err = raw instanceof CarthagoError ? raw : CarthagoError.fromGrpc(raw, 'StreamEvents');
        if (!RETRYABLE.has(err.status) || reconnect >= STREAM_RECONNECTS) throw err;
        this.log(`lost the game (${err}); reopening the stream from seq ${fromSeq}`);
        await sleep(250 * (reconnect + 1));
        continue;
      } finally {
        call.cancel();  // a no-op once the server has closed the stream; otherwise frees it server-side
      }
      // The server closes the stream once the game is over; anything else is a drop: check, then reopen.
      const summary = await this.unary('GetGame', { game_id: this.opts.game });
      if (summary.status.over) return summary.status;
      this.log(`the stream ended before the game did; reopening from seq ${fromSeq}`);
      if (reconnect >= STREAM_RECONNECTS) {
        throw new CarthagoError('UNAVAILABLE', 'STREAM_ENDED', 'the event stream keeps ending before the game is over',
          'StreamEvents');
      }
    }
  }

  close() {
    this.client.close();
  }
}

// ---- command line -------------------------------------------------------------------------------------

function parseCommandLine(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      server: { type: 'string', default: process.env.CARTHAGO_ADDR || '127.0.0.1:50051' },
      game: { type: 'string' },
      seat: { type: 'string' },
      seed: { type: 'string' },
      name: { type: 'string', default: 'js-random-bot' },
      proto: { type: 'string', default: DEFAULT_PROTO_ROOT },
      verbose: { type: 'boolean', short: 'v', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (!values.game) throw new Error('--game is required');
  let seat;
  if (values.seat !== undefined) {
    if (!/^\d+$/.test(values.seat)) throw new Error(`--seat takes a seat number, not ${JSON.stringify(values.seat)}`);
    seat = Number(values.seat);
  }
  return { ...values, seat };
}

const pyList = (xs) => `[${xs.join(', ')}]`;

async function main() {
  let opts;
  try {
    opts = parseCommandLine(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`error: ${err.message}\n${USAGE}\n`);
    return 2;
  }
  let bot;
  try {
    bot = new RandomBot(opts);
  } catch (err) {
    process.stderr.write(`error: cannot load the protocol from ${opts.proto}: ${err.message}\n`);
    return 1;
  }
  try {
    await bot.connect();
    await bot.join();
    const status = await bot.play();
    console.log(`seat ${bot.seat} made ${bot.moves} moves; ${status.reason || 'no reason given'}`);
    console.log(`game over: winners ${pyList(status.winners)} scores ${pyList(status.scores)}`);
    return 0;
  } catch (err) {
    const text = err instanceof CarthagoError ? err.toString() : (err?.stack ?? String(err));
    process.stderr.write(`error: ${text}\n`);
    return 1;
  } finally {
    bot.close();
  }
}

export { CarthagoError, RandomBot, errorInfoReason, loadService, seededUint32, uniformIndex };

// Run as a program (not when imported by another script).
const invoked = process.argv[1] && fs.existsSync(process.argv[1]) ? fs.realpathSync(process.argv[1]) : '';
if (invoked && import.meta.url === pathToFileURL(invoked).href) {
  process.exitCode = await main();
  // The process ends on its own once the channel is closed (letting stdout drain); should a handle
  // (a cancelled stream winding down) linger, this unref'd timer ends it without keeping it alive.
  setTimeout(() => process.exit(process.exitCode), 2000).unref();
}
