"""Reading an exported game for people: its position at any seq as a picture, its move list in
words (each game's ``notation.describe_command``), and the positions after each command.

A game that can draw a position offers ``engine.games.<game>.render.render_position(state, title)``;
one that can draw it as one seat sees it also takes ``seat`` (Roma). A game that names its commands in its own notation offers
``engine.games.<game>.notation.describe_command(state, seat, command)`` (the state the command was
sent in). It may also offer ``describe_outcome(events)``: what the command's events decided, in words
a line should add (the Republic's trials, V.5), or None. The export is the whole log of a finished
game (or a live one, read with the operator token), so the moves show what each seat chose, secret
choices included.
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any, Callable, Iterator

import msgspec

from carthago.v1 import carthago_pb2 as pb
from engine import registry
from engine.core import Game, GameConfig, tag_of
from engine.session import Session

from .log import game_event_of, split_export
from .wire import wire_for


class Move(msgspec.Struct, frozen=True):
    seq: int      # the first record the command caused
    seat: int
    text: str     # the command in the game's notation


def _game_module(game: Game, name: str) -> Any | None:
    try:
        return importlib.import_module(f"engine.games.{game.info.id.replace('-', '_')}.{name}")
    except ModuleNotFoundError:
        return None


def _open(data: bytes) -> tuple[list[pb.LogRecord], pb.GameCreated, Game]:
    bodies = [pb.LogRecord.FromString(s.body) for _, s in split_export(data)]
    if not bodies or bodies[0].event.platform.WhichOneof("kind") != "game_created":
        raise SystemExit("not a Carthago export: its first record is not GameCreated")
    created = bodies[0].event.platform.game_created
    return bodies, created, registry.get(created.game_type)


def _config(created: pb.GameCreated) -> GameConfig:
    return GameConfig(players=created.players, options=dict(created.options))


def plain_description(game: Game, seat: int, command: Any) -> str:
    """A command in words for a game without a notation of its own: its kind and fields."""
    fields = ", ".join(f"{k} {v}" for k, v in msgspec.to_builtins(command).items() if k != "type")
    name = game.info.seat_names[seat] if seat < len(game.info.seat_names) else f"seat {seat}"
    return f"{name.capitalize()}: {tag_of(command).replace('_', ' ')}" + (f" ({fields})" if fields else "")


def _seat_name(game: Game, seat: int) -> str:
    return game.info.seat_names[seat] if 0 <= seat < len(game.info.seat_names) else f"seat {seat}"


def seat_word(game: Game, seat: int, language: str = "en") -> str:
    """A seat by the name the game's words give it in ``language`` (``words.seat_name``: "Rome",
    "Premier", "Bleu"), else its seat name capitalized."""
    words = _game_module(game, "words")
    if words is not None and hasattr(words, "seat_name"):
        return words.seat_name(seat, language)
    return _seat_name(game, seat).capitalize()


# A seat's platform command in words, by kind: (English, French); {name} is the seat, {winners}
# who won, {silent} the seat a claim is made against.
PLATFORM_LINES: dict[str, tuple[str, str]] = {
    "resigned": ("{name} resigns (won by {winners})", "{name} abandonne (gagné par {winners})"),
    "draw_offered": ("{name} offers a draw", "{name} propose la nulle"),
    "draw_accepted": ("{name} accepts the draw", "{name} accepte la nulle"),
    "draw_agreed": ("{name} accepts the draw: the game is drawn", "{name} accepte la nulle : la partie est nulle"),
    "draw_declined": ("{name} declines the draw", "{name} refuse la nulle"),
    "clock_expired": ("{name}'s time runs out (won by {winners})", "{name} n'a plus de temps (gagné par {winners})"),
    "victory_claimed": ("{name} claims the game from silent {silent} (won by {winners})",
                        "{name} réclame la partie à {silent}, silencieux (gagné par {winners})"),
    "game_aborted": ("{name} aborts the game (no result)", "{name} annule la partie (sans résultat)"),
    "operator_aborted": ("The operator aborts the game (no result): {reason}",
                         "L'opérateur annule la partie (sans résultat) : {reason}"),
}


def platform_description(game: Game, seat: int, event: pb.PlatformEvent, language: str = "en") -> str:
    """A seat's platform command (resign, draw, abort, a claim) in words, from the event it caused."""
    fr = language == "fr"
    name = seat_word(game, seat, language)
    kind = event.WhichOneof("kind")
    winners = {"resigned": lambda: event.resigned.winners, "clock_expired": lambda: event.clock_expired.winners,
               "victory_claimed": lambda: event.victory_claimed.winners}.get(kind, lambda: [])()
    seat_of = (lambda w: seat_word(game, w, language)) if fr else (lambda w: _seat_name(game, w))
    fields = {"name": name, "winners": ", ".join(seat_of(w) for w in winners) or ("personne" if fr else "nobody"),
              "silent": seat_of(event.victory_claimed.silent_seat) if kind == "victory_claimed" else "",
              "reason": event.operator_aborted.reason if kind == "operator_aborted" else ""}
    if kind == "draw_accepted" and event.draw_accepted.agreed:
        kind = "draw_agreed"
    if kind in PLATFORM_LINES:
        return PLATFORM_LINES[kind][fr].format(**fields)
    return f"{name} : {kind}" if fr else f"{name}: {kind}"


def describer(game: Game, language: str = "en") -> Callable[[Any, int, Any], str]:
    """The game's ``notation.describe_command`` in ``language`` (itself for English)."""
    notation = _game_module(game, "notation")
    if notation is not None:
        if language == "en":
            return notation.describe_command
        return lambda state, seat, command: notation.describe_command(state, seat, command, language)
    return lambda state, seat, command: plain_description(game, seat, command)


def outcome_describer(game: Game, language: str = "en") -> Callable[[list[Any]], str | None] | None:
    notation = _game_module(game, "notation")
    outcome = getattr(notation, "describe_outcome", None) if notation is not None else None
    if outcome is None or language == "en":
        return outcome
    return lambda events: outcome(events, language)


def walk(data: bytes, language: str = "en") -> Iterator[tuple[Move | None, Any, int]]:
    """The positions of an exported game: first the one after set-up (no move), then after each
    command. Yields ``(move, state, last seq)``; the state is the session's own (copy to keep it).
    A move's text ends with what its events decided, where the game's notation says it; every text
    in ``language`` ("en" or "fr")."""
    bodies, created, game = _open(data)
    wire, describe, outcome = wire_for(game), describer(game, language), outcome_describer(game, language)
    config = _config(created)
    session = Session(game, config, b"", game.initial(config), 0)
    move: Move | None = None
    caused: list[Any] = []  # the game events since the move's command

    def done(m: Move | None) -> Move | None:
        said = outcome(caused) if outcome is not None and m is not None and caused else None
        return Move(m.seq, m.seat, f"{m.text} \u2014 {said}") if m is not None and said else m

    last = 0
    for body in bodies:
        env = body.envelope
        sent = env.command.WhichOneof("game") if env.seat >= 0 and env.part == 0 else None
        expired = body.event.platform.clock_expired if body.event.platform.HasField("clock_expired") else None
        stopped = body.event.platform.operator_aborted if body.event.platform.HasField("operator_aborted") else None
        if expired is not None:  # written by the server, not sent by a seat: still a line of the list
            if move is not None or last:
                yield done(move), session.state, last
            move, caused = Move(body.seq, expired.seat, platform_description(game, expired.seat, body.event.platform, language)), []
        elif stopped is not None:  # the operator's abort (carthago admin abort): a line too, by no seat
            if move is not None or last:
                yield done(move), session.state, last
            move, caused = Move(body.seq, -1, platform_description(game, -1, body.event.platform, language)), []
        elif sent == wire.field or sent == "platform":
            if move is not None or last:
                yield done(move), session.state, last
            caused = []
            if sent == "platform":
                move = Move(body.seq, env.seat, platform_description(game, env.seat, body.event.platform, language))
            else:
                command = wire.command_from_proto(getattr(env.command, wire.field))
                move = Move(body.seq, env.seat, describe(session.state, env.seat, command))
        event = game_event_of(wire, body)
        if event is not None:
            session.state = game.evolve(session.state, event)
            session.position += 1
            caused.append(event)
        last = body.seq
    yield done(move), session.state, last


def moves(data: bytes, language: str = "en") -> list[Move]:
    """Every command of an exported game, in order, in the game's notation in ``language``."""
    return [m for m, _, _ in walk(data, language) if m is not None]


def position_renderer(game: Game) -> Callable[[Any, str], str] | None:
    render = _game_module(game, "render")
    return getattr(render, "render_position", None) if render is not None else None


def render_export(data: bytes, seq: int | None, seat: int | None = None) -> str:
    bodies, created, game = _open(data)
    draw = position_renderer(game)
    if draw is None:
        raise SystemExit(f"{game.info.id} has no board to draw")
    if seat is not None:
        if "seat" not in inspect.signature(draw).parameters:
            raise SystemExit(f"{game.info.id} draws the whole position only: leave out --seat")
        if not 0 <= seat < created.players:
            raise SystemExit(f"--seat must be in 0..{created.players - 1}")
    last = len(bodies) - 1 if seq is None else seq
    if not 0 <= last < len(bodies):
        raise SystemExit(f"--seq must be in 0..{len(bodies) - 1}")
    wire = wire_for(game)
    events = [e for b in bodies[: last + 1] if (e := game_event_of(wire, b)) is not None]
    session = Session.replay(game, _config(created), b"", events)
    title = f"{created.game_id} at seq {last}"
    return draw(session.state, title) if seat is None else draw(session.state, title, seat=seat)


def export_game(data: bytes) -> tuple[str, str]:
    """(game id, game type) of an export."""
    _, created, game = _open(data)
    return created.game_id, game.info.id
