"""Lines and files of orders: ``Power: order``, ``Power:`` headers, several orders a line.

:func:`parse_orders` reads an orders file line by line, finds each line's power (from the line or
the header above it) and reads its orders with :func:`parse_line`: a variant's own reader first
(its ``parse_order`` hook), then an order written exactly as the judge writes it (read directly),
then the forum reader (:mod:`judge.notation.words`, then :mod:`judge.notation.orders`), which
splits a line of several orders into segments and reads each. Nothing raises past
:func:`parse_orders`: every line comes back with an order or an error, located by file and line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple

from ..core.errors import AmbiguousOrder, InvalidOrder, JudgeError
from ..core.orders import Convoy, Hold, Move, Order, SupportHold, SupportMove
from ..core.types import Location, PhaseKind, Position, Power, ProvinceId, UnitType
from ..core.variant import Variant
from ..reading import normalise_name
from .orders import order_of, subject_len, support_of
from .words import _BULLET, _MARKUP, _UNIT_WORDS, _WORD_KIND, Names, Token, names_of, tokenise

@dataclass
class ParsedLine:
    """One line of an orders file, read.

    ``order`` is the order understood (``None`` when the line is in error); ``notes`` say how a
    badly written order was read.
    """

    line: int
    text: str
    power: Power | None
    order: Order | None = None
    error: JudgeError | None = None
    notes: list[str] = field(default_factory=list)
    where: str = ""
    body: str = ""
    """The order part of the line (without the power)."""


def parse_order(text: str, power: Power, variant: Variant, position: Position, names: Names | None = None,
                notes: list[str] | None = None) -> Order:
    """Read one order of ``power`` for the phase of ``position``.

    Raises InvalidOrder (not understood) or AmbiguousOrder (two meanings).

    >>> from judge.variants import find_variant
    >>> v = find_variant('standard')
    >>> str(parse_order('Army Paris -> Burgundy', Power('France'), v, v.start))
    'A PAR - BUR'
    >>> str(parse_order('F London supports A Wales-Belgium', Power('England'), v, v.start))
    'F LON S A WAL - BEL'
    """
    read = parse_line(text, power, variant, position, names, notes)
    if len(read) != 1:
        raise InvalidOrder(f"{len(read)} orders where one was expected")
    order, error, _, _ = read[0]
    if error is not None:
        raise error
    assert order is not None
    return order


class Piece(NamedTuple):
    """One order of a line: the order or the error, notes on how it was read, its text."""

    order: Order | None
    error: JudgeError | None
    notes: list[str]
    text: str


_VERBS = frozenset({"MOVE", "HOLD", "SUPPORT", "CONVOY"})


def _segments(toks: list[Token]) -> list[tuple[list[Token], str]]:
    """The orders of a line: split at ',' ';' '&', before ``supported by`` and ``convoyed via``,
    and where a unit starts a new order."""
    out: list[tuple[list[Token], str]] = []
    cur: list[Token] = []
    joiner = ""
    for k, t in enumerate(toks):
        if t.kind in ("SEP", "AND"):
            if cur:
                out.append((cur, joiner))
                cur = []
                joiner = t.kind
            elif t.kind == "AND" or not joiner:
                joiner = t.kind
            continue
        if _starts_order(cur, toks, k) or (t.kind in ("SBY", "CBY") and cur):
            # "A Mun - Boh supported by A Tyr": the helper's words start a segment of their own.
            out.append((cur, joiner))
            cur, joiner = [], "SEP"
        cur.append(t)
    if cur:
        out.append((cur, joiner))
    return out


def _starts_order(cur: list[Token], toks: list[Token], k: int) -> bool:
    """Does the token at ``k`` start a new order with no separator before it, ``cur`` being the
    order read so far? A unit and its place after a whole order (``A PAR - BUR A MAR H``), or a
    place after a move's destination, then a verb (``ROM - VEN VEN - TRI``)."""
    if len(cur) <= 2 or k + 1 >= len(toks):
        return False
    kind, last, after = toks[k].kind, cur[-1].kind, toks[k + 1].kind
    if kind == "UNIT":
        return last in ("PROV", "PROVS", "COAST", "HOLD") and after in ("PROV", "PROVS")
    if kind == "PROV":
        return last in ("PROV", "COAST") and after in _VERBS and any(x.kind == "MOVE" for x in cur)
    return False


_HOOK_NOTES: list[list[str]] = []


def hook_notes() -> list[str]:
    """Where a variant's ``parse_order`` hook writes how it read a badly written order (seed 003
    section 4: followed, with a note): the notes of the line being read, else a list nobody reads."""
    return _HOOK_NOTES[-1] if _HOOK_NOTES else []


_PLACE = r"([A-Z]{3})(?:/([NSEW]C))?"
_CANONICAL = re.compile(
    rf"([AF]) {_PLACE}(?:"
    r"( H)"
    rf"| - {_PLACE}( via convoy)?"
    rf"| S ([AF]) {_PLACE}(?: - {_PLACE})?"
    rf"| C A {_PLACE} - {_PLACE}"
    r")")
"""An order of a movement phase exactly as the judge writes it (``str(order)``: ``A PAR - BUR``,
``F STP/SC - BOT``, ``A WAL - BRE via convoy``, ``A MUN S A BER - SIL``, ``F BOT S F BAL``,
``F ENG C A WAL - BRE``, ``F LON H``): read directly, skipping the forum reader, which would give
the same order (a test reads every such line both ways). Files the judge itself writes (``judge
check --canonical``, the site's orders page when copied from the judge) and most players' files
take this path."""
_KINDS = {"A": UnitType.ARMY, "F": UnitType.FLEET}


def _canonical(text: str, power: Power, variant: Variant, position: Position) -> Order | None:
    """The order of a canonical line, or None to read it the long way."""
    m = _CANONICAL.fullmatch(text)
    if m is None or position.phase.kind is not PhaseKind.MOVEMENT:
        return None
    provinces = variant.board.provinces
    places = m.groups()
    for k in (1, 4, 8, 10, 12, 14):
        pid = places[k]
        if pid is not None:
            prov = provinces.get(ProvinceId(pid))
            coast = places[k + 1]
            if prov is None or (coast is not None and coast not in prov.coasts):
                return None  # the long way says what is wrong
    (kind, src, src_coast, hold, dest, dest_coast, via, skind, starget, starget_coast, sdest, sdest_coast,
     ctarget, _ctarget_coast, cdest, _cdest_coast) = places
    if _ctarget_coast is not None or _cdest_coast is not None or starget_coast is not None:
        return None
    unit, loc = _KINDS[kind], Location(ProvinceId(src), src_coast)
    if hold:
        return Hold(power, unit, loc)
    if dest:
        return Move(power, unit, loc, Location(ProvinceId(dest), dest_coast), bool(via))
    if skind:
        if sdest is None:
            return SupportHold(power, unit, loc, ProvinceId(starget), _KINDS[skind])
        return SupportMove(power, unit, loc, ProvinceId(starget), ProvinceId(sdest), _KINDS[skind], sdest_coast)
    if ctarget:
        return Convoy(power, unit, loc, ProvinceId(ctarget), ProvinceId(cdest), UnitType.ARMY)
    return None


def parse_line(text: str, power: Power, variant: Variant, position: Position, names: Names | None = None,
               notes: list[str] | None = None) -> list[Piece]:
    """Read the orders of one line (several orders may share a line: ``F Bre-Mid, A Par-Bur``)."""
    names = names or names_of(variant)
    notes = notes if notes is not None else []
    _HOOK_NOTES.append(notes)
    try:
        custom = variant.rules.parse_order(text, power, variant, position)
    finally:
        _HOOK_NOTES.pop()
    if custom is not None:
        return [Piece(custom, None, notes, text)]
    quick = _canonical(text, power, variant, position)
    if quick is not None:
        return [Piece(quick, None, notes, text)]
    toks = tokenise(text, names, notes)
    if not toks:
        raise InvalidOrder("empty order")
    segs = _segments(toks)
    if len(segs) == 1:
        return [Piece(order_of(segs[0][0], power, variant, position, names, notes), None, notes, text)]
    reader = _LineReader(power, variant, position, names)
    for n, (seg, joiner) in enumerate(segs):
        nxt = segs[n + 1] if n + 1 < len(segs) else None
        reader.segment(seg, joiner, nxt, notes if n == 0 else [])
    return reader.finish()


class _LineReader:
    """The orders of a line of several (``F Bre-Mid, A Par-Bur``), read segment by segment.

    What a segment means may depend on those around it: ``A Par & A Mar - Bur`` gives both units
    the order (units wait in ``pending`` for it); ``F Eng-Mid, supported by F Iri`` makes the
    named unit support the order before it (``supported``; ``convoyed via F Nth`` a convoy,
    ``by_convoy``); ``Build A Par, F Bre`` carries the verb on (``adj_verb``)."""

    def __init__(self, power: Power, variant: Variant, position: Position, names: Names) -> None:
        self.power = power
        self.variant = variant
        self.position = position
        self.names = names
        self.out: list[Piece] = []
        self.pending: list[list[Token]] = []
        self.supported: Order | None = None
        self.by_convoy = False
        self.adj_verb: Token | None = None
        self.notes: list[str] = []

    def _order(self, toks: list[Token], notes: list[str]) -> Order:
        return order_of(toks, self.power, self.variant, self.position, self.names, notes)

    def segment(self, seg: list[Token], joiner: str, nxt: tuple[list[Token], str] | None, notes: list[str]) -> None:
        """Read one segment (``joiner``: the separator before it; ``nxt``: the next segment);
        ``notes`` go with its first piece."""
        seg_text = " ".join(t.text for t in seg)
        self.notes = notes
        try:
            self._segment(seg, joiner, nxt, seg_text)
        except JudgeError as exc:
            self.out.append(Piece(None, exc, self.notes, seg_text))
            self.pending = []

    def _segment(self, seg: list[Token], joiner: str, nxt: tuple[list[Token], str] | None, seg_text: str) -> None:
        if seg[0].kind in ("SBY", "CBY"):
            if self.supported is None:
                raise InvalidOrder(f"{seg[0].text!r} follows no order")
            self.by_convoy = seg[0].kind == "CBY"
            if self.by_convoy:
                self._via_convoy()
            seg = seg[1:]
        sub = subject_len(seg)
        if sub and sub == len(seg) and self._unit_alone(seg, joiner, nxt, seg_text):
            return
        if seg[0].kind in ("BUILD", "DISBAND"):
            self.adj_verb = seg[0]
        elif self.adj_verb is not None and sub == len(seg) and self.position.phase.kind is PhaseKind.ADJUSTMENT:
            seg = [self.adj_verb, *seg]
        for subject in self.pending:  # "A Par & A Mar - Bur": each waiting unit gets the order
            order = self._order(subject + seg[sub:], self.notes)
            self.out.append(Piece(order, None, self.notes, " ".join(t.text for t in subject + seg[sub:])))
            self.notes = []
        self.pending = []
        order = self._order(seg, self.notes)
        followed_by_support = nxt is not None and nxt[0][0].kind in ("SBY", "CBY")
        self.supported = order if isinstance(order, (Move, Hold)) and followed_by_support else None
        self.out.append(Piece(order, None, self.notes, seg_text))

    def _via_convoy(self) -> None:
        """``A Lon - Bel convoyed via F Nth``: the move (``supported``) asks for the convoy."""
        order = self.supported
        if not isinstance(order, Move):
            raise InvalidOrder("'convoyed via' follows no move")
        if not order.via_convoy:
            self.supported = Move(order.power, order.kind, order.location, order.destination, True)
            self.out = [p._replace(order=self.supported) if p.order is order else p for p in self.out]

    def _unit_alone(self, seg: list[Token], joiner: str, nxt: tuple[list[Token], str] | None, seg_text: str) -> bool:
        """A unit with no verb (``seg``): it waits for the order of the units after it (``A Par &
        A Mar - Bur``), or supports the order before (``F Eng-Mid, supported by F Iri & F Wal``).
        True when so read; False to read it as an order of its own (a hold, a build)."""
        if nxt is not None and nxt[1] == "AND" and self.supported is None:
            self.pending.append(seg)
            return True
        if self.supported is not None and joiner in ("AND", "SEP") and (seg_text and self.out):
            order = support_of(self.supported, seg, self.power, self.variant, self.position, self.names, self.notes,
                               convoy=self.by_convoy)
            self.out.append(Piece(order, None, self.notes, seg_text))
            return True
        return False

    def finish(self) -> list[Piece]:
        """The pieces read; units still waiting for an order are errors."""
        for subject in self.pending:
            self.out.append(Piece(None, InvalidOrder("a unit without an order"), [], " ".join(t.text for t in subject)))
        return self.out


def is_prose(text: str, variant: Variant) -> bool:
    """A line of a forum post that is not an order: its first word is no unit, order word, place
    or power ("Here are my orders:", "Good luck all"). For ``judge check --canonical``."""
    names = names_of(variant)
    words = _BULLET.sub("", _MARKUP.sub(" ", text)).replace(":", " ").replace("(", " ").split()
    if not words:
        return True
    w = words[0].lower().strip(".,;!?*")
    if (w in _UNIT_WORDS or w in _WORD_KIND or w in names.provinces or w in names.powers
            or names.prefixed(w) or not w.isalpha()):
        return False
    try:
        names.power(w)  # "Germnay:" is a power, misspelt
        return False
    except AmbiguousOrder:
        return False
    except InvalidOrder:
        return True


def is_header_prose(line: str, variant: Variant) -> bool:
    """``Here are my orders:``: a line like a header, of prose (no power, no order)."""
    m = _HEADER.match(_MARKUP.sub("", line.split("#", 1)[0]))
    return m is not None and not m.group(2).strip() and is_prose(m.group(1), variant)


_HEADER = re.compile(r"^\s*([A-Za-z][\w .'-]*?)\s*:\s*(.*)$")


def parse_orders(text: str, variant: Variant, position: Position, filename: str = "<orders>",
                 default_power: Power | None = None) -> list[ParsedLine]:
    """Read an orders file: one order a line, ``Power: order`` or under a ``Power:`` header.

    ``#`` starts a comment. Every line with an order comes back, understood or with its error.
    """
    names = names_of(variant)
    out: list[ParsedLine] = []
    current = default_power
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"{filename}:{no}"
        notes: list[str] = []
        body = line
        power = current
        m = _header(line)
        if m:
            try:
                p, note = names.power(m.group(1))
            except JudgeError as exc:
                if not m.group(2):
                    exc.where = where
                    out.append(ParsedLine(no, line, None, error=exc, where=where))
                    current = None
                    continue
                p = None
                if current is None:
                    exc.where = where
                    out.append(ParsedLine(no, line, None, error=exc, where=where))
                    continue
            if p is not None:
                if note:
                    notes.append(note)
                if not m.group(2):
                    current = p
                    continue
                power, body = p, m.group(2)
        if power is None:
            first = normalise_name(body.split(None, 1)[0]) if body.split() else ""
            if first in names.powers:  # "English Fleet Edinburgh - North Sea", "Russia builds ..."
                power = names.powers[first]
            else:
                out.append(ParsedLine(no, line, None, error=InvalidOrder("which power's order? Write 'Power: order' or a 'Power:' header line", where), where=where))
                continue
        out.extend(_read_line(ParsedLine(no, line, power, notes=notes, where=where, body=body), variant, position, names))
    return out


def _header(line: str) -> re.Match | None:
    """The match of ``Power: ...`` at the start of ``line``, markup around the power read past
    (``**France:**``, ``[b]France:[/b]``); None for a line with no header."""
    m = _HEADER.match(line)
    if m is None and ("*" in line or "[" in line or "_" in line):
        m = _HEADER.match(_MARKUP.sub("", line))
    return m


def _read_line(line: ParsedLine, variant: Variant, position: Position, names: Names) -> list[ParsedLine]:
    """The orders of one line whose power is known (``line``: its number, text, power, order text
    and notes so far): one :class:`ParsedLine` for each order, or one with the line's error."""
    assert line.power is not None
    try:
        pieces = parse_line(line.body, line.power, variant, position, names, line.notes)
    except JudgeError as exc:
        exc.where = line.where
        line.error = exc
        return [line]
    if len(pieces) == 1 and pieces[0].error is None:
        line.order = pieces[0].order
        return [line]
    out = []
    for piece in pieces:
        if piece.error is not None:
            piece.error.where = line.where
        out.append(ParsedLine(line.line, line.text, line.power, order=piece.order, error=piece.error, notes=piece.notes,
                              where=line.where, body=piece.text if len(pieces) > 1 else line.body))
    return out
