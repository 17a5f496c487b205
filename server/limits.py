"""Sizes every request is held to, checked before anything else reads it.

A request whose string is longer than its field allows is refused with
``INVALID_ARGUMENT / FIELD_TOO_LONG`` naming the field and the limit; nothing is
read, stored or quoted back. (Unchecked, a 7 KB game id came back quoted in the
error, past gRPC's metadata limit, as ``RESOURCE_EXHAUSTED`` without its detail;
a 512 KB request id was stored in the log.) Error messages quote input only cut
short (:func:`quote`), and :func:`cap` bounds a whole message.

Limits are in characters for strings and bytes for ``bytes``, by field name
anywhere in a request (``BY_NAME``); every other string (inside commands) is
held to ``STRING``. docs/PROTOCOL.md lists them for client authors.
"""

from __future__ import annotations

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

FIELD_TOO_LONG = "FIELD_TOO_LONG"
TOO_MANY_ITEMS = "TOO_MANY_ITEMS"

ID = 64            # game ids ("roma-0a1b2c3d4e"), game types, option names
NAME = 64          # a player's display name
REQUEST_ID = 128   # a client's request id (a UUID is 36)
OPTION_VALUE = 256
PAGE_TOKEN = 256
SEED = 64          # bytes
STRING = 256       # any other string (inside a command)
OPTIONS = 32       # entries of an options map
COMMAND_BYTES = 4096  # a command sent serialized (SubmitCommandRequest.command_bytes: signed seats)

BY_NAME: dict[str, int] = {
    "game_id": ID, "game_type": ID, "game_types": ID, "player": NAME, "request_id": REQUEST_ID,
    "page_token": PAGE_TOKEN, "seed": SEED, "command_bytes": COMMAND_BYTES,
}
UNLIMITED_BYTES = frozenset({"payload"})  # Ping's payload: bounded by the message size alone


class TooLong(Exception):
    """A request field over its limit: ``code`` is FIELD_TOO_LONG or TOO_MANY_ITEMS."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


def quote(value: str | bytes, limit: int = 40) -> str:
    """``value`` as Python's repr, cut to ``limit`` characters with its full length named."""
    if len(value) <= limit:
        return repr(value)
    return f"{value[:limit]!r}… ({len(value)} {'characters' if isinstance(value, str) else 'bytes'})"


def cap(message: str, limit: int = 1024) -> str:
    """An error message no longer than ``limit`` characters (the rest of a status travels in
    metadata, whose size gRPC bounds)."""
    return message if len(message) <= limit else message[: limit - 1] + "…"


def check(msg: Message, path: str = "") -> None:
    """Raise :class:`TooLong` for the first field of ``msg`` (recursively) over its limit."""
    for fd, value in msg.ListFields():
        name = f"{path}{fd.name}"
        if fd.message_type is not None and fd.message_type.GetOptions().map_entry:
            if len(value) > OPTIONS:
                raise TooLong(TOO_MANY_ITEMS, f"{name} has {len(value)} entries; at most {OPTIONS}")
            for key, item in value.items():
                _check_scalar(f"{name} key", key, ID)
                if isinstance(item, Message):
                    check(item, f"{name}[{quote(key)}].")
                else:
                    _check_scalar(f"{name}[{quote(key)}]", item, OPTION_VALUE)
        elif fd.type == FieldDescriptor.TYPE_MESSAGE:
            for i, item in enumerate(value if fd.is_repeated else (value,)):
                check(item, f"{name}[{i}]." if fd.is_repeated else f"{name}.")
        elif fd.type in (FieldDescriptor.TYPE_STRING, FieldDescriptor.TYPE_BYTES):
            if fd.type == FieldDescriptor.TYPE_BYTES and fd.name in UNLIMITED_BYTES:
                continue
            limit = BY_NAME.get(fd.name, STRING)
            for item in value if fd.is_repeated else (value,):
                _check_scalar(name, item, limit)


def _check_scalar(name: str, value: str | bytes, limit: int) -> None:
    if len(value) > limit:
        unit = "characters" if isinstance(value, str) else "bytes"
        raise TooLong(FIELD_TOO_LONG, f"{name} is {len(value)} {unit} long; at most {limit}")
