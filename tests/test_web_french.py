"""The web client in French (issue 36 item 5): every page string wrapped for translation has a French
entry in clients/web/src/i18n.ts, and every request for the server's words says which language
(read from the sources: the page itself is checked by the browser test)."""

from __future__ import annotations

import re
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "clients" / "web" / "src"


def french_table() -> set[str]:
    text = (SRC / "i18n.ts").read_text()
    body = text[text.index("const FR: Record<string, string> = {"):]
    return {m.group(1).replace("\\'", "'") for m in re.finditer(r"^\s*'((?:[^'\\]|\\.)*)':", body, re.M)} | \
        {m.group(1).replace("\\'", "'") for m in re.finditer(r"[{,]\s*'((?:[^'\\]|\\.)*)':\s*'", body)}


def wrapped() -> dict[str, str]:
    """Each literal passed to t(…) (or tr(…)) in the client's sources, with the file it is in."""
    found: dict[str, str] = {}
    for path in SRC.glob("*.ts"):
        if path.name == "i18n.ts":
            continue
        for m in re.finditer(r"\b(?:t|tr)\('((?:[^'\\]|\\.)*)'", path.read_text()):
            found[m.group(1).replace("\\'", "'")] = path.name
    return found


def test_every_wrapped_page_string_has_a_french_entry():
    table, used = french_table(), wrapped()
    assert len(used) > 80, len(used)
    missing = {s: f for s, f in used.items() if s not in table}
    assert not missing, f"no French for: {missing}"


def test_every_words_request_names_its_language():
    calls = []
    for path in SRC.glob("*.ts"):
        for m in re.finditer(r"api\.(streamEvents|listLegalCommands)\(\{[^}]*\}", path.read_text()):
            calls.append((path.name, m.group(0)))
    assert len(calls) >= 3, calls
    assert all("language: language()" in c for _, c in calls if "withWords: true" in c), calls
    # the lobby's options' help and levels too (ListGameTypes' language)
    types = [(p.name, m.group(0)) for p in SRC.glob("*.ts") for m in re.finditer(r"api\.listGameTypes\(\{[^}]*\}", p.read_text())]
    assert len(types) >= 2 and all("language: language()" in c for _, c in types), types
