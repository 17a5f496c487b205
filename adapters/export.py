"""A game played through an adapter, as the server's export file (server/log.py): the same
records a server writes (game created, every event with the command that caused it, the seed
revealed at the end), so that ``carthago verify FILE`` checks it like any other log."""

from __future__ import annotations

import hashlib

from .table import Table


def export(table: Table, game_id: str = "") -> bytes:
    """The export file of ``table``'s game (played from its start: a resampled table has no log)."""
    from carthago.v1 import carthago_pb2 as pb
    from server.log import Chain, export_bytes, seats_claimed, version_of
    from server.wire import wire_for

    if table.opening is None:
        raise ValueError("a resampled table has no log of its own (it was never played from the start)")
    game, config, seed = table.game, table.config, table.seed
    info, wire = game.info, wire_for(game)
    game_id = game_id or f"{info.id}-adapter-{hashlib.sha256(seed).hexdigest()[:12]}"
    ms = 1_700_000_000_000
    chain = Chain(game_id, seed, 0, bytes(32))
    records = [chain.platform(pb.PlatformEvent(game_created=pb.GameCreated(
        game_id=game_id, game_type=info.id, players=config.players, options=config.options,
        seed_commitment=hashlib.sha256(seed).hexdigest(), engine_version=version_of(game),
        game_version=info.version)), ms)]
    records += chain.game_events(wire, table.opening, 0, -1, None, "", ms)
    records += seats_claimed(chain, config.players, "adapter seat", ms)
    steps = table.steps()
    for k, step in enumerate(steps):
        records += chain.game_events(wire, step.emitted, step.position, step.seat, step.command,
                                     f"adapter-{k + 1}", ms + 1000 * (k + 1))
    records.append(chain.platform(pb.PlatformEvent(seed_revealed=pb.SeedRevealed(seed=seed)),
                                  ms + 1000 * (len(steps) + 1)))
    return export_bytes([r for r, _ in records])
