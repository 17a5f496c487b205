"""What every part of the `carthago` command line shares: the check that the engine and server are
installed (the commands that run them), and how a server's refusal is printed."""

from __future__ import annotations

import sys

NEEDS_SERVER_PACKAGE = (
    "this command needs the Carthago engine and server (the carthago-server package), which are not "
    "installed here.\nFrom a clone of the repository run `make setup` and use .venv/bin/carthago, "
    "or `pip install -e .` at the repository's top.")


def _engine_modules():
    try:
        import engine  # noqa: F401
        import server  # noqa: F401
    except ImportError:
        sys.exit(NEEDS_SERVER_PACKAGE)


def _fail(err) -> int:
    """``error: CODE: message`` (the server's message already starts with its code: said once)."""
    message = err.message
    if message.startswith(f"{err.code}: "):
        message = message[len(err.code) + 2:]
    print(f"error: {err.code}: {message}" if message and message != err.code else f"error: {err.code}",
          file=sys.stderr)
    return 1
