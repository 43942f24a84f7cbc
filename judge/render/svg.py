"""The SVG of a map: :func:`render_svg`, a pure function of a variant, a position and (optionally)
the resolutions of the phase played from it, the same bytes for the same input; and
:func:`map_geometry`, where a page draws on that map.

Every element the renderer adds has a stable id (``unit-England-LON``, ``order-3``,
``dislodged-Austria-TRI``...); coordinates are rounded to 0.1. Text comes in only through
:mod:`xml.etree`, which escapes it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any, Mapping, Sequence

from ..core.resolution import Resolution
from ..core.types import Position
from ..core.variant import Variant
from .basemap import BaseMap, load_base_map, parse_base_map
from .canvas import Renderer
from .frame import frame
from .orders import OrderDrawing

__all__ = ["DEFAULT_STYLE", "render_svg", "map_geometry"]

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


def _style(style: Mapping[str, Any] | None) -> dict[str, Any]:
    """:data:`DEFAULT_STYLE` with the caller's keys. Raises ValueError for an unknown key or an
    ``illegal`` other than ``hide`` or ``grey``."""
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
    r = _draw(variant, position, resolutions or (), title, _style(style), base_map)
    return ET.tostring(r.root, encoding="unicode") + "\n"


def _draw(variant: Variant, position: Position, resolutions: Sequence[Resolution], title: str | None,
          st: Mapping[str, Any], base_map: str | BaseMap | None) -> Renderer:
    """The map drawn (:func:`render_svg`'s work, before the tree is written out)."""
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
    orders = OrderDrawing(r, resolutions)
    r.units(orders.dislodged_now)
    r.layer.over_units(r)
    r.dislodged()
    r.clear_labels(orders.tag_boxes())
    orders.draw()
    frame(r, text)
    r.style_sheet()
    return r


def map_geometry(variant: Variant, position: Position, *, title: str | None = None) -> dict[str, Any]:
    """Where a page draws on the map of ``position`` as :func:`render_svg` and :func:`to_png` draw
    it (the orders page draws each order as it is chosen, over the open phase's ``map.png``): the
    drawing's ``viewBox`` (``x y width height``) and the anchor of every location (``PAR``,
    ``STP/SC``: ``[x, y]`` in the same units)."""
    r = _draw(variant, position, (), title, DEFAULT_STYLE, None)
    anchors = {key[2:].replace("-", "/"): [round(x, 1), round(y, 1)]
               for key, (x, y) in r.base.anchors.items() if key.startswith("u-")}
    return {"viewBox": r.root.get("viewBox", ""), "anchors": dict(sorted(anchors.items()))}
