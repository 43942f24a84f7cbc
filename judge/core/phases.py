"""Playing a phase: check the orders, adjudicate, and compute the next position.

:func:`adjudicate` is the one entry point: a variant, the position at the start of a phase and
the orders given give back a :class:`PhaseResult` — a resolution per order (and per unit left
without one) and the position of the next phase that has something to decide. Phases with nothing
to decide (no retreat possible, no build or removal due) are skipped.
"""

from __future__ import annotations

import logging
import math
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Callable, Sequence

from .board import Board
from .errors import AmbiguousOrder, IllegalOrder
from .legality import MovementChecker, check_order, name, retreat_options
from .movement import _CONVOY, _MOVE, _SUP_HOLD, _SUP_MOVE, MovementAdjudicator
from .orders import Build, Disband, Hold, Order, Retreat, UnitOrder, Waive
from .resolution import Outcome, Resolution, Tag
from .types import Dislodged, Phase, PhaseKind, Position, Power, ProvinceId, Unit, UnitType
from .variant import Rules, Variant

log = logging.getLogger(__name__)

REPLACED = "replaced by a later order for the same unit"
"""The reason of an order that a later legal order for the same unit replaces (it is not followed)."""
NO_ORDER = "no order"
"""How the reason begins of the judge's own order for a unit given none (``no order: held``; a
variant's defaults too, such as Machiavelli's upkeep)."""
NO_RETREAT = "no retreat ordered"
"""How the reason begins of a dislodged unit's disbanding when it was given no retreat."""
CIVIL_DISORDER = "civil disorder"
"""How the reason begins of a removal the judge made for a power that ordered too few."""
DEFAULTS = (NO_ORDER, NO_RETREAT)
"""How the reason begins of the judge's own order for a unit given none (it held, was disbanded,
was maintained): the reports and the order files' verdicts tell these from the players' orders."""


@dataclass(frozen=True)
class PhaseResult:
    """What a phase decided."""

    position: Position
    """The position the phase started from."""
    resolutions: tuple[Resolution, ...]
    """One per order given (in the order given), then one per unit that had no order."""
    next_position: Position
    """The position at the start of the next phase with something to decide."""
    disbanded: tuple[Unit, ...] = ()
    """Units lost: dislodged with nowhere to go, failed or missing retreats, removals."""
    captures: tuple[tuple[ProvinceId, Power | None, Power], ...] = ()
    """Centres that changed owner: (centre, old owner, new owner)."""
    winner: Power | None = None
    notes: tuple[str, ...] = field(default=())
    """Sentences about what the judge decided on its own (civil disorder, skipped phases)."""


def _rejected(order: Order, exc: Exception) -> Resolution:
    outcome = Outcome.AMBIGUOUS if isinstance(exc, AmbiguousOrder) else Outcome.ILLEGAL
    verb = "not followed" if outcome is Outcome.AMBIGUOUS else "the unit holds" if isinstance(order, UnitOrder) else "not followed"
    msg = getattr(exc, "message", str(exc))
    return Resolution(order.power, order, outcome, f"{msg}; {verb}", text=str(order))


def adjudicate(variant: Variant, position: Position, orders: Sequence[Order]) -> PhaseResult:
    """Adjudicate one phase. ``orders`` are parsed orders (see :mod:`judge.notation`)."""
    custom = variant.rules.play_phase(variant, position, orders)
    if custom is not None:
        return custom
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return _movement(variant, position, orders)
    if kind is PhaseKind.RETREAT:
        return _retreats(variant, position, orders)
    return _adjustments(variant, position, orders)


def _checked(variant: Variant, position: Position, orders: Sequence[Order]) -> tuple[list[Resolution | None], dict]:
    """Check every order; later orders for the same unit replace earlier ones."""
    results: list[Resolution | None] = []
    by_unit: dict[tuple, int] = {}
    followed: dict[int, Order] = {}
    check: Callable[[Order], Order]
    if position.phase.kind is PhaseKind.MOVEMENT:
        check = MovementChecker(variant.board, position, variant.rules).check
    else:
        def check_other(order: Order) -> Order:
            return check_order(variant.board, position, order, variant.rules)
        check = check_other
    for idx, order in enumerate(orders):
        try:
            ok = check(order)
        except (IllegalOrder, AmbiguousOrder) as exc:
            results.append(_rejected(order, exc))
            continue
        results.append(None)
        key = (ok.power, ok.location.province, ok.kind.letter) if isinstance(ok, UnitOrder) else (ok.power, "waive", idx)
        prev = by_unit.get(key)
        if prev is not None:
            results[prev] = Resolution(ok.power, followed.pop(prev), Outcome.ILLEGAL, REPLACED)
        by_unit[key] = idx
        followed[idx] = ok
    return results, followed


# -- movement -----------------------------------------------------------------------------------


def _movement(variant: Variant, position: Position, orders: Sequence[Order]) -> PhaseResult:
    """A movement phase, in named steps: check the orders, give every field unit its order (a
    hold when it has none), adjudicate, move the units, say what became of every order, then
    either ask for retreats or close the phase."""
    results, followed = _checked(variant, position, orders)
    field_units = [u for u in position.units if u.kind is not UnitType.GARRISON]
    unit_orders, origin = _orders_of_units(field_units, followed)
    adj = MovementAdjudicator(variant.board, variant.rules, position, unit_orders)
    adj.decide()
    new_units, dislodged, beaten = _moved_units(adj, position, field_units, unit_orders)
    standoffs = _standoffs(adj, new_units)
    final = _movement_results(variant, adj, results, followed, field_units, origin, beaten)
    after = position.evolve(units=new_units, dislodged=(), standoffs=frozenset())
    keep, lost, notes = _retreats_due(variant.board, after, dislodged, standoffs)
    if keep:
        nxt = after.evolve(phase=variant.calendar.next_step(position.phase), dislodged=tuple(keep), standoffs=frozenset(standoffs))
        nxt = variant.rules.after_phase(variant, position, nxt)
        return PhaseResult(position, tuple(final), nxt, tuple(lost), notes=tuple(notes))
    return close_phase(variant, position, position.phase, after, tuple(final), lost, notes)


def _orders_of_units(field_units: list[Unit], followed: dict) -> tuple[list[UnitOrder], list[int | None]]:
    """Each field unit's order, and the index of the order given for it (``None`` when it had
    none or an illegal one: the unit holds, seed 003 section 4)."""
    order_of = {o.location.province: (idx, o) for idx, o in followed.items()}
    unit_orders: list[UnitOrder] = []
    origin: list[int | None] = []
    for u in field_units:
        given = order_of.get(u.location.province)
        if given is None:
            unit_orders.append(Hold(u.power, u.kind, u.location))
            origin.append(None)
        else:
            origin.append(given[0])
            unit_orders.append(given[1])
    return unit_orders, origin


def _moved_units(adj: MovementAdjudicator, position: Position, field_units: list[Unit],
                 unit_orders: list[UnitOrder]) -> tuple[list[Unit], list[Dislodged], list[int | None]]:
    """Where every unit ends up: the units on the board after the moves (garrisons stay), the
    dislodged units (with the province of their attacker, unless it came by convoy), and for each
    field unit the move that dislodged it, if any."""
    new_units: list[Unit] = []
    dislodged: list[Dislodged] = []
    beaten: list[int | None] = []
    result, kind, attacked = adj.result, adj.kind, adj.moves_to
    for i, u in enumerate(field_units):
        if result[i] and kind[i] == _MOVE:
            new_units.append(Unit(u.power, u.kind, unit_orders[i].destination))  # type: ignore[attr-defined]
            beaten.append(None)
            continue
        m = adj.dislodged_by(i) if u.location.province in attacked else None
        beaten.append(m)
        if m is None:
            new_units.append(u)
        else:
            dislodged.append(Dislodged(u, None if adj.convoyed[m] else adj.src[m]))
    if len(field_units) != len(position.units):
        new_units += [u for u in position.units if u.kind is UnitType.GARRISON]
    return new_units, dislodged, beaten


def _movement_results(variant: Variant, adj: MovementAdjudicator, results: list[Resolution | None], followed: dict,
                      field_units: list[Unit], origin: list[int | None], beaten: list[int | None]) -> list[Resolution]:
    """The resolutions of a movement phase: one per order, in the order given, then one per unit
    without an order."""
    text_of = _movement_resolutions(variant, adj, beaten)
    slots: list[Resolution | None] = results[:]  # rejected orders, and a slot for each followed one
    unordered: list[Resolution] = []
    placed = 0
    # A unit whose order was illegal or ambiguous holds; its order's own line says so, once.
    refused = {(r.order.power, r.order.location.province) for r in results
               if r is not None and r.outcome in (Outcome.ILLEGAL, Outcome.AMBIGUOUS) and isinstance(r.order, UnitOrder)}
    for i, idx in enumerate(origin):
        if idx is None:
            if (field_units[i].power, field_units[i].province) in refused:
                continue
            unordered.append(replace(text_of[i], reason=f"{NO_ORDER}: {text_of[i].reason}"))
        else:
            slots[idx] = text_of[i]
            placed += 1
    if len(followed) < len(results):
        _refused_but_dislodged(slots, results, field_units, origin, beaten)
    # A followed order that commands no field unit (another order took its unit's place) has
    # no resolution of its own.
    final: list[Resolution] = [r for r in slots if r is not None] if placed < len(followed) else slots  # type: ignore[assignment]
    final += unordered
    return final


def _refused_but_dislodged(slots: list[Resolution | None], results: list[Resolution | None], field_units: list[Unit],
                           origin: list[int | None], beaten: list[int | None]) -> None:
    """A unit whose order was illegal or ambiguous held instead: its order's line says whether it
    was dislodged."""
    for idx, r in enumerate(results):
        if r is not None and r.order is not None and r.outcome in (Outcome.ILLEGAL, Outcome.AMBIGUOUS) and isinstance(r.order, UnitOrder):
            j = next((k for k, u in enumerate(field_units) if u.province == r.order.location.province), None)
            if j is not None and beaten[j] is not None and origin[j] is None:
                slots[idx] = replace(r, tags=(Tag.DISLODGED,), reason=r.reason + "; dislodged")


def _retreats_due(board: Board, after: Position, dislodged: list[Dislodged],
                  standoffs: set[ProvinceId]) -> tuple[list[Dislodged], list[Unit], list[str]]:
    """The dislodged units that may retreat, and those disbanded at once because they have
    nowhere to go (no vacant neighbour that is not the attacker's origin or left vacant by a
    standoff), each with a note."""
    notes: list[str] = []
    lost: list[Unit] = []
    keep: list[Dislodged] = []
    probe = after.evolve(standoffs=frozenset(standoffs)) if dislodged else after
    for d in dislodged:
        if retreat_options(board, probe, d.unit, d.attacker_from):
            keep.append(d)
        else:
            lost.append(d.unit)
            notes.append(f"{d.unit.power}'s {d.unit.kind.noun} in {name(board, d.unit.province)} was dislodged with nowhere to retreat and is disbanded.")
    return keep, lost, notes


def _standoffs(adj: MovementAdjudicator, new_units: list[Unit]) -> set[ProvinceId]:
    """Provinces left vacant by a standoff: two or more moves that could have entered bounced."""
    contested = [(prov, moves) for prov, moves in adj.moves_to.items() if len(moves) > 1]
    if not contested:
        return set()
    occupied = {u.location.province for u in new_units}
    out: set[ProvinceId] = set()
    for prov, moves in contested:
        if prov in occupied or any(adj.result[m] for m in moves):
            continue
        if sum(1 for m in moves if adj.prevent_strength(m) > 0) >= 2:
            out.add(prov)
    return out


def _movement_resolutions(variant: Variant, adj: MovementAdjudicator, beaten: list[int | None]) -> list[Resolution]:
    """What became of each order of a movement phase (``beaten``: the move that dislodged each
    order's unit, if any), in words a player understands."""
    names = variant.board.names

    def name(province: ProvinceId) -> str:
        return names.get(province, province)

    out: list[Resolution] = []
    add = out.append
    orders, kinds, results, dests, convoyed = adj.orders, adj.kind, adj.result, adj.dest, adj.convoyed
    for i, o in enumerate(orders):
        k = kinds[i]
        ok = results[i]
        if beaten[i] is None:
            by = ""
            tags: tuple[Tag, ...] = ()
        else:
            m = orders[beaten[i]]  # type: ignore[index]
            by = f"dislodged by {m.power}'s {m.kind.noun} from {name(m.location.province)}"
            tags = (Tag.DISLODGED,)
        if k == _MOVE:
            dest: str = names.get(dests[i], dests[i])  # type: ignore[arg-type,assignment]
            # Whether it went by convoy was decided once, by the adjudicator; the resolution
            # carries it to whatever draws the move (Resolution.convoyed_by). A move by land,
            # the common case, is written as before, with no field to fill (make bench).
            if ok:
                if convoyed[i]:
                    add(Resolution(o.power, o, Outcome.SUCCESS, f"moved to {dest} by convoy", (), "", adj.convoy_fleets(i)))
                else:
                    add(Resolution(o.power, o, Outcome.SUCCESS, f"moved to {dest}"))
                continue
            first, reason = _move_failure(variant, adj, i, dest)
            add(Resolution(o.power, o, Outcome.FAILURE, reason + "; " + by if by else reason, (first, *tags), "",
                           adj.convoy_fleets(i) if convoyed[i] else None))
        elif k == _SUP_HOLD or k == _SUP_MOVE:
            add(_support_resolution(adj, i, by, tags, name))
        elif k == _CONVOY:
            if adj.void[i]:
                add(Resolution(o.power, o, Outcome.FAILURE, f"void: no army in {name(o.target)} moved to {name(dests[i])}", (Tag.VOID,)))  # type: ignore[attr-defined,arg-type]
            elif ok:
                add(Resolution(o.power, o, Outcome.SUCCESS, "convoy held", tags))
            else:
                add(Resolution(o.power, o, Outcome.FAILURE, "disrupted: " + (by or _disrupter(variant, adj, i, name)), (Tag.DISRUPTED, *tags)))
        elif by:
            add(Resolution(o.power, o, Outcome.FAILURE, by, tags))
        else:
            add(Resolution(o.power, o, Outcome.SUCCESS, "held"))
    return out


def _move_failure(variant: Variant, adj: MovementAdjudicator, i: int, dest: str) -> tuple[Tag, str]:
    """Why move ``i`` to ``dest`` (its full name) failed: a convoy paradox (Szykman rule), no
    convoy, a province the variant forbids it to enter, or a bounce."""
    if adj.paradox[i]:
        return Tag.PARADOX, "the convoy is part of a paradox and fails (Szykman rule)"
    if adj.no_convoy(i):
        return Tag.NO_CONVOY, "no convoy reached " + dest
    if adj._hook_enter and not variant.rules.may_enter(adj.position, adj.orders[i]) and adj.attack_strength(i) > 0:  # type: ignore[arg-type]
        return Tag.BOUNCE, f"may not enter {dest}"
    return Tag.BOUNCE, f"bounced: could not enter {dest}"


def _support_resolution(adj: MovementAdjudicator, i: int, by: str, tags: tuple[Tag, ...],
                        name: Callable[[ProvinceId], str]) -> Resolution:
    """What became of support ``i`` (``by``: who dislodged its unit, if anyone): void when the
    supported unit did not do what was supported, given, or cut."""
    o = adj.orders[i]
    if adj.void[i]:
        what = "hold" if adj.kind[i] == _SUP_HOLD else f"move to {name(adj.dest[i])}"  # type: ignore[arg-type]
        reason = f"void: the unit in {name(o.target)} did not {what}"  # type: ignore[attr-defined]
        return Resolution(o.power, o, Outcome.FAILURE, reason + ("; " + by if by else ""), (Tag.VOID, *tags))
    if adj.result[i]:
        return Resolution(o.power, o, Outcome.SUCCESS, "support given", tags)
    return Resolution(o.power, o, Outcome.FAILURE, by or "cut by an attack on the supporting unit", (Tag.CUT, *tags))


def _disrupter(variant: Variant, adj: MovementAdjudicator, i: int, name: Callable[[ProvinceId], str]) -> str:
    """Why the convoy of fleet ``i``, not dislodged, failed: an attack that the variant lets
    disrupt a convoy without dislodging the fleet (Maharajah's river fleets)."""
    for m in adj.moves_to.get(adj.src[i], ()):
        attacked = bool(adj.moves_to.get(adj.src[m]))
        if variant.rules.attack_disrupts_convoy(adj.position, adj.orders[m], adj.orders[i], attacked):  # type: ignore[arg-type]
            a = adj.orders[m]
            return f"attacked by {a.power}'s {a.kind.noun} from {name(a.location.province)}, which breaks the convoy although the fleet is not dislodged"
    return "the convoy was broken"  # pragma: no cover - a convoy fails only when dislodged or attacked so


# -- retreats -----------------------------------------------------------------------------------


def _retreats(variant: Variant, position: Position, orders: Sequence[Order]) -> PhaseResult:
    board = variant.board
    results, followed = _checked(variant, position, orders)
    wanted = _wanted_retreats(position, followed)
    targets: dict[ProvinceId, int] = {}
    for _, o in wanted.values():
        if isinstance(o, Retreat):
            targets[o.destination.province] = targets.get(o.destination.province, 0) + 1
    units = list(position.units)
    lost: list[Unit] = []
    final: list[Resolution | None] = list(results)
    extra: list[Resolution] = []
    for d in position.dislodged:
        u = d.unit
        if u not in wanted:
            lost.append(u)
            extra.append(Resolution(u.power, Disband(u.power, u.kind, u.location), Outcome.SUCCESS, f"{NO_RETREAT}: disbanded", (Tag.DISBANDED,)))
            continue
        idx, o = wanted[u]
        if isinstance(o, Retreat):
            if targets[o.destination.province] > 1:
                lost.append(u)
                final[idx] = Resolution(o.power, o, Outcome.FAILURE, f"bounced with another retreat to {name(board, o.destination.province)}: disbanded", (Tag.BOUNCE, Tag.DISBANDED))
            else:
                units.append(Unit(u.power, u.kind, o.destination))
                final[idx] = Resolution(o.power, o, Outcome.SUCCESS, f"retreated to {name(board, o.destination.province)}")
        else:
            lost.append(u)
            final[idx] = Resolution(o.power, o, Outcome.SUCCESS, "disbanded", (Tag.DISBANDED,))
    out = _illegal_retreats_disband(position, final, wanted, lost, extra)
    after = position.evolve(units=tuple(units), dislodged=(), standoffs=frozenset())
    return close_phase(variant, position, position.phase, after, tuple(out), lost, [])


def _wanted_retreats(position: Position, followed: dict[int, Order]) -> dict[Unit, tuple[int, UnitOrder]]:
    """Each dislodged unit with an order followed: the order's index and the order."""
    wanted: dict[Unit, tuple[int, UnitOrder]] = {}
    for idx, o in followed.items():
        u = next(d.unit for d in position.dislodged if d.unit.location == o.location and d.unit.power == o.power)  # type: ignore[attr-defined]
        wanted[u] = (idx, o)  # type: ignore[assignment]
    return wanted


def _illegal_retreats_disband(position: Position, final: list[Resolution | None], wanted: dict[Unit, tuple[int, UnitOrder]],
                              lost: list[Unit], extra: list[Resolution]) -> list[Resolution]:
    """Every resolution of the retreat phase: ``final`` (one per order) then ``extra`` (the units
    with no retreat ordered). An illegal retreat leaves the unit without a retreat: it is
    disbanded (seed 003 section 4), once (added to ``lost``), and said so by its order's
    resolution rather than by an extra one."""
    out: list[Resolution] = []
    for r in final:
        assert r is not None
        if r.outcome in (Outcome.ILLEGAL, Outcome.AMBIGUOUS) and isinstance(r.order, UnitOrder):
            gone = next((d.unit for d in position.dislodged if d.unit.location.province == r.order.location.province), None)
            if gone is not None and gone not in wanted and gone not in lost:
                lost.append(gone)
                r = replace(r, reason=r.reason.replace("the unit holds", "the unit is disbanded"), tags=(Tag.DISBANDED,))
                extra = [e for e in extra if not (e.order and e.order.location == gone.location)]  # type: ignore[attr-defined]
        out.append(r)
    return out + extra


# -- adjustments --------------------------------------------------------------------------------


def adjustment_counts(position: Position) -> dict[Power, int]:
    """Builds (positive) or removals (negative) each power is due: centres minus units."""
    counts: dict[Power, int] = dict(Counter(position.supply_centers.values()))
    for u in position.units:
        if u.kind is UnitType.GARRISON:
            continue
        counts[u.power] = counts.get(u.power, 0) - 1
    return counts


def build_sites(variant: Variant, position: Position, power: Power) -> list[ProvinceId]:
    """Centres where ``power`` could build now (vacant, and allowed by the variant's rules)."""
    occupied = position.unit_index()
    homes = variant.homes(power)
    return [
        p for p in position.centers_of(power)
        if p not in occupied and variant.rules.can_build_at(position, homes, power, p) is None
    ]


def has_adjustments(variant: Variant, position: Position) -> bool:
    """Does any power have a build it could make or a removal it must make?"""
    for power, delta in adjustment_counts(position).items():
        if delta < 0:
            return True
        if delta > 0 and build_sites(variant, position, power):
            return True
    return False


def _adjustments(variant: Variant, position: Position, orders: Sequence[Order]) -> PhaseResult:
    results, followed = _checked(variant, position, orders)
    ledger = _AdjustmentLedger(variant, position)
    final: list[Resolution] = []
    for idx, r in enumerate(results):
        if r is not None:
            final.append(r)
            continue
        o = followed[idx]
        if isinstance(o, (Build, Waive)):
            final.append(ledger.build(o))
        elif isinstance(o, Disband):
            final.append(ledger.remove(o))
        else:  # pragma: no cover - check_adjustment_order lets nothing else through
            final.append(Resolution(o.power, o, Outcome.ILLEGAL, "not an adjustment order"))
    notes = ledger.close(final)
    after = position.evolve(units=tuple(ledger.units))
    return close_phase(variant, position, position.phase, after, tuple(final), ledger.removed, notes)


class _AdjustmentLedger:
    """The builds and removals of an adjustment phase, taken order by order: what each power is
    due, what it has used, the units after each order."""

    def __init__(self, variant: Variant, position: Position) -> None:
        self.variant = variant
        self.position = position
        self.counts: dict[Power, int] = adjustment_counts(position)
        """Builds (positive) or removals (negative) each power is due."""
        self.used: dict[Power, int] = {}
        """Builds (waives too) or removals each power has made."""
        self.units: list[Unit] = list(position.units)
        self.removed: list[Unit] = []
        self.occupied: set[ProvinceId] = {u.province for u in position.units}
        """The provinces with a unit: the position's, and those built in so far."""

    def build(self, o: Build | Waive) -> Resolution:
        """A build or a waive: refused when the power has no build to make, has used them all, or
        (a build) may not build there or the place is taken."""
        p = o.power
        due = self.counts.get(p, 0)
        if due <= 0:
            return Resolution(p, o, Outcome.ILLEGAL, f"{p} has no build to make")
        if self.used.get(p, 0) >= due:
            return Resolution(p, o, Outcome.ILLEGAL, f"{p} has already used its {due} build(s)")
        done = Resolution(p, o, Outcome.SUCCESS, "build waived")
        if isinstance(o, Build):
            board = self.variant.board
            why = self.variant.rules.can_build_at(self.position, self.variant.homes(p), p, o.location.province)
            if why is None and o.location.province in self.occupied:
                why = "occupied"
            if why is not None:
                return Resolution(p, o, Outcome.ILLEGAL, f"cannot build in {name(board, o.location.province)}: {why}")
            self.occupied.add(o.location.province)
            self.units.append(Unit(p, o.kind, o.location))
            done = Resolution(p, o, Outcome.SUCCESS, f"built in {name(board, o.location.province)}")
        self.used[p] = self.used.get(p, 0) + 1
        return done

    def remove(self, o: Disband) -> Resolution:
        """A removal: refused when the power has no unit to remove, the unit is removed already,
        or the power has made all its removals."""
        p = o.power
        due = self.counts.get(p, 0)
        if due >= 0:
            return Resolution(p, o, Outcome.ILLEGAL, f"{p} has no unit to remove")
        unit = next(u for u in self.units if u.location == o.location and u.power == p)
        if unit in self.removed:
            return Resolution(p, o, Outcome.ILLEGAL, "already removed")
        if self.used.get(p, 0) >= -due:
            return Resolution(p, o, Outcome.ILLEGAL, f"{p} has already removed its {-due} unit(s)")
        self.removed.append(unit)
        self.units.remove(unit)
        self.used[p] = self.used.get(p, 0) + 1
        return Resolution(p, o, Outcome.SUCCESS, "removed", (Tag.DISBANDED,))

    def close(self, final: list[Resolution]) -> list[str]:
        """The phase's notes: builds left unused are waived; removals not ordered are made by
        civil disorder (their resolutions added to ``final``)."""
        notes: list[str] = []
        for p in sorted(self.counts):
            due = self.counts[p]
            left = abs(due) - self.used.get(p, 0)
            if due > 0 and left > 0:
                notes.append(f"{p} left {left} build(s) unused: waived.")
            elif due < 0 and left > 0:
                for unit in civil_disorder_removals(self.variant, [u for u in self.units if u.power == p], p, left):
                    self.units.remove(unit)
                    self.removed.append(unit)
                    final.append(Resolution(p, Disband(p, unit.kind, unit.location), Outcome.SUCCESS, f"{CIVIL_DISORDER}: removed, farthest from home", (Tag.DISBANDED,)))
                    notes.append(f"{p} did not order enough removals: its {unit.kind.noun} in {name(self.variant.board, unit.province)} is removed (civil disorder).")
        return notes


def civil_disorder_removals(variant: Variant, units: list[Unit], power: Power, count: int) -> list[Unit]:
    """The units removed when a power orders too few removals (the 2000 rulebook's rule, DATC
    4.D.8 and 6.J): farthest from its nearest home centre first; equal distances, fleets before
    armies, then by province id.

    A fleet's distance counts fleet moves from where it stands (its coast) to any coast of a home
    centre: fleets never cross land (DATC 6.J.5, 6.J.9). An army's counts steps through any
    province, seas too, as if convoyed (DATC 6.J.10). A unit that cannot reach a home centre at
    all counts as farthest.
    """
    homes = frozenset(variant.homes(power))
    board = variant.board
    army_dist = board.distances_from(sorted(homes)) if homes else {}
    far = math.inf

    def distance(u: Unit) -> float:
        if u.kind is UnitType.FLEET:
            d = board.fleet_distance(u.location, homes) if homes else None
            return far if d is None else d
        return army_dist.get(u.province, far)

    ranked = sorted(units, key=lambda u: (-distance(u), 0 if u.kind is UnitType.FLEET else 1, u.province))
    return ranked[:count]


# -- between phases -----------------------------------------------------------------------------


def close_phase(variant: Variant, start: Position, phase: Phase, after: Position, resolutions, lost, notes) -> PhaseResult:
    """Finish a phase: take centres if the season does, then find the next phase to play."""
    captures: list[tuple[ProvinceId, Power | None, Power]] = []
    cal = variant.calendar
    current = phase
    pos = after
    winner = None
    notes = list(notes)
    asks_needed = type(variant.rules).phase_needed is not Rules.phase_needed
    while True:
        if current.kind in (PhaseKind.MOVEMENT, PhaseKind.RETREAT) and variant.rules.captures_now(cal, current):
            nxt_kind = cal.next_step(current).kind
            # Captures happen once, after the season's last movement-or-retreat step.
            if nxt_kind not in (PhaseKind.RETREAT,) or current.kind is PhaseKind.RETREAT:
                pos, taken = _take_centres(variant, pos)
                captures += taken
                winner = variant.rules.winner(pos, variant.victory_centres)
        current = cal.next_step(current)
        wanted = variant.rules.phase_needed(variant, pos.evolve(phase=current)) if asks_needed else None
        if wanted is True:
            break
        if wanted is False:
            notes.append(f"{current} skipped: nothing to decide.")
            continue
        if current.kind is PhaseKind.RETREAT:
            continue  # nobody is dislodged, or we would not be here
        if current.kind is PhaseKind.ADJUSTMENT and not has_adjustments(variant, pos.evolve(phase=current)):
            notes.append(f"{current} skipped: no builds or removals.")
            continue
        break
    nxt = pos.evolve(phase=current, dislodged=(), standoffs=frozenset())
    nxt = variant.rules.after_phase(variant, start, nxt)
    return PhaseResult(start, tuple(resolutions), nxt, tuple(lost), tuple(captures), winner, tuple(notes))


def _take_centres(variant: Variant, pos: Position) -> tuple[Position, list]:
    owners = pos.supply_centers
    centres = variant.board.centre_set
    taken = []
    for u in pos.units:
        p = u.location.province
        if p in centres and owners.get(p) != u.power and u.kind is not UnitType.GARRISON:
            taken.append((p, owners.get(p), u.power))
    if not taken:
        return pos, taken
    owners = dict(owners)
    for p, _, power in taken:
        owners[p] = power
    return pos.evolve(supply_centers=owners), taken
