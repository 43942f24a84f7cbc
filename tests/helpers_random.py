"""Random but legal phases of the standard game, from a seed.

Shared by ``bench/run.py``, ``tests/test_differential.py`` and ``tests/test_properties.py``.
A game is played from the 1901 start with random legal orders for every unit (holds, moves,
supports of moves that were ordered or could be, convoys by chains of fleets at sea), through
retreats and adjustments with random legal choices, advanced by our judge. Everything is
deterministic for a seed: every choice is made by one ``random.Random(seed)`` over sorted lists.

>>> phases = movement_phases(4, seed=1)
>>> [str(p.phase) for p, _ in phases]
['Spring 1901 Movement', 'Fall 1901 Movement', 'Spring 1902 Movement', 'Fall 1902 Movement']
>>> movement_phases(4, seed=1) == phases
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterator

from judge.core.board import Terrain
from judge.core.legality import retreat_options
from judge.core.orders import (
    Build, Convoy, Disband, Hold, Move, Order, Retreat, SupportHold, SupportMove, Waive,
)
from judge.core.phases import PhaseResult, adjudicate, adjustment_counts, build_sites
from judge.core.types import Location, PhaseKind, Position, ProvinceId, Unit, UnitType
from judge.core.variant import Variant
from judge.variants import find_variant


def standard() -> Variant:
    """The standard variant (cached by the loader)."""
    return find_variant("standard")


@dataclass(frozen=True)
class Weights:
    """How often each kind of order is chosen (relative weights, and probabilities)."""

    hold: float = 0.15
    move: float = 0.50
    support: float = 0.35
    convoy_try: float = 0.45
    """Chance that an army on a coast next to a fleet at sea tries a convoyed move."""
    convoy_fleet_obeys: float = 0.9
    """Chance that a fleet on the chosen route is ordered to convoy (else the route may break)."""
    via_flag: float = 0.8
    """Chance that a convoyed move says 'via convoy' (always when it could move by land alone it is
    still random: both judges then use the rulebook's intent rule)."""
    support_real_move: float = 0.75
    """Chance that a support goes to a move actually ordered (else a hold or a plausible move)."""
    retreat: float = 0.85
    """Chance that a dislodged unit retreats rather than disbands."""
    build_each: float = 0.9
    """Chance that each build due is made (else it is left unused)."""
    remove_all: bool = True
    """Order every removal due (else civil disorder may have to choose)."""
    omit: float = 0.0
    """Chance that a unit (or a dislodged unit) is left without an order."""


DEFAULT = Weights()


class OrderMaker:
    """Random legal orders for the positions of one variant."""

    def __init__(self, variant: Variant | None = None, weights: Weights = DEFAULT) -> None:
        self.variant = variant or standard()
        self.w = weights
        board = self.variant.board
        self.board = board
        passable = {p for p, prov in board.provinces.items() if prov.terrain is not Terrain.IMPASSABLE}
        self.army_dests: dict[ProvinceId, list[ProvinceId]] = {
            p: sorted(d for d in dests if d in passable) for p, dests in board.army_edges.items()
        }
        self.fleet_dests: dict[Location, list[Location]] = {
            loc: sorted(d for d in dests if d.province in passable) for loc, dests in board.fleet_edges.items()
        }
        self.neighbours = {p: sorted(v) for p, v in board.neighbours.items()}
        self.sea = {p for p, prov in board.provinces.items() if prov.can_convoy}
        self.coastal_land = {
            p for p, prov in board.provinces.items()
            if prov.terrain is Terrain.COAST or (prov.terrain is Terrain.LAND and board.is_coastal(p))
        }

    # -- movement ---------------------------------------------------------------------------

    def reach(self, unit: Unit) -> list[ProvinceId]:
        """Provinces the unit could move to (coasts collapsed), sorted."""
        if unit.kind is UnitType.ARMY:
            return self.army_dests.get(unit.province, [])
        return sorted({d.province for d in self.fleet_dests.get(unit.location, [])})

    def _convoy_routes(self, army: Unit, fleets_at_sea: set[ProvinceId], rng: random.Random) -> tuple[ProvinceId, list[ProvinceId]] | None:
        """A random destination reachable through a chain of fleets, and one such chain."""
        start = army.province
        parent: dict[ProvinceId, ProvinceId] = {}
        frontier = [p for p in self.neighbours[start] if p in fleets_at_sea]
        for p in frontier:
            parent[p] = start
        order = list(frontier)
        while frontier:
            nxt = []
            for p in frontier:
                for q in self.neighbours[p]:
                    if q in fleets_at_sea and q not in parent:
                        parent[q] = p
                        nxt.append(q)
                        order.append(q)
            frontier = nxt
        if not order:
            return None
        dests: dict[ProvinceId, ProvinceId] = {}
        for p in order:
            for q in self.neighbours[p]:
                if q != start and q in self.coastal_land and q not in dests:
                    dests[q] = p
        if not dests:
            return None
        dest = rng.choice(sorted(dests))
        chain = []
        p = dests[dest]
        while p != start:
            chain.append(p)
            p = parent[p]
        return dest, chain[::-1]

    def movement(self, position: Position, rng: random.Random) -> list[Order]:
        """One random legal order for every field unit of ``position``."""
        w = self.w
        units = [u for u in position.units if u.kind is not UnitType.GARRISON]
        at = {u.province: u for u in units}
        orders: dict[ProvinceId, Order] = {}
        fleets_at_sea = {u.province for u in units if u.kind is UnitType.FLEET and u.province in self.sea}
        moves: dict[ProvinceId, ProvinceId] = {}  # mover's province -> destination province

        # Convoys first: an army tries a route through fleets at sea; the fleets are ordered.
        for u in units:
            if u.kind is not UnitType.ARMY or u.province in orders or u.province not in self.coastal_land:
                continue
            if not any(p in fleets_at_sea for p in self.neighbours[u.province]) or rng.random() >= w.convoy_try:
                continue
            route = self._convoy_routes(u, fleets_at_sea, rng)
            if route is None:
                continue
            dest, chain = route
            if any(p in orders for p in chain):
                continue
            via = rng.random() < w.via_flag
            orders[u.province] = Move(u.power, u.kind, u.location, Location(dest), via)
            moves[u.province] = dest
            for p in chain:
                f = at[p]
                if rng.random() < w.convoy_fleet_obeys:
                    orders[p] = Convoy(f.power, f.kind, f.location, u.province, dest, UnitType.ARMY)

        # Roles for the others.
        roles: dict[ProvinceId, str] = {}
        for u in units:
            if u.province in orders:
                continue
            roles[u.province] = rng.choices(("hold", "move", "support"), (w.hold, w.move, w.support))[0]
        for u in units:
            if roles.get(u.province) != "move":
                continue
            if u.kind is UnitType.ARMY:
                dests = self.army_dests.get(u.province, [])
                if dests:
                    d = rng.choice(dests)
                    orders[u.province] = Move(u.power, u.kind, u.location, Location(d))
                    moves[u.province] = d
            else:
                fdests = self.fleet_dests.get(u.location, [])
                if fdests:
                    d = rng.choice(fdests)
                    orders[u.province] = Move(u.power, u.kind, u.location, d)
                    moves[u.province] = d.province
        for u in units:
            if roles.get(u.province) != "support":
                continue
            o = self._support(u, at, moves, rng)
            if o is not None:
                orders[u.province] = o
        out: list[Order] = []
        for u in units:
            if w.omit and rng.random() < w.omit:
                continue
            out.append(orders.get(u.province) or Hold(u.power, u.kind, u.location))
        return out

    def _support(self, u: Unit, at: dict[ProvinceId, Unit], moves: dict[ProvinceId, ProvinceId], rng: random.Random) -> Order | None:
        reach = set(self.reach(u))
        real = [
            (src, dst) for src, dst in sorted(moves.items())
            if src != u.province and dst != u.province and dst in reach
        ]
        if real and rng.random() < self.w.support_real_move:
            src, dst = rng.choice(real)
            t = at[src]
            return SupportMove(u.power, u.kind, u.location, src, dst, t.kind)
        other: list[Order] = []
        for p in sorted(reach):
            t = at.get(p)
            if t is not None:
                other.append(SupportHold(u.power, u.kind, u.location, p, t.kind))
        for p in sorted(reach):
            # A plausible move into p by a neighbour that could make it (whatever it was ordered).
            for q in self.neighbours[p]:
                t = at.get(q)
                if t is None or q == u.province or p == u.province:
                    continue
                if p in self.reach(t):
                    other.append(SupportMove(u.power, u.kind, u.location, q, p, t.kind))
        if not other:
            return None
        return rng.choice(other)

    # -- retreats and adjustments -----------------------------------------------------------

    def retreats(self, position: Position, rng: random.Random) -> list[Order]:
        """A retreat or a disband for every dislodged unit."""
        out: list[Order] = []
        for d in position.dislodged:
            u = d.unit
            if self.w.omit and rng.random() < self.w.omit:
                continue
            opts = retreat_options(self.board, position, u, d.attacker_from)
            if opts and rng.random() < self.w.retreat:
                out.append(Retreat(u.power, u.kind, u.location, rng.choice(opts)))
            else:
                out.append(Disband(u.power, u.kind, u.location))
        return out

    def adjustments(self, position: Position, rng: random.Random) -> list[Order]:
        """Builds where due and possible (some left unused), removals where due."""
        out: list[Order] = []
        counts = adjustment_counts(position)
        for power in sorted(counts):
            delta = counts[power]
            if delta > 0:
                sites = sorted(build_sites(self.variant, position, power))
                rng.shuffle(sites)
                for p in sites[:delta]:
                    if rng.random() >= self.w.build_each:
                        out.append(Waive(power))
                        continue
                    prov = self.board.provinces[p]
                    kinds = [UnitType.ARMY]
                    if self.board.is_coastal(p):
                        kinds.append(UnitType.FLEET)
                    kind = rng.choice(kinds)
                    if kind is UnitType.FLEET and prov.coasts:
                        loc = Location(p, rng.choice(sorted(prov.coasts)))
                    else:
                        loc = Location(p)
                    out.append(Build(power, kind, loc))
            elif delta < 0:
                mine = [u for u in position.units if u.power == power and u.kind is not UnitType.GARRISON]
                rng.shuffle(mine)
                n = -delta if self.w.remove_all else rng.randint(0, -delta)
                for u in mine[:n]:
                    out.append(Disband(power, u.kind, u.location))
        return out

    def orders(self, position: Position, rng: random.Random) -> list[Order]:
        """Random legal orders for the phase of ``position``."""
        kind = position.phase.kind
        if kind is PhaseKind.MOVEMENT:
            return self.movement(position, rng)
        if kind is PhaseKind.RETREAT:
            return self.retreats(position, rng)
        return self.adjustments(position, rng)


def play(seed: int, years: int = 10, variant: Variant | None = None, weights: Weights = DEFAULT) -> Iterator[tuple[Position, list[Order], PhaseResult]]:
    """Play a random game with our judge: (position, orders, result) for every phase played,
    for ``years`` game years from 1901 or until someone wins."""
    variant = variant or standard()
    maker = OrderMaker(variant, weights)
    rng = random.Random(seed)
    position = variant.start
    last = position.phase.year + years - 1
    while position.phase.year <= last:
        orders = maker.orders(position, rng)
        result = adjudicate(variant, position, orders)
        yield position, orders, result
        if result.winner is not None:
            return
        position = result.next_position


def movement_phases(count: int, seed: int = 0, years: int = 10) -> list[tuple[Position, list[Order]]]:
    """``count`` movement phases (position, orders) from random games with seeds ``seed``,
    ``seed + 1``, ... played for ``years`` years each."""
    out: list[tuple[Position, list[Order]]] = []
    game = seed
    while len(out) < count:
        for position, orders, _ in play(game, years):
            if position.phase.kind is PhaseKind.MOVEMENT:
                out.append((position, orders))
                if len(out) == count:
                    break
        game += 1
    return out


def orders_text(orders: list[Order]) -> str:
    """The orders in our own notation, one ``Power: order`` a line (what a Gamesmaster pastes)."""
    return "".join(f"{o.power}: {o}\n" for o in orders)
