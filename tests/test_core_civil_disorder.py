"""Civil disorder: which units go when a power orders too few removals (README, DATC 4.D.8).

The rule: farthest from the nearest home centre first; a fleet counts fleet moves from its coast to
any coast of a home centre (it never crosses land, DATC 6.J.5 and 6.J.9), an army counts steps
through any province, seas too (DATC 6.J.10); equal distances, fleets first, then by province.
The DATC's own cases 6.J.1-6.J.11 run in ``tests/test_datc.py``; these add cases where counting a
fleet's steps over land would give another answer.
"""

from __future__ import annotations

from helpers_random import standard
from judge.core.board import Board, Province, Terrain
from judge.core.phases import adjudicate, civil_disorder_removals
from judge.core.types import Location, Phase, PhaseKind, Position, Power, ProvinceId, Unit, UnitType

A, F = UnitType.ARMY, UnitType.FLEET
WINTER = Phase(1901, "Winter", PhaseKind.ADJUSTMENT)


def _left(power: str, units: list[tuple[UnitType, str]], centres: list[str]) -> set[str]:
    """Units of ``power`` standing after a Winter in which it ordered nothing."""
    p = Power(power)
    pos = Position("standard", WINTER, tuple(Unit(p, k, Location.parse(at)) for k, at in units), {ProvinceId(c): p for c in centres})
    result = adjudicate(standard(), pos, [])
    return {str(u) for u in result.next_position.units}


def test_civil_disorder_fleet_distance_counts_fleet_moves_not_land_steps():
    """F MAR is 3 fleet moves from Rome (MAR-LYO-TYS-ROM), though 2 steps over land to Venice;
    A BUR is 3 steps from Venice: equal, so the fleet goes (fleets first)."""
    assert _left("Italy", [(F, "MAR"), (A, "BUR")], ["NAP"]) == {"A BUR"}


def test_civil_disorder_fleet_distance_is_from_its_own_coast():
    """A fleet on Spain's south coast is 1 move from Marseilles; on the north coast 2 (via the
    Mid-Atlantic to Brest). A RUH is 2 steps from Paris or Marseilles."""
    assert _left("France", [(F, "SPA/SC"), (A, "RUH")], ["PAR"]) == {"F SPA/SC"}
    assert _left("France", [(F, "SPA/NC"), (A, "RUH")], ["PAR"]) == {"A RUH"}


def test_civil_disorder_fleet_reaches_a_home_at_either_coast():
    """St Petersburg is reached at its north coast from Norway (1 move) as at its south coast
    from the Gulf of Bothnia (1 move): F NWY and F BOT tie, Bothnia goes first by name."""
    assert _left("Russia", [(F, "NWY"), (F, "BOT")], ["STP"]) == {"F NWY"}


def test_civil_disorder_army_counts_steps_over_water():
    """An army may count a sea crossing (DATC 6.J.10): A TUN is 2 steps from Naples
    (TUN-ION-NAP), A BOH 2 from Venice (BOH-TYR-VEN): equal, so by province, BOH goes."""
    assert _left("Italy", [(A, "TUN"), (A, "BOH")], ["ROM"]) == {"A TUN"}


def test_civil_disorder_removes_farthest_first_across_kinds():
    """Several removals: farthest first whatever the kind, ties fleets first."""
    v = standard()
    p = Power("England")
    units = [Unit(p, F, Location.parse("ION")), Unit(p, A, Location.parse("YOR")), Unit(p, A, Location.parse("MUN")), Unit(p, F, Location.parse("NTH"))]
    gone = civil_disorder_removals(v, units, p, 2)
    # F ION: 5 fleet moves (ION-TYS-WES-MAO-ENG-LON); A MUN: 4 steps (MUN-RUH-HOL-NTH-LON);
    # A YOR and F NTH: 1.
    assert gone[0] == units[0]
    assert gone[1] == units[2]


def _isolated_board() -> Board:
    """Two seas joined to each other, a coastal home on one, and a lake no fleet can leave."""
    provs = [
        Province(ProvinceId("HOM"), "Home", Terrain.COAST, True),
        Province(ProvinceId("SEA"), "Sea", Terrain.SEA),
        Province(ProvinceId("FAR"), "Far Sea", Terrain.SEA),
        Province(ProvinceId("LAK"), "Lake", Terrain.SEA),
        Province(ProvinceId("INL"), "Inland", Terrain.LAND),
    ]
    L = lambda p: Location(ProvinceId(p))  # noqa: E731
    army = {ProvinceId("HOM"): {ProvinceId("INL")}, ProvinceId("INL"): {ProvinceId("HOM")}}
    fleet = {
        L("HOM"): {L("SEA")}, L("SEA"): {L("HOM"), L("FAR")}, L("FAR"): {L("SEA")}, L("LAK"): set(),
    }
    return Board(provs, army, fleet)


def test_board_fleet_distance_counts_fleet_moves_and_none_when_unreachable():
    """Fleet distance: 0 at home, one per fleet move, ``None`` where no fleet route leads home."""
    b = _isolated_board()
    homes = {ProvinceId("HOM")}
    assert b.fleet_distance(Location(ProvinceId("HOM")), homes) == 0
    assert b.fleet_distance(Location(ProvinceId("FAR")), homes) == 2
    assert b.fleet_distance(Location(ProvinceId("LAK")), homes) is None
