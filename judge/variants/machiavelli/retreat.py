"""Machiavelli's retreat phase: retreats into cities as their garrisons, the straits and Venice,
then the core's retreats, control, and the end of the campaign.

A dislodged army or fleet with no other retreat may convert into the empty walled city of its
province (rules §Conversion between unit types); no fleet retreats through a strait its keeper
denies (:mod:`.straits`), nor any unit into Venice where it may not stand. The rest is the core's
retreat phase on the board without city nodes (garrisons take no part). Where a dislodged unit may
retreat (:func:`retreat_places`, :func:`retreat_city`) is asked by the movement phase too, to
disband at once a unit with nowhere to go.

Imports the lower modules (:mod:`.state`, :mod:`.geography`, :mod:`.control`, :mod:`.special`,
:mod:`.core_view`, :mod:`.straits`, :mod:`.campaign`); :mod:`.movement` and :mod:`.rules` import it.
"""

from __future__ import annotations

import dataclasses
from typing import Sequence

from ...core.legality import retreat_options
from ...core.orders import Move, Order, Retreat, UnitOrder
from ...core.phases import NO_RETREAT, PhaseResult, adjudicate
from ...core.resolution import Outcome, Resolution, Tag
from ...core.types import Dislodged, Location, Phase, PhaseKind, Position, ProvinceId, Unit, UnitType
from ...core.variant import Variant
from . import special
from .campaign import end_of_campaign, entered, winner_of
from .control import update_control
from .core_view import core_variant
from .geography import city_of, city_province, is_port, venice_as_written
from .orders import Convert
from .state import Campaign, garrison_owner, rebel_city_against, state_of
from .straits import strait_problem

__all__ = ["play_retreat", "retreat_city", "retreat_places"]


def _retreat_barred(variant: Variant, position: Position, power: str, area: ProvinceId) -> str | None:
    """Why an army or fleet of ``power`` may not retreat into ``area`` though the core would let
    it, or None: Venice under the Lagoon house rule, where none stands (seed 000: "Venice may
    contain a Garrison unit (in the city), a Fleet (on the Lagoon), or both"); Venice as written
    holding a garrison ("Only *one* unit may be in Venice", rules §Special mapboard features 5 a)
    or rebelling against ``power`` (its rebels in the city, 5 h; §Effects of rebellions 5.2)."""
    if city_province(variant, area) != area:
        return "under the Lagoon house rule no army or fleet stands in Venice"
    if venice_as_written(variant, area) and garrison_owner(position, area) is not None:
        return "only one unit may be in Venice, and a garrison holds it (rules §Special mapboard features 5 a)"
    if venice_as_written(variant, area) and rebel_city_against(position, area, power):
        return f"Venice is in rebellion against {power} (rules §Effects of rebellions 5.2)"
    return None


def retreat_places(variant: Variant, position: Position, d: Dislodged) -> list[Location]:
    """Where a dislodged army or fleet may retreat as itself: the core's places (next to it,
    vacant, not the attacker's origin nor a standoff), but for Venice when :func:`_retreat_barred`
    says so: a fleet dislodged from the Lagoon under the house rule enters Venice only by
    converting into its garrison (:func:`retreat_city`), which a rebellion there against it
    forbids (rules §Effects of rebellions 5.2; njudge bug A5)."""
    return [loc for loc in retreat_options(variant.board, position, d.unit, d.attacker_from)
            if _retreat_barred(variant, position, d.unit.power, loc.province) is None]


def retreat_city(variant: Variant, position: Position, d: Dislodged) -> ProvinceId | None:
    """The city a dislodged army or fleet may retreat into by converting into its garrison
    (rules §Conversion: a walled city of its province with no garrison, a port for a fleet, not
    when the attacker was that city's garrison converting; none in a game without garrisons), or
    ``None``. Used only when the unit has no other retreat."""
    if not variant.rules.options.get("garrisons", True):
        return None  # njudge 'set nogarrisons': no conversion into a garrison, in a retreat neither
    city = city_of(variant, d.unit.province)
    if city is None or d.attacker_from == city or venice_as_written(variant, city):
        return None  # rules §Special mapboard features 5 c: no retreat into Venice's city
    if garrison_owner(position, city) is not None:
        return None
    if rebel_city_against(position, city, d.unit.power):
        return None  # rules §Effects of rebellions 5.2: not into a city rebelling against it
    if d.unit.kind is UnitType.FLEET and not is_port(variant, city):
        return None
    return city


def play_retreat(variant: Variant, position: Position, orders: Sequence[Order]) -> PhaseResult:
    """The retreat phase: retreats into cities (:func:`_retreats_into_cities`), the straits
    and Venice (:func:`_retreats_refused`), the core's retreats (garrisons take no part), then control and
    the end of the campaign (:func:`.campaign.end_of_campaign`, seed 001 elimination)."""
    garrisons, into_city, refused, orders = _retreats_into_cities(variant, position, orders)
    denied, passed = _retreats_refused(variant, position, orders)
    res = adjudicate(core_variant(variant, nodes=False), position, passed)
    resolutions = list(res.resolutions)
    for idx in sorted(denied):
        resolutions.insert(idx, denied[idx])
    converted = set(into_city.values())
    named = {(r.power, r.order.location) for r in [*refused, *denied.values()] if isinstance(r.order, UnitOrder)} | {
        (u.power, u.location) for u in converted}
    resolutions = refused + [
        r for r in resolutions
        if not (isinstance(r.order, UnitOrder) and (r.power, r.order.location) in named and NO_RETREAT in r.reason)
    ]
    resolutions += [Resolution(g.power, Convert(g.power, u.kind, u.location, UnitType.GARRISON), Outcome.SUCCESS,
                               "retreated into the city as its garrison", text=f"{u} C G")
                    for g, u in zip(garrisons, into_city.values(), strict=False)]
    if garrisons:
        res = dataclasses.replace(
            res, disbanded=tuple(u for u in res.disbanded if u not in converted),
            next_position=res.next_position.evolve(units=res.next_position.units + tuple(garrisons)))
    after = update_control(variant, res.next_position)
    after = special.carry(position, after, resolutions)
    campaign = (state_of(after).campaign or Campaign()).with_entered(entered(position, after))
    after = after.evolve(state=state_of(after).replace(campaign=None))
    played = Phase(position.phase.year, position.phase.season, PhaseKind.MOVEMENT)
    after, gone, notes = end_of_campaign(variant, after, played, campaign)
    return dataclasses.replace(res, resolutions=tuple(resolutions), next_position=after, winner=winner_of(variant, after),
                               disbanded=res.disbanded + tuple(gone), notes=res.notes + tuple(notes))


def _retreats_into_cities(variant: Variant, position: Position, orders: Sequence[Order]
                          ) -> tuple[list[Unit], dict[int, Unit], list[Resolution], list[Order]]:
    """rules §Conversion between unit types, retreats: ``A MOD C G``, a unit with no other retreat
    converts into the empty walled city of its province (:func:`retreat_city`); one that cannot
    is disbanded. The new garrisons, the units converted (by order index), the refusals, and the
    other orders."""
    into_city: dict[int, Unit] = {}
    garrisons: list[Unit] = []
    refused: list[Resolution] = []
    kept_orders: list[Order] = []
    for idx, o in enumerate(orders):
        if not isinstance(o, Convert):
            kept_orders.append(o)
            continue
        d = next((d for d in position.dislodged if d.unit.power == o.power and d.unit.province == o.location.province), None)
        city = retreat_city(variant, position, d) if d is not None else None
        if d is None:
            why = f"no dislodged unit of {o.power} in {o.location.province}"
        elif o.into is not UnitType.GARRISON or city is None:
            why = "no empty walled city to retreat into here"
        elif retreat_places(variant, position, d):
            why = "a unit retreats into a garrison only when it has no other retreat"
        elif any(g.province == city for g in garrisons):
            why = "already taken"
        else:
            why = None
        if why:
            refused.append(Resolution(o.power, o, Outcome.ILLEGAL, f"{why}; the unit is disbanded", (Tag.DISBANDED,), text=str(o)))
            continue
        assert d is not None and city is not None  # else a reason was given above
        garrisons.append(Unit(o.power, UnitType.GARRISON, Location(city)))
        into_city[idx] = d.unit
    return garrisons, into_city, refused, kept_orders


def _retreats_refused(variant: Variant, position: Position, orders: Sequence[Order]) -> tuple[dict[int, Resolution], list[Order]]:
    """A fleet may not retreat through a strait whose keeper (the fleet there at the beginning of
    the phase) denies it passage (seed 000 STRAITS; rules §Special mapboard features 1 h); no unit
    retreats into Venice where it may not stand (:func:`_retreat_barred`). Such a unit is
    disbanded. The refusals (by index among ``orders``) and the orders passed to the core."""
    denied: dict[int, Resolution] = {}
    passed: list[Order] = []
    for idx, o in enumerate(orders):
        if isinstance(o, (Move, Retreat)) and isinstance(o, UnitOrder):
            why = strait_problem(variant, position, o)
            why = why or _retreat_barred(variant, position, o.power, o.destination.province)
            if why:
                denied[idx] = Resolution(o.power, o, Outcome.ILLEGAL, f"{why}; the unit is disbanded", text=str(o))
                continue
        passed.append(o)
    return denied, passed
