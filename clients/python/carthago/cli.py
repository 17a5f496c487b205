"""The `carthago` command line."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from urllib.parse import quote

from . import keys_cli, ops_cli, seat_cli, serve_config
from .cli_common import _engine_modules, _fail
from .logs_cli import _verify_file  # noqa: F401 - the tests import it from here
from .logs_cli import _write_export, cmd_export, cmd_moves, cmd_render, cmd_replay, cmd_verify
from .seat_cli import NO_WINNER, result_line  # noqa: F401 - used here, and by the tests as cli.result_line

DEFAULT_ADDR = os.environ.get("CARTHAGO_ADDR", "127.0.0.1:50051")
def _options(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            sys.exit(f"--option takes KEY=VALUE, not {pair!r}")
        out[key] = value
    return out


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def _positive_float(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0, not {text}")
    return value


LOG_LEVELS = ("debug", "info", "warning", "error")


def _rate(text: str) -> float:
    value = float(text)
    if not 0 <= value <= 1e6:
        raise argparse.ArgumentTypeError(f"must be 0 (no limit) to 1000000 a minute, not {text}")
    return value


# per client address: calls in a row, then a minute (server.rates; docs/PROTOCOL.md "Rates")
RATE_DEFAULTS = {"create": (60.0, "CreateGame"), "join": (120.0, "JoinGame"),
                 "streams": (300.0, "StreamEvents and StreamExportLog opened"),
                 "watch": (60.0, "WatchOpenSeats opened"), "register": (10.0, "RegisterPlayer"),
                 "login": (60.0, "LoginChallenge and Login"), "challenge": (30.0, "CreateChallenge")}


def _claim_after(text: str) -> float:
    value = float(text)
    if not 0 <= value <= 30 * 86400:
        raise argparse.ArgumentTypeError(f"must be 0 (no claims) to 2592000 (30 days), not {text}")
    return value


# ---- serve ------------------------------------------------------------------

LANGUAGES = ("en", "fr")  # the languages of the game's words (StreamEvents/ListLegalCommands language)
NO_WINNER_FR = {False: "nulle", True: "aucun vainqueur, toutes les places ont perdu"}


def lang_arg(parser, what: str = "the game's words") -> None:
    """``--lang en|fr``: the language of the command's game text."""
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help=f"{what}: en (English, the default) or fr (French)")


def cmd_serve(args) -> int:
    try:
        origins = serve_config.resolve(args)
    except serve_config.ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.print_config:
        print(serve_config.render(args, origins, _redacted))
        return 0
    _engine_modules()
    import asyncio

    from server.app import serve
    from server.host import HostConfig
    from server.observe import configure_logging
    from server.store import is_postgres

    configure_logging(args.log_format, args.log_level)
    store = args.store
    if store.startswith("sqlite:"):
        Path(store[len("sqlite:"):]).parent.mkdir(parents=True, exist_ok=True)
    if args.durability != "full" and is_postgres(store):
        sys.exit(f"--durability {args.durability} is for SQLite; PostgreSQL commits durably (its own "
                 "synchronous_commit setting decides what a commit survives)")
    if args.workers > 1:
        if not is_postgres(store):
            sys.exit("--workers N runs N processes over one shared log: it needs --store postgresql://… "
                     "(SQLite has one writer, and the memory store lives in one process)")
        from server.workers import supervise

        return supervise(args)
    config = HostConfig(snapshot_every=args.snapshot_every, operator_token=args.operator_token or "",
                        allow_client_seeds=args.allow_client_seeds, evict_after_s=args.evict_after,
                        max_loaded_games=args.max_games, durability=args.durability,
                        talk_burst=args.talk_burst, talk_per_minute=args.talk_per_minute,
                        bot_workers=args.bot_workers, claim_after_s=args.claim_after,
                        **{f"{kind}_per_minute": getattr(args, f"{kind}_per_minute") for kind in RATE_DEFAULTS})

    def ready(port: int) -> None:
        host = args.addr.rsplit(":", 1)[0]
        if args.worker:
            print(f"carthago: worker pid {os.getpid()} serving gRPC on {host}:{port}", flush=True)
            return
        print(f"carthago: serving gRPC on {host}:{port} (store {_redacted(store)}); Ctrl-C stops", flush=True)
        print(f"  play a first game:  .venv/bin/carthago play roma --bots random,random --server {host}:{port}",
              flush=True)

    def http_ready(web) -> None:
        print(f"carthago: serving the web client and the API for browsers (Connect, gRPC-Web) on {web.url}/",
              flush=True)

    http = None
    if args.http_addr and args.http_addr != "off":
        origins = [o.strip() for value in args.cors_origin or [] for o in value.split(",") if o.strip()]
        http = {"addr": args.http_addr, "cors_origins": origins, "on_ready": http_ready,
                "reuse_port": bool(args.worker)}  # workers share the browser address too
    from server.store import StoreUnavailable

    run = asyncio.run
    if args.loop == "uvloop":  # libuv's event loop: less time per callback (measured in bench/README.md)
        try:
            import uvloop
        except ImportError:
            sys.exit("--loop uvloop: uvloop is not installed (make setup installs it); or use --loop asyncio")
        run = uvloop.run
    try:
        supervisor = int(os.environ.get("CARTHAGO_SUPERVISOR_PID") or os.getppid()) if args.worker else None
        run(serve(args.addr, store, config, on_ready=ready, grace=args.grace, reuse_port=args.worker,
                  http=http, supervisor_pid=supervisor))
    except (StoreUnavailable, OSError, RuntimeError, ValueError) as exc:  # before serving: said plainly
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


def _redacted(store: str) -> str:
    """A store URL without its password, for messages."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(store)
    if parts.password:
        netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
        return urlunsplit(parts._replace(netloc=netloc))
    return store


def cmd_migrate(args) -> int:
    _engine_modules()
    from server.store import is_postgres

    if not is_postgres(args.store):
        print(f"{args.store}: SQLite and memory stores create their tables when opened; nothing to migrate")
        return 0
    from server.pgstore import migrate, parse_url

    conninfo, schema = parse_url(args.store)
    try:
        before, after = migrate(conninfo, schema)
    except Exception as exc:  # noqa: BLE001 - reported to the operator
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"schema {schema}: version {before} -> {after}" if before != after
          else f"schema {schema}: at version {after}, nothing to do")
    return 0


# ---- games / new --------------------------------------------------------------

def cmd_games(args) -> int:
    from .client import CarthagoError, Client

    if args.local:
        _engine_modules()
        from engine import registry

        from .bots import search_plugin

        levels = search_plugin().levels
        rows = [(g.info.id, g.info.player_counts, [(lv.name, lv.title, lv.describe()) for lv in levels(g.info.id)])
                for g in registry.all_games()]
    else:
        try:
            with Client(args.server) as client:
                rows = [(g.id, tuple(g.player_counts), [(lv.name, lv.title, lv.description) for lv in g.bot_levels])
                        for g in client.game_types()]
        except CarthagoError as err:
            return _fail(err)
    for game_id, counts, bot_levels in rows:
        print(f"{game_id}\t{','.join(map(str, counts))}")
        if args.levels:
            for name, title, description in bot_levels:
                print(f"  {name}\t{title}\t{description}")
    return 0


def cmd_new(args) -> int:
    from .client import CarthagoError, Client

    reserved = {}
    for item in args.reserve or []:
        seat, sep, name = item.partition("=")
        if not sep or not seat.strip().lstrip("-").isdigit():
            sys.exit(f"--reserve takes SEAT=NAME (a seat number, then the player's name), not {item!r}")
        reserved[int(seat)] = name
    house = {}
    for item in args.house or []:
        seat, sep, bot = item.partition("=")
        if not sep or not seat.strip().isdigit() or not bot.strip():
            sys.exit(f"--house takes SEAT=BOT (a seat number, then level:N or random), not {item!r}")
        house[int(seat)] = bot.strip()
    from .clocks import parse_clock

    try:
        clock = parse_clock(args.clock)
    except ValueError as err:
        sys.exit(str(err))
    try:
        with Client(args.server) as client:
            made = client.create_reserved(args.game, reserved, args.players or 0, _options(args.option),
                                          args.seed.encode() if args.seed else None, clock, house)
    except CarthagoError as err:
        return _fail(err)
    game = made.game
    print(f"game id: {game.game_id}")
    print(f"seats: {', '.join(s.name for s in game.seats)}; seed commitment {game.seed_commitment}")
    for invite in made.invites:  # shown once: the server keeps only their hashes
        print(f"invite for seat {invite.seat} ({invite.player}): {invite.invite}")
        print(f"  in a browser: {args.web.rstrip('/')}/game/{game.game_id}?invite={quote(invite.invite, safe='')}")
    for s in game.seats:
        if s.house_bot:
            print(f"seat {s.seat} ({s.name}): the server's house bot, {s.house_bot}")
    print(f"creator token (seats house bots later: carthago house {game.game_id} SEAT level:N --creator TOKEN): "
          f"{made.creator_token}")
    return 0


def cmd_house(args) -> int:
    from .client import CarthagoError, Client

    try:
        with Client(args.server) as client:
            game = client.seat_house_bot(args.game_id, args.seat, args.bot, args.creator)
    except CarthagoError as err:
        return _fail(err)
    print(f"seat {args.seat} ({game.seats[args.seat].name}) of {game.game_id}: the server's house bot, {args.bot}")
    return 0


# ---- play ---------------------------------------------------------------------

def _local_server():
    """An in-process server on a free loopback port with the memory store."""
    _engine_modules()
    from server.app import ServerThread

    return ServerThread()


def play_game(client, game_type: str, players: int, options: dict[str, str], bots: list[str],
              seed: str | None, progress=None, max_steps: int = 1_000_000, sign: bool = False):
    """Create a game, seat one bot per seat (with ``sign``, each a fresh player that signs its
    commands), play it to the end. Returns (game id, final summary, steps)."""
    from .bots import make_bot

    game = client.create(game_type, players, options, seed.encode() if seed else None)
    n = game.players
    if len(bots) != n:
        raise SystemExit(f"{game_type} with {n} players needs {n} bots (--bots {','.join(['random'] * n)})")
    sessions = keys_cli.fresh_players(client, n, bots) if sign else [None] * n
    seats = [client.join(game.game_id, seat=i, player="" if sign else f"{kind}-bot", session=sessions[i])
             for i, kind in enumerate(bots)]
    agents = [make_bot(kind, seat, seed or "0") for kind, seat in zip(bots, seats)]
    steps = 0
    while steps < max_steps:
        summary = client.game(game.game_id)
        if summary.status.over:
            return game.game_id, summary, steps
        for s in summary.status.to_act:
            if agents[s].act_once():
                steps += 1
        if progress:
            progress(steps, summary.head_seq)
    raise SystemExit(f"the game did not end within {max_steps} commands")


def cmd_play(args) -> int:
    from .client import CarthagoError, Client

    from .bots import check_spec

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    for spec in sorted(set(bots)):
        try:
            check_spec(spec)
        except ValueError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
    local = _local_server() if args.local else None
    addr = local.addr if local else args.server
    tty = sys.stderr.isatty()
    started = time.monotonic()

    def progress(steps: int, seq: int) -> None:
        if tty and steps % 20 == 0:
            print(f"\r  playing: {steps} commands, log at seq {seq} ({time.monotonic() - started:.1f}s)",
                  end="", file=sys.stderr, flush=True)

    try:
        with Client(addr) as client:
            client.wait_ready(5)
            game_id, summary, steps = play_game(client, args.game, args.players or 0, _options(args.option),
                                                bots, args.seed, progress, sign=args.sign)
            if tty:
                print(file=sys.stderr)
            st = summary.status
            if args.lang == "fr":  # the same lines in French (the game's reason stays the server's word)
                result = "vainqueur : " + ", ".join(f"place {w} ({summary.seats[w].name})" for w in st.winners) \
                    if st.winners else NO_WINNER_FR[st.everyone_lost]
                print(f"{args.game} : {result} ; scores {list(st.scores)} ; {st.reason}")
                print(f"{steps} commandes, {summary.head_seq + 1} enregistrements en {time.monotonic() - started:.1f} s")
                print(f"partie : {game_id}")
                print(f"empreinte du journal : {summary.head_hash}")
            else:
                result = "winner: " + ", ".join(f"seat {w} ({summary.seats[w].name})" for w in st.winners) \
                    if st.winners else NO_WINNER[st.everyone_lost]
                print(f"{args.game}: {result}; scores {list(st.scores)}; {st.reason}")
                print(f"{steps} commands, {summary.head_seq + 1} log records in {time.monotonic() - started:.1f}s")
                print(f"game id: {game_id}")
                print(f"log hash: {summary.head_hash}")
            if args.export:
                _write_export(client.export(game_id), args.export)
    except CarthagoError as err:
        return _fail(err)
    except Exception as err:  # noqa: BLE001 - the transport
        import grpc

        if isinstance(err, grpc.FutureTimeoutError) or "UNAVAILABLE" in repr(err):
            print(f"error: no Carthago server answers at {addr}: start one with `make run`, "
                  "or play in process with --local", file=sys.stderr)
            return 1
        raise
    finally:
        if local:
            local.close()
    return 0


# ---- watch / export / verify ---------------------------------------------------

def describe(record, seat_names=()) -> str:
    """One readable line per event: seq, what happened with every field (zeros included), and who
    caused it. Fields that name a seat (``seat``, ``by``…) are the event's subject; the author is
    the seat whose command caused the record, said last as "by …"."""
    from google.protobuf import json_format

    game = record.event.WhichOneof("game")
    payload = getattr(record.event, game)
    kind = payload.WhichOneof("kind")
    message = getattr(payload, kind)
    if kind == "seed_revealed":
        fields = f"seed={message.seed.hex()}"
    else:
        doc = json_format.MessageToDict(message, preserving_proto_field_name=True,
                                        always_print_fields_with_no_presence=True)
        fields = " ".join(f"{k}={_value(v)}" for k, v in doc.items())

    def seat(n: int) -> str:
        return f"seat {n} ({seat_names[n]})" if 0 <= n < len(seat_names) else f"seat {n}"

    who = "the platform" if record.actor < 0 else seat(record.actor)
    hidden = " [hidden from you: its public form]" if record.redacted else ""
    return f"{record.seq:6d}  {kind}{hidden}  {fields}".rstrip() + f"  (by {who})"


def _value(v) -> str:
    import json

    return v if isinstance(v, str) and v and " " not in v else json.dumps(v, separators=(",", ":"))


def cmd_bot(args) -> int:
    """A stand-alone bot: joins (or resumes with its token) one seat and plays it to the end."""
    from .bots import check_spec, make_bot
    from .client import CarthagoError, Client, Seat

    try:
        check_spec(args.bot)
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    if args.accept:
        return _bot_accept(args)
    if not args.game_id:
        print("error: name the game to play (GAME_ID), or wait for games with --accept --name NAME", file=sys.stderr)
        return 2
    try:
        with Client(args.server) as client:
            if args.token:
                if args.seat is None:
                    print("error: with --token, say which seat it holds (--seat N)", file=sys.stderr)
                    return 2
                seat = Seat(client, args.game_id, args.seat, args.token)
            else:
                seat = client.join(args.game_id, seat=args.seat, player=args.name or ("" if args.invite else
                                                                                   f"{args.bot}-bot"),
                                   invite=args.invite or "", session=keys_cli.session_for(client, args))
                print(f"seat {seat.seat}; token {seat.token}", flush=True)
            make_bot(args.bot, seat, args.seed).play()
            print(result_line(client.game(args.game_id).status))
    except CarthagoError as err:
        return _fail(err)
    except KeyboardInterrupt:
        pass
    return 0


def _bot_accept(args) -> int:
    """`carthago bot --accept`: wait for games on the open-seats feed and play them (carthago.accept)."""
    from .accept import Acceptor
    from .bots import make_bot

    if args.game_id or args.token or args.seat is not None or args.invite:
        print("error: --accept joins the games it finds: give no GAME_ID, --seat, --token or --invite",
              file=sys.stderr)
        return 2
    if not args.name:
        print("error: --accept needs --name NAME (the name it joins under; seats reserved for it are "
              "announced)", file=sys.stderr)
        return 2
    if args.max_games < 0 or args.concurrency < 1:
        print("error: --max-games is 0 (no limit) or more, --concurrency 1 or more", file=sys.stderr)
        return 2
    acceptor = Acceptor(args.server, args.name, args.bot, make_bot, args.game or [], _options(args.option),
                        max_games=args.max_games, concurrency=args.concurrency, seed=args.seed,
                        invites=args.invites, state=args.state,
                        key=keys_cli.load_key(args.key) if args.key else None)
    try:
        return acceptor.run()
    except KeyboardInterrupt:
        return 0


def cmd_watch(args) -> int:
    from .client import CarthagoError, Client

    try:
        with Client(args.server, token=args.token) as client:
            names = [s.name for s in client.game(args.game_id).seats]
            words = getattr(args, "words", False)
            for batch in client.stream(args.game_id, args.from_seq, with_words=words, language=getattr(args, "lang", "")):
                for record in batch.events:
                    print(f"{record.seq:6d}  {record.words}" if words and record.words else describe(record, names), flush=True)
                if batch.status.over:
                    print(result_line(batch.status))
    except CarthagoError as err:
        return _fail(err)
    except KeyboardInterrupt:
        pass
    return 0


def cmd_conformance(args) -> int:
    _engine_modules()
    try:
        from conformance.cli import run
    except ImportError:
        sys.exit("the conformance suite is not installed in this checkout")
    return run(args)


# ---- tournaments (clients/python/carthago/tournament.py) ---------------------------

def cmd_tournament(args) -> int:
    """Play a round-robin or Swiss tournament between bots, export every log, write the standings."""
    from . import tournament as T
    from .client import CarthagoError

    if args.resume:
        if args.server is None:
            print("error: --resume DIR goes on with the event on the server it was played on: give --server "
                  "HOST:PORT (an in-process server's games ended with its process)", file=sys.stderr)
            return 2
        out = Path(args.resume)
        try:
            doc = T.resume(args.server, out, say=lambda line: print(line, flush=True),
                           invites=Path(args.invites) if args.invites else None, retry_for=args.retry_for)
        except T.TournamentError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
        except CarthagoError as err:
            return _fail(err)
        return _tournament_done(T, doc, out)
    if not args.game or not args.bot or not args.out:
        print("error: a tournament needs --game, --bot (each entrant) and --out (or --resume DIR)", file=sys.stderr)
        return 2
    try:
        entrants = T.parse_entrants(args.bot or [])
        T.parse_clock(args.clock)
    except T.TournamentError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    if args.server is None and any(e.remote for e in entrants):
        print("error: remote entrants play on a server they can reach: give --server HOST:PORT (the "
              "in-process server's address is known to nobody else)", file=sys.stderr)
        return 2
    local = None
    if args.server is None:
        _engine_modules()
        from server.app import ServerThread

        local = ServerThread(args.store)
    out = Path(args.out)
    try:
        doc = T.run(local.addr if local else args.server, args.game, entrants, args.format, args.games_per_pairing,
                    out, rounds=args.rounds, players=args.players, options=_options(args.option),
                    clock_text=args.clock, seed=args.seed, say=lambda line: print(line, flush=True),
                    invites=Path(args.invites) if args.invites else None, show_timeout=args.show_timeout,
                    retry_for=args.retry_for)
    except T.TournamentError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except CarthagoError as err:
        code = _fail(err)
        if err.status == "UNAVAILABLE" and args.server:
            print(f"the event stopped with the server unavailable; go on with: carthago tournament --resume {out} "
                  f"--server {args.server}" + (f" --invites {args.invites}" if args.invites else ""), file=sys.stderr)
        return code
    finally:
        if local:
            local.close()
    return _tournament_done(T, doc, out)


def _tournament_done(T, doc: dict, out: Path) -> int:
    import hashlib

    print()
    print(T.table(doc["standings"]))
    digest = hashlib.sha256((out / "standings.json").read_bytes()).hexdigest()
    print(f"wrote {out}/standings.json (sha256 {digest}), {out}/README.txt and {len(doc['games'])} log{'s' if len(doc['games']) != 1 else ''} in "
          f"{out}/games; audit with: carthago verify-tournament {out} --sha256 {digest}")
    return 0


def cmd_verify_tournament(args) -> int:
    """Re-verify a tournament directory from its logs alone; non-zero naming the first problem."""
    _engine_modules()
    from . import tournament as T

    try:
        doc = T.audit(Path(args.dir), sha256=args.sha256)
    except T.AuditProblem as err:
        print(f"INVALID: {err}")
        return 1
    print(T.table(doc["standings"]))
    return 0


# ---- parser -----------------------------------------------------------------

def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="carthago", description="Play and host board games of Rome and Carthage.")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    s = sub.add_parser("serve", help="run the gRPC server")
    s.add_argument("--addr", default=DEFAULT_ADDR, help="HOST:PORT to listen on (env CARTHAGO_ADDR)")
    s.add_argument("--store", default="sqlite:var/carthago.db",
                   help="sqlite:PATH, memory, or postgresql://USER@HOST:PORT/DB[?schema=NAME] "
                        "(env CARTHAGO_STORE; PostgreSQL also reads CARTHAGO_PG_* and libpq's PG* variables)")
    s.add_argument("--durability", choices=("full", "process"), default="full",
                   help="what an acknowledged command survives, SQLite: 'full' (default) fsyncs every commit "
                        "group, surviving a power loss; 'process' writes the commit to the OS but does not fsync "
                        "it, surviving a killed server but not a crashed machine (env CARTHAGO_DURABILITY)")
    s.add_argument("--talk-burst", type=_positive_int, default=10, metavar="N",
                   help="table talk (a game's chat): messages a seat may send in a row before the pace below "
                        "applies (default 10); faster talk is refused with TALK_TOO_FAST")
    s.add_argument("--talk-per-minute", type=_positive_float, default=20.0, metavar="N",
                   help="table talk: the pace a seat may keep up after its burst (default 20 a minute)")
    s.add_argument("--claim-after", type=_claim_after, default=3 * 86400.0, metavar="SECONDS",
                   help="games without clocks: seconds a seat may owe its move before the other seats may claim "
                        "the game from it (default 259200, three days; 0: no claims; at most 30 days); recorded "
                        "in each new game's log (env CARTHAGO_CLAIM_AFTER)")
    for kind, (default, what) in RATE_DEFAULTS.items():
        s.add_argument(f"--{kind}-per-minute", type=_rate, default=default, metavar="N",
                       help=f"{what}: calls one client address may make in a row, then N a minute (default "
                            f"{default:g}; 0: no limit); beyond, RESOURCE_EXHAUSTED / RATE_LIMITED "
                            f"(env CARTHAGO_{kind.upper()}_PER_MINUTE)")
    s.add_argument("--bot-workers", type=int, default=0, metavar="N",
                   help="processes that search the house bots' moves (default 0: one per core); moves beyond "
                        "them wait their turn (env CARTHAGO_BOT_WORKERS)")
    s.add_argument("--loop", choices=("uvloop", "asyncio"), default="uvloop",
                   help="the event loop: uvloop (default, faster) or the standard library's asyncio "
                        "(env CARTHAGO_LOOP)")
    s.add_argument("--workers", type=int, default=1,
                   help="serve with N processes on one address (SO_REUSEPORT); needs a PostgreSQL store "
                        "(env CARTHAGO_WORKERS)")
    s.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)  # one of --workers' processes
    s.add_argument("--evict-after", type=float, default=600.0,
                   help="seconds after which an idle game leaves memory; 0 never (env CARTHAGO_EVICT_AFTER)")
    s.add_argument("--max-games", type=int, default=20000,
                   help="games kept in memory at most; beyond, the least recently used idle ones leave "
                        "(env CARTHAGO_MAX_GAMES)")
    s.add_argument("--grace", type=float, default=10.0,
                   help="seconds calls in flight get to finish on SIGTERM (env CARTHAGO_GRACE)")
    s.add_argument("--snapshot-every", type=int, default=200,
                   help="events between snapshots (env CARTHAGO_SNAPSHOT_EVERY)")
    s.add_argument("--operator-token", default=None,
                   help="a token that may read any game's log (env CARTHAGO_OPERATOR_TOKEN)")
    s.add_argument("--allow-client-seeds", action="store_true",
                   help="let CreateGame choose the seed (tests only; env CARTHAGO_ALLOW_CLIENT_SEEDS=1)")
    s.add_argument("--http-addr", default="127.0.0.1:8080",
                   help="HOST:PORT of the web client and the API for browsers (Connect, gRPC-Web); "
                        "'off' serves none (env CARTHAGO_HTTP_ADDR)")
    s.add_argument("--cors-origin", action="append", metavar="ORIGIN",
                   help="an origin whose pages may call the HTTP API (e.g. http://localhost:5173; '*' any); "
                        "repeatable or comma-separated (env CARTHAGO_CORS_ORIGIN or CARTHAGO_CORS_ORIGINS)")
    s.add_argument("--log-format", choices=("text", "json"), default="text",
                   help="log lines as text (default) or one JSON object a line (env CARTHAGO_LOG_FORMAT)")
    s.add_argument("--log-level", type=str.lower, choices=LOG_LEVELS, default="warning",
                   help="debug, info (a line per RPC), warning (default) or error (env CARTHAGO_LOG_LEVEL)")
    serve_config.prepare(s)  # --config, --print-config; every option also from CARTHAGO_* and the file
    s.set_defaults(func=cmd_serve)

    s = sub.add_parser("migrate", help="create or upgrade a PostgreSQL store's schema (serve also does it on start)")
    s.add_argument("--store", default=os.environ.get("CARTHAGO_STORE", "sqlite:var/carthago.db"),
                   help="postgresql://…[?schema=NAME] (env CARTHAGO_STORE)")
    s.set_defaults(func=cmd_migrate)
    ops_cli.add_migrate_copy(s, cmd_migrate)  # --from/--to: copy a store into another (docs/OPERATIONS.md)
    ops_cli.register(sub, _engine_modules, _redacted)  # backup, restore, admin

    s = sub.add_parser("games", help="list the games (id, then player counts)")
    s.add_argument("--server", default=DEFAULT_ADDR)
    s.add_argument("--levels", action="store_true", help="under each game, the house bot's levels (level:N) "
                                                         "and what each spends a move")
    s.add_argument("--local", action="store_true", help="ask the installed engine instead of a server")
    s.set_defaults(func=cmd_games)

    def game_args(s):
        s.add_argument("game", help="game id (see `carthago games`)")
        s.add_argument("--players", type=int, default=0, help="player count (default: the game's first)")
        s.add_argument("--option", action="append", metavar="K=V", help="a game option (repeatable)")
        s.add_argument("--seed", help="the game's seed (the server must allow client seeds)")
        s.add_argument("--server", default=DEFAULT_ADDR, help="server address (env CARTHAGO_ADDR)")

    s = sub.add_parser("new", help="create a game and print its id")
    game_args(s)
    s.add_argument("--reserve", action="append", metavar="SEAT=NAME",
                   help="keep a seat for a named player (repeatable); prints its invite, once, and its link")
    s.add_argument("--web", default=os.environ.get("CARTHAGO_WEB", "http://127.0.0.1:8080"), metavar="URL",
                   help="the web client's address, for the invite links (env CARTHAGO_WEB; serve's --http-addr)")
    s.add_argument("--clock", metavar="CLOCK",
                   help="clocks for the seats: Fischer 600+5 (each seat's seconds + the increment per move), "
                        "a simple delay 600d3 (seconds, then the delay per move) or correspondence 3d / 36h / "
                        "90m (per move); they run once every seat is claimed, and a seat whose time runs out loses")
    s.add_argument("--house", action="append", metavar="SEAT=BOT",
                   help="a seat the server plays itself, with its house bot: level:N (carthago games --levels) or "
                        "random (repeatable)")
    s.set_defaults(func=cmd_new)

    s = sub.add_parser("house", help="give an open seat of a live game to the server's house bot (the game's "
                                     "creator token, or the operator token, authorizes)")
    s.add_argument("game_id")
    s.add_argument("seat", type=int)
    s.add_argument("bot", help="level:N (carthago games --levels) or random")
    s.add_argument("--creator", required=True, metavar="TOKEN", help="the creator token `carthago new` printed")
    s.add_argument("--server", default=DEFAULT_ADDR)
    s.set_defaults(func=cmd_house)

    s = sub.add_parser("play", help="play a whole game with bots and print the result")
    game_args(s)
    s.add_argument("--bots", required=True,
                   help="one bot per seat, comma-separated: random, level:N (the house bot's levels, "
                        "carthago games --levels), mcts:N (N search iterations a move) or mcts:Nms (N milliseconds a move)")
    s.add_argument("--local", action="store_true", help="start an in-process server with the memory store")
    s.add_argument("--export", metavar="FILE", help="also export the finished game's log to FILE")
    s.add_argument("--sign", action="store_true", help="each seat a fresh key and player, signing every command")
    lang_arg(s)
    s.set_defaults(func=cmd_play)

    s = sub.add_parser("bot", help="play one seat of a game on a server with a bot, until the game ends; "
                       "with --accept, wait for open seats and play game after game")
    s.add_argument("game_id", nargs="?", help="the game to play (not with --accept)")
    s.add_argument("--bot", default="mcts:200ms",
                   help="random, level:N (carthago games --levels), mcts:N or mcts:Nms (default mcts:200ms)")
    s.add_argument("--seat", type=int, default=None, help="the seat to claim (default: the first free)")
    s.add_argument("--token", help="play a seat already claimed, with its token (instead of joining)")
    s.add_argument("--seed", default="0", help="the bot's own seed (its choices are reproducible)")
    s.add_argument("--server", default=DEFAULT_ADDR)
    s.add_argument("--invite", help="a reserved seat's invite (from the game's creator): claim that seat")
    s.add_argument("--name", help="the player name to join under (default: BOT-bot; with --invite the reserved one)")
    s.add_argument("--accept", action="store_true",
                   help="follow the server's open seats and join the matching games, one after another, "
                        "until stopped (needs --name)")
    s.add_argument("--game", action="append", metavar="TYPE", help="with --accept: only this game type (repeatable)")
    s.add_argument("--option", action="append", metavar="K=V",
                   help="with --accept: only games with this option value (repeatable)")
    s.add_argument("--max-games", type=int, default=0, help="with --accept: stop after this many games (0: never)")
    s.add_argument("--concurrency", type=int, default=1, help="with --accept: games played at once (default 1)")
    s.add_argument("--invites", metavar="DIR",
                   help="with --accept: take the seats reserved for --name whose invite is in DIR/NAME/GAME_ID "
                        "(a tournament's --invites directory)")
    s.add_argument("--state", metavar="DIR",
                   help="with --accept: keep each game's seat (its token) in DIR/GAME_ID.json, readable by you only, "
                        "and go on with those games when started again (after a crash or a restart)")
    keys_cli.add_key_argument(s)
    s.set_defaults(func=cmd_bot)
    keys_cli.register(sub)  # keygen, register, login

    s = sub.add_parser("watch", help="print a game's events as they happen")
    s.add_argument("game_id")
    s.add_argument("--server", default=DEFAULT_ADDR)
    s.add_argument("--token", help="a seat's token (its view) or the operator's; default: spectator")
    s.add_argument("--words", action="store_true",
                   help="each event in a sentence, the server's words for what your seat sees (StreamEvents with_words)")
    lang_arg(s, "the language of --words")
    s.add_argument("--from-seq", type=int, default=0)
    s.set_defaults(func=cmd_watch)

    from .joining import add_join

    add_join(sub, DEFAULT_ADDR, _fail)
    seat_cli.register(sub, DEFAULT_ADDR, _fail)  # resign, abort, claim, draw

    s = sub.add_parser("export", help="export a finished game's log to a file")
    s.add_argument("game_id")
    s.add_argument("-o", "--output", required=True)
    s.add_argument("--server", default=DEFAULT_ADDR)
    s.add_argument("--token", help="the operator token, to export a game still in play")
    s.set_defaults(func=cmd_export)

    s = sub.add_parser("verify", help="check an exported log: chain, seed and replay (no server needed)")
    s.add_argument("file", nargs="+", help="the binary log (`carthago export -o FILE`), not its .jsonl rendering; "
                                            "several logs are checked in parallel, one process per core")
    s.add_argument("--jobs", "-j", type=int, default=0, metavar="N",
                   help="processes verifying several logs at once (default 0: one per core)")
    s.add_argument("--head", metavar="HASH",
                   help="the head hash the organiser published (hex): the log must end there; how a "
                        "tournament publishes a result (docs/PROTOCOL.md)")
    s.set_defaults(func=cmd_verify)

    s = sub.add_parser("tournament", help="play a round-robin or Swiss tournament between bots; "
                                          "writes every game's log and the standings, for anyone to audit")
    s.add_argument("--game", help="roma, hannibal, rome-et-carthage, republic-of-carthage")
    s.add_argument("--players", type=int, default=0,
                   help="seats per game (default 2, or the game's smallest count); more than 2: round-robin "
                        "of every table of that many entrants, seats turned each game, no Elo")
    s.add_argument("--option", action="append", metavar="K=V", help="a game option for every game (repeatable)")
    s.add_argument("--bot", action="append", metavar="NAME=SPEC",
                   help="an entrant: its name (the player name in the logs) and its bot: random, mcts:N or "
                        "mcts:Nms, played by this process; remote: a bot elsewhere that takes its seats "
                        "with the invites written to --invites; player: a registered player's bot that hears "
                        "of its seats on its stream (repeat for each entrant)")
    s.add_argument("--invites", metavar="DIR",
                   help="with remote entrants: where each game's invite is written, as DIR/NAME/GAME_ID, for "
                        "`carthago bot --accept --name NAME --invites DIR` (keep it private; not in --out)")
    s.add_argument("--show-timeout", type=float, default=60.0, metavar="S",
                   help="seconds a remote entrant has to claim its seat of each game (default 60); a no-show "
                        "forfeits (its seat is claimed and resigned), or the game is aborted if nobody came")
    s.add_argument("--format", choices=("round-robin", "swiss"), default="round-robin")
    s.add_argument("--rounds", type=int, default=0, help="Swiss rounds (default: log2 of the entrants, rounded up)")
    s.add_argument("--games-per-pairing", type=int, default=2, metavar="K",
                   help="games each pairing (or table) plays, seats alternating (odd K: the last game's seats by a "
                        "seeded coin; N seats: turning one seat a game, from a seeded start when N does not divide K)")
    s.add_argument("--clock", metavar="CLOCK",
                   help="each game's clocks, as for `carthago new` (600+5, 600d3, 3d, 36h); a bot whose time "
                        "runs out loses on time. With remote entrants the default is 5m (five minutes a move): "
                        "a remote bot that falls silent loses on time instead of stalling the event")
    s.add_argument("--seed", help="the tournament's seed (the odd game's coin, the bots' seeds); default random, "
                                  "recorded in standings.json")
    where = s.add_mutually_exclusive_group()
    where.add_argument("--server", default=None, help="play on this server (default: an in-process one)")
    where.add_argument("--store", default="memory", help="the in-process server's store (default memory)")
    s.add_argument("--out", metavar="DIR", help="a new directory for the logs and the standings")
    s.add_argument("--resume", metavar="DIR", help="go on with the interrupted event in DIR (its standings.json "
                   "\"in progress\"), on --server: its settings are DIR's, its recorded games kept, the game it "
                   "was playing continued")
    s.add_argument("--retry-for", type=float, default=120.0, metavar="S",
                   help="seconds a call retries an unavailable server (a worker crash, a rolling restart), with "
                        "back-off, before the event stops (default 120; then --resume)")
    s.set_defaults(func=cmd_tournament)

    s = sub.add_parser("verify-tournament", help="audit a tournament directory: every log, sha256, head hash, "
                                                 "result, pairing and standing, from the logs alone")
    s.add_argument("dir", help="the directory `carthago tournament --out` wrote")
    s.add_argument("--sha256", metavar="HASH", help="standings.json's published SHA-256 (printed by `carthago "
                   "tournament`): the directory must be that event, not one resealed since")
    s.set_defaults(func=cmd_verify_tournament)

    s = sub.add_parser("render", help="draw a game type's map, or a game's position (an exported log, or a game "
                                      "on a server), as SVG")
    s.add_argument("target", help="a game type (its empty map: rome-et-carthage, hannibal), an exported log file, "
                                  "or a game id on --server (finished; a live one with the operator --token)")
    s.add_argument("--seq", type=int, default=None, help="with a log or a game: the position after this record "
                                                         "(default: the last)")
    s.add_argument("--server", default=DEFAULT_ADDR, help="with a game id: the server (env CARTHAGO_ADDR)")
    s.add_argument("--token", help="with a live game id: the operator token")
    s.add_argument("-o", "--output", required=True)
    s.add_argument("--seat", type=int, default=None, help="with a log or a game (roma): draw what this seat sees, "
                                                          "the other hand face down (default: every hand)")
    s.set_defaults(func=cmd_render)

    s = sub.add_parser("moves", help="a game's move list in words: one line per command (an exported log, "
                                     "or a game id on the server)")
    s.add_argument("target", help="an exported log file, or a game id on the server")
    s.add_argument("--seqs", action="store_true", help="also give each command's first log seq")
    s.add_argument("--server", default=DEFAULT_ADDR)
    s.add_argument("--token", help="the operator token, to read a game still in play")
    lang_arg(s)
    s.set_defaults(func=cmd_moves)

    s = sub.add_parser("replay", help="step through a game position by position: writes a page with the board "
                                      "(or the public view) after each command, beside the move list")
    s.add_argument("target", help="an exported log file, or a game id on the server")
    s.add_argument("--out", default="replay", help="directory to write (default ./replay)")
    s.add_argument("--server", default=DEFAULT_ADDR)
    s.add_argument("--token", help="the operator token, to read a game still in play")
    lang_arg(s, "the language of the move list")
    s.set_defaults(func=cmd_replay)

    s = sub.add_parser("conformance", help="run the conformance suite")
    s.add_argument("game", nargs="?", help="one game id (default with --all: every game)")
    s.add_argument("--all", action="store_true")
    s.add_argument("--games", type=int, default=None, help="random games per configuration")
    s.add_argument("--players", type=int, default=None)
    s.add_argument("--option", action="append", metavar="K=V")
    s.add_argument("--seed", type=int, default=None, help="run the single game with this seed")
    s.set_defaults(func=cmd_conformance)
    return p


def main(argv: list[str] | None = None) -> int:
    import signal

    # `carthago watch ID | head` ends quietly. Only as the process's own command line (argv None):
    # a program calling main(argv) (the tests do) must not have a write to a closed socket kill it.
    if argv is None and hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    args = parser().parse_args(argv)
    return args.func(args) or 0


if __name__ == "__main__":
    sys.exit(main())
