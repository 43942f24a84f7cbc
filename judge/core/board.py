"""The board: provinces, coasts and the moves between them, as a graph that knows no variant.

A :class:`Board` answers the questions the rules ask of the map: may an army or a fleet move from
here to there, may a fleet standing here convoy, which coasts does a province have. It is built
by :func:`judge.variants.loader.parse_board` from a variant's ``map.txt``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Collection, Iterable, Mapping

from .types import Location, ProvinceId, UnitType


class Terrain(enum.Enum):
    """What a province is made of."""

    LAND = "land"
    """Inland: armies only."""
    COAST = "coast"
    """Land with a coastline: armies, and fleets along the coast."""
    SEA = "sea"
    """Water: fleets only."""
    IMPASSABLE = "impassable"
    """No unit may enter (Switzerland in the standard game)."""


@dataclass(frozen=True, slots=True)
class Province:
    """One province of the board."""

    id: ProvinceId
    """Short name, upper case."""
    name: str
    """Full name, as players know it."""
    terrain: Terrain
    is_supply_center: bool = False
    coasts: tuple[str, ...] = ()
    """Separate coasts (``('NC', 'SC')`` for Spain); empty when the coast is one."""
    flags: Mapping[str, str] = field(default_factory=dict)
    """Variant flags from the map file: ``{'convoy': '', 'city': '3'}``."""
    aliases: tuple[str, ...] = ()

    @property
    def can_convoy(self) -> bool:
        """A fleet standing here may convoy (every sea; river provinces flagged ``convoy``)."""
        return self.terrain is Terrain.SEA or "convoy" in self.flags


class Board:
    """The map graph: provinces, army edges and fleet edges (between locations).

    Fleet edges join locations, so that a fleet on ``SPA/NC`` reaches ``GAS`` but not ``MAR``.
    """

    def __init__(
        self,
        provinces: Iterable[Province],
        army_edges: Mapping[ProvinceId, Iterable[ProvinceId]],
        fleet_edges: Mapping[Location, Iterable[Location]],
    ) -> None:
        self.provinces: dict[ProvinceId, Province] = {p.id: p for p in provinces}
        self.names: dict[ProvinceId, str] = {p.id: p.name for p in self.provinces.values()}
        """Each province's full name, for messages."""
        self.army_edges: dict[ProvinceId, frozenset[ProvinceId]] = {
            p: frozenset(v) for p, v in army_edges.items()
        }
        self.fleet_edges: dict[Location, frozenset[Location]] = {
            loc: frozenset(v) for loc, v in fleet_edges.items()
        }
        # The provinces a fleet at a location can reach, coasts collapsed: what a support needs
        # (rulebook: a fleet may support into any coast of a province it can move to).
        self.fleet_reach: dict[Location, frozenset[ProvinceId]] = {
            loc: frozenset(d.province for d in dests) for loc, dests in self.fleet_edges.items()
        }
        # The locations of each province a fleet at a location can move to, sorted (coasts of
        # the destination told apart): what checking a fleet's move asks.
        # Keyed by plain strings ``(province, coast, destination)``: they hash faster than a
        # Location, and this is asked for every fleet's move.
        self.fleet_moves: dict[tuple[ProvinceId, str | None, ProvinceId], tuple[Location, ...]] = _fleet_moves(self.fleet_edges)
        # Every legal one-step move as ``(unit letter, province, coast, to province, to coast)``:
        # one set lookup checks a move as written (the usual case; others take the long way).
        self.steps: frozenset[tuple[str, ProvinceId, str | None, ProvinceId, str | None]] = _steps(
            self.provinces, self.army_edges, self.fleet_edges)
        # What :meth:`can_reach` answers, as one set: ``(unit letter, province, coast, province)``.
        self.reaches: frozenset[tuple[str, ProvinceId, str | None, ProvinceId]] = frozenset(
            [("A", p, None, d) for p, dests in self.army_edges.items() for d in dests]
            + [("F", p, c, d) for (p, c, d) in self.fleet_moves])
        self.centre_set: frozenset[ProvinceId] = frozenset(p.id for p in self.provinces.values() if p.is_supply_center)
        """Every supply centre, as a set."""
        # Every neighbour by any edge, for distances (civil disorder) and convoy routes.
        self.neighbours: dict[ProvinceId, frozenset[ProvinceId]] = _neighbours(
            self.provinces, self.army_edges, self.fleet_edges)

    def __contains__(self, province: object) -> bool:
        return province in self.provinces

    def province(self, pid: ProvinceId) -> Province:
        """The province with id ``pid``; KeyError if there is none."""
        return self.provinces[pid]

    def supply_centers(self) -> list[ProvinceId]:
        """Every supply centre, sorted."""
        return sorted(p.id for p in self.provinces.values() if p.is_supply_center)

    def can_stand(self, kind: UnitType, location: Location) -> bool:
        """May a unit of this kind stand at this location?"""
        prov = self.provinces.get(location.province)
        if prov is None or prov.terrain is Terrain.IMPASSABLE:
            return False
        if kind is UnitType.ARMY:
            return location.coast is None and prov.terrain in (Terrain.LAND, Terrain.COAST)
        if kind is UnitType.FLEET:
            if prov.coasts:
                return location.coast in prov.coasts
            return location.coast is None and location in self.fleet_edges
        return location.coast is None and prov.terrain is not Terrain.SEA

    def can_move(self, kind: UnitType, src: Location, dest: Location) -> bool:
        """May a unit move from ``src`` to ``dest`` in one step (no convoy)?"""
        if kind is UnitType.ARMY:
            return dest.province in self.army_edges.get(src.province, ())
        if kind is UnitType.FLEET:
            return dest in self.fleet_edges.get(src, ())
        return False

    def can_reach(self, kind: UnitType, src: Location, dest: ProvinceId) -> bool:
        """May a unit move from ``src`` into some part of province ``dest``?

        This is the test for a support: a fleet may support into a two-coast province wherever it
        could move to one of its coasts (rulebook, two-coast provinces).
        """
        if kind is UnitType.ARMY:
            return dest in self.army_edges.get(src.province, ())
        if kind is UnitType.FLEET:
            return (src.province, src.coast, dest) in self.fleet_moves
        return False

    def is_coastal(self, pid: ProvinceId) -> bool:
        """Is there a fleet location on this land province?"""
        prov = self.provinces[pid]
        if prov.coasts:
            return True
        return prov.terrain is Terrain.COAST or Location(pid) in self.fleet_edges

    def distances_from(self, sources: Iterable[ProvinceId]) -> dict[ProvinceId, int]:
        """Steps from the nearest of ``sources`` to every province, through any edge (an army's
        distance, which may cross water as if convoyed)."""
        dist = {p: 0 for p in sources}
        frontier = list(dist)
        while frontier:
            nxt = []
            for p in frontier:
                for q in sorted(self.neighbours.get(p, ())):
                    if q not in dist:
                        dist[q] = dist[p] + 1
                        nxt.append(q)
            frontier = nxt
        return dist

    def fleet_distance(self, start: Location, targets: Collection[ProvinceId]) -> int | None:
        """Fleet moves from ``start`` to the nearest location in a province of ``targets`` (any of
        its coasts), or ``None`` when no fleet can get there. A fleet never crosses land."""
        seen = {start}
        frontier = [start]
        steps = 0
        while frontier:
            if any(loc.province in targets for loc in frontier):
                return steps
            steps += 1
            nxt = []
            for loc in frontier:
                for d in self.fleet_edges.get(loc, ()):
                    if d not in seen:
                        seen.add(d)
                        nxt.append(d)
            frontier = nxt
        return None


def _fleet_moves(
    fleet_edges: dict[Location, frozenset[Location]],
) -> dict[tuple[ProvinceId, str | None, ProvinceId], tuple[Location, ...]]:
    """For each fleet location and province it borders, the locations of that province the fleet
    can move to, sorted: ``(province, coast, destination) -> locations``."""
    moves: dict[tuple[ProvinceId, str | None, ProvinceId], list[Location]] = {}
    for loc, locs in fleet_edges.items():
        for to in locs:
            moves.setdefault((loc.province, loc.coast, to.province), []).append(to)
    return {key: tuple(sorted(v)) for key, v in moves.items()}


def _steps(
    provinces: dict[ProvinceId, Province],
    army_edges: dict[ProvinceId, frozenset[ProvinceId]],
    fleet_edges: dict[Location, frozenset[Location]],
) -> frozenset[tuple[str, ProvinceId, str | None, ProvinceId, str | None]]:
    """Every legal one-step move, as ``(unit letter, province, coast, to province, to coast)``:
    an army's between two provinces of land, a fleet's into any province but an impassable one."""
    land = (Terrain.LAND, Terrain.COAST)
    steps: set[tuple[str, ProvinceId, str | None, ProvinceId, str | None]] = set()
    for p, dests in army_edges.items():
        for q in dests:
            if q != p and provinces[q].terrain in land and provinces[p].terrain in land:
                steps.add(("A", p, None, q, None))
    for loc, locs in fleet_edges.items():
        for to in locs:
            if to.province != loc.province and provinces[to.province].terrain is not Terrain.IMPASSABLE:
                steps.add(("F", loc.province, loc.coast, to.province, to.coast))
    return frozenset(steps)


def _neighbours(
    provinces: dict[ProvinceId, Province],
    army_edges: dict[ProvinceId, frozenset[ProvinceId]],
    fleet_edges: dict[Location, frozenset[Location]],
) -> dict[ProvinceId, frozenset[ProvinceId]]:
    """Every province's neighbours by any edge, an army's or a fleet's (coasts collapsed)."""
    neighbours: dict[ProvinceId, set[ProvinceId]] = {p: set() for p in provinces}
    for p, dests in army_edges.items():
        neighbours[p].update(dests)
    for loc, locs in fleet_edges.items():
        neighbours[loc.province].update(to.province for to in locs)
    return {p: frozenset(v) for p, v in neighbours.items()}
