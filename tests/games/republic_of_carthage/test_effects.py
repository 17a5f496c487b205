"""The effect vocabulary: every effect names a known kind with exactly its parameters, every reference
resolves, and the README documents each kind."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest

from engine.games.republic_of_carthage import components as c
from engine.games.republic_of_carthage import effects as fx

EFFECTS = c.all_effects(c.DATA)
README = Path(c.__file__).with_name("README.md").read_text(encoding="utf-8")


def test_every_effect_is_of_a_known_kind_with_its_parameters():
    """Re-encode each effect: its kind is in the vocabulary and its keys are that kind's parameters."""
    assert len(EFFECTS) > 100
    for label, effect in EFFECTS:
        raw = msgspec.to_builtins(effect)
        kind = raw.pop("kind")
        assert kind in fx.EFFECT_TYPES, label
        assert set(raw) <= set(fx.params(kind)), label
        assert msgspec.convert({"kind": kind, **raw}, fx.Effect) == effect, label


def test_most_kinds_are_used():
    used = {type(e).__struct_config__.tag for _, e in EFFECTS}
    assert used == set(fx.EFFECT_TYPES)


@pytest.mark.parametrize("raw", [
    {"kind": "unrest", "amount": 1},  # a kind the rules will not implement
    {"kind": "treasury"},  # a missing parameter
    {"kind": "treasury", "talents": 5, "dice": 1},  # a parameter of another kind
    {"kind": "roll_modifier", "roll": "luck", "amount": 1},  # a roll the vocabulary does not know
])
def test_a_malformed_effect_is_rejected_at_decoding(raw):
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(msgspec.json.encode([raw]), type=tuple[fx.Effect, ...], strict=True)


def test_the_data_validates_and_a_dangling_reference_is_caught():
    assert c.validate(c.DATA) == []
    wars = c.DATA["wars"]
    broken = msgspec.structs.replace(wars, wars=tuple(
        msgspec.structs.replace(w, victory=(fx.CreateProvince(province="atlantis"),)) if w.id == "morocco" else w
        for w in wars.wars))
    problems = " ".join(c.validate({**c.DATA, "wars": broken}))
    assert "unknown province 'atlantis'" in problems
    assert "province mauretania: enters play 0 times" in problems


def test_an_inventory_mismatch_is_caught():
    cards = c.DATA["cards"]
    broken = msgspec.structs.replace(cards, cards=tuple(
        msgspec.structs.replace(x, copies=x.copies + 1) if x.id == "public_outcry_II" else x for x in cards.cards))
    problems = " ".join(c.validate({**c.DATA, "cards": broken}))
    assert "deck II: composition" in problems and "'intrigue': 36" in problems


def test_the_readme_documents_every_kind_once():
    """One line per kind in the README's vocabulary table, naming its parameters."""
    rows = re.findall(r"^\| `([a-z_]+)` \| ([^|]*) \|", README, flags=re.M)
    documented = {kind: params for kind, params in rows if kind in fx.EFFECT_TYPES}
    assert set(documented) == set(fx.EFFECT_TYPES)
    for kind, params in documented.items():
        for p in fx.params(kind):
            assert f"`{p}`" in params, (kind, p)


def test_every_rule_switch_is_documented():
    for rule in fx.RuleId.__args__:
        assert f"`{rule}`" in README, rule
