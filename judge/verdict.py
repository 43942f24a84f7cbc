"""One verdict for an order file: how the judge reads each line of a power's orders for a phase.

:func:`read_order_file` is the one reading of an order file that every part of the judge shares:
``judge check`` (a player, offline), the pull-request check (its comment and job summary), the
tick (which lines it adjudicates, whose ``# ready`` counts) and ``judge options``'s pages. Each
line gets one :class:`LineVerdict`:

* ``order``: read as an order of this power, and legal as far as its own orders show (what
  becomes of it on the board depends on the others' orders);
* ``illegal``: read, but the rules do not allow it (``A BUR - LOR``: not adjacent): the unit holds;
* ``foreign_unit``: an order to another power's unit (``A MUN - RUH`` in France's file): the unit holds;
* ``replaced``: a later line orders the same unit: this one is not followed;
* ``ambiguous``: two meanings (a fleet's move to a two-coast province, the coast not named): not
  followed;
* ``unread``: not understood (why);
* ``foreign``: a line for another power (``Germany: A MUN H`` in France's file): refused;
* ``ready`` / ``vote``: the ``# ready`` and ``# vote`` lines, read or not (why).

The file's verdict adds the units left without an order and what the judge does with them,
whether ``# ready`` counts (only when every line was understood, see :attr:`OrderFile.ready_problems`)
and the power's votes. Illegal orders never refuse a file (a player may send them), but every
message that shows a file names them.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from typing import Iterable

from .core.errors import AmbiguousOrder
from .core.orders import UnitOrder
from .core.phases import CIVIL_DISORDER, DEFAULTS, REPLACED, adjudicate
from .core.resolution import Outcome, Resolution
from .core.types import Position, Power
from .core.variant import Variant
from .notation import ParsedLine, parse_orders
from .record import shown_kind

__all__ = ["Verdict", "LineVerdict", "OrderFile", "read_order_file", "READY", "VOTE", "read_vote"]

READY = re.compile(r"^[ \t]*#[ \t]*ready[ \t]*$", re.I | re.M)
"""A line ``# ready``: the player says these are the final orders."""
VOTE = re.compile(r"^[ \t]*#[ \t]*vote\b(?P<rest>.*)$", re.I)
"""A line ``# vote ...``: ``# vote draw`` or ``# vote concede <Power>``."""
_VOTE_WORDS = re.compile(r"^[ \t]*(?:(?P<draw>draw)|concede[ \t]+(?P<power>[A-Za-z][\w .'-]*?))[ \t]*$", re.I)


class Verdict(enum.Enum):
    """What became of one line of an order file."""

    ORDER = "order"
    ILLEGAL = "illegal"
    FOREIGN_UNIT = "foreign_unit"
    REPLACED = "replaced"
    AMBIGUOUS = "ambiguous"
    UNREAD = "unread"
    FOREIGN = "foreign"
    READY = "ready"
    VOTE = "vote"
    VOTE_UNREAD = "vote_unread"

    @property
    def is_problem(self) -> bool:
        """A line the player should look at again."""
        return self not in (Verdict.ORDER, Verdict.READY, Verdict.VOTE)


_NOT_UNDERSTOOD = (Verdict.UNREAD, Verdict.AMBIGUOUS, Verdict.FOREIGN)
"""The verdicts of an order line the judge did not understand as this power's order (an illegal
order, or one to another power's unit, was understood: the rules, not the reading, make the unit
hold): they keep ``# ready`` from counting, and their lines give no order."""


_WORDS = {
    Verdict.ILLEGAL: "illegal", Verdict.FOREIGN_UNIT: "not your unit", Verdict.REPLACED: "replaced",
    Verdict.AMBIGUOUS: "ambiguous", Verdict.UNREAD: "not understood", Verdict.FOREIGN: "refused",
    Verdict.VOTE_UNREAD: "vote not read",
}


@dataclass(frozen=True)
class LineVerdict:
    """One line of an order file and the judge's verdict on it.

    ``order`` is the order as read, in the judge's notation (empty when the line was not read as
    one); ``reason`` says why a line is not followed as written; ``notes`` how a badly written
    order was read; ``vote`` the vote a ``# vote`` line casts (``draw``, ``concede Turkey``).
    """

    line: int
    text: str
    verdict: Verdict
    where: str
    order: str = ""
    reason: str = ""
    notes: tuple[str, ...] = ()
    vote: str = ""
    for_power: str = ""
    """The power a line for another power names (``foreign``)."""

    @property
    def read_as(self) -> str:
        """The verdict in a few words for a table: the order as read, or what is wrong."""
        if self.verdict is Verdict.ORDER:
            return self.order + (f" ({'; '.join(self.notes)})" if self.notes else "")
        if self.verdict is Verdict.READY:
            return "marks the orders ready"
        if self.verdict is Verdict.VOTE:
            return f"votes: {self.vote}"
        if self.verdict is Verdict.FOREIGN:
            return f"{self.reason} ({self.order})"
        head = f"{self.order}: " if self.order else ""
        return f"{_WORDS[self.verdict]}: {head}{self.reason}"

    def __str__(self) -> str:
        return f"{self.where}: {self.read_as}" + ("" if self.verdict in (Verdict.ORDER, Verdict.READY, Verdict.VOTE)
                                                  else f": {self.text.strip()!r}")


@dataclass(frozen=True)
class OrderFile:
    """An order file read: a verdict per line, in line order, and the file's verdicts."""

    power: Power
    path: str
    phase: str
    lines: tuple[LineVerdict, ...]
    unordered: tuple[tuple[str, str], ...] = ()
    """The units (or decisions) left without an order, each with what the judge does with it
    (``("F BRE H", "no order: held")``)."""
    notes: tuple[str, ...] = ()
    """What the rules say of this power's orders as a whole (a build left unused, ...)."""
    decides: bool = True
    """Has the power anything to decide in this phase?"""
    parsed: tuple[ParsedLine, ...] = field(default=(), repr=False, compare=False)
    """The lines as the reader gave them (the tick adjudicates those of the power's orders)."""

    @property
    def marked_ready(self) -> bool:
        return any(ln.verdict is Verdict.READY for ln in self.lines)

    @property
    def ready_problems(self) -> list[str]:
        """Why ``# ready`` does not count: one sentence per line that was not understood (an
        illegal order, or one to another power's unit, was understood: the rules, not the reading,
        make the unit hold, so it does not stop ``# ready``)."""
        out = []
        for ln in self.lines:
            if ln.verdict is Verdict.FOREIGN:
                out.append(f"line {ln.line} is an order for {ln.for_power}, refused in {self.power}'s file")
            elif ln.verdict in _NOT_UNDERSTOOD:
                kind = "has two meanings" if ln.verdict is Verdict.AMBIGUOUS else "was not understood"
                out.append(f"line {ln.line} {kind} ({ln.reason})")
        return out

    @property
    def ready_lines(self) -> list[int]:
        """The lines that keep ``# ready`` from counting (see :attr:`ready_problems`), by number
        only, each once and in order: what may be said of a sealed file before the deadline (its
        words may not)."""
        return sorted({ln.line for ln in self.lines if ln.verdict in _NOT_UNDERSTOOD})

    @property
    def ready(self) -> bool:
        """Marked ready, and every line understood: the power is ready."""
        return self.marked_ready and not self.ready_problems

    @property
    def problems(self) -> list[LineVerdict]:
        """The lines a player should look at again (illegal, not understood, refused, replaced...)."""
        return [ln for ln in self.lines if ln.verdict.is_problem]

    @property
    def orders(self) -> list[str]:
        """The orders read as this power's, in the judge's notation (illegal ones too: the judge
        reads them, and the rules make the unit hold)."""
        return [ln.order for ln in self.lines if ln.order and ln.verdict not in _NOT_UNDERSTOOD]

    @property
    def votes(self) -> list[str]:
        return [ln.vote for ln in self.lines if ln.verdict is Verdict.VOTE]

    def counts(self) -> dict[str, int]:
        """How many lines got each verdict (for a one-line summary)."""
        out: dict[str, int] = {}
        for ln in self.lines:
            out[ln.verdict.value] = out.get(ln.verdict.value, 0) + 1
        return out


def read_vote(text: str, variant: Variant) -> tuple[str, str] | None:
    """A ``# vote`` line read: ``("draw" | "concede <Power>", "")`` or ``("", why not)``; None
    when the line is no vote."""
    m = VOTE.match(text)
    if m is None:
        return None
    w = _VOTE_WORDS.match(m.group("rest"))
    if w is None:
        return "", "a vote is '# vote draw' or '# vote concede <Power>'"
    if w.group("draw"):
        return "draw", ""
    name = w.group("power").strip()
    target = next((p for p in variant.powers if p.lower() == name.lower()), None)
    if target is None:
        return "", f"{name!r} is not a power of this game"
    return f"concede {target}", ""


def _comment_lines(text: str, variant: Variant, path: str) -> list[LineVerdict]:
    out = []
    for no, raw in enumerate(text.splitlines(), 1):
        if READY.match(raw):
            out.append(LineVerdict(no, raw, Verdict.READY, f"{path}:{no}"))
            continue
        vote = read_vote(raw, variant)
        if vote is not None:
            said, why = vote
            out.append(LineVerdict(no, raw, Verdict.VOTE if said else Verdict.VOTE_UNREAD, f"{path}:{no}",
                                   reason=why, vote=said))
    return out


def read_order_file(text: str, variant: Variant, position: Position, power: Power, path: str,
                    decides: bool = True) -> OrderFile:
    """Read ``text`` as ``power``'s order file at ``path`` for the phase of ``position``.

    The legality of each order is the core's own, run on this power's orders alone (as the tick
    runs them with everyone's: legality does not depend on the other powers' orders). ``decides``
    says whether the power has anything to decide in the phase (the caller knows: the variant's
    ``must_order``)."""
    parsed = parse_orders(text, variant, position, path, default_power=power)
    # One verdict per order read (a line may hold several: ``F Bre-Mid, A Par-Bur``), by its index.
    verdicts, mine = _unadjudicated(parsed, power)
    result = adjudicate(variant, position, [ln.order for _, ln in mine if ln.order is not None])
    unordered = _adjudicated(variant, result.resolutions, mine, position, power, verdicts)
    read = [verdicts[i] for i in sorted(verdicts)]
    taken = {v.line for v in read}
    read += [c for c in _comment_lines(text, variant, path) if c.line not in taken]
    notes = tuple(n for n in result.notes if power in n and "skipped" not in n)
    return OrderFile(power, path, str(position.phase), tuple(sorted(read, key=lambda v: v.line)),
                     tuple(unordered), notes, decides, tuple(parsed))


def _unadjudicated(parsed: list[ParsedLine], power: Power) -> tuple[dict[int, LineVerdict], list[tuple[int, ParsedLine]]]:
    """The verdicts known before adjudication, by the index of the order read: a line not read
    (unread or ambiguous) and an order for another power; and the power's own orders read (with
    their indexes), which adjudication judges."""
    verdicts: dict[int, LineVerdict] = {}
    mine: list[tuple[int, ParsedLine]] = []
    for i, ln in enumerate(parsed):
        if ln.error is not None:
            kind = Verdict.AMBIGUOUS if isinstance(ln.error, AmbiguousOrder) else Verdict.UNREAD
            verdicts[i] = LineVerdict(ln.line, ln.text, kind, ln.where, reason=ln.error.message)
        elif ln.power != power:
            verdicts[i] = LineVerdict(ln.line, ln.text, Verdict.FOREIGN, ln.where, order=str(ln.order),
                                      reason=f"an order for {ln.power} in {power}'s file is refused", for_power=str(ln.power))
        elif ln.order is not None:
            mine.append((i, ln))
    return verdicts, mine


def _adjudicated(variant: Variant, resolutions: Iterable[Resolution], mine: list[tuple[int, ParsedLine]], position: Position,
                 power: Power, verdicts: dict[int, LineVerdict]) -> list[tuple[str, str]]:
    """Give each of the power's orders read (``mine``) the verdict of its resolution (the same
    order, else one written the same) in ``verdicts``, and an order the core gave no resolution
    of its own the verdict "followed as read"; the power's units left without an order (what
    they do and why), from the resolutions that match no order read."""
    unordered = []
    unmatched = list(mine)
    for r in resolutions:
        if r.power != power:
            continue
        found = next((x for x in unmatched if x[1].order is r.order), None) or next(
            (x for x in unmatched if str(x[1].order) == r.order_text), None)
        if found is not None:
            unmatched.remove(found)
            verdicts[found[0]] = _line_verdict(found[1], r.outcome, r.reason, position, power)
        elif r.reason.startswith((*DEFAULTS, CIVIL_DISORDER)):
            unordered.append((_as_positioned(variant, r, position), r.reason))
    for i, ln in unmatched:  # an order the core gave no resolution of its own: followed as read
        verdicts[i] = LineVerdict(ln.line, ln.text, Verdict.ORDER, ln.where, str(ln.order), notes=tuple(ln.notes))
    return unordered


def _as_positioned(variant: Variant, r: Resolution, position: Position) -> str:
    """The text of a resolution's order, its unit named as the variant names it in ``position``
    (:func:`judge.record.shown_kind`: a garrison, not ``F VEN``)."""
    said = r.order_text
    if isinstance(r.order, UnitOrder):
        letter = shown_kind(variant, position, r.order.kind.value, str(r.order.location))
        if letter != r.order.kind.value and said[:1] == r.order.kind.value:
            said = letter + said[1:]
    return said


def _line_verdict(ln: ParsedLine, outcome: Outcome, reason: str, position: Position, power: Power) -> LineVerdict:
    order = ln.order
    text = str(order)
    notes = tuple(ln.notes)
    if outcome is Outcome.ILLEGAL and reason == REPLACED:
        return LineVerdict(ln.line, ln.text, Verdict.REPLACED, ln.where, text, "a later line orders the same unit: "
                           "this order is not followed", notes)
    if isinstance(order, UnitOrder):
        here = {u.power for u in (*position.units, *(d.unit for d in position.dislodged)) if u.province == order.province}
        if outcome in (Outcome.ILLEGAL, Outcome.INVALID) and here and power not in here:
            return LineVerdict(ln.line, ln.text, Verdict.FOREIGN_UNIT, ln.where, text, reason, notes)
    kind = {Outcome.ILLEGAL: Verdict.ILLEGAL, Outcome.AMBIGUOUS: Verdict.AMBIGUOUS, Outcome.INVALID: Verdict.UNREAD}
    if outcome in kind:
        return LineVerdict(ln.line, ln.text, kind[outcome], ln.where, text, reason, notes)
    return LineVerdict(ln.line, ln.text, Verdict.ORDER, ln.where, text, notes=notes)
