"""Reading another judge's published results: a whole game, phase by phase, as text.

njudge and DPjudge mail each phase's results, and archives keep them as text or as the HTML
pages they were put on. Each phase starts with a line such as ``Movement results for Spring of
1901.  (game.001)`` (``Retreat``/``Adjustment``, ``results`` or ``orders``), then one line per
order, ``Austria: Army Vienna -> Galicia.``, the judge's verdict after it in ``(*...*)``
(``(*bounce*)``, ``(*cut, dislodged*)``); a unit nobody ordered is ``Austria: Fleet Trieste, No
Order Processed.``. After a Fall the judge lists ``Ownership of supply centers:``, each power's
centres by name. A draw is announced in words (``declared a draw between ...``). An archive's page
of a season (the Diplomatic Pouch's ``Results for Fall of 1901 in describe``) names each phase by a
section word instead (``Movement``, ``Retreat``, ``Adjustment``), and is read so too.

:func:`parse_results` reads such a text into a :class:`RecordedGame`: per phase, each power's
orders as the judge printed them (the verdict taken off) with the verdict's words, and the
centres owned when the judge listed them. It reads no order itself: the orders are read by the
judge's one reader (:func:`judge.notation.parse_orders`); only the judge's fixed sentence for a
build (``Builds an army in Vienna.``) is put in order words first (:func:`order_words`).

A phase printed twice (a mail and its copy, or a phase the Gamesmaster processed again) counts
once, as printed last. The phases are put in the order they were played, whatever the order of
the archive (some list the newest first).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

from .core.errors import JudgeError
from .core.types import Phase, PhaseKind, ProvinceId
from .core.variant import Variant

__all__ = ["RecordedOrder", "RecordedPhase", "RecordedGame", "parse_results", "html_to_text", "order_words",
           "NO_ORDER", "DEFAULT"]

NO_ORDER = "no order"
"""The verdict word kept for a unit the judge printed as ``No Order Processed``."""
DEFAULT = "default"
"""The verdict word kept for a removal the judge made for a power that sent none (njudge's
``Defaults, removing the army in Bohemia.``)."""

_HEADER = re.compile(r"^\s*(movement|retreat|adjustment)\s+(?:results|orders)\s+for\s+"
                     r"(spring|summer|fall|autumn|winter)\s+of\s+(\d{1,4})\b", re.I)
_KINDS = {"movement": PhaseKind.MOVEMENT, "retreat": PhaseKind.RETREAT, "adjustment": PhaseKind.ADJUSTMENT}
_PAGE = re.compile(r"^\s*results\s+for\s+(spring|summer|fall|autumn|winter)\s+of\s+(\d{1,4})\s+in\b", re.I)
_SECTION = re.compile(r"^\s*(movement|retreats?|adjustments?)\s*$", re.I)
_MARKS = re.compile(r"\(\*\s*([^*]*?)\s*\*\)")
_NO_ORDER = re.compile(r",?\s*no order processed\.?\s*$", re.I)
_OWNERSHIP = re.compile(r"^\s*ownership of supply cent(?:er|re)s\s*:", re.I)
_DISLODGED = re.compile(r"^\s*the following units were dislodged\s*:", re.I)
_DRAW = re.compile(r"\bdeclared\s+a\s+draw\s+between\s+(.+?)(?:\.\s*$|$)", re.I)
_DEFAULT = re.compile(r"^defaults,\s+removing\s+(?:the\s+|an?\s+)?(army|fleet|wing)\s+in\s+(?:the\s+)?(.+?)\.?$", re.I)
_BUILD = re.compile(r"^builds\s+an?\s+(army|fleet|wing)\s+in\s+(?:the\s+)?(.+?)\.?$", re.I)
_WAIVED = re.compile(r"\b(?:build|builds)\s+(?:waived|pending)\b|\bunusable\b", re.I)
_SUMMARY = re.compile(r"\d+\s+supply\s+cent", re.I)
_BLOCK_TAGS = {"p", "div", "br", "tr", "li", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "table", "hr", "dt", "dd"}


@dataclass(frozen=True)
class RecordedOrder:
    """One order as the other judge printed it.

    ``text`` is the order without its verdict (``Army Vienna -> Galicia``); ``marks`` the
    verdict's words in lower case (``('bounce',)``, ``('cut', 'dislodged')``, empty when the
    order succeeded; :data:`NO_ORDER` for a unit given no order); ``line`` its line in the source.
    """

    power: str
    text: str
    marks: tuple[str, ...]
    line: int

    @property
    def no_order(self) -> bool:
        """A unit the judge printed as ``No Order Processed``."""
        return NO_ORDER in self.marks

    @property
    def by_default(self) -> bool:
        """The judge's own order, not a player's: a unit given none, or a removal by default."""
        return NO_ORDER in self.marks or DEFAULT in self.marks

    @property
    def printed(self) -> str:
        """The line as the other judge printed it (its verdict in ``(*...*)``)."""
        marks = [m for m in self.marks if m not in (NO_ORDER, DEFAULT)]
        if DEFAULT in self.marks:
            return f"{self.power}: Defaults, {self.text}." + (f" (*{', '.join(marks)}*)" if marks else "")
        tail = ", No Order Processed." if self.no_order else "."
        return f"{self.power}: {self.text}{tail}" + (f" (*{', '.join(marks)}*)" if marks else "")


@dataclass
class RecordedPhase:
    """One phase of the record: its orders, and the centres owned after it if the judge listed them."""

    phase: Phase
    line: int
    orders: list[RecordedOrder] = field(default_factory=list)
    centres: dict[str, list[ProvinceId]] | None = None
    """Power -> the centres it owned as listed after this phase (``Ownership of supply centers``)."""

    def __str__(self) -> str:
        return f"{self.phase} (line {self.line})"


@dataclass
class RecordedGame:
    """A game as another judge published it."""

    source: str
    phases: list[RecordedPhase]
    draw: tuple[str, ...] = ()
    """The powers of a draw the record announces, if it does."""
    notes: list[str] = field(default_factory=list)
    """What the reader passed over (phases printed twice), for the import's report."""


class _Text(HTMLParser):
    """An HTML page's text: a new line at each block element, entities decoded."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:  # noqa: ARG002 - HTMLParser's signature
        if tag in ("script", "style"):
            self.skip += 1
        elif tag in _BLOCK_TAGS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.skip = max(0, self.skip - 1)
        elif tag in _BLOCK_TAGS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.parts.append(data)


def html_to_text(text: str) -> str:
    """The text of an HTML page (tags taken off, a new line at each block, entities decoded).

    >>> html_to_text("<p>Austria: Army Vienna -&gt; Galicia.<br>England: Fleet London HOLD.</p>")
    '\\nAustria: Army Vienna -> Galicia.\\nEngland: Fleet London HOLD.\\n'
    """
    parser = _Text()
    parser.feed(text)
    parser.close()
    return "".join(parser.parts)


def _looks_like_html(text: str) -> bool:
    head = text[:2000].lower()
    return "<html" in head or "<body" in head or "<pre" in head or "<br" in head or "<p>" in head


def order_words(text: str) -> str:
    """The order of a printed line in words the judge's reader takes: the judge's fixed sentence
    for a build put as an order (the rest is left as it is).

    >>> order_words("Builds an army in Vienna.")
    'Build army Vienna'
    >>> order_words("Builds a fleet in St. Petersburg (north coast).")
    'Build fleet St. Petersburg (north coast)'
    >>> order_words("Army Vienna -> Galicia")
    'Army Vienna -> Galicia'
    """
    m = _BUILD.match(text.strip())
    return f"Build {m.group(1).lower()} {m.group(2)}" if m else text


class _Reader:
    """The state of reading a record line by line."""

    def __init__(self, variant: Variant, source: str) -> None:
        from .notation import names_of
        from .reading import normalise_name

        self.variant = variant
        self.source = source
        self.norm = normalise_name
        names = names_of(variant)  # the notation's index of the variant's names, read as orders read them
        self.powers = names.powers
        """Normalised name or adjective -> power."""
        self.places = names.provinces
        """Normalised id, name or alias -> province."""
        self.seasons = {s.lower(): s for s, _ in variant.calendar.steps}
        self.found: dict[Phase, RecordedPhase] = {}
        self.order: list[Phase] = []
        self.notes: list[str] = []
        self.draw: tuple[str, ...] = ()
        self.draw_text: str | None = None
        self.page: tuple[str, str] | None = None
        """An archive page's season and year (``Results for Fall of 1901 in describe``)."""
        self.phase: RecordedPhase | None = None
        self.section = "orders"
        self.pending: tuple[str, str, int] | None = None  # an order line still open (power, text, line)
        self.owner: str | None = None
        self.centre_texts: dict[Phase, dict[str, str]] = {}

    def power_line(self, line: str) -> tuple[str, str] | None:
        """``(power, rest)`` for a line ``Power: rest`` of one of the game's powers."""
        head, sep, rest = line.partition(":")
        if not sep:
            return None
        power = self.powers.get(self.norm(head))
        return (power, rest.strip()) if power else None

    def header(self, kind_word: str, season_word: str, year: str, no: int) -> None:
        """A phase begins: ``Movement results for Spring of 1901.``, or an archive page's section."""
        self.close_order()
        season = season_word.lower()
        season = "fall" if season == "autumn" and "fall" in self.seasons else season
        kind = _KINDS[kind_word.lower().rstrip("s")]
        if season not in self.seasons:
            raise JudgeError(f"no season {season_word!r} in the {self.variant.name} calendar", f"{self.source}:{no}")
        phase = Phase(int(year), self.seasons[season], kind)
        if kind is PhaseKind.ADJUSTMENT and (phase.season, kind) not in self.variant.calendar.steps:
            # A page of a Fall that lists its Winter's adjustments: the year's adjustment step.
            later = [s for s, k in self.variant.calendar.steps if k is kind]
            phase = Phase(int(year), later[-1], kind) if later else phase
        if (phase.season, phase.kind) not in self.variant.calendar.steps:
            raise JudgeError(f"the {self.variant.name} calendar has no {phase.season} {kind.value} phase",
                             f"{self.source}:{no}")
        if phase in self.found:
            self.notes.append(f"{phase} is printed again at line {no}: the later printing is taken "
                              f"(the earlier one is at line {self.found[phase].line})")
        self.phase = self.found[phase] = RecordedPhase(phase, no)
        self.centre_texts.pop(phase, None)
        self.section = "orders"

    def close_order(self) -> None:
        """Finish the order line being read (one the judge wrapped may go on the next line)."""
        if self.pending is None or self.phase is None:
            self.pending = None
            return
        power, text, no = self.pending
        self.pending = None
        marks: list[str] = []
        for m in _MARKS.finditer(text):
            marks += [w.strip().lower() for w in m.group(1).split(",") if w.strip()]
        text = _MARKS.sub("", text).strip()
        if _NO_ORDER.search(text):
            text, marks = _NO_ORDER.sub("", text), marks + [NO_ORDER]
        text = text.strip().rstrip(".").strip()
        if _WAIVED.search(text) or _SUMMARY.search(text):
            return  # "1 unusable build waived.": nothing to order (a waive is the judge's default)
        default = _DEFAULT.match(text)
        if default:
            text, marks = f"Remove {default.group(1).lower()} {default.group(2)}", marks + [DEFAULT]
        self.phase.orders.append(RecordedOrder(power, order_words(text), tuple(marks), no))

    def centre_line(self, line: str) -> None:
        """A line of ``Ownership of supply centers``: ``Power: names,`` or the names going on
        (a name may be broken over two lines: ``St`` / ``Petersburg``)."""
        assert self.phase is not None
        found = self.power_line(line)
        if found is not None:
            self.owner, line = found
        elif re.match(r"^\s*unowned\s*:", line, re.I):
            self.owner, line = "", line.split(":", 1)[1]
        elif self.owner is None or not line.strip():
            self.owner = None
            return
        elif not line.startswith((" ", "\t")) and not self.centre_texts[self.phase.phase].get(self.owner, "").endswith(","):
            self.owner = None  # not a name going on (an archive may lose the indent, not the comma)
            return
        if self.owner is None or _SUMMARY.search(line):
            self.owner = None
            return
        texts = self.centre_texts.setdefault(self.phase.phase, {})
        texts[self.owner] = f"{texts.get(self.owner, '')} {line.strip()}"

    def centres(self) -> None:
        """Each phase's centres, by name, from the lines gathered."""
        for phase, texts in self.centre_texts.items():
            centres: dict[str, list[ProvinceId]] = {}
            for owner, text in texts.items():
                for name in text.split(","):
                    key = self.norm(name.strip().rstrip("."))
                    if owner and key in self.places:
                        centres.setdefault(owner, []).append(self.places[key])
            self.found[phase].centres = centres

    def read(self, text: str) -> None:
        for no, raw in enumerate(text.splitlines(), 1):
            self.line(raw.rstrip(), no)
        self.close_order()
        self.centres()

    def line(self, line: str, no: int) -> None:
        m = _HEADER.match(line)
        if m:
            self.header(m.group(1), m.group(2), m.group(3), no)
            return
        page = _PAGE.match(line)
        if page:  # an archive's page of a season (the Pouch's): its sections name the phases
            self.close_order()
            self.page, self.phase = (page.group(1), page.group(2)), None
            return
        section = _SECTION.match(line)
        if section and self.page is not None:
            self.header(section.group(1), self.page[0], self.page[1], no)
            return
        self.draw_line(line)
        if self.phase is None:
            return
        if _OWNERSHIP.match(line):
            self.close_order()
            self.section, self.owner = "centres", None
            self.centre_texts[self.phase.phase] = {}
            return
        if _DISLODGED.match(line):
            self.close_order()
            self.section = "dislodged"
            return
        if self.section == "centres":
            self.centre_line(line)
        elif self.section == "orders":
            self.order_line(line, no)

    def draw_line(self, line: str) -> None:
        """``Game 'x' has been declared a draw between Austria, Russia and`` / ``England.``: the
        powers of the draw (the sentence may go on to the next line)."""
        if self.draw_text is not None:
            self.draw_text += " " + line.strip()
        elif _DRAW.search(line):
            self.draw_text = line.strip()
        else:
            return
        if self.draw_text.endswith(".") or not line.strip():
            found = _DRAW.search(self.draw_text)
            words = re.split(r",|\band\b", found.group(1)) if found else []
            self.draw = tuple(p for w in words if (p := self.powers.get(self.norm(w.strip().rstrip("."))) or ""))
            self.draw_text = None

    def order_line(self, line: str, no: int) -> None:
        """A line of a phase's orders: ``Power: order.  (*marks*)``, or the rest of one the judge
        (or the archive) broke over lines, or its marks alone on the next line."""
        found = self.power_line(line)
        if found is not None:
            self.close_order()
            self.pending = (found[0], found[1], no)
            if found[1].endswith((".", ")")):
                self.close_order()
        elif _MARKS.fullmatch(line.strip()) and self.pending is None and self.phase and self.phase.orders:
            last = self.phase.orders[-1]
            marks = tuple(w.strip().lower() for w in _MARKS.fullmatch(line.strip()).group(1).split(",") if w.strip())  # type: ignore[union-attr]
            self.phase.orders[-1] = dataclasses.replace(last, marks=last.marks + marks)
        elif self.pending is not None and line.strip():
            power, text, start = self.pending
            self.pending = (power, f"{text} {line.strip()}", start)
            if line.endswith((".", ")")):
                self.close_order()
        else:
            self.close_order()


def parse_results(text: str, variant: Variant, source: str = "<results>") -> RecordedGame:
    """Read a game's published results (text, or an HTML page) into a :class:`RecordedGame`,
    its phases in the order they were played.

    Raises:
        JudgeError: located ``source:line``, when a phase header names a season the variant
            has not, or when the text holds no phase at all.
    """
    if _looks_like_html(text):
        text = html_to_text(text)
    reader = _Reader(variant, source)
    reader.read(text)
    if not reader.found:
        raise JudgeError("no phase results found (a line such as 'Movement results for Spring of 1901.')", source)
    from .reading import phase_rank

    phases = sorted(reader.found.values(), key=lambda p: phase_rank(variant.calendar, p.phase))
    return RecordedGame(source, phases, reader.draw, reader.notes)
