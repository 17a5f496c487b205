"""The hash-chained log: sealing records, exporting a game, verifying an export.

Each record is a serialized ``carthago.v1.LogRecord`` (the body) and
``hash = sha256(body)``; the body holds the previous record's hash, so editing
any record breaks every later link. Hashes are taken over the stored bytes, so
a verifier in any language hashes what it reads and never re-serializes.

Every body also holds a salt derived from the secret seed: a player who sees a
live game's head hash cannot test guesses about hidden cards against it. Once
the game ends the seed is revealed (the last record) and every salt checks.

Export file: the records as varint-length-delimited ``SealedRecord`` messages.
docs/LOG_FORMAT.md states every rule :func:`verify` applies, byte by byte, with its
message (and clients/js/verify.js re-implements those that need no game's rules):
a change to a check here changes that document.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Iterable, Iterator

import msgspec
from google.protobuf import json_format
from google.protobuf.internal.decoder import _DecodeVarint  # noqa: PLC2701 (stable for years)
from google.protobuf.internal.encoder import _VarintBytes

from carthago import signing  # the canonical signed messages: the verifier and the bots share them
from carthago.v1 import carthago_pb2 as pb
from engine import ENGINE_VERSION, registry
from engine import platform as pf
from engine.core import Emitted, Game, GameConfig, tag_of
from engine.errors import MALFORMED_COMMAND, RuleError
from engine.rng import commitment
from engine.session import Session

from .store import Record
from .wire import GameWire, wire_for

ZERO_HASH = bytes(32)
PLATFORM_SEAT = -1


def salt(seed: bytes, seq: int) -> bytes:
    return hashlib.sha256(b"carthago-salt-v1" + seed + seq.to_bytes(8, "big")).digest()


def seal(body: pb.LogRecord) -> Record:
    data = body.SerializeToString(deterministic=True)
    return Record(body.seq, data, hashlib.sha256(data).digest())


def version_of(game: Game) -> str:
    return f"engine-{ENGINE_VERSION}/{game.info.id}-{game.info.version}"


class Chain:
    """Builds the records of one game, linking each to the one before."""

    def __init__(self, game_id: str, seed: bytes, next_seq: int, prev_hash: bytes) -> None:
        self.game_id = game_id
        self.seed = seed
        self.next_seq = next_seq
        self.prev_hash = prev_hash

    def _body(self, position: int) -> pb.LogRecord:
        """A new record at the chain's head; the caller fills its event, visibility and envelope in place."""
        body = pb.LogRecord(game_id=self.game_id, seq=self.next_seq, prev_hash=self.prev_hash, position=position,
                            salt=salt(self.seed, self.next_seq))
        body.envelope.SetInParent()  # present even when every field is zero
        return body

    def _seal(self, body: pb.LogRecord) -> tuple[Record, pb.LogRecord]:
        record = seal(body)
        self.next_seq += 1
        self.prev_hash = record.hash
        return record, body

    def platform(self, event: pb.PlatformEvent, received_at_ms: int,
                 author: int = pb.RECORD_AUTHOR_SERVER) -> tuple[Record, pb.LogRecord]:
        """A record of the platform's own (envelope seat -1): ``author`` the server, its clock or its operator."""
        body = self._body(-1)
        body.event.platform.CopyFrom(event)
        env = body.envelope
        env.seat, env.received_at_unix_ms, env.command_seq, env.part, env.parts, env.author = \
            PLATFORM_SEAT, received_at_ms, self.next_seq, 0, 1, author
        return self._seal(body)

    def platform_command(self, event: pb.PlatformEvent, seat: int, command: pb.PlatformCommand, request_id: str,
                         received_at_ms: int, author: int = pb.RECORD_AUTHOR_SEAT,
                         signed: tuple[bytes, bytes] | None = None) -> tuple[Record, pb.LogRecord]:
        """The one record of a seat's platform command (resign, draw, abort): a platform event whose
        envelope names the seat and holds the command (and, from a signed seat, ``signed``: the
        command's bytes as signed and the signature)."""
        body = self._body(-1)
        body.event.platform.CopyFrom(event)
        env = body.envelope
        env.seat, env.request_id, env.received_at_unix_ms, env.command_seq, env.part, env.parts, env.author = \
            seat, request_id, received_at_ms, self.next_seq, 0, 1, author
        env.command.platform.CopyFrom(command)
        if signed is not None:
            env.signed_command, env.signature = signed
        return self._seal(body)

    def game_events(self, wire: GameWire, emitted: list[Emitted], position: int, seat: int,
                    command: Any | None, request_id: str, received_at_ms: int, author: int = 0,
                    signed: tuple[bytes, bytes] | None = None) -> list[tuple[Record, pb.LogRecord]]:
        """Seal one record per emitted event. Each message is built in place inside its record
        (no intermediate message copied in), and serialized once, by :func:`seal`. ``author``
        (every record): by default the server for the set-up (seat -1), else an unsigned seat;
        ``signed`` (first record): a signed seat's command bytes and signature."""
        out = []
        first = self.next_seq
        field = wire.field
        author = author or (pb.RECORD_AUTHOR_SERVER if seat < 0 else pb.RECORD_AUTHOR_SEAT)
        for part, e in enumerate(emitted):
            body = self._body(position + part)
            env = body.envelope
            env.seat, env.request_id, env.received_at_unix_ms, env.command_seq, env.part, env.parts, env.author = \
                seat, request_id, received_at_ms, first, part, len(emitted), author
            if part == 0 and command is not None:
                wire.command_into(getattr(env.command, field), command)
                if signed is not None:
                    env.signed_command, env.signature = signed
            wire.event_into(getattr(body.event, field), e.event)
            if e.seats is not None:
                vis = body.visibility
                vis.is_private = True
                vis.seats.extend(e.seats)
                wire.event_into(getattr(vis.redacted, field), e.redacted)
            out.append(self._seal(body))
        return out


def for_seat(body: pb.LogRecord, seat: int | None) -> pb.EventRecord:
    """The record as ``seat`` (None: spectator) may see it."""
    vis = body.visibility
    hidden = vis.is_private and (seat is None or seat not in vis.seats)
    return pb.EventRecord(seq=body.seq, event=vis.redacted if hidden else body.event, redacted=hidden,
                          actor=body.envelope.seat, command_seq=body.envelope.command_seq)


def game_event_of(wire: GameWire, body: pb.LogRecord) -> Any | None:
    """The engine event of a record, or None for a platform record."""
    event = body.event
    if event.WhichOneof("game") != wire.field:
        return None
    return wire.event_from_proto(getattr(event, wire.field))


# ---- platform commands and events (engine.platform) ---------------------------

_PLATFORM_COMMANDS = {tag_of(c()): c for c in (pf.Resign, pf.OfferDraw, pf.AcceptDraw, pf.DeclineDraw, pf.Abort,
                                                pf.ClaimVictory)}
_PLATFORM_EVENTS = {c.__struct_config__.tag: c for c in pf.EVENT_TYPES}


def seats_claimed(chain: "Chain", players: int, by: str, received_at_ms: int) -> list[tuple[Record, pb.LogRecord]]:
    """One claim per seat, named ``by`` and the seat's number: what a log made outside a server (a
    conformance run, a game played through an adapter) records before the first command, since
    ``verify`` lets a seat act only once its seat is claimed."""
    return [chain.platform(pb.PlatformEvent(seat_claimed=pb.SeatClaimed(seat=seat, player=f"{by} {seat}")),
                           received_at_ms) for seat in range(players)]


def platform_command_from_proto(msg: pb.PlatformCommand) -> Any:
    kind = msg.WhichOneof("kind")
    if kind is None:
        raise RuleError(MALFORMED_COMMAND, "command.platform has no kind set: set one of "
                        + ", ".join(_PLATFORM_COMMANDS))
    cls = _PLATFORM_COMMANDS[kind]
    part = getattr(msg, kind)
    return cls(**{name: getattr(part, name) for name in cls.__struct_fields__})  # (ClaimVictory's silent_seat)


def platform_event_to_proto(event: Any) -> pb.PlatformEvent:
    fields = {k: v for k, v in msgspec.to_builtins(event).items() if k != "type"}
    out = pb.PlatformEvent()
    getattr(out, tag_of(event)).CopyFrom(getattr(pb, type(event).__name__)(**fields))
    return out


def platform_event_from_proto(msg: pb.PlatformEvent) -> Any | None:
    """The engine's platform event of a record (None: creation, seat claims, the seed's reveal)."""
    cls = _PLATFORM_EVENTS.get(msg.WhichOneof("kind") or "")
    if cls is None:
        return None
    part = getattr(msg, cls.__struct_config__.tag)
    return cls(**{name: (tuple(v) if not isinstance(v := getattr(part, name), (int, bool, str)) else v)
                  for name in cls.__struct_fields__})


def session_items(wire: GameWire, body: pb.LogRecord) -> list[Any]:
    """What a record feeds a :class:`Session` on replay (``Session.restore``): a game event
    (preceded by a ``Moved`` marker on the first record of a seat's command), a platform
    command's event, or nothing (creation, seat claims, the seed's reveal)."""
    event = body.event
    which = event.WhichOneof("game")
    if which == wire.field:
        game_event = wire.event_from_proto(getattr(event, wire.field))
        env = body.envelope
        if env.seat < 0 or pf.is_talk(wire.game, game_event):  # talk is not a move (engine.platform)
            return [game_event]
        out = [pf.Moved(env.seat), game_event] if env.part == 0 else [game_event]
        if env.part == env.parts - 1:
            out.append(pf.Settled(env.seat, env.received_at_unix_ms))
        return out
    if which == "platform":
        platform = event.platform
        kind = platform.WhichOneof("kind")
        if kind == "game_created":
            return created_markers(platform.game_created)
        if kind == "seat_claimed":
            return [pf.Seated(body.envelope.received_at_unix_ms)]
        item = platform_event_from_proto(platform)
        return [] if item is None else [item]
    return []


def clock_set(created: pb.GameCreated) -> pf.ClockSet:
    tc = created.time_control
    return pf.ClockSet(tc.initial_ms, tc.increment_ms, created.players, tc.delay_ms, tc.per_move_ms)


def created_markers(created: pb.GameCreated) -> list[Any]:
    """What a GameCreated sets up for the platform: the clocks (ClockSet) or the claim time (SilenceSet)."""
    out: list[Any] = [clock_set(created)] if created.HasField("time_control") else []
    if created.claim_after_ms > 0:
        out.append(pf.SilenceSet(created.claim_after_ms, created.players))
    return out


def replay_items(wire: GameWire, bodies: Iterable[pb.LogRecord]) -> Iterator[Any]:
    for body in bodies:
        yield from session_items(wire, body)


# ---- export -----------------------------------------------------------------

def export_entry(r: Record) -> bytes:
    """One record of the export file: its ``SealedRecord``, prefixed by its length as a varint."""
    data = pb.SealedRecord(body=r.body, hash=r.hash).SerializeToString()
    return _VarintBytes(len(data)) + data


def export_bytes(records: Iterable[Record]) -> bytes:
    return b"".join(export_entry(r) for r in records)


def split_export(data: bytes) -> Iterator[tuple[int, pb.SealedRecord]]:
    """Yield ``(byte offset, SealedRecord)``; raises ValueError on a torn file."""
    pos = 0
    while pos < len(data):
        start = pos
        try:
            size, pos = _DecodeVarint(data, pos)
        except Exception as exc:  # noqa: BLE001 - a truncated varint
            raise ValueError(f"byte {start}: unreadable record length") from exc
        if pos + size > len(data):
            raise ValueError(f"byte {start}: record runs past the end of the file")
        sealed = pb.SealedRecord()
        sealed.ParseFromString(data[pos:pos + size])
        pos += size
        yield start, sealed


def jsonl_line(r: Record) -> str:
    """One record's JSON line (newline included): the body's fields, hashes and salt in hex."""
    body = pb.LogRecord.FromString(r.body)
    doc = json_format.MessageToDict(body, preserving_proto_field_name=True)
    doc["hash"] = r.hash.hex()
    doc["prev_hash"] = body.prev_hash.hex()
    doc.pop("salt", None)
    doc["salt"] = body.salt.hex()
    return json.dumps(doc, sort_keys=True) + "\n"


def render_jsonl(records: Iterable[Record]) -> str:
    return "".join(jsonl_line(r) for r in records)


# ---- verify -----------------------------------------------------------------

class Verdict(msgspec.Struct):
    ok: bool
    records: int = 0
    head_hash: str = ""
    game_type: str = ""
    first_bad_seq: int = -1
    problem: str = ""
    result: str = ""
    players: dict[int, str] = {}  # seat -> the name its claimant gave (SeatClaimed records)
    house_bots: dict[int, str] = {}  # seat -> the server's house bot that played it (SeatClaimed.house_bot)
    winners: list[int] = []       # the replayed result's winning seats (empty: a draw, an abort or everyone lost)
    everyone_lost: bool = False   # the replayed game ended by its rules with every seat beaten (not a draw)
    ended_by: str = ""            # how the replayed game ended: engine.platform.BY_* (rules, timeout…)
    signed: dict[int, str] = {}   # seat -> the public key (hex) of the player who claimed it and signed its commands

    def describe(self) -> str:
        if self.ok:
            return (f"OK: {self.records} records of a {self.game_type} game; chain, seed and replay verified; "
                    f"{self.result}; head hash {self.head_hash}")
        where = f"at seq {self.first_bad_seq}" if self.first_bad_seq >= 0 else "in the file"
        return f"INVALID {where}: {self.problem}"


def _bad(seq: int, problem: str, **kw) -> Verdict:
    return Verdict(ok=False, first_bad_seq=seq, problem=problem, **kw)


def verify(data: bytes, head: str | None = None) -> Verdict:
    """Check an export: the chain, the seed against its commitment, every envelope, and the replay;
    with ``head`` (hex), also that the log ends at that published head hash: the one check that pins
    what the replay cannot (when each command arrived, its request id), since any edit resealed
    through the rest of the chain changes the head."""
    verdict = _verify(data)
    if verdict.ok and head is not None and head.strip().lower() != verdict.head_hash:
        return Verdict(ok=False, records=verdict.records, head_hash=verdict.head_hash, game_type=verdict.game_type,
                       problem=f"its head hash is {verdict.head_hash}, not the published {head.strip().lower()}: "
                               "this is not the log that was published")
    return verdict


def verify_live(data: bytes, seed: bytes) -> Verdict:
    """Check a live game's log as its store holds it (an operator's check: a backup, a restore, a
    migration), with the game's secret seed from the store, since the log reveals it only at the
    end: the chain, the seed against its commitment, every salt, envelope and replayed event, as
    :func:`verify` does for a finished game. A log that reveals its seed is checked by
    :func:`verify` instead."""
    return _verify(data, seed)


def _verify(data: bytes, live_seed: bytes | None = None) -> Verdict:
    bodies: list[pb.LogRecord] = []
    prev = ZERO_HASH
    try:
        for index, (offset, sealed) in enumerate(split_export(data)):
            if hashlib.sha256(sealed.body).digest() != sealed.hash:
                return _bad(index, f"record at byte {offset}: its hash does not match its body")
            body = pb.LogRecord()
            try:
                body.ParseFromString(sealed.body)
            except Exception:  # noqa: BLE001
                return _bad(index, "its body does not decode")
            if body.seq != index:
                return _bad(index, f"seq {body.seq} where {index} was expected")
            if body.prev_hash != prev:
                return _bad(index, "it does not link to the previous record's hash")
            prev = sealed.hash
            bodies.append(body)
    except ValueError as exc:
        return _bad(len(bodies), str(exc))
    except Exception as exc:  # noqa: BLE001 - a damaged SealedRecord
        return _bad(len(bodies), f"undecodable record ({exc.__class__.__name__})")
    if not bodies:
        return _bad(-1, "the file holds no record")
    verdict = _verify_content(bodies, prev, live_seed)
    authors = check_authors(bodies)
    if isinstance(authors, tuple):  # an author or a signature wrong: the first bad record of the two checks
        seq, problem = authors
        if verdict.ok or verdict.first_bad_seq >= seq:
            return Verdict(ok=False, records=len(bodies), head_hash=prev.hex(), game_type=verdict.game_type,
                           first_bad_seq=seq, problem=problem)
        return verdict
    if verdict.ok:
        verdict.signed = {seat: key.hex() for seat, key in sorted(authors.items())}
        if authors:
            verdict.result += "; signed by their players' keys: " + ", ".join(f"seat {s}" for s in sorted(authors))
    return verdict


# ---- authors and signatures ---------------------------------------------------

_AUTHOR_OF_KIND = {"clock_expired": pb.RECORD_AUTHOR_CLOCK, "operator_aborted": pb.RECORD_AUTHOR_OPERATOR}


def check_authors(bodies: list[pb.LogRecord]) -> dict[int, bytes] | tuple[int, str]:
    """Who stands behind each record, record by record (docs/LOG_FORMAT.md, "Authors and
    signatures"): the signed seats (seat -> its player's key), or the first bad record (seq,
    problem). A log whose GameCreated names no author is from before authors were recorded: none of
    its records may name one or carry a signature. Otherwise every record names the author its
    kind and seat call for; a seat acts only once claimed; and every command of a seat whose claim
    holds a player's key carries that key's signature over the canonical command message
    (``carthago.signing``), at the seq before its own, whose signed bytes decode to the recorded
    command. An unsigned seat's record carries no signature."""
    authored = bodies[0].envelope.author != pb.RECORD_AUTHOR_UNSPECIFIED
    game_id = bodies[0].event.platform.game_created.game_id
    players = bodies[0].event.platform.game_created.players
    rated = bodies[0].event.platform.game_created.rated
    try:
        wire: GameWire | None = wire_for(registry.get(bodies[0].event.platform.game_created.game_type))
    except KeyError:  # an unknown game: the replay says so
        wire = None
    keys: dict[int, bytes] = {}
    house: set[int] = set()
    claimed: set[int] = set()
    for body in bodies:
        env, seq = body.envelope, body.seq
        kind = _platform_kind(body)
        if kind == "seat_claimed":
            claim = body.event.platform.seat_claimed
            if claim.player_key and (len(claim.player_key) != signing.KEY_BYTES or claim.house_bot):
                return seq, (f"seat {claim.seat}'s claim holds a player's key of {len(claim.player_key)} bytes"
                             + (" for a house bot" if claim.house_bot else " (an Ed25519 key is 32)"))
            if claim.player_key and not authored:
                return seq, "a seat's claim holds a player's key in a log that records no authors"
            if rated and not claim.player_key:
                return seq, f"seat {claim.seat} of a rated game is claimed without a player's key"
            claimed.add(claim.seat)
            if claim.player_key:
                keys[claim.seat] = claim.player_key
            if claim.house_bot:
                house.add(claim.seat)
        if not authored:
            if env.author or env.signature or env.signed_command:
                return seq, "a record names an author or carries a signature in a log that records none (GameCreated names no author)"
            continue
        if env.seat == PLATFORM_SEAT:
            expected = _AUTHOR_OF_KIND.get(kind or "", pb.RECORD_AUTHOR_SERVER)
        elif env.seat in house:
            expected = pb.RECORD_AUTHOR_HOUSE_BOT
        elif env.seat in keys:
            expected = pb.RECORD_AUTHOR_SIGNED
        else:
            expected = pb.RECORD_AUTHOR_SEAT
        if env.seat != PLATFORM_SEAT and 0 <= env.seat < players and env.seat not in claimed:
            return seq, f"seat {env.seat} acts before its seat is claimed"
        if env.author != expected:
            return seq, (f"its author is {pb.RecordAuthor.Name(env.author) if env.author in pb.RecordAuthor.values() else env.author}"
                         f", where {pb.RecordAuthor.Name(expected)} was due")
        first = env.part == 0 and env.seat != PLATFORM_SEAT
        if expected != pb.RECORD_AUTHOR_SIGNED or not first:
            if env.signature or env.signed_command:
                return seq, ("a signature on a record that is not the first of a signed seat's command "
                             f"(seat {env.seat} " + ("signs" if env.seat in keys else "has no player's key") + ")")
            continue
        if not env.signature:
            return seq, f"seat {env.seat}'s command carries no signature, yet its player's key signs every command"
        message = signing.command_message(game_id, env.seat, seq - 1, env.request_id, env.signed_command)
        if not signing.valid(keys[env.seat], env.signature, message):
            return seq, (f"seat {env.seat}'s signature is not its player's key's over this game, seat, seq {seq - 1}, "
                         "request id and signed command bytes")
        if not _same_command(env.signed_command, env.command, wire):
            return seq, "the signed command bytes do not decode to the command recorded"
    return keys


def _same_command(data: bytes, recorded: pb.GameCommand, wire: GameWire | None) -> bool:
    """Whether the signed bytes mean the recorded command (the server records its own encoding of
    what it decoded: the bytes need not be equal, the commands must)."""
    try:
        signed = pb.GameCommand.FromString(data)
        kind = signed.WhichOneof("game")
        if kind is None or kind != recorded.WhichOneof("game"):
            return False
        if kind == "platform":
            return platform_command_from_proto(signed.platform) == platform_command_from_proto(recorded.platform)
        if wire is None or kind != wire.field:
            return False
        return wire.command_from_proto(getattr(signed, kind)) == wire.command_from_proto(getattr(recorded, kind))
    except Exception:  # noqa: BLE001 - bytes that do not decode, a command out of range
        return False


def _platform_kind(body: pb.LogRecord) -> str | None:
    if body.event.WhichOneof("game") != "platform":
        return None
    return body.event.platform.WhichOneof("kind")


def _check_reservation(created: pb.GameCreated, claim: pb.SeatClaimed) -> str:
    """A reserved seat is claimed with its invite, under the reserved name; no other claim says
    it had an invite."""
    reserved = {r.seat: r.player for r in created.reserved_seats}
    keyed = {r.seat: r.player_key for r in created.reserved_seats if r.player_key}
    if claim.seat in keyed:  # reserved for a player's key: its session claims it (or the invite, a no-show's forfeit)
        if claim.player != reserved[claim.seat] or not (claim.invited or claim.player_key == keyed[claim.seat]):
            return (f"seat {claim.seat} was reserved for the player {reserved[claim.seat]!r} and its key, yet it was "
                    "claimed by another player or key")
        return ""
    if claim.seat not in reserved:
        return f"seat {claim.seat} was not reserved, yet its claim says an invite opened it" if claim.invited else ""
    if not claim.invited:
        return f"seat {claim.seat} was reserved, yet it was claimed without its invite"
    if claim.player != reserved[claim.seat]:
        return f"seat {claim.seat} was reserved for {reserved[claim.seat]!r}, yet {claim.player!r} claimed it"
    return ""


def _verify_content(bodies: list[pb.LogRecord], head: bytes, live_seed: bytes | None = None) -> Verdict:
    n = len(bodies)
    if _platform_kind(bodies[0]) != "game_created":
        return _bad(0, "the first record is not GameCreated")
    created = bodies[0].event.platform.game_created
    meta = dict(records=n, head_hash=head.hex(), game_type=created.game_type)
    live = live_seed is not None
    if live and _platform_kind(bodies[-1]) == "seed_revealed":
        return _bad(n - 1, "the log reveals its seed: it is a finished game's (verify it as one)", **meta)
    if not live and _platform_kind(bodies[-1]) != "seed_revealed":
        return _bad(n, _ends_early(bodies, created), **meta)
    bad = _check_platform_envelope(bodies[0], 0, 1)
    if bad:
        return _bad(0, bad, **meta)
    end = n if live else n - 1  # the records before the seed's reveal (a live log has none)
    if live:
        seed = live_seed
        if commitment(seed) != created.seed_commitment:
            return _bad(0, "the store's seed does not match the commitment made at creation", **meta)
    else:
        bad = _check_platform_envelope(bodies[-1], n - 1, 1)
        if bad:
            return _bad(n - 1, bad, **meta)
        seed = bodies[-1].event.platform.seed_revealed.seed
        if commitment(seed) != created.seed_commitment:
            return _bad(n - 1, "the revealed seed does not match the commitment made at creation", **meta)
    for body in bodies:
        if body.salt != salt(seed, body.seq):
            return _bad(body.seq, "its salt does not derive from the revealed seed", **meta)
        if body.game_id != created.game_id:
            return _bad(body.seq, "it belongs to another game", **meta)
    try:
        game = registry.get(created.game_type)
    except KeyError:
        return _bad(0, f"unknown game type {created.game_type!r}", **meta)
    wire = wire_for(game)
    config = GameConfig(players=created.players, options=dict(created.options))
    try:
        session, opening = Session.start(game, config, seed)
    except RuleError as exc:
        return _bad(0, f"the game cannot be set up: {exc.message}", **meta)
    if created.HasField("time_control"):
        tc = created.time_control
        problem = pf.time_control_problem(tc.initial_ms, tc.increment_ms, tc.delay_ms, tc.per_move_ms)
        if problem:
            return _bad(0, f"a time control the server refuses: {problem}", **meta)
    problem = pf.claim_after_problem(created.claim_after_ms, created.HasField("time_control"))
    if problem:
        return _bad(0, f"a claim time the server refuses: {problem}", **meta)
    for marker in created_markers(created):
        session.apply_platform(marker)
    expected = _expected(wire, opening)
    request_ids: set[tuple[int, str]] = set()
    seated: dict[int, str] = {}  # seat -> the player's name, from the SeatClaimed records
    house: dict[int, str] = {}   # seat -> its house bot, from the same records
    seq = 1
    while seq < end:
        body = bodies[seq]
        env = body.envelope
        if _platform_kind(body) == "seat_claimed":
            bad = _check_platform_envelope(body, seq, 1)
            claim = body.event.platform.seat_claimed
            if not bad and not 0 <= claim.seat < created.players:
                bad = f"it claims seat {claim.seat} of a {created.players}-player game"
            if not bad and claim.seat in seated:
                bad = f"seat {claim.seat} is claimed a second time"
            if not bad:
                bad = _check_reservation(created, claim)
            if not bad and claim.house_bot and claim.invited:
                bad = f"seat {claim.seat} is claimed by a house bot, yet its claim says an invite opened it"
            if bad:
                return _bad(seq, bad, **meta)
            seated[claim.seat] = claim.player
            if claim.house_bot:
                house[claim.seat] = claim.house_bot
            session.clock_seated(env.received_at_unix_ms)
            seq += 1
            continue
        if _platform_kind(body) == "clock_expired":
            bad = _check_platform_envelope(body, seq, 1)
            if not bad:
                try:
                    event = session.decide_timeout(body.event.platform.clock_expired.seat, env.received_at_unix_ms)
                except RuleError as exc:
                    bad = f"a clock expiry the clocks do not justify: {exc.code}: {exc.message}"
            if not bad and body.event.SerializeToString(deterministic=True) != \
                    pb.GameEvent(platform=platform_event_to_proto(event)).SerializeToString(deterministic=True):
                bad = "the recorded clock expiry differs from what the clocks and the rules produce on replay"
            if bad:
                return _bad(seq, bad, **meta)
            session.apply_platform(event)
            seq += 1
            continue
        if _platform_kind(body) == "operator_aborted":  # the operator's abort (carthago admin abort)
            bad = _check_platform_envelope(body, seq, 1)
            if not bad:
                recorded = body.event.platform.operator_aborted.reason
                try:
                    event = session.decide_operator_abort(recorded)
                except RuleError as exc:
                    bad = f"an operator's abort the game does not allow: {exc.code}: {exc.message}"
                else:
                    if event.reason != recorded:
                        bad = "the operator's reason is not recorded as the server writes it (trimmed)"
            if bad:
                return _bad(seq, bad, **meta)
            session.apply_platform(event)
            seq += 1
            continue
        if env.seat != PLATFORM_SEAT and (late := pf.clock_due(session.platform, env.received_at_unix_ms)):
            return _bad(seq, f"a command arrived after seat {late[0]}'s time ran out", **meta)
        if env.command_seq != seq or env.part != 0:
            return _bad(seq, "a command's records do not start here", **meta)
        if env.seat != PLATFORM_SEAT and env.command.WhichOneof("game") == "platform":
            bad = _check_platform_command(session, body, seq, request_ids)
            if bad:
                return _bad(seq, bad, **meta)
            seq += 1
            continue
        emitted: list[Emitted] = []
        base = session.position
        if env.seat == PLATFORM_SEAT:  # the set-up events, already applied by Session.start
            produced = expected
            expected = []
            base = 0
        else:
            if env.command.WhichOneof("game") != wire.field:
                return _bad(seq, "the record carries no command of this game", **meta)
            try:
                command = wire.command_from_proto(getattr(env.command, wire.field))
                if not 0 <= env.seat < created.players:
                    return _bad(seq, f"its envelope names seat {env.seat} of a {created.players}-player game",
                                **meta)
                emitted = session.decide(env.seat, command)
                produced = _expected(wire, emitted)
            except RuleError as exc:
                return _bad(seq, f"the recorded command is rejected on replay: {exc.code}: {exc.message}", **meta)
        if not produced:  # a platform record where a command's records were due (it would never advance)
            return _bad(seq, "a platform record that is neither a seat's claim nor a seat's command", **meta)
        if seq + len(produced) > end:
            return _bad(seq, "the log ends in the middle of a command's events", **meta)
        for k in range(len(produced)):
            bad = _check_envelope(bodies[seq + k].envelope, env, seq, k, len(produced))
            if bad:
                return _bad(seq + k, bad, **meta)
        if env.seat == PLATFORM_SEAT and env.received_at_unix_ms != bodies[0].envelope.received_at_unix_ms:
            return _bad(seq, "the set-up records are not stamped with the game's creation time", **meta)
        if env.request_id:
            if (env.seat, env.request_id) in request_ids:
                return _bad(seq, f"seat {env.seat} used request id {env.request_id[:40]!r} twice (a retry is "
                                 "answered from the first, never appended again)", **meta)
            request_ids.add((env.seat, env.request_id))
        for k, (event, visibility) in enumerate(produced):
            rec = bodies[seq + k]
            if rec.event.SerializeToString(deterministic=True) != event or \
                    rec.visibility.SerializeToString(deterministic=True) != visibility:
                return _bad(seq + k, "the recorded event differs from what the rules produce on replay", **meta)
            if rec.position != base + k:
                return _bad(seq + k, "its game-event position is wrong", **meta)
        session.apply(emitted, None if env.seat == PLATFORM_SEAT else env.seat)
        if env.seat != PLATFORM_SEAT:
            if not session.is_talk(emitted):  # table talk is not a move: as the host, no clock stops (engine.platform)
                session.clock_settle(env.seat, env.received_at_unix_ms)
        seq += len(produced)
    if expected:
        return _bad(seq, "the set-up events are missing", **meta)
    status = session.status()
    if live:
        if status.over:
            return _bad(n - 1, "the replayed game is over, yet its log does not reveal its seed", **meta)
        return Verdict(ok=True, result="in play", **meta)
    if not status.over:
        return _bad(n - 1, "the seed is revealed but the replayed game is not over", **meta)
    result = status.result
    ended = session.ended_by()
    if ended == pf.BY_ABORT:
        meta["result"] = "aborted, no result" + (" (by the operator)" if session.platform.ended_seat < 0 else "")
    elif result and result.everyone_lost:
        meta["result"] = "no winner, every seat lost"
    elif result and not result.winners:
        meta["result"] = "draw" + (" agreed" if ended == pf.BY_DRAW_AGREED else "")
    else:
        meta["result"] = f"won by seat(s) {list(result.winners)}" + {
            pf.BY_RESIGNATION: " by resignation", pf.BY_TIMEOUT: " on time",
            pf.BY_CLAIM: f" by a claim against silent seat {session.platform.ended_seat}"}.get(ended, "")
    if seated:
        meta["result"] += "; players: " + ", ".join(f"seat {s} {seated[s][:40]!r}" + (" (house bot)" if s in house else "")
                                                  for s in sorted(seated))
    return Verdict(ok=True, players=seated, house_bots=house, winners=sorted(result.winners) if result else [],
                   everyone_lost=bool(result and result.everyone_lost), ended_by=ended, **meta)


def _check_platform_command(session: Session, body: pb.LogRecord, seq: int,
                            request_ids: set[tuple[int, str]]) -> str:
    """What is wrong with the record of a seat's platform command, or "" (then it is applied)."""
    env = body.envelope
    bad = _check_envelope(env, env, seq, 0, 1)
    if bad:
        return bad
    if body.position != -1 or body.HasField("visibility") and body.visibility.ByteSize():
        return "a platform command's record has a game-event position or a visibility"
    if not 0 <= env.seat < session.config.players:
        return f"its envelope names seat {env.seat} of a {session.config.players}-player game"
    try:
        event = session.decide_platform(env.seat, platform_command_from_proto(env.command.platform),
                                        env.received_at_unix_ms)
    except RuleError as exc:
        return f"the recorded platform command is rejected on replay: {exc.code}: {exc.message}"
    expected = pb.GameEvent(platform=platform_event_to_proto(event))
    if body.event.SerializeToString(deterministic=True) != expected.SerializeToString(deterministic=True):
        return "the recorded event differs from what the platform command produces on replay"
    if env.request_id:
        if (env.seat, env.request_id) in request_ids:
            return (f"seat {env.seat} used request id {env.request_id[:40]!r} twice (a retry is answered from "
                    "the first, never appended again)")
        request_ids.add((env.seat, env.request_id))
    session.apply_platform(event)
    return ""


def _check_envelope(env: pb.CommandEnvelope, first: pb.CommandEnvelope, command_seq: int, part: int,
                    parts: int) -> str:
    """What is wrong with the envelope of record ``part`` of the command at ``command_seq`` (whose
    first record's envelope is ``first``), or "". One command's records agree with each other: same
    seat, request id and arrival time; their place among the command's records; the command itself
    on the first record only; nothing of a client's on the platform's set-up records."""
    if env.command_seq != command_seq or env.part != part or env.parts != parts:
        return (f"its envelope says record {env.part} of {env.parts} of the command at seq {env.command_seq}, "
                f"but it is record {part} of {parts} of the command at seq {command_seq}")
    if env.seat != first.seat:
        return f"its envelope's seat {env.seat} differs from seat {first.seat} of its command's first record"
    if env.request_id != first.request_id:
        return "its envelope's request id differs from that of its command's first record"
    if env.received_at_unix_ms != first.received_at_unix_ms:
        return "its envelope's arrival time differs from that of its command's first record"
    if part > 0 and env.HasField("command"):
        return "a command is recorded on a record other than its command's first"
    if env.seat == PLATFORM_SEAT and (env.request_id or env.HasField("command")):
        return "a platform record carries a client's request id or command"
    return ""


def _check_platform_envelope(body: pb.LogRecord, seq: int, parts: int) -> str:
    env = body.envelope
    if env.seat != PLATFORM_SEAT:
        return f"a platform record whose envelope names seat {env.seat}"
    return _check_envelope(env, env, seq, 0, parts)


def _ends_early(bodies: list[pb.LogRecord], created: pb.GameCreated) -> str:
    """Why a log without its seed's reveal stops where it does; it always names the first missing
    record. (Events carry their outcomes, so the game's status replays without the seed.)"""
    n = len(bodies)
    env = bodies[-1].envelope
    if env.parts > 0 and env.part < env.parts - 1:
        return (f"the log ends early: record {n} is missing (the command at seq {env.command_seq} caused "
                f"{env.parts} records, the log holds {env.part + 1} of them)")
    try:
        game = registry.get(created.game_type)
        wire = wire_for(game)
        over = Session.replay(game, GameConfig(created.players, dict(created.options)), b"",
                              replay_items(wire, bodies)).status().over
    except Exception:  # noqa: BLE001 - a log that does not even replay: say what is certain
        over = False
    if over:
        return (f"the log ends early: the game is over at seq {n - 1}, but record {n}, which reveals the seed, "
                "is missing")
    return (f"the log ends at seq {n - 1} with the game still in play (a live game's export, or a log cut "
            f"short): record {n} onwards is missing, and without the revealed seed it cannot be replayed")


def _expected(wire: GameWire, emitted: list[Emitted]) -> list[tuple[bytes, bytes]]:
    """The bytes of each event and visibility as the server writes them (see Chain.game_events)."""
    out = []
    field = wire.field
    for e in emitted:
        event = pb.GameEvent()
        wire.event_into(getattr(event, field), e.event)
        vis = pb.Visibility()
        if e.seats is not None:
            vis.is_private = True
            vis.seats.extend(e.seats)
            wire.event_into(getattr(vis.redacted, field), e.redacted)
        out.append((event.SerializeToString(deterministic=True), vis.SerializeToString(deterministic=True)))
    return out
