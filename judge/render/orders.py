"""The orders on a map: which of a phase's orders are drawn, the paths of the moves (planned first,
since supports and convoys point at them), and each order's drawing.

A move is a filled arrow (light and dashed, with a red cross, when it failed); a support is a
dashed line to the middle of the supported move, or to a ring around the supported unit; a convoy
is a dotted line from the fleet to the convoyed army's path, which curves through the convoying
fleets when the adjudicator sent the army by convoy (its resolution's ``convoyed_by``: the map
never decides that itself); a hold is a ring; a build is the new unit on a halo; a disband or
removal a red cross; a retreat an arrow. A variant's own order for a unit (Machiavelli's besiege,
lift siege, convert, maintain) is its verb in a tag under the unit. Orders that were illegal,
ambiguous or not understood are not drawn (or drawn grey, ``style={'illegal': 'grey'}``); units
that had no order are not given a hold ring.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Callable, Sequence

from ..core.board import Terrain
from ..core.orders import Build, Convoy, Disband, Hold, Move, Retreat, SupportHold, SupportMove, UnitOrder
from ..core.resolution import Outcome, Resolution, Tag
from ..core.types import Location, PhaseKind, ProvinceId, UnitType
from ..mapkit import Point
from ..mapkit import css as _css
from ..mapkit import ident as _ident
from ..mapkit import mix as _mix
from ..mapkit import n as _n
from ..mapkit import path as _path
from ..mapkit import sub_el as _sub_el
from .canvas import Box, Renderer
from .geometry import _add, _arrow, _cross, _head, _length, _nearest, _offset, _point_at, _ring, _smooth, _trim, _unit_vec

__all__ = ["OrderDrawing"]

_NOT_DRAWN_OUTCOMES = (Outcome.ILLEGAL, Outcome.AMBIGUOUS, Outcome.INVALID)

_LINE_KINDS = (Move, Retreat, SupportMove, SupportHold, Convoy, Hold)
"""Order kinds drawn as lines, arrows and rings, under the units."""
_DRAWN_KINDS = (*_LINE_KINDS, Build, Disband)
"""Order kinds with a drawing of their own; any other unit order is drawn as a tag."""


@dataclass
class _Drawn:
    """One order to draw: its number, resolution and what it looks like."""

    n: int
    res: Resolution
    order: UnitOrder
    colour: str
    failed: bool
    grey: bool


class OrderDrawing:
    """The orders of one map: made from the phase's resolutions before the units are drawn (it
    chooses the orders to draw, plans the moves' paths and makes the group of lines and arrows,
    which goes under the units), then :meth:`draw` draws them once the units are on the map."""

    def __init__(self, r: Renderer, resolutions: Sequence[Resolution]) -> None:
        self.r = r
        self.s = r.s
        """The unit size: what every mark is scaled by."""
        self.paths: dict[int, list[Point]] = {}
        """The drawn path of each move and retreat, by order number."""
        self.moves_from: dict[ProvinceId, tuple[ProvinceId, list[Point]]] = {}
        """The path of the (followed) move of the unit in a province: (destination, points)."""
        self.dislodged_now: set[ProvinceId] = set()
        """The provinces of the units dislodged this phase."""
        self.drawn = self._choose(resolutions)
        """The orders drawn, in the order of the resolutions."""
        self.plan_moves()
        self.lines = _sub_el(r.root, "g", {"id": "orders"})
        """The group of the lines, arrows and rings (made now: under the units drawn next)."""

    def _choose(self, resolutions: Sequence[Resolution]) -> list[_Drawn]:
        """The orders to draw (noting the units dislodged on the way)."""
        grey_mode = self.r.st["illegal"] == "grey"
        drawn: list[_Drawn] = []
        for i, res in enumerate(resolutions, start=1):
            o = res.order
            if Tag.DISLODGED in res.tags and isinstance(o, UnitOrder):
                self.dislodged_now.add(o.province)
            if not isinstance(o, UnitOrder):
                continue
            if isinstance(o, Hold) and res.reason.startswith("no order"):
                continue
            grey = res.outcome in _NOT_DRAWN_OUTCOMES
            if grey and not grey_mode:
                continue
            if not self._drawable(o):
                continue
            colour = self.r.st["illegal_colour"] if grey else self.r.colour(res.power)
            drawn.append(_Drawn(i, res, o, colour, failed=res.outcome is Outcome.FAILURE or grey, grey=grey))
        return drawn

    def _drawable(self, o: UnitOrder) -> bool:
        """Are all the places an order names on the map? (An order not understood may not be.)"""
        provs = [o.location.province]
        for attr in ("destination", "target"):
            v = getattr(o, attr, None)
            if v is not None:
                provs.append(v.province if isinstance(v, Location) else v)
        return all(f"u-{p}" in self.r.base.anchors for p in provs)

    # where things are

    def order_point(self, order: UnitOrder) -> Point:
        """Where the ordered unit is drawn."""
        r = self.r
        pos = r.position
        prov = order.location.province
        if pos.phase.kind is PhaseKind.RETREAT:
            for d in pos.dislodged:
                if d.unit.province == prov and d.unit.power == order.power:
                    return r.dislodged_point(d.unit)
        if order.kind is UnitType.GARRISON:
            for u in pos.units:
                if u.province == prov and u.kind is UnitType.GARRISON:
                    return r.unit_point(u)
        here = pos.unit_in(prov)
        return r.anchor(here.location if here is not None else order.location)

    def target_point(self, target: ProvinceId) -> Point:
        """Where the unit in ``target`` (or the province, when empty) is drawn."""
        u = self.r.position.unit_in(target)
        return self.r.anchor(u.location if u is not None else Location(target))

    def move_path(self, target: ProvinceId, dest: ProvinceId, coast: str | None = None) -> list[Point]:
        """The drawn path of the move from ``target`` to ``dest`` (the move a support supports or
        a convoy carries), or a straight line when it is not drawn."""
        path = self.moves_from.get(target)
        if path is not None and path[0] == dest:
            return path[1]
        return [self.target_point(target), self.r.anchor(Location(dest, coast))]

    # the moves' paths

    def plan_moves(self) -> None:
        """Compute every move's and retreat's path first: supports and convoys point at them."""
        moves = [(d, d.order) for d in self.drawn if isinstance(d.order, (Move, Retreat))]
        pairs = {(o.province, o.destination.province) for _, o in moves}
        for d, o in moves:
            src, dest = o.province, o.destination.province
            pts = self._move_points(d, o)
            if (dest, src) in pairs:  # two moves along the same line, opposite ways: side by side
                pts = _offset(pts, self.s * 0.34)
            end_gap = self.s * (1.0 if self.r.position.unit_in(dest) is not None and isinstance(o, Move) else 0.3)
            pts = _trim(pts, self.s * 0.6, end_gap)
            self.paths[d.n] = pts
            if not d.grey:
                self.moves_from.setdefault(src, (dest, pts))

    def _move_points(self, d: _Drawn, o: Move | Retreat) -> list[Point]:
        """The line of a move from its unit to its destination: straight, or curved through the
        convoying fleets when the army went by convoy.

        Whether it went by convoy is not decided here: the adjudicator decided it (DATC 6.G.8:
        an army next to its destination that asked for a convoy no chain of fleets offers goes
        by land, and so does one that a foreign fleet offers to carry unasked) and its
        resolution says so (:attr:`~judge.core.resolution.Resolution.convoyed_by`), so the map
        shows the route the judge used. The renderer only chooses the curve's shape."""
        start, end = self.order_point(o), self.r.anchor(o.destination)
        fleets = d.res.convoyed_by
        if not fleets:
            return [start, end]
        route = self._convoy_route(o.province, o.destination.province, list(fleets))
        return _smooth([start, *(self.r.anchor(Location(f)) for f in route), end])

    def _convoy_route(self, src: ProvinceId, dest: ProvinceId, fleets: list[ProvinceId]) -> list[ProvinceId]:
        """The convoying fleets in order along a shortest chain from ``src`` to ``dest``; the
        fleets off that chain are left out. Without a chain, all fleets by distance along the way."""
        nb = self.r.variant.board.neighbours
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
        a, b = self.r.anchor(Location(src)), self.r.anchor(Location(dest))
        d = _unit_vec(a, b)

        def along(f: ProvinceId) -> tuple[float, str]:
            p = self.r.anchor(Location(f))
            return (p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1], f
        return sorted(fleets, key=along)

    # drawing

    def draw(self) -> None:
        """Draw the orders: lines and arrows under the units (their group was made before the
        units'), crosses, builds and tags over them."""
        marks = _sub_el(self.r.root, "g", {"id": "order-marks"})
        for d in self.drawn:
            self.draw_order(marks, d)

    def draw_order(self, marks: ET.Element, d: _Drawn) -> None:
        """One order's drawing, in a group of its own (with the order and its result as its
        title), by its kind; a failed order's red cross goes into ``marks``, over the units."""
        o = d.order
        cls = f"order {type(o).__name__.lower()} {d.res.outcome.value}"
        # Lines, arrows and rings go under the units; builds, disbands and tags over them.
        parent = self.lines if isinstance(o, _LINE_KINDS) else marks
        g = _sub_el(parent, "g", {"id": f"order-{d.n}", "class": cls, "data-power": d.res.power,
                                  "data-order": d.res.order_text})
        why = f": {d.res.reason}" if d.res.reason else ""
        _sub_el(g, "title", text=f"{d.res.power}: {d.res.order_text} ({d.res.outcome.value}{why})")
        at = self._drawer(o)(g, d)
        if at is not None and d.failed and not d.grey:
            self._cross_mark(marks, at, d, r=0.36 if isinstance(o, (Move, Retreat)) else 0.3)

    def _drawer(self, o: UnitOrder) -> Callable[[ET.Element, _Drawn], Point | None]:
        """The method that draws an order of this kind: it returns where a failure's cross goes
        (None: no cross)."""
        drawers: list[tuple[type | tuple[type, ...], Callable[[ET.Element, _Drawn], Point | None]]] = [
            ((Move, Retreat), self._draw_move), (SupportMove, self._draw_support_move),
            (SupportHold, self._draw_support_hold), (Convoy, self._draw_convoy), (Hold, self._draw_hold),
            (Build, self._draw_build), (Disband, self._draw_disband),
        ]
        return next((draw for kinds, draw in drawers if isinstance(o, kinds)), self._draw_tag)

    def _dashed(self, g: ET.Element, pts: Sequence[Point], colour: str, dash: str, *, cap: str = "butt", width: float = 0.13) -> None:
        """A dashed line in ``colour`` over a slightly wider one in the outline colour."""
        s = self.s
        for w, c in ((width + 0.1, self.r.st["outline"]), (width, colour)):
            _sub_el(g, "path", {"d": _path(pts, closed=False), "style": _css(
                fill="none", stroke=c, stroke_width=s * w, stroke_dasharray=dash, stroke_linecap=cap, stroke_linejoin="round")})

    def _cross_mark(self, parent: ET.Element, at: Point, d: _Drawn, *, r: float) -> None:
        """The red cross of an order that failed (over the units, so it is never hidden)."""
        radius = self.s * r
        _sub_el(parent, "path", {"id": f"order-{d.n}-mark", "class": "failed-mark", "d": _path(_cross(at, radius)), "style": _css(
            fill=self.r.st["failed"], stroke="#ffffff", stroke_width=radius * 0.12, stroke_linejoin="round")})

    def _draw_move(self, g: ET.Element, d: _Drawn) -> Point | None:
        """A move or retreat: an arrow along its planned path."""
        s, outline, colour = self.s, self.r.st["outline"], d.colour
        pts = self.paths[d.n]
        poly = _arrow(pts, s * 0.19, s * 0.8, s * 0.5)
        if d.failed:
            css = _css(fill=_mix(colour, "#ffffff", 0.55), stroke=outline if not d.grey else colour,
                       stroke_width=s * 0.09, stroke_dasharray=f"{_n(s * 0.24)} {_n(s * 0.14)}", stroke_linejoin="round")
        else:
            css = _css(fill=colour, stroke=outline, stroke_width=s * 0.07, stroke_linejoin="round")
        _sub_el(g, "path", {"class": "arrow", "d": _path(poly), "style": css})
        total = _length(pts)
        return _point_at(pts, max(total - s * 1.25, total * 0.4))[0]

    def _draw_support_move(self, g: ET.Element, d: _Drawn) -> Point | None:
        """A support to a move: a dashed arrow to the middle of the supported move's path."""
        s, o = self.s, d.order
        assert isinstance(o, SupportMove)
        start = self.order_point(o)
        target = self.move_path(o.target, o.destination, o.coast)
        mid, _ = _point_at(target, _length(target) / 2)
        line = _trim([start, mid], s * 0.95, s * 0.12)
        if len(line) < 2 or _length(line) < s * 0.3:
            line = [start, mid]
        direction = _unit_vec(line[-2], line[-1])
        head = _head(line[-1], direction, s * 0.45, s * 0.26)
        shaft = [line[0], _add(line[-1], direction, -s * 0.4)]
        self._dashed(g, shaft, d.colour, f"{_n(s * 0.34)} {_n(s * 0.2)}")
        _sub_el(g, "path", {"class": "arrow-head", "d": _path(head), "style": _css(
            fill=d.colour, stroke=self.r.st["outline"], stroke_width=s * 0.06, stroke_linejoin="round")})
        return _point_at(shaft, _length(shaft) / 2)[0]

    def _draw_support_hold(self, g: ET.Element, d: _Drawn) -> Point | None:
        """A support to a unit in place: a dashed line to a dashed ring around it."""
        s, o, outline = self.s, d.order, self.r.st["outline"]
        assert isinstance(o, SupportHold)
        start, centre = self.order_point(o), self.target_point(o.target)
        radius = s * 1.12
        line = _trim([start, centre], s * 0.95, radius)
        self._dashed(g, line, d.colour, f"{_n(s * 0.34)} {_n(s * 0.2)}")
        for w, c in ((0.22, outline), (0.12, d.colour)):
            _sub_el(g, "circle", {"class": "ring", "cx": _n(centre[0]), "cy": _n(centre[1]), "r": _n(radius),
                                  "style": _css(fill="none", stroke=c, stroke_width=s * w,
                                                stroke_dasharray=f"{_n(s * 0.3)} {_n(s * 0.16)}")})
        return _point_at(line, _length(line) / 2)[0]

    def _draw_convoy(self, g: ET.Element, d: _Drawn) -> Point | None:
        """A convoy: a dotted line from the fleet to the convoyed army's path, or a dotted ring
        around the fleet when the path passes through it."""
        s, o, colour = self.s, d.order, d.colour
        assert isinstance(o, Convoy)
        start = self.order_point(o)
        near = _nearest(self.move_path(o.target, o.destination), start)
        dot = f"0.1 {_n(s * 0.3)}"
        # A river convoy's fleet stands on land, among the bold rivers and the owners' tints,
        # where dots in the power's colour are lost: a pale halo under its dots gives them the
        # contrast a sea convoy's have against the sea.
        river = self.r.variant.board.provinces[o.province].terrain is not Terrain.SEA
        halo = _css(fill="none", stroke="#ffffff", stroke_width=s * 0.5, stroke_opacity="0.85",
                    stroke_linecap="round", stroke_linejoin="round")
        if river:
            g.set("class", g.get("class", "") + " river-convoy")
        if math.hypot(near[0] - start[0], near[1] - start[1]) > s * 1.5:
            line = _trim([start, near], s * 0.95, s * 0.1)
            if river:
                _sub_el(g, "path", {"class": "halo", "d": _path(line, closed=False), "style": halo})
            self._dashed(g, line, colour, dot, cap="round", width=0.16)
            return _point_at(line, _length(line) / 2)[0]
        if river:
            _sub_el(g, "circle", {"class": "halo", "cx": _n(start[0]), "cy": _n(start[1]), "r": _n(s * 1.12),
                                  "style": halo})
        for w, c in ((0.26, self.r.st["outline"]), (0.16, colour)):
            _sub_el(g, "circle", {"class": "ring", "cx": _n(start[0]), "cy": _n(start[1]), "r": _n(s * 1.12),
                                  "style": _css(fill="none", stroke=c, stroke_width=s * w, stroke_dasharray=dot,
                                                stroke_linecap="round")})
        return start[0] + s * 0.8, start[1] + s * 0.8

    def _draw_hold(self, g: ET.Element, d: _Drawn) -> Point | None:
        """A hold: a ring around the unit."""
        s = self.s
        at = self.order_point(d.order)
        _sub_el(g, "path", {"class": "ring", "d": _ring(at, s * 1.2, s * 1.02), "style": _css(
            fill=d.colour, fill_rule="evenodd", stroke=self.r.st["outline"], stroke_width=s * 0.05)})
        return at[0] + s * 0.85, at[1] + s * 0.85

    def _draw_build(self, g: ET.Element, d: _Drawn) -> Point | None:
        """A build: the new unit on a dashed halo."""
        s, o, st = self.s, d.order, self.r.st
        at = self.r.anchor(o.location)
        _sub_el(g, "circle", {"cx": _n(at[0]), "cy": _n(at[1]), "r": _n(s * 1.25), "style": _css(
            fill=st["build_halo"], fill_opacity="0.9", stroke=st["outline"], stroke_width=s * 0.07,
            stroke_dasharray=f"{_n(s * 0.25)} {_n(s * 0.15)}")})
        self.r.unit_symbol(g, o.kind, at, d.colour, uid=f"build-{_ident(o.power)}-{o.province}", cls=f"unit {o.kind.noun} built")
        return None

    def _draw_disband(self, g: ET.Element, d: _Drawn) -> Point | None:
        """A disband or removal: a red cross on the unit."""
        _sub_el(g, "path", {"class": "disband-mark", "d": _path(_cross(self.order_point(d.order), self.s * 0.9)), "style": _css(
            fill=self.r.st["failed"], stroke="#ffffff", stroke_width=self.s * 0.11, stroke_linejoin="round")})
        return None

    def _draw_tag(self, g: ET.Element, d: _Drawn) -> Point | None:
        """A variant's own order for a unit (besiege, lift siege, convert, maintain...): its verb
        in a tag under the unit, in the power's colour (struck through when it failed)."""
        s, colour = self.s, d.colour
        verb, x, y, half, font = self._tag(d.order)
        _sub_el(g, "rect", {"class": "tag", "x": _n(x - half), "y": _n(y - font * 0.95), "width": _n(2 * half),
                            "height": _n(font * 1.3), "rx": _n(font * 0.4), "style": _css(
                                fill="#ffffff", fill_opacity="0.9", stroke=colour, stroke_width=s * 0.08,
                                stroke_dasharray=f"{_n(s * 0.24)} {_n(s * 0.14)}" if d.failed else None)})
        text_css = (f"font-family:{self.r.st['font_family']};font-weight:bold;text-anchor:middle;"
                    f"font-size:{_n(font)}px;fill:{_mix(colour, '#000000', 0.25)}")
        if d.failed:
            text_css += ";text-decoration:line-through"
        _sub_el(g, "text", {"class": "tag-text", "x": _n(x), "y": _n(y), "style": text_css}, verb)
        return None

    def _tag(self, o: UnitOrder) -> tuple[str, float, float, float, float]:
        """A variant's own order's tag under its unit: (verb, x, baseline y, half width, font)."""
        s = self.s
        at = self.order_point(o)
        verb = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", type(o).__name__).lower()
        font = s * 0.62
        return verb, at[0], at[1] + s * 1.05 + font, 0.3 * font * len(verb) + s * 0.2, font

    def tag_boxes(self) -> list[Box]:
        """The boxes of the tags drawn under units (a province label moves out of their way)."""
        boxes = []
        for drawn in self.drawn:
            if not isinstance(drawn.order, _DRAWN_KINDS):
                _, x, y, half, font = self._tag(drawn.order)
                boxes.append((x - half, y - font * 0.95, x + half, y + font * 0.35))
        return boxes
