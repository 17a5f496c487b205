"""Platform commands from the command line: ``carthago resign|abort GAME``, ``carthago claim GAME
SEAT`` and ``carthago draw GAME offer|accept|decline`` (docs/PROTOCOL.md, "Resigning, draws and
aborts"), for the seat of ``--token``; a seat claimed by a player signs them with ``--key``."""

from __future__ import annotations

import os
import sys

FAIL: list = [None]  # cli._fail: prints a refusal, returns the exit status


def register(sub, default_addr: str, fail) -> None:
    FAIL[0] = fail

    def common(s) -> None:
        s.add_argument("--token", help="your seat's token (default: env CARTHAGO_TOKEN)")
        s.add_argument("--key", metavar="FILE", help="the player's key, for a seat claimed by a player (signs the command)")
        s.add_argument("--server", default=default_addr)
        s.set_defaults(func=cmd_platform)

    for name, helptext in (("resign", "resign a game: your seat concedes (see the game's RULES.md with more players)"),
                           ("abort", "abort a game before anybody's first move: it ends with no result")):
        s = sub.add_parser(name, help=helptext)
        s.add_argument("game_id")
        common(s)
    s = sub.add_parser("claim", help="claim a game without clocks from a seat that has owed its move for longer "
                                     "than the game's claim time (it ends as if that seat's time had run out)")
    s.add_argument("game_id")
    s.add_argument("silent_seat", type=int, help="the silent seat (0-based)")
    common(s)
    s = sub.add_parser("draw", help="offer a draw, or accept or decline the one offered")
    s.add_argument("game_id")
    s.add_argument("action", choices=("offer", "accept", "decline"))
    common(s)


NO_WINNER = {False: "draw", True: "no winner, every seat lost"}  # GameStatus.everyone_lost -> words


def result_line(st) -> str:
    """A finished game's result in words: winners, scores, the reason and how it ended."""
    from .client import pb

    how = pb.ResultReason.Name(st.result_reason) if st.result_reason in pb.ResultReason.values() \
        else f"result reason {st.result_reason}"
    by = f" by seat {st.ended_by_seat}" if st.HasField("ended_by_seat") else ""
    if st.result_reason == pb.RESULT_REASON_ABORTED:
        return f"game over: aborted{by}, no result ({how})"
    who = f"winners {', '.join(map(str, st.winners))}" if st.winners else NO_WINNER[st.everyone_lost]
    return f"game over: {who}; scores {list(st.scores)}; {st.reason}{by} ({how})"


PLATFORM_VERBS = {  # (command, draw action) -> (PlatformCommand field, what was done)
    ("resign", None): ("resign", "resigned"),
    ("abort", None): ("abort", "aborted the game"),
    ("draw", "offer"): ("offer_draw", "offered a draw"),
    ("draw", "accept"): ("accept_draw", "accepted the draw offer"),
    ("draw", "decline"): ("decline_draw", "declined the draw offer"),
    ("claim", None): ("claim_victory", "claimed the game from its silent seat"),
}


def cmd_platform(args) -> int:
    """``carthago resign|abort GAME``, ``carthago draw GAME offer|accept|decline`` and ``carthago
    claim GAME SEAT``: a platform command for the seat whose token is given (--token or
    CARTHAGO_TOKEN); a seat claimed by a player signs it with ``--key``."""
    from .client import CarthagoError, Client, Seat
    from .keys_cli import load_key

    token = args.token or os.environ.get("CARTHAGO_TOKEN")
    if not token:
        print("error: say which seat acts: --token TOKEN (the one JoinGame returned), or set CARTHAGO_TOKEN",
              file=sys.stderr)
        return 2
    kind, done = PLATFORM_VERBS[(args.command, getattr(args, "action", None))]
    try:
        with Client(args.server) as client:
            seat_ = Seat(client, args.game_id, -1, token, key=load_key(args.key) if args.key else None)
            resp = seat_.claim_victory(args.silent_seat) if kind == "claim_victory" else seat_.platform(kind)
            seat = resp.events[0].actor if resp.events else -1
            print(f"seat {seat} {done} (seq {resp.first_seq})")
            st = resp.status
            if st.over:
                print(result_line(st))
            elif st.HasField("draw_offer_by"):
                print(f"a draw offer by seat {st.draw_offer_by} stands; accepted so far by "
                      f"{list(st.draw_accepted_by) or 'nobody'}")
    except CarthagoError as err:
        return FAIL[0](err)
    return 0
