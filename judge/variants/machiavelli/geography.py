"""Machiavelli's board facts the rules ask about: cities and their values, walled cities and
ports, Venice and its Lagoon, and the board the movement core plays on, with a node for every
walled city.

The lowest of the variant's modules: it reads the board and the game's options, never the
state, and imports none of its neighbours.

Movement with garrisons: each walled city is given a node of its own, ``XXX#G``, joined to its
province by an army edge (and a fleet edge for a port), on a copy of the board that only the
movement sees. A garrison stands on that node for the core; converting out of the city is a move
from the node into the province and converting into the city a move from the province into the
node. So the core decides conversions like any other move, with equal strength (seed 000
GARRISONS/CONVERT ORDERS). Under the Venice house rule (seed 000 VENICE/VENICE LAGOON) the city is
Venice itself and its province the Lagoon.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...core.board import Board, Province, Terrain
from ...core.types import Location, ProvinceId
from ...core.variant import Variant

__all__ = [
    "CITY_SUFFIX", "cities", "city_value", "is_land", "garrisonable", "lagoon_rule", "city_province", "city_node",
    "city_of", "is_port", "venice_as_written", "core_board",
]

CITY_SUFFIX = "#G"
"""The suffix of a walled city's node on the movement core's board (``GEN#G``)."""


def cities(board: Board) -> list[ProvinceId]:
    """Areas with a city worth income (``city=N``)."""
    return sorted(p.id for p in board.provinces.values() if p.flags.get("city"))


def city_value(board: Board, city: ProvinceId) -> int:
    """The income of ``city`` (seed 001: "the city's value"), 0 for an area without one."""
    return int(board.provinces[city].flags.get("city") or 0)


def is_land(board: Board, pid: ProvinceId) -> bool:
    return board.provinces[pid].terrain in (Terrain.LAND, Terrain.COAST)


def garrisonable(board: Board, pid: ProvinceId, options: Mapping[str, Any]) -> bool:
    """May a garrison stand in ``pid``: a walled city, or a fortress with the option on."""
    flags = board.provinces[pid].flags
    return "fortified" in flags or ("fortress" in flags and bool(options.get("fortresses")))


def lagoon_rule(variant: Variant) -> bool:
    """Is the Venice house rule in force (seed 000 VENICE/VENICE LAGOON, option
    ``house_venice_lagoon``)?"""
    return bool(variant.rules.options.get("house_venice_lagoon", True))


def city_province(variant: Variant, city: ProvinceId) -> ProvinceId:
    """The province a city's garrison converts into and its besieger stands in: the city's own
    area, except Venice under the Lagoon house rule, whose province is the Lagoon."""
    if lagoon_rule(variant) and "venice" in variant.board.provinces[city].flags:
        return ProvinceId("LAG")
    return city


def city_node(variant: Variant, city: ProvinceId) -> ProvinceId:
    """Where the core sees a garrison of ``city``: ``city#G``, or Venice itself under the Lagoon
    house rule (its province being the Lagoon)."""
    if city_province(variant, city) != city:
        return city
    return ProvinceId(city + CITY_SUFFIX)


def city_of(variant: Variant, province: ProvinceId) -> ProvinceId | None:
    """The walled city a unit in ``province`` besieges or converts into."""
    board = variant.board
    if lagoon_rule(variant) and "lagoon" in board.provinces[province].flags:
        return next((p.id for p in board.provinces.values() if "venice" in p.flags), None)
    if garrisonable(board, province, variant.rules.options):
        if lagoon_rule(variant) and "venice" in board.provinces[province].flags:
            return None  # Venice's garrison stands in the city; the Lagoon is its province
        return province
    return None


def is_port(variant: Variant, city: ProvinceId) -> bool:
    return "port" in variant.board.provinces[city].flags


def venice_as_written(variant: Variant, area: str) -> bool:
    """Is ``area`` Venice with the Lagoon house rule off (rules §Special mapboard features 5:
    province and city one space, one unit in it)?"""
    return not lagoon_rule(variant) and "venice" in variant.board.provinces[ProvinceId(area)].flags


_BOARDS: dict[tuple, Board] = {}


def core_board(variant: Variant) -> Board:
    """The board with a node for every walled city (see the module's docstring)."""
    key = (id(variant.board), lagoon_rule(variant))
    if key in _BOARDS:
        return _BOARDS[key]
    board = variant.board
    provinces = list(board.provinces.values())
    army = {p: set(v) for p, v in board.army_edges.items()}
    fleet = {loc: set(v) for loc, v in board.fleet_edges.items()}
    for p in board.provinces.values():
        if not ("fortified" in p.flags or "fortress" in p.flags):
            continue
        node = city_node(variant, p.id)
        if node == p.id:
            continue
        provinces.append(Province(node, f"{p.name} (city)", Terrain.COAST, False, (), {"city_node": p.id}))
        army.setdefault(node, set()).add(p.id)
        army.setdefault(p.id, set()).add(node)
        if "port" in p.flags and Location(p.id) in fleet:
            fleet.setdefault(Location(node), set()).add(Location(p.id))
            fleet[Location(p.id)].add(Location(node))
    out = _BOARDS[key] = Board(provinces, army, fleet)
    return out
