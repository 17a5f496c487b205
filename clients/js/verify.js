#!/usr/bin/env node
// An independent verifier of Carthago's exported logs, written from docs/LOG_FORMAT.md alone, with
// Node's standard library only (no protobuf library: the wire format is decoded here).
//
//   node clients/js/verify.js FILE [--head HASH] [--json]
//
// It checks the file's framing, the hash chain, the seed against its commitment, every salt, the
// seat claims, every envelope, every record's author and every signed seat's Ed25519 signatures,
// the game-event positions and, with --head, the published head hash,
// and gives `carthago verify`'s own message for each of those checks (the document's [JS] checks).
// It knows no game's rules: which events the commands cause, the clocks and the result are the
// Python verifier's to re-derive (`carthago verify`). Exit status: 0 verified, 1 INVALID, 2 not a
// log it can read.

import { createHash, createPublicKey, verify as verifySignature } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

// ---- protobuf's wire format (docs/LOG_FORMAT.md, "Protobuf, as far as a verifier needs it") ----

class DecodeError extends Error {}

const utf8 = new TextDecoder("utf-8", { fatal: true });

function readVarint(buf, pos) {
  let value = 0n;
  for (let i = 0; i < 10; i++) {
    if (pos >= buf.length) throw new DecodeError("truncated varint");
    const byte = buf[pos++];
    value |= BigInt(byte & 0x7f) << BigInt(7 * i);
    if (byte < 0x80) return [BigInt.asUintN(64, value), pos];
  }
  throw new DecodeError("varint longer than 10 bytes");
}

// A message's fields in order: {number, wire, value} (value: BigInt for varints, bytes otherwise).
function fields(buf) {
  const out = [];
  let pos = 0;
  const groups = [];
  while (pos < buf.length) {
    let key;
    [key, pos] = readVarint(buf, pos);
    const number = Number(key >> 3n);
    const wire = Number(key & 7n);
    if (number === 0) throw new DecodeError("field number 0");
    let value;
    if (wire === 0) {
      [value, pos] = readVarint(buf, pos);
    } else if (wire === 1 || wire === 5) {
      const size = wire === 1 ? 8 : 4;
      if (pos + size > buf.length) throw new DecodeError("truncated fixed-size value");
      value = buf.subarray(pos, pos + size);
      pos += size;
    } else if (wire === 2) {
      let size;
      [size, pos] = readVarint(buf, pos);
      if (BigInt(pos) + size > BigInt(buf.length)) throw new DecodeError("length past the end");
      value = buf.subarray(pos, pos + Number(size));
      pos += Number(size);
    } else if (wire === 3) {
      groups.push(number);
      continue;
    } else if (wire === 4) {
      if (groups.pop() !== number) throw new DecodeError("end group without its start");
      continue;
    } else {
      throw new DecodeError(`wire type ${wire}`);
    }
    if (groups.length === 0) out.push({ number, wire, value });
  }
  if (groups.length) throw new DecodeError("group not closed");
  return out;
}

const concat = (parts) => Buffer.concat(parts.map((p) => Buffer.from(p.buffer, p.byteOffset, p.length)));

// Decodes `buf` by `schema`: {name: [number, type] | [number, type, "repeated"]}, type "int32",
// "int64", "bool", "string", "bytes" or a nested schema; schema.$oneof = {oneof: [member names]}.
// Fields of unknown numbers, or of a known number with another wire type, are skipped (and
// counted in $unknown). msg.$present holds the fields that were written (and are in effect).
function decode(buf, schema) {
  const byNumber = new Map();
  for (const [name, spec] of Object.entries(schema)) if (name !== "$oneof") byNumber.set(spec[0], [name, spec]);
  const occurrences = []; // [name, value (a message's payload, or decoded scalars)] in order
  let unknown = 0;
  for (const f of fields(buf)) {
    const entry = byNumber.get(f.number);
    if (!entry) { unknown++; continue; }
    const [name, [, type, repeated]] = entry;
    const isMessage = typeof type === "object";
    const wantWire = isMessage || type === "string" || type === "bytes" ? 2 : 0;
    if (isMessage) {
      if (f.wire !== 2) { unknown++; continue; }
      occurrences.push([name, f.value]);
    } else if (f.wire === wantWire) {
      occurrences.push([name, [scalar(f.value, type)]]);
    } else if (repeated && wantWire === 0 && f.wire === 2) { // packed repeated varints
      const values = [];
      for (let p = 0; p < f.value.length;) {
        let v;
        [v, p] = readVarint(f.value, p);
        values.push(scalar(v, type));
      }
      occurrences.push([name, values]);
    } else {
      unknown++;
    }
  }
  // a oneof: the member written last is set, from its occurrences after the last other member's
  let kept = occurrences;
  for (const members of Object.values(schema.$oneof ?? {})) {
    let last = -1;
    kept.forEach(([name], i) => { if (members.includes(name)) last = i; });
    if (last < 0) continue;
    const winner = kept[last][0];
    let cut = -1;
    kept.forEach(([name], i) => { if (members.includes(name) && name !== winner) cut = i; });
    kept = kept.filter(([name], i) => !members.includes(name) || (name === winner && i > cut));
  }
  const msg = { $present: new Set(), $unknown: unknown };
  for (const [name, spec] of Object.entries(schema)) {
    if (name === "$oneof") continue;
    const [, type, repeated] = spec;
    const values = kept.filter(([n]) => n === name).map(([, v]) => v);
    if (values.length) msg.$present.add(name);
    if (typeof type === "object") {
      if (repeated) msg[name] = values.map((payload) => decode(payload, type));
      else msg[name] = values.length ? decode(concat(values), type) : null; // repeats merge
    } else if (repeated) {
      msg[name] = values.flat();
    } else {
      msg[name] = values.length ? values[values.length - 1][0] : DEFAULTS[type]; // the last wins
    }
  }
  return msg;
}

// Would the message serialize to any bytes (a field off its default, a message field, unknown fields)?
function nonEmpty(msg) {
  if (!msg) return false;
  if (msg.$unknown > 0) return true;
  for (const name of msg.$present) {
    const v = msg[name];
    if (Array.isArray(v) ? v.length > 0 : typeof v === "object" && !(v instanceof Uint8Array) ? true
      : v instanceof Uint8Array ? v.length > 0 : v !== 0 && v !== 0n && v !== false && v !== "") return true;
  }
  return false;
}

const DEFAULTS = { int32: 0, int64: 0n, bool: false, string: "", bytes: new Uint8Array(0) };

function scalar(value, type) {
  switch (type) {
    case "int32": return Number(BigInt.asIntN(32, value));
    case "int64": return BigInt.asIntN(64, value);
    case "bool": return value !== 0n;
    case "string":
      try { return utf8.decode(value); } catch { throw new DecodeError("bad UTF-8"); }
    default: return value;
  }
}

// ---- the schema (docs/LOG_FORMAT.md, "The messages") -------------------------------------------

const EMPTY = {};
const GAME_FIELDS = { roma: 10, "rome-et-carthage": 11, hannibal: 12, "republic-of-carthage": 13 };
const gameMembers = Object.fromEntries(Object.entries(GAME_FIELDS).map(([id, n]) => [id.replaceAll("-", "_"), [n, EMPTY]]));
const oneofOf = (name, members) => ({ [name]: Object.keys(members) });

const TimeControl = { initial_ms: [1, "int64"], increment_ms: [2, "int64"], delay_ms: [3, "int64"], per_move_ms: [4, "int64"] };
const SeatReserved = { seat: [1, "int32"], player: [2, "string"], invite_sha256: [3, "string"], player_key: [4, "bytes"] };
const MapEntry = { key: [1, "string"], value: [2, "string"] };
const GameCreated = {
  game_id: [1, "string"], game_type: [2, "string"], players: [3, "int32"], options: [4, MapEntry, "repeated"],
  seed_commitment: [5, "string"], engine_version: [6, "string"], game_version: [7, "string"],
  reserved_seats: [8, SeatReserved, "repeated"], time_control: [9, TimeControl], creator_token_sha256: [10, "string"],
  rated: [12, "bool"],
};
const SeatClaimed = { seat: [1, "int32"], player: [2, "string"], invited: [3, "bool"], house_bot: [4, "string"], player_key: [5, "bytes"] };
const withSeat = { seat: [1, "int32"], winners: [2, "int32", "repeated"], scores: [3, "int32", "repeated"] };
const platformEventMembers = {
  game_created: [1, GameCreated], seed_revealed: [2, { seed: [1, "bytes"] }], seat_claimed: [3, SeatClaimed],
  resigned: [4, withSeat], draw_offered: [5, { seat: [1, "int32"] }],
  draw_accepted: [6, { seat: [1, "int32"], agreed: [2, "bool"] }], draw_declined: [7, { seat: [1, "int32"] }],
  game_aborted: [8, { seat: [1, "int32"] }], clock_expired: [9, withSeat], operator_aborted: [10, { reason: [1, "string"] }],
};
const PlatformEvent = { ...platformEventMembers, $oneof: oneofOf("kind", platformEventMembers) };
const platformCommandMembers = { resign: [1, EMPTY], offer_draw: [2, EMPTY], accept_draw: [3, EMPTY], decline_draw: [4, EMPTY], abort: [5, EMPTY] };
const PlatformCommand = { ...platformCommandMembers, $oneof: oneofOf("kind", platformCommandMembers) };
const eventMembers = { platform: [1, PlatformEvent], ...gameMembers };
const GameEvent = { ...eventMembers, $oneof: oneofOf("game", eventMembers) };
const commandMembers = { platform: [1, PlatformCommand], ...gameMembers };
const GameCommand = { ...commandMembers, $oneof: oneofOf("game", commandMembers) };
const Visibility = { is_private: [1, "bool"], seats: [2, "int32", "repeated"], redacted: [3, GameEvent] };
const CommandEnvelope = {
  seat: [1, "int32"], request_id: [2, "string"], received_at_unix_ms: [3, "int64"], command: [4, GameCommand],
  command_seq: [5, "int64"], part: [6, "int32"], parts: [7, "int32"],
  signed_command: [8, "bytes"], signature: [9, "bytes"], author: [10, "int32"],
};
const LogRecord = {
  game_id: [1, "string"], seq: [2, "int64"], prev_hash: [3, "bytes"], event: [4, GameEvent],
  visibility: [5, Visibility], envelope: [6, CommandEnvelope], position: [7, "int64"], salt: [8, "bytes"],
};
const SealedRecord = { body: [1, "bytes"], hash: [2, "bytes"] };

// Which member of a oneof is set ("" none), and its value.
function which(msg, schema, oneof) {
  if (!msg) return "";
  return schema.$oneof[oneof].find((m) => msg.$present.has(m)) ?? "";
}

// ---- helpers ------------------------------------------------------------------------------------

const sha256 = (...parts) => { const h = createHash("sha256"); for (const p of parts) h.update(p); return h.digest(); };
const hex = (b) => Buffer.from(b).toString("hex");
const equal = (a, b) => Buffer.from(a).equals(Buffer.from(b));
const PLATFORM_SEAT = -1;
const SALT_PREFIX = Buffer.from("carthago-salt-v1", "ascii");

function salt(seed, seq) {
  const be = Buffer.alloc(8);
  be.writeBigUInt64BE(BigInt.asUintN(64, BigInt(seq)));
  return sha256(SALT_PREFIX, seed, be);
}

// A string quoted as Python's repr() quotes it (for the names in messages).
function pyRepr(s) {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const c = ch.codePointAt(0);
    if (ch === "\\" || ch === quote) out += "\\" + ch;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (c < 0x20 || (c >= 0x7f && c < 0xa0)) out += "\\x" + c.toString(16).padStart(2, "0");
    else out += ch;
  }
  return out + quote;
}
const first40 = (s) => Array.from(s).slice(0, 40).join("");

function platformKind(body) {
  return which(body.event, GameEvent, "game") === "platform" ? which(body.event.platform, PlatformEvent, "kind") : "";
}

// engine.platform.time_control_problem's messages (docs/LOG_FORMAT.md, "Clock replay")
const MAX_INITIAL_MS = 30n * 24n * 3600n * 1000n;
const MAX_INCREMENT_MS = 24n * 3600n * 1000n;
const MAX_DELAY_MS = MAX_INCREMENT_MS;
const MAX_PER_MOVE_MS = MAX_INITIAL_MS;

function timeControlProblem({ initial_ms: initial, increment_ms: increment, delay_ms: delay, per_move_ms: perMove }) {
  if (perMove !== 0n) {
    if (!(perMove >= 1n && perMove <= MAX_PER_MOVE_MS)) return `time_control.per_move_ms must be in 1..${MAX_PER_MOVE_MS}, not ${perMove}`;
    const extra = [["initial_ms", initial], ["increment_ms", increment], ["delay_ms", delay]].filter(([, v]) => v !== 0n).map(([n, v]) => `${n} ${v}`);
    if (extra.length) return `a correspondence control (per_move_ms) has no total, increment or delay: ${extra.join(", ")} must be 0`;
    return null;
  }
  if (!(initial >= 1n && initial <= MAX_INITIAL_MS)) return `time_control.initial_ms must be in 1..${MAX_INITIAL_MS}, not ${initial}`;
  if (!(increment >= 0n && increment <= MAX_INCREMENT_MS)) return `time_control.increment_ms must be in 0..${MAX_INCREMENT_MS}, not ${increment}`;
  if (!(delay >= 0n && delay <= MAX_DELAY_MS)) return `time_control.delay_ms must be in 0..${MAX_DELAY_MS}, not ${delay}`;
  if (increment && delay) return `time_control has an increment (${increment}) and a delay (${delay}): choose one (Fischer or simple delay)`;
  return null;
}

// ---- the checks (docs/LOG_FORMAT.md, "The checks, in order") -------------------------------------

const bad = (seq, problem, meta = {}) => ({ ok: false, firstBadSeq: seq, problem, ...meta });

// The envelope checks of record `part` of `parts` of the command at `commandSeq`.
function envelopeProblem(env, first, commandSeq, part, parts) {
  if (env.command_seq !== BigInt(commandSeq) || env.part !== part || env.parts !== parts) {
    return `its envelope says record ${env.part} of ${env.parts} of the command at seq ${env.command_seq}, ` +
      `but it is record ${part} of ${parts} of the command at seq ${commandSeq}`;
  }
  if (env.seat !== first.seat) return `its envelope's seat ${env.seat} differs from seat ${first.seat} of its command's first record`;
  if (env.request_id !== first.request_id) return "its envelope's request id differs from that of its command's first record";
  if (env.received_at_unix_ms !== first.received_at_unix_ms) return "its envelope's arrival time differs from that of its command's first record";
  if (part > 0 && env.$present.has("command")) return "a command is recorded on a record other than its command's first";
  if (env.seat === PLATFORM_SEAT && (env.request_id || env.$present.has("command"))) return "a platform record carries a client's request id or command";
  return "";
}

function platformEnvelopeProblem(body, seq) {
  const env = body.envelope;
  if (env.seat !== PLATFORM_SEAT) return `a platform record whose envelope names seat ${env.seat}`;
  return envelopeProblem(env, env, seq, 0, 1);
}

function reservationProblem(created, claim) {
  const reserved = new Map(created.reserved_seats.map((r) => [r.seat, r.player]));
  const keyed = created.reserved_seats.find((r) => r.seat === claim.seat && r.player_key && r.player_key.length);
  if (keyed) {  // reserved for a player's key: its session claims it, no invite (docs/LOG_FORMAT.md, "Seat claims")
    const sameKey = claim.player_key && hex(claim.player_key) === hex(keyed.player_key);
    if (claim.player !== keyed.player || !(claim.invited || sameKey)) {  // (its invite: a no-show's forfeit)
      return `seat ${claim.seat} was reserved for the player ${pyRepr(keyed.player)} and its key, yet it was claimed ` +
        "by another player or key";
    }
    return "";
  }
  if (!reserved.has(claim.seat)) return claim.invited ? `seat ${claim.seat} was not reserved, yet its claim says an invite opened it` : "";
  if (!claim.invited) return `seat ${claim.seat} was reserved, yet it was claimed without its invite`;
  if (claim.player !== reserved.get(claim.seat)) {
    return `seat ${claim.seat} was reserved for ${pyRepr(reserved.get(claim.seat))}, yet ${pyRepr(claim.player)} claimed it`;
  }
  return "";
}

function readRecords(data) {
  const records = [];
  let prev = Buffer.alloc(32);
  let pos = 0;
  while (pos < data.length) {
    const start = pos;
    const index = records.length;
    let size;
    try {
      [size, pos] = readVarint(data, pos);
    } catch {
      return bad(index, `byte ${start}: unreadable record length`);
    }
    if (BigInt(pos) + size > BigInt(data.length)) return bad(index, `byte ${start}: record runs past the end of the file`);
    let sealed;
    try {
      sealed = decode(data.subarray(pos, pos + Number(size)), SealedRecord);
    } catch (err) {
      if (!(err instanceof DecodeError)) throw err;
      return bad(index, "undecodable record (DecodeError)");
    }
    pos += Number(size);
    const hash = sha256(sealed.body);
    if (!equal(hash, sealed.hash)) return bad(index, `record at byte ${start}: its hash does not match its body`);
    let body;
    try {
      body = decode(sealed.body, LogRecord);
    } catch (err) {
      if (!(err instanceof DecodeError)) throw err;
      return bad(index, "its body does not decode");
    }
    if (body.seq !== BigInt(index)) return bad(index, `seq ${body.seq} where ${index} was expected`);
    if (!equal(body.prev_hash, prev)) return bad(index, "it does not link to the previous record's hash");
    body.envelope ??= decode(new Uint8Array(0), CommandEnvelope);
    prev = hash;
    records.push(body);
  }
  if (!records.length) return bad(-1, "the file holds no record");
  return { records, head: hex(prev) };
}

export function verify(data, { head = null } = {}) {
  const verdict = verifyLog(data);
  if (verdict.ok && head !== null && head.trim().toLowerCase() !== verdict.headHash) {
    return { ...verdict, ok: false, firstBadSeq: -1,
      problem: `its head hash is ${verdict.headHash}, not the published ${head.trim().toLowerCase()}: this is not the log that was published` };
  }
  return verdict;
}

function verifyLog(data) {
  const read = readRecords(data);
  if (read.ok === false) return read;
  const verdict = verifyContent(read);
  const authors = authorsCheck(read.records);
  if (authors.problem !== undefined) {  // the first bad record of the two checks (the authors' on a tie)
    if (!verdict.ok && verdict.firstBadSeq < authors.seq) return verdict;
    const created = read.records[0].event?.platform?.game_created;
    return { ok: false, firstBadSeq: authors.seq, problem: authors.problem, records: read.records.length,
      headHash: read.head, gameType: created?.game_type ?? "" };
  }
  return verdict.ok ? { ...verdict, signed: authors.signed } : verdict;
}

// ---- authors and signatures (docs/LOG_FORMAT.md, "Authors and signatures") ------------------------

const AUTHORS = ["RECORD_AUTHOR_UNSPECIFIED", "RECORD_AUTHOR_SERVER", "RECORD_AUTHOR_SEAT", "RECORD_AUTHOR_SIGNED",
  "RECORD_AUTHOR_HOUSE_BOT", "RECORD_AUTHOR_CLOCK", "RECORD_AUTHOR_OPERATOR"];
const [, SERVER, SEAT, SIGNED, HOUSE_BOT, CLOCK, OPERATOR] = AUTHORS.keys();
const size = (b) => (b ? b.length : 0);

// The fields of a signed message: each its length (4 bytes, big-endian) then its bytes.
function lengthPrefixed(...parts) {
  return Buffer.concat(parts.flatMap((p) => { const n = Buffer.alloc(4); n.writeUInt32BE(p.length); return [n, Buffer.from(p)]; }));
}

function commandMessage(gameId, seat, expectedSeq, requestId, command) {
  const s = Buffer.alloc(4);
  s.writeInt32BE(seat);
  const q = Buffer.alloc(8);
  q.writeBigInt64BE(expectedSeq);
  return lengthPrefixed(Buffer.from("carthago/command/v1"), Buffer.from(gameId, "utf8"), s, q,
    Buffer.from(requestId, "utf8"), command);
}

function signatureValid(key, signature, message) {
  if (size(key) !== 32 || size(signature) !== 64) return false;
  try {
    const pub = createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(key).toString("base64url") }, format: "jwk" });
    return verifySignature(null, message, pub, Buffer.from(signature));
  } catch {
    return false;
  }
}

// The seats that signed (seat -> key hex), or the first bad record {seq, problem}. The signed bytes
// are checked to decode as a command of the recorded command's member (platform, or the game's);
// that they mean that very command is the rules' to say (`carthago verify`).
function authorsCheck(bodies) {
  const created = bodies[0].event?.platform?.game_created ?? {};
  const authored = (bodies[0].envelope?.author ?? 0) !== 0;
  const keys = new Map();
  const house = new Set();
  const claimed = new Set();
  for (const body of bodies) {
    const env = body.envelope;
    const seq = Number(body.seq);
    const kind = platformKind(body);
    if (kind === "seat_claimed") {
      const claim = body.event.platform.seat_claimed;
      if (size(claim.player_key) && (size(claim.player_key) !== 32 || claim.house_bot)) {
        return { seq, problem: `seat ${claim.seat}'s claim holds a player's key of ${size(claim.player_key)} bytes` +
          (claim.house_bot ? " for a house bot" : " (an Ed25519 key is 32)") };
      }
      if (size(claim.player_key) && !authored) return { seq, problem: "a seat's claim holds a player's key in a log that records no authors" };
      if (created.rated && !size(claim.player_key)) return { seq, problem: `seat ${claim.seat} of a rated game is claimed without a player's key` };
      claimed.add(claim.seat);
      if (size(claim.player_key)) keys.set(claim.seat, claim.player_key);
      if (claim.house_bot) house.add(claim.seat);
    }
    if (!authored) {
      if (env.author || size(env.signature) || size(env.signed_command)) {
        return { seq, problem: "a record names an author or carries a signature in a log that records none (GameCreated names no author)" };
      }
      continue;
    }
    const expected = env.seat === PLATFORM_SEAT ? ({ clock_expired: CLOCK, operator_aborted: OPERATOR }[kind] ?? SERVER)
      : house.has(env.seat) ? HOUSE_BOT : keys.has(env.seat) ? SIGNED : SEAT;
    if (env.seat !== PLATFORM_SEAT && env.seat >= 0 && env.seat < created.players && !claimed.has(env.seat)) {
      return { seq, problem: `seat ${env.seat} acts before its seat is claimed` };
    }
    if (env.author !== expected) {
      return { seq, problem: `its author is ${AUTHORS[env.author] ?? env.author}, where ${AUTHORS[expected]} was due` };
    }
    if (expected !== SIGNED || env.part !== 0 || env.seat === PLATFORM_SEAT) {
      if (size(env.signature) || size(env.signed_command)) {
        return { seq, problem: "a signature on a record that is not the first of a signed seat's command " +
          `(seat ${env.seat} ${keys.has(env.seat) ? "signs" : "has no player's key"})` };
      }
      continue;
    }
    if (!size(env.signature)) {
      return { seq, problem: `seat ${env.seat}'s command carries no signature, yet its player's key signs every command` };
    }
    const signedBytes = env.signed_command ?? new Uint8Array(0);
    if (!signatureValid(keys.get(env.seat), env.signature, commandMessage(created.game_id, env.seat, BigInt(seq - 1), env.request_id, signedBytes))) {
      return { seq, problem: `seat ${env.seat}'s signature is not its player's key's over this game, seat, seq ${seq - 1}, ` +
        "request id and signed command bytes" };
    }
    let member = "";
    try { member = which(decode(signedBytes, GameCommand), GameCommand, "game"); } catch { member = ""; }
    if (!member || member !== which(env.command, GameCommand, "game")) {
      return { seq, problem: "the signed command bytes do not decode to the command recorded" };
    }
  }
  return { signed: Object.fromEntries([...keys].sort((a, b) => a[0] - b[0]).map(([s, k]) => [s, hex(k)])) };
}

function verifyContent(read) {
  const { records: bodies } = read;
  const n = bodies.length;
  if (platformKind(bodies[0]) !== "game_created") return bad(0, "the first record is not GameCreated");
  const created = bodies[0].event.platform.game_created;
  const meta = { records: n, headHash: read.head, gameType: created.game_type };
  const last = bodies[n - 1];
  if (platformKind(last) !== "seed_revealed") {
    const env = last.envelope;
    if (env.parts > 0 && env.part < env.parts - 1) {
      return bad(n, `the log ends early: record ${n} is missing (the command at seq ${env.command_seq} caused ` +
        `${env.parts} records, the log holds ${env.part + 1} of them)`, meta);
    }
    return bad(n, `the log ends at seq ${n - 1} without the record that reveals its seed: record ${n} onwards is ` +
      "missing (a live game's export, or a log cut short)", meta);
  }
  let problem = platformEnvelopeProblem(bodies[0], 0);
  if (problem) return bad(0, problem, meta);
  problem = platformEnvelopeProblem(last, n - 1);
  if (problem) return bad(n - 1, problem, meta);
  const seed = last.event.platform.seed_revealed.seed;
  if (hex(sha256(seed)) !== created.seed_commitment) return bad(n - 1, "the revealed seed does not match the commitment made at creation", meta);
  for (const [seq, body] of bodies.entries()) {
    if (!equal(body.salt, salt(seed, seq))) return bad(seq, "its salt does not derive from the revealed seed", meta);
    if (body.game_id !== created.game_id) return bad(seq, "it belongs to another game", meta);
  }
  if (!(created.game_type in GAME_FIELDS)) return bad(0, `unknown game type ${pyRepr(created.game_type)}`, meta);
  const field = created.game_type.replaceAll("-", "_");
  if (created.time_control) {
    const why = timeControlProblem(created.time_control);
    if (why) return bad(0, `a time control the server refuses: ${why}`, meta);
  }
  const players = created.players;
  const end = n - 1; // the records before the seed's reveal
  const requestIds = new Set();
  const seated = new Map(); // seat -> player name
  const house = new Map(); // seat -> house bot
  let setUpDone = false;
  let position = 0n; // game events so far
  const usedRequestId = (env) => {
    if (!env.request_id) return "";
    const key = `${env.seat}\u0000${env.request_id}`;
    if (requestIds.has(key)) {
      return `seat ${env.seat} used request id ${pyRepr(first40(env.request_id))} twice (a retry is answered from the ` +
        "first, never appended again)";
    }
    requestIds.add(key);
    return "";
  };
  let seq = 1;
  while (seq < end) {
    const body = bodies[seq];
    const env = body.envelope;
    const kind = platformKind(body);
    if (kind === "seat_claimed") {
      const claim = body.event.platform.seat_claimed;
      let why = platformEnvelopeProblem(body, seq);
      if (!why && !(claim.seat >= 0 && claim.seat < players)) why = `it claims seat ${claim.seat} of a ${players}-player game`;
      if (!why && seated.has(claim.seat)) why = `seat ${claim.seat} is claimed a second time`;
      if (!why) why = reservationProblem(created, claim);
      if (!why && claim.house_bot && claim.invited) why = `seat ${claim.seat} is claimed by a house bot, yet its claim says an invite opened it`;
      if (why) return bad(seq, why, meta);
      seated.set(claim.seat, claim.player);
      if (claim.house_bot) house.set(claim.seat, claim.house_bot);
      seq += 1;
      continue;
    }
    if (kind === "clock_expired" || kind === "operator_aborted") { // justified by the clocks and rules: Python's
      const why = platformEnvelopeProblem(body, seq);
      if (why) return bad(seq, why, meta);
      seq += 1;
      continue;
    }
    if (env.command_seq !== BigInt(seq) || env.part !== 0) return bad(seq, "a command's records do not start here", meta);
    const command = which(env.command, GameCommand, "game");
    if (env.seat !== PLATFORM_SEAT && command === "platform") {
      let why = envelopeProblem(env, env, seq, 0, 1);
      if (!why && (body.position !== -1n || nonEmpty(body.visibility))) {
        why = "a platform command's record has a game-event position or a visibility";
      }
      if (!why && !(env.seat >= 0 && env.seat < players)) why = `its envelope names seat ${env.seat} of a ${players}-player game`;
      if (!why) why = usedRequestId(env);
      if (why) return bad(seq, why, meta);
      seq += 1;
      continue;
    }
    const setUp = env.seat === PLATFORM_SEAT;
    if (!setUp) {
      if (command !== field) return bad(seq, "the record carries no command of this game", meta);
      if (!(env.seat >= 0 && env.seat < players)) return bad(seq, `its envelope names seat ${env.seat} of a ${players}-player game`, meta);
    } else if (setUpDone) {
      return bad(seq, "a platform record that is neither a seat's claim nor a seat's command", meta);
    }
    const parts = env.parts; // the rules would say; without them, the first record's word
    if (parts < 1) return bad(seq, `its envelope says the command at seq ${seq} caused ${parts} records (a command causes at least one)`, meta);
    if (seq + parts > end) return bad(seq, "the log ends in the middle of a command's events", meta);
    for (let k = 0; k < parts; k++) {
      const why = envelopeProblem(bodies[seq + k].envelope, env, seq, k, parts);
      if (why) return bad(seq + k, why, meta);
    }
    if (setUp && env.received_at_unix_ms !== bodies[0].envelope.received_at_unix_ms) {
      return bad(seq, "the set-up records are not stamped with the game's creation time", meta);
    }
    const why = usedRequestId(env);
    if (why) return bad(seq, why, meta);
    const base = setUp ? 0n : position;
    for (let k = 0; k < parts; k++) {
      const rec = bodies[seq + k];
      const vis = rec.visibility;
      const eventOk = which(rec.event, GameEvent, "game") === field &&
        (!nonEmpty(vis) || (vis.is_private && which(vis.redacted, GameEvent, "game") === field));
      if (!eventOk) return bad(seq + k, "the recorded event differs from what the rules produce on replay", meta);
      if (rec.position !== base + BigInt(k)) return bad(seq + k, "its game-event position is wrong", meta);
    }
    position = base + BigInt(parts);
    if (setUp) setUpDone = true;
    seq += parts;
  }
  const players_ = Object.fromEntries([...seated].sort((a, b) => a[0] - b[0]));
  const houseBots = Object.fromEntries([...house].sort((a, b) => a[0] - b[0]));
  return { ok: true, ...meta, firstBadSeq: -1, problem: "", players: players_, houseBots };
}

export function describe(v) {
  if (v.ok) {
    const seats = Object.entries(v.players).map(([s, name]) => `seat ${s} ${pyRepr(first40(name))}` + (s in v.houseBots ? " (house bot)" : ""));
    const signed = Object.keys(v.signed ?? {});
    return `OK: ${v.records} records of a ${v.gameType} game; chain, seed, salts, seat claims and envelopes verified ` +
      `(the rules were not replayed)${seats.length ? "; players: " + seats.join(", ") : ""}` +
      `${signed.length ? "; signed by their players' keys: " + signed.map((s) => `seat ${s}`).join(", ") : ""}; head hash ${v.headHash}`;
  }
  return `INVALID ${v.firstBadSeq >= 0 ? `at seq ${v.firstBadSeq}` : "in the file"}: ${v.problem}`;
}

// ---- the command line ---------------------------------------------------------------------------

// One file: (exit code, its verdict or the reason it could not be read).
function verifyFile(file, head) {
  let data;
  try {
    data = readFileSync(file);
  } catch (err) {
    return [2, null, `error: cannot read ${file}: ${err.code ?? err.message}`];
  }
  if (file.endsWith(".jsonl") || data[0] === 0x7b) {
    return [2, null, `error: ${file} is the JSON-lines rendering, for reading; verify checks the binary log it was exported with`];
  }
  const verdict = verify(data, { head });
  return [verdict.ok ? 0 : 1, verdict, describe(verdict)];
}

function main(argv) {
  const usage = "usage: node verify.js FILE... [--head HASH] [--json]";
  const files = [];
  let head = null;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--head" && i + 1 < argv.length) head = argv[++i];
    else if (argv[i] === "--json") json = true;
    else if (argv[i] === "-h" || argv[i] === "--help") { console.log(usage); return 0; }
    else if (!argv[i].startsWith("--")) files.push(argv[i]);
    else { console.error(`${usage}\nerror: unexpected argument ${argv[i]}`); return 2; }
  }
  if (!files.length) { console.error(usage); return 2; }
  if (head !== null && files.length > 1) { console.error("error: --head names one log's head: verify that log alone"); return 2; }
  let worst = 0;
  for (const file of files) {
    const [code, v, text] = verifyFile(file, head);
    worst = Math.max(worst, code);
    if (json) {
      console.log(JSON.stringify({ file, ok: code === 0, records: v?.records ?? 0, head_hash: v?.headHash ?? "",
        game_type: v?.gameType ?? "", first_bad_seq: v?.firstBadSeq ?? -1, problem: v?.problem ?? text,
        players: v?.players ?? {}, house_bots: v?.houseBots ?? {}, signed: v?.signed ?? {}, text }));
    } else if (code === 2) {
      console.error(text);
    } else {
      console.log(files.length > 1 ? `${file}: ${text}` : text);
    }
  }
  return worst;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main(process.argv.slice(2));
