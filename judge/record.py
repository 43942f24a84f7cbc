"""The record of a played phase: what the judge decided, as typed, frozen values.

A phase's ``results.yaml`` is this record written out; this module is the one place that writes
it (:meth:`PhaseRecord.to_yaml`) and reads it back (:meth:`PhaseRecord.from_data`). Everything
shown after a phase — ``results.txt``, the narrative, the site's pages, ``judge post`` — is
rendered from a :class:`PhaseRecord`, never by reading an order's text again: each order is kept
with its kind and its parts (unit, place, target, destination; a variant's own order with its
own fields), its verdict, its reason and its tags, as the adjudication decided them.

The data flows one way: parsed orders -> adjudication (:class:`judge.adjudication.Report`) ->
:func:`record_phase` -> this record -> reports and pages.

A ``results.yaml`` written before orders were kept with their kinds (no ``kind`` in its
entries) is still read: the caller passes ``reread``, which reads such an entry's order text
(always in the judge's own notation) with the judge's one reader of orders, against the phase's
position (:meth:`judge.store.layout.Game.results` does).
"""

from __future__ import annotations

import dataclasses
import enum
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

import yaml

from .core import orders as core
from .core.errors import StoreError
from .core.phases import DEFAULTS, adjustment_counts
from .core.resolution import Outcome, Resolution, Tag
from .core.types import Location, Position, ProvinceId, UnitType

if TYPE_CHECKING:
    from .adjudication import Report
    from .core.variant import Variant

__all__ = [
    "OrderRecord", "Capture", "RetreatDue", "Strength", "PhaseRecord", "order_record", "order_kind", "order_parts",
    "record_phase", "Reread", "shown_kind",
]

_CORE_KINDS: dict[type, str] = {
    core.Hold: "hold", core.Move: "move", core.SupportHold: "support", core.SupportMove: "support",
    core.Convoy: "convoy", core.Retreat: "retreat", core.Disband: "disband", core.Build: "build",
    core.Waive: "waive",
}
"""The standard kinds of order (a support to hold and a support to move are both ``support``:
the second names a destination)."""

STANDARD_KINDS = frozenset(_CORE_KINDS.values())
"""The kinds of the standard game's orders."""

REFUSED = (Outcome.INVALID, Outcome.ILLEGAL, Outcome.AMBIGUOUS)
"""The verdicts of an order that was not followed as written (the unit holds)."""

def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def order_kind(order: core.Order) -> str:
    """The kind of an order: one of the standard kinds (``hold``, ``move``, ``support``,
    ``convoy``, ``retreat``, ``disband``, ``build``, ``waive``) when it is one (a variant's
    special build is a ``build``), else its class's name in snake case (Machiavelli's
    ``besiege``, ``pay``; Europe 1615's ``declaration``).

    >>> order_kind(core.Waive("France"))
    'waive'
    """
    for cls in type(order).__mro__:
        if cls in _CORE_KINDS:
            return _CORE_KINDS[cls]
    return _snake(type(order).__name__)


def _plain(value: Any) -> Any:
    """A field's value as plain data (a unit type's letter, a location's text, lists for tuples)."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Location):
        return str(value)
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, (bool, int, float)) or value is None:
        return value
    return str(value)


def _own_fields(order: core.Order) -> tuple[tuple[str, Any], ...]:
    """The fields a variant's order adds to the core class it extends (Machiavelli's ``amount``
    and ``to`` of a payment, Europe 1615's ``kind`` and ``targets`` of a declaration)."""
    base = next(c for c in type(order).__mro__ if c in _CORE_KINDS or c in (core.UnitOrder, core.Order))
    known = {f.name for f in dataclasses.fields(base)} if dataclasses.is_dataclass(base) else set()
    if base in _CORE_KINDS and type(order) is base:
        return ()
    out = []
    for f in dataclasses.fields(order):
        if f.name in known:
            continue
        value = _plain(getattr(order, f.name))
        if value is None or value == "" or value == []:
            continue
        out.append((f.name, tuple(value) if isinstance(value, list) else value))
    return tuple(out)


_KIND_LETTERS = frozenset(k.value for k in UnitType)
"""The letters of the kinds of unit (``A``, ``F``, ``G``)."""


def shown_kind(variant: Variant, position: Position | None, unit: str, place: str) -> str:
    """The letter to name an ordered unit by (``unit``, the order's, at ``place``), as the
    variant's rules name it in the phase of ``position``
    (:meth:`judge.core.variant.Rules.shown_kind`): the order's letter when there is no position,
    or no such kind of unit."""
    if position is None or unit not in _KIND_LETTERS:
        return unit
    return variant.rules.shown_kind(position, UnitType(unit), ProvinceId(place.split("/")[0])).value


@dataclass(frozen=True)
class OrderRecord:
    """One order and what the judge decided of it.

    ``order`` is the order in the judge's notation (``A PAR - BUR``), or the line as the player
    wrote it when it was not understood (``kind`` is then empty). The parts are the order's as
    followed: ``unit`` (``A``, ``F``, ``G``; empty for a waive and a variant's order to no unit),
    ``at`` the ordered unit's place (``STP/SC``), ``target`` the province of the unit supported
    or convoyed and ``target_unit`` its kind when named, ``to`` the destination (a move's, a
    retreat's, a supported move's, a convoy's), ``via_convoy`` when the player asked for a convoy.
    ``details`` are a variant's own order's fields (name, value) in their order.
    """

    power: str
    order: str
    kind: str
    result: Outcome
    reason: str = ""
    tags: tuple[Tag, ...] = ()
    unit: str = ""
    at: str = ""
    target: str = ""
    target_unit: str = ""
    to: str = ""
    via_convoy: bool = False
    details: tuple[tuple[str, Any], ...] = ()

    @property
    def understood(self) -> bool:
        """Was the line read as an order (whatever became of it)?"""
        return bool(self.kind) and self.result is not Outcome.INVALID

    @property
    def standard(self) -> bool:
        """One of the standard kinds, with nothing of a variant's own (a special build is not)."""
        return self.kind in STANDARD_KINDS and not self.details

    @property
    def refused(self) -> bool:
        """Not followed as written: not understood, illegal or ambiguous."""
        return self.result in REFUSED

    @property
    def succeeded(self) -> bool:
        return self.result is Outcome.SUCCESS

    @property
    def default(self) -> bool:
        """The judge's own order for a unit given none (it held, was disbanded, maintained)."""
        return self.reason.startswith(DEFAULTS)

    @property
    def province(self) -> str:
        """The province of the ordered unit, without its coast."""
        return self.at.split("/")[0]

    def has(self, tag: Tag) -> bool:
        return tag in self.tags

    def detail(self, name: str, default: Any = None) -> Any:
        """A field of a variant's own order (``amount``, ``targets``...)."""
        return next((v for k, v in self.details if k == name), default)

    def to_data(self) -> dict[str, Any]:
        """The entry of ``results.yaml``: the parts only where the order has them."""
        out: dict[str, Any] = {"power": self.power, "order": self.order, "kind": self.kind}
        for name in ("unit", "at", "target", "target_unit", "to"):
            value = getattr(self, name)
            if value:
                out[name] = value
        if self.via_convoy:
            out["via_convoy"] = True
        if self.details:
            out["details"] = _Flow((k, list(v) if isinstance(v, tuple) else v) for k, v in self.details)
        out.update(result=self.result.value, reason=self.reason, tags=[t.value for t in self.tags])
        return out


def order_parts(o: core.Order) -> dict[str, Any]:
    """An order's parts as the record keeps them (``unit``, ``at``, ``target``, ``target_unit``,
    ``to``, ``via_convoy``; a variant's own fields as ``details``), only those it has."""
    parts: dict[str, Any] = {}
    if isinstance(o, core.UnitOrder):
        parts.update(unit=o.kind.value, at=str(o.location))
    if isinstance(o, (core.Move, core.Retreat)):
        parts["to"] = str(o.destination)
        if isinstance(o, core.Move) and o.via_convoy:
            parts["via_convoy"] = True
    elif isinstance(o, core.SupportHold):
        parts.update(target=str(o.target), target_unit=o.target_kind.value if o.target_kind else "")
    elif isinstance(o, core.SupportMove):
        parts.update(target=str(o.target), target_unit=o.target_kind.value if o.target_kind else "",
                     to=f"{o.destination}/{o.coast}" if o.coast else str(o.destination))
    elif isinstance(o, core.Convoy):
        parts.update(target=str(o.target), target_unit=(o.target_kind or UnitType.ARMY).value, to=str(o.destination))
    details = _own_fields(o)
    if details:
        parts["details"] = details
    return {k: v for k, v in parts.items() if v != ""}


def order_record(r: Resolution) -> OrderRecord:
    """The record of one resolution (an order as the core followed it)."""
    o = r.order
    parts = order_parts(o) if o is not None else {}
    return OrderRecord(power=r.power, order=r.order_text, kind=order_kind(o) if o is not None else "", result=r.outcome,
                       reason=r.reason, tags=tuple(r.tags), **parts)


@dataclass(frozen=True)
class Capture:
    """A supply centre that changed hands (``old`` None: it was neutral)."""

    centre: str
    old: str | None
    new: str


@dataclass(frozen=True)
class RetreatDue:
    """A unit dislodged in the phase, and where it may retreat (in the retreat phase)."""

    power: str
    unit: str
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class Strength:
    """A power's centres and units after the phase."""

    centres: int
    units: int


@dataclass(frozen=True)
class PhaseRecord:
    """What the judge decided in a phase: the content of its ``results.yaml``.

    ``orders``: one per order given (by power, in the order written), then the units that had
    none; ``problems``: located messages on lines not understood and on how others were read;
    ``notes``: what the judge decided on its own and what the variant's rules report (missing
    orders, late files, civil disorder, income, control changing hands); ``captures``, the
    units ``disbanded`` (``Russia: F RUM``), the ``retreats`` due, each power's ``powers``
    after the phase; the ``winner``, or the ``next_phase`` and its ``next_folder``; the dice's
    ``dice_seed`` in a variant with dice.
    """

    game: str
    phase: str
    folder: str
    orders: tuple[OrderRecord, ...] = ()
    problems: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    captures: tuple[Capture, ...] = ()
    disbanded: tuple[str, ...] = ()
    retreats: tuple[RetreatDue, ...] = ()
    powers: Mapping[str, Strength] = field(default_factory=dict)
    winner: str | None = None
    next_phase: str | None = None
    next_folder: str | None = None
    dice_seed: str | None = None

    def by_power(self) -> dict[str, list[OrderRecord]]:
        """The orders grouped by power, each power's in the order given."""
        out: dict[str, list[OrderRecord]] = {}
        for o in self.orders:
            out.setdefault(o.power, []).append(o)
        return out

    def to_data(self) -> dict[str, Any]:
        """The record as the plain data of ``results.yaml``, keys in a fixed order."""
        data: dict[str, Any] = {
            "game": self.game, "phase": self.phase, "folder": self.folder,
            "orders": [_Flow(o.to_data()) for o in self.orders],
            "problems": list(self.problems), "notes": list(self.notes),
            "captures": [_Flow(centre=c.centre, **{"from": c.old, "to": c.new}) for c in self.captures],
            "disbanded": list(self.disbanded),
            "retreats": [_Flow(power=r.power, unit=r.unit, options=list(r.options)) for r in self.retreats],
            "powers": {p: _Flow(centres=s.centres, units=s.units) for p, s in self.powers.items()},
            "winner": self.winner, "next_phase": self.next_phase, "next_folder": self.next_folder,
        }
        if self.dice_seed is not None:
            data["dice_seed"] = self.dice_seed
        return data

    def to_yaml(self) -> bytes:
        """``results.yaml``: deterministic YAML, one order a line."""
        return yaml.dump(self.to_data(), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=10000).encode("utf-8")

    @classmethod
    def from_data(cls, data: Any, where: str, reread: Reread | None = None) -> PhaseRecord:
        """Read the plain data of a ``results.yaml`` (as the store's YAML reader gives it).

        Missing keys take their empty values (a results file trimmed by hand still reads); a
        value of the wrong shape is a :class:`StoreError` naming ``where``. An order entry
        without ``kind`` (a file written before kinds were kept) is read again with ``reread``
        when given; without it, it counts as not understood.
        """
        if not isinstance(data, Mapping):
            raise StoreError("not a results file (a mapping with 'orders', 'winner', 'next_folder', ...)", where)
        r = _Reader(data, where)
        return cls(
            game=r.text("game"), phase=r.text("phase"), folder=r.text("folder"),
            orders=tuple(_read_order(e, f"{where}: orders[{i}]", reread) for i, e in enumerate(r.items("orders"))),
            problems=tuple(str(x) for x in r.items("problems")), notes=tuple(str(x) for x in r.items("notes")),
            captures=tuple(_read_capture(c, f"{where}: captures[{i}]") for i, c in enumerate(r.items("captures"))),
            disbanded=tuple(str(x) for x in r.items("disbanded")),
            retreats=tuple(_read_retreat(x, f"{where}: retreats[{i}]") for i, x in enumerate(r.items("retreats"))),
            powers=_read_powers(data.get("powers"), f"{where}: powers"),
            winner=r.optional("winner"), next_phase=r.optional("next_phase"), next_folder=r.optional("next_folder"),
            dice_seed=r.optional("dice_seed"),
        )


Reread = Callable[[str, str], core.Order | None]
"""Reads an order's text for a power (``(power, text) -> order``, None when not understood)."""


# -- reading ------------------------------------------------------------------------------------


class _Reader:
    """Typed access to the top level of a results file, each bad value a located StoreError."""

    def __init__(self, data: Mapping[str, Any], where: str) -> None:
        self.data, self.where = data, where

    def text(self, key: str) -> str:
        value = self.data.get(key)
        if value is None:
            return ""
        if isinstance(value, (Mapping, list)):
            raise StoreError(f"'{key}' must be a text, found {type(value).__name__}", self.where)
        return str(value)

    def optional(self, key: str) -> str | None:
        return self.text(key) or None

    def items(self, key: str) -> list[Any]:
        value = self.data.get(key)
        if value is None:
            return []
        if not isinstance(value, list):
            raise StoreError(f"'{key}' must be a list, found {type(value).__name__}", self.where)
        return value


def _mapping(e: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(e, Mapping):
        raise StoreError(f"expected a mapping, found {type(e).__name__}", where)
    return e


def _enum(kind: type[enum.Enum], value: Any, where: str) -> Any:
    try:
        return kind(str(value))
    except ValueError:
        words = ", ".join(str(m.value) for m in kind)
        raise StoreError(f"{value!r} is not one of: {words}", where) from None


def _text(m: Mapping[str, Any], key: str) -> str:
    """The value of ``key`` as text; empty when absent or empty."""
    return str(m.get(key) or "")


def _read_tags(m: Mapping[str, Any], where: str) -> tuple[Tag, ...]:
    """An order's tags: a list, or a text of tags separated by commas."""
    tags = m.get("tags") or []
    if isinstance(tags, str):
        tags = [t.strip() for t in tags.split(",") if t.strip()]
    if not isinstance(tags, list):
        raise StoreError("'tags' must be a list", where)
    return tuple(_enum(Tag, t, where) for t in tags)


def _read_details(m: Mapping[str, Any], where: str) -> tuple[tuple[str, Any], ...]:
    """A variant's own order's details (its amount, its targets...), a list read as a tuple."""
    details = m.get("details") or {}
    if not isinstance(details, Mapping):
        raise StoreError("'details' must be a mapping", where)
    return tuple((str(k), tuple(v) if isinstance(v, list) else v) for k, v in details.items())


def _read_order(e: Any, where: str, reread: Reread | None) -> OrderRecord:
    """One order of a results file. A file written before orders were recorded with their parts
    (no ``kind``) has its order's text read again (``reread``), when it can be."""
    m = _mapping(e, where)
    base = OrderRecord(
        power=_text(m, "power"), order=_text(m, "order"), kind=_text(m, "kind"),
        result=_enum(Outcome, m.get("result") or "invalid", where), reason=_text(m, "reason"),
        tags=_read_tags(m, where),
    )
    if "kind" not in m:
        return _reread_order(base, reread)
    return dataclasses.replace(
        base, unit=_text(m, "unit"), at=_text(m, "at"), target=_text(m, "target"),
        target_unit=_text(m, "target_unit"), to=_text(m, "to"), via_convoy=bool(m.get("via_convoy")),
        details=_read_details(m, where))


def _reread_order(base: OrderRecord, reread: Reread | None) -> OrderRecord:
    """An order recorded with its text alone, its parts found by reading the text again; as it
    was when it cannot be read (or no reader is given)."""
    order = reread(base.power, base.order) if reread is not None and base.order else None
    if order is None:
        return base
    again = order_record(Resolution(base.power, order, base.result, base.reason, base.tags))
    return dataclasses.replace(again, order=base.order)


def _read_capture(c: Any, where: str) -> Capture:
    if isinstance(c, (list, tuple)) and len(c) == 3:
        return Capture(str(c[0]), None if c[1] is None else str(c[1]), str(c[2]))
    m = _mapping(c, where)
    old = m.get("from")
    return Capture(str(m.get("centre") or ""), None if old is None else str(old), str(m.get("to") or ""))


def _read_retreat(x: Any, where: str) -> RetreatDue:
    m = _mapping(x, where)
    options = m.get("options") or []
    if not isinstance(options, list):
        raise StoreError("'options' must be a list", where)
    return RetreatDue(str(m.get("power") or ""), str(m.get("unit") or ""), tuple(str(o) for o in options))


def _read_powers(value: Any, where: str) -> dict[str, Strength]:
    if value is None:
        return {}
    out = {}
    for p, s in _mapping(value, where).items():
        m = _mapping(s, f"{where}.{p}")
        try:
            out[str(p)] = Strength(int(m.get("centres") or 0), int(m.get("units") or 0))
        except (TypeError, ValueError):
            raise StoreError("centres and units must be numbers", f"{where}.{p}") from None
    return out


# -- writing ------------------------------------------------------------------------------------


class _Flow(dict[str, Any]):
    """A mapping written on one line (an order in ``results.yaml``)."""


class _Dumper(yaml.SafeDumper):
    pass


_Dumper.add_representer(_Flow, lambda d, data: d.represent_mapping("tag:yaml.org,2002:map", data, flow_style=True))


def record_phase(variant: Variant, report: Report, *, game: str, folder: str, notes: Sequence[str] = (),
                 problems: Sequence[str] | None = None, next_position: Position | None = None,
                 next_folder: str | None = None, dice_seed: str | None = None) -> PhaseRecord:
    """The record of a phase adjudicated from text (``report``): its orders (each power's in the
    order given), ``notes`` then the rules' own notes, the retreats due and each power's
    strength after the phase, and the next phase (``next_position``; None when the game is won).
    ``problems`` defaults to the report's own."""
    result = report.result
    orders = sorted((order_record(r) for r in report.resolutions()), key=lambda o: o.power)  # stable
    after = result.next_position
    retreats = tuple(RetreatDue(d.unit.power, str(d.unit), tuple(str(o) for o in variant.rules.retreat_options(variant, after, d)))
                     for d in after.dislodged)
    powers: dict[str, Strength] = {}
    deltas = adjustment_counts(after)
    for p in variant.powers:
        centres, units = len(after.centers_of(p)), len(after.units_of(p))
        if centres or units or p in deltas:
            powers[p] = Strength(centres, units)
    return PhaseRecord(
        game=game, phase=str(result.position.phase), folder=folder, orders=tuple(orders),
        problems=tuple(report.problems if problems is None else problems), notes=tuple(notes) + tuple(result.notes),
        captures=tuple(Capture(c, old, new) for c, old, new in result.captures),
        disbanded=tuple(f"{u.power}: {u}" for u in result.disbanded), retreats=retreats, powers=powers,
        winner=result.winner or None, next_phase=str(next_position.phase) if next_position is not None else None,
        next_folder=next_folder, dice_seed=dice_seed,
    )
