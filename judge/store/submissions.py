"""The order files submitted for a phase: found, opened, dated, and read.

For each power: ``orders/<power>.txt`` (public games) or ``orders/<power>.txt.age`` (sealed
games, opened with the judge's identity, header checked), its receipt if the pull-request check
wrote one (``receipts/<power>.yaml``: the server's time of receipt and a digest of the file), and
whether the player marked it ready (a line ``# ready``, which counts only when every line of the
file was understood: :attr:`judge.verdict.OrderFile.ready_problems`). A file received after the deadline and
its grace is not used; a file whose receipt does not match it was pushed directly, by someone
with write access (the Gamesmaster), and is used.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime


from ..core.errors import JudgeError, StoreError
from ..core.phases import adjustment_counts, build_sites
from ..core.types import PhaseKind, Position, Power
from ..core.variant import Variant
from ..notation import ParsedLine
from ..sealing import CANNOT_DECRYPT, IDENTITY_ENV, decrypt, read_sealed
from .layout import RECEIPTS, Game, power_stem
from .settings import format_time
from ..verdict import READY, OrderFile, Verdict, read_order_file

def read_submission(variant: Variant, position: Position, power: Power, text: str, path: str,
                    deciding: list[Power] | None = None) -> OrderFile:
    """A power's order file read for the phase of ``position`` (:func:`judge.verdict.read_order_file`,
    the one reading every part of the judge shares), with whether the power has anything to decide
    (it is in ``deciding``, the phase's :func:`must_order`, worked out here unless given: a caller
    reading every power's file works it out once)."""
    if deciding is None:
        deciding = must_order(variant, position)
    return read_order_file(text, variant, position, power, path, decides=power in deciding)


def digest(data: bytes) -> str:
    """``sha256:<hex>`` of a file's bytes, as receipts write it."""
    return "sha256:" + hashlib.sha256(data).hexdigest()


@dataclass
class Submission:
    """One power's orders for a phase."""

    power: Power
    path: str
    """Where the clear text is (or will be, for sealed orders): ``.../orders/<power>.txt``."""
    source: str
    """The file submitted: ``.../orders/<power>.txt`` or ``.../orders/<power>.txt.age``."""
    raw: bytes
    text: str | None = None
    """The clear text, None if it could not be read."""
    used: bool = True
    """False when refused (late, unreadable, sealed for somewhere else)."""
    ready: bool = False
    """Marked ready (a line ``# ready``); it counts only if every line was understood
    (:attr:`judge.verdict.OrderFile.ready_problems`, checked against the phase's position by the tick)."""
    publish: bytes | None = None
    """Sealed orders: the clear text to write at ``path`` once the phase is played."""
    notes: list[str] = field(default_factory=list)


@dataclass
class Collected:
    """Every submission of a phase, and what was wrong with the folder."""

    submissions: dict[Power, Submission]
    notes: list[str]

    def files(self) -> dict[str, bytes]:
        """The submitted order files as committed (path -> bytes): the dice's input."""
        return {s.source: s.raw for s in self.submissions.values()}


def must_order(variant: Variant, position: Position) -> list[Power]:
    """The powers with something to decide in this phase (units to move, dislodged units,
    builds they could make or removals they must make), unless the variant says otherwise."""
    custom = variant.rules.must_order(variant, position)
    if custom is not None:
        return sorted(custom)
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return sorted({u.power for u in position.units})
    if kind is PhaseKind.RETREAT:
        return sorted({d.unit.power for d in position.dislodged})
    out = []
    for power, delta in adjustment_counts(position).items():
        if delta < 0 or (delta > 0 and build_sites(variant, position, power)):
            out.append(power)
    return sorted(out)


def collect(game: Game, folder: str, *, identities: list[str], late_after: datetime | None,
            prefer_clear: bool = False) -> Collected:
    """The submissions of ``folder``.

    ``late_after``: files received (per their receipt) after this moment are not used (None: no
    limit). ``prefer_clear``: for a phase already played in a sealed game, read the published
    clear text rather than decrypting (``judge verify`` needs no secret).
    """
    files, notes = game.order_files(folder)
    subs = {power: _open(game, folder, power, path, identities, prefer_clear) for power, path in files.items()}
    for sub in subs.values():
        _check_receipt(game, folder, sub, late_after)
    return Collected(dict(sorted(subs.items())), notes)


def _open(game: Game, folder: str, power: Power, source: str, identities: list[str], prefer_clear: bool) -> Submission:
    raw = game.tree.read(source) or b""
    clear_path = source.removesuffix(".age")
    sub = Submission(power, clear_path, source, raw)
    if source.endswith(".age"):
        published = game.tree.read(clear_path)
        if prefer_clear:
            # A phase already played: the judge published the plaintext of every sealed file it
            # could decrypt, so no published text means it could not.
            plain = published
            if plain is None:
                sub.used = False
                sub.notes.append(f"{source}: {CANNOT_DECRYPT}: {power}'s orders are not used")
                return sub
        else:
            if not identities:
                # A missing secret must not turn everyone's orders into holds: stop the game.
                raise StoreError(f"sealed orders cannot be read: {IDENTITY_ENV} is not set", source)
            try:
                plain = decrypt(raw, identities, source)
            except JudgeError as exc:
                sub.used = False
                sub.notes.append(f"{exc}: {power}'s orders are not used")
                return sub
            sub.publish = plain
        try:
            opened = read_sealed(plain, source)
        except JudgeError as exc:
            sub.used = False
            sub.notes.append(f"{exc}: {power}'s orders are not used")
            return sub
        if (opened.game, opened.phase, opened.power) != (game.slug, folder, power):
            sub.used = False
            sub.notes.append(f"{source}: sealed for game {opened.game!r}, phase {opened.phase!r}, power "
                             f"{opened.power!r}, not for this file: refused")
            return sub
        sub.text = opened.text
    else:
        try:
            sub.text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line = raw[: exc.start].count(b"\n") + 1
            sub.used = False
            sub.notes.append(f"{source}:{line}: not UTF-8 text: {power}'s orders are not used")
            return sub
    limits = game.settings.limits
    size, lines = len((sub.text or "").encode("utf-8")), len((sub.text or "").splitlines())
    if size > limits.order_bytes or lines > limits.order_lines:
        # A file the gate would refuse (pushed directly, or before the limits): not read at all.
        over = (f"{lines} lines, at most {limits.order_lines} (order_lines)" if lines > limits.order_lines
                else f"{size} bytes, at most {limits.order_bytes} (order_bytes)")
        sub.used = False
        sub.notes.append(f"{source}: {over}, the game's limits in game.yaml: {power}'s orders are not used")
        return sub
    sub.ready = bool(READY.search(sub.text or ""))
    return sub


def _check_receipt(game: Game, folder: str, sub: Submission, late_after: datetime | None) -> None:
    if not sub.used:
        return
    try:
        receipt = game.receipt(folder, power_stem(sub.power))
    except JudgeError:
        where = game.folder_path(folder, RECEIPTS, power_stem(sub.power) + ".yaml")
        sub.notes.append(f"{where}: unreadable receipt: ignored")
        return
    if receipt is None:
        return
    received = receipt.received
    rel = sub.source[len(game.folder_path(folder)) + 1:]
    if receipt.files.get(rel) != digest(sub.raw):
        sub.notes.append(f"{sub.source}: changed after its receipt (a direct push): used as committed")
        return
    if late_after is not None and received > late_after:
        sub.used = False
        sub.notes.append(f"{sub.source}: received at {format_time(received)}, after the deadline and its grace "
                         f"({format_time(late_after)}): {sub.power}'s orders are not used")


def parse_submissions(variant: Variant, position: Position, collected: Collected) -> tuple[list[ParsedLine], list[str]]:
    """Read every used submission against ``position`` (:func:`read_submission`); lines for
    another power are refused.

    Returns the lines to adjudicate (in power order) and the refusals, located.
    """
    lines: list[ParsedLine] = []
    refused: list[str] = []
    deciding = must_order(variant, position)
    for power, sub in collected.submissions.items():
        if not sub.used or sub.text is None:
            continue
        reading = read_submission(variant, position, power, sub.text, sub.path, deciding)
        foreign = {ln.line: ln for ln in reading.lines if ln.verdict is Verdict.FOREIGN}
        for ln in reading.parsed:
            if ln.line in foreign:
                refused.append(f"{ln.where}: {foreign[ln.line].reason}: {ln.text!r}")
                continue
            lines.append(ln)
    return lines, refused
