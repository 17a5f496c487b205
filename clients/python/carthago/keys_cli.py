"""The command line of players' keys (docs/PROTOCOL.md, "Players and signed moves").

``carthago keygen --out FILE`` makes a key (PKCS#8 PEM, readable by its owner only), ``carthago
register NAME --key FILE`` registers it under a name, ``carthago login NAME --key FILE`` prints a
session token; ``carthago bot … --key FILE --name NAME`` (:func:`session_for`) logs in and joins as
the player, signing every command, and ``carthago play … --sign`` (:func:`fresh_players`) gives every
seat a key and a player of its own.
"""

from __future__ import annotations

import secrets
import sys

DEFAULT_ADDR = "127.0.0.1:50051"


def register(sub) -> None:
    s = sub.add_parser("keygen", help="make a player's Ed25519 key (a PKCS#8 PEM file readable by you only) "
                                      "and print its public key")
    s.add_argument("--out", required=True, metavar="FILE", help="the file to write (never over an existing one)")
    s.set_defaults(func=cmd_keygen)
    for name, helptext in (("register", "register a key under a player name (proving you hold it)"),
                           ("login", "log in as a player (sign a challenge) and print the session token")):
        s = sub.add_parser(name, help=helptext)
        s.add_argument("name", help="the player's name: 1 to 32 of A-Z a-z 0-9 . _ -")
        s.add_argument("--key", required=True, metavar="FILE", help="the player's key (carthago keygen)")
        s.add_argument("--server", default=DEFAULT_ADDR)
        s.set_defaults(func=cmd_register if name == "register" else cmd_login)
    add_ratings(sub)
    add_challenge(sub)


def add_ratings(sub) -> None:
    s = sub.add_parser("ratings", help="the Glicko-2 ratings of the players of finished rated games, recomputed "
                                       "from their exported logs alone (as the server's ListPlayers)")
    s.add_argument("logs", nargs="+", metavar="FILE_OR_DIR", help="export files, or directories of *.log files")
    s.add_argument("--game", metavar="TYPE", help="only this game type")
    s.set_defaults(func=cmd_ratings)


def cmd_ratings(args) -> int:
    from pathlib import Path

    from . import glicko

    files = [f for p in map(Path, args.logs) for f in (sorted(p.glob("*.log")) if p.is_dir() else [p])]
    games, skipped = [], 0
    for f in files:
        game = glicko.rated_game(f.read_bytes())
        if game is None:
            skipped += 1
        else:
            games.append(game)
    names = {k: n for g in games for k, n in zip(g.keys, g.names)}
    table = glicko.rate(games)
    print(f"{len(games)} rated games ({skipped} files not counted: unrated, aborted or not verified)")
    for kind in sorted(table):
        if args.game and kind != args.game:
            continue
        print(f"{kind}:")
        ranked = sorted(table[kind].items(), key=lambda kv: (-kv[1].rating, names[kv[0]]))
        for rank, (key, r) in enumerate(ranked, 1):
            print(f"  {rank:3d}. {names[key]:<32} {r.rating:7.1f}  RD {r.deviation:5.1f}  "
                  f"vol {r.volatility:.5f}  {r.games} games  key {key.hex()[:16]}…")
    return 0


def add_challenge(sub) -> None:
    s = sub.add_parser("challenge", help="challenge a registered player to a game, and wait for the answer "
                                         "(prints the game's id once accepted)")
    s.add_argument("opponent", help="the challenged player's name")
    s.add_argument("game", help="the game type")
    s.add_argument("--name", required=True, help="your player name")
    s.add_argument("--key", required=True, metavar="FILE", help="your key (carthago keygen)")
    s.add_argument("--seat", type=int, default=0, help="the seat you want (default 0)")
    s.add_argument("--rated", action="store_true", help="a rated game")
    s.add_argument("--server", default=DEFAULT_ADDR)
    s.set_defaults(func=cmd_challenge)


def cmd_challenge(args) -> int:
    """Make the challenge, then read the player's stream until it is answered."""
    from .client import CarthagoError, Client, pb

    try:
        with Client(args.server) as client:
            session = client.login(args.name, load_key(args.key))
            events = client.player_events(session)
            next(events)  # connected (the first message comes at once): the answer cannot be missed
            made = client.challenge(session, args.opponent, args.game, rated=args.rated, seat=args.seat)
            print(f"challenge {made.challenge_id} to {made.challenged}: waiting (until it expires, in 10 minutes)",
                  flush=True)
            for event in events:
                ch = event.challenge
                if event.WhichOneof("kind") != "challenge" or ch.challenge_id != made.challenge_id:
                    continue
                if ch.state == pb.CHALLENGE_STATE_ACCEPTED:
                    print(f"accepted: game {ch.game_id} (join it: carthago bot {ch.game_id} --key {args.key} "
                          f"--name {args.name})")
                    return 0
                if ch.state != pb.CHALLENGE_STATE_OPEN:
                    print(f"{pb.ChallengeState.Name(ch.state)[16:].lower()}" + (f": {ch.decline_reason}"
                                                                               if ch.decline_reason else ""))
                    return 1
    except CarthagoError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    return 1


def add_key_argument(s) -> None:
    """``carthago bot --key FILE``."""
    s.add_argument("--key", metavar="FILE",
                   help="a player's key (carthago keygen; registered with carthago register): log in as --name "
                        "and join as that player, signing every command")


def load_key(path: str):
    from .signing import Key

    try:
        return Key.load(path)
    except (OSError, ValueError) as err:
        raise SystemExit(f"error: {path}: cannot read a key ({err})") from None


def cmd_keygen(args) -> int:
    from .signing import Key

    key = Key.generate()
    try:
        key.save(args.out)
    except FileExistsError:
        print(f"error: {args.out} exists: keys are never overwritten", file=sys.stderr)
        return 1
    print(f"public key: {key.public.hex()}")
    return 0


def _call(args, act) -> int:
    from .client import CarthagoError, Client

    key = load_key(args.key)
    try:
        with Client(args.server) as client:
            print(act(client, key))
    except CarthagoError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    return 0


def cmd_register(args) -> int:
    return _call(args, lambda c, key: f"registered {c.register(args.name, key).name}: public key {key.public.hex()}")


def cmd_login(args) -> int:
    return _call(args, lambda c, key: c.login(args.name, key).token)


def session_for(client, args):
    """``carthago bot --key FILE --name NAME``: the player's session (None without --key)."""
    if not getattr(args, "key", None):
        return None
    if not args.name:
        raise SystemExit("error: --key needs --name NAME, the name the key is registered under")
    return client.login(args.name, load_key(args.key))


def fresh_players(client, n: int, kinds: list[str]):
    """``carthago play --sign``: a new key and player for each seat (named after its bot and a
    random suffix), logged in; the sessions, by seat."""
    from .signing import Key

    out = []
    for seat in range(n):
        key = Key.generate()
        name = f"{kinds[seat].replace(':', '-')}-{secrets.token_hex(4)}"[:32]
        client.register(name, key)
        out.append(client.login(name, key))
    return out
