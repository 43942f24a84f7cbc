"""Convoy routes: which provinces a fleet may convoy from, and how convoys link up.

The links are the variant's (:meth:`judge.core.variant.Rules.convoy_link`): in the standard game
an army steps onto an adjacent sea and fleets link sea to sea; Maharajah's river fleets link only
along rivers to the armies they carry. A :class:`ConvoyGraph` is computed once per board and rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Collection, Iterable

from .board import Board
from .types import ProvinceId

if TYPE_CHECKING:  # pragma: no cover
    from .variant import Rules


class ConvoyGraph:
    """Where convoys can go on a board, under a variant's rules."""

    def __init__(self, board: Board, rules: "Rules") -> None:
        self.carriers: frozenset[ProvinceId] = frozenset(
            p for p in board.provinces if rules.can_carry_convoy(board, p))
        self.endpoints: frozenset[ProvinceId] = frozenset(
            p for p in board.provinces if rules.convoy_endpoint(board, p))
        self.fleet_links: dict[ProvinceId, frozenset[ProvinceId]] = {
            p: frozenset(q for q in board.neighbours[p] if q in self.carriers and rules.convoy_link(board, p, q, endpoint=False))
            for p in self.carriers
        }
        self.army_links: dict[ProvinceId, frozenset[ProvinceId]] = {
            p: frozenset(q for q in board.neighbours[p] if q in self.carriers and rules.convoy_link(board, p, q, endpoint=True))
            for p in self.endpoints
        }
        self._static_routes: dict[tuple, bool] = {}

    def reach(self, src: ProvinceId, fleets: Collection[ProvinceId] | None = None) -> set[ProvinceId]:
        """Carriers an army in ``src`` could be carried through (only ``fleets`` if given)."""
        ok = self.carriers if fleets is None else fleets
        seen = {q for q in self.army_links.get(src, ()) if q in ok}
        frontier = list(seen)
        while frontier:
            p = frontier.pop()
            for q in self.fleet_links.get(p, ()):
                if q in ok and q not in seen:
                    seen.add(q)
                    frontier.append(q)
        return seen

    def lands(self, reached: Iterable[ProvinceId], dest: ProvinceId) -> bool:
        """Does a carrier among ``reached`` put an army ashore in ``dest``?"""
        links = self.army_links.get(dest)
        if not links:
            return False
        return any(p in links for p in reached)

    def route_exists(self, src: ProvinceId, dest: ProvinceId, fleets: Collection[ProvinceId] | None = None,
                     via: ProvinceId | None = None) -> bool:
        """Is there a chain from ``src`` to ``dest`` (through the given ``fleets``, through ``via``)?"""
        if src not in self.endpoints or dest not in self.endpoints:
            return False
        if fleets is None:
            # Through any carrier: a fact of the map, worked out once.
            key = (src, dest, via)
            known = self._static_routes.get(key)
            if known is None:
                known = self._static_routes[key] = self._route_exists(src, dest, None, via)
            return known
        return self._route_exists(src, dest, fleets, via)

    def _route_exists(self, src: ProvinceId, dest: ProvinceId, fleets: Collection[ProvinceId] | None,
                      via: ProvinceId | None) -> bool:
        fwd = self.reach(src, fleets)
        if via is None:
            return self.lands(fwd, dest)
        return via in fwd and via in self.reach(dest, fleets)

    def on_routes(self, src: ProvinceId, dest: ProvinceId, fleets: Collection[ProvinceId]) -> set[ProvinceId]:
        """The fleets among ``fleets`` that lie on some chain from ``src`` to ``dest``."""
        fwd = self.reach(src, fleets)
        if not self.lands(fwd, dest):
            return set()
        return fwd & self.reach(dest, fleets)
