"""The game's own words for what a seat may do now and for what it is told happened (issue 36 item 4).

``legal_words`` (``ListLegalCommandsRequest.with_words``): each command is put in words by the
game's notation (``server.render.describer``: the words of ``carthago moves``), but never from the
real state: from a state drawn for the asking seat by the game's ``sample_hidden``, which holds
what the seat sees and the rest redrawn. So a phrase can name nothing hidden from the seat, whatever
a game's notation reads (its contract test: tests/test_words.py). A seat's own commands read the
same in any such draw, since they are made of what the seat knows.

Both come in the request's ``language`` ("en", the default, or "fr": ``check_language`` refuses any
other before the request does anything); each game's ``words.describe_event`` and
``notation.describe_command`` take the language, with French tables beside the English ones.

``record_words`` (``StreamEventsRequest.with_words``): each record in a sentence, made from the
record exactly as the receiver gets it (its redacted public form when the event is hidden from it)
by the game's ``words.describe_event``, which reads nothing but that event; platform records
(claims, resignations, draws, clocks) are worded here. So the words can name nothing the record
itself does not show the receiver (tests/test_event_words.py, tests/test_http.py's leak test).
"""

from __future__ import annotations

import secrets
from typing import Any, Callable

from carthago.v1 import carthago_pb2 as pb
from engine.core import Game
from engine.rng import Rng

from engine.phrases import language_of

from .failures import HostError
from .render import _game_module, describer, seat_word
from .wire import GameWire

BAD_LANGUAGE = "BAD_LANGUAGE"  # INVALID_ARGUMENT: a words request's language is neither "en" nor "fr"


def check_language(value: str) -> str:
    """A request's ``language`` ("" is "en"), or INVALID_ARGUMENT / BAD_LANGUAGE naming the ones
    there are: raised before the request does anything."""
    try:
        return language_of(value)
    except ValueError as e:
        raise HostError("INVALID_ARGUMENT", BAD_LANGUAGE, str(e)) from None


def legal_words(game: Game, state: Any, seat: int, commands: list[Any], language: str = "en") -> list[str]:
    """``commands`` (the seat's legal list) in words, one each, in order; ``state`` is not changed."""
    if not commands:
        return []
    seen = game.sample_hidden(state, seat, Rng(secrets.token_bytes(16), 0))
    describe = describer(game, language)
    return [describe(seen, seat, c) for c in commands]


def event_describer(game: Game, language: str = "en") -> Callable[[Any], str]:
    """The game's ``describe_event`` (``engine/games/<game>/words.py``) in ``language``, or the
    event's kind in words for a game without one."""
    module = _game_module(game, "words")
    if module is not None and hasattr(module, "describe_event"):
        return lambda event: module.describe_event(event, language)
    return lambda event: type(event).__name__


def prompt_words(game: Game, view: Any, language: str = "en") -> str:
    """``EventBatch.prompt``: the pending decision of ``view`` (the receiver's view, as sent) in a
    sentence in ``language``, by the game's ``words.describe_pending``; "" for a game without one."""
    module = _game_module(game, "words")
    if module is None or not hasattr(module, "describe_pending"):
        return ""
    return module.describe_pending(view, language)


def _seat(game: Game, seat: int) -> str:
    names = game.info.seat_names
    return names[seat].capitalize() if 0 <= seat < len(names) else f"Seat {seat + 1}"


def _seats(game: Game, seats) -> str:
    named = [_seat(game, s) for s in seats]
    return " and ".join(named)


def platform_words(game: Game, event: pb.PlatformEvent, language: str = "en") -> str:
    """A platform record in a sentence (who sits where, resignations, draws, clocks, the seed)."""
    if language == "fr":
        return platform_words_fr(game, event)
    kind = event.WhichOneof("kind")
    if kind == "game_created":
        c = event.game_created
        return f"Game created ({game.info.title}, {c.players} players)"
    if kind == "seed_revealed":
        return "The game is over: its seed is revealed, so anyone can replay it"
    if kind == "seat_claimed":
        c = event.seat_claimed
        where = _seat(game, c.seat)
        if c.house_bot:
            return f"The server's house bot ({c.house_bot.replace('level:', 'level ')}) takes {where}"
        return f"{c.player or 'A player with no name'} takes {where}" + (" (with an invite)" if c.invited else "")
    if kind == "resigned":
        r = event.resigned
        return f"{_seat(game, r.seat)} resigns" + (f": won by {_seats(game, r.winners)}" if r.winners else "")
    if kind == "draw_offered":
        return f"{_seat(game, event.draw_offered.seat)} offers a draw"
    if kind == "draw_accepted":
        a = event.draw_accepted
        return f"{_seat(game, a.seat)} accepts the draw" + (": the game is drawn" if a.agreed else "")
    if kind == "draw_declined":
        return f"{_seat(game, event.draw_declined.seat)} declines the draw"
    if kind == "game_aborted":
        return f"{_seat(game, event.game_aborted.seat)} aborts the game: no result"
    if kind == "clock_expired":
        x = event.clock_expired
        return f"{_seat(game, x.seat)}'s time runs out" + (f": won by {_seats(game, x.winners)}" if x.winners else "")
    if kind == "operator_aborted":
        return f"The server's operator aborts the game (no result): {event.operator_aborted.reason}"
    if kind == "victory_claimed":
        v = event.victory_claimed
        return (f"{_seat(game, v.seat)} claims the game from {_seat(game, v.silent_seat)}, silent too long"
                + (f": won by {_seats(game, v.winners)}" if v.winners else ""))
    return "A platform record"


def platform_words_fr(game: Game, event: pb.PlatformEvent) -> str:
    """``platform_words`` in French: seats by the game's French names (``words.seat_name``)."""
    def who(seat: int) -> str:
        return seat_word(game, seat, "fr")

    def won(winners) -> str:
        return f" : gagné par {' et '.join(who(s) for s in winners)}" if winners else ""

    kind = event.WhichOneof("kind")
    if kind == "game_created":
        return f"Partie créée ({game.info.title}, {event.game_created.players} joueurs)"
    if kind == "seed_revealed":
        return "La partie est finie : sa graine est révélée, chacun peut la rejouer"
    if kind == "seat_claimed":
        c = event.seat_claimed
        if c.house_bot:
            return f"Le robot du serveur ({c.house_bot.replace('level:', 'niveau ').replace('random', 'au hasard')}) prend la place {who(c.seat)}"
        return f"{c.player or 'Un joueur sans nom'} prend la place {who(c.seat)}" + (" (sur invitation)" if c.invited else "")
    if kind == "resigned":
        return f"{who(event.resigned.seat)} abandonne{won(event.resigned.winners)}"
    if kind == "draw_offered":
        return f"{who(event.draw_offered.seat)} propose la nulle"
    if kind == "draw_accepted":
        a = event.draw_accepted
        return f"{who(a.seat)} accepte la nulle" + (" : la partie est nulle" if a.agreed else "")
    if kind == "draw_declined":
        return f"{who(event.draw_declined.seat)} refuse la nulle"
    if kind == "game_aborted":
        return f"{who(event.game_aborted.seat)} annule la partie : sans résultat"
    if kind == "clock_expired":
        x = event.clock_expired
        return f"{who(x.seat)} n'a plus de temps{won(x.winners)}"
    if kind == "operator_aborted":
        return f"L'opérateur du serveur annule la partie (sans résultat) : {event.operator_aborted.reason}"
    if kind == "victory_claimed":
        v = event.victory_claimed
        return f"{who(v.seat)} réclame la partie à {who(v.silent_seat)}, silencieux trop longtemps{won(v.winners)}"
    return "Un enregistrement de la plateforme"


def record_words(game: Game, wire: GameWire, describe: Callable[[Any], str], record: pb.EventRecord,
                 language: str = "en") -> str:
    """``record`` (as the receiver gets it: ``server.log.for_seat``) in a sentence, in ``language``
    (``describe``: the game's ``event_describer`` for the same language)."""
    which = record.event.WhichOneof("game")
    if which == "platform":
        return platform_words(game, record.event.platform, language)
    if which != wire.field:
        return ""
    return describe(wire.event_from_proto(getattr(record.event, wire.field)))
