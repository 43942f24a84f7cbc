"""Sealed orders: an order file encrypted to a game's age recipient until the deadline.

A public repository shows every file, so in a game with ``orders: sealed`` a player commits
``orders/<power>.txt.age`` instead of ``orders/<power>.txt``: the text encrypted (age, X25519,
armored) to the game's recipient. Only the judge, holding the identity in a CI secret
(``JUDGE_AGE_IDENTITY``), can read it — at the deadline, after which the clear text is published.

The plaintext starts with a small header of comment lines naming the game, the phase folder and
the power, so a sealed file cannot be replayed in another game, phase or power's file: the judge
checks the header against where the file lies. Being comments, the header leaves the plaintext a
valid order file, and line numbers in messages match the published clear text.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from .core.errors import StoreError

IDENTITY_ENV = "JUDGE_AGE_IDENTITY"
"""The environment variable holding the judge's identities (one ``AGE-SECRET-KEY-1...`` a line)."""

ARMOR_BEGIN = "-----BEGIN AGE ENCRYPTED FILE-----"
ARMOR_END = "-----END AGE ENCRYPTED FILE-----"
_MAGIC = "# judge sealed orders: the four lines of this header must stay as they are"
_FIELD = re.compile(r"^#\s*(game|phase|power)\s*:\s*(.+?)\s*$")


@dataclass(frozen=True)
class Unsealed:
    """A sealed order file, opened."""

    game: str
    phase: str
    power: str
    text: str
    """The whole plaintext, header included (a valid order file)."""


def generate_identity() -> tuple[str, str]:
    """A new age identity and its recipient: ``('AGE-SECRET-KEY-1...', 'age1...')``."""
    from pyrage import x25519

    ident = x25519.Identity.generate()
    return str(ident), str(ident.to_public())


def seal(text: str, *, recipient: str, game: str, phase: str, power: str) -> bytes:
    """Encrypt an order file for ``power`` in ``phase`` (a folder name) of ``game`` (a slug).

    Returns armored age (ASCII). StoreError if the recipient is not an age X25519 key.
    """
    import pyrage
    from pyrage import x25519

    try:
        rcpt = x25519.Recipient.from_str(recipient.strip())
    except Exception:  # noqa: BLE001 - pyrage raises its own RecipientError
        raise StoreError(f"not an age recipient: {recipient!r}") from None
    body = strip_header(text)
    plaintext = "\n".join([*header_lines(game, phase, power), body])
    if not plaintext.endswith("\n"):
        plaintext += "\n"
    return pyrage.encrypt(plaintext.encode("utf-8"), [rcpt], armored=True)


def header_lines(game: str, phase: str, power: str) -> list[str]:
    """The four header lines of a sealed file's plaintext (the site's orders page writes the same)."""
    return [_MAGIC, f"# game: {game}", f"# phase: {phase}", f"# power: {power}"]


def strip_header(text: str) -> str:
    """``text`` without a sealing header (resealing an unsealed file gives one header, not two)."""
    lines = text.splitlines()
    if lines and lines[0] == _MAGIC:
        lines = lines[1:]
        while lines and _FIELD.match(lines[0]):
            lines = lines[1:]
    return "\n".join(lines) + ("\n" if text.endswith("\n") and lines else "")


def load_identities(value: str | None = None) -> list[str]:
    """The identities in ``value`` or ``$JUDGE_AGE_IDENTITY``: ``AGE-SECRET-KEY-1`` lines
    (an age identity file: blank lines and ``#`` comments are skipped)."""
    if value is None:
        value = os.environ.get(IDENTITY_ENV, "")
    return [ln.strip() for ln in value.splitlines() if ln.strip() and not ln.strip().startswith("#")]


def is_armored(data: bytes) -> bool:
    """Does ``data`` look like one armored age file (and nothing else)?"""
    text = data.decode("ascii", errors="replace").strip()
    return text.startswith(ARMOR_BEGIN) and text.endswith(ARMOR_END)


def decrypt(data: bytes, identities: list[str], where: str = "") -> bytes:
    """The plaintext of a sealed file. StoreError (located) if there is no identity or none fits.

    The message does not depend on the identities or on the library's words, so that a replay
    without the secret reports a file that could not be opened in the same words.
    """
    import pyrage
    from pyrage import x25519

    if not identities:
        raise StoreError(f"sealed orders cannot be read: {IDENTITY_ENV} is not set", where)
    try:
        keys = [x25519.Identity.from_str(i) for i in identities]
    except Exception:  # noqa: BLE001
        raise StoreError(f"{IDENTITY_ENV} holds something that is not an age identity", where) from None
    try:
        return pyrage.decrypt(data, keys)
    except Exception:  # noqa: BLE001 - pyrage.DecryptError and friends
        raise StoreError(CANNOT_DECRYPT, where) from None


CANNOT_DECRYPT = "cannot be decrypted (sealed to another key, or damaged)"


def read_sealed(plain: bytes, where: str = "") -> Unsealed:
    """Read a sealed file's plaintext: its header and text. StoreError (located) if it has no
    proper header or is not UTF-8."""
    try:
        text = plain.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise StoreError("the sealed text is not UTF-8", where) from None
    lines = text.splitlines()
    if not lines or lines[0] != _MAGIC:
        raise StoreError("the sealed text has no judge header (seal it with 'judge seal')", where)
    fields: dict[str, str] = {}
    for ln in lines[1:4]:
        m = _FIELD.match(ln)
        if m:
            fields[m.group(1)] = m.group(2)
    if set(fields) != {"game", "phase", "power"}:
        raise StoreError("the sealed header should name game, phase and power", where)
    return Unsealed(fields["game"], fields["phase"], fields["power"], text)


def unseal(data: bytes, identities: list[str], where: str = "") -> Unsealed:
    """Decrypt a sealed order file and read its header. StoreError (located) if it cannot be."""
    return read_sealed(decrypt(data, identities, where), where)
