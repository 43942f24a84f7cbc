"""The order files submitted for a phase: found, opened, dated, and read.

For each power: ``orders/<power>.txt`` (public games) or ``orders/<power>.txt.age`` (sealed
games, opened with the judge's identity, header checked), its receipt if the pull-request check
wrote one (``receipts/<power>.yaml``: the server's time of receipt and a digest of the file), and
whether the player marked it ready (a line ``# ready``, which counts only when every line of the
file was understood: :func:`not_understood`). A file received after the deadline and
its grace is not used; a file whose receipt does not match it was pushed directly, by someone
with write access (the Gamesmaster), and is used.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from datetime import datetime


from ..core.errors import JudgeError, StoreError
from ..core.phases import adjudicate, adjustment_counts, build_sites
from ..core.resolution import Outcome
from ..core.types import PhaseKind, Position, Power
from ..core.variant import Variant
from ..notation import ParsedLine, parse_orders
from ..sealing import CANNOT_DECRYPT, IDENTITY_ENV, decrypt, read_sealed
from .layout import RECEIPTS, Game, power_stem
from .settings import format_time

READY = re.compile(r"^[ \t]*#[ \t]*ready[ \t]*$", re.I | re.M)
"""A line ``# ready``: the player says these are the final orders."""


def ready_line(text: str) -> int | None:
    """The number of the first line ``# ready`` of ``text``, None if there is none."""
    for no, line in enumerate(text.splitlines(), 1):
        if READY.match(line):
            return no
    return None


def not_understood(lines: list[ParsedLine], power: Power, variant: Variant, position: Position) -> list[str]:
    """Why ``power``'s ``# ready`` does not count, one sentence per line (see :func:`unread_lines`)."""
    return [sentence for _, sentence, _ in unread_lines(lines, power, variant, position)]


def unread_lines(lines: list[ParsedLine], power: Power, variant: Variant, position: Position) -> list[tuple[int, str, str]]:
    """Why ``power``'s ``# ready`` does not count: one sentence per line that was not read as one
    of its orders — not understood, an order for another power (refused), or an order with two
    meanings (a fleet's move to a province with two coasts it could reach, the coast not named:
    the core's own check, run on this power's orders alone, says so).

    A power is ready only when every line of its file was understood: the player then knows what
    the judge will do with each. An order understood but illegal (``A PAR - MOS``) *was* understood
    — the rules, not the reading, make the unit hold — so it does not stop ``# ready`` from
    counting.

    Returns ``(line number, sentence, reason)`` for each such line, in line order (line number 0
    for an order whose line could not be found)."""
    out: list[tuple[int, str, str]] = []
    mine = []
    for ln in lines:
        if ln.error is not None:
            kind = "has two meanings" if type(ln.error).__name__ == "AmbiguousOrder" else "was not understood"
            out.append((ln.line, f"line {ln.line} {kind} ({ln.error.message})", ln.error.message))
        elif ln.power != power:
            out.append((ln.line, f"line {ln.line} is an order for {ln.power}, refused in {power}'s file",
                        f"an order for {ln.power} in {power}'s file: refused"))
        elif ln.order is not None:
            mine.append(ln)
    if mine:
        # Every line in mine has its order (the elif above); the test says so to the type checker.
        result = adjudicate(variant, position, [ln.order for ln in mine if ln.order is not None])
        for r in result.resolutions:
            if r.power != power or r.outcome not in (Outcome.AMBIGUOUS, Outcome.INVALID):
                continue
            found = next((x for x in mine if x.order is r.order), None) or next(
                (x for x in mine if str(x.order) == r.order_text), None)
            where = f"line {found.line}" if found is not None else r.order_text
            kind = "has two meanings" if r.outcome is Outcome.AMBIGUOUS else "was not understood"
            out.append((found.line if found is not None else 0, f"{where} {kind} ({r.reason})", r.reason))
    return sorted(out, key=lambda x: x[0])


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
    (:func:`not_understood`, checked against the phase's position by the tick)."""
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
    """Read every used submission against ``position``; lines for another power are refused.

    Returns the lines to adjudicate (in power order) and the refusals, located.
    """
    lines: list[ParsedLine] = []
    refused: list[str] = []
    for power, sub in collected.submissions.items():
        if not sub.used or sub.text is None:
            continue
        for ln in parse_orders(sub.text, variant, position, sub.path, default_power=power):
            if ln.power is not None and ln.power != power:
                refused.append(f"{ln.where}: an order for {ln.power} in {power}'s file is refused: {ln.text!r}")
                continue
            lines.append(ln)
    return lines, refused
