"""Every legal order of a phase, unit by unit: what the menus of the orders page offer.

:func:`phase_options` lists, for each power with something to decide, every order the judge would
follow as written in the phase of a position:

* movement: each unit's hold, its moves (an army's moves by convoy with the fleets that could
  carry it), its supports to hold and to move of every unit it could support, a fleet's convoys
  along routes its fleets make; and the variant's own finite orders (Machiavelli's sieges,
  conversions and garrison orders, Europe 1615's declarations), from the variant's hook
  :meth:`judge.core.variant.Rules.order_candidates`;
* retreats: each dislodged unit's retreats and its disbanding;
* adjustments: builds on every site with each kind of unit that may stand there, removals, waives.

Candidates are made from the board; each is kept only when the judge follows it as written: the
core's own checks (of the core's orders to armies and fleets), then the variant's whole phase (:func:`judge.core.phases.adjudicate`, a batch
of one candidate per unit at a time), so that a menu can only make an order the judge accepts.
Orders with amounts (Machiavelli's expenses, loans and payments; Europe 1615's money and INFs)
are not listed: the variant's help (:meth:`judge.core.variant.Rules.order_help`) says how to
write them as free text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Collection, Iterable

from .core.errors import JudgeError
from .core.legality import MovementChecker, check_order
from .core.orders import (
    Build, Convoy, Disband, Hold, Move, Order, Retreat, SupportHold, SupportMove, UnitOrder, Waive,
)
from .core.phases import adjudicate, adjustment_counts, build_sites
from .core.resolution import Outcome
from .core.types import Location, PhaseKind, Position, Power, ProvinceId, Unit, UnitType
from .core.variant import Variant
from .record import order_kind, order_parts

__all__ = ["Option", "UnitOptions", "PowerOptions", "PhaseOptions", "phase_options"]


@dataclass(frozen=True)
class Option:
    """One legal order: its text in the judge's notation, its kind and parts (as the record
    keeps an order: :class:`judge.record.OrderRecord`), and for a move by convoy the fleets that
    could carry it (``via``)."""

    order: str
    kind: str
    parts: tuple[tuple[str, Any], ...] = ()
    via: tuple[str, ...] = ()

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"order": self.order, "kind": self.kind,
                               **{k: dict(v) if k == "details" else v for k, v in self.parts}}
        if self.via:
            out["via"] = list(self.via)
        return out


@dataclass(frozen=True)
class UnitOptions:
    """A unit and every order it may be given (``unit``: ``A PAR``; ``dislodged`` in a retreat)."""

    unit: str
    options: tuple[Option, ...]


@dataclass(frozen=True)
class PowerOptions:
    """What a power may order: per unit, and orders to no unit (builds, waives, declarations);
    ``count``: the builds (positive) or removals (negative) due in an adjustment phase."""

    power: str
    units: tuple[UnitOptions, ...] = ()
    orders: tuple[Option, ...] = ()
    count: int = 0

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"units": {u.unit: [o.to_data() for o in u.options] for u in self.units},
                               "orders": [o.to_data() for o in self.orders]}
        if self.count:
            out["count"] = self.count
        return out


@dataclass(frozen=True)
class PhaseOptions:
    """Every legal order of a phase, by power, and how to write the orders not listed."""

    phase: str
    kind: str
    powers: tuple[PowerOptions, ...]
    help: tuple[str, ...] = field(default=())

    def power(self, name: str) -> PowerOptions | None:
        return next((p for p in self.powers if p.power == name), None)

    @property
    def size(self) -> int:
        """How many orders are listed in all."""
        return sum(len(u.options) for p in self.powers for u in p.units) + sum(len(p.orders) for p in self.powers)

    def to_data(self) -> dict[str, Any]:
        return {"phase": self.phase, "kind": self.kind, "powers": {p.power: p.to_data() for p in self.powers},
                "help": list(self.help)}


# -- candidates from the board --------------------------------------------------------------------


def _movement_candidates(variant: Variant, position: Position, unit: Unit, checker: MovementChecker,
                         moves_of: dict[Unit, list[Move]]) -> list[Order]:
    """Hold, moves, supports and convoys of ``unit``: its supports to hold of the other units,
    and of their moves in ``moves_of``, into its own province or one next to it (no rules let a
    unit support further: an army or a fleet supports where it could move, Machiavelli's
    garrison into its own province; the judge keeps those it follows)."""
    board = variant.board
    here = unit.location
    power = unit.power
    near = board.neighbours.get(here.province, frozenset()) | {here.province}
    out: list[UnitOrder] = [Hold(power, unit.kind, here)]
    out += moves_of[unit]
    for other in position.units:
        if other == unit:
            continue
        if other.location.province in near:
            out.append(SupportHold(power, unit.kind, here, other.location.province, other.kind))
        for mv in moves_of[other]:
            if mv.destination.province in near and not mv.via_convoy:
                out.append(SupportMove(power, unit.kind, here, other.location.province, mv.destination.province,
                                       other.kind))
    if unit.kind is UnitType.FLEET and here.province in checker.graph.carriers:
        fleets = checker.sea_fleets()
        for army in position.units:
            if army.kind is not UnitType.ARMY:
                continue
            for mv in moves_of[army]:
                if mv.destination.province in board.army_edges.get(army.location.province, ()) and not mv.via_convoy:
                    continue
                if _on_route(checker.graph, army.location.province, mv.destination.province, fleets, here.province):
                    out.append(Convoy(power, unit.kind, here, army.location.province, mv.destination.province, UnitType.ARMY))
    return _unique(out)


def _moves(variant: Variant, position: Position, unit: Unit, checker: MovementChecker) -> list[Move]:
    """Every move ``unit`` could be ordered (by land or sea, and an army's by convoy)."""
    board = variant.board
    here = unit.location
    out: list[Move] = []
    if unit.kind is UnitType.FLEET:
        out += [Move(unit.power, unit.kind, here, to) for to in sorted(board.fleet_edges.get(here, ()))
                if to.province != here.province]
    elif unit.kind is UnitType.ARMY:
        near = board.army_edges.get(here.province, frozenset())
        out += [Move(unit.power, unit.kind, here, Location(p)) for p in sorted(near) if p != here.province]
        graph = checker.graph
        if here.province in graph.endpoints:
            reached = graph.reach(here.province, checker.sea_fleets())
            for dest in sorted(graph.endpoints):
                if dest != here.province and graph.lands(reached, dest):
                    out.append(Move(unit.power, unit.kind, here, Location(dest), via_convoy=dest in near))
    kept = []
    for mv in out:
        try:
            if checker.check(mv) == mv:
                kept.append(mv)
        except JudgeError:
            pass
    return kept


def _on_route(graph: Any, src: ProvinceId, dest: ProvinceId, fleets: Collection[ProvinceId], via: ProvinceId) -> bool:
    """Does a chain of the ``fleets`` from ``src`` to ``dest`` pass through ``via``, each fleet
    once (a fleet the army could really be carried by, not one a route would have to visit twice)?"""
    if not graph.route_exists(src, dest, fleets, via=via):
        return False
    ends = graph.army_links.get(dest, frozenset())
    budget = [20000]

    def walk(at: ProvinceId, seen: frozenset[ProvinceId], through: bool) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return True  # a sea too large to search: the core's own route check stands
        if through and at in ends:
            return True
        return any(walk(nxt, seen | {nxt}, through or nxt == via)
                   for nxt in graph.fleet_links.get(at, ()) if nxt in fleets and nxt not in seen)

    return any(walk(first, frozenset({first}), first == via) for first in graph.army_links.get(src, ()) if first in fleets)


def _unique(orders: Iterable[Order]) -> list[Any]:
    seen: set[str] = set()
    out = []
    for o in orders:
        key = str(o)
        if key not in seen:
            seen.add(key)
            out.append(o)
    return out


def _via(variant: Variant, checker: MovementChecker, mv: Move) -> tuple[str, ...]:
    """The fleets that could carry a move by convoy (each lies on a route of fleets there)."""
    if mv.kind is not UnitType.ARMY or (mv.destination.province in variant.board.army_edges.get(mv.location.province, ())
                                        and not mv.via_convoy):
        return ()
    fleets = checker.sea_fleets()
    return tuple(sorted(f for f in fleets if checker.graph.route_exists(mv.location.province, mv.destination.province,
                                                                        fleets, via=f)))


def _candidates(variant: Variant, position: Position) -> tuple[dict[tuple[str, str], list[Order]], dict[str, list[Order]]]:
    """The candidate orders: per (power, unit) and per power (orders to no unit): the core's
    orders of the phase's kind, then the variant's own (its ``order_candidates`` hook)."""
    kind = position.phase.kind
    per_unit: dict[tuple[str, str], list[Order]] = {}
    per_power: dict[str, list[Order]] = {}
    if kind is PhaseKind.MOVEMENT:
        per_unit = _movement_phase_candidates(variant, position)
    elif kind is PhaseKind.RETREAT:
        per_unit = _retreat_candidates(variant, position)
    elif kind is PhaseKind.ADJUSTMENT:
        per_unit, per_power = _adjustment_candidates(variant, position)
    for power in variant.powers:
        for o in variant.rules.order_candidates(variant, position, power):
            if isinstance(o, UnitOrder):
                unit = next((u for u in position.units if u.power == power and u.location.province == o.location.province), None)
                if unit is not None:
                    per_unit.setdefault((power, str(unit)), []).append(o)
            else:
                per_power.setdefault(power, []).append(o)
    return per_unit, per_power


def _movement_phase_candidates(variant: Variant, position: Position) -> dict[tuple[str, str], list[Order]]:
    """A movement phase's candidate orders per (power, unit): every unit holds, moves, supports
    or convoys (a unit of a kind the core does not play, Machiavelli's garrison, has no move
    here: its orders are the variant's to judge, see :func:`_core_legal`)."""
    checker = MovementChecker(variant.board, position, variant.rules)
    moves_of = {u: _moves(variant, position, u, checker) for u in position.units}
    return {(u.power, str(u)): _movement_candidates(variant, position, u, checker, moves_of) for u in position.units}


def _retreat_candidates(variant: Variant, position: Position) -> dict[tuple[str, str], list[Order]]:
    """A retreat phase's candidate orders per (power, unit): each dislodged unit's retreats (the
    variant's ``retreat_options``) and its disband."""
    per_unit: dict[tuple[str, str], list[Order]] = {}
    for d in position.dislodged:
        u = d.unit
        per_unit[(u.power, str(u))] = [Retreat(u.power, u.kind, u.location, to)
                                      for to in variant.rules.retreat_options(variant, position, d)] + [
            Disband(u.power, u.kind, u.location)]
    return per_unit


def _adjustment_candidates(variant: Variant,
                           position: Position) -> tuple[dict[tuple[str, str], list[Order]], dict[str, list[Order]]]:
    """An adjustment phase's candidate orders: per power with builds due, every build on its
    sites and a waive; per unit of a power with removals due, its disband."""
    per_unit: dict[tuple[str, str], list[Order]] = {}
    per_power: dict[str, list[Order]] = {}
    for power, delta in adjustment_counts(position).items():
        sites = build_sites(variant, position, power) if delta > 0 else []
        if sites:  # a build due with no site to build on is nothing to decide (no waive either)
            per_power[power] = _builds(variant, power, sites) + [Waive(power)]
        elif delta < 0:
            for u in position.units_of(power):
                per_unit[(power, str(u))] = [Disband(power, u.kind, u.location)]
    return per_unit, per_power


def _builds(variant: Variant, power: Power, sites: Iterable[ProvinceId]) -> list[Order]:
    """Every build of ``power`` on ``sites``: an army, and a fleet on each coast, where each can stand."""
    board = variant.board
    builds: list[Order] = []
    for site in sites:
        prov = board.provinces[site]
        for k in (UnitType.ARMY, UnitType.FLEET):
            for coast in (prov.coasts or (None,)):
                loc = Location(site, coast if k is UnitType.FLEET else None)
                if board.can_stand(k, loc):
                    builds.append(Build(power, k, loc))
    return builds


_CORE_TYPES = frozenset({Hold, Move, SupportHold, SupportMove, Convoy, Retreat, Disband, Build, Waive})
"""The core's own kinds of order, which the core's checks judge (a variant's subclass is left to its phase)."""

_CORE_UNITS = frozenset({UnitType.ARMY, UnitType.FLEET})
"""The kinds of unit the core's checks know (another, a variant's own, is left to its phase)."""


def _core_legal(variant: Variant, position: Position, order: Order, checker: MovementChecker | None) -> bool:
    """Do the core's own checks take ``order`` as written? A variant's own order, and any order
    to a unit of a kind the core does not play (Machiavelli's garrison, which its phase plays on
    a board of its own), are left to the phase."""
    if type(order) not in _CORE_TYPES or (isinstance(order, UnitOrder) and order.kind not in _CORE_UNITS):
        return True
    try:
        done = checker.check(order) if checker is not None else check_order(variant.board, position, order, variant.rules)
    except JudgeError:
        return False
    return done == order


def _followed(variant: Variant, position: Position, per_unit: dict[tuple[str, str], list[Order]],
              per_power: dict[str, list[Order]]) -> set[int]:
    """The candidates (by ``id``) that the whole phase follows as written: a batch of one
    candidate per unit and one per power at a time (an order's legality does not hang on the
    others' orders; builds and removals are counted, so a phase other than a movement takes one
    per power)."""
    lanes: list[list[Order]] = [list(v) for v in per_unit.values()] + [list(v) for v in per_power.values()]
    if position.phase.kind is not PhaseKind.MOVEMENT:
        by_power: dict[str, list[Order]] = {}
        for key, v in per_unit.items():
            by_power.setdefault(key[0], []).extend(v)
        for p, v in per_power.items():
            by_power.setdefault(p, []).extend(v)
        lanes = list(by_power.values())
    ok: set[int] = set()
    depth = max((len(lane) for lane in lanes), default=0)
    for i in range(depth):
        batch = [lane[i] for lane in lanes if i < len(lane)]
        result = adjudicate(variant, position, batch)
        refused = {id(r.order) for r in result.resolutions
                   if r.outcome in (Outcome.ILLEGAL, Outcome.INVALID, Outcome.AMBIGUOUS) and r.order is not None}
        texts = {r.order_text for r in result.resolutions if r.outcome in (Outcome.ILLEGAL, Outcome.INVALID, Outcome.AMBIGUOUS)}
        ok |= {id(o) for o in batch if id(o) not in refused and str(o) not in texts}
    return ok


def phase_options(variant: Variant, position: Position, powers: Iterable[str] | None = None) -> PhaseOptions:
    """Every legal order of the phase of ``position``, for ``powers`` (default: every power with
    something to decide)."""
    per_unit, per_power = _candidates(variant, position)
    if powers is not None:
        wanted = set(powers)
        per_unit = {k: v for k, v in per_unit.items() if k[0] in wanted}
        per_power = {k: v for k, v in per_power.items() if k in wanted}
    kind = position.phase.kind
    checker = MovementChecker(variant.board, position, variant.rules) if kind is PhaseKind.MOVEMENT else None
    per_unit = {k: [o for o in v if _core_legal(variant, position, o, checker)] for k, v in per_unit.items()}
    per_power = {k: [o for o in v if _core_legal(variant, position, o, checker)] for k, v in per_power.items()}
    followed = _followed(variant, position, per_unit, per_power)
    counts = adjustment_counts(position) if kind is PhaseKind.ADJUSTMENT else {}

    def legal(orders: list[Order]) -> tuple[Option, ...]:
        return tuple(_option(variant, checker, o) for o in orders if id(o) in followed)

    out = []
    for power in _in_turn(variant, {k[0] for k in per_unit} | set(per_power)):
        units = tuple(UnitOptions(unit, legal(v)) for (p, unit), v in per_unit.items() if p == power)
        orders = legal(per_power.get(power, []))
        out.append(PowerOptions(power, tuple(u for u in units if u.options), orders, counts.get(Power(power), 0)))
    return PhaseOptions(str(position.phase), kind.value, tuple(out), tuple(variant.rules.order_help(variant, position)))


def _in_turn(variant: Variant, powers: Iterable[str]) -> list[str]:
    """``powers`` in the variant's order of powers (any other name after them, by name)."""
    names = list(variant.powers)
    return sorted(powers, key=lambda p: (names.index(Power(p)) if p in names else 99, p))


def _option(variant: Variant, checker: MovementChecker | None, o: Order) -> Option:
    via = _via(variant, checker, o) if isinstance(o, Move) and checker is not None else ()
    return Option(str(o), order_kind(o), tuple(order_parts(o).items()), via)
