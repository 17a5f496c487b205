"""`carthago serve`'s settings (carthago.serve_config, docs/OPERATIONS.md "Configuration"): every
option from the command line, CARTHAGO_* variables or a TOML file, in that order; a bad value or
file stops start-up naming the file, the line and the key; --print-config shows the result."""

from __future__ import annotations

import argparse
import tomllib

import pytest

from carthago import serve_config as C
from carthago.cli import _redacted, main, parser


def serve_args(argv: list[str], env: dict[str, str] | None = None):
    args = parser().parse_args(["serve", *argv])
    return args, C.resolve(args, env or {})


def serve_actions():
    sub = next(a for a in parser()._actions if isinstance(a, argparse._SubParsersAction))
    return [a for a in sub.choices["serve"]._actions if a.option_strings and a.dest not in C.SKIP]


def test_every_serve_option_is_read_from_each_source_in_order(tmp_path):
    """The command line wins over the environment, which wins over the file, which wins over the default."""
    f = tmp_path / "c.toml"
    f.write_text('max-games = 11\ngrace = 4\nsnapshot_every = 9\nloop = "asyncio"\n')
    args, origins = serve_args(["--config", str(f), "--max-games", "13"],
                               {"CARTHAGO_MAX_GAMES": "12", "CARTHAGO_GRACE": "5"})
    assert (args.max_games, args.grace, args.snapshot_every, args.loop, args.evict_after) == (13, 5.0, 9, "asyncio",
                                                                                               600.0)
    assert origins["max_games"] == "command line" and origins["grace"] == "environment CARTHAGO_GRACE"
    assert origins["snapshot_every"] == f"{f}:3" and origins["evict_after"] == "default"


def test_each_option_has_its_variable_and_its_key(tmp_path):
    """Every option of the serve parser (one added later included) resolves from its CARTHAGO_ variable
    and from its key in the file."""
    actions = serve_actions()
    assert len(actions) >= 15
    samples = {}
    for a in actions:
        if isinstance(a, argparse._StoreTrueAction):
            samples[a.dest] = ("yes", True, True)
        elif isinstance(a, argparse._AppendAction):
            samples[a.dest] = ("https://x.example", ["https://x.example"], ["https://x.example"])
        elif a.choices:
            samples[a.dest] = (list(a.choices)[-1], list(a.choices)[-1], list(a.choices)[-1])
        elif a.type is not None:
            samples[a.dest] = ("7", a.type("7"), 7)
        else:
            samples[a.dest] = ("text-7", "text-7", "text-7")
    env = {C.env_names(d)[0]: text for d, (text, _, _) in samples.items()}
    args, origins = serve_args([], env)
    for dest, (_, value, _) in samples.items():
        assert getattr(args, dest) == value, dest
        assert origins[dest].startswith("environment CARTHAGO_"), dest
    f = tmp_path / "all.toml"
    lines = []
    for a in actions:
        toml_value = samples[a.dest][2]
        lines.append(f"{C.key_of(a)} = {C._toml(toml_value)}")
    f.write_text("\n".join(lines) + "\n")
    args, origins = serve_args(["--config", str(f)])
    for n, a in enumerate(actions, 1):
        assert getattr(args, a.dest) == samples[a.dest][1], a.dest
        assert origins[a.dest] == f"{f}:{n}"


@pytest.mark.parametrize("text, message", [
    ('grace = 1\nworkers = "two"\n', ":2: workers takes a whole number, not 'two'"),
    ('grace = 1\n\nworker_count = 2\n', ":3: unknown setting 'worker_count'"),
    ('allow-client-seeds = "maybe"\n', ":1: allow-client-seeds is a switch"),
    ('durability = "sometimes"\n', ":1: durability is one of full, process"),
    ('talk-burst = 0\n', ":1: talk-burst takes a whole number, not 0 (must be 1 or more"),
    ('max-games = true\n', ":1: max-games takes a whole number, not True"),
    ('store = 5\n', ":1: store takes a string, not 5"),
    ('store = \n', ": not valid TOML: Invalid value (at line 1, column 9)"),
])
def test_a_bad_file_stops_start_up_naming_the_file_the_line_and_the_key(tmp_path, capsys, text, message):
    f = tmp_path / "bad.toml"
    f.write_text(text)
    assert main(["serve", "--config", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {f}{message}"), err


def test_a_bad_variable_stops_start_up_naming_it(monkeypatch, capsys):
    monkeypatch.setenv("CARTHAGO_EVICT_AFTER", "soon")
    assert main(["serve"]) == 2
    assert "error: environment variable CARTHAGO_EVICT_AFTER: evict-after takes a number, not 'soon'" in \
        capsys.readouterr().err
    with pytest.raises(C.ConfigError, match="cannot read"):
        serve_args(["--config", "/nonexistent/carthago.toml"])


def test_print_config_is_a_config_file_of_the_settings_without_secrets(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CARTHAGO_OPERATOR_TOKEN", "the-operators-secret")
    monkeypatch.setenv("CARTHAGO_STORE", "postgresql://carthago:pw-secret@db:5432/carthago")
    f = tmp_path / "c.toml"
    f.write_text('grace = 2.5\ncors-origin = ["https://a.example"]\n')
    assert main(["serve", "--config", str(f), "--print-config", "--workers", "3"]) == 0
    out = capsys.readouterr().out
    assert "the-operators-secret" not in out and "pw-secret" not in out
    printed = tomllib.loads(out)
    assert printed["grace"] == 2.5 and printed["workers"] == 3 and printed["cors-origin"] == ["https://a.example"]
    assert printed["store"] == _redacted("postgresql://carthago:pw-secret@db:5432/carthago")
    assert "operator-token" not in printed and "# operator-token = (set, not shown)" in out
    # what it prints (secrets aside) reads back as the same settings
    again = tmp_path / "again.toml"
    again.write_text(out)
    monkeypatch.delenv("CARTHAGO_STORE")
    args, _ = serve_args(["--config", str(again)], {})
    assert (args.grace, args.workers, args.cors_origin) == (2.5, 3, ["https://a.example"])
