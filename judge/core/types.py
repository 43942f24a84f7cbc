"""Value types of the rules core: provinces, locations, units, phases and positions.

Every value here is immutable. A position is never changed: adjudication returns a new one.

The values are frozen dataclasses, and the dataclass writes their methods, except where the
compiled core (``setup.py``: mypyc) needs them written by hand. mypyc compiles a dataclass's
layout and the methods its source defines, but the ``__init__``, ``__eq__`` and ``__hash__`` that
``dataclasses`` generates stay interpreted Python, 4 to 13 times slower than the same methods
written in the class (measured with mypyc 2.4.1: a frozen ``Location`` made in 270 ns against
21 ns, compared in 100 ns against 8 ns, looked up in a dict in 200 ns against 55 ns). So:

- a value made for every order or unit of a phase writes its ``__init__`` (:class:`Location`,
  :class:`Unit`, :class:`Phase`, the orders, :class:`~judge.core.resolution.Resolution`; the
  generated ones cost a movement phase 2% for :class:`Phase` alone, 13% of the text path for the
  orders). Compiled, it sets the fields directly (mypyc ignores ``frozen`` there); plain Python
  must go round the frozen ``__setattr__`` (:func:`_fill`). That is the only place the rules ask
  which core runs.
- a value that keys the board's and the position's dictionaries writes its ``__eq__`` and
  ``__hash__`` (:class:`Location`), and so does a value that sorts (:class:`_Sorted` says why).

Everything else (:class:`Unit`'s equality and hash, all of :class:`Dislodged`) is the
dataclass's own.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, fields
from typing import Any, Mapping, NewType

from mypy_extensions import mypyc_attr


def _probe() -> None:
    """A function to tell whether this module runs compiled (see :data:`COMPILED`)."""


COMPILED: bool = not hasattr(_probe, "__code__")
"""True when the rules core runs as compiled by mypyc (``setup.py``), False as plain Python."""


def _fill(obj: object, **fields: Any) -> None:
    """Set the fields of a frozen value in its ``__init__``, as plain Python must (compiled, the
    ``__init__`` sets them directly). Writing the instance's dictionary is the fastest way round
    the frozen ``__setattr__``: faster than the dataclass's own ``__init__``, which calls
    ``object.__setattr__`` once per field."""
    obj.__dict__.update(fields)


Power = NewType("Power", str)
"""A power's name as the variant spells it, e.g. ``Power('England')``."""

ProvinceId = NewType("ProvinceId", str)
"""A province's short name in upper case, e.g. ``ProvinceId('STP')``."""


class UnitType(enum.Enum):
    """The kinds of unit. Garrisons exist only in variants with cities (Machiavelli)."""

    ARMY = "A"
    FLEET = "F"
    GARRISON = "G"

    letter: str
    """The value as a plain attribute (``A``): reading it is several times faster than
    ``.value``, and hashing it than hashing the member, where positions sort and index units."""

    @property
    def noun(self) -> str:
        """The unit's name in a sentence: ``army``, ``fleet``, ``garrison``."""
        return self.name.lower()


for _kind in UnitType:
    _kind.letter = _kind.value


class PhaseKind(enum.Enum):
    """What a phase decides."""

    MOVEMENT = "Movement"
    RETREAT = "Retreat"
    ADJUSTMENT = "Adjustment"
    INCOME = "Income"
    """Money and influence: Machiavelli's income, Europe 1615's Winter income and build."""


class _Sorted:
    """A value that sorts by its :meth:`_key` (the four orderings, written once).

    A class that sorts must write its own ``__eq__`` and ``__hash__``: compiled, these orderings
    take the class's comparison slot, so the dataclass would leave ``__eq__`` to it (every value
    unequal to its copy) and make the class unhashable.
    """

    def _key(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def __lt__(self, other: _Sorted) -> bool:
        return self._key() < other._key()

    def __le__(self, other: _Sorted) -> bool:
        return self._key() <= other._key()

    def __gt__(self, other: _Sorted) -> bool:
        return self._key() > other._key()

    def __ge__(self, other: _Sorted) -> bool:
        return self._key() >= other._key()


@dataclass(frozen=True)
class Location(_Sorted):
    """Where a unit stands: a province, and for a fleet on a two-coast province, the coast.
    Locations sort by province, then coast.

    >>> str(Location(ProvinceId('STP'), 'SC'))
    'STP/SC'
    """

    province: ProvinceId
    coast: str | None = None

    def __init__(self, province: ProvinceId, coast: str | None = None) -> None:
        if COMPILED:  # set directly when compiled (see the module's docstring)
            self.province = province  # type: ignore[misc]
            self.coast = coast  # type: ignore[misc]
        else:
            _fill(self, province=province, coast=coast)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Location):
            return NotImplemented
        return self.province == other.province and self.coast == other.coast

    def __hash__(self) -> int:
        return hash((self.province, self.coast))

    def _key(self) -> tuple[str, str]:
        return (self.province, self.coast or "")

    def __str__(self) -> str:
        return f"{self.province}/{self.coast}" if self.coast else self.province

    @classmethod
    def parse(cls, text: str) -> "Location":
        """Read ``STP/SC`` or ``PAR`` (ids only; :mod:`judge.notation` reads what players write)."""
        prov, _, coast = text.strip().upper().partition("/")
        return cls(ProvinceId(prov), coast or None)


def _unit_order(unit: Unit) -> tuple[str, str, str, str]:
    """A unit's place in canonical order: power, province, unit letter, coast."""
    loc = unit.location
    return (unit.power, loc.province, unit.kind.letter, loc.coast or "")


@dataclass(frozen=True)
class Unit:
    """A unit of a power at a location.

    >>> Unit(Power('Russia'), UnitType.FLEET, Location.parse('STP/SC'))
    Unit('Russia: F STP/SC')
    """

    power: Power
    kind: UnitType
    location: Location

    def __init__(self, power: Power, kind: UnitType, location: Location) -> None:
        if COMPILED:
            self.power = power  # type: ignore[misc]
            self.kind = kind  # type: ignore[misc]
            self.location = location  # type: ignore[misc]
        else:
            _fill(self, power=power, kind=kind, location=location)

    @property
    def province(self) -> ProvinceId:
        """The province the unit stands in."""
        return self.location.province

    def __str__(self) -> str:
        return f"{self.kind.value} {self.location}"

    def __repr__(self) -> str:
        return f"Unit('{self.power}: {self}')"


@dataclass(frozen=True)
class Phase(_Sorted):
    """A phase of the game: season (as the variant names it), year and kind. Phases sort by year,
    then season name, then kind name (a calendar knows their order of play).

    >>> str(Phase(1901, 'Spring', PhaseKind.MOVEMENT))
    'Spring 1901 Movement'
    """

    year: int
    season: str
    kind: PhaseKind

    def __init__(self, year: int, season: str, kind: PhaseKind) -> None:
        if COMPILED:
            self.year = year  # type: ignore[misc]
            self.season = season  # type: ignore[misc]
            self.kind = kind  # type: ignore[misc]
        else:
            _fill(self, year=year, season=season, kind=kind)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Phase):
            return NotImplemented
        return self.year == other.year and self.season == other.season and self.kind is other.kind

    def __hash__(self) -> int:
        return hash((self.year, self.season, self.kind))

    def _key(self) -> tuple[int, str, str]:
        return (self.year, self.season, self.kind.value)

    def __str__(self) -> str:
        return f"{self.season} {self.year} {self.kind.value}"

    @property
    def slug(self) -> str:
        """A name that sorts and reads in a folder listing, e.g. ``1901-spring-movement``."""
        return f"{self.year}-{self.season.lower()}-{self.kind.value.lower()}"


@dataclass(frozen=True)
class Dislodged:
    """A unit dislodged in the movement phase just played, waiting to retreat.

    ``attacker_from`` is the province the dislodging unit came from (a retreat may not go there);
    ``None`` when it came by convoy, which forbids no province.
    """

    unit: Unit
    attacker_from: ProvinceId | None


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Position:
    """Everything a Gamesmaster writes down at the start of a phase.

    ``supply_centers`` maps each owned centre to its owner. ``state`` is the variant's own state
    (treasuries, influence, declarations...) as the typed, frozen value its description names
    (``None`` for a variant that keeps none); the core never looks inside it. ``extra`` holds the
    judge's own keys of the position file that are no rule's state (the game's rule ``options``, a
    phase's ``dice_seed``), and, for a variant whose state is not typed, its state as plain data.
    """

    variant: str
    phase: Phase
    units: tuple[Unit, ...]
    supply_centers: Mapping[ProvinceId, Power]
    dislodged: tuple[Dislodged, ...] = ()
    standoffs: frozenset[ProvinceId] = frozenset()
    extra: Mapping[str, Any] = field(default_factory=dict)
    state: Any = None

    def __post_init__(self) -> None:
        # A canonical order makes the position's file and everything derived from it deterministic.
        values = self.__dict__
        for name, value in tuple(values.items()):
            norm = _NORMALISE.get(name)
            if norm is not None:
                values[name] = norm(value)

    def evolve(self, **changes: Any) -> "Position":
        """A copy with some fields replaced.

        Only the replaced fields are put in canonical order again, and the unit index is kept when
        the units are (positions are immutable, so sharing them is safe).
        """
        unknown = changes.keys() - _FIELDS
        if unknown:
            raise TypeError(f"Position has no field {sorted(unknown)[0]!r}")
        new = object.__new__(type(self))
        values = new.__dict__
        values.update(self.__dict__)
        for name, value in changes.items():
            norm = _NORMALISE.get(name)
            values[name] = value if norm is None else norm(value)
        if "units" in changes:
            values.pop("_index", None)
        return new

    def unit_index(self) -> Mapping[ProvinceId, tuple[Unit, ...]]:
        """The units of each occupied province (made once per position; do not change it)."""
        try:
            return self.__dict__["_index"]
        except KeyError:
            index: dict[ProvinceId, tuple[Unit, ...]] = {u.location.province: (u,) for u in self.units}
            if len(index) < len(self.units):
                # Two units in a province (a garrison and a field unit): gather them.
                index = {}
                for unit in self.units:
                    p = unit.location.province
                    index[p] = index[p] + (unit,) if p in index else (unit,)
            self.__dict__["_index"] = index
            return index

    def units_at(self, province: ProvinceId) -> tuple[Unit, ...]:
        """Every unit in ``province`` (a field unit, and in some variants a garrison)."""
        return self.unit_index().get(province, ())

    def unit_in(self, province: ProvinceId) -> Unit | None:
        """The field unit (army or fleet) standing in ``province``, if any."""
        for unit in self.units_at(province):
            if unit.kind is not UnitType.GARRISON:
                return unit
        return None

    def units_of(self, power: Power) -> list[Unit]:
        """The units of ``power``."""
        return [u for u in self.units if u.power == power]

    def centers_of(self, power: Power) -> list[ProvinceId]:
        """The supply centres ``power`` owns, sorted."""
        return sorted(p for p, owner in self.supply_centers.items() if owner == power)

    def powers(self) -> list[Power]:
        """Every power with a unit, a dislodged unit or a centre, sorted."""
        names = {u.power for u in self.units} | set(self.supply_centers.values())
        names |= {d.unit.power for d in self.dislodged}
        return sorted(names)

    def __repr__(self) -> str:
        return f"Position({self.variant!r}, '{self.phase}', {len(self.units)} units)"


def _dislodged_order(d: Dislodged) -> tuple:
    return _unit_order(d.unit)


_NORMALISE: dict[str, Any] = {
    "units": lambda units: tuple(sorted(units, key=_unit_order)),
    "dislodged": lambda ds: tuple(sorted(ds, key=_dislodged_order)) if ds else (),
    "supply_centers": lambda centres: dict(sorted(centres.items())),
    "standoffs": lambda provs: provs if type(provs) is frozenset else frozenset(provs),
}
"""How each field of a :class:`Position` is put in canonical order."""
_FIELDS = frozenset(f.name for f in fields(Position))
