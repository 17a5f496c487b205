"""The test vectors of docs/LOG_FORMAT.md, made by the code that writes and verifies real logs.

    python tools/log_vectors.py                         # print the vectors (Markdown)
    python tools/log_vectors.py --check docs/LOG_FORMAT.md   # exit 1 if the document's differ
    python tools/log_vectors.py --write docs/LOG_FORMAT.md   # put them into the document
    python tools/log_vectors.py --export roma-vectors.log    # the whole vector game's export file

The vector game is a two-seat Roma game fixed in every respect (game id, seed, creation time,
tokens, invites, a Fischer clock, who sits where, which command each seat picks and when it
arrives), written record by record with ``server.log.Chain``, the class the server writes its
logs with. Seat 0 is reserved for "Scipio" and claimed with its invite; seat 1 is the house bot
"random", claimed at creation as the server does. Scipio is a registered player: its claim holds
its public key (from a fixed seed) and each of its commands is signed with it; the house bot's
records say they are the house bot's (``CommandEnvelope.author``). Seat 0 offers a draw early on and seat 1
declines it (two platform commands); otherwise each seat plays a legal command chosen by
``random.Random(VECTOR_PICKS)``, 1.2 s after the previous one. ``carthago verify`` accepts the
export (``--check`` says so too, or fails).

The document holds the vectors between the two marker lines ``<!-- vectors:begin -->`` and
``<!-- vectors:end -->``; tests/test_log_format_js.py runs ``--check``.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "clients" / "python")]

from carthago import signing  # noqa: E402
from carthago.v1 import carthago_pb2 as pb  # noqa: E402
from engine import platform as pf  # noqa: E402
from engine import registry  # noqa: E402
from engine.core import GameConfig  # noqa: E402
from engine.session import Session  # noqa: E402
from server.log import (Chain, export_bytes, export_entry, jsonl_line, platform_event_to_proto, salt, verify,  # noqa: E402
                        version_of)
from server.wire import wire_for  # noqa: E402

BEGIN, END = "<!-- vectors:begin -->", "<!-- vectors:end -->"
GAME_ID = "roma-vectors"
SEED = b"carthago log-format vectors, seed"
CREATED_MS = 1_700_000_000_000
CLAIM_MS = CREATED_MS + 5_000       # Scipio's claim; the clocks start then
STEP_MS = 1_200                     # each command arrives this long after the one before
INVITE = "invite-of-scipio"         # seat 0's invite (the log holds its sha256)
CREATOR_TOKEN = "creator-token-of-the-vectors"
VECTOR_PICKS = 2024                 # random.Random seed of the seats' choices
SHOWN = 9                           # records shown in full (bytes and hashes)
TC = pb.TimeControl(initial_ms=600_000, increment_ms=1_000)
SCIPIO = signing.Key.from_seed(hashlib.sha256(b"carthago log-format vectors, Scipio's key").digest())  # seat 0 signs


def sha_hex(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def authorship(seat: int, command: pb.GameCommand, chain: Chain, request_id: str):
    """(author, signed) of a command: Scipio signs each of its commands with its key, at the seq
    before the command's; seat 1 is the house bot (unsigned, the server's)."""
    if seat == 1:
        return pb.RECORD_AUTHOR_HOUSE_BOT, None
    data = command.SerializeToString(deterministic=True)
    message = signing.command_message(GAME_ID, seat, chain.next_seq - 1, request_id, data)
    return pb.RECORD_AUTHOR_SIGNED, (data, SCIPIO.sign(message))


def vector_records():
    """The vector game's records, as ``(Record, LogRecord)`` pairs, in order."""
    game = registry.get("roma")
    wire = wire_for(game)
    config = GameConfig(players=2)
    session, opening = Session.start(game, config, SEED)
    session.apply_platform(pf.ClockSet(TC.initial_ms, TC.increment_ms, 2))
    chain = Chain(GAME_ID, SEED, 0, bytes(32))
    out = [chain.platform(pb.PlatformEvent(game_created=pb.GameCreated(
        game_id=GAME_ID, game_type="roma", players=2, options={}, seed_commitment=hashlib.sha256(SEED).hexdigest(),
        engine_version=version_of(game), game_version=game.info.version,
        reserved_seats=[pb.SeatReserved(seat=0, player="Scipio", invite_sha256=sha_hex(INVITE))],
        time_control=TC, creator_token_sha256=sha_hex(CREATOR_TOKEN))), CREATED_MS)]
    out += chain.game_events(wire, opening, 0, -1, None, "", CREATED_MS)
    out.append(chain.platform(pb.PlatformEvent(seat_claimed=pb.SeatClaimed(
        seat=1, player="house bot (random)", house_bot="random")), CREATED_MS))
    session.clock_seated(CREATED_MS)
    out.append(chain.platform(pb.PlatformEvent(seat_claimed=pb.SeatClaimed(
        seat=0, player="Scipio", invited=True, player_key=SCIPIO.public)), CLAIM_MS))
    session.clock_seated(CLAIM_MS)
    picks, now, moves = random.Random(VECTOR_PICKS), CLAIM_MS, 0
    while not session.status().over:
        now += STEP_MS
        seat = session.status().to_act[0]
        request_id = f"scipio-{moves + 1}" if seat == 0 else f"house/{chain.next_seq - 1}/1"
        if moves == 1 and seat == 0:  # a draw offered early, and declined by the other seat
            for who, command, rid in ((0, pf.OfferDraw(), "scipio-draw"), (1, pf.DeclineDraw(), "house/draw/1")):
                event = session.submit_platform(who, command)
                kind = {pf.OfferDraw: "offer_draw", pf.DeclineDraw: "decline_draw"}[type(command)]
                proto = pb.PlatformCommand(**{kind: getattr(pb, type(command).__name__)()})
                out.append(chain.platform_command(platform_event_to_proto(event), who, proto, rid, now,
                                                  *authorship(who, pb.GameCommand(platform=proto), chain, rid)))
                now += STEP_MS
        command = picks.choice(session.legal(seat))
        emitted = session.decide(seat, command)
        out += chain.game_events(wire, emitted, session.position, seat, command, request_id, now,
                                 *authorship(seat, pb.GameCommand(roma=wire.command_to_proto(command)), chain, request_id))
        session.apply(emitted, seat)
        if not session.is_talk(emitted):
            session.clock_settle(seat, now)
        moves += 1
    out.append(chain.platform(pb.PlatformEvent(seed_revealed=pb.SeedRevealed(seed=SEED)), now))
    return out


def _varint(data: bytes, pos: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[pos]
        value |= (byte & 0x7F) << shift
        pos += 1
        shift += 7
        if byte < 0x80:
            return value, pos


def annotate(data: bytes, descriptor, path: str = "", base: int = 0) -> list[tuple[int, str, str, str]]:
    """Each field of a message, depth first: (offset, its tag and value bytes in hex, field path, value)."""
    rows = []
    pos = 0
    while pos < len(data):
        start = pos
        key, pos = _varint(data, pos)
        number, wire_type = key >> 3, key & 7
        field = descriptor.fields_by_number.get(number)
        name = f"{path}{field.name if field else number}"
        if wire_type == 0:
            value, pos = _varint(data, pos)
            if field is not None and field.type in (field.TYPE_INT32, field.TYPE_INT64) and value >= 1 << 63:
                value -= 1 << 64
            rows.append((base + start, data[start:pos].hex(), name, str(value)))
        elif wire_type == 2:
            size, pos = _varint(data, pos)
            payload = data[pos:pos + size]
            head = data[start:pos].hex()
            if field is not None and field.type == field.TYPE_MESSAGE:
                rows.append((base + start, head, name, f"message, {size} bytes"))
                rows += annotate(payload, field.message_type, name + ".", base + pos)
            elif field is not None and field.type == field.TYPE_STRING:
                rows.append((base + start, head + " " + payload.hex(), name, repr(payload.decode())))
            else:
                rows.append((base + start, head + " " + payload.hex(), name, f"{size} bytes"))
            pos += size
        else:  # the log's messages use varints and length-delimited fields only
            raise ValueError(f"wire type {wire_type} at byte {start}")
    return rows


def _wrapped(hexed: str, width: int = 96) -> str:
    return "\n".join(hexed[i:i + width] for i in range(0, len(hexed), width))


def _kind(body: pb.LogRecord) -> str:
    which = body.event.WhichOneof("game")
    if which == "platform":
        return body.event.platform.WhichOneof("kind")
    inner = getattr(body.event, which)
    return f"{which}.{inner.WhichOneof('kind') or '?'}" if inner.DESCRIPTOR.oneofs else which


def render() -> str:
    records = vector_records()
    data = export_bytes([r for r, _ in records])
    verdict = verify(data)
    if not verdict.ok:
        raise SystemExit(f"the vector game does not verify: {verdict.describe()}")
    lines = ["_Generated by `python tools/log_vectors.py --write docs/LOG_FORMAT.md`; "
             "tests/test_log_format_js.py checks that they still match the code._", "",
             f"**Salts.** Seed: the {len(SEED)} ASCII bytes `" + SEED.decode() + "` (hex `" + SEED.hex() + "`).", "",
             "| seq | the 8 bytes of seq | salt = sha256(\"carthago-salt-v1\" + seed + those 8 bytes) |",
             "| ---: | --- | --- |"]
    for seq in (0, 1, 255, 256, 70_000):
        lines.append(f"| {seq} | `{seq.to_bytes(8, 'big').hex()}` | `{salt(SEED, seq).hex()}` |")
    lines += ["", f"Seed commitment (`GameCreated.seed_commitment`): `{hashlib.sha256(SEED).hexdigest()}`.", "",
              f"**The whole vector game.** {len(records)} records, {len(data)} bytes of export file, "
              f"sha256 of the file `{hashlib.sha256(data).hexdigest()}`, head hash "
              f"`{records[-1][0].hash.hex()}`; `carthago verify` says: {verdict.describe().split('; head')[0]}. "
              "Write it with `python tools/log_vectors.py --export FILE`.", "",
              f"**Its first {SHOWN} records.** Each one's frame in the export file (the varint length, then the "
              "`SealedRecord`), its body (the `LogRecord` bytes), and the hashes:", ""]
    lines += ["Record 0 in the JSON lines form:", "", "```json", jsonl_line(records[0][0]).rstrip("\n"), "```", ""]
    for record, body in records[:SHOWN]:
        entry = export_entry(record)
        lines += [f"Record {record.seq} ({_kind(body)}, envelope seat {body.envelope.seat}):", "",
                  f"- frame: {len(entry)} bytes, starting `{entry[:8].hex()}`",
                  f"- body: {len(record.body)} bytes; prev_hash `{body.prev_hash.hex()}`",
                  f"- salt `{body.salt.hex()}`",
                  f"- hash = sha256(body) = `{record.hash.hex()}`", "", "```", _wrapped(record.body.hex()), "```", ""]
    first_move = next(i for i, (_, b) in enumerate(records) if b.envelope.command.WhichOneof("game") == "roma")
    first_platform = next(i for i, (_, b) in enumerate(records) if b.envelope.command.WhichOneof("game") == "platform")
    for index in (0, first_move, first_platform):
        record, _ = records[index]
        lines += [f"Record {index}'s body field by field (offsets in the body; int32 and int64 values that are "
                  "negative take 10 bytes):", "", "| offset | bytes (hex) | field | value |", "| ---: | --- | --- | --- |"]
        for offset, hexed, name, value in annotate(record.body, pb.LogRecord.DESCRIPTOR):
            shown = hexed if len(hexed) <= 72 else hexed[:64] + "…"
            lines.append(f"| {offset} | `{shown}` | {name} | {value.replace('|', '/')} |")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def replace_block(doc: str, block: str) -> str:
    head, sep, rest = doc.partition(BEGIN + "\n")
    _, sep2, tail = rest.partition(END)
    if not sep or not sep2:
        raise SystemExit(f"the document has no {BEGIN} ... {END} block")
    return head + BEGIN + "\n" + block + END + tail


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--check", metavar="DOC", help="exit 1 if DOC's vectors differ from the code's")
    group.add_argument("--write", metavar="DOC", help="put the vectors into DOC")
    group.add_argument("--export", metavar="FILE", help="write the vector game's export file")
    args = ap.parse_args(argv)
    if args.export:
        Path(args.export).write_bytes(export_bytes([r for r, _ in vector_records()]))
        return 0
    block = render()
    if args.check:
        doc = Path(args.check).read_text()
        if replace_block(doc, block) != doc:
            print(f"{args.check}: its test vectors differ from what the code writes now: run "
                  f"`python tools/log_vectors.py --write {args.check}` and review the difference", file=sys.stderr)
            return 1
        print(f"{args.check}: the test vectors match the code")
        return 0
    if args.write:
        path = Path(args.write)
        path.write_text(replace_block(path.read_text(), block))
        return 0
    sys.stdout.write(block)
    return 0


if __name__ == "__main__":
    sys.exit(main())
