"""Who controls Machiavelli's provinces, cities and home countries (seed 001; rules §Control of
provinces and cities, §Control and conquest of home countries), and the start of a game.

Control changes with every unit's arrival, not only at a season's end, so the phases ask
:func:`update_control` after each step that moves, makes or removes a unit.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...core.types import Position, ProvinceId, UnitType
from ...core.variant import Variant
from .geography import city_province, is_land, lagoon_rule
from .state import AUTONOMOUS, state, with_state

__all__ = ["home_controller", "update_control", "initialised", "start_position"]


def home_controller(variant: Variant, st: Mapping[str, Any], home: str) -> str | None:
    """Who draws the variable income of ``home``'s country and holds it (seed 001): its power
    while not eliminated and not conquered, a conqueror (``home_countries``), or nobody."""
    if home in st["home_countries"]:
        return st["home_countries"][home]
    if home in st["eliminated"]:
        return None
    return home


def update_control(variant: Variant, position: Position) -> Position:
    """The last unit in an area controls it (seed 001; rules §Control of provinces and cities):
    a field unit takes the province, and the city too when it has no garrison; a garrison takes
    its city, and the province when no field unit stands there."""
    board = variant.board
    st = state(position)
    pc, cc = st["province_control"], st["city_control"]
    lagoon = lagoon_rule(variant)
    garrisons: dict[ProvinceId, str] = {c: AUTONOMOUS for c in st["autonomous"]}
    for u in position.units:
        if u.kind is UnitType.GARRISON:
            garrisons[u.province] = u.power
    for u in position.units:
        if u.kind is UnitType.GARRISON:
            continue
        p = u.province
        if is_land(board, p):
            pc[p] = u.power
            if board.provinces[p].flags.get("city") and p not in garrisons:
                cc[p] = u.power
        elif lagoon and "lagoon" in board.provinces[p].flags and u.kind is UnitType.FLEET:
            pc[p] = u.power
    for city, owner in garrisons.items():
        if board.provinces[city].flags.get("city"):
            cc[city] = owner
        prov = city_province(variant, city)
        if prov != city:
            # seed 000: the Lagoon is the last power's whose fleet occupied it (or the original
            # owner's), never the garrison's in Venice; Venice's own area is the garrison's.
            pc[city] = owner
        elif position.unit_in(prov) is None:
            pc[prov] = owner
    return with_state(position, st)


def initialised(variant: Variant, position: Position) -> Position:
    """``position`` with the start's control, treasuries and autonomous garrisons filled in where
    the file gives none (the variant's start as the loader builds it has none): each power
    controls its home country, the autonomous garrisons their cities, and the Lagoon its first
    controller (seed 000 VENICE/VENICE LAGOON: "or the original owner")."""
    if "province_control" in position.extra and "city_control" in position.extra:
        return position
    data = variant.data
    board = variant.board
    st = state(position)
    if "treasury" not in position.extra:
        st["treasury"] = {p: int((data["powers"][p] or {}).get("treasury", 0)) for p in variant.powers}
    if "autonomous" not in position.extra:
        st["autonomous"] = sorted(str(u).split()[1].upper() for u in (data.get("autonomous") or {}).get("units", []))
    pc: dict[str, str] = {}
    cc: dict[str, str] = {}
    for power in variant.powers:
        for h in variant.homes(power):
            pc[h] = power
            if board.provinces[h].flags.get("city"):
                cc[h] = power
    for c in st["autonomous"]:
        pc[c] = AUTONOMOUS
        cc[c] = AUTONOMOUS
    lagoon = (data.get("start") or {}).get("lagoon_controller")
    if lagoon and lagoon_rule(variant):
        pc["LAG"] = lagoon
    st["province_control"], st["city_control"] = pc, cc
    return update_control(variant, with_state(position, st))


def start_position(variant: Variant, dice_seed: Any = None) -> Position:
    """The 1454 start (Winter 1453 Income) with control, treasuries and autonomous garrisons."""
    pos = initialised(variant, variant.start)
    if dice_seed is not None:
        pos = pos.evolve(extra={**pos.extra, "dice_seed": dice_seed})
    return pos
