"""The geometry of what the renderer draws: points along lines, arrows, rings and crosses, and
the unit symbols (an army's cannon, a fleet's ship, a garrison's tower) as path steps.

Everything here is plain numbers: nothing reads the board or writes SVG elements. Points are
``(x, y)`` in map units, y downwards (:data:`judge.mapkit.Point`).
"""

from __future__ import annotations

import functools
import math
from typing import Any, Sequence

from ..core.types import UnitType
from ..mapkit import Point
from ..mapkit import decimal as _decimal
from ..mapkit import join_numbers as _join_numbers
from ..mapkit import n as _n

def _add(a: Point, b: Point, k: float = 1.0) -> Point:
    return a[0] + b[0] * k, a[1] + b[1] * k


def _unit_vec(a: Point, b: Point) -> Point:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    return dx / length, dy / length


def _normal(d: Point) -> Point:
    """The normal to the right of direction ``d`` (y grows downwards)."""
    return -d[1], d[0]


def _length(pts: Sequence[Point]) -> float:
    return sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(pts, pts[1:], strict=False))


def _point_at(pts: Sequence[Point], dist: float) -> tuple[Point, int]:
    """The point ``dist`` along the polyline, and the index of the segment it is on."""
    for i, (a, b) in enumerate(zip(pts, pts[1:], strict=False)):
        seg = math.hypot(b[0] - a[0], b[1] - a[1])
        if dist <= seg or i == len(pts) - 2:
            t = 0.0 if seg == 0 else max(0.0, min(1.0, dist / seg))
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), i
        dist -= seg
    return pts[-1], len(pts) - 2


def _trim(pts: Sequence[Point], start: float, end: float) -> list[Point]:
    """The polyline without its first ``start`` and last ``end`` units of length."""
    total = _length(pts)
    if total <= 0:
        return list(pts)
    if start + end > total * 0.8:
        k = total * 0.8 / (start + end)
        start, end = start * k, end * k
    p0, i0 = _point_at(pts, start)
    p1, i1 = _point_at(pts, total - end)
    return [p0, *pts[i0 + 1: i1 + 1], p1]


def _offset(pts: Sequence[Point], d: float) -> list[Point]:
    """The polyline moved ``d`` to its right, with mitred (and limited) corners."""
    out = []
    for i, p in enumerate(pts):
        normals = []
        if i > 0:
            normals.append(_normal(_unit_vec(pts[i - 1], p)))
        if i < len(pts) - 1:
            normals.append(_normal(_unit_vec(p, pts[i + 1])))
        nx, ny = sum(n[0] for n in normals), sum(n[1] for n in normals)
        length = math.hypot(nx, ny) or 1.0
        nx, ny = nx / length, ny / length
        cos = max(0.5, nx * normals[0][0] + ny * normals[0][1])
        out.append((p[0] + nx * d / cos, p[1] + ny * d / cos))
    return out


def _smooth(pts: Sequence[Point], rounds: int = 3) -> list[Point]:
    """Corner cutting (Chaikin), keeping both ends: a curve near the points."""
    pts = list(pts)
    for _ in range(rounds):
        if len(pts) < 3:
            break
        out = [pts[0]]
        for a, b in zip(pts, pts[1:], strict=False):
            out.append((a[0] * 0.75 + b[0] * 0.25, a[1] * 0.75 + b[1] * 0.25))
            out.append((a[0] * 0.25 + b[0] * 0.75, a[1] * 0.25 + b[1] * 0.75))
        out[1:2] = []
        out[-1:] = []
        pts = out + [pts[-1]]
    return pts


def _nearest(pts: Sequence[Point], p: Point) -> Point:
    """The point of the polyline nearest to ``p``."""
    best, best_d = pts[0], math.inf
    for a, b in zip(pts, pts[1:], strict=False):
        dx, dy = b[0] - a[0], b[1] - a[1]
        seg = dx * dx + dy * dy
        t = 0.0 if seg == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / seg))
        q = (a[0] + dx * t, a[1] + dy * t)
        d = math.hypot(q[0] - p[0], q[1] - p[1])
        if d < best_d - 1e-9:
            best, best_d = q, d
    return best


def _arrow(pts: Sequence[Point], half_width: float, head_length: float, head_half_width: float) -> list[Point]:
    """The outline of an arrow along a polyline: shaft and head as one polygon."""
    total = _length(pts)
    if head_length > total * 0.6:
        k = total * 0.6 / head_length
        head_length, head_half_width = head_length * k, head_half_width * max(k, 0.6)
    shaft = _trim(pts, 0.0, head_length) if len(pts) > 1 else list(pts)
    tip, base = pts[-1], shaft[-1]
    n = _normal(_unit_vec(base, tip))
    left, right = _offset(shaft, -half_width), _offset(shaft, half_width)
    return [*left, _add(base, n, -head_half_width), tip, _add(base, n, head_half_width), *reversed(right)]


def _head(tip: Point, direction: Point, length: float, half_width: float) -> list[Point]:
    base = _add(tip, direction, -length)
    n = _normal(direction)
    return [_add(base, n, -half_width), tip, _add(base, n, half_width)]


def _cross(c: Point, r: float) -> list[Point]:
    """An X of half-size ``r`` centred on ``c``, as one polygon."""
    t = r * 0.28
    plus = [(t, -r), (t, -t), (r, -t), (r, t), (t, t), (t, r), (-t, r), (-t, t), (-r, t), (-r, -t), (-t, -t), (-t, -r)]
    k = math.sqrt(0.5)
    return [(c[0] + (x - y) * k, c[1] + (x + y) * k) for x, y in plus]


def _ring(c: Point, outer: float, inner: float) -> str:
    """An annulus as one path (even-odd fill)."""
    def circle(r: float, sweep: int) -> str:
        return (f"M{_n(c[0] + r)} {_n(c[1])}A{_n(r)} {_n(r)} 0 1 {sweep} {_n(c[0] - r)} {_n(c[1])}"
                f"A{_n(r)} {_n(r)} 0 1 {sweep} {_n(c[0] + r)} {_n(c[1])}Z")
    return circle(outer, 0) + circle(inner, 1)


# Unit symbols, drawn for this project in a box from -1 to 1 (y downwards): a list of parts, each
# a polygon or a circle ``('circle', x, y, r)``. Parts are outlined one by one, so where they
# overlap the later part's outline shows.
_FLEET = [
    [(-1.0, 0.16), (1.0, 0.16), (0.7, 0.62), (-0.74, 0.62)],
    [(-0.1, -0.86), (-0.1, 0.08), (-0.82, 0.08)],
    [(0.06, -0.66), (0.06, 0.08), (0.66, 0.08)],
]


def _cannon() -> list:
    # A barrel pointing up and to the right, on a trail, with a wheel.
    a, b = (-0.78, 0.2), (0.92, -0.46)
    d = _unit_vec(a, b)
    n = _normal(d)
    barrel = [_add(a, n, -0.2), _add(b, n, -0.13), _add(b, n, 0.13), _add(a, n, 0.2)]
    muzzle_base = _add(b, d, -0.16)
    muzzle = [_add(muzzle_base, n, -0.19), _add(b, n, -0.19), _add(b, n, 0.19), _add(muzzle_base, n, 0.19)]
    trail = [(-0.2, 0.34), (-0.98, 0.62), (-0.98, 0.8), (-0.06, 0.58)]
    return [trail, barrel, muzzle, ("circle", -0.12, 0.42, 0.38), ("circle", -0.12, 0.42, 0.09)]


_ARMY = _cannon()
_GARRISON = [[
    (-0.62, 0.78), (-0.62, -0.34), (-0.8, -0.34), (-0.8, -0.8), (-0.46, -0.8), (-0.46, -0.58), (-0.17, -0.58),
    (-0.17, -0.8), (0.17, -0.8), (0.17, -0.58), (0.46, -0.58), (0.46, -0.8), (0.8, -0.8), (0.8, -0.34),
    (0.62, -0.34), (0.62, 0.78),
]]


_UNIT_CIRCLE = [(math.cos(k * math.pi / 16), math.sin(k * math.pi / 16)) for k in range(32)]
"""A circle as a 32-gon: within 0.5% of its radius (a fraction of a pixel at the sizes drawn),
and drawn as straight lines like everything else."""


def _outline(part: Any) -> list[Point]:
    """A part as a polygon (a circle as :data:`_UNIT_CIRCLE`)."""
    if part[0] != "circle":
        return list(part)
    _, cx, cy, r = part
    return [(cx + r * x, cy + r * y) for x, y in _UNIT_CIRCLE]


def _symbol(parts: list[Any], layers: list[list[int]]) -> tuple[list[list[Point]], list[list[list[Point]]]]:
    """A unit symbol as drawn: its halo (every part, one path) and its body, parts grouped into
    paths in drawing order. A path is filled, then outlined, so the parts of one path must not
    overlap, unless one lies within another (a path's nonzero fill fills both, and the outline of
    the inner one shows over the outer one, as if drawn after it)."""
    outlines = [_outline(p) for p in parts]
    return outlines, [[outlines[i] for i in layer] for layer in layers]


@functools.lru_cache(maxsize=64)
def _symbol_steps(kind: UnitType, size: int) -> list[list[tuple[int, int, str]]]:
    """A unit symbol of ``size`` tenths as path steps: the halo, then each path of the body, each
    a list of (first point's offset from the unit's point in tenths, the steps from it written as
    :func:`_path` writes them). The same for every unit of a kind and size: only the start moves."""
    outlines, layers = _SHAPES[kind]

    def polygons(parts: list[list[Point]]) -> list[tuple[int, int, str]]:
        out = []
        for part in parts:
            pts = [(round(x * size), round(y * size)) for x, y in part]
            steps: list[str] = []
            for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
                steps += [_decimal(x1 - x0), _decimal(y1 - y0)]
            out.append((pts[0][0], pts[0][1], _join_numbers(steps)))
        return out

    return [polygons(outlines), *(polygons(layer) for layer in layers)]


_SHAPES = {
    # The cannon: trail and barrel apart, then the muzzle over the barrel with the wheel over both
    # (the muzzle and the wheel apart) and the hub within the wheel.
    UnitType.ARMY: _symbol(_ARMY, [[0, 1], [2, 3, 4]]),
    UnitType.FLEET: _symbol(_FLEET, [[0, 1, 2]]),  # hull and sails apart
    UnitType.GARRISON: _symbol(_GARRISON, [[0]]),
}

