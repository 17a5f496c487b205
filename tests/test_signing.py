"""Issue 32, item 2: the signed messages, byte by byte as docs/PROTOCOL.md ("The signed message")
specifies them; its test vectors are the code's (tools/sign_vectors.py), and a signature checks
only over the very bytes it was made for."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from carthago import signing
from carthago.signing import Key

ROOT = Path(__file__).resolve().parent.parent


def test_the_protocol_guide_vectors_are_what_the_code_signs():
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "sign_vectors.py"), "--check",
                          str(ROOT / "docs" / "PROTOCOL.md")], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_vectors_check_fails_on_a_changed_byte(tmp_path):
    doc = (ROOT / "docs" / "PROTOCOL.md").read_text()
    line = next(x for x in doc.splitlines() if x.startswith("signature "))
    flipped = line[:-1] + ("0" if line[-1] != "0" else "1")
    (tmp_path / "P.md").write_text(doc.replace(line, flipped))
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "sign_vectors.py"), "--check", str(tmp_path / "P.md")],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 1 and "differ" in out.stdout


def test_the_command_message_is_each_field_length_prefixed_in_order():
    data = b"\x0a\x02\x0a\x00"
    msg = signing.command_message("roma-1", 2, 300, "r", data)
    expected = (b"\x00\x00\x00\x13carthago/command/v1" + b"\x00\x00\x00\x06roma-1" + b"\x00\x00\x00\x04\x00\x00\x00\x02"
                + b"\x00\x00\x00\x08" + (300).to_bytes(8, "big") + b"\x00\x00\x00\x01r" + b"\x00\x00\x00\x04" + data)
    assert msg == expected
    # moving a byte from one field to the next gives another message (no two field lists collide)
    assert signing.command_message("roma-1", 2, 300, "rx", b"") != signing.command_message("roma-1", 2, 300, "r", b"x")
    assert signing.login_message("ab", b"c") != signing.login_message("a", b"bc")


def test_a_signature_checks_only_for_its_key_and_its_bytes():
    key, other = Key.generate(), Key.generate()
    msg = signing.command_message("g", 0, 5, "id", b"cmd")
    sig = key.sign(msg)
    assert signing.valid(key.public, sig, msg)
    assert not signing.valid(other.public, sig, msg)
    assert not signing.valid(key.public, sig, signing.command_message("g", 0, 6, "id", b"cmd"))
    assert not signing.valid(key.public, sig[:-1] + bytes([sig[-1] ^ 1]), msg)
    assert not signing.valid(key.public[:31], sig, msg) and not signing.valid(key.public, sig[:63], msg)


def test_a_key_file_is_pkcs8_pem_readable_by_its_owner_only_and_never_overwritten(tmp_path):
    key = Key.generate()
    path = tmp_path / "alice.key"
    key.save(path)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert path.read_bytes().startswith(b"-----BEGIN PRIVATE KEY-----")
    assert Key.load(path).public == key.public
    with pytest.raises(FileExistsError):
        Key.generate().save(path)
    assert Key.load(path).public == key.public
