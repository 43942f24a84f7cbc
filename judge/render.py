"""Maps: a position, with the orders of its phase and their results, drawn on the variant's map.

:func:`render_svg` is a pure function: a variant, a position and (optionally) the resolutions of
the phase played from it give the SVG text, the same bytes for the same input. It reads the
variant's base map ``variants/<name>/map.svg`` (drawn by ``tools/mapc``, whose contract is in
``tools/mapc/svgout.py``), colours the supply centres' provinces by owner, and draws on it:

- units at their anchors (``u-XXX``, ``u-XXX-NC``): armies as cannons, fleets as ships, garrisons
  as towers, in the owner's colour; dislodged units of a retreat phase offset and outlined in red,
  with the places they may retreat to ringed in red; a province label a unit would cover is moved
  just below (or above) it;
- orders as arrows and lines: a move is a filled arrow (light and dashed, with a red cross, when it
  failed); a support is a dashed line to the middle of the supported move, or to a ring around
  the supported unit; a convoy is a dotted line from the fleet to the convoyed army's path, which
  curves through the convoying fleets; a hold is a ring; a build is the new unit on a halo; a
  disband or removal a red cross; a retreat an arrow. Orders that were illegal, ambiguous or not
  understood are not drawn (or drawn grey, ``style={'illegal': 'grey'}``); units that had no
  order are not given a hold ring. A variant's own order for a unit (Machiavelli's besiege, lift
  siege, convert, maintain) is its verb in a tag under the unit.
- a title bar and a legend (each power's colour, centres and units; pseudo-powers that no player
  plays, such as Europe 1615's minor states, counted together);
- a variant's own state, by its layer (a :class:`judge.mapkit.Layer` its description names,
  reading the variant's typed state, ``Position.state``): Machiavelli's province and city control apart, city values, autonomous
  garrisons and sieges; Europe 1615's domains, aligned and neutral minor states (hatching), held
  states (a dashed edge), confessional and capture markers (white, red, black); Maharajah's
  rivers drawn bold and a magnified callout of the Hooghly mouth. Patterns are drawn in user
  space without transforms (the callout's transform is on a group, never on a pattern), text has
  px sizes, and nothing uses markers or filters, within cairosvg's limits.

Every element the renderer adds has a stable id (``unit-England-LON``, ``order-3``,
``dislodged-Austria-TRI``...); coordinates are rounded to 0.1. Text comes in only through
:mod:`xml.etree`, which escapes it. cairosvg is imported only by :func:`to_png`.

What a game stores of a phase is the PNG (:mod:`judge.store.artifacts`); the SVG is what it is
drawn from, and its cost is the tick's: it is written to be drawn quickly by cairosvg, whose time
goes per element and per path point. So the base map leaves out what is not seen (the seas'
coastlines, hidden under the land; the anchors), elements drawn alike share the classes of one
style sheet, a unit is a few paths, every path is written as mapc writes the base map, and
:func:`to_png` reads such paths itself, keeping the base map's from one map to the next of a
process, and writes plain texts in one call each (the pixels are cairosvg's own: a test draws
every variant's map both ways).

The command ``judge render POSITION.yaml [ORDERS.txt] -o map.svg|map.png`` is :data:`render_cmd`.
"""

from __future__ import annotations

import atexit
import contextlib
import copy
import dataclasses
import functools
import math
import re
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

import click

from .core.board import Terrain
from .core.errors import JudgeError, RenderError
from .core.orders import Build, Convoy, Disband, Hold, Move, Retreat, SupportHold, SupportMove, UnitOrder
from .core.resolution import Outcome, Resolution, Tag
from .core.types import Location, PhaseKind, Position, Power, ProvinceId, Unit, UnitType
from .core.variant import Variant
from .mapkit import Layer, Point
from .mapkit import css as _css
from .mapkit import decimal as _decimal
from .mapkit import ident as _ident
from .mapkit import join_numbers as _join_numbers
from .mapkit import mix as _mix
from .mapkit import n as _n
from .mapkit import path as _path
from .mapkit import steps_path as _steps_path
from .mapkit import sub_el as _sub_el

__all__ = [
    "DEFAULT_STYLE", "BaseMap", "load_base_map", "render_svg", "to_png", "render_cli", "render_cmd",
]

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"

DEFAULT_STYLE: Mapping[str, Any] = {
    "font_family": "'DejaVu Sans', 'Bitstream Vera Sans', Verdana, sans-serif",
    # Half the width of a unit symbol, in map units; None: from the spacing of the unit anchors.
    "unit_size": None,
    # Multiplies the automatic unit size.
    "unit_scale": 1.0,
    # How much white is mixed into a power's colour to fill its centres' provinces (0: none).
    "territory_tint": 0.45,
    "outline": "#1d1d1d",
    "halo": "#ffffff",
    # The cross on failed orders, and the outline of dislodged units.
    "failed": "#d42020",
    "neutral_centre": "#f5f2ea",
    "background": "#ffffff",
    "text": "#202020",
    "muted_text": "#6a6a6a",
    "build_halo": "#fff3a8",
    # 'hide' orders that were illegal, ambiguous or not understood, or 'grey' them.
    "illegal": "hide",
    "illegal_colour": "#8f8f8f",
    "title": True,
    "legend": True,
    # Legend font size in map units; None: from the map's width (the title is 1.7 times it).
    "font_size": None,
}
"""The renderer's options; pass a mapping with some of these keys as ``style`` to change them."""

_NOT_DRAWN_OUTCOMES = (Outcome.ILLEGAL, Outcome.AMBIGUOUS, Outcome.INVALID)


# -- the base map -------------------------------------------------------------------------------


@dataclass(frozen=True)
class BaseMap:
    """A variant's drawn map, read once: the element tree (never changed; copied per render), the
    view box, the anchors by id and the unit size that suits the map's spacing."""

    root: ET.Element
    view: tuple[float, float, float, float]
    anchors: Mapping[str, tuple[float, float]]
    unit_size: float
    precise: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """The exact outline (``d``) of each province drawn coarsely (a sea under the land: see
    :func:`_compact_base`), for a layer that colours it."""


def _strip_namespace(root: ET.Element) -> None:
    """Drop the SVG namespace from tags (the root gets a plain ``xmlns``), so added elements are
    plain names and the output keeps a default namespace instead of ``ns0:`` prefixes."""
    for el in root.iter():
        if isinstance(el.tag, str) and el.tag.startswith("{" + SVG_NS + "}"):
            el.tag = el.tag[len(SVG_NS) + 2:]
        for key in [k for k in el.attrib if k.startswith("{" + XLINK_NS + "}")]:
            el.attrib["xlink:" + key[len(XLINK_NS) + 2:]] = el.attrib.pop(key)
    root.set("xmlns", SVG_NS)
    if any(k.startswith("xlink:") for el in root.iter() for k in el.attrib):
        root.set("xmlns:xlink", XLINK_NS)


@functools.lru_cache(maxsize=16)
def parse_base_map(text: str) -> BaseMap:
    """Read a base map's SVG text (cached by text). RenderError when it breaks the contract."""
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise RenderError(f"the base map is not valid XML: {exc}") from None
    _strip_namespace(root)
    if root.tag != "svg":
        raise RenderError("the base map's root element is not <svg>")
    try:
        view = tuple(float(v) for v in root.get("viewBox", "").replace(",", " ").split())
        if len(view) != 4 or view[2] <= 0 or view[3] <= 0:
            raise ValueError
    except ValueError:
        raise RenderError("the base map has no usable viewBox ('0 0 W H')") from None
    anchors: dict[str, tuple[float, float]] = {}
    group = next((g for g in root.iter("g") if g.get("id") == "anchors"), None)
    if group is None:
        raise RenderError("the base map has no <g id='anchors'>")
    for c in group.iter("circle"):
        aid = c.get("id")
        if aid:
            anchors[aid] = (float(c.get("cx", 0)), float(c.get("cy", 0)))
    units = sorted(p for k, p in anchors.items() if k.startswith("u-") and k.count("-") == 1)
    precise = _compact_base(root, view)
    return BaseMap(root, view, anchors, _auto_unit_size(units, view), precise)


def _auto_unit_size(points: list[tuple[float, float]], view: tuple[float, ...]) -> float:
    """A unit size from the median distance between neighbouring unit anchors."""
    width = view[2]
    if len(points) < 2:
        return width / 60
    # Each anchor's nearest neighbour, looking only as far along x as the nearest found so far.
    pts = sorted(points)
    nearest = []
    for i, (x, y) in enumerate(pts):
        best = math.inf
        for side in (range(i + 1, len(pts)), range(i - 1, -1, -1)):
            for j in side:
                u, v = pts[j]
                if abs(u - x) >= best:
                    break
                best = min(best, math.hypot(x - u, y - v))
        nearest.append(best)
    nearest.sort()
    median = nearest[len(nearest) // 2]
    return min(max(median * 0.27, width / 140), width / 45)


# -- the base map as each map carries it -------------------------------------------------------------
#
# Every map holds the whole base map (an SVG shown as an image cannot reference another file), and
# tools/mapc writes it complete. Two things of it are not seen, and are left out of each map:
#
# - the seas' exact outlines: with the mapc contract (``<g id="borders">`` draws every border, the
#   provinces only fill), a sea's fill is the sea colour of a rectangle under the whole map, and
#   every land province is drawn over it exactly, so a sea's outline along the coast, the longest
#   and most detailed line of the map, is hidden. A sea is kept within ``_SEA_TOLERANCE`` of its
#   outline on a 1-unit grid (it stays a province of the drawing, with its id), which spares
#   cairo a third of the map's points; a layer that colours a sea gets its exact outline back
#   (:attr:`BaseMap.precise`);
# - the anchors (the renderer reads them once; nothing shows them).

_SEA_TOLERANCE = 80
"""A sea's coarse outline stays within this many tenths of a unit (8) of the exact one..."""
_SEA_GRID = 10
"""... on a grid of this many tenths (1)."""
_PATH_TOKEN = re.compile(r"[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_MAPC_SUBPATH = re.compile(r"M(-?[\d.]+) (-?[\d.]+)l([-\d. ]*)(z?)")
_MAPC_PATH = re.compile(r"(?:M-?[\d.]+ -?[\d.]+l[-\d. ]*z?)+")
_NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)")

Polyline = tuple[list[tuple[int, int]], bool]
"""A subpath of straight lines: its points in tenths of a unit, and whether it is closed."""


PathOp = tuple[str, float, float]
"""A step of a path of straight lines: ``M``/``m`` move, ``L``/``l`` line (absolute/relative),
``Z`` close (its numbers unused)."""


def _path_ops(d: str) -> list[PathOp] | None:
    """The steps of a path made of straight lines (M, L, H, V, Z, absolute or relative), each as
    cairosvg draws it (H and V as lines); None for a path with curves or arcs, or one that cannot
    be read."""
    if _MAPC_PATH.fullmatch(d):  # the form mapc writes, read at C speed
        fast: list[PathOp] = []
        for x, y, steps, z in _MAPC_SUBPATH.findall(d):
            fast.append(("M", float(x), float(y)))
            numbers = [float(v) for v in _NUMBER.findall(steps)]
            fast += [("l", a, b) for a, b in zip(numbers[0::2], numbers[1::2], strict=True)]
            if z:
                fast.append(("Z", 0.0, 0.0))
        return fast
    tokens = _PATH_TOKEN.findall(d)
    ops: list[PathOp] = []
    x = y = 0.0  # the current point, for H and V
    start = (0.0, 0.0)
    cmd = ""
    i = 0
    try:
        while i < len(tokens):
            t = tokens[i]
            if t.isalpha():
                if t not in "MmLlHhVvZz":
                    return None
                cmd, i = t, i + 1
                if cmd in "Zz":
                    ops.append(("Z", 0.0, 0.0))
                    x, y = start
                continue
            if not cmd:
                return None
            if cmd in "HhVv":
                v, i = float(t), i + 1
                if cmd == "h":
                    ops.append(("l", v, 0.0))
                    x += v
                elif cmd == "v":
                    ops.append(("l", 0.0, v))
                    y += v
                else:
                    x, y = (v, y) if cmd == "H" else (x, v)
                    ops.append(("L", x, y))
                continue
            a, b = float(t), float(tokens[i + 1])
            i += 2
            ops.append((cmd.upper() if cmd in "ML" else cmd, a, b))
            x, y = (x + a, y + b) if cmd in "ml" else (a, b)
            if cmd in "Mm":
                start = (x, y)
                cmd = "l" if cmd == "m" else "L"  # further pairs are lines
    except (ValueError, IndexError):
        return None
    return ops


def _line_subpaths(d: str) -> list[tuple[list[tuple[float, float]], bool]] | None:
    """The subpaths of a path of straight lines (:func:`_path_ops`) as absolute points, each with
    whether it is closed."""
    ops = _path_ops(d)
    if ops is None:
        return None
    subs: list[tuple[list[tuple[float, float]], bool]] = []
    pts: list[tuple[float, float]] = []
    x = y = 0.0
    for op, a, b in ops:
        if op == "Z":
            if pts:
                subs.append((pts, True))
                x, y = pts[0]
            pts = []
            continue
        x, y = (x + a, y + b) if op in "ml" else (a, b)
        if op in "Mm":
            if pts:
                subs.append((pts, False))
            pts = [(x, y)]
        elif pts:
            pts.append((x, y))
        else:
            pts = [(x, y)]  # a line after a close starts from the closed subpath's start
    if pts:
        subs.append((pts, False))
    return subs


def _polylines(d: str) -> list[Polyline] | None:
    """:func:`_line_subpaths` in tenths of a unit."""
    lines = _line_subpaths(d)
    if lines is None:
        return None
    return [([(round(x * 10), round(y * 10)) for x, y in pts], closed) for pts, closed in lines]


def _format_polylines(subs: Sequence[Polyline], grid: int) -> str:
    """Path data of the subpaths on a grid of ``grid`` tenths, as :func:`_path` writes it;
    points that meet on the grid are merged, and a subpath that shrinks to a point (an islet
    smaller than the grid) is left out."""
    out = []
    for pts, closed in subs:
        q: list[tuple[int, int]] = []
        last = None
        for x, y in pts:
            p = (round(x / grid) * grid, round(y / grid) * grid)
            if p != last:
                q.append(p)
                last = p
        if closed and len(q) > 1 and q[0] == q[-1]:
            q.pop()
        if len(q) >= (3 if closed else 2):
            out.append(_steps_path(q, closed))
    return "".join(out)


def _thin(pts: Sequence[tuple[int, int]], tolerance: float, *, closed: bool) -> list[tuple[int, int]]:
    """The points of a line or ring kept only where they are ``tolerance`` or more from the last
    one kept (an open line keeps its end): every point left out is within ``tolerance`` of the
    outline kept. Coarse, and in one pass (the seas it is for are hidden)."""
    if len(pts) < 3:
        return list(pts)
    limit = tolerance * tolerance
    kept = [pts[0]]
    lx, ly = pts[0]
    for x, y in pts[1:] if closed else pts[1:-1]:
        if (x - lx) * (x - lx) + (y - ly) * (y - ly) >= limit:
            kept.append((x, y))
            lx, ly = x, y
    if not closed:
        kept.append(pts[-1])
    return kept


def _classes(el: ET.Element) -> list[str]:
    return (el.get("class") or "").split()


def _compact_base(root: ET.Element, view: tuple[float, ...]) -> dict[str, str]:
    """Make the base map's tree what each map carries (see above); return the exact outline of
    each province drawn coarsely, by id."""
    groups = {g.get("id"): g for g in root if g.tag == "g"}
    anchors = groups.get("anchors")
    if anchors is not None:
        root.remove(anchors)
    provinces = groups.get("provinces")
    coarse_seas = provinces is not None and "borders" in groups
    precise: dict[str, str] = {}
    if provinces is not None and coarse_seas:
        seas = [el for el in provinces if "sea" in _classes(el)]
        for el in seas:
            d = el.get("d") or ""
            subs = _polylines(d)
            if subs is None:
                continue
            precise[el.get("id") or ""] = d
            subs = [(_thin(p, _SEA_TOLERANCE, closed=closed), closed) for p, closed in subs]
            el.set("d", _format_polylines(subs, _SEA_GRID))
        for el in seas:
            provinces.remove(el)
        x0, y0, w, h = view
        for k, el in enumerate([ET.Element("rect", {"class": "sea", "x": _n(x0), "y": _n(y0), "width": _n(w),
                                                    "height": _n(h)}), *seas]):
            provinces.insert(k, el)
    return precise


@functools.lru_cache(maxsize=16)
def _read_base_map(path: str, mtime_ns: int) -> BaseMap:
    return parse_base_map(Path(path).read_text(encoding="utf-8"))


def base_map_path(variant: Variant) -> Path:
    """Where the variant's drawn map lives: ``variants/<name>/map.svg``."""
    from .variants import variants_dir

    return variants_dir() / variant.name / "map.svg"


def load_base_map(variant: Variant) -> BaseMap:
    """The variant's base map, read once per file version (cached by path and modification time)."""
    path = base_map_path(variant)
    try:
        mtime = path.stat().st_mtime_ns
    except OSError:
        raise RenderError(f"the variant {variant.name!r} has no drawn map", str(path)) from None
    return _read_base_map(str(path), mtime)


# -- geometry (numbers, colours and path data: judge.mapkit) ------------------------------------

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


# -- drawing ------------------------------------------------------------------------------------


@dataclass
class _Drawn:
    """One order to draw: its number, resolution and what it looks like."""

    n: int
    res: Resolution
    order: UnitOrder
    colour: str
    failed: bool
    grey: bool


class Renderer:
    """One map being drawn: the variant, the position, the base map, the style (``st``), the unit
    size (``s``) and the SVG tree (``root``), as a variant's layer (:class:`judge.mapkit.Layer`)
    is handed them, with what it may ask (``colour``, ``anchor``, ``unit_symbol``, ``by_id``)."""

    def __init__(self, variant: Variant, position: Position, base: BaseMap, style: Mapping[str, Any]) -> None:
        self.variant = variant
        self.position = position
        self.base = base
        self.st = style
        from .variants import describe

        description = describe(variant.name)
        layer: type[Layer] = (description.layer() if description is not None else None) or Layer
        s = style["unit_size"] or base.unit_size * float(style["unit_scale"]) * layer.UNIT_SCALE
        self.s = float(s)
        self.root = copy.deepcopy(base.root)
        self.by_id = {el.get("id"): el for el in self.root.iter() if el.get("id")}
        self.paths: dict[int, list[Point]] = {}
        """The drawn path of each move and retreat, by order number."""
        self.moves_from: dict[ProvinceId, tuple[ProvinceId, list[Point]]] = {}
        """The path of the (followed) move of the unit in a province: (destination, points)."""
        self.styles: dict[str, str] = {}
        """Declarations -> the class that carries them (:meth:`style_class`)."""
        self.layer: Layer = layer(self)
        """What the variant adds to the drawing (see "Variant layers" below)."""

    def style_class(self, css: str) -> str:
        """The class that gives an element these declarations: elements drawn alike (the parts of
        the units, the centre markers) share one rule of the map's style sheet instead of each
        carrying the declarations, which cairosvg would read once for each element."""
        name = self.styles.get(css)
        if name is None:
            name = self.styles[css] = f"s{len(self.styles)}"
        return name

    def style_sheet(self) -> None:
        """The rules of :meth:`style_class`, after the base map's own style sheet (a class rule
        wins over its element rules such as ``path{stroke:none}``)."""
        if not self.styles:
            return
        sheet = ET.Element("style")
        sheet.text = "".join(f".{name}{{{css}}}" for css, name in self.styles.items())
        styles = [i for i, child in enumerate(self.root) if child.tag == "style"]
        self.root.insert(styles[-1] + 1 if styles else 0, sheet)

    # geometry of the board

    def anchor(self, loc: Location) -> Point:
        if loc.coast:
            p = self.base.anchors.get(f"u-{loc.province}-{loc.coast}")
            if p is not None:
                return p
        p = self.base.anchors.get(f"u-{loc.province}")
        if p is None:
            raise RenderError(f"the base map has no anchor u-{loc.province}")
        return p

    def unit_point(self, unit: Unit) -> Point:
        x, y = self.anchor(unit.location)
        if unit.kind is UnitType.GARRISON and self.position.unit_in(unit.province) is not None:
            return x - 1.15 * self.s, y + 0.45 * self.s
        return x, y

    def dislodged_point(self, unit: Unit) -> Point:
        x, y = self.anchor(unit.location)
        return x + 0.75 * self.s, y - 0.75 * self.s

    def colour(self, power: str) -> str:
        info = self.variant.powers.get(Power(power))
        return info.colour if info else "#888888"

    # pieces

    def unit_symbol(self, parent: ET.Element, kind: UnitType, at: Point, fill: str, *, uid: str,
                    cls: str, stroke: str | None = None, stroke_scale: float = 1.0,
                    halos: dict[str, list[str]] | None = None) -> ET.Element:
        """A unit's symbol: its halo, then its body. With ``halos``, the halo is not drawn but
        added there (by its style), for the caller to draw with others in one path."""
        s = self.s * (0.78 if kind is UnitType.GARRISON else 1.0)
        g = _sub_el(parent, "g", {"id": uid, "class": cls})
        stroke = stroke or self.st["outline"]
        width = s * 0.085 * stroke_scale
        halo = _css(fill=self.st["halo"], stroke=self.st["halo"], stroke_width=width * 3.2, stroke_linejoin="round")
        body = _css(fill=fill, fill_rule="nonzero", stroke=stroke, stroke_width=width, stroke_linejoin="round")
        shape = _symbol_steps(kind, round(s * 10))
        ax, ay = round(at[0] * 10), round(at[1] * 10)

        def d(polygons: list[tuple[int, int, str]]) -> str:
            return "".join(f"M{_decimal(ax + x)} {_decimal(ay + y)}l{steps}z" for x, y, steps in polygons)

        # The halo: every part in one path, outlined thick in white (where parts overlap the
        # even-odd fill leaves a hole, which the body covers).
        if halos is not None:
            halos.setdefault(halo, []).append(d(shape[0]))
        else:
            _sub_el(g, "path", {"d": d(shape[0]), "class": self.style_class(halo)})
        for layer in shape[1:]:
            _sub_el(g, "path", {"d": d(layer), "class": self.style_class(body)})
        return g

    def centres(self) -> None:
        board = self.variant.board
        tint = float(self.st["territory_tint"])
        owners = self.position.supply_centers
        fills = {pid: _mix(self.colour(owner), "#ffffff", tint) for pid, owner in owners.items()}
        for pid, fill in self.layer.fills(self, fills).items():
            el = self.by_id.get(f"p-{pid}")
            if el is not None:
                if f"p-{pid}" in self.base.precise:  # a coarse sea coloured: drawn exactly
                    el.set("d", self.base.precise[f"p-{pid}"])
                old = el.get("style")
                el.set("style", (old.rstrip(";") + ";" if old else "") + f"fill:{fill}")
        layer = _sub_el(self.root, "g", {"id": "supply-centres"})
        dots: list[str] = []
        for pid in board.supply_centers():
            at = self.base.anchors.get(f"c-{pid}")
            if at is None:
                continue
            owner = owners.get(pid)
            fill = self.layer.centre_fill(self, pid, self.colour(owner) if owner else self.st["neutral_centre"])
            # The marker (its fill, the owner's, written on it), and for an owned centre a dot.
            r = self.s * 0.34
            rim = self.style_class(_css(stroke=self.st["outline"], stroke_width=r * 0.28))
            _sub_el(layer, "circle", {"id": f"sc-{pid}", "class": f"centre{' owned' if owner else ''} {rim}",
                                      "cx": _n(at[0]), "cy": _n(at[1]), "r": _n(r), "style": _css(fill=fill)})
            if owner:
                dots.append(_path([(at[0] + x * r * 0.38, at[1] + y * r * 0.38) for x, y in _UNIT_CIRCLE]))
        if dots:  # the owned centres' dots, all alike, in one path
            _sub_el(layer, "path", {"class": "centre-dots " + self.style_class(_css(fill=self.st["outline"], stroke="none")),
                                    "d": "".join(dots)})

    def units(self, dislodged_now: set[ProvinceId]) -> None:
        """Every unit's symbol. The halos of the units that touch no other unit are drawn first,
        together (one path for each halo style: cairosvg's time goes per element), then the
        symbols; a unit beside another (a garrison beside an army) keeps its halo just under its
        body, over its neighbour."""
        layer = _sub_el(self.root, "g", {"id": "units"})
        boxes = []
        for u in self.position.units:
            (x, y), k = self.unit_point(u), self.s * (0.78 if u.kind is UnitType.GARRISON else 1.0) * 1.2
            boxes.append((x - k, y - k, x + k, y + k))
        halos: dict[str, list[str]] = {}
        for i, u in enumerate(self.position.units):
            a = boxes[i]
            alone = not any(j != i and a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3] for j, b in enumerate(boxes))
            suffix = "-G" if u.kind is UnitType.GARRISON else ""
            uid = f"unit-{_ident(u.power)}-{u.province}{suffix}"
            cls = f"unit {u.kind.noun}"
            stroke, scale = None, 1.0
            if u.kind is not UnitType.GARRISON and u.province in dislodged_now:
                cls += " dislodged-now"
                stroke, scale = self.st["failed"], 1.9
            self.unit_symbol(layer, u.kind, self.unit_point(u), self.colour(u.power), uid=uid, cls=cls,
                             stroke=stroke, stroke_scale=scale, halos=halos if alone else None)
        for k, (css, ds) in enumerate(halos.items()):
            layer.insert(k, ET.Element("path", {"class": f"unit-halos {self.style_class(css)}", "d": "".join(ds)}))

    def clear_labels(self) -> None:
        """Move each province label that a unit symbol would cover to just below the symbol.

        A label is the base map's ``l-<ID>`` text; its box is estimated from its font size (the
        map's ``text{font-size:..}`` rule) and its length. Only labels under a unit move."""
        m = re.search(r"text\s*\{[^}]*font-size:\s*([0-9.]+)px", "".join(el.text or "" for el in self.root.iter("style")))
        fs = float(m.group(1)) if m else 11.0
        boxes: list[tuple[float, float, float, float]] = []
        for u in self.position.units:
            x, y = self.unit_point(u)
            k = self.s * (0.78 if u.kind is UnitType.GARRISON else 1.0) * 1.1
            boxes.append((x - k, y - k, x + k, y + k))
        for d in self.position.dislodged:
            x, y = self.dislodged_point(d.unit)
            boxes.append((x - self.s * 1.1, y - self.s * 1.1, x + self.s * 1.1, y + self.s * 1.1))
        for drawn in getattr(self, "drawn", ()):
            if not isinstance(drawn.order, self._DRAWN_KINDS):
                _, x, y, half, font = self._tag(drawn.order)
                boxes.append((x - half, y - font * 0.95, x + half, y + font * 0.35))
        for el in self.root.iter("text"):
            lid = el.get("id") or ""
            ex, ey = el.get("x"), el.get("y")
            if not lid.startswith("l-") or ex is None or ey is None:
                continue
            x, y = float(ex), float(ey)
            half = 0.33 * fs * len((el.text or "").strip())

            def covering(at: float, x: float = x, half: float = half) -> tuple[float, float, float, float] | None:
                top, bottom = at - 0.8 * fs, at + 0.25 * fs
                return next((b for b in boxes if x - half < b[2] and b[0] < x + half and top < b[3] and b[1] < bottom), None)

            hit = covering(y)
            if hit is None:
                continue
            # Just below the unit, else just above it, else below anyway.
            spots = [max(hit[3], y) + 0.85 * fs, hit[1] - 0.3 * fs]
            el.set("y", _n(next((at for at in spots if covering(at) is None), spots[0])))
            el.set("class", ((el.get("class") or "") + " moved").strip())

    def dislodged(self) -> None:
        layer = _sub_el(self.root, "g", {"id": "dislodged"})
        red = self.st["failed"]
        for d in self.position.dislodged:
            u = d.unit
            g = _sub_el(layer, "g", {"id": f"dislodged-{_ident(u.power)}-{u.province}", "class": "dislodged"})
            at = self.dislodged_point(u)
            for opt in self.variant.rules.retreat_options(self.variant, self.position, d):
                p = self.anchor(opt)
                name = f"{opt.province}-{opt.coast}" if opt.coast else opt.province
                og = _sub_el(g, "g", {"id": f"retreat-option-{_ident(u.power)}-{u.province}-{name}", "class": "retreat-option"})
                line = _trim([at, p], self.s * 0.9, self.s * 0.55)
                for width, colour in ((0.16, "#ffffff"), (0.08, red)):
                    _sub_el(og, "path", {"d": _path(line, closed=False), "style": _css(
                        fill="none", stroke=colour, stroke_width=self.s * width, stroke_dasharray=f"{_n(self.s * 0.2)} {_n(self.s * 0.14)}")})
                _sub_el(og, "path", {"d": _ring(p, self.s * 0.5, self.s * 0.36),
                                     "style": _css(fill=red, fill_rule="evenodd", stroke="#ffffff", stroke_width=self.s * 0.04)})
            self.unit_symbol(g, u.kind, at, self.colour(u.power), uid=f"dislodged-unit-{_ident(u.power)}-{u.province}",
                             cls=f"unit {u.kind.noun}", stroke=red, stroke_scale=1.9)

    # orders

    def order_point(self, order: UnitOrder) -> Point:
        """Where the ordered unit is drawn."""
        pos = self.position
        prov = order.location.province
        if pos.phase.kind is PhaseKind.RETREAT:
            for d in pos.dislodged:
                if d.unit.province == prov and d.unit.power == order.power:
                    return self.dislodged_point(d.unit)
        if order.kind is UnitType.GARRISON:
            for u in pos.units:
                if u.province == prov and u.kind is UnitType.GARRISON:
                    return self.unit_point(u)
        here = pos.unit_in(prov)
        return self.anchor(here.location if here is not None else order.location)

    def occupied(self, prov: ProvinceId) -> bool:
        return self.position.unit_in(prov) is not None

    def plan_moves(self, drawn: list[_Drawn]) -> None:
        """Compute every move's and retreat's path first: supports and convoys point at them."""
        s = self.s
        moves = [(d, d.order) for d in drawn if isinstance(d.order, (Move, Retreat))]
        pairs = {(o.province, o.destination.province) for _, o in moves}
        convoys: dict[tuple[ProvinceId, ProvinceId], list[tuple[ProvinceId, str]]] = {}
        for d in drawn:
            if isinstance(d.order, Convoy) and not d.grey:
                convoys.setdefault((d.order.target, d.order.destination), []).append((d.order.province, d.order.power))
        board = self.variant.board
        for d, o in moves:
            src, dest = o.province, o.destination.province
            start, end = self.order_point(o), self.anchor(o.destination)
            pts = [start, end]
            helpers = convoys.get((src, dest), [])
            fleets = sorted({f for f, _ in helpers})
            # As the adjudicator decides: by convoy when asked, when there is no land route, or
            # when one of the army's own fleets convoys it.
            by_convoy = (not d.grey and isinstance(o, Move) and o.kind is UnitType.ARMY and bool(fleets)
                         and (o.via_convoy or dest not in board.army_edges.get(src, ())
                              or any(p == o.power for _, p in helpers)))
            if by_convoy:
                route = self._convoy_route(src, dest, fleets)
                pts = [start, *(self.anchor(Location(f)) for f in route), end]
                pts = _smooth(pts)
            if (dest, src) in pairs:
                pts = _offset(pts, s * 0.34)
            end_gap = s * (1.0 if self.occupied(dest) and isinstance(o, Move) else 0.3)
            pts = _trim(pts, s * 0.6, end_gap)
            self.paths[d.n] = pts
            if not d.grey:
                self.moves_from.setdefault(src, (dest, pts))

    def _convoy_route(self, src: ProvinceId, dest: ProvinceId, fleets: list[ProvinceId]) -> list[ProvinceId]:
        """The convoying fleets in order along a shortest chain from ``src`` to ``dest``; the
        fleets off that chain are left out. Without a chain, all fleets by distance along the way."""
        nb = self.variant.board.neighbours
        allowed = set(fleets) | {dest}
        prev: dict[ProvinceId, ProvinceId] = {}
        frontier, seen = [src], {src}
        while frontier:
            nxt = []
            for p in frontier:
                for q in sorted(nb.get(p, ())):
                    if q in allowed and q not in seen and (p != src or q != dest):
                        seen.add(q)
                        prev[q] = p
                        nxt.append(q)
            frontier = nxt
        if dest in prev:
            chain = []
            p = prev[dest]
            while p != src:
                chain.append(p)
                p = prev[p]
            return chain[::-1]
        a, b = self.anchor(Location(src)), self.anchor(Location(dest))
        d = _unit_vec(a, b)

        def along(f: ProvinceId) -> tuple[float, str]:
            p = self.anchor(Location(f))
            return (p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1], f
        return sorted(fleets, key=along)

    def supported_path(self, target: ProvinceId, dest: ProvinceId, coast: str | None) -> list[Point]:
        path = self.moves_from.get(target)
        if path is not None and path[0] == dest:
            return path[1]
        u = self.position.unit_in(target)
        a = self.anchor(u.location if u is not None else Location(target))
        return [a, self.anchor(Location(dest, coast))]

    def target_point(self, target: ProvinceId) -> Point:
        u = self.position.unit_in(target)
        return self.anchor(u.location if u is not None else Location(target))

    def _dashed(self, g: ET.Element, pts: Sequence[Point], colour: str, dash: str, *, cap: str = "butt", width: float = 0.13) -> None:
        s = self.s
        for w, c in ((width + 0.1, self.st["outline"]), (width, colour)):
            _sub_el(g, "path", {"d": _path(pts, closed=False), "style": _css(
                fill="none", stroke=c, stroke_width=s * w, stroke_dasharray=dash, stroke_linecap=cap, stroke_linejoin="round")})

    def _cross_mark(self, parent: ET.Element, at: Point, r: float, uid: str) -> None:
        """The red cross of an order that failed (over the units, so it is never hidden)."""
        _sub_el(parent, "path", {"id": uid, "class": "failed-mark", "d": _path(_cross(at, r)), "style": _css(
            fill=self.st["failed"], stroke="#ffffff", stroke_width=r * 0.12, stroke_linejoin="round")})

    def draw_order(self, lines: ET.Element, marks: ET.Element, d: _Drawn) -> None:
        s, o, colour = self.s, d.order, d.colour
        outline = self.st["outline"]
        cls = f"order {type(o).__name__.lower()} {d.res.outcome.value}"
        # Lines, arrows and rings go under the units; builds, disbands and tags over them.
        parent = lines if isinstance(o, self._LINE_KINDS) else marks
        g = _sub_el(parent, "g", {"id": f"order-{d.n}", "class": cls, "data-power": d.res.power,
                                  "data-order": d.res.order_text})
        why = f": {d.res.reason}" if d.res.reason else ""
        _sub_el(g, "title", text=f"{d.res.power}: {d.res.order_text} ({d.res.outcome.value}{why})")
        show_failure = d.failed and not d.grey
        mark_id = f"order-{d.n}-mark"
        if isinstance(o, (Move, Retreat)):
            pts = self.paths[d.n]
            poly = _arrow(pts, s * 0.19, s * 0.8, s * 0.5)
            if d.failed:
                css = _css(fill=_mix(colour, "#ffffff", 0.55), stroke=outline if not d.grey else colour,
                           stroke_width=s * 0.09, stroke_dasharray=f"{_n(s * 0.24)} {_n(s * 0.14)}", stroke_linejoin="round")
            else:
                css = _css(fill=colour, stroke=outline, stroke_width=s * 0.07, stroke_linejoin="round")
            _sub_el(g, "path", {"class": "arrow", "d": _path(poly), "style": css})
            if show_failure:
                total = _length(pts)
                at, _ = _point_at(pts, max(total - s * 1.25, total * 0.4))
                self._cross_mark(marks, at, s * 0.36, mark_id)
        elif isinstance(o, SupportMove):
            start = self.order_point(o)
            target = self.supported_path(o.target, o.destination, o.coast)
            mid, _ = _point_at(target, _length(target) / 2)
            line = _trim([start, mid], s * 0.95, s * 0.12)
            if len(line) < 2 or _length(line) < s * 0.3:
                line = [start, mid]
            direction = _unit_vec(line[-2], line[-1])
            head = _head(line[-1], direction, s * 0.45, s * 0.26)
            shaft = [line[0], _add(line[-1], direction, -s * 0.4)]
            self._dashed(g, shaft, colour, f"{_n(s * 0.34)} {_n(s * 0.2)}")
            _sub_el(g, "path", {"class": "arrow-head", "d": _path(head), "style": _css(
                fill=colour, stroke=outline, stroke_width=s * 0.06, stroke_linejoin="round")})
            if show_failure:
                self._cross_mark(marks, _point_at(shaft, _length(shaft) / 2)[0], s * 0.3, mark_id)
        elif isinstance(o, SupportHold):
            start, centre = self.order_point(o), self.target_point(o.target)
            radius = s * 1.12
            line = _trim([start, centre], s * 0.95, radius)
            self._dashed(g, line, colour, f"{_n(s * 0.34)} {_n(s * 0.2)}")
            for w, c in ((0.22, outline), (0.12, colour)):
                _sub_el(g, "circle", {"class": "ring", "cx": _n(centre[0]), "cy": _n(centre[1]), "r": _n(radius),
                                      "style": _css(fill="none", stroke=c, stroke_width=s * w,
                                                    stroke_dasharray=f"{_n(s * 0.3)} {_n(s * 0.16)}")})
            if show_failure:
                self._cross_mark(marks, _point_at(line, _length(line) / 2)[0], s * 0.3, mark_id)
        elif isinstance(o, Convoy):
            start = self.order_point(o)
            path = self.moves_from.get(o.target)
            if path is not None and path[0] == o.destination:
                pts = path[1]
            else:
                pts = [self.target_point(o.target), self.anchor(Location(o.destination))]
            near = _nearest(pts, start)
            dot = f"0.1 {_n(s * 0.3)}"
            # A river convoy's fleet stands on land, among the bold rivers and the owners' tints,
            # where dots in the power's colour are lost: a pale halo under its dots gives them the
            # contrast a sea convoy's have against the sea.
            river = self.variant.board.provinces[o.province].terrain is not Terrain.SEA
            halo = _css(fill="none", stroke="#ffffff", stroke_width=s * 0.5, stroke_opacity="0.85",
                        stroke_linecap="round", stroke_linejoin="round")
            if river:
                g.set("class", cls + " river-convoy")
            if math.hypot(near[0] - start[0], near[1] - start[1]) > s * 1.5:
                line = _trim([start, near], s * 0.95, s * 0.1)
                if river:
                    _sub_el(g, "path", {"class": "halo", "d": _path(line, closed=False), "style": halo})
                self._dashed(g, line, colour, dot, cap="round", width=0.16)
                at = _point_at(line, _length(line) / 2)[0]
            else:
                if river:
                    _sub_el(g, "circle", {"class": "halo", "cx": _n(start[0]), "cy": _n(start[1]), "r": _n(s * 1.12),
                                          "style": halo})
                for w, c in ((0.26, outline), (0.16, colour)):
                    _sub_el(g, "circle", {"class": "ring", "cx": _n(start[0]), "cy": _n(start[1]), "r": _n(s * 1.12),
                                          "style": _css(fill="none", stroke=c, stroke_width=s * w, stroke_dasharray=dot,
                                                        stroke_linecap="round")})
                at = (start[0] + s * 0.8, start[1] + s * 0.8)
            if show_failure:
                self._cross_mark(marks, at, s * 0.3, mark_id)
        elif isinstance(o, Hold):
            at = self.order_point(o)
            _sub_el(g, "path", {"class": "ring", "d": _ring(at, s * 1.2, s * 1.02), "style": _css(
                fill=colour, fill_rule="evenodd", stroke=outline, stroke_width=s * 0.05)})
            if show_failure:
                self._cross_mark(marks, (at[0] + s * 0.85, at[1] + s * 0.85), s * 0.3, mark_id)
        elif isinstance(o, Build):
            at = self.anchor(o.location)
            _sub_el(g, "circle", {"cx": _n(at[0]), "cy": _n(at[1]), "r": _n(s * 1.25), "style": _css(
                fill=self.st["build_halo"], fill_opacity="0.9", stroke=outline, stroke_width=s * 0.07,
                stroke_dasharray=f"{_n(s * 0.25)} {_n(s * 0.15)}")})
            self.unit_symbol(g, o.kind, at, colour, uid=f"build-{_ident(o.power)}-{o.province}", cls=f"unit {o.kind.noun} built")
        elif isinstance(o, Disband):
            _sub_el(g, "path", {"class": "disband-mark", "d": _path(_cross(self.order_point(o), s * 0.9)), "style": _css(
                fill=self.st["failed"], stroke="#ffffff", stroke_width=s * 0.11, stroke_linejoin="round")})
        else:
            # A variant's own order for a unit (besiege, lift siege, convert, maintain...): its
            # verb in a tag under the unit, in the power's colour (struck through when it failed).
            verb, x, y, half, font = self._tag(o)
            _sub_el(g, "rect", {"class": "tag", "x": _n(x - half), "y": _n(y - font * 0.95), "width": _n(2 * half),
                                "height": _n(font * 1.3), "rx": _n(font * 0.4), "style": _css(
                                    fill="#ffffff", fill_opacity="0.9", stroke=colour, stroke_width=s * 0.08,
                                    stroke_dasharray=f"{_n(s * 0.24)} {_n(s * 0.14)}" if d.failed else None)})
            text_css = (f"font-family:{self.st['font_family']};font-weight:bold;text-anchor:middle;"
                        f"font-size:{_n(font)}px;fill:{_mix(colour, '#000000', 0.25)}")
            if d.failed:
                text_css += ";text-decoration:line-through"
            _sub_el(g, "text", {"class": "tag-text", "x": _n(x), "y": _n(y), "style": text_css}, verb)

    _LINE_KINDS = (Move, Retreat, SupportMove, SupportHold, Convoy, Hold)
    """Order kinds drawn as lines, arrows and rings, under the units."""
    _DRAWN_KINDS = (*_LINE_KINDS, Build, Disband)
    """Order kinds with a drawing of their own; any other unit order is drawn as a tag."""

    def _tag(self, o: UnitOrder) -> tuple[str, float, float, float, float]:
        """A variant's own order's tag under its unit: (verb, x, baseline y, half width, font)."""
        s = self.s
        at = self.order_point(o)
        verb = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", type(o).__name__).lower()
        font = s * 0.62
        return verb, at[0], at[1] + s * 1.05 + font, 0.3 * font * len(verb) + s * 0.2, font

    def orders(self, resolutions: Sequence[Resolution]) -> set[ProvinceId]:
        """Choose the orders to draw and plan their paths; return the provinces of units
        dislodged this phase."""
        grey_mode = self.st["illegal"] == "grey"
        drawn: list[_Drawn] = []
        dislodged_now: set[ProvinceId] = set()
        for i, r in enumerate(resolutions, start=1):
            o = r.order
            if Tag.DISLODGED in r.tags and isinstance(o, UnitOrder):
                dislodged_now.add(o.province)
            if not isinstance(o, UnitOrder):
                continue
            if isinstance(o, Hold) and r.reason.startswith("no order"):
                continue
            grey = r.outcome in _NOT_DRAWN_OUTCOMES
            if grey and not grey_mode:
                continue
            if not self._drawable(o):
                continue
            colour = self.st["illegal_colour"] if grey else self.colour(r.power)
            drawn.append(_Drawn(i, r, o, colour, failed=r.outcome is Outcome.FAILURE or grey, grey=grey))
        self.plan_moves(drawn)
        self.drawn = drawn
        self.order_lines = _sub_el(self.root, "g", {"id": "orders"})
        return dislodged_now

    def order_marks(self) -> None:
        """Draw the orders: lines and arrows under the units (their group was made before the
        units'), crosses and builds over them."""
        marks = _sub_el(self.root, "g", {"id": "order-marks"})
        for d in self.drawn:
            self.draw_order(self.order_lines, marks, d)

    def _drawable(self, o: UnitOrder) -> bool:
        """Are all the places an order names on the map? (An order not understood may not be.)"""
        provs = [o.location.province]
        for attr in ("destination", "target"):
            v = getattr(o, attr, None)
            if v is not None:
                provs.append(v.province if isinstance(v, Location) else v)
        return all(f"u-{p}" in self.base.anchors for p in provs)

    # title and legend

    def frame(self, title: str) -> None:
        st = self.st
        x0, y0, w, h = self.base.view
        font = float(st["font_size"] or max(w * 0.0135, 9.0))
        title_font = font * 1.7
        top = title_font * 2.0 if st["title"] else 0.0
        legend_rows: list[list[tuple[Power, str, str, str]]] = []
        bottom = 0.0
        entries = []
        notes = self.layer.notes(self) if st["legend"] else []
        if st["legend"]:
            for p, info in self.variant.powers.items():
                if info.playable:
                    entries.append((p, *self._legend_text(p)))
            minors = [p for p, info in self.variant.powers.items() if not info.playable]
            if minors:
                entries.append((Power("Minor states"), *self._legend_text(*minors)))
            widths = [len(p) * 0.68 + len(t) * 0.56 + 3.2 for p, t, _, _ in entries]
            col = max(widths or [1.0]) * font
            cols = max(1, min(len(entries), int((w - font * 2) // col)))
            legend_rows = [entries[i:i + cols] for i in range(0, len(entries), cols)]
            bottom = font * (1.7 * (len(legend_rows) + len(notes)) + 1.4)
        vy, vh = y0 - top, h + top + bottom
        self.root.set("viewBox", f"{_n(x0)} {_n(vy)} {_n(w)} {_n(vh)}")
        self.root.set("width", _n(w))
        self.root.set("height", _n(vh))
        bg = ET.Element("rect", {"id": "background", "x": _n(x0), "y": _n(vy), "width": _n(w), "height": _n(vh),
                                 "style": _css(fill=st["background"])})
        self.root.insert(self.first_drawing_index(), bg)
        text_css = f"font-family:{st['font_family']};fill:{st['text']};text-anchor:start"
        if st["title"]:
            g = _sub_el(self.root, "g", {"id": "title-bar"})
            base_y = y0 - top + title_font * 1.35
            _sub_el(g, "text", {"id": "title", "x": _n(x0 + font), "y": _n(base_y),
                                "style": f"{text_css};font-size:{_n(title_font)}px;font-weight:bold"}, title)
            _sub_el(g, "text", {"id": "subtitle", "x": _n(x0 + w - font), "y": _n(base_y),
                                "style": f"font-family:{st['font_family']};fill:{st['muted_text']};text-anchor:end;"
                                         f"font-size:{_n(font * 1.1)}px"}, self.variant.title)
        if st["legend"]:
            g = _sub_el(self.root, "g", {"id": "legend"})
            col_w = (w - font * 2) / max(1, len(legend_rows[0]) if legend_rows else 1)
            for r, row in enumerate(legend_rows):
                y = y0 + h + font * (1.2 + 1.7 * r)
                for c, (p, counts, tip, tone) in enumerate(row):
                    x = x0 + font + c * col_w
                    eg = _sub_el(g, "g", {"id": f"legend-{_ident(p)}", "class": "legend-entry"})
                    _sub_el(eg, "title", text=tip)
                    _sub_el(eg, "rect", {"x": _n(x), "y": _n(y), "width": _n(font * 1.2), "height": _n(font * 1.2),
                                         "style": _css(fill=self.colour(p), stroke=st["outline"], stroke_width=font * 0.08)})
                    t = _sub_el(eg, "text", {"x": _n(x + font * 1.7), "y": _n(y + font * 1.0),
                                             "style": f"font-family:{st['font_family']};fill:{st[tone]};"
                                                      f"text-anchor:start;font-size:{_n(font)}px"})
                    name = _sub_el(t, "tspan", {"style": "font-weight:bold"}, str(p))
                    name.tail = "  " + counts
            for i, note in enumerate(notes):
                y = y0 + h + font * (1.2 + 1.7 * (len(legend_rows) + i)) + font * 1.0
                _sub_el(g, "text", {"id": f"legend-note-{i + 1}", "class": "legend-note", "x": _n(x0 + font), "y": _n(y),
                                    "style": f"font-family:{st['font_family']};fill:{st['muted_text']};"
                                             f"text-anchor:start;font-size:{_n(font * 0.9)}px"}, note)

    def _legend_text(self, *powers: Power) -> tuple[str, str, str]:
        """Counts of one power (or of several together: the minor states), the tooltip, the tone."""
        pos = self.position
        centres = sum(len(pos.centers_of(p)) for p in powers)
        units = sum(1 for u in pos.units if u.power in powers and u.kind is not UnitType.GARRISON)
        units += sum(1 for d in pos.dislodged if d.unit.power in powers)
        text = f"{centres} {'centre' if centres == 1 else 'centres'}, {units} {'unit' if units == 1 else 'units'}"
        if pos.phase.kind is PhaseKind.ADJUSTMENT and centres != units and len(powers) == 1:
            delta = centres - units
            text += f" (builds {delta})" if delta > 0 else f" (removes {-delta})"
        tone = "text" if centres or units else "muted_text"
        name = powers[0] if len(powers) == 1 else "Minor states"
        return text, f"{name}: {text}", tone

    def first_drawing_index(self) -> int:
        """Where drawings start in the SVG: after any leading <style>, <title>, <defs> or metadata."""
        for i, child in enumerate(list(self.root)):
            if child.tag not in ("style", "title", "desc", "defs", "metadata"):
                return i
        return len(self.root)


# -- variant layers -----------------------------------------------------------------------------
#
def _style(style: Mapping[str, Any] | None) -> dict[str, Any]:
    st = dict(DEFAULT_STYLE)
    for key, value in (style or {}).items():
        if key not in DEFAULT_STYLE:
            raise ValueError(f"unknown style option {key!r} (known: {', '.join(DEFAULT_STYLE)})")
        st[key] = value
    if st["illegal"] not in ("hide", "grey"):
        raise ValueError("style 'illegal' is 'hide' or 'grey'")
    return st


def render_svg(
    variant: Variant,
    position: Position,
    *,
    resolutions: Sequence[Resolution] | None = None,
    title: str | None = None,
    style: Mapping[str, Any] | None = None,
    base_map: str | BaseMap | None = None,
) -> str:
    """The position drawn on the variant's map, with ``resolutions`` (the phase's orders and what
    became of them) drawn on it, as SVG text.

    ``title`` defaults to the phase (``Spring 1901 Movement``); ``style`` overrides keys of
    :data:`DEFAULT_STYLE`; ``base_map`` replaces the variant's ``map.svg`` (its text or a parsed
    :class:`BaseMap`). Raises RenderError when the map lacks an anchor the drawing needs.
    """
    st = _style(style)
    if base_map is None:
        base = load_base_map(variant)
    elif isinstance(base_map, BaseMap):
        base = base_map
    else:
        base = parse_base_map(base_map)
    r = Renderer(variant, position, base, st)
    text = title if title is not None else str(position.phase)
    doc_title = ET.Element("title", {"id": "document-title"})
    doc_title.text = f"{text} ({variant.title})"
    r.root.insert(0, doc_title)
    r.centres()
    r.layer.under_units(r)
    dislodged_now = r.orders(resolutions or ())
    r.units(dislodged_now)
    r.layer.over_units(r)
    r.dislodged()
    r.clear_labels()
    r.order_marks()
    r.frame(text)
    r.style_sheet()
    return ET.tostring(r.root, encoding="unicode") + "\n"


def map_geometry(variant: Variant, position: Position, *, title: str | None = None) -> dict[str, Any]:
    """Where a page draws on the map of ``position`` as :func:`render_svg` and :func:`to_png` draw
    it (the orders page draws each order as it is chosen, over the open phase's ``map.png``): the
    drawing's ``viewBox`` (``x y width height``) and the anchor of every location (``PAR``,
    ``STP/SC``: ``[x, y]`` in the same units)."""
    svg = render_svg(variant, position, title=title)
    found = re.search(r'viewBox="([^"]+)"', svg)
    anchors = {key[2:].replace("-", "/"): [round(x, 1), round(y, 1)]
               for key, (x, y) in load_base_map(variant).anchors.items() if key.startswith("u-")}
    return {"viewBox": found.group(1) if found else " ".join(_n(v) for v in load_base_map(variant).view),
            "anchors": dict(sorted(anchors.items()))}


# -- PNG ----------------------------------------------------------------------------------------


def to_png(svg: str, *, width: int = 1600, palette: bool = True) -> bytes:
    """The SVG as a PNG ``width`` pixels wide (the height follows the map's proportions).

    With ``palette`` (the default) the image is stored with a palette of 256 colours, chosen for
    it (Pillow's fast octree, no dithering): a map is flat colours, lines and text, and the palette
    image looks the same at a quarter of the bytes (1600 px: about 160 KB instead of 620 KB), which
    is what a league's repository and its published site grow by each phase. The drawing is taken
    from cairo's memory as it is (on white), not written as a PNG and read back.

    cairosvg draws it, with two parts of its work done here (:func:`_fast_drawing`): the paths
    made only of straight lines (the whole base map, and every path the renderer writes) are read
    by a simple reader and kept for the next map of the same process, and plain texts are written
    in one call each instead of one per letter.
    """
    from . import cairo_ffi

    cairo_ffi.use()  # cairo's declarations as read once on this machine (0.3 s a process less)
    import cairosvg  # the only place cairosvg is used
    import cairosvg.parser
    import cairosvg.surface

    if not palette:
        with _fast_drawing():
            return bytes(cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=width))
    from io import BytesIO

    from PIL import Image

    with _fast_drawing():
        tree = cairosvg.parser.Tree(bytestring=svg.encode("utf-8"))
        drawn = cairosvg.surface.PNGSurface(tree, None, 96, output_width=width, background_color="#ffffff")
    surface = drawn.cairo
    surface.flush()
    size = (surface.get_width(), surface.get_height())
    # cairo's ARGB32 is premultiplied, in native byte order: on white every pixel is opaque, so
    # its bytes are blue, green, red and an alpha of 255 (little-endian) or the reverse.
    raw = "BGRX" if sys.byteorder == "little" else "XRGB"
    image = Image.frombuffer("RGB", size, bytes(surface.get_data()), "raw", raw, surface.get_stride(), 1)
    out = BytesIO()
    image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(out, "PNG")
    return out.getvalue()


_LINE_PATHS: dict[tuple[str, float, float, float, float, float, float], Any] = {}
"""(Path data made of straight lines, transformation) -> the cairo path drawn from it, for this
process."""
_LINE_PATHS_MAX = 20000
# The kept paths are cairo's memory, freed by cairo: free them while cairo is still loaded, not
# in the interpreter's teardown, where the library may be gone before the dict (a crash at exit).
atexit.register(_LINE_PATHS.clear)


@contextlib.contextmanager
def _fast_drawing() -> Iterator[None]:
    """While drawing: cairosvg's ``path`` element, when its data is only straight lines, drawn
    from the cairo path kept for the same data and transformation (made once, from mapc's form
    read at C speed, else by :func:`_path_ops`); any other path is cairosvg's own. A plain text
    (:func:`_plain_text`) is written by :func:`_show_text`. Everything else, the styles, fills,
    strokes and their order, stays cairosvg's. cairosvg spent most of a map's time reading path
    points (a Python loop over each number; the base map's thousands of points are the same in
    every map) and laying texts out letter by letter. Not for threads: cairosvg's table of
    element drawers is changed while it lasts."""
    import cairosvg.surface

    tags = cairosvg.surface.TAGS
    general = tags["path"]
    cairo = cairosvg.surface.cairo  # cairocffi, as cairosvg draws with it
    lib, ffi = cairo.cairo, cairo.ffi

    # Buffers of the types cairo's functions are declared with: a type named by a string costs
    # cffi 10 ms to read.
    double = ffi.typeof(lib.cairo_user_to_device).args[1]
    px, py = ffi.new(double), ffi.new(double)

    def transformation(ctx: Any) -> tuple[float, float, float, float, float, float]:
        """Where the user space's origin and unit steps fall on the device: its transformation."""
        out: list[float] = []
        for step, (x, y) in enumerate(((0.0, 0.0), (1.0, 0.0), (0.0, 1.0))):
            px[0], py[0] = x, y
            (lib.cairo_user_to_device_distance if step else lib.cairo_user_to_device)(ctx, px, py)
            out += [px[0], py[0]]
        return out[0], out[1], out[2], out[3], out[4], out[5]

    def path(surface: Any, node: Any) -> None:
        d = node.get("d", "")
        ctx = surface.context._pointer
        # A path is kept for the transformation it was made under: cairo keeps its points in
        # device units, and one made under another scale would round differently.
        key = (d, *transformation(ctx))
        kept = _LINE_PATHS.get(key)
        if kept is None:
            # The same cairo calls as cairosvg's for these commands (relative steps stay
            # relative: cairo adds them in its own fixed point), so the same pixels.
            lib.cairo_new_path(ctx)
            if _MAPC_PATH.fullmatch(d):  # the form mapc writes: no step made into a tuple
                move, line, close = lib.cairo_move_to, lib.cairo_rel_line_to, lib.cairo_close_path
                for x, y, steps, z in _MAPC_SUBPATH.findall(d):
                    move(ctx, float(x), float(y))
                    numbers = map(float, _NUMBER.findall(steps))
                    for a, b in zip(numbers, numbers, strict=False):
                        line(ctx, a, b)
                    if z:
                        close(ctx)
            else:
                ops = _path_ops(d)
                if ops is None:
                    general(surface, node)
                    return
                calls = {"M": lib.cairo_move_to, "m": lib.cairo_rel_move_to, "L": lib.cairo_line_to,
                         "l": lib.cairo_rel_line_to}
                for op, a, b in ops:
                    if op == "Z":
                        lib.cairo_close_path(ctx)
                    else:
                        calls[op](ctx, a, b)
            if len(_LINE_PATHS) >= _LINE_PATHS_MAX:
                _LINE_PATHS.clear()
            _LINE_PATHS[key] = ffi.gc(lib.cairo_copy_path(ctx), lib.cairo_path_destroy)
        else:
            lib.cairo_new_path(ctx)
            lib.cairo_append_path(ctx, kept)

    module = cairosvg.surface
    general_text = getattr(module, "text", None)
    text_tags = [tag for tag, draw in tags.items() if draw is general_text]

    def text(surface: Any, node: Any, draw_as_text: bool = False) -> None:
        if general_text is not None and _runs_text(node):  # its runs are its children
            surface.cursor_position = _text_point(surface, node)
        elif general_text is None or not _plain_text(node):
            general_text(surface, node, draw_as_text)  # type: ignore[misc]
        elif draw_as_text:
            _show_text(surface, node)
        elif node.get("stroke") not in (None, "none"):  # the first call: the outline to stroke
            _show_text(surface, node, outline=True)

    tags["path"] = path
    for tag in text_tags:
        tags[tag] = text
    if text_tags:
        module.text = text  # cairosvg's draw() knows a text element by this function
    try:
        yield
    finally:
        tags["path"] = general
        for tag in text_tags:
            tags[tag] = general_text
        if text_tags:
            module.text = general_text


_TEXT_ATTRIBUTES_NOT_PLAIN = ("dx", "dy", "rotate", "letter-spacing", "display-anchor", "dominant-baseline",
                              "alignment-baseline", "textLength", "lengthAdjust")


def _simple_text(node: Any) -> bool:
    """A text at one point (or where the text before it ends)."""
    if node.get_href():
        return False
    if node.get("text-anchor") not in (None, "start", "middle", "end"):
        return False
    if any(key in node for key in _TEXT_ATTRIBUTES_NOT_PLAIN):
        return False
    return len(str(node.get("x", "0")).split()) == 1 and len(str(node.get("y", "0")).split()) == 1


def _runs_text(node: Any) -> bool:
    """A ``<text>`` whose characters are all in its children (a legend entry: the power's name
    in a bold ``tspan``, then its counts): it only sets where they start."""
    return node.tag == "text" and bool(node.children) and not (node.text or "").strip() and _simple_text(node)


def _text_point(surface: Any, node: Any) -> tuple[float, float]:
    """Where a text starts: its ``x`` and ``y``, or where the text before it ended."""
    import cairosvg.helpers

    x = cairosvg.helpers.size(surface, node["x"], "x") if "x" in node else surface.cursor_position[0]
    y = cairosvg.helpers.size(surface, node["y"], "y") if "y" in node else surface.cursor_position[1]
    return x, y


def _plain_text(node: Any) -> bool:
    """A ``<text>`` or ``<tspan>`` of one run of characters at one point (or where the text
    before it ends): every text the map writes, which :func:`_show_text` draws.
    (cairosvg makes the text after a ``tspan``, such as a legend entry's counts after the power's
    bold name, a ``tspan`` of its own.)"""
    return node.tag in ("text", "tspan") and not node.children and bool(node.text) and _simple_text(node)


def _show_text(surface: Any, node: Any, *, outline: bool = False) -> None:
    """A plain text drawn as cairosvg draws it (the same font, size, anchor and baseline, from
    its point or where the text before it ended), in one call instead of one per letter, each
    with its own state saved and restored; with ``outline``, its glyphs' outline added to the
    path instead, for cairosvg to stroke (Machiavelli's city values have a white halo). cairo is
    called directly, with buffers of the types cairo's functions are declared with (a type named
    by a string costs cffi 10 ms to read)."""
    import cairosvg.surface

    cairo = cairosvg.surface.cairo
    lib, ffi = cairo.cairo, cairo.ffi
    ctx = surface.context._pointer
    family = (node.get("font-family") or "sans-serif").split(",")[0].strip("\"' ")
    slant = getattr(cairo, f"font_slant_{node.get('font-style')}".upper(), cairo.FONT_SLANT_NORMAL)
    weight = node.get("font-weight")
    if weight and weight.isdigit() and int(weight) >= 550:
        weight = "bold"
    lib.cairo_select_font_face(ctx, family.encode("utf-8"), slant,
                               getattr(cairo, f"font_weight_{weight}".upper(), cairo.FONT_WEIGHT_NORMAL))
    lib.cairo_set_font_size(ctx, surface.font_size)
    text = node.text.encode("utf-8")
    extents = ffi.new(ffi.typeof(lib.cairo_text_extents).args[2])
    lib.cairo_text_extents(ctx, text, extents)
    anchor = node.get("text-anchor")
    width, x_bearing = extents.width, extents.x_bearing
    align = -(width / 2 + x_bearing) if anchor == "middle" else -(width + x_bearing) if anchor == "end" else 0.0
    x, y = _text_point(surface, node)
    lib.cairo_move_to(ctx, x + align, y)
    (lib.cairo_text_path if outline else lib.cairo_show_text)(ctx, text)
    surface.cursor_position = (x + extents.x_advance, y)


# -- the command line ---------------------------------------------------------------------------


def render_cli(position_file: str, orders_file: str | None = None, *, output: str, title: str | None = None,
               width: int = 1600, err: Any = None) -> int:
    """``judge render``: draw the position (with the orders of its phase and their results, when
    an orders file is given) to ``output``, SVG or PNG by its suffix. Returns the exit code: 0, or
    1 when some order lines could not be read (they are reported on standard error)."""
    from .adjudication import run_phase
    from .cli import read_text
    from .notation import parse_position

    suffix = Path(output).suffix.lower()
    if suffix not in (".svg", ".png"):
        raise click.BadParameter(f"{output!r}: the output file ends in .svg or .png", param_hint="'-o'")
    variant, position = parse_position(read_text(position_file), position_file)
    resolutions = None
    code = 0
    if orders_file is not None:
        report = run_phase(variant, position, read_text(orders_file), orders_file)
        for msg in report.problems:
            click.echo(msg, err=True)
        resolutions = report.resolutions()
        code = 1 if report.unreadable else 0
    svg = render_svg(variant, position, resolutions=resolutions, title=title)
    try:
        if suffix == ".png":
            Path(output).write_bytes(to_png(svg, width=width))
        else:
            Path(output).write_text(svg, encoding="utf-8")
    except OSError as exc:
        raise JudgeError(f"cannot write the map: {exc.strerror or exc}", output) from None
    return code


@click.command("render")
@click.argument("position_file", metavar="POSITION.yaml")
@click.argument("orders_file", metavar="[ORDERS.txt]", required=False)
@click.option("-o", "--output", required=True, metavar="MAP.svg|MAP.png", help="The file to write; its suffix chooses the format.")
@click.option("--title", default=None, help="The map's title (default: the phase).")
@click.option("--width", default=1600, show_default=True, type=click.IntRange(16, 20000), help="PNG width in pixels.")
def render_cmd(position_file: str, orders_file: str | None, output: str, title: str | None, width: int) -> None:
    """Draw a position as SVG or PNG; with ORDERS.txt, its phase's orders and their results on it."""
    code = render_cli(position_file, orders_file, output=output, title=title, width=width)
    if code:
        sys.exit(code)
