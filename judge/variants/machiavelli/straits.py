"""Machiavelli's straits (seed 000 STRAITS; rules §Special mapboard features 1): the fleet standing
in Piombino or Messina at the beginning of a phase keeps the strait, and no fleet of another power
passes it (moves, retreats, supports or convoys along it) without its owner's leave (``Ally``).

Passage is checked before the core sees the orders: a fleet's order the keeper denies is illegal,
and the fleet holds (a retreat: the unit is disbanded).

Imports :mod:`.state`; the movement and retreat phases and :mod:`.rules` import it.
"""

from __future__ import annotations

from typing import Sequence

from ...core.orders import Convoy, Move, Order, Retreat, SupportHold, SupportMove, UnitOrder
from ...core.types import Position, Power, ProvinceId, UnitType
from ...core.variant import Variant
from .state import state_of

__all__ = ["strait_denied", "strait_problem"]


def _strait_edges(variant: Variant) -> dict[frozenset, ProvinceId]:
    out: dict[frozenset, ProvinceId] = {}
    for info in (variant.data.get("straits") or {}).values():
        for a, b in info.get("edges", []):
            out[frozenset((ProvinceId(a), ProvinceId(b)))] = ProvinceId(info["controller"])
    return out


def strait_denied(variant: Variant, position: Position, power: Power, a: ProvinceId, b: ProvinceId) -> ProvinceId | None:
    """The controlling area whose fleet's owner bars ``power``'s fleet from passing ``a``-``b``,
    or ``None``. Seed 000: the fleet standing in Piombino or Messina at the beginning of the
    phase decides, moving or not; with no fleet there the strait is open to all. Its owner's
    ``Ally`` list (the state's ``straits_allowed``) lets other powers pass."""
    ctrl = _strait_edges(variant).get(frozenset((a, b)))
    if ctrl is None:
        return None
    fleet = next((u for u in position.units_at(ctrl) if u.kind is UnitType.FLEET), None)
    if fleet is None or fleet.power == power:
        return None
    allowed = (state_of(position).straits_allowed or {}).get(fleet.power) or ()
    return None if power in allowed else ctrl


def strait_problem(variant: Variant, position: Position, o: UnitOrder, orders: Sequence[Order] = ()) -> str | None:
    """Seed 000 STRAITS, for a fleet's move, retreat, support or convoy along a strait's edge.

    A convoying fleet passes a strait when the edge joins it to the army's origin, to its
    destination or to another fleet ordered to convoy the same army (all such legs are
    counted, even where another route would avoid the strait)."""
    if o.kind is not UnitType.FLEET:
        return None
    if isinstance(o, (Move, Retreat)):
        into = {o.destination.province}
    elif isinstance(o, SupportMove):
        into = {o.destination}
    elif isinstance(o, SupportHold):
        into = {o.target}
    elif isinstance(o, Convoy):
        into = {o.target, o.destination} | {
            c.location.province for c in orders
            if isinstance(c, Convoy) and c is not o and c.target == o.target and c.destination == o.destination
        }
    else:
        return None
    ctrl = next((c for c in (strait_denied(variant, position, o.power, o.location.province, p) for p in sorted(into)) if c), None)
    if ctrl is None:
        return None
    keeper = next(u.power for u in position.units_at(ctrl) if u.kind is UnitType.FLEET)
    return f"{keeper}'s fleet in {variant.board.provinces[ctrl].name} denies passage through the strait"
