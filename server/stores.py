"""Opening a store by its spec (``memory``, ``sqlite:PATH``, ``postgresql://…``): the one place that
knows every implementation. ``server.store`` holds the interface, the SQLite and memory stores;
``server.pgstore`` builds on it; this module sits above both, so neither imports the other back."""

from __future__ import annotations

from .pgstore import PostgresStore
from .store import DURABILITY, MemoryStore, SqliteStore, Store, is_postgres


def open_store(spec: str, durability: str = "full") -> Store:
    """``memory``, ``sqlite:PATH`` or ``postgresql://…`` (see ``server.pgstore``); ``durability``:
    a key of :data:`server.store.DURABILITY`."""
    if durability not in DURABILITY:
        raise ValueError(f"unknown durability {durability!r}: use one of {', '.join(DURABILITY)}")
    if spec == "memory":
        return MemoryStore()
    if spec.startswith("sqlite:"):
        return SqliteStore(spec[len("sqlite:"):], synchronous=DURABILITY[durability])
    if is_postgres(spec):
        if durability != "full":
            raise ValueError(f"durability {durability!r} is for SQLite; PostgreSQL commits durably "
                             "(its own synchronous_commit setting decides what a commit survives)")
        return PostgresStore(spec)
    raise ValueError(f"unknown store {spec!r}: use 'memory', 'sqlite:PATH' or 'postgresql://…'")
