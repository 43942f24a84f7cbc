"""Orders as values: one frozen class per kind, with named fields and a canonical text.

``str(order)`` gives the order in the judge's own notation, which :mod:`judge.notation` reads
back: ``A PAR - BUR``, ``F LON S A WAL - BEL``, ``F NTH C A LON - BEL``, ``Build F STP/NC``.
Each order names the unit it commands by kind and location; whether that unit exists, and
whether the order is legal, is decided against a position by :mod:`judge.core.legality`.

The orders write their own ``__init__``: the text path makes one per line, and the one a
dataclass generates stays interpreted when the core is compiled (``judge.core.types`` says why
and how much). Their equality, hash and ``repr`` are the dataclass's. The kinds without fields of
their own (hold, disband, build, waive) keep their base's ``__init__`` (``init=False``).

A variant adds its own kinds of order by subclassing :class:`Order` or :class:`UnitOrder` (or
:class:`Build`, as Machiavelli's special builds do) with ``@dataclass(frozen=True)``, never
``slots=True``: a slot of the subclass would hide the field of the same name (``power``, ``kind``,
``location``) that its base sets, compiled in the field itself and plain in the instance's
dictionary. Only these three are open to subclasses (``allow_interpreted_subclasses``); compiled,
the other kinds are final.
"""

from __future__ import annotations

from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from .types import COMPILED, Location, Power, ProvinceId, UnitType, _fill


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True)
class Order:
    """Base of every order: the power giving it."""

    power: Power

    def __init__(self, power: Power) -> None:
        if COMPILED:  # set directly when compiled (see judge.core.types.COMPILED)
            self.power = power  # type: ignore[misc]
        else:
            _fill(self, power=power)


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True)
class UnitOrder(Order):
    """An order to one unit, named by its kind and location."""

    kind: UnitType
    location: Location

    def __init__(self, power: Power, kind: UnitType, location: Location) -> None:
        if COMPILED:  # set directly when compiled (see judge.core.types.COMPILED)
            self.power = power  # type: ignore[misc]
            self.kind = kind  # type: ignore[misc]
            self.location = location  # type: ignore[misc]
        else:
            _fill(self, power=power, kind=kind, location=location)

    @property
    def province(self) -> ProvinceId:
        """The province of the ordered unit."""
        return self.location.province

    @property
    def unit_text(self) -> str:
        """``A PAR``, ``F STP/SC``."""
        return f"{self.kind.value} {self.location}"


@dataclass(frozen=True, init=False)
class Hold(UnitOrder):
    """The unit stays where it is."""

    def __str__(self) -> str:
        return f"{self.unit_text} H"


@dataclass(frozen=True)
class Move(UnitOrder):
    """The unit moves (attacks) to ``destination``; ``via_convoy`` when the player asked for it."""

    destination: Location
    via_convoy: bool = False

    def __init__(self, power: Power, kind: UnitType, location: Location, destination: Location, via_convoy: bool = False) -> None:
        UnitOrder.__init__(self, power, kind, location)
        if COMPILED:
            self.destination = destination  # type: ignore[misc]
            self.via_convoy = via_convoy  # type: ignore[misc]
        else:
            _fill(self, destination=destination, via_convoy=via_convoy)

    def __str__(self) -> str:
        tail = " via convoy" if self.via_convoy else ""
        return f"{self.unit_text} - {self.destination}{tail}"


@dataclass(frozen=True)
class SupportHold(UnitOrder):
    """The unit supports the unit in ``target`` to stay there (whatever that unit's other orders
    short of moving: hold, support, convoy)."""

    target: ProvinceId
    target_kind: UnitType | None = None

    def __init__(self, power: Power, kind: UnitType, location: Location, target: ProvinceId, target_kind: UnitType | None = None) -> None:
        UnitOrder.__init__(self, power, kind, location)
        if COMPILED:
            self.target = target  # type: ignore[misc]
            self.target_kind = target_kind  # type: ignore[misc]
        else:
            _fill(self, target=target, target_kind=target_kind)

    def __str__(self) -> str:
        what = f"{self.target_kind.value} {self.target}" if self.target_kind else self.target
        return f"{self.unit_text} S {what}"


@dataclass(frozen=True)
class SupportMove(UnitOrder):
    """The unit supports the unit in ``target`` moving to province ``destination``."""

    target: ProvinceId
    destination: ProvinceId
    target_kind: UnitType | None = None
    coast: str | None = None
    """The coast of ``destination`` when the player named one: the move must be to it."""

    def __init__(self, power: Power, kind: UnitType, location: Location, target: ProvinceId, destination: ProvinceId, target_kind: UnitType | None = None, coast: str | None = None) -> None:
        UnitOrder.__init__(self, power, kind, location)
        if COMPILED:
            self.target = target  # type: ignore[misc]
            self.destination = destination  # type: ignore[misc]
            self.target_kind = target_kind  # type: ignore[misc]
            self.coast = coast  # type: ignore[misc]
        else:
            _fill(self, target=target, destination=destination, target_kind=target_kind, coast=coast)

    def __str__(self) -> str:
        what = f"{self.target_kind.value} {self.target}" if self.target_kind else self.target
        dest = f"{self.destination}/{self.coast}" if self.coast else self.destination
        return f"{self.unit_text} S {what} - {dest}"


@dataclass(frozen=True)
class Convoy(UnitOrder):
    """The fleet carries the army in ``target`` towards ``destination``."""

    target: ProvinceId
    destination: ProvinceId
    target_kind: UnitType | None = None

    def __init__(self, power: Power, kind: UnitType, location: Location, target: ProvinceId, destination: ProvinceId, target_kind: UnitType | None = None) -> None:
        UnitOrder.__init__(self, power, kind, location)
        if COMPILED:
            self.target = target  # type: ignore[misc]
            self.destination = destination  # type: ignore[misc]
            self.target_kind = target_kind  # type: ignore[misc]
        else:
            _fill(self, target=target, destination=destination, target_kind=target_kind)

    def __str__(self) -> str:
        kind = (self.target_kind or UnitType.ARMY).value
        return f"{self.unit_text} C {kind} {self.target} - {self.destination}"


@dataclass(frozen=True)
class Retreat(UnitOrder):
    """A dislodged unit retreats to ``destination``."""

    destination: Location

    def __init__(self, power: Power, kind: UnitType, location: Location, destination: Location) -> None:
        UnitOrder.__init__(self, power, kind, location)
        if COMPILED:
            self.destination = destination  # type: ignore[misc]
        else:
            _fill(self, destination=destination)

    def __str__(self) -> str:
        return f"{self.unit_text} R {self.destination}"


@dataclass(frozen=True, init=False)
class Disband(UnitOrder):
    """A dislodged unit is disbanded (retreat phase), or a unit is removed (adjustment phase)."""

    def __str__(self) -> str:
        return f"Disband {self.unit_text}"


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True, init=False)
class Build(UnitOrder):
    """A new unit in a vacant owned home centre."""

    def __str__(self) -> str:
        return f"Build {self.unit_text}"


@dataclass(frozen=True, init=False)
class Waive(Order):
    """A power gives up one build."""

    def __str__(self) -> str:
        return "Waive"
