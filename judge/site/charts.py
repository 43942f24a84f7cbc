"""Line charts as SVG: supply centres (or a treasury) per power over the phases of a game.

A pure function of its inputs, built with :mod:`xml.etree`; the same inputs give the same bytes
(stable ids and order), so the published archive's diffs stay small. Sizes are in px and the
chart has its own light background, so it reads the same in the site's light and dark modes.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Mapping, Sequence

__all__ = ["line_chart", "DEFAULT_CHART_STYLE"]

ChartStyleValue = int | float | str
"""A chart style's value: a size in pixels, a width, a colour or a font."""

DEFAULT_CHART_STYLE: dict[str, ChartStyleValue] = {
    "width": 760,
    "height": 340,
    "margin_left": 44,
    "margin_right": 150,
    "margin_top": 34,
    "margin_bottom": 40,
    "background": "#ffffff",
    "grid": "#e3e3e3",
    "axis": "#555555",
    "text": "#222222",
    "font": "DejaVu Sans, Verdana, sans-serif",
    "font_px": 12,
    "line_width": 2.5,
}


def _fmt(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _ident(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


def _nice_step(top: float) -> float:
    raw = max(top, 1) / 6
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if raw <= m * mag:
            return m * mag
    return 10 * mag  # pragma: no cover


@dataclass(frozen=True)
class _Frame:
    """Where a chart plots: its margins, the plot's size in px, the number of points along x and
    the value at the top of the y axis."""

    left: int
    top_margin: int
    width: float
    height: float
    points: int
    top: float

    def x(self, i: int) -> float:
        """The x of the ``i``-th point (a single point in the middle)."""
        n = self.points
        return self.left + (self.width * i / (n - 1) if n > 1 else self.width / 2)

    def y(self, v: float) -> float:
        """The y of the value ``v``."""
        return self.top_margin + self.height - self.height * v / self.top


def line_chart(title: str, labels: Sequence[str], series: Mapping[str, Sequence[float | None]],
               colours: Mapping[str, str], *, target: float | None = None, target_label: str = "",
               style: Mapping[str, ChartStyleValue] | None = None) -> str:
    """An SVG line chart: one line per series over ``labels`` (the x axis, one per point; an empty
    label draws no tick text). ``None`` values leave a gap. ``target`` draws a dashed line (e.g.
    the centres needed to win)."""
    st = {**DEFAULT_CHART_STYLE, **(style or {})}
    w, h = int(st["width"]), int(st["height"])
    ml, mr, mt, mb = (int(st[k]) for k in ("margin_left", "margin_right", "margin_top", "margin_bottom"))
    fpx = int(st["font_px"])
    values = [v for s in series.values() for v in s if v is not None]
    top = max([*values, target or 0, 1])
    step = _nice_step(top)
    frame = _Frame(ml, mt, w - ml - mr, h - mt - mb, max(len(labels), 1), step * math.ceil(top / step))

    svg = ET.Element("svg", {
        "xmlns": "http://www.w3.org/2000/svg", "width": str(w), "height": str(h),
        "viewBox": f"0 0 {w} {h}", "role": "img", "font-family": str(st["font"]), "font-size": f"{fpx}px",
    })
    ET.SubElement(svg, "title").text = title
    ET.SubElement(svg, "rect", {"x": "0", "y": "0", "width": str(w), "height": str(h), "rx": "6", "fill": str(st["background"])})
    ET.SubElement(svg, "text", {"x": str(ml), "y": str(mt - 14), "fill": str(st["text"]), "font-weight": "bold"}).text = title
    _axes(svg, frame, labels, step, st)
    if target is not None and target <= frame.top:
        _target(svg, frame, target, target_label, st)
    _series(svg, frame, series, colours, st)
    ET.indent(svg, space=" ")
    return ET.tostring(svg, encoding="unicode") + "\n"


def _axes(svg: ET.Element, frame: _Frame, labels: Sequence[str], step: float, st: Mapping[str, ChartStyleValue]) -> None:
    """The grid, the y axis's ticks every ``step``, the x axis's labels (as many as fit without
    overlapping) and the x axis."""
    ml, mt, pw, ph, fpx = frame.left, frame.top_margin, frame.width, frame.height, int(st["font_px"])
    grid = ET.SubElement(svg, "g", {"id": "grid", "stroke": str(st["grid"]), "stroke-width": "1"})
    ticks = ET.SubElement(svg, "g", {"id": "y-ticks", "fill": str(st["axis"]), "text-anchor": "end"})
    v = 0.0
    while v <= frame.top + 1e-9:
        ET.SubElement(grid, "line", {"x1": str(ml), "x2": _fmt(ml + pw), "y1": _fmt(frame.y(v)), "y2": _fmt(frame.y(v))})
        ET.SubElement(ticks, "text", {"x": str(ml - 6), "y": _fmt(frame.y(v) + fpx / 3)}).text = _fmt(v)
        v += step
    xt = ET.SubElement(svg, "g", {"id": "x-ticks", "fill": str(st["axis"]), "text-anchor": "middle"})
    shown = [i for i, lab in enumerate(labels) if lab]
    every = max(1, math.ceil(len(shown) * (fpx * 3.2) / max(pw, 1)))
    for i in shown[::every]:
        ET.SubElement(grid, "line", {"x1": _fmt(frame.x(i)), "x2": _fmt(frame.x(i)), "y1": str(mt), "y2": _fmt(mt + ph)})
        ET.SubElement(xt, "text", {"x": _fmt(frame.x(i)), "y": _fmt(mt + ph + fpx + 6)}).text = labels[i]
    ET.SubElement(svg, "line", {"x1": str(ml), "x2": _fmt(ml + pw), "y1": _fmt(mt + ph), "y2": _fmt(mt + ph), "stroke": str(st["axis"])})


def _target(svg: ET.Element, frame: _Frame, target: float, label: str, st: Mapping[str, ChartStyleValue]) -> None:
    """The dashed line of the target (the centres needed to win), and its label."""
    ml, pw, y = frame.left, frame.width, frame.y(target)
    ET.SubElement(svg, "line", {"id": "target", "x1": str(ml), "x2": _fmt(ml + pw), "y1": _fmt(y), "y2": _fmt(y),
                                "stroke": str(st["axis"]), "stroke-dasharray": "6 4"})
    if label:
        ET.SubElement(svg, "text", {"x": _fmt(ml + pw - 4), "y": _fmt(y - 4), "fill": str(st["axis"]),
                                    "text-anchor": "end"}).text = label


def _series(svg: ET.Element, frame: _Frame, series: Mapping[str, Sequence[float | None]], colours: Mapping[str, str],
            st: Mapping[str, ChartStyleValue]) -> None:
    """A line per series (a dot for a point standing alone between gaps), and the legend: each
    series' colour, name and last value."""
    fpx, right = int(st["font_px"]), frame.left + frame.width
    lines = ET.SubElement(svg, "g", {"id": "series", "fill": "none", "stroke-width": str(st["line_width"]),
                                     "stroke-linejoin": "round", "stroke-linecap": "round"})
    legend = ET.SubElement(svg, "g", {"id": "legend", "fill": str(st["text"])})
    for k, (name, vals) in enumerate(series.items()):
        colour = colours.get(name, "#888888")
        g = ET.SubElement(lines, "g", {"id": f"series-{_ident(name)}", "stroke": colour})
        ET.SubElement(g, "title").text = name
        for run in _runs(frame, vals):
            if len(run) == 1:
                cx, cy = run[0].split(",")
                ET.SubElement(g, "circle", {"cx": cx, "cy": cy, "r": "3", "fill": colour})
            else:
                ET.SubElement(g, "polyline", {"points": " ".join(run)})
        last = next((val for val in reversed(vals) if val is not None), None)
        ly = frame.top_margin + k * (fpx + 8)
        ET.SubElement(legend, "rect", {"x": _fmt(right + 16), "y": str(ly), "width": "14", "height": "10", "fill": colour, "rx": "2"})
        ET.SubElement(legend, "text", {"x": _fmt(right + 36), "y": str(ly + 9)}).text = (
            f"{name} ({_fmt(last)})" if last is not None else name)


def _runs(frame: _Frame, vals: Sequence[float | None]) -> list[list[str]]:
    """The points of a series as runs between its gaps (``None``), each point ``x,y``."""
    runs: list[list[str]] = [[]]
    for i, val in enumerate(vals):
        if val is None:
            runs.append([])
        else:
            runs[-1].append(f"{_fmt(frame.x(i))},{_fmt(frame.y(val))}")
    return [r for r in runs if r]
