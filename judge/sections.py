"""A variant's own state as plain data: the sections its pages and reports show.

A variant that keeps state of its own (Machiavelli's ducats and loans, Europe 1615's influence
and declarations, Maharajah's home centres) says what players should see of it in two packages of
its own, named by its description (:class:`judge.variants.description.VariantDescription`):
``pages.py`` for the game and phase pages and ``report.py`` for the plain-text results and forum
posts. Each holds providers ``(variant, position) -> Section | None`` that read the typed state and
fill the values of this module. Neither knows how a page or a report is written: the site renders
a :class:`Section` to Markdown (:mod:`judge.site.state_sections`, which escapes every value, since
names in the state come from files anyone can edit) and the reports render it to plain text
(:func:`judge.reports.state_report`). So the variants stand below the site and the reports, and
neither calls back up into them.

A section is a title and parts: a :class:`Table`, :class:`Items` (a list of sentences),
a :class:`Text` (a paragraph) or a :class:`Listing` (``Treasury: Florence 12, Milan 9.``). Every
value is plain text, as players read it. The words the providers and the reports share (place
names, amounts, the powers' order) are here too, so that there is one of each.

>>> s = Section("Sieges", (Table(("City", "Besieged by"), (("Pisa", "Florence"),)),))
>>> s.parts[0].rows
(('Pisa', 'Florence'),)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Sequence, TypeAlias

from .core.board import Terrain
from .core.types import Position, Power, ProvinceId
from .core.variant import Variant

__all__ = [
    "Table", "Items", "Text", "Listing", "Part", "Section", "Provider",
    "amount", "in_power_order", "place_name", "place_names", "join_words", "state_name",
    "treasury_table", "treasury_listing",
]


@dataclass(frozen=True, slots=True)
class Table:
    """Rows of plain cells under a head (a Markdown table on a page, aligned columns in a report).

    An empty cell is shown as a dash on a page. A report prints the head only when there is one.
    """

    head: tuple[str, ...]
    """The columns' names; empty for a table whose rows speak for themselves."""
    rows: tuple[tuple[str, ...], ...]
    """The rows, each a cell per column."""


@dataclass(frozen=True, slots=True)
class Items:
    """Sentences, one per line: a bulleted list on a page, lines in a report."""

    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Text:
    """One paragraph."""

    text: str


@dataclass(frozen=True, slots=True)
class Listing:
    """A label and the things it lists, written ``Label: a, b, c.`` (wrapped in a report)."""

    label: str
    items: tuple[str, ...]


Part: TypeAlias = Table | Items | Text | Listing
"""One part of a section."""


@dataclass(frozen=True, slots=True)
class Section:
    """What players see of one part of a variant's state.

    Parts are shown in order (on a page, separated by blank lines). A report writes a section with
    a title as a block (``Title:``, its lines indented); a section without one, as its lines.
    """

    title: str
    parts: tuple[Part, ...]
    chart: tuple[tuple[str, float], ...] = ()
    """For a section worth following over the game (a treasury), a number per power: the game
    page draws it as a chart over the phases. Empty for the others."""


Provider = Callable[[Variant, Position], "Section | None"]
"""What a variant's ``pages.py`` and ``report.py`` list: a section from a position, or None when
the position has nothing for it."""


# -- words ----------------------------------------------------------------------------------------

_COASTS = {"NC": "north coast", "SC": "south coast", "EC": "east coast", "WC": "west coast"}


def amount(x: Any) -> str:
    """A number as players read it: whole numbers without a point, others with up to two decimals;
    anything else as it is.

    >>> amount(12.0), amount(2.5), amount("n/a")
    ('12', '2.5', 'n/a')
    """
    try:
        f = float(x)
    except (TypeError, ValueError):
        return str(x)
    return str(int(f)) if f == int(f) else f"{f:.2f}".rstrip("0")


def in_power_order(variant: Variant, items: Iterable[Any]) -> list[Any]:
    """``items`` (powers, or keys named by powers) in the order the variant lists its powers;
    others after them, by name, and an empty name (orders no power gave) last.

    >>> from judge.variants import find_variant
    >>> in_power_order(find_variant("standard"), ["", "Turkey", "Narnia", "Austria"])
    ['Austria', 'Turkey', 'Narnia', '']
    """
    rank = {str(p): i for i, p in enumerate(variant.powers)}
    return sorted(items, key=lambda p: (rank.get(str(p), len(rank)), str(p) == "", str(p)))


def place_name(variant: Variant, place: str, *, article: bool = False) -> str:
    """``STP/SC`` -> ``St Petersburg (south coast)``; with ``article``, seas take "the". A place
    the board does not know is given as it is."""
    prov, _, coast = str(place).partition("/")
    p = variant.board.provinces.get(ProvinceId(prov.upper()))
    if p is None:
        return str(place)
    name = p.name
    if article and p.terrain is Terrain.SEA and not name.lower().startswith("the "):
        name = "the " + name
    if coast:
        name += f" ({_COASTS.get(coast.upper(), coast.lower())})"
    return name


def place_names(variant: Variant, places: Iterable[Any]) -> str:
    """Places by name, separated by commas."""
    return ", ".join(place_name(variant, str(p)) for p in places)


def join_words(items: Sequence[str], conj: str = "and") -> str:
    """``a, b and c`` (or another conjunction).

    >>> join_words(["Venice", "Milan", "Naples"], "or")
    'Venice, Milan or Naples'
    """
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conj} " + items[-1]


def state_name(variant: Variant, state: str) -> str:
    """A minor state's name: its province's (``Bavaria``), else the name its pseudo-power is given
    (``Lower Saxony`` for ``LOWR``), else the id."""
    if str(state).upper() in variant.board.provinces:
        return place_name(variant, state)
    info = variant.powers.get(Power(state))
    return info.adjective if info is not None and info.adjective else str(state)


# -- sections more than one variant shows ----------------------------------------------------------


def treasury_table(variant: Variant, treasury: Mapping[Any, Any] | None) -> Section | None:
    """Every power's money in the powers' order, as a page shows it: a table, and the game page's
    treasury chart. The variants keeping money (Machiavelli's ducats, Europe 1615's wealth) show
    theirs with it. None for an empty treasury."""
    if not treasury:
        return None
    rows = tuple((str(p), amount(float(treasury[p]))) for p in in_power_order(variant, treasury))
    chart = tuple((str(p), float(v)) for p, v in treasury.items())
    return Section("Treasuries", (Table(("Power", "Treasury"), rows),), chart)


def treasury_listing(variant: Variant, treasury: Mapping[Any, Any] | None) -> Section | None:
    """Every power's money in the powers' order, as a report says it (``Treasury: Florence 12,
    Milan 9.``). None for an empty treasury."""
    if not treasury:
        return None
    return Section("", (Listing("Treasury", tuple(f"{p} {amount(treasury[p])}" for p in in_power_order(variant, treasury))),))
