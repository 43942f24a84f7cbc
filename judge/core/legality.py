"""Is an order allowed? Each order kind is checked against the board and the position.

:func:`check_order` returns the order as it will be followed (a badly written order with one
meaning is completed, e.g. the coast a fleet can only reach one way) or raises
:class:`~judge.core.errors.IllegalOrder` / :class:`~judge.core.errors.AmbiguousOrder` with a
reason a player understands. Seed 003 section 4: an illegal order is not followed and the unit
holds; an order with two meanings is not followed.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final, Sequence

from .board import Board, Terrain
from .errors import AmbiguousOrder, IllegalOrder
from .orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
    UnitOrder,
    Waive,
)
from .types import Location, Position, PhaseKind, ProvinceId, Unit, UnitType
from .variant import Rules


_ARMY: Final = UnitType.ARMY


def name(board: Board, province: str) -> str:
    """A province's full name, for messages."""
    prov = board.provinces.get(ProvinceId(province))
    return prov.name if prov else province


def find_unit(position: Position, order: UnitOrder, *, dislodged: bool = False) -> Unit:
    """The unit an order commands; IllegalOrder when there is none of that power there.

    A wrong coast or a wrong unit letter is a badly written order with one meaning when the
    province holds exactly one unit of that power: it is followed (seed 003 section 4).
    """
    here: Sequence[Unit]
    if dislodged:
        here = [d.unit for d in position.dislodged if d.unit.location.province == order.location.province]
    else:
        here = position.units_at(order.location.province)
        if len(here) == 1:
            # The usual case, decided at once: one unit there, of that power and kind.
            u = here[0]
            if u.power == order.power and u.kind is order.kind:
                return u
    if not here:
        what = "dislodged unit" if dislodged else "unit"
        raise IllegalOrder(f"there is no {what} in {order.location.province}")
    mine = [u for u in here if u.power == order.power]
    if not mine:
        raise IllegalOrder(f"the {here[0].kind.noun} in {order.location.province} belongs to {here[0].power}, not {order.power}")
    exact = [u for u in mine if u.kind is order.kind]
    if len(exact) == 1:
        return exact[0]
    if len(mine) == 1 and order.kind is not UnitType.GARRISON and mine[0].kind is not UnitType.GARRISON:
        return mine[0]
    if len(exact) > 1:
        raise AmbiguousOrder(f"more than one {order.kind.noun} in {order.location.province}")
    raise IllegalOrder(f"there is no {order.kind.noun} of {order.power} in {order.location.province}")


def _fleet_destination(board: Board, src: Location, dest: Location) -> Location:
    """Complete or check the coast of a fleet's destination (DATC 6.B.1-6.B.3)."""
    options = board.fleet_moves.get((src.province, src.coast, dest.province))
    if not options:
        raise IllegalOrder(f"a fleet in {name(board, src.province)} cannot reach {name(board, dest.province)}")
    if len(options) == 1 and options[0].coast == dest.coast:
        return options[0]
    prov = board.provinces[dest.province]
    if prov.coasts:
        if dest.coast is None:
            if len(options) > 1:
                raise AmbiguousOrder(f"{prov.name} has two coasts the fleet could reach: name one")
            return options[0]
        if dest not in options:
            raise IllegalOrder(f"a fleet in {name(board, src.province)} cannot reach {dest}")
        return dest
    return options[0]


_MOVEMENT_KINDS = (Hold, Move, SupportHold, SupportMove, Convoy)


class MovementChecker:
    """Checks the orders of one movement phase against one position.

    What every order of the phase would otherwise recompute (the convoy graph, the fleets at sea)
    is looked up once; :meth:`check` is :func:`check_movement_order` for one order.
    """

    __slots__ = ("board", "position", "graph", "_sea_fleets", "_units_at")

    def __init__(self, board: Board, position: Position, rules: Rules | None = None) -> None:
        self.board = board
        self.position = position
        self.graph = (rules or Rules()).convoy_graph(board)
        self._sea_fleets: set | None = None
        self._units_at = position.unit_index()

    def sea_fleets(self) -> set:
        """Provinces where a fleet stands that could carry a convoy."""
        if self._sea_fleets is None:
            carriers = self.graph.carriers
            self._sea_fleets = {u.location.province for u in self.position.units
                                if u.kind is UnitType.FLEET and u.location.province in carriers}
        return self._sea_fleets

    def check(self, order: Order) -> UnitOrder:
        """Check an order of a movement phase; return it as it will be followed."""
        board = self.board
        cls = type(order)
        if cls not in _MOVEMENT_KINDS and not isinstance(order, _MOVEMENT_KINDS):
            raise IllegalOrder(f"a {type(order).__name__.lower()} order belongs to another phase")
        uo: UnitOrder = order  # type: ignore[assignment]  # every movement kind is a UnitOrder
        here_units = self._units_at.get(uo.location.province)
        if here_units and len(here_units) == 1 and here_units[0].power == uo.power and here_units[0].kind is uo.kind:
            unit = here_units[0]  # the usual case: find_unit's answer without the call
        else:
            unit = find_unit(self.position, uo)
        at = unit.location
        if unit.kind is not uo.kind or (at is not uo.location and at.coast != uo.location.coast):
            # A wrong unit letter or coast, with one meaning: followed as meant.
            order = uo = replace(uo, kind=unit.kind, location=at)
        here = at.province
        if cls is Move:
            mv: Move = order  # type: ignore[assignment]
            dest = mv.destination
            if (unit.kind.letter, here, at.coast, dest.province, dest.coast) in board.steps and (
                    unit.kind is _ARMY or not mv.via_convoy):
                return mv  # one legal step, as written
            return self._move(mv, unit, here)
        if cls is Hold:
            return order  # type: ignore[return-value]
        if isinstance(order, Hold):
            return order
        if isinstance(order, Move):
            return self._move(order, unit, here)
        if isinstance(order, (SupportHold, SupportMove)):
            return self._support(order, unit)
        if isinstance(order, Convoy):
            return self._convoy(order, unit)
        raise IllegalOrder("unknown order")  # pragma: no cover

    def _support(self, order: SupportHold | SupportMove, unit: Unit) -> UnitOrder:
        """A support: not of itself (DATC 6.A.8), not into its own province, and only where the
        supporting unit could move itself (DATC 6.A.10)."""
        board = self.board
        at = unit.location
        here = at.province
        into = order.target if isinstance(order, SupportHold) else order.destination
        if order.target == here:
            raise IllegalOrder("a unit cannot support itself")
        if isinstance(order, SupportMove) and order.destination == order.target:
            raise IllegalOrder("a unit cannot be supported to move to where it is")
        if into == here:
            raise IllegalOrder("a unit cannot support a move into its own province")
        if (unit.kind.letter, here, at.coast, into) not in board.reaches:  # board.can_reach, in one lookup
            raise IllegalOrder(f"the {unit.kind.noun} in {name(board, here)} could not move to {name(board, into)}, so it cannot support there")
        return order

    def _convoy(self, order: Convoy, unit: Unit) -> UnitOrder:
        """A convoy: a fleet at sea (or on a river that carries convoys, seed 004), carrying an army
        (DATC 6.A.7) from land to land along a route through its own province."""
        board = self.board
        graph = self.graph
        here = unit.location.province
        if unit.kind is not UnitType.FLEET:
            raise IllegalOrder("only a fleet can convoy")
        if order.target_kind not in (None, UnitType.ARMY):
            raise IllegalOrder(f"only armies are convoyed, not a {order.target_kind.noun}")
        if here not in graph.carriers:
            if "river" in board.provinces[here].flags:
                raise IllegalOrder(f"a fleet on the river in {name(board, here)} cannot convoy (rivers carry no convoys in this game)")
            raise IllegalOrder(f"a fleet in {name(board, here)} cannot convoy (not at sea)")
        if order.target == order.destination:
            raise IllegalOrder("an army cannot be convoyed to where it is")
        src = board.provinces[order.target]
        dst = board.provinces[order.destination]
        if src.terrain is Terrain.SEA or dst.terrain is Terrain.SEA:
            raise IllegalOrder("an army is convoyed from land to land")
        if not graph.route_exists(order.target, order.destination, via=here):
            by = "river or sea route" if _river_carriers(board, graph.carriers) else "sea route"
            raise IllegalOrder(f"{name(board, here)} lies on no {by} from {src.name} to {dst.name}")
        return order

    def _move(self, order: Move, unit: Unit, here: ProvinceId) -> Move:
        board = self.board
        dest = order.destination
        if dest.province == here:
            raise IllegalOrder("a unit cannot move to the province it is in")
        target = board.provinces[dest.province]
        if target.terrain is Terrain.IMPASSABLE:
            raise IllegalOrder(f"no unit may enter {target.name}")
        if unit.kind is UnitType.FLEET:
            fdest = _fleet_destination(board, unit.location, dest)
            if fdest.coast != dest.coast or order.via_convoy:
                order = replace(order, destination=fdest, via_convoy=False)
            return order
        if unit.kind is UnitType.ARMY:
            if target.terrain is Terrain.SEA:
                raise IllegalOrder(f"an army cannot move to {target.name}, a sea")
            # An army ignores a coast written after its destination (DATC 6.B.12).
            if dest.coast:
                order = replace(order, destination=Location(dest.province))
            if dest.province in board.army_edges.get(here, ()):
                return order
            graph = self.graph
            if not graph.route_exists(here, dest.province):
                raise IllegalOrder(f"{name(board, here)} does not border {target.name}, and no convoy could carry the army there")
            # With no chain of fleets at sea, the move is impossible: the army holds (DATC 6.D.32).
            if not graph.route_exists(here, dest.province, self.sea_fleets()):
                where = "at sea or on a river" if _river_carriers(board, graph.carriers) else "at sea"
                raise IllegalOrder(f"{name(board, here)} does not border {target.name}, and no fleets stand {where} to convoy the army there")
            return order
        raise IllegalOrder(f"a {unit.kind.noun} cannot move")


def _river_carriers(board: Board, carriers: frozenset[ProvinceId]) -> bool:
    """Do fleets on rivers carry convoys here (Maharajah)? Then messages speak of rivers too."""
    return any("river" in board.provinces[p].flags for p in carriers)


def check_movement_order(board: Board, position: Position, order: Order, rules: Rules | None = None) -> UnitOrder:
    """Check an order of a movement phase; return it as it will be followed."""
    return MovementChecker(board, position, rules).check(order)


def retreat_options(board: Board, position: Position, unit: Unit, attacker_from: str | None) -> list[Location]:
    """Where a dislodged unit may retreat: an adjacent vacant place, not the attacker's origin,
    not a province left vacant by a standoff, never by convoy."""
    occupied = {u.location.province for u in position.units if u.kind is not UnitType.GARRISON}
    out = []
    if unit.kind is UnitType.ARMY:
        dests = [Location(p) for p in board.army_edges.get(unit.location.province, ())]
    elif unit.kind is UnitType.FLEET:
        dests = list(board.fleet_edges.get(unit.location, ()))
    else:
        dests = []
    for d in sorted(dests):
        if d.province in occupied or d.province == attacker_from or d.province in position.standoffs:
            continue
        if board.provinces[d.province].terrain is Terrain.IMPASSABLE:
            continue
        out.append(d)
    return out


def check_retreat_order(board: Board, position: Position, order: Order) -> UnitOrder:
    """Check an order of a retreat phase; return it as it will be followed."""
    if isinstance(order, Move):
        order = Retreat(order.power, order.kind, order.location, order.destination)
    if not isinstance(order, (Retreat, Disband)):
        raise IllegalOrder("only retreats and disbands are ordered in a retreat phase")
    unit = find_unit(position, order, dislodged=True)
    order = replace(order, kind=unit.kind, location=unit.location)
    if isinstance(order, Disband):
        return order
    attacker = next(d.attacker_from for d in position.dislodged if d.unit == unit)
    options = retreat_options(board, position, unit, attacker)
    dest = order.destination
    matches = [o for o in options if o.province == dest.province and (dest.coast is None or o.coast == dest.coast or unit.kind is UnitType.ARMY)]
    if not matches:
        why = _why_no_retreat(board, position, unit, attacker, dest)
        raise IllegalOrder(why)
    if len(matches) > 1:
        raise AmbiguousOrder(f"{name(board, dest.province)} has two coasts the fleet could reach: name one")
    return replace(order, destination=matches[0])


def _why_no_retreat(board: Board, position: Position, unit: Unit, attacker: str | None, dest: Location) -> str:
    where = name(board, dest.province)
    if dest.province == attacker:
        return f"cannot retreat to {where}, where the attack came from"
    if dest.province in position.standoffs:
        return f"cannot retreat to {where}, left vacant by a standoff"
    if position.unit_in(dest.province) is not None:
        return f"cannot retreat to {where}, which is occupied"
    return f"cannot retreat to {where}: not adjacent"


def check_adjustment_order(board: Board, position: Position, order: Order) -> Order:
    """Check the form of an adjustment order (counts and places are checked by the phase)."""
    if isinstance(order, Waive):
        return order
    if isinstance(order, Disband):
        unit = find_unit(position, order)
        return replace(order, kind=unit.kind, location=unit.location)
    if isinstance(order, Build):
        prov = board.provinces[order.location.province]
        loc = order.location
        if order.kind is UnitType.FLEET:
            if prov.coasts:
                if loc.coast is None:
                    raise AmbiguousOrder(f"{prov.name} has two coasts: name the one to build on")
                if loc.coast not in prov.coasts:
                    raise IllegalOrder(f"{prov.name} has no coast {loc.coast}")
            elif not board.can_stand(UnitType.FLEET, Location(loc.province)):
                raise IllegalOrder(f"a fleet cannot be built in {prov.name}, which is inland")
            else:
                loc = Location(loc.province)
        elif order.kind is UnitType.ARMY:
            if prov.terrain is Terrain.SEA:
                raise IllegalOrder("an army cannot be built at sea")
            loc = Location(loc.province)
        return replace(order, location=loc)
    raise IllegalOrder("only builds, removals and waives are ordered in an adjustment phase")


def check_order(board: Board, position: Position, order: Order, rules: Rules | None = None) -> Order:
    """Check ``order`` for the kind of phase ``position`` is at."""
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return check_movement_order(board, position, order, rules)
    if kind is PhaseKind.RETREAT:
        return check_retreat_order(board, position, order)
    return check_adjustment_order(board, position, order)
