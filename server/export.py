"""Exporting a game's log: whole (``ExportLog``) or in chunks (``StreamExportLog``).

A long game's export passes the 4 MB that gRPC clients receive by default (a finished Republic of
Carthage game: 3.6 MB binary + 8.3 MB JSON lines), so ``StreamExportLog`` sends it as chunks of
whole records, each reply at most :data:`CHUNK_BYTES` (a record larger than that alone: records
are far smaller in every game, a few KB at most). Both calls may ask for one form only
(``ExportForm``). The export ends at the head the call found: records appended meanwhile (a live
game exported with the operator token) are the next export's.
"""

from __future__ import annotations

from typing import Iterator

from carthago.v1 import carthago_pb2 as pb

from .log import export_entry, jsonl_line
from .store import Store

CHUNK_BYTES = 1 << 20  # one chunk's records + jsonl, at most (docs/PROTOCOL.md, "Exporting a log")
PAGE = 256             # records read from the store at a time
BAD_EXPORT_FORM = "BAD_EXPORT_FORM"
FORMS = {pb.EXPORT_FORM_UNSPECIFIED: (True, True), pb.EXPORT_FORM_BINARY: (True, False),
         pb.EXPORT_FORM_JSONL: (False, True)}


def whole(records, form: int) -> pb.ExportLogResponse:
    binary, jsonl = FORMS[form]
    return pb.ExportLogResponse(records=b"".join(export_entry(r) for r in records) if binary else b"",
                                jsonl="".join(jsonl_line(r) for r in records) if jsonl else "")


def chunks(store: Store, game_id: str, head: tuple[int, bytes], form: int) -> Iterator[pb.StreamExportLogResponse]:
    """The export of seqs 0..head as chunks of whole records, each at most CHUNK_BYTES of payload
    (unless one record alone is larger). Reads the store a page at a time."""
    binary, jsonl = FORMS[form]
    head_seq, head_hash = head
    parts: list[bytes] = []
    lines: list[str] = []
    size, first = 0, 0

    def chunk(last: int) -> pb.StreamExportLogResponse:
        return pb.StreamExportLogResponse(records=b"".join(parts), jsonl="".join(lines), first_seq=first,
                                          last_seq=last, head_seq=head_seq, head_hash=head_hash.hex())

    seq = 0
    while seq <= head_seq:
        for r in store.read(game_id, seq, min(head_seq, seq + PAGE - 1)):
            entry = export_entry(r) if binary else b""
            line = jsonl_line(r) if jsonl else ""
            grown = len(entry) + len(line.encode())
            if (parts or lines) and size + grown > CHUNK_BYTES:
                yield chunk(r.seq - 1)
                parts, lines, size, first = [], [], 0, r.seq
            if binary:
                parts.append(entry)
            if jsonl:
                lines.append(line)
            size += grown
        seq += PAGE
    yield chunk(head_seq)
