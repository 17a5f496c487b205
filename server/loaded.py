"""A game the host holds in memory (``Loaded``: its session, head, lock, stream subscribers and what
it caches of its log), and who calls (``Caller``: a seat, the operator, or nobody)."""

from __future__ import annotations

import asyncio
import time

import msgspec

from carthago.v1 import carthago_pb2 as pb
from engine.core import Game
from engine.session import Session

from .log import Chain
from .store import GameMeta
from .wire import GameWire, wire_for


class Loaded:
    """One game in memory."""

    def __init__(self, meta: GameMeta, game: Game, session: Session, head_seq: int, head_hash: bytes) -> None:
        self.meta = meta
        self.game = game
        self.wire: GameWire = wire_for(game)
        self.session = session
        self.head_seq = head_seq
        self.head_hash = head_hash
        self.lock = asyncio.Lock()  # held from deciding a command until its append has resolved
        self.last_used = time.monotonic()
        self.subscribers: set[asyncio.Queue] = set()
        self.tokens: dict[str, int] = {}
        self.talk: dict[int, tuple[float, int]] = {}  # per seat: table-talk allowance left, as of (ms)
        self.stale = False  # an append failed after its events were applied: rebuild before any use
        # encoded stream batches at head_seq, per (seat or None, head_seq, first seq, last seq)
        self.batches: dict[tuple, tuple[bytes, bool]] = {}
        self.batches_at = head_seq
        self.reserved: dict[int, pb.SeatReserved] | None = None  # from GameCreated, read when first needed
        self.time_control: pb.TimeControl | None = None  # from GameCreated, with ``reserved``
        self.creator_sha256 = ""  # from GameCreated, with ``reserved``: the creator token's digest
        self.rated = False  # from GameCreated, with ``reserved``: seats for registered players only
        self.house: dict[int, str] | None = None  # house seats -> their bot (server.house), read when first needed
        self.house_seen: tuple[int, float] | None = None  # (head, when first seen) for server.house's stalls
        self.keys: dict[int, bytes] = {}  # seat -> its player's public key (b"": none), once looked up

    def chain(self) -> Chain:
        return Chain(self.meta.game_id, self.meta.seed, self.head_seq + 1, self.head_hash)


class Caller(msgspec.Struct, frozen=True):
    seat: int | None = None
    operator: bool = False
