"""``carthago join GAME_ID``: claim a seat from the command line and print its token, the token
that ``resign``, ``draw``, ``abort``, ``watch --token`` and ``bot --token`` take (issue 36)."""

from __future__ import annotations

import argparse
from typing import Any, Callable


def add_join(sub: Any, default_addr: str, fail: Callable[[Any], int]) -> None:
    """The ``join`` subcommand; ``fail`` prints a refusal as the CLI does (cli._fail)."""
    s = sub.add_parser("join", help="take a seat of a game and print its token (for resign, draw, abort, watch, bot)")
    s.add_argument("game_id")
    s.add_argument("--seat", type=int, help="the seat to take (default: the lowest free one, or the invite's)")
    s.add_argument("--name", default="", help="the name the other players see (with --invite: the reserved one)")
    s.add_argument("--invite", default="", help="a reserved seat's invite (from the game's creator)")
    s.add_argument("--server", default=default_addr)
    s.set_defaults(func=lambda args: cmd_join(args, fail))


def cmd_join(args: argparse.Namespace, fail: Callable[[Any], int]) -> int:
    from .client import CarthagoError, Client

    try:
        with Client(args.server) as client:
            seat = client.join(args.game_id, seat=args.seat, player=args.name, invite=args.invite)
            summary = client.game(args.game_id)
    except CarthagoError as err:
        return fail(err)
    info = summary.seats[seat.seat]
    print(f"seat {seat.seat} ({info.name}) of {args.game_id}, as {info.player or 'no name'}")
    print(f"token (shown once; --token or env CARTHAGO_TOKEN): {seat.token}")
    return 0
