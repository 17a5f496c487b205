"""Every event of every game in words (``engine/games/<game>/words.py``: ``describe_event``), issue 36
item 4: the log a player reads comes from the server, not from each client's own wording.

Checked on the schema (every event type of each game has a phrase of its own) and on random games
(every event each seat receives, in the form it receives it, reads as a sentence: not empty, no
struct or field names, no raw snake_case ids, no Python values), and the redacted form of a private
event says nothing of what it hides: no name of a card or id the private form carries and the
redacted form does not. All of it in both languages (issue 36 item 5): the French words
(``describe_event(event, "fr")``, each game's ``words_fr.py``) have a phrase of their own for every
event type, never fall back on the English sentence, and hide what the English ones hide.
"""

from __future__ import annotations

import importlib
import random
import re
import typing

import msgspec
import pytest

from engine import registry
from engine.core import GameConfig, tag_of
from engine.session import Session

GAMES = [("roma", 2), ("rome-et-carthage", 4), ("hannibal", 2), ("republic-of-carthage", 3)]
LANGUAGES = ("en", "fr")
STEPS = {"roma": 400, "rome-et-carthage": 400, "hannibal": 500, "republic-of-carthage": 700}


def words_module(game_id: str, language: str = "en"):
    suffix = "" if language == "en" else f"_{language}"
    return importlib.import_module(f"engine.games.{game_id.replace('-', '_')}.words{suffix}")


def event_types(game_id: str) -> tuple[type, ...]:
    """Every event type of the game's schema (the members of its ``events.Event`` union)."""
    return typing.get_args(importlib.import_module(f"engine.games.{game_id.replace('-', '_')}.events").Event)


BAD = re.compile(r"\b[a-z]+_[a-z_]+\b|\bNone\b|\bTrue\b|\bFalse\b|[{}\[\]]|\bkind\b|\(\)|\bredacted\b", re.I)


def assert_reads(text: str, event) -> None:
    assert isinstance(text, str) and text.strip(), f"no words for {event!r}"
    assert not BAD.search(text), f"{type(event).__name__} reads {text!r}"
    assert type(event).__name__ not in text, text


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id,players", GAMES)
def test_every_event_type_has_words_of_its_own(game_id, players, language):
    words = words_module(game_id, language)
    missing = [t.__name__ for t in event_types(game_id) if t not in words.PHRASES]
    assert not missing, f"{game_id}: no phrase for {missing}"


def fake(t, depth: int = 0):
    """A value of msgspec type info ``t``, made up: each field filled, lists of one item."""
    import msgspec.inspect as mi
    if isinstance(t, mi.IntType):
        return 1
    if isinstance(t, mi.StrType):
        return "x"
    if isinstance(t, mi.BoolType):
        return True
    if isinstance(t, (mi.ListType, mi.TupleType, mi.VarTupleType)):
        item = t.item_type if hasattr(t, "item_type") else t.item_types[0]
        return [fake(item, depth + 1)]
    if isinstance(t, mi.StructType):
        return {f.encode_name: fake(f.type, depth + 1) for f in t.fields}
    if isinstance(t, mi.UnionType):
        return fake(t.types[0], depth)
    if isinstance(t, mi.DictType):
        return {}
    return None


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id,players", GAMES)
def test_every_event_type_reads_with_made_up_values(game_id, players, language):
    """Each event type of the schema, its fields made up (ids no data file holds, counts of 1):
    still a sentence, so a rare event (a battle, a trial) never shows a client a field's name."""
    import msgspec.inspect as mi
    words = words_module(game_id)  # the English module: describe_event takes the language
    for t in event_types(game_id):
        info = mi.type_info(t)
        raw = {f.encode_name: fake(f.type) for f in info.fields}
        for zero in (False, True):  # and with every number 0, every list empty, every string blank
            data = {k: (0 if isinstance(v, int) and not isinstance(v, bool) else [] if isinstance(v, list)
                        else "" if isinstance(v, str) else v) for k, v in raw.items()} if zero else raw
            event = msgspec.convert({"type": info.tag, **data}, t)
            text = words.describe_event(event, language)
            assert isinstance(text, str) and text.strip(), (t.__name__, text)
            assert t.__name__ not in text and "None" not in text, (t.__name__, text)


def hidden_values(private, public) -> set:
    """The strings, and numbers in lists (card numbers), the private form of an event carries and
    its public form does not."""
    def values(x) -> set:
        out: set = set()
        for v in msgspec.to_builtins(x).values():
            for item in (v if isinstance(v, list) else [v]):
                if isinstance(item, str) and item or isinstance(v, list) and isinstance(item, int):
                    out.add(item)
                elif isinstance(item, dict):
                    out |= {s for s in item.values() if isinstance(s, str) and s}
        return out
    return values(private) - values(public)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id,players", GAMES)
def test_random_games_read_as_sentences_and_redacted_words_hide_what_they_hide(game_id, players, language):
    """In French as in English; and a French sentence is French: never the English one (a table
    that fell back on English would give the same words)."""
    game, words = registry.get(game_id), words_module(game_id)
    seen: set[str] = set()
    redacted = 0
    for round_ in range(2):
        session, emitted = Session.start(game, GameConfig(players), f"event-words-{game_id}-{round_}".encode())
        rnd = random.Random(round_)
        for _ in range(STEPS[game_id]):
            for e in emitted:
                for form in {id(f): f for f in (e.event, e.redacted) if f is not None}.values():
                    text = words.describe_event(form, language)
                    assert_reads(text, form)
                    if language != "en":
                        assert text != words.describe_event(form), f"{type(form).__name__} has no French: {text!r}"
                    seen.add(tag_of(form))
                if e.redacted is not None:
                    redacted += 1
                    said = words.describe_event(e.redacted, language)
                    names = {words.name_of(s, x) for s in hidden_values(e.event, e.redacted) for x in LANGUAGES} - {""}
                    for name in names:
                        assert name not in said, f"{type(e.redacted).__name__} names {name!r}: {said!r}"
            st = session.status()
            if st.over:
                break
            seat = st.to_act[0]
            emitted = session.submit(seat, rnd.choice(session.legal(seat)))
    assert redacted > 0, "no private event in these games: a weak test"
    assert len(seen) >= 10, seen
