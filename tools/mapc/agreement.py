"""Compare the drawn borders with the board's adjacencies.

Two provinces are "drawn adjacent" when their regions share a border at least `min_border`
pixels long, so that points where four provinces meet do not count. They are "adjacent in the
rules" when any army or fleet edge joins them (coasts collapsed to the province). Impassable
provinces have no edges by definition; their borders are listed apart.
"""

from __future__ import annotations

import dataclasses

import shapely

from boardfile import Board


def measure_borders(regions: dict, tolerance: float = 0.3) -> dict[frozenset[str], float]:
    """Length of the border shared by each pair of touching regions (map pixels)."""
    ids = sorted(regions)
    geometries = [regions[i] for i in ids]
    tree = shapely.STRtree(geometries)
    outlines = [g.boundary for g in geometries]
    lengths = {}
    for i, geometry in enumerate(geometries):
        halo = None
        for j in tree.query(geometry.buffer(tolerance * 2), predicate="intersects"):
            j = int(j)
            if j <= i:
                continue
            if halo is None:
                halo = geometry.buffer(tolerance)
            length = float(shapely.intersection(outlines[j], halo).length)
            if length > 0:
                lengths[frozenset((ids[i], ids[j]))] = length
    return lengths


@dataclasses.dataclass(frozen=True, slots=True)
class Agreement:
    """The outcome of the comparison; pairs are sorted tuples of province ids."""

    provinces: int
    rules: list[tuple[str, str]]
    drawn: list[tuple[str, str]]
    not_drawn: list[tuple[str, str]]
    not_in_rules: list[tuple[str, str]]
    impassable: list[tuple[str, str]]
    lengths: dict[frozenset[str], float]

    @property
    def rules_drawn_percent(self) -> float:
        """Share of the rule adjacencies drawn as borders."""
        return 100.0 * (len(self.rules) - len(self.not_drawn)) / max(1, len(self.rules))

    @property
    def drawn_in_rules_percent(self) -> float:
        """Share of the drawn borders that are rule adjacencies."""
        return 100.0 * (len(self.drawn) - len(self.not_in_rules)) / max(1, len(self.drawn))


def get_agreement(board: Board, lengths: dict[frozenset[str], float], min_border: float) -> Agreement:
    """Compare `lengths` (from `measure_borders`) with the board."""
    impassable = {pid for pid, p in board.provinces.items() if p.terrain == "impassable"}
    rules = sorted(tuple(sorted(pair)) for pair in board.adjacent)
    drawn_all = sorted(
        tuple(sorted(pair)) for pair, length in lengths.items() if length >= min_border and len(pair) == 2
    )
    drawn = [pair for pair in drawn_all if not set(pair) & impassable]
    rule_set, drawn_set = set(rules), set(drawn)
    return Agreement(
        provinces=len(board.provinces),
        rules=rules,
        drawn=drawn,
        not_drawn=[pair for pair in rules if pair not in drawn_set],
        not_in_rules=[pair for pair in drawn if pair not in rule_set],
        impassable=[pair for pair in drawn_all if set(pair) & impassable],
        lengths=lengths,
    )
