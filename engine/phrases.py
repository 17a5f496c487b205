"""Small helpers the games' words modules share (``engine/games/<game>/words.py``): lists and counts
in English and in French (the ``_fr`` helpers), and the languages the words come in. Games' own
names stay in their own modules; nothing here knows a game."""

from __future__ import annotations

from typing import Iterable

LANGUAGES = ("en", "fr")  # the languages every game's words come in; "en" is the default


def language_of(value: str) -> str:
    """A request's language: "" means "en"; one not in ``LANGUAGES`` is a ValueError naming them."""
    language = value or "en"
    if language not in LANGUAGES:
        raise ValueError(f"language {value!r} is not one of {', '.join(repr(x) for x in LANGUAGES)}")
    return language


def join_and(words: Iterable[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    items = [w for w in words if w]
    if len(items) <= 1:
        return items[0] if items else ""
    return f"{', '.join(items[:-1])} and {items[-1]}"


def plural(n: int, one: str, many: str | None = None) -> str:
    """"1 card", "3 cards"."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def words_of(word: str) -> str:
    """A snake_case id in words ("state_income" -> "state income")."""
    return word.replace("_", " ").replace("-", " ").strip()


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def signed(n: int) -> str:
    """"+2", "−3" (a true minus sign), "" for 0."""
    return "" if not n else (f"+{n}" if n > 0 else f"\u2212{-n}")


def join_et(words: Iterable[str]) -> str:
    """French ``join_and``: "a", "a et b", "a, b et c"."""
    items = [w for w in words if w]
    if len(items) <= 1:
        return items[0] if items else ""
    return f"{', '.join(items[:-1])} et {items[-1]}"


def pluriel(n: int, one: str, many: str | None = None) -> str:
    """French ``plural``: the singular for 0 and 1 ("0 carte", "1 carte", "3 cartes")."""
    return f"{n} {one if abs(n) <= 1 else (many or one + 's')}"


def de(name: str) -> str:
    """"de" before a name, elided before a vowel: "de Rome", "d'Alexandrie"."""
    return f"d'{name}" if name[:1].lower() in "aeiouyéèêâîôûh" and name[:1] else f"de {name}"


def cachees(n: int) -> str:
    """The French "(which: hidden from you)" for ``n`` cards."""
    return "(laquelle : cachée pour vous)" if n <= 1 else "(lesquelles : cachées pour vous)"


def du(text: str) -> str:
    """"de" before a noun phrase, contracted with its article: "du trésor", "des Forces", "de la
    banque", "d'Adherbal"."""
    if text.startswith("le "):
        return "du " + text[3:]
    if text.startswith("les "):
        return "des " + text[4:]
    return de(text)


def au(text: str) -> str:
    """"à" before a noun phrase, contracted with its article: "au trésor", "aux Forces", "à la banque"."""
    if text.startswith("le "):
        return "au " + text[3:]
    if text.startswith("les "):
        return "aux " + text[4:]
    return f"à {text}"
