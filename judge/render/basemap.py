"""The base map: a variant's ``map.svg`` (drawn by ``tools/mapc``, whose contract is in
``tools/mapc/svgout.py``) read once, checked, and made what each map carries.

:func:`load_base_map` reads the variant's file (cached by path and modification time),
:func:`parse_base_map` any such text (cached by text). Reading checks the contract (an ``<svg>``
root with a usable ``viewBox`` and a ``<g id="anchors">``), keeps the anchors by id and the unit
size that suits their spacing, and leaves out of the tree what no map shows (see "the base map as
each map carries it" below).
"""

from __future__ import annotations

import dataclasses
import functools
import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Sequence

from ..core.errors import RenderError
from ..core.variant import Variant
from ..mapkit import n as _n
from ..mapkit import steps_path as _steps_path
from ..reading import read_file

__all__ = ["BaseMap", "parse_base_map", "load_base_map", "base_map_path"]

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
HEADER_TAGS = ("style", "defs", "title", "desc", "metadata")
"""The children of a map's root that draw nothing (style sheets, definitions, titles): the
drawing starts after them (:meth:`judge.render.canvas.Renderer.first_drawing_index`), and the
PNG's layers are made of the other children (:mod:`judge.render.png`)."""


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


Subpath = tuple[list[tuple[float, float]], bool]
"""A subpath of straight lines: its points, absolute, and whether it is closed."""


def _line_subpaths(d: str) -> list[Subpath] | None:
    """The subpaths of a path made of straight lines (M, L, H, V, Z, absolute or relative), for
    :func:`_compact_base`, which thins the seas' outlines; None for a path with curves or arcs,
    or one that cannot be read."""
    if _MAPC_PATH.fullmatch(d):  # the form mapc writes, read at C speed
        return [_mapc_subpath(*found) for found in _MAPC_SUBPATH.findall(d)]
    tokens = _PATH_TOKEN.findall(d)
    subs: list[Subpath] = []
    pts: list[tuple[float, float]] = []
    x = y = 0.0  # the current point
    cmd = ""
    i = 0
    try:
        while i < len(tokens):
            t = tokens[i]
            if t.isalpha():
                if t not in "MmLlHhVvZz":
                    return None
                cmd, i = t, i + 1
                if cmd in "Zz" and pts:
                    subs.append((pts, True))
                    x, y = pts[0]
                    pts = []
                continue
            if not cmd:
                return None
            last = (x, y)
            if cmd in "HhVv":
                v, i = float(t), i + 1
                x, y = {"H": (v, y), "h": (x + v, y), "V": (x, v), "v": (x, y + v)}[cmd]
            else:
                a, b = float(t), float(tokens[i + 1])
                i += 2
                x, y = (x + a, y + b) if cmd in "ml" else (a, b)
            if cmd in "Mm":
                if pts:
                    subs.append((pts, False))
                pts = [(x, y)]
                cmd = "l" if cmd == "m" else "L"  # further pairs are lines
            else:
                if not pts:  # a line after a close starts from the closed subpath's start
                    pts = [last]
                pts.append((x, y))
    except (ValueError, IndexError):
        return None
    if pts:
        subs.append((pts, False))
    return subs


def _mapc_subpath(x: str, y: str, steps: str, z: str) -> Subpath:
    """A subpath as mapc writes it (``M<x> <y>l<steps>``, then ``z`` when closed)."""
    pts = [(float(x), float(y))]
    numbers = [float(v) for v in _NUMBER.findall(steps)]
    for a, b in zip(numbers[0::2], numbers[1::2], strict=True):
        pts.append((pts[-1][0] + a, pts[-1][1] + b))
    return pts, bool(z)


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
    return parse_base_map(read_file(path))


def base_map_path(variant: Variant) -> Path:
    """Where the variant's drawn map lives: ``variants/<name>/map.svg``."""
    from ..variants import variants_dir

    return variants_dir() / variant.name / "map.svg"


def load_base_map(variant: Variant) -> BaseMap:
    """The variant's base map, read once per file version (cached by path and modification time)."""
    path = base_map_path(variant)
    try:
        mtime = path.stat().st_mtime_ns
    except OSError:
        raise RenderError(f"the variant {variant.name!r} has no drawn map", str(path)) from None
    return _read_base_map(str(path), mtime)

