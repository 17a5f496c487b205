"""Write a game's .proto from its engine structs (commands, events, view), keeping the field
numbers of an existing file: a field keeps its number, a new one takes the next free number, and
a removed one is reserved. The comments come from the structs' docstrings and field comments.

    python tools/gen_proto.py hannibal > proto/carthago/games/hannibal/v1/hannibal.proto

The test ``tests/games/<game>/test_proto.py`` (where a game has one) checks the committed file
against this output, so the contract and the engine never drift apart.
"""

from __future__ import annotations

import importlib
import inspect
import re
import sys
import textwrap
import typing
from pathlib import Path

import msgspec

from engine import registry
from engine.core import snake_case

_SCALARS = {int: "int32", str: "string", bool: "bool", float: "double", bytes: "bytes"}


def _field_type(tp) -> tuple[str, bool, type | None]:
    """(proto type, repeated, nested struct)"""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        inner = [a for a in args if a is not type(None)]
        return _field_type(inner[0])
    if origin in (tuple, list):
        t, _, nested = _field_type(args[0])
        return t, True, nested
    if origin is dict:
        raise TypeError(f"dict fields cannot go on the wire: {tp}")
    if tp in _SCALARS:
        return _SCALARS[tp], False, None
    if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
        return tp.__name__, False, tp
    raise TypeError(f"unsupported field type {tp!r}")


def _comments(cls) -> dict[str, str]:
    """Trailing ``# comments`` on the field lines of a struct's source."""
    out = {}
    try:
        src = inspect.getsource(cls)
    except OSError:
        return out
    for line in src.splitlines():
        m = re.match(r"\s+(\w+): [^#]*#\s*(.*)$", line)
        if m:
            out[m.group(1)] = m.group(2).strip()
    return out


def _old_numbers(text: str) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    current = None
    for line in text.splitlines():
        m = re.match(r"message (\w+) \{", line)
        if m:
            current = out.setdefault(m.group(1), {})
            continue
        m = re.match(r"\s+(?:repeated )?[\w.]+ (\w+) = (\d+);", line)
        if m and current is not None:
            current[m.group(1)] = int(m.group(2))
        m = re.match(r"\s+reserved (\d+); // (\w+)", line)
        if m and current is not None:
            current["-" + m.group(2)] = int(m.group(1))
    return out


def _doc(cls) -> list[str]:
    doc = inspect.getdoc(cls) if cls.__doc__ else ""
    return [("// " + x).rstrip() for x in doc.splitlines()] if doc else []


def _frame_kinds(game_id: str) -> list[str]:
    """Comment lines listing every ``Frame.kind`` of a game whose rules are a stack of frames (its
    ``flow`` module): the kinds that wait for a seat, each with what it asks (``flow.DESCRIBE``,
    the words of View.prompt), then the kinds the rules run at once."""
    try:
        flow = importlib.import_module(f"engine.games.{game_id.replace('-', '_')}.flow")
    except ModuleNotFoundError:
        return []
    described, automatic = getattr(flow, "DESCRIBE", {}), getattr(flow, "AUTO", {})
    out = ["//", "// The kinds that wait for `seat` (its command answers them), with what each asks (View.prompt):"]
    for kind in sorted(described):
        out += textwrap.wrap(f"{kind}: {described[kind]}", 100, initial_indent="// - ", subsequent_indent="//   ",
                             break_on_hyphens=False)
    rest = sorted(set(automatic) - set(described))
    if rest:
        out += textwrap.wrap("The kinds the rules run at once (seat -1; never the decision due now: in View.flow "
                             "they stand below it, steps still to come): " + ", ".join(rest) + ".", 100, initial_indent="// ",
                             subsequent_indent="// ", break_on_hyphens=False)
    return out


GO_MODULE = "github.com/carthago/carthago/gen/go"  # where generated Go code would live (override with buf managed mode)
JAVA_ROOT = "dev.carthago"


def file_options(pkg: str) -> list[str]:
    """The file options every Carthago proto declares, derived from its package (one convention
    for all files: tests/test_contract.py checks it)."""
    parts = pkg.split(".")                       # carthago games roma v1
    camel = ["".join(w[:1].upper() + w[1:] for w in p.split("_")) for p in parts]  # Carthago Games RomeEtCarthage V1
    name = "".join(w[:1].upper() + w[1:] for w in parts[-2].split("_"))
    return [
        f'option csharp_namespace = "{".".join(camel)}";',
        f'option go_package = "{GO_MODULE}/{"/".join(parts)};{parts[-2].replace("_", "")}{parts[-1]}";',
        "option java_multiple_files = true;",
        f'option java_outer_classname = "{name}Proto";',
        f'option java_package = "{JAVA_ROOT}.{".".join(parts[1:])}";',
        f'option objc_class_prefix = "{"".join(w[0].upper() for p in parts[:-1] for w in p.split("_")).ljust(3, "X")}";',
        'option php_namespace = "' + '\\\\'.join(camel) + '";',
        f'option ruby_package = "{"::".join(camel)}";',
    ]


def generate(game_id: str, header: str, old: str = "") -> str:
    game = registry.get(game_id)
    pkg = game.info.proto_package
    numbers = _old_numbers(old)
    messages: dict[str, type] = {}
    order: list[str] = []

    def collect(cls):
        if cls.__name__ in messages:
            return
        messages[cls.__name__] = cls
        for f in msgspec.structs.fields(cls):
            _, _, nested = _field_type(f.type)
            if nested is not None:
                collect(nested)
        order.append(cls.__name__)

    lines = [header.rstrip(), "syntax = \"proto3\";", "", f"package {pkg};", "", *file_options(pkg), ""]

    def oneof(name: str, variants: tuple[type, ...]) -> None:
        nums = numbers.get(name, {})
        nxt = max(nums.values(), default=0) + 1
        lines.append(f"message {name} {{")
        lines.append("  oneof kind {")
        for v in variants:
            tag = snake_case(v.__name__)
            if tag not in nums:
                nums[tag] = nxt
                nxt += 1
            lines.append(f"    {v.__name__} {tag} = {nums[tag]};")
        lines.append("  }")
        lines.append("}")
        lines.append("")

    commands = typing.get_args(game.Command)
    events = typing.get_args(game.Event)
    lines.append("// ---- commands ----")
    lines.append("")
    oneof("Command", commands)
    for c in commands:
        collect(c)
    lines.append("// ---- events ----")
    lines.append("")
    oneof("Event", events)
    for e in events:
        collect(e)
    collect(game.View)
    for name in order:
        cls = messages[name]
        nums = numbers.get(name, {})
        nxt = max((v for v in nums.values()), default=0) + 1
        comments = _comments(cls)
        lines += _doc(cls)
        if name == "Frame":
            lines += _frame_kinds(game_id)
        lines.append(f"message {name} {{")
        present = set()
        for f in msgspec.structs.fields(cls):
            t, rep, _ = _field_type(f.type)
            if f.encode_name not in nums:
                nums[f.encode_name] = nxt
                nxt += 1
            present.add(f.encode_name)
            c = comments.get(f.name)
            tail = f"  // {c}" if c else ""
            lines.append(f"  {'repeated ' if rep else ''}{t} {f.encode_name} = {nums[f.encode_name]};{tail}")
        for fname, n in sorted(nums.items(), key=lambda x: x[1]):
            if fname.lstrip("-") not in present:
                lines.append(f"  reserved {n}; // {fname.lstrip('-')}")
        lines.append("}")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def header_of(text: str) -> str:
    out = []
    for line in text.splitlines():
        if line.startswith("syntax"):
            break
        out.append(line)
    return "\n".join(out)


def main() -> None:
    game_id = sys.argv[1]
    pkg = registry.get(game_id).info.proto_package
    path = Path("proto") / Path(*pkg.split(".")) / f"{game_id.replace('-', '_')}.proto"
    old = path.read_text() if path.exists() else ""
    sys.stdout.write(generate(game_id, header_of(old) or f"// {game_id}", old))


if __name__ == "__main__":
    main()
