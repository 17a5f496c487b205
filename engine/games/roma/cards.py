"""The 52 Roma cards as data (DESIGN.md principle 5).

``data/cards.json`` holds the 25 card types. Each record names its source: the card's entry in
Roma "DETAIL DES CARTES" for its count, effect, whether it is activated and its ``amount``; cost
and defence are ``printed card`` values, except the costs of Legat and Aesculapinum, which the
rulebook gives (Roma "Exemple d'un tour complet", Roma "Jouer des cartes").

Cards are identified everywhere by their type id (``"tribunus_plebis"``).
"""

from __future__ import annotations

import msgspec

from engine.data import load_data

CHARACTER = "character"  # carte de personne
BUILDING = "building"    # carte d'édifice


class CardType(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    kind: str          # CHARACTER or BUILDING
    count: int         # copies in the game
    cost: int          # sesterces to play it
    defence: int       # printed defence value
    activated: bool    # False: works without a die and cannot be activated (Turris, Basilica, Templum)
    amount: int        # the number in the card's effect (VP, sesterces, defence points); 0 if none
    effect: str        # the effect in the project's words
    source: str
    sources: dict[str, str] = {}


class CardFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    game: str
    source: str
    note: str
    cards: tuple[CardType, ...]


def _check(file: CardFile) -> None:
    problems = []
    ids = [c.id for c in file.cards]
    if len(set(ids)) != len(ids):
        problems.append("duplicate card ids")
    for c in file.cards:
        if c.kind not in (CHARACTER, BUILDING):
            problems.append(f"{c.id}: unknown kind {c.kind!r}")
        if c.count < 1 or c.cost < 0 or c.defence < 1 or c.amount < 0:
            problems.append(f"{c.id}: out-of-range value")
        if not c.source:
            problems.append(f"{c.id}: empty source")
        for field, src in c.sources.items():
            if field not in c.__struct_fields__ or field in ("source", "sources") or not src:
                problems.append(f"{c.id}: bad sources entry {field!r}")
    if problems:
        raise ValueError("roma cards.json: " + "; ".join(problems))


FILE: CardFile = load_data(__package__, "cards.json", CardFile)
_check(FILE)

CARDS: dict[str, CardType] = {c.id: c for c in FILE.cards}
# The whole game's cards, in data order (shuffled at set-up).
ALL_CARDS: tuple[str, ...] = tuple(c.id for c in FILE.cards for _ in range(c.count))


def is_character(card: str) -> bool:
    return CARDS[card].kind == CHARACTER


def is_building(card: str) -> bool:
    return CARDS[card].kind == BUILDING
