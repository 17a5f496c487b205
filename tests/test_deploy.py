"""The files of deploy/ (docs/OPERATIONS.md) work with the program as it is: the example settings
resolve, and the systemd units' command lines parse."""

from __future__ import annotations

import configparser
import shlex
from pathlib import Path

from carthago import serve_config as C
from carthago.cli import parser

DEPLOY = Path(__file__).resolve().parent.parent / "deploy"


def test_the_example_settings_resolve_and_name_only_serve_options():
    args = parser().parse_args(["serve", "--config", str(DEPLOY / "carthago.toml")])
    origins = C.resolve(args, {})
    from_file = {dest for dest, origin in origins.items() if origin.startswith(str(DEPLOY))}
    assert {"addr", "http_addr", "workers", "grace", "cors_origin"} <= from_file
    assert args.workers == 1 and args.cors_origin == []


def _exec_lines(unit: str) -> list[list[str]]:
    cfg = configparser.ConfigParser(strict=False, interpolation=None)
    cfg.read(DEPLOY / unit)
    return [shlex.split(cfg["Service"][key]) for key in ("ExecStartPre", "ExecStart") if key in cfg["Service"]]


def test_the_units_command_lines_parse():
    lines = _exec_lines("carthago.service")
    assert len(lines) == 2
    for argv in lines:
        assert argv[0].endswith("/carthago")
        args = parser().parse_args(argv[1:])
        assert args.command == "serve" and args.config == "/etc/carthago/carthago.toml"
    (backup,) = _exec_lines("carthago-backup.service")
    inner = shlex.split(backup[-1].split("exec ", 1)[1].replace("$(date -u +%%Y%%m%%dT%%H%%M%%SZ)", "X"))
    args = parser().parse_args(inner[1:])
    assert args.command == "backup" and args.verify
