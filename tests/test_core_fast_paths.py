"""The movement path's shortcuts decide exactly what the general code decides (issue 2).

Each shortcut (a set lookup for the usual orders, unopposed orders settled before guessing, a
convoy route remembered once its fleets are decided, positions re-sorted only where changed,
calendar steps looked up once) is checked here against the general rule it stands for, over the
whole standard board or over random games. No timing here: speed is measured by ``make bench``.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from helpers_random import movement_phases, standard
from judge.core.errors import AmbiguousOrder, IllegalOrder
from judge.core.legality import MovementChecker
from judge.core.movement import MovementAdjudicator
from judge.core.orders import Hold, Move
from judge.core.phases import adjudicate
from judge.core.types import Location, Phase, PhaseKind, Position, Power, ProvinceId, Unit, UnitType
from judge.core.variant import STANDARD_CALENDAR, Rules
from judge.variants import find_variant

SPRING = Phase(1901, "Spring", PhaseKind.MOVEMENT)
P = Power("England")


def _verdict(fn):
    try:
        return ("ok", str(fn()))
    except (IllegalOrder, AmbiguousOrder) as exc:
        return (type(exc).__name__, exc.message)


def _unit_places(board):
    places = [(UnitType.ARMY, Location(p)) for p, prov in board.provinces.items() if prov.terrain.value in ("land", "coast")]
    places += [(UnitType.FLEET, loc) for loc in board.fleet_edges]
    return places


@pytest.mark.parametrize("variant_name", ["standard", "maharajah", "europe1615"])
def test_rule_move_legality_fast_lookup_equals_general_check(variant_name):
    """Legality of a move (rulebook: one step to an adjacent place, fleets along coasts, armies
    not to sea): ``board.steps`` gives the general check's answer for every unit and every
    destination written with and without a coast."""
    v = find_variant(variant_name)
    board = v.board
    rng = random.Random(7)
    dests = [Location(p) for p in board.provinces] + [Location(p, c) for p, prov in board.provinces.items() for c in prov.coasts]
    checked = 0
    for kind, at in _unit_places(board):
        pos = Position(v.name, SPRING, (Unit(P, kind, at),), {})
        checker = MovementChecker(board, pos, v.rules)
        for dest in rng.sample(dests, min(40, len(dests))):
            for via in (False, True):
                order = Move(P, kind, at, dest, via)
                fast = _verdict(lambda: checker.check(order))
                slow = _verdict(lambda: checker._move(order, pos.units[0], at.province))
                assert fast == slow, (order, fast, slow)
                checked += 1
    assert checked > 1000


@pytest.mark.parametrize("variant_name", ["standard", "maharajah"])
def test_rule_support_reach_fast_lookup_equals_board_can_reach(variant_name):
    """A unit may support into a province it could move to, a fleet into any coast of it
    (rulebook): ``board.reaches`` answers as ``Board.can_reach`` for every unit and province."""
    board = find_variant(variant_name).board
    for kind, at in _unit_places(board):
        for p in board.provinces:
            assert ((kind.letter, at.province, at.coast, p) in board.reaches) == board.can_reach(kind, at, p)


def test_kruijswijk_shortcuts_decide_as_the_general_resolver():
    """Kruijswijk's guess-and-check decides every order: settling unopposed orders first and
    remembering decided convoy routes gives the same decision for each order of 300 random
    phases (with convoys, supports, standoffs and head-to-head battles)."""
    v = standard()
    for pos, orders in movement_phases(300, seed=3, years=10):
        checker = MovementChecker(v.board, pos, v.rules)
        by_place = {}
        for o in orders:
            try:
                ok = checker.check(o)
            except (IllegalOrder, AmbiguousOrder):
                continue
            by_place[ok.location.province] = ok
        unit_orders = [by_place.get(u.province, Hold(u.power, u.kind, u.location)) for u in pos.units]
        fast = MovementAdjudicator(v.board, v.rules, pos, unit_orders)
        slow = MovementAdjudicator(v.board, v.rules, pos, unit_orders, shortcuts=False)
        assert fast.run() == slow.run(), str(pos)


def test_position_evolve_equals_a_new_position():
    """A position is the same whether built anew or evolved from another (units, centres,
    dislodged units and standoffs in canonical order), and the unit index follows the units."""
    v = standard()
    for pos, orders in movement_phases(20, seed=5, years=3):
        nxt = adjudicate(v, pos, orders).next_position
        base = Position(pos.variant, pos.phase, pos.units, pos.supply_centers)
        base.units_at(ProvinceId("PAR"))  # fill the index, which must not leak into the copy
        changed = base.evolve(units=list(reversed(nxt.units)), supply_centers=dict(reversed(list(nxt.supply_centers.items()))),
                              phase=nxt.phase, standoffs={ProvinceId("BUR")})
        fresh = Position(pos.variant, nxt.phase, nxt.units, nxt.supply_centers, standoffs=frozenset({ProvinceId("BUR")}))
        assert changed == fresh
        assert list(changed.supply_centers) == list(fresh.supply_centers)
        for u in nxt.units:
            assert changed.units_at(u.province) == fresh.units_at(u.province)
        assert dataclasses.replace(base, phase=nxt.phase) == base.evolve(phase=nxt.phase)
        with pytest.raises(TypeError):
            base.evolve(colour="red")


@pytest.mark.parametrize("variant_name", ["standard", "machiavelli", "maharajah", "europe1615"])
def test_calendar_next_step_follows_the_steps_in_order(variant_name):
    """A variant's calendar: each step is followed by the next one, the last by the first of
    the next year."""
    cal = find_variant(variant_name).calendar
    for i, (season, kind) in enumerate(cal.steps):
        nxt = cal.next_step(Phase(1901, season, kind))
        if i + 1 < len(cal.steps):
            assert (nxt.year, nxt.season, nxt.kind) == (1901, *cal.steps[i + 1])
        else:
            assert (nxt.year, nxt.season, nxt.kind) == (1902, *cal.steps[0])
    with pytest.raises(ValueError):
        STANDARD_CALENDAR.next_step(Phase(1901, "Summer", PhaseKind.MOVEMENT))


def test_rules_hooks_overridden_are_still_asked():
    """A variant's hook is still asked when it overrides one (here strength: a supported attack
    counts one more), though the standard ones are answered without a call."""

    class Elite(Rules):
        def strength_bonus(self, position, order, role):
            return 1 if role == "attack" and order.power == "France" else 0

    v = standard()
    F, G = Power("France"), Power("Germany")
    pos = Position("standard", SPRING, (Unit(F, UnitType.ARMY, Location(ProvinceId("PAR"))),
                                        Unit(G, UnitType.ARMY, Location(ProvinceId("BUR")))), {})
    orders = [Move(F, UnitType.ARMY, Location(ProvinceId("PAR")), Location(ProvinceId("BUR"))), Hold(G, UnitType.ARMY, Location(ProvinceId("BUR")))]
    plain = adjudicate(v, pos, orders)
    assert {str(u) for u in plain.next_position.units} == {"A PAR", "A BUR"}
    elite = dataclasses.replace(v, rules=Elite())
    result = adjudicate(elite, pos, orders)
    assert {str(u) for u in result.next_position.units} == {"A BUR"}
    assert [str(d.unit) for d in result.next_position.dislodged] == ["A BUR"]
