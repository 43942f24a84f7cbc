"""What makes a variant, named in one place.

Each variant is a package ``judge/variants/<name>/`` whose ``__init__`` defines ``DESCRIPTION``, a
:class:`VariantDescription`. It names the variant's board data (the folder ``variants/<name>/``),
its rules (a :class:`~judge.core.variant.Rules` subclass) and calendar, its map layer, the sections
its pages and reports add (plain data, see :mod:`judge.sections`), its typed state, the help shown above its orders form, how its notes read, and its rulebook (every
rule of its seeds by id, see :mod:`judge.rulebook`). The renderer, the site and the reports ask
the description; none of them knows a variant by name.

The map layer, the page sections, the report sections, the notes' wording and the narrative's
sentences for its own orders and its table of adjustments are named by
``"module:attribute"`` and imported only when asked for, so that adjudicating a phase loads none
of them. The sections
import nothing of the site or the reports: those render them, and stand above the variants.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Mapping, Protocol, Sequence

from ..core.types import Position
from ..core.variant import STANDARD_CALENDAR, Calendar, Rules, Variant

if TYPE_CHECKING:  # pragma: no cover
    from ..rulebook import Rulebook
    from ..sections import Provider, Table

__all__ = ["VariantDescription", "VariantState", "StateError", "load_attribute"]


class StateError(ValueError):
    """A bad value in a variant's state, with the path of keys to it in the position file
    (``("treasury", "Florence")``); the reader of the file turns it into a located error."""

    def __init__(self, message: str, *path: Any) -> None:
        super().__init__(message)
        self.message = message
        self.path = path


class VariantState(Protocol):
    """What a variant's typed state provides (a frozen dataclass, as a rule).

    ``KEYS`` are the top-level keys of the position file it owns. ``from_data`` reads them (all
    absent for a new game: the value then is the start), checks every value once and raises
    :class:`StateError` for a bad one; ``to_data`` writes them back as plain data (an absent key
    for an empty value), so that a position file round-trips.
    """

    KEYS: ClassVar[tuple[str, ...]]

    @classmethod
    def from_data(cls, data: Mapping[str, Any], variant: Variant) -> "VariantState": ...

    def to_data(self) -> dict[str, Any]: ...


def load_attribute(ref: str) -> Any:
    """The object named by ``"package.module:attribute"``."""
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)


@dataclass(frozen=True)
class VariantDescription:
    """One variant: where each of its parts is.

    ``name`` is the folder of its data under ``variants/`` and the name games use.
    ``map_layer`` names a subclass of :class:`judge.mapkit.Layer`; ``page_sections`` and
    ``report_sections`` name sequences of providers ``(variant, position) -> Section | None``
    (:mod:`judge.sections`): what the pages show of the variant's state and what the plain-text
    results and forum posts say of it, as plain data that the site writes as Markdown and the
    reports as text; ``rulebook`` names a :class:`judge.rulebook.Rulebook`.
    ``state`` is the variant's typed state (a :class:`VariantState`), kept in
    :attr:`Position.state`; the position file's reader and writer (:mod:`judge.notation`) are the
    one place it is read from and written to a file. ``None`` when the variant keeps no typed state.
    """

    name: str
    rules: type[Rules] = Rules
    calendar: Calendar = STANDARD_CALENDAR
    map_layer: str | None = None
    page_sections: str | None = None
    report_sections: str | None = None
    rulebook: str | None = None
    state: "type[VariantState] | None" = None
    orders_help: str = ""
    notes: str | None = None
    """Names a function ``(variant, notes, position_after) -> tuple[str, ...]``: a phase's notes
    as players read them, for a variant whose records keep some notes in older words (which
    ``judge verify`` compares, so they stay). None: the notes are read as recorded."""
    adjustments: str | None = None
    """Names a function ``(variant, position) -> Table | None`` (:class:`judge.sections.Table`):
    what each power decides in an adjustment phase, for a variant whose adjustment is not builds
    and removals by the count of centres (Machiavelli's upkeep). None, or a function giving None:
    the phase page shows the standard table."""
    narrative: str | None = None
    """Names a function ``(variant, orders, notes) -> list[str]``: the sentences the phase's
    narrative (:func:`judge.reports.narrative`) adds for the variant's own orders (records) and
    notes. None: it adds none."""

    def layer(self) -> type | None:
        """The map layer class; None when the variant draws nothing of its own."""
        return load_attribute(self.map_layer) if self.map_layer else None

    def sections(self) -> "tuple[Provider, ...]":
        """The page-section providers, in the order the pages show them."""
        return tuple(load_attribute(self.page_sections)) if self.page_sections else ()

    def report(self) -> "tuple[Provider, ...]":
        """The report-section providers, in the order the reports show them."""
        return tuple(load_attribute(self.report_sections)) if self.report_sections else ()

    def shown_notes(self, variant: Variant, notes: Sequence[str], after: Position | None) -> tuple[str, ...]:
        """A phase's notes as players read them (:attr:`notes`), ``after`` the position after the phase."""
        return tuple(load_attribute(self.notes)(variant, notes, after)) if self.notes else tuple(notes)

    def adjustment_table(self, variant: Variant, position: Position) -> "Table | None":
        """The variant's own table of the adjustments due (:attr:`adjustments`); None: the standard one."""
        return load_attribute(self.adjustments)(variant, position) if self.adjustments else None

    def story(self, variant: Variant, orders: Sequence[Any], notes: Sequence[str]) -> list[str]:
        """The narrative's sentences for the variant's own orders and notes (:attr:`narrative`);
        ``orders`` are the phase's :class:`judge.record.OrderRecord` values (not named in the type:
        the variants stand below the record, which the reports read)."""
        return list(load_attribute(self.narrative)(variant, orders, notes)) if self.narrative else []

    def rules_book(self) -> "Rulebook | None":
        """The variant's rulebook, if it has one."""
        return load_attribute(self.rulebook) if self.rulebook else None
