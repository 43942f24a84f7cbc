"""The map being drawn: :class:`Renderer` holds the SVG tree (a copy of the base map's) and draws
the position on it: the supply centres' provinces tinted by owner and their markers, the units at
their anchors, the dislodged units with the places they may retreat to, and the province labels a
unit would cover moved aside. It is the :class:`judge.mapkit.Canvas` a variant's layer is handed.

The orders are drawn by :class:`judge.render.orders.OrderDrawing`, the title and legend by
:func:`judge.render.frame.frame`; :func:`judge.render.svg.render_svg` calls each in turn.
"""

from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET
from typing import Any, Mapping, Sequence

from ..core.errors import RenderError
from ..core.types import Location, Position, Power, ProvinceId, Unit, UnitType
from ..core.variant import Variant
from ..mapkit import Layer, Point
from ..mapkit import css as _css
from ..mapkit import decimal as _decimal
from ..mapkit import ident as _ident
from ..mapkit import mix as _mix
from ..mapkit import n as _n
from ..mapkit import path as _path
from ..mapkit import sub_el as _sub_el
from .basemap import HEADER_TAGS, BaseMap
from .geometry import _UNIT_CIRCLE, _ring, _symbol_steps, _trim

__all__ = ["Renderer", "Box"]

Box = tuple[float, float, float, float]
"""A box on the map: left, top, right, bottom."""


class Renderer:
    """One map being drawn: the variant, the position, the base map, the style (``st``), the unit
    size (``s``) and the SVG tree (``root``), as a variant's layer (:class:`judge.mapkit.Layer`)
    is handed them, with what it may ask (``colour``, ``anchor``, ``unit_symbol``, ``by_id``)."""

    def __init__(self, variant: Variant, position: Position, base: BaseMap, style: Mapping[str, Any]) -> None:
        self.variant = variant
        self.position = position
        self.base = base
        self.st = style
        from ..variants import describe

        description = describe(variant.name)
        layer: type[Layer] = (description.layer() if description is not None else None) or Layer
        s = style["unit_size"] or base.unit_size * float(style["unit_scale"]) * layer.UNIT_SCALE
        self.s = float(s)
        self.root = copy.deepcopy(base.root)
        self.by_id = {el.get("id"): el for el in self.root.iter() if el.get("id")}
        self.styles: dict[str, str] = {}
        """Declarations -> the class that carries them (:meth:`style_class`)."""
        self.layer: Layer = layer(self)
        """What the variant adds to the drawing (:class:`judge.mapkit.Layer`)."""

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
        """Where a unit at ``loc`` is drawn: the base map's ``u-<ID>-<COAST>`` anchor, else its
        ``u-<ID>``. Raises RenderError when the map has neither."""
        if loc.coast:
            p = self.base.anchors.get(f"u-{loc.province}-{loc.coast}")
            if p is not None:
                return p
        p = self.base.anchors.get(f"u-{loc.province}")
        if p is None:
            raise RenderError(f"the base map has no anchor u-{loc.province}")
        return p

    def unit_point(self, unit: Unit) -> Point:
        """Where the unit's symbol is drawn: its anchor, or beside it for a garrison that shares
        its province with another unit."""
        x, y = self.anchor(unit.location)
        if unit.kind is UnitType.GARRISON and self.position.unit_in(unit.province) is not None:
            return x - 1.15 * self.s, y + 0.45 * self.s
        return x, y

    def dislodged_point(self, unit: Unit) -> Point:
        """Where a dislodged unit is drawn: up and to the right of its anchor."""
        x, y = self.anchor(unit.location)
        return x + 0.75 * self.s, y - 0.75 * self.s

    def symbol_size(self, kind: UnitType) -> float:
        """Half the width of a unit's symbol: the unit size, a garrison's tower smaller."""
        return self.s * (0.78 if kind is UnitType.GARRISON else 1.0)

    def unit_box(self, unit: Unit, margin: float) -> Box:
        """The box around a unit's symbol, ``margin`` times its half width each way."""
        (x, y), k = self.unit_point(unit), self.symbol_size(unit.kind) * margin
        return x - k, y - k, x + k, y + k

    def colour(self, power: str) -> str:
        """A power's colour (grey for a name the variant does not know)."""
        info = self.variant.powers.get(Power(power))
        return info.colour if info else "#888888"

    # pieces

    def unit_symbol(self, parent: ET.Element, kind: UnitType, at: Point, fill: str, *, uid: str,
                    cls: str, stroke: str | None = None, stroke_scale: float = 1.0,
                    halos: dict[str, list[str]] | None = None) -> ET.Element:
        """A unit's symbol: its halo, then its body. With ``halos``, the halo is not drawn but
        added there (by its style), for the caller to draw with others in one path."""
        s = self.symbol_size(kind)
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
        """The supply centres: their provinces tinted by owner (or as the layer fills them), then
        a marker on each, with a dot on the owned ones (all the dots in one path)."""
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
        boxes = [self.unit_box(u, 1.2) for u in self.position.units]
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

    def clear_labels(self, tags: Sequence[Box] = ()) -> None:
        """Move each province label that a unit symbol (or one of the ``tags`` boxes: a variant's
        order written under its unit) would cover to just below the symbol.

        A label is the base map's ``l-<ID>`` text; its box is estimated from its font size (the
        map's ``text{font-size:..}`` rule) and its length. Only labels under a unit move."""
        m = re.search(r"text\s*\{[^}]*font-size:\s*([0-9.]+)px", "".join(el.text or "" for el in self.root.iter("style")))
        fs = float(m.group(1)) if m else 11.0
        boxes = [self.unit_box(u, 1.1) for u in self.position.units]
        for d in self.position.dislodged:
            x, y = self.dislodged_point(d.unit)
            boxes.append((x - self.s * 1.1, y - self.s * 1.1, x + self.s * 1.1, y + self.s * 1.1))
        boxes += tags
        for el in self.root.iter("text"):
            lid = el.get("id") or ""
            ex, ey = el.get("x"), el.get("y")
            if not lid.startswith("l-") or ex is None or ey is None:
                continue
            x, y = float(ex), float(ey)
            half = 0.33 * fs * len((el.text or "").strip())

            def covering(at: float, x: float = x, half: float = half) -> Box | None:
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
        """The dislodged units, offset from their anchors and outlined in red, each with the
        places it may retreat to ringed in red and joined to it by a dashed line."""
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


    def first_drawing_index(self) -> int:
        """Where drawings start in the SVG: after any leading <style>, <title>, <defs> or metadata."""
        for i, child in enumerate(list(self.root)):
            if child.tag not in HEADER_TAGS:
                return i
        return len(self.root)

