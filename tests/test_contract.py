"""Issue 16, item 12: the schema as a product. Every proto declares the usual file options; `buf
lint` is clean and `buf breaking` finds no wire or JSON break against the last release
(proto/released.binpb); a planted break is caught, so the check is known to work.

buf comes from the npm registry (tools/buf, pinned by its lock file; `make setup` installs it).
Where npm is absent the buf checks are skipped, loudly.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUF = ROOT / "tools" / "buf" / "node_modules" / ".bin" / "buf"
PROTOS = sorted((ROOT / "proto").rglob("*.proto"))
OPTIONS = ("go_package", "java_package", "java_multiple_files", "java_outer_classname", "csharp_namespace",
           "objc_class_prefix", "php_namespace", "ruby_package")


def buf(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    if not BUF.exists():
        if shutil.which("npm"):
            pytest.fail("tools/buf is not installed: run `make setup`")
        pytest.skip("npm is absent: buf (an npm package) is not installed; the schema checks are SKIPPED")
    return subprocess.run([str(BUF), *args], cwd=cwd, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("path", PROTOS, ids=lambda p: p.name)
def test_every_proto_declares_the_file_options_of_its_package(path):
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    from gen_proto import file_options

    text = path.read_text()
    package = next(line.split()[1].rstrip(";") for line in text.splitlines() if line.startswith("package "))
    for line in file_options(package):
        assert line in text, f"{path.name}: missing {line}"
    assert all(f"option {name} =" in text for name in OPTIONS)


def test_buf_lint_is_clean():
    out = buf("lint", "proto")
    assert out.returncode == 0, out.stdout + out.stderr


def test_no_breaking_change_against_the_last_release():
    out = buf("breaking", "proto", "--against", "proto/released.binpb")
    assert out.returncode == 0, out.stdout + out.stderr


def _side_effect_free(descriptors) -> set[str]:
    from google.protobuf import descriptor_pb2

    return {f"{svc.name}.{m.name}" for f in descriptors.file for svc in f.service for m in svc.method
            if m.options.idempotency_level == descriptor_pb2.MethodOptions.NO_SIDE_EFFECTS}


def test_no_method_released_free_of_side_effects_loses_it():
    """buf.yaml lets a method's idempotency level change (marking a read NO_SIDE_EFFECTS only adds
    Connect's GET form); the other direction would break GET clients: checked here."""
    from google.protobuf import descriptor_pb2

    from carthago.v1 import carthago_pb2 as pb

    released = descriptor_pb2.FileDescriptorSet.FromString((ROOT / "proto" / "released.binpb").read_bytes())
    now = descriptor_pb2.FileDescriptorSet()
    pb.DESCRIPTOR.CopyToProto(now.file.add())
    assert _side_effect_free(released) <= _side_effect_free(now)
    assert {"GameService.GetView", "GameService.GetGameData"} <= _side_effect_free(now)
    # and the check can fail: a set that lost a released mark is caught
    lost = descriptor_pb2.FileDescriptorSet()
    lost.CopyFrom(now)
    for m in lost.file[0].service[0].method:
        m.options.ClearField("idempotency_level")
    assert not _side_effect_free(now) <= _side_effect_free(lost)


def test_a_renumbered_field_is_caught_by_the_breaking_check(tmp_path):
    copy = tmp_path / "proto"
    shutil.copytree(ROOT / "proto", copy)
    schema = copy / "carthago" / "v1" / "carthago.proto"
    text = schema.read_text()
    assert "  int64 head_seq = 7;" in text
    schema.write_text(text.replace("  int64 head_seq = 7;", "  int64 head_seq = 17;"))
    out = buf("breaking", str(copy), "--against", str(copy / "released.binpb"))
    assert out.returncode != 0 and "head_seq" in out.stdout + out.stderr


def test_protocol_guide_names_every_error_code_the_server_and_the_engine_define():
    """Issue 16, item 9: docs/PROTOCOL.md is the one guide; every stable code a client can get is
    in its table."""
    import re

    from engine import errors
    from server import challenges, failures, gamedata, host, identity, leaderboard, limits, newgame, seating

    guide = (ROOT / "docs" / "PROTOCOL.md").read_text()
    codes = {v for m in (host, failures, errors, limits, gamedata, identity, seating, newgame, challenges,
                         leaderboard)
             for k, v in vars(m).items()
             if isinstance(v, str) and k.isupper() and re.fullmatch(r"[A-Z][A-Z_]+", v) and v == k}
    assert len(codes) > 25
    missing = sorted(c for c in codes if f"`{c}`" not in guide)
    assert not missing, f"docs/PROTOCOL.md does not explain: {missing}"


def fields_without_comment(views: bool) -> list[str]:
    """Fields with neither a trailing comment nor one on the line above, in every .proto: those of
    the *View messages (``views``) or of every other message (commands, events, their parts, the
    service's requests and records). A one-line message (``message X { int32 y = 1; }``) counts as
    commented by a trailing comment or the comment line above it. A oneof member named after its
    own message type (``PassCard pass_card = 16;``) is what that message says it is."""
    import re

    def camel(name: str) -> str:
        return "".join(w[:1].upper() + w[1:] for w in name.split("_"))

    field_re = r"(?:repeated |optional )?(map<[\w., ]+>|[\w.]+) (\w+) = \d+;"
    out = []
    for path in sorted((ROOT / "proto").rglob("*.proto")):
        current, previous = None, ""
        for number, line in enumerate(path.read_text().splitlines(), 1):
            one = re.match(r"message (\w+) \{ *" + field_re + r" *\}(.*)", line)
            if one and one.group(1).endswith("View") == views and "//" not in one.group(4) \
                    and not previous.strip().startswith("//"):
                out.append(f"{path.relative_to(ROOT)}:{number} {one.group(1)}.{one.group(3)}")
            m = re.match(r"message (\w+) \{", line)
            if m:
                current, previous = m.group(1), line if one else ""
                continue
            if line.startswith("}"):
                current = None
            field = re.match(r"\s+" + field_re + "(.*)", line)
            if current and current.endswith("View") == views and field and "//" not in field.group(3) \
                    and not previous.strip().startswith("//") and field.group(1).split(".")[-1] != camel(field.group(2)):
                out.append(f"{path.relative_to(ROOT)}:{number} {current}.{field.group(2)}")
            previous = line
    return out


def test_every_field_of_every_view_says_what_it_means():
    """Issue 16, item 10 (views): a client author reads each view field's meaning, units and index
    order in the contract itself."""
    missing = fields_without_comment(views=True)
    assert not missing, "\n".join(missing)


def test_every_field_of_every_command_event_and_service_message_says_what_it_means():
    """Issue 16, item 10 (commands, events, the service): the same for every other message of
    every game's proto and of carthago.v1 (Hannibal's and the Republic's comments come from their
    engine structs through tools/gen_proto.py)."""
    missing = fields_without_comment(views=False)
    assert not missing, "\n".join(missing)


def test_the_comment_check_finds_a_field_without_one(tmp_path, monkeypatch):
    (tmp_path / "proto").mkdir()
    (tmp_path / "proto" / "x.proto").write_text(
        "message XView {\n  int32 said = 1;  // yes\n  int32 bare = 2;\n}\n"
        "message Cmd {\n  oneof kind {\n    Said said = 1;\n    Other bare = 2;\n  }\n"
        "  // above\n  map<string, int32> noted = 3;\n  repeated string plain = 4;\n}\n"
        "message Req { string id = 1; }\n// the id\nmessage Said { string id = 1; }\n")
    import sys

    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert fields_without_comment(views=True) == ["proto/x.proto:3 XView.bare"]
    assert fields_without_comment(views=False) == [
        "proto/x.proto:8 Cmd.bare", "proto/x.proto:12 Cmd.plain", "proto/x.proto:14 Req.id"]
