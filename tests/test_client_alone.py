"""The Python client installs and runs with no engine, server or search module present (issue 34
item 4): it is built from clients/python alone into an empty directory and run by a fresh virtual
environment's interpreter, beside nothing but its third-party dependencies. The search bot reaches
it as a plugin (``carthago.bots.PLUGINS``), never by an import."""

from __future__ import annotations

import json
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBE = r"""
import importlib, json, sys
import carthago, carthago.bots, carthago.cli, carthago.client, carthago.tournament, carthago.stats
out = {"file": carthago.__file__}
for name in ("engine", "server", "search", "adapters", "conformance"):
    try:
        importlib.import_module(name)
        out[name] = "importable"
    except ImportError:
        out[name] = "absent"
out["loaded"] = sorted(m for m in sys.modules if m.split(".")[0] in ("engine", "server", "search"))
try:
    carthago.bots.check_spec("level:3")
    out["level"] = "accepted"
except ValueError as err:
    out["level"] = str(err)
carthago.bots.check_spec("random")
out["wilson"] = carthago.stats.wilson(8, 10)
print(json.dumps(out))
"""


def _alone(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A fresh venv's python, and the environment that shows it the client built into its own
    directory plus this interpreter's third-party packages (whose editable installs of the
    repository stay inert: their .pth hooks run only for a site directory, not a path entry)."""
    target = tmp_path / "client"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                    "--disable-pip-version-check", "--target", str(target), str(ROOT / "clients" / "python")],
                   check=True, capture_output=True, cwd=tmp_path)
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    paths = [str(target), sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]]
    return python, {"PYTHONPATH": ":".join(dict.fromkeys(paths)), "PATH": "/usr/bin:/bin"}


def test_the_client_installs_and_runs_with_no_engine_server_or_search(tmp_path):
    python, env = _alone(tmp_path)
    probe = subprocess.run([str(python), "-c", PROBE], capture_output=True, text=True, env=env, cwd=tmp_path,
                           timeout=120)
    assert probe.returncode == 0, probe.stderr
    out = json.loads(probe.stdout)
    assert out["file"].startswith(str(tmp_path / "client")), out["file"]  # the installed copy, not the checkout
    assert {out[m] for m in ("engine", "server", "search", "adapters", "conformance")} == {"absent"}, out
    assert out["loaded"] == []
    assert "install the repository" in out["level"]  # a search bot asked for: said what to install
    assert out["wilson"][0] < 0.8 < out["wilson"][1]
    # the command line starts and lists its commands
    cli = subprocess.run([str(python), "-m", "carthago.cli", "--help"], capture_output=True, text=True, env=env,
                         cwd=tmp_path, timeout=120)
    assert cli.returncode == 0, cli.stderr
    assert "verify" in cli.stdout and "bot" in cli.stdout


def test_with_the_repository_installed_the_search_bot_plugs_in():
    from carthago import bots

    import search.remote

    assert bots.search_plugin() is search.remote.PLUGIN
    bots.check_spec("level:3")
    bots.check_spec("mcts:20")
    assert [lv.name for lv in bots.search_plugin().levels("roma")][:2] == ["level:1", "level:2"]
