"""Who controls Machiavelli's provinces, cities and home countries (seed 001; rules §Control of
provinces and cities, §Control and conquest of home countries), and the start of a game.

Control changes with every unit's arrival, not only at a season's end, so the phases ask
:func:`update_control` after each step that moves, makes or removes a unit.
"""

from __future__ import annotations

from typing import Any

from ...core.types import Position, Power, ProvinceId, UnitType
from ...core.variant import Variant
from .geography import city_province, is_land, lagoon_rule
from .state import AUTONOMOUS, MachiavelliState, state_of, with_state

__all__ = ["home_controller", "update_control", "initialised", "start_position"]


def home_controller(st: MachiavelliState, home: str) -> str | None:
    """Who draws the variable income of ``home``'s country and holds it (seed 001): its power
    while not eliminated and not conquered, a conqueror (``home_countries``), or nobody."""
    conquered = st.home_countries or {}
    if home in conquered:
        return conquered[Power(home)]
    if st.is_eliminated(home):
        return None
    return home


def update_control(variant: Variant, position: Position) -> Position:
    """The last unit in an area controls it (seed 001; rules §Control of provinces and cities):
    a field unit takes the province, and the city too when it has no garrison; a garrison takes
    its city, and the province when no field unit stands there."""
    board = variant.board
    st = state_of(position)
    pc: dict[ProvinceId, Power] = dict(st.province_control or {})
    cc: dict[ProvinceId, Power] = dict(st.city_control or {})
    lagoon = lagoon_rule(variant)
    garrisons: dict[ProvinceId, Power] = {c: AUTONOMOUS for c in sorted(st.autonomous or ())}
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
    return with_state(position, st.replace(province_control=pc, city_control=cc))


def initialised(variant: Variant, position: Position) -> Position:
    """``position`` with the start's control, treasuries and autonomous garrisons filled in where
    the file gives none (the variant's start as the loader builds it has none): each power
    controls its home country, the autonomous garrisons their cities, and the Lagoon its first
    controller (seed 000 VENICE/VENICE LAGOON: "or the original owner")."""
    st = state_of(position)
    if st.province_control is not None and st.city_control is not None:
        return position
    data: Any = variant.data
    board = variant.board
    if st.treasury is None:
        st = st.replace(treasury={p: int((data["powers"][p] or {}).get("treasury", 0)) for p in variant.powers})
    if st.autonomous is None:
        st = st.replace(autonomous=tuple(sorted(ProvinceId(str(u).split()[1].upper())
                                                for u in (data.get("autonomous") or {}).get("units", []))))
    pc: dict[ProvinceId, Power] = {}
    cc: dict[ProvinceId, Power] = {}
    for power in variant.powers:
        for h in variant.homes(power):
            pc[h] = power
            if board.provinces[h].flags.get("city"):
                cc[h] = power
    for c in sorted(st.autonomous or ()):
        pc[c] = AUTONOMOUS
        cc[c] = AUTONOMOUS
    lagoon = (data.get("start") or {}).get("lagoon_controller")
    if lagoon and lagoon_rule(variant):
        pc[ProvinceId("LAG")] = Power(lagoon)
    return update_control(variant, with_state(position, st.replace(province_control=pc, city_control=cc)))


def start_position(variant: Variant, dice_seed: Any = None) -> Position:
    """The 1454 start (Winter 1453 Income) with control, treasuries and autonomous garrisons."""
    pos = initialised(variant, variant.start)
    if dice_seed is not None:
        pos = pos.evolve(extra={**pos.extra, "dice_seed": dice_seed})
    return pos
