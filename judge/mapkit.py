"""The drawing kit of the maps: what :mod:`judge.render` and a variant's layer draw with.

A variant adds to its map through a :class:`Layer` (``judge/variants/<name>/layer.py``, named by
its ``DESCRIPTION``): it may change the provinces' fills and the centre markers' colours, draw under
and over the units and add notes to the legend, reading the variant's own state from the position.
It is handed the map being drawn as a :class:`Canvas` (its ``variant``, ``position``, ``base``
map, style ``st``, unit size ``s``, SVG ``root``, ``colour(power)``, ``anchor(...)``; the
renderer, :class:`judge.render.Renderer`, is one) and draws with the functions here: numbers and
path data as the base map writes them (:func:`n`, :func:`path`), inline styles (:func:`css`),
colours (:func:`mix`), elements (:func:`sub_el`), groups placed under the base map's borders
(:func:`after_provinces`), hatch patterns (:func:`hatch`) and lettered badges (:func:`badge`).
Every element a layer adds has a stable id. A group drawn the same in every map of the variant,
whatever the position (Machiavelli's city values), says so (:func:`same_in_every_map`): the PNG
keeps its pixels from one map to the next instead of drawing it each time.

Nothing here imports the renderer: the kit is below it, and a layer needs only the kit.
"""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET
from typing import Any, Mapping, Protocol, Sequence

from .core.types import Location, Position, ProvinceId, UnitType
from .core.variant import Variant

__all__ = ["Point", "Canvas", "BaseMapView", "Layer", "n", "css", "mix", "path", "steps_path", "decimal", "join_numbers", "ident", "sub_el",
           "SAME_IN_EVERY_MAP", "same_in_every_map", "after_provinces", "defs", "hatch", "badge"]

# -- numbers, colours, shapes -------------------------------------------------------------------

Point = tuple[float, float]


def n(v: float) -> str:
    """A coordinate, rounded to 0.1, without a trailing ``.0``."""
    tenths = int(round(v * 10))
    sign = "-" if tenths < 0 else ""
    whole, part = divmod(abs(tenths), 10)
    return f"{sign}{whole}.{part}" if part else f"{sign}{whole}"


def css(**props: Any) -> str:
    """An inline style (it wins over the base map's own CSS): ``fill_rule`` -> ``fill-rule``."""
    out = []
    for key, value in props.items():
        if value is None:
            continue
        if isinstance(value, float):
            value = n(value)
        out.append(f"{key.replace('_', '-')}:{value}")
    return ";".join(out)


def mix(colour: str, other: str, t: float) -> str:
    """``colour`` moved a fraction ``t`` towards ``other`` (both ``#rrggbb`` or ``#rgb``)."""
    a, b = _rgb(colour), _rgb(other)
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b, strict=True))


def _rgb(colour: str) -> tuple[int, int, int]:
    c = colour.strip().lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    try:
        return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)
    except ValueError:
        return 0x88, 0x88, 0x88


def path(points: Sequence[Point], closed: bool = True) -> str:
    """Path data through the points, as mapc writes the base map's: the first point, then steps
    between the points rounded to 0.1 (so the steps add up exactly)."""
    return steps_path([(round(x * 10), round(y * 10)) for x, y in points], closed)


@functools.lru_cache(maxsize=8192)
def decimal(tenths: int) -> str:
    """A number of tenths as :func:`n` writes it (``-0.5``, ``12``, ``3.4``)."""
    sign = "-" if tenths < 0 else ""
    whole, part = divmod(abs(tenths), 10)
    return f"{sign}{whole}.{part}" if part else f"{sign}{whole}"


def join_numbers(numbers: Sequence[str]) -> str:
    """Numbers of a path, separated only where SVG needs it (none before a minus sign)."""
    return "".join(t if i == 0 or t[0] == "-" else " " + t for i, t in enumerate(numbers))


def steps_path(tenths: Sequence[tuple[int, int]], closed: bool) -> str:
    """Path data through points given in tenths: the first point, then the steps between them
    (exact: they add up to each point), the form mapc writes the base map in."""
    steps: list[str] = []
    for (ax, ay), (bx, by) in zip(tenths, tenths[1:], strict=False):
        steps += [decimal(bx - ax), decimal(by - ay)]
    return f"M{decimal(tenths[0][0])} {decimal(tenths[0][1])}l{join_numbers(steps)}{'z' if closed else ''}"


def ident(text: str) -> str:
    """A power's name as it may stand in an id."""
    return re.sub(r"[^A-Za-z0-9_.-]", "_", str(text))


def sub_el(parent: ET.Element, tag: str, attrs: Mapping[str, str] | None = None, text: str | None = None) -> ET.Element:
    """A new child element of ``parent``, with its attributes and text."""
    el = ET.SubElement(parent, tag, dict(attrs or {}))
    if text is not None:
        el.text = text
    return el


# -- layers -------------------------------------------------------------------------------------


class BaseMapView(Protocol):
    """A variant's drawn map as a layer reads it: the anchors by id (``c-<province>`` a centre's
    marker, ``u-<province>`` a unit's place), the view box and the exact outline of each province
    drawn coarsely."""

    @property
    def anchors(self) -> Mapping[str, tuple[float, float]]: ...

    @property
    def view(self) -> tuple[float, float, float, float]: ...

    @property
    def precise(self) -> Mapping[str, str]: ...


class Canvas(Protocol):
    """The map being drawn, as a layer is handed it (:class:`judge.render.Renderer` is one)."""

    variant: Variant
    position: Position
    st: Mapping[str, Any]
    """The style (colours, ``font_family``, ...: ``judge.render.DEFAULT_STYLE``)."""
    s: float
    """The unit size in map units: what a layer scales its marks by."""
    root: ET.Element
    """The SVG being drawn (a copy of the base map's)."""

    @property
    def base(self) -> BaseMapView: ...

    @property
    def by_id(self) -> Mapping[str | None, ET.Element]:
        """The SVG's elements by id (``p-<province>`` a province's shape)."""
        ...

    def colour(self, power: str) -> str:
        """A power's colour."""
        ...

    def anchor(self, loc: Location) -> Point:
        """Where a unit at ``loc`` is drawn."""
        ...

    def unit_symbol(self, parent: ET.Element, kind: UnitType, at: Point, fill: str, *, uid: str,
                    cls: str, stroke: str | None = None, stroke_scale: float = 1.0,
                    halos: dict[str, list[str]] | None = None) -> ET.Element:
        """Draw a unit's symbol at ``at`` into ``parent``."""
        ...

    def first_drawing_index(self) -> int:
        """Where drawings start in the SVG (after its style, title and definitions)."""
        ...


class Layer:
    """The standard game's layer: nothing added."""

    UNIT_SCALE = 1.0
    """Multiplies the automatic unit size (a map crowded in places wants smaller units)."""

    def __init__(self, r: Canvas | None = None) -> None:
        pass

    def fills(self, r: Canvas, fills: dict[ProvinceId, str]) -> dict[ProvinceId, str]:
        """Province -> fill colour, given the fills by supply-centre owner."""
        return fills

    def centre_fill(self, r: Canvas, pid: ProvinceId, fill: str) -> str:
        """The colour of a centre marker, given the one by supply-centre owner."""
        return fill

    def under_units(self, r: Canvas) -> None:
        """Draw what goes over the provinces and under the orders and units."""

    def over_units(self, r: Canvas) -> None:
        """Draw what goes over the units."""

    def notes(self, r: Canvas) -> list[str]:
        """Lines of text for the legend, explaining the variant's marks."""
        return []


SAME_IN_EVERY_MAP = "data-same-in-every-map"
"""The attribute (``"true"``) of a top-level group that is drawn the same in every map of its
variant, read by :mod:`judge.render.png`."""


def same_in_every_map(g: ET.Element) -> ET.Element:
    """Mark a group of the map's root as drawn the same in every map of the variant (it reads
    nothing of the position, the orders or the phase): its pixels may be kept from one map to
    the next. Returns the group."""
    g.set(SAME_IN_EVERY_MAP, "true")
    return g


def after_provinces(r: Canvas, gid: str) -> ET.Element:
    """A new group just above the provinces' fills, under the base map's borders and labels."""
    g = ET.Element("g", {"id": gid})
    children = list(r.root)
    index = next((i + 1 for i, c in enumerate(children) if c.get("id") == "provinces"), len(children))
    r.root.insert(index, g)
    return g


def defs(r: Canvas) -> ET.Element:
    """The map's ``defs`` element (patterns, markers), made before the first drawing if none."""
    found = next((c for c in r.root if c.tag == "defs"), None)
    if found is None:
        found = ET.Element("defs")
        r.root.insert(r.first_drawing_index(), found)
    return found


def hatch(r: Canvas, pid: str, colour: str, *, cross: bool = False) -> str:
    """A pattern of diagonal lines (and their mirror with ``cross``): its ``url(#...)``.
    cairosvg draws patterns in user space; no pattern transform is used."""
    patterns = defs(r)
    step = max(r.s * 0.55, 4.0)
    if not any(el.get("id") == pid for el in patterns):
        pat = sub_el(patterns, "pattern", {"id": pid, "patternUnits": "userSpaceOnUse", "x": "0", "y": "0",
                                        "width": n(step), "height": n(step)})
        d = f"M0 {n(step)}L{n(step)} 0M{n(-step / 4)} {n(step / 4)}L{n(step / 4)} {n(-step / 4)}" \
            f"M{n(step * 0.75)} {n(step * 1.25)}L{n(step * 1.25)} {n(step * 0.75)}"
        if cross:
            d += f"M0 0L{n(step)} {n(step)}M{n(-step / 4)} {n(step * 0.75)}L{n(step / 4)} {n(step * 1.25)}" \
                 f"M{n(step * 0.75)} {n(-step / 4)}L{n(step * 1.25)} {n(step / 4)}"
        sub_el(pat, "path", {"d": d, "style": css(fill="none", stroke=colour, stroke_width=max(step * 0.16, 1.0),
                                                    stroke_linecap="square")})
    return f"url(#{pid})"


def badge(parent: ET.Element, at: Point, radius: float, fill: str, letter: str, *, bid: str, cls: str,
          font_family: str, text_colour: str = "#ffffff") -> None:
    """A round badge with a letter (px font size, as cairosvg needs)."""
    g = sub_el(parent, "g", {"id": bid, "class": cls})
    sub_el(g, "circle", {"cx": n(at[0]), "cy": n(at[1]), "r": n(radius),
                         "style": css(fill=fill, stroke="#ffffff", stroke_width=radius * 0.22)})
    sub_el(g, "text", {"x": n(at[0]), "y": n(at[1] + radius * 0.45),
                       "style": f"font-family:{font_family};font-weight:bold;text-anchor:middle;"
                                f"font-size:{n(radius * 1.3)}px;fill:{text_colour}"}, letter)
