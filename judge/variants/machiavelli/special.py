"""Machiavelli's special units (rules §Special units, an advanced option on by default):
citizen's militia, elite mercenaries and elite professionals.

A helper of :mod:`judge.variants.machiavelli` (it defines no ``RULES``). The table is
``units.special`` of ``variants/machiavelli/variant.yaml``: cost (to build and to keep), strength
and bribe factor. A power may have one special unit in play (``units.special_limit``). A unit of
strength 2 counts twice in its moves, holds and supports (its support is still cut by any
attack); in retreats all units are alike.

State: the state's ``special_units``, ``{power: {"A FLO": kind}}``; the entry follows
its unit when it moves, retreats, converts or is bought (:func:`carry`), and goes with it. An
autonomous garrison keeps its specialness (rules §Autonomous garrisons: "special units retain
their 'specialness' if you bribe them to turn autonomous"): its entry is under ``Autonomous``
(``{"Autonomous": {"G PER": kind}}``) while it stands, and goes to the power that buys it.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from ...core.orders import Move, Retreat, UnitOrder
from ...core.resolution import Outcome, Resolution
from ...core.types import Location, Position, Power, Unit, UnitType
from ...core.variant import Variant
from .geography import CITY_SUFFIX
from .orders import Convert, SpecialBuild, parse_special_build
from .state import AUTONOMOUS, state_of

__all__ = ["SpecialBuild", "table", "special_of", "autonomous_special", "strength_of", "carry", "prune", "with_entries", "parse_special_build"]


def table(variant: Variant) -> Mapping[str, Mapping[str, Any]]:
    """The special units' table (``units.special``), empty with the ``special_units`` option off."""
    return ((variant.data.get("units") or {}).get("special") or {}) if variant.rules.options.get("special_units", True) else {}


def _entries(position: Position) -> dict[str, dict[str, str]]:
    """The special units in play, a copy: ``{power: {"A FLO": kind}}``."""
    return {str(p): dict(units) for p, units in (state_of(position).special_units or {}).items()}


def special_of(position: Position, unit: Unit) -> str | None:
    """The special kind of ``unit``, or None for an ordinary unit."""
    return state_of(position).special_kind(unit.power, str(unit))


def autonomous_special(position: Position, city: str) -> str | None:
    """The special kind of the autonomous garrison of ``city`` (rules §Autonomous garrisons), or None."""
    return state_of(position).special_kind(AUTONOMOUS, f"G {city}")


def _present(position: Position) -> set[tuple[str, str]]:
    """The units on the board as ``(power, "A FLO")``, the dislodged ones and the autonomous
    garrisons (under ``Autonomous``) with them."""
    return ({(u.power, str(u)) for u in position.units} | {(d.unit.power, str(d.unit)) for d in position.dislodged}
            | {(AUTONOMOUS, f"G {c}") for c in state_of(position).autonomous or ()})


def strength_of(specials_table: Mapping[str, Mapping[str, Any]], position: Position, power: str, kind: UnitType,
                province: str) -> int:
    """The unit's strength (1, or 2 for an elite unit), by :func:`table`. ``province`` may be a city node
    (``FLO#G``: the garrison of Florence, as the movement core sees it)."""
    specials = (state_of(position).special_units or {}).get(Power(power))
    if not specials:
        return 1
    if province.endswith(CITY_SUFFIX):
        name = specials.get(f"G {province[:-len(CITY_SUFFIX)]}")
    else:
        name = specials.get(f"{kind.value} {province}") or next(
            (v for k, v in specials.items() if k.split()[1].split("/")[0] == province and k[0] != "G"), None)
        if name is None and province == "VEN":
            name = specials.get("G VEN")
    if name is None:
        return 1
    return int((specials_table.get(name) or {}).get("strength", 1))


def count(position: Position, power: str) -> int:
    return len(_entries(position).get(power, {}))


def with_entries(position: Position, entries: Mapping[str, Mapping[str, str]]) -> Position:
    """``position`` with these special units in play (by power and unit, in order; none: left out)."""
    kept = {Power(p): dict(sorted(us.items())) for p, us in sorted(entries.items()) if us}
    return position.evolve(state=state_of(position).replace(special_units=kept or None))


def carry(before: Position, after: Position, resolutions: Iterable[Resolution],
          changes: Mapping[tuple[str, str], tuple[str, str]] = {}) -> Position:
    """``after`` with the special units of ``before`` that are still in play, each under its new
    place: a move or retreat that succeeded takes it along, a conversion changes its kind; a bribe
    that bought it, or turned it autonomous, is given in ``changes`` (``(power, unit) -> (power,
    unit)``, ``Autonomous`` for an autonomous garrison). A special unit no longer on the board
    (dislodged units and autonomous garrisons included) is gone."""
    old = _entries(before)
    if not old:
        return after
    moved: dict[tuple[str, str], tuple[str, str]] = dict(changes)
    for r in resolutions:
        o = r.order
        if r.outcome is not Outcome.SUCCESS or not isinstance(o, UnitOrder):
            continue
        here = f"{o.kind.value} {o.location}"
        if isinstance(o, (Move, Retreat)):
            moved[(o.power, here)] = (o.power, f"{o.kind.value} {o.destination}")
        elif isinstance(o, Convert):
            loc = Location(o.location.province, o.coast) if o.into is UnitType.FLEET and o.coast else Location(o.location.province)
            moved[(o.power, here)] = (o.power, f"{o.into.value} {loc}")
    present = _present(after)
    new: dict[str, dict[str, str]] = {}
    for power, units in old.items():
        for unit, name in units.items():
            key = moved.get((power, unit), (power, unit))
            if key in present:
                new.setdefault(key[0], {})[key[1]] = name
    return with_entries(after, new)


def prune(position: Position) -> Position:
    """``position`` without the special-unit entries of units no longer on the board (lost to
    famine, plague, storms, elimination; an autonomous garrison starved or struck too)."""
    old = _entries(position)
    if not old:
        return position
    present = _present(position)
    kept = {p: {u: k for u, k in us.items() if (p, u) in present} for p, us in old.items()}
    return position if kept == old else with_entries(position, kept)
