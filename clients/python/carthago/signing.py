"""Players' keys and the messages they sign (docs/PROTOCOL.md, "The signed message").

A player is an Ed25519 key pair (RFC 8032, pure Ed25519). Three messages are signed, each the
concatenation of its fields, every field written as its length (4 bytes, big-endian, unsigned)
then its bytes, the first field a tag naming the message and its version:

- registration: ``"carthago/register/v1"``, the name (UTF-8), the public key (32 bytes);
- login: ``"carthago/login/v1"``, the name (UTF-8), the challenge (32 bytes);
- a command: ``"carthago/command/v1"``, the game id (UTF-8), the seat (4 bytes, big-endian), the
  expected seq (8 bytes, big-endian), the request id (UTF-8), the command's exact bytes (the
  serialized ``GameCommand`` sent as ``SubmitCommandRequest.command_bytes``).

The length before every field (fixed-size ones too) makes the encoding unambiguous: no two field
lists give the same bytes. The server, ``carthago verify`` and this client share this module;
``tools/sign_vectors.py`` writes the test vectors of the protocol guide from it.
"""

from __future__ import annotations

import os
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

REGISTER_TAG = b"carthago/register/v1"
LOGIN_TAG = b"carthago/login/v1"
COMMAND_TAG = b"carthago/command/v1"
KEY_BYTES = 32        # an Ed25519 public key
SIGNATURE_BYTES = 64  # an Ed25519 signature


def fields(*parts: bytes) -> bytes:
    """Each part as its length (4 bytes, big-endian) then its bytes, concatenated."""
    return b"".join(len(p).to_bytes(4, "big") + p for p in parts)


def register_message(name: str, public_key: bytes) -> bytes:
    return fields(REGISTER_TAG, name.encode(), public_key)


def login_message(name: str, challenge: bytes) -> bytes:
    return fields(LOGIN_TAG, name.encode(), challenge)


def command_message(game_id: str, seat: int, expected_seq: int, request_id: str, command_bytes: bytes) -> bytes:
    """What a signed seat signs for one command: ``seat`` 4 bytes and ``expected_seq`` 8 bytes,
    big-endian two's complement."""
    return fields(COMMAND_TAG, game_id.encode(), seat.to_bytes(4, "big", signed=True),
                  expected_seq.to_bytes(8, "big", signed=True), request_id.encode(), command_bytes)


def valid(public_key: bytes, signature: bytes, message: bytes) -> bool:
    """Whether ``signature`` is ``public_key``'s Ed25519 signature over ``message``; False for a key
    or signature of the wrong size or that does not decode."""
    if len(public_key) != KEY_BYTES or len(signature) != SIGNATURE_BYTES:
        return False
    try:
        Ed25519PublicKey.from_public_bytes(public_key).verify(signature, message)
    except (InvalidSignature, ValueError):
        return False
    return True


def usable_public_key(public_key: bytes) -> bool:
    """A public key of 32 bytes that decodes as an Ed25519 point."""
    if len(public_key) != KEY_BYTES:
        return False
    try:
        Ed25519PublicKey.from_public_bytes(public_key)
    except ValueError:
        return False
    return True


class Key:
    """A player's private key: signs, and gives its public key (32 raw bytes)."""

    def __init__(self, private: Ed25519PrivateKey) -> None:
        self._private = private
        self.public = private.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)

    @classmethod
    def generate(cls) -> "Key":
        return cls(Ed25519PrivateKey.generate())

    @classmethod
    def from_seed(cls, seed: bytes) -> "Key":
        """The key whose 32-byte RFC 8032 private key is ``seed`` (test vectors)."""
        return cls(Ed25519PrivateKey.from_private_bytes(seed))

    def sign(self, message: bytes) -> bytes:
        return self._private.sign(message)

    def seed(self) -> bytes:
        return self._private.private_bytes(serialization.Encoding.Raw, serialization.PrivateFormat.Raw,
                                           serialization.NoEncryption())

    def pem(self) -> bytes:
        """PKCS#8 PEM, unencrypted: what ``openssl genpkey -algorithm ed25519`` writes."""
        return self._private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption())

    def save(self, path: str | Path) -> None:
        """Write the key to ``path`` (PKCS#8 PEM), readable by its owner only; never over a file."""
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(self.pem())

    @classmethod
    def load(cls, path: str | Path) -> "Key":
        private = serialization.load_pem_private_key(Path(path).read_bytes(), password=None)
        if not isinstance(private, Ed25519PrivateKey):
            raise ValueError(f"{path}: not an Ed25519 private key")
        return cls(private)
