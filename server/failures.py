"""The refusal every layer of the server raises (its own module, so that the host's helpers, e.g.
``server.identity``, raise it without importing the host)."""

from __future__ import annotations


class HostError(Exception):
    """A refused request: a gRPC status name, a stable code and a message."""

    def __init__(self, status: str, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.status, self.code, self.message = status, code, message
