"""`carthago serve`'s settings (docs/OPERATIONS.md "Configuration").

Every option of `serve` comes from the first of four places that has it:

1. the command line (``--http-addr 0.0.0.0:8080``);
2. an environment variable, ``CARTHAGO_`` and the option's name in capitals with ``_`` for ``-``
   (``CARTHAGO_HTTP_ADDR``); a switch takes 1/true/yes/on or 0/false/no/off;
3. the TOML file given with ``--config FILE``: one key per option, named as the option without its
   dashes (``http-addr = "0.0.0.0:8080"``; ``http_addr`` is read the same), of the option's type
   (a number, a string, true/false for a switch, a list of strings for a repeatable option);
4. the option's default.

The options are read from the `serve` parser itself, so one added to it is configurable the same
three ways at once. A value that does not parse, an unknown key, or a file that is not TOML stops
start-up with the file, the line and the key (or the variable). ``--print-config`` prints the
settings as they resolved, as a TOML file with each one's origin, secrets not shown.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import tomllib

SKIP = {"help", "config", "print_config", "worker"}
ENV_ALIASES = {"cors_origin": ("CARTHAGO_CORS_ORIGINS",)}  # the name used before this module
SECRET = {"operator_token"}
_TRUE, _FALSE = {"1", "true", "yes", "on"}, {"0", "false", "no", "off", ""}


class ConfigError(Exception):
    """A setting that cannot be used: the message names where it came from."""


class _Unset:
    def __repr__(self) -> str:
        return "<not given>"


UNSET = _Unset()


def prepare(parser: argparse.ArgumentParser) -> None:
    """Add --config and --print-config to the `serve` parser and mark which options the command line
    gives (the others are resolved by :func:`resolve`)."""
    parser.add_argument("--config", metavar="FILE",
                        help="a TOML file of serve settings (keys: the options without their dashes); the "
                             "command line, then CARTHAGO_* variables, then this file, then the defaults")
    parser.add_argument("--print-config", action="store_true",
                        help="print the settings as they resolve (a TOML file, each with its origin) and exit")
    actions = []
    for action in parser._actions:  # noqa: SLF001 - argparse keeps no public list
        if action.dest in SKIP or not action.option_strings:
            continue
        actions.append((action, action.default))
        action.default = None if isinstance(action, argparse._AppendAction) else UNSET  # noqa: SLF001
    parser.set_defaults(_serve_options=actions)


def env_names(dest: str) -> tuple[str, ...]:
    return (f"CARTHAGO_{dest.upper()}", *ENV_ALIASES.get(dest, ()))


def key_of(action: argparse.Action) -> str:
    return action.option_strings[-1].lstrip("-")


def _convert(action: argparse.Action, value, where: str):
    """``value`` (a string from the environment, or a TOML value) as the option takes it."""
    key = key_of(action)
    if isinstance(action, argparse._StoreTrueAction):  # noqa: SLF001
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
            return value.strip().lower() in _TRUE
        raise ConfigError(f"{where}: {key} is a switch: true or false (1/0, yes/no, on/off), not {value!r}")
    if isinstance(action, argparse._AppendAction):  # noqa: SLF001
        items = value if isinstance(value, list) else [value]
        if not all(isinstance(v, str) for v in items):
            raise ConfigError(f"{where}: {key} takes a string or a list of strings, not {value!r}")
        return [_convert_one(action, v, where) for v in items]
    return _convert_one(action, value, where)


def _convert_one(action: argparse.Action, value, where: str):
    key = key_of(action)
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise ConfigError(f"{where}: {key} takes {_kind(action)}, not {value!r}")
    if action.type is None and not isinstance(value, str):
        raise ConfigError(f"{where}: {key} takes a string, not {value!r}")
    text = value if isinstance(value, str) else str(value)
    try:
        out = action.type(text) if action.type is not None else text
    except (ValueError, TypeError, argparse.ArgumentTypeError) as exc:
        raise ConfigError(f"{where}: {key} takes {_kind(action)}, not {value!r} ({exc})") from None
    if action.choices is not None and out not in action.choices:
        raise ConfigError(f"{where}: {key} is one of {', '.join(map(str, action.choices))}, not {value!r}")
    return out


def _kind(action: argparse.Action) -> str:
    t = action.type
    name = getattr(t, "__name__", "")
    if t is int or "int" in name:
        return "a whole number"
    if t is float or "float" in name:
        return "a number"
    return "a string"


def _line_of(text: str, key: str) -> int:
    pattern = re.compile(rf"""^\s*["']?{re.escape(key)}["']?\s*=""")
    for n, line in enumerate(text.splitlines(), 1):
        if pattern.match(line):
            return n
    return 0


def _table_line(text: str, key: str) -> int:
    pattern = re.compile(rf"""^\s*\[\s*["']?{re.escape(key)}["']?\s*\]""")
    return next((n for n, line in enumerate(text.splitlines(), 1) if pattern.match(line)), 0)


def read_file(path: str, by_key: dict[str, argparse.Action]) -> dict[str, tuple[object, str]]:
    """The settings of a TOML file: dest -> (value, "FILE:LINE")."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read the configuration file: {exc.strerror}") from None
    try:
        text = raw.decode("utf-8")
        doc = tomllib.loads(text)
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    out = {}
    for key, value in doc.items():
        line = _line_of(text, key) or _table_line(text, key)
        where = f"{path}:{line}" if line else path
        action = by_key.get(key.replace("_", "-"))
        if action is None:
            known = ", ".join(sorted(by_key))
            raise ConfigError(f"{where}: unknown setting {key!r} (the serve settings: {known})")
        out[action.dest] = (_convert(action, value, where), where)
    return out


def resolve(args: argparse.Namespace, environ=None) -> dict[str, str]:
    """Fill every serve option of ``args`` from its first source; returns dest -> its origin."""
    environ = os.environ if environ is None else environ
    actions = getattr(args, "_serve_options", [])
    by_key = {key_of(a): a for a, _ in actions}
    from_file = read_file(args.config, by_key) if getattr(args, "config", None) else {}
    origins = {}
    for action, default in actions:
        dest = action.dest
        value = getattr(args, dest, UNSET)
        if value is not UNSET and value is not None:
            origins[dest] = "command line"
            continue
        name = next((n for n in env_names(dest) if n in environ), None)
        if name is not None:
            setattr(args, dest, _convert(action, environ[name], f"environment variable {name}"))
            origins[dest] = f"environment {name}"
        elif dest in from_file:
            setattr(args, dest, from_file[dest][0])
            origins[dest] = from_file[dest][1]
        else:
            setattr(args, dest, default)
            origins[dest] = "default"
    return origins


def _toml(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return json.dumps(str(value))


def render(args: argparse.Namespace, origins: dict[str, str], redacted) -> str:
    """The resolved settings as a TOML file (what --print-config prints); ``redacted(url)`` hides a
    store URL's password; secrets are never shown."""
    lines = ["# carthago serve: the settings as resolved (command line > CARTHAGO_* > --config file > default)"]
    for action, _default in getattr(args, "_serve_options", []):
        dest, key = action.dest, key_of(action)
        value, origin = getattr(args, dest), origins.get(dest, "default")
        if dest in SECRET:
            lines.append(f"# {key} = ({'set' if value else 'not set'}, not shown)  # {origin}")
        elif value is None:
            lines.append(f"# {key}: not set  # {origin}")
        else:
            if dest == "store":
                value = redacted(value)
            lines.append(f"{key} = {_toml(value)}  # {origin}")
    return "\n".join(lines)
